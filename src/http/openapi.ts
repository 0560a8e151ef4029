// /v1/openapi.json, generated from the route declarations: the single description of the API.
// The docs page and the MCP tools are built from this document.
import type { TSchema } from '@sinclair/typebox';
import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_STATUS, type ErrorCode } from '../lib/errors.ts';
import { API_VERSION } from '../version.ts';
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
    responses[String(ok.status)] = {
      description: ok.description,
      ...(ok.schema
        ? { content: { [ok.contentType ?? 'application/json']: { schema: plain(ok.schema) } } }
        : ok.contentType
          ? { content: { [ok.contentType]: { schema: { type: 'string' } } } }
          : {}),
    };
    if (ok.alternate && ok.schema) {
      responses[String(ok.alternate.status)] = {
        description: ok.alternate.description,
        content: { [ok.contentType ?? 'application/json']: { schema: plain(ok.schema) } },
      };
    }
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of new Set(errors)) {
      const st = ERROR_STATUS[code];
      byStatus.set(st, [...(byStatus.get(st) ?? []), code]);
    }
    for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
      responses[String(status)] = {
        description: codes.map((c) => `\`${c}\``).join(', '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
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
      op.requestBody = { required: true, content: { 'application/json': { schema: plain(route.body) } } };
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
      schemas: { Error: plain(ErrorEnvelopeSchema) },
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
