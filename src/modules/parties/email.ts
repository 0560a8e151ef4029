// An external party's email address (CONTRACT 11.1): a mailbox that SMTP can carry, within RFC 5321's
// limits (local part ≤ 64 octets, domain ≤ 255, a path of ≤ 256 octets, so an address ≤ 254). The
// local part is a dot-atom of RFC 5322 atext (what every relay accepts; quoted local parts are
// refused rather than half-supported). The domain may be internationalized (IDN): it is checked in
// its ASCII (punycode) form, which is what SMTP sends, and stored as given.
import { domainToASCII } from 'node:url';

const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** What is wrong with the address, in words, or null when it is a valid address. */
export function emailProblem(email: string): string | null {
  for (const ch of email) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x20 || c === 0x7f || /\s/.test(ch)) {
      return 'must not contain spaces, line breaks or control characters';
    }
  }
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return 'must be an email address such as billing@example.com';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (Buffer.byteLength(local, 'utf8') > 64)
    return 'has a local part (before @) longer than 64 octets (RFC 5321)';
  if (local.split('.').some((atom) => !ATEXT.test(atom))) {
    return 'has a local part (before @) that is not a plain dot-separated name (RFC 5322 dot-atom)';
  }
  if (domain.endsWith('.')) return 'must not end its domain with a dot';
  const ascii = domainToASCII(domain);
  if (ascii === '') return 'has a domain that is not a valid (internationalized) domain name';
  if (ascii.length > 255) return 'has a domain longer than 255 octets (RFC 5321)';
  const labels = ascii.split('.');
  if (labels.length < 2) return 'needs a domain with a dot, such as example.com';
  if (labels.some((l) => !LABEL.test(l))) return 'has a domain that is not a valid host name';
  if (/^[0-9]+$/.test(labels.at(-1)!)) return 'has a domain whose last label is a number, not a host name';
  if (local.length + 1 + ascii.length > 254) return 'is longer than 254 octets (RFC 5321)';
  return null;
}
