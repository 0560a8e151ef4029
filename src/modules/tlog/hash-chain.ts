// The per-document hash chain (CONTRACT 6): pure functions, no database. Each entry commits to
// the previous one, so altering, removing or reordering any entry breaks every later hash.
import { canonicalJson, sha256Hex } from '../../lib/canonical.ts';

/** The prev_hash of a document's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

const HEX64 = /^[0-9a-f]{64}$/;

export type ActorKind = 'api_key' | 'session' | 'system' | 'recipient_link';

export interface HistoryActor {
  kind: ActorKind;
  organization_id: string | null;
  key_id: string | null;
  key_prefix: string | null;
  /**
   * Only for `recipient_link` (CONTRACT 11.3): the external party that acted through its link.
   * Absent from every other actor, so the entries written before it existed hash as they did.
   */
  external_party_id?: string;
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
      ...(typeof entry.actor.external_party_id === 'string'
        ? { external_party_id: entry.actor.external_party_id }
        : {}),
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
  const v = new ChainVerifier(options.anchorPrevHash ?? entries[0]?.prev_hash ?? GENESIS_HASH);
  for (const entry of entries) if (v.push(entry) !== null) break;
  return v.result();
}

/**
 * verifyChain one entry at a time, so a long history is checked as its rows stream past in
 * batches (GET …/history pages, the bundle export) without holding it whole. `anchorPrevHash` is
 * the hash the first entry pushed must link to, `previousSeq` the seq before it when known (a
 * page that continues a walk). After the first break it records nothing more: `result()` names
 * that entry.
 */
export class ChainVerifier {
  #expectedPrev: string | null;
  #previousSeq: number | null;
  #broken: { broken_at: number; reason: ChainBreak } | null = null;

  /** `anchorPrevHash` null: trust the first entry's own prev_hash (a suffix of unknown start). */
  constructor(anchorPrevHash: string | null, previousSeq: number | null = null) {
    this.#expectedPrev = anchorPrevHash;
    this.#previousSeq = previousSeq;
  }

  /** Checks the next entry; returns the break it finds (also on every later call), or null. */
  push(entry: HistoryEntry): ChainBreak | null {
    if (this.#broken) return this.#broken.reason;
    const reason = this.#check(entry);
    if (reason === null) {
      this.#expectedPrev = entry.hash;
      this.#previousSeq = entry.seq;
      return null;
    }
    this.#broken = { broken_at: entry.seq, reason };
    return reason;
  }

  #check(entry: HistoryEntry): ChainBreak | null {
    if (
      !Number.isSafeInteger(entry.seq) ||
      typeof entry.hash !== 'string' ||
      typeof entry.prev_hash !== 'string' ||
      !HEX64.test(entry.prev_hash)
    ) {
      return 'malformed_entry';
    }
    if (this.#previousSeq !== null && entry.seq !== this.#previousSeq + 1) return 'seq_gap';
    if (entry.prev_hash !== (this.#expectedPrev ?? entry.prev_hash)) return 'prev_hash_mismatch';
    let recomputed: string;
    try {
      recomputed = hashEntry(entry);
    } catch {
      return 'malformed_entry';
    }
    return recomputed === entry.hash ? null : 'hash_mismatch';
  }

  get broken(): { broken_at: number; reason: ChainBreak } | null {
    return this.#broken;
  }

  result(): ChainVerification {
    if (this.#broken) return { verified: false, ...this.#broken };
    return { verified: true, head_hash: this.#expectedPrev ?? GENESIS_HASH };
  }
}
