// PGlite has one connection. Kysely's PostgresDialect wants a pool, so this adapter hands the
// single connection to one holder at a time (a mutex released on release()), the way Kysely's
// own PGlite driver does. A transaction therefore owns the database until it commits.
import type { PGlite, parse, protocol, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { PreparedStatements } from './prepared.ts';

/** The parts of PGlite's module the named-statement path uses (passed in: PGlite loads lazily). */
export interface PGliteProtocol {
  serialize: typeof protocol.serialize;
  parseResults: typeof parse.parseResults;
}

interface Named {
  name: string;
  /** parameter type OIDs, as the server inferred them when the statement was prepared */
  types: number[];
}

class Mutex {
  #locked = false;
  #waiters: Array<() => void> = [];

  async acquire(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

function commandOf(sql: string): string {
  // Kysely only reads the command to decide whether numAffectedRows applies.
  const m = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)/i.exec(sql);
  return m?.[1]?.toUpperCase() ?? 'SELECT';
}

// Frequent statements run as named prepared statements, each execution one call into PGlite.
// PGlite's query() makes five protocol calls per statement (parse, describe, bind, describe,
// execute, then sync), and parses, analyses and plans the text every time. Measured (issue 9,
// bench/README.md) on the document-create statement: planning 0.85-1.0 ms beside 1.2 ms of
// execution, and a trivial statement cost ~1.1 ms of calls. A named statement is parsed and
// planned once (PostgreSQL's plan cache), and bind + describe + execute + sync go in one buffer:
// an error anywhere is followed by the sync in the same call, so the session is never left
// waiting for one.
export class PGlitePool implements PostgresPool {
  readonly #pg: PGlite;
  readonly #proto: PGliteProtocol;
  readonly #mutex = new Mutex();
  readonly #prepared = new PreparedStatements();
  readonly #named = new Map<string, Named>();
  #ended = false;

  constructor(pg: PGlite, proto: PGliteProtocol) {
    this.#pg = pg;
    this.#proto = proto;
  }

  async #prepare(name: string, text: string): Promise<Named> {
    const { serialize } = this.#proto;
    const messages = await this.#pg.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const params = messages.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const named = { name, types: params?.dataTypeIDs ?? [] };
    this.#named.set(text, named);
    return named;
  }

  async #runNamed(named: Named, values: readonly unknown[]): Promise<Results<Record<string, unknown>>> {
    const { serialize, parseResults } = this.#proto;
    const pg = this.#pg;
    const serialized = values.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = pg.serializers[named.types[i] ?? 0];
      return serializer ? serializer(v) : String(v);
    });
    const messages = await pg.execProtocolStream(
      concat([
        serialize.bind({ statement: named.name, values: serialized }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parseResults(messages, pg.parsers)[0] as Results<Record<string, unknown>>;
  }

  async #query(
    text: string,
    values: readonly unknown[] | undefined,
  ): Promise<Results<Record<string, unknown>>> {
    const name = values && values.length > 0 ? this.#prepared.nameFor(text) : undefined;
    if (name === undefined)
      return this.#pg.query<Record<string, unknown>>(text, values as unknown[] | undefined);
    const named = this.#named.get(text) ?? (await this.#prepare(name, text));
    return this.#runNamed(named, values ?? []);
  }

  async connect(): Promise<PostgresPoolClient> {
    await this.#mutex.acquire();
    if (this.#ended) {
      this.#mutex.release();
      throw new Error('the embedded database is closed');
    }
    let released = false;
    const client = {
      // biome-ignore lint/suspicious/noExplicitAny: Kysely's client type is overloaded with a cursor form we never use.
      query: async (sql: any, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<any>> => {
        const res = await this.#query(sql as string, parameters);
        return {
          command: commandOf(sql as string) as PostgresQueryResult<unknown>['command'],
          rowCount: res.affectedRows ?? res.rows.length,
          rows: res.rows,
        };
      },
      release: () => {
        if (released) return;
        released = true;
        this.#mutex.release();
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  /** Runs `f` while holding the connection (migrations, maintenance: src/db/pglite-maintenance.ts). */
  async exclusive<T>(f: (pg: PGlite) => Promise<T>): Promise<T> {
    await this.#mutex.acquire();
    try {
      if (this.#ended) throw new Error('the embedded database is closed');
      return await f(this.#pg);
    } finally {
      this.#mutex.release();
    }
  }

  /**
   * Drops the named statements; each is prepared again on its next run. After ANALYZE: PostgreSQL
   * replans a prepared statement whose tables were analyzed, but keeps the cost of the generic plan
   * it built before, so a statement that chose custom plans on never-analyzed tables went on
   * planning at every execution (measured on the key lookup: 3,498 custom plans, none generic,
   * after api_keys was analyzed). Prepared again, it chooses afresh.
   */
  replan(): Promise<void> {
    return this.exclusive(async (pg) => {
      this.#named.clear();
      await pg.exec('deallocate all');
    });
  }

  /** Runs a multi-statement script while holding the connection. */
  exec(sql: string): Promise<void> {
    return this.exclusive(async (pg) => {
      try {
        await pg.exec(sql);
      } catch (err) {
        // A failed script may leave its transaction open; close it before anyone else queries.
        await pg.exec('rollback').catch(() => {});
        throw err;
      }
    });
  }

  async end(): Promise<void> {
    await this.#mutex.acquire();
    this.#ended = true;
    try {
      await this.#pg.close();
    } finally {
      this.#mutex.release();
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
