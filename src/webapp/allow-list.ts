// Which API routes the app's cookie session may reach through /app/api (CONTRACT 10). An
// allow-list derived from the route declarations, matched on the path exactly as it arrives:
// a blocklist compared against a decoded or normalized path can be walked around (a trailing
// slash, %73andbox, x/../sandbox all reached /v1/sandbox, whose answer carries a session token
// that page scripts must never see). Here a path is allowed only when it is already in its one
// canonical form and that form is an allowed route: no percent-encoding, no dot segments, no empty
// segment (// or a trailing slash), literal segments equal byte for byte, and path parameters
// made of identifier characters. Anything else is not found.
import type { AnyRoute, Method } from '../http/route.ts';

/**
 * Credential exchanges answer a new session token in their body; the app has routes of its own
 * for them (/app/api/signup, /login, /logout, /sandbox) that put it in the HttpOnly cookie.
 */
const CREDENTIAL_EXCHANGES = new Set(['signup', 'createSession', 'endSession', 'provisionSandbox']);

/** What a path parameter may be: every docex identifier is made of these. */
const PARAM = /^[A-Za-z0-9_-]{1,128}$/;

interface Allowed {
  operationId: string;
  method: Method;
  /** literal segments as strings, parameters as null */
  segments: (string | null)[];
}

export interface ProxyAllowList {
  /** Whether `method rawPath` (the path as sent, before any decoding) may go to the API. */
  allows(method: string, rawPath: string): boolean;
  /** The operationId `method rawPath` reaches, when it is allowed. */
  match(method: string, rawPath: string): string | null;
}

export function proxyAllowList(routes: readonly AnyRoute[]): ProxyAllowList {
  const allowed: Allowed[] = routes
    .filter((r) => r.auth !== 'operator' && !r.internal && !CREDENTIAL_EXCHANGES.has(r.operationId))
    .map((r) => ({
      operationId: r.operationId,
      method: r.method,
      segments: r.url
        .split('/')
        .slice(1)
        .map((s) => (s.startsWith(':') ? null : s)),
    }));
  const match = (method: string, rawPath: string): string | null => {
    if (!rawPath.startsWith('/v1/')) return null;
    const segments = rawPath.split('/').slice(1);
    return (
      allowed.find(
        (a) =>
          a.method === method &&
          a.segments.length === segments.length &&
          a.segments.every((literal, i) => {
            const s = segments[i] as string;
            return literal === null ? PARAM.test(s) : s === literal;
          }),
      )?.operationId ?? null
    );
  };
  return { match, allows: (method, rawPath) => match(method, rawPath) !== null };
}
