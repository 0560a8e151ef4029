// The per-document hash chain (CONTRACT 6): pure functions, no database. Each entry commits to
// the previous one, so altering, removing or reordering any entry breaks every later hash.
import { canonicalJson, sha256Hex } from '../../lib/canonical.ts';

/** The prev_hash of a document's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

const HEX64 = /^[0-9a-f]{64}$/;

export type ActorKind = 'api_key' | 'session' | 'system';

export interface HistoryActor {
  kind: ActorKind;
  organization_id: string | null;
  key_id: string | null;
  key_prefix: string | null;
}

export interface HistoryEntry {
  seq: number;
  at: string;
  action: string;
  actor: HistoryActor;
  /** Any JSON value; hashed in its canonical form. */
  changes: unknown;
  prev_hash: string;
  hash: string;
}

export type UnhashedEntry = Omit<HistoryEntry, 'hash'>;

/**
 * Exactly the hashed fields, in a fresh object. Rows carry extra columns (document_id, ids);
 * hashing whatever object arrived would make the hash depend on how it was loaded, and the
 * published verifier hashes every field of a bundle entry except `hash`.
 */
export function entryBody(entry: UnhashedEntry): UnhashedEntry {
  return {
    seq: entry.seq,
    at: entry.at,
    action: entry.action,
    actor: {
      kind: entry.actor.kind,
      organization_id: entry.actor.organization_id ?? null,
      key_id: entry.actor.key_id ?? null,
      key_prefix: entry.actor.key_prefix ?? null,
    },
    changes: entry.changes,
    prev_hash: entry.prev_hash,
  };
}

/** A normalised entry: the hashed fields plus `hash`, nothing else (the shape a bundle carries). */
export function toHistoryEntry(entry: HistoryEntry): HistoryEntry {
  return { ...entryBody(entry), hash: entry.hash };
}

/** sha256hex(prev_hash ‖ canonicalJson(entry without hash)), both as text. */
export function hashEntry(entry: UnhashedEntry): string {
  if (!HEX64.test(entry.prev_hash)) throw new TypeError('prev_hash must be 64 lowercase hex characters');
  return sha256Hex(entry.prev_hash + canonicalJson(entryBody(entry)));
}

/** Builds the next entry of a chain whose current head hash is `prevHash` (GENESIS_HASH for the first). */
export function appendEntry(prevHash: string, entry: Omit<UnhashedEntry, 'prev_hash'>): HistoryEntry {
  const body = entryBody({ ...entry, prev_hash: prevHash });
  return { ...body, hash: hashEntry(body) };
}

export type ChainBreak = 'malformed_entry' | 'seq_gap' | 'prev_hash_mismatch' | 'hash_mismatch';

export type ChainVerification =
  | { verified: true; head_hash: string }
  | { verified: false; broken_at: number; reason: ChainBreak };

/**
 * Recomputes a chain. A viewer may see only a suffix (the counterparty never sees the issuer's
 * draft entries), so the first visible entry's own prev_hash is trusted unless the caller knows
 * the hash that must precede it (`anchorPrevHash`, e.g. GENESIS_HASH for a full chain).
 * `broken_at` is the seq of the first entry that fails. An empty chain verifies with the anchor
 * (or GENESIS_HASH) as its head.
 */
export function verifyChain(
  entries: readonly HistoryEntry[],
  options: { anchorPrevHash?: string } = {},
): ChainVerification {
  let expectedPrev = options.anchorPrevHash ?? entries[0]?.prev_hash ?? GENESIS_HASH;
  let previousSeq: number | null = null;
  for (const entry of entries) {
    const broken = (reason: ChainBreak): ChainVerification => ({
      verified: false,
      broken_at: entry.seq,
      reason,
    });
    if (
      !Number.isSafeInteger(entry.seq) ||
      typeof entry.hash !== 'string' ||
      typeof entry.prev_hash !== 'string' ||
      !HEX64.test(entry.prev_hash)
    ) {
      return broken('malformed_entry');
    }
    if (previousSeq !== null && entry.seq !== previousSeq + 1) return broken('seq_gap');
    if (entry.prev_hash !== expectedPrev) return broken('prev_hash_mismatch');
    let recomputed: string;
    try {
      recomputed = hashEntry(entry);
    } catch {
      return broken('malformed_entry');
    }
    if (recomputed !== entry.hash) return broken('hash_mismatch');
    expectedPrev = entry.hash;
    previousSeq = entry.seq;
  }
  return { verified: true, head_hash: expectedPrev };
}
