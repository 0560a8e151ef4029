// What this deployment can do, read once from its own description: GET /v1/openapi.json lists
// the operations, GET /v1/enablement the families switched on. A control whose operation is
// absent (payments, attachments, lineage, export, demo bills, finance and e-invoicing land after the
// app) or whose family is off is not shown; it lights up when the endpoint lands, without a change here.
import { docex, PUBLIC } from './client';
import type { WebhookEventType } from './types';

/** identity is always on (it has no switch in /v1/enablement). */
type Family =
  | 'documents'
  | 'payments'
  | 'treasury'
  | 'provenance'
  | 'keys'
  | 'webhooks'
  | 'finance'
  | 'identity';

/** The optional operations the app looks for, by method and path (CONTRACT 1, 4, 5a, 6, 7). */
export const OPTIONAL = {
  pay: ['POST', '/v1/documents/{id}/pay', 'payments'],
  payments: ['GET', '/v1/payments', 'payments'],
  treasury: ['GET', '/v1/treasury/accounts', 'treasury'],
  transactions: ['GET', '/v1/treasury/accounts/{id}/transactions', 'treasury'],
  history: ['GET', '/v1/documents/{id}/history', 'provenance'],
  lineage: ['GET', '/v1/documents/{id}/lineage', 'provenance'],
  exportBundle: ['GET', '/v1/documents/{id}/export', 'provenance'],
  attachments: ['GET', '/v1/documents/{id}/attachments', 'documents'],
  uploadAttachment: ['POST', '/v1/documents/{id}/attachments', 'documents'],
  downloadAttachment: ['POST', '/v1/documents/{id}/attachments/{attachment_id}/download_url', 'documents'],
  demoBill: ['POST', '/v1/sandbox/bills', 'documents'],
  webhooks: ['GET', '/v1/webhooks', 'webhooks'],
  keys: ['GET', '/v1/keys', 'keys'],
  finance: ['GET', '/v1/finance/setup', 'finance'],
  // Beyond CONTRACT 7 (additive): the ways a listing or an offer is taken back.
  withdrawListing: ['POST', '/v1/finance/listings/{id}/withdraw', 'finance'],
  withdrawOffer: ['POST', '/v1/finance/offers/{id}/withdraw', 'finance'],
  // CONTRACT 9: structured e-invoices.
  legalProfile: ['PATCH', '/v1/organization', 'identity'],
  einvoiceExport: ['GET', '/v1/documents/{id}/einvoice', 'documents'],
  einvoiceImport: ['POST', '/v1/documents/import', 'documents'],
  // Issue 38: a document's emails to an external party, and sending it again.
  deliveries: ['GET', '/v1/documents/{id}/deliveries', 'documents'],
  resend: ['POST', '/v1/documents/{id}/deliveries', 'documents'],
  // Issue 39: what arrived at the inbound address (CONTRACT 11.5).
  inbound: ['GET', '/v1/inbound/messages', 'documents'],
  // Issue 49: a supplier's invoice uploaded from the app.
  inboundUpload: ['POST', '/v1/inbound/documents', 'documents'],
  // Issue 51: invoices read from plain PDFs and scans, reviewed and confirmed (CONTRACT 13).
  captures: ['GET', '/v1/captures', 'documents'],
  confirmCapture: ['POST', '/v1/captures/{id}/confirm', 'documents'],
  // Issue 40: the organization's bank, its accounts and payment batches (CONTRACT 12).
  bankAccounts: ['GET', '/v1/bank_accounts', 'payments'],
  paymentBatches: ['GET', '/v1/payment_batches', 'payments'],
  bankStatements: ['POST', '/v1/bank_statements', 'payments'],
  sandboxBankStatements: ['POST', '/v1/sandbox/bank_statements/{id}', 'payments'],
} as const satisfies Record<string, readonly [string, string, Family]>;

/**
 * Features that are a field rather than an operation: lineTaxCategory is CONTRACT 9's tax_category,
 * exemption reason and unit_code on the lines of POST /v1/documents.
 */
export type Feature = keyof typeof OPTIONAL | 'lineTaxCategory';

export interface Features {
  has(feature: Feature): boolean;
  /** The webhook event types this deployment knows (the enum of POST /v1/webhooks). */
  eventTypes: WebhookEventType[];
  apiVersion: string;
}

interface OpenApiDoc {
  info?: { version?: string };
  paths?: Record<string, Record<string, { requestBody?: unknown }>>;
}

/**
 * The event types this build of the app can subscribe to: the compiler holds this to the generated
 * enum both ways (a type the document adds fails `tsc -p app` until it is named here).
 */
const KNOWN_EVENT_TYPES: Record<WebhookEventType, true> = {
  'document.created': true,
  'document.status_changed': true,
  'document.edited': true,
  'document.delivered': true,
  'document.delivery_failed': true,
  'document.viewed': true,
  'payment.settled': true,
  'payment.failed': true,
  'finance.offer.received': true,
  'finance.agreement.accepted': true,
  'finance.agreement.funded': true,
  'finance.agreement.repaid': true,
  'finance.agreement.closed': true,
  'finance.agreement.flagged': true,
  'document.received': true,
  'inbound.refused': true,
  'capture.needs_review': true,
};

function isKnownEventType(s: unknown): s is WebhookEventType {
  return typeof s === 'string' && Object.hasOwn(KNOWN_EVENT_TYPES, s);
}

function eventTypesOf(doc: OpenApiDoc): WebhookEventType[] {
  const schema = (
    doc.paths?.['/v1/webhooks']?.post?.requestBody as
      | { content?: { 'application/json'?: { schema?: { properties?: { events?: { items?: unknown } } } } } }
      | undefined
  )?.content?.['application/json']?.schema?.properties?.events?.items as
    | { enum?: string[]; anyOf?: { const?: string }[] }
    | undefined;
  if (schema?.enum) return schema.enum.filter(isKnownEventType);
  return (schema?.anyOf ?? []).map((s) => s.const).filter(isKnownEventType);
}

export async function loadFeatures(): Promise<Features> {
  // Read through the typed client; the annotation names the parts of each answer used here (the
  // document declares the OpenAPI document's own answer as an object without properties).
  const [doc, enablement]: [OpenApiDoc, { families?: Partial<Record<Family, boolean>> }] = await Promise.all([
    docex.GET('/v1/openapi.json', PUBLIC),
    docex.GET('/v1/enablement', PUBLIC),
  ]);
  const paths = doc.paths ?? {};
  const present = new Set<Feature>();
  for (const [name, [method, path, family]] of Object.entries(OPTIONAL) as [
    keyof typeof OPTIONAL,
    (typeof OPTIONAL)[keyof typeof OPTIONAL],
  ][]) {
    const op = paths[path]?.[method.toLowerCase()];
    if (op && enablement.families?.[family] !== false) present.add(name);
  }
  if (JSON.stringify(paths['/v1/documents']?.post?.requestBody ?? {}).includes('"tax_category"'))
    present.add('lineTaxCategory');
  return {
    has: (f) => present.has(f),
    eventTypes: eventTypesOf(doc),
    apiVersion: doc.info?.version ?? '',
  };
}
