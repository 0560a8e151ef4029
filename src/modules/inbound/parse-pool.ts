// Every parse of a received message or file runs in a bounded pool of parse threads
// (parse-worker.ts, the shared discipline of src/lib/thread-pool.ts), never on the thread serving
// requests (CONTRACT §10, round three): the headers for the list, sender authentication
// (mailauth), the MIME tree (mailparser), PDFs and the files they embed, the XML reader, DSNs.
//   - DOCEX_PARSE_THREADS threads (default 1), at most DOCEX_PARSE_QUEUE jobs waiting (16; one
//     more: 503 with Retry-After), DOCEX_PARSE_TIMEOUT_MS per job (20 s; the thread is then
//     ended and replaced);
//   - each thread's heap is limited (PARSE_HEAP_MB): a parse that needs more ends its thread and
//     is refused, never the process;
//   - a read that times out or ends its thread refuses the message (or upload) with a reason in
//     words; the message stays listed with its raw bytes.
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import type { Config } from '../../config.ts';
import { ApiError } from '../../lib/errors.ts';
import { startThread } from '../../lib/thread-entry.ts';
import { ThreadPool, ThreadStopped } from '../../lib/thread-pool.ts';
import type { SenderCheck, SenderResults } from './check-sender.ts';
import type { ParseJob, ParseResults, WireRead } from './parse-worker.ts';
import type { DsnOutcome } from './read-dsn.ts';
import type { ReceivedHeaders } from './read-headers.ts';
import type { ReadMessage } from './read-message.ts';

/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;
/** A parse thread's old generation, MB: a 25 MB message parses in well under it. */
const PARSE_HEAP_MB = 384;
const THREAD_YOUNG_GENERATION_MB = 16;
const retry = { 'retry-after': String(RETRY_AFTER_SECONDS) };

function spawn(): Worker {
  // "Not given", so resourceLimits decide for the isolate created next (src/db/pglite-pool.ts).
  setFlagsFromString('--max-semi-space-size=0');
  return startThread(import.meta.url, 'parse-worker', {
    resourceLimits: {
      maxOldGenerationSizeMb: PARSE_HEAP_MB,
      maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
    },
  });
}

const PARSE = {
  name: 'parse',
  spawn,
  busy: () =>
    new ApiError(
      'unavailable',
      `Every parse thread is busy and the queue is full; retry in ${RETRY_AFTER_SECONDS} seconds.`,
      { reason: 'parse_queue_full' },
      retry,
    ),
  tooSlow: (timeoutMs: number) =>
    new ApiError(
      'unavailable',
      `Reading this input took longer than ${timeoutMs} ms and was stopped.`,
      { reason: 'parse_timeout', timeout_ms: timeoutMs },
      retry,
    ),
  notStarted: (startMs: number) =>
    new ApiError(
      'unavailable',
      `The parse thread did not start within ${startMs / 1000} seconds; retry in ${RETRY_AFTER_SECONDS} seconds.`,
      { reason: 'parse_start' },
      retry,
    ),
};

type Pool = ThreadPool<ParseJob, ParseResults[ParseJob['kind']]>;
const pools = new WeakMap<Config, Pool>();

/** One pool per service configuration, started at its first parse. */
function parsePool(config: Config): Pool {
  let pool = pools.get(config);
  if (!pool) {
    pool = new ThreadPool(config.parse, PARSE);
    pools.set(config, pool);
  }
  return pool;
}

/**
 * Keeps a parse thread started until the answer is called (ThreadPool.keepWarm): the SMTP
 * listener's 250 waits for the headers' read on a parse thread, and a thread's start (its modules
 * loaded and warmed up: 0.6 s on a quiet machine, seconds on a busy one) must not be paid by the
 * first message after a quiet minute.
 */
export function keepParseThreadWarm(config: Config): () => void {
  return parsePool(config).keepWarm();
}

/** Parse threads started or starting now (the listener's test reads it). */
export function parseThreads(config: Config): number {
  return pools.get(config)?.threads ?? 0;
}

function run<K extends ParseJob['kind']>(
  config: Config,
  job: Extract<ParseJob, { kind: K }>,
): Promise<ParseResults[K]> {
  return parsePool(config).run(job) as Promise<ParseResults[K]>;
}

/** Why a parse was stopped, in words; null for an error that is not the pool's (rethrown). */
function stopped(err: unknown, what: string): string | null {
  if (err instanceof ApiError && err.details?.reason === 'parse_timeout')
    return `Reading ${what} took longer than ${Number(err.details.timeout_ms) / 1000} seconds and was stopped: docex does not read it further.`;
  if (err instanceof ThreadStopped)
    return err.outOfMemory
      ? `Reading ${what} needed more memory than docex allows (${PARSE_HEAP_MB} MB) and was stopped.`
      : `Reading ${what} stopped the reader (${err.message}).`;
  return null;
}

function fromWire(w: WireRead): ReadMessage {
  return {
    reasons: w.reasons,
    capturable: w.capturable,
    found: w.found.map((f) => ({
      ...f,
      bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength),
    })),
  };
}

/**
 * A received message's e-invoices (read-message.ts), read on a parse thread. A read stopped by
 * its time or memory limit is a refusal (the reason in `reasons`); a full queue throws 503.
 */
export async function readMessageOffThread(config: Config, raw: Buffer): Promise<ReadMessage> {
  try {
    return fromWire(await run(config, { kind: 'message', raw }));
  } catch (err) {
    const why = stopped(err, 'the message');
    if (why === null) throw err;
    return { found: [], capturable: [], reasons: [why] };
  }
}

/** An uploaded file's e-invoice, read on a parse thread (as readMessageOffThread). */
export async function readUploadOffThread(
  config: Config,
  raw: Buffer,
  filename: string | null,
): Promise<ReadMessage> {
  try {
    return fromWire(await run(config, { kind: 'upload', raw, filename }));
  } catch (err) {
    const why = stopped(err, 'the file');
    if (why === null) throw err;
    return { found: [], capturable: [], reasons: [why] };
  }
}

/** From, Subject and Message-ID for the list; nulls when the headers cannot be read (never an error). */
export async function headersOffThread(config: Config, head: Buffer): Promise<ReceivedHeaders> {
  try {
    return await run(config, { kind: 'headers', head });
  } catch {
    return { from: null, subject: null, messageId: null };
  }
}

/** mailauth's verdicts on a parse thread; throws when the check could not run (see authenticate.ts). */
export function senderOffThread(config: Config, check: SenderCheck): Promise<SenderResults> {
  return run(config, { kind: 'sender', check });
}

/** The DSN a bounce address received, or null (not one, or not readable within the limits). */
export async function dsnOffThread(config: Config, raw: Buffer): Promise<DsnOutcome | null> {
  try {
    return await run(config, { kind: 'dsn', raw });
  } catch (err) {
    if (stopped(err, 'the report') === null) throw err;
    return null;
  }
}
