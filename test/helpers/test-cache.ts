// What the tests keep under .test-cache/ (git-ignored) from one run to the next: files and folders
// named by a key of what made them (a package's version, a digest of the inputs), so a changed
// input makes a new entry instead of reusing a stale one. Two test processes (or two suite runs
// at once, .ci/run's CI_SUITES_AT_ONCE) may make the same entry together: each writes aside and
// renames, so a reader never sees half of one.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The tests run with the repository as their working directory (scripts/run-tests.mjs). */
const TEST_CACHE = join(process.cwd(), '.test-cache');

const aside = (path: string) => `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;

/**
 * Removes the entries whose names `replaces` matches but `name`: what earlier inputs made (an older
 * schema's template, an older build), which nothing reads once the inputs changed.
 */
function prune(name: string, replaces: RegExp | undefined): void {
  if (!replaces) return;
  for (const other of readdirSync(TEST_CACHE)) {
    if (other !== name && replaces.test(other))
      rmSync(join(TEST_CACHE, other), { recursive: true, force: true });
  }
}

/** The file `name` under .test-cache/, made by `make` the first time (it then replaces older ones). */
export async function cachedFile(
  name: string,
  make: () => Promise<Uint8Array>,
  replaces?: RegExp,
): Promise<Buffer> {
  const file = join(TEST_CACHE, name);
  if (existsSync(file)) return readFileSync(file);
  const bytes = await make();
  mkdirSync(TEST_CACHE, { recursive: true });
  const tmp = aside(file);
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  prune(name, replaces);
  return Buffer.from(bytes);
}

/** The folder `name` under .test-cache/, filled by `make` (given an empty folder) the first time. */
export async function cachedFolder(
  name: string,
  make: (dir: string) => Promise<void>,
  replaces?: RegExp,
): Promise<string> {
  const dir = join(TEST_CACHE, name);
  if (existsSync(dir)) return dir;
  const tmp = aside(dir);
  mkdirSync(tmp, { recursive: true });
  try {
    await make(tmp);
    renameSync(tmp, dir);
    prune(name, replaces);
  } catch (err) {
    // Another process renamed its own in first: the same inputs, so the same contents.
    if (!existsSync(dir)) throw err;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}
