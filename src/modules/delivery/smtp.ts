// The one transport today (ARCHITECTURE.md "Transports at the edge"): SMTP through DOCEX_SMTP_URL
// with nodemailer, `smtp://` (STARTTLS when the server offers it) or `smtps://` (TLS from the
// start), credentials in the URL. The stored bytes are handed over as they are (nodemailer's raw
// mode adds nothing), with the envelope given explicitly.
//
// Connections are pooled (nodemailer's pool, one per SMTP URL): a new connection per message cost
// the TCP handshake, the greeting, EHLO (and against a real relay STARTTLS and AUTH) every time.
// While a worker runs in this process its pool is kept between passes (deliveryTask's start and
// stop hooks); otherwise (a test's drain, a one-off pass) a pass opens one and closes it when it
// ends. The relay's certificate is verified as Node verifies any TLS peer (docs/reach.md,
// "Configuring SMTP for production": NODE_EXTRA_CA_CERTS for a private CA).
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

/** A whole exchange is bounded: connect 10 s, greeting 10 s, any silence 20 s (under the 60 s lease). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/**
 * The pool: as many connections as a pass attempts at once (drain.ts's CONCURRENCY, the number of
 * connections a pass opened before pooling); an idle connection is closed after 10 s, well within
 * the 5 minutes RFC 5321 asks a server to wait, so the relay never closes one under a message; and
 * no silent re-sends: a connection that closes under a message fails that attempt (temporary,
 * retried on the outbox's schedule and recorded as such) instead of being re-queued inside it.
 */
const POOL: SMTPPool.Options = { pool: true, maxConnections: 8, idleTimeout: 10_000, maxRequeues: 0 };

export interface SmtpResult {
  /** accepted: 250; temporary: 4xx, refused/dropped connection, timeout; permanent: 5xx. */
  outcome: 'ok' | 'temporary' | 'permanent';
  code: number | null;
  response: string | null;
  error: string | null;
}

/** Keeps a reply short enough for the attempt record, without control characters. */
function clip(s: string | undefined | null, n = 500): string | null {
  if (s === undefined || s === null || s === '') return null;
  const one = s.replace(/\p{Cc}+/gu, ' ').trim();
  return one.length > n ? `${one.slice(0, n)}…` : one;
}

interface SmtpError {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

type Transport = ReturnType<typeof nodemailer.createTransport<SMTPPool.SentMessageInfo>>;

function pooledTransport(smtpUrl: string): Transport {
  return nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS, ...POOL });
}

/** A pass's way to SMTP: send on it, then `done()` when the pass ends. */
export interface Mailer {
  send(envelope: { from: string; to: string }, raw: Buffer): Promise<SmtpResult>;
  done(): void;
}

// The pools kept while workers run in this process, by SMTP URL, and how many workers keep them.
const kept = new Map<string, Transport>();
let keepers = 0;

/** A running worker's delivery task keeps the pools between its passes (its start hook). */
export function keepSmtpPools(): void {
  keepers++;
}

/** ...and lets them go when it stops: the last worker to stop closes them. */
export function releaseSmtpPools(): void {
  keepers = Math.max(0, keepers - 1);
  if (keepers > 0) return;
  for (const t of kept.values()) t.close();
  kept.clear();
}

/** The pooled connection to `smtpUrl` for one pass: the kept one while a worker runs, else its own. */
export function mailerFor(smtpUrl: string): Mailer {
  let transport = keepers > 0 ? kept.get(smtpUrl) : undefined;
  const own = keepers === 0;
  if (transport === undefined) {
    transport = pooledTransport(smtpUrl);
    if (!own) kept.set(smtpUrl, transport);
  }
  const t = transport;
  return {
    send: (envelope, raw) => sendRaw(t, envelope, raw),
    done: () => {
      if (own) t.close();
    },
  };
}

async function sendRaw(
  transport: Transport,
  envelope: { from: string; to: string },
  raw: Buffer,
): Promise<SmtpResult> {
  try {
    const info = (await transport.sendMail({ envelope, raw })) as { response?: string };
    const response = clip(info.response);
    const code = response ? Number.parseInt(response.slice(0, 3), 10) : 250;
    return { outcome: 'ok', code: Number.isFinite(code) ? code : 250, response, error: null };
  } catch (err) {
    const e = err as SmtpError;
    const code = typeof e.responseCode === 'number' ? e.responseCode : null;
    return {
      outcome: code !== null && code >= 500 ? 'permanent' : 'temporary',
      code,
      response: clip(e.response),
      error: clip(e.code ? `${e.code}: ${e.message ?? ''}` : (e.message ?? String(err))),
    };
  }
}
