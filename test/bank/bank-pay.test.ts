// CONTRACT 12, paying on the bank rail (issue 40): a payer with an active EUR bank account pays an
// EUR document as a SEPA credit transfer: no processor and no docex balance needed, the payee's
// legal profile account is the creditor (none: a 400 naming it, nothing moves), limits and
// idempotency as on every rail, and the payment waits processing in the open batch (the ledger's
// worker never settles it). A sandbox organization with a bank account pays the same way.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import { assertNamesField, expectApiError } from '../helpers/expect.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  accounts,
  approvedInvoice,
  bill,
  getDoc,
  getPayment,
  keyOf,
  type LivePair,
  livePair,
  paid,
  pay,
  sandbox,
  settle,
  transfersOf,
} from '../helpers/payments.ts';

let svc: TestService;
let p: LivePair;

const connectBank = async (token: string, iban = 'FR1420041010050500013M02606') => {
  const res = await svc.req<{ id: string }>('POST', '/v1/bank_accounts', {
    token,
    idem: `bank-${token.slice(-12)}`,
    body: { iban, account_name: 'Payer Treasury', currency: 'EUR' },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
};

let bankId: string;

before(async () => {
  svc = await startTestService();
  // The payer's processor is not connected and it holds no EUR: only the bank account lets it pay.
  p = await livePair(svc, { connect: false });
  bankId = await connectBank(p.payer.session);
});
after(async () => {
  await svc?.close();
});

const paymentRow = async (id: string) =>
  (
    await sql<{ rail: string; batch_id: string | null; creditor_iban: string | null; status: string }>`
      select rail, batch_id, creditor_iban, status from payments where id = ${id}`.execute(svc.ctx.db)
  ).rows[0]!;

test('no payee account: 400 naming it and who fills it, before anything moves', async () => {
  const inv = await approvedInvoice(svc, p, 120, 'EUR');
  const res = await pay(svc, p.payer.key, inv.id);
  const e = expectApiError(res, 400, 'invalid_request');
  assertNamesField(e, 'payee.legal_profile.payment_account');
  assert.match(res.text, /Live Seller.*payment account.*Live Seller fills it in/);
  const after = await getDoc(svc, p.payer.key, inv.id);
  assert.equal(after.status, 'approved');
  assert.equal(after.payment, null);
  const n = await sql<{
    n: number;
  }>`select count(*)::int as n from payments where document_id = ${inv.id}`.execute(svc.ctx.db);
  assert.equal(n.rows[0]!.n, 0);
});

test('pays an EUR invoice on the bank rail: processing in the open batch, never settled by the ledger', async () => {
  const profile = await svc.req('PATCH', '/v1/organization', { token: p.payee.session, body: SELLER });
  assert.equal(profile.status, 200, profile.text);
  const inv = await approvedInvoice(svc, p, 250.5, 'EUR');
  const before = await accounts(svc, p.payer.key);
  const doc = await paid(svc, p.payer.key, inv.id);
  const payment = doc.payment;
  assert.equal(payment.rail, 'sepa_credit_transfer');
  assert.equal(payment.payment_method, 'sepa_credit_transfer');
  assert.equal(payment.amount, 250.5);
  assert.equal(payment.currency, 'EUR');
  assert.equal(payment.source_account_id, bankId);
  assert.ok(payment.end_to_end_id);
  assert.ok(payment.end_to_end_id.length <= 35);
  assert.match(payment.end_to_end_id, /^[A-Za-z0-9-]+$/);
  assert.equal(payment.end_to_end_id, payment.id.replaceAll('_', '-'));

  // The payee sees the same payment, without the payer's account.
  const seen = await getPayment(svc, p.payee.key, payment.id);
  assert.equal(seen.status, 200, seen.text);
  assert.equal(seen.body.rail, 'sepa_credit_transfer');
  assert.equal(seen.body.end_to_end_id, payment.end_to_end_id);
  assert.equal(seen.body.source_account_id, null);

  const row = await paymentRow(payment.id);
  assert.deepEqual(row, {
    rail: 'sepa_credit_transfer',
    batch_id: null,
    creditor_iban: 'DE89370400440532013000',
    status: 'processing',
  });
  // No hold, no balance needed, and the worker leaves it to the bank.
  assert.deepEqual(await accounts(svc, p.payer.key), before);
  assert.equal(await settle(svc), 0);
  assert.deepEqual(await transfersOf(svc, payment.id), []);
  const still = await getDoc(svc, p.payer.key, inv.id);
  assert.equal(still.status, 'payment_scheduled');
  assert.equal(still.payment?.status, 'processing');

  // Paying again while it is in flight answers the same payment.
  const again = await pay(svc, p.payer.key, inv.id);
  assert.equal(again.status, 202, again.text);
  assert.equal(again.body.payment?.id, payment.id);
});

test('idempotency: the same key replays the same payment', async () => {
  const inv = await approvedInvoice(svc, p, 10, 'EUR');
  const first = await pay(svc, p.payer.key, inv.id, {}, 'bank-pay-idem-1');
  assert.equal(first.status, 202, first.text);
  const second = await pay(svc, p.payer.key, inv.id, {}, 'bank-pay-idem-1');
  assert.equal(second.status, 202, second.text);
  assert.equal(second.body.payment?.id, first.body.payment?.id);
  const n = await sql<{
    n: number;
  }>`select count(*)::int as n from payments where document_id = ${inv.id}`.execute(svc.ctx.db);
  assert.equal(n.rows[0]!.n, 1);
});

test('limits and bad requests as on every rail; nothing moves', async () => {
  const inv = await approvedInvoice(svc, p, 500, 'EUR');
  const k = await keyOf(svc, p.payer, undefined, { payment_limits: { max_per_payment: { EUR: 100 } } });
  const err = expectApiError(await pay(svc, k.key, inv.id), 422, 'payment_limit_exceeded');
  assert.deepEqual(err.details, {
    limit: 'max_per_payment',
    currency: 'EUR',
    limit_value: 100,
    attempted: 500,
  });
  const wrongSource = await pay(svc, p.payer.key, inv.id, { source_account_id: 'acct_other' });
  assertNamesField(expectApiError(wrongSource, 400, 'invalid_request'), 'source_account_id');
  const scheduled = await svc.req('POST', `/v1/documents/${inv.id}/transition`, {
    token: p.payer.key,
    body: { to: 'payment_scheduled', scheduled_for: '2099-01-01' },
  });
  assert.equal(scheduled.status, 400, scheduled.text);
  assert.equal((await getDoc(svc, p.payer.key, inv.id)).status, 'approved');
  // The transition to paid is the same rail.
  const moved = await svc.req<{ payment: { rail: string } }>('POST', `/v1/documents/${inv.id}/transition`, {
    token: p.payer.key,
    body: { to: 'paid' },
  });
  assert.equal(moved.status, 202, moved.text);
  assert.equal(moved.body.payment.rail, 'sepa_credit_transfer');
});

test('a USD document still needs the ledger rail: the bank account connects EUR only', async () => {
  const inv = await approvedInvoice(svc, p, 10, 'USD');
  expectApiError(await pay(svc, p.payer.key, inv.id), 403, 'capability_unavailable');
});

test('a sandbox organization with a bank account pays its EUR bills on the simulated bank', async () => {
  const sb = await sandbox(svc, 'Bank Practice');
  await connectBank(sb.session, 'DE02120300000000202051');
  const b = await bill(svc, sb.key, 80, 'EUR');
  const doc = await paid(svc, sb.key, b.id);
  assert.equal(doc.payment.rail, 'sepa_credit_transfer');
  assert.equal(await settle(svc), 0);
  assert.equal((await paymentRow(doc.payment.id)).creditor_iban, 'DE89370400440532013000');
  // A USD bill stays on the practice ledger.
  const usd = await bill(svc, sb.key, 5, 'USD');
  const ledger = await paid(svc, sb.key, usd.id);
  assert.equal(ledger.payment.rail, 'ledger');
  assert.equal(ledger.payment.end_to_end_id, null);
});
