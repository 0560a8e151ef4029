// npm run bench: docex against this machine's own ceilings, measured side by side in one run.
// Both servers run as child processes on loopback against the same PostgreSQL; the load comes
// from autocannon in this process. Ratios, not absolute numbers, are the result: these machines
// are noisy, and a ceiling measured minutes apart on the same machine proves little.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Child, fmt, type Measured, measure, startChild, uniqueKey } from './lib.ts';
import { type Scenario, scenarios } from './scenarios.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY?.split(',');

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

interface Row {
  scenario: Scenario;
  docex: Measured;
  ceiling: Measured;
}

async function main(): Promise<void> {
  const docexDb = await freshDatabase('docex_bench');
  const ceilingDb = await freshDatabase('docex_bench_ceiling');
  const tsx = ['--import', 'tsx'];
  const docex: Child = await startChild(
    process.execPath,
    [...tsx, 'src/cli.ts', 'serve'],
    {
      DATABASE_URL: docexDb,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DOCEX_RATE_LIMIT: '1000000',
      DOCEX_OPERATOR_TOKEN: 'op_bench_operator_token',
      DOCEX_DATA_DIR: join('.test-cache', 'bench-data'),
    },
    /docex listening on (http:\/\/\S+)/,
  );
  const ceiling: Child = await startChild(
    process.execPath,
    [...tsx, 'bench/ceiling-server.ts', '0', ceilingDb],
    {},
    /(http:\/\/\S+)/,
  );
  const rows: Row[] = [];
  try {
    const ctx = { docexUrl: docex.url, ceilingUrl: ceiling.url, operatorToken: 'op_bench_operator_token' };
    for (const s of scenarios) {
      if (ONLY && !ONLY.includes(s.id)) continue;
      const prepared = await s.prepare(ctx);
      if (!prepared) {
        console.log(`skipped ${s.id}: not available in this build`);
        continue;
      }
      const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP };
      console.log(`measuring ${s.id} …`);
      const d = await measure({ ...common, ...prepared.docex }, REPEATS);
      const c = await measure({ ...common, ...prepared.ceiling }, REPEATS);
      rows.push({ scenario: s, docex: d, ceiling: c });
      console.log(
        `  docex ${fmt(d.rps)}/s (p50 ${d.p50} ms, p99 ${d.p99} ms, non-2xx ${d.non2xx})  ceiling ${fmt(c.rps)}/s  ratio ${fmt(d.rps / c.rps, 2)}`,
      );
    }
  } finally {
    await docex.stop();
    await ceiling.stop();
  }
  writeResults(rows);
}

function writeResults(rows: Row[]): void {
  const cpu = cpus();
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${new Date().toISOString()} by \`npm run bench\` on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${process.env.BENCH_PG_VERSION}.`,
    `${CONNECTIONS} connections, ${WARMUP} s warm-up, then the median of ${REPEATS} runs of ${SECONDS} s. The load generator, both servers and PostgreSQL share the machine.`,
    '',
    '| scenario | docex req/s | p50 ms | p99 ms | ceiling | ceiling req/s | ratio | target |',
    '|---|---:|---:|---:|---|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario.title} | ${fmt(r.docex.rps)} | ${r.docex.p50} | ${r.docex.p99} | ${r.scenario.ceilingTitle} | ${fmt(r.ceiling.rps)} | ${fmt(r.docex.rps / r.ceiling.rps, 2)} | ${r.scenario.target ?? ''} |`,
    ),
    '',
    'Non-2xx answers during the runs (should be 0): ' +
      rows.map((r) => `${r.scenario.id} ${r.docex.non2xx}`).join(', '),
    '',
    'Reproduce: `npm run bench` (PostgreSQL at `BENCH_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test; `BENCH_SECONDS`, `BENCH_REPEATS`, `BENCH_CONNECTIONS`, `BENCH_ONLY=id,id`).',
    '',
  ];
  writeFileSync(join('bench', 'RESULTS.md'), lines.join('\n'));
  console.log('wrote bench/RESULTS.md');
}

export { uniqueKey };

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
