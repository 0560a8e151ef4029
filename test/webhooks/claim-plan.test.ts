// Claiming due deliveries picks them once, whatever webhook_deliveries' statistics say
// (src/modules/webhooks/deliver.ts, CLAIM_DUE; bench/README.md item 51). After an ANALYZE that
// found no live rows (a quiet deployment after the 30-day purge), a generic plan of
// `d.id in (select ... limit n for update skip locked)` ran the locking read again for every row
// of the table: slow, and it leased more deliveries than it was asked for.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import { CLAIM_DUE } from '../../src/modules/webhooks/deliver.ts';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { createEndpoint, emit } from './helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

interface PlanNode {
  'Node Type': string;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const allNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(allNodes)];

/** Thrown to roll back the transaction the plan was measured in. */
class Measured extends Error {
  constructor(readonly plan: PlanNode) {
    super('measured');
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
  // The plan a named statement would get from those statistics, executed and rolled back.
  const plan = await inTransaction(db, async (trx) => {
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await sql.raw(`prepare claim_due_plan (text, text, text, int) as ${CLAIM_DUE}`).execute(trx);
    try {
      const res = await sql
        .raw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (analyze, format json) execute claim_due_plan('lease_plan_test', '${until.toISOString()}', '${now.toISOString()}', 64)`,
        )
        .execute(trx);
      throw new Measured(res.rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      await sql`deallocate claim_due_plan`.execute(trx);
    }
  }).then(
    () => assert.fail('the measuring transaction must roll back'),
    (err: unknown) => {
      if (err instanceof Measured) return err.plan;
      throw err;
    },
  );

  assert.equal(plan['Actual Rows'], 64, 'exactly the 64 deliveries asked for are leased');
  const limits = allNodes(plan).filter((n) => n['Node Type'] === 'Limit');
  assert.ok(limits.length > 0, 'the due rows are a LIMIT');
  for (const l of limits) {
    assert.equal(l['Actual Loops'], 1, 'the locking read runs once, not once per row of the table');
  }
  const leased = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lease_token', '=', 'lease_plan_test')
    .executeTakeFirstOrThrow();
  assert.equal(Number(leased.n), 0, 'the measurement was rolled back');
});
