// GET /v1/documents/{id}/attachments: part of the shared record (CONTRACT 5a), so whoever may see
// the document sees its attachments: the issuer always, the counterparty once it is issued.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { AttachmentsTable } from '../../db/tables/attachments.ts';
import type { Principal } from '../../http/principal.ts';
import { iso } from '../../lib/clock.ts';
import { findVisibleDocument } from '../documents/index.ts';
import type { AttachmentView } from './schemas.ts';

type AttachmentMeta = Omit<AttachmentsTable, 'content'>;

export function toAttachmentView(row: AttachmentMeta): AttachmentView {
  return {
    id: row.id,
    document_id: row.document_id,
    filename: row.filename,
    content_type: row.content_type,
    size: row.size,
    sha256: row.sha256,
    created_at: iso(row.created_at),
  };
}

/**
 * The attachments of a document the caller has already found visible, oldest first (created_at,
 * id). Never reads the bytes. Also what the proof bundle lists.
 */
export async function attachmentsOf(db: Kysely<DB>, documentId: string): Promise<AttachmentView[]> {
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'document_id', 'filename', 'content_type', 'size', 'sha256', 'created_at'])
    .where('document_id', '=', documentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAttachmentView);
}

export async function listAttachments(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
): Promise<{ data: AttachmentView[]; next_cursor: null; has_more: false }> {
  const doc = await findVisibleDocument(ctx.db, principal.organization.id, documentId);
  // At most MAX_ATTACHMENTS_PER_DOCUMENT rows: always one page.
  return { data: await attachmentsOf(ctx.db, doc.id), next_cursor: null, has_more: false };
}
