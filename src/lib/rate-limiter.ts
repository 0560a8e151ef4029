// What a rate limiter is (token buckets, all-or-nothing charges): the context holds one, and the
// implementations (in memory, in Redis) are in src/http/rate-limit.ts.

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the bucket is full again */
  resetSeconds: number;
  /** seconds until enough tokens are available (only when refused) */
  retryAfterSeconds: number;
}

/** A bucket's own refill rate and size, when it is not the per-key DOCEX_RATE_LIMIT one. */
export interface Rate {
  perSecond: number;
  capacity: number;
}

export interface Charge {
  bucket: string;
  /** the per-key DOCEX_RATE_LIMIT bucket when absent */
  rate?: Rate;
  /** tokens this request costs (1 when absent) */
  cost?: number;
}

export interface RateLimiter {
  take(bucket: string, nowMs: number, rate?: Rate): Promise<RateDecision>;
  /** One decision per charge, in order; every one allowed, or none of the buckets spent. */
  takeAll(charges: Charge[], nowMs: number): Promise<RateDecision[]>;
  close(): Promise<void>;
}
