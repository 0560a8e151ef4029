// The SMTP listener (CONTRACT 11.5, ARCHITECTURE "Transports at the edge"): mail for the inbound
// domain's known addresses only (anything else 550 at RCPT: never a relay), at most
// DOCEX_INBOUND_MAX_BYTES (552 beyond), STARTTLS when given a certificate. The DATA is streamed
// into a bounded buffer and the raw bytes are committed to the database BEFORE the 250 reply: a
// message once acknowledged survives the process being killed the next instant. Reading it into
// documents is the worker's (process.ts), never the listener's.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../../context.ts';
import { organizationForLocalPart } from './address.ts';
import { bounceDelivery, recordBounce } from './bounces.ts';
import { readHeaders, storeMessage } from './messages.ts';

/** Recipients per message: a supplier's invoice has one; more is a list or an attack. */
const MAX_RECIPIENTS = 20;
/** Simultaneous SMTP connections; one more is refused with 421 by smtp-server. */
const MAX_CLIENTS = 200;

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
        bounceDelivery(ctx.db, local).then(
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
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          // keep reading to the end of DATA (the protocol needs it) but hold nothing more
          over = true;
          chunks.length = 0;
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (err) => {
        ctx.log.warn({ err }, 'inbound: DATA stream failed');
      });
      stream.on('end', () => {
        if (over || stream.sizeExceeded) {
          callback(smtpError(552, `5.3.4 Message exceeds the maximum size of ${maxBytes} bytes`));
          return;
        }
        const orgIds = [...new Set(recipients.get(session.id)?.values() ?? [])];
        const bounceIds = [...(bounces.get(session.id) ?? [])];
        recipients.delete(session.id);
        rcptCount.delete(session.id);
        bounces.delete(session.id);
        if (orgIds.length === 0 && bounceIds.length === 0) {
          callback(smtpError(554, '5.5.1 No valid recipients'));
          return;
        }
        const raw = Buffer.concat(chunks);
        const mailFrom = session.envelope.mailFrom;
        const envelopeFrom = mailFrom && mailFrom.address !== '' ? mailFrom.address : null;
        const clientIp = session.remoteAddress ? session.remoteAddress.replace(/^::ffff:/i, '') : null;
        const helo = session.hostNameAppearsAs || null;
        (bounceIds.length > 0 ? recordBounce(ctx, bounceIds, raw) : Promise.resolve(null))
          .then(async (bounceReply) => {
            if (orgIds.length === 0) return bounceReply ?? '';
            const headers = await readHeaders(raw);
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
          })
          .then(
            (text) => callback(null, text),
            (err: unknown) => {
              // nothing was committed: the sender keeps the message and tries again
              ctx.log.error({ err }, 'inbound: storing a message failed');
              callback(smtpError(451, '4.3.0 Temporary failure storing the message, try again later'));
            },
          );
      });
    },
    onClose(session) {
      recipients.delete(session.id);
      rcptCount.delete(session.id);
      bounces.delete(session.id);
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
  return {
    address: { host: bound.address, port: bound.port },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
