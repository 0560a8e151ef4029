// GET /v1/events, delivery list pagination, and the 30-day retention of both.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { advanceClock, expectError, mintKey, signup } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import {
  createEndpoint,
  type Delivery,
  drain,
  emit,
  freshSession,
  type Receiver,
  serviceWithReceiver,
} from './helpers.ts';

let svc: TestService;
let r: Receiver;
serviceWithReceiver((s, receiver) => {
  svc = s;
  r = receiver;
});

interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

async function walk<T>(token: string, path: string): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path;
    const res: { status: number; text: string; body: Page<T> } = await svc.req('GET', url, { token });
    assert.equal(res.status, 200, res.text);
    rows.push(...res.body.data);
    cursor = res.body.next_cursor;
    pages++;
  } while (cursor);
  return { rows, pages };
}

describe('GET /v1/events', () => {
  test('lists the organization’s envelopes, newest first, filtered by type and since', async () => {
    const a = await signup(svc, 'Poller');
    const b = await signup(svc, 'Other');
    const key = await mintKey(svc, a.session, ['documents:read']);
    const first = await emit(svc, a.orgId, 'document.created', { document: { id: 'doc_a' } }, { count: 3 });
    await advanceClock(svc, 10);
    const cutoff = svc.ctx.clock.now();
    const second = await emit(svc, a.orgId, 'payment.settled', { payment: { id: 'pay_1' } }, { count: 2 });
    await emit(svc, b.orgId, 'document.created');

    const all = await walk<{
      id: string;
      type: string;
      api_version: string;
      created_at: string;
      data: unknown;
    }>(key.key, '/v1/events?limit=2');
    assert.equal(all.pages, 3);
    assert.equal(all.rows.length, 5, "only the caller's events");
    const ids = all.rows.map((e) => e.id);
    assert.deepEqual(new Set(ids).size, 5);
    assert.deepEqual(new Set(ids.slice(0, 2)), new Set(second.map((e) => e.id)), 'newest first');
    // The same envelope the webhooks carry.
    const stored = await svc.ctx.db
      .selectFrom('events')
      .select(['id', 'envelope'])
      .where('organization_id', '=', a.orgId)
      .execute();
    for (const row of stored) {
      assert.deepEqual(
        all.rows.find((e) => e.id === row.id),
        JSON.parse(row.envelope),
      );
    }

    const byType = await walk<{ type: string }>(key.key, '/v1/events?type=payment.settled');
    assert.deepEqual(
      byType.rows.map((e) => e.type),
      ['payment.settled', 'payment.settled'],
    );
    const since = await walk<{ id: string }>(
      key.key,
      `/v1/events?since=${encodeURIComponent(cutoff.toISOString())}`,
    );
    assert.deepEqual(new Set(since.rows.map((e) => e.id)), new Set(second.map((e) => e.id)));
    const sinceDate = await walk<{ id: string }>(
      key.key,
      `/v1/events?since=${cutoff.toISOString().slice(0, 10)}`,
    );
    // A date means from its start (UTC): at least everything since the cutoff.
    for (const e of second) assert.ok(sinceDate.rows.some((x) => x.id === e.id));
    assert.equal(first.length, 3);

    // A session of the organization may read too.
    assert.equal((await svc.req('GET', '/v1/events', { token: a.session })).status, 200);
  });

  test('refuses keys without documents:read, unknown types, bad dates and foreign cursors', async () => {
    const a = await signup(svc, 'Strict');
    const weak = await mintKey(svc, a.session, ['payments:read']);
    expectError(await svc.req('GET', '/v1/events', { token: weak.key }), 403, 'insufficient_scope');
    expectError(await svc.req('GET', '/v1/events', {}), 401, 'unauthorized');
    const key = await mintKey(svc, a.session, ['documents:read']);
    expectError(await svc.req('GET', '/v1/events?type=nope', { token: key.key }), 400, 'invalid_request');
    expectError(
      await svc.req('GET', '/v1/events?since=yesterday', { token: key.key }),
      400,
      'invalid_request',
    );
    await emit(svc, a.orgId, 'document.created', undefined, { count: 3 });
    const page = await svc.req<Page<unknown>>('GET', '/v1/events?limit=1', { token: key.key });
    assert.ok(page.body.next_cursor);
    expectError(
      await svc.req('GET', `/v1/events?limit=1&type=document.edited&cursor=${page.body.next_cursor}`, {
        token: key.key,
      }),
      400,
      'invalid_request',
    );
  });
});

describe('deliveries list', () => {
  test('pages through an endpoint’s deliveries, filters by status, and ties cursors to the query', async () => {
    const a = await signup(svc, 'Pager');
    const ep = await createEndpoint(svc, a.session, r.url);
    const other = await createEndpoint(svc, a.session, r.url, ['payment.failed']);
    const events = await emit(svc, a.orgId, 'document.created', undefined, { count: 7 });
    await drain(svc);
    const { rows, pages } = await walk<Delivery>(a.session, `/v1/webhooks/${ep.id}/deliveries?limit=3`);
    assert.equal(pages, 3);
    assert.equal(rows.length, 7);
    assert.deepEqual(new Set(rows.map((d) => d.event_id)), new Set(events.map((e) => e.id)));
    assert.equal(new Set(rows.map((d) => d.id)).size, 7, 'pages are disjoint');
    for (const d of rows) {
      assert.match(d.id, /^whd_/);
      assert.equal(d.status, 'succeeded');
      assert.deepEqual(Object.keys(d).sort(), [
        'attempts',
        'created_at',
        'endpoint_id',
        'event_id',
        'event_type',
        'failure_reason',
        'id',
        'next_attempt_at',
        'object',
        'status',
        'updated_at',
      ]);
    }
    const none = await walk<Delivery>(a.session, `/v1/webhooks/${ep.id}/deliveries?status=failed`);
    assert.equal(none.rows.length, 0);
    assert.equal((await walk<Delivery>(a.session, `/v1/webhooks/${other.id}/deliveries`)).rows.length, 0);

    const first = await svc.req<Page<Delivery>>('GET', `/v1/webhooks/${ep.id}/deliveries?limit=3`, {
      token: a.session,
    });
    expectError(
      await svc.req('GET', `/v1/webhooks/${other.id}/deliveries?cursor=${first.body.next_cursor}`, {
        token: a.session,
      }),
      400,
      'invalid_request',
    );
    expectError(
      await svc.req('GET', `/v1/webhooks/${ep.id}/deliveries?status=sent`, { token: a.session }),
      400,
      'invalid_request',
    );
  });
});

describe('retention', () => {
  test('events and deliveries are listed for 30 days, then purged', async () => {
    const a = await signup(svc, 'Forgetful');
    const key = await mintKey(svc, a.session, ['documents:read']);
    const ep = await createEndpoint(svc, a.session, r.url);
    const [old] = await emit(svc, a.orgId);
    await drain(svc);
    await advanceClock(svc, 29 * 86400);
    const [recent] = await emit(svc, a.orgId);
    await drain(svc);
    let session = await freshSession(svc, a);
    assert.equal((await walk<Delivery>(session, `/v1/webhooks/${ep.id}/deliveries`)).rows.length, 2);

    await advanceClock(svc, 1 * 86400 + 60);
    session = await freshSession(svc, a);
    const events = await walk<{ id: string }>(key.key, '/v1/events');
    assert.deepEqual(
      events.rows.map((e) => e.id),
      [recent!.id],
      'older than 30 days: not listed',
    );
    const listed = await walk<Delivery>(session, `/v1/webhooks/${ep.id}/deliveries`);
    assert.deepEqual(
      listed.rows.map((d) => d.event_id),
      [recent!.id],
    );

    await drain(svc); // the purge task
    const left = await svc.ctx.db
      .selectFrom('events')
      .select('id')
      .where('id', 'in', [old!.id, recent!.id])
      .execute();
    assert.deepEqual(
      left.map((e) => e.id),
      [recent!.id],
    );
    const leftDeliveries = await svc.ctx.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('endpoint_id', '=', ep.id)
      .execute();
    assert.deepEqual(
      leftDeliveries.map((d) => d.event_id),
      [recent!.id],
    );
  });
});
