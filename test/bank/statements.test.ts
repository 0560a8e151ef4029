// CONTRACT 12, statements (issue 40): debits by EndToEndId settle bank-rail payments (booked in the
// ledger), pain.002 rejections fail them, returns reopen them, credits settle invoices only on an
// exact match, partials are unmatched with suggestions and matched by hand, re-imports change
// nothing, concurrent imports settle once, and bad files are clear 400s.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { writeCamt054 } from '../../src/modules/bank/sandbox-bank.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { expectApiError } from '../helpers/expect.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { approvedInvoice, getDoc, type LivePair, livePair, paid } from '../helpers/payments.ts';

let svc: TestService;
let p: LivePair;
const PAYER_IBAN = 'FR1420041010050500013M02606';
const PAYEE_IBAN = 'DE89370400440532013000';

interface Entry {
  id: string;
  amount: number;
  direction: string;
  status: string;
  outcome: string;
  payment_id: string | null;
  document_id: string | null;
  reason: string | null;
  suggestions: { document_id: string; reason: string }[];
}
interface Statement {
  id: string;
  kind: string;
  account_iban: string;
  entries: Entry[];
}

before(async () => {
  svc = await startTestService();
  p = await livePair(svc, { connect: false });
  for (const [token, body] of [
    [p.payee.session, SELLER],
    [p.payer.session, BUYER],
  ] as const) {
    const res = await svc.req('PATCH', '/v1/organization', { token, body });
    assert.equal(res.status, 200, res.text);
  }
  for (const [token, iban] of [
    [p.payee.session, PAYEE_IBAN],
    [p.payer.session, PAYER_IBAN],
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

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const upload = (token: string, xml: string) =>
  svc.req<Statement>('POST', '/v1/bank_statements', { token, body: { content_base64: b64(xml) } });
let seq = 0;
const camt = (iban: string, lines: Parameters<typeof writeCamt054>[0]['lines']) =>
  writeCamt054({ message_id: `T-${++seq}`, iban, created_at: svc.ctx.clock.now(), lines });

async function batchOf(
  n: number[],
): Promise<{ docs: string[]; payments: { id: string; e2e: string }[]; batch: string }> {
  const docs: string[] = [];
  const payments: { id: string; e2e: string }[] = [];
  for (const amount of n) {
    const inv = await approvedInvoice(svc, p, amount, 'EUR');
    const pay = (await paid(svc, p.payer.key, inv.id)).payment as { id: string; end_to_end_id: string };
    docs.push(inv.id);
    payments.push({ id: pay.id, e2e: pay.end_to_end_id });
  }
  const res = await svc.req<{ id: string }>('POST', '/v1/payment_batches', {
    token: p.payer.session,
    body: {},
  });
  assert.equal(res.status, 201, res.text);
  return { docs, payments, batch: res.body.id };
}

async function ledgerBalanced(): Promise<void> {
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from ledger_accounts a
     where a.kind = 'treasury'
       and a.balance <> coalesce((select sum(t.amount) from ledger_transactions t where t.account_id = a.id), 0)`.execute(
    svc.ctx.db,
  );
  assert.equal(rows.rows[0]!.n, 0);
}

test('bad files are clear 400s', async () => {
  const doctype =
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>';
  expectApiError(await upload(p.payer.session, doctype), 400, 'invalid_request');
  const camt052 =
    '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrAcctRpt/></Document>';
  expectApiError(await upload(p.payer.session, camt052), 400, 'invalid_request');
  const truncated = camt(PAYER_IBAN, [{ amount: '1', direction: 'debit', reference: 'X1' }]).slice(0, 200);
  expectApiError(await upload(p.payer.session, truncated), 400, 'invalid_request');
  const notMine = await upload(
    p.payer.session,
    camt('DE02120300000000202051', [{ amount: '1', direction: 'debit', reference: 'X2' }]),
  );
  const e = expectApiError(notMine, 400, 'invalid_request');
  assert.match(JSON.stringify(e), /not connected/);
  const usd = camt(PAYER_IBAN, [{ amount: '1', direction: 'debit', reference: 'X3' }]).replace(
    'Ccy="EUR"',
    'Ccy="USD"',
  );
  expectApiError(await upload(p.payer.session, usd), 400, 'invalid_request');
  const notB64 = await svc.req('POST', '/v1/bank_statements', {
    token: p.payer.session,
    body: { content_base64: '%%%' },
  });
  expectApiError(notB64, 400, 'invalid_request');
});

test('debits settle by EndToEndId, booked in the ledger; the same file again changes nothing', async () => {
  const { docs, payments } = await batchOf([40, 25.5]);
  const file = camt(PAYER_IBAN, [
    { amount: '40.00', direction: 'debit', reference: 'BANK-D1', end_to_end_id: payments[0]!.e2e },
    { amount: '25.50', direction: 'debit', reference: 'BANK-D2', end_to_end_id: payments[1]!.e2e },
    { amount: '9.99', direction: 'debit', reference: 'BANK-D3' },
  ]);
  const res = await upload(p.payer.session, file);
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.kind, 'camt.054');
  assert.deepEqual(
    res.body.entries.map((e) => [e.status, e.outcome, e.payment_id]),
    [
      ['matched', 'settled', payments[0]!.id],
      ['matched', 'settled', payments[1]!.id],
      ['ignored', 'not_a_docex_payment', null],
    ],
  );
  for (const d of docs) {
    const doc = await getDoc(svc, p.payer.key, d);
    assert.equal(doc.status, 'paid');
    assert.equal(doc.payment?.status, 'settled');
    assert.equal(
      (doc.payment as { settlement_reference?: string }).settlement_reference,
      d === docs[0] ? 'BANK-D1' : 'BANK-D2',
    );
  }
  const booked = await sql<{ n: number }>`
    select count(*)::int as n from ledger_transfers where payment_id = ${payments[0]!.id} and kind = 'payment'`.execute(
    svc.ctx.db,
  );
  assert.equal(booked.rows[0]!.n, 1);
  await ledgerBalanced();
  // Again: the same statement, nothing new.
  const again = await upload(p.payer.session, file);
  assert.equal(again.status, 201, again.text);
  assert.deepEqual(again.body, res.body);
  assert.equal(again.body.id, res.body.id);
  // An overlapping file (another MsgId, the same bank references): its entries are ignored.
  const overlap = await upload(
    p.payer.session,
    camt(PAYER_IBAN, [
      { amount: '40.00', direction: 'debit', reference: 'BANK-D1', end_to_end_id: payments[0]!.e2e },
    ]),
  );
  assert.equal(overlap.status, 201, overlap.text);
  assert.deepEqual(
    overlap.body.entries.map((e) => [e.status, e.outcome]),
    [['ignored', 'duplicate']],
  );
  const events = await sql<{ n: number }>`
    select count(*)::int as n from events where type = 'payment.settled' and document_id = ${docs[0]!}`.execute(
    svc.ctx.db,
  );
  assert.equal(events.rows[0]!.n, 2);

  // The payee's statement shows the credit: a confirmation, never a second settlement.
  const doc0 = await getDoc(svc, p.payee.key, docs[0]!);
  const credit = await upload(
    p.payee.session,
    camt(PAYEE_IBAN, [
      {
        amount: '40.00',
        direction: 'credit',
        reference: 'IN-1',
        end_to_end_id: payments[0]!.e2e,
        creditor_reference: doc0.payment_reference ?? null,
      },
    ]),
  );
  assert.equal(credit.status, 201, credit.text);
  assert.deepEqual(
    credit.body.entries.map((e) => [e.status, e.outcome]),
    [['matched', 'confirmed']],
  );
  await ledgerBalanced();

  // A return after settlement reopens the payment as failed with the reason.
  const ret = await upload(
    p.payer.session,
    camt(PAYER_IBAN, [
      {
        amount: '25.50',
        direction: 'credit',
        reference: 'RET-1',
        end_to_end_id: payments[1]!.e2e,
        return_reason: 'AC04',
      },
    ]),
  );
  assert.equal(ret.status, 201, ret.text);
  assert.deepEqual(
    ret.body.entries.map((e) => [e.status, e.outcome]),
    [['matched', 'returned']],
  );
  const reopened = await getDoc(svc, p.payer.key, docs[1]!);
  assert.equal(reopened.status, 'approved');
  assert.equal(reopened.balance_due, 25.5);
  assert.equal(reopened.payment?.status, 'failed');
  assert.match(String((reopened.payment as { failure_reason?: string }).failure_reason), /AC04/);
  await ledgerBalanced();
});

test('pain.002 rejections fail payments with the reason; accepted ones change nothing', async () => {
  const { docs, payments, batch } = await batchOf([11, 12]);
  const fileId = batch.replaceAll('_', '-');
  const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>ST-${seq++}</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${fileId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${fileId}-1</OrgnlPmtInfId><TxInfAndSts><OrgnlEndToEndId>${payments[0]!.e2e}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC01</Cd></Rsn><AddtlInf>Incorrect account number</AddtlInf></StsRsnInf></TxInfAndSts><TxInfAndSts><OrgnlEndToEndId>${payments[1]!.e2e}</OrgnlEndToEndId><TxSts>ACSP</TxSts></TxInfAndSts></OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
  const res = await upload(p.payer.session, xml);
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.kind, 'pain.002');
  assert.deepEqual(
    res.body.entries.map((e) => [e.status, e.outcome]),
    [
      ['matched', 'rejected'],
      ['ignored', 'status_acsp'],
    ],
  );
  const rejected = await getDoc(svc, p.payer.key, docs[0]!);
  assert.equal(rejected.status, 'approved');
  assert.match(
    String((rejected.payment as { failure_reason?: string }).failure_reason),
    /AC01 Incorrect account number/,
  );
  const pending = await getDoc(svc, p.payer.key, docs[1]!);
  assert.equal(pending.payment?.status, 'processing');
  // A rejection at group level reaches every payment of the batch.
  const group = await batchOf([13]);
  const groupId = group.batch.replaceAll('_', '-');
  const groupXml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.11"><CstmrPmtStsRpt><GrpHdr><MsgId>ST-G${seq++}</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${groupId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn><AddtlInf>Insufficient funds</AddtlInf></StsRsnInf></OrgnlGrpInfAndSts></CstmrPmtStsRpt></Document>`;
  const g = await upload(p.payer.session, groupXml);
  assert.equal(g.status, 201, g.text);
  assert.deepEqual(
    g.body.entries.map((e) => [e.status, e.outcome, e.payment_id]),
    [['matched', 'rejected', group.payments[0]!.id]],
  );
  const groupDoc = await getDoc(svc, p.payer.key, group.docs[0]!);
  assert.match(
    String((groupDoc.payment as { failure_reason?: string }).failure_reason),
    /AM04 Insufficient funds/,
  );
  // A status report about someone else's batch is a 400.
  expectApiError(await upload(p.payee.session, xml.replace(/ST-\d+/, 'ST-other')), 400, 'invalid_request');
});

test('credits: exact RF match settles; partial is unmatched with suggestions, matched by hand when exact', async () => {
  const exact = await approvedInvoice(svc, p, 70, 'EUR');
  const partial = await approvedInvoice(svc, p, 80, 'EUR');
  const byNumber = await approvedInvoice(svc, p, 90, 'EUR');
  const subCent = await approvedInvoice(svc, p, 5, 'EUR');
  const res = await upload(
    p.payee.session,
    camt(PAYEE_IBAN, [
      {
        amount: '70.00',
        direction: 'credit',
        reference: 'C-1',
        creditor_reference: exact.payment_reference ?? null,
      },
      {
        amount: '50.00',
        direction: 'credit',
        reference: 'C-2',
        creditor_reference: partial.payment_reference ?? null,
      },
      {
        amount: '90.00',
        direction: 'credit',
        reference: 'C-3',
        remittance: `Invoice ${(await getDoc(svc, p.payee.key, byNumber.id)).number} thanks`,
      },
      { amount: '3.00', direction: 'credit', reference: 'C-4', remittance: 'nothing known' },
    ]).replace('<Amt Ccy="EUR">3.00</Amt>', '<Amt Ccy="EUR">3.00</Amt>'),
  );
  assert.equal(res.status, 201, res.text);
  const [e1, e2, e3, e4] = res.body.entries;
  assert.deepEqual([e1!.status, e1!.outcome, e1!.document_id], ['matched', 'settled', exact.id]);
  assert.deepEqual([e2!.status, e2!.outcome], ['unmatched', 'partial']);
  assert.equal(e2!.suggestions[0]!.document_id, partial.id);
  assert.deepEqual([e3!.status, e3!.outcome, e3!.document_id], ['matched', 'settled', byNumber.id]);
  assert.deepEqual([e4!.status, e4!.outcome], ['unmatched', 'no_candidate']);
  assert.equal((await getDoc(svc, p.payee.key, exact.id)).status, 'paid');
  assert.equal((await getDoc(svc, p.payee.key, partial.id)).status, 'approved');
  await ledgerBalanced();

  // By hand: the partial amount is refused; the 3.00 entry is not the 5.00 invoice's either.
  const match = (entry: string, document_id: string, token = p.payee.session) =>
    svc.req<Entry>('POST', `/v1/bank_statements/${res.body.id}/entries/${entry}/match`, {
      token,
      body: { document_id },
    });
  expectApiError(await match(e2!.id, partial.id), 400, 'invalid_request');
  expectApiError(await match(e4!.id, subCent.id), 400, 'invalid_request');
  expectApiError(await match(e1!.id, partial.id), 409, 'conflict');
  // An exact credit, unmatched for want of a reference, matched by hand.
  const loose = await upload(
    p.payee.session,
    camt(PAYEE_IBAN, [{ amount: '5.00', direction: 'credit', reference: 'C-5' }]),
  );
  const looseEntry = loose.body.entries[0]!;
  assert.equal(looseEntry.status, 'unmatched');
  const m = await svc.req<Entry>(
    'POST',
    `/v1/bank_statements/${loose.body.id}/entries/${looseEntry.id}/match`,
    {
      token: p.payee.session,
      body: { document_id: subCent.id },
    },
  );
  assert.equal(m.status, 200, m.text);
  assert.deepEqual(
    [m.body.status, m.body.outcome, m.body.document_id],
    ['matched', 'matched_by_hand', subCent.id],
  );
  assert.equal((await getDoc(svc, p.payee.key, subCent.id)).status, 'paid');
  // A sub-cent amount never settles on its own.
  const tiny = await approvedInvoice(svc, p, 7, 'EUR');
  const fine = camt(PAYEE_IBAN, [
    {
      amount: '7.00',
      direction: 'credit',
      reference: 'C-6',
      creditor_reference: tiny.payment_reference ?? null,
    },
  ]).replaceAll('<Amt Ccy="EUR">7.00</Amt>', '<Amt Ccy="EUR">7.001</Amt>');
  const f = await upload(p.payee.session, fine);
  assert.equal(f.status, 201, f.text);
  assert.deepEqual([f.body.entries[0]!.status, f.body.entries[0]!.outcome], ['unmatched', 'sub_cent']);
  // Listing and reading.
  const one = await svc.req<Statement>('GET', `/v1/bank_statements/${res.body.id}`, { token: p.payee.key });
  assert.equal(one.status, 200, one.text);
  assert.equal(one.body.entries.length, 4);
  const list = await svc.req<{ data: Statement[] }>('GET', '/v1/bank_statements', { token: p.payee.key });
  assert.equal(list.status, 200, list.text);
  assert.ok(list.body.data.some((s) => s.id === res.body.id));
  expectApiError(
    await svc.req('GET', `/v1/bank_statements/${res.body.id}`, { token: p.payer.key }),
    404,
    'not_found',
  );
});

test('concurrent imports of overlapping statements settle each payment exactly once', async () => {
  const { payments } = await batchOf([21, 22, 23]);
  const lines = payments.map((x, i) => ({
    amount: String(21 + i),
    direction: 'debit' as const,
    reference: `CC-${x.e2e}`,
    end_to_end_id: x.e2e,
  }));
  const files = [
    camt(PAYER_IBAN, lines),
    camt(PAYER_IBAN, lines.slice(1)),
    camt(PAYER_IBAN, [...lines].reverse()),
  ];
  const results = await Promise.all([...files, files[0]!].map((f) => upload(p.payer.session, f)));
  for (const r of results) assert.equal(r.status, 201, r.text);
  const settled = results.flatMap((r) =>
    r.body.entries.filter((e) => e.outcome === 'settled').map((e) => e.payment_id),
  );
  // Each payment settled by exactly one entry (a replay of the first file repeats its entries).
  const firstIds = new Set(
    results
      .filter((r) => r.status === 201)
      .flatMap((r) => r.body.entries.filter((e) => e.outcome === 'settled').map((e) => e.payment_id)),
  );
  assert.equal(firstIds.size, 3);
  assert.ok(settled.length >= 3);
  for (const x of payments) {
    const n = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers where payment_id = ${x.id} and kind = 'payment'`.execute(
      svc.ctx.db,
    );
    assert.equal(n.rows[0]!.n, 1);
    const ev = await sql<{ n: number }>`
      select count(*)::int as n from events e join payments p on p.document_id = e.document_id
       where p.id = ${x.id} and e.type = 'payment.settled'`.execute(svc.ctx.db);
    assert.equal(ev.rows[0]!.n, 2);
  }
  await ledgerBalanced();
});

test('the sandbox bank is for sandbox organizations only', async () => {
  expectApiError(
    await svc.req('POST', '/v1/sandbox/bank_statements/pbat_x', { token: p.payer.session, body: {} }),
    403,
    'sandbox_isolation',
  );
});

test('an entry with very long references is recorded, and recognized again', async () => {
  const long = 'Référence très longue '.repeat(60);
  const file = () =>
    camt(PAYEE_IBAN, [{ amount: '1.00', direction: 'credit', reference: long, remittance: long }]);
  const first = await upload(p.payee.session, file());
  assert.equal(first.status, 201, first.text);
  assert.deepEqual(
    [first.body.entries[0]!.status, first.body.entries[0]!.outcome],
    ['unmatched', 'no_candidate'],
  );
  const second = await upload(p.payee.session, file());
  assert.equal(second.status, 201, second.text);
  assert.deepEqual(
    [second.body.entries[0]!.status, second.body.entries[0]!.outcome],
    ['ignored', 'duplicate'],
  );
});
