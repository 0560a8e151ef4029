// Connections to whichever host of a multi-host DATABASE_URL is the primary now (issue 41). A pool
// per primary: it is found by asking every host (in parallel) whether it takes writes; a sign that
// it no longer does (a connection lost or refused, 25006 read-only from a demoted node, a new
// connection that finds the node in recovery) drops that pool, closing its connections, and the
// next checkout looks again. While no host takes writes a checkout fails at once with
// NoPrimaryError, which answers 503 unavailable with Retry-After (src/db/unavailable.ts).
import pg from 'pg';
import type { MultiHostUrl, PostgresHost } from './multi-host.ts';
import { pgErrorCode } from './transaction.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** No host of the list takes writes right now (a failover under way). SQLSTATE 08001 like libpq's. */
export class NoPrimaryError extends Error {
  readonly code = '08001';
}

/**
 * How long a search that found no primary is the answer for every checkout: requests arriving
 * during a failover fail at once instead of each opening a connection to every host.
 */
const SEARCH_BACKOFF_MS = 250;
/** What a session says when it takes writes: not a standby, and not made read-only (pg_auto_failover's stop_replication). */
const WRITABLE_SQL = `select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only`;

interface Primary {
  host: PostgresHost;
  pool: pg.Pool;
}

function hostName(h: PostgresHost): string {
  return `${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}`;
}

/**
 * Whether an error says the primary's host is gone or demoted, so its pool must go: a connection
 * refused, cut or timed out, a server shutting down, a new connection finding it read-only. Not a
 * full pool (53300, or the wait for a free connection of this pool timing out): the host is fine.
 */
function hostLost(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  if (pgErrorCode(err) === '53300') return false;
  return !(err instanceof Error && err.message === 'timeout exceeded when trying to connect');
}

async function takesWrites(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ recovery: boolean; read_only: string }>(WRITABLE_SQL);
  return rows[0]?.recovery === false && rows[0]?.read_only === 'off';
}

export class FailoverPool {
  private current: Primary | null = null;
  private search: Promise<Primary> | null = null;
  private lastMiss: { at: number; err: Error } | null = null;
  private readonly draining = new Set<Promise<void>>();
  /** Which primary each checked-out client came from, so a late error drops only its own pool. */
  private readonly origin = new WeakMap<pg.PoolClient, Primary>();
  ending = false;
  private readonly target: MultiHostUrl;
  private readonly makePool: (config: pg.PoolConfig) => pg.Pool;
  private readonly connectTimeoutMs: number;

  constructor(target: MultiHostUrl, makePool: (config: pg.PoolConfig) => pg.Pool, connectTimeoutMs: number) {
    this.target = target;
    this.makePool = makePool;
    this.connectTimeoutMs = connectTimeoutMs;
  }

  async connect(): Promise<pg.PoolClient> {
    if (this.ending) throw new Error('Cannot use a pool after calling end on the pool');
    let primary = this.current ?? (await this.find());
    // Another checkout may have dropped that primary while this one waited for the search: its
    // pool refuses new checkouts (not a 503 by itself), so look again, a bounded number of times.
    for (let again = 0; primary.pool.ending; again++) {
      if (again >= 3)
        throw new NoPrimaryError(`${hostName(primary.host)} was dropped; a failover is under way`);
      primary = this.current ?? (await this.find());
    }
    let client: pg.PoolClient;
    try {
      client = await primary.pool.connect();
    } catch (err) {
      if (hostLost(err)) this.drop(primary);
      throw err;
    }
    this.origin.set(client, primary);
    return client;
  }

  /** The current primary's pool, as pg-pool counts it (all 0 while there is none): for the metrics. */
  get totalCount(): number {
    return this.current?.pool.totalCount ?? 0;
  }
  get idleCount(): number {
    return this.current?.pool.idleCount ?? 0;
  }
  get waitingCount(): number {
    return this.current?.pool.waitingCount ?? 0;
  }

  /** Called with every error a client's statement met: a demoted or lost primary is dropped. */
  noticeError(client: pg.PoolClient, err: unknown): void {
    const primary = this.origin.get(client);
    if (!primary) return;
    if (pgErrorCode(err) === '25006' || hostLost(err)) this.drop(primary);
  }

  async end(): Promise<void> {
    if (this.ending) return;
    this.ending = true;
    if (this.current) this.drop(this.current);
    await Promise.all([...this.draining]);
  }

  /** Closes a primary's pool: idle connections now, checked-out ones as they are released. */
  private drop(primary: Primary): void {
    if (this.current !== primary) return;
    this.current = null;
    const ended = primary.pool.end().catch(() => {});
    this.draining.add(ended);
    void ended.then(() => this.draining.delete(ended));
  }

  private find(): Promise<Primary> {
    const miss = this.lastMiss;
    if (miss && Date.now() - miss.at < SEARCH_BACKOFF_MS) return Promise.reject(miss.err);
    this.search ??= this.searchHosts().finally(() => {
      this.search = null;
    });
    return this.search;
  }

  private async searchHosts(): Promise<Primary> {
    const { hosts } = this.target;
    const found = await new Promise<PostgresHost | null>((resolve) => {
      let pending = hosts.length;
      for (const host of hosts) {
        this.probe(host).then(
          (writable) => {
            if (writable) resolve(host);
            else if (--pending === 0) resolve(null);
          },
          () => {
            if (--pending === 0) resolve(null);
          },
        );
      }
    });
    if (found === null) {
      const err = new NoPrimaryError(
        `No host of DATABASE_URL takes writes (${hosts.map(hostName).join(', ')}): a failover is under way or every host is down`,
      );
      this.lastMiss = { at: Date.now(), err };
      throw err;
    }
    this.lastMiss = null;
    if (this.ending) throw new Error('Cannot use a pool after calling end on the pool');
    const pool = this.makePool({
      connectionString: this.target.urlFor(found),
      // Every new connection checks again: the host may have been demoted since the search.
      onConnect: async (client: pg.ClientBase) => {
        if (!(await takesWrites(client)))
          throw new NoPrimaryError(`${hostName(found)} no longer takes writes (a failover is under way)`);
      },
    });
    const primary: Primary = { host: found, pool };
    this.current = primary;
    return primary;
  }

  private async probe(host: PostgresHost): Promise<boolean> {
    const client = new pg.Client({
      connectionString: this.target.urlFor(host),
      connectionTimeoutMillis: this.connectTimeoutMs,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      return await takesWrites(client);
    } finally {
      void client.end().catch(() => {});
    }
  }
}
