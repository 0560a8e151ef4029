import type { ColumnType } from 'kysely';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import type { TaxCategory } from '../../lib/tax-categories.ts';

/** jsonb: read as parsed JSON, written as its JSON text. */
type Jsonb<T> = ColumnType<T, string, string>;
/** numeric(20,2): a decimal string both ways (never a binary float). */
type Numeric = string;

export interface StoredLineItem {
  line_number: number;
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  sku: string | null;
  discount_type: 'percent' | 'fixed' | null;
  discount_value: number | null;
  net_amount: number;
  tax_amount: number;
  /** CONTRACT 9 (1.15.0); absent on lines written before: S when tax_rate > 0, else Z. */
  tax_category?: TaxCategory;
  tax_exemption_reason?: string | null;
  tax_exemption_reason_code?: string | null;
  /** UN/ECE Rec. 20/21; absent on lines written before: C62 (one). */
  unit_code?: string;
}

export interface DocumentCountersTable {
  organization_id: string;
  prefix: string;
  last_value: number;
}

export interface DocumentsTable {
  id: string;
  connection_id: string;
  issuer_organization_id: string;
  counterparty_organization_id: string;
  document_type: string;
  status: string;
  issuer_number: string;
  counterparty_number: string | null;
  currency: string;
  line_items: Jsonb<StoredLineItem[]>;
  subtotal: Numeric;
  tax: Numeric;
  total: Numeric;
  balance_due: Numeric;
  payment_terms: string | null;
  /** YYYY-MM-DD */
  document_date: string;
  due_date: string | null;
  notes: string | null;
  external_refs: Jsonb<Record<string, string>>;
  issuer_ref: string | null;
  derived_from: string | null;
  origin: string;
  sandbox: boolean;
  history_seq: number;
  history_head: string;
  created_at: Date;
  updated_at: Date;
  issued_at: Date | null;
  /** Both parties' legal profiles as frozen at issue (CONTRACT 9); null until a party has one. */
  issuer_profile: ColumnType<LegalProfile | null, string | null | undefined, string | null>;
  counterparty_profile: ColumnType<LegalProfile | null, string | null | undefined, string | null>;
  /** The ISO 11649 RF creditor reference given at issue (CONTRACT 12); null without one. */
  payment_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** How a received document reached its counterparty (CONTRACT 11.5, migration 0036); null otherwise. */
  received: ColumnType<ReceivedInfo | null, string | null | undefined, string | null>;
  /** A received document's payment hold (CONTRACT 11.5, migration 0040); null when none. */
  payment_hold: ColumnType<PaymentHold | null, string | null | undefined, string | null>;
  // Also `claimed_party_id text` (migration 0029): the external party whose claim moved the
  // document to an organization (CONTRACT 11.3). Written only by that claim, in its own SQL
  // (src/modules/parties/claim.ts), and read by no document path, so it is not part of the record.
}

/** documents.received (CONTRACT 11.5). */
export interface ReceivedInfo {
  channel: 'email' | 'upload';
  /** the From address of the mail (its envelope sender without one); null for an upload */
  from: string | null;
  message_id: string | null;
  /** true only once sender authentication (DKIM/SPF/DMARC) exists and passes; false until then */
  sender_verified: boolean;
  /** sha256 of the e-invoice file as received */
  sha256: string;
  inbound_message_id: string;
  /** BT-84 (with BT-85, BT-86) of the e-invoice, where the seller asks to be paid; absent or null without one */
  payment_account?: ReceivedPaymentAccount | null;
}

/** BG-17 of a received e-invoice, as the file gives it (an IBAN or another account id). */
export interface ReceivedPaymentAccount {
  /** BT-84 */
  iban: string;
  /** BT-85 */
  account_name: string | null;
  /** BT-86 */
  bic: string | null;
}

/** documents.payment_hold (CONTRACT 11.5). */
export interface PaymentHold {
  reason: 'payment_account_new' | 'payment_account_changed' | 'sender_unverified';
  /** payment_account_changed: the account the party used before (BT-84) */
  previous?: string;
  /** payment_account_new and _changed: the account this document asks to be paid to */
  new?: string;
  /** when the hold was put (the document's receipt) */
  since: string;
}

export interface EInvoiceExportsTable {
  document_id: string;
  format: string;
  content: Uint8Array;
  digest: string;
  created_at: Date;
}

export interface DocumentHistoryTable {
  document_id: string;
  seq: number;
  visibility: 'issuer' | 'counterparty' | 'shared';
  at: Date;
  action: string;
  actor: Jsonb<{
    kind: 'api_key' | 'session' | 'system' | 'recipient_link';
    organization_id: string | null;
    key_id: string | null;
    key_prefix: string | null;
    external_party_id?: string;
  }>;
  actor_user_id: string | null;
  changes: Jsonb<unknown>;
  prev_hash: string;
  hash: string;
}

export interface DemoCounterpartyQueueTable {
  document_id: string;
  run_at: Date;
}

export interface DocumentTables {
  document_counters: DocumentCountersTable;
  documents: DocumentsTable;
  document_history: DocumentHistoryTable;
  demo_counterparty_queue: DemoCounterpartyQueueTable;
  einvoice_exports: EInvoiceExportsTable;
}
