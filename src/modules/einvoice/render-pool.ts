// E-invoices are written off the main thread (issue 35: one Factur-X export held the event loop
// for 13 s, and every other tenant's requests with it). A small pool of render threads
// (render-worker.ts), started at the first export, not at start (most processes never write one):
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
import type { ExportSource } from './build-model.ts';
import type { EInvoiceFormat } from './render-einvoice.ts';
import type { RenderFailure, RenderReply, RenderRequest } from './render-worker.ts';

export type RenderSettings = Config['render'];

/** Seconds a client is asked to wait before trying again. */
export const RENDER_RETRY_AFTER_SECONDS = 5;
/** A thread with nothing to do for this long ends; the next export starts another. */
const IDLE_MS = 60_000;
/** A thread that has not loaded and warmed up in this time is taken as broken. */
const START_MS = 60_000;
/**
 * The render thread's young generation, MB. V8 lets the process's --max-semi-space-size (32 on
 * PostgreSQL deployments, sized for the main thread) win over a thread's resourceLimits, which
 * would give this thread 64 MB it does not need; see spawn().
 */
const THREAD_YOUNG_GENERATION_MB = 16;

interface Job {
  source: ExportSource;
  format: EInvoiceFormat;
  timeoutMs: number;
  resolve: (bytes: Uint8Array) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  gone: boolean;
}

function fromFailure(f: RenderFailure): Error {
  if (f.code) return new ApiError(f.code, f.message, f.details);
  const err = new Error(`render thread: ${f.message}`);
  if (f.stack) err.stack = f.stack;
  return err;
}

function busy(): ApiError {
  return new ApiError(
    'unavailable',
    `Every render thread is busy and the queue is full; retry in ${RENDER_RETRY_AFTER_SECONDS} seconds (an export once written is kept, so a retry of one that completed costs nothing).`,
    { reason: 'render_queue_full' },
    { 'retry-after': String(RENDER_RETRY_AFTER_SECONDS) },
  );
}

function tooSlow(timeoutMs: number): ApiError {
  return new ApiError(
    'unavailable',
    `Writing this e-invoice took longer than ${timeoutMs} ms and was stopped; nothing was kept. Retry in ${RENDER_RETRY_AFTER_SECONDS} seconds.`,
    { reason: 'render_timeout', timeout_ms: timeoutMs },
    { 'retry-after': String(RENDER_RETRY_AFTER_SECONDS) },
  );
}

/** The render thread (its entry from dist/ or the source: src/lib/thread-entry.ts). */
function spawn(): Worker {
  // "Not given", so resourceLimits decide for the isolate created next (src/db/pglite-pool.ts).
  setFlagsFromString('--max-semi-space-size=0');
  // The thread inherits the process's options (Node filters out those a thread cannot take, such
  // as --max-semi-space-size; given explicitly, they would be refused).
  const options = { resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB } };
  return startThread(import.meta.url, 'render-worker', options);
}

export class RenderPool {
  readonly settings: RenderSettings;
  readonly #threads: Thread[] = [];
  readonly #queue: Job[] = [];
  #next = 1;
  #idle: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(settings: RenderSettings) {
    this.settings = settings;
  }

  /**
   * The file's bytes, written on a render thread. Rejects with 503 unavailable when the queue is
   * full or the job outlives `timeoutMs` (default: the pool's), with einvoice_incomplete as the
   * writer throws it, and with an Error (a 500) when the thread itself fails.
   */
  run(source: ExportSource, format: EInvoiceFormat, opts: { timeoutMs?: number } = {}): Promise<Uint8Array> {
    if (this.#closed) return Promise.reject(new Error('the render pool is closed'));
    const free = this.#threads.some((t) => t.ready && !t.job);
    if (!free && this.#queue.length >= this.settings.queue) return Promise.reject(busy());
    return new Promise<Uint8Array>((resolve, reject) => {
      this.#queue.push({
        source,
        format,
        timeoutMs: opts.timeoutMs ?? this.settings.timeoutMs,
        resolve,
        reject,
      });
      this.#pump();
    });
  }

  /** Threads running now (started or starting). */
  get threads(): number {
    return this.#threads.length;
  }

  /** Ends every thread; jobs waiting or running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#idle) clearTimeout(this.#idle);
    for (const job of this.#queue.splice(0)) job.reject(new Error('the render pool is closed'));
    await Promise.all(this.#threads.map((t) => this.#end(t, new Error('the render pool is closed'))));
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      const thread = this.#threads.find((t) => t.ready && !t.job);
      if (thread) {
        this.#dispatch(thread, this.#queue.shift()!);
        continue;
      }
      if (
        this.#threads.filter((t) => !t.ready).length === 0 &&
        this.#threads.length < this.settings.threads
      ) {
        this.#start();
      }
      break;
    }
    this.#idleCheck();
  }

  #start(): void {
    const thread: Thread = { worker: spawn(), ready: false, job: null, timer: null, gone: false };
    this.#threads.push(thread);
    const { worker } = thread;
    let crash: Error | null = null;
    thread.timer = setTimeout(() => {
      // Most likely a machine too loaded to start it in time: a moment's unavailability, not a bug.
      const err = new ApiError(
        'unavailable',
        `The render thread did not start within ${START_MS / 1000} seconds; retry in ${RENDER_RETRY_AFTER_SECONDS} seconds.`,
        { reason: 'render_start' },
        { 'retry-after': String(RENDER_RETRY_AFTER_SECONDS) },
      );
      void this.#end(thread, err);
    }, START_MS);
    thread.timer.unref();
    worker.on('message', (msg: RenderReply) => {
      if ('ready' in msg) {
        if (thread.timer) clearTimeout(thread.timer);
        thread.timer = null;
        if (!msg.ready) {
          void this.#end(thread, fromFailure(msg.error));
          return;
        }
        thread.ready = true;
        this.#pump();
        return;
      }
      const job = thread.job;
      if (!job) return;
      if (thread.timer) clearTimeout(thread.timer);
      thread.timer = null;
      thread.job = null;
      if (msg.ok) job.resolve(msg.bytes);
      else job.reject(fromFailure(msg.error));
      this.#pump();
    });
    worker.on('error', (err) => {
      crash = err;
    });
    worker.on('exit', (code) => {
      if (thread.gone) return;
      this.#forget(thread);
      const err = new Error(
        `the render thread stopped (exit code ${code})${crash ? `: ${crash.message}` : ''}`,
        {
          cause: crash ?? undefined,
        },
      );
      // A thread that fails before it is ready fails what waits for it: the next export tries a
      // new thread, but a broken one is not restarted in a loop.
      if (thread.job) thread.job.reject(err);
      else if (!thread.ready) for (const job of this.#queue.splice(0)) job.reject(err);
      this.#pump();
    });
  }

  #dispatch(thread: Thread, job: Job): void {
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      // The job's own time is up: its thread is ended (a synchronous render cannot be asked to
      // stop), the job answers 503, and the next job gets a new thread.
      void this.#end(thread, tooSlow(job.timeoutMs));
      this.#pump();
    }, job.timeoutMs);
    const req: RenderRequest = { id: this.#next++, source: job.source, format: job.format };
    thread.worker.postMessage(req);
  }

  #forget(thread: Thread): void {
    thread.gone = true;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    const i = this.#threads.indexOf(thread);
    if (i >= 0) this.#threads.splice(i, 1);
  }

  /** Terminates a thread; its job (or, before it was ready, every waiting job) fails with `err`. */
  async #end(thread: Thread, err: Error): Promise<void> {
    if (thread.gone) return;
    this.#forget(thread);
    const job = thread.job;
    thread.job = null;
    if (job) job.reject(err);
    else if (!thread.ready) for (const waiting of this.#queue.splice(0)) waiting.reject(err);
    await thread.worker.terminate();
  }

  /** Idle threads do not keep the process alive, and end after IDLE_MS with nothing to do. */
  #idleCheck(): void {
    const working = this.#queue.length > 0 || this.#threads.some((t) => t.job || !t.ready);
    for (const t of this.#threads) if (!t.job && t.ready) t.worker.unref();
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    if (working || this.#threads.length === 0) return;
    this.#idle = setTimeout(() => {
      this.#idle = null;
      for (const t of [...this.#threads]) if (!t.job && t.ready) void this.#end(t, new Error('idle'));
    }, IDLE_MS);
    this.#idle.unref();
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
