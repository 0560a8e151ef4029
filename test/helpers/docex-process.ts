// `docex <command>` (src/cli.ts) as a child process, run as this test process runs docex's code
// (test/helpers/child-node.ts, which has the figures): compiled when the suite runs compiled
// (Node 20), by Node's type stripping on Node 24, through tsx only with TEST_BUILD=0 on Node 20.
// The tests that kill and restart processes start several each.
// The `docex` command as installed (bin/docex.mjs, which runs dist/ or the sources through tsx) is
// tested as itself where it is the subject (test/service/server.test.ts).
import {
  type ChildProcess,
  type ChildProcessByStdio,
  type SpawnOptions,
  type SpawnOptionsWithStdioTuple,
  type SpawnSyncOptionsWithStringEncoding,
  type SpawnSyncReturns,
  type StdioNull,
  type StdioPipe,
  spawn,
  spawnSync,
} from 'node:child_process';
import type { Readable } from 'node:stream';
import { compileCacheEnv, loaderArgs, sourceFile } from './child-node.ts';

/** node's arguments that run `docex <args>`. */
export function docexArgs(args: readonly string[]): string[] {
  return [...loaderArgs(), sourceFile('src/cli.ts'), ...args];
}

/** An environment given to the child, with the compile cache unless it says otherwise. */
const withCompileCache = (env: NodeJS.ProcessEnv | undefined) => env && { ...compileCacheEnv(), ...env };

/** `docex <args>` started with spawn's `options` (typed as spawn types them). */
export function spawnDocex(
  args: readonly string[],
  options: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe>,
): ChildProcessByStdio<null, Readable, Readable>;
export function spawnDocex(args: readonly string[], options: SpawnOptions): ChildProcess;
export function spawnDocex(args: readonly string[], options: SpawnOptions): ChildProcess {
  return spawn(process.execPath, docexArgs(args), { ...options, env: withCompileCache(options.env) });
}

/** `docex <args>` run to its end with spawnSync's `options`, its output as text. */
export function spawnDocexSync(
  args: readonly string[],
  options: SpawnSyncOptionsWithStringEncoding,
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, docexArgs(args), { ...options, env: withCompileCache(options.env) });
}
