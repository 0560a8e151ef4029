/**
 * make-mixed-invoices.ts — held-out ("blind") capture corpus: 24 supplier invoices drawn by three
 * generators the extractor was never tuned on, with one answer key per PDF.
 *
 * Run (from the repository root):
 *
 *   node --import tsx scripts/make-mixed-invoices.ts            # all 24 documents
 *   node --import tsx scripts/make-mixed-invoices.ts fr-        # only files whose name contains "fr-"
 *
 * Output: test/fixtures/capture/mixed-blind/<lang>-<n>-<generator>-<layout>.pdf and, beside each,
 * <same name>.key.json (the answer key). Build intermediates (HTML, PHP, JSON, .gnumeric, compiled
 * locales) go to /tmp/mixed-build/. After rendering, every document is checked against its own
 * text layer (pdftotext) and the run exits non-zero if any check fails.
 *
 * Requirements (Debian 12 packages, all offline once installed):
 *   apt-get install -y weasyprint php-cli php-fpdf gnumeric fonts-dejavu fonts-liberation poppler-utils locales
 * WeasyPrint 57, FPDF 1.84 (/usr/share/php/fpdf/fpdf.php), Gnumeric 1.12 (ssconvert), pdftotext and
 * pdfinfo. The POSIX locales Gnumeric formats numbers and month names in (de_DE, de_AT, fr_FR, …)
 * are compiled on first use with localedef into /tmp/mixed-build/locale (LOCPATH), so the system
 * needs no generated locales. No npm dependency; node: imports only.
 *
 * Generators and layouts (8 documents each; every language uses all three generators):
 *   weasyprint  HTML + CSS paged media: @page margin boxes, running elements (position: running),
 *               "Page x of y" counters, flexbox, repeated <thead> across pages.
 *               saas      — start-up invoice: logo tile, flex header, party columns, totals box
 *               letter    — consultancy letter: window address, info block, subject, running footer
 *                           in four columns
 *               wholesale — multi-page wholesaler invoice: running header from page 2, carried-
 *                           forward rows ("Übertrag", "A riportare"/"Riporto"), VAT analysis table
 *   fpdf        PHP FPDF 1.8 with core fonts (Helvetica/Times/Courier), strings converted to cp1252
 *               with iconv, Header()/Footer(), Cell/MultiCell/Line/Rect.
 *               craft     — trades invoice (DIN-5008-like address window, ruled table, 4-column footer)
 *               hotel     — hotel folio: gross prices, VAT analysis backwards from gross, deposit
 *               erp       — legacy ERP spool print in Courier with fixed-width columns, 2 pages with
 *                           carried-forward lines ("Übertrag", "SUMA Y SIGUE"/"SUMA ANTERIOR")
 *   gnumeric    Gnumeric XML workbook written by hand (styles per cell, merged cells, borders,
 *               number formats, formulas for every amount), printed with ssconvert under the
 *               supplier's locale, so Gnumeric computes and formats the numbers itself.
 *               template  — Excel-style template: merged title, labels far from their values
 *               grid      — worksheet printed with gridlines; nl-4 runs to 2 pages with a repeated
 *                           title row, a manual page break and "Transport" rows
 *               boxed     — outlined boxes, labels above values, fully ruled item table
 *
 * Features covered: EN (UK, IE), DE (DE, AT, CH), FR (FR, BE, LU), NL (NL, BE), ES, IT suppliers;
 * several VAT rates on one invoice (e.g. 5.5/10/20, 4/10/21, 6/12/21, 2.6/8.1, 13.5/23); line
 * discounts and negative discount lines; shipping charges; advances/deposits deducted (de-1, en-2, fr-1, nl-2, es-4,
 * it-3); Spanish IRPF (es-2) and Italian ritenuta d'acconto with cassa 4 % (it-2); credit notes
 * (fr-3 avoir, nl-3 creditnota printed negative); five 2-page documents with carried-forward
 * subtotals; reverse charge / intra-EU 0 % (en-4, nl-4); dates numeric with dots, slashes and
 * dashes, two-digit years (en-3, de-4), ISO (nl-4) and written months; amounts 1.234,56 /
 * 1,234.56 / 1 234,56 (narrow space from Gnumeric's fr_FR and de_AT monetary grouping, normal
 * space in fr-3) / 1'234.56 (CH), currency symbol before or after, or an ISO code; distractors:
 * customer, delivery-note, order, job and quote numbers, phone/fax, national bank account
 * numbers beside the IBAN, previous balance, delivery/service dates, Skonto dates, share capital,
 * general partner's register number, buyer VAT ids next to the seller's.
 * Identifiers carry real check digits, computed by the make* builders and re-validated by idValid
 * before anything is written: IBAN (mod 97 and length, plus national keys for BE, FR, ES, IT, NL),
 * VAT ids (DE, AT, FR, NL, BE, ES CIF/NIF, IT, GB, IE, LU, CH UID), SIREN/SIRET (Luhn), RF
 * creditor references (ISO 11649), Belgian structured communications, Swiss QR reference
 * (mod 10 recursive) with a QR-IBAN, Leitweg-ID (mod 97-10). Austrian FN check letters, German
 * account check methods and UK/IE sort-code checks are not modelled.
 *
 * Answer key (<name>.key.json): values as printed, normalised. Amounts are plain decimals with two
 * places; credit notes carry positive magnitudes. total_net = lines + charges subject to VAT;
 * total = total_net + total_tax; amount_due = total − advance − withholding (the credited total on
 * a credit note). tax_breakdown has one entry per rate, tax rounded half up per rate from the net
 * of that rate (for gross-priced hotel bills the net is derived from the gross and the script
 * checks that the forward rounding gives the same tax). issue_date is the invoice date; due_date
 * only where a date is printed. VAT ids with country prefix and no separators; registration ids
 * without court/town; payment_reference as printed (RF/QR without spaces, Belgian structured
 * communication without +++); purchase_order is the buyer's order number; buyer_reference the
 * buyer's "your reference"/Leitweg-ID; fields not printed are null.
 *
 * Verification: for each PDF, pdfinfo gives the page count and pdftotext (-layout and raw) must
 * contain every non-null key value in the form it was printed (dates and amounts in their local
 * form, total and amount due on the last page, carried-forward rows on pages 1 and 2).
 *
 * Determinism: no clock, no randomness. WeasyPrint runs with SOURCE_DATE_EPOCH; the FPDF subclass
 * writes a fixed CreationDate; cairo (Gnumeric) writes the current time, which is overwritten with
 * a fixed date string of the same length. Two runs give byte-identical files.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// ---------------------------------------------------------------------------------------------
// Paths and constants
// ---------------------------------------------------------------------------------------------

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(ROOT, 'test/fixtures/capture/mixed-blind');
const BUILD = '/tmp/mixed-build';
const LOCALE_DIR = join(BUILD, 'locale');
/** 2026-03-06 12:00:00 UTC: the fixed creation date written into every PDF. */
const EPOCH = 1772798400;
const PDF_DATE = 'D:20260306120000';

// ---------------------------------------------------------------------------------------------
// Integer money arithmetic. Amounts are integer cents, quantities integer thousandths, VAT rates
// integer basis points (1900 = 19 %, 550 = 5.5 %).
// ---------------------------------------------------------------------------------------------

/** a / b rounded half up (away from zero for negative a), b > 0. */
function divRound(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b <= 0) throw new Error(`divRound(${a}, ${b})`);
  const sign = a < 0 ? -1 : 1;
  const abs = Math.abs(a);
  return sign * Math.floor((2 * abs + b) / (2 * b));
}

function groupDigits(int: string, sep: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** cents -> "1.234,56" style string. */
function dec(cents: number, decimal: string, thousands: string): string {
  const neg = cents < 0;
  const a = Math.abs(cents);
  const int = groupDigits(String(Math.floor(a / 100)), thousands);
  return (neg ? '-' : '') + int + decimal + String(a % 100).padStart(2, '0');
}

/** thousandths -> shortest decimal ("38,5", "12", "8,4"), or with fixed decimals. */
function qtyStr(milli: number, decimal: string, fixed?: number): string {
  const int = Math.trunc(milli / 1000);
  let frac = String(Math.abs(milli % 1000)).padStart(3, '0');
  if (fixed !== undefined) frac = frac.slice(0, fixed).padEnd(fixed, '0');
  else frac = frac.replace(/0+$/, '');
  return frac ? `${int}${decimal}${frac}` : String(int);
}

/** basis points -> "19", "5,5", "8.1". */
function rateStr(bp: number, decimal: string): string {
  if (bp % 100 === 0) return String(bp / 100);
  const s = (bp / 100).toFixed(bp % 10 === 0 ? 1 : 2);
  return s.replace('.', decimal);
}

/** basis points -> key form ("5.5", "0", "13.5"). */
function rateKey(bp: number): string {
  return rateStr(bp, '.');
}

const plain = (cents: number): string => dec(cents, '.', '');

// ---------------------------------------------------------------------------------------------
// Dates (ISO strings in, printed strings out)
// ---------------------------------------------------------------------------------------------

type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';

const MONTHS: Record<Lang, string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  fr: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
  nl: 'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
  it: 'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(
    ' ',
  ),
};

function ymd(iso: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`bad ISO date ${iso}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** "03.03.2026", "03/03/26", "03-03-2026". */
function dmy(iso: string, sep: string, twoDigitYear = false): string {
  const [y, m, d] = ymd(iso);
  const yy = twoDigitYear ? String(y).slice(2) : String(y);
  return `${String(d).padStart(2, '0')}${sep}${String(m).padStart(2, '0')}${sep}${yy}`;
}

/** Written month: "3 March 2026", "3. März 2026", "3 de marzo de 2026". */
function longDate(iso: string, lang: Lang): string {
  const [y, m, d] = ymd(iso);
  const month = MONTHS[lang][m - 1]!;
  if (lang === 'de') return `${d}. ${month} ${y}`;
  if (lang === 'es') return `${d} de ${month} de ${y}`;
  return `${d} ${month} ${y}`;
}

/** Spreadsheet serial day number (1900 date system, as Gnumeric and Excel count). */
function serialDay(iso: string): number {
  const [y, m, d] = ymd(iso);
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86400000);
}

// ---------------------------------------------------------------------------------------------
// Check digits. Every identifier printed on an invoice is built by one of the make* functions
// below and then re-validated (validateId) before anything is written.
// ---------------------------------------------------------------------------------------------

/** Letters to numbers as ISO 13616 / ISO 11649 do (A=10 … Z=35). */
function lettersToDigits(s: string): string {
  return s.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
}

function mod97(numeric: string): number {
  let r = 0;
  for (const ch of numeric) {
    const d = ch.charCodeAt(0) - 48;
    if (d < 0 || d > 9) throw new Error(`mod97: not a digit in ${numeric}`);
    r = (r * 10 + d) % 97;
  }
  return r;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const digitAt = (s: string, i: number): number => s.charCodeAt(i) - 48;
const digitSum = (n: number): number => Math.floor(n / 10) + (n % 10);

/** Returns `s` after checking that it is exactly `n` digits. */
function digits(s: string, n: number, what: string): string {
  if (!new RegExp(`^\\d{${n}}$`).test(s)) throw new Error(`${what}: expected ${n} digits, got ${s}`);
  return s;
}

const IBAN_LENGTH: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  DE: 22,
  ES: 24,
  FR: 27,
  GB: 22,
  IE: 22,
  IT: 27,
  LU: 20,
  NL: 18,
};

function makeIban(cc: string, bban: string): string {
  const check = 98 - mod97(lettersToDigits(`${bban}${cc}00`));
  return `${cc}${pad2(check)}${bban}`;
}

/** Spanish CCC control digit over 10 digits. */
function esControl(ten: string): number {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  let s = 0;
  for (let i = 0; i < 10; i++) s += digitAt(ten, i) * w[i]!;
  const r = 11 - (s % 11);
  return r === 11 ? 0 : r === 10 ? 1 : r;
}

/** Italian CIN over ABI (5) + CAB (5) + conto (12). */
function itCin(s22: string): string {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  let sum = 0;
  for (let i = 0; i < s22.length; i++) {
    const ch = s22[i]!;
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? odd[v]! : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** French RIB key over bank (5), branch (5), account (11 digits). */
function frRibKey(bank: string, branch: string, account: string): number {
  return 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97);
}

/** Dutch account "elfproef" (weights 10..1). */
function nlElfproef(acct10: string): boolean {
  let s = 0;
  for (let i = 0; i < 10; i++) s += digitAt(acct10, i) * (10 - i);
  return s % 11 === 0;
}

const bban = {
  de: (blz: string, konto: string): string => digits(blz, 8, 'BLZ') + konto.padStart(10, '0'),
  at: (blz: string, konto: string): string => digits(blz, 5, 'BLZ') + konto.padStart(11, '0'),
  ch: (iid: string, acct: string): string => digits(iid, 5, 'IID') + acct.padStart(12, '0'),
  lu: (bank: string, acct: string): string => bank + acct.padStart(13, '0'),
  gb: (bank: string, sort: string, acct: string): string => bank + digits(sort, 6, 'sort code') + acct,
  be: (bank: string, acct: string): string => {
    const ten = bank + acct;
    digits(ten, 10, 'BE account');
    return ten + pad2(mod97(ten) || 97);
  },
  fr: (bank: string, branch: string, acct: string): string =>
    bank + branch + acct + pad2(frRibKey(bank, branch, acct)),
  es: (bank: string, branch: string, acct: string): string =>
    `${bank}${branch}${esControl(`00${bank}${branch}`)}${esControl(acct)}${acct}`,
  it: (abi: string, cab: string, conto: string): string => {
    const s = abi + cab + conto.padStart(12, '0');
    return itCin(s) + s;
  },
  /** 9 digits of account; the 10th is chosen so that the account passes the elfproef. */
  nl: (bank: string, acct9: string): string => {
    digits(acct9, 9, 'NL account');
    let s = 0;
    for (let i = 0; i < 9; i++) s += digitAt(acct9, i) * (10 - i);
    const last = (11 - (s % 11)) % 11;
    if (last === 10) throw new Error(`NL account ${acct9}: no elfproef digit`);
    return bank + acct9 + last;
  },
};

function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const cc = iban.slice(0, 2);
  if (IBAN_LENGTH[cc] !== iban.length) return false;
  if (mod97(lettersToDigits(iban.slice(4) + iban.slice(0, 4))) !== 1) return false;
  const b = iban.slice(4);
  switch (cc) {
    case 'BE':
      return Number(b.slice(10)) === (mod97(b.slice(0, 10)) || 97);
    case 'FR':
      return Number(b.slice(21)) === frRibKey(b.slice(0, 5), b.slice(5, 10), b.slice(10, 21));
    case 'ES':
      return Number(b[8]) === esControl(`00${b.slice(0, 8)}`) && Number(b[9]) === esControl(b.slice(10, 20));
    case 'IT':
      return b[0] === itCin(b.slice(1));
    case 'NL':
      return nlElfproef(b.slice(4));
    case 'CH':
      return /^\d{17}$/.test(b);
    default:
      return true;
  }
}

/** ISO 7064 MOD 11,10 (German USt-IdNr.). */
function mod11_10(digits: string): number {
  let p = 10;
  for (let i = 0; i < digits.length; i++) {
    let s = (digitAt(digits, i) + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  const c = 11 - p;
  return c === 10 ? 0 : c;
}

function atUidCheck(d7: string): number {
  let s = 0;
  for (let i = 0; i < 7; i++) s += i % 2 === 0 ? digitAt(d7, i) : digitSum(2 * digitAt(d7, i));
  return (10 - ((s + 4) % 10)) % 10;
}

/** Luhn check digit to append to `digits`. */
function luhnDigit(digits: string): number {
  let s = 0;
  for (let i = 0; i < digits.length; i++) {
    const fromRight = digits.length - i; // the appended digit sits at position 0 from the right
    const d = digitAt(digits, i);
    s += fromRight % 2 === 1 ? digitSum(2 * d) : d;
  }
  return (10 - (s % 10)) % 10;
}

function luhnValid(digits: string): boolean {
  let s = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digitAt(digits, digits.length - 1 - i);
    s += i % 2 === 1 ? digitSum(2 * d) : d;
  }
  return s % 10 === 0;
}

function nlBtwCheck(d8: string): number {
  let s = 0;
  for (let i = 0; i < 8; i++) s += digitAt(d8, i) * (9 - i);
  return s % 11;
}

function esCifControl(d7: string): number {
  let s = 0;
  for (let i = 0; i < 7; i++) s += i % 2 === 1 ? digitAt(d7, i) : digitSum(2 * digitAt(d7, i));
  return (10 - (s % 10)) % 10;
}

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function itIvaCheck(d10: string): number {
  let s = 0;
  for (let i = 0; i < 10; i++) {
    const d = digitAt(d10, i);
    s += i % 2 === 0 ? d : digitSum(2 * d);
  }
  return (10 - (s % 10)) % 10;
}

function gbVatSum(d7: string): number {
  let s = 0;
  for (let i = 0; i < 7; i++) s += digitAt(d7, i) * (8 - i);
  return s;
}

function ieVatLetter(d7: string): string {
  let s = 0;
  for (let i = 0; i < 7; i++) s += digitAt(d7, i) * (8 - i);
  return 'WABCDEFGHIJKLMNOPQRSTUV'[s % 23]!;
}

function chUidCheck(d8: string): number {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  let s = 0;
  for (let i = 0; i < 8; i++) s += digitAt(d8, i) * w[i]!;
  const c = 11 - (s % 11);
  if (c === 10) throw new Error(`CH UID ${d8}: check would be 10`);
  return c === 11 ? 0 : c;
}

const QR_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
function mod10Recursive(digits: string): number {
  let carry = 0;
  for (let i = 0; i < digits.length; i++) carry = QR_TABLE[(carry + digitAt(digits, i)) % 10]!;
  return (10 - carry) % 10;
}

/** Builders: each returns the normalised identifier (key form). */
const make = {
  deVat: (d8: string): string => `DE${digits(d8, 8, 'DE VAT')}${mod11_10(d8)}`,
  atVat: (d7: string): string => `ATU${digits(d7, 7, 'AT UID')}${atUidCheck(d7)}`,
  siren: (d8: string): string => digits(d8, 8, 'SIREN') + luhnDigit(d8),
  siret: (siren: string, nic4: string): string => siren + nic4 + luhnDigit(siren + nic4),
  frVat: (siren: string): string => `FR${pad2((12 + 3 * (Number(siren) % 97)) % 97)}${siren}`,
  nlVat: (d8: string): string => {
    const c = nlBtwCheck(d8);
    if (c === 10) throw new Error(`NL BTW ${d8}: check 10`);
    return `NL${d8}${c}B01`;
  },
  /** Belgian enterprise number (10 digits, no separators). */
  beEnt: (d8: string): string => digits(d8, 8, 'BE KBO') + pad2(97 - (Number(d8) % 97)),
  esCif: (letter: string, d7: string): string => `${letter}${d7}${esCifControl(d7)}`,
  esNif: (d8: string): string => d8 + NIF_LETTERS[Number(d8) % 23],
  itIva: (d10: string): string => digits(d10, 10, 'P.IVA') + itIvaCheck(d10),
  gbVat: (d7: string): string => `GB${d7}${pad2((97 - (gbVatSum(d7) % 97)) % 97)}`,
  ieVat: (d7: string): string => `IE${d7}${ieVatLetter(d7)}`,
  luVat: (d6: string): string => `LU${d6}${pad2(Number(d6) % 89)}`,
  chUid: (d8: string): string => `CHE${d8}${chUidCheck(d8)}`,
  rf: (ref: string): string => `RF${pad2(98 - mod97(lettersToDigits(`${ref}RF00`)))}${ref}`,
  /** Belgian structured communication, 12 digits, printed +++123/4567/89012+++. */
  beOgm: (d10: string): string => digits(d10, 10, 'OGM') + pad2(Number(d10) % 97 || 97),
  qrRef: (d26: string): string => digits(d26, 26, 'QR ref') + mod10Recursive(d26),
  leitweg: (head: string): string =>
    `${head}-${pad2(98 - mod97(lettersToDigits(`${head.replace(/-/g, '')}00`)))}`,
};

type IdKind =
  | 'iban'
  | 'deVat'
  | 'atVat'
  | 'frVat'
  | 'siren'
  | 'siret'
  | 'nlVat'
  | 'beVat'
  | 'beEnt'
  | 'esVat'
  | 'esNif'
  | 'itVat'
  | 'gbVat'
  | 'ieVat'
  | 'luVat'
  | 'chVat'
  | 'chUid'
  | 'rf'
  | 'beOgm'
  | 'qrRef'
  | 'qrIban'
  | 'leitweg';

function idValid(kind: IdKind, v: string): boolean {
  const body = (prefix: string): string => (v.startsWith(prefix) ? v.slice(prefix.length) : '#');
  switch (kind) {
    case 'iban':
      return ibanValid(v);
    case 'qrIban': {
      const iid = Number(v.slice(4, 9));
      return v.startsWith('CH') && ibanValid(v) && iid >= 30000 && iid <= 31999;
    }
    case 'deVat': {
      const b = body('DE');
      return /^\d{9}$/.test(b) && mod11_10(b.slice(0, 8)) === digitAt(b, 8);
    }
    case 'atVat': {
      const b = body('ATU');
      return /^\d{8}$/.test(b) && atUidCheck(b.slice(0, 7)) === digitAt(b, 7);
    }
    case 'siren':
      return /^\d{9}$/.test(v) && luhnValid(v);
    case 'siret':
      return /^\d{14}$/.test(v) && luhnValid(v) && luhnValid(v.slice(0, 9));
    case 'frVat': {
      const b = body('FR');
      return /^\d{11}$/.test(b) && Number(b.slice(0, 2)) === (12 + 3 * (Number(b.slice(2)) % 97)) % 97;
    }
    case 'nlVat': {
      const m = /^NL(\d{9})B\d{2}$/.exec(v);
      return m !== null && nlBtwCheck(m[1]!.slice(0, 8)) === digitAt(m[1]!, 8);
    }
    case 'beEnt':
      return /^[01]\d{9}$/.test(v) && Number(v.slice(8)) === 97 - (Number(v.slice(0, 8)) % 97);
    case 'beVat':
      return idValid('beEnt', body('BE'));
    case 'esVat': {
      const b = body('ES');
      if (/^\d{8}[A-Z]$/.test(b)) return idValid('esNif', b);
      return /^[ABCDEFGHJUV]\d{8}$/.test(b) && esCifControl(b.slice(1, 8)) === digitAt(b, 8);
    }
    case 'esNif':
      return /^\d{8}[A-Z]$/.test(v) && NIF_LETTERS[Number(v.slice(0, 8)) % 23] === v[8];
    case 'itVat': {
      const b = body('IT');
      return /^\d{11}$/.test(b) && itIvaCheck(b.slice(0, 10)) === digitAt(b, 10);
    }
    case 'gbVat': {
      const b = body('GB');
      return /^\d{9}$/.test(b) && (gbVatSum(b.slice(0, 7)) + Number(b.slice(7))) % 97 === 0;
    }
    case 'ieVat': {
      const b = body('IE');
      return /^\d{7}[A-W]$/.test(b) && ieVatLetter(b.slice(0, 7)) === b[7];
    }
    case 'luVat': {
      const b = body('LU');
      return /^\d{8}$/.test(b) && Number(b.slice(0, 6)) % 89 === Number(b.slice(6));
    }
    case 'chUid': {
      const b = body('CHE');
      return /^\d{9}$/.test(b) && chUidCheck(b.slice(0, 8)) === digitAt(b, 8);
    }
    case 'chVat': {
      const m = /^(CHE\d{9})(MWST|TVA|IVA)$/.exec(v);
      return m !== null && idValid('chUid', m[1]!);
    }
    case 'rf':
      return /^RF\d{2}[A-Z0-9]{1,21}$/.test(v) && mod97(lettersToDigits(v.slice(4) + v.slice(0, 4))) === 1;
    case 'beOgm': {
      const d = v.replace(/\D/g, '');
      return d.length === 12 && Number(d.slice(10)) === (Number(d.slice(0, 10)) % 97 || 97);
    }
    case 'qrRef':
      return /^\d{27}$/.test(v) && mod10Recursive(v.slice(0, 26)) === digitAt(v, 26);
    case 'leitweg': {
      const m = /^([0-9A-Z-]+)-(\d{2})$/.exec(v);
      return m !== null && mod97(lettersToDigits(m[1]!.replace(/-/g, '') + m[2]!)) === 1;
    }
  }
}

/** Printed forms. */
const fmtId = {
  /** "DE89 3704 0044 0532 0130 00" */
  iban: (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 '),
  /** "+++123/4567/89012+++" */
  ogm: (d12: string): string => `+++${d12.slice(0, 3)}/${d12.slice(3, 7)}/${d12.slice(7)}+++`,
  ogmKey: (d12: string): string => `${d12.slice(0, 3)}/${d12.slice(3, 7)}/${d12.slice(7)}`,
  /** "0471.258.365" */
  beEnt: (d10: string): string => `${d10.slice(0, 4)}.${d10.slice(4, 7)}.${d10.slice(7)}`,
  /** "CHE-416.283.975" */
  chUid: (uid: string): string => `CHE-${uid.slice(3, 6)}.${uid.slice(6, 9)}.${uid.slice(9, 12)}`,
  /** "21 00000 00003 13947 14300 09017" */
  qrRef: (r: string): string => `${r.slice(0, 2)} ${r.slice(2).replace(/(\d{5})(?=\d)/g, '$1 ')}`,
  /** "RF18 5390 0754 7034" */
  rf: (r: string): string => r.replace(/(.{4})(?=.)/g, '$1 '),
  siren: (s: string): string => `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6)}`,
  siret: (s: string): string => `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)} ${s.slice(9)}`,
};

// ---------------------------------------------------------------------------------------------
// Document model
// ---------------------------------------------------------------------------------------------

type Gen = 'weasyprint' | 'fpdf' | 'gnumeric';

interface Line {
  code?: string;
  desc: string;
  /** second, smaller line under the description */
  sub?: string;
  /** printed date column (hotel folio) */
  date?: string;
  /** thousandths */
  qty: number;
  unit?: string;
  /** cents; net, or gross where the document prices gross (hotel bills) */
  price: number;
  /** basis points */
  rate: number;
  /** line discount in whole percent */
  disc?: number;
}

interface Charge {
  label: string;
  amount: number;
  rate: number;
}

type TotalRow = { strong?: boolean } & (
  | { k: 'lines'; label: string }
  | { k: 'charge'; i: number }
  | { k: 'net'; label: string }
  | { k: 'base'; rate: number; label: string }
  | { k: 'tax'; rate: number; label: string }
  | { k: 'taxsum'; label: string }
  | { k: 'total'; label: string }
  | { k: 'advance'; label: string }
  | { k: 'withholding'; label: string }
  | { k: 'due'; label: string }
  | { k: 'info'; label: string; value: number }
);

type Col = 'pos' | 'code' | 'date' | 'desc' | 'qty' | 'unit' | 'price' | 'disc' | 'rate' | 'amount';

interface Fmt {
  /** table number: "1.234,56" */
  num: (cents: number) => string;
  /** amount with currency as in the totals: "1.234,56 €" */
  money: (cents: number) => string;
  qty: (milli: number) => string;
  rate: (bp: number) => string;
  /** Gnumeric number formats mirroring num / money / qty / pct */
  gnm: { num: string; money: string; qty: string };
}

/** A meta value: plain text, or a date that Gnumeric stores as a date cell with a number format. */
type MetaValue = string | { date: string; text: string; fmt: string };
const metaText = (v: MetaValue): string => (typeof v === 'string' ? v : v.text);

interface Seller {
  name: string;
  /** brand / logo text where it differs from the legal name */
  brand?: string;
  tagline?: string;
  addr: string[];
  contact: string[];
  legal: string[];
  bank: string[];
}

interface Party {
  name: string;
  lines: string[];
}

interface KeyIds {
  number: string;
  issue: string;
  due: string | null;
  paymentRef: string | null;
  po: string | null;
  buyerRef: string | null;
  sellerVat: string | null;
  sellerReg: string | null;
  sellerEmail: string | null;
  iban: string | null;
  bic: string | null;
  buyerVat: string | null;
  /** printed forms where they differ from the key value (dates always) */
  printed: Partial<
    Record<'issue' | 'due' | 'paymentRef' | 'sellerVat' | 'sellerReg' | 'iban' | 'buyerVat', string>
  >;
}

interface Doc {
  file: string;
  lang: Lang;
  gen: Gen;
  layout: string;
  country: string;
  type: '380' | '381';
  pages: number;
  currency: string;
  /** POSIX locale Gnumeric formats numbers and dates in */
  locale: string;
  title: string;
  f: Fmt;
  seller: Seller;
  buyer: Party;
  buyerLabel: string;
  shipTo?: { label: string; lines: string[] };
  meta: Array<[string, MetaValue]>;
  lines: Line[];
  charges: Charge[];
  gross?: boolean;
  /** credit note printed with negative amounts */
  negative?: boolean;
  cols: Col[];
  head: Partial<Record<Col, string>>;
  totals: TotalRow[];
  advance?: number;
  withholding?: { base: number; rate: number };
  /** VAT analysis table (rate / net / tax / gross) */
  vatTable?: { title: string; head: [string, string, string, string]; sum?: string };
  notes: string[];
  /** free text slots used by some layouts */
  t: Record<string, string>;
  /** number of lines printed on page 1 when a carried-forward subtotal closes the page */
  breakAfter?: number;
  carryOut?: string;
  carryIn?: string;
  /** extra identifiers printed on the page that must validate (buyer VAT, SIRET, …) */
  ids: Array<[IdKind, string]>;
  key: KeyIds;
}

interface RateSum {
  rate: number;
  net: number;
  tax: number;
  gross: number;
}

interface Calc {
  lineAmounts: number[];
  linesSum: number;
  net: number;
  rates: RateSum[];
  tax: number;
  total: number;
  advance: number;
  withholding: number;
  due: number;
}

function lineAmount(l: Line): number {
  const gross = divRound(l.qty * l.price, 1000);
  return l.disc ? divRound(gross * (100 - l.disc), 100) : gross;
}

function compute(d: Doc): Calc {
  const lineAmounts = d.lines.map(lineAmount);
  const linesSum = lineAmounts.reduce((a, b) => a + b, 0);
  const byRate = new Map<number, number>();
  d.lines.forEach((l, i) => {
    byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + lineAmounts[i]!);
  });
  for (const c of d.charges) byRate.set(c.rate, (byRate.get(c.rate) ?? 0) + c.amount);
  const rates: RateSum[] = [...byRate.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([rate, amount]) => {
      if (!d.gross) {
        const tax = divRound(amount * rate, 10000);
        return { rate, net: amount, tax, gross: amount + tax };
      }
      // gross-priced: net derived from the gross, and it must be the net that gives back the same
      // tax when rounded forward (otherwise the key convention would not hold: change the prices).
      const net = divRound(amount * 10000, 10000 + rate);
      const tax = amount - net;
      if (divRound(net * rate, 10000) !== tax)
        throw new Error(`${d.file}: gross ${amount} at ${rate}: net ${net} tax ${tax} not consistent`);
      return { rate, net, tax, gross: amount };
    });
  const net = rates.reduce((a, r) => a + r.net, 0);
  const tax = rates.reduce((a, r) => a + r.tax, 0);
  const total = net + tax;
  const advance = d.advance ?? 0;
  const withholding = d.withholding ? divRound(d.withholding.base * d.withholding.rate, 10000) : 0;
  return {
    lineAmounts,
    linesSum,
    net,
    rates,
    tax,
    total,
    advance,
    withholding,
    due: total - advance - withholding,
  };
}

function rateOf(c: Calc, rate: number): RateSum {
  const r = c.rates.find((x) => x.rate === rate);
  if (!r) throw new Error(`no rate ${rate}`);
  return r;
}

/** Value of a totals row, as a signed amount (advance and withholding negative). */
function totalValue(d: Doc, c: Calc, row: TotalRow): number {
  switch (row.k) {
    case 'lines':
      return c.linesSum;
    case 'charge':
      return d.charges[row.i]!.amount;
    case 'net':
      return c.net;
    case 'base':
      return rateOf(c, row.rate).net;
    case 'tax':
      return rateOf(c, row.rate).tax;
    case 'taxsum':
      return c.tax;
    case 'total':
      return c.total;
    case 'advance':
      return -c.advance;
    case 'withholding':
      return -c.withholding;
    case 'due':
      return c.due;
    case 'info':
      return row.value;
  }
}

/** Label of a totals row; "{base}" in a tax row's label becomes the printed net of that rate. */
function totalLabel(d: Doc, c: Calc, row: TotalRow): string {
  if (row.k === 'charge') return d.charges[row.i]!.label;
  if (row.k === 'tax') return row.label.replace('{base}', d.f.money(sgn(d) * rateOf(c, row.rate).net));
  return row.label;
}

/** Sign applied to printed amounts: credit notes printed negative. */
const sgn = (d: Doc): number => (d.negative ? -1 : 1);

// ---------------------------------------------------------------------------------------------
// Shared table cell text (WeasyPrint and FPDF)
// ---------------------------------------------------------------------------------------------

function cellText(d: Doc, c: Calc, i: number, col: Col): string {
  const l = d.lines[i]!;
  const s = sgn(d);
  switch (col) {
    case 'pos':
      return String(i + 1);
    case 'code':
      return l.code ?? '';
    case 'date':
      return l.date ?? '';
    case 'desc':
      return l.desc;
    case 'qty':
      return d.f.qty(l.qty);
    case 'unit':
      return l.unit ?? '';
    case 'price':
      return d.f.num(s * l.price);
    case 'disc':
      return l.disc ? d.f.rate(l.disc * 100) : '';
    case 'rate':
      return d.f.rate(l.rate);
    case 'amount':
      return d.f.num(s * c.lineAmounts[i]!);
  }
}

const NUMERIC_COLS: ReadonlySet<Col> = new Set<Col>(['qty', 'price', 'disc', 'rate', 'amount']);

/** Sum of the line amounts printed on page 1 (the carried-forward subtotal). */
function carrySum(d: Doc, c: Calc): number {
  if (d.breakAfter === undefined) throw new Error(`${d.file}: no breakAfter`);
  return c.lineAmounts.slice(0, d.breakAfter).reduce((a, b) => a + b, 0);
}

// ---------------------------------------------------------------------------------------------
// Generator 1: WeasyPrint (HTML + CSS paged media)
// ---------------------------------------------------------------------------------------------

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cssStr = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const br = (lines: string[]): string => lines.map(esc).join('<br>');

function htmlItems(d: Doc, c: Calc, cls: string): string {
  const th = d.cols
    .map((col) => `<th class="c-${col}${NUMERIC_COLS.has(col) ? ' num' : ''}">${esc(d.head[col] ?? '')}</th>`)
    .join('');
  const row = (i: number): string => {
    const l = d.lines[i]!;
    const tds = d.cols.map((col) => {
      const text = esc(cellText(d, c, i, col));
      const sub = col === 'desc' && l.sub ? `<div class="sub">${esc(l.sub)}</div>` : '';
      return `<td class="c-${col}${NUMERIC_COLS.has(col) ? ' num' : ''}">${text}${sub}</td>`;
    });
    return `<tr>${tds.join('')}</tr>`;
  };
  const carryRow = (label: string, amount: number): string =>
    `<tr class="carry"><td colspan="${d.cols.length - 1}">${esc(label)}</td><td class="num">${esc(
      d.f.num(sgn(d) * amount),
    )}</td></tr>`;
  const all = d.lines.map((_, i) => i);
  if (d.breakAfter === undefined)
    return `<table class="${cls}"><thead><tr>${th}</tr></thead><tbody>${all.map(row).join('')}</tbody></table>`;
  const carried = carrySum(d, c);
  const p1 = all.slice(0, d.breakAfter).map(row).join('') + carryRow(d.carryOut ?? '', carried);
  const p2 = carryRow(d.carryIn ?? '', carried) + all.slice(d.breakAfter).map(row).join('');
  return `<table class="${cls}"><thead><tr>${th}</tr></thead><tbody>${p1}</tbody><tbody class="page2">${p2}</tbody></table>`;
}

function htmlTotals(d: Doc, c: Calc, cls: string): string {
  const rows = d.totals.map((r) => {
    const v = totalValue(d, c, r);
    return `<tr class="${r.strong ? 'strong' : ''}"><td>${esc(totalLabel(d, c, r))}</td><td class="num">${esc(
      d.f.money(sgn(d) * v),
    )}</td></tr>`;
  });
  return `<table class="${cls}">${rows.join('')}</table>`;
}

function htmlVatTable(d: Doc, c: Calc): string {
  if (!d.vatTable) return '';
  const v = d.vatTable;
  const s = sgn(d);
  const rows = c.rates.map(
    (r) =>
      `<tr><td>${esc(d.f.rate(r.rate))}</td><td class="num">${esc(d.f.num(s * r.net))}</td><td class="num">${esc(
        d.f.num(s * r.tax),
      )}</td><td class="num">${esc(d.f.num(s * r.gross))}</td></tr>`,
  );
  const sum = v.sum
    ? `<tr class="sum"><td>${esc(v.sum)}</td><td class="num">${esc(d.f.num(s * c.net))}</td><td class="num">${esc(
        d.f.num(s * c.tax),
      )}</td><td class="num">${esc(d.f.num(s * c.total))}</td></tr>`
    : '';
  return `<table class="vat"><caption>${esc(v.title)}</caption><thead><tr>${v.head
    .map((h, i) => `<th${i > 0 ? ' class="num"' : ''}>${esc(h)}</th>`)
    .join('')}</tr></thead><tbody>${rows.join('')}${sum}</tbody></table>`;
}

const metaRows = (meta: Array<[string, MetaValue]>): string =>
  meta.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(metaText(v))}</td></tr>`).join('');

const notesHtml = (notes: string[]): string => notes.map((n) => `<p>${esc(n)}</p>`).join('');

const pageCounter = (d: Doc): string =>
  `${cssStr(`${d.t.page ?? 'Page'} `)} counter(page) ${cssStr(` ${d.t.of ?? 'of'} `)} counter(pages)`;

/** Layout "saas": a modern start-up invoice, flexbox header, accent colour, totals box. */
function htmlSaas(d: Doc, c: Calc): string {
  const accent = d.t.accent ?? '#4f46e5';
  const css = `
@page { size: A4; margin: 15mm 15mm 22mm 15mm;
  @bottom-left { content: ${cssStr(d.seller.legal.join('  ·  '))}; font: 6.5pt 'DejaVu Sans'; color: #6b7280; width: 150mm; vertical-align: top; padding-top: 3mm }
  @bottom-right { content: ${pageCounter(d)}; font: 7pt 'DejaVu Sans'; color: #6b7280; vertical-align: top; padding-top: 3mm } }
body { font-family: 'DejaVu Sans'; font-size: 8.3pt; color: #1f2937; }
.top { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 2.5pt solid ${accent}; padding-bottom: 5mm; }
.brand { display: flex; align-items: center; }
.logo { width: 13mm; height: 13mm; border-radius: 3mm; background: ${accent}; color: #fff; font-weight: bold; font-size: 13pt; text-align: center; line-height: 13mm; margin-right: 4mm; }
.brandname { font-size: 15pt; font-weight: bold; }
.tagline { color: #6b7280; font-size: 7.5pt; }
.doctitle { text-align: right; }
.doctitle h1 { margin: 0 0 2mm 0; font-size: 20pt; color: ${accent}; letter-spacing: 0.5pt; }
table.meta th { text-align: right; font-weight: normal; color: #6b7280; padding: 0.4mm 3mm 0.4mm 0; }
table.meta td { text-align: right; font-weight: bold; padding: 0.4mm 0; }
.parties { display: flex; margin: 7mm 0 6mm 0; }
.party { width: 46mm; padding-right: 4mm; line-height: 1.35; font-size: 7.8pt; }
.party.seller { width: 60mm; }
.party.buyer { width: 66mm; }
.party h3 { font-size: 6.8pt; text-transform: uppercase; letter-spacing: 0.8pt; color: ${accent}; margin: 0 0 1.5mm 0; }
.party .name { font-weight: bold; }
table.items { width: 100%; border-collapse: collapse; }
table.items thead th { background: ${accent}; color: #fff; font-weight: bold; text-align: left; padding: 2mm 2mm; font-size: 7.5pt; }
table.items td { padding: 2mm 2mm; border-bottom: 0.5pt solid #e5e7eb; vertical-align: top; }
table.items .num { text-align: right; white-space: nowrap; }
table.items .sub { color: #6b7280; font-size: 7pt; margin-top: 0.6mm; }
table.summary { width: 100%; margin-top: 6mm; border-collapse: collapse; }
table.summary > tbody > tr > td { vertical-align: top; padding: 0; }
.pay { width: 84mm; background: #f3f4f6; border-radius: 2mm; padding: 3.5mm 4mm; line-height: 1.45; font-size: 7.8pt; }
.pay h3 { margin: 0 0 1.5mm 0; font-size: 8pt; }
table.totals { width: 80mm; margin-left: auto; border-collapse: collapse; }
table.totals td { padding: 1.2mm 0; }
table.totals td.num { text-align: right; white-space: nowrap; }
table.totals tr.strong td { font-weight: bold; font-size: 10pt; border-top: 1pt solid #1f2937; padding-top: 2mm; }
.notes { margin-top: 8mm; color: #4b5563; font-size: 7.5pt; line-height: 1.4; }
.notes p { margin: 0 0 1.5mm 0; }
`;
  const bodyHtml = `
<div class="top">
  <div class="brand"><div class="logo">${esc(d.t.logo ?? d.seller.name.slice(0, 2))}</div>
    <div><div class="brandname">${esc(d.seller.brand ?? d.seller.name)}</div><div class="tagline">${esc(d.seller.tagline ?? '')}</div></div></div>
  <div class="doctitle"><h1>${esc(d.title)}</h1><table class="meta">${metaRows(d.meta)}</table></div>
</div>
<div class="parties">
  <div class="party seller"><h3>${esc(d.t.from ?? 'From')}</h3><div class="name">${esc(d.seller.name)}</div>${br([...d.seller.addr, ...d.seller.contact])}</div>
  <div class="party buyer"><h3>${esc(d.buyerLabel)}</h3><div class="name">${esc(d.buyer.name)}</div>${br(d.buyer.lines)}</div>
  ${d.shipTo ? `<div class="party"><h3>${esc(d.shipTo.label)}</h3>${br(d.shipTo.lines)}</div>` : ''}
</div>
${htmlItems(d, c, 'items')}
<table class="summary"><tr>
  <td><div class="pay"><h3>${esc(d.t.payTitle ?? '')}</h3>${br(d.seller.bank)}</div></td>
  <td>${htmlTotals(d, c, 'totals')}</td>
</tr></table>
<div class="notes">${notesHtml(d.notes)}</div>`;
  return `<!DOCTYPE html><html lang="${d.lang}"><head><meta charset="utf-8"><title>${esc(d.title)} ${esc(d.key.number)}</title><style>${css}</style></head><body>${bodyHtml}</body></html>`;
}

/** Layout "letter": a consultancy letter, window-envelope address, running footer in columns. */
function htmlLetter(d: Doc, c: Calc): string {
  const css = `
@page { size: A4; margin: 18mm 18mm 36mm 24mm;
  @top-right { content: ${pageCounter(d)}; font: 7pt 'Liberation Sans'; color: #555; }
  @bottom-left { content: element(footer); width: 168mm; vertical-align: top; } }
body { font-family: 'Liberation Serif'; font-size: 10pt; color: #111; line-height: 1.3; }
.letterhead { text-align: right; border-bottom: 0.6pt solid #8a6d3b; padding-bottom: 3mm; }
.letterhead .firm { font-size: 17pt; letter-spacing: 0.6pt; color: #3b2f1e; }
.letterhead .tag { font: italic 8.5pt 'Liberation Serif'; color: #8a6d3b; }
table.addrrow { width: 100%; margin-top: 12mm; height: 44mm; border-collapse: collapse; }
table.addrrow > tbody > tr > td { vertical-align: top; padding: 0; }
td.window { width: 88mm; }
.sender { font: 6.5pt 'Liberation Sans'; color: #555; border-bottom: 0.4pt solid #999; padding-bottom: 0.8mm; margin-bottom: 2.5mm; }
.info { width: 70mm; font: 8.3pt 'Liberation Sans'; }
.info th { text-align: left; font-weight: normal; color: #555; padding: 0.3mm 3mm 0.3mm 0; vertical-align: top; }
.info td { padding: 0.3mm 0; }
h2.subject { font: bold 11pt 'Liberation Sans'; margin: 4mm 0 4mm 0; }
table.items { width: 100%; border-collapse: collapse; margin: 4mm 0 2mm 0; font-size: 9.5pt; }
table.items th { font: bold 8pt 'Liberation Sans'; border-bottom: 0.8pt solid #111; text-align: left; padding: 1.2mm 1.5mm; }
table.items td { padding: 1.6mm 1.5mm; border-bottom: 0.3pt solid #bbb; vertical-align: top; }
table.items .num { text-align: right; white-space: nowrap; }
table.items .sub { font-size: 8.3pt; color: #555; font-style: italic; }
table.totals { margin-left: auto; width: 95mm; border-collapse: collapse; }
table.totals td { padding: 0.9mm 1.5mm; }
table.totals td.num { text-align: right; white-space: nowrap; }
table.totals tr.strong td { font-weight: bold; border-top: 0.8pt solid #111; border-bottom: 2pt double #111; }
.closing p { margin: 0 0 2.5mm 0; }
.sign { margin-top: 8mm; }
.footer { position: running(footer); display: flex; border-top: 0.5pt solid #8a6d3b; padding-top: 2mm; font: 6.8pt 'Liberation Sans'; color: #444; line-height: 1.35; }
.footer div { padding-right: 4mm; }
.footer .f1 { width: 36mm; } .footer .f2 { width: 48mm; } .footer .f3 { width: 38mm; } .footer .f4 { width: 50mm; }
.closing { margin-top: 5mm; }
`;
  const bodyHtml = `
<div class="footer"><div class="f1">${br([d.seller.name, ...d.seller.addr])}</div><div class="f2">${br(d.seller.contact)}</div><div class="f3">${br(d.seller.legal)}</div><div class="f4">${br(d.seller.bank)}</div></div>
<div class="letterhead"><div class="firm">${esc(d.seller.brand ?? d.seller.name)}</div><div class="tag">${esc(d.seller.tagline ?? '')}</div></div>
<table class="addrrow"><tr>
  <td class="window"><div class="sender">${esc([d.seller.name, ...d.seller.addr].join(' · '))}</div><strong>${esc(d.buyer.name)}</strong><br>${br(d.buyer.lines)}</td>
  <td><table class="info">${metaRows(d.meta)}</table></td>
</tr></table>
<h2 class="subject">${esc(d.t.subject ?? d.title)}</h2>
<p>${esc(d.t.salutation ?? '')}</p>
<p>${esc(d.t.intro ?? '')}</p>
${htmlItems(d, c, 'items')}
${htmlTotals(d, c, 'totals')}
<div class="closing">${notesHtml(d.notes)}</div>
<div class="sign">${br((d.t.signature ?? '').split('\n'))}</div>`;
  return `<!DOCTYPE html><html lang="${d.lang}"><head><meta charset="utf-8"><title>${esc(d.title)} ${esc(d.key.number)}</title><style>${css}</style></head><body>${bodyHtml}</body></html>`;
}

/** Layout "wholesale": multi-page wholesaler invoice, running header, repeated thead, carry rows. */
function htmlWholesale(d: Doc, c: Calc): string {
  const css = `
@page { size: A4; margin: 30mm 14mm 24mm 16mm;
  @top-left { content: element(runhead); width: 180mm; }
  @bottom-left { content: ${cssStr(d.seller.legal.join(' | '))}; font: 6.3pt 'Liberation Sans'; color: #444; width: 145mm; vertical-align: top; }
  @bottom-right { content: ${pageCounter(d)}; font: bold 7.5pt 'Liberation Sans'; vertical-align: top; } }
@page :first { margin-top: 12mm; @top-left { content: none; } }
body { font-family: 'Liberation Sans'; font-size: 8.2pt; color: #000; }
.runhead { position: running(runhead); display: flex; justify-content: space-between; border-bottom: 1pt solid #0b5394; padding-bottom: 1.5mm; font-size: 8pt; }
.runhead b { color: #0b5394; }
.band { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 2pt solid #0b5394; padding-bottom: 2mm; }
.band .firm { font-size: 16pt; font-weight: bold; color: #0b5394; }
.band .contact { text-align: right; font-size: 7.5pt; line-height: 1.35; }
.blocks { display: flex; justify-content: space-between; margin-top: 6mm; }
.addr { width: 92mm; line-height: 1.35; }
.metawrap { width: 82mm; }
.vatwrap { width: 86mm; }
.totwrap { width: 88mm; }
.addr .sender { font-size: 6.3pt; text-decoration: underline; margin-bottom: 2mm; }
.addr .lbl, .ship .lbl { font-size: 6.5pt; color: #555; text-transform: uppercase; }
.ship { margin-top: 3mm; font-size: 7.6pt; line-height: 1.3; }
table.meta { border: 0.8pt solid #0b5394; border-collapse: collapse; width: 80mm; }
table.meta th { text-align: left; font-weight: normal; background: #e8eef6; padding: 0.8mm 2mm; width: 36mm; }
table.meta td { padding: 0.8mm 2mm; font-weight: bold; }
h1 { font-size: 13pt; margin: 6mm 0 3mm 0; }
table.items { width: 100%; border-collapse: collapse; }
table.items thead th { background: #0b5394; color: #fff; padding: 1.3mm 1.2mm; text-align: left; font-size: 7.2pt; }
table.items td { padding: 1mm 1.2mm; border-bottom: 0.3pt solid #c8d3e0; vertical-align: top; }
table.items .num { text-align: right; white-space: nowrap; }
table.items tr.carry td { font-weight: bold; background: #e8eef6; border-top: 0.8pt solid #0b5394; }
table.items tbody.page2 { break-before: page; }
table.items .sub { font-size: 6.8pt; color: #444; }
.after { display: flex; justify-content: space-between; margin-top: 4mm; }
table.vat { border-collapse: collapse; font-size: 7.6pt; }
table.vat caption { text-align: left; font-weight: bold; padding-bottom: 1mm; }
table.vat th, table.vat td { border: 0.4pt solid #8aa0bb; padding: 0.8mm 2mm; }
table.vat .num { text-align: right; }
table.totals { width: 88mm; border-collapse: collapse; }
table.totals td { padding: 0.9mm 1.5mm; }
table.totals td.num { text-align: right; white-space: nowrap; }
table.totals tr.strong td { font-weight: bold; font-size: 9.5pt; border-top: 1pt solid #000; background: #e8eef6; }
.notes { margin-top: 5mm; font-size: 7.4pt; line-height: 1.4; }
.notes p { margin: 0 0 1mm 0; }
.bank { margin-top: 3mm; font-size: 7.4pt; border-top: 0.5pt solid #8aa0bb; padding-top: 2mm; }
`;
  const bodyHtml = `
<div class="runhead"><span><b>${esc(d.seller.brand ?? d.seller.name)}</b></span><span>${esc(d.t.runhead ?? '')}</span></div>
<div class="band"><div><div class="firm">${esc(d.seller.brand ?? d.seller.name)}</div><div>${esc(d.seller.tagline ?? '')}</div></div>
  <div class="contact">${br([...d.seller.addr, ...d.seller.contact])}</div></div>
<div class="blocks">
  <div class="addr"><div class="sender">${esc([d.seller.name, ...d.seller.addr].join(' · '))}</div>
    <div class="lbl">${esc(d.buyerLabel)}</div><strong>${esc(d.buyer.name)}</strong><br>${br(d.buyer.lines)}
    ${d.shipTo ? `<div class="ship"><div class="lbl">${esc(d.shipTo.label)}</div>${br(d.shipTo.lines)}</div>` : ''}</div>
  <div class="metawrap"><table class="meta">${metaRows(d.meta)}</table></div>
</div>
<h1>${esc(d.title)}</h1>
${htmlItems(d, c, 'items')}
<div class="after"><div class="vatwrap">${htmlVatTable(d, c)}</div><div class="totwrap">${htmlTotals(d, c, 'totals')}</div></div>
<div class="notes">${notesHtml(d.notes)}</div>
<div class="bank">${br(d.seller.bank)}</div>`;
  return `<!DOCTYPE html><html lang="${d.lang}"><head><meta charset="utf-8"><title>${esc(d.title)} ${esc(d.key.number)}</title><style>${css}</style></head><body>${bodyHtml}</body></html>`;
}

function renderWeasy(d: Doc, c: Calc, pdf: string): void {
  const html =
    d.layout === 'saas' ? htmlSaas(d, c) : d.layout === 'letter' ? htmlLetter(d, c) : htmlWholesale(d, c);
  const src = join(BUILD, `${d.file}.html`);
  writeFileSync(src, html);
  execFileSync('weasyprint', ['--quiet', src, pdf], {
    env: { ...process.env, SOURCE_DATE_EPOCH: String(EPOCH) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

// ---------------------------------------------------------------------------------------------
// Generator 2: FPDF 1.8 (PHP). The PHP below is what a small-business invoicing tool looks like:
// one class with Header()/Footer(), Cell/MultiCell/Line/Rect, core fonts in cp1252 via iconv.
// The TypeScript side only formats the strings and hands them over as JSON.
// ---------------------------------------------------------------------------------------------

const PHP_COMMON = String.raw`<?php
require_once('/usr/share/php/fpdf/fpdf.php');
$d = json_decode(file_get_contents($argv[1]), true);
function t($s) { return iconv('UTF-8', 'windows-1252//TRANSLIT', (string)$s); }
class BasePDF extends FPDF {
  public $d;
  // deterministic output: fixed creation date, no clock
  protected function _putinfo() {
    $this->metadata['Producer'] = 'FPDF ' . FPDF_VERSION;
    $this->metadata['CreationDate'] = 'PDF_DATE_PLACEHOLDER';
    foreach ($this->metadata as $key => $value) $this->_put('/' . $key . ' ' . $this->_textstring($value));
  }
  function Fits($h) { return $this->GetY() + $h <= $this->PageBreakTrigger; }
  function NbLines($w, $txt) {
    $cw = $this->CurrentFont['cw'];
    $wmax = ($w - 2 * $this->cMargin) * 1000 / $this->FontSize;
    $s = str_replace("\r", '', (string)$txt);
    $nb = strlen($s);
    if ($nb > 0 && $s[$nb - 1] == "\n") $nb--;
    $sep = -1; $i = 0; $j = 0; $l = 0; $nl = 1;
    while ($i < $nb) {
      $c = $s[$i];
      if ($c == "\n") { $i++; $sep = -1; $j = $i; $l = 0; $nl++; continue; }
      if ($c == ' ') $sep = $i;
      $l += $cw[$c];
      if ($l > $wmax) {
        if ($sep == -1) { if ($i == $j) $i++; } else $i = $sep + 1;
        $sep = -1; $j = $i; $l = 0; $nl++;
      } else $i++;
    }
    return $nl;
  }
}
`;

const PHP_CRAFT = String.raw`
class PDF extends BasePDF {
  function Header() {
    $d = $this->d;
    if ($this->PageNo() == 1) {
      $this->SetFont('Helvetica', 'B', 18);
      $this->SetTextColor(0, 84, 147);
      $this->Cell(0, 9, t($d['brand']), 0, 1, 'R');
      $this->SetFont('Helvetica', 'I', 8.5);
      $this->SetTextColor(90, 90, 90);
      $this->Cell(0, 4, t($d['tagline']), 0, 1, 'R');
      $this->SetTextColor(0);
      $this->SetDrawColor(0, 84, 147);
      $this->SetLineWidth(0.6);
      $this->Line(20, 27, 190, 27);
      $this->SetLineWidth(0.2);
      $this->SetDrawColor(0);
      $this->SetFont('Helvetica', '', 7.5);
      $this->SetXY(130, 30);
      foreach (array_merge($d['seller']['addr'], $d['seller']['contact']) as $l) { $this->SetX(130); $this->Cell(60, 3.6, t($l), 0, 1, 'R'); }
    } else {
      $this->SetFont('Helvetica', '', 8);
      $this->Cell(85, 5, t($d['brand']), 'B', 0, 'L');
      $this->Cell(85, 5, t($d['heading']), 'B', 1, 'R');
      $this->Ln(4);
    }
  }
  function Footer() {
    $d = $this->d;
    $this->SetY(-31);
    $this->SetFont('Helvetica', '', 7.5);
    $this->Cell(0, 4, t($d['t']['page'] . ' ' . $this->PageNo() . ' ' . $d['t']['of'] . ' {nb}'), 0, 1, 'R');
    $this->SetDrawColor(0, 84, 147);
    $this->Line(20, $this->GetY(), 190, $this->GetY());
    $this->SetDrawColor(0);
    $y = $this->GetY() + 1.5;
    $this->SetFont('Helvetica', '', 6.6);
    $this->SetTextColor(60, 60, 60);
    $x = 20;
    $widths = array(38, 38, 42, 52);
    foreach ($d['footer'] as $i => $col) {
      $this->SetXY($x, $y);
      $this->MultiCell($widths[$i], 3.1, t(implode("\n", $col)), 0, 'L');
      $x += $widths[$i];
    }
    $this->SetTextColor(0);
  }
  function TableHead() {
    $this->SetFont('Helvetica', 'B', 8);
    $this->SetFillColor(225, 232, 240);
    foreach ($this->d['cols'] as $c) $this->Cell($c['w'], 6.5, t($c['head']), 1, 0, $c['align'] == 'R' ? 'R' : 'L', true);
    $this->Ln();
    $this->SetFont('Helvetica', '', 8.5);
  }
  function CarryRow($label, $amount) {
    $this->SetFont('Helvetica', 'B', 8.5);
    $this->SetFillColor(240, 240, 240);
    $wsum = 0;
    $cols = $this->d['cols'];
    for ($i = 0; $i < count($cols) - 1; $i++) $wsum += $cols[$i]['w'];
    $this->Cell($wsum, 6, t($label), 1, 0, 'R', true);
    $this->Cell($cols[count($cols) - 1]['w'], 6, t($amount), 1, 1, 'R', true);
    $this->SetFont('Helvetica', '', 8.5);
  }
}
$pdf = new PDF('P', 'mm', 'A4');
$pdf->d = $d;
$pdf->SetTitle(t($d['heading']));
$pdf->SetAuthor(t($d['seller']['name']));
$pdf->AliasNbPages('{nb}');
$pdf->SetMargins(20, 12, 20);
$pdf->SetAutoPageBreak(true, 36);
$pdf->AddPage();
// sender line and window address
$pdf->SetXY(20, 47);
$pdf->SetFont('Helvetica', 'U', 6.5);
$pdf->Cell(85, 3.5, t($d['senderLine']), 0, 1);
$pdf->Ln(1.5);
$pdf->SetFont('Helvetica', '', 7);
$pdf->Cell(85, 3.5, t($d['buyerLabel']), 0, 1);
$pdf->SetFont('Helvetica', 'B', 10);
$pdf->MultiCell(85, 4.6, t($d['buyer']['name']), 0, 'L');
$pdf->SetFont('Helvetica', '', 10);
foreach ($d['buyer']['lines'] as $l) $pdf->Cell(85, 4.6, t($l), 0, 1);
$yAfterAddr = $pdf->GetY();
// info block
$pdf->SetXY(118, 50);
$pdf->SetFont('Helvetica', '', 8.5);
foreach ($d['meta'] as $m) {
  $pdf->SetX(118);
  $pdf->Cell(33, 4.4, t($m[0]), 0, 0, 'L');
  $pdf->SetFont('Helvetica', 'B', 8.5);
  $pdf->MultiCell(39, 4.4, t($m[1]), 0, 'L');
  $pdf->SetFont('Helvetica', '', 8.5);
}
$pdf->SetY(max($yAfterAddr, $pdf->GetY()) + 9);
$pdf->SetFont('Helvetica', 'B', 14);
$pdf->Cell(0, 8, t($d['heading']), 0, 1);
$pdf->SetFont('Helvetica', '', 9);
if ($d['t']['intro'] != '') { $pdf->MultiCell(0, 4.5, t($d['t']['intro']), 0, 'L'); $pdf->Ln(2); }
$pdf->TableHead();
$n = 0;
foreach ($d['rows'] as $r) {
  if ($d['breakAfter'] !== null && $n == $d['breakAfter']) {
    $pdf->CarryRow($d['carryOut'], $d['carryAmount']);
    $pdf->AddPage();
    $pdf->TableHead();
    $pdf->CarryRow($d['carryIn'], $d['carryAmount']);
  }
  $n++;
  $descIdx = -1;
  $nb = 1;
  foreach ($d['cols'] as $i => $c) if ($c['key'] == 'desc') {
    $descIdx = $i;
    $txt = $r['cells'][$i] . ($r['sub'] != '' ? "\n" . $r['sub'] : '');
    $nb = $pdf->NbLines($c['w'], t($txt));
  }
  $h = 4.6 * $nb + 1.4;
  if (!$pdf->Fits($h)) { $pdf->AddPage(); $pdf->TableHead(); }
  $y = $pdf->GetY();
  $x = 20;
  foreach ($d['cols'] as $i => $c) {
    $pdf->Rect($x, $y, $c['w'], $h);
    $pdf->SetXY($x, $y + 0.7);
    if ($i == $descIdx) {
      $pdf->MultiCell($c['w'], 4.6, t($r['cells'][$i]), 0, 'L');
      if ($r['sub'] != '') { $pdf->SetX($x); $pdf->SetFont('Helvetica', 'I', 7.5); $pdf->MultiCell($c['w'], 4.6, t($r['sub']), 0, 'L'); $pdf->SetFont('Helvetica', '', 8.5); }
    } else {
      $pdf->Cell($c['w'], 4.6, t($r['cells'][$i]), 0, 0, $c['align']);
    }
    $x += $c['w'];
  }
  $pdf->SetXY(20, $y + $h);
}
$pdf->Ln(3);
if (!$pdf->Fits(6 * count($d['totals']))) $pdf->AddPage();
foreach ($d['totals'] as $tr) {
  $pdf->SetX(80);
  $pdf->SetFont('Helvetica', $tr['strong'] ? 'B' : '', $tr['strong'] ? 10 : 9);
  $pdf->Cell(80, 5.6, t($tr['label']), $tr['strong'] ? 'T' : 0, 0, 'L');
  $pdf->Cell(30, 5.6, t($tr['value']), $tr['strong'] ? 'T' : 0, 1, 'R');
}
if ($d['vat'] !== null) {
  $pdf->Ln(3);
  $pdf->SetFont('Helvetica', 'B', 8);
  $pdf->Cell(0, 5, t($d['vat']['title']), 0, 1);
  $w = array(20, 28, 28, 28);
  foreach ($d['vat']['head'] as $i => $h) $pdf->Cell($w[$i], 5, t($h), 1, 0, $i ? 'R' : 'L');
  $pdf->Ln();
  $pdf->SetFont('Helvetica', '', 8);
  foreach ($d['vat']['rows'] as $row) { foreach ($row as $i => $v) $pdf->Cell($w[$i], 5, t($v), 1, 0, $i ? 'R' : 'L'); $pdf->Ln(); }
}
$pdf->Ln(5);
$pdf->SetFont('Helvetica', '', 8.5);
foreach ($d['notes'] as $note) { $pdf->MultiCell(0, 4.3, t($note), 0, 'L'); $pdf->Ln(1); }
if ($d['t']['signature'] != '') { $pdf->Ln(4); $pdf->MultiCell(0, 4.3, t($d['t']['signature']), 0, 'L'); }
$pdf->Output('F', $argv[2]);
`;

const PHP_HOTEL = `
class PDF extends BasePDF {
  function Header() {
    $d = $this->d;
    if ($this->PageNo() > 1) {
      $this->SetFont('Times', 'I', 9);
      $this->Cell(0, 6, t($d['brand'] . ' - ' . $d['heading']), 'B', 1, 'C');
      $this->Ln(3);
      return;
    }
    $this->SetFont('Times', 'B', 22);
    $this->SetTextColor(25, 55, 95);
    $this->Cell(0, 10, t($d['brand']), 0, 1, 'C');
    $this->SetFont('Times', 'I', 10);
    $this->Cell(0, 5, t($d['tagline']), 0, 1, 'C');
    $this->SetTextColor(0);
    $this->SetFont('Helvetica', '', 7.5);
    $this->Cell(0, 4, t(implode('  |  ', $d['seller']['addr'])), 0, 1, 'C');
    $this->Cell(0, 4, t(implode('  |  ', $d['seller']['contact'])), 0, 1, 'C');
    $y = $this->GetY() + 1.5;
    $this->SetDrawColor(25, 55, 95);
    $this->Line(18, $y, 192, $y);
    $this->Line(18, $y + 0.8, 192, $y + 0.8);
    $this->SetDrawColor(0);
    $this->SetY($y + 5);
  }
  function Footer() {
    $d = $this->d;
    $this->SetY(-24);
    $this->SetFont('Helvetica', '', 6.8);
    $this->SetTextColor(70, 70, 70);
    foreach ($d['footer'] as $col) $this->Cell(0, 3.3, t(implode('  -  ', $col)), 0, 1, 'C');
    $this->Cell(0, 4, t($d['t']['page'] . ' ' . $this->PageNo() . '/{nb}'), 0, 0, 'R');
    $this->SetTextColor(0);
  }
}
$pdf = new PDF('P', 'mm', 'A4');
$pdf->d = $d;
$pdf->SetTitle(t($d['heading']));
$pdf->AliasNbPages('{nb}');
$pdf->SetMargins(18, 12, 18);
$pdf->SetAutoPageBreak(true, 30);
$pdf->AddPage();
$top = $pdf->GetY();
// billing address (left)
$pdf->SetFont('Helvetica', '', 7);
$pdf->SetTextColor(100, 100, 100);
$pdf->Cell(90, 4, t($d['buyerLabel']), 0, 1);
$pdf->SetTextColor(0);
$pdf->SetFont('Helvetica', 'B', 10);
$pdf->Cell(90, 5, t($d['buyer']['name']), 0, 1);
$pdf->SetFont('Helvetica', '', 9.5);
foreach ($d['buyer']['lines'] as $l) $pdf->Cell(90, 4.6, t($l), 0, 1);
$yl = $pdf->GetY();
// stay information (right, boxed)
$pdf->SetXY(116, $top);
$pdf->SetFont('Helvetica', '', 8.5);
$pdf->SetFillColor(238, 242, 247);
$yb = $top;
foreach ($d['meta'] as $m) {
  $pdf->SetXY(116, $yb);
  $pdf->Cell(32, 5, t($m[0]), 0, 0, 'L', true);
  $pdf->SetFont('Helvetica', 'B', 8.5);
  $pdf->Cell(44, 5, t($m[1]), 0, 0, 'R', true);
  $pdf->SetFont('Helvetica', '', 8.5);
  $yb += 5;
}
$pdf->Rect(116, $top, 76, $yb - $top);
$pdf->SetY(max($yl, $yb) + 7);
$pdf->SetFont('Times', 'B', 15);
$pdf->Cell(0, 8, t($d['heading']), 0, 1, 'C');
$pdf->Ln(2);
// folio lines
$pdf->SetFont('Helvetica', 'B', 8);
$pdf->SetDrawColor(25, 55, 95);
$pdf->SetLineWidth(0.4);
foreach ($d['cols'] as $c) $pdf->Cell($c['w'], 6, t($c['head']), 'TB', 0, $c['align']);
$pdf->Ln();
$pdf->SetLineWidth(0.2);
$pdf->SetFont('Helvetica', '', 8.5);
$pdf->SetFillColor(246, 246, 246);
$fill = false;
foreach ($d['rows'] as $r) {
  foreach ($d['cols'] as $i => $c) $pdf->Cell($c['w'], 5.4, t($r['cells'][$i]), 0, 0, $c['align'], $fill);
  $pdf->Ln();
  if ($r['sub'] != '') {
    $pdf->SetFont('Helvetica', 'I', 7.3);
    $pdf->Cell($d['cols'][0]['w'], 4, '', 0, 0, 'L', $fill);
    $pdf->Cell(174 - $d['cols'][0]['w'], 4, t($r['sub']), 0, 1, 'L', $fill);
    $pdf->SetFont('Helvetica', '', 8.5);
  }
  $fill = !$fill;
}
$pdf->Line(18, $pdf->GetY(), 192, $pdf->GetY());
$pdf->SetDrawColor(0);
$pdf->Ln(4);
$yt = $pdf->GetY();
// VAT analysis (left)
if ($d['vat'] !== null) {
  $pdf->SetFont('Helvetica', 'B', 8);
  $pdf->Cell(88, 5, t($d['vat']['title']), 0, 1);
  $w = array(16, 24, 24, 24);
  $pdf->SetFont('Helvetica', 'B', 7.5);
  foreach ($d['vat']['head'] as $i => $h) $pdf->Cell($w[$i], 5, t($h), 'B', 0, $i ? 'R' : 'L');
  $pdf->Ln();
  $pdf->SetFont('Helvetica', '', 8);
  foreach ($d['vat']['rows'] as $row) { foreach ($row as $i => $v) $pdf->Cell($w[$i], 4.8, t($v), 0, 0, $i ? 'R' : 'L'); $pdf->Ln(); }
  if ($d['vat']['sum'] !== null) {
    $pdf->SetFont('Helvetica', 'B', 8);
    foreach ($d['vat']['sum'] as $i => $v) $pdf->Cell($w[$i], 5, t($v), 'T', 0, $i ? 'R' : 'L');
    $pdf->Ln();
  }
}
$yv = $pdf->GetY();
// totals (right)
$pdf->SetY($yt);
foreach ($d['totals'] as $tr) {
  $pdf->SetX(118);
  $pdf->SetFont('Helvetica', $tr['strong'] ? 'B' : '', $tr['strong'] ? 10 : 8.8);
  $pdf->Cell(46, 6, t($tr['label']), $tr['strong'] ? 'TB' : 0, 0, 'L');
  $pdf->Cell(28, 6, t($tr['value']), $tr['strong'] ? 'TB' : 0, 1, 'R');
}
$pdf->SetY(max($yv, $pdf->GetY()) + 6);
$pdf->SetFont('Helvetica', '', 8.5);
foreach ($d['notes'] as $note) { $pdf->MultiCell(0, 4.3, t($note), 0, 'L'); $pdf->Ln(1); }
$pdf->Ln(3);
$pdf->SetFont('Helvetica', 'B', 8.5);
$pdf->Cell(0, 4.5, t($d['t']['payTitle']), 0, 1);
$pdf->SetFont('Helvetica', '', 8.5);
foreach ($d['seller']['bank'] as $l) $pdf->Cell(0, 4.3, t($l), 0, 1);
$pdf->Ln(5);
$pdf->SetFont('Times', 'I', 11);
$pdf->Cell(0, 6, t($d['t']['thanks']), 0, 1, 'C');
$pdf->Output('F', $argv[2]);
`;

const PHP_ERP = String.raw`
define('W', 92);
function pad($s, $w, $align) {
  $s = t($s);
  if (strlen($s) > $w) $s = substr($s, 0, $w);
  return $align == 'R' ? str_pad($s, $w, ' ', STR_PAD_LEFT) : str_pad($s, $w);
}
function kv($k, $v, $w) { return pad($k, $w - strlen(t($v)) - 1, 'L') . ' ' . t($v); }
class PDF extends BasePDF {
  function Out($s, $style = '') {
    $this->SetFont('Courier', $style, 9);
    $this->Cell(0, 3.9, $s, 0, 1);
  }
  function Header() {
    $d = $this->d;
    $this->SetFont('Courier', 'B', 11);
    $this->Cell(110, 5, t($d['brand']), 0, 0);
    $this->Cell(0, 5, t($d['title']), 0, 1, 'R');
    $this->SetFont('Courier', '', 8);
    foreach (array_merge($d['seller']['addr'], $d['seller']['contact']) as $l) $this->Cell(105, 3.4, t($l), 0, 1);
    $y = 18;
    $this->Rect(121, $y - 1.5, 75, 4.2 * (count($d['meta']) + 1) + 2);
    $this->SetFont('Courier', '', 9);
    foreach ($d['meta'] as $m) {
      $this->SetXY(122, $y);
      $this->Cell(73, 4.2, kv($m[0], $m[1], 36), 0, 1);
      $y += 4.2;
    }
    $this->SetXY(122, $y);
    $this->Cell(73, 4.2, kv($d['t']['page'], $this->PageNo() . '/{nb}', 36), 0, 1);
    $this->SetY(max($y + 8, 40));
  }
  function Footer() {
    $d = $this->d;
    $this->SetY(-22);
    $this->SetFont('Courier', '', 7);
    $this->Cell(0, 3, str_repeat('=', 112), 0, 1);
    foreach ($d['footer'] as $col) $this->Cell(0, 3.1, t(implode(' / ', $col)), 0, 1);
  }
  function ColHead() {
    $line = '';
    foreach ($this->d['cols'] as $c) $line .= pad($c['head'], $c['w'], $c['align']) . ' ';
    $this->Out(str_repeat('-', W));
    $this->Out(rtrim($line), 'B');
    $this->Out(str_repeat('-', W));
  }
  function Carry($label, $amount) {
    $this->Out(str_repeat('-', W));
    $this->Out(kv($label, $amount, W), 'B');
  }
}
$pdf = new PDF('P', 'mm', 'A4');
$pdf->d = $d;
$pdf->SetTitle(t($d['title'] . ' ' . $d['number']));
$pdf->AliasNbPages('{nb}');
$pdf->SetMargins(14, 10, 14);
$pdf->SetAutoPageBreak(true, 26);
$pdf->AddPage();
$pdf->Out('');
foreach ($d['buyerBlock'] as $l) $pdf->Out('     ' . t($l));
$pdf->Out('');
foreach ($d['refs'] as $l) $pdf->Out(t($l));
$pdf->Out('');
$pdf->ColHead();
$n = 0;
foreach ($d['rows'] as $r) {
  if ($d['breakAfter'] !== null && $n == $d['breakAfter']) {
    $pdf->Carry($d['carryOut'], $d['carryAmount']);
    $pdf->AddPage();
    $pdf->ColHead();
    $pdf->Out(kv($d['carryIn'], $d['carryAmount'], W), 'B');
    $pdf->Out('');
  }
  $n++;
  $line = '';
  foreach ($d['cols'] as $i => $c) $line .= pad($r['cells'][$i], $c['w'], $c['align']) . ' ';
  $pdf->Out(rtrim($line));
  if ($r['sub'] != '') $pdf->Out(str_repeat(' ', $d['subIndent']) . t($r['sub']));
}
$pdf->Out(str_repeat('-', W));
foreach ($d['totals'] as $tr) {
  if ($tr['strong']) $pdf->Out(str_repeat(' ', 50) . str_repeat('=', W - 50));
  $pdf->Out(str_repeat(' ', 30) . kv($tr['label'], $tr['value'], W - 30), $tr['strong'] ? 'B' : '');
}
if ($d['vat'] !== null) {
  $pdf->Out('');
  $pdf->Out(t($d['vat']['title']), 'B');
  $w = array(10, 16, 14, 16);
  $line = '';
  foreach ($d['vat']['head'] as $i => $h) $line .= pad($h, $w[$i], $i ? 'R' : 'L') . ' ';
  $pdf->Out($line);
  foreach ($d['vat']['rows'] as $row) {
    $line = '';
    foreach ($row as $i => $v) $line .= pad($v, $w[$i], $i ? 'R' : 'L') . ' ';
    $pdf->Out($line);
  }
}
$pdf->Out('');
foreach ($d['notes'] as $note) {
  foreach (explode("\n", wordwrap(t($note), W, "\n", true)) as $l) $pdf->Out($l);
}
$pdf->Out('');
foreach ($d['seller']['bank'] as $l) $pdf->Out(t($l));
$pdf->Output('F', $argv[2]);
`;

interface FpdfCol {
  key: Col;
  head: string;
  w: number;
  align: 'L' | 'R' | 'C';
}

const FPDF_WIDTHS: Record<string, Partial<Record<Col, number>>> = {
  // millimetres; the description takes what is left of the table width
  craft: { pos: 9, code: 18, date: 18, qty: 14, unit: 13, price: 21, disc: 12, rate: 12, amount: 24 },
  hotel: { date: 20, qty: 12, unit: 12, price: 22, rate: 16, amount: 24 },
  // characters (Courier 9 pt, 92 to a line)
  erp: { pos: 3, code: 9, qty: 7, unit: 4, price: 10, disc: 4, rate: 5, amount: 12 },
};
const FPDF_TABLE_WIDTH: Record<string, number> = { craft: 170, hotel: 174, erp: 92 };

function renderFpdf(d: Doc, c: Calc, pdf: string): void {
  const widths = FPDF_WIDTHS[d.layout]!;
  const erp = d.layout === 'erp';
  const fixed = d.cols.filter((k) => k !== 'desc').reduce((a, k) => a + (widths[k] ?? 0) + (erp ? 1 : 0), 0);
  const cols: FpdfCol[] = d.cols.map((k) => ({
    key: k,
    head: d.head[k] ?? '',
    w: k === 'desc' ? FPDF_TABLE_WIDTH[d.layout]! - fixed - (erp ? 1 : 0) : widths[k]!,
    align: NUMERIC_COLS.has(k) ? 'R' : 'L',
  }));
  const rows = d.lines.map((l, i) => ({ cells: d.cols.map((k) => cellText(d, c, i, k)), sub: l.sub ?? '' }));
  if (erp) {
    for (const r of rows) {
      r.cells.forEach((s, i) => {
        if ([...s].length > cols[i]!.w) throw new Error(`${d.file}: "${s}" wider than ${cols[i]!.w} chars`);
      });
    }
  }
  const s = sgn(d);
  const data = {
    title: d.title,
    heading: d.t.heading ?? `${d.title} ${d.key.number}`,
    number: d.key.number,
    brand: d.seller.brand ?? d.seller.name,
    tagline: d.seller.tagline ?? '',
    seller: d.seller,
    senderLine: [d.seller.name, ...d.seller.addr].join(' - '),
    buyerLabel: d.buyerLabel,
    buyer: d.buyer,
    buyerBlock: [d.buyer.name, ...d.buyer.lines],
    refs: (d.t.refs ?? '').split('\n').filter((x) => x !== ''),
    meta: d.meta.map(([k, v]) => [k, metaText(v)]),
    cols,
    rows,
    subIndent: erp ? cols.slice(0, d.cols.indexOf('desc')).reduce((a, x) => a + x.w + 1, 0) : 0,
    breakAfter: d.breakAfter ?? null,
    carryOut: d.carryOut ?? '',
    carryIn: d.carryIn ?? '',
    carryAmount: d.breakAfter !== undefined ? d.f.num(s * carrySum(d, c)) : '',
    totals: d.totals.map((r) => ({
      label: totalLabel(d, c, r),
      value: d.f.money(s * totalValue(d, c, r)),
      strong: r.strong ?? false,
    })),
    vat: d.vatTable
      ? {
          title: d.vatTable.title,
          head: d.vatTable.head,
          rows: c.rates.map((r) => [
            d.f.rate(r.rate),
            d.f.num(s * r.net),
            d.f.num(s * r.tax),
            d.f.num(s * r.gross),
          ]),
          sum: d.vatTable.sum
            ? [d.vatTable.sum, d.f.num(s * c.net), d.f.num(s * c.tax), d.f.num(s * c.total)]
            : null,
        }
      : null,
    notes: d.notes,
    t: { page: 'Page', of: 'of', intro: '', signature: '', payTitle: '', thanks: '', ...d.t },
    footer: [[d.seller.name, ...d.seller.addr], d.seller.contact, d.seller.legal, d.seller.bank].filter(
      (col) => col.length > 0,
    ),
  };
  if (d.layout === 'hotel') data.footer = d.seller.legal.map((l) => [l]);
  if (erp) data.footer = d.seller.legal.map((l) => [l]);
  const php = join(BUILD, `fpdf-${d.layout}.php`);
  const body = d.layout === 'craft' ? PHP_CRAFT : d.layout === 'hotel' ? PHP_HOTEL : PHP_ERP;
  writeFileSync(php, PHP_COMMON.replace('PDF_DATE_PLACEHOLDER', PDF_DATE) + body);
  const json = join(BUILD, `${d.file}.json`);
  writeFileSync(json, JSON.stringify(data, null, 1));
  execFileSync('php', [php, json, pdf], { stdio: ['ignore', 'inherit', 'inherit'] });
}

// ---------------------------------------------------------------------------------------------
// Generator 3: Gnumeric. The workbook is written as Gnumeric XML by hand (one sheet, styles per
// cell, merged title cells, borders, number formats, formulas for every amount) and printed with
// ssconvert under the supplier's POSIX locale, so Gnumeric itself computes and formats the numbers.
// ---------------------------------------------------------------------------------------------

interface GStyle {
  b?: boolean;
  i?: boolean;
  u?: boolean;
  sz?: number;
  font?: string;
  h?: 'L' | 'C' | 'R';
  v?: 'T' | 'C' | 'B';
  fmt?: string;
  bg?: string;
  fg?: string;
  wrap?: boolean;
  /** border styles: 1 thin, 2 medium, 5 thick, 6 double, 7 hair */
  bt?: number;
  bb?: number;
  bl?: number;
  br?: number;
}

type GValue = string | number | { f: string } | { date: string };

interface GCell {
  v?: GValue;
  st: GStyle;
}

const colName = (c: number): string =>
  c < 26 ? String.fromCharCode(65 + c) : colName(Math.floor(c / 26) - 1) + String.fromCharCode(65 + (c % 26));
const A1 = (r: number, c: number): string => `${colName(c)}${r + 1}`;

const gColor = (hex: string): string => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`colour ${hex}`);
  return [m[1]!, m[2]!, m[3]!]
    .map((h) => (Number.parseInt(h, 16) * 257).toString(16).toUpperCase())
    .join(':');
};
const xmlEsc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

class Sheet {
  cells = new Map<string, GCell & { r: number; c: number }>();
  merges: string[] = [];
  colWidths: number[] = [];
  rowHeights = new Map<number, number>();
  font = 'Liberation Sans';
  size = 9;
  maxRow = 0;
  maxCol = 0;

  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  private at(r: number, c: number): GCell & { r: number; c: number } {
    const k = `${r},${c}`;
    let cell = this.cells.get(k);
    if (!cell) {
      cell = { r, c, st: {} };
      this.cells.set(k, cell);
    }
    this.maxRow = Math.max(this.maxRow, r);
    this.maxCol = Math.max(this.maxCol, c);
    return cell;
  }

  set(r: number, c: number, v: GValue | undefined, st: GStyle = {}): this {
    const cell = this.at(r, c);
    if (v !== undefined) cell.v = v;
    cell.st = { ...cell.st, ...st };
    return this;
  }

  style(r1: number, c1: number, r2: number, c2: number, st: GStyle): this {
    for (let r = r1; r <= r2; r++) for (let c = c1; c <= c2; c++) this.set(r, c, undefined, st);
    return this;
  }

  /** outline a block with a border of the given style */
  box(r1: number, c1: number, r2: number, c2: number, w = 1): this {
    for (let c = c1; c <= c2; c++) {
      this.set(r1, c, undefined, { bt: w });
      this.set(r2, c, undefined, { bb: w });
    }
    for (let r = r1; r <= r2; r++) {
      this.set(r, c1, undefined, { bl: w });
      this.set(r, c2, undefined, { br: w });
    }
    return this;
  }

  merge(r1: number, c1: number, r2: number, c2: number): this {
    this.merges.push(`${A1(r1, c1)}:${A1(r2, c2)}`);
    this.at(r2, c2);
    return this;
  }

  styleXml(st: GStyle): string {
    const h = { L: 'LEFT', C: 'CENTER', R: 'RIGHT' }[st.h ?? 'L'];
    const v = { T: 'TOP', C: 'CENTER', B: 'BOTTOM' }[st.v ?? 'B'];
    const border = (['bt', 'bb', 'bl', 'br'] as const)
      .filter((k) => st[k])
      .map((k) => {
        const tag = { bt: 'Top', bb: 'Bottom', bl: 'Left', br: 'Right' }[k];
        return `<gnm:${tag} Style="${st[k]}" Color="0:0:0"/>`;
      })
      .join('');
    return (
      `<gnm:Style HAlign="GNM_HALIGN_${st.h ? h : 'GENERAL'}" VAlign="GNM_VALIGN_${v}" WrapText="${st.wrap ? 1 : 0}" ShrinkToFit="0" Rotation="0" ` +
      `Shade="${st.bg ? 1 : 0}" Indent="0" Locked="1" Hidden="0" Fore="${st.fg ? gColor(st.fg) : '0:0:0'}" ` +
      `Back="${st.bg ? gColor(st.bg) : 'FFFF:FFFF:FFFF'}" PatternColor="0:0:0" Format="${xmlEsc(st.fmt ?? 'General')}">` +
      `<gnm:Font Unit="${st.sz ?? this.size}" Bold="${st.b ? 1 : 0}" Italic="${st.i ? 1 : 0}" Underline="${st.u ? 1 : 0}" StrikeThrough="0" Script="0">${xmlEsc(
        st.font ?? this.font,
      )}</gnm:Font>${border ? `<gnm:StyleBorder>${border}</gnm:StyleBorder>` : ''}</gnm:Style>`
    );
  }

  toXml(print: {
    margins: [number, number, number, number];
    fit: 'page' | number;
    grid: boolean;
    footer: [string, string, string];
    header?: [string, string, string];
    repeatTop?: [number, number];
    breaks?: number[];
    orientation?: 'portrait' | 'landscape';
  }): string {
    const R = this.maxRow;
    const C = this.maxCol;
    const regions: string[] = [];
    const region = (r1: number, c1: number, r2: number, c2: number, st: GStyle): void => {
      regions.push(
        `<gnm:StyleRegion startCol="${c1}" startRow="${r1}" endCol="${c2}" endRow="${r2}">${this.styleXml(st)}</gnm:StyleRegion>`,
      );
    };
    for (let r = 0; r <= R; r++)
      for (let c = 0; c <= C; c++) region(r, c, r, c, this.cells.get(`${r},${c}`)?.st ?? {});
    if (C < 255) region(0, C + 1, 65535, 255, {});
    if (R < 65535) region(R + 1, 0, 65535, C, {});
    const cells = [...this.cells.values()]
      .filter((x) => x.v !== undefined)
      .sort((a, b) => a.r - b.r || a.c - b.c)
      .map((x) => {
        const v = x.v!;
        if (typeof v === 'string')
          return `<gnm:Cell Row="${x.r}" Col="${x.c}" ValueType="60">${xmlEsc(v)}</gnm:Cell>`;
        if (typeof v === 'number')
          return `<gnm:Cell Row="${x.r}" Col="${x.c}" ValueType="40">${v}</gnm:Cell>`;
        if ('f' in v) return `<gnm:Cell Row="${x.r}" Col="${x.c}">${xmlEsc(`=${v.f}`)}</gnm:Cell>`;
        return `<gnm:Cell Row="${x.r}" Col="${x.c}" ValueType="40">${serialDay(v.date)}</gnm:Cell>`;
      });
    const cols = this.colWidths.map((w, i) => `<gnm:ColInfo No="${i}" Unit="${w}" HardSize="1"/>`).join('');
    const rows = [...this.rowHeights.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([r, h]) => `<gnm:RowInfo No="${r}" Unit="${h}" HardSize="1"/>`)
      .join('');
    const [mt, mb, ml, mr] = print.margins;
    const hf = (tag: string, v: [string, string, string]): string =>
      `<gnm:${tag} Left="${xmlEsc(v[0])}" Middle="${xmlEsc(v[1])}" Right="${xmlEsc(v[2])}"/>`;
    const scale =
      print.fit === 'page'
        ? '<gnm:Scale type="size_fit" cols="1" rows="1"/>'
        : `<gnm:Scale type="percentage" percentage="${print.fit}"/>`;
    const repeat = print.repeatTop
      ? `<gnm:repeat_top value="$${print.repeatTop[0] + 1}:$${print.repeatTop[1] + 1}"/>`
      : '';
    const breaks = print.breaks?.length
      ? `<gnm:hPageBreaks count="${print.breaks.length}">${print.breaks
          .map((b) => `<gnm:break pos="${b}" type="manual"/>`)
          .join('')}</gnm:hPageBreaks>`
      : '';
    return `<?xml version="1.0" encoding="UTF-8"?>
<gnm:Workbook xmlns:gnm="http://www.gnumeric.org/v10.dtd">
<gnm:Version Epoch="1" Major="12" Minor="55" Full="1.12.55"/>
<gnm:Calculation ManualRecalc="0" EnableIteration="1" MaxIterations="100" IterationTolerance="0.001" FloatRadix="2" FloatDigits="53"/>
<gnm:SheetNameIndex><gnm:SheetName gnm:Cols="256" gnm:Rows="65536">${xmlEsc(this.name)}</gnm:SheetName></gnm:SheetNameIndex>
<gnm:Sheets>
<gnm:Sheet DisplayFormulas="0" HideZero="0" HideGrid="0" HideColHeader="0" HideRowHeader="0" DisplayOutlines="1" OutlineSymbolsBelow="1" OutlineSymbolsRight="1" Visibility="GNM_SHEET_VISIBILITY_VISIBLE" GridColor="0:0:0">
<gnm:Name>${xmlEsc(this.name)}</gnm:Name>
<gnm:MaxCol>${C}</gnm:MaxCol><gnm:MaxRow>${R}</gnm:MaxRow><gnm:Zoom>1</gnm:Zoom>
<gnm:Names><gnm:Name><gnm:name>Print_Area</gnm:name><gnm:value>$A$1:$${colName(C)}$${R + 1}</gnm:value><gnm:position>A1</gnm:position></gnm:Name></gnm:Names>
<gnm:PrintInformation>
<gnm:Margins><gnm:top Points="${mt}" PrefUnit="mm"/><gnm:bottom Points="${mb}" PrefUnit="mm"/><gnm:left Points="${ml}" PrefUnit="mm"/><gnm:right Points="${mr}" PrefUnit="mm"/><gnm:header Points="${Math.round(mt / 2)}" PrefUnit="mm"/><gnm:footer Points="${Math.round(mb / 2)}" PrefUnit="mm"/></gnm:Margins>
${scale}
<gnm:vcenter value="0"/><gnm:hcenter value="${print.fit === 'page' ? 1 : 0}"/><gnm:grid value="${print.grid ? 1 : 0}"/><gnm:even_if_only_styles value="1"/><gnm:monochrome value="0"/><gnm:draft value="0"/><gnm:titles value="0"/><gnm:do_not_print value="0"/>
<gnm:print_range value="GNM_PRINT_ACTIVE_SHEET"/>
<gnm:order>d_then_r</gnm:order><gnm:orientation>${print.orientation ?? 'portrait'}</gnm:orientation>
${hf('Header', print.header ?? ['', '', ''])}${hf('Footer', print.footer)}
<gnm:paper>iso_a4</gnm:paper>${repeat}${breaks}
</gnm:PrintInformation>
<gnm:Styles>${regions.join('\n')}</gnm:Styles>
<gnm:Cols DefaultSizePts="48">${cols}</gnm:Cols>
<gnm:Rows DefaultSizePts="13.5">${rows}</gnm:Rows>
<gnm:Cells>
${cells.join('\n')}
</gnm:Cells>
<gnm:MergedRegions>${this.merges.map((m) => `<gnm:Merge>${m}</gnm:Merge>`).join('')}</gnm:MergedRegions>
<gnm:SheetLayout TopLeft="A1"/>
</gnm:Sheet>
</gnm:Sheets>
</gnm:Workbook>
`;
  }
}

/** Greedy word wrap for text placed in single spreadsheet rows. */
function wrapWords(text: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    if (cur && cur.length + 1 + w.length > width) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  return out;
}

const G_WIDTH: Partial<Record<Col, number>> = {
  pos: 24,
  code: 58,
  date: 52,
  qty: 42,
  unit: 36,
  price: 60,
  disc: 38,
  rate: 40,
  amount: 72,
};

interface GItems {
  /** next free row */
  row: number;
  /** sheet column of the amount */
  amountCol: number;
}

/**
 * Items table and totals with formulas. Item columns are laid on 8 sheet columns, the
 * description spanning whatever the other columns leave.
 */
function gItemsAndTotals(
  sh: Sheet,
  d: Doc,
  c: Calc,
  start: number,
  opt: {
    head: GStyle;
    cell: GStyle;
    total: GStyle;
    strong: GStyle;
    labelCol: number;
    gridRows?: number;
    totalWidth: number;
    mergeLabels?: boolean;
  },
): GItems {
  if (d.gross) throw new Error('gross pricing not supported in the Gnumeric layouts');
  const N = 8;
  const s = sgn(d);
  const others = d.cols.filter((k) => k !== 'desc');
  const span = N - others.length;
  const fixed = others.reduce((a, k) => a + G_WIDTH[k]!, 0);
  const place = new Map<Col, [number, number]>();
  let col = 0;
  for (const k of d.cols) {
    const w = k === 'desc' ? span : 1;
    place.set(k, [col, col + w - 1]);
    for (let i = 0; i < w; i++)
      sh.colWidths[col + i] = k === 'desc' ? Math.round((opt.totalWidth - fixed) / span) : G_WIDTH[k]!;
    col += w;
  }
  const P = (k: Col): number => place.get(k)![0];
  const amountCol = P('amount');
  const rateDecimals = d.lines.some((l) => l.rate % 100 !== 0);
  const fmt: Partial<Record<Col, string>> = {
    qty: d.f.gnm.qty,
    price: d.f.gnm.num,
    amount: d.f.gnm.num,
    disc: '0%',
    rate: rateDecimals ? '0.0%' : '0%',
    pos: '0',
  };
  let r = start;
  // header
  for (const k of d.cols) {
    const [c0, c1] = place.get(k)!;
    sh.set(r, c0, d.head[k] ?? '', { ...opt.head, h: NUMERIC_COLS.has(k) ? 'R' : 'L' });
    if (c1 > c0) {
      sh.style(r, c0 + 1, r, c1, opt.head);
      sh.merge(r, c0, r, c1);
    }
  }
  const headRow = r;
  r++;
  const first = r;
  const carryRows: number[] = [];
  const lineRows: number[] = [];
  const putLine = (i: number): void => {
    const l = d.lines[i]!;
    for (const k of d.cols) {
      const [c0, c1] = place.get(k)!;
      const st: GStyle = { ...opt.cell, h: NUMERIC_COLS.has(k) ? 'R' : 'L', fmt: fmt[k] ?? 'General' };
      let v: GValue;
      switch (k) {
        case 'pos':
          v = i + 1;
          break;
        case 'qty':
          v = l.qty / 1000;
          break;
        case 'price':
          v = (s * l.price) / 100;
          break;
        case 'disc':
          v = l.disc ? l.disc / 100 : '';
          break;
        case 'rate':
          v = l.rate / 10000;
          break;
        case 'amount': {
          const q = A1(r, P('qty'));
          const p = A1(r, P('price'));
          v = l.disc
            ? { f: `ROUND(ROUND(${q}*${p},2)*(1-${A1(r, P('disc'))}),2)` }
            : { f: `ROUND(${q}*${p},2)` };
          break;
        }
        default:
          v = cellText(d, c, i, k);
      }
      sh.set(r, c0, v, st);
      if (c1 > c0) {
        sh.style(r, c0 + 1, r, c1, opt.cell);
        sh.merge(r, c0, r, c1);
      }
    }
    lineRows.push(r);
    r++;
    if (l.sub) {
      const [c0] = place.get('desc')!;
      sh.style(r, 0, r, N - 1, opt.cell);
      sh.set(r, c0, l.sub, { i: true, sz: (opt.cell.sz ?? sh.size) - 1 });
      r++;
    }
  };
  const carryRow = (label: string, v: GValue): void => {
    sh.style(r, 0, r, N - 1, { ...opt.total, b: true, bt: 1, bb: 1 });
    sh.set(r, amountCol - 1, label, { h: 'R' });
    sh.set(r, amountCol, v, { h: 'R', fmt: d.f.gnm.num });
    carryRows.push(r);
    r++;
  };
  let breakRow: number | undefined;
  for (let i = 0; i < d.lines.length; i++) {
    if (d.breakAfter !== undefined && i === d.breakAfter) {
      const outRow = r;
      carryRow(d.carryOut ?? '', { f: `SUM(${A1(first, amountCol)}:${A1(r - 1, amountCol)})` });
      breakRow = r;
      carryRow(d.carryIn ?? '', { f: A1(outRow, amountCol) });
    }
    putLine(i);
  }
  for (let i = 0; i < (opt.gridRows ?? 0); i++) {
    sh.style(r, 0, r, N - 1, opt.cell);
    r++;
  }
  // sum over line rows only (carry rows excluded)
  const amt = lineRows.map((x) => A1(x, amountCol));
  const contiguous =
    carryRows.length === 0 && lineRows.every((x, i) => i === 0 || x === lineRows[i - 1]! + 1);
  const sumLines = contiguous ? `SUM(${amt[0]}:${amt[amt.length - 1]})` : `SUM(${amt.join(',')})`;
  const rateCol = place.get('rate')?.[0];
  const single = c.rates.length === 1;
  const sumIf = (rate: number): string =>
    single
      ? sumLines
      : contiguous && rateCol !== undefined
        ? `SUMIF(${A1(lineRows[0]!, rateCol)}:${A1(lineRows[lineRows.length - 1]!, rateCol)},${rate / 10000},${amt[0]}:${amt[amt.length - 1]})`
        : `(${
            lineRows
              .filter((_, i) => d.lines[i]!.rate === rate)
              .map((x) => A1(x, amountCol))
              .join('+') || '0'
          })`;
  r++;
  // totals
  const refs = new Map<string, string>();
  const chargeTerms = (rate?: number): string =>
    d.charges
      .map((ch, i) => ({ ch, i }))
      .filter((x) => rate === undefined || x.ch.rate === rate)
      .map((x) => `+${refs.get(`charge${x.i}`) ?? String((s * x.ch.amount) / 100)}`)
      .join('');
  const linesE = (): string => refs.get('lines') ?? sumLines;
  const baseE = (rate: number): string => refs.get(`base${rate}`) ?? `(${sumIf(rate)}${chargeTerms(rate)})`;
  const taxE = (rate: number): string => refs.get(`tax${rate}`) ?? `ROUND(${baseE(rate)}*${rate / 10000},2)`;
  const netE = (): string => refs.get('net') ?? `(${linesE()}${chargeTerms()})`;
  const taxsumE = (): string => refs.get('taxsum') ?? `(${c.rates.map((x) => taxE(x.rate)).join('+')})`;
  const totalE = (): string => refs.get('total') ?? `(${netE()}+${taxsumE()})`;
  for (const row of d.totals) {
    let f: string;
    let key: string;
    switch (row.k) {
      case 'lines':
        key = 'lines';
        f = sumLines;
        break;
      case 'charge':
        key = `charge${row.i}`;
        f = String((s * d.charges[row.i]!.amount) / 100);
        break;
      case 'net':
        key = 'net';
        f = netE();
        break;
      case 'base':
        key = `base${row.rate}`;
        f = baseE(row.rate);
        break;
      case 'tax':
        key = `tax${row.rate}`;
        f = taxE(row.rate);
        break;
      case 'taxsum':
        key = 'taxsum';
        f = taxsumE();
        break;
      case 'total':
        key = 'total';
        f = totalE();
        break;
      case 'advance':
        key = 'advance';
        f = String((-s * c.advance) / 100);
        break;
      case 'withholding': {
        key = 'withholding';
        const w = d.withholding!;
        const base = w.base === c.linesSum ? linesE() : String((s * w.base) / 100);
        f = `-ROUND(${base}*${w.rate / 10000},2)`;
        break;
      }
      case 'due':
        key = 'due';
        f = `${totalE()}${refs.has('advance') ? `+${refs.get('advance')}` : c.advance ? String((-s * c.advance) / 100) : ''}${
          refs.has('withholding') ? `+${refs.get('withholding')}` : ''
        }`;
        break;
      case 'info':
        key = `info${r}`;
        f = String(row.value / 100);
        break;
    }
    const st = row.strong ? opt.strong : opt.total;
    sh.style(r, opt.labelCol, r, N - 1, st);
    sh.set(r, opt.labelCol, totalLabel(d, c, row), { h: 'L' });
    if (opt.mergeLabels) sh.merge(r, opt.labelCol, r, N - 2);
    sh.set(r, N - 1, /^-?\d+(\.\d+)?$/.test(f) ? Number(f) : { f }, { h: 'R', fmt: d.f.gnm.money });
    refs.set(key, A1(r, N - 1));
    r++;
  }
  if (breakRow !== undefined) gBreaks.set(sh, { row: breakRow, head: headRow });
  return { row: r, amountCol };
}

/** page break bookkeeping for sheets with a carried-forward subtotal */
const gBreaks = new WeakMap<Sheet, { row: number; head: number }>();

function gMetaValue(v: MetaValue): GValue {
  return typeof v === 'string' ? v : { date: v.date };
}
function gMetaStyle(v: MetaValue): GStyle {
  return typeof v === 'string' ? {} : { fmt: v.fmt };
}

/** Layout "template": the classic Excel invoice template (title cells, label far from value). */
function gTemplate(d: Doc, c: Calc): Sheet {
  const sh = new Sheet(d.t.sheet ?? 'Invoice');
  const accent = d.t.accent ?? '#1f4e79';
  sh.font = d.t.font ?? 'Liberation Sans';
  sh.size = 9;
  sh.set(0, 0, d.seller.brand ?? d.seller.name, { b: true, sz: 15, fg: accent }).merge(0, 0, 0, 4);
  sh.rowHeights.set(0, 26);
  sh.set(0, 5, d.title, { b: true, sz: 20, h: 'R', fg: accent }).merge(0, 5, 0, 7);
  let r = 1;
  if (d.seller.tagline) sh.set(r++, 0, d.seller.tagline, { i: true, fg: '#555555' });
  for (const l of [...(d.seller.brand ? [d.seller.name] : []), ...d.seller.addr, ...d.seller.contact])
    sh.set(r++, 0, l);
  let m = 2;
  for (const [k, v] of d.meta) {
    sh.set(m, 5, k, { h: 'R', b: true });
    sh.set(m, 7, gMetaValue(v), { h: 'R', ...gMetaStyle(v) });
    m++;
  }
  r = Math.max(r, m) + 1;
  const barSt: GStyle = { b: true, fg: '#ffffff', bg: accent };
  sh.style(r, 0, r, 3, barSt).set(r, 0, d.buyerLabel, barSt);
  if (d.shipTo) sh.style(r, 5, r, 7, barSt).set(r, 5, d.shipTo.label, barSt);
  r++;
  const b0 = r;
  sh.set(r++, 0, d.buyer.name, { b: true });
  for (const l of d.buyer.lines) sh.set(r++, 0, l);
  if (d.shipTo) {
    d.shipTo.lines.forEach((l, i) => {
      sh.set(b0 + i, 5, l);
    });
  }
  r = Math.max(r, b0 + (d.shipTo?.lines.length ?? 0)) + 1;
  const items = gItemsAndTotals(sh, d, c, r, {
    head: { b: true, fg: '#ffffff', bg: accent, bt: 1, bb: 1, bl: 1, br: 1 },
    cell: { bl: 1, br: 1, bb: 7 },
    total: { bb: 7 },
    strong: { b: true, sz: 10.5, bg: '#dde6f0', bt: 1, bb: 6 },
    labelCol: 4,
    mergeLabels: true,
    gridRows: 2,
    totalWidth: 500,
  });
  r = items.row + 1;
  for (const n of d.notes) for (const l of wrapWords(n, 105)) sh.set(r++, 0, l, { sz: 8 });
  r++;
  for (const l of d.seller.bank) sh.set(r++, 0, l, { sz: 8, b: l === d.seller.bank[0] });
  r++;
  for (const l of d.seller.legal) {
    sh.set(r, 0, l, { sz: 7, h: 'C', fg: '#555555' }).merge(r, 0, r, 7);
    r++;
  }
  if (d.t.thanks) {
    sh.set(r + 1, 0, d.t.thanks, { b: true, i: true, h: 'C', fg: accent }).merge(r + 1, 0, r + 1, 7);
  }
  return sh;
}

/** Layout "grid": a plain worksheet printed with gridlines (and repeated column titles). */
function gGrid(d: Doc, c: Calc): Sheet {
  const sh = new Sheet(d.t.sheet ?? 'Sheet1');
  sh.font = d.t.font ?? 'DejaVu Sans';
  sh.size = 8;
  sh.set(0, 0, `${d.title}`, { b: true, sz: 14, h: 'C', bg: '#eeeeee' }).merge(0, 0, 0, 7);
  sh.rowHeights.set(0, 24);
  let r = 2;
  sh.set(r, 0, d.seller.name, { b: true, sz: 10 });
  sh.set(r, 5, d.buyerLabel, { b: true, u: true });
  const l0 = r + 1;
  [...d.seller.addr, ...d.seller.contact].forEach((l, i) => {
    sh.set(l0 + i, 0, l);
  });
  sh.set(l0, 5, d.buyer.name, { b: true });
  d.buyer.lines.forEach((l, i) => {
    sh.set(l0 + 1 + i, 5, l);
  });
  r = l0 + Math.max(d.seller.addr.length + d.seller.contact.length, d.buyer.lines.length + 1) + 1;
  // meta as label/value pairs in two columns of pairs
  const half = Math.ceil(d.meta.length / 2);
  d.meta.forEach(([k, v], i) => {
    const rr = r + (i % half);
    const cc = i < half ? 0 : 4;
    sh.set(rr, cc, k, { b: true });
    sh.set(rr, cc + 2, gMetaValue(v), { h: 'L', ...gMetaStyle(v) });
  });
  r += half + 1;
  const items = gItemsAndTotals(sh, d, c, r, {
    head: { b: true, bg: '#d9d9d9', bb: 2 },
    cell: {},
    total: {},
    strong: { b: true, sz: 9, bt: 2, bb: 2 },
    labelCol: 4,
    totalWidth: 515,
  });
  r = items.row + 1;
  for (const n of d.notes) for (const l of wrapWords(n, 112)) sh.set(r++, 0, l, { sz: 7.5 });
  r++;
  for (const l of [...d.seller.bank, ...d.seller.legal]) sh.set(r++, 0, l, { sz: 7.5 });
  return sh;
}

/** Layout "boxed": outlined boxes, labels above their values, fully ruled item table. */
function gBoxed(d: Doc, c: Calc): Sheet {
  const sh = new Sheet(d.t.sheet ?? 'Hoja1');
  const accent = d.t.accent ?? '#7a1f1f';
  sh.font = d.t.font ?? 'Liberation Sans';
  sh.size = 8.5;
  // seller box (left)
  const sellerLines = [
    ...d.seller.addr,
    ...d.seller.contact,
    ...(d.t.sellerIds ?? '').split('\n').filter(Boolean),
  ];
  sh.set(0, 0, d.seller.brand ?? d.seller.name, { b: true, sz: 13, fg: accent });
  let r = 1;
  if (d.seller.brand) sh.set(r++, 0, d.seller.name, { b: true });
  for (const l of sellerLines) sh.set(r++, 0, l);
  const sellerEnd = r - 1;
  sh.box(0, 0, sellerEnd, 3, 2);
  // title (right)
  sh.set(0, 4, d.title, { b: true, sz: 16, h: 'C', fg: '#ffffff', bg: accent, v: 'C' });
  sh.style(0, 4, 1, 7, { bg: accent });
  sh.merge(0, 4, 1, 7);
  // meta: label row above value row, two boxes per row, each over two merged columns
  let mr = 3;
  for (let i = 0; i < d.meta.length; i += 2) {
    d.meta.slice(i, i + 2).forEach(([k, v], j) => {
      const c0 = 4 + 2 * j;
      const lab: GStyle = { sz: 6.5, b: true, bg: '#eeeeee', h: 'C', bt: 1, bl: 1, br: 1 };
      const val: GStyle = { h: 'C', bb: 1, bl: 1, br: 1, ...gMetaStyle(v) };
      sh.style(mr, c0, mr, c0 + 1, lab)
        .set(mr, c0, k, lab)
        .merge(mr, c0, mr, c0 + 1);
      sh.style(mr + 1, c0, mr + 1, c0 + 1, val)
        .set(mr + 1, c0, gMetaValue(v), val)
        .merge(mr + 1, c0, mr + 1, c0 + 1);
    });
    mr += 2;
  }
  r = Math.max(sellerEnd, mr) + 2;
  // buyer box (right)
  const bStart = r;
  sh.set(r++, 4, d.buyerLabel, { b: true, sz: 7, fg: accent });
  sh.set(r++, 4, d.buyer.name, { b: true, sz: 10 });
  for (const l of d.buyer.lines) sh.set(r++, 4, l);
  sh.box(bStart, 4, r - 1, 7, 1);
  if (d.shipTo) {
    sh.set(bStart, 0, d.shipTo.label, { b: true, sz: 7, fg: accent });
    d.shipTo.lines.forEach((l, i) => {
      sh.set(bStart + 1 + i, 0, l);
    });
  }
  r += 1;
  const items = gItemsAndTotals(sh, d, c, r, {
    head: { b: true, bg: '#eeeeee', bt: 2, bb: 2, bl: 1, br: 1 },
    cell: { bt: 1, bb: 1, bl: 1, br: 1 },
    total: { bt: 1, bb: 1, bl: 1, br: 1 },
    strong: { b: true, sz: 10, bg: '#eeeeee', bt: 2, bb: 2, bl: 2, br: 2 },
    labelCol: 4,
    mergeLabels: true,
    gridRows: 1,
    totalWidth: 505,
  });
  r = items.row + 1;
  // payment / notes box
  const nStart = r;
  sh.set(r++, 0, d.t.payTitle ?? '', { b: true, fg: accent });
  for (const l of d.seller.bank) sh.set(r++, 0, l);
  for (const n of d.notes) for (const l of wrapWords(n, 100)) sh.set(r++, 0, l, { sz: 7.5 });
  sh.box(nStart, 0, r - 1, 7, 1);
  r++;
  for (const l of d.seller.legal) {
    sh.set(r, 0, l, { sz: 6.5, h: 'C', fg: '#444444' }).merge(r, 0, r, 7);
    r++;
  }
  return sh;
}

function renderGnumeric(d: Doc, c: Calc, pdf: string): void {
  const sh = d.layout === 'template' ? gTemplate(d, c) : d.layout === 'grid' ? gGrid(d, c) : gBoxed(d, c);
  const brk = gBreaks.get(sh);
  const page = `${d.t.page ?? 'Page'} &[PAGE] ${d.t.of ?? 'of'} &[PAGES]`;
  const xml = sh.toXml({
    margins: [36, 42, 34, 34],
    fit: brk ? 100 : 'page',
    grid: d.layout === 'grid',
    footer: [d.t.gfooterLeft ?? '', page, d.t.gfooterRight ?? ''],
    ...(brk ? { repeatTop: [brk.head, brk.head] as [number, number], breaks: [brk.row] } : {}),
  });
  const src = join(BUILD, `${d.file}.gnumeric`);
  writeFileSync(src, xml);
  const res = execFileSync('ssconvert', ['--export-type=Gnumeric_pdf:pdf_assistant', src, pdf], {
    env: { ...process.env, LOCPATH: LOCALE_DIR, LC_ALL: `${d.locale}.UTF-8`, LANG: `${d.locale}.UTF-8` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  void res;
  // cairo 1.16 writes the current time as /CreationDate: overwrite it with a string of the same length
  const buf = readFileSync(pdf);
  const text = buf.toString('latin1');
  const fixed = text.replace(/\/CreationDate \(D:\d{14}Z\)/g, `/CreationDate (${PDF_DATE}Z)`);
  if (fixed.length !== text.length) throw new Error('CreationDate patch changed the length');
  if (/\/ModDate/.test(fixed)) throw new Error(`${d.file}: unexpected /ModDate from cairo`);
  writeFileSync(pdf, Buffer.from(fixed, 'latin1'));
}

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

function mkFmt(o: {
  dec: string;
  thou: string;
  /** wraps the unsigned number: (n) => `${n} €` */
  money: (n: string) => string;
  gmoney: string;
  /** what follows a rate: ' %' or '%' */
  pct: string;
  qtyFixed?: number;
  gnum?: string;
  gqty?: string;
}): Fmt {
  const num = (c: number): string => dec(c, o.dec, o.thou);
  return {
    num,
    money: (c: number): string => (c < 0 ? '-' : '') + o.money(num(Math.abs(c))),
    qty: (m: number): string => qtyStr(m, o.dec, o.qtyFixed),
    rate: (bp: number): string => rateStr(bp, o.dec) + o.pct,
    gnm: { num: o.gnum ?? '#,##0.00', money: o.gmoney, qty: o.gqty ?? 'General' },
  };
}

const PAGE_WORDS: Record<Lang, { page: string; of: string }> = {
  en: { page: 'Page', of: 'of' },
  de: { page: 'Seite', of: 'von' },
  fr: { page: 'Page', of: 'sur' },
  nl: { page: 'Pagina', of: 'van' },
  es: { page: 'Página', of: 'de' },
  it: { page: 'Pagina', of: 'di' },
};

// ---------------------------------------------------------------------------------------------
// Answer key, identifier validation and text-layer verification
// ---------------------------------------------------------------------------------------------

const PRODUCER: Record<Gen, string> = {
  weasyprint: 'WeasyPrint HTML/CSS',
  fpdf: 'FPDF Cell',
  gnumeric: 'Gnumeric ssconvert',
};

function vatKind(v: string): IdKind {
  if (/^CHE\d{9}(MWST|TVA|IVA)$/.test(v)) return 'chVat';
  const kinds: Record<string, IdKind> = {
    DE: 'deVat',
    AT: 'atVat',
    FR: 'frVat',
    NL: 'nlVat',
    BE: 'beVat',
    ES: 'esVat',
    IT: 'itVat',
    GB: 'gbVat',
    IE: 'ieVat',
    LU: 'luVat',
  };
  const k = kinds[v.slice(0, 2)];
  if (!k) throw new Error(`no VAT kind for ${v}`);
  return k;
}

function validateDoc(d: Doc): void {
  const m = /^(en|de|fr|nl|es|it)-([1-4])-(weasyprint|fpdf|gnumeric)-([a-z]+)$/.exec(d.file);
  if (!m || m[1] !== d.lang || m[3] !== d.gen || m[4] !== d.layout)
    throw new Error(`bad file name ${d.file}`);
  const ids: Array<[IdKind, string]> = [...d.ids];
  const k = d.key;
  if (k.sellerVat) ids.push([vatKind(k.sellerVat), k.sellerVat]);
  if (k.buyerVat) ids.push([vatKind(k.buyerVat), k.buyerVat]);
  if (k.iban)
    ids.push([k.iban.startsWith('CH') && /^3[01]/.test(k.iban.slice(4)) ? 'qrIban' : 'iban', k.iban]);
  if (k.paymentRef) {
    if (k.paymentRef.startsWith('RF')) ids.push(['rf', k.paymentRef]);
    else if (/^\d{3}\/\d{4}\/\d{5}$/.test(k.paymentRef)) ids.push(['beOgm', k.paymentRef]);
    else if (/^\d{27}$/.test(k.paymentRef)) ids.push(['qrRef', k.paymentRef]);
  }
  for (const [kind, v] of ids) if (!idValid(kind, v)) throw new Error(`${d.file}: invalid ${kind} ${v}`);
  for (const v of [k.issue, ...(k.due ? [k.due] : [])]) ymd(v);
  if (k.due && k.due < k.issue) throw new Error(`${d.file}: due before issue`);
  if (!k.printed.issue || (k.due && !k.printed.due)) throw new Error(`${d.file}: printed dates missing`);
  // the printed date must be one of the usual renderings of the ISO date in the key
  const renderings = (iso: string): string[] => [
    iso,
    longDate(iso, d.lang),
    ...['.', '/', '-'].flatMap((sep) => [dmy(iso, sep), dmy(iso, sep, true)]),
  ];
  if (!renderings(k.issue).includes(k.printed.issue)) throw new Error(`${d.file}: printed issue date`);
  if (k.due && !renderings(k.due).includes(k.printed.due ?? ''))
    throw new Error(`${d.file}: printed due date`);
}

function keyJson(d: Doc, c: Calc): string {
  const k = d.key;
  const breakdown = c.rates.map((r) => ({ rate: rateKey(r.rate), net: plain(r.net), tax: plain(r.tax) }));
  const obj = {
    source: 'mixed-blind',
    generator: 'mixed-blind',
    file: `${d.file}.pdf`,
    producer: `scripts/make-mixed-invoices.ts (${PRODUCER[d.gen]})`,
    type_code: d.type,
    seller_country: d.country,
    fields: {
      number: k.number,
      issue_date: k.issue,
      due_date: k.due,
      currency: d.currency,
      total_net: plain(c.net),
      total_tax: plain(c.tax),
      total: plain(c.total),
      amount_due: plain(c.due),
      tax_breakdown: breakdown.map((b) => ({ rate: b.rate, net: b.net, tax: b.tax })),
      seller_name: d.seller.name,
      seller_vat_id: k.sellerVat,
      seller_registration_id: k.sellerReg,
      seller_email: k.sellerEmail,
      iban: k.iban,
      bic: k.bic,
      payment_reference: k.paymentRef,
      purchase_order: k.po,
      buyer_reference: k.buyerRef,
      buyer_name: d.buyer.name,
      buyer_vat_id: k.buyerVat,
    },
  };
  // JSON.stringify's own layout, as biome formats JSON (the other sets' keys are the same)
  return `${JSON.stringify(obj, null, 2)}\n`;
}

function pdfText(pdf: string, layout: boolean, page?: number): string {
  const args = [
    ...(layout ? ['-layout'] : []),
    ...(page ? ['-f', String(page), '-l', String(page)] : []),
    pdf,
    '-',
  ];
  return execFileSync('pdftotext', args, { encoding: 'utf8' });
}

const normText = (s: string): string =>
  s
    .replace(/[\u00a0\u202f\u2009\u2007\u2002]/g, ' ')
    .replace(/[\u2019]/g, "'")
    .replace(/[ \t]+/g, ' ');

function pageCount(pdf: string): number {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const m = /^Pages:\s+(\d+)/m.exec(info);
  if (!m) throw new Error(`pdfinfo ${pdf}`);
  return Number(m[1]);
}

/** Every non-null key value must be on the page in the form it was printed in. */
function verify(d: Doc, c: Calc, pdf: string): string[] {
  const problems: string[] = [];
  const pages = pageCount(pdf);
  if (pages !== d.pages) problems.push(`pages ${pages}, expected ${d.pages}`);
  const all = normText(`${pdfText(pdf, true)}\n${pdfText(pdf, false)}`);
  const last = normText(`${pdfText(pdf, true, pages)}\n${pdfText(pdf, false, pages)}`);
  const k = d.key;
  const want: Array<[string, string | null]> = [
    ['number', k.number],
    ['issue', k.printed.issue ?? null],
    ['due', k.due ? (k.printed.due ?? null) : null],
    ['sellerVat', k.sellerVat ? (k.printed.sellerVat ?? k.sellerVat) : null],
    ['buyerVat', k.buyerVat ? (k.printed.buyerVat ?? k.buyerVat) : null],
    ['sellerReg', k.sellerReg ? (k.printed.sellerReg ?? k.sellerReg) : null],
    ['email', k.sellerEmail],
    ['iban', k.iban ? (k.printed.iban ?? fmtId.iban(k.iban)) : null],
    ['bic', k.bic],
    ['paymentRef', k.paymentRef ? (k.printed.paymentRef ?? k.paymentRef) : null],
    ['po', k.po],
    ['buyerRef', k.buyerRef],
    ['seller_name', d.seller.name],
    ['buyer_name', d.buyer.name],
  ];
  for (const [what, v] of want)
    if (v !== null && !all.includes(normText(v))) problems.push(`${what} "${v}" not found`);
  const amounts: Array<[string, number]> = [
    ['total_net', c.net],
    ['total_tax', c.tax],
    ...c.rates.flatMap(
      (r): Array<[string, number]> => [
        [`net ${r.rate}`, r.net],
        [`tax ${r.rate}`, r.tax],
      ],
    ),
  ];
  for (const [what, v] of amounts)
    if (!all.includes(normText(d.f.num(v))) && !all.includes(normText(d.f.money(v))))
      problems.push(`${what} "${d.f.num(v)}" not found`);
  for (const [what, v] of [
    ['total', d.f.money(c.total)],
    ['amount_due', d.f.money(c.due)],
  ] as const)
    if (!last.includes(normText(v))) problems.push(`${what} "${v}" not on the last page`);
  if (d.breakAfter !== undefined) {
    const carried = d.f.num(carrySum(d, c));
    const p1 = normText(pdfText(pdf, true, 1));
    const p2 = normText(pdfText(pdf, true, 2));
    if (!p1.includes(normText(d.carryOut ?? '')) || !p1.includes(carried))
      problems.push('carry-out not on page 1');
    if (!p2.includes(normText(d.carryIn ?? '')) || !p2.includes(carried))
      problems.push('carry-in not on page 2');
  }
  if (d.type === '381' && k.due !== null && d.negative) problems.push('credit note with a due date?');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

function ensureLocale(locale: string): void {
  if (existsSync(join(LOCALE_DIR, `${locale}.UTF-8`))) return;
  mkdirSync(LOCALE_DIR, { recursive: true });
  execFileSync('localedef', ['-i', locale, '-f', 'UTF-8', join(LOCALE_DIR, `${locale}.UTF-8`)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function main(): void {
  const filter = process.argv[2] ?? '';
  mkdirSync(BUILD, { recursive: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const docs = SPECS.map((mk) => mk());
  const names = new Set(docs.map((d) => d.file));
  if (names.size !== docs.length) throw new Error('duplicate file names');
  for (const d of docs) validateDoc(d);
  let failed = 0;
  for (const d of docs) {
    if (!d.file.includes(filter)) continue;
    const c = compute(d);
    const pdf = join(OUT_DIR, `${d.file}.pdf`);
    if (d.gen === 'weasyprint') renderWeasy(d, c, pdf);
    else if (d.gen === 'fpdf') renderFpdf(d, c, pdf);
    else {
      ensureLocale(d.locale);
      renderGnumeric(d, c, pdf);
    }
    writeFileSync(join(OUT_DIR, `${d.file}.key.json`), keyJson(d, c));
    const problems = verify(d, c, pdf);
    const size = readFileSync(pdf).length;
    console.log(
      `${problems.length ? 'FAIL' : 'ok  '} ${d.file}.pdf  ${pageCount(pdf)}p  ${Math.round(size / 1024)} KB  total ${plain(
        c.total,
      )} due ${plain(c.due)}`,
    );
    for (const p of problems) console.log(`       ${p}`);
    if (problems.length) failed++;
  }
  const stray = readdirSync(OUT_DIR).filter((f) => !names.has(f.replace(/(\.key\.json|\.pdf)$/, '')));
  for (const f of stray) {
    console.log(`removing stray ${f}`);
    rmSync(join(OUT_DIR, f));
  }
  if (failed) {
    console.error(`${failed} document(s) failed verification`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// The 24 invoices. All companies, people and numbers are fictitious; e-mail domains end in
// .example. Check digits are computed by the builders above.
// ---------------------------------------------------------------------------------------------

const Q = (n: number): number => Math.round(n * 1000);
const ct = (n: number): number => Math.round(n * 100);

/** en-1 — UK SaaS subscription, WeasyPrint "saas"; 20 % and zero-rated books, discount line. */
function en1(): Doc {
  const vat = make.gbVat('2846173');
  const bvat = make.gbVat('7315528');
  const gbPrint = (v: string): string => `GB ${v.slice(2, 5)} ${v.slice(5, 9)} ${v.slice(9)}`;
  const iban = makeIban('GB', bban.gb('NGCB', '204577', '53917482'));
  const f = mkFmt({ dec: '.', thou: ',', money: (n) => `£${n}`, gmoney: '"£"#,##0.00', pct: '%' });
  return {
    file: 'en-1-weasyprint-saas',
    lang: 'en',
    gen: 'weasyprint',
    layout: 'saas',
    country: 'GB',
    type: '380',
    pages: 1,
    currency: 'GBP',
    locale: 'en_GB',
    title: 'Invoice',
    f,
    seller: {
      name: 'Brightloom Analytics Ltd',
      brand: 'Brightloom',
      tagline: 'Operational analytics for logistics teams',
      addr: ['Unit 4, 18 Wharfside Lane', 'London N1 7QT', 'United Kingdom'],
      contact: ['accounts@brightloom.example', '+44 20 7946 0321'],
      legal: [
        'Brightloom Analytics Ltd',
        'Registered in England and Wales, company no. 08417362',
        'Registered office: Unit 4, 18 Wharfside Lane, London N1 7QT',
        `VAT Reg. No. ${gbPrint(vat)}`,
      ],
      bank: [
        'Account name: Brightloom Analytics Ltd',
        'Bank: Northgate Commercial Bank plc',
        'Sort code 20-45-77 · Account no. 53917482',
        `IBAN ${fmtId.iban(iban)}`,
        'BIC NGCBGB2L',
        'Payment reference: C10284-00418',
      ],
    },
    buyerLabel: 'Bill to',
    buyer: {
      name: 'Harcastle & Reeve Logistics Limited',
      lines: [
        'Attn: Priya Natarajan, Accounts Payable',
        'Dock Road',
        'Tilbury RM18 7EH',
        `VAT No. ${gbPrint(bvat)}`,
      ],
    },
    shipTo: {
      label: 'Service period',
      lines: ['1 March 2026 – 28 February 2027', 'Annual plan, billed in advance'],
    },
    meta: [
      ['Invoice #', 'BLA-2026-00418'],
      ['Invoice date', '3 March 2026'],
      ['Due date', '2 April 2026'],
      ['Customer ID', 'C-10284'],
      ['PO number', 'PO-77812'],
    ],
    lines: [
      {
        desc: 'Brightloom Insight — Business plan (annual)',
        sub: '25 seats × £228.00 per seat per year · 01/03/2026–28/02/2027',
        qty: Q(25),
        price: ct(228),
        rate: 2000,
      },
      {
        desc: 'Additional data connector: NetSuite ERP',
        sub: 'Annual add-on',
        qty: Q(1),
        price: ct(1200),
        rate: 2000,
      },
      {
        desc: 'Onboarding workshop, remote',
        sub: '2 half-day sessions',
        qty: Q(2),
        price: ct(475),
        rate: 2000,
      },
      {
        desc: "Printed field guide 'Insight in Practice'",
        sub: 'Zero-rated printed book',
        qty: Q(25),
        price: ct(14.5),
        rate: 0,
      },
      { desc: 'Annual prepayment discount (10% of subscription)', qty: Q(1), price: ct(-570), rate: 2000 },
    ],
    charges: [],
    cols: ['desc', 'qty', 'price', 'rate', 'amount'],
    head: { desc: 'Description', qty: 'Qty', price: 'Unit price', rate: 'VAT', amount: 'Amount' },
    totals: [
      { k: 'net', label: 'Subtotal (excl. VAT)' },
      { k: 'tax', rate: 2000, label: 'VAT 20% on {base}' },
      { k: 'tax', rate: 0, label: 'VAT 0% on {base}' },
      { k: 'total', label: 'Total GBP', strong: true },
      { k: 'due', label: 'Amount due' },
    ],
    notes: [
      'Payment terms: 30 days from the invoice date. Please pay by bank transfer and quote the payment reference shown.',
      'Questions about this invoice? Reply to accounts@brightloom.example and include your customer ID.',
    ],
    t: { ...PAGE_WORDS.en, from: 'From', payTitle: 'Pay by bank transfer', logo: 'BL', accent: '#4f46e5' },
    ids: [],
    key: {
      number: 'BLA-2026-00418',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: 'C10284-00418',
      po: 'PO-77812',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: '08417362',
      sellerEmail: 'accounts@brightloom.example',
      iban,
      bic: 'NGCBGB2L',
      buyerVat: bvat,
      printed: {
        issue: '3 March 2026',
        due: '2 April 2026',
        sellerVat: gbPrint(vat),
        buyerVat: gbPrint(bvat),
      },
    },
  };
}

const deFmt = (money: (n: string) => string, gmoney: string): Fmt =>
  mkFmt({ dec: ',', thou: '.', money, gmoney, pct: ' %' });

/** de-1 — German heating contractor, FPDF "craft"; final invoice less an advance payment. */
function de1(): Doc {
  const vat = make.deVat('31874529');
  const bvat = make.deVat('12748305');
  const iban = makeIban('DE', bban.de('37050299', '1047382155'));
  const f = deFmt((n) => `${n} €`, '#,##0.00 "€"');
  return {
    file: 'de-1-fpdf-craft',
    lang: 'de',
    gen: 'fpdf',
    layout: 'craft',
    country: 'DE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'de_DE',
    title: 'Schlussrechnung',
    f,
    seller: {
      name: 'Sanitär- und Heizungstechnik Wendeler GmbH',
      brand: 'WENDELER Haustechnik',
      tagline: 'Sanitär · Heizung · Solar · Kundendienst',
      addr: ['Kalker Hauptstraße 118', '51103 Köln'],
      contact: ['Tel. 0221 98765-0', 'Fax 0221 98765-29', 'info@wendeler-haustechnik.example'],
      legal: [
        'Sitz der Gesellschaft: Köln',
        'Amtsgericht Köln HRB 84127',
        'Geschäftsführer: Jens Wendeler',
        `USt-IdNr.: ${vat}`,
        'Steuer-Nr.: 214/5732/1049',
      ],
      bank: [
        'Kreissparkasse Rheinufer',
        'BLZ 370 502 99 · Kto. 1047382155',
        `IBAN ${fmtId.iban(iban)}`,
        'BIC KSRUDED1XXX',
      ],
    },
    buyerLabel: 'Rechnungsempfänger',
    buyer: {
      name: 'Wohnungsbaugenossenschaft Rheinblick eG',
      lines: ['Technische Verwaltung', 'Severinswall 22', '50678 Köln'],
    },
    meta: [
      ['Rechnungs-Nr.', 'RE-26-0419'],
      ['Rechnungsdatum', '03.03.2026'],
      ['Kunden-Nr.', '10473'],
      ['Auftrags-Nr.', 'A-26-0088'],
      ['Ihre Bestellung', '4500371188 vom 12.01.2026'],
      ['Ihr Zeichen', 'Hr. Kowalczyk'],
      ['Ihre USt-IdNr.', bvat],
      ['Leistungszeitraum', '19.01.2026 – 27.02.2026'],
    ],
    lines: [
      {
        desc: 'Demontage Gas-Heizkessel (Baujahr 1998) inkl. fachgerechter Entsorgung',
        qty: Q(1),
        unit: 'psch.',
        price: ct(480),
        rate: 1900,
      },
      {
        desc: 'Gas-Brennwerttherme 24 kW, Fabrikat Thermovar GBT-24, inkl. Regelung',
        qty: Q(1),
        unit: 'Stk.',
        price: ct(3860),
        rate: 1900,
        disc: 3,
      },
      {
        desc: 'Abgasleitung DN 80/125 im Schacht, Systemteile',
        qty: Q(1),
        unit: 'psch.',
        price: ct(612.4),
        rate: 1900,
      },
      {
        desc: 'Membran-Ausdehnungsgefäß 25 l mit Sicherheitsgruppe',
        qty: Q(1),
        unit: 'Stk.',
        price: ct(148.9),
        rate: 1900,
      },
      {
        desc: 'Thermostatventile Heizkörper, Austausch',
        qty: Q(12),
        unit: 'Stk.',
        price: ct(34.5),
        rate: 1900,
      },
      {
        desc: 'Monteurstunden',
        sub: 'lt. Stundennachweis Nr. 0088/1–0088/6',
        qty: Q(38.5),
        unit: 'Std.',
        price: ct(64),
        rate: 1900,
      },
      { desc: 'Helferstunden', qty: Q(16), unit: 'Std.', price: ct(48), rate: 1900 },
      { desc: 'Anfahrtspauschale Köln-Innenstadt', qty: Q(6), unit: 'x', price: ct(35), rate: 1900 },
    ],
    charges: [],
    cols: ['pos', 'desc', 'qty', 'unit', 'price', 'disc', 'amount'],
    head: {
      pos: 'Pos.',
      desc: 'Bezeichnung',
      qty: 'Menge',
      unit: 'Einheit',
      price: 'E-Preis €',
      disc: 'Rabatt',
      amount: 'Gesamt €',
    },
    totals: [
      { k: 'net', label: 'Summe netto' },
      { k: 'tax', rate: 1900, label: 'zzgl. 19 % USt. auf {base}' },
      { k: 'total', label: 'Rechnungsbetrag brutto', strong: true },
      { k: 'advance', label: 'abzgl. Abschlagszahlung vom 22.01.2026' },
      { k: 'due', label: 'Zahlbetrag', strong: true },
    ],
    advance: ct(4760),
    notes: [
      'Die Abschlagszahlung bezieht sich auf unsere Abschlagsrechnung Nr. RE-26-0107 vom 20.01.2026 (4.000,00 € netto zzgl. 760,00 € USt.).',
      'Zahlbar bis 17.03.2026 ohne Abzug. Bitte geben Sie bei Zahlung die Rechnungsnummer an.',
      'Im Rechnungsbetrag enthaltene Arbeitskosten (Lohn und Anfahrt) im Sinne des § 35a EStG: 3.442,00 € netto.',
    ],
    t: {
      ...PAGE_WORDS.de,
      heading: 'Schlussrechnung Nr. RE-26-0419',
      intro:
        'Sehr geehrte Damen und Herren, für die Erneuerung der Heizungsanlage im Objekt Severinswall 22, Haus B, berechnen wir Ihnen wie folgt:',
      signature: 'Mit freundlichen Grüßen\nWendeler Haustechnik',
    },
    ids: [],
    key: {
      number: 'RE-26-0419',
      issue: '2026-03-03',
      due: '2026-03-17',
      paymentRef: null,
      po: '4500371188',
      buyerRef: 'Hr. Kowalczyk',
      sellerVat: vat,
      sellerReg: 'HRB 84127',
      sellerEmail: 'info@wendeler-haustechnik.example',
      iban,
      bic: 'KSRUDED1XXX',
      buyerVat: bvat,
      printed: { issue: '03.03.2026', due: '17.03.2026' },
    },
  };
}

/** en-3 — UK joinery, Gnumeric "template"; two-digit years, previous-balance lines, terms only. */
function en3(): Doc {
  const vat = make.gbVat('3184472');
  const iban = makeIban('GB', bban.gb('PVBK', '306149', '27384615'));
  const f = mkFmt({ dec: '.', thou: ',', money: (n) => `£${n}`, gmoney: '"£"#,##0.00', pct: '%' });
  const vatP = `${vat.slice(2, 5)} ${vat.slice(5, 9)} ${vat.slice(9)}`;
  return {
    file: 'en-3-gnumeric-template',
    lang: 'en',
    gen: 'gnumeric',
    layout: 'template',
    country: 'GB',
    type: '380',
    pages: 1,
    currency: 'GBP',
    locale: 'en_GB',
    title: 'INVOICE',
    f,
    seller: {
      name: 'Partridge & Vale Joinery Ltd',
      tagline: 'Bespoke joinery · shop fitting · fitted furniture',
      addr: ['Unit 3, Millbrook Trading Estate', 'Stockport SK5 6RT'],
      contact: ['Tel: 0161 496 0728', 'Email: office@partridgevale.example'],
      legal: [`Partridge & Vale Joinery Ltd · Registered in England No. 11839264 · VAT Reg No. ${vatP}`],
      bank: [
        'Payment by BACS to: Partridge & Vale Joinery Ltd, Pennine Valley Bank',
        'Sort Code: 30-61-49   Account No: 27384615',
        `IBAN: ${fmtId.iban(iban)}   BIC: PVBKGB21`,
      ],
    },
    buyerLabel: 'BILL TO',
    buyer: {
      name: 'Holloway Dental Practice LLP',
      lines: ['Attn: Practice Manager', '14 Chapel Street', 'Marple, Stockport SK6 6BW'],
    },
    shipTo: { label: 'SITE', lines: ['14 Chapel Street, Marple', 'Reception & waiting area'] },
    meta: [
      ['Invoice #:', 'PVJ-1187'],
      ['Date:', { date: '2026-03-03', text: '03/03/26', fmt: 'dd/mm/yy' }],
      ['Customer ID:', 'HOL-22'],
      ['Job No.:', 'J-2611'],
      ['Your Order No.:', '4410/KD'],
      ['Quote ref.:', 'Q-0934 (12/01/26)'],
    ],
    lines: [
      {
        desc: 'Supply & fit solid oak reception counter (as quote Q-0934)',
        qty: Q(1),
        price: ct(2850),
        rate: 2000,
      },
      { desc: 'Oak veneered wall panelling, m²', qty: Q(14.5), price: ct(96), rate: 2000 },
      { desc: 'Labour – fitting, 2 operatives (hours)', qty: Q(22), price: ct(38.5), rate: 2000 },
      { desc: 'Materials – fixings, adhesives, finishing oils', qty: Q(1), price: ct(186.4), rate: 2000 },
      { desc: 'Delivery & removal of waste', qty: Q(1), price: ct(95), rate: 2000 },
    ],
    charges: [],
    cols: ['desc', 'qty', 'price', 'amount'],
    head: { desc: 'DESCRIPTION', qty: 'QTY', price: 'UNIT PRICE', amount: 'AMOUNT' },
    totals: [
      { k: 'lines', label: 'Subtotal' },
      { k: 'tax', rate: 2000, label: 'VAT @ 20%' },
      { k: 'total', label: 'TOTAL', strong: true },
      { k: 'info', label: 'Previous balance', value: ct(1250) },
      { k: 'info', label: 'Payment received 20/02/26', value: ct(-1250) },
      { k: 'due', label: 'BALANCE DUE', strong: true },
    ],
    notes: [
      'Payment terms: 30 days from date of invoice. Please quote the invoice number with your payment.',
    ],
    t: { ...PAGE_WORDS.en, sheet: 'Invoice', thanks: 'Thank you for your business!', accent: '#385723' },
    ids: [],
    key: {
      number: 'PVJ-1187',
      issue: '2026-03-03',
      due: null,
      paymentRef: null,
      po: '4410/KD',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: '11839264',
      sellerEmail: 'office@partridgevale.example',
      iban,
      bic: 'PVBKGB21',
      buyerVat: null,
      printed: { issue: '03/03/26', sellerVat: vatP },
    },
  };
}

const enIeFmt = (): Fmt =>
  mkFmt({ dec: '.', thou: ',', money: (n) => `€${n}`, gmoney: '"€"#,##0.00', pct: '%' });
const iePrint = (v: string): string => `IE ${v.slice(2)}`;

/** en-2 — Irish hotel group stay, FPDF "hotel"; gross prices, 13.5 % and 23 %, deposit deducted. */
function en2(): Doc {
  const vat = make.ieVat('3178462');
  const bvat = make.ieVat('6219458');
  const iban = makeIban('IE', bban.gb('MUAB', '934127', '31847265'));
  return {
    file: 'en-2-fpdf-hotel',
    lang: 'en',
    gen: 'fpdf',
    layout: 'hotel',
    country: 'IE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'en_IE',
    title: 'VAT INVOICE',
    f: enIeFmt(),
    gross: true,
    seller: {
      name: 'Kinsale Harbour Hotel Limited',
      brand: 'The Harbour View Hotel',
      tagline: 'Kinsale · West Cork',
      addr: ['Pier Road, Kinsale, Co. Cork P17 XK82', 'Ireland'],
      contact: ['Tel +353 21 477 0912', 'accounts@harbourview-kinsale.example'],
      legal: [
        'Kinsale Harbour Hotel Limited t/a The Harbour View Hotel · Registered in Ireland No. 587214',
        `Registered office: Pier Road, Kinsale, Co. Cork · VAT No. ${iePrint(vat)}`,
      ],
      bank: [
        'Munster Allied Bank, Kinsale · NSC 93-41-27 · Account 31847265',
        `IBAN ${fmtId.iban(iban)} · BIC MUABIE2D`,
      ],
    },
    buyerLabel: 'Invoice to',
    buyer: {
      name: 'Dunmore Medical Devices Limited',
      lines: [
        'Finance Department',
        'Unit 7, Ballincollig Business Park',
        'Ballincollig, Co. Cork P31 HW63',
        `VAT No. ${iePrint(bvat)}`,
      ],
    },
    meta: [
      ['Invoice No.', '40817'],
      ['Invoice date', '27/02/2026'],
      ['Folio No.', '88213'],
      ['Arrival', '23/02/2026'],
      ['Departure', '25/02/2026'],
      ['Rooms / guests', '6 / 6'],
      ['Your ref.', 'DMD-EVT-0226'],
      ['Account no.', 'AR-2291'],
    ],
    lines: [
      {
        date: '23/02/2026',
        desc: 'Accommodation – Superior Double room',
        qty: Q(6),
        price: ct(189),
        rate: 1350,
      },
      {
        date: '23/02/2026',
        desc: 'Private dining – set dinner menu',
        sub: '18 covers at €58.00',
        qty: Q(18),
        price: ct(58),
        rate: 1350,
      },
      { date: '23/02/2026', desc: 'Wine & beverages (dinner)', qty: Q(1), price: ct(612.5), rate: 2300 },
      {
        date: '24/02/2026',
        desc: 'Accommodation – Superior Double room',
        qty: Q(6),
        price: ct(189),
        rate: 1350,
      },
      {
        date: '24/02/2026',
        desc: 'Meeting room hire – Fastnet Suite, full day',
        qty: Q(1),
        price: ct(450),
        rate: 2300,
      },
      {
        date: '24/02/2026',
        desc: 'Day delegate package (coffee breaks, lunch)',
        qty: Q(18),
        price: ct(42),
        rate: 1350,
      },
      { date: '24/02/2026', desc: "Residents' bar", qty: Q(1), price: ct(287.4), rate: 2300 },
      { date: '25/02/2026', desc: 'Late check-out until 15:00', qty: Q(2), price: ct(30), rate: 1350 },
    ],
    charges: [],
    cols: ['date', 'desc', 'qty', 'price', 'rate', 'amount'],
    head: { date: 'Date', desc: 'Description', qty: 'Qty', price: 'Price', rate: 'VAT', amount: 'Amount €' },
    totals: [
      { k: 'total', label: 'Total incl. VAT' },
      { k: 'advance', label: 'Deposit received 10/02/2026' },
      { k: 'due', label: 'Balance due', strong: true },
    ],
    advance: ct(1500),
    vatTable: { title: 'VAT analysis', head: ['Rate', 'Net', 'VAT', 'Gross'], sum: 'Total' },
    notes: [
      'All prices include VAT. Payment within 30 days of the invoice date by bank transfer, quoting invoice number 40817.',
      'Group booking GRP-DMD-0223 · Cashier: S. Murphy',
    ],
    t: {
      ...PAGE_WORDS.en,
      heading: 'VAT INVOICE No. 40817',
      payTitle: 'Bank details',
      thanks: 'Thank you for staying with us.',
    },
    ids: [],
    key: {
      number: '40817',
      issue: '2026-02-27',
      due: null,
      paymentRef: null,
      po: null,
      buyerRef: 'DMD-EVT-0226',
      sellerVat: vat,
      sellerReg: '587214',
      sellerEmail: 'accounts@harbourview-kinsale.example',
      iban,
      bic: 'MUABIE2D',
      buyerVat: bvat,
      printed: { issue: '27/02/2026', sellerVat: iePrint(vat), buyerVat: iePrint(bvat) },
    },
  };
}

/** en-4 — Irish consultancy to a German client, WeasyPrint "letter"; reverse charge 0 %. */
function en4(): Doc {
  const vat = make.ieVat('5823164');
  const bvat = make.deVat('28745193');
  const iban = makeIban('IE', bban.gb('WSBK', '905213', '60418273'));
  return {
    file: 'en-4-weasyprint-letter',
    lang: 'en',
    gen: 'weasyprint',
    layout: 'letter',
    country: 'IE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'en_IE',
    title: 'Invoice',
    f: enIeFmt(),
    seller: {
      name: 'Corrib Advisory Partners Limited',
      brand: 'CORRIB ADVISORY',
      tagline: 'Operations & ERP programme advisory',
      addr: ['3 Dominick Street Lower', 'Galway H91 T2K5', 'Ireland'],
      contact: ['Tel. +353 91 555 214', 'finance@corribadvisory.example'],
      legal: [
        'Registered in Ireland No. 702518',
        'Directors: A. Ní Fhlatharta, C. Brennan',
        `VAT No. ${iePrint(vat)}`,
      ],
      bank: ['Western Seaboard Bank DAC', `IBAN ${fmtId.iban(iban)}`, 'BIC WSBKIE2G'],
    },
    buyerLabel: '',
    buyer: {
      name: 'Lindqvist Maschinenbau GmbH',
      lines: [
        'z. Hd. Dr. Helena Brandt',
        'Industriestraße 14',
        '89231 Neu-Ulm',
        'Germany',
        `VAT ID: ${bvat}`,
      ],
    },
    meta: [
      ['Date', '27 February 2026'],
      ['Invoice No.', 'CAP-26-0047'],
      ['Our ref.', 'CAP/ENG/0147'],
      ['Your ref.', 'LM-PMO-2291'],
      ['Purchase order', '4500098123'],
      ['Client no.', 'LM-004'],
    ],
    lines: [
      {
        desc: 'Programme management advisory',
        sub: '14 consultant days, 2–27 February 2026',
        qty: Q(14),
        price: ct(1150),
        rate: 0,
      },
      {
        desc: 'Data migration workshop, Neu-Ulm',
        sub: 'on site, 18 February 2026',
        qty: Q(1),
        price: ct(2400),
        rate: 0,
      },
      {
        desc: 'Travel and subsistence at cost',
        sub: 'flights SNN–MUC, hotel 3 nights (schedule attached)',
        qty: Q(1),
        price: ct(1284.6),
        rate: 0,
      },
    ],
    charges: [],
    cols: ['desc', 'qty', 'price', 'amount'],
    head: { desc: 'Description', qty: 'Qty', price: 'Rate (EUR)', amount: 'Amount (EUR)' },
    totals: [
      { k: 'net', label: 'Net amount' },
      { k: 'tax', rate: 0, label: 'VAT 0% – reverse charge' },
      { k: 'total', label: 'Total due (EUR)', strong: true },
    ],
    notes: [
      'VAT reverse charge: services supplied to a business customer established in another EU Member State. The customer is liable to account for the VAT (Article 196, Council Directive 2006/112/EC).',
      'Payment due by 29 March 2026 by bank transfer to the account shown below. Please quote the invoice number with your payment.',
    ],
    t: {
      ...PAGE_WORDS.en,
      subject: 'Invoice No. CAP-26-0047 – programme advisory services, February 2026',
      salutation: 'Dear Dr Brandt,',
      intro:
        'Please find below our invoice for the advisory services provided under our engagement letter of 8 January 2026 during the period 2 to 27 February 2026.',
      signature: 'Yours sincerely,\n\nCiarán Brennan\nDirector',
    },
    ids: [],
    key: {
      number: 'CAP-26-0047',
      issue: '2026-02-27',
      due: '2026-03-29',
      paymentRef: null,
      po: '4500098123',
      buyerRef: 'LM-PMO-2291',
      sellerVat: vat,
      sellerReg: '702518',
      sellerEmail: 'finance@corribadvisory.example',
      iban,
      bic: 'WSBKIE2G',
      buyerVat: bvat,
      printed: { issue: '27 February 2026', due: '29 March 2026', sellerVat: iePrint(vat) },
    },
  };
}

/** de-2 — Austrian delicatessen and wine merchant, Gnumeric "template"; 10 % and 20 %, written date. */
function de2(): Doc {
  const vat = make.atVat('7391524');
  const bvat = make.atVat('5820467');
  const iban = makeIban('AT', bban.at('20517', '30719582'));
  return {
    file: 'de-2-gnumeric-template',
    lang: 'de',
    gen: 'gnumeric',
    layout: 'template',
    country: 'AT',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'de_AT',
    title: 'RECHNUNG',
    // Gnumeric formats currency with the locale's monetary grouping: de_AT groups with U+202F
    f: deFmt((n) => `€ ${n.replace(/\./g, '\u202f')}`, '"€ "#,##0.00'),
    seller: {
      name: 'Feinkost & Weinhandel Aichinger KG',
      tagline: 'Feinkost · Wein · Gastronomiebelieferung',
      addr: ['Linzer Gasse 31', '5020 Salzburg', 'Österreich'],
      contact: ['Tel. +43 662 87 41 90', 'bestellung@aichinger-feinkost.example'],
      legal: [`Firmenbuch FN 412867m, Landesgericht Salzburg · UID ${vat} · Sitz Salzburg`],
      bank: [
        'Bankverbindung: Salzachtaler Sparkasse AG',
        'BLZ 20517   Kto.-Nr. 00030719582',
        `IBAN ${fmtId.iban(iban)}   BIC SZTSAT2S`,
      ],
    },
    buyerLabel: 'Rechnungsadresse',
    buyer: {
      name: 'Hotel Gasthof Kaltenbrunner GmbH',
      lines: ['Küche / Einkauf', 'Dorfplatz 4', '5431 Kuchl', `UID-Nr. ${bvat}`],
    },
    meta: [
      ['Rechnung Nr.:', '2026/0187'],
      ['Datum:', { date: '2026-03-03', text: '3. März 2026', fmt: 'd. mmmm yyyy' }],
      ['Kunden-Nr.:', 'K-2291'],
      ['Lieferschein:', 'LS-26-0412'],
      ['Liefertag:', { date: '2026-02-27', text: '27.02.2026', fmt: 'dd.mm.yyyy' }],
      ['Ihre Bestellung:', 'BST-0226-14'],
    ],
    lines: [
      {
        desc: 'Grüner Veltliner Federspiel 2024, 0,75 l',
        qty: Q(36),
        unit: 'Fl.',
        price: ct(9.8),
        rate: 2000,
      },
      {
        desc: 'Blaufränkisch Reserve 2021, 0,75 l',
        qty: Q(24),
        unit: 'Fl.',
        price: ct(16.4),
        rate: 2000,
        disc: 5,
      },
      { desc: 'Sekt Austria brut, 0,75 l', qty: Q(12), unit: 'Fl.', price: ct(11.9), rate: 2000 },
      { desc: 'Bergkäse, 12 Monate gereift', qty: Q(8.4), unit: 'kg', price: ct(21.6), rate: 1000 },
      { desc: 'Prosciutto San Daniele, geschn.', qty: Q(3.2), unit: 'kg', price: ct(38.5), rate: 1000 },
      { desc: 'Kürbiskernöl g.g.A., 0,5 l', qty: Q(20), unit: 'Fl.', price: ct(8.9), rate: 1000 },
      { desc: 'Olivenöl extra vergine, 5 l', qty: Q(4), unit: 'Kan.', price: ct(54), rate: 1000 },
    ],
    charges: [{ label: 'Zustellpauschale', amount: ct(25), rate: 2000 }],
    cols: ['desc', 'qty', 'unit', 'price', 'disc', 'rate', 'amount'],
    head: {
      desc: 'Artikel',
      qty: 'Menge',
      unit: 'Einh.',
      price: 'Preis',
      disc: 'Rabatt',
      rate: 'USt',
      amount: 'Betrag',
    },
    totals: [
      { k: 'lines', label: 'Zwischensumme' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Summe netto' },
      { k: 'base', rate: 1000, label: 'Netto 10 %' },
      { k: 'tax', rate: 1000, label: 'USt 10 %' },
      { k: 'base', rate: 2000, label: 'Netto 20 %' },
      { k: 'tax', rate: 2000, label: 'USt 20 %' },
      { k: 'taxsum', label: 'Summe USt' },
      { k: 'total', label: 'Rechnungsbetrag', strong: true },
    ],
    notes: [
      'Zahlbar innerhalb von 14 Tagen netto, bei Zahlung innerhalb von 8 Tagen abzüglich 2 % Skonto.',
      'Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.',
    ],
    t: { ...PAGE_WORDS.de, sheet: 'Rechnung', accent: '#7b2c3b', thanks: 'Vielen Dank für Ihren Auftrag!' },
    ids: [],
    key: {
      number: '2026/0187',
      issue: '2026-03-03',
      due: null,
      paymentRef: null,
      po: 'BST-0226-14',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'FN 412867m',
      sellerEmail: 'bestellung@aichinger-feinkost.example',
      iban,
      bic: 'SZTSAT2S',
      buyerVat: bvat,
      printed: { issue: '3. März 2026' },
    },
  };
}

/** de-3 — German office-supplies wholesaler to a district authority, WeasyPrint "wholesale", 2 pages. */
function de3(): Doc {
  const vat = make.deVat('21583047');
  const bvat = make.deVat('81155029');
  const iban = makeIban('DE', bban.de('25070024', '0384771500'));
  const leitweg = make.leitweg('03252000-BESCH01');
  const L = (code: string, desc: string, qty: number, unit: string, price: number, rate: number): Line => ({
    code,
    desc,
    qty: Q(qty),
    unit,
    price: ct(price),
    rate,
  });
  return {
    file: 'de-3-weasyprint-wholesale',
    lang: 'de',
    gen: 'weasyprint',
    layout: 'wholesale',
    country: 'DE',
    type: '380',
    pages: 2,
    currency: 'EUR',
    locale: 'de_DE',
    title: 'Rechnung Nr. VR-2026-015832',
    f: deFmt((n) => `${n} EUR`, '#,##0.00 "EUR"'),
    seller: {
      name: 'Bürowelt Lindemann Großhandel GmbH & Co. KG',
      brand: 'BÜROWELT LINDEMANN',
      tagline: 'Großhandel für Büro- und Objektbedarf seit 1987',
      addr: ['Hansastraße 40', '30419 Hannover'],
      contact: ['Telefon 0511 4387-0', 'Telefax 0511 4387-199', 'vertrieb@buerowelt-lindemann.example'],
      legal: [
        'Bürowelt Lindemann Großhandel GmbH & Co. KG, Sitz Hannover, Amtsgericht Hannover HRA 204718',
        'Persönlich haftende Gesellschafterin: Lindemann Verwaltungs-GmbH, Amtsgericht Hannover HRB 61732',
        'Geschäftsführer: Dirk Lindemann, Sabine Ohlsen',
        `USt-IdNr. ${vat}`,
      ],
      bank: [
        'Bankverbindung: Niedersächsische Handelsbank AG · BLZ 250 700 24 · Konto 384 771 500',
        `IBAN ${fmtId.iban(iban)} · BIC NHBADE2HXXX`,
      ],
    },
    buyerLabel: 'Rechnungsanschrift',
    buyer: {
      name: 'Landkreis Weserbergland',
      lines: ['Kreisverwaltung – Zentrale Beschaffung', 'Am Markt 7', '31785 Hameln', `USt-IdNr. ${bvat}`],
    },
    shipTo: {
      label: 'Lieferanschrift',
      lines: ['Kreisverwaltung, Materialausgabe', 'Süntelstraße 9, 31785 Hameln'],
    },
    meta: [
      ['Rechnungsnummer', 'VR-2026-015832'],
      ['Rechnungsdatum', '03.03.2026'],
      ['Lieferdatum', '26.02.2026'],
      ['Lieferschein-Nr.', 'LS 26-48817'],
      ['Kundennummer', '30-11472'],
      ['Ihre Bestellung', 'BE-2026-4471 vom 16.02.2026'],
      ['Leitweg-ID', leitweg],
      ['Sachbearbeitung', 'Fr. Oltmanns, DW -142'],
    ],
    lines: [
      L('100-2041', 'Kopierpapier A4, 80 g/m², weiß, 500 Blatt', 120, 'Pck', 3.89, 1900),
      L('100-2045', 'Kopierpapier A3, 80 g/m², weiß, 500 Blatt', 10, 'Pck', 8.45, 1900),
      L('210-0112', 'Ordner DIN A4, Rückenbreite 8 cm, blau', 80, 'St', 2.19, 1900),
      L('210-0113', 'Ordner DIN A4, Rückenbreite 5 cm, grau', 60, 'St', 2.09, 1900),
      L('220-0930', 'Register A4, 1–31, Kunststoff', 40, 'St', 1.65, 1900),
      L('230-4410', 'Prospekthüllen A4, genarbt, 100 Stück', 25, 'Pck', 3.95, 1900),
      L('300-1020', 'Kugelschreiber, blau, Druckmechanik', 200, 'St', 0.42, 1900),
      L('300-1088', 'Textmarker, 4er-Etui, sortiert', 30, 'Etui', 2.85, 1900),
      L('300-2215', 'Bleistift HB mit Radierer', 144, 'St', 0.24, 1900),
      L('310-0051', 'Haftnotizen 76 x 76 mm, gelb, 12 Blöcke', 20, 'Pck', 6.9, 1900),
      L('320-7702', 'Heftgerät, Heftleistung 40 Blatt', 12, 'St', 11.8, 1900),
      L('320-7711', 'Heftklammern 24/6, 1000 Stück', 50, 'Pck', 0.79, 1900),
      L('330-0140', 'Locher, Stanzleistung 30 Blatt', 10, 'St', 9.4, 1900),
      L('340-5520', 'Briefumschläge DL, haftklebend, 1000 Stück', 6, 'Ktn', 18.9, 1900),
      L('340-5534', 'Versandtaschen C4 mit Fenster, 250 Stück', 4, 'Ktn', 24.6, 1900),
      L('350-0090', 'Tintenpatrone LX-45, schwarz', 16, 'St', 38.5, 1900),
      L('350-0091', 'Tintenpatrone LX-45, cyan', 6, 'St', 32.9, 1900),
      L('350-0092', 'Tintenpatrone LX-45, magenta', 6, 'St', 32.9, 1900),
      L('350-0093', 'Tintenpatrone LX-45, gelb', 6, 'St', 32.9, 1900),
      L('360-3001', 'Toner TK-5290, schwarz', 4, 'St', 94, 1900),
      L('410-0200', 'Schreibtischunterlage 65 x 50 cm', 10, 'St', 7.95, 1900),
      L('420-1180', 'Aktenvernichter, Sicherheitsstufe P-4, 20 l', 1, 'St', 189, 1900),
      L('500-0010', 'Kaffee, ganze Bohne, 1 kg', 12, 'St', 13.9, 700),
      L('500-0015', 'Kaffeesahne, Portionen, 240 x 7,5 g', 4, 'Ktn', 11.4, 700),
      L('500-0030', 'Würfelzucker, 1 kg', 6, 'St', 1.79, 700),
      L('500-0042', 'Früchtetee, 20 Beutel', 10, 'Pck', 2.35, 700),
      L('510-0100', 'Mineralwasser, Kiste 12 x 0,7 l', 15, 'Ki', 6.9, 1900),
      L('520-0004', 'Pappbecher 0,2 l, 1000 Stück', 2, 'Ktn', 21.5, 1900),
      L('600-0810', 'Fachbuch „Verwaltungsrecht kompakt“, 6. Aufl.', 3, 'St', 29.9, 700),
      L('600-0822', 'Taschenkalender 2027, A6', 25, 'St', 4.6, 1900),
      L('700-0033', 'Batterien Mignon AA, 24er-Pack', 5, 'Pck', 9.8, 1900),
      L('700-0120', 'Steckdosenleiste 5-fach, 3 m', 8, 'St', 12.45, 1900),
    ],
    charges: [{ label: 'Frachtkostenpauschale', amount: ct(19.5), rate: 1900 }],
    cols: ['pos', 'code', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      pos: 'Pos.',
      code: 'Art.-Nr.',
      desc: 'Bezeichnung',
      qty: 'Menge',
      unit: 'ME',
      price: 'Einzelpreis',
      rate: 'USt',
      amount: 'Gesamt EUR',
    },
    breakAfter: 20,
    carryOut: 'Übertrag',
    carryIn: 'Übertrag von Seite 1',
    totals: [
      { k: 'lines', label: 'Warenwert netto' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Nettobetrag' },
      { k: 'tax', rate: 700, label: 'zzgl. USt 7 % auf {base}' },
      { k: 'tax', rate: 1900, label: 'zzgl. USt 19 % auf {base}' },
      { k: 'total', label: 'Gesamtbetrag', strong: true },
    ],
    vatTable: { title: 'USt-Aufstellung', head: ['Satz', 'Netto', 'USt', 'Brutto'], sum: 'Summe' },
    notes: [
      'Zahlungsziel: 30 Tage netto, fällig am 02.04.2026. Bei Zahlung bis zum 13.03.2026 gewähren wir 2 % Skonto auf den Warenwert.',
      'Bitte geben Sie bei Zahlung die Rechnungsnummer an. Es gelten unsere Allgemeinen Geschäftsbedingungen; die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.',
    ],
    t: { ...PAGE_WORDS.de, runhead: 'Rechnung VR-2026-015832 · Kunde 30-11472 · 03.03.2026' },
    ids: [['leitweg', leitweg]],
    key: {
      number: 'VR-2026-015832',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'BE-2026-4471',
      buyerRef: leitweg,
      sellerVat: vat,
      sellerReg: 'HRA 204718',
      sellerEmail: 'vertrieb@buerowelt-lindemann.example',
      iban,
      bic: 'NHBADE2HXXX',
      buyerVat: bvat,
      printed: { issue: '03.03.2026', due: '02.04.2026' },
    },
  };
}

/** de-4 — Swiss office supplies, FPDF "erp" (Courier, fixed columns), 2 pages, QR reference. */
function de4(): Doc {
  const uid = make.chUid('52930418');
  const buid = make.chUid('31047725');
  const qrIban = makeIban('CH', bban.ch('30808', '004127356'));
  const ref = make.qrRef(`41827${'7340218'.padStart(10, '0')}`.padStart(26, '0'));
  const f = mkFmt({ dec: '.', thou: "'", money: (n) => `CHF ${n}`, gmoney: '', pct: '%', qtyFixed: 2 });
  const L = (code: string, desc: string, qty: number, unit: string, price: number, rate = 810): Line => ({
    code,
    desc,
    qty: Q(qty),
    unit,
    price: ct(price),
    rate,
  });
  return {
    file: 'de-4-fpdf-erp',
    lang: 'de',
    gen: 'fpdf',
    layout: 'erp',
    country: 'CH',
    type: '380',
    pages: 2,
    currency: 'CHF',
    locale: 'de_CH',
    title: 'RECHNUNG',
    f,
    seller: {
      name: 'Zollinger Bürotechnik AG',
      brand: 'ZOLLINGER BÜROTECHNIK AG',
      addr: ['Badenerstrasse 612', '8048 Zürich'],
      contact: ['Tel. 044 552 17 80', 'Fax 044 552 17 89', 'debitoren@zollinger-buerotechnik.example'],
      legal: [
        'Zollinger Bürotechnik AG, Badenerstrasse 612, 8048 Zürich, Handelsregister des Kantons Zürich',
        `UID ${fmtId.chUid(uid)}   MWST-Nr. ${fmtId.chUid(uid)} MWST`,
      ],
      bank: [
        'Bank: Zürcher Regionalbank Genossenschaft, 8001 Zürich',
        `QR-IBAN: ${fmtId.iban(qrIban)}   BIC: ZRBKCHZZ`,
        `QR-Referenz: ${fmtId.qrRef(ref)}`,
      ],
    },
    buyerLabel: '',
    buyer: {
      name: 'Ammann Rüegg Partner AG',
      lines: ['Rechtsanwälte', 'Seefeldstrasse 88', '8008 Zürich', `MWST-Nr. ${fmtId.chUid(buid)} MWST`],
    },
    meta: [
      ['Rechnung Nr.', '7340218'],
      ['Datum', '03.03.26'],
      ['Kunde', '41827'],
      ['Lieferschein', '7512884'],
    ],
    lines: [
      L('100.210', 'Kopierpapier A4 80g weiss 500 Bl.', 100, 'Pak', 5.9),
      L('100.230', 'Kopierpapier A4 80g Recycling', 40, 'Pak', 6.4),
      L('100.410', 'Kopierpapier A3 80g weiss 500 Bl.', 10, 'Pak', 12.8),
      L('110.050', 'Notizblock A4 kariert 80 Bl.', 50, 'Stk', 2.3),
      L('110.061', 'Spiralblock A5 liniert', 40, 'Stk', 3.1),
      L('120.300', 'Bundesordner A4 7 cm blau', 60, 'Stk', 3.95),
      L('120.301', 'Bundesordner A4 7 cm schwarz', 60, 'Stk', 3.95),
      L('120.410', 'Sichtmappen A4 PP farblos 100 Stk', 20, 'Pak', 14.5),
      L('120.520', 'Register A4 12-teilig farbig', 30, 'Stk', 2.6),
      L('130.010', 'Kugelschreiber blau Druckmechanik', 250, 'Stk', 0.85),
      L('130.015', 'Kugelschreiber rot Druckmechanik', 50, 'Stk', 0.85),
      L('130.120', 'Gelschreiber schwarz 0.5 mm', 60, 'Stk', 2.4),
      L('130.220', 'Leuchtmarker gelb', 80, 'Stk', 1.2),
      L('130.410', 'Bleistift HB mit Gummi', 144, 'Stk', 0.45),
      L('140.005', 'Heftklammern 24/6 1000 Stk', 40, 'Pak', 1.3),
      L('140.100', 'Heftgerät 30 Blatt schwarz', 10, 'Stk', 14.9),
      L('140.210', 'Locher 25 Blatt mit Anschlag', 8, 'Stk', 12.5),
      L('150.330', 'Couverts C5 ohne Fenster 500 Stk', 6, 'Sch', 38),
      L('150.340', 'Couverts C5 mit Fenster rechts 500', 6, 'Sch', 41),
      L('150.510', 'Versandtaschen B4 braun 250 Stk', 4, 'Sch', 46.5),
      L('160.080', 'Etiketten 70x37 mm 2400 Stk', 10, 'Pak', 19.8),
      L('170.200', 'Toner TN-3380 schwarz', 6, 'Stk', 118),
      L('170.210', 'Toner TN-3380 schwarz XL', 2, 'Stk', 169),
      L('170.450', 'Tintenpatrone 924 cyan', 4, 'Stk', 34.9),
      L('170.451', 'Tintenpatrone 924 magenta', 4, 'Stk', 34.9),
      L('170.452', 'Tintenpatrone 924 gelb', 4, 'Stk', 34.9),
      L('180.015', 'USB-Stick 64 GB', 10, 'Stk', 12.9),
      L('180.140', 'Batterien AA Alkaline 20 Stk', 6, 'Pak', 16.8),
      L('190.300', 'Tischleuchte LED dimmbar', 4, 'Stk', 79),
      L('190.510', 'Bürostuhl ergonomisch, Netzrücken', 2, 'Stk', 389),
      L('190.520', 'Fussstütze verstellbar', 3, 'Stk', 54),
      L('200.100', 'Whiteboard 120x90 cm magnetisch', 1, 'Stk', 189),
      L('200.110', 'Whiteboard-Marker 4er-Set', 12, 'Set', 7.8),
      L('210.020', 'Reinigungstücher Bildschirm 100 Stk', 6, 'Dose', 8.9),
      L('300.010', 'Kaffee Bohnen Crema 1 kg', 12, 'kg', 24.5, 260),
      L('300.030', 'Zucker Sticks 500 Stk', 2, 'Sch', 14.2, 260),
      L('300.045', 'Kaffeerahm Portionen 120 Stk', 4, 'Sch', 11.6, 260),
      L('310.110', 'Fachbuch "Schweizer OR kompakt"', 2, 'Stk', 68, 260),
      L('320.004', 'Wasserbecher 2 dl 100 Stk', 5, 'Pak', 4.9),
      L('320.010', 'Papierhandtücher Zickzack 3000 Bl.', 4, 'Ktn', 36.5),
    ],
    charges: [{ label: 'Porto und Verpackung', amount: ct(24), rate: 810 }],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      code: 'Art.Nr.',
      desc: 'Bezeichnung',
      qty: 'Menge',
      unit: 'ME',
      price: 'Preis',
      rate: 'MWST',
      amount: 'Betrag CHF',
    },
    breakAfter: 32,
    carryOut: 'Übertrag',
    carryIn: 'Übertrag',
    totals: [
      { k: 'lines', label: 'Warenwert' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Total exkl. MWST' },
      { k: 'tax', rate: 260, label: 'MWST 2.6% auf {base}' },
      { k: 'tax', rate: 810, label: 'MWST 8.1% auf {base}' },
      { k: 'taxsum', label: 'Total MWST' },
      { k: 'total', label: 'Rechnungsbetrag inkl. MWST', strong: true },
    ],
    vatTable: { title: 'MWST-Zusammenstellung', head: ['Satz', 'Basis', 'MWST', 'Total'] },
    notes: [
      'Zahlbar bis 02.04.26 netto ohne Abzug. Bitte Zahlung mit QR-Referenz an das untenstehende Konto. Reklamationen innert 8 Tagen.',
    ],
    t: {
      ...PAGE_WORDS.de,
      refs: 'Ihre Bestellung: ARP-0226-07 vom 24.02.26     Ihr Zeichen: M. Rüegg\nLieferdatum: 27.02.26     Versand: Post Economy     Sachbearb.: B. Keller',
    },
    ids: [['chUid', buid]],
    key: {
      number: '7340218',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: ref,
      po: 'ARP-0226-07',
      buyerRef: 'M. Rüegg',
      sellerVat: `${uid}MWST`,
      sellerReg: fmtId.chUid(uid),
      sellerEmail: 'debitoren@zollinger-buerotechnik.example',
      iban: qrIban,
      bic: 'ZRBKCHZZ',
      buyerVat: `${buid}MWST`,
      printed: {
        issue: '03.03.26',
        due: '02.04.26',
        sellerVat: `${fmtId.chUid(uid)} MWST`,
        buyerVat: `${fmtId.chUid(buid)} MWST`,
        paymentRef: fmtId.qrRef(ref),
      },
    },
  };
}

const frFmt = (): Fmt =>
  mkFmt({ dec: ',', thou: '\u202f', money: (n) => `${n} €`, gmoney: '#,##0.00 "€"', pct: ' %' });
const frVatPrint = (v: string): string => `FR ${v.slice(2, 4)} ${fmtId.siren(v.slice(4))}`;

/** fr-1 — French renovation contractor, Gnumeric "boxed"; 5.5 / 10 / 20 %, deposit deducted. */
function fr1(): Doc {
  const siren = make.siren('84316029');
  const siret = make.siret(siren, '0002');
  const vat = make.frVat(siren);
  const b = bban.fr('30047', '01452', '00041827350');
  const iban = makeIban('FR', b);
  return {
    file: 'fr-1-gnumeric-boxed',
    lang: 'fr',
    gen: 'gnumeric',
    layout: 'boxed',
    country: 'FR',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'fr_FR',
    title: 'FACTURE',
    f: frFmt(),
    seller: {
      name: 'Vernhes Rénovation SARL',
      brand: 'VERNHES RÉNOVATION',
      addr: ['12 rue des Tanneurs', '31000 Toulouse'],
      contact: ['Tél. 05 61 23 45 67', 'contact@vernhes-renovation.example'],
      legal: [
        `SARL au capital de 15 000 € – RCS Toulouse ${fmtId.siren(siren)} – APE 4332A – TVA intracommunautaire ${frVatPrint(vat)}`,
        'Assurance décennale n° DEC-2291-7741 – Mutuelle des Artisans du Sud-Ouest – couverture France métropolitaine',
      ],
      bank: [
        'Banque Occitane de Crédit – agence Toulouse Carmes',
        `Code banque 30047   Guichet 01452   N° compte 00041827350   Clé RIB ${b.slice(-2)}`,
        `IBAN ${fmtId.iban(iban)}   BIC BOCRFRPP`,
      ],
    },
    buyerLabel: 'CLIENT',
    buyer: {
      name: 'SCI Les Tilleuls',
      lines: ['M. Arnaud Delpech, gérant', '4 allée des Tilleuls', '31400 Toulouse'],
    },
    shipTo: {
      label: 'CHANTIER',
      lines: ['4 allée des Tilleuls, 31400 Toulouse', 'Maison individuelle de plus de 2 ans'],
    },
    meta: [
      ['FACTURE N°', 'FA-2026-0087'],
      ['DATE', { date: '2026-03-03', text: '03/03/2026', fmt: 'dd/mm/yyyy' }],
      ['ÉCHÉANCE', { date: '2026-04-02', text: '02/04/2026', fmt: 'dd/mm/yyyy' }],
      ['CODE CLIENT', 'CL-0318'],
      ['DEVIS N°', 'D-2025-0412'],
      ['FIN DES TRAVAUX', { date: '2026-02-20', text: '20/02/2026', fmt: 'dd/mm/yyyy' }],
    ],
    lines: [
      {
        desc: 'Isolation combles perdus, laine soufflée R=7',
        qty: Q(62),
        unit: 'm²',
        price: ct(28),
        rate: 550,
      },
      {
        desc: 'Dépose/repose cloisons plaques de plâtre',
        qty: Q(18.5),
        unit: 'm²',
        price: ct(46),
        rate: 1000,
      },
      { desc: 'Peinture murs et plafonds, 2 couches', qty: Q(74), unit: 'm²', price: ct(19.5), rate: 1000 },
      { desc: "Main d'œuvre électricité, mise aux normes", qty: Q(12), unit: 'h', price: ct(52), rate: 1000 },
      { desc: 'Climatiseur réversible mural 3,5 kW', qty: Q(1), unit: 'u', price: ct(1190), rate: 2000 },
      { desc: 'Déplacement', qty: Q(1), unit: 'forfait', price: ct(45), rate: 1000 },
    ],
    charges: [],
    cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      desc: 'DÉSIGNATION',
      qty: 'QTÉ',
      unit: 'UNITÉ',
      price: 'P.U. HT',
      rate: 'TVA',
      amount: 'TOTAL HT',
    },
    totals: [
      { k: 'net', label: 'TOTAL HT' },
      { k: 'base', rate: 550, label: 'Base TVA 5,5 %' },
      { k: 'tax', rate: 550, label: 'TVA 5,5 %' },
      { k: 'base', rate: 1000, label: 'Base TVA 10 %' },
      { k: 'tax', rate: 1000, label: 'TVA 10 %' },
      { k: 'base', rate: 2000, label: 'Base TVA 20 %' },
      { k: 'tax', rate: 2000, label: 'TVA 20 %' },
      { k: 'taxsum', label: 'TOTAL TVA' },
      { k: 'total', label: 'TOTAL TTC', strong: true },
      { k: 'advance', label: 'Acompte versé le 15/12/2025' },
      { k: 'due', label: 'NET À PAYER', strong: true },
    ],
    advance: ct(1500),
    notes: [
      'Conditions de paiement : 30 jours date de facture, par virement. Pas d’escompte pour paiement anticipé.',
      'En cas de retard : pénalités au taux de 3 fois le taux d’intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 du Code de commerce).',
      'TVA à taux réduit : attestation du client conservée (travaux dans un logement achevé depuis plus de deux ans).',
    ],
    t: {
      ...PAGE_WORDS.fr,
      sheet: 'Facture',
      accent: '#1d4e6e',
      payTitle: 'RÈGLEMENT PAR VIREMENT',
      sellerIds: `SIRET ${fmtId.siret(siret)}\nTVA ${frVatPrint(vat)}`,
    },
    ids: [
      ['siren', siren],
      ['siret', siret],
    ],
    key: {
      number: 'FA-2026-0087',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: null,
      buyerRef: null,
      sellerVat: vat,
      sellerReg: fmtId.siren(siren),
      sellerEmail: 'contact@vernhes-renovation.example',
      iban,
      bic: 'BOCRFRPP',
      buyerVat: null,
      printed: { issue: '03/03/2026', due: '02/04/2026', sellerVat: frVatPrint(vat) },
    },
  };
}

/** fr-2 — Brussels point-of-sale SaaS, WeasyPrint "saas"; 21 % and 6 %, structured communication. */
function fr2(): Doc {
  const ent = make.beEnt('07418263');
  const bent = make.beEnt('04562178');
  const iban = makeIban('BE', bban.be('363', '1842075'));
  const ogm = make.beOgm('0261420038');
  const f = mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €`, gmoney: '#,##0.00 "€"', pct: ' %' });
  return {
    file: 'fr-2-weasyprint-saas',
    lang: 'fr',
    gen: 'weasyprint',
    layout: 'saas',
    country: 'BE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'fr_BE',
    title: 'Facture',
    f,
    seller: {
      name: 'Nuagelis SRL',
      brand: 'nuagelis',
      tagline: 'Caisse & gestion pour commerces de proximité',
      addr: ['Avenue Louise 231', '1050 Bruxelles', 'Belgique'],
      contact: ['facturation@nuagelis.example', '+32 2 808 41 17'],
      legal: [
        'Nuagelis SRL',
        'Siège : Avenue Louise 231, 1050 Bruxelles',
        `TVA BE ${fmtId.beEnt(ent)}`,
        `RPM Bruxelles ${fmtId.beEnt(ent)}`,
      ],
      bank: [
        'Bénéficiaire : Nuagelis SRL',
        'Banque de la Senne',
        `IBAN ${fmtId.iban(iban)}`,
        'BIC SENNBEB2',
        `Communication structurée : ${fmtId.ogm(ogm)}`,
      ],
    },
    buyerLabel: 'Facturé à',
    buyer: {
      name: 'Boulangeries Dethier SA',
      lines: ['Service comptabilité', 'Rue de la Station 18', '4020 Liège', `TVA BE ${fmtId.beEnt(bent)}`],
    },
    shipTo: { label: 'Période', lines: ['du 1er au 31 mars 2026', 'abonnement mensuel'] },
    meta: [
      ['Facture n°', '2026/0142'],
      ['Date de facture', '3 mars 2026'],
      ['Échéance', '2 avril 2026'],
      ['N° client', '00381'],
      ['Votre bon de commande', 'BC-2026-017'],
    ],
    lines: [
      {
        desc: 'Licence Nuagelis Caisse — point de vente',
        sub: 'mars 2026 · 8 points de vente',
        qty: Q(8),
        price: ct(49),
        rate: 2100,
      },
      { desc: 'Module fidélité clients', qty: Q(1), price: ct(89), rate: 2100 },
      {
        desc: 'Location terminal de paiement',
        sub: 'mensualité de mars 2026',
        qty: Q(8),
        price: ct(22.5),
        rate: 2100,
      },
      {
        desc: 'Formation du personnel sur site',
        sub: '1 journée, Liège, 12 mars 2026',
        qty: Q(1),
        price: ct(650),
        rate: 2100,
      },
      { desc: 'Manuels utilisateur imprimés', qty: Q(8), price: ct(18), rate: 600 },
      { desc: 'Remise de lancement −10 % sur les licences', qty: Q(1), price: ct(-39.2), rate: 2100 },
    ],
    charges: [],
    cols: ['desc', 'qty', 'price', 'rate', 'amount'],
    head: { desc: 'Description', qty: 'Qté', price: 'Prix unitaire', rate: 'TVA', amount: 'Montant HTVA' },
    totals: [
      { k: 'net', label: 'Total HTVA' },
      { k: 'base', rate: 600, label: 'Base 6 %' },
      { k: 'tax', rate: 600, label: 'TVA 6 %' },
      { k: 'base', rate: 2100, label: 'Base 21 %' },
      { k: 'tax', rate: 2100, label: 'TVA 21 %' },
      { k: 'taxsum', label: 'Total TVA' },
      { k: 'total', label: 'Total TVAC', strong: true },
      { k: 'due', label: 'Montant à payer' },
    ],
    notes: [
      'Paiement par virement avant le 2 avril 2026, en mentionnant la communication structurée.',
      'Nos conditions générales sont disponibles sur nuagelis.example/cgv. Tout litige relève des tribunaux de Bruxelles.',
    ],
    t: { ...PAGE_WORDS.fr, from: 'Émetteur', payTitle: 'Paiement', logo: 'n', accent: '#0f766e' },
    ids: [],
    key: {
      number: '2026/0142',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: fmtId.ogmKey(ogm),
      po: 'BC-2026-017',
      buyerRef: null,
      sellerVat: `BE${ent}`,
      sellerReg: fmtId.beEnt(ent),
      sellerEmail: 'facturation@nuagelis.example',
      iban,
      bic: 'SENNBEB2',
      buyerVat: `BE${bent}`,
      printed: {
        issue: '3 mars 2026',
        due: '2 avril 2026',
        sellerVat: `BE ${fmtId.beEnt(ent)}`,
        buyerVat: `BE ${fmtId.beEnt(bent)}`,
        paymentRef: fmtId.ogm(ogm),
      },
    },
  };
}

/** fr-3 — Luxembourg joinery credit note (avoir), FPDF "craft"; 17 % and 3 %. */
function fr3(): Doc {
  const vat = make.luVat('245187');
  const bvat = make.luVat('198734');
  const iban = makeIban('LU', bban.lu('019', '4406447500'));
  const luPrint = (v: string): string => `LU ${v.slice(2)}`;
  const f = mkFmt({ dec: ',', thou: ' ', money: (n) => `${n} EUR`, gmoney: '', pct: ' %' });
  return {
    file: 'fr-3-fpdf-craft',
    lang: 'fr',
    gen: 'fpdf',
    layout: 'craft',
    country: 'LU',
    type: '381',
    pages: 1,
    currency: 'EUR',
    locale: 'fr_LU',
    title: 'AVOIR',
    f,
    seller: {
      name: 'Menuiserie Kremer & Fils S.à r.l.',
      brand: 'MENUISERIE KREMER & FILS',
      tagline: 'Menuiserie · Escaliers · Parquets — depuis 1964',
      addr: ["12, rue de l'Industrie", 'L-3895 Foetz'],
      contact: ['Tél. +352 55 74 18-1', 'bureau@kremer-menuiserie.example'],
      legal: [
        'S.à r.l. au capital de 50.000 EUR',
        'R.C.S. Luxembourg B184627',
        `TVA ${luPrint(vat)}`,
        "Autorisation d'établissement 10087654/0",
      ],
      bank: ['Banque du Sud-Luxembourg', `IBAN ${fmtId.iban(iban)}`, 'BIC BSLULULL'],
    },
    buyerLabel: 'Destinataire',
    buyer: {
      name: 'Immobilière Hoffmann S.A.',
      lines: ['Service technique', '2, boulevard Royal', 'L-2449 Luxembourg', `N° TVA ${luPrint(bvat)}`],
    },
    meta: [
      ['Avoir n°', 'AV-2026-0019'],
      ['Date', '05/03/2026'],
      ['Facture d’origine', 'FA-2026-0311 du 12/02/2026'],
      ['N° client', '2044'],
      ['Votre référence', 'Chantier Belvédère lot 4'],
      ['Votre commande', 'CMD-IH-2026-031'],
    ],
    lines: [
      {
        desc: 'Retour portes intérieures chêne 83 cm (non posées)',
        qty: Q(3),
        unit: 'pce',
        price: ct(412),
        rate: 1700,
      },
      {
        desc: 'Geste commercial pour retard de livraison',
        qty: Q(1),
        unit: 'forfait',
        price: ct(250),
        rate: 1700,
      },
      {
        desc: 'Moins-value parquet chêne, logement (TVA 3 %)',
        sub: 'surface posée 64,5 m² au lieu de 86 m²',
        qty: Q(21.5),
        unit: 'm²',
        price: ct(38),
        rate: 300,
      },
    ],
    charges: [],
    cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      pos: 'Pos.',
      desc: 'Désignation',
      qty: 'Qté',
      unit: 'Unité',
      price: 'P.U. HT',
      rate: 'TVA',
      amount: 'Total HT',
    },
    totals: [
      { k: 'net', label: 'Total HT' },
      { k: 'tax', rate: 300, label: 'TVA 3 % sur {base}' },
      { k: 'tax', rate: 1700, label: 'TVA 17 % sur {base}' },
      { k: 'taxsum', label: 'Total TVA' },
      { k: 'total', label: "Montant total de l'avoir TTC", strong: true },
    ],
    notes: [
      'Le présent avoir annule partiellement notre facture n° FA-2026-0311 du 12/02/2026.',
      'Le montant de cet avoir sera déduit de votre prochain règlement ou remboursé sur simple demande.',
    ],
    t: {
      ...PAGE_WORDS.fr,
      heading: 'AVOIR N° AV-2026-0019',
      intro:
        'Madame, Monsieur, suite à votre réclamation du 24/02/2026, nous vous prions de trouver ci-dessous notre avoir :',
      signature: 'Pour Menuiserie Kremer & Fils S.à r.l.\nLa Direction',
    },
    ids: [],
    key: {
      number: 'AV-2026-0019',
      issue: '2026-03-05',
      due: null,
      paymentRef: null,
      po: 'CMD-IH-2026-031',
      buyerRef: 'Chantier Belvédère lot 4',
      sellerVat: vat,
      sellerReg: 'B184627',
      sellerEmail: 'bureau@kremer-menuiserie.example',
      iban,
      bic: 'BSLULULL',
      buyerVat: bvat,
      printed: { issue: '05/03/2026', sellerVat: luPrint(vat), buyerVat: luPrint(bvat) },
    },
  };
}

/** fr-4 — Lyon fine-food wholesaler to a restaurant, Gnumeric "grid"; 5.5 % and 20 %, dashed dates. */
function fr4(): Doc {
  const siren = make.siren('79214538');
  const vat = make.frVat(siren);
  const bvat = make.frVat(make.siren('88105472'));
  const iban = makeIban('FR', bban.fr('10278', '07322', '00021456201'));
  const L = (code: string, desc: string, qty: number, unit: string, price: number, rate: number): Line => ({
    code,
    desc,
    qty: Q(qty),
    unit,
    price: ct(price),
    rate,
  });
  return {
    file: 'fr-4-gnumeric-grid',
    lang: 'fr',
    gen: 'gnumeric',
    layout: 'grid',
    country: 'FR',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'fr_FR',
    title: 'FACTURE N° 26-03-0117',
    f: frFmt(),
    seller: {
      name: 'Maison Berthelot Épicerie Fine SAS',
      addr: ['MIN de Lyon-Corbas, bât. C3', '69960 Corbas'],
      contact: ['Tél. 04 72 51 38 90', 'commandes@maison-berthelot.example'],
      legal: [
        `SAS au capital de 80 000 € – RCS Lyon ${fmtId.siren(siren)} – N° TVA intracommunautaire ${vat}`,
      ],
      bank: [`Règlement par virement : Banque Rhodanienne – IBAN ${fmtId.iban(iban)} – BIC BRHOFRP1`],
    },
    buyerLabel: 'Client',
    buyer: {
      name: 'Le Comptoir des Canuts SARL',
      lines: ["18 rue d'Austerlitz", '69004 Lyon', `TVA : ${bvat}`],
    },
    meta: [
      ['Facture N° :', '26-03-0117'],
      ['Date :', { date: '2026-03-04', text: '04-03-2026', fmt: 'dd-mm-yyyy' }],
      ['Échéance :', { date: '2026-04-30', text: '30-04-2026', fmt: 'dd-mm-yyyy' }],
      ['Code client :', '411CANUTS'],
      ['Bon de livraison :', 'BL 6621 du 02-03-2026'],
      ['Votre commande :', 'CMD-0088'],
    ],
    lines: [
      L('EP-0112', "Huile d'olive vierge extra AOP, 75 cl", 12, 'bt', 14.8, 550),
      L('EP-0230', 'Vinaigre de Xérès 25 ans, 50 cl', 6, 'bt', 11.4, 550),
      L('EP-0415', 'Lentilles vertes du Puy AOP, 5 kg', 4, 'sac', 27.5, 550),
      L('EP-0522', 'Riz Carnaroli, 5 kg', 3, 'sac', 31.9, 550),
      L('EP-0610', 'Fleur de sel de Guérande, 1 kg', 5, 'pot', 12.6, 550),
      L('EP-0734', 'Chocolat noir 70 % en pistoles, 5 kg', 2, 'sac', 78, 550),
      L('EP-0801', 'Confit de canard, 6 cuisses, boîte 4/4', 10, 'bte', 22.4, 550),
      L('EP-0912', 'Foie gras de canard entier, 450 g', 6, 'bc', 39.5, 550),
      L('VN-0104', 'Côtes-du-Rhône rouge 2023, 75 cl', 24, 'bt', 8.9, 2000),
      L('VN-0211', 'Crémant de Bourgogne brut, 75 cl', 12, 'bt', 12.7, 2000),
      L('VN-0350', 'Cognac VSOP, 70 cl', 2, 'bt', 46, 2000),
      L('REM-05', 'Remise fidélité 5 % sur les vins', 1, 'forf.', -22.9, 2000),
      L('EM-0020', 'Boîtes traiteur kraft, lot de 100', 3, 'lot', 18.5, 2000),
    ],
    charges: [{ label: 'Frais de livraison', amount: ct(15), rate: 2000 }],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      code: 'Réf.',
      desc: 'Désignation',
      qty: 'Qté',
      unit: 'U.',
      price: 'P.U. HT',
      rate: 'TVA',
      amount: 'Montant HT',
    },
    totals: [
      { k: 'lines', label: 'Total marchandises HT' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Total HT' },
      { k: 'base', rate: 550, label: 'Base TVA 5,5 %' },
      { k: 'tax', rate: 550, label: 'TVA 5,5 %' },
      { k: 'base', rate: 2000, label: 'Base TVA 20 %' },
      { k: 'tax', rate: 2000, label: 'TVA 20 %' },
      { k: 'taxsum', label: 'Total TVA' },
      { k: 'total', label: 'Total TTC', strong: true },
      { k: 'due', label: 'Net à payer', strong: true },
    ],
    notes: [
      'Règlement à 30 jours fin de mois, soit le 30-04-2026. Pas d’escompte pour paiement anticipé.',
      'Pénalités de retard : 3 fois le taux d’intérêt légal ; indemnité forfaitaire pour frais de recouvrement : 40 €.',
      'Marchandises voyageant aux risques du destinataire. Réserve de propriété jusqu’au paiement intégral du prix.',
    ],
    t: { ...PAGE_WORDS.fr, sheet: 'Facture' },
    ids: [['siren', siren]],
    key: {
      number: '26-03-0117',
      issue: '2026-03-04',
      due: '2026-04-30',
      paymentRef: null,
      po: 'CMD-0088',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: fmtId.siren(siren),
      sellerEmail: 'commandes@maison-berthelot.example',
      iban,
      bic: 'BRHOFRP1',
      buyerVat: bvat,
      printed: { issue: '04-03-2026', due: '30-04-2026' },
    },
  };
}

const nlFmt = (): Fmt =>
  mkFmt({ dec: ',', thou: '.', money: (n) => `€ ${n}`, gmoney: '"€ "#,##0.00', pct: '%' });

/** nl-1 — Utrecht consultancy, WeasyPrint "letter"; 21 % and 9 %, RF creditor reference. */
function nl1(): Doc {
  const vat = make.nlVat('85471236');
  const iban = makeIban('NL', bban.nl('DOMB', '042817365'));
  const rf = make.rf('2026003141');
  return {
    file: 'nl-1-weasyprint-letter',
    lang: 'nl',
    gen: 'weasyprint',
    layout: 'letter',
    country: 'NL',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'nl_NL',
    title: 'Factuur',
    f: nlFmt(),
    seller: {
      name: 'Van Dijk & Terpstra Advies B.V.',
      brand: 'Van Dijk & Terpstra',
      tagline: 'advies in planning en organisatie van zorg',
      addr: ['Maliesingel 51', '3581 BK Utrecht'],
      contact: ['T 030 231 45 67', 'administratie@vandijkterpstra.example'],
      legal: ['KvK 68214739', `btw-id ${vat}`, 'Algemene voorwaarden gedeponeerd bij de KvK'],
      bank: [
        'Domstad Bank N.V.',
        `IBAN ${fmtId.iban(iban)}`,
        'BIC DOMBNL2U',
        `Betalingskenmerk ${fmtId.rf(rf)}`,
      ],
    },
    buyerLabel: '',
    buyer: {
      name: 'Stichting Zorggroep De Linde',
      lines: ['t.a.v. crediteurenadministratie', 'Postbus 1120', '3990 CC Houten'],
    },
    meta: [
      ['Factuurnummer', '2026-0031'],
      ['Factuurdatum', '3 maart 2026'],
      ['Vervaldatum', '2 april 2026'],
      ['Uw kenmerk', 'ZDL-2026-014'],
      ['Ons kenmerk', 'VDT/2611'],
      ['Inkoopordernummer', 'IO-26-0193'],
    ],
    lines: [
      {
        desc: 'Advieswerkzaamheden roosterplanning',
        sub: 'februari 2026, volgens bijgevoegde urenverantwoording',
        qty: Q(46.5),
        price: ct(125),
        rate: 2100,
      },
      {
        desc: 'Workshop teamleiders (dagdeel)',
        sub: '10 en 24 februari 2026, locatie Houten',
        qty: Q(2),
        price: ct(850),
        rate: 2100,
      },
      { desc: 'Reiskosten, 312 km à € 0,23', qty: Q(312), price: ct(0.23), rate: 2100 },
      { desc: 'Handboek “Roosteren met regie” (gedrukt)', qty: Q(12), price: ct(24.95), rate: 900 },
    ],
    charges: [],
    cols: ['desc', 'qty', 'price', 'rate', 'amount'],
    head: { desc: 'Omschrijving', qty: 'Aantal', price: 'Tarief', rate: 'Btw', amount: 'Bedrag' },
    totals: [
      { k: 'net', label: 'Totaal excl. btw' },
      { k: 'tax', rate: 900, label: 'Btw 9% over {base}' },
      { k: 'tax', rate: 2100, label: 'Btw 21% over {base}' },
      { k: 'taxsum', label: 'Totaal btw' },
      { k: 'total', label: 'Totaal incl. btw', strong: true },
      { k: 'due', label: 'Te betalen' },
    ],
    notes: [
      `Wij verzoeken u het totaalbedrag vóór 2 april 2026 over te maken op ${fmtId.iban(iban)} onder vermelding van betalingskenmerk ${fmtId.rf(rf)}.`,
      'Op al onze werkzaamheden zijn onze algemene voorwaarden van toepassing.',
    ],
    t: {
      ...PAGE_WORDS.nl,
      subject: 'Factuur 2026-0031 – advies roosterplanning februari 2026',
      salutation: 'Geachte heer, mevrouw,',
      intro:
        'Hierbij ontvangt u onze factuur voor de in februari 2026 verrichte werkzaamheden in het kader van het project Roosterplanning.',
      signature: 'Met vriendelijke groet,\n\ndrs. J.W. van Dijk\nVan Dijk & Terpstra Advies B.V.',
    },
    ids: [],
    key: {
      number: '2026-0031',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: rf,
      po: 'IO-26-0193',
      buyerRef: 'ZDL-2026-014',
      sellerVat: vat,
      sellerReg: '68214739',
      sellerEmail: 'administratie@vandijkterpstra.example',
      iban,
      bic: 'DOMBNL2U',
      buyerVat: null,
      printed: { issue: '3 maart 2026', due: '2 april 2026', paymentRef: fmtId.rf(rf) },
    },
  };
}

/** nl-2 — Ghent hotel, FPDF "hotel"; gross prices at 6 / 12 / 21 %, advance, structured communication. */
function nl2(): Doc {
  const ent = make.beEnt('06842193');
  const bent = make.beEnt('04127735');
  const iban = makeIban('BE', bban.be('068', '2439515'));
  const ogm = make.beOgm('2600318047');
  return {
    file: 'nl-2-fpdf-hotel',
    lang: 'nl',
    gen: 'fpdf',
    layout: 'hotel',
    country: 'BE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'nl_BE',
    title: 'FACTUUR',
    f: nlFmt(),
    gross: true,
    seller: {
      name: 'Ter Leie Hospitality BV',
      brand: 'Hotel Ter Leie',
      tagline: 'Gent – aan de Korenlei',
      addr: ['Korenlei 31, 9000 Gent', 'België'],
      contact: ['Tel. +32 9 266 18 40', 'boekhouding@hotelterleie.example'],
      legal: [
        'Ter Leie Hospitality BV · Korenlei 31, 9000 Gent',
        `Ondernemingsnummer ${fmtId.beEnt(ent)} · RPR Gent, afdeling Gent · BTW BE ${fmtId.beEnt(ent)}`,
      ],
      bank: [
        'Leiebank NV',
        `IBAN ${fmtId.iban(iban)} · BIC LEIEBE22`,
        `Gestructureerde mededeling: ${fmtId.ogm(ogm)}`,
      ],
    },
    buyerLabel: 'Factuuradres',
    buyer: {
      name: 'Vandenbroucke Engineering NV',
      lines: ['Kortrijksesteenweg 1104', '9051 Sint-Denijs-Westrem', `BTW BE ${fmtId.beEnt(bent)}`],
    },
    meta: [
      ['Factuur nr.', '26/00318'],
      ['Factuurdatum', '05-03-2026'],
      ['Vervaldag', '04-04-2026'],
      ['Kamers', '104, 105, 211'],
      ['Aankomst', '02-03-2026'],
      ['Vertrek', '04-03-2026'],
      ['Reservatie', 'R-77120'],
      ['Uw referentie', 'Audit Gent Q1'],
    ],
    lines: [
      {
        date: '02-03-2026',
        desc: 'Overnachting superior kamer incl. ontbijt',
        qty: Q(3),
        price: ct(142),
        rate: 600,
      },
      {
        date: '02-03-2026',
        desc: 'Diner restaurant De Graslei',
        sub: '3 personen, menu van de chef',
        qty: Q(1),
        price: ct(186),
        rate: 1200,
      },
      { date: '02-03-2026', desc: 'Dranken bij diner', qty: Q(1), price: ct(74.5), rate: 2100 },
      {
        date: '03-03-2026',
        desc: 'Overnachting superior kamer incl. ontbijt',
        qty: Q(3),
        price: ct(142),
        rate: 600,
      },
      { date: '03-03-2026', desc: 'Vergaderzaal Leie, dagverhuur', qty: Q(1), price: ct(320), rate: 2100 },
      { date: '03-03-2026', desc: 'Zakenlunch', qty: Q(3), price: ct(28.5), rate: 1200 },
      { date: '03-03-2026', desc: 'Parking hotel', qty: Q(2), price: ct(18), rate: 2100 },
      { date: '04-03-2026', desc: 'Minibar', qty: Q(1), price: ct(23.4), rate: 2100 },
    ],
    charges: [],
    cols: ['date', 'desc', 'qty', 'price', 'rate', 'amount'],
    head: {
      date: 'Datum',
      desc: 'Omschrijving',
      qty: 'Aantal',
      price: 'Prijs',
      rate: 'Btw',
      amount: 'Bedrag €',
    },
    totals: [
      { k: 'total', label: 'Totaal incl. btw' },
      { k: 'advance', label: 'Voorschot ontvangen 12-02-2026' },
      { k: 'due', label: 'Te betalen', strong: true },
    ],
    advance: ct(400),
    vatTable: { title: 'Btw-overzicht', head: ['Tarief', 'Maatstaf', 'Btw', 'Totaal'], sum: 'Totaal' },
    notes: [
      'Alle prijzen zijn inclusief btw. Gelieve het saldo te betalen vóór de vervaldag met vermelding van de gestructureerde mededeling.',
      'De stedelijke toeristenbelasting werd afzonderlijk aangerekend bij vertrek.',
    ],
    t: {
      ...PAGE_WORDS.nl,
      heading: 'FACTUUR 26/00318',
      payTitle: 'Betaalgegevens',
      thanks: 'Bedankt voor uw verblijf en tot ziens in Gent!',
    },
    ids: [],
    key: {
      number: '26/00318',
      issue: '2026-03-05',
      due: '2026-04-04',
      paymentRef: fmtId.ogmKey(ogm),
      po: null,
      buyerRef: 'Audit Gent Q1',
      sellerVat: `BE${ent}`,
      sellerReg: fmtId.beEnt(ent),
      sellerEmail: 'boekhouding@hotelterleie.example',
      iban,
      bic: 'LEIEBE22',
      buyerVat: `BE${bent}`,
      printed: {
        issue: '05-03-2026',
        due: '04-04-2026',
        sellerVat: `BE ${fmtId.beEnt(ent)}`,
        buyerVat: `BE ${fmtId.beEnt(bent)}`,
        paymentRef: fmtId.ogm(ogm),
      },
    },
  };
}

/** nl-3 — Rotterdam catering-equipment wholesaler, credit note, Gnumeric "template"; negative amounts. */
function nl3(): Doc {
  const vat = make.nlVat('81234569');
  const bvat = make.nlVat('85512047');
  const iban = makeIban('NL', bban.nl('MASB', '091827346'));
  return {
    file: 'nl-3-gnumeric-template',
    lang: 'nl',
    gen: 'gnumeric',
    layout: 'template',
    country: 'NL',
    type: '381',
    pages: 1,
    currency: 'EUR',
    locale: 'nl_NL',
    title: 'CREDITNOTA',
    f: nlFmt(),
    negative: true,
    seller: {
      name: 'Bakker Horeca-Techniek B.V.',
      tagline: 'Groothandel in horeca-apparatuur en -benodigdheden',
      addr: ['Industrieweg 18', '3044 AS Rotterdam'],
      contact: ['T 010 415 27 30', 'debiteuren@bakkerhorecatechniek.example'],
      legal: [`Bakker Horeca-Techniek B.V. · KvK 24381956 · btw ${vat}`],
      bank: ['Maasbank N.V.', `IBAN ${fmtId.iban(iban)}   BIC MASBNL2R`],
    },
    buyerLabel: 'Klant',
    buyer: {
      name: 'Brasserie De Waalkade V.O.F.',
      lines: ['Waalkade 63', '6511 XR Nijmegen', `Btw-nr. ${bvat}`],
    },
    meta: [
      ['Creditnota nr.:', 'CN-2026-0042'],
      ['Datum:', { date: '2026-03-06', text: '06-03-2026', fmt: 'dd-mm-yyyy' }],
      ['Debiteurnummer:', '20417'],
      ['Betreft factuur:', '2026-10388'],
      ['Factuurdatum:', { date: '2026-02-12', text: '12-02-2026', fmt: 'dd-mm-yyyy' }],
      ['Uw referentie:', 'retour RMA-5521'],
    ],
    lines: [
      { code: 'CG-2200', desc: 'Retour: contactgrill dubbel, defect', qty: Q(1), price: ct(489), rate: 2100 },
      { code: 'GN-1165', desc: 'Retour: GN-bak 1/1 RVS, 65 mm', qty: Q(12), price: ct(14.75), rate: 2100 },
      { code: 'VW-0010', desc: 'Prijscorrectie vaatwasmiddel 10 l', qty: Q(6), price: ct(8.4), rate: 2100 },
      { code: 'KF-1000', desc: 'Retour: koffiebonen espresso 1 kg', qty: Q(10), price: ct(17.9), rate: 900 },
    ],
    charges: [],
    cols: ['code', 'desc', 'qty', 'price', 'rate', 'amount'],
    head: {
      code: 'Artikel',
      desc: 'Omschrijving',
      qty: 'Aantal',
      price: 'Prijs',
      rate: 'Btw',
      amount: 'Bedrag',
    },
    totals: [
      { k: 'lines', label: 'Subtotaal excl. btw' },
      { k: 'base', rate: 900, label: 'Grondslag btw 9%' },
      { k: 'tax', rate: 900, label: 'Btw 9%' },
      { k: 'base', rate: 2100, label: 'Grondslag btw 21%' },
      { k: 'tax', rate: 2100, label: 'Btw 21%' },
      { k: 'taxsum', label: 'Totaal btw' },
      { k: 'total', label: 'Totaal creditnota', strong: true },
    ],
    notes: [
      'Het creditbedrag wordt verrekend met uw eerstvolgende factuur.',
      'Retourzending ontvangen op 02-03-2026 onder RMA-5521.',
    ],
    t: { ...PAGE_WORDS.nl, sheet: 'Creditnota', accent: '#c2410c' },
    ids: [],
    key: {
      number: 'CN-2026-0042',
      issue: '2026-03-06',
      due: null,
      paymentRef: null,
      po: null,
      buyerRef: 'retour RMA-5521',
      sellerVat: vat,
      sellerReg: '24381956',
      sellerEmail: 'debiteuren@bakkerhorecatechniek.example',
      iban,
      bic: 'MASBNL2R',
      buyerVat: bvat,
      printed: { issue: '06-03-2026' },
    },
  };
}

/** nl-4 — Westland horticultural supplies to Germany, Gnumeric "grid", 2 pages; intra-EU 0 %, ISO dates. */
function nl4(): Doc {
  const vat = make.nlVat('80417724');
  const bvat = make.deVat('19384726');
  const iban = makeIban('NL', bban.nl('WLBK', '038472915'));
  const items: Array<[string, string, number, string, number, number?]> = [
    ['P-0901', 'Kweekpot rond 9 cm, zwart, doos 1200', 8, 'doos', 41.5],
    ['P-0902', 'Kweekpot rond 9 cm, terra, doos 1200', 4, 'doos', 44.9],
    ['P-1101', 'Kweekpot rond 11 cm, zwart, doos 880', 6, 'doos', 46.2],
    ['P-1201', 'Kweekpot rond 12 cm, zwart, doos 720', 6, 'doos', 49.8],
    ['P-1401', 'Kweekpot rond 14 cm, zwart, doos 480', 5, 'doos', 52.4],
    ['P-1701', 'Container 17 cm, 2 l, doos 300', 4, 'doos', 58.6],
    ['P-1901', 'Container 19 cm, 3 l, doos 240', 4, 'doos', 62.1],
    ['P-2301', 'Container 23 cm, 5 l, doos 150', 3, 'doos', 67.9],
    ['T-0040', 'Trayplaat 40-gats, 30 x 40 cm', 120, 'st', 0.86],
    ['T-0060', 'Trayplaat 60-gats, 30 x 40 cm', 120, 'st', 0.92],
    ['T-0104', 'Stektray 104 cellen, herbruikbaar', 200, 'st', 1.35],
    ['T-0150', 'Zaaitray 150 cellen', 150, 'st', 1.48],
    ['T-0300', 'Transporttray 6 x 12 cm potten', 300, 'st', 0.74],
    ['L-1001', 'Steeketiket 10 x 1,7 cm wit, 1000 st', 20, 'pak', 6.8, 5],
    ['L-1012', 'Steeketiket 12 x 2 cm geel, 1000 st', 10, 'pak', 8.9, 5],
    ['L-2001', 'Hangetiket met lus, 1000 st', 8, 'pak', 14.6],
    ['L-3000', 'Thermo-etiketrol 50 x 25 mm', 24, 'rol', 7.4],
    ['S-0400', 'Potgrond professioneel, 70 l', 60, 'zak', 6.95, 3],
    ['S-0410', 'Zaaigrond fijn, 40 l', 40, 'zak', 5.6, 3],
    ['S-0500', 'Kokossubstraat blok 5 kg', 50, 'st', 4.35],
    ['S-0620', 'Perliet 100 l', 20, 'zak', 18.9],
    ['S-0700', 'Kleikorrels 8-16 mm, 50 l', 25, 'zak', 9.8],
    ['B-1000', 'Bindtouw jute 2 kg', 10, 'rol', 11.2],
    ['B-1200', 'Plantclips 11 mm, 1000 st', 30, 'pak', 8.45],
    ['B-1300', 'Tomatenhaak met 15 m draad', 500, 'st', 0.62],
    ['B-1500', 'Bamboestok 90 cm, bos 250', 12, 'bos', 24.5],
    ['B-1520', 'Bamboestok 120 cm, bos 250', 8, 'bos', 33.9],
    ['F-0010', 'Gaas anti-insect, rol 2 x 100 m', 2, 'rol', 189],
    ['F-0020', 'Schaduwdoek 50 %, rol 4 x 50 m', 2, 'rol', 164.5],
    ['F-0100', 'Vliesdoek 17 g/m², rol 3,2 x 250 m', 3, 'rol', 96.4],
    ['G-0005', 'Druppelaar 2 l/u, zak 500', 6, 'zak', 38.5],
    ['G-0012', 'Druppelslang 16 mm, rol 200 m', 4, 'rol', 72.8],
    ['G-0040', 'Sproeier mini 360°, zak 100', 5, 'zak', 26.9],
    ['G-0100', 'Koppelstuk 16 mm, zak 100', 6, 'zak', 12.4],
    ['H-0001', 'Handschoenen nitril maat 9, doos 12 paar', 10, 'doos', 18.6],
    ['H-0020', 'Snoeischaar professioneel', 6, 'st', 34.5],
    ['H-0031', 'Oogstmes gebogen', 12, 'st', 9.9],
    ['K-0200', 'Kweekkas-thermometer min/max', 8, 'st', 11.75],
    ['K-0310', 'Hygrometer digitaal', 4, 'st', 27.4],
    ['K-0400', 'Plantenlamp LED 100 W', 6, 'st', 148],
    ['K-0410', 'Tijdschakelaar digitaal', 6, 'st', 16.9],
    ['D-0050', 'Deense kar-plank verzinkt, 1,35 m', 20, 'st', 21.8],
    ['D-0060', 'Deense kar-verlengstuk', 10, 'st', 14.9],
    ['V-0001', 'Verpakkingsfolie krimp, rol 1500 m', 2, 'rol', 59],
  ];
  const lines: Line[] = items.map(([code, desc, qty, unit, price, disc]) => ({
    code,
    desc,
    qty: Q(qty),
    unit,
    price: ct(price),
    rate: 0,
    ...(disc ? { disc } : {}),
  }));
  return {
    file: 'nl-4-gnumeric-grid',
    lang: 'nl',
    gen: 'gnumeric',
    layout: 'grid',
    country: 'NL',
    type: '380',
    pages: 2,
    currency: 'EUR',
    locale: 'nl_NL',
    title: 'FACTUUR 2026-2107',
    f: nlFmt(),
    seller: {
      name: 'Van der Meulen Kwekerijbenodigdheden B.V.',
      addr: ['Honderdland 142', '2676 LV Maasdijk', 'Nederland'],
      contact: ['Tel. +31 174 52 86 00', 'verkoop@vdmeulen-kwekerij.example'],
      legal: [`KvK 27184930 · BTW ${vat} · Leveringsvoorwaarden gedeponeerd bij de KvK`],
      bank: [`Westland Bank · IBAN ${fmtId.iban(iban)} · BIC WLBKNL2A`],
    },
    buyerLabel: 'Afnemer',
    buyer: {
      name: 'Gärtnerei Hofmeister GmbH',
      lines: ['Am Gewächshaus 5', '47623 Kevelaer', 'Duitsland', `USt-IdNr. ${bvat}`],
    },
    meta: [
      ['Factuurnr.', '2026-2107'],
      ['Factuurdatum', { date: '2026-03-03', text: '2026-03-03', fmt: 'yyyy-mm-dd' }],
      ['Vervaldatum', { date: '2026-04-02', text: '2026-04-02', fmt: 'yyyy-mm-dd' }],
      ['Klantnummer', 'D-1184'],
      ['Pakbon', 'PB-77314'],
      ['Uw order', 'HM-4471'],
    ],
    lines,
    charges: [{ label: 'Transportkosten (pallet)', amount: ct(145), rate: 0 }],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'disc', 'amount'],
    head: {
      code: 'Artikel',
      desc: 'Omschrijving',
      qty: 'Aantal',
      unit: 'Eenh.',
      price: 'Prijs',
      disc: 'Korting',
      amount: 'Bedrag',
    },
    breakAfter: 36,
    carryOut: 'Transport',
    carryIn: 'Transport van vorige pagina',
    totals: [
      { k: 'lines', label: 'Subtotaal' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Totaal excl. btw' },
      { k: 'tax', rate: 0, label: 'Btw 0%' },
      { k: 'total', label: 'Totaal te betalen', strong: true },
    ],
    notes: [
      'Intracommunautaire levering, btw 0% – art. 138 Richtlijn 2006/112/EG / steuerfreie innergemeinschaftliche Lieferung.',
      'Betaling binnen 30 dagen na factuurdatum, uiterlijk 2026-04-02, onder vermelding van het factuurnummer.',
    ],
    t: { ...PAGE_WORDS.nl, sheet: 'Factuur' },
    ids: [],
    key: {
      number: '2026-2107',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'HM-4471',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: '27184930',
      sellerEmail: 'verkoop@vdmeulen-kwekerij.example',
      iban,
      bic: 'WLBKNL2A',
      buyerVat: bvat,
      printed: { issue: '2026-03-03', due: '2026-04-02' },
    },
  };
}

const esFmt = (): Fmt =>
  mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €`, gmoney: '#,##0.00 "€"', pct: ' %' });
const cifDash = (cif: string): string => `${cif[0]}-${cif.slice(1)}`;

/** es-1 — Valencian produce distributor, FPDF "erp", 2 pages "suma y sigue"; 4 / 10 / 21 %, CCC. */
function es1(): Doc {
  const cif = make.esCif('B', '4628137');
  const bcif = make.esCif('A', '4610923');
  const b = bban.es('3159', '0042', '4412873056');
  const iban = makeIban('ES', b);
  const ccc = `${b.slice(0, 4)} ${b.slice(4, 8)} ${b.slice(8, 10)} ${b.slice(10)}`;
  const f = mkFmt({ dec: ',', thou: '.', money: (n) => `${n} EUR`, gmoney: '', pct: '%', qtyFixed: 2 });
  const L = (
    code: string,
    desc: string,
    qty: number,
    unit: string,
    price: number,
    rate: number,
    disc?: number,
  ): Line => ({
    code,
    desc,
    qty: Q(qty),
    unit,
    price: ct(price),
    rate,
    ...(disc ? { disc } : {}),
  });
  return {
    file: 'es-1-fpdf-erp',
    lang: 'es',
    gen: 'fpdf',
    layout: 'erp',
    country: 'ES',
    type: '380',
    pages: 2,
    currency: 'EUR',
    locale: 'es_ES',
    title: 'FACTURA',
    f,
    seller: {
      name: 'Distribuciones Hortícolas del Turia, S.L.',
      brand: 'DISTRIBUCIONES HORTÍCOLAS DEL TURIA, S.L.',
      addr: ['Pol. Ind. Fuente del Jarro, C/ Ciudad de Sevilla 27', '46988 Paterna (Valencia)'],
      contact: [
        'Tel. 961 34 27 80  Fax 961 34 27 81',
        'administracion@hortituria.example',
        `C.I.F. ${cifDash(cif)}`,
      ],
      legal: [
        'Inscrita en el Registro Mercantil de Valencia, Tomo 8123, Libro 5410, Folio 45, Hoja V-128417',
        `Distribuciones Hortícolas del Turia, S.L. - C.I.F. ${cifDash(cif)} - Registro Sanitario 40.01827/V`,
      ],
      bank: [
        'CAJA RURAL DEL LEVANTE - OFICINA PATERNA',
        `IBAN ${fmtId.iban(iban)}   BIC CRLVESV1XXX`,
        `C.C.C. ${ccc}`,
      ],
    },
    buyerLabel: '',
    buyer: {
      name: 'Supermercados Albufera, S.A.',
      lines: ['Avda. del Puerto 118', '46023 Valencia', `C.I.F. ${cifDash(bcif)}`],
    },
    meta: [
      ['FACTURA Nº', 'FV-2026-001873'],
      ['FECHA', '03/03/2026'],
      ['CLIENTE', '430012'],
      ['VENCIMIENTO', '02/04/2026'],
    ],
    lines: [
      L('F0101', 'NARANJA NAVEL CAL.3 CAJA 15 KG', 40, 'CJ', 13.8, 400),
      L('F0104', 'MANDARINA CLEMENULES CAJA 10 KG', 30, 'CJ', 12.6, 400),
      L('F0110', 'LIMON VERNA CAJA 15 KG', 12, 'CJ', 16.2, 400),
      L('F0120', 'MANZANA GOLDEN CAJA 13 KG', 20, 'CJ', 17.9, 400),
      L('F0125', 'PERA CONFERENCIA CAJA 12 KG', 15, 'CJ', 19.4, 400),
      L('F0140', 'PLATANO CANARIAS CAJA 18 KG', 18, 'CJ', 24.3, 400, 3),
      L('F0150', 'KIWI VERDE CAJA 10 KG', 10, 'CJ', 21.5, 400),
      L('F0160', 'FRESA HUELVA BANDEJA 500 G', 120, 'UD', 1.45, 400),
      L('F0175', 'AGUACATE HASS CAJA 4 KG', 16, 'CJ', 15.8, 400),
      L('V0201', 'TOMATE PERA KG', 180, 'KG', 1.32, 400),
      L('V0205', 'TOMATE CHERRY BANDEJA 250 G', 200, 'UD', 0.89, 400),
      L('V0210', 'PIMIENTO ROJO KG', 90, 'KG', 1.74, 400),
      L('V0212', 'PIMIENTO VERDE ITALIANO KG', 70, 'KG', 1.58, 400),
      L('V0220', 'CALABACIN KG', 110, 'KG', 0.98, 400),
      L('V0225', 'BERENJENA KG', 60, 'KG', 1.12, 400),
      L('V0230', 'PEPINO KG', 80, 'KG', 0.94, 400),
      L('V0240', 'LECHUGA ICEBERG UD', 150, 'UD', 0.62, 400),
      L('V0245', 'LECHUGA ROMANA UD', 120, 'UD', 0.58, 400),
      L('V0250', 'CEBOLLA SACO 10 KG', 25, 'SC', 6.9, 400),
      L('V0255', 'AJO MORADO MALLA 1 KG', 40, 'UD', 4.35, 400),
      L('V0260', 'PATATA LAVADA SACO 10 KG', 40, 'SC', 7.6, 400),
      L('V0270', 'ZANAHORIA KG', 90, 'KG', 0.86, 400),
      L('V0280', 'BROCOLI KG', 50, 'KG', 2.15, 400),
      L('V0285', 'COLIFLOR UD', 40, 'UD', 1.48, 400),
      L('V0290', 'ALCACHOFA KG', 35, 'KG', 2.95, 400),
      L('V0295', 'ESPINACA BOLSA 300 G', 60, 'UD', 1.19, 400),
      L('E0301', 'ZUMO NARANJA EXPRIMIDO 1 L', 96, 'UD', 1.85, 1000),
      L('E0305', 'GAZPACHO TRADICIONAL 1 L', 72, 'UD', 2.4, 1000),
      L('E0310', 'HUMMUS CLASICO 240 G', 48, 'UD', 1.65, 1000),
      L('E0320', 'ENSALADA IV GAMA MEZCLUM 200 G', 90, 'UD', 1.28, 1000, 5),
      L('E0330', 'ALMENDRA MARCONA FRITA 200 G', 36, 'UD', 3.1, 1000),
      L('E0335', 'DATIL MEDJOUL 500 G', 24, 'UD', 4.75, 1000),
      L('E0340', 'SETAS SHIITAKE BANDEJA 200 G', 40, 'UD', 2.2, 1000),
      L('E0350', 'FLOR CORTADA RAMO TEMPORADA', 30, 'UD', 3.9, 1000),
      L('E0360', 'PLANTA AROMATICA MACETA 10 CM', 48, 'UD', 1.6, 1000),
      L('M0401', 'BOLSA PAPEL KRAFT 5 KG PAQ. 250', 6, 'PQ', 18.4, 2100),
      L('M0405', 'BANDEJA CARTON 40X30 PAQ. 50', 10, 'PQ', 9.6, 2100),
      L('M0410', 'ETIQUETA BALANZA ROLLO', 12, 'RL', 3.25, 2100),
      L('M0420', 'ALQUILER PALET EUROPEO', 8, 'UD', 4.5, 2100),
      L('M0430', 'FILM ESTIRABLE ROLLO 300 M', 4, 'RL', 11.8, 2100),
    ],
    charges: [{ label: 'PORTES', amount: ct(38), rate: 2100 }],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'disc', 'rate', 'amount'],
    head: {
      code: 'CODIGO',
      desc: 'DESCRIPCION',
      qty: 'CANT.',
      unit: 'UD',
      price: 'PRECIO',
      disc: 'DTO',
      rate: 'IVA',
      amount: 'IMPORTE',
    },
    breakAfter: 33,
    carryOut: 'SUMA Y SIGUE',
    carryIn: 'SUMA ANTERIOR',
    totals: [
      { k: 'lines', label: 'SUMA IMPORTES' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'BASE IMPONIBLE TOTAL' },
      { k: 'tax', rate: 400, label: 'IVA 4% S/ {base}' },
      { k: 'tax', rate: 1000, label: 'IVA 10% S/ {base}' },
      { k: 'tax', rate: 2100, label: 'IVA 21% S/ {base}' },
      { k: 'taxsum', label: 'TOTAL CUOTA IVA' },
      { k: 'total', label: 'TOTAL FACTURA', strong: true },
    ],
    vatTable: { title: 'DESGLOSE DE IVA', head: ['TIPO', 'BASE', 'CUOTA', 'TOTAL'] },
    notes: [
      'VENCIMIENTO 02/04/2026. PAGO POR TRANSFERENCIA A LA CUENTA INDICADA, CITANDO EL NUMERO DE FACTURA.',
      'LOS PALETS EN ALQUILER SE ABONARAN A SU DEVOLUCION EN UN PLAZO DE 30 DIAS.',
    ],
    t: {
      ...PAGE_WORDS.es,
      page: 'PAGINA',
      refs: 'ALBARAN: 26/04417 DE 02/03/2026     SU PEDIDO: P-88213\nFORMA DE PAGO: TRANSFERENCIA 30 DIAS     REPRESENTANTE: 07 J. MARTI',
    },
    ids: [],
    key: {
      number: 'FV-2026-001873',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'P-88213',
      buyerRef: null,
      sellerVat: `ES${cif}`,
      sellerReg: 'V-128417',
      sellerEmail: 'administracion@hortituria.example',
      iban,
      bic: 'CRLVESV1XXX',
      buyerVat: `ES${bcif}`,
      printed: { issue: '03/03/2026', due: '02/04/2026', sellerVat: cifDash(cif), buyerVat: cifDash(bcif) },
    },
  };
}

/** es-2 — Madrid architect (sole trader), WeasyPrint "letter"; 21 % VAT less 15 % IRPF withholding. */
function es2(): Doc {
  const nif = make.esNif('50718263');
  const bcif = make.esCif('B', '2871436');
  const b = bban.es('0487', '2150', '6100384172');
  const iban = makeIban('ES', b);
  return {
    file: 'es-2-weasyprint-letter',
    lang: 'es',
    gen: 'weasyprint',
    layout: 'letter',
    country: 'ES',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'es_ES',
    title: 'Factura',
    f: esFmt(),
    seller: {
      name: 'Marta Quiroga Beltrán',
      brand: 'QUIROGA ARQUITECTURA',
      tagline: 'Marta Quiroga Beltrán · arquitecta',
      addr: ['C/ de Fuencarral 94, 3º B', '28004 Madrid'],
      contact: ['Tel. 915 22 48 61', 'estudio@quirogaarquitectura.example'],
      legal: [`NIF ${nif}`, 'Colegiada COAM nº 18.472', 'Seguro RC profesional, póliza 88-2210-44'],
      bank: ['Banco de la Meseta', `IBAN ${fmtId.iban(iban)}`, 'BIC BMESESMMXXX'],
    },
    buyerLabel: '',
    buyer: {
      name: 'Promociones Inmobiliarias Guadarrama, S.L.',
      lines: [
        'A/A Dpto. de Administración',
        'Paseo de la Castellana 141, planta 9',
        '28046 Madrid',
        `CIF: ${cifDash(bcif)}`,
      ],
    },
    meta: [
      ['Factura nº', '2026/014'],
      ['Fecha de factura', '3 de marzo de 2026'],
      ['Vencimiento', '2 de abril de 2026'],
      ['Su referencia', 'Obra Residencial Los Olmos'],
      ['Expediente', '25-031'],
    ],
    lines: [
      {
        desc: 'Proyecto básico y de ejecución — 2º hito (40 %)',
        sub: 'según contrato de 14/10/2025',
        qty: Q(1),
        price: ct(6800),
        rate: 2100,
      },
      { desc: 'Dirección de obra, febrero de 2026', qty: Q(1), price: ct(2400), rate: 2100 },
      {
        desc: 'Certificado de eficiencia energética',
        sub: 'bloque A, 24 viviendas',
        qty: Q(1),
        price: ct(350),
        rate: 2100,
      },
    ],
    charges: [],
    cols: ['desc', 'qty', 'price', 'amount'],
    head: { desc: 'Concepto', qty: 'Cant.', price: 'Precio', amount: 'Importe' },
    totals: [
      { k: 'net', label: 'Base imponible' },
      { k: 'tax', rate: 2100, label: 'IVA 21 %' },
      { k: 'total', label: 'Total (base + IVA)' },
      { k: 'withholding', label: 'Retención IRPF 15 %' },
      { k: 'due', label: 'Total a pagar', strong: true },
    ],
    withholding: { base: ct(9550), rate: 1500 },
    notes: [
      'Forma de pago: transferencia bancaria a la cuenta indicada al pie antes del 2 de abril de 2026.',
      'Factura sujeta a retención del 15 % a cuenta del IRPF (art. 101 de la Ley 35/2006).',
    ],
    t: {
      ...PAGE_WORDS.es,
      subject: 'Factura nº 2026/014 — honorarios profesionales',
      salutation: 'Estimados señores:',
      intro:
        'Les remito la factura correspondiente a los honorarios devengados en febrero de 2026 por los trabajos de arquitectura de la promoción Residencial Los Olmos (Collado Villalba).',
      signature: 'Atentamente,\n\nMarta Quiroga Beltrán\nArquitecta',
    },
    ids: [],
    key: {
      number: '2026/014',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: null,
      buyerRef: 'Obra Residencial Los Olmos',
      sellerVat: `ES${nif}`,
      sellerReg: null,
      sellerEmail: 'estudio@quirogaarquitectura.example',
      iban,
      bic: 'BMESESMMXXX',
      buyerVat: `ES${bcif}`,
      printed: {
        issue: '3 de marzo de 2026',
        due: '2 de abril de 2026',
        sellerVat: nif,
        buyerVat: cifDash(bcif),
      },
    },
  };
}

/** es-3 — printing house, Gnumeric "boxed"; books at 4 %, print work at 21 %, line discount, shipping. */
function es3(): Doc {
  const cif = make.esCif('B', '8231947');
  const bcif = make.esCif('B', '8672134');
  const iban = makeIban('ES', bban.es('0487', '1123', '2000418827'));
  return {
    file: 'es-3-gnumeric-boxed',
    lang: 'es',
    gen: 'gnumeric',
    layout: 'boxed',
    country: 'ES',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'es_ES',
    title: 'FACTURA',
    f: mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €`, gmoney: '#,##0.00 "€"', pct: '%' }),
    seller: {
      name: 'Gráficas Alcalá Impresores, S.L.',
      brand: 'GRÁFICAS ALCALÁ',
      addr: ['Pol. La Garena, C/ Isaac Peral 12', '28806 Alcalá de Henares (Madrid)'],
      contact: ['Tel. 918 83 27 15', 'facturacion@graficasalcala.example'],
      legal: [
        `Gráficas Alcalá Impresores, S.L. – Reg. Merc. de Madrid, Tomo 31.845, Folio 112, Hoja M-572918 – CIF ${cif}`,
      ],
      bank: [
        'Banco de la Meseta – Oficina 1123 Alcalá de Henares',
        `IBAN ${fmtId.iban(iban)}   BIC BMESESMMXXX`,
      ],
    },
    buyerLabel: 'CLIENTE',
    buyer: {
      name: 'Editorial Cuatro Vientos, S.L.',
      lines: ['C/ del Doctor Esquerdo 57', '28007 Madrid', `CIF: ${bcif}`],
    },
    shipTo: {
      label: 'LUGAR DE ENTREGA',
      lines: ['Almacén Editorial Cuatro Vientos', 'Ctra. de Toledo km 9, 28906 Getafe'],
    },
    meta: [
      ['Nº FACTURA', '0427/26'],
      ['FECHA', { date: '2026-03-05', text: '05-03-2026', fmt: 'dd-mm-yyyy' }],
      ['VENCIMIENTO', { date: '2026-04-04', text: '04-04-2026', fmt: 'dd-mm-yyyy' }],
      ['Nº CLIENTE', 'C-0651'],
      ['SU PEDIDO', 'OC-1934'],
      ['PRESUPUESTO', 'P-26-077'],
    ],
    lines: [
      {
        desc: 'Libro «Rutas por la Sierra Norte», 176 p.',
        qty: Q(1500),
        price: ct(3.84),
        rate: 400,
        disc: 3,
      },
      { desc: 'Marcapáginas promocionales 5 x 18 cm', qty: Q(2000), price: ct(0.06), rate: 2100 },
      { desc: 'Carteles A2 a 4 tintas', qty: Q(150), price: ct(0.85), rate: 2100 },
      { desc: 'Diseño y maquetación de cubierta', qty: Q(1), price: ct(380), rate: 2100 },
    ],
    charges: [{ label: 'Portes (envío de palé)', amount: ct(65), rate: 2100 }],
    cols: ['desc', 'qty', 'price', 'disc', 'rate', 'amount'],
    head: { desc: 'CONCEPTO', qty: 'CANT.', price: 'PRECIO', disc: 'DTO.', rate: 'IVA', amount: 'IMPORTE' },
    totals: [
      { k: 'lines', label: 'SUMA' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'TOTAL BASE IMPONIBLE' },
      { k: 'base', rate: 400, label: 'BASE IMPONIBLE 4 %' },
      { k: 'tax', rate: 400, label: 'IVA 4 %' },
      { k: 'base', rate: 2100, label: 'BASE IMPONIBLE 21 %' },
      { k: 'tax', rate: 2100, label: 'IVA 21 %' },
      { k: 'taxsum', label: 'TOTAL IVA' },
      { k: 'total', label: 'TOTAL FACTURA', strong: true },
    ],
    notes: [
      'Vencimiento 04-04-2026 mediante transferencia bancaria.',
      'Libros: IVA superreducido del 4 % (art. 91.Dos.1.2º Ley 37/1992).',
    ],
    t: {
      ...PAGE_WORDS.es,
      sheet: 'Factura',
      accent: '#8b1e1e',
      payTitle: 'FORMA DE PAGO: TRANSFERENCIA',
      sellerIds: `CIF: ${cif}`,
    },
    ids: [],
    key: {
      number: '0427/26',
      issue: '2026-03-05',
      due: '2026-04-04',
      paymentRef: null,
      po: 'OC-1934',
      buyerRef: null,
      sellerVat: `ES${cif}`,
      sellerReg: 'M-572918',
      sellerEmail: 'facturacion@graficasalcala.example',
      iban,
      bic: 'BMESESMMXXX',
      buyerVat: `ES${bcif}`,
      printed: { issue: '05-03-2026', due: '04-04-2026', sellerVat: cif, buyerVat: bcif },
    },
  };
}

/** es-4 — Granada hotel, FPDF "hotel"; gross prices at 10 % and 21 %, advance deducted. */
function es4(): Doc {
  const cif = make.esCif('B', '1874261');
  const bcif = make.esCif('B', '4192837');
  const iban = makeIban('ES', bban.es('2103', '0847', '0011293847'));
  return {
    file: 'es-4-fpdf-hotel',
    lang: 'es',
    gen: 'fpdf',
    layout: 'hotel',
    country: 'ES',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'es_ES',
    title: 'FACTURA',
    f: mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €`, gmoney: '', pct: '%' }),
    gross: true,
    seller: {
      name: 'Explotaciones Hoteleras Darro, S.L.',
      brand: 'Hotel Mirador del Darro',
      tagline: 'Granada · Albaicín',
      addr: ['Cuesta de Gomérez 21, 18009 Granada', 'España'],
      contact: ['Tel. +34 958 22 71 40', 'recepcion@miradordarro.example'],
      legal: [
        `Explotaciones Hoteleras Darro, S.L. · CIF ${cifDash(cif)} · Registro de Turismo de Andalucía H/GR/01187`,
        'Inscrita en el Registro Mercantil de Granada, Tomo 1.642, Folio 88, Hoja GR-41275',
      ],
      bank: ['Banco Granadino de Ahorro', `IBAN ${fmtId.iban(iban)} · BIC BGRAESG1XXX`],
    },
    buyerLabel: 'Facturar a',
    buyer: {
      name: 'Congresos y Eventos Bética, S.L.',
      lines: ['Avda. de la Constitución 34, 2º', '41001 Sevilla', `CIF ${cifDash(bcif)}`],
    },
    meta: [
      ['Factura nº', 'H26-00911'],
      ['Fecha factura', '04/03/2026'],
      ['Llegada', '01/03/2026'],
      ['Salida', '04/03/2026'],
      ['Habitaciones', '312, 314'],
      ['Localizador', '7XK2Q9'],
      ['Su referencia', 'Jornadas Béticas 2026'],
    ],
    lines: [
      {
        date: '01/03/2026',
        desc: 'Alojamiento habitación doble superior',
        qty: Q(2),
        price: ct(145),
        rate: 1000,
      },
      {
        date: '01/03/2026',
        desc: 'Cena restaurante Mirador',
        sub: 'menú degustación, 4 comensales',
        qty: Q(4),
        price: ct(42),
        rate: 1000,
      },
      {
        date: '02/03/2026',
        desc: 'Alojamiento habitación doble superior',
        qty: Q(2),
        price: ct(145),
        rate: 1000,
      },
      { date: '02/03/2026', desc: 'Circuito spa', qty: Q(3), price: ct(25), rate: 2100 },
      { date: '02/03/2026', desc: 'Aparcamiento', qty: Q(1), price: ct(22), rate: 2100 },
      {
        date: '03/03/2026',
        desc: 'Alojamiento habitación doble superior',
        qty: Q(2),
        price: ct(145),
        rate: 1000,
      },
      { date: '03/03/2026', desc: 'Servicio de habitaciones', qty: Q(1), price: ct(36.5), rate: 1000 },
      { date: '04/03/2026', desc: 'Aparcamiento', qty: Q(2), price: ct(22), rate: 2100 },
    ],
    charges: [],
    cols: ['date', 'desc', 'qty', 'price', 'rate', 'amount'],
    head: {
      date: 'Fecha',
      desc: 'Concepto',
      qty: 'Cant.',
      price: 'Precio',
      rate: 'IVA',
      amount: 'Importe €',
    },
    totals: [
      { k: 'total', label: 'Total factura (IVA incluido)' },
      { k: 'advance', label: 'Entrega a cuenta 15/02/2026' },
      { k: 'due', label: 'Pendiente de pago', strong: true },
    ],
    advance: ct(300),
    vatTable: { title: 'Desglose de IVA', head: ['Tipo', 'Base', 'Cuota', 'Total'], sum: 'Total' },
    notes: [
      'Precios con IVA incluido. Pago mediante transferencia en un plazo de 30 días, indicando el número de factura.',
    ],
    t: {
      ...PAGE_WORDS.es,
      heading: 'FACTURA Nº H26-00911',
      payTitle: 'Datos bancarios',
      thanks: 'Gracias por su estancia. ¡Hasta pronto!',
    },
    ids: [],
    key: {
      number: 'H26-00911',
      issue: '2026-03-04',
      due: null,
      paymentRef: null,
      po: null,
      buyerRef: 'Jornadas Béticas 2026',
      sellerVat: `ES${cif}`,
      sellerReg: 'GR-41275',
      sellerEmail: 'recepcion@miradordarro.example',
      iban,
      bic: 'BGRAESG1XXX',
      buyerVat: `ES${bcif}`,
      printed: { issue: '04/03/2026', sellerVat: cifDash(cif), buyerVat: cifDash(bcif) },
    },
  };
}

const itFmt = (): Fmt =>
  mkFmt({ dec: ',', thou: '.', money: (n) => `€ ${n}`, gmoney: '"€ "#,##0.00', pct: '%' });

/** it-1 — Milan retail-software SaaS, WeasyPrint "saas"; 22 % and e-book at 4 %, discount line. */
function it1(): Doc {
  const piva = make.itIva('0482913015');
  const bpiva = make.itIva('0231845034');
  const iban = makeIban('IT', bban.it('08453', '01600', '000000741236'));
  return {
    file: 'it-1-weasyprint-saas',
    lang: 'it',
    gen: 'weasyprint',
    layout: 'saas',
    country: 'IT',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'it_IT',
    title: 'Fattura',
    f: itFmt(),
    seller: {
      name: 'Nuvolaria Software S.r.l.',
      brand: 'nuvolaria',
      tagline: 'Gestionale cloud per il retail',
      addr: ['Via Tortona 27', '20144 Milano (MI)'],
      contact: ['amministrazione@nuvolaria.example', 'Tel. 02 8942 1170'],
      legal: [
        'Nuvolaria Software S.r.l. – Via Tortona 27, 20144 Milano',
        `P.IVA e C.F. ${piva}`,
        'REA MI-2614839',
        'Capitale sociale € 20.000,00 i.v.',
      ],
      bank: [
        'Banca Lombarda del Naviglio',
        `IBAN ${fmtId.iban(iban)}`,
        'BIC BLNAITM1XXX',
        'Causale: numero fattura e codice cliente',
      ],
    },
    buyerLabel: 'Cliente',
    buyer: {
      name: 'Ottica Ferraresi S.n.c.',
      lines: ['Corso Garibaldi 12', '43121 Parma (PR)', `P.IVA ${bpiva}`, 'Codice destinatario SDI: M5UXCR1'],
    },
    shipTo: { label: 'Periodo', lines: ['01/03/2026 – 28/02/2027', 'rinnovo annuale'] },
    meta: [
      ['Fattura n.', '142/2026'],
      ['Data', '03/03/2026'],
      ['Scadenza', '02/04/2026'],
      ['Cod. cliente', 'CL-3381'],
      ['Vs. ordine', 'ORD-2026-0088'],
    ],
    lines: [
      {
        desc: 'Abbonamento Nuvolaria Retail — piano Pro',
        sub: 'canone annuale, 2 punti vendita',
        qty: Q(1),
        price: ct(1440),
        rate: 2200,
      },
      { desc: 'Utenti aggiuntivi (canone annuale)', qty: Q(3), price: ct(96), rate: 2200 },
      { desc: 'Migrazione dati dal gestionale precedente', qty: Q(1), price: ct(450), rate: 2200 },
      { desc: 'Sconto fedeltà 10% sull’abbonamento', qty: Q(1), price: ct(-144), rate: 2200 },
      { desc: 'Manuale operativo in formato e-book', qty: Q(1), price: ct(29), rate: 400 },
    ],
    charges: [],
    cols: ['desc', 'qty', 'price', 'rate', 'amount'],
    head: { desc: 'Descrizione', qty: 'Q.tà', price: 'Prezzo unitario', rate: 'IVA', amount: 'Importo' },
    totals: [
      { k: 'net', label: 'Totale imponibile' },
      { k: 'base', rate: 400, label: 'Imponibile IVA 4%' },
      { k: 'tax', rate: 400, label: 'IVA 4%' },
      { k: 'base', rate: 2200, label: 'Imponibile IVA 22%' },
      { k: 'tax', rate: 2200, label: 'IVA 22%' },
      { k: 'taxsum', label: 'Totale IVA' },
      { k: 'total', label: 'Totale documento', strong: true },
      { k: 'due', label: 'Netto a pagare' },
    ],
    notes: [
      'Pagamento: bonifico bancario entro la data di scadenza.',
      'Fattura elettronica trasmessa tramite SdI: il presente documento è una copia di cortesia.',
      'E-book: aliquota IVA 4% (Tabella A, parte II, n. 18, DPR 633/72).',
    ],
    t: {
      ...PAGE_WORDS.it,
      from: 'Fornitore',
      payTitle: 'Coordinate per il pagamento',
      logo: 'nv',
      accent: '#0369a1',
    },
    ids: [],
    key: {
      number: '142/2026',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'ORD-2026-0088',
      buyerRef: null,
      sellerVat: `IT${piva}`,
      sellerReg: 'MI-2614839',
      sellerEmail: 'amministrazione@nuvolaria.example',
      iban,
      bic: 'BLNAITM1XXX',
      buyerVat: `IT${bpiva}`,
      printed: { issue: '03/03/2026', due: '02/04/2026', sellerVat: piva, buyerVat: bpiva },
    },
  };
}

/** it-2 — engineering practice, Gnumeric "boxed"; pension contribution 4 %, 22 % VAT, 20 % ritenuta. */
function it2(): Doc {
  const piva = make.itIva('0392817016');
  const bpiva = make.itIva('0217364016');
  const iban = makeIban('IT', bban.it('06920', '11100', '000000482193'));
  return {
    file: 'it-2-gnumeric-boxed',
    lang: 'it',
    gen: 'gnumeric',
    layout: 'boxed',
    country: 'IT',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'it_IT',
    title: 'FATTURA',
    f: itFmt(),
    seller: {
      name: 'Studio Associato Ferrandi & Colombo Ingegneri',
      brand: 'STUDIO FERRANDI & COLOMBO',
      addr: ['Via XX Settembre 44', '24122 Bergamo (BG)'],
      contact: ['Tel. 035 24 18 90', 'studio@ferrandicolombo.example'],
      legal: [
        'Ing. Paolo Ferrandi – Ordine degli Ingegneri di Bergamo n. 3127 · Ing. Chiara Colombo – n. 3584',
      ],
      bank: ['Credito Orobico – Filiale di Bergamo Centro', `IBAN ${fmtId.iban(iban)}   BIC CROBIT2BXXX`],
    },
    buyerLabel: 'SPETT.LE',
    buyer: {
      name: 'Edilizia Brembana S.p.A.',
      lines: ['Via Provinciale 8', '24019 Zogno (BG)', `P.IVA ${bpiva}`],
    },
    meta: [
      ['FATTURA N.', '18/2026'],
      ['DATA', { date: '2026-03-03', text: '3 marzo 2026', fmt: 'd mmmm yyyy' }],
      ['CODICE CLIENTE', 'EB-07'],
      ['COMMESSA', 'C-25/112'],
      ['RIF. CLIENTE', 'Ampliamento Zogno'],
      ['PAGAMENTO', 'Bonifico 30 gg d.f.'],
    ],
    lines: [
      {
        desc: 'Progettazione strutturale ampliamento capannone – acconto 2° SAL',
        qty: Q(1),
        price: ct(4800),
        rate: 2200,
      },
      { desc: 'Direzione lavori, febbraio 2026', qty: Q(1), price: ct(1200), rate: 2200 },
      { desc: 'Pratica di deposito sismico', qty: Q(1), price: ct(650), rate: 2200 },
    ],
    charges: [{ label: 'Contributo integrativo Inarcassa 4%', amount: ct(266), rate: 2200 }],
    withholding: { base: ct(6650), rate: 2000 },
    cols: ['desc', 'qty', 'price', 'amount'],
    head: { desc: 'DESCRIZIONE PRESTAZIONE', qty: 'Q.TÀ', price: 'PREZZO', amount: 'TOTALE' },
    totals: [
      { k: 'lines', label: 'Totale onorari' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Imponibile IVA' },
      { k: 'tax', rate: 2200, label: 'IVA 22%' },
      { k: 'total', label: 'Totale documento', strong: true },
      { k: 'withholding', label: 'Ritenuta d’acconto 20% su onorari' },
      { k: 'due', label: 'Netto a pagare', strong: true },
    ],
    notes: [
      'Pagamento: bonifico bancario a 30 giorni data fattura.',
      'Ritenuta d’acconto del 20% da versare a cura del committente (art. 25 DPR 600/73). Contributo integrativo 4% ai sensi della L. 6/1981.',
    ],
    t: {
      ...PAGE_WORDS.it,
      sheet: 'Fattura',
      accent: '#1e3a5f',
      payTitle: 'COORDINATE BANCARIE',
      sellerIds: `P.IVA e C.F. ${piva}`,
    },
    ids: [],
    key: {
      number: '18/2026',
      issue: '2026-03-03',
      due: null,
      paymentRef: null,
      po: null,
      buyerRef: 'Ampliamento Zogno',
      sellerVat: `IT${piva}`,
      sellerReg: null,
      sellerEmail: 'studio@ferrandicolombo.example',
      iban,
      bic: 'CROBIT2BXXX',
      buyerVat: `IT${bpiva}`,
      printed: { issue: '3 marzo 2026', sellerVat: piva, buyerVat: bpiva },
    },
  };
}

/** it-3 — Verona electricians to a condominium, FPDF "craft"; 10 % and 22 %, advance deducted. */
function it3(): Doc {
  const piva = make.itIva('0381927023');
  const cf = make.itIva('9318472023');
  const iban = makeIban('IT', bban.it('08315', '11702', '000000061742'));
  return {
    file: 'it-3-fpdf-craft',
    lang: 'it',
    gen: 'fpdf',
    layout: 'craft',
    country: 'IT',
    type: '380',
    pages: 1,
    currency: 'EUR',
    locale: 'it_IT',
    title: 'FATTURA',
    f: mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €`, gmoney: '', pct: '%' }),
    seller: {
      name: 'Impianti Elettrici Bonetti Mario & Figli S.n.c.',
      brand: 'BONETTI IMPIANTI',
      tagline: 'Impianti elettrici civili e industriali · Domotica · Verifiche',
      addr: ["Via dell'Artigianato 9", '37135 Verona (VR)'],
      contact: ['Tel. 045 820 14 63', 'Fax 045 820 14 64', 'info@bonettimpianti.example'],
      legal: [
        'Impianti Elettrici Bonetti Mario & Figli S.n.c.',
        `P.IVA ${piva}`,
        'REA VR-318274',
        'Albo Imprese Artigiane VR 41827',
      ],
      bank: ['Banca Cooperativa della Valpolicella', `IBAN ${fmtId.iban(iban)}`, 'BIC BCVAIT2VXXX'],
    },
    buyerLabel: 'Spett.le',
    buyer: {
      name: 'Condominio Residenza Adige',
      lines: [
        'c/o Studio Amministrazioni Pellegrini',
        'Lungadige Porta Vittoria 18',
        '37129 Verona (VR)',
        `C.F. ${cf}`,
      ],
    },
    meta: [
      ['Fattura N.', '87'],
      ['Data', '03.03.2026'],
      ['Cod. cliente', '0412'],
      ['DDT n.', '112 del 25/02/2026'],
      ['Vs. ordine n.', '14/2026'],
      ['Pagamento', 'Bonifico 30 gg d.f.'],
    ],
    lines: [
      {
        desc: 'Rifacimento impianto illuminazione vano scala, 6 piani',
        qty: Q(1),
        unit: 'a corpo',
        price: ct(2380),
        rate: 1000,
      },
      {
        desc: 'Plafoniere LED 18 W con sensore di presenza',
        qty: Q(24),
        unit: 'pz',
        price: ct(46.5),
        rate: 1000,
      },
      { desc: 'Manodopera elettricista specializzato', qty: Q(32), unit: 'h', price: ct(34), rate: 1000 },
      {
        desc: 'Verifica impianto di messa a terra con verbale',
        qty: Q(1),
        unit: 'n.',
        price: ct(280),
        rate: 2200,
      },
      { desc: 'Diritto fisso di trasferta', qty: Q(1), unit: 'n.', price: ct(60), rate: 2200 },
    ],
    charges: [],
    cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      pos: 'N.',
      desc: 'Descrizione',
      qty: 'Q.tà',
      unit: 'U.M.',
      price: 'Prezzo',
      rate: 'IVA',
      amount: 'Importo',
    },
    totals: [
      { k: 'net', label: 'Totale imponibile' },
      { k: 'tax', rate: 1000, label: 'IVA 10% su {base}' },
      { k: 'tax', rate: 2200, label: 'IVA 22% su {base}' },
      { k: 'taxsum', label: 'Totale IVA' },
      { k: 'total', label: 'Totale fattura', strong: true },
      { k: 'advance', label: 'Acconto ricevuto il 15/01/2026' },
      { k: 'due', label: 'Netto a pagare', strong: true },
    ],
    advance: ct(1000),
    notes: [
      'IVA agevolata 10% per interventi di manutenzione straordinaria su edifici a prevalente destinazione abitativa (art. 7, c. 1, lett. b, L. 488/1999).',
      'Pagamento a mezzo bonifico bancario a 30 giorni data fattura.',
    ],
    t: {
      ...PAGE_WORDS.it,
      heading: 'FATTURA N. 87 DEL 03.03.2026',
      intro:
        'Lavori eseguiti presso il condominio di Lungadige Porta Vittoria 18, come da preventivo accettato n. P-2025-188.',
      signature: '',
    },
    ids: [['itVat', `IT${cf}`]],
    key: {
      number: '87',
      issue: '2026-03-03',
      due: null,
      paymentRef: null,
      po: '14/2026',
      buyerRef: null,
      sellerVat: `IT${piva}`,
      sellerReg: 'VR-318274',
      sellerEmail: 'info@bonettimpianti.example',
      iban,
      bic: 'BCVAIT2VXXX',
      buyerVat: null,
      printed: { issue: '03.03.2026', sellerVat: piva },
    },
  };
}

/** it-4 — Bologna beverage and food distributor, WeasyPrint "wholesale", 2 pages; 4 / 10 / 22 %. */
function it4(): Doc {
  const piva = make.itIva('0318274037');
  const bpiva = make.itIva('0291834036');
  const iban = makeIban('IT', bban.it('06270', '02400', '000000218734'));
  const items: Array<[string, string, number, string, number, number, number?]> = [
    ['VN101', 'Lambrusco di Sorbara DOC 0,75 l', 60, 'bt', 4.2, 2200],
    ['VN105', 'Sangiovese di Romagna DOC 0,75 l', 48, 'bt', 5.1, 2200],
    ['VN110', 'Pignoletto frizzante DOC 0,75 l', 36, 'bt', 4.8, 2200],
    ['VN120', 'Prosecco DOC extra dry 0,75 l', 24, 'bt', 6.9, 2200, 5],
    ['VN130', 'Albana di Romagna DOCG 0,75 l', 12, 'bt', 8.4, 2200],
    ['BR201', 'Birra lager fusto 20 l', 6, 'fs', 58, 2200],
    ['BR205', 'Birra artigianale IPA 0,33 l', 72, 'bt', 1.65, 2200],
    ['AC301', 'Acqua minerale naturale 0,5 l, conf. 24', 20, 'cf', 4.9, 2200],
    ['AC302', 'Acqua minerale frizzante 0,5 l, conf. 24', 20, 'cf', 4.9, 2200],
    ['AC310', 'Acqua minerale vetro 0,75 l, cassa 12', 15, 'cs', 7.2, 2200],
    ['BI401', 'Aranciata vetro 0,2 l, cassa 24', 8, 'cs', 14.4, 2200],
    ['BI405', 'Chinotto vetro 0,2 l, cassa 24', 4, 'cs', 15.1, 2200],
    ['BI410', 'Succo di pesca 0,2 l, cassa 24', 6, 'cs', 13.6, 2200],
    ['CF501', 'Caffè in grani miscela bar 1 kg', 20, 'kg', 17.8, 2200, 3],
    ['CF505', 'Caffè decaffeinato in grani 500 g', 6, 'pz', 10.9, 2200],
    ['LQ601', 'Amaro alle erbe 1 l', 6, 'bt', 13.5, 2200],
    ['LQ610', 'Grappa di Sangiovese 0,7 l', 4, 'bt', 19.8, 2200],
    ['AL701', 'Zucchero semolato 1 kg', 30, 'kg', 1.15, 1000],
    ['AL705', 'Zucchero di canna bustine, conf. 1000', 2, 'cf', 16.4, 1000],
    ['AL710', 'Aceto balsamico di Modena IGP 0,5 l', 12, 'bt', 4.6, 1000],
    ['AL720', 'Prosciutto crudo di Parma DOP disossato', 8.2, 'kg', 21.9, 1000],
    ['AL721', 'Mortadella Bologna IGP, trancio', 6.5, 'kg', 11.4, 1000],
    ['AL730', 'Tè nero in filtri, conf. 100', 4, 'cf', 6.8, 1000],
    ['AL801', 'Parmigiano Reggiano DOP 24 mesi', 12.4, 'kg', 19.2, 400],
    ['AL805', 'Mozzarella fior di latte 1 kg', 15, 'kg', 7.4, 400],
    ['AL810', 'Pasta secca tagliatelle all’uovo 500 g', 40, 'pz', 2.35, 400],
    ['AL812', 'Pasta secca rigatoni 5 kg', 6, 'pz', 9.8, 400],
    ['AL820', 'Passata di pomodoro 700 g', 48, 'pz', 1.1, 400],
    ['AL830', 'Olio extra vergine di oliva 5 l', 6, 'ln', 42, 400],
    ['AL840', 'Uova fresche categoria A, cartone 90', 3, 'ct', 21.6, 400],
    ['AL850', 'Latte intero UHT 1 l', 36, 'pz', 1.05, 400],
    ['AL860', 'Farina di grano tenero tipo 00, 10 kg', 5, 'sc', 8.7, 400],
  ];
  const lines: Line[] = items.map(([code, desc, qty, unit, price, rate, disc]) => ({
    code,
    desc,
    qty: Q(qty),
    unit,
    price: ct(price),
    rate,
    ...(disc ? { disc } : {}),
  }));
  return {
    file: 'it-4-weasyprint-wholesale',
    lang: 'it',
    gen: 'weasyprint',
    layout: 'wholesale',
    country: 'IT',
    type: '380',
    pages: 2,
    currency: 'EUR',
    locale: 'it_IT',
    title: 'Fattura n. 2026/FV/00873 del 03/03/2026',
    f: itFmt(),
    seller: {
      name: "Ca' Rossa Distribuzione Bevande S.r.l.",
      brand: 'CA’ ROSSA',
      tagline: 'Distribuzione bevande e alimentari per l’Ho.Re.Ca.',
      addr: ['Via del Lavoro 62', '40127 Bologna (BO)'],
      contact: ['Tel. 051 632 48 10', 'Fax 051 632 48 19', 'ordini@carossa-bevande.example'],
      legal: [
        "Ca' Rossa Distribuzione Bevande S.r.l. – Via del Lavoro 62, 40127 Bologna",
        `P.IVA/C.F. ${piva} – REA BO-527194 – Cap. soc. € 50.000,00 i.v.`,
      ],
      bank: [
        `Banca Emiliana – ABI 06270 CAB 02400 c/c 000000218734 – IBAN ${fmtId.iban(iban)} – BIC BEMIIT3BXXX`,
      ],
    },
    buyerLabel: 'Intestatario',
    buyer: {
      name: 'Gruppo Ristorazione Emiliana S.r.l.',
      lines: ['Via Emilia Est 210', '41121 Modena (MO)', `P.IVA ${bpiva}`],
    },
    shipTo: { label: 'Destinazione merce', lines: ['Osteria del Portico', 'Piazza Grande 7, 41121 Modena'] },
    meta: [
      ['Fattura n.', '2026/FV/00873'],
      ['Data documento', '03/03/2026'],
      ['Cod. cliente', 'C00417'],
      ['DDT', 'n. 1452 del 02/03/2026'],
      ['Vs. ordine', 'GRE-0331'],
      ['Agente', '12 – Bertoni'],
      ['Pagamento', 'Bonifico 30 gg d.f.f.m.'],
      ['Scadenza', '30/04/2026'],
    ],
    lines,
    charges: [{ label: 'Spese di trasporto', amount: ct(35), rate: 2200 }],
    cols: ['pos', 'code', 'desc', 'qty', 'unit', 'price', 'disc', 'rate', 'amount'],
    head: {
      pos: 'Riga',
      code: 'Codice',
      desc: 'Descrizione',
      qty: 'Q.tà',
      unit: 'UM',
      price: 'Prezzo',
      disc: 'Sc.',
      rate: 'IVA',
      amount: 'Importo',
    },
    breakAfter: 20,
    carryOut: 'A riportare',
    carryIn: 'Riporto',
    totals: [
      { k: 'lines', label: 'Totale merce' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Totale imponibile' },
      { k: 'tax', rate: 400, label: 'IVA 4% su {base}' },
      { k: 'tax', rate: 1000, label: 'IVA 10% su {base}' },
      { k: 'tax', rate: 2200, label: 'IVA 22% su {base}' },
      { k: 'taxsum', label: 'Totale IVA' },
      { k: 'total', label: 'Totale documento', strong: true },
      { k: 'due', label: 'Netto a pagare', strong: true },
    ],
    vatTable: { title: 'Riepilogo IVA', head: ['Aliquota', 'Imponibile', 'Imposta', 'Totale'] },
    notes: [
      'Scadenza pagamento: 30/04/2026 (bonifico 30 gg data fattura fine mese).',
      'Contributo ambientale CONAI assolto ove dovuto. Merce viaggiante a rischio e pericolo del committente.',
    ],
    t: { ...PAGE_WORDS.it, runhead: 'Fattura 2026/FV/00873 del 03/03/2026 · Cliente C00417' },
    ids: [],
    key: {
      number: '2026/FV/00873',
      issue: '2026-03-03',
      due: '2026-04-30',
      paymentRef: null,
      po: 'GRE-0331',
      buyerRef: null,
      sellerVat: `IT${piva}`,
      sellerReg: 'BO-527194',
      sellerEmail: 'ordini@carossa-bevande.example',
      iban,
      bic: 'BEMIIT3BXXX',
      buyerVat: `IT${bpiva}`,
      printed: { issue: '03/03/2026', due: '30/04/2026', sellerVat: piva, buyerVat: bpiva },
    },
  };
}

const SPECS: Array<() => Doc> = [
  en1,
  en2,
  en3,
  en4,
  de1,
  de2,
  de3,
  de4,
  fr1,
  fr2,
  fr3,
  fr4,
  nl1,
  nl2,
  nl3,
  nl4,
  es1,
  es2,
  es3,
  es4,
  it1,
  it2,
  it3,
  it4,
];

main();
