// The payment as every document shows it (CONTRACT 4): its schema lives with documents, which
// embed a document's latest payment in GET /v1/documents/{id}; payments write the rows and answer
// with the same schema, so documents need nothing of the payments family.
import { type Static, Type } from '@sinclair/typebox';
import { DateOnly, Nullable, Timestamp } from '../../http/schemas.ts';
import { CURRENCIES } from '../../lib/currencies.ts';

export const PAYMENT_STATUSES = ['processing', 'settled', 'failed'] as const;

/** The rails' one payment method: a transfer on the docex ledger (sandbox or live). */
export const PAYMENT_METHODS = ['ledger'] as const;
/** The bank rail (CONTRACT 12): chosen by an active bank account, never by the caller's method. */
export const SEPA_CREDIT_TRANSFER = 'sepa_credit_transfer';
const PAYMENT_RAILS = ['ledger', SEPA_CREDIT_TRANSFER] as const;

/** The sandbox's practice source that always fails with insufficient_funds (CONTRACT 4). */
export const SANDBOX_INSUFFICIENT_ACCOUNT = 'acct_sandbox_insufficient';

const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

export const Payment = Type.Object(
  {
    id: Type.String({ description: 'pay_…' }),
    document_id: Type.String(),
    amount: Type.Number({ description: "The amount paid, in the document's currency, at most 2 decimals." }),
    currency: literals(CURRENCIES),
    status: literals(
      PAYMENT_STATUSES,
      'processing until the rail settles it (or, for a scheduled payment, until its date); then settled or failed, never changing again.',
    ),
    failure_reason: Nullable(
      Type.String({ description: 'Why a failed payment failed, e.g. insufficient_funds; null otherwise.' }),
    ),
    settlement_reference: Nullable(
      Type.String({ description: 'The ledger transfer that settled it (trf_…); null until settled.' }),
    ),
    payment_method: Type.String({
      description:
        "ledger: a transfer on the docex ledger; sepa_credit_transfer: a SEPA credit transfer through the payer's bank.",
    }),
    rail: literals(
      PAYMENT_RAILS,
      "ledger: the docex ledger settles it; sepa_credit_transfer: the payer's bank pays it, carried in a payment batch (an active EUR bank account chooses it).",
    ),
    end_to_end_id: Nullable(
      Type.String({
        description:
          "The SEPA EndToEndId (≤ 35 characters, unique) that the bank's statements bring back; null on the ledger rail.",
      }),
    ),
    source_account_id: Nullable(
      Type.String({
        description:
          "The payer's treasury account the money comes from. Shown to the payer; null in the payee's view.",
      }),
    ),
    scheduled_for: Nullable(DateOnly),
    created_at: Timestamp,
    settled_at: Nullable(Timestamp),
    key_id: Nullable(
      Type.String({
        description:
          "The payer's API key that made the payment; null when an admin session or the service made it, and in the payee's view.",
      }),
    ),
  },
  { additionalProperties: false, title: 'Payment' },
);
export type PaymentView = Static<typeof Payment>;
