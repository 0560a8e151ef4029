// PGlite has one connection. Kysely's PostgresDialect wants a pool, so this adapter hands the
// single connection to one holder at a time (a mutex released on release()), the way Kysely's
// own PGlite driver does. A transaction therefore owns the database until it commits.
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

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

export class PGlitePool implements PostgresPool {
  readonly #pg: PGlite;
  readonly #mutex = new Mutex();
  #ended = false;

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  async connect(): Promise<PostgresPoolClient> {
    await this.#mutex.acquire();
    if (this.#ended) {
      this.#mutex.release();
      throw new Error('the embedded database is closed');
    }
    let released = false;
    const pg = this.#pg;
    const client = {
      // biome-ignore lint/suspicious/noExplicitAny: Kysely's client type is overloaded with a cursor form we never use.
      query: async (sql: any, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<any>> => {
        const res = await pg.query<Record<string, unknown>>(
          sql as string,
          parameters as unknown[] | undefined,
        );
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

  /** Runs a multi-statement script while holding the connection. */
  async exec(sql: string): Promise<void> {
    await this.#mutex.acquire();
    try {
      await this.#pg.exec(sql);
    } catch (err) {
      // A failed script may leave its transaction open; close it before anyone else queries.
      await this.#pg.exec('rollback').catch(() => {});
      throw err;
    } finally {
      this.#mutex.release();
    }
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
