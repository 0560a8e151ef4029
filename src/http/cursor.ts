// Opaque, tamper-evident keyset cursors (spec 4.3, CONTRACT 8). A cursor carries the last row's
// sort key, bound by HMAC to the organization and to a digest of the query's filters, so it
// cannot be forged, edited, or replayed against another query or organization.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { HmacKeys } from '../context.ts';
import { canonicalJson } from '../lib/canonical.ts';
import { ApiError } from '../lib/errors.ts';

export interface KeysetPosition {
  /** created_at (ISO, ms) of the last row of the previous page */
  t: string;
  /** id of the last row of the previous page */
  id: string;
}

export interface CursorBinding {
  /** the list operation, e.g. 'documents.list' */
  list: string;
  /** tenant the walk belongs to */
  scope: string;
  /** the filters of the query (everything but cursor and limit) */
  filters: Record<string, unknown>;
}

function bindingDigest(b: CursorBinding): string {
  return createHash('sha256')
    .update(`${b.list}\n${b.scope}\n${canonicalJson(b.filters)}`)
    .digest('base64url')
    .slice(0, 16);
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
}

export function encodeCursor(key: Buffer, binding: CursorBinding, pos: KeysetPosition): string {
  return encodeCursorPayload(key, binding, { t: pos.t, id: pos.id });
}

function badCursor(message: string): ApiError {
  return new ApiError('invalid_request', message, { errors: [{ path: 'query.cursor', message }] });
}

/** A cursor's MAC is checked under each verifying key: one a secret rotation replaced still opens
 * the walks it began for 24 hours (src/secret-rotation.ts). */
export function decodeCursor(keys: HmacKeys, binding: CursorBinding, cursor: string): KeysetPosition {
  const p = decodeCursorPayload(keys, binding, cursor);
  if (typeof p.t !== 'string' || typeof p.id !== 'string') throw badCursor('The cursor is malformed.');
  return { t: p.t, id: p.id };
}

/** Fields a cursor carries besides its version and binding: short names, JSON values. */
export type CursorPayload = Record<string, string | number | null>;

/**
 * A cursor carrying any small position (a walk that is not newest-first by created_at and id:
 * a document's history pages by seq and carries where its verified chain ended), with the same
 * binding and HMAC as every list's.
 */
export function encodeCursorPayload(key: Buffer, binding: CursorBinding, data: CursorPayload): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, q: bindingDigest(binding), ...data })).toString(
    'base64url',
  );
  return `${payload}.${mac(key, payload)}`;
}

/** The fields of a cursor this service issued for this binding; invalid_request otherwise. */
export function decodeCursorPayload(keys: HmacKeys, binding: CursorBinding, cursor: string): CursorPayload {
  const dot = cursor.indexOf('.');
  if (dot <= 0) throw badCursor('The cursor is not one this service issued. Pass next_cursor back verbatim.');
  const payload = cursor.slice(0, dot);
  const given = Buffer.from(cursor.slice(dot + 1));
  const matches = keys.verify.some((key) => {
    const expected = Buffer.from(mac(key, payload));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) {
    throw badCursor('The cursor is not one this service issued. Pass next_cursor back verbatim.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw badCursor('The cursor is malformed.');
  }
  if (typeof parsed !== 'object' || parsed === null) throw badCursor('The cursor is malformed.');
  const { v, q, ...data } = parsed as { v?: unknown; q?: unknown } & CursorPayload;
  if (v !== 1 || typeof q !== 'string') throw badCursor('The cursor is malformed.');
  if (q !== bindingDigest(binding)) {
    throw badCursor(
      'The cursor belongs to another query. A cursor is tied to the filters that produced it: start a fresh walk after changing them.',
    );
  }
  return data;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

/**
 * Builds a page from rows fetched with `limit + 1` (the extra row only tells whether more exist).
 */
export function toPage<R, T>(
  key: Buffer,
  binding: CursorBinding,
  rows: R[],
  limit: number,
  position: (row: R) => KeysetPosition,
  project: (row: R) => T,
): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    data: pageRows.map(project),
    next_cursor: hasMore && last ? encodeCursor(key, binding, position(last)) : null,
    has_more: hasMore,
  };
}

/**
 * The keyset condition "strictly after this position in newest-first order", as one row
 * comparison so PostgreSQL walks a (created_at, id) index instead of filtering.
 */
export function keysetBefore(
  createdAtColumn: string,
  idColumn: string,
  pos: KeysetPosition,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(createdAtColumn)}, ${sql.ref(idColumn)}) < (${new Date(pos.t)}, ${pos.id})`;
}

/**
 * One newest-first keyset page of `query` (whose rows carry created_at and id): applies the
 * cursor, orders by (created_at, id) descending, fetches limit + 1 and builds the page. Every
 * list of the service walks its rows this way; only the query and the projection differ.
 */
export async function pageNewestFirst<
  DBT,
  TB extends keyof DBT,
  O extends { created_at: Date; id: string },
  T,
>(
  keys: HmacKeys,
  binding: CursorBinding,
  query: SelectQueryBuilder<DBT, TB, O>,
  page: { limit?: number; cursor?: string },
  project: (row: O) => T,
  columns: { createdAt: string; id: string } = { createdAt: 'created_at', id: 'id' },
): Promise<Page<T>> {
  const limit = page.limit ?? 20;
  let q = query;
  if (page.cursor)
    q = q.where(keysetBefore(columns.createdAt, columns.id, decodeCursor(keys, binding, page.cursor)));
  const rows = await q
    .orderBy(sql.ref(columns.createdAt), 'desc')
    .orderBy(sql.ref(columns.id), 'desc')
    .limit(limit + 1)
    .execute();
  return toPage(
    keys.sign,
    binding,
    rows,
    limit,
    (r) => ({ t: r.created_at.toISOString(), id: r.id }),
    project,
  );
}
