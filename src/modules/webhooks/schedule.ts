// The retry schedule (SPEC 6.3, CONTRACT 5): an attempt at once, then 1 min, 5 min, 30 min, 2 h
// and 8 h after the previous attempt, each delay ±10 % so a receiver that came back up is not hit
// by every queued delivery in the same second. The sixth failure is terminal.

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
export const JITTER = 0.1;

/** Consecutive terminal failures after which an endpoint is DISABLED (SPEC 2.4). */
export const DISABLE_AFTER_TERMINAL_FAILURES = 20;

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
