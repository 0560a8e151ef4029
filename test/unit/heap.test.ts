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
// the largest old generation V8 let it reach; once with the bound, once without. Single-threaded GC so the
// two runs differ only by the flag.
const CHILD = `
const bound = process.argv[1] === 'bound';
const { boundHeapGrowth } = await import(${JSON.stringify(fileURLToPath(new URL('../../src/lib/heap.ts', import.meta.url)))});
if (bound && !boundHeapGrowth()) throw new Error('not set');
const v8 = await import('node:v8');
const live = [];
for (let i = 0; i < 400000; i++) live.push({ n: i, s: 'live-' + i });
let churn = [];
let peak = 0;
for (let round = 0; round < 1500; round++) {
  for (let i = 0; i < 2000; i++) churn.push({ s: 'garbage-' + i, a: [i, i + 1, i + 2] });
  if (churn.length >= 60000) churn = [];
  const old = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
  peak = Math.max(peak, old.space_size);
}
process.stdout.write(String(Math.round(peak / 1048576)) + ' ' + live.length);
`;

function peakOldSpaceMb(mode: 'bound' | 'default'): number {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--single-threaded-gc', '--input-type=module', '-e', CHILD, mode],
    { encoding: 'utf8' },
  );
  assert.equal(res.status, 0, res.stderr);
  return Number(res.stdout.split(' ')[0]);
}

test('bounded, the heap stays well below where V8 would otherwise let it grow', () => {
  const bounded = peakOldSpaceMb('bound');
  const unbounded = peakOldSpaceMb('default');
  assert.ok(
    bounded < unbounded * 0.7,
    `old generation peaked at ${bounded} MB bounded against ${unbounded} MB unbounded: expected at least 30 % less`,
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
