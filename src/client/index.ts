// The typed docex API client, published as `docex/client` (docs/client.md). openapi-fetch over the
// types generated from the service's OpenAPI document (./generated/openapi-types.ts, `npm run app:types`),
// with what every caller of this API otherwise writes by hand:
//   - `Authorization: Bearer <apiKey>` when a key is given;
//   - an `Idempotency-Key` on every write that lacks one (the service refuses writes without),
//     while a caller that retries passes its own key in `headers` and gets the original answer;
//   - every non-2xx answer thrown as a DocexError read from the error envelope.
// Methods resolve to the typed body of the 2xx answer and throw otherwise, rather than returning
// openapi-fetch's `{ data, error }`: an API error then cannot be forgotten, and `data` is typed
// without an `undefined` to test. `raw` is the underlying openapi-fetch client (same behaviour,
// but it resolves to `{ data, response }`) for callers that need the answer's headers.
// Browser-safe: only fetch, Request/Response and crypto.randomUUID, no Node-only modules.
import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
} from 'openapi-fetch';
import { docexErrorFrom } from './errors.ts';
import type { paths } from './generated/openapi-types.ts';

export { DocexError, type ErrorBody, parseRetryAfter, UNEXPECTED_RESPONSE } from './errors.ts';
export type { components, operations, paths } from './generated/openapi-types.ts';

type Media = `${string}/${string}`;
type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Flat<T> = { [K in keyof T]: T[K] };

// The document declares Idempotency-Key as a required header of every write; this client sends
// one itself, so here it is optional (pass one to retry a write).
type OptionalIdempotencyKey<Op> = Op extends { parameters: { header: { 'Idempotency-Key': string } } }
  ? Flat<
      Omit<Op, 'parameters'> & {
        parameters: Flat<Omit<Op['parameters'], 'header'> & { header?: { 'Idempotency-Key'?: string } }>;
      }
    >
  : Op;

/** The API's paths as this client takes them: `paths` with the Idempotency-Key header optional. */
export type DocexPaths = {
  [P in keyof paths]: { [M in keyof paths[P]]: OptionalIdempotencyKey<paths[P][M]> };
};

/** The underlying openapi-fetch client. */
export type RawDocexClient = Client<DocexPaths, Media>;

/** Paths that have an operation for `M`. */
export type PathsWith<M extends Method> = ClientPathsWithMethod<RawDocexClient, M>;

/** The typed body of the 2xx answer of `M` on `P`; undefined for a 204 (no body). */
export type SuccessBody<P extends PathsWith<M>, M extends Method, Init = unknown> = OrUndefined<
  NonNullable<
    Extract<
      FetchResponse<Extract<DocexPaths[P][M], Record<string, unknown>>, Init, Media>,
      { error?: never }
    >['data']
  >
>;
type OrUndefined<T> = [T] extends [never] ? undefined : T;

// As openapi-fetch: the options argument is required exactly when the operation has a required
// parameter or body; extra keys (fetch's own RequestInit members) are allowed.
type InitArgs<Init> = undefined extends Init
  ? [init?: Init & { [key: string]: unknown }]
  : [init: Init & { [key: string]: unknown }];

export type DocexMethod<M extends Method> = <
  P extends PathsWith<M>,
  Init extends MaybeOptionalInit<DocexPaths[P], M>,
>(
  url: P,
  ...init: InitArgs<Init>
) => Promise<SuccessBody<P, M, Init>>;

export interface DocexClient {
  GET: DocexMethod<'get'>;
  POST: DocexMethod<'post'>;
  PUT: DocexMethod<'put'>;
  PATCH: DocexMethod<'patch'>;
  DELETE: DocexMethod<'delete'>;
  /** openapi-fetch's client with the same middleware: resolves to `{ data, response }`, throws DocexError. */
  raw: RawDocexClient;
}

export interface DocexClientOptions {
  /** The service's origin, e.g. `https://docex.example.com` (paths start with `/v1`). */
  baseUrl: string;
  /** An API key (`sk_…`) or a session token, sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** A fetch to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: typeof globalThis.fetch;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The headers every docex call needs and the thrown DocexError; exported for `raw` users' own clients. */
export function docexMiddleware(apiKey?: string): Middleware {
  return {
    onRequest({ request }) {
      if (apiKey && !request.headers.has('authorization')) {
        request.headers.set('authorization', `Bearer ${apiKey}`);
      }
      if (WRITES.has(request.method) && !request.headers.has('idempotency-key')) {
        request.headers.set('idempotency-key', crypto.randomUUID());
      }
      return request;
    },
    async onResponse({ request, response }) {
      if (!response.ok) throw await docexErrorFrom(response, request);
      return undefined;
    },
  };
}

export function createDocexClient(options: DocexClientOptions): DocexClient {
  const raw = createClient<DocexPaths, Media>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  raw.use(docexMiddleware(options.apiKey));
  // The typed signatures are DocexMethod's; underneath every method is the same untyped call.
  const request = raw.request as unknown as (
    method: Method,
    url: string,
    init?: object,
  ) => Promise<{ data?: unknown }>;
  const method = <M extends Method>(m: M): DocexMethod<M> =>
    (async (url: string, init?: object) => (await request(m, url, init)).data) as unknown as DocexMethod<M>;
  return {
    GET: method('get'),
    POST: method('post'),
    PUT: method('put'),
    PATCH: method('patch'),
    DELETE: method('delete'),
    raw,
  };
}
