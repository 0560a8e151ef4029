// CIDR lists of a key's `allowed_cidrs` (SPEC 5.9): validated and normalized once when a key is
// minted, compiled once into a matcher, then applied to the peer address of every request.
import ipaddr from 'ipaddr.js';

export const MAX_CIDRS = 20;

export interface FieldError {
  path: string;
  message: string;
}

export type CidrListResult = { ok: true; cidrs: string[] } | { ok: false; errors: FieldError[] };

export type CidrMatcher = (ip: string) => boolean;

type V4Range = [ipaddr.IPv4, number];
type V6Range = [ipaddr.IPv6, number];
type Range = { kind: 'ipv4'; range: V4Range } | { kind: 'ipv6'; range: V6Range };
type RangeResult = { ok: true; value: Range } | { ok: false; message: string };

const MAPPED_PREFIX = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');

/**
 * Validates a request's `allowed_cidrs` value: 1 to 20 IPv4/IPv6 ranges, a bare address meaning
 * one host. Entries come back normalized (network address, canonical text, IPv4-mapped IPv6
 * ranges as IPv4) so that what is stored and shown is what is enforced.
 */
export function parseCidrList(input: unknown, path = 'allowed_cidrs'): CidrListResult {
  if (!Array.isArray(input)) {
    return fail(path, 'must be an array of IPv4 or IPv6 ranges, such as ["203.0.113.0/24"]');
  }
  // An empty list would lock the key out of every address; "any address" is spelled by omission.
  if (input.length === 0) return fail(path, 'must list at least one range; omit it to allow any address');
  if (input.length > MAX_CIDRS)
    return fail(path, `must have at most ${MAX_CIDRS} entries, got ${input.length}`);

  const cidrs: string[] = [];
  const errors: FieldError[] = [];
  input.forEach((entry: unknown, i) => {
    const at = `${path}[${i}]`;
    if (typeof entry !== 'string') {
      errors.push({ path: at, message: 'must be a string such as "203.0.113.0/24" or "2001:db8::/32"' });
      return;
    }
    const parsed = parseRange(entry);
    if (parsed.ok) cidrs.push(formatRange(parsed.value));
    else errors.push({ path: at, message: parsed.message });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, cidrs };
}

/**
 * Parses the ranges once; the returned function only parses the peer. An IPv4 peer and its
 * IPv4-mapped IPv6 form (`::ffff:10.0.0.1`, what a dual-stack socket reports) are the same
 * client, so each is tested against both families' ranges. An unparseable peer matches nothing.
 */
export function compileCidrs(cidrs: readonly string[]): CidrMatcher {
  const v4: V4Range[] = [];
  const v6: V6Range[] = [];
  for (const cidr of cidrs) {
    const parsed = parseRange(cidr);
    // Stored lists went through parseCidrList; anything else is corruption, not a client error.
    if (!parsed.ok) throw new Error(`invalid CIDR "${cidr}": ${parsed.message}`);
    if (parsed.value.kind === 'ipv4') v4.push(parsed.value.range);
    else v6.push(parsed.value.range);
  }
  return (ip) => {
    let peer: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      peer = ipaddr.parse(ip);
    } catch {
      return false;
    }
    let asV4: ipaddr.IPv4 | null;
    let asV6: ipaddr.IPv6;
    if (peer instanceof ipaddr.IPv4) {
      asV4 = peer;
      asV6 = peer.toIPv4MappedAddress();
    } else {
      asV6 = peer;
      asV4 = peer.isIPv4MappedAddress() ? peer.toIPv4Address() : null;
    }
    const v4Peer = asV4;
    return (v4Peer !== null && v4.some((r) => v4Peer.match(r))) || v6.some((r) => asV6.match(r));
  };
}

export function ipInCidrs(ip: string, cidrs: readonly string[]): boolean {
  return compileCidrs(cidrs)(ip);
}

function parseRange(entry: string): RangeResult {
  const slash = entry.indexOf('/');
  const addressText = slash < 0 ? entry : entry.slice(0, slash);
  const prefixText = slash < 0 ? undefined : entry.slice(slash + 1);

  if (addressText.includes('%')) {
    return { ok: false, message: `"${entry}": a zone index (%...) has no meaning in an address range` };
  }
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  // Four-part decimal only: ipaddr.js also reads "10.1" or "012.0.0.1" the way inet_aton does,
  // which is never what someone typing a range means.
  if (ipaddr.IPv4.isValidFourPartDecimal(addressText)) address = ipaddr.IPv4.parse(addressText);
  else if (ipaddr.IPv6.isValid(addressText)) address = ipaddr.IPv6.parse(addressText);
  else {
    return {
      ok: false,
      message: `"${entry}" is not an IPv4 or IPv6 address or range (examples: 203.0.113.0/24, 2001:db8::/32)`,
    };
  }

  const maxBits = address instanceof ipaddr.IPv4 ? 32 : 128;
  let bits = maxBits;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) {
      return { ok: false, message: `"${entry}": the prefix length after "/" must be a number` };
    }
    bits = Number(prefixText);
    if (bits > maxBits) {
      const family = maxBits === 32 ? 'IPv4' : 'IPv6';
      return {
        ok: false,
        message: `"${entry}": prefix /${bits} is out of range for ${family} (0 to ${maxBits})`,
      };
    }
  }

  // Host bits are forgiven: "10.1.2.3/8" means 10.0.0.0/8.
  const network = networkAddress(address, bits);
  if (network instanceof ipaddr.IPv4) return { ok: true, value: { kind: 'ipv4', range: [network, bits] } };
  if (bits >= 96 && network.match(MAPPED_PREFIX)) {
    return { ok: true, value: { kind: 'ipv4', range: [network.toIPv4Address(), bits - 96] } };
  }
  return { ok: true, value: { kind: 'ipv6', range: [network, bits] } };
}

function networkAddress(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): ipaddr.IPv4 | ipaddr.IPv6 {
  const bytes = address.toByteArray().map((byte, i) => {
    const keep = Math.min(8, Math.max(0, bits - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return ipaddr.fromByteArray(bytes);
}

function formatRange(range: Range): string {
  // ipaddr.js prints IPv6 in RFC 5952 form: lower case, longest zero run compressed.
  const [network, bits] = range.range;
  return `${network.toString()}/${bits}`;
}

function fail(path: string, message: string): CidrListResult {
  return { ok: false, errors: [{ path, message }] };
}
