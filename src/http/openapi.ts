// /v1/openapi.json, generated from the route declarations: the single description of the API.
// The docs page, the interactive reference and the MCP tools are built from this document.
//
// Success responses name their objects (schemas with a title: Document, Payment, …) by reference
// to components.schemas, so each is described once and the reference lists them as models.
// Request bodies stay inline: MCP tools flatten them and the web app reads them (features.ts).
// Every operation carries examples (openapi-examples.ts): its request body, its success answer and
// one error envelope per code it can answer.
import type { TSchema } from '@sinclair/typebox';
import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_STATUS, type ErrorCode } from '../lib/errors.ts';
import { API_VERSION } from '../version.ts';
import {
  errorExampleComponents,
  errorExamples,
  exampleFor,
  REQUEST_EXAMPLES,
  TEXT_EXAMPLES,
} from './openapi-examples.ts';
import type { AnyRoute } from './route.ts';
import { ErrorEnvelopeSchema } from './schemas.ts';

type Json = Record<string, unknown>;

// Every authenticated route can also answer these; listing them on each keeps clients honest.
const COMMON_ERRORS: Record<AnyRoute['auth'], ErrorCode[]> = {
  none: [],
  operator: ['unauthorized'],
  session: ['unauthorized', 'insufficient_scope'],
  session_or_scopes: ['unauthorized', 'forbidden', 'insufficient_scope', 'rate_limited'],
  scopes: ['unauthorized', 'forbidden', 'insufficient_scope', 'rate_limited'],
};

/** A plain JSON copy of a TypeBox schema (drops its symbol keys). */
function plain(schema: TSchema): Json {
  return JSON.parse(JSON.stringify(schema)) as Json;
}

/**
 * Moves every titled object schema inside `schema` into `components` (by its title) and puts a
 * reference in its place. A title already taken by a different schema stays inline rather than
 * describe two shapes under one name.
 */
function hoistTitled(schema: unknown, components: Record<string, Json>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => hoistTitled(s, components));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = hoistTitled(v, components);
  const title = out.title;
  if (typeof title !== 'string' || title === 'Error') return out;
  const existing = components[title];
  if (existing && JSON.stringify(existing) !== JSON.stringify(out)) return out;
  components[title] = out;
  return { $ref: `#/components/schemas/${title}` };
}

/** A success answer's content: the schema (by reference where titled) and an example. */
function successContent(route: AnyRoute, schemas: Record<string, Json>): Json | undefined {
  const ok = route.response;
  const type = ok.contentType ?? 'application/json';
  if (ok.schema) {
    const schema = hoistTitled(plain(ok.schema), schemas);
    return { [type]: { schema, example: exampleFor(schema, schemas) } };
  }
  if (!ok.contentType) return undefined;
  // Raw bytes sent by the handler: the specification itself is a JSON object, the rest text.
  if (/json/.test(type)) {
    return { [type]: { schema: { type: 'object' }, example: { openapi: '3.1.0', info: {}, paths: {} } } };
  }
  return { [type]: { schema: { type: 'string' }, example: TEXT_EXAMPLES[type] ?? '…' } };
}

function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function parametersOf(route: AnyRoute): Json[] {
  const out: Json[] = [];
  const add = (schema: TSchema | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const s = plain(schema) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const { description, ...rest } = prop as { description?: string };
      out.push({
        name,
        in: where,
        required: where === 'path' || (s.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  if (route.method !== 'GET' && route.idempotent !== false) {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        '8 to 128 characters, unique per logical request. Same key and body replays the original response.',
      schema: { type: 'string', minLength: 8, maxLength: 128 },
    });
  }
  return out;
}

/** Codes the shared pipeline can answer for this route's shape, whatever its handler does. */
function impliedErrors(route: AnyRoute): ErrorCode[] {
  const out: ErrorCode[] = [];
  if (route.params || route.query) out.push('invalid_request');
  if (route.method !== 'GET' && route.idempotent !== false) {
    // a missing or malformed Idempotency-Key, a concurrent retry, the key reused with another body
    out.push('invalid_request', 'conflict', 'idempotency_conflict');
  }
  if (route.body) out.push('invalid_request', 'payload_too_large', 'unsupported_media_type');
  return out;
}

function securityOf(route: AnyRoute): Json[] {
  switch (route.auth) {
    case 'none':
      return [];
    case 'operator':
      return [{ operatorToken: [] }];
    case 'session':
      return [{ adminSession: [] }];
    case 'session_or_scopes':
    case 'scopes':
      return [{ apiKey: route.scopes ?? [] }, { adminSession: [] }];
  }
}

export function buildOpenApi(routes: AnyRoute[], baseUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const schemas: Record<string, Json> = { Error: plain(ErrorEnvelopeSchema) };
  for (const route of routes) {
    if (route.internal) continue;
    const path = toOpenApiPath(route.url);
    const errors = [
      ...new Set<ErrorCode>([...COMMON_ERRORS[route.auth], ...impliedErrors(route), ...route.errors]),
    ];
    if (route.family) errors.push('not_enabled');
    errors.push('internal_error');
    const responses: Record<string, Json> = {};
    const ok = route.response;
    const content = successContent(route, schemas);
    responses[String(ok.status)] = { description: ok.description, ...(content ? { content } : {}) };
    if (ok.alternate && content) {
      responses[String(ok.alternate.status)] = { description: ok.alternate.description, content };
    }
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of new Set(errors)) {
      const st = ERROR_STATUS[code];
      byStatus.set(st, [...(byStatus.get(st) ?? []), code]);
    }
    for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
      responses[String(status)] = {
        description: codes.map((c) => `\`${c}\``).join(', '),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            examples: errorExamples(codes),
          },
        },
      };
    }
    const op: Json = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      parameters: parametersOf(route),
      responses,
      security: securityOf(route),
      'x-docex-auth': route.auth,
      'x-docex-scopes': route.scopes ?? [],
      'x-docex-errors': [...new Set(errors)],
      ...(route.family ? { 'x-docex-family': route.family } : {}),
    };
    if (route.body) {
      const schema = plain(route.body);
      const example = REQUEST_EXAMPLES[route.operationId] ?? exampleFor(schema, schemas);
      op.requestBody = { required: true, content: { 'application/json': { schema, example } } };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'docex: document exchange',
      version: API_VERSION,
      description:
        'Organizations exchange invoices, purchase orders, quotes and credit notes over connections, pay them, finance them, and prove afterwards what happened. Every response carries Svc-Api-Version and Svc-Request-Id.',
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      examples: errorExampleComponents(baseUrl),
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: rk_live_… or rk_test_…' },
        adminSession: {
          type: 'http',
          scheme: 'bearer',
          description: 'An admin session token from POST /v1/sessions: sess_…',
        },
        operatorToken: { type: 'http', scheme: 'bearer', description: "The deployment's operator token." },
      },
    },
    'x-docex-error-codes': Object.fromEntries(
      ERROR_CODES.map((c) => [c, { status: ERROR_STATUS[c], description: ERROR_DESCRIPTIONS[c] }]),
    ),
  };
}
