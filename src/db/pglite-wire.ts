// One execution of a prepared statement in PostgreSQL's wire protocol: Bind (text parameters,
// text results), Describe (portal), Execute, Sync, in one buffer, built on the main thread and
// handed to PGlite's thread (src/db/pglite-worker.ts) as bytes.
//
// Why not PGlite's protocol.serialize.bind there: it measures each parameter's UTF-8 length one
// character at a time in JavaScript and copies it through a growing writer; for a 40-parameter
// insert it cost 83-108 µs of CPU per execution (3,000 runs, measured), on the thread that is
// the bottleneck under load (issue 9). Buffer.byteLength and Buffer.write are native.
import type { TextParams } from './pglite-messages.ts';

// Describe the unnamed portal, Execute it with no row limit, Sync.
const TAIL = Uint8Array.from([68, 0, 0, 0, 6, 80, 0, 69, 0, 0, 0, 9, 0, 0, 0, 0, 0, 83, 0, 0, 0, 4]);

export function executeMessages(statement: string, params: TextParams): Uint8Array {
  const n = params.length;
  const nameBytes = Buffer.byteLength(statement);
  const lengths = new Array<number>(n);
  // 'B', length, portal "" and statement name (C strings), n format codes (text, or binary for a
  // bytea's bytes), n values, result format count 0 (all text).
  let size = 1 + 4 + 1 + nameBytes + 1 + 2 + 2 * n + 2 + 2;
  for (let i = 0; i < n; i++) {
    const v = params[i];
    const len =
      v === null || v === undefined ? -1 : typeof v === 'string' ? Buffer.byteLength(v) : v.byteLength;
    lengths[i] = len;
    size += 4 + Math.max(0, len);
  }
  const out = Buffer.allocUnsafe(size + TAIL.length);
  let at = 0;
  out[at++] = 66; // 'B'
  out.writeInt32BE(size - 1, at);
  at += 4;
  out[at++] = 0; // portal ""
  at += out.write(statement, at);
  out[at++] = 0;
  out.writeUInt16BE(n, at);
  at += 2;
  // A bytea goes as its bytes (format 1): its hex text was twice the size, and PostgreSQL decoded
  // it again; a 1.2 MB upload cost ~10 ms of the main thread and ~40 ms of the database thread.
  for (let i = 0; i < n; i++) {
    out.writeUInt16BE(params[i] instanceof Uint8Array ? 1 : 0, at);
    at += 2;
  }
  out.writeUInt16BE(n, at);
  at += 2;
  for (let i = 0; i < n; i++) {
    const len = lengths[i] as number;
    out.writeInt32BE(len, at);
    at += 4;
    const v = params[i];
    if (len > 0 && typeof v === 'string') at += out.write(v, at);
    else if (len > 0 && v instanceof Uint8Array) {
      out.set(v, at);
      at += len;
    }
  }
  out.writeInt16BE(0, at);
  at += 2;
  out.set(TAIL, at);
  return out;
}
