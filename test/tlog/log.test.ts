// The transparency log end to end on the real database: leaves appended in transactions, the
// checkpoint task driven by drain() and the test clock, signed checkpoints, proofs over HTTP,
// proof bundles checked by the published verifier, and tampering caught.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { verifyBundleBytes } from '../../scripts/verify-bundle.mjs';
import { inTransaction } from '../../src/db/transaction.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { buildBundle } from '../../src/modules/provenance/bundle.ts';
import {
  checkpointCovering,
  consistencyProofFor,
  ensureLogProof,
  inclusionProofFor,
  leafIndexOfEntry,
  logProofForEntry,
} from '../../src/modules/tlog/checkpoints.ts';
import { appendEntry, GENESIS_HASH } from '../../src/modules/tlog/hash-chain.ts';
import {
  appendLogLeaves,
  bytes,
  CHECKPOINT_INTERVAL_MS,
  checkpointTask,
  SEQUENCE_BATCH,
  sequenceAndCheckpoint,
} from '../../src/modules/tlog/log.ts';
import {
  entryLeafHash,
  leafHash,
  rootFromLeafHashes,
  verifyConsistency,
  verifyInclusion,
} from '../../src/modules/tlog/merkle.ts';
import { cosignNote, rawPublicKey, verifyNote } from '../../src/modules/tlog/signed-note.ts';
import { deploymentSigningKey } from '../../src/modules/tlog/signing-key.ts';
import { extendTree, lookupFrom } from '../../src/modules/tlog/tree-nodes.ts';
import { type RunningWorker, startWorker } from '../../src/worker/worker.ts';
import { advanceClock, expectError } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  appendCommitted,
  checkpointCount,
  entryHashes,
  idleWorker,
  pendingCount,
  publishedKey,
  sequencedLeaves,
  servedCheckpoint,
} from './log-helpers.ts';

let svc: TestService;
let worker: RunningWorker;
before(async () => {
  svc = await startTestService();
  worker = idleWorker(svc.ctx);
});
after(async () => {
  await worker?.stop();
  await svc?.close();
});

const b64 = (s: string) => Buffer.from(s, 'base64');

/** A clock that moves only when told to. */
function stillClock(at: Date): Clock {
  let now = at;
  return {
    now: () => now,
    advanceTo: (to) => {
      now = to;
      return to;
    },
    adjustable: true,
  };
}

/** Runs the worker dry after moving the clock past the checkpoint interval. */
async function cut(): Promise<void> {
  await advanceClock(svc, 2);
  await worker.drain();
}

describe('transparency log', () => {
  // Sizes of the checkpoints the tests below cut, with their signed roots, oldest first.
  const seen: Array<{ size: number; root: Buffer; note: string }> = [];

  test('an empty log has no checkpoint and the task cuts none', async () => {
    expectError(await svc.req('GET', '/v1/provenance/checkpoint'), 404, 'not_found');
    await worker.drain();
    await cut();
    assert.equal(await checkpointCount(svc.ctx), 0);
  });

  test('leaves of a rolled-back transaction never enter the log', async () => {
    const doomed = entryHashes(3, 'rolled back');
    await assert.rejects(
      inTransaction(svc.ctx.db, async (trx) => {
        await appendLogLeaves(trx, doomed, svc.ctx.clock.now());
        throw new Error('the document write failed after its history was appended');
      }),
      /document write failed/,
    );
    const kept = entryHashes(3, 'first');
    await appendCommitted(svc.ctx, kept);
    assert.equal(await pendingCount(svc.ctx), 3, 'only the committed leaves are pending');

    await worker.drain(); // the first checkpoint needs no interval
    const leaves = await sequencedLeaves(svc.ctx);
    assert.deepEqual(
      leaves.map((l) => [l.leaf_index, l.entry_hash.toString('hex')]),
      kept.map((h, i) => [i, h]),
    );
    for (const h of doomed) assert.equal(await leafIndexOfEntry(svc.ctx.db, h), null);

    const cp = await servedCheckpoint(svc);
    assert.equal(cp.tree_size, 3);
    assert.deepEqual(cp.root, rootFromLeafHashes(kept.map(entryLeafHash)));
    assert.match(cp.created_at, /^\d{4}-\d\d-\d\dT/);
    assert.equal(cp.note, `${cp.origin}\n3\n${cp.root_hash}\n\n${cp.note.split('\n\n')[1]}`);
    seen.push({ size: cp.tree_size, root: cp.root, note: cp.note });
  });

  test('the task cuts at most one checkpoint per interval, and none when nothing is new', async () => {
    // The interval is measured on the service clock; a context whose clock stands still makes the
    // "too soon" case independent of how fast this machine runs the test.
    const last = await servedCheckpoint(svc);
    const still = stillClock(new Date(Date.parse(last.created_at) + CHECKPOINT_INTERVAL_MS / 2));
    const frozen = idleWorker({ ...svc.ctx, clock: still });
    await appendCommitted(svc.ctx, entryHashes(2, 'second'));
    await frozen.drain();
    assert.equal(
      (await servedCheckpoint(svc)).tree_size,
      3,
      'the last checkpoint is younger than the interval',
    );
    still.advanceTo(new Date(still.now().getTime() + CHECKPOINT_INTERVAL_MS));
    await frozen.drain();
    const cp = await servedCheckpoint(svc);
    assert.equal(cp.tree_size, 5);
    assert.equal(cp.created_at, still.now().toISOString());
    seen.push({ size: cp.tree_size, root: cp.root, note: cp.note });

    const before = await checkpointCount(svc.ctx);
    await cut();
    await cut();
    assert.equal(await checkpointCount(svc.ctx), before, 'no new leaves, no checkpoint');

    // A few more checkpoints of awkward sizes for the proofs below.
    for (const n of [1, 6, 4, 9]) {
      await appendCommitted(svc.ctx, entryHashes(n, `batch ${seen.length}`));
      await cut();
      const c = await servedCheckpoint(svc);
      seen.push({ size: c.tree_size, root: c.root, note: c.note });
    }
    assert.deepEqual(
      seen.map((s) => s.size),
      [3, 5, 6, 12, 16, 25],
    );
    const all = (await sequencedLeaves(svc.ctx)).map((l) => leafHash(l.entry_hash));
    for (const s of seen) assert.deepEqual(s.root, rootFromLeafHashes(all, s.size), `root of ${s.size}`);
  });

  test('consistency proofs between any two checkpoints verify', async () => {
    for (const older of seen) {
      for (const newer of seen.filter((s) => s.size >= older.size)) {
        const res = await svc.req<{ from: number; to: number; proof: string[] }>(
          'GET',
          `/v1/provenance/consistency?from=${older.size}&to=${newer.size}`,
        );
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.from, older.size);
        assert.equal(res.body.to, newer.size);
        const proof = res.body.proof.map(b64);
        assert.ok(
          verifyConsistency(older.size, newer.size, proof, older.root, newer.root),
          `${older.size}→${newer.size}`,
        );
      }
    }
    const zero = await svc.req<{ proof: string[] }>('GET', '/v1/provenance/consistency?from=0&to=5');
    assert.deepEqual(zero.body.proof, []);
  });

  test('consistency requests are validated', async () => {
    const bad = async (qs: string, path: string) => {
      const res = await svc.req<{ error: { details: { errors: Array<{ path: string }> } } }>(
        'GET',
        `/v1/provenance/consistency${qs}`,
      );
      expectError(res, 400, 'invalid_request');
      assert.ok(
        res.body.error.details.errors.some((e) => e.path.startsWith(path)),
        `${qs}: ${JSON.stringify(res.body)}`,
      );
    };
    await bad('?from=5&to=3', 'query.from');
    await bad('?from=1&to=4', 'query.to'); // 4 leaves were never a checkpoint
    await bad('?from=1&to=26', 'query.to'); // beyond the log
    await bad('?from=1', 'query');
    await bad('?from=-1&to=3', 'query.from');
    await bad('?from=one&to=3', 'query.from');
    await bad('?from=1&to=3&extra=1', 'query');
  });

  test('every leaf has an inclusion proof in the first checkpoint that covers it', async () => {
    const leaves = await sequencedLeaves(svc.ctx);
    for (const leaf of leaves) {
      const cp = await checkpointCovering(svc.ctx.db, leaf.leaf_index);
      assert.ok(cp);
      const expected = seen.find((s) => s.size > leaf.leaf_index)!;
      assert.equal(
        cp.tree_size,
        expected.size,
        `leaf ${leaf.leaf_index} is first covered by ${expected.size}`,
      );
      assert.equal(cp.note, expected.note);
      const proof = (await inclusionProofFor(svc.ctx.db, leaf.leaf_index, cp.tree_size)).map(b64);
      assert.ok(
        verifyInclusion(leafHash(leaf.entry_hash), leaf.leaf_index, cp.tree_size, proof, cp.root_hash),
      );
      // and in every later tree
      const last = seen.at(-1)!;
      const later = (await inclusionProofFor(svc.ctx.db, leaf.leaf_index, last.size)).map(b64);
      assert.ok(verifyInclusion(leafHash(leaf.entry_hash), leaf.leaf_index, last.size, later, last.root));
    }
    assert.equal(await checkpointCovering(svc.ctx.db, leaves.length), null);
    await assert.rejects(inclusionProofFor(svc.ctx.db, 0, leaves.length + 1), RangeError);
    await assert.rejects(consistencyProofFor(svc.ctx.db, 1, leaves.length + 1), RangeError);
  });

  test('a proof bundle built from the log passes the published verifier', async () => {
    const actor = {
      kind: 'api_key' as const,
      organization_id: 'org_a',
      key_id: 'key_1',
      key_prefix: 'rk_test_abcd',
    };
    const e1 = appendEntry(GENESIS_HASH, {
      seq: 1,
      at: '2025-03-01T10:00:00.000Z',
      action: 'created',
      actor,
      changes: { status: 'draft' },
    });
    const e2 = appendEntry(e1.hash, {
      seq: 2,
      at: '2025-03-01T10:05:00.000Z',
      action: 'issued',
      actor,
      changes: { status: 'submitted' },
    });
    await appendCommitted(svc.ctx, [e1.hash, e2.hash]);
    assert.equal(await logProofForEntry(svc.ctx.db, e2.hash), null, 'pending: not covered yet');

    // An export right after the write does not wait for the task: it cuts the checkpoint itself.
    const proof = await ensureLogProof(svc.ctx, e2.hash);
    assert.ok(proof);
    assert.deepEqual(await logProofForEntry(svc.ctx.db, e2.hash), proof, 'deterministic');
    await appendCommitted(svc.ctx, entryHashes(5, 'after the export'));
    await cut();
    assert.deepEqual(await logProofForEntry(svc.ctx.db, e2.hash), proof, 'later checkpoints change nothing');
    assert.equal(await ensureLogProof(svc.ctx, entryHashes(1, 'never appended')[0]!), null);

    const key = await deploymentSigningKey(svc.ctx);
    const bundle = buildBundle(
      {
        document: { id: 'doc_1' },
        history: [e1, e2],
        lineage: { document_id: 'doc_1', steps: [] },
        ...proof,
      },
      key.signer,
    );
    const published = await publishedKey(svc);
    const ok = verifyBundleBytes(bundle.bytes, { publicKey: published.public_key, origin: published.origin });
    assert.equal(ok.valid, true, JSON.stringify(ok));
    const again = buildBundle(
      {
        document: { id: 'doc_1' },
        history: [e1, e2],
        lineage: { document_id: 'doc_1', steps: [] },
        ...proof,
      },
      key.signer,
    );
    assert.equal(again.digest, bundle.digest, 'same state, same bytes');
  });

  test('the log refuses to be rewritten through the normal paths', async () => {
    const leaf = (await sequencedLeaves(svc.ctx))[0]!;
    await assert.rejects(
      sql`update tlog_leaves set entry_hash = ${Buffer.alloc(32, 1)} where leaf_index = ${leaf.leaf_index}`.execute(
        svc.ctx.db,
      ),
      /append-only/,
    );
    await assert.rejects(sql`delete from tlog_checkpoints`.execute(svc.ctx.db), /append-only/);
    await assert.rejects(sql`update tlog_nodes set hash = hash`.execute(svc.ctx.db), /append-only/);
  });

  test('a checkpoint note is never rewritten, not even to gain a signature line', async () => {
    const { tree_size: size, note } = await svc.ctx.db
      .selectFrom('tlog_checkpoints')
      .select(['tree_size', 'note'])
      .orderBy('tree_size')
      .limit(1)
      .executeTakeFirstOrThrow();
    const other = { name: 'witness.example/w', privateKey: generateKeyPairSync('ed25519').privateKey };
    // A signing-key rotation leaves old checkpoints as they were (bundles that carry them keep
    // their bytes), so even a cosignature over the same body is refused.
    await assert.rejects(
      sql`update tlog_checkpoints set note = ${cosignNote(note, other)} where tree_size = ${size}`.execute(
        svc.ctx.db,
      ),
      /append-only/,
    );
    const key = await deploymentSigningKey(svc.ctx);
    const kept = await svc.ctx.db
      .selectFrom('tlog_checkpoints')
      .select('note')
      .where('tree_size', '=', size)
      .executeTakeFirstOrThrow();
    assert.equal(kept.note, note);
    assert.ok(verifyNote(note, { name: key.origin, publicKeyRaw: key.publicKeyRaw }));
    assert.equal(verifyNote(note, { name: other.name, publicKeyRaw: rawPublicKey(other.privateKey) }), false);
  });

  test('a rewritten leaf no longer proves into its signed checkpoint', async () => {
    const target = (await sequencedLeaves(svc.ctx))[7]!;
    const cp = (await checkpointCovering(svc.ctx.db, target.leaf_index))!;
    const forged = Buffer.alloc(32, 0xab);
    // Whoever owns the database can switch the guard off.
    await sql`alter table tlog_leaves disable trigger tlog_leaves_append_only`.execute(svc.ctx.db);
    await sql`update tlog_leaves set entry_hash = ${forged} where leaf_index = ${target.leaf_index}`.execute(
      svc.ctx.db,
    );
    await sql`alter table tlog_leaves enable trigger tlog_leaves_append_only`.execute(svc.ctx.db);
    const proof = (await inclusionProofFor(svc.ctx.db, target.leaf_index, cp.tree_size)).map(b64);
    assert.equal(
      verifyInclusion(leafHash(forged), target.leaf_index, cp.tree_size, proof, cp.root_hash),
      false,
    );
    assert.equal(await leafIndexOfEntry(svc.ctx.db, forged.toString('hex')), target.leaf_index);
  });

  test('a log rebuilt around a rewritten leaf fails the consistency proof against an earlier checkpoint', async () => {
    const earlier = await servedCheckpoint(svc);
    // The adversary also recomputes every stored subtree hash from the (rewritten) leaves, so the
    // forged leaf proves into the trees the log serves from now on.
    const leaves = await sequencedLeaves(svc.ctx);
    const rebuilt = extendTree(
      0,
      lookupFrom(new Map()),
      leaves.map((l) => leafHash(l.entry_hash)),
    );
    await sql`alter table tlog_nodes disable trigger tlog_nodes_append_only`.execute(svc.ctx.db);
    for (const n of rebuilt.nodes) {
      await sql`update tlog_nodes set hash = ${n.hash} where level = ${n.level} and idx = ${n.index}`.execute(
        svc.ctx.db,
      );
    }
    await sql`alter table tlog_nodes enable trigger tlog_nodes_append_only`.execute(svc.ctx.db);

    // The log carries on; its next checkpoint is signed and self-consistent...
    await appendCommitted(svc.ctx, entryHashes(3, 'after the rewrite'));
    await cut();
    const next = await servedCheckpoint(svc);
    assert.equal(next.tree_size, earlier.tree_size + 3);
    const res = await svc.req<{ proof: string[] }>(
      'GET',
      `/v1/provenance/consistency?from=${earlier.tree_size}&to=${next.tree_size}`,
    );
    assert.equal(res.status, 200);
    // ...but it cannot prove that it extends the checkpoint a monitor kept from before.
    assert.equal(
      verifyConsistency(earlier.tree_size, next.tree_size, res.body.proof.map(b64), earlier.root, next.root),
      false,
    );
    const current = await sequencedLeaves(svc.ctx);
    assert.deepEqual(next.root, rootFromLeafHashes(current.map((l) => leafHash(l.entry_hash))));
  });

  test('a forced cut waits for a busy sequencer instead of skipping', async () => {
    await appendCommitted(svc.ctx, entryHashes(2, 'forced'));
    const [a, b] = await Promise.all([
      sequenceAndCheckpoint(svc.ctx, { force: true }),
      sequenceAndCheckpoint(svc.ctx, { force: true }),
    ]);
    assert.equal(a.sequenced + b.sequenced, 2);
    assert.equal(await pendingCount(svc.ctx), 0);
    const stored = await svc.ctx.db
      .selectFrom('tlog_checkpoints')
      .select('root_hash')
      .orderBy('tree_size', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(bytes(stored.root_hash).length, 32);
  });

  test('a backlog of a full batch is cut at once, in batches, interval or not', async () => {
    const before = await servedCheckpoint(svc);
    const frozen = idleWorker({ ...svc.ctx, clock: stillClock(new Date(Date.parse(before.created_at) + 1)) });
    const many = entryHashes(SEQUENCE_BATCH + 1, 'backlog');
    for (let i = 0; i < many.length; i += 2_000) await appendCommitted(svc.ctx, many.slice(i, i + 2_000));
    await frozen.drain();
    assert.equal((await servedCheckpoint(svc)).tree_size, before.tree_size + SEQUENCE_BATCH);
    assert.equal(await pendingCount(svc.ctx), 1, 'the remainder waits for the interval');
    await cut();
    const after = await servedCheckpoint(svc);
    assert.equal(after.tree_size, before.tree_size + SEQUENCE_BATCH + 1);
    const res = await svc.req<{ proof: string[] }>(
      'GET',
      `/v1/provenance/consistency?from=${before.tree_size}&to=${after.tree_size}`,
    );
    assert.ok(
      verifyConsistency(before.tree_size, after.tree_size, res.body.proof.map(b64), before.root, after.root),
    );
  });

  test('the task comes back one interval after a cut, and at once after a full batch', async () => {
    // The worker sleeps partialMs after a pass that is not full (src/worker/worker.ts): that is
    // what spreads a steady flow of leaves over a cut every interval instead of one a second.
    assert.equal(checkpointTask.partialMs, CHECKPOINT_INTERVAL_MS);
    const last = await servedCheckpoint(svc);
    const clock = stillClock(new Date(Date.parse(last.created_at) + CHECKPOINT_INTERVAL_MS));
    await appendCommitted(svc.ctx, entryHashes(3, 'steady'));
    assert.deepEqual(await checkpointTask.run({ ...svc.ctx, clock }), { handled: 3, full: false });
    assert.equal((await servedCheckpoint(svc)).tree_size, last.tree_size + 3);
    assert.deepEqual(await checkpointTask.run({ ...svc.ctx, clock }), { handled: 0, full: false });

    const many = entryHashes(SEQUENCE_BATCH + 2, 'full');
    for (let i = 0; i < many.length; i += 2_000) await appendCommitted(svc.ctx, many.slice(i, i + 2_000));
    // Too soon for a small backlog, but a full batch never waits for the interval.
    assert.deepEqual(await checkpointTask.run({ ...svc.ctx, clock }), {
      handled: SEQUENCE_BATCH,
      full: true,
    });
    assert.deepEqual(await checkpointTask.run({ ...svc.ctx, clock }), { handled: 0, full: false });
    clock.advanceTo(new Date(clock.now().getTime() + CHECKPOINT_INTERVAL_MS));
    assert.deepEqual(await checkpointTask.run({ ...svc.ctx, clock }), { handled: 2, full: false });
  });

  test("a running worker covers a steady flow of entries within the contract's 10 seconds", async () => {
    // CONTRACT 6: checkpoints are cut at least every 10 seconds while entries arrive. The task's
    // own loop on real timers (its idle poll, then one interval after each cut), not drain().
    const running = startWorker(svc.ctx, [checkpointTask]);
    try {
      for (let round = 0; round < 4; round++) {
        const before = (await servedCheckpoint(svc)).tree_size;
        const started = Date.now();
        await appendCommitted(svc.ctx, entryHashes(5, `flow ${round}`));
        while ((await servedCheckpoint(svc)).tree_size < before + 5) {
          assert.ok(Date.now() - started < 10_000, `round ${round}: not covered within 10 s`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    } finally {
      await running.stop();
    }
  });
});
