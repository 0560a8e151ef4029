// The transparency log's write side: appending leaves, and the sequencer that gives them dense
// indexes and cuts signed checkpoints.
//
// Why a sequencer instead of a counter. A leaf index must be dense (0, 1, 2, … with no holes:
// the tree over n leaves is over leaves 0..n-1) and unique across every process. Taking the next
// index from a counter row inside the writing transaction would hold that row's lock until the
// writer commits, serialising every history-writing transaction of the deployment behind one row.
// A bigserial does not work either: a rolled-back insert burns its value and leaves a hole. So a
// writer only INSERTS its leaves into tlog_pending, taking no lock at all; a rolled-back writer
// leaves nothing. The sequencer (the checkpoint task, one at a time under a transaction-scoped
// advisory lock) moves the pending leaves that have committed into tlog_leaves, numbered densely
// after the current tree size, stores the subtree hashes they complete, signs the new checkpoint
// and commits all of it at once. Index order is the sequencer's order (arrival id among the
// committed leaves), which is all a log needs: an index only has to be stable once a checkpoint
// covers it. tlog_leaves is insert-only (no updated rows, no dead tuples in the big table).
//
// Cadence: a checkpoint is cut when new leaves are pending and the last checkpoint is at least
// CHECKPOINT_INTERVAL_MS (200 ms) old, or a full batch is waiting. While leaves keep arriving the
// task runs again one interval after each cut; once it finds nothing it polls every second. So a
// leaf is covered within about a second (the contract's bound is 10 s), and the deployment cuts
// at most about five checkpoints a second however many workers run, never more than it sequences
// leaves. Nothing new, no checkpoint.
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import { planEachTime } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Pass, WorkerTask } from '../../worker/worker.ts';
import { leafHash } from './merkle.ts';
import { formatCheckpointBody, signNote } from './signed-note.ts';
import { deploymentSigningKey } from './signing-key.ts';
import { extendTree, frontier, lookupFrom, type NodeKey, nodeId } from './tree-nodes.ts';

/**
 * One statement, one snapshot: numbers the oldest pending leaves ($1 at most) after the current
 * tree size ($2), and removes exactly those from tlog_pending.
 *
 * The batch is picked once, as an array (`id = any(array(...))`), and the statement is planned at
 * every run (prepared.ts, planEachTime). As `id in (select ... limit n)` it was a named statement,
 * and its generic plan came from tlog_pending's statistics. The table empties at every run, so an
 * ANALYZE often finds it empty with the last batch's dead rows still on its pages; the plan then
 * expected one row and was a nested loop that read the batch again for each pending row. Under
 * create-many on a database of 500,000 documents (autovacuum off, as on these machines; ANALYZE
 * run while the table was empty), auto_explain showed 1,986 leaves taking 1.8 s and 2,060,000
 * buffer hits per run: 568-959 hits per create in tlog_pending, PostgreSQL's CPU per create
 * 0.93-1.05 ms. Picked once: 12-14 hits per create, 0.60-0.77 ms (bench/README.md, item 49;
 * test/tlog/sequence-plan.test.ts). Planning at most five times a second costs nothing.
 */
export const SEQUENCE = planEachTime(`
  with batch as (
    delete from tlog_pending where id = any(array(
      select id from tlog_pending order by id limit $1
    )) returning id, entry_hash, created_at
  )
  insert into tlog_leaves (leaf_index, entry_hash, created_at)
  select $2::bigint + row_number() over (order by id) - 1, entry_hash, created_at from batch
  returning leaf_index, entry_hash`);

/**
 * Minimum time between two checkpoints while a backlog smaller than a batch waits.
 *
 * Why 200 ms and not a second: a run is one transaction whose statements grow with its batch,
 * and under a steady load a second's leaves made each run a burst of PostgreSQL work that showed
 * in the creates' tail. Measured under the bench's create-many (~1,850-2,000 creates/s): a run of
 * a second's ~1,800 leaves held its connection 55-105 ms, 25-30 ms of it in SEQUENCE and 15-20 ms
 * storing tree nodes; without the task at all, p99 40-53 ms against 50-62 ms (5 alternated
 * rounds, bench/ab.ts). Cut every 200 ms, the same work in five smaller runs: p99 medians 46 and
 * 46 ms against 52 and 50 ms (two series of 5 alternated rounds, one in each order). What the
 * extra runs cost PostgreSQL (pg_stat_statements over ~26,000 creates: 58 runs against 16) was
 * ~2 µs per create (bench/README.md, item 52). The price in storage is up to five checkpoint rows
 * a second under load (~400 bytes each, against the ~2,000 leaves a second that call for them).
 */
export const CHECKPOINT_INTERVAL_MS = 200;
/**
 * Most leaves one checkpoint adds; a larger backlog is cut in several checkpoints back to back.
 * Small, because a run holds PGlite's only connection: measured on this 2-core machine at load
 * ~15 (bench/log-scale.ts), 5,000 leaves took 1.2 s per run, 20,000 took 4.3 s.
 * Steady state is far smaller: one run every interval takes what arrived since the last.
 */
export const SEQUENCE_BATCH = 5_000;
/** The advisory lock held by the one running sequencer (arbitrary, shared by every process). */
const SEQUENCER_LOCK_KEY = 718_293_005;
/** Rows per INSERT of tree nodes (3 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 5_000;

const HEX64 = /^[0-9a-f]{64}$/;

/** Raw 32 bytes of a database bytea (pg gives a Buffer, PGlite a Uint8Array). */
export function bytes(b: Uint8Array): Buffer {
  return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * Appends history-entry hashes to the log, pending. Call it INSIDE the transaction that writes
 * the history entries: they enter the log exactly when it commits, and never if it rolls back.
 * Takes no lock. Leaf indexes are assigned by the sequencer after commit (within about two
 * seconds, or at once through ensureLogProof); read them with leafIndexOfEntry/logProofForEntry.
 */
export async function appendLogLeaves(trx: Tx, entryHashesHex: readonly string[], now: Date): Promise<void> {
  if (entryHashesHex.length === 0) return;
  for (const h of entryHashesHex) {
    if (!HEX64.test(h)) throw new TypeError('an entry hash must be 64 lowercase hex characters');
  }
  await trx
    .insertInto('tlog_pending')
    .values(entryHashesHex.map((h) => ({ entry_hash: Buffer.from(h, 'hex'), created_at: now })))
    .execute();
}

/** Reads the given nodes: level 0 from the leaves, higher levels from tlog_nodes. */
export async function loadNodes(db: Kysely<DB>, keys: readonly NodeKey[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const leaves = keys.filter((k) => k.level === 0).map((k) => k.index);
  const inner = keys.filter((k) => k.level > 0);
  if (leaves.length > 0) {
    const rows = await db
      .selectFrom('tlog_leaves')
      .select(['leaf_index', 'entry_hash'])
      .where('leaf_index', 'in', leaves)
      .execute();
    for (const r of rows) out.set(nodeId(0, r.leaf_index), leafHash(bytes(r.entry_hash)));
  }
  if (inner.length > 0) {
    const rows = await db
      .selectFrom('tlog_nodes')
      .select(['level', 'idx', 'hash'])
      .where(
        sql<boolean>`(level, idx) in (${sql.join(inner.map((k) => sql`(${k.level}::smallint, ${k.index}::bigint)`))})`,
      )
      .execute();
    for (const r of rows) out.set(nodeId(r.level, r.idx), bytes(r.hash));
  }
  return out;
}

/** The number of sequenced leaves: the size of the latest checkpoint (both are written together). */
export async function sequencedSize(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('tlog_checkpoints')
    .select('tree_size')
    .orderBy('tree_size', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.tree_size ?? 0;
}

export interface CutResult {
  /** Leaves sequenced by this run (0: nothing pending, too soon, or another sequencer was busy). */
  sequenced: number;
  /** The log's size after the run; null when it did not look (nothing pending, or another sequencer held the lock). */
  tree_size: number | null;
}

/**
 * One sequencer run: numbers the committed pending leaves (up to SEQUENCE_BATCH), stores the
 * subtree hashes they complete and a signed checkpoint of the new tree, in one transaction.
 * `force` waits for a busy sequencer instead of skipping, and ignores the interval (used when a
 * caller needs a specific leaf covered now). Call it outside any transaction.
 */
export async function sequenceAndCheckpoint(
  ctx: AppContext,
  opts: { force?: boolean } = {},
): Promise<CutResult> {
  // Read (or create) the key before the transaction: on PGlite the transaction holds the only
  // connection, and the key is read through ctx.db.
  const key = await deploymentSigningKey(ctx);
  if (!opts.force) {
    // The common idle case costs one indexed read, not a transaction and a lock.
    const any = await ctx.db.selectFrom('tlog_pending').select('id').limit(1).executeTakeFirst();
    if (!any) return { sequenced: 0, tree_size: null };
  }
  return inTransaction(ctx.db, async (trx) => {
    if (opts.force) {
      await sql`select pg_advisory_xact_lock(${SEQUENCER_LOCK_KEY})`.execute(trx);
    } else {
      const got = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_xact_lock(${SEQUENCER_LOCK_KEY}) as locked`.execute(trx);
      if (!got.rows[0]?.locked) return { sequenced: 0, tree_size: null };
    }
    const last = await trx
      .selectFrom('tlog_checkpoints')
      .select(['tree_size', 'created_at'])
      .orderBy('tree_size', 'desc')
      .limit(1)
      .executeTakeFirst();
    const size = last?.tree_size ?? 0;
    const now = ctx.clock.now();
    if (!opts.force && last) {
      const age = now.getTime() - last.created_at.getTime();
      // A clock that stepped backwards (age < 0) must not stall the log, so only a small positive
      // age waits; a full batch never waits.
      if (age >= 0 && age < CHECKPOINT_INTERVAL_MS) {
        const backlog = await sql<{ n: number }>`select count(*)::int as n from (select 1 from tlog_pending
          limit ${SEQUENCE_BATCH}) pending`.execute(trx);
        if ((backlog.rows[0]?.n ?? 0) < SEQUENCE_BATCH) return { sequenced: 0, tree_size: size };
      }
    }
    const numbered = await trx.executeQuery(
      CompiledQuery.raw(SEQUENCE, [SEQUENCE_BATCH, size]) as CompiledQuery<{
        leaf_index: number;
        entry_hash: Uint8Array;
      }>,
    );
    if (numbered.rows.length === 0) return { sequenced: 0, tree_size: size };
    const leaves = numbered.rows
      .map((r) => ({ index: Number(r.leaf_index), hash: leafHash(bytes(r.entry_hash)) }))
      .sort((a, b) => a.index - b.index);
    if (leaves.some((l, i) => l.index !== size + i)) throw new Error('sequenced leaf indexes are not dense');

    const edge = await loadNodes(trx, frontier(size));
    const grown = extendTree(
      size,
      lookupFrom(edge),
      leaves.map((l) => l.hash),
    );
    for (let i = 0; i < grown.nodes.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('tlog_nodes')
        .values(
          grown.nodes.slice(i, i + INSERT_CHUNK).map((n) => ({ level: n.level, idx: n.index, hash: n.hash })),
        )
        .execute();
    }
    const note = signNote(
      formatCheckpointBody({ origin: key.origin, tree_size: grown.size, root_hash: grown.root }),
      key.signer,
    );
    await trx
      .insertInto('tlog_checkpoints')
      .values({ tree_size: grown.size, root_hash: grown.root, note, created_at: now })
      .execute();
    return { sequenced: leaves.length, tree_size: grown.size };
  });
}

/**
 * The worker task: cut a checkpoint when leaves are waiting. After a cut it runs again one
 * interval later (a partial pass), at once after a full batch (more may wait), and every second
 * once it finds nothing to cut.
 */
export const checkpointTask: WorkerTask = {
  name: 'transparency-log-checkpoint',
  idleMs: 1_000,
  partialMs: CHECKPOINT_INTERVAL_MS,
  run: async (ctx): Promise<Pass> => {
    const { sequenced } = await sequenceAndCheckpoint(ctx);
    return { handled: sequenced, full: sequenced >= SEQUENCE_BATCH };
  },
};
