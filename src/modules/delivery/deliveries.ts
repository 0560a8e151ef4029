// The delivery record as the API shows it (CONTRACT 11.2), and the changes other families make to
// a delivery: viewed (the recipient link's first GET) and bounced (a DSN at the inbound listener).
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import type { DeliveriesTable, EmailAttempt } from '../../db/tables/delivery.ts';
import { documentById, projectDocument } from '../documents/index.ts';
import { appendEvents } from '../events/append.ts';

export type DeliveryRow = Selectable<DeliveriesTable>;

export interface DeliveryView {
  id: string;
  document_id: string | null;
  channel: 'email';
  kind: string;
  to: string;
  status: DeliveriesTable['status'];
  message_id: string | null;
  attempts: EmailAttempt[];
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  viewed_at: string | null;
  bounce_status: string | null;
  attachments_omitted: { code: string; missing: unknown[] } | null;
  sandbox: boolean;
  created_at: string;
}

/** Columns of a delivery row the view reads (not the message bytes). */
export const VIEW_COLUMNS = [
  'id',
  'organization_id',
  'document_id',
  'external_party_id',
  'kind',
  'channel',
  'to_address',
  'status',
  'sandbox',
  'message_id',
  'recipient_link_id',
  'attachments_omitted',
  'attempts',
  'series_attempts',
  'next_attempt_at',
  'last_error',
  'sent_at',
  'viewed_at',
  'bounce_status',
  'created_at',
  'updated_at',
] as const;

export type DeliveryViewRow = Pick<DeliveryRow, (typeof VIEW_COLUMNS)[number]>;

const isoOrNull = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export function deliveryView(r: DeliveryViewRow): DeliveryView {
  return {
    id: r.id,
    document_id: r.document_id,
    channel: 'email',
    kind: r.kind,
    to: r.to_address,
    status: r.status,
    message_id: r.message_id,
    attempts: r.attempts,
    next_attempt_at: r.status === 'queued' ? isoOrNull(r.next_attempt_at) : null,
    last_error: r.last_error,
    sent_at: isoOrNull(r.sent_at),
    viewed_at: isoOrNull(r.viewed_at),
    bounce_status: r.bounce_status,
    attachments_omitted: r.attachments_omitted,
    sandbox: r.sandbox,
    created_at: r.created_at.toISOString(),
  };
}

type DeliveryEvent = 'document.delivered' | 'document.delivery_failed' | 'document.viewed';

/** The event of a delivery's document to its sender (data: the document and the delivery). */
export async function appendDeliveryEvent(
  trx: Tx,
  type: DeliveryEvent,
  d: DeliveryViewRow,
  now: Date,
): Promise<void> {
  if (d.document_id === null || d.kind === 'claim_code') return;
  const doc = await documentById(trx, d.document_id);
  if (!doc) return;
  await appendEvents(
    trx,
    [
      {
        organizationId: d.organization_id,
        sandbox: d.sandbox,
        type,
        documentId: d.document_id,
        data: { document: projectDocument(doc, d.organization_id), delivery: deliveryView(d) },
      },
    ],
    now,
  );
}

/**
 * The recipient link was opened (h38-recipient calls this on every GET of the link; cheap and
 * idempotent): the link's document deliveries not yet viewed get viewed_at, and the first view
 * of the link emits document.viewed to the sender. Returns whether this was the first view.
 */
export async function markDeliveryViewed(
  ctx: Pick<AppContext, 'clock'>,
  trx: Tx,
  linkId: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const seen = await trx
    .selectFrom('deliveries')
    .select('id')
    .where('recipient_link_id', '=', linkId)
    .where('viewed_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  const updated = await trx
    .updateTable('deliveries')
    .set({ viewed_at: now, updated_at: now })
    .where('recipient_link_id', '=', linkId)
    .where('viewed_at', 'is', null)
    .returning(VIEW_COLUMNS)
    .execute();
  const first = updated[0];
  if (seen || first === undefined) return false;
  await appendDeliveryEvent(trx, 'document.viewed', first, now);
  return true;
}

/**
 * A delivery status notification (RFC 3464) came back for the delivery (h39's inbound listener,
 * for `bounce+<delivery id>@<DOCEX_INBOUND_DOMAIN>`): the delivery is `bounced` with the DSN's
 * status code (e.g. "5.1.1"), and document.delivery_failed goes to the sender. Returns false for
 * an unknown delivery, or one already bounced.
 */
export async function markDeliveryBounced(
  ctx: Pick<AppContext, 'clock'>,
  trx: Tx,
  deliveryId: string,
  dsnStatus: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const status = dsnStatus
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, 64);
  const row = await trx
    .updateTable('deliveries')
    .set({
      status: 'bounced',
      bounce_status: status,
      next_attempt_at: null,
      lease_token: null,
      lease_until: null,
      last_error: `bounced: ${status}`,
      updated_at: now,
    })
    .where('id', '=', deliveryId)
    .where('status', 'in', ['sent', 'queued', 'failed'])
    .returning(VIEW_COLUMNS)
    .executeTakeFirst();
  if (!row) return false;
  await appendDeliveryEvent(trx, 'document.delivery_failed', row, now);
  return true;
}
