// Request and connection timeouts (issue 35, item 7), on a real socket on loopback, written as the
// attacks: a client that announces 1,000 body bytes, sends 3 and falls silent held its connection
// open for ever (Fastify's requestTimeout and connectionTimeout were 0); one that trickles a byte
// at a time never went quiet long enough for an idle timeout. The limits are set low here
// (DOCEX_IDLE_TIMEOUT_MS, DOCEX_REQUEST_TIMEOUT_MS) so the test is quick; docs/security.md has the
// production values and why.
import assert from 'node:assert/strict';
import { type Socket, connect as tcp } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { mintKey, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let slow: TestService;
let port: number;
let key: string;

before(async () => {
  svc = await startTestService();
  slow = await svc.variant({ DOCEX_IDLE_TIMEOUT_MS: '600', DOCEX_REQUEST_TIMEOUT_MS: '1500' });
  port = Number(new URL(await slow.listen()).port);
  const a = await signup(svc, 'Slow Client');
  key = (await mintKey(svc, a.session, ['documents:read', 'documents:write'])).key;
});
after(async () => {
  await slow?.close();
  await svc?.close();
});

/** Opens a socket, and resolves with what the server sent and when it closed (ms after open). */
function open(): { socket: Socket; closed: Promise<{ after: number; received: string }> } {
  const socket = tcp({ host: '127.0.0.1', port });
  const started = performance.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    received += d;
  });
  const closed = new Promise<{ after: number; received: string }>((resolve) => {
    socket.on('close', () => resolve({ after: performance.now() - started, received }));
    socket.on('error', () => {});
  });
  return { socket, closed };
}

const head = (length: number) =>
  `POST /v1/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nIdempotency-Key: slow-${Date.now()}-${Math.random()}\r\nContent-Length: ${length}\r\n\r\n`;

describe('a connection that stops sending', () => {
  test('3 of 1,000 body bytes, then silence: the server closes it (before: open for ever)', async () => {
    const { socket, closed } = open();
    socket.write(`${head(1000)}{"a`);
    // Far beyond the 600 ms idle limit, far below "for ever": a bound, not a timing probe.
    const outcome = await Promise.race([
      closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000).unref()),
    ]);
    socket.destroy();
    assert.ok(outcome, 'the connection was still open 15 s later');
  });

  test('headers alone, never finished: the server closes it', async () => {
    const { socket, closed } = open();
    socket.write('GET /v1/organization HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const outcome = await Promise.race([
      closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000).unref()),
    ]);
    socket.destroy();
    assert.ok(outcome, 'the connection was still open 15 s later');
  });
});

describe('a connection that trickles', () => {
  test('one byte every 200 ms never idles, but the request timeout answers 408 in the envelope', async () => {
    const { socket, closed } = open();
    socket.write(head(1000));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 200);
    const outcome = await Promise.race([
      closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000).unref()),
    ]);
    clearInterval(timer);
    socket.destroy();
    assert.ok(outcome, 'the connection was still open 20 s later');
    assert.match(outcome.received, /^HTTP\/1\.1 408 /);
    const body = JSON.parse(outcome.received.slice(outcome.received.indexOf('\r\n\r\n') + 4)) as {
      error: { code: string; message: string };
    };
    assert.equal(body.error.code, 'invalid_request');
    assert.match(body.error.message, /did not arrive whole in time/);
  });
});

describe('what must keep working', () => {
  test('a request whose body arrives in pieces, each within the limits, is answered', async () => {
    const body = JSON.stringify({ connection_id: 'conn_nonexistent0000000000', document_type: 'invoice' });
    const { socket, closed } = open();
    socket.write(head(Buffer.byteLength(body)));
    for (const part of [body.slice(0, 10), body.slice(10, 30), body.slice(30)]) {
      await new Promise((r) => setTimeout(r, 150));
      socket.write(part);
    }
    const answered = await new Promise<string>((resolve) => {
      socket.on('data', (d: Buffer | string) => {
        const text = String(d);
        if (text.startsWith('HTTP/1.1')) resolve(text);
      });
    });
    socket.destroy();
    await closed;
    // Validation's answer (400 on the missing line items), not a timeout.
    assert.match(answered, /^HTTP\/1\.1 400 /);
    assert.doesNotMatch(answered, /did not arrive whole/);
  });

  test('the defaults leave room for a 14 MiB upload and slow answers', () => {
    const c = loadConfig({});
    assert.equal(c.requestTimeoutMs, 300_000);
    assert.equal(c.idleTimeoutMs, 120_000);
    assert.equal(svc.app.server.requestTimeout, 300_000);
    assert.equal(slow.app.server.requestTimeout, 1500);
    assert.equal(slow.app.server.timeout, 600);
    assert.equal(slow.app.server.headersTimeout, 1500);
    assert.equal(svc.app.server.headersTimeout, 30_000);
    assert.throws(() => loadConfig({ DOCEX_REQUEST_TIMEOUT_MS: '0' }), /DOCEX_REQUEST_TIMEOUT_MS/);
  });
});
