import assert from 'node:assert/strict';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import {
  checkWebhookUrl,
  createPinnedDispatcher,
  createPinnedLookup,
  ForbiddenAddressError,
  isForbiddenAddress,
  loadUndici,
  type ResolveAll,
  resolveDeliverableAddress,
} from '../../src/lib/net-policy.ts';

const PROD = { production: true };
const DEV = { production: false };

/** A resolver answering from a script, one answer per call (the last one repeats). */
function scriptedResolver(...answers: string[][]): ResolveAll & { calls: number } {
  const resolve = async (_hostname: string): Promise<LookupAddress[]> => {
    const answer = answers[Math.min(resolve.calls, answers.length - 1)] ?? [];
    resolve.calls += 1;
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  resolve.calls = 0;
  return resolve;
}

type LookupResult = { err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function runLookup(lookup: ReturnType<typeof createPinnedLookup>, host: string, options: LookupOptions = {}) {
  return new Promise<LookupResult>((resolve) => {
    lookup(host, options, (err, address, family) => resolve({ err, address, family }));
  });
}

describe('isForbiddenAddress', () => {
  const forbidden: Record<string, string[]> = {
    loopback: ['127.0.0.1', '127.255.255.254', '::1'],
    'RFC 1918 private': ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1'],
    'unique local fc00::/7': ['fc00::1', 'fd12:3456::1'],
    'link-local': ['169.254.169.254', 'fe80::1', 'fe80::1%eth0', 'febf::1'],
    multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
    unspecified: ['0.0.0.0', '0.1.2.3', '::'],
    broadcast: ['255.255.255.255'],
    'carrier-grade NAT 100.64/10': ['100.64.0.1', '100.127.255.255'],
    'reserved and documentation': ['192.0.2.1', '198.51.100.1', '203.0.113.1', '240.0.0.1', '2001:db8::1'],
    'IPv4-mapped forms of forbidden IPv4': [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0:127.0.0.1',
    ],
    'NAT64 of a forbidden IPv4': ['64:ff9b::7f00:1', '64:ff9b::a00:1'],
    'IPv6 outside global unicast or tunnelling to anything': [
      '::7f00:1',
      '2002:7f00:1::1',
      '2001::1',
      '100::1',
    ],
    unparseable: ['', 'localhost', '999.1.1.1', '1::2::3'],
  };
  for (const [name, addresses] of Object.entries(forbidden)) {
    test(`forbids ${name}`, () => {
      for (const ip of addresses) assert.equal(isForbiddenAddress(ip), true, ip);
    });
  }

  test('allows public unicast addresses, including their mapped and NAT64 forms', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '100.63.255.255',
      '100.128.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '169.253.0.1',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      assert.equal(isForbiddenAddress(ip), false, ip);
    }
  });
});

describe('checkWebhookUrl', () => {
  test('needs an absolute http(s) URL', () => {
    for (const url of ['/hooks', 'example.com/hooks', '', 'ftp://example.com/', 'javascript:alert(1)']) {
      const result = checkWebhookUrl(url, DEV);
      assert.equal(result.ok, false, url);
    }
    assert.deepEqual(checkWebhookUrl('ftp://example.com/', DEV), {
      ok: false,
      message: 'must use https, not ftp',
    });
    assert.match(JSON.stringify(checkWebhookUrl('/hooks', DEV)), /must be an absolute URL/);
  });

  test('refuses credentials in the URL, in every mode', () => {
    for (const url of [
      'https://user:pw@example.com/h',
      'https://user@example.com/h',
      'https://:pw@example.com/',
    ]) {
      for (const policy of [PROD, DEV]) {
        const result = checkWebhookUrl(url, policy);
        assert.equal(result.ok, false, url);
        assert.match(result.ok ? '' : result.message, /credentials/);
      }
    }
  });

  test('refuses plain http in production and allows it in development', () => {
    const prod = checkWebhookUrl('http://example.com/hooks', PROD);
    assert.deepEqual(prod, { ok: false, message: 'must use https' });
    const dev = checkWebhookUrl('http://example.com/hooks', DEV);
    assert.equal(dev.ok && dev.url.href, 'http://example.com/hooks');
  });

  test('accepts a public https URL in production and returns it parsed', () => {
    const result = checkWebhookUrl('https://hooks.example.com:8443/docex?x=1', PROD);
    assert.ok(result.ok);
    assert.equal(result.url.hostname, 'hooks.example.com');
    assert.equal(result.url.port, '8443');
    assert.equal(checkWebhookUrl('https://8.8.8.8/h', PROD).ok, true);
    assert.equal(checkWebhookUrl('https://[2606:4700:4700::1111]/h', PROD).ok, true);
  });

  test('refuses literal forbidden addresses in production, in any spelling the URL parser accepts', () => {
    for (const url of [
      'https://127.0.0.1/h',
      'https://2130706433/h',
      'https://0x7f.1/h',
      'https://10.0.0.1/h',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/h',
      'https://[::ffff:127.0.0.1]/h',
      'https://[fe80::1]/h',
      'https://localhost/h',
      'https://LOCALHOST./h',
      'https://api.localhost/h',
    ]) {
      assert.equal(checkWebhookUrl(url, PROD).ok, false, url);
      assert.equal(checkWebhookUrl(url, DEV).ok, true, url);
    }
  });
});

describe('resolveDeliverableAddress', () => {
  test('refuses a name that resolves to loopback in production and pins it in development', async () => {
    await assert.rejects(resolveDeliverableAddress('localhost', PROD), ForbiddenAddressError);
    const pinned = await resolveDeliverableAddress('localhost', DEV);
    assert.equal(isForbiddenAddress(pinned.address), true);
  });

  test('refuses in production if ANY resolved address is forbidden', async () => {
    const resolve = scriptedResolver(['8.8.8.8', '10.0.0.5']);
    await assert.rejects(
      resolveDeliverableAddress('mixed.example.com', { ...PROD, resolve }),
      (err: unknown) => err instanceof ForbiddenAddressError && err.address === '10.0.0.5',
    );
  });

  test('pins the first address, or the first of a requested family', async () => {
    const resolve = scriptedResolver(['2606:4700:4700::1111', '1.1.1.1']);
    assert.deepEqual(await resolveDeliverableAddress('one.example.com', { ...PROD, resolve }), {
      address: '2606:4700:4700::1111',
      family: 6,
    });
    assert.deepEqual(await resolveDeliverableAddress('one.example.com', { ...PROD, resolve, family: 4 }), {
      address: '1.1.1.1',
      family: 4,
    });
    const v4only = scriptedResolver(['1.1.1.1']);
    await assert.rejects(
      resolveDeliverableAddress('v4.example.com', { ...PROD, resolve: v4only, family: 6 }),
      {
        code: 'ENOTFOUND',
      },
    );
  });

  test('checks a literal address without resolving it', async () => {
    const resolve = scriptedResolver(['8.8.8.8']);
    await assert.rejects(resolveDeliverableAddress('[::1]', { ...PROD, resolve }), ForbiddenAddressError);
    assert.deepEqual(await resolveDeliverableAddress('1.1.1.1', { ...PROD, resolve }), {
      address: '1.1.1.1',
      family: 4,
    });
    assert.equal(resolve.calls, 0);
  });
});

describe('createPinnedLookup', () => {
  test('refuses localhost in production', async () => {
    const { err } = await runLookup(createPinnedLookup(PROD), 'localhost');
    assert.ok(err instanceof ForbiddenAddressError);
    assert.equal(err.code, 'ERR_WEBHOOK_FORBIDDEN_ADDRESS');
  });

  test('answers localhost in development, in both callback shapes', async () => {
    const [expected] = await dnsLookup('localhost', { all: true, verbatim: true });
    assert.ok(expected);
    const lookup = createPinnedLookup(DEV);
    assert.deepEqual(await runLookup(lookup, 'localhost'), {
      err: null,
      address: expected.address,
      family: expected.family,
    });
    // Node's happy-eyeballs connect asks for all addresses; it gets only the pinned one.
    assert.deepEqual(await runLookup(lookup, 'localhost', { all: true }), {
      err: null,
      address: [expected],
      family: undefined,
    });
  });

  test('re-checks at connect time, so a DNS rebinding after the check is refused', async () => {
    const resolve = scriptedResolver(['8.8.8.8'], ['127.0.0.1']);
    const policy = { ...PROD, resolve };
    assert.equal((await resolveDeliverableAddress('rebind.example.com', policy)).address, '8.8.8.8');
    const { err } = await runLookup(createPinnedLookup(policy), 'rebind.example.com');
    assert.ok(err instanceof ForbiddenAddressError);
    assert.equal(err.address, '127.0.0.1');
  });
});

describe('createPinnedDispatcher with a real HTTP server', () => {
  let server: Server;
  let port: number;
  let loopback: LookupAddress;
  const seen: IncomingMessage[] = [];

  before(async () => {
    await loadUndici();
    // Listen where `localhost` resolves first, since that is the address the lookup pins.
    const [first] = await dnsLookup('localhost', { all: true, verbatim: true });
    assert.ok(first);
    loopback = first;
    server = createServer((req, res) => {
      seen.push(req);
      res.setHeader('content-type', 'text/plain');
      res.end(`hello ${req.socket.remoteAddress}`);
    });
    await new Promise<void>((resolve) => server.listen(0, loopback.address, resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('delivers to localhost in development', async () => {
    const dispatcher = createPinnedDispatcher(DEV);
    try {
      const res = await request(`http://localhost:${port}/hooks`, { method: 'POST', body: '{}', dispatcher });
      assert.equal(res.statusCode, 200);
      assert.match(await res.body.text(), /^hello /);
      assert.equal(seen.at(-1)?.headers.host, `localhost:${port}`);
    } finally {
      await dispatcher.close();
    }
  });

  test('connects to the pinned address, not to whatever the system resolver says', async () => {
    // .test names never resolve (RFC 6761), so success proves the socket used our lookup;
    // the Host header still names the endpoint.
    const dispatcher = createPinnedDispatcher({ ...DEV, resolve: scriptedResolver([loopback.address]) });
    try {
      const res = await request(`http://hooks.docex.test:${port}/`, { dispatcher });
      assert.equal(res.statusCode, 200);
      await res.body.text();
      assert.equal(seen.at(-1)?.headers.host, `hooks.docex.test:${port}`);
    } finally {
      await dispatcher.close();
    }
  });

  test('refuses localhost and literal loopback in production without reaching the server', async () => {
    const before = seen.length;
    const dispatcher = createPinnedDispatcher(PROD);
    try {
      const literal = loopback.family === 6 ? `[${loopback.address}]` : loopback.address;
      for (const url of [`http://localhost:${port}/`, `http://${literal}:${port}/`]) {
        await assert.rejects(request(url, { dispatcher }), ForbiddenAddressError, url);
      }
    } finally {
      await dispatcher.close();
    }
    assert.equal(seen.length, before);
  });
});
