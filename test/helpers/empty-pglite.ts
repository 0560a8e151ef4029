// An empty in-memory PGlite (what initdb makes, nothing more) for the tests of PGlite itself (its
// thread, its pool, its settings), loaded from a dump of one under .test-cache/ instead of running
// initdb at every open: an open and close measured 1.1-1.3 s of CPU from the dump against 2.6-2.9 s
// with initdb (through tsx), and test/db/pglite-pool went from 11.7-12.1 s to 5.0 (compiled). The
// dump is PGlite's own dumpDataDir of a database just made by openPGlite, so what a test opens is
// what it opened before; it is made once per PGlite version (that version's initdb), and kept
// uncompressed, which PGlite loads without a failed untar and a gunzip first.
// Opening a data directory (createDataDir's initdb in a child process) is not this: the tests of
// that path open one themselves.
import { readFileSync } from 'node:fs';
import { openPGlite, type PGliteDatabase, type PGliteOptions } from '../../src/db/database.ts';
import { cachedFile } from './test-cache.ts';

const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8'),
  ) as { version: string }
).version;

/** An empty database on PGlite's thread, as openPGlite({ dataDir: null, ...options }) opens one. */
export async function openEmptyPGlite(
  options: Omit<PGliteOptions, 'dataDir' | 'loadDataDir'> = {},
): Promise<PGliteDatabase> {
  const dump = await cachedFile(
    `pglite-empty-${PGLITE_VERSION}.tar`,
    async () => {
      const fresh = await openPGlite({ dataDir: null, maintenanceEveryMs: 3_600_000 });
      try {
        return new Uint8Array(await (await fresh.dump('none')).arrayBuffer());
      } finally {
        await fresh.close();
      }
    },
    /^pglite-empty-.*\.tar$/,
  );
  return openPGlite({ ...options, dataDir: null, loadDataDir: dump });
}
