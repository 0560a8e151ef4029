// Request and response examples for /v1/openapi.json, so the reference (/v1/reference) shows a
// body a reader can copy for every operation. Generated from the JSON schemas by a small
// deterministic generator: a schema's own examples/const/enum/default first, then realistic values
// chosen by field name (prefixed ids like the service's, decimal amounts, ISO dates), then the
// type. Hand-written values for the central objects (a document with lines, a payment, an event)
// and for request bodies whose generated form would mislead are merged over the generated ones,
// so a field added to a schema still gets a value. test/http/openapi-examples.test.ts
// validates every example against its own schema.

import { createHash } from 'node:crypto';
import { FAMILIES } from '../config.ts';
import { FIELD_NAMES } from '../lib/capture-shapes.ts';
import { ERROR_DESCRIPTIONS, type ErrorCode } from '../lib/errors.ts';
import { API_VERSION } from '../version.ts';

type Json = Record<string, unknown>;
type Schemas = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `<prefix>_<22 base62>` like src/lib/ids.ts, the same one for the same prefix in every example. */
function exampleId(prefix: string, n = 0): string {
  const digest = createHash('sha256').update(`docex-example:${prefix}:${n}`).digest();
  let tail = '';
  for (let i = 0; tail.length < 22; i++) tail += BASE62[(digest[i % digest.length] ?? 0) % 62];
  return `${prefix}_${tail}`;
}

/** The id prefix of an object's own `id`, by its schema title. */
const ID_BY_TITLE: Record<string, string> = {
  Organization: 'org',
  User: 'usr',
  Connection: 'conn',
  ApiKey: 'key',
  RotatedApiKey: 'key',
  Document: 'doc',
  ImportedDocument: 'doc',
  ReceivedDocument: 'doc',
  RecipientDocument: 'doc',
  Payment: 'pay',
  Event: 'evt',
  WebhookEndpoint: 'whe',
  DeletedWebhookEndpoint: 'whe',
  WebhookDelivery: 'whd',
  EmailDelivery: 'dlv',
  TreasuryAccount: 'acct',
  TreasuryTransaction: 'txn',
  Attachment: 'att',
  FinanceListing: 'lst',
  FinanceOffer: 'ofr',
  FinanceAgreement: 'agr',
  BankAccount: 'bacc',
  PaymentBatch: 'pbat',
  InboundMessage: 'inm',
  CapturedUpload: 'inm',
  Capture: 'cap',
};

/** The id prefix of a field holding another record's id. */
const ID_BY_FIELD: Record<string, string> = {
  organization_id: 'org',
  issuer_organization_id: 'org',
  counterparty_organization_id: 'org',
  borrower_organization_id: 'org',
  lender_organization_id: 'org',
  owner_organization_id: 'org',
  external_party_id: 'xp',
  connection_id: 'conn',
  document_id: 'doc',
  invoice_id: 'doc',
  derived_from: 'doc',
  duplicate_of: 'doc',
  payment_id: 'pay',
  bank_account_id: 'bacc',
  key_id: 'key',
  rotated_from_id: 'key',
  rotated_to_id: 'key',
  event_id: 'evt',
  endpoint_id: 'whe',
  delivery_id: 'whd',
  account_id: 'acct',
  source_account_id: 'acct',
  settlement_account_id: 'acct',
  funding_account_id: 'acct',
  attachment_id: 'att',
  listing_id: 'lst',
  offer_id: 'ofr',
  agreement_id: 'agr',
  settlement_reference: 'trf',
  inbound_message_id: 'inm',
};

/** Fields naming the other organization (the examples are seen from Northwind, org …0). */
const OTHER_PARTY = new Set(['counterparty_organization_id', 'lender_organization_id']);

const HEX64 = 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9';

/** Realistic text by field name (when the schema declares no format, pattern or enumeration). */
const TEXT: Record<string, string> = {
  name: 'Northwind Trading GmbH',
  organization_name: 'Northwind Trading GmbH',
  legal_name: 'Northwind Trading GmbH',
  account_name: 'Northwind Trading GmbH',
  description: 'Consulting, March 2026',
  notes: 'Payable by bank transfer. Thank you for your business.',
  number: 'INV-000042',
  label: 'Invoice',
  status: 'issued',
  currency: 'EUR',
  payment_terms: 'net_30',
  payment_method: 'ledger',
  origin: 'api',
  object: 'object',
  email: 'billing@northwind.example',
  password: 'correct horse battery staple',
  url: 'https://erp.northwind.example/hooks/docex',
  token: 'sess_4mQ9XfT2pL7vK1sR8wZ3yB6nH0cD5eJ',
  secret: 'whsec_Jq3Lr8TzW1vN6pK9sX2mB5cF7hD0gA4y',
  key: 'rk_test_7Hc2Qm9Zr4Lw1Xs8Vp3Kt6Nb0Dy5Fg',
  prefix: 'rk_test_7Hc2',
  line1: 'Hauptstraße 1',
  line2: '3rd floor',
  city: 'Berlin',
  postal_code: '10115',
  phone: '+49 30 1234567',
  iban: 'DE89370400440532013000',
  tax_registration_id: '27/123/45678',
  value: 'DE123456789',
  scheme: '9930',
  sku: 'CONS-HR',
  unit_code: 'HUR',
  failure_reason: 'insufficient_funds',
  disabled_reason: 'Disabled after 20 consecutive failed deliveries.',
  withdrawn_reason: 'The invoice was credited.',
  tax_exemption_reason: 'Intra-community supply',
  filename: 'timesheet-march-2026.pdf',
  content_type: 'application/pdf',
  content_base64: 'JVBERi0xLjcKJcTl8uXrCg==',
  event_type: 'document.status_changed',
  type: 'document.status_changed',
  action: 'issue',
  error: 'connect ECONNREFUSED',
  alg: 'Ed25519',
  public_key: 'MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=',
  vkey: 'docex.example+5f1c2a9b+AWb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE',
  note: 'docex.example/log\n1042\nuU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek=\n',
  hash: HEX64,
  prev_hash: HEX64,
  head_hash: HEX64,
  root_hash: 'uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek=',
  sha256: HEX64,
  digest: HEX64,
  authorization_digest: HEX64,
  api_version: API_VERSION,
  text: 'Invoice INV-000042 issued to Kaufhaus Nord AG.',
  reason: 'The hash chain is intact.',
  next_cursor: 'eyJrIjoiMjAyNi0wMy0wMlQwOTozMDowMC4wMDBaIiwiaWQiOiJkb2NfIn0',
  cidr: '203.0.113.0/24',
  proof: 'pLf4RYXb1pKFMsSw6cJbrbYG6VMcn9UNxJ2uJR9XaEU=',
};

const NUMBERS: Record<string, number> = {
  quantity: 10,
  unit_price: 125,
  tax_rate: 0.19,
  net_amount: 1250,
  tax_amount: 237.5,
  subtotal: 1250,
  tax: 237.5,
  total: 1487.5,
  balance_due: 1487.5,
  amount: 1487.5,
  balance: 25000,
  available: 25000,
  balance_after: 23512.5,
  principal: 1400,
  fee: 35,
  fee_amount: 35,
  amount_owed: 1435,
  amount_repaid: 0,
  discount_value: 5,
  line_number: 1,
  seq: 1,
  status_code: 200,
  duration_ms: 87,
  size: 48213,
  tree_size: 1042,
  grace_days: 5,
  consecutive_failures: 0,
  advance_seconds: 3600,
  from: 1000,
  to: 1042,
  limit: 20,
  value: 35,
  USD: 5000,
  EUR: 5000,
  GBP: 5000,
  CAD: 5000,
};

// A list page with more behind it shows the cursor to pass on.
const BOOLEANS: Record<string, boolean> = { verified: true, ok: true, has_more: true, sealed: true };

/** Values for the patterns the schemas use (a generator cannot invert an arbitrary regex). */
const BY_PATTERN: Record<string, string> = {
  '^[A-Z]{2}$': 'DE',
  '^[A-Z]{2}[0-9A-Za-z+*.]{2,12}$': 'DE123456789',
  '^[0-9]{4}$': '0204',
  '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$': 'COBADEFFXXX',
  '^VATEX-[A-Z0-9-]{1,24}$': 'VATEX-EU-IC',
  '^[A-Z0-9]{1,3}$': 'HUR',
  '^(due_on_receipt|net_(0|[1-9][0-9]{0,2}))$': 'net_30',
};

const DATES: Record<string, string> = { due_date: '2026-04-01', scheduled_for: '2026-03-31' };
const AT = '2026-03-02T09:30:00.000Z';
const TIMES: Record<string, string> = {
  expires_at: '2026-06-02T09:30:00.000Z',
  updated_at: '2026-03-02T09:41:07.215Z',
  issued_at: '2026-03-02T09:41:07.215Z',
  settled_at: '2026-03-02T09:41:08.003Z',
  previous_secret_valid_until: '2026-03-03T09:30:00.000Z',
  flag_after: '2026-04-07T00:00:00.000Z',
};

interface Walk {
  schemas: Schemas;
  /** The title of the nearest object with one. */
  owner: string | undefined;
  /** The prefix of the enclosing object's own `id`. */
  idPrefix: string | undefined;
  /** Inside the other party's summary: its id is not the caller's organization's. */
  counterparty: boolean;
  /** $refs being expanded, so a recursive schema stops. */
  seen: string[];
}

function fit(s: string, schema: Json): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  let out = s.length > max ? s.slice(0, max) : s;
  while (out.length < min) out += 'x';
  return out;
}

function stringFor(name: string | undefined, schema: Json, w: Walk): string {
  if (schema.format === 'date-time') return (name && TIMES[name]) || AT;
  if (schema.format === 'date') return (name && DATES[name]) || '2026-03-02';
  if (schema.format === 'email') return 'billing@northwind.example';
  const patterned = typeof schema.pattern === 'string' ? BY_PATTERN[schema.pattern] : undefined;
  if (patterned) return patterned;
  if (name === 'id' && w.idPrefix)
    return exampleId(w.idPrefix, w.idPrefix === 'org' && w.counterparty ? 1 : 0);
  const objectName = name === 'object' && w.owner ? OBJECT_BY_TITLE[w.owner] : undefined;
  if (objectName) return objectName;
  const idPrefix = name ? ID_BY_FIELD[name] : undefined;
  if (name && idPrefix) return exampleId(idPrefix, OTHER_PARTY.has(name) ? 1 : 0);
  return fit((name && TEXT[name]) ?? 'example', schema);
}

function numberFor(name: string | undefined, schema: Json, integer: boolean): number {
  let n = name && NUMBERS[name] !== undefined ? NUMBERS[name] : 1;
  if (typeof schema.minimum === 'number' && n < schema.minimum) n = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && n <= schema.exclusiveMinimum)
    n = schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && n > schema.maximum) n = schema.maximum;
  return integer ? Math.round(n) : n;
}

/**
 * Fields an ordinary record has empty: a nullable one of these shows null (an active key was not
 * revoked, a settled payment has no failure reason).
 */
const USUALLY_NULL = new Set([
  'revoked_at',
  'rotated_from_id',
  'rotated_to_id',
  'failure_reason',
  'end_to_end_id',
  'disabled_reason',
  'withdrawn_reason',
  'withdrawn_at',
  'rejected_at',
  'rejected_by',
  'rejected_reason',
  'last_failure_at',
  'previous_secret_valid_until',
  'next_attempt_at',
  'flagged_at',
  'repaid_at',
  'closed_at',
  'error',
  'derived_from',
  'discount_type',
  'discount_value',
  'tax_exemption_reason',
  'tax_exemption_reason_code',
]);

/**
 * The branch of a union to show: the field's usual value when it is one of the choices (EUR for
 * a currency), null for a field usually empty, else the first branch that is not null.
 */
function preferred(branches: unknown[], name: string | undefined): unknown {
  const usual = name ? TEXT[name] : undefined;
  const match = branches.find((b) => isObject(b) && b.const !== undefined && b.const === usual);
  if (match) return match;
  const isNull = (b: unknown) => (isObject(b) && b.type === 'null') || b === 'null';
  if (name && USUALLY_NULL.has(name)) {
    const none = branches.find(isNull);
    if (none !== undefined) return none;
  }
  return branches.find((b) => !isNull(b)) ?? branches[0];
}

function generate(schema: unknown, name: string | undefined, w: Walk): unknown {
  if (!isObject(schema)) return null;
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    const title = ref.replace('#/components/schemas/', '');
    if (w.seen.includes(ref)) return {};
    return generate(w.schemas[title], name, { ...w, seen: [...w.seen, ref] });
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return preferEnum(schema.enum, name);
  if (schema.default !== undefined) return schema.default;
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return generate(preferred(union, name), name, w);
  if (Array.isArray(schema.allOf)) {
    const merged: Json = {};
    for (const part of schema.allOf) Object.assign(merged, generate(part, name, w));
    return withOverride(merged, schema);
  }
  const type = Array.isArray(schema.type) ? preferred(schema.type, name) : schema.type;
  switch (type) {
    case 'string':
      return stringFor(name, schema, w);
    case 'integer':
    case 'number':
      return numberFor(name, schema, type === 'integer');
    case 'boolean':
      return (name && BOOLEANS[name]) ?? false;
    case 'null':
      return null;
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : 1;
      const item = generate(schema.items, singular(name), w);
      return Array.from({ length: Math.min(Math.max(min, 1), max) }, () => item);
    }
    default:
      return objectFor(name, schema, w);
  }
}

/** The field's usual value when listed, else the first that is not null. */
function preferEnum(values: unknown[], name: string | undefined): unknown {
  if (name && values.includes(TEXT[name])) return TEXT[name];
  if (name && USUALLY_NULL.has(name) && values.includes(null)) return null;
  return values.find((v) => v !== null) ?? null;
}

function singular(name: string | undefined): string | undefined {
  if (name === 'line_items') return 'line_item';
  if (name === 'scopes') return 'scope';
  if (name === 'events') return 'event_type';
  if (name === 'allowed_cidrs') return 'cidr';
  return name;
}

/** Free-form maps: a realistic entry where the field is known, else empty. */
const MAPS: Record<string, Json> = {
  external_refs: { issuer_ref: 'PO-2026-0117' },
  data: { object: { id: exampleId('doc'), status: 'sent', previous_status: 'issued' } },
  details: {},
  changes: {},
};

/** The id prefix of an untitled object by the field holding it (a document's counterparty…). */
const ID_BY_CONTAINER: Record<string, string> = {
  counterparty: 'org',
  organization: 'org',
  user: 'usr',
  connection: 'conn',
  payment: 'pay',
  agreement: 'doc',
  disbursement: 'doc',
  repayment: 'doc',
  invoice: 'doc',
  document: 'doc',
  previous: 'key',
  confirmed_by: 'usr',
  rejected_by: 'usr',
  corrected_by: 'usr',
};

/** The `object` field's value by the object's title. */
const OBJECT_BY_TITLE: Record<string, string> = {
  ApiKey: 'api_key',
  RotatedApiKey: 'api_key',
  WebhookEndpoint: 'webhook_endpoint',
  DeletedWebhookEndpoint: 'webhook_endpoint',
  WebhookDelivery: 'webhook_delivery',
};

function objectFor(name: string | undefined, schema: Json, w: Walk): unknown {
  const title = typeof schema.title === 'string' ? schema.title : undefined;
  const idPrefix = (title && ID_BY_TITLE[title]) || (name && ID_BY_CONTAINER[name]) || w.idPrefix;
  const inner: Walk = {
    ...w,
    owner: title ?? w.owner,
    idPrefix,
    counterparty: w.counterparty || name === 'counterparty',
  };
  const out: Json = {};
  const props = isObject(schema.properties) ? schema.properties : {};
  for (const [key, sub] of Object.entries(props)) out[key] = generate(sub, key, inner);
  if (Object.keys(props).length === 0 && name && MAPS[name]) return MAPS[name];
  return withOverride(out, schema);
}

/**
 * Hand-written values for the central objects, merged over the generated ones (only fields the
 * schema has): amounts that add up, a realistic status, lines that read like an invoice.
 */
const LINE_1 = {
  line_number: 1,
  description: 'Consulting, March 2026',
  quantity: 10,
  unit_price: 125,
  tax_rate: 0.19,
  sku: 'CONS-HR',
  discount_type: null,
  discount_value: null,
  net_amount: 1250,
  tax_amount: 237.5,
  tax_category: 'S',
  tax_exemption_reason: null,
  tax_exemption_reason_code: null,
  unit_code: 'HUR',
};
const LINE_2 = {
  ...LINE_1,
  line_number: 2,
  description: 'Travel expenses (flat)',
  quantity: 1,
  unit_price: 180,
  sku: null,
  net_amount: 180,
  tax_amount: 34.2,
  unit_code: 'C62',
};

const OVERRIDES: Record<string, Json> = {
  LineItem: LINE_1,
  // CONTRACT 11.5: what a received e-invoice states beyond docex's own fields
  LineAllowanceCharge: {
    kind: 'charge',
    amount: 12.5,
    base_amount: null,
    percent: null,
    reason: 'Packing',
    reason_code: 'ABL',
  },
  DocumentAllowanceCharge: {
    kind: 'allowance',
    amount: 71.5,
    base_amount: 1430,
    percent: 5,
    reason: 'Loyalty discount',
    reason_code: '95',
    tax_category: 'S',
    tax_rate: 0.19,
  },
  Document: {
    document_type: 'invoice',
    number: 'INV-000042',
    direction: 'sent',
    label: 'Invoice',
    // an issued invoice: issuing moves a draft to submitted (the state machines)
    status: 'submitted',
    counterparty: { id: exampleId('org', 1), name: 'Kaufhaus Nord AG' },
    document_date: '2026-03-02',
    due_date: '2026-04-01',
    payment_terms: 'net_30',
    currency: 'EUR',
    line_items: [LINE_1, LINE_2],
    allowances_charges: [],
    subtotal: 1430,
    tax: 271.7,
    total: 1701.7,
    balance_due: 1701.7,
    external_refs: { issuer_ref: 'PO-2026-0117' },
    derived_from: null,
    sandbox: false,
    payment: null,
  },
  Payment: {
    amount: 1701.7,
    currency: 'EUR',
    status: 'settled',
    failure_reason: null,
    scheduled_for: null,
  },
  Event: {
    type: 'document.status_changed',
    data: { object: { id: exampleId('doc'), number: 'INV-000042', status: 'paid', previous_status: 'sent' } },
    // present (true) only for sandbox organizations
    sandbox: undefined,
  },

  Connection: {
    status: 'active',
    // an organization: the external party's own fields (CONTRACT 11.1) are left out here
    counterparty: {
      id: exampleId('org', 1),
      name: 'Kaufhaus Nord AG',
      external: undefined,
      email: undefined,
      legal_profile: undefined,
      notify_status: undefined,
    },
    accepted_at: '2026-03-02T09:41:07.215Z',
  },
  DirectoryEntry: { organization_id: exampleId('org', 1), name: 'Kaufhaus Nord AG', country_code: 'DE' },
  Enablement: { environment: 'production', families: Object.fromEntries(FAMILIES.map((f) => [f, true])) },
  TreasuryAccount: { name: 'Operating account' },
  WebhookDelivery: { status: 'succeeded' },
  // a signing key's id is its 4-byte signed-note key hash, hex
  ProvenanceKey: { key_id: '5f1c2a9b', origin: 'docex.example/log' },
  LogCheckpoint: { origin: 'docex.example/log' },
  FinanceAgreement: { balance_due: 1435 },
  FinanceOffer: { agreement_id: null },
  FinanceSetup: {
    standing_authorization: {
      text: 'Northwind Trading GmbH authorizes docex to debit its settlement account for the repayments of invoices it finances.',
    },
  },
  ApiKey: { name: 'ERP integration', scopes: ['documents:read', 'documents:write'], status: 'active' },
  WebhookEndpoint: { object: 'webhook_endpoint', status: 'ACTIVE', disabled_reason: null },
};

function merge(base: unknown, over: unknown): unknown {
  if (Array.isArray(over)) {
    const first = Array.isArray(base) ? base[0] : undefined;
    return over.map((o) => merge(first, o));
  }
  if (!isObject(over) || !isObject(base)) return over;
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete out[k];
    else if (k in base) out[k] = merge(base[k], v);
  }
  return out;
}

function withOverride(generated: Json, schema: Json): Json {
  const over = typeof schema.title === 'string' ? OVERRIDES[schema.title] : undefined;
  return over ? (merge(generated, over) as Json) : generated;
}

/** An example of `schema`, resolving `#/components/schemas/…` references in `schemas`. */
export function exampleFor(schema: unknown, schemas: Schemas): unknown {
  return generate(schema, undefined, {
    schemas,
    owner: undefined,
    idPrefix: undefined,
    counterparty: false,
    seen: [],
  });
}

/** Request bodies whose generated example (every optional field at once) would mislead a reader. */
export const REQUEST_EXAMPLES: Record<string, Json> = {
  // a person corrects the invoice number the scan misread, and confirms (CONTRACT 13)
  confirmCapture: { fields: { number: 'INV-2026-0042' } },
  // the external party the response example shows (CONTRACT 11.1); the body's schema lists the
  // other ways (an organization id, a VAT id or an identifier) among its examples
  createConnection: {
    external_party: {
      name: 'Acheteur SARL',
      email: 'compta@acheteur.example',
      legal_profile: {
        legal_name: 'Acheteur SARL',
        address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
        vat_id: 'FR40303265045',
      },
      notify_status: true,
    },
  },
  createSession: { email: 'billing@northwind.example', password: 'correct horse battery staple' },
  createKey: {
    name: 'ERP integration',
    scopes: ['documents:read', 'documents:write', 'payments:write'],
    expires_at: '2027-03-02T00:00:00.000Z',
    allowed_cidrs: ['203.0.113.0/24'],
    payment_limits: { max_per_payment: { EUR: 5000 }, daily_volume: { EUR: 20000 } },
  },
  createDocument: {
    connection_id: exampleId('conn'),
    document_type: 'invoice',
    currency: 'EUR',
    document_date: '2026-03-02',
    payment_terms: 'net_30',
    line_items: [
      {
        description: 'Consulting, March 2026',
        quantity: 10,
        unit_price: 125,
        tax_rate: 0.19,
        unit_code: 'HUR',
      },
      { description: 'Travel expenses (flat)', quantity: 1, unit_price: 180, tax_rate: 0.19 },
    ],
    notes: 'Payable by bank transfer. Thank you for your business.',
    external_refs: { issuer_ref: 'PO-2026-0117' },
  },
  updateDocument: {
    line_items: [
      {
        description: 'Consulting, March 2026',
        quantity: 12,
        unit_price: 125,
        tax_rate: 0.19,
        unit_code: 'HUR',
      },
    ],
    due_date: '2026-04-15',
  },
  // the buyer approves the bill it received (the answer below is its Bill)
  transitionDocument: { to: 'approved' },
  payDocument: { source_account_id: exampleId('acct') },
  createSandboxBill: { total: 1701.7, currency: 'EUR' },
  createWebhookEndpoint: {
    url: 'https://erp.northwind.example/hooks/docex',
    events: ['document.created', 'document.status_changed', 'payment.settled'],
  },
  updateWebhookEndpoint: { events: ['document.status_changed', 'payment.settled', 'payment.failed'] },
  operatorFundOrganization: { currency: 'EUR', amount: 25000 },
  createFinanceListing: {
    invoice_id: exampleId('doc'),
    ask: { principal: 1400, fee: { type: 'flat', value: 35 }, grace_days: 5 },
  },
  createFinanceOffer: {},
  repayFinanceAgreement: { source_account_id: exampleId('acct') },
  // the recipient of an emailed invoice disputes it through its link
  transitionRecipientDocument: { to: 'disputed', reason: 'The travel expenses were not agreed.' },
  confirmRecipientClaim: { code: '48120593' },
};

/**
 * A success answer's fields that differ for this operation from the object's usual example,
 * so every example is true to its operation: what a create answers is a draft, what the buyer's
 * approval answers is its Bill, approved. Merged over the generated example.
 */
const DRAFT: Json = { status: 'draft', issued_at: null, updated_at: AT };
const BILL: Json = { direction: 'received', label: 'Bill', number: 'BILL-000017' };
const EXTERNAL_CONNECTION: Json = {
  status: 'active',
  counterparty: {
    id: exampleId('xp'),
    name: 'Acheteur SARL',
    external: true,
    email: 'compta@acheteur.example',
    legal_profile: {
      legal_name: 'Acheteur SARL',
      address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
      vat_id: 'FR40303265045',
    },
    notify_status: true,
  },
  invited: false,
  accepted_at: AT,
};
/** What a recipient link adds to the Bill it shows (CONTRACT 11.3). */
const THROUGH_LINK: Json = {
  ...BILL,
  issuer_number: 'INV-000042',
  issuer: {
    id: exampleId('org'),
    name: 'Northwind Trading',
    legal_name: 'Northwind Trading GmbH',
    address: {
      line1: 'Hauptstraße 1',
      line2: null,
      city: 'Berlin',
      postal_code: '10115',
      country_code: 'DE',
    },
    vat_id: 'DE123456789',
    contact_email: 'billing@northwind.example',
    payment_account: {
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      account_name: 'Northwind Trading GmbH',
    },
  },
  recipient: { id: exampleId('xp'), name: 'Contoso Ltd', email: 'ap@contoso.example' },
};
/** A captured PDF confirmed with one correction (CONTRACT 13). */
const read = (value: unknown, text: string, y: number) => ({
  value,
  confidence: 'high',
  page: 1,
  bbox: [380, y, 540, y + 12],
  text,
});
const CONFIRMED_CAPTURE: Json = {
  id: exampleId('cap'),
  inbound_message_id: exampleId('inm'),
  file: {
    filename: 'invoice-0042.pdf',
    content_type: 'application/pdf',
    sha256: createHash('sha256').update('docex-example:capture').digest('hex'),
    pages: 1,
  },
  method: 'text',
  status: 'confirmed',
  fields: {
    // every field is present: null when the file does not show it
    ...Object.fromEntries(FIELD_NAMES.map((f) => [f, null])),
    number: { ...read('INV-2026-0042', 'INV-2026-0042', 120), confidence: 'low' },
    issue_date: read('2026-11-02', '02.11.2026', 136),
    currency: read('EUR', 'EUR', 640),
    total: read('119.00', '119,00 €', 640),
    seller_name: read('Northwind Trading GmbH', 'Northwind Trading GmbH', 40),
    seller_vat_id: read('DE123456789', 'DE 123 456 789', 56),
  },
  lines: [],
  document_id: exampleId('doc'),
  duplicate_of: null,
  created_at: '2026-11-02T09:14:03.120Z',
  confirmed_at: '2026-11-02T09:20:41.008Z',
  confirmed_by: { kind: 'user', id: exampleId('usr') },
  corrections: [
    {
      field: 'number',
      value: 'INV-2026-0042',
      replaced: 'lNV-2026-0042',
      corrected_by: { kind: 'user', id: exampleId('usr') },
      corrected_at: '2026-11-02T09:20:41.008Z',
    },
  ],
  rejected_at: null,
  rejected_by: null,
  rejected_reason: null,
  notes: [],
};

export const RESPONSE_EXAMPLES: Record<string, Json> = {
  createConnection: EXTERNAL_CONNECTION,
  // the answer to the request example of UpdateConnectionBody
  updateConnection: {
    ...EXTERNAL_CONNECTION,
    counterparty: {
      ...(EXTERNAL_CONNECTION.counterparty as Json),
      email: 'ap@customer.example',
      notify_status: false,
    },
  },
  createDocument: DRAFT,
  updateDocument: DRAFT,
  importEInvoice: DRAFT,
  // a supplier's e-invoice uploaded: the receiver's Bill, submitted, as it came in
  uploadReceivedDocument: {
    ...BILL,
    status: 'submitted',
    origin: 'upload',
    received: {
      channel: 'upload',
      from: null,
      message_id: null,
      sender_verified: false,
      sha256: createHash('sha256').update('docex-example:upload').digest('hex'),
      inbound_message_id: exampleId('inm'),
      payment_account: { iban: 'DE89370400440532013000', account_name: 'Northwind Trading GmbH', bic: null },
    },
    inbound_message_id: exampleId('inm'),
    duplicate_of: null,
  },
  releasePaymentHold: { ...BILL, status: 'approved', payment_hold: null },
  confirmCapture: CONFIRMED_CAPTURE,
  getCapture: CONFIRMED_CAPTURE,
  issueDocument: { status: 'submitted' },
  transitionDocument: { ...BILL, status: 'approved' },
  createSandboxBill: {
    ...BILL,
    number: 'BILL-000001',
    status: 'approved',
    sandbox: true,
    counterparty: { id: exampleId('org', 1), name: 'Demo Counterparty' },
  },
  getRecipientDocument: {
    ...THROUGH_LINK,
    status: 'submitted',
    allowed: ['acknowledged', 'approved', 'disputed'],
  },
  transitionRecipientDocument: { ...THROUGH_LINK, status: 'disputed', allowed: ['acknowledged', 'approved'] },
  startRecipientClaim: {
    external_party_id: exampleId('xp'),
    email: 'ap@contoso.example',
    delivery_id: exampleId('dlv'),
  },
  confirmRecipientClaim: {
    external_party_id: exampleId('xp'),
    organization_id: exampleId('org', 1),
    connection_id: exampleId('conn'),
  },
};

/** A message and details for each error code, as the service writes them. */
const ERROR_EXAMPLES: Record<ErrorCode, { message: string; details?: Json }> = {
  invalid_request: {
    message: 'Quantity must be at least 0 (and 1 more problem).',
    details: {
      errors: [
        { path: 'line_items[0].quantity', message: 'Quantity must be at least 0' },
        { path: 'line_items[1].tax_rate', message: 'Tax rate is required' },
      ],
    },
  },
  unauthorized: { message: 'The credential is missing, unknown, revoked or expired.' },
  forbidden: { message: "The caller's address 198.51.100.7 is outside the key's allowed_cidrs." },
  insufficient_scope: {
    message: 'This operation needs the documents:write scope.',
    details: { required: 'documents:write' },
  },
  capability_unavailable: { message: 'Treasury needs a verified organization.' },
  not_enabled: { message: 'The finance family is not enabled in this deployment.' },
  sandbox_isolation: { message: 'A sandbox organization cannot connect to a live one.' },
  not_found: { message: 'No such document.' },
  conflict: {
    message: 'A paid invoice cannot move to draft.',
    details: { allowed: ['void'] },
  },
  idempotency_conflict: {
    message: 'This Idempotency-Key was used with a different request.',
  },
  payload_too_large: { message: 'The body is over 1 MiB.' },
  unsupported_media_type: { message: 'The body must be application/json.' },
  payment_limit_exceeded: {
    message: "The payment exceeds the key's max_per_payment for EUR.",
    details: { limit: 'max_per_payment', currency: 'EUR', limit_value: 5000, attempted: 6200 },
  },
  einvoice_incomplete: {
    message:
      "The e-invoice needs the seller's VAT identifier. Each party fills these in its own legal profile; the document keeps the profiles it was issued with, except a party that had none then.",
    details: { missing: [{ bt: 'BT-31', party: 'issuer', field: 'vat_id', label: 'VAT identifier' }] },
  },
  einvoice_mismatch: {
    message: "The file's stated total differs from what its lines give.",
    details: { bt: 'BT-112', file: 1701.7, derived: 1700 },
  },
  insufficient_funds: { message: 'The source account balance is short for the transfer.' },
  rate_limited: { message: 'Too many requests for this key; retry after 12 seconds.' },
  sandbox_quota: { message: 'The sandbox organization created 1,000 documents in the last 24 hours.' },
  internal_error: {
    message: `Something failed on our side (request ${exampleId('req')}).`,
  },
  unavailable: { message: 'The database is unreachable for a moment; retry after 2 seconds.' },
};

/** components.examples: one error envelope per code, `error_<code>`. */
export function errorExampleComponents(baseUrl: string): Record<string, Json> {
  return Object.fromEntries(
    (Object.keys(ERROR_EXAMPLES) as ErrorCode[]).map((code) => {
      const { message, details } = ERROR_EXAMPLES[code];
      const error: Json = { code, message, docs_url: `${baseUrl}/v1/docs#errors-${code}` };
      if (details) error.details = details;
      return [`error_${code}`, { summary: code, description: ERROR_DESCRIPTIONS[code], value: { error } }];
    }),
  );
}

/** The `examples` of an error response: a reference to each code's envelope its status stands for. */
export function errorExamples(codes: ErrorCode[]): Record<string, Json> {
  return Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/error_${code}` }]));
}

/** Examples for success answers that are not JSON, by content type. */
export const TEXT_EXAMPLES: Record<string, string> = {
  'text/html': '<!doctype html>\n<html lang="en">…</html>',
  'application/xml':
    '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">…</Invoice>',
  'text/javascript': '// docex provenance verifier\nexport async function verify(bundle) { … }',
  'application/octet-stream': '%PDF-1.7 …',
};
