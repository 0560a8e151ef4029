// Sender authentication (CONTRACT 11.5): DKIM, SPF and DMARC of a received message, evaluated with
// mailauth from the bytes, the SMTP client's address and HELO name and the envelope sender that
// the listener stored with the message (the worker evaluates them first thing, before reading the
// message into documents, so the 250 never waits for DNS). DNS goes through DOCEX_DNS_SERVERS when
// set. The results never refuse a message: they decide `received.sender_verified` and whether a
// refusal may be answered (only a DMARC-authenticated sender gets a reply: no backscatter).
import type { AppContext } from '../../context.ts';
import type { SenderAuthentication } from '../../db/tables/inbound.ts';
import { ApiError } from '../../lib/errors.ts';
import { senderOffThread } from './parse-pool.ts';

const domainOf = (address: string | null): string | null => {
  if (!address) return null;
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const d = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return d === '' ? null : d;
};

export interface ArrivedMessage {
  raw: Buffer;
  clientIp: string | null;
  helo: string | null;
  envelopeFrom: string | null;
  fromAddress: string | null;
}

/** DKIM, SPF and DMARC of one message. A DNS failure gives temperror results, never an error. */
export async function evaluateSender(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  m: ArrivedMessage,
): Promise<SenderAuthentication> {
  const fromDomain = domainOf(m.fromAddress);
  const evaluatedAt = ctx.clock.now().toISOString();
  try {
    // on a parse thread (check-sender.ts): mailauth parses anyone's headers
    const { dkim, spf, dmarc } = await senderOffThread(ctx.config, {
      raw: m.raw,
      clientIp: m.clientIp,
      helo: m.helo,
      envelopeFrom: m.envelopeFrom,
      mta: ctx.config.inbound.domain ?? 'docex',
      dnsServers: ctx.config.inbound.dnsServers,
    });
    return { dkim, spf, dmarc, from_domain: fromDomain, evaluated_at: evaluatedAt };
  } catch (err) {
    // a full parse queue: the message stays `processing` and is taken again later
    if (err instanceof ApiError && err.details?.reason === 'parse_queue_full') throw err;
    // mailauth could not read the message at all, or not within the parse thread's limits:
    // nothing is authenticated (the results never refuse a message on their own)
    return {
      dkim: [],
      spf: null,
      dmarc: { domain: fromDomain ?? '', result: 'permerror', policy: null },
      from_domain: fromDomain,
      evaluated_at: evaluatedAt,
    };
  }
}

/** Whether DMARC passed for the message's From domain (the one condition for any reply). */
export function dmarcPassed(
  a: SenderAuthentication | null,
): a is SenderAuthentication & { from_domain: string } {
  return (
    a !== null &&
    a.from_domain !== null &&
    a.dmarc !== null &&
    a.dmarc.result === 'pass' &&
    // mailauth evaluates DMARC for the From header's domain and reports its organizational
    // domain (mail.supplier.com -> supplier.com): the same From domain as the one listed
    a.dmarc.domain !== '' &&
    (a.dmarc.domain === a.from_domain || a.from_domain.endsWith(`.${a.dmarc.domain}`))
  );
}

/**
 * The message's authentication, evaluated now and kept on the row if it was not yet (an email
 * received by the listener only: an upload has no sender to authenticate, and gets null).
 */
export async function authenticationOf(ctx: AppContext, id: string): Promise<SenderAuthentication | null> {
  const row = await ctx.db
    .selectFrom('inbound_messages')
    .select(['channel', 'raw', 'client_ip', 'helo', 'envelope_from', 'from_address', 'authentication'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row?.channel !== 'email') return null;
  if (row.authentication !== null) return row.authentication;
  // every message the listener stores carries its SMTP client's address; one without it did not
  // arrive by SMTP here, and there is no session to authenticate (not verified)
  if (row.client_ip === null) return null;
  const auth = await evaluateSender(ctx, {
    raw: Buffer.from(row.raw),
    clientIp: row.client_ip,
    helo: row.helo,
    envelopeFrom: row.envelope_from,
    fromAddress: row.from_address,
  });
  await ctx.db
    .updateTable('inbound_messages')
    .set({ authentication: JSON.stringify(auth) })
    .where('id', '=', id)
    .where('authentication', 'is', null)
    .execute();
  return auth;
}

// `received.sender_verified` is decided by the full address: sender-address.ts (1.18.0).
