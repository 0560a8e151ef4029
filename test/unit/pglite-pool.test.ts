// The PGlite pool runs a statement's third and later executions as a named prepared statement
// through PGlite's protocol (src/db/pglite-pool.ts). Every answer must be the one query() gives:
// the same rows and types, the same errors, and a session that stays usable after an error.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { type Database, openPGlite } from '../../src/db/database.ts';
import { pgErrorCode } from '../../src/db/transaction.ts';

let database: Database;
let db: Kysely<Record<string, never>>;
before(async () => {
  database = await openPGlite({ dataDir: null });
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
