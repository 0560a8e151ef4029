// Plain, numbered, append-only SQL migrations. Each runs in its own transaction; an advisory
// lock makes two processes that start at once take turns instead of applying one twice.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// An arbitrary constant shared by every docex process: the key of the migration lock.
const MIGRATION_LOCK_KEY = 718_293_001;

export interface Migration {
  id: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ id: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') }));
}

/** A digest of every migration's text: the test harness keys its migrated template by it. */
export function migrationsDigest(migrations = loadMigrations()): string {
  const h = createHash('sha256');
  for (const m of migrations) h.update(m.id).update('\0').update(m.sql).update('\0');
  return h.digest('hex').slice(0, 16);
}

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export async function migrate(database: Database, migrations = loadMigrations()): Promise<string[]> {
  const applied: string[] = [];
  // Under the same lock as the migrations: two concurrent "create table if not exists" both pass
  // the check and the loser fails on pg_type's unique index.
  await database.exec(`
    begin;
    select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});
    create table if not exists docex_migrations (id text primary key, applied_at timestamptz not null);
    commit;
  `);
  for (const m of migrations) {
    // The lock is transaction-scoped and re-checked inside, so a concurrent migrator that applied
    // this migration first turns our attempt into a no-op.
    const script = `
      begin;
      select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});
      do $docex$ begin
        if exists (select 1 from docex_migrations where id = ${quote(m.id)}) then
          raise exception 'docex_migration_already_applied';
        end if;
      end $docex$;
      ${m.sql}
      ;
      insert into docex_migrations (id, applied_at) values (${quote(m.id)}, clock_timestamp());
      commit;
    `;
    try {
      await database.exec(script);
      applied.push(m.id);
    } catch (err) {
      if (err instanceof Error && err.message.includes('docex_migration_already_applied')) continue;
      // The cause is kept: a migration cut by the database going away is waited out at start
      // (src/db/wait-for-database.ts), a broken one is not.
      throw new Error(`migration ${m.id} failed: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  }
  return applied;
}
