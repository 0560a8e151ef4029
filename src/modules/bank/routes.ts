// The bank rail's operations (CONTRACT 12). Thin: each hands its input to the module's function.
import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { IdParams, ListOf, ListQuery } from '../../http/schemas.ts';
import { createBankAccount, deleteBankAccount, getBankAccount, listBankAccounts } from './accounts.ts';
import { closePaymentBatch, getPaymentBatch, listPaymentBatches, paymentBatchFile } from './batches.ts';
import { BankAccount, ClosePaymentBatchBody, CreateBankAccountBody, PaymentBatch } from './schemas.ts';

const tags = ['Bank'];

export const bankRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/v1/bank_accounts',
    operationId: 'createBankAccount',
    summary: 'Connect a bank account',
    description:
      "Connects the organization's bank account for the SEPA rail: EUR only, an IBAN of a SEPA country with valid check digits. One active account per currency (409 conflict while one is active). While it is active, the invoices the organization issues carry an ISO 11649 RF creditor reference (payment_reference) derived from their number. Admin session only.",
    tags,
    family: 'payments',
    auth: 'session',
    body: CreateBankAccountBody,
    response: { status: 201, schema: BankAccount, description: 'The connected account.' },
    errors: ['invalid_request', 'unauthorized', 'forbidden', 'insufficient_scope', 'conflict'],
    handler: async ({ ctx, principal, body }) => createBankAccount(ctx, principal, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/bank_accounts',
    operationId: 'listBankAccounts',
    summary: 'List bank accounts',
    description: "The organization's bank accounts, active and closed, newest first.",
    tags,
    family: 'payments',
    auth: 'scopes',
    scopes: ['payments:read'],
    query: Type.Object({ ...ListQuery }, { additionalProperties: false }),
    response: { status: 200, schema: ListOf(BankAccount, 'BankAccount'), description: 'A page of accounts.' },
    errors: ['invalid_request', 'unauthorized', 'forbidden', 'insufficient_scope'],
    handler: async ({ ctx, principal, query }) => listBankAccounts(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/bank_accounts/:id',
    operationId: 'getBankAccount',
    summary: 'Get a bank account',
    description: 'One bank account of the organization.',
    tags,
    family: 'payments',
    auth: 'scopes',
    scopes: ['payments:read'],
    params: IdParams,
    response: { status: 200, schema: BankAccount, description: 'The account.' },
    errors: ['unauthorized', 'forbidden', 'insufficient_scope', 'not_found'],
    handler: async ({ ctx, principal, params }) => getBankAccount(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/bank_accounts/:id',
    operationId: 'deleteBankAccount',
    summary: 'Delete a bank account',
    description:
      'Closes the account (status closed): new invoices get no RF reference from it. Deleting a closed account returns it unchanged. Admin session only.',
    tags,
    family: 'payments',
    auth: 'session',
    params: IdParams,
    response: { status: 200, schema: BankAccount, description: 'The closed account.' },
    errors: ['unauthorized', 'forbidden', 'insufficient_scope', 'not_found'],
    handler: async ({ ctx, principal, params }) => deleteBankAccount(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/payment_batches',
    operationId: 'closePaymentBatch',
    summary: 'Close the open payment batch',
    description:
      "Closes the organization's open batch: every bank-rail payment (sepa_credit_transfer) still processing and in no batch goes into one batch, ready, and its pain.001.001.09 file is written once from the legal profiles as they are now. An empty open batch is 409 conflict (details.reason empty_batch); no active EUR bank account is 409 (no_bank_account); a party without a postal address (town and country) is 400 naming it. Two concurrent closes never put a payment in two batches. Admin session, or a key with payments:write.",
    tags,
    family: 'payments',
    auth: 'session_or_scopes',
    scopes: ['payments:write'],
    body: ClosePaymentBatchBody,
    response: { status: 201, schema: PaymentBatch, description: 'The closed batch.' },
    errors: ['invalid_request', 'unauthorized', 'forbidden', 'insufficient_scope', 'conflict'],
    handler: async ({ ctx, principal, body }) => closePaymentBatch(ctx, principal, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/payment_batches',
    operationId: 'listPaymentBatches',
    summary: 'List payment batches',
    description: "The organization's closed payment batches, newest first.",
    tags,
    family: 'payments',
    auth: 'scopes',
    scopes: ['payments:read'],
    query: Type.Object({ ...ListQuery }, { additionalProperties: false }),
    response: {
      status: 200,
      schema: ListOf(PaymentBatch, 'PaymentBatch'),
      description: 'A page of batches.',
    },
    errors: ['invalid_request', 'unauthorized', 'forbidden', 'insufficient_scope'],
    handler: async ({ ctx, principal, query }) => listPaymentBatches(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/payment_batches/:id',
    operationId: 'getPaymentBatch',
    summary: 'Get a payment batch',
    description: 'One payment batch of the organization.',
    tags,
    family: 'payments',
    auth: 'scopes',
    scopes: ['payments:read'],
    params: IdParams,
    response: { status: 200, schema: PaymentBatch, description: 'The batch.' },
    errors: ['unauthorized', 'forbidden', 'insufficient_scope', 'not_found'],
    handler: async ({ ctx, principal, params }) => getPaymentBatch(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/payment_batches/:id/file',
    operationId: 'getPaymentBatchFile',
    summary: 'Download a payment batch file',
    description:
      "The batch's SEPA credit transfer initiation, pain.001.001.09 (application/xml), to upload to the bank: the same bytes on every call. It validates against the ISO 20022 schema and keeps the EPC rules the schema cannot (docs/bank.md). MCP tools receive the XML as text.",
    tags,
    family: 'payments',
    auth: 'scopes',
    scopes: ['payments:read'],
    params: IdParams,
    response: {
      status: 200,
      schema: null,
      description: 'The pain.001.001.09 message.',
      contentType: 'application/xml',
    },
    errors: ['unauthorized', 'forbidden', 'insufficient_scope', 'not_found'],
    handler: async ({ ctx, principal, params, reply }) => {
      const file = await paymentBatchFile(ctx, principal, params.id);
      reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(file.content);
      return SENT;
    },
  }),
];
