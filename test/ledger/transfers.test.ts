// The ledger's domain API and the invariants the database enforces (CONTRACT 4): balanced,
// immutable transfers; balances that are the sum of their entries; no overdraft, even under
// concurrent transfers on real PostgreSQL connections.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Tx } from '../../src/context.ts';
import { pgErrorCode } from '../../src/db/transaction.ts';
import { ApiError } from '../../src/lib/errors.ts';
import { newId } from '../../src/lib/ids.ts';
import { parseMoney } from '../../src/lib/money.ts';
import {
  type AccountRow,
  accountFor,
  activeHold,
  externalAccountId,
  getBalance,
  placeHold,
  postTransfer,
  releaseHold,
  resolveSourceAccount,
} from '../../src/modules/ledger/index.ts';
import { operator, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { assertLedgerInvariants } from './helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const now = () => svc.ctx.clock.now();
const tx = <T>(fn: (trx: Tx) => Promise<T>) => svc.ctx.db.transaction().execute(fn);
const money = (s: string | number) => parseMoney(s);

async function liveAccount(name: string, fundUsd?: number): Promise<AccountRow> {
  const org = await signup(svc, name);
  if (fundUsd !== undefined) {
    const res = await operator(svc, 'POST', `/v1/operator/organizations/${org.orgId}/fund`, {
      currency: 'USD',
      amount: fundUsd,
    });
    assert.equal(res.status, 200, res.text);
  }
  return accountFor(svc.ctx.db, org.orgId, 'USD');
}

async function balance(id: string): Promise<string> {
  return (await getBalance(svc.ctx.db, id)).balance.toFixed(2);
}

async function counts(): Promise<{ transfers: number; entries: number }> {
  const r = await sql<{ transfers: number; entries: number }>`
    select (select count(*) from ledger_transfers)::int as transfers,
           (select count(*) from ledger_transactions)::int as entries`.execute(svc.ctx.db);
  return r.rows[0]!;
}

function isInsufficientFunds(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'insufficient_funds';
}

describe('postTransfer', () => {
  test('books one entry per side, signed, with balance_after, and moves the balances', async () => {
    const a = await liveAccount('Payer', 500);
    const b = await liveAccount('Payee');
    const paymentId = newId('pay');
    const posted = await tx((trx) =>
      postTransfer(
        trx,
        {
          fromAccountId: a.id,
          toAccountId: b.id,
          amount: money('120.35'),
          currency: 'USD',
          paymentId,
          kind: 'payment',
          description: 'Payment',
          debitDescription: 'Payment of BILL-000001 to Payee',
          creditDescription: 'Payment of INV-000001 from Payer',
        },
        now(),
      ),
    );
    assert.match(posted.transfer.id, /^trf_/);
    assert.equal(posted.transfer.amount, '120.35');
    assert.equal(posted.debit.account_id, a.id);
    assert.equal(posted.debit.amount, '-120.35');
    assert.equal(posted.debit.balance_after, '379.65');
    assert.equal(posted.debit.payment_id, paymentId);
    assert.equal(posted.debit.description, 'Payment of BILL-000001 to Payee');
    assert.equal(posted.credit.account_id, b.id);
    assert.equal(posted.credit.amount, '120.35');
    assert.equal(posted.credit.balance_after, '120.35');
    assert.equal(posted.credit.description, 'Payment of INV-000001 from Payer');
    assert.equal(posted.credit.transfer_id, posted.transfer.id);
    assert.equal(await balance(a.id), '379.65');
    assert.equal(await balance(b.id), '120.35');
    await assertLedgerInvariants(svc);
  });

  test('insufficient_funds writes nothing and leaves the caller’s transaction usable', async () => {
    const a = await liveAccount('Short', 100);
    const b = await liveAccount('Target');
    const before = await counts();
    const outcome = await tx(async (trx) => {
      try {
        await postTransfer(
          trx,
          {
            fromAccountId: a.id,
            toAccountId: b.id,
            amount: money('100.01'),
            currency: 'USD',
            kind: 'payment',
            description: 'x',
          },
          now(),
        );
        return 'posted';
      } catch (err) {
        assert.ok(isInsufficientFunds(err), String(err));
        assert.deepEqual((err as ApiError).details, { account_id: a.id, currency: 'USD' });
        // The transaction is still alive: the caller can record the failure.
        await sql`select 1`.execute(trx);
        return 'refused';
      }
    });
    assert.equal(outcome, 'refused');
    assert.deepEqual(await counts(), before);
    assert.equal(await balance(a.id), '100.00');
    assert.equal(await balance(b.id), '0.00');
    // The exact balance is enough.
    await tx((trx) =>
      postTransfer(
        trx,
        {
          fromAccountId: a.id,
          toAccountId: b.id,
          amount: money('100'),
          currency: 'USD',
          kind: 'payment',
          description: 'x',
        },
        now(),
      ),
    );
    assert.equal(await balance(a.id), '0.00');
    await assertLedgerInvariants(svc);
  });

  test('refuses bad input before touching anything', async () => {
    const a = await liveAccount('Bad', 10);
    const b = await liveAccount('Input');
    const eur = await accountFor(svc.ctx.db, b.organization_id!, 'EUR');
    const base = {
      fromAccountId: a.id,
      toAccountId: b.id,
      currency: 'USD' as const,
      kind: 'payment' as const,
      description: 'x',
    };
    for (const amount of ['0', '-1', '0.001']) {
      await assert.rejects(
        tx((trx) => postTransfer(trx, { ...base, amount: money(amount) }, now())),
        RangeError,
      );
    }
    await assert.rejects(
      tx((trx) => postTransfer(trx, { ...base, toAccountId: a.id, amount: money(1) }, now())),
      RangeError,
    );
    await assert.rejects(
      tx((trx) => postTransfer(trx, { ...base, toAccountId: eur.id, amount: money(1) }, now())),
      RangeError,
    );
    await assert.rejects(
      tx((trx) => postTransfer(trx, { ...base, toAccountId: 'acct_nope', amount: money(1) }, now())),
      (err: unknown) => err instanceof ApiError && err.code === 'not_found',
    );
    // Live money never reaches a sandbox account.
    const parent = await signup(svc, 'Iso');
    const sb = await svc.req<{ organization: { id: string } }>('POST', '/v1/sandbox', {
      token: parent.session,
    });
    const sandboxUsd = await accountFor(svc.ctx.db, sb.body.organization.id, 'USD');
    await assert.rejects(
      tx((trx) => postTransfer(trx, { ...base, toAccountId: sandboxUsd.id, amount: money(1) }, now())),
      (err: unknown) => err instanceof ApiError && err.code === 'sandbox_isolation',
    );
    await assert.rejects(
      tx((trx) =>
        postTransfer(
          trx,
          { ...base, fromAccountId: externalAccountId('sandbox', 'USD'), amount: money(1) },
          now(),
        ),
      ),
      (err: unknown) => err instanceof ApiError && err.code === 'sandbox_isolation',
    );
    assert.equal(await balance(a.id), '10.00');
  });

  test('resolveSourceAccount: the default account, or a named one of the organization in the currency', async () => {
    const a = await liveAccount('Resolver');
    const other = await liveAccount('Stranger');
    const org = a.organization_id!;
    assert.equal((await resolveSourceAccount(svc.ctx.db, org, 'USD')).id, a.id);
    assert.equal((await resolveSourceAccount(svc.ctx.db, org, 'USD', a.id)).id, a.id);
    const eur = await accountFor(svc.ctx.db, org, 'EUR');
    for (const id of [eur.id, other.id, 'acct_external_live_usd', 'acct_unknown']) {
      await assert.rejects(
        resolveSourceAccount(svc.ctx.db, org, 'USD', id),
        (err: unknown) =>
          err instanceof ApiError &&
          err.code === 'invalid_request' &&
          JSON.stringify(err.details).includes('source_account_id'),
      );
    }
  });

  test('the external account’s balance is the sum of its entries', async () => {
    const before = (await getBalance(svc.ctx.db, externalAccountId('live', 'CAD'))).balance;
    const org = await signup(svc, 'Cad');
    await operator(svc, 'POST', `/v1/operator/organizations/${org.orgId}/fund`, {
      currency: 'CAD',
      amount: 70.5,
    });
    const after = (await getBalance(svc.ctx.db, externalAccountId('live', 'CAD'))).balance;
    assert.equal(before.minus(after).toFixed(2), '70.50');
  });
});

describe('holds', () => {
  test('a hold reserves funds that no other transfer can spend; capture settles it', async () => {
    const a = await liveAccount('Holder', 300);
    const b = await liveAccount('HoldPayee');
    const pay1 = newId('pay');
    const hold = await tx((trx) =>
      placeHold(trx, { accountId: a.id, paymentId: pay1, amount: money(200) }, now()),
    );
    assert.equal(hold.status, 'active');
    assert.match(hold.id, /^hold_/);
    let bal = await getBalance(svc.ctx.db, a.id);
    assert.equal(bal.balance.toFixed(2), '300.00');
    assert.equal(bal.available.toFixed(2), '100.00');

    // Placing the same hold again returns it; a different one for the payment is a conflict.
    const same = await tx((trx) =>
      placeHold(trx, { accountId: a.id, paymentId: pay1, amount: money(200) }, now()),
    );
    assert.equal(same.id, hold.id);
    await assert.rejects(
      tx((trx) => placeHold(trx, { accountId: a.id, paymentId: pay1, amount: money(150) }, now())),
      (err: unknown) => err instanceof ApiError && err.code === 'conflict',
    );
    // Another payment cannot count on the held money.
    await assert.rejects(
      tx((trx) =>
        placeHold(trx, { accountId: a.id, paymentId: newId('pay'), amount: money('100.01') }, now()),
      ),
      isInsufficientFunds,
    );
    await assert.rejects(
      tx((trx) =>
        postTransfer(
          trx,
          {
            fromAccountId: a.id,
            toAccountId: b.id,
            amount: money('100.01'),
            currency: 'USD',
            kind: 'payment',
            description: 'x',
          },
          now(),
        ),
      ),
      isInsufficientFunds,
    );
    // Settlement: the transfer consumes the hold in the same step.
    const posted = await tx((trx) =>
      postTransfer(
        trx,
        {
          fromAccountId: a.id,
          toAccountId: b.id,
          amount: money(200),
          currency: 'USD',
          paymentId: pay1,
          kind: 'payment',
          description: 'settled',
          captureHold: true,
        },
        now(),
      ),
    );
    assert.equal(posted.debit.balance_after, '100.00');
    bal = await getBalance(svc.ctx.db, a.id);
    assert.equal(bal.available.toFixed(2), '100.00');
    assert.equal(bal.held.toFixed(2), '0.00');
    assert.equal(await activeHold(svc.ctx.db, pay1), null);
    const closed = await svc.ctx.db
      .selectFrom('ledger_holds')
      .selectAll()
      .where('id', '=', hold.id)
      .executeTakeFirstOrThrow();
    assert.equal(closed.status, 'captured');
    // Capturing again finds no hold.
    await assert.rejects(
      tx((trx) =>
        postTransfer(
          trx,
          {
            fromAccountId: a.id,
            toAccountId: b.id,
            amount: money(1),
            currency: 'USD',
            paymentId: pay1,
            kind: 'payment',
            description: 'again',
            captureHold: true,
          },
          now(),
        ),
      ),
      (err: unknown) => err instanceof ApiError && err.code === 'conflict',
    );
    await assertLedgerInvariants(svc);
  });

  test('release makes the funds available again and is safe to repeat', async () => {
    const a = await liveAccount('Releaser', 50);
    const pay = newId('pay');
    await tx((trx) => placeHold(trx, { accountId: a.id, paymentId: pay, amount: money(50) }, now()));
    assert.equal((await getBalance(svc.ctx.db, a.id)).available.toFixed(2), '0.00');
    const released = await tx((trx) => releaseHold(trx, pay, now()));
    assert.equal(released?.status, 'released');
    assert.ok(released?.closed_at instanceof Date);
    assert.equal(await tx((trx) => releaseHold(trx, pay, now())), null);
    assert.equal((await getBalance(svc.ctx.db, a.id)).available.toFixed(2), '50.00');
    // A new hold for the same payment may follow a released one.
    await tx((trx) => placeHold(trx, { accountId: a.id, paymentId: pay, amount: money(10) }, now()));
    assert.equal((await getBalance(svc.ctx.db, a.id)).available.toFixed(2), '40.00');
    await assertLedgerInvariants(svc);
  });

  test('holds only go on treasury accounts', async () => {
    await assert.rejects(
      tx((trx) =>
        placeHold(
          trx,
          { accountId: externalAccountId('live', 'USD'), paymentId: newId('pay'), amount: money(1) },
          now(),
        ),
      ),
      (err: unknown) => err instanceof ApiError && err.code === 'not_found',
    );
  });
});

describe('the database enforces the invariants', () => {
  async function refused(statement: (trx: Tx) => Promise<unknown>, code: string): Promise<void> {
    await assert.rejects(tx(statement), (err: unknown) => {
      assert.equal(pgErrorCode(err), code, String(err));
      return true;
    });
  }

  test('entries and transfers are never updated or deleted', async () => {
    const a = await liveAccount('Immutable', 10);
    await refused(
      (trx) => sql`update ledger_transactions set amount = 11 where account_id = ${a.id}`.execute(trx),
      '55000',
    );
    await refused(
      (trx) =>
        sql`update ledger_transactions set description = 'edited' where account_id = ${a.id}`.execute(trx),
      '55000',
    );
    await refused(
      (trx) => sql`delete from ledger_transactions where account_id = ${a.id}`.execute(trx),
      '55000',
    );
    await refused(
      (trx) =>
        sql`update ledger_transfers set amount = 11 where id in (select transfer_id from ledger_transactions where account_id = ${a.id})`.execute(
          trx,
        ),
      '55000',
    );
    await refused((trx) => sql`delete from ledger_transfers`.execute(trx), '55000');
    await refused((trx) => sql`truncate ledger_transactions, ledger_transfers`.execute(trx), '55000');
  });

  test('a balance moves only through entries', async () => {
    const a = await liveAccount('Direct', 10);
    await refused(
      (trx) => sql`update ledger_accounts set balance = 1000000 where id = ${a.id}`.execute(trx),
      '55000',
    );
    await refused((trx) => sql`update ledger_accounts set held = 1 where id = ${a.id}`.execute(trx), '55000');
    await refused(
      (trx) => sql`update ledger_accounts set currency = 'EUR' where id = ${a.id}`.execute(trx),
      '55000',
    );
    await refused((trx) => sql`delete from ledger_accounts where id = ${a.id}`.execute(trx), '55000');
    await refused(
      (trx) =>
        sql`insert into ledger_accounts (id, organization_id, kind, environment, currency, name, balance, created_at)
            values ('acct_forged', ${a.organization_id}, 'treasury', 'live', 'CAD', 'forged', 5, now())`.execute(
          trx,
        ),
      '55000',
    );
    assert.equal(await balance(a.id), '10.00');
  });

  function rawTransfer(
    trx: Tx,
    entries: { account: string; amount: string }[],
    opts: { amount?: string; currency?: string } = {},
  ) {
    const id = newId('trf');
    const currency = opts.currency ?? 'USD';
    const values = sql.join(
      entries.map(
        (e) =>
          sql`(${newId('txn')}, ${id}, ${e.account}, ${currency}, 'live', ${e.amount}::numeric, 'raw', now())`,
      ),
    );
    return sql`with t as (
        insert into ledger_transfers (id, kind, currency, environment, amount, description, created_at)
        values (${id}, 'adjustment', ${currency}, 'live', ${opts.amount ?? '5'}::numeric, 'raw', now()))
      insert into ledger_transactions (id, transfer_id, account_id, currency, environment, amount, description, created_at)
      values ${values}`.execute(trx);
  }

  test('a transfer whose entries do not sum to zero is refused', async () => {
    const a = await liveAccount('Unbalanced', 10);
    const b = await liveAccount('Sink');
    await refused(
      (trx) =>
        rawTransfer(trx, [
          { account: a.id, amount: '-5' },
          { account: b.id, amount: '4' },
        ]),
      '23514',
    );
    await refused((trx) => rawTransfer(trx, [{ account: b.id, amount: '5' }]), '23514');
    // Balanced but not matching the transfer's amount.
    await refused(
      (trx) =>
        rawTransfer(
          trx,
          [
            { account: a.id, amount: '-3' },
            { account: b.id, amount: '3' },
          ],
          { amount: '5' },
        ),
      '23514',
    );
    // Entries cannot be added to an existing transfer later, even balanced ones.
    const existing = await sql<{ transfer_id: string }>`
      select transfer_id from ledger_transactions where account_id = ${a.id} limit 1`.execute(svc.ctx.db);
    const trf = existing.rows[0]!.transfer_id;
    await refused(
      (trx) =>
        sql`insert into ledger_transactions (id, transfer_id, account_id, currency, environment, amount, description, created_at)
            values (${newId('txn')}, ${trf}, ${a.id}, 'USD', 'live', -1, 'late', now()),
                   (${newId('txn')}, ${trf}, ${b.id}, 'USD', 'live', 1, 'late', now())`.execute(trx),
      '23514',
    );
    // A transfer without entries fails at commit.
    await refused(
      (trx) =>
        sql`insert into ledger_transfers (id, kind, currency, environment, amount, description, created_at)
            values (${newId('trf')}, 'adjustment', 'USD', 'live', 1, 'empty', now())`.execute(trx),
      '23514',
    );
    // Entries in another currency than their transfer, or than their account, break a foreign key.
    await refused(
      (trx) =>
        rawTransfer(
          trx,
          [
            { account: a.id, amount: '-5' },
            { account: b.id, amount: '5' },
          ],
          { currency: 'EUR' },
        ),
      '23503',
    );
    // A balanced raw transfer is fine, and keeps every invariant.
    await tx((trx) =>
      rawTransfer(trx, [
        { account: a.id, amount: '-5' },
        { account: b.id, amount: '5' },
      ]),
    );
    assert.equal(await balance(a.id), '5.00');
    assert.equal(await balance(b.id), '5.00');
    await assertLedgerInvariants(svc);
  });

  test('a treasury balance cannot go below zero, nor below its holds, even by hand', async () => {
    const a = await liveAccount('Overdraft', 10);
    const b = await liveAccount('Overdraft sink');
    await refused(
      (trx) =>
        rawTransfer(
          trx,
          [
            { account: a.id, amount: '-10.01' },
            { account: b.id, amount: '10.01' },
          ],
          { amount: '10.01' },
        ),
      '23514',
    );
    await tx((trx) => placeHold(trx, { accountId: a.id, paymentId: newId('pay'), amount: money(8) }, now()));
    await refused(
      (trx) =>
        rawTransfer(
          trx,
          [
            { account: a.id, amount: '-3' },
            { account: b.id, amount: '3' },
          ],
          { amount: '3' },
        ),
      '23514',
    );
    await refused(
      (trx) =>
        sql`insert into ledger_holds (id, account_id, payment_id, amount, status, created_at)
            values ('hold_raw', ${a.id}, 'pay_raw', 3, 'active', now())`.execute(trx),
      '23514',
    );
    assert.equal(await balance(a.id), '10.00');
    await assertLedgerInvariants(svc);
  });
});

describe('concurrency', () => {
  test('20 concurrent transfers of 100 from an account holding 1,000: exactly 10 succeed', async () => {
    const a = await liveAccount('Contended', 1000);
    const sinks = await Promise.all([liveAccount('Sink A'), liveAccount('Sink B')]);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        // A plain transaction, no retry: the row lock alone must keep the balance right.
        tx((trx) =>
          postTransfer(
            trx,
            {
              fromAccountId: a.id,
              toAccountId: sinks[i % 2]!.id,
              amount: money(100),
              currency: 'USD',
              kind: 'payment',
              description: `race ${i}`,
            },
            now(),
          ),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refusedResults = results.filter((r) => r.status === 'rejected');
    assert.equal(ok.length, 10);
    for (const r of refusedResults) assert.ok(isInsufficientFunds(r.reason), String(r.reason));
    assert.equal(await balance(a.id), '0.00');
    const total = money(await balance(sinks[0]!.id)).plus(money(await balance(sinks[1]!.id)));
    assert.equal(total.toFixed(2), '1000.00');
    const debits = await svc.ctx.db
      .selectFrom('ledger_transactions')
      .select(['amount', 'balance_after', 'seq'])
      .where('account_id', '=', a.id)
      .orderBy('seq')
      .execute();
    // The funding credit, then ten debits walking the balance down to zero in order.
    assert.deepEqual(
      debits.map((d) => d.balance_after),
      [
        '1000.00',
        '900.00',
        '800.00',
        '700.00',
        '600.00',
        '500.00',
        '400.00',
        '300.00',
        '200.00',
        '100.00',
        '0.00',
      ],
    );
    await assertLedgerInvariants(svc);
  });

  test('transfers in opposite directions between two accounts never deadlock', async () => {
    const a = await liveAccount('Left', 1000);
    const b = await liveAccount('Right', 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        tx((trx) =>
          postTransfer(
            trx,
            {
              fromAccountId: i % 2 ? a.id : b.id,
              toAccountId: i % 2 ? b.id : a.id,
              amount: money(10),
              currency: 'USD',
              kind: 'payment',
              description: `swap ${i}`,
            },
            now(),
          ),
        ),
      ),
    );
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => String((r as PromiseRejectedResult).reason));
    assert.deepEqual(failures, []);
    assert.equal(await balance(a.id), '1000.00');
    assert.equal(await balance(b.id), '1000.00');
    await assertLedgerInvariants(svc);
  });

  test('concurrent holds never reserve more than the balance', async () => {
    const a = await liveAccount('Hold race', 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        tx((trx) => placeHold(trx, { accountId: a.id, paymentId: newId('pay'), amount: money(100) }, now())),
      ),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 10);
    for (const r of results)
      if (r.status === 'rejected') assert.ok(isInsufficientFunds(r.reason), String(r.reason));
    const bal = await getBalance(svc.ctx.db, a.id);
    assert.equal(bal.held.toFixed(2), '1000.00');
    assert.equal(bal.available.toFixed(2), '0.00');
    await assertLedgerInvariants(svc);
  });

  test('opening many organizations at once does not contend on the external account', async () => {
    const parents = await Promise.all(Array.from({ length: 4 }, (_, i) => signup(svc, `Par${i}`)));
    const res = await Promise.all(parents.map((p) => svc.req('POST', '/v1/sandbox', { token: p.session })));
    for (const r of res) assert.equal(r.status, 201, r.text);
    await assertLedgerInvariants(svc);
  });
});
