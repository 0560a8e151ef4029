// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the fifteenth set (test/fixtures/capture/script-blind, held out (15): Prawn, PDF::API2 and
// LibreOffice Calc) showed at its first measurement: one `high` value wrong on its text layers (a
// spreadsheet's "Your ref" read as the order, the order's own column captioned "Order" alone), and
// three on its scans (a row's caption read as the seller's name, a central bank's "BCE +10" as a
// registration, a credited invoice's date where OCR garbled the credit note's own label). Each test
// fails without its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Run, fieldsOf as read, scannedFieldsOf as scanned } from './hand-made.ts';

describe('Prawn, PDF::API2 and LibreOffice Calc (held out (15)) fixes', () => {
  test('"Your ref" beside a caption "Order" is not surely the order number', () => {
    const f = read([
      [47, 40, 'Saltire Banqueting Events Ltd'],
      [47, 200, 'Your ref'],
      [171, 200, 'Order'],
      [47, 212, 'SBE-EVT-0226'],
      [171, 212, 'PO5518'],
    ]);
    assert.equal(f.purchase_order?.value, 'SBE-EVT-0226');
    assert.equal(f.purchase_order?.confidence, 'low');
    // without the caption, "Your ref" names the order as before
    const alone = read([
      [47, 40, 'Saltire Banqueting Events Ltd'],
      [47, 200, 'Your ref'],
      [47, 212, 'SBE-EVT-0226'],
    ]);
    assert.equal(alone.purchase_order?.confidence, 'high');
  });

  test("a row's caption with its value beside it, under a seller's label, is not the seller's name", () => {
    const f = scanned([
      [48, 40, 'Liffey Cloud Hosting Ltd'],
      [48, 286, 'Account name'],
      [119, 286, 'Liffey Cloud Hosting'],
      [400, 286, 'Subtotal €9,044.40'],
      [48, 299, 'IBAN IE07 LIFF 9311 5210 4732 85'],
      [48, 320, 'Reference'],
      [100, 320, 'RF04 LCH2 0260 3044'],
      [48, 361, 'Please pay by bank transfer quoting the reference RF04 LCH2 0260 3044.'],
    ]);
    assert.equal(f.seller_name?.value, 'Liffey Cloud Hosting Ltd');
  });

  test('"taux BCE +10 points" (a rate, BCE also a register\'s name) is no registration', () => {
    const f = read([
      [50, 40, 'Menuiserie Garnier & Fils SAS'],
      [50, 600, 'Pénalités de retard : taux BCE +10 points ; indemnité forfaitaire 40 €.'],
    ]);
    assert.equal(f.seller_registration_id, null);
  });

  test("on a scan naming a credit note, an invoice's date is not surely the note's own", () => {
    const runs: Run[] = [
      [50, 40, 'Uitgeverij Het Spaarne B.V.'],
      [350, 80, 'Debiteur: creditnota nt, GB 2026 007'],
      [350, 110, 'Betreft factuur : 2026-0311'],
      [350, 122, 'Factuurdatum 18-02-2026'],
    ];
    assert.equal(scanned(runs).issue_date?.confidence, 'low');
    // an invoice's scan with no credit note on it keeps its date
    assert.equal(scanned(runs.filter((r) => !r[2].includes('creditnota'))).issue_date?.confidence, 'high');
  });
});
