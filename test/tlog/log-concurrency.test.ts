// Dense, unique leaf indexes when many transactions append at once and several sequencers run
// beside them (real concurrent transactions on PostgreSQL; PGlite serialises them, same checks).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import { consistencyProofHashes, latestCheckpoint } from '../../src/modules/tlog/checkpoints.ts';
import { appendLogLeaves, bytes, sequenceAndCheckpoint } from '../../src/modules/tlog/log.ts';
import { leafHash, rootFromLeafHashes, verifyConsistency } from '../../src/modules/tlog/merkle.ts';
import { verifyNote } from '../../src/modules/tlog/signed-note.ts';
import { deploymentSigningKey } from '../../src/modules/tlog/signing-key.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { entryHashes, pendingCount, sequencedLeaves } from './log-helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const onPostgres = () => svc.db.url !== null;

test('a writer holding uncommitted leaves blocks neither other writers nor the sequencer', {
  skip: process.env.DATABASE_URL ? false : 'PGlite has one connection: transactions cannot overlap',
}, async () => {
  assert.ok(onPostgres());
  const ctx = svc.ctx;
  const slow = entryHashes(2, 'slow writer');
  const fast = entryHashes(3, 'fast writer');
  await inTransaction(ctx.db, async (trx) => {
    // Inserted first (lower ids), committed last.
    await appendLogLeaves(trx, slow, ctx.clock.now());
    await inTransaction(ctx.db, (other) => appendLogLeaves(other, fast, ctx.clock.now()));
    const cut = await sequenceAndCheckpoint(ctx, { force: true });
    assert.equal(
      cut.sequenced,
      3,
      'the committed leaves are sequenced; the open transaction is not waited for',
    );
  });
  await sequenceAndCheckpoint(ctx, { force: true });
  const leaves = await sequencedLeaves(ctx);
  assert.deepEqual(
    leaves.map((l) => l.entry_hash.toString('hex')),
    [...fast, ...slow],
    'indexes follow commit order, densely',
  );
});

const WAVE = 20;

test('concurrent appends, rollbacks and sequencers give dense unique indexes and consistent checkpoints', async () => {
  const ctx = svc.ctx;
  const start = (await sequencedLeaves(ctx)).length;
  const committed: string[] = [];
  const rolledBack: string[] = [];

  const writer = async (w: number) => {
    const first = entryHashes(1 + (w % 3), `writer ${w} a`);
    const second = entryHashes(1 + (w % 2), `writer ${w} b`);
    const fail = w % 4 === 3;
    // Staggered starts, so that on PGlite too (one connection, first come first served) the
    // sequencers get their turns between writers. Spaced by about a writer's transaction (its
    // sleep is 0-20 ms): PGlite's thread (src/db/pglite-worker.ts) sleeps without stopping this
    // one, so at 3 ms every writer was queued ahead of the sequencers' second run.
    await new Promise((r) => setTimeout(r, (w % WAVE) * 12));
    try {
      await inTransaction(ctx.db, async (trx) => {
        await appendLogLeaves(trx, first, ctx.clock.now());
        // Hold the transaction open a moment so writers and sequencers interleave.
        await sql`select pg_sleep(${(w % 5) / 200})`.execute(trx);
        await appendLogLeaves(trx, second, ctx.clock.now());
        if (fail) throw new Error('rolled back');
      });
      committed.push(...first, ...second);
    } catch (err) {
      if (!fail) throw err;
      rolledBack.push(...first, ...second);
    }
  };
  const sequencer = async (force: boolean, done: () => boolean) => {
    while (!done()) {
      await sequenceAndCheckpoint(ctx, { force });
      await new Promise((r) => setTimeout(r, 3));
    }
  };
  // Two waves of writers, each with three sequencers beside it and a forced cut after it: however
  // the turns fall (a loaded machine may queue every writer of a wave ahead of the sequencers),
  // each wave's leaves are cut into a checkpoint of their own, so there are at least two to prove
  // consistent with each other.
  for (const first of [0, WAVE]) {
    let done = false;
    const writers = Promise.all(Array.from({ length: WAVE }, (_, i) => writer(first + i))).finally(() => {
      done = true;
    });
    await Promise.all([
      writers,
      sequencer(true, () => done),
      sequencer(true, () => done),
      sequencer(false, () => done),
    ]);
    await sequenceAndCheckpoint(ctx, { force: true });
  }

  assert.equal(await pendingCount(ctx), 0);
  const leaves = await sequencedLeaves(ctx);
  assert.deepEqual(
    leaves.map((l) => l.leaf_index),
    Array.from({ length: leaves.length }, (_, i) => i),
    'dense from 0',
  );
  const logged = leaves.slice(start).map((l) => l.entry_hash.toString('hex'));
  assert.deepEqual([...logged].sort(), [...committed].sort(), 'exactly the committed leaves, once each');
  for (const h of rolledBack) assert.ok(!logged.includes(h));
  assert.ok(rolledBack.length > 0);

  // Every checkpoint is signed, states the root of its prefix, and extends the one before it.
  const key = await deploymentSigningKey(ctx);
  const all = leaves.map((l) => leafHash(l.entry_hash));
  const cps = await ctx.db
    .selectFrom('tlog_checkpoints')
    .select(['tree_size', 'root_hash', 'note'])
    .orderBy('tree_size')
    .execute();
  assert.ok(cps.length >= 2);
  let prev: { size: number; root: Buffer } | null = null;
  for (const c of cps) {
    const root = bytes(c.root_hash);
    assert.deepEqual(root, rootFromLeafHashes(all, c.tree_size));
    assert.ok(verifyNote(c.note, { name: key.origin, publicKeyRaw: key.publicKeyRaw }));
    if (prev) {
      const proof = await consistencyProofHashes(ctx.db, prev.size, c.tree_size);
      assert.ok(verifyConsistency(prev.size, c.tree_size, proof, prev.root, root));
    }
    prev = { size: c.tree_size, root };
  }
  assert.equal((await latestCheckpoint(ctx.db))?.tree_size, leaves.length);
});
