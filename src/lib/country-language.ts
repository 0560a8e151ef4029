// The language an organization's documents are usually written in, by its country (issue 49): the
// app writes numbers and dates the way that language writes them in that country (de-DE: 1.140,00
// and 31.12.2026), and the invoice PDF names units in it (layout 3, pdf-layout.ts). The country is
// the legal profile's (address.country_code); one table, so the page and the PDF never disagree.

const LANGUAGE: Record<string, string> = {
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  LU: 'fr',
  FR: 'fr',
  BE: 'nl',
  NL: 'nl',
  ES: 'es',
  IT: 'it',
  PT: 'pt',
  GR: 'el',
  FI: 'fi',
  SE: 'sv',
  DK: 'da',
  NO: 'nb',
  PL: 'pl',
  CZ: 'cs',
  SK: 'sk',
  SI: 'sl',
  HR: 'hr',
  HU: 'hu',
  RO: 'ro',
  BG: 'bg',
  EE: 'et',
  LV: 'lv',
  LT: 'lt',
  IE: 'en',
  GB: 'en',
  US: 'en',
  CA: 'en',
  AU: 'en',
  NZ: 'en',
};

/** The ISO 639-1 language of a country's documents (DE → de); English for a country not listed. */
export function languageOfCountry(countryCode: string): string {
  return LANGUAGE[countryCode.toUpperCase()] ?? 'en';
}
