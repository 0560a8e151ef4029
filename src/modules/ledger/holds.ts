// Holds: funds reserved for a payment between its start and its settlement, so that two payments
// in flight can never both count on the same money. A hold moves nothing: the account's balance
// stays, its `available` (balance − held) drops. Settlement captures the hold while posting the
// transfer (postTransfer with captureHold); failure releases it. At most one active hold per
// payment. Every hold change locks its account first, the same lock postTransfer takes.
import type { Kysely, Selectable } from 'kysely';
import type { Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { LedgerHoldsTable } from '../../db/tables/ledger.ts';
import { ApiError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { type Decimal, parseMoney, toMoneyString } from '../../lib/money.ts';
import { insufficientFunds } from './accounts.ts';

export type HoldRow = Selectable<LedgerHoldsTable>;

export interface HoldInput {
  accountId: string;
  paymentId: string;
  /** Positive, at most 2 decimals. */
  amount: Decimal;
}

/**
 * Reserves `amount` on a treasury account for a payment. Fails with `insufficient_funds` when
 * the account's available funds are short (nothing written). Placing the same hold again (same
 * payment, account and amount) returns the active one; a different one for a payment that already
 * holds funds is a `conflict`. Two round trips.
 */
export async function placeHold(trx: Tx, input: HoldInput, now: Date): Promise<HoldRow> {
  const amount = parseMoney(input.amount);
  if (amount.lte(0) || amount.decimalPlaces() > 2) {
    throw new RangeError(`a hold amount is positive with at most 2 decimals, not ${amount.toString()}`);
  }
  const account = await trx
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_holds as h', (j) =>
      j.on('h.payment_id', '=', input.paymentId).on('h.status', '=', 'active'),
    )
    .select([
      'a.id',
      'a.kind',
      'a.currency',
      'a.balance',
      'a.held',
      'h.id as hold_id',
      'h.account_id as hold_account_id',
      'h.amount as hold_amount',
    ])
    .where('a.id', '=', input.accountId)
    .forUpdate('a')
    .executeTakeFirst();
  if (account?.kind !== 'treasury') throw new ApiError('not_found', 'No such account.');
  if (account.hold_id) {
    if (account.hold_account_id === input.accountId && parseMoney(account.hold_amount!).equals(amount)) {
      return trx
        .selectFrom('ledger_holds')
        .selectAll()
        .where('id', '=', account.hold_id)
        .executeTakeFirstOrThrow();
    }
    throw new ApiError('conflict', `Payment ${input.paymentId} already holds funds.`, {
      hold_id: account.hold_id,
    });
  }
  if (parseMoney(account.balance).minus(parseMoney(account.held)).lt(amount)) {
    throw insufficientFunds(account.id, account.currency);
  }
  return trx
    .insertInto('ledger_holds')
    .values({
      id: newId('hold'),
      account_id: input.accountId,
      payment_id: input.paymentId,
      amount: toMoneyString(amount),
      status: 'active',
      created_at: now,
      closed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Releases the payment's active hold (the payment failed or was cancelled): its amount is
 * available again. Returns the released hold, or null when the payment holds nothing (already
 * released or captured): safe to call twice. Two round trips.
 */
export async function releaseHold(trx: Tx, paymentId: string, now: Date): Promise<HoldRow | null> {
  const active = await trx
    .selectFrom('ledger_holds as h')
    .innerJoin('ledger_accounts as a', 'a.id', 'h.account_id')
    .select('h.id')
    .where('h.payment_id', '=', paymentId)
    .where('h.status', '=', 'active')
    .forUpdate('a')
    .executeTakeFirst();
  if (!active) return null;
  const released = await trx
    .updateTable('ledger_holds')
    .set({ status: 'released', closed_at: now })
    .where('id', '=', active.id)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
  return released ?? null;
}

/** The payment's active hold, if any. */
export async function activeHold(db: Kysely<DB>, paymentId: string): Promise<HoldRow | null> {
  const row = await db
    .selectFrom('ledger_holds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}
