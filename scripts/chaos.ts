// `npm run chaos [-- --short]`: the fault-injection drill of issue 28, anyone can run it.
//
// A private PostgreSQL cluster (initdb in a temporary directory, a free loopback port) and a private
// Redis; 2 `docex serve` + 2 `docex worker` processes from one build; a bounded mixed load through
// both instances (invoices, sandbox bills paid, webhooks to a local receiver, idempotent retries sent
// to the other instance); meanwhile a worker is SIGKILLed, a serve process is SIGKILLed mid-request,
// PostgreSQL is restarted, and (issue 46) connections are cut right after their COMMIT reached the
// client's side of a wire-protocol proxy (scripts/pg-cut-proxy.ts) but before the client heard the
// commit was done. Then the invariants are checked and printed: every acknowledged write
// present with exactly one effect, every write that was retried (no answer, a 5xx, a cut) with
// exactly one effect, no document paid twice, every ledger account equal to the sum of
// its transactions, every event delivered at least once (duplicates counted), idempotency and the
// rate limit shared across instances, every process answering, and no 500 at any time. Exits 1 on
// any violation. Loopback only.
//
// `npm run chaos -- --failover [--short]` (issue 41) runs the same load and checks against a
// pg_auto_failover formation instead (scripts/chaos-formation.ts: a monitor, a primary and a
// synchronous secondary, docex given the multi-host DATABASE_URL): the primary's node is SIGKILLed
// whole (keeper and postmaster: its machine is lost), writes must be accepted again within 30 s,
// the old primary rejoins as a secondary, and then the new primary is killed the same way. The
// outage windows (kill to the first write acknowledged after it) and the 503s are printed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Formation } from './chaos-formation.ts';
import { startCutProxy } from './pg-cut-proxy.ts';

const SHORT = process.argv.includes('--short');
const FAILOVER = process.argv.includes('--failover');
/** What the issue asks of a failover: writes accepted again within this. */
const FAILOVER_BUDGET_MS = 30_000;
const LOAD_SECONDS = SHORT ? 45 : 150;
const ORGS = SHORT ? 3 : 6;
const root = join(import.meta.dirname, '..');
const log = (msg: string) =>
  process.stdout.write(`[chaos ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- the private PostgreSQL and Redis -------------------------------------------------------
const work = mkdtempSync(join(tmpdir(), 'docex-chaos-'));
const pgData = join(work, 'pg');
const asRoot = process.getuid?.() === 0;
/** initdb and postgres refuse to run as root: as root, they run as the postgres user. */
function pgCmd(cmd: string, args: string[]): void {
  const [bin, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  execFileSync(bin, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
}
const pgPort = await freePort();
const redisPort = await freePort();
if (FAILOVER) {
  for (const cmd of ['pg_autoctl', 'pg_config']) {
    try {
      execFileSync(cmd, ['--version'], { stdio: 'ignore' });
    } catch {
      rmSync(work, { recursive: true, force: true });
      process.stderr.write(
        `npm run chaos -- --failover needs ${cmd} on PATH (Debian: apt-get install postgresql-15-auto-failover)\n`,
      );
      process.exit(1);
    }
  }
}
const formation = FAILOVER
  ? new Formation(work, pgPort, [await freePort(), await freePort()], (msg) => log(msg))
  : null;
const pgCtl = (action: string, extra: string[] = []) =>
  pgCmd('pg_ctl', ['-D', pgData, '-w', '-l', join(work, 'pg.log'), ...extra, action]);

function startPostgres(): void {
  pgStarted = true;
  pgCtl('start', [
    '-o',
    `-p ${pgPort} -k ${work} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off`,
  ]);
}

// Whatever fails, nothing is left running: the processes, Redis and the cluster go with the drill.
const children: ChildProcess[] = [];
let pgStarted = false;
function cleanup(): void {
  for (const c of children) c.kill('SIGKILL');
  formation?.stop();
  if (pgStarted) {
    try {
      pgCtl('stop', ['-m', 'immediate']);
    } catch {}
  }
  rmSync(work, { recursive: true, force: true });
}
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err) => {
    console.error(err);
    cleanup();
    process.exit(1);
  });
}

if (asRoot) {
  chmodSync(work, 0o777);
  if (!formation) execFileSync('runuser', ['-u', 'postgres', '--', 'mkdir', pgData]);
} else {
  chownSync(work, process.getuid!(), process.getgid!());
}
if (formation) {
  await formation.start();
} else {
  log(`initdb in ${pgData}, PostgreSQL on 127.0.0.1:${pgPort}, Redis on 127.0.0.1:${redisPort}`);
  pgCmd('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  startPostgres();
}
children.push(
  spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  ),
);
const DATABASE_URL = formation?.url ?? `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

// ---- the docex processes ------------------------------------------------------------------------
log('building once (dist/) and migrating');
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
const OPERATOR = `op_${randomBytes(16).toString('hex')}`;
const env = {
  ...process.env,
  DATABASE_URL,
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  DOCEX_MASTER_KEY: randomBytes(32).toString('base64'),
  DOCEX_OPERATOR_TOKEN: OPERATOR,
  DOCEX_DATA_DIR: join(work, 'data'),
  DOCEX_AUTH_RATE_LIMIT: '100000',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};
execFileSync(process.execPath, ['bin/docex.mjs', 'migrate'], { cwd: root, env, stdio: 'inherit' });
// The docex processes reach the cluster through the proxy that cuts connections after commits
// (a formation's host list is given as it is: the proxy stands in front of one server).
const cutProxy = formation ? null : await startCutProxy('127.0.0.1', pgPort);
if (cutProxy) env.DATABASE_URL = `postgres://postgres@127.0.0.1:${cutProxy.port}/postgres`;

interface Proc {
  name: string;
  args: string[];
  env: Record<string, string>;
  child: ChildProcess;
}
const procs: Proc[] = [];
function launch(name: string, args: string[], extra: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, ['--max-semi-space-size=32', 'bin/docex.mjs', ...args], {
    cwd: root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const p = { name, args, env: extra, child };
  procs.push(p);
  children.push(child);
  return p;
}
function relaunch(p: Proc): void {
  p.child = spawn(process.execPath, ['--max-semi-space-size=32', 'bin/docex.mjs', ...p.args], {
    cwd: root,
    env: { ...env, ...p.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(p.child);
}
const ports = [await freePort(), await freePort()];
const serves = ports.map((port, i) =>
  launch(`serve${i + 1}`, ['serve'], { PORT: String(port), DOCEX_IN_PROCESS_WORKER: '0' }),
);
const workers = [launch('worker1', ['worker']), launch('worker2', ['worker'])];
const bases = ports.map((p) => `http://127.0.0.1:${p}`);

async function waitReady(base: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${base} never became ready`);
}
await Promise.all(bases.map(waitReady));

// ---- the webhook receiver -----------------------------------------------------------------------
const received = new Map<string, number>();
const receiver = createHttpServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    try {
      const id = (JSON.parse(body) as { id?: string }).id;
      if (id) received.set(id, (received.get(id) ?? 0) + 1);
    } catch {}
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hooks`;

// ---- the load -----------------------------------------------------------------------------------
const stats = {
  requests: 0,
  byStatus: new Map<number, number>(),
  networkErrors: 0,
  fiveHundreds: [] as string[],
};
const violations: string[] = [];
/** Writes acknowledged (2xx): when each was sent and answered, for the outage windows. */
const acks: { sent: number; answered: number }[] = [];

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}
async function call(
  base: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  idem?: string,
): Promise<Answer | null> {
  stats.requests++;
  const sent = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(idem ? { 'idempotency-key': idem } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
    if (method !== 'GET' && res.status < 300) acks.push({ sent, answered: Date.now() });
    if (res.status >= 500 && res.status !== 503)
      stats.fiveHundreds.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: res.headers,
    };
  } catch {
    stats.networkErrors++;
    return null; // the process died mid-request, or the request timed out: retried like a 503
  }
}

/**
 * A write retried as a client should: the same Idempotency-Key, on the other instance after each
 * failure, waiting Retry-After on 503 and 409. Answers the first final answer.
 */
/**
 * A write whose first attempt got no answer, a 5xx or a 409 with Retry-After, and was retried with
 * the same key: its effect is counted afterwards (`ref` finds it), and must exist exactly once.
 */
interface RetriedWrite {
  kind: 'invoice' | 'bill' | 'payment';
  /** The invoice's external_refs.chaos_key, the bill's total (unique in the drill), the paid document. */
  ref: string;
  /** The organization it was written for. */
  org: string;
  /** The final answer's status, null if it never answered. */
  status: number | null;
}
const retried: RetriedWrite[] = [];

async function write(
  method: string,
  path: string,
  token: string,
  body: unknown,
  first = 0,
  effect?: Omit<RetriedWrite, 'status'>,
  idem = randomUUID(),
): Promise<Answer | null> {
  let failed = false;
  for (let attempt = 0; attempt < 60; attempt++) {
    const a = await call(bases[(first + attempt) % 2]!, method, path, token, body, idem);
    const retry =
      !a ||
      a.status >= 500 ||
      a.status === 429 ||
      (a.status === 409 && Boolean(a.headers.get('retry-after')));
    if (retry) failed = true;
    if (!retry && a) {
      if (failed && effect) retried.push({ ...effect, status: a.status });
      // An idempotent retry moved to the other instance answers the same record.
      if (a.status < 300 && Math.random() < 0.2) {
        const again = await call(bases[(first + attempt + 1) % 2]!, method, path, token, body, idem);
        if (again && again.status < 300 && again.body.id !== a.body.id) {
          violations.push(
            `idempotency not shared: ${path} answered ${String(a.body.id)} then ${String(again.body.id)}`,
          );
        }
      }
      return a;
    }
    await sleep(Number(a?.headers.get('retry-after') ?? 0.5) * 1000);
  }
  if (effect) retried.push({ ...effect, status: null });
  return null;
}

interface Org {
  id: string;
  session: string;
  key: string;
  connectionId: string;
}
async function sandboxOrg(i: number): Promise<Org> {
  const base = bases[i % 2]!;
  const signup = await fetch(`${base}/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organization_name: `Chaos ${i}`,
      email: `chaos${i}.${Date.now()}@example.test`,
      password: 'correct horse battery staple',
    }),
  }).then((r) => r.json() as Promise<{ session: { token: string } }>);
  const sb = (await call(base, 'POST', '/v1/sandbox', signup.session.token, {}, randomUUID()))!.body as {
    organization: { id: string };
    connection: { id: string };
    session: { token: string };
  };
  const key = (await call(
    base,
    'POST',
    '/v1/keys',
    sb.session.token,
    {
      name: 'chaos',
      scopes: ['documents:read', 'documents:write', 'payments:read', 'payments:write'],
    },
    randomUUID(),
  ))!.body as { key: string };
  await call(base, 'POST', '/v1/webhooks', sb.session.token, { url: hookUrl, events: [] }, randomUUID());
  return { id: sb.organization.id, session: sb.session.token, key: key.key, connectionId: sb.connection.id };
}
log(`${ORGS} sandbox organizations, each with a webhook endpoint`);
const orgs = await Promise.all(Array.from({ length: ORGS }, (_, i) => sandboxOrg(i)));

const acked = { invoices: [] as string[], paid: [] as string[] };
let loadRunning = true;
/** Each bill's total is unique in the drill (1000.00 + n cents): it finds the bill a retry made. */
let billCount = 0;
async function client(n: number): Promise<void> {
  const org = orgs[n % orgs.length]!;
  while (loadRunning) {
    if (Math.random() < 0.5) {
      const chaosKey = randomUUID();
      const created = await write(
        'POST',
        '/v1/documents',
        org.key,
        {
          connection_id: org.connectionId,
          document_type: 'invoice',
          line_items: [
            {
              description: 'Chaos line',
              quantity: 1 + Math.floor(Math.random() * 5),
              unit_price: 12.5,
              tax_rate: 0.1,
            },
          ],
          external_refs: { chaos_key: chaosKey },
        },
        n,
        { kind: 'invoice', ref: chaosKey, org: org.id },
      );
      if (created?.status === 201) {
        acked.invoices.push(created.body.id as string);
        await write('POST', `/v1/documents/${created.body.id as string}/issue`, org.key, {}, n + 1);
      }
    } else {
      const total = (1000 + billCount++ / 100).toFixed(2);
      const bill = await write(
        'POST',
        '/v1/sandbox/bills',
        org.key,
        { total: Number(total), currency: 'USD' },
        n,
        { kind: 'bill', ref: total, org: org.id },
      );
      if (bill?.status === 201) {
        const id = bill.body.id as string;
        const paid = await write('POST', `/v1/documents/${id}/pay`, org.key, {}, n + 1, {
          kind: 'payment',
          ref: id,
          org: org.id,
        });
        if (paid?.status === 202) acked.paid.push(bill.body.id as string);
      }
    }
  }
}

async function kill(p: Proc, after: number, restartAfter: number): Promise<void> {
  await sleep(after);
  log(`SIGKILL ${p.name} (pid ${p.child.pid})`);
  p.child.kill('SIGKILL');
  await sleep(restartAfter);
  relaunch(p);
  log(`${p.name} restarted`);
}
/** For `ms`, a connection is cut right after a COMMIT every `every` ms (scripts/pg-cut-proxy.ts). */
async function cutAfterCommits(after: number, ms: number, every: number): Promise<void> {
  if (!cutProxy) return;
  await sleep(after);
  log(`cutting a connection right after a COMMIT every ${every} ms for ${ms / 1000} s`);
  const end = Date.now() + ms;
  while (Date.now() < end) {
    cutProxy.arm(1);
    await sleep(every);
  }
  log(`${cutProxy.cuts} connections cut right after their COMMIT`);
}
async function restartPostgres(after: number): Promise<void> {
  await sleep(after);
  log('PostgreSQL: stop (fast), 3 s down, start');
  pgCtl('stop', ['-m', 'fast']);
  await sleep(3_000);
  startPostgres();
  log('PostgreSQL is back');
}

interface Failover {
  killed: string;
  promoted: string;
  /** From the SIGKILL to the answer of the first write sent after it and acknowledged. */
  outageMs: number | null;
  unavailable: number;
  rejoinMs: number | null;
}
const failovers: Failover[] = [];
/**
 * The primary's node SIGKILLed whole under load; measured until a write sent after the kill is
 * acknowledged; then the lost node rejoins and must become the secondary again.
 */
async function failover(f: Formation): Promise<void> {
  const primary = await f.primary();
  if (!primary) throw new Error('pg_auto_failover: no primary to kill');
  const unavailableBefore = stats.byStatus.get(503) ?? 0;
  log(`SIGKILL the primary, ${primary.name} (pg_autoctl keeper and postmaster)`);
  f.kill(primary);
  // Taken once every process of the node is killed (collecting them reads /proc: milliseconds in
  // which a write could still commit there, and must not count as one sent after the kill).
  const killedAt = Date.now();
  const record: Failover = {
    killed: primary.name,
    promoted: '?',
    outageMs: null,
    unavailable: 0,
    rejoinMs: null,
  };
  failovers.push(record);
  while (Date.now() - killedAt < 120_000) {
    const first = acks.find((a) => a.sent >= killedAt);
    if (first) {
      record.outageMs = first.answered - killedAt;
      break;
    }
    await sleep(100);
  }
  record.unavailable = (stats.byStatus.get(503) ?? 0) - unavailableBefore;
  record.promoted = (await f.primary())?.name ?? '?';
  if (record.outageMs === null) {
    violations.push(`no write accepted within 120 s of killing ${primary.name}`);
    return;
  }
  log(
    `writes accepted again ${(record.outageMs / 1000).toFixed(1)} s after the kill (${record.unavailable} × 503); ${primary.name} rejoins`,
  );
  // A write accepted sooner than the monitor can promote anyone (it waits 4 s for a node to look
  // unhealthy) was taken by the node the drill meant to kill: a drill that did not kill.
  if (record.promoted === primary.name || record.outageMs < 2_000) {
    violations.push(
      `a write was accepted ${(record.outageMs / 1000).toFixed(1)} s after killing ${primary.name}, before any promotion (primary now: ${record.promoted})`,
    );
    return;
  }
  if (record.outageMs > FAILOVER_BUDGET_MS)
    violations.push(
      `writes accepted again only ${(record.outageMs / 1000).toFixed(1)} s after killing ${primary.name} (budget 30 s)`,
    );
  const rejoinAt = Date.now();
  f.rejoin(primary);
  await f
    .waitFor(
      (s) =>
        s.some((n) => n.name === primary.name && n.reported === 'secondary' && n.assigned === 'secondary') &&
        s.some((n) => n.reported === 'primary' && n.assigned === 'primary'),
      180_000,
      `${primary.name} a secondary again`,
    )
    .catch(async (err: unknown) => {
      process.stderr.write(`${await f.diagnose(primary)}\n`);
      throw err;
    });
  record.rejoinMs = Date.now() - rejoinAt;
  log(`${primary.name} is the secondary again after ${(record.rejoinMs / 1000).toFixed(1)} s`);
}

const clients = Array.from({ length: 8 }, (_, i) => client(i));
if (formation) {
  log('load through both instances; the primary is killed, rejoins, and the new primary is killed');
  await sleep(SHORT ? 8_000 : 20_000);
  await failover(formation);
  await sleep(SHORT ? 5_000 : 15_000);
  await failover(formation);
  await sleep(SHORT ? 5_000 : 15_000);
  loadRunning = false;
} else {
  log(`load for ${LOAD_SECONDS} s through both instances; faults at 20 %, 40 %, 60 % and 75 % of it`);
  const ms = LOAD_SECONDS * 1000;
  await Promise.all([
    kill(workers[0]!, ms * 0.2, 1_000),
    kill(serves[0]!, ms * 0.4, 1_000),
    restartPostgres(ms * 0.6),
    cutAfterCommits(ms * 0.75, ms * 0.15, 250),
    sleep(ms).then(() => {
      loadRunning = false;
    }),
  ]);
}
await Promise.all(clients);
await Promise.all(bases.map(waitReady));

// ---- the rate limit is shared: one key's burst through both instances -------------------------
const burstKey = orgs[0]!.key;
const burstStart = Date.now();
const burst = await Promise.all(
  Array.from({ length: 500 }, (_, i) => call(bases[i % 2]!, 'GET', '/v1/documents?limit=1', burstKey)),
);
const allowed = burst.filter((a) => a?.status === 200).length;
// DOCEX_RATE_LIMIT 100/s with bursts of 200: one shared bucket admits its 200 plus what refills
// while the burst lasts; two separate buckets would admit twice that.
const burstSeconds = (Date.now() - burstStart) / 1000;
const sharedCeiling = Math.ceil(200 + 100 * burstSeconds * 1.25 + 20);
if (allowed > sharedCeiling) {
  violations.push(
    `rate limit not shared: ${allowed} of 500 burst requests admitted in ${burstSeconds.toFixed(1)} s (one bucket: at most ${sharedCeiling})`,
  );
}

// ---- quiescence, then the invariants ------------------------------------------------------------
// The checks read the primary itself (node-postgres takes one host).
const checkedPrimary = formation ? await formation.primary() : null;
if (formation && !checkedPrimary) throw new Error('pg_auto_failover: no primary after the drill');
const db = new pg.Client({
  connectionString: formation && checkedPrimary ? formation.nodeUrl(checkedPrimary) : DATABASE_URL,
});
await db.connect();
const q = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
log('waiting for payments to settle and events to be delivered');
const orgIds = orgs.map((o) => o.id);
const undelivered = async () =>
  (
    await q<{ n: string }>(
      `select count(*) as n from events e join webhook_endpoints w on w.organization_id = e.organization_id
       where e.organization_id = any($1) and e.created_at >= w.created_at`,
      [orgIds],
    )
  )[0]!.n;
for (let i = 0; i < 120; i++) {
  const pending = (
    await q<{ n: string }>(`select count(*) as n from payments where status = 'processing'`)
  )[0]!.n;
  const events = await q<{ id: string }>(
    `select e.id from events e join webhook_endpoints w on w.organization_id = e.organization_id
     where e.organization_id = any($1) and e.created_at >= w.created_at`,
    [orgIds],
  );
  if (pending === '0' && events.every((e) => received.has(e.id))) break;
  await sleep(1_000);
}

const missingInvoices = (
  await q<{ id: string }>(`select unnest($1::text[]) as id except select id from documents`, [acked.invoices])
).length;
if (missingInvoices > 0) violations.push(`${missingInvoices} acknowledged invoices missing`);
const paidRows = await q<{ document_id: string; settled: string; total: string }>(
  `select document_id, count(*) filter (where status = 'settled') as settled, count(*) as total
   from payments where document_id = any($1) group by document_id`,
  [acked.paid],
);
const notPaidOnce = acked.paid.length - paidRows.filter((r) => r.settled === '1').length;
if (notPaidOnce > 0) violations.push(`${notPaidOnce} acknowledged payments without exactly one settlement`);
const doublePaid = await q<{ document_id: string }>(
  `select document_id from payments where status = 'settled' group by document_id having count(*) > 1`,
);
if (doublePaid.length > 0) violations.push(`${doublePaid.length} documents with two settled payments`);
// Treasury accounts store their balance (moved by each entry); external accounts never store one
// (their balance is the sum of their entries, by design), so every transfer must sum to zero.
const unbalanced = await q<{ id: string }>(
  `select a.id from ledger_accounts a left join ledger_transactions t on t.account_id = a.id
   where a.kind = 'treasury'
   group by a.id, a.balance having a.balance <> coalesce(sum(t.amount), 0)
   union all
   select transfer_id from ledger_transactions group by transfer_id having sum(amount) <> 0`,
);
if (unbalanced.length > 0)
  violations.push(`${unbalanced.length} ledger accounts whose balance is not the sum of their transactions`);
// Retried writes (no answer, a 5xx, a cut, a 429 or a 409 with Retry-After, then the same key
// again until it answered): each must have exactly one effect if it answered 2xx, none if it
// answered an error. Two effects is a retry that ran again instead of replaying; an error answer
// over an existing effect is a lost answer (CONTRACT 10: the retry answers the original).
const effectsOf = new Map<string, number>();
for (const r of await q<{ k: string; n: string }>(
  `select external_refs->>'chaos_key' as k, count(*) as n from documents
   where external_refs ? 'chaos_key' and external_refs->>'chaos_key' = any($1) group by 1`,
  [retried.filter((r) => r.kind === 'invoice').map((r) => r.ref)],
))
  effectsOf.set(`invoice ${r.k}`, Number(r.n));
for (const r of await q<{ total: string; n: string }>(
  `select total::text as total, count(*) as n from documents
   where total >= 1000 and (issuer_organization_id = any($1) or counterparty_organization_id = any($1))
   group by total`,
  [orgIds],
))
  effectsOf.set(`bill ${Number(r.total).toFixed(2)}`, Number(r.n));
for (const r of await q<{ document_id: string; n: string }>(
  `select document_id, count(*) as n from payments where document_id = any($1) group by 1`,
  [retried.filter((r) => r.kind === 'payment').map((r) => r.ref)],
))
  effectsOf.set(`payment ${r.document_id}`, Number(r.n));
const retriedOnce = { invoice: { ok: 0, all: 0 }, bill: { ok: 0, all: 0 }, payment: { ok: 0, all: 0 } };
let twoEffects = 0;
let lostAnswers = 0;
let neverAnswered = 0;
for (const r of retried) {
  const n = effectsOf.get(`${r.kind} ${r.ref}`) ?? 0;
  const acknowledged = r.status !== null && r.status < 300;
  retriedOnce[r.kind].all++;
  if (r.status === null) neverAnswered++;
  if (n > 1) {
    twoEffects++;
    violations.push(`a retried ${r.kind} write (${r.ref}) has ${n} effects`);
  } else if (acknowledged ? n === 1 : n === 0) {
    retriedOnce[r.kind].ok++;
  } else if (acknowledged) {
    violations.push(`a retried ${r.kind} write (${r.ref}) answered ${r.status} but has no effect`);
  } else if (r.status !== null) {
    lostAnswers++;
    violations.push(
      `a retried ${r.kind} write (${r.ref}) answered ${r.status}, yet its first attempt took effect`,
    );
  }
}
const retriedGood = Object.values(retriedOnce).reduce((n, c) => n + c.ok, 0);
const ofAll = (c: { ok: number; all: number }) => `${c.ok} of ${c.all}`;
const events = await q<{ id: string }>(
  `select e.id from events e join webhook_endpoints w on w.organization_id = e.organization_id
   where e.organization_id = any($1) and e.created_at >= w.created_at`,
  [orgIds],
);
const lost = events.filter((e) => !received.has(e.id)).length;
const duplicates = [...received.values()].reduce((n, c) => n + (c - 1), 0);
if (lost > 0)
  violations.push(`${lost} of ${events.length} events never delivered (${await undelivered()} in scope)`);
if (stats.fiveHundreds.length > 0)
  violations.push(`${stats.fiveHundreds.length} answers 500 (first: ${stats.fiveHundreds[0]})`);
for (const p of procs) {
  if (p.child.exitCode !== null || p.child.signalCode !== null)
    violations.push(`${p.name} is not running afterwards`);
}
for (const base of bases) {
  const ok = await fetch(`${base}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ok) violations.push(`${base} does not answer /readyz afterwards`);
}
await db.end();

// ---- report and tear down -----------------------------------------------------------------------
const statusLine = [...stats.byStatus.entries()]
  .sort()
  .map(([s, n]) => `${s}×${n}`)
  .join(' ');
process.stdout.write(`
| invariant | result |
|---|---|
| requests (by status) | ${stats.requests}: ${statusLine}; ${stats.networkErrors} cut by a kill or a timeout |
| acknowledged invoices present | ${acked.invoices.length - missingInvoices} of ${acked.invoices.length} |
| acknowledged payments settled exactly once | ${acked.paid.length - notPaidOnce} of ${acked.paid.length} |
| documents with two settled payments | ${doublePaid.length} |
| connections cut right after a COMMIT | ${cutProxy ? cutProxy.cuts : 'not in this mode'} |
| retried writes with one effect | ${retriedGood} of ${retried.length} (invoices ${ofAll(retriedOnce.invoice)}, bills ${ofAll(retriedOnce.bill)}, payments ${ofAll(retriedOnce.payment)}); ${twoEffects} with two effects, ${lostAnswers} answered an error over their effect, ${neverAnswered} never answered |
| ledger accounts off their transactions | ${unbalanced.length} |
| events delivered at least once | ${events.length - lost} of ${events.length} (${duplicates} duplicates) |
| rate limit shared (admitted of a 500 burst) | ${allowed} in ${burstSeconds.toFixed(1)} s (one bucket: ≤ ${sharedCeiling}) |
| answers 500 | ${stats.fiveHundreds.length} |
| processes answering afterwards | ${procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null).length} of ${procs.length} |
${failovers
  .map(
    (f, i) =>
      `| failover ${i + 1}: ${f.killed} killed, ${f.promoted} promoted | writes again after ${f.outageMs === null ? 'never' : `${(f.outageMs / 1000).toFixed(1)} s`}, ${f.unavailable} × 503 meanwhile; ${f.killed} a secondary again ${f.rejoinMs === null ? 'never' : `${(f.rejoinMs / 1000).toFixed(1)} s`} after it restarted |\n`,
  )
  .join(
    '',
  )}${checkedPrimary ? `| checked on | the primary after the drill, ${checkedPrimary.name} |\n` : ''}`);
for (const p of procs) p.child.kill('SIGTERM');
await sleep(1_500);
receiver.close();
await cutProxy?.close();
cleanup();
if (violations.length > 0) {
  process.stdout.write(`\nVIOLATIONS:\n${violations.map((v) => `- ${v}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('\nall invariants hold\n');
process.exit(0);
