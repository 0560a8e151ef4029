// The outbox (CONTRACT 5): events are rows written in the same transaction as the change they
// report, one per receiving organization in that organization's projection. A committed change
// always produces its events; a rolled-back one never does. Delivery reads these rows later.
import { sql } from 'kysely';
import type { Tx } from '../../context.ts';
import { newId } from '../../lib/ids.ts';
import { currentTraceparent } from '../../observability/trace-hooks.ts';
import { API_VERSION } from '../../version.ts';

export const EVENT_TYPES = [
  'document.created',
  'document.status_changed',
  'document.edited',
  'document.delivered',
  'document.delivery_failed',
  'document.viewed',
  'payment.settled',
  'payment.failed',
  'finance.offer.received',
  'finance.agreement.accepted',
  'finance.agreement.funded',
  'finance.agreement.repaid',
  'finance.agreement.closed',
  'finance.agreement.flagged',
  'document.received',
  'inbound.refused',
  'capture.needs_review',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventEnvelope {
  id: string;
  type: EventType | 'ping';
  api_version: string;
  created_at: string;
  data: Record<string, unknown>;
  sandbox?: true;
}

export interface AppendEvent {
  organizationId: string;
  sandbox: boolean;
  type: EventType;
  documentId?: string | null;
  data: Record<string, unknown>;
}

export function makeEnvelope(
  type: EventEnvelope['type'],
  data: Record<string, unknown>,
  sandbox: boolean,
  now: Date,
): EventEnvelope {
  return {
    id: newId('evt'),
    type,
    api_version: API_VERSION,
    created_at: now.toISOString(),
    data,
    ...(sandbox ? { sandbox: true as const } : {}),
  };
}

/**
 * The statement that queues written events for fan-out (webhooks/fanout.ts): only those whose
 * organization has a webhook endpoint when they are written, since fan-out of an event no endpoint
 * can want creates nothing (migration 0013). `from` names a relation of (id, organization_id,
 * created_at): the events just inserted.
 */
export const QUEUE_FOR_FANOUT = (from: string) =>
  `insert into webhook_event_queue (event_id, created_at)
    select q.id, q.created_at from ${from} q
     where exists (select 1 from webhook_endpoints w where w.organization_id = q.organization_id)`;

/**
 * Appends events to the outbox inside the caller's transaction, queued for fan-out in the same
 * statement; returns their envelopes.
 */
export async function appendEvents(trx: Tx, events: AppendEvent[], now: Date): Promise<EventEnvelope[]> {
  if (events.length === 0) return [];
  const envelopes = events.map((e) => makeEnvelope(e.type, e.data, e.sandbox, now));
  // The span writing them (with tracing on), so their webhook deliveries continue its trace.
  const traceparent = currentTraceparent();
  const rows = events.map(
    (e, i) =>
      sql`(${envelopes[i]!.id}, ${e.organizationId}, ${e.type}, ${e.documentId ?? null}, ${JSON.stringify(envelopes[i])}, ${now}::timestamptz, ${traceparent})`,
  );
  await sql`with e as (
      insert into events (id, organization_id, type, document_id, envelope, created_at, traceparent)
      values ${sql.join(rows)}
      returning id, organization_id, created_at)
    ${sql.raw(QUEUE_FOR_FANOUT('e'))}`.execute(trx);
  return envelopes;
}
