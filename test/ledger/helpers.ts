// Ledger invariants, checked from the outside with plain SQL after every scenario.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { TestService } from '../helpers/harness.ts';

export async function assertLedgerInvariants(svc: TestService): Promise<void> {
  const db = svc.ctx.db;
  const unbalanced = await sql<{ transfer_id: string; total: string }>`
    select tr.id as transfer_id, coalesce(sum(t.amount), 0)::text as total
      from ledger_transfers tr left join ledger_transactions t on t.transfer_id = tr.id
     group by tr.id, tr.amount
    having coalesce(sum(t.amount), 0) <> 0 or count(t.id) < 2
        or coalesce(sum(t.amount) filter (where t.amount > 0), 0) <> tr.amount`.execute(db);
  assert.deepEqual(unbalanced.rows, [], 'every transfer sums to zero');

  const drift = await sql<{ id: string; balance: string; total: string }>`
    select a.id, a.balance::text, coalesce(sum(t.amount), 0)::text as total
      from ledger_accounts a left join ledger_transactions t on t.account_id = a.id
     where a.kind = 'treasury'
     group by a.id, a.balance
    having a.balance <> coalesce(sum(t.amount), 0)`.execute(db);
  assert.deepEqual(drift.rows, [], 'every balance equals the sum of its entries');

  const chain = await sql<{ id: string }>`
    select t.id from (
      select id, account_id, seq, balance_after,
             sum(amount) over (partition by account_id order by seq) as running,
             row_number() over (partition by account_id order by seq) as n
        from ledger_transactions where seq is not null) t
     where t.balance_after <> t.running or t.seq <> t.n`.execute(db);
  assert.deepEqual(chain.rows, [], 'balance_after is the running sum, seq has no gaps');

  const negative = await sql<{ id: string }>`
    select id from ledger_accounts where kind = 'treasury' and (balance < 0 or held < 0 or held > balance)`.execute(
    db,
  );
  assert.deepEqual(negative.rows, [], 'no treasury balance below zero or below its holds');

  const held = await sql<{ id: string }>`
    select a.id from ledger_accounts a left join ledger_holds h on h.account_id = a.id and h.status = 'active'
     group by a.id, a.held having a.held <> coalesce(sum(h.amount), 0)`.execute(db);
  assert.deepEqual(held.rows, [], 'held equals the sum of active holds');

  const total = await sql<{ total: string }>`
    select coalesce(sum(amount), 0)::text as total from ledger_transactions`.execute(db);
  assert.equal(Number(total.rows[0]?.total), 0, 'the whole ledger sums to zero');
}
