// Background loops: each task claims a small batch of rows and returns how many it handled.
// Tasks run again at once while they find work, and every `idleMs` otherwise. Any number of
// workers may run (in the serving process by default, or `docex worker`): tasks claim rows with
// FOR UPDATE SKIP LOCKED, so no row is handled twice.
import type { AppContext } from '../context.ts';

/**
 * What a pass did, for a task that batches: how many items it handled, and whether it got all
 * it asked for (so more may be waiting: the next pass runs at once).
 */
export interface Pass {
  handled: number;
  full: boolean;
}

export interface WorkerTask {
  name: string;
  /** Handles one batch; returns the number of items handled (or a Pass). */
  run(ctx: AppContext): Promise<number | Pass>;
  idleMs: number;
  /**
   * For a task whose run answers a Pass: a pass that handled some but was not full waits
   * `partialMs` before the next, so that under a steady trickle batches fill instead of every
   * few rows paying a transaction.
   */
  partialMs?: number;
  /**
   * Tasks (by name) that this one's work makes due, woken from their idle wait when a pass
   * handled something, instead of waiting out their `idleMs`: fan-out wakes delivery, so a
   * delivery is attempted as soon as it exists. Other processes still find it by polling.
   */
  wakes?: string[];
  /**
   * Called when a running worker starts its loops (not by `drain`), with a function that ends
   * this task's idle wait (or, mid-pass, makes it run again at once): for work this process
   * makes due outside the worker (email delivery's wake.ts).
   */
  start?(ctx: AppContext, wake: () => void): void;
  /** Called once a running worker's loops have all ended. */
  stop?(ctx: AppContext): Promise<void>;
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
  // Per task name: how to end its idle wait, and whether a wake came while it was not waiting.
  const idle = new Map<string, () => void>();
  const woken = new Set<string>();

  const sleep = (ms: number, name?: string) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        wakeups.delete(done);
        if (name !== undefined) idle.delete(name);
        resolve();
      };
      const t = setTimeout(done, ms);
      wakeups.add(done);
      if (name !== undefined) idle.set(name, done);
    });

  const wakeTask = (name: string) => {
    const w = idle.get(name);
    if (w) w();
    else woken.add(name);
  };

  // Measured in bench/webhooks.ts: without the wake, delivery found nothing on its first pass
  // while fan-out wrote the first batch, then idled 500 ms (the first 0.5 s of a ~4 s run were
  // 64 % idle); with it, worker/bare went 0.29 → 0.37 (3 back-to-back pairs).
  async function loop(task: WorkerTask): Promise<void> {
    let failures = 0;
    while (!stopping) {
      let pass: Pass = { handled: 0, full: false };
      woken.delete(task.name); // this pass sees whatever a wake announced
      try {
        pass = asPass(await task.run(ctx));
        failures = 0;
        ctx.metrics?.workerPass(task.name, true, ctx.clock.now());
      } catch (err) {
        failures++;
        ctx.metrics?.workerPass(task.name, false, ctx.clock.now());
        // A database away for a minute is waited out, not spun on: the task backs off (0.25 s
        // doubling to 5 s), logs once a streak (and every 20th failure), and resumes by itself
        // when a pass succeeds again (issue 28).
        if (failures === 1 || failures % 20 === 0) {
          ctx.log.error({ err, task: task.name, failures }, 'worker task failed');
        }
        if (stopping) break;
        await sleep(Math.min(250 * 2 ** (failures - 1), 5_000), task.name);
        continue;
      }
      if (stopping) break;
      if (pass.handled > 0) for (const name of task.wakes ?? []) wakeTask(name);
      if (pass.handled === 0) {
        // Work made due while this pass ran: run again at once rather than sleep through it.
        if (woken.delete(task.name)) continue;
        await sleep(task.idleMs, task.name);
      } else if (!pass.full) await sleep(task.partialMs ?? 0);
    }
  }

  const running = opts.autoStart !== false;
  if (running) {
    for (const t of tasks) t.start?.(ctx, () => wakeTask(t.name));
    for (const t of tasks) loops.push(loop(t));
  }

  // Stopping happens once, however often stop() is called (a test and its harness both stop the
  // worker): a task's stop hook may count the workers it serves (webhooks/held.ts).
  let stopped: Promise<void> | null = null;
  const stopOnce = async () => {
    stopping = true;
    for (const w of [...wakeups]) w();
    await Promise.all(loops);
    if (!running) return;
    for (const t of tasks) {
      try {
        await t.stop?.(ctx);
      } catch (err) {
        ctx.log.error({ err, task: t.name }, 'worker task could not stop cleanly');
      }
    }
  };

  return {
    stop() {
      stopped ??= stopOnce();
      return stopped;
    },
    async drain() {
      let total = 0;
      for (let round = 0; round < 1000; round++) {
        let handled = 0;
        for (const t of tasks) handled += asPass(await t.run(ctx)).handled;
        total += handled;
        if (handled === 0) return total;
      }
      throw new Error('the worker did not run dry after 1000 rounds');
    },
  };
}

/** A plain count is a pass that may have left more: the task runs again at once while it finds work. */
function asPass(result: number | Pass): Pass {
  return typeof result === 'number' ? { handled: result, full: true } : result;
}
