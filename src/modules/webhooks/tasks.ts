// The webhook worker tasks (registered in src/tasks.ts). Each claims its rows with
// FOR UPDATE SKIP LOCKED, so they run in any number of processes at once.
import type { WorkerTask } from '../../worker/worker.ts';
import { DELIVERY_CONCURRENCY, deliverDue } from './deliver.ts';
import { purgeExpired } from './deliveries.ts';
import { fanOutPass } from './fanout.ts';
import { closeHandoff, openHandoff, recoverLapsedHandoffs } from './held.ts';

export const webhookTasks: WorkerTask[] = [
  // Polled twice a second when idle: the latency from a commit to the first attempt.
  // Under a steady stream of changes a pass finds a few events every few milliseconds, and each
  // pass writes (it was a transaction of five statements then: measured in bench/README.md, the
  // in-process worker cost creates 12-20 % of their throughput). A pass that found less than it
  // asked for waits 100 ms, so batches fill; an idle queue is still polled every 500 ms. A pass
  // is paced to the room of this process's delivery worker (fanOutPass).
  {
    name: 'webhooks-fanout',
    idleMs: 500,
    partialMs: 100,
    wakes: ['webhooks-deliver'],
    run: (ctx) => fanOutPass(ctx),
  },
  {
    name: 'webhooks-deliver',
    idleMs: 500,
    run: (ctx) => deliverDue(ctx),
    // While this worker runs, its fan-out hands fresh deliveries straight to it (held.ts); when it
    // stops, what it still holds is released for the next worker.
    start: (ctx) => openHandoff(ctx, DELIVERY_CONCURRENCY),
    stop: (ctx) => closeHandoff(ctx),
  },
  // Deliveries a fan-out handed to a worker that died before recording them are due again once
  // the lease lapses (60 s): looked for every 10 s, so they wait at most ~70 s (held.ts).
  { name: 'webhooks-recover', idleMs: 10_000, run: (ctx) => recoverLapsedHandoffs(ctx) },
  { name: 'webhooks-purge', idleMs: 60_000, run: (ctx) => purgeExpired(ctx) },
];
