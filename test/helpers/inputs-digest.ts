// A digest of files' contents, for naming what .test-cache/ keeps by what made it: any change to
// any input names a new entry (test/package/packed.ts's packed package, test/einvoice/render's
// compiled service).
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function addTree(hash: Hash, root: string, path: string, skip: ReadonlySet<string>): void {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (!skip.has(name)) addTree(hash, root, join(path, name), skip);
    }
    return;
  }
  const content = readFileSync(full);
  hash.update(`${path}\0${content.length}\0`);
  hash.update(content);
}

/**
 * sha-256 of the files at `paths` below `root` (a folder: every file in it, walked in name order,
 * but for the names in `skip`; a path that does not exist adds nothing): each file's path, length
 * and content. Hex, its first `length` characters.
 */
export function inputsDigest(
  root: string,
  paths: readonly string[],
  { skip = new Set<string>(), length = 16 }: { skip?: ReadonlySet<string>; length?: number } = {},
): string {
  const hash = createHash('sha256');
  for (const path of paths) addTree(hash, root, path, skip);
  return hash.digest('hex').slice(0, length);
}
