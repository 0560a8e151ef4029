// The capture resource's schemas (CONTRACT §13): the capture object, its list, a page's words, and
// the reject body. Declared once: they feed the routes, OpenAPI, the MCP tools and the client.
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ListOf, ListQuery, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { FIELD_NAMES } from '../../lib/capture-shapes.ts';

/** The statuses the API shows; `reading` is the worker's own and never listed. */
export const LISTED_STATUSES = ['needs_review', 'confirmed', 'rejected', 'duplicate'] as const;

const BBox = Type.Array(Type.Number(), {
  minItems: 4,
  maxItems: 4,
  description:
    "[x0, y0, x1, y1] in the page's own units (PDF points, or pixels for an image), origin top-left.",
});

function Captured<T extends TSchema>(value: T, what: string) {
  return Nullable(
    Type.Object(
      {
        value,
        confidence: Type.Union([Type.Literal('high'), Type.Literal('low')], {
          description:
            '`high` only when read next to a label that names it (or where this supplier was learned to put it) AND every check that applies passes; anything else is `low`.',
        }),
        page: Type.Integer({
          minimum: 0,
          description:
            'The page it was read on, from 1; 0 for a value a person typed at confirmation that was read on no page (its bbox is then [0, 0, 0, 0] and its text empty).',
        }),
        bbox: BBox,
        text: Type.String({ description: 'The words it was read from, as printed.' }),
      },
      { additionalProperties: false, description: what },
    ),
  );
}

const Money = Type.String({ description: 'A decimal string ("1234.56").', examples: ['1190.00'] });
const Text = (description: string) => Type.String({ description });

const TaxRow = Type.Object(
  {
    rate: Type.String({ description: 'The VAT rate in percent ("19", "7.5").' }),
    net: Money,
    tax: Money,
  },
  { additionalProperties: false },
);

export const CaptureFieldsSchema = Type.Object(
  {
    number: Captured(Text('BT-1'), 'The invoice number (BT-1).'),
    issue_date: Captured(Text('YYYY-MM-DD'), 'The issue date (BT-2).'),
    due_date: Captured(Text('YYYY-MM-DD'), 'The due date (BT-9).'),
    currency: Captured(Text('ISO 4217'), 'The currency (BT-5).'),
    total_net: Captured(Money, 'The total without VAT (BT-109).'),
    total_tax: Captured(Money, 'The total VAT (BT-110).'),
    total: Captured(Money, 'The total with VAT (BT-112).'),
    amount_due: Captured(Money, 'The amount due (BT-115).'),
    tax_breakdown: Captured(Type.Array(TaxRow), 'The VAT breakdown (BG-23).'),
    seller_name: Captured(Text('BT-27'), "The seller's name (BT-27)."),
    seller_vat_id: Captured(Text('compacted, upper-case'), "The seller's VAT id (BT-31)."),
    seller_registration_id: Captured(Text('compacted'), "The seller's registration id (BT-30)."),
    seller_email: Captured(Text('an email address'), "The seller's email."),
    iban: Captured(Text('compacted, upper-case'), 'The IBAN to pay (BT-84).'),
    bic: Captured(Text('upper-case'), 'The BIC (BT-86).'),
    payment_reference: Captured(Text('BT-83'), 'The payment reference (BT-83).'),
    purchase_order: Captured(Text('BT-13'), 'The purchase order reference (BT-13).'),
    buyer_reference: Captured(Text('BT-10'), 'The buyer reference (BT-10).'),
    buyer_name: Captured(Text('BT-44'), "The buyer's name (BT-44)."),
    buyer_vat_id: Captured(Text('compacted, upper-case'), "The buyer's VAT id (BT-48)."),
  },
  {
    additionalProperties: false,
    description: 'Each §13 field as read, or null when the file does not show it.',
  },
);

export const CaptureLineSchema = Type.Object(
  {
    description: Type.String(),
    quantity: Type.String(),
    unit_price: Money,
    net: Money,
    tax_rate: Nullable(Type.String({ description: 'Percent.' })),
  },
  { additionalProperties: false },
);

/** Who acted on a capture, as the bill's history records actors. */
function Actor(description: string) {
  return Type.Object(
    {
      kind: Type.Union([Type.Literal('user'), Type.Literal('api_key'), Type.Literal('capture_auto')], {
        description: 'user: a session; api_key: a key; capture_auto: docex itself.',
      }),
      id: Nullable(Type.String({ description: 'The user or key id; null for docex.' })),
    },
    { additionalProperties: false, description },
  );
}

const FieldValue = Nullable(
  Type.Union([Type.String(), Type.Array(TaxRow)], {
    description: 'A value as `fields.<name>.value` holds it (the breakdown: its rows); null: not shown.',
  }),
);

const Correction = Type.Object(
  {
    field: Type.Union(
      FIELD_NAMES.map((f) => Type.Literal(f)),
      { description: 'The field corrected.' },
    ),
    value: FieldValue,
    replaced: FieldValue,
    corrected_by: Actor('Who corrected it (the confirmation).'),
    corrected_at: Timestamp,
  },
  { additionalProperties: false, title: 'CaptureCorrection' },
);

export const Capture = Type.Object(
  {
    id: Type.String({ description: 'The capture id (cap_…).' }),
    inbound_message_id: Type.String({ description: 'The inbound message the file came with (inm_…).' }),
    file: Type.Object(
      {
        filename: Type.String(),
        content_type: Type.String({ examples: ['application/pdf'] }),
        sha256: Type.String({ description: "Lowercase hex SHA-256 of the file's bytes." }),
        pages: Nullable(
          Type.Integer({
            description:
              "The file's page count (it may exceed the pages read: DOCEX_CAPTURE_MAX_PAGES); null for a file the reader refused.",
          }),
        ),
      },
      { additionalProperties: false },
    ),
    method: Nullable(
      Type.Union([Type.Literal('text'), Type.Literal('ocr'), Type.Literal('mixed')], {
        description:
          "text: the PDF's own text layer; ocr: the page images read by OCR; mixed: some of each. null for a file the reader refused.",
      }),
    ),
    status: Type.Union(
      LISTED_STATUSES.map((s) => Type.Literal(s)),
      {
        description:
          'needs_review: read, waiting for a person (or auto-confirm); confirmed: a bill was made (document_id); rejected: closed without a bill (by a person, or a file the reader refused); duplicate: the same invoice was received before (duplicate_of).',
      },
    ),
    fields: CaptureFieldsSchema,
    lines: Type.Array(CaptureLineSchema, {
      description: "The invoice's rows, when its table was read and reconciles with the totals; else [].",
    }),
    document_id: Nullable(Type.String({ description: 'The bill made on confirmation.' })),
    duplicate_of: Nullable(Type.String({ description: 'The bill this file repeats.' })),
    created_at: Timestamp,
    confirmed_at: NullableTimestamp,
    confirmed_by: Nullable(Actor('Who confirmed it.')),
    corrections: Type.Array(Correction, {
      description:
        'What the confirmation changed of what was read, one entry per field it changed (a value equal to what was read is no correction); [] until a confirmation, and for one that changed nothing. `fields` shows the values after them.',
    }),
    rejected_at: NullableTimestamp,
    rejected_by: Nullable(
      Actor(
        'Who rejected it: a person (user or api_key), or docex itself (`capture_auto`) for a file its reader refused. null for a capture rejected before version 1.19.1, when nobody was recorded.',
      ),
    ),
    rejected_reason: Nullable(
      Type.String({
        description:
          "Why it was rejected, in words: the reason a person gave, or the reader's (a file it refused). null unless `rejected`.",
        examples: ['Not an invoice: a delivery note.'],
      }),
    ),
    notes: Type.Array(Type.String(), {
      description:
        "What docex noted while reading the file, in words: why a PDF's embedded e-invoice was refused and its pages read instead (`The embedded e-invoice factur-x.xml was not used: …; the PDF's pages were read instead.`, CONTRACT 11.5), then what the reader noted (a page read by OCR, pages past the limit). [] when there is nothing to say.",
      examples: [
        [
          "The embedded e-invoice factur-x.xml was not used: BR-CO-15: the supplier's file breaks EN 16931's rule that the total with VAT (BT-112) is the total without VAT (BT-109) plus the VAT total (BT-110); the PDF's pages were read instead.",
        ],
      ],
    }),
  },
  { additionalProperties: false, title: 'Capture' },
);
export type CaptureView = Static<typeof Capture>;

export const CaptureList = ListOf(Capture, 'Capture');

export const ListCapturesQuery = Type.Object(
  { ...ListQuery, status: Type.Optional(Type.Union(LISTED_STATUSES.map((s) => Type.Literal(s)))) },
  { additionalProperties: false },
);
export type ListCapturesQueryT = Static<typeof ListCapturesQuery>;

export const CaptureParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: 'The capture id (cap_…).' }) },
  { additionalProperties: false },
);

export const CapturePageParams = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, description: 'The capture id (cap_…).' }),
    n: Type.Integer({ minimum: 1, maximum: 100_000, description: 'The page, from 1.' }),
  },
  { additionalProperties: false },
);

export const CapturePageWords = Type.Object(
  {
    n: Type.Integer({ description: 'The page, from 1.' }),
    width: Type.Number({ description: "The page's width in its own units (PDF points, or pixels)." }),
    height: Type.Number(),
    method: Type.Union([Type.Literal('text'), Type.Literal('ocr')]),
    words: Type.Array(Type.Object({ text: Type.String(), bbox: BBox }, { additionalProperties: false }), {
      description: 'Every word read on the page, in reading order, with its box.',
    }),
  },
  { additionalProperties: false, title: 'CapturePageWords' },
);
export type CapturePageWordsView = Static<typeof CapturePageWords>;

export const REJECT_REASON_MAX = 1000;

export const RejectCaptureBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: REJECT_REASON_MAX,
      description:
        'Why, in words (required: 1 to 1000 characters once trimmed, no control characters), kept as `rejected_reason` and listed with its message.',
      examples: ['Not an invoice: a delivery note.'],
    }),
  },
  { additionalProperties: false },
);
export type RejectCaptureBodyT = Static<typeof RejectCaptureBody>;
