// The test suite compiled once to JavaScript, for a Node.js that cannot run TypeScript itself
// (Node 20): scripts/run-tests.mjs runs the compiled test files instead of loading every file of
// every test process through tsx.
//
// Why (issue 41 item 6, CI's time): through tsx each test process, and each worker thread docex
// starts (the PGlite, render, parse and capture threads, which register tsx themselves), runs every
// import through tsx's loader hooks on a second thread; test/parties/claim measured 21.6 s of CPU
// through tsx against 14.8 s compiled, on the same Node 20.
//
// The build is a mirror of the repository in a scratch directory: `tsc --noCheck` (no type check:
// `npm run typecheck` does that; 12-15 s) compiles src/ and test/ (and what they import) with
// `.ts` specifiers rewritten to `.js`, as tsconfig.build.json compiles dist/; every other file and
// folder is a symbolic link to the repository's own (fixtures, node_modules, app/dist, the `.ts`
// sources beside their `.js`), so paths resolved from import.meta.url land where they do in the
// repository. Its package.json maps the package's `docex-source` exports to the compiled `.js`.
// The tests still run with the repository as their working directory. Each run builds its own
// mirror and removes it (two runs at once never share one).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Built while the suite runs (the web app by test/helpers/app-build.ts, the service's dist/ by the
 * package tests) or written to it: linked even while absent, so the mirror sees them once made.
 */
const MADE_LATER = ['app/dist', 'dist', '.test-cache'];
/**
 * Folders of the mirror's own, not links: a test writes a module here that imports the package by
 * its name (test/webhooks/docs-samples), which must resolve through the mirror's package.json to
 * the compiled code. Removed with the mirror.
 */
const OWN_FOLDERS = ['test-artifacts'];

/** Something (a file, a folder, a link, even a dangling one) is at `path`. */
function linked(path) {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Links every entry of `from` that `to` lacks; walks into the folders both have, but `own`. */
function mirror(from, to, own) {
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(to, name);
    if (own.has(target)) continue;
    if (!existsSync(target)) symlinkSync(source, target);
    else if (lstatSync(target).isDirectory() && lstatSync(source).isDirectory()) mirror(source, target, own);
  }
}

/** package.json with the `docex-source` exports pointing at the compiled `.js`. */
function compiledPackageJson(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const entry of Object.values(pkg.exports ?? {})) {
    if (entry && typeof entry === 'object' && typeof entry['docex-source'] === 'string') {
      entry['docex-source'] = entry['docex-source'].replace(/\.ts$/, '.js');
    }
  }
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * Compiles the repository at `root` into a fresh scratch directory and returns it; throws with
 * tsc's output when tsc fails (a syntax error, a broken tsconfig: --noCheck reports no type error).
 */
export function buildTests(root) {
  const out = mkdtempSync(join(tmpdir(), 'docex-test-build-'));
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  const run = spawnSync(
    process.execPath,
    [tsc, '-p', join(root, 'tsconfig.test-build.json'), '--noCheck', '--outDir', out],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0)
    throw new Error(`tsc -p tsconfig.test-build.json failed:\n${run.stdout}${run.stderr}`);
  completeMirror(root, out);
  return out;
}

/**
 * Makes `out`, which holds the compiled files in the repository's layout, a mirror of `root`: its
 * package.json, its own folders, a link for everything else (and for what the suite makes later).
 */
export function completeMirror(root, out) {
  writeFileSync(join(out, 'package.json'), compiledPackageJson(root));
  const own = new Set(OWN_FOLDERS.map((folder) => join(out, folder)));
  for (const folder of own) mkdirSync(folder, { recursive: true });
  mirror(root, out, own);
  for (const path of MADE_LATER) {
    // only where the mirror has a folder of its own: inside a linked folder the path is the
    // repository's already
    const target = join(out, path);
    if (!linked(dirname(target)) || lstatSync(dirname(target)).isSymbolicLink() || linked(target)) continue;
    symlinkSync(join(root, path), target);
  }
}
