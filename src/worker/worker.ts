// Background loops: each task claims a small batch of rows and returns how many it handled.
// Tasks run again at once while they find work, and every `idleMs` otherwise. Any number of
// workers may run (in the serving process by default, or `docex worker`): tasks claim rows with
// FOR UPDATE SKIP LOCKED, so no row is handled twice.
import type { AppContext } from '../context.ts';

export interface WorkerTask {
  name: string;
  /** Handles one batch; returns the number of items handled. */
  run(ctx: AppContext): Promise<number>;
  idleMs: number;
  /**
   * The most a pass handles. A pass that handled some but fewer waits `partialMs` before the next,
   * so that under a steady trickle batches fill instead of every few rows paying a transaction.
   */
  fullBatch?: number;
  partialMs?: number;
}

export interface RunningWorker {
  stop(): Promise<void>;
  /** Runs every task until none finds work (tests drive the worker with this). */
  drain(): Promise<number>;
}

export function startWorker(
  ctx: AppContext,
  tasks: WorkerTask[],
  opts: { autoStart?: boolean } = {},
): RunningWorker {
  let stopping = false;
  const loops: Promise<void>[] = [];
  const wakeups = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        wakeups.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      wakeups.add(done);
    });

  async function loop(task: WorkerTask): Promise<void> {
    while (!stopping) {
      let handled = 0;
      try {
        handled = await task.run(ctx);
      } catch (err) {
        ctx.log.error({ err, task: task.name }, 'worker task failed');
      }
      if (stopping) break;
      if (handled === 0) await sleep(task.idleMs);
      else if (task.fullBatch !== undefined && handled < task.fullBatch) await sleep(task.partialMs ?? 0);
    }
  }

  if (opts.autoStart !== false) for (const t of tasks) loops.push(loop(t));

  return {
    async stop() {
      stopping = true;
      for (const w of [...wakeups]) w();
      await Promise.all(loops);
    },
    async drain() {
      let total = 0;
      for (let round = 0; round < 1000; round++) {
        let handled = 0;
        for (const t of tasks) handled += await t.run(ctx);
        total += handled;
        if (handled === 0) return total;
      }
      throw new Error('the worker did not run dry after 1000 rounds');
    },
  };
}
