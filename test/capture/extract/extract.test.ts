// test-database: none (it uses no database; scripts/run-tests.mjs)
// Extraction on hand-made pages (src/modules/capture/extract): values beside their labels in
// several languages, the distractors a naive reader takes, values that are not printed, the
// checks that decide `high`, and learning a supplier's odd layout.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CaptureFields, Extraction } from '../../../src/lib/capture-shapes.ts';
import {
  extractFields,
  learnedLanguage,
  learnLayout,
  supplierKeysOf,
} from '../../../src/modules/capture/extract/index.ts';
import { file, RECEIVER, type Run } from './hand-made.ts';

function is(ex: Extraction, field: keyof CaptureFields, value: unknown, confidence: 'high' | 'low'): void {
  const got = ex.fields[field];
  assert.ok(got, `${field} was not read`);
  assert.deepEqual(got.value, value, `${field}`);
  assert.equal(got.confidence, confidence, `${field} ${JSON.stringify(got.value)} is ${got.confidence}`);
}

/** A German invoice with every distractor beside the field it could be taken for. */
const GERMAN: Run[] = [
  [50, 40, 'Muster Lieferant GmbH'],
  [50, 52, 'Industriestraße 5, 80333 München'],
  [50, 100, 'Rechnungsempfänger:'],
  [50, 112, 'Kunden AG'],
  [50, 124, 'Hauptstraße 1'],
  [50, 136, '10115 Berlin'],
  [330, 100, 'Kundennummer: 987654'],
  [330, 112, 'Rechnungsnummer: R-2026-0042'],
  [330, 124, 'Rechnungsdatum: 15.03.2026'],
  [330, 136, 'Lieferdatum: 10.03.2026'],
  [330, 148, 'Bestellnummer: PO-7781'],
  [330, 160, 'Telefon: +49 30 1234567'],
  [50, 300, 'Pos Beschreibung'],
  [250, 300, 'Menge'],
  [300, 300, 'Preis'],
  [400, 300, 'USt.'],
  [480, 300, 'Betrag'],
  [50, 320, '1 Beratung'],
  [250, 320, '10'],
  [300, 320, '100,00'],
  [400, 320, '19 %'],
  [480, 320, '1.000,00'],
  [50, 332, '2 Software'],
  [250, 332, '2'],
  [300, 332, '250,00'],
  [400, 332, '19 %'],
  [480, 332, '500,00'],
  [330, 380, 'Vorheriger Saldo'],
  [480, 380, '3.210,00'],
  [330, 400, 'Nettobetrag'],
  [480, 400, '1.500,00'],
  [330, 412, 'USt. 19 %'],
  [480, 412, '285,00'],
  [330, 424, 'Gesamtbetrag EUR'],
  [480, 424, '1.785,00'],
  [50, 480, 'Zahlbar bis 14.04.2026 ohne Abzug.'],
  [50, 500, 'Kontonummer: 0532013000 BLZ 37040044'],
  [50, 512, 'IBAN: DE89 3704 0044 0532 0130 00 BIC: COBADEFFXXX'],
  [50, 524, 'USt-IdNr.: DE123456789'],
];

describe('extraction', () => {
  test('a German invoice: every field beside its label, none of the distractors', () => {
    const ex = extractFields(file(GERMAN), RECEIVER, null);
    is(ex, 'number', 'R-2026-0042', 'high');
    is(ex, 'issue_date', '2026-03-15', 'high');
    is(ex, 'due_date', '2026-04-14', 'high');
    is(ex, 'currency', 'EUR', 'high');
    is(ex, 'total_net', '1500.00', 'high');
    is(ex, 'total_tax', '285.00', 'high');
    is(ex, 'total', '1785.00', 'high');
    is(ex, 'iban', 'DE89370400440532013000', 'high');
    is(ex, 'bic', 'COBADEFFXXX', 'high');
    is(ex, 'seller_vat_id', 'DE123456789', 'high');
    is(ex, 'purchase_order', 'PO-7781', 'high');
    is(ex, 'buyer_name', 'Kunden AG', 'high');
    is(ex, 'seller_name', 'Muster Lieferant GmbH', 'low');
    assert.deepEqual(ex.lines, [
      { description: 'Beratung', quantity: '10', unit_price: '100.00', net: '1000.00', tax_rate: '19' },
      { description: 'Software', quantity: '2', unit_price: '250.00', net: '500.00', tax_rate: '19' },
    ]);
    const box = ex.fields.number?.bbox ?? [0, 0, 0, 0];
    assert.ok(box[0] > 330 && box[1] === 112, `the number's box is where it is printed: ${box}`);
  });

  test('the distractors alone are never taken', () => {
    // the same page without the real values: only the customer number, delivery date, previous
    // balance, phone and national account number remain
    const keep = GERMAN.filter(
      ([, , t]) =>
        !/^(Rechnungsnummer|Rechnungsdatum|Zahlbar|IBAN|Nettobetrag|USt\. 19|Gesamtbetrag)/.test(t),
    ).filter(([x, y]) => !(x === 480 && y >= 400));
    const ex = extractFields(file(keep), RECEIVER, null);
    assert.equal(ex.fields.number, null, 'the customer number is not the invoice number');
    assert.equal(ex.fields.issue_date, null, 'the delivery date is not the issue date');
    assert.equal(ex.fields.due_date, null);
    assert.equal(ex.fields.total, null, 'the previous balance is not the total');
    assert.equal(ex.fields.iban, null, 'a national account number is not an IBAN');
    assert.deepEqual(ex.lines, [], 'no totals to reconcile the table with');
  });

  test('a multi-page invoice: the totals on the last page, not the page subtotal', () => {
    const p1: Run[] = [
      [50, 40, 'Invoice No.: INV-1001'],
      [300, 40, 'Customer No.: 55012'],
      [50, 52, 'Invoice Date: March 3, 2026'],
      [300, 52, 'Phone: +44 20 7946 0958'],
      [50, 64, 'Bill to:'],
      [50, 76, 'Kunden AG'],
      [300, 700, 'Page subtotal'],
      [480, 700, '700.00'],
      [300, 712, 'Carried forward'],
      [480, 712, '700.00'],
    ];
    const p2: Run[] = [
      [300, 400, 'Subtotal'],
      [480, 400, '1,200.00'],
      [300, 412, 'VAT 20%'],
      [480, 412, '240.00'],
      [300, 424, 'Total'],
      [480, 424, '£1,440.00'],
      [300, 436, 'Amount due'],
      [480, 436, '£1,440.00'],
      [50, 500, 'Payment due: April 2, 2026'],
    ];
    const ex = extractFields(file(p1, p2), RECEIVER, null);
    is(ex, 'number', 'INV-1001', 'high');
    is(ex, 'issue_date', '2026-03-03', 'high');
    is(ex, 'due_date', '2026-04-02', 'high');
    is(ex, 'total_net', '1200.00', 'high');
    is(ex, 'total_tax', '240.00', 'high');
    is(ex, 'total', '1440.00', 'high');
    is(ex, 'amount_due', '1440.00', 'high');
    is(ex, 'currency', 'GBP', 'high');
    assert.equal(ex.fields.total?.page, 2);
    is(ex, 'buyer_name', 'Kunden AG', 'high');
  });

  test('French and Dutch, Spanish and Italian labels and forms', () => {
    const fr = extractFields(
      file([
        [50, 40, 'Au bon moulin SARL'],
        [50, 100, 'Facture N° FA-2026-0010'],
        [50, 112, 'Date de facture : 13 novembre 2026'],
        [50, 124, "Date d'échéance : 13/12/2026"],
        [50, 136, 'TVA intracommunautaire : FR11999999998'],
        [300, 400, 'Total HT'],
        [480, 400, '1 000,00 €'],
        [300, 412, 'Total TVA'],
        [480, 412, '200,00 €'],
        [300, 424, 'Total TTC'],
        [480, 424, '1 200,00 €'],
      ]),
      { ...RECEIVER, country_code: 'FR' },
      null,
    );
    is(fr, 'number', 'FA-2026-0010', 'high');
    is(fr, 'issue_date', '2026-11-13', 'high');
    is(fr, 'due_date', '2026-12-13', 'high');
    is(fr, 'seller_vat_id', 'FR11999999998', 'high');
    is(fr, 'total', '1200.00', 'high');
    is(fr, 'total_net', '1000.00', 'high');
    is(fr, 'currency', 'EUR', 'high');

    const nl = extractFields(
      file([
        [50, 100, 'Factuurnummer: 2026-117'],
        [50, 112, 'Factuurdatum: 15 maart 2026'],
        [50, 124, 'BTW-nummer: NL820098395B01'],
        [300, 400, 'Totaal excl. BTW'],
        [480, 400, '€ 100,00'],
        [300, 412, 'BTW 21%'],
        [480, 412, '€ 21,00'],
        [300, 424, 'Totaal incl. BTW'],
        [480, 424, '€ 121,00'],
      ]),
      RECEIVER,
      null,
    );
    is(nl, 'number', '2026-117', 'high');
    is(nl, 'issue_date', '2026-03-15', 'high');
    is(nl, 'seller_vat_id', 'NL820098395B01', 'high');
    is(nl, 'total', '121.00', 'high');

    const es = extractFields(
      file([
        [50, 100, 'Número de factura: F-2026/33'],
        [50, 112, 'Fecha de factura: 2 de enero de 2026'],
        [50, 124, 'NIF: ESB12345678'],
        [300, 400, 'Base imponible'],
        [480, 400, '100,00'],
        [300, 412, 'IVA 21%'],
        [480, 412, '21,00'],
        [300, 424, 'Total factura'],
        [480, 424, '121,00 EUR'],
      ]),
      RECEIVER,
      null,
    );
    is(es, 'number', 'F-2026/33', 'high');
    is(es, 'issue_date', '2026-01-02', 'high');
    is(es, 'seller_vat_id', 'ESB12345678', 'high');
    is(es, 'total', '121.00', 'high');
    is(es, 'currency', 'EUR', 'high');

    const it = extractFields(
      file([
        [50, 100, 'Fattura n. 45/2026'],
        [50, 112, 'Data fattura: 31 dicembre 2026'],
        [50, 124, 'P.IVA IT12345678901'],
        [300, 400, 'Imponibile'],
        [480, 400, '1.000,00'],
        [300, 412, 'IVA 22%'],
        [480, 412, '220,00'],
        [300, 424, 'Totale documento'],
        [480, 424, '1.220,00'],
      ]),
      RECEIVER,
      null,
    );
    is(it, 'number', '45/2026', 'high');
    is(it, 'issue_date', '2026-12-31', 'high');
    is(it, 'seller_vat_id', 'IT12345678901', 'high');
    is(it, 'total', '1220.00', 'high');
  });

  test('totals that do not add up are all low; a total that is not printed is null, never computed', () => {
    const wrong = extractFields(
      file([
        [50, 100, 'Rechnung Nr. 4711'],
        [300, 400, 'Nettobetrag'],
        [480, 400, '100,00'],
        [300, 412, 'MwSt. 19 %'],
        [480, 412, '19,00'],
        [300, 424, 'Gesamtbetrag'],
        [480, 424, '120,00'],
      ]),
      RECEIVER,
      null,
    );
    is(wrong, 'total', '120.00', 'low');
    is(wrong, 'total_net', '100.00', 'low');
    is(wrong, 'total_tax', '19.00', 'low');
    const noTotal = extractFields(
      file([
        [50, 100, 'Rechnung Nr. 4711'],
        [300, 400, 'Nettobetrag'],
        [480, 400, '100,00'],
        [300, 412, 'MwSt. 19 %'],
        [480, 412, '19,00'],
      ]),
      RECEIVER,
      null,
    );
    assert.equal(noTotal.fields.total, null);
    is(noTotal, 'total_net', '100.00', 'low');
  });

  test('failed checks make a labelled value low', () => {
    const ex = extractFields(
      file([
        [50, 100, 'Rechnungsnummer: 4711'],
        [50, 112, 'Rechnungsdatum: 15.03.2026'],
        [50, 124, 'Fällig am: 01.03.2026'],
        [50, 136, 'IBAN: DE89 3704 0044 0532 0130 01'],
        [50, 148, 'USt-IdNr.: DE12345678'],
        [50, 160, 'Währung: EUX'],
        [50, 200, 'Rechnungsempfänger:'],
        [50, 212, 'Andere GmbH'],
      ]),
      RECEIVER,
      null,
    );
    is(ex, 'issue_date', '2026-03-15', 'low');
    is(ex, 'due_date', '2026-03-01', 'low');
    is(ex, 'iban', 'DE89370400440532013001', 'low');
    assert.notEqual(ex.fields.seller_vat_id?.confidence, 'high');
    assert.notEqual(ex.fields.currency?.confidence, 'high');
    assert.equal(ex.fields.buyer_name?.confidence ?? 'low', 'low', 'the buyer is not the receiver');
  });

  test('values printed without a label are low; values not printed are null', () => {
    const ex = extractFields(
      file([
        [50, 40, 'Muster Lieferant GmbH'],
        [50, 100, 'Rechnung Nr. 4711'],
        [50, 300, 'DE89 3704 0044 0532 0130 00'],
        [50, 312, 'DE123456789'],
      ]),
      RECEIVER,
      null,
    );
    is(ex, 'iban', 'DE89370400440532013000', 'low');
    is(ex, 'seller_vat_id', 'DE123456789', 'low');
    for (const f of [
      'issue_date',
      'due_date',
      'total',
      'total_net',
      'total_tax',
      'amount_due',
      'bic',
      'buyer_vat_id',
    ] as const)
      assert.equal(ex.fields[f], null, `${f} is not printed`);
    assert.deepEqual(extractFields(file([]), RECEIVER, null).fields.number, null);
  });

  test("learning moves a supplier's odd layout from low to high", () => {
    // labels docex does not know: "Vorgang" for the number, "Stand" for the date, "Summa" for the total
    const odd = (n: string, d: string, net: string, tax: string, total: string): Run[] => [
      [50, 40, 'Sonderbar KG'],
      [400, 90, 'Vorgang'],
      [460, 90, n],
      [400, 102, 'Stand'],
      [460, 102, d],
      [50, 150, 'An: Kunden AG'],
      [300, 400, 'Warenwert'],
      [480, 400, net],
      [300, 412, 'MwSt.'],
      [480, 412, tax],
      [300, 424, 'Summa'],
      [480, 424, total],
      [50, 500, 'USt-IdNr.: DE987654321'],
    ];
    const first = file(odd('V-881', '02.02.2026', '200,00', '38,00', '238,00'));
    const next = file(odd('V-990', '09.03.2026', '300,00', '57,00', '357,00'));
    const before = extractFields(next, RECEIVER, null);
    assert.notEqual(before.fields.number?.value === 'V-990' && before.fields.number.confidence, 'high');
    assert.notEqual(before.fields.issue_date?.confidence, 'high');
    assert.notEqual(before.fields.total?.confidence, 'high');

    const read = extractFields(first, RECEIVER, null).fields;
    const v = (value: string) => ({
      value,
      confidence: 'high' as const,
      page: 0,
      bbox: [0, 0, 0, 0] as [number, number, number, number],
      text: '',
    });
    const confirmed: CaptureFields = {
      ...read,
      number: v('V-881'),
      issue_date: v('2026-02-02'),
      total: v('238.00'),
      total_net: v('200.00'),
      total_tax: v('38.00'),
      currency: v('EUR'),
      seller_name: v('Sonderbar KG'),
    };
    const layout = learnLayout(first, confirmed, null);
    const after = extractFields(next, RECEIVER, layout);
    is(after, 'number', 'V-990', 'high');
    is(after, 'issue_date', '2026-03-09', 'high');
    is(after, 'total', '357.00', 'high');
    is(after, 'seller_name', 'Sonderbar KG', 'high');
    // a learned place that now shows something failing its checks is still low
    const broken = file(odd('V-991', '31.02.2026', '300,00', '57,00', '999,00'));
    const b = extractFields(broken, RECEIVER, layout);
    assert.notEqual(b.fields.issue_date?.confidence, 'high');
    assert.notEqual(b.fields.total?.confidence, 'high');
    // learning again keeps what the first confirmation taught and counts the confirmations
    const again = learnLayout(next, confirmed, layout);
    assert.equal(again.confirmations, 2);
  });

  test("a layout keeps the supplier's language, which its next scans are read in (read-pass.ts)", () => {
    const german = file(GERMAN);
    const layout = learnLayout(german, extractFields(german, RECEIVER, null).fields, null);
    assert.equal(layout.language, 'de');
    assert.equal(learnedLanguage(layout), 'de');
    // a confirmation of a file without words keeps what was learned before
    assert.equal(
      learnedLanguage(learnLayout(file([]), extractFields(german, RECEIVER, null).fields, layout)),
      'de',
    );
    // words that name no language teach none (not extraction's default for them)
    const mute = learnLayout(file([[50, 40, 'ACME 42']]), extractFields(german, RECEIVER, null).fields, null);
    assert.equal(mute.language, undefined);
    assert.equal(learnedLanguage(null), null);
    assert.equal(learnedLanguage({ ...layout, language: 'xx' }), null, 'a language docex does not read');
    assert.equal(learnedLanguage({ ...layout, version: 0 }), null, 'a layout of another version');
  });

  test('supplier keys: the VAT id and IBAN that pass their checks', () => {
    const ex = extractFields(file(GERMAN), RECEIVER, null);
    assert.deepEqual(supplierKeysOf(ex.fields), ['vat:DE123456789', 'iban:DE89370400440532013000']);
    const bad = {
      ...ex.fields,
      iban: { ...(ex.fields.iban as NonNullable<CaptureFields['iban']>), value: 'DE00123' },
    };
    assert.deepEqual(supplierKeysOf(bad), ['vat:DE123456789']);
  });
});
