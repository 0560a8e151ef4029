// Round three (CONTRACT 10 and 12, version 1.18.0; issue 47 items 4 and 13): a bank statement is
// imported in short transactions, each idempotent by the bank's references, so a large one never
// stalls another tenant and a retry after a crash applies nothing twice; a remittance names at
// most 20 candidate numbers; and an invoice settled by a bank credit (RF reference, EndToEndId,
// number, or by hand) emits payment.settled to its issuer with the bank's entry reference.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { writeCamt054 } from '../../src/modules/bank/sandbox-bank.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { approvedInvoice, eventsFor, getDoc, type LivePair, livePair, paid } from '../helpers/payments.ts';

let svc: TestService;
let p: LivePair;
const PAYER_IBAN = 'FR1420041010050500013M02606';
const PAYEE_IBAN = 'DE89370400440532013000';

interface Entry {
  id: string;
  status: string;
  outcome: string;
  payment_id: string | null;
  document_id: string | null;
}
interface Statement {
  id: string;
  entries: Entry[];
}

before(async () => {
  svc = await startTestService();
  p = await livePair(svc, { connect: false });
  for (const [token, body, iban] of [
    [p.payee.session, SELLER, PAYEE_IBAN],
    [p.payer.session, BUYER, PAYER_IBAN],
  ] as const) {
    const res = await svc.req('PATCH', '/v1/organization', { token, body });
    assert.equal(res.status, 200, res.text);
    const acc = await svc.req('POST', '/v1/bank_accounts', {
      token,
      body: { iban, account_name: 'Treasury', currency: 'EUR' },
    });
    assert.equal(acc.status, 201, acc.text);
  }
});
after(async () => {
  await svc?.close();
});

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const upload = (token: string, xml: string) =>
  svc.req<Statement>('POST', '/v1/bank_statements', { token, body: { content_base64: b64(xml) } });
let seq = 0;
type Lines = Parameters<typeof writeCamt054>[0]['lines'];
const camt = (iban: string, lines: Lines, messageId = `SC-${++seq}`) =>
  writeCamt054({ message_id: messageId, iban, created_at: svc.ctx.clock.now(), lines });
/** The same entries as a camt.053 statement (the day's statement rather than a notification). */
const camt053 = (iban: string, lines: Lines) =>
  camt(iban, lines)
    .replace('camt.054.001.08', 'camt.053.001.08')
    .replaceAll('BkToCstmrDbtCdtNtfctn>', 'BkToCstmrStmt>')
    .replaceAll('Ntfctn>', 'Stmt>');

/** The payee's payment.settled events about a document (the payer hears of its own payments only). */
async function settledEvents(documentId: string) {
  return (await eventsFor(svc, p.payee.orgId, documentId))
    .filter((e) => e.type === 'payment.settled')
    .map(
      (e) => (e.data as { payment: { id: string; status: string; settlement_reference: string } }).payment,
    );
}

test('payment.settled to the issuer for an invoice settled by a credit: RF reference, EndToEndId, number, by hand', async () => {
  const byRf = await approvedInvoice(svc, p, 31, 'EUR');
  const byNumber = await approvedInvoice(svc, p, 32, 'EUR');
  const byHand = await approvedInvoice(svc, p, 33, 'EUR');
  const byE2e = await approvedInvoice(svc, p, 34, 'EUR');
  // the payer pays the last one on the bank rail (processing in its open batch): the payee's
  // credit carries its EndToEndId
  const payment = (await paid(svc, p.payer.key, byE2e.id)).payment as { id: string; end_to_end_id: string };
  const number = (await getDoc(svc, p.payee.key, byNumber.id)).number;
  const res = await upload(
    p.payee.session,
    camt(PAYEE_IBAN, [
      {
        amount: '31.00',
        direction: 'credit',
        reference: 'PS-RF',
        creditor_reference: byRf.payment_reference ?? null,
      },
      { amount: '32.00', direction: 'credit', reference: 'PS-NUM', remittance: `Paying ${number}` },
      { amount: '33.00', direction: 'credit', reference: 'PS-HAND' },
      { amount: '34.00', direction: 'credit', reference: 'PS-E2E', end_to_end_id: payment.end_to_end_id },
    ]),
  );
  assert.equal(res.status, 201, res.text);
  const [rf, num, hand, e2e] = res.body.entries;
  assert.deepEqual(
    [rf!.outcome, num!.outcome, hand!.outcome, e2e!.outcome],
    ['settled', 'settled', 'no_candidate', 'settled'],
  );
  const matched = await svc.req<Entry>(
    'POST',
    `/v1/bank_statements/${res.body.id}/entries/${hand!.id}/match`,
    { token: p.payee.session, body: { document_id: byHand.id } },
  );
  assert.equal(matched.status, 200, matched.text);
  for (const [doc, entry, reference] of [
    [byRf.id, rf!, 'PS-RF'],
    [byNumber.id, num!, 'PS-NUM'],
    [byHand.id, matched.body, 'PS-HAND'],
    [byE2e.id, e2e!, 'PS-E2E'],
  ] as const) {
    const events = await settledEvents(doc);
    assert.equal(events.length, 1, `one payment.settled for ${reference}`);
    assert.equal(events[0]!.status, 'settled');
    assert.equal(events[0]!.settlement_reference, reference);
    assert.ok(entry.payment_id, `${reference}: the entry names its payment`);
    assert.equal(events[0]!.id, entry.payment_id);
    const d = await getDoc(svc, p.payee.key, doc);
    assert.equal(d.status, 'paid');
    assert.equal((d.payment as { settlement_reference?: string }).settlement_reference, reference);
  }
  // The payer paid through docex only for the EndToEndId one: it hears of that one alone.
  for (const doc of [byRf.id, byNumber.id, byHand.id]) {
    const theirs = (await eventsFor(svc, p.payer.orgId, doc)).filter((e) => e.type === 'payment.settled');
    assert.equal(theirs.length, 0);
  }
  // The same credits again (another statement): confirmations, no second payment.settled.
  const again = await upload(
    p.payee.session,
    camt(PAYEE_IBAN, [
      {
        amount: '31.00',
        direction: 'credit',
        reference: 'PS-RF2',
        creditor_reference: byRf.payment_reference ?? null,
      },
    ]),
  );
  assert.equal(again.body.entries[0]!.outcome, 'confirmed');
  assert.equal((await settledEvents(byRf.id)).length, 1);
});

test('a remittance names at most 20 candidate numbers: a number past the 20th is not looked up', async () => {
  const inv = await approvedInvoice(svc, p, 41, 'EUR');
  const number = (await getDoc(svc, p.payee.key, inv.id)).number!;
  const noise = (n: number) => Array.from({ length: n }, (_, i) => `ZZ-${900000 + i}`).join(' ');
  const res = await upload(
    p.payee.session,
    camt(PAYEE_IBAN, [
      { amount: '41.00', direction: 'credit', reference: 'CAP-21', remittance: `${noise(20)} ${number}` },
      { amount: '41.00', direction: 'credit', reference: 'CAP-20', remittance: `${noise(19)} ${number}` },
    ]),
  );
  assert.equal(res.status, 201, res.text);
  assert.deepEqual(
    res.body.entries.map((e) => [e.outcome, e.document_id]),
    [
      ['no_candidate', null],
      ['settled', inv.id],
    ],
  );
});

test('a retry after a crash resumes after the entries committed: nothing is applied twice', async () => {
  const invoices = [];
  for (const amount of [51, 52, 53]) invoices.push(await approvedInvoice(svc, p, amount, 'EUR'));
  const lines: Lines = invoices.map((inv, i) => ({
    amount: `${51 + i}.00`,
    direction: 'credit',
    reference: `RESUME-${i}`,
    creditor_reference: inv.payment_reference ?? null,
  }));
  // What a crash after the first transaction leaves: the first entry recorded and applied, the
  // statement row not yet written. (The first attempt's file and the retry's share their MsgId.)
  const first = await upload(p.payee.session, camt(PAYEE_IBAN, lines.slice(0, 1), 'RESUME-MSG'));
  assert.equal(first.status, 201, first.text);
  await sql`delete from bank_statements where id = ${first.body.id}`.execute(svc.ctx.db);
  const retry = await upload(p.payee.session, camt(PAYEE_IBAN, lines, 'RESUME-MSG'));
  assert.equal(retry.status, 201, retry.text);
  assert.equal(retry.body.id, first.body.id, 'the same statement');
  assert.deepEqual(
    retry.body.entries.map((e) => [e.outcome, e.document_id]),
    invoices.map((inv) => ['settled', inv.id]),
  );
  assert.equal(
    retry.body.entries[0]!.id,
    first.body.entries[0]!.id,
    'the committed entry is kept, not redone',
  );
  for (const inv of invoices) assert.equal((await settledEvents(inv.id)).length, 1);
  const again = await upload(p.payee.session, camt(PAYEE_IBAN, lines, 'RESUME-MSG'));
  assert.deepEqual(again.body, retry.body);
});

test('a large camt.053 (3,000 credits, 25 number-like tokens each) never stalls another tenant', async () => {
  const inv = await approvedInvoice(svc, p, 61, 'EUR');
  const number = (await getDoc(svc, p.payee.key, inv.id)).number!;
  const N = 3000;
  const lines: Lines = Array.from({ length: N }, (_, i) => ({
    amount: `${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}`,
    direction: 'credit' as const,
    reference: `BIG-${i}`,
    remittance: Array.from(
      { length: 25 },
      (_, k) => `INV-${String((i * 25 + k) % 999983).padStart(6, '0')}`,
    ).join(' '),
  }));
  lines[N - 1] = {
    amount: '61.00',
    direction: 'credit',
    reference: 'BIG-LAST',
    remittance: `Invoice ${number}`,
  };
  const xml = camt053(PAYEE_IBAN, lines);
  assert.ok(xml.length > 2_000_000, `${xml.length} bytes`);

  // Another tenant reads its document over and over while the import runs.
  const other = await approvedInvoice(svc, p, 1, 'USD');
  const latencies: number[] = [];
  let importing = true;
  // Paced at 50 reads a second: an unpaced loop outruns the key's rate limit (100/s, bursts of
  // 200) whenever the import is quick, and would measure the limiter instead of the stall.
  const reader = (async () => {
    while (importing) {
      await new Promise((r) => setTimeout(r, 20));
      const t = performance.now();
      const r = await svc.req('GET', `/v1/documents/${other.id}`, { token: p.payer.key });
      latencies.push(performance.now() - t);
      if (performance.now() - t > 200)
        console.log('slow', Date.now() % 100000, Math.round(performance.now() - t));
      assert.equal(r.status, 200, r.text);
    }
  })();
  const t0 = performance.now();
  const res = await upload(p.payee.session, xml);
  const importMs = performance.now() - t0;
  importing = false;
  await reader;
  assert.equal(res.status, 201, res.text.slice(0, 500));
  assert.equal(res.body.entries.length, N);
  assert.deepEqual(
    [res.body.entries[N - 1]!.outcome, res.body.entries[N - 1]!.document_id],
    ['settled', inv.id],
  );
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!;
  console.log(
    `large statement: ${N} credits imported in ${Math.round(importMs)} ms; other tenant: ${latencies.length} reads, p50 ${Math.round(latencies[Math.floor(latencies.length / 2)]!)} ms, p99 ${Math.round(p99)} ms, max ${Math.round(latencies[latencies.length - 1]!)} ms`,
  );
  assert.ok(
    latencies.length >= 10,
    `the other tenant was served during the import (${latencies.length} reads)`,
  );
  // The bound is the embedded database's (CONTRACT 10: its one connection is what every tenant
  // shares); on PostgreSQL the pool is not shared that way and what remains is this process's
  // event loop on a loaded machine, so the bound there only catches a stall.
  const bound = process.env.DATABASE_URL ? 2000 : 1000;
  assert.ok(p99 < bound, `p99 ${p99} ms`);
});
