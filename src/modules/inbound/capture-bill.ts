// Inbound's side of a capture's confirmation (CONTRACT 13), plugged into capture's ports in
// src/modules/wiring.ts: the bill is made by receive-bill.ts exactly as an e-invoice's is (under
// the same per-organization lock, so a capture and an e-invoice of the same invoice, confirmed and
// processed at once, still make one bill), and the message's status follows its captures.
import { sql } from 'kysely';
import type { Tx } from '../../context.ts';
import type { CaptureBill, CaptureBillOutcome } from '../capture/ports.ts';
import { Refused, receiveBill } from './receive-bill.ts';

/** The receiver's inbound lock (process.ts takes the same one): its acceptances take turns. */
const lockReceiver = (trx: Tx, organizationId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`docex inbound ${organizationId}`}, 0))`.execute(trx);

/** billFromCapturePort: the confirmed capture's bill, in the caller's transaction. */
export async function billFromCapture(trx: Tx, bill: CaptureBill, now: Date): Promise<CaptureBillOutcome> {
  await lockReceiver(trx, bill.organizationId);
  const m = await trx
    .selectFrom('inbound_messages')
    .select(['id', 'channel', 'from_address', 'envelope_from', 'message_id', 'raw', 'authentication'])
    .where('id', '=', bill.inboundMessageId)
    .where('organization_id', '=', bill.organizationId)
    .executeTakeFirstOrThrow();
  const org = await trx
    .selectFrom('organizations')
    .select(['id', 'environment'])
    .where('id', '=', bill.organizationId)
    .executeTakeFirstOrThrow();
  try {
    const made = await receiveBill(
      trx,
      org,
      {
        id: m.id,
        channel: m.channel,
        sender: m.channel === 'email' ? (m.from_address ?? m.envelope_from) : null,
        from_address: m.from_address,
        message_id: m.message_id,
        raw: Buffer.from(m.raw),
        // evaluated when the message was processed (authenticate.ts); never again here
        auth: m.channel === 'email' ? m.authentication : null,
      },
      {
        filename: bill.file.filename,
        contentType: bill.file.contentType,
        bytes: Buffer.from(bill.file.bytes),
        sha256: bill.file.sha256,
      },
      {
        seller: bill.seller,
        number: bill.number,
        issueDate: bill.issueDate,
        received: () => bill.received,
        paymentAccount: bill.paymentAccount,
        capture: { id: bill.captureId, totalUnconfirmed: bill.totalUnconfirmed },
      },
      now,
    );
    return made.status === 'created'
      ? { status: 'created', documentId: made.record.id }
      : { status: 'duplicate', duplicateOf: made.duplicateOf };
  } catch (err) {
    if (err instanceof Refused) return { status: 'refused', reasons: err.reasons };
    throw err;
  }
}
