// A node:test reporter (scripts/run-tests.mjs adds it beside the spec reporter) that prints, once
// the run ends, the files that took longest: where a CI run's time goes (issue 41 item 6).
// A file's time is the duration the runner gives the file's own test when its process ends (from
// the moment it started the process); where the runner does not say, from the start of its first
// top-level test to the end of its last. Not the arrival times of the top-level tests' events:
// the runner reports a file's tests in the order of the files, so a short file that ran beside a
// long one has its events held until the long one is reported, and counting them made a 0.4 s file
// look like a 9 s one (and parties/claim, 5.5 s alone, 43 s in CI's list).
// TEST_TIMINGS_FILE=path also writes every file's figures there as JSON, for comparing runs.
import { writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';

const SHOWN = 15;

/** The test file as the repository names it (Node 20 runs its compiled twin: scripts/test-build.mjs). */
function repositoryPath(file) {
  const build = process.env.DOCEX_TEST_BUILD;
  if (build && file.startsWith(build + sep)) return relative(build, file).replace(/\.js$/, '.ts');
  return relative(process.cwd(), file);
}

export default async function* timings(source) {
  /** file (as the repository names it) → [first start ms, last end ms, summed top-level ms] */
  const files = new Map();
  /** file → its process's run, ms, as the runner measured it */
  const runs = new Map();
  for await (const event of source) {
    // The runner completes a file's own test (named after the file: its absolute path on Node 20,
    // the path as given on Node 24) when the file's process has ended, with the time since it
    // started it.
    const whole =
      event.data?.file && event.data.nesting === 0 && resolve(String(event.data.name)) === event.data.file;
    if (whole) {
      const ms = event.data.details?.duration_ms;
      if (event.type === 'test:complete' && typeof ms === 'number')
        runs.set(repositoryPath(event.data.file), ms);
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (nesting !== 0 || !file || typeof details?.duration_ms !== 'number') continue;
    const end = Date.now();
    const start = end - details.duration_ms;
    // Node 20 runs a compiled twin; with source maps its tests name the TypeScript file
    const named = repositoryPath(file);
    const f = files.get(named) ?? [start, end, 0];
    f[0] = Math.min(f[0], start);
    f[1] = Math.max(f[1], end);
    f[2] += details.duration_ms;
    files.set(named, f);
  }
  // a file whose process ended before any test reported (a crash at import) is listed too
  const all = new Set([...runs.keys(), ...files.keys()]);
  if (all.size === 0) return;
  const rows = [...all]
    .map((file) => {
      const [start, end, summed] = files.get(file) ?? [0, 0, 0];
      return {
        file,
        seconds: Math.round((runs.get(file) ?? end - start) / 100) / 10,
        summed_seconds: Math.round(summed / 100) / 10,
      };
    })
    .sort((a, b) => b.seconds - a.seconds);
  if (process.env.TEST_TIMINGS_FILE)
    writeFileSync(process.env.TEST_TIMINGS_FILE, `${JSON.stringify(rows, null, 1)}\n`);
  const total = rows.reduce((s, r) => s + r.seconds, 0);
  yield `\nslowest test files (of ${rows.length}, ${Math.round(total)} s in all):\n`;
  for (const r of rows.slice(0, SHOWN)) yield `  ${r.seconds.toFixed(1).padStart(7)} s  ${r.file}\n`;
}
