// Money limits that hold across delegation and rotation, and who may revoke or rotate whom
// (CONTRACT 10), written as the attacks: a 60 USD/day key with keys:manage paid 50, minted three
// children with 60 USD each and rotated itself, and moved 250 USD under a 60 USD limit; a limited
// keys:manage key revoked the admin's unrestricted keys:manage key; an organization minted keys
// without end.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { MAX_ACTIVE_KEYS } from '../../src/modules/keys/keys.ts';
import { errorOf } from '../helpers/document-setup.ts';
import { advanceClock, mintKey, signIn } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { bill, PAY_SCOPES, paid, pay, type Sandbox, sandbox, settle } from '../helpers/payments.ts';

let svc: TestService;
let sb: Sandbox;
before(async () => {
  svc = await startTestService();
  sb = await sandbox(svc, 'Delegating Co');
});
after(async () => {
  await svc?.close();
});

const MANAGER = [...PAY_SCOPES, 'keys:manage'] as const;
const limit60 = { daily_volume: { USD: 60 } };

async function child(parentKey: string, limits: unknown = limit60) {
  const res = await svc.req<{ id: string; key: string }>('POST', '/v1/keys', {
    token: parentKey,
    body: { name: 'child', scopes: PAY_SCOPES, payment_limits: limits },
  });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

describe('daily_volume up the minting chain and across rotation', () => {
  test('the attack: pay 50, mint three 60 USD children, rotate: never more than 60 USD in 24 h', async () => {
    const parent = await mintKey(svc, sb.session, [...MANAGER], { payment_limits: limit60 });
    await paid(svc, parent.key, (await bill(svc, sb.key, 50)).id);
    const kids = [await child(parent.key), await child(parent.key), await child(parent.key)];
    for (const kid of kids) {
      const err = errorOf(
        await pay(svc, kid.key, (await bill(svc, sb.key, 20)).id),
        422,
        'payment_limit_exceeded',
      );
      assert.equal(err.details?.limit, 'daily_volume');
      assert.equal(err.details?.used, 50, "the parent's 50 count for its children");
      assert.match(err.message, /above this one in its minting chain/);
    }
    // 10 more is exactly the parent's limit: one child may spend it, then nobody can spend more.
    await paid(svc, kids[0]!.key, (await bill(svc, sb.key, 10)).id);
    errorOf(await pay(svc, kids[1]!.key, (await bill(svc, sb.key, 1)).id), 422, 'payment_limit_exceeded');
    errorOf(await pay(svc, parent.key, (await bill(svc, sb.key, 1)).id), 422, 'payment_limit_exceeded');
    // Rotation (here by the admin: a keys:manage key cannot re-grant its own scope) keeps the window.
    const rotated = await svc.req<{ key: string }>('POST', `/v1/keys/${parent.id}/rotate`, {
      token: sb.session,
    });
    assert.equal(rotated.status, 201, rotated.text);
    const err = errorOf(
      await pay(svc, rotated.body.key, (await bill(svc, sb.key, 1)).id),
      422,
      'payment_limit_exceeded',
    );
    assert.equal(err.details?.used, 60);
    await settle(svc);
    // 24 hours later the window has moved for the whole family.
    await advanceClock(svc, 24 * 60 * 60 + 1);
    sb.session = await signIn(svc, sb.owner, sb.orgId); // sessions last 12 hours
    await paid(svc, kids[2]!.key, (await bill(svc, sb.key, 60)).id);
    errorOf(await pay(svc, rotated.body.key, (await bill(svc, sb.key, 1)).id), 422, 'payment_limit_exceeded');
  });

  test("a child's own limit still holds below a looser parent, and a failed payment does not count", async () => {
    const parent = await mintKey(svc, sb.session, [...MANAGER], {
      payment_limits: { daily_volume: { USD: 100 } },
    });
    const kid = await child(parent.key, { daily_volume: { USD: 30 }, max_per_payment: { USD: 25 } });
    const err = errorOf(
      await pay(svc, kid.key, (await bill(svc, sb.key, 26)).id),
      422,
      'payment_limit_exceeded',
    );
    assert.equal(err.details?.limit, 'max_per_payment');
    assert.match(err.message, /this key's/);
    const failing = await bill(svc, sb.key, 25);
    await paid(svc, kid.key, failing.id, { source_account_id: 'acct_sandbox_insufficient' });
    await settle(svc);
    await paid(svc, kid.key, (await bill(svc, sb.key, 25)).id);
    errorOf(await pay(svc, kid.key, (await bill(svc, sb.key, 10)).id), 422, 'payment_limit_exceeded');
    await paid(svc, parent.key, (await bill(svc, sb.key, 75)).id);
    errorOf(await pay(svc, parent.key, (await bill(svc, sb.key, 1)).id), 422, 'payment_limit_exceeded');
  });

  test('concurrent payments through a parent and its children never jointly pass the parent limit', async () => {
    const parent = await mintKey(svc, sb.session, [...MANAGER], {
      payment_limits: { daily_volume: { USD: 100 } },
    });
    const kids = [
      await child(parent.key, { daily_volume: { USD: 100 } }),
      await child(parent.key, { daily_volume: { USD: 100 } }),
    ];
    const payers = [parent.key, kids[0]!.key, kids[1]!.key, parent.key, kids[0]!.key, kids[1]!.key];
    const bills = await Promise.all(payers.map(() => bill(svc, sb.key, 30)));
    const results = await Promise.all(payers.map((k, i) => pay(svc, k, bills[i]!.id)));
    const ok = results.filter((r) => r.status === 202);
    for (const r of results) assert.ok([202, 422].includes(r.status), r.text);
    assert.equal(ok.length, 3, '3 × 30 fit in 100, a 4th would not');
    const sum = await sql<{ total: string }>`select coalesce(sum(p.amount), 0)::text as total from payments p
      join api_keys k on k.id = p.key_id where ${parent.id} = any(k.limit_path)`.execute(svc.ctx.db);
    assert.equal(sum.rows[0]!.total, '90.00');
  });
});

describe('who may revoke or rotate whom', () => {
  test("a limited keys:manage key cannot revoke or rotate the admin's keys:manage key: 403", async () => {
    const admins = await mintKey(svc, sb.session, [...MANAGER]);
    const limited = await mintKey(svc, sb.session, ['documents:read', 'keys:manage']);
    for (const act of ['revoke', 'rotate']) {
      const err = errorOf(
        await svc.req('POST', `/v1/keys/${admins.id}/${act}`, { token: limited.key }),
        403,
        'insufficient_scope',
      );
      assert.match(err.message, /could have minted/);
    }
    const still = await svc.req('GET', '/v1/organization', { token: admins.key });
    assert.equal(still.status, 200, 'the stronger key still works');
    // a key it could have minted: fine; itself: fine
    const reader = await mintKey(svc, sb.session, ['documents:read']);
    assert.equal((await svc.req('POST', `/v1/keys/${reader.id}/revoke`, { token: limited.key })).status, 200);
    const payer = await mintKey(svc, sb.session, ['documents:read', 'payments:write']);
    errorOf(
      await svc.req('POST', `/v1/keys/${payer.id}/revoke`, { token: limited.key }),
      403,
      'insufficient_scope',
    );
    assert.equal(
      (await svc.req('POST', `/v1/keys/${limited.id}/revoke`, { token: limited.key })).status,
      200,
    );
  });

  test('revoking a rotated key also revokes its predecessor still in grace', async () => {
    const k = await mintKey(svc, sb.session, ['documents:read']);
    const rotated = await svc.req<{ id: string; key: string }>('POST', `/v1/keys/${k.id}/rotate`, {
      token: sb.session,
    });
    assert.equal((await svc.req('GET', '/v1/organization', { token: k.key })).status, 200, 'in grace');
    assert.equal(
      (await svc.req('POST', `/v1/keys/${rotated.body.id}/revoke`, { token: sb.session })).status,
      200,
    );
    errorOf(await svc.req('GET', '/v1/organization', { token: rotated.body.key }), 401, 'unauthorized');
    errorOf(await svc.req('GET', '/v1/organization', { token: k.key }), 401, 'unauthorized');
    const old = await svc.req<{ status: string }>('GET', `/v1/keys/${k.id}`, { token: sb.session });
    assert.equal(old.body.status, 'revoked');
  });
});

describe('at most 1,000 active keys per organization', () => {
  test('the thousand-and-first is 409 conflict, also when minted concurrently; revoking frees a place', async () => {
    const own = await sandbox(svc, 'Many Keys Co');
    // 997 keys straight into the table (the API would take minutes), then the API for the rest.
    await sql`insert into api_keys (id, organization_id, name, prefix, secret_hash, scopes, created_at, limit_path)
      select 'key_bulk' || g, ${own.orgId}, 'bulk', 'rk_test_bulk', 'h' || g || ${own.orgId}, array['documents:read'], now(), array['key_bulk' || g]
      from generate_series(1, 997) g`.execute(svc.ctx.db);
    // own.key is the 998th; 2 places are left, and 5 mints race for them
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        svc.req('POST', '/v1/keys', {
          token: own.session,
          body: { name: 'racer', scopes: ['documents:read'] },
        }),
      ),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 201, 409, 409, 409]);
    const err = errorOf(results.find((r) => r.status === 409)!, 409, 'conflict');
    assert.equal(err.details?.limit, MAX_ACTIVE_KEYS);
    errorOf(await svc.req('POST', `/v1/keys/${own.keyId}/rotate`, { token: own.session }), 409, 'conflict');
    await svc.req('POST', '/v1/keys/key_bulk1/revoke', { token: own.session });
    assert.equal(
      (
        await svc.req('POST', '/v1/keys', {
          token: own.session,
          body: { name: 'after', scopes: ['documents:read'] },
        })
      ).status,
      201,
    );
  });
});
