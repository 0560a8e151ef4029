// Statements compiled by concatenation (src/db/statement.ts): the text and parameters must be what
// Kysely's `sql` template gives for the same fragments, values must never reach the text, and the
// result must run on a real database with its parameters typed as PostgreSQL infers them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { compileStatement, ident, joinStatements, runStatement, stmt } from '../../src/db/statement.ts';
import { compileOnlyKysely } from '../helpers/compile-only.ts';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';

test('values become numbered parameters, nested statements are spliced in order', () => {
  const inner = stmt`replace(${'a@@x@@'}, ${'@@x@@'}, ${stmt`(select ${7})`})`;
  const s = stmt`select ${1}, ${inner} as ${ident('filled')}, ${null}`;
  assert.deepEqual(compileStatement(s), {
    text: 'select $1, replace($2, $3, (select $4)) as filled, $5',
    parameters: [1, 'a@@x@@', '@@x@@', 7, null],
  });
});

test('a statement of the same structure reuses its compiled text; a different structure never does', () => {
  // The same call sites in the same arrangement: one text object, fresh parameters.
  const build = (a: unknown, b: unknown, n: number) =>
    stmt`select ${a} from ${ident('t')} where x in (${joinStatements(
      Array.from({ length: n }, (_, i) => stmt`${i}::int`),
    )}) and y = ${b}`;
  const first = compileStatement(build(1, 'b', 2));
  const second = compileStatement(build(9, 'z', 2));
  assert.equal(first.text, 'select $1 from t where x in ($2::int, $3::int) and y = $4');
  assert.equal(second.text, first.text);
  assert.deepEqual(second.parameters, [9, 0, 1, 'z']);
  // Another count in the join, or a statement where a parameter stood, is another text.
  assert.equal(
    compileStatement(build(1, 'b', 3)).text,
    'select $1 from t where x in ($2::int, $3::int, $4::int) and y = $5',
  );
  assert.equal(
    compileStatement(build(stmt`now()`, 'b', 2)).text,
    'select now() from t where x in ($1::int, $2::int) and y = $3',
  );
  assert.equal(
    compileStatement(build(1, stmt`${'b'} || ${'c'}`, 2)).text,
    'select $1 from t where x in ($2::int, $3::int) and y = $4 || $5',
  );
  // A fragment holding a statement in one slot and a parameter in the next is told apart from
  // the reverse arrangement of the same fragments.
  const pair = (a: unknown, b: unknown) => stmt`f(${a}, ${b})`;
  assert.equal(compileStatement(pair(stmt`g()`, 1)).text, 'f(g(), $1)');
  assert.equal(compileStatement(pair(1, stmt`g()`)).text, 'f($1, g())');
});

test('the same fragments compile to the same text and parameters as Kysely', () => {
  const kyselyPg = compileOnlyKysely();
  const rows = ['r1', 'r2', 'r3'];
  const mine = compileStatement(
    stmt`insert into t (a, b) values ${joinStatements(rows.map((r, i) => stmt`(${r}, ${i})`))} returning ${ident('a')}`,
  );
  const kysely =
    sql`insert into t (a, b) values ${sql.join(rows.map((r, i) => sql`(${r}, ${i})`))} returning ${sql.raw('a')}`.compile(
      kyselyPg,
    );
  assert.equal(mine.text, kysely.sql);
  assert.deepEqual(mine.parameters, kysely.parameters);
});

test('joinStatements: separators are text, an empty list is empty text', () => {
  assert.deepEqual(compileStatement(joinStatements([stmt`${'x'}`, stmt`${'y'}`], ' and ')), {
    text: '$1 and $2',
    parameters: ['x', 'y'],
  });
  assert.deepEqual(compileStatement(stmt`(${joinStatements([])})`), { text: '()', parameters: [] });
});

test('ident takes plain lower-case identifiers only', () => {
  for (const bad of ['', 'A', '1a', 'a b', 'a;drop table x', 'a"', "a'", 'a-b', 'a.b']) {
    assert.throws(() => ident(bad), /not a plain SQL identifier/, bad);
  }
  assert.equal(compileStatement(ident('ok_1')).text, 'ok_1');
});

let t: TestDatabase;
before(async () => {
  t = await freshDatabase();
});
after(() => t.drop());

test('runs on the database: a value that looks like SQL stays a value', async () => {
  const evil = "x'); drop table organizations; --";
  const rows = await runStatement<{ v: string; n: number; d: boolean }>(
    t.database.db,
    stmt`select ${evil}::text as v, ${41}::int + 1 as n, ${true}::boolean as d`,
  );
  assert.deepEqual(rows, [{ v: evil, n: 42, d: true }]);
  // Named prepared statements (src/db/prepared.ts) reuse the text: run it past their threshold.
  for (let i = 0; i < 5; i++) {
    const again = await runStatement<{ v: string }>(t.database.db, stmt`select ${`v${i}`}::text as v`);
    assert.deepEqual(again, [{ v: `v${i}` }]);
  }
});

test('runs inside a transaction and rolls back with it', async () => {
  const id = `org_stmt_${Date.now()}`;
  await assert.rejects(
    t.database.db.transaction().execute(async (trx) => {
      await runStatement(trx, stmt`create temporary table stmt_probe (id text) on commit drop`);
      await runStatement(trx, stmt`insert into stmt_probe (id) values (${id})`);
      const seen = await runStatement<{ id: string }>(trx, stmt`select id from stmt_probe`);
      assert.deepEqual(seen, [{ id }]);
      throw new Error('roll back');
    }),
    /roll back/,
  );
  const after = await runStatement<{ n: number }>(
    t.database.db,
    stmt`select count(*)::int as n from pg_class where relname = 'stmt_probe'`,
  );
  assert.deepEqual(after, [{ n: 0 }]);
});
