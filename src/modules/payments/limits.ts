// payment_limits (CONTRACT 2), enforced before anything moves and atomically: the paying
// transaction locks the key's row, sums the key's rolling 24 h volume, and inserts the payment
// before it commits, so two payments with one key take turns and can never jointly exceed a limit.
import { sql } from 'kysely';
import type { Tx } from '../../context.ts';
import type { Currency } from '../../lib/currencies.ts';
import { ApiError } from '../../lib/errors.ts';
import { type Decimal, MoneyDecimal, parseMoney, toMoneyNumber } from '../../lib/money.ts';
import type { LimitName, PaymentLimits } from '../keys/payment-limits.ts';

/** The rolling window of daily_volume. */
export const DAILY_WINDOW_MS = 24 * 60 * 60 * 1000;

function exceeded(
  limit: LimitName,
  currency: Currency,
  limitValue: Decimal,
  attempted: Decimal,
  used?: Decimal,
): ApiError {
  const what =
    limit === 'max_per_payment'
      ? `is more than this key's max_per_payment of ${limitValue.toFixed(2)} ${currency}`
      : `would take this key's payments of the last 24 hours to ${used!.plus(attempted).toFixed(2)} ${currency}, over its daily_volume of ${limitValue.toFixed(2)}`;
  const unlisted = limitValue.isZero() ? ` (${currency} is not listed in ${limit}, so its limit is 0)` : '';
  return new ApiError(
    'payment_limit_exceeded',
    `The payment of ${attempted.toFixed(2)} ${currency} ${what}${unlisted}. Nothing was charged.`,
    {
      limit,
      currency,
      limit_value: toMoneyNumber(limitValue),
      attempted: toMoneyNumber(attempted),
      ...(used ? { used: toMoneyNumber(used) } : {}),
    },
  );
}

/**
 * Checks a payment of `amount` against the key's limits; throws payment_limit_exceeded naming the
 * first limit it would break. Locks the key row until the caller's transaction ends: the caller
 * must insert the payment in the same transaction. A key without payment_limits (and a payment
 * made by an admin session or the service, keyId null) has none.
 */
export async function enforcePaymentLimits(
  trx: Tx,
  keyId: string | null,
  currency: Currency,
  amount: Decimal,
  now: Date,
): Promise<void> {
  if (keyId === null) return;
  const key = await trx
    .selectFrom('api_keys')
    .select('payment_limits')
    .where('id', '=', keyId)
    .forUpdate()
    .executeTakeFirst();
  const limits = (key?.payment_limits ?? null) as PaymentLimits | null;
  if (!limits) return;
  // A currency a present limit does not list is not payable with this key (its limit is 0).
  const max = limits.max_per_payment;
  if (max) {
    const value = parseMoney(max[currency] ?? 0);
    if (amount.gt(value)) throw exceeded('max_per_payment', currency, value, amount);
  }
  const daily = limits.daily_volume;
  if (daily) {
    const value = parseMoney(daily[currency] ?? 0);
    // Cheap refusal first: this payment alone is over the limit.
    if (amount.gt(value)) throw exceeded('daily_volume', currency, value, amount, new MoneyDecimal(0));
    const row = await trx
      .selectFrom('payments')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('used'))
      .where('key_id', '=', keyId)
      .where('currency', '=', currency)
      .where('status', '<>', 'failed')
      .where('created_at', '>', new Date(now.getTime() - DAILY_WINDOW_MS))
      .executeTakeFirstOrThrow();
    const used = parseMoney(row.used);
    if (used.plus(amount).gt(value)) throw exceeded('daily_volume', currency, value, amount, used);
  }
}
