// GET /v1/documents: newest first by (created_at, id), keyset cursors bound to the filters.
// The two ways an organization sees documents (as issuer: all of them; as counterparty: the issued
// ones) are two ordered index scans (documents_issuer_keyset, documents_counterparty_keyset), each
// cut at limit + 1 and merged, instead of one OR that no index can serve in order; a connection
// filter walks documents_connection_keyset instead. The other party's name is joined per row; no
// query per row.
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { type AppContext, hmacKeys } from '../../context.ts';
import { planEachTime } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import type { DocumentsTable } from '../../db/tables/documents.ts';
import {
  type CursorBinding,
  decodeCursor,
  type KeysetPosition,
  keysetBefore,
  type Page,
  toPage,
} from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { isRealDate, parseInstant } from '../../lib/calendar.ts';
import { iso, utcDate } from '../../lib/clock.ts';
import { type FieldProblem, invalid } from '../../lib/errors.ts';
import { unstorableTextProblem } from '../../lib/text.ts';
import { paymentColumn } from './load-document.ts';
import { isoTimestamp, type ProjectedDocument, projectDocument } from './project-document.ts';
import type { DocumentView, ListDocumentsQueryT } from './schemas.ts';
import { PHASES, type Side } from './state-machines.ts';

export interface Filters {
  type: string | null;
  connection: string | null;
  status: string | null;
  phase: keyof typeof PHASES | null;
  since: string | null;
  until: string | null;
  updated_since: string | null;
  issuer_ref: string | null;
  q: string | null;
}

/** A real calendar date (2024-02-30 is not one), or a parseable instant; null when not. */
function readDateOrInstant(s: string): { date: string; instant: string } | null {
  const day = s.slice(0, 10);
  if (!isRealDate(day)) return null;
  const at = s.length > 10 ? parseInstant(s) : new Date(`${day}T00:00:00Z`);
  if (!at) return null;
  return { date: s.length > 10 ? utcDate(at) : day, instant: iso(at) };
}

export function readFilters(q: ListDocumentsQueryT): Filters {
  const problems: FieldProblem[] = [];
  for (const field of ['q', 'issuer_ref', 'connection'] as const) {
    const v = q[field];
    const problem = v === undefined ? null : unstorableTextProblem(v);
    if (problem) {
      problems.push({ path: `query.${field}`, message: problem });
    }
  }
  const when = (field: 'since' | 'until' | 'updated_since') => {
    const v = q[field];
    if (v === undefined) return null;
    const read = readDateOrInstant(v);
    if (!read) problems.push({ path: `query.${field}`, message: 'is not a real date or timestamp' });
    return read;
  };
  // since/until apply to the document date: a timestamp counts by its UTC date (inclusive).
  const since = when('since')?.date ?? null;
  const until = when('until')?.date ?? null;
  const updatedSince = when('updated_since')?.instant ?? null;
  if (problems.length > 0) throw invalid(problems);
  return {
    type: q.type ?? null,
    connection: q.connection ?? null,
    status: q.status ?? null,
    phase: (q.phase as Filters['phase']) ?? null,
    since,
    until,
    updated_since: updatedSince,
    issuer_ref: q.issuer_ref ?? null,
    q: q.q ?? null,
  };
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Scan = Side | 'connection';

/**
 * The columns a listed document is projected from: everything projectDocument reads, not
 * `d.*`. Leaving out issuer_ref, history_seq and history_head (a 64-character hash) cut the
 * docex process's CPU for a page of 21 rows from ~1,110 to ~890 µs and PostgreSQL's backend CPU
 * from ~695 to ~645 µs (the page's statement run 2,000 times over pg on the 2-core machine;
 * scratch measurement, noisy to ±100 µs).
 */
const LISTED_COLUMNS = [
  'd.id',
  'd.connection_id',
  'd.issuer_organization_id',
  'd.counterparty_organization_id',
  'd.document_type',
  'd.status',
  'd.issuer_number',
  'd.counterparty_number',
  'd.currency',
  'd.line_items',
  'd.subtotal',
  'd.tax',
  'd.total',
  'd.balance_due',
  'd.payment_reference',
  'd.received',
  'd.payment_hold',
  'd.payment_terms',
  'd.document_date',
  'd.due_date',
  'd.notes',
  'd.external_refs',
  'd.derived_from',
  'd.origin',
  'd.sandbox',
  'd.created_at',
  'd.updated_at',
  'd.issued_at',
] as const satisfies ReadonlyArray<`d.${keyof ProjectedDocument & keyof DocumentsTable}`>;

/**
 * One ordered scan with the filters. `issuer` and `counterparty` walk that side's keyset index;
 * `connection` (when the connection filter is set) walks the connection's index once, both
 * parties' documents being on it, with visibility as a row filter.
 */
function scanQuery(
  db: Kysely<DB>,
  scan: Scan,
  me: { id: string; name: string },
  f: Filters,
  pos: KeysetPosition | null,
  limit: number,
  qConnections: readonly string[],
) {
  const iAmIssuer = sql<boolean>`(d.issuer_organization_id = ${me.id})`;
  const other =
    scan === 'issuer'
      ? sql`d.counterparty_organization_id`
      : scan === 'counterparty'
        ? sql`d.issuer_organization_id`
        : sql`case when ${iAmIssuer} then d.counterparty_organization_id else d.issuer_organization_id end`;
  const myName = sql<string>`${me.name}::text`;
  // The other party's organization as a lateral lookup of one row per listed document, not a
  // join: the join's estimate decided the plan. On a CASE (the connection scan) PostgreSQL
  // estimates a join at 1/200 of the rows, so with organizations analyzed it expected 60 of a
  // connection's 6,000 documents to survive it and sorted a sequential scan of them instead of
  // walking documents_connection_keyset to the page's end; and with the organization's id opaque
  // (opaque(), below) a join estimated small made a hash join and a sort of every document of
  // the organization look cheaper than the walk (test/documents/list.test.ts, "query plans").
  // The LIMIT keeps the lookup from being flattened back into a join: the page is the walk of a
  // keyset index, and each of its rows looks up one name by primary key.
  let q = db
    .selectFrom('documents as d')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('organizations as o')
          .select('o.name')
          .where(sql<boolean>`o.id = ${other}`)
          .limit(limitLiteral(1))
          .as('o'),
      (j) => j.onTrue(),
    )
    .select(LISTED_COLUMNS)
    .select([
      (scan === 'issuer'
        ? myName
        : scan === 'counterparty'
          ? sql<string>`o.name`
          : sql<string>`case when ${iAmIssuer} then ${myName} else o.name end`
      ).as('issuer_name'),
      (scan === 'issuer'
        ? sql<string>`o.name`
        : scan === 'counterparty'
          ? myName
          : sql<string>`case when ${iAmIssuer} then o.name else ${myName} end`
      ).as('counterparty_name'),
      paymentColumn,
    ]);
  const meId = opaque(me.id);
  if (scan === 'issuer') q = q.where('d.issuer_organization_id', '=', meId);
  else if (scan === 'counterparty') {
    q = q.where('d.counterparty_organization_id', '=', meId).where('d.issued_at', 'is not', null);
  } else {
    q = q
      .where('d.connection_id', '=', opaque(f.connection!))
      .where((eb) =>
        eb.or([
          eb('d.issuer_organization_id', '=', meId),
          eb.and([eb('d.counterparty_organization_id', '=', meId), eb('d.issued_at', 'is not', null)]),
        ]),
      );
  }
  if (f.type) q = q.where('d.document_type', '=', opaque(f.type));
  if (f.connection && scan !== 'connection') q = q.where('d.connection_id', '=', opaque(f.connection));
  if (f.status) q = q.where('d.status', '=', opaque(f.status));
  if (f.phase) q = q.where('d.status', 'in', [...PHASES[f.phase]]);
  if (f.since) q = q.where('d.document_date', '>=', f.since);
  if (f.until) q = q.where('d.document_date', '<=', f.until);
  if (f.updated_since) q = q.where('d.updated_at', '>=', new Date(f.updated_since));
  if (f.issuer_ref) q = q.where('d.issuer_ref', '=', f.issuer_ref);
  if (f.q) {
    const p = likePattern(f.q);
    // Each branch can be an index condition (migration 0023): the trigram indexes for the numbers
    // and the reference, documents_connection_keyset for the connections whose other party's name
    // matched (found first, by matchingConnections). The search's plan is made with the pattern
    // (compiledPage): a rare one ORs the index bitmaps, a common one walks the keyset index and
    // fills the page from its first rows. Matching the lateral `o.name` tied every search to the
    // walk, which for a rare pattern read the whole organization (2 s at a million documents).
    q = q.where((eb) =>
      eb.or([
        eb('d.issuer_number', 'ilike', p),
        eb('d.counterparty_number', 'ilike', p),
        eb('d.issuer_ref', 'ilike', p),
        ...(qConnections.length ? [sql<boolean>`d.connection_id = any(${qConnections}::text[])`] : []),
      ]),
    );
  }
  if (pos) q = q.where(keysetBefore('d.created_at', 'd.id', pos));
  return q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limitLiteral(limit));
}

/**
 * A value the planner does not look at: `(select $n)`, an InitPlan, still an index condition.
 * A page is always a short walk of a keyset index, whatever the values, and PostgreSQL keeps a
 * prepared statement's generic plan only when it is costed no dearer than the custom plans it
 * tried first. With the values visible, a large organization's custom plans (or a common
 * document type's) were costed cheaper than the generic plan, which is costed for an average
 * organization, so every page was planned afresh: after the bench's creates (6,724 of 13,422
 * documents in the listed organization) PostgreSQL spent 1.63 ms per page against the ceiling's
 * 0.67, 0.6-2.5 ms of it planning, and the list ratio fell from 0.74 to 0.52. Opaque, the custom
 * plans cost what the generic one does and the generic plan is kept after five runs
 * (test/documents/list.test.ts, "a hot organization").
 */
function opaque(value: string) {
  return sql<string>`(select ${value}::text)`;
}

/**
 * The page size is written into the query's text, not bound as a parameter. PostgreSQL plans a
 * prepared statement's generic plan for `limit $n` as if it returned a tenth of the rows, so that
 * plan never looked cheaper than a custom one and every page was planned afresh (measured on the
 * bench database: 21 executions, 21 custom plans; planning 0.58 ms against 0.14 ms to run). With
 * the size in the text the generic plan is chosen after five runs: 1.92 → 1.56 ms a page from a
 * client, alternated runs of 500. A size is a validated integer (1–100, plus one), so the texts
 * are few, and each is its own template (shapeOf).
 */
function limitLiteral(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`not a page size: ${limit}`);
  return sql.lit(limit);
}

/**
 * The page query (exported for the EXPLAIN test): one connection's documents in one scan of its
 * index; otherwise both sides' ordered scans, merged and cut at `limit`.
 */
export function documentListQuery(
  db: Kysely<DB>,
  me: { id: string; name: string },
  filters: Filters,
  pos: KeysetPosition | null,
  limit: number,
  qConnections: readonly string[] = [],
) {
  if (filters.connection)
    return sql<ProjectedDocument>`${scanQuery(db, 'connection', me, filters, pos, limit, qConnections)}`;
  const issuer = scanQuery(db, 'issuer', me, filters, pos, limit, qConnections);
  // The counterparty never sees drafts: skip its scan rather than walk it for nothing.
  if (filters.status === 'draft' || filters.phase === 'draft') return sql<ProjectedDocument>`${issuer}`;
  return sql<ProjectedDocument>`${issuer} union all ${scanQuery(db, 'counterparty', me, filters, pos, limit, qConnections)}
    order by created_at desc, id desc limit ${limitLiteral(limit)}`;
}

/** What varies between two runs of one page query of the same shape. */
export interface PageInputs {
  me: { id: string; name: string };
  f: Filters;
  pos: KeysetPosition | null;
  limit: number;
  /** with `q`: the caller's connections whose other party's name matches it (matchingConnections) */
  qConnections: readonly string[];
}

/** Where each parameter of a compiled page query comes from, by name. */
const SLOTS: Record<string, (i: PageInputs) => unknown> = {
  'me.id': (i) => i.me.id,
  'me.name': (i) => i.me.name,
  type: (i) => i.f.type,
  connection: (i) => i.f.connection,
  status: (i) => i.f.status,
  since: (i) => i.f.since,
  until: (i) => i.f.until,
  issuer_ref: (i) => i.f.issuer_ref,
  q: (i) => (i.f.q === null ? null : likePattern(i.f.q)),
  updated_since: (i) => (i.f.updated_since === null ? null : new Date(i.f.updated_since)),
  'pos.t': (i) => (i.pos ? new Date(i.pos.t) : null),
  'pos.id': (i) => i.pos?.id ?? null,
  qConnections: (i) => i.qConnections,
};

/**
 * Everything documentListQuery and scanQuery branch on: which filters are set, the values that
 * change the query's text (a draft status or phase skips the counterparty's scan; a phase is its
 * list of statuses; the page size), and whether there is a cursor.
 */
function shapeOf({ f, pos, limit, qConnections }: PageInputs): string {
  const status = f.status === 'draft' ? 'draft' : f.status ? 'set' : '';
  return [
    f.connection ? 'connection' : '',
    f.type ? 'type' : '',
    status,
    f.phase ?? '',
    f.since ? 'since' : '',
    f.until ? 'until' : '',
    f.updated_since ? 'updated_since' : '',
    f.issuer_ref ? 'issuer_ref' : '',
    f.q ? 'q' : '',
    qConnections.length ? 'named' : '',
    pos ? 'cursor' : '',
    String(limit),
  ].join('|');
}

/** Inputs of the same shape as `real`, every varying value a marker unique to `tag`. */
function markedInputs(tag: 'A' | 'B', real: PageInputs): PageInputs {
  const mark = (field: string, v: string | null) => (v ? `\u0001${tag}:${field}` : null);
  const f = real.f;
  const instant = (base: number) =>
    new Date(Date.UTC(2001 + base + (tag === 'A' ? 0 : 1), 0, 1)).toISOString();
  return {
    me: { id: `\u0001${tag}:me.id`, name: `\u0001${tag}:me.name` },
    f: {
      type: mark('type', f.type),
      connection: mark('connection', f.connection),
      // 'draft' changes the query's text: it stays itself (a constant of this shape).
      status: f.status === 'draft' ? 'draft' : mark('status', f.status),
      phase: f.phase,
      since: mark('since', f.since),
      until: mark('until', f.until),
      updated_since: f.updated_since ? instant(0) : null,
      issuer_ref: mark('issuer_ref', f.issuer_ref),
      q: mark('q', f.q),
    },
    pos: real.pos ? { t: instant(10), id: `\u0001${tag}:pos.id` } : null,
    // In the text (limitLiteral): part of the shape, the same in both.
    limit: real.limit,
    qConnections: real.qConnections.length ? [`\u0001${tag}:qConnections`] : [],
  };
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date
    ? a.getTime() === b.getTime()
    : Array.isArray(a) && Array.isArray(b)
      ? a.length === b.length && a.every((v, k) => sameValue(v, b[k]))
      : a === b;

interface PageTemplate {
  sql: string;
  /** per parameter: the slot it comes from, or the constant it always is */
  params: Array<{ slot: (i: PageInputs) => unknown } | { constant: unknown }>;
}

/**
 * The page query compiled once per shape: building and compiling it with Kysely took ~75-90 µs a
 * request, ~170 µs with the explicit column list above, against ~1-2 µs to fill in a template
 * (scratch micro-benchmark on the 2-core machine; the projection of a page took ~90 µs).
 * The template is found by compiling the shape twice with different markers: a parameter that
 * differs is matched to the one slot that yields both markers, one that is the same is a constant
 * of the shape, and anything else (text that differs, a parameter no slot explains) refuses to
 * build a template rather than guess. test/documents/list-template.test.ts compares it with a
 * fresh compile for every shape.
 */
function pageTemplate(db: Kysely<DB>, real: PageInputs): PageTemplate {
  const a = markedInputs('A', real);
  const b = markedInputs('B', real);
  const ca = documentListQuery(db, a.me, a.f, a.pos, a.limit, a.qConnections).compile(db);
  const cb = documentListQuery(db, b.me, b.f, b.pos, b.limit, b.qConnections).compile(db);
  if (ca.sql !== cb.sql || ca.parameters.length !== cb.parameters.length) {
    throw new Error('the list query’s text depends on a value the shape does not cover');
  }
  const params = ca.parameters.map((pa, k) => {
    const pb = cb.parameters[k];
    if (sameValue(pa, pb)) return { constant: pa };
    const matches = Object.values(SLOTS).filter((slot) => sameValue(slot(a), pa) && sameValue(slot(b), pb));
    if (matches.length !== 1)
      throw new Error(`the list query’s parameter ${k + 1} comes from no single input`);
    return { slot: matches[0]! };
  });
  return { sql: ca.sql, params };
}

/** One template per shape (a few dozen in practice; a finite set of filter combinations). */
const templates = new WeakMap<Kysely<DB>, Map<string, PageTemplate>>();

export function compiledPage(db: Kysely<DB>, inputs: PageInputs): CompiledQuery<ProjectedDocument> {
  let byShape = templates.get(db);
  if (!byShape) {
    byShape = new Map();
    templates.set(db, byShape);
  }
  const shape = shapeOf(inputs);
  let t = byShape.get(shape);
  if (!t) {
    t = pageTemplate(db, inputs);
    // A search is planned with its pattern at every run: a generic plan, costed for any pattern,
    // walks the keyset index even for a rare one, which then reads the whole organization.
    if (inputs.f.q !== null) planEachTime(t.sql);
    byShape.set(shape, t);
  }
  return CompiledQuery.raw(
    t.sql,
    t.params.map((p) => ('slot' in p ? p.slot(inputs) : p.constant)),
  ) as CompiledQuery<ProjectedDocument>;
}

/**
 * The caller's connections whose other party's name contains `q` (case-insensitive): an
 * organization has few connections, found by its two connection indexes. Asked before the page so
 * the page's plan sees the answer (usually none) instead of guessing how many documents it covers.
 */
async function matchingConnections(db: Kysely<DB>, me: string, q: string): Promise<string[]> {
  const rows = await db
    .selectFrom('connections as c')
    .innerJoin('organizations as n', (j) =>
      j.on(
        'n.id',
        '=',
        sql<string>`case when c.requester_organization_id = ${me} then c.recipient_organization_id else c.requester_organization_id end`,
      ),
    )
    .select('c.id')
    .where((eb) =>
      eb.or([eb('c.requester_organization_id', '=', me), eb('c.recipient_organization_id', '=', me)]),
    )
    .where('n.name', 'ilike', likePattern(q))
    .execute();
  return rows.map((r) => r.id);
}

export async function listDocuments(
  ctx: AppContext,
  principal: Principal,
  query: ListDocumentsQueryT,
): Promise<Page<DocumentView>> {
  const me = { id: principal.organization.id, name: principal.organization.name };
  const limit = query.limit ?? 20;
  const filters = readFilters(query);
  const binding: CursorBinding = { list: 'documents', scope: me.id, filters: { ...filters } };
  const pos = query.cursor ? decodeCursor(hmacKeys(ctx), binding, query.cursor) : null;
  const qConnections = filters.q === null ? [] : await matchingConnections(ctx.db, me.id, filters.q);
  const { rows } = await ctx.db.executeQuery(
    compiledPage(ctx.db, { me, f: filters, pos, limit: limit + 1, qConnections }),
  );
  return toPage(
    ctx.secrets.hmacKey,
    binding,
    rows,
    limit,
    (r) => ({ t: isoTimestamp(r.created_at), id: r.id }),
    (r) => projectDocument(r, me.id),
  );
}
