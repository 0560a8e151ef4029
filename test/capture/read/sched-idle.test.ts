// test-database: none (it uses no database; scripts/run-tests.mjs)
// DOCEX_CAPTURE_SCHED_IDLE (issue 51, src/lib/thread-priority.ts idleSchedulingClass): the thread
// that asks is put in Linux's SCHED_IDLE class, and so is a thread it starts afterwards, while the
// main thread keeps its class; read from the kernel (/proc/self/task/<tid>/stat, field 41 policy).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../../../src/config.ts';
import { idleSchedulingClass } from '../../../src/lib/thread-priority.ts';

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** The scheduling policy of one of this process's threads. */
function policyOf(tid: number | string): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  // Fields 3.. follow the name's closing parenthesis (the name may hold spaces); 41 is the policy.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
}

/** A thread that asks for SCHED_IDLE, then starts one of its own; both ids, the outcome. */
const THREAD = `
const { parentPort, Worker } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const tid = () => readlinkSync('/proc/thread-self').split('/').pop();
import(process.env.DOCEX_TEST_TSX).then((tsx) => { tsx.register(); return import(process.env.DOCEX_TEST_MODULE); }).then(({ idleSchedulingClass }) => {
  const outcome = idleSchedulingClass();
  const child = new Worker(
    "require('node:worker_threads').parentPort.postMessage(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); setTimeout(() => {}, 60000)",
    { eval: true },
  );
  child.once('message', (childTid) => parentPort.postMessage({ tid: tid(), childTid, outcome }));
});
`;

const notLinux = (() => {
  if (process.platform !== 'linux') return 'SCHED_IDLE is Linux only';
  try {
    readFileSync('/proc/self/stat');
  } catch {
    return 'no /proc';
  }
  return false;
})();

test('the thread that asks, and a thread it starts afterwards, are in SCHED_IDLE; the main thread is not', {
  skip: notLinux,
}, async () => {
  const worker = new Worker(THREAD, {
    eval: true,
    env: {
      ...process.env,
      DOCEX_TEST_MODULE: new URL('../../../src/lib/thread-priority.ts', import.meta.url).href,
      DOCEX_TEST_TSX: import.meta.resolve('tsx/esm/api'),
    },
  });
  try {
    const got = await new Promise<{ tid: string; childTid: string; outcome: { reason: string | null } }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    assert.equal(got.outcome.reason, null, `chrt applied: ${JSON.stringify(got.outcome)}`);
    assert.equal(policyOf(got.tid), SCHED_IDLE, 'the thread that asked');
    assert.equal(policyOf(got.childTid), SCHED_IDLE, 'the thread it started afterwards');
    assert.equal(policyOf(process.pid), SCHED_OTHER, 'the main thread keeps its class');
    worker.postMessage('done');
  } finally {
    await worker.terminate();
  }
});

test('a missing or refusing chrt is said, not thrown; elsewhere than Linux nothing is tried', () => {
  const missing = idleSchedulingClass('linux', { command: 'docex-no-such-chrt', threadId: () => '1' });
  assert.equal(missing.refused, true);
  assert.match(missing.reason ?? '', /ENOENT/);
  // a real refusal: no thread has an id above the largest Linux allows (2^22)
  const refused = idleSchedulingClass('linux', { command: 'chrt', threadId: () => String(2 ** 22 + 7) });
  assert.equal(refused.refused, true);
  assert.ok((refused.reason ?? '').length > 0, 'chrt says why');
  assert.deepEqual(idleSchedulingClass('darwin'), {
    nice: null,
    reason: "SCHED_IDLE is Linux's; not on darwin",
    refused: false,
  });
  assert.equal(policyOf(process.pid), SCHED_OTHER, 'none of these changed this thread');
});

test('DOCEX_CAPTURE_SCHED_IDLE is off unless switched on, and only on or off', () => {
  assert.equal(loadConfig({}).capture.schedIdle, false);
  assert.equal(loadConfig({ DOCEX_CAPTURE_SCHED_IDLE: 'on' }).capture.schedIdle, true);
  assert.throws(() => loadConfig({ DOCEX_CAPTURE_SCHED_IDLE: 'idle' }), /DOCEX_CAPTURE_SCHED_IDLE/);
});
