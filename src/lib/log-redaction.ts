// What the request log may say of a URL (CONTRACT 10): the query values that are credentials or
// let someone read what they name (an attachment download's signature, a list cursor, a token)
// are replaced, so a log shipped to a third party or read by an operator hands out no access.
// Fastify's request logging gives the whole URL, query included, to the `req` serializer.

const SECRET_PARAMS = new Set(['signature', 'sig', 'cursor', 'token', 'access_token', 'code']);
export const REDACTED = '[redacted]';

// Paths whose segment is itself a bearer credential: the recipient link's token (CONTRACT 11.3),
// on the page (`/r/<token>`) and in the JSON API (`/v1/recipient/<token>`, also behind the app's
// `/app/api` proxy).
const SECRET_PATHS: readonly RegExp[] = [/^(\/r\/)[^/?#]+/, /(\/v1\/recipient\/)[^/?#]+/];

function redactPath(path: string): string {
  let out = path;
  for (const re of SECRET_PATHS) out = out.replace(re, `$1${REDACTED}`);
  return out;
}

/**
 * The URL with the values of secret-bearing query parameters, and the token segment of a
 * recipient link's path, replaced; the rest as it was.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return redactPath(url);
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came; its value is redacted below only if it names a secret
      }
      return eq !== -1 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${redactPath(url.slice(0, q))}?${parts.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** pino serializer for Fastify's `req`: the fields Fastify logs by default, the URL redacted. */
export function requestSerializer(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host ?? req.hostname,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}
