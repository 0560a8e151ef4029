// Sign-ins and signups per client address (CONTRACT 10): DOCEX_AUTH_RATE_LIMIT a minute, together,
// from the shared limiter (Redis when REDIS_URL is set), so password guessing across many emails
// from one address is slow too. The client address honours DOCEX_TRUST_PROXY.
import type { AppContext } from '../context.ts';
import { ApiError } from '../lib/errors.ts';

export async function limitAuthAttempts(ctx: AppContext, address: string): Promise<void> {
  const perMinute = ctx.config.authRateLimitPerMinute;
  const d = await ctx.rateLimiter.take(`auth:${address}`, ctx.clock.now().getTime(), {
    perSecond: perMinute / 60,
    capacity: perMinute,
  });
  if (!d.allowed) {
    ctx.metrics?.rateLimited('auth_address');
    throw new ApiError(
      'rate_limited',
      `Too many sign-ins and signups from this address: at most ${perMinute} a minute. Try again in ${d.retryAfterSeconds} seconds.`,
      { retry_after: d.retryAfterSeconds },
      { 'retry-after': String(d.retryAfterSeconds) },
    );
  }
}
