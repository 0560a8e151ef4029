// Token buckets: a request spends one token (or `cost`) from each bucket it is charged to, all or
// nothing: refused by any of them, it spends from none. So a credential hammering past its own
// limit does not drain its organization's shared bucket for the organization's other keys.
// In one process the buckets live in memory; with REDIS_URL they live in Redis and are updated by
// one Lua script over every key of the request, so every process of the deployment draws from the
// same buckets atomically.
import type { Redis } from 'ioredis';
import type { Charge, Rate, RateDecision, RateLimiter } from '../lib/rate-limiter.ts';

// The types live in lib/ so that the context (which holds a RateLimiter) needs nothing of http/;
// the pipeline's charges name them here, beside the buckets.
export type { Charge, RateDecision };

function decide(rate: Rate, tokens: number, cost: number, allowed: boolean): RateDecision {
  return {
    allowed,
    limit: rate.capacity,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil((rate.capacity - tokens) / rate.perSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((cost - tokens) / rate.perSecond)),
  };
}

export function memoryRateLimiter(defaultPerSecond: number): RateLimiter {
  const fallback: Rate = { perSecond: defaultPerSecond, capacity: defaultPerSecond * 2 };
  const buckets = new Map<string, { tokens: number; at: number; capacity: number }>();
  const takeAll = async (charges: Charge[], nowMs: number): Promise<RateDecision[]> => {
    const states = charges.map((c) => {
      const rate = c.rate ?? fallback;
      const b = buckets.get(c.bucket) ?? { tokens: rate.capacity, at: nowMs, capacity: rate.capacity };
      const elapsed = Math.max(0, nowMs - b.at) / 1000;
      b.tokens = Math.min(rate.capacity, b.tokens + elapsed * rate.perSecond);
      b.at = nowMs;
      b.capacity = rate.capacity;
      buckets.set(c.bucket, b);
      return { b, rate, cost: c.cost ?? 1 };
    });
    const allowed = states.every((s) => s.b.tokens >= s.cost);
    if (allowed) for (const s of states) s.b.tokens -= s.cost;
    if (buckets.size > 100_000) {
      // Full buckets carry no information: forget them to bound memory.
      for (const [k, v] of buckets) if (v.tokens >= v.capacity - 1) buckets.delete(k);
    }
    return states.map((s) => decide(s.rate, s.b.tokens, s.cost, allowed));
  };
  return {
    async take(bucket, nowMs, rate = fallback) {
      return (await takeAll([{ bucket, rate }], nowMs))[0] as RateDecision;
    },
    takeAll,
    close: async () => {},
  };
}

// KEYS: the buckets; ARGV: now, then rate, capacity and cost for each key. Refills every bucket,
// then spends from all of them only if each has enough.
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local tokens = {}
local allowed = 1
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[i * 3 - 1])
  local capacity = tonumber(ARGV[i * 3])
  local cost = tonumber(ARGV[i * 3 + 1])
  local state = redis.call('HMGET', key, 'tokens', 'at')
  local t = tonumber(state[1]) or capacity
  local at = tonumber(state[2]) or now
  t = math.min(capacity, t + math.max(0, now - at) / 1000 * rate)
  if t < cost then allowed = 0 end
  tokens[i] = t
end
local out = {allowed}
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[i * 3 - 1])
  local capacity = tonumber(ARGV[i * 3])
  local cost = tonumber(ARGV[i * 3 + 1])
  if allowed == 1 then tokens[i] = tokens[i] - cost end
  redis.call('HSET', key, 'tokens', tostring(tokens[i]), 'at', tostring(now))
  redis.call('PEXPIRE', key, math.ceil(capacity / rate * 1000) + 1000)
  out[i + 1] = tostring(tokens[i])
end
return out
`;

type TakeCommand = (numberOfKeys: number, ...args: (string | number)[]) => Promise<[number, ...string[]]>;

export function redisRateLimiter(url: string, defaultPerSecond: number): RateLimiter {
  const fallback: Rate = { perSecond: defaultPerSecond, capacity: defaultPerSecond * 2 };
  // ioredis is loaded only when REDIS_URL is set: importing it costs ~10 MB of RSS (measured for
  // issue 9's 300 MB budget) in every process that never talks to Redis.
  const connected: Promise<Redis> = import('ioredis').then(({ Redis: Client }) => {
    const redis = new Client(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    // numberOfKeys is given on each call: a request is charged to one to three buckets.
    redis.defineCommand('docexTakeAll', { lua: TAKE_SCRIPT });
    return redis;
  });
  const takeAll = async (charges: Charge[], nowMs: number): Promise<RateDecision[]> => {
    const redis = await connected;
    const rates = charges.map((c) => c.rate ?? fallback);
    const args: (string | number)[] = [nowMs];
    charges.forEach((c, i) => {
      const r = rates[i] as Rate;
      args.push(r.perSecond, r.capacity, c.cost ?? 1);
    });
    const res = await (redis as unknown as { docexTakeAll: TakeCommand }).docexTakeAll(
      charges.length,
      ...charges.map((c) => `docex:rl:${c.bucket}`),
      ...args,
    );
    const allowed = res[0] === 1;
    return charges.map((c, i) => decide(rates[i] as Rate, Number(res[i + 1]), c.cost ?? 1, allowed));
  };
  return {
    async take(bucket, nowMs, rate = fallback) {
      return (await takeAll([{ bucket, rate }], nowMs))[0] as RateDecision;
    },
    takeAll,
    async close() {
      const redis = await connected;
      await redis.quit().catch(() => {});
    },
  };
}
