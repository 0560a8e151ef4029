// A PostgreSQL wire-protocol proxy for the chaos drill (issue 46 item 5): it forwards everything,
// and when armed, cuts a connection right after it has forwarded a COMMIT's CommandComplete,
// before the ReadyForQuery that would tell the client the commit is done. The client then knows
// only that its connection died: the transaction committed, the answer was lost. That is the
// moment "exactly once" is about (CONTRACT 10): the effect exists, and the client's retry with the
// same Idempotency-Key must replay it, not make it again.
//
// Only the server's messages are read (each is a type byte and a 4-byte length); the client's
// startup carries no type byte and is passed through untouched. No SSL: loopback only.
import net from 'node:net';

export interface CutProxy {
  port: number;
  /** Cuts the next `n` connections that forward a COMMIT's CommandComplete. */
  arm(n?: number): void;
  /** How many connections it has cut after a commit. */
  readonly cuts: number;
  /** Ends every connection through it (a restart of the database does that too). */
  close(): Promise<void>;
}

/** CommandComplete ('C') whose tag is COMMIT. */
function isCommitComplete(type: number, body: Buffer): boolean {
  return type === 0x43 && body.toString('latin1', 0, 6) === 'COMMIT';
}

export async function startCutProxy(upstreamHost: string, upstreamPort: number): Promise<CutProxy> {
  let armed = 0;
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, upstreamHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => {
        sockets.delete(s);
        // Either side gone: the other goes too, as a lost network path would take both.
        client.destroy();
        upstream.destroy();
      });
      s.on('error', () => {});
    }
    client.pipe(upstream);
    let pending: Buffer = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let at = 0;
      while (pending.length - at >= 5) {
        const length = pending.readInt32BE(at + 1);
        const end = at + 1 + length;
        if (pending.length < end) break;
        if (armed > 0 && isCommitComplete(pending[at]!, pending.subarray(at + 5, end))) {
          armed--;
          cuts++;
          client.write(pending.subarray(0, end), () => {
            client.destroy();
            upstream.destroy();
          });
          pending = Buffer.alloc(0);
          return;
        }
        at = end;
      }
      // Whole messages go on at once; a message still arriving waits for its end.
      if (at > 0) client.write(pending.subarray(0, at));
      pending = pending.subarray(at);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    arm(n = 1) {
      armed += n;
    },
    get cuts() {
      return cuts;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
