// test-database: pglite (it opens PGlite itself, whatever DATABASE_URL says; scripts/run-tests.mjs)
// The embedded database's memory settings (src/db/pglite-settings.ts) reach PostgreSQL inside
// PGlite, and a new data directory is created in a child process (src/db/pglite-initdb.ts) that
// the service's PGlite thread then opens, its data kept across a reopen.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openPGlite } from '../../src/db/database.ts';
import { createDataDir, hasDatabase } from '../../src/db/pglite-initdb.ts';
import { DEFAULT_PGLITE_SETTINGS, PGLITE_STATISTICS_TARGET } from '../../src/db/pglite-settings.ts';
import { openEmptyPGlite } from '../helpers/empty-pglite.ts';

async function show(database: Awaited<ReturnType<typeof openPGlite>>, name: string): Promise<string> {
  return database.pool.exclusive(async (pg) => {
    const res = await pg.query<Record<string, string>>(`show ${name}`);
    return Object.values(res.rows[0] ?? {})[0] ?? '';
  });
}

test('shared_buffers, maintenance_work_mem and default_statistics_target are set as configured', async () => {
  const byDefault = await openEmptyPGlite({ maintenanceEveryMs: 3_600_000 });
  try {
    assert.equal(await show(byDefault, 'shared_buffers'), '8MB');
    assert.equal(await show(byDefault, 'maintenance_work_mem'), '16MB');
    assert.equal(await show(byDefault, 'default_statistics_target'), String(PGLITE_STATISTICS_TARGET));
  } finally {
    await byDefault.close();
  }
  const configured = await openEmptyPGlite({
    maintenanceEveryMs: 3_600_000,
    settings: { ...DEFAULT_PGLITE_SETTINGS, sharedBuffersMb: 24 },
  });
  try {
    assert.equal(await show(configured, 'shared_buffers'), '24MB');
  } finally {
    await configured.close();
  }
});

test('a new data directory is created apart, then opened, and keeps its data across a reopen', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docex-pglite-settings-'));
  try {
    const first = await openPGlite({ dataDir: dir, maintenanceEveryMs: 3_600_000 });
    try {
      assert.equal(hasDatabase(join(dir, 'pgdata')), true);
      await first.exec('create table kept (n int); insert into kept values (42);');
    } finally {
      await first.close();
    }
    const again = await openPGlite({ dataDir: dir, maintenanceEveryMs: 3_600_000 });
    try {
      const rows = await again.pool.exclusive((pg) => pg.query<{ n: number }>('select n from kept'));
      assert.deepEqual(rows.rows, [{ n: 42 }]);
    } finally {
      await again.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a data directory that cannot be created fails with the reason', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docex-pglite-settings-'));
  try {
    // A file where the database directory should be.
    const blocked = join(dir, 'pgdata');
    writeFileSync(blocked, 'not a directory');
    await assert.rejects(createDataDir(blocked, DEFAULT_PGLITE_SETTINGS), (err: unknown) => {
      assert.ok(err instanceof Error);
      assert.match(err.message, /creating the embedded database in .*pgdata failed \(exit code 1\): \S/);
      return true;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
