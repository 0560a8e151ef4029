// E-invoices are written off the main thread (issue 35: one Factur-X export held the event loop
// for 13 s, and every other tenant's requests with it), in the shared bounded pool
// (src/lib/thread-pool.ts) on render threads (render-worker.ts), started at the first export:
//   - DOCEX_RENDER_THREADS threads (default 1), each rendering one job at a time;
//   - at most DOCEX_RENDER_QUEUE jobs waiting for a thread (default 16); one more is refused at once;
//   - DOCEX_RENDER_TIMEOUT_MS per job (default 20 s): a job still running then has its thread
//     terminated, and a new thread is started for the next job.
// Refused or stopped jobs answer 503 unavailable with Retry-After, in the envelope. A thread idle
// for a minute ends (its pdfkit and fonts are some 30 MB), and an idle thread never keeps the
// process alive.
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import type { Config } from '../../config.ts';
import { ApiError } from '../../lib/errors.ts';
import { startThread } from '../../lib/thread-entry.ts';
import { ThreadPool } from '../../lib/thread-pool.ts';
import type { ExportSource } from './build-model.ts';
import type { EInvoiceFormat } from './render-einvoice.ts';
import type { RenderRequest } from './render-worker.ts';

export type RenderSettings = Config['render'];

/** Seconds a client is asked to wait before trying again. */
export const RENDER_RETRY_AFTER_SECONDS = 5;
/**
 * The render thread's young generation, MB. V8 lets the process's --max-semi-space-size (32 on
 * PostgreSQL deployments, sized for the main thread) win over a thread's resourceLimits, which
 * would give this thread 64 MB it does not need; see spawn().
 */
const THREAD_YOUNG_GENERATION_MB = 16;

const retry = { 'retry-after': String(RENDER_RETRY_AFTER_SECONDS) };

/** The render thread (its entry from dist/ or the source: src/lib/thread-entry.ts). */
function spawn(): Worker {
  // "Not given", so resourceLimits decide for the isolate created next (src/db/pglite-pool.ts).
  setFlagsFromString('--max-semi-space-size=0');
  // The thread inherits the process's options (Node filters out those a thread cannot take, such
  // as --max-semi-space-size; given explicitly, they would be refused).
  const options = { resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB } };
  return startThread(import.meta.url, 'render-worker', options);
}

const RENDER = {
  name: 'render',
  spawn,
  busy: () =>
    new ApiError(
      'unavailable',
      `Every render thread is busy and the queue is full; retry in ${RENDER_RETRY_AFTER_SECONDS} seconds (an export once written is kept, so a retry of one that completed costs nothing).`,
      { reason: 'render_queue_full' },
      retry,
    ),
  tooSlow: (timeoutMs: number) =>
    new ApiError(
      'unavailable',
      `Writing this e-invoice took longer than ${timeoutMs} ms and was stopped; nothing was kept. Retry in ${RENDER_RETRY_AFTER_SECONDS} seconds.`,
      { reason: 'render_timeout', timeout_ms: timeoutMs },
      retry,
    ),
  // Most likely a machine too loaded to start it in time: a moment's unavailability, not a bug.
  notStarted: (startMs: number) =>
    new ApiError(
      'unavailable',
      `The render thread did not start within ${startMs / 1000} seconds; retry in ${RENDER_RETRY_AFTER_SECONDS} seconds.`,
      { reason: 'render_start' },
      retry,
    ),
};

export class RenderPool {
  readonly settings: RenderSettings;
  readonly #pool: ThreadPool<RenderRequest, Uint8Array>;

  constructor(settings: RenderSettings) {
    this.settings = settings;
    this.#pool = new ThreadPool(settings, RENDER);
  }

  /**
   * The file's bytes, written on a render thread. Rejects with 503 unavailable when the queue is
   * full or the job outlives `timeoutMs` (default: the pool's), with einvoice_incomplete as the
   * writer throws it, and with an Error (a 500) when the thread itself fails.
   */
  run(source: ExportSource, format: EInvoiceFormat, opts: { timeoutMs?: number } = {}): Promise<Uint8Array> {
    return this.#pool.run({ source, format }, opts);
  }

  /** Threads running now (started or starting). */
  get threads(): number {
    return this.#pool.threads;
  }

  /** Ends every thread; jobs waiting or running fail. */
  close(): Promise<void> {
    return this.#pool.close();
  }
}

/** One pool per service configuration, started at its first export. */
const pools = new WeakMap<Config, RenderPool>();

export function renderPool(config: Config): RenderPool {
  let pool = pools.get(config);
  if (!pool) {
    pool = new RenderPool(config.render);
    pools.set(config, pool);
  }
  return pool;
}
