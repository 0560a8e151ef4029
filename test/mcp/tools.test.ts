// test-database: none (it uses no database; scripts/run-tests.mjs)
// OpenAPI → tools and arguments → requests, without a database: the generation is generic, so
// it is checked on synthetic operations as well as on the service's own document.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { defineRoute } from '../../src/http/route.ts';
import { buildRequest, toToolResult } from '../../src/mcp/call.ts';
import { buildTools, sanitizeToolName, usableBy } from '../../src/mcp/tools.ts';
import { allRoutes } from '../../src/routes.ts';

const BASE = 'http://docex.test';

function doc(paths: Record<string, unknown>, components: Record<string, unknown> = {}) {
  return { openapi: '3.1.0', paths, components: { schemas: components } };
}

test('a route added to the service becomes a tool with no MCP change', () => {
  const widget = defineRoute({
    method: 'POST',
    url: '/v1/widgets/:id/polish',
    operationId: 'polishWidget',
    summary: 'Polish a widget',
    description: 'Makes it shine.',
    tags: ['Widgets'],
    auth: 'scopes',
    scopes: ['documents:write'],
    params: Type.Object({ id: Type.String() }),
    query: Type.Object({ dry_run: Type.Optional(Type.Boolean()) }),
    body: Type.Object(
      { shine: Type.Integer({ minimum: 1 }), note: Type.Optional(Type.String()) },
      { additionalProperties: false },
    ),
    response: { status: 200, schema: Type.Object({ ok: Type.Boolean() }), description: 'Polished.' },
    errors: ['not_found'],
    handler: async () => ({ ok: true }),
  });
  const tools = buildTools(buildOpenApi([...allRoutes(), widget], BASE));
  const t = tools.find((x) => x.name === 'polishWidget');
  assert.ok(t);
  assert.match(
    t.tool.description ?? '',
    /^Polish a widget\n\nMakes it shine\.\n\nPOST \/v1\/widgets\/\{id\}\/polish/,
  );
  assert.match(t.tool.description ?? '', /Needs scope documents:write/);
  assert.deepEqual(Object.keys(t.tool.inputSchema.properties ?? {}).sort(), [
    'dry_run',
    'id',
    'idempotency_key',
    'note',
    'shine',
  ]);
  assert.deepEqual(t.tool.inputSchema.required, ['id', 'shine']);
  assert.equal(t.tool.inputSchema.additionalProperties, false);
  assert.equal(t.tool.annotations?.readOnlyHint, false);

  const built = buildRequest(t.plan, { id: 'w/1', dry_run: true, shine: 3 }, BASE);
  assert.ok('request' in built);
  assert.equal(built.request.method, 'POST');
  assert.equal(built.request.url, '/v1/widgets/w%2F1/polish?dry_run=true');
  assert.equal(built.request.body, JSON.stringify({ shine: 3 }));
  assert.equal(built.request.headers['content-type'], 'application/json');
  const generated = built.request.headers['idempotency-key'] ?? '';
  assert.ok(generated.length >= 8 && generated.length <= 128);

  const again = buildRequest(t.plan, { id: 'w1', shine: 3 }, BASE);
  assert.ok('request' in again);
  assert.notEqual(again.request.headers['idempotency-key'], generated, 'a fresh key per call');
  const given = buildRequest(t.plan, { id: 'w1', shine: 3, idempotency_key: 'caller-key-1' }, BASE);
  assert.ok('request' in given);
  assert.equal(given.request.headers['idempotency-key'], 'caller-key-1');
  assert.ok(!(given.request.body ?? '').includes('idempotency_key'));
});

test('names: sanitized to [A-Za-z0-9_-], at most 64 characters, unique', () => {
  assert.equal(sanitizeToolName('documents.list v2'), 'documents_list_v2');
  assert.equal(sanitizeToolName('x'.repeat(80)).length, 64);
  const long = 'a'.repeat(70);
  const tools = buildTools(
    doc({
      '/a': { get: { operationId: long }, post: { operationId: `${long}b` } },
      '/b': { get: {} },
    }),
  );
  const names = tools.map((t) => t.name);
  assert.equal(names[0], 'a'.repeat(64));
  assert.equal(names[1], `${'a'.repeat(62)}_2`);
  assert.equal(names[2], 'GET__b');
  for (const n of names) assert.match(n, /^[A-Za-z0-9_-]{1,64}$/);
});

test('a body that clashes with a parameter, or cannot be flattened, goes under `body`', () => {
  const tools = buildTools(
    doc(
      {
        '/things/{id}': {
          put: {
            operationId: 'clash',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer' } } },
                },
              },
            },
          },
        },
        '/union': {
          post: {
            operationId: 'union',
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Either' } } },
            },
          },
        },
      },
      { Either: { anyOf: [{ type: 'object' }, { type: 'array' }] } },
    ),
  );
  const [clash, union] = tools;
  assert.ok(clash && union);
  assert.equal(clash.plan.body, 'nested');
  assert.deepEqual(clash.tool.inputSchema.required, ['id', 'body']);
  const req = buildRequest(clash.plan, { id: 'x', body: { id: 'y', n: 1 } }, BASE);
  assert.ok('request' in req);
  assert.equal(req.request.url, '/things/x');
  assert.equal(req.request.body, JSON.stringify({ id: 'y', n: 1 }));
  assert.equal(req.request.headers['idempotency-key'], undefined, 'no Idempotency-Key parameter, none sent');

  assert.equal(union.plan.body, 'nested');
  // The $ref is inlined: a tool schema must stand alone.
  assert.deepEqual((union.tool.inputSchema.properties as Record<string, unknown>).body, {
    anyOf: [{ type: 'object' }, { type: 'array' }],
    description: 'The JSON request body.',
  });
  assert.equal(union.tool.inputSchema.required, undefined);
});

test('arguments the operation does not take, and missing path parameters, are refused locally', () => {
  const [get] = buildTools(
    doc({
      '/v1/things/{id}': {
        get: {
          operationId: 'getThing',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'expand', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          ],
        },
      },
    }),
  );
  assert.ok(get);
  const ok = buildRequest(get.plan, { id: 'a', expand: ['x', 'y'] }, BASE);
  assert.ok('request' in ok);
  assert.equal(ok.request.url, '/v1/things/a?expand=x&expand=y');
  assert.equal(ok.request.body, undefined);
  const bad = buildRequest(get.plan, { extra: 1 }, BASE);
  assert.ok('refusal' in bad);
  assert.equal(bad.refusal.isError, true);
  const env = JSON.parse((bad.refusal.content[0] as { text: string }).text) as {
    error: { code: string; docs_url: string; details: { errors: { path: string }[] } };
  };
  assert.equal(env.error.code, 'invalid_request');
  assert.equal(env.error.docs_url, `${BASE}/v1/docs#errors-invalid_request`);
  assert.deepEqual(env.error.details.errors.map((e) => e.path).sort(), ['extra', 'id']);
});

test('who sees what: scopes for keys, sessions for session operations, never the operator', () => {
  const key = { kind: 'api_key' as const, scopes: new Set(['documents:read']) };
  const session = { kind: 'session' as const, scopes: new Set<string>() };
  const none = new Set<string>();
  const plan = (auth: string, method = 'GET', scopes: string[] = [], family: string | null = null) => ({
    method,
    path: '/x',
    pathParams: [],
    queryParams: [],
    headerParams: [],
    idempotent: false,
    body: 'none' as const,
    bodyArg: 'body',
    auth,
    scopes,
    family,
  });
  assert.equal(usableBy(plan('none'), key, none), true);
  assert.equal(usableBy(plan('none', 'POST'), key, none), false);
  assert.equal(usableBy(plan('operator'), session, none), false);
  assert.equal(usableBy(plan('session', 'POST'), key, none), false);
  assert.equal(usableBy(plan('session', 'POST'), session, none), true);
  assert.equal(usableBy(plan('scopes', 'GET', ['documents:read']), key, none), true);
  assert.equal(usableBy(plan('scopes', 'GET', ['documents:read', 'payments:read']), key, none), false);
  assert.equal(usableBy(plan('session_or_scopes', 'POST', ['keys:manage']), key, none), false);
  assert.equal(usableBy(plan('session_or_scopes', 'POST', ['keys:manage']), session, none), true);
  assert.equal(usableBy(plan('scopes', 'GET', [], 'keys'), key, new Set(['keys'])), false);
  assert.equal(usableBy(plan('something-new'), session, none), false);
});

test('answers become results: JSON, empty, text, bytes, refusals', () => {
  const h = (ct: string) => ({ 'content-type': ct, 'svc-request-id': 'req_1', 'x-other': 'no' });
  const json = toToolResult(
    { status: 200, headers: h('application/json; charset=utf-8'), body: Buffer.from('{"a":1}') },
    BASE,
    '/x',
  );
  assert.deepEqual(json.structuredContent, { a: 1 });
  assert.deepEqual(json._meta, { 'docex/http': { status: 200, headers: { 'svc-request-id': 'req_1' } } });
  const list = toToolResult(
    { status: 200, headers: h('application/json'), body: Buffer.from('[1]') },
    BASE,
    '/x',
  );
  assert.equal(list.structuredContent, undefined);
  const empty = toToolResult({ status: 204, headers: {}, body: Buffer.alloc(0) }, BASE, '/x');
  assert.equal(empty.isError, undefined);
  const html = toToolResult({ status: 200, headers: h('text/html'), body: Buffer.from('<p>') }, BASE, '/x');
  assert.deepEqual(html.content, [{ type: 'text', text: '<p>' }]);
  // An e-invoice export (CONTRACT 9) reaches the model as the XML text itself.
  const xml = toToolResult(
    { status: 200, headers: h('application/xml; charset=utf-8'), body: Buffer.from('<Invoice/>') },
    BASE,
    '/x',
  );
  assert.deepEqual(xml.content, [{ type: 'text', text: '<Invoice/>' }]);
  const bytes = toToolResult(
    { status: 200, headers: h('application/zip'), body: Buffer.from([1, 2]) },
    BASE,
    '/b',
  );
  assert.deepEqual(bytes.content, [
    { type: 'resource', resource: { uri: `${BASE}/b`, mimeType: 'application/zip', blob: 'AQI=' } },
  ]);
  const envelope = '{"error":{"code":"not_found","message":"x","docs_url":"d"}}';
  const refused = toToolResult(
    { status: 404, headers: h('application/json'), body: Buffer.from(envelope) },
    BASE,
    '/x',
  );
  assert.equal(refused.isError, true);
  assert.deepEqual(refused.content, [{ type: 'text', text: envelope }]);
  assert.equal(refused.structuredContent, undefined);
});
