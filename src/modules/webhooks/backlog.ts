// How far the webhook outboxes are behind, for the metrics endpoint (src/observability/metrics.ts).
// Each reading walks an index, never the table: the oldest item is the first entry of
// webhook_event_queue_order (created_at) or of the partial index webhook_deliveries_due
// (next_attempt_at, rows with a next attempt only), and the depth counts entries of the same
// index, stopping at BACKLOG_COUNT_CAP so a backlog of millions costs a bounded read.
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { BACKLOG_COUNT_CAP, type Backlog } from '../../observability/backlog.ts';

/** Events waiting for fan-out, and deliveries scheduled for an attempt. */
export async function webhookBacklogs(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<Backlog[]> {
  const now = ctx.clock.now();
  const cap = sql.lit(BACKLOG_COUNT_CAP);
  const { rows } = await sql<{
    queued: number;
    queued_since: Date | null;
    due: number;
    due_since: Date | null;
  }>`
    select
      (select count(*) from (select 1 from webhook_event_queue limit ${cap}) q)::int as queued,
      (select min(created_at) from webhook_event_queue) as queued_since,
      (select count(*) from (select 1 from webhook_deliveries
                              where next_attempt_at is not null limit ${cap}) d)::int as due,
      (select min(next_attempt_at) from webhook_deliveries
        where next_attempt_at is not null and next_attempt_at <= ${now}) as due_since`.execute(ctx.db);
  const row = rows[0];
  const age = (since: Date | null | undefined) =>
    since ? Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000) : 0;
  return [
    { outbox: 'webhook_event_queue', depth: row?.queued ?? 0, oldestAgeSeconds: age(row?.queued_since) },
    { outbox: 'webhook_deliveries', depth: row?.due ?? 0, oldestAgeSeconds: age(row?.due_since) },
  ];
}
