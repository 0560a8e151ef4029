import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { ListOf } from '../../http/schemas.ts';
import { listEvents } from './list-events.ts';
import { EventEnvelopeSchema, ListEventsQuery } from './schemas.ts';

export const eventRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/v1/events',
    operationId: 'listEvents',
    summary: 'List events',
    description:
      "The organization's events of the last 30 days, newest first: the same envelopes its webhook endpoints receive, projected for the organization. Filter by `type` and `since`. The polling backstop for webhooks.",
    tags: ['Events'],
    auth: 'scopes',
    scopes: ['documents:read'],
    query: ListEventsQuery,
    response: { status: 200, schema: ListOf(EventEnvelopeSchema, 'Event'), description: 'A page of events.' },
    errors: ['invalid_request'],
    handler: async ({ ctx, principal, query }) => listEvents(ctx, principal, query),
  }),
];
