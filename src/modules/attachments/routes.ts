// Attachments (CONTRACT 5a): upload to drafts, list, signed download URLs, the download itself.
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { addAttachment } from './add-attachment.ts';
import { createDownloadUrl, serveDownload } from './download.ts';
import { listAttachments } from './list-attachments.ts';
import {
  Attachment,
  AttachmentList,
  AttachmentParams,
  DocumentParams,
  DownloadParams,
  DownloadQuery,
  DownloadUrl,
  UPLOAD_BODY_LIMIT,
  UploadAttachmentBody,
} from './schemas.ts';

const tags = ['Attachments'];

export const attachmentRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/v1/documents/:id/attachments',
    operationId: 'createAttachment',
    summary: 'Attach a file to a draft',
    description:
      "The issuer attaches a file to its draft: `content_base64` is standard base64 of at most 10 MiB (the body may be up to 14 MiB; beyond either, 413 payload_too_large). The file's sha256 enters the document's history in the same transaction (entry `attachment.added`), and so its proof bundle. Attachments are part of the shared record: the counterparty sees them once the document is issued. A document that is not a draft answers 409 conflict; at most 100 attachments per document.",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:write'],
    params: DocumentParams,
    body: UploadAttachmentBody,
    bodyLimit: UPLOAD_BODY_LIMIT,
    response: { status: 201, schema: Attachment, description: 'The attachment (without its bytes).' },
    errors: ['invalid_request', 'not_found', 'conflict', 'idempotency_conflict', 'payload_too_large'],
    handler: async ({ ctx, principal, params, body }) => addAttachment(ctx, principal, params.id, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/documents/:id/attachments',
    operationId: 'listAttachments',
    summary: "List a document's attachments",
    description:
      'Every attachment of the document, oldest first (at most 100, so always one page). The counterparty sees them once the document is issued; a draft is not_found for it.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: DocumentParams,
    response: { status: 200, schema: AttachmentList, description: 'The attachments.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => listAttachments(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/documents/:id/attachments/:attachment_id/download_url',
    operationId: 'createAttachmentDownloadUrl',
    summary: 'Get a signed download URL for an attachment',
    description:
      'An absolute URL that downloads the attachment without an Authorization header, valid for 15 minutes (service clock). Treat it as a secret: whoever holds it can download until it expires. An altered or expired URL answers 403 forbidden.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: AttachmentParams,
    response: { status: 200, schema: DownloadUrl, description: 'The signed URL and when it expires.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) =>
      createDownloadUrl(ctx, principal, params.id, params.attachment_id),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/attachments/:attachment_id/download',
    operationId: 'downloadAttachment',
    summary: 'Download an attachment through a signed URL',
    description:
      "No Authorization header: the URL's `expires` and `signature` are the credential (get one from createAttachmentDownloadUrl). Serves the exact bytes uploaded with their content type, `Content-Disposition: attachment` (RFC 6266, the UTF-8 name in `filename*`), `X-Content-Type-Options: nosniff` and `Repr-Digest` (RFC 9530 sha-256). An altered or expired URL answers 403 forbidden. Bytes that no longer match the sha256 recorded in the document's history (altered in storage) are never served: 409 conflict with `details.reason: content_mismatch`.",
    tags,
    family: 'documents',
    auth: 'none',
    params: DownloadParams,
    query: DownloadQuery,
    response: {
      status: 200,
      schema: null,
      description: "The attachment's bytes, with its content type.",
      contentType: 'application/octet-stream',
    },
    errors: ['forbidden', 'not_found', 'conflict'],
    handler: async ({ ctx, params, query, reply }) => {
      await serveDownload(ctx, params.attachment_id, query, reply);
      return SENT;
    },
  }),
];
