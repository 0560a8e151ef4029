// Names for the generated API types (./openapi.ts, from GET /v1/openapi.json), and the shapes
// CONTRACT.md fixes for operations that have not landed in this deployment's document yet
// (payments, attachments, lineage, e-invoicing): the page feature-detects those (./features.ts)
// and reads them with these shapes.
import type { TaxCategory } from '../../../src/lib/tax-categories.ts';
import type { operations } from './openapi';

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type Responses<K extends keyof operations> = operations[K]['responses'];
/** The JSON body of an operation's success answer. */
export type Ok<K extends keyof operations, S extends keyof Responses<K> = 200 & keyof Responses<K>> = JsonOf<
  Responses<K>[S]
>;
/** The JSON request body of an operation. */
export type BodyOf<K extends keyof operations> = operations[K] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

export type Document = Ok<'getDocument'>;
export type LineItem = Document['line_items'][number];
export type DocumentList = Ok<'listDocuments'>;
export type DocumentHistory = Ok<'getDocumentHistory'>;

export type Connection = Ok<'getConnection'>;
export type Organization = Ok<'getOrganization'>;
export type ApiKey = Ok<'getKey'>;
export type CreateKeyBody = BodyOf<'createKey'>;
export type PaymentLimits = NonNullable<CreateKeyBody['payment_limits']>;
export type WebhookEndpoint = Ok<'getWebhookEndpoint'>;
export type WebhookDelivery = Ok<'listWebhookDeliveries'>['data'][number];
export type TreasuryAccount = Ok<'getTreasuryAccount'>;
export type TreasuryTransaction = Ok<'listTreasuryTransactions'>['data'][number];
export type FinanceSetup = Ok<'getFinanceSetup'>;
export type FinanceListing = Ok<'getFinanceListing'>;
export type FinanceOffer = Ok<'getFinanceOffer'>;
export type FinanceAgreement = Ok<'getFinanceAgreement'>;
export type FinanceTerms = FinanceAgreement['terms'];
export type FinanceTermsInput = BodyOf<'createFinanceListing'>['ask'];

export interface ListOf<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

// --- CONTRACT 4, 5a, 6 shapes for operations that arrive later ---

/** CONTRACT 4: GET /v1/payments/{id}; also document.payment (the latest, or null). */
export interface Payment {
  id: string;
  document_id: string;
  amount: number;
  currency: string;
  status: 'processing' | 'settled' | 'failed';
  failure_reason: string | null;
  settlement_reference: string | null;
  payment_method: string | null;
  source_account_id: string | null;
  scheduled_for: string | null;
  created_at: string;
  settled_at: string | null;
  key_id: string | null;
}

/** CONTRACT 5a. */
export interface Attachment {
  id: string;
  document_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
}

/** CONTRACT 6: a lineage step; steps owned by the other party are sealed (no content). */
export interface LineageStep {
  document_id: string;
  document_type: string;
  owner_organization_id?: string;
  sealed?: boolean;
  head_hash?: string;
  at?: string;
  number?: string;
  label?: string;
  status?: string;
  [field: string]: unknown;
}

export interface Lineage {
  document_id: string;
  steps: LineageStep[];
}

// --- CONTRACT 9 shapes (structured e-invoices), written by hand until openapi.ts has them ---

/** PATCH /v1/organization's body and GET /v1/organization's legal_profile. */
export interface LegalProfile {
  legal_name: string;
  address: { line1: string; line2?: string; city: string; postal_code: string; country_code: string };
  vat_id?: string;
  tax_registration_id?: string;
  legal_registration_id?: { scheme?: string; value: string };
  electronic_address?: { scheme: string; value: string };
  contact?: { name?: string; phone?: string; email?: string };
  payment_account?: { iban: string; bic?: string; account_name?: string };
}

/** Sent fields replace the stored ones; null clears an optional one. */
export type LegalProfilePatch = {
  [K in keyof LegalProfile]?: undefined extends LegalProfile[K] ? LegalProfile[K] | null : LegalProfile[K];
};

export type OrganizationWithProfile = Organization & { legal_profile?: LegalProfile | null };

/** UNCL 5305 VAT categories a line may carry (BT-151): the server's own list. */
export type { TaxCategory };

/** What CONTRACT 9 adds to every line (present in every answer once the server has it). */
export interface EInvoiceLineFields {
  tax_category: TaxCategory;
  tax_exemption_reason: string | null;
  tax_exemption_reason_code: string | null;
  unit_code: string;
}

/** details.missing of 422 einvoice_incomplete. */
export interface MissingTerm {
  bt: string;
  party: 'issuer' | 'counterparty';
  field: string;
}

export type EInvoiceFormat = 'ubl' | 'cii' | 'facturx';

/** 201 of POST /v1/documents/import: the new draft and what the file held that docex does not. */
export type ImportedDocument = Document & { import_report: { format: 'ubl' | 'cii'; dropped: string[] } };

// --- the web app's own backend-for-frontend (/app/api, not part of the public API) ---

export interface OrganizationChoice {
  id: string;
  name: string;
  environment: 'live' | 'sandbox';
  verified: boolean;
}

export type SessionState =
  | { signed_in: false; signup_open: boolean }
  | {
      signed_in: true;
      signup_open: boolean;
      user: { id: string; email: string };
      organization: OrganizationChoice;
      organizations: OrganizationChoice[];
    };

export type SignedInState = Extract<SessionState, { signed_in: true }>;
