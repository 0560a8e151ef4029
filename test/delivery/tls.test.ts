// CONTRACT 11.2's transports to the relay: `smtp://` upgraded with STARTTLS when the server offers
// it, and `smtps://` (TLS from the start), against real smtp-servers on 127.0.0.1 with a
// self-signed certificate made for this run. The relay's certificate is verified as Node verifies
// any TLS peer, so a deployment trusts a private relay's CA with NODE_EXTRA_CA_CERTS (docs/reach.md):
// the sends run in a child process (Node reads that variable only at start), through the very
// transport the worker uses (src/modules/delivery/smtp.ts). Without the CA nothing is sent: the
// attempt is a temporary failure naming the certificate, never a fallback to plain text.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { loaderArgs, sourceFile } from '../helpers/child-node.ts';

interface Relay {
  url: string;
  received: Array<{ raw: Buffer; secure: boolean; to: string[] }>;
  close(): Promise<void>;
}

let dir: string;
let starttls: Relay;
let implicit: Relay;

async function startRelay(secure: boolean): Promise<Relay> {
  const received: Relay['received'] = [];
  const server = new SMTPServer({
    secure,
    key: readFileSync(join(dir, 'key.pem')),
    cert: readFileSync(join(dir, 'cert.pem')),
    authOptional: true,
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          raw: Buffer.concat(chunks),
          secure: session.secure,
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        cb();
      });
    },
  });
  // A client that refuses the certificate closes the socket mid-handshake: the server says so as
  // an 'error' event, which is expected here.
  server.on('error', () => {});
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `${secure ? 'smtps' : 'smtp'}://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

// as this process loads it (compiled, or TypeScript): test/helpers/child-node.ts
const SMTP_MODULE = sourceFile('src/modules/delivery/smtp.ts');
const MESSAGE = [
  'From: billing@docex.test',
  'To: ap@relay.test',
  'Subject: TLS to the relay',
  'Message-ID: <dlv_tls@docex.test>',
  '',
  'Sent over TLS.',
  '',
].join('\r\n');

/** One send through docex's transport in a child process with `env`; its SmtpResult. */
function sendInChild(url: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  const script = `
    import { mailerFor } from ${JSON.stringify(SMTP_MODULE)};
    const mailer = mailerFor(process.env.RELAY_URL);
    const result = await mailer.send({ from: 'billing@docex.test', to: 'ap@relay.test' }, Buffer.from(process.env.RELAY_MESSAGE));
    mailer.done();
    process.stdout.write(JSON.stringify(result));
  `;
  const { NODE_EXTRA_CA_CERTS: _inherited, ...base } = process.env;
  const child = spawn(process.execPath, [...loaderArgs(), '--input-type=module', '-e', script], {
    env: { ...base, ...env, RELAY_URL: url, RELAY_MESSAGE: MESSAGE },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  return new Promise((ok, fail) => {
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`the child exited ${code}: ${err}`));
      else ok(JSON.parse(out) as Record<string, unknown>);
    });
  });
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docex-relay-tls-'));
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
      '/CN=relay.docex.test',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  starttls = await startRelay(false);
  implicit = await startRelay(true);
});
after(async () => {
  await starttls?.close();
  await implicit?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('TLS to the relay', () => {
  test('smtp:// upgrades with STARTTLS and delivers the exact bytes over TLS, trusting the relay CA from NODE_EXTRA_CA_CERTS', async () => {
    const r = await sendInChild(starttls.url, { NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') });
    assert.equal(r.outcome, 'ok', JSON.stringify(r));
    assert.equal(r.code, 250);
    assert.equal(starttls.received.length, 1);
    const got = starttls.received[0]!;
    assert.equal(got.secure, true, 'the message went after STARTTLS');
    assert.deepEqual(got.to, ['ap@relay.test']);
    assert.equal(got.raw.toString('latin1').replace(/(\r\n)+$/, ''), MESSAGE.replace(/(\r\n)+$/, ''));
  });

  test('smtps:// speaks TLS from the first byte', async () => {
    const r = await sendInChild(implicit.url, { NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') });
    assert.equal(r.outcome, 'ok', JSON.stringify(r));
    assert.equal(implicit.received.length, 1);
    assert.equal(implicit.received[0]?.secure, true);
  });

  test('a relay whose certificate is not trusted gets nothing: a temporary failure naming the certificate', async () => {
    const before = [starttls.received.length, implicit.received.length];
    for (const url of [starttls.url, implicit.url]) {
      const r = await sendInChild(url, {});
      assert.equal(r.outcome, 'temporary', JSON.stringify(r));
      assert.equal(r.code, null);
      assert.match(String(r.error), /certificate/i);
    }
    assert.deepEqual([starttls.received.length, implicit.received.length], before);
  });
});
