// Unauthenticated reads (enablement, the specification, its docs page and interactive reference)
// and the test clock.
import { Type } from '@sinclair/typebox';
import { FAMILIES } from '../../config.ts';
import { DOCS_STYLE_HASH, renderDocsPage } from '../../http/docs-page.ts';
import { buildOpenApi } from '../../http/openapi.ts';
import {
  REFERENCE_ASSETS,
  REFERENCE_PATH,
  sendFavicon,
  sendReferenceAsset,
  sendReferencePage,
} from '../../http/reference-page.ts';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { Timestamp } from '../../http/schemas.ts';
import { securityHeaders } from '../../http/security-headers.ts';
import { API_VERSION } from '../../version.ts';
import { healthRoutes } from './health.ts';
import { advanceTestClock } from './test-clock.ts';

const Enablement = Type.Object(
  {
    api_version: Type.String(),
    environment: Type.Union([Type.Literal('development'), Type.Literal('production')]),
    families: Type.Object(Object.fromEntries(FAMILIES.map((f) => [f, Type.Boolean()]))),
  },
  { title: 'Enablement' },
);

const ClockState = Type.Object({ now: Timestamp }, { title: 'TestClock' });

/**
 * The families this build can serve: those with at least one route (plus enablement itself).
 * A family that is specified but not built yet reports false rather than promising operations
 * that would answer 404.
 */
export function servedFamilies(routes: AnyRoute[]): Set<string> {
  const served = new Set<string>(['enablement']);
  for (const r of routes) if (r.family) served.add(r.family);
  return served;
}

/** docex's icon for browser tabs (the reference, /v1/docs, the web app): the pages' own file, not part of the API. */
function faviconRoute(url: string, operationId: string): AnyRoute {
  return defineRoute({
    method: 'GET',
    url,
    operationId,
    summary: "docex's icon",
    description: 'A small SVG for browser tabs (the reference, /v1/docs, the web app).',
    tags: ['Meta'],
    auth: 'none',
    internal: true,
    response: { status: 200, schema: null, description: 'SVG.', contentType: 'image/svg+xml' },
    errors: [],
    handler: async ({ request, reply }) => {
      sendFavicon(request, reply);
      return SENT;
    },
  });
}

export function metaRoutes(all: () => AnyRoute[]): AnyRoute[] {
  let cachedOpenApi: string | null = null;
  let cachedDocs: string | null = null;
  const openapiText = (baseUrl: string) => {
    cachedOpenApi ??= JSON.stringify(buildOpenApi(all(), baseUrl));
    return cachedOpenApi;
  };
  return [
    ...healthRoutes(),
    defineRoute({
      method: 'GET',
      url: '/v1/enablement',
      operationId: 'getEnablement',
      summary: 'Which families this deployment serves',
      description: 'Unauthenticated. A family that is off answers not_enabled on every operation.',
      tags: ['Meta'],
      auth: 'none',
      response: { status: 200, schema: Enablement, description: 'The families and whether each is on.' },
      errors: [],
      handler: async ({ ctx }) => ({
        api_version: API_VERSION,
        environment: ctx.config.env,
        families: Object.fromEntries(
          FAMILIES.map((f) => [f, servedFamilies(all()).has(f) && !ctx.config.familiesDisabled.has(f)]),
        ),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/openapi.json',
      operationId: 'getOpenApi',
      summary: 'The specification',
      description:
        'Unauthenticated. The OpenAPI 3.1 document describing every operation, generated from the route declarations.',
      tags: ['Meta'],
      auth: 'none',
      response: {
        status: 200,
        schema: null,
        description: 'OpenAPI 3.1 JSON.',
        contentType: 'application/json',
      },
      errors: [],
      handler: async ({ ctx, reply }) => {
        securityHeaders(reply);
        reply
          .code(200)
          .header('content-type', 'application/json; charset=utf-8')
          .send(openapiText(ctx.config.baseUrl));
        return SENT;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/docs',
      operationId: 'getDocs',
      summary: 'The human documentation page',
      description:
        'Unauthenticated. HTML generated from the OpenAPI document, with an errors-<code> anchor per error code.',
      tags: ['Meta'],
      auth: 'none',
      response: { status: 200, schema: null, description: 'HTML.', contentType: 'text/html' },
      errors: [],
      handler: async ({ ctx, reply }) => {
        cachedDocs ??= renderDocsPage(JSON.parse(openapiText(ctx.config.baseUrl)));
        // The same headers as /app (CONTRACT 10): the page is HTML served to browsers too.
        securityHeaders(reply, [DOCS_STYLE_HASH]);
        reply.code(200).header('content-type', 'text/html; charset=utf-8').send(cachedDocs);
        return SENT;
      },
    }),
    defineRoute({
      method: 'GET',
      url: REFERENCE_PATH,
      operationId: 'getReference',
      summary: 'The interactive API reference',
      description:
        'Unauthenticated. Every operation of the OpenAPI document with its schemas and a request and response example, searchable, with a "Test request" client that calls this service only. Served whole by docex (no CDN).',
      tags: ['Meta'],
      auth: 'none',
      response: { status: 200, schema: null, description: 'HTML.', contentType: 'text/html' },
      errors: [],
      handler: async ({ reply }) => {
        sendReferencePage(reply, API_VERSION);
        return SENT;
      },
    }),
    faviconRoute('/favicon.svg', 'getFaviconSvg'),
    // Browsers ask for /favicon.ico on their own; it answers the same SVG.
    faviconRoute('/favicon.ico', 'getFaviconIco'),
    defineRoute({
      method: 'GET',
      url: `${REFERENCE_ASSETS}/:file`,
      operationId: 'getReferenceAsset',
      summary: "The reference page's scripts",
      description: 'Versioned file names, cached for good; any other name answers not_found.',
      tags: ['Meta'],
      auth: 'none',
      // The page's own files, not part of the API.
      internal: true,
      params: Type.Object(
        { file: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' }) },
        { additionalProperties: false },
      ),
      response: { status: 200, schema: null, description: 'JavaScript.', contentType: 'text/javascript' },
      errors: ['not_found'],
      handler: async ({ request, reply, params }) => {
        await sendReferenceAsset(request, reply, params.file);
        return SENT;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/test_helpers/clock',
      operationId: 'getTestClock',
      summary: 'Read the test clock',
      description: 'Only with DOCEX_TEST_CLOCK=1 (404 not_found otherwise). Operator token.',
      tags: ['Test helpers'],
      auth: 'operator',
      internal: true,
      // Without DOCEX_TEST_CLOCK the path does not exist, whoever asks (CONTRACT 0).
      available: (config) => config.testClock,
      response: { status: 200, schema: ClockState, description: 'The service time.' },
      errors: ['not_found'],
      handler: async ({ ctx }) => ({ now: ctx.clock.now().toISOString() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/test_helpers/clock',
      operationId: 'advanceTestClock',
      summary: 'Move the test clock forward',
      description:
        'Only with DOCEX_TEST_CLOCK=1. Body {advance_seconds} or {now}; the clock only moves forward. Every time rule of the service reads this clock.',
      tags: ['Test helpers'],
      auth: 'operator',
      internal: true,
      available: (config) => config.testClock,
      body: Type.Object(
        {
          advance_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 10 * 365 * 86400 })),
          now: Type.Optional(Timestamp),
        },
        { additionalProperties: false },
      ),
      response: { status: 200, schema: ClockState, description: 'The service time after the move.' },
      errors: ['not_found', 'invalid_request'],
      handler: async ({ ctx, body }) => ({ now: (await advanceTestClock(ctx, body)).toISOString() }),
    }),
  ];
}
