import { Type } from '@sinclair/typebox';
import { ListQuery, Nullable, Timestamp } from '../../http/schemas.ts';
import { CURRENCIES } from '../../lib/currencies.ts';

const CurrencySchema = Type.Union(
  CURRENCIES.map((c) => Type.Literal(c)),
  { description: 'One of USD, EUR, GBP, CAD.' },
);

export const Account = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    currency: CurrencySchema,
    balance: Type.Number({ description: 'Booked balance: the sum of the account’s transactions.' }),
    available: Type.Number({
      description: 'balance minus the funds reserved by payments that are processing.',
    }),
  },
  { additionalProperties: false, title: 'TreasuryAccount' },
);

export const Transaction = Type.Object(
  {
    id: Type.String(),
    account_id: Type.String(),
    amount: Type.Number({ description: 'Signed: positive credits, negative debits.' }),
    balance_after: Type.Number({ description: 'The account balance right after this transaction.' }),
    payment_id: Nullable(Type.String()),
    description: Type.String(),
    created_at: Timestamp,
  },
  { additionalProperties: false, title: 'TreasuryTransaction' },
);

export const FundBody = Type.Object(
  {
    currency: CurrencySchema,
    amount: Type.Number({
      exclusiveMinimum: 0,
      description: 'Major units, more than 0, at most 2 decimals.',
    }),
  },
  { additionalProperties: false },
);

export const AccountsQuery = Type.Object(
  {
    ...ListQuery,
    currency: Type.Optional(CurrencySchema),
  },
  { additionalProperties: false },
);
