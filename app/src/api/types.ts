// Names for the generated API types (./openapi.ts, from GET /v1/openapi.json), for what the pages
// hold in props and state. The calls themselves need none: the typed client (./client.ts) infers
// each answer from the document.
import type { components, operations } from './openapi';

type Schemas = components['schemas'];
/** The JSON request body of an operation. */
type BodyOf<K extends keyof operations> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type Document = Schemas['Document'];
export type DocumentHistory = Schemas['DocumentHistory'];
export type Attachment = Schemas['Attachment'];

export type Connection = Schemas['Connection'];
export type Organization = Schemas['Organization'];
export type LegalProfile = Schemas['LegalProfile'];
/** Sent fields replace the stored ones; null clears an optional one. */
export type LegalProfilePatch = BodyOf<'updateOrganization'>;
export type ApiKey = Schemas['ApiKey'];
export type CreateKeyBody = BodyOf<'createKey'>;
export type PaymentLimits = Schemas['PaymentLimits'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEventType = BodyOf<'createWebhookEndpoint'>['events'][number];
export type TreasuryAccount = Schemas['TreasuryAccount'];
export type FinanceSetup = Schemas['FinanceSetup'];
export type FinanceListing = Schemas['FinanceListing'];
export type FinanceOffer = Schemas['FinanceOffer'];
export type FinanceAgreement = Schemas['FinanceAgreement'];
export type FinanceTerms = Schemas['FinanceTerms'];
export type FinanceTermsInput = BodyOf<'createFinanceListing'>['ask'];

export type DemoBillBody = BodyOf<'createSandboxBill'>;
export type SignupBody = BodyOf<'signup'>;
export type SandboxPair = Schemas['SandboxPair'];

export type EInvoiceFormat = operations['exportEInvoice']['parameters']['query']['format'];
export type EmailDelivery = Schemas['EmailDelivery'];

export type InboundAddress = Schemas['InboundAddress'];
export type InboundMessage = Schemas['InboundMessage'];
export type BankAccount = Schemas['BankAccount'];
export type CreateBankAccountBody = BodyOf<'createBankAccount'>;
export type PaymentBatch = Schemas['PaymentBatch'];
export type BankStatement = Schemas['BankStatement'];
export type BankStatementEntry = Schemas['BankStatementEntry'];
export type ImportBankStatementBody = BodyOf<'importBankStatement'>;
export type Payment = Schemas['Payment'];
