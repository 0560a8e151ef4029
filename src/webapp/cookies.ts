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

/**
 * In production (DOCEX_ENV=production) both names carry the `__Host-` prefix: a browser accepts such
 * a cookie only with Secure, Path=/ and no Domain, from the host itself, so a sibling subdomain
 * (or a man in the middle on plain http) cannot plant or overwrite one: no session fixation, no
 * planted CSRF token. The prefix needs Secure, and a Secure cookie set over plain http is refused
 * by browsers (localhost aside in some), so development on http://127.0.0.1 keeps the plain names
 * and their narrower paths. Production runs behind TLS (docs/security.md, checklist).
 */
const HOST_PREFIX = '__Host-';

interface CookieSpec {
  name: string;
  path: string;
}

function hostOnly(config: Config): boolean {
  return config.env === 'production';
}

/** The session cookie goes only to the backend-for-frontend; the CSRF cookie to every app page. */
function sessionCookie(config: Config): CookieSpec {
  return hostOnly(config)
    ? { name: `${HOST_PREFIX}${SESSION_COOKIE}`, path: '/' }
    : { name: SESSION_COOKIE, path: '/app/api' };
}

function csrfCookie(config: Config): CookieSpec {
  return hostOnly(config)
    ? { name: `${HOST_PREFIX}${CSRF_COOKIE}`, path: '/' }
    : { name: CSRF_COOKIE, path: '/app' };
}

/** The session token the request's cookie holds, under this deployment's name. */
export function readSessionCookie(config: Config, request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookie(config).name] || undefined;
}

/** The CSRF token the request's cookie holds, under this deployment's name. */
export function readCsrfCookie(config: Config, request: FastifyRequest): string | undefined {
  return request.cookies[csrfCookie(config).name] || undefined;
}

/**
 * Parses the Cookie header of every request of `scope` into `request.cookies` (the first value
 * when a name comes twice) and gives its replies setCookie.
 */
export async function registerCookies(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCookie, { hook: 'onRequest' });
}

/**
 * Secure whenever the browser reached us over https (directly, or through a trusted proxy), and
 * always in production (the `__Host-` prefix requires it).
 */
function isSecure(config: Config, request: FastifyRequest): boolean {
  return hostOnly(config) || request.protocol === 'https' || config.baseUrl.startsWith('https:');
}

function setCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: CookieSpec,
  value: string,
  o: { httpOnly: boolean; maxAgeSeconds: number },
): void {
  // Never a Domain attribute: the cookie stays with the host that set it.
  reply.setCookie(cookie.name, value, {
    path: cookie.path,
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
  setCookie(config, request, reply, sessionCookie(config), session.token, {
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
  setCookie(config, request, reply, csrfCookie(config), csrf, { httpOnly: false, maxAgeSeconds });
}

export function clearSessionCookie(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  setCookie(config, request, reply, sessionCookie(config), '', {
    httpOnly: true,
    maxAgeSeconds: 0,
  });
}
