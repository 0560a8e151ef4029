// CONTRACT 11.5: the inbound address, its rotation, and the SMTP listener: only the inbound
// domain's known addresses (550 otherwise, never a relay), the size limit (552), the raw bytes
// stored and listed with their sha256, retention of 90 days.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { purgeOldMessages } from '../../src/modules/inbound/messages.ts';
import { parseThreads } from '../../src/modules/inbound/parse-pool.ts';
import { type RunningListener, startInboundListener } from '../../src/modules/inbound/smtp-listener.ts';
import { advanceClock, expectError, mintKey, type SignedUp, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { INBOUND_DOMAIN, sendRaw, simpleMessage } from './helpers.ts';

let svc: TestService;
let listener: RunningListener;
let a: SignedUp;
let b: SignedUp;

before(async () => {
  svc = await startTestService({ DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN, DOCEX_SMTP_LISTEN: '127.0.0.1:0' });
  listener = await startInboundListener(svc.ctx);
  a = await signup(svc, 'Receiver');
  b = await signup(svc, 'Other');
});
after(async () => {
  await listener?.close();
  await svc?.close();
});

interface Msg {
  id: string;
  channel: string;
  from: string | null;
  subject: string | null;
  status: string;
  sha256: string;
  size: number;
  document_ids: string[];
  reasons: string[];
}

async function address(token: string): Promise<string> {
  const res = await svc.req<{ email: string }>('GET', '/v1/inbound', { token });
  assert.equal(res.status, 200, res.text);
  return res.body.email;
}

async function messages(token: string): Promise<Msg[]> {
  const res = await svc.req<{ data: Msg[] }>('GET', '/v1/inbound/messages?limit=100', { token });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

test('a running listener keeps a parse thread started: no message waits for one to start (its 250 waits for the headers read there)', () => {
  // Before any message: without the listener, the first parse would start the first thread.
  assert.equal(parseThreads(svc.ctx.config), 1);
});

test('every organization has its own inbound address with at least 80 random bits, stable until rotated', async () => {
  const email = await address(a.session);
  const [local, domain] = email.split('@');
  assert.equal(domain, INBOUND_DOMAIN);
  assert.match(local!, /^[a-z2-7]{20}$/, '20 base32 characters: 100 bits');
  assert.equal(await address(a.session), email, 'the same address on every read');
  assert.notEqual(await address(b.session), email);
  // a key with documents:read reads it too; one without is refused
  const reader = await mintKey(svc, a.session, ['documents:read']);
  assert.equal(await address(reader.key), email);
  const payer = await mintKey(svc, a.session, ['payments:write']);
  expectError(await svc.req('GET', '/v1/inbound', { token: payer.key }), 403, 'insufficient_scope');
  expectError(await svc.req('GET', '/v1/inbound'), 401, 'unauthorized');
});

test('a deployment without DOCEX_INBOUND_DOMAIN says so', async () => {
  const bare = await svc.variant({});
  try {
    const res = await bare.req('GET', '/v1/inbound', { token: a.session });
    expectError(res, 403, 'capability_unavailable');
    assert.match(res.text, /DOCEX_INBOUND_DOMAIN/);
  } finally {
    await bare.close();
  }
});

test('a message to the address is stored byte for byte before 250, and listed for its organization only', async () => {
  const to = await address(a.session);
  const raw = simpleMessage({ to, subject: 'Invoice INV-7 from Supplier' });
  const sent = await sendRaw(listener.address.port, { from: 'bounces@supplier.test', to: [to] }, raw);
  assert.equal(sent.ok, true, sent.response);
  assert.match(sent.response, /^250 .*inm_/);
  const list = await messages(a.session);
  const m = list.find((x) => x.subject === 'Invoice INV-7 from Supplier');
  assert.ok(m, 'the message is listed');
  assert.equal(m.channel, 'email');
  assert.equal(m.from, 'billing@supplier.test', "the From header's address");
  assert.equal(m.sha256, createHash('sha256').update(raw).digest('hex'));
  assert.equal(m.size, Buffer.byteLength(raw));
  assert.deepEqual(m.document_ids, []);
  const rawRes = await svc.app.inject({
    method: 'GET',
    url: `/v1/inbound/messages/${m.id}/raw`,
    headers: { authorization: `Bearer ${a.session}` },
  });
  assert.equal(rawRes.statusCode, 200);
  assert.equal(rawRes.headers['content-type'], 'message/rfc822');
  assert.ok(rawRes.rawPayload.equals(Buffer.from(raw)), 'the exact bytes of the DATA');
  // the other organization sees neither the message nor its bytes
  assert.equal((await messages(b.session)).length, 0);
  expectError(
    await svc.req('GET', `/v1/inbound/messages/${m.id}/raw`, { token: b.session }),
    404,
    'not_found',
  );
  expectError(await svc.req('GET', `/v1/inbound/messages/${m.id}`, { token: b.session }), 404, 'not_found');
  const one = await svc.req<Msg>('GET', `/v1/inbound/messages/${m.id}`, { token: a.session });
  assert.equal(one.status, 200);
  assert.equal(one.body.id, m.id);
});

test('another domain, an unknown local part, or a malformed one: 550 at RCPT, nothing stored', async () => {
  const before = (await messages(a.session)).length;
  const to = await address(a.session);
  const local = to.split('@')[0]!;
  const cases = [
    `${local}@elsewhere.test`, // relaying: never
    `${local}@sub.${INBOUND_DOMAIN}`,
    `aaaaaaaaaaaaaaaaaaaa@${INBOUND_DOMAIN}`, // well-formed, unknown
    `postmaster@${INBOUND_DOMAIN}`,
    `${local}x@${INBOUND_DOMAIN}`,
  ];
  for (const rcpt of cases) {
    const sent = await sendRaw(
      listener.address.port,
      { from: 'x@supplier.test', to: [rcpt] },
      simpleMessage({ to: rcpt }),
    );
    assert.equal(sent.ok, false, rcpt);
    assert.equal(sent.code, 550, `${rcpt}: ${sent.response}`);
  }
  assert.equal((await messages(a.session)).length, before);
  // the address in another case is the same address (local parts are matched case-insensitively)
  const upper = `${local.toUpperCase()}@${INBOUND_DOMAIN.toUpperCase()}`;
  const ok = await sendRaw(
    listener.address.port,
    { from: 'x@supplier.test', to: [upper] },
    simpleMessage({ to: upper }),
  );
  assert.equal(ok.ok, true, ok.response);
});

test('rotation: the old address answers 550 at once, the new one is accepted; only an admin session rotates', async () => {
  const old = await address(a.session);
  const key = await mintKey(svc, a.session, ['documents:read', 'documents:write']);
  expectError(await svc.req('POST', '/v1/inbound/rotate', { token: key.key }), 403, 'insufficient_scope');
  const rotated = await svc.req<{ email: string }>('POST', '/v1/inbound/rotate', { token: a.session });
  assert.equal(rotated.status, 200, rotated.text);
  assert.notEqual(rotated.body.email, old);
  assert.equal(await address(a.session), rotated.body.email);
  const refused = await sendRaw(
    listener.address.port,
    { from: 'x@supplier.test', to: [old] },
    simpleMessage({ to: old }),
  );
  assert.equal(refused.code, 550);
  const accepted = await sendRaw(
    listener.address.port,
    { from: 'x@supplier.test', to: [rotated.body.email] },
    simpleMessage({ to: rotated.body.email }),
  );
  assert.equal(accepted.ok, true, accepted.response);
});

test('a 30 MB message is refused with 552 and nothing is kept; the listener goes on', async () => {
  const to = await address(a.session);
  const before = (await messages(a.session)).length;
  const line = `${'A'.repeat(76)}\r\n`;
  const big = simpleMessage({ to, body: line.repeat(Math.ceil((30 * 1024 * 1024) / line.length)) });
  const sent = await sendRaw(listener.address.port, { from: 'x@supplier.test', to: [to] }, big);
  assert.equal(sent.ok, false);
  assert.equal(sent.code, 552, sent.response);
  assert.equal((await messages(a.session)).length, before);
  const after = await sendRaw(
    listener.address.port,
    { from: 'x@supplier.test', to: [to] },
    simpleMessage({ to }),
  );
  assert.equal(after.ok, true, 'the listener still accepts mail');
});

test('a null reverse-path and headers that are not MIME still store; the list never shows control characters', async () => {
  const to = await address(a.session);
  const raw = `Subject: =?utf-8?B?${Buffer.from('Rechnung\r\nBcc: x@evil.test').toString('base64')}?=\r\n\r\nno headers worth the name\r\n`;
  const sent = await sendRaw(listener.address.port, { from: '', to: [to] }, raw);
  assert.equal(sent.ok, true, sent.response);
  const m = (await messages(a.session)).find((x) => x.subject?.startsWith('Rechnung'));
  assert.ok(m);
  assert.equal(m.from, null);
  assert.doesNotMatch(m.subject!, /[\r\n]/);
});

test('garbage, a client gone mid-DATA and 20+ recipients never take the listener down; nothing half-stored', async () => {
  const { connect } = await import('node:net');
  const to = await address(a.session);
  const before = (await messages(a.session)).length;
  const session = (lines: string[], endAfterLast: boolean) =>
    new Promise<string>((resolve) => {
      const sock = connect(listener.address.port, '127.0.0.1');
      let got = '';
      let i = 0;
      sock.on('data', (d: Buffer) => {
        got += d.toString('latin1');
        if (/(^|\r\n)221 /.test(got)) sock.destroy();
        else if (i < lines.length) {
          sock.write(`${lines[i++]}\r\n`);
          // the client vanishes right after its last line (mid-DATA: no reply would come)
          if (i === lines.length && endAfterLast) sock.end(() => sock.destroy());
        }
      });
      sock.on('close', () => resolve(got));
      sock.on('error', () => resolve(got));
      setTimeout(() => sock.destroy(), 5_000).unref();
    });
  // binary garbage and unknown commands
  const garbage = await session(['\u0000\u00ff\u0001 HELO?', 'XYZZY', 'AUTH PLAIN AGFhAGI=', 'QUIT'], false);
  assert.match(garbage, /^220 /);
  assert.match(garbage, /\r\n5\d\d /, 'refused, not crashed');
  // DATA begun, then the client vanishes: no message is stored
  await session(
    [
      'EHLO c.test',
      'MAIL FROM:<x@supplier.test>',
      `RCPT TO:<${to}>`,
      'DATA',
      'Subject: half\r\n\r\npartial body',
    ],
    true,
  );
  // 21 recipients: the 21st is refused (452), the message still goes to the first
  const rcpts = Array.from({ length: 21 }, () => `RCPT TO:<${to}>`);
  const many = await session(['EHLO c.test', 'MAIL FROM:<x@supplier.test>', ...rcpts, 'QUIT'], false);
  assert.match(many, /\r\n452 /);
  assert.equal((await messages(a.session)).length, before, 'nothing stored by any of these');
  const ok = await sendRaw(
    listener.address.port,
    { from: 'x@supplier.test', to: [to] },
    simpleMessage({ to }),
  );
  assert.equal(ok.ok, true, ok.response);
});

test('messages are kept 90 days, then purged by the worker', async () => {
  // a key (sessions end after 12 hours of the service clock)
  const reader = await mintKey(svc, a.session, ['documents:read']);
  const before = await messages(reader.key);
  assert.ok(before.length > 0);
  await advanceClock(svc, 89 * 24 * 3600);
  await purgeOldMessages(svc.ctx);
  assert.equal((await messages(reader.key)).length, before.length, 'kept for 90 days');
  await advanceClock(svc, 2 * 24 * 3600);
  let pass = await purgeOldMessages(svc.ctx);
  while (pass.full) pass = await purgeOldMessages(svc.ctx);
  assert.equal((await messages(reader.key)).length, 0);
});
