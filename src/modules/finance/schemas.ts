// Request and response schemas of the finance family (CONTRACT 7). Bodies are strict
// (additionalProperties: false); money is a JSON number in the currency of the pledged invoice,
// at most 2 decimals (checked in terms.ts, which names the field).
import { type Static, Type } from '@sinclair/typebox';
import { DateOnly, ListOf, ListQuery, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { CURRENCIES } from '../../lib/currencies.ts';

const literals = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );

/** Largest principal or flat fee: a document line's unit_price maximum (documents LIMITS.unitPriceMax). */
export const MAX_AMOUNT = 1_000_000_000;
/** 10,000 bps = 100 % of the principal. */
export const MAX_BPS = 10_000;

const Currency = literals(CURRENCIES);
const Amount = Type.Number({
  exclusiveMinimum: 0,
  maximum: MAX_AMOUNT,
  description: 'In the currency of the pledged invoice, at most 2 decimals.',
});

export const FeeInput = Type.Object(
  {
    type: literals(['flat', 'bps'] as const, {
      description: 'flat: a fixed amount; bps: basis points of the principal (100 bps = 1 %).',
    }),
    value: Type.Number({
      minimum: 0,
      maximum: MAX_AMOUNT,
      description:
        'flat: the amount, at most 2 decimals and at most the principal. bps: 0 to 10000, at most 2 decimals.',
    }),
  },
  { additionalProperties: false },
);

export const TermsInput = Type.Object(
  {
    principal: Amount,
    fee: FeeInput,
    grace_days: Type.Integer({
      minimum: 0,
      maximum: 365,
      description: 'Days after the due date before an unpaid agreement is flagged.',
    }),
  },
  { additionalProperties: false },
);
export type TermsInputT = Static<typeof TermsInput>;

export const Terms = Type.Object(
  {
    principal: Type.Number(),
    fee: Type.Object({ type: literals(['flat', 'bps'] as const), value: Type.Number() }),
    grace_days: Type.Integer(),
    fee_amount: Type.Number({ description: 'The fee in money: flat, or bps of the principal in cents.' }),
    amount_owed: Type.Number({ description: 'principal + fee_amount: what the repayment document asks.' }),
  },
  { title: 'FinanceTerms' },
);

export const SetupBody = Type.Object(
  {
    settlement_account_id: Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "As a borrower: your treasury account where a pledged invoice's proceeds land and the repayment sweep draws from. Its currency is the currency you can borrow in.",
    }),
    funding_account_id: Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'As a lender: your treasury account that receives repayments and sweeps. Its currency is the currency you can lend in.',
    }),
  },
  { additionalProperties: false },
);
export type SetupBodyT = Static<typeof SetupBody>;

export const Setup = Type.Object(
  {
    organization_id: Type.String(),
    settlement_account_id: Type.String(),
    funding_account_id: Type.String(),
    standing_authorization: Type.Object({
      text: Type.String({ description: 'What the repayment sweep may do, in words.' }),
      digest: Type.String({
        description: 'sha256 hex of text (UTF-8). Echo it as authorization_digest to accept an offer.',
      }),
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'FinanceSetup' },
);

export const CreateListingBody = Type.Object(
  {
    invoice_id: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'An invoice you issued that is not paid, voided or already pledged.',
    }),
    ask: TermsInput,
  },
  { additionalProperties: false },
);
export type CreateListingBodyT = Static<typeof CreateListingBody>;

const LISTING_STATUSES = ['open', 'accepted', 'withdrawn', 'closed'] as const;
const OFFER_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export const AGREEMENT_STATUSES = ['accepted', 'funded', 'flagged', 'repaid', 'closed', 'withdrawn'] as const;

export const Listing = Type.Object(
  {
    id: Type.String(),
    borrower_organization_id: Type.String(),
    invoice: Type.Object(
      {
        id: Type.String(),
        number: Type.String({ description: "The borrower's invoice number (INV-)." }),
        currency: Currency,
        total: Type.Number(),
        balance_due: Type.Number(),
        document_date: DateOnly,
        due_date: Nullable(DateOnly),
        status: Type.String(),
      },
      { description: 'The pledged invoice as it is now (the debtor is not disclosed).' },
    ),
    currency: Currency,
    ask: Terms,
    status: literals(LISTING_STATUSES, {
      description:
        'open → accepted (an offer was accepted) | withdrawn (by the borrower) | closed (the invoice was paid or voided first, or the agreement ended).',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'FinanceListing' },
);

export const ListingsQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(literals(LISTING_STATUSES)),
    role: Type.Optional(
      literals(['borrower', 'lender'] as const, {
        description: 'borrower: your own listings; lender: the listings of your active connections.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreateOfferBody = Type.Object(
  {
    counter: Type.Optional(TermsInput),
  },
  {
    additionalProperties: false,
    description: 'An empty body offers at the ask; `counter` proposes other terms.',
  },
);
export type CreateOfferBodyT = Static<typeof CreateOfferBody>;

export const Offer = Type.Object(
  {
    id: Type.String(),
    listing_id: Type.String(),
    lender_organization_id: Type.String(),
    borrower_organization_id: Type.String(),
    currency: Currency,
    terms: Terms,
    countered: Type.Boolean({ description: 'false: at the ask; true: a counter.' }),
    status: literals(OFFER_STATUSES, {
      description:
        'open → accepted | declined (another offer was accepted, or the listing ended) | withdrawn (by the lender).',
    }),
    agreement_id: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'FinanceOffer' },
);

export const OffersQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(literals(OFFER_STATUSES)),
    listing_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    role: Type.Optional(
      literals(['borrower', 'lender'] as const, {
        description: 'borrower: offers received; lender: offers you made. Default both.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AcceptBody = Type.Object(
  {
    authorization_digest: Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'standing_authorization.digest from GET /v1/finance/setup, as it is now.',
    }),
  },
  { additionalProperties: false },
);
export type AcceptBodyT = Static<typeof AcceptBody>;

const DocumentRef = Type.Object({
  id: Type.String(),
  number: Type.String({ description: 'As you see it.' }),
  status: Type.String(),
  total: Type.Number(),
  balance_due: Type.Number(),
});

export const Agreement = Type.Object(
  {
    id: Type.String(),
    role: literals(['borrower', 'lender'] as const, { description: 'Your side of the agreement.' }),
    listing_id: Type.String(),
    offer_id: Type.String(),
    invoice_id: Type.String({ description: 'The pledged invoice.' }),
    borrower_organization_id: Type.String(),
    lender_organization_id: Type.String(),
    connection_id: Type.String(),
    currency: Currency,
    terms: Terms,
    amount_owed: Type.Number({ description: 'principal + fee.' }),
    amount_repaid: Type.Number({ description: 'Settled on the repayment so far (sweeps included).' }),
    balance_due: Type.Number({ description: 'What the borrower still owes.' }),
    due_date: DateOnly,
    flag_after: Timestamp,
    status: literals(AGREEMENT_STATUSES, {
      description:
        'accepted → funded (the disbursement settled) → repaid → closed; funded → flagged when unpaid after due_date + grace_days; accepted → withdrawn (either side, before funding).',
    }),
    withdrawn_reason: Nullable(Type.String()),
    documents: Type.Object({
      agreement: DocumentRef,
      disbursement: DocumentRef,
      repayment: DocumentRef,
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
    funded_at: NullableTimestamp,
    flagged_at: NullableTimestamp,
    repaid_at: NullableTimestamp,
    closed_at: NullableTimestamp,
    withdrawn_at: NullableTimestamp,
  },
  { title: 'FinanceAgreement' },
);
export type AgreementView = Static<typeof Agreement>;

export const AgreementsQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(literals(AGREEMENT_STATUSES)),
    role: Type.Optional(literals(['borrower', 'lender'] as const)),
  },
  { additionalProperties: false },
);

export const RepaymentBody = Type.Object(
  {
    source_account_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Default: your treasury account in the agreement currency.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RepaymentBodyT = Static<typeof RepaymentBody>;

export const ListingList = ListOf(Listing, 'FinanceListing');
export const OfferList = ListOf(Offer, 'FinanceOffer');
export const AgreementList = ListOf(Agreement, 'FinanceAgreement');
export type ListingView = Static<typeof Listing>;
export type OfferView = Static<typeof Offer>;
export type SetupView = Static<typeof Setup>;
export type TermsView = Static<typeof Terms>;
