// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the review page makes of a word clicked on the page or a value typed (app/src/lib/capture-
// fields.ts, issue 51 item 5): amounts in the six languages' forms as decimal strings, day-first
// dates as YYYY-MM-DD (impossible ones kept as typed, for the person and the API to see), codes
// compacted upper-case; and Confirm's corrections: only what changed, an emptied field as null.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Capture } from '../../app/src/api/captures.ts';
import {
  amountFromPrinted,
  confidenceSummary,
  corrections,
  dateFromPrinted,
  FIELDS,
  normalize,
  sentence,
} from '../../app/src/lib/capture-fields.ts';

test('amounts as printed become decimal strings', () => {
  const cases: [string, string | null][] = [
    ['1.234,56', '1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u202f234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1234', '1234.00'],
    ['€ 99,5', '99.50'],
    ['1.190,00 EUR', '1190.00'],
    ['-12.50', '-12.50'],
    ['(12.50)', '-12.50'],
    ["1'234.50", '1234.50'],
    ['12.345.678', '12345678.00'],
    ['0,07', '0.07'],
    ['99,-', '99.00'],
    ['INV-1', null],
    ['', null],
    ['EUR', null],
  ];
  for (const [printed, want] of cases) assert.equal(amountFromPrinted(printed), want, printed);
});

test('dates as printed become YYYY-MM-DD, day first; impossible dates are not dates', () => {
  const cases: [string, string | null][] = [
    ['31.12.2026', '2026-12-31'],
    ['31/12/2026', '2026-12-31'],
    ['2026-12-31', '2026-12-31'],
    ['1.2.26', '2026-02-01'],
    ['14.11.2026,', '2026-11-14'],
    ['30.02.2026', null],
    ['2026-13-01', null],
    ['12/31/2026', null],
    ['Nov 2026', null],
  ];
  for (const [printed, want] of cases) assert.equal(dateFromPrinted(printed), want, printed);
});

test('each kind keeps the form the API keeps; text that is not of the kind stays as typed', () => {
  assert.equal(normalize('code', 'de 123 456.789'), 'DE123456789');
  assert.equal(normalize('code', 'DE89 3704 0044 0532 0130 00'), 'DE89370400440532013000');
  assert.equal(normalize('money', 'about ten'), 'about ten');
  assert.equal(normalize('date', '30.02.2026'), '30.02.2026');
  assert.equal(normalize('email', '<billing@acme.test>,'), 'billing@acme.test');
  assert.equal(normalize('text', '  ACME GmbH '), 'ACME GmbH');
  assert.equal(normalize('money', '   '), '');
});

function captureWith(fields: Partial<Capture['fields']>): Capture {
  const empty = Object.fromEntries([...FIELDS.map((f) => [f.name, null]), ['tax_breakdown', null]]);
  return {
    id: 'cap_1',
    inbound_message_id: 'inm_1',
    file: { filename: 'a.pdf', content_type: 'application/pdf', sha256: '0'.repeat(64), pages: 1 },
    method: 'text',
    status: 'needs_review',
    fields: { ...empty, ...fields } as Capture['fields'],
    lines: [],
    document_id: null,
    duplicate_of: null,
    created_at: '2026-11-26T10:00:00Z',
    confirmed_at: null,
    confirmed_by: null,
    corrections: [],
    rejected_at: null,
    rejected_by: null,
    rejected_reason: null,
    notes: [],
  };
}

const read = (value: string, confidence: 'high' | 'low' = 'high') => ({
  value,
  confidence,
  page: 1,
  bbox: [0, 0, 1, 1],
  text: value,
});

test('corrections: only the fields whose value changed, normalized; an emptied field is null', () => {
  const c = captureWith({ total: read('190.00', 'low'), number: read('INV-1'), currency: read('EUR') });
  assert.deepEqual(corrections(c, { total: '190.00', number: 'INV-1', currency: 'EUR', iban: '' }), {});
  assert.deepEqual(corrections(c, { total: '1.190,00', number: '', currency: 'eur', iban: 'de89 3704' }), {
    total: '1190.00',
    number: null,
    iban: 'DE893704',
  });
  // The breakdown is left out only where one was read.
  assert.deepEqual(corrections(c, {}, true), {});
  const withBreakdown = captureWith({
    tax_breakdown: { ...read('x'), value: [{ rate: '19', net: '1', tax: '0.19' }] },
  });
  assert.deepEqual(corrections(withBreakdown, {}, true), { tax_breakdown: null });
  assert.deepEqual(corrections(withBreakdown, {}), {});
});

test('the list says what needs an eye: required fields missing, values read without certainty', () => {
  assert.equal(confidenceSummary(captureWith({})).words, '5 required missing');
  const c = captureWith({
    number: read('1'),
    issue_date: read('2026-01-01'),
    seller_name: read('A'),
    currency: read('EUR'),
    total: read('1.00', 'low'),
    iban: read('X', 'low'),
  });
  assert.deepEqual(confidenceSummary(c), { toCheck: 2, words: '2 to check' });
  assert.equal(
    confidenceSummary({ ...c, fields: { ...c.fields, total: read('1.00'), iban: null } }).words,
    'All read with confidence',
  );
});

test("a field's problem reads in the form's words, beside it", () => {
  assert.equal(
    sentence('total', 'total is required to confirm a capture: give it in fields.total'),
    'Total with VAT is required to confirm a capture',
  );
  assert.equal(
    sentence('issue_date', 'issue date is required to confirm'),
    'Issue date is required to confirm',
  );
  assert.equal(
    sentence('issue_date', '"2026-02-30" is not a calendar date (YYYY-MM-DD)'),
    'Issue date: "2026-02-30" is not a calendar date (YYYY-MM-DD)',
  );
  assert.equal(sentence('iban', 'DE00 is not an IBAN'), 'DE00 is not an IBAN');
});
