// CONTRACT 11.5: "A message is stored durably (its raw bytes) before the 250 reply". A real
// `docex serve` process with the SMTP listener is killed with SIGKILL the instant its 250 arrives
// (in the same tick the reply is read), restarted on the same data (the embedded database's
// directory, or the same PostgreSQL database), and the message is there, byte for byte.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { spawnDocex } from '../helpers/docex-process.ts';
import { INBOUND_DOMAIN, simpleMessage } from './helpers.ts';

let dataDir: string;
let pgDb: TestDatabase | null = null;
const children: ChildProcess[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docex-inbound-'));
  if (process.env.DATABASE_URL) pgDb = await freshDatabase();
});
after(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await pgDb?.drop();
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

interface Running {
  child: ChildProcess;
  out: () => string;
  exited: Promise<void>;
}

function serve(env: NodeJS.ProcessEnv): Running {
  const child = spawnDocex(['serve'], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, out: () => out, exited };
}

async function started(r: Running): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!/inbound:\s+SMTP on/.test(r.out())) {
    if (r.child.exitCode !== null) throw new Error(`docex exited: ${r.out()}`);
    if (Date.now() > deadline) throw new Error(`docex did not start: ${r.out()}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

/**
 * One SMTP transaction over a bare socket; `onAccepted` runs synchronously in the same tick the
 * 250 after the final dot is read (before any other I/O of this process).
 */
function smtpSend(
  port: number,
  from: string,
  to: string,
  raw: string,
  onAccepted: () => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1');
    const steps = [`EHLO client.test`, `MAIL FROM:<${from}>`, `RCPT TO:<${to}>`, 'DATA'];
    let buf = '';
    let stage = 0; // 0 greeting, 1..4 the commands above, 5 the message's reply
    sock.on('data', (d: Buffer) => {
      buf += d.toString('latin1');
      for (;;) {
        // a complete reply: its last line is "NNN text"
        const m = /^(?:\d{3}-.*\r\n)*(\d{3}) .*\r\n/.exec(buf);
        if (!m) return;
        buf = buf.slice(m[0].length);
        const code = Number(m[1]);
        if (stage === 5) {
          if (code === 250) onAccepted();
          sock.destroy();
          resolve(m[0]);
          return;
        }
        const expected = stage === 0 ? 220 : stage === 4 ? 354 : 250;
        if (code !== expected) {
          sock.destroy();
          reject(new Error(`unexpected reply at step ${stage}: ${m[0]}`));
          return;
        }
        if (stage < 4) sock.write(`${steps[stage]}\r\n`);
        else {
          const stuffed = raw.replace(/^\./gm, '..');
          sock.write(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`);
        }
        stage += 1;
      }
    });
    sock.on('error', reject);
  });
}

test('a message acknowledged with 250 survives SIGKILL of the listener the same instant', async () => {
  const [httpPort, smtpPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(httpPort),
    DOCEX_DATA_DIR: dataDir,
    DOCEX_SMTP_LISTEN: `127.0.0.1:${smtpPort}`,
    DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN,
    DOCEX_IN_PROCESS_WORKER: '0',
    DOCEX_MASTER_KEY: Buffer.alloc(32, 9).toString('base64'),
    LOG_LEVEL: 'warn',
    ...(pgDb?.url ? { DATABASE_URL: pgDb.url } : {}),
  };
  const base = `http://127.0.0.1:${httpPort}`;
  const first = serve(env);
  await started(first);
  const signup = await fetch(`${base}/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organization_name: 'Durable',
      email: 'admin@durable.test',
      password: 'correct horse battery staple',
    }),
  });
  assert.equal(signup.status, 201, await signup.clone().text());
  const token = ((await signup.json()) as { session: { token: string } }).session.token;
  const auth = { authorization: `Bearer ${token}` };
  const inbound = (await (await fetch(`${base}/v1/inbound`, { headers: auth })).json()) as { email: string };

  const raws = [1, 2, 3].map((n) =>
    simpleMessage({
      to: inbound.email,
      subject: `Invoice ${n}`,
      body: `line one\r\n.a dot-started line\r\nnumber ${n}`,
    }),
  );
  await smtpSend(smtpPort, 'billing@supplier.test', inbound.email, raws[0]!, () => {});
  await smtpSend(smtpPort, 'billing@supplier.test', inbound.email, raws[1]!, () => {});
  let killed = false;
  const reply = await smtpSend(smtpPort, 'billing@supplier.test', inbound.email, raws[2]!, () => {
    killed = first.child.kill('SIGKILL');
  });
  assert.match(reply, /^250 /);
  assert.ok(killed);
  await first.exited;
  assert.equal(first.child.signalCode, 'SIGKILL');

  const second = serve(env);
  await started(second);
  const res = await fetch(`${base}/v1/inbound/messages`, { headers: auth });
  assert.equal(res.status, 200);
  const list = (await res.json()) as {
    data: { id: string; subject: string; sha256: string; status: string }[];
  };
  assert.deepEqual(
    list.data.map((m) => m.subject),
    ['Invoice 3', 'Invoice 2', 'Invoice 1'],
    'every acknowledged message, the last one included',
  );
  for (const m of list.data) {
    const n = Number(m.subject.slice(-1));
    const bytes = Buffer.from(
      await (await fetch(`${base}/v1/inbound/messages/${m.id}/raw`, { headers: auth })).arrayBuffer(),
    );
    assert.ok(bytes.equals(Buffer.from(raws[n - 1]!)), `message ${n}: the exact bytes (dot-unstuffed)`);
    assert.equal(m.sha256, createHash('sha256').update(bytes).digest('hex'));
    assert.equal(m.status, 'processing');
  }
  second.child.kill('SIGTERM');
  await second.exited;
});
