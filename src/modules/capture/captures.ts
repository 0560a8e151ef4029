// The capture resource (CONTRACT §13): its projection, its list and its reads, and the lock a
// change takes. A capture still `reading` is the worker's and the API does not show it: not
// listed, and 404 by id until it is read (the message it came with says `processing` meanwhile).
// Every query names the caller's organization: another organization's capture is 404.
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import { hmacKeys } from '../../context.ts';
import type { CaptureActor, CapturesTable } from '../../db/tables/capture.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import {
  type CaptureFields,
  FIELD_NAMES,
  type FieldName,
  type ReadPage,
  type Turn,
} from '../../lib/capture-shapes.ts';
import { iso, isoOrNull } from '../../lib/clock.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  type CapturePageWordsView,
  type CaptureView,
  LISTED_STATUSES,
  type ListCapturesQueryT,
} from './schemas.ts';

export type CaptureRow = Selectable<CapturesTable>;

/**
 * A capture's file in SQL (the row in scope as `captures`): its own bytes, or, null since migration
 * 0059 for an upload's file, its message's. For statements that return the file with the row.
 */
export const FILE_BYTES: RawBuilder<Uint8Array> = sql<Uint8Array>`coalesce(captures.bytes,
  (select m.raw from inbound_messages m where m.id = captures.inbound_message_id))`;

/** A capture's file from its row: its own bytes, or its message's (FILE_BYTES). */
export async function captureBytes(
  db: AppContext['db'],
  row: Pick<CaptureRow, 'bytes' | 'inbound_message_id'>,
): Promise<Uint8Array> {
  if (row.bytes !== null) return row.bytes;
  const m = await db
    .selectFrom('inbound_messages')
    .select('raw')
    .where('id', '=', row.inbound_message_id)
    .executeTakeFirstOrThrow();
  return m.raw;
}

export { FIELD_NAMES };

export function emptyFields(): CaptureFields {
  return Object.fromEntries(FIELD_NAMES.map((f) => [f, null])) as unknown as CaptureFields;
}

/** The columns a capture is projected from (everything but its bytes and read pages). */
export const PROJECTED = [
  'id',
  'organization_id',
  'inbound_message_id',
  'filename',
  'content_type',
  'sha256',
  'pages',
  'method',
  'status',
  'fields',
  'lines',
  'corrections',
  'document_id',
  'duplicate_of',
  'created_at',
  'confirmed_at',
  'confirmed_by',
  'rejected_at',
  'rejected_by',
  'reject_reason',
  'notes',
] as const;

type Projected = Pick<CaptureRow, (typeof PROJECTED)[number]>;

/**
 * The §13 object, the one projection of a capture: GET, the list, confirm, reject, the
 * `capture.needs_review` event and the MCP tools all answer it. Every field key is present (null
 * when not shown), in the contract's order, then the additive fields (corrections, rejection).
 */
export function projectCapture(r: Projected): CaptureView {
  const read = r.fields ?? emptyFields();
  const fields = Object.fromEntries(FIELD_NAMES.map((f) => [f, read[f] ?? null])) as CaptureView['fields'];
  const confirmedAt = isoOrNull(r.confirmed_at);
  return {
    id: r.id,
    inbound_message_id: r.inbound_message_id,
    file: { filename: r.filename, content_type: r.content_type, sha256: r.sha256, pages: r.pages },
    method: r.method,
    // never `reading`: the reads below leave those out, and a change refuses them (lockCapture)
    status: r.status as CaptureView['status'],
    fields,
    lines: r.lines,
    document_id: r.document_id,
    duplicate_of: r.duplicate_of,
    created_at: iso(r.created_at),
    confirmed_at: confirmedAt,
    confirmed_by: r.confirmed_by,
    // who and when: stored with each correction; a correction stored before they were is the
    // confirmation's, which made it
    corrections: r.corrections.map((c) => ({
      field: c.field as FieldName,
      value: c.value as CaptureView['corrections'][number]['value'],
      replaced: c.replaced as CaptureView['corrections'][number]['replaced'],
      corrected_by: c.corrected_by ?? r.confirmed_by ?? { kind: 'capture_auto', id: null },
      corrected_at: c.corrected_at ?? confirmedAt ?? iso(r.created_at),
    })),
    rejected_at: isoOrNull(r.rejected_at),
    rejected_by: r.rejected_by,
    rejected_reason: r.status === 'rejected' ? r.reject_reason : null,
    notes: r.notes,
  };
}

/** Who acts on a capture, as it records confirmed_by, rejected_by and each correction's corrected_by. */
export function captureActorOf(p: Principal): CaptureActor {
  return p.kind === 'api_key' ? { kind: 'api_key', id: p.keyId } : { kind: 'user', id: p.userId };
}

const notFound = () => new ApiError('not_found', 'No capture with this id.');

/** A capture the worker is still reading: not shown yet (its message says `processing`). */
const stillReading = (id: string, messageId: string) =>
  new ApiError(
    'not_found',
    `The capture ${id} is still being read; it is shown once read (GET /v1/inbound/messages/${messageId} says \`processing\` until then).`,
    { status: 'reading', inbound_message_id: messageId },
  );

/**
 * The capture, locked for a change (FOR UPDATE) in the caller's transaction: the one lock every
 * change of a capture takes (confirm, reject). 404 when there is no such capture in the caller's
 * organization (unknown, or another organization's: the same answer, so nothing is learnt of
 * another's ids); 409 `conflict` when it is still being read (it exists, and was handed out by the
 * upload's 202, but is not yet one to change). Every other status is the operation's to judge.
 */
export async function lockCapture(trx: Tx, organizationId: string, id: string): Promise<CaptureRow> {
  const row = await trx
    .selectFrom('captures')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.status === 'reading') {
    throw new ApiError(
      'conflict',
      `The capture ${row.id} is still being read; GET /v1/captures/${row.id} shows it once it is read.`,
      { status: 'reading', inbound_message_id: row.inbound_message_id },
    );
  }
  return row;
}

export async function listCaptures(
  ctx: AppContext,
  principal: Principal,
  q: ListCapturesQueryT,
): Promise<Page<CaptureView>> {
  const me = principal.organization.id;
  const binding: CursorBinding = { list: 'captures', scope: me, filters: { status: q.status ?? null } };
  const query = ctx.db
    .selectFrom('captures')
    .select(PROJECTED)
    .where('organization_id', '=', me)
    .where('status', 'in', q.status ? [q.status] : [...LISTED_STATUSES]);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, projectCapture);
}

export async function getCapture(ctx: AppContext, principal: Principal, id: string): Promise<CaptureView> {
  const row = await ctx.db
    .selectFrom('captures')
    .select(PROJECTED)
    .where('id', '=', id)
    .where('organization_id', '=', principal.organization.id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.status === 'reading') throw stillReading(row.id, row.inbound_message_id);
  return projectCapture(row);
}

/** A read page's number checked against the capture: 404 naming the pages there are. */
function pageOutOfRange(n: number, pages: number): ApiError {
  return new ApiError(
    'not_found',
    pages === 0
      ? 'This capture has no page that was read.'
      : `No page ${n}: this capture has ${pages === 1 ? 'one page' : `pages 1 to ${pages}`} read.`,
  );
}

/** Page `n` of a capture's read pages, or 404 naming the pages there are. */
function readPageOf(pages: ReadPage[] | null, n: number): ReadPage {
  const page = pages?.find((p) => p.n === n);
  if (!page) throw pageOutOfRange(n, pages?.length ?? 0);
  return page;
}

/** GET /v1/captures/{id}/pages/{n}/words: the words of a read page with their boxes. */
export async function capturePageWords(
  ctx: AppContext,
  principal: Principal,
  id: string,
  n: number,
): Promise<CapturePageWordsView> {
  const row = await ctx.db
    .selectFrom('captures')
    .select(['read_pages'])
    .where('id', '=', id)
    .where('organization_id', '=', principal.organization.id)
    .where('status', '!=', 'reading')
    .executeTakeFirst();
  if (!row) throw notFound();
  const page = readPageOf(row.read_pages, n);
  return {
    n: page.n,
    width: page.width,
    height: page.height,
    method: page.method,
    words: page.words.map((w) => ({ text: w.text, bbox: w.bbox })),
  };
}

/** The file of a read page (its bytes, to render), checked as capturePageWords checks. */
export async function capturePageFile(
  ctx: AppContext,
  principal: Principal,
  id: string,
  n: number,
): Promise<{ bytes: Uint8Array; filename: string; contentType: string; sha256: string; turn: Turn }> {
  const row = await ctx.db
    .selectFrom('captures')
    .select(['filename', 'content_type', 'sha256', 'read_pages'])
    .select(FILE_BYTES.as('bytes'))
    .where('id', '=', id)
    .where('organization_id', '=', principal.organization.id)
    .where('status', '!=', 'reading')
    .executeTakeFirst();
  if (!row) throw notFound();
  const page = readPageOf(row.read_pages, n);
  return {
    bytes: row.bytes,
    filename: row.filename,
    contentType: row.content_type,
    sha256: row.sha256,
    turn: page.turned ?? 0,
  };
}
