// Decimal money (CONTRACT 3). Every amount is computed with decimal.js, never binary floats, and
// rounded in exactly one place (`roundMoney`), so a line, a document total and a finance fee all
// round the same way.
import { Decimal } from 'decimal.js';

export type { Decimal };

/**
 * The constructor every money value in this module is built with. decimal.js defaults to 20
 * significant digits, which silently rounds a product such as 123456789012.1234 × 9999.9999
 * (26 digits) before `roundMoney` ever sees it; 60 digits is far beyond any numeric(20,2) amount
 * times a 4-decimal quantity, so intermediate results stay exact.
 */
export const MoneyDecimal = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

export type MoneyInput = string | number | Decimal;

/** Half-up (ties away from zero) to cents: the ONE rounding function for money. */
export function roundMoney(d: Decimal): Decimal {
  return new MoneyDecimal(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

// decimal.js also reads hex, binary, octal and 'Infinity' strings; a money string is plain decimal.
const DECIMAL_STRING = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Parses a JSON number, a plain decimal string or a Decimal; throws on anything that is not a finite number. */
export function parseMoney(x: MoneyInput): Decimal {
  if (typeof x === 'string' && !DECIMAL_STRING.test(x)) throw new RangeError(`not a decimal number: ${x}`);
  let d: Decimal;
  try {
    d = new MoneyDecimal(x);
  } catch {
    throw new RangeError(`not a decimal number: ${String(x)}`);
  }
  if (!d.isFinite()) throw new RangeError(`not a finite number: ${String(x)}`);
  return d;
}

/** Exact sum, no rounding: callers sum amounts that are already cents. */
export function sumMoney(values: Iterable<MoneyInput>): Decimal {
  let total = new MoneyDecimal(0);
  for (const v of values) total = total.plus(parseMoney(v));
  return total;
}

/**
 * A JSON number with at most 2 decimals. Rounds first (idempotent on cents). Throws when the
 * value has more significant digits than a double carries exactly (about 15), because a silently
 * altered amount is worse than a refused one.
 */
export function toMoneyNumber(d: Decimal): number {
  const rounded = roundMoney(d);
  const n = Number(rounded.toFixed(2));
  if (!new MoneyDecimal(n).equals(rounded)) {
    throw new RangeError(`amount ${rounded.toFixed(2)} cannot be represented exactly as a JSON number`);
  }
  // -0 serialises as 0 in JSON anyway; normalise so equality checks in code agree.
  return n === 0 ? 0 : n;
}

/** Fixed 2 decimals for numeric(20,2) columns; never "-0.00". */
export function toMoneyString(d: Decimal): string {
  const rounded = roundMoney(d);
  return rounded.isZero() ? '0.00' : rounded.toFixed(2);
}

export type DiscountType = 'percent' | 'fixed';

export interface LineNumbers {
  quantity: string | number;
  unit_price: string | number;
  tax_rate: string | number;
  discount_type?: DiscountType | null;
  discount_value?: string | number | null;
}

export interface LineAmounts {
  gross: Decimal;
  net: Decimal;
  tax: Decimal;
}

/**
 * gross = quantity × unit_price (exact); net = round(gross − discount); tax = round(net × tax_rate).
 * Expects input that passed `validateLineNumbers`; throws rather than produce a negative net.
 */
export function computeLine(input: LineNumbers): LineAmounts {
  const gross = parseMoney(input.quantity).times(parseMoney(input.unit_price));
  let discount = new MoneyDecimal(0);
  if (input.discount_type != null) {
    if (input.discount_value == null)
      throw new RangeError('discount_value is required when discount_type is set');
    const value = parseMoney(input.discount_value);
    if (input.discount_type === 'percent') discount = gross.times(value).dividedBy(100);
    else if (input.discount_type === 'fixed') discount = value;
    else throw new RangeError(`unknown discount_type: ${String(input.discount_type)}`);
  }
  const net = roundMoney(gross.minus(discount));
  if (net.isNegative() && !net.isZero()) throw new RangeError('discount exceeds the line amount');
  const tax = roundMoney(net.times(parseMoney(input.tax_rate)));
  return { gross, net, tax };
}

export interface DocumentTotals {
  lines: { net_amount: Decimal; tax_amount: Decimal }[];
  subtotal: Decimal;
  tax: Decimal;
  total: Decimal;
}

/** Tax is rounded per line and then summed (CONTRACT 3), never computed on the subtotal. */
export function computeTotals(lines: readonly LineNumbers[]): DocumentTotals {
  const out = lines.map((line) => {
    const { net, tax } = computeLine(line);
    return { net_amount: net, tax_amount: tax };
  });
  const subtotal = sumMoney(out.map((l) => l.net_amount));
  const tax = sumMoney(out.map((l) => l.tax_amount));
  return { lines: out, subtotal, tax, total: subtotal.plus(tax) };
}

export interface ValidationProblem {
  path: string;
  message: string;
}

/** The shape as it arrives in a request body: anything may be missing or of the wrong type. */
export interface LineNumbersInput {
  quantity?: unknown;
  unit_price?: unknown;
  tax_rate?: unknown;
  discount_type?: unknown;
  discount_value?: unknown;
}

function asDecimal(x: unknown): Decimal | null {
  if (typeof x !== 'number' && typeof x !== 'string') return null;
  try {
    return parseMoney(x);
  } catch {
    return null;
  }
}

/**
 * Every problem with a line's numbers, each as `{path, message}` for `details.errors`
 * (CONTRACT 8). `index` is the line's position in `line_items`.
 */
export function validateLineNumbers(line: LineNumbersInput, index: number): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const at = (field: string) => `line_items[${index}].${field}`;
  const required = (field: 'quantity' | 'unit_price' | 'tax_rate'): Decimal | null => {
    const raw = line[field];
    if (raw === undefined || raw === null) {
      problems.push({ path: at(field), message: 'is required' });
      return null;
    }
    const d = asDecimal(raw);
    if (d === null) problems.push({ path: at(field), message: 'must be a number' });
    return d;
  };

  const nonNegativeWith4Decimals = (field: 'quantity' | 'unit_price', d: Decimal | null): Decimal | null => {
    if (d === null) return null;
    if (d.isNegative() && !d.isZero()) {
      problems.push({ path: at(field), message: 'must be greater than or equal to 0' });
      return null;
    }
    if (d.decimalPlaces() > 4) {
      problems.push({ path: at(field), message: 'must have at most 4 decimal places' });
      return null;
    }
    return d;
  };

  const quantity = nonNegativeWith4Decimals('quantity', required('quantity'));
  const unitPrice = nonNegativeWith4Decimals('unit_price', required('unit_price'));

  const taxRate = required('tax_rate');
  if (taxRate !== null && (taxRate.lessThan(0) || taxRate.greaterThan(1))) {
    problems.push({ path: at('tax_rate'), message: 'must be between 0 and 1 (0.08 means 8%)' });
  }

  const type = line.discount_type;
  const rawValue = line.discount_value;
  const typeSet = type !== undefined && type !== null;
  const valueSet = rawValue !== undefined && rawValue !== null;
  if (typeSet && type !== 'percent' && type !== 'fixed') {
    problems.push({ path: at('discount_type'), message: 'must be "percent", "fixed" or null' });
    return problems;
  }
  if (typeSet && !valueSet) {
    problems.push({ path: at('discount_value'), message: 'is required when discount_type is set' });
    return problems;
  }
  if (!typeSet && valueSet) {
    problems.push({
      path: at('discount_type'),
      message: 'is required when discount_value is set ("percent" or "fixed")',
    });
    return problems;
  }
  if (!valueSet) return problems;

  const value = asDecimal(rawValue);
  if (value === null) {
    problems.push({ path: at('discount_value'), message: 'must be a number' });
    return problems;
  }
  if (value.isNegative() && !value.isZero()) {
    problems.push({ path: at('discount_value'), message: 'must be greater than or equal to 0' });
    return problems;
  }
  if (type === 'percent' && value.greaterThan(100)) {
    problems.push({ path: at('discount_value'), message: 'a percent discount must be at most 100' });
  }
  if (
    type === 'fixed' &&
    quantity !== null &&
    unitPrice !== null &&
    value.greaterThan(quantity.times(unitPrice))
  ) {
    problems.push({
      path: at('discount_value'),
      message: 'a fixed discount must not exceed quantity × unit_price',
    });
  }
  return problems;
}

/** Finance fees quoted in basis points (1 bps = 0.01 %), rounded to cents once. */
export function basisPointsFee(principal: MoneyInput, bps: MoneyInput): Decimal {
  return roundMoney(parseMoney(principal).times(parseMoney(bps)).dividedBy(10000));
}
