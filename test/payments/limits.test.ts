// payment_limits (CONTRACT 2): max_per_payment and the rolling 24 h daily_volume of the key's
// payments that did not fail, enforced before anything moves; an unlisted currency has limit 0;
// concurrent payments (real HTTP requests at once) never jointly exceed a limit.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { errorOf } from '../helpers/document-setup.ts';
import { advanceClock } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';
import {
  accounts,
  bill,
  getDoc,
  keyOf,
  paid,
  pay,
  type Sandbox,
  sandbox,
  settle,
} from '../helpers/payments.ts';
import { assertLedgerInvariants } from '../ledger/helpers.ts';

let svc: TestService;
let sb: Sandbox;

before(async () => {
  svc = await startTestService();
  sb = await sandbox(svc, 'Limited Co');
});
after(async () => {
  await svc?.close();
});

const limited = (limits: unknown) => keyOf(svc, sb, undefined, { payment_limits: limits });

describe('limits', () => {
  test('max_per_payment: over it is payment_limit_exceeded naming the limit; nothing moves', async () => {
    const k = await limited({ max_per_payment: { USD: 100 } });
    const b = await bill(svc, sb.key, 150);
    const before = await accounts(svc, sb.key);
    const err = errorOf(await pay(svc, k.key, b.id), 422, 'payment_limit_exceeded');
    assert.deepEqual(err.details, {
      limit: 'max_per_payment',
      currency: 'USD',
      limit_value: 100,
      attempted: 150,
    });
    assert.match(err.message, /max_per_payment/);
    // The transition path is limited the same way.
    errorOf(
      await svc.req('POST', `/v1/documents/${b.id}/transition`, { token: k.key, body: { to: 'paid' } }),
      422,
      'payment_limit_exceeded',
    );
    const doc = await getDoc(svc, sb.key, b.id);
    assert.equal(doc.status, 'approved');
    assert.equal(doc.payment, null);
    assert.deepEqual(await accounts(svc, sb.key), before);
    // Exactly at the limit is fine.
    const ok = await bill(svc, sb.key, 100);
    await paid(svc, k.key, ok.id);
  });

  test('a currency a present limit does not list has limit 0', async () => {
    const k = await limited({ max_per_payment: { USD: 100 }, daily_volume: { USD: 1000, EUR: 1000 } });
    const eur = await bill(svc, sb.key, 1, 'EUR');
    const err = errorOf(await pay(svc, k.key, eur.id), 422, 'payment_limit_exceeded');
    assert.deepEqual(err.details, {
      limit: 'max_per_payment',
      currency: 'EUR',
      limit_value: 0,
      attempted: 1,
    });
    assert.match(err.message, /not listed/);
    const k2 = await limited({ daily_volume: { USD: 1000 } });
    const gbp = await bill(svc, sb.key, 1, 'GBP');
    const err2 = errorOf(await pay(svc, k2.key, gbp.id), 422, 'payment_limit_exceeded');
    assert.equal(err2.details?.limit, 'daily_volume');
    assert.equal(err2.details?.limit_value, 0);
    // A key without payment_limits has none.
    await paid(svc, sb.key, (await bill(svc, sb.key, 5000, 'GBP')).id);
  });

  test('concurrent payments over real HTTP never jointly exceed the limits', async () => {
    await settle(svc);
    const k = await limited({ max_per_payment: { USD: 100 }, daily_volume: { USD: 300 } });
    const bills: DocumentView[] = [];
    for (let i = 0; i < 8; i++) bills.push(await bill(svc, sb.key, 100));
    const base = await svc.listen();
    const results = await Promise.all(
      bills.map(async (b) => {
        const res = await fetch(`${base}/v1/documents/${b.id}/pay`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${k.key}`,
            'content-type': 'application/json',
            'idempotency-key': randomKey(),
          },
          body: '{}',
        });
        return {
          status: res.status,
          body: (await res.json()) as { error?: { code: string; details: unknown } },
        };
      }),
    );
    const ok = results.filter((r) => r.status === 202);
    const refused = results.filter((r) => r.status === 422);
    assert.equal(ok.length, 3, JSON.stringify(results.map((r) => r.status)));
    assert.equal(refused.length, 5);
    for (const r of refused) {
      assert.equal(r.body.error?.code, 'payment_limit_exceeded');
      assert.equal((r.body.error?.details as { limit?: string } | undefined)?.limit, 'daily_volume');
    }
    const sum = await sql<{ total: string; n: number }>`
      select coalesce(sum(amount), 0)::text as total, count(*)::int as n
        from payments where key_id = ${k.id} and status <> 'failed'`.execute(svc.ctx.db);
    assert.equal(sum.rows[0]!.total, '300.00');
    assert.equal(sum.rows[0]!.n, 3);
    await settle(svc);
    await assertLedgerInvariants(svc);
  });
  test('daily_volume: a rolling 24 h of the key’s payments that did not fail, on the service clock', async () => {
    await settle(svc);
    const k = await limited({ daily_volume: { USD: 250 } });
    await paid(svc, k.key, (await bill(svc, sb.key, 100)).id);
    await paid(svc, k.key, (await bill(svc, sb.key, 100)).id);
    const third = await bill(svc, sb.key, 100);
    const err = errorOf(await pay(svc, k.key, third.id), 422, 'payment_limit_exceeded');
    assert.deepEqual(err.details, {
      limit: 'daily_volume',
      currency: 'USD',
      limit_value: 250,
      attempted: 100,
      used: 200,
    });
    // Settled payments still count.
    await settle(svc);
    errorOf(await pay(svc, k.key, third.id), 422, 'payment_limit_exceeded');
    // Another key of the organization has its own limits.
    await paid(svc, sb.key, third.id);
    // A payment that fails stops counting once it failed (it counts while it is processing).
    const doomed = await bill(svc, sb.key, 50);
    await paid(svc, k.key, doomed.id, { source_account_id: 'acct_sandbox_insufficient' });
    const fifty = await bill(svc, sb.key, 50);
    errorOf(await pay(svc, k.key, fifty.id), 422, 'payment_limit_exceeded');
    await settle(svc);
    assert.equal((await getDoc(svc, sb.key, doomed.id)).payment?.status, 'failed');
    await paid(svc, k.key, fifty.id); // 100 + 100 + 50 = 250, exactly the limit
    errorOf(await pay(svc, k.key, (await bill(svc, sb.key, 0.01)).id), 422, 'payment_limit_exceeded');
    // 24 hours later (and not a millisecond less) the window is free again.
    await advanceClock(svc, 24 * 3600 - 60);
    errorOf(await pay(svc, k.key, (await bill(svc, sb.key, 100)).id), 422, 'payment_limit_exceeded');
    await advanceClock(svc, 120);
    await paid(svc, k.key, (await bill(svc, sb.key, 100)).id);
    await settle(svc);
  });
});
