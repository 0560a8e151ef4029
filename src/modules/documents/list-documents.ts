// GET /v1/documents: newest first by (created_at, id), keyset cursors bound to the filters.
// The two ways an organization sees documents (as issuer: all of them; as counterparty: the issued
// ones) are two ordered index scans (documents_issuer_keyset, documents_counterparty_keyset), each
// cut at limit + 1 and merged, instead of one OR that no index can serve in order; a connection
// filter walks documents_connection_keyset instead. The other party's name is joined per row; no
// query per row.
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import {
  type CursorBinding,
  decodeCursor,
  type KeysetPosition,
  keysetBefore,
  type Page,
  toPage,
} from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso, utcDate } from '../../lib/clock.ts';
import { type FieldProblem, invalid } from '../../lib/errors.ts';
import { isStorableText } from './document-input.ts';
import { paymentColumn } from './load-document.ts';
import { type DocumentRecord, projectDocument } from './project-document.ts';
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
  if (utcDate(new Date(`${day}T00:00:00Z`)) !== day) return null;
  const at = new Date(s.length > 10 ? s : `${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return null;
  return { date: s.length > 10 ? utcDate(at) : day, instant: iso(at) };
}

export function readFilters(q: ListDocumentsQueryT): Filters {
  const problems: FieldProblem[] = [];
  for (const field of ['q', 'issuer_ref', 'connection'] as const) {
    const v = q[field];
    if (v !== undefined && !isStorableText(v)) {
      problems.push({ path: `query.${field}`, message: 'contains a NUL character or an unpaired surrogate' });
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
) {
  const iAmIssuer = sql<boolean>`(d.issuer_organization_id = ${me.id})`;
  const other =
    scan === 'issuer'
      ? sql`d.counterparty_organization_id`
      : scan === 'counterparty'
        ? sql`d.issuer_organization_id`
        : sql`case when ${iAmIssuer} then d.counterparty_organization_id else d.issuer_organization_id end`;
  const myName = sql<string>`${me.name}::text`;
  let q = db
    .selectFrom('documents as d')
    .innerJoin('organizations as o', (j) => j.on(sql<boolean>`o.id = ${other}`))
    .selectAll('d')
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
  if (scan === 'issuer') q = q.where('d.issuer_organization_id', '=', me.id);
  else if (scan === 'counterparty') {
    q = q.where('d.counterparty_organization_id', '=', me.id).where('d.issued_at', 'is not', null);
  } else {
    q = q
      .where('d.connection_id', '=', f.connection!)
      .where((eb) =>
        eb.or([
          eb('d.issuer_organization_id', '=', me.id),
          eb.and([eb('d.counterparty_organization_id', '=', me.id), eb('d.issued_at', 'is not', null)]),
        ]),
      );
  }
  if (f.type) q = q.where('d.document_type', '=', f.type);
  if (f.connection && scan !== 'connection') q = q.where('d.connection_id', '=', f.connection);
  if (f.status) q = q.where('d.status', '=', f.status);
  if (f.phase) q = q.where('d.status', 'in', [...PHASES[f.phase]]);
  if (f.since) q = q.where('d.document_date', '>=', f.since);
  if (f.until) q = q.where('d.document_date', '<=', f.until);
  if (f.updated_since) q = q.where('d.updated_at', '>=', new Date(f.updated_since));
  if (f.issuer_ref) q = q.where('d.issuer_ref', '=', f.issuer_ref);
  if (f.q) {
    const p = likePattern(f.q);
    q = q.where((eb) =>
      eb.or([
        eb('d.issuer_number', 'ilike', p),
        eb('d.counterparty_number', 'ilike', p),
        eb('d.issuer_ref', 'ilike', p),
        eb('o.name', 'ilike', p),
      ]),
    );
  }
  if (pos) q = q.where(keysetBefore('d.created_at', 'd.id', pos));
  return q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit);
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
) {
  if (filters.connection) return sql<DocumentRecord>`${scanQuery(db, 'connection', me, filters, pos, limit)}`;
  const issuer = scanQuery(db, 'issuer', me, filters, pos, limit);
  // The counterparty never sees drafts: skip its scan rather than walk it for nothing.
  if (filters.status === 'draft' || filters.phase === 'draft') return sql<DocumentRecord>`${issuer}`;
  return sql<DocumentRecord>`${issuer} union all ${scanQuery(db, 'counterparty', me, filters, pos, limit)}
    order by created_at desc, id desc limit ${limit}`;
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
  const pos = query.cursor ? decodeCursor(ctx.secrets.hmacKey, binding, query.cursor) : null;
  const { rows } = await documentListQuery(ctx.db, me, filters, pos, limit + 1).execute(ctx.db);
  return toPage(
    ctx.secrets.hmacKey,
    binding,
    rows,
    limit,
    (r) => ({ t: iso(r.created_at), id: r.id }),
    (r) => projectDocument(r, me.id),
  );
}
