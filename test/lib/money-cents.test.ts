// test-database: none (it uses no database; scripts/run-tests.mjs)
// The integer fast path (src/lib/money-cents.ts) against the decimal.js path it stands in for
// (src/lib/money.ts): wherever it answers, it answers exactly what the decimal way gives, and it
// never answers where the decimal way finds a problem.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  computeTotals,
  MoneyDecimal,
  toMoneyNumber,
  toMoneyString,
  validateLineNumbers,
} from '../../src/lib/money.ts';
import { type CentsLineInput, centsLines, centsOf } from '../../src/lib/money-cents.ts';

const MAX = centsOf('999999999999.99');

/** The decimal.js way, as buildLines (documents/document-input.ts) runs it; null on any problem. */
function decimalWay(lines: CentsLineInput[], maxTotal = '999999999999.99') {
  if (lines.some((l, i) => validateLineNumbers(l, i).length > 0)) return null;
  try {
    const t = computeTotals(lines);
    if (t.total.greaterThan(new MoneyDecimal(maxTotal))) return null;
    return {
      lines: t.lines.map((l) => ({
        net_amount: toMoneyNumber(l.net_amount),
        tax_amount: toMoneyNumber(l.tax_amount),
      })),
      subtotal: toMoneyString(t.subtotal),
      tax: toMoneyString(t.tax),
      total: toMoneyString(t.total),
    };
  } catch {
    return null;
  }
}

function agree(lines: CentsLineInput[], maxTotal?: string): 'fast' | 'decimal' {
  const fast = centsLines(lines, maxTotal ? centsOf(maxTotal) : MAX);
  const slow = decimalWay(lines, maxTotal);
  if (fast === null) return 'decimal';
  assert.notEqual(slow, null, `fast answered where the decimal way refuses: ${JSON.stringify(lines)}`);
  assert.deepEqual(fast, slow, JSON.stringify(lines));
  for (const [i, l] of fast.lines.entries()) {
    assert.ok(!Object.is(l.net_amount, -0) && !Object.is(l.tax_amount, -0), `-0 on line ${i}`);
  }
  return 'fast';
}

test('rounding ties go half-up, on the net and on the tax', () => {
  // 0.125 net (a tie) → 0.13; tax 0.13 × 0.5 = 0.065 (a tie) → 0.07.
  assert.equal(agree([{ quantity: 1, unit_price: 0.125, tax_rate: 0.5 }]), 'fast');
  assert.deepEqual(centsLines([{ quantity: 1, unit_price: 0.125, tax_rate: 0.5 }], MAX)?.lines, [
    { net_amount: 0.13, tax_amount: 0.07 },
  ]);
  // A percent discount leaving a tie: 3 × 0.05 = 0.15, less 50 % = 0.075 → 0.08.
  assert.equal(
    agree([{ quantity: 3, unit_price: 0.05, tax_rate: 0, discount_type: 'percent', discount_value: 50 }]),
    'fast',
  );
  assert.equal(
    centsLines(
      [{ quantity: 3, unit_price: 0.05, tax_rate: 0, discount_type: 'percent', discount_value: 50 }],
      MAX,
    )?.total,
    '0.08',
  );
  assert.equal(centsLines([{ quantity: 0, unit_price: 5, tax_rate: 0.2 }], MAX)?.total, '0.00');
});

test('what the decimal way refuses or reads otherwise is left to it', () => {
  const decimal = (l: CentsLineInput) => assert.equal(agree([l]), 'decimal', JSON.stringify(l));
  decimal({ quantity: 0.00001, unit_price: 1, tax_rate: 0 }); // 5 decimals: refused
  decimal({ quantity: 1e-7, unit_price: 1, tax_rate: 0 }); // written with an exponent
  decimal({ quantity: -1, unit_price: 1, tax_rate: 0 });
  decimal({ quantity: 1, unit_price: 1, tax_rate: 1.5 });
  decimal({ quantity: 1, unit_price: 1, tax_rate: 0.123456789 }); // 9 decimals: the decimal way reads it
  decimal({ quantity: 1, unit_price: 10, tax_rate: 0, discount_type: 'percent', discount_value: 101 });
  decimal({ quantity: 1, unit_price: 10, tax_rate: 0, discount_type: 'fixed', discount_value: 10.01 });
  decimal({ quantity: 1, unit_price: 10, tax_rate: 0, discount_type: 'fixed', discount_value: null });
  decimal({ quantity: 1, unit_price: 10, tax_rate: 0, discount_type: null, discount_value: 1 });
  // Over the maximum total: the decimal way names the problem.
  assert.equal(agree([{ quantity: 1_000_000, unit_price: 1_000_000, tax_rate: 0 }]), 'decimal');
  assert.equal(agree([{ quantity: 1, unit_price: 100, tax_rate: 0 }], '99.99'), 'decimal');
  assert.equal(agree([{ quantity: 1, unit_price: 99.99, tax_rate: 0 }], '99.99'), 'fast');
  // A fixed discount of the whole line, and a 100 % one, are allowed.
  assert.equal(
    agree([{ quantity: 2, unit_price: 5, tax_rate: 0.1, discount_type: 'fixed', discount_value: 10 }]),
    'fast',
  );
  assert.equal(
    agree([{ quantity: 2, unit_price: 5, tax_rate: 0.1, discount_type: 'percent', discount_value: 100 }]),
    'fast',
  );
});

test('both ways agree on 10,000 random documents (~55,000 lines)', () => {
  // A small deterministic generator, so a failure reproduces.
  let seed = 0x2545f491;
  const rnd = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const decimals = (max: number, places: number) =>
    Number((rnd() * max).toFixed(Math.floor(rnd() * (places + 1))));
  const counts = { fast: 0, decimal: 0 };
  for (let i = 0; i < 10_000; i++) {
    const lines: CentsLineInput[] = Array.from({ length: 1 + Math.floor(rnd() * 10) }, () => {
      const quantity = pick([decimals(10, 4), decimals(1_000_000, 4), decimals(1e9, 2), 0, 1, 0.5, 0.0001]);
      const unit_price = pick([decimals(100, 4), decimals(1e6, 4), decimals(1e9, 4), 0.005, 0.125, 12.5]);
      const tax_rate = pick([0, 0.08, 0.0825, 0.2, 1, decimals(1, 4), decimals(1, 8), decimals(1, 9)]);
      const discount = rnd();
      if (discount < 0.6) return { quantity, unit_price, tax_rate };
      if (discount < 0.8) {
        const v = pick([decimals(100, 2), decimals(100, 4), 50, 100, decimals(120, 1)]);
        return { quantity, unit_price, tax_rate, discount_type: 'percent' as const, discount_value: v };
      }
      const v = pick([decimals(quantity * unit_price, 2), decimals(quantity * unit_price * 1.2, 4), 0]);
      return { quantity, unit_price, tax_rate, discount_type: 'fixed' as const, discount_value: v };
    });
    counts[agree(lines)] += 1;
  }
  // Most documents take the fast way; the decimal way still gets its share of the odd ones.
  assert.ok(counts.fast > 2_500 && counts.decimal > 500, JSON.stringify(counts));
});
