// The sequencer's statement picks its batch of pending leaves once, whatever tlog_pending's
// statistics say (src/modules/provenance/log.ts, SEQUENCE; bench/README.md item 49). The table
// empties every second, so an ANALYZE (autovacuum's) often finds it empty while the last batch's
// dead rows are still on its pages; a generic plan made from those statistics expects one row. As
// `id in (select ... limit n)` that plan read the batch again for every pending row: 1,986 rows
// took 1.8 s and 2,000,000 buffer hits per run under load (auto_explain).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import {
  SEQUENCE,
  SEQUENCE_BATCH,
  sequenceAndCheckpoint,
  sequencedSize,
} from '../../src/modules/provenance/log.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { appendCommitted, entryHashes, pendingCount } from './log-helpers.ts';

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

test('the sequencer reads its batch once when the statistics say the pending table is empty', async () => {
  const { db } = svc.ctx;
  // A batch sequenced and removed, then ANALYZE: no live rows, the dead ones still on the pages.
  await appendCommitted(svc.ctx, entryHashes(600, 'first'));
  await sequenceAndCheckpoint(svc.ctx, { force: true });
  await sql`analyze tlog_pending`.execute(db);
  await appendCommitted(svc.ctx, entryHashes(600, 'second'));
  const size = await sequencedSize(db);

  // The plan a named statement would get from those statistics (generic, made without the
  // parameters' values), executed and rolled back: nothing is sequenced by the measurement.
  const plan = await inTransaction(db, async (trx) => {
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await sql.raw(`prepare tlog_sequence_plan (int, bigint) as ${SEQUENCE}`).execute(trx);
    try {
      const res = await sql
        .raw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (analyze, format json) execute tlog_sequence_plan(${SEQUENCE_BATCH}, ${size})`,
        )
        .execute(trx);
      throw new Measured(res.rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      await sql`deallocate tlog_sequence_plan`.execute(trx);
    }
  }).then(
    () => assert.fail('the measuring transaction must roll back'),
    (err: unknown) => {
      if (err instanceof Measured) return err.plan;
      throw err;
    },
  );

  const nodes = allNodes(plan);
  assert.equal(plan['Actual Rows'], 600, 'every pending leaf is numbered');
  const limits = nodes.filter((n) => n['Node Type'] === 'Limit');
  assert.ok(limits.length > 0, 'the batch is a LIMIT over the pending rows');
  for (const l of limits)
    assert.equal(l['Actual Loops'], 1, 'the batch is read once, not once per pending row');
  assert.equal(await pendingCount(svc.ctx), 600, 'the measurement was rolled back');

  // And the sequencer itself, with the same statistics, numbers them.
  const cut = await sequenceAndCheckpoint(svc.ctx, { force: true });
  assert.equal(cut.sequenced, 600);
  assert.equal(cut.tree_size, size + 600);
});
