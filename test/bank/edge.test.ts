// test-database: none (it uses no database; scripts/run-tests.mjs)
// The bank rail's edge (CONTRACT 12, issue 40 step 1), without a database: RF creditor references,
// SEPA IBANs, the EPC character set, the pain.001.001.09 writer (validated against the ISO schema,
// with property tests over random batches) and the reader of camt.053/camt.054/pain.002, checked
// on the 18 camt files of genkgo/camt's tests against what that project's parser reads from them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ApiError } from '../../src/lib/errors.ts';
import { normalizeIban, sepaIbanProblem } from '../../src/modules/bank/iban.ts';
import {
  type SepaBatch,
  SepaBatchError,
  type SepaTransfer,
  writePain001,
} from '../../src/modules/bank/pain001.ts';
import { type CamtFile, readBankFile } from '../../src/modules/bank/read-bank-file.ts';
import { printedRfReference, rfReference, validRfReference } from '../../src/modules/bank/rf-reference.ts';
import { isSepaId, isSepaText, sepaText } from '../../src/modules/bank/sepa-text.ts';
import { xsdErrors } from '../helpers/bank-xsd.ts';
import { rng } from '../helpers/rng.ts';

const EXAMPLES = fileURLToPath(new URL('./camt-examples/', import.meta.url));

test('RF references: derived from a document number with valid check digits, and checked', () => {
  assert.equal(validRfReference('RF18539007547034'), true);
  assert.equal(validRfReference('RF18 5390 0754 7034'), true);
  assert.equal(validRfReference('RF19539007547034'), false, 'a wrong check digit');
  assert.equal(validRfReference('RF18539007547043'), false, 'two digits swapped');
  assert.equal(validRfReference('RF18'), false);
  assert.equal(validRfReference('RF0012345678901234567890123'), false, 'more than 21 characters');
  assert.equal(rfReference('539007547034'), 'RF18539007547034');
  const ref = rfReference('INV-2026-0042');
  assert.ok(ref?.startsWith('RF') && ref.endsWith('INV20260042'), String(ref));
  assert.equal(validRfReference(ref as string), true);
  assert.equal(rfReference('---'), null);
  const long = rfReference('INV-0000000000000000000000000000123');
  assert.equal(long?.length, 25);
  assert.ok(long?.endsWith('123') && validRfReference(long as string));
  assert.equal(printedRfReference('RF18539007547034'), 'RF18 5390 0754 7034');
  const r = rng(11);
  for (let i = 0; i < 500; i++) {
    const n = `INV-${Math.floor(r() * 1e9)}-${String.fromCharCode(65 + Math.floor(r() * 26))}`;
    const rf = rfReference(n) as string;
    assert.ok(validRfReference(rf), `${n} → ${rf}`);
    // One changed digit is always caught (mod 97 catches every single-digit substitution).
    const digits = [...rf].flatMap((ch, k) => (k >= 2 && ch >= '0' && ch <= '9' ? [k] : []));
    const at = digits[Math.floor(r() * digits.length)] as number;
    const c = rf[at] === '9' ? '8' : '9';
    assert.equal(validRfReference(rf.slice(0, at) + c + rf.slice(at + 1)), false, rf);
  }
});

test('SEPA IBANs: check digits, and a SEPA country', () => {
  assert.equal(normalizeIban('de89 3704 0044 0532 0130 00'), 'DE89370400440532013000');
  assert.equal(sepaIbanProblem('DE89370400440532013000'), null);
  assert.equal(sepaIbanProblem('CH9300762011623852957'), null);
  assert.equal(sepaIbanProblem('GB29NWBK60161331926819'), null);
  assert.match(sepaIbanProblem('DE89370400440532013001') ?? '', /check digits/);
  assert.match(sepaIbanProblem('DE89') ?? '', /not valid/);
  // Brazil's IBAN has valid check digits but is not in SEPA.
  assert.match(sepaIbanProblem('BR1800360305000010009795493C1') ?? '', /not in a SEPA country \(BR\)/);
});

test('the EPC character set: transliterated, never empty, never broken by a character', () => {
  assert.equal(sepaText('Straße', 70), 'Strasse');
  assert.equal(sepaText('Café René', 70), 'Cafe Rene');
  assert.equal(sepaText('Łódź Øresund Æble Œuvre', 70), 'Lodz Oresund AEble OEuvre');
  assert.equal(sepaText('Smith & Sons', 70), 'Smith + Sons');
  assert.equal(sepaText('line one\r\nline two\ttab', 70), 'line one line two tab');
  assert.equal(sepaText('Rocket 🚀 Ltd', 70), 'Rocket Ltd');
  assert.equal(sepaText('🚀🚀', 70), 'NOTPROVIDED');
  assert.equal(sepaText('Ωμέγα', 70, 'fallback'), 'fallback');
  assert.equal(sepaText('x'.repeat(200), 140).length, 140);
  assert.equal(sepaText('ab   cd    ', 3), 'ab');
  const r = rng(5);
  const alphabet = 'aZ09ßéÉèçñüÖ&"‘’–—_;!#*@%$€…\r\n\t 🚀😀中文Ωабв/-?:().,\'+<>[]{}|\\~^=';
  for (let i = 0; i < 2000; i++) {
    const len = Math.floor(r() * 200);
    let s = '';
    for (let j = 0; j < len; j++) s += [...alphabet][Math.floor(r() * [...alphabet].length)];
    const out = sepaText(s, 140);
    assert.ok(isSepaText(out) && out.length >= 1 && out.length <= 140, JSON.stringify([s, out]));
    assert.equal(out, out.trim());
  }
  assert.equal(isSepaId('PAY-1/2'), true);
  assert.equal(isSepaId('/PAY'), false);
  assert.equal(isSepaId('A//B'), false);
  assert.equal(isSepaId('x'.repeat(36)), false);
});

const DEBTOR = {
  name: 'Müller & Söhne GmbH',
  address: { line1: 'Hauptstraße 5', postal_code: '10115', city: 'Berlin', country_code: 'DE' },
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

function batchOf(transfers: SepaTransfer[]): SepaBatch {
  return {
    message_id: 'pbat-0123456789abcdefghijklmn',
    payment_info_id: 'pbat-0123456789abcdefghijklmn-1',
    created_at: '2026-11-25T10:00:00Z',
    requested_execution_date: '2026-11-26',
    debtor: DEBTOR,
    transfers,
  };
}

const NAMES = [
  'Straßenbau Köln GmbH',
  'Café René SARL',
  'Rocket 🚀 Labs\r\nLtd',
  'Ærø Øl ApS',
  'Zażółć gęślą jaźń sp. z o.o.',
  '中文 Trading',
  'A'.repeat(90),
  'O\'Brien & "Partners"',
];
const CREDITOR_IBANS = [
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
  'BE68539007547034',
  'AT611904300234573201',
  'ES9121000418450200051332',
  'IT60X0542811101000000123456',
];

function randomTransfer(r: () => number, i: number): SepaTransfer {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const edge = r();
  const amount =
    edge < 0.1
      ? '0.01'
      : edge < 0.2
        ? '999999999.99'
        : (Math.floor(r() * 10_000_000) / 100).toFixed(Math.floor(r() * 3));
  const useRf = r() < 0.5;
  return {
    end_to_end_id: `pay-${i.toString(36).padStart(6, '0')}${Math.floor(r() * 1e9).toString(36)}`,
    amount: Number(amount) === 0 ? '0.01' : amount,
    creditor: {
      name: pick(NAMES),
      address: {
        line1:
          r() < 0.7
            ? `${pick(['Rue de l’Église', 'Hauptstraße', 'Via Roma'])} ${Math.floor(r() * 200)}`
            : null,
        line2: r() < 0.3 ? 'Bâtiment B\n3ᵉ étage' : null,
        postal_code: r() < 0.8 ? String(10000 + Math.floor(r() * 89999)) : null,
        city: pick(['Paris', 'Köln', 'Łódź', 'Málaga', '🚀']),
        country_code: pick(['FR', 'DE', 'PL', 'ES']),
      },
      iban: pick(CREDITOR_IBANS),
      bic: r() < 0.5 ? 'BNPAFRPPXXX' : null,
    },
    creditor_reference: useRf ? rfReference(`INV-${Math.floor(r() * 1e6)}`) : null,
    remittance:
      r() < 0.3
        ? `Invoice INV-${i} – für Lieferung “Café” 😀\r\n${'x'.repeat(150)}`
        : `BILL-${Math.floor(r() * 1e6)}`,
  };
}

test('pain.001.001.09: random batches validate against the ISO schema and keep the EPC rules', async () => {
  for (let seed = 1; seed <= 25; seed++) {
    const r = rng(seed);
    const n = 1 + Math.floor(r() * 40);
    const transfers = Array.from({ length: n }, (_, i) => randomTransfer(r, i));
    const batch = batchOf(transfers);
    const xml = await writePain001(batch);
    assert.deepEqual(xsdErrors('pain.001.001.09', xml), [], `seed ${seed}`);
    assert.equal(await writePain001(batch), xml, `seed ${seed}: the same batch, the same bytes`);
    // NbOfTxs and CtrlSum at both levels equal the transactions.
    const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([^<]+)</g)].map((m) => m[1] as string);
    assert.equal(amounts.length, n);
    for (const a of amounts) assert.match(a, /^\d{1,9}\.\d{2}$/);
    const cents = amounts.reduce((s, a) => s + BigInt(a.replace('.', '')), 0n);
    const sum = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    assert.deepEqual(
      [...xml.matchAll(/<NbOfTxs>(\d+)</g)].map((m) => m[1]),
      [String(n), String(n)],
    );
    assert.deepEqual(
      [...xml.matchAll(/<CtrlSum>([^<]+)</g)].map((m) => m[1]),
      [sum, sum],
    );
    transfers.forEach((t, i) => {
      assert.equal(Number(amounts[i]), Number(t.amount), `seed ${seed}, payment ${i}`);
    });
    // Every text in the EPC set, every id ≤ 35, every payment kept.
    for (const m of xml.matchAll(/<(Nm|StrtNm|TwnNm|PstCd|AdrLine|Ustrd)>([^<]*)</g)) {
      assert.ok(isSepaText(m[2] as string) && (m[2] as string).length > 0, `seed ${seed}: ${m[0]}`);
    }
    for (const m of xml.matchAll(/<Ustrd>([^<]*)</g)) assert.ok((m[1] as string).length <= 140);
    for (const m of xml.matchAll(/<(MsgId|PmtInfId|EndToEndId)>([^<]*)</g))
      assert.ok(isSepaId(m[2] as string));
    assert.equal([...xml.matchAll(/<CdtTrfTxInf>/g)].length, n);
    assert.equal(
      [...xml.matchAll(/<Cd>SCOR<\/Cd>/g)].length,
      transfers.filter((t) => t.creditor_reference).length,
    );
    assert.equal(
      [...xml.matchAll(/<Issr>ISO<\/Issr>/g)].length,
      transfers.filter((t) => t.creditor_reference).length,
    );
    assert.equal([...xml.matchAll(/<Ustrd>/g)].length, transfers.filter((t) => !t.creditor_reference).length);
    assert.match(xml, /<ChrgBr>SLEV<\/ChrgBr>/);
    assert.match(xml, /<SvcLvl>\s*<Cd>SEPA<\/Cd>/);
    // Structured addresses: every party has its town and country.
    assert.equal([...xml.matchAll(/<PstlAdr>/g)].length, n + 1);
    assert.equal([...xml.matchAll(/<TwnNm>/g)].length, n + 1);
    assert.equal([...xml.matchAll(/<Ctry>/g)].length, n + 1);
  }
});

test('pain.001 refuses what SEPA cannot carry, before writing anything', async () => {
  const ok = randomTransfer(rng(1), 0);
  const refused = async (t: Partial<SepaTransfer>, pattern: RegExp, batch: Partial<SepaBatch> = {}) => {
    await assert.rejects(
      writePain001({ ...batchOf([{ ...ok, ...t }]), ...batch }),
      (e: unknown) => e instanceof SepaBatchError && pattern.test(e.message),
    );
  };
  await refused({ amount: '0.00' }, /outside 0.01 to 999999999.99/);
  await refused({ amount: '1000000000.00' }, /outside/);
  await refused({ amount: '1.005' }, /not in cents/);
  await refused({ amount: '-1' }, /outside/);
  await refused({ amount: 'abc' }, /not a number/);
  await refused({ end_to_end_id: 'x'.repeat(36) }, /EndToEndId/);
  await refused({ creditor_reference: 'RF19539007547034' }, /not an RF reference/);
  await refused({ creditor: { ...ok.creditor, iban: 'BR1800360305000010009795493C1' } }, /SEPA country/);
  await refused({ creditor: { ...ok.creditor, address: { city: ' ', country_code: 'FR' } } }, /no town/);
  await refused({}, /not unique/, { payment_info_id: 'pbat-0123456789abcdefghijklmn' });
  await assert.rejects(writePain001(batchOf([ok, { ...ok }])), /EndToEndId .* not unique/);
  await assert.rejects(writePain001(batchOf([])), /at least one/);
});

// What genkgo/camt reads from each file (the JSON beside it), in the terms docex reads.
interface GenkgoEntry {
  getAmount: { getAmount: string; getCurrency: { getCode: string } };
  getCreditDebitIndicator: string;
  getBookingDate?: { '0': string } | null;
  getAccountServicerReference: string | null;
  getReversalIndicator: boolean;
  getStatus: string;
  getIndex: number;
  getRecord: { getId: string; getAccount: { getIban?: { getIban: string }; getIdentification: string } };
  getTransactionDetails: unknown[];
  getTransactionDetail: {
    getReference?: { getEndToEndId: string | null } | null;
    getRemittanceInformation?: {
      getCreditorReferenceInformation?: { getRef: string | null } | null;
      getStructuredBlock?: { getCreditorReferenceInformation?: { getRef: string | null } | null } | null;
      getMessage?: string | null;
    } | null;
  } | null;
}

function cents(value: string): bigint {
  const [w, f = ''] = value.split('.');
  return BigInt(w as string) * 100n + BigInt(f.padEnd(2, '0').slice(0, 2));
}

const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml'));

test('the reader on the 18 camt examples reads what genkgo/camt reads from them', async () => {
  assert.equal(files.length, 18);
  let compared = 0;
  for (const f of files.filter((x) => x !== 'camt053.v2.wrong.xml')) {
    const parsed = (await readBankFile(readFileSync(`${EXAMPLES}${f}`, 'utf8'))) as CamtFile;
    const expected = JSON.parse(readFileSync(`${EXAMPLES}${f.replace(/\.xml$/, '.json')}`, 'utf8'));
    assert.equal(parsed.kind, f.startsWith('camt054') ? 'camt.054' : 'camt.053', f);
    assert.equal(parsed.message_id, expected.getGroupHeader.getMessageId, f);
    assert.equal(parsed.statements.length, expected.getRecords.length, f);
    for (const e of expected.getEntries as GenkgoEntry[]) {
      const where = `${f} entry ${e.getIndex}`;
      const statement = parsed.statements.find((s) => s.id === e.getRecord.getId);
      assert.ok(statement, where);
      assert.equal(statement.account_iban, e.getRecord.getAccount.getIban?.getIban ?? null, where);
      const entry = statement.entries[e.getIndex];
      assert.ok(entry, where);
      const signed = entry.direction === 'debit' ? -cents(entry.amount.value) : cents(entry.amount.value);
      assert.equal(signed, BigInt(e.getAmount.getAmount), where);
      assert.equal(entry.amount.currency, e.getAmount.getCurrency.getCode, where);
      assert.equal(entry.direction, e.getCreditDebitIndicator === 'CRDT' ? 'credit' : 'debit', where);
      assert.equal(entry.reversal, e.getReversalIndicator, where);
      assert.equal(entry.status, e.getStatus, where);
      assert.equal(entry.account_servicer_reference, e.getAccountServicerReference, where);
      if (e.getBookingDate) assert.equal(entry.booking_date, e.getBookingDate[0].slice(0, 10), where);
      else assert.equal(entry.booking_date, null, where);
      assert.equal(entry.transactions.length, e.getTransactionDetails.length, where);
      const td = e.getTransactionDetail;
      const tx = entry.transactions[0];
      if (td && tx) {
        assert.equal(tx.end_to_end_id, td.getReference?.getEndToEndId ?? null, where);
        const rmt = td.getRemittanceInformation;
        // genkgo names the reference of the first structured block (and, at the top, only when
        // there is no unstructured text).
        const structured = rmt?.getStructuredBlock?.getCreditorReferenceInformation?.getRef;
        assert.equal(
          tx.creditor_reference,
          structured ?? rmt?.getCreditorReferenceInformation?.getRef ?? null,
          where,
        );
        // genkgo's "message" is the unstructured text, or the structured reference when none.
        assert.equal(tx.remittance ?? tx.creditor_reference, rmt?.getMessage ?? null, where);
      }
      compared++;
    }
  }
  assert.ok(compared >= 16, `compared ${compared} entries`);
});

test('the reader: amounts finer than a cent are read as given and marked', async () => {
  const parsed = (await readBankFile(
    readFileSync(`${EXAMPLES}camt053.v2.five.decimals.xml`, 'utf8'),
  )) as CamtFile;
  const entry = parsed.statements[0]?.entries[0];
  assert.deepEqual(entry?.amount, { value: '8.85', cents: true, currency: 'EUR' });
  const finer = readFileSync(`${EXAMPLES}camt053.v2.minimal.xml`, 'utf8').replace(
    '<Amt Ccy="EUR">8.85</Amt>',
    '<Amt Ccy="EUR">8.855</Amt>',
  );
  const read = (await readBankFile(finer)) as CamtFile;
  assert.deepEqual(read.statements[0]?.entries[0]?.amount, { value: '8.855', cents: false, currency: 'EUR' });
});

async function refusedWith(xml: string, pattern: RegExp): Promise<void> {
  await assert.rejects(readBankFile(xml), (e: unknown) => {
    assert.ok(e instanceof ApiError && e.code === 'invalid_request', String(e));
    assert.match(e.message, pattern);
    return true;
  });
}

test('the reader refuses what is not a bank file docex reads, each with a 400 saying why', async () => {
  const minimal = readFileSync(`${EXAMPLES}camt053.v2.minimal.xml`, 'utf8');
  await refusedWith(readFileSync(`${EXAMPLES}camt053.v2.wrong.xml`, 'utf8'), /no Stmt/);
  await refusedWith(
    `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "y">]>${minimal.replace(/^<\?xml[^>]*>/, '')}`,
    /DOCTYPE/,
  );
  await refusedWith(minimal.slice(0, minimal.length / 2), /not well-formed|not closed/);
  await refusedWith(
    minimal.replaceAll('camt.053.001.02', 'camt.052.001.02'),
    /camt\.052\.001\.02: docex reads/,
  );
  await refusedWith(
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"><CstmrDrctDbtInitn/></Document>',
    /pain\.008/,
  );
  await refusedWith(minimal.replaceAll('camt.053.001.02', 'camt.053.001.09'), /docex reads/);
  await refusedWith(
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
    /docex reads/,
  );
  await refusedWith(
    minimal.replace('<Amt Ccy="EUR">8.85</Amt>', '<Amt Ccy="EUR">8,85</Amt>'),
    /not a decimal/,
  );
  await refusedWith(
    minimal.replace(
      '<CdtDbtInd>CRDT</CdtDbtInd>\n                <RvslInd>',
      '<CdtDbtInd>X</CdtDbtInd>\n                <RvslInd>',
    ),
    /CRDT or DBIT/,
  );
});

test('the reader: pain.002 status reports at group, payment and transaction level (.001.03, .10, .11)', async () => {
  const report = (version: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.${version}">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>STS-1</MsgId><CreDtTm>2026-11-26T09:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>pbat_1</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>pbat_1-1</OrgnlPmtInfId>
      <PmtInfSts>PART</PmtInfSts>
      <TxInfAndSts>
        <OrgnlEndToEndId>pay_A</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>AC01</Cd></Rsn><AddtlInf>Incorrect account</AddtlInf><AddtlInf>number</AddtlInf></StsRsnInf>
      </TxInfAndSts>
      <TxInfAndSts><OrgnlEndToEndId>pay_B</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`;
  for (const v of ['03', '10', '11']) {
    const parsed = await readBankFile(report(v));
    assert.equal(parsed.kind, 'pain.002');
    if (parsed.kind !== 'pain.002') continue;
    assert.equal(parsed.version, v);
    assert.equal(parsed.original_message_id, 'pbat_1');
    assert.equal(parsed.group_status, 'PART');
    assert.deepEqual(parsed.payments[0]?.transactions, [
      {
        original_end_to_end_id: 'pay_A',
        original_instruction_id: null,
        status: 'RJCT',
        reasons: [{ code: 'AC01', text: 'Incorrect account number' }],
      },
      { original_end_to_end_id: 'pay_B', original_instruction_id: null, status: 'ACCP', reasons: [] },
    ]);
  }
  assert.deepEqual(xsdErrors('pain.002.001.11', report('11')), []);
  await refusedWith(report('05'), /docex reads/);
});

test('the reader takes a statement of 10,000 entries (bodies up to 10 MiB), beyond an e-invoice bound', async () => {
  const entry = (i: number) =>
    `<Ntry><Amt Ccy="EUR">${(i % 1000) + 1}.50</Amt><CdtDbtInd>${i % 2 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-25</Dt></BookgDt><AcctSvcrRef>ASR${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RmtInf><Ustrd>INV-${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  const xml = `<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BIG</MsgId></GrpHdr><Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>\n${Array.from({ length: 10_000 }, (_, i) => entry(i)).join('\n')}</Stmt></BkToCstmrStmt></Document>`;
  const read = (await readBankFile(xml)) as CamtFile;
  const entries = read.statements[0]?.entries ?? [];
  assert.equal(entries.length, 10_000);
  assert.deepEqual(
    [entries[9_999]?.amount.value, entries[9_999]?.direction, entries[9_999]?.transactions[0]?.end_to_end_id],
    ['1000.50', 'debit', 'E2E-9999'],
  );
  assert.equal(entries[4_242]?.transactions[0]?.remittance, 'INV-4242');
});
