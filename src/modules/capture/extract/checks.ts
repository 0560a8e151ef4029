// The checks a captured value must pass (CONTRACT 13, "Never an invented value"), as cap-confirm
// needs them to check a person's corrections. MINIMAL until cap-extract merges: its own checks.ts
// (the same exported names) replaces this file at merge.
import { validIban } from '../../../lib/party-identifiers.ts';

/** ISO 13616 check digits (mod 97), on the compacted upper-case IBAN. */
export function ibanValid(s: string): boolean {
  return validIban(s.replace(/\s+/g, '').toUpperCase());
}

/** ISO 11649 creditor reference: RF, 2 check digits, up to 21 alphanumerics; mod 97 = 1. */
export function rfValid(s: string): boolean {
  const ref = s.replace(/\s+/g, '').toUpperCase();
  if (!/^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(ref)) return false;
  let rest = 0;
  for (const ch of ref.slice(4) + ref.slice(0, 4)) {
    const v = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest === 1;
}

/** The VAT id formats of the countries whose invoices docex reads (VIES's published formats). */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^ATU[0-9]{8}$/,
  BE: /^BE[01][0-9]{9}$/,
  DE: /^DE[0-9]{9}$/,
  DK: /^DK[0-9]{8}$/,
  EL: /^EL[0-9]{9}$/,
  ES: /^ES[0-9A-Z][0-9]{7}[0-9A-Z]$/,
  FI: /^FI[0-9]{8}$/,
  FR: /^FR[0-9A-Z]{2}[0-9]{9}$/,
  GB: /^GB([0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$/,
  IE: /^IE[0-9][0-9A-Z+*][0-9]{5}[A-Z]{1,2}$/,
  IT: /^IT[0-9]{11}$/,
  LU: /^LU[0-9]{8}$/,
  NL: /^NL[0-9]{9}B[0-9]{2}$/,
  PL: /^PL[0-9]{10}$/,
  PT: /^PT[0-9]{9}$/,
  SE: /^SE[0-9]{10}01$/,
  CH: /^CHE[0-9]{9}(MWST|TVA|IVA)?$/,
};

/**
 * Whether `id` (compacted, upper case, with its prefix) is a VAT id of `country` (ISO 3166 alpha-2;
 * Greece's prefix is EL). A country without a known format takes its prefix and 2 to 13
 * alphanumerics.
 */
export function vatIdValid(country: string, id: string): boolean {
  const c = country.toUpperCase() === 'GR' ? 'EL' : country.toUpperCase();
  const v = id.replace(/[\s.\-/]/g, '').toUpperCase();
  const format = VAT_FORMATS[c];
  if (format) return format.test(v);
  return v.startsWith(c) && /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v);
}

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** Whether `s` is an ISO 4217 currency code. */
export function isoCurrency(s: string): boolean {
  return ISO_CURRENCIES.has(s);
}
