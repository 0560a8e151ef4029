// What the metrics endpoint reads of the service (src/observability/metrics.ts), gathered here at
// the top beside src/routes.ts and src/tasks.ts: the observability layer sits below the families
// and the context, so the families' outbox readings are handed to it instead of imported by it.
import { sql } from 'kysely';
import type { AppContext } from './context.ts';
import { emailBacklog } from './modules/delivery/backlog.ts';
import { inboundBacklog } from './modules/inbound/backlog.ts';
import { webhookBacklogs } from './modules/webhooks/backlog.ts';
import type { MetricsSources } from './observability/metrics.ts';

export function metricsSources(ctx: AppContext): MetricsSources {
  return {
    now: () => ctx.clock.now().getTime(),
    databaseKind: ctx.database.kind,
    poolStats: () => ctx.database.poolStats(),
    async probe() {
      const row = await sql<{ recovery: boolean }>`select pg_is_in_recovery() as recovery`.execute(ctx.db);
      const backlogs = [...(await webhookBacklogs(ctx)), await emailBacklog(ctx), await inboundBacklog(ctx)];
      return { primary: row.rows[0]?.recovery === false, backlogs };
    },
  };
}
