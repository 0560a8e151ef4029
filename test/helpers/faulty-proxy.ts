// A TCP proxy in front of PostgreSQL whose connections a test can cut (and refuse until restored),
// as a network partition or a database host going away would.
import net from 'node:net';

export async function faultyProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * A PostgreSQL wire-protocol proxy that can cut every connection at the worst moment for
 * exactly-once: right after the answer to a transaction's COMMIT has reached the client, before
 * its next statement (the effect is durable, nothing after it gets through). It reads the
 * frontend's messages (the startup packet, then `Q`, `P`, `B`, `E`, `S`...: the statement texts of
 * the current transaction) and the backend's (`C` CommandComplete, `Z` ReadyForQuery).
 *
 * `armCutAfterCommit()` cuts after the next COMMIT answered, on any connection: what the
 * connection's `Z` carried is forwarded, then every connection of the proxy is destroyed and new
 * ones are refused for `downMs` (a database restart), so nothing the service sends after the
 * commit (the old code's separate record of the outcome) reaches the database. The returned
 * promise resolves with the statements of the transaction that committed.
 */
export async function commitCutProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let refuseUntil = 0;
  let armed: {
    resolve: (statements: string[]) => void;
    downMs: number;
    onCut?: () => void;
    when?: (statements: string[]) => boolean;
  } | null = null;

  // Every message of every connection in the order the proxy saw them, once record() is called:
  // `F:<type>[:<statement text>]` from the frontend (text for Q and P), `B:<type>[:<tag>]` from
  // the backend (the tag for C).
  let log: string[] | null = null;

  function cutAll(downMs: number): void {
    refuseUntil = Date.now() + downMs;
    for (const s of sockets) s.destroy();
  }

  const server = net.createServer((client) => {
    if (Date.now() < refuseUntil) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
      s.on('error', () => {});
    }
    // Frontend: the untyped startup packet first, then typed messages.
    let front = Buffer.alloc(0);
    let started = false;
    let statements: string[] = [];
    let commitSent = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      front = Buffer.concat([front, chunk]);
      for (;;) {
        if (!started) {
          if (front.length < 8) break;
          const len = front.readInt32BE(0);
          if (front.length < len) break;
          const code = front.readInt32BE(4);
          front = front.subarray(len);
          // SSLRequest / GSSENCRequest are answered by one untyped byte: the tests use neither.
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (front.length < 5) break;
        const type = String.fromCharCode(front[0] as number);
        const len = front.readInt32BE(1);
        if (front.length < 1 + len) break;
        const payload = front.subarray(5, 1 + len);
        front = front.subarray(1 + len);
        let text: string | null = null;
        if (type === 'Q') text = payload.toString('utf8', 0, payload.indexOf(0));
        else if (type === 'P') {
          const nameEnd = payload.indexOf(0);
          text = payload.toString('utf8', nameEnd + 1, payload.indexOf(0, nameEnd + 1));
        }
        log?.push(text === null ? `F:${type}` : `F:${type}:${text}`);
        if (text !== null) {
          if (/^\s*commit\b/i.test(text)) commitSent = true;
          else statements.push(text);
        }
      }
    });
    // Backend: typed messages from the first byte; a COMMIT's CommandComplete, then its Z.
    let back = Buffer.alloc(0);
    let committed = false;
    upstream.on('data', (chunk: Buffer) => {
      back = Buffer.concat([back, chunk]);
      let offset = 0;
      let cutAt = -1;
      while (back.length - offset >= 5) {
        const type = String.fromCharCode(back[offset] as number);
        const len = back.readInt32BE(offset + 1);
        if (back.length - offset < 1 + len) break;
        if (type === 'C') {
          const tag = back.toString('utf8', offset + 5, offset + len);
          log?.push(`B:C:${tag.replace(/\0$/, '')}`);
          if (tag.startsWith('COMMIT') && commitSent) committed = true;
        } else log?.push(`B:${type}`);
        offset += 1 + len;
        if (type === 'Z') {
          if (committed && armed && (!armed.when || armed.when(statements))) {
            cutAt = offset;
            break;
          }
          committed = false;
          // Outside a transaction again: the next one starts afresh.
          if (back[offset - 1] === 0x49 /* 'I' */) {
            statements = [];
            commitSent = false;
          }
        }
      }
      if (cutAt >= 0 && armed) {
        const a = armed;
        armed = null;
        client.write(back.subarray(0, cutAt), () => {
          a.onCut?.();
          cutAll(a.downMs);
          a.resolve(statements);
        });
        back = Buffer.alloc(0);
        return;
      }
      client.write(back.subarray(0, offset));
      back = back.subarray(offset);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    /** Cut after the next COMMIT answered; resolves with that transaction's statements. */
    armCutAfterCommit(
      opts: {
        downMs?: number;
        onCut?: () => void;
        /** Cut only after a COMMIT whose transaction's statements pass this (else the next one). */
        when?: (statements: string[]) => boolean;
      } = {},
    ): Promise<string[]> {
      return new Promise((resolve) => {
        armed = {
          resolve,
          downMs: opts.downMs ?? 300,
          ...(opts.onCut ? { onCut: opts.onCut } : {}),
          ...(opts.when ? { when: opts.when } : {}),
        };
      });
    },
    disarm(): void {
      armed = null;
    },
    /** Starts recording every message from now on (see `log` above); returns the live record. */
    record(): string[] {
      log = [];
      return log;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
