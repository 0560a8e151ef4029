// What the capture family (rank 4) hands up to inbound (rank 5), which owns messages and makes
// received bills (CONTRACT 11.5): inbound plugs these in src/modules/wiring.ts, so capture never
// imports inbound (docs/architecture.md, "Ports").
import type { AppContext, Tx } from '../../context.ts';
import { Port } from '../../lib/port.ts';
import type { ImportedInvoice, ImportedParty } from '../einvoice/import-model.ts';
import type { ReceivedContent } from '../einvoice/received-content.ts';

/** A confirmed capture, as the bill §11.5 makes of it needs it (capture-bill.ts builds it). */
export interface CaptureBill {
  organizationId: string;
  captureId: string;
  inboundMessageId: string;
  /** the captured file: the bill's attachment, its sha256 in `received` */
  file: { filename: string; contentType: string; bytes: Uint8Array; sha256: string };
  /** BG-4 from the confirmed fields (name, VAT id, registration id, email) */
  seller: ImportedParty;
  number: string;
  issueDate: string;
  /** the bill's content (lines, totals equal to the confirmed values to the cent) */
  received: ReceivedContent;
  /** BG-17 from the confirmed IBAN and BIC (null without an IBAN) */
  paymentAccount: ImportedInvoice['paymentAccount'];
  /** the total was not read `high` (typed, corrected or read low): the bill is held capture_unconfirmed */
  totalUnconfirmed: boolean;
}

export type CaptureBillOutcome =
  | { status: 'created'; documentId: string }
  | { status: 'duplicate'; duplicateOf: string }
  /** the seller cannot be added as a party (its name or email refused): in words, per field */
  | { status: 'refused'; reasons: string[] };

/**
 * Makes the bill of a confirmed capture exactly as §11.5 makes one of an e-invoice, in the caller's
 * transaction (inbound's receive-bill.ts, under the receiver's inbound lock).
 */
export const billFromCapturePort = new Port<
  (trx: Tx, bill: CaptureBill, now: Date) => Promise<CaptureBillOutcome>
>('bill from a confirmed capture (inbound)');

/**
 * A capture of message `inboundMessageId` changed (confirmed, rejected, duplicate): inbound sets
 * the message's status (`needs_review` while any capture is, else `accepted` with its documents).
 */
export const messageSettledPort = new Port<(trx: Tx, inboundMessageId: string, now: Date) => Promise<void>>(
  "a capture's message settled (inbound)",
);

/**
 * After a capture is read (the read pass), docex confirms it by itself when the organization's
 * `capture.auto_confirm` is on and the rule of auto-confirm.ts holds; answers whether it did.
 * Plugged in src/modules/wiring.ts (the read pass does not import the confirmation).
 */
export const autoConfirmPort = new Port<
  (ctx: AppContext, trx: Tx, captureId: string, now: Date) => Promise<boolean>
>('auto-confirm of a read capture (capture)');
