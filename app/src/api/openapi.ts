// The API types the service's OpenAPI document generates. One generated copy lives with the
// published client (src/client/generated/openapi-types.ts, `npm run app:types`); the app reads it from there
// (add `paths` here when a page needs them).
export type { components, operations } from '../../../src/client/generated/openapi-types.ts';
