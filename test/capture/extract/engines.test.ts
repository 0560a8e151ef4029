// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the thirteenth set (test/fixtures/capture/engine-blind, held out (13): headless Chromium,
// LuaLaTeX and a line printer's enscript) showed at its first measurement, and the same misses in
// the older sets: a register's number named only by its own letters ("FN 391204 a, Landesgericht
// für ZRS Graz", "HRA 201884" alone), a line printer's credit note signing its amounts after the
// currency ("626,34 EUR-"), "Remittance ref:", a payment reference written in words after its
// label's colon, and the payment sentences "Indique en la transferencia:" and "Merci de rappeler
// le n° de facture". Each test fails without its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldsOf as read } from './hand-made.ts';

const SELLER: [number, number, string][] = [
  [50, 40, 'Tischlerei Steinberger GmbH'],
  [50, 80, 'Rechnung Nr. 2026-0412'],
  [50, 94, 'Rechnungsdatum 12.05.2026'],
];

describe('browser, LaTeX and line printer (held out (13)) fixes', () => {
  test("an Austrian Firmenbuch number before its court, no label: the seller's registration, high", () => {
    const f = read([
      ...SELLER,
      [50, 700, 'Tischlerei Steinberger GmbH'],
      [260, 700, 'FN 391204 a, Landesgericht für ZRS Graz'],
      [50, 712, 'Puchstraße 85, 8020 Graz'],
      [260, 712, 'UID: ATU63817427'],
    ]);
    assert.equal(f.seller_registration_id?.value, 'FN391204A');
    assert.equal(f.seller_registration_id?.confidence, 'high');
    // the check letter glued to the number
    const glued = read([
      ...SELLER,
      [50, 700, 'UID-Nr. ATU64823178 | FN 438217k, Landesgericht für ZRS Graz'],
    ]);
    assert.equal(glued.seller_registration_id?.value, 'FN438217K');
  });

  test('"HRA 201884" alone on a letterhead\'s line: the seller\'s registration', () => {
    // (the set's seller, a sole trader's "e.K.": registered in division A, as a GmbH is not)
    const f = read([
      [50, 40, 'Buchhandlung Seitenwind e.K.'],
      ...SELLER.slice(1),
      [50, 700, '37073 Göttingen'],
      [50, 712, 'USt.-ID DE812345608'],
      [50, 724, 'HRA 201884'],
      [50, 736, 'Telefon 0551 4979 120'],
    ]);
    assert.equal(f.seller_registration_id?.value, 'HRA201884');
    assert.equal(f.seller_registration_id?.confidence, 'high');
  });

  test("a register's letters without a register's number are not one", () => {
    // FN without its check letter, HRB with no digits after it
    const f = read([...SELLER, [50, 700, 'Siehe FN 2026 im Anhang.'], [50, 712, 'HRB Abteilung']]);
    assert.equal(f.seller_registration_id, null);
  });

  test("a label's register wins over one named only by its letters", () => {
    const f = read([
      ...SELLER,
      [50, 690, 'HRB 99999'],
      [50, 700, 'Handelsregister: Amtsgericht Graz HRB 31874'],
    ]);
    assert.equal(f.seller_registration_id?.value, 'HRB31874');
  });

  test('"626,34 EUR-": the currency of a line printer\'s credit note, its sign after the code', () => {
    // a monospaced line: the code a character's width after the amount, too far to be the
    // amount's own word
    const row = (y: number, label: string, amount: string): [number, number, string][] => [
      [300, y, label],
      [470, y, amount],
      [470 + amount.length * 5.5 + 8, y, 'EUR-'],
    ];
    const f = read([
      ...SELLER,
      ...row(300, 'Base imponible', '535,20'),
      ...row(314, 'Total IVA', '91,14'),
      ...row(328, 'Total factura', '626,34'),
    ]);
    assert.equal(f.currency?.value, 'EUR');
  });

  test('"Remittance ref:" names the payment reference', () => {
    const f = read([...SELLER, [50, 600, 'Remittance ref: SFF00731']]);
    assert.equal(f.payment_reference?.value, 'SFF00731');
    assert.equal(f.payment_reference?.confidence, 'high');
  });

  test("a payment reference in words after its label's colon: as printed, low", () => {
    const it = read([...SELLER, [50, 600, 'Causale: Saldo fattura 0093/2026']]);
    assert.equal(it.payment_reference?.value, 'Saldo fattura 0093/2026');
    assert.equal(it.payment_reference?.confidence, 'low');
    const de = read([...SELLER, [50, 600, 'Zahlungsreferenz'], [200, 600, ': Rechnung 181301674']]);
    assert.equal(de.payment_reference?.value, 'Rechnung 181301674');
    // words with no number are not a reference to quote
    const none = read([...SELLER, [50, 600, 'Causale: come da accordi']]);
    assert.equal(none.payment_reference, null);
  });

  test('"Indique en la transferencia:" and "Merci de rappeler le n° de facture" name the reference', () => {
    const es = read([...SELLER, [50, 600, 'Indique en la transferencia: FRA 2026-0077']]);
    assert.equal(es.payment_reference?.value, 'FRA 2026-0077');
    const fr = read([
      ...SELLER,
      [50, 600, 'Règlement par virement. Merci de rappeler le n° de facture F26-0093.'],
      [50, 612, 'TVA au taux réduit de 10 % (art. 279-0 bis du CGI)'],
    ]);
    assert.equal(fr.payment_reference?.value, 'F26-0093');
  });
});
