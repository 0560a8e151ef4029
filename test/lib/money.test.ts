// test-database: none (it uses no database; scripts/run-tests.mjs)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Decimal } from 'decimal.js';
import {
  basisPointsFee,
  computeLine,
  computeTotals,
  type LineNumbersInput,
  parseMoney,
  roundMoney,
  sumMoney,
  toMoneyNumber,
  toMoneyString,
  validateLineNumbers,
} from '../../src/lib/money.ts';

const r = (x: string) => roundMoney(new Decimal(x)).toFixed(2);

describe('roundMoney', () => {
  test('rounds half up to cents where binary floats round down', () => {
    assert.equal(r('0.005'), '0.01');
    assert.equal(r('1.005'), '1.01');
    assert.equal(r('2.675'), '2.68');
    // The float results these guard against:
    assert.equal(Math.round(1.005 * 100) / 100, 1);
    assert.equal((2.675).toFixed(2), '2.67');
  });

  test('below the half rounds down, ties of negatives go away from zero', () => {
    assert.equal(r('0.0049999'), '0.00');
    assert.equal(r('1.994'), '1.99');
    assert.equal(r('-1.005'), '-1.01');
    assert.equal(r('10'), '10.00');
  });

  test('keeps precision far beyond decimal.js defaults', () => {
    // 26 significant digits: the default 20-digit precision would round before roundMoney.
    const gross = computeLine({ quantity: '123456789012.1234', unit_price: '9999.9999', tax_rate: 0 }).gross;
    assert.equal(gross.toFixed(), '1234567877775555.09878766');
    assert.equal(new Decimal('123456789012.1234').times('9999.9999').toFixed(), '1234567877775555.0988');
  });
});

describe('computeLine', () => {
  test('gross, net and tax without discount', () => {
    const l = computeLine({ quantity: 3, unit_price: 19.99, tax_rate: 0.08 });
    assert.equal(l.gross.toFixed(), '59.97');
    assert.equal(l.net.toFixed(2), '59.97');
    assert.equal(l.tax.toFixed(2), '4.80'); // 4.7976
  });

  test('percent discount is a percentage of the gross, rounded once on the net', () => {
    const l = computeLine({
      quantity: 1,
      unit_price: '10.01',
      tax_rate: 0,
      discount_type: 'percent',
      discount_value: 15,
    });
    assert.equal(l.net.toFixed(2), '8.51'); // 10.01 − 1.5015 = 8.5085
  });

  test('a 100 percent discount leaves nothing', () => {
    const l = computeLine({
      quantity: 2,
      unit_price: 5,
      tax_rate: 0.2,
      discount_type: 'percent',
      discount_value: 100,
    });
    assert.equal(l.net.toFixed(2), '0.00');
    assert.equal(l.tax.toFixed(2), '0.00');
  });

  test('fixed discount is subtracted before tax', () => {
    const l = computeLine({
      quantity: 2,
      unit_price: 50,
      tax_rate: 0.1,
      discount_type: 'fixed',
      discount_value: 12.5,
    });
    assert.equal(l.net.toFixed(2), '87.50');
    assert.equal(l.tax.toFixed(2), '8.75');
  });

  test('4-decimal quantity and unit price are exact until the net is rounded', () => {
    const l = computeLine({ quantity: 1.2345, unit_price: 0.0101, tax_rate: 0 });
    assert.equal(l.gross.toFixed(), '0.01246845');
    assert.equal(l.net.toFixed(2), '0.01');
    const big = computeLine({ quantity: '2.5005', unit_price: '3.3333', tax_rate: '0.07' });
    assert.equal(big.gross.toFixed(), '8.33491665');
    assert.equal(big.net.toFixed(2), '8.33');
    assert.equal(big.tax.toFixed(2), '0.58'); // 0.5831
  });

  test('refuses input that would give a negative net', () => {
    assert.throws(
      () =>
        computeLine({ quantity: 1, unit_price: 5, tax_rate: 0, discount_type: 'fixed', discount_value: 6 }),
      RangeError,
    );
    assert.throws(
      () =>
        computeLine({
          quantity: 1,
          unit_price: 5,
          tax_rate: 0,
          discount_type: 'percent',
          discount_value: 101,
        }),
      RangeError,
    );
    assert.throws(
      () => computeLine({ quantity: 1, unit_price: 5, tax_rate: 0, discount_type: 'fixed' }),
      RangeError,
    );
  });
});

describe('computeTotals', () => {
  test('tax is rounded per line, then summed', () => {
    // Each line: 0.10 × 5 % = 0.005 → 0.01. Per line: 0.03. Rounding the summed tax 0.015 would give 0.02.
    const lines = [1, 2, 3].map(() => ({ quantity: 1, unit_price: '0.10', tax_rate: '0.05' }));
    const t = computeTotals(lines);
    assert.deepEqual(
      t.lines.map((l) => [l.net_amount.toFixed(2), l.tax_amount.toFixed(2)]),
      [
        ['0.10', '0.01'],
        ['0.10', '0.01'],
        ['0.10', '0.01'],
      ],
    );
    assert.equal(t.subtotal.toFixed(2), '0.30');
    assert.equal(t.tax.toFixed(2), '0.03');
    assert.equal(t.total.toFixed(2), '0.33');
    assert.equal(roundMoney(t.subtotal.times('0.05')).toFixed(2), '0.02');
  });

  test('sums nets that were each rounded', () => {
    const t = computeTotals([
      { quantity: '0.3333', unit_price: 10, tax_rate: 0 }, // 3.333 → 3.33
      { quantity: '0.3333', unit_price: 10, tax_rate: 0 },
      { quantity: '0.3334', unit_price: 10, tax_rate: 0 }, // 3.334 → 3.33
    ]);
    assert.equal(t.subtotal.toFixed(2), '9.99');
    assert.equal(t.total.toFixed(2), '9.99');
  });

  test('an empty document totals zero', () => {
    const t = computeTotals([]);
    assert.equal(t.total.toFixed(2), '0.00');
    assert.deepEqual(t.lines, []);
  });
});

describe('conversions', () => {
  test('toMoneyNumber gives a JSON number with at most 2 decimals', () => {
    assert.equal(toMoneyNumber(new Decimal('1.005')), 1.01);
    assert.equal(JSON.stringify(toMoneyNumber(new Decimal('12.10'))), '12.1');
    assert.ok(Object.is(toMoneyNumber(new Decimal('-0.001')), 0));
  });

  test('toMoneyNumber refuses amounts a double cannot hold exactly', () => {
    assert.equal(toMoneyNumber(new Decimal('9999999999999.99')), 9999999999999.99);
    assert.throws(() => toMoneyNumber(new Decimal('123456789012345678.91')), RangeError);
  });

  test('toMoneyString is fixed 2 decimals and never -0.00', () => {
    assert.equal(toMoneyString(new Decimal('7')), '7.00');
    assert.equal(toMoneyString(new Decimal('2.675')), '2.68');
    assert.equal(toMoneyString(new Decimal('-0.004')), '0.00');
    assert.equal(toMoneyString(new Decimal('-3.5')), '-3.50');
  });

  test('parseMoney reads JSON numbers and decimal strings, nothing else', () => {
    assert.equal(parseMoney(0.1).toFixed(), '0.1');
    assert.equal(parseMoney('12.3400').toFixed(), '12.34');
    assert.equal(parseMoney('1e2').toFixed(), '100');
    for (const bad of ['0x10', 'Infinity', 'NaN', '', ' 1', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => parseMoney(bad), RangeError, String(bad));
    }
  });

  test('sumMoney adds exactly', () => {
    assert.equal(sumMoney([0.1, 0.2, '0.3']).toFixed(), '0.6');
    assert.equal(0.1 + 0.2, 0.30000000000000004);
    assert.equal(sumMoney([]).toFixed(), '0');
  });

  test('basisPointsFee rounds once to cents', () => {
    assert.equal(basisPointsFee('1000.00', 150).toFixed(2), '15.00');
    assert.equal(basisPointsFee('333.33', 25).toFixed(2), '0.83'); // 0.833325
    assert.equal(basisPointsFee('10.10', 50).toFixed(2), '0.05'); // 0.0505
    assert.equal(basisPointsFee('1.00', 50).toFixed(2), '0.01'); // 0.005, half up
  });
});

describe('validateLineNumbers', () => {
  const ok = { quantity: 1, unit_price: 10, tax_rate: 0.2 };
  const problems = (line: LineNumbersInput, index = 2) => validateLineNumbers(line, index);

  test('a valid line has no problems', () => {
    assert.deepEqual(problems(ok), []);
    assert.deepEqual(problems({ ...ok, discount_type: 'percent', discount_value: 100 }), []);
    assert.deepEqual(problems({ ...ok, discount_type: 'fixed', discount_value: 10 }), []);
    assert.deepEqual(problems({ ...ok, discount_type: null, discount_value: null }), []);
    assert.deepEqual(problems({ quantity: 0, unit_price: 0, tax_rate: 1 }), []);
    assert.deepEqual(problems({ quantity: 1.2345, unit_price: '9.9999', tax_rate: 0 }), []);
  });

  test('required numbers', () => {
    assert.deepEqual(problems({}), [
      { path: 'line_items[2].quantity', message: 'is required' },
      { path: 'line_items[2].unit_price', message: 'is required' },
      { path: 'line_items[2].tax_rate', message: 'is required' },
    ]);
  });

  test('numbers must be numbers', () => {
    assert.deepEqual(problems({ quantity: 'two', unit_price: true, tax_rate: {} }, 0), [
      { path: 'line_items[0].quantity', message: 'must be a number' },
      { path: 'line_items[0].unit_price', message: 'must be a number' },
      { path: 'line_items[0].tax_rate', message: 'must be a number' },
    ]);
  });

  test('quantity and unit_price are non-negative', () => {
    assert.deepEqual(problems({ ...ok, quantity: -1, unit_price: -0.01 }), [
      { path: 'line_items[2].quantity', message: 'must be greater than or equal to 0' },
      { path: 'line_items[2].unit_price', message: 'must be greater than or equal to 0' },
    ]);
  });

  test('quantity and unit_price carry at most 4 decimals', () => {
    assert.deepEqual(problems({ ...ok, quantity: 1.23456, unit_price: '0.00001' }), [
      { path: 'line_items[2].quantity', message: 'must have at most 4 decimal places' },
      { path: 'line_items[2].unit_price', message: 'must have at most 4 decimal places' },
    ]);
    // A float artefact is more than 4 decimals, not silently rounded.
    assert.equal(problems({ ...ok, quantity: 0.1 + 0.2 }).length, 1);
  });

  test('tax_rate is in [0, 1]', () => {
    for (const tax_rate of [-0.01, 1.01, 8]) {
      assert.deepEqual(problems({ ...ok, tax_rate }), [
        { path: 'line_items[2].tax_rate', message: 'must be between 0 and 1 (0.08 means 8%)' },
      ]);
    }
  });

  test('discount_type must be percent, fixed or null', () => {
    assert.deepEqual(problems({ ...ok, discount_type: 'amount', discount_value: 1 }), [
      { path: 'line_items[2].discount_type', message: 'must be "percent", "fixed" or null' },
    ]);
  });

  test('discount_value is required iff discount_type is set', () => {
    assert.deepEqual(problems({ ...ok, discount_type: 'percent' }), [
      { path: 'line_items[2].discount_value', message: 'is required when discount_type is set' },
    ]);
    assert.deepEqual(problems({ ...ok, discount_value: 5 }), [
      {
        path: 'line_items[2].discount_type',
        message: 'is required when discount_value is set ("percent" or "fixed")',
      },
    ]);
  });

  test('discount_value is a non-negative number', () => {
    assert.deepEqual(problems({ ...ok, discount_type: 'fixed', discount_value: 'x' }), [
      { path: 'line_items[2].discount_value', message: 'must be a number' },
    ]);
    assert.deepEqual(problems({ ...ok, discount_type: 'fixed', discount_value: -1 }), [
      { path: 'line_items[2].discount_value', message: 'must be greater than or equal to 0' },
    ]);
  });

  test('a percent discount is at most 100', () => {
    assert.deepEqual(problems({ ...ok, discount_type: 'percent', discount_value: 100.01 }), [
      { path: 'line_items[2].discount_value', message: 'a percent discount must be at most 100' },
    ]);
  });

  test('a fixed discount is at most the gross', () => {
    assert.deepEqual(
      problems({ quantity: 2, unit_price: 5, tax_rate: 0, discount_type: 'fixed', discount_value: 10.01 }),
      [
        {
          path: 'line_items[2].discount_value',
          message: 'a fixed discount must not exceed quantity × unit_price',
        },
      ],
    );
  });

  test('every problem of a line is reported at once', () => {
    assert.deepEqual(
      problems({ quantity: -1, unit_price: 1.00001, tax_rate: 2 }, 7).map((p) => p.path),
      ['line_items[7].quantity', 'line_items[7].unit_price', 'line_items[7].tax_rate'],
    );
  });
});
