// The RSS of docex on the embedded database (PGlite) under the bench's pglite-create load, for one
// or more settings one after the other (issue 28 item 6: peak ≤ 300 MB at ≥ 600 creates/s). Each
// setting gets a fresh data directory (as `npm start` on a new machine and bench/run.ts's
// pglite-create). The RSS of the docex process is read when it listens and once its 10
// organizations are set up, and sampled every 250 ms under the load (as bench/run.ts samples it);
// the CPU of the process per create is steadier than creates/s on a shared machine.
//
//   node --import tsx bench/pglite-memory.ts [label=ENV=value,ENV=value ...]
//
// With no argument it measures the defaults. Each argument is one setting: a label, then the
// environment docex starts with and Node options beside `npm start`'s, comma-separated, e.g.
// `sb16=DOCEX_PGLITE_SHARED_BUFFERS_MB=16,--max-semi-space-size=16`. BENCH_SECONDS,
// BENCH_REPEATS, BENCH_WARMUP and BENCH_CONNECTIONS as in bench/run.ts (10 s, 3, 3, 50);
// BENCH_DOCEX_ENTRY runs another compiled cli.js than dist/cli.js (a build of one's own).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequests, manyTenants } from './documents.ts';
import { fmt, measure, rssMB, sampleRss, serveNodeArgs, startChild } from './lib.ts';
import type { BenchContext } from './scenario.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENTRY = process.env.BENCH_DOCEX_ENTRY;
const OPERATOR = 'op_bench_operator_token';

interface Setting {
  label: string;
  env: Record<string, string>;
  /** Node/V8 options beside `npm start`'s */
  nodeArgs: string[];
}

interface Result {
  label: string;
  started: number;
  ready: number;
  peak: number;
  rps: number;
  p99: number;
  non2xx: number;
  /** CPU of the docex process (every thread) per create, ms: steadier than creates/s on a busy machine */
  cpuMs: number | null;
}

function parseSetting(arg: string): Setting {
  const at = arg.indexOf('=');
  const label = at < 0 ? arg : arg.slice(0, at);
  const env: Record<string, string> = {};
  const nodeArgs: string[] = [];
  if (at >= 0) {
    for (const pair of arg.slice(at + 1).split(',')) {
      const eq = pair.indexOf('=');
      if (pair.startsWith('--')) nodeArgs.push(pair);
      else if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return { label, env, nodeArgs };
}

async function measureSetting(s: Setting): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'docex-bench-pglite-memory-'));
  // The whole life of the process is sampled: the database's creation (initdb) included.
  const docex = await startChild(
    process.execPath,
    [...serveNodeArgs('.', 'embedded'), ...s.nodeArgs, ENTRY ?? 'dist/cli.js', 'serve'],
    {
      PORT: '0',
      LOG_LEVEL: 'warn',
      DOCEX_RATE_LIMIT: '1000000',
      DOCEX_OPERATOR_TOKEN: OPERATOR,
      DOCEX_DATA_DIR: dir,
      DATABASE_URL: '',
      ...s.env,
    },
    /docex listening on (http:\/\/\S+)/,
  );
  const pid = docex.proc.pid ?? 0;
  try {
    const started = rssMB(pid) ?? 0;
    const ctx: BenchContext = { docexUrl: docex.url, ceilingUrl: '', operatorToken: OPERATOR };
    const list = await manyTenants(ctx);
    const ready = rssMB(pid) ?? 0;
    // Sampled under the load only, as bench/run.ts samples its pglite-create row.
    const sampler = sampleRss(pid);
    const m = await measure(
      {
        url: `${docex.url}/v1/documents`,
        method: 'POST',
        setup: createRequests(list),
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        cpuPid: pid,
      },
      REPEATS,
    );
    const peak = sampler.stop().peak;
    return {
      label: s.label,
      started,
      ready,
      peak,
      rps: m.rps,
      p99: m.p99,
      non2xx: m.non2xx,
      cpuMs: m.cpuMsPerRequest ?? null,
    };
  } finally {
    await docex.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!ENTRY) {
  const res = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('scripts/build-server.mjs failed');
}
const settings = process.argv.slice(2).map(parseSetting);
if (settings.length === 0) settings.push({ label: 'defaults', env: {}, nodeArgs: [] });
const results: Result[] = [];
for (const s of settings) {
  console.log(`measuring ${s.label} ${JSON.stringify(s.env)} ${s.nodeArgs.join(' ')} …`);
  const r = await measureSetting(s);
  results.push(r);
  console.log(
    `  ${r.label}: RSS at start ${fmt(r.started)} MB, set up ${fmt(r.ready)} MB, peak under load ${fmt(r.peak)} MB; ${fmt(r.rps)} creates/s (p99 ${r.p99} ms, non-2xx ${r.non2xx}, CPU ${fmt(r.cpuMs ?? 0, 2)} ms a create)`,
  );
}
console.log(
  '\n| setting | RSS at start MB | RSS peak under load MB | creates/s | p99 ms | CPU ms a create |\n|---|---:|---:|---:|---:|---:|',
);
for (const r of results) {
  console.log(
    `| ${r.label} | ${fmt(r.started)} | ${fmt(r.peak)} | ${fmt(r.rps)} | ${r.p99} | ${fmt(r.cpuMs ?? 0, 2)} |`,
  );
}
