// Per-key token bucket: DOCEX_RATE_LIMIT tokens per second, bursts up to twice that.
// In one process the bucket lives in memory; with REDIS_URL it lives in Redis and is updated by
// one Lua script, so every process of the deployment draws from the same bucket.
import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the bucket is full again */
  resetSeconds: number;
  /** seconds until one token is available (only when refused) */
  retryAfterSeconds: number;
}

/** A bucket's own refill rate and size, when it is not the per-key DOCEX_RATE_LIMIT one. */
export interface Rate {
  perSecond: number;
  capacity: number;
}

export interface RateLimiter {
  take(bucket: string, nowMs: number, rate?: Rate): Promise<RateDecision>;
  close(): Promise<void>;
}

function decide(rate: number, capacity: number, tokens: number, allowed: boolean): RateDecision {
  return {
    allowed,
    limit: capacity,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil((capacity - tokens) / rate),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
  };
}

export function memoryRateLimiter(defaultPerSecond: number): RateLimiter {
  const fallback: Rate = { perSecond: defaultPerSecond, capacity: defaultPerSecond * 2 };
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(bucket, nowMs, rate = fallback) {
      const { perSecond: ratePerSecond, capacity } = rate;
      const b = buckets.get(bucket) ?? { tokens: capacity, at: nowMs };
      const elapsed = Math.max(0, nowMs - b.at) / 1000;
      b.tokens = Math.min(capacity, b.tokens + elapsed * ratePerSecond);
      b.at = nowMs;
      const allowed = b.tokens >= 1;
      if (allowed) b.tokens -= 1;
      buckets.set(bucket, b);
      if (buckets.size > 100_000) {
        // Full buckets carry no information: forget them to bound memory.
        for (const [k, v] of buckets) if (v.tokens >= capacity - 1) buckets.delete(k);
      }
      return decide(ratePerSecond, capacity, b.tokens, allowed);
    },
    close: async () => {},
  };
}

const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
local elapsed = math.max(0, now - at) / 1000
tokens = math.min(capacity, tokens + elapsed * rate)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate * 1000) + 1000)
return {allowed, tostring(tokens)}
`;

export function redisRateLimiter(url: string, defaultPerSecond: number): RateLimiter {
  const fallback: Rate = { perSecond: defaultPerSecond, capacity: defaultPerSecond * 2 };
  // ioredis is loaded only when REDIS_URL is set: importing it costs ~10 MB of RSS (measured for
  // issue 9's 300 MB budget) in every process that never talks to Redis.
  const connected: Promise<Redis> = import('ioredis').then(({ Redis: Client }) => {
    const redis = new Client(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    redis.defineCommand('docexTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    return redis;
  });
  return {
    async take(bucket, nowMs, rate = fallback) {
      const { perSecond: ratePerSecond, capacity } = rate;
      const redis = await connected;
      const res = (await (
        redis as unknown as {
          docexTake(key: string, ...args: (string | number)[]): Promise<[number, string]>;
        }
      ).docexTake(`docex:rl:${bucket}`, ratePerSecond, capacity, nowMs)) as [number, string];
      return decide(ratePerSecond, capacity, Number(res[1]), res[0] === 1);
    },
    async close() {
      const redis = await connected;
      await redis.quit().catch(() => {});
    },
  };
}
