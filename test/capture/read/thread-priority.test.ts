// test-database: none (it uses no database; scripts/run-tests.mjs)
// The capture threads' CPU priority (issue 51, src/lib/thread-priority.ts, capture-worker.ts): a
// capture thread lowers its own priority by DOCEX_CAPTURE_NICE, and the OCR engine's thread it
// starts inherits it, while the thread serving requests keeps the service's. Read from the kernel
// (/proc/self/task/*/stat), on Linux only: the per-thread nice value is Linux's.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as os from 'node:os';
import { after, test } from 'node:test';
import { loadConfig } from '../../../src/config.ts';
import { lowerThreadPriority, lowerThreadsNamed } from '../../../src/lib/thread-priority.ts';
import { closeCapturePool } from '../../../src/modules/capture/capture-pool.ts';
import { readCaptureFile } from '../../../src/modules/capture/read-file.ts';

const LINUX = process.platform === 'linux';
const notLinux = LINUX ? false : 'the nice value is per thread on Linux only (elsewhere it is not changed)';

interface ThreadStat {
  name: string;
  nice: number;
  /** CPU seconds it has used */
  cpuS: number;
}

/** Each thread of this process: its nice value and CPU time (/proc/self/task/<tid>/stat). */
function threadStats(): Map<number, ThreadStat> {
  const out = new Map<number, ThreadStat>();
  for (const tid of readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // ended between the listing and the read
    }
    // The name (field 2) is in parentheses and may hold spaces: fields 3.. follow the last ')'.
    // Field 14 utime, 15 stime (clock ticks, 100 a second), 19 nice.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = (n: number) => Number(f[n - 3]);
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    out.set(Number(tid), { name, nice: at(19), cpuS: (at(14) + at(15)) / 100 });
  }
  return out;
}

// tesseract.js, whose engine is a thread of this process; a native tesseract is a process of its
// own, and its priority is checked in ocr-native.test.ts.
const config = loadConfig({
  NODE_ENV: 'test',
  DOCEX_OCR_NATIVE: 'off',
  DOCEX_CAPTURE_NICE: '10',
  DOCEX_CAPTURE_PAGE_TIMEOUT_MS: '120000',
  DOCEX_CAPTURE_TIMEOUT_MS: '600000',
});
after(() => closeCapturePool(config));

test('a capture thread and the OCR engine it starts run 10 nicer; the main thread does not', {
  skip: notLinux,
}, async () => {
  // libuv's threads (the process's, made at the first use) exist before the snapshot: they are
  // made at the priority of the thread that first needs them, the main one here.
  await stat(import.meta.filename);
  const before = threadStats();
  const mainNice = before.get(process.pid)?.nice;
  assert.equal(typeof mainNice, 'number');
  const lower = Math.min(19, mainNice! + 10);
  const read = await readCaptureFile(config, {
    bytes: new Uint8Array(
      readFileSync(new URL('../../fixtures/capture/scans/invoice-150dpi.png', import.meta.url)),
    ),
    filename: 'invoice.png',
    contentType: 'image/png',
  });
  assert.equal(read.method, 'ocr');
  assert.ok(read.pages[0]!.words.length > 50, 'the scan was read by OCR');
  // The capture thread idles for a minute after its file, and its OCR engine with it. Among the
  // threads started since, the one that used the most CPU is the OCR engine's, and it must run at
  // the lower priority; so must most of the CPU they used, and libvips's workers, which libuv's
  // shared threads start at the service's priority (capture-worker.ts lowers them). (From the
  // sources, tsx's loader thread runs at the service's: started before the capture thread.)
  const started = [...threadStats()].filter(([tid]) => !before.has(tid)).map(([, t]) => t);
  const said = `threads started since: ${JSON.stringify(started)}`;
  const niced = started.filter((t) => t.nice === lower);
  assert.ok(niced.length >= 2, `the capture thread and the OCR engine's at nice ${lower}; ${said}`);
  const libvips = started.filter((t) => t.name.startsWith('libvips worker'));
  assert.ok(libvips.length >= 1, `sharp decoded the PNG on libvips's workers; ${said}`);
  for (const t of libvips) assert.equal(t.nice, lower, `libvips's workers at nice ${lower}; ${said}`);
  const busiest = started.reduce((a, b) => (b.cpuS > a.cpuS ? b : a));
  assert.equal(busiest.nice, lower, `the OCR engine's thread; ${said}`);
  const cpu = (ts: ThreadStat[]) => ts.reduce((s, t) => s + t.cpuS, 0);
  assert.ok(cpu(niced) > cpu(started) / 2, `most of the CPU at the lower priority; ${said}`);
  assert.equal(threadStats().get(process.pid)?.nice, mainNice, 'the main thread keeps its priority');
  assert.equal(os.getPriority(0), mainNice);
});

test('lowering fails softly: a refusal is said, not thrown; elsewhere than Linux nothing is tried', () => {
  const mine = os.getPriority(0);
  // a real refusal from the kernel: no thread has an id above the largest Linux allows (2^22)
  const refused = lowerThreadPriority(
    5,
    { getPriority: os.getPriority, setPriority: (n: number) => os.setPriority(2 ** 22 + 7, n) },
    'linux',
  );
  assert.equal(refused.nice, null);
  assert.equal(refused.refused, true);
  assert.match(refused.reason ?? '', /ESRCH|no such process/i);
  const mac = lowerThreadPriority(5, os, 'darwin');
  assert.deepEqual(mac, {
    nice: null,
    reason: "on darwin a priority is the whole process's, so the thread's is left as it is",
    refused: false,
  });
  assert.deepEqual(lowerThreadPriority(0), { nice: null, reason: null, refused: false });
  assert.equal(lowerThreadsNamed('node', 15, os, 'darwin'), 0, 'no other thread changed elsewhere');
  assert.equal(lowerThreadsNamed('node', 0), 0, 'nor with nothing to lower');
  assert.equal(os.getPriority(0), mine, 'none of these changed this thread');
});
