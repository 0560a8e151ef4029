import { type Static, Type } from '@sinclair/typebox';
import { ListOf, ListQuery, Nullable, Timestamp } from '../../http/schemas.ts';
import { Document } from '../documents/index.ts';

export const InboundAddress = Type.Object(
  {
    email: Type.String({
      examples: ['k3vq7x2m4pa6ty5rnw2c@inbound.docex.example'],
      description:
        "The organization's inbound address, `<local>@<DOCEX_INBOUND_DOMAIN>`: suppliers send e-invoices here. The local part is 20 random lowercase base32 characters (100 bits).",
    }),
  },
  { additionalProperties: false, title: 'InboundAddress' },
);

const STATUSES = ['processing', 'needs_review', 'accepted', 'duplicate', 'refused'] as const;

export const InboundMessage = Type.Object(
  {
    id: Type.String({ description: 'The inbound message id (inm_…).' }),
    channel: Type.Union([Type.Literal('email'), Type.Literal('upload')]),
    from: Nullable(
      Type.String({
        description: "The From header's address (email), or the envelope sender when it has none.",
      }),
    ),
    subject: Nullable(Type.String()),
    filename: Nullable(Type.String({ description: "An upload's file name, when given." })),
    size: Type.Integer({ description: 'Bytes received.' }),
    sha256: Type.String({ description: 'Lowercase hex SHA-256 of the raw bytes.' }),
    received_at: Timestamp,
    status: Type.Union(
      STATUSES.map((s) => Type.Literal(s)),
      {
        description:
          'processing: stored, not yet read by the worker; needs_review: a file of it was captured (CONTRACT 13) and waits for a person to confirm it (GET /v1/captures); accepted: documents were created (document_ids); duplicate: the same invoice was received before (duplicate_of); refused: nothing was created (reasons).',
      },
    ),
    document_ids: Type.Array(Type.String()),
    duplicate_of: Nullable(Type.String({ description: 'The document this message repeats.' })),
    reasons: Type.Array(Type.String(), { description: 'Why the message was refused, in words.' }),
  },
  { additionalProperties: false, title: 'InboundMessage' },
);
export type InboundMessageView = Static<typeof InboundMessage>;

export const InboundMessageList = ListOf(InboundMessage, 'InboundMessage');

export const ListInboundQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(Type.Union(STATUSES.map((s) => Type.Literal(s)))),
  },
  { additionalProperties: false },
);
export type ListInboundQueryT = Static<typeof ListInboundQuery>;

export const InboundMessageParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: 'The inbound message id (inm_…).' }) },
  { additionalProperties: false },
);

/** The length of `bytes` bytes in base64 (with padding). */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

export const UploadBody = Type.Object(
  {
    // No minLength: upload.ts's decoder refuses an empty file with its own 400, in the same words
    // as any other content it cannot decode. The maxLength stays, every request string is bounded
    // (test/security/bounded-schemas), and costs nothing on a 2 MB upload (src/http/string-length.ts
    // walks no string its UTF-16 length decides): the real bound is the deployment's
    // DOCEX_INBOUND_MAX_BYTES (upload.ts), checked on the body's size before it is parsed; this one
    // is its largest setting (1 GiB).
    content_base64: Type.String({
      maxLength: base64Length(1024 * 1024 * 1024),
      contentEncoding: 'base64',
      description:
        'The received file, base64 (not empty): a UBL or CII e-invoice (XML), a PDF embedding one (Factur-X, ZUGFeRD, XRechnung), or a PDF or scan (PNG, JPEG, TIFF) to capture. The file is at most DOCEX_INBOUND_MAX_BYTES (default 25 MB) decoded; larger answers 413 payload_too_large.',
    }),
    filename: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        pattern: '^[^\\x00-\\x1f\\x7f]+$',
        description: "The file's name, kept with the message and as the document's attachment.",
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        content_base64:
          'PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPEludm9pY2UgeG1sbnM9InVybjpvYXNpczpuYW1lczpzcGVjaWZpY2F0aW9uOnVibDpzY2hlbWE6eHNkOkludm9pY2UtMiI+4oCmPC9JbnZvaWNlPgo=',
        filename: 'SUP-1001.xml',
      },
    ],
  },
);
export type UploadBodyT = Static<typeof UploadBody>;

export const ReceivedDocument = Type.Intersect(
  [
    Document,
    Type.Object({
      inbound_message_id: Type.String({
        description: 'The inbound message the upload was stored as (GET /v1/inbound/messages/{id}).',
      }),
      duplicate_of: Nullable(
        Type.String({
          description:
            'Set (200) when the file repeats an invoice received before (same seller, BT-1, BT-2 and total): the document answered is that one, and nothing new was created.',
        }),
      ),
    }),
  ],
  { title: 'ReceivedDocument' },
);
export type ReceivedDocumentView = Static<typeof ReceivedDocument>;

/** POST /v1/inbound/documents' answer for a file to capture (202): the message and its capture. */
export const CapturedUpload = Type.Object(
  {
    ...InboundMessage.properties,
    capture_ids: Type.Array(Type.String(), {
      description:
        'The captures the file is read into (GET /v1/captures/{id} once read; until then the message is `processing`).',
    }),
  },
  { additionalProperties: false, title: 'CapturedUpload' },
);
export type CapturedUploadView = Static<typeof CapturedUpload>;
