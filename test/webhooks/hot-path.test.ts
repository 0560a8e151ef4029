// What the delivery hot path relies on (issue 9, bench/README.md): delivery ids made in batches
// are ids like any other, and taking a lease on a delivery (migration 0010) and recording the
// outcome of a handed-over one (migration 0015) are HOT updates.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import { newIds, TIME_CHARS } from '../../src/lib/ids.ts';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { closeHandoff, handoffOf, openHandoff } from '../../src/modules/webhooks/held.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { createEndpoint, emit, stillQueued } from './helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const ID = /^whd_[0-9A-Za-z]{22}$/;

test('newIds makes as many distinct ids as asked, in the shape newId makes them', () => {
  assert.deepEqual(newIds('whd', 0), []);
  const one = newIds('whd', 1);
  assert.equal(one.length, 1);
  assert.match(one[0] ?? '', ID);
  // Large enough that the first draw of random bytes runs out now and then (the top-up path).
  for (let round = 0; round < 5; round++) {
    const ids = newIds('whd', 500);
    assert.equal(ids.length, 500);
    assert.ok(
      ids.every((id) => ID.test(id)),
      'every id is the prefix and 22 base62 characters',
    );
    assert.equal(new Set(ids).size, 500, 'no id repeats');
  }
  // Every character of the alphabet turns up in every random position (those after the time the
  // id was made): no position is stuck.
  const ids = newIds('evt', 2000);
  for (let pos = 'evt_'.length + TIME_CHARS; pos < 26; pos++) {
    assert.equal(new Set(ids.map((id) => id[pos])).size, 62, `position ${pos}`);
  }
});

test('fan-out gives each delivery its own id', async () => {
  const a = await signup(svc, 'Ids');
  await createEndpoint(svc, a.session, 'http://127.0.0.1:9/one');
  await createEndpoint(svc, a.session, 'http://127.0.0.1:9/two');
  await emit(svc, a.orgId, 'document.created', undefined, { count: 30 });
  assert.equal(await fanOutEvents(svc.ctx), 30);
  const rows = await svc.ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('organization_id', '=', a.orgId)
    .execute();
  assert.equal(rows.length, 60);
  assert.ok(rows.every((r) => ID.test(r.id)));
  assert.equal(new Set(rows.map((r) => r.id)).size, 60);
});

test('a fan-out whose guessed ids fall short writes nothing, then makes every delivery with as many as it needs', async () => {
  const one = await signup(svc, 'One Endpoint');
  await createEndpoint(svc, one.session, 'http://127.0.0.1:9/only');
  await emit(svc, one.orgId, 'document.created', undefined, { count: 2 });
  // One endpoint per event: the next pass guesses one id per event.
  assert.equal(await fanOutEvents(svc.ctx), 2);
  const three = await signup(svc, 'Three Endpoints');
  for (const path of ['a', 'b', 'c']) await createEndpoint(svc, three.session, `http://127.0.0.1:9/${path}`);
  const events = await emit(svc, three.orgId, 'document.created', undefined, { count: 4 });
  // Four events at one id each: 4 ids for 12 deliveries. The statement that finds too few
  // writes nothing, and the pass tries again with twelve.
  assert.equal(await fanOutEvents(svc.ctx, 4), 4);
  const rows = await svc.ctx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'endpoint_id'])
    .where('organization_id', '=', three.orgId)
    .execute();
  assert.equal(rows.length, 12, 'one delivery per event and endpoint');
  assert.equal(new Set(rows.map((r) => r.id)).size, 12, 'each with its own id');
  assert.equal(new Set(rows.map((r) => `${r.event_id} ${r.endpoint_id}`)).size, 12);
  assert.deepEqual(new Set(rows.map((r) => r.event_id)), new Set(events.map((e) => e.id)));
  assert.equal(
    await stillQueued(
      svc,
      events.map((e) => e.id),
    ),
    0,
    'all four dequeued',
  );
});

test('taking a lease on a delivery is a HOT update: the row has room beside it, no index changes', async () => {
  const b = await signup(svc, 'Leases');
  const ep = await createEndpoint(svc, b.session, 'http://127.0.0.1:9/hooks');
  // ~60 rows fill several pages; packed full (no fillfactor), most leases would move their row
  // to another page and write an entry into each of the table's five indexes.
  await emit(svc, b.orgId, 'document.created', undefined, { count: 60 });
  assert.equal(await fanOutEvents(svc.ctx), 60);
  const counts = await inTransaction(svc.ctx.db, async (trx) => {
    // The columns the worker's claim sets (deliver.ts claimDue).
    await sql`
      update webhook_deliveries set lease_token = 'tok', lease_until = ${svc.ctx.clock.now()}
       where endpoint_id = ${ep.id}
    `.execute(trx);
    const res = await sql<{ upd: number; hot: number }>`
      select n_tup_upd::int as upd, n_tup_hot_upd::int as hot
        from pg_stat_xact_user_tables where relname = 'webhook_deliveries'
    `.execute(trx);
    return res.rows[0];
  });
  assert.deepEqual(counts, { upd: 60, hot: 60 });
});

test('recording the outcome of a handed-over delivery is a HOT update: it changes no indexed column', async () => {
  const c = await signup(svc, 'Outcomes');
  const ep = await createEndpoint(svc, c.session, 'http://127.0.0.1:9/hooks');
  await emit(svc, c.orgId, 'document.created', undefined, { count: 60 });
  openHandoff(svc.ctx, 64);
  try {
    assert.equal(await fanOutEvents(svc.ctx), 60);
  } finally {
    handoffOf(svc.ctx)?.waiting.splice(0);
    await closeHandoff(svc.ctx);
  }
  const counts = await inTransaction(svc.ctx.db, async (trx) => {
    // This transaction's counts so far (the view also shows updates the pooled connection made
    // before and has not reported yet).
    const stats = async () => {
      const res = await sql<{ upd: number; hot: number }>`
        select n_tup_upd::int as upd, n_tup_hot_upd::int as hot
          from pg_stat_xact_user_tables where relname = 'webhook_deliveries'
      `.execute(trx);
      return res.rows[0] ?? { upd: 0, hot: 0 };
    };
    const before = await stats();
    // The columns recording an outcome sets (record.ts RECORD_OUTCOMES), as a success sets them.
    // Were status or next_attempt_at indexed again (migration 0015), none of these would be HOT.
    await sql`
      update webhook_deliveries
         set attempts = attempts || '[{"at":"2026-01-01T00:00:00.000Z","status_code":200,"duration_ms":3,"error":null}]'::jsonb,
             series_attempts = 1, status = 'succeeded', failure_reason = null, next_attempt_at = null,
             lease_token = null, lease_until = null, updated_at = ${svc.ctx.clock.now()}
       where endpoint_id = ${ep.id} and lease_token is not null and next_attempt_at is null
    `.execute(trx);
    const after = await stats();
    return { upd: after.upd - before.upd, hot: after.hot - before.hot };
  });
  assert.equal(counts.upd, 60, 'all 60 were handed over');
  assert.equal(counts.hot, 60, 'and each outcome stayed on its page, writing no index entry');
});
