// POST /v1/documents/{id}/attachments (CONTRACT 5a): the issuer attaches a file to its draft.
// The row, its bytes and the history entry recording its sha256 are one transaction, so the
// chain (and through it the transparency log and every later proof bundle) commits to exactly
// the bytes stored.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { decodeBase64Canonical } from '../../lib/base64.ts';
import { ApiError, type FieldProblem, invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  actorFromPrincipal,
  appendHistoryEntry,
  findVisibleDocument,
  systemActor,
} from '../documents/index.ts';
import { toAttachmentView } from './list-attachments.ts';
import {
  type AttachmentView,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_DOCUMENT,
  type UploadAttachmentInput,
} from './schemas.ts';

export const ATTACHMENT_ADDED = 'attachment.added';

// RFC 6838 type/subtype (restricted-name characters) and RFC 9110 parameters. Nothing that could
// break out of a header: no CR, LF or other controls.
const MEDIA_TYPE =
  /^[A-Za-z0-9][\w!#$&^.+-]{0,126}\/[A-Za-z0-9][\w!#$&^.+-]{0,126}(?:[ \t]*;[ \t]*[\w!#$&^.+-]+=(?:[\w!#$&^.+-]+|"[^"\\\p{Cc}]*"))*$/u;
// Control characters (C0, DEL, C1), path separators, and the bidirectional controls that make
// "invoice\u202Efdp.exe" display as "invoiceexe.pdf".
const FILENAME_FORBIDDEN = /[\p{Cc}/\\\u202a-\u202e\u2066-\u2069]/u;

function validate(input: UploadAttachmentInput): { bytes: Buffer } {
  const problems: FieldProblem[] = [];
  if (FILENAME_FORBIDDEN.test(input.filename) || input.filename === '.' || input.filename === '..') {
    problems.push({
      path: 'filename',
      message: 'must be a file name: no control characters, no / or \\, no bidirectional overrides',
    });
  }
  if (!MEDIA_TYPE.test(input.content_type)) {
    problems.push({ path: 'content_type', message: 'must be a media type such as application/pdf' });
  }
  // Size first, on the text alone: decoding 13 MB only to refuse it would be waste.
  const text = input.content_base64;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const decodedSize = Math.floor(text.length / 4) * 3 - padding;
  if (decodedSize > MAX_ATTACHMENT_BYTES) {
    throw new ApiError(
      'payload_too_large',
      `The attachment is ${decodedSize} bytes; the limit is ${MAX_ATTACHMENT_BYTES} bytes (10 MiB) decoded.`,
      { limit: MAX_ATTACHMENT_BYTES, size: decodedSize },
    );
  }
  const bytes = decodeBase64Canonical(text);
  if (bytes === null) {
    problems.push({
      path: 'content_base64',
      message: 'must be standard base64 (A-Z a-z 0-9 + /, = padding to a multiple of 4, no whitespace)',
    });
  } else if (bytes.length === 0) {
    problems.push({ path: 'content_base64', message: 'must not be empty' });
  }
  if (problems.length > 0 || bytes === null) throw invalid(problems);
  return { bytes };
}

export async function addAttachment(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
  input: UploadAttachmentInput,
): Promise<AttachmentView> {
  const { bytes } = validate(input);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const me = principal.organization.id;
  const actor = actorFromPrincipal(principal);
  return inTransaction(ctx.db, async (trx) => {
    // Locked: concurrent uploads to one draft take turns with each other and with its issue, so
    // nothing is attached to a document that has just been issued.
    const doc = await findVisibleDocument(trx, me, documentId, { lock: true });
    if (doc.issuer_organization_id !== me) {
      throw new ApiError('conflict', 'Only the issuer attaches files to a document, while it is a draft.');
    }
    if (doc.status !== 'draft') {
      throw new ApiError(
        'conflict',
        `Attachments can be added to drafts only; this document is ${doc.status}. Issued documents are immutable: create a new document (derived_from links it to this one).`,
      );
    }
    const count = await trx
      .selectFrom('attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('document_id', '=', doc.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ATTACHMENTS_PER_DOCUMENT) {
      throw new ApiError(
        'conflict',
        `A document holds at most ${MAX_ATTACHMENTS_PER_DOCUMENT} attachments; this one has ${count.n}.`,
        { limit: MAX_ATTACHMENTS_PER_DOCUMENT },
      );
    }
    const now = ctx.clock.now();
    const row = {
      id: newId('att'),
      document_id: doc.id,
      filename: input.filename,
      content_type: input.content_type,
      size: bytes.length,
      sha256,
      created_at: now,
    };
    // The bytes travel as the validated base64 text and are decoded by the database: PGlite's
    // bytea parameter encoding is a per-byte JavaScript loop (16 s for 10 MiB, measured here),
    // while this is one native decode on either engine (about 1 s on PGlite under load ~20).
    await trx
      .insertInto('attachments')
      .values({ ...row, content: sql<Uint8Array>`decode(${input.content_base64}, 'base64')` })
      .execute();
    await appendHistoryEntry(trx, {
      documentId: doc.id,
      action: ATTACHMENT_ADDED,
      actor,
      changes: {
        attachment_id: row.id,
        filename: row.filename,
        content_type: row.content_type,
        size: row.size,
        sha256,
      },
      at: now,
    });
    return toAttachmentView(row);
  });
}

/**
 * A file attached by the service to a document it creates (a received document's file and raw
 * message, CONTRACT 11.5), in the caller's transaction, its sha256 in the history.
 */
export async function attachServiceFile(
  trx: Tx,
  documentId: string,
  actorOrg: string,
  file: { filename: string; content_type: string; bytes: Buffer; sha256: string },
  now: Date,
): Promise<void> {
  const row = {
    id: newId('att'),
    document_id: documentId,
    filename: file.filename.slice(0, 255) || 'received',
    content_type: file.content_type,
    size: file.bytes.length,
    sha256: file.sha256,
    created_at: now,
  };
  await trx
    .insertInto('attachments')
    .values({ ...row, content: sql<Uint8Array>`decode(${file.bytes.toString('base64')}, 'base64')` })
    .execute();
  await appendHistoryEntry(trx, {
    documentId,
    action: ATTACHMENT_ADDED,
    actor: systemActor(actorOrg),
    changes: {
      attachment_id: row.id,
      filename: row.filename,
      content_type: row.content_type,
      size: row.size,
      sha256: row.sha256,
    },
    at: now,
  });
}
