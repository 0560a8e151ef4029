// Where the capture family hands work up to inbound (rank 5, above it) without importing it: what
// becomes of a message when one of its captures changes, and the bill a confirmed capture makes.
// inbound plugs both in (src/modules/wiring.ts); capture only declares them. Plus the auto-confirm
// hook the read pass calls once a capture is read (CONTRACT §13, "Learning per supplier").

import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import type { CaptureActor, CapturesTable } from '../../db/tables/capture.ts';
import { Port } from '../../lib/port.ts';

/**
 * "A capture of message M changed: set M's status" (CONTRACT §13: `processing` while a file is
 * being read, `needs_review` while any capture is, then what its files came to). Called in the
 * transaction that changed the capture, after the change.
 */
export type MessageSettled = (trx: Tx, messageId: string, now: Date) => Promise<void>;

/** Plugged by inbound (settle-message.ts); the service is not wired without it. */
export const messageSettledPort = new Port<MessageSettled>('message settled (inbound)');

/**
 * "Make the bill of this confirmed capture" exactly as §11.5 makes one of an e-invoice: the
 * seller matched or a new external party, the duplicate rule, payment holds, the file as an
 * attachment, `document.received`. cap-confirm's: inbound plugs it in.
 */
export type BillFromCapture = (
  trx: Tx,
  capture: Selectable<CapturesTable>,
  actor: CaptureActor,
  now: Date,
) => Promise<{ documentId: string } | { duplicateOf: string }>;

export const billFromCapturePort = new Port<BillFromCapture>('bill from capture (inbound)');

/**
 * Called after a capture was read and committed `needs_review` (outside that transaction): with
 * the organization's auto-confirm on and a known supplier, confirms it (actor `capture_auto`).
 * cap-confirm's; unplugged, nothing happens and the capture waits for a person.
 */
export type AutoConfirm = (ctx: AppContext, captureId: string) => Promise<void>;

export const autoConfirmPort = new Port<AutoConfirm>('capture auto-confirm');
