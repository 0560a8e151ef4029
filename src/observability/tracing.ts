// OpenTelemetry traces (docs/deployment.md, "Tracing"), exported over OTLP/HTTP (JSON) to
// OTEL_EXPORTER_OTLP_ENDPOINT. Loaded only when that is set (src/service.ts imports this module
// then, and only then): with it unset no OpenTelemetry package is loaded and nothing here runs.
//
// A request is a SERVER span named by its route template, continuing the caller's W3C
// traceparent; each database transaction (src/db/transaction.ts) and each webhook attempt
// (modules/webhooks/send.ts, which sends the attempt's traceparent to the receiver) is a child
// span; every log line of a request, and any other line logged inside a span, carries trace_id.
// Events and email deliveries keep the traceparent of the span that wrote them (migration 0044),
// and the worker's attempts at delivering them, later, are that span's children: one trace from
// the request to the webhooks and emails it caused.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  type Context,
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { installTraceHooks } from './trace-hooks.ts';

export interface Tracing {
  /** Fastify's childLoggerFactory: starts the request's span and binds its trace_id to the request's logger. */
  childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']>;
  /** The request hooks: the span named by route, made current for the hooks and the handler, ended with the answer. */
  install(app: FastifyInstance): void;
  /** Sends every finished span now. */
  flush(): Promise<void>;
  /** Sends what is left and stops. */
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();

const headerGetter: TextMapGetter<IncomingHttpHeaders> = {
  get(carrier, key) {
    return carrier[key];
  },
  keys(carrier) {
    return Object.keys(carrier);
  },
};

interface RequestSpan {
  span: Span;
  ctx: Context;
}

let started: Tracing | null = null;

/** Starts tracing for this process (once: a second call answers the first's). */
export function startTracing(opts: { endpoint: string; serviceName: string; version: string }): Tracing {
  if (started) return started;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const exporter = new OTLPTraceExporter({ url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': opts.serviceName, 'service.version': opts.version }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('docex', opts.version);
  // Keyed by the raw request: the logger factory runs before Fastify's request object exists.
  const requests = new WeakMap<IncomingMessage, RequestSpan>();

  async function inSpan<T>(span: Span, fn: () => Promise<T>): Promise<T> {
    try {
      return await context.with(trace.setSpan(context.active(), span), fn);
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  }

  installTraceHooks({
    transaction(fn) {
      return inSpan(
        tracer.startSpan('db.transaction', {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system.name': 'postgresql' },
        }),
        fn,
      );
    },
    outbound(name, attributes, fn, parent) {
      // A kept traceparent (an event's) is the parent; one that does not parse is ignored, and
      // the span is then the current one's child (or a trace of its own).
      const parentCtx = parent
        ? propagator.extract(context.active(), { traceparent: parent }, defaultTextMapGetter)
        : context.active();
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parentCtx);
      const carrier: Record<string, string> = {};
      propagator.inject(trace.setSpan(context.active(), span), carrier, defaultTextMapSetter);
      return inSpan(span, () => fn(carrier.traceparent ?? ''));
    },
    traceparent() {
      const span = trace.getActiveSpan();
      if (!span) return null;
      const carrier: Record<string, string> = {};
      propagator.inject(context.active(), carrier, defaultTextMapSetter);
      return carrier.traceparent ?? null;
    },
    traceId() {
      const span = trace.getActiveSpan();
      return span?.spanContext().traceId;
    },
  });

  const enter = (raw: IncomingMessage, done: () => void) => {
    const s = requests.get(raw);
    if (s) context.with(s.ctx, done);
    else done();
  };

  started = {
    childLoggerFactory(logger: FastifyBaseLogger, bindings, childOpts, rawReq) {
      const parent = propagator.extract(ROOT_CONTEXT, rawReq.headers, headerGetter);
      // Named by the route once it is known (onRequest); until then by the method alone.
      const span = tracer.startSpan(
        rawReq.method ?? 'HTTP',
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': rawReq.method ?? '' } },
        parent,
      );
      requests.set(rawReq, { span, ctx: trace.setSpan(parent, span) });
      return logger.child({ ...bindings, trace_id: span.spanContext().traceId }, childOpts);
    },
    install(app) {
      app.addHook('onRequest', (request, _reply, done) => {
        const s = requests.get(request.raw);
        if (s) {
          const route = request.routeOptions.url;
          s.span.updateName(`${request.method} ${route ?? 'unmatched'}`);
          if (route) s.span.setAttribute('http.route', route);
        }
        enter(request.raw, done);
      });
      // Each phase that follows the body's arrival (a stream event, outside the request's async
      // context) enters the span again, so what the hooks and the handler start is its child.
      app.addHook('preValidation', (request, _reply, done) => enter(request.raw, done));
      app.addHook('preHandler', (request, _reply, done) => enter(request.raw, done));
      app.addHook('onResponse', (request, reply, done) => {
        const s = requests.get(request.raw);
        if (s) {
          s.span.setAttribute('http.response.status_code', reply.statusCode);
          if (request.errorCode) s.span.setAttribute('docex.error.code', request.errorCode);
          if (reply.statusCode >= 500) s.span.setStatus({ code: SpanStatusCode.ERROR });
          s.span.end();
          requests.delete(request.raw);
        }
        done();
      });
    },
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      installTraceHooks(null);
      context.disable();
      started = null;
    },
  };
  return started;
}
