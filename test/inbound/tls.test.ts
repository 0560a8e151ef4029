// CONTRACT 11.5: STARTTLS when DOCEX_SMTP_TLS_CERT/_KEY are set (and not offered otherwise), and
// the listener's configuration refused at start with a message that says why.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import nodemailer from 'nodemailer';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { type RunningListener, startInboundListener } from '../../src/modules/inbound/smtp-listener.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { INBOUND_DOMAIN, simpleMessage } from './helpers.ts';

let dir: string;
let svc: TestService;
let tlsSvc: TestService;
let plain: RunningListener;
let secure: RunningListener;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docex-smtp-tls-'));
  // a self-signed certificate for the listener's name, made for this run
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${INBOUND_DOMAIN}`,
      '-addext',
      `subjectAltName=DNS:${INBOUND_DOMAIN}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  svc = await startTestService({ DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN, DOCEX_SMTP_LISTEN: '127.0.0.1:0' });
  plain = await startInboundListener(svc.ctx);
  tlsSvc = await svc.variant({
    DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN,
    DOCEX_SMTP_LISTEN: '127.0.0.1:0',
    DOCEX_SMTP_TLS_CERT: join(dir, 'cert.pem'),
    DOCEX_SMTP_TLS_KEY: join(dir, 'key.pem'),
  });
  secure = await startInboundListener(tlsSvc.ctx);
});
after(async () => {
  await secure?.close();
  await plain?.close();
  await tlsSvc?.close();
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

function send(port: number, to: string, requireTLS: boolean) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    requireTLS,
    ignoreTLS: !requireTLS,
    tls: { ca: [readFileSync(join(dir, 'cert.pem'))], servername: INBOUND_DOMAIN },
  });
  return transport
    .sendMail({ envelope: { from: 'billing@supplier.test', to: [to] }, raw: simpleMessage({ to }) })
    .finally(() => transport.close());
}

test('with a certificate the listener offers STARTTLS and takes the message over TLS', async () => {
  const a = await signup(svc, 'Tls');
  const to = (await svc.req<{ email: string }>('GET', '/v1/inbound', { token: a.session })).body.email;
  const info = await send(secure.address.port, to, true);
  assert.match(String(info.response), /^250 /);
  const list = await svc.req<{ data: unknown[] }>('GET', '/v1/inbound/messages', { token: a.session });
  assert.equal(list.body.data.length, 1);
  // without one, STARTTLS is not offered: a client that requires it gives up, nothing is stored
  await assert.rejects(send(plain.address.port, to, true), /STARTTLS/i);
  const again = await svc.req<{ data: unknown[] }>('GET', '/v1/inbound/messages', { token: a.session });
  assert.equal(again.body.data.length, 1);
});

test('the configuration is refused at start with the reason', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ DOCEX_SMTP_LISTEN: '127.0.0.1:2525' }, /DOCEX_INBOUND_DOMAIN is not/],
    [{ DOCEX_SMTP_LISTEN: '2525', DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN }, /host:port/],
    [{ DOCEX_SMTP_LISTEN: '127.0.0.1:70000', DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN }, /host:port/],
    [{ DOCEX_INBOUND_DOMAIN: 'not a domain' }, /domain name/],
    [{ DOCEX_INBOUND_DOMAIN: 'x@inbound.test' }, /domain name/],
    [{ DOCEX_SMTP_TLS_CERT: '/tmp/cert.pem' }, /go together/],
    [{ DOCEX_INBOUND_MAX_BYTES: '-1' }, /DOCEX_INBOUND_MAX_BYTES/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (err: unknown) => err instanceof ConfigError && message.test(err.message),
    );
  }
  const ok = loadConfig({ DOCEX_SMTP_LISTEN: '[::1]:2525', DOCEX_INBOUND_DOMAIN: 'Inbound.Example.COM.' });
  assert.deepEqual(ok.inbound.listen, { host: '::1', port: 2525 });
  assert.equal(ok.inbound.domain, 'inbound.example.com');
  assert.equal(ok.inbound.maxBytes, 25 * 1024 * 1024);
});
