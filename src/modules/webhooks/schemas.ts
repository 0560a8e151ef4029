import { Type } from '@sinclair/typebox';
import { ListQuery, Nullable, Timestamp } from '../../http/schemas.ts';
import { EVENT_TYPES } from '../events/append.ts';
import { EventTypeSchema } from '../events/schemas.ts';
import { MAX_URL_LENGTH } from './url-policy.ts';

const Url = Type.String({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  description:
    'Where deliveries are POSTed. https only in production, to a public address; development also allows http and local addresses.',
});
const Events = Type.Array(EventTypeSchema, {
  maxItems: EVENT_TYPES.length,
  description: 'Subscribed event types. Empty means all, including types added later.',
});

export const CreateEndpointBody = Type.Object({ url: Url, events: Events }, { additionalProperties: false });

export const UpdateEndpointBody = Type.Object(
  { url: Type.Optional(Url), events: Type.Optional(Events) },
  { additionalProperties: false },
);

export const WebhookEndpoint = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('webhook_endpoint'),
    url: Type.String(),
    events: Type.Array(Type.String()),
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('DISABLED')]),
    disabled_reason: Nullable(Type.String()),
    consecutive_failures: Type.Integer({
      description: 'Deliveries in a row that failed all their attempts; 20 disables the endpoint.',
    }),
    last_success_at: Nullable(Timestamp),
    last_failure_at: Nullable(Timestamp),
    previous_secret_valid_until: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
    secret: Type.Optional(
      Type.String({
        description:
          'The signing secret (whsec_...): only in the responses that create the endpoint or rotate its secret, and in GET /v1/webhooks/{id} while the window of a rotation docex made itself is open (docs/security.md, secret rotation).',
      }),
    ),
  },
  { title: 'WebhookEndpoint' },
);

export const DeletedEndpoint = Type.Object(
  { id: Type.String(), object: Type.Literal('webhook_endpoint'), deleted: Type.Literal(true) },
  { title: 'DeletedWebhookEndpoint' },
);

const Attempt = Type.Object(
  {
    at: Timestamp,
    status_code: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when none came." })),
    duration_ms: Type.Integer(),
    error: Nullable(Type.String({ description: 'Why the attempt failed; null on success.' })),
  },
  { title: 'WebhookAttempt' },
);

const DeliveryStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);

export const WebhookDelivery = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('webhook_delivery'),
    endpoint_id: Type.String(),
    event_id: Type.String({ description: 'Sent as Svc-Webhook-Id, the same on every attempt.' }),
    event_type: Type.String(),
    status: DeliveryStatus,
    failure_reason: Nullable(
      Type.String({
        description:
          'For failed deliveries: attempts_exhausted (six attempts failed), endpoint_disabled (not sent: the endpoint was DISABLED) or event_expired.',
      }),
    ),
    attempts: Type.Array(Attempt, { description: 'Every attempt, oldest first.' }),
    next_attempt_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'WebhookDelivery' },
);

export const ListDeliveriesQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(DeliveryStatus),
    event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const DeliveryParams = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    delivery_id: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
