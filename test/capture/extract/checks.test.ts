// test-database: none (it uses no database; scripts/run-tests.mjs)
// The checks a captured value passes to be `high` (src/modules/capture/extract/checks.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  belgianEnterpriseValid,
  bicValid,
  dateValid,
  dueNotBeforeIssue,
  germanRegisterFits,
  ibanValid,
  isoCurrency,
  qrReference,
  rfValid,
  vatIdValid,
} from '../../../src/modules/capture/extract/checks.ts';

describe('capture checks', () => {
  test("Belgium's enterprise number: ten digits, the last two 97 minus the first eight mod 97", () => {
    assert.equal(belgianEnterpriseValid('0412738562'), true);
    assert.equal(belgianEnterpriseValid('0648132719'), true);
    assert.equal(belgianEnterpriseValid('041273856'), false, 'a digit lost');
    assert.equal(belgianEnterpriseValid('0412738563'), false, 'a digit misread');
    assert.equal(belgianEnterpriseValid('2412738562'), false, 'first digit 0 or 1');
  });

  test("a German register's division fits the seller's legal form: partnerships in HRA, corporations in HRB", () => {
    assert.equal(germanRegisterFits('HRA 9142', 'Hollmann Getränkegroßhandel GmbH & Co. KG'), true);
    assert.equal(germanRegisterFits('HRB 40117', 'Hollmann Getränkegroßhandel GmbH & Co. KG'), false);
    assert.equal(germanRegisterFits('HRB 40117', 'Hollmann Verwaltungs-GmbH'), true);
    assert.equal(germanRegisterFits('HRA 40117', 'Elektro Brandt GmbH'), false);
    assert.equal(germanRegisterFits('HRB 1', 'Muster AG'), true);
    assert.equal(germanRegisterFits('HRB 1', 'Muster UG (haftungsbeschränkt)'), true);
    assert.equal(germanRegisterFits('HRA 7', 'Bäckerei Korn e.K.'), true);
    assert.equal(
      germanRegisterFits('HRB 7', 'Bäckerei Korn e. K.'),
      true,
      'no form read whole: nothing to check',
    );
    assert.equal(germanRegisterFits('HRB 7', 'Korn OHG'), false);
    // a letterhead's wrap: "… GmbH & Co." / "KG"
    assert.equal(germanRegisterFits('HRA 10274', 'Spedition Vogelsang GmbH & Co.'), true);
    assert.equal(germanRegisterFits('HRB 10274', 'Müller & Co. GmbH'), true);
    // nothing to check: no division, or no form
    assert.equal(germanRegisterFits('FN 123456a', 'Muster GmbH'), true);
    assert.equal(germanRegisterFits('HRB 12', 'Muster und Söhne'), true);
  });

  test('IBAN: country length and mod-97 check digits, spaces allowed', () => {
    assert.equal(ibanValid('DE89 3704 0044 0532 0130 00'), true);
    assert.equal(ibanValid('FR76 3000 6000 0112 3456 7890 189'), true);
    assert.equal(ibanValid('NL91ABNA0417164300'), true);
    assert.equal(ibanValid('GB29NWBK60161331926819'), true);
    assert.equal(ibanValid('DE89 3704 0044 0532 0130 01'), false, 'one digit off');
    assert.equal(ibanValid('DE89370400440532013'), false, 'too short for DE');
    assert.equal(ibanValid('0532013000'), false, 'a national account number is not an IBAN');
    assert.equal(ibanValid('XX89370400440532013000'), false, 'unknown country');
  });

  test('RF creditor reference (ISO 11649)', () => {
    assert.equal(rfValid('RF18 5390 0754 7034'), true);
    assert.equal(rfValid('RF18539007547034'), true);
    assert.equal(rfValid('RF19 5390 0754 7034'), false);
    assert.equal(rfValid('5390 0754 7034'), false);
  });

  test('VAT id format per country, the country given or taken from the prefix', () => {
    for (const [c, id] of [
      ['DE', 'DE123456789'],
      ['FR', 'FR11999999998'],
      ['NL', 'NL8200.98.395.B.01'],
      ['ES', 'ESB12345678'],
      ['IT', 'IT12345678901'],
      ['AT', 'ATU12345678'],
      ['BE', 'BE0123456789'],
      ['GR', 'EL123456789'],
      ['GB', 'GB123456789'],
      ['CH', 'CHE-123.456.789 MWST'],
      ['NO', 'NO123456789MVA'],
    ] as const) {
      assert.equal(vatIdValid(c, id), true, `${c} ${id}`);
      assert.equal(vatIdValid(null, id), true, `${id} by its prefix`);
    }
    assert.equal(vatIdValid('DE', 'DE12345678'), false, 'eight digits');
    assert.equal(vatIdValid('FR', 'DE123456789'), false, 'another country');
    assert.equal(vatIdValid('NL', 'NL820098395801'), false, 'no B');
    assert.equal(vatIdValid(null, 'XY123456789'), false);
    assert.equal(vatIdValid(null, '+49 89 123456'), false, 'a phone number');
  });

  test('currency, BIC and dates', () => {
    assert.equal(isoCurrency('EUR'), true);
    assert.equal(isoCurrency('CHF'), true);
    assert.equal(isoCurrency('EUX'), false);
    assert.equal(isoCurrency('eur'), false, 'codes are upper case');
    assert.equal(bicValid('COBADEFFXXX'), true);
    assert.equal(bicValid('COBADEFF'), true);
    assert.equal(bicValid('COBA DE FF'), true);
    assert.equal(bicValid('COBAXXFF'), false, 'no such country');
    assert.equal(dateValid('2026-02-28'), true);
    assert.equal(dateValid('2026-02-29'), false);
    assert.equal(dateValid('2024-02-29'), true);
    assert.equal(dateValid('2026-13-01'), false);
    assert.equal(dateValid('1900-01-01'), false, 'not a year an invoice carries');
    assert.equal(dueNotBeforeIssue('2026-03-01', '2026-03-31'), true);
    assert.equal(dueNotBeforeIssue('2026-03-01', '2026-03-01'), true);
    assert.equal(dueNotBeforeIssue('2026-03-01', '2026-02-28'), false);
  });
  test('a Swiss QR reference: 27 digits, the last their recursive mod-10 check', () => {
    // the example of SIX's QR-bill implementation guidelines
    assert.equal(qrReference('21 00000 00003 13947 14300 09017'), '210000000003139471430009017');
    assert.equal(qrReference('210000000003139471430009017'), '210000000003139471430009017');
    assert.equal(qrReference('21 00000 00003 13947 14300 09018'), null);
    assert.equal(qrReference('00 00004 71800 00202 60412 00007'), '000000471800002026041200007');
    assert.equal(qrReference('1 00000 00003 13947 14300 09017'), null);
  });
});
