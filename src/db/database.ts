// One SQL dialect everywhere: PostgreSQL. PGlite (embedded, persisted to a directory) by default,
// a PostgreSQL server when DATABASE_URL is set. Kysely 0.28's PostgresDialect drives both.
import { join } from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { makePrivateDir } from '../lib/private-dir.ts';
import { FailoverPool } from './failover-pool.ts';
import { parseMultiHostUrl } from './multi-host.ts';
import { createDataDir } from './pglite-initdb.ts';
import { startMaintenance } from './pglite-maintenance.ts';
import type { DumpCompression } from './pglite-messages.ts';
import { openPGliteThread, type PGlitePool } from './pglite-pool.ts';
import { DEFAULT_PGLITE_SETTINGS, type PGliteSettings } from './pglite-settings.ts';
import { PreparedStatements } from './prepared.ts';
import type { DB } from './schema.ts';
import {
  beginWith,
  commitWith,
  type HeldStatement,
  heldFate,
  isBegin,
  isWithCommit,
  sendHeld,
} from './with-commit.ts';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<DB>;
  /** Runs a multi-statement SQL script (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's state now (the metrics endpoint reads it at each scrape). */
  poolStats(): PoolStats;
}

/** What the metrics say of a pool; the embedded database has one connection and no queue of its own. */
export interface PoolStats {
  /** Connections (PGlite: sessions) checked out by a request or a task. */
  inUse: number;
  /** PostgreSQL only: open connections no one holds. */
  idle?: number;
  /** PostgreSQL only: checkouts waiting for a connection. */
  waiting?: number;
  /** PostgreSQL only: the pool's size. */
  max?: number;
  /** PostgreSQL only: checkouts that gave up after CONNECT_TIMEOUT_MS (each answered 503). */
  checkoutTimeouts?: number;
}

const OID_INT8 = 20;
const OID_DATE = 1082;

// int8 as a JS number (counts and sequence values stay far below 2^53); dates as 'YYYY-MM-DD'
// strings, never Date objects shifted by the local time zone; numeric stays a string for decimal.js.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID_INT8) return (v: string) => Number(v);
    if (oid === OID_DATE) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
};

/** Where connections come from: one pg pool (one host), or the current primary's (a host list). */
interface ConnectionSource {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
  readonly ending: boolean;
  /** pg-pool's counts (a FailoverPool's are its current primary's), read by the metrics. */
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  /** Told of every error a statement met (a FailoverPool drops a demoted or lost primary). */
  noticeError?(client: pg.PoolClient, err: unknown): void;
}

/** What Kysely is told of a statement held back until its transaction's COMMIT. */
const HELD_RESULT = Object.freeze({ command: 'HELD', rowCount: null, rows: [] });
/** What Kysely is told of a BEGIN held back until the transaction's first statement. */
const HELD_BEGIN = Object.freeze({ command: 'BEGIN', rowCount: null, rows: [] });
/** The end of a transaction whose BEGIN was never sent (no statement ran in it). */
const HELD_COMMIT = Object.freeze({ command: 'COMMIT', rowCount: null, rows: [] });
const HELD_ROLLBACK = Object.freeze({ command: 'ROLLBACK', rowCount: null, rows: [] });

/** The pg pool as Kysely sees it, naming frequent statements (see above). */
function preparingPool(pool: ConnectionSource, onTimeout: () => void): PostgresPool {
  const prepared = new PreparedStatements();
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        if (err instanceof Error && /timeout exceeded when trying to connect/i.test(err.message)) onTimeout();
        throw err;
      }
      // A transaction's BEGIN, held back until its first statement and sent with it (one round
      // trip instead of two), and a statement marked to go with its transaction's COMMIT
      // (src/db/with-commit.ts), held back until the next statement of this checkout: pipelined
      // with it when that is the COMMIT.
      let begin: string | null = null;
      let held: HeldStatement | null = null;
      const run = (text: string, values: unknown[] | undefined): Promise<pg.QueryResult> => {
        const name = values && values.length > 0 ? prepared.nameFor(text) : undefined;
        if (name === undefined) return client.query(text, values);
        return client.query({ name, text, values: values as unknown[] });
      };
      // biome-ignore lint/suspicious/noExplicitAny: as query's below.
      const send = (text: any, values: unknown[] | undefined): Promise<pg.QueryResult> =>
        typeof text === 'string' ? run(text, values) : client.query(text, values);
      const afterHeld = async (
        b: string | null,
        h: HeldStatement | null,
        // biome-ignore lint/suspicious/noExplicitAny: as query's below.
        text: any,
        values: unknown[] | undefined,
      ) => {
        const fate = heldFate(text);
        // Nothing was sent: the connection is idle, the transaction never began on the server.
        if (fate === 'rollback' && b !== null) return HELD_ROLLBACK;
        if (fate === 'commit' && h !== null) return commitWith(client, h, text, b ?? undefined);
        if (fate === 'commit' && b !== null) return HELD_COMMIT;
        // A rollback drops a held statement; any other statement keeps the order they were written in.
        const next =
          h !== null && fate === 'other'
            ? () => sendHeld(client, h).then(() => send(text, values))
            : () => send(text, values);
        return b !== null ? beginWith(client, b, next) : next();
      };
      return {
        // biome-ignore lint/suspicious/noExplicitAny: Kysely's client type is overloaded with a cursor form we never use.
        query: (text: any, values?: ReadonlyArray<unknown>): any => {
          const vals = values as unknown[] | undefined;
          // A BEGIN only on an idle connection with nothing held: its answer is known ("BEGIN").
          if (
            isBegin(text) &&
            (vals === undefined || vals.length === 0) &&
            begin === null &&
            held === null &&
            client.getTransactionStatus() === 'I'
          ) {
            begin = text;
            return Promise.resolve(HELD_BEGIN);
          }
          // Held only inside a transaction (pg's last ReadyForQuery said 'T', or its BEGIN is held
          // here): anywhere else there is no COMMIT to go with, and it runs at once.
          if (
            typeof text === 'string' &&
            held === null &&
            isWithCommit(text) &&
            (begin !== null || client.getTransactionStatus() === 'T')
          ) {
            held = {
              text,
              values: vals ?? [],
              name: vals && vals.length > 0 ? prepared.nameFor(text) : undefined,
            };
            // Nothing has run yet: it succeeds or fails with the COMMIT (no rows either way).
            return Promise.resolve(HELD_RESULT);
          }
          const b = begin;
          const h = held;
          begin = null;
          held = null;
          const result: Promise<unknown> =
            b !== null || h !== null ? afterHeld(b, h, text, vals) : send(text, vals);
          if (!pool.noticeError) return result;
          return result.catch((err: unknown) => {
            pool.noticeError?.(client, err);
            throw err;
          });
        },
        // A connection that failed is discarded, not handed to the next checkout.
        release: () => {
          begin = null;
          held = null;
          client.release(connectionError(client));
        },
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** Connections per process (bench/ceiling-server.ts uses the same number for its ceilings). */
export const DEFAULT_POOL_SIZE = 10;

/**
 * How long a connection may sit idle before the pool closes it (bench/ceiling-server.ts uses the
 * same). pg-pool's default of 10 s emptied the pool in every lull of 10 s: the next burst then
 * waited for new backends (a fork, authentication, catalog caches filled again) and sent each of
 * its prepared statements to be parsed and planned again, on every connection. Measured (issue 9,
 * bench/README.md item 39): the bench's alternation leaves docex idle for ~10 s between its runs,
 * and 8 of its 10 backends were new in each measured run. Ten connections held through a quiet
 * spell cost PostgreSQL little; a pool idle for 5 minutes still gives them back.
 */
export const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

/** How long a checkout waits for a new connection before the request answers 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The error each connection met, recorded by the listener newPool attaches as it is made. */
const lostConnections = new WeakMap<pg.ClientBase, Error>();

/** The error that ended this connection, if one did (its next statement fails anyway). */
function connectionError(client: pg.ClientBase): Error | undefined {
  return lostConnections.get(client);
}

/**
 * Every connection listens for its own errors from the moment it is made to the moment it closes.
 * pg-pool listens only while a client is idle in the pool, and stops as it hands one over: an
 * error arriving while a request or a task holds it (a transaction waiting on the service; an
 * administrator's pg_terminate_backend) had no listener and ended the process. Worse, the server's
 * FATAL 57P01 can arrive in the same read as the ReadyForQuery that completes the connection (a
 * restart or a failover begins just as a process reconnects): the parser emits it before
 * `pool.connect()`'s caller resumes, so a listener attached by the caller is one microtask late
 * (issue 46). pg-pool's 'connect' event fires synchronously before it hands the client over.
 */
function listenForErrors(pool: pg.Pool): void {
  pool.on('connect', (client: pg.PoolClient) => {
    client.on('error', (err: Error) => {
      if (!lostConnections.has(client)) lostConnections.set(client, err);
    });
  });
}

function newPool(config: pg.PoolConfig, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    ...config,
    max: poolSize,
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    // A server that accepts no connection (down, failing over) is an answer in seconds (503
    // unavailable), not a request hanging until the client gives up.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types: pgTypes as pg.CustomTypesConfig,
  });
  pool.on('error', () => {
    // An idle client lost its server; the pool replaces it on the next checkout.
  });
  listenForErrors(pool);
  return pool;
}

/**
 * PostgreSQL at `url`. A libpq host list (`postgres://u@h1:p1,h2:p2/db?target_session_attrs=
 * read-write`, src/db/multi-host.ts) writes to whichever host is the primary now
 * (src/db/failover-pool.ts); one host is one pg pool, as it always was.
 */
export async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Database> {
  const hosts = parseMultiHostUrl(url);
  const pool: ConnectionSource = hosts
    ? new FailoverPool(hosts, (config) => newPool(config, poolSize), CONNECT_TIMEOUT_MS)
    : newPool({ connectionString: url }, poolSize);
  let checkoutTimeouts = 0;
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: preparingPool(pool, () => {
        checkoutTimeouts++;
      }),
    }),
  });
  return {
    kind: 'postgres',
    db,
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
      checkoutTimeouts,
    }),
    async exec(sql: string) {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (err) {
        pool.noticeError?.(client, err);
        // A failed script may leave its transaction open; never hand that connection back dirty.
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release(connectionError(client));
      }
    },
    async close() {
      // Kysely ends the pool only if it ever ran a query itself; a database used only through
      // exec (migrations, the test harness's template) would keep its connections until the idle
      // timeout, and PostgreSQL refuses to rename or clone a database that has sessions.
      await db.destroy();
      if (!pool.ending) await pool.end();
    },
  };
}

export interface PGliteOptions {
  /** Directory to persist to; null keeps everything in memory. */
  dataDir: string | null;
  /** A dump (from dump()) to start from, used by the test harness to skip migrations. */
  loadDataDir?: Blob | Uint8Array;
  /** How often the autovacuum stand-in runs (src/db/pglite-maintenance.ts). */
  maintenanceEveryMs?: number;
  /** PostgreSQL's memory settings (src/db/pglite-settings.ts); DEFAULT_PGLITE_SETTINGS if absent. */
  settings?: PGliteSettings;
}

/** PGlite, running on its own thread (src/db/pglite-worker.ts). */
export interface PGliteDatabase extends Database {
  readonly kind: 'pglite';
  /** The database as a tarball (PGlite's dumpDataDir), for loadDataDir. */
  dump(compression?: DumpCompression): Promise<Blob>;
  /** The one connection: maintenance passes, and tests that look at the thread. */
  readonly pool: PGlitePool;
}

/**
 * PGlite has no autovacuum (single-user mode); src/db/pglite-maintenance.ts stands in for it. More
 * often than autovacuum's one-minute naptime because each pass holds the only connection: shorter
 * passes, the same total work (thresholds decide it). A pass that finds nothing due costs one read
 * of pg_stat_user_tables (~9 ms measured on the loaded machine).
 */
export const PGLITE_MAINTENANCE_MS = 10_000;

export async function openPGlite(opts: PGliteOptions): Promise<PGliteDatabase> {
  const settings = opts.settings ?? DEFAULT_PGLITE_SETTINGS;
  let dir: string | null = null;
  const load = opts.loadDataDir;
  if (opts.dataDir) {
    makePrivateDir(opts.dataDir);
    dir = join(opts.dataDir, 'pgdata');
    // A new database is created in a child process that then exits (src/db/pglite-initdb.ts says
    // why); a dump to load replaces the directory's contents anyway.
    if (load === undefined) await createDataDir(dir, settings);
  }
  // PGlite runs on a thread of its own (src/db/pglite-pool.ts says why), which loads its module:
  // ~40 MB of RSS (measured) that a PostgreSQL deployment never pays (issue 9's 300 MB budget).
  const pool = await openPGliteThread({
    dataDir: dir,
    settings,
    // A buffer of its own, handed over to the thread (the caller's stays usable).
    load:
      load === undefined
        ? null
        : load instanceof Blob
          ? new Uint8Array(await load.arrayBuffer())
          : new Uint8Array(load),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const maintenance = startMaintenance(pool, opts.maintenanceEveryMs ?? PGLITE_MAINTENANCE_MS);
  return {
    kind: 'pglite',
    db,
    pool,
    exec: (sql: string) => pool.exec(sql),
    poolStats: () => ({ inUse: pool.checkedOut }),
    dump: (compression?: DumpCompression) => pool.dump(compression),
    close: async () => {
      maintenance.stop();
      await db.destroy();
      // Kysely ends its pool only if it ever ran a statement; the thread must end either way.
      await pool.end();
    },
  };
}
