// Bounces (CONTRACT 11.2, version 1.18.0): a delivery's envelope sender is
// `bounce+<delivery id>.<tag>@<DOCEX_INBOUND_DOMAIN>` (delivery/drain.ts envelopeFrom; the tag an
// HMAC of the delivery id, delivery/return-path.ts), so a delivery status notification (RFC 3464)
// for it comes back to the inbound listener. The listener accepts that address only with the tag
// docex made (or, for a message sent before tags, the untagged form: migration 0049), reads the
// DSN on a parse thread when the DATA ends, and marks the delivery `bounced` with the DSN's status
// code before answering 250 (delivery/deliveries.ts markDeliveryBounced) only when the report
// names the delivery's own Message-ID (in the returned headers or as Original-Envelope-Id),
// arrives within 7 days of sent_at and before viewed_at. Any other report is answered 250,
// logged (`inbound: DSN ignored`, with why), kept as a refused inbound message of the delivery's
// organization whose reason says why, and changes nothing else.
import type { AppContext, Tx } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { markDeliveryBounced } from '../delivery/deliveries.ts';
import { returnPathTagValid } from '../delivery/return-path.ts';
import { appendEvents } from '../events/append.ts';
import { LISTED, projectMessage, storeMessage } from './messages.ts';
import { dsnOffThread } from './parse-pool.ts';
import type { DsnOutcome } from './read-dsn.ts';
import type { ReceivedHeaders } from './read-headers.ts';

const BOUNCE_LOCAL = /^bounce\+(dlv_[A-Za-z0-9]{1,64})(?:\.([0-9A-Fa-f]{1,64}))?$/;
/** A DSN arrives within days; one later than this names an old message and is ignored. */
export const BOUNCE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The delivery id of a `bounce+<id>.<tag>` local part when the tag is docex's for that delivery
 * (or `bounce+<id>` for a delivery sent before tags) and the delivery exists; null otherwise.
 */
export async function bounceDelivery(ctx: AppContext, local: string): Promise<string | null> {
  const m = BOUNCE_LOCAL.exec(local);
  const id = m?.[1];
  if (!id) return null;
  const tag = m[2];
  if (tag !== undefined && !returnPathTagValid(ctx, id, tag)) return null;
  const row = await ctx.db
    .selectFrom('deliveries')
    .select(['id', 'return_path_untagged'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return tag !== undefined || row.return_path_untagged ? row.id : null;
}

/** RFC 3461 xtext ("+2B" for "+") decoded, angle brackets stripped. */
function bareId(value: string): string {
  return value
    .replace(/\+([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .trim()
    .replace(/^<(.*)>$/, '$1');
}

/** Whether the report names this Message-ID (`<dlv_…@domain>`) itself. */
function namesMessage(dsn: DsnOutcome, messageId: string | null): boolean {
  if (messageId === null) return false;
  const own = bareId(messageId);
  return (
    (dsn.returnedMessageId !== null && bareId(dsn.returnedMessageId) === own) ||
    (dsn.originalEnvelopeId !== null && bareId(dsn.originalEnvelopeId) === own)
  );
}

/** The DSN's own envelope and headers, kept with it when it is ignored. */
export interface BounceMail {
  envelopeFrom: string | null;
  headers: ReceivedHeaders;
  clientIp: string | null;
  helo: string | null;
}

/**
 * The DATA of a message to bounce addresses: a DSN reporting a failure, for a delivery it names,
 * within 7 days of its sending and before it was viewed, marks it bounced (one transaction,
 * committed before the 250). Any other report is kept and ignored: stored as an inbound message of
 * the delivery's organization, `refused` with the reason in words (listed at
 * GET /v1/inbound/messages, `inbound.refused` emitted), and the delivery stays as it was. Returns
 * the reply text.
 */
export async function recordBounce(
  ctx: AppContext,
  deliveryIds: readonly string[],
  raw: Buffer,
  mail: BounceMail,
): Promise<string> {
  const dsn = await dsnOffThread(ctx.config, raw);
  const status = dsn?.failedStatus ?? null;
  const notAFailure =
    dsn === null
      ? 'it is not a delivery status notification'
      : status === null
        ? 'it reports no failure (a delay, a relay or a delivery)'
        : null;
  const now = ctx.clock.now();
  const outcome = await inTransaction(ctx.db, async (trx) => {
    let marked = 0;
    const ignored: { id: string; organizationId: string; sandbox: boolean; why: string }[] = [];
    for (const id of deliveryIds) {
      const d = await trx
        .selectFrom('deliveries')
        .select(['id', 'organization_id', 'sandbox', 'message_id', 'sent_at', 'viewed_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!d) continue;
      const why =
        notAFailure ??
        (!namesMessage(dsn!, d.message_id)
          ? "it does not name the delivery's own Message-ID"
          : d.sent_at === null
            ? 'the delivery was never sent'
            : now.getTime() - d.sent_at.getTime() > BOUNCE_WINDOW_MS
              ? 'it came more than 7 days after the delivery was sent'
              : d.viewed_at !== null && d.viewed_at.getTime() <= now.getTime()
                ? 'the recipient had already viewed the document'
                : null);
      if (why !== null) {
        ignored.push({ id, organizationId: d.organization_id, sandbox: d.sandbox, why });
        ctx.log.info({ delivery_id: id, reason: why }, 'inbound: DSN ignored');
        continue;
      }
      if (await markDeliveryBounced(ctx, trx, id, status!)) marked++;
    }
    await keepIgnored(trx, raw, mail, ignored, now);
    return { marked, ignored: ignored.length };
  });
  if (outcome.marked > 0) return `Bounce recorded (${status})`;
  // why is kept for the organization, never told: the sender of a forged report learns nothing
  // (not even whether the recipient viewed the document)
  if (outcome.ignored > 0 || notAFailure !== null) return 'Report received: nothing recorded';
  return 'Bounce already recorded';
}

/** Each organization's ignored reports, as one refused inbound message with the reasons. */
async function keepIgnored(
  trx: Tx,
  raw: Buffer,
  mail: BounceMail,
  ignored: readonly { id: string; organizationId: string; sandbox: boolean; why: string }[],
  now: Date,
): Promise<void> {
  const byOrg = new Map<string, (typeof ignored)[number][]>();
  for (const i of ignored) byOrg.set(i.organizationId, [...(byOrg.get(i.organizationId) ?? []), i]);
  for (const [organizationId, list] of byOrg) {
    const reasons = list.map(
      (i) =>
        `A report to the return path of delivery ${i.id}, ignored: ${i.why}. The delivery keeps its status.`,
    );
    const [id] = await storeMessage(trx, {
      organizationIds: [organizationId],
      channel: 'email',
      envelopeFrom: mail.envelopeFrom,
      raw,
      headers: mail.headers,
      now,
      clientIp: mail.clientIp,
      helo: mail.helo,
      refused: reasons,
    });
    const row = await trx
      .selectFrom('inbound_messages')
      .select(LISTED)
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    await appendEvents(
      trx,
      [
        {
          organizationId,
          sandbox: list[0]!.sandbox,
          type: 'inbound.refused',
          data: { message: projectMessage(row) },
        },
      ],
      now,
    );
  }
}
