// CSRF protection for the web app's cookie-authenticated writes: double submit (the page copies
// the docex_csrf cookie into X-CSRF-Token; another site can neither read the cookie nor set the
// header), with the token bound to the session it was issued for (an HMAC of the session token
// under the deployment's key), so a cookie planted by a sibling subdomain is worth nothing once
// signed in. Both comparisons are constant-time. SameSite=Strict cookies, the JSON-only body
// parser and the Origin check below are further layers, not substitutes.
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type AppContext, hmacKeys } from '../context.ts';
import { ApiError } from '../lib/errors.ts';
import { randomBase62 } from '../lib/ids.ts';
import { constantTimeEqual } from '../lib/tokens.ts';
import { readCsrfCookie, readSessionCookie } from './cookies.ts';

export const CSRF_HEADER = 'x-csrf-token';

/** The CSRF token that belongs to a session token. */
export function csrfForSession(ctx: AppContext, sessionToken: string, key = ctx.secrets.hmacKey): string {
  return createHmac('sha256', key).update(`docex-app-csrf\u0000${sessionToken}`, 'utf8').digest('base64url');
}

/** A token for a browser that is not signed in yet (the sign-in and sign-up forms). */
export function anonymousCsrf(): string {
  return `anon_${randomBase62(32)}`;
}

function refuse(message: string): ApiError {
  return new ApiError('forbidden', message, { reason: 'csrf' });
}

/** The browser's own origin for this request, as it would send it in an Origin header. */
function expectedOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Throws `forbidden` unless a state-changing request carries the page's CSRF token.
 * `bindToSession`: the token must also be the one issued for the request's session cookie
 * (every route that acts with the session); sign-in and sign-up only need the double submit.
 */
export function checkCsrf(ctx: AppContext, request: FastifyRequest, bindToSession: boolean): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') throw refuse('Cross-site requests to the app are refused.');
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== expectedOrigin(request)) {
    throw refuse(`Requests from origin ${origin} are refused.`);
  }
  const header = request.headers[CSRF_HEADER];
  const cookie = readCsrfCookie(ctx.config, request);
  if (typeof header !== 'string' || header === '' || !cookie) {
    throw refuse('Missing CSRF token: send the docex_csrf cookie value in the X-CSRF-Token header.');
  }
  if (!constantTimeEqual(header, cookie)) throw refuse('The CSRF token does not match its cookie.');
  if (!bindToSession) return;
  const session = readSessionCookie(ctx.config, request);
  // A token issued under the key a secret rotation replaced holds while that key is valid.
  if (
    session &&
    !hmacKeys(ctx).verify.some((key) => constantTimeEqual(header, csrfForSession(ctx, session, key)))
  ) {
    throw refuse('The CSRF token does not belong to this session; reload the page.');
  }
}
