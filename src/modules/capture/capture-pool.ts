// Captured files are read off the main thread, in the shared bounded pool (src/lib/thread-pool.ts)
// on capture threads (capture-worker.ts), started at the first file, with the render pool's
// discipline (CONTRACT §13: "it never delays the SMTP listener's reply or another request"):
//   - DOCEX_CAPTURE_THREADS threads (default 1), each reading one file at a time;
//   - at most DOCEX_CAPTURE_QUEUE files waiting for a thread (default 16); one more is refused at
//     once with 503 and Retry-After;
//   - DOCEX_CAPTURE_TIMEOUT_MS per file (default 240 s): a file still being read then has its
//     thread terminated, and a new thread is started for the next file; within it each page's OCR
//     has DOCEX_CAPTURE_PAGE_TIMEOUT_MS (read-pages.ts);
//   - each thread runs DOCEX_CAPTURE_NICE steps below the service's CPU priority (default 10, Linux),
//     and so do the OCR engine's thread it starts and libvips's workers (lowered by their id): the
//     thread serving HTTP and the SMTP listener gets a core first whenever both want one
//     (capture-worker.ts, src/lib/thread-priority.ts);
//   - each thread's heap is limited (CAPTURE_HEAP_MB): a file that needs more ends its thread and
//     is refused, never the process. Pixels live outside the heap and are bounded by the pixel
//     limits of read/images.ts and read/render-pdf.ts.
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import type { Config } from '../../config.ts';
import { ApiError } from '../../lib/errors.ts';
import { startThread } from '../../lib/thread-entry.ts';
import { ThreadPool } from '../../lib/thread-pool.ts';
import type { CaptureJob, CaptureResult, CaptureThreadData } from './capture-worker.ts';
import { makeOcrDataDir, removeOcrDataDir } from './read/ocr-data.ts';
import { endOrphanedOcr } from './read/ocr-native.ts';

/** Seconds a caller is asked to wait before trying again. */
export const CAPTURE_RETRY_AFTER_SECONDS = 30;
/** A capture thread's old generation, MB: pdf.js's objects for a 20-page PDF fit well within it. */
export const CAPTURE_HEAP_MB = 512;
const THREAD_YOUNG_GENERATION_MB = 16;

const retry = { 'retry-after': String(CAPTURE_RETRY_AFTER_SECONDS) };

function spawn(nice: number, ocrData: string): Worker {
  // "Not given", so resourceLimits decide for the isolate created next (src/db/pglite-pool.ts).
  setFlagsFromString('--max-semi-space-size=0');
  const ocrChild = new Int32Array(new SharedArrayBuffer(4));
  const workerData: CaptureThreadData = { nice, ocrData, ocrChild };
  const worker = startThread(import.meta.url, 'capture-worker', {
    workerData,
    resourceLimits: {
      maxOldGenerationSizeMb: CAPTURE_HEAP_MB,
      maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
    },
  });
  // A native OCR process outlives the thread that started it: ended with it.
  worker.once('exit', () => endOrphanedOcr(ocrChild));
  return worker;
}

const CAPTURE = {
  name: 'capture',
  busy: () =>
    new ApiError(
      'unavailable',
      `Every capture thread is busy and the queue is full; retry in ${CAPTURE_RETRY_AFTER_SECONDS} seconds.`,
      { reason: 'capture_queue_full' },
      retry,
    ),
  tooSlow: (timeoutMs: number) =>
    new ApiError(
      'unavailable',
      `Reading this file took longer than ${timeoutMs / 1000} seconds and was stopped (DOCEX_CAPTURE_TIMEOUT_MS).`,
      { reason: 'capture_timeout', timeout_ms: timeoutMs },
      retry,
    ),
  notStarted: (startMs: number) =>
    new ApiError(
      'unavailable',
      `The capture thread did not start within ${startMs / 1000} seconds; retry in ${CAPTURE_RETRY_AFTER_SECONDS} seconds.`,
      { reason: 'capture_start' },
      retry,
    ),
};

export type CapturePool = ThreadPool<CaptureJob, CaptureResult>;

const pools = new WeakMap<Config, { pool: CapturePool; ocrData: string }>();

/** One pool per service configuration, started at its first file. */
export function capturePool(config: Config): CapturePool {
  let entry = pools.get(config);
  if (!entry) {
    const { nice } = config.capture;
    // the native OCR engine's unpacked language data, shared by this pool's threads (read/ocr-data.ts)
    const ocrData = makeOcrDataDir();
    entry = {
      pool: new ThreadPool(config.capture, { ...CAPTURE, spawn: () => spawn(nice, ocrData) }),
      ocrData,
    };
    pools.set(config, entry);
  }
  return entry.pool;
}

/** Ends the configuration's capture threads (the service's close, a test's end). */
export async function closeCapturePool(config: Config): Promise<void> {
  const entry = pools.get(config);
  pools.delete(config);
  await entry?.pool.close();
  if (entry) removeOcrDataDir(entry.ocrData);
}
