// Where webhook deliveries may go (CONTRACT 0): in production only to public unicast addresses
// over https, checked when an endpoint is registered and again at connect time. The connect-time
// check is the one that counts: DNS may answer differently between registration (or a pre-flight
// check) and delivery, so the address is resolved, checked and pinned inside the socket's own
// lookup, and the socket connects to exactly the address that passed.
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Agent, buildConnector } from 'undici';
import { lazyModule } from './lazy-module.ts';

// undici is loaded on the first outbound delivery, not at start: a process with no webhook
// endpoint never needs it, and importing it costs 5.2 MB of heap (after gc, fresh Node 20
// process) in every one (issue 28's 300 MB). sendDelivery awaits loadUndici() before it makes
// its dispatcher.
const undici = lazyModule('undici', () => import('undici'));
export const loadUndici = (): Promise<unknown> => undici.load();

export interface NetPolicy {
  /** Production refuses plain http and forbidden addresses; development allows everything. */
  production: boolean;
}

/** Every address the name has, in resolver order. Injectable so tests can script DNS answers. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export interface ResolvePolicy extends NetPolicy {
  resolve?: ResolveAll;
  /** Only pin an address of this family (the socket asked for one). */
  family?: 4 | 6;
}

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

export class ForbiddenAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_FORBIDDEN_ADDRESS';
  readonly hostname: string;
  readonly address: string;

  constructor(hostname: string, address: string) {
    super(
      hostname === address
        ? `${address} is not a public address; webhooks cannot be delivered to it`
        : `${hostname} resolves to ${address}, which is not a public address; webhooks cannot be delivered to it`,
    );
    this.name = 'ForbiddenAddressError';
    this.hostname = hostname;
    this.address = address;
  }
}

// Only 2000::/3 is globally routed; everything else in IPv6 is local, special or unassigned.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
// NAT64 well-known prefix (RFC 6052): reaches the IPv4 address in its last 32 bits, so it is as
// allowed as that address; IPv6-only networks with DNS64 hand these out for public hosts.
const NAT64_V6 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * True unless `ip` is a public unicast address. Fails closed: anything unparseable is forbidden.
 * IPv4: loopback, RFC 1918, link-local, CGNAT 100.64/10, multicast, 0/8, broadcast, reserved and
 * documentation ranges. IPv6: anything outside 2000::/3 (loopback, unspecified, fc00::/7,
 * fe80::/10, multicast...) and the special ranges inside it (documentation, 6to4, Teredo, ...);
 * IPv4-mapped, IPv4-translated and NAT64 forms are judged by the IPv4 address they carry.
 */
export function isForbiddenAddress(ip: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip);
  } catch {
    return true;
  }
  return !isPublicUnicast(address);
}

function isPublicUnicast(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address instanceof ipaddr.IPv4) return address.range() === 'unicast';
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_V6)) {
    return isPublicUnicast(embeddedIPv4(address));
  }
  return range === 'unicast' && address.match(GLOBAL_UNICAST_V6);
}

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray().slice(12);
  return new ipaddr.IPv4(bytes);
}

/** Syntax and literal-address rules for a webhook URL; hostnames are checked by resolving. */
export function checkWebhookUrl(url: string, policy: NetPolicy): WebhookUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: 'must be an absolute URL such as https://example.com/webhooks' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { ok: false, message: `must use https, not ${parsed.protocol.slice(0, -1)}` };
  }
  // Credentials in a URL leak into logs and the delivery list; receivers verify the signature.
  if (parsed.username !== '' || parsed.password !== '') {
    return {
      ok: false,
      message: 'must not contain credentials (user:password@); verify the signature instead',
    };
  }
  if (!policy.production) return { ok: true, url: parsed };

  if (parsed.protocol !== 'https:') return { ok: false, message: 'must use https' };
  const host = unbracket(parsed.hostname);
  if (isIP(host) !== 0 && isForbiddenAddress(host)) {
    return {
      ok: false,
      message: 'must not point at a loopback, private, link-local or other non-public address',
    };
  }
  // RFC 6761: these names are loopback by definition, whatever a resolver might say.
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return { ok: false, message: 'must not point at localhost' };
  }
  return { ok: true, url: parsed };
}

/**
 * Resolves every address of `hostname` and returns the one to connect to. In production the name
 * is refused if ANY address is forbidden: a name that also points inward is not a public endpoint,
 * and a client might be steered to whichever address it would try next.
 */
export async function resolveDeliverableAddress(
  hostname: string,
  policy: ResolvePolicy,
): Promise<LookupAddress> {
  const host = unbracket(hostname);
  const literal = isIP(host);
  const addresses =
    literal !== 0 ? [{ address: host, family: literal }] : await (policy.resolve ?? systemResolve)(host);
  if (policy.production) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) throw new ForbiddenAddressError(host, bad.address);
  }
  const pinned = addresses.find((a) => policy.family === undefined || a.family === policy.family);
  if (!pinned) {
    const err: NodeJS.ErrnoException = new Error(`no usable address for ${host}`);
    err.code = 'ENOTFOUND';
    throw err;
  }
  return pinned;
}

/**
 * A `lookup` for net/tls connect options (and so for undici's `connect: { lookup }`): resolves,
 * checks and answers with the single pinned address, so the socket cannot reach any address
 * that did not pass the check. Literal-IP hosts never reach a lookup; see createPinnedDispatcher.
 */
export function createPinnedLookup(policy: Omit<ResolvePolicy, 'family'>): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolveDeliverableAddress(hostname, { ...policy, family: requestedFamily(options) }).then(
      (pinned) => {
        if (options.all) callback(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

export interface PinnedDispatcherOptions extends Omit<ResolvePolicy, 'family'> {
  /** Connect timeout in milliseconds (undici's default is 10 s). */
  connectTimeoutMs?: number;
}

/**
 * An undici Agent for deliveries: the pinned lookup for names, plus a check of literal-IP hosts,
 * which Node connects to without calling any lookup. loadUndici() must have been awaited.
 */
export function createPinnedDispatcher(options: PinnedDispatcherOptions): Agent {
  const { Agent, buildConnector } = undici.get();
  const { connectTimeoutMs, ...policy } = options;
  const connector = buildConnector({ lookup: createPinnedLookup(policy), timeout: connectTimeoutMs });
  const guarded: buildConnector.connector = (connectOptions, callback) => {
    const host = connectOptions.hostname;
    if (policy.production && isIP(host) !== 0 && isForbiddenAddress(host)) {
      callback(new ForbiddenAddressError(host, host), null);
      return;
    }
    connector(connectOptions, callback);
  };
  return new Agent({ connect: guarded });
}

async function systemResolve(hostname: string): Promise<LookupAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

function requestedFamily(options: LookupOptions): 4 | 6 | undefined {
  const family = options.family;
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return undefined;
}

/** URL.hostname keeps the brackets around an IPv6 literal; addresses do not have them. */
function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
