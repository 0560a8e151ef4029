// The document line arithmetic of CONTRACT 3 in exact scaled integers (BigInt), for the inputs
// nearly every document has: JSON numbers with few decimals. It computes exactly what
// computeLine/computeTotals and toMoneyNumber/toMoneyString (money.ts, decimal.js) give, for every
// input it accepts, and accepts only inputs that those functions would also accept without a
// problem; anything else (a validation problem, a total over the limit, a number written with an
// exponent, more decimals than below) answers null and goes the decimal.js way, which then
// reports it. decimal.js builds several objects per operation: ~7 % of a create's JavaScript
// under the create-many load (perf, issue 9, bench/README.md). test/lib/money-cents.test.ts
// checks both ways agree on 10,000 random documents and on the rounding ties.

/** One line's numbers as they arrive (already schema-checked to be numbers where present). */
export interface CentsLineInput {
  quantity: number;
  unit_price: number;
  tax_rate: number;
  discount_type?: 'percent' | 'fixed' | null;
  discount_value?: number | null;
}

export interface CentsLines {
  /** per line: net and tax as JSON numbers of at most 2 decimals */
  lines: { net_amount: number; tax_amount: number }[];
  /** numeric(20,2) strings */
  subtotal: string;
  tax: string;
  total: string;
}

// Plain decimal notation only, as String(number) writes it for these magnitudes: at most 4
// decimals (quantity, unit_price, discount values) or 8 (a tax rate in [0, 1]).
const FOUR_DECIMALS = /^(\d{1,12})(?:\.(\d{1,4}))?$/;
const RATE = /^(0|1)(?:\.(\d{1,8}))?$/;

/** n × 10^scale as a BigInt when `pattern` reads String(n); null otherwise. */
function scaled(n: number, pattern: RegExp, scale: number): bigint | null {
  if (typeof n !== 'number') return null;
  const m = pattern.exec(String(n));
  if (!m) return null;
  const fraction = (m[2] ?? '').padEnd(scale, '0');
  return BigInt(m[1]! + fraction);
}

const TEN = [1n, 10n, 100n, 1_000n, 10_000n, 100_000n, 1_000_000n];
/** 10^k for the scales used here. */
function pow10(k: number): bigint {
  return TEN[k] ?? 10n ** BigInt(k);
}

/** Half-up (ties away from zero) from `scale` decimals to cents, as roundMoney does. */
function toCents(x: bigint, scale: number): bigint {
  const div = pow10(scale - 2);
  const half = div / 2n;
  return x >= 0n ? (x + half) / div : -((-x + half) / div);
}

// Cents that a double holds exactly and that toMoneyNumber accepts (15 significant digits).
const MAX_CENTS = 999_999_999_999_999n;

function centsNumber(c: bigint): number {
  // A correctly rounded division of two exact doubles: the same double as Number('x.yz').
  return Number(c) / 100;
}

function centsString(c: bigint): string {
  if (c === 0n) return '0.00';
  const s = c.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** An amount of at most 2 decimals ('999999999999.99') in cents. */
export function centsOf(amount: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new RangeError(`not an amount of at most 2 decimals: ${amount}`);
  return BigInt(m[1]! + (m[2] ?? '').padEnd(2, '0'));
}

/**
 * The lines' amounts and the totals in exact integers, or null (see the file's comment); a total
 * over `maxTotalCents` is null too (the decimal way refuses it).
 */
export function centsLines(lines: readonly CentsLineInput[], maxTotalCents: bigint): CentsLines | null {
  const out: CentsLines['lines'] = [];
  let subtotal = 0n;
  let tax = 0n;
  for (const line of lines) {
    const q = scaled(line.quantity, FOUR_DECIMALS, 4);
    const p = scaled(line.unit_price, FOUR_DECIMALS, 4);
    const rate = scaled(line.tax_rate, RATE, 8);
    if (q === null || p === null || rate === null || rate > 100_000_000n) return null;
    const gross = q * p; // 8 decimals
    let net: bigint;
    const type = line.discount_type ?? null;
    const value = line.discount_value ?? null;
    if (type === null && value === null) net = toCents(gross, 8);
    else if (type === null || value === null) return null;
    else {
      const v = scaled(value, FOUR_DECIMALS, 4);
      if (v === null) return null;
      if (type === 'percent') {
        if (v > 1_000_000n) return null; // over 100: refused by validation
        // gross × v / 100 at 14 decimals: (gross at 14) − gross × v.
        net = toCents(gross * 1_000_000n - gross * v, 14);
      } else if (type === 'fixed') {
        if (v * 10_000n > gross) return null; // over quantity × unit_price: refused
        net = toCents(gross - v * 10_000n, 8);
      } else return null;
    }
    if (net < 0n || net > MAX_CENTS) return null;
    const lineTax = toCents(net * rate, 10);
    if (lineTax > MAX_CENTS) return null;
    out.push({ net_amount: centsNumber(net), tax_amount: centsNumber(lineTax) });
    subtotal += net;
    tax += lineTax;
  }
  const total = subtotal + tax;
  if (total > maxTotalCents) return null;
  return { lines: out, subtotal: centsString(subtotal), tax: centsString(tax), total: centsString(total) };
}
