// CONTRACT 12, batches (issue 40): closing the open batch gathers the payer's bank-rail payments,
// its pain.001.001.09 file validates against the ISO schema and is the same bytes on every GET,
// the RF reference travels as structured CdtrRefInf, an empty batch is a 409, bad dates a 400
// naming the field, and two concurrent closes never put a payment in two batches.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { xsdErrors } from '../helpers/bank-xsd.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { assertNamesField, expectApiError } from '../helpers/expect.ts';
import { mintKey } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { approvedInvoice, type LivePair, livePair, paid, settle } from '../helpers/payments.ts';

let svc: TestService;
let p: LivePair;

interface Batch {
  id: string;
  status: string;
  count: number;
  control_sum: number;
  currency: string;
  requested_execution_date: string;
  payment_ids: string[];
  created_at: string;
}

before(async () => {
  svc = await startTestService();
  p = await livePair(svc, { connect: false });
  for (const [token, body] of [
    [p.payee.session, { ...SELLER, legal_name: 'Seller & Söhne GmbH' }],
    [p.payer.session, BUYER],
  ] as const) {
    const res = await svc.req('PATCH', '/v1/organization', { token, body });
    assert.equal(res.status, 200, res.text);
  }
  // The payee's invoices carry an RF reference once it has a bank account.
  for (const [token, iban] of [
    [p.payee.session, 'DE89370400440532013000'],
    [p.payer.session, 'FR1420041010050500013M02606'],
  ] as const) {
    const res = await svc.req('POST', '/v1/bank_accounts', {
      token,
      body: { iban, account_name: 'Treasury', currency: 'EUR' },
    });
    assert.equal(res.status, 201, res.text);
  }
});
after(async () => {
  await svc?.close();
});

const close = (token: string, body: Record<string, unknown> = {}, idem?: string) =>
  svc.req<Batch>('POST', '/v1/payment_batches', { token, body, ...(idem ? { idem } : {}) });

test('an empty open batch is a 409; bad dates are a 400 naming the field', async () => {
  const empty = await close(p.payer.session);
  const e = expectApiError(empty, 409, 'conflict');
  assert.match(empty.text, /empty/);
  assert.equal((e.details as { reason?: string }).reason, 'empty_batch');
  for (const date of ['2026-02-30', 'tomorrow', '2000-01-01']) {
    assertNamesField(
      expectApiError(
        await close(p.payer.session, { requested_execution_date: date }),
        400,
        'invalid_request',
      ),
      'requested_execution_date',
    );
  }
  // Another organization without a bank account has no open batch.
  const other = await livePair(svc, { connect: false });
  expectApiError(await close(other.payer.session), 409, 'conflict');
});

test('closing the batch: its payments, a valid pain.001 file, the same bytes every time', async () => {
  const a = await approvedInvoice(svc, p, 120.1, 'EUR');
  const b = await approvedInvoice(svc, p, 30, 'EUR');
  assert.match(a.payment_reference ?? '', /^RF\d\d/);
  const pa = (await paid(svc, p.payer.key, a.id)).payment;
  const pb = (await paid(svc, p.payer.key, b.id)).payment;
  const when = new Date(svc.ctx.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
  const writer = await mintKey(svc, p.payer.session, ['payments:write', 'payments:read']);
  const res = await close(writer.key, { requested_execution_date: when }, 'close-batch-1');
  assert.equal(res.status, 201, res.text);
  const batch = res.body;
  assert.match(batch.id, /^pbat_/);
  assert.equal(batch.status, 'ready');
  assert.equal(batch.count, 2);
  assert.equal(batch.control_sum, 150.1);
  assert.equal(batch.currency, 'EUR');
  assert.equal(batch.requested_execution_date, when);
  assert.deepEqual(batch.payment_ids, [pa.id, pb.id]);
  // The same Idempotency-Key replays the same batch, and the open batch is now empty.
  const replay = await close(writer.key, { requested_execution_date: when }, 'close-batch-1');
  assert.equal(replay.status, 201, replay.text);
  assert.equal(replay.body.id, batch.id);
  expectApiError(await close(p.payer.session), 409, 'conflict');

  const listed = await svc.req<{ data: Batch[] }>('GET', '/v1/payment_batches', { token: p.payer.key });
  assert.equal(listed.status, 200, listed.text);
  assert.deepEqual(listed.body.data, [batch]);
  const one = await svc.req<Batch>('GET', `/v1/payment_batches/${batch.id}`, { token: p.payer.key });
  assert.deepEqual(one.body, batch);
  expectApiError(
    await svc.req('GET', `/v1/payment_batches/${batch.id}`, { token: p.payee.key }),
    404,
    'not_found',
  );

  const file = await svc.req('GET', `/v1/payment_batches/${batch.id}/file`, { token: p.payer.key });
  assert.equal(file.status, 200, file.text);
  assert.match(String(file.headers['content-type']), /^application\/xml/);
  assert.deepEqual(xsdErrors('pain.001.001.09', file.text), []);
  const again = await svc.req('GET', `/v1/payment_batches/${batch.id}/file`, { token: p.payer.key });
  assert.equal(again.text, file.text);
  const xml = file.text;
  assert.match(xml, new RegExp(`<MsgId>${batch.id.replaceAll('_', '-')}</MsgId>`));
  assert.match(xml, /<NbOfTxs>2<\/NbOfTxs>\s*<CtrlSum>150.10<\/CtrlSum>/);
  assert.match(xml, new RegExp(`<ReqdExctnDt>\\s*<Dt>${when}</Dt>`));
  assert.match(xml, /<IBAN>FR1420041010050500013M02606<\/IBAN>/);
  assert.match(xml, /<InstdAmt Ccy="EUR">120.10<\/InstdAmt>/);
  assert.match(xml, new RegExp(`<EndToEndId>${pa.end_to_end_id}</EndToEndId>`));
  assert.match(xml, new RegExp(`<Ref>${a.payment_reference}</Ref>`));
  assert.match(xml, /<Cd>SCOR<\/Cd>/);
  assert.match(xml, /<Nm>Seller \+ Sohne GmbH<\/Nm>/);
  assert.match(xml, /<ChrgBr>SLEV<\/ChrgBr>/);
  assert.doesNotMatch(xml, /Ustrd/);

  // The payments wait for the bank: still processing, in this batch, never settled by the ledger.
  assert.equal(await settle(svc), 0);
  const rows = await sql<{ id: string; batch_id: string; status: string }>`
    select id, batch_id, status from payments where id in (${pa.id}, ${pb.id}) order by id`.execute(
    svc.ctx.db,
  );
  for (const r of rows.rows) assert.deepEqual([r.batch_id, r.status], [batch.id, 'processing']);
});

test('two concurrent closes never put a payment in two batches', async () => {
  const invoices = await Promise.all([1, 2, 3, 4].map((n) => approvedInvoice(svc, p, 10 + n, 'EUR')));
  const paidIds: string[] = [];
  for (const inv of invoices) paidIds.push((await paid(svc, p.payer.key, inv.id)).payment.id);
  const results = await Promise.all([close(p.payer.session), close(p.payer.session), close(p.payer.session)]);
  const ok = results.filter((r) => r.status === 201);
  for (const r of results) if (r.status !== 201) expectApiError(r, 409, 'conflict');
  assert.ok(ok.length >= 1);
  const carried = ok.flatMap((r) => r.body.payment_ids);
  assert.deepEqual([...carried].sort(), [...paidIds].sort());
  const rows = await sql<{ n: number }>`
    select count(distinct batch_id)::int as n from payments where id in (${sql.join(paidIds)})`.execute(
    svc.ctx.db,
  );
  assert.equal(rows.rows[0]!.n, ok.length);
});
