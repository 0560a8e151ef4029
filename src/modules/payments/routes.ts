import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { IdParams, ListOf } from '../../http/schemas.ts';
import { Document } from '../documents/index.ts';
import { getPayment, listPayments } from './list-payments.ts';
import { payDocument } from './pay-document.ts';
import { ListPaymentsQuery, PayBody, Payment } from './schemas.ts';

const tags = ['Payments'];
const read: ['payments:read'] = ['payments:read'];

export const paymentRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/v1/documents/:id/pay',
    operationId: 'payDocument',
    summary: 'Pay a document',
    description:
      "Pays the document's full balance_due from the payer's treasury account (the counterparty of an invoice; the issuer cannot pay its own). Answers 202 with the document in payment_scheduled and payment.status processing; the worker settles it within about a second (sandbox) or asynchronously (live): then the document is paid with balance_due 0 and payment.settled goes to both parties, or the payment fails (payment.failed with the reason) and the document is payable again. A pay while a payment is in flight answers that same payment, never a second charge; a pay after it settled is 409 conflict (nothing to pay). Enforced before anything moves: the organization's rail (a live organization needs its processor connected: capability_unavailable), the key's payment_limits (payment_limit_exceeded) and the available funds (insufficient_funds). In the sandbox, source_account_id acct_sandbox_insufficient makes the payment fail at settlement. A bill of a business not on docex (an external party, xp_…): in the sandbox the money leaves for the outside (the external ledger account) and settles as usual; live, only the bank rail pays it (no active EUR bank account: capability_unavailable, nothing moves), to the account its e-invoice names (received.payment_account) before the party's legal profile.",
    tags,
    family: 'payments',
    auth: 'scopes',
    scopes: ['documents:write', 'payments:write'],
    params: Type.Object(
      { id: Type.String({ minLength: 1, maxLength: 64, description: 'The document id (doc_…).' }) },
      { additionalProperties: false },
    ),
    body: PayBody,
    response: {
      status: 202,
      schema: Document,
      description: 'The document, payment_scheduled, with its payment processing.',
    },
    errors: [
      'invalid_request',
      'not_found',
      'conflict',
      'idempotency_conflict',
      'capability_unavailable',
      'payment_limit_exceeded',
      'insufficient_funds',
    ],
    handler: async ({ ctx, principal, params, body }) => payDocument(ctx, principal, params.id, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/payments',
    operationId: 'listPayments',
    summary: 'List payments',
    description:
      "Payments of the documents the organization is a party to, as payer or payee, newest first. The payee's view leaves out the payer's own details (key_id, source_account_id). Filters: document, status.",
    tags,
    family: 'payments',
    auth: 'scopes',
    scopes: read,
    query: ListPaymentsQuery,
    response: { status: 200, schema: ListOf(Payment, 'Payment'), description: 'A page of payments.' },
    errors: ['invalid_request'],
    handler: async ({ ctx, principal, query }) => listPayments(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/payments/:id',
    operationId: 'getPayment',
    summary: 'Get a payment',
    description: 'One payment the organization made or received; anything else is not_found.',
    tags,
    family: 'payments',
    auth: 'scopes',
    scopes: read,
    params: IdParams,
    response: { status: 200, schema: Payment, description: 'The payment.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => getPayment(ctx, principal, params.id),
  }),
];
