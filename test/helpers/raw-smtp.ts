// A bare SMTP client over a socket, for tests that need what nodemailer hides: the client's own
// address (localAddress, for per-address limits), a DATA written slowly or left unfinished, and a
// large DATA written in small chunks (nodemailer handles a raw message whole, on the test's own
// event loop, which would measure the client instead of the server).
import { connect, type Socket } from 'node:net';
import { setImmediate as yieldLoop } from 'node:timers/promises';

export class RawSmtp {
  readonly socket: Socket;
  #buffer = '';
  #waiters: (() => void)[] = [];
  closed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      this.#buffer += d;
      for (const w of this.#waiters.splice(0)) w();
    });
    const end = () => {
      this.closed = true;
      for (const w of this.#waiters.splice(0)) w();
    };
    socket.on('close', end);
    socket.on('error', end);
  }

  static open(port: number, localAddress = '127.0.0.1'): Promise<RawSmtp> {
    return new Promise((resolve, reject) => {
      const s = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(new RawSmtp(s)));
      s.once('error', reject);
    });
  }

  /** The next complete reply (its last line has a space after the code); null when the socket closed first. */
  async reply(timeoutMs = 30_000): Promise<{ code: number; text: string } | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const m = /^(\d{3})[ ](.*)\r\n/m.exec(this.#buffer);
      if (m) {
        const end = (m.index ?? 0) + m[0].length;
        const text = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end);
        return { code: Number(m[1]), text };
      }
      if (this.closed) return null;
      if (Date.now() > until) throw new Error(`no SMTP reply within ${timeoutMs} ms: ${this.#buffer}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 200);
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async command(line: string): Promise<{ code: number; text: string } | null> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Greeting, EHLO, MAIL FROM, RCPT TO, DATA: ready for the message's bytes (or the refusal). */
  async startData(from: string, to: string): Promise<void> {
    const steps: [string | null, number][] = [
      [null, 220],
      ['EHLO client.test', 250],
      [`MAIL FROM:<${from}>`, 250],
      [`RCPT TO:<${to}>`, 250],
      ['DATA', 354],
    ];
    for (const [line, want] of steps) {
      const r = line === null ? await this.reply() : await this.command(line);
      if (r?.code !== want)
        throw new Error(`${line ?? 'greeting'}: expected ${want}, got ${r?.text ?? 'closed'}`);
    }
  }

  /** Writes bytes in chunks, waiting for the socket to drain (and letting the loop breathe). */
  async write(bytes: Buffer, chunk = 64 * 1024): Promise<void> {
    for (let at = 0; at < bytes.length && !this.closed; at += chunk) {
      if (!this.socket.write(bytes.subarray(at, at + chunk)))
        await new Promise<void>((resolve) => {
          this.socket.once('drain', resolve);
          this.socket.once('close', resolve);
        });
      else await yieldLoop();
    }
  }

  /**
   * Ends the DATA and reads its reply (the first message a listener stores may wait for its parse
   * thread to start, which takes long on a loaded machine).
   */
  async endData(timeoutMs = 120_000): Promise<{ code: number; text: string } | null> {
    this.socket.write('\r\n.\r\n');
    return this.reply(timeoutMs);
  }

  close(): void {
    this.socket.destroy();
  }
}
