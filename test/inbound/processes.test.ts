// Issue 39, "the listener and two workers as separate processes on PostgreSQL (a stored message
// processed exactly once)": `docex serve` (HTTP only), `docex inbound` (the SMTP listener alone)
// and two `docex worker` processes on one PostgreSQL database. Real mail over SMTP to the listener;
// every message ends accepted with exactly one Bill, whichever worker took it. PGlite is one
// process's database, so this runs with DATABASE_URL only.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import nodemailer from 'nodemailer';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { spawnDocex } from '../helpers/docex-process.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { INBOUND_DOMAIN, sampleInvoiceXml, sendRaw } from './helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
let db: TestDatabase | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'docex-inbound-processes-'));
const children: { name: string; child: ChildProcess; out: () => string }[] = [];

before(async () => {
  if (onPostgres) db = await freshDatabase();
});
after(async () => {
  for (const c of children)
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

function run(name: string, command: string, env: NodeJS.ProcessEnv) {
  const child = spawnDocex([command], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString('utf8');
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const running = { name, child, out: () => out };
  children.push(running);
  return running;
}

/** Waits, bounded, until `ready` holds; fails with every process's output if a process ends first. */
async function until(what: string, ready: () => boolean | Promise<boolean>, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await ready()) return;
    const dead = children.find((c) => c.child.exitCode !== null);
    const outputs = () => children.map((c) => `--- ${c.name}\n${c.out()}`).join('\n');
    if (dead) throw new Error(`${dead.name} exited while waiting for ${what}\n${outputs()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${seconds} s\n${outputs()}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

test('a listener and two workers in separate processes: every message processed exactly once', {
  skip: onPostgres ? false : 'needs DATABASE_URL (PostgreSQL): PGlite is one process’s database',
}, async () => {
  const [httpPort, smtpPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(httpPort),
    DATABASE_URL: db?.url ?? undefined,
    DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN,
    DOCEX_IN_PROCESS_WORKER: '0',
    DOCEX_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: 'warn',
  };
  const serve = run('serve', 'serve', env);
  await until('the HTTP service', () => /127\.0\.0\.1:\d+/.test(serve.out()));
  const listener = run('inbound', 'inbound', { ...env, DOCEX_SMTP_LISTEN: `127.0.0.1:${smtpPort}` });
  await until('the SMTP listener', () => /SMTP on/.test(listener.out()));

  const base = `http://127.0.0.1:${httpPort}`;
  const signup = await fetch(`${base}/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organization_name: 'Acheteur SARL',
      email: 'admin@acheteur.test',
      password: 'correct horse battery staple',
    }),
  });
  assert.equal(signup.status, 201, await signup.clone().text());
  const token = ((await signup.json()) as { session: { token: string } }).session.token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const profile = await fetch(`${base}/v1/organization`, {
    method: 'PATCH',
    headers: { ...headers, 'idempotency-key': 'profile-of-the-buyer' },
    body: JSON.stringify(BUYER),
  });
  assert.equal(profile.status, 200, await profile.text());
  const { email } = (await (await fetch(`${base}/v1/inbound`, { headers })).json()) as { email: string };

  // Stored by the listener while no worker runs yet; then two workers start at once.
  const COUNT = 8;
  for (let i = 0; i < COUNT; i++) {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const raw = (
      await composer.sendMail({
        from: 'billing@supplier.test',
        to: email,
        subject: `Invoice P-${i}`,
        text: 'Our invoice.',
        attachments: [
          { filename: `P-${i}.xml`, content: sampleInvoiceXml({ number: `P-${i}`, seller: '77' }) },
        ],
      })
    ).message as Buffer;
    const sent = await sendRaw(smtpPort, { from: 'billing@supplier.test', to: [email] }, raw);
    assert.equal(sent.code, 250, sent.response);
  }
  run('worker a', 'worker', env);
  run('worker b', 'worker', env);

  interface Listed {
    id: string;
    status: string;
    document_ids: string[];
    reasons: string[];
  }
  let messages: Listed[] = [];
  await until('every message processed', async () => {
    const r = await fetch(`${base}/v1/inbound/messages?limit=100`, { headers });
    messages = ((await r.json()) as { data: Listed[] }).data;
    return messages.length === COUNT && messages.every((m) => m.status !== 'processing');
  });
  for (const m of messages) {
    assert.equal(m.status, 'accepted', m.reasons.join(' '));
    assert.equal(m.document_ids.length, 1);
  }
  const docIds = messages.flatMap((m) => m.document_ids);
  assert.equal(new Set(docIds).size, COUNT, 'one document per message');
  const bills = (await (await fetch(`${base}/v1/documents?limit=100`, { headers })).json()) as {
    data: { id: string; number: string; external_refs: { issuer_ref: string } }[];
  };
  assert.equal(bills.data.length, COUNT, 'no document made twice');
  assert.deepEqual(
    bills.data.map((d) => d.external_refs.issuer_ref).sort(),
    Array.from({ length: COUNT }, (_, i) => `P-${i}`).sort(),
  );
  const connections = (await (await fetch(`${base}/v1/connections`, { headers })).json()) as {
    data: unknown[];
  };
  assert.equal(connections.data.length, 1, 'one external party for the one seller');
});
