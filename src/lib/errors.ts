// One error type for the whole service, mapped to HTTP once (src/http/error-handler.ts).
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  insufficient_scope: 403,
  capability_unavailable: 403,
  not_enabled: 403,
  sandbox_isolation: 403,
  not_found: 404,
  conflict: 409,
  idempotency_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  payment_limit_exceeded: 422,
  einvoice_incomplete: 422,
  einvoice_mismatch: 422,
  insufficient_funds: 422,
  rate_limited: 429,
  sandbox_quota: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** What each code means, for the docs page and the OpenAPI document. */
export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  invalid_request:
    'The request is malformed: a missing Idempotency-Key, an unknown or server-owned field, a value out of range, or a bad cursor. details.errors lists each problem as {path, message}.',
  unauthorized:
    'No credential, or an unknown, revoked or expired one (including a rotated key past its 24-hour grace).',
  forbidden:
    "The caller's address is outside the key's allowed_cidrs, or a signed URL is altered or expired.",
  insufficient_scope:
    'The credential lacks the scope the operation needs; details.required names it. Operations that need an admin session name "admin_session".',
  capability_unavailable:
    'The organization cannot use this yet: treasury before verification, live payments before the payment processor is connected.',
  not_enabled: 'The operation family is switched off in this deployment (see GET /v1/enablement).',
  sandbox_isolation:
    'Sandbox and live organizations never meet: a connection or payment across them is refused.',
  not_found: 'No such record, or one the caller may not see (existence is never revealed).',
  conflict:
    'The record is not in a state that allows this: an illegal transition (details.allowed lists the legal targets), an edit of an issued document, or a retry while the original request with the same Idempotency-Key is still running.',
  idempotency_conflict:
    'The Idempotency-Key was already used with a different request (method, path or body). The original response stays replayable.',
  payload_too_large: 'The body is over the limit: 1 MiB, or 14 MiB on attachment uploads.',
  unsupported_media_type: 'A write body that is not application/json.',
  payment_limit_exceeded:
    "The payment would exceed the key's payment_limits; details names the limit, currency, limit_value and attempted amount.",
  einvoice_incomplete:
    "The e-invoice cannot be written yet: the parties' legal profiles (PATCH /v1/organization) lack fields a rule needs. details.missing lists every one at once as {bt, party: issuer|counterparty, field, label}: the business term, whose profile, the field's path and its name in words.",
  einvoice_mismatch:
    "An imported e-invoice's stated total differs from what its lines give. details: {bt, file, derived}; nothing was created.",
  insufficient_funds: 'The source account balance is short for the transfer.',
  rate_limited: 'Too many requests for this key; wait for Retry-After seconds.',
  sandbox_quota:
    'The sandbox organization created 1,000 documents in the last 24 hours; wait for Retry-After seconds.',
  unavailable:
    'The database is unreachable for a moment (restarting, failing over, or out of connections). Nothing was written by this request unless a later replay of its Idempotency-Key says so; retry the same request, with the same Idempotency-Key, after Retry-After seconds.',
  internal_error:
    'Something failed on our side. The request id identifies it in our logs; no stack trace is ever returned.',
};

export type ErrorDetails = Record<string, unknown>;

export interface FieldProblem {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails, headers?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function invalid(problems: FieldProblem[], message?: string): ApiError {
  const first = problems[0];
  return new ApiError(
    'invalid_request',
    message ?? (first ? `${first.path}: ${first.message}` : 'The request is invalid.'),
    { errors: problems },
  );
}

export function notFound(what: string): ApiError {
  return new ApiError('not_found', `No such ${what}.`);
}
