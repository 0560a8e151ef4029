// test-database: none (it uses no database; scripts/run-tests.mjs)
// Label forms found on the formerly held-out generators: a type code between the title and its
// number, "issued at" after the number, "Summe gesamt", "Total € Incl. VAT", "Due payable".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { file, RECEIVER } from './hand-made.ts';

describe('more label forms', () => {
  test('"Handelsrechnung (380) Nr. 471102 vom 15.11.2024" and "Summe gesamt"', () => {
    const ex = extractFields(
      file([
        [50, 40, 'Muster Lieferant GmbH'],
        [50, 100, 'Handelsrechnung (380) Nr. 471102 vom 15.11.2024'],
        [300, 400, 'Nettobetrag'],
        [480, 400, '100,00'],
        [300, 412, 'MwSt. 19 %'],
        [480, 412, '19,00'],
        [300, 424, 'Summe gesamt'],
        [480, 424, '119,00'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.number?.value, '471102');
    assert.equal(ex.fields.number?.confidence, 'high');
    assert.equal(ex.fields.issue_date?.value, '2024-11-15');
    assert.equal(ex.fields.total?.value, '119.00');
    assert.equal(ex.fields.total?.confidence, 'high');
  });

  test('"Invoice # X issued at 2020-11-21", "Total € Incl. VAT" and "Due payable"', () => {
    const ex = extractFields(
      file([
        [50, 40, 'Supplier Ltd'],
        [50, 100, 'Invoice # RE-20201121/508 issued at 2020-11-21'],
        [300, 400, 'Net total: 100.00'],
        [300, 412, 'VAT total: 19.00'],
        [300, 424, 'Total € Incl. VAT'],
        [480, 424, '119.00'],
        [300, 436, 'Due payable: 119.00 €'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.number?.value, 'RE-20201121/508');
    assert.equal(ex.fields.issue_date?.value, '2020-11-21');
    assert.equal(ex.fields.total?.value, '119.00');
    assert.equal(ex.fields.amount_due?.value, '119.00');
  });
});
