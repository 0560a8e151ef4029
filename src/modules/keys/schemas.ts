import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../http/schemas.ts';
import { CURRENCIES } from '../../lib/currencies.ts';
import { SCOPES } from '../../lib/scopes.ts';

const PerCurrency = Type.Object(
  Object.fromEntries(CURRENCIES.map((c) => [c, Type.Optional(Type.Number({ minimum: 0 }))])),
  {
    additionalProperties: false,
    description: 'Amounts in major units per currency. A currency not listed is not payable with this key.',
  },
);

export const PaymentLimitsSchema = Type.Object(
  { max_per_payment: Type.Optional(PerCurrency), daily_volume: Type.Optional(PerCurrency) },
  { additionalProperties: false, title: 'PaymentLimits' },
);

export const Key = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('api_key'),
    organization_id: Type.String(),
    name: Type.String(),
    prefix: Type.String({ description: 'The first 12 characters of the key, shown forever.' }),
    scopes: Type.Array(Type.String()),
    status: Type.Union([
      Type.Literal('active'),
      Type.Literal('expired'),
      Type.Literal('revoked'),
      Type.Literal('rotated'),
    ]),
    expires_at: Nullable(Timestamp),
    allowed_cidrs: Nullable(Type.Array(Type.String())),
    payment_limits: Type.Optional(PaymentLimitsSchema),
    last_used_at: Nullable(Timestamp),
    created_at: Timestamp,
    revoked_at: Nullable(Timestamp),
    rotated_from_id: Nullable(Type.String()),
    rotated_to_id: Nullable(Type.String()),
    key: Type.Optional(
      Type.String({
        description: 'The full secret: present only in the response that creates or rotates the key.',
      }),
    ),
  },
  { title: 'ApiKey' },
);

export const RotatedKey = Type.Intersect(
  [
    Key,
    Type.Object({
      previous: Type.Object({
        id: Type.String(),
        prefix: Type.String(),
        expires_at: Nullable(Timestamp),
        rotated_to_id: Nullable(Type.String()),
      }),
    }),
  ],
  { title: 'RotatedApiKey' },
);

export const CreateKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    scopes: Type.Array(Type.Union(SCOPES.map((s) => Type.Literal(s))), {
      minItems: 1,
      maxItems: SCOPES.length,
    }),
    expires_at: Type.Optional(Nullable(Timestamp)),
    allowed_cidrs: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 }))),
    payment_limits: Type.Optional(Nullable(PaymentLimitsSchema)),
  },
  { additionalProperties: false },
);
