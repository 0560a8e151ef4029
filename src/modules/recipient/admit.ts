// Who may reach a recipient link (CONTRACT 11.3): the token in the path is the only credential.
// Every request under /r/<token> and /v1/recipient/<token> is charged, before the token is even
// looked up, to two buckets of the service's one rate limiter (src/http/rate-limit.ts; Redis when
// REDIS_URL is set): the client address's and the token's. So guessing tokens from one address is
// as slow as using one, and a leaked link cannot be hammered from many addresses.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Rate } from '../../lib/rate-limiter.ts';

/** 30 a minute: a burst of 30, then one every 2 seconds. */
export const LINK_RATE: Rate = { perSecond: 30 / 60, capacity: 30 };

/** What a recipient token may look like: base64url characters, nothing a path could carry else. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function wellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** The bucket names a token by a digest: the limiter (and Redis) never holds the bearer token. */
function tokenBucket(token: string): string {
  return `rlink:${createHash('sha256').update(token, 'utf8').digest('base64url').slice(0, 32)}`;
}

/** The one answer for a token that is wrong, revoked or expired: no hint which. */
export function linkNotFound(): ApiError {
  return new ApiError('not_found', 'No document at this link.');
}

/**
 * Charges the request to its address's and its token's buckets (all or none, like every charge
 * of the limiter); more than LINK_RATE is 429 rate_limited with Retry-After. A token that cannot
 * be one is charged to its address only and answered like an unknown one.
 */
export async function admitLinkRequest(ctx: AppContext, token: string, address: string): Promise<void> {
  const shaped = wellFormedToken(token);
  const charges = [{ bucket: `raddr:${address}`, rate: LINK_RATE }];
  if (shaped) charges.push({ bucket: tokenBucket(token), rate: LINK_RATE });
  const decisions = await ctx.rateLimiter.takeAll(charges, ctx.clock.now().getTime());
  if (decisions.some((d) => !d.allowed)) {
    const wait = Math.max(...decisions.map((d) => (d.allowed ? 0 : d.retryAfterSeconds)), 1);
    throw new ApiError(
      'rate_limited',
      `Too many requests for this link or from this address: at most ${LINK_RATE.capacity} a minute. Try again in ${wait} seconds.`,
      { retry_after: wait },
      { 'retry-after': String(wait) },
    );
  }
  if (!shaped) throw linkNotFound();
}
