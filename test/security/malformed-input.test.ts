// The envelope for every input, however malformed (CONTRACT 10), written as the attacks that
// answered 500 or another shape: NUL characters in path ids, queries and body strings (swept over
// every route), numbers past a double (1e309), 10,000-deep nesting, impossible dates and year 0 in
// filters, malformed HTTP and oversized headers on a real socket.
import assert from 'node:assert/strict';
import { connect as tcp } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { allRoutes } from '../../src/routes.ts';
import { expectError, mintKey, type SignedUp, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let a: SignedUp;
let key: string;
before(async () => {
  svc = await startTestService();
  a = await signup(svc, 'Malformed');
  key = (await mintKey(svc, a.session, ['documents:read', 'documents:write', 'payments:read'])).key;
});
after(async () => {
  await svc?.close();
});

const raw = (method: string, url: string, rawBody: string, token = a.session) =>
  svc.req<{ error: { code: string; details?: { errors?: { path: string }[] } } }>(method, url, {
    token,
    rawBody,
    headers: { 'content-type': 'application/json' },
  });

function pathsOf(res: { body: unknown }): string[] {
  const body = res.body as { error: { details?: { errors?: { path: string }[] } } };
  return (body.error.details?.errors ?? []).map((e) => e.path);
}

describe('NUL characters', () => {
  test('in a path parameter of every route: 400 invalid_request naming it, never a 500', async () => {
    let swept = 0;
    for (const route of allRoutes()) {
      if (!route.url.includes(':')) continue;
      const url = route.url.replace(/:(\w+)/g, 'x%00y');
      const res = await svc.req(route.method, url, {
        token: route.auth === 'operator' ? undefined : a.session,
        ...(route.method === 'GET' ? {} : { body: {} }),
      });
      assert.notEqual(res.status, 500, `${route.method} ${route.url}: ${res.text}`);
      if (res.status === 404) continue; // a route not served in this configuration
      expectError(res, 400, 'invalid_request');
      swept++;
    }
    assert.ok(swept >= 25, `only ${swept} routes swept`);
  });

  test('in query values and in body strings at any depth, keys included', async () => {
    const q = await svc.req('GET', '/v1/payments?document=doc_%00', { token: key });
    expectError(q, 400, 'invalid_request');
    const body = await svc.req<{ error: { details: { errors: { path: string }[] } } }>('POST', '/v1/keys', {
      token: a.session,
      body: { name: 'a\u0000b', scopes: ['documents:read'] },
    });
    expectError(body, 400, 'invalid_request');
    assert.deepEqual(pathsOf(body), ['name']);
    const deep = await raw(
      'POST',
      '/v1/webhooks',
      JSON.stringify({ url: 'http://127.0.0.1:9/h', events: [], x: { y: [{ 'k\u0000': 1 }] } }),
    );
    expectError(deep, 400, 'invalid_request');
    assert.deepEqual(pathsOf(deep), ['x.y[0].k\u0000']);
    const url = await svc.req('POST', '/v1/webhooks', {
      token: a.session,
      body: { url: 'http://127.0.0.1/\u0000', events: [] },
    });
    expectError(url, 400, 'invalid_request');
  });
});

describe('numbers, nesting, dates', () => {
  test('1e309 and -1e309 anywhere in a body: 400 naming the field', async () => {
    for (const n of ['1e309', '-1e309']) {
      const res = await raw(
        'POST',
        '/v1/keys',
        `{"name":"x","scopes":["payments:write"],"payment_limits":{"max_per_payment":{"USD":${n}}}}`,
      );
      expectError(res, 400, 'invalid_request');
      assert.deepEqual(pathsOf(res), ['payment_limits.max_per_payment.USD']);
    }
  });

  test('a body nested 10,000 deep, and one just past 64 levels: 400, not a stack overflow', async () => {
    const deep = `{"name":"x","scopes":[],"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const res = await raw('POST', '/v1/keys', deep);
    expectError(res, 400, 'invalid_request');
    assert.match(JSON.stringify(res.body), /nested deeper than 64 levels/);
    const just = `${'{"a":'.repeat(65)}1${'}'.repeat(65)}`;
    expectError(await raw('POST', '/v1/keys', just), 400, 'invalid_request');
    // 64 levels are fine for the parser (the route's schema then judges the fields)
    const ok = await raw('POST', '/v1/keys', `${'{"a":'.repeat(63)}1${'}'.repeat(63)}`);
    assert.doesNotMatch(JSON.stringify(ok.body), /nested deeper/);
  });

  test('impossible dates and year 0 in filters and fields: 400 naming the field', async () => {
    for (const url of [
      '/v1/documents?until=2020-13-45',
      '/v1/documents?since=0000-01-01',
      '/v1/documents?since=2023-02-29',
      '/v1/documents?updated_since=2024-01-01T25:00:00Z',
      '/v1/documents?updated_since=0001-01-01T00:00:00%2B01:00',
      '/v1/events?since=0000-01-01',
      '/v1/events?since=2020-02-30T00:00:00Z',
    ]) {
      const res = await svc.req('GET', url, { token: key });
      assert.notEqual(res.status, 500, `${url}: ${res.text}`);
      expectError(res, 400, 'invalid_request');
    }
    const doc = await svc.req('POST', '/v1/documents', {
      token: key,
      body: {
        connection_id: 'conn_none',
        document_type: 'invoice',
        document_date: '0000-01-01',
        line_items: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0 }],
      },
    });
    expectError(doc, 400, 'invalid_request');
    assert.ok(pathsOf(doc).includes('document_date'), JSON.stringify(doc.body));
    // real dates still pass
    assert.equal(
      (await svc.req('GET', '/v1/documents?since=2024-02-29&until=9999-12-31', { token: key })).status,
      200,
    );
  });
});

describe('malformed HTTP on a real socket', () => {
  async function rawHttp(request: string): Promise<{ status: number; headers: string; body: string }> {
    const url = new URL(await svc.listen());
    return new Promise((resolve, reject) => {
      const s = tcp({ host: url.hostname, port: Number(url.port) }, () => s.write(request));
      let data = '';
      s.on('data', (d) => {
        data += d.toString('utf8');
      });
      s.on('error', reject);
      s.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head, body });
      });
    });
  }

  test('a broken request line or header: 400 in the envelope, with the service headers', async () => {
    for (const req of [
      'GET /v1/enablement HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'BLAH\r\n\r\n',
      'POST /v1/signup HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ]) {
      const res = await rawHttp(req);
      assert.equal(res.status, 400, res.headers);
      const body = JSON.parse(res.body) as { error: { code: string; docs_url: string } };
      assert.equal(body.error.code, 'invalid_request');
      assert.match(body.error.docs_url, /#errors-invalid_request$/);
      assert.match(res.headers, /svc-api-version: /i);
      assert.match(res.headers, /svc-request-id: req_/i);
    }
  });

  test('headers over the size limit: 431 in the envelope (code invalid_request)', async () => {
    const res = await rawHttp(
      `GET /v1/enablement HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    assert.equal(res.status, 431, res.headers);
    const body = JSON.parse(res.body) as { error: { code: string } };
    assert.equal(body.error.code, 'invalid_request');
  });
});
