// DKIM, SPF and DMARC of a received message with mailauth, on a parse thread (parse-worker.ts):
// mailauth parses the headers of anyone's message (in quadratic time: 4 MB of folded header took
// 6.7 s), so it never runs on the thread serving requests. DNS goes through DOCEX_DNS_SERVERS
// when set. authenticate.ts is the main thread's side.
import { Resolver } from 'node:dns/promises';
import type { SenderAuthentication } from '../../db/tables/inbound.ts';

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

export interface SenderCheck {
  raw: Uint8Array;
  clientIp: string | null;
  helo: string | null;
  envelopeFrom: string | null;
  /** this server's name (the inbound domain) */
  mta: string;
  dnsServers: string[] | null;
}

export type SenderResults = Pick<SenderAuthentication, 'dkim' | 'spf' | 'dmarc'>;

/** mailauth's verdicts; throws when it cannot read the message at all. */
export async function checkSender(m: SenderCheck): Promise<SenderResults> {
  const { authenticate } = await import('mailauth');
  const res = await authenticate(Buffer.from(m.raw.buffer, m.raw.byteOffset, m.raw.byteLength), {
    ...(m.clientIp ? { ip: m.clientIp } : {}),
    ...(m.helo ? { helo: m.helo } : {}),
    // an empty reverse-path (a bounce) is SPF-checked as postmaster@HELO by mailauth
    sender: m.envelopeFrom ?? '',
    mta: m.mta,
    resolver: resolverFor(m.dnsServers),
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
  return { dkim, spf, dmarc };
}
