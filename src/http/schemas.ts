// Schema pieces shared by many routes.
import { type TSchema, Type } from '@sinclair/typebox';
import { ERROR_CODES } from '../lib/errors.ts';

export const Timestamp = Type.String({
  format: 'date-time',
  description: 'ISO 8601 with milliseconds, UTC.',
});
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
export const DateOnly = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

export function Nullable<T extends TSchema>(t: T) {
  return Type.Union([t, Type.Null()]);
}

export const IdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const ListQuery = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 20,
      description: 'Page size, 1 to 100 (a maximum only).',
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'next_cursor of the previous page, verbatim.',
    }),
  ),
};

export function ListOf<T extends TSchema>(item: T, name: string) {
  return Type.Object(
    {
      data: Type.Array(item),
      next_cursor: Nullable(Type.String()),
      has_more: Type.Boolean(),
    },
    { additionalProperties: false, title: `${name}List` },
  );
}

export const ErrorEnvelopeSchema = Type.Object(
  {
    error: Type.Object({
      code: Type.Union(ERROR_CODES.map((c) => Type.Literal(c))),
      message: Type.String(),
      docs_url: Type.String(),
      details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  },
  { title: 'Error' },
);

export const EmptyBody = Type.Object({}, { additionalProperties: false });
