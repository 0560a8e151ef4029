// Check digits of party identifiers, so a legal profile docex accepts is one the official rules
// accept when it is exported: IBAN (ISO 13616 mod 97) and the identifier schemes whose format
// Peppol BIS 3 checks as fatal (PEPPOL-COMMON-R040..R050). Each function states the rule it mirrors.

const digitsOf = (s: string): number[] => [...s].map((c) => c.charCodeAt(0) - 48);

/** ISO 13616: 2 letters, 2 check digits, up to 30 alphanumerics; mod 97 of the rearranged number = 1. */
export function validIban(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const v = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest === 1;
}

/** GS1 GLN (scheme 0088, PEPPOL-COMMON-R040): digits, the last a mod-10 check digit weighted 3,1 from the right. */
function gln(v: string): boolean {
  if (!/^[0-9]{2,}$/.test(v)) return false;
  const body = digitsOf(v.slice(0, -1)).reverse();
  const sum = body.reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(v.at(-1));
}

/** Norwegian organization number (0192, R041): 9 digits, mod 11 weighted 2..7 from the right. */
function norwegian(v: string): boolean {
  if (!/^[0-9]{9}$/.test(v) || Number(v) === 0) return false;
  const body = digitsOf(v.slice(0, -1)).reverse();
  const sum = body.reduce((s, d, i) => s + d * ((i % 6) + 2), 0);
  return (11 - (sum % 11)) % 11 === Number(v.at(-1));
}

/** Danish CVR (0184, R042): 8 digits, or DK and 8 digits. */
const danish = (v: string): boolean => /^(DK)?[0-9]{8}$/.test(v);

/** Belgian enterprise number (0208, R043): 10 digits, the last two 97 − (first eight mod 97). */
function belgian(v: string): boolean {
  if (!/^[0-9]{10}$/.test(v)) return false;
  return 97 - (Number(v.slice(0, 8)) % 97) === Number(v.slice(8));
}

/** Swedish organization number (0007, R049): 10 digits, Luhn. */
function swedish(v: string): boolean {
  if (!/^[0-9]{10}$/.test(v)) return false;
  const sum = digitsOf(v.slice(0, 9))
    .reverse()
    .reduce((s, d, i) => {
      const x = i % 2 === 0 ? d * 2 : d;
      return s + (x % 10) + Math.floor(x / 10);
    }, 0);
  return (10 - (sum % 10)) % 10 === Number(v.at(-1));
}

/** Australian Business Number (0151, R050): 11 digits, weighted mod 89 with the first digit less one. */
function australian(v: string): boolean {
  if (!/^[0-9]{11}$/.test(v)) return false;
  const w = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const d = digitsOf(v);
  d[0] = d[0]! - 1;
  return d.reduce((s, x, i) => s + x * w[i]!, 0) % 89 === 0;
}

const CHECKED: Record<string, { check: (v: string) => boolean; name: string }> = {
  '0088': { check: gln, name: 'a GS1 GLN with a valid check digit' },
  '0192': { check: norwegian, name: 'a Norwegian organization number (9 digits, mod 11)' },
  '0184': { check: danish, name: 'a Danish CVR number (8 digits, optionally after DK)' },
  '0208': { check: belgian, name: 'a Belgian enterprise number (10 digits, mod 97)' },
  '0007': { check: swedish, name: 'a Swedish organization number (10 digits, Luhn)' },
  '0151': { check: australian, name: 'an Australian Business Number (11 digits, mod 89)' },
};

/** What an identifier under `scheme` must be when its format is checked and this value fails; else null. */
export function identifierProblem(scheme: string, value: string): string | null {
  const rule = CHECKED[scheme];
  return rule && !rule.check(value) ? `must be ${rule.name} for scheme ${scheme}` : null;
}

/**
 * An identifier as docex compares and stores it (CONTRACT 11.5): without spaces, dots, dashes or
 * slashes, which suppliers write for readability (`NL8200.98.395.B.01` is `NL820098395B01`,
 * `DE 37/302/30168` is `DE3730230168`). Length and format limits apply to the result.
 */
export const compactIdentifier = (value: string): string => value.replace(/[\s./-]+/g, '');

/**
 * An electronic address's value compacted, except an email address (EAS scheme EM), whose dots and
 * dashes are part of it.
 */
export const compactAddress = (scheme: string | null | undefined, value: string): string =>
  scheme?.toUpperCase() === 'EM' ? value.trim() : compactIdentifier(value);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A legal profile as sent (PATCH /v1/organization, an external party's legal_profile) with its VAT
 * id, legal registration id and electronic address compacted in place, before any check: the
 * limits (a VAT id's 14 characters, a scheme's check digits) apply to what is stored, and the
 * directory and the attribution of received files compare the same compact form (CONTRACT 11.5).
 * Anything not shaped like a profile is left for the schema to name.
 */
export function compactProfileIdentifiers(profile: unknown): void {
  if (!isRecord(profile)) return;
  if (typeof profile.vat_id === 'string') profile.vat_id = compactIdentifier(profile.vat_id);
  const lr = profile.legal_registration_id;
  if (isRecord(lr) && typeof lr.value === 'string') lr.value = compactIdentifier(lr.value);
  const ea = profile.electronic_address;
  if (isRecord(ea) && typeof ea.value === 'string') {
    ea.value = compactAddress(typeof ea.scheme === 'string' ? ea.scheme : null, ea.value);
  }
}

/** A look-up's `<scheme>:<value>` with its value compacted (the scheme is four digits). */
export function compactSchemeIdentifier(identifier: string): string {
  const colon = identifier.indexOf(':');
  return colon < 0
    ? compactIdentifier(identifier)
    : `${identifier.slice(0, colon).trim()}:${compactIdentifier(identifier.slice(colon + 1))}`;
}
