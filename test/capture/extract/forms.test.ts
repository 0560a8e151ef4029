// test-database: none (it uses no database; scripts/run-tests.mjs)
// Number and date forms of the six languages (src/modules/capture/extract/numbers.ts, dates.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseDate } from '../../../src/modules/capture/extract/dates.ts';
import { decimalMarkOf, parseAmount, parseRate } from '../../../src/modules/capture/extract/numbers.ts';

describe('amounts', () => {
  test('the forms of each locale', () => {
    assert.equal(parseAmount('1.234,56', ','), '1234.56');
    assert.equal(parseAmount('1 234,56', ','), '1234.56');
    assert.equal(parseAmount('1\u202f234,56', ','), '1234.56', 'narrow no-break space (fr)');
    assert.equal(parseAmount('1,234.56', '.'), '1234.56');
    assert.equal(parseAmount("1'234.56", '.'), '1234.56');
    assert.equal(parseAmount('12.345.678,90', ','), '12345678.90');
    assert.equal(parseAmount('198,00', ','), '198.00');
    assert.equal(parseAmount('9,9000', ','), '9.9000');
    assert.equal(parseAmount('529.87', '.'), '529.87');
    assert.equal(parseAmount('0,00', ','), '0.00');
  });

  test('signs and currencies around the number', () => {
    assert.equal(parseAmount('€ 1.234,56', ','), '1234.56');
    assert.equal(parseAmount('1.234,56 €', ','), '1234.56');
    assert.equal(parseAmount('EUR 99,90', ','), '99.90');
    assert.equal(parseAmount('£1,000.00', '.'), '1000.00');
    assert.equal(parseAmount('-5,00', ','), '-5.00');
    assert.equal(parseAmount('5,00-', ','), '-5.00');
    assert.equal(parseAmount('(5.00)', '.'), '-5.00');
    assert.equal(parseAmount('-0,00', ','), '0.00', 'no negative zero');
  });

  test('the ambiguous 1.234 / 1,234 follows the document', () => {
    assert.equal(parseAmount('1.234', ','), '1234.00');
    assert.equal(parseAmount('1,234', '.'), '1234.00');
    assert.equal(parseAmount('1,234', ','), '1.234');
    assert.equal(parseAmount('1.234', '.'), '1.234');
    assert.equal(decimalMarkOf(['12,50', '1.234,56', '7'], '.'), ',');
    assert.equal(decimalMarkOf(['12.50', '1,234.56', '7'], ','), '.');
    assert.equal(decimalMarkOf(['1.234', '7'], ','), ',', 'nothing unambiguous: the fallback');
  });

  test('what is not an amount', () => {
    assert.equal(parseAmount('abc', ','), null);
    assert.equal(parseAmount('1.2.3', ','), null);
    assert.equal(parseAmount('12,34.56,7', '.'), null);
    assert.equal(parseAmount('19%', ','), null);
    assert.equal(parseAmount('1234567890123,00', ','), null, 'more than twelve integer digits');
  });

  test('rates', () => {
    assert.equal(parseRate('19 %'), '19');
    assert.equal(parseRate('19%'), '19');
    assert.equal(parseRate('5,5%'), '5.5');
    assert.equal(parseRate('20.0 %'), '20');
    assert.equal(parseRate('19'), null, 'a bare number is no rate');
    assert.equal(parseRate('19', true), '19');
    assert.equal(parseRate('45 %'), null, 'no VAT rate is that high');
  });
});

describe('dates', () => {
  test('numeric forms', () => {
    assert.equal(parseDate('31.12.2026'), '2026-12-31');
    assert.equal(parseDate('31/12/2026'), '2026-12-31');
    assert.equal(parseDate('31-12-2026'), '2026-12-31');
    assert.equal(parseDate('2026-12-31'), '2026-12-31');
    assert.equal(parseDate('05.03.18'), '2018-03-05');
    assert.equal(parseDate('12/31/2026', 'mdy'), '2026-12-31');
    assert.equal(parseDate('03/04/2026', 'mdy'), '2026-03-04');
    assert.equal(parseDate('03/04/2026', 'dmy'), '2026-04-03');
    assert.equal(parseDate('03.04.2026', 'mdy'), '2026-04-03', 'dots are day first everywhere');
  });

  test('month names in the six languages', () => {
    assert.equal(parseDate('31 décembre 2026'), '2026-12-31');
    assert.equal(parseDate('1er mars 2026'), '2026-03-01');
    assert.equal(parseDate('31. Dezember 2026'), '2026-12-31');
    assert.equal(parseDate('3. März 2026'), '2026-03-03');
    assert.equal(parseDate('December 31, 2026'), '2026-12-31');
    assert.equal(parseDate('Dec. 31 2026'), '2026-12-31');
    assert.equal(parseDate('31 Dec 2026'), '2026-12-31');
    assert.equal(parseDate('31 december 2026'), '2026-12-31');
    assert.equal(parseDate('15 maart 2026'), '2026-03-15');
    assert.equal(parseDate('31 de diciembre de 2026'), '2026-12-31');
    assert.equal(parseDate('2 de enero de 2026'), '2026-01-02');
    assert.equal(parseDate('31 dicembre 2026'), '2026-12-31');
    assert.equal(parseDate('1 gennaio 2026'), '2026-01-01');
  });

  test('no date that is not one', () => {
    assert.equal(parseDate('31.02.2026'), null, 'February has no 31st');
    assert.equal(parseDate('32.01.2026'), null);
    assert.equal(parseDate('31 Foo 2026'), null);
    assert.equal(parseDate('471102'), null);
    assert.equal(parseDate('12.50'), null);
  });
});
