// The two cookies of the web app's backend-for-frontend, parsed and written by @fastify/cookie
// (registered in the web app's scope only: the public API never looks at a cookie). This file
// holds what is ours: the names, the paths and the one attribute set.
//
// Neither cookie is signed: the session token is itself the secret (looked up, never trusted as
// data) and the CSRF token is an HMAC under the deployment's key already (src/webapp/csrf.ts).
// A value that is not valid percent-encoding is kept as sent; it then matches no session and no
// CSRF token, like any other wrong value.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The admin session token (sess_...). HttpOnly: page scripts never see it. */
export const SESSION_COOKIE = 'docex_session';
/** The CSRF token the page echoes in X-CSRF-Token (double submit). Readable by page scripts. */
export const CSRF_COOKIE = 'docex_csrf';

/** The session cookie goes only to the backend-for-frontend; the CSRF cookie to every app page. */
const SESSION_PATH = '/app/api';
const CSRF_PATH = '/app';

/**
 * Parses the Cookie header of every request of `scope` into `request.cookies` (the first value
 * when a name comes twice) and gives its replies setCookie.
 */
export async function registerCookies(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCookie, { hook: 'onRequest' });
}

/** Secure whenever the browser reached us over https (directly, or through a trusted proxy). */
function isSecure(config: Config, request: FastifyRequest): boolean {
  return request.protocol === 'https' || config.baseUrl.startsWith('https:');
}

function setCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  o: { path: string; httpOnly: boolean; maxAgeSeconds: number },
): void {
  reply.setCookie(name, value, {
    path: o.path,
    maxAge: o.maxAgeSeconds,
    // An old browser that ignores Max-Age still drops a cleared cookie.
    ...(o.maxAgeSeconds === 0 ? { expires: new Date(0) } : {}),
    sameSite: 'strict',
    httpOnly: o.httpOnly,
    secure: isSecure(config, request),
  });
}

export function setSessionCookies(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date; csrf: string },
  now: Date,
): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
  setCookie(config, request, reply, SESSION_COOKIE, session.token, {
    path: SESSION_PATH,
    httpOnly: true,
    maxAgeSeconds: maxAge,
  });
  setCsrfCookie(config, request, reply, session.csrf, maxAge);
}

export function setCsrfCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: string,
  maxAgeSeconds: number,
): void {
  setCookie(config, request, reply, CSRF_COOKIE, csrf, { path: CSRF_PATH, httpOnly: false, maxAgeSeconds });
}

export function clearSessionCookie(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  setCookie(config, request, reply, SESSION_COOKIE, '', {
    path: SESSION_PATH,
    httpOnly: true,
    maxAgeSeconds: 0,
  });
}
