// The agreement's lifecycle as money moves (CONTRACT 7), run inside the settlement transaction
// of the payment that moved it (a PaymentHook): the disbursement settling funds the loan and makes
// the repayment payable; the repayment paid in full makes it repaid, then closed; the pledged
// invoice settling sweeps its proceeds to the lender.
//
// Lock order, the same on every finance path so two of them never deadlock: the pledged invoice,
// the disbursement, the repayment (the agreement's mutex: every change of an agreement holds it),
// the agreement document, the agreement row, the listing, its offers.
import type { AppContext, Tx } from '../../context.ts';
import { applyStatusChange, lockDocument, systemActor } from '../documents/index.ts';
import { lockPaymentInFlight, type PaymentHook, type PaymentOutcome } from '../payments/index.ts';
import { type AgreementRow, lockAgreement, moveAgreement } from './agreements.ts';
import { closeListingsOf, releaseListing } from './pledges.ts';
import { endPendingSweeps, recordSweep, runPendingSweeps } from './sweep.ts';

/** The agreement whose `column` names the document, if any. */
async function agreementFor(
  trx: Tx,
  column: 'disbursement_document_id' | 'repayment_document_id',
  documentId: string,
): Promise<AgreementRow | undefined> {
  return trx.selectFrom('finance_agreements').selectAll().where(column, '=', documentId).executeTakeFirst();
}

/** The disbursement settled: the loan is funded and its repayment becomes payable. */
async function disbursementSettled(ctx: AppContext, trx: Tx, { document }: PaymentOutcome, now: Date) {
  if (document.status !== 'paid') return;
  const found = await agreementFor(trx, 'disbursement_document_id', document.id);
  if (!found) return;
  const repayment = await lockDocument(trx, found.repayment_document_id);
  const agreement = await lockAgreement(trx, found.id);
  if (agreement.status !== 'accepted') return;
  if (repayment.status === 'submitted') {
    await applyStatusChange(
      trx,
      repayment,
      systemActor(agreement.borrower_organization_id),
      { to: 'approved', action: 'loan_funded', changes: { agreement_id: agreement.id } },
      now,
    );
  }
  const funded = await moveAgreement(trx, agreement, 'funded', now, {
    actorOrg: agreement.lender_organization_id,
  });
  // The pledged invoice may have settled while the disbursement was in flight.
  await runPendingSweeps(ctx, trx, funded, now);
}

/** A repayment payment settled: paid in full ends the loan; a partial one lets waiting sweeps go. */
async function repaymentSettled(ctx: AppContext, trx: Tx, { document }: PaymentOutcome, now: Date) {
  const found = await agreementFor(trx, 'repayment_document_id', document.id);
  if (!found) return;
  const agreement = await lockAgreement(trx, found.id);
  if (agreement.status !== 'funded' && agreement.status !== 'flagged') return;
  if (document.status !== 'paid') {
    await runPendingSweeps(ctx, trx, agreement, now);
    return;
  }
  const repaid = await moveAgreement(trx, agreement, 'repaid', now);
  await endPendingSweeps(trx, agreement.id, 'not_needed', 'the agreement was repaid', now);
  // Nothing remains once the repayment is paid: no sweep will start, the pledge is released.
  // Stamped a millisecond later: events of one instant have no order (the outbox orders by
  // created_at, then a random id), and an integrator must see repaid before closed.
  await moveAgreement(trx, repaid, 'closed', new Date(now.getTime() + 1));
  await releaseListing(trx, agreement.listing_id, now);
}

/** A repayment payment failed: a sweep waiting behind it may start now. */
async function repaymentFailed(ctx: AppContext, trx: Tx, { document }: PaymentOutcome, now: Date) {
  const found = await agreementFor(trx, 'repayment_document_id', document.id);
  if (!found) return;
  const agreement = await lockAgreement(trx, found.id);
  if (agreement.status === 'funded' || agreement.status === 'flagged')
    await runPendingSweeps(ctx, trx, agreement, now);
}

/**
 * The disbursement's payment failed. If the pledged invoice has meanwhile settled (a sweep waits
 * for the funding), the collateral is gone and nothing was lent: the agreement ends, as when the
 * invoice is paid before any disbursement is on its way. Otherwise the lender may pay again.
 */
async function disbursementFailed(_ctx: AppContext, trx: Tx, { document }: PaymentOutcome, now: Date) {
  const found = await agreementFor(trx, 'disbursement_document_id', document.id);
  if (!found) return;
  await lockDocument(trx, found.repayment_document_id);
  const agreement = await lockAgreement(trx, found.id);
  if (agreement.status !== 'accepted') return;
  const waiting = await trx
    .selectFrom('finance_sweeps')
    .select('id')
    .where('agreement_id', '=', agreement.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting) await withdrawAgreement(trx, agreement, INVOICE_PAID_FIRST, now);
}

const INVOICE_PAID_FIRST = 'the pledged invoice was paid before the loan was funded';

/** A pledged invoice settled: sweep its proceeds (once per settlement). */
async function invoiceSettled(ctx: AppContext, trx: Tx, { payment, document }: PaymentOutcome, now: Date) {
  const pledge = await trx
    .selectFrom('finance_agreements')
    .selectAll()
    .where('invoice_id', '=', document.id)
    .where('status', 'in', ['accepted', 'funded', 'flagged'])
    .executeTakeFirst();
  if (!pledge) {
    if (document.status === 'paid') await closeListingsOf(trx, document.id, now);
    return;
  }
  const disbursement = await lockDocument(trx, pledge.disbursement_document_id);
  await lockDocument(trx, pledge.repayment_document_id);
  const agreement = await lockAgreement(trx, pledge.id);
  if (!(await recordSweep(trx, agreement, payment, now))) return;
  if (agreement.status === 'accepted') {
    // Not funded, and no disbursement on its way: the collateral is gone before any money was
    // lent, so the agreement ends and nothing moves. With a disbursement in flight the sweep
    // waits for the funding instead.
    if (!(await lockPaymentInFlight(trx, disbursement.id))) {
      await withdrawAgreement(trx, agreement, INVOICE_PAID_FIRST, now);
    }
    return;
  }
  await runPendingSweeps(ctx, trx, agreement, now);
}

/**
 * Ends an accepted (unfunded) agreement: its three documents are voided (nothing is owed on
 * them), the listing closes, waiting sweeps are cancelled. The caller holds the documents' locks.
 */
export async function withdrawAgreement(
  trx: Tx,
  agreement: AgreementRow,
  reason: string,
  now: Date,
  actorOrg?: string,
): Promise<void> {
  const actor = systemActor(actorOrg ?? agreement.borrower_organization_id);
  for (const id of [
    agreement.disbursement_document_id,
    agreement.repayment_document_id,
    agreement.agreement_document_id,
  ]) {
    const doc = await lockDocument(trx, id);
    if (doc.status === 'void') continue;
    await applyStatusChange(
      trx,
      doc,
      actor,
      {
        to: 'void',
        balanceDue: '0.00',
        action: 'agreement_withdrawn',
        changes: { agreement_id: agreement.id, reason },
      },
      now,
    );
  }
  await moveAgreement(trx, agreement, 'withdrawn', now, { reason, ...(actorOrg ? { actorOrg } : {}) });
  await endPendingSweeps(trx, agreement.id, 'cancelled', 'the agreement was withdrawn', now);
  await releaseListing(trx, agreement.listing_id, now);
}

/** The finance family's reactions to settled and failed payments (registered in payments/hooks.ts). */
export const financePaymentHook: PaymentHook = {
  name: 'finance',
  async onSettled(ctx, trx, outcome, now) {
    switch (outcome.document.document_type) {
      case 'disbursement':
        return disbursementSettled(ctx, trx, outcome, now);
      case 'repayment':
        return repaymentSettled(ctx, trx, outcome, now);
      case 'invoice':
        return invoiceSettled(ctx, trx, outcome, now);
      default:
        return;
    }
  },
  async onFailed(ctx, trx, outcome, now) {
    if (outcome.document.document_type === 'repayment') await repaymentFailed(ctx, trx, outcome, now);
    if (outcome.document.document_type === 'disbursement') await disbursementFailed(ctx, trx, outcome, now);
  },
};
