// The typed error every docex client method throws for a non-2xx answer, read from the spec's
// error envelope (SPEC 7: `{ error: { code, message, docs_url, details? } }`) and the headers every
// answer carries. Browser-safe: no Node-only imports (the web app can use the client too).

/** The error envelope's `error` member, as the service sends it. */
export interface ErrorBody {
  code: string;
  message: string;
  docs_url?: string;
  details?: Record<string, unknown>;
}

export interface DocexErrorInit extends ErrorBody {
  status: number;
  requestId?: string | undefined;
  retryAfter?: number | undefined;
  idempotencyKey?: string | undefined;
}

/** Code used when an answer is not in the envelope (a proxy's HTML 502, say). */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

export class DocexError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;
  /** The envelope's machine-readable code (`conflict`, `not_found`, …), SPEC 7. */
  readonly code: string;
  /** The envelope's `details`, when the error has any (`allowed`, `errors`, `field`, …). */
  readonly details: Record<string, unknown> | undefined;
  readonly docs_url: string | undefined;
  /** The answer's `Svc-Request-Id`: quote it when asking the operator about a request. */
  readonly request_id: string | undefined;
  /** Seconds to wait before retrying, from `Retry-After`; undefined when the answer had none. */
  readonly retryAfter: number | undefined;
  /**
   * The Idempotency-Key the failed write was sent with (generated or the caller's). Retrying a
   * write after a 5xx, a 409 `conflict` or a network error with this same key is safe (CONTRACT
   * idempotency): the service runs it at most once.
   */
  readonly idempotencyKey: string | undefined;

  constructor(init: DocexErrorInit) {
    super(init.message);
    this.name = 'DocexError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.docs_url = init.docs_url;
    this.request_id = init.requestId;
    this.retryAfter = init.retryAfter;
    this.idempotencyKey = init.idempotencyKey;
  }
}

/**
 * `Retry-After` in seconds: either delta-seconds or an HTTP date (RFC 9110 10.2.3); a date is
 * turned into the seconds from `now` (never negative). Anything else is undefined.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function envelopeOf(text: string): ErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = (parsed as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, docs_url, details } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return {
    code,
    message,
    ...(typeof docs_url === 'string' ? { docs_url } : {}),
    ...(typeof details === 'object' && details !== null
      ? { details: details as Record<string, unknown> }
      : {}),
  };
}

/** Builds the DocexError for a non-2xx answer; reads a clone, so the answer stays readable. */
export async function docexErrorFrom(response: Response, request?: Request): Promise<DocexError> {
  const text = await response.clone().text();
  const body = envelopeOf(text) ?? {
    code: UNEXPECTED_RESPONSE,
    message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}: ${text.slice(0, 200)}`,
  };
  // Unexpected server errors also carry the id in details.request_id (src/http/error-handler.ts).
  const fromDetails = body.details?.request_id;
  return new DocexError({
    ...body,
    status: response.status,
    requestId:
      response.headers.get('svc-request-id') ?? (typeof fromDetails === 'string' ? fromDetails : undefined),
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
    idempotencyKey: request?.headers.get('idempotency-key') ?? undefined,
  });
}
