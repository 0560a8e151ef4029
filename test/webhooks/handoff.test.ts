// The fan-out's handoff (held.ts): while a worker runs in the process, fresh deliveries are
// inserted leased to it and handed to its delivery pass without a claim; within the room the
// process has; never a delivery that existed already; released when the worker stops; and, when
// the process dies holding them, sent by the next worker once their lease lapses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../src/lib/ids.ts';
import { deliverDue, LEASE_MS } from '../../src/modules/webhooks/deliver.ts';
import { FANOUT_BATCH, fanOutEvents, fanOutPass, ROOM_WAIT_MS } from '../../src/modules/webhooks/fanout.ts';
import {
  type Claimed,
  closeHandoff,
  HeldDeliveries,
  handoffOf,
  openHandoff,
  recoverLapsedHandoffs,
} from '../../src/modules/webhooks/held.ts';
import { attemptOutcome, recordOutcomes } from '../../src/modules/webhooks/record.ts';
import { signup } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import {
  clockTo,
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

/** A handed-over delivery's fields that the lease bookkeeping does not read. */
const unsent: Omit<Claimed, 'id' | 'lease_token'> = {
  endpoint_id: 'we_1',
  series_attempts: 0,
  event_id: 'evt_1',
  event_type: 'document.created',
  url: 'http://127.0.0.1:9/',
  endpoint_status: 'ACTIVE',
  secret: 'whsec_x',
  previous_secret: null,
  previous_secret_valid_until_ms: null,
  consecutive_failures: 0,
  last_success_at_ms: null,
  body: '{}',
  traceparent: null,
};

async function rows(endpointId: string) {
  return svc.ctx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'status', 'lease_token', 'lease_until', 'next_attempt_at', 'created_at'])
    .where('endpoint_id', '=', endpointId)
    .execute();
}

/** The fan-out leases (webhook_handoffs) of these tokens. */
async function handoffRows(...tokens: Array<string | null>) {
  const listed = tokens.filter((t): t is string => t !== null);
  if (listed.length === 0) return [];
  return svc.ctx.db.selectFrom('webhook_handoffs').selectAll().where('lease_token', 'in', listed).execute();
}

test('a fan-out reserves at most four deliveries per slot, counting those held and in flight', () => {
  const held = new HeldDeliveries(2);
  assert.equal(held.reserve(5), 5);
  assert.equal(held.reserve(5), 3, 'eight in all for two slots');
  assert.equal(held.reserve(1), 0);
  held.handOver(8, []);
  held.sending = 2;
  assert.equal(held.reserve(10), 6, 'attempts in flight take room');
  held.handOver(6, []);
  assert.equal(held.reserve(10), 6, 'a failed fan-out hands its reservation back');
});

test("a pass's lease row goes with its last outcome, and stays when one of its deliveries will not be recorded", () => {
  const held = new HeldDeliveries(8);
  const pass = (token: string, n: number): Claimed[] =>
    Array.from({ length: n }, (_, i) => ({ ...unsent, id: `whd_${token}${i}`, lease_token: token }));
  const outcomes = (...rows: Claimed[]) => rows.map((delivery) => ({ delivery }));
  const [a1, a2, a3] = pass('A', 3) as [Claimed, Claimed, Claimed];
  const [b1, b2] = pass('B', 2) as [Claimed, Claimed];
  held.reserve(5);
  held.handOver(3, [a1, a2, a3]);
  held.handOver(2, [b1, b2]);
  held.waiting.splice(0);
  assert.deepEqual(held.handoffsDoneWith(outcomes(a1, b1)), []);
  assert.deepEqual(held.handoffsDoneWith(outcomes(a2, a3)), ['A']);
  assert.deepEqual(
    held.handoffsDoneWith(outcomes(...pass('C', 1))),
    [],
    'a claimed delivery belongs to no pass',
  );
  held.unrecordable(b2);
  assert.deepEqual(
    held.handoffsDoneWith(outcomes(b1, b2)),
    [],
    'the recovery ends a pass that lost a delivery',
  );
});

test('a running worker sends fresh deliveries leased as they were inserted, without a claim', async () => {
  const a = await signup(svc, 'Handed');
  const ep = await createEndpoint(svc, a.session, r.url);
  // The receiver holds the first request open, so the row can be read while it is in flight.
  const first: { release?: () => void } = {};
  const inFlight = new Promise<void>((resolve) => {
    r.respond((_req, res) => {
      if (first.release === undefined) {
        first.release = () => res.writeHead(200).end('ok');
        resolve();
      } else res.writeHead(200).end('ok');
    });
  });
  const start = r.received.length;
  const worker = svc.startWorker();
  try {
    const [event] = await emit(svc, a.orgId);
    await inFlight;
    const [row] = await rows(ep.id);
    assert.ok(row, 'the delivery exists');
    assert.equal(row.event_id, event?.id);
    assert.ok(row.lease_token, 'the delivery is leased while its attempt is in flight');
    // A claimed delivery keeps the next_attempt_at it was inserted with (its creation); a
    // handed-over one has none in the table (it is in no due index, so no claim walks past it,
    // and its outcome is a HOT update), and its fan-out pass's lease lists it.
    assert.equal(row.next_attempt_at, null);
    assert.equal(row.lease_until?.getTime(), row.created_at.getTime() + LEASE_MS);
    const [lease] = await handoffRows(row.lease_token);
    assert.deepEqual(lease, {
      lease_token: row.lease_token,
      lease_until: row.lease_until,
      delivery_ids: [row.id],
    });
    // The API shows when it would be attempted again should this attempt never be recorded.
    const [shown] = await deliveries(svc, a.session, ep.id);
    assert.equal(shown?.next_attempt_at, row.lease_until?.toISOString());
    first.release?.();
    await r.waitFor(start + 1);
    for (let i = 0; i < 100; i++) {
      const [d] = await deliveries(svc, a.session, ep.id);
      if (d?.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [done] = await rows(ep.id);
    assert.equal(done?.status, 'succeeded');
    assert.equal(done?.lease_token, null, 'the lease was released when the outcome was recorded');
    assert.equal(done?.next_attempt_at, null);
    assert.deepEqual(await handoffRows(row.lease_token), [], "the pass's lease went with its last outcome");
  } finally {
    r.respond((_req, res) => res.writeHead(200).end('ok'));
    await worker.stop();
  }
  assert.equal(r.received.length, start + 1, 'sent once');
  assert.equal(handoffOf(svc.ctx), undefined, 'the handoff ends with the worker');
});

test('without a running worker nothing is leased by a fan-out', async () => {
  const a = await signup(svc, 'Unheld');
  const ep = await createEndpoint(svc, a.session, r.url);
  await emit(svc, a.orgId, 'document.created', undefined, { count: 3 });
  assert.equal(await fanOutEvents(svc.ctx), 3);
  const all = await rows(ep.id);
  assert.equal(all.length, 3);
  assert.ok(
    all.every((d) => d.lease_token === null && d.next_attempt_at?.getTime() === d.created_at.getTime()),
  );
  await drain(svc);
});

test('a fan-out leases only what the process has room for; the rest is claimed as usual', async () => {
  const a = await signup(svc, 'Roomy');
  const ep = await createEndpoint(svc, a.session, r.url);
  await emit(svc, a.orgId, 'document.created', undefined, { count: 10 });
  openHandoff(svc.ctx, 1); // one slot: room for four
  try {
    assert.equal(await fanOutEvents(svc.ctx), 10);
    const all = await rows(ep.id);
    assert.equal(all.filter((d) => d.lease_token !== null).length, 4);
    assert.equal(handoffOf(svc.ctx)?.waiting.length, 4);
    const start = r.received.length;
    assert.equal(await deliverDue(svc.ctx), 10, 'four handed over and six claimed');
    assert.equal(r.received.length, start + 10);
    assert.deepEqual(new Set(r.received.slice(start).map((x) => x.body.id)).size, 10, 'each once');
  } finally {
    await closeHandoff(svc.ctx);
  }
  assert.ok((await rows(ep.id)).every((d) => d.status === 'succeeded' && d.lease_token === null));
});

test('a disabled endpoint and a delivery that already existed are never handed over', async () => {
  const a = await signup(svc, 'Skipped');
  const live = await createEndpoint(svc, a.session, r.url);
  const off = await createEndpoint(svc, a.session, r.url);
  await svc.ctx.db
    .updateTable('webhook_endpoints')
    .set({ status: 'DISABLED' })
    .where('id', '=', off.id)
    .execute();
  const [event] = await emit(svc, a.orgId);
  assert.ok(event);
  // A delivery of this event to the live endpoint already exists (a fan-out that committed
  // its deliveries is never repeated; this one is written by hand to stand for one).
  const now = svc.ctx.clock.now();
  await svc.ctx.db
    .insertInto('webhook_deliveries')
    .values({
      id: newId('whd'),
      endpoint_id: live.id,
      organization_id: a.orgId,
      event_id: event.id,
      event_type: event.type,
      payload: null,
      status: 'succeeded',
      failure_reason: null,
      attempts: JSON.stringify([]),
      series_attempts: 0,
      next_attempt_at: null,
      lease_token: null,
      lease_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  openHandoff(svc.ctx, 64);
  try {
    assert.equal(await fanOutEvents(svc.ctx), 1);
    assert.equal(handoffOf(svc.ctx)?.waiting.length, 0, 'nothing handed over');
    const [existing] = await rows(live.id);
    assert.equal(existing?.status, 'succeeded', 'the existing delivery is untouched');
    assert.equal(existing?.lease_token, null);
    const [skipped] = await rows(off.id);
    assert.equal(skipped?.status, 'failed');
    assert.equal(skipped?.lease_token, null);
  } finally {
    await closeHandoff(svc.ctx);
  }
});

test('stopping releases what is still held, due at once, for the next worker', async () => {
  const a = await signup(svc, 'Released');
  const ep = await createEndpoint(svc, a.session, r.url);
  await emit(svc, a.orgId, 'document.created', undefined, { count: 3 });
  openHandoff(svc.ctx, 64);
  assert.equal(await fanOutEvents(svc.ctx), 3);
  assert.equal((await rows(ep.id)).filter((d) => d.lease_token !== null).length, 3);
  await closeHandoff(svc.ctx); // no delivery pass ran: all three are still held
  const now = svc.ctx.clock.now().getTime();
  const released = await rows(ep.id);
  assert.ok(released.every((d) => d.lease_token === null && d.lease_until === null));
  assert.ok(released.every((d) => (d.next_attempt_at?.getTime() ?? Number.POSITIVE_INFINITY) <= now));
  const start = r.received.length;
  await drain(svc);
  assert.equal(r.received.length, start + 3);
});

test('a process that dies holding handed-over deliveries loses none: they go out when the lease lapses', async () => {
  const a = await signup(svc, 'Orphaned');
  const ep = await createEndpoint(svc, a.session, r.url);
  const events = await emit(svc, a.orgId, 'document.created', undefined, { count: 2 });
  openHandoff(svc.ctx, 64);
  assert.equal(await fanOutEvents(svc.ctx), 2);
  // The process dies: what it held is gone with it, the leases stay in the table.
  const held = handoffOf(svc.ctx);
  held?.waiting.splice(0);
  await closeHandoff(svc.ctx);
  const start = r.received.length;
  await drain(svc);
  assert.equal(r.received.length, start, 'not sent while the lease holds');
  const orphans = await rows(ep.id);
  assert.ok(orphans.every((d) => d.next_attempt_at === null && d.lease_token !== null));
  const token = orphans[0]?.lease_token ?? null;
  assert.equal((await handoffRows(token)).length, 1, "the dead process's lease is still listed");
  await clockTo(svc, new Date(svc.ctx.clock.now().getTime() + LEASE_MS + 1000));
  await drain(svc);
  assert.deepEqual(new Set(r.received.slice(start).map((x) => x.body.id)), new Set(events.map((e) => e.id)));
  assert.ok((await rows(ep.id)).every((d) => d.status === 'succeeded'));
  assert.deepEqual(await handoffRows(token), [], 'the recovery ended the lapsed lease');
});

test('the recovery makes due only what a lapsed lease left unrecorded, and leaves live leases alone', async () => {
  const a = await signup(svc, 'Recovered');
  const ep = await createEndpoint(svc, a.session, r.url);
  await emit(svc, a.orgId, 'document.created', undefined, { count: 3 });
  openHandoff(svc.ctx, 64);
  const held = handoffOf(svc.ctx) as HeldDeliveries;
  assert.equal(await fanOutEvents(svc.ctx), 3);
  const [sent, dropped, kept] = held.waiting.splice(0).map((h) => h.d);
  assert.ok(sent && dropped && kept);
  // One is recorded as a worker records it; the other two are never recorded.
  await recordOutcomes(
    svc.ctx,
    [
      attemptOutcome(
        sent,
        true,
        { at: svc.ctx.clock.now().toISOString(), status_code: 200, duration_ms: 1, error: null },
        { countsForEndpoint: true, retries: true },
      ),
    ],
    held.handoffsDoneWith([{ delivery: sent }]),
  );
  assert.equal((await handoffRows(sent.lease_token)).length, 1, 'two of its deliveries are unrecorded');
  await closeHandoff(svc.ctx);

  assert.deepEqual(await recoverLapsedHandoffs(svc.ctx), { handled: 0, full: false }, 'the lease holds');
  await clockTo(svc, new Date(svc.ctx.clock.now().getTime() + LEASE_MS + 1000));
  assert.deepEqual(await recoverLapsedHandoffs(svc.ctx), { handled: 1, full: false });
  assert.deepEqual(await handoffRows(sent.lease_token), []);
  const byId = new Map((await rows(ep.id)).map((d) => [d.id, d]));
  assert.equal(byId.get(sent.id)?.status, 'succeeded');
  assert.equal(byId.get(sent.id)?.next_attempt_at, null, 'a recorded delivery is left as it is');
  for (const d of [dropped, kept]) {
    const row = byId.get(d.id);
    assert.equal(row?.status, 'pending');
    assert.equal(row?.next_attempt_at?.getTime(), row?.lease_until?.getTime(), 'due when its lease lapsed');
  }
  const start = r.received.length;
  await drain(svc);
  assert.deepEqual(
    new Set(r.received.slice(start).map((x) => x.body.id)),
    new Set([dropped.event_id, kept.event_id]),
  );
});

/**
 * Runs `body` with a handoff of `capacity` slots open, as a running worker has it; its attempts
 * "in flight" are set by the body through `held.sending`, and end with it.
 */
async function withHandoff(capacity: number, body: (held: HeldDeliveries) => Promise<void>): Promise<void> {
  openHandoff(svc.ctx, capacity);
  const held = handoffOf(svc.ctx) as HeldDeliveries;
  try {
    await body(held);
  } finally {
    held.sending = 0;
    await closeHandoff(svc.ctx);
  }
}

test('a paced fan-out waits for room, then takes only what the worker can send and hands all of it over', async () => {
  const a = await signup(svc, 'Paced');
  const ep = await createEndpoint(svc, a.session, r.url);
  const events = await emit(svc, a.orgId, 'document.created', undefined, { count: 10 });
  // One slot: room for four, and a paced pass waits for two.
  await withHandoff(1, async (held) => {
    held.sending = 3; // three attempts in flight: room for one
    const started = performance.now();
    const pass = fanOutPass(svc.ctx);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(
      await stillQueued(
        svc,
        events.map((e) => e.id),
      ),
      10,
      'nothing taken while there is no room',
    );
    held.sending = 1; // two attempts ended
    held.freed();
    assert.deepEqual(
      await pass,
      { handled: 3, full: true },
      'room for three: three events, all it asked for',
    );
    assert.ok(performance.now() - started < ROOM_WAIT_MS * 5, 'woken by the room, not by the deadline');
    assert.equal(held.waiting.length, 3, 'all three handed over');
    const all = await rows(ep.id);
    assert.equal(all.length, 3);
    assert.ok(
      all.every((d) => d.lease_token !== null),
      'every delivery made was leased to this process',
    );
    assert.equal(
      await stillQueued(
        svc,
        events.map((e) => e.id),
      ),
      7,
      'the rest stays queued for the next pass',
    );
  });
  await drain(svc);
  assert.ok((await rows(ep.id)).every((d) => d.status === 'succeeded'));
});

test('a paced fan-out that finds no room in time fans out a full batch, leased as far as the room goes', async () => {
  const a = await signup(svc, 'Crowded');
  const ep = await createEndpoint(svc, a.session, r.url);
  const events = await emit(svc, a.orgId, 'document.created', undefined, { count: 6 });
  await withHandoff(1, async (held) => {
    held.sending = 3; // every slot stuck on slow receivers: room for one, never for two
    const started = performance.now();
    const pass = await fanOutPass(svc.ctx);
    assert.ok(performance.now() - started >= ROOM_WAIT_MS - 5, 'it waited for room first');
    assert.deepEqual(pass, { handled: 6, full: false }, 'the queue held fewer than a full batch');
    assert.equal(
      await stillQueued(
        svc,
        events.map((e) => e.id),
      ),
      0,
    );
    const all = await rows(ep.id);
    assert.equal(all.length, 6);
    assert.equal(all.filter((d) => d.lease_token !== null).length, 1, 'one leased: the room there was');
    assert.equal(held.waiting.length, 1);
  });
  await drain(svc);
  assert.ok((await rows(ep.id)).every((d) => d.status === 'succeeded'));
});

test('without a running worker a fan-out pass is not paced: it is full when it took a whole batch', async () => {
  const a = await signup(svc, 'Unpaced');
  await createEndpoint(svc, a.session, r.url);
  await emit(svc, a.orgId, 'document.created', undefined, { count: 5 });
  assert.deepEqual(await fanOutPass(svc.ctx, 2), { handled: 2, full: true });
  assert.deepEqual(await fanOutPass(svc.ctx, 2), { handled: 2, full: true });
  assert.deepEqual(await fanOutPass(svc.ctx, 2), { handled: 1, full: false });
  assert.ok(FANOUT_BATCH > 2);
  await drain(svc);
});

test('a fan-out waiting for room ends when the handoff closes, and then leases nothing', async () => {
  openHandoff(svc.ctx, 1);
  const held = handoffOf(svc.ctx) as HeldDeliveries;
  held.sending = 4; // no room at all
  const waiting = held.waitForRoom(2, 60_000);
  held.sending = 0;
  await closeHandoff(svc.ctx);
  assert.equal(await waiting, true, 'woken at once by the close (and there is room by then)');

  const a = await signup(svc, 'Closing');
  const ep = await createEndpoint(svc, a.session, r.url);
  await emit(svc, a.orgId, 'document.created', undefined, { count: 2 });
  openHandoff(svc.ctx, 1);
  const closing = handoffOf(svc.ctx) as HeldDeliveries;
  closing.sending = 4;
  const pass = fanOutPass(svc.ctx);
  closing.sending = 0;
  await closeHandoff(svc.ctx); // the worker stops while the pass waits for room
  assert.deepEqual(await pass, { handled: 2, full: false });
  assert.equal(closing.waiting.length, 0, 'nothing handed to a worker that has stopped');
  assert.ok(
    (await rows(ep.id)).every((d) => d.lease_token === null),
    'nothing leased',
  );
  await drain(svc);
});
