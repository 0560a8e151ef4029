// The SMTP listener (CONTRACT 11.5, ARCHITECTURE "Transports at the edge"): mail for the inbound
// domain's known addresses only (anything else 550 at RCPT: never a relay), at most
// DOCEX_INBOUND_MAX_BYTES (552 beyond), STARTTLS when given a certificate. The DATA is streamed
// to a spool file (spool.ts: the listener's memory stays bounded whatever the senders do, and a
// header section over 100 kB is refused with 552 before anything parses it), and the raw bytes
// are committed to the database BEFORE the 250 reply: a message once acknowledged survives the
// process being killed the next instant. Reading it into documents is the worker's (process.ts),
// never the listener's; the headers for the list are read on a parse thread.
//
// So that another sender always gets its 220 (CONTRACT §10, round three): at most 10 connections
// per client address, a whole-session deadline (DOCEX_SMTP_SESSION_TIMEOUT_MS) and a minimum
// data rate (DOCEX_SMTP_MIN_DATA_RATE); past either, 421 and the connection is closed.

import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../../context.ts';
import { organizationForLocalPart } from './address.ts';
import { bounceDelivery, recordBounce } from './bounces.ts';
import { storeMessage } from './messages.ts';
import { headersOffThread, keepParseThreadWarm } from './parse-pool.ts';
import { MAX_HEADER_SECTION_BYTES, Spool, StoreSlots } from './spool.ts';

/** Recipients per message: a supplier's invoice has one; more is a list or an attack. */
const MAX_RECIPIENTS = 20;
/** Simultaneous SMTP connections; one more is refused with 421 by smtp-server. */
const MAX_CLIENTS = 200;
/** Simultaneous connections from one client address; one more is refused with 421. */
export const MAX_CLIENTS_PER_ADDRESS = 10;
/** Messages read back from the spool and stored at once: each is held whole while it is stored. */
const STORING_AT_ONCE = 2;
/** A DATA is held to the minimum rate once it has run this long (a slow start is no attack). */
const RATE_GRACE_MS = 5000;

/** smtp-server's open connections (not in its types): how a session is ended from outside. */
interface OpenConnection {
  id: string;
  send(code: number, message: string): void;
}

export interface RunningListener {
  /** host:port actually bound (port 0 picks one). */
  address: { host: string; port: number };
  close(): Promise<void>;
}

/** An SMTP reply error: smtp-server answers with its responseCode and message. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startInboundListener(ctx: AppContext): Promise<RunningListener> {
  const cfg = ctx.config.inbound;
  if (!cfg.listen || !cfg.domain) throw new Error('DOCEX_SMTP_LISTEN and DOCEX_INBOUND_DOMAIN are required');
  const domain = cfg.domain;
  const maxBytes = cfg.maxBytes;
  // Which organization each accepted recipient belongs to, per session, as found at RCPT time.
  const recipients = new Map<string, Map<string, string>>();
  // RCPT commands of the current transaction, per session (repeats of one address included).
  const rcptCount = new Map<string, number>();
  // Deliveries whose bounce address (bounce+<delivery id>@domain) is a recipient, per session.
  const bounces = new Map<string, Set<string>>();

  const tls = cfg.tls ? { cert: readFileSync(cfg.tls.certFile), key: readFileSync(cfg.tls.keyFile) } : null;
  const spool = new Spool(ctx.config.dataDir);
  // a file older than any session could be is a dead process's (at least an hour: other listeners
  // on the same data directory may run with a longer deadline)
  spool.sweep(Math.max(cfg.sessionTimeoutMs * 2, 3_600_000));
  const slots = new StoreSlots(STORING_AT_ONCE);
  // sessions per client address, and each session's deadline
  const byAddress = new Map<string, Set<string>>();
  const deadlines = new Map<string, NodeJS.Timeout>();
  // sessions whose message is being stored: the deadline waits for the reply
  const storing = new Set<string>();
  const addressOf = (session: SMTPServerSession) => (session.remoteAddress ?? '').replace(/^::ffff:/i, '');

  /** Ends a session with a 421 (smtp-server closes the connection after it). */
  const endSession = (id: string, why: string) => {
    const open = (server as unknown as { connections: Set<OpenConnection> }).connections;
    for (const c of open) if (c.id === id) c.send(421, why);
  };
  const forget = (session: SMTPServerSession) => {
    recipients.delete(session.id);
    rcptCount.delete(session.id);
    bounces.delete(session.id);
  };

  const server = new SMTPServer({
    name: domain,
    banner: 'docex inbound',
    size: maxBytes,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    maxClients: MAX_CLIENTS,
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      const ip = addressOf(session);
      const mine = byAddress.get(ip) ?? new Set<string>();
      if (mine.size >= MAX_CLIENTS_PER_ADDRESS) {
        callback(
          smtpError(421, `4.7.0 Too many connections from your address (at most ${MAX_CLIENTS_PER_ADDRESS})`),
        );
        return;
      }
      mine.add(session.id);
      byAddress.set(ip, mine);
      const deadline = setTimeout(() => {
        deadlines.delete(session.id);
        if (storing.has(session.id)) return; // its reply is on the way; the idle timeout does the rest
        endSession(session.id, `4.4.2 Session deadline of ${cfg.sessionTimeoutMs / 1000} s reached`);
      }, cfg.sessionTimeoutMs);
      deadline.unref();
      deadlines.set(session.id, deadline);
      callback();
    },
    onMailFrom(_address, session, callback) {
      // a new transaction: forget the previous one's recipients
      recipients.delete(session.id);
      rcptCount.delete(session.id);
      bounces.delete(session.id);
      callback();
    },
    onRcptTo(address: SMTPServerAddress, session: SMTPServerSession, callback) {
      const addr = address.address;
      const at = addr.lastIndexOf('@');
      const local = at > 0 ? addr.slice(0, at) : '';
      const rcptDomain =
        at > 0
          ? addr
              .slice(at + 1)
              .toLowerCase()
              .replace(/\.$/, '')
          : '';
      if (rcptDomain !== domain) {
        callback(smtpError(550, `5.7.1 Relaying denied: this server accepts mail for @${domain} only`));
        return;
      }
      const known = recipients.get(session.id) ?? new Map<string, string>();
      const count = (rcptCount.get(session.id) ?? 0) + 1;
      rcptCount.set(session.id, count);
      if (count > MAX_RECIPIENTS) {
        callback(smtpError(452, '4.5.3 Too many recipients'));
        return;
      }
      if (local.toLowerCase().startsWith('bounce+')) {
        // a delivery's return path: accepted for a delivery that exists (a DSN comes back here)
        bounceDelivery(ctx, local).then(
          (deliveryId) => {
            if (deliveryId === null) {
              callback(smtpError(550, '5.1.1 No such bounce address'));
              return;
            }
            const set = bounces.get(session.id) ?? new Set<string>();
            set.add(deliveryId);
            bounces.set(session.id, set);
            callback();
          },
          (err: unknown) => {
            ctx.log.error({ err }, 'inbound: bounce address look-up failed');
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
        return;
      }
      organizationForLocalPart(ctx.db, local).then(
        (orgId) => {
          if (orgId === null) {
            callback(smtpError(550, '5.1.1 No such inbound address'));
            return;
          }
          known.set(addr.toLowerCase(), orgId);
          recipients.set(session.id, known);
          callback();
        },
        (err: unknown) => {
          ctx.log.error({ err }, 'inbound: recipient look-up failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const started = Date.now();
      let received = 0;
      let slow = false;
      // the minimum data rate, measured from the DATA's start once it has run RATE_GRACE_MS
      const rate = setInterval(() => {
        const ms = Date.now() - started;
        if (ms < RATE_GRACE_MS || received >= (cfg.minDataRate * ms) / 1000) return;
        slow = true;
        clearInterval(rate);
        endSession(session.id, `4.4.2 Data arrives slower than ${cfg.minDataRate} bytes a second`);
      }, 1000);
      rate.unref();
      const orgIds = [...new Set(recipients.get(session.id)?.values() ?? [])];
      const bounceIds = [...(bounces.get(session.id) ?? [])];
      forget(session);
      spool
        .receive(stream, maxBytes, (n) => {
          received = n;
        })
        .then(
          async (got) => {
            clearInterval(rate);
            if (slow) {
              await rm(got.file, { force: true });
              return;
            }
            if (got.overSize || stream.sizeExceeded) {
              callback(smtpError(552, `5.3.4 Message exceeds the maximum size of ${maxBytes} bytes`));
              return;
            }
            if (got.overHeader) {
              callback(
                smtpError(552, `5.3.4 Message header section exceeds ${MAX_HEADER_SECTION_BYTES} bytes`),
              );
              return;
            }
            if (orgIds.length === 0 && bounceIds.length === 0) {
              await rm(got.file, { force: true });
              callback(smtpError(554, '5.5.1 No valid recipients'));
              return;
            }
            const mailFrom = session.envelope.mailFrom;
            const envelopeFrom = mailFrom && mailFrom.address !== '' ? mailFrom.address : null;
            const clientIp = session.remoteAddress ? session.remoteAddress.replace(/^::ffff:/i, '') : null;
            const helo = session.hostNameAppearsAs || null;
            storing.add(session.id);
            try {
              const text = await slots.with(async () => {
                // held whole only here, STORING_AT_ONCE messages at a time
                const raw = await readFile(got.file);
                const headers = await headersOffThread(ctx.config, got.head ?? Buffer.alloc(0));
                const bounceReply =
                  bounceIds.length > 0
                    ? await recordBounce(ctx, bounceIds, raw, { envelopeFrom, headers, clientIp, helo })
                    : null;
                if (orgIds.length === 0) return bounceReply ?? '';
                const ids = await storeMessage(ctx.db, {
                  organizationIds: orgIds,
                  channel: 'email',
                  envelopeFrom,
                  raw,
                  headers,
                  now: ctx.clock.now(),
                  clientIp,
                  helo,
                });
                return `Stored as ${ids.join(' ')}${bounceReply ? `; ${bounceReply}` : ''}`;
              });
              callback(null, text);
            } catch (err) {
              // nothing was committed: the sender keeps the message and tries again
              ctx.log.error({ err }, 'inbound: storing a message failed');
              callback(smtpError(451, '4.3.0 Temporary failure storing the message, try again later'));
            } finally {
              storing.delete(session.id);
              await rm(got.file, { force: true });
            }
          },
          (err: unknown) => {
            // the connection went away mid-DATA (or the spool could not be written): nothing kept
            clearInterval(rate);
            ctx.log.warn({ err }, 'inbound: DATA stream failed');
            callback(smtpError(451, '4.3.0 Temporary failure receiving the message, try again later'));
          },
        );
    },
    onClose(session) {
      forget(session);
      const ip = addressOf(session);
      const mine = byAddress.get(ip);
      if (mine?.delete(session.id) && mine.size === 0) byAddress.delete(ip);
      clearTimeout(deadlines.get(session.id));
      deadlines.delete(session.id);
    },
  });
  server.on('error', (err) => ctx.log.warn({ err }, 'inbound: SMTP server error'));

  const listen = cfg.listen;
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const bound = server.server.address() as AddressInfo;
  // Each DATA's 250 waits for its headers' read on a parse thread: one is kept started while the
  // listener runs, so no message waits for a thread's start (parse-pool.ts).
  const releaseParseThread = keepParseThreadWarm(ctx.config);
  return {
    address: { host: bound.address, port: bound.port },
    close: () =>
      new Promise<void>((resolve) => {
        releaseParseThread();
        for (const t of deadlines.values()) clearTimeout(t);
        deadlines.clear();
        server.close(() => resolve());
      }),
  };
}
