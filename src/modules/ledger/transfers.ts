// Transfers: money moving between two accounts as balanced entries, posted atomically and never
// edited (a correction is a new transfer). The database enforces the invariants (see
// src/db/migrations/0004_ledger.sql); this module adds clean errors and a deadlock-free lock order.
import type { Selectable } from 'kysely';
import type { Tx } from '../../context.ts';
import type { LedgerTransactionsTable, LedgerTransfersTable } from '../../db/tables/ledger.ts';
import type { Currency } from '../../lib/currencies.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { type Decimal, parseMoney, toMoneyString } from '../../lib/money.ts';
import { type Environment, insufficientFunds, parseSystemAccountId } from './accounts.ts';

export type TransferRow = Selectable<LedgerTransfersTable>;
export type TransactionRow = Selectable<LedgerTransactionsTable>;

/** What moved the money. Add a kind here when a new flow needs one (the database checks its shape only). */
export type TransferKind = 'opening' | 'top_up' | 'payment' | 'reversal' | 'sweep' | 'adjustment' | 'bank';

export interface TransferInput {
  fromAccountId: string;
  toAccountId: string;
  /** Positive, at most 2 decimals. */
  amount: Decimal;
  currency: Currency;
  paymentId?: string | null;
  /** The transfer's description, and each side's unless given below. */
  description: string;
  /** What the payer's statement says, e.g. "Payment of BILL-000012 to Acme". */
  debitDescription?: string;
  /** What the payee's statement says, e.g. "Payment of INV-000042 from Beta". */
  creditDescription?: string;
  kind: TransferKind;
  /**
   * Consume the payment's active hold on the source account in the same step: the hold is
   * captured and its amount becomes available to this transfer. Requires `paymentId`.
   */
  captureHold?: boolean;
}

export interface PostedTransfer {
  transfer: TransferRow;
  /** The source account's entry (negative amount). */
  debit: TransactionRow;
  /** The destination account's entry (positive amount). */
  credit: TransactionRow;
}

/** A transfer ready to write, already validated and funds-checked. */
export interface PreparedTransfer {
  kind: TransferKind;
  currency: Currency;
  environment: Environment;
  amount: Decimal;
  paymentId: string | null;
  fromAccountId: string;
  toAccountId: string;
  transferDescription: string;
  debitDescription: string;
  creditDescription: string;
}

function assertAmount(amount: Decimal): void {
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 2) {
    throw new RangeError(`a transfer amount is positive with at most 2 decimals, not ${amount.toString()}`);
  }
}

/**
 * Writes transfers and their entries in ONE statement (a data-modifying CTE): the database's
 * statement-level check sees each transfer complete. The entry trigger applies every entry to its
 * treasury account under the row lock. Callers have checked funds and hold the locks they need.
 */
export async function writeTransfers(
  trx: Tx,
  transfers: readonly PreparedTransfer[],
  now: Date,
): Promise<{ transfers: TransferRow[]; entries: TransactionRow[] }> {
  if (transfers.length === 0) return { transfers: [], entries: [] };
  const transferRows = transfers.map((t) => ({
    id: newId('trf'),
    kind: t.kind,
    currency: t.currency,
    environment: t.environment,
    amount: toMoneyString(t.amount),
    payment_id: t.paymentId,
    description: t.transferDescription,
    created_at: now,
  }));
  const entryRows = transfers.flatMap((t, i) => {
    const transferId = transferRows[i]!.id;
    const common = {
      transfer_id: transferId,
      currency: t.currency,
      environment: t.environment,
      payment_id: t.paymentId,
      created_at: now,
    };
    const debit = {
      ...common,
      id: newId('txn'),
      account_id: t.fromAccountId,
      amount: toMoneyString(t.amount.negated()),
      description: t.debitDescription,
    };
    const credit = {
      ...common,
      id: newId('txn'),
      account_id: t.toAccountId,
      amount: toMoneyString(t.amount),
      description: t.creditDescription,
    };
    // Rows are applied in this order: ascending account id, the same order postTransfer locks in.
    return debit.account_id < credit.account_id ? [debit, credit] : [credit, debit];
  });
  const entries = await trx
    .with('posted_transfers', (db) => db.insertInto('ledger_transfers').values(transferRows))
    .insertInto('ledger_transactions')
    .values(entryRows)
    .returningAll()
    .execute();
  // RETURNING is not ordered by the VALUES list; callers pair entries by id.
  const byId = new Map(entries.map((e) => [e.id, e]));
  return {
    transfers: transferRows,
    entries: entryRows.map((r) => byId.get(r.id)!),
  };
}

interface LockedAccount {
  id: string;
  kind: 'treasury' | 'external';
  currency: Currency;
  environment: Environment;
  balance: string;
  held: string;
  hold_amount: string | null;
}

/**
 * Posts one transfer: the source's entry (−amount) and the destination's (+amount), atomically.
 *
 * Round trips: one to lock the treasury accounts involved (ascending id, so two transfers in
 * opposite directions never deadlock) and read their balances, one to write the transfer and its
 * entries; one more with `captureHold`. System accounts are never locked.
 *
 * Fails with ApiError `insufficient_funds` when the source's available funds (balance − holds,
 * plus the hold being captured) are short; nothing is written then, so the caller's transaction
 * stays usable (to record a failed payment, say).
 */
export async function postTransfer(trx: Tx, input: TransferInput, now: Date): Promise<PostedTransfer> {
  const amount = parseMoney(input.amount);
  assertAmount(amount);
  if (input.fromAccountId === input.toAccountId) {
    throw new RangeError('a transfer needs two different accounts');
  }
  const paymentId = input.paymentId ?? null;
  if (input.captureHold && !paymentId) throw new RangeError('captureHold needs a paymentId');

  const sides = [input.fromAccountId, input.toAccountId];
  const lockIds = sides.filter((id) => parseSystemAccountId(id) === null).sort();
  let locked: LockedAccount[] = [];
  if (lockIds.length > 0) {
    locked = (await trx
      .selectFrom('ledger_accounts as a')
      .select(['a.id', 'a.kind', 'a.currency', 'a.environment', 'a.balance', 'a.held'])
      .select((eb) =>
        (input.captureHold && paymentId
          ? eb
              .selectFrom('ledger_holds as h')
              .select('h.amount')
              .whereRef('h.account_id', '=', 'a.id')
              .where('h.payment_id', '=', paymentId)
              .where('h.status', '=', 'active')
          : eb.val<string | null>(null)
        ).as('hold_amount'),
      )
      .where('a.id', 'in', lockIds)
      .orderBy('a.id')
      .forUpdate()
      .execute()) as LockedAccount[];
  }

  const describe = (id: string): { environment: Environment; currency: Currency; row?: LockedAccount } => {
    const system = parseSystemAccountId(id);
    if (system) return system;
    const row = locked.find((r) => r.id === id);
    if (!row) throw new ApiError('not_found', `No such account: ${id}.`);
    return { environment: row.environment, currency: row.currency, row };
  };
  const from = describe(input.fromAccountId);
  const to = describe(input.toAccountId);
  for (const side of [from, to]) {
    if (side.currency !== input.currency) {
      throw new RangeError(
        `account currency ${side.currency} does not match the transfer's ${input.currency}`,
      );
    }
  }
  if (from.environment !== to.environment) {
    throw new ApiError('sandbox_isolation', 'Money never moves between sandbox and live accounts.');
  }
  const environment = from.environment;

  if (from.row) {
    const held = parseMoney(from.row.held);
    let available = parseMoney(from.row.balance).minus(held);
    if (input.captureHold) {
      if (from.row.hold_amount === null) {
        throw new ApiError('conflict', `Payment ${paymentId} has no active hold on ${from.row.id}.`);
      }
      available = available.plus(parseMoney(from.row.hold_amount));
    }
    if (available.lt(amount)) throw insufficientFunds(from.row.id, input.currency);
  }

  if (input.captureHold && paymentId) {
    // The account row is locked and every hold change locks it first: the hold is still active.
    const captured = await trx
      .updateTable('ledger_holds')
      .set({ status: 'captured', closed_at: now })
      .where('payment_id', '=', paymentId)
      .where('account_id', '=', input.fromAccountId)
      .where('status', '=', 'active')
      .returning('id')
      .executeTakeFirst();
    if (!captured) throw new Error(`the hold of payment ${paymentId} changed under its account lock`);
  }

  const { transfers, entries } = await writeTransfers(
    trx,
    [
      {
        kind: input.kind,
        currency: input.currency,
        environment,
        amount,
        paymentId,
        fromAccountId: input.fromAccountId,
        toAccountId: input.toAccountId,
        transferDescription: input.description,
        debitDescription: input.debitDescription ?? input.description,
        creditDescription: input.creditDescription ?? input.description,
      },
    ],
    now,
  );
  const debit = entries.find((e) => e.account_id === input.fromAccountId)!;
  const credit = entries.find((e) => e.account_id === input.toAccountId)!;
  return { transfer: transfers[0]!, debit, credit };
}
