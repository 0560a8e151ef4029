// POST /v1/captures/{id}/reject (CONTRACT §13): a person closes a capture without a bill (not an
// invoice, a copy, unreadable). In the request's transaction (the pipeline's: the change and its
// Idempotency-Key record commit together); the message it came with is settled in the same one.
// The reason is required (what the message's `reasons` and the app show), kept as
// `rejected_reason` with `rejected_at` and `rejected_by`.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError, invalid } from '../../lib/errors.ts';
import { unstorableTextProblem } from '../../lib/text.ts';
import { captureActorOf, lockCapture, PROJECTED, projectCapture } from './captures.ts';
import { messageSettledPort } from './ports.ts';
import type { CaptureView, RejectCaptureBodyT } from './schemas.ts';

/** The reason as kept: trimmed, and something a person can read (400 naming `reason` otherwise). */
function reasonOf(given: string): string {
  const reason = given.trim();
  const problem =
    reason === ''
      ? 'is empty: say in words why the capture is rejected (for example "Not an invoice: a delivery note.")'
      : unstorableTextProblem(reason);
  if (problem !== null) throw invalid([{ path: 'reason', message: problem }], `reason ${problem}.`);
  return reason;
}

export function rejectCapture(
  ctx: AppContext,
  principal: Principal,
  id: string,
  body: RejectCaptureBodyT,
): Promise<CaptureView> {
  const now = ctx.clock.now();
  const reason = reasonOf(body.reason);
  return inTransaction(ctx.db, async (trx) => {
    const row = await lockCapture(trx, principal.organization.id, id);
    // Rejected already (by a person, or a file the reader refused): the same answer, nothing new.
    if (row.status === 'rejected') return projectCapture(row);
    if (row.status !== 'needs_review') {
      throw new ApiError(
        'conflict',
        row.status === 'confirmed'
          ? `This capture was confirmed: it is the bill ${row.document_id}, which is voided or disputed as a document, not rejected here.`
          : `This capture is closed as a duplicate of ${row.duplicate_of}: there is nothing to reject.`,
        { status: row.status },
      );
    }
    const updated = await trx
      .updateTable('captures')
      .set({
        status: 'rejected',
        reject_reason: reason,
        rejected_at: now,
        rejected_by: JSON.stringify(captureActorOf(principal)),
      })
      .where('id', '=', id)
      .returning(PROJECTED)
      .executeTakeFirstOrThrow();
    await messageSettledPort.need()(trx, row.inbound_message_id, now);
    return projectCapture(updated);
  });
}
