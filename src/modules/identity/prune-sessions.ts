// Retention (issue 28): sessions are kept a day past their expiry (12 hours after sign-in, or
// sooner when ended), then deleted by the worker in batches, so the table holds about a day of
// sign-ins whatever the deployment's age. A pruned session was already refused as expired.
import type { AppContext } from '../../context.ts';
import type { Pass } from '../../worker/worker.ts';

export const SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;
const BATCH = 1_000;

export async function pruneExpiredSessions(ctx: AppContext): Promise<Pass> {
  const cutoff = new Date(ctx.clock.now().getTime() - SESSION_RETENTION_MS);
  const res = await ctx.db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) =>
      eb.selectFrom('sessions').select('id').where('expires_at', '<', cutoff).limit(BATCH),
    )
    .executeTakeFirst();
  const n = Number(res.numDeletedRows);
  return { handled: n, full: n === BATCH };
}
