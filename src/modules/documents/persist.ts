// Every document change is ONE SQL statement: the number counters (when a number is assigned),
// the document row, its history entry and its outbox events, as data-modifying CTEs. Run alone it
// is its own transaction (a create is a single round trip); inside a transaction it is the last
// statement before commit, so the counter's row lock is held as briefly as possible.
import type { Kysely, Selectable } from 'kysely';
import { requirement } from '../../db/require.ts';
import type { DB } from '../../db/schema.ts';
import { ident, joinStatements, runStatement, Statement, stmt } from '../../db/statement.ts';
import type { DocumentsTable } from '../../db/tables/documents.ts';
import { canonicalJson } from '../../lib/canonical.ts';
import { currentTraceparent } from '../../observability/trace-hooks.ts';
import { type AppendEvent, type EventEnvelope, makeEnvelope, QUEUE_FOR_FANOUT } from '../events/append.ts';
import { entryBody, GENESIS_HASH, hashEntry, type UnhashedEntry } from '../tlog/hash-chain.ts';
import { changeListenerStatements } from './change-listeners.ts';
import { type DocumentActor, nextEntry, type Visibility, visibilityFor } from './history.ts';
import { counterCte, type Numbering } from './numbering.ts';
import { canSee, type DocumentRecord, projectDocument, viewersOf } from './project-document.ts';

export interface DocumentWriteRefs {
  /** the new history head hash */
  head: Statement;
  /** the number assigned by numberings[i] */
  number(i: number): Statement;
  /** the id of the event this write gives `organizationId`; throws when it gives none */
  eventId(organizationId: string): string;
}

/**
 * A fact the write was decided on (src/db/require.ts): unless it holds when the statement runs,
 * the statement fails with `reason` and writes nothing. A `claim` is a data-modifying CTE that must
 * return a row (an Idempotency-Key claimed in the statement itself).
 */
export type Requirement =
  | { reason: string; condition: Statement }
  | { reason: string; claim: (refs: DocumentWriteRefs) => Statement };

export interface DocumentWrite {
  documentId: string;
  numberings: Numbering[];
  /** The insert or update of the documents row. */
  document(refs: DocumentWriteRefs): Statement;
  history: { entry: UnhashedEntry; visibility: Visibility; userId: string | null };
  events: DocumentEvent[];
  /** Further data-modifying statements of the same change (the demo counterparty's queue). */
  extra?: Statement[];
  requires?: Requirement[];
}

export interface DocumentWriteResult {
  /** the numbers assigned, in the order of numberings */
  numbers: string[];
  head: string;
}

// Names written into the text (CTEs: n0, n1 counters, r0… claims, x0… extra writes, ok0… checks;
// the documents row's columns) are idents: each checked and made once.

export async function executeDocumentWrite(
  executor: Kysely<DB>,
  w: DocumentWrite,
  now: Date,
): Promise<DocumentWriteResult> {
  const numberRef = (i: number): Statement => stmt`(select number from ${ident(`n${i}`)})`;
  // Text that may carry number placeholders: each is replaced in SQL by the assigned number.
  const fill = (text: string): Statement =>
    w.numberings.reduce<Statement>(
      (acc, n, i) => stmt`replace(${acc}, ${n.placeholder}, ${numberRef(i)})`,
      stmt`${text}`,
    );
  const { entry } = w.history;
  const envelopes = w.events.map((e) => makeEnvelope(e.type, e.data, e.sandbox, now));
  const eventId = (organizationId: string): string => {
    const i = w.events.findIndex((e) => e.organizationId === organizationId);
    if (i < 0) throw new Error(`this write gives ${organizationId} no event`);
    return envelopes[i]!.id;
  };
  const refs: DocumentWriteRefs = { head: HEAD, number: numberRef, eventId };
  // The entry's hash covers the number, so it is computed where the number is known. Both forms
  // are sha256(prev_hash ‖ RFC 8785 text): replacing a JSON string value by another plain ASCII
  // string leaves the canonical form canonical, so verifyChain recomputes the same hash.
  const hash =
    w.numberings.length > 0
      ? stmt`encode(sha256(convert_to(${fill(entry.prev_hash + canonicalJson(entryBody(entry)))}, 'UTF8')), 'hex')`
      : stmt`${hashEntry(entry)}`;

  const ctes: Statement[] = w.numberings.map((n, i) => stmt`${ident(`n${i}`)} as (${counterCte(n)})`);
  // Requirements are the first outputs of the statement, so a failed one stops it before the
  // document, history and events are written. A claim's response records the numbers, so it runs
  // after the counters: every statement takes the counter rows, then the Idempotency-Key, in that
  // order, and two requests with one key cannot wait on each other in a cycle.
  const checks = (w.requires ?? []).map((r, i) => {
    if ('condition' in r) return requirement(r.condition, r.reason);
    ctes.push(stmt`${ident(`r${i}`)} as (${r.claim(refs)})`);
    return requirement(stmt`exists (select 1 from ${ident(`r${i}`)})`, r.reason);
  });
  ctes.push(stmt`hh as (select ${hash} as hash)`);
  ctes.push(stmt`d as (${w.document(refs)})`);
  const at = new Date(entry.at);
  ctes.push(stmt`h as (insert into document_history
    (document_id, seq, visibility, at, action, actor, actor_user_id, changes, prev_hash, hash)
    values (${w.documentId}, ${entry.seq}, ${w.history.visibility}, ${at}, ${entry.action},
      ${JSON.stringify(entry.actor)}, ${w.history.userId}, ${fill(JSON.stringify(entry.changes))}::jsonb,
      ${entry.prev_hash}, (select hash from hh)))`);
  // The entry's hash enters the transparency log with it (src/modules/tlog/log.ts).
  ctes.push(stmt`l as (insert into tlog_pending (entry_hash, created_at)
    select decode(hash, 'hex'), ${at} from hh)`);
  if (envelopes.length > 0) {
    // The same rows appendEvents writes (src/modules/events/append.ts), with numbers filled in,
    // and queued for fan-out the same way.
    const traceparent = currentTraceparent();
    const rows = w.events.map(
      (e, i) =>
        stmt`(${envelopes[i]!.id}, ${e.organizationId}, ${e.type}, ${w.documentId}, ${fill(envelopeJson(envelopes[i]!, e.documentJson))}, ${now}, ${traceparent})`,
    );
    ctes.push(stmt`e as (insert into events (id, organization_id, type, document_id, envelope, created_at, traceparent)
      values ${joinStatements(rows)} returning id, organization_id, created_at)`);
    ctes.push(stmt`q as (${QUEUE_FOR_E})`);
  }
  (w.extra ?? []).forEach((x, i) => {
    ctes.push(stmt`${ident(`x${i}`)} as (${x})`);
  });
  const outputs = [
    ...checks.map((c, i) => stmt`${c} as ${ident(`ok${i}`)}`),
    stmt`${HEAD} as head`,
    ...w.numberings.map((_, i) => stmt`${numberRef(i)} as ${ident(`n${i}`)}`),
  ];
  const rows = await runStatement<Record<string, string>>(
    executor,
    stmt`with ${joinStatements(ctes)} select ${joinStatements(outputs)}`,
  );
  const row = rows[0]!;
  return { head: row.head!, numbers: w.numberings.map((_, i) => row[`n${i}`]!) };
}

const HEAD = stmt`(select hash from hh)`;
const QUEUE_FOR_E = new Statement([QUEUE_FOR_FANOUT('e')], []);

type Column = keyof Selectable<DocumentsTable>;

export type ChangeKind = 'created' | 'edited' | 'status_changed';

/**
 * The outbox events of a change (CONTRACT 5): each organization that can see the document after
 * it gets the event in its own projection. A party that could not see it before (the counterparty
 * at issue) gets document.created, since that is when it first sees the document.
 */
export function changeEvents(
  before: DocumentRecord | null,
  after: DocumentRecord,
  kind: ChangeKind,
  projected?: ProjectedJson,
): DocumentEvent[] {
  return viewersOf(after).map((org) => {
    const sawBefore = before !== null && canSee(before, org);
    // The caller's serialized projection for this organization when it has one (the response
    // of a create is the issuer's event document), else the projection as an object.
    const documentJson = projected?.organizationId === org ? projected.json : undefined;
    const document = documentJson === undefined ? projectDocument(after, org) : DOCUMENT_SLOT;
    const event = (type: DocumentEvent['type'], data: Record<string, unknown>): DocumentEvent =>
      documentJson === undefined
        ? { organizationId: org, sandbox: after.sandbox, type, data }
        : { organizationId: org, sandbox: after.sandbox, type, data, documentJson };
    if (!sawBefore || kind === 'created') return event('document.created', { document });
    if (kind === 'edited') return event('document.edited', { document });
    return event('document.status_changed', { document, previous_status: before.status });
  });
}

/** A document event; `documentJson`, when set, is `data.document` already serialized. */
export interface DocumentEvent extends Omit<AppendEvent, 'documentId'> {
  documentJson?: string;
}

/** The JSON of `projectDocument(after, organizationId)`, made by the caller for its response. */
export interface ProjectedJson {
  organizationId: string;
  json: string;
}

// Stands in data.document for a projection serialized already: JSON.stringify writes it as
// "\u0000document\u0000", which no other string of an envelope can contain (ids, type names,
// version, timestamps, statuses), and the serialized projection replaces it. The bytes are those
// of serializing the whole envelope (an object's members serialize independently), without
// projecting and serializing the document a second time (issue 9: a create's response and its
// event carry the same projection).
const DOCUMENT_SLOT = '\u0000document\u0000';
const DOCUMENT_SLOT_JSON = JSON.stringify(DOCUMENT_SLOT);

export function envelopeJson(envelope: EventEnvelope, documentJson: string | undefined): string {
  const json = JSON.stringify(envelope);
  return documentJson === undefined ? json : json.replace(DOCUMENT_SLOT_JSON, () => documentJson);
}

export interface SaveChange {
  /** null for a new document */
  before: DocumentRecord | null;
  /** the record after the change; number columns may hold numberings' placeholders */
  after: DocumentRecord;
  /** the columns to write (all of them for a new document) */
  columns: Column[];
  kind: ChangeKind;
  actor: DocumentActor;
  action: string;
  changes: Record<string, unknown>;
  numberings: Numbering[];
  extra?: Statement[];
  requires?: Requirement[];
  /** the caller's serialized projection of `after` for one organization, reused for its event */
  projected?: ProjectedJson;
}

const JSON_COLUMNS: ReadonlySet<Column> = new Set<Column>([
  'line_items',
  'external_refs',
  'received',
  'payment_hold',
  'issuer_profile',
  'counterparty_profile',
]);

/**
 * Writes a change: the row (insert or update of `columns`), the next history entry, the events.
 * `before` must be locked by the caller's transaction when it is not null. Returns `after` as
 * stored, numbers and history head filled in.
 */
export async function saveDocumentChange(
  executor: Kysely<DB>,
  c: SaveChange,
  now: Date,
): Promise<DocumentRecord> {
  const { after } = c;
  const entry = nextEntry(
    c.before ?? { history_seq: 0, history_head: GENESIS_HASH },
    c.action,
    c.actor,
    c.changes,
    now,
  );
  const placeholderIndex = new Map(c.numberings.map((n, i) => [n.placeholder, i]));
  const value = (col: Column, refs: DocumentWriteRefs): unknown => {
    if (col === 'history_seq') return entry.seq;
    if (col === 'history_head') return refs.head;
    const v = after[col];
    if (typeof v === 'string' && placeholderIndex.has(v)) return refs.number(placeholderIndex.get(v)!);
    if (JSON_COLUMNS.has(col)) return v === null ? null : JSON.stringify(v);
    return v;
  };
  const columns: Column[] = [...new Set<Column>([...c.columns, 'history_seq', 'history_head'])];
  // Other families' rows for this change (delivery's outbox), in the same statement.
  const extra = [
    ...(c.extra ?? []),
    ...changeListenerStatements(
      { before: c.before, after, kind: c.kind, actor: c.actor, action: c.action },
      now,
    ),
  ];
  const res = await executeDocumentWrite(
    executor,
    {
      documentId: after.id,
      numberings: c.numberings,
      document: (refs) =>
        c.before === null
          ? stmt`insert into documents (${joinStatements(columns.map(ident))})
              values (${joinStatements(columns.map((k) => stmt`${value(k, refs)}`))})`
          : stmt`update documents set ${joinStatements(columns.map((k) => stmt`${ident(k)} = ${value(k, refs)}`))}
              where id = ${after.id}`,
      history: { entry, visibility: visibilityFor(after), userId: c.actor.userId },
      events: changeEvents(c.before, after, c.kind, c.projected),
      ...(extra.length > 0 ? { extra } : {}),
      ...(c.requires ? { requires: c.requires } : {}),
    },
    now,
  );
  const filled = (v: string | null): string | null =>
    v !== null && placeholderIndex.has(v) ? res.numbers[placeholderIndex.get(v)!]! : v;
  return {
    ...after,
    issuer_number: filled(after.issuer_number)!,
    counterparty_number: filled(after.counterparty_number),
    history_seq: entry.seq,
    history_head: res.head,
  };
}

/** Every column of the documents row, for inserts. */
export const DOCUMENT_COLUMNS: Column[] = [
  'id',
  'connection_id',
  'issuer_organization_id',
  'counterparty_organization_id',
  'document_type',
  'status',
  'issuer_number',
  'counterparty_number',
  'currency',
  'line_items',
  'subtotal',
  'tax',
  'total',
  'balance_due',
  'payment_terms',
  'document_date',
  'due_date',
  'notes',
  'external_refs',
  'issuer_ref',
  'derived_from',
  'origin',
  'received',
  'payment_hold',
  'sandbox',
  'history_seq',
  'history_head',
  'created_at',
  'updated_at',
  'issued_at',
  // The PDF layout of a document issued from birth (create-document.ts); null for a draft.
  'pdf_layout',
];
