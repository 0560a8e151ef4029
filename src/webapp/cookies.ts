// The two cookies of the web app's backend-for-frontend, parsed and written by hand (two names,
// one attribute set: a dependency would be larger than the code).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The admin session token (sess_...). HttpOnly: page scripts never see it. */
export const SESSION_COOKIE = 'docex_session';
/** The CSRF token the page echoes in X-CSRF-Token (double submit). Readable by page scripts. */
export const CSRF_COOKIE = 'docex_csrf';

/** The session cookie goes only to the backend-for-frontend; the CSRF cookie to every app page. */
const SESSION_PATH = '/app/api';
const CSRF_PATH = '/app';

export function readCookies(request: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  const header = request.headers.cookie;
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      // A malformed value is the same as no value.
    }
  }
  return out;
}

/** Secure whenever the browser reached us over https (directly, or through a trusted proxy). */
function isSecure(config: Config, request: FastifyRequest): boolean {
  return request.protocol === 'https' || config.baseUrl.startsWith('https:');
}

interface CookieOptions {
  path: string;
  httpOnly: boolean;
  maxAgeSeconds: number;
}

function serialize(
  config: Config,
  request: FastifyRequest,
  name: string,
  value: string,
  o: CookieOptions,
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path}`, `Max-Age=${o.maxAgeSeconds}`];
  if (o.maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  parts.push('SameSite=Strict');
  if (o.httpOnly) parts.push('HttpOnly');
  if (isSecure(config, request)) parts.push('Secure');
  return parts.join('; ');
}

function appendCookie(reply: FastifyReply, cookie: string): void {
  const prev = reply.getHeader('set-cookie');
  const list = prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)];
  reply.header('set-cookie', [...list, cookie]);
}

export function setSessionCookies(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date; csrf: string },
  now: Date,
): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
  appendCookie(
    reply,
    serialize(config, request, SESSION_COOKIE, session.token, {
      path: SESSION_PATH,
      httpOnly: true,
      maxAgeSeconds: maxAge,
    }),
  );
  setCsrfCookie(config, request, reply, session.csrf, maxAge);
}

export function setCsrfCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: string,
  maxAgeSeconds: number,
): void {
  appendCookie(
    reply,
    serialize(config, request, CSRF_COOKIE, csrf, { path: CSRF_PATH, httpOnly: false, maxAgeSeconds }),
  );
}

export function clearSessionCookie(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  appendCookie(
    reply,
    serialize(config, request, SESSION_COOKIE, '', { path: SESSION_PATH, httpOnly: true, maxAgeSeconds: 0 }),
  );
}
