// The request pipeline every route shares, in order:
//   onRequest      version + request-id headers, family switch, credential, CIDR, rate limit,
//                  scope (so refusals for scope carry RateLimit-* and spend the key's budget)
//   (body parse)   JSON only, 1 MiB unless the route says otherwise
//   preValidation  Idempotency-Key claim for writes (needs the parsed body for the fingerprint);
//                  routes that claim it in their own statement get it deferred instead
//   (validation)   the route's schemas
//   handler        one domain call; a write's in one transaction with its Idempotency-Key record
//                  (src/http/write-transaction.ts); a deferred claim not made is settled here
//                  (runDeferred)
//   onSend         a claim still held by a request that did not commit is released
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { failedRequirement } from '../db/require.ts';
import { ApiError, type FieldProblem } from '../lib/errors.ts';
import { API_VERSION } from '../version.ts';
import { authenticate, isOperator } from './authenticate.ts';
import {
  claimIdempotencyKey,
  type DeferredClaim,
  fingerprint,
  type IdempotencyClaim,
  JSON_CONTENT_TYPE,
  KEY_HELD,
  keepLease,
  principalOf,
  readIdempotencyKey,
  releaseIdempotencyKey,
  sendReplay,
  settleDeferredClaim,
  withRecordKey,
} from './idempotency.ts';
import { guardRequestText } from './input-guard.ts';
import type { Principal } from './principal.ts';
import type { Charge, RateDecision } from './rate-limit.ts';
import { type AnyRoute, isWrite, RawJson, SENT, WithStatus } from './route.ts';
import { EmptyBody } from './schemas.ts';
import { mapAjvErrors } from './validation.ts';
import { runWriteTransaction } from './write-transaction.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /** the Idempotency-Key scope of a request admitted by a link (auth: 'link') */
    linkScope?: string;
    idempotencyClaim?: IdempotencyClaim;
    /** stops renewing the claim's lease (keepLease) */
    idempotencyLease?: () => void;
    deferredClaim?: DeferredClaim;
  }
  interface FastifyContextConfig {
    spec?: AnyRoute;
  }
}

function specOf(request: FastifyRequest): AnyRoute | undefined {
  return request.routeOptions.config?.spec;
}

function adminSessionRequired(): ApiError {
  return new ApiError(
    'insufficient_scope',
    'This operation needs an admin session (a signed-in user), not an API key.',
    {
      required: 'admin_session',
    },
  );
}

function missingScope(scope: string): ApiError {
  return new ApiError('insufficient_scope', `This operation needs the ${scope} scope.`, { required: scope });
}

async function authorize(
  ctx: AppContext,
  spec: AnyRoute,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (spec.auth === 'none') return;
  if (spec.auth === 'link') {
    if (!spec.linkAuth) throw new Error(`${spec.operationId} declares auth 'link' without linkAuth`);
    request.linkScope = await spec.linkAuth(ctx, request, reply);
    return;
  }
  if (spec.auth === 'operator') {
    if (!isOperator(ctx, request)) {
      throw new ApiError('unauthorized', 'This operation needs the operator token.');
    }
    return;
  }
  const p = await authenticate(ctx, request);
  request.principal = p;
  // Before the scope checks: every keyed response carries RateLimit-*, and a key hammering an
  // operation it may not call spends its own budget like any other request.
  await rateLimit(ctx, p, reply);
  if (p.kind === 'session') return;
  if (spec.auth === 'session') throw adminSessionRequired();
  if (spec.scopesCheckedByHandler) return;
  for (const s of spec.scopes ?? []) {
    if (!p.scopes.has(s)) {
      throw spec.auth === 'session_or_scopes' && (spec.scopes ?? []).length > 0
        ? new ApiError('insufficient_scope', `This operation needs an admin session or the ${s} scope.`, {
            required: s,
          })
        : missingScope(s);
    }
  }
}

/** An organization's keys and sessions together may make this many times one credential's rate. */
const ORGANIZATION_RATE_MULTIPLE = 10;

/** What a refusal names: which bucket ran dry. */
type BucketKind = 'key' | 'session' | 'user' | 'organization' | 'extra';

export interface ExtraCharge extends Charge {
  /** the refusal's message when this bucket is the one that ran dry */
  refusal: (d: RateDecision) => string;
}

/**
 * The principal's buckets (CONTRACT 8 and 10), all charged or none: the credential's own (a key's,
 * or an admin session's), the user's across all their sessions (a new session, from signing in
 * again or from the app's live/sandbox switch, is not a new budget), and the organization's across
 * all its keys and sessions (ORGANIZATION_RATE_MULTIPLE times one credential's rate, so minting
 * many keys is not many budgets). Every /mcp message draws from them too (src/mcp/http.ts), `cost`
 * tokens for a batch. The service's own actions have none. RateLimit-* describe the bucket closest
 * to empty (the one that refused, when one did).
 */
export async function rateLimit(
  ctx: AppContext,
  p: Principal,
  reply: FastifyReply,
  opts: { cost?: number; extra?: ExtraCharge[] } = {},
): Promise<void> {
  const credential = p.keyId ?? (p.sessionId ? `session:${p.sessionId}` : null);
  if (!credential) return;
  const perKey = ctx.config.rateLimitPerSecond;
  const cost = opts.cost ?? 1;
  const charges: (Charge & { kind: BucketKind; refusal?: (d: RateDecision) => string })[] = [
    { bucket: credential, cost, kind: p.keyId ? 'key' : 'session' },
  ];
  if (p.userId) charges.push({ bucket: `user:${p.userId}`, cost, kind: 'user' });
  const orgRate = perKey * ORGANIZATION_RATE_MULTIPLE;
  charges.push({
    bucket: `org:${p.organization.id}`,
    rate: { perSecond: orgRate, capacity: orgRate * 2 },
    cost,
    kind: 'organization',
  });
  for (const e of opts.extra ?? []) charges.push({ ...e, kind: 'extra' });
  const decisions = await ctx.rateLimiter.takeAll(charges, ctx.clock.now().getTime());
  let shown = 0;
  let refusedBy = -1;
  decisions.forEach((d, i) => {
    if (!d.allowed) {
      const c = charges[i] as Charge;
      const dry = d.remaining < (c.cost ?? 1);
      const worst = refusedBy < 0 ? -1 : (decisions[refusedBy] as RateDecision).retryAfterSeconds;
      if (dry && d.retryAfterSeconds > worst) refusedBy = i;
    }
    if (d.remaining < (decisions[shown] as RateDecision).remaining) shown = i;
  });
  // Refused means some bucket ran dry; the first one stands in should rounding ever hide which.
  if (refusedBy < 0 && !(decisions[0] as RateDecision).allowed) refusedBy = 0;
  if (refusedBy >= 0) shown = refusedBy;
  rateHeaders(reply, decisions[shown] as RateDecision);
  if (refusedBy < 0) return;
  const d = decisions[refusedBy] as RateDecision;
  const charge = charges[refusedBy] as (typeof charges)[number];
  ctx.metrics?.rateLimited(charge.kind === 'extra' ? 'operation' : charge.kind);
  const message =
    charge.refusal?.(d) ??
    (charge.kind === 'organization'
      ? `Too many requests for this organization: its keys and sessions together may make ${orgRate} per second with bursts of ${d.limit}.`
      : charge.kind === 'user'
        ? `Too many requests for this user: their sessions together may make ${perKey} per second with bursts of ${d.limit}.`
        : `Too many requests for this ${charge.kind}: the limit is ${perKey} per second with bursts of ${d.limit}.`);
  throw new ApiError(
    'rate_limited',
    message,
    { retry_after: d.retryAfterSeconds, bucket: charge.kind === 'extra' ? 'operation' : charge.kind },
    { 'retry-after': String(d.retryAfterSeconds) },
  );
}

function rateHeaders(
  reply: FastifyReply,
  d: { limit: number; remaining: number; resetSeconds: number },
): void {
  reply.header('ratelimit-limit', String(d.limit));
  reply.header('ratelimit-remaining', String(d.remaining));
  reply.header('ratelimit-reset', String(d.resetSeconds));
}

const NO_PRINCIPAL = new Proxy({} as Principal, {
  get() {
    throw new Error('this route is not authenticated by an organization credential');
  },
});

export function installPipeline(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('svc-api-version', API_VERSION);
    reply.header('svc-request-id', request.id);
    guardRequestText(request);
    const spec = specOf(request);
    if (!spec) return;
    if (spec.family && ctx.config.familiesDisabled.has(spec.family)) {
      throw new ApiError('not_enabled', `The ${spec.family} family is switched off in this deployment.`, {
        family: spec.family,
      });
    }
    await authorize(ctx, spec, request, reply);
  });

  app.addHook('preValidation', async (request, reply) => {
    const spec = specOf(request);
    if (!spec || !isWrite(spec.method)) return;
    if (request.body === undefined || request.body === null) request.body = {};
    if (spec.idempotent === false) return;
    const key = readIdempotencyKey(request);
    const scope =
      spec.auth === 'operator'
        ? 'operator'
        : (request.linkScope ?? request.principal?.organization.id ?? 'anonymous');
    const path = request.url.split('?')[0] ?? request.url;
    const print = fingerprint(spec.method, path, request.body);
    const principal = spec.auth === 'operator' ? 'operator' : principalOf(request.principal);
    const claim = await withRecordKey(ctx, { scope, key, principal });
    if (spec.claimsIdempotencyKey) {
      request.deferredClaim = { ...claim, print, status: spec.response.status };
      return;
    }
    const res = await claimIdempotencyKey(ctx, claim, print);
    if (res.kind === 'replay') return sendReplay(reply, res);
    request.idempotencyClaim = res.claim;
    request.idempotencyLease = keepLease(ctx, res.claim);
  });

  // A claim still held when the answer leaves belongs to a request whose transaction did not
  // commit (a refusal, a failure): the key is released, so the caller may retry (spec 4.2 rule 5).
  // A committed write has already given its claim up (its record is done, in its transaction).
  app.addHook('onSend', async (request, _reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyLease?.();
    request.idempotencyClaim = undefined;
    try {
      await releaseIdempotencyKey(ctx, claim);
    } catch (err) {
      request.log.error({ err }, 'could not release the Idempotency-Key');
    }
    return payload;
  });

  // A request that dies before onSend (client gone, crash in a hook) must not hold its key.
  app.addHook('onResponse', async (request) => {
    request.idempotencyLease?.();
    const claim = request.idempotencyClaim;
    if (claim) await releaseIdempotencyKey(ctx, claim).catch(() => {});
  });
}

type CallHandler = (idempotency: DeferredClaim | null) => Promise<unknown>;

/** A claimed write's handler, run in one transaction with its record (write-transaction.ts). */
type CallWrite = () => Promise<unknown>;

/**
 * Runs a handler that claims its Idempotency-Key in its own statement. When the request fails
 * without having made the claim (a validation error, a refusal, or its statement finding the key
 * held), the key's live record answers first, exactly as a claim before the handler would have:
 * a replay of the original, idempotency_conflict for another body, conflict while it runs. A key
 * held by an expired or abandoned record is taken over the ordinary way and the handler runs as
 * any write.
 */
async function runDeferred(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  deferred: DeferredClaim,
  call: CallHandler,
  callWrite: CallWrite,
): Promise<unknown> {
  try {
    if (request.validationError) throw request.validationError;
    return await call(deferred);
  } catch (err) {
    const held = await settleDeferredClaim(ctx, deferred);
    if (held) {
      sendReplay(reply, held);
      return SENT;
    }
    if (!failedRequirement(err, KEY_HELD)) throw err;
    const res = await claimIdempotencyKey(ctx, deferred, deferred.print);
    if (res.kind === 'replay') {
      sendReplay(reply, res);
      return SENT;
    }
    request.idempotencyClaim = res.claim;
    request.idempotencyLease = keepLease(ctx, res.claim);
    await callWrite();
    return SENT;
  }
}

/** The body's schema problems in words; any other part's problem answers at once. */
function collectedBodyProblems(request: FastifyRequest): FieldProblem[] {
  const err = request.validationError as
    | (Error & { validation?: Parameters<typeof mapAjvErrors>[0]; validationContext?: string })
    | undefined;
  if (!err) return [];
  if (err.validationContext !== 'body' || !Array.isArray(err.validation)) throw err;
  return mapAjvErrors(err.validation, 'body').problems;
}

export function registerRoute(app: FastifyInstance, ctx: AppContext, spec: AnyRoute): void {
  const schema: Record<string, unknown> = {};
  // Strict bodies: a write that takes no body still refuses one with fields in it.
  if (spec.body) schema.body = spec.body;
  else if (isWrite(spec.method)) schema.body = EmptyBody;
  if (spec.query) schema.querystring = spec.query;
  if (spec.params) schema.params = spec.params;
  const alt = spec.response.alternate;
  if (spec.response.schema)
    schema.response = {
      [spec.response.status]: spec.response.schema,
      ...(alt?.schema ? { [alt.status]: alt.schema } : {}),
    };
  const bodyLimit = typeof spec.bodyLimit === 'function' ? spec.bodyLimit(ctx.config) : spec.bodyLimit;
  app.route({
    method: spec.method,
    url: spec.url,
    schema,
    config: { spec },
    ...(bodyLimit ? { bodyLimit } : {}),
    // After the shared preValidation hook (the Idempotency-Key's claim and fingerprint).
    ...(spec.normalizeBody
      ? { preValidation: async (request: FastifyRequest) => spec.normalizeBody?.(request.body) }
      : {}),
    // A deferred claim is settled before a validation error answers (runDeferred); a route that
    // collects its body's problems adds its own to the schema's.
    ...(spec.claimsIdempotencyKey || spec.collectsBodyProblems ? { attachValidation: true } : {}),
    handler: async (request, reply) => {
      const bodyProblems = spec.collectsBodyProblems ? collectedBodyProblems(request) : [];
      const input = {
        principal: request.principal ?? NO_PRINCIPAL,
        body: request.body,
        query: request.query,
        params: request.params,
        request,
        reply,
        idempotency: null,
        bodyProblems,
      };
      const call: CallHandler = (idempotency) =>
        spec.handler({ ...input, ctx, idempotency, prepared: undefined });
      const callWrite: CallWrite = () => {
        const claim = request.idempotencyClaim;
        if (!claim) throw new Error(`${spec.operationId}: a write without its Idempotency-Key claim`);
        return runWriteTransaction(ctx, spec, reply, input, claim, () => {
          // Committed: the record is done, nothing for onSend to release.
          request.idempotencyLease?.();
          request.idempotencyClaim = undefined;
        });
      };
      const deferred = request.deferredClaim;
      if (!deferred && request.idempotencyClaim) {
        await callWrite();
        return reply;
      }
      const result = deferred
        ? await runDeferred(ctx, request, reply, deferred, call, callWrite)
        : await call(null);
      if (result === SENT) return reply;
      if (result instanceof WithStatus) {
        reply.code(result.status);
        return result.value;
      }
      reply.code(spec.response.status);
      if (result instanceof RawJson) {
        // Already serialised: these are the bytes its Idempotency-Key record replays.
        reply.header('content-type', JSON_CONTENT_TYPE);
        return reply.send(result.text);
      }
      return result;
    },
  });
}
