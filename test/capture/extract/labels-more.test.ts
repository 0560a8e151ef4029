// test-database: none (it uses no database; scripts/run-tests.mjs)
// Label forms found on the formerly held-out generators: a type code between the title and its
// number, "issued at" after the number, "Summe gesamt", "Total € Incl. VAT", "Due payable".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { fieldsOf, file, RECEIVER } from './hand-made.ts';

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

  test('an item line showing base, rate and tax is not the breakdown: the breakdown below it is', () => {
    const ex = extractFields(
      file([
        [50, 40, 'Au bon moulin SARL'],
        [50, 100, 'Facture N° F-42 du 13/11/2017'],
        [50, 300, '1 Farine'],
        [300, 300, '60,00'],
        [400, 300, '60,00'],
        [480, 300, '10,00 %'],
        [50, 312, '2 Sucre 3,00'],
        [300, 312, '10,00'],
        [400, 312, '30,00'],
        [480, 312, '10,00 %'],
        [50, 360, 'TVA 10,00 %'],
        [300, 360, '90,00'],
        [400, 360, '9,00'],
        [300, 400, 'Total HT'],
        [480, 400, '90,00'],
        [300, 412, 'Total TVA'],
        [480, 412, '9,00'],
        [300, 424, 'Total TTC'],
        [480, 424, '99,00'],
      ]),
      RECEIVER,
      null,
    );
    assert.deepEqual(ex.fields.tax_breakdown?.value, [{ rate: '10', net: '90.00', tax: '9.00' }]);
    assert.equal(ex.fields.total?.confidence, 'high');
  });

  test('"München, den 01.11.2024": a letter\'s place and date is its date; "Paris, le client" is not a label', () => {
    const ex = extractFields(
      file([
        [50, 40, 'Muster Lieferant GmbH'],
        [300, 100, 'München, den 01.11.2024'],
        [50, 130, 'Rechnungsnummer: 2015738820'],
        [50, 300, 'Finanzrate vom 01.10.2024 bis 31.10.2024'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.issue_date?.value, '2024-11-01');
    const none = extractFields(
      file([
        [50, 40, 'Muster Lieferant GmbH'],
        [50, 100, 'Paris, le client 01/11/2024'],
        [50, 130, 'Facture n° F2024'],
      ]),
      RECEIVER,
      null,
    );
    assert.notEqual(none.fields.issue_date?.confidence, 'high');
  });

  test('"Ihre Referenz" and "Vos réf." name the buyer\'s reference; "Vos références", a heading, does not', () => {
    const grid = (label: string, value: string) =>
      fieldsOf([
        [50, 40, 'Beispiel Lieferant GmbH'],
        [50, 80, 'Rechnung Nr. 2026/0815'],
        [400, 100, label],
        [400, 112, value],
      ]).buyer_reference?.value;
    assert.equal(grid('IHRE REFERENZ', 'Bibliothek/2026/12'), 'Bibliothek/2026/12');
    assert.equal(
      fieldsOf([
        [50, 40, 'Atelier Exemple SARL'],
        [50, 80, 'Facture N° F2026-0147'],
        [50, 100, 'Vos réf. : BC-2026-77'],
      ]).buyer_reference?.value,
      'BC-2026-77',
    );
    assert.equal(
      fieldsOf([
        [50, 40, 'Atelier Exemple SARL'],
        [50, 80, 'Facture N° F2026-0147'],
        [50, 100, 'Vos références'],
        [50, 112, 'SERVICE EXECUTANT : SERVEXEC'],
      ]).buyer_reference?.value,
      'SERVEXEC',
    );
  });
});
