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
  whose: string,
  used?: Decimal,
): ApiError {
  const what =
    limit === 'max_per_payment'
      ? `is more than ${whose} max_per_payment of ${limitValue.toFixed(2)} ${currency}`
      : `would take ${whose} payments of the last 24 hours to ${used!.plus(attempted).toFixed(2)} ${currency}, over its daily_volume of ${limitValue.toFixed(2)}`;
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
 * Checks a payment of `amount` by `keyId` against the limits of every family on the key's limit
 * path (CONTRACT 10): its own rotation family and each one above it in the minting chain. A
 * family's daily_volume counts the payments of every key below it, its rotations included, so
 * neither minting children nor rotating opens a fresh 24 hours. Throws payment_limit_exceeded
 * naming the first limit it would break. Locks the limited families' first key rows, top first
 * (one order for every payer, so no deadlock), until the caller's transaction ends: the caller
 * must insert the payment in the same transaction. A payment by an admin session or the service
 * (keyId null), or by a key with no limit anywhere on its path, takes no lock at all.
 */
export async function enforcePaymentLimits(
  trx: Tx,
  keyId: string | null,
  currency: Currency,
  amount: Decimal,
  now: Date,
): Promise<void> {
  if (keyId === null) return;
  // Limits never change after a key is minted (rotation copies them), so they are read unlocked;
  // only the families that have any are locked and summed.
  const path = await trx
    .selectFrom('api_keys as k')
    .innerJoin('api_keys as f', (j) => j.on(sql<boolean>`f.id = any(k.limit_path)`))
    .select([
      'f.id',
      'f.organization_id',
      'f.payment_limits',
      sql<number>`array_position(k.limit_path, f.id)`.as('depth'),
      sql<number>`cardinality(k.limit_path)`.as('own_depth'),
    ])
    .where('k.id', '=', keyId)
    .where('f.payment_limits', 'is not', null)
    .execute();
  if (path.length === 0) return;
  path.sort((a, b) => a.depth - b.depth);
  const ids = path.map((f) => f.id);
  await sql`select id from api_keys where id = any(${ids}::text[])
    order by array_position(${ids}::text[], id) for update`.execute(trx);
  const since = new Date(now.getTime() - DAILY_WINDOW_MS);
  for (const family of path) {
    const limits = family.payment_limits as PaymentLimits;
    const whose =
      family.depth === family.own_depth ? "this key's" : 'the key above this one in its minting chain, whose';
    // A currency a present limit does not list is not payable with this key (its limit is 0).
    const max = limits.max_per_payment;
    if (max) {
      const value = parseMoney(max[currency] ?? 0);
      if (amount.gt(value)) throw exceeded('max_per_payment', currency, value, amount, whose);
    }
    const daily = limits.daily_volume;
    if (!daily) continue;
    const value = parseMoney(daily[currency] ?? 0);
    // Cheap refusal first: this payment alone is over the limit.
    if (amount.gt(value)) throw exceeded('daily_volume', currency, value, amount, whose, new MoneyDecimal(0));
    const row = await trx
      .selectFrom('payments')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('used'))
      .where(
        'key_id',
        'in',
        trx
          .selectFrom('api_keys')
          .select('id')
          .where('organization_id', '=', family.organization_id)
          .where(sql<boolean>`limit_path @> array[${family.id}]::text[]`),
      )
      .where('currency', '=', currency)
      .where('status', '<>', 'failed')
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    const used = parseMoney(row.used);
    if (used.plus(amount).gt(value)) throw exceeded('daily_volume', currency, value, amount, whose, used);
  }
}
