// Downloads (CONTRACT 5a): a caller who may see the document asks for a signed URL; the URL then
// serves the exact bytes to whoever holds it, for 15 minutes, without an Authorization header.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { findVisibleDocument } from '../documents/index.ts';
import { ATTACHMENT_ADDED } from './add-attachment.ts';
import { signDownloadUrl, verifyDownloadUrl } from './signed-url.ts';

/** POST /v1/documents/{id}/attachments/{attachment_id}/download_url */
export async function createDownloadUrl(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
  attachmentId: string,
): Promise<{ url: string; expires_at: string }> {
  const doc = await findVisibleDocument(ctx.db, principal.organization.id, documentId);
  const found = await ctx.db
    .selectFrom('attachments')
    .select('id')
    .where('id', '=', attachmentId)
    .where('document_id', '=', doc.id)
    .executeTakeFirst();
  if (!found) throw notFound('attachment');
  return signDownloadUrl(ctx, found.id, ctx.clock.now());
}

/**
 * RFC 6266 Content-Disposition: `attachment`, an ASCII fallback `filename` for old clients and the
 * exact name as RFC 8187 `filename*` (UTF-8, percent-encoded outside attr-char), which every
 * current browser prefers.
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /v1/attachments/{attachment_id}/download?expires=…&signature=…: verifies the URL, then sends
 * the bytes exactly as uploaded. Before sending, their SHA-256 is recomputed and compared with
 * the one the history entry `attachment.added` recorded (and the row's own): bytes altered in
 * the database are refused with 409 conflict, never served as if they were the original.
 */
export async function serveDownload(
  ctx: AppContext,
  attachmentId: string,
  query: Record<string, unknown>,
  reply: FastifyReply,
): Promise<void> {
  verifyDownloadUrl(ctx, attachmentId, query, ctx.clock.now());
  // The signature is the credential: it names one attachment and only the service can make one,
  // so this read is scoped by it rather than by an organization.
  const row = await ctx.db
    .selectFrom('attachments as a')
    .select([
      'a.filename',
      'a.content_type',
      'a.sha256',
      // As text, for the reason add-attachment.ts gives (PGlite's bytea parsing is per byte).
      sql<string>`encode(a.content, 'base64')`.as('content_base64'),
      // The sha256 the hash-chained history recorded when the file was attached.
      sql<string | null>`(select h.changes->>'sha256' from document_history h
        where h.document_id = a.document_id and h.action = ${ATTACHMENT_ADDED}
          and h.changes->>'attachment_id' = a.id
        order by h.seq limit 1)`.as('recorded_sha256'),
    ])
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
  // Only the service signs URLs, and only for attachments that exist and are never deleted.
  if (!row) throw notFound('attachment');
  // PostgreSQL's base64 breaks lines every 76 characters; Node's decoder skips them.
  const bytes = Buffer.from(row.content_base64, 'base64');
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== row.recorded_sha256 || actual !== row.sha256) {
    ctx.log.error({ attachmentId, actual, recorded: row.recorded_sha256 }, 'attachment bytes altered');
    throw new ApiError(
      'conflict',
      "This attachment's stored bytes no longer match the SHA-256 recorded in the document's history when it was attached; the service will not serve them as the original.",
      {
        reason: 'content_mismatch',
        attachment_id: attachmentId,
        recorded_sha256: row.recorded_sha256,
        actual_sha256: actual,
      },
    );
  }
  reply
    .code(200)
    .header('content-type', row.content_type)
    .header('content-length', String(bytes.length))
    .header('content-disposition', contentDisposition(row.filename))
    .header('x-content-type-options', 'nosniff')
    // Should a browser render it anyway, it runs nothing and loads nothing.
    .header('content-security-policy', "default-src 'none'; sandbox")
    // The URL is a credential: keep it and the bytes out of shared caches.
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    // RFC 9530: the client can check the bytes it got against the recorded digest.
    .header('repr-digest', `sha-256=:${Buffer.from(actual, 'hex').toString('base64')}:`)
    .send(bytes);
}
