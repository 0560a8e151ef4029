// A child `node` process that loads docex's own modules (src/) the way this test process loads
// them (scripts/run-tests.mjs): their compiled JavaScript when the suite runs compiled (Node 20;
// this helper is then the .js of the build's mirror, every src/ module's .js beside its .ts), the
// TypeScript by Node's own type stripping where Node has it (Node 24), through tsx only where
// neither is the case (Node 20 with TEST_BUILD=0). The same code either way, as the test file's own
// imports.
//
// Why (CI's time): tsx runs every import of a process through its loader hooks on a second thread.
// Measured (CPU of the test file with its children, compiled suite): test/inbound/durable, two
// `docex serve` starts, 14.3-17.8 s with them through tsx against 9.7-11.1 s compiled;
// test/mcp/mcp, seven `docex mcp` starts, 22.2-23.4 s against 13.1-14.0 s.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeStripsTypes } from '../../src/lib/thread-entry.ts';

const compiled = import.meta.url.endsWith('.js');

/** What `node` needs before its script to load docex's TypeScript: tsx's hooks, or nothing. */
export function loaderArgs(): string[] {
  return compiled || nodeStripsTypes() ? [] : ['--import', 'tsx'];
}

/** docex's module at `path` (from the repository's root, 'src/cli.ts') as this process loads it. */
export function sourceFile(path: string): string {
  const file = fileURLToPath(new URL(`../../${path}`, import.meta.url));
  return compiled ? file.replace(/\.ts$/, '.js') : file;
}

/** sourceFile's file: URL, for an import() in a script. */
export function sourceUrl(path: string): string {
  return pathToFileURL(sourceFile(path)).href;
}

/**
 * Node's compile cache (NODE_COMPILE_CACHE, which scripts/run-tests.mjs sets where Node has one),
 * for a child given an environment of its own: it keeps V8's compiled code, nothing the child sees.
 */
export function compileCacheEnv(): Record<string, string> {
  const cache = process.env.NODE_COMPILE_CACHE;
  return cache ? { NODE_COMPILE_CACHE: cache } : {};
}
