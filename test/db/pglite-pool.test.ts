// test-database: pglite (it opens PGlite itself, whatever DATABASE_URL says; scripts/run-tests.mjs)
// The PGlite pool runs a statement's third and later executions as a named prepared statement
// through PGlite's protocol (src/db/pglite-pool.ts). Every answer must be the one query() gives:
// the same rows and types, the same errors, and a session that stays usable after an error.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { dueFor, maintainOnce } from '../../src/db/pglite-maintenance.ts';
import { pgErrorCode } from '../../src/db/transaction.ts';
import { openEmptyPGlite } from '../helpers/empty-pglite.ts';

let database: Database;
let db: Kysely<Record<string, never>>;
before(async () => {
  database = await openEmptyPGlite();
  db = database.db as unknown as Kysely<Record<string, never>>;
  await database.exec(`create table t (id text primary key, n int8, d date, at timestamptz, doc jsonb,
    tags text[], ok boolean, amount numeric(20, 2))`);
});
after(async () => {
  await database?.close();
});

const insert = (id: string, n: number, on: Kysely<Record<string, never>> = db) =>
  sql`insert into t (id, n, d, at, doc, tags, ok, amount)
    values (${id}, ${n}, ${'2026-01-31'}, ${new Date('2026-11-23T10:00:00.123Z')}, ${JSON.stringify({ a: [1, 'x'] })},
      ${['a', 'b,c']}, ${n % 2 === 0}, ${'12.50'})`.execute(on);

const read = (ids: string[]) =>
  sql<Record<string, unknown>>`select id, n, d, at, doc, tags, ok, amount from t
    where id = any(${ids}::text[]) order by id`.execute(db);

describe('PGlite pool: named statements', () => {
  test('the fifth run of a statement answers exactly as the first', async () => {
    for (let i = 0; i < 5; i++) await insert(`r${i}`, i);
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push((await read(['r1', 'r2', 'nope'])).rows);
    for (const rows of runs) assert.deepEqual(rows, runs[0]);
    const [r1] = runs[0]!;
    assert.deepEqual(r1, {
      id: 'r1',
      n: 1,
      d: '2026-01-31',
      at: new Date('2026-11-23T10:00:00.123Z'),
      doc: { a: [1, 'x'] },
      tags: ['a', 'b,c'],
      ok: false,
      amount: '12.50',
    });
    const nulls = sql<{ v: string | null }>`select ${null}::text as v where ${'x'}::text is not null`;
    for (let i = 0; i < 4; i++) assert.deepEqual((await nulls.execute(db)).rows, [{ v: null }]);
  });

  test('affected rows are counted on the named path', async () => {
    const bump = (k: number) => sql`update t set n = n + ${k} where id like ${'r%'}`.execute(db);
    for (let i = 0; i < 4; i++) assert.equal(Number((await bump(0)).numAffectedRows), 5);
  });

  test('an error keeps its code and constraint, and the session goes on', async () => {
    for (let i = 0; i < 3; i++) {
      await assert.rejects(insert('r1', 1), (err: unknown) => {
        assert.equal(pgErrorCode(err), '23505');
        assert.equal((err as { constraint?: string }).constraint, 't_pkey');
        return true;
      });
      assert.equal((await read(['r1'])).rows.length, 1, 'the next statement runs');
    }
  });

  test('an error inside a transaction aborts it, and it rolls back cleanly', async () => {
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await sql`insert into t (id, n) values (${'tx1'}, ${1})`.execute(trx);
        await insert('r2', 2, trx); // named by now: a duplicate
      }),
      (err: unknown) => pgErrorCode(err) === '23505',
    );
    assert.equal((await read(['tx1'])).rows.length, 0, 'rolled back');
    await insert('after', 7);
    assert.equal((await read(['after'])).rows.length, 1);
  });
});

// PGlite has no autovacuum; src/db/pglite-maintenance.ts stands in for it.
describe('PGlite maintenance', () => {
  type Stats = { dead: number; analyzed: boolean; vacuumed: boolean; reltuples: number };
  const stats = async (on: Database, table: string): Promise<Stats> => {
    const res = await sql<Stats>`select s.n_dead_tup::float8 as dead, s.last_analyze is not null as analyzed,
        s.last_vacuum is not null as vacuumed, c.reltuples::float8 as reltuples
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`.execute(
      on.db as unknown as Kysely<Record<string, never>>,
    );
    return res.rows[0]!;
  };
  test("autovacuum's thresholds, and a never-analyzed table analyzed at the next pass", () => {
    const t = { schema: 'public', table: 'x', dead: 0, modifiedSinceAnalyze: 0, insertedSinceVacuum: 0 };
    assert.deepEqual(dueFor({ ...t, reltuples: 1000 }), { vacuum: false, analyze: false });
    assert.deepEqual(dueFor({ ...t, reltuples: 1000, dead: 250 }), { vacuum: false, analyze: false });
    assert.deepEqual(dueFor({ ...t, reltuples: 1000, dead: 251 }), { vacuum: true, analyze: false });
    assert.deepEqual(dueFor({ ...t, reltuples: 1000, insertedSinceVacuum: 1201 }), {
      vacuum: true,
      analyze: false,
    });
    assert.deepEqual(dueFor({ ...t, reltuples: 1000, modifiedSinceAnalyze: 150 }), {
      vacuum: false,
      analyze: false,
    });
    assert.deepEqual(dueFor({ ...t, reltuples: 1000, modifiedSinceAnalyze: 151 }), {
      vacuum: false,
      analyze: true,
    });
    assert.deepEqual(dueFor({ ...t, reltuples: 0, modifiedSinceAnalyze: 20 }), {
      vacuum: false,
      analyze: false,
    });
    assert.deepEqual(dueFor({ ...t, reltuples: -1, modifiedSinceAnalyze: 1 }), {
      vacuum: false,
      analyze: true,
    });
    assert.deepEqual(dueFor({ ...t, reltuples: -1 }), { vacuum: false, analyze: true });
  });

  test('a pass vacuums and analyzes the tables that are due, and only those', async () => {
    const m = await openEmptyPGlite({ maintenanceEveryMs: 3_600_000 });
    try {
      await m.exec(`create table churn (id int primary key, v text);
        create table quiet (id int primary key);
        insert into churn select g, 'x' from generate_series(1, 300) g;
        insert into quiet values (1);
        analyze quiet;`);
      await m.exec('delete from churn where id <= 200');
      const done = await maintainOnce(m.pool);
      assert.deepEqual(
        done.map((d) => [d.table, d.vacuum, d.analyze]),
        [['churn', true, true]],
      );
      const churn = await stats(m, 'churn');
      assert.equal(churn.dead, 0);
      assert.equal(churn.vacuumed, true);
      assert.equal(churn.analyzed, true);
      assert.equal(churn.reltuples, 100);
      assert.equal((await stats(m, 'quiet')).vacuumed, false);
      assert.deepEqual(await maintainOnce(m.pool), [], 'nothing is due twice');
    } finally {
      await m.close();
    }
  });

  test('after a pass analyzed its tables, a prepared lookup stops planning at every run', async () => {
    // The key lookup (src/http/authenticate.ts) on a never-analyzed api_keys chose custom plans,
    // and kept planning at every execution after ANALYZE too, until prepared again.
    const m = await openEmptyPGlite({ maintenanceEveryMs: 3_600_000 });
    const kdb = m.db as unknown as Kysely<Record<string, never>>;
    try {
      await m.exec(`create table keys (hash text primary key, org text not null);
        create table orgs (id text primary key, name text not null);
        insert into orgs select 'org' || g, 'name' from generate_series(1, 20) g;
        insert into keys select md5(g::text), 'org' || g from generate_series(1, 20) g;`);
      const lookup = async () => {
        const res = await sql`select k.hash, o.name from keys k join orgs o on o.id = k.org
          where k.hash = any(${['c4ca4238a0b923820dcc509a6f75849b']}::text[])`.execute(kdb);
        assert.equal(res.rows.length, 1);
      };
      const plans = async () =>
        (
          await sql<{
            generic: number;
            custom: number;
          }>`select coalesce(sum(generic_plans), 0)::int as generic,
            coalesce(sum(custom_plans), 0)::int as custom from pg_prepared_statements
            where statement like ${'%from keys k%'}`.execute(kdb)
        ).rows[0]!;
      for (let i = 0; i < 12; i++) await lookup();
      assert.equal((await plans()).generic, 0, 'never analyzed: planned at every run');
      const done = await maintainOnce(m.pool);
      assert.deepEqual(done.map((d) => d.table).sort(), ['keys', 'orgs']);
      for (let i = 0; i < 12; i++) await lookup();
      const after = await plans();
      assert.ok(after.generic >= 5, `generic plans after the pass: ${after.generic}`);
    } finally {
      await m.close();
    }
  });

  test('a table never analyzed gets statistics though its change counters start at zero', async () => {
    // PGlite does not keep its change counters across restarts; pg_stat_reset() does the same.
    const m = await openEmptyPGlite({ maintenanceEveryMs: 3_600_000 });
    try {
      await m.exec(`create table still (id int primary key);
        insert into still select g from generate_series(1, 20) g;`);
      await m.exec('select pg_stat_reset()');
      const done = await maintainOnce(m.pool);
      assert.deepEqual(
        done.map((d) => [d.table, d.vacuum, d.analyze]),
        [['still', false, true]],
      );
      assert.equal((await stats(m, 'still')).reltuples, 20);
    } finally {
      await m.close();
    }
  });

  test('the pass runs by itself', async () => {
    const m = await openEmptyPGlite({ maintenanceEveryMs: 50 });
    await m.exec('create table later (id int primary key); insert into later values (1), (2);');
    const until = Date.now() + 10_000;
    while (!(await stats(m, 'later')).analyzed) {
      assert.ok(Date.now() < until, 'analyzed within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    await m.close();
  });
});
