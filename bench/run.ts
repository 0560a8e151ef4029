// npm run bench: docex against this machine's own ceilings, measured side by side in one run.
// docex and a ceiling server (bare Fastify routes over the same database) run as child processes
// on loopback against the same PostgreSQL; the load comes from autocannon in this process.
// Ratios, not absolute numbers, are the result: these machines are noisy, and a ceiling measured
// minutes apart on the same machine proves little. Also measured: webhook deliveries from one
// worker beside a bare undici loop (bench/webhooks.ts), creates on PGlite, the docex process's RSS
// under every load, and with BENCH_SOAK=1 a 5-minute mixed soak showing whether RSS stays flat.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEFAULT_POOL_SIZE, POOL_IDLE_TIMEOUT_MS } from '../src/db/database.ts';
import { createRequests, manyTenants } from './documents.ts';
import {
  type Child,
  deployedNodeArgs,
  failedShare,
  fmt,
  MAX_FAILED_SHARE,
  type Measured,
  measure,
  measurePair,
  median,
  rssMB,
  runChild,
  sampleRss,
  serveNodeArgs,
  startChild,
} from './lib.ts';
import type { BenchContext, Goal, Scenario } from './scenario.ts';
import { scenarios } from './scenarios.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY?.split(',');
const SOAK = process.env.BENCH_SOAK === '1';
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
/** BENCH_PROFILE=1 writes a V8 CPU profile of the docex server to .test-cache/bench-prof/. */
const PROFILE = process.env.BENCH_PROFILE === '1';
const RSS_LIMIT_MB = 300;
const OPERATOR = 'op_bench_operator_token';
const selected = (id: string) => !ONLY || ONLY.includes(id);

function dbUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const v = await admin.query('show server_version');
  await admin.end();
  process.env.BENCH_PG_VERSION = String(v.rows[0]?.server_version ?? '?');
  return dbUrl(name);
}

/** "n of total" over every run of a measurement (the warm-up included), unanswered ones named. */
function nonOk(m: Measured): string {
  const t = m.totals;
  if (!t) return String(m.non2xx);
  return `${fmt(t.non2xx)} of ${fmt(t.requests)}${t.errors > 0 ? `, ${fmt(t.errors)} unanswered` : ''}`;
}

interface Row {
  id: string;
  title: string;
  docex: Measured;
  ceilingTitle: string;
  ceiling: Measured | null;
  target?: Goal;
  /** an absolute target (req/s) where there is no ceiling */
  absolute?: number;
  rssPeak: number | null;
}

function met(r: Row): boolean | null {
  if (r.absolute !== undefined) return r.docex.rps >= r.absolute;
  if (!r.target || !r.ceiling) return null;
  const ratioOk = r.docex.rps / r.ceiling.rps >= r.target.ratio;
  return ratioOk && (r.target.p99 === undefined || r.docex.p99 <= r.target.p99);
}

/**
 * How docex runs: as deployed, the compiled service (`npm start` → bin/docex.mjs → dist/cli.js,
 * built by scripts/build-server.mjs). The resting process measured 125 MB of RSS compiled against
 * 162 MB through tsx (PostgreSQL, Node 20). `BENCH_DOCEX_RUNTIME=tsx` runs the sources through tsx
 * instead, for comparison; `BENCH_DOCEX_NODE_ARGS` adds Node/V8 options (e.g.
 * `--max-semi-space-size=8`) to the docex processes only.
 */
const DOCEX_TSX = process.env.BENCH_DOCEX_RUNTIME === 'tsx';
const DOCEX_NODE_ARGS = (process.env.BENCH_DOCEX_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');

/** Compiles dist/ when it is missing or older than src/ (the bench runs docex as deployed). */
function buildDocex(): void {
  if (DOCEX_TSX) return;
  const res = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('scripts/build-server.mjs failed');
}

function startDocex(env: Record<string, string>, name: string): Promise<Child> {
  const prof = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join('.test-cache', 'bench-prof', name)}`] : [];
  // dist/cli.js itself rather than bin/docex.mjs: bin falls back to tsx when a source changed
  // after the build, and the bench must not measure the other runtime unawares.
  const entry = DOCEX_TSX ? ['--import', 'tsx', 'src/cli.ts'] : ['dist/cli.js'];
  return startChild(
    process.execPath,
    [
      ...serveNodeArgs('.', env.DATABASE_URL ? 'postgres' : 'embedded'),
      ...DOCEX_NODE_ARGS,
      ...prof,
      ...entry,
      'serve',
    ],
    {
      PORT: '0',
      LOG_LEVEL: 'warn',
      DOCEX_RATE_LIMIT: '1000000',
      DOCEX_OPERATOR_TOKEN: OPERATOR,
      ...env,
    },
    /docex listening on (http:\/\/\S+)/,
  );
}

/** Measures a docex target while sampling the docex process's RSS. */
async function measureDocex(
  child: Child,
  target: Parameters<typeof measure>[0],
): Promise<{ m: Measured; rssPeak: number | null }> {
  const sampler = child.proc.pid ? sampleRss(child.proc.pid) : null;
  const m = await measure(target, REPEATS);
  return { m, rssPeak: sampler ? sampler.stop().peak : null };
}

/**
 * Statistics as autovacuum would have them in a running deployment: each scenario's seeding (and
 * the creates before it) changes the tables faster than autovacuum's one-minute naptime, and with
 * stale statistics the planner sorts a whole organization's documents for a list page (docex and
 * ceiling alike). Measured: list page 136/s before, ~470/s after.
 */
async function analyze(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('analyze');
  await c.end();
}

/**
 * Waits (up to 2 minutes) until the in-process worker has caught up with what the previous
 * scenario wrote (webhook fan-out queue, transparency-log leaves to sequence), so each scenario
 * measures its own path rather than the previous one's backlog: in the first full run the list
 * page measured 0.44 after the creates against 0.67-0.84 alone.
 */
async function settle(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const r = await c.query<{ n: number }>(
        `select (select count(*) from webhook_event_queue)::int + (select count(*) from tlog_pending)::int as n`,
      );
      if ((r.rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log('  (the worker had not caught up after 2 minutes; measuring anyway)');
  } finally {
    await c.end();
  }
}

async function httpScenarios(docex: Child, ceiling: Child, docexDb: string, rows: Row[]): Promise<void> {
  const ctx: BenchContext = { docexUrl: docex.url, ceilingUrl: ceiling.url, operatorToken: OPERATOR };
  const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP };
  const database = new URL(docexDb).pathname.slice(1);
  for (const s of scenarios as Scenario[]) {
    if (!selected(s.id)) continue;
    const prepared = await s.prepare(ctx);
    if (!prepared) {
      console.log(`skipped ${s.id}: not available in this build`);
      continue;
    }
    await settle(docexDb);
    await analyze(docexDb);
    console.log(`measuring ${s.id} …`);
    const sampler = docex.proc.pid ? sampleRss(docex.proc.pid) : null;
    const { a: d, b: c } = await measurePair(
      {
        ...common,
        ...prepared.docex,
        database,
        label: `${s.id}-docex`,
        ...(docex.proc.pid ? { cpuPid: docex.proc.pid } : {}),
      },
      {
        ...common,
        ...prepared.ceiling,
        database,
        label: `${s.id}-ceiling`,
        ...(ceiling.proc.pid ? { cpuPid: ceiling.proc.pid } : {}),
      },
      REPEATS,
    );
    const rssPeak = sampler ? sampler.stop().peak : null;
    const row: Row = {
      id: s.id,
      title: s.title,
      docex: d,
      ceilingTitle: s.ceilingTitle,
      ceiling: c,
      rssPeak,
    };
    if (s.target) row.target = s.target;
    rows.push(row);
    const cpu = (m: Measured) => (m.cpuMsPerRequest === undefined ? '?' : fmt(m.cpuMsPerRequest, 2));
    const dbCpu = (m: Measured) => (m.dbCpuMsPerRequest === undefined ? '?' : fmt(m.dbCpuMsPerRequest, 2));
    console.log(
      `  docex ${fmt(d.rps)}/s (p50 ${d.p50} ms, p99 ${d.p99} ms, non-2xx ${nonOk(d)}, RSS ≤ ${fmt(rssPeak ?? 0)} MB)  ceiling ${fmt(c.rps)}/s (p50 ${c.p50} ms, p99 ${c.p99} ms, non-2xx ${nonOk(c)})  ratio ${fmt(d.rps / c.rps, 2)}`,
    );
    // CPU time per request of each server process, and of the PostgreSQL backends serving it (both
    // use the same database, one at a time): far less noisy than req/s on this shared machine.
    console.log(`  server CPU per request: docex ${cpu(d)} ms, ceiling ${cpu(c)} ms`);
    console.log(`  PostgreSQL CPU per request: docex ${dbCpu(d)} ms, ceiling ${dbCpu(c)} ms`);
    const wal = (m: Measured) =>
      m.walBytesPerRequest === undefined ? '?' : `${fmt(m.walBytesPerRequest)} B`;
    console.log(`  WAL per request (the cluster's): docex ${wal(d)}, ceiling ${wal(c)}`);
  }
}

/**
 * bench/webhooks.ts as a child on a scratch PostgreSQL database, median of REPEATS runs: each
 * warms both sides, then measures the worker and the bare loop one after the other, each for
 * WARMUP s then SECONDS s, so the runs alternate worker, bare, worker, bare, …
 */
async function webhookScenario(rows: Row[]): Promise<void> {
  console.log('measuring webhooks …');
  const runs: WebhookRun[] = [];
  for (let i = 0; i < REPEATS; i++) {
    // The worker measured in-process there, with the options `npm run worker` gives it; the bare
    // loop it is compared with runs in the same process, with the same options.
    const nodeArgs = [...deployedNodeArgs('.', 'worker'), '--import', 'tsx', 'bench/webhooks.ts'];
    const out = await runChild(process.execPath, nodeArgs, {
      DATABASE_URL: ADMIN_URL,
      BENCH_SECONDS: String(SECONDS),
      BENCH_WARMUP: String(WARMUP),
    });
    const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
    if (!line) throw new Error(`bench/webhooks.ts printed no result:\n${out}`);
    runs.push(JSON.parse(line.slice('BENCH_JSON '.length)));
  }
  const r = median(runs, (x) => x.worker_rps / x.bare_rps);
  const asMeasured = (rps: number): Measured => ({
    rps,
    p50: Number.NaN,
    p99: Number.NaN,
    errors: 0,
    non2xx: 0,
  });
  rows.push({
    id: 'webhooks',
    title: 'webhook deliveries/s, one worker (fan-out + delivery, over a backlog)',
    docex: asMeasured(r.worker_rps),
    ceilingTitle: 'bare undici Pool POST loop, same receiver',
    ceiling: asMeasured(r.bare_rps),
    target: { ratio: 0.5 },
    rssPeak: Math.max(...runs.map((x) => x.rss_peak_mb)),
  });
  console.log(
    `  worker ${fmt(r.worker_rps)}/s  bare ${fmt(r.bare_rps)}/s  ratio ${fmt(r.worker_rps / r.bare_rps, 2)}` +
      `  (runs: ${runs.map((x) => fmt(x.worker_rps / x.bare_rps, 2)).join(', ')})`,
  );
  const us = (v: number | null) => (v === null ? '?' : `${Math.round(v)} µs`);
  console.log(
    `  CPU per delivery: worker ${us(r.worker_cpu_us)} (PostgreSQL ${us(r.worker_db_cpu_us)}), bare ${us(r.bare_cpu_us)}; worker's event loop busy ${Math.round(r.worker_loop_busy * 100)} %` +
      (runs.some((x) => x.drained) ? '; a worker delivered its whole backlog within its window' : ''),
  );
}

/** What bench/webhooks.ts prints on its BENCH_JSON line. */
interface WebhookRun {
  worker_rps: number;
  bare_rps: number;
  rss_peak_mb: number;
  drained: boolean;
  worker_cpu_us: number;
  worker_db_cpu_us: number | null;
  bare_cpu_us: number;
  worker_loop_busy: number;
}

/**
 * bench/delivery.ts as a child on a scratch PostgreSQL database, median of REPEATS runs (by the
 * ratio): email deliveries/s from one worker sending again documents whose e-invoice files are
 * kept, beside a bare durable outbox on the same database (claim one row FOR UPDATE SKIP LOCKED,
 * send its bytes, record, commit) to the same SMTP sink, and the p99 from an issue to the sink's
 * 250 (in the p99 column). First emails (the render as well) are printed beside, with the check
 * that their CPU is at most a resend's plus the render's plus 20 %.
 */
async function deliveryScenario(rows: Row[]): Promise<void> {
  console.log('measuring delivery …');
  const runs: DeliveryRun[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const nodeArgs = [...deployedNodeArgs('.', 'worker'), '--import', 'tsx', 'bench/delivery.ts'];
    const out = await runChild(process.execPath, nodeArgs, { DATABASE_URL: ADMIN_URL });
    const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
    if (!line) throw new Error(`bench/delivery.ts printed no result:\n${out}`);
    runs.push(JSON.parse(line.slice('BENCH_JSON '.length)));
  }
  const r = median(runs, (x) => x.resend_mps / x.outbox_mps);
  rows.push({
    id: 'delivery',
    title:
      'email deliveries/s, one worker, sent again (5-line invoice with Factur-X and UBL kept); p99 = issue → 250',
    docex: {
      rps: r.resend_mps,
      p50: Math.round(r.issue_to_250_p50_ms),
      p99: Math.round(r.issue_to_250_p99_ms),
      errors: 0,
      non2xx: 0,
    },
    ceilingTitle:
      'bare durable outbox on the same database (claim, send, record, commit), same bytes, same sink',
    ceiling: { rps: r.outbox_mps, p50: Number.NaN, p99: Number.NaN, errors: 0, non2xx: 0 },
    target: { ratio: 0.5, p99: 1000 },
    // The child holds the sink, the API and the worker in one process: not docex's RSS.
    rssPeak: null,
  });
  console.log(
    `  resends ${fmt(r.resend_mps, 1)}/s  outbox ${fmt(r.outbox_mps, 1)}/s  ratio ${fmt(r.resend_mps / r.outbox_mps, 2)}` +
      `  first emails ${fmt(r.worker_mps, 1)}/s (${fmt(r.worker_mps / r.outbox_mps, 2)})` +
      `  issue → 250 p50 ${Math.round(r.issue_to_250_p50_ms)} ms, p99 ${Math.round(r.issue_to_250_p99_ms)} ms` +
      `  (runs: ${runs.map((x) => fmt(x.resend_mps / x.outbox_mps, 2)).join(', ')})`,
  );
  console.log(
    `  a first email's CPU ${fmt(r.first_email_cpu_ms, 1)} ms ≤ (a resend's + the render's) × 1.2 = ${fmt(r.first_email_cpu_allowed_ms, 1)} ms: ${r.first_email_cpu_met ? 'met' : 'NOT met'}`,
  );
  // The whole machine's CPU per message (the process, PostgreSQL, the kernel) bounds each rate on
  // these cores, whatever the concurrency: the figure that says how far a ratio can go here.
  const m = r.machine_cpu_ms_per_message;
  if (m.worker !== null && m.resend !== null && m.outbox !== null) {
    const bound = (ms: number) => fmt((r.cores * 1000) / ms, 0);
    console.log(
      `  machine CPU per message: resends ${fmt(m.resend, 1)} ms, outbox ${fmt(m.outbox, 1)} ms, first emails ${fmt(m.worker, 1)} ms, the render alone ${m.render === null ? '—' : fmt(m.render, 1)} ms;` +
        ` bounds on ${r.cores} cores ${bound(m.resend)}/s, ${bound(m.outbox)}/s, ${bound(m.worker)}/s`,
    );
  }
}

/** What bench/delivery.ts prints on its BENCH_JSON line. */
interface DeliveryRun {
  worker_mps: number;
  resend_mps: number;
  outbox_mps: number;
  issue_to_250_p50_ms: number;
  issue_to_250_p99_ms: number;
  /** Busy CPU of the whole machine per message in each phase (null without /proc). */
  machine_cpu_ms_per_message: {
    worker: number | null;
    resend: number | null;
    outbox: number | null;
    render: number | null;
  };
  first_email_cpu_ms: number;
  first_email_cpu_allowed_ms: number;
  first_email_cpu_met: boolean;
  cores: number;
}

/**
 * bench/inbound.ts as a child on a scratch PostgreSQL database, median of REPEATS runs (by the
 * ratio, per format): received messages/s from SMTP DATA to a created bill through `docex serve`'s
 * listener and worker, beside a bare smtp-server sink driven by the same nodemailer client; the
 * p50/p99 columns are the SMTP reply time, the 250 after DATA (issue 39: p99 ≤ 200 ms).
 */
async function inboundScenario(rows: Row[]): Promise<void> {
  console.log('measuring inbound …');
  const runs: InboundRun[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const out = await runChild(process.execPath, ['--import', 'tsx', 'bench/inbound.ts'], {
      DATABASE_URL: ADMIN_URL,
      BENCH_INBOUND_CHILD: '1',
    });
    const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
    if (!line) throw new Error(`bench/inbound.ts printed no result:\n${out}`);
    runs.push(JSON.parse(line.slice('BENCH_JSON '.length)));
  }
  const titles: Record<string, string> = {
    ubl: 'inbound email → bill/s, 20-line UBL (docex serve: listener + worker); p50/p99 = the 250 after DATA',
    facturx:
      'inbound email → bill/s, 20-line Factur-X PDF (docex serve: listener + worker); p50/p99 = the 250 after DATA',
  };
  for (const format of Object.keys(runs[0]?.formats ?? {})) {
    const per = runs.flatMap((x) => {
      const f = x.formats[format];
      return f ? [f] : [];
    });
    const r = median(per, (x) => x.docex.mps / x.sink.mps);
    // every run's messages: a message that did not become a bill counts as a refusal
    const totals = (side: 'docex' | 'sink') => ({
      requests: per.length * (runs[0]?.count ?? 0),
      non2xx: per.reduce((n, x) => n + x[side].failures, 0),
      errors: 0,
    });
    rows.push({
      id: `inbound-${format}`,
      title: titles[format] ?? `inbound ${format}`,
      docex: {
        rps: r.docex.mps,
        p50: Math.round(r.docex.reply_p50_ms),
        p99: Math.round(r.docex.reply_p99_ms),
        errors: 0,
        non2xx: 0,
        totals: totals('docex'),
      },
      ceilingTitle: 'bare smtp-server sink that stores nothing, same client, same messages',
      ceiling: {
        rps: r.sink.mps,
        p50: Math.round(r.sink.reply_p50_ms),
        p99: Math.round(r.sink.reply_p99_ms),
        errors: 0,
        non2xx: 0,
        totals: totals('sink'),
      },
      // issue 39 sets no ratio, only the reply time
      target: { ratio: 0, p99: 200 },
      rssPeak: Math.max(...runs.map((x) => x.rss_peak_mb)),
    });
    console.log(
      `  ${format}: docex ${fmt(r.docex.mps, 1)}/s  sink ${fmt(r.sink.mps, 1)}/s  ratio ${fmt(r.docex.mps / r.sink.mps, 2)}` +
        `  250 after DATA p50 ${Math.round(r.docex.reply_p50_ms)} ms, p99 ${Math.round(r.docex.reply_p99_ms)} ms (sink ${Math.round(r.sink.reply_p99_ms)} ms)` +
        `  (runs: ${per.map((x) => `${fmt(x.docex.mps / x.sink.mps, 2)}, p99 ${Math.round(x.docex.reply_p99_ms)} ms`).join('; ')})`,
    );
  }
}

/** One side of one format on bench/inbound.ts's BENCH_JSON line. */
interface InboundSide {
  mps: number;
  reply_p50_ms: number;
  reply_p99_ms: number;
  failures: number;
}

/** What bench/inbound.ts prints on its BENCH_JSON line. */
interface InboundRun {
  count: number;
  formats: Record<string, { docex: InboundSide; sink: InboundSide }>;
  rss_peak_mb: number;
}

/** One create scenario against docex on PGlite (its own data directory, in-process worker). */
async function pgliteScenario(rows: Row[]): Promise<void> {
  console.log('measuring pglite-create …');
  const dir = mkdtempSync(join(tmpdir(), 'docex-bench-pglite-'));
  const docex = await startDocex({ DOCEX_DATA_DIR: dir, DATABASE_URL: '' }, 'pglite');
  try {
    const ctx: BenchContext = { docexUrl: docex.url, ceilingUrl: '', operatorToken: OPERATOR };
    const list = await manyTenants(ctx);
    const { m, rssPeak } = await measureDocex(docex, {
      url: `${docex.url}/v1/documents`,
      method: 'POST',
      setup: createRequests(list),
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
    });
    rows.push({
      id: 'pglite-create',
      title: 'create an invoice (5 lines), 10 organizations, PGlite',
      docex: m,
      ceilingTitle: '— (absolute target)',
      ceiling: null,
      absolute: 600,
      rssPeak,
    });
    console.log(`  docex ${fmt(m.rps)}/s (p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${nonOk(m)})`);
  } finally {
    await docex.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * bench/capture.ts as a child: a born-digital page of the capture corpus read from its text layer
 * and extracted, on one core (issue 51: ≤ 100 ms a page at the median, i.e. ≥ 10 pages/s). Its
 * accuracy tables are `npm run bench:capture`'s own section of RESULTS.md.
 */
async function captureScenario(rows: Row[]): Promise<void> {
  console.log('measuring capture …');
  const out = await runChild(process.execPath, ['--import', 'tsx', 'bench/capture.ts'], {
    BENCH_CAPTURE_CHILD: '1',
  });
  const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`bench/capture.ts printed no result:\n${out}`);
  const r = JSON.parse(line.slice('BENCH_JSON '.length)) as {
    pages: number;
    pagesPerSecond: number;
    p50: number;
    p99: number;
  };
  rows.push({
    id: 'capture',
    title: `capture: born-digital pages read (text layer) and extracted, ${r.pages} corpus pages, one core; p50/p99 = ms a page`,
    docex: { rps: r.pagesPerSecond, p50: Math.round(r.p50), p99: Math.round(r.p99), errors: 0, non2xx: 0 },
    ceilingTitle: '— (absolute target: 10 pages/s, 100 ms a page)',
    ceiling: null,
    absolute: 10,
    rssPeak: null,
  });
}

interface Soak {
  seconds: number;
  series: Array<{ at: number; rss: number }>;
  requests: number;
  non2xx: number;
  errors: number;
  flat: boolean;
}

/** BENCH_SOAK=1: creates, reads and lists mixed, for 5 minutes; RSS sampled every 5 s. */
async function soak(docex: Child): Promise<Soak> {
  console.log(`soaking for ${SOAK_SECONDS} s …`);
  const ctx: BenchContext = { docexUrl: docex.url, ceilingUrl: '', operatorToken: OPERATOR };
  const list = await manyTenants(ctx);
  const create = createRequests(list);
  const key = list[0]!.key;
  const ids: string[] = [];
  let i = 0;
  const series: Array<{ at: number; rss: number }> = [];
  const started = Date.now();
  const pid = docex.proc.pid!;
  const sampler = sampleRss(pid, 5_000);
  const timer = setInterval(() => {
    const s = sampleRss(pid).stop();
    series.push({ at: Math.round((Date.now() - started) / 1000), rss: s.peak });
  }, 5_000);
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url: docex.url,
    connections: CONNECTIONS,
    duration: SOAK_SECONDS,
    requests: [
      {
        setupRequest: (req) => {
          const k = i++ % 3;
          if (k === 0 || ids.length === 0) return create(req);
          if (k === 1) {
            return {
              ...req,
              method: 'GET',
              path: `/v1/documents/${ids[i % ids.length]}`,
              headers: { authorization: `Bearer ${key}` },
            };
          }
          return {
            ...req,
            method: 'GET',
            path: '/v1/documents?type=invoice&limit=20',
            headers: { authorization: `Bearer ${key}` },
          };
        },
        onResponse: (status, body) => {
          if (status === 201 && ids.length < 1000) {
            const doc = JSON.parse(body) as { id: string; issuer_organization_id: string };
            if (doc.issuer_organization_id === list[0]!.orgId) ids.push(doc.id);
          }
        },
      },
    ],
  });
  clearInterval(timer);
  sampler.stop();
  // Flat: the last minute's peak within 10 % (or 20 MB) of the peak of the first minute after
  // the first 30 s of warm-up (heaps and pools grow to their working size first).
  const early = series.filter((s) => s.at > 30 && s.at <= 90).map((s) => s.rss);
  const late = series.filter((s) => s.at > SOAK_SECONDS - 60).map((s) => s.rss);
  const earlyPeak = Math.max(...early);
  const latePeak = Math.max(...late);
  const flat = latePeak <= Math.max(earlyPeak * 1.1, earlyPeak + 20);
  console.log(
    `  RSS ${fmt(earlyPeak)} MB (minute 1) → ${fmt(latePeak)} MB (last minute): ${flat ? 'flat' : 'GROWING'}`,
  );
  return {
    seconds: SOAK_SECONDS,
    series,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    flat,
  };
}

function versionOf(pkg: string): string {
  try {
    return (
      JSON.parse(readFileSync(join('node_modules', pkg, 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return '?';
  }
}

/**
 * What each request cost, docex beside its ceiling, in the median run: the server's CPU, the
 * PostgreSQL backends' CPU and the cluster's WAL. Far steadier than req/s on this shared machine.
 */
function costTable(rows: Row[]): string[] {
  const measured = rows.filter((r) => r.ceiling !== null && r.docex.cpuMsPerRequest !== undefined);
  if (measured.length === 0) return [];
  const v = (x: number | undefined, digits: number) => (x === undefined ? '?' : fmt(x, digits));
  const pair = (r: Row, f: (m: Measured) => number | undefined, digits: number) =>
    `${v(f(r.docex), digits)} / ${r.ceiling ? v(f(r.ceiling), digits) : '—'}`;
  return [
    'Per request, docex / its ceiling: CPU of the server process, CPU of the PostgreSQL backends serving it, WAL written by the cluster (background work included).',
    '',
    '| scenario | server CPU ms | PostgreSQL CPU ms | WAL bytes |',
    '|---|---:|---:|---:|',
    ...measured.map(
      (r) =>
        `| ${r.id} | ${pair(r, (m) => m.cpuMsPerRequest, 2)} | ${pair(r, (m) => m.dbCpuMsPerRequest, 2)} | ${pair(r, (m) => m.walBytesPerRequest, 0)} |`,
    ),
    '',
  ];
}

/**
 * The scenarios whose answers were not mostly successes: more than MAX_FAILED_SHARE of docex's
 * or its ceiling's requests (every run, the warm-up included) answered non-2xx or not at all.
 * Such a rate measures refusals, so the run fails and names them.
 */
function failedScenarios(rows: Row[], soakResult: Soak | null): string[] {
  const out: string[] = [];
  const check = (name: string, m: Measured | null) => {
    const t = m?.totals;
    if (!t) return;
    const share = failedShare(t);
    if (share > MAX_FAILED_SHARE) {
      out.push(
        `${name}: ${fmt(t.non2xx)} non-2xx and ${fmt(t.errors)} unanswered of ${fmt(t.requests + t.errors)} requests (${fmt(share * 100, 1)} %)`,
      );
    }
  };
  for (const r of rows) {
    check(`${r.id} (docex)`, r.docex);
    check(`${r.id} (ceiling)`, r.ceiling);
  }
  if (soakResult) {
    check('soak (docex)', {
      rps: 0,
      p50: 0,
      p99: 0,
      errors: soakResult.errors,
      non2xx: soakResult.non2xx,
      totals: { requests: soakResult.requests, non2xx: soakResult.non2xx, errors: soakResult.errors },
    });
  }
  return out;
}

function writeResults(rows: Row[], soakResult: Soak | null, failed: string[]): void {
  const cpu = cpus();
  const ms = (v: number) => (Number.isNaN(v) ? '—' : String(v));
  // The 300 MB target is read for docex on PostgreSQL; PGlite's WebAssembly heap is reported apart.
  const peaks = rows.filter((r) => r.id !== 'pglite-create').map((r) => r.rssPeak ?? 0);
  if (soakResult) peaks.push(...soakResult.series.map((x) => x.rss));
  const rssPeak = peaks.length > 0 ? Math.max(...peaks) : 0;
  const pglitePeak = rows.find((r) => r.id === 'pglite-create')?.rssPeak ?? null;
  const targetText = (r: Row) =>
    r.absolute !== undefined
      ? `≥ ${r.absolute}/s`
      : r.target
        ? [
            r.target.ratio > 0 ? `≥ ${r.target.ratio}` : '',
            r.target.p99 !== undefined ? `p99 ≤ ${r.target.p99} ms` : '',
          ]
            .filter((t) => t !== '')
            .join(', ')
        : '';
  const metText = (r: Row) => {
    const v = met(r);
    return v === null ? '' : v ? 'met' : 'not met';
  };
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${new Date().toISOString()} by \`npm run bench\` on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux.`,
    `Versions: Node ${process.version}, PostgreSQL ${process.env.BENCH_PG_VERSION}, Fastify ${versionOf('fastify')}, pg ${versionOf('pg')}, Kysely ${versionOf('kysely')}, PGlite ${versionOf('@electric-sql/pglite')}, undici ${versionOf('undici')}, autocannon ${versionOf('autocannon')}; pool ${DEFAULT_POOL_SIZE} connections kept ${POOL_IDLE_TIMEOUT_MS / 1000} s when idle (docex and ceiling alike).`,
    `${CONNECTIONS} connections, ${WARMUP} s warm-up, then the median of ${REPEATS} runs of ${SECONDS} s, docex and its ceiling in alternation. The load generator, both servers and PostgreSQL share the machine.`,
    '',
    '| scenario | docex req/s | p50 ms | p99 ms | ceiling | ceiling req/s | ceiling p99 ms | ratio | target | met? | docex RSS peak MB |',
    '|---|---:|---:|---:|---|---:|---:|---:|---|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.title} | ${fmt(r.docex.rps)} | ${ms(r.docex.p50)} | ${ms(r.docex.p99)} | ${r.ceilingTitle} | ${r.ceiling ? fmt(r.ceiling.rps) : '—'} | ${r.ceiling ? ms(r.ceiling.p99) : '—'} | ${r.ceiling ? fmt(r.docex.rps / r.ceiling.rps, 2) : '—'} | ${targetText(r)} | ${metText(r)} | ${r.rssPeak === null ? '?' : fmt(r.rssPeak)} |`,
    ),
    '',
    ...costTable(rows),
    `Memory: the docex process (PostgreSQL) peaked at ${fmt(rssPeak)} MB RSS across these loads${soakResult ? ' and the soak' : ''} (target ≤ ${RSS_LIMIT_MB} MB: ${rssPeak <= RSS_LIMIT_MB ? 'met' : 'not met'})${pglitePeak === null ? '' : `; on PGlite, whose database lives in the process, at ${fmt(pglitePeak)} MB`}.`,
    soakResult
      ? `Soak (BENCH_SOAK=1): ${soakResult.seconds} s of creates, reads and lists mixed, ${fmt(soakResult.requests)} requests (non-2xx ${soakResult.non2xx}); RSS every 5 s in MB: ${soakResult.series.map((s) => fmt(s.rss)).join(', ')}. ${soakResult.flat ? 'Flat' : 'NOT flat'} (last minute's peak within 10 % or 20 MB of the first minute's after 30 s).`
      : 'Soak: not run in this measurement (BENCH_SOAK=1 adds a 5-minute mixed soak).',
    '',
    'Non-2xx answers of docex over every run of each scenario, the warm-up included (should be 0; ' +
      `above ${MAX_FAILED_SHARE * 100} % of a scenario's requests, docex's or its ceiling's, fails the run): ` +
      rows.map((r) => `${r.id} ${fmt(r.docex.totals?.non2xx ?? r.docex.non2xx)}`).join(', '),
    '',
    ...(failed.length > 0
      ? [`**This run FAILED**: its rate measured refusals, not the operation, in ${failed.join('; ')}.`, '']
      : []),
    'Reproduce: `npm run bench` (PostgreSQL at `BENCH_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test; quick runs: `BENCH_SECONDS`, `BENCH_REPEATS`, `BENCH_WARMUP`, `BENCH_CONNECTIONS`, `BENCH_ONLY=id,id` with ids ' +
      [...scenarios.map((s) => s.id), 'webhooks', 'delivery', 'inbound', 'pglite-create', 'capture'].join(
        ', ',
      ) +
      '; `BENCH_SOAK=1` for the 5-minute soak; `BENCH_PROFILE=1` for a CPU profile of docex).',
    '',
  ];
  // BENCH_RESULTS_FILE: a quick or concurrent run that must not overwrite the recorded results.
  const out = process.env.BENCH_RESULTS_FILE ?? join('bench', 'RESULTS.md');
  writeFileSync(out, lines.join('\n'));
  console.log('\nratios:');
  for (const r of rows) {
    const ratio = r.ceiling ? fmt(r.docex.rps / r.ceiling.rps, 2) : `${fmt(r.docex.rps)}/s`;
    console.log(`  ${r.id.padEnd(18)} ${ratio.padStart(8)}  ${targetText(r)} ${metText(r)}`);
  }
  console.log(
    `  RSS peak ${fmt(rssPeak)} MB${soakResult ? `, soak ${soakResult.flat ? 'flat' : 'NOT flat'}` : ''}`,
  );
  console.log(`wrote ${out}`);
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  let soakResult: Soak | null = null;
  // BENCH_DB_NAME: two measurements at once (each its own database and data directory).
  const dbName = process.env.BENCH_DB_NAME ?? 'docex_bench';
  const docexDb = await freshDatabase(dbName);
  buildDocex();
  const docex = await startDocex(
    { DATABASE_URL: docexDb, DOCEX_DATA_DIR: join('.test-cache', `bench-data-${dbName}`) },
    'postgres',
  );
  // After docex: the ceiling's look-alike tables copy docex's (migrated) ones.
  const ceiling = await startChild(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/ceiling-server.ts',
      '0',
      docexDb,
      String(DEFAULT_POOL_SIZE),
      String(POOL_IDLE_TIMEOUT_MS),
    ],
    {},
    /(http:\/\/\S+)/,
  );
  const runtime = `${DOCEX_TSX ? 'src/cli.ts through tsx' : 'compiled dist/cli.js'}${DOCEX_NODE_ARGS.length > 0 ? ` with ${DOCEX_NODE_ARGS.join(' ')}` : ''}`;
  const resting = docex.proc.pid ? rssMB(docex.proc.pid) : null;
  console.log(`docex (${runtime}) started; RSS at rest ${resting === null ? '?' : fmt(resting)} MB`);
  try {
    await httpScenarios(docex, ceiling, docexDb, rows);
    if (SOAK) soakResult = await soak(docex);
  } finally {
    await docex.stop();
    await ceiling.stop();
  }
  if (selected('webhooks')) await webhookScenario(rows);
  if (selected('delivery')) await deliveryScenario(rows);
  if (selected('inbound')) await inboundScenario(rows);
  if (selected('pglite-create')) await pgliteScenario(rows);
  if (selected('capture')) await captureScenario(rows);
  const failed = failedScenarios(rows, soakResult);
  writeResults(rows, soakResult, failed);
  if (failed.length > 0) {
    console.error(
      `\nFAILED: more than ${MAX_FAILED_SHARE * 100} % of these scenarios' requests were not answered 2xx:`,
    );
    for (const f of failed) console.error(`  ${f}`);
    process.exitCode = 1;
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
