// The document's history (CONTRACT 6): a per-document hash chain of entries, written in the same
// transaction as each change, recomputed and verified on every read. Each party sees its own and
// the shared entries; the issuer's draft-time entries stay private to it. Bounded (issue 35): a
// draft takes at most MAX_DRAFT_EDITS edits, and a history is read in pages and batches, never
// whole.
import type { Kysely } from 'kysely';
import { type AppContext, hmacKeys, type Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { DocumentHistoryTable } from '../../db/tables/documents.ts';
import { type CursorBinding, decodeCursorPayload, encodeCursorPayload } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { Pacer } from '../../lib/pacer.ts';
import {
  appendEntry,
  ChainVerifier,
  GENESIS_HASH,
  type HistoryActor,
  type HistoryEntry,
  toHistoryEntry,
  type UnhashedEntry,
} from '../tlog/hash-chain.ts';
import { appendLogLeaves } from '../tlog/log.ts';
import type { DocumentHistoryView } from './schemas.ts';

export type Visibility = DocumentHistoryTable['visibility'];

/** Who makes a change: the organization acting, what it may do, and how history names it. */
export interface DocumentActor {
  organizationId: string;
  /** holds payments:write: may move a document to a payment state */
  canPay: boolean;
  history: HistoryActor;
  /** the session user behind a session actor (kept beside the entry, not hashed) */
  userId: string | null;
}

export function actorFromPrincipal(p: Principal): DocumentActor {
  return {
    organizationId: p.organization.id,
    canPay: p.scopes.has('payments:write'),
    history: {
      kind: p.kind,
      organization_id: p.organization.id,
      key_id: p.keyId,
      key_prefix: p.keyPrefix,
    },
    userId: p.userId,
  };
}

/** The service acting for an organization on its own (the sandbox's demo counterparty, sweeps). */
export function systemActor(organizationId: string, opts: { canPay?: boolean } = {}): DocumentActor {
  return {
    organizationId,
    canPay: opts.canPay ?? false,
    history: { kind: 'system', organization_id: organizationId, key_id: null, key_prefix: null },
    userId: null,
  };
}

/** The next entry of a chain whose head is (seq, hash), without its hash yet. */
export function nextEntry(
  head: { history_seq: number; history_head: string },
  action: string,
  actor: DocumentActor,
  changes: unknown,
  at: Date,
): UnhashedEntry {
  return {
    seq: head.history_seq + 1,
    at: iso(at),
    action,
    actor: actor.history,
    changes,
    prev_hash: head.history_head,
  };
}

/** Entries of an issued document are shared; before that they are the issuer's own. */
export function visibilityFor(doc: { issued_at: Date | null }): Visibility {
  return doc.issued_at ? 'shared' : 'issuer';
}

export function historyRow(
  documentId: string,
  entry: HistoryEntry,
  visibility: Visibility,
  userId: string | null,
) {
  return {
    document_id: documentId,
    seq: entry.seq,
    visibility,
    at: new Date(entry.at),
    action: entry.action,
    actor: JSON.stringify(entry.actor),
    actor_user_id: userId,
    changes: JSON.stringify(entry.changes),
    prev_hash: entry.prev_hash,
    hash: entry.hash,
  };
}

export interface AppendHistoryInput {
  documentId: string;
  /** e.g. 'attachment.added', 'payment.settled' */
  action: string;
  actor: DocumentActor;
  changes: unknown;
  at: Date;
  /** default: 'issuer' while the document is a draft, 'shared' once issued */
  visibility?: Visibility;
}

/**
 * Appends an entry to a document's chain inside the caller's transaction (attachments, payments
 * and finance record their changes with it). Locks the document row, so appends to one document
 * are serialised and the chain stays linear. Returns the entry as hashed. Like every entry written,
 * its hash also enters the transparency log in this transaction (as the document statement's do,
 * persist.ts; a trigger did this until migration 0013).
 */
export async function appendHistoryEntry(trx: Tx, input: AppendHistoryInput): Promise<HistoryEntry> {
  const head = await trx
    .selectFrom('documents')
    .select(['history_seq', 'history_head', 'issued_at'])
    .where('id', '=', input.documentId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!head) throw notFound('document');
  const { prev_hash, ...rest } = nextEntry(head, input.action, input.actor, input.changes, input.at);
  const entry = appendEntry(prev_hash, rest);
  await trx
    .insertInto('document_history')
    .values(historyRow(input.documentId, entry, input.visibility ?? visibilityFor(head), input.actor.userId))
    .execute();
  await appendLogLeaves(trx, [entry.hash], input.at);
  await trx
    .updateTable('documents')
    .set({ history_seq: entry.seq, history_head: entry.hash })
    .where('id', '=', input.documentId)
    .execute();
  return entry;
}

/**
 * At most this many edits per draft (issue 35: 2,100 PATCHes of a maximum-size draft made a
 * history no one could read). Every edit keeps its changed fields in the chain, up to ~1 MB each
 * (the 1 MiB body limit), so a draft's history and its bundle stay within ~55 MB, and ~22 MB for
 * the largest ASCII draft (bench/history-size.ts). docs/documents.md, "Bounded history".
 */
export const MAX_DRAFT_EDITS = 50;

/** GET …/history's page size: the default is the maximum, so every document within the caps fits one page. */
export const HISTORY_PAGE_LIMIT = 1000;

/**
 * How history is read (exported so tests reach the multi-batch, budget and streaming paths with
 * small histories). A page ends after the entry that takes it past `pageBytes` of entry JSON, so
 * a page of a history made before the cap stays bounded; rows are fetched in batches aiming at
 * `batchBytes`, `firstBatch` rows first, never more than `maxBatch`.
 */
export const historyTuning = {
  pageBytes: 64 * 1024 * 1024,
  batchBytes: 1024 * 1024,
  firstBatch: 8,
  maxBatch: 256,
};

/** The edits a draft has had: its `edited` entries. */
export async function countEdits(trx: Tx, documentId: string): Promise<number> {
  const row = await trx
    .selectFrom('document_history')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('document_id', '=', documentId)
    .where('action', '=', 'edited')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a reader of a document's history needs before its entries: who reads, and where the chain ends. */
export interface HistoryAccess {
  documentId: string;
  /** the reader issued the document: it sees the issuer's entries and the chain from genesis */
  issuer: boolean;
  /** the head the document row recorded */
  recordedSeq: number;
  recordedHead: string;
  /** the newest stored entry, whoever may see it (null: none) */
  lastSeq: number | null;
  lastHash: string | null;
  /** the newest entry this reader sees (null: none) */
  lastVisible: { seq: number; hash: string } | null;
}

/**
 * The document as a history reader sees it, one round trip: 404 unless the organization issued
 * it or received it issued. Read before any entry, so a walk is bounded by the chain as it stood
 * (entries are append-only: every one up to `lastSeq` is fixed from then on).
 */
export async function historyAccess(
  db: Kysely<DB> | Tx,
  organizationId: string,
  documentId: string,
): Promise<HistoryAccess> {
  const me = organizationId;
  const row = await db
    .selectFrom('documents as d')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('document_history as x')
          .select(['x.seq as last_seq', 'x.hash as last_hash'])
          .whereRef('x.document_id', '=', 'd.id')
          .orderBy('x.seq', 'desc')
          .limit(1)
          .as('l'),
      (j) => j.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('document_history as v')
          .select(['v.seq as visible_seq', 'v.hash as visible_hash'])
          .whereRef('v.document_id', '=', 'd.id')
          .where((w) =>
            w.or([
              w('v.visibility', '=', 'shared'),
              w.and([w('v.visibility', '=', 'issuer'), w('d.issuer_organization_id', '=', me)]),
              w.and([w('v.visibility', '=', 'counterparty'), w('d.counterparty_organization_id', '=', me)]),
            ]),
          )
          .orderBy('v.seq', 'desc')
          .limit(1)
          .as('v'),
      (j) => j.onTrue(),
    )
    .select([
      'd.issuer_organization_id',
      'd.history_seq',
      'd.history_head',
      'l.last_seq',
      'l.last_hash',
      'v.visible_seq',
      'v.visible_hash',
    ])
    .where('d.id', '=', documentId)
    .where((eb) =>
      eb.or([
        eb('d.issuer_organization_id', '=', me),
        eb.and([eb('d.counterparty_organization_id', '=', me), eb('d.issued_at', 'is not', null)]),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw notFound('document');
  return {
    documentId,
    issuer: row.issuer_organization_id === me,
    recordedSeq: row.history_seq,
    recordedHead: row.history_head,
    lastSeq: row.last_seq,
    lastHash: row.last_hash,
    lastVisible:
      row.visible_seq !== null && row.visible_hash !== null
        ? { seq: row.visible_seq, hash: row.visible_hash }
        : null,
  };
}

/**
 * The entries a reader sees, ascending seq, after `afterSeq` and up to the newest stored entry
 * when `access` was read, fetched in batches so a long history is never held whole (issue 35: one
 * read of 2,100 large entries took 2.6 GB and failed). The batch size adapts to the entries' size
 * as the consumer reports it (`observe`): many small entries come in few round trips, large ones
 * a few at a time.
 */
export class HistoryReader {
  readonly #db: Kysely<DB> | Tx;
  readonly #access: HistoryAccess;
  #after: number;
  #batch = historyTuning.firstBatch;
  #largest = 0;
  #buffer: HistoryEntry[] = [];
  #exhausted = false;

  constructor(db: Kysely<DB> | Tx, access: HistoryAccess, afterSeq = 0) {
    this.#db = db;
    this.#access = access;
    this.#after = afterSeq;
  }

  /** The size in bytes of an entry the consumer wrote: the next batches aim at batchBytes. */
  observe(bytes: number): void {
    if (bytes > this.#largest) this.#largest = bytes;
  }

  /** The next entry, or null at the end. */
  async next(): Promise<HistoryEntry | null> {
    if (this.#buffer.length === 0 && !this.#exhausted) await this.#fill();
    return this.#buffer.shift() ?? null;
  }

  async #fill(): Promise<void> {
    const upto = this.#access.lastSeq ?? 0;
    if (this.#after >= upto) {
      this.#exhausted = true;
      return;
    }
    const { issuer } = this.#access;
    const rows = await this.#db
      .selectFrom('document_history')
      .select(['seq', 'at', 'action', 'actor', 'changes', 'prev_hash', 'hash'])
      .where('document_id', '=', this.#access.documentId)
      .where('seq', '>', this.#after)
      .where('seq', '<=', upto)
      .where('visibility', 'in', issuer ? ['shared', 'issuer'] : ['shared', 'counterparty'])
      .orderBy('seq')
      .limit(this.#batch)
      .execute();
    if (rows.length < this.#batch) this.#exhausted = true;
    const last = rows.at(-1);
    if (last) this.#after = last.seq;
    this.#buffer = rows.map((r) =>
      toHistoryEntry({
        seq: r.seq,
        at: iso(r.at),
        action: r.action,
        actor: r.actor,
        changes: r.changes,
        prev_hash: r.prev_hash,
        hash: r.hash,
      }),
    );
    // The next batch: as many entries of the largest size seen as batchBytes holds, growing at
    // most twofold at a time.
    const fits = Math.floor(historyTuning.batchBytes / Math.max(this.#largest, 1));
    this.#batch = Math.max(1, Math.min(historyTuning.maxBatch, this.#batch * 2, fits));
  }
}

/** Where a walk of the history stands (carried by the page cursor, HMAC-bound like a list's). */
interface WalkState {
  /** the seq and stored hash of the last entry of the previous page */
  seq: number;
  hash: string;
  /** the first break found on an earlier page, kept for the rest of the walk */
  broken: { broken_at: number; reason: string } | null;
}

function historyBinding(organizationId: string, documentId: string): CursorBinding {
  return { list: 'documents.history', scope: organizationId, filters: { document_id: documentId } };
}

function readWalk(ctx: AppContext, binding: CursorBinding, cursor: string): WalkState {
  const p = decodeCursorPayload(hmacKeys(ctx), binding, cursor);
  const brokenAt = p.b;
  const reason = p.r;
  if (
    typeof p.s !== 'number' ||
    !Number.isSafeInteger(p.s) ||
    typeof p.h !== 'string' ||
    (brokenAt !== null && typeof brokenAt !== 'number') ||
    (reason !== null && typeof reason !== 'string')
  ) {
    throw new ApiError('invalid_request', 'The cursor is malformed.', {
      errors: [{ path: 'query.cursor', message: 'The cursor is malformed.' }],
    });
  }
  return {
    seq: p.s,
    hash: p.h,
    broken:
      typeof brokenAt === 'number' && typeof reason === 'string' ? { broken_at: brokenAt, reason } : null,
  };
}

export interface HistoryPageQuery {
  limit?: number;
  cursor?: string;
}

/**
 * GET /v1/documents/{id}/history: one page of the entries the caller may see, oldest first, the
 * chain recomputed as it is written out. The issuer's view is anchored at the genesis hash; the
 * counterparty's starts at the first shared entry and is verified from that entry's prev_hash.
 *
 * `verified` on a page covers the chain from the first visible entry through this page's last:
 * this page's entries are recomputed now, and the first must link to the entry the previous page
 * ended at, whose hash (and any break found before) the cursor carries, bound by the service's
 * HMAC. The last page (has_more false) also compares the document row's recorded head with the
 * newest stored entry, so deleting the newest entries does not go unnoticed.
 *
 * Access and the cursor are checked before anything is sent (404 and 400 answer as usual); the
 * entries are then streamed as JSON text, one at a time, so a page of any size costs the memory
 * of one batch and never holds the event loop for more than one entry's serialization. The
 * verification members come after `entries`, where their outcome is known.
 */
export async function openHistoryPage(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
  query: HistoryPageQuery,
): Promise<AsyncGenerator<string>> {
  const me = principal.organization.id;
  const access = await historyAccess(ctx.db, me, documentId);
  const binding = historyBinding(me, documentId);
  const walk = query.cursor ? readWalk(ctx, binding, query.cursor) : null;
  const limit = query.limit ?? HISTORY_PAGE_LIMIT;
  const reader = new HistoryReader(ctx.db, access, walk?.seq ?? 0);
  // The first entry is read before the answer starts, so a database failure is still an error
  // response rather than a cut-off body.
  const first = await reader.next();
  return writePage(ctx, access, binding, walk, limit, reader, first);
}

async function* writePage(
  ctx: AppContext,
  access: HistoryAccess,
  binding: CursorBinding,
  walk: WalkState | null,
  limit: number,
  reader: HistoryReader,
  first: HistoryEntry | null,
): AsyncGenerator<string> {
  const verifier = walk
    ? new ChainVerifier(walk.hash, walk.seq)
    : new ChainVerifier(access.issuer ? GENESIS_HASH : null);
  yield `{"document_id":${JSON.stringify(access.documentId)},"entries":[`;
  let count = 0;
  let bytes = 0;
  let last: HistoryEntry | null = null;
  let entry = first;
  const pacer = new Pacer();
  while (entry !== null) {
    if (!walk?.broken) verifier.push(entry);
    const json = JSON.stringify(entry);
    const size = Buffer.byteLength(json);
    reader.observe(size);
    yield count === 0 ? json : `,${json}`;
    await pacer.spent(size);
    count += 1;
    bytes += size;
    last = entry;
    if (count >= limit || bytes >= historyTuning.pageBytes) break;
    entry = await reader.next();
  }
  const hasMore = entry !== null && (await reader.next()) !== null;

  let details: DocumentHistoryView['details'] = walk?.broken ?? verifier.broken;
  if (details === null && !hasMore) details = headMismatch(access);
  const check = verifier.result();
  const headHash =
    details === null && check.verified ? check.head_hash : (last?.hash ?? walk?.hash ?? GENESIS_HASH);
  const nextCursor =
    hasMore && last
      ? encodeCursorPayload(ctx.secrets.hmacKey, binding, {
          s: last.seq,
          h: last.hash,
          b: details?.broken_at ?? null,
          r: details?.reason ?? null,
        })
      : null;
  yield `],"verified":${details === null},"head_hash":${JSON.stringify(headHash)},"details":${JSON.stringify(details)},"has_more":${hasMore},"next_cursor":${JSON.stringify(nextCursor)}}`;
}

/**
 * The stored chain ends elsewhere than the document says: entries were removed (the first missing
 * seq), added behind its back (the first unknown seq), or its head entry replaced.
 */
export function headMismatch(access: HistoryAccess): { broken_at: number; reason: 'head_mismatch' } | null {
  if (access.lastSeq === access.recordedSeq && access.lastHash === access.recordedHead) return null;
  const lastSeq = access.lastSeq ?? 0;
  const brokenAt =
    lastSeq < access.recordedSeq
      ? lastSeq + 1
      : lastSeq > access.recordedSeq
        ? access.recordedSeq + 1
        : access.recordedSeq;
  return { broken_at: brokenAt, reason: 'head_mismatch' };
}
