// A node:test reporter (scripts/run-tests.mjs adds it beside the spec reporter) that prints, once
// the run ends, the files that took longest: where a CI run's time goes (issue 41 item 6).
// A file's time is from the moment the runner starts its process (or, where the runner does not
// say, the start of its first top-level test) to its end (or the end of its last top-level test).
// TEST_TIMINGS_FILE=path also writes every file's figures there as JSON, for comparing runs.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 15;

export default async function* timings(source) {
  /** file → [first start ms, last end ms, summed top-level ms] */
  const files = new Map();
  for await (const event of source) {
    // The runner dequeues a file (names a test after the file) when it starts the file's process.
    // and completes it (a test named after the file) when the process has ended.
    const whole = event.data?.file && event.data.name === event.data.file;
    if (whole && (event.type === 'test:dequeue' || event.type === 'test:complete')) {
      const now = Date.now();
      const f = files.get(event.data.file) ?? [now, now, 0];
      f[0] = Math.min(f[0], now);
      f[1] = Math.max(f[1], now);
      files.set(event.data.file, f);
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (nesting !== 0 || !file || typeof details?.duration_ms !== 'number') continue;
    const end = Date.now();
    const start = end - details.duration_ms;
    const f = files.get(file) ?? [start, end, 0];
    f[0] = Math.min(f[0], start);
    f[1] = Math.max(f[1], end);
    f[2] += details.duration_ms;
    files.set(file, f);
  }
  if (files.size === 0) return;
  const rows = [...files]
    .map(([file, [start, end, summed]]) => ({
      file: relative(process.cwd(), file),
      seconds: Math.round((end - start) / 100) / 10,
      summed_seconds: Math.round(summed / 100) / 10,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  if (process.env.TEST_TIMINGS_FILE)
    writeFileSync(process.env.TEST_TIMINGS_FILE, `${JSON.stringify(rows, null, 1)}\n`);
  const total = rows.reduce((s, r) => s + r.seconds, 0);
  yield `\nslowest test files (of ${rows.length}, ${Math.round(total)} s in all):\n`;
  for (const r of rows.slice(0, SHOWN)) yield `  ${r.seconds.toFixed(1).padStart(7)} s  ${r.file}\n`;
}
