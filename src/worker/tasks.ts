// The background tasks of the service, in one list (webhook delivery, settlement, schedules,
// sweeps, checkpoints and housekeeping each add theirs here).
import { purgeExpiredIdempotencyKeys } from '../http/idempotency.ts';
import { demoCounterpartyTask } from '../modules/documents/demo-counterparty.ts';
import { flagOverdueTask } from '../modules/finance/flag-overdue.ts';
import { pruneExpiredSessions } from '../modules/identity/prune-sessions.ts';
import { pruneSignInFailures } from '../modules/identity/sign-in-throttle.ts';
import { settlementTask } from '../modules/payments/settle-payment.ts';
import { checkpointTask } from '../modules/provenance/log.ts';
import { webhookTasks } from '../modules/webhooks/tasks.ts';
import type { WorkerTask } from './worker.ts';

export function allTasks(): WorkerTask[] {
  return [
    { name: 'idempotency-purge', idleMs: 60_000, run: purgeExpiredIdempotencyKeys },
    { name: 'sign-in-failures-prune', idleMs: 60_000, run: pruneSignInFailures },
    { name: 'sessions-prune', idleMs: 60_000, run: pruneExpiredSessions },
    ...webhookTasks,
    demoCounterpartyTask,
    settlementTask,
    checkpointTask,
    flagOverdueTask,
  ];
}
