// Numbered, append-only SQL migrations, safe when several processes start at once (issue 2,
// ARCHITECTURE 5). The concurrency test needs a PostgreSQL server: it runs with DATABASE_URL.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import pg from 'pg';
import { openPostgres } from '../../src/db/database.ts';
import { loadMigrations, migrate } from '../../src/db/migrate.ts';

const adminUrl = process.env.DATABASE_URL;

test('migrations are numbered, in order, with unique numbers', () => {
  const ms = loadMigrations();
  assert.ok(ms.length >= 1);
  const numbers = ms.map((m) => m.id.slice(0, 4));
  assert.deepEqual(numbers, [...numbers].sort());
  assert.equal(new Set(numbers).size, numbers.length, 'no two migrations share a number');
  for (const m of ms) {
    const code = m.sql.replace(/--[^\n]*/g, '');
    assert.doesNotMatch(
      code,
      /\bnow\(\)|current_timestamp/i,
      `${m.id}: timestamps come from the service clock`,
    );
  }
});

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

test('several migrators starting at once on one PostgreSQL apply each migration exactly once', {
  skip: adminUrl ? false : 'needs DATABASE_URL (PostgreSQL)',
}, async () => {
  const name = `docex_mig_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = withDatabase(adminUrl!, name);
  const dbs = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, 2)));
  try {
    const all = loadMigrations().map((m) => m.id);
    // allSettled: every migrator finishes before the database is dropped, and every failure shows
    const settled = await Promise.allSettled(dbs.map((d) => migrate(d)));
    const failures = settled.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    assert.deepEqual(failures, [], 'no migrator failed');
    const results = settled.map((r) => (r.status === 'fulfilled' ? r.value : []));
    const applied = results.flat();
    assert.deepEqual(
      [...applied].sort(),
      [...all].sort(),
      `each applied once in total: ${JSON.stringify(results)}`,
    );
    const rows = await dbs[0]!.db
      .selectFrom('docex_migrations' as never)
      .select(['id' as never])
      .execute();
    assert.deepEqual((rows as { id: string }[]).map((r) => r.id).sort(), [...all].sort());
    // and again: nothing to do
    assert.deepEqual(await migrate(dbs[1]!), []);
    // the schema is usable
    const t = await dbs[2]!.db.selectFrom('organizations').select('id').execute();
    assert.deepEqual(t, []);
  } finally {
    for (const d of dbs) await d.close();
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
  }
});

test('closing a database that only ran migrations leaves no session behind (the template a test run clones)', {
  skip: adminUrl ? false : 'needs DATABASE_URL (PostgreSQL)',
}, async () => {
  const name = `docex_close_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const db = await openPostgres(withDatabase(adminUrl!, name), 1);
    await migrate(db); // exec only: Kysely itself never runs a query on this pool
    await db.close();
    // The pool keeps idle connections for minutes (POOL_IDLE_TIMEOUT_MS); close must not wait for
    // that. A backend may take a moment to exit once its client has said goodbye.
    let sessions = -1;
    for (let i = 0; i < 50 && sessions !== 0; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 50));
      const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
        name,
      ]);
      sessions = r.rows[0].n;
    }
    assert.equal(sessions, 0, 'no session left on the database');
    // ...so it can be renamed, as the test harness does with its template
    await admin.query(`alter database "${name}" rename to "${name}_renamed"`);
    await admin.query(`drop database "${name}_renamed"`);
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
  }
});
