// Tables of the delivery module (src/modules/delivery): the recipient links (migration 0031) and
// the deliveries outbox (0032).
import type { ColumnType } from 'kysely';

export interface RecipientLinksTable {
  id: string;
  document_id: string;
  external_party_id: string;
  /** SHA-256 hex of the token: how a presented token is found. */
  token_hash: string;
  /** The token sealed under the master key: read back only to put the same link in a resend. */
  token_sealed: string;
  created_at: Date;
  revoked_at: Date | null;
}

export type DeliveryKind = 'document' | 'void_notice' | 'status_notice' | 'message' | 'claim_code';
export type DeliveryStatus = 'queued' | 'sent' | 'failed' | 'bounced' | 'simulated';

export interface EmailAttempt {
  at: string;
  smtp_code: number | null;
  response: string | null;
  error: string | null;
}

/** Where an attachment cut out of a stored message goes, and the kept export that fills it. */
export interface AttachmentSlot {
  /** Byte offset in the stored message (ascending across slots). */
  at: number;
  format: 'ubl' | 'cii' | 'facturx';
  /** sha256 hex of the export's bytes. */
  digest: string;
}

export interface DeliveryContent {
  subject?: string;
  text?: string;
  html?: string | null;
  from?: string;
  to?: string;
}

export interface DeliveriesTable {
  id: string;
  organization_id: string;
  document_id: string | null;
  external_party_id: string | null;
  kind: DeliveryKind;
  channel: ColumnType<string, string | undefined, string>;
  to_address: string;
  status: DeliveryStatus;
  sandbox: boolean;
  message_id: string | null;
  /** The message as handed to SMTP, or with its attachments cut out (see message_attachments). */
  message: Uint8Array | null;
  /**
   * Where the attachments cut out of `message` go and which kept e-invoice files fill them
   * (migration 0045, src/modules/delivery/kept-attachments.ts); null: `message` is whole.
   */
  message_attachments: ColumnType<AttachmentSlot[] | null, string | null | undefined, string | null>;
  content: ColumnType<DeliveryContent | null, string | null, string | null>;
  recipient_link_id: string | null;
  attachments_omitted: ColumnType<
    { code: string; missing: unknown[] } | null,
    string | null | undefined,
    string | null
  >;
  attempts: ColumnType<EmailAttempt[], string | undefined, string>;
  series_attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  lease_token: string | null;
  lease_until: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  /** The W3C traceparent of the span that queued it (migration 0044); null with tracing off. */
  traceparent: string | null;
  viewed_at: Date | null;
  bounce_status: string | null;
  /**
   * Sent before return paths were tagged (migration 0049): its DSN may come back to the untagged
   * `bounce+<id>@…` (src/modules/inbound/bounces.ts).
   */
  return_path_untagged: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryTables {
  recipient_links: RecipientLinksTable;
  deliveries: DeliveriesTable;
}
