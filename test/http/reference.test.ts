// GET /v1/reference and its files (issue 29), over HTTP without a browser: the page carries the
// web app's security headers (inline styles excepted, for Scalar's run-time styles) and loads only
// files docex serves; the configuration turns off everything that would call another machine; the
// bundle is the installed @scalar/api-reference one, versioned, cached for good, gzip or not,
// revalidated by ETag; any other file name is a 404 envelope; /v1/docs links to the reference.
// The rendering itself: test/app/reference-browser.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { scalarBundle } from '../../src/http/reference-page.ts';
import { APP_CSP, REFERENCE_CSP } from '../../src/http/security-headers.ts';
import { assertServiceHeaders, expectApiError } from '../helpers/expect.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let html: string;
let headers: Record<string, unknown>;

before(async () => {
  svc = await startTestService();
  const r = await svc.app.inject({ method: 'GET', url: '/v1/reference' });
  assert.equal(r.statusCode, 200);
  html = r.body;
  headers = r.headers;
});
after(async () => {
  await svc?.close();
});

function scripts(): string[] {
  return [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1] ?? '');
}

describe('GET /v1/reference', () => {
  test('is HTML for anyone, with the service headers and revalidated on each visit', async () => {
    assert.match(String(headers['content-type']), /^text\/html; charset=utf-8$/);
    assert.equal(headers['cache-control'], 'no-cache');
    const res = await svc.req('GET', '/v1/reference');
    assertServiceHeaders(res.headers);
    assert.match(res.text, /<div id="reference"><\/div>/);
  });

  test("carries the app's security headers; its CSP differs only by allowing inline styles", async () => {
    const app = await svc.app.inject({ method: 'GET', url: '/app/' });
    for (const h of ['x-content-type-options', 'x-frame-options', 'referrer-policy'])
      assert.equal(headers[h], app.headers[h], h);
    const policy = String(headers['content-security-policy']);
    assert.equal(policy, REFERENCE_CSP);
    const mine = policy.split('; ');
    for (const directive of APP_CSP.split('; ')) {
      if (directive.startsWith('style-src')) assert.ok(mine.includes("style-src 'self' 'unsafe-inline'"));
      else assert.ok(mine.includes(directive), directive);
    }
    assert.equal(mine.length, APP_CSP.split('; ').length);
    // scripts from this origin only, no eval, requests to this origin only
    assert.ok(mine.includes("script-src 'self'"));
    assert.ok(mine.includes("connect-src 'self'"));
    assert.doesNotMatch(policy, /unsafe-eval|https?:|\*/);
  });

  test('loads two scripts, both from docex, and runs no inline script', () => {
    const bundle = scalarBundle();
    const srcs = scripts();
    assert.equal(srcs.length, 2);
    assert.equal(srcs[0], `/v1/reference/assets/scalar-${bundle.version}.js`);
    assert.match(srcs[1] ?? '', /^\/v1\/reference\/assets\/start-[A-Za-z0-9_-]{12}\.js$/);
    // the only other <script> is the configuration: JSON, which a browser never executes
    const blocks = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    assert.deepEqual(
      blocks.filter((a) => !a?.startsWith(' src=')),
      [' type="application/json" id="docex-reference-config"'],
    );
    assert.doesNotMatch(html, /https?:\/\//);
    assert.match(html, /<noscript>[\s\S]*href="\/v1\/docs"/);
  });

  test('configures Scalar to call no other machine', () => {
    const text = /<script type="application\/json" id="docex-reference-config">([^<]*)<\/script>/.exec(
      html,
    )?.[1];
    assert.ok(text);
    const config = JSON.parse(text) as Record<string, unknown>;
    assert.equal(config.url, '/v1/openapi.json');
    assert.equal(config.withDefaultFonts, false, 'fonts.scalar.com');
    assert.equal(config.telemetry, false);
    assert.deepEqual(config.agent, { disabled: true });
    assert.deepEqual(config.mcp, { disabled: true });
    assert.equal(config.showDeveloperTools, 'never');
    assert.equal(config.hideClientButton, true, 'client.scalar.com');
    for (const key of ['proxyUrl', 'proxy', 'pluginUrls', 'externalUrls'])
      assert.equal(config[key], undefined, key);
  });
});

describe('the reference files', () => {
  test('the bundle: the installed one, gzip, cached for good, revalidated by ETag', async () => {
    const bundle = scalarBundle();
    const url = scripts()[0] ?? '';
    const gz = await svc.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(gz.statusCode, 200);
    assert.match(String(gz.headers['content-type']), /^text\/javascript/);
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(gz.headers.vary, 'accept-encoding');
    assert.equal(gz.headers['x-content-type-options'], 'nosniff');
    assert.ok(
      gunzipSync(gz.rawPayload).equals(readFileSync(bundle.file)),
      'the installed bundle, byte for byte',
    );
    assert.ok(gz.rawPayload.length < bundle.size / 2, `${gz.rawPayload.length} bytes compressed`);

    for (const encoding of ['identity', 'gzip;q=0, identity']) {
      const plain = await svc.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.headers['content-encoding'], undefined, encoding);
      assert.equal(plain.rawPayload.length, bundle.size);
    }

    const etag = String(gz.headers.etag);
    assert.match(etag, /^"scalar-/);
    const again = await svc.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
  });

  test('the starter mounts Scalar from the configuration block', async () => {
    const res = await svc.app.inject({ method: 'GET', url: scripts()[1] ?? '' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/javascript/);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(res.body, /getElementById\('docex-reference-config'\)/);
    assert.match(res.body, /Scalar\.createApiReference\('#reference', config\)/);
    const again = await svc.app.inject({
      method: 'GET',
      url: scripts()[1] ?? '',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  });

  test('any other name or an older version answers not_found; an escape, invalid_request', async () => {
    for (const url of [
      '/v1/reference/assets/scalar-0.0.1.js',
      '/v1/reference/assets/standalone.js',
      '/v1/reference/assets/start.js',
    ]) {
      const res = await svc.req('GET', url);
      assert.equal(res.status, 404, url);
      expectApiError(res, 404, 'not_found');
      assert.notEqual(res.headers['cache-control'], 'public, max-age=31536000, immutable', url);
    }
    // a name outside [A-Za-z0-9._-] never reaches the file system
    for (const url of ['/v1/reference/assets/..%2f..%2fpackage.json', '/v1/reference/assets/a%20b.js'])
      expectApiError(await svc.req('GET', url), 400, 'invalid_request');
  });
});

describe('the reference in the OpenAPI document and on /v1/docs', () => {
  test('getReference is an operation; its files are not', async () => {
    const doc = (await svc.req('GET', '/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    assert.equal(doc.paths['/v1/reference']?.get?.operationId, 'getReference');
    assert.equal(
      Object.keys(doc.paths).some((p) => p.startsWith('/v1/reference/')),
      false,
    );
  });

  test('/v1/docs links to the reference first thing, and keeps its error anchors', async () => {
    const docs = await svc.req('GET', '/v1/docs');
    const link = docs.text.indexOf('<a href="/v1/reference">');
    assert.ok(link > 0, 'a link to /v1/reference');
    assert.ok(link < docs.text.indexOf('<section class="op"'), 'before the first operation');
    assert.ok(docs.text.includes('id="errors-not_found"'));
  });
});
