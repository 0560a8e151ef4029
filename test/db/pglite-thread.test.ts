// test-database: pglite (it opens PGlite itself, whatever DATABASE_URL says; scripts/run-tests.mjs)
// PGlite runs on its own thread (src/db/pglite-worker.ts, src/db/pglite-pool.ts). What crosses
// between the threads must arrive as it would have from PGlite on the main thread: database
// errors with their fields, parameters serialized as PGlite serializes them (bytea from Buffers
// included), rows as PGlite parses them; a transaction must own the one connection; a dump must
// load; and a thread that dies must fail what is pending instead of leaving it hanging.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { openPGlite, type PGliteDatabase } from '../../src/db/database.ts';
import { executeMessages } from '../../src/db/pglite-wire.ts';
import { failedRequirement } from '../../src/db/require.ts';
import { isUniqueViolation, pgErrorCode } from '../../src/db/transaction.ts';
import { openEmptyPGlite } from '../helpers/empty-pglite.ts';

type AnyDB = Kysely<Record<string, never>>;

let database: PGliteDatabase;
let db: AnyDB;
before(async () => {
  database = await openEmptyPGlite({ maintenanceEveryMs: 3_600_000 });
  db = database.db as unknown as AnyDB;
  await database.exec(`create table t (id text primary key, n int8 check (n >= 0), b bytea, note text not null default '');
    create table d (id text primary key, at timestamptz, day date, big int8, tags text[], doc jsonb, raw bytea);
    create function fail_with(reason text) returns boolean language plpgsql as $$
      begin raise exception using errcode = 'DX001', message = reason, detail = 'the detail', hint = 'the hint'; end $$;`);
});
after(async () => {
  await database?.close();
});

/** The statement run enough times to be on every path: unnamed (twice), then named. */
const thrice = async <T>(f: () => Promise<T>): Promise<T[]> => [await f(), await f(), await f(), await f()];

describe('PGlite thread: errors', () => {
  test('a unique violation keeps its fields on every path', async () => {
    await sql`insert into t (id, n) values (${'dup'}, ${1})`.execute(db);
    const attempts = await thrice(() =>
      sql`insert into t (id, n) values (${'dup'}, ${2})`.execute(db).then(
        () => null,
        (err: unknown) => err,
      ),
    );
    for (const err of attempts) {
      assert.ok(err instanceof Error, 'an Error');
      assert.equal(pgErrorCode(err), '23505');
      assert.ok(isUniqueViolation(err, 't_pkey'));
      const e = err as unknown as Record<string, unknown>;
      assert.equal(e.constraint, 't_pkey');
      assert.equal(e.table, 't');
      assert.equal(e.schema, 'public');
      assert.equal(e.severity, 'ERROR');
      assert.equal(e.detail, 'Key (id)=(dup) already exists.');
      assert.match(err.message, /duplicate key value violates unique constraint "t_pkey"/);
    }
  });

  test('check and not-null violations, syntax errors and raised exceptions keep theirs', async () => {
    const check = await sql`insert into t (id, n) values (${'neg'}, ${-1})`
      .execute(db)
      .catch((e: unknown) => e);
    assert.equal(pgErrorCode(check), '23514');
    assert.equal((check as { constraint?: string }).constraint, 't_n_check');
    const notNull = await sql`insert into t (id, note) values (${'nn'}, ${null})`
      .execute(db)
      .catch((e: unknown) => e);
    assert.equal(pgErrorCode(notNull), '23502');
    assert.equal((notNull as { column?: string }).column, 'note');
    const syntax = await sql`selec 1`.execute(db).catch((e: unknown) => e);
    assert.equal(pgErrorCode(syntax), '42601');
    assert.equal((syntax as { position?: string }).position, '1');
    for (const err of await thrice(() =>
      sql`select fail_with(${'the reason'})`.execute(db).catch((e: unknown) => e),
    )) {
      assert.ok(failedRequirement(err, 'the reason'), 'code DX001 and the message as raised');
      assert.equal((err as { detail?: string }).detail, 'the detail');
      assert.equal((err as { hint?: string }).hint, 'the hint');
      assert.match(String((err as { where?: string }).where), /PL\/pgSQL function fail_with/);
    }
  });

  test('a failed script is rolled back and the connection goes on', async () => {
    const err = await database
      .exec(`begin; insert into t (id) values ('script'); insert into t (id) values ('script'); commit;`)
      .catch((e: unknown) => e);
    assert.equal(pgErrorCode(err), '23505');
    const rows = await sql`select id from t where id = ${'script'}`.execute(db);
    assert.equal(rows.rows.length, 0);
    await sql`insert into t (id) values (${'after-script'})`.execute(db);
  });
});

describe('PGlite thread: values', () => {
  test("an execution's messages are byte for byte PGlite's own", async () => {
    const { protocol } = await import('@electric-sql/pglite');
    const { serialize } = protocol;
    for (const [statement, values] of [
      ['docex_0', ['a', null, '', 'héllo wörld ✓ 𝄞', '12.50', 'x'.repeat(5000)]],
      ['', []],
      ['docex_199', [null, null]],
      // a bytea's bytes in binary format, as PGlite's own serializer writes a Buffer
      ['docex_3', ['a', Buffer.from([0, 1, 2, 127, 128, 255]), null, Buffer.alloc(0)]],
      ['docex_4', [Buffer.from(new Uint8Array(100_000).map((_, i) => i % 251))]],
    ] as Array<[string, Array<string | Buffer | null>]>) {
      const theirs = [
        serialize.bind({ statement, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ].flatMap((p) => [...p]);
      assert.deepEqual([...executeMessages(statement, values)], theirs);
    }
  });

  test('a large bytea crosses to the thread in binary and comes back whole, on every path', async () => {
    const big = new Uint8Array(1_500_000).map((_, i) => (i * 7) % 256);
    let i = 0;
    for (const value of await thrice(async () => Buffer.from(big))) {
      const id = `big${i++}`;
      await sql`insert into t (id, b) values (${id}, ${value})`.execute(db);
      const row = (
        await sql<{ b: Uint8Array; n: number }>`select b, length(b) as n from t where id = ${id}`.execute(db)
      ).rows[0];
      assert.equal(Number(row?.n), big.length);
      assert.ok(Buffer.from(row?.b ?? []).equals(Buffer.from(big)), 'the same bytes');
    }
  });

  test('bytea from Buffers and Uint8Arrays, and back as Uint8Array, on every path', async () => {
    const bytes = Buffer.from([0, 1, 2, 127, 128, 254, 255]);
    let i = 0;
    for (const value of [bytes, new Uint8Array(bytes), bytes, new Uint8Array(bytes), bytes]) {
      const id = `b${i++}`;
      await sql`insert into t (id, b) values (${id}, ${value})`.execute(db);
      const rows = await sql<{ b: Uint8Array }>`select b from t where id = ${id}`.execute(db);
      const b = rows.rows[0]?.b;
      assert.ok(b instanceof Uint8Array);
      assert.deepEqual([...b], [...bytes]);
    }
    // A Buffer bound to text is its UTF-8 text, as PGlite's serializer makes it (toString()).
    for (const _ of await thrice(async () => null)) {
      const res = await sql<{ v: string }>`select ${Buffer.from('héllo')}::text as v`.execute(db);
      assert.equal(res.rows[0]?.v, 'héllo');
    }
  });

  test('dates, int8, arrays, JSON and nulls round trip', async () => {
    const at = new Date('2026-11-23T10:00:00.123Z');
    let i = 0;
    for (const _ of await thrice(async () => null)) {
      const id = `d${i++}`;
      await sql`insert into d (id, at, day, big, tags, doc, raw)
        values (${id}, ${at}, ${'2026-02-28'}, ${2n ** 40n}, ${['a', 'b,c', 'd"e']}, ${JSON.stringify({ x: [1, 'y', null] })},
          ${null})`.execute(db);
      const row = (await sql<Record<string, unknown>>`select * from d where id = ${id}`.execute(db)).rows[0];
      assert.deepEqual(row, {
        id,
        at,
        day: '2026-02-28',
        big: 2 ** 40,
        tags: ['a', 'b,c', 'd"e'],
        doc: { x: [1, 'y', null] },
        raw: null,
      });
    }
    // A class instance crosses as its own serialization (toString), not as a plain object.
    class Amount {
      toString() {
        return '12.50';
      }
    }
    for (const _ of await thrice(async () => null)) {
      const res = await sql<{ v: string }>`select ${new Amount()}::numeric::text as v`.execute(db);
      assert.equal(res.rows[0]?.v, '12.50');
    }
  });
});

describe('PGlite thread: one connection', () => {
  test('a transaction owns the database: others wait, and do not share its fate', async () => {
    const events: string[] = [];
    let outside: Promise<unknown> | undefined;
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await sql`insert into t (id) values (${'in-tx'})`.execute(trx);
        // Issued while the transaction is open: must neither run inside it nor be rolled back.
        outside = sql`insert into t (id) values (${'outside'})`
          .execute(db)
          .then(() => events.push('outside done'));
        const seen = sql<{ id: string }>`select id from t where id in (${'in-tx'}, ${'outside'})`
          .execute(db)
          .then((r) => events.push(`outside saw ${r.rows.map((x) => x.id).join(',') || 'nothing'}`));
        await new Promise((r) => setTimeout(r, 50));
        events.push('transaction ends');
        void seen;
        throw new Error('roll back');
      }),
      /roll back/,
    );
    await outside;
    await new Promise((r) => setTimeout(r, 10));
    // The two outside statements are independent: either may run first, but only after the
    // transaction, and neither inside it.
    assert.equal(events[0], 'transaction ends');
    assert.equal(events.length, 3);
    assert.ok(!events.some((e) => e.includes('in-tx')), events.join('; '));
    const ids = (
      await sql<{ id: string }>`select id from t where id in (${'in-tx'}, ${'outside'})`.execute(db)
    ).rows;
    assert.deepEqual(
      ids.map((r) => r.id),
      ['outside'],
    );
  });

  test('concurrent transactions and statements each see a consistent database', async () => {
    await database.exec(`create table c (k int primary key, v int not null); insert into c values (1, 0);`);
    const bump = () =>
      db.transaction().execute(async (trx) => {
        const r = await sql<{ v: number }>`select v from c where k = ${1}`.execute(trx);
        await new Promise((res) => setImmediate(res));
        await sql`update c set v = ${(r.rows[0]?.v ?? 0) + 1} where k = ${1}`.execute(trx);
      });
    const reads = Array.from({ length: 20 }, () => sql`select v from c where k = ${1}`.execute(db));
    await Promise.all([...Array.from({ length: 30 }, bump), ...reads]);
    const v = (await sql<{ v: number }>`select v from c where k = ${1}`.execute(db)).rows[0]?.v;
    assert.equal(v, 30, 'no lost update: each read-modify-write owned the database');
  });

  test('callers reaching a statement’s named run at once all get answers', async () => {
    const runs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sql<{ v: number }>`select ${i}::int + ${1}::int as v`.execute(db)),
    );
    assert.deepEqual(
      runs.map((r) => r.rows[0]?.v),
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  test('a connection released inside its transaction is rolled back', async () => {
    const client = await database.pool.connect();
    await client.query('begin', []);
    await client.query('insert into t (id) values ($1)', ['abandoned']);
    client.release();
    const rows = (await sql<{ id: string }>`select id from t where id = ${'abandoned'}`.execute(db)).rows;
    assert.equal(rows.length, 0);
    await sql`insert into t (id) values (${'after-abandoned'})`.execute(db);
  });

  test('an empty transaction costs nothing and leaves nothing open', async () => {
    await db.transaction().execute(async () => {});
    await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => {
        await sql`insert into t (id) values (${'serializable'})`.execute(trx);
      });
    const level = await sql<{ l: string }>`select current_setting('transaction_isolation') as l`.execute(db);
    assert.equal(level.rows[0]?.l, 'read committed', 'the serializable transaction ended');
  });
});

describe('PGlite thread: dump, close and failure', () => {
  test('a dump loads into a new database', async () => {
    const src = await openEmptyPGlite({ maintenanceEveryMs: 3_600_000 });
    try {
      await src.exec(
        `create table kept (id int primary key, b bytea); insert into kept values (1, '\\x00ff');`,
      );
      const dump = await src.dump('gzip');
      assert.ok(dump.size > 1000);
      const copy = await openPGlite({ dataDir: null, loadDataDir: new Uint8Array(await dump.arrayBuffer()) });
      try {
        const rows = await sql<{ id: number; b: Uint8Array }>`select id, b from kept`.execute(
          copy.db as unknown as AnyDB,
        );
        assert.equal(rows.rows.length, 1);
        assert.deepEqual([...(rows.rows[0]?.b ?? [])], [0, 255]);
      } finally {
        await copy.close();
      }
    } finally {
      await src.close();
    }
  });

  test('after close, statements fail as closed', async () => {
    const m = await openEmptyPGlite({ maintenanceEveryMs: 3_600_000 });
    await m.close();
    await assert.rejects(sql`select 1`.execute(m.db as unknown as AnyDB), /closed/);
  });

  test('a thread that dies fails pending and later statements, and nothing hangs', {
    timeout: 30_000,
  }, async () => {
    const m = await openEmptyPGlite({ maintenanceEveryMs: 3_600_000 });
    const mdb = m.db as unknown as AnyDB;
    const pending = sql`select pg_sleep(0.3)`.execute(mdb);
    const queued = sql`select 1`.execute(mdb);
    await new Promise((r) => setTimeout(r, 50));
    await m.pool.thread.worker.terminate();
    for (const p of [pending, queued, sql`select 2`.execute(mdb)]) {
      await assert.rejects(p, /the embedded database's thread stopped/);
    }
    await m.close();
  });
});
