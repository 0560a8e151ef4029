// The data directory holds every tenant's data and the deployment's secrets, so it is the
// service user's alone (CONTRACT 10): the directory 0700 and nothing in it readable or writable
// by group or others. 1.14.0 left 0755 directories and 0666 files (the WAL among them), so an
// existing tree is tightened at every start; new files come out private through the umask
// (src/cli.ts sets 077).
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(path: string): void {
  const st = lstatSync(path);
  // A symbolic link's own mode means nothing, and following one could reach outside the tree.
  if (st.isSymbolicLink()) return;
  if ((st.mode & 0o077) !== 0) chmodSync(path, st.mode & 0o700);
  if (st.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}
