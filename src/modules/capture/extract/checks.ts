// The checks a captured value must pass to be `high` (CONTRACT §13), exported for the confirm step
// to check a person's corrections the same way. Each is a format or check-digit test on the value
// as the fields hold it (compacted, upper-case): none looks anything up outside this file.
import { isRealDate } from '../../../lib/calendar.ts';
import { ISO_4217 } from './iso-4217.ts';

/** Spaces, dots, dashes and slashes out, upper-case: how identifiers are compared and stored (§11.5). */
export function compactId(s: string): string {
  return s.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** ISO 13616 lengths per country (the SEPA area and its neighbours, the ones invoices carry). */
const IBAN_LENGTH: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** The ISO 7064 MOD 97-10 remainder of an alphanumeric string (letters A=10 … Z=35). */
function mod97(s: string): number {
  let r = 0;
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) r = (r * 10 + Number(d)) % 97;
  }
  return r;
}

/** An IBAN (ISO 13616): its country's length and its check digits (mod 97 = 1). */
export function ibanValid(iban: string): boolean {
  const s = compactId(iban);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const len = IBAN_LENGTH[s.slice(0, 2)];
  if (len === undefined || s.length !== len) return false;
  return mod97(s.slice(4) + s.slice(0, 4)) === 1;
}

/** A creditor reference (ISO 11649): RF, two check digits, up to 21 letters or digits, mod 97 = 1. */
export function rfValid(ref: string): boolean {
  const s = compactId(ref);
  if (!/^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(s)) return false;
  return mod97(s.slice(4) + s.slice(0, 4)) === 1;
}

/**
 * A Belgian structured communication ("+++090/2026/03142+++", "***…***", or its 12 digits): the
 * 12 digits when its last two are the first ten mod 97 (97 for 0), else null.
 */
export function belgianStructured(text: string): string | null {
  const m = /^(?:\+{3}|\*{3})?\s*([0-9]{3})\s*\/\s*([0-9]{4})\s*\/\s*([0-9]{5})\s*(?:\+{3}|\*{3})?$/.exec(
    text.trim(),
  );
  if (!m) return null;
  const digits = `${m[1]}${m[2]}${m[3]}`;
  const check = Number(digits.slice(0, 10)) % 97 || 97;
  return check === Number(digits.slice(10)) ? digits : null;
}

/**
 * A Swiss QR reference (the QR-bill's "Referenz"/"Référence", successor of the ESR number): 27
 * digits, the last the recursive mod-10 check of the first 26 (SIX's implementation guidelines);
 * the 27 digits when it holds, else null. Spaces between groups are not its.
 */
export function qrReference(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  if (!/^[0-9]{27}$/.test(digits)) return null;
  let carry = 0;
  for (const d of digits.slice(0, 26)) carry = MOD10_RECURSIVE[(carry + Number(d)) % 10] as number;
  return (10 - carry) % 10 === Number(digits[26]) ? digits : null;
}
const MOD10_RECURSIVE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** A BIC (ISO 9362): bank, country, location, optional branch. */
export function bicValid(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactId(bic)) && countryOfBic(bic) !== null;
}
function countryOfBic(bic: string): string | null {
  const c = compactId(bic).slice(4, 6);
  return c in IBAN_LENGTH || c === 'US' || c === 'CA' ? c : null;
}

/**
 * VAT identifiers by country (the EU's VIES formats, Greece as EL, Northern Ireland as XI, and
 * GB, CH, NO): the format only, not the national check digits (test and sample ids such as
 * DE123456789 are formally right and carry no valid check digit).
 */
const VAT_FORMAT: Record<string, RegExp> = {
  AT: /^ATU[0-9]{8}$/,
  BE: /^BE[01][0-9]{9}$/,
  BG: /^BG[0-9]{9,10}$/,
  CY: /^CY[0-9]{8}[A-Z]$/,
  CZ: /^CZ[0-9]{8,10}$/,
  DE: /^DE[0-9]{9}$/,
  DK: /^DK[0-9]{8}$/,
  EE: /^EE[0-9]{9}$/,
  EL: /^EL[0-9]{9}$/,
  ES: /^ES[A-Z0-9][0-9]{7}[A-Z0-9]$/,
  FI: /^FI[0-9]{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}[0-9]{9}$/,
  HR: /^HR[0-9]{11}$/,
  HU: /^HU[0-9]{8}$/,
  IE: /^IE([0-9]{7}[A-W][A-IW]?|[0-9][A-Z+*][0-9]{5}[A-W])$/,
  IT: /^IT[0-9]{11}$/,
  LT: /^LT([0-9]{9}|[0-9]{12})$/,
  LU: /^LU[0-9]{8}$/,
  LV: /^LV[0-9]{11}$/,
  MT: /^MT[0-9]{8}$/,
  NL: /^NL[0-9]{9}B[0-9]{2}$/,
  PL: /^PL[0-9]{10}$/,
  PT: /^PT[0-9]{9}$/,
  RO: /^RO[0-9]{2,10}$/,
  SE: /^SE[0-9]{10}01$/,
  SI: /^SI[0-9]{8}$/,
  SK: /^SK[0-9]{10}$/,
  GB: /^GB([0-9]{9}|[0-9]{12}|GD[0-4][0-9]{2}|HA[5-9][0-9]{2})$/,
  XI: /^XI([0-9]{9}|[0-9]{12}|GD[0-4][0-9]{2}|HA[5-9][0-9]{2})$/,
  CH: /^CHE[0-9]{9}(MWST|TVA|IVA)?$/,
  NO: /^NO[0-9]{9}(MVA)?$/,
};

/** The VAT prefix of a country (ISO 3166 alpha-2): Greece writes EL. */
function vatPrefix(country: string): string {
  const c = country.toUpperCase();
  return c === 'GR' ? 'EL' : c;
}

/** The country a VAT id names by its prefix, when docex knows that country's format; else null. */
export function vatCountry(id: string): string | null {
  const s = compactId(id);
  const p = s.startsWith('CHE') ? 'CH' : s.slice(0, 2);
  return p in VAT_FORMAT ? p : null;
}

/**
 * A VAT id in its country's format. `country` is the country it should belong to (the seller's
 * address, the receiver's profile) or null to take the id's own prefix.
 */
export function vatIdValid(country: string | null, id: string): boolean {
  const s = compactId(id);
  const own = vatCountry(s);
  if (own === null) return false;
  if (country !== null && vatPrefix(country) !== own) return false;
  return (VAT_FORMAT[own] as RegExp).test(s);
}

/** An ISO 4217 currency code in use. */
export function isoCurrency(code: string): boolean {
  return ISO_4217.has(code.toUpperCase()) && /^[A-Z]{3}$/.test(code);
}

/** A real calendar date as YYYY-MM-DD, in the years an invoice can carry (1990 … 2100). */
export function dateValid(date: string): boolean {
  if (!isRealDate(date)) return false;
  const year = Number(date.slice(0, 4));
  return year >= 1990 && year <= 2100;
}

/** The due date is not before the issue date (both YYYY-MM-DD, so they compare as strings). */
export function dueNotBeforeIssue(issue: string, due: string): boolean {
  return due >= issue;
}

/**
 * A Spanish or Italian VAT id printed in its DOMESTIC form, as suppliers of those countries print
 * their own (and their customer's) on every invoice: "CIF B12345674", "NIF 12345678Z", "P.IVA
 * 01234567897", without the ES/IT that the id carries in VIES and in an e-invoice (BT-31); so do
 * some British ones ("VAT registration no. 147 2956 85"). Given
 * with its prefix when its national check digit is right, else null: the check digit is what
 * tells a tax id from any other number of that length beside a tax label.
 */
export function domesticVatId(printed: string, english = false): string | null {
  const s = compactId(printed);
  if (/^[0-9]{11}$/.test(s) && partitaIvaValid(s)) return `IT${s}`;
  if (/^[0-9A-Z][0-9]{7}[0-9A-Z]$/.test(s) && spanishTaxIdValid(s)) return `ES${s}`;
  // a UK VAT registration number printed without GB ("VAT registration no. 147 2956 85"), on a
  // page in English only: nine digits pass its check one time in fifty
  if (english && /^[0-9]{9}$/.test(s) && ukVatValid(s)) return `GB${s}`;
  return null;
}

/**
 * HMRC's check of a 9-digit VAT registration number: the first seven digits weighted 8 to 2, plus
 * the last two as a number, is a multiple of 97 (numbers issued before 2010) or is once 55 is
 * added (the series issued since).
 */
function ukVatValid(s: string): boolean {
  let sum = Number(s.slice(7));
  for (let i = 0; i < 7; i++) sum += Number(s[i]) * (8 - i);
  return sum % 97 === 0 || (sum + 55) % 97 === 0;
}

/** The Luhn check over a run of digits, the last one the check digit. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Italy's partita IVA: 11 digits, the last a Luhn check over the first ten. */
function partitaIvaValid(s: string): boolean {
  return !/^0{11}$/.test(s) && luhnValid(s);
}

/** France's SIREN, the company's number in its register (RCS): nine digits, the last a Luhn check. */
export function sirenValid(s: string): boolean {
  return /^[0-9]{9}$/.test(s) && luhnValid(s);
}

/**
 * Belgium's enterprise number (KBO/BCE, the register of legal persons' RPR/RPM): ten digits, the
 * first 0 or 1, the last two 97 minus the first eight modulo 97.
 */
export function belgianEnterpriseValid(s: string): boolean {
  return /^[01][0-9]{9}$/.test(s) && 97 - (Number(s.slice(0, 8)) % 97) === Number(s.slice(8));
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Spain's NIF: a person's DNI/NIE (8 digits or X/Y/Z and 7, a check letter) or a company's CIF. */
function spanishTaxIdValid(s: string): boolean {
  if (/^[0-9]{8}[A-Z]$/.test(s)) return DNI_LETTERS[Number(s.slice(0, 8)) % 23] === s[8];
  if (/^[XYZ][0-9]{7}[A-Z]$/.test(s))
    return DNI_LETTERS[Number(`${'XYZ'.indexOf(s[0] as string)}${s.slice(1, 8)}`) % 23] === s[8];
  if (!/^[ABCDEFGHJNPQRSUVW][0-9]{7}[0-9A-J]$/.test(s)) return false;
  let sum = 0;
  for (let i = 1; i <= 7; i++) {
    const d = Number(s[i]);
    if (i % 2 === 0) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  }
  const c = (10 - (sum % 10)) % 10;
  const last = s[8] as string;
  return last === String(c) || last === 'JABCDEFGHI'[c];
}

/** The German legal forms, by the Handelsregister division that registers them. */
const DIVISION_OF_FORM: Record<string, 'A' | 'B'> = {
  // partnerships and sole traders: division A ("GmbH & Co. KG" is a KG)
  kg: 'A',
  ohg: 'A',
  ek: 'A',
  ekfm: 'A',
  ekfr: 'A',
  // corporations: division B (a "KGaA" too)
  gmbh: 'B',
  ggmbh: 'B',
  ag: 'B',
  ug: 'B',
  se: 'B',
  kgaa: 'B',
};

/**
 * Whether a German Handelsregister number fits the company's legal form: partnerships (KG, OHG,
 * e.K., and a "GmbH & Co. KG", whose last form is its own; "& Co." is a partnership's) are
 * registered in division A (HRA), corporations (GmbH, AG, UG, SE, KGaA) in division B (HRB). True
 * when either says nothing (no HRA/HRB number, no legal form in the name): nothing to check.
 */
export function germanRegisterFits(registration: string, sellerName: string): boolean {
  const division = /^HR([AB])[0-9]/.exec(compactId(registration))?.[1];
  if (division === undefined) return true;
  let form: 'A' | 'B' | undefined;
  const words = sellerName.replace(/[(),]/g, ' ').split(/\s+/);
  for (const [i, w] of words.entries()) {
    const folded = w.toLowerCase().replace(/\./g, '');
    // "… GmbH & Co." is a partnership whose "KG" went to the next line (a letterhead's wrap)
    if (folded === 'co' && words[i - 1] === '&') form = 'A';
    else form = DIVISION_OF_FORM[folded] ?? form;
  }
  return form === undefined || form === division;
}
