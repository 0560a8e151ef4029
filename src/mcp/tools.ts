// OpenAPI document → MCP tools. Everything here is derived from the document alone (operationId,
// summary, description, parameters, requestBody, x-docex-auth, x-docex-scopes), so an operation
// added to the service becomes a tool with no change in this directory.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

type Json = Record<string, unknown>;
type JsonSchema = Record<string, unknown>;

/** How a tool's arguments become an HTTP request. */
export interface OperationPlan {
  method: string;
  /** OpenAPI path template, e.g. /v1/keys/{id} */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Header parameters other than Idempotency-Key, by argument name. */
  headerParams: { arg: string; header: string }[];
  /** The operation takes an Idempotency-Key (filled in when the caller gives none). */
  idempotent: boolean;
  /** `fields`: body properties are top-level arguments; `nested`: the body is the `body` argument. */
  body: 'none' | 'fields' | 'nested';
  bodyArg: string;
  auth: string;
  scopes: string[];
  family: string | null;
}

export interface ToolSpec {
  name: string;
  operationId: string;
  tool: Tool;
  plan: OperationPlan;
}

/** Who is asking for the list: an API key with its scopes, or an admin session (all of them). */
export interface Access {
  kind: 'api_key' | 'session';
  scopes: ReadonlySet<string>;
}

export const IDEMPOTENCY_ARG = 'idempotency_key';
const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_NAME = 64;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
// Keywords a body schema may carry and still be flattened into the tool's own object without
// changing what it accepts; anything else (anyOf, allOf, patternProperties, ...) stays nested.
const FLATTENABLE = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'title',
  'description',
]);

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** operationId → `[A-Za-z0-9_-]{1,64}`. */
export function sanitizeToolName(raw: string): string {
  const s = raw.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_NAME);
  return s === '' ? 'operation' : s;
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) {
    const suffix = `_${n}`;
    name = base.slice(0, MAX_NAME - suffix.length) + suffix;
  }
  taken.add(name);
  return name;
}

/** `Idempotency-Key` → `idempotency_key`. */
function headerArgName(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** Inlines local `#/components/...` references so each tool schema stands alone. */
function inlineRefs(schema: unknown, doc: Json, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(s, doc, seen));
  if (!isObject(schema)) return schema;
  const ref = str(schema.$ref);
  if (ref?.startsWith('#/')) {
    // A recursive schema cannot be inlined; an open schema is the honest fallback.
    if (seen.includes(ref)) return {};
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    const { $ref: _ignored, ...rest } = schema;
    return { ...(inlineRefs(target ?? {}, doc, [...seen, ref]) as Json), ...rest };
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = inlineRefs(v, doc, seen);
  return out;
}

function withDescription(schema: unknown, description: string | undefined): JsonSchema {
  const s = isObject(schema) ? { ...schema } : {};
  if (description && !s.description) s.description = description;
  return s;
}

function jsonBodySchema(op: Json): { schema: JsonSchema; required: boolean } | null {
  const rb = op.requestBody;
  if (!isObject(rb) || !isObject(rb.content)) return null;
  const media = rb.content['application/json'];
  if (!isObject(media)) return null;
  return { schema: isObject(media.schema) ? media.schema : {}, required: rb.required === true };
}

function canFlatten(body: JsonSchema, taken: Set<string>): boolean {
  if (body.type !== 'object' || !isObject(body.properties)) return false;
  if (!Object.keys(body).every((k) => FLATTENABLE.has(k))) return false;
  if (body.additionalProperties !== undefined && typeof body.additionalProperties !== 'boolean') return false;
  return Object.keys(body.properties).every((name) => !taken.has(name));
}

function describe(method: string, path: string, op: Json, auth: string, scopes: string[]): string {
  const parts = [str(op.summary), str(op.description)].filter((p): p is string => p !== undefined);
  const needs =
    auth === 'session'
      ? 'Needs an admin session.'
      : scopes.length > 0
        ? `Needs scope${scopes.length > 1 ? 's' : ''} ${scopes.join(', ')}.`
        : '';
  parts.push(`${method} ${path}${needs ? `. ${needs}` : ''}`);
  return parts.join('\n\n');
}

function toolFor(method: string, path: string, op: Json, doc: Json, name: string): ToolSpec {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const plan: OperationPlan = {
    method,
    path,
    pathParams: [],
    queryParams: [],
    headerParams: [],
    idempotent: false,
    body: 'none',
    bodyArg: 'body',
    auth: str(op['x-docex-auth']) ?? 'unknown',
    scopes: Array.isArray(op['x-docex-scopes'])
      ? op['x-docex-scopes'].filter((s): s is string => typeof s === 'string')
      : [],
    family: str(op['x-docex-family']) ?? null,
  };

  for (const p of Array.isArray(op.parameters) ? op.parameters : []) {
    const param = inlineRefs(p, doc);
    if (!isObject(param)) continue;
    const pname = str(param.name);
    if (!pname) continue;
    const schema = withDescription(param.schema, str(param.description));
    if (param.in === 'path') {
      plan.pathParams.push(pname);
      properties[pname] = schema;
      required.push(pname);
    } else if (param.in === 'query') {
      plan.queryParams.push(pname);
      properties[pname] = schema;
      if (param.required === true) required.push(pname);
    } else if (param.in === 'header') {
      const arg = headerArgName(pname);
      if (pname.toLowerCase() === IDEMPOTENCY_HEADER) {
        // Optional for the caller: the server makes one up per call when none is given.
        plan.idempotent = true;
        properties[arg] = {
          ...schema,
          description:
            'Idempotency-Key for this write. Omit it and a fresh one is generated for this call; pass the same value again to retry the same request safely (the original answer is replayed).',
        };
      } else {
        plan.headerParams.push({ arg, header: pname });
        properties[arg] = schema;
        if (param.required === true) required.push(arg);
      }
    }
  }

  const body = jsonBodySchema(op);
  let additionalProperties: boolean | undefined;
  if (body) {
    const schema = inlineRefs(body.schema, doc) as JsonSchema;
    const taken = new Set(Object.keys(properties));
    if (canFlatten(schema, taken)) {
      plan.body = 'fields';
      for (const [k, v] of Object.entries(schema.properties as Json)) properties[k] = v as JsonSchema;
      if (Array.isArray(schema.required)) {
        for (const r of schema.required) if (typeof r === 'string') required.push(r);
      }
      if (typeof schema.additionalProperties === 'boolean')
        additionalProperties = schema.additionalProperties;
    } else {
      plan.body = 'nested';
      let arg = 'body';
      while (taken.has(arg)) arg = `_${arg}`;
      plan.bodyArg = arg;
      properties[arg] = withDescription(schema, 'The JSON request body.');
      if (body.required) required.push(arg);
    }
  }

  const inputSchema: Tool['inputSchema'] = { type: 'object', properties };
  if (required.length > 0) inputSchema.required = [...new Set(required)];
  if (additionalProperties === false || plan.body !== 'fields') inputSchema.additionalProperties = false;
  const operationId = str(op.operationId) ?? `${method}_${path}`;
  const summary = str(op.summary);
  return {
    name,
    operationId,
    plan,
    tool: {
      name,
      ...(summary ? { title: summary } : {}),
      description: describe(method, path, op, plan.auth, plan.scopes),
      inputSchema,
      annotations: { ...(summary ? { title: summary } : {}), readOnlyHint: method === 'GET' },
    },
  };
}

/** Every operation of the document as a tool, in document order. */
export function buildTools(doc: unknown): ToolSpec[] {
  if (!isObject(doc) || !isObject(doc.paths)) throw new Error('not an OpenAPI document: no paths');
  const taken = new Set<string>();
  const out: ToolSpec[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    for (const m of METHODS) {
      const op = item[m];
      if (!isObject(op)) continue;
      const method = m.toUpperCase();
      const name = uniqueName(sanitizeToolName(str(op.operationId) ?? `${method}_${path}`), taken);
      out.push(toolFor(method, path, op, doc, name));
    }
  }
  return out;
}

/**
 * Whether a caller may use the operation, so whether it is listed at all (CONTRACT 7a: tools the
 * key cannot use are not listed). Unauthenticated reads are listed; unauthenticated writes
 * (signup, sign-in) act for nobody's organization and are not. Unknown modes fail closed.
 */
export function usableBy(
  plan: OperationPlan,
  access: Access,
  disabledFamilies: ReadonlySet<string>,
): boolean {
  if (plan.family && disabledFamilies.has(plan.family)) return false;
  switch (plan.auth) {
    case 'none':
      return plan.method === 'GET';
    case 'session':
      return access.kind === 'session';
    case 'scopes':
    case 'session_or_scopes':
      return access.kind === 'session' || plan.scopes.every((s) => access.scopes.has(s));
    default:
      return false;
  }
}
