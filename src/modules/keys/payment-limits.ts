// payment_limits (CONTRACT 2): amounts in major units per currency, e.g.
// { "max_per_payment": {"USD": 5000}, "daily_volume": {"USD": 20000} }.
import { CURRENCIES, type Currency } from '../../lib/currencies.ts';
import type { FieldProblem } from '../../lib/errors.ts';

export type LimitName = 'max_per_payment' | 'daily_volume';
export type PaymentLimits = Partial<Record<LimitName, Partial<Record<Currency, number>>>>;

const LIMIT_NAMES: LimitName[] = ['max_per_payment', 'daily_volume'];

function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e')) return 99;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

export function validatePaymentLimits(input: unknown): { limits: PaymentLimits; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const limits: PaymentLimits = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { limits, problems: [{ path: 'payment_limits', message: 'must be an object' }] };
  }
  const obj = input as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    if (!(LIMIT_NAMES as string[]).includes(k)) {
      problems.push({
        path: `payment_limits.${k}`,
        message: 'unknown limit; use max_per_payment or daily_volume',
      });
    }
  }
  for (const name of LIMIT_NAMES) {
    const perCurrency = obj[name];
    if (perCurrency === undefined) continue;
    if (typeof perCurrency !== 'object' || perCurrency === null || Array.isArray(perCurrency)) {
      problems.push({ path: `payment_limits.${name}`, message: 'must be an object of currency → amount' });
      continue;
    }
    const out: Partial<Record<Currency, number>> = {};
    for (const [cur, amount] of Object.entries(perCurrency as Record<string, unknown>)) {
      const path = `payment_limits.${name}.${cur}`;
      if (!(CURRENCIES as readonly string[]).includes(cur)) {
        problems.push({ path, message: `unknown currency; use one of ${CURRENCIES.join(', ')}` });
      } else if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
        problems.push({ path, message: 'must be a number ≥ 0 in major units' });
      } else if (decimals(amount) > 2) {
        problems.push({ path, message: 'must have at most 2 decimals' });
      } else if (amount > 1e13) {
        problems.push({ path, message: 'must be at most 10000000000000' });
      } else {
        out[cur as Currency] = amount;
      }
    }
    limits[name] = out;
  }
  if (problems.length === 0 && Object.keys(limits).length === 0) {
    problems.push({ path: 'payment_limits', message: 'set max_per_payment, daily_volume, or both' });
  }
  return { limits, problems };
}
