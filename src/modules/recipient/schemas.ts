// The recipient link's JSON (CONTRACT 11.3): the document as its counterparty sees it, headed by
// the issuer's own number, with what the link may do now.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.ts';
import { Document } from '../documents/index.ts';

const PaymentAccount = Type.Object(
  { iban: Type.String(), bic: Nullable(Type.String()), account_name: Nullable(Type.String()) },
  { description: "Where the issuer is paid (its legal profile's payment_account, BG-17)." },
);

const Address = Type.Object({
  line1: Type.String(),
  line2: Nullable(Type.String()),
  city: Type.String(),
  postal_code: Type.String(),
  country_code: Type.String(),
});

const Issuer = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    legal_name: Nullable(Type.String()),
    address: Nullable(Address),
    vat_id: Nullable(Type.String()),
    contact_email: Nullable(Type.String()),
    payment_account: Nullable(PaymentAccount),
  },
  { description: 'The issuer as its legal profile (frozen when the document was issued) names it.' },
);

export const RecipientDocument = Type.Object(
  {
    ...Document.properties,
    issuer_number: Type.String({
      description: "The issuer's own number (BT-1 of the e-invoice): the number the recipient knows.",
    }),
    issuer: Issuer,
    recipient: Type.Object(
      { id: Type.String(), name: Type.String(), email: Nullable(Type.String()) },
      { description: 'The external party the link belongs to (xp_…).' },
    ),
    allowed: Type.Array(Type.String(), {
      description:
        "The moves the link may make now: the counterparty's state machine without the payment targets. A dispute needs a reason.",
    }),
  },
  { title: 'RecipientDocument' },
);
export type RecipientDocumentView = Static<typeof RecipientDocument>;

export const TokenParams = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The token of the recipient link (the last segment of /r/<token>).',
    }),
  },
  { additionalProperties: false },
);

export const RecipientTransitionBody = Type.Object(
  {
    to: Type.String({
      enum: ['acknowledged', 'approved', 'disputed'],
      description: "The target state: the counterparty's moves, without payment.",
    }),
    reason: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        description: 'Why: required to dispute, kept in the history entry.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RecipientTransitionBodyT = Static<typeof RecipientTransitionBody>;

export const ClaimStarted = Type.Object(
  {
    external_party_id: Type.String(),
    email: Type.String({ description: "Where the code went: the external party's address." }),
    expires_at: Type.String({
      format: 'date-time',
      description: 'The code is valid until then (15 minutes).',
    }),
    delivery_id: Type.String({
      description:
        "The email that carries the code, among the document's deliveries (in the sandbox: simulated, its message readable there).",
    }),
  },
  { title: 'ClaimStarted' },
);

export const ClaimConfirmed = Type.Object(
  {
    external_party_id: Type.String(),
    organization_id: Type.String({ description: 'The organization the party became: the caller.' }),
    connection_id: Type.String({
      description:
        'The connection the party was added with, now an ordinary one between the two organizations.',
    }),
    claimed_at: Type.String({ format: 'date-time' }),
  },
  { title: 'ClaimConfirmed' },
);

export const ClaimConfirmBody = Type.Object(
  {
    code: Type.String({
      // maxLength as well as the pattern: every request string is bounded before any regex runs.
      maxLength: 8,
      pattern: '^[0-9]{8}$',
      description: 'The 8-digit code emailed to the external party.',
    }),
  },
  { additionalProperties: false },
);
