// Issue 46 item 3: a PostgreSQL that ends a connection in the very read that hands it over (the
// server's AuthenticationOk and ReadyForQuery, then FATAL 57P01 as a restart or a failover begins)
// must fail that checkout's statement, not the process. pg-pool stops listening for the client's
// errors when it hands the client over, and docex's own listener used to be attached only after
// `pool.connect()` resumed, one microtask too late: "Unhandled 'error' event". A fake server
// speaking the wire protocol on loopback makes the timing exact.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { openPostgres } from '../../src/db/database.ts';
import { survivable } from '../../src/db/escaped-errors.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { untilDatabaseAnswers } from '../../src/db/wait-for-database.ts';

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = message('Z', Buffer.from('I'));
const adminShutdown = message(
  'E',
  Buffer.from('SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0', 'latin1'),
);

let server: net.Server;
let port = 0;
let connections = 0;
before(async () => {
  server = net.createServer((socket) => {
    socket.on('error', () => {});
    // The startup message (no SSL request: the URL asks for none) is answered in one write.
    socket.once('data', () => {
      connections++;
      socket.end(Buffer.concat([authenticationOk, readyForQuery, adminShutdown]));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});
after(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

test('a connection terminated in the read that hands it over fails its statement as unavailable; the process lives', async () => {
  const database = await openPostgres(`postgres://docex@127.0.0.1:${port}/docex?sslmode=disable`, 2);
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  process.on('uncaughtException', onUncaught);
  try {
    for (let i = 0; i < 3; i++) {
      const err = await sql`select 1`.execute(database.db).then(
        () => null,
        (e: unknown) => e,
      );
      assert.ok(err, 'the statement on a terminated connection fails');
      assert.equal(isDatabaseUnavailable(err), true, `answered as 503 unavailable: ${String(err)}`);
    }
    // The migration client (exec) the same way.
    const execErr = await database.exec('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    assert.equal(isDatabaseUnavailable(execErr), true, String(execErr));
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(uncaught, [], 'no error escaped to the process');
    assert.ok(connections >= 4, 'each attempt had a new connection (the dead ones were discarded)');
  } finally {
    process.removeListener('uncaughtException', onUncaught);
    await database.close();
  }
});

test('the last line of defence: a database outage that reached no handler is logged and survived, anything else is not', () => {
  const logged: string[] = [];
  const log = { error: (_obj: object, msg: string) => logged.push(msg) };
  const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
  assert.equal(survivable(log, terminated, 'uncaughtException'), true);
  assert.equal(survivable(log, new Error('Connection terminated unexpectedly'), 'unhandledRejection'), true);
  assert.equal(logged.length, 2);
  assert.equal(survivable(log, new TypeError('x is undefined'), 'uncaughtException'), false);
  assert.equal(survivable(log, Object.assign(new Error('duplicate key'), { code: '23505' }), 'x'), false);
  assert.equal(logged.length, 2, 'a bug is not logged as survived');
});

test('a start step is run again while the database is away (logged at once), and not when it fails otherwise', async () => {
  const warnings: string[] = [];
  const infos: string[] = [];
  const log = {
    warn: (_o: object, msg: string) => warnings.push(msg),
    info: (_o: object, msg: string) => infos.push(msg),
  };
  let calls = 0;
  const result = await untilDatabaseAnswers(log, 'migrations', async () => {
    calls++;
    if (calls < 3)
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    return 'done';
  });
  assert.equal(result, 'done');
  assert.equal(calls, 3);
  assert.equal(warnings.length, 1, 'one line for the streak, not one per retry');
  assert.match(warnings[0]!, /waiting for the database \(migrations\)/);
  assert.match(infos[0]!, /the database answers/);
  const broken = Object.assign(new Error('syntax error at or near "x"'), { code: '42601' });
  let tries = 0;
  await assert.rejects(
    untilDatabaseAnswers(log, 'migrations', async () => {
      tries++;
      throw new Error('migration 0001_x failed: syntax error', { cause: broken });
    }),
    /syntax error/,
  );
  assert.equal(tries, 1, 'a broken migration ends the start at once');
});
