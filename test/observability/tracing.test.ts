// OpenTelemetry traces (issue 41 item 4): with OTEL_EXPORTER_OTLP_ENDPOINT set, spans go over
// OTLP/HTTP (JSON) to a receiver this test starts on 127.0.0.1. A request continues the caller's
// W3C traceparent, its database transaction is its child span, its log lines carry trace_id, and
// a webhook attempt is a span whose traceparent the receiver gets; a delivery by the worker
// continues the trace of the request that wrote its event (the traceparent kept with the event,
// migration 0044), on its first attempt and on a retry alike; so does an email delivery, through
// an SMTP server the test starts on 127.0.0.1.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { appendEvents } from '../../src/modules/events/append.ts';
import { traceHooks } from '../../src/observability/trace-hooks.ts';
import { closeService, createLogger, openService } from '../../src/service.ts';
import { allTasks } from '../../src/tasks.ts';
import { startWorker } from '../../src/worker/worker.ts';
import { type Sink, startSink } from '../delivery/smtp-sink.ts';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import { OPERATOR_TOKEN, TEST_MASTER_KEY } from '../helpers/harness.ts';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

/** An OTLP/HTTP receiver: every span posted to /v1/traces, and a wait for one that matches. */
interface Collector {
  url: string;
  spans: OtlpSpan[];
  waitFor(match: (s: OtlpSpan) => boolean): Promise<OtlpSpan>;
  close(): Promise<void>;
}

async function startCollector(): Promise<Collector> {
  const spans: OtlpSpan[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
      res.writeHead(415).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
    };
    for (const rs of body.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    async waitFor(match) {
      for (;;) {
        const found = spans.find(match);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A receiver of webhooks that keeps each request's headers; it answers `statuses` in turn, then 200. */
async function startHookReceiver(statuses: number[] = []): Promise<{
  url: string;
  got: IncomingHttpHeaders[];
  close(): Promise<void>;
}> {
  const got: IncomingHttpHeaders[] = [];
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    got.push(req.headers);
    res.writeHead(statuses.shift() ?? 200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    got,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const attr = (s: OtlpSpan, key: string) => s.attributes?.find((a) => a.key === key)?.value;

let collector: Collector;
let smtp: Sink;
let db: TestDatabase;
let ctx: AppContext;
let app: FastifyInstance;
const logLines: Record<string, unknown>[] = [];

before(async () => {
  collector = await startCollector();
  smtp = await startSink();
  db = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DOCEX_OPERATOR_TOKEN: OPERATOR_TOKEN,
    DOCEX_DATA_DIR: '.test-cache/data-unused',
    DOCEX_MASTER_KEY: TEST_MASTER_KEY,
    DOCEX_IN_PROCESS_WORKER: '0',
    DOCEX_TEST_CLOCK: '1',
    DOCEX_SMTP_URL: smtp.url,
    DOCEX_MAIL_FROM: 'billing@docex.test',
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(JSON.parse(line));
      cb();
    },
  });
  ({ ctx } = await openService(config, {
    database: db.database,
    skipMigrations: true,
    logger: createLogger(config, sink),
  }));
  app = await buildApp(ctx);
});

after(async () => {
  await app?.close();
  if (ctx) await closeService(ctx);
  else await db?.drop();
  await db?.drop().catch(() => {});
  await collector?.close();
  await smtp?.close();
});

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

test('a request continues the caller traceparent; its transaction is a child span; its log lines name the trace', async () => {
  assert.ok(ctx.tracing, 'OTEL_EXPORTER_OTLP_ENDPOINT set: tracing on');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/signup',
    headers: { 'content-type': 'application/json', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
    payload: JSON.stringify({
      organization_name: 'Traced Co',
      email: 'traced@traced.test',
      password: 'correct horse battery staple',
    }),
  });
  assert.equal(res.statusCode, 201, res.body);
  await ctx.tracing.flush();
  const server = await collector.waitFor((s) => s.traceId === CALLER_TRACE && s.kind === 2);
  assert.equal(server.name, 'POST /v1/signup');
  assert.equal(server.parentSpanId, CALLER_SPAN);
  assert.deepEqual(attr(server, 'http.route'), { stringValue: '/v1/signup' });
  assert.deepEqual(attr(server, 'http.response.status_code'), { intValue: 201 });
  const txn = await collector.waitFor((s) => s.traceId === CALLER_TRACE && s.name === 'db.transaction');
  assert.equal(txn.parentSpanId, server.spanId, 'the transaction is the request span child');
  // Every line the request logged (Fastify's own included) carries the trace id.
  const reqLines = logLines.filter((l) => l.reqId !== undefined && l.trace_id === CALLER_TRACE);
  assert.ok(reqLines.some((l) => l.msg === 'incoming request'));
  assert.ok(reqLines.some((l) => l.msg === 'request completed'));
  const other = logLines.filter((l) => l.reqId !== undefined && l.trace_id !== CALLER_TRACE);
  assert.deepEqual(other, [], 'no request line without its trace id');
});

test('a request without traceparent starts a trace of its own', async () => {
  const res = await app.inject({ method: 'GET', url: '/v1/enablement' });
  assert.equal(res.statusCode, 200);
  await ctx.tracing?.flush();
  const span = await collector.waitFor((s) => s.name === 'GET /v1/enablement');
  assert.match(span.traceId, /^[0-9a-f]{32}$/);
  assert.notEqual(span.traceId, CALLER_TRACE);
  assert.equal(span.parentSpanId ?? '', '');
});

test('a webhook attempt is a span whose traceparent the receiver gets: a ping continues its caller trace', async () => {
  const receiver = await startHookReceiver();
  try {
    const signup = await app.inject({
      method: 'POST',
      url: '/v1/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        organization_name: 'Hooked Co',
        email: 'hooked@hooked.test',
        password: 'correct horse battery staple',
      }),
    });
    const signedUp = JSON.parse(signup.body) as { organization: { id: string }; session: { token: string } };
    const session = signedUp.session.token;
    const orgId = signedUp.organization.id;
    const endpoint = await app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session}`,
        'idempotency-key': 'endpoint-0001',
      },
      payload: JSON.stringify({ url: receiver.url, events: [] }),
    });
    assert.equal(endpoint.statusCode, 201, endpoint.body);
    const endpointId = (JSON.parse(endpoint.body) as { id: string }).id;
    // A ping is sent while its request runs: the attempt continues the caller's trace.
    const callerTrace = 'aaf92f3577b34da6a3ce929d0e0e4736';
    const ping = await app.inject({
      method: 'POST',
      url: `/v1/webhooks/${endpointId}/ping`,
      headers: {
        authorization: `Bearer ${session}`,
        'idempotency-key': 'ping-0001',
        traceparent: `00-${callerTrace}-${CALLER_SPAN}-01`,
      },
    });
    assert.equal(ping.statusCode, 200, ping.body);
    assert.equal(receiver.got.length, 1);
    const sent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(receiver.got[0]?.traceparent ?? ''));
    assert.ok(sent, `a W3C traceparent: ${receiver.got[0]?.traceparent}`);
    assert.equal(sent[1], callerTrace, 'the delivery continues the caller trace');
    await ctx.tracing?.flush();
    const attempt = await collector.waitFor((s) => s.spanId === sent[2]);
    assert.equal(attempt.name, 'webhook delivery');
    assert.equal(attempt.kind, 3, 'a client span');
    const request = await collector.waitFor((s) => s.traceId === callerTrace && s.kind === 2);
    assert.equal(request.name, 'POST /v1/webhooks/:id/ping');
    assert.equal(attempt.parentSpanId, request.spanId);

    // An event written outside any span keeps no traceparent: the worker's delivery of it is a
    // trace of its own, sent the same way.
    await ctx.db.transaction().execute((trx) =>
      appendEvents(
        trx,
        [
          {
            organizationId: orgId,
            sandbox: false,
            type: 'document.created',
            data: { document: { id: 'doc_x' } },
          },
        ],
        ctx.clock.now(),
      ),
    );
    await startWorker(ctx, allTasks(), { autoStart: false }).drain();
    assert.equal(receiver.got.length, 2, 'the event was delivered');
    const later = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(receiver.got[1]?.traceparent ?? ''));
    assert.ok(later, `a W3C traceparent: ${receiver.got[1]?.traceparent}`);
    await ctx.tracing?.flush();
    const delivery = await collector.waitFor((s) => s.spanId === later[2]);
    assert.equal(delivery.name, 'webhook delivery');
    assert.equal(delivery.traceId, later[1]);
    assert.notEqual(later[1], callerTrace);
  } finally {
    await receiver.close();
  }
});

/** A JSON request through the app; its answer's status checked. */
async function call<T>(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; status: number },
): Promise<T> {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(method !== 'GET' ? { 'idempotency-key': `idem-${Math.random().toString(36).slice(2)}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });
  assert.equal(res.statusCode, opts.status, `${method} ${url}: ${res.body}`);
  return JSON.parse(res.body) as T;
}

async function signUp(name: string): Promise<{ orgId: string; session: string }> {
  const r = await call<{ organization: { id: string }; session: { token: string } }>('POST', '/v1/signup', {
    body: {
      organization_name: name,
      email: `${name.toLowerCase().replace(/\W/g, '')}@traced.test`,
      password: 'correct horse battery staple',
    },
    status: 201,
  });
  return { orgId: r.organization.id, session: r.session.token };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

test('a request that creates a document: the worker delivers its webhook in the request trace, first attempt and retry', async () => {
  // The first attempt fails (HTTP 500), so the retry comes from a claim of the due delivery.
  const receiver = await startHookReceiver([500]);
  try {
    const seller = await signUp('Trace Seller');
    const buyer = await signUp('Trace Buyer');
    const connection = await call<{ id: string }>('POST', '/v1/connections', {
      token: seller.session,
      body: { counterparty_organization_id: buyer.orgId },
      status: 201,
    });
    await call('POST', `/v1/connections/${connection.id}/accept`, { token: buyer.session, status: 200 });
    await call('POST', '/v1/webhooks', {
      token: seller.session,
      body: { url: receiver.url, events: ['document.created'] },
      status: 201,
    });

    const requestTrace = 'bbf92f3577b34da6a3ce929d0e0e4736';
    const doc = await call<{ id: string }>('POST', '/v1/documents', {
      token: seller.session,
      headers: { traceparent: `00-${requestTrace}-${CALLER_SPAN}-01` },
      body: {
        connection_id: connection.id,
        document_type: 'invoice',
        line_items: [{ description: 'Traced widget', quantity: 1, unit_price: 10, tax_rate: 0 }],
      },
      status: 201,
    });
    // The event keeps the traceparent of the span that wrote it: the request's (a document's
    // change is one statement, no transaction of its own).
    const event = await ctx.db
      .selectFrom('events')
      .select(['traceparent'])
      .where('document_id', '=', doc.id)
      .executeTakeFirstOrThrow();
    const kept = TRACEPARENT.exec(event.traceparent ?? '');
    assert.ok(kept, `a W3C traceparent kept: ${event.traceparent}`);
    assert.equal(kept[1], requestTrace);
    await ctx.tracing?.flush();
    const request = await collector.waitFor((s) => s.traceId === requestTrace && s.kind === 2);
    assert.equal(request.name, 'POST /v1/documents');
    assert.equal(kept[2], request.spanId);

    // The worker's first attempt (after the request ended, outside any span) continues the trace.
    await startWorker(ctx, allTasks(), { autoStart: false }).drain();
    assert.equal(receiver.got.length, 1, 'the first attempt was made');
    const first = TRACEPARENT.exec(String(receiver.got[0]?.traceparent ?? ''));
    assert.ok(first, `a W3C traceparent sent: ${receiver.got[0]?.traceparent}`);
    assert.equal(first[1], requestTrace, 'the delivery continues the request trace');
    await ctx.tracing?.flush();
    const firstSpan = await collector.waitFor((s) => s.spanId === first[2]);
    assert.equal(firstSpan.name, 'webhook delivery');
    assert.equal(firstSpan.kind, 3, 'a client span');
    assert.equal(firstSpan.traceId, requestTrace);
    assert.equal(firstSpan.parentSpanId, request.spanId, 'a child of the span that wrote the event');

    // The retry, due a minute later (at most 66 s with jitter), is claimed and sent in the same trace.
    await call('POST', '/v1/test_helpers/clock', {
      token: OPERATOR_TOKEN,
      body: { advance_seconds: 120 },
      status: 200,
    });
    await startWorker(ctx, allTasks(), { autoStart: false }).drain();
    assert.equal(receiver.got.length, 2, 'the retry was made');
    const retry = TRACEPARENT.exec(String(receiver.got[1]?.traceparent ?? ''));
    assert.ok(retry, `a W3C traceparent sent: ${receiver.got[1]?.traceparent}`);
    assert.equal(retry[1], requestTrace);
    assert.notEqual(retry[2], first[2], 'each attempt is a span of its own');
    await ctx.tracing?.flush();
    const retrySpan = await collector.waitFor((s) => s.spanId === retry[2]);
    assert.equal(retrySpan.parentSpanId, request.spanId);
  } finally {
    await receiver.close();
  }
});

test('an email delivery is a span in the trace of the request that queued it', async () => {
  const seller = await signUp('Mail Seller');
  await call('PATCH', '/v1/organization', { token: seller.session, body: SELLER, status: 200 });
  const connection = await call<{ id: string }>('POST', '/v1/connections', {
    token: seller.session,
    body: { external_party: { name: 'Mail Buyer', email: 'ap@mailbuyer.test' } },
    status: 201,
  });
  const draft = await call<{ id: string }>('POST', '/v1/documents', {
    token: seller.session,
    body: {
      connection_id: connection.id,
      document_type: 'invoice',
      line_items: [{ description: 'Traced consulting', quantity: 1, unit_price: 100, tax_rate: 0 }],
    },
    status: 201,
  });
  const requestTrace = 'ccf92f3577b34da6a3ce929d0e0e4736';
  await call('POST', `/v1/documents/${draft.id}/issue`, {
    token: seller.session,
    headers: { traceparent: `00-${requestTrace}-${CALLER_SPAN}-01` },
    status: 200,
  });
  const row = await ctx.db
    .selectFrom('deliveries')
    .select(['traceparent'])
    .where('document_id', '=', draft.id)
    .executeTakeFirstOrThrow();
  const kept = TRACEPARENT.exec(row.traceparent ?? '');
  assert.ok(kept, `a W3C traceparent kept: ${row.traceparent}`);
  assert.equal(kept[1], requestTrace);

  assert.equal(await deliverEmails(ctx), 1);
  assert.equal(smtp.received.length, 1, 'the message was sent');
  await ctx.tracing?.flush();
  const sent = await collector.waitFor((s) => s.traceId === requestTrace && s.name === 'email delivery');
  assert.equal(sent.kind, 3, 'a client span');
  assert.equal(sent.parentSpanId, kept[2], 'a child of the span that queued it');
  const request = await collector.waitFor((s) => s.traceId === requestTrace && s.kind === 2);
  assert.equal(request.name, 'POST /v1/documents/:id/issue');
});

test('a line logged inside any span (not a request) names its trace', async () => {
  const hooks = traceHooks() ?? assert.fail('trace hooks installed');
  let inside = '';
  await hooks.transaction(async () => {
    inside = hooks.traceId() ?? '';
    ctx.log.info('inside a transaction span');
  });
  ctx.log.info('outside any span');
  assert.match(inside, /^[0-9a-f]{32}$/);
  const line = logLines.find((l) => l.msg === 'inside a transaction span');
  assert.equal(line?.trace_id, inside);
  const outside = logLines.find((l) => l.msg === 'outside any span');
  assert.ok(outside && !('trace_id' in outside));
});

test('OTEL_EXPORTER_OTLP_ENDPOINT: off by default, an http(s) URL when set', () => {
  assert.equal(loadConfig({}).tracing, null);
  assert.deepEqual(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' }).tracing, {
    endpoint: 'http://127.0.0.1:4318',
    serviceName: 'docex',
  });
  for (const bad of ['127.0.0.1:4318', 'ftp://x.example', 'http://x.example/?a=1']) {
    assert.throws(
      () => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: bad }),
      (err: Error) => err instanceof ConfigError && /OTEL_EXPORTER_OTLP_ENDPOINT must be/.test(err.message),
      bad,
    );
  }
});
