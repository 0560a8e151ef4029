// A bounded pool of worker threads for work that must not hold the thread serving requests (issue
// 35: one Factur-X export held the event loop 13 s; issue 47: one email's headers 193 s). Each
// pool (the render pool, the parse pool) gives its own thread entry and its own refusals; the
// discipline is this one:
//   - `threads` threads, each doing one job at a time, started at the first job (most processes
//     never need one);
//   - at most `queue` jobs waiting for a thread; one more is refused at once (`busy`);
//   - `timeoutMs` per job: a job still running then has its thread terminated (a synchronous parse
//     cannot be asked to stop) and answers `tooSlow`; a new thread takes the next job;
//   - a thread that dies (out of memory under its resourceLimits, say) fails its own job only;
//   - a thread idle for a minute ends, and an idle thread never keeps the process alive;
//   - while someone keeps the pool warm (keepWarm: the SMTP listener, whose 250 waits for a parse
//     thread), one thread is started at once and kept through idle minutes, and a started thread
//     that ends (a job's time limit) is replaced at once: nobody waits for a thread's start.
// The thread side (the job loop) is src/lib/thread-jobs.ts.
import type { Worker } from 'node:worker_threads';
import { ApiError, type ErrorCode } from './errors.ts';

export interface PoolSettings {
  threads: number;
  queue: number;
  timeoutMs: number;
  /** How long a thread with nothing to do lives (IDLE_MS unless given: tests shorten it). */
  idleMs?: number;
}

/** An error as it crosses from a thread: an ApiError keeps its code and details. */
export interface ThreadFailure {
  code: ErrorCode | null;
  message: string;
  details?: Record<string, unknown>;
  stack?: string;
}

export interface ThreadRequest<Q> {
  id: number;
  job: Q;
}

export type ThreadReply<R> =
  | { ready: true }
  | { ready: false; error: ThreadFailure }
  | { id: number; ok: true; result: R }
  | { id: number; ok: false; error: ThreadFailure };

/** What makes a pool this pool: its thread, and how it words its refusals. */
export interface PoolKind {
  /** "render", "parse": named in the errors of a thread that stopped. */
  name: string;
  spawn(): Worker;
  /** The queue is full. */
  busy(): Error;
  /** A job outlived its time limit. */
  tooSlow(timeoutMs: number): Error;
  /** A thread did not start (load and warm up) within `startMs`. */
  notStarted(startMs: number): Error;
}

/** A thread with nothing to do for this long ends; the next job starts another. */
const IDLE_MS = 60_000;
/** A thread that has not loaded and warmed up in this time is taken as broken. */
const START_MS = 60_000;

interface Job<Q, R> {
  job: Q;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  resolve: (result: R) => void;
  reject: (err: Error) => void;
}

interface Thread<Q, R> {
  worker: Worker;
  ready: boolean;
  job: Job<Q, R> | null;
  timer: NodeJS.Timeout | null;
  gone: boolean;
}

export function fromFailure(name: string, f: ThreadFailure): Error {
  if (f.code) return new ApiError(f.code, f.message, f.details);
  const err = new Error(`${name} thread: ${f.message}`);
  if (f.stack) err.stack = f.stack;
  return err;
}

/** The thread of a job stopped under it (crashed, or ran out of its memory limit). */
export class ThreadStopped extends Error {
  readonly exitCode: number;
  readonly outOfMemory: boolean;
  constructor(name: string, exitCode: number, crash: Error | null) {
    super(`the ${name} thread stopped (exit code ${exitCode})${crash ? `: ${crash.message}` : ''}`, {
      cause: crash ?? undefined,
    });
    this.exitCode = exitCode;
    this.outOfMemory = (crash as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
  }
}

export class ThreadPool<Q, R> {
  readonly settings: PoolSettings;
  readonly #kind: PoolKind;
  readonly #threads: Thread<Q, R>[] = [];
  readonly #queue: Job<Q, R>[] = [];
  #next = 1;
  #idle: NodeJS.Timeout | null = null;
  #closed = false;
  /** How many keep the pool warm (keepWarm): while any does, one thread stays started. */
  #warm = 0;

  constructor(settings: PoolSettings, kind: PoolKind) {
    this.settings = settings;
    this.#kind = kind;
  }

  /**
   * The job's result, from a thread. Rejects with the kind's `busy` when the queue is full, its
   * `tooSlow` when the job outlives `timeoutMs` (default: the pool's), an ApiError as the thread
   * threw it, and ThreadStopped when the thread itself died. `transfer` moves buffers instead of
   * copying them (they are unusable here afterwards).
   */
  run(job: Q, opts: { timeoutMs?: number; transfer?: ArrayBuffer[] } = {}): Promise<R> {
    if (this.#closed) return Promise.reject(new Error(`the ${this.#kind.name} pool is closed`));
    const free = this.#threads.some((t) => t.ready && !t.job);
    if (!free && this.#queue.length >= this.settings.queue) return Promise.reject(this.#kind.busy());
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({
        job,
        transfer: opts.transfer ?? [],
        timeoutMs: opts.timeoutMs ?? this.settings.timeoutMs,
        resolve,
        reject,
      });
      this.#pump();
    });
  }

  /**
   * Keeps one thread started until the answer is called: started now, kept through idle minutes,
   * and replaced at once when a thread that had started ends (a job over its time limit, a crash).
   * A thread that fails to start is not: the next job tries again, as without warmth. The last
   * release ends the idle threads at once (what kept them is gone: a listener closed).
   */
  keepWarm(): () => void {
    this.#warm++;
    this.#warmUp();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#warm--;
      if (this.#warm === 0) {
        for (const t of this.#threads.filter((x) => !x.job && x.ready)) void this.#end(t, new Error('idle'));
      }
      this.#idleCheck();
    };
  }

  /** Idle threads kept through idle time: one while the pool is kept warm. */
  get #kept(): number {
    return this.#warm > 0 ? 1 : 0;
  }

  #warmUp(): void {
    if (this.#warm > 0 && !this.#closed && this.#threads.length === 0) {
      this.#start();
      this.#idleCheck();
    }
  }

  /** Threads running now (started or starting). */
  get threads(): number {
    return this.#threads.length;
  }

  /** Ends every thread; jobs waiting or running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#idle) clearTimeout(this.#idle);
    const closed = () => new Error(`the ${this.#kind.name} pool is closed`);
    for (const job of this.#queue.splice(0)) job.reject(closed());
    await Promise.all(this.#threads.map((t) => this.#end(t, closed())));
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
    const thread: Thread<Q, R> = {
      worker: this.#kind.spawn(),
      ready: false,
      job: null,
      timer: null,
      gone: false,
    };
    this.#threads.push(thread);
    const { worker } = thread;
    let crash: Error | null = null;
    thread.timer = setTimeout(() => {
      // Most likely a machine too loaded to start it in time: a moment's unavailability, not a bug.
      void this.#end(thread, this.#kind.notStarted(START_MS));
    }, START_MS);
    thread.timer.unref();
    worker.on('message', (msg: ThreadReply<R>) => {
      if ('ready' in msg) {
        if (thread.timer) clearTimeout(thread.timer);
        thread.timer = null;
        if (!msg.ready) {
          void this.#end(thread, fromFailure(this.#kind.name, msg.error));
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
      if (msg.ok) job.resolve(msg.result);
      else job.reject(fromFailure(this.#kind.name, msg.error));
      this.#pump();
    });
    worker.on('error', (err) => {
      crash = err;
    });
    worker.on('exit', (code) => {
      if (thread.gone) return;
      this.#forget(thread);
      const err = new ThreadStopped(this.#kind.name, code, crash);
      // A thread that fails before it is ready fails what waits for it: the next job tries a new
      // thread, but a broken one is not restarted in a loop.
      if (thread.job) thread.job.reject(err);
      else if (!thread.ready) for (const job of this.#queue.splice(0)) job.reject(err);
      this.#pump();
    });
  }

  #dispatch(thread: Thread<Q, R>, job: Job<Q, R>): void {
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      // The job's own time is up: its thread is ended, the job answers tooSlow, and the next job
      // gets a new thread.
      void this.#end(thread, this.#kind.tooSlow(job.timeoutMs));
      this.#pump();
    }, job.timeoutMs);
    const req: ThreadRequest<Q> = { id: this.#next++, job: job.job };
    thread.worker.postMessage(req, job.transfer);
  }

  #forget(thread: Thread<Q, R>): void {
    thread.gone = true;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    const i = this.#threads.indexOf(thread);
    if (i >= 0) this.#threads.splice(i, 1);
    // Only a thread that had started is replaced: one that cannot start is not retried in a loop.
    if (thread.ready) this.#warmUp();
  }

  /** Terminates a thread; its job (or, before it was ready, every waiting job) fails with `err`. */
  async #end(thread: Thread<Q, R>, err: Error): Promise<void> {
    if (thread.gone) return;
    this.#forget(thread);
    const job = thread.job;
    thread.job = null;
    if (job) job.reject(err);
    else if (!thread.ready) for (const waiting of this.#queue.splice(0)) waiting.reject(err);
    await thread.worker.terminate();
  }

  /**
   * Idle threads do not keep the process alive, and end after IDLE_MS with nothing to do (but one,
   * while the pool is kept warm).
   */
  #idleCheck(): void {
    const working = this.#queue.length > 0 || this.#threads.some((t) => t.job || !t.ready);
    for (const t of this.#threads) if (!t.job && t.ready) t.worker.unref();
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    if (working || this.#threads.length <= this.#kept) return;
    this.#idle = setTimeout(() => {
      this.#idle = null;
      const idle = this.#threads.filter((t) => !t.job && t.ready);
      for (const t of idle.slice(this.#kept)) void this.#end(t, new Error('idle'));
    }, this.settings.idleMs ?? IDLE_MS);
    this.#idle.unref();
  }
}
