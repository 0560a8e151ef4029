// Two answers the app expects as part of a normal visit, answered 200 so the browser does not log
// them as failed requests (Chromium prints every 4xx a page fetches as a console error, and a
// person reading the console takes it for a fault):
//
// - PATCH /app/api/organization: the legal profile form's save. The API's PATCH /v1/organization
//   answers 400 invalid_request when a field is wrong, which the form shows beside each field; here
//   that refusal comes back as `{refused: {code, message, details}}` and a save as
//   `{organization}`.
// - GET /app/api/documents/:id/einvoice?format=: an e-invoice download. A legal profile that lacks
//   a term the rules need is 422 einvoice_incomplete at the API, which the page explains; here it
//   comes back as `{refused: {...}}` (JSON) and the file otherwise, with the API's headers.
// - POST /app/api/bank_accounts: the Bank page's connect form. A wrong IBAN (check digits, a
//   country outside SEPA) is 400 invalid_request at the API, which the form shows in the API's
//   words; here it comes back as `{refused}` and a connected account as `{bank_account}` (201).
// - POST /app/api/bank_statements: the Bank page's statement upload. A file docex cannot read (not
//   XML, a pain.008, a camt.052, DOCTYPE, a statement of an IBAN not connected) is 400
//   invalid_request naming content_base64 at the API, which the page shows in the API's words;
//   here it comes back as `{refused}` and an import as `{bank_statement}` (201).
// - GET /app/api/inbound: the Documents page's inbound address. A deployment without
//   DOCEX_INBOUND_DOMAIN answers 403 capability_unavailable at the API, which for the page is a
//   state (no address to show), not a fault: here it is `{inbound: null}`, else `{inbound}`.
//
// Both go through the same API operation (app.inject, the session as the bearer credential), so
// every rule holds unchanged; any other answer (401, 404, 409, 503...) is relayed as the API gave
// it. This is the backend-for-frontend, not the public API: integrators keep the 400 and the 422.
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from '../lib/errors.ts';
import { clearSessionCookie } from './cookies.ts';
import { checkCsrf } from './csrf.ts';

type Inject = (
  request: FastifyRequest,
  method: string,
  url: string,
  opts?: { token?: string; body?: string; idempotencyKey?: string },
) => Promise<LightMyRequestResponse>;

interface Deps {
  ctx: AppContext;
  prefix: string;
  inject: Inject;
  relay: (reply: FastifyReply, res: LightMyRequestResponse) => FastifyReply;
  requireSession: (request: FastifyRequest) => string;
}

interface Refusal {
  code?: string;
  details?: { errors?: { path?: string }[] };
}

/** The refusal of an answer, when it is one of `codes` at `status`. */
function expectedRefusal(
  res: LightMyRequestResponse,
  status: number,
  codes: readonly string[],
): Refusal | null {
  if (res.statusCode !== status) return null;
  const body = res.json() as { error?: Refusal };
  return body.error?.code && codes.includes(body.error.code) ? body.error : null;
}

/**
 * Whether a 400 is about what the person typed (the body's fields, which the form shows beside
 * them) rather than about the request itself (a missing Idempotency-Key: a fault of the page,
 * which stays a failed request).
 */
function aboutTheFields(refusal: Refusal): boolean {
  const errors = refusal.details?.errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e) => typeof e.path === 'string' && !/^(headers|query|params)\b/.test(e.path))
  );
}

/** Above POST /v1/bank_statements' own body limit (14 MiB), so the API's 413 is what answers. */
const STATEMENT_PROXY_LIMIT = 15 * 1024 * 1024;

/** A document id as the API makes them (`doc_` and base62): anything else never reaches the API's path. */
const DOCUMENT_ID = /^[A-Za-z0-9_]{1,64}$/;

export function registerExpectedRefusals(scope: FastifyInstance, deps: Deps): void {
  const { ctx, prefix, inject, relay, requireSession } = deps;
  const ended = (request: FastifyRequest, reply: FastifyReply, res: LightMyRequestResponse) => {
    if (res.statusCode === 401) clearSessionCookie(ctx.config, request, reply);
  };

  scope.patch(`${prefix}/organization`, async (request, reply) => {
    checkCsrf(ctx, request, true);
    const token = requireSession(request);
    const idem = request.headers['idempotency-key'];
    const res = await inject(request, 'PATCH', '/v1/organization', {
      token,
      body: JSON.stringify(request.body ?? null),
      ...(typeof idem === 'string' ? { idempotencyKey: idem } : {}),
    });
    ended(request, reply, res);
    reply.header('cache-control', 'no-store');
    if (res.statusCode === 200) return reply.send({ organization: res.json() });
    const refused = expectedRefusal(res, 400, ['invalid_request']);
    if (refused && aboutTheFields(refused)) return reply.send({ refused });
    return relay(reply, res);
  });

  scope.post(`${prefix}/bank_accounts`, async (request, reply) => {
    checkCsrf(ctx, request, true);
    const token = requireSession(request);
    const idem = request.headers['idempotency-key'];
    const res = await inject(request, 'POST', '/v1/bank_accounts', {
      token,
      body: JSON.stringify(request.body ?? null),
      ...(typeof idem === 'string' ? { idempotencyKey: idem } : {}),
    });
    ended(request, reply, res);
    reply.header('cache-control', 'no-store');
    if (res.statusCode === 201) return reply.code(201).send({ bank_account: res.json() });
    const refused = expectedRefusal(res, 400, ['invalid_request']);
    if (refused && aboutTheFields(refused)) return reply.send({ refused });
    return relay(reply, res);
  });

  scope.post(
    `${prefix}/bank_statements`,
    // A bank file may be 10 MiB, 14 MiB as base64 in JSON: the API's own limit answers above it.
    { bodyLimit: STATEMENT_PROXY_LIMIT },
    async (request, reply) => {
      checkCsrf(ctx, request, true);
      const token = requireSession(request);
      const idem = request.headers['idempotency-key'];
      const res = await inject(request, 'POST', '/v1/bank_statements', {
        token,
        body: JSON.stringify(request.body ?? null),
        ...(typeof idem === 'string' ? { idempotencyKey: idem } : {}),
      });
      ended(request, reply, res);
      reply.header('cache-control', 'no-store');
      if (res.statusCode === 201) return reply.code(201).send({ bank_statement: res.json() });
      const refused = expectedRefusal(res, 400, ['invalid_request']);
      if (refused && aboutTheFields(refused)) return reply.send({ refused });
      return relay(reply, res);
    },
  );

  scope.get(`${prefix}/inbound`, async (request, reply) => {
    const res = await inject(request, 'GET', '/v1/inbound', { token: requireSession(request) });
    ended(request, reply, res);
    if (res.statusCode === 200)
      return reply.header('cache-control', 'no-store').send({ inbound: res.json() });
    if (expectedRefusal(res, 403, ['capability_unavailable']))
      return reply.header('cache-control', 'no-store').send({ inbound: null });
    return relay(reply, res);
  });

  scope.get(`${prefix}/documents/:id/einvoice`, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!DOCUMENT_ID.test(id)) throw new ApiError('not_found', 'No such document.');
    const query = new URLSearchParams();
    const { format } = request.query as { format?: unknown };
    if (typeof format === 'string') query.set('format', format);
    const res = await inject(request, 'GET', `/v1/documents/${id}/einvoice?${query}`, {
      token: requireSession(request),
    });
    ended(request, reply, res);
    const refused = expectedRefusal(res, 422, ['einvoice_incomplete']);
    if (refused) return reply.header('cache-control', 'no-store').send({ refused });
    return relay(reply, res);
  });
}
