// Receiving documents from anyone (CONTRACT 11.5): the inbound address and the inbound messages.
import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { Document } from '../documents/index.ts';
import { getInboundAddress, rotateInboundAddress } from './address.ts';
import { releaseHold } from './holds.ts';
import { getMessage, listMessages, serveRaw } from './messages.ts';
import {
  CapturedUpload,
  InboundAddress,
  InboundMessage,
  InboundMessageList,
  InboundMessageParams,
  ListInboundQuery,
  ReceivedDocument,
  UploadBody,
} from './schemas.ts';
import { readUpload, uploadBodyLimit, uploadReceivedDocument } from './upload.ts';

const tags = ['Inbound'];

const DocumentParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: 'The document id (doc_…).' }) },
  { additionalProperties: false },
);

export const inboundRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/v1/inbound',
    operationId: 'getInboundAddress',
    summary: "The organization's inbound email address",
    description:
      'The address suppliers send e-invoices to (UBL or CII files, or Factur-X/ZUGFeRD PDFs, as attachments): each message is stored before it is acknowledged and turned into bills by the worker (GET /v1/inbound/messages shows what became of it). A deployment without DOCEX_INBOUND_DOMAIN answers 403 capability_unavailable.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    response: { status: 200, schema: InboundAddress, description: 'The inbound address.' },
    errors: ['capability_unavailable'],
    handler: async ({ ctx, principal }) => getInboundAddress(ctx, principal),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/inbound/rotate',
    operationId: 'rotateInboundAddress',
    summary: 'Replace the inbound email address',
    description:
      'An admin session replaces the inbound address with a new random one; from this answer on, mail to the old address is refused at RCPT (550). Tell your suppliers the new one.',
    tags,
    family: 'documents',
    auth: 'session',
    response: { status: 200, schema: InboundAddress, description: 'The new inbound address.' },
    errors: ['capability_unavailable', 'idempotency_conflict'],
    handler: async ({ ctx, principal }) => rotateInboundAddress(ctx, principal),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/inbound/messages',
    operationId: 'listInboundMessages',
    summary: 'List received messages',
    description:
      'Every message received at the inbound address or uploaded, newest first, for 90 days: accepted ones with the documents they created, duplicates with the document they repeat, refused ones with the reasons in words. Filter with `status`.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    query: ListInboundQuery,
    response: { status: 200, schema: InboundMessageList, description: 'A page of inbound messages.' },
    errors: ['invalid_request'],
    handler: async ({ ctx, principal, query }) => listMessages(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/inbound/messages/:id',
    operationId: 'getInboundMessage',
    summary: 'Get a received message',
    description: 'One inbound message of the organization (without its bytes: see the raw operation).',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: InboundMessageParams,
    response: { status: 200, schema: InboundMessage, description: 'The inbound message.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => getMessage(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/inbound/messages/:id/raw',
    operationId: 'getInboundMessageRaw',
    summary: "A received message's bytes",
    description:
      'The exact bytes received: `message/rfc822` for email (as the SMTP DATA carried it), the file for an upload; `Repr-Digest` gives their sha-256.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: InboundMessageParams,
    response: {
      status: 200,
      schema: null,
      description: 'The raw bytes.',
      contentType: 'message/rfc822',
    },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params, reply }) => {
      await serveRaw(ctx, principal, params.id, reply);
      return SENT;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/inbound/documents',
    operationId: 'uploadReceivedDocument',
    summary: 'Receive a document by upload',
    description:
      "A received e-invoice from any other channel than mail (an access point's webhook, a file a supplier gave you): a UBL or CII file, or a PDF embedding one (factur-x.xml, zugferd-invoice.xml, xrechnung.xml). It is stored as an `upload` inbound message and read at once by the same pipeline as mail: the buyer (BG-7) must be your organization; the seller (BG-4) is matched among your counterparties or added as an external party (which needs its email, BT-43); the result is your Bill (or Vendor Credit) in `submitted`, answered 201, with the file as its attachment and `payment_hold` set when its payment account (BT-84) changed. The same invoice again (same seller, BT-1, BT-2 and total) creates no document: it answers 201 with the document it repeats and `duplicate_of` set (the upload itself is kept, listed as a `duplicate` inbound message). A refusal answers as POST /v1/documents/import does: 400 invalid_request naming each term or reason (a file that is not an e-invoice, addressed to someone else, a term docex cannot hold), 422 einvoice_mismatch for totals that differ; nothing is created, and the message stays listed as refused (details.inbound_message_id). A PDF without an embedded e-invoice, or a scan (PNG, JPEG, TIFF), is captured instead (CONTRACT §13): 202 with the inbound message (`processing`) and `capture_ids`; the worker reads it, and GET /v1/captures/{id} (or the message) shows what became of it. The file may be up to DOCEX_INBOUND_MAX_BYTES (default 25 MB) decoded; larger: 413 payload_too_large.",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:write'],
    body: UploadBody,
    bodyLimit: uploadBodyLimit,
    response: {
      status: 201,
      schema: ReceivedDocument,
      description:
        'The received document (your Bill or Vendor Credit); for a duplicate, the document the file repeats, with duplicate_of set.',
      alternate: {
        status: 202,
        schema: CapturedUpload,
        description:
          'A file to capture (a PDF without an embedded e-invoice, or a scan): the inbound message it is stored as, `processing` while the worker reads it, and the ids of its captures.',
      },
    },
    errors: [
      'invalid_request',
      'idempotency_conflict',
      'einvoice_mismatch',
      'unavailable',
      'payload_too_large',
    ],
    prepare: ({ ctx, body }) => readUpload(ctx.config, body),
    handler: async ({ ctx, principal, body, prepared }) =>
      uploadReceivedDocument(ctx, principal, body, prepared),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/documents/:id/release_hold',
    operationId: 'releasePaymentHold',
    summary: "Release a received document's payment hold",
    description:
      'An admin session of the receiving organization confirms a held document (payment_hold: its payment account changed, or its sender is no longer verified), after checking with the party by a channel it already knew: the hold is removed, in the history as `payment_hold_released` with the hold it released, and the document can be paid. No hold (or released already, with a new Idempotency-Key): 409 conflict.',
    tags,
    family: 'documents',
    auth: 'session',
    params: DocumentParams,
    response: { status: 200, schema: Document, description: 'The document, its hold released.' },
    errors: ['not_found', 'conflict', 'idempotency_conflict'],
    handler: async ({ ctx, principal, params }) => releaseHold(ctx, principal, params.id),
  }),
];
