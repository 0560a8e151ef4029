// PGlite on its own thread (src/db/pglite-worker.ts), seen from the main thread as a pool for
// Kysely's PostgresDialect. PGlite has one connection: a session that begins a transaction owns it
// until it commits or rolls back (the thread holds other sessions' statements meanwhile), as the
// mutex here did when PGlite ran on this thread.
//
// Why a thread (issue 9, bench/README.md): on the main thread PGlite's CPU and docex's JavaScript
// added up on one core (55 % of the saturated thread was inside PGlite); on its own thread they
// overlap on two. A round trip to the thread costs 12-14 µs of CPU on each side (20,000 round trips
// of a create's answer, measured on the loaded machine), against ~1 ms of PGlite per create.
// Measured on the bench's pglite-create (7 interleaved pairs of 10 s runs, load averages 4-8 on
// the 2 cores): ~200 → ~355 creates/s (medians), docex's CPU per create ~3.7 → ~2.7 ms (all
// threads; PGlite's thread 1.2-1.6 ms of it, the main thread 0.8-1.2 ms).
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { startThread } from '../lib/thread-entry.ts';
import { byteaToText, OID_BYTEA } from './pglite-bytea.ts';
import {
  type DumpCompression,
  type FromThread,
  type Release,
  type Reply,
  type Request,
  type Row,
  rebuildError,
  type Started,
  type TextParams,
} from './pglite-messages.ts';
import { executeMessages } from './pglite-wire.ts';
import type { ThreadOptions } from './pglite-worker.ts';
import { PreparedStatements } from './prepared.ts';

type Serializer = (x: unknown) => string;
type Sent = Request extends infer R
  ? R extends Request
    ? Omit<R, 'id' | 'session' | 'hold'>
    : never
  : never;
type Answer = Reply & { ok: true };

/** The thread, as messages: requests answered in order, and a crash failing every pending one. */
export class PGliteThread {
  readonly worker: Worker;
  /** requests sent and not answered yet, by id */
  readonly #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (err: Error) => void }>();
  #next = 1;
  #sessions = 1;
  /** why the thread is gone: every request fails with it from then on */
  #gone: Error | null = null;
  #closing = false;
  #failure: Error | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (msg: FromThread) => {
      if (!('id' in msg)) return;
      const pending = this.#pending.get(msg.id);
      this.#pending.delete(msg.id);
      // No request in flight: the thread must not keep the process alive (PGlite on the main
      // thread never did; `docex migrate` and the tests end when their work does).
      if (this.#pending.size === 0) worker.unref();
      pending?.resolve(msg);
    });
    worker.on('error', (err) => {
      this.#failure = err;
    });
    worker.on('exit', (code) => {
      const cause = this.#failure ? `: ${this.#failure.message}` : '';
      this.#gone = this.#closing
        ? new Error('the embedded database is closed')
        : new Error(`the embedded database's thread stopped (exit code ${code})${cause}`, {
            cause: this.#failure ?? undefined,
          });
      for (const { reject } of this.#pending.values()) reject(this.#gone);
      this.#pending.clear();
    });
  }

  /** Starts the thread and waits until its database is open. */
  static async start(
    opts: ThreadOptions,
  ): Promise<{ thread: PGliteThread; arrayTypes: Array<[number, number]> }> {
    // The dump (a few MB) is handed over, not copied: `opts.load` must own its whole buffer.
    const transfer = opts.load ? [opts.load.buffer as ArrayBuffer] : [];
    const worker = spawn(opts, transfer);
    const thread = new PGliteThread(worker);
    let onMessage: ((msg: FromThread) => void) | undefined;
    const started = await new Promise<Started>((resolve, reject) => {
      onMessage = (msg) => {
        if ('started' in msg) resolve(msg);
      };
      worker.on('message', onMessage);
      worker.once('exit', () => reject(thread.#gone));
    }).finally(() => {
      if (onMessage) worker.off('message', onMessage);
    });
    if (!started.started) {
      await worker.terminate();
      throw rebuildError(started.error);
    }
    worker.unref();
    return { thread, arrayTypes: started.arrayTypes };
  }

  /** A new session id: requests of one session run in order, and it may own the database. */
  session(): number {
    return this.#sessions++;
  }

  request(req: Sent, session: number, hold: boolean): Promise<Reply> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#next++;
    return new Promise<Reply>((resolve, reject) => {
      if (this.#pending.size === 0) this.worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id, session, hold } as Request, handedOver(req));
    });
  }

  release(session: number): void {
    if (!this.#gone) this.worker.postMessage({ op: 'release', session } satisfies Release);
  }

  /** Closes the database (its own request, after those before it), then ends the thread. */
  async close(request: () => Promise<unknown>): Promise<void> {
    this.#closing = true;
    if (this.#gone) return;
    try {
      await request();
    } finally {
      await this.worker.terminate();
    }
  }
}

/** Smaller messages are copied: a copy costs less than detaching their buffer. */
const HAND_OVER_BYTES = 64 * 1024;

/**
 * A large Bind message (a file's bytes among its parameters) handed to the database thread
 * instead of copied, when it owns its whole buffer (executeMessages allocates each on its own;
 * a small one shares Node's pool, which must not move).
 */
function handedOver(req: Sent): ArrayBuffer[] {
  const m = 'execute' in req ? req.execute : undefined;
  if (!(m instanceof Uint8Array) || m.byteLength < HAND_OVER_BYTES) return [];
  const whole = m.byteOffset === 0 && m.buffer.byteLength === m.byteLength;
  return whole && m.buffer instanceof ArrayBuffer ? [m.buffer] : [];
}

/**
 * The young generation of the database thread, MB: 8 against the 64 it inherited kept its heap at
 * 26-28 MB instead of ~80 under the bench's pglite-create load, for the same CPU a create
 * (1.36-1.53 against 1.42-1.78 ms; bench/RESULTS.md, "PGlite memory").
 */
const THREAD_YOUNG_GENERATION_MB = 8;

/** The database thread (its entry from dist/ or the source: src/lib/thread-entry.ts). */
function spawn(workerData: ThreadOptions, transferList: ArrayBuffer[]): Worker {
  // The database thread's own JavaScript is small (PGlite's glue and the messages to this thread),
  // but V8 lets the process's --max-semi-space-size win over a thread's resourceLimits, so the
  // flag the service starts with (32, sized for the main thread: src/lib/heap.ts) gave this thread
  // a 64 MB young generation that it never needed and kept committed. Setting the flag back to V8's
  // "not given" (0) lets resourceLimits decide; isolates created earlier (the main one) keep what
  // they were created with.
  setFlagsFromString('--max-semi-space-size=0');
  const options = {
    workerData,
    transferList,
    resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
  };
  return startThread(import.meta.url, 'pglite-worker', options);
}

/** The work of one Kysely connection (or one exclusive() call, or one script). */
interface Session {
  id: number;
  /** keep the database between requests (exclusive()) */
  hold: boolean;
  /** the thread's last answer said this session owns the database */
  holds: boolean;
  /** a `begin` not sent yet: it goes with the session's next statement */
  begin: string | null;
}

/** Statements of the one connection, as maintenance and tests use it (src/db/pglite-maintenance.ts). */
export interface Queryable {
  query<R = Row>(text: string): Promise<{ rows: R[] }>;
  exec(text: string): Promise<void>;
}

const BEGIN = /^\s*(?:begin|start\s+transaction)\b[^;]*$/i;
const END = /^\s*(?:commit|rollback)\s*$/i;
const NOTHING = { rows: [] as Row[], affectedRows: 0 };

function commandOf(sql: string): string {
  // Kysely only reads the command to decide whether numAffectedRows applies.
  const m = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)/i.exec(sql);
  return m?.[1]?.toUpperCase() ?? 'SELECT';
}

/**
 * True when structured clone hands PGlite the same value (so PGlite may serialize it on its
 * thread): primitives, Dates, plain Uint8Arrays, and arrays and plain objects of those. A Buffer
 * arrives as a Uint8Array (whose toString differs), a class instance as a plain object (its
 * toString, toJSON and methods gone): those are serialized here instead.
 */
function clonesExactly(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  const t = typeof v;
  if (t !== 'object') return t !== 'function' && t !== 'symbol';
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Date.prototype || proto === Uint8Array.prototype) return true;
  if (proto === Array.prototype) return (v as unknown[]).every(clonesExactly);
  if (proto === Object.prototype || proto === null) return Object.values(v as object).every(clonesExactly);
  return false;
}

// Frequent statements run as named prepared statements, each execution one request to the thread
// and one protocol call there (src/db/pglite-worker.ts). PGlite's query() makes five protocol
// calls per statement and parses, analyses and plans the text every time; measured (issue 9,
// bench/README.md item 9) on the document-create statement: planning 0.85-1.0 ms beside 1.2 ms of
// execution. Parameters are serialized here, with PGlite's own serializers for the types the
// statement was prepared with, exactly as PGlite would on its thread.
export class PGlitePool implements PostgresPool {
  readonly thread: PGliteThread;
  readonly #serializers: Record<number, Serializer>;
  readonly #prepared = new PreparedStatements();
  /** parameter types of each named statement (unchanged by a replan: the text decides them) */
  readonly #types = new Map<string, number[]>();
  #ended = false;
  #checkedOut = 0;

  constructor(thread: PGliteThread, serializers: Record<number, Serializer>) {
    this.thread = thread;
    this.#serializers = serializers;
  }

  #session(hold = false): Session {
    return { id: this.thread.session(), hold, holds: false, begin: null };
  }

  async #send(s: Session, req: Sent): Promise<Answer> {
    const reply = await this.thread.request(req, s.id, s.hold);
    s.holds = reply.holds;
    if (!reply.ok) throw rebuildError(reply.error);
    return reply;
  }

  #release(s: Session): void {
    s.begin = null;
    if (s.holds) this.thread.release(s.id);
    s.holds = false;
  }

  #serialize(values: readonly unknown[], types: number[]): TextParams {
    return values.map((v, i) => {
      if (v === null || v === undefined) return null;
      // Its bytes, sent in binary format (executeMessages), not hex text.
      if (types[i] === OID_BYTEA && v instanceof Uint8Array) return v;
      const serializer = this.#serializers[types[i] ?? 0];
      return serializer ? serializer(v) : String(v);
    });
  }

  async #query(
    s: Session,
    text: string,
    values: readonly unknown[],
  ): Promise<{ rows: Row[]; affectedRows: number }> {
    if (values.length === 0) {
      // Kysely sends begin, each statement and commit as separate queries. A `begin` waits here
      // and goes with the transaction's first statement: one round trip fewer per transaction
      // (12-14 µs of CPU on each side, and a turn of each event loop while the transaction owns
      // the database), and PostgreSQL takes no snapshot before that statement anyway. A
      // transaction with no statement is nothing at all.
      if (s.begin === null && BEGIN.test(text)) {
        s.begin = text;
        return NOTHING;
      }
      if (s.begin !== null && END.test(text)) {
        s.begin = null;
        return NOTHING;
      }
    }
    const name = values.length > 0 ? this.#prepared.nameFor(text) : undefined;
    if (name !== undefined) {
      let types = this.#types.get(name);
      if (types === undefined) {
        types = (await this.#send(s, { op: 'prepare', name, text })).types ?? [];
        this.#types.set(name, types);
      }
      const execute = executeMessages(name, this.#serialize(values, types));
      return this.#send(s, { op: 'run', name, text: null, execute, begin: this.#takeBegin(s) });
    }
    if (values.every(clonesExactly))
      return this.#send(s, { op: 'query', text, values: values as unknown[], begin: this.#takeBegin(s) });
    const types = (await this.#send(s, { op: 'describe', text })).types ?? [];
    const execute = executeMessages('', this.#serialize(values, types));
    return this.#send(s, { op: 'run', name: null, text, execute, begin: this.#takeBegin(s) });
  }

  #takeBegin(s: Session): string | null {
    const begin = s.begin;
    s.begin = null;
    return begin;
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error('the embedded database is closed');
    const s = this.#session();
    let released = false;
    this.#checkedOut++;
    const client = {
      // biome-ignore lint/suspicious/noExplicitAny: Kysely's client type is overloaded with a cursor form we never use.
      query: async (sql: any, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<any>> => {
        const res = await this.#query(s, sql as string, parameters ?? []);
        return {
          command: commandOf(sql as string) as PostgresQueryResult<unknown>['command'],
          rowCount: res.affectedRows ?? res.rows.length,
          rows: res.rows,
        };
      },
      release: () => {
        if (released) return;
        released = true;
        this.#checkedOut--;
        this.#release(s);
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  /** Connections checked out by connect() and not yet released (the metrics' pool in use). */
  get checkedOut(): number {
    return this.#checkedOut;
  }

  /** Runs `f` while holding the connection (maintenance: src/db/pglite-maintenance.ts). */
  async exclusive<T>(f: (conn: Queryable) => Promise<T>): Promise<T> {
    if (this.#ended) throw new Error('the embedded database is closed');
    const s = this.#session(true);
    try {
      return await f({
        query: async <R = Row>(text: string) => {
          const res = await this.#send(s, { op: 'query', text, values: [], begin: null });
          return { rows: res.rows as R[] };
        },
        exec: async (text: string) => {
          await this.#send(s, { op: 'exec', text, rollback: false });
        },
      });
    } finally {
      this.#release(s);
    }
  }

  /** One request on a session of its own, released after it. */
  async #alone(req: Sent): Promise<Answer> {
    if (this.#ended) throw new Error('the embedded database is closed');
    const s = this.#session();
    try {
      return await this.#send(s, req);
    } finally {
      this.#release(s);
    }
  }

  /**
   * Drops the named statements; each is prepared again on its next run. After ANALYZE: PostgreSQL
   * replans a prepared statement whose tables were analyzed, but keeps the cost of the generic plan
   * it built before, so a statement that chose custom plans on never-analyzed tables went on
   * planning at every execution (measured on the key lookup: 3,498 custom plans, none generic,
   * after api_keys was analyzed). Prepared again, it chooses afresh.
   */
  async replan(): Promise<void> {
    await this.#alone({ op: 'replan' });
  }

  /**
   * Runs a multi-statement script (migrations). A script that fails is rolled back; one that
   * leaves a transaction open is rolled back when it ends (nobody else's statements may run in it).
   */
  async exec(sql: string): Promise<void> {
    await this.#alone({ op: 'exec', text: sql, rollback: true });
  }

  /** The database as a tarball (PGlite's dumpDataDir): the test harness's migrated database. */
  async dump(compression: DumpCompression = 'gzip'): Promise<Blob> {
    const res = await this.#alone({ op: 'dump', compression });
    return new Blob(res.dump ? [res.dump] : []);
  }

  async end(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    await this.thread.close(() => this.#send(this.#session(), { op: 'close' }));
  }
}

/** Starts PGlite on its thread; serializers as PGlite's own (its module is loaded lazily). */
export async function openPGliteThread(opts: ThreadOptions): Promise<PGlitePool> {
  const { types } = await import('@electric-sql/pglite');
  const { thread, arrayTypes } = await PGliteThread.start(opts);
  const serializers: Record<number, Serializer> = { ...(types.serializers as Record<number, Serializer>) };
  // As PGlite's _initArrayTypes: each array type serialized with its element's serializer.
  serializers[OID_BYTEA] = byteaToText;
  for (const [element, array] of arrayTypes) {
    serializers[array] = (v) => types.arraySerializer(v, serializers[element], array);
  }
  return new PGlitePool(thread, serializers);
}
