// Ledger accounts (CONTRACT 4): one treasury account per organization and currency, created in
// the organization's own transaction, and one external system account per environment and
// currency through which money enters the ledger (top-ups, sandbox opening funds).
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerAccountsTable } from '../../db/tables/ledger.ts';
import { type Currency, isCurrency } from '../../lib/currencies.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { type Decimal, MoneyDecimal, parseMoney, sumMoney } from '../../lib/money.ts';

export type AccountRow = Selectable<LedgerAccountsTable>;
export type Environment = 'live' | 'sandbox';

export function treasuryAccountName(currency: Currency): string {
  return `${currency} treasury`;
}

/**
 * The external account of an environment and currency. Its id is well known (seeded by the
 * migration), so posting against it needs no lookup and never takes its row lock.
 */
export function externalAccountId(environment: Environment, currency: Currency): string {
  return `acct_external_${environment}_${currency.toLowerCase()}`;
}

const EXTERNAL_ID = /^acct_external_(live|sandbox)_(usd|eur|gbp|cad)$/;

/** The environment and currency of a system account id, or null for any other id. */
export function parseSystemAccountId(id: string): { environment: Environment; currency: Currency } | null {
  const m = EXTERNAL_ID.exec(id);
  if (!m) return null;
  const currency = m[2]!.toUpperCase();
  if (!isCurrency(currency)) return null;
  return { environment: m[1] as Environment, currency };
}

/** The organization's treasury account in a currency. */
export async function accountFor(
  db: Kysely<DB>,
  organizationId: string,
  currency: Currency,
): Promise<AccountRow> {
  const row = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'treasury')
    .where('currency', '=', currency)
    .executeTakeFirst();
  if (!row) throw notFound('account');
  return row;
}

/** One treasury account of the organization; another organization's account is not_found. */
export async function getAccount(
  db: Kysely<DB>,
  organizationId: string,
  accountId: string,
): Promise<AccountRow> {
  const row = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'treasury')
    .executeTakeFirst();
  if (!row) throw notFound('account');
  return row;
}

/**
 * The account a payment draws on: the organization's account in the document's currency, or the
 * `source_account_id` the caller named, which must be the organization's and in that currency.
 * (The sandbox's `acct_sandbox_insufficient` is a rail rule: the payment layer checks for it
 * before calling this.)
 */
export async function resolveSourceAccount(
  db: Kysely<DB>,
  organizationId: string,
  currency: Currency,
  sourceAccountId?: string | null,
): Promise<AccountRow> {
  if (sourceAccountId === undefined || sourceAccountId === null) {
    return accountFor(db, organizationId, currency);
  }
  const row = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('id', '=', sourceAccountId)
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'treasury')
    .executeTakeFirst();
  if (!row) {
    throw invalid([{ path: 'source_account_id', message: 'is not one of your treasury accounts' }]);
  }
  if (row.currency !== currency) {
    throw invalid([
      {
        path: 'source_account_id',
        message: `the account holds ${row.currency}; this payment is in ${currency}`,
      },
    ]);
  }
  return row;
}

export interface Balance {
  /** Booked: the sum of the account's entries. */
  balance: Decimal;
  /** Reserved by active holds. */
  held: Decimal;
  /** balance − held: what a new hold or transfer may use. */
  available: Decimal;
}

export function balanceOf(row: Pick<AccountRow, 'balance' | 'held'>): Balance {
  const balance = parseMoney(row.balance);
  const held = parseMoney(row.held);
  return { balance, held, available: balance.minus(held) };
}

/**
 * The current balance of any account. A treasury account's is stored (and equals the sum of its
 * entries by construction); a system account's is that sum, computed here.
 */
export async function getBalance(db: Kysely<DB>, accountId: string): Promise<Balance> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance', 'held'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('account');
  if (row.kind === 'treasury') return balanceOf(row);
  const sum = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const balance = sumMoney([sum.total]);
  return { balance, held: new MoneyDecimal(0), available: balance };
}

/** Thrown when a source account cannot cover a transfer or hold. */
export function insufficientFunds(accountId: string, currency: Currency): ApiError {
  return new ApiError(
    'insufficient_funds',
    `The ${currency} account ${accountId} does not have enough available funds for this amount.`,
    { account_id: accountId, currency },
  );
}
