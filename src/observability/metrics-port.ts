// What the service's code calls on the metrics (src/observability/metrics.ts implements it). Kept
// apart from the implementation, which reads the AppContext, so that the context can name it
// without an import cycle.

/** What an Idempotency-Key claim came to, when it did not simply run the request. */
export type IdempotencyOutcome = 'replayed' | 'conflict' | 'in_progress';

export interface MetricsPort {
  /** One answered request; `route` is the route's template (never the raw path). */
  request(method: string, route: string, status: number, code: string, seconds: number): void;
  /** A 429 rate_limited answer, by the bucket that ran dry. */
  rateLimited(bucket: string): void;
  idempotency(outcome: IdempotencyOutcome): void;
  /** A background task's pass ended (ok, or it threw) at `at` (service clock). */
  workerPass(task: string, ok: boolean, at: Date): void;
  /** The text exposition of every metric. */
  exposition(): Promise<string>;
  readonly contentType: string;
}
