// The API-wide HTTP rules (CONTRACT 8, spec 1, 4.1, 7): one error envelope for every error, the
// code → status table, docs_url anchors that exist, Svc-Api-Version and Svc-Request-Id on every
// response, strict JSON bodies; the OpenAPI document and the docs page generated from the routes;
// GET /v1/enablement and DOCEX_FAMILIES_DISABLED; the test clock switched off.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { ConfigError, FAMILIES, loadConfig } from '../../src/config.ts';
import { defineRoute } from '../../src/http/route.ts';
import { ERROR_CODES, ERROR_STATUS } from '../../src/lib/errors.ts';
import { SCOPES } from '../../src/lib/scopes.ts';
import { servedFamilies } from '../../src/modules/meta/routes.ts';
import { allRoutes } from '../../src/routes.ts';
import { API_VERSION } from '../../src/version.ts';
import { assertNamesField, assertServiceHeaders, BASE_URL, expectApiError } from '../helpers/expect.ts';
import { mintKey, type SignedUp, signup } from '../helpers/flows.ts';
import { OPERATOR_TOKEN, startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let a: SignedUp;
let readKey: string;
const seenCodes = new Set<string>();

before(async () => {
  svc = await startTestService();
  a = await signup(svc, 'Envelope Co');
  readKey = (await mintKey(svc, a.session, ['documents:read'])).key;
});
after(async () => {
  await svc?.close();
});

function expectErr(...args: Parameters<typeof expectApiError>) {
  const e = expectApiError(...args);
  seenCodes.add(e.code);
  return e;
}

describe('errors and headers', () => {
  test('CONTRACT 8 code → status table', () => {
    const contract: Record<string, number> = {
      invalid_request: 400,
      unauthorized: 401,
      forbidden: 403,
      insufficient_scope: 403,
      capability_unavailable: 403,
      not_enabled: 403,
      sandbox_isolation: 403,
      not_found: 404,
      conflict: 409,
      idempotency_conflict: 409,
      payload_too_large: 413,
      payment_limit_exceeded: 422,
      rate_limited: 429,
      sandbox_quota: 429,
      internal_error: 500,
    };
    for (const [code, status] of Object.entries(contract)) {
      assert.equal(ERROR_STATUS[code as keyof typeof ERROR_STATUS], status, code);
    }
  });

  test('unknown paths and methods answer 404 not_found in the envelope, with the headers', async () => {
    expectErr(await svc.req('GET', '/v1/nothing-here'), 404, 'not_found');
    // (`/` itself opens the app since 1.18.0: test/app/static.test.ts)
    expectErr(await svc.req('GET', '/v2/organization', { token: readKey }), 404, 'not_found');
    // a known path with a method it does not have
    expectErr(await svc.req('DELETE', '/v1/organization', { token: readKey }), 404, 'not_found');
    expectErr(await svc.req('PUT', '/v1/keys', { token: a.session, body: {} }), 404, 'not_found');
    expectErr(await svc.req('OPTIONS', '/v1/organization'), 404, 'not_found');
    // an unknown path with a non-JSON body is still a 404, not a 415
    expectErr(
      await svc.req('POST', '/v1/nothing', { rawBody: 'x', headers: { 'content-type': 'text/plain' } }),
      404,
      'not_found',
    );
  });

  test('a malformed URL and an over-long path segment answer in the envelope too', async () => {
    expectErr(await svc.req('GET', '/v1/keys/%zz', { token: a.session }), 400, 'invalid_request');
    for (const n of [80, 300]) {
      const e = expectErr(
        await svc.req('GET', `/v1/keys/${'k'.repeat(n)}`, { token: a.session }),
        400,
        'invalid_request',
      );
      assertNamesField(e, /^path/);
    }
  });

  test('every response carries Svc-Api-Version and a fresh Svc-Request-Id', async () => {
    const responses = [
      await svc.req('GET', '/v1/enablement'),
      await svc.req('GET', '/v1/organization', { token: readKey }),
      await svc.req('GET', '/v1/nothing'),
      await svc.req('GET', '/v1/organization'),
      await svc.req('GET', '/v1/docs'),
      await svc.req('GET', '/v1/openapi.json'),
      await svc.req('HEAD', '/v1/enablement'),
      await svc.req('POST', '/v1/keys', { token: a.session, idem: null, body: { name: 'x', scopes: [] } }),
    ];
    const ids = new Set<string>();
    for (const r of responses) {
      assertServiceHeaders(r.headers);
      ids.add(String(r.headers['svc-request-id']));
    }
    assert.equal(ids.size, responses.length, 'request ids are unique');
  });

  test('401 unauthorized carries WWW-Authenticate: Bearer, whatever is wrong with the credential', async () => {
    expectErr(await svc.req('GET', '/v1/organization'), 401, 'unauthorized');
    expectErr(
      await svc.req('GET', '/v1/organization', { token: 'rk_live_notARealKey0000000000000000000' }),
      401,
      'unauthorized',
    );
    expectErr(
      await svc.req('GET', '/v1/organization', { token: 'sess_notARealSession000000000000000' }),
      401,
      'unauthorized',
    );
    expectErr(await svc.req('GET', '/v1/organization', { token: 'something-else' }), 401, 'unauthorized');
    expectErr(
      await svc.req('GET', '/v1/organization', { headers: { authorization: `Basic ${btoa('a:b')}` } }),
      401,
      'unauthorized',
    );
    // the operator token is not an organization credential
    expectErr(await svc.req('GET', '/v1/organization', { token: OPERATOR_TOKEN }), 401, 'unauthorized');
  });

  test('a write whose body is not JSON is 415; a body without Content-Type too', async () => {
    const body = JSON.stringify({ name: 'x', scopes: ['documents:read'] });
    for (const ct of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      expectErr(
        await svc.req('POST', '/v1/keys', {
          token: a.session,
          rawBody: body,
          headers: { 'content-type': ct },
        }),
        415,
        'unsupported_media_type',
      );
    }
    expectErr(
      await svc.req('POST', '/v1/keys', { token: a.session, rawBody: body }),
      415,
      'unsupported_media_type',
    );
    // JSON with parameters or odd casing is still JSON
    const ok = await svc.req('POST', '/v1/keys', {
      token: a.session,
      rawBody: body,
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    assert.equal(ok.status, 201, ok.text);
  });

  test('a body over 1 MiB is 413 payload_too_large; one just under is read and validated', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), scopes: ['documents:read'] });
    assert.ok(Buffer.byteLength(big) > 1024 * 1024);
    expectErr(
      await svc.req('POST', '/v1/keys', {
        token: a.session,
        rawBody: big,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'payload_too_large',
    );
    const filler = 1024 * 1024 - JSON.stringify({ name: '', scopes: ['documents:read'] }).length;
    const justUnder = JSON.stringify({ name: 'x'.repeat(filler), scopes: ['documents:read'] });
    assert.equal(Buffer.byteLength(justUnder), 1024 * 1024);
    const e = expectErr(
      await svc.req('POST', '/v1/keys', {
        token: a.session,
        rawBody: justUnder,
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_request',
    );
    assertNamesField(e, 'name');
  });

  test('invalid JSON is 400 invalid_request', async () => {
    for (const raw of ['{"name":', '{name: "x"}', "{'a':1}", '[1,2', 'nul']) {
      expectErr(
        await svc.req('POST', '/v1/keys', {
          token: a.session,
          rawBody: raw,
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'invalid_request',
      );
    }
    // a JSON value that is not an object is valid JSON but not a valid body
    const e = expectErr(
      await svc.req('POST', '/v1/keys', { token: a.session, body: [1, 2] }),
      400,
      'invalid_request',
    );
    assert.ok(e.details?.errors?.length, JSON.stringify(e));
  });

  test('a body with a __proto__ or constructor.prototype key is refused, and says why', async () => {
    for (const raw of [
      '{"name":"x","scopes":["documents:read"],"__proto__":{"admin":true}}',
      '{"name":"x","scopes":["documents:read"],"payment_limits":{"__proto__":{}}}',
      '{"name":"x","scopes":["documents:read"],"constructor":{"prototype":{"admin":true}}}',
    ]) {
      const e = expectErr(
        await svc.req('POST', '/v1/keys', {
          token: a.session,
          rawBody: raw,
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'invalid_request',
      );
      assert.match(e.message, /__proto__/, raw);
    }
  });

  test('an unknown body field is refused, named in details.errors; nested ones too', async () => {
    const e = expectErr(
      await svc.req('POST', '/v1/keys', {
        token: a.session,
        body: { name: 'x', scopes: ['documents:read'], colour: 'red' },
      }),
      400,
      'invalid_request',
    );
    assertNamesField(e, 'colour');
    assert.match(e.message, /colour/);
    const nested = expectErr(
      await svc.req('POST', '/v1/keys', {
        token: a.session,
        body: {
          name: 'x',
          scopes: ['payments:write'],
          payment_limits: { max_per_payment: { USD: 1 }, weekly: {} },
        },
      }),
      400,
      'invalid_request',
    );
    assertNamesField(nested, 'payment_limits.weekly');
    // unknown query parameters are refused as well
    assertNamesField(
      expectErr(await svc.req('GET', '/v1/keys?colour=red', { token: a.session }), 400, 'invalid_request'),
      'query.colour',
    );
  });

  test('a write that takes no body refuses one with fields in it', async () => {
    const k = await mintKey(svc, a.session, ['documents:read']);
    const e = expectErr(
      await svc.req('POST', `/v1/keys/${k.id}/revoke`, { token: a.session, body: { reason: 'lost' } }),
      400,
      'invalid_request',
    );
    assertNamesField(e, 'reason');
    // and the key was not revoked by the refused request
    const still = await svc.req('GET', '/v1/organization', { token: k.key });
    assert.equal(still.status, 200);
    // an empty object or no body at all is fine
    assert.equal(
      (await svc.req('POST', `/v1/keys/${k.id}/revoke`, { token: a.session, body: {} })).status,
      200,
    );
    assert.equal((await svc.req('POST', `/v1/keys/${k.id}/revoke`, { token: a.session })).status, 200);
  });

  test('a session-only operation called with an API key is 403 insufficient_scope, required admin_session', async () => {
    const km = await mintKey(svc, a.session, ['keys:manage', 'documents:read']);
    for (const [method, url, body] of [
      ['POST', '/v1/connections', { counterparty_organization_id: a.orgId }],
      ['POST', '/v1/sandbox', undefined],
      ['DELETE', '/v1/sessions/current', undefined],
    ] as const) {
      const e = expectErr(
        await svc.req(method, url, { token: km.key, ...(body ? { body } : {}) }),
        403,
        'insufficient_scope',
      );
      assert.equal(e.details?.required, 'admin_session', `${method} ${url}`);
    }
    // a key without the scope a keyed operation needs names that scope
    const e = expectErr(await svc.req('GET', '/v1/keys', { token: readKey }), 403, 'insufficient_scope');
    assert.equal(e.details?.required, 'keys:manage');
  });

  test('an unexpected failure is 500 internal_error with the request id and no internals', async () => {
    const boom = defineRoute({
      method: 'GET',
      url: '/v1/test_boom',
      operationId: 'testBoom',
      summary: 'boom',
      description: 'Throws.',
      tags: ['Test'],
      auth: 'none',
      response: { status: 200, schema: Type.Object({}), description: 'never' },
      errors: [],
      handler: async () => {
        throw new Error('database password is hunter2 at /srv/docex/src/secret.ts:42');
      },
    });
    const app: FastifyInstance = await buildApp(svc.ctx, { routes: [boom] });
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/test_boom' });
      const parsed = {
        status: res.statusCode,
        headers: res.headers,
        text: res.body,
        body: JSON.parse(res.body),
      };
      const e = expectErr(parsed, 500, 'internal_error');
      assert.equal(e.details?.request_id, res.headers['svc-request-id']);
      assert.match(e.message, new RegExp(String(res.headers['svc-request-id'])));
      assert.doesNotMatch(res.body, /hunter2|secret\.ts|\bat \//);
    } finally {
      await app.close();
    }
  });

  test('docs_url of every error points at an anchor that exists in GET /v1/docs', async () => {
    const docs = await svc.req('GET', '/v1/docs');
    assert.equal(docs.status, 200);
    assert.match(String(docs.headers['content-type']), /^text\/html/);
    assert.ok(seenCodes.size >= 7, [...seenCodes].join(','));
    for (const code of new Set([...seenCodes, ...ERROR_CODES])) {
      assert.ok(docs.text.includes(`id="errors-${code}"`), `anchor errors-${code}`);
    }
  });
});

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
  security: unknown[];
  'x-docex-auth': string;
  'x-docex-scopes': string[];
  'x-docex-errors': string[];
}
interface Doc {
  openapi: string;
  info: { version: string; title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let text: string;
let doc: Doc;

function* operations(): Generator<[string, string, Operation]> {
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) yield [path, method, op];
  }
}

describe('OpenAPI document and docs page', () => {
  before(async () => {
    const r = await svc.req('GET', '/v1/openapi.json');
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /^application\/json/);
    assertServiceHeaders(r.headers);
    text = r.text;
    doc = JSON.parse(text) as Doc;
  });

  test('it is a valid OpenAPI 3.1 document (standard validator)', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await validate(JSON.parse(text));
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
    assert.equal(result.specification, 'OpenAPI');
    assert.equal(doc.info.version, API_VERSION);
    assert.equal(doc.servers[0]?.url, BASE_URL);
  });

  test('it needs no credential, and a credential changes nothing', async () => {
    const signedUp = await svc.req<{ session: { token: string } }>('POST', '/v1/signup', {
      body: { organization_name: 'Reader', email: `reader${Date.now()}@x.test`, password: 'twelve chars' },
    });
    const withSession = await svc.req('GET', '/v1/openapi.json', { token: signedUp.body.session.token });
    assert.equal(withSession.text, text);
    const docs = await svc.req('GET', '/v1/docs');
    assert.equal(docs.status, 200);
  });

  test('every operation has a unique operationId, a description, tags, its auth and scopes', () => {
    const ids = new Set<string>();
    let count = 0;
    for (const [path, method, op] of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      count++;
      assert.match(op.operationId, /^[A-Za-z0-9_-]{1,64}$/, where);
      assert.ok(!ids.has(op.operationId), `duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
      assert.ok(op.description && op.description.length >= 10, `${where} description`);
      assert.ok(op.summary, `${where} summary`);
      assert.ok(Array.isArray(op.tags) && op.tags.length > 0, `${where} tags`);
      assert.ok(Array.isArray(op['x-docex-scopes']), `${where} x-docex-scopes`);
      for (const s of op['x-docex-scopes'])
        assert.ok((SCOPES as readonly string[]).includes(s), `${where} scope ${s}`);
      assert.ok(
        ['none', 'operator', 'session', 'session_or_scopes', 'scopes', 'link'].includes(op['x-docex-auth']),
        where,
      );
      // A recipient link's token is in its path, not a credential OpenAPI can name (CONTRACT 11.3).
      if (op['x-docex-auth'] === 'none' || op['x-docex-auth'] === 'link')
        assert.deepEqual(op.security, [], `${where} takes no credential header`);
      else assert.ok(op.security.length > 0, `${where} declares its security`);
      for (const p of (path.match(/\{(\w+)\}/g) ?? []).map((x) => x.slice(1, -1))) {
        assert.ok(
          op.parameters?.some((q) => q.in === 'path' && q.name === p && q.required),
          `${where} path param ${p}`,
        );
      }
    }
    assert.ok(count >= 15, `only ${count} operations`);
    for (const id of [
      'signup',
      'createSession',
      'getOrganization',
      'createKey',
      'listKeys',
      'getKey',
      'revokeKey',
      'rotateKey',
      'createConnection',
      'acceptConnection',
      'listConnections',
      'getConnection',
      'provisionSandbox',
      'getEnablement',
      'getOpenApi',
      'getDocs',
    ]) {
      assert.ok(ids.has(id), `operation ${id}`);
    }
    // test helpers are not part of the published contract
    assert.equal(doc.paths['/v1/test_helpers/clock'], undefined);
  });

  test('every operation states its success schema and its error codes, each in the envelope', () => {
    for (const [path, method, op] of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(op.responses);
      const ok = statuses.filter((s) => s.startsWith('2'));
      // One success status; a transition also declares 202, for to: paid (CONTRACT 4: as pay).
      if (op.operationId === 'transitionDocument') assert.deepEqual(ok, ['200', '202'], where);
      // an upload to capture is 202 (CONTRACT §13), an e-invoice 201
      else if (op.operationId === 'uploadReceivedDocument') assert.deepEqual(ok, ['201', '202'], where);
      else assert.equal(ok.length, 1, `${where} one success status`);
      for (const status of ok) {
        if (status !== '204') assert.ok(op.responses[status]!.content, `${where} ${status} content`);
      }
      const listed = new Set(op['x-docex-errors']);
      assert.ok(listed.has('internal_error'), `${where} internal_error`);
      for (const code of listed) {
        assert.ok((ERROR_CODES as string[]).includes(code), `${where} unknown code ${code}`);
        const r = op.responses[String(ERROR_STATUS[code as keyof typeof ERROR_STATUS])];
        assert.ok(r, `${where} response for ${code}`);
        assert.ok(r.description.includes(code), `${where} ${code} in the description of its status`);
        assert.equal(r.content?.['application/json']?.schema.$ref, '#/components/schemas/Error', where);
      }
      if (op['x-docex-auth'] === 'link') {
        // A wrong link is not_found, never unauthorized: no hint that it ever was one.
        for (const c of ['not_found', 'rate_limited']) assert.ok(listed.has(c), `${where} ${c}`);
      } else if (op['x-docex-auth'] !== 'none') {
        assert.ok(listed.has('unauthorized'), `${where} unauthorized`);
      }
      if (op['x-docex-auth'] === 'session') {
        assert.ok(listed.has('insufficient_scope'), `${where} insufficient_scope (admin_session)`);
      }
      if (op['x-docex-auth'] === 'scopes' || op['x-docex-auth'] === 'session_or_scopes') {
        for (const c of ['forbidden', 'rate_limited']) assert.ok(listed.has(c), `${where} ${c}`);
      }
      const idem = op.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      if (idem) {
        assert.equal(idem.required, true);
        for (const c of ['invalid_request', 'idempotency_conflict', 'conflict']) {
          assert.ok(listed.has(c), `${where} takes an Idempotency-Key, so it can answer ${c}`);
        }
      } else if (method !== 'get') {
        assert.ok(
          ['signup', 'createSession', 'endSession'].includes(op.operationId),
          `${where} is a write without Idempotency-Key`,
        );
      }
      if (op.requestBody) {
        assert.ok(op.requestBody.content['application/json']?.schema, `${where} request schema`);
        for (const c of ['invalid_request', 'payload_too_large', 'unsupported_media_type']) {
          assert.ok(listed.has(c), `${where} takes a JSON body, so it can answer ${c}`);
        }
      }
      if ((op.parameters ?? []).some((p) => p.in === 'query' || p.in === 'path')) {
        assert.ok(listed.has('invalid_request'), `${where} validates its parameters: invalid_request`);
      }
    }
  });

  test('the error envelope schema and the error code table match CONTRACT 8', () => {
    const full = JSON.parse(text) as Record<string, unknown>;
    const table = full['x-docex-error-codes'] as Record<string, { status: number; description: string }>;
    for (const code of ERROR_CODES) {
      assert.equal(table[code]?.status, ERROR_STATUS[code], code);
      assert.ok(table[code]?.description, code);
    }
    const err = doc.components.schemas.Error as {
      properties: { error: { properties: Record<string, unknown>; required: string[] } };
    };
    assert.deepEqual(Object.keys(err.properties.error.properties).sort(), [
      'code',
      'details',
      'docs_url',
      'message',
    ]);
    assert.deepEqual(err.properties.error.required.sort(), ['code', 'docs_url', 'message']);
  });

  test('GET /v1/docs renders the same operations with an anchor per error code', async () => {
    const r = await svc.req('GET', '/v1/docs');
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /^text\/html/);
    assertServiceHeaders(r.headers);
    for (const code of ERROR_CODES) assert.ok(r.text.includes(`id="errors-${code}"`), code);
    for (const [, , op] of operations())
      assert.ok(r.text.includes(`id="op-${op.operationId}"`), op.operationId);
    // every link to an error anchor resolves on the page
    for (const m of r.text.matchAll(/href="#(errors-[a-z_]+)"/g))
      assert.ok(r.text.includes(`id="${m[1]}"`), m[1]);
    assert.doesNotMatch(r.text, /<script/i);
  });
});

describe('enablement and switched-off families', () => {
  // another process of the deployment with keys and finance off, and no DOCEX_TEST_CLOCK
  let off: TestService;
  let session: string;
  before(async () => {
    off = await svc.variant({ DOCEX_FAMILIES_DISABLED: ' keys , finance', DOCEX_TEST_CLOCK: '' });
    session = (await signup(off, 'Families')).session;
  });
  after(async () => {
    await off?.close();
  });

  test('GET /v1/enablement is unauthenticated and reports each family', async () => {
    const r = await off.req<{ api_version: string; environment: string; families: Record<string, boolean> }>(
      'GET',
      '/v1/enablement',
    );
    assert.equal(r.status, 200);
    assert.equal(r.body.api_version, r.headers['svc-api-version']);
    assert.equal(r.body.environment, 'development');
    assert.deepEqual(Object.keys(r.body.families).sort(), [...FAMILIES].sort());
    for (const f of FAMILIES) assert.equal(r.body.families[f], f !== 'keys' && f !== 'finance', f);
    // a credential changes nothing about it
    const withSession = await off.req('GET', '/v1/enablement', { token: session });
    assert.deepEqual(withSession.body, r.body);
  });

  test('a family with no operations in this build reports false even when not switched off', async () => {
    const r = await svc.req<{ families: Record<string, boolean> }>('GET', '/v1/enablement');
    const served = servedFamilies(allRoutes());
    for (const f of FAMILIES) assert.equal(r.body.families[f], served.has(f), f);
    assert.equal(r.body.families.documents, true);
  });

  test('every key operation answers 403 not_enabled, whoever asks', async () => {
    const ops = [
      ['POST', '/v1/keys', { name: 'x', scopes: ['documents:read'] }],
      ['GET', '/v1/keys', undefined],
      ['GET', '/v1/keys/key_x', undefined],
      ['POST', '/v1/keys/key_x/revoke', undefined],
      ['POST', '/v1/keys/key_x/rotate', undefined],
    ] as const;
    const keysBefore = (await off.ctx.db.selectFrom('api_keys').select('id').execute()).length;
    for (const [method, url, body] of ops) {
      for (const token of [session, undefined]) {
        const e = expectApiError(
          await off.req(method, url, { ...(token ? { token } : {}), ...(body ? { body } : {}) }),
          403,
          'not_enabled',
        );
        assert.equal(e.details?.family, 'keys');
      }
    }
    assert.equal(
      (await off.ctx.db.selectFrom('api_keys').select('id').execute()).length,
      keysBefore,
      'nothing was created',
    );
  });

  test('the other families keep working, and the specification still describes the switched-off ones', async () => {
    assert.equal((await off.req('GET', '/v1/organization', { token: session })).status, 200);
    const doc = (await off.req('GET', '/v1/openapi.json')).body as { paths: Record<string, unknown> };
    assert.ok(doc.paths['/v1/keys'], 'the keys operations are still documented');
  });

  test('without DOCEX_TEST_CLOCK the test clock answers 404 not_found, to anyone', async () => {
    for (const token of [OPERATOR_TOKEN, session, undefined]) {
      const opts = token ? { token } : {};
      expectApiError(await off.req('GET', '/v1/test_helpers/clock', opts), 404, 'not_found');
      expectApiError(
        await off.req('POST', '/v1/test_helpers/clock', { ...opts, body: { advance_seconds: 3600 } }),
        404,
        'not_found',
      );
    }
    assert.equal(off.ctx.clock.adjustable, false);
  });

  test('DOCEX_FAMILIES_DISABLED with an unknown family is a configuration error', () => {
    assert.throws(
      () => loadConfig({ DOCEX_FAMILIES_DISABLED: 'keys,teleportation' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.match(err.message, /teleportation/);
        return true;
      },
    );
    assert.deepEqual([...loadConfig({ DOCEX_FAMILIES_DISABLED: ',keys,,' }).familiesDisabled], ['keys']);
  });
});
