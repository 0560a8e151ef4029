import { type Static, Type } from '@sinclair/typebox';
import { ListOf, Timestamp } from '../../http/schemas.ts';

/** CONTRACT 5a: at most 10 MiB of decoded content per attachment. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** The upload route's body limit (CONTRACT 8): 10 MiB as base64 is 13.33 MiB, plus the JSON around it. */
export const UPLOAD_BODY_LIMIT = 14 * 1024 * 1024;
/** Attachments per document: keeps the list one page and a draft's storage bounded (1 GiB). */
export const MAX_ATTACHMENTS_PER_DOCUMENT = 100;
/** How long a signed download URL works (CONTRACT 5a). */
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;

export const Attachment = Type.Object(
  {
    id: Type.String({ description: 'The attachment id (att_…).' }),
    document_id: Type.String(),
    filename: Type.String(),
    content_type: Type.String(),
    size: Type.Integer({ description: 'Bytes.' }),
    sha256: Type.String({
      description: 'Lowercase hex SHA-256 of the bytes; also recorded in the document history.',
    }),
    created_at: Timestamp,
  },
  { additionalProperties: false, title: 'Attachment' },
);
export type AttachmentView = Static<typeof Attachment>;

export const AttachmentList = ListOf(Attachment, 'Attachment');

export const UploadAttachmentBody = Type.Object(
  {
    filename: Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        'The file name shown on download: 1 to 255 characters, no control characters, no / or \\ (a name, not a path).',
    }),
    content_type: Type.String({
      minLength: 3,
      maxLength: 255,
      description:
        'The media type the download is served with, e.g. application/pdf (RFC 6838 type/subtype, optional parameters).',
    }),
    content_base64: Type.String({
      // The route's body limit (14 MiB) bounds it first, so content over 10 MiB still answers 413.
      maxLength: 14 * 1024 * 1024,
      description:
        'The bytes, standard base64 (RFC 4648 section 4) with padding and no whitespace; at most 10 MiB decoded. Larger content answers 413 payload_too_large.',
    }),
  },
  { additionalProperties: false },
);
export type UploadAttachmentInput = Static<typeof UploadAttachmentBody>;

export const DownloadUrl = Type.Object(
  {
    url: Type.String({
      description:
        'Absolute URL under /v1/attachments/{attachment_id}/download with its expiry and HMAC signature. Needs no Authorization header.',
    }),
    expires_at: Timestamp,
  },
  { additionalProperties: false, title: 'AttachmentDownloadUrl' },
);

const id = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

export const DocumentParams = Type.Object(
  { id: id('The document id (doc_…).') },
  { additionalProperties: false },
);

export const AttachmentParams = Type.Object(
  { id: id('The document id (doc_…).'), attachment_id: id('The attachment id (att_…).') },
  { additionalProperties: false },
);

export const DownloadParams = Type.Object(
  { attachment_id: id('The attachment id (att_…).') },
  { additionalProperties: false },
);

// Loose on purpose: a URL missing a part, with a malformed one or with parts added was altered,
// and every alteration answers 403 forbidden (checked by verifyDownloadUrl), never a 400 that
// tells a prober which part is wrong.
export const DownloadQuery = Type.Object({
  // Node refuses a request line past 16 KiB first (431), so these bounds never answer a 400.
  expires: Type.Optional(
    Type.String({ maxLength: 16_384, description: 'Unix seconds after which the URL stops working.' }),
  ),
  signature: Type.Optional(
    Type.String({ maxLength: 16_384, description: 'The HMAC signature of the attachment id and expiry.' }),
  ),
});
