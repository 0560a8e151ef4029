// A process that starts while its database cannot be reached (a restart, a failover, the database
// host booting after docex's) waits for it instead of exiting (issue 46): its start steps
// (migrations, the deployment's settings) are run again with backoff while they fail only because
// the database is away, and the log says so now and then, so an operator sees why it is not
// serving yet. Any other error (a bad migration, a wrong password, a missing database) ends the
// start at once, as before: waiting would not mend it.
import { isDatabaseUnavailable } from './unavailable.ts';

/** The first retry waits this long; each next one twice as long, up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 250;
/** Short enough that a process serves within ~2 s of its database coming back. */
const MAX_BACKOFF_MS = 2_000;
/** How often the log repeats that the process is still waiting (the first failure is logged at once). */
const WAITING_LOG_EVERY_MS = 15_000;

/** What it logs to (the service's pino logger). */
interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export async function untilDatabaseAnswers<T>(log: Log, what: string, step: () => Promise<T>): Promise<T> {
  let failures = 0;
  let since = 0;
  let loggedAt = 0;
  for (;;) {
    try {
      const result = await step();
      if (failures > 0)
        log.info({ waited_ms: Date.now() - since }, `the database answers: ${what} done, starting`);
      return result;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const now = Date.now();
      if (failures === 0) since = now;
      failures++;
      if (failures === 1 || now - loggedAt >= WAITING_LOG_EVERY_MS) {
        loggedAt = now;
        log.warn(
          { err: { code: (err as { code?: unknown }).code, message: (err as Error).message }, failures },
          `waiting for the database (${what}): it cannot be reached; retrying until it answers`,
        );
      }
      await new Promise((r) =>
        setTimeout(r, Math.min(FIRST_BACKOFF_MS * 2 ** (failures - 1), MAX_BACKOFF_MS)),
      );
    }
  }
}
