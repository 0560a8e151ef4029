// A capture row as confirmation reads it, locked, and its §13 projection. cap-confirm's stand-in
// for cap-store's captures.ts (loadCaptureForUpdate, projectCapture): at merge the confirmation
// uses those and this file goes.
import type { Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { Tx } from '../../context.ts';
import type { CapturesTable } from '../../db/tables/capture.ts';
import { notFound } from '../../lib/errors.ts';
import { isoTimestamp } from '../documents/index.ts';
import type { Capture } from './confirm-schemas.ts';

export type CaptureRow = Selectable<CapturesTable>;
export type CaptureView = Static<typeof Capture>;

/** The organization's capture, row-locked for the transaction; 404 for anyone else's. */
export async function lockCapture(trx: Tx, organizationId: string, id: string): Promise<CaptureRow> {
  const row = await trx
    .selectFrom('captures')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('capture');
  return row;
}

/** The §13 object. */
export function captureView(row: CaptureRow): CaptureView {
  return {
    id: row.id,
    inbound_message_id: row.inbound_message_id,
    file: { filename: row.filename, content_type: row.content_type, sha256: row.sha256, pages: row.pages },
    method: row.method,
    status: row.status,
    fields: (row.fields as CaptureView['fields']) ?? null,
    lines: row.lines,
    corrections: row.corrections,
    document_id: row.document_id,
    duplicate_of: row.duplicate_of,
    created_at: isoTimestamp(row.created_at),
    confirmed_at: row.confirmed_at ? isoTimestamp(row.confirmed_at) : null,
    confirmed_by: row.confirmed_by,
  };
}
