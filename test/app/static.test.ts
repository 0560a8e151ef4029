// The web app's files under /app (src/webapp/static.ts, over @fastify/static) and the cookie
// parsing of the backend-for-frontend (src/webapp/cookies.ts, over @fastify/cookie): the HTTP
// behaviours the libraries bring (HEAD, ETag and 304) keep the app's headers, and whatever they
// refuse answers in the spec's envelope, never as an internal error.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { makeErrorHandler } from '../../src/http/error-handler.ts';
import { registerStatic } from '../../src/webapp/static.ts';
import { ensureAppBuilt } from '../helpers/app-build.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { jar, setCookie } from './jar.ts';

let svc: TestService;

before(async () => {
  await ensureAppBuilt();
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  svc.app.inject({ method: 'GET', url, headers });

function errorCode(res: { json(): unknown }): string | undefined {
  return (res.json() as { error?: { code?: string } }).error?.code;
}

function assertAppHeaders(res: { headers: Record<string, unknown> }, label: string): void {
  assert.match(String(res.headers['content-security-policy']), /script-src 'self'/, label);
  assert.equal(res.headers['x-frame-options'], 'DENY', label);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', label);
  assert.equal(res.headers['referrer-policy'], 'same-origin', label);
}

async function assets(): Promise<{ script: string; style: string }> {
  const index = await get('/app/');
  const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
  const style = /href="(\/app\/assets\/[^"]+\.css)"/.exec(index.body)?.[1];
  assert.ok(script && style, 'the index page links a bundled script and stylesheet');
  return { script, style };
}

describe('files under /app', () => {
  it('answers a revalidation of the index page with 304 and the same headers', async () => {
    const page = await get('/app/keys');
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const etag = String(page.headers.etag);
    assert.ok(page.headers.etag && page.headers['last-modified'], 'an ETag and a Last-Modified');
    const again = await get('/app/documents/doc_1', { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers['cache-control'], 'no-cache');
    assertAppHeaders(again, '304');
  });

  it('the service address itself leads to the app', async () => {
    const root = await get('/');
    assert.equal(root.statusCode, 302);
    assert.equal(root.headers.location, '/app');
    // Anything else outside /app and /v1 is still the API's JSON 404.
    const other = await get('/nothing-here');
    assert.equal(other.statusCode, 404);
    assert.match(String(other.headers['content-type']), /^application\/json/);
  });

  it('serves assets with their types, for good, and answers HEAD without a body', async () => {
    const { script, style } = await assets();
    const js = await get(script);
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assertAppHeaders(js, script);
    const css = await get(style);
    assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
    const head = await svc.app.inject({ method: 'HEAD', url: script });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-length'], String(Buffer.byteLength(js.body)));
    assert.equal(head.headers['content-type'], 'text/javascript; charset=utf-8');
  });

  it('sends whole files: a Range header is ignored', async () => {
    const { script } = await assets();
    const res = await get(script, { range: 'bytes=0-9' });
    assert.equal(res.statusCode, 200);
    assert.notEqual(res.headers['accept-ranges'], 'bytes');
    assert.ok(Buffer.byteLength(res.body) > 10);
  });

  it('refuses escapes, odd spellings and missing files with not_found, never a file or a 500', async () => {
    for (const url of [
      '/app/assets/nope.js',
      '/app/..%2f..%2fpackage.json',
      '/app/%2e%2e/%2e%2e/package.json',
      '/app/assets/..%2f..%2f..%2fpackage.json',
      '/app/assets/..%5c..%5c..%5cpackage.json',
      '/app/.%2findex.html',
      '/app/assets%2f%2findex.html',
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
      assert.equal(errorCode(res), 'not_found', url);
      assert.doesNotMatch(res.body, /"name": "docex"/, url);
    }
    for (const url of ['/app/%E0%A4%A.js', '/app/index.html%00.js']) {
      const bad = await get(url);
      assert.equal(bad.statusCode, 400, url);
      assert.equal(errorCode(bad), 'invalid_request', url);
    }
  });

  it('answers a failed If-Match with conflict in the envelope', async () => {
    const res = await get('/app/', { 'if-match': '"not-this-version"' });
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(errorCode(res), 'conflict');
  });

  it('says how to build the app when app/dist holds no index page', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'docex-dist-'));
    const app = Fastify();
    try {
      app.setErrorHandler(makeErrorHandler('http://127.0.0.1'));
      await app.register(async (scope) => registerStatic(scope, empty));
      const res = await app.inject({ method: 'GET', url: '/app/keys' });
      assert.equal(res.statusCode, 503);
      assert.match(res.body, /npm run build:app/);
      assert.equal(res.headers['cache-control'], 'no-store');
      assertAppHeaders(res, '503');
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('cookies of the backend-for-frontend', () => {
  it('reads the first of two cookies of one name', async () => {
    const user = await signup(svc, 'Cookie Twice Co');
    const login = (csrf: string) =>
      svc.app.inject({
        method: 'POST',
        url: '/app/api/login',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': csrf,
          cookie: 'docex_csrf=first; docex_csrf=second',
        },
        payload: JSON.stringify({ email: user.email, password: 'wrong password!!' }),
      });
    assert.equal((await login('second')).statusCode, 403, 'the second value is not the cookie');
    assert.equal((await login('first')).statusCode, 401, 'past CSRF: the password is what is wrong');
  });

  it('clears the session cookie with Max-Age=0 and an Expires in the past', async () => {
    const b = jar(svc.app);
    await b.send('GET', '/app/api/session');
    const res = await b.send('POST', '/app/api/logout');
    assert.equal(res.statusCode, 204);
    const cleared = setCookie(res, 'docex_session') ?? '';
    assert.match(cleared, /^docex_session=; /);
    assert.match(cleared, /; Max-Age=0;/);
    assert.match(cleared, /; Expires=Thu, 01 Jan 1970 00:00:00 GMT;/);
    assert.match(cleared, /; Path=\/app\/api;/);
    assert.match(cleared, /; HttpOnly;/);
  });
});
