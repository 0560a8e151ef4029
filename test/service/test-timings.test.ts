// test-database: none (it uses no database; scripts/run-tests.mjs)
// scripts/test-timings.mjs, the reporter that names the slowest test files after a run: a file's
// time is the runner's own measure of its process, not when its tests' events arrive (the runner
// reports files in order, so a short file beside a long one has its events held until the long
// one is reported), whichever way the runner names the file (absolute on Node 20, as given on 24).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
// @ts-expect-error: a JavaScript reporter with no types of its own
import timings from '../../scripts/test-timings.mjs';

interface Row {
  file: string;
  seconds: number;
  summed_seconds: number;
}

const LONG = resolve('test/x/long.test.ts');
const SHORT = resolve('test/x/short.test.ts');

function fileComplete(name: string, file: string, ms: number) {
  return { type: 'test:complete', data: { name, file, nesting: 0, details: { duration_ms: ms } } };
}
function pass(file: string, ms: number) {
  return { type: 'test:pass', data: { name: 'a test', file, nesting: 0, details: { duration_ms: ms } } };
}

async function report(events: object[], wait: (i: number) => number): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docex-timings-'));
  const out = join(dir, 'timings.json');
  const before = process.env.TEST_TIMINGS_FILE;
  process.env.TEST_TIMINGS_FILE = out;
  try {
    async function* source() {
      for (const [i, e] of events.entries()) {
        await new Promise((r) => setTimeout(r, wait(i)));
        yield e;
      }
    }
    for await (const _ of timings(source())) {
      // the printed list; the JSON is what is checked
    }
    return JSON.parse(readFileSync(out, 'utf8')) as Row[];
  } finally {
    if (before === undefined) delete process.env.TEST_TIMINGS_FILE;
    else process.env.TEST_TIMINGS_FILE = before;
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a short file's events held behind a long one's do not make it long", async () => {
  // the short file ran 300 ms; its test's event arrives after the long file's 400 ms
  const rows = await report(
    [fileComplete(SHORT, SHORT, 300), pass(LONG, 380), fileComplete(LONG, LONG, 400), pass(SHORT, 250)],
    (i) => (i === 3 ? 400 : 0),
  );
  const by = new Map(rows.map((r) => [r.file, r]));
  assert.equal(by.get('test/x/short.test.ts')?.seconds, 0.3);
  assert.equal(by.get('test/x/long.test.ts')?.seconds, 0.4);
  assert.equal(by.get('test/x/short.test.ts')?.summed_seconds, 0.3);
});

test("Node 24's relative file names are the file's own test too", async () => {
  const rows = await report([pass(SHORT, 100), fileComplete('test/x/short.test.ts', SHORT, 1200)], () => 0);
  assert.deepEqual(
    rows.map((r) => [r.file, r.seconds]),
    [['test/x/short.test.ts', 1.2]],
  );
});

test('a file that ended before any test reported is listed, and one without its own test falls back to its tests', async () => {
  const rows = await report([fileComplete(LONG, LONG, 2000), pass(SHORT, 500)], () => 0);
  assert.deepEqual(
    rows.map((r) => [r.file, r.seconds]),
    [
      ['test/x/long.test.ts', 2],
      ['test/x/short.test.ts', 0.5],
    ],
  );
});

test("Node 20's compiled twin is the repository's file, whose tests name the TypeScript (source maps)", async () => {
  const build = join(tmpdir(), 'docex-test-build-x');
  const twin = join(build, 'test', 'x', 'short.test.js');
  const before = process.env.DOCEX_TEST_BUILD;
  process.env.DOCEX_TEST_BUILD = build;
  try {
    const rows = await report([pass(SHORT, 100), fileComplete(twin, twin, 700)], () => 0);
    assert.deepEqual(
      rows.map((r) => [r.file, r.seconds]),
      [['test/x/short.test.ts', 0.7]],
    );
  } finally {
    if (before === undefined) delete process.env.DOCEX_TEST_BUILD;
    else process.env.DOCEX_TEST_BUILD = before;
  }
});
