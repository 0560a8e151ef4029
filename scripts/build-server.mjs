#!/usr/bin/env node
// Compiles the service (src/ → dist/) with tsc -p tsconfig.build.json when dist/ is missing or
// older than src/; quick when fresh. `npm start` runs it first (prestart) and bin/docex.mjs runs
// dist/cli.js when it is fresh, otherwise the TypeScript sources through tsx.
//
// Why: issue 9's 300 MB budget. The resting service (PostgreSQL) measured 132 MB of RSS compiled
// against 164 MB through tsx (bench/run.ts prints it at every start).
//
// The build does not typecheck (--noCheck: 9 s instead of 21 s on the 2-core machine); `npm run
// typecheck` and CI do. It compiles into a scratch directory and swaps it in whole, so a failed or
// interrupted build never leaves a half-built dist/ behind, and a deleted source leaves no stale
// module. Files other than TypeScript under src/ (the migrations' .sql) are copied beside the
// output, where the code finds them relative to import.meta.url.
//   --force   build even when fresh
//   --soft    a failed build warns and exits 0 (npm start: the service then runs through tsx)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
export const DIST = join(root, 'dist');
/** Written last, with the time the build started: dist/ is fresh when no input is newer. */
const stamp = join(DIST, '.built');
const INPUTS = [src, join(root, 'tsconfig.json'), join(root, 'tsconfig.build.json')];

/** dist/ exists, is complete, and nothing under src/ (or the tsconfigs) changed since it was built. */
export function isFresh() {
  if (!existsSync(stamp)) return false;
  return statSync(stamp).mtimeMs >= Math.max(...INPUTS.map(newestMtime));
}

function tscPath() {
  try {
    return createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return null;
  }
}

export function buildServer({ force = false, quiet = false } = {}) {
  if (!force && isFresh()) return { built: false };
  const tsc = tscPath();
  // Installed without dev dependencies: no compiler; bin/docex.mjs runs the sources through tsx.
  if (!tsc) return { built: false, missing: true };
  const started = Date.now();
  const scratch = `${DIST}.tmp-${process.pid}`;
  const retired = `${DIST}.old-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    const res = spawnSync(
      process.execPath,
      [tsc, '-p', join(root, 'tsconfig.build.json'), '--noCheck', '--outDir', scratch],
      { stdio: 'inherit', cwd: root },
    );
    if (res.status !== 0)
      throw new Error(`tsc -p tsconfig.build.json exited with ${res.status ?? res.signal}`);
    cpSync(src, scratch, {
      recursive: true,
      filter: (from) => statSync(from).isDirectory() || !from.endsWith('.ts'),
    });
    writeFileSync(
      join(scratch, '.built'),
      'dist/ is fresh while no file under src/ is newer than this one\n',
    );
    utimesSync(join(scratch, '.built'), started / 1000, started / 1000);
    // Two renames, then the old tree's removal: a process starting meanwhile finds a whole dist/
    // (the old one or the new one) except between the renames.
    if (existsSync(DIST)) renameSync(DIST, retired);
    renameSync(scratch, DIST);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(retired, { recursive: true, force: true });
  }
  if (!quiet) console.log(`service compiled into dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { built: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  try {
    const res = buildServer({ force: args.includes('--force') });
    if (res.missing) {
      console.warn(
        'typescript is not installed (a dev dependency): the service runs its sources through tsx.',
      );
    }
  } catch (err) {
    console.error(`service build failed: ${err instanceof Error ? err.message : err}`);
    if (args.includes('--soft')) console.error('starting from the TypeScript sources through tsx instead');
    else process.exit(1);
  }
}
