import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { IdParams, ListOf, ListQuery } from '../../http/schemas.ts';
import { createKey, getKey, listKeys, revokeKey, rotateKey } from './keys.ts';
import { CreateKeyBody, Key, RotatedKey } from './schemas.ts';

const tags = ['Keys'];
const auth = 'session_or_scopes' as const;
const scopes: ['keys:manage'] = ['keys:manage'];

export const keyRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/v1/keys',
    operationId: 'createKey',
    summary: 'Create an API key',
    description:
      'Mints a key for the calling organization. The full secret is in this response only; the service keeps its hash. Live organizations get rk_live_ keys, sandbox ones rk_test_. Only an admin session may grant keys:manage; a key with keys:manage may grant only scopes it holds. A key minted by a key sits below it in its minting chain: its payments count against the daily_volume of every key above it. At most 1,000 active keys per organization (409 conflict beyond).',
    tags,
    family: 'keys',
    auth,
    scopes,
    body: CreateKeyBody,
    response: { status: 201, schema: Key, description: 'The key, with its secret in `key`.' },
    errors: ['invalid_request', 'unauthorized', 'forbidden', 'insufficient_scope', 'conflict'],
    handler: async ({ ctx, principal, body }) => createKey(ctx, principal, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/keys',
    operationId: 'listKeys',
    summary: 'List API keys',
    description: "The organization's keys, newest first. Secrets are never shown again.",
    tags,
    family: 'keys',
    auth,
    scopes,
    query: Type.Object({ ...ListQuery }, { additionalProperties: false }),
    response: { status: 200, schema: ListOf(Key, 'ApiKey'), description: 'A page of keys.' },
    errors: ['invalid_request', 'unauthorized', 'forbidden', 'insufficient_scope'],
    handler: async ({ ctx, principal, query }) => listKeys(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/keys/:id',
    operationId: 'getKey',
    summary: 'Get an API key',
    description: 'One key of the organization, without its secret.',
    tags,
    family: 'keys',
    auth,
    scopes,
    params: IdParams,
    response: { status: 200, schema: Key, description: 'The key.' },
    errors: ['unauthorized', 'forbidden', 'insufficient_scope', 'not_found'],
    handler: async ({ ctx, principal, params }) => getKey(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/keys/:id/revoke',
    operationId: 'revokeKey',
    summary: 'Revoke an API key',
    description:
      'Immediate and permanent: the next request with the key is refused with unauthorized, and so is its predecessor still in its rotation grace. Revoking a revoked key returns the same record. A key may revoke only itself or keys it could have minted (scopes it holds, never keys:manage): otherwise insufficient_scope.',
    tags,
    family: 'keys',
    auth,
    scopes,
    params: IdParams,
    response: { status: 200, schema: Key, description: 'The revoked key.' },
    errors: ['unauthorized', 'forbidden', 'insufficient_scope', 'not_found'],
    handler: async ({ ctx, principal, params }) => revokeKey(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/keys/:id/rotate',
    operationId: 'rotateKey',
    summary: 'Rotate an API key',
    description:
      'Mints a replacement with the same name, scopes, limits, CIDRs and expiry (secret shown once). The old key keeps working for 24 hours (or until its own earlier expiry), then is refused. Rotating a key that is not active is a conflict.',
    tags,
    family: 'keys',
    auth,
    scopes,
    params: IdParams,
    response: {
      status: 201,
      schema: RotatedKey,
      description: 'The new key with its secret, and `previous`.',
    },
    errors: ['unauthorized', 'forbidden', 'insufficient_scope', 'not_found', 'conflict'],
    handler: async ({ ctx, principal, params }) => rotateKey(ctx, principal, params.id),
  }),
];
