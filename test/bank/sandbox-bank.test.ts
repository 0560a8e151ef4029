// CONTRACT 12, the sandbox's simulated bank (issue 40): a sandbox organization with a bank account
// pays its demo counterparty's EUR bills on the bank rail, closes the batch, asks the simulated
// bank for its files (a camt.054 booking the batch, a pain.002 rejecting the listed payments) and
// imports them like a real bank's: the booked payments settle, the rejected one fails with the
// reason, and importing them again changes nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { xsdErrors } from '../helpers/bank-xsd.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { expectApiError } from '../helpers/expect.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { bill, getDoc, paid, type Sandbox, sandbox } from '../helpers/payments.ts';

let svc: TestService;
let sb: Sandbox;

before(async () => {
  svc = await startTestService();
  sb = await sandbox(svc);
  const profile = await svc.req('PATCH', '/v1/organization', { token: sb.session, body: BUYER });
  assert.equal(profile.status, 200, profile.text);
  const account = await svc.req('POST', '/v1/bank_accounts', {
    token: sb.session,
    body: { iban: 'FR1420041010050500013M02606', account_name: 'Practice', currency: 'EUR' },
  });
  assert.equal(account.status, 201, account.text);
});
after(async () => {
  await svc?.close();
});

interface Files {
  batch_id: string;
  camt054: string | null;
  pain002: string | null;
}
interface Statement {
  id: string;
  kind: string;
  entries: { status: string; outcome: string; payment_id: string | null; reason: string | null }[];
}

test('the simulated bank books a batch and rejects the payments listed', async () => {
  const bills = [
    await bill(svc, sb.key, 120, 'EUR'),
    await bill(svc, sb.key, 35.5, 'EUR'),
    await bill(svc, sb.key, 9, 'EUR'),
  ];
  const pays: string[] = [];
  for (const b of bills) {
    const doc = await paid(svc, sb.key, b.id);
    assert.equal((doc.payment as { rail?: string }).rail, 'sepa_credit_transfer');
    pays.push(doc.payment.id);
  }
  const batch = await svc.req<{ id: string }>('POST', '/v1/payment_batches', { token: sb.key, body: {} });
  assert.equal(batch.status, 201, batch.text);

  // Bad bodies: a payment not in the batch, a reason that is not a code; a batch not ours.
  expectApiError(
    await svc.req('POST', `/v1/sandbox/bank_statements/${batch.body.id}`, {
      token: sb.key,
      body: { reject: ['pay_0Vc1EXG3tuH2ONY9JCHKXD'] },
    }),
    400,
    'invalid_request',
  );
  expectApiError(
    await svc.req('POST', `/v1/sandbox/bank_statements/${batch.body.id}`, {
      token: sb.key,
      body: { reject: [pays[2]], reason: 'a b!' },
    }),
    400,
    'invalid_request',
  );
  expectApiError(
    await svc.req('POST', '/v1/sandbox/bank_statements/pbat_0Vc1EXG3tuH2ONY9JCHKXD', {
      token: sb.key,
      body: {},
    }),
    404,
    'not_found',
  );

  const files = await svc.req<Files>('POST', `/v1/sandbox/bank_statements/${batch.body.id}`, {
    token: sb.key,
    body: { reject: [pays[2]], reason: 'AC04' },
  });
  assert.equal(files.status, 201, files.text);
  assert.ok(files.body.camt054 && files.body.pain002);
  // Both files are valid against the ISO schemas.
  assert.deepEqual(xsdErrors('camt.054.001.08', Buffer.from(files.body.camt054, 'base64').toString()), []);
  assert.deepEqual(xsdErrors('pain.002.001.11', Buffer.from(files.body.pain002, 'base64').toString()), []);

  const imp = (content_base64: string) =>
    svc.req<Statement>('POST', '/v1/bank_statements', { token: sb.key, body: { content_base64 } });
  const rejected = await imp(files.body.pain002);
  assert.equal(rejected.status, 201, rejected.text);
  assert.equal(rejected.body.kind, 'pain.002');
  assert.deepEqual(
    rejected.body.entries.map((e) => [e.status, e.outcome, e.payment_id]),
    [['matched', 'rejected', pays[2]]],
  );
  const booked = await imp(files.body.camt054);
  assert.equal(booked.status, 201, booked.text);
  assert.deepEqual(
    booked.body.entries.map((e) => [e.status, e.outcome, e.payment_id]),
    [
      ['matched', 'settled', pays[0]],
      ['matched', 'settled', pays[1]],
    ],
  );
  assert.equal((await getDoc(svc, sb.key, bills[0]!.id)).status, 'paid');
  assert.equal((await getDoc(svc, sb.key, bills[1]!.id)).status, 'paid');
  const failed = await getDoc(svc, sb.key, bills[2]!.id);
  assert.equal(failed.status, 'approved');
  assert.equal(failed.payment?.status, 'failed');
  assert.match(String((failed.payment as { failure_reason?: string }).failure_reason), /AC04/);

  // The same files again: the same statements, nothing changes.
  const again = await imp(files.body.camt054);
  assert.equal(again.body.id, booked.body.id);
  const list = await svc.req<{ data: Statement[] }>('GET', '/v1/bank_statements', { token: sb.key });
  assert.equal(list.body.data.length, 2);
});
