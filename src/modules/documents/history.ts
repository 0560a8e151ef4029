// The document's history (CONTRACT 6): a per-document hash chain of entries, written in the same
// transaction as each change, recomputed and verified on every read. Each party sees its own and
// the shared entries; the issuer's draft-time entries stay private to it.
import type { AppContext, Tx } from '../../context.ts';
import type { DocumentHistoryTable } from '../../db/tables/documents.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import {
  appendEntry,
  GENESIS_HASH,
  type HistoryActor,
  type HistoryEntry,
  toHistoryEntry,
  type UnhashedEntry,
  verifyChain,
} from '../provenance/hash-chain.ts';
import { appendLogLeaves } from '../provenance/log.ts';
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
 * GET /v1/documents/{id}/history: the entries the caller may see, with the chain recomputed now.
 * The issuer's view is anchored at the genesis hash; the counterparty's starts at the first shared
 * entry and is verified from that entry's prev_hash. The document row's recorded head is compared
 * with the newest stored entry too, so deleting the newest entries does not go unnoticed.
 */
export async function getDocumentHistory(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
): Promise<DocumentHistoryView> {
  const me = principal.organization.id;
  // One round trip: the visible entries, with the document's side and recorded head on each row.
  const rows = await ctx.db
    .selectFrom('documents as d')
    // The newest stored entry, once per document, whoever may see it.
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
    .leftJoin('document_history as h', (j) =>
      j
        .onRef('h.document_id', '=', 'd.id')
        .on((eb) =>
          eb.or([
            eb('h.visibility', '=', 'shared'),
            eb.and([eb('h.visibility', '=', 'issuer'), eb('d.issuer_organization_id', '=', me)]),
            eb.and([eb('h.visibility', '=', 'counterparty'), eb('d.counterparty_organization_id', '=', me)]),
          ]),
        ),
    )
    .select([
      'd.issuer_organization_id',
      'd.history_seq',
      'd.history_head',
      'h.seq',
      'h.at',
      'h.action',
      'h.actor',
      'h.changes',
      'h.prev_hash',
      'h.hash',
      'l.last_seq',
      'l.last_hash',
    ])
    .where('d.id', '=', documentId)
    .where((eb) =>
      eb.or([
        eb('d.issuer_organization_id', '=', me),
        eb.and([eb('d.counterparty_organization_id', '=', me), eb('d.issued_at', 'is not', null)]),
      ]),
    )
    .orderBy('h.seq')
    .execute();
  const first = rows[0];
  if (!first) throw notFound('document');
  const entries: HistoryEntry[] = [];
  for (const r of rows) {
    if (r.seq === null || r.at === null || r.actor === null) continue;
    entries.push(
      toHistoryEntry({
        seq: r.seq,
        at: iso(r.at),
        action: r.action ?? '',
        actor: r.actor,
        changes: r.changes,
        prev_hash: r.prev_hash ?? '',
        hash: r.hash ?? '',
      }),
    );
  }
  const issuer = first.issuer_organization_id === me;
  const check = verifyChain(entries, issuer ? { anchorPrevHash: GENESIS_HASH } : {});
  let details: DocumentHistoryView['details'] = null;
  if (!check.verified) details = { broken_at: check.broken_at, reason: check.reason };
  else if (first.last_seq !== first.history_seq || first.last_hash !== first.history_head) {
    // The stored chain ends elsewhere than the document says: entries were removed (the first
    // missing seq), added behind its back (the first unknown seq), or its head entry replaced.
    const lastSeq = first.last_seq ?? 0;
    const brokenAt =
      lastSeq < first.history_seq
        ? lastSeq + 1
        : lastSeq > first.history_seq
          ? first.history_seq + 1
          : first.history_seq;
    details = { broken_at: brokenAt, reason: 'head_mismatch' };
  }
  const last = entries[entries.length - 1];
  return {
    document_id: documentId,
    verified: details === null,
    head_hash: check.verified ? check.head_hash : (last?.hash ?? GENESIS_HASH),
    details,
    entries,
  };
}
