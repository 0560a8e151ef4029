// How far the processing of received messages is behind, for the metrics endpoint
// (src/observability/metrics.ts): the messages still `processing`, read from the partial index
// inbound_messages_pending (received_at), the depth counted up to a cap as the outboxes' are.
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { BACKLOG_COUNT_CAP, type Backlog } from '../../observability/backlog.ts';

/** Stored messages not yet turned into documents or a refusal, and the oldest one's wait. */
export async function inboundBacklog(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<Backlog> {
  const now = ctx.clock.now();
  const cap = sql.lit(BACKLOG_COUNT_CAP);
  const { rows } = await sql<{ pending: number; since: Date | null }>`
    select
      (select count(*) from (select 1 from inbound_messages where status = 'processing' limit ${cap}) m)::int as pending,
      (select min(received_at) from inbound_messages where status = 'processing') as since`.execute(ctx.db);
  const row = rows[0];
  const since = row?.since;
  return {
    outbox: 'inbound_messages',
    depth: row?.pending ?? 0,
    oldestAgeSeconds: since ? Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000) : 0,
  };
}
