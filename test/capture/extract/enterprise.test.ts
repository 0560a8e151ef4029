// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the fourteenth set (test/fixtures/capture/enterprise-blind, held out (14): iText, PDFBox and
// XeLaTeX) showed at its first measurement: three `high` values read wrong (a credit note's date
// taken from the sentence naming the credited invoice, a Spanish register's volume taken for its
// number, a BIC in the box below a Belgian register's label), a Belgian court's division before
// its number, a tax "over" its base, and a form's reference in words a column right of its label.
// Each test fails without its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldsOf as read } from './hand-made.ts';

describe('iText, PDFBox and XeLaTeX (held out (14)) fixes', () => {
  test('a credit note\'s own date, not the credited invoice\'s "dated" in a sentence', () => {
    const f = read([
      [50, 40, 'Tamar Valley Logistics Ltd'],
      [350, 100, 'CREDIT NOTE'],
      [350, 120, 'Credit Note No.'],
      [470, 120, 'TVL-CN-00217'],
      [350, 134, 'Invoice Date'],
      [470, 134, '6 March 2026'],
      [50, 500, 'This credit note relates to invoice TVL-25-08841 dated 14 February 2026. The amount'],
      [50, 512, 'will be offset against your next invoice.'],
    ]);
    assert.equal(f.number?.value, 'TVL-CN-00217');
    assert.equal(f.issue_date?.value, '2026-03-06');
  });

  test("a Spanish register's volume on the next line is not its number; the sheet's label reads it", () => {
    const f = read([
      [50, 40, 'Suministros Industriales Levante, S.L.'],
      [50, 700, 'Calle de la Industria 48'],
      [220, 700, 'Inscrita en el Registro Mercantil de Valencia, Tomo'],
      [480, 700, 'IBAN ES78 2100 4410 5702 0013 7722'],
      [50, 710, '46520 Sagunto (Valencia)'],
      [220, 710, '9876, Folio 45, Hoja V-158374'],
      [480, 710, 'BIC SILVESVVXXX'],
    ]);
    assert.equal(f.seller_registration_id?.value, 'V158374');
  });

  test('"RPR Antwerpen, afdeling Hasselt 0738291546": the division is the court\'s; a BIC below is no registration', () => {
    const f = read([
      [50, 40, 'Installatiebedrijf Peeters BV'],
      [50, 780, 'Kempische Steenweg 311'],
      [218, 780, 'RPR Antwerpen, afdeling Hasselt 0738291546 IBAN BE62 7350 4188 2261'],
      [50, 789, '3500 Hasselt'],
      [386, 789, 'BIC KEMPBE22'],
    ]);
    assert.equal(f.seller_registration_id?.value, '0738291546');
    // with no number after the court, the bank's line below is still not the register's
    const none = read([
      [50, 40, 'Installatiebedrijf Peeters BV'],
      [50, 780, 'Kempische Steenweg 311'],
      [218, 780, 'RPR Antwerpen IBAN BE62 7350 4188 2261'],
      [50, 789, '3500 Hasselt'],
      [218, 789, 'BIC KEMPBE22'],
    ]);
    assert.equal(none.seller_registration_id, null);
  });

  test('"Btw 21% over 3.373,00 € 708,33": the tax after its base', () => {
    const f = read([
      [50, 40, 'Adviesbureau Lindenhof B.V.'],
      [50, 80, 'Factuurnummer 2026-0148'],
      [50, 94, 'Factuurdatum 05-03-2026'],
      [300, 300, 'Subtotaal excl. btw'],
      [470, 300, '€ 3.373,00'],
      [300, 314, 'Btw 21% over 3.373,00'],
      [470, 314, '€ 708,33'],
      [300, 328, 'Totaal incl. btw'],
      [470, 328, '€ 4.081,33'],
    ]);
    assert.equal(f.total_tax?.value, '708.33');
    assert.equal(f.total?.value, '4081.33');
    assert.equal(f.total?.confidence, 'high');
  });

  test("a reference in words a column right of its label, the line's last words: read as printed, low", () => {
    const f = read([
      [50, 40, 'Hanse Großhandel GmbH'],
      [50, 80, 'Rechnungsnummer RE-2026-0412'],
      [330, 120, 'Ihr Zeichen'],
      [480, 120, 'Frau Lindqvist/EK'],
    ]);
    assert.equal(f.buyer_reference?.value, 'Frau Lindqvist/EK');
    assert.equal(f.buyer_reference?.confidence, 'low');
    // a column apart with another column after it: not the label's
    const columns = read([
      [50, 40, 'Hanse Großhandel GmbH'],
      [50, 80, 'Rechnungsnummer RE-2026-0412'],
      [50, 120, 'Ihr Zeichen'],
      [250, 120, 'Frau Lindqvist/EK'],
      [450, 120, 'Lieferung frei Haus'],
    ]);
    assert.equal(columns.buyer_reference, null);
  });
});
