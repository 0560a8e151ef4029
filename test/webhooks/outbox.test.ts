// The outbox guarantees: a rolled-back change sends nothing, a committed one is delivered, and any
// number of concurrent workers deliver each event to each endpoint exactly once while healthy.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import { appendEvents } from '../../src/modules/events/append.ts';
import { deliverDue } from '../../src/modules/webhooks/deliver.ts';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { allTasks } from '../../src/tasks.ts';
import { startWorker } from '../../src/worker/worker.ts';
import { connect, signup } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import {
  createEndpoint,
  deliveries,
  drain,
  emit,
  type Receiver,
  serviceWithReceiver,
  stillQueued,
} from './helpers.ts';

let svc: TestService;
let r: Receiver;
serviceWithReceiver((s, receiver) => {
  svc = s;
  r = receiver;
});

describe('outbox', () => {
  test('no event of a rolled-back change is ever sent', async () => {
    const a = await signup(svc, 'Rollback');
    const ep = await createEndpoint(svc, a.session, r.url);
    const before = r.received.length;
    let appended: string[] = [];
    await assert.rejects(
      inTransaction(svc.ctx.db, async (trx) => {
        const envs = await appendEvents(
          trx,
          [
            {
              organizationId: a.orgId,
              sandbox: false,
              type: 'document.created',
              data: { document: { id: 'doc_x' } },
            },
          ],
          svc.ctx.clock.now(),
        );
        appended = envs.map((e) => e.id);
        throw new Error('the change failed after its events were appended');
      }),
      /the change failed/,
    );
    assert.equal(appended.length, 1);
    await drain(svc);
    assert.equal(r.received.length, before);
    assert.equal((await deliveries(svc, a.session, ep.id)).length, 0);
    const rows = await svc.ctx.db.selectFrom('events').select('id').where('id', 'in', appended).execute();
    assert.equal(rows.length, 0);
    const queued = await svc.ctx.db.selectFrom('webhook_event_queue').select('event_id').execute();
    assert.equal(queued.length, 0);

    // The committed twin of the same change is delivered.
    const [committed] = await emit(svc, a.orgId);
    await drain(svc);
    assert.equal(r.received.length, before + 1);
    assert.equal(r.received.at(-1)!.body.id, committed!.id);
  });

  test('an event is queued for fan-out only when its organization has an endpoint (migration 0013)', async () => {
    const documentEvents = async (documentId: string) =>
      (
        await svc.ctx.db.selectFrom('events').select('id').where('document_id', '=', documentId).execute()
      ).map((e) => e.id);
    const a = await signup(svc, 'Quiet');
    const b = await signup(svc, 'Quiet Peer');
    const connectionId = await connect(svc, a, b);
    const createDocument = async () => {
      const res = await svc.req<{ id: string }>('POST', '/v1/documents', {
        token: a.session,
        body: {
          connection_id: connectionId,
          document_type: 'invoice',
          line_items: [{ description: 'x', quantity: 1, unit_price: 10, tax_rate: 0 }],
        },
      });
      assert.equal(res.status, 201);
      return res.body.id;
    };

    // No endpoint: the events are written (GET /v1/events lists them) but nothing is queued, by
    // appendEvents and by the document statement alike.
    const quiet = await emit(svc, a.orgId);
    const quietDoc = await createDocument();
    const quietDocEvents = await documentEvents(quietDoc);
    assert.equal(quietDocEvents.length, 1);
    assert.equal(await stillQueued(svc, [...quiet.map((e) => e.id), ...quietDocEvents]), 0);

    // With an endpoint, both writers queue their events in the same statement.
    const start = r.received.length;
    await createEndpoint(svc, a.session, r.url);
    const loud = await emit(svc, a.orgId);
    const loudDoc = await createDocument();
    const loudDocEvents = await documentEvents(loudDoc);
    assert.equal(await stillQueued(svc, [...loud.map((e) => e.id), ...loudDocEvents]), 2);
    await drain(svc);
    assert.deepEqual(
      r.received
        .slice(start)
        .map((x) => x.body.id)
        .sort(),
      [...loud.map((e) => e.id), ...loudDocEvents].sort(),
    );
  });

  test('concurrent workers deliver every event to every endpoint exactly once', async () => {
    const a = await signup(svc, 'Crowd');
    const start = r.received.length;
    const e1 = await createEndpoint(svc, a.session, `${r.url}?ep=1`);
    const e2 = await createEndpoint(svc, a.session, `${r.url}?ep=2`);
    const events = await emit(svc, a.orgId, 'document.created', undefined, { count: 60 });
    // Four workers racing on fan-out and delivery, with small batches to force interleaving.
    const worker = async () => {
      for (let i = 0; i < 200; i++) {
        const n = (await fanOutEvents(svc.ctx, 7)) + (await deliverDue(svc.ctx, { concurrency: 5 }));
        if (n === 0) return;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    await drain(svc);
    const got = r.received.slice(start);
    assert.equal(got.length, 120);
    const pairs = new Set(got.map((x) => `${x.headers['svc-webhook-id']}|${x.body.id}`));
    assert.equal(pairs.size, 60);
    for (const ep of [e1, e2]) {
      const list = await deliveries(svc, a.session, ep.id);
      assert.equal(list.length, 60);
      assert.ok(list.every((d) => d.status === 'succeeded' && d.attempts.length === 1));
      assert.deepEqual(new Set(list.map((d) => d.event_id)), new Set(events.map((e) => e.id)));
    }
  });

  test('a fan-out whose deliveries cannot be written leaves its events queued', async () => {
    const a = await signup(svc, 'Unwritten');
    const ep = await createEndpoint(svc, a.session, r.url);
    const events = await emit(svc, a.orgId, 'document.created', undefined, { count: 3 });
    const queued = () =>
      stillQueued(
        svc,
        events.map((e) => e.id),
      );
    // One statement deletes the queue rows and inserts the deliveries: a failed insert must
    // leave the rows queued. A constraint stands in for the failure.
    await sql`alter table webhook_deliveries add constraint fail_this_fan_out check (organization_id <> ${sql.lit(a.orgId)})`.execute(
      svc.ctx.db,
    );
    try {
      await assert.rejects(fanOutEvents(svc.ctx), /fail_this_fan_out/);
      assert.equal(await queued(), 3, 'still queued');
    } finally {
      await sql`alter table webhook_deliveries drop constraint fail_this_fan_out`.execute(svc.ctx.db);
    }
    const start = r.received.length;
    await drain(svc);
    assert.equal(await queued(), 0);
    assert.deepEqual(
      new Set(r.received.slice(start).map((x) => x.body.id)),
      new Set(events.map((e) => e.id)),
    );
    assert.equal((await deliveries(svc, a.session, ep.id)).length, 3);
  });

  test('the in-process worker loops deliver without being driven', async () => {
    const a = await signup(svc, 'Background');
    await createEndpoint(svc, a.session, r.url);
    const start = r.received.length;
    const worker = startWorker(svc.ctx, allTasks());
    try {
      const [env] = await emit(svc, a.orgId);
      await r.waitFor(start + 1, 10_000);
      assert.equal(r.received.at(-1)!.body.id, env!.id);
    } finally {
      await worker.stop();
    }
  });
});
