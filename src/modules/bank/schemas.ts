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

export const ImportBankStatementBody = Type.Object(
  {
    content_base64: Type.String({
      minLength: 1,
      maxLength: 14 * 1024 * 1024,
      description:
        'The bank file, base64: camt.053 or camt.054 (.001.02 to .001.08) or pain.002 (.001.03, .001.10, .001.11), at most 10 MiB. DOCTYPE and entities are refused.',
      examples: ['PD94bWwgdmVyc2lvbj0iMS4wIj8+...'],
    }),
  },
  { additionalProperties: false, title: 'ImportBankStatementRequest' },
);

export const MatchStatementEntryBody = Type.Object(
  {
    document_id: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'An open invoice of the organization whose balance due is exactly the entry amount.',
      examples: ['doc_0Vc1EXG3tuH2ONY9JCHKXD'],
    }),
  },
  { additionalProperties: false, title: 'MatchStatementEntryRequest' },
);

export const StatementEntryParams = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    entry_id: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);

const Suggestion = Type.Object(
  {
    document_id: Type.String({ examples: ['doc_0Vc1EXG3tuH2ONY9JCHKXD'] }),
    number: Nullable(Type.String({ examples: ['INV-000042'] })),
    balance_due: Type.Number({ examples: [120.1] }),
    reason: Type.String({
      examples: ['matched by creditor_reference; the amount is less than the balance due'],
    }),
  },
  { title: 'StatementEntrySuggestion' },
);

export const StatementEntry = Type.Object(
  {
    id: Type.String({ description: 'bse_…', examples: ['bse_0Vc1EXG3tuH2ONY9JCHKXD'] }),
    amount: Type.Number({ description: 'As the bank wrote it (18.150 is 18.15).', examples: [120.1] }),
    direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
    booking_date: Nullable(Type.String({ examples: ['2026-03-16'] })),
    references: Type.Object({
      end_to_end_id: Nullable(
        Type.String({ description: "The EndToEndId the bank reports (a docex payment's: pay-…)." }),
      ),
      creditor_reference: Nullable(Type.String({ examples: ['RF29INV000042'] })),
      remittance: Nullable(Type.String({ examples: ['INV-000042'] })),
      entry_reference: Nullable(Type.String({ description: "The bank's reference of the entry." })),
    }),
    status: Type.Union([Type.Literal('matched'), Type.Literal('unmatched'), Type.Literal('ignored')], {
      description:
        "matched: it settled, failed, returned or confirmed a payment or invoice; unmatched: a credit (or debit) docex could not place exactly (see suggestions, and match it by hand); ignored: not docex's, not booked, an accepted status, or an entry already imported (duplicate_of).",
    }),
    outcome: Type.String({
      description:
        'What it did: settled, confirmed, rejected, returned, matched_by_hand, partial, excess, ambiguous, no_candidate, sub_cent, duplicate, not_booked, …',
      examples: ['settled'],
    }),
    reason: Nullable(
      Type.String({
        description: "The bank's reason (a return or a rejection).",
        examples: ['AC01 Incorrect account number'],
      }),
    ),
    payment_id: Nullable(Type.String({ examples: ['pay_0Vc1EXG3tuH2ONY9JCHKXD'] })),
    document_id: Nullable(Type.String({ examples: ['doc_0Vc1EXG3tuH2ONY9JCHKXD'] })),
    suggestions: Type.Array(Suggestion),
    duplicate_of: Nullable(
      Type.String({ description: 'The entry first imported with the same bank references.' }),
    ),
  },
  { title: 'BankStatementEntry' },
);

export const BankStatement = Type.Object(
  {
    id: Type.String({ description: 'bst_…', examples: ['bst_0Vc1EXG3tuH2ONY9JCHKXD'] }),
    object: Type.Literal('bank_statement'),
    kind: Type.Union([Type.Literal('camt.053'), Type.Literal('camt.054'), Type.Literal('pain.002')]),
    version: Type.String({ examples: ['08'] }),
    message_id: Type.String({ description: "The file's GrpHdr/MsgId." }),
    account_iban: Type.String({ examples: ['DE89370400440532013000'] }),
    bank_account_id: Type.String({ examples: ['bacc_0Vc1EXG3tuH2ONY9JCHKXD'] }),
    created_at: Timestamp,
    entries: Type.Array(StatementEntry),
  },
  { title: 'BankStatement' },
);

export const SandboxBankStatementBody = Type.Object(
  {
    reject: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 10000,
        description: 'Payments of the batch the simulated bank rejects (answered as a pain.002).',
      }),
    ),
    reason: Type.Optional(
      Type.String({
        minLength: 4,
        maxLength: 4,
        description: 'The ISO reason code of the rejections (default AC01).',
        examples: ['AC04'],
      }),
    ),
  },
  { additionalProperties: false, title: 'SandboxBankStatementRequest' },
);

export const SandboxBankFiles = Type.Object(
  {
    batch_id: Type.String({ examples: ['pbat_0Vc1EXG3tuH2ONY9JCHKXD'] }),
    camt054: Nullable(
      Type.String({
        description:
          'base64 of the camt.054.001.08 booking every payment not rejected; null when all are rejected.',
      }),
    ),
    pain002: Nullable(
      Type.String({
        description: 'base64 of the pain.002.001.11 rejecting the listed payments; null when none is.',
      }),
    ),
  },
  { title: 'SandboxBankFiles' },
);
