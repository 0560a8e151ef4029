// The one place where anything thrown becomes an HTTP answer in the spec's envelope.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { pgErrorCode } from '../db/transaction.ts';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { ApiError, ERROR_STATUS, type ErrorCode } from '../lib/errors.ts';
import { mapAjvErrors } from './validation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code this request was answered with (the metrics' code label). */
    errorCode?: ErrorCode;
  }
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; docs_url: string; details?: Record<string, unknown> };
}

export function envelope(baseUrl: string, err: ApiError): ErrorEnvelope {
  return {
    error: {
      code: err.code,
      message: err.message,
      docs_url: `${baseUrl}/v1/docs#errors-${err.code}`,
      ...(err.details ? { details: err.details } : {}),
    },
  };
}

/** Translates whatever was thrown into an ApiError (Fastify's own errors, Postgres errors). */
export function toApiError(err: unknown, requestId: string): { apiError: ApiError; unexpected: boolean } {
  if (err instanceof ApiError) return { apiError: err, unexpected: false };
  const fe = err as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (fe && Array.isArray(fe.validation)) {
    const mapped = mapAjvErrors(
      fe.validation as Parameters<typeof mapAjvErrors>[0],
      fe.validationContext ?? 'body',
    );
    const details: Record<string, unknown> = { errors: mapped.problems };
    if (mapped.serverOwnedField) details.field = mapped.serverOwnedField;
    return { apiError: new ApiError('invalid_request', mapped.message, details), unexpected: false };
  }
  switch (fe?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        apiError: new ApiError('payload_too_large', 'The request body is over the size limit.'),
        unexpected: false,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        apiError: new ApiError(
          'unsupported_media_type',
          'Send the body as JSON with Content-Type: application/json.',
        ),
        unexpected: false,
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { apiError: new ApiError('invalid_request', 'The body is not valid JSON.'), unexpected: false };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        apiError: new ApiError('invalid_request', 'Content-Length does not match the body.'),
        unexpected: false,
      };
  }
  if (fe instanceof SyntaxError || fe?.statusCode === 400) {
    return { apiError: new ApiError('invalid_request', 'The body is not valid JSON.'), unexpected: false };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      apiError: new ApiError(
        'unavailable',
        `The database is unreachable for a moment; retry the same request (with the same Idempotency-Key) in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.`,
        undefined,
        { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      ),
      unexpected: false,
    };
  }
  const pg = pgErrorCode(err);
  if (pg === '40001' || pg === '40P01' || pg === '55P03') {
    return {
      apiError: new ApiError(
        'conflict',
        'The record was changed by a concurrent request; retry with the same Idempotency-Key.',
      ),
      unexpected: false,
    };
  }
  return {
    apiError: new ApiError('internal_error', `Something went wrong on our side (request ${requestId}).`, {
      request_id: requestId,
    }),
    unexpected: true,
  };
}

export function makeErrorHandler(baseUrl: string) {
  return function errorHandler(err: unknown, request: FastifyRequest, reply: FastifyReply) {
    const { apiError, unexpected } = toApiError(err, request.id);
    request.errorCode = apiError.code;
    if (unexpected) request.log.error({ err }, 'unhandled error');
    if (apiError.code === 'unauthorized') reply.header('www-authenticate', 'Bearer');
    if (apiError.headers) for (const [k, v] of Object.entries(apiError.headers)) reply.header(k, v);
    return reply
      .code(ERROR_STATUS[apiError.code])
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify(envelope(baseUrl, apiError)));
  };
}
