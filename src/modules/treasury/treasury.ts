// Treasury reads (CONTRACT 4, verified organizations only) and the operator's top-up
// (CONTRACT 1). Balances come from the ledger (src/modules/ledger); nothing here moves money
// except fundOrganization, which posts one double-entry transfer from the external account.
import { type AppContext, hmacKeys } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type CursorBinding, decodeCursor, type Page, pageNewestFirst, toPage } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import type { Currency } from '../../lib/currencies.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { parseMoney, toMoneyNumber } from '../../lib/money.ts';
import { requireVerified } from '../identity/capabilities.ts';
import {
  type AccountRow,
  accountFor,
  balanceOf,
  externalAccountId,
  getAccount,
  postTransfer,
  type TransactionRow,
} from '../ledger/index.ts';

export interface AccountView {
  id: string;
  name: string;
  currency: Currency;
  balance: number;
  available: number;
}

export interface TransactionView {
  id: string;
  account_id: string;
  amount: number;
  balance_after: number;
  payment_id: string | null;
  description: string;
  created_at: string;
}

export function accountView(row: AccountRow): AccountView {
  const b = balanceOf(row);
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    balance: toMoneyNumber(b.balance),
    available: toMoneyNumber(b.available),
  };
}

export function transactionView(row: TransactionRow): TransactionView {
  return {
    id: row.id,
    account_id: row.account_id,
    amount: toMoneyNumber(parseMoney(row.amount)),
    // Treasury accounts always carry balance_after; only system accounts' entries lack it.
    balance_after: toMoneyNumber(parseMoney(row.balance_after ?? '0')),
    payment_id: row.payment_id,
    description: row.description,
    created_at: iso(row.created_at),
  };
}

export async function listTreasuryAccounts(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string; currency?: Currency },
): Promise<Page<AccountView>> {
  requireVerified(principal, 'treasury');
  const org = principal.organization.id;
  const binding: CursorBinding = {
    list: 'treasury.accounts',
    scope: org,
    filters: { currency: q.currency ?? null },
  };
  let query = ctx.db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('organization_id', '=', org)
    .where('kind', '=', 'treasury');
  if (q.currency) query = query.where('currency', '=', q.currency);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, accountView);
}

export async function getTreasuryAccount(
  ctx: AppContext,
  principal: Principal,
  accountId: string,
): Promise<AccountView> {
  requireVerified(principal, 'treasury');
  return accountView(await getAccount(ctx.db, principal.organization.id, accountId));
}

/**
 * An account's transactions, newest first. The order is the order the entries were applied to
 * the account (its `seq`), the order `balance_after` follows, so a statement always reads
 * consistently even when two entries share a millisecond.
 */
export async function listAccountTransactions(
  ctx: AppContext,
  principal: Principal,
  accountId: string,
  q: { limit?: number; cursor?: string },
): Promise<Page<TransactionView>> {
  requireVerified(principal, 'treasury');
  const org = principal.organization.id;
  const account = await getAccount(ctx.db, org, accountId);
  const limit = q.limit ?? 20;
  const binding: CursorBinding = {
    list: 'treasury.transactions',
    scope: org,
    filters: { account_id: account.id },
  };
  let query = ctx.db.selectFrom('ledger_transactions').selectAll().where('account_id', '=', account.id);
  if (q.cursor) {
    const pos = decodeCursor(hmacKeys(ctx), binding, q.cursor);
    query = query.where('seq', '<', (eb) =>
      eb
        .selectFrom('ledger_transactions as c')
        .select('c.seq')
        .where('c.id', '=', pos.id)
        .where('c.account_id', '=', account.id),
    );
  }
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  return toPage(
    ctx.secrets.hmacKey,
    binding,
    rows,
    limit,
    (r) => ({ t: iso(r.created_at), id: r.id }),
    transactionView,
  );
}

/** A single top-up at most; keeps every balance exactly representable as a JSON number. */
export const MAX_TOP_UP = 1_000_000_000_000;
const MAX_BALANCE = 10_000_000_000_000;

function decimalsOf(n: number): number {
  const s = String(n);
  if (s.includes('e')) return Number.POSITIVE_INFINITY;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * POST /v1/operator/organizations/{id}/fund: credits the organization's account in `currency`
 * from the external account of its environment, as one double-entry transfer.
 */
export async function fundOrganization(
  ctx: AppContext,
  organizationId: string,
  input: { currency: Currency; amount: number },
): Promise<AccountView> {
  if (!Number.isFinite(input.amount) || input.amount <= 0) {
    throw invalid([{ path: 'amount', message: 'must be greater than 0' }]);
  }
  if (input.amount > MAX_TOP_UP) {
    throw invalid([{ path: 'amount', message: `must be at most ${MAX_TOP_UP}` }]);
  }
  if (decimalsOf(input.amount) > 2) {
    throw invalid([{ path: 'amount', message: 'must have at most 2 decimal places' }]);
  }
  const amount = parseMoney(input.amount);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    const org = await trx
      .selectFrom('organizations')
      .select(['id', 'environment'])
      .where('id', '=', organizationId)
      .executeTakeFirst();
    if (!org) throw notFound('organization');
    const account = await accountFor(trx, org.id, input.currency);
    const posted = await postTransfer(
      trx,
      {
        fromAccountId: externalAccountId(org.environment, input.currency),
        toAccountId: account.id,
        amount,
        currency: input.currency,
        kind: 'top_up',
        description: 'Top-up',
        debitDescription: `Top-up of ${account.id}`,
      },
      now,
    );
    if (parseMoney(posted.credit.balance_after ?? '0').gt(MAX_BALANCE)) {
      throw invalid([{ path: 'amount', message: `the account balance would exceed ${MAX_BALANCE}` }]);
    }
    return accountView(await getAccount(trx, org.id, account.id));
  });
}
