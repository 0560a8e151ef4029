// The published client (`docex/client`, src/client/) against a real service over real HTTP:
// the Authorization and Idempotency-Key headers it adds, a caller's own key replaying the
// original answer, and every non-2xx answer thrown as a DocexError carrying the envelope's code,
// details and message, the Svc-Request-Id and Retry-After. The `fetch` handed to the client is
// the real one, wrapped only to record what went over the wire.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createDocexClient, type DocexClient, DocexError, parseRetryAfter } from '../../src/client/index.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

interface Exchange {
  method: string;
  url: string;
  headers: Headers;
  status: number;
  responseHeaders: Headers;
}

let svc: TestService;
let url: string;
let p: Pair;
const wire: Exchange[] = [];

/** The global fetch, recording each request's headers and the answer's status and headers. */
const recordingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request.clone());
  wire.push({
    method: request.method,
    url: request.url,
    headers: request.headers,
    status: response.status,
    responseHeaders: response.headers,
  });
  return response;
};

function client(apiKey?: string): DocexClient {
  return createDocexClient({ baseUrl: url, fetch: recordingFetch, ...(apiKey ? { apiKey } : {}) });
}

const invoice = (connectionId: string) => ({
  connection_id: connectionId,
  document_type: 'invoice' as const,
  currency: 'EUR' as const,
  line_items: [{ description: 'Consulting', quantity: 2, unit_price: 50, tax_rate: 0.19 }],
});

/** Runs `fn`, asserts it threw a DocexError, returns it. */
async function thrown(fn: () => Promise<unknown>): Promise<DocexError> {
  try {
    await fn();
  } catch (err) {
    assert.ok(err instanceof DocexError, `expected a DocexError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to throw');
}

before(async () => {
  svc = await startTestService();
  url = await svc.listen();
  p = await pair(svc, ['Client Seller', 'Client Buyer']);
});
after(async () => {
  await svc?.close();
});

describe('headers the client adds', () => {
  test('Authorization: Bearer <apiKey>; without a key the service answers 401 as a DocexError', async () => {
    const page = await client(p.issuer.key).GET('/v1/documents', { params: { query: { limit: 1 } } });
    assert.ok(Array.isArray(page.data));
    assert.equal(wire.at(-1)?.headers.get('authorization'), `Bearer ${p.issuer.key}`);

    const err = await thrown(() => client().GET('/v1/documents'));
    assert.equal(wire.at(-1)?.headers.get('authorization'), null);
    assert.equal(err.status, 401);
    assert.equal(err.code, 'unauthorized');
  });

  test('every write gets a fresh Idempotency-Key; reads get none', async () => {
    const docex = client(p.issuer.key);
    const a = await docex.POST('/v1/documents', { body: invoice(p.connectionId) });
    const keyA = wire.at(-1)?.headers.get('idempotency-key');
    const b = await docex.POST('/v1/documents', { body: invoice(p.connectionId) });
    const keyB = wire.at(-1)?.headers.get('idempotency-key');
    assert.match(keyA ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(keyA, keyB);
    assert.notEqual(a.id, b.id, 'two writes with two keys are two documents');
    assert.equal(a.status, 'draft');
    await docex.GET('/v1/documents/{id}', { params: { path: { id: a.id } } });
    assert.equal(wire.at(-1)?.headers.get('idempotency-key'), null);
  });

  test("a caller's own Idempotency-Key is sent as is: the retry gets the original answer", async () => {
    const docex = client(p.issuer.key);
    const key = `retry-${crypto.randomUUID()}`;
    const first = await docex.POST('/v1/documents', {
      body: invoice(p.connectionId),
      headers: { 'Idempotency-Key': key },
    });
    assert.equal(wire.at(-1)?.headers.get('idempotency-key'), key);
    assert.equal(wire.at(-1)?.responseHeaders.get('idempotent-replay'), null);
    const retry = await docex.POST('/v1/documents', {
      body: invoice(p.connectionId),
      headers: { 'Idempotency-Key': key },
    });
    assert.equal(wire.at(-1)?.responseHeaders.get('idempotent-replay'), 'true');
    assert.deepEqual(retry, first);

    // The same key with another body: 409 idempotency_conflict, and the error names the key.
    const err = await thrown(() =>
      docex.POST('/v1/documents', {
        body: { ...invoice(p.connectionId), currency: 'USD' as const },
        headers: { 'Idempotency-Key': key },
      }),
    );
    assert.equal(err.status, 409);
    assert.equal(err.code, 'idempotency_conflict');
    assert.equal(err.idempotencyKey, key);
  });
});

describe('DocexError', () => {
  test('404: code, message, docs_url and the request id of the answer', async () => {
    const err = await thrown(() =>
      client(p.issuer.key).GET('/v1/documents/{id}', {
        params: { path: { id: 'doc_doesnotexist000000000' } },
      }),
    );
    assert.equal(err.status, 404);
    assert.equal(err.code, 'not_found');
    assert.ok(err.message.length > 0);
    assert.equal(err.name, 'DocexError');
    assert.ok(err instanceof Error);
    assert.match(err.docs_url ?? '', /\/v1\/docs#errors-not_found$/);
    const answered = wire.at(-1)?.responseHeaders.get('svc-request-id');
    assert.ok(answered);
    assert.equal(err.request_id, answered);
    assert.equal(err.retryAfter, undefined);
    assert.equal(err.idempotencyKey, undefined, 'a read has no key');
  });

  test('409 conflict on an illegal transition carries details.allowed and the generated key', async () => {
    const docex = client(p.issuer.key);
    const doc = await docex.POST('/v1/documents', { body: invoice(p.connectionId) });
    const err = await thrown(() =>
      docex.POST('/v1/documents/{id}/transition', {
        params: { path: { id: doc.id } },
        body: { to: 'submitted' },
      }),
    );
    assert.equal(err.status, 409);
    assert.equal(err.code, 'conflict');
    assert.deepEqual(err.details?.allowed, [], 'a draft moves only by being issued');
    assert.equal(err.idempotencyKey, wire.at(-1)?.headers.get('idempotency-key'));
  });

  test('422 einvoice_incomplete carries details.missing', async () => {
    const docex = client(p.issuer.key);
    const doc = await docex.POST('/v1/documents', { body: invoice(p.connectionId) });
    await docex.POST('/v1/documents/{id}/issue', { params: { path: { id: doc.id } } });
    const err = await thrown(() =>
      docex.GET('/v1/documents/{id}/einvoice', {
        params: { path: { id: doc.id }, query: { format: 'ubl' } },
        parseAs: 'text',
      }),
    );
    assert.equal(err.status, 422);
    assert.equal(err.code, 'einvoice_incomplete');
    assert.ok(Array.isArray(err.details?.missing), JSON.stringify(err.details));
  });

  test('400 invalid_request lists the problems in details.errors', async () => {
    const err = await thrown(() =>
      client(p.issuer.key).POST('/v1/documents', {
        body: { ...invoice(p.connectionId), line_items: [] },
      }),
    );
    assert.equal(err.status, 400);
    assert.equal(err.code, 'invalid_request');
    assert.ok(Array.isArray(err.details?.errors), JSON.stringify(err.details));
  });

  test('429 rate_limited: retryAfter is read from Retry-After', async () => {
    const limited = await svc.variant({ DOCEX_RATE_LIMIT: '1' });
    try {
      const docex = createDocexClient({ baseUrl: await limited.listen(), apiKey: p.issuer.key });
      let err: DocexError | undefined;
      for (let i = 0; i < 10 && !err; i++) {
        try {
          await docex.GET('/v1/documents', { params: { query: { limit: 1 } } });
        } catch (e) {
          assert.ok(e instanceof DocexError, String(e));
          err = e;
        }
      }
      assert.ok(err, 'ten reads at once exceed one per second');
      assert.equal(err.status, 429);
      assert.equal(err.code, 'rate_limited');
      assert.ok(typeof err.retryAfter === 'number' && err.retryAfter >= 1, String(err.retryAfter));
    } finally {
      await limited.close();
    }
  });

  test('an answer outside the envelope is still a DocexError (code unexpected_response)', async () => {
    // A real local server standing in for a failing reverse proxy in front of the service.
    const proxy = createServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const err = await thrown(() =>
        createDocexClient({ baseUrl: `http://127.0.0.1:${port}` }).GET('/v1/documents'),
      );
      assert.equal(err.status, 502);
      assert.equal(err.code, 'unexpected_response');
      assert.match(err.message, /502.*Bad gateway/);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

test('parseRetryAfter: delta-seconds, an HTTP date, and garbage', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(parseRetryAfter('7', now), 7);
  assert.equal(parseRetryAfter(' 0 ', now), 0);
  assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now), 30);
  assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 0, 'a past date: retry now');
  assert.equal(parseRetryAfter('soon', now), undefined);
  assert.equal(parseRetryAfter(null, now), undefined);
});

test('the client imports nothing Node-only, so the web app can bundle it', () => {
  const dir = fileURLToPath(new URL('../../src/client/', import.meta.url));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const imports = [...readFileSync(join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    for (const spec of imports) {
      assert.ok(spec === 'openapi-fetch' || spec?.startsWith('./'), `${file} imports ${spec}`);
    }
  }
});
