// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the language corpus (test/fixtures/capture/chromium-langs, held out (3)) showed missing:
// Spanish and Italian VAT ids printed in their domestic form, an invoice number printed after its
// series' letters, and label synonyms of the six languages. Each test fails without its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { domesticVatId } from '../../../src/modules/capture/extract/checks.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { file, RECEIVER } from './hand-made.ts';

/** A page with a seller, the runs given, and totals that add up. */
function withRuns(runs: [number, number, string][]) {
  return file([
    [50, 40, 'Proveedor Ejemplo'],
    ...runs,
    [300, 400, 'Base imponible'],
    [480, 400, '100,00'],
    [300, 412, 'IVA 21 %'],
    [480, 412, '21,00'],
    [300, 424, 'Total factura'],
    [480, 424, '121,00 €'],
  ]);
}

describe('languages: held out (3) fixes', () => {
  test('domesticVatId: a partita IVA or a NIF/CIF/NIE with its check digit right gets its prefix', () => {
    assert.equal(domesticVatId('01234567890'), null, 'a wrong Italian check digit');
    assert.equal(domesticVatId('08512340962'), 'IT08512340962');
    assert.equal(domesticVatId('B86124732'), 'ESB86124732');
    assert.equal(domesticVatId('B86124733'), null, 'a wrong CIF control digit');
    assert.equal(domesticVatId('12345678Z'), 'ES12345678Z');
    assert.equal(domesticVatId('12345678A'), null, 'a wrong DNI letter');
    assert.equal(domesticVatId('X1234567L'), 'ESX1234567L');
    assert.equal(domesticVatId('0113 23 45 67'), null, 'a phone number');
  });

  test('"CIF: B86124732" and "P.IVA 08512340962": the seller VAT id read with its prefix, high', () => {
    const es = extractFields(
      withRuns([
        [50, 52, 'CIF: B86124732'],
        [50, 100, 'Nº factura: A/2026/000184'],
        [50, 112, 'Fecha: 12/03/2026'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(es.fields.seller_vat_id?.value, 'ESB86124732');
    assert.equal(es.fields.seller_vat_id?.confidence, 'high');
    const it = extractFields(
      withRuns([
        [50, 52, 'P.IVA 08512340962'],
        [50, 100, 'Fattura n. 184/2026'],
        [50, 112, 'Data: 31/03/2026'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(it.fields.seller_vat_id?.value, 'IT08512340962');
  });

  test('"NIF-IVA B95284162": the Spanish label names the VAT id', () => {
    const ex = extractFields(
      withRuns([
        [50, 52, 'NIF-IVA B95284162'],
        [50, 100, 'Nº factura: 26/0129'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.seller_vat_id?.value, 'ESB95284162');
  });

  test('"FPR 27/26" below "Numero fattura": the series letters belong to the number', () => {
    const ex = extractFields(
      withRuns([
        [50, 100, 'NUMERO FATTURA'],
        [50, 112, 'FPR 27/26'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.number?.value, 'FPR 27/26');
    assert.equal(ex.fields.number?.confidence, 'high');
  });

  test('"RG 740012 / KD 100233": a series number that goes on is not high', () => {
    const ex = extractFields(
      withRuns([[50, 100, 'Verwendungszweck: RG 740012 / KD 100233']]),
      RECEIVER,
      null,
    );
    assert.notEqual(ex.fields.payment_reference?.confidence, 'high');
  });

  test('"N. documento" names the invoice number (Italian)', () => {
    const ex = extractFields(withRuns([[50, 100, 'N. documento: 2026/FE/0321']]), RECEIVER, null);
    assert.equal(ex.fields.number?.value, '2026/FE/0321');
  });

  test('"Tax point date" above its value names the issue date (United Kingdom)', () => {
    const ex = extractFields(
      withRuns([
        [50, 100, 'Invoice no: A1093'],
        [50, 112, 'Tax point date'],
        [50, 124, '1 Sep 2026'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.issue_date?.value, '2026-09-01');
  });

  test('due date synonyms: "Vto.", "Date limite de paiement", "Uiterste betaaldatum", "À régler avant le"', () => {
    for (const label of ['Vto.', 'Date limite de paiement', 'Uiterste betaaldatum', 'À régler avant le']) {
      const ex = extractFields(
        withRuns([
          [50, 100, 'Factura nº 2026-0077'],
          [50, 112, 'Fecha: 12/03/2026'],
          [50, 124, `${label} 11/04/2026`],
        ]),
        RECEIVER,
        null,
      );
      assert.equal(ex.fields.due_date?.value, '2026-04-11', label);
    }
  });

  test('payment reference synonyms: "Payment ref.", "Please quote", "Libellé du virement", "Causale del bonifico"', () => {
    for (const label of ['Payment ref.', 'Please quote', 'Libellé du virement', 'Causale del bonifico']) {
      const ex = extractFields(
        withRuns([
          [50, 100, 'Invoice No. 2026-0381'],
          [50, 124, `${label}: 2026-0381`],
        ]),
        RECEIVER,
        null,
      );
      assert.equal(ex.fields.payment_reference?.value, '2026-0381', label);
    }
  });
});
