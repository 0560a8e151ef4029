// The docex processes bound how far V8 grows the heap between full collections (lib/heap.ts),
// unless the operator set the growth themselves.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  EMBEDDED_YOUNG_GENERATION_FLAG,
  HEAP_GROWING_PERCENT,
  heapGrowthFlag,
  YOUNG_GENERATION_FLAG,
} from '../../src/lib/heap.ts';

test('the growth is set when nobody chose one', () => {
  assert.equal(heapGrowthFlag([], undefined), `--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  assert.equal(
    heapGrowthFlag(['--import', 'tsx', '--max-old-space-size=512'], '--enable-source-maps'),
    `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
  );
});

test("an operator's own growth, on the command line or in NODE_OPTIONS, is left alone", () => {
  assert.equal(heapGrowthFlag(['--heap-growing-percent=200'], undefined), null);
  assert.equal(heapGrowthFlag(['--heap_growing_percent=10'], undefined), null);
  assert.equal(heapGrowthFlag([], '--enable-source-maps  --heap-growing-percent=75'), null);
  // A longer flag that merely starts alike is not the same flag.
  assert.equal(
    heapGrowthFlag(['--heap-growing-percentage=5'], undefined),
    `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
  );
});

// A child keeps ~40 MB alive and churns short-lived garbage, as docex does under load, and reports
// how much of the old generation was in use, on average over its run; once with the bound, once
// without. Single-threaded GC so the runs differ only by the flag. The average, not the peak: on
// Node 24 the peak of one run moved by a fifth from run to run under CI's load (a failed submission),
// while the average held within a tenth; and the median of three runs of each, interleaved, so a
// burst of load on the machine does not decide it. Node 24's V8 grows the heap less by itself than
// Node 20's: at this live size the bound holds ~45 % less there on Node 20 and ~33 % less on
// Node 24, so the test asks for a fifth less, which both clear with a margin.
const CHILD = `
const bound = process.argv[1] === 'bound';
const { boundHeapGrowth } = await import(${JSON.stringify(fileURLToPath(new URL('../../src/lib/heap.ts', import.meta.url)))});
if (bound && !boundHeapGrowth()) throw new Error('not set');
const v8 = await import('node:v8');
const live = [];
for (let i = 0; i < 400000; i++) live.push({ n: i, s: 'live-' + i });
let churn = [];
let used = 0;
const ROUNDS = 1500;
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < 2000; i++) churn.push({ s: 'garbage-' + i, a: [i, i + 1, i + 2] });
  if (churn.length >= 60000) churn = [];
  used += v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
}
process.stdout.write(String(used / ROUNDS / 1048576) + ' ' + live.length);
`;

function meanOldSpaceMb(mode: 'bound' | 'default'): number {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--single-threaded-gc', '--input-type=module', '-e', CHILD, mode],
    { encoding: 'utf8' },
  );
  assert.equal(res.status, 0, res.stderr);
  return Number(res.stdout.split(' ')[0]);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

test('bounded, the heap stays well below where V8 would otherwise let it grow', () => {
  const bounded: number[] = [];
  const unbounded: number[] = [];
  for (let i = 0; i < 3; i++) {
    bounded.push(meanOldSpaceMb('bound'));
    unbounded.push(meanOldSpaceMb('default'));
  }
  const [b, u] = [median(bounded), median(unbounded)];
  assert.ok(
    b < u * 0.8,
    `old generation held ${b.toFixed(1)} MB on average bounded against ${u.toFixed(1)} MB unbounded (medians of ${bounded.map((x) => x.toFixed(1)).join(', ')} and ${unbounded.map((x) => x.toFixed(1)).join(', ')}): expected at least 20 % less`,
  );
});

// V8 fixes the young generation's size at start-up, so only the command line can set it: every
// launcher of the service must pass the flag, or that process runs with V8's default.
test('every launcher of the service sizes the young generation on the command line', () => {
  const root = new URL('../../', import.meta.url);
  const scripts = (
    JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  // npm start is the embedded database's launcher; npm run worker only runs on PostgreSQL.
  const launchers = { start: EMBEDDED_YOUNG_GENERATION_FLAG, worker: YOUNG_GENERATION_FLAG };
  for (const [name, flag] of Object.entries(launchers)) {
    assert.match(scripts[name] ?? '', new RegExp(`^node ${flag} bin/docex\\.mjs `), `npm run ${name}`);
  }
  const shebang = readFileSync(new URL('bin/docex.mjs', root), 'utf8').split('\n')[0];
  assert.equal(shebang, `#!/usr/bin/env -S node ${YOUNG_GENERATION_FLAG}`);
});
