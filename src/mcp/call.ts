// A tool call is one HTTP request to the service: arguments are split into path, query, headers
// and body by the operation's plan, and the answer becomes the tool result. A refusal is a
// result with isError and the service's own error envelope, never a protocol error.
import { randomBytes } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { IDEMPOTENCY_ARG, type OperationPlan } from './tools.ts';

export interface OutgoingRequest {
  method: string;
  /** Path with query string, relative to the service's base URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ServiceAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

/** Performs the request against the service (over HTTP for stdio, in process for /mcp). */
export type Dispatch = (request: OutgoingRequest) => Promise<ServiceAnswer>;

// Answer headers worth handing to the caller alongside the body (request id for support,
// the proof bundle digest, rate-limit state).
const KEPT_HEADERS = /^(svc-|ratelimit-|retry-after$|location$)/;

export function newIdempotencyKey(): string {
  return `mcp_${randomBytes(16).toString('hex')}`;
}

/** An error envelope in the service's shape, for the few refusals decided before any request. */
export function localError(
  baseUrl: string,
  code: 'invalid_request' | 'not_found',
  message: string,
  details?: Record<string, unknown>,
): CallToolResult {
  const envelope = {
    error: { code, message, docs_url: `${baseUrl}/v1/docs#errors-${code}`, ...(details ? { details } : {}) },
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }] };
}

function queryValue(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v.flatMap(queryValue);
  if (typeof v === 'object') return [JSON.stringify(v)];
  return [String(v)];
}

/** Arguments → request, or the local refusal that explains which argument is wrong. */
export function buildRequest(
  plan: OperationPlan,
  args: Record<string, unknown>,
  baseUrl: string,
): { request: OutgoingRequest } | { refusal: CallToolResult } {
  const problems: { path: string; message: string }[] = [];
  const used = new Set<string>();

  let path = plan.path;
  for (const name of plan.pathParams) {
    used.add(name);
    const v = args[name];
    if ((typeof v !== 'string' && typeof v !== 'number') || v === '') {
      problems.push({ path: name, message: 'required path parameter' });
      continue;
    }
    path = path.replace(`{${name}}`, encodeURIComponent(String(v)));
  }

  const query = new URLSearchParams();
  for (const name of plan.queryParams) {
    used.add(name);
    for (const v of queryValue(args[name])) query.append(name, v);
  }

  const headers: Record<string, string> = { accept: 'application/json' };
  for (const { arg, header } of plan.headerParams) {
    used.add(arg);
    const v = args[arg];
    if (v !== undefined && v !== null) headers[header.toLowerCase()] = String(v);
  }
  if (plan.idempotent) {
    used.add(IDEMPOTENCY_ARG);
    const given = args[IDEMPOTENCY_ARG];
    if (given !== undefined && typeof given !== 'string') {
      problems.push({ path: IDEMPOTENCY_ARG, message: 'must be a string' });
    }
    headers['idempotency-key'] = typeof given === 'string' && given !== '' ? given : newIdempotencyKey();
  }

  let body: string | undefined;
  if (plan.body === 'fields') {
    // Everything not consumed above is a body field; the service's strict schemas refuse the rest.
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(args)) if (!used.has(k)) fields[k] = v;
    body = JSON.stringify(fields);
  } else if (plan.body === 'nested') {
    used.add(plan.bodyArg);
    const v = args[plan.bodyArg];
    if (v !== undefined) body = JSON.stringify(v);
  }
  if (plan.body !== 'fields') {
    for (const k of Object.keys(args)) {
      if (!used.has(k)) problems.push({ path: k, message: 'unknown argument' });
    }
  }
  if (body !== undefined) headers['content-type'] = 'application/json';

  if (problems.length > 0) {
    return {
      refusal: localError(
        baseUrl,
        'invalid_request',
        `Invalid arguments: ${problems.map((p) => `${p.path} (${p.message})`).join(', ')}.`,
        { errors: problems },
      ),
    };
  }
  const qs = query.toString();
  return {
    request: {
      method: plan.method,
      url: qs ? `${path}?${qs}` : path,
      headers,
      ...(body !== undefined ? { body } : {}),
    },
  };
}

function header(answer: ServiceAnswer, name: string): string {
  const v = answer.headers[name];
  return Array.isArray(v) ? (v[0] ?? '') : v === undefined ? '' : String(v);
}

function isJson(contentType: string): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(contentType);
}

/** The service's answer as a tool result: JSON as text (and structuredContent), refusals as isError. */
export function toToolResult(answer: ServiceAnswer, baseUrl: string, url: string): CallToolResult {
  const kept: Record<string, string> = {};
  for (const name of Object.keys(answer.headers)) {
    if (KEPT_HEADERS.test(name.toLowerCase())) kept[name.toLowerCase()] = header(answer, name);
  }
  const _meta = { 'docex/http': { status: answer.status, headers: kept } };
  const contentType = header(answer, 'content-type');
  const text = answer.body.toString('utf8');

  if (answer.status < 200 || answer.status >= 300) {
    // The envelope exactly as the service wrote it.
    return {
      isError: true,
      content: [{ type: 'text', text: text || `HTTP ${answer.status} with no body` }],
      _meta,
    };
  }
  if (answer.body.length === 0) {
    return { content: [{ type: 'text', text: `Done (HTTP ${answer.status}, no content).` }], _meta };
  }
  if (isJson(contentType)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { content: [{ type: 'text', text }], _meta };
    }
    const structured =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? { structuredContent: parsed as Record<string, unknown> }
        : {};
    return { content: [{ type: 'text', text }], ...structured, _meta };
  }
  // Text, and XML (an e-invoice export, CONTRACT 9), reach the model as text it can read.
  if (/^text\/|^application\/([\w.+-]+\+)?xml\b/i.test(contentType))
    return { content: [{ type: 'text', text }], _meta };
  return {
    content: [
      {
        type: 'resource',
        resource: {
          uri: `${baseUrl}${url}`,
          mimeType: contentType || 'application/octet-stream',
          blob: answer.body.toString('base64'),
        },
      },
    ],
    _meta,
  };
}
