// A fresh, migrated database per test file, on the engine CI asks for: PostgreSQL when
// DATABASE_URL is set (a new database cloned from a migrated template), else PGlite (loaded
// from a migrated dump cached under .test-cache/, ~0.8 s instead of ~4 s of initdb + migrate).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPGlite, openPostgres } from '../../src/db/database.ts';
import { migrate, migrationsDigest } from '../../src/db/migrate.ts';
import { cachedFile } from './test-cache.ts';

export interface TestDatabase {
  database: Database;
  url: string | null;
  drop(): Promise<void>;
}

async function pgliteDatabase(): Promise<TestDatabase> {
  // Uncompressed (43 MB against 5 MB gzipped): PGlite loads a tarball as it is, where a gzipped one
  // costs a failed untar and a gunzip first, at every open; measured through tsx, an open took
  // 1.16-1.27 s of CPU from this against 1.27-1.55 s from the gzipped dump.
  const dump = await cachedFile(
    `pglite-${migrationsDigest()}.tar`,
    async () => {
      const fresh = await openPGlite({ dataDir: null });
      try {
        await migrate(fresh);
        return new Uint8Array(await (await fresh.dump('none')).arrayBuffer());
      } finally {
        await fresh.close();
      }
    },
    // earlier migrations' templates, and the gzipped ones of before
    /^pglite-[0-9a-f]{16}\.tar(\.gz)?$/,
  );
  const database = await openPGlite({ dataDir: null, loadDataDir: dump });
  return { database, url: null, drop: () => database.close() };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function postgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const digest = migrationsDigest();
  const template = `docex_tpl_${digest}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One process builds the template; the lock makes the others wait and then find it.
    await admin.query('select pg_advisory_lock(718293002)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_build_${process.pid}`;
      await admin.query(`drop database if exists "${building}"`);
      await admin.query(`create database "${building}"`);
      const db = await openPostgres(withDatabase(adminUrl, building), 1);
      await migrate(db);
      await db.close();
      // A closed pool's server processes exit a moment later; wait them out before renaming.
      for (let i = 0; ; i++) {
        try {
          await admin.query(`alter database "${building}" rename to "${template}"`);
          break;
        } catch (err) {
          if (i >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
    await admin.query('select pg_advisory_unlock(718293002)');
    const name = `docex_t_${randomBytes(6).toString('hex')}`;
    for (let i = 0; ; i++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (err) {
        // Another test process may be cloning the template at this instant.
        if (i >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 100));
      }
    }
    const url = withDatabase(adminUrl, name);
    const database = await openPostgres(url, 10);
    return {
      database,
      url,
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`).catch(() => {});
        await c.end();
      },
    };
  } finally {
    await admin.end();
  }
}

export async function freshDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  return url ? postgresDatabase(url) : pgliteDatabase();
}
