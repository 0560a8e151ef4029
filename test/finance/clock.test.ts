// The loan against the service clock (CONTRACT 7, driven by the test clock): flagged once
// due_date + grace_days has passed unpaid, and repaid and closed after; a sweep that waits for a
// disbursement scheduled for later and starts when the loan is funded.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { flagOverdueAgreements } from '../../src/modules/finance/flag-overdue.ts';
import { advanceClock, connect, operator, signIn } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { accounts, settle } from '../helpers/payments.ts';
import { assertLedgerInvariants } from '../ledger/helpers.ts';
import {
  accept,
  agreed,
  agreement,
  customerPays,
  eventTypes,
  fund,
  invoice,
  list,
  liveOrg,
  offer,
  setUp,
  type World,
  world,
} from './helpers.ts';

const DAY = 86_400;

let svc: TestService;
let w: World;

before(async () => {
  svc = await startTestService();
  w = await world(svc);
});
after(async () => {
  await svc?.close();
});

describe('flagged', () => {
  test('unpaid after due + grace days: flagged by the worker, then repaid and closed', async () => {
    const inv = await invoice(svc, w, 900, 'net_10');
    let a = await agreed(svc, w, inv.id, { principal: 600, fee: { type: 'bps', value: 100 }, grace_days: 2 });
    assert.equal(a.due_date, inv.due_date);
    assert.equal(
      a.flag_after,
      new Date(Date.parse(`${a.due_date}T00:00:00Z`) + 3 * DAY * 1000).toISOString(),
    );
    a = await fund(svc, w, a);

    // An accepted or funded agreement within its grace is left alone.
    await advanceClock(svc, 12 * DAY);
    assert.equal(await flagOverdueAgreements(svc.ctx), 0);
    assert.equal((await agreement(svc, w.borrower.key, a.id)).status, 'funded');

    // The last grace day has passed.
    await advanceClock(svc, 1 * DAY + 60);
    assert.equal(await flagOverdueAgreements(svc.ctx), 1);
    a = await agreement(svc, w.lender.key, a.id);
    assert.equal(a.status, 'flagged');
    assert.ok(a.flagged_at);
    assert.equal(await flagOverdueAgreements(svc.ctx), 0, 'flagged once');

    // Still payable: the borrower pays the repayment through the documents endpoint (it holds
    // the 600 it borrowed; the fee comes from elsewhere).
    const topUp = await operator(svc, 'POST', `/v1/operator/organizations/${w.borrower.id}/fund`, {
      currency: 'USD',
      amount: 6,
    });
    assert.equal(topUp.status, 200, topUp.text);
    const pay = await svc.req('POST', `/v1/documents/${a.documents.repayment.id}/pay`, {
      token: w.borrower.key,
      body: {},
    });
    assert.equal(pay.status, 202, pay.text);
    await settle(svc);
    a = await agreement(svc, w.lender.key, a.id);
    assert.equal(a.status, 'closed');
    assert.equal(a.amount_repaid, 606);
    for (const org of [w.borrower.id, w.lender.id]) {
      const types = await eventTypes(svc, org, 'finance.agreement.');
      assert.deepEqual(types, [
        'finance.agreement.accepted',
        'finance.agreement.funded',
        'finance.agreement.flagged',
        'finance.agreement.repaid',
        'finance.agreement.closed',
      ]);
    }
    // The pledged invoice settling later moves nothing more: nothing is owed.
    const before = await sql<{ n: number }>`select count(*)::int as n from ledger_transfers`.execute(
      svc.ctx.db,
    );
    await customerPays(svc, w, inv.id);
    const after = await sql<{ n: number }>`select count(*)::int as n from ledger_transfers`.execute(
      svc.ctx.db,
    );
    assert.equal(after.rows[0]!.n - before.rows[0]!.n, 1, 'only the invoice payment');
  });
});

describe('a sweep waiting for the funding', () => {
  test('the invoice settles while the disbursement is scheduled; the sweep starts when the loan is funded', async () => {
    const inv = await invoice(svc, w, 1000);
    let a = await agreed(svc, w, inv.id, { principal: 700, fee: { type: 'flat', value: 7 }, grace_days: 5 });
    const tomorrow = new Date(svc.ctx.clock.now().getTime() + DAY * 1000).toISOString().slice(0, 10);
    const scheduled = await svc.req('POST', `/v1/documents/${a.documents.disbursement.id}/transition`, {
      token: w.lender.key,
      body: { to: 'payment_scheduled', scheduled_for: tomorrow },
    });
    assert.equal(scheduled.status, 200, scheduled.text);

    await customerPays(svc, w, inv.id);
    a = await agreement(svc, w.borrower.key, a.id);
    assert.equal(a.status, 'accepted', 'not withdrawn: the disbursement is on its way');
    const pending = await sql<{ status: string }>`
      select status from finance_sweeps where agreement_id = ${a.id}`.execute(svc.ctx.db);
    assert.deepEqual(
      pending.rows.map((r) => r.status),
      ['pending'],
    );

    await advanceClock(svc, DAY);
    await settle(svc);
    a = await agreement(svc, w.lender.key, a.id);
    assert.equal(a.status, 'closed');
    assert.equal(a.amount_repaid, 707);
    const done = await sql<{ status: string; amount: string }>`
      select status, amount::text from finance_sweeps where agreement_id = ${a.id}`.execute(svc.ctx.db);
    assert.deepEqual(done.rows, [{ status: 'started', amount: '707.00' }]);
    await assertLedgerInvariants(svc);
  });

  test('a scheduled disbursement that fails after the invoice settled ends the agreement; nothing is lent', async () => {
    const poor = await liveOrg(svc, 'Poor Lender');
    // The clock has moved past the borrower's first session: a new one accepts the invitation.
    const session = await signIn(svc, w.borrower.org);
    await connect(svc, poor.org, { ...w.borrower.org, session });
    await setUp(svc, poor);
    const inv = await invoice(svc, w, 500);
    const l = await list(svc, w, inv.id, { principal: 400, fee: { type: 'flat', value: 4 }, grace_days: 0 });
    const o = await offer(svc, poor.key, l.id);
    const accepted = await accept(svc, w.borrower.key, o.id, w.setup.standing_authorization.digest);
    assert.equal(accepted.status, 201, accepted.text);
    const a = accepted.body;
    // Nothing is reserved for a payment scheduled ahead: its date's funds decide (none here).
    const tomorrow = new Date(svc.ctx.clock.now().getTime() + DAY * 1000).toISOString().slice(0, 10);
    const scheduled = await svc.req('POST', `/v1/documents/${a.documents.disbursement.id}/transition`, {
      token: poor.key,
      body: { to: 'payment_scheduled', scheduled_for: tomorrow },
    });
    assert.equal(scheduled.status, 200, scheduled.text);
    await customerPays(svc, w, inv.id);
    assert.equal((await agreement(svc, w.borrower.key, a.id)).status, 'accepted');

    await advanceClock(svc, DAY);
    await settle(svc);
    const after = await agreement(svc, poor.key, a.id);
    assert.equal(after.status, 'withdrawn');
    assert.equal(after.withdrawn_reason, 'the pledged invoice was paid before the loan was funded');
    const sweeps = await sql<{ status: string }>`
      select status from finance_sweeps where agreement_id = ${a.id}`.execute(svc.ctx.db);
    assert.deepEqual(
      sweeps.rows.map((r) => r.status),
      ['cancelled'],
    );
    const moved = await sql<{ n: number }>`
      select count(*)::int as n from payments
       where document_id in (${a.documents.disbursement.id}, ${a.documents.repayment.id}) and status = 'settled'`.execute(
      svc.ctx.db,
    );
    assert.equal(moved.rows[0]!.n, 0);
    await assertLedgerInvariants(svc);
  });
});

describe('a sweep that cannot start', () => {
  test('the borrower spent the proceeds while the sweep waited: it is recorded failed, the settlement stands', async () => {
    const inv = await invoice(svc, w, 1000);
    let a = await agreed(svc, w, inv.id, { principal: 500, fee: { type: 'flat', value: 5 }, grace_days: 5 });
    a = await fund(svc, w, a);
    // The borrower schedules its own repayment for tomorrow: a payment of the repayment in flight.
    const tomorrow = new Date(svc.ctx.clock.now().getTime() + DAY * 1000).toISOString().slice(0, 10);
    const scheduled = await svc.req('POST', `/v1/documents/${a.documents.repayment.id}/transition`, {
      token: w.borrower.key,
      body: { to: 'payment_scheduled', scheduled_for: tomorrow },
    });
    assert.equal(scheduled.status, 200, scheduled.text);
    // The invoice settles: its sweep waits behind that payment.
    await customerPays(svc, w, inv.id);
    const waiting = await sql<{ status: string }>`
      select status from finance_sweeps where agreement_id = ${a.id}`.execute(svc.ctx.db);
    assert.deepEqual(
      waiting.rows.map((r) => r.status),
      ['pending'],
    );
    // Meanwhile the borrower pays everything it has to its customer.
    const all = (await accounts(svc, w.borrower.key)).USD!.available;
    const bill = await svc.req<{ id: string }>('POST', '/v1/documents', {
      token: w.customer.key,
      body: {
        connection_id: w.customerConnection,
        document_type: 'invoice',
        line_items: [{ description: 'Everything', quantity: 1, unit_price: all, tax_rate: 0 }],
      },
    });
    assert.equal(bill.status, 201, bill.text);
    assert.equal(
      (await svc.req('POST', `/v1/documents/${bill.body.id}/issue`, { token: w.customer.key })).status,
      200,
    );
    const approved = await svc.req('POST', `/v1/documents/${bill.body.id}/transition`, {
      token: w.borrower.key,
      body: { to: 'approved' },
    });
    assert.equal(approved.status, 200, approved.text);
    assert.equal(
      (await svc.req('POST', `/v1/documents/${bill.body.id}/pay`, { token: w.borrower.key, body: {} }))
        .status,
      202,
    );
    await settle(svc);
    assert.equal((await accounts(svc, w.borrower.key)).USD!.available, 0);

    // Tomorrow the scheduled repayment fails for want of funds, and the sweep cannot start either.
    await advanceClock(svc, DAY);
    await settle(svc);
    const failed = await sql<{ status: string; reason: string; payment_id: string | null }>`
      select status, reason, payment_id from finance_sweeps where agreement_id = ${a.id}`.execute(svc.ctx.db);
    assert.equal(failed.rows.length, 1);
    assert.equal(failed.rows[0]!.status, 'failed');
    assert.match(failed.rows[0]!.reason, /^insufficient_funds/);
    assert.equal(failed.rows[0]!.payment_id, null);
    // The savepoint undid the sweep's attempt: only the failed scheduled payment exists.
    const payments = await sql<{ status: string }>`
      select status from payments where document_id = ${a.documents.repayment.id}`.execute(svc.ctx.db);
    assert.deepEqual(
      payments.rows.map((r) => r.status),
      ['failed'],
    );
    a = await agreement(svc, w.lender.key, a.id);
    assert.equal(a.status, 'funded');
    assert.equal(a.balance_due, 505);
    assert.equal(a.documents.repayment.status, 'approved');
    await assertLedgerInvariants(svc);
  });
});
