import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { IdParams, ListOf, ListQuery } from '../../http/schemas.ts';
import { eventRoutes } from '../events/routes.ts';
import { listDeliveries, recordPing, redeliver, sendPing } from './deliveries.ts';
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from './endpoints.ts';
import {
  CreateEndpointBody,
  DeletedEndpoint,
  DeliveryParams,
  ListDeliveriesQuery,
  UpdateEndpointBody,
  WebhookDelivery,
  WebhookEndpoint,
} from './schemas.ts';

const tags = ['Webhooks'];
// CONTRACT 5: endpoint management needs an admin session; an API key gets insufficient_scope.
const common = { tags, family: 'webhooks' as const, auth: 'session' as const };

const endpointRoutes: AnyRoute[] = [
  defineRoute({
    ...common,
    method: 'POST',
    url: '/v1/webhooks',
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    description:
      'Registers an endpoint for the organization. The signing secret is in this response only. `events` narrows the types delivered; empty means all, including types added later. The endpoint receives events from now on, never older ones. At most 16 endpoints per organization.',
    body: CreateEndpointBody,
    response: { status: 201, schema: WebhookEndpoint, description: 'The endpoint, with `secret`.' },
    errors: ['invalid_request', 'conflict'],
    handler: async ({ ctx, principal, body }) => createEndpoint(ctx, principal, body),
  }),
  defineRoute({
    ...common,
    method: 'GET',
    url: '/v1/webhooks',
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints',
    description: "The organization's endpoints, newest first. Secrets are never shown again.",
    query: Type.Object({ ...ListQuery }, { additionalProperties: false }),
    response: {
      status: 200,
      schema: ListOf(WebhookEndpoint, 'WebhookEndpoint'),
      description: 'A page of endpoints.',
    },
    errors: ['invalid_request'],
    handler: async ({ ctx, principal, query }) => listEndpoints(ctx, principal, query),
  }),
  defineRoute({
    ...common,
    method: 'GET',
    url: '/v1/webhooks/:id',
    operationId: 'getWebhookEndpoint',
    summary: 'Get a webhook endpoint',
    description:
      "One endpoint, with its status and delivery health. After docex rotated the endpoint's secret itself (an operator's `docex rotate-secrets`, or the first start after an upgrade that sealed secrets), the new `secret` is shown here until `previous_secret_valid_until`, while deliveries are still signed with the old one as well.",
    params: IdParams,
    response: { status: 200, schema: WebhookEndpoint, description: 'The endpoint.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => getEndpoint(ctx, principal, params.id),
  }),
  defineRoute({
    ...common,
    method: 'PATCH',
    url: '/v1/webhooks/:id',
    operationId: 'updateWebhookEndpoint',
    summary: 'Update a webhook endpoint',
    description:
      'Changes the url and/or the subscribed events. The new values apply to events fanned out from now on; deliveries already queued keep going to the current url at their next attempt.',
    params: IdParams,
    body: UpdateEndpointBody,
    response: { status: 200, schema: WebhookEndpoint, description: 'The endpoint.' },
    errors: ['invalid_request', 'not_found'],
    handler: async ({ ctx, principal, params, body }) => updateEndpoint(ctx, principal, params.id, body),
  }),
  defineRoute({
    ...common,
    method: 'DELETE',
    url: '/v1/webhooks/:id',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: 'Deletes the endpoint and its delivery history; nothing more is sent to it.',
    params: IdParams,
    response: { status: 200, schema: DeletedEndpoint, description: 'The deleted endpoint id.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => deleteEndpoint(ctx, principal, params.id),
  }),
  defineRoute({
    ...common,
    method: 'POST',
    url: '/v1/webhooks/:id/enable',
    operationId: 'enableWebhookEndpoint',
    summary: 'Re-enable a webhook endpoint',
    description:
      'Sets the endpoint ACTIVE and resets its consecutive-failure counter. Events that happened while it was DISABLED are in its deliveries list as failed (endpoint_disabled); redeliver the ones you need.',
    params: IdParams,
    response: { status: 200, schema: WebhookEndpoint, description: 'The endpoint.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => enableEndpoint(ctx, principal, params.id),
  }),
  defineRoute({
    ...common,
    method: 'POST',
    url: '/v1/webhooks/:id/rotate_secret',
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      'Returns a new secret (in this response only). For 24 hours, until `previous_secret_valid_until`, every delivery is signed with both: two v1 entries, the new secret first. Rotating again inside the window retires the older secret at once.',
    params: IdParams,
    response: { status: 200, schema: WebhookEndpoint, description: 'The endpoint, with the new `secret`.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => rotateEndpointSecret(ctx, principal, params.id),
  }),
  defineRoute({
    ...common,
    method: 'GET',
    url: '/v1/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'List deliveries',
    description:
      "The endpoint's deliveries of the last 30 days, newest first, each with every attempt. Filter by `status` (failed finds what to redeliver) or `event_id`.",
    params: IdParams,
    query: ListDeliveriesQuery,
    response: {
      status: 200,
      schema: ListOf(WebhookDelivery, 'WebhookDelivery'),
      description: 'A page of deliveries.',
    },
    errors: ['invalid_request', 'not_found'],
    handler: async ({ ctx, principal, params, query }) => listDeliveries(ctx, principal, params.id, query),
  }),
  defineRoute({
    ...common,
    method: 'POST',
    url: '/v1/webhooks/:id/deliveries/:delivery_id/redeliver',
    operationId: 'redeliverWebhook',
    summary: 'Redeliver',
    description:
      'Sends the delivery again, same body and same Svc-Webhook-Id, within about a second (answered 202 at once; follow it in the deliveries list). A succeeded or failed delivery gets a fresh series of up to six attempts. The endpoint must be ACTIVE.',
    params: DeliveryParams,
    response: { status: 202, schema: WebhookDelivery, description: 'The delivery, pending.' },
    errors: ['not_found', 'conflict'],
    handler: async ({ ctx, principal, params }) => redeliver(ctx, principal, params.id, params.delivery_id),
  }),
  defineRoute({
    ...common,
    method: 'POST',
    url: '/v1/webhooks/:id/ping',
    operationId: 'pingWebhookEndpoint',
    summary: 'Ping',
    description:
      'Sends a `ping` event (data.webhook_endpoint_id) to the endpoint now, signed exactly like real deliveries, and answers with the outcome: status succeeded or failed and the attempt (status code, duration, error). Works on a DISABLED endpoint too; not retried; does not change the endpoint counters.',
    params: IdParams,
    response: { status: 200, schema: WebhookDelivery, description: 'The ping delivery and its attempt.' },
    errors: ['not_found'],
    // The HTTP attempt holds no transaction; its outcome commits with the Idempotency-Key record.
    prepare: ({ ctx, principal, params }) => sendPing(ctx, principal, params.id),
    handler: async ({ ctx, prepared }) => recordPing(ctx, prepared),
  }),
];

/** Webhook management and GET /v1/events, its polling counterpart. */
export const webhookRoutes: AnyRoute[] = [...endpointRoutes, ...eventRoutes];
