// What the rest of the service asks of tracing, without loading it: src/observability/tracing.ts
// installs these when OTEL_EXPORTER_OTLP_ENDPOINT is set. Unset (the default), every caller finds
// null and goes on as before: the OpenTelemetry SDK is never loaded.

export interface TraceHooks {
  /** Runs a database transaction inside a span of its own (child of the current one). */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs an outbound call inside a client span; `traceparent` is the header that continues it.
   * The span is a child of the current span, or, given `parent` (a W3C traceparent kept from
   * the span that caused the call, such as an event's), a child of that one.
   */
  outbound<T>(
    name: string,
    attributes: Record<string, string>,
    fn: (traceparent: string) => Promise<T>,
    parent?: string | null,
  ): Promise<T>;
  /** The current trace's id (32 hex digits), if a span is active. */
  traceId(): string | undefined;
  /** The current span's W3C traceparent, to be kept with what it writes; null without a span. */
  traceparent(): string | null;
}

let installed: TraceHooks | null = null;

export function traceHooks(): TraceHooks | null {
  return installed;
}

export function installTraceHooks(hooks: TraceHooks | null): void {
  installed = hooks;
}

/** The traceparent to keep with a row written now: null when tracing is off or no span is active. */
export function currentTraceparent(): string | null {
  return installed ? installed.traceparent() : null;
}
