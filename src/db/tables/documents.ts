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
  // A received e-invoice's own line figures (CONTRACT 11.5, 1.18.0), as its file states them; absent
  // on every other line (docex's own lines have a discount, above, and a price per one unit).
  /** BG-27 / BG-28 line allowances and charges */
  allowances_charges?: StoredAllowanceCharge[];
  /** BT-149 / BT-150: the quantity unit_price (BT-146) is the price of */
  base_quantity?: string | null;
  base_quantity_unit_code?: string | null;
  /** BT-148 gross price and BT-147 price discount */
  gross_price?: string | null;
  price_discount?: string | null;
}

/**
 * An allowance or charge as a received e-invoice states it: document level (BG-20/21) or line level
 * (BG-27/28). Amounts are the file's decimal strings.
 */
export interface StoredAllowanceCharge {
  charge: boolean;
  /** BT-92/99, BT-136/141 */
  amount: string;
  /** BT-93/100, BT-137/142 */
  base: string | null;
  /** BT-94/101, BT-138/143 */
  percent: string | null;
  /** BT-97/104, BT-139/144 */
  reason: string | null;
  /** BT-98/105, BT-140/145 */
  reason_code: string | null;
  /** document level only: BT-95/102 category and BT-96/103 rate in percent */
  tax_category?: TaxCategory;
  tax_rate_percent?: string | null;
}

/** What a received e-invoice states beyond a docex document's own fields (CONTRACT 11.5 "Received whole"). */
export interface ReceivedTerms {
  /** BG-20 / BG-21 */
  allowances_charges: StoredAllowanceCharge[];
  /** BT-106, BT-107, BT-108 */
  line_total: string;
  allowance_total: string | null;
  charge_total: string | null;
  /** BT-113 paid amount, BT-114 rounding amount, BT-115 amount due */
  prepaid: string | null;
  rounding: string | null;
  payable: string;
  /** BG-23 as the file states it */
  tax_breakdown: {
    category: TaxCategory;
    rate_percent: string;
    taxable: string;
    tax: string;
    exemption_reason: string | null;
    exemption_reason_code: string | null;
  }[];
  /** the file was a Peppol BIS Billing 3.0 document (BT-24) */
  peppol: boolean;
  /**
   * BG-4 as the file gave it (1.18.0, absent on bills received before): a received bill's export
   * writes the seller so when no legal profile holds it (a seller without street, city or
   * postcode, or known only by a seller identifier BT-29), never refusing a term the file lacked.
   */
  seller?: FiledSeller;
}

/** The seller (BG-4) as a received file states it, identifiers compacted (CONTRACT 11.5). */
export interface FiledSeller {
  name: string | null;
  address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    postal_code: string | null;
    country_code: string | null;
  };
  vat_id: string | null;
  legal_registration_id: { scheme: string | null; value: string } | null;
  electronic_address: { scheme: string | null; value: string } | null;
  /** BT-29 */
  identifiers: { scheme: string | null; value: string }[];
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
  /** The Factur-X PDF layout recorded at issue (migration 0057, einvoice/pdf-layout.ts); null is 1. */
  pdf_layout: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** what the e-invoice states beyond docex's fields; absent on documents received before 1.18.0 */
  einvoice?: ReceivedTerms;
  /** the capture the bill was confirmed from (CONTRACT 13); absent for an e-invoice */
  capture_id?: string;
  /**
   * the seller's identifiers as the file gave them (compacted), so that a seller added without a
   * legal profile (a capture's, CONTRACT 13) is still known by them; absent before 1.19.0
   */
  seller_ids?: { vat_id: string | null; registration_id: string | null };
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
  reason: 'payment_account_new' | 'payment_account_changed' | 'sender_unverified' | 'capture_unconfirmed';
  /** payment_account_changed: the account the party used before (BT-84) */
  previous?: string;
  /** payment_account_new and _changed: the account this document asks to be paid to */
  new?: string;
  /** when the hold was put (the document's receipt) */
  since: string;
  /**
   * the hold that follows once this one is released (CONTRACT 13: a captured bill whose total was
   * not read `high` and whose account is also held shows the account's hold first); not projected
   */
  next?: PaymentHold;
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
