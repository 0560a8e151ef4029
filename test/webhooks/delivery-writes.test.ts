// What migration 0012 changed under the delivery path: a delivery no longer has a foreign key to
// organizations (its endpoint's does; a fan-out no longer locks the organization's row per
// delivery), and there is no index on created_at alone, so the 30-day purge walks each endpoint's
// deliveries instead.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { purgeExpired, RETENTION_MS } from '../../src/modules/webhooks/deliveries.ts';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { createEndpoint, emit } from './helpers.ts';

const POSTGRES = Boolean(process.env.DATABASE_URL);

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

test('the purge deletes every endpoint’s deliveries past the retention, and only those', async () => {
  const a = await signup(svc, 'Purge A');
  const b = await signup(svc, 'Purge B');
  const epA = await createEndpoint(svc, a.session, 'http://127.0.0.1:9/a');
  const epA2 = await createEndpoint(svc, a.session, 'http://127.0.0.1:9/a2');
  const epB = await createEndpoint(svc, b.session, 'http://127.0.0.1:9/b');
  await emit(svc, a.orgId, 'document.created', undefined, { count: 3 });
  await emit(svc, b.orgId, 'document.created', undefined, { count: 3 });
  while ((await fanOutEvents(svc.ctx)) > 0);
  const now = svc.ctx.clock.now().getTime();
  // Two of each endpoint's three deliveries are made older than the retention (one just past it).
  const ages = [RETENTION_MS + 86_400_000, RETENTION_MS + 1, 0];
  const expired: string[] = [];
  for (const ep of [epA, epA2, epB]) {
    const rows = await svc.ctx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', ep.id)
      .orderBy('id')
      .execute();
    assert.equal(rows.length, 3);
    for (const [i, r] of rows.entries()) {
      await svc.ctx.db
        .updateTable('webhook_deliveries')
        .set({ created_at: new Date(now - (ages[i] as number)) })
        .where('id', '=', r.id)
        .execute();
      if ((ages[i] as number) > 0) expired.push(r.id);
    }
  }
  const left = async () =>
    (
      await svc.ctx.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', 'in', [epA.id, epA2.id, epB.id])
        .execute()
    ).map((r) => r.id);

  // A batch of 4 stops at 4 of the 6, wherever they are.
  const first = await purgeExpired(svc.ctx, 4);
  assert.ok(first >= 4, `purged ${first}`);
  assert.equal((await left()).length, 9 - 4);
  await purgeExpired(svc.ctx, 4);
  const kept = await left();
  assert.equal(kept.length, 3, 'one delivery of each endpoint is within the retention');
  for (const id of expired) assert.ok(!kept.includes(id), `${id} is past the retention`);
  await purgeExpired(svc.ctx, 4);
  assert.equal((await left()).length, 3, 'nothing more to purge');
});

test('deliveries have no foreign key to organizations and no index on created_at alone', async () => {
  const keys = await sql<{ target: string }>`
    select confrelid::regclass::text as target from pg_constraint
     where conrelid = 'webhook_deliveries'::regclass and contype = 'f'
  `.execute(svc.ctx.db);
  assert.deepEqual(
    keys.rows.map((r) => r.target),
    ['webhook_endpoints'],
    'only the endpoint is referenced (deleting it deletes its deliveries)',
  );
  const indexes = await sql<{ name: string }>`
    select indexrelid::regclass::text as name from pg_index where indrelid = 'webhook_deliveries'::regclass
  `.execute(svc.ctx.db);
  assert.ok(!indexes.rows.some((r) => r.name === 'webhook_deliveries_by_time'));
});

test('a fan-out does not wait for a transaction holding its organization’s row (creating an endpoint does)', {
  skip: POSTGRES ? false : 'needs DATABASE_URL (PostgreSQL): PGlite has one connection',
}, async () => {
  const a = await signup(svc, 'Locked org');
  await createEndpoint(svc, a.session, 'http://127.0.0.1:9/locked');
  await emit(svc, a.orgId, 'document.created', undefined, { count: 2 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  // What createEndpoint does to count an organization's endpoints.
  const holder = svc.ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('organizations').select('id').where('id', '=', a.orgId).forUpdate().execute();
    locked();
    await released;
  });
  try {
    await isLocked;
    const fanned = await Promise.race([
      fanOutEvents(svc.ctx),
      // unref: the bound holds no process open once the fan-out answered
      new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3_000).unref()),
    ]);
    assert.notEqual(fanned, 'blocked', 'the fan-out waited for the organization row’s lock');
    assert.ok((fanned as number) >= 2);
  } finally {
    release();
    await holder;
  }
  const rows = await svc.ctx.db
    .selectFrom('webhook_deliveries')
    .select('organization_id')
    .where('organization_id', '=', a.orgId)
    .execute();
  assert.equal(rows.length, 2);
});

test('migration 0013: no triggers or foreign keys on the document write path', async () => {
  const triggers = await sql<{ name: string }>`
    select tgname as name from pg_trigger
     where not tgisinternal and tgrelid in ('events'::regclass, 'document_history'::regclass)
  `.execute(svc.ctx.db);
  assert.deepEqual(triggers.rows, []);
  const keys = await sql<{ name: string }>`
    select conname as name from pg_constraint
     where contype = 'f'
       and conrelid in ('events'::regclass, 'document_history'::regclass, 'webhook_event_queue'::regclass)
  `.execute(svc.ctx.db);
  assert.deepEqual(keys.rows, []);
});

test('the purge removes queue rows as old as the events it removes', async () => {
  const now = svc.ctx.clock.now().getTime();
  const old = new Date(now - RETENTION_MS - 1);
  // Queue rows have no foreign key to their event since migration 0013: one whose event was
  // purged (never seen in practice, fan-out takes a row within seconds) goes with it.
  await svc.ctx.db
    .insertInto('webhook_event_queue')
    .values([
      { event_id: 'evt_purged_with_its_event', created_at: old },
      { event_id: 'evt_still_fresh', created_at: new Date(now) },
    ])
    .execute();
  await purgeExpired(svc.ctx, 100);
  const left = await svc.ctx.db
    .selectFrom('webhook_event_queue')
    .select('event_id')
    .where('event_id', 'in', ['evt_purged_with_its_event', 'evt_still_fresh'])
    .execute();
  assert.deepEqual(
    left.map((r) => r.event_id),
    ['evt_still_fresh'],
  );
  await svc.ctx.db.deleteFrom('webhook_event_queue').where('event_id', '=', 'evt_still_fresh').execute();
});
