// The webhook worker tasks (registered in src/worker/tasks.ts). Each claims its rows with
// FOR UPDATE SKIP LOCKED, so they run in any number of processes at once.
import type { WorkerTask } from '../../worker/worker.ts';
import { deliverDue } from './deliver.ts';
import { purgeExpired } from './deliveries.ts';
import { fanOutEvents } from './fanout.ts';

export const webhookTasks: WorkerTask[] = [
  // Polled twice a second when idle: the latency from a commit to the first attempt.
  { name: 'webhooks-fanout', idleMs: 500, run: (ctx) => fanOutEvents(ctx) },
  { name: 'webhooks-deliver', idleMs: 500, run: (ctx) => deliverDue(ctx) },
  { name: 'webhooks-purge', idleMs: 60_000, run: (ctx) => purgeExpired(ctx) },
];
