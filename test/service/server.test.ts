// `docex serve` as a real process (issue 2, CONTRACT 0): the start banner with the base URL, the
// docs URL and where the operator token is (never the token), a private data directory, structured logs with the request id,
// graceful shutdown on SIGTERM that lets an in-flight request finish; `docex migrate`; config errors.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';

const BIN = join(process.cwd(), 'bin', 'docex.mjs');

let dataDir: string;
let pgDb: TestDatabase | null = null;
let port: number;
let firstToken: string;

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

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    DOCEX_DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };
  if (pgDb?.url) env.DATABASE_URL = pgDb.url;
  return env;
}

interface Running {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function run(args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f));
}

async function waitFor(r: Running, re: RegExp, ms = 60_000): Promise<RegExpMatchArray> {
  const start = Date.now();
  for (;;) {
    const m = r.out().match(re);
    if (m) return m;
    if (r.child.exitCode !== null) throw new Error(`exited ${r.child.exitCode}: ${r.out()}\n${r.err()}`);
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${re}: ${r.out()}\n${r.err()}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docex-serve-'));
  // as an ordinary mkdir under umask 022 (and 1.14.0) would have left it: open to every local user
  chmodSync(dataDir, 0o755);
  port = await freePort();
  if (process.env.DATABASE_URL) pgDb = await freshDatabase();
});
after(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await pgDb?.drop();
});

test('`docex migrate` migrates a fresh database', async () => {
  const m = run(['migrate'], baseEnv());
  assert.equal(await m.exited, 0, m.err());
  // PostgreSQL test databases are cloned from a migrated template; the PGlite data dir is empty
  assert.match(m.out(), pgDb ? /up to date/ : /applied: 0001_foundation/);
});

test('first start prints the base URL, the docs URL and where the operator token is (never the token); the data dir is private; it serves and logs', async () => {
  const srv = run(['serve'], baseEnv());
  try {
    await waitFor(srv, /docs:\s+\S+/);
    await waitFor(srv, /operator token[^\n]*\n/);
    const base = `http://127.0.0.1:${port}`;
    assert.match(srv.out(), new RegExp(`base URL:\\s+${base}\\n`));
    assert.match(srv.out(), new RegExp(`docs:\\s+${base}/v1/docs\\n`));
    // Only the path of the token's file is printed, never the token (CONTRACT 10).
    const file = join(dataDir, 'operator-token');
    assert.match(srv.out(), new RegExp(`operator token: in ${file} \\(new\\)`));
    firstToken = readFileSync(file, 'utf8').trim();
    assert.match(firstToken, /^op_[0-9A-Za-z]+$/);
    assert.ok(!srv.out().includes(firstToken) && !srv.err().includes(firstToken), 'the token is not printed');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    // The data directory is private to the service's user, and so is every file in it.
    if (!pgDb) {
      assert.equal(statSync(dataDir).mode & 0o777, 0o700);
      for (const f of listTree(dataDir)) assert.equal(statSync(f).mode & 0o077, 0, `${f} is private`);
    }

    const en = await fetch(`${base}/v1/enablement`);
    assert.equal(en.status, 200);
    const reqId = en.headers.get('svc-request-id');
    assert.match(reqId ?? '', /^req_/);
    const docs = await fetch(`${base}/v1/docs`);
    assert.equal(docs.status, 200);
    // the printed token is the operator's
    const verify = (token: string) =>
      fetch(`${base}/v1/operator/organizations/org_nope000000000000000000/verify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': `verify-${Date.now()}` },
      });
    assert.equal((await verify(firstToken)).status, 404);
    assert.equal((await verify(`${firstToken}x`)).status, 401);
    // structured JSON logs carry the request id
    await new Promise((r) => setTimeout(r, 200));
    const lines = srv
      .out()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.ok(
      lines.some((l) => l.reqId === reqId),
      `a log line with reqId ${reqId}: ${srv.out().slice(-2000)}`,
    );
    assert.doesNotMatch(srv.out(), /authorization/i, 'credentials are never logged');
  } finally {
    srv.child.kill('SIGTERM');
    assert.equal(await srv.exited, 0, srv.err());
  }
});

test('SIGTERM lets an in-flight request finish, refuses new connections, then exits 0', async () => {
  const srv = run(['serve'], baseEnv());
  await waitFor(srv, /docs:\s+\S+\n[\s\S]*operator token[^\n]*\n/);
  assert.ok(!srv.out().includes(firstToken), 'the token is never printed');
  assert.match(srv.out(), /operator token: in \S+operator-token \(or set/);

  const body = JSON.stringify({
    organization_name: 'Inflight',
    email: `inflight${Date.now()}@x.test`,
    password: 'twelve chars',
  });
  const half = Math.floor(body.length / 2);
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/signup',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    // the rest of the body arrives after the signal
    setTimeout(() => {
      srv.child.kill('SIGTERM');
      setTimeout(async () => {
        try {
          await fetch(`http://127.0.0.1:${port}/v1/enablement`);
          reject(new Error('a new connection was accepted after SIGTERM'));
        } catch {
          req.end(body.slice(half));
        }
      }, 500);
    }, 300);
  });
  const res = await response;
  assert.equal(res.status, 201, res.text);
  assert.match(res.text, /"organization"/);
  assert.equal(await srv.exited, 0, srv.err());
});

test('a configuration error stops the command with exit code 2 and a message', async () => {
  const r = run(['serve'], { ...baseEnv(), DOCEX_FAMILIES_DISABLED: 'keys,bogus' });
  assert.equal(await r.exited, 2);
  assert.match(r.err(), /configuration error: .*bogus/);
});
