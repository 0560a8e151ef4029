// Issue 28: database faults are answered, not crashed on. While the database cannot be reached,
// requests answer 503 unavailable with Retry-After (never 500) and the process reconnects by itself
// when it is back; a claim on an Idempotency-Key whose process died is free again within seconds,
// a retry meanwhile told when to come back; /healthz and /readyz say what a load balancer needs.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../../src/db/database.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import {
  claimIdempotencyKey,
  fingerprint,
  keepLease,
  LEASE_MS,
  storedKey,
} from '../../src/http/idempotency.ts';
import { startWorker } from '../../src/worker/worker.ts';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { expectApiError } from '../helpers/expect.ts';
import { faultyProxy } from '../helpers/faulty-proxy.ts';
import { advanceClock, mintKey, signup } from '../helpers/flows.ts';
import { randomKey, startTestService, startTestServiceOn, type TestService } from '../helpers/harness.ts';

const PG = process.env.DATABASE_URL;

describe('health endpoints', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc?.close();
  });

  test('/healthz and /readyz answer 200 without a credential', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await svc.req<{ status: string }>('GET', url);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'ok');
    }
  });

  test('/readyz is 503 unavailable while a migration of this build is not applied; /healthz stays 200', async () => {
    const { rows } = await sql<{ id: string }>`select max(id) as id from docex_migrations`.execute(
      svc.ctx.db,
    );
    const last = rows[0]!.id;
    await sql`update docex_migrations set id = ${`${last}.hidden`} where id = ${last}`.execute(svc.ctx.db);
    try {
      const res = await svc.req('GET', '/readyz');
      const err = expectApiError(res, 503, 'unavailable');
      assert.match(String((err.details as { reason: string }).reason), /migration/);
      assert.ok(Number(res.headers['retry-after']) >= 1);
      assert.equal((await svc.req('GET', '/healthz')).status, 200);
    } finally {
      await sql`update docex_migrations set id = ${last} where id = ${`${last}.hidden`}`.execute(svc.ctx.db);
    }
    assert.equal((await svc.req('GET', '/readyz')).status, 200);
  });
});

describe('isDatabaseUnavailable', () => {
  test('a refused connection and a shutting-down server are; a constraint violation or a bug is not', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    const refused = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(refused, 'connecting to a closed loopback port fails');
    assert.equal(isDatabaseUnavailable(refused), true);
    assert.equal(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
      true,
    );
    assert.equal(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })), false);
    assert.equal(isDatabaseUnavailable(new TypeError('x is undefined')), false);
  });
});

describe('while the database is unreachable (PostgreSQL)', {
  skip: PG ? false : 'needs DATABASE_URL (PostgreSQL)',
}, () => {
  let real: TestDatabase;
  let proxy: Awaited<ReturnType<typeof faultyProxy>>;
  let svc: TestService;
  before(async () => {
    real = await freshDatabase();
    proxy = await faultyProxy(new URL(real.url!));
    const database = await openPostgres(proxy.url, 4);
    svc = await startTestServiceOn({ database, url: proxy.url, drop: () => database.close() });
  });
  after(async () => {
    await svc?.close();
    await svc?.db.drop();
    await proxy?.close();
    await real?.drop();
  });

  test('reads and writes answer 503 unavailable with Retry-After, never 500; the service recovers by itself', async () => {
    const org = await signup(svc, 'Outage Co');
    const key = await mintKey(svc, org.session, ['documents:read', 'documents:write']);
    assert.equal((await svc.req('GET', '/v1/organization', { token: key.key })).status, 200);
    proxy.cut();
    for (const [method, url] of [
      ['GET', '/v1/organization'],
      ['GET', '/v1/documents'],
      ['POST', '/v1/keys'],
    ] as const) {
      const res = await svc.req(method, url, {
        token: method === 'POST' ? org.session : key.key,
        ...(method === 'POST' ? { body: { name: 'k', scopes: ['documents:read'] } } : {}),
      });
      expectApiError(res, 503, 'unavailable');
      assert.equal(res.headers['retry-after'], '2');
    }
    expectApiError(await svc.req('GET', '/readyz'), 503, 'unavailable');
    assert.equal((await svc.req('GET', '/healthz')).status, 200, 'a database outage never fails liveness');
    proxy.restore();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await svc.req('GET', '/v1/organization', { token: key.key })).status;
      if (status !== 200) {
        assert.equal(status, 503, 'only 503 while the pool replaces its dead connections');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    assert.equal(status, 200, 'the pool reconnected by itself');
    assert.equal((await svc.req('GET', '/readyz')).status, 200);
  });
});

describe('an Idempotency-Key held by a dead process', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc?.close();
  });

  test('a retry answers 409 with Retry-After while the lease runs, and runs the request once it lapsed (seconds, not minutes)', async () => {
    const org = await signup(svc, 'Crash Co');
    const manager = await mintKey(svc, org.session, ['keys:manage', 'documents:read']);
    const idem = randomKey();
    const body = { name: 'after a crash', scopes: ['documents:read'] };
    // The claim a process made before it was SIGKILLed: running, never completed or released.
    const claimed = await claimIdempotencyKey(
      svc.ctx,
      { scope: org.orgId, key: idem, principal: `key:${manager.id}` },
      fingerprint('POST', '/v1/keys', body),
    );
    assert.equal(claimed.kind, 'claimed');
    const retry = await svc.req('POST', '/v1/keys', { token: manager.key, idem, body });
    expectApiError(retry, 409, 'conflict');
    const wait = Number(retry.headers['retry-after']);
    assert.ok(wait >= 1 && wait <= 3, `Retry-After ${retry.headers['retry-after']}`);
    assert.ok(LEASE_MS <= 10_000, 'the lease is measured in seconds');
    await advanceClock(svc, LEASE_MS / 1000 + 1);
    const after1 = await svc.req<{ id: string }>('POST', '/v1/keys', { token: manager.key, idem, body });
    assert.equal(after1.status, 201, after1.text);
    const replay = await svc.req<{ id: string }>('POST', '/v1/keys', { token: manager.key, idem, body });
    assert.equal(replay.body.id, after1.body.id, 'exactly one effect');
  });

  test('a live request keeps its claim: the lease is renewed while it runs', async () => {
    const claim = { scope: 'org_lease_test', key: randomKey(), principal: 'key:key_lease' };
    const res = await claimIdempotencyKey(svc.ctx, claim, fingerprint('POST', '/v1/x', {}));
    assert.equal(res.kind, 'claimed');
    const leaseOf = async () =>
      (
        await svc.ctx.db
          .selectFrom('idempotency_keys')
          .select('lease_until')
          .where('scope', '=', claim.scope)
          .where('key', '=', storedKey(svc.ctx.secrets.hmacKey, claim.key))
          .executeTakeFirstOrThrow()
      ).lease_until.getTime();
    const first = await leaseOf();
    const stop = keepLease(svc.ctx, claim);
    try {
      await advanceClock(svc, 5);
      await new Promise((r) => setTimeout(r, 3_400));
      assert.ok((await leaseOf()) >= first + 5_000, 'renewed from the (advanced) service clock');
    } finally {
      stop();
    }
  });
});

test('a worker task that fails (the database away) backs off and resumes by itself', async () => {
  const svc = await startTestService();
  try {
    let calls = 0;
    const at: number[] = [];
    const worker = startWorker(svc.ctx, [
      {
        name: 'flaky',
        idleMs: 60_000,
        run: async () => {
          calls++;
          at.push(Date.now());
          if (calls <= 3) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          return 0;
        },
      },
    ]);
    for (let i = 0; i < 50 && calls < 4; i++) await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    assert.equal(calls, 4, 'it ran again after each failure and succeeded');
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    assert.ok(gaps[0]! >= 200 && gaps[1]! >= 450 && gaps[2]! >= 900, `backoff gaps ${gaps.join(', ')} ms`);
  } finally {
    await svc.close();
  }
});
