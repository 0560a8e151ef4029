// Claiming due deliveries, and recovering lapsed fan-out leases, pick their rows once, whatever
// the tables' statistics say (src/modules/webhooks/deliver.ts CLAIM_DUE, held.ts RECOVER;
// bench/README.md item 51). After an ANALYZE that found no live rows (webhook_handoffs empties as
// fast as it fills; webhook_deliveries after the 30-day purge), a plan of
// `x in (select ... limit n for update skip locked)` ran the locking read again for every row of
// the table: slow, and it took more rows than it was asked for.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { CLAIM_DUE } from '../../src/modules/webhooks/deliver.ts';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { RECOVER, RECOVER_BATCH, recoverLapsedHandoffs } from '../../src/modules/webhooks/held.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { genericPlan, limitNodes, type PlanNode } from '../helpers/plans.ts';
import { createEndpoint, emit } from './helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

/** Every LIMIT of the plan ran once. */
function limitsRanOnce(plan: PlanNode): void {
  const limits = limitNodes(plan);
  assert.ok(limits.length > 0, 'the rows are picked by a LIMIT');
  for (const l of limits) {
    assert.equal(l['Actual Loops'], 1, 'the locking read runs once, not once per row of the table');
  }
}

/** `count` due deliveries to one endpoint, fanned out without a worker to hand them to. */
async function dueDeliveries(orgId: string, count: number): Promise<void> {
  await emit(svc, orgId, 'document.created', undefined, { count });
  while ((await fanOutEvents(svc.ctx)) > 0) {}
}

test('a claim takes as many due deliveries as asked, once, when the statistics say the table is empty', async () => {
  const { db } = svc.ctx;
  const a = await signup(svc, 'Claims');
  await createEndpoint(svc, a.session, 'http://127.0.0.1:9/claims');
  // Deliveries purged, then ANALYZE: no live rows, the dead ones still on the pages.
  await dueDeliveries(a.orgId, 300);
  await sql`delete from webhook_deliveries`.execute(db);
  await sql`analyze webhook_deliveries`.execute(db);
  await dueDeliveries(a.orgId, 300);

  const now = svc.ctx.clock.now();
  const until = new Date(now.getTime() + 60_000);
  const plan = await genericPlan(
    db,
    CLAIM_DUE,
    '(text, text, text, int)',
    `'lease_plan_test', '${until.toISOString()}', '${now.toISOString()}', 64`,
  );

  assert.equal(plan['Actual Rows'], 64, 'exactly the 64 deliveries asked for are leased');
  limitsRanOnce(plan);
  const leased = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lease_token', '=', 'lease_plan_test')
    .executeTakeFirstOrThrow();
  assert.equal(Number(leased.n), 0, 'the measurement was rolled back');
});

test('a recovery pass ends as many lapsed leases as asked when the statistics say there are none', async () => {
  const { db } = svc.ctx;
  const lapsed = new Date(svc.ctx.clock.now().getTime() - 120_000).toISOString();
  const handoffs = (tag: string, n: number) =>
    sql`insert into webhook_handoffs (lease_token, lease_until, delivery_ids)
        select ${tag} || g, ${lapsed}::timestamptz, '{}' from generate_series(1, ${n}::int) g`.execute(db);
  // Leases ended, then ANALYZE: no live rows, the dead ones still on the pages.
  await handoffs('ended_', 300);
  await sql`delete from webhook_handoffs`.execute(db);
  await sql`analyze webhook_handoffs`.execute(db);
  await handoffs('lapsed_', 120);

  // As a named statement's plan would be, and as the task runs it (planned with its values).
  const plan = await genericPlan(
    db,
    RECOVER,
    '(text, int)',
    `'${svc.ctx.clock.now().toISOString()}', ${RECOVER_BATCH}`,
  );
  limitsRanOnce(plan);
  const pass = await recoverLapsedHandoffs(svc.ctx);
  assert.equal(pass.handled, RECOVER_BATCH, 'a pass ends exactly as many leases as asked');
  const left = await db
    .selectFrom('webhook_handoffs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  assert.equal(Number(left.n), 120 - RECOVER_BATCH);
});
