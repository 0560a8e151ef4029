// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the eighth set (test/fixtures/capture/print-blind, held out (8): Apache FOP, jsPDF and
// Ghostscript) showed at its first measurement: totals whose tax is printed whole only in the VAT
// breakdown's sum row, forms whose values sit in boxes under small captions, the words of the
// e-invoice visualisations, and four `high` values read wrong (a complaint's date, a BIC and a
// registration read past their stop, the buyer's fiscal code). Each test fails without its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Run, fieldsOf as read, totalsBlock } from './hand-made.ts';

const HEAD: Run[] = [
  [50, 40, 'Fromagerie Exemple SAS'],
  [300, 60, 'Facture n° FA-2026-0101'],
  [300, 74, 'Date 05/03/2026'],
];

/** A VAT breakdown: its heading at `y`, then one row a rate, then its sum row. */
function breakdown(heading: Run[], rows: string[][], y = 400, xs = [50, 150, 250, 350]): Run[] {
  return [
    ...heading.map(([x, , t]): Run => [x, y, t]),
    ...rows.flatMap((row, r) => row.map((t, c): Run => [xs[c] as number, y + 14 * (r + 1), t])),
  ];
}

describe('print generators (held out (8)) fixes', () => {
  test("the invoice's tax printed whole only in the breakdown's sum row, each rate's beside the totals", () => {
    const totals = totalsBlock([
      ['Total HT', '556,26 EUR'],
      ['TVA 5,5 %', '24,21 EUR'],
      ['TVA 20 %', '23,20 EUR'],
      ['Total TTC', '603,67 EUR'],
    ]);
    const table = (taxHeading: string) =>
      breakdown(
        [
          [50, 0, 'Taux'],
          [150, 0, 'Base HT'],
          [250, 0, taxHeading],
          [350, 0, 'TTC'],
        ],
        [
          ['5,5 %', '440,26', '24,21', '464,47'],
          ['20 %', '116,00', '23,20', '139,20'],
          ['Total', '556,26', '47,41', '603,67'],
        ],
      );
    const f = read([...HEAD, ...totals, ...table('Montant TVA')]);
    assert.equal(f.total_tax?.value, '47.41');
    assert.equal(f.total_tax?.confidence, 'high');
    assert.equal(f.total?.value, '603.67');
    assert.equal(f.total?.confidence, 'high');
    assert.equal(f.total_net?.confidence, 'high');
    // the same sums under a heading that does not name the tax: not the tax's column
    const unnamed = read([...HEAD, ...totals, ...table('Montant')]);
    assert.notEqual(unnamed.total_tax?.confidence, 'high');
  });

  test('headings set flush left over figures set flush right, thousands grouped by a space', () => {
    const f = read([
      ...HEAD,
      ...totalsBlock([
        ['Total HT', '14 620,00 €'],
        ['TVA 5,5 %', '374,94 €'],
        ['TVA 10 %', '702,50 €'],
        ['TVA 20 %', '155,60 €'],
        ['Total TTC', '15 853,04 €'],
      ]),
      ...breakdown(
        [
          [50, 0, 'Taux'],
          [110, 0, 'Base HT'],
          [200, 0, 'TVA'],
          [280, 0, 'TTC'],
        ],
        [
          ['5,5 %', '6 817,00', '374,94', '7 191,94'],
          ['10 %', '7 025,00', '702,50', '7 727,50'],
          ['20 %', '778,00', '155,60', '933,60'],
          ['Total', '14 620,00', '1 233,04', '15 853,04'],
        ],
        400,
        [50, 120, 220, 300],
      ),
    ]);
    assert.equal(f.total_tax?.value, '1233.04');
    assert.equal(f.total_tax?.confidence, 'high');
    assert.equal(f.tax_breakdown?.value.length, 3);
  });

  test('a form: values flush right in boxes under small captions', () => {
    const f = read([
      [50, 40, 'Ortofrutta Esempio S.p.A.'],
      [300, 60, 'Fattura n. 2026/0412'],
      [300, 74, 'Data 03/03/2026'],
      [46, 528, 'Imponibile'],
      [148, 528, 'IVA 4%'],
      [250, 528, 'IVA 22%'],
      [352, 528, 'Totale fattura'],
      [85, 542, '€ 1.043,00'],
      [200, 542, '€ 36,80'],
      [302, 542, '€ 47,52'],
      [395, 542, '€ 1.127,32'],
      ...breakdown(
        [
          [50, 0, 'Aliquota'],
          [150, 0, 'Imponibile'],
          [250, 0, 'Imposta'],
          [350, 0, 'Totale'],
        ],
        [
          ['4%', '920,00', '36,80', '956,80'],
          ['22 %', '216,00', '47,52', '263,52'],
          ['Totale', '1.136,00', '84,32', '1.220,32'],
        ],
        600,
      ),
    ]);
    // the boxes' net; the sum row above does not add up with it (another invoice's table), so the
    // tax is not taken from it and nothing agrees: every amount read, none `high`
    assert.equal(f.total_net?.value, '1043.00');
    assert.equal(f.total?.value, '1127.32');
    const agreeing = read([
      [50, 40, 'Ortofrutta Esempio S.p.A.'],
      [300, 60, 'Fattura n. 2026/0412'],
      [300, 74, 'Data 03/03/2026'],
      [46, 528, 'Imponibile'],
      [148, 528, 'IVA'],
      [250, 528, 'Totale fattura'],
      [85, 542, '€ 1.043,00'],
      [200, 542, '€ 84,32'],
      [302, 542, '€ 1.127,32'],
    ]);
    assert.equal(agreeing.total_net?.value, '1043.00');
    assert.equal(agreeing.total_tax?.value, '84.32');
    assert.equal(agreeing.total?.value, '1127.32');
    assert.equal(agreeing.total?.confidence, 'high');
  });

  test("an item table's headings are no form: a label read across a column's gap takes no value below", () => {
    const f = read([
      ...HEAD,
      [50, 200, 'Description'],
      [300, 200, 'Qty'],
      [350, 200, 'VAT'],
      [420, 200, 'Amount €'],
      [50, 214, 'Accommodation'],
      [300, 214, '6'],
      // the rate set a little left of its heading, the amount flush under its own
      [340, 214, '13.5%'],
      [420, 214, '1,134.00'],
    ]);
    assert.equal(f.total_tax, null);
  });

  test("an e-invoice visualisation's totals in the standard's words", () => {
    const en = read([
      [50, 40, 'Liffey Example Limited'],
      [50, 80, 'Invoice number LA-INV-00931'],
      [50, 94, 'Issue date 2026-03-04'],
      ...totalsBlock([
        ['Invoice total without VAT', 'EUR 12,920.00'],
        ['Invoice total VAT amount', 'EUR 0.00'],
        ['Invoice total with VAT', 'EUR 12,920.00'],
        ['Amount due for payment', 'EUR 12,920.00'],
      ]),
    ]);
    assert.equal(en.total?.value, '12920.00');
    assert.equal(en.total?.confidence, 'high');
    assert.equal(en.total_net?.value, '12920.00');
    assert.equal(en.amount_due?.value, '12920.00');
    const de = read([
      [50, 40, 'Elektro Beispiel GmbH'],
      [50, 80, 'Rechnungsnummer KE-2026-00318'],
      [50, 94, 'Rechnungsdatum 03.03.2026'],
      ...totalsBlock([
        ['Gesamtbetrag ohne Umsatzsteuer', '16.829,41 €'],
        ['Umsatzsteuer 19 %', '3.197,59 €'],
        ['Gesamtbetrag einschließlich Umsatzsteuer', '20.027,00 €'],
        ['Bereits gezahlt', '-11.900,00 €'],
        ['Fälliger Betrag', '8.127,00 €'],
      ]),
    ]);
    assert.equal(de.total?.value, '20027.00');
    assert.equal(de.total?.confidence, 'high');
    assert.equal(de.amount_due?.value, '8127.00');
    assert.equal(de.amount_due?.confidence, 'high');
  });

  test('more totals in their own words: Factuurtotaal, Totaal te crediteren, I.V.A., MwSt … von', () => {
    const nl = read([
      [50, 40, 'Kwekerij Voorbeeld B.V.'],
      [50, 80, 'Factuurnr. VR26-00871'],
      [50, 94, 'Factuurdatum 04-03-2026'],
      ...totalsBlock([
        ['Totaal excl. btw', '€ 6.670,00'],
        ['Btw 0%', '€ 0,00'],
        ['Factuurtotaal', '€ 6.670,00'],
      ]),
    ]);
    assert.equal(nl.total?.value, '6670.00');
    const credit = read([
      [50, 40, 'Koffiebranderij Voorbeeld B.V.'],
      [50, 80, 'Creditnota nr. CN26-0057'],
      [50, 94, 'Datum 05-03-2026'],
      ...totalsBlock([
        ['Subtotaal excl. btw', '€ -2.202,50'],
        ['Btw 21%', '€ -462,53'],
        ['Totaal te crediteren', '€ -2.665,03'],
      ]),
    ]);
    assert.equal(credit.total?.value, '-2665.03');
    const es = read([
      [50, 40, 'Suministros Ejemplo, S.A.'],
      [50, 80, 'Factura nº A-2026-0007'],
      [50, 94, 'Fecha 03/03/2026'],
      ...totalsBlock([
        ['BASE IMPONIBLE', '942,50 EUR'],
        ['I.V.A. 21,00 %', '197,93 EUR'],
        ['TOTAL FACTURA', '1.140,43 EUR'],
      ]),
    ]);
    assert.equal(es.total_tax?.value, '197.93');
    assert.equal(es.total?.confidence, 'high');
    const de = read([
      [50, 40, 'Getränke Beispiel GmbH'],
      [50, 80, 'Rechnung Nr. 2603-00412'],
      [50, 94, 'Rechnungsdatum 03.03.2026'],
      [300, 300, 'Summe netto'],
      [470, 300, '1.756,40 EUR'],
      [250, 314, '+ MwSt 7,00 % von 1.756,40 EUR'],
      [470, 314, '122,95 EUR'],
      [300, 328, 'RECHNUNGSBETRAG'],
      [470, 328, '1.879,35 EUR'],
    ]);
    assert.equal(de.total_tax?.value, '122.95');
    assert.equal(de.total?.confidence, 'high');
  });

  test('the date after a number only right after the number read, not after a sentence a title began', () => {
    const f = read([
      [50, 40, 'Fromagerie Exemple SAS'],
      [300, 97, 'Avoir n°'],
      [370, 97, 'Date'],
      [300, 107, 'AV-2026-014'],
      [370, 107, '05/03/26'],
      [50, 400, 'Avoir établi suite à votre réclamation du 02/03/26 (réf. interne REC-0311).'],
    ]);
    assert.equal(f.number?.value, 'AV-2026-014');
    assert.equal(f.issue_date?.value, '2026-03-05');
  });

  test("a BIC, a registration and a VAT id end at their sentence's or list's stop", () => {
    const f = read([
      ...HEAD,
      [
        50,
        600,
        'Bitte überweisen Sie auf IBAN AT66 3520 0000 0109 4418, BIC RVSAAT2S. Bei Zahlung bis 12.03.2026',
      ],
      [50, 700, 'Firmenbuch FN 482317k, LG Salzburg'],
      [50, 714, 'HRB 40117 / USt-IdNr. DE125938647 / St.-Nr. 305/5712/0483'],
    ]);
    assert.equal(f.bic?.value, 'RVSAAT2S');
    assert.equal(f.seller_registration_id?.value, 'FN482317K');
    assert.equal(f.seller_vat_id?.value, 'DE125938647');
    assert.equal(f.seller_vat_id?.confidence, 'high');
  });

  test("the buyer's fiscal code in its address block is not the seller's registration", () => {
    const f = read([
      [51, 101, 'Cedente / prestatore'],
      [300, 101, 'Cessionario / committente'],
      [51, 118, 'Tecnoimpianti Esempio S.r.l.'],
      [300, 118, 'Comune di Montesilvano'],
      [51, 130, 'Via Tiburtina 318'],
      [300, 130, 'Settore Lavori Pubblici'],
      [51, 142, '65129 Pescara (PE)'],
      [300, 142, 'Piazza Diaz 1'],
      [51, 154, 'Tel. 085 430 1877'],
      [300, 154, '65015 Montesilvano (PE)'],
      [300, 166, 'Codice fiscale 81000490680'],
      [51, 190, 'REA PE-147293'],
      [51, 230, 'Numero documento 118/PA'],
      [51, 244, 'Data documento 03-03-2026'],
    ]);
    assert.equal(f.seller_registration_id?.value, 'PE147293');
    assert.equal(f.seller_registration_id?.confidence, 'high');
  });

  test("a page's subtotal brought forward is no balance: the total is still the amount due", () => {
    const runs = (carry: string): Run[] => [
      [50, 40, 'Catering Example Limited'],
      [300, 60, 'Invoice number INV 2026/01847'],
      [300, 74, 'Date 03/03/2026'],
      [50, 200, carry],
      [470, 200, '34,543.20'],
      ...totalsBlock([
        ['Total excl. VAT', '€37,678.20'],
        ['VAT @ 23%', '€8,390.97'],
        ['Invoice total EUR', '€46,069.17'],
      ]),
    ];
    assert.equal(read(runs('Brought forward')).amount_due?.value, '46069.17');
    assert.equal(read(runs('Balance brought forward')).amount_due, null);
  });

  test('"Your order" and Flanders\' "Uw bestelbon" name the buyer\'s order', () => {
    assert.equal(read([...HEAD, [300, 88, 'Your order QSK-PO-0392']]).purchase_order?.value, 'QSK-PO-0392');
    const f = read([...HEAD, [318, 156, 'Uw bestelbon'], [437, 156, 'Offerte'], [319, 167, 'UDL-26-033']]);
    assert.equal(f.purchase_order?.value, 'UDL-26-033');
  });
});
