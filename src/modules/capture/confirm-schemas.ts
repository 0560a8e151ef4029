// The confirmation's body (CONTRACT 13). It answers the capture resource's one schema
// (schemas.ts `Capture`), as GET, the list and reject do.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.ts';

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
