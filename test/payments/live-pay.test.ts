// Live payments (CONTRACT 4): capability_unavailable until the operator connects the payer's
// processor (nothing moves, nothing is written); then the same ledger rail, settled
// asynchronously by the worker; the payee reads the payment too; exactly once even when two
// settlements of one payment race past the queue's SKIP LOCKED; balances change by the amounts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import type { PaymentView } from '../../src/modules/payments/schemas.ts';
import { settlePayment } from '../../src/modules/payments/settle-payment.ts';
import { errorOf } from '../helpers/document-setup.ts';
import { operator } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  accounts,
  approvedInvoice,
  eventsFor,
  getDoc,
  getPayment,
  livePair,
  paid,
  pay,
  settle,
  transfersOf,
} from '../helpers/payments.ts';
import { assertLedgerInvariants } from '../ledger/helpers.ts';

let svc: TestService;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

describe('capability gating', () => {
  test('a live payer without a connected processor gets capability_unavailable before anything moves', async () => {
    const p = await livePair(svc, { connect: false, fund: 1000 });
    const inv = await approvedInvoice(svc, p, 100);
    const before = await accounts(svc, p.payer.key);
    for (const res of [
      await pay(svc, p.payer.key, inv.id),
      await pay(svc, p.payer.key, inv.id, { payment_method: 'ach' }),
      await svc.req('POST', `/v1/documents/${inv.id}/transition`, {
        token: p.payer.key,
        body: { to: 'paid' },
      }),
      await svc.req('POST', `/v1/documents/${inv.id}/transition`, {
        token: p.payer.key,
        body: { to: 'payment_scheduled', scheduled_for: '2099-01-01' },
      }),
    ]) {
      const err = errorOf(res, 403, 'capability_unavailable');
      assert.equal(err.details?.capability, 'payments');
    }
    const doc = await getDoc(svc, p.payer.key, inv.id);
    assert.equal(doc.status, 'approved');
    assert.equal(doc.payment, null);
    assert.deepEqual(await accounts(svc, p.payer.key), before);
    const rows = await sql`select id from payments where document_id = ${inv.id}`.execute(svc.ctx.db);
    assert.equal(rows.rows.length, 0);

    // The operator connects the processor: the same request now pays.
    assert.equal(
      (await operator(svc, 'POST', `/v1/operator/organizations/${p.payer.orgId}/connect_processor`)).status,
      200,
    );
    await paid(svc, p.payer.key, inv.id);
    await settle(svc);
    assert.equal((await getDoc(svc, p.payer.key, inv.id)).status, 'paid');
  });

  test('payments family switched off: pay answers not_enabled', async () => {
    const off = await startTestService({ DOCEX_FAMILIES_DISABLED: 'payments' });
    try {
      const res = await off.req('POST', '/v1/documents/doc_x/pay', { token: 'rk_live_whatever', body: {} });
      errorOf(res, 403, 'not_enabled');
      errorOf(await off.req('GET', '/v1/payments', { token: 'rk_live_whatever' }), 403, 'not_enabled');
    } finally {
      await off.close();
    }
  });
});

describe('settlement on the live rail', () => {
  test('payer → payee, booked once, balances move by exactly the amount; both parties read the payment', async () => {
    const p = await livePair(svc, { fund: 500 });
    const inv = await approvedInvoice(svc, p, 123.45);
    const payerBefore = await accounts(svc, p.payer.key);
    const payeeBefore = await accounts(svc, p.payee.key);
    assert.equal(payerBefore.USD!.balance, 500);
    const started = await paid(svc, p.payer.key, inv.id);
    assert.equal(started.payment.amount, 123.45);
    assert.equal((await accounts(svc, p.payer.key)).USD!.available, 500 - 123.45);

    // The payee sees the payment in flight: its own projection, without the payer's details.
    const payeeRead = await getPayment(svc, p.payee.key, started.payment.id);
    assert.equal(payeeRead.status, 200, payeeRead.text);
    assert.equal(payeeRead.body.status, 'processing');
    assert.equal(payeeRead.body.key_id, null);
    assert.equal(payeeRead.body.source_account_id, null);
    const payeeList = await svc.req<{ data: PaymentView[] }>('GET', '/v1/payments', { token: p.payee.key });
    assert.deepEqual(
      payeeList.body.data.map((x) => x.id),
      [started.payment.id],
    );
    assert.equal((await getDoc(svc, p.payee.key, inv.id)).status, 'payment_scheduled');

    assert.equal(await settle(svc), 1);
    const payerAfter = await accounts(svc, p.payer.key);
    const payeeAfter = await accounts(svc, p.payee.key);
    assert.equal(payerAfter.USD!.balance, 376.55);
    assert.equal(payerAfter.USD!.available, 376.55);
    assert.equal(payeeAfter.USD!.balance, payeeBefore.USD!.balance + 123.45);
    for (const c of ['EUR', 'GBP', 'CAD']) {
      assert.deepEqual(payerAfter[c], payerBefore[c]);
      assert.deepEqual(payeeAfter[c], payeeBefore[c]);
    }
    const settled = await getPayment(svc, p.payee.key, started.payment.id);
    assert.equal(settled.body.status, 'settled');
    const invoice = await getDoc(svc, p.payee.key, inv.id);
    assert.equal(invoice.status, 'paid');
    assert.equal(invoice.balance_due, 0);
    assert.equal(invoice.label, 'Invoice');
    // The payee's statement: one credit for the payment.
    const txns = await svc.req<{ data: { amount: number; payment_id: string; description: string }[] }>(
      'GET',
      `/v1/treasury/accounts/${payeeAfter.USD!.id}/transactions`,
      { token: p.payee.key },
    );
    assert.deepEqual(
      txns.body.data.map((t) => [t.amount, t.payment_id]),
      [[123.45, started.payment.id]],
    );
    assert.match(txns.body.data[0]!.description, /^Payment of INV-\d{6} from Live Buyer$/);
    const ev = (await eventsFor(svc, p.payee.orgId, inv.id)).filter((e) => e.type === 'payment.settled');
    assert.equal(ev.length, 1);
    assert.equal(ev[0]!.sandbox, undefined, 'live deliveries carry no sandbox flag');
    await assertLedgerInvariants(svc);
  });

  test('a live balance too short is refused at once with insufficient_funds', async () => {
    const p = await livePair(svc, { fund: 50 });
    const inv = await approvedInvoice(svc, p, 80);
    const err = errorOf(await pay(svc, p.payer.key, inv.id), 422, 'insufficient_funds');
    assert.equal(err.details?.currency, 'USD');
    assert.equal((await getDoc(svc, p.payer.key, inv.id)).status, 'approved');
    // acct_sandbox_insufficient means nothing on the live rail: an unknown account.
    const bad = errorOf(
      await pay(svc, p.payer.key, inv.id, { source_account_id: 'acct_sandbox_insufficient' }),
      400,
      'invalid_request',
    );
    assert.equal(bad.details?.errors?.[0]?.path, 'source_account_id');
  });

  test('two payments in flight cannot both count on the same money', async () => {
    const p = await livePair(svc, { fund: 100 });
    const a = await approvedInvoice(svc, p, 70);
    const b = await approvedInvoice(svc, p, 70);
    const results = await Promise.all([pay(svc, p.payer.key, a.id), pay(svc, p.payer.key, b.id)]);
    assert.deepEqual(results.map((r) => r.status).sort(), [202, 422]);
    await settle(svc);
    assert.equal((await accounts(svc, p.payer.key)).USD!.balance, 30);
    await assertLedgerInvariants(svc);
  });

  test('exactly once: two settlements of one payment racing past the queue settle it once', async () => {
    const p = await livePair(svc, { fund: 100 });
    const inv = await approvedInvoice(svc, p, 10);
    const started = await paid(svc, p.payer.key, inv.id);
    const now = svc.ctx.clock.now();
    const outcomes = await Promise.all(
      [1, 2, 3].map(() =>
        inTransaction(svc.ctx.db, (trx) => settlePayment(svc.ctx, trx, started.payment.id, now)),
      ),
    );
    assert.deepEqual(outcomes.sort(), ['settled', 'skipped', 'skipped']);
    assert.equal((await transfersOf(svc, started.payment.id)).length, 1);
    assert.equal((await accounts(svc, p.payer.key)).USD!.balance, 90);
    // The database refuses to change a settled payment or to book it again.
    await assert.rejects(
      sql`update payments set status = 'failed', failed_at = now(), failure_reason = 'x' where id = ${started.payment.id}`.execute(
        svc.ctx.db,
      ),
      /never changes again/,
    );
    await assertLedgerInvariants(svc);
  });
});
