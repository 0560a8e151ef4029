import { Type } from '@sinclair/typebox';
import { ListQuery, Timestamp } from '../../http/schemas.ts';
import { EVENT_TYPES, type EventType } from './append.ts';

/** One of the known event types, as an enum (so a wrong value is answered with the list). */
export const EventTypeSchema = Type.Unsafe<EventType>({
  type: 'string',
  enum: [...EVENT_TYPES],
  description: 'An event type (SPEC 6.1).',
});

export const EventEnvelopeSchema = Type.Object(
  {
    id: Type.String({ description: 'Event identifier, prefix evt_. Deliveries carry it as Svc-Webhook-Id.' }),
    type: Type.String({ description: 'One of the event types, or ping for a test delivery.' }),
    api_version: Type.String(),
    created_at: Timestamp,
    data: Type.Record(Type.String(), Type.Unknown(), {
      description: 'data.document: the document as GET /v1/documents/{id} returns it for the receiver.',
    }),
    sandbox: Type.Optional(Type.Literal(true, { description: 'Present for sandbox organizations.' })),
  },
  { title: 'Event' },
);

export const ListEventsQuery = Type.Object(
  {
    ...ListQuery,
    type: Type.Optional(EventTypeSchema),
    since: Type.Optional(
      Type.String({
        minLength: 10,
        maxLength: 40,
        description: 'Only events created at or after this timestamp (or date, from its start in UTC).',
      }),
    ),
  },
  { additionalProperties: false },
);
