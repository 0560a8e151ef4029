// POST /v1/captures/{id}/confirm (CONTRACT 13): the corrections given replace what was read (each
// recorded with the value it replaced, on the capture and in the bill's history), the required
// fields are checked, and the capture becomes a bill exactly as an e-invoice does in §11.5
// (inbound's receive-bill.ts, through billFromCapturePort): seller matched or a new external party,
// the same duplicate rule, payment holds (and `capture_unconfirmed` when the total was not read
// `high`), the file as attachment, `document.received`. Learning and the message's status are
// written in the same transaction, which in a request is the pipeline's write transaction: the
// effect and the Idempotency-Key record commit together (docs/exactly-once.md).
//
// Confirming again: a confirmed capture answers unchanged (no second bill) when the request sends
// no correction or the same ones, and 409 when it would change a confirmed value (the bill exists:
// correct the bill, not the capture). A rejected capture is 409, a duplicate 409 naming the
// document it repeats, one still being read 409 (lockCapture, the lock reject takes too).
import type { AppContext, Tx } from '../../context.ts';
import type { CaptureActor } from '../../db/tables/capture.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import type { CaptureFields } from '../../lib/capture-shapes.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError, invalid } from '../../lib/errors.ts';
import {
  actorFromPrincipal,
  appendHistoryEntry,
  type DocumentActor,
  systemActor,
} from '../documents/index.ts';
import { asInvoice, captureContent } from './capture-bill.ts';
import { type CaptureRow, captureActorOf, captureBytes, lockCapture, projectCapture } from './captures.ts';
import {
  applyCorrections,
  type Corrections,
  checkConfirmed,
  FIELD_NAMES,
  valuesOf,
} from './confirm-fields.ts';
import type { ConfirmBodyT } from './confirm-schemas.ts';
import { learnFromConfirmation } from './learn.ts';
import { billFromCapturePort, messageSettledPort } from './ports.ts';
import type { CaptureView } from './schemas.ts';

/** Who confirms: as the capture records it, and as the bill's history does. */
export interface Confirmer {
  by: CaptureActor;
  history: DocumentActor;
}

export function confirmerOf(p: Principal): Confirmer {
  return {
    by: captureActorOf(p),
    history: actorFromPrincipal(p),
  };
}

/** docex itself, confirming a known supplier's capture (auto-confirm.ts). */
export const autoConfirmer = (organizationId: string): Confirmer => ({
  by: { kind: 'capture_auto', id: null },
  history: systemActor(organizationId),
});

const NOTHING_READ = Object.fromEntries(FIELD_NAMES.map((n) => [n, null])) as unknown as CaptureFields;

/**
 * Confirms a capture that is `needs_review`, locked by the caller: the bill made (or the capture
 * found a duplicate), the capture updated, learning stored, the message settled. Throws 400 naming
 * every field that stops it.
 */
export async function confirmLocked(
  ctx: AppContext,
  trx: Tx,
  row: CaptureRow,
  sent: Corrections | undefined,
  who: Confirmer,
  now: Date,
): Promise<CaptureRow> {
  const read = row.fields ?? NOTHING_READ;
  const { fields, corrections } = applyCorrections(read, sent);
  const values = valuesOf(fields);
  const { problems, amounts } = checkConfirmed(values);
  if (amounts === null) {
    throw invalid(
      problems,
      `The capture cannot be confirmed: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}.`,
    );
  }
  const invoice = asInvoice(values, amounts, row.lines);
  const received = captureContent(invoice);
  if (values.payment_reference !== null)
    received.content.external_refs.payment_reference = values.payment_reference;
  const outcome = await billFromCapturePort.need()(
    trx,
    {
      organizationId: row.organization_id,
      captureId: row.id,
      inboundMessageId: row.inbound_message_id,
      file: {
        filename: row.filename,
        contentType: row.content_type,
        bytes: await captureBytes(trx, row),
        sha256: row.sha256,
      },
      seller: invoice.seller,
      number: values.number!,
      issueDate: values.issue_date!,
      received,
      paymentAccount: invoice.paymentAccount,
      // CONTRACT 13: `capture_unconfirmed` on every bill whose total was not read `high`
      totalUnconfirmed: read.total?.confidence !== 'high' || corrections.some((c) => c.field === 'total'),
    },
    now,
  );
  if (outcome.status === 'refused') {
    throw invalid(
      outcome.reasons.map((message) => ({ path: 'fields.seller_name', message })),
      `The capture cannot be confirmed: ${outcome.reasons.join(' ')}`,
    );
  }
  const common = {
    fields: JSON.stringify(fields),
    // each with who made it and when: the confirmation's actor and time
    corrections: JSON.stringify(
      corrections.map((c) => ({ ...c, corrected_by: who.by, corrected_at: iso(now) })),
    ),
    lease_until: null,
    lease_token: null,
  };
  let updated: CaptureRow;
  if (outcome.status === 'duplicate') {
    updated = await trx
      .updateTable('captures')
      .set({ ...common, status: 'duplicate', duplicate_of: outcome.duplicateOf })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    await appendHistoryEntry(trx, {
      documentId: outcome.documentId,
      action: 'capture_confirmed',
      actor: who.history,
      changes: {
        capture_id: row.id,
        confirmed_by: who.by.kind,
        corrections: corrections.map((c) => ({ field: c.field, value: c.value, replaced: c.replaced })),
      },
      at: now,
      // the receiver's own act: its supplier does not see how its bill was read
      visibility: 'counterparty',
    });
    const keys = await learnFromConfirmation(ctx, trx, row, fields, now);
    updated = await trx
      .updateTable('captures')
      .set({
        ...common,
        status: 'confirmed',
        document_id: outcome.documentId,
        supplier_keys: keys,
        confirmed_at: now,
        confirmed_by: JSON.stringify(who.by),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  await messageSettledPort.need()(trx, row.inbound_message_id, now);
  return updated;
}

/** POST /v1/captures/{id}/confirm: in the request's write transaction. */
export async function confirmCapture(
  ctx: AppContext,
  principal: Principal,
  id: string,
  body: ConfirmBodyT,
): Promise<CaptureView> {
  const me = principal.organization.id;
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    const row = await lockCapture(trx, me, id);
    const sent = body.fields as Corrections | undefined;
    switch (row.status) {
      case 'rejected':
        throw new ApiError(
          'conflict',
          `The capture ${row.id} was rejected${row.reject_reason ? ` (${row.reject_reason})` : ''}: a rejected capture is closed and cannot be confirmed.`,
          { status: row.status },
        );
      case 'duplicate':
        throw new ApiError(
          'conflict',
          `The capture ${row.id} is the same invoice as ${row.duplicate_of ?? 'a document received before'} (same seller, number, date and total): confirming it would make a second bill.`,
          { status: row.status, duplicate_of: row.duplicate_of },
        );
      case 'confirmed': {
        // Confirmed already (another Idempotency-Key): the same confirmation answers the capture as
        // it is; one that would change a confirmed value is refused, its bill being made.
        const changed = applyCorrections(row.fields ?? NOTHING_READ, sent).corrections;
        if (changed.length > 0) {
          throw new ApiError(
            'conflict',
            `The capture ${row.id} is confirmed already (its bill is ${row.document_id}); these fields differ from what was confirmed: ${changed.map((c) => c.field).join(', ')}. Correct the bill instead.`,
            { status: row.status, document_id: row.document_id, fields: changed.map((c) => c.field) },
          );
        }
        return projectCapture(row);
      }
      default:
        return projectCapture(await confirmLocked(ctx, trx, row, sent, confirmerOf(principal), now));
    }
  });
}
