// Prometheus metrics (issue 41 item 3, docs/deployment.md "Metrics"): a real scrape over HTTP of
// the listener DOCEX_METRICS_LISTEN names, after real requests; `promtool check metrics` on what
// it served; and /metrics never on the public port.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { type MetricsServer, startMetricsServer } from '../../src/observability/metrics-server.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';
import { clockTo, createEndpoint, drain, emit, startReceiver } from '../webhooks/helpers.ts';

let svc: TestService;
let metrics: MetricsServer;
let p: Pair;

before(async () => {
  svc = await startTestService({ DOCEX_METRICS_LISTEN: '127.0.0.1:0' });
  assert.ok(svc.ctx.metrics, 'DOCEX_METRICS_LISTEN set: the service counts');
  metrics = await startMetricsServer(svc.ctx.metrics, { host: '127.0.0.1', port: 0 });
  p = await pair(svc);
});

after(async () => {
  await metrics?.close();
  await svc?.close();
});

async function scrape(server: MetricsServer = metrics): Promise<string> {
  const res = await fetch(`${server.url}/metrics`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample, by its name and exact label set ('' for none); undefined if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got: Record<string, string> = {};
    for (const pair of (m[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      got[pair[1] as string] = pair[2] as string;
    }
    const want = Object.entries(labels);
    if (want.length === Object.keys(got).length && want.every(([k, v]) => got[k] === v)) return Number(m[4]);
  }
  return undefined;
}

test('requests are counted by method, route template, status and error code, with latency histograms', async () => {
  const base = await svc.listen();
  // A real request over HTTP, with an id in its path that must not become a label.
  const missing = 'doc_NotThereAtAll0000000000';
  const res = await fetch(`${base}/v1/documents/${missing}`, {
    headers: { authorization: `Bearer ${p.issuer.key}` },
  });
  assert.equal(res.status, 404);
  const unknown = await fetch(`${base}/v1/no-such-thing/${missing}`);
  assert.equal(unknown.status, 404);
  const text = await scrape();
  assert.equal(
    sample(text, 'docex_http_requests_total', {
      method: 'GET',
      route: '/v1/documents/:id',
      status: '404',
      code: 'not_found',
    }),
    1,
  );
  assert.equal(
    sample(text, 'docex_http_requests_total', {
      method: 'GET',
      route: 'unmatched',
      status: '404',
      code: 'not_found',
    }),
    1,
  );
  // The signups and key mints of pair() succeeded: code "none".
  const created = sample(text, 'docex_http_requests_total', {
    method: 'POST',
    route: '/v1/keys',
    status: '201',
    code: 'none',
  });
  assert.ok(created !== undefined && created >= 6, `key mints counted: ${created}`);
  assert.equal(
    sample(text, 'docex_http_request_duration_seconds_count', { method: 'GET', route: '/v1/documents/:id' }),
    1,
  );
  assert.equal(
    sample(text, 'docex_http_request_duration_seconds_bucket', {
      method: 'GET',
      route: '/v1/documents/:id',
      le: '+Inf',
    }),
    1,
  );
  // No raw path, id or credential anywhere in the exposition.
  assert.ok(!text.includes(missing), 'the id in the path is not a label');
  assert.ok(!text.includes('no-such-thing'), 'an unmatched path is not a label');
  assert.ok(!text.includes(p.issuer.key), 'no credential');
  assert.ok(!text.includes(p.issuer.org.session), 'no session token');
});

test('idempotency outcomes: replayed, conflict (another body); reachability, role and pool of the database', async () => {
  const key = randomKey();
  const body = { scopes: ['documents:read'], name: 'metrics' };
  const first = await svc.req('POST', '/v1/keys', { token: p.issuer.org.session, idem: key, body });
  assert.equal(first.status, 201, first.text);
  const again = await svc.req('POST', '/v1/keys', { token: p.issuer.org.session, idem: key, body });
  assert.equal(again.status, 201);
  assert.equal(again.headers['idempotent-replay'], 'true');
  const other = await svc.req('POST', '/v1/keys', {
    token: p.issuer.org.session,
    idem: key,
    body: { ...body, name: 'another' },
  });
  assert.equal(other.status, 409, other.text);
  const text = await scrape();
  assert.equal(sample(text, 'docex_idempotency_outcomes_total', { outcome: 'replayed' }), 1);
  assert.equal(sample(text, 'docex_idempotency_outcomes_total', { outcome: 'conflict' }), 1);
  assert.equal(
    sample(text, 'docex_http_requests_total', {
      method: 'POST',
      route: '/v1/keys',
      status: '409',
      code: 'idempotency_conflict',
    }),
    1,
  );

  // The database as a scrape sees it: reachable, the primary; the signups' events wait for fan-out.
  assert.equal(sample(text, 'docex_db_up'), 1);
  assert.equal(sample(text, 'docex_db_role', { role: 'primary' }), 1);
  assert.equal(sample(text, 'docex_db_role', { role: 'none' }), 0);
  // No endpoint yet: nothing waits in either outbox.
  for (const outbox of [
    'webhook_event_queue',
    'webhook_deliveries',
    'email_deliveries',
    'inbound_messages',
  ]) {
    assert.equal(sample(text, 'docex_outbox_depth', { outbox }), 0);
    assert.equal(sample(text, 'docex_outbox_oldest_age_seconds', { outbox }), 0);
  }
  // The pool, and the process (prom-client's default metrics).
  assert.ok((sample(text, 'docex_db_pool_connections', { state: 'in_use' }) ?? -1) >= 0);
  if (svc.ctx.database.kind === 'postgres') {
    assert.equal(sample(text, 'docex_db_pool_max'), 10);
    assert.equal(sample(text, 'docex_db_pool_waiting'), 0);
    assert.equal(sample(text, 'docex_db_pool_checkout_timeouts_total'), 0);
  }
  assert.ok((sample(text, 'process_resident_memory_bytes') ?? 0) > 0);
  assert.ok((sample(text, 'nodejs_heap_size_used_bytes') ?? 0) > 0);
});

test('outbox depth and the age of the oldest item, read from the indexes at most every 5 seconds', async () => {
  const receiver = await startReceiver();
  try {
    await createEndpoint(svc, p.issuer.org.session, receiver.url);
    const emitted = await emit(svc, p.issuer.org.orgId, 'document.created', undefined, { count: 3 });
    const at = new Date(emitted[0]?.created_at ?? assert.fail('an event'));
    // The last reading is kept for PROBE_CACHE_MS of the service clock.
    await clockTo(svc, new Date(at.getTime() + 10_000));
    let text = await scrape();
    assert.equal(sample(text, 'docex_outbox_depth', { outbox: 'webhook_event_queue' }), 3);
    const queuedAge = sample(text, 'docex_outbox_oldest_age_seconds', { outbox: 'webhook_event_queue' }) ?? 0;
    assert.ok(queuedAge >= 10, `the oldest event has waited 10 s: ${queuedAge}`);

    // Fanned out, every first attempt refused: three deliveries wait for their retry, none late yet.
    receiver.status(500);
    await drain(svc);
    await clockTo(svc, new Date(at.getTime() + 20_000));
    text = await scrape();
    assert.equal(sample(text, 'docex_outbox_depth', { outbox: 'webhook_event_queue' }), 0);
    assert.equal(sample(text, 'docex_outbox_depth', { outbox: 'webhook_deliveries' }), 3);
    assert.equal(sample(text, 'docex_outbox_oldest_age_seconds', { outbox: 'webhook_deliveries' }), 0);
    // An hour on, with no worker running, the retries are overdue.
    await clockTo(svc, new Date(at.getTime() + 3_600_000));
    text = await scrape();
    const dueAge = sample(text, 'docex_outbox_oldest_age_seconds', { outbox: 'webhook_deliveries' }) ?? 0;
    assert.ok(dueAge > 0 && dueAge < 3_600, `overdue: ${dueAge}`);
  } finally {
    receiver.status(200);
    await receiver.close();
  }
});

test('the email outbox and the received messages still to process have their depth and age too', async () => {
  // An invoice issued to an external party, with no SMTP configured: its email waits, queued.
  const conn = await svc.req<{ id: string }>('POST', '/v1/connections', {
    token: p.issuer.org.session,
    body: { external_party: { name: 'Acheteur SARL', email: 'ap@acheteur.test' } },
  });
  assert.equal(conn.status, 201, conn.text);
  const created = await svc.req<{ id: string }>('POST', '/v1/documents', {
    token: p.issuer.org.session,
    body: {
      connection_id: conn.body.id,
      document_type: 'invoice',
      line_items: [{ description: 'Consulting', quantity: 1, unit_price: 100, tax_rate: 0.2 }],
    },
  });
  assert.equal(created.status, 201, created.text);
  const issued = await svc.req('POST', `/v1/documents/${created.body.id}/issue`, {
    token: p.issuer.org.session,
  });
  assert.equal(issued.status, 200, issued.text);
  // A stored message the worker has not read yet (what the SMTP listener leaves before its 250).
  const at = svc.ctx.clock.now();
  await sql`insert into inbound_messages (id, organization_id, channel, raw, size, sha256, status, received_at)
    values ('inm_metrics1', ${p.issuer.org.orgId}, 'email', ${Buffer.from('Subject: x\r\n\r\nx')}, 14,
      ${'0'.repeat(64)}, 'processing', ${at})`.execute(svc.ctx.db);
  try {
    await clockTo(svc, new Date(at.getTime() + 60_000));
    const text = await scrape();
    assert.equal(sample(text, 'docex_outbox_depth', { outbox: 'email_deliveries' }), 1);
    assert.equal(sample(text, 'docex_outbox_depth', { outbox: 'inbound_messages' }), 1);
    const waited = sample(text, 'docex_outbox_oldest_age_seconds', { outbox: 'inbound_messages' }) ?? 0;
    assert.ok(waited >= 60, `the message has waited a minute: ${waited}`);
  } finally {
    await sql`delete from inbound_messages where id = 'inm_metrics1'`.execute(svc.ctx.db);
  }
});

test('rate-limit refusals are counted by the bucket that ran dry', async () => {
  const limited = await svc.variant({ DOCEX_RATE_LIMIT: '1', DOCEX_METRICS_LISTEN: '127.0.0.1:0' });
  const server = await startMetricsServer(limited.ctx.metrics ?? assert.fail('metrics on'), {
    host: '127.0.0.1',
    port: 0,
  });
  try {
    let refused = 0;
    // A bucket of a few tokens refilled at 1 a second: a run of requests reaches a refusal.
    for (let i = 0; i < 1000 && refused === 0; i++) {
      const res = await limited.req('GET', '/v1/documents', { token: p.counterparty.readKey });
      if (res.status === 429) refused++;
      else assert.equal(res.status, 200, res.text);
    }
    assert.equal(refused, 1);
    const text = await scrape(server);
    assert.equal(sample(text, 'docex_rate_limit_refusals_total', { bucket: 'key' }), 1);
    assert.equal(
      sample(text, 'docex_http_requests_total', {
        method: 'GET',
        route: '/v1/documents',
        status: '429',
        code: 'rate_limited',
      }),
      1,
    );
  } finally {
    await server.close();
    await limited.close();
  }
});

test('worker passes and lag per task', async () => {
  const worker = svc.startWorker();
  try {
    // Each task reports a pass as it ends one; wait for the fan-out's (its first comes at once;
    // the bound, a minute, is only for a machine under heavy load).
    let text = '';
    for (let i = 0; i < 1200; i++) {
      text = await scrape();
      if ((sample(text, 'docex_worker_passes_total', { task: 'webhooks-fanout', outcome: 'ok' }) ?? 0) > 0)
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const passes = sample(text, 'docex_worker_passes_total', { task: 'webhooks-fanout', outcome: 'ok' });
    assert.ok(passes !== undefined && passes > 0, `fan-out passes: ${passes}`);
    const lag = sample(text, 'docex_worker_lag_seconds', { task: 'webhooks-fanout' });
    assert.ok(lag !== undefined && lag >= 0, `lag: ${lag}`);
  } finally {
    await worker.stop();
  }
});

test('/metrics is never served on the public port; the metrics listener serves nothing else', async () => {
  const base = await svc.listen();
  const pub = await fetch(`${base}/metrics`);
  assert.equal(pub.status, 404);
  assert.equal(((await pub.json()) as { error: { code: string } }).error.code, 'not_found');
  const other = await fetch(`${metrics.url}/v1/documents`);
  assert.equal(other.status, 404);
  const post = await fetch(`${metrics.url}/metrics`, { method: 'POST' });
  assert.equal(post.status, 405);
});

test('promtool check metrics accepts the exposition', async (t) => {
  const found = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
  if (found.error) {
    const required = process.env.DOCEX_REQUIRE_PROMTOOL === '1';
    if (required)
      assert.fail('promtool is not installed (Debian package prometheus) and DOCEX_REQUIRE_PROMTOOL=1');
    t.skip(
      'promtool not installed (apt-get install prometheus); set DOCEX_REQUIRE_PROMTOOL=1 to fail instead',
    );
    return;
  }
  const text = await scrape();
  const res = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  assert.equal(res.status, 0, `promtool: ${res.stdout}${res.stderr}`);
  assert.equal(`${res.stdout}${res.stderr}`.trim(), '', 'no lint warnings either');
});

test('DOCEX_METRICS_LISTEN: off by default; host:port, never the public address', async () => {
  assert.equal(loadConfig({}).metricsListen, null);
  assert.deepEqual(loadConfig({ DOCEX_METRICS_LISTEN: '127.0.0.1:9464' }).metricsListen, {
    host: '127.0.0.1',
    port: 9464,
  });
  assert.deepEqual(loadConfig({ DOCEX_METRICS_LISTEN: '[::1]:9464' }).metricsListen, {
    host: '::1',
    port: 9464,
  });
  for (const bad of ['9464', 'localhost', '127.0.0.1:', '127.0.0.1:99999', 'a b:1']) {
    assert.throws(
      () => loadConfig({ DOCEX_METRICS_LISTEN: bad }),
      (err: Error) =>
        err instanceof ConfigError && /DOCEX_METRICS_LISTEN must be host:port/.test(err.message),
      bad,
    );
  }
  assert.throws(
    () => loadConfig({ PORT: '8080', DOCEX_METRICS_LISTEN: '127.0.0.1:8080' }),
    (err: Error) => err instanceof ConfigError && /public address/.test(err.message),
  );
  const plain = await svc.variant({});
  try {
    assert.equal(plain.ctx.metrics, undefined, 'off: nothing is counted');
  } finally {
    await plain.close();
  }
});
