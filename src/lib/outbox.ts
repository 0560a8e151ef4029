// The outboxes' one claim-and-retry mechanism (ARCHITECTURE.md "Transports at the edge"): webhook
// deliveries (src/modules/webhooks) and email deliveries (src/modules/delivery) are rows with a
// status, a next_attempt_at and a lease, claimed by any number of workers with FOR UPDATE SKIP
// LOCKED and retried on one schedule. Each outbox keeps its own table, transport and recording;
// what they share, and must not drift apart, is here.
import { randomBytes } from 'node:crypto';

// The retry schedule (SPEC 6.3, CONTRACT 5; CONTRACT 11.2 for email): an attempt at once, then
// 1 min, 5 min, 30 min, 2 h and 8 h after the previous attempt, each delay ±10 % so a receiver
// that came back up is not hit by every queued delivery in the same second. The sixth failure is
// terminal.
const MINUTE = 60_000;
/** Delay before attempt n+2, after n+1 failed attempts (index = failures so far - 1). */
export const RETRY_DELAYS_MS: readonly number[] = [
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  120 * MINUTE,
  480 * MINUTE,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const JITTER = 0.1;

/**
 * When to try again after the `failures`-th failed attempt of a series started at `attemptAt`,
 * or null when that failure was the last one allowed.
 */
export function nextAttemptAt(
  attemptAt: Date,
  failures: number,
  random: () => number = Math.random,
): Date | null {
  const base = RETRY_DELAYS_MS[failures - 1];
  if (base === undefined) return null;
  const factor = 1 - JITTER + 2 * JITTER * random();
  return new Date(attemptAt.getTime() + Math.round(base * factor));
}

/**
 * Longer than any attempt can take (10 s for a webhook, 30 s for a whole SMTP exchange), so a live
 * worker never loses its lease.
 */
export const LEASE_MS = 60_000;

/**
 * A new lease from `now`: the token its holder records outcomes with, and when it lapses (ISO).
 * Only the holder of the current token may record an outcome; a worker that died leaves a lease
 * that lapses, and the row is claimed again (at least once, never lost; two live workers never
 * make the same attempt).
 */
export function newLease(now: Date): { token: string; until: string } {
  return {
    token: randomBytes(12).toString('base64url'),
    until: new Date(now.getTime() + LEASE_MS).toISOString(),
  };
}

export interface ClaimSpec {
  /** The outbox table: it has `next_attempt_at`, `lease_token` and `lease_until` columns. */
  table: string;
  /** The condition (on the table's own columns) of a row waiting for an attempt. */
  due: string;
  /** What the update returns, on alias `d`. */
  returning: string;
}

/**
 * The claiming update: $1 the lease token, $2 lease_until, $3 now (both ISO), $4 how many. Due
 * rows are leased in one statement, skipping rows another worker is claiming.
 *
 * The due rows are picked once, as an array of the addresses the locking read found them at (a
 * TID scan: rows locked by this statement cannot move before it ends), not as `d.id in (select
 * ... limit n for update skip locked)`. That form, a named statement, got a generic plan from the
 * table's statistics, and after an ANALYZE that found no live rows (a quiet deployment after the
 * 30-day purge, say) the plan was a nested loop running the locking read again for every row of
 * the table: 3,000 deliveries, 274 ms, and 99 leased when 64 were asked for, since each rerun
 * skipped the rows the previous ones had just leased (EXPLAIN ANALYZE, forced generic plan). Now
 * 4 ms and exactly 64 (test/webhooks/claim-plan.test.ts; bench/README.md, item 51).
 */
export function claimDueUpdate(spec: ClaimSpec): string {
  return `update ${spec.table} d
       set lease_token = $1, lease_until = $2::timestamptz
     where d.ctid = any(array(
       select ctid from ${spec.table}
        where ${spec.due}
          and next_attempt_at <= $3::timestamptz
          and (lease_until is null or lease_until <= $3::timestamptz)
        order by next_attempt_at
        limit $4
        for update skip locked))
    returning ${spec.returning}`;
}

export type AttemptResult = 'ok' | 'temporary' | 'permanent';

export interface RetryDecision {
  status: 'done' | 'retry' | 'failed';
  /** When a retry is due; null unless status is retry. */
  nextAttemptAt: Date | null;
  /** Failed attempts of the series after this one. */
  failures: number;
}

/**
 * What an attempt's result means for its row: done, a retry on the schedule, or (a permanent
 * failure, or the sixth temporary one) failed for good.
 */
export function retryDecision(
  seriesAttempts: number,
  attemptAt: Date,
  result: AttemptResult,
  random?: () => number,
): RetryDecision {
  const failures = seriesAttempts + 1;
  if (result === 'ok') return { status: 'done', nextAttemptAt: null, failures: seriesAttempts };
  const next = result === 'temporary' ? nextAttemptAt(attemptAt, failures, random) : null;
  return next === null
    ? { status: 'failed', nextAttemptAt: null, failures }
    : { status: 'retry', nextAttemptAt: next, failures };
}
