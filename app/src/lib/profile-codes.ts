// The legal profile's codes in words (issue 49): the countries of ISO 3166-1 by name (the browser's
// own names, Intl.DisplayNames, over the list EN 16931 accepts), and the common registration (ISO
// 6523 ICD) and electronic address (EAS) schemes by what they are, so a person picks "German VAT
// number" rather than typing 9930. Any other code of the lists may still be typed.
import { COUNTRY_CODES } from '../../../src/lib/generated/en16931-codes';

export interface CodeOption {
  code: string;
  name: string;
}

/** Every country EN 16931 accepts, by its English name, sorted by name. */
export function countryOptions(): CodeOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    // An old browser without DisplayNames: the codes alone, still a picker.
  }
  return [...COUNTRY_CODES]
    .map((code) => ({ code, name: (code === 'XI' ? 'Northern Ireland' : names?.of(code)) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** ISO 6523 ICD: the registers a company's registration number is kept in (BT-30 scheme). */
export const REGISTRATION_SCHEMES: CodeOption[] = [
  { code: '0002', name: 'French SIREN (SIRENE)' },
  { code: '0009', name: 'French SIRET' },
  { code: '0106', name: 'Dutch Chamber of Commerce (KvK)' },
  { code: '0208', name: 'Belgian enterprise number (KBO/BCE)' },
  { code: '0007', name: 'Swedish organisation number' },
  { code: '0192', name: 'Norwegian organisation number' },
  { code: '0184', name: 'Danish CVR number' },
  { code: '0037', name: 'Finnish business id (Y-tunnus)' },
  { code: '0211', name: 'Italian VAT number (partita IVA)' },
  { code: '0088', name: 'Global Location Number (GLN)' },
  { code: '0060', name: 'D-U-N-S number' },
];

/** EAS: the schemes of an electronic address, what Peppol routes on (BT-34 / BT-49 scheme). */
export const ADDRESS_SCHEMES: CodeOption[] = [
  { code: '9930', name: 'German VAT number' },
  { code: '9957', name: 'French VAT number' },
  { code: '9944', name: 'Dutch VAT number' },
  { code: '9925', name: 'Belgian VAT number' },
  { code: '9914', name: 'Austrian VAT number' },
  { code: '9920', name: 'Spanish VAT number' },
  { code: '0211', name: 'Italian VAT number (partita IVA)' },
  { code: '9932', name: 'UK VAT number' },
  { code: '0204', name: 'German Leitweg-ID (public buyers)' },
  { code: '0009', name: 'French SIRET' },
  { code: '0106', name: 'Dutch Chamber of Commerce (KvK)' },
  { code: '0190', name: 'Dutch government id (OIN)' },
  { code: '0208', name: 'Belgian enterprise number' },
  { code: '0007', name: 'Swedish organisation number' },
  { code: '0192', name: 'Norwegian organisation number' },
  { code: '0184', name: 'Danish CVR number' },
  { code: '0088', name: 'Global Location Number (GLN)' },
  { code: '0060', name: 'D-U-N-S number' },
  { code: 'EM', name: 'Email address' },
];

/** The VAT-number address scheme of a country, for the suggestion "use your VAT identifier". */
const VAT_ADDRESS_SCHEME: Record<string, string> = {
  DE: '9930',
  FR: '9957',
  NL: '9944',
  BE: '9925',
  AT: '9914',
  ES: '9920',
  IT: '0211',
  GB: '9932',
};

/** The scheme a VAT identifier is an electronic address in, for this country, or null. */
export function vatAddressScheme(countryCode: string): string | null {
  return VAT_ADDRESS_SCHEME[countryCode.trim().toUpperCase()] ?? null;
}

/** A code's name from a list, or null (a code of the standard the list does not name). */
export function codeName(list: CodeOption[], code: string): string | null {
  const c = code.trim().toUpperCase();
  return list.find((o) => o.code === c)?.name ?? null;
}
