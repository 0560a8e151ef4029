// A/B of two docex trees on one scenario: `node --import tsx bench/ab.ts <dirA> <dirB> [scenario]`.
// Each tree runs compiled (its own dist/, built first) on a database of its own on the same
// PostgreSQL server, so a tree with another migration measures its own schema. Warm-up, then
// rounds in alternation (A, B, A, B, …): on this shared 2-core machine a noisy neighbour then
// weighs on both alike, and CPU per request (the server process, and the PostgreSQL backends of
// its database) says far more than req/s. Scenarios: any of `npm run bench`'s HTTP scenarios
// (bench/scenarios.ts: create-many, the default, create-one, get, list, issue-transition,
// idempotent-write, auth-read…). BENCH_AB_ROUNDS (default 5), BENCH_SECONDS (default 6), BENCH_WARMUP,
// BENCH_CONNECTIONS; BENCH_AB_NODE_ARGS_A / _B add Node options to one side; BENCH_AB_PGLITE=1
// runs both sides on the embedded database instead (a fresh data directory each);
// BENCH_AB_ENV_A / _B (`NAME=value,NAME=value`) add environment variables to one side.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  type Child,
  fmt,
  type Measured,
  measure,
  median,
  sampleRss,
  serveNodeArgs,
  startChild,
} from './lib.ts';
import type { BenchContext } from './scenario.ts';
import { scenarios } from './scenarios.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const OPERATOR = 'op_bench_operator_token';
const PGLITE = process.env.BENCH_AB_PGLITE === '1';

const [dirA, dirB, scenarioIds = 'create-many'] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: bench/ab.ts <dirA> <dirB> [scenario[,scenario…]]');
// Several scenarios (comma-separated) are measured one after the other on the same two servers,
// so their A/B figures come from one run.
const chosen = scenarioIds.split(',').map((id) => {
  const found = scenarios.find((s) => s.id === id);
  if (!found) throw new Error(`unknown scenario ${id}`);
  return found;
});

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function side(
  dir: string,
  name: string,
  nodeArgs: string,
): Promise<{ child: Child; db: string | null; dataDir: string }> {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`build failed in ${dir}`);
  const db = PGLITE ? null : `docex_ab_${name}`;
  const url = db === null ? '' : await freshDatabase(db);
  const dataDir = mkdtempSync(join(tmpdir(), `docex-ab-${name}-`));
  const child = await startChild(
    process.execPath,
    [
      ...serveNodeArgs(dir, PGLITE ? 'embedded' : 'postgres'),
      ...nodeArgs.split(' ').filter((a) => a !== ''),
      resolve(dir, 'dist/cli.js'),
      'serve',
    ],
    {
      PORT: '0',
      LOG_LEVEL: 'warn',
      DOCEX_RATE_LIMIT: '1000000',
      DOCEX_OPERATOR_TOKEN: OPERATOR,
      DATABASE_URL: url,
      DOCEX_DATA_DIR: dataDir,
      ...Object.fromEntries(
        (process.env[`BENCH_AB_ENV_${name.toUpperCase()}`] ?? '')
          .split(',')
          .filter((kv) => kv.includes('='))
          .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      ),
    },
    /docex listening on (http:\/\/\S+)/,
  );
  return { child, db, dataDir };
}

const a = await side(dirA, 'a', process.env.BENCH_AB_NODE_ARGS_A ?? '');
const b = await side(dirB, 'b', process.env.BENCH_AB_NODE_ARGS_B ?? '');
try {
  for (const scenario of chosen) {
    const targets = [];
    for (const s of [a, b]) {
      const ctx: BenchContext = {
        docexUrl: s.child.url,
        ceilingUrl: 'http://127.0.0.1:1',
        operatorToken: OPERATOR,
      };
      const prepared = await scenario.prepare(ctx);
      if (!prepared) throw new Error('scenario not available');
      if (s.db !== null) {
        const c = new pg.Client({ connectionString: ADMIN_URL.replace(/\/[^/]*$/, `/${s.db}`) });
        await c.connect();
        await c.query('analyze');
        await c.end();
      }
      targets.push({
        ...prepared.docex,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: 0,
        ...(s.db !== null ? { database: s.db } : {}),
        ...(s.child.proc.pid ? { cpuPid: s.child.proc.pid } : {}),
      });
    }
    const [ta, tb] = targets as [(typeof targets)[0], (typeof targets)[0]];
    if (WARMUP > 0) {
      await measure({ ...ta, seconds: WARMUP }, 1);
      await measure({ ...tb, seconds: WARMUP }, 1);
    }
    const ra: Measured[] = [];
    const rb: Measured[] = [];
    // Each side's RSS over the measured rounds (a Node option such as the young generation's size
    // trades memory for CPU).
    const rss = [a, b].map((s) => (s.child.proc.pid ? sampleRss(s.child.proc.pid) : null));
    const line = (tag: string, m: Measured) =>
      `${tag} ${fmt(m.rps).padStart(6)}/s p99 ${String(m.p99).padStart(4)} ms  docex ${fmt(m.cpuMsPerRequest ?? Number.NaN, 3)} ms  pg ${fmt(m.dbCpuMsPerRequest ?? Number.NaN, 3)} ms  wal ${fmt(m.walBytesPerRequest ?? Number.NaN)} B${m.non2xx + m.errors > 0 ? `  FAILED ${m.non2xx + m.errors}` : ''}`;
    for (let i = 0; i < ROUNDS; i++) {
      const [first, second] = i % 2 === 0 ? [ta, tb] : [tb, ta];
      const m1 = await measure(first, 1);
      const m2 = await measure(second, 1);
      const [ma, mb] = i % 2 === 0 ? [m1, m2] : [m2, m1];
      ra.push(ma);
      rb.push(mb);
      console.log(`${scenario.id} round ${i + 1}: ${line('A', ma)} | ${line('B', mb)}`);
    }
    const peaks = rss.map((r) => (r ? `${fmt(r.stop().peak)} MB` : '?'));
    console.log(`${scenario.id}: RSS peak over the rounds: A ${peaks[0]}, B ${peaks[1]}`);
    const med = (rs: Measured[], f: (m: Measured) => number) => median(rs.map(f), (x) => x);
    for (const [tag, rs] of [
      ['A', ra],
      ['B', rb],
    ] as const) {
      console.log(
        `${scenario.id} median ${tag}: ${fmt(med(rs, (m) => m.rps))}/s, docex ${fmt(
          med(rs, (m) => m.cpuMsPerRequest ?? Number.NaN),
          3,
        )} ms, pg ${fmt(
          med(rs, (m) => m.dbCpuMsPerRequest ?? Number.NaN),
          3,
        )} ms per request`,
      );
    }
  }
} finally {
  await a.child.stop();
  await b.child.stop();
  rmSync(a.dataDir, { recursive: true, force: true });
  rmSync(b.dataDir, { recursive: true, force: true });
}
