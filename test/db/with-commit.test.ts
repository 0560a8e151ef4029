// A transaction's last statement marked to go with its COMMIT (src/db/with-commit.ts): on
// PostgreSQL it is held back and pipelined with the COMMIT (one write, one round trip); anywhere
// it commits with its transaction or, when it fails, nothing does.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { openPostgres } from '../../src/db/database.ts';
import { failedRequirement, requirement } from '../../src/db/require.ts';
import { runStatement, stmt } from '../../src/db/statement.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { WITH_COMMIT, withCommit } from '../../src/db/with-commit.ts';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { commitCutProxy } from '../helpers/faulty-proxy.ts';

const POSTGRES = process.env.DATABASE_URL;
let tdb: TestDatabase;
before(async () => {
  tdb = await freshDatabase();
  await sql`create table with_commit_probe (id text primary key, n int not null default 0)`.execute(
    tdb.database.db,
  );
});
after(async () => {
  await tdb.drop();
});

/** The marked statement: adds one to the probe row `id`, and fails unless that row exists. */
function bump(id: string) {
  return withCommit(stmt`with done as (update with_commit_probe set n = n + 1 where id = ${id} returning 1)
    select ${requirement(stmt`exists (select from done)`, 'probe_missing')}`);
}

async function probe(id: string): Promise<number | null> {
  const { rows } = await sql<{ n: number }>`select n from with_commit_probe where id = ${id}`.execute(
    tdb.database.db,
  );
  return rows[0]?.n ?? null;
}

test('a marked statement commits with its transaction', async () => {
  for (let i = 0; i < 4; i++) {
    // four times: the text is named (prepared) from its third run on
    const id = `ok_${i}`;
    await inTransaction(tdb.database.db, async (trx) => {
      await sql`insert into with_commit_probe (id) values (${id})`.execute(trx);
      await runStatement(trx, bump(id));
    });
    assert.equal(await probe(id), 1);
  }
});

test('a marked statement that fails commits nothing, and the pool goes on', async () => {
  for (let i = 0; i < 4; i++) {
    const err = await inTransaction(tdb.database.db, async (trx) => {
      await sql`insert into with_commit_probe (id) values (${`effect_${i}`})`.execute(trx);
      await runStatement(trx, bump(`absent_${i}`));
    }).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(failedRequirement(err, 'probe_missing'), `the statement's own failure: ${String(err)}`);
    assert.equal(await probe(`effect_${i}`), null, 'the effect did not commit');
  }
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(tdb.database.db);
  assert.deepEqual(rows, [{ one: 1 }]);
});

test('a statement after a marked one sees it (the order they were written in)', async () => {
  const n = await inTransaction(tdb.database.db, async (trx) => {
    await sql`insert into with_commit_probe (id) values ('ordered')`.execute(trx);
    await runStatement(trx, bump('ordered'));
    const { rows } = await sql<{ n: number }>`select n from with_commit_probe where id = 'ordered'`.execute(
      trx,
    );
    return rows[0]?.n;
  });
  assert.equal(n, 1);
  assert.equal(await probe('ordered'), 1);
});

test('a transaction that rolls back drops its marked statement', async () => {
  await sql`insert into with_commit_probe (id) values ('dropped')`.execute(tdb.database.db);
  await assert.rejects(
    inTransaction(tdb.database.db, async (trx) => {
      await runStatement(trx, bump('dropped'));
      throw new Error('the handler failed');
    }),
    /the handler failed/,
  );
  assert.equal(await probe('dropped'), 0);
});

test('outside a transaction a marked statement runs at once', async () => {
  await sql`insert into with_commit_probe (id) values ('alone')`.execute(tdb.database.db);
  await runStatement(tdb.database.db, bump('alone'));
  assert.equal(await probe('alone'), 1);
  await assert.rejects(runStatement(tdb.database.db, bump('alone_absent')), (err: unknown) =>
    failedRequirement(err, 'probe_missing'),
  );
});

test('on PostgreSQL the COMMIT leaves with the marked statement, before its answer', {
  skip: POSTGRES ? false : 'needs DATABASE_URL (PostgreSQL)',
}, async () => {
  const proxy = await commitCutProxy(new URL(tdb.url!));
  const database = await openPostgres(proxy.url, 2);
  try {
    for (let i = 0; i < 4; i++) {
      const id = `piped_${i}`;
      const log = proxy.record();
      await inTransaction(database.db, async (trx) => {
        await sql`insert into with_commit_probe (id) values (${id})`.execute(trx);
        await runStatement(trx, bump(id));
      });
      assert.equal(await probe(id), 1);
      // The insert's answer came back before the marked statement left; no answer between the
      // marked statement's Execute and the COMMIT: one write, one round trip.
      const execs = log.flatMap((m, at) => (m === 'F:E' ? [at] : []));
      const marked = execs[1];
      const commit = log.findIndex((m) => /^F:Q:commit$/i.test(m));
      assert.ok(marked !== undefined && commit > marked, log.join(' '));
      assert.deepEqual(
        log.slice(marked, commit).filter((m) => m.startsWith('B:')),
        [],
        log.join(' '),
      );
      if (i === 0)
        assert.ok(
          log.some((m) => m.startsWith(`F:P:${WITH_COMMIT}`)),
          'sent with parameters',
        );
      assert.ok(log.includes('B:C:COMMIT'), log.join(' '));
    }
    // A failed marked statement: PostgreSQL answers the COMMIT after it with ROLLBACK, no error;
    // the statement's error is what the caller gets, and nothing committed.
    const log = proxy.record();
    const err = await inTransaction(database.db, async (trx) => {
      await sql`insert into with_commit_probe (id) values ('piped_lost')`.execute(trx);
      await runStatement(trx, bump('piped_absent'));
    }).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(failedRequirement(err, 'probe_missing'), String(err));
    assert.ok(log.includes('B:C:ROLLBACK'), log.join(' '));
    assert.equal(await probe('piped_lost'), null);
  } finally {
    await database.close();
    await proxy.close();
  }
});

// A transaction's BEGIN is held back and sent with its first statement (src/db/database.ts):
// one network write and one round trip where there were two.
test("on PostgreSQL the BEGIN leaves with the first statement, and the statement is the transaction's", {
  skip: POSTGRES ? false : 'needs DATABASE_URL (PostgreSQL)',
}, async () => {
  const proxy = await commitCutProxy(new URL(tdb.url!));
  // One connection: every transaction below runs on the same one, after the one before.
  const database = await openPostgres(proxy.url, 1);
  try {
    // No answer between the BEGIN and the first statement's Execute: one write, one round trip.
    let log = proxy.record();
    await inTransaction(database.db, async (trx) => {
      // A parameter: the extended protocol, as docex's statements are sent.
      await sql`insert into with_commit_probe (id) values (${'begun'})`.execute(trx);
    });
    const begin = log.findIndex((m) => /^F:Q:begin$/i.test(m));
    const exec = log.indexOf('F:E');
    assert.ok(begin >= 0 && exec > begin, log.join(' '));
    assert.deepEqual(
      log.slice(begin, exec).filter((m) => m.startsWith('B:')),
      [],
      log.join(' '),
    );
    assert.ok(log.includes('B:C:BEGIN') && log.includes('B:C:COMMIT'), log.join(' '));
    assert.equal(await probe('begun'), 0);

    // The first statement runs inside the transaction: rolled back with it.
    await assert.rejects(
      inTransaction(database.db, async (trx) => {
        await sql`insert into with_commit_probe (id) values ('begun_undone')`.execute(trx);
        throw new Error('the handler failed');
      }),
      /the handler failed/,
    );
    assert.equal(await probe('begun_undone'), null);

    // An isolation level goes with its BEGIN, before the statement.
    const level = await inTransaction(
      database.db,
      async (trx) => {
        const { rows } = await sql<{
          level: string;
        }>`select current_setting('transaction_isolation') as level`.execute(trx);
        return rows[0]?.level;
      },
      { isolation: 'serializable' },
    );
    assert.equal(level, 'serializable');

    // The first statement's failure is the caller's error; the connection goes on.
    await assert.rejects(
      inTransaction(database.db, async (trx) => {
        await sql`insert into with_commit_probe (id) values ('begun')`.execute(trx);
      }),
      (err: unknown) => (err as { code?: string }).code === '23505',
    );
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    assert.deepEqual(rows, [{ one: 1 }]);

    // A transaction that ran no statement sends nothing at all, committed or rolled back.
    log = proxy.record();
    await inTransaction(database.db, async () => 'nothing');
    await assert.rejects(
      inTransaction(database.db, async () => {
        throw new Error('before any statement');
      }),
      /before any statement/,
    );
    assert.deepEqual(log, []);
  } finally {
    await database.close();
    await proxy.close();
  }
});
