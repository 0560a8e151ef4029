#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's own test runner: through tsx on Node 20, natively where
// Node strips types itself (Node 24), with Node's compile cache where it has one.
// Node 20's --test does not expand globs, so the file list is built here; globs (`node --test
// "test/**/*.test.ts"`, Node >= 21) replace this once Node 20 is dropped.
//
// Why not tsx everywhere (issue 41 item 6, CI's time): every test file is a process of its own,
// and tsx's loader hooks run every import (docex's and each of its ~1,000 dependency modules)
// through a second thread. Importing the service measured ~2.3 s of CPU through tsx against
// ~1.0 s with Node 24's own type stripping and ~0.6 s with its compile cache as well, for each of
// the suite's ~165 files. Node 20 has neither, so it runs the suite compiled once to JavaScript
// (scripts/test-build.mjs; TEST_BUILD=0 runs it through tsx instead). tsconfig.json's
// erasableSyntaxOnly keeps the code within what type stripping can run.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildTests } from './test-build.mjs';

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...collect(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const filters = process.argv.slice(2);
let matched = collect('test').filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
if (matched.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

// TEST_DATABASE_DEPENDENT_ONLY=1: a run whose only difference from another run of the same Node.js
// is the database (.ci/run's PostgreSQL run beside its Node 20 PGlite run) leaves out the files
// that do not test the database under test: those marked `// test-database: none` (they use no
// database) or `// test-database: pglite` (they open PGlite themselves, whatever DATABASE_URL
// says). Run again they would only repeat the other run. test/service/test-database-markers checks
// that no marked file reaches the database under test.
const MARKER = /^\/\/ test-database: (none|pglite)\b/m;
if (process.env.TEST_DATABASE_DEPENDENT_ONLY === '1') {
  const independent = matched.filter((f) => MARKER.test(readFileSync(f, 'utf8').slice(0, 2048)));
  matched = matched.filter((f) => !independent.includes(f));
  console.log(
    `TEST_DATABASE_DEPENDENT_ONLY=1: ${independent.length} files that test no database under test left out (they run in a run that differs from this one only by its database)`,
  );
}
if (matched.length === 0) process.exit(0);
// TEST_ROTATE=k/n starts the list k n-ths of the way along (and wraps around): .ci/run runs three
// suites at once, and rotated they do not all start with the web app's browser tests together.
const rotate = /^(\d+)\/(\d+)$/.exec(process.env.TEST_ROTATE ?? '0/1');
if (!rotate || Number(rotate[2]) === 0 || Number(rotate[1]) >= Number(rotate[2])) {
  console.error(`TEST_ROTATE must be k/n with 0 <= k < n, got ${JSON.stringify(process.env.TEST_ROTATE)}`);
  process.exit(1);
}
const at = Math.floor((matched.length * Number(rotate[1])) / Number(rotate[2]));
const files = [...matched.slice(at), ...matched.slice(0, at)];
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const nativeTypeScript = Boolean(process.features.typescript);
const env = { ...process.env, NODE_ENV: 'test' };
// Node 22.1+: compiled code kept across the test processes (and the processes they start), keyed
// by each file's content, so a changed file is compiled afresh.
if (Number(process.versions.node.split('.')[0]) >= 22 && !env.NODE_COMPILE_CACHE) {
  env.NODE_COMPILE_CACHE = join(process.cwd(), '.test-cache', 'node-compile-cache');
  mkdirSync(env.NODE_COMPILE_CACHE, { recursive: true });
}
// Files marked `// test-slot: waits` spend most of their time waiting by design (a proxy refusing
// connections for a simulated restart, Retry-After sleeps, child processes started and killed):
// in one of the two slots they would hold it while the cores idle. They run in a lane of their own,
// one at a time beside the others (a third file in flight only while one of them waits), their
// output printed after the main run's.
const WAITS = /^\/\/ test-slot: waits\b/m;
const waiting = files.filter((f) => WAITS.test(readFileSync(f, 'utf8').slice(0, 2048)));
const main = files.filter((f) => !waiting.includes(f));

// Node 20: each file's compiled twin in a scratch mirror of the repository, removed after the run.
const build = nativeTypeScript || process.env.TEST_BUILD === '0' ? null : buildTests(process.cwd());
if (build) env.DOCEX_TEST_BUILD = build;
const removeBuild = () => build && rmSync(build, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    removeBuild();
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}
/** The file node --test runs for the test file `f` (a path relative to the repository). */
const runnable = (f) => (build ? join(build, relative('.', f)).replace(/\.ts$/, '.js') : f);

/** One `node --test` run of `list`: its exit code, its output to stdout or into `into`. */
function runFiles(list, slots, into) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      // docex-source: the package's own exports resolve to src/ (its TypeScript), not dist/, so
      // tests never run a stale build.
      [
        ...(nativeTypeScript || build ? [] : ['--import', 'tsx']),
        // a compiled file's failure names the TypeScript's file and line, not the mirror's
        ...(build ? ['--enable-source-maps'] : []),
        '--conditions=docex-source',
        '--test',
        `--test-concurrency=${slots}`,
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        // After the run, the slowest files (scripts/test-timings.mjs): where CI's time goes.
        '--test-reporter=./scripts/test-timings.mjs',
        '--test-reporter-destination=stdout',
        ...list.map(runnable),
      ],
      { stdio: ['inherit', into ? 'pipe' : 'inherit', 'inherit'], env },
    );
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.on('close', (code) => {
      if (into) writeFileSync(into, Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

const scratch = waiting.length > 0 ? mkdtempSync(join(tmpdir(), 'docex-tests-')) : null;
const lane = scratch ? join(scratch, 'waits.log') : null;
const [mainCode, waitsCode] = await Promise.all([
  main.length > 0 ? runFiles(main, concurrency, null) : 0,
  lane ? runFiles(waiting, 1, lane) : 0,
]);
if (lane && scratch) {
  console.log(
    `\n---- the waiting lane (${waiting.length} files marked \`// test-slot: waits\`, one at a time beside the run above)`,
  );
  process.stdout.write(readFileSync(lane));
  rmSync(scratch, { recursive: true, force: true });
}
removeBuild();
process.exit(mainCode !== 0 ? mainCode : waitsCode);
