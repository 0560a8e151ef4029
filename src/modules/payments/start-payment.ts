// Starting a document's payment (CONTRACT 4): one transaction that holds the document's row lock
// checks the rail, the request, the key's limits and the funds, writes the payment (processing),
// reserves the money with a ledger hold, and moves the document to payment_scheduled with its
// history entry and events. Nothing moves until the worker settles it (settle-payment.ts).
import type { AppContext, Tx } from '../../context.ts';
import { isUniqueViolation } from '../../db/transaction.ts';
import { utcDate } from '../../lib/clock.ts';
import { type Currency, isCurrency } from '../../lib/currencies.ts';
import { ApiError, type FieldProblem, invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { type Decimal, parseMoney, toMoneyNumber, toMoneyString } from '../../lib/money.ts';
import {
  appendHistoryEntry,
  applyStatusChange,
  type DocumentActor,
  type DocumentRecord,
  type PaymentRow,
  storedPayment,
} from '../documents/index.ts';
import {
  accountFor,
  externalAccountId,
  getAccount,
  placeHold,
  resolveSourceAccount,
} from '../ledger/index.ts';
import { enforcePaymentLimits } from './limits.ts';
import { type PaymentRail, paymentRail } from './payment-rail.ts';
import { PAYMENT_METHODS, SANDBOX_INSUFFICIENT_ACCOUNT, SEPA_CREDIT_TRANSFER } from './schemas.ts';

/** How far ahead a payment may be scheduled. */
export const MAX_SCHEDULE_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StartPaymentRequest {
  /** Locked by the caller's transaction, in a state its rules allow paying from. */
  document: DocumentRecord;
  /** The party that pays; the other party of the document receives. */
  payerOrganizationId: string;
  /** Who starts it: its history entry's actor; its API key (actor.history.key_id) is limited. */
  actor: DocumentActor;
  paymentMethod?: string | undefined;
  /** Default: the payer's treasury account in the document's currency. */
  sourceAccountId?: string | undefined;
  /** Default: the payee's treasury account in the document's currency. */
  destinationAccountId?: string | undefined;
  /** Default: the document's balance_due (the full balance). At most balance_due. */
  amount?: Decimal | undefined;
  /** YYYY-MM-DD, today or later: the payment executes at the start of that date (UTC). */
  scheduledFor?: string | null | undefined;
}

export interface StartedPayment {
  /** The document after the step (payment_scheduled, `payment` set to this payment). */
  document: DocumentRecord;
  payment: PaymentRow;
}

/**
 * A received document on payment hold (CONTRACT 11.5) is not paid, by pay, a payment transition or
 * any other path that starts a payment, until an admin session releases the hold.
 */
function paymentHeld(doc: DocumentRecord): ApiError {
  const hold = doc.payment_hold!;
  const why =
    hold.reason === 'payment_account_changed'
      ? `its e-invoice asks to be paid to the account ${hold.new ?? '?'}, not ${hold.previous ?? '?'} which this party used before`
      : hold.reason === 'payment_account_new'
        ? `its e-invoice asks to be paid to the account ${hold.new ?? '?'}, which nobody has confirmed for this party yet`
        : hold.reason === 'capture_unconfirmed'
          ? 'its total was read from a PDF or scan without certainty and no one has confirmed it yet'
          : "its mail's sender could not be verified, though this party's mail was verified before";
  return new ApiError(
    'conflict',
    `The document is on payment hold (${hold.reason}): ${why}. Confirm it with the party by a channel you already know, then an admin session releases the hold (POST /v1/documents/${doc.id}/release_hold). Nothing was paid.`,
    { payment_hold: hold },
  );
}

/** With the payments family switched off, nothing is paid, through any family. */
export function requirePaymentsEnabled(ctx: AppContext): void {
  if (ctx.config.familiesDisabled.has('payments')) {
    throw new ApiError('not_enabled', 'The payments family is switched off in this deployment.', {
      family: 'payments',
    });
  }
}

/**
 * Sandbox organizations are on the practice ledger from the start; a live organization needs its
 * payment processor connected (the operator's connect_processor) before anything else is looked at.
 */
export async function requirePaymentRail(
  trx: Tx,
  organizationId: string,
): Promise<{ environment: 'live' | 'sandbox' }> {
  const org = await trx
    .selectFrom('organizations')
    .select(['environment', 'processor_connected'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  if (org.environment === 'live' && !org.processor_connected) {
    throw new ApiError(
      'capability_unavailable',
      "This organization's payment processor is not connected yet, so it cannot make live payments. Nothing was charged.",
      { capability: 'payments' },
    );
  }
  return { environment: org.environment };
}

export function readPaymentMethod(method: string | undefined): string {
  if (method === undefined) return PAYMENT_METHODS[0];
  if (!(PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw invalid([
      {
        path: 'payment_method',
        message: `unknown payment method; use ${PAYMENT_METHODS.join(', ')} (the default)`,
      },
    ]);
  }
  return method;
}

/** When a payment scheduled for `date` (or made now, without one) executes. */
export function readSchedule(
  date: string | null | undefined,
  now: Date,
): { scheduledFor: string | null; executeAt: Date } {
  if (date === undefined || date === null) return { scheduledFor: null, executeAt: now };
  const start = new Date(`${date}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || utcDate(start) !== date) {
    throw invalid([{ path: 'scheduled_for', message: 'is not a real date (YYYY-MM-DD)' }]);
  }
  const today = utcDate(now);
  if (date < today) {
    throw invalid([{ path: 'scheduled_for', message: `is in the past; today is ${today} (UTC)` }]);
  }
  if (start.getTime() - new Date(`${today}T00:00:00.000Z`).getTime() > MAX_SCHEDULE_DAYS * DAY_MS) {
    throw invalid([{ path: 'scheduled_for', message: `is more than ${MAX_SCHEDULE_DAYS} days ahead` }]);
  }
  // Today's start has passed: a payment scheduled for today executes at once.
  return { scheduledFor: date, executeAt: start > now ? start : now };
}

function currencyOf(doc: DocumentRecord): Currency {
  if (!isCurrency(doc.currency))
    throw new Error(`document ${doc.id} has an unknown currency ${doc.currency}`);
  return doc.currency;
}

/** The two parties of a payment as the rail needs them. */
interface Parties {
  payerEnvironment: 'live' | 'sandbox';
  /** The payee is a business not on docex (an external party, CONTRACT 11.1): no ledger account. */
  payeeExternal: boolean;
}

async function readParties(trx: Tx, payer: string, payee: string): Promise<Parties> {
  const rows = await trx
    .selectFrom('organizations')
    .select(['id', 'environment', 'external'])
    .where('id', 'in', [payer, payee])
    .execute();
  const payerRow = rows.find((r) => r.id === payer);
  const payeeRow = rows.find((r) => r.id === payee);
  if (!payerRow || !payeeRow) throw new Error(`payment parties ${payer} and ${payee} must both exist`);
  return { payerEnvironment: payerRow.environment, payeeExternal: payeeRow.external };
}

/**
 * A live payment to a business not on docex has no ledger to land on: it can only travel through
 * the payer's bank (CONTRACT 12). Without an active EUR bank account, refused before anything moves.
 */
function externalPayeeNeedsBank(doc: DocumentRecord, payee: string, currency: Currency): ApiError {
  const name = payee === doc.issuer_organization_id ? doc.issuer_name : doc.counterparty_name;
  const why =
    currency === 'EUR'
      ? 'this organization has no active EUR bank account'
      : `a bank-rail payment is a SEPA credit transfer in EUR, and this document is in ${currency}`;
  return new ApiError(
    'capability_unavailable',
    `${name} is not on docex, so docex cannot pay it from a docex balance: paying a business that is not on docex goes through your organization's bank, as a SEPA credit transfer in a pain.001 file you upload to your bank, and ${why}. An admin connects the bank account with POST /v1/bank_accounts {iban, account_name, currency: "EUR"}; paying the bill then puts the payment in the open batch (POST /v1/payment_batches writes the file). Nothing was paid.`,
    { capability: 'bank_rail', reason: 'external_payee', currency },
  );
}

/** The payee's account that receives: its own in the currency, or the one named. */
async function destinationAccount(
  trx: Tx,
  payeeId: string,
  currency: Currency,
  accountId: string | undefined,
): Promise<string> {
  if (accountId === undefined) return (await accountFor(trx, payeeId, currency)).id;
  const account = await getAccount(trx, payeeId, accountId);
  if (account.currency !== currency) {
    throw new RangeError(`destination account ${accountId} holds ${account.currency}, not ${currency}`);
  }
  return account.id;
}

/**
 * Starts a payment of a locked document: the engine under POST /pay and the payment transitions,
 * and the entry point for the finance family (disbursements, repayments, sweeps), which decides
 * itself who pays and from which state. Throws (writing nothing) capability_unavailable,
 * invalid_request, conflict (nothing owed), payment_limit_exceeded or insufficient_funds.
 */
export async function startPayment(
  ctx: AppContext,
  trx: Tx,
  req: StartPaymentRequest,
  now: Date,
): Promise<StartedPayment> {
  const doc = req.document;
  const payer = req.payerOrganizationId;
  const payee =
    doc.counterparty_organization_id === payer
      ? doc.issuer_organization_id
      : doc.issuer_organization_id === payer
        ? doc.counterparty_organization_id
        : null;
  if (payee === null) throw new Error(`organization ${payer} is not a party to document ${doc.id}`);
  requirePaymentsEnabled(ctx);
  if (doc.payment_hold) throw paymentHeld(doc);
  const currency = currencyOf(doc);
  // An active bank account in the currency connects the payer's processor for it: the payment
  // travels as a SEPA credit transfer in the payer's open batch (CONTRACT 12).
  const parties = await readParties(trx, payer, payee);
  const bank = paymentRail();
  const bankAccount = bank ? await bank.activeAccount(trx, payer, currency) : null;
  if (bank && bankAccount) {
    return startBankPayment(trx, req, { payee, currency, bankAccount, parties, bank }, now);
  }
  if (parties.payeeExternal && parties.payerEnvironment === 'live') {
    throw externalPayeeNeedsBank(doc, payee, currency);
  }
  const rail = await requirePaymentRail(trx, payer);
  const method = readPaymentMethod(req.paymentMethod);
  const { scheduledFor, executeAt } = readSchedule(req.scheduledFor, now);

  const amount = amountToPay(doc, req.amount);

  // The sandbox's practice source: accepted now, fails at settlement with insufficient_funds.
  const practiceFailure =
    rail.environment === 'sandbox' && req.sourceAccountId === SANDBOX_INSUFFICIENT_ACCOUNT;
  const source = practiceFailure
    ? SANDBOX_INSUFFICIENT_ACCOUNT
    : (await resolveSourceAccount(trx, payer, currency, req.sourceAccountId)).id;
  let destination: string;
  if (parties.payeeExternal) {
    // A sandbox payment to a business not on docex is simulated: the money leaves for the outside.
    if (req.destinationAccountId !== undefined) {
      throw invalid([
        {
          path: 'destination_account_id',
          message:
            'the payee is not on docex and has no account here; the payment leaves docex for the outside',
        },
      ]);
    }
    // Money paid to a business not on docex leaves the ledger for the outside: the external
    // system account of the environment and currency (docs/ledger.md), the one money enters
    // through, so every balance stays the sum of its entries.
    destination = externalAccountId(rail.environment, currency);
  } else {
    destination = await destinationAccount(trx, payee, currency, req.destinationAccountId);
  }

  const keyId = req.actor.history.key_id;
  await enforcePaymentLimits(trx, keyId, currency, amount, now);

  const payment = await trx
    .insertInto('payments')
    .values({
      id: newId('pay'),
      document_id: doc.id,
      payer_organization_id: payer,
      payee_organization_id: payee,
      environment: rail.environment,
      amount: toMoneyString(amount),
      currency,
      status: 'processing',
      failure_reason: null,
      settlement_reference: null,
      payment_method: method,
      source_account_id: source,
      destination_account_id: destination,
      scheduled_for: scheduledFor,
      execute_at: executeAt,
      resume_status: doc.status,
      key_id: keyId,
      last_error: null,
      created_at: now,
      settled_at: null,
      failed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      // The document is locked, so only a caller that skipped the in-flight check gets here.
      if (!isUniqueViolation(err, 'payments_one_in_flight')) throw err;
      throw new ApiError('conflict', 'The document already has a payment in flight.', { status: doc.status });
    });

  // A payment made now reserves its money at once (docs/ledger.md): a second payment cannot count
  // on it, and a short balance is refused now (insufficient_funds) rather than failing later. A
  // scheduled one is checked against the funds available on its date.
  if (executeAt <= now && !practiceFailure) {
    await placeHold(trx, { accountId: source, paymentId: payment.id, amount }, now);
  }

  const document = await applyStatusChange(
    trx,
    { ...doc, payment: storedPayment(payment) },
    req.actor,
    {
      to: 'payment_scheduled',
      action: 'payment_started',
      changes: {
        payment_id: payment.id,
        amount: toMoneyNumber(amount),
        currency,
        scheduled_for: scheduledFor,
      },
    },
    now,
  );
  return { document, payment };
}

/** What is owed and what this payment pays of it: a conflict when nothing is owed. */
function amountToPay(doc: DocumentRecord, requested: Decimal | undefined): Decimal {
  const owed = parseMoney(doc.balance_due);
  const amount = requested ?? owed;
  if (!owed.gt(0)) {
    throw new ApiError('conflict', 'Nothing is owed on this document: its balance_due is 0.', {
      balance_due: 0,
      status: doc.status,
    });
  }
  if (!amount.gt(0) || amount.gt(owed) || amount.decimalPlaces() > 2) {
    throw new RangeError(
      `a payment amount is positive, at most the balance due ${owed.toFixed(2)}, in cents`,
    );
  }
  return amount;
}

/**
 * A payment on the bank rail: the payee's account is its legal profile's payment_account (none:
 * 400 before anything moves); limits as on every rail; no docex balance (the money is in the
 * bank), so no hold. The payment is processing in the payer's open batch until a batch carries it
 * to the bank; the worker never settles it on the ledger.
 */
async function startBankPayment(
  trx: Tx,
  req: StartPaymentRequest,
  rail: {
    payee: string;
    currency: Currency;
    bankAccount: { id: string };
    parties: Parties;
    bank: PaymentRail;
  },
  now: Date,
): Promise<StartedPayment> {
  const doc = req.document;
  const problems: FieldProblem[] = [];
  if (req.paymentMethod !== undefined && req.paymentMethod !== SEPA_CREDIT_TRANSFER) {
    readPaymentMethod(req.paymentMethod);
  }
  if (req.sourceAccountId !== undefined && req.sourceAccountId !== rail.bankAccount.id) {
    problems.push({
      path: 'source_account_id',
      message: `this organization pays ${rail.currency} from its bank account ${rail.bankAccount.id}; name that one or none`,
    });
  }
  if (req.scheduledFor !== undefined && req.scheduledFor !== null) {
    problems.push({
      path: 'scheduled_for',
      message:
        "a bank-rail payment waits in the open batch; the bank executes it on the batch's requested_execution_date",
    });
  }
  if (problems.length) throw invalid(problems);
  const amount = amountToPay(doc, req.amount);
  // A received bill is paid to the account its e-invoice names (BT-84), not the profile's.
  const creditor = await rail.bank.payeeAccount(trx, rail.payee, doc.received?.payment_account);
  const environment = rail.parties.payerEnvironment;
  const destination = rail.parties.payeeExternal
    ? externalAccountId(environment, rail.currency)
    : (await accountFor(trx, rail.payee, rail.currency)).id;
  const keyId = req.actor.history.key_id;
  await enforcePaymentLimits(trx, keyId, rail.currency, amount, now);

  const id = newId('pay');
  const payment = await trx
    .insertInto('payments')
    .values({
      id,
      document_id: doc.id,
      payer_organization_id: req.payerOrganizationId,
      payee_organization_id: rail.payee,
      environment,
      amount: toMoneyString(amount),
      currency: rail.currency,
      status: 'processing',
      failure_reason: null,
      settlement_reference: null,
      payment_method: SEPA_CREDIT_TRANSFER,
      source_account_id: rail.bankAccount.id,
      destination_account_id: destination,
      scheduled_for: null,
      execute_at: now,
      resume_status: doc.status,
      key_id: keyId,
      last_error: null,
      created_at: now,
      settled_at: null,
      failed_at: null,
      rail: SEPA_CREDIT_TRANSFER,
      end_to_end_id: rail.bank.endToEndId(id),
      creditor_iban: creditor.iban,
      creditor_bic: creditor.bic,
      batch_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      if (!isUniqueViolation(err, 'payments_one_in_flight')) throw err;
      throw new ApiError('conflict', 'The document already has a payment in flight.', { status: doc.status });
    });

  const document = await applyStatusChange(
    trx,
    { ...doc, payment: storedPayment(payment) },
    req.actor,
    {
      to: 'payment_scheduled',
      action: 'payment_started',
      changes: {
        payment_id: payment.id,
        amount: toMoneyNumber(amount),
        currency: rail.currency,
        scheduled_for: null,
        rail: SEPA_CREDIT_TRANSFER,
      },
    },
    now,
  );
  return { document, payment };
}

/** The document's payment in flight, locked. */
export async function lockPaymentInFlight(trx: Tx, documentId: string): Promise<PaymentRow | null> {
  const row = await trx
    .selectFrom('payments')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('status', '=', 'processing')
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A pay (or a move to paid) while the document's payment is in flight: the same payment, never a
 * second charge. A payment still waiting for its scheduled date is brought forward to now (paid
 * means now); one already executing is left as it is.
 */
export async function resumePaymentInFlight(
  trx: Tx,
  doc: DocumentRecord,
  actor: DocumentActor,
  opts: { bringForward: boolean },
  now: Date,
): Promise<DocumentRecord> {
  let payment = await lockPaymentInFlight(trx, doc.id);
  if (!payment) throw new Error(`document ${doc.id} is payment_scheduled without a payment in flight`);
  if (opts.bringForward && payment.execute_at > now) {
    payment = await trx
      .updateTable('payments')
      .set({ execute_at: now, scheduled_for: null })
      .where('id', '=', payment.id)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirstOrThrow();
    const entry = await appendHistoryEntry(trx, {
      documentId: doc.id,
      action: 'payment_brought_forward',
      actor,
      changes: { payment_id: payment.id, scheduled_for: null },
      at: now,
    });
    return { ...doc, history_seq: entry.seq, history_head: entry.hash, payment: storedPayment(payment) };
  }
  return { ...doc, payment: storedPayment(payment) };
}
