// Query templates (src/db/query-template.ts): compiled once, each run puts its arguments in their
// places, and a template that would let an argument shape the text is refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { QueryTemplate } from '../../src/db/query-template.ts';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';

let t: TestDatabase;
before(async () => {
  t = await freshDatabase();
  const at = new Date();
  await t.database.db
    .insertInto('organizations')
    .values([
      {
        id: 'org_tplA',
        name: 'Alpha',
        environment: 'live',
        verified: false,
        processor_connected: false,
        demo: false,
        created_at: at,
      },
      {
        id: 'org_tplB',
        name: "B'eta \\ \u00e9",
        environment: 'live',
        verified: false,
        processor_connected: false,
        demo: false,
        created_at: at,
      },
    ])
    .execute();
});
after(() => t.drop());

test('each run gets its own arguments, an argument used twice fills both places', async () => {
  let builds = 0;
  const byIdOrName = new QueryTemplate(2, (db, id: string, name: string) => {
    builds++;
    return db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('id', '=', id), eb('name', '=', name), eb('id', '=', name)]))
      .orderBy('id');
  });
  assert.deepEqual(await byIdOrName.execute(t.database.db, 'org_tplA', 'nobody'), [
    { id: 'org_tplA', name: 'Alpha' },
  ]);
  assert.deepEqual(await byIdOrName.execute(t.database.db, 'org_none', "B'eta \\ \u00e9"), [
    { id: 'org_tplB', name: "B'eta \\ \u00e9" },
  ]);
  assert.deepEqual(await byIdOrName.execute(t.database.db, 'org_tplA', 'org_tplB'), [
    { id: 'org_tplA', name: 'Alpha' },
    { id: 'org_tplB', name: "B'eta \\ \u00e9" },
  ]);
  assert.equal(builds, 1, 'built and compiled once');
});

test('constants of the query stay in place beside the arguments', async () => {
  const named = new QueryTemplate(1, (db, id: string) =>
    db.selectFrom('organizations').select(['id']).where('name', '=', 'Alpha').where('id', '=', id),
  );
  assert.deepEqual(await named.execute(t.database.db, 'org_tplA'), [{ id: 'org_tplA' }]);
  assert.deepEqual(await named.execute(t.database.db, 'org_tplB'), []);
});

test('runs inside a transaction', async () => {
  const byId = new QueryTemplate(1, (db, id: string) =>
    db.selectFrom('organizations').select(['name']).where('id', '=', id),
  );
  const seen = await t.database.db.transaction().execute((trx) => byId.execute(trx, 'org_tplA'));
  assert.deepEqual(seen, [{ name: 'Alpha' }]);
});

test('refuses a template that does not use an argument, or writes one into the text', async () => {
  const unused = new QueryTemplate(2, (db, id: string, _other: string) =>
    db.selectFrom('organizations').select(['id']).where('id', '=', id),
  );
  await assert.rejects(unused.execute(t.database.db, 'a', 'b'), /use each argument as a parameter/);
  const inText = new QueryTemplate(1, (db, id: string) =>
    db
      .selectFrom('organizations')
      .select(['id'])
      .where('id', '=', id)
      .where(sql<boolean>`${sql.raw(`'${id}'`)} is not null`),
  );
  await assert.rejects(inText.execute(t.database.db, 'a'), /reached the text/);
});
