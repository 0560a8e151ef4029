// The last line of defence of a long-running docex process (serve, worker, inbound): a database
// error that escapes every handler (a promise nobody awaited, an 'error' event of a connection
// nobody listened to) is logged, and the process goes on, because the connection it came from is
// dead already and the pool replaces it (CONTRACT 10: no process ends because a database connection
// failed). Every path known to docex handles its own errors (src/db/database.ts); this catches the
// one a future change forgets. Anything else still ends the process, as Node.js would: a bug's
// state cannot be trusted.
import { isDatabaseUnavailable } from './unavailable.ts';

interface Log {
  error(obj: object, msg: string): void;
}

/** What to do with an error nothing handled: true when it was a database outage and is survived. */
export function survivable(log: Log, err: unknown, origin: string): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  log.error(
    { err, origin },
    'a database error reached no handler; the process goes on (the connection is discarded)',
  );
  return true;
}

export function surviveDatabaseErrors(log: Log): void {
  process.on('unhandledRejection', (reason) => {
    if (survivable(log, reason, 'unhandledRejection')) return;
    // Node.js's own default: the process ends with the error.
    throw reason;
  });
  process.on('uncaughtException', (err, origin) => {
    if (survivable(log, err, origin)) return;
    console.error(err);
    process.exit(1);
  });
}
