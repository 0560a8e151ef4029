// The packed package, installed into a consumer project, built once per content and kept under
// .test-cache/: `npm pack` (its prepack compiles the service, its .d.ts and the web app), a fresh
// project installing the tarball with `npm install --offline`, and the consumer's TypeScript
// compiled against the installed declarations. ~1 minute of CPU on the 2-core CI machine, which
// ran it once per suite run (three in .ci/run then: Node 20 on PGlite and on PostgreSQL, Node 24),
// though the tarball and the install only change when the files they are made of change.
// Keyed by the SHA-256 of every such file (the sources, the build scripts and configuration, the
// lockfile, the consumer's code and this directory's helpers), so an edit to any of them packs
// and installs anew; a test run on unchanged sources reuses the first one's.
// Two test runs at once (.ci/run runs the databases side by side) take turns through a lock; the
// second finds the first's build in place. A build happens in a directory of its own, renamed into
// place when complete, so a run killed midway leaves nothing that looks finished.
import assert from 'node:assert/strict';
import { type SpawnOptions, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { processExists } from '../../src/lib/process-exists.ts';
import { inputsDigest } from '../helpers/inputs-digest.ts';
import { offlineLock } from './offline-lock.ts';

/** What the package is made of (relative to the repository), and what makes the consumer. */
const INPUTS = [
  'src',
  'app',
  'bin',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.package.json',
  'README.md',
  'LICENSE',
  'test/package',
];
/** Build outputs and installs inside those inputs: not what the package is made of. */
const SKIP = new Set(['node_modules', 'dist']);

export interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** The child's environment: no loader or export conditions of this test process leak into it. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _o, NODE_ENV: _e, ...env } = process.env;
  return { ...env, ...extra };
}

/**
 * Runs a command to its end. Asynchronous on purpose: the service under test runs in the test's
 * own process, so a synchronous spawn would block it from answering the child's requests.
 */
export function run(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: childEnv(), ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out: out.trim(), err: err.trim() }));
  });
}

export async function ok(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<string> {
  const res = await run(cmd, args, opts);
  assert.equal(res.code, 0, `${cmd} ${args.join(' ')} exited ${res.code}\n${res.err}\n${res.out}`);
  return res.out;
}

/** The key of the package made from `root`'s files as they are now. */
function contentKey(root: string): string {
  return inputsDigest(root, INPUTS, { skip: SKIP, length: 20 });
}

/** Removes packed projects of other contents not touched for an hour (earlier edits' builds). */
function pruneStale(cache: string, keep: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(cache)) {
    if (!name.startsWith('packed-') || name.startsWith(keep)) continue;
    const p = join(cache, name);
    try {
      if (statSync(p).mtimeMs < hourAgo) rmSync(p, { recursive: true, force: true });
    } catch {
      // another run removed it first
    }
  }
}

export interface Packed {
  /** the consumer project with docex installed and its code compiled into out/ */
  project: string;
  /** node_modules/docex inside it */
  installed: string;
}

/**
 * The packed package installed in a consumer project, from the cache when the package's files
 * are unchanged. The project is shared by every run with the same content: use it, never write
 * into it.
 */
export async function packedProject(root: string, consumer: string): Promise<Packed> {
  const cache = join(root, '.test-cache');
  mkdirSync(cache, { recursive: true });
  const key = contentKey(root);
  const base = `packed-${key}`;
  const project = join(cache, base);
  const result = { project, installed: join(project, 'node_modules', 'docex') };
  if (existsSync(join(project, '.complete'))) return result;
  // One build at a time (npm pack compiles into this repository's dist/ and app/dist/).
  const release = await lock(join(cache, 'packed.lock'));
  try {
    if (existsSync(join(project, '.complete'))) return result;
    pruneStale(cache, base);
    await build(root, consumer, cache, base, project);
  } finally {
    release();
  }
  return result;
}

/**
 * An exclusive lock between processes: a directory naming its holder's pid. A holder that died
 * (its pid gone) leaves a lock the next one takes over. Waiting polls every 250 ms: another
 * process's exit sends this one no event.
 */
async function lock(path: string): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(path);
      writeFileSync(join(path, 'pid'), String(process.pid));
      return () => rmSync(path, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(join(path, 'pid'), 'utf8'));
    } catch {
      // being written or removed: look again
    }
    if (Number.isInteger(holder) && holder > 0 && !processExists(holder)) {
      rmSync(path, { recursive: true, force: true });
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function build(root: string, consumer: string, cache: string, base: string, project: string) {
  // The tarball at a path of its own, which the project's lockfile names (file:...).
  const tarball = join(cache, `${base}.tgz`);
  const work = join(cache, `${base}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const packDir = join(work, 'pack');
    mkdirSync(packDir, { recursive: true });
    await ok('npm', ['pack', '--pack-destination', packDir], { cwd: root });
    const made = readdirSync(packDir).find((f) => f.endsWith('.tgz'));
    assert.ok(made, 'npm pack wrote a tarball');
    renameSync(join(packDir, made), tarball);

    const dir = join(work, 'project');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'docex-consumer', private: true, type: 'module' }, null, 2),
    );
    writeFileSync(
      join(dir, 'package-lock.json'),
      JSON.stringify(offlineLock(root, 'docex-consumer', tarball), null, 2),
    );
    await ok('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: dir });

    // The consumer's code, compiled by tsc against the installed .d.ts (this repository's compiler
    // and Node types: the consumer project installs neither).
    for (const f of readdirSync(consumer)) copyFileSync(join(consumer, f), join(dir, f));
    await ok(process.execPath, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      dir,
      '--typeRoots',
      join(root, 'node_modules/@types'),
    ]);
    writeFileSync(join(dir, '.complete'), `${new Date().toISOString()}\n`);
    renameSync(dir, project);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
