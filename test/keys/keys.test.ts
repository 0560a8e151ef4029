// Keys (spec 2.3, 3 and 5; CONTRACT 2 and 8): prefixes by environment, the secret once, only a
// hash stored, scopes never grantable beyond the grantor, payment_limits, allowed_cidrs refused
// before the request is looked at, per-key rate limits (shared through Redis), and the lifecycle
// on the service clock: expiry, revocation, the 24-hour rotation grace, last_used_at.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import type { AppContext } from '../../src/context.ts';
import { SCOPES } from '../../src/lib/scopes.ts';
import { assertNamesField, dumpAllTables, expectApiError } from '../helpers/expect.ts';
import { advanceClock, mintKey, operator, type SignedUp, signIn, signup } from '../helpers/flows.ts';
import { type Res, startTestService, type TestService } from '../helpers/harness.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface KeyView {
  id: string;
  object: string;
  organization_id: string;
  name: string;
  prefix: string;
  key?: string;
  scopes: string[];
  status: string;
  expires_at: string | null;
  allowed_cidrs: string[] | null;
  payment_limits?: unknown;
  last_used_at: string | null;
  created_at: string;
  revoked_at: string | null;
  rotated_from_id: string | null;
  rotated_to_id: string | null;
  previous?: { id: string; prefix: string; expires_at: string | null; rotated_to_id: string | null };
}

let svc: TestService;
let a: SignedUp;
let b: SignedUp;

before(async () => {
  svc = await startTestService();
  a = await signup(svc, 'Keys A');
  b = await signup(svc, 'Keys B');
});
after(async () => {
  await svc?.close();
});

async function create(token: string, body: Record<string, unknown>) {
  return svc.req<KeyView>('POST', '/v1/keys', { token, body });
}

describe('keys', () => {
  test('a live organization gets rk_live_ keys; prefix is the first 12 characters; the record is complete', async () => {
    const r = await create(a.session, { name: 'Primary', scopes: ['documents:read', 'documents:write'] });
    assert.equal(r.status, 201);
    const k = r.body;
    assert.match(k.key!, /^rk_live_[0-9A-Za-z]{32}$/);
    assert.equal(k.prefix, k.key!.slice(0, 12));
    assert.match(k.id, /^key_/);
    assert.equal(k.object, 'api_key');
    assert.equal(k.organization_id, a.orgId);
    assert.equal(k.name, 'Primary');
    assert.deepEqual(k.scopes, ['documents:read', 'documents:write']);
    assert.equal(k.status, 'active');
    assert.equal(k.expires_at, null);
    assert.equal(k.allowed_cidrs, null);
    assert.equal(k.last_used_at, null);
    assert.equal(k.revoked_at, null);
    assert.equal(k.rotated_from_id, null);
    assert.equal(k.rotated_to_id, null);
    assert.equal(k.payment_limits, undefined);
    assert.ok(!Number.isNaN(Date.parse(k.created_at)));
    // the key works
    const org = await svc.req<{ id: string }>('GET', '/v1/organization', { token: k.key! });
    assert.equal(org.body.id, a.orgId);
  });

  test('a sandbox organization gets rk_test_ keys', async () => {
    const sb = await svc.req<{ session: { token: string }; organization: { id: string } }>(
      'POST',
      '/v1/sandbox',
      {
        token: a.session,
      },
    );
    assert.equal(sb.status, 201);
    const r = await create(sb.body.session.token, { name: 'Sandbox', scopes: ['documents:read'] });
    assert.equal(r.status, 201);
    assert.match(r.body.key!, /^rk_test_[0-9A-Za-z]{32}$/);
    assert.equal(r.body.prefix, r.body.key!.slice(0, 12));
    assert.equal(r.body.organization_id, sb.body.organization.id);
    const org = await svc.req<{ environment: string }>('GET', '/v1/organization', { token: r.body.key! });
    assert.equal(org.body.environment, 'sandbox');
  });

  test('the secret is in the creating response only: never in get or list', async () => {
    const k = await mintKey(svc, a.session, ['documents:read']);
    const got = await svc.req<KeyView>('GET', `/v1/keys/${k.id}`, { token: a.session });
    assert.equal(got.status, 200);
    assert.equal(got.body.key, undefined);
    assert.ok(!got.text.includes(k.key.slice(12)));
    assert.equal(got.body.prefix, k.prefix);
    const list = await svc.req<{ data: KeyView[] }>('GET', '/v1/keys?limit=100', { token: a.session });
    assert.ok(list.body.data.some((x) => x.id === k.id));
    for (const row of list.body.data) assert.equal(row.key, undefined);
    assert.ok(!list.text.includes(k.key.slice(12)));
  });

  test('only a hash is stored: no column of any table holds the secret', async () => {
    const k = await mintKey(svc, a.session, ['documents:read']);
    const row = await svc.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', k.id)
      .executeTakeFirstOrThrow();
    for (const [col, value] of Object.entries(row)) {
      assert.ok(!JSON.stringify(value ?? null).includes(k.key.slice(12)), `api_keys.${col}`);
    }
    assert.match(row.secret_hash, /^[0-9a-f]{64}$/);
    const dump = await dumpAllTables(svc);
    assert.ok(!dump.includes(k.key.slice(12)), 'the secret is nowhere in the database');
  });

  test('scopes are validated: unknown ones named with the valid list, empty refused, duplicates folded', async () => {
    const e = expectApiError(
      await create(a.session, { name: 'x', scopes: ['documents:read', 'admin'] }),
      400,
      'invalid_request',
    );
    assertNamesField(e, 'scopes[1]');
    assert.match(e.message, /documents:read/, `the message lists the valid scopes: ${e.message}`);
    assert.doesNotMatch(JSON.stringify(e.details), /must be null|equal to constant/);
    expectApiError(await create(a.session, { name: 'x', scopes: [] }), 400, 'invalid_request');
    expectApiError(await create(a.session, { name: 'x' }), 400, 'invalid_request');
    expectApiError(await create(a.session, { name: '', scopes: ['documents:read'] }), 400, 'invalid_request');
    expectApiError(await create(a.session, { name: 'x', scopes: 'documents:read' }), 400, 'invalid_request');
    const dup = await create(a.session, { name: 'x', scopes: ['documents:read', 'documents:read'] });
    assert.equal(dup.status, 201);
    assert.deepEqual(dup.body.scopes, ['documents:read']);
    const all = await create(a.session, { name: 'all', scopes: [...SCOPES] });
    assert.equal(all.status, 201, all.text);
  });

  test('keys:manage is grantable only from a session; a keys:manage key mints only what it holds', async () => {
    const manager = await mintKey(svc, a.session, ['keys:manage', 'documents:read']);
    const e1 = expectApiError(
      await create(manager.key, { name: 'x', scopes: ['keys:manage'] }),
      403,
      'insufficient_scope',
    );
    assert.equal(e1.details?.required, 'admin_session');
    const e2 = expectApiError(
      await create(manager.key, { name: 'x', scopes: ['documents:read', 'documents:write'] }),
      403,
      'insufficient_scope',
    );
    assert.equal(e2.details?.required, 'documents:write');
    const ok = await create(manager.key, { name: 'minted by a key', scopes: ['documents:read'] });
    assert.equal(ok.status, 201);
    assert.match(ok.body.key!, /^rk_live_/);
    // a key without keys:manage cannot manage keys at all
    const reader = await mintKey(svc, a.session, ['documents:read']);
    for (const [method, url] of [
      ['POST', '/v1/keys'],
      ['GET', '/v1/keys'],
      ['GET', `/v1/keys/${reader.id}`],
      ['POST', `/v1/keys/${reader.id}/revoke`],
      ['POST', `/v1/keys/${reader.id}/rotate`],
    ] as const) {
      const e = expectApiError(
        await svc.req(method, url, {
          token: reader.key,
          ...(method === 'POST' && url === '/v1/keys'
            ? { body: { name: 'x', scopes: ['documents:read'] } }
            : {}),
        }),
        403,
        'insufficient_scope',
      );
      assert.equal(e.details?.required, 'keys:manage', `${method} ${url}`);
    }
    // the keys:manage key can list, read and revoke
    assert.equal((await svc.req('GET', '/v1/keys', { token: manager.key })).status, 200);
    assert.equal((await svc.req('GET', `/v1/keys/${reader.id}`, { token: manager.key })).status, 200);
    assert.equal(
      (await svc.req('POST', `/v1/keys/${ok.body.id}/revoke`, { token: manager.key })).status,
      200,
    );
  });

  test('a keys:manage key cannot rotate its way to scopes it lacks', async () => {
    const manager = await mintKey(svc, a.session, ['keys:manage', 'documents:read']);
    const strong = await mintKey(svc, a.session, ['payments:write', 'documents:write']);
    const e = expectApiError(
      await svc.req('POST', `/v1/keys/${strong.id}/rotate`, { token: manager.key }),
      403,
      'insufficient_scope',
    );
    assert.ok(e.details?.required);
    const after = await svc.req<KeyView>('GET', `/v1/keys/${strong.id}`, { token: a.session });
    assert.equal(after.body.status, 'active', 'the refused rotation changed nothing');
    assert.equal(after.body.rotated_to_id, null);
    // rotating a key with keys:manage mints keys:manage: a session's privilege
    const self = expectApiError(
      await svc.req('POST', `/v1/keys/${manager.id}/rotate`, { token: manager.key }),
      403,
      'insufficient_scope',
    );
    assert.equal(self.details?.required, 'admin_session');
    // a key it could have minted itself it may rotate
    const weak = await mintKey(svc, a.session, ['documents:read']);
    const rotated = await svc.req<KeyView>('POST', `/v1/keys/${weak.id}/rotate`, { token: manager.key });
    assert.equal(rotated.status, 201, rotated.text);
    // and a session rotates anything
    assert.equal((await svc.req('POST', `/v1/keys/${strong.id}/rotate`, { token: a.session })).status, 201);
  });

  test('a key cannot mint or rotate a key less restricted than itself (limits, expiry, CIDRs)', async () => {
    const in30d = new Date(Date.now() + 30 * 86400_000).toISOString();
    const manager = await mintKey(svc, a.session, ['keys:manage', 'payments:write', 'documents:read'], {
      payment_limits: { max_per_payment: { USD: 100 }, daily_volume: { USD: 1000 } },
      expires_at: in30d,
      allowed_cidrs: ['127.0.0.0/8'],
    });
    const ok = {
      name: 'child',
      scopes: ['payments:write'],
      payment_limits: { max_per_payment: { USD: 50 }, daily_volume: { USD: 1000 } },
      expires_at: new Date(Date.now() + 10 * 86400_000).toISOString(),
      allowed_cidrs: ['127.0.0.1/32'],
    };
    const looser: [string, Record<string, unknown>][] = [
      ['payment_limits', { payment_limits: undefined }],
      ['payment_limits', { payment_limits: { max_per_payment: { USD: 200 }, daily_volume: { USD: 1000 } } }],
      [
        'payment_limits',
        { payment_limits: { max_per_payment: { USD: 50, EUR: 10 }, daily_volume: { USD: 1000 } } },
      ],
      ['payment_limits', { payment_limits: { max_per_payment: { USD: 50 } } }],
      ['expires_at', { expires_at: undefined }],
      ['expires_at', { expires_at: new Date(Date.now() + 60 * 86400_000).toISOString() }],
      ['allowed_cidrs', { allowed_cidrs: undefined }],
      ['allowed_cidrs', { allowed_cidrs: ['127.0.0.1/32', '0.0.0.0/0'] }],
      ['allowed_cidrs', { allowed_cidrs: ['::1/128'] }],
    ];
    for (const [field, change] of looser) {
      const body = JSON.parse(JSON.stringify({ ...ok, ...change }));
      const e = expectApiError(await create(manager.key, body), 403, 'insufficient_scope');
      assert.equal(e.details?.required, 'admin_session', JSON.stringify(change));
      assert.equal(e.details?.field, field, JSON.stringify(change));
    }
    const child = await create(manager.key, ok);
    assert.equal(child.status, 201, child.text);
    // keys without payments:write need no limits; the same expiry and a sub-range are fine
    const reader = await create(manager.key, {
      name: 'r',
      scopes: ['documents:read'],
      expires_at: in30d,
      allowed_cidrs: ['127.0.0.0/16'],
    });
    assert.equal(reader.status, 201, reader.text);
    // rotating a looser key would hand the manager its new secret
    const loose = await mintKey(svc, a.session, ['documents:read']);
    const rot = expectApiError(
      await svc.req('POST', `/v1/keys/${loose.id}/rotate`, { token: manager.key }),
      403,
      'insufficient_scope',
    );
    assert.equal(rot.details?.required, 'admin_session');
    assert.equal(
      (await svc.req('POST', `/v1/keys/${reader.body.id}/rotate`, { token: manager.key })).status,
      201,
    );
    // an unrestricted keys:manage key mints freely
    const free = await mintKey(svc, a.session, ['keys:manage', 'payments:write']);
    assert.equal((await create(free.key, { name: 'x', scopes: ['payments:write'] })).status, 201);
  });

  test('treasury:read on an unverified organization is capability_unavailable', async (t) => {
    const k = await mintKey(svc, b.session, ['treasury:read']);
    const res = await svc.req('GET', '/v1/treasury/accounts', { token: k.key });
    if (res.status === 404 && /No route/.test(res.text)) {
      t.skip('no treasury route yet (payments/treasury issue); the intersection is tested there');
      return;
    }
    expectApiError(res, 403, 'capability_unavailable');
    assert.equal((await operator(svc, 'POST', `/v1/operator/organizations/${b.orgId}/verify`)).status, 200);
    assert.equal((await svc.req('GET', '/v1/treasury/accounts', { token: k.key })).status, 200);
  });

  test('expires_at must be a future timestamp', async () => {
    const past = expectApiError(
      await create(a.session, {
        name: 'x',
        scopes: ['documents:read'],
        expires_at: '2020-01-01T00:00:00.000Z',
      }),
      400,
      'invalid_request',
    );
    assertNamesField(past, 'expires_at');
    const now = expectApiError(
      await create(a.session, {
        name: 'x',
        scopes: ['documents:read'],
        expires_at: new Date(Date.now() - 1000).toISOString(),
      }),
      400,
      'invalid_request',
    );
    assertNamesField(now, 'expires_at');
    assertNamesField(
      expectApiError(
        await create(a.session, { name: 'x', scopes: ['documents:read'], expires_at: 'tomorrow' }),
        400,
        'invalid_request',
      ),
      'expires_at',
    );
    const future = new Date(Date.now() + 7 * 86400_000).toISOString();
    const ok = await create(a.session, { name: 'x', scopes: ['documents:read'], expires_at: future });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.expires_at, future);
  });

  test('payment_limits: only with payments:write, known currencies, non-negative, at most 2 decimals', async () => {
    const base = { name: 'payer', scopes: ['payments:write'] };
    assertNamesField(
      expectApiError(
        await create(a.session, {
          name: 'x',
          scopes: ['documents:write'],
          payment_limits: { max_per_payment: { USD: 10 } },
        }),
        400,
        'invalid_request',
      ),
      'payment_limits',
    );
    const cases: [unknown, string | RegExp][] = [
      [{ max_per_payment: { XYZ: 10 } }, /^payment_limits\.max_per_payment\.XYZ$/],
      [{ max_per_payment: { USD: -1 } }, 'payment_limits.max_per_payment.USD'],
      [{ daily_volume: { EUR: 10.123 } }, 'payment_limits.daily_volume.EUR'],
      [{ daily_volume: { EUR: '10' } }, 'payment_limits.daily_volume.EUR'],
      [{ weekly_volume: { USD: 10 } }, 'payment_limits.weekly_volume'],
      [{}, 'payment_limits'],
    ];
    for (const [limits, path] of cases) {
      const e = expectApiError(
        await create(a.session, { ...base, payment_limits: limits }),
        400,
        'invalid_request',
      );
      assertNamesField(e, path);
    }
    const limits = { max_per_payment: { USD: 5000, EUR: 99.99 }, daily_volume: { USD: 20000.5 } };
    const r = await create(a.session, { ...base, payment_limits: limits });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.body.payment_limits, limits);
    const got = await svc.req<KeyView>('GET', `/v1/keys/${r.body.id}`, { token: a.session });
    assert.deepEqual(got.body.payment_limits, limits);
    const list = await svc.req<{ data: KeyView[] }>('GET', '/v1/keys?limit=100', { token: a.session });
    assert.deepEqual(list.body.data.find((k) => k.id === r.body.id)?.payment_limits, limits);
    // a payments:write key without limits has none
    const none = await create(a.session, base);
    assert.equal(none.body.payment_limits, undefined);
  });

  test("another organization's key is not_found for get, revoke and rotate", async () => {
    const k = await mintKey(svc, a.session, ['documents:read']);
    for (const [method, url] of [
      ['GET', `/v1/keys/${k.id}`],
      ['POST', `/v1/keys/${k.id}/revoke`],
      ['POST', `/v1/keys/${k.id}/rotate`],
    ] as const) {
      expectApiError(await svc.req(method, url, { token: b.session }), 404, 'not_found');
    }
    expectApiError(
      await svc.req('GET', '/v1/keys/key_doesNotExist000000000', { token: a.session }),
      404,
      'not_found',
    );
    const list = await svc.req<{ data: KeyView[] }>('GET', '/v1/keys?limit=100', { token: b.session });
    assert.ok(list.body.data.every((x) => x.organization_id === b.orgId));
    // still active
    assert.equal((await svc.req('GET', '/v1/organization', { token: k.key })).status, 200);
  });
});

describe('allowed_cidrs', () => {
  const createCidr = (body: Record<string, unknown>) =>
    svc.req<{ id: string; key: string; allowed_cidrs: string[] | null }>('POST', '/v1/keys', {
      token: a.session,
      body: { name: 'cidr', scopes: ['documents:read'], ...body },
    });

  test('at most 20 ranges; 20 are accepted', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `10.${i}.0.0/16`);
    const ok = await createCidr({ allowed_cidrs: twenty });
    assert.equal(ok.status, 201, ok.text);
    assert.deepEqual(ok.body.allowed_cidrs, twenty);
    const e = expectApiError(
      await createCidr({ allowed_cidrs: [...twenty, '10.99.0.0/16'] }),
      400,
      'invalid_request',
    );
    assertNamesField(e, 'allowed_cidrs');
    assert.match(e.message, /20/);
  });

  test('bad entries are each named; an empty list is refused', async () => {
    const e = expectApiError(
      await createCidr({
        allowed_cidrs: ['10.0.0.0/8', 'banana', '10.0.0.0/33', '2001:db8::/129', '10.1', 'fe80::1%eth0'],
      }),
      400,
      'invalid_request',
    );
    for (const i of [1, 2, 3, 4, 5]) assertNamesField(e, `allowed_cidrs[${i}]`);
    assert.ok(!e.details?.errors?.some((p) => p.path === 'allowed_cidrs[0]'));
    assert.ok(e.details?.errors?.some((p) => p.message.includes('banana')));
    assertNamesField(
      expectApiError(await createCidr({ allowed_cidrs: [] }), 400, 'invalid_request'),
      'allowed_cidrs',
    );
    assertNamesField(
      expectApiError(await createCidr({ allowed_cidrs: [42] }), 400, 'invalid_request'),
      /^allowed_cidrs/,
    );
    // null means any address, like omission
    const anyAddress = await createCidr({ allowed_cidrs: null });
    assert.equal(anyAddress.status, 201);
    assert.equal(anyAddress.body.allowed_cidrs, null);
  });

  test('ranges are stored as enforced: host bits cleared, IPv6 in canonical form, bare address = one host', async () => {
    const r = await createCidr({ allowed_cidrs: ['10.1.2.3/8', '2001:DB8:0:0::/32', '192.0.2.7'] });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.body.allowed_cidrs, ['10.0.0.0/8', '2001:db8::/32', '192.0.2.7/32']);
  });

  test('IPv4 ranges: inside passes, outside is 403 forbidden; the IPv4-mapped IPv6 form is the same client', async () => {
    const k = (await createCidr({ allowed_cidrs: ['203.0.113.0/24'] })).body;
    for (const ip of ['203.0.113.7', '203.0.113.255', '::ffff:203.0.113.9']) {
      const r = await svc.req('GET', '/v1/organization', { token: k.key, remoteAddress: ip });
      assert.equal(r.status, 200, `${ip}: ${r.text}`);
    }
    for (const ip of ['203.0.114.1', '198.51.100.1', '127.0.0.1', '::ffff:198.51.100.1', '2001:db8::1']) {
      expectApiError(
        await svc.req('GET', '/v1/organization', { token: k.key, remoteAddress: ip }),
        403,
        'forbidden',
      );
    }
  });

  test('IPv6 ranges match IPv6 peers', async () => {
    const k = (await createCidr({ allowed_cidrs: ['2001:db8:abcd::/48', '::1/128'] })).body;
    for (const ip of ['2001:db8:abcd::1', '2001:db8:abcd:ffff::42', '::1']) {
      assert.equal(
        (await svc.req('GET', '/v1/organization', { token: k.key, remoteAddress: ip })).status,
        200,
        ip,
      );
    }
    for (const ip of ['2001:db8:abce::1', '2001:db9::1', '127.0.0.1', '203.0.113.7']) {
      expectApiError(
        await svc.req('GET', '/v1/organization', { token: k.key, remoteAddress: ip }),
        403,
        'forbidden',
      );
    }
  });

  test('forbidden comes before the body is read or parsed, and before scope checks', async () => {
    const manager = await mintKey(svc, a.session, ['keys:manage', 'documents:read'], {
      allowed_cidrs: ['192.0.2.0/24'],
    });
    const outside = { token: manager.key, remoteAddress: '198.51.100.20' };
    // invalid JSON, a non-JSON type and an oversized body: all answered forbidden, not 400/415/413
    expectApiError(
      await svc.req('POST', '/v1/keys', {
        ...outside,
        rawBody: '{"broken',
        headers: { 'content-type': 'application/json' },
      }),
      403,
      'forbidden',
    );
    expectApiError(
      await svc.req('POST', '/v1/keys', {
        ...outside,
        rawBody: 'a=b',
        headers: { 'content-type': 'text/plain' },
      }),
      403,
      'forbidden',
    );
    expectApiError(
      await svc.req('POST', '/v1/keys', {
        ...outside,
        rawBody: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      }),
      403,
      'forbidden',
    );
    // no Idempotency-Key either: still forbidden, the request is not looked at
    expectApiError(
      await svc.req('POST', '/v1/keys', {
        ...outside,
        idem: null,
        body: { name: 'x', scopes: ['documents:read'] },
      }),
      403,
      'forbidden',
    );
    // an operation the key has no scope for: forbidden, not insufficient_scope
    const reader = await mintKey(svc, a.session, ['documents:read'], { allowed_cidrs: ['192.0.2.0/24'] });
    expectApiError(
      await svc.req('GET', '/v1/keys', { token: reader.key, remoteAddress: '198.51.100.20' }),
      403,
      'forbidden',
    );
    // from inside the range the same broken body reaches the parser
    expectApiError(
      await svc.req('POST', '/v1/keys', {
        token: manager.key,
        remoteAddress: '192.0.2.10',
        rawBody: '{"broken',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_request',
    );
    const ok = await svc.req('POST', '/v1/keys', {
      token: manager.key,
      remoteAddress: '192.0.2.10',
      body: { name: 'from inside', scopes: ['documents:read'], allowed_cidrs: ['192.0.2.0/25'] },
    });
    assert.equal(ok.status, 201, ok.text);
  });

  test('over real HTTP the TCP peer is the address checked', async () => {
    const url = await svc.listen();
    const local = await mintKey(svc, a.session, ['documents:read'], {
      allowed_cidrs: ['127.0.0.0/8', '::1/128'],
    });
    const remote = await mintKey(svc, a.session, ['documents:read'], { allowed_cidrs: ['198.51.100.0/24'] });
    const get = (key: string, headers: Record<string, string> = {}) =>
      fetch(`${url}/v1/organization`, { headers: { authorization: `Bearer ${key}`, ...headers } });
    assert.equal((await get(local.key)).status, 200);
    assert.equal((await get(remote.key)).status, 403);
    // without DOCEX_TRUST_PROXY a forwarded header does not change the address
    assert.equal((await get(remote.key, { 'x-forwarded-for': '198.51.100.7' })).status, 403);
  });
});

/**
 * Holds the service clock still (the buckets refill on it), so a loaded machine cannot refill a
 * token between two requests of a burst. `tick` moves it on; `release` lets it run again.
 */
function holdClock(...ctxs: AppContext[]) {
  const real = ctxs.map((c) => c.clock);
  let at = real[0]!.now().getTime();
  for (const c of ctxs) c.clock = { ...c.clock, now: () => new Date(at) };
  return {
    tick(seconds: number) {
      at += seconds * 1000;
    },
    release() {
      ctxs.forEach((c, i) => {
        c.clock = real[i]!;
      });
    },
  };
}

function assertRateHeaders(res: Res<unknown>, limit = 10): void {
  assert.equal(res.headers['ratelimit-limit'], String(limit), `RateLimit-Limit on ${res.status} ${res.text}`);
  assert.match(String(res.headers['ratelimit-remaining']), /^\d+$/);
  assert.match(String(res.headers['ratelimit-reset']), /^\d+$/);
}

describe('rate limits', () => {
  // another process of the deployment with DOCEX_RATE_LIMIT=5 (bursts of 10)
  let limited: TestService;
  before(async () => {
    limited = await svc.variant({ DOCEX_RATE_LIMIT: '5' });
  });
  after(async () => {
    await limited?.close();
  });

  test('a burst of twice the rate passes; the next request is 429 rate_limited with Retry-After', async (t) => {
    const k = await mintKey(svc, a.session, ['documents:read']);
    const clock = holdClock(limited.ctx);
    t.after(() => clock.release());
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => limited.req('GET', '/v1/organization', { token: k.key })),
    );
    for (const r of burst) {
      assert.equal(r.status, 200, r.text);
      assertRateHeaders(r);
    }
    const remaining = burst.map((r) => Number(r.headers['ratelimit-remaining'])).sort((x, y) => x - y);
    assert.deepEqual(remaining, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const refused = await limited.req('GET', '/v1/organization', { token: k.key });
    const e = expectApiError(refused, 429, 'rate_limited');
    assertRateHeaders(refused);
    assert.equal(refused.headers['ratelimit-remaining'], '0');
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(
      Number.isInteger(retryAfter) && retryAfter >= 1,
      `Retry-After ${refused.headers['retry-after']}`,
    );
    assert.equal(e.details?.retry_after, retryAfter);

    // another key of the same organization has its own bucket
    const other = await mintKey(svc, a.session, ['documents:read']);
    const ok = await limited.req('GET', '/v1/organization', { token: other.key });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers['ratelimit-remaining'], '9');
    // sessions are not keyed: not limited by the key's bucket
    assert.equal((await limited.req('GET', '/v1/organization', { token: a.session })).status, 200);

    // the bucket refills on the service clock
    clock.tick(retryAfter);
    const again = await limited.req('GET', '/v1/organization', { token: k.key });
    assert.equal(again.status, 200, again.text);
    clock.release();
  });

  test('every keyed response carries the RateLimit headers, refusals included', async () => {
    const reader = await mintKey(svc, a.session, ['documents:read']);
    const manager = await mintKey(svc, a.session, ['keys:manage']);
    const cases: Res<unknown>[] = [
      await limited.req('GET', '/v1/organization', { token: reader.key }),
      await limited.req('GET', '/v1/keys', { token: reader.key }), // insufficient_scope
      await limited.req('POST', '/v1/connections', {
        token: reader.key,
        body: { counterparty_organization_id: 'x' },
      }), // admin_session
      await limited.req('GET', '/v1/keys/key_nope0000000000000000000', { token: manager.key }), // not_found
      await limited.req('POST', '/v1/keys', { token: manager.key, idem: null, body: {} }), // invalid_request
      await limited.req('GET', '/v1/keys?limit=0', { token: manager.key }), // invalid_request
    ];
    assert.deepEqual(
      cases.map((r) => r.status),
      [200, 403, 403, 404, 400, 400],
    );
    for (const r of cases) assertRateHeaders(r);
  });

  test('refusals count against the bucket: a key cannot hammer what it may not call', async (t) => {
    const reader = await mintKey(svc, a.session, ['documents:read']);
    const clock = holdClock(limited.ctx);
    t.after(() => clock.release());
    for (let i = 0; i < 10; i++) await limited.req('GET', '/v1/keys', { token: reader.key });
    expectApiError(await limited.req('GET', '/v1/keys', { token: reader.key }), 429, 'rate_limited');
    expectApiError(await limited.req('GET', '/v1/organization', { token: reader.key }), 429, 'rate_limited');
    clock.release();
  });

  test('with REDIS_URL two service processes draw from one bucket', async (t) => {
    const probe = new Redis(REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      await probe.connect();
      await probe.ping();
    } catch {
      t.skip(`Redis is not reachable at ${REDIS_URL}`);
      return;
    } finally {
      probe.disconnect();
    }
    // two processes of one deployment: the same database, the same Redis, each its own memory
    const one = await svc.variant({ DOCEX_RATE_LIMIT: '5', REDIS_URL });
    const two = await svc.variant({ DOCEX_RATE_LIMIT: '5', REDIS_URL });
    const clock = holdClock(one.ctx, two.ctx);
    try {
      const k = await mintKey(svc, a.session, ['documents:read']);
      const first = await Promise.all(
        Array.from({ length: 6 }, () => one.req('GET', '/v1/organization', { token: k.key })),
      );
      assert.ok(first.every((r) => r.status === 200));
      const second = await Promise.all(
        Array.from({ length: 4 }, () => two.req('GET', '/v1/organization', { token: k.key })),
      );
      assert.ok(second.every((r) => r.status === 200));
      assert.ok(
        second.every((r) => Number(r.headers['ratelimit-remaining']) <= 3),
        "the second process saw the first one's use",
      );
      expectApiError(await two.req('GET', '/v1/organization', { token: k.key }), 429, 'rate_limited');
      expectApiError(await one.req('GET', '/v1/organization', { token: k.key }), 429, 'rate_limited');
      // another key is untouched in both processes
      const other = await mintKey(svc, a.session, ['documents:read']);
      assert.equal((await two.req('GET', '/v1/organization', { token: other.key })).status, 200);
    } finally {
      clock.release();
      await one.close();
      await two.close();
    }
  });
});

describe('key lifecycle on the service clock (runs last: it moves the clock by days)', () => {
  /** A session that is re-made whenever a test moved the clock past 12 hours. */
  let session: string;

  before(() => {
    session = a.session;
  });

  async function now(): Promise<Date> {
    const r = await operator(svc, 'GET', '/v1/test_helpers/clock');
    return new Date((r.body as { now: string }).now);
  }
  let sessionAge = 0;
  async function advance(seconds: number): Promise<void> {
    await advanceClock(svc, seconds);
    sessionAge += seconds;
    if (sessionAge >= 11 * 3600) {
      session = await signIn(svc, a);
      sessionAge = 0;
    }
  }
  const works = async (key: string) => (await svc.req('GET', '/v1/organization', { token: key })).status;
  const getKey = async (id: string) =>
    (await svc.req<KeyView>('GET', `/v1/keys/${id}`, { token: session })).body;

  test('the test clock: operator only, reads and moves forward by advance_seconds or now', async () => {
    expectApiError(await svc.req('GET', '/v1/test_helpers/clock'), 401, 'unauthorized');
    expectApiError(await svc.req('GET', '/v1/test_helpers/clock', { token: session }), 401, 'unauthorized');
    expectApiError(
      await svc.req('POST', '/v1/test_helpers/clock', { token: session, body: { advance_seconds: 10 } }),
      401,
      'unauthorized',
    );
    const t0 = await now();
    assert.ok(Math.abs(t0.getTime() - Date.now()) < 5000, 'starts at real time');
    const moved = await operator(svc, 'POST', '/v1/test_helpers/clock', { advance_seconds: 3600 });
    assert.equal(moved.status, 200);
    const t1 = new Date((moved.body as { now: string }).now);
    assert.ok(t1.getTime() - t0.getTime() >= 3600_000 && t1.getTime() - t0.getTime() < 3605_000);
    const target = new Date(t1.getTime() + 7200_000);
    const set = await operator(svc, 'POST', '/v1/test_helpers/clock', { now: target.toISOString() });
    assert.equal(set.status, 200);
    assert.equal((set.body as { now: string }).now, target.toISOString());
    assert.ok((await now()).getTime() >= target.getTime());
    // only forward
    expectApiError(
      await operator(svc, 'POST', '/v1/test_helpers/clock', { now: t0.toISOString() }),
      400,
      'invalid_request',
    );
    expectApiError(
      await operator(svc, 'POST', '/v1/test_helpers/clock', { advance_seconds: -1 }),
      400,
      'invalid_request',
    );
    expectApiError(await operator(svc, 'POST', '/v1/test_helpers/clock', {}), 400, 'invalid_request');
    expectApiError(
      await operator(svc, 'POST', '/v1/test_helpers/clock', {
        advance_seconds: 1,
        now: new Date(Date.now() + 9e9).toISOString(),
      }),
      400,
      'invalid_request',
    );
    assert.ok((await now()).getTime() >= target.getTime(), 'refused moves changed nothing');
    // the offset is kept in the database: another process of the deployment (or a restart) resumes
    // at the same service time instead of jumping back
    const other = await svc.variant({});
    try {
      const r = await operator(other, 'GET', '/v1/test_helpers/clock');
      const theirs = Date.parse((r.body as { now: string }).now);
      assert.ok(Math.abs(theirs - (await now()).getTime()) < 5000, 'same service time in another process');
    } finally {
      await other.close();
    }
    session = await signIn(svc, a);
    sessionAge = 0;
  });

  test('expires_at is enforced on the service clock: afterwards 401 unauthorized', async () => {
    const expiresAt = new Date((await now()).getTime() + 3600_000).toISOString();
    const k = await mintKey(svc, session, ['documents:read'], { expires_at: expiresAt });
    assert.equal(await works(k.key), 200);
    await advance(3500);
    assert.equal(await works(k.key), 200);
    await advance(101);
    expectApiError(await svc.req('GET', '/v1/organization', { token: k.key }), 401, 'unauthorized');
    const view = await getKey(k.id);
    assert.equal(view.status, 'expired');
    assert.equal(view.expires_at, expiresAt);
  });

  test('revocation is immediate and permanent; revoking again returns the same record', async () => {
    const k = await mintKey(svc, session, ['documents:read']);
    assert.equal(await works(k.key), 200);
    const first = await svc.req<KeyView>('POST', `/v1/keys/${k.id}/revoke`, { token: session });
    assert.equal(first.status, 200);
    assert.equal(first.body.status, 'revoked');
    assert.ok(first.body.revoked_at);
    assert.equal(first.body.key, undefined);
    expectApiError(await svc.req('GET', '/v1/organization', { token: k.key }), 401, 'unauthorized');
    await advance(60);
    const second = await svc.req<KeyView>('POST', `/v1/keys/${k.id}/revoke`, { token: session });
    assert.equal(second.status, 200);
    assert.deepEqual(second.body, first.body, 'the same record, revoked_at unchanged');
    // no way back: rotation of a revoked key is a conflict
    expectApiError(await svc.req('POST', `/v1/keys/${k.id}/rotate`, { token: session }), 409, 'conflict');
    expectApiError(await svc.req('GET', '/v1/organization', { token: k.key }), 401, 'unauthorized');
  });

  test('rotation: the new key copies everything; the old one works 24 hours, then 401', async () => {
    const limits = { max_per_payment: { USD: 100 }, daily_volume: { USD: 1000 } };
    const expiresAt = new Date((await now()).getTime() + 30 * 86400_000).toISOString();
    const old = await svc.req<KeyView>('POST', '/v1/keys', {
      token: session,
      body: {
        name: 'Rotating',
        scopes: ['payments:write', 'documents:read'],
        payment_limits: limits,
        allowed_cidrs: ['127.0.0.0/8', '::1/128'],
        expires_at: expiresAt,
      },
    });
    assert.equal(old.status, 201);
    const rotatedAt = await now();
    const r = await svc.req<KeyView>('POST', `/v1/keys/${old.body.id}/rotate`, { token: session });
    assert.equal(r.status, 201, r.text);
    const fresh = r.body;
    assert.match(fresh.key!, /^rk_live_[0-9A-Za-z]{32}$/);
    assert.notEqual(fresh.key, old.body.key);
    assert.notEqual(fresh.id, old.body.id);
    assert.equal(fresh.prefix, fresh.key!.slice(0, 12));
    assert.equal(fresh.name, 'Rotating');
    assert.deepEqual(fresh.scopes, ['payments:write', 'documents:read']);
    assert.deepEqual(fresh.payment_limits, limits);
    assert.deepEqual(fresh.allowed_cidrs, ['127.0.0.0/8', '::1/128']);
    assert.equal(fresh.expires_at, expiresAt);
    assert.equal(fresh.rotated_from_id, old.body.id);
    assert.equal(fresh.status, 'active');
    const prev = fresh.previous!;
    assert.equal(prev.id, old.body.id);
    assert.equal(prev.prefix, old.body.prefix);
    assert.equal(prev.rotated_to_id, fresh.id);
    const graceEnd = Date.parse(prev.expires_at!);
    assert.ok(Math.abs(graceEnd - (rotatedAt.getTime() + 86400_000)) < 5000, 'old expires_at = now + 24 h');

    const oldView = await getKey(old.body.id);
    assert.equal(oldView.rotated_to_id, fresh.id);
    assert.equal(oldView.expires_at, prev.expires_at);
    assert.equal(oldView.status, 'rotated');
    assert.equal((await getKey(fresh.id)).key, undefined, 'the new secret is not shown again');

    const ip = { remoteAddress: '127.0.0.1' };
    const use = (key: string) => svc.req('GET', '/v1/organization', { token: key, ...ip });
    assert.equal((await use(old.body.key!)).status, 200);
    assert.equal((await use(fresh.key!)).status, 200);
    // rotating the rotated key again is a conflict
    expectApiError(
      await svc.req('POST', `/v1/keys/${old.body.id}/rotate`, { token: session }),
      409,
      'conflict',
    );
    await advance(86400 - 120);
    assert.equal((await use(old.body.key!)).status, 200, 'still inside the grace');
    await advance(121);
    expectApiError(await use(old.body.key!), 401, 'unauthorized');
    assert.equal((await use(fresh.key!)).status, 200);
    assert.equal((await getKey(old.body.id)).status, 'expired');
    expectApiError(
      await svc.req('POST', `/v1/keys/${old.body.id}/rotate`, { token: session }),
      409,
      'conflict',
    );
    // the new key can itself be rotated
    const again = await svc.req<KeyView>('POST', `/v1/keys/${fresh.id}/rotate`, { token: session });
    assert.equal(again.status, 201);
    assert.equal(again.body.rotated_from_id, fresh.id);
  });

  test("rotation keeps an earlier expiry: the old key's expires_at is min(its own, now + 24 h)", async () => {
    const soon = new Date((await now()).getTime() + 2 * 3600_000).toISOString();
    const k = await mintKey(svc, session, ['documents:read'], { expires_at: soon });
    const r = await svc.req<KeyView>('POST', `/v1/keys/${k.id}/rotate`, { token: session });
    assert.equal(r.status, 201);
    assert.equal(r.body.previous!.expires_at, soon);
    assert.equal(r.body.expires_at, soon, 'the new key copies the expiry');
    await advance(2 * 3600 + 1);
    expectApiError(await svc.req('GET', '/v1/organization', { token: k.key }), 401, 'unauthorized');
  });

  test('last_used_at is written on use, at most once a minute', async () => {
    const k = await mintKey(svc, session, ['documents:read']);
    assert.equal((await getKey(k.id)).last_used_at, null);
    const t = await now();
    assert.equal(await works(k.key), 200);
    let first: string | null = null;
    for (let i = 0; i < 100 && !first; i++) {
      first = (await getKey(k.id)).last_used_at;
      if (!first) await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(first, 'last_used_at was written');
    assert.ok(Math.abs(Date.parse(first) - t.getTime()) < 5000);
    await advance(30);
    assert.equal(await works(k.key), 200);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await getKey(k.id)).last_used_at, first, 'not rewritten within the minute');
    await advance(31);
    assert.equal(await works(k.key), 200);
    let second: string | null = first;
    for (let i = 0; i < 100 && second === first; i++) {
      second = (await getKey(k.id)).last_used_at;
      if (second === first) await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(Date.parse(second!) - Date.parse(first) >= 60_000, `${first} → ${second}`);
    // a refused request (revoked key) does not count as use
    await svc.req('POST', `/v1/keys/${k.id}/revoke`, { token: session });
    await advance(120);
    await svc.req('GET', '/v1/organization', { token: k.key });
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await getKey(k.id)).last_used_at, second);
  });
});
