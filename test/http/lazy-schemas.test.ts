// Route schemas are compiled at a route's first request (src/http/lazy-schemas.ts), and every one
// of them compiles: what building the app used to prove at start, compileRouteSchemas proves here
// (and `docex serve` runs it in the background after listening).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { compileRouteSchemas } from '../../src/http/lazy-schemas.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

test('a request refused by a lazily compiled validator is answered in words, before anything else compiled', async () => {
  const r = await s.req('POST', '/v1/signup', { body: { organization_name: '', email: 'not an email' } });
  assert.equal(r.status, 400);
  const body = r.body as { error: { code: string; message: string; details: { errors: unknown[] } } };
  assert.equal(body.error.code, 'invalid_request');
  assert.ok(body.error.details.errors.length >= 2, JSON.stringify(body));
  assert.doesNotMatch(body.error.message, /must NOT have/);
});

test('a lazily compiled serializer writes the declared response', async () => {
  const r = await s.req('GET', '/healthz');
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body).sort(), ['api_version', 'status']);
  assert.equal(r.body.status, 'ok');
});

test("every route's validators and serializers compile, once", async () => {
  const n = await compileRouteSchemas(s.app);
  // Hundreds of routes with a body, query, params or response schema; a few already compiled above.
  assert.ok(n > 200, `${n} schemas compiled`);
  assert.equal(await compileRouteSchemas(s.app), 0);
  // Still answering as before with everything compiled.
  const r = await s.req('POST', '/v1/signup', { body: {} });
  assert.equal(r.status, 400);
});
