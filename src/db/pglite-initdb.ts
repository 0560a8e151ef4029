// A new embedded database is created (PostgreSQL's initdb, as PGlite runs it) in a child process
// of its own, which exits when the data directory is ready; the service's PGlite thread then opens
// it as it opens one made by an earlier start.
//
// Why (issue 28 item 6): PGlite's initdb runs a second PostgreSQL and initdb itself as two more
// WASM instances beside the database's. Done on the PGlite thread, the first start peaked at
// ~750-850 MB of RSS and the process kept 600-800 MB of it for the rest of its life (WASM heaps are
// released only when collected, and the compilers' and PostgreSQL's freed memory stays in the
// allocator's arenas); in a thread of its own that ended, ~150-200 MB stayed behind all the same.
// A process gives all of it back when it exits. Measured (bench/pglite-memory.ts): RSS of the
// service when it first listens 604-801 MB before, 409-499 MB with initdb apart (PostgreSQL's own
// settings otherwise unchanged); initdb itself takes ~5 s of CPU, once per data directory.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { LIFTOFF_ONLY_FLAG, type PGliteSettings, startParams } from './pglite-settings.ts';

/** Whether `dir` holds a database (PGlite makes the same test before running initdb). */
export function hasDatabase(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/**
 * Creates the database in `dir` unless it holds one, in a child process: this file's compiled
 * JavaScript (dist/, npm start) or its TypeScript source through tsx (tests, development).
 */
export async function createDataDir(dir: string, settings: PGliteSettings): Promise<void> {
  if (hasDatabase(dir)) return;
  const self = fileURLToPath(import.meta.url);
  const loader = self.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
  const child = spawn(process.execPath, [...loader, self, dir, JSON.stringify(settings)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    // Only the tail is worth showing: PGlite's own errors come last.
    stderr = (stderr + d).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  if (code !== 0 || !hasDatabase(dir)) {
    throw new Error(`creating the embedded database in ${dir} failed (exit code ${code}): ${stderr.trim()}`);
  }
}

/** The child: create, close (which flushes the data directory), exit. */
async function main(dir: string, settings: PGliteSettings): Promise<void> {
  // initdb runs PostgreSQL's bootstrap once: not worth optimizing code for.
  setFlagsFromString(LIFTOFF_ONLY_FLAG);
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create({
    dataDir: dir,
    startParams: startParams(PGlite.defaultStartParams, settings),
  });
  await pg.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, settings] = process.argv.slice(2);
  if (!dir || !settings) {
    console.error('usage: pglite-initdb <data dir> <settings JSON>');
    process.exit(2);
  }
  main(dir, JSON.parse(settings) as PGliteSettings).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      process.exit(1);
    },
  );
}
