// Settlement (CONTRACT 4): the worker executes due payments on the ledger rail. Each payment is
// settled in its own transaction that holds the document's row lock and the payment's: the
// transfer payer → payee is booked (capturing the hold placed at pay time), the payment becomes
// settled, the document paid with balance_due 0, and payment.settled goes to both parties — or
// the payment fails (insufficient funds), its hold is released, the document is payable again and
// payment.failed carries the reason. Exactly once, however many workers race: the claim skips
// locked documents, the status is re-read under the lock, the database refuses to change a
// settled or failed payment and to book a payment twice.
import type { AppContext, Tx } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { addSeconds } from '../../lib/clock.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { parseMoney, toMoneyNumber, toMoneyString } from '../../lib/money.ts';
import type { WorkerTask } from '../../worker/worker.ts';
import {
  applyStatusChange,
  type DocumentRecord,
  lockDocument,
  type PaymentRow,
  projectDocument,
  projectPayment,
  storedPayment,
  systemActor,
  viewersOf,
} from '../documents/index.ts';
import { appendEvents, type EventType } from '../events/append.ts';
import {
  accountFor,
  activeHold,
  externalAccountId,
  postTransfer,
  releaseHold,
  writeTransfers,
} from '../ledger/index.ts';
import { PAYMENT_HOOKS } from './hooks.ts';
import { SANDBOX_INSUFFICIENT_ACCOUNT, SEPA_CREDIT_TRANSFER } from './schemas.ts';

/** Payments settled per task run before the worker looks at its other tasks. */
const BATCH = 20;

export type SettlementOutcome = 'settled' | 'failed' | 'skipped';

/** The transfer's descriptions, as each party's statement shows them. */
function describe(doc: DocumentRecord, p: PaymentRow) {
  const payerIsIssuer = p.payer_organization_id === doc.issuer_organization_id;
  const payerNumber = payerIsIssuer ? doc.issuer_number : doc.counterparty_number;
  const payeeNumber = payerIsIssuer ? doc.counterparty_number : doc.issuer_number;
  const payerName = payerIsIssuer ? doc.issuer_name : doc.counterparty_name;
  const payeeName = payerIsIssuer ? doc.counterparty_name : doc.issuer_name;
  return {
    description: `Payment ${p.id} of document ${doc.id}`,
    debitDescription: `Payment of ${payerNumber} to ${payeeName}`,
    creditDescription: `Payment of ${payeeNumber} from ${payerName}`,
  };
}

/** payment.settled / payment.failed to each party, in its own projection of both records. */
function paymentEvents(type: EventType, doc: DocumentRecord) {
  return viewersOf(doc).map((org) => ({
    organizationId: org,
    sandbox: doc.sandbox,
    type,
    documentId: doc.id,
    data: {
      payment: projectPayment(doc.payment!, org),
      document: projectDocument(doc, org),
    },
  }));
}

/**
 * Settles (or fails) one payment inside the caller's transaction, if it is still processing and
 * due. Locks the document, then the payment (the order every payment path takes).
 */
export async function settlePayment(
  ctx: AppContext,
  trx: Tx,
  paymentId: string,
  now: Date,
): Promise<SettlementOutcome> {
  const ref = await trx
    .selectFrom('payments')
    .select('document_id')
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!ref) return 'skipped';
  const doc = await lockDocument(trx, ref.document_id);
  const p = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // A bank-rail payment is the bank's to pay: the ledger never settles it.
  if (p.status !== 'processing' || p.execute_at > now || p.rail !== 'ledger') return 'skipped';
  const amount = parseMoney(p.amount);

  let reference: string | null = null;
  let failure: string | null = null;
  if (p.source_account_id === SANDBOX_INSUFFICIENT_ACCOUNT) {
    failure = 'insufficient_funds';
  } else {
    try {
      const hold = await activeHold(trx, p.id);
      const posted = await postTransfer(
        trx,
        {
          fromAccountId: p.source_account_id,
          toAccountId: p.destination_account_id,
          amount,
          currency: p.currency,
          paymentId: p.id,
          kind: 'payment',
          captureHold: hold !== null,
          ...describe(doc, p),
        },
        now,
      );
      reference = posted.transfer.id;
    } catch (err) {
      // postTransfer writes nothing before refusing, so the transaction stays usable.
      if (!(err instanceof ApiError && err.code === 'insufficient_funds')) throw err;
      failure = 'insufficient_funds';
    }
  }

  if (failure === null) {
    await finishSettled(ctx, trx, doc, p, reference ?? p.id, now);
    return 'settled';
  }
  await finishFailed(ctx, trx, doc, p, failure, now);
  return 'failed';
}

/** The payment settled: the document paid (or its rest payable), payment.settled to both. */
async function finishSettled(
  ctx: AppContext,
  trx: Tx,
  doc: DocumentRecord,
  p: PaymentRow,
  reference: string,
  now: Date,
): Promise<void> {
  const amount = parseMoney(p.amount);
  const actor = systemActor(p.payer_organization_id);
  const settled = await trx
    .updateTable('payments')
    .set({ status: 'settled', settled_at: now, settlement_reference: reference })
    .where('id', '=', p.id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirstOrThrow();
  const balance = parseMoney(doc.balance_due).minus(amount);
  const remaining = balance.isNegative() ? parseMoney(0) : balance;
  const after = await applyStatusChange(
    trx,
    { ...doc, payment: storedPayment(settled) },
    actor,
    {
      // A partial payment (finance sweeps) leaves the rest payable.
      to: remaining.isZero() ? 'paid' : p.resume_status,
      balanceDue: toMoneyString(remaining),
      action: 'payment_settled',
      changes: {
        payment_id: p.id,
        amount: toMoneyNumber(amount),
        settlement_reference: reference,
      },
    },
    now,
  );
  await appendEvents(trx, paymentEvents('payment.settled', after), now);
  for (const hook of PAYMENT_HOOKS)
    await hook.onSettled?.(ctx, trx, { payment: settled, document: after }, now);
}

/**
 * The payment failed (or, `returned`, came back after settling): its hold released, the document
 * payable again for what it owed, payment.failed with the reason to both.
 */
async function finishFailed(
  ctx: AppContext,
  trx: Tx,
  doc: DocumentRecord,
  p: PaymentRow,
  failure: string,
  now: Date,
  returned = false,
): Promise<void> {
  const actor = systemActor(p.payer_organization_id);
  if (!returned) await releaseHold(trx, p.id, now);
  const failed = await trx
    .updateTable('payments')
    .set({
      status: 'failed',
      failed_at: now,
      failure_reason: failure,
      ...(returned ? { settled_at: null } : {}),
    })
    .where('id', '=', p.id)
    .where('status', '=', returned ? 'settled' : 'processing')
    .returningAll()
    .executeTakeFirstOrThrow();
  const after = await applyStatusChange(
    trx,
    { ...doc, payment: storedPayment(failed) },
    actor,
    {
      to: p.resume_status,
      ...(returned
        ? { balanceDue: toMoneyString(parseMoney(doc.balance_due).plus(parseMoney(p.amount))) }
        : {}),
      action: returned ? 'payment_returned' : 'payment_failed',
      changes: { payment_id: p.id, failure_reason: failure },
    },
    now,
  );
  await appendEvents(trx, paymentEvents('payment.failed', after), now);
  for (const hook of PAYMENT_HOOKS)
    await hook.onFailed?.(ctx, trx, { payment: failed, document: after }, now);
}

/**
 * Books a bank-rail movement on one organization's EUR account against its bank (the environment's
 * external account), in one statement: the money passes through the account (in from the bank and
 * out to it, or the reverse), so the ledger records it and every balance still equals the sum of
 * its transactions, without claiming docex holds money that is in the bank.
 */
async function bookAtBank(
  trx: Tx,
  input: { organizationId: string; environment: 'live' | 'sandbox'; amount: string; paymentId: string },
  kind: 'payment' | 'reversal',
  description: string,
  now: Date,
): Promise<string> {
  const account = await accountFor(trx, input.organizationId, 'EUR');
  const bank = externalAccountId(input.environment, 'EUR');
  const common = {
    currency: 'EUR' as const,
    environment: input.environment,
    amount: parseMoney(input.amount),
    paymentId: input.paymentId,
    transferDescription: description,
    debitDescription: description,
    creditDescription: description,
  };
  const written = await writeTransfers(
    trx,
    [
      { ...common, kind: 'bank', fromAccountId: bank, toAccountId: account.id },
      { ...common, kind, fromAccountId: account.id, toAccountId: bank },
    ],
    now,
  );
  return written.transfers[1]!.id;
}

/** Locks a bank-rail payment (its document first, the order every payment path takes). */
async function lockBankPayment(
  trx: Tx,
  paymentId: string,
): Promise<{ doc: DocumentRecord; p: PaymentRow } | null> {
  const ref = await trx
    .selectFrom('payments')
    .select('document_id')
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!ref) return null;
  const doc = await lockDocument(trx, ref.document_id);
  const p = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (p.rail !== 'sepa_credit_transfer') return null;
  return { doc, p };
}

/**
 * The bank booked a bank-rail payment (a debit on the payer's statement, or the credit on the
 * payee's): settled with the bank's entry reference, booked in the ledger on the organization
 * whose statement showed it. A payment no longer processing is left as it is (`skipped`).
 */
export async function settleBankPayment(
  ctx: AppContext,
  trx: Tx,
  paymentId: string,
  bookedBy: string,
  bankReference: string,
  now: Date,
): Promise<'settled' | 'skipped'> {
  const locked = await lockBankPayment(trx, paymentId);
  if (locked?.p.status !== 'processing') return 'skipped';
  const { doc, p } = locked;
  const side = bookedBy === p.payer_organization_id ? 'Paid' : 'Received';
  await bookAtBank(
    trx,
    { organizationId: bookedBy, environment: p.environment, amount: p.amount, paymentId: p.id },
    'payment',
    `${side} by bank transfer ${p.end_to_end_id ?? p.id} (document ${doc.id})`,
    now,
  );
  await finishSettled(ctx, trx, doc, p, bankReference.slice(0, 200), now);
  return 'settled';
}

/** The bank rejected a bank-rail payment (pain.002 RJCT): failed with the reason, payable again. */
export async function failBankPayment(
  ctx: AppContext,
  trx: Tx,
  paymentId: string,
  reason: string,
  now: Date,
): Promise<'failed' | 'skipped'> {
  const locked = await lockBankPayment(trx, paymentId);
  if (locked?.p.status !== 'processing') return 'skipped';
  await finishFailed(ctx, trx, locked.doc, locked.p, reason, now);
  return 'failed';
}

/**
 * The money of a settled bank-rail payment came back (a return): the payment reopens as failed
 * with the reason, the document payable again, the settlement reversed in the ledger.
 */
export async function returnBankPayment(
  ctx: AppContext,
  trx: Tx,
  paymentId: string,
  bookedBy: string,
  reason: string,
  now: Date,
): Promise<'returned' | 'skipped'> {
  const locked = await lockBankPayment(trx, paymentId);
  if (locked?.p.status !== 'settled') return 'skipped';
  const { doc, p } = locked;
  await bookAtBank(
    trx,
    { organizationId: bookedBy, environment: p.environment, amount: p.amount, paymentId: p.id },
    'reversal',
    `Returned by the bank: ${p.end_to_end_id ?? p.id} (document ${doc.id})`,
    now,
  );
  await finishFailed(ctx, trx, doc, p, reason, now, true);
  return 'returned';
}

/** Seconds before an unexpected settlement error is retried: 5 s, 10 s, 20 s, … capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims the next due payment whose document nobody else holds (FOR NO KEY UPDATE SKIP LOCKED,
 * the lock every document change takes) and settles it. Returns false when none is due.
 */
async function settleNext(ctx: AppContext): Promise<boolean> {
  const now = ctx.clock.now();
  let claimed: PaymentRow['id'] | null = null;
  try {
    return await inTransaction(ctx.db, async (trx) => {
      claimed = null;
      const due = await trx
        .selectFrom('payments as p')
        .innerJoin('documents as d', 'd.id', 'p.document_id')
        .select('p.id')
        .where('p.status', '=', 'processing')
        .where('p.rail', '=', 'ledger')
        .where('p.execute_at', '<=', now)
        .orderBy('p.execute_at')
        .orderBy('p.id')
        .limit(1)
        .forNoKeyUpdate('d')
        .skipLocked()
        .executeTakeFirst();
      if (!due) return false;
      claimed = due.id;
      await settlePayment(ctx, trx, due.id, now);
      return true;
    });
  } catch (err) {
    if (claimed === null) throw err;
    // Not a failed payment (that is an outcome, handled above) but a fault: keep the payment
    // processing and try again later, so one bad row cannot stall the queue.
    const id: string = claimed;
    ctx.log.error({ err, payment_id: id }, 'payment settlement failed; will retry');
    const row = await ctx.db
      .selectFrom('payments')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirst();
    const attempts = (row?.attempts ?? 0) + 1;
    await ctx.db
      .updateTable('payments')
      .set({
        attempts,
        last_error: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500),
        execute_at: addSeconds(now, retryDelaySeconds(attempts)),
      })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .execute();
    return true;
  }
}

export async function settleDuePayments(ctx: AppContext): Promise<number> {
  let handled = 0;
  while (handled < BATCH && (await settleNext(ctx))) handled++;
  return handled;
}

/** Settlement runs every quarter second while idle: a sandbox payment settles well within a second. */
export const settlementTask: WorkerTask = { name: 'payment-settlement', idleMs: 250, run: settleDuePayments };

/**
 * A bank credit paid an open invoice of `payeeOrganizationId` without a docex payment (a transfer
 * from outside docex, matched exactly or by hand): the document paid, balance_due 0, the receipt
 * booked in the ledger on the payee's EUR account against its bank, and a settled payment recorded
 * for it (rail sepa_credit_transfer, the bank's entry reference as its settlement reference) so
 * that `payment.settled` goes to the issuer as for every settlement (CONTRACT 12, version 1.18.0):
 * an integrator listening for payments hears of this one too. The payer is not on docex (or paid
 * outside it), so the event goes to the issuer alone. `skipped` when the document is no longer
 * open for exactly `amount` (checked under its lock); otherwise the recorded payment's id.
 */
export async function settleByBankReceipt(
  trx: Tx,
  input: { documentId: string; payeeOrganizationId: string; amount: string; bankReference: string },
  now: Date,
): Promise<{ paymentId: string } | 'skipped'> {
  const doc = await lockDocument(trx, input.documentId);
  const amount = parseMoney(input.amount);
  if (
    doc.issuer_organization_id !== input.payeeOrganizationId ||
    ['draft', 'paid', 'void', 'payment_scheduled'].includes(doc.status) ||
    !parseMoney(doc.balance_due).eq(amount)
  ) {
    return 'skipped';
  }
  const org = await trx
    .selectFrom('organizations')
    .select('environment')
    .where('id', '=', input.payeeOrganizationId)
    .executeTakeFirstOrThrow();
  const account = await accountFor(trx, input.payeeOrganizationId, 'EUR');
  const bank = externalAccountId(org.environment, 'EUR');
  const reference = input.bankReference.slice(0, 200);
  const description = `Received by bank transfer ${input.bankReference.slice(0, 100)} (document ${doc.id})`;
  const common = {
    kind: 'bank' as const,
    currency: 'EUR' as const,
    environment: org.environment,
    amount,
    paymentId: null,
    transferDescription: description,
    debitDescription: description,
    creditDescription: description,
  };
  await writeTransfers(
    trx,
    [
      { ...common, fromAccountId: bank, toAccountId: account.id },
      { ...common, fromAccountId: account.id, toAccountId: bank },
    ],
    now,
  );
  // The bank rail's fields: the account the credit reached, and an EndToEndId of docex's own
  // making (the payer's, if it gave one, is its own and need not be unique across docex).
  const iban = await trx
    .selectFrom('bank_accounts')
    .select('iban')
    .where('organization_id', '=', input.payeeOrganizationId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const paymentId = newId('pay');
  const payment = await trx
    .insertInto('payments')
    .values({
      id: paymentId,
      end_to_end_id: paymentId.replaceAll('_', '-'),
      creditor_iban: iban.iban,
      document_id: doc.id,
      payer_organization_id: doc.counterparty_organization_id,
      payee_organization_id: input.payeeOrganizationId,
      environment: org.environment,
      amount: toMoneyString(amount),
      currency: 'EUR',
      status: 'settled',
      failure_reason: null,
      settlement_reference: reference,
      payment_method: SEPA_CREDIT_TRANSFER,
      source_account_id: bank,
      destination_account_id: account.id,
      scheduled_for: null,
      execute_at: now,
      resume_status: doc.status,
      key_id: null,
      last_error: null,
      created_at: now,
      settled_at: now,
      failed_at: null,
      rail: 'sepa_credit_transfer',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const after = await applyStatusChange(
    trx,
    { ...doc, payment: storedPayment(payment) },
    systemActor(input.payeeOrganizationId),
    {
      to: 'paid',
      balanceDue: '0.00',
      action: 'payment_received',
      changes: { amount: toMoneyNumber(amount), payment_id: payment.id, settlement_reference: reference },
    },
    now,
  );
  await appendEvents(
    trx,
    paymentEvents('payment.settled', after).filter((e) => e.organizationId === input.payeeOrganizationId),
    now,
  );
  return { paymentId: payment.id };
}
