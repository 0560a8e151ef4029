// The background tasks of the service, in one list (webhook delivery, settlement, schedules,
// sweeps, checkpoints and housekeeping each add theirs here). It names every family, so it sits
// at the top beside src/routes.ts; src/worker/ keeps only the loop that runs the tasks.
import { purgeExpiredIdempotencyKeys } from './http/idempotency.ts';
import { captureReadTask } from './modules/capture/read-pass.ts';
import { deliveryTask } from './modules/delivery/drain.ts';
import { demoCounterpartyTask } from './modules/documents/index.ts';
import { flagOverdueTask } from './modules/finance/flag-overdue.ts';
import { pruneExpiredSessions } from './modules/identity/prune-sessions.ts';
import { pruneSignInFailures } from './modules/identity/sign-in-throttle.ts';
import { purgeOldMessages } from './modules/inbound/messages.ts';
import { processInboundPass } from './modules/inbound/process.ts';
import { settlementTask } from './modules/payments/settle-payment.ts';
import { checkpointTask } from './modules/tlog/log.ts';
import { webhookTasks } from './modules/webhooks/tasks.ts';
import type { WorkerTask } from './worker/worker.ts';

export function allTasks(): WorkerTask[] {
  return [
    { name: 'idempotency-purge', idleMs: 60_000, run: purgeExpiredIdempotencyKeys },
    { name: 'sign-in-failures-prune', idleMs: 60_000, run: pruneSignInFailures },
    { name: 'sessions-prune', idleMs: 60_000, run: pruneExpiredSessions },
    { name: 'inbound-purge', idleMs: 60_000, run: purgeOldMessages },
    { name: 'inbound-process', idleMs: 1_000, run: processInboundPass },
    captureReadTask,
    ...webhookTasks,
    deliveryTask,
    demoCounterpartyTask,
    settlementTask,
    checkpointTask,
    flagOverdueTask,
  ];
}
