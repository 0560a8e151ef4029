// Issue 41: a multi-host DATABASE_URL (libpq's form) always writes to the current primary. The URL
// is parsed here; the primary is found, a demoted one dropped and a promoted standby taken up
// against two real PostgreSQL servers on loopback (a primary and its synchronous hot standby),
// answering 503 unavailable with Retry-After while neither takes writes, never 500.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openPostgres } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { DatabaseUrlError, parseMultiHostUrl } from '../../src/db/multi-host.ts';
import { expectApiError } from '../helpers/expect.ts';
import { mintKey, signup } from '../helpers/flows.ts';
import { randomKey, startTestServiceOn, type TestService } from '../helpers/harness.ts';
import { type PgPair, pgServersUnavailable, startPrimaryAndStandby } from '../helpers/pg-servers.ts';

describe('parseMultiHostUrl', () => {
  test('one host is left to node-postgres as it is (null)', () => {
    for (const url of [
      'postgres://postgres@127.0.0.1:5432/test',
      'postgresql://u:p@db.example/app?sslmode=require&target_session_attrs=read-write',
      'postgres:///app?host=/var/run/postgresql',
      'not a url',
    ]) {
      assert.equal(parseMultiHostUrl(url), null, url);
    }
  });

  test('a host list: each host:port, default port 5432, IPv6 in brackets; one URL per host keeps user, password, database and parameters', () => {
    const m = parseMultiHostUrl(
      'postgres://docex:s%40cret@db1.example:6001,db2.example,[::1]:6003/docex?target_session_attrs=read-write&sslmode=disable&application_name=docex',
    );
    assert.ok(m);
    assert.deepEqual(m.hosts, [
      { host: 'db1.example', port: 6001 },
      { host: 'db2.example', port: 5432 },
      { host: '::1', port: 6003 },
    ]);
    assert.equal(
      m.urlFor(m.hosts[0]!),
      'postgres://docex:s%40cret@db1.example:6001/docex?sslmode=disable&application_name=docex',
    );
    assert.equal(
      m.urlFor(m.hosts[2]!),
      'postgres://docex:s%40cret@[::1]:6003/docex?sslmode=disable&application_name=docex',
    );
    const plain = parseMultiHostUrl('postgres://127.0.0.1:1,127.0.0.1:2/db?target_session_attrs=primary');
    assert.equal(plain?.urlFor(plain.hosts[1]!), 'postgres://127.0.0.1:2/db');
    // pg_autoctl show uri --formation prints the list this way.
    assert.equal(parseMultiHostUrl('postgres://127.0.0.1:6543,127.0.0.1:6542/docex')?.hosts.length, 2);
  });

  test('what docex cannot use is refused with the reason', () => {
    const cases: [string, RegExp][] = [
      ['postgres://a:1,/db', /host 2 .* no host name/],
      ['postgres://a:1,b:0/db', /host 2 .*port "0"/],
      ['postgres://a:1,b:x/db', /host 2 .*port "x"/],
      ['postgres://a:1,[::1/db', /host 2 .*never closes/],
      ['postgres://a:1,b:2/db?target_session_attrs=read-only', /target_session_attrs=read-only.*read-write/],
      ['postgres://a:1,b:2/db?target_session_attrs=any', /target_session_attrs=any/],
      ['postgres://a:1,b:2/db?host=c', /\?host=/],
      ['postgres://a:1,b:2/db?port=5', /\?port=/],
    ];
    for (const [url, message] of cases) {
      assert.throws(
        () => parseMultiHostUrl(url),
        (e: unknown) => e instanceof DatabaseUrlError,
        url,
      );
      assert.throws(() => parseMultiHostUrl(url), message, url);
      // At start, not at the first query.
      assert.throws(() => loadConfig({ DATABASE_URL: url }), ConfigError, url);
    }
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://a:1,b:2/db' }).databaseUrl, 'postgres://a:1,b:2/db');
  });
});

// The PostgreSQL pass only (DATABASE_URL set): the servers are private, but a pass on PGlite need
// not spend ~15 s making them again.
const missing = process.env.DATABASE_URL
  ? pgServersUnavailable()
  : 'runs in the PostgreSQL pass (DATABASE_URL set), which has the server binaries';

describe('a primary and its standby behind one URL', {
  skip: missing ?? false,
}, () => {
  let pair: PgPair;
  let svc: TestService;
  let admin: (port: number, text: string) => Promise<pg.QueryResultRow[]>;
  let org: Awaited<ReturnType<typeof signup>>;
  const retried = { idem: randomKey(), body: { name: 'during the failover', scopes: ['documents:read'] } };

  before(async () => {
    pair = await startPrimaryAndStandby();
    admin = async (port, text) => {
      const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await c.connect();
      try {
        return (await c.query(text)).rows;
      } finally {
        await c.end();
      }
    };
    // A host that refuses connections (nothing listens on port 1), then the standby: neither the
    // order nor a dead host keeps docex from the primary.
    const url = `postgres://postgres@127.0.0.1:1,127.0.0.1:${pair.standby.port},127.0.0.1:${pair.primary.port}/postgres?target_session_attrs=read-write`;
    const database = await openPostgres(url, 4);
    await migrate(database);
    svc = await startTestServiceOn({ database, url, drop: () => database.close() });
  });
  after(async () => {
    await svc?.close();
    await svc?.db.drop();
    pair?.close();
  });

  const serverPort = async () =>
    (await sql<{ port: number }>`select inet_server_port() as port`.execute(svc.ctx.db)).rows[0]!.port;
  /** Connections docex holds on a server (every client session but the one asking). */
  const sessions = async (port: number) =>
    Number(
      (
        await admin(
          port,
          `select count(*) as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
        )
      )[0]!.n,
    );

  test('writes go to the primary though a dead host and the standby are listed first', async () => {
    org = await signup(svc, 'Failover Co');
    await mintKey(svc, org.session, ['documents:read']);
    assert.equal(await serverPort(), pair.primary.port);
    // Synchronous: the commit waited for the standby, which has it.
    const onStandby = await admin(
      pair.standby.port,
      `select count(*) as n, bool_and(pg_is_in_recovery()) as recovery from organizations`,
    );
    assert.equal(onStandby[0]!.recovery, true);
    assert.ok(Number(onStandby[0]!.n) >= 1);
  });

  test('a demoted primary (read-only) is dropped with its connections; with no primary every request answers 503 with Retry-After, never 500', async () => {
    assert.ok((await sessions(pair.primary.port)) > 0, 'docex holds connections to the primary');
    // What pg_auto_failover does to a primary it demotes while it still runs (stop_replication).
    await admin(pair.primary.port, 'alter system set default_transaction_read_only = on');
    await admin(pair.primary.port, 'select pg_reload_conf()');
    // A new session sees the setting once the postmaster has reloaded, and by then it has told
    // every running session too.
    for (let i = 0; i < 100; i++) {
      const rows = await admin(pair.primary.port, 'show default_transaction_read_only');
      if (rows[0]!.default_transaction_read_only === 'on') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Sessions see the reload as they take their next statement: a write may still land first.
    let first: Awaited<ReturnType<TestService['req']>> | null = null;
    for (let i = 0; i < 50 && first === null; i++) {
      const res = await svc.req('POST', '/v1/keys', {
        token: org.session,
        body: { name: `k${i}`, scopes: ['documents:read'] },
      });
      if (res.status === 201) continue;
      first = res;
    }
    assert.ok(first, 'a write met the read-only primary');
    expectApiError(first, 503, 'unavailable');
    assert.equal(first.headers['retry-after'], '2');
    // Now neither server takes writes: the primary is read-only, the standby in recovery.
    const res = await svc.req('POST', '/v1/keys', {
      token: org.session,
      idem: retried.idem,
      body: retried.body,
    });
    expectApiError(res, 503, 'unavailable');
    assert.equal(res.headers['retry-after'], '2');
    expectApiError(await svc.req('GET', '/v1/organization', { token: org.session }), 503, 'unavailable');
    expectApiError(await svc.req('GET', '/readyz'), 503, 'unavailable');
    assert.equal((await svc.req('GET', '/healthz')).status, 200);
    // The demoted primary's pool was ended: docex keeps no session there.
    for (let i = 0; i < 100 && (await sessions(pair.primary.port)) > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(await sessions(pair.primary.port), 0, 'no connection left on the demoted primary');
  });

  test('the standby promoted, writes go to it: everything acknowledged before is there, and the retried request runs once', async () => {
    pair.primary.stop('immediate');
    pair.standby.promote();
    let res = await svc.req('POST', '/v1/keys', {
      token: org.session,
      idem: retried.idem,
      body: retried.body,
    });
    for (let i = 0; i < 40 && res.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await svc.req('POST', '/v1/keys', { token: org.session, idem: retried.idem, body: retried.body });
    }
    assert.equal(res.status, 201, res.text);
    assert.equal(await serverPort(), pair.standby.port);
    const again = await svc.req('POST', '/v1/keys', {
      token: org.session,
      idem: retried.idem,
      body: retried.body,
    });
    assert.equal(again.status, 201);
    assert.equal((again.body as { id: string }).id, (res.body as { id: string }).id, 'one key, replayed');
    const list = await svc.req<{ data: { name: string }[] }>('GET', '/v1/keys', { token: org.session });
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.data.filter((k) => k.name === retried.body.name).length, 1);
    assert.ok(list.body.data.length >= 2, 'the keys made on the old primary survived its loss');
    assert.equal((await svc.req('GET', '/readyz')).status, 200);
  });
});
