// SEPA account identifiers: an IBAN (ISO 13616, check digits mod 97) of a country in the SEPA
// schemes' geographical scope (EPC409-09, the list of countries and territories, 2025 edition).
// The French, Portuguese, Spanish and Finnish territories use their state's IBAN prefix.
import { validIban } from '../../lib/party-identifiers.ts';

export const SEPA_COUNTRIES: ReadonlySet<string> = new Set([
  // EU
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  // EEA
  'IS',
  'LI',
  'NO',
  // the other participants
  'CH',
  'GB',
  'MC',
  'SM',
  'VA',
  'AD',
  'GI',
  'JE',
  'GG',
  'IM',
  'AL',
  'MD',
  'ME',
  'MK',
  'RS',
]);

/** An IBAN as people write it (spaces, lower case) in its electronic form. */
export function normalizeIban(iban: string): string {
  return iban.replace(/[\s]/g, '').toUpperCase();
}

/** Why an IBAN (already normalized) cannot be used on the SEPA rail, or null when it can. */
export function sepaIbanProblem(iban: string): string | null {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) {
    return 'IBAN is not valid: two letters, two check digits and 11 to 30 letters or digits';
  }
  if (!validIban(iban)) return 'IBAN is not valid: its check digits do not match (look for a typing error)';
  if (!SEPA_COUNTRIES.has(iban.slice(0, 2))) {
    return `IBAN is not in a SEPA country (${iban.slice(0, 2)}): the bank rail is SEPA credit transfer`;
  }
  return null;
}

/** A BIC (ISO 9362): 8 or 11 characters, as pain.001.001.09's BICFI requires. */
export function validBic(bic: string): boolean {
  return /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);
}
