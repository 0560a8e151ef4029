// Endpoint management (CONTRACT 5): admin session only, validation, pages, tenancy, deletion.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EVENT_TYPES } from '../../src/modules/events/append.ts';
import { MAX_ENDPOINTS_PER_ORGANIZATION } from '../../src/modules/webhooks/endpoints.ts';
import { expectError, mintKey, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { createEndpoint, deliveries, drain, type Endpoint, emit, startReceiver } from './helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

describe('registration', () => {
  test('answers 201 with the endpoint and its secret, shown once', async () => {
    const a = await signup(svc, 'Registrar');
    const res = await svc.req<Endpoint & Record<string, unknown>>('POST', '/v1/webhooks', {
      token: a.session,
      body: {
        url: 'http://127.0.0.1:9/hooks',
        events: ['document.created', 'document.created', 'payment.settled'],
      },
    });
    assert.equal(res.status, 201);
    const e = res.body;
    assert.match(e.id, /^whe_/);
    assert.equal(e.object, 'webhook_endpoint');
    assert.equal(e.url, 'http://127.0.0.1:9/hooks');
    assert.deepEqual(e.events, ['document.created', 'payment.settled'], 'duplicates dropped');
    assert.equal(e.status, 'ACTIVE');
    assert.equal(e.disabled_reason, null);
    assert.equal(e.consecutive_failures, 0);
    assert.equal(e.last_success_at, null);
    assert.equal(e.last_failure_at, null);
    assert.equal(e.previous_secret_valid_until, null);
    assert.match(e.created_at as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.match(e.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(e.secret.slice(6), 'base64').length, 32);

    const got = await svc.req<Record<string, unknown>>('GET', `/v1/webhooks/${e.id}`, { token: a.session });
    assert.equal(got.status, 200);
    assert.equal(got.body.secret, undefined, 'never shown again');
    assert.equal(JSON.stringify(got.body).includes(e.secret), false);
    const list = await svc.req('GET', '/v1/webhooks', { token: a.session });
    assert.equal(list.text.includes(e.secret), false);
  });

  test('needs an admin session; an API key is refused', async () => {
    const a = await signup(svc, 'KeyHolder');
    const key = await mintKey(svc, a.session, ['documents:read', 'documents:write', 'keys:manage']);
    const res = await svc.req('POST', '/v1/webhooks', {
      token: key.key,
      body: { url: 'http://127.0.0.1:9/', events: [] },
    });
    expectError(res, 403, 'insufficient_scope');
    assert.equal(
      (res.body as { error: { details: { required: string } } }).error.details.required,
      'admin_session',
    );
    for (const [method, url] of [
      ['GET', '/v1/webhooks'],
      ['GET', '/v1/webhooks/whe_x'],
      ['PATCH', '/v1/webhooks/whe_x'],
      ['DELETE', '/v1/webhooks/whe_x'],
      ['POST', '/v1/webhooks/whe_x/enable'],
      ['POST', '/v1/webhooks/whe_x/rotate_secret'],
      ['GET', '/v1/webhooks/whe_x/deliveries'],
      ['POST', '/v1/webhooks/whe_x/deliveries/whd_x/redeliver'],
      ['POST', '/v1/webhooks/whe_x/ping'],
    ] as const) {
      expectError(await svc.req(method, url, { token: key.key, body: {} }), 403, 'insufficient_scope');
    }
    expectError(await svc.req('GET', '/v1/webhooks', {}), 401, 'unauthorized');
  });

  test('refuses unknown event types, bad URLs and unknown fields, naming the field', async () => {
    const a = await signup(svc, 'Validator');
    const bad = async (body: unknown) => {
      const res = await svc.req<{
        error: { code: string; details: { errors: Array<{ path: string; message: string }> } };
      }>('POST', '/v1/webhooks', { token: a.session, body });
      expectError(res, 400, 'invalid_request');
      return res.body.error.details.errors;
    };
    const unknownType = await bad({ url: 'http://127.0.0.1:9/', events: ['document.deleted'] });
    assert.equal(unknownType[0]!.path, 'events[0]');
    assert.match(unknownType[0]!.message, /document\.status_changed/);
    assert.equal((await bad({ url: 'not a url', events: [] }))[0]!.path, 'url');
    assert.equal((await bad({ url: 'ftp://example.com/', events: [] }))[0]!.path, 'url');
    assert.equal((await bad({ url: 'https://user:pw@example.com/', events: [] }))[0]!.path, 'url');
    assert.equal((await bad({ events: [] }))[0]!.path, 'url');
    assert.equal((await bad({ url: 'http://127.0.0.1:9/' }))[0]!.path, 'events');
    assert.equal((await bad({ url: 'http://127.0.0.1:9/', events: [], secret: 'x' }))[0]!.path, 'secret');
    assert.equal((await bad({ url: 'http://127.0.0.1:9/', events: ['ping'] }))[0]!.path, 'events[0]');
  });

  test('every known event type is accepted, and an empty list means all', async () => {
    const a = await signup(svc, 'Everything');
    const e = await createEndpoint(svc, a.session, 'http://127.0.0.1:9/', [...EVENT_TYPES]);
    assert.deepEqual(e.events, [...EVENT_TYPES]);
    const all = await createEndpoint(svc, a.session, 'http://127.0.0.1:9/', []);
    assert.deepEqual(all.events, []);
  });

  test(`an organization has at most ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints`, async () => {
    const a = await signup(svc, 'Many');
    for (let i = 0; i < MAX_ENDPOINTS_PER_ORGANIZATION; i++) {
      await createEndpoint(svc, a.session, `http://127.0.0.1:9/${i}`);
    }
    expectError(
      await svc.req('POST', '/v1/webhooks', {
        token: a.session,
        body: { url: 'http://127.0.0.1:9/x', events: [] },
      }),
      409,
      'conflict',
    );
  });

  test('the same Idempotency-Key replays the creation instead of registering twice', async () => {
    const a = await signup(svc, 'Replayer');
    const body = { url: 'http://127.0.0.1:9/once', events: [] };
    const first = await svc.req<Endpoint>('POST', '/v1/webhooks', {
      token: a.session,
      body,
      idem: 'idem-webhook-1',
    });
    const again = await svc.req<Endpoint>('POST', '/v1/webhooks', {
      token: a.session,
      body,
      idem: 'idem-webhook-1',
    });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replay'], 'true');
    assert.equal(again.body.id, first.body.id);
    const list = await svc.req<{ data: unknown[] }>('GET', '/v1/webhooks', { token: a.session });
    assert.equal(list.body.data.length, 1);
  });
});

describe('reading, updating, deleting', () => {
  test('lists in cursor pages, newest first, only the organization’s own', async () => {
    const a = await signup(svc, 'Lister');
    const b = await signup(svc, 'Neighbour');
    await createEndpoint(svc, b.session, 'http://127.0.0.1:9/b');
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await createEndpoint(svc, a.session, `http://127.0.0.1:9/${i}`)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res: {
        status: number;
        body: { data: Endpoint[]; next_cursor: string | null; has_more: boolean };
      } = await svc.req('GET', `/v1/webhooks?limit=2${q}`, { token: a.session });
      assert.equal(res.status, 200);
      assert.ok(res.body.data.length <= 2);
      assert.equal(res.body.has_more, res.body.next_cursor !== null);
      seen.push(...res.body.data.map((e) => e.id));
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.deepEqual(seen, [...made].reverse());
    expectError(
      await svc.req('GET', '/v1/webhooks?cursor=forged.cursor', { token: a.session }),
      400,
      'invalid_request',
    );
  });

  test('another organization’s endpoint is not found, whatever the operation', async () => {
    const a = await signup(svc, 'Owner');
    const b = await signup(svc, 'Snoop');
    const e = await createEndpoint(svc, a.session, 'http://127.0.0.1:9/');
    for (const [method, url] of [
      ['GET', `/v1/webhooks/${e.id}`],
      ['PATCH', `/v1/webhooks/${e.id}`],
      ['DELETE', `/v1/webhooks/${e.id}`],
      ['POST', `/v1/webhooks/${e.id}/enable`],
      ['POST', `/v1/webhooks/${e.id}/rotate_secret`],
      ['GET', `/v1/webhooks/${e.id}/deliveries`],
      ['POST', `/v1/webhooks/${e.id}/ping`],
    ] as const) {
      expectError(await svc.req(method, url, { token: b.session, body: {} }), 404, 'not_found');
    }
  });

  test('PATCH changes url and events; a bad value changes nothing', async () => {
    const a = await signup(svc, 'Patcher');
    const e = await createEndpoint(svc, a.session, 'http://127.0.0.1:9/old', ['document.created']);
    const res = await svc.req<Endpoint>('PATCH', `/v1/webhooks/${e.id}`, {
      token: a.session,
      body: { url: 'http://127.0.0.1:9/new' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.url, 'http://127.0.0.1:9/new');
    assert.deepEqual(res.body.events, ['document.created']);
    expectError(
      await svc.req('PATCH', `/v1/webhooks/${e.id}`, {
        token: a.session,
        body: { url: 'gopher://x', events: [] },
      }),
      400,
      'invalid_request',
    );
    expectError(
      await svc.req('PATCH', `/v1/webhooks/${e.id}`, { token: a.session, body: { status: 'ACTIVE' } }),
      400,
      'invalid_request',
    );
    const shown = await svc.req<Endpoint>('GET', `/v1/webhooks/${e.id}`, { token: a.session });
    assert.equal(shown.body.url, 'http://127.0.0.1:9/new');
    assert.deepEqual(shown.body.events, ['document.created']);
  });

  test('DELETE stops deliveries and removes the endpoint', async () => {
    const a = await signup(svc, 'Deleter');
    const r = await startReceiver();
    try {
      const e = await createEndpoint(svc, a.session, r.url);
      await emit(svc, a.orgId);
      await drain(svc);
      assert.equal(r.received.length, 1);
      assert.equal((await deliveries(svc, a.session, e.id)).length, 1);
      const res = await svc.req('DELETE', `/v1/webhooks/${e.id}`, { token: a.session });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { id: e.id, object: 'webhook_endpoint', deleted: true });
      expectError(await svc.req('GET', `/v1/webhooks/${e.id}`, { token: a.session }), 404, 'not_found');
      expectError(await svc.req('DELETE', `/v1/webhooks/${e.id}`, { token: a.session }), 404, 'not_found');
      await emit(svc, a.orgId);
      await drain(svc);
      assert.equal(r.received.length, 1);
    } finally {
      await r.close();
    }
  });

  test('the operations are in the OpenAPI document', async () => {
    const res = await svc.req<{ paths: Record<string, Record<string, { operationId: string }>> }>(
      'GET',
      '/v1/openapi.json',
    );
    const ops = Object.values(res.body.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of [
      'createWebhookEndpoint',
      'listWebhookEndpoints',
      'getWebhookEndpoint',
      'updateWebhookEndpoint',
      'deleteWebhookEndpoint',
      'enableWebhookEndpoint',
      'rotateWebhookSecret',
      'listWebhookDeliveries',
      'redeliverWebhook',
      'pingWebhookEndpoint',
      'listEvents',
    ]) {
      assert.ok(ops.includes(id), id);
    }
  });
});
