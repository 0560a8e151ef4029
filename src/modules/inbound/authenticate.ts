// Sender authentication (CONTRACT 11.5): DKIM, SPF and DMARC of a received message, evaluated with
// mailauth from the bytes, the SMTP client's address and HELO name and the envelope sender that
// the listener stored with the message (the worker evaluates them first thing, before reading the
// message into documents, so the 250 never waits for DNS). DNS goes through DOCEX_DNS_SERVERS when
// set. The results never refuse a message: they decide `received.sender_verified` and whether a
// refusal may be answered (only a DMARC-authenticated sender gets a reply: no backscatter).
import { Resolver } from 'node:dns/promises';
import type { AppContext } from '../../context.ts';
import type { SenderAuthentication } from '../../db/tables/inbound.ts';

// mailauth (and the undici it brings) loads at the first message to authenticate, not at start:
// most processes (and every deployment without an inbound domain) never read one
// (test/unit/lazy-modules.test.ts).
const loadMailauth = (): Promise<typeof import('mailauth')> => import('mailauth');

/** A DNS answer slower than this is a temporary error for the check that asked (not a refusal). */
const DNS_TIMEOUT_MS = 4000;

let cached: { key: string; resolve: (name: string, rr: string) => Promise<string[][] | string[]> } | null =
  null;

/** mailauth's resolver: node:dns through DOCEX_DNS_SERVERS, or the system's servers. */
function resolverFor(servers: string[] | null) {
  const key = servers?.join(',') ?? '';
  if (cached?.key === key) return cached.resolve;
  const r = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
  if (servers) r.setServers(servers);
  const resolve = (name: string, rr: string) => r.resolve(name, rr) as Promise<string[][] | string[]>;
  cached = { key, resolve };
  return resolve;
}

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
    const { authenticate } = await loadMailauth();
    const res = await authenticate(m.raw, {
      ...(m.clientIp ? { ip: m.clientIp } : {}),
      ...(m.helo ? { helo: m.helo } : {}),
      // an empty reverse-path (a bounce) is SPF-checked as postmaster@HELO by mailauth
      sender: m.envelopeFrom ?? '',
      mta: ctx.config.inbound.domain ?? 'docex',
      resolver: resolverFor(ctx.config.inbound.dnsServers),
      disableArc: true,
      disableBimi: true,
    });
    const dkim = (res.dkim?.results ?? [])
      .filter((r) => !!r.signingDomain)
      .slice(0, 10)
      .map((r) => ({
        domain: String(r.signingDomain ?? '').toLowerCase(),
        result: String(r.status?.result ?? 'none'),
      }));
    const spf =
      res.spf && m.clientIp
        ? {
            domain: String(res.spf.domain ?? '').toLowerCase(),
            result: String(res.spf.status?.result ?? 'none'),
          }
        : null;
    const dmarc = res.dmarc
      ? {
          domain: String(res.dmarc.domain ?? '').toLowerCase(),
          result: String(res.dmarc.status?.result ?? 'none'),
          policy: res.dmarc.policy ? String(res.dmarc.policy) : null,
        }
      : null;
    return { dkim, spf, dmarc, from_domain: fromDomain, evaluated_at: evaluatedAt };
  } catch {
    // mailauth could not read the message at all: nothing is authenticated
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
