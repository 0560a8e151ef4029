// Builds the Fastify app: one JSON parser, one error handler, the shared pipeline, and every
// module's routes from one list (which also generates the OpenAPI document).
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import secureJson from 'secure-json-parse';
import type { AppContext } from './context.ts';
import { envelope, makeErrorHandler } from './http/error-handler.ts';
import { guardJsonBody } from './http/input-guard.ts';
import { installLazySchemas } from './http/lazy-schemas.ts';
import { installPipeline, registerRoute } from './http/pipeline.ts';
import type { AnyRoute } from './http/route.ts';
import { bodyAjv, paramAjv } from './http/validation.ts';
import { ApiError } from './lib/errors.ts';
import { base62Id } from './lib/ids.ts';
import { registerMcpHttp } from './mcp/http.ts';
import { installRequestMetrics } from './observability/http-metrics.ts';
import { allRoutes } from './routes.ts';
import { API_VERSION } from './version.ts';
import { registerWebApp } from './webapp/plugin.ts';
import { registerRecipientPage } from './webapp/recipient-page.ts';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
const HEADERS_TIMEOUT_MS = 30_000;

export interface BuildOptions {
  routes?: AnyRoute[];
  logger?: boolean;
}

function writeClientError(baseUrl: string, err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || (err.code === 'ECONNRESET' && socket.destroyed)) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const tooSlow = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const apiError = new ApiError(
    'invalid_request',
    tooLarge
      ? 'The request headers are too large (16 KiB in all at most).'
      : tooSlow
        ? 'The request did not arrive whole in time (its headers within 30 seconds, all of it within the request timeout); the connection is closed.'
        : 'The request is not well-formed HTTP/1.1.',
    { errors: [{ path: tooLarge ? 'headers' : 'request', message: err.code ?? err.message }] },
  );
  const body = JSON.stringify(envelope(baseUrl, apiError));
  const status = tooLarge
    ? '431 Request Header Fields Too Large'
    : tooSlow
      ? '408 Request Timeout'
      : '400 Bad Request';
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nSvc-Api-Version: ${API_VERSION}\r\nSvc-Request-Id: req_${base62Id(20)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    // Request ids are not secrets: from the identifiers' pool (src/lib/ids.ts).
    genReqId: () => `req_${base62Id(20)}`,
    // A hop count believes that many proxies from the right of X-Forwarded-For (CONTRACT 10).
    trustProxy:
      typeof ctx.config.trustProxy === 'number' ? trustHops(ctx.config.trustProxy) : ctx.config.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Fastify leaves both at 0, so a client that sent 3 of 1,000 announced body bytes held its
    // connection (and the request's memory) for ever. A request must arrive whole within
    // requestTimeout (then 408 in the envelope, see writeClientError) and a connection may not stay
    // silent past connectionTimeout; the headers must come within 30 s (Node's default is 60 s).
    // Node checks requestTimeout and headersTimeout on a timer (connectionsCheckingInterval, 30 s
    // by default), so the timer runs at least four times per limit.
    requestTimeout: ctx.config.requestTimeoutMs,
    connectionTimeout: ctx.config.idleTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, ctx.config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(30_000, Math.floor(Math.min(HEADERS_TIMEOUT_MS, ctx.config.requestTimeoutMs) / 4)),
      ),
    },
    // Fastify would otherwise answer 'too many requests in flight' in its own shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // What Node's HTTP parser refuses (a broken request line or header, bad chunked encoding,
    // headers over the size limit) never becomes a request: answered here, on the socket, in the
    // envelope like everything else (CONTRACT 10) instead of Fastify's own shape or a bare 431.
    clientErrorHandler: (err, socket) => writeClientError(ctx.config.baseUrl, err, socket),
    // With tracing on, each request's logger carries its trace_id (src/observability/tracing.ts).
    ...(ctx.tracing ? { childLoggerFactory: ctx.tracing.childLoggerFactory } : {}),
    // A malformed URL or an over-long path segment is refused by the router before any hook
    // runs; without this Fastify answers in its own shape, without the service headers.
    frameworkErrors: (error, request, reply) => {
      const err =
        error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError(
              'invalid_request',
              'The request URL is malformed or has an over-long path segment.',
              {
                errors: [{ path: 'path', message: error.message }],
              },
            )
          : new ApiError('internal_error', `Something went wrong on our side (request ${request.id}).`, {
              request_id: request.id,
            });
      request.errorCode = err.code;
      return (reply as FastifyReply)
        .code(err.status)
        .header('svc-api-version', API_VERSION)
        .header('svc-request-id', request.id)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(envelope(ctx.config.baseUrl, err)));
    },
  });

  // Bodies strict, query strings and path parameters coerced (src/http/validation.ts); each route's
  // validators and serializers compiled at its first request (src/http/lazy-schemas.ts says why).
  installLazySchemas(app, (httpPart) => (httpPart === 'body' ? bodyAjv : paramAjv));

  // JSON is the only body type; text/plain (a Fastify default) would let non-JSON writes in.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (err) {
      // Valid JSON with a "__proto__" key (or "constructor": {"prototype": …}) is refused on
      // purpose: such keys can reach an object's prototype. Say so, rather than "not valid JSON".
      const forbidden =
        err instanceof SyntaxError && /forbidden (prototype|constructor) property/.test(err.message);
      done(
        forbidden
          ? new ApiError(
              'invalid_request',
              'The body contains a "__proto__" key or a "constructor" object with a "prototype" key; such keys are refused anywhere in a body.',
            )
          : new ApiError('invalid_request', 'The body is not valid JSON.'),
        undefined,
      );
      return;
    }
    // Before anything reads it (the Idempotency-Key fingerprint canonicalizes it first of all).
    try {
      guardJsonBody(parsed);
    } catch (err) {
      done(err as ApiError, undefined);
      return;
    }
    done(null, parsed);
  });

  app.setErrorHandler(makeErrorHandler(ctx.config.baseUrl));
  app.setNotFoundHandler((request, reply) => {
    const err = new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    request.errorCode = err.code;
    return reply
      .code(404)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify(envelope(ctx.config.baseUrl, err)));
  });

  // Only with metrics on: otherwise not even the hook runs.
  if (ctx.metrics) installRequestMetrics(app, ctx.metrics);
  ctx.tracing?.install(app);
  installPipeline(app, ctx);
  // A route unavailable in this configuration is not registered: its path answers 404 like any unknown one.
  const routes = (opts.routes ?? allRoutes()).filter((r) => r.available?.(ctx.config) !== false);
  for (const spec of routes) registerRoute(app, ctx, spec);
  registerMcpHttp(app, ctx, routes);
  registerWebApp(app, ctx, routes);
  registerRecipientPage(app, ctx);
  await app.ready();
  return app;
}
