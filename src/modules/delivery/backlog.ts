// How far the email outbox is behind, for the metrics endpoint (src/observability/metrics.ts), read
// like the webhook outboxes' (src/modules/webhooks/backlog.ts): from the partial index
// deliveries_due (next_attempt_at of the queued rows), the depth counted up to a cap.
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { BACKLOG_COUNT_CAP, type Backlog } from '../../observability/backlog.ts';

/** Email deliveries queued for an attempt, and how long the oldest due one has waited. */
export async function emailBacklog(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<Backlog> {
  const now = ctx.clock.now();
  const cap = sql.lit(BACKLOG_COUNT_CAP);
  const { rows } = await sql<{ queued: number; due_since: Date | null }>`
    select
      (select count(*) from (select 1 from deliveries where status = 'queued' limit ${cap}) d)::int as queued,
      (select min(next_attempt_at) from deliveries
        where status = 'queued' and next_attempt_at <= ${now}) as due_since`.execute(ctx.db);
  const row = rows[0];
  const since = row?.due_since;
  return {
    outbox: 'email_deliveries',
    depth: row?.queued ?? 0,
    oldestAgeSeconds: since ? Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000) : 0,
  };
}
