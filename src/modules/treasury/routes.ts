import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { IdParams, ListOf, ListQuery } from '../../http/schemas.ts';
import { Account, AccountsQuery, FundBody, Transaction } from './schemas.ts';
import {
  fundOrganization,
  getTreasuryAccount,
  listAccountTransactions,
  listTreasuryAccounts,
} from './treasury.ts';

const tags = ['Treasury'];
const scopes: ['treasury:read'] = ['treasury:read'];
const readErrors = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'insufficient_scope',
  'capability_unavailable',
] as const;

export const treasuryRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/v1/treasury/accounts',
    operationId: 'listTreasuryAccounts',
    summary: 'List treasury accounts',
    description:
      'The organization’s treasury accounts, one per currency (USD, EUR, GBP, CAD), newest first. `balance` is the booked balance (the sum of the account’s transactions); `available` is what is not reserved by payments in progress. Verified organizations only: an unverified one is refused with capability_unavailable.',
    tags,
    family: 'treasury',
    auth: 'scopes',
    scopes,
    query: AccountsQuery,
    response: { status: 200, schema: ListOf(Account, 'TreasuryAccount'), description: 'A page of accounts.' },
    errors: [...readErrors],
    handler: async ({ ctx, principal, query }) => listTreasuryAccounts(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/treasury/accounts/:id',
    operationId: 'getTreasuryAccount',
    summary: 'Get a treasury account',
    description: 'One treasury account of the organization. Verified organizations only.',
    tags,
    family: 'treasury',
    auth: 'scopes',
    scopes,
    params: IdParams,
    response: { status: 200, schema: Account, description: 'The account.' },
    errors: [...readErrors, 'not_found'],
    handler: async ({ ctx, principal, params }) => getTreasuryAccount(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/treasury/accounts/:id/transactions',
    operationId: 'listTreasuryTransactions',
    summary: 'List an account’s transactions',
    description:
      'The account’s statement, newest first: one transaction per movement (signed: positive credits, negative debits) with the balance right after it, booked once when a transfer settles. The balance always equals the sum of the transactions. Verified organizations only.',
    tags,
    family: 'treasury',
    auth: 'scopes',
    scopes,
    params: IdParams,
    query: Type.Object({ ...ListQuery }, { additionalProperties: false }),
    response: {
      status: 200,
      schema: ListOf(Transaction, 'TreasuryTransaction'),
      description: 'A page of transactions.',
    },
    errors: [...readErrors, 'not_found'],
    handler: async ({ ctx, principal, params, query }) =>
      listAccountTransactions(ctx, principal, params.id, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/operator/organizations/:id/fund',
    operationId: 'operatorFundOrganization',
    summary: 'Top up an organization’s account (operator)',
    description:
      'Credits the organization’s treasury account in `currency` with `amount` from outside the ledger, booked as double entry against the external account of the organization’s environment. Returns the account.',
    tags: ['Operator'],
    auth: 'operator',
    params: IdParams,
    body: FundBody,
    response: { status: 200, schema: Account, description: 'The credited account.' },
    errors: ['invalid_request', 'unauthorized', 'not_found'],
    handler: async ({ ctx, params, body }) => fundOrganization(ctx, params.id, body),
  }),
];
