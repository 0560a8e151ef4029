// Whether an error means the database cannot be reached right now (issue 28): a refused or reset
// connection, a server shutting down or starting up, a connection cut mid-statement, no free
// connection slot. Those answer 503 unavailable with Retry-After, never 500: the client's retry
// with the same Idempotency-Key is safe, and the pool reconnects by itself when the server is back.

/**
 * SQLSTATEs of a server that is going away, not yet back, or full (class 08, 57P0x, 53300), or no
 * longer the primary: 25006 read_only_sql_transaction, a write reaching a node a failover demoted
 * (issue 41; src/db/failover-pool.ts then finds the new primary).
 */
const SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '25006',
]);
/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** What node-postgres says when a connection ends under it or cannot be had in time. */
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Connection ended|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SQLSTATES.has(code) || SOCKET_CODES.has(code))) return true;
  const message = err instanceof Error ? err.message : '';
  if (MESSAGES.test(message)) return true;
  // AggregateError (a connect to several addresses) and wrapped causes.
  const inner = (err as { errors?: unknown[]; cause?: unknown }).errors ?? [
    (err as { cause?: unknown }).cause,
  ];
  return inner.some((e) => e !== undefined && e !== err && isDatabaseUnavailable(e));
}

/** Seconds a client is asked to wait before retrying (a restart takes a few). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
