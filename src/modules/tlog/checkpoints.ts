// The transparency log's read side: checkpoints, RFC 9162 inclusion and consistency proofs, and
// what a proof bundle needs for a document's head entry. Everything read here is append-only
// (the sequencer writes a tree size's leaves, nodes and checkpoint in one transaction), so reads
// need no transaction and a proof for a given size never changes.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { bytes, loadNodes, sequenceAndCheckpoint, sequencedSize } from './log.ts';
import { parseCheckpoint } from './signed-note.ts';
import { consistencyRanges, inclusionRanges, lookupFrom, nodesFor, rangeHash } from './tree-nodes.ts';

export interface StoredCheckpoint {
  origin: string;
  tree_size: number;
  root_hash: Buffer;
  /** The C2SP signed note, verbatim. */
  note: string;
  created_at: Date;
}

/** The bundle's log parts for one entry, shaped for buildBundle's BundleParts. */
export interface LogProof {
  checkpoint_note: string;
  inclusion_proof: { leaf_index: number; hashes: Buffer[] };
}

const HEX64 = /^[0-9a-f]{64}$/;

function toCheckpoint(row: { tree_size: number; root_hash: Uint8Array; note: string; created_at: Date }) {
  return {
    origin: parseCheckpoint(row.note).origin,
    tree_size: row.tree_size,
    root_hash: bytes(row.root_hash),
    note: row.note,
    created_at: row.created_at,
  } satisfies StoredCheckpoint;
}

function checkpoints(db: Kysely<DB>) {
  return db.selectFrom('tlog_checkpoints').select(['tree_size', 'root_hash', 'note', 'created_at']);
}

/** The latest checkpoint, or null while the log is empty. */
export async function latestCheckpoint(db: Kysely<DB>): Promise<StoredCheckpoint | null> {
  const row = await checkpoints(db).orderBy('tree_size', 'desc').limit(1).executeTakeFirst();
  return row ? toCheckpoint(row) : null;
}

/** The checkpoint of exactly this tree size, if one was cut. */
export async function checkpointOfSize(db: Kysely<DB>, treeSize: number): Promise<StoredCheckpoint | null> {
  if (!Number.isSafeInteger(treeSize) || treeSize <= 0) return null;
  const row = await checkpoints(db).where('tree_size', '=', treeSize).executeTakeFirst();
  return row ? toCheckpoint(row) : null;
}

/**
 * The FIRST checkpoint whose tree contains leaf `leafIndex` (tree_size > leafIndex): the one a
 * proof bundle carries. Deterministic: later checkpoints never change which one is first.
 */
export async function checkpointCovering(
  db: Kysely<DB>,
  leafIndex: number,
): Promise<StoredCheckpoint | null> {
  if (!Number.isSafeInteger(leafIndex) || leafIndex < 0)
    throw new RangeError('leafIndex must be a non-negative integer');
  const row = await checkpoints(db)
    .where('tree_size', '>', leafIndex)
    .orderBy('tree_size', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? toCheckpoint(row) : null;
}

async function requireSequenced(db: Kysely<DB>, treeSize: number): Promise<void> {
  const size = await sequencedSize(db);
  if (treeSize > size) throw new RangeError(`the log has ${size} sequenced leaves, fewer than ${treeSize}`);
}

async function hashesOf(db: Kysely<DB>, ranges: Array<[number, number]>): Promise<Buffer[]> {
  const get = lookupFrom(await loadNodes(db, nodesFor(ranges)));
  return ranges.map(([lo, hi]) => rangeHash(lo, hi, get));
}

/** RFC 9162 2.1.3.1 audit path of leaf `leafIndex` in the tree of `treeSize` leaves, deepest first. */
export async function inclusionProofHashes(
  db: Kysely<DB>,
  leafIndex: number,
  treeSize: number,
): Promise<Buffer[]> {
  const ranges = inclusionRanges(leafIndex, treeSize);
  await requireSequenced(db, treeSize);
  return hashesOf(db, ranges);
}

/** inclusionProofHashes as base64 strings (the bundle's and the API's encoding). */
export async function inclusionProofFor(
  db: Kysely<DB>,
  leafIndex: number,
  treeSize: number,
): Promise<string[]> {
  return (await inclusionProofHashes(db, leafIndex, treeSize)).map((h) => h.toString('base64'));
}

/** RFC 9162 2.1.4.1 PROOF(from, D[to]); empty when from is 0 or equals to. */
export async function consistencyProofHashes(db: Kysely<DB>, from: number, to: number): Promise<Buffer[]> {
  const ranges = consistencyRanges(from, to);
  await requireSequenced(db, to);
  return hashesOf(db, ranges);
}

/** consistencyProofHashes as base64 strings. */
export async function consistencyProofFor(db: Kysely<DB>, from: number, to: number): Promise<string[]> {
  return (await consistencyProofHashes(db, from, to)).map((h) => h.toString('base64'));
}

/**
 * The leaf index of a history entry's hash, or null while it is pending (or was never appended).
 * Should the same hash be in the log twice, the first index answers, which never changes.
 */
export async function leafIndexOfEntry(db: Kysely<DB>, entryHashHex: string): Promise<number | null> {
  if (!HEX64.test(entryHashHex)) throw new TypeError('an entry hash must be 64 lowercase hex characters');
  const row = await db
    .selectFrom('tlog_leaves')
    .select((eb) => eb.fn.min('leaf_index').as('leaf_index'))
    .where('entry_hash', '=', Buffer.from(entryHashHex, 'hex'))
    .executeTakeFirst();
  return row?.leaf_index ?? null;
}

/**
 * What a proof bundle carries for its head entry: the first checkpoint covering the entry and the
 * entry's inclusion proof in that checkpoint's tree. Null while the entry is not yet covered.
 * Deterministic for a given entry, so the same document state exports the same bytes.
 */
export async function logProofForEntry(db: Kysely<DB>, entryHashHex: string): Promise<LogProof | null> {
  const leafIndex = await leafIndexOfEntry(db, entryHashHex);
  if (leafIndex === null) return null;
  const checkpoint = await checkpointCovering(db, leafIndex);
  if (checkpoint === null) return null;
  return {
    checkpoint_note: checkpoint.note,
    inclusion_proof: {
      leaf_index: leafIndex,
      hashes: await inclusionProofHashes(db, leafIndex, checkpoint.tree_size),
    },
  };
}

/**
 * logProofForEntry, cutting a checkpoint first when the entry is appended but still pending, so
 * an export right after a write does not have to wait for the checkpoint task. Null only when the
 * hash was never appended (or its transaction has not committed). Call outside any transaction.
 */
export async function ensureLogProof(ctx: AppContext, entryHashHex: string): Promise<LogProof | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const proof = await logProofForEntry(ctx.db, entryHashHex);
    if (proof) return proof;
    const pending = await ctx.db
      .selectFrom('tlog_pending')
      .select('id')
      .where('entry_hash', '=', Buffer.from(entryHashHex, 'hex'))
      .limit(1)
      .executeTakeFirst();
    // Not pending: sequenced since the read above (by another export or the checkpoint task,
    // which delete the pending row and write the leaf and its checkpoint in one transaction), or
    // never appended. Read again, so the first is not taken for the second.
    if (!pending) return logProofForEntry(ctx.db, entryHashHex);
    // A backlog larger than one batch may need several runs before it reaches this leaf.
    await sequenceAndCheckpoint(ctx, { force: true });
  }
  return logProofForEntry(ctx.db, entryHashHex);
}
