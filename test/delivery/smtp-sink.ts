// A real SMTP server on loopback (smtp-server) that keeps what it receives and answers as the test
// says: 250, or a 4xx/5xx at the end of DATA.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface Sink {
  url: string;
  received: Received[];
  /** Answers for the next messages, in order (then 250): [451, 'try later'] and the like. */
  replies: Array<[number, string]>;
  connections: number;
  close(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
  const sink: Omit<Sink, 'url' | 'close'> = { received: [], replies: [], connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, cb) {
      sink.connections++;
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        const reply = sink.replies.shift();
        if (!reply) return cb();
        const err = new Error(reply[1]) as Error & { responseCode: number };
        err.responseCode = reply[0];
        cb(err);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
