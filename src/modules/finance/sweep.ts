// The repayment sweep (CONTRACT 7): when a pledged invoice settles through the service,
// min(proceeds, amount owed) moves from the borrower's settlement account to the lender's funding
// account on the same rail, booked as a payment of the repayment document. Nothing else is ever
// initiated.
//
// Exactly once: each settled invoice payment gets one finance_sweeps row (unique on the invoice
// payment), inserted in the settlement's own transaction; a settlement processed twice finds the
// row and does nothing. The sweep's payment starts in that same transaction when it can (the
// proceeds have just landed on the settlement account, so its hold cannot miss them). It waits as
// `pending` while the loan is not funded yet or another repayment payment is in flight, and is
// started by the transaction that ends that wait (funding, or that payment settling or failing).
import { sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { parseMoney, toMoneyString } from '../../lib/money.ts';
import { type DocumentRecord, lockDocument, systemActor } from '../documents/index.ts';
import { lockPaymentInFlight, type PaymentRow, startPayment } from '../payments/index.ts';
import type { AgreementRow } from './agreements.ts';

/** Records the sweep owed for a settled payment of a pledged invoice; false if already recorded. */
export async function recordSweep(
  trx: Tx,
  agreement: AgreementRow,
  invoicePayment: PaymentRow,
  now: Date,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('finance_sweeps')
    .values({
      id: newId('swp'),
      agreement_id: agreement.id,
      invoice_payment_id: invoicePayment.id,
      proceeds: invoicePayment.amount,
      status: 'pending',
      amount: null,
      payment_id: null,
      reason: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('invoice_payment_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Pending sweeps of an agreement end without moving anything (repaid, or withdrawn). */
export async function endPendingSweeps(
  trx: Tx,
  agreementId: string,
  status: 'not_needed' | 'cancelled',
  reason: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('finance_sweeps')
    .set({ status, reason, updated_at: now })
    .where('agreement_id', '=', agreementId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Starts the agreement's pending sweeps that can start now, oldest first. The caller holds the
 * repayment document's lock (the agreement's mutex) and the agreement is funded or flagged.
 * Returns the repayment document as it is after them.
 */
export async function runPendingSweeps(
  ctx: AppContext,
  trx: Tx,
  agreement: AgreementRow,
  now: Date,
): Promise<DocumentRecord> {
  let repayment = await lockDocument(trx, agreement.repayment_document_id);
  const pending = await trx
    .selectFrom('finance_sweeps')
    .selectAll()
    .where('agreement_id', '=', agreement.id)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const sweep of pending) {
    if (await lockPaymentInFlight(trx, repayment.id)) break; // its outcome runs this again
    const owed = parseMoney(repayment.balance_due);
    if (!owed.gt(0) || repayment.status === 'paid') {
      await endPendingSweeps(trx, agreement.id, 'not_needed', 'nothing was owed any more', now);
      break;
    }
    const proceeds = parseMoney(sweep.proceeds);
    const amount = proceeds.lt(owed) ? proceeds : owed;
    const invoicePayment = await trx
      .selectFrom('payments')
      .select('payment_method')
      .where('id', '=', sweep.invoice_payment_id)
      .executeTakeFirstOrThrow();
    // A refusal (the rail, the funds) must not undo the settlement that called us: the attempt
    // runs under a savepoint and a refusal is recorded on the sweep instead.
    await sql`savepoint finance_sweep`.execute(trx);
    try {
      const started = await startPayment(
        ctx,
        trx,
        {
          document: repayment,
          payerOrganizationId: agreement.borrower_organization_id,
          actor: systemActor(agreement.borrower_organization_id, { canPay: true }),
          amount,
          sourceAccountId: agreement.settlement_account_id,
          destinationAccountId: agreement.funding_account_id,
          paymentMethod: invoicePayment.payment_method,
        },
        now,
      );
      await sql`release savepoint finance_sweep`.execute(trx);
      repayment = started.document;
      await trx
        .updateTable('finance_sweeps')
        .set({
          status: 'started',
          amount: toMoneyString(amount),
          payment_id: started.payment.id,
          updated_at: now,
        })
        .where('id', '=', sweep.id)
        .execute();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      await sql`rollback to savepoint finance_sweep`.execute(trx);
      ctx.log.warn({ sweep_id: sweep.id, code: err.code }, 'finance sweep could not start');
      await trx
        .updateTable('finance_sweeps')
        .set({ status: 'failed', reason: `${err.code}: ${err.message}`.slice(0, 500), updated_at: now })
        .where('id', '=', sweep.id)
        .execute();
    }
  }
  return repayment;
}
