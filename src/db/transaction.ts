// One transaction per change. Serialization failures and deadlocks are retried here, in one
// place, so domain functions can take row locks without each re-implementing the retry.
import type { Kysely, Transaction } from 'kysely';
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

export async function inTransaction<T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
  opts: { isolation?: 'serializable' | 'repeatable read'; attempts?: number } = {},
): Promise<T> {
  const attempts = opts.attempts ?? 5;
  for (let i = 1; ; i++) {
    try {
      let builder = db.transaction();
      if (opts.isolation) builder = builder.setIsolationLevel(opts.isolation);
      // With tracing on, each attempt is a span (src/observability/trace-hooks.ts).
      const hooks = traceHooks();
      return await (hooks ? hooks.transaction(() => builder.execute(fn)) : builder.execute(fn));
    } catch (err) {
      const code = pgErrorCode(err);
      if (!code || !RETRYABLE.has(code) || i >= attempts) throw err;
      // Back off a little, with jitter, so two retrying transactions do not collide again.
      await new Promise((r) => setTimeout(r, Math.random() * 10 * i));
    }
  }
}
