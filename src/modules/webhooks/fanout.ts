// Fan-out: turns queued outbox events into one delivery per matching endpoint of the receiving
// organization. Claimed with FOR UPDATE SKIP LOCKED, so any number of workers share the queue;
// the deliveries and the removal of the queue rows commit together, and the unique
// (event_id, endpoint_id) makes a repeated fan-out harmless.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';

export const FANOUT_BATCH = 200;

/**
 * Who gets an event: the organization's endpoints that subscribe to its type (an empty list is
 * every type) and that existed when it happened; an endpoint never receives older events.
 * A DISABLED endpoint gets the delivery recorded as failed (endpoint_disabled), not sent, so it
 * can be redelivered from the deliveries list after re-enabling.
 */
export function endpointWants(
  endpoint: { events: string[]; created_at: Date },
  event: { type: string; created_at: Date },
): boolean {
  if (endpoint.created_at.getTime() > event.created_at.getTime()) return false;
  return endpoint.events.length === 0 || endpoint.events.includes(event.type);
}

export async function fanOutEvents(ctx: AppContext, batch = FANOUT_BATCH): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const queued = await trx
      .selectFrom('webhook_event_queue as q')
      .innerJoin('events as e', 'e.id', 'q.event_id')
      .select(['e.id', 'e.organization_id', 'e.type', 'e.created_at'])
      .orderBy('q.created_at')
      .orderBy('q.event_id')
      .limit(batch)
      .forUpdate('q')
      .skipLocked()
      .execute();
    if (queued.length === 0) return 0;

    const orgs = [...new Set(queued.map((e) => e.organization_id))];
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'organization_id', 'events', 'status', 'created_at'])
      .where('organization_id', 'in', orgs)
      .execute();
    const now = ctx.clock.now();
    const rows = queued.flatMap((event) =>
      endpoints
        .filter((ep) => ep.organization_id === event.organization_id && endpointWants(ep, event))
        .map((ep) => {
          const disabled = ep.status === 'DISABLED';
          return {
            id: newId('whd'),
            endpoint_id: ep.id,
            organization_id: event.organization_id,
            event_id: event.id,
            event_type: event.type,
            payload: null,
            status: disabled ? ('failed' as const) : ('pending' as const),
            failure_reason: disabled ? ('endpoint_disabled' as const) : null,
            attempts: '[]',
            series_attempts: 0,
            next_attempt_at: disabled ? null : now,
            lease_token: null,
            lease_until: null,
            created_at: now,
            updated_at: now,
          };
        }),
    );
    if (rows.length > 0) {
      await trx
        .insertInto('webhook_deliveries')
        .values(rows)
        .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
        .execute();
    }
    await trx
      .deleteFrom('webhook_event_queue')
      .where(
        'event_id',
        'in',
        queued.map((e) => e.id),
      )
      .execute();
    return queued.length;
  });
}
