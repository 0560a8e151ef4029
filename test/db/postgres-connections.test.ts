// A PostgreSQL connection ended by the server while the service holds it between statements (a
// transaction waiting on the service, an administrator's pg_terminate_backend) must fail that
// transaction, not the process; the pool then serves the next request on a fresh connection.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';

const POSTGRES = process.env.DATABASE_URL;
let tdb: TestDatabase | undefined;
before(async () => {
  if (POSTGRES) tdb = await freshDatabase();
});
after(async () => {
  await tdb?.drop();
});

test('a connection terminated mid-transaction fails the transaction, and the service goes on', {
  skip: POSTGRES ? false : 'needs DATABASE_URL (PostgreSQL)',
}, async () => {
  const db = tdb!.database.db;
  const admin = new pg.Client({ connectionString: tdb!.url! });
  await admin.connect();
  try {
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // the server's goodbye reaches the idle client before its next statement
        await new Promise((r) => setTimeout(r, 200));
        await sql`select 1`.execute(trx);
      }),
    );
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    assert.deepEqual(rows, [{ one: 1 }]);
  } finally {
    await admin.end();
  }
});
