// Shared steps of the transparency-log tests.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../src/context.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { appendLogLeaves, bytes } from '../../src/modules/tlog/log.ts';
import { parseCheckpoint, verifyNote } from '../../src/modules/tlog/signed-note.ts';
import { allTasks } from '../../src/tasks.ts';
import { type RunningWorker, startWorker } from '../../src/worker/worker.ts';
import type { TestService } from '../helpers/harness.ts';

/** Distinct fake history-entry hashes. */
export function entryHashes(n: number, tag: string): string[] {
  return Array.from({ length: n }, (_, i) => createHash('sha256').update(`${tag} ${i}`).digest('hex'));
}

/** Appends in a committed transaction of its own, as a document write would. */
export async function appendCommitted(ctx: AppContext, hashes: string[]): Promise<void> {
  return inTransaction(ctx.db, (trx) => appendLogLeaves(trx, hashes, ctx.clock.now()));
}

/** The worker, not started: the tests run its tasks with drain(). */
export function idleWorker(ctx: AppContext): RunningWorker {
  return startWorker(ctx, allTasks(), { autoStart: false });
}

export interface Key {
  public_key: string;
  origin: string;
  key_id: string;
  vkey: string;
}

export async function publishedKey(svc: TestService): Promise<Key> {
  const res = await svc.req<{ data: Key[] }>('GET', '/v1/provenance/keys');
  if (res.status !== 200) throw new Error(`keys: ${res.status} ${res.text}`);
  return res.body.data[0]!;
}

export interface CheckpointBody {
  origin: string;
  tree_size: number;
  root_hash: string;
  note: string;
  created_at: string;
}

/** The latest checkpoint as served, after checking its signature against the published key. */
export async function servedCheckpoint(svc: TestService): Promise<CheckpointBody & { root: Buffer }> {
  const res = await svc.req<CheckpointBody>('GET', '/v1/provenance/checkpoint');
  if (res.status !== 200) throw new Error(`checkpoint: ${res.status} ${res.text}`);
  const key = await publishedKey(svc);
  if (!verifyNote(res.body.note, { name: key.origin, publicKeyRaw: Buffer.from(key.public_key, 'base64') })) {
    throw new Error('the served checkpoint does not verify');
  }
  const parsed = parseCheckpoint(res.body.note);
  return { ...res.body, root: parsed.root_hash };
}

/** Every sequenced leaf, in index order, as stored. */
export async function sequencedLeaves(
  ctx: AppContext,
): Promise<Array<{ leaf_index: number; entry_hash: Buffer }>> {
  const rows = await ctx.db
    .selectFrom('tlog_leaves')
    .select(['leaf_index', 'entry_hash'])
    .orderBy('leaf_index')
    .execute();
  return rows.map((r) => ({ leaf_index: r.leaf_index, entry_hash: bytes(r.entry_hash) }));
}

export async function pendingCount(ctx: AppContext): Promise<number> {
  const r = await sql<{
    n: number;
  }>`select count(*)::int as n from tlog_pending`.execute(ctx.db);
  return r.rows[0]!.n;
}

export async function checkpointCount(ctx: AppContext): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from tlog_checkpoints`.execute(ctx.db);
  return r.rows[0]!.n;
}
