// GET/POST /r/<token>: the recipient link's page (CONTRACT 11.3), for a person on a phone.
//
// Server-rendered HTML with plain forms, not a page of the React app, because that keeps both the
// CSP and the CSRF defence simplest: the page runs no script at all (the app's CSP unchanged, its
// one inline stylesheet allowed by hash), so a move works in any browser and nothing the document
// says can run; and it needs no cookie session, so the CSRF token is a plain hidden field bound
// to the link and to a cookie of this page alone. The JSON under /v1/recipient/<token> is the same
// domain functions for integrators. The claim, which does need a signed-in user, is the app's
// page /app/claim, reached with the token in the URL's fragment (never sent to a server, so never
// in a log or a Referer).
//
// CSRF: double submit, bound. The page sets a random nonce in an HttpOnly, SameSite=Strict cookie
// (path /r/; `__Host-` in production) and writes HMAC(deployment key, nonce ‖ token) into each
// form; a POST must carry both, and the field must match. Sec-Fetch-Site cross-site and a foreign
// Origin are refused first.
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { type AppContext, hmacKeys } from '../context.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { ApiError } from '../lib/errors.ts';
import { randomBase62 } from '../lib/ids.ts';
import { constantTimeEqual } from '../lib/tokens.ts';
import {
  EINVOICE_FORMATS,
  type EInvoiceFormat,
  exportEInvoice,
} from '../modules/einvoice/export-document.ts';
import { exportBundle } from '../modules/provenance/export-bundle.ts';
import { admitLinkRequest } from '../modules/recipient/admit.ts';
import { type LinkParty, linkParty, type OpenedLink, openLink } from '../modules/recipient/link.ts';
import { transitionThroughLink } from '../modules/recipient/transition.ts';
import {
  markLinkViewed,
  partyPrincipal,
  readLinkHistory,
  readRecipientDocument,
} from '../modules/recipient/view.ts';
import { registerCookies } from './cookies.ts';
import {
  PAGE_STYLE_HASH,
  type RecipientPage,
  renderMessagePage,
  renderRecipientPage,
} from './recipient-html.ts';

const COOKIE = 'docex_recipient_csrf';
const COOKIE_MAX_AGE = 12 * 60 * 60;
/** A form post is a few fields; anything larger is not one of ours. */
const FORM_LIMIT = 16 * 1024;

const MOVES = new Set(['acknowledged', 'approved', 'disputed']);
const DONE: Record<string, string> = {
  approved: 'You approved it. The sender has been told.',
  acknowledged: 'You acknowledged it. The sender has been told.',
  disputed: 'You disputed it. The sender has been told, with your reason.',
};

function cookieSpec(config: Config): { name: string; path: string } {
  return config.env === 'production'
    ? { name: `__Host-${COOKIE}`, path: '/' }
    : { name: COOKIE, path: '/r/' };
}

function formToken(key: Buffer, nonce: string, token: string): string {
  return createHmac('sha256', key)
    .update(`docex-recipient-csrf\u0000${nonce}\u0000${token}`, 'utf8')
    .digest('base64url');
}

/** The page's nonce: the cookie's when it holds one, else a new one set now. */
function nonceFor(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  const spec = cookieSpec(ctx.config);
  const held = request.cookies[spec.name];
  if (held && /^[A-Za-z0-9]{32}$/.test(held)) return held;
  const nonce = randomBase62(32);
  reply.setCookie(spec.name, nonce, {
    path: spec.path,
    maxAge: COOKIE_MAX_AGE,
    sameSite: 'strict',
    httpOnly: true,
    secure:
      ctx.config.env === 'production' ||
      request.protocol === 'https' ||
      ctx.config.baseUrl.startsWith('https:'),
  });
  return nonce;
}

function refuse(message: string): ApiError {
  return new ApiError('forbidden', message, { reason: 'csrf' });
}

function checkForm(ctx: AppContext, request: FastifyRequest, token: string, field: unknown): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw refuse('Cross-site form posts are refused.');
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw refuse(`Form posts from ${origin} are refused.`);
  }
  const nonce = request.cookies[cookieSpec(ctx.config).name];
  if (typeof field !== 'string' || field === '' || !nonce) {
    throw refuse('This form has expired. Reload the page and try again.');
  }
  if (!hmacKeys(ctx).verify.some((key) => constantTimeEqual(field, formToken(key, nonce, token)))) {
    throw refuse('This form has expired. Reload the page and try again.');
  }
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  securityHeaders(reply, [PAGE_STYLE_HASH]);
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(html);
}

/** A refusal before there is a document to show (the link, the rate limit) as a page. */
function refusalPage(reply: FastifyReply, err: ApiError): FastifyReply {
  for (const [k, v] of Object.entries(err.headers ?? {})) reply.header(k, v);
  if (err.code === 'rate_limited') {
    return sendHtml(reply, 429, renderMessagePage('Too many requests', err.message));
  }
  if (err.code === 'not_found') {
    return sendHtml(
      reply,
      404,
      renderMessagePage(
        'Nothing here',
        'This link does not lead to a document. Check that the address is complete, or ask the sender for a new one.',
      ),
    );
  }
  return sendHtml(reply, err.status, renderMessagePage('Not possible', err.message));
}

interface Shown {
  notice?: string | null;
  error?: ApiError | null;
  reason?: string;
}

async function showPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  link: OpenedLink,
  shown: Shown,
): Promise<FastifyReply> {
  const [{ view, party }, history] = await Promise.all([
    readRecipientDocument(ctx, link),
    readLinkHistory(ctx, link),
  ]);
  const einvoice = EXPORTABLE.has(view.document_type) ? await einvoiceState(ctx, party, link) : null;
  const nonce = nonceFor(ctx, request, reply);
  const html = renderRecipientPage({
    token,
    doc: view,
    history,
    csrf: formToken(ctx.secrets.hmacKey, nonce, token),
    notice: shown.notice ?? null,
    error: shown.error?.message ?? null,
    reason: shown.reason ?? '',
    einvoice,
  });
  return sendHtml(reply, shown.error ? shown.error.status : 200, html);
}

const EXPORTABLE = new Set(['invoice', 'credit_note']);

/**
 * Whether the e-invoice can be written, asked of the export itself (the kept UBL, or a new one
 * written and kept, as the email's attachment would be): the page offers a file only when it can
 * be downloaded, and otherwise says what is missing.
 */
async function einvoiceState(
  ctx: AppContext,
  party: LinkParty,
  link: OpenedLink,
): Promise<RecipientPage['einvoice']> {
  try {
    await exportEInvoice(ctx, partyPrincipal(party), link.documentId, 'ubl');
    return { ready: true };
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'einvoice_incomplete') throw err;
    const missing = (err.details?.missing ?? []) as Array<{ party: string; label: string }>;
    return { ready: false, missing };
  }
}

/**
 * GET /r/<token>/files/<file>: a file of the page (the e-invoice in a format, or the proof bundle)
 * as an attachment, the same bytes and headers as the JSON API's routes; a refusal is the page
 * again, saying why, instead of a JSON body a phone's browser would save as a file.
 */
async function sendFile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  link: OpenedLink,
  file: string,
): Promise<FastifyReply> {
  try {
    const party = await linkParty(ctx, link);
    if (file === 'proof') {
      const bundle = await exportBundle(ctx, partyPrincipal(party), link.documentId);
      reply
        .header('content-type', 'application/json')
        .header('content-disposition', `attachment; filename="${link.documentId}.proof.json"`)
        .header('svc-bundle-digest', bundle.digest)
        .header('cache-control', 'private, no-store');
      return bundle.kind === 'bytes'
        ? reply.send(bundle.bytes)
        : reply.header('content-length', String(bundle.length)).send(Readable.from(bundle.body));
    }
    if (!(EINVOICE_FORMATS as readonly string[]).includes(file)) {
      throw new ApiError('not_found', 'There is no such file: UBL, CII, Factur-X or the proof bundle.');
    }
    const out = await exportEInvoice(ctx, partyPrincipal(party), link.documentId, file as EInvoiceFormat);
    return reply
      .header(
        'content-type',
        out.contentType === 'application/xml' ? 'application/xml; charset=utf-8' : out.contentType,
      )
      .header('content-disposition', `attachment; filename="${out.filename}"`)
      .header('svc-einvoice-digest', out.digest)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(out.content);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return showPage(ctx, request, reply, token, link, {
      error: new ApiError(err.code, `That file cannot be downloaded: ${err.message}`, err.details),
    });
  }
}

/** Admits the request and opens its link, or answers the refusal page (null). */
async function open(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<OpenedLink | null> {
  try {
    await admitLinkRequest(ctx, token, request.ip);
    return await openLink(ctx, token);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    refusalPage(reply, err);
    return null;
  }
}

function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) if (!(k in out)) out[k] = v;
  return out;
}

export function registerRecipientPage(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    await registerCookies(scope);
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, parseForm(String(body))),
    );

    scope.get('/r/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      const link = await open(ctx, request, reply, token);
      if (!link) return reply;
      await markLinkViewed(ctx, link);
      const done = (request.query as Record<string, unknown>).done;
      const notice = typeof done === 'string' ? (DONE[done] ?? null) : null;
      return showPage(ctx, request, reply, token, link, { notice });
    });

    scope.get('/r/:token/files/:file', async (request, reply) => {
      const { token, file } = request.params as { token: string; file: string };
      const link = await open(ctx, request, reply, token);
      if (!link) return reply;
      return sendFile(ctx, request, reply, token, link, file);
    });
    scope.post('/r/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      const link = await open(ctx, request, reply, token);
      if (!link) return reply;
      const form = (request.body ?? {}) as Record<string, string>;
      const reason = typeof form.reason === 'string' ? form.reason : '';
      try {
        checkForm(ctx, request, token, form.csrf);
        const to = form.to;
        if (typeof to !== 'string' || !MOVES.has(to)) {
          throw new ApiError('invalid_request', 'Choose approve, acknowledge or dispute.', {
            errors: [{ path: 'body.to', message: 'must be acknowledged, approved or disputed' }],
          });
        }
        if (reason.length > 2000) {
          throw new ApiError('invalid_request', 'The reason is too long: at most 2,000 characters.', {
            errors: [{ path: 'body.reason', message: 'must NOT have more than 2000 characters' }],
          });
        }
        await transitionThroughLink(ctx, link, {
          to,
          ...(reason.trim() ? { reason } : {}),
        });
        // Post, redirect, get: a reload does not post the form again.
        return reply
          .code(303)
          .header('location', `/r/${encodeURIComponent(token)}?done=${to}`)
          .header('cache-control', 'no-store')
          .send();
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.code === 'not_found') return refusalPage(reply, err);
        return showPage(ctx, request, reply, token, link, { error: err, reason });
      }
    });
  });
}
