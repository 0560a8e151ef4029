// Starting a worker thread on one of docex's own modules, from dist/ or from the TypeScript source.
//
// Compiled (dist/: npm start, the bench) the thread runs the `.js` beside the caller. From source
// (tests, development) it runs the `.ts`: natively where Node strips types itself (Node 24, which
// runs the test suite without tsx: scripts/run-tests.mjs), otherwise through tsx, which Node 20
// does not pass on to a thread (neither `--import tsx` nor tsx's register() in the parent reach
// it, tried), so the thread registers tsx itself before importing its entry.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Node runs TypeScript by itself (type stripping: Node 22.18+, 23.6+, 24). */
export function nodeStripsTypes(): boolean {
  return Boolean((process.features as { typescript?: unknown }).typescript);
}

/** A thread running `name` (without extension) from the directory of `callerUrl` (import.meta.url). */
export function startThread(callerUrl: string, name: string, options: WorkerOptions): Worker {
  const fromSource = callerUrl.endsWith('.ts');
  const entry = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl);
  if (!fromSource) return new Worker(entry, options);
  // From source the thread starts from a line of JavaScript that imports its entry (eval), as a
  // process started with `--input-type` (which a thread inherits, and which Node refuses for a
  // thread started from a file) can start one.
  const load = `import(${JSON.stringify(entry.href)})`;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = nodeStripsTypes()
    ? load
    : `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return ${load}; })`;
  return new Worker(boot, { ...options, eval: true });
}
