// The metrics during a database outage (issue 41 item 3): a scrape still answers, saying the
// database is down and no primary is there (docex_db_up 0, docex_db_role{role="none"} 1), the
// refused requests counted as 503 unavailable; and up again once the database is back. PostgreSQL
// only: the connection is cut by a loopback proxy in front of it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openPostgres } from '../../src/db/database.ts';
import { type MetricsServer, startMetricsServer } from '../../src/observability/metrics-server.ts';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { faultyProxy } from '../helpers/faulty-proxy.ts';
import { mintKey, signup } from '../helpers/flows.ts';
import { startTestServiceOn, type TestService } from '../helpers/harness.ts';

const PG = process.env.DATABASE_URL;

describe('metrics while the database is unreachable (PostgreSQL)', {
  skip: PG ? false : 'needs DATABASE_URL (PostgreSQL)',
}, () => {
  let real: TestDatabase;
  let proxy: Awaited<ReturnType<typeof faultyProxy>>;
  let svc: TestService;
  let metrics: MetricsServer;
  before(async () => {
    real = await freshDatabase();
    proxy = await faultyProxy(new URL(real.url ?? assert.fail('a PostgreSQL URL')));
    const database = await openPostgres(proxy.url, 4);
    svc = await startTestServiceOn(
      { database, url: proxy.url, drop: () => database.close() },
      { DOCEX_METRICS_LISTEN: '127.0.0.1:0' },
    );
    metrics = await startMetricsServer(svc.ctx.metrics ?? assert.fail('metrics on'), {
      host: '127.0.0.1',
      port: 0,
    });
  });
  after(async () => {
    await metrics?.close();
    await svc?.close();
    await svc?.db.drop();
    await proxy?.close();
    await real?.drop();
  });

  const scrape = async () => {
    // Past the probe's 5-second cache, on the service clock.
    svc.ctx.clock.advanceTo(new Date(svc.ctx.clock.now().getTime() + 10_000));
    const res = await fetch(`${metrics.url}/metrics`);
    assert.equal(res.status, 200);
    return res.text();
  };

  test('down: docex_db_up 0, role none, requests counted as 503 unavailable; back: up and primary', async () => {
    const org = await signup(svc, 'Outage Co');
    const key = await mintKey(svc, org.session, ['documents:read']);
    let text = await scrape();
    assert.match(text, /^docex_db_up 1$/m);
    assert.match(text, /^docex_db_role\{role="primary"\} 1$/m);
    assert.match(text, /^docex_db_pool_max 4$/m);

    proxy.cut();
    const res = await svc.req('GET', '/v1/documents', { token: key.key });
    assert.equal(res.status, 503, res.text);
    text = await scrape();
    assert.match(text, /^docex_db_up 0$/m);
    assert.match(text, /^docex_db_role\{role="none"\} 1$/m);
    assert.match(text, /^docex_db_role\{role="primary"\} 0$/m);
    assert.match(
      text,
      /^docex_http_requests_total\{method="GET",route="\/v1\/documents",status="503",code="unavailable"\} 1$/m,
    );

    proxy.restore();
    // The pool replaces its dead connections on the next checkouts: a probe or two may still fail.
    for (let i = 0; i < 50 && !/^docex_db_up 1$/m.test(text); i++) text = await scrape();
    assert.match(text, /^docex_db_up 1$/m);
    assert.match(text, /^docex_db_role\{role="primary"\} 1$/m);
  });
});
