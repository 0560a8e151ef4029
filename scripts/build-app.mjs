#!/usr/bin/env node
// Builds the web app (app/ → app/dist) with Vite when app/dist is missing or older than its
// sources; quick when fresh. `npm start` runs it first (prestart), so `npm install && npm start`
// serves /app with nothing else to run.
//   --force   build even when fresh
//   --check   typecheck the app (tsc -p app) before building
//   --soft    a failed build warns and exits 0 (npm start: the API must start even so)
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, 'app');
const stamp = join(app, 'dist', 'index.html');

// The app's own files, and the server modules its bundle imports (money, state machines, lists).
const SHARED = [
  'src/lib/money.ts',
  'src/lib/currencies.ts',
  'src/lib/scopes.ts',
  'src/lib/tax-categories.ts',
  'src/lib/einvoice-missing.ts',
  'src/lib/legal-profile.ts',
  'src/modules/documents/state-machines.ts',
  'package-lock.json',
];

export function isFresh() {
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  const sources = Math.max(
    newestMtime(join(app, 'src')),
    newestMtime(join(app, 'index.html')),
    newestMtime(join(app, 'vite.config.ts')),
    ...SHARED.map((f) => newestMtime(join(root, f))),
  );
  return built >= sources;
}

export async function buildApp({ force = false, check = false, quiet = false } = {}) {
  if (!force && isFresh()) return { built: false };
  if (check) {
    const tsc = spawnSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', app],
      {
        stdio: 'inherit',
      },
    );
    if (tsc.status !== 0) throw new Error('the web app does not typecheck (tsc -p app)');
  }
  let vite;
  try {
    vite = await import('vite');
  } catch {
    return { built: false, missing: true };
  }
  const started = Date.now();
  await vite.build({ configFile: join(app, 'vite.config.ts'), logLevel: quiet ? 'error' : 'warn' });
  if (!quiet) console.log(`web app built into app/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { built: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  try {
    const res = await buildApp({ force: args.includes('--force'), check: args.includes('--check') });
    if (res.missing) {
      // Installed without dev dependencies: the API runs; /app says how to build it.
      console.warn('vite is not installed (a dev dependency): the web app at /app is not built.');
    }
  } catch (err) {
    console.error(`web app build failed: ${err instanceof Error ? err.message : err}`);
    if (args.includes('--soft'))
      console.error('starting without a fresh web app: /app serves the last build, if any');
    else process.exit(1);
  }
}
