// DOCEX_TRUST_PROXY (CONTRACT 10): a hop count or the proxies' CIDRs; the client is the nearest
// untrusted hop from the right of X-Forwarded-For. The attack: a client behind an appending proxy
// sends its own "X-Forwarded-For: 10.1.2.3"; the proxy appends the real address, and a key limited
// to 10.0.0.0/8 must still see the real one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expectError, mintKey, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let key: string;
before(async () => {
  svc = await startTestService();
  const a = await signup(svc, 'Proxied');
  key = (await mintKey(svc, a.session, ['documents:read'], { allowed_cidrs: ['10.0.0.0/8'] })).key;
});
after(async () => {
  await svc?.close();
});

async function asClient(s: TestService, forwarded: string | null, peer: string) {
  return s.req('GET', '/v1/documents', {
    token: key,
    remoteAddress: peer,
    ...(forwarded === null ? {} : { headers: { 'x-forwarded-for': forwarded } }),
  });
}

test('unset: X-Forwarded-For is ignored, the TCP peer is the client', async () => {
  expectError(await asClient(svc, '10.1.2.3', '127.0.0.1'), 403, 'forbidden');
  assert.equal((await asClient(svc, null, '10.9.9.9')).status, 200);
});

test('one hop: the forged left entry does not pass; the address the proxy appended does', async () => {
  const s = await svc.variant({ DOCEX_TRUST_PROXY: '1' });
  try {
    // The proxy (peer 127.0.0.1) appended the real client 127.0.0.1 after the client's own header.
    expectError(await asClient(s, '10.1.2.3, 127.0.0.1', '127.0.0.1'), 403, 'forbidden');
    assert.equal((await asClient(s, '127.0.0.1, 10.1.2.3', '127.0.0.1')).status, 200);
  } finally {
    await s.close();
  }
});

test('a CIDR list: trusted proxies are skipped from the right, the first untrusted hop is the client', async () => {
  const s = await svc.variant({ DOCEX_TRUST_PROXY: '127.0.0.0/8, 192.0.2.0/24' });
  try {
    expectError(await asClient(s, '10.1.2.3, 203.0.113.9, 192.0.2.7', '127.0.0.1'), 403, 'forbidden');
    assert.equal((await asClient(s, '203.0.113.9, 10.1.2.3, 192.0.2.7', '127.0.0.1')).status, 200);
    // a peer that is not a trusted proxy: its header is not believed
    expectError(await asClient(s, '10.1.2.3', '198.51.100.1'), 403, 'forbidden');
  } finally {
    await s.close();
  }
});
