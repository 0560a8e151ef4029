// Shared pieces of the benchmark: child servers, autocannon runs, medians, RSS sampling.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, meterBackendsCpu } from './proc-cpu.ts';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /**
   * Every run of this measurement together (the warm-up included): requests answered, non-2xx
   * answers, and requests with no answer (socket errors, timeouts). The median run alone could
   * hide a run that was mostly refusals.
   */
  totals?: Totals;
  /** CPU of the server process (`cpuPid`) per request answered, in ms: less noisy than req/s. */
  cpuMsPerRequest?: number;
  /** CPU of the PostgreSQL backends serving `database` per request answered, in ms. */
  dbCpuMsPerRequest?: number;
  /**
   * WAL written by the whole cluster per request answered, in bytes (the server's own background
   * work included): every commit waits for its WAL to reach the disk.
   */
  walBytesPerRequest?: number;
}

export interface Totals {
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * A scenario fails when more than this share of its requests (docex's or its ceiling's) were not
 * answered 2xx: its rate would then measure refusals or error handling, not the operation named
 * (issue 41: the idempotent-write scenario answered 13,267 of ~13,300 requests with 409 once the
 * 1,000-key cap landed, and nothing noticed).
 */
export const MAX_FAILED_SHARE = 0.01;

/** The share of requests not answered 2xx (non-2xx answers and requests without an answer). */
export function failedShare(t: Totals): number {
  const sent = t.requests + t.errors;
  return sent === 0 ? 1 : (t.non2xx + t.errors) / sent;
}

function addTotals(runs: Measured[]): Totals {
  const t: Totals = { requests: 0, non2xx: 0, errors: 0 };
  for (const r of runs) {
    t.requests += r.totals?.requests ?? 0;
    t.non2xx += r.totals?.non2xx ?? r.non2xx;
    t.errors += r.totals?.errors ?? r.errors;
  }
  return t;
}

/** One request of a sequence; `context` is per autocannon connection. */
export interface Step {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: autocannon.Request, context: Record<string, unknown>) => autocannon.Request;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface RunOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Build each request (unique Idempotency-Key, rotating ids). */
  setup?: (req: autocannon.Request) => autocannon.Request;
  /** A sequence each connection walks in turn (create, then issue, then transition). */
  steps?: Step[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** the server process whose CPU time per request to report */
  cpuPid?: number;
  /** the PostgreSQL database whose backends' CPU time per request to report */
  database?: string;
  /** names the run's `perf record` file when BENCH_PERF=1 */
  label?: string;
}

/**
 * The Node options `docex serve` is deployed with in `dir` on `database`: on the embedded one,
 * `npm start`'s (the newcomer's default); on PostgreSQL, bin/docex.mjs's shebang (what an installed
 * `docex serve`, the Dockerfile and docs/deployment.md's units run). src/lib/heap.ts: the young
 * generation's size can only be given on the command line, and the two differ. The bench starts
 * dist/cli.js itself, with these, so it measures docex as deployed.
 */
export function serveNodeArgs(dir: string, database: 'embedded' | 'postgres'): string[] {
  if (database === 'embedded') return deployedNodeArgs(dir, 'start');
  const shebang = readFileSync(join(dir, 'bin/docex.mjs'), 'utf8').split('\n')[0] ?? '';
  const words = shebang.split(/\s+/);
  if (words[0] !== '#!/usr/bin/env' || words[1] !== '-S' || words[2] !== 'node') {
    throw new Error(`bin/docex.mjs in ${dir} does not start with "#!/usr/bin/env -S node": ${shebang}`);
  }
  return words.slice(3);
}

/**
 * The Node options `npm <script>` gives the service in `dir`: the words between `node` and
 * bin/docex.mjs in package.json.
 */
export function deployedNodeArgs(dir = '.', script: 'start' | 'worker' = 'start'): string[] {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const words = (pkg.scripts?.[script] ?? '').split(/\s+/);
  const at = words.indexOf('bin/docex.mjs');
  if (words[0] !== 'node' || at < 0) {
    throw new Error(`npm run ${script} in ${dir} is not "node … bin/docex.mjs …": ${pkg.scripts?.[script]}`);
  }
  return words.slice(1, at);
}

export function uniqueKey(): string {
  return `bench_${randomBytes(9).toString('base64url')}`;
}

async function once(o: RunOptions, seconds: number): Promise<Measured> {
  const requests = o.steps
    ? (o.steps as autocannon.Request[])
    : o.setup
      ? [{ method: o.method ?? 'GET', setupRequest: o.setup } as autocannon.Request]
      : undefined;
  const cpuBefore = o.cpuPid === undefined ? null : cpuMs(o.cpuPid);
  const dbMeter = o.database === undefined ? null : meterBackendsCpu(o.database);
  const walBefore = o.database === undefined ? null : await walPosition();
  const perf = seconds === o.seconds ? perfRecord(o.label, seconds) : null;
  const result = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    headers: o.headers,
    body: o.body,
    connections: o.connections,
    duration: seconds,
    ...(requests ? { requests } : {}),
  });
  const cpuAfter = o.cpuPid === undefined ? null : cpuMs(o.cpuPid);
  await perf;
  const dbMs = dbMeter ? dbMeter.stop() : null;
  const walAfter = walBefore === null ? null : await walPosition();
  const m: Measured = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    totals: {
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    },
  };
  if (cpuBefore !== null && cpuAfter !== null && result.requests.total > 0) {
    m.cpuMsPerRequest = (cpuAfter - cpuBefore) / result.requests.total;
  }
  if (dbMs !== null && result.requests.total > 0) {
    m.dbCpuMsPerRequest = dbMs / result.requests.total;
  }
  if (walBefore !== null && walAfter !== null && result.requests.total > 0) {
    m.walBytesPerRequest = (walAfter - walBefore) / result.requests.total;
  }
  return m;
}

const WAL_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The cluster's WAL insert position in bytes, or null when it cannot be read. */
async function walPosition(): Promise<number | null> {
  const c = new pg.Client({ connectionString: WAL_URL });
  try {
    await c.connect();
    const r = await c.query<{ b: string }>(`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as b`);
    return r.rows[0] ? Number(r.rows[0].b) : null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * BENCH_PERF=1: a system-wide `perf record` (call graphs, 499 Hz) of one measured run, written to
 * .test-cache/bench-perf/<label>-<n>.data. Unlike V8's profiler it counts CPU, not wall time
 * spent preempted inside a syscall, and it sees PostgreSQL, the kernel and the load generator too.
 * Start docex with `BENCH_DOCEX_NODE_ARGS=--perf-basic-prof` so its JIT frames have names.
 */
let perfRuns = 0;
function perfRecord(label: string | undefined, seconds: number): Promise<void> | null {
  if (process.env.BENCH_PERF !== '1' || label === undefined) return null;
  const dir = join('.test-cache', 'bench-perf');
  mkdirSync(dir, { recursive: true });
  perfRuns += 1;
  const proc = spawn(
    'perf',
    [
      'record',
      '-a',
      '-g',
      '-F',
      '499',
      '-o',
      join(dir, `${label}-${perfRuns}.data`),
      '--',
      'sleep',
      String(seconds),
    ],
    { stdio: 'ignore' },
  );
  return new Promise((resolve) => {
    proc.on('exit', () => resolve());
    proc.on('error', () => resolve());
  });
}

/** Warm up, then the median (by throughput) of `repeats` measured runs, with every run's totals. */
export async function measure(o: RunOptions, repeats: number): Promise<Measured> {
  const runs: Measured[] = [];
  if (o.warmupSeconds > 0) runs.push(await once(o, o.warmupSeconds));
  const measured: Measured[] = [];
  for (let i = 0; i < repeats; i++) measured.push(await once(o, o.seconds));
  return { ...median(measured, (r) => r.rps), totals: addTotals([...runs, ...measured]) };
}

/**
 * docex and its ceiling, warmed up and then measured in alternation (docex, ceiling, docex, …),
 * so a noisy neighbour on this shared machine weighs on both alike; the median of each.
 */
export async function measurePair(
  a: RunOptions,
  b: RunOptions,
  repeats: number,
): Promise<{ a: Measured; b: Measured }> {
  const wa: Measured[] = [];
  const wb: Measured[] = [];
  if (a.warmupSeconds > 0) wa.push(await once(a, a.warmupSeconds));
  if (b.warmupSeconds > 0) wb.push(await once(b, b.warmupSeconds));
  const ra: Measured[] = [];
  const rb: Measured[] = [];
  for (let i = 0; i < repeats; i++) {
    ra.push(await once(a, a.seconds));
    rb.push(await once(b, b.seconds));
  }
  return {
    a: { ...median(ra, (r) => r.rps), totals: addTotals([...wa, ...ra]) },
    b: { ...median(rb, (r) => r.rps), totals: addTotals([...wb, ...rb]) },
  };
}

export function median<T>(runs: T[], by: (t: T) => number): T {
  const sorted = [...runs].sort((a, b) => by(a) - by(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Resident set size of a process in MB (10^6 bytes, the unit of issue 9's target), or null. */
export function rssMB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? (Number(m[1]) * 1024) / 1e6 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak and every sample. */
export function sampleRss(pid: number, everyMs = 250): { stop(): { peak: number; samples: number[] } } {
  const samples: number[] = [];
  const take = () => {
    const v = rssMB(pid);
    if (v !== null) samples.push(v);
  };
  take();
  const t = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(t);
      take();
      return { peak: Math.max(0, ...samples), samples };
    },
  };
}

export interface Child {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a child process and waits for a line matching `ready`; returns the matched URL. */
export function startChild(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let started = false;
    const timer = setTimeout(() => reject(new Error(`child did not start: ${out}`)), 60_000);
    const log = process.env.BENCH_CHILD_STDOUT;
    const onData = (d: Buffer) => {
      if (log) appendFileSync(log, d);
      if (started) return;
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        started = true;
        clearTimeout(timer);
        resolve({
          url: m[1] ?? m[0],
          proc,
          stop: () =>
            new Promise((r) => {
              if (proc.exitCode !== null) return r();
              proc.once('exit', () => r());
              proc.kill('SIGTERM');
            }),
        });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (d: Buffer) => {
      if (!started) out += d.toString();
      else process.stderr.write(d);
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`child exited with ${code}: ${out}`));
    });
  });
}

/** Runs a child to completion and returns its stdout. */
export function runChild(cmd: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    proc.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} → ${code}`)),
    );
  });
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/**
 * Writes `text` as the section of bench/RESULTS.md (or BENCH_RESULTS_FILE) that starts with
 * `heading` (a "### " line), up to the next "### " heading; a section not there yet goes after the
 * section whose heading starts with the first of `after` found, else at the end.
 */
export function writeResultsSection(heading: string, text: string, after: string[]): void {
  const out = process.env.BENCH_RESULTS_FILE ?? join('bench', 'RESULTS.md');
  const current = readFileSync(out, 'utf8');
  const endOf = (start: number) => current.indexOf('\n### ', start + 4);
  const start = current.indexOf(heading);
  let next: string;
  if (start >= 0) {
    const end = endOf(start);
    next = current.slice(0, start) + text + (end < 0 ? '' : `\n${current.slice(end + 1)}`);
  } else {
    const prev = after.map((h) => current.indexOf(h)).find((i) => i >= 0) ?? -1;
    const end = prev < 0 ? -1 : endOf(prev);
    next =
      end < 0
        ? `${current.trimEnd()}\n\n${text}`
        : `${current.slice(0, end + 1)}${text}\n${current.slice(end + 1)}`;
  }
  writeFileSync(out, next);
  console.log(`wrote ${out}`);
}

/** The machine's load averages over 1, 5 and 15 minutes, as `uptime` says them. */
export function loadAverages(): string {
  return loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');
}
