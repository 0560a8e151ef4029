// One delivery attempt against real local HTTP servers, without a database: the 10 s deadline
// (here a short one) fires at its time whatever stage the request is in, an answer counts once
// its status arrived, a huge answer is cut off, and the URL rules still refuse per policy.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { after, describe, test } from 'node:test';
import { closeDeliveryDispatchers, type SendInput, sendDelivery } from '../../src/modules/webhooks/send.ts';
import { generateWebhookSecret } from '../../src/modules/webhooks/signing.ts';
import { verifyWebhook } from '../../src/verify-webhook.ts';

const secret = generateWebhookSecret();
const servers: Array<Server | TcpServer> = [];
const sockets = new Set<Socket>();

after(async () => {
  for (const s of sockets) s.destroy();
  for (const s of servers) {
    if ('closeAllConnections' in s) s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await closeDeliveryDispatchers();
});

async function listen(server: Server | TcpServer): Promise<string> {
  servers.push(server);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

function input(url: string, over: Partial<SendInput> = {}): SendInput {
  return {
    url,
    eventId: 'evt_send_test',
    body: JSON.stringify({ id: 'evt_send_test', type: 'ping', data: {} }),
    secrets: [secret],
    now: new Date(),
    production: false,
    ...over,
  };
}

describe('sendDelivery', () => {
  test('a 2xx answer succeeds; the request carries verifiable signatures and the user agent', async () => {
    let seen: { headers: Record<string, string | string[] | undefined>; body: string } | null = null;
    const url = await listen(
      createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          seen = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
          res.writeHead(204).end();
        });
      }),
    );
    const sent = input(url);
    const result = await sendDelivery(sent);
    assert.equal(result.ok, true);
    assert.equal(result.attempt.status_code, 204);
    assert.equal(result.attempt.error, null);
    assert.equal(result.attempt.at, sent.now.toISOString());
    assert.ok(seen);
    const got = seen as { headers: Record<string, string | string[] | undefined>; body: string };
    assert.equal(got.body, sent.body);
    assert.match(String(got.headers['user-agent']), /^docex-webhooks\//);
    assert.equal(got.headers['content-type'], 'application/json');
    const verified = verifyWebhook({
      rawBody: Buffer.from(got.body),
      headers: got.headers,
      secrets: [secret],
      now: sent.now,
    });
    assert.ok(verified);
  });

  test('a non-2xx answer fails with its status', async () => {
    const url = await listen(createServer((_req, res) => res.writeHead(503).end('busy')));
    const result = await sendDelivery(input(url));
    assert.equal(result.ok, false);
    assert.equal(result.attempt.status_code, 503);
    assert.equal(result.attempt.error, 'HTTP 503');
  });

  test('a receiver that never answers fails at the deadline, not later', async () => {
    // Accepts the connection and reads the request, never writes a byte back.
    const url = await listen(createTcpServer((socket) => socket.resume()));
    const started = performance.now();
    const result = await sendDelivery(input(url, { timeoutMs: 300 }));
    const took = performance.now() - started;
    assert.equal(result.ok, false);
    assert.equal(result.attempt.status_code, null);
    assert.equal(result.attempt.error, 'timeout: no answer within 0.3 s');
    assert.ok(took >= 290, `settled after ${took} ms, before its deadline`);
    assert.ok(took < 1500, `settled after ${took} ms, long after its 300 ms deadline`);
    assert.ok(result.attempt.duration_ms >= 290);
  });

  test('each attempt has its own deadline: a quick answer is not held by a slow one beside it', async () => {
    let n = 0;
    const url = await listen(
      createServer((req, res) => {
        req.resume();
        n++;
        if (n === 1) return; // the first request hangs
        res.writeHead(200).end('ok');
      }),
    );
    const slow = sendDelivery(input(url, { timeoutMs: 400 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const quick = await sendDelivery(input(url, { timeoutMs: 400 }));
    assert.equal(quick.ok, true);
    assert.ok(performance.now() - started < 300);
    const timedOut = await slow;
    assert.match(timedOut.attempt.error ?? '', /^timeout/);
  });

  test('an answer whose status arrived in time counts, even if its body is still trickling', async () => {
    const url = await listen(
      createServer((req, res) => {
        req.resume();
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('still '); // and never ends
      }),
    );
    const started = performance.now();
    const result = await sendDelivery(input(url, { timeoutMs: 300 }));
    assert.equal(result.ok, true);
    assert.equal(result.attempt.status_code, 200);
    assert.equal(result.attempt.error, null);
    assert.ok(performance.now() - started < 1500);
  });

  test('a huge answer body is cut off after 64 KB, keeping the status', async () => {
    const url = await listen(
      createServer((req, res) => {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(16 * 1024, 1);
        // Up to 16 MB unless cut off first; each write waits for the socket.
        let left = 1024;
        const more = () => {
          while (left-- > 0) if (!res.write(chunk)) return void res.once('drain', more);
          res.end();
        };
        res.on('close', () => {
          left = 0;
        });
        more();
      }),
    );
    const result = await sendDelivery(input(url, { timeoutMs: 5000 }));
    assert.equal(result.ok, true);
    assert.equal(result.attempt.status_code, 200);
    assert.ok(result.attempt.duration_ms < 4000);
  });

  test('a refused connection is described, not thrown', async () => {
    const server = createTcpServer();
    const url = await listen(server);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    servers.splice(servers.indexOf(server), 1);
    const result = await sendDelivery(input(url));
    assert.equal(result.ok, false);
    assert.equal(result.attempt.error, 'connection refused');
  });

  test('the URL rules apply per policy, on every attempt', async () => {
    // The same URL string: allowed in development, refused in production, whichever came first.
    const url = 'http://127.0.0.1:9/hooks';
    for (let i = 0; i < 2; i++) {
      const prod = await sendDelivery(input(url, { production: true }));
      assert.equal(prod.ok, false);
      assert.match(prod.attempt.error ?? '', /^url refused: must use https/);
      const dev = await sendDelivery(input(url, { production: false }));
      assert.equal(dev.attempt.error, 'connection refused');
    }
    const loopback = await sendDelivery(input('https://127.0.0.1:9/hooks', { production: true }));
    assert.match(loopback.attempt.error ?? '', /^url refused: must not point at a loopback/);
    const garbage = await sendDelivery(input('not a url', { production: false }));
    assert.match(garbage.attempt.error ?? '', /^url refused: must be an absolute URL/);
  });
});
