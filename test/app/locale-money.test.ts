// The app's one money helper (app/src/lib/locale.ts, showMoney; docs/app.md "Money"): the
// organization's country decides how an amount is written, en-US without a country, and the amount
// is formatted from its decimal string, so no digit is lost however large it is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setOrganizationCountry, showMoney } from '../../app/src/lib/locale.ts';
import { sameAmount, sumMoney } from '../../app/src/lib/money.ts';

// Intl writes a no-break space before the euro sign, and a narrow one between thousands in French.
const NBSP = '\u00a0';
const NNBSP = '\u202f';

test("money in the organization's format, en-US without a country", () => {
  try {
    setOrganizationCountry('DE');
    assert.equal(showMoney('1140.00', 'EUR'), `1.140,00${NBSP}€`);
    assert.equal(showMoney('1140.5', 'EUR'), `1.140,50${NBSP}€`);
    // The currency as the locale writes it: a German organization's dollars.
    assert.equal(showMoney('1140', 'USD'), `1.140,00${NBSP}$`);
    setOrganizationCountry('fr');
    assert.equal(showMoney('1140.00', 'EUR'), `1${NNBSP}140,00${NBSP}€`);
    setOrganizationCountry('US');
    assert.equal(showMoney('1140.00', 'USD'), '$1,140.00');
    assert.equal(showMoney('1140.00', 'EUR'), '€1,140.00');
    setOrganizationCountry('GB');
    assert.equal(showMoney('1140.00', 'GBP'), '£1,140.00');
    // No country: en-US, as every amount outside the editor was shown before.
    setOrganizationCountry(null);
    assert.equal(showMoney('1140.00', 'EUR'), '€1,140.00');
    setOrganizationCountry('');
    assert.equal(showMoney('1140.00', 'USD'), '$1,140.00');
  } finally {
    setOrganizationCountry(null);
  }
});

test('an explicit locale wins over the organization (the editor passes its own)', () => {
  try {
    setOrganizationCountry('US');
    assert.equal(showMoney('1356.6', 'EUR', 'de-DE'), `1.356,60${NBSP}€`);
  } finally {
    setOrganizationCountry(null);
  }
});

test('negative amounts (credit notes) carry their sign; a zero never does', () => {
  assert.equal(showMoney('-1140.00', 'EUR', 'de-DE'), `-1.140,00${NBSP}€`);
  assert.equal(showMoney('-1140.00', 'EUR', 'fr-FR'), `-1${NNBSP}140,00${NBSP}€`);
  assert.equal(showMoney('-1140.00', 'USD', 'en-US'), '-$1,140.00');
  assert.equal(showMoney(-42.5, 'EUR', 'en-US'), '-€42.50');
  assert.equal(showMoney('-0.00', 'EUR', 'de-DE'), `0,00${NBSP}€`);
  assert.equal(showMoney(-0, 'USD', 'en-US'), '$0.00');
});

test('amounts beyond 2^53 cents keep every digit', () => {
  // 2^53 + 1 cents: a float cannot hold it (it becomes ...409.92).
  const past53 = '90071992547409.93';
  assert.notEqual(String(Number(past53) * 100), '9007199254740993');
  assert.equal(showMoney(past53, 'EUR', 'de-DE'), `90.071.992.547.409,93${NBSP}€`);
  assert.equal(showMoney(past53, 'USD', 'en-US'), '$90,071,992,547,409.93');
  // The largest bigint of cents, and a credit note of it.
  assert.equal(showMoney('92233720368547758.07', 'EUR', 'de-DE'), `92.233.720.368.547.758,07${NBSP}€`);
  assert.equal(showMoney('-92233720368547758.07', 'USD', 'en-US'), '-$92,233,720,368,547,758.07');
  assert.equal(
    showMoney('123456789012345678901234567890.99', 'EUR', 'fr-FR').replace(/\s/g, ' '),
    '123 456 789 012 345 678 901 234 567 890,99 €',
  );
});

test("every decimal an amount has is kept, at least the currency's", () => {
  // A unit price finer than a cent (the document page's lines).
  assert.equal(showMoney('0.0125', 'USD', 'en-US'), '$0.0125');
  assert.equal(showMoney(0.0125, 'EUR', 'de-DE'), `0,0125${NBSP}€`);
  // A JSON number from the API, through its shortest decimal form.
  assert.equal(showMoney(150, 'USD', 'en-US'), '$150.00');
  assert.equal(showMoney(1356.6, 'EUR', 'de-DE'), `1.356,60${NBSP}€`);
  assert.equal(showMoney(1e21, 'USD', 'en-US'), '$1,000,000,000,000,000,000,000.00');
  // A currency without minor units keeps its own (none), not two.
  assert.equal(showMoney('1140', 'JPY', 'en-US'), '¥1,140');
});

test('nothing, or not an amount, is shown as it is', () => {
  assert.equal(showMoney(null, 'EUR'), '—');
  assert.equal(showMoney(undefined, 'EUR'), '—');
  assert.equal(showMoney('', 'EUR'), '—');
  assert.equal(showMoney('12,50', 'EUR', 'de-DE'), '12,50');
  assert.equal(showMoney('n/a', 'EUR', 'de-DE'), 'n/a');
  // A currency Intl refuses (read off a scan): the amount and the code, exact.
  assert.equal(showMoney('12.50', 'EU', 'de-DE'), '12.50 EU');
});

test('sums and comparisons of API amounts are decimal', () => {
  assert.equal(sumMoney([0.1, 0.2]), '0.30');
  assert.equal(sumMoney([]), '0.00');
  assert.equal(sumMoney(['90071992547409.93', '0.01']), '90071992547409.94');
  assert.equal(sameAmount(0.1 + 0.2, '0.30'), false);
  assert.equal(sameAmount(80, '80.00'), true);
});
