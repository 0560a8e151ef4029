// The embedded database's own thread (worker_threads): PGlite runs here, docex's JavaScript on the
// main thread, so the two overlap on two cores instead of adding up on one. Measured before (issue
// 9, bench/README.md): 55 % of the saturated main thread was inside PGlite. The main thread's side
// is src/db/pglite-pool.ts; the messages are src/db/pglite-messages.ts.
//
// Requests run one at a time, in arrival order, except that while a session owns the database (it
// is inside a transaction, or asked to hold it) other sessions' requests wait here: a transaction
// owns the one connection until it commits or rolls back, as with the mutex on the main thread
// before. Waiting here rather than on the main thread keeps this thread busy: the next request is
// already queued when one finishes, instead of waiting for the main thread's event loop (saturated
// under load) to see the answer, release and send the next. Measured on the bench's pglite-create
// (3 interleaved pairs of 10 s runs, load average ~7): with a mutex on the main thread as well,
// 190, 217, 193 creates/s; queued here only, 118, 361, 336/s.
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Results } from '@electric-sql/pglite';
import { byteaFromText, byteaToText, OID_BYTEA } from './pglite-bytea.ts';
import {
  type DumpCompression,
  errorFields,
  type Reply,
  type Request,
  type Row,
  type Started,
  type ToThread,
} from './pglite-messages.ts';
import { LIFTOFF_ONLY_FLAG, type PGliteSettings, startParams } from './pglite-settings.ts';

export interface ThreadOptions {
  dataDir: string | null;
  /** a dump (dumpDataDir) to start from */
  load: Uint8Array | null;
  settings: PGliteSettings;
}

const OID_INT8 = 20;
const OID_DATE = 1082;

const port = parentPort;
if (!port) throw new Error('src/db/pglite-worker.ts runs as a worker thread');
const opts = workerData as ThreadOptions;

// Before PGlite's module is compiled (src/db/pglite-settings.ts: LIFTOFF_ONLY_FLAG).
if (opts.settings.liftoffOnly) setFlagsFromString(LIFTOFF_ONLY_FLAG);
const { PGlite: Engine, protocol, parse } = await import('@electric-sql/pglite');
const { serialize } = protocol;
// pg_trgm serves `q=` on the documents list from trigram indexes (migration 0023), as on PostgreSQL.
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');

let pg: PGlite;
try {
  pg = await Engine.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.load ? { loadDataDir: new Blob([opts.load]) } : {}),
    extensions: { pg_trgm },
    // shared_buffers and the rest: src/db/pglite-settings.ts says why.
    startParams: startParams(Engine.defaultStartParams, opts.settings),
    // int8 as a JS number, dates as 'YYYY-MM-DD' strings (as src/db/database.ts's pg types).
    parsers: {
      [OID_INT8]: (v: string) => Number(v),
      [OID_DATE]: (v: string) => v,
      [OID_BYTEA]: byteaFromText,
    },
    // The values query() is handed as they are (pglite-pool.ts's clonesExactly) are serialized
    // here: bytea as the main thread does it.
    serializers: { [OID_BYTEA]: byteaToText },
  });
} catch (err) {
  port.postMessage({ started: false, error: errorFields(err) } satisfies Started);
  throw err;
}
// The array types PGlite registered serializers for (its _initArrayTypes), so the main thread
// serializes parameters exactly as PGlite would.
const arrayTypes = await pg.query<{ oid: number; typarray: number }>(
  `select b.oid, b.typarray from pg_catalog.pg_type a
   left join pg_catalog.pg_type b on b.oid = a.typelem
   where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`,
);
port.postMessage({
  started: true,
  arrayTypes: arrayTypes.rows.map((r) => [r.oid, r.typarray] as [number, number]),
} satisfies Started);

/** Named statements' texts (kept across a replan) and which are prepared in the session now. */
const texts = new Map<string, string>();
const prepared = new Map<string, number[]>();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function describe(name: string, text: string): Promise<number[]> {
  const messages = await pg.execProtocolStream(
    concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
  );
  const params = messages.find((m) => m.name === 'parameterDescription') as
    | { dataTypeIDs: number[] }
    | undefined;
  return params?.dataTypeIDs ?? [];
}

/** Prepares `name` unless it is (two sessions may both ask before either has the answer). */
async function prepare(name: string, text: string): Promise<number[]> {
  texts.set(name, text);
  const known = prepared.get(name);
  if (known) return known;
  const types = await describe(name, text);
  prepared.set(name, types);
  return types;
}

// One protocol call per execution: bind, describe, execute and sync in one buffer (an error
// anywhere is followed by the sync in the same call, so the session never waits for one). Measured
// in session 4 (bench/README.md item 9): the create statement 7.3 → 3.5 ms against query().
async function run(name: string | null, text: string | null, execute: Uint8Array) {
  let message = execute;
  if (name === null) message = concat([serialize.parse({ text: text ?? '' }), execute]);
  else if (!prepared.has(name)) {
    const known = text ?? texts.get(name);
    if (known === undefined) throw new Error(`statement ${name} was never prepared`);
    await prepare(name, known);
  }
  const messages = await pg.execProtocolStream(message);
  return parse.parseResults(messages, pg.parsers)[0] as Results<Row>;
}

// Statements without parameters (commit, rollback, a deferred begin, maintenance's reads) go as a
// simple Query, one protocol call, as pg sends them to PostgreSQL. Measured alone on PGlite (3,000
// runs, CPU): begin + commit 61-68 µs this way against 224-259 µs through query() (parse,
// describe, bind, describe, execute and sync as five calls); `select 1` 82-97 against 198-363 µs.
async function simple(text: string): Promise<Results<Row>> {
  const results = parse.parseResults(await pg.execProtocolStream(serialize.query(text)), pg.parsers);
  return results[results.length - 1] as Results<Row>;
}

const done = (rows: Row[] = [], affectedRows = 0) => ({ ok: true as const, rows, affectedRows });

async function handle(req: Request): Promise<Omit<Reply & { ok: true }, 'id' | 'holds'>> {
  switch (req.op) {
    case 'prepare':
      return { ...done(), types: await prepare(req.name, req.text) };
    case 'describe':
      return { ...done(), types: await describe('', req.text) };
    case 'run': {
      if (req.begin !== null) await simple(req.begin);
      const res = await run(req.name, req.text, req.execute);
      return done(res.rows, res.affectedRows ?? 0);
    }
    case 'query': {
      if (req.begin !== null) await simple(req.begin);
      const res =
        req.values.length === 0 ? await simple(req.text) : await pg.query<Row>(req.text, req.values);
      return done(res.rows, res.affectedRows ?? 0);
    }
    case 'exec':
      try {
        await pg.exec(req.text);
      } catch (err) {
        // A failed script may leave its transaction open; close it before anyone else queries.
        if (req.rollback) await pg.exec('rollback').catch(() => {});
        throw err;
      }
      return done();
    case 'replan':
      prepared.clear();
      await pg.exec('deallocate all');
      return done();
    case 'dump': {
      const blob = await pg.dumpDataDir(req.compression as DumpCompression);
      return { ...done(), dump: await blob.arrayBuffer() };
    }
    case 'close':
      await pg.close();
      return done();
    default:
      throw new Error(`unknown request ${JSON.stringify((req as { op?: unknown }).op)}`);
  }
}

/** The session owning the database (inside a transaction, or holding it), or null. */
let owner: number | null = null;
let closed = false;
const queue: ToThread[] = [];
let pumping = false;

/** Whether `session` keeps the database after its request. */
function holds(req: Request): boolean {
  return !closed && (req.hold || pg.isInTransaction());
}

async function pump(): Promise<void> {
  pumping = true;
  try {
    for (;;) {
      const at = owner === null ? 0 : queue.findIndex((r) => r.session === owner);
      if (at < 0 || queue.length === 0) return;
      const req = queue.splice(at, 1)[0] as ToThread;
      if (req.op === 'release') {
        if (owner !== req.session) continue;
        owner = null;
        // A session ended inside its transaction (never committed): roll it back, as a pool
        // would discard the connection.
        if (!closed && pg.isInTransaction()) await pg.exec('rollback').catch(() => {});
        continue;
      }
      let reply: Reply;
      try {
        if (closed) throw new Error('the embedded database is closed');
        const res = await handle(req);
        if (req.op === 'close') closed = true;
        reply = { id: req.id, holds: holds(req), ...res };
      } catch (err) {
        reply = { id: req.id, holds: holds(req), ok: false, error: errorFields(err) };
      }
      owner = reply.holds ? req.session : null;
      if (reply.ok && reply.dump) port?.postMessage(reply, [reply.dump]);
      else port?.postMessage(reply);
      if (closed) {
        port?.close();
        return;
      }
    }
  } finally {
    pumping = false;
  }
}

port.on('message', (msg: ToThread) => {
  // A release of a session that does not own the database has nothing to undo (the main thread
  // sends it after the session's last answer, only when that answer said it holds the database).
  if (msg.op === 'release' && msg.session !== owner) return;
  queue.push(msg);
  if (!pumping) void pump();
});
