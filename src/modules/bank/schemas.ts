import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../http/schemas.ts';

export const CreateBankAccountBody = Type.Object(
  {
    iban: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'A SEPA IBAN with valid check digits; spaces and lower case are accepted.',
      examples: ['DE89 3704 0044 0532 0130 00'],
    }),
    bic: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 11,
          description:
            'The bank\'s BIC (8 or 11 characters); without one, files say "NOTPROVIDED" (IBAN-only SEPA).',
          examples: ['COBADEFFXXX'],
        }),
      ),
    ),
    account_name: Type.String({
      minLength: 1,
      maxLength: 140,
      description: 'The account holder as the bank knows it.',
      examples: ['Acme Supplies GmbH'],
    }),
    currency: Type.String({
      minLength: 1,
      maxLength: 8,
      description: 'EUR: the bank rail is SEPA credit transfer.',
      examples: ['EUR'],
    }),
  },
  { additionalProperties: false, title: 'CreateBankAccountRequest' },
);

export const BankAccount = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('bank_account'),
    iban: Type.String({ examples: ['DE89370400440532013000'] }),
    bic: Nullable(Type.String({ examples: ['COBADEFFXXX'] })),
    account_name: Type.String({ examples: ['Acme Supplies GmbH'] }),
    currency: Type.Literal('EUR'),
    status: Type.Union([Type.Literal('active'), Type.Literal('closed')], {
      description: 'active: the EUR payments of the organization go through this account; closed: deleted.',
    }),
    created_at: Timestamp,
    closed_at: Nullable(Timestamp),
  },
  { title: 'BankAccount' },
);

export const ClosePaymentBatchBody = Type.Object(
  {
    requested_execution_date: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 10,
        description:
          'YYYY-MM-DD, today (UTC) or later, at most 365 days ahead: the date the bank executes the transfers. Default: today.',
        examples: ['2026-03-16'],
      }),
    ),
  },
  { additionalProperties: false, title: 'ClosePaymentBatchRequest' },
);

export const PaymentBatch = Type.Object(
  {
    id: Type.String({ description: 'pbat_…' }),
    object: Type.Literal('payment_batch'),
    status: Type.Literal('ready', {
      description: 'ready: closed, its pain.001 file written; upload it to the bank.',
    }),
    count: Type.Integer({ description: 'The number of payments (NbOfTxs).', examples: [2] }),
    control_sum: Type.Number({
      description: 'The sum of their amounts (CtrlSum), 2 decimals.',
      examples: [1250.5],
    }),
    currency: Type.Literal('EUR'),
    requested_execution_date: Type.String({ format: 'date', examples: ['2026-03-16'] }),
    bank_account_id: Type.String({ description: 'The bank account debited (bacc_…).' }),
    payment_ids: Type.Array(Type.String(), {
      description: 'The payments it carries, in the order of the file.',
      examples: [['pay_0Vc1EXG3tuH2ONY9JCHKXD', 'pay_0Vc1EXLvlCGWanCYnqKi6M']],
    }),
    created_at: Timestamp,
  },
  { title: 'PaymentBatch' },
);
