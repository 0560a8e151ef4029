// test-database: none (it uses no database; scripts/run-tests.mjs)
// Values read beside their label that still cannot be `high` (CONTRACT §13, "never an invented
// value"): an identifier the page goes on printing past the word read, a date printed with a time
// (the page's print stamp), a SIRET under a registration label, a town taken for a seller's name.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { corpusFiles, readCorpusFile, receiverOf } from '../../../bench/capture-corpus.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { file, RECEIVER, type Run } from './hand-made.ts';

const BASE: Run[] = [
  [50, 40, 'Muster Lieferant GmbH'],
  [50, 100, 'Rechnung an Kunden AG'],
  [330, 112, 'Rechnungsnummer: R-2026-0042'],
  [330, 400, 'Nettobetrag'],
  [480, 400, '100,00'],
  [330, 412, 'USt. 19 %'],
  [480, 412, '19,00'],
  [330, 424, 'Gesamtbetrag EUR'],
  [480, 424, '119,00'],
];

describe('labelled but not high', () => {
  test('an identifier whose digit groups go on past the word read is low', () => {
    const ex = extractFields(
      file([...BASE, [50, 200, 'Referenz des Käufers: 05 158 004 - 11023 - 45']]),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.buyer_reference?.confidence, 'low');
    const whole = extractFields(file([...BASE, [50, 200, 'Referenz des Käufers: 05-158']]), RECEIVER, null);
    assert.equal(whole.fields.buyer_reference?.value, '05-158');
    assert.equal(whole.fields.buyer_reference?.confidence, 'high');
    assert.equal(whole.fields.number?.confidence, 'high', 'the number is not cut: nothing follows it');
  });

  test("a date printed with a time is the page's print stamp, never a high issue date", () => {
    const ex = extractFields(
      file([...BASE, [300, 800, 'Datum: 30.10.2024 Zeit: 04:59:13 Seite: 1']]),
      RECEIVER,
      null,
    );
    assert.notEqual(ex.fields.issue_date?.confidence, 'high');
    const plain = extractFields(file([...BASE, [330, 124, 'Rechnungsdatum: 30.10.2024']]), RECEIVER, null);
    assert.equal(plain.fields.issue_date?.confidence, 'high');
  });

  test('a SIRET is not the legal registration: low', () => {
    const ex = extractFields(file([...BASE, [50, 60, 'SIRET : 12345678200077']]), RECEIVER, null);
    assert.equal(ex.fields.seller_registration_id?.confidence ?? 'low', 'low');
  });

  test("a town with its country code under a seller label is not the seller's name (odoo's layout)", async () => {
    const f = corpusFiles().find((x) => x.key.file === 'invoice_EN16931.pdf');
    assert.ok(f, 'the tuning file is in the corpus');
    const ex = extractFields(await readCorpusFile(f), receiverOf(f.key), null);
    assert.notEqual(ex.fields.seller_name?.value, 'PARIS, FR');
    assert.notEqual(ex.fields.seller_name?.confidence, 'high');
  });
});
