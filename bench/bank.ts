// `node --import tsx bench/bank.ts`: the bank rail's costs (issue 40), per payment or entry, beside a
// document read measured in the same run on the same machine. In process, on the test harness's
// database (PGlite, or PostgreSQL with DATABASE_URL):
//
//   - a batch of 1,000 bank-rail payments closed to its pain.001 file (POST /v1/payment_batches),
//     and the pain.001 writer alone at 1,000 and 10,000 transfers;
//   - a 1,000-entry camt.053 imported (POST /v1/bank_statements) whose debits settle the 1,000
//     payments of that batch (each one locked, settled, booked in the ledger, its document paid);
//   - camt.053 imports of 1,000 and 10,000 credit entries that name invoice numbers and RF
//     references docex must look up (unmatched: no invoice has them), and the reader alone at both
//     sizes: 10,000 entries must cost at most 12 times 1,000 (linear: no per-entry full scan).
//
// BENCH_BANK_PAYMENTS changes the 1,000 (setting it up is ~4 requests a payment).
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { writePain001 } from '../src/modules/bank/pain001.ts';
import { readBankFile } from '../src/modules/bank/read-bank-file.ts';
import { type CamtLine, writeCamt054 } from '../src/modules/bank/sandbox-bank.ts';
import { BUYER, SELLER } from '../test/helpers/einvoice-profiles.ts';
import { startTestService } from '../test/helpers/harness.ts';
import { approvedInvoice, livePair, paid } from '../test/helpers/payments.ts';

const N = Number(process.env.BENCH_BANK_PAYMENTS ?? 1000);
const PAYER_IBAN = 'FR1420041010050500013M02606';
const PAYEE_IBAN = 'DE89370400440532013000';

/** A camt.053.001.08 statement of `lines` (the sandbox writer's entries, in a statement). */
function camt053(id: string, iban: string, lines: CamtLine[]): string {
  return writeCamt054({ message_id: id, iban, created_at: new Date('2026-11-25T12:00:00Z'), lines })
    .replace('camt.054.001.08', 'camt.053.001.08')
    .replace('<BkToCstmrDbtCdtNtfctn>', '<BkToCstmrStmt>')
    .replace('</BkToCstmrDbtCdtNtfctn>', '</BkToCstmrStmt>')
    .replace('<Ntfctn>', '<Stmt>')
    .replace('</Ntfctn>', '</Stmt>');
}

const credits = (n: number, tag: string): CamtLine[] =>
  Array.from({ length: n }, (_, i) => ({
    amount: `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
    direction: 'credit' as const,
    reference: `${tag}-${i}`,
    end_to_end_id: `E2E-${tag}-${i}`,
    creditor_reference: i % 2 ? `RF18${tag}${i}` : null,
    remittance: `Payment of invoice INV-${String(900000 + i)} thank you`,
  }));

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}

const svc = await startTestService();
try {
  const p = await livePair(svc, { connect: false });
  for (const [token, body] of [
    [p.payee.session, SELLER],
    [p.payer.session, BUYER],
  ] as const) {
    assert.equal((await svc.req('PATCH', '/v1/organization', { token, body })).status, 200);
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
  console.error(`setting up ${N} bank-rail payments…`);
  const payments: { id: string; e2e: string; amount: string }[] = [];
  let docId = '';
  for (let i = 0; i < N; i++) {
    const amount = 10 + (i % 90);
    const inv = await approvedInvoice(svc, p, amount, 'EUR');
    docId = inv.id;
    const pay = (await paid(svc, p.payer.key, inv.id)).payment as { id: string; end_to_end_id: string };
    payments.push({ id: pay.id, e2e: pay.end_to_end_id, amount: amount.toFixed(2) });
  }

  // The ceiling: a document read, over HTTP in the same process.
  for (let i = 0; i < 50; i++) await svc.req('GET', `/v1/documents/${docId}`, { token: p.payer.key });
  const [, read200] = await timed(async () => {
    for (let i = 0; i < 200; i++) await svc.req('GET', `/v1/documents/${docId}`, { token: p.payer.key });
  });
  const readMs = read200 / 200;

  const [batch, closeMs] = await timed(() =>
    svc.req<{ id: string; count: number }>('POST', '/v1/payment_batches', {
      token: p.payer.session,
      body: {},
    }),
  );
  assert.equal(batch.status, 201, batch.text);
  assert.equal(batch.body.count, N);

  const party = {
    name: 'Seller GmbH',
    address: { line1: 'Street 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
    iban: PAYEE_IBAN,
  };
  const writer = async (n: number) => {
    const transfers = Array.from({ length: n }, (_, i) => ({
      end_to_end_id: `E2E-${i}`,
      amount: `${(i % 900) + 1}.25`,
      creditor: party,
      creditor_reference: null,
      remittance: `INV-${i}`,
    }));
    const batchInput = {
      message_id: 'MSG-1',
      payment_info_id: 'MSG-1-1',
      created_at: '2026-11-25T12:00:00Z',
      requested_execution_date: '2026-11-26',
      debtor: { ...party, iban: PAYER_IBAN },
      transfers,
    };
    await writePain001(batchInput);
    return (await timed(() => writePain001(batchInput)))[1];
  };
  const write1k = await writer(1000);
  const write10k = await writer(10000);

  const statement = camt053(
    'BENCH-SETTLE',
    PAYER_IBAN,
    payments.map((x) => ({
      amount: x.amount,
      direction: 'debit' as const,
      reference: `B-${x.e2e}`,
      end_to_end_id: x.e2e,
    })),
  );
  const [settled, settleMs] = await timed(() =>
    svc.req<{ entries: { outcome: string }[] }>('POST', '/v1/bank_statements', {
      token: p.payer.session,
      body: { content_base64: Buffer.from(statement).toString('base64') },
    }),
  );
  assert.equal(settled.status, 201, settled.text);
  assert.equal(settled.body.entries.filter((e) => e.outcome === 'settled').length, N);

  const importCredits = async (n: number, tag: string) => {
    const xml = camt053(`BENCH-${tag}`, PAYEE_IBAN, credits(n, tag));
    const [, readMsOnly] = await timed(() => readBankFile(xml));
    const [res, ms] = await timed(() =>
      svc.req('POST', '/v1/bank_statements', {
        token: p.payee.session,
        body: { content_base64: Buffer.from(xml).toString('base64') },
      }),
    );
    assert.equal(res.status, 201, res.text.slice(0, 300));
    return { ms, readMsOnly };
  };
  await importCredits(200, 'WARM');
  const c1k = await importCredits(1000, 'A');
  const c10k = await importCredits(10000, 'B');

  const row = (name: string, totalMs: number, per: number) =>
    console.log(
      `| ${name} | ${totalMs.toFixed(0)} | ${((totalMs * 1000) / per).toFixed(0)} | ${(totalMs / per / readMs).toFixed(2)} |`,
    );
  console.log(`\nA document read (GET /v1/documents/{id}, in process): ${(readMs * 1000).toFixed(0)} µs\n`);
  console.log('| operation | total ms | µs per payment or entry | × a document read |');
  console.log('|---|---:|---:|---:|');
  row(`close a batch of ${N} payments (pain.001 written)`, closeMs, N);
  row('pain.001 writer alone, 1,000 transfers', write1k, 1000);
  row('pain.001 writer alone, 10,000 transfers', write10k, 10000);
  row(`camt.053 of ${N} debits imported, each settling its payment`, settleMs, N);
  row('camt.053 reader alone, 1,000 entries', c1k.readMsOnly, 1000);
  row('camt.053 reader alone, 10,000 entries', c10k.readMsOnly, 10000);
  row('camt.053 of 1,000 credits imported and matched (unmatched)', c1k.ms, 1000);
  row('camt.053 of 10,000 credits imported and matched (unmatched)', c10k.ms, 10000);
  const ratios = {
    writer: write10k / write1k,
    reader: c10k.readMsOnly / c1k.readMsOnly,
    import: c10k.ms / c1k.ms,
  };
  console.log(
    `\n10,000 / 1,000: writer ${ratios.writer.toFixed(1)}x, reader ${ratios.reader.toFixed(1)}x, import ${ratios.import.toFixed(1)}x (linear: at most 12x)`,
  );
  const over = Object.entries(ratios).filter(([, r]) => r > 12);
  if (over.length) {
    console.log(`NOT LINEAR: ${over.map(([k]) => k).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await svc.close();
}
