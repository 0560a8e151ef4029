// The outbox (CONTRACT 5): events are rows written in the same transaction as the change they
// report, one per receiving organization in that organization's projection. A committed change
// always produces its events; a rolled-back one never does. Delivery reads these rows later.
import type { Tx } from '../../context.ts';
import { newId } from '../../lib/ids.ts';
import { API_VERSION } from '../../version.ts';

export const EVENT_TYPES = [
  'document.created',
  'document.status_changed',
  'document.edited',
  'payment.settled',
  'payment.failed',
  'finance.offer.received',
  'finance.agreement.accepted',
  'finance.agreement.funded',
  'finance.agreement.repaid',
  'finance.agreement.closed',
  'finance.agreement.flagged',
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

/** Appends events to the outbox inside the caller's transaction; returns their envelopes. */
export async function appendEvents(trx: Tx, events: AppendEvent[], now: Date): Promise<EventEnvelope[]> {
  if (events.length === 0) return [];
  const envelopes = events.map((e) => makeEnvelope(e.type, e.data, e.sandbox, now));
  await trx
    .insertInto('events')
    .values(
      events.map((e, i) => ({
        id: envelopes[i]!.id,
        organization_id: e.organizationId,
        type: e.type,
        document_id: e.documentId ?? null,
        envelope: JSON.stringify(envelopes[i]),
        created_at: now,
      })),
    )
    .execute();
  return envelopes;
}
