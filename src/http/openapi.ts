// /v1/openapi.json, generated from the route declarations: the single description of the API.
// The docs page, the interactive reference and the MCP tools are built from this document.
//
// Success responses name their objects (schemas with a title: Document, Payment, …) by reference
// to components.schemas, so each is described once and the reference lists them as models.
// Request bodies stay inline: MCP tools flatten them and the web app reads them (features.ts).
// Every operation carries examples (openapi-examples.ts): its request body, its success answer and
// one error envelope per code it can answer.
import { createHash } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_STATUS, type ErrorCode } from '../lib/errors.ts';
import { API_VERSION } from '../version.ts';
import {
  errorExampleComponents,
  errorExamples,
  exampleFor,
  REQUEST_EXAMPLES,
  RESPONSE_EXAMPLES,
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
  // A wrong, revoked or expired link is not_found, never unauthorized: no hint that it ever was one.
  link: ['not_found', 'rate_limited'],
};

/** A plain JSON copy of a TypeBox schema (drops its symbol keys), its enumerations as `enum`. */
function plain(schema: TSchema): Json {
  return asEnums(JSON.parse(JSON.stringify(schema))) as Json;
}

/**
 * TypeBox writes a union of literals as anyOf of consts, which a reader of the reference sees as
 * "Any of · const: ubl"; the same choice as `enum` shows its values ("ubl, cii, facturx"). A null
 * branch becomes null among the values. Validation is unchanged: the service validates with the
 * TypeBox schemas themselves (src/http/validation.ts).
 */
function asEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asEnums);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = asEnums(v);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return out;
  const isNull = (b: Json) => b.type === 'null' && Object.keys(b).length === 1;
  const consts = (branches as Json[]).filter((b) => !isNull(b));
  const types = new Set(consts.map((b) => b.type));
  const plainConst = (b: Json) =>
    b.const !== undefined && Object.keys(b).every((k) => k === 'const' || k === 'type');
  if (!consts.every(plainConst) || types.size !== 1) return out;
  const type = [...types][0];
  const nullable = consts.length < branches.length;
  const { anyOf: _branches, ...rest } = out;
  return {
    ...rest,
    ...(typeof type === 'string' ? { type: nullable ? [type, 'null'] : type } : {}),
    enum: [...consts.map((b) => b.const), ...(nullable ? [null] : [])],
  };
}

/** A version-4-shaped UUID derived from the operation, so each operation's example key differs. */
function exampleKey(operationId: string): string {
  const h = createHash('sha256').update(`docex-idempotency-example:${operationId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The order the reference lists the families in: what an integrator starts with first (the
 * documents), the reference's health and description endpoints last.
 */
const TAG_ORDER = [
  'Documents',
  'E-invoicing',
  'Payments',
  'Bank',
  'Attachments',
  'Inbound',
  'Capture',
  'Provenance',
  'Events',
  'Webhooks',
  'Connections',
  'Sandbox',
  'Keys',
  'Identity',
  'Treasury',
  'Finance',
  'Meta',
  'Operator',
  'Test helpers',
];

/** The reference's introduction (Markdown): how to get a credential and make a first call. */
const INTRODUCTION = `Organizations exchange invoices, purchase orders, quotes and credit notes over connections, pay them, finance them, and prove afterwards what happened.

## Getting a token

Every call but a few sends \`Authorization: Bearer <token>\`, where the token is one of:

- **An admin session** (\`sess_…\`, 12 hours): the \`session.token\` of \`POST /v1/signup\` (a new organization and its admin), or of \`POST /v1/sessions\` with your email and password. Sessions can do everything, including what keys cannot: keys, webhooks, the legal profile, the sandbox.
- **An API key** (\`rk_live_…\`, or \`rk_test_…\` in the sandbox): minted with \`POST /v1/keys\` under a session (or in the web app at /app, on the Keys page), with only the scopes you give it. Its secret is shown once.

To practise, call \`POST /v1/sandbox\` with your session: it answers a sandbox organization, a demo counterparty that approves what you send it within seconds, an active connection between them (the \`connection_id\` of your first document) and a session of the sandbox organization, with which you mint a \`rk_test_\` key.

In this reference, put your token in the authentication box: every example and the curl beside it then carry it.

## Writes and idempotency

Every write (POST, PUT, PATCH, DELETE) but signing up and signing in needs an \`Idempotency-Key\` header of 8 to 128 characters, new for each new request (\`uuidgen\` makes one). Sending the same key with the same body again answers the first response again and changes nothing, so a retry after a timeout is safe; the same key with another request is \`idempotency_conflict\`. The examples carry a key of their own: use a fresh one for each request you mean to be new.

## Answers

Every response carries \`Svc-Api-Version\` and \`Svc-Request-Id\`. Errors have one shape, \`{"error": {"code", "message", "docs_url", "details"}}\`; \`details.errors\` lists every problem of a request at once as \`{path, message}\`. Lists are pages with an opaque \`next_cursor\`. The same operations on one page, without JavaScript: [/v1/docs](/v1/docs).`;

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
    const generated = exampleFor(schema, schemas);
    const over = RESPONSE_EXAMPLES[route.operationId];
    return { [type]: { schema, example: over ? { ...(generated as Json), ...over } : generated } };
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
        '8 to 128 characters, new for each new request (a UUID from uuidgen will do). The same key with the same body answers the original response again and changes nothing; the same key with another request is idempotency_conflict.',
      schema: { type: 'string', minLength: 8, maxLength: 128 },
      // Scalar fills the header with it, so a pasted example runs (an empty key is refused).
      example: exampleKey(route.operationId),
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
    case 'link':
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

/** Every tag the operations use, in TAG_ORDER (a tag it does not name comes after, by name). */
function tagsOf(paths: Record<string, Record<string, Json>>): Json[] {
  const used = new Set<string>();
  for (const ops of Object.values(paths))
    for (const op of Object.values(ops)) for (const t of (op.tags as string[]) ?? []) used.add(t);
  const rank = (t: string) => (TAG_ORDER.includes(t) ? TAG_ORDER.indexOf(t) : TAG_ORDER.length);
  return [...used].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((name) => ({ name }));
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
    if (ok.alternate?.schema) {
      const schema = hoistTitled(plain(ok.alternate.schema), schemas);
      responses[String(ok.alternate.status)] = {
        description: ok.alternate.description,
        content: { 'application/json': { schema, example: exampleFor(schema, schemas) } },
      };
    } else if (ok.alternate && content) {
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
      description: INTRODUCTION,
    },
    servers: [{ url: baseUrl }],
    tags: tagsOf(paths),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      examples: errorExampleComponents(baseUrl),
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key, rk_live_… (rk_test_… in the sandbox): mint one with POST /v1/keys under an admin session, or on the Keys page of the web app (/app). Its secret is shown once.',
        },
        adminSession: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An admin session, sess_…: the session.token of POST /v1/signup, or of POST /v1/sessions with your email and password (POST /v1/sandbox answers one of the sandbox organization's).",
        },
        operatorToken: { type: 'http', scheme: 'bearer', description: "The deployment's operator token." },
      },
    },
    'x-docex-error-codes': Object.fromEntries(
      ERROR_CODES.map((c) => [c, { status: ERROR_STATUS[c], description: ERROR_DESCRIPTIONS[c] }]),
    ),
  };
}
