// No password guessing per account (CONTRACT 10): after 5 failed sign-ins for one email within 15
// minutes, that email's sign-ins answer 429 rate_limited with Retry-After, the right password
// included, until the window lets one through. Counted in the database, so every process of a
// deployment shares the count, on the one clock.
//
// An attempt is written as a failure BEFORE its password is checked, under a per-email advisory
// lock, and deleted when the password was right: concurrent guesses each see the ones before them,
// so no more than 5 ever reach the password check in a window (a count taken after the check
// would let every guess of a burst through).
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

/** A claimed attempt: settle it with `succeeded` or leave it standing as a failure. */
export interface Attempt {
  succeeded(): Promise<void>;
}

export async function claimSignInAttempt(ctx: AppContext, email: string): Promise<Attempt> {
  const key = email.toLowerCase();
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - WINDOW_MS);
  const id = newId('sif');
  await inTransaction(ctx.db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`docex sign-in ${key}`}, 0))`.execute(trx);
    // The newest failures in the window, newest first: the 5th is the one whose expiry frees a try.
    const recent = await trx
      .selectFrom('sign_in_failures')
      .select('at')
      .where('email', '=', key)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(MAX_FAILURES)
      .execute();
    if (recent.length >= MAX_FAILURES) {
      const frees = (recent[MAX_FAILURES - 1] as { at: Date }).at.getTime() + WINDOW_MS;
      const retryAfter = Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
      ctx.metrics?.rateLimited('sign_in_email');
      throw new ApiError(
        'rate_limited',
        `Too many failed sign-ins for this email: try again in ${retryAfter} seconds.`,
        { retry_after: retryAfter },
        { 'retry-after': String(retryAfter) },
      );
    }
    await trx.insertInto('sign_in_failures').values({ id, email: key, at: now }).execute();
  });
  return {
    async succeeded() {
      // The right password ends the streak: the email's failures are forgotten.
      await ctx.db.deleteFrom('sign_in_failures').where('email', '=', key).execute();
    },
  };
}

/** Worker housekeeping: failures past the window count for nothing. */
export async function pruneSignInFailures(ctx: AppContext): Promise<number> {
  const res = await ctx.db
    .deleteFrom('sign_in_failures')
    .where('at', '<=', new Date(ctx.clock.now().getTime() - WINDOW_MS))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
