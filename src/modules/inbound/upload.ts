// POST /v1/inbound/documents (CONTRACT 11.5): a received file from any other channel than mail (an
// access point's webhook, a person's upload) stored as an `upload` inbound message and run through
// the worker's own pipeline (process.ts's processMessage) in the request: 201 the received
// document (for a repeat, 201 the document it repeats with duplicate_of: one success status, as
// every operation has), or the refusal as §9's import answers it (400, or 422
// einvoice_mismatch). Refused or not, the message stays listed with its bytes for 90 days.
// A PDF without an embedded e-invoice or a scan (CONTRACT §13) is captured instead: 202 with the
// message (`processing`) and its capture's id, read by the worker (a file sent before, the same
// bytes, answers the capture it was read into, or the bill that capture became); the file is at most
// DOCEX_INBOUND_MAX_BYTES (the SMTP listener's limit), not 1 MiB.
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../http/principal.ts';
import { KeptRefusal, WithStatus } from '../../http/route.ts';
import { decodeBase64Strict } from '../../lib/base64.ts';
import { ApiError } from '../../lib/errors.ts';
import { findVisibleDocument, projectDocument } from '../documents/index.ts';
import { LISTED, projectMessage, storeMessage } from './messages.ts';
import { readUploadOffThread } from './parse-pool.ts';
import { INBOUND_LEASE_MS, type Outcome, processMessage } from './process.ts';
import type { ReadMessage } from './read-message.ts';
import {
  base64Length,
  type CapturedUploadView,
  type ReceivedDocumentView,
  type UploadBodyT,
} from './schemas.ts';

/** Room in the body for the JSON around the file (the filename, quotes, line breaks of base64). */
const BODY_OVERHEAD = 64 * 1024;

/** The route's body limit: the largest file the deployment takes, in base64, and its JSON. */
export function uploadBodyLimit(config: Config): number {
  return base64Length(config.inbound.maxBytes) + BODY_OVERHEAD;
}

function badContent(problem: string): ApiError {
  return new ApiError('invalid_request', `content_base64 ${problem}.`, {
    errors: [{ path: 'content_base64', message: problem }],
  });
}

function decode(b64: string, maxBytes: number): Buffer {
  const bytes = decodeBase64Strict(b64);
  if (bytes === null) throw badContent('is not base64 (RFC 4648, standard alphabet)');
  if (bytes.length === 0) throw badContent('is empty');
  if (bytes.length > maxBytes) {
    throw new ApiError(
      'payload_too_large',
      `The file is ${bytes.length} bytes; this deployment takes files up to ${maxBytes} bytes (DOCEX_INBOUND_MAX_BYTES).`,
      { limit_bytes: maxBytes },
    );
  }
  return bytes;
}

/** The outcome a message came to, read back when another process finished it (its lease had expired). */
async function storedOutcome(ctx: AppContext, id: string): Promise<Outcome> {
  const row = await ctx.db
    .selectFrom('inbound_messages')
    .select(['status', 'document_ids', 'duplicate_of', 'reasons'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const captures = await ctx.db
    .selectFrom('captures')
    .select('id')
    .where('inbound_message_id', '=', id)
    .orderBy('part')
    .execute();
  const captureIds = captures.map((c) => c.id);
  if (row.status === 'accepted' || captureIds.length > 0)
    return { status: 'accepted', documentIds: row.document_ids, captureIds };
  if (row.status === 'duplicate' && row.duplicate_of)
    return { status: 'duplicate', duplicateOf: row.duplicate_of, captureIds };
  if (row.status === 'refused') return { status: 'refused', reasons: row.reasons, errors: [] };
  return { status: 'skipped' };
}

/** The refusal as §9's import answers: its own error for a single refused term, else every reason. */
function refusal(outcome: Extract<Outcome, { status: 'refused' }>, messageId: string): ApiError {
  const [only] = outcome.errors;
  const asImport = only?.code === 'invalid_request' || only?.code === 'einvoice_mismatch';
  if (only && asImport && outcome.errors.length === 1 && outcome.reasons.length === 1) {
    return new ApiError(only.code, only.message, { ...only.details, inbound_message_id: messageId });
  }
  return new ApiError('invalid_request', `The file was refused: ${outcome.reasons.join(' ')}`, {
    errors: outcome.reasons.map((message) => ({ path: 'content_base64', message })),
    inbound_message_id: messageId,
  });
}

/** An upload decoded and read (the route's prepare step): no transaction is held while it parses. */
export interface ReadUpload {
  raw: Buffer;
  read: ReadMessage;
}

/**
 * POST /v1/inbound/documents, its prepare step (src/http/route.ts): decoded, then read on a parse
 * thread (parse-pool.ts), so neither a transaction nor the request thread waits while it parses;
 * a read stopped by the pool's limits comes back as a refusal, stored with the message.
 */
export async function readUpload(config: Config, body: UploadBodyT): Promise<ReadUpload> {
  const raw = decode(body.content_base64, config.inbound.maxBytes);
  return { raw, read: await readUploadOffThread(config, raw, body.filename ?? null) };
}

/**
 * POST /v1/inbound/documents, in the request's transaction: the message stored and accepted, or
 * stored as refused (a KeptRefusal: the refused message stays listed, the key is released).
 */
export async function uploadReceivedDocument(
  ctx: AppContext,
  principal: Principal,
  body: UploadBodyT,
  { raw, read }: ReadUpload,
): Promise<ReceivedDocumentView | WithStatus<CapturedUploadView> | KeptRefusal> {
  const me = principal.organization.id;
  const now = ctx.clock.now();
  // Stored already leased to this request, so the worker's pass leaves it alone while it runs; if
  // the request dies, the lease expires and the worker processes it like any stored message.
  const token = randomUUID();
  const [id] = await storeMessage(ctx.db, {
    organizationIds: [me],
    channel: 'upload',
    envelopeFrom: null,
    filename: body.filename ?? null,
    raw,
    headers: { from: null, subject: null, messageId: null },
    now,
    lease: { token, until: new Date(now.getTime() + INBOUND_LEASE_MS) },
  });
  const messageId = id!;
  let outcome = await processMessage(ctx, messageId, token, { read, raw });
  if (outcome.status === 'skipped') outcome = await storedOutcome(ctx, messageId);
  if (outcome.status !== 'refused' && outcome.status !== 'skipped' && outcome.captureIds.length > 0) {
    // a file to capture: read by the worker; the message says what became of it
    const row = await ctx.db
      .selectFrom('inbound_messages')
      .select(LISTED)
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    // the same file as a capture that became a bill (or found one): that bill, as a repeated
    // e-invoice answers (docs/capture.md "The same file twice")
    if (row.status === 'duplicate' && row.duplicate_of !== null) {
      return {
        ...projectDocument(await findVisibleDocument(ctx.db, me, row.duplicate_of), me),
        inbound_message_id: messageId,
        duplicate_of: row.duplicate_of,
      };
    }
    return new WithStatus(202, { ...projectMessage(row), capture_ids: outcome.captureIds });
  }
  switch (outcome.status) {
    case 'refused':
      return new KeptRefusal(refusal(outcome, messageId));
    case 'accepted':
    case 'duplicate': {
      const docId = outcome.status === 'accepted' ? outcome.documentIds[0]! : outcome.duplicateOf;
      const view: ReceivedDocumentView = {
        ...projectDocument(await findVisibleDocument(ctx.db, me, docId), me),
        inbound_message_id: messageId,
        duplicate_of: outcome.status === 'duplicate' ? docId : null,
      };
      return view;
    }
    default:
      // another process took the message over (this request outlived its lease) and has not
      // finished it yet: the file is stored, its outcome will be listed
      throw new ApiError(
        'unavailable',
        `The file is stored as ${messageId} and still being processed; GET /v1/inbound/messages/${messageId} shows what became of it.`,
        { inbound_message_id: messageId },
      );
  }
}
