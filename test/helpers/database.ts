// A fresh, migrated database per test file, on the engine CI asks for: PostgreSQL when
// DATABASE_URL is set (a new database cloned from a migrated template), else PGlite (loaded
// from a migrated dump cached under .test-cache/, ~0.8 s instead of ~4 s of initdb + migrate).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openPGlite, openPostgres } from '../../src/db/database.ts';
import { migrate, migrationsDigest } from '../../src/db/migrate.ts';

const CACHE_DIR = join(process.cwd(), '.test-cache');

export interface TestDatabase {
  database: Database;
  url: string | null;
  drop(): Promise<void>;
}

async function pgliteDatabase(): Promise<TestDatabase> {
  const digest = migrationsDigest();
  const file = join(CACHE_DIR, `pglite-${digest}.tar.gz`);
  if (!existsSync(file)) {
    const fresh = await openPGlite({ dataDir: null });
    await migrate(fresh);
    const dump = await fresh.dump('gzip');
    await fresh.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed: another test process may be reading the cache right now.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  }
  const database = await openPGlite({ dataDir: null, loadDataDir: readFileSync(file) });
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
