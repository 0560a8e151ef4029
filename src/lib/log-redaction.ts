// What the request log may say of a URL (CONTRACT 10): the query values that are credentials or
// let someone read what they name (an attachment download's signature, a list cursor, a token)
// are replaced, so a log shipped to a third party or read by an operator hands out no access.
// Fastify's request logging gives the whole URL, query included, to the `req` serializer.

const SECRET_PARAMS = new Set(['signature', 'sig', 'cursor', 'token', 'access_token', 'code']);
export const REDACTED = '[redacted]';

// Paths whose segment is itself a bearer credential: the recipient link's token (CONTRACT 11.3),
// on the page (`/r/<token>`) and in the JSON API (`/v1/recipient/<token>`, also behind the app's
// `/app/api` proxy). Matched on the decoded path (CONTRACT §10, round three: whatever the
// encoding): each segment percent-decoded (an encoded `/` splits it too), compared without case,
// empty segments (`//`) skipped, so `/%72/<token>`, `/R/<token>`, `//v1//Recipient/<token>` and
// `/v1/recipient%2F<token>` are redacted like the plain form. The raw segment that holds the token
// is replaced whole.

function decodedParts(segment: string): string[] {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a malformed escape: decode what can be, one escape at a time
    decoded = segment.replace(/%[0-9A-Fa-f]{2}/g, (e) =>
      String.fromCharCode(Number.parseInt(e.slice(1), 16)),
    );
  }
  return decoded.toLowerCase().split(/[/\\]/);
}

function redactPath(path: string): string {
  const raw = path.split('/');
  // every non-empty decoded part, with the raw segment it came from
  const parts: { part: string; at: number }[] = [];
  raw.forEach((segment, at) => {
    for (const part of decodedParts(segment)) if (part !== '') parts.push({ part, at });
  });
  const secret = new Set<number>();
  parts.forEach((p, i) => {
    const next = parts[i + 1];
    if (!next) return;
    const page = i === 0 && p.part === 'r';
    const api = p.part === 'recipient' && i > 0 && parts[i - 1]?.part === 'v1';
    // the token's part, and the rest of its raw segment (an encoded `/` put both in one)
    if (page || api) secret.add(next.at === p.at ? p.at : next.at);
  });
  if (secret.size === 0) return path;
  return raw.map((segment, at) => (secret.has(at) ? REDACTED : segment)).join('/');
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
