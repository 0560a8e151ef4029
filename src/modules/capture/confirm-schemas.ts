// The confirmation's body, and the capture it answers (CONTRACT 13). The `Capture` schema here is
// cap-confirm's stand-in for cap-store's (schemas.ts): the same §13 object; at merge the route
// answers with cap-store's `Capture` and this one goes.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';

const Text = Type.String({ maxLength: 1000 });

const BreakdownRow = Type.Object(
  {
    rate: Type.String({ maxLength: 12, description: 'The VAT rate in percent ("19", "7.5").' }),
    net: Type.String({ maxLength: 20, description: 'The net amount at this rate (decimal string).' }),
    tax: Type.String({ maxLength: 20, description: 'The tax at this rate (decimal string).' }),
  },
  { additionalProperties: false },
);

/** A correction: the value to take instead of what was read (null: the file does not show it). */
const corr = (description: string) => Type.Optional(Nullable(Type.String({ maxLength: 1000, description })));

export const ConfirmFields = Type.Object(
  {
    number: corr("The supplier's invoice number (BT-1)."),
    issue_date: corr('The issue date (BT-2), YYYY-MM-DD.'),
    due_date: corr('The due date (BT-9), YYYY-MM-DD.'),
    currency: corr('USD, EUR, GBP or CAD (BT-5).'),
    total_net: corr('The total without VAT (BT-109), a decimal with at most 2 decimals.'),
    total_tax: corr('The total VAT (BT-110).'),
    total: corr('The total with VAT (BT-112).'),
    amount_due: corr('The amount due (BT-115).'),
    tax_breakdown: Type.Optional(
      Nullable(Type.Array(BreakdownRow, { maxItems: 50, description: 'The VAT breakdown (BG-23).' })),
    ),
    seller_name: corr("The seller's name (BT-27)."),
    seller_vat_id: corr("The seller's VAT id (BT-31), with its country prefix."),
    seller_registration_id: corr("The seller's legal registration id (BT-30)."),
    seller_email: corr("The seller's email."),
    iban: corr('The account to pay (BT-84).'),
    bic: corr('Its BIC (BT-86).'),
    payment_reference: corr('The payment reference (BT-83); an RF reference is checked.'),
    purchase_order: corr('The purchase order reference (BT-13).'),
    buyer_reference: corr('The buyer reference (BT-10).'),
    buyer_name: corr("The buyer's name (BT-44)."),
    buyer_vat_id: corr("The buyer's VAT id (BT-48)."),
  },
  { additionalProperties: false },
);

export const ConfirmBody = Type.Object(
  {
    fields: Type.Optional(ConfirmFields),
  },
  { additionalProperties: false },
);
export type ConfirmBodyT = Static<typeof ConfirmBody>;

const Value = Type.Object(
  {
    value: Type.Union([Type.String(), Type.Array(BreakdownRow)]),
    confidence: Type.Union([Type.Literal('high'), Type.Literal('low')]),
    page: Type.Integer(),
    bbox: Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }),
    text: Type.String(),
  },
  { additionalProperties: false },
);

export const Capture = Type.Object(
  {
    id: Type.String(),
    inbound_message_id: Type.String(),
    file: Type.Object(
      {
        filename: Type.String(),
        content_type: Type.String(),
        sha256: Type.String(),
        pages: Nullable(Type.Integer()),
      },
      { additionalProperties: false },
    ),
    method: Nullable(Type.Union([Type.Literal('text'), Type.Literal('ocr'), Type.Literal('mixed')])),
    status: Type.Union([
      Type.Literal('reading'),
      Type.Literal('needs_review'),
      Type.Literal('confirmed'),
      Type.Literal('rejected'),
      Type.Literal('duplicate'),
    ]),
    fields: Nullable(Type.Record(Type.String(), Nullable(Value))),
    lines: Type.Array(
      Type.Object(
        {
          description: Text,
          quantity: Type.String(),
          unit_price: Type.String(),
          net: Type.String(),
          tax_rate: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    corrections: Type.Array(
      Type.Object(
        { field: Type.String(), value: Type.Unknown(), replaced: Type.Unknown() },
        { additionalProperties: false },
      ),
    ),
    document_id: Nullable(Type.String()),
    duplicate_of: Nullable(Type.String()),
    created_at: Timestamp,
    confirmed_at: NullableTimestamp,
    confirmed_by: Nullable(
      Type.Object(
        {
          kind: Type.Union([Type.Literal('user'), Type.Literal('api_key'), Type.Literal('capture_auto')]),
          id: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
