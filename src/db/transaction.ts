// One transaction per change. Serialization failures and deadlocks are retried here, in one
// place, so domain functions can take row locks without each re-implementing the retry.
//
// A write request's handler runs inside the transaction the pipeline opened for it (its
// Idempotency-Key record commits with its effect, src/http/write-transaction.ts), so a domain
// function that opens "its" transaction on a handle that already is one joins it instead: the
// change and the record are one commit, and the retry on 40001/40P01 re-runs the outermost
// transaction's function (the whole handler), the only place a retry can start over.
import { type Kysely, sql, type Transaction } from 'kysely';
import { traceHooks } from '../observability/trace-hooks.ts';
import type { DB } from './schema.ts';

const RETRYABLE = new Set(['40001', '40P01']);

export function pgErrorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (pgErrorCode(err) !== '23505') return false;
  if (!constraint) return true;
  const c = (err as { constraint?: unknown }).constraint;
  const msg = err instanceof Error ? err.message : '';
  return c === constraint || msg.includes(constraint);
}

/** What runs once a transaction has committed, by the transaction handle that registered it. */
const committed = new WeakMap<Kysely<DB>, Array<() => void>>();

/**
 * Runs `fn` in a transaction: its own, or the one `db` already is (joined: no statement of its
 * own, `opts` ignored, retried by the owner). Functions given to afterCommit inside run once the
 * owner's transaction has committed, never for an attempt that rolled back.
 */
export async function inTransaction<T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
  opts: { isolation?: 'serializable' | 'repeatable read'; attempts?: number } = {},
): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<DB>);
  const attempts = opts.attempts ?? 5;
  for (let i = 1; ; i++) {
    const after: Array<() => void> = [];
    try {
      let builder = db.transaction();
      if (opts.isolation) builder = builder.setIsolationLevel(opts.isolation);
      const run = (trx: Transaction<DB>): Promise<T> => {
        committed.set(trx, after);
        return fn(trx);
      };
      // With tracing on, each attempt is a span (src/observability/trace-hooks.ts).
      const hooks = traceHooks();
      const out = await (hooks ? hooks.transaction(() => builder.execute(run)) : builder.execute(run));
      for (const f of after) f();
      return out;
    } catch (err) {
      const code = pgErrorCode(err);
      if (!code || !RETRYABLE.has(code) || i >= attempts) throw err;
      // Back off a little, with jitter, so two retrying transactions do not collide again.
      await new Promise((r) => setTimeout(r, Math.random() * 10 * i));
    }
  }
}

/**
 * `f` runs after the transaction `db` belongs to commits (at once when `db` is not one: its
 * statements have committed already). For what is not database state: a wake-up of this
 * process's worker, an in-process cache. Not for anything that must happen: a crash between the
 * commit and `f` loses it.
 */
export function afterCommit(db: Kysely<DB>, f: () => void): void {
  const list = db.isTransaction ? committed.get(db) : undefined;
  if (list) list.push(f);
  else f();
}

let savepoints = 0;

/**
 * Runs `fn` so that its failure, when the caller catches it, leaves the enclosing transaction
 * usable: a SAVEPOINT around it when `db` is a transaction (a failed statement otherwise aborts
 * the whole of it), nothing more when it is not. Only where a caught failure goes on: each
 * savepoint is two more round trips.
 */
export async function withSavepoint<D extends Kysely<DB>, T>(db: D, fn: (db: D) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return fn(db);
  const name = sql.id(`docex_sp_${++savepoints}`);
  await sql`savepoint ${name}`.execute(db);
  try {
    const out = await fn(db);
    await sql`release savepoint ${name}`.execute(db);
    return out;
  } catch (err) {
    const code = pgErrorCode(err);
    // A serialization failure or deadlock is the whole transaction's: its owner retries it.
    if (code && RETRYABLE.has(code)) throw err;
    await sql`rollback to savepoint ${name}`.execute(db);
    throw err;
  }
}
