// Request and response schemas of the documents family. Bodies are strict
// (additionalProperties: false): the server-owned fields (tax, total, number, status, ...) are
// refused with a teaching message by src/http/validation.ts because they are absent here.
import { type Static, Type } from '@sinclair/typebox';
import { DateOnly, ListOf, ListQuery, Nullable, Timestamp } from '../../http/schemas.ts';
import { CURRENCIES } from '../../lib/currencies.ts';
import { TAX_CATEGORIES } from '../../lib/tax-categories.ts';
import { Payment } from './payment-schema.ts';
import {
  API_DOCUMENT_TYPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPE_NAMES,
  PHASES,
  type Phase,
} from './state-machines.ts';

/**
 * A nullable string or number as ONE JSON Schema type (`type: [t, "null"]`) rather than an anyOf:
 * a bad value then yields one problem ("must match pattern …"), not one per branch.
 */
function orNull<T>(type: 'string' | 'number', options: Record<string, unknown> = {}) {
  return Type.Unsafe<T | null>({ type: [type, 'null'], ...options });
}

const literals = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );

/** Limits beyond spec 8 that keep a record bounded; documented in docs/documents.md. */
export const LIMITS = {
  lineItems: 200,
  description: 1000,
  sku: 200,
  notes: 10_000,
  externalRefs: 50,
  externalRefKey: 100,
  externalRefValue: 500,
  exemptionReason: 500,
  /** quantity and unit_price: 4 decimals, at most this much */
  quantityMax: 1_000_000_000,
  unitPriceMax: 1_000_000_000,
  /** total stays exact as a JSON number (15 significant digits) and inside numeric(20,2) */
  totalMax: '999999999999.99',
} as const;

export const PAYMENT_TERMS_PATTERN = '^(due_on_receipt|net_(0|[1-9][0-9]{0,2}))$';

const Currency = literals(CURRENCIES, { description: 'ISO 4217 code. Default USD.' });

const ExternalRefs = Type.Object(
  {},
  {
    additionalProperties: Type.String({ maxLength: LIMITS.externalRefValue }),
    maxProperties: LIMITS.externalRefs,
    propertyNames: { minLength: 1, maxLength: LIMITS.externalRefKey },
    description:
      'Your own references, string values, at most 50 keys. external_refs.issuer_ref is your system number for the document: the issuer_ref filter and q search read it.',
  },
);

export const LineItemInput = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: LIMITS.description }),
    quantity: Type.Number({
      minimum: 0,
      maximum: LIMITS.quantityMax,
      description: '>= 0, at most 4 decimals.',
    }),
    unit_price: Type.Number({
      minimum: 0,
      maximum: LIMITS.unitPriceMax,
      description: ">= 0, at most 4 decimals, in the document's currency.",
    }),
    tax_rate: Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'Decimal per line: 0.08 means 8%; 0 for untaxed lines.',
    }),
    sku: Type.Optional(
      orNull<string>('string', { maxLength: LIMITS.sku, description: 'Your catalog reference.' }),
    ),
    discount_type: Type.Optional(
      orNull<'percent' | 'fixed'>('string', {
        enum: ['percent', 'fixed', null],
        description: 'How discount_value applies, before tax.',
      }),
    ),
    discount_value: Type.Optional(
      orNull<number>('number', {
        minimum: 0,
        description: 'percent: 0 to 100 of quantity × unit_price; fixed: an amount up to it.',
      }),
    ),
    tax_category: Type.Optional(
      literals(TAX_CATEGORIES, {
        description:
          'UNCL 5305 VAT category (EN 16931 BT-151): S standard, Z zero rated, E exempt, AE reverse charge, K intra-community, G export, O outside the scope, L Canary Islands, M Ceuta and Melilla. Default S when tax_rate > 0, Z when 0. S needs tax_rate > 0; Z, E, AE, K, G and O need 0.',
      }),
    ),
    tax_exemption_reason: Type.Optional(
      orNull<string>('string', {
        minLength: 1,
        maxLength: LIMITS.exemptionReason,
        description: 'Why the line is exempt, in words (BT-120). E, AE, K, G and O need this or the code.',
      }),
    ),
    tax_exemption_reason_code: Type.Optional(
      orNull<string>('string', {
        pattern: '^VATEX-[A-Z0-9-]{1,24}$',
        maxLength: 30,
        description: 'The VATEX code of the exemption (BT-121), e.g. VATEX-EU-AE for a reverse charge.',
      }),
    ),
    unit_code: Type.Optional(
      Type.String({
        pattern: '^[A-Z0-9]{1,3}$',
        maxLength: 3,
        description:
          'UN/ECE Recommendation 20/21 unit of the quantity (BT-130): C62 one (default), HUR hour, DAY, KGM kilogram…',
      }),
    ),
  },
  { additionalProperties: false },
);
export type LineItemInputT = Static<typeof LineItemInput>;

const LineItems = Type.Array(LineItemInput, {
  minItems: 1,
  maxItems: LIMITS.lineItems,
  description: '1 to 200 lines. On edit they replace the lines as a whole.',
});

const editable = {
  line_items: LineItems,
  currency: Currency,
  payment_terms: orNull<string>('string', {
    pattern: PAYMENT_TERMS_PATTERN,
    maxLength: 16,
    description:
      'due_on_receipt or net_N (N 0 to 365). Give payment_terms or due_date and the other is derived; both must agree.',
  }),
  due_date: orNull<string>('string', { format: 'date', description: 'YYYY-MM-DD.' }),
  document_date: Type.String({ format: 'date', description: 'YYYY-MM-DD. Default: today (UTC).' }),
  notes: orNull<string>('string', { maxLength: LIMITS.notes, description: 'Free text.' }),
  external_refs: ExternalRefs,
  derived_from: orNull<string>('string', {
    minLength: 1,
    maxLength: 64,
    description: 'An earlier document on the same connection that this one derives from (lineage).',
  }),
};

export const CreateDocumentBody = Type.Object(
  {
    connection_id: Type.String({ minLength: 1, maxLength: 64 }),
    document_type: Type.String({
      enum: [...DOCUMENT_TYPE_NAMES],
      description: `${API_DOCUMENT_TYPES.join(', ')}. agreement, disbursement and repayment are created by the finance family only.`,
    }),
    line_items: editable.line_items,
    currency: Type.Optional(editable.currency),
    payment_terms: Type.Optional(editable.payment_terms),
    due_date: Type.Optional(editable.due_date),
    document_date: Type.Optional(editable.document_date),
    notes: Type.Optional(editable.notes),
    external_refs: Type.Optional(editable.external_refs),
    derived_from: Type.Optional(editable.derived_from),
  },
  { additionalProperties: false },
);
export type CreateDocumentBodyT = Static<typeof CreateDocumentBody>;

export const UpdateDocumentBody = Type.Object(
  {
    line_items: Type.Optional(editable.line_items),
    currency: Type.Optional(editable.currency),
    payment_terms: Type.Optional(editable.payment_terms),
    due_date: Type.Optional(editable.due_date),
    document_date: Type.Optional(editable.document_date),
    notes: Type.Optional(editable.notes),
    external_refs: Type.Optional(editable.external_refs),
    derived_from: Type.Optional(editable.derived_from),
    // Accepted only to say why they cannot change (a clearer answer than "unknown field").
    connection_id: Type.Optional(
      Type.String({ maxLength: 64, description: 'Cannot change after creation.' }),
    ),
    document_type: Type.Optional(
      Type.String({ maxLength: 64, description: 'Cannot change after creation.' }),
    ),
  },
  { additionalProperties: false },
);
export type UpdateDocumentBodyT = Static<typeof UpdateDocumentBody>;

export const TransitionBody = Type.Object(
  {
    to: Type.String({ enum: [...DOCUMENT_STATUSES], description: 'The target state.' }),
    payment_method: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    source_account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    scheduled_for: Type.Optional(DateOnly),
  },
  { additionalProperties: false },
);
export type TransitionBodyT = Static<typeof TransitionBody>;

const Money = Type.Number({ description: 'Decimal amount, at most 2 decimals.' });

/** An allowance or charge of a received e-invoice (CONTRACT 11.5): as its file states it. */
const allowanceChargeFields = {
  kind: literals(['allowance', 'charge'] as const),
  amount: Type.Number({ description: 'BT-92/99 (document), BT-136/141 (line): what it takes off or adds.' }),
  base_amount: Nullable(
    Type.Number({ description: 'BT-93/100, BT-137/142: the amount the percentage applies to.' }),
  ),
  percent: Nullable(Type.Number({ description: 'BT-94/101, BT-138/143, in percent (5 is 5 %).' })),
  reason: Nullable(Type.String({ description: 'BT-97/104, BT-139/144' })),
  reason_code: Nullable(
    Type.String({ description: 'BT-98/105, BT-140/145: UNTDID 5189 (allowances) or 7161 (charges).' }),
  ),
};
export const LineAllowanceCharge = Type.Object(allowanceChargeFields, { title: 'LineAllowanceCharge' });
export const DocumentAllowanceCharge = Type.Object(
  {
    ...allowanceChargeFields,
    tax_category: literals(TAX_CATEGORIES, { description: 'BT-95/102: the VAT category it falls in.' }),
    tax_rate: Nullable(
      Type.Number({ description: "BT-96/103 as a fraction (0.19), like a line's tax_rate." }),
    ),
  },
  { title: 'DocumentAllowanceCharge' },
);

export const LineItem = Type.Object(
  {
    line_number: Type.Integer({ minimum: 1 }),
    description: Type.String(),
    quantity: Type.Number(),
    unit_price: Type.Number(),
    tax_rate: Type.Number(),
    sku: Nullable(Type.String()),
    discount_type: Nullable(literals(['percent', 'fixed'] as const)),
    discount_value: Nullable(Type.Number()),
    net_amount: Money,
    tax_amount: Money,
    tax_category: literals(TAX_CATEGORIES),
    tax_exemption_reason: Nullable(Type.String()),
    tax_exemption_reason_code: Nullable(Type.String()),
    unit_code: Type.String(),
    // A received e-invoice's own line figures (CONTRACT 11.5), present only when its file states them.
    allowances_charges: Type.Optional(
      Type.Array(LineAllowanceCharge, {
        description:
          'Received e-invoices only: the line allowances and charges (BG-27/28) as the file states them; net_amount already includes them.',
      }),
    ),
    base_quantity: Type.Optional(
      Nullable(
        Type.Number({
          description:
            'Received e-invoices only: BT-149, the quantity unit_price is the price of (12 for a price per dozen).',
        }),
      ),
    ),
    base_quantity_unit_code: Type.Optional(Nullable(Type.String({ description: 'BT-150' }))),
    gross_price: Type.Optional(
      Nullable(
        Type.Number({
          description: 'Received e-invoices only: BT-148, the price before the price discount.',
        }),
      ),
    ),
    price_discount: Type.Optional(
      Nullable(Type.Number({ description: 'Received e-invoices only: BT-147, gross_price − unit_price.' })),
    ),
  },
  { title: 'LineItem' },
);

export const Document = Type.Object(
  {
    id: Type.String(),
    connection_id: Type.String(),
    document_type: Type.String({ enum: [...DOCUMENT_TYPE_NAMES] }),
    number: Type.String({
      description: 'Per viewer: INV-000042 for the issuer, BILL-000007 for the counterparty.',
    }),
    direction: literals(['sent', 'received'] as const),
    label: Type.String({ description: 'Per viewer: Invoice for the issuer, Bill for the counterparty.' }),
    status: Type.String(),
    issuer_organization_id: Type.String(),
    counterparty: Type.Object(
      { id: Type.String(), name: Type.String() },
      { description: 'The other party, seen from the caller.' },
    ),
    document_date: DateOnly,
    due_date: Nullable(DateOnly),
    payment_terms: Nullable(Type.String()),
    currency: Type.String(),
    line_items: Type.Array(LineItem),
    allowances_charges: Type.Array(DocumentAllowanceCharge, {
      description:
        "Document-level allowances and charges (BG-20/21). Only a received e-invoice has them (CONTRACT 11.5: the supplier's document as its file states it); subtotal already includes them. Empty otherwise.",
    }),
    subtotal: Money,
    tax: Money,
    total: Money,
    balance_due: Money,
    payment_reference: Nullable(
      Type.String({
        description:
          "The invoice's ISO 11649 RF creditor reference, given at issue when the issuer has an active bank account (CONTRACT 12): quote it in the transfer, and the issuer's bank statement matches the payment to the invoice. Null otherwise.",
        examples: ['RF29INV000042'],
      }),
    ),
    notes: Nullable(Type.String()),
    external_refs: Type.Object({}, { additionalProperties: Type.String() }),
    derived_from: Nullable(Type.String()),
    origin: Type.String({
      description:
        'How the document was made: `api` (created in docex), `email` or `upload` (received, CONTRACT 11.5), or a finance origin.',
    }),
    received: Type.Union(
      [
        Type.Object(
          {
            channel: Type.Union([Type.Literal('email'), Type.Literal('upload')]),
            from: Nullable(
              Type.String({ description: 'The sender address of the mail; null for an upload.' }),
            ),
            message_id: Nullable(Type.String()),
            sender_verified: Type.Boolean({
              description:
                'Whether the sender was authenticated (DKIM/SPF/DMARC). Always false until sender authentication exists.',
            }),
            sha256: Type.String({ description: 'SHA-256 of the e-invoice file as received, hex.' }),
            inbound_message_id: Type.String({
              description: 'The inbound message (GET /v1/inbound/messages/{id}).',
            }),
            payment_account: Type.Union(
              [
                Type.Object(
                  {
                    iban: Type.String({
                      description:
                        'BT-84: the account the e-invoice asks to be paid to, as the file gives it (spaces removed).',
                    }),
                    account_name: Nullable(Type.String({ description: 'BT-85.' })),
                    bic: Nullable(Type.String({ description: 'BT-86.' })),
                  },
                  { additionalProperties: false },
                ),
                Type.Null(),
              ],
              {
                description:
                  "The e-invoice's payment account (BG-17), kept so the bill can be paid by bank transfer (CONTRACT 12); null when the file gives none.",
              },
            ),
            capture_id: Type.Optional(
              Type.String({
                description:
                  'The capture (GET /v1/captures/{id}) the bill was confirmed from, for a PDF or scan read by docex (CONTRACT 13); absent for an e-invoice.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      {
        description:
          'For a document received by email or upload (CONTRACT 11.5): how it came in. Null otherwise.',
        examples: [null],
      },
    ),
    payment_hold: Type.Union(
      [
        Type.Object(
          {
            reason: Type.Union(
              [
                Type.Literal('payment_account_new'),
                Type.Literal('payment_account_changed'),
                Type.Literal('sender_unverified'),
                Type.Literal('capture_unconfirmed'),
              ],
              {
                description:
                  "payment_account_new: the e-invoice asks to be paid to an account (BT-84) nobody has confirmed for this party yet (its first; confirmed by typing it into the party's legal profile, or by releasing a hold on it once); payment_account_changed: to another account than the ones confirmed for this party; sender_unverified: the mail is not sender_verified, though this party's mail was verified before; capture_unconfirmed: a bill made from a captured PDF or scan (CONTRACT 13) whose total was not read with certainty (a person typed or corrected it, or it was read low) and that no admin has confirmed yet. A bill held for its account and as capture_unconfirmed shows the account's hold first, then this one once that is released.",
              },
            ),
            previous: Type.Optional(Type.String({ description: 'The account the party used before.' })),
            new: Type.Optional(Type.String({ description: 'The account this document asks to be paid to.' })),
            since: Timestamp,
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      {
        description:
          'Against invoice fraud (CONTRACT 11.5), on a received document, shown to the receiving organization: while set, paying it (pay, or a move to payment_scheduled or paid) answers 409 conflict naming the hold, until an admin session confirms it with POST /v1/documents/{id}/release_hold. Null otherwise.',
        examples: [null],
      },
    ),
    sandbox: Type.Boolean(),
    payment: Type.Union([Payment, Type.Null()], {
      description: 'The latest payment against the document, or null.',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
    issued_at: Nullable(Timestamp),
  },
  { title: 'Document' },
);
export type DocumentView = Static<typeof Document>;
export type LineAllowanceChargeView = Static<typeof LineAllowanceCharge>;

export const DocumentList = ListOf(Document, 'Document');

// One pattern rather than anyOf(date, date-time), so a bad value is one problem; the value is
// checked to be a real date or instant when the filters are read.
export const DATE_OR_TIMESTAMP =
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$';
const DateOrTimestamp = (description: string) =>
  Type.String({
    pattern: DATE_OR_TIMESTAMP,
    maxLength: 40,
    description: `${description} YYYY-MM-DD or an ISO 8601 timestamp.`,
  });

export const ListDocumentsQuery = Type.Object(
  {
    type: Type.Optional(Type.String({ enum: [...DOCUMENT_TYPE_NAMES] })),
    connection: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    status: Type.Optional(Type.String({ enum: [...DOCUMENT_STATUSES] })),
    since: Type.Optional(
      DateOrTimestamp('Document date on or after (inclusive); a timestamp counts by its UTC date.'),
    ),
    until: Type.Optional(
      DateOrTimestamp('Document date on or before (inclusive); a timestamp counts by its UTC date.'),
    ),
    updated_since: Type.Optional(
      DateOrTimestamp('Changed at or after this instant (a date means its start, UTC).'),
    ),
    phase: Type.Optional(
      Type.String({
        enum: Object.keys(PHASES) as Phase[],
        description:
          'draft; open (submitted, sent, acknowledged, approved); disputed; payment (payment_scheduled); closed (paid, void).',
      }),
    ),
    issuer_ref: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.externalRefValue })),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          "Case-insensitive search in either party's number, issuer_ref and the counterparty's name.",
      }),
    ),
    ...ListQuery,
  },
  { additionalProperties: false },
);
export type ListDocumentsQueryT = Static<typeof ListDocumentsQuery>;

const HistoryActor = Type.Object({
  kind: literals(['api_key', 'session', 'system', 'recipient_link'] as const),
  organization_id: Nullable(Type.String()),
  key_id: Nullable(Type.String()),
  key_prefix: Nullable(Type.String()),
  external_party_id: Type.Optional(
    Type.String({
      description:
        'recipient_link only: the external party (xp_…) that acted through its recipient link; organization_id is then null.',
    }),
  ),
});

export const HistoryEntry = Type.Object(
  {
    seq: Type.Integer(),
    at: Timestamp,
    action: Type.String(),
    actor: HistoryActor,
    changes: Type.Unknown(),
    prev_hash: Type.String(),
    hash: Type.String(),
  },
  { title: 'HistoryEntry' },
);

export const DocumentHistory = Type.Object(
  {
    document_id: Type.String(),
    entries: Type.Array(HistoryEntry, {
      description: 'This page of the entries the caller may see, oldest first.',
    }),
    verified: Type.Boolean({
      description:
        'The chain holds from the first visible entry through the last entry of this page: this page was recomputed on this read and links to where the previous page (named by the cursor) ended. The last page also checks the head the document recorded.',
    }),
    head_hash: Type.String({ description: 'Hash of the newest entry shown.' }),
    details: Nullable(
      Type.Object(
        { broken_at: Type.Integer(), reason: Type.String() },
        {
          description:
            'Set when verified is false: the seq of the first entry that fails, and why (kept on the later pages of the walk).',
        },
      ),
    ),
    has_more: Type.Boolean({ description: 'More entries follow: pass next_cursor as cursor.' }),
    next_cursor: Nullable(Type.String()),
  },
  { title: 'DocumentHistory' },
);
export type DocumentHistoryView = Static<typeof DocumentHistory>;

export const HistoryQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        default: 1000,
        description:
          'Entries per page, 1 to 1,000 (a maximum only: a page also ends after 64 MiB of entries). The default holds every document within the caps in one page.',
      }),
    ),
    cursor: ListQuery.cursor,
  },
  { additionalProperties: false },
);

export const SandboxBillBody = Type.Object(
  {
    total: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 1_000_000_000,
        description: 'The bill total, at most 2 decimals. Default 100.',
      }),
    ),
    currency: Type.Optional(Currency),
  },
  { additionalProperties: false },
);
