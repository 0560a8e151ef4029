#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's own test runner through tsx.
// Node 20's --test does not expand globs, so the file list is built here.
// Globs (`node --test "test/**/*.test.ts"`, Node >= 21) replace this once Node 20 is dropped.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
const matched = collect('test').filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
if (matched.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
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
const res = spawnSync(
  process.execPath,
  // docex-source: the package's own exports resolve to src/ (its TypeScript), not dist/, so tests
  // never run a stale build.
  [
    '--import',
    'tsx',
    '--conditions=docex-source',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    // After the run, the slowest files (scripts/test-timings.mjs): where CI's time goes.
    '--test-reporter=./scripts/test-timings.mjs',
    '--test-reporter-destination=stdout',
    ...files,
  ],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(res.status ?? 1);
