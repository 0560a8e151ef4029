// The sequencer's statement picks its batch of pending leaves once, whatever tlog_pending's
// statistics say (src/modules/tlog/log.ts, SEQUENCE; bench/README.md item 49). The table
// empties at every run, so an ANALYZE (autovacuum's) often finds it empty while the last batch's
// dead rows are still on its pages; a generic plan made from those statistics expects one row. As
// `id in (select ... limit n)` that plan read the batch again for every pending row: 1,986 rows
// took 1.8 s and 2,000,000 buffer hits per run under load (auto_explain).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import {
  SEQUENCE,
  SEQUENCE_BATCH,
  sequenceAndCheckpoint,
  sequencedSize,
} from '../../src/modules/tlog/log.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { genericPlan, limitNodes } from '../helpers/plans.ts';
import { appendCommitted, entryHashes, pendingCount } from './log-helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

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
  const plan = await genericPlan(db, SEQUENCE, '(int, bigint)', `${SEQUENCE_BATCH}, ${size}`);

  assert.equal(plan['Actual Rows'], 600, 'every pending leaf is numbered');
  const limits = limitNodes(plan);
  assert.ok(limits.length > 0, 'the batch is a LIMIT over the pending rows');
  for (const l of limits)
    assert.equal(l['Actual Loops'], 1, 'the batch is read once, not once per pending row');
  assert.equal(await pendingCount(svc.ctx), 600, 'the measurement was rolled back');

  // And the sequencer itself, with the same statistics, numbers them.
  const cut = await sequenceAndCheckpoint(svc.ctx, { force: true });
  assert.equal(cut.sequenced, 600);
  assert.equal(cut.tree_size, size + 600);
});
