// Bounces (CONTRACT 11.2, version 1.18.0): a delivery's envelope sender is
// `bounce+<delivery id>.<tag>@<DOCEX_INBOUND_DOMAIN>` (delivery/drain.ts envelopeFrom; the tag an
// HMAC of the delivery id, delivery/return-path.ts), so a delivery status notification (RFC 3464)
// for it comes back to the inbound listener. The listener accepts that address only with the tag
// docex made (or, for a message sent before tags, the untagged form: migration 0049), reads the
// DSN on a parse thread when the DATA ends, and marks the delivery `bounced` with the DSN's status
// code before answering 250 (delivery/deliveries.ts markDeliveryBounced) only when the report
// names the delivery's own Message-ID (in the returned headers or as Original-Envelope-Id),
// arrives within 7 days of sent_at and before viewed_at. Any other report is answered 250,
// logged (`inbound: DSN ignored`, with why) and changes nothing.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { markDeliveryBounced } from '../delivery/deliveries.ts';
import { returnPathTagValid } from '../delivery/return-path.ts';
import { dsnOffThread } from './parse-pool.ts';
import type { DsnOutcome } from './read-dsn.ts';

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

/**
 * The DATA of a message to bounce addresses: a DSN reporting a failure, for a delivery it names,
 * within 7 days of its sending and before it was viewed, marks it bounced (one transaction,
 * committed before the 250). Returns the reply text.
 */
export async function recordBounce(
  ctx: AppContext,
  deliveryIds: readonly string[],
  raw: Buffer,
): Promise<string> {
  const dsn = await dsnOffThread(ctx.config, raw);
  if (dsn === null) return 'Not a delivery status notification: nothing recorded';
  const status = dsn.failedStatus;
  if (status === null) return 'Delivery status notification without a failure: nothing recorded';
  const now = ctx.clock.now();
  const outcome = await inTransaction(ctx.db, async (trx) => {
    let marked = 0;
    const ignored: string[] = [];
    for (const id of deliveryIds) {
      const d = await trx
        .selectFrom('deliveries')
        .select(['id', 'message_id', 'sent_at', 'viewed_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      const why = !d
        ? 'no such delivery'
        : !namesMessage(dsn, d.message_id)
          ? "the report does not name the delivery's Message-ID"
          : d.sent_at === null
            ? 'the delivery was never sent'
            : now.getTime() - d.sent_at.getTime() > BOUNCE_WINDOW_MS
              ? 'the report came more than 7 days after the delivery was sent'
              : d.viewed_at !== null && d.viewed_at.getTime() <= now.getTime()
                ? 'the recipient has already viewed the document'
                : null;
      if (why !== null) {
        ignored.push(why);
        ctx.log.info({ delivery_id: id, reason: why }, 'inbound: DSN ignored');
        continue;
      }
      if (await markDeliveryBounced(ctx, trx, id, status)) marked++;
    }
    return { marked, ignored };
  });
  if (outcome.marked > 0) return `Bounce recorded (${status})`;
  // why is logged, never told: the sender of a forged report learns nothing (not even whether
  // the recipient viewed the document)
  if (outcome.ignored.length > 0) return 'Report received: nothing recorded';
  return 'Bounce already recorded';
}
