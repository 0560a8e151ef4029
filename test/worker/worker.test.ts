// test-database: none (it uses no database; scripts/run-tests.mjs)
// The worker's pacing: a task that makes another's work due wakes it from its idle wait, and a
// wake that arrives while the woken task is running is not lost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppContext } from '../../src/context.ts';
import { startWorker, type WorkerTask } from '../../src/worker/worker.ts';

const silentLog = { error() {}, warn() {}, info() {}, debug() {} };
const ctx = { log: silentLog } as unknown as AppContext;

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Runs the tasks until `done` (or 5 s, so a missed wake fails its assertion instead of hanging). */
async function runUntil(tasks: WorkerTask[], done: { promise: Promise<void>; resolve: () => void }) {
  const worker = startWorker(ctx, tasks);
  const timeout = setTimeout(() => done.resolve(), 5_000);
  await done.promise;
  clearTimeout(timeout);
  await worker.stop();
}

test('a task that made work due wakes the task that handles it, instead of its idle wait', async () => {
  let produced = 0;
  let consumed = 0;
  const done = deferred();
  let produceAt = 0;
  let consumedAt = 0;
  const tasks: WorkerTask[] = [
    {
      name: 'produce',
      idleMs: 60_000,
      wakes: ['consume'],
      run: async () => {
        // Produce once, a little after the consumer has gone idle.
        if (produced > 0) return 0;
        await new Promise((resolve) => setTimeout(resolve, 100));
        produced = 1;
        produceAt = performance.now();
        return 1;
      },
    },
    {
      name: 'consume',
      idleMs: 60_000,
      run: async () => {
        if (consumed === produced) return 0;
        consumed = produced;
        consumedAt = performance.now();
        done.resolve();
        return 1;
      },
    },
  ];
  await runUntil(tasks, done);
  assert.equal(consumed, 1, 'the consumer ran again well before its 60 s idle wait was over');
  assert.ok(consumedAt - produceAt < 1_000);
});

test('a wake that arrives while the woken task is running makes it run again', async () => {
  let produced = 0;
  let consumed = 0;
  const consumerRunning = deferred();
  const producedNow = deferred();
  const done = deferred();
  const tasks: WorkerTask[] = [
    {
      name: 'produce',
      idleMs: 60_000,
      wakes: ['consume'],
      run: async () => {
        if (produced > 0) return 0;
        await consumerRunning.promise; // produce while the consumer is mid-pass
        produced = 1;
        producedNow.resolve();
        return 1;
      },
    },
    {
      name: 'consume',
      idleMs: 60_000,
      run: async () => {
        const seen = produced;
        if (consumed === 0 && seen === 0) {
          // The first pass looks before anything is produced and finishes after it was.
          consumerRunning.resolve();
          await producedNow.promise;
          return 0;
        }
        if (seen > consumed) {
          consumed = seen;
          done.resolve();
          return 1;
        }
        return 0;
      },
    },
  ];
  await runUntil(tasks, done);
  assert.equal(consumed, 1, 'the wake during the pass was kept and the consumer ran again');
});

test('a running worker starts its tasks before their loops and stops them after; drain does neither', async () => {
  const seen: string[] = [];
  let runs = 0;
  const task: WorkerTask = {
    name: 'hooked',
    idleMs: 60_000,
    start: () => {
      seen.push(`start (runs ${runs})`);
    },
    stop: async () => {
      seen.push(`stop (runs ${runs})`);
    },
    run: async () => {
      runs++;
      return 0;
    },
  };
  const worker = startWorker(ctx, [task]);
  await new Promise((resolve) => setImmediate(resolve));
  await worker.stop();
  assert.deepEqual(seen, ['start (runs 0)', 'stop (runs 1)']);

  seen.length = 0;
  await startWorker(ctx, [task], { autoStart: false }).drain();
  assert.deepEqual(seen, [], 'drain runs the tasks only');
});

test('a task whose stop fails does not keep the others from stopping', async () => {
  const stopped: string[] = [];
  const tasks: WorkerTask[] = ['a', 'b'].map((name) => ({
    name,
    idleMs: 60_000,
    run: async () => 0,
    stop: async () => {
      stopped.push(name);
      if (name === 'a') throw new Error('cannot stop');
    },
  }));
  const worker = startWorker(ctx, tasks);
  await worker.stop();
  assert.deepEqual(stopped, ['a', 'b']);
});

test('stopping twice stops the tasks once', async () => {
  let stops = 0;
  const worker = startWorker(ctx, [
    {
      name: 'once',
      idleMs: 60_000,
      run: async () => 0,
      stop: async () => {
        stops++;
      },
    },
  ]);
  await Promise.all([worker.stop(), worker.stop()]);
  await worker.stop();
  assert.equal(stops, 1);
});

test('a pass that was not full waits partialMs before the next; a full one runs again at once', async () => {
  const starts: number[] = [];
  const done = deferred();
  const tasks: WorkerTask[] = [
    {
      name: 'batches',
      idleMs: 60_000,
      partialMs: 300,
      run: async () => {
        starts.push(performance.now());
        if (starts.length === 4) done.resolve();
        // Two full passes, then a partial one, then the fourth.
        return { handled: 5, full: starts.length <= 2 };
      },
    },
  ];
  await runUntil(tasks, done);
  assert.equal(starts.length, 4);
  const [a = 0, b = 0, c = 0, d = 0] = starts;
  assert.ok(b - a < 100 && c - b < 100, 'full passes follow each other at once');
  assert.ok(d - c >= 290, `a partial pass is followed by the partial wait (${Math.round(d - c)} ms)`);
});

test('drain adds up what passes handled, whether they answer a count or a Pass', async () => {
  let left = 3;
  const tasks: WorkerTask[] = [
    { name: 'count', idleMs: 60_000, run: async () => (left > 0 ? 1 : 0) },
    {
      name: 'pass',
      idleMs: 60_000,
      run: async () => {
        if (left === 0) return { handled: 0, full: false };
        left--;
        return { handled: 2, full: false };
      },
    },
  ];
  assert.equal(await startWorker(ctx, tasks, { autoStart: false }).drain(), 9);
});
