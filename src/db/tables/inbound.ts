import type { ColumnType, Generated } from 'kysely';

export interface InboundAddressesTable {
  organization_id: string;
  local_part: string;
  created_at: Date;
}

export type InboundStatus = 'processing' | 'needs_review' | 'accepted' | 'duplicate' | 'refused';
export type InboundChannel = 'email' | 'upload';

// bytea arrives as a Buffer from pg and as a Uint8Array from PGlite.
export interface InboundMessagesTable {
  id: string;
  organization_id: string;
  channel: InboundChannel;
  envelope_from: string | null;
  from_address: string | null;
  subject: string | null;
  message_id: string | null;
  filename: string | null;
  raw: Uint8Array;
  size: number;
  sha256: string;
  status: InboundStatus;
  document_ids: ColumnType<string[], string[] | undefined, string[]>;
  reasons: ColumnType<string[], string[] | undefined, string[]>;
  duplicate_of: string | null;
  /** Captures of other messages this one's files repeat (the same bytes; 0058, settle-message.ts). */
  repeats_capture_ids: ColumnType<string[], string[] | undefined, string[]>;
  lease_until: Generated<Date | null>;
  lease_token: Generated<string | null>;
  received_at: Date;
  processed_at: Generated<Date | null>;
  /** The SMTP client's address and HELO name (0041), kept for sender authentication. */
  client_ip: Generated<string | null>;
  helo: Generated<string | null>;
  /** DKIM/SPF/DMARC as evaluated by the worker (authenticate.ts); null until then, or for uploads. */
  authentication: ColumnType<SenderAuthentication | null, string | null | undefined, string | null>;
}

export interface SenderAuthentication {
  dkim: { domain: string; result: string }[];
  spf: { domain: string; result: string } | null;
  /** domain: the From domain's organizational domain, as mailauth reports it */
  dmarc: { domain: string; result: string; policy: string | null } | null;
  /** The From header's domain (lowercase), null when the message has none readable. */
  from_domain: string | null;
  evaluated_at: string;
}

export interface InboundTables {
  inbound_addresses: InboundAddressesTable;
  inbound_messages: InboundMessagesTable;
}
