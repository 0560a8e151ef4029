// test-database: none
// The thread pool's warmth (src/lib/thread-pool.ts, keepWarm): while someone keeps the pool warm
// one thread is started before any job, kept through idle time and replaced at once when it ends,
// but a thread that cannot start is not restarted in a loop; without warmth, idle threads end.
// Real worker threads, each a few lines speaking the pool's protocol.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { type PoolKind, type PoolSettings, ThreadPool } from '../../src/lib/thread-pool.ts';

interface Job {
  value?: number;
  /** the thread sleeps this long before it answers */
  sleepMs?: number;
  /** the thread never answers: the job's time limit ends it */
  hang?: boolean;
}

const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.failStart) parentPort.postMessage({ ready: false, error: { code: null, message: 'cannot start' } });
else parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, job }) => {
  if (job.hang) return;
  if (job.sleepMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.sleepMs);
  parentPort.postMessage({ id, ok: true, result: (job.value ?? 0) * 2 });
});`;

function pool(settings: Partial<PoolSettings>, opts: { failStart?: boolean } = {}) {
  let spawned = 0;
  const kind: PoolKind = {
    name: 'test',
    spawn: () => {
      spawned++;
      return new Worker(THREAD, { eval: true, workerData: { failStart: opts.failStart ?? false } });
    },
    busy: () => new Error('busy'),
    tooSlow: (ms) => new Error(`over ${ms} ms`),
    notStarted: () => new Error('not started'),
  };
  const p = new ThreadPool<Job, number>(
    { threads: 1, queue: 8, timeoutMs: 10_000, idleMs: 50, ...settings },
    kind,
  );
  return { p, spawned: () => spawned };
}

/** Waits until `pred` holds (a bound for a slow machine, not a timing assertion). */
async function until(pred: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`not within 15 s: ${what}`);
    await sleep(10);
  }
}

test('without warmth an idle thread ends; kept warm, one is started before any job and outlives idle time', async () => {
  const cold = pool({});
  assert.equal(cold.p.threads, 0, 'no thread before the first job');
  assert.equal(await cold.p.run({ value: 4 }), 8);
  await until(() => cold.p.threads === 0, 'the idle thread ended');
  await cold.p.close();

  const { p, spawned } = pool({});
  const release = p.keepWarm();
  assert.equal(p.threads, 1, 'started at once, before any job');
  assert.equal(await p.run({ value: 21 }), 42);
  await sleep(300); // six idle periods
  assert.equal(p.threads, 1, 'kept through idle time');
  assert.equal(await p.run({ value: 1 }), 2);
  assert.equal(spawned(), 1, 'every job ran on the one warm thread');
  release();
  await until(() => p.threads === 0, 'the last release ends the idle thread');
  await p.close();
});

test('kept warm with two threads: after both worked, one is kept and the other ends', async () => {
  const { p } = pool({ threads: 2 });
  const release = p.keepWarm();
  const results = await Promise.all([p.run({ value: 1, sleepMs: 200 }), p.run({ value: 2, sleepMs: 200 })]);
  assert.deepEqual(results, [2, 4]);
  assert.equal(p.threads, 2, 'both threads worked');
  await until(() => p.threads === 1, 'the second thread ended when idle');
  await sleep(300);
  assert.equal(p.threads, 1, 'the warm one stays');
  release();
  await p.close();
});

test('a warm thread ended by a job over its time limit is replaced at once, without waiting for a job', async () => {
  const { p, spawned } = pool({ timeoutMs: 100 });
  const release = p.keepWarm();
  await assert.rejects(p.run({ hang: true }), /over 100 ms/);
  await until(() => spawned() === 2 && p.threads === 1, 'a new thread started');
  assert.equal(await p.run({ value: 5 }), 10);
  assert.equal(spawned(), 2, 'the next job ran on the replacement');
  release();
  await p.close();
});

test('a thread that cannot start is not restarted in a loop by warmth; the next job tries again', async () => {
  const { p, spawned } = pool({}, { failStart: true });
  const release = p.keepWarm();
  await until(() => p.threads === 0, 'the broken thread ended');
  await sleep(300);
  assert.equal(spawned(), 1, 'not restarted');
  await assert.rejects(p.run({ value: 1 }), /cannot start/);
  assert.equal(spawned(), 2);
  release();
  await p.close();
});

test('a closed pool starts nothing, warm or not', async () => {
  const { p, spawned } = pool({});
  await p.close();
  const release = p.keepWarm();
  assert.equal(spawned(), 0);
  assert.equal(p.threads, 0);
  release();
});
