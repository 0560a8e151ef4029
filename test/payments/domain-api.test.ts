// The payments domain API the finance family builds on (docs/payments.md): startPayment without
// the state machine, a partial amount, a named destination, the system as actor (no key limits),
// and PAYMENT_HOOKS running inside the settlement's transaction.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { inTransaction } from '../../src/db/transaction.ts';
import { parseMoney } from '../../src/lib/money.ts';
import { systemActor } from '../../src/modules/documents/history.ts';
import { lockDocument } from '../../src/modules/documents/load-document.ts';
import { PAYMENT_HOOKS, type PaymentHook, startPayment } from '../../src/modules/payments/index.ts';
import { errorOf } from '../helpers/document-setup.ts';
import { advanceClock } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { accounts, approvedInvoice, getDoc, livePair, pay, settle } from '../helpers/payments.ts';
import { assertLedgerInvariants } from '../ledger/helpers.ts';

let svc: TestService;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

test('a partial payment by the system to a named account; hooks see the outcome in the same transaction', async () => {
  const p = await livePair(svc, { fund: 1000 });
  const inv = await approvedInvoice(svc, p, 300);
  const payeeUsd = (await accounts(svc, p.payee.key)).USD!;
  const seen: string[] = [];
  const hook: PaymentHook = {
    name: 'test',
    async onSettled(_ctx, trx, { payment, document }) {
      // Inside the settlement: the payment is settled and the document changed, uncommitted.
      const row = await trx
        .selectFrom('payments')
        .select('status')
        .where('id', '=', payment.id)
        .executeTakeFirst();
      seen.push(`${row?.status}:${document.status}:${document.balance_due}`);
    },
  };
  PAYMENT_HOOKS.push(hook);
  try {
    const started = await inTransaction(svc.ctx.db, async (trx) => {
      const doc = await lockDocument(trx, inv.id);
      return startPayment(
        svc.ctx,
        trx,
        {
          document: doc,
          payerOrganizationId: p.payer.orgId,
          actor: systemActor(p.payer.orgId),
          amount: parseMoney('120.00'),
          destinationAccountId: payeeUsd.id,
        },
        svc.ctx.clock.now(),
      );
    });
    assert.equal(started.payment.key_id, null);
    assert.equal(started.document.status, 'payment_scheduled');
    // The document is in flight: the API's pay answers the same payment.
    const again = await pay(svc, p.payer.key, inv.id);
    assert.equal(again.status, 202, again.text);
    assert.equal(again.body.payment?.id, started.payment.id);

    await settle(svc);
    assert.deepEqual(seen, ['settled:approved:180.00']);
    const doc = await getDoc(svc, p.payer.key, inv.id);
    assert.equal(doc.status, 'approved', 'the rest is payable again');
    assert.equal(doc.balance_due, 180);
    assert.equal(doc.payment?.amount, 120);
    assert.equal((await accounts(svc, p.payee.key)).USD!.balance, payeeUsd.balance + 120);

    // Paying the rest closes it.
    const rest = await pay(svc, p.payer.key, inv.id);
    assert.equal(rest.status, 202, rest.text);
    assert.equal(rest.body.payment?.amount, 180);
    await settle(svc);
    assert.equal((await getDoc(svc, p.payer.key, inv.id)).status, 'paid');
    assert.equal((await accounts(svc, p.payer.key)).USD!.balance, 700);
    assert.equal(seen.length, 2);
  } finally {
    PAYMENT_HOOKS.splice(PAYMENT_HOOKS.indexOf(hook), 1);
  }
  await assertLedgerInvariants(svc);
});

test('a hook that throws rolls the settlement back; the payment stays processing and is retried later', async () => {
  const p = await livePair(svc, { fund: 100 });
  const inv = await approvedInvoice(svc, p, 10);
  let fail = true;
  const hook: PaymentHook = {
    name: 'flaky',
    async onSettled() {
      if (fail) throw new Error('the follow-up could not be queued');
    },
  };
  PAYMENT_HOOKS.push(hook);
  try {
    const started = await pay(svc, p.payer.key, inv.id);
    assert.equal(started.status, 202, started.text);
    assert.equal(await settle(svc), 1);
    const row = await svc.ctx.db
      .selectFrom('payments')
      .select(['status', 'attempts', 'last_error', 'execute_at'])
      .where('id', '=', started.body.payment!.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'processing');
    assert.equal(row.attempts, 1);
    assert.match(row.last_error!, /could not be queued/);
    assert.ok(row.execute_at > svc.ctx.clock.now(), 'retried later, not in a tight loop');
    assert.equal((await accounts(svc, p.payer.key)).USD!.balance, 100, 'nothing was booked');
    assert.equal((await accounts(svc, p.payer.key)).USD!.available, 90, 'the hold stays');

    fail = false;
    await advanceClock(svc, 10);
    assert.equal(await settle(svc), 1);
    assert.equal((await getDoc(svc, p.payer.key, inv.id)).status, 'paid');
    assert.equal((await accounts(svc, p.payer.key)).USD!.balance, 90);
  } finally {
    PAYMENT_HOOKS.splice(PAYMENT_HOOKS.indexOf(hook), 1);
  }
  await assertLedgerInvariants(svc);
});

test('with the payments family switched off, a payment transition is not_enabled too', async () => {
  const off = await startTestService({ DOCEX_FAMILIES_DISABLED: 'payments' });
  try {
    const p = await livePair(off, { fund: 100 });
    const inv = await approvedInvoice(off, p, 10);
    errorOf(
      await off.req('POST', `/v1/documents/${inv.id}/transition`, {
        token: p.payer.key,
        body: { to: 'paid' },
      }),
      403,
      'not_enabled',
    );
    assert.equal((await getDoc(off, p.payer.key, inv.id)).status, 'approved');
  } finally {
    await off.close();
  }
});
