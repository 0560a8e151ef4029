// Names for the generated API types (./openapi.ts, from GET /v1/openapi.json), and the shapes
// CONTRACT.md fixes for operations that have not landed in this deployment's document yet
// (payments, attachments, lineage): the page feature-detects those (./features.ts) and reads
// them with these shapes.
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
export type HistoryEntry = DocumentHistory['entries'][number];
export type CreateDocumentBody = BodyOf<'createDocument'>;
export type LineItemInput = CreateDocumentBody['line_items'][number];
export type ListDocumentsQuery = NonNullable<operations['listDocuments']['parameters']['query']>;

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
export type FinanceSetupBody = BodyOf<'putFinanceSetup'>;
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
