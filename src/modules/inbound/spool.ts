// The DATA of an SMTP message, streamed to a file in the data directory instead of memory (issue
// 47: the listener held up to 25 MB per connection, ~5 GB for its 200), with the header section's
// limit checked as it streams: a header section over 100 kB (Postfix's header_size_limit) is
// refused before anything reads it, so no parser ever sees the 20 MB folded header that froze
// mailauth. Storing a message then reads its file back, a bounded number at a time (StoreSlots).
import { randomUUID } from 'node:crypto';
import { createWriteStream, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { makePrivateDir } from '../../lib/private-dir.ts';

/** Postfix's header_size_limit: a header section longer than this is refused (552). */
export const MAX_HEADER_SECTION_BYTES = 100 * 1024;

export interface Received {
  /** the spool file holding the DATA (when it was kept) */
  file: string;
  size: number;
  /** the DATA went past the message size limit: nothing more was kept */
  overSize: boolean;
  /** the header section went past MAX_HEADER_SECTION_BYTES: nothing more was kept */
  overHeader: boolean;
  /** the header section (without the blank line), when it ended within the limit */
  head: Buffer | null;
}

/** The end of the header section in `buf` (the index of its blank line), or -1. */
function headerEnd(buf: Buffer): number {
  if (buf[0] === 0x0a || (buf[0] === 0x0d && buf[1] === 0x0a)) return 0;
  const crlf = buf.indexOf('\r\n\r\n');
  const lf = buf.indexOf('\n\n');
  if (crlf < 0) return lf;
  if (lf < 0) return crlf;
  return Math.min(crlf, lf);
}

export class Spool {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'inbound-spool');
    makePrivateDir(this.dir);
  }

  /** Files a process that died left behind (older than `ageMs`: none of them is still being written). */
  sweep(ageMs: number, now = Date.now()): void {
    for (const name of readdirSync(this.dir)) {
      const path = join(this.dir, name);
      try {
        if (now - statSync(path).mtimeMs > ageMs) rmSync(path, { force: true });
      } catch {
        // another listener removed it meanwhile
      }
    }
  }

  /**
   * Streams a DATA into a new spool file (backpressure reaches the socket: a slow disk slows the
   * sender, never fills memory). Past either limit the rest is read and dropped, as the protocol
   * needs the DATA to its end.
   */
  async receive(
    data: NodeJS.ReadableStream,
    maxBytes: number,
    onChunk: (size: number) => void,
  ): Promise<Received> {
    const file = join(this.dir, `${randomUUID()}.eml`);
    const got: Received = { file, size: 0, overSize: false, overHeader: false, head: null };
    let pending: Buffer | null = Buffer.alloc(0);
    const inspect = new Transform({
      transform(chunk: Buffer, _enc, done) {
        got.size += chunk.length;
        onChunk(got.size);
        if (got.size > maxBytes) got.overSize = true;
        if (pending !== null && !got.overHeader) {
          // the header section so far (never more than the limit and one chunk)
          pending = Buffer.concat([pending, chunk]);
          const end = headerEnd(pending);
          if (end >= 0 && end <= MAX_HEADER_SECTION_BYTES) {
            got.head = Buffer.from(pending.subarray(0, end));
            pending = null;
          } else if (end > MAX_HEADER_SECTION_BYTES || pending.length > MAX_HEADER_SECTION_BYTES + 4) {
            got.overHeader = true;
            pending = null;
          }
        }
        done(null, got.overSize || got.overHeader ? undefined : chunk);
      },
      flush(done) {
        // a message that is all header (no blank line), within the limit
        if (pending !== null && !got.overHeader) got.head = pending;
        done();
      },
    });
    try {
      await pipeline(data, inspect, createWriteStream(file, { mode: 0o600 }));
    } catch (err) {
      rmSync(file, { force: true });
      throw err;
    }
    if (got.overSize || got.overHeader) rmSync(file, { force: true });
    return got;
  }
}

/** At most `size` holders at once; the others wait their turn (first come, first served). */
export class StoreSlots {
  readonly #size: number;
  #held = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  async with<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#held >= this.#size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#held++;
    try {
      return await fn();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#held--;
    }
  }
}
