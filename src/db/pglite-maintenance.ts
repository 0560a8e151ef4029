// PGlite runs PostgreSQL in single-user mode: there is no autovacuum. Left alone, a table is never
// analyzed (the planner works from never-analyzed defaults) and its dead rows are never reclaimed
// (the webhook queue and the transparency log's pending rows are inserted and deleted for every
// document change). This pass does, on the one connection, what autovacuum would: it reads
// pg_stat_user_tables and vacuums or analyzes each table past autovacuum's default thresholds.
// The pass is decided here, on the main thread; its few statements (a read every 10 s, one per
// table due) go to PGlite's thread (src/db/pglite-pool.ts) while it holds the connection.
//
// Measured (issue 9, bench/README.md): with api_keys never analyzed, PostgreSQL custom-planned the
// key lookup at every execution (pg_prepared_statements: 2,018 custom plans, 0 generic), 0.53 ms of
// CPU against 0.25 ms once the table had statistics and its generic plan was reused.
import type { Queryable } from './pglite-pool.ts';

/** The only connection (src/db/pglite-pool.ts: PGlite's thread). */
export interface ExclusiveConnection {
  /** Runs `f` while holding the connection. */
  exclusive<T>(f: (pg: Queryable) => Promise<T>): Promise<T>;
  /** Prepares the named statements again on their next runs (their plan choice made afresh). */
  replan(): Promise<void>;
}

export interface TableActivity {
  schema: string;
  table: string;
  /** pg_class.reltuples: -1 until the table is first vacuumed or analyzed */
  reltuples: number;
  dead: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

export interface Due {
  vacuum: boolean;
  analyze: boolean;
}

// PostgreSQL's defaults: autovacuum_vacuum_threshold 50 + autovacuum_vacuum_scale_factor 0.2,
// autovacuum_vacuum_insert_threshold 1000 + autovacuum_vacuum_insert_scale_factor 0.2,
// autovacuum_analyze_threshold 50 + autovacuum_analyze_scale_factor 0.1.
export function dueFor(t: TableActivity): Due {
  const tuples = Math.max(0, t.reltuples);
  const vacuum = t.dead > 50 + 0.2 * tuples || t.insertedSinceVacuum > 1000 + 0.2 * tuples;
  // One step beyond autovacuum: a table never analyzed is analyzed at the next pass, changed or not.
  // On a server autovacuum would wait for 50 changes, but there ANALYZE also comes from operators
  // and tooling; here nothing else ever runs it, a small table (the API keys) is hot, and PGlite
  // starts with its change counters at zero (they are not kept across restarts, measured), so a
  // table that stopped changing would otherwise never get statistics. An empty table analyzed
  // once is planned from its actual size instead of the planner's 10-page guess.
  const analyze = t.modifiedSinceAnalyze > 50 + 0.1 * tuples || t.reltuples < 0;
  return { vacuum, analyze };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One pass: vacuums and analyzes the tables that are due, one statement per table, releasing the
 * connection between them so requests are not held for the whole pass. Returns what it did.
 */
export async function maintainOnce(conn: ExclusiveConnection): Promise<Array<TableActivity & Due>> {
  const tables = await conn.exclusive(async (pg) => {
    // Counters reach pg_stat_user_tables at most once a second, at the end of a transaction.
    await pg.query('select pg_stat_force_next_flush()');
    const res = await pg.query<TableActivity>(
      `select s.schemaname as schema, s.relname as table, c.reltuples::float8 as reltuples,
         s.n_dead_tup::float8 as dead, s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze",
         s.n_ins_since_vacuum::float8 as "insertedSinceVacuum"
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
    );
    return res.rows;
  });
  const done: Array<TableActivity & Due> = [];
  for (const t of tables) {
    const due = dueFor(t);
    if (!due.vacuum && !due.analyze) continue;
    const target = `${quote(t.schema)}.${quote(t.table)}`;
    const statement = due.vacuum ? `vacuum ${due.analyze ? '(analyze) ' : ''}${target}` : `analyze ${target}`;
    await conn.exclusive((pg) => pg.exec(statement));
    done.push({ ...t, ...due });
  }
  if (done.some((d) => d.analyze)) await conn.replan();
  return done;
}

/**
 * Every `everyMs`, a pass (never two at once). The timer does not keep the process alive. A failed
 * pass (the database closing under it) is dropped: the next one reads the counters afresh.
 */
export function startMaintenance(conn: ExclusiveConnection, everyMs: number): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintainOnce(conn)
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
