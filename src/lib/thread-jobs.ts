// The thread side of a pool (src/lib/thread-pool.ts): warm up, say ready, then answer one job at a
// time (the pool sends the next only after this one's answer).
import { parentPort } from 'node:worker_threads';
import { ApiError } from './errors.ts';
import type { ThreadFailure, ThreadReply, ThreadRequest } from './thread-pool.ts';

function failure(err: unknown): ThreadFailure {
  if (err instanceof ApiError) return { code: err.code, message: err.message, details: err.details };
  const e = err instanceof Error ? err : new Error(String(err));
  return { code: null, message: e.message, stack: e.stack };
}

export interface JobAnswer<R> {
  result: R;
  /** buffers handed over to the main thread instead of copied */
  transfer?: ArrayBuffer[];
}

/**
 * Serves a pool's jobs on this thread. `warmUp` loads and compiles what the jobs use before the
 * thread says it is ready, so the pool's time limit measures a job's own work.
 */
export async function serveJobs<Q, R>(
  entry: string,
  handle: (job: Q) => Promise<JobAnswer<R>>,
  warmUp: () => Promise<void>,
): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error(`${entry} runs as a worker thread`);
  try {
    await warmUp();
    port.postMessage({ ready: true } satisfies ThreadReply<R>);
  } catch (err) {
    port.postMessage({ ready: false, error: failure(err) } satisfies ThreadReply<R>);
  }
  port.on('message', async (req: ThreadRequest<Q>) => {
    let reply: ThreadReply<R>;
    let transfer: ArrayBuffer[] = [];
    try {
      const answer = await handle(req.job);
      transfer = answer.transfer ?? [];
      reply = { id: req.id, ok: true, result: answer.result };
    } catch (err) {
      reply = { id: req.id, ok: false, error: failure(err) };
    }
    post(port, reply, transfer);
  });
}

/**
 * Posts `reply`, handing `transfer` over when it can be. Node 24 refuses to transfer memory a
 * native addon allocated (sharp's output buffers: "DataCloneError: Cannot transfer object of
 * unsupported type"), where Node 20 accepted it; thrown in the message handler, that refusal
 * killed the thread and failed its job as a crash. Such a reply is copied instead, and a reply
 * that cannot be posted at all fails its own job with the reason, never the thread.
 */
export function post<R>(
  port: { postMessage(value: unknown, transfer?: ArrayBuffer[]): void },
  reply: ThreadReply<R>,
  transfer: ArrayBuffer[],
): void {
  try {
    port.postMessage(reply, transfer);
    return;
  } catch (err) {
    if (transfer.length === 0 || !('id' in reply)) throw err;
  }
  try {
    port.postMessage(reply);
  } catch (err) {
    port.postMessage({ id: reply.id, ok: false, error: failure(err) } satisfies ThreadReply<R>);
  }
}

/** A Uint8Array that can be transferred: its own whole buffer (a Buffer may be a slice of Node's pool). */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}
