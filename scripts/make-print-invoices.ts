/**
 * make-print-invoices.ts — held-out ("blind") capture corpus: 24 supplier invoices printed by three
 * PDF generators the extractor was never tuned on (Apache FOP, jsPDF, Ghostscript from hand-written
 * PostScript), with one answer key per PDF.
 *
 * Run (from the repository root):
 *
 *   node --import tsx scripts/make-print-invoices.ts          # all 24 documents
 *   node --import tsx scripts/make-print-invoices.ts nl-      # only files whose name contains "nl-"
 *
 * Output: $PRINT_INVOICES_OUT (default test/fixtures/capture/print-blind)/<lang>-<n>-<generator>-
 * <layout>.pdf and, beside each, <same name>.key.json (the answer key). Build intermediates (.fo,
 * .ps, fop.xconf) go to /tmp/print-build/. After rendering, every document is checked against its
 * own text layer and the run exits non-zero if any check fails.
 *
 * Requirements (Debian 12; all offline once installed):
 *   apt-get install -y fop ghostscript groff fonts-urw-base35 fonts-dejavu fonts-liberation \
 *     poppler-utils python3-stdnum
 *   npm install --prefix /tmp/print-build/jspdf --no-save --no-audit --no-fund jspdf@4.2.1 jspdf-autotable
 * Apache FOP 2.8 (`fop`), Ghostscript 10 (`gs`, pdfwrite, URW base35 fonts), pdftotext/pdfinfo,
 * /usr/bin/python3 with python3-stdnum (the identifier cross-check). jsPDF 4.2.1 and
 * jspdf-autotable 5 are loaded with createRequire from /tmp/print-build/jspdf (never installed in
 * the repository).
 *
 * Generators and layouts (8 documents each; every language uses all three generators):
 *   fop    XSL-FO written directly: first/rest page masters, static-content headers and footers
 *          with "Seite 1 von 2" (page-number-citation), fo:table with repeated table-header,
 *          absolutely positioned block-containers, leaders. Base-14 Helvetica, or DejaVu Sans/Serif
 *          and Liberation Sans/Serif embedded (subset) through a generated fop.xconf.
 *          erp       — ERP print: DIN-style address window with sender line, info block, ruled
 *                      item table, totals, VAT analysis, four-column footer (en-2, nl-1, es-1)
 *          einvoice  — e-invoice visualisation (Peppol BIS / XRechnung / FatturaPA courtesy copy):
 *                      grey section bars, label…value leaders (en-4, de-2, it-1)
 *          classic   — serif letterhead, caption-above-value header grid, fully ruled table,
 *                      boxed totals with leaders (fr-3, nl-4)
 *   jspdf  jsPDF 4.2.1 + jspdf-autotable (standard WinAnsi Helvetica, or DejaVuSans embedded via
 *          addFileToVFS/addFont).
 *          band      — SaaS invoice: coloured header band with white text, striped autotable,
 *                      totals on a coloured band, 3-column footer (en-1, fr-4, es-4)
 *          grid      — business-app invoice in DejaVuSans: caption/value grid, grid tables; de-3
 *                      carries a Swiss QR-bill payment part (receipt + payment part) (de-3, nl-2)
 *          compact   — small-type web-app invoice: from/to/meta columns, plain table (fr-1, es-2,
 *                      it-3)
 *   gs     Hand-written PostScript (findfont/scalefont, show, stringwidth right alignment,
 *          lineto/stroke rules, rectfill grey boxes) with NimbusSans/NimbusMonoPS re-encoded to
 *          ISOLatin1 plus /Euro, /endash, /bullet, /emdash, /quoteright at free codes (and the
 *          ASCII quotesingle/grave/hyphen at 39/96/45), converted by gs -sDEVICE=pdfwrite.
 *          form      — preprinted form: boxes with tiny captions above values, ruled item frame of
 *                      fixed height, totals as a row of boxes, footer boxes (de-4, nl-3, it-2)
 *          spool     — continuous-stationery spool print in NimbusMonoPS, fixed columns; de-1 and
 *                      it-4 run to two pages with carried-forward lines (de-1, es-3, it-4)
 *          letter    — modern letter: accent bar, address window, hairline table (en-3, fr-2)
 *
 * Features covered: EN (UK, IE), DE (DE, AT, CH), FR (FR, BE, LU), NL (NL, BE), ES, IT suppliers;
 * GBP (en-1, en-3), CHF with QR-IBAN and 27-digit QR reference (de-3); several VAT rates on one
 * invoice (20/0, 13.5/23, 7/19, 13/20, 2.6/8.1, 5.5/10/20, 6/21, 3/17, 9/21, 4/10/21, 4/10/22);
 * discount and negative lines, empties credits, shipping/transport charges; advances deducted
 * (en-3, de-2, de-4, fr-1, nl-4, es-4); Spanish IRPF 15 % (es-2); Italian ritenuta d'acconto 20 %
 * with Inarcassa 4 % contribution (it-3); reverse charge / intra-EU 0 % (en-4, nl-4); credit notes
 * printed positive (fr-3 avoir) and negative (nl-2 creditnota); five 2-page documents with page
 * subtotals carried forward (en-2, de-1, fr-4, nl-4, it-4); RF creditor reference (fr-4); Belgian
 * structured communications (fr-2, nl-3); Italian SDI code, CIG and CUP (it-1); German Leitweg-ID
 * as buyer reference (de-2). Dates numeric with dots, slashes and dashes, two-digit years (en-3,
 * de-1, fr-3, es-3, it-4), ISO (en-4) and written months; amounts 1,234.56 / 1.234,56 / 1 234,56
 * (space or no-break space) / 1'234.56, currency symbol before or after, or an ISO code.
 * Distractors: customer, delivery-note, order-confirmation, quote, contract and DDT numbers, the
 * buyer's VAT id next to the seller's, Steuernummer, phone/fax, sort codes and national account
 * numbers beside the IBAN, second bank accounts (de-1, it-4), previous balances, service periods,
 * Skonto dates, share capital, original-invoice numbers on credit notes, page subtotals.
 * Identifiers carry real check digits, computed by the make.* builders and re-validated by idValid
 * before anything is rendered: IBAN (mod 97 and length, plus national keys for BE, FR, ES, IT, NL),
 * VAT ids (DE, AT, FR, NL, BE, ES CIF/NIF, IT, GB, IE, LU, CH UID/MWST), SIREN/SIRET (Luhn), codice
 * fiscale, RF creditor references (ISO 11649), Belgian structured communications (mod 97), Swiss
 * QR reference (mod 10 recursive) with a QR-IBAN (IID 30000–31999), Leitweg-ID (mod 97-10). All of
 * them (and the BICs and Steuernummern) are checked once more by python3-stdnum; the run stops if
 * either check fails. Austrian FN check letters and UK/IE sort-code checks are not modelled.
 *
 * Answer key (<name>.key.json): values as printed, normalised. Amounts are plain decimals with two
 * places; credit notes carry positive magnitudes. total_net = lines + charges subject to VAT;
 * total = total_net + total_tax; amount_due = total − advance − withholding (the credited total on
 * a credit note). tax_breakdown has one entry per rate, tax rounded half up per rate from the net
 * of that rate; integer-cent arithmetic only. issue_date is the invoice date; due_date only where a
 * date is printed. VAT ids with country prefix and no separators; registration ids without
 * court/town; payment_reference as printed (RF/QR without spaces, Belgian structured communication
 * without +++); purchase_order is the buyer's order number; buyer_reference the buyer's "your
 * reference"/Leitweg-ID; fields not printed are null. Serialised with JSON.stringify(key, null, 2).
 *
 * Verification: for each PDF, pdfinfo gives the page count and pdftotext (-layout and raw) must
 * contain every non-null key value in the form it was printed (dates and amounts in their local
 * form, total and amount due on the last page, carried-forward rows on pages 1 and 2); the text
 * layer must not be garbled (no U+FFFD, no UTF-8-as-Latin-1), and every accented letter and € of the
 * source strings must come back.
 *
 * Determinism: no clock, no randomness. FOP takes its CreationDate from xmp:CreateDate in
 * fo:declarations; jsPDF gets setCreationDate and setFileId; Ghostscript runs with
 * SOURCE_DATE_EPOCH. The run-dependent strings FOP and Ghostscript still write (trailer /ID,
 * XMP uuids, xmp:MetadataDate, dc:date) are overwritten with fixed strings of the same length
 * derived from the file name. Two runs give byte-identical files.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

// ---------------------------------------------------------------------------------------------
// Paths and constants
// ---------------------------------------------------------------------------------------------

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = process.env.PRINT_INVOICES_OUT ?? join(ROOT, 'test/fixtures/capture/print-blind');
const BUILD = '/tmp/print-build';
const JSPDF_DIR = join(BUILD, 'jspdf');
/** python3 with the Debian python3-stdnum package (a pyenv shim on PATH may lack it). */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
/** 2026-03-06 12:00:00 UTC: the fixed creation date of every PDF. */
const EPOCH = 1772798400;
const FIXED_DATE = new Date(EPOCH * 1000);
const XMP_DATE = '2026-03-06T12:00:00Z';

// ---------------------------------------------------------------------------------------------
// Integer money arithmetic: cents, quantities in thousandths, VAT rates in basis points.
// ---------------------------------------------------------------------------------------------

/** a / b rounded half up (away from zero for negative a), b > 0. */
function divRound(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b <= 0) throw new Error(`divRound(${a}, ${b})`);
  const sign = a < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(a) + b) / (2 * b));
}

const groupDigits = (int: string, sep: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

/** cents -> "1.234,56" (signed). */
function dec(cents: number, decimal: string, thousands: string): string {
  const a = Math.abs(cents);
  const int = groupDigits(String(Math.floor(a / 100)), thousands);
  return (cents < 0 ? '-' : '') + int + decimal + String(a % 100).padStart(2, '0');
}

/** thousandths -> "2", "1,5", "12.25"; or with a fixed number of decimals. */
function qtyStr(milli: number, decimal: string, fixed?: number): string {
  const int = Math.trunc(milli / 1000);
  let frac = String(Math.abs(milli % 1000)).padStart(3, '0');
  frac = fixed !== undefined ? frac.slice(0, fixed).padEnd(fixed, '0') : frac.replace(/0+$/, '');
  return frac ? `${int}${decimal}${frac}` : String(int);
}

/** basis points -> "19", "5,5", "8.1", "13.5". */
function rateStr(bp: number, decimal: string): string {
  if (bp % 100 === 0) return String(bp / 100);
  return (bp / 100).toFixed(bp % 10 === 0 ? 1 : 2).replace('.', decimal);
}

const rateKey = (bp: number): string => rateStr(bp, '.');
const plain = (cents: number): string => dec(cents, '.', '');

// ---------------------------------------------------------------------------------------------
// Dates
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

/** "3 March 2026", "3. März 2026", "3 de marzo de 2026", "3 mars 2026". */
function longDate(iso: string, lang: Lang): string {
  const [y, m, d] = ymd(iso);
  const month = MONTHS[lang][m - 1] ?? '?';
  if (lang === 'de') return `${d}. ${month} ${y}`;
  if (lang === 'es') return `${d} de ${month} de ${y}`;
  return `${d} ${month} ${y}`;
}

// ---------------------------------------------------------------------------------------------
// Check digits. Every identifier printed is built by a make.* builder and re-validated by
// idValid before anything is rendered, then once more by python3-stdnum (stdnumCheck).
// ---------------------------------------------------------------------------------------------

const lettersToDigits = (s: string): string => s.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));

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
  return `${cc}${pad2(98 - mod97(lettersToDigits(`${bban}${cc}00`)))}${bban}`;
}

/** Spanish CCC control digit over 10 digits. */
function esControl(ten: string): number {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  let s = 0;
  for (let i = 0; i < 10; i++) s += digitAt(ten, i) * (w[i] ?? 0);
  const r = 11 - (s % 11);
  return r === 11 ? 0 : r === 10 ? 1 : r;
}

/** Italian odd-position table (CIN of a bank account, check character of a codice fiscale). */
const IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
function itCheckChar(s: string): string {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] ?? '0';
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? (IT_ODD[v] ?? 0) : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** French RIB key over bank (5), branch (5), account (11 digits). */
function frRibKey(bank: string, branch: string, account: string): number {
  return 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97);
}

function nlElfproef(acct10: string): boolean {
  let s = 0;
  for (let i = 0; i < 10; i++) s += digitAt(acct10, i) * (10 - i);
  return s % 11 === 0;
}

const bban = {
  de: (blz: string, konto: string): string => digits(blz, 8, 'BLZ') + konto.padStart(10, '0'),
  at: (blz: string, konto: string): string => digits(blz, 5, 'BLZ') + konto.padStart(11, '0'),
  ch: (iid: string, acct: string): string => digits(iid, 5, 'IID') + acct.padStart(12, '0'),
  lu: (bank: string, acct: string): string => digits(bank, 3, 'LU bank') + acct.padStart(13, '0'),
  gb: (bank: string, sort: string, acct: string): string => bank + digits(sort, 6, 'sort code') + acct,
  ie: (bank: string, sort: string, acct: string): string => bank + digits(sort, 6, 'NSC') + acct,
  be: (bank: string, acct: string): string => {
    const ten = digits(bank + acct, 10, 'BE account');
    return ten + pad2(mod97(ten) || 97);
  },
  fr: (bank: string, branch: string, acct: string): string =>
    bank + branch + acct + pad2(frRibKey(bank, branch, acct)),
  es: (bank: string, branch: string, acct: string): string =>
    `${bank}${branch}${esControl(`00${bank}${branch}`)}${esControl(acct)}${acct}`,
  it: (abi: string, cab: string, conto: string): string => {
    const s = abi + cab + conto.padStart(12, '0');
    return itCheckChar(s) + s;
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
      return b[0] === itCheckChar(b.slice(1));
    case 'NL':
      return nlElfproef(b.slice(4));
    case 'CH':
    case 'AT':
    case 'DE':
      return /^\d+$/.test(b);
    default:
      return true;
  }
}

/** ISO 7064 MOD 11,10 (German USt-IdNr.). */
function mod11_10(ds: string): number {
  let p = 10;
  for (let i = 0; i < ds.length; i++) {
    let s = (digitAt(ds, i) + p) % 10;
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

function luhnDigit(ds: string): number {
  let s = 0;
  for (let i = 0; i < ds.length; i++) {
    const d = digitAt(ds, i);
    s += (ds.length - i) % 2 === 1 ? digitSum(2 * d) : d;
  }
  return (10 - (s % 10)) % 10;
}

function luhnValid(ds: string): boolean {
  let s = 0;
  for (let i = 0; i < ds.length; i++) {
    const d = digitAt(ds, ds.length - 1 - i);
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
  for (let i = 0; i < 10; i++) s += i % 2 === 0 ? digitAt(d10, i) : digitSum(2 * digitAt(d10, i));
  return (10 - (s % 10)) % 10;
}

function gbVatSum(d7: string): number {
  let s = 0;
  for (let i = 0; i < 7; i++) s += digitAt(d7, i) * (8 - i);
  return s;
}

function ieVatLetter(d7: string): string {
  return 'WABCDEFGHIJKLMNOPQRSTUV'[gbVatSum(d7) % 23] ?? '?';
}

function chUidCheck(d8: string): number {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  let s = 0;
  for (let i = 0; i < 8; i++) s += digitAt(d8, i) * (w[i] ?? 0);
  const c = 11 - (s % 11);
  if (c === 10) throw new Error(`CH UID ${d8}: check would be 10`);
  return c === 11 ? 0 : c;
}

const QR_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
function mod10Recursive(ds: string): number {
  let carry = 0;
  for (let i = 0; i < ds.length; i++) carry = QR_TABLE[(carry + digitAt(ds, i)) % 10] ?? 0;
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
  beEnt: (d8: string): string => digits(d8, 8, 'BE KBO') + pad2(97 - (Number(d8) % 97)),
  esCif: (letter: string, d7: string): string => `${letter}${digits(d7, 7, 'CIF')}${esCifControl(d7)}`,
  esNif: (d8: string): string => digits(d8, 8, 'NIF') + NIF_LETTERS[Number(d8) % 23],
  itIva: (d10: string): string => digits(d10, 10, 'P.IVA') + itIvaCheck(d10),
  itCf: (fifteen: string): string => fifteen + itCheckChar(fifteen),
  gbVat: (d7: string): string => `GB${digits(d7, 7, 'GB VAT')}${pad2((97 - (gbVatSum(d7) % 97)) % 97)}`,
  ieVat: (d7: string): string => `IE${digits(d7, 7, 'IE VAT')}${ieVatLetter(d7)}`,
  luVat: (d6: string): string => `LU${digits(d6, 6, 'LU VAT')}${pad2(Number(d6) % 89)}`,
  chUid: (d8: string): string => `CHE${digits(d8, 8, 'CH UID')}${chUidCheck(d8)}`,
  rf: (ref: string): string => `RF${pad2(98 - mod97(lettersToDigits(`${ref}RF00`)))}${ref}`,
  /** Belgian structured communication, 12 digits, printed +++123/4567/89012+++. */
  beOgm: (d10: string): string => digits(d10, 10, 'OGM') + pad2(Number(d10) % 97 || 97),
  qrRef: (d26: string): string => digits(d26, 26, 'QR ref') + mod10Recursive(d26),
  leitweg: (head: string): string =>
    `${head}-${pad2(98 - mod97(lettersToDigits(`${head.replace(/-/g, '')}00`)))}`,
};

type IdKind =
  | 'iban'
  | 'qrIban'
  | 'bic'
  | 'vat'
  | 'siren'
  | 'siret'
  | 'beEnt'
  | 'esNif'
  | 'itCf'
  | 'chUid'
  | 'rf'
  | 'beOgm'
  | 'qrRef'
  | 'leitweg'
  | 'deStnr';

function vatValid(v: string): boolean {
  const cc = v.slice(0, 2);
  const b = v.slice(2);
  switch (cc) {
    case 'DE':
      return /^\d{9}$/.test(b) && mod11_10(b.slice(0, 8)) === digitAt(b, 8);
    case 'AT':
      return /^U\d{8}$/.test(b) && atUidCheck(b.slice(1, 8)) === digitAt(b, 8);
    case 'FR':
      return /^\d{11}$/.test(b) && Number(b.slice(0, 2)) === (12 + 3 * (Number(b.slice(2)) % 97)) % 97;
    case 'NL':
      return /^\d{9}B\d{2}$/.test(b) && nlBtwCheck(b.slice(0, 8)) === digitAt(b, 8);
    case 'BE':
      return idValid('beEnt', b);
    case 'ES':
      if (/^\d{8}[A-Z]$/.test(b)) return idValid('esNif', b);
      return /^[ABCDEFGHJUV]\d{8}$/.test(b) && esCifControl(b.slice(1, 8)) === digitAt(b, 8);
    case 'IT':
      return /^\d{11}$/.test(b) && itIvaCheck(b.slice(0, 10)) === digitAt(b, 10);
    case 'GB':
      return /^\d{9}$/.test(b) && (gbVatSum(b.slice(0, 7)) + Number(b.slice(7))) % 97 === 0;
    case 'IE':
      return /^\d{7}[A-W]$/.test(b) && ieVatLetter(b.slice(0, 7)) === b[7];
    case 'LU':
      return /^\d{8}$/.test(b) && Number(b.slice(0, 6)) % 89 === Number(b.slice(6));
    case 'CH': {
      const m = /^(CHE\d{9})(MWST|TVA|IVA)$/.exec(v);
      return m !== null && idValid('chUid', m[1] ?? '');
    }
    default:
      return false;
  }
}

function idValid(kind: IdKind, v: string): boolean {
  switch (kind) {
    case 'iban':
      return ibanValid(v);
    case 'qrIban': {
      const iid = Number(v.slice(4, 9));
      return v.startsWith('CH') && ibanValid(v) && iid >= 30000 && iid <= 31999;
    }
    case 'bic':
      return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v);
    case 'vat':
      return vatValid(v);
    case 'siren':
      return /^\d{9}$/.test(v) && luhnValid(v);
    case 'siret':
      return /^\d{14}$/.test(v) && luhnValid(v) && luhnValid(v.slice(0, 9));
    case 'beEnt':
      return /^[01]\d{9}$/.test(v) && Number(v.slice(8)) === 97 - (Number(v.slice(0, 8)) % 97);
    case 'esNif':
      return /^\d{8}[A-Z]$/.test(v) && NIF_LETTERS[Number(v.slice(0, 8)) % 23] === v[8];
    case 'itCf':
      if (/^\d{11}$/.test(v)) return itIvaCheck(v.slice(0, 10)) === digitAt(v, 10);
      return (
        /^[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z]$/.test(v) && itCheckChar(v.slice(0, 15)) === v[15]
      );
    case 'chUid':
      return /^CHE\d{9}$/.test(v) && chUidCheck(v.slice(3, 11)) === digitAt(v, 11);
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
      return m !== null && mod97(lettersToDigits((m[1] ?? '').replace(/-/g, '') + (m[2] ?? ''))) === 1;
    }
    case 'deStnr':
      // regional form (FFF/BBBB/UUUP and similar); the Länder check digits are not modelled
      return /^\d{2,3}\/\d{3,4}\/\d{4,5}$/.test(v) && v.replace(/\D/g, '').length >= 10;
  }
}

/** Printed forms. */
const fmtId = {
  /** "DE89 3704 0044 0532 0130 00" */
  iban: (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 '),
  /** "+++123/4567/89012+++" */
  ogm: (d12: string): string => `+++${d12.slice(0, 3)}/${d12.slice(3, 7)}/${d12.slice(7)}+++`,
  ogmKey: (d12: string): string => `${d12.slice(0, 3)}/${d12.slice(3, 7)}/${d12.slice(7)}`,
  /** "0684.219.390" */
  beEnt: (d10: string): string => `${d10.slice(0, 4)}.${d10.slice(4, 7)}.${d10.slice(7)}`,
  /** "CHE-529.304.185" */
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

type Gen = 'fop' | 'jspdf' | 'gs';

interface Line {
  code?: string;
  desc: string;
  /** second, smaller line under the description */
  sub?: string;
  /** thousandths */
  qty: number;
  unit?: string;
  /** cents, net */
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

type Col = 'pos' | 'code' | 'desc' | 'qty' | 'unit' | 'price' | 'disc' | 'rate' | 'amount';

interface Fmt {
  /** table number: "1.234,56" (signed) */
  num: (cents: number) => string;
  /** amount with currency: "1.234,56 €", "€ -1.234,56", "CHF 1'234.56" */
  money: (cents: number) => string;
  qty: (milli: number) => string;
  rate: (bp: number) => string;
}

function mkFmt(o: {
  dec: string;
  thou: string;
  /** wraps the unsigned number */
  money: (n: string) => string;
  /** sign inside the currency ("€ -12,00") instead of before it ("-12,00 €", "-£12.00") */
  signInside?: boolean;
  pct?: string;
  qtyFixed?: number;
}): Fmt {
  const num = (c: number): string => dec(c, o.dec, o.thou);
  return {
    num,
    money: (c: number): string =>
      o.signInside ? o.money(num(c)) : (c < 0 ? '-' : '') + o.money(num(Math.abs(c))),
    qty: (m: number): string => qtyStr(m, o.dec, o.qtyFixed),
    rate: (bp: number): string => rateStr(bp, o.dec) + (o.pct ?? ' %'),
  };
}

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
  /** font choice for the layout (FOP family, jsPDF font, gs font set) */
  font?: string;
  /** accent colour [r, g, b] 0..255 */
  color?: [number, number, number];
  title: string;
  f: Fmt;
  seller: Seller;
  buyer: Party;
  buyerLabel: string;
  shipTo?: { label: string; lines: string[] };
  meta: Array<[string, string]>;
  lines: Line[];
  charges: Charge[];
  /** credit note printed with negative amounts */
  negative?: boolean;
  cols: Col[];
  head: Partial<Record<Col, string>>;
  totals: TotalRow[];
  advance?: number;
  /** withholding (IRPF, ritenuta) on `base` cents at `rate` basis points */
  withholding?: { base: number; rate: number };
  /** VAT analysis table (rate / net / tax / gross) */
  vatTable?: { title: string; head: [string, string, string, string]; sum?: string };
  /** payment block (bank details, reference) */
  pay: string[];
  notes: string[];
  /** free text slots used by some layouts */
  t: Record<string, string>;
  /** number of lines printed on page 1 when a carried-forward subtotal closes the page */
  breakAfter?: number;
  carryOut?: string;
  carryIn?: string;
  /** identifiers printed besides the key ones that must validate (buyer codes, SIRET, …) */
  ids: Array<[IdKind, string]>;
  key: KeyIds;
}

interface RateSum {
  rate: number;
  net: number;
  tax: number;
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
    byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + (lineAmounts[i] ?? 0));
  });
  for (const c of d.charges) byRate.set(c.rate, (byRate.get(c.rate) ?? 0) + c.amount);
  const rates: RateSum[] = [...byRate.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([rate, net]) => ({ rate, net, tax: divRound(net * rate, 10000) }));
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

/** Sign applied to printed amounts: credit notes printed negative. */
const sgn = (d: Doc): number => (d.negative ? -1 : 1);

/** Value of a totals row, signed as printed (advance and withholding negative). */
function totalValue(d: Doc, c: Calc, row: TotalRow): number {
  const v = ((): number => {
    switch (row.k) {
      case 'lines':
        return c.linesSum;
      case 'charge':
        return d.charges[row.i]?.amount ?? 0;
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
  })();
  return sgn(d) * v;
}

/** Label of a totals row; "{base}" in a label becomes the printed net of that rate. */
function totalLabel(d: Doc, c: Calc, row: TotalRow): string {
  if (row.k === 'charge') return d.charges[row.i]?.label ?? '';
  if (row.k === 'tax' || row.k === 'base')
    return row.label.replace('{base}', d.f.money(sgn(d) * rateOf(c, row.rate).net));
  return row.label;
}

function cellText(d: Doc, c: Calc, i: number, col: Col): string {
  const l = d.lines[i];
  if (!l) throw new Error(`${d.file}: no line ${i}`);
  const s = sgn(d);
  switch (col) {
    case 'pos':
      return String((i + 1) * (d.t.posStep ? Number(d.t.posStep) : 1));
    case 'code':
      return l.code ?? '';
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
      return d.f.num(s * (c.lineAmounts[i] ?? 0));
  }
}

const NUMERIC_COLS: ReadonlySet<Col> = new Set<Col>(['qty', 'price', 'disc', 'rate', 'amount']);

/** Sum of the line amounts printed on page 1 (the carried-forward subtotal). */
function carrySum(d: Doc, c: Calc): number {
  if (d.breakAfter === undefined) throw new Error(`${d.file}: no breakAfter`);
  return c.lineAmounts.slice(0, d.breakAfter).reduce((a, b) => a + b, 0);
}

/** Index ranges of the lines printed on each page. */
function pageLines(d: Doc): number[][] {
  const all = d.lines.map((_, i) => i);
  return d.breakAfter === undefined ? [all] : [all.slice(0, d.breakAfter), all.slice(d.breakAfter)];
}

/** VAT analysis rows: rate, net, tax, gross (printed). */
function vatRows(d: Doc, c: Calc): string[][] {
  const s = sgn(d);
  const rows = c.rates.map((r) => [
    d.f.rate(r.rate),
    d.f.num(s * r.net),
    d.f.num(s * r.tax),
    d.f.num(s * (r.net + r.tax)),
  ]);
  if (d.vatTable?.sum)
    rows.push([d.vatTable.sum, d.f.num(s * c.net), d.f.num(s * c.tax), d.f.num(s * c.total)]);
  return rows;
}

const PAGE_WORDS: Record<Lang, { page: string; of: string }> = {
  en: { page: 'Page', of: 'of' },
  de: { page: 'Seite', of: 'von' },
  fr: { page: 'Page', of: 'sur' },
  nl: { page: 'Pagina', of: 'van' },
  es: { page: 'Página', of: 'de' },
  it: { page: 'Pagina', of: 'di' },
};

/** Stable pseudo-random hex of a given length, from a name (fixed /ID, XMP uuid). */
const fixedHex = (name: string, len: number): string =>
  createHash('sha256').update(name).digest('hex').repeat(4).slice(0, len).toUpperCase();

/**
 * Overwrites the run-dependent strings FOP and Ghostscript write (trailer /ID, XMP document and
 * instance uuids, xmp:MetadataDate, dc:date) with fixed strings of the same length, so byte
 * offsets and the xref table stay valid.
 */
function fixPdf(pdf: string, name: string): void {
  let s = readFileSync(pdf).toString('latin1');
  s = s.replace(/\/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]/g, (m, a: string, b: string) =>
    m.replace(a, fixedHex(`${name}/id`, a.length)).replace(b, fixedHex(`${name}/id`, b.length)),
  );
  s = s.replace(/uuid:[0-9a-fA-F-]{36}/g, (m) => {
    const h = fixedHex(`${name}/uuid`, 32).toLowerCase();
    return m.length === 41
      ? `uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
      : m;
  });
  // every timestamp inside the XMP packet (xmp:MetadataDate, the dc:date sequence FOP appends)
  s = s.replace(/<x:xmpmeta[\s\S]*?<\/x:xmpmeta>/g, (packet) =>
    packet.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/g, XMP_DATE),
  );
  writeFileSync(pdf, Buffer.from(s, 'latin1'));
}

// ---------------------------------------------------------------------------------------------
// Generator 1: Apache FOP 2.8 (XSL-FO written directly)
// ---------------------------------------------------------------------------------------------

const xe = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const rgb = (c: [number, number, number] | undefined, fallback: string): string =>
  c ? `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}` : fallback;

const FOP_FONTS: Array<[string, string, 'normal' | 'bold']> = [
  ['DejaVuSans', 'dejavu/DejaVuSans.ttf', 'normal'],
  ['DejaVuSans', 'dejavu/DejaVuSans-Bold.ttf', 'bold'],
  ['DejaVuSerif', 'dejavu/DejaVuSerif.ttf', 'normal'],
  ['DejaVuSerif', 'dejavu/DejaVuSerif-Bold.ttf', 'bold'],
  ['LiberationSans', 'liberation/LiberationSans-Regular.ttf', 'normal'],
  ['LiberationSans', 'liberation/LiberationSans-Bold.ttf', 'bold'],
  ['LiberationSerif', 'liberation/LiberationSerif-Regular.ttf', 'normal'],
  ['LiberationSerif', 'liberation/LiberationSerif-Bold.ttf', 'bold'],
];

function fopConfig(): string {
  const fonts = FOP_FONTS.map(
    ([name, file, weight]) =>
      `<font kerning="yes" embed-url="file:///usr/share/fonts/truetype/${file}" embedding-mode="subset"><font-triplet name="${name}" style="normal" weight="${weight}"/></font>`,
  ).join('\n        ');
  return `<?xml version="1.0"?>
<fop version="1.0">
  <renderers>
    <renderer mime="application/pdf">
      <fonts>
        ${fonts}
      </fonts>
    </renderer>
  </renderers>
</fop>
`;
}

const FO_COL_MM: Record<Col, number> = {
  pos: 9,
  code: 22,
  desc: 0,
  qty: 14,
  unit: 12,
  price: 22,
  disc: 13,
  rate: 13,
  amount: 25,
};

const foBlock = (text: string, attrs = ''): string =>
  `<fo:block${attrs ? ` ${attrs}` : ''}>${xe(text)}</fo:block>`;
const foLines = (lines: string[], attrs = ''): string => lines.map((l) => foBlock(l, attrs)).join('');
const foPageOf = (d: Doc): string =>
  `${xe(PAGE_WORDS[d.lang].page)} <fo:page-number/> ${xe(PAGE_WORDS[d.lang].of)} <fo:page-number-citation ref-id="doc-end"/>`;

interface FoTableStyle {
  /** header background */
  headBg: string;
  headColor?: string;
  /** "grid": every cell ruled; "rows": horizontal rules between rows */
  rules: 'grid' | 'rows';
  size: string;
}

function foItems(d: Doc, c: Calc, st: FoTableStyle): string {
  const border = st.rules === 'grid' ? 'border="0.4pt solid #555555"' : 'border-bottom="0.3pt solid #bbbbbb"';
  const cols = d.cols
    .map((col) =>
      col === 'desc'
        ? '<fo:table-column column-width="proportional-column-width(1)"/>'
        : `<fo:table-column column-width="${FO_COL_MM[col]}mm"/>`,
    )
    .join('');
  const cell = (text: string, col: Col, extra = '', sub?: string): string =>
    `<fo:table-cell ${border} padding="1.2pt 2pt"${extra}><fo:block text-align="${NUMERIC_COLS.has(col) ? 'end' : 'start'}">${xe(
      text,
    )}</fo:block>${sub ? `<fo:block font-size="7pt" color="#555555">${xe(sub)}</fo:block>` : ''}</fo:table-cell>`;
  const header = `<fo:table-header font-weight="bold" background-color="${st.headBg}"${
    st.headColor ? ` color="${st.headColor}"` : ''
  }><fo:table-row>${d.cols.map((col) => cell(d.head[col] ?? '', col)).join('')}</fo:table-row></fo:table-header>`;
  const row = (i: number): string =>
    `<fo:table-row keep-together.within-page="always">${d.cols
      .map((col) => cell(cellText(d, c, i, col), col, '', col === 'desc' ? d.lines[i]?.sub : undefined))
      .join('')}</fo:table-row>`;
  const carryRow = (label: string, amount: number): string =>
    `<fo:table-row font-weight="bold" background-color="#eeeeee"><fo:table-cell number-columns-spanned="${
      d.cols.length - 1
    }" ${border} padding="1.5pt 2pt"><fo:block>${xe(label)}</fo:block></fo:table-cell>${cell(
      d.f.num(sgn(d) * amount),
      'amount',
    )}</fo:table-row>`;
  const table = (body: string, attrs = ''): string =>
    `<fo:table table-layout="fixed" width="100%" font-size="${st.size}" ${attrs}>${cols}${header}<fo:table-body>${body}</fo:table-body></fo:table>`;
  const pages = pageLines(d);
  if (pages.length === 1) return table((pages[0] ?? []).map(row).join(''));
  const carried = carrySum(d, c);
  return (
    table((pages[0] ?? []).map(row).join('') + carryRow(d.carryOut ?? '', carried)) +
    table(carryRow(d.carryIn ?? '', carried) + (pages[1] ?? []).map(row).join(''), 'break-before="page"')
  );
}

function foTotals(d: Doc, c: Calc, width: string, leaders: boolean): string {
  const rows = d.totals.map((r) => {
    const label = xe(totalLabel(d, c, r));
    const value = xe(d.f.money(totalValue(d, c, r)));
    const w = r.strong ? ' font-weight="bold"' : '';
    if (leaders)
      return `<fo:block text-align-last="justify"${w}${r.strong ? ' border-top="0.5pt solid black" padding-top="1pt"' : ''}>${label}<fo:leader leader-pattern="dots"/>${value}</fo:block>`;
    return `<fo:table-row${w}><fo:table-cell padding="1.5pt 2pt"${
      r.strong ? ' border-top="0.6pt solid black"' : ''
    }><fo:block>${label}</fo:block></fo:table-cell><fo:table-cell padding="1.5pt 2pt"${
      r.strong ? ' border-top="0.6pt solid black"' : ''
    }><fo:block text-align="end">${value}</fo:block></fo:table-cell></fo:table-row>`;
  });
  if (leaders) return `<fo:block>${rows.join('')}</fo:block>`;
  return `<fo:table table-layout="fixed" width="100%" keep-together.within-page="always"><fo:table-column column-width="proportional-column-width(1)"/><fo:table-column column-width="${width}"/><fo:table-body><fo:table-row><fo:table-cell><fo:block/></fo:table-cell><fo:table-cell><fo:table table-layout="fixed" width="100%"><fo:table-column column-width="proportional-column-width(3)"/><fo:table-column column-width="proportional-column-width(2)"/><fo:table-body>${rows.join(
    '',
  )}</fo:table-body></fo:table></fo:table-cell></fo:table-row></fo:table-body></fo:table>`;
}

function foVatTable(d: Doc, c: Calc, border: string): string {
  if (!d.vatTable) return '';
  const cell = (t: string, end: boolean, b = false): string =>
    `<fo:table-cell border="${border}" padding="1pt 3pt"${b ? ' font-weight="bold"' : ''}><fo:block text-align="${
      end ? 'end' : 'start'
    }">${xe(t)}</fo:block></fo:table-cell>`;
  const head = `<fo:table-row background-color="#e6e6e6">${d.vatTable.head.map((h, i) => cell(h, i > 0, true)).join('')}</fo:table-row>`;
  const rows = vatRows(d, c)
    .map((r) => `<fo:table-row>${r.map((v, i) => cell(v, i > 0)).join('')}</fo:table-row>`)
    .join('');
  return `<fo:block font-weight="bold" font-size="8.5pt" space-before="5mm" space-after="1mm" keep-with-next="always">${xe(
    d.vatTable.title,
  )}</fo:block><fo:table table-layout="fixed" width="110mm" font-size="8pt"><fo:table-column column-width="20mm"/><fo:table-column column-width="30mm"/><fo:table-column column-width="30mm"/><fo:table-column column-width="30mm"/><fo:table-body>${head}${rows}</fo:table-body></fo:table>`;
}

function foMetaTable(meta: Array<[string, string]>, labelWidth: string, size: string): string {
  const rows = meta
    .map(
      ([k, v]) =>
        `<fo:table-row><fo:table-cell padding="0.6pt 0"><fo:block>${xe(k)}</fo:block></fo:table-cell><fo:table-cell padding="0.6pt 0"><fo:block>${xe(
          v,
        )}</fo:block></fo:table-cell></fo:table-row>`,
    )
    .join('');
  return `<fo:table table-layout="fixed" width="100%" font-size="${size}"><fo:table-column column-width="${labelWidth}"/><fo:table-column column-width="proportional-column-width(1)"/><fo:table-body>${rows}</fo:table-body></fo:table>`;
}

/** Page masters: a first page and following pages, each with its own header region. */
function foMasters(margins: string, bodyTop: string, bodyBottom: string): string {
  const spm = (name: string): string =>
    `<fo:simple-page-master master-name="${name}" page-height="297mm" page-width="210mm" ${margins}><fo:region-body margin-top="${bodyTop}" margin-bottom="${bodyBottom}"/><fo:region-before extent="${bodyTop}" region-name="head-${name}"/><fo:region-after extent="${bodyBottom}"/></fo:simple-page-master>`;
  return `<fo:layout-master-set>${spm('first')}${spm('rest')}<fo:page-sequence-master master-name="doc"><fo:repeatable-page-master-alternatives><fo:conditional-page-master-reference master-reference="first" page-position="first"/><fo:conditional-page-master-reference master-reference="rest" page-position="rest"/></fo:repeatable-page-master-alternatives></fo:page-sequence-master></fo:layout-master-set>`;
}

function foDeclarations(d: Doc): string {
  return `<fo:declarations><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"><dc:title>${xe(
    `${d.title} ${d.key.number}`,
  )}</dc:title><dc:creator>${xe(d.seller.name)}</dc:creator><xmp:CreatorTool>${xe(
    d.t.creator ?? 'Apache FOP',
  )}</xmp:CreatorTool><xmp:CreateDate>${XMP_DATE}</xmp:CreateDate><xmp:ModifyDate>${XMP_DATE}</xmp:ModifyDate></rdf:Description></rdf:RDF></x:xmpmeta></fo:declarations>`;
}

function foDocument(d: Doc, masters: string, statics: string, flow: string, size: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<fo:root xmlns:fo="http://www.w3.org/1999/XSL/Format" font-family="${d.font ?? 'Helvetica'}" font-size="${size}" language="${d.lang}">
${masters}
${foDeclarations(d)}
<fo:page-sequence master-reference="doc">
${statics}
<fo:flow flow-name="xsl-region-body">
${flow}
<fo:block id="doc-end"/>
</fo:flow>
</fo:page-sequence>
</fo:root>
`;
}

/** "erp": ERP print with a DIN-style address window, info block, repeated table header. */
function foErp(d: Doc, c: Calc): string {
  const accent = rgb(d.color, '#1f3f6e');
  const sender = [d.seller.name, ...d.seller.addr].join(' · ');
  const footCols = [[d.seller.name, ...d.seller.addr], d.seller.contact, d.seller.legal, d.seller.bank];
  const statics = `
<fo:static-content flow-name="head-first"><fo:block text-align="end" font-size="17pt" font-weight="bold" color="${accent}">${xe(
    d.seller.brand ?? d.seller.name,
  )}</fo:block>${d.seller.tagline ? foBlock(d.seller.tagline, 'text-align="end" font-size="7.5pt" color="#555555"') : ''}</fo:static-content>
<fo:static-content flow-name="head-rest"><fo:block font-size="8pt" text-align-last="justify" border-bottom="0.5pt solid ${accent}" padding-bottom="1pt">${xe(
    d.seller.brand ?? d.seller.name,
  )}<fo:leader leader-pattern="space"/>${xe(`${d.title} ${d.key.number}`)} – ${foPageOf(d)}</fo:block></fo:static-content>
<fo:static-content flow-name="xsl-region-after"><fo:block font-size="7pt" text-align="end" space-after="1mm">${foPageOf(
    d,
  )}</fo:block><fo:table table-layout="fixed" width="100%" font-size="6.5pt" color="#333333" border-top="0.5pt solid ${accent}"><fo:table-column column-width="proportional-column-width(1)" number-columns-repeated="4"/><fo:table-body><fo:table-row>${footCols
    .map((col) => `<fo:table-cell padding-top="1mm" padding-right="2mm">${foLines(col)}</fo:table-cell>`)
    .join('')}</fo:table-row></fo:table-body></fo:table></fo:static-content>`;
  const flow = `
<fo:block-container absolute-position="fixed" top="45mm" left="20mm" width="85mm" height="40mm"><fo:block font-size="6.5pt" text-decoration="underline" space-after="3mm">${xe(
    sender,
  )}</fo:block>${foBlock(d.buyer.name, 'font-size="10pt"')}${foLines(d.buyer.lines, 'font-size="10pt"')}</fo:block-container>
<fo:block-container absolute-position="fixed" top="45mm" left="122mm" width="73mm">${foMetaTable(d.meta, '33mm', '8.5pt')}</fo:block-container>
<fo:block-container height="${d.t.gap ?? '62mm'}"><fo:block/></fo:block-container>
${d.shipTo ? `<fo:block font-size="8pt" space-after="3mm"><fo:inline font-weight="bold">${xe(d.shipTo.label)}</fo:inline> ${xe(d.shipTo.lines.join(', '))}</fo:block>` : ''}
<fo:block font-size="13pt" font-weight="bold" color="${accent}" space-after="2mm">${xe(d.t.heading ?? `${d.title} ${d.key.number}`)}</fo:block>
${d.t.intro ? foBlock(d.t.intro, 'space-after="3mm"') : ''}
${foItems(d, c, { headBg: '#dde3ec', rules: 'rows', size: '8.5pt' })}
<fo:block space-before="3mm"/>
${foTotals(d, c, '82mm', false)}
${foVatTable(d, c, '0.3pt solid #999999')}
<fo:block space-before="5mm" keep-together.within-page="always">${foLines(d.pay, 'font-size="8.5pt"')}</fo:block>
<fo:block space-before="3mm">${foLines(d.notes, 'font-size="8pt" space-after="1mm"')}</fo:block>`;
  return foDocument(d, foMasters('margin="10mm 15mm 8mm 20mm"', '25mm', '26mm'), statics, flow, '9pt');
}

/** "einvoice": e-invoice visualisation (XRechnung / FatturaPA style): sections with grey bars. */
function foEinvoice(d: Doc, c: Calc): string {
  const bar = (t: string): string =>
    `<fo:block background-color="#d9d9d9" font-weight="bold" font-size="9pt" padding="1.5pt 3pt" space-before="4mm" space-after="1.5mm" keep-with-next="always">${xe(
      t,
    )}</fo:block>`;
  const kv = (pairs: Array<[string, string]>): string =>
    pairs
      .map(
        ([k, v]) =>
          `<fo:block text-align-last="justify" font-size="8.5pt">${xe(k)}<fo:leader leader-pattern="dots" leader-pattern-width="3pt"/>${xe(v)}</fo:block>`,
      )
      .join('');
  const half = Math.ceil(d.meta.length / 2);
  const statics = `
<fo:static-content flow-name="head-first"><fo:block font-size="7pt" color="#666666" text-align="end">${xe(d.t.sub ?? '')}</fo:block></fo:static-content>
<fo:static-content flow-name="head-rest"><fo:block font-size="8pt" text-align-last="justify" border-bottom="0.4pt solid #999999">${xe(
    `${d.title} ${d.key.number}`,
  )}<fo:leader leader-pattern="space"/>${xe(d.seller.name)}</fo:block></fo:static-content>
<fo:static-content flow-name="xsl-region-after"><fo:block font-size="7pt" text-align-last="justify" border-top="0.4pt solid #999999" padding-top="1pt">${xe(
    d.t.footer ?? '',
  )}<fo:leader leader-pattern="space"/>${foPageOf(d)}</fo:block></fo:static-content>`;
  const party = (head: string, name: string, lines: string[]): string =>
    `<fo:table-cell padding-right="4mm">${bar(head)}${foBlock(name, 'font-weight="bold" font-size="9pt"')}${foLines(
      lines,
      'font-size="8.5pt"',
    )}</fo:table-cell>`;
  const flow = `
<fo:block font-size="18pt" font-weight="bold">${xe(d.title)}</fo:block>
<fo:block font-size="9pt" color="#444444">${xe(d.t.subtitle ?? '')}</fo:block>
<fo:table table-layout="fixed" width="100%"><fo:table-column column-width="proportional-column-width(1)" number-columns-repeated="2"/><fo:table-body><fo:table-row>${party(
    d.t.sellerHead ?? '',
    d.seller.name,
    [...d.seller.addr, ...d.seller.contact, ...d.seller.legal],
  )}${party(d.buyerLabel, d.buyer.name, d.buyer.lines)}</fo:table-row></fo:table-body></fo:table>
${bar(d.t.metaHead ?? '')}
<fo:table table-layout="fixed" width="100%"><fo:table-column column-width="proportional-column-width(1)" number-columns-repeated="2"/><fo:table-body><fo:table-row><fo:table-cell padding-right="6mm">${kv(
    d.meta.slice(0, half),
  )}</fo:table-cell><fo:table-cell>${kv(d.meta.slice(half))}</fo:table-cell></fo:table-row></fo:table-body></fo:table>
${bar(d.t.itemsHead ?? '')}
${foItems(d, c, { headBg: '#f0f0f0', rules: 'rows', size: '8pt' })}
${bar(d.t.totalsHead ?? '')}
<fo:table table-layout="fixed" width="100%"><fo:table-column column-width="proportional-column-width(1)"/><fo:table-column column-width="95mm"/><fo:table-body><fo:table-row><fo:table-cell><fo:block/></fo:table-cell><fo:table-cell>${d.totals
    .map((r) => {
      const w = r.strong ? ' font-weight="bold"' : '';
      return `<fo:block text-align-last="justify" font-size="8.5pt"${w}>${xe(totalLabel(d, c, r))}<fo:leader leader-pattern="dots" leader-pattern-width="3pt"/>${xe(
        d.f.money(totalValue(d, c, r)),
      )}</fo:block>`;
    })
    .join('')}</fo:table-cell></fo:table-row></fo:table-body></fo:table>
${foVatTable(d, c, '0.3pt solid #aaaaaa')}
${bar(d.t.payHead ?? '')}
${foLines(d.pay, 'font-size="8.5pt"')}
${d.notes.length ? bar(d.t.notesHead ?? '') + foLines(d.notes, 'font-size="8pt" space-after="1mm"') : ''}`;
  return foDocument(d, foMasters('margin="12mm 16mm 10mm 18mm"', '12mm', '12mm'), statics, flow, '9pt');
}

/** "classic": serif letterhead, boxed header grid (caption above value), fully ruled table. */
function foClassic(d: Doc, c: Calc): string {
  const accent = rgb(d.color, '#5a2d0c');
  const grid: string[] = [];
  for (let i = 0; i < d.meta.length; i += 3) {
    const cells = [0, 1, 2]
      .map((j) => {
        const m = d.meta[i + j];
        return `<fo:table-cell border="0.5pt solid #777777" padding="1pt 2pt">${
          m
            ? `<fo:block font-size="6.5pt" color="#666666">${xe(m[0])}</fo:block><fo:block font-size="9pt">${xe(m[1])}</fo:block>`
            : '<fo:block/>'
        }</fo:table-cell>`;
      })
      .join('');
    grid.push(`<fo:table-row>${cells}</fo:table-row>`);
  }
  const statics = `
<fo:static-content flow-name="head-first"><fo:block text-align="center" font-size="19pt" font-weight="bold" letter-spacing="1pt" color="${accent}">${xe(
    d.seller.brand ?? d.seller.name,
  )}</fo:block>${d.seller.tagline ? foBlock(d.seller.tagline, 'text-align="center" font-size="8.5pt" font-style="italic"') : ''}<fo:block text-align="center" font-size="7.5pt" border-bottom="0.8pt solid ${accent}" padding-bottom="2pt">${xe(
    [...d.seller.addr, ...d.seller.contact].join(' – '),
  )}</fo:block></fo:static-content>
<fo:static-content flow-name="head-rest"><fo:block text-align="center" font-size="9pt" font-weight="bold" color="${accent}" border-bottom="0.8pt solid ${accent}">${xe(
    d.seller.brand ?? d.seller.name,
  )}</fo:block></fo:static-content>
<fo:static-content flow-name="xsl-region-after"><fo:block text-align="center" font-size="6.5pt" border-top="0.4pt solid #777777" padding-top="1pt">${xe(
    d.seller.legal.join(' – '),
  )}</fo:block><fo:block text-align="center" font-size="6.5pt">${xe(d.seller.bank.join(' – '))}</fo:block><fo:block text-align="end" font-size="7pt">${foPageOf(
    d,
  )}</fo:block></fo:static-content>`;
  const flow = `
<fo:table table-layout="fixed" width="100%" space-before="4mm"><fo:table-column column-width="80mm"/><fo:table-column column-width="proportional-column-width(1)"/><fo:table-body><fo:table-row><fo:table-cell><fo:block font-size="6.5pt" color="#666666">${xe(
    d.buyerLabel,
  )}</fo:block>${foBlock(d.buyer.name, 'font-weight="bold" font-size="10pt"')}${foLines(d.buyer.lines, 'font-size="10pt"')}${
    d.shipTo
      ? `<fo:block font-size="6.5pt" color="#666666" space-before="2mm">${xe(d.shipTo.label)}</fo:block>${foLines(d.shipTo.lines, 'font-size="8.5pt"')}`
      : ''
  }</fo:table-cell><fo:table-cell><fo:table table-layout="fixed" width="100%"><fo:table-column column-width="proportional-column-width(1)" number-columns-repeated="3"/><fo:table-body>${grid.join(
    '',
  )}</fo:table-body></fo:table></fo:table-cell></fo:table-row></fo:table-body></fo:table>
<fo:block text-align="center" font-size="15pt" font-weight="bold" letter-spacing="2pt" space-before="6mm" space-after="3mm">${xe(
    d.t.heading ?? d.title,
  )}</fo:block>
${d.t.intro ? foBlock(d.t.intro, 'space-after="3mm" font-size="9pt"') : ''}
${foItems(d, c, { headBg: '#efe6dc', rules: 'grid', size: '8.5pt' })}
<fo:block space-before="3mm"/>
<fo:table table-layout="fixed" width="100%"><fo:table-column column-width="proportional-column-width(1)"/><fo:table-column column-width="80mm"/><fo:table-body><fo:table-row><fo:table-cell><fo:block/></fo:table-cell><fo:table-cell border="0.6pt solid #555555" padding="1mm">${foTotals(
    d,
    c,
    '78mm',
    true,
  )}</fo:table-cell></fo:table-row></fo:table-body></fo:table>
${foVatTable(d, c, '0.4pt solid #555555')}
<fo:block space-before="5mm" keep-together.within-page="always">${foLines(d.pay, 'font-size="8.5pt"')}</fo:block>
<fo:block space-before="3mm">${foLines(d.notes, 'font-size="8pt" space-after="1mm" font-style="italic"')}</fo:block>`;
  return foDocument(d, foMasters('margin="10mm 18mm 8mm 18mm"', '24mm', '16mm'), statics, flow, '9pt');
}

function renderFop(d: Doc, c: Calc, pdf: string): void {
  const conf = join(BUILD, 'fop.xconf');
  writeFileSync(conf, fopConfig());
  const fo = d.layout === 'erp' ? foErp(d, c) : d.layout === 'einvoice' ? foEinvoice(d, c) : foClassic(d, c);
  const foFile = join(BUILD, `${d.file}.fo`);
  writeFileSync(foFile, fo);
  execFileSync('fop', ['-q', '-c', conf, '-fo', foFile, '-pdf', pdf], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, FOP_OPTS: '-Djava.awt.headless=true' },
  });
  fixPdf(pdf, d.file);
}

// ---------------------------------------------------------------------------------------------
// Generator 2: jsPDF 4.x with jspdf-autotable (loaded from /tmp/print-build/jspdf)
// ---------------------------------------------------------------------------------------------

type RGB = [number, number, number];

interface JsPdf {
  setCreationDate(date: Date): JsPdf;
  setFileId(id: string): JsPdf;
  setDocumentProperties(p: { title?: string; author?: string; creator?: string; subject?: string }): JsPdf;
  addFileToVFS(name: string, data: string): JsPdf;
  addFont(file: string, name: string, style: string): string;
  setFont(name: string, style?: string): JsPdf;
  setFontSize(size: number): JsPdf;
  setTextColor(r: number, g: number, b: number): JsPdf;
  setDrawColor(r: number, g: number, b: number): JsPdf;
  setFillColor(r: number, g: number, b: number): JsPdf;
  setLineWidth(w: number): JsPdf;
  setLineDashPattern(pattern: number[], phase: number): JsPdf;
  text(
    t: string | string[],
    x: number,
    y: number,
    o?: { align?: 'left' | 'right' | 'center'; maxWidth?: number },
  ): JsPdf;
  line(x1: number, y1: number, x2: number, y2: number): JsPdf;
  rect(x: number, y: number, w: number, h: number, style?: 'S' | 'F' | 'FD'): JsPdf;
  addPage(): JsPdf;
  setPage(n: number): JsPdf;
  getNumberOfPages(): number;
  splitTextToSize(t: string, w: number): string[];
  output(type: 'arraybuffer'): ArrayBuffer;
}

interface AtStyles {
  font?: string;
  fontStyle?: 'normal' | 'bold';
  fontSize?: number;
  halign?: 'left' | 'right' | 'center';
  valign?: 'top' | 'middle' | 'bottom';
  fillColor?: RGB | false;
  textColor?: RGB;
  cellPadding?: number;
  lineWidth?: number | { top?: number; bottom?: number; left?: number; right?: number };
  lineColor?: RGB;
  cellWidth?: number | 'auto' | 'wrap';
}

type AtCell = string | { content: string; colSpan?: number; styles?: AtStyles };

interface AtOptions {
  startY?: number;
  head?: AtCell[][];
  body?: AtCell[][];
  foot?: AtCell[][];
  theme?: 'striped' | 'grid' | 'plain';
  styles?: AtStyles;
  headStyles?: AtStyles;
  bodyStyles?: AtStyles;
  footStyles?: AtStyles;
  alternateRowStyles?: AtStyles;
  columnStyles?: Record<number, AtStyles>;
  margin?: { left?: number; right?: number; top?: number; bottom?: number };
  tableWidth?: number | 'auto' | 'wrap';
  showHead?: 'everyPage' | 'firstPage' | 'never';
  showFoot?: 'everyPage' | 'lastPage' | 'never';
  rowPageBreak?: 'auto' | 'avoid';
}

interface JsPdfModule {
  jsPDF: new (o: { unit: 'mm'; format: 'a4'; compress: boolean; putOnlyUsedFonts?: boolean }) => JsPdf;
}
interface AutoTableModule {
  autoTable: (doc: JsPdf, o: AtOptions) => void;
}

let jsMods: { js: JsPdfModule; at: AutoTableModule } | undefined;
function loadJsPdf(): { js: JsPdfModule; at: AutoTableModule } {
  if (!jsMods) {
    const req = createRequire(join(JSPDF_DIR, 'package.json'));
    jsMods = { js: req('jspdf') as JsPdfModule, at: req('jspdf-autotable') as AutoTableModule };
  }
  return jsMods;
}

/** Runs autoTable and returns the y below the table. */
function autoTable(doc: JsPdf, o: AtOptions): number {
  loadJsPdf().at.autoTable(doc, o);
  const last = (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable;
  if (!last || typeof last.finalY !== 'number') throw new Error('autoTable: no finalY');
  return last.finalY;
}

interface JsCtx {
  doc: JsPdf;
  d: Doc;
  c: Calc;
  font: string;
  accent: RGB;
}

function jsItems(
  x: JsCtx,
  startY: number,
  theme: 'striped' | 'grid' | 'plain',
  head: AtStyles,
  size: number,
  topMargin: number,
): number {
  const { doc, d, c } = x;
  const columnStyles: Record<number, AtStyles> = {};
  d.cols.forEach((col, i) => {
    if (NUMERIC_COLS.has(col))
      columnStyles[i] = { halign: 'right', cellWidth: col === 'amount' ? 24 : 'wrap' };
    if (col === 'pos') columnStyles[i] = { cellWidth: 9 };
  });
  const rowOf = (i: number): AtCell[] =>
    d.cols.map((col) => {
      const t = cellText(d, c, i, col);
      const sub = col === 'desc' ? d.lines[i]?.sub : undefined;
      return sub ? `${t}\n${sub}` : t;
    });
  const carry = (label: string, amount: number): AtCell[] => [
    { content: label, colSpan: d.cols.length - 1, styles: { fontStyle: 'bold' } },
    { content: d.f.num(sgn(d) * amount), styles: { fontStyle: 'bold', halign: 'right' } },
  ];
  const base: AtOptions = {
    theme,
    styles: { font: x.font, fontSize: size, cellPadding: 1.4, lineColor: [190, 190, 190] },
    headStyles: { ...head, font: x.font, fontStyle: 'bold' },
    footStyles: { font: x.font, fillColor: [235, 235, 235], textColor: [0, 0, 0], fontSize: size },
    columnStyles,
    margin: { left: 15, right: 15, top: topMargin, bottom: 28 },
    showHead: 'everyPage',
    rowPageBreak: 'avoid',
  };
  const pages = pageLines(d);
  if (pages.length === 1)
    return autoTable(doc, {
      ...base,
      startY,
      head: [d.cols.map((col) => d.head[col] ?? '')],
      body: (pages[0] ?? []).map(rowOf),
    });
  const carried = carrySum(d, c);
  autoTable(doc, {
    ...base,
    startY,
    head: [d.cols.map((col) => d.head[col] ?? '')],
    body: (pages[0] ?? []).map(rowOf),
    foot: [carry(d.carryOut ?? '', carried)],
    showFoot: 'lastPage',
  });
  doc.addPage();
  return autoTable(doc, {
    ...base,
    startY: topMargin,
    head: [d.cols.map((col) => d.head[col] ?? '')],
    body: [carry(d.carryIn ?? '', carried), ...(pages[1] ?? []).map(rowOf)],
  });
}

/** Totals drawn as right-aligned rows; strong rows on a filled band. Returns the y below. */
function jsTotals(x: JsCtx, y: number, left: number, size: number, band: RGB | null): number {
  const { doc, d, c } = x;
  let yy = y;
  for (const r of d.totals) {
    const label = totalLabel(d, c, r);
    const value = d.f.money(totalValue(d, c, r));
    if (r.strong && band) {
      doc.setFillColor(...band);
      doc.rect(left - 2, yy - size * 0.36 - 1.2, 197 - left, size * 0.36 + 2.8, 'F');
      doc.setTextColor(255, 255, 255);
    } else if (r.strong) {
      doc.setDrawColor(0, 0, 0);
      doc.setLineWidth(0.3);
      doc.line(left, yy - size * 0.36 - 1, 195, yy - size * 0.36 - 1);
    }
    doc.setFont(x.font, r.strong ? 'bold' : 'normal');
    doc.setFontSize(size);
    doc.text(label, left, yy);
    doc.text(value, 195, yy, { align: 'right' });
    doc.setTextColor(0, 0, 0);
    yy += size * 0.36 + 2.4;
  }
  return yy;
}

function jsVat(x: JsCtx, y: number, size: number): number {
  const { d, c } = x;
  if (!d.vatTable) return y;
  x.doc.setFont(x.font, 'bold');
  x.doc.setFontSize(size);
  x.doc.text(d.vatTable.title, 15, y + 4);
  return autoTable(x.doc, {
    startY: y + 6,
    theme: 'grid',
    head: [d.vatTable.head],
    body: vatRows(d, c),
    styles: { font: x.font, fontSize: size, cellPadding: 1 },
    headStyles: { fillColor: [230, 230, 230], textColor: [0, 0, 0], font: x.font, fontStyle: 'bold' },
    columnStyles: { 1: { halign: 'right' }, 2: { halign: 'right' }, 3: { halign: 'right' } },
    margin: { left: 15 },
    tableWidth: 105,
  });
}

function jsLines(
  x: JsCtx,
  lines: string[],
  px: number,
  y: number,
  size: number,
  width: number,
  style = 'normal',
): number {
  x.doc.setFont(x.font, style);
  x.doc.setFontSize(size);
  let yy = y;
  for (const l of lines) {
    const parts = x.doc.splitTextToSize(l, width);
    x.doc.text(parts, px, yy);
    yy += parts.length * size * 0.42;
  }
  return yy;
}

function jsPageNumbers(x: JsCtx, y: number, size: number): void {
  const n = x.doc.getNumberOfPages();
  const w = PAGE_WORDS[x.d.lang];
  for (let p = 1; p <= n; p++) {
    x.doc.setPage(p);
    x.doc.setFont(x.font, 'normal');
    x.doc.setFontSize(size);
    x.doc.setTextColor(90, 90, 90);
    x.doc.text(`${w.page} ${p} ${w.of} ${n}`, 195, y, { align: 'right' });
    x.doc.setTextColor(0, 0, 0);
  }
}

function jsFooterColumns(x: JsCtx, cols: string[][], size: number): void {
  const n = x.doc.getNumberOfPages();
  for (let p = 1; p <= n; p++) {
    x.doc.setPage(p);
    x.doc.setDrawColor(...x.accent);
    x.doc.setLineWidth(0.4);
    x.doc.line(15, 272, 195, 272);
    x.doc.setTextColor(70, 70, 70);
    const w = 180 / cols.length;
    cols.forEach((col, i) => {
      jsLines(x, col, 15 + i * w, 276, size, w - 3);
    });
    x.doc.setTextColor(0, 0, 0);
  }
}

/** "band": SaaS invoice with a coloured header band, striped autotable, totals on a band. */
function jsBand(x: JsCtx): void {
  const { doc, d } = x;
  doc.setFillColor(...x.accent);
  doc.rect(0, 0, 210, 36, 'F');
  doc.setTextColor(255, 255, 255);
  doc.setFont(x.font, 'bold');
  doc.setFontSize(20);
  doc.text(d.seller.brand ?? d.seller.name, 15, 15);
  doc.setFontSize(24);
  doc.text(d.title.toUpperCase(), 195, 16, { align: 'right' });
  doc.setFont(x.font, 'normal');
  doc.setFontSize(8);
  if (d.seller.tagline) doc.text(d.seller.tagline, 15, 21);
  doc.setFontSize(7.5);
  doc.text([d.seller.name, ...d.seller.addr].join(' · '), 15, 30);
  doc.setTextColor(0, 0, 0);
  // bill to
  doc.setFont(x.font, 'bold');
  doc.setFontSize(7.5);
  doc.setTextColor(...x.accent);
  doc.text(d.buyerLabel.toUpperCase(), 15, 46);
  doc.setTextColor(0, 0, 0);
  doc.setFontSize(10);
  doc.text(d.buyer.name, 15, 52);
  let yl = jsLines(x, d.buyer.lines, 15, 57, 9, 70);
  if (d.shipTo) {
    doc.setFont(x.font, 'bold');
    doc.setFontSize(7.5);
    doc.setTextColor(...x.accent);
    doc.text(d.shipTo.label.toUpperCase(), 78, 46);
    doc.setTextColor(0, 0, 0);
    yl = Math.max(yl, jsLines(x, d.shipTo.lines, 78, 52, 8.5, 45));
  }
  // meta, label left of value
  let ym = 46;
  for (const [k, v] of d.meta) {
    doc.setFont(x.font, 'normal');
    doc.setFontSize(8);
    doc.setTextColor(100, 100, 100);
    doc.text(k, 128, ym);
    doc.setTextColor(0, 0, 0);
    doc.setFont(x.font, 'bold');
    doc.text(v, 195, ym, { align: 'right' });
    ym += 5;
  }
  let y = Math.max(yl, ym) + 4;
  if (d.t.intro) y = jsLines(x, [d.t.intro], 15, y, 9, 180) + 2;
  y = jsItems(x, y, 'striped', { fillColor: x.accent, textColor: [255, 255, 255] }, 8.5, 20);
  y = jsTotals(x, y + 7, 118, 9, x.accent);
  y = jsVat(x, y + 1, 7.5);
  y = jsLines(x, d.pay, 15, y + 8, 8, 120);
  jsLines(x, d.notes, 15, y + 3, 7.5, 180);
  const pages = doc.getNumberOfPages();
  for (let p = 2; p <= pages; p++) {
    doc.setPage(p);
    doc.setFillColor(...x.accent);
    doc.rect(0, 0, 210, 12, 'F');
    doc.setTextColor(255, 255, 255);
    doc.setFont(x.font, 'bold');
    doc.setFontSize(9);
    doc.text(`${d.seller.brand ?? d.seller.name} – ${d.title} ${d.key.number}`, 15, 8);
    doc.setTextColor(0, 0, 0);
  }
  jsFooterColumns(x, [[...d.seller.contact], d.seller.legal, d.seller.bank], 6.5);
  jsPageNumbers(x, 290, 7);
}

/** QR-bill payment part (Swiss): receipt and payment part below a perforation line. */
function jsQrBill(x: JsCtx): void {
  const { doc, d, c } = x;
  const t = d.t;
  const qrIban = fmtId.iban(d.key.iban ?? '');
  const ref = d.key.printed.paymentRef ?? '';
  const amount = dec(c.due, '.', ' ');
  doc.setDrawColor(0, 0, 0);
  doc.setLineWidth(0.2);
  doc.setLineDashPattern([1, 1], 0);
  doc.line(0, 192, 210, 192);
  doc.line(62, 192, 62, 297);
  doc.setLineDashPattern([], 0);
  const field = (px: number, y: number, head: string, lines: string[], hs: number, vs: number): number => {
    doc.setFont(x.font, 'bold');
    doc.setFontSize(hs);
    doc.text(head, px, y);
    doc.setFont(x.font, 'normal');
    doc.setFontSize(vs);
    let yy = y + vs * 0.42;
    for (const l of lines) {
      doc.text(l, px, yy);
      yy += vs * 0.42;
    }
    return yy + 1.5;
  };
  const payee = [qrIban, d.seller.name, ...d.seller.addr];
  const payer = [d.buyer.name, ...d.buyer.lines.slice(-2)];
  doc.setFont(x.font, 'bold');
  doc.setFontSize(11);
  doc.text(t.qrReceipt ?? '', 5, 199);
  let y = field(5, 205, t.qrAccount ?? '', payee, 6, 8);
  y = field(5, y, t.qrRef ?? '', [ref], 6, 8);
  field(5, y, t.qrBy ?? '', payer, 6, 8);
  field(5, 270, t.qrCur ?? '', [d.currency], 6, 8);
  field(20, 270, t.qrAmt ?? '', [amount], 6, 8);
  doc.setFont(x.font, 'bold');
  doc.setFontSize(6);
  doc.text(t.qrPoint ?? '', 57, 285, { align: 'right' });
  doc.setFontSize(11);
  doc.text(t.qrPay ?? '', 67, 199);
  // QR code stand-in: deterministic module pattern with the Swiss cross (the data is not encoded)
  const h = createHash('sha256').update(`${d.file}${ref}`).digest();
  const n = 25;
  const m = 46 / n;
  doc.setFillColor(0, 0, 0);
  for (let r = 0; r < n; r++)
    for (let col = 0; col < n; col++) {
      const finder = (r < 7 || r >= n - 7) && col < 7 ? true : r < 7 && col >= n - 7;
      let on: boolean;
      if (finder) {
        const rr = r < 7 ? r : r - (n - 7);
        const cc = col < 7 ? col : col - (n - 7);
        on = rr === 0 || rr === 6 || cc === 0 || cc === 6 || (rr >= 2 && rr <= 4 && cc >= 2 && cc <= 4);
      } else on = (((h[(r * n + col) % 32] ?? 0) >> (col % 8)) & 1) === 1;
      if (on) doc.rect(67 + col * m, 204 + r * m, m, m, 'F');
    }
  doc.setFillColor(255, 255, 255);
  doc.rect(86, 223, 8, 8, 'F');
  doc.setFillColor(0, 0, 0);
  doc.rect(86.5, 223.5, 7, 7, 'F');
  doc.setFillColor(255, 255, 255);
  doc.rect(89.3, 224.8, 1.4, 4.4, 'F');
  doc.rect(87.8, 226.3, 4.4, 1.4, 'F');
  field(67, 258, t.qrCur ?? '', [d.currency], 8, 10);
  field(82, 258, t.qrAmt ?? '', [amount], 8, 10);
  y = field(118, 199, t.qrAccount ?? '', payee, 8, 10);
  y = field(118, y, t.qrRef ?? '', [ref], 8, 10);
  y = field(118, y, t.qrInfo ?? '', [`${d.title} ${d.key.number}`], 8, 10);
  field(118, y, t.qrBy ?? '', payer, 8, 10);
}

/** "grid": business-software invoice, embedded TTF, grid themed tables, caption-over-value grid. */
function jsGrid(x: JsCtx): void {
  const { doc, d, c } = x;
  doc.setFont(x.font, 'bold');
  doc.setFontSize(16);
  doc.setTextColor(...x.accent);
  doc.text(d.seller.brand ?? d.seller.name, 15, 18);
  doc.setTextColor(0, 0, 0);
  if (d.seller.tagline) jsLines(x, [d.seller.tagline], 15, 23, 8, 100);
  jsLines(x, [d.seller.name, ...d.seller.addr, ...d.seller.contact], 140, 13, 7.5, 55);
  // buyer box
  doc.setDrawColor(150, 150, 150);
  doc.setLineWidth(0.25);
  doc.rect(15, 32, 85, 32, 'S');
  doc.setFont(x.font, 'normal');
  doc.setFontSize(6.5);
  doc.setTextColor(110, 110, 110);
  doc.text(d.buyerLabel, 17, 35.5);
  doc.setTextColor(0, 0, 0);
  doc.setFont(x.font, 'bold');
  doc.setFontSize(9.5);
  doc.text(d.buyer.name, 17, 41);
  jsLines(x, d.buyer.lines, 17, 45.5, 9, 80);
  if (d.shipTo) {
    jsLines(x, [d.shipTo.label], 110, 35.5, 6.5, 80);
    jsLines(x, d.shipTo.lines, 110, 40, 8, 80);
  }
  doc.setFont(x.font, 'bold');
  doc.setFontSize(15);
  doc.text(d.t.heading ?? d.title, 15, 74);
  // meta grid: caption row above value row
  const per = 4;
  const body: AtCell[][] = [];
  for (let i = 0; i < d.meta.length; i += per) {
    const chunk = d.meta.slice(i, i + per);
    while (chunk.length < per) chunk.push(['', '']);
    body.push(
      chunk.map(([k]) => ({
        content: k,
        styles: { fontSize: 6.5, textColor: [100, 100, 100], fillColor: [242, 242, 242], cellPadding: 0.8 },
      })),
    );
    body.push(chunk.map(([, v]) => ({ content: v, styles: { fontSize: 8.5, cellPadding: 1.2 } })));
  }
  let y = autoTable(doc, {
    startY: 78,
    theme: 'grid',
    body,
    styles: { font: x.font, lineColor: [150, 150, 150], lineWidth: 0.2 },
    margin: { left: 15, right: 15 },
  });
  if (d.t.intro) y = jsLines(x, [d.t.intro], 15, y + 6, 8.5, 180) - 2;
  y = jsItems(x, y + 4, 'grid', { fillColor: [225, 230, 236], textColor: [0, 0, 0] }, 8, 15);
  const totalsBody: AtCell[][] = d.totals.map((r) => {
    const st: AtStyles = r.strong ? { fontStyle: 'bold', fillColor: [225, 230, 236] } : {};
    return [
      { content: totalLabel(d, c, r), styles: st },
      { content: d.f.money(totalValue(d, c, r)), styles: { ...st, halign: 'right' } },
    ];
  });
  const yt = autoTable(doc, {
    startY: y + 4,
    theme: 'grid',
    body: totalsBody,
    styles: { font: x.font, fontSize: 8.5, cellPadding: 1.2, lineColor: [150, 150, 150] },
    margin: { left: 112, right: 15 },
  });
  y = jsVat(x, yt + 1, 7.5);
  y = jsLines(x, d.pay, 15, y + 6, 8, 180);
  jsLines(x, d.notes, 15, y + 2, 7.5, 180);
  if (d.t.qr) {
    doc.setPage(doc.getNumberOfPages());
    jsQrBill(x);
    doc.setPage(1);
    jsLines(x, [d.seller.legal.join(' · '), d.seller.bank.join(' · ')], 15, 28, 6.5, 180);
    jsPageNumbers(x, 188, 7);
  } else {
    jsFooterColumns(x, [d.seller.legal, d.seller.bank], 6.5);
    jsPageNumbers(x, 290, 7);
  }
}

/** "compact": small-type web-app invoice, plain table with hairlines, one-line footer. */
function jsCompact(x: JsCtx): void {
  const { doc, d } = x;
  doc.setFont(x.font, 'bold');
  doc.setFontSize(14);
  doc.text(d.seller.brand ?? d.seller.name, 15, 17);
  if (d.seller.tagline) jsLines(x, [d.seller.tagline], 15, 21.5, 7, 90);
  doc.setFont(x.font, 'bold');
  doc.setFontSize(16);
  doc.setTextColor(...x.accent);
  doc.text(d.title, 195, 17, { align: 'right' });
  doc.setTextColor(0, 0, 0);
  doc.setFontSize(8);
  if (d.t.heading) doc.text(d.t.heading, 195, 22, { align: 'right' });
  doc.setDrawColor(...x.accent);
  doc.setLineWidth(0.6);
  doc.line(15, 27, 195, 27);
  const col = (label: string, lines: string[], px: number, w: number, bold: string): number => {
    doc.setFont(x.font, 'bold');
    doc.setFontSize(6.5);
    doc.setTextColor(...x.accent);
    doc.text(label.toUpperCase(), px, 33);
    doc.setTextColor(0, 0, 0);
    doc.setFontSize(8);
    doc.text(bold, px, 37.5);
    return jsLines(x, lines, px, 41, 7.5, w);
  };
  const y1 = col(d.t.from ?? '', [...d.seller.addr, ...d.seller.contact], 15, 55, d.seller.name);
  const y2 = col(d.buyerLabel, d.buyer.lines, 75, 55, d.buyer.name);
  doc.setFontSize(7.5);
  let ym = 33;
  for (const [k, v] of d.meta) {
    doc.setFont(x.font, 'normal');
    doc.setTextColor(90, 90, 90);
    doc.text(`${k}:`, 138, ym);
    doc.setTextColor(0, 0, 0);
    doc.setFont(x.font, 'bold');
    doc.text(v, 195, ym, { align: 'right' });
    ym += 3.9;
  }
  let y = Math.max(y1, y2, ym) + 3;
  if (d.shipTo) y = jsLines(x, [`${d.shipTo.label}: ${d.shipTo.lines.join(', ')}`], 15, y, 7.5, 180) + 1;
  if (d.t.intro) y = jsLines(x, [d.t.intro], 15, y + 1, 7.5, 180);
  y = jsItems(
    x,
    y + 1,
    'plain',
    { textColor: [0, 0, 0], lineWidth: { bottom: 0.4 }, lineColor: [0, 0, 0] },
    7.5,
    15,
  );
  doc.setDrawColor(200, 200, 200);
  doc.setLineWidth(0.2);
  doc.line(15, y, 195, y);
  y = jsTotals(x, y + 5, 130, 8, null);
  y = jsVat(x, y, 7);
  y = jsLines(x, d.pay, 15, y + 6, 7.5, 180);
  jsLines(x, d.notes, 15, y + 2, 7, 180);
  const n = doc.getNumberOfPages();
  for (let p = 1; p <= n; p++) {
    doc.setPage(p);
    doc.setDrawColor(200, 200, 200);
    doc.line(15, 280, 195, 280);
    doc.setTextColor(90, 90, 90);
    jsLines(x, [d.seller.legal.join(' | '), d.seller.bank.join(' | ')], 105 - 90, 283.5, 6.3, 150);
    doc.setTextColor(0, 0, 0);
  }
  jsPageNumbers(x, 291, 6.5);
}

function renderJspdf(d: Doc, c: Calc, pdf: string): void {
  const { js } = loadJsPdf();
  const doc = new js.jsPDF({ unit: 'mm', format: 'a4', compress: true, putOnlyUsedFonts: true });
  doc.setCreationDate(FIXED_DATE);
  doc.setFileId(fixedHex(d.file, 32));
  doc.setDocumentProperties({
    title: `${d.title} ${d.key.number}`,
    author: d.seller.name,
    creator: d.t.creator ?? 'jsPDF',
  });
  let font = 'helvetica';
  if (d.font === 'DejaVuSans') {
    for (const [file, style] of [
      ['DejaVuSans.ttf', 'normal'],
      ['DejaVuSans-Bold.ttf', 'bold'],
    ] as const) {
      doc.addFileToVFS(file, readFileSync(`/usr/share/fonts/truetype/dejavu/${file}`).toString('base64'));
      doc.addFont(file, 'DejaVuSans', style);
    }
    font = 'DejaVuSans';
  }
  const x: JsCtx = { doc, d, c, font, accent: d.color ?? [40, 70, 120] };
  if (d.layout === 'band') jsBand(x);
  else if (d.layout === 'grid') jsGrid(x);
  else jsCompact(x);
  writeFileSync(pdf, Buffer.from(doc.output('arraybuffer')));
}

// ---------------------------------------------------------------------------------------------
// Generator 3: hand-written PostScript, converted by Ghostscript 10 (pdfwrite)
// ---------------------------------------------------------------------------------------------

/** Code points placed at free positions of the re-encoded fonts (ISOLatin1 plus these). */
const PS_EXTRA: Record<string, [number, string]> = {
  '€': [128, 'Euro'],
  '–': [129, 'endash'],
  '•': [130, 'bullet'],
  '—': [131, 'emdash'],
  '’': [132, 'quoteright'],
};

/** UTF-16 string -> PostScript string literal in the custom encoding. */
function psStr(s: string): string {
  let out = '(';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    const extra = PS_EXTRA[ch];
    if (extra) out += `\\${extra[0].toString(8)}`;
    else if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (cp >= 32 && cp < 127) out += ch;
    else if (cp >= 160 && cp <= 255) out += `\\${cp.toString(8)}`;
    else throw new Error(`PostScript: no glyph for ${JSON.stringify(ch)} in ${JSON.stringify(s)}`);
  }
  return `${out})`;
}

const PS_PROLOG = `/Enc ISOLatin1Encoding 256 array copy def
% ISOLatin1Encoding has quoteright at 39, quoteleft at 96 and minus at 45: use the ASCII glyphs
Enc 39 /quotesingle put Enc 96 /grave put Enc 45 /hyphen put
${Object.values(PS_EXTRA)
  .map(([code, name]) => `Enc ${code} /${name} put`)
  .join(' ')}
/reenc { findfont dup length dict begin { 1 index /FID ne { def } { pop pop } ifelse } forall
  /Encoding Enc def currentdict end definefont pop } bind def
/Sans /NimbusSans-Regular reenc /SansB /NimbusSans-Bold reenc
/Mono /NimbusMonoPS-Regular reenc /MonoB /NimbusMonoPS-Bold reenc
/Serif /NimbusRoman-Regular reenc /SerifB /NimbusRoman-Bold reenc
/SF { exch findfont exch scalefont setfont } bind def
/T { moveto show } bind def
/TR { /ty exch def /tx exch def dup stringwidth pop tx exch sub ty moveto show } bind def
/TC { /ty exch def /tx exch def dup stringwidth pop 2 div tx exch sub ty moveto show } bind def
/LN { newpath 4 2 roll moveto lineto stroke } bind def
/BX { rectstroke } bind def
/FB { rectfill } bind def
`;

const MM = 72 / 25.4;
const pt = (mm: number): string => (Math.round(mm * MM * 100) / 100).toString();
const py = (mm: number): string => (Math.round((297 - mm) * MM * 100) / 100).toString();

type PsFont = 'Sans' | 'SansB' | 'Mono' | 'MonoB' | 'Serif' | 'SerifB';

/** Page-oriented PostScript writer in millimetres from the top-left corner. */
class Ps {
  private pages: string[][] = [];
  private cur: string[] = [];
  private font = '';
  private readonly d: Doc;

  constructor(d: Doc) {
    this.d = d;
  }

  page(): void {
    if (this.cur.length) this.pages.push(this.cur);
    this.cur = [];
    this.font = '';
  }

  setFont(f: PsFont, size: number): void {
    const key = `${f}/${size}`;
    if (key !== this.font) this.cur.push(`/${f} ${size} SF`);
    this.font = key;
  }

  /** text at baseline y (mm), aligned left, right (x is the right edge) or centre */
  text(x: number, y: number, s: string, f: PsFont, size: number, align: 'l' | 'r' | 'c' = 'l'): void {
    if (!s) return;
    this.setFont(f, size);
    this.cur.push(`${psStr(s)} ${pt(x)} ${py(y)} ${align === 'l' ? 'T' : align === 'r' ? 'TR' : 'TC'}`);
  }

  line(x1: number, y1: number, x2: number, y2: number, w = 0.5, gray = 0): void {
    this.cur.push(`${gray} setgray ${w} setlinewidth ${pt(x1)} ${py(y1)} ${pt(x2)} ${py(y2)} LN 0 setgray`);
  }

  box(x: number, y: number, w: number, h: number, lw = 0.5): void {
    this.cur.push(`${lw} setlinewidth ${pt(x)} ${py(y + h)} ${pt(w)} ${pt(h)} BX`);
  }

  fill(x: number, y: number, w: number, h: number, color: number | RGB): void {
    const c =
      typeof color === 'number'
        ? `${color} setgray`
        : `${color.map((v) => (v / 255).toFixed(3)).join(' ')} setrgbcolor`;
    this.cur.push(`${c} ${pt(x)} ${py(y + h)} ${pt(w)} ${pt(h)} FB 0 setgray`);
  }

  color(c: RGB | null): void {
    this.cur.push(c ? `${c.map((v) => (v / 255).toFixed(3)).join(' ')} setrgbcolor` : '0 setgray');
  }

  /** wrapped text lines, approximate widths (0.52 em per character); returns y below */
  para(x: number, y: number, text: string, f: PsFont, size: number, widthMm: number, lead = 1.25): number {
    let yy = y;
    for (const l of wrapChars(text, Math.floor(widthMm / (size * 0.52 * 0.3528)))) {
      this.text(x, yy, l, f, size);
      yy += size * lead * 0.3528;
    }
    return yy;
  }

  finish(): string {
    this.page();
    const n = this.pages.length;
    const body = this.pages.map((p, i) => `%%Page: ${i + 1} ${i + 1}\n${p.join('\n')}\nshowpage\n`).join('');
    return `%!PS-Adobe-3.0
%%Creator: ${this.d.t.creator ?? 'billing'}
%%Title: ${this.d.title} ${this.d.key.number}
%%CreationDate: (D:20260306120000)
%%Pages: ${n}
%%DocumentMedia: A4 595 842 0 () ()
%%EndComments
%%BeginProlog
${PS_PROLOG}%%EndProlog
%%BeginSetup
<< /PageSize [595 842] >> setpagedevice
[ /Title ${psStr(`${this.d.title} ${this.d.key.number}`)} /Author ${psStr(this.d.seller.name)} /Creator ${psStr(
      this.d.t.creator ?? 'billing',
    )} /DOCINFO pdfmark
%%EndSetup
${body}%%Trailer
%%EOF
`;
  }
}

function wrapChars(text: string, max: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    if (cur && cur.length + 1 + w.length > max) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  return out;
}

const GS_COL_MM: Record<Col, number> = {
  pos: 9,
  code: 20,
  desc: 0,
  qty: 13,
  unit: 11,
  price: 21,
  disc: 12,
  rate: 12,
  amount: 25,
};

/** Column x ranges for a table of width w starting at x0. */
function gsCols(d: Doc, x0: number, w: number): Array<{ col: Col; x: number; w: number }> {
  const fixed = d.cols.reduce((a, col) => a + GS_COL_MM[col], 0);
  let x = x0;
  return d.cols.map((col) => {
    const cw = col === 'desc' ? w - fixed : GS_COL_MM[col];
    const r = { col, x, w: cw };
    x += cw;
    return r;
  });
}

function gsFooterPage(ps: Ps, d: Doc, y: number, f: PsFont, size: number, n: number, total: number): void {
  const w = PAGE_WORDS[d.lang];
  ps.text(195, y, `${w.page} ${n} ${w.of} ${total}`, f, size, 'r');
}

/** "form": preprinted-form style: boxes with tiny captions above values, ruled item frame. */
function gsForm(d: Doc, c: Calc): string {
  const ps = new Ps(d);
  const accent = d.color ?? [0, 0, 0];
  const cap = (x: number, y: number, s: string): void => ps.text(x + 1.2, y + 2.6, s, 'Sans', 5.5);
  ps.color(accent);
  ps.text(15, 19, d.seller.brand ?? d.seller.name, 'SansB', 16);
  ps.color(null);
  if (d.seller.tagline) ps.text(15, 24, d.seller.tagline, 'Sans', 7.5);
  ps.text(15, 28.5, [d.seller.name, ...d.seller.addr].join(' – '), 'Sans', 6.5);
  ps.fill(128, 11, 67, 15, 0.85);
  ps.box(128, 11, 67, 15, 0.8);
  ps.text(161.5, 21, d.title.toUpperCase(), 'SansB', 14, 'c');
  // buyer box
  ps.box(15, 36, 92, 36);
  cap(15, 36, d.buyerLabel);
  ps.text(18, 43, d.buyer.name, 'SansB', 9.5);
  d.buyer.lines.forEach((l, i) => {
    ps.text(18, 47.5 + i * 4.2, l, 'Sans', 9);
  });
  // meta boxes, two per row
  const mw = 42;
  d.meta.forEach(([k, v], i) => {
    const x = 111 + (i % 2) * mw;
    const y = 36 + Math.floor(i / 2) * 9;
    ps.box(x, y, mw, 9);
    cap(x, y, k);
    ps.text(x + 1.5, y + 7.2, v, 'Sans', 8.5);
  });
  let y = Math.max(72, 36 + Math.ceil(d.meta.length / 2) * 9) + 4;
  if (d.shipTo) {
    ps.box(15, y, 180, 8);
    cap(15, y, d.shipTo.label);
    ps.text(16.5, y + 6.3, d.shipTo.lines.join(', '), 'Sans', 8);
    y += 11;
  }
  // item frame: header, columns ruled to a fixed height
  const cols = gsCols(d, 15, 180);
  const top = y;
  const bottom = Number(d.t.frameBottom ?? 196);
  ps.fill(15, top, 180, 6, 0.88);
  ps.box(15, top, 180, bottom - top, 0.8);
  ps.line(15, top + 6, 195, top + 6, 0.5);
  for (const k of cols.slice(1)) ps.line(k.x, top, k.x, bottom, 0.3);
  for (const k of cols)
    ps.text(
      NUMERIC_COLS.has(k.col) ? k.x + k.w - 1.2 : k.x + 1.2,
      top + 4.3,
      d.head[k.col] ?? '',
      'SansB',
      7,
      NUMERIC_COLS.has(k.col) ? 'r' : 'l',
    );
  let ry = top + 10.5;
  d.lines.forEach((l, i) => {
    const descCol = cols.find((k) => k.col === 'desc');
    const descLines = wrapChars(l.desc, Math.floor((descCol?.w ?? 60) / (8.5 * 0.5 * 0.3528)));
    for (const k of cols) {
      if (k.col === 'desc')
        descLines.forEach((t, j) => {
          ps.text(k.x + 1.2, ry + j * 3.8, t, 'Sans', 8.5);
        });
      else {
        const t = cellText(d, c, i, k.col);
        ps.text(
          NUMERIC_COLS.has(k.col) ? k.x + k.w - 1.2 : k.x + 1.2,
          ry,
          t,
          'Sans',
          8.5,
          NUMERIC_COLS.has(k.col) ? 'r' : 'l',
        );
      }
    }
    ry += descLines.length * 3.8;
    if (l.sub && descCol) {
      ps.text(descCol.x + 1.2, ry, l.sub, 'Sans', 6.8);
      ry += 3.3;
    }
    ry += 1.4;
  });
  if (ry > bottom) throw new Error(`${d.file}: item frame overflow (${ry} > ${bottom})`);
  // totals: a row of boxes, caption above value
  y = bottom + 3;
  const tw = 180 / d.totals.length;
  d.totals.forEach((r, i) => {
    const x = 15 + i * tw;
    if (r.strong) ps.fill(x, y, tw, 11, 0.9);
    ps.box(x, y, tw, 11, r.strong ? 1.2 : 0.5);
    cap(x, y, totalLabel(d, c, r));
    ps.text(x + tw - 1.5, y + 8.8, d.f.money(totalValue(d, c, r)), r.strong ? 'SansB' : 'Sans', 9.5, 'r');
  });
  y += 15;
  if (d.vatTable) {
    const vw = [16, 26, 26, 26];
    const head = d.vatTable.head;
    ps.text(15, y + 2.5, d.vatTable.title, 'SansB', 7);
    y += 4;
    const rows = [head, ...vatRows(d, c)];
    rows.forEach((r, ri) => {
      let x = 15;
      r.forEach((v, j) => {
        const w = vw[j] ?? 20;
        if (ri === 0) ps.fill(x, y, w, 4.6, 0.9);
        ps.box(x, y, w, 4.6, 0.3);
        ps.text(j === 0 ? x + 1 : x + w - 1, y + 3.4, v, ri === 0 ? 'SansB' : 'Sans', 7, j === 0 ? 'l' : 'r');
        x += w;
      });
      y += 4.6;
    });
    y += 3;
  }
  for (const l of d.pay) y = ps.para(15, y + 3, l, 'Sans', 8, 180) - 3 + 0.6;
  y += 2;
  for (const n of d.notes) y = ps.para(15, y + 3, n, 'Sans', 7.5, 180) - 3 + 0.6;
  if (y > 262) throw new Error(`${d.file}: form text overflow (${y})`);
  // footer boxes
  const fcols: Array<[string, string[]]> = [
    [d.t.footA ?? '', [...d.seller.addr, ...d.seller.contact]],
    [d.t.footB ?? '', d.seller.legal],
    [d.t.footC ?? '', d.seller.bank],
  ];
  fcols.forEach(([h, lines], i) => {
    const x = 15 + i * 60;
    ps.box(x, 265, 60, 24, 0.4);
    cap(x, 265, h);
    lines.forEach((l, j) => {
      ps.text(x + 1.5, 270.5 + j * 3, l, 'Sans', 6.5);
    });
  });
  gsFooterPage(ps, d, 293, 'Sans', 6.5, 1, 1);
  return ps.finish();
}

/** "spool": legacy ERP spool print, monospaced fixed columns, carried-forward totals. */
function gsSpool(d: Doc, c: Calc): string {
  const ps = new Ps(d);
  const W = Number(d.t.width ?? 96);
  const size = 8.6;
  const pitch = 3.75;
  const pad = (s: string, w: number, right = false): string => {
    if (s.length > w) throw new Error(`${d.file}: spool field "${s}" wider than ${w}`);
    return right ? s.padStart(w) : s.padEnd(w);
  };
  const widths: Record<Col, number> = {
    pos: 4,
    code: 11,
    desc: 0,
    qty: 8,
    unit: 4,
    price: 11,
    disc: 6,
    rate: 6,
    amount: 13,
  };
  const fixed = d.cols.reduce((a, col) => a + widths[col] + 1, 0);
  const descW = W - fixed + 1;
  const colW = (col: Col): number => (col === 'desc' ? descW : widths[col]);
  const row = (cells: Partial<Record<Col, string>>): string =>
    d.cols.map((col) => pad(cells[col] ?? '', colW(col), NUMERIC_COLS.has(col))).join(' ');
  const rule = (ch: string): string => ch.repeat(W);
  const right = (label: string, value: string): string => pad(`${label} ${value.padStart(16)}`, W, true);
  const total = d.breakAfter === undefined ? 1 : 2;
  const w = PAGE_WORDS[d.lang];
  const header = (p: number): string[] => {
    const left = [d.seller.name, ...d.seller.addr, ...d.seller.contact];
    const meta = [...d.meta, [d.t.pageLabel ?? w.page, `${p}/${total}`] as [string, string]].map(
      ([k, v]) => `${pad(k, 16)}: ${v}`,
    );
    const out: string[] = [
      pad((d.seller.brand ?? d.seller.name).toUpperCase(), W - 30) + pad(d.title.toUpperCase(), 30, true),
      '',
    ];
    const n = Math.max(left.length, meta.length);
    for (let i = 0; i < n; i++) out.push(pad(left[i] ?? '', W - 46) + pad(meta[i] ?? '', 46));
    out.push('');
    if (p === 1) {
      out.push(`     ${d.buyerLabel}`);
      out.push(`     ${d.buyer.name}`);
      for (const l of d.buyer.lines) out.push(`     ${l}`);
      if (d.shipTo) {
        out.push('');
        out.push(`     ${d.shipTo.label} ${d.shipTo.lines.join(', ')}`);
      }
      out.push('');
      if (d.t.intro) out.push(...wrapChars(d.t.intro, W));
      out.push('');
    }
    out.push(rule('='));
    out.push(row(d.head));
    out.push(rule('-'));
    return out;
  };
  const itemRows = (i: number): string[] => {
    const l = d.lines[i];
    const cells: Partial<Record<Col, string>> = {};
    for (const col of d.cols) cells[col] = cellText(d, c, i, col);
    const out = [row(cells)];
    if (l?.sub) out.push(row({ desc: `  ${l.sub}` }));
    return out;
  };
  const pages = pageLines(d);
  const text: string[][] = [];
  pages.forEach((idx, p) => {
    const lines = header(p + 1);
    if (p > 0) {
      lines.push(right(d.carryIn ?? '', d.f.num(sgn(d) * carrySum(d, c))));
      lines.push('');
    }
    for (const i of idx) lines.push(...itemRows(i));
    if (p < pages.length - 1) {
      lines.push(rule('-'));
      lines.push(right(d.carryOut ?? '', d.f.num(sgn(d) * carrySum(d, c))));
      lines.push('');
      lines.push(pad(d.t.cont ?? '', W, true));
    }
    text.push(lines);
  });
  const last = text[text.length - 1] ?? [];
  last.push(rule('-'));
  for (const r of d.totals) {
    last.push(right(totalLabel(d, c, r), d.f.money(totalValue(d, c, r))));
    if (r.strong) last.push(pad('='.repeat(34), W, true));
  }
  if (d.vatTable) {
    last.push('');
    last.push(d.vatTable.title);
    last.push(d.vatTable.head.map((h, i) => pad(h, i ? 16 : 10, i > 0)).join(' '));
    for (const r of vatRows(d, c)) last.push(r.map((v, i) => pad(v, i ? 16 : 10, i > 0)).join(' '));
  }
  last.push('');
  for (const l of [...d.pay, '', ...d.notes]) last.push(...(l ? wrapChars(l, W) : ['']));
  last.push('');
  last.push(rule('-'));
  for (const l of [d.seller.legal.join(' / '), d.seller.bank.join(' / ')]) last.push(...wrapChars(l, W));
  text.forEach((lines, p) => {
    if (p > 0) ps.page();
    if (lines.length > 72) throw new Error(`${d.file}: spool page ${p + 1} has ${lines.length} lines`);
    lines.forEach((l, i) => {
      const bold = i === 0;
      ps.text(12, 14 + i * pitch, l.replace(/\s+$/, ''), bold ? 'MonoB' : 'Mono', size);
    });
  });
  return ps.finish();
}

/** "letter": modern letter with accent bar, address window, hairline table. */
function gsLetter(d: Doc, c: Calc): string {
  const ps = new Ps(d);
  const accent = d.color ?? [0, 110, 100];
  ps.fill(15, 12, 3, 17, accent);
  ps.text(21, 21, d.seller.brand ?? d.seller.name, 'SansB', 18);
  if (d.seller.tagline) ps.text(21, 27, d.seller.tagline, 'Sans', 8);
  [...d.seller.addr, ...d.seller.contact].forEach((l, i) => {
    ps.text(195, 14 + i * 3.6, l, 'Sans', 7.5, 'r');
  });
  ps.text(20, 49, [d.seller.name, ...d.seller.addr].join(' · '), 'Sans', 6.3);
  ps.line(20, 50.3, 100, 50.3, 0.3, 0.4);
  ps.text(20, 56, d.buyer.name, 'Sans', 10);
  d.buyer.lines.forEach((l, i) => {
    ps.text(20, 60.5 + i * 4.5, l, 'Sans', 10);
  });
  d.meta.forEach(([k, v], i) => {
    ps.text(122, 50 + i * 4.6, k, 'Sans', 8);
    ps.text(195, 50 + i * 4.6, v, 'SansB', 8.5, 'r');
  });
  let y = Math.max(92, 50 + d.meta.length * 4.6 + 6);
  ps.color(accent);
  ps.text(20, y, d.t.heading ?? `${d.title} ${d.key.number}`, 'SansB', 12);
  ps.color(null);
  y += 6;
  if (d.t.intro) y = ps.para(20, y, d.t.intro, 'Sans', 9, 175) + 2;
  const cols = gsCols(d, 20, 175);
  for (const k of cols)
    ps.text(
      NUMERIC_COLS.has(k.col) ? k.x + k.w - 1 : k.x + 1,
      y + 3,
      d.head[k.col] ?? '',
      'SansB',
      7.8,
      NUMERIC_COLS.has(k.col) ? 'r' : 'l',
    );
  y += 4.5;
  ps.line(20, y, 195, y, 0.8, 0);
  y += 4.5;
  d.lines.forEach((l, i) => {
    const descCol = cols.find((k) => k.col === 'desc');
    const descLines = wrapChars(l.desc, Math.floor((descCol?.w ?? 60) / (8.8 * 0.5 * 0.3528)));
    for (const k of cols) {
      if (k.col === 'desc')
        descLines.forEach((t, j) => {
          ps.text(k.x + 1, y + j * 3.9, t, 'Sans', 8.8);
        });
      else
        ps.text(
          NUMERIC_COLS.has(k.col) ? k.x + k.w - 1 : k.x + 1,
          y,
          cellText(d, c, i, k.col),
          'Sans',
          8.8,
          NUMERIC_COLS.has(k.col) ? 'r' : 'l',
        );
    }
    y += (descLines.length - 1) * 3.9;
    if (l.sub && descCol) {
      y += 3.6;
      ps.text(descCol.x + 1, y, l.sub, 'Sans', 7);
    }
    y += 2;
    ps.line(20, y, 195, y, 0.25, 0.7);
    y += 4;
  });
  y += 2;
  for (const r of d.totals) {
    if (r.strong) {
      ps.line(118, y - 3.8, 195, y - 3.8, 0.6, 0);
      ps.color(accent);
    }
    ps.text(120, y, totalLabel(d, c, r), r.strong ? 'SansB' : 'Sans', r.strong ? 9.5 : 8.8);
    ps.text(195, y, d.f.money(totalValue(d, c, r)), r.strong ? 'SansB' : 'Sans', r.strong ? 9.5 : 8.8, 'r');
    ps.color(null);
    y += r.strong ? 6 : 4.6;
  }
  if (d.vatTable) {
    y += 2;
    ps.text(20, y, d.vatTable.title, 'SansB', 7.5);
    y += 4;
    const xs = [20, 52, 80, 108];
    [d.vatTable.head, ...vatRows(d, c)].forEach((r, ri) => {
      r.forEach((v, j) => {
        ps.text(xs[j] ?? 20, y, v, ri === 0 ? 'SansB' : 'Sans', 7.5, j === 0 ? 'l' : 'r');
      });
      y += 3.6;
    });
  }
  y += 3;
  for (const l of d.pay) y = ps.para(20, y, l, 'Sans', 8.5, 175);
  y += 2;
  for (const n of d.notes) y = ps.para(20, y, n, 'Sans', 8, 175) + 0.5;
  if (d.t.closing) {
    y += 3;
    for (const l of d.t.closing.split('\n')) {
      ps.text(20, y, l, 'Sans', 9);
      y += 4.2;
    }
  }
  if (y > 270) throw new Error(`${d.file}: letter overflow (${y})`);
  ps.line(20, 274, 195, 274, 0.4, 0.5);
  const fcols = [[d.seller.name, ...d.seller.addr], [...d.seller.legal], d.seller.bank];
  fcols.forEach((col, i) => {
    col.forEach((l, j) => {
      ps.text(20 + i * 60, 278 + j * 3, l, 'Sans', 6.3);
    });
  });
  gsFooterPage(ps, d, 292, 'Sans', 6.5, 1, 1);
  return ps.finish();
}

function renderGs(d: Doc, c: Calc, pdf: string): void {
  const src = d.layout === 'form' ? gsForm(d, c) : d.layout === 'spool' ? gsSpool(d, c) : gsLetter(d, c);
  const psFile = join(BUILD, `${d.file}.ps`);
  writeFileSync(psFile, src, 'latin1');
  execFileSync(
    'gs',
    [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=pdfwrite',
      '-dCompatibilityLevel=1.5',
      `-sOutputFile=${pdf}`,
      psFile,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, SOURCE_DATE_EPOCH: String(EPOCH) } },
  );
  fixPdf(pdf, d.file);
}

// ---------------------------------------------------------------------------------------------
// Answer key, identifier validation and text-layer verification
// ---------------------------------------------------------------------------------------------

const PRODUCER: Record<string, string> = {
  'fop/erp': 'Apache FOP 2.8, XSL-FO address window and repeated table header',
  'fop/einvoice': 'Apache FOP 2.8, XSL-FO e-invoice visualisation with leaders',
  'fop/classic': 'Apache FOP 2.8, XSL-FO ruled tables with embedded TrueType fonts',
  'jspdf/band': 'jsPDF 4.2.1 + jspdf-autotable, header band and striped table',
  'jspdf/grid': 'jsPDF 4.2.1 + jspdf-autotable, embedded DejaVuSans and grid tables',
  'jspdf/compact': 'jsPDF 4.2.1 + jspdf-autotable, small-type plain table',
  'gs/form': 'Ghostscript 10 pdfwrite, hand-written PostScript preprinted form',
  'gs/spool': 'Ghostscript 10 pdfwrite, hand-written PostScript monospaced spool',
  'gs/letter': 'Ghostscript 10 pdfwrite, hand-written PostScript letter',
};

function allIds(d: Doc): Array<[IdKind, string]> {
  const ids: Array<[IdKind, string]> = [...d.ids];
  const k = d.key;
  if (k.sellerVat) ids.push(['vat', k.sellerVat]);
  if (k.buyerVat) ids.push(['vat', k.buyerVat]);
  if (k.bic) ids.push(['bic', k.bic]);
  if (k.iban)
    ids.push([k.iban.startsWith('CH') && /^3[01]/.test(k.iban.slice(4)) ? 'qrIban' : 'iban', k.iban]);
  if (k.paymentRef) {
    if (k.paymentRef.startsWith('RF')) ids.push(['rf', k.paymentRef]);
    else if (/^\d{3}\/\d{4}\/\d{5}$/.test(k.paymentRef)) ids.push(['beOgm', k.paymentRef]);
    else if (/^\d{27}$/.test(k.paymentRef)) ids.push(['qrRef', k.paymentRef]);
  }
  if (k.buyerRef && /^\d{2,12}-[0-9A-Z]{1,30}-\d{2}$/.test(k.buyerRef)) ids.push(['leitweg', k.buyerRef]);
  return ids;
}

function validateDoc(d: Doc): void {
  const m = /^(en|de|fr|nl|es|it)-([1-4])-(fop|jspdf|gs)-([a-z]+)$/.exec(d.file);
  if (!m || m[1] !== d.lang || m[3] !== d.gen || m[4] !== d.layout)
    throw new Error(`bad file name ${d.file}`);
  if (!PRODUCER[`${d.gen}/${d.layout}`]) throw new Error(`${d.file}: unknown layout`);
  for (const [kind, v] of allIds(d))
    if (!idValid(kind, v)) throw new Error(`${d.file}: invalid ${kind} ${v}`);
  const k = d.key;
  for (const v of [k.issue, ...(k.due ? [k.due] : [])]) ymd(v);
  if (k.due && k.due < k.issue) throw new Error(`${d.file}: due before issue`);
  if (!k.printed.issue || (k.due && !k.printed.due)) throw new Error(`${d.file}: printed dates missing`);
  const renderings = (iso: string): string[] => [
    iso,
    longDate(iso, d.lang),
    ...['.', '/', '-'].flatMap((sep) => [dmy(iso, sep), dmy(iso, sep, true)]),
  ];
  if (!renderings(k.issue).includes(k.printed.issue)) throw new Error(`${d.file}: printed issue date`);
  if (k.due && !renderings(k.due).includes(k.printed.due ?? ''))
    throw new Error(`${d.file}: printed due date`);
  if (d.breakAfter !== undefined && d.pages !== 2)
    throw new Error(`${d.file}: carried forward needs 2 pages`);
  if (d.withholding && !d.totals.some((r) => r.k === 'withholding'))
    throw new Error(`${d.file}: withholding not printed`);
  if (d.advance && !d.totals.some((r) => r.k === 'advance'))
    throw new Error(`${d.file}: advance not printed`);
  for (const r of d.totals)
    if (r.k === 'charge' && !d.charges[r.i]) throw new Error(`${d.file}: totals row for a missing charge`);
}

/** Cross-check of every identifier with python3-stdnum (an independent implementation). */
function stdnumCheck(docs: Doc[]): string[] {
  const items = docs.flatMap((d) => allIds(d).map(([kind, v]) => ({ file: d.file, kind, v })));
  const py = `
import json, sys
from stdnum import iban, bic, vatin, iso11649
from stdnum.fr import siren, siret
from stdnum.be import vat as bevat
from stdnum.es import nif
from stdnum.it import codicefiscale
from stdnum.ch import uid, esr
from stdnum.de import stnr
from stdnum.iso7064 import mod_97_10
bad = []
for it in json.load(sys.stdin):
    k, v = it['kind'], it['v']
    try:
        if k in ('iban', 'qrIban'): ok = iban.is_valid(v)
        elif k == 'bic': ok = bic.is_valid(v)
        elif k == 'vat': ok = vatin.is_valid(v)
        elif k == 'siren': ok = siren.is_valid(v)
        elif k == 'siret': ok = siret.is_valid(v)
        elif k == 'beEnt': ok = bevat.is_valid('BE' + v)
        elif k == 'esNif': ok = nif.is_valid(v)
        elif k == 'itCf': ok = codicefiscale.is_valid(v)
        elif k == 'chUid': ok = uid.is_valid(v)
        elif k == 'rf': ok = iso11649.is_valid(v)
        elif k == 'qrRef': ok = esr.is_valid(v)
        elif k == 'deStnr': ok = stnr.is_valid(v)
        elif k == 'beOgm':
            dd = v.replace('/', '')
            ok = len(dd) == 12 and (int(dd[:10]) % 97 or 97) == int(dd[10:])
        elif k == 'leitweg': ok = mod_97_10.is_valid(v.replace('-', ''))
        else: ok = False
    except Exception:
        ok = False
    if not ok: bad.append(it['file'] + ': ' + k + ' ' + v)
print(json.dumps({'bad': bad}))
`;
  const out = execFileSync(PYTHON, ['-c', py], { input: JSON.stringify(items), encoding: 'utf8' });
  const res = JSON.parse(out) as { bad: string[] };
  console.log(`stdnum: ${items.length} identifiers checked, ${res.bad.length} invalid`);
  return res.bad;
}

function keyJson(d: Doc, c: Calc): string {
  const k = d.key;
  const obj = {
    source: 'print-blind',
    generator: 'print-blind',
    file: `${d.file}.pdf`,
    producer: `scripts/make-print-invoices.ts (${PRODUCER[`${d.gen}/${d.layout}`] ?? d.gen})`,
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
      tax_breakdown: c.rates.map((r) => ({ rate: rateKey(r.rate), net: plain(r.net), tax: plain(r.tax) })),
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
  s.replace(/[\u00a0\u202f\u2009\u2007\u2002]/g, ' ').replace(/[ \t]+/g, ' ');

function pageCount(pdf: string): number {
  const m = /^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }));
  if (!m) throw new Error(`pdfinfo ${pdf}`);
  return Number(m[1]);
}

/** Every non-null key value must be on the page in the form it was printed in. */
function verify(d: Doc, c: Calc, pdf: string): string[] {
  const problems: string[] = [];
  const pages = pageCount(pdf);
  if (pages !== d.pages) problems.push(`pages ${pages}, expected ${d.pages}`);
  const layoutText = pdfText(pdf, true);
  const rawText = pdfText(pdf, false);
  const all = normText(`${layoutText}\n${rawText}`);
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
  const s = sgn(d);
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
    if (!all.includes(normText(d.f.num(s * v))) && !all.includes(normText(d.f.money(s * v))))
      problems.push(`${what} "${d.f.num(s * v)}" not found`);
  for (const [what, v] of [
    ['total', d.f.money(s * c.total)],
    ['amount_due', d.f.money(s * c.due)],
  ] as const)
    if (!last.includes(normText(v))) problems.push(`${what} "${v}" not on the last page`);
  if (d.breakAfter !== undefined) {
    const carried = d.f.num(s * carrySum(d, c));
    const p1 = normText(pdfText(pdf, true, 1));
    const p2 = normText(pdfText(pdf, true, 2));
    if (!p1.includes(normText(d.carryOut ?? '')) || !p1.includes(carried))
      problems.push('carry-out not on page 1');
    if (!p2.includes(normText(d.carryIn ?? '')) || !p2.includes(carried))
      problems.push('carry-in not on page 2');
  }
  // the text layer must not be garbled: no replacement characters or UTF-8 read as Latin-1
  if (/[\ufffd]|Ã[\u0080-\u00bf]|â‚¬/.test(all)) problems.push('garbled text layer');
  // every accented letter and € of the source strings must come back
  const src = [
    d.seller.name,
    d.buyer.name,
    ...d.seller.addr,
    ...d.buyer.lines,
    ...d.lines.map((l) => l.desc),
  ].join(' ');
  for (const ch of new Set(src.match(/[À-ÿ€]/g) ?? []))
    if (!all.includes(ch)) problems.push(`character ${ch} lost`);
  if (d.f.money(100).includes('€') && !all.includes('€')) problems.push('€ lost');
  if (d.type === '381' && k.due !== null && d.negative) problems.push('credit note with a due date?');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

function main(): void {
  const filter = process.argv[2] ?? '';
  mkdirSync(BUILD, { recursive: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const docs = SPECS.map((mk) => mk());
  const names = new Set(docs.map((d) => d.file));
  if (names.size !== docs.length) throw new Error('duplicate file names');
  for (const d of docs) validateDoc(d);
  const bad = stdnumCheck(docs);
  for (const b of bad) console.error(`stdnum rejects ${b}`);
  if (bad.length) process.exit(1);
  let failed = 0;
  for (const d of docs) {
    if (!d.file.includes(filter)) continue;
    const c = compute(d);
    const pdf = join(OUT_DIR, `${d.file}.pdf`);
    if (d.gen === 'fop') renderFop(d, c, pdf);
    else if (d.gen === 'jspdf') renderJspdf(d, c, pdf);
    else renderGs(d, c, pdf);
    writeFileSync(join(OUT_DIR, `${d.file}.key.json`), keyJson(d, c));
    const problems = verify(d, c, pdf);
    console.log(
      `${problems.length ? 'FAIL' : 'ok  '} ${d.file}.pdf  ${pageCount(pdf)}p  ${Math.round(readFileSync(pdf).length / 1024)} KB  total ${plain(
        c.total,
      )} due ${plain(c.due)}`,
    );
    for (const p of problems) console.log(`       ${p}`);
    if (problems.length) failed++;
  }
  if (!filter) {
    const stray = readdirSync(OUT_DIR).filter(
      (f) => /\.(pdf|key\.json)$/.test(f) && !names.has(f.replace(/(\.key\.json|\.pdf)$/, '')),
    );
    for (const f of stray) {
      console.log(`removing stray ${f}`);
      rmSync(join(OUT_DIR, f));
    }
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
/** A line: description, quantity, unit price, VAT rate (basis points), optional extras. */
const L = (desc: string, qty: number, price: number, rate: number, extra: Partial<Line> = {}): Line => ({
  desc,
  qty: Q(qty),
  price: ct(price),
  rate,
  ...extra,
});

const gbPrint = (v: string): string => `GB ${v.slice(2, 5)} ${v.slice(5, 9)} ${v.slice(9)}`;
const enGbp = mkFmt({ dec: '.', thou: ',', money: (n) => `£${n}`, pct: '%' });

/** en-1 — UK product studio, jsPDF "band"; GBP, 20 % and zero-rated books, negative credit line. */
function en1(): Doc {
  const vat = make.gbVat('2846173');
  const bvat = make.gbVat('7315528');
  const iban = makeIban('GB', bban.gb('NGTB', '401162', '31926604'));
  return {
    file: 'en-1-jspdf-band',
    lang: 'en',
    gen: 'jspdf',
    layout: 'band',
    country: 'GB',
    type: '380',
    pages: 1,
    currency: 'GBP',
    color: [22, 96, 136],
    title: 'Invoice',
    f: enGbp,
    seller: {
      name: 'Harbourline Digital Ltd',
      brand: 'harbourline',
      tagline: 'Product design & web engineering',
      addr: ['Unit 4, Canal Wharf', '12 Water Row', 'Leeds LS11 5QR'],
      contact: ['accounts@harbourline.example', 'Tel. +44 113 496 0721', 'www.harbourline.example'],
      legal: [
        'Harbourline Digital Ltd',
        'Registered in England & Wales',
        `Company No. 09427183`,
        `VAT Reg. No. ${gbPrint(vat)}`,
      ],
      bank: [
        'Northgate Bank plc, Leeds',
        'Sort code 40-11-62',
        'Account 31926604',
        `IBAN ${fmtId.iban(iban)}`,
        'BIC NGTBGB2L',
      ],
    },
    buyerLabel: 'Bill to',
    buyer: {
      name: 'Pennine Outdoor Supplies Ltd',
      lines: ['Attn: Accounts Payable', '88 Mill Lane', 'Sheffield S3 8GG'],
    },
    shipTo: { label: 'Project', lines: ['Spring catalogue relaunch', 'pennine-outdoor.example'] },
    meta: [
      ['Invoice No.', 'HD-2026-0314'],
      ['Invoice date', '3 March 2026'],
      ['Due date', '2 April 2026'],
      ['Customer ID', 'CUST-00482'],
      ['Your PO', 'PO-55107'],
      ['Your ref', 'Spring relaunch / M. Okafor'],
      ['Your VAT No.', gbPrint(bvat)],
    ],
    lines: [
      L('Discovery & design sprint (5 days)', 1, 3750, 2000, {
        sub: 'Workshops 9–13 Feb 2026, prototype, test report',
      }),
      L('Front-end development', 38.5, 85, 2000, { unit: 'hrs' }),
      L('Content migration (product pages)', 214, 4.5, 2000, { unit: 'pages' }),
      L('Managed hosting – Growth plan, 12 months', 1, 1188, 2000, {
        sub: 'Service period 1 March 2026 – 28 February 2027',
      }),
      L('Printed brand guidelines (book, 64 pp.)', 6, 24, 0, { unit: 'copies' }),
      L('Credit: unused support hours from January', 1, -255, 2000, { unit: '' }),
    ],
    charges: [],
    cols: ['desc', 'qty', 'price', 'rate', 'amount'],
    head: { desc: 'Description', qty: 'Qty', price: 'Unit price', rate: 'VAT', amount: 'Amount (£)' },
    totals: [
      { k: 'net', label: 'Subtotal (excl. VAT)' },
      { k: 'tax', rate: 2000, label: 'VAT 20% on {base}' },
      { k: 'tax', rate: 0, label: 'VAT 0% (zero-rated books)' },
      { k: 'total', label: 'Total' },
      { k: 'due', label: 'Amount due (GBP)', strong: true },
    ],
    pay: [
      'Please pay by bank transfer within 30 days, quoting invoice number HD-2026-0314.',
      `Northgate Bank plc · Sort code 40-11-62 · Account 31926604 · IBAN ${fmtId.iban(iban)} · BIC NGTBGB2L`,
    ],
    notes: [
      'Previous balance of £1,440.00 (invoice HD-2026-0241) was received with thanks on 27 February 2026.',
      'Questions about this invoice? accounts@harbourline.example or +44 113 496 0721.',
    ],
    t: { creator: 'Harbourline Billing (jsPDF)' },
    ids: [],
    key: {
      number: 'HD-2026-0314',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'PO-55107',
      buyerRef: 'Spring relaunch / M. Okafor',
      sellerVat: vat,
      sellerReg: '09427183',
      sellerEmail: 'accounts@harbourline.example',
      iban,
      bic: 'NGTBGB2L',
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

/** en-2 — Irish catering equipment supplier, FOP "erp"; 2 pages carried forward, 13.5 % and 23 %. */
function en2(): Doc {
  const vat = make.ieVat('6433129');
  const bvat = make.ieVat('9817264');
  const iban = makeIban('IE', bban.ie('BOFC', '932041', '18273645'));
  const items: Array<[string, string, number, number, number]> = [
    ['CE-4410', 'Combination oven 10 x GN 1/1, electric', 1, 7420, 2300],
    ['CE-4411', 'Stand for combination oven, stainless', 1, 685, 2300],
    ['CE-2280', 'Induction hob 4 zones, 14 kW', 2, 2190, 2300],
    ['CE-3105', 'Extraction canopy 2400 mm with filters', 1, 3260, 2300],
    ['CE-1190', 'Undercounter fridge 2-door, 260 l', 3, 1045, 2300],
    ['CE-1192', 'Upright freezer 600 l, GN 2/1', 1, 1890, 2300],
    ['CE-5020', 'Dishwasher pass-through, 80 racks/h', 1, 4875, 2300],
    ['CE-5021', 'Water softener, automatic', 1, 540, 2300],
    ['CE-6100', 'Stainless work table 1800 x 700', 4, 410, 2300],
    ['CE-6104', 'Wall shelf 1500 mm, double', 4, 138, 2300],
    ['CE-6220', 'Hand wash basin, knee operated', 2, 286, 2300],
    ['CE-7001', 'Salamander grill 600 mm', 1, 1320, 2300],
    ['CE-7015', 'Fryer twin basket 2 x 8 l', 1, 1495, 2300],
    ['CE-7300', 'Bain-marie 4 x GN 1/1, wet well', 1, 960, 2300],
    ['CE-8050', 'Mobile rack 20 x GN 1/1', 2, 365, 2300],
    ['CE-8120', 'Gastronorm containers 1/1-65, pack of 6', 8, 74.5, 2300],
    ['CE-8121', 'Gastronorm lids 1/1, pack of 6', 8, 39.9, 2300],
    ['CE-8400', 'Cutting boards HACCP colour set', 3, 58, 2300],
    ['SV-0100', 'Gas connection and commissioning, combi oven', 1, 420, 1350],
    ['SV-0110', 'Electrical connection, induction & fryer', 1, 380, 1350],
    ['SV-0120', 'Plumbing of dishwasher and softener', 1, 465, 1350],
    ['SV-0200', 'Removal and disposal of old equipment', 1, 350, 1350],
    ['SV-0300', 'Staff training on site (2 sessions)', 2, 195, 1350],
    ['SV-0400', 'Planned maintenance, first year', 1, 890, 1350],
  ];
  return {
    file: 'en-2-fop-erp',
    lang: 'en',
    gen: 'fop',
    layout: 'erp',
    country: 'IE',
    type: '380',
    pages: 2,
    currency: 'EUR',
    font: 'Helvetica',
    color: [0, 94, 61],
    title: 'Invoice',
    f: mkFmt({ dec: '.', thou: ',', money: (n) => `€${n}`, pct: '%' }),
    seller: {
      name: 'Corrib Catering Equipment Limited',
      brand: 'CORRIB CATERING EQUIPMENT',
      tagline: 'Commercial kitchens · design · supply · service',
      addr: ['Unit 7, Ballybrit Business Park', 'Galway H91 X2W4'],
      contact: ['Tel +353 91 771 204', 'Fax +353 91 771 209', 'sales@corribcatering.example'],
      legal: [`VAT No. ${vat}`, 'Registered in Ireland No. 614392', 'Directors: S. Fahy, R. Nolan'],
      bank: [
        'Bank of Connacht, Eyre Square',
        'NSC 93-20-41  A/C 18273645',
        `IBAN ${fmtId.iban(iban)}`,
        'BIC BOFCIE2G',
      ],
    },
    buyerLabel: 'Invoice to',
    buyer: {
      name: 'The Quay Street Kitchen Ltd',
      lines: ['Accounts Department', '14 Quay Street', 'Galway H91 K7P3'],
    },
    shipTo: {
      label: 'Delivered to:',
      lines: ['The Quay Street Kitchen', 'Rear yard, Kirwan’s Lane', 'Galway'],
    },
    meta: [
      ['Invoice number', 'INV 2026/01847'],
      ['Date', '03/03/2026'],
      ['Account no.', 'QSK001'],
      ['Sales order', 'SO-26-1190'],
      ['Delivery note', 'DN 44821, DN 44836'],
      ['Your order', 'QSK-PO-0392'],
      ['Customer VAT', bvat],
      ['Payment due', '02/04/2026'],
    ],
    lines: items.map(([code, desc, qty, price, rate]) =>
      L(desc, qty, price, rate, { code, unit: code.startsWith('SV') ? 'job' : 'ea' }),
    ),
    charges: [{ label: 'Delivery & crane hire', amount: ct(240), rate: 2300 }],
    cols: ['pos', 'code', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      pos: 'Ln',
      code: 'Item',
      desc: 'Description',
      qty: 'Qty',
      unit: 'Unit',
      price: 'Price €',
      rate: 'VAT',
      amount: 'Net €',
    },
    totals: [
      { k: 'lines', label: 'Goods and services' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Total excl. VAT' },
      { k: 'tax', rate: 1350, label: 'VAT @ 13.5%' },
      { k: 'tax', rate: 2300, label: 'VAT @ 23%' },
      { k: 'total', label: 'Invoice total EUR', strong: true },
    ],
    vatTable: { title: 'VAT analysis', head: ['Rate', 'Goods/services', 'VAT', 'Total'], sum: 'Total' },
    pay: [
      'Terms: 30 days net. Please remit to Bank of Connacht, IBAN ' + fmtId.iban(iban) + ', BIC BOFCIE2G.',
      'Remittance advice to accounts@corribcatering.example quoting INV 2026/01847.',
    ],
    notes: [
      'Goods remain the property of Corrib Catering Equipment Limited until paid in full.',
      'Equipment warranty: 24 months parts and labour from the commissioning date 26/02/2026.',
    ],
    t: {
      heading: 'Invoice INV 2026/01847',
      intro:
        'Kitchen refit, 14 Quay Street – supply, installation and commissioning as per quotation Q-2025-388.',
      creator: 'Corrib ERP',
    },
    breakAfter: 18,
    carryOut: 'Carried forward',
    carryIn: 'Brought forward',
    ids: [],
    key: {
      number: 'INV 2026/01847',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'QSK-PO-0392',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: '614392',
      sellerEmail: 'sales@corribcatering.example',
      iban,
      bic: 'BOFCIE2G',
      buyerVat: bvat,
      printed: { issue: '03/03/2026', due: '02/04/2026' },
    },
  };
}

/** en-3 — UK interiors firm, Ghostscript "letter"; two-digit years, deposit deducted. */
function en3(): Doc {
  const vat = make.gbVat('4190382');
  const iban = makeIban('GB', bban.gb('WSXB', '309174', '52718840'));
  return {
    file: 'en-3-gs-letter',
    lang: 'en',
    gen: 'gs',
    layout: 'letter',
    country: 'GB',
    type: '380',
    pages: 1,
    currency: 'GBP',
    color: [120, 60, 40],
    title: 'Invoice',
    f: enGbp,
    seller: {
      name: 'Ashdown Pryce Interiors Ltd',
      brand: 'Ashdown Pryce',
      tagline: 'Kitchens · Joinery · Interiors',
      addr: ['The Old Forge, Mill Street', 'Lewes BN7 2RD'],
      contact: ['01273 948 220', 'studio@ashdownpryce.example'],
      legal: ['Company No. 12648391 (England)', `VAT No. ${gbPrint(vat)}`],
      bank: ['Wessex Bank · Sort code 30-91-74', `Acc. 52718840 · IBAN ${fmtId.iban(iban)}`, 'BIC WSXBGB21'],
    },
    buyerLabel: 'To',
    buyer: {
      name: 'Orchard Rise Developments Ltd',
      lines: ['FAO Helen Marsh', '2 Station Approach', 'Haywards Heath RH16 1BE'],
    },
    meta: [
      ['Invoice number', '2026-0047'],
      ['Date', '03/03/26'],
      ['Payment due', '17/03/26'],
      ['Your reference', 'Kitchen – Plot 14'],
      ['Quote', 'Q-1187 (12/11/25)'],
      ['Client', 'ORD-02'],
    ],
    lines: [
      L('Bespoke kitchen carcasses, painted oak', 1, 9850, 2000, { unit: 'set' }),
      L('Quartz worktops, 30 mm, templated and fitted', 7.4, 420, 2000, { unit: 'm' }),
      L('Integrated appliances (see schedule A)', 1, 4615, 2000, { unit: 'set' }),
      L('Installation labour', 11, 345, 2000, { unit: 'days' }),
      L('Electrical first and second fix', 1, 1180, 2000, { unit: 'job' }),
      L('Skip hire and waste removal', 2, 285, 2000, { unit: 'ea' }),
    ],
    charges: [],
    cols: ['desc', 'qty', 'unit', 'price', 'amount'],
    head: { desc: 'Description', qty: 'Qty', unit: '', price: 'Rate £', amount: 'Amount £' },
    totals: [
      { k: 'net', label: 'Net' },
      { k: 'tax', rate: 2000, label: 'VAT at 20%' },
      { k: 'total', label: 'Total', strong: true },
      { k: 'advance', label: 'Less deposit paid 14/01/26' },
      { k: 'due', label: 'Balance due', strong: true },
    ],
    advance: ct(9000),
    pay: [
      `Payment by BACS to Ashdown Pryce Interiors Ltd, sort code 30-91-74, account 52718840 (IBAN ${fmtId.iban(iban)}, BIC WSXBGB21).`,
      'Please use the invoice number as your payment reference.',
    ],
    notes: ['The deposit of £9,000.00 was invoiced on deposit invoice 2026-0009 and paid on 14/01/26.'],
    t: {
      heading: 'Invoice 2026-0047 – Kitchen, Plot 14 Orchard Rise',
      intro:
        'Dear Helen, thank you for choosing us for the kitchen at Plot 14. Please find our final account below.',
      closing: 'Kind regards,\nTom Pryce, Director',
      creator: 'Sage-style billing / Ghostscript',
    },
    ids: [],
    key: {
      number: '2026-0047',
      issue: '2026-03-03',
      due: '2026-03-17',
      paymentRef: null,
      po: null,
      buyerRef: 'Kitchen – Plot 14',
      sellerVat: vat,
      sellerReg: '12648391',
      sellerEmail: 'studio@ashdownpryce.example',
      iban,
      bic: 'WSXBGB21',
      buyerVat: null,
      printed: { issue: '03/03/26', due: '17/03/26', sellerVat: gbPrint(vat) },
    },
  };
}

/** en-4 — Irish analytics firm, FOP "einvoice"; EU B2B services, reverse charge 0 %. */
function en4(): Doc {
  const vat = make.ieVat('3958271');
  const bvat = make.deVat('28173645');
  const iban = makeIban('IE', bban.ie('LFYB', '991320', '40571128'));
  return {
    file: 'en-4-fop-einvoice',
    lang: 'en',
    gen: 'fop',
    layout: 'einvoice',
    country: 'IE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    font: 'Helvetica',
    title: 'Commercial invoice',
    f: mkFmt({ dec: '.', thou: ',', money: (n) => `EUR ${n}`, pct: '%' }),
    seller: {
      name: 'Liffey Analytics Limited',
      addr: ['3 Grand Canal Quay', 'Dublin 2, D02 VX61', 'Ireland'],
      contact: ['Contact: Aoife Brennan', 'billing@liffeyanalytics.example', '+353 1 555 0148'],
      legal: [`VAT identifier: ${vat}`, 'Company registration (CRO): 702941'],
      bank: [],
    },
    buyerLabel: 'Buyer',
    buyer: {
      name: 'Nordlicht Logistik GmbH',
      lines: ['Hafenstraße 41', '28217 Bremen', 'Germany', `VAT identifier: ${bvat}`],
    },
    meta: [
      ['Invoice number', 'LA-INV-00931'],
      ['Issue date', '2026-03-04'],
      ['Due date', '2026-04-03'],
      ['Invoice type code', '380'],
      ['Currency', 'EUR'],
      ['Buyer reference', 'OPS-Analytics-26'],
      ['Purchase order', '4500120934'],
      ['Contract', 'MSA-2024-07'],
      ['Invoicing period', '2026-02-01 – 2026-02-28'],
      ['Payment terms', '30 days net'],
    ],
    lines: [
      L('Route optimisation platform, subscription February', 1, 4200, 0, { unit: 'month', code: 'SUB-RO' }),
      L('Additional depot licences', 3, 350, 0, { unit: 'each', code: 'SUB-DL' }),
      L('Data engineering (remote), timesheet 02/2026', 6.5, 960, 0, { unit: 'day', code: 'SRV-DE' }),
      L('Onboarding workshop Bremen (travel included)', 1, 1850, 0, { unit: 'each', code: 'SRV-WS' }),
      L('Service credit for SLA breach 12/02/2026', 1, -420, 0, { unit: 'each', code: 'CR-SLA' }),
    ],
    charges: [],
    cols: ['pos', 'code', 'desc', 'qty', 'unit', 'price', 'amount'],
    head: {
      pos: '#',
      code: 'Item ID',
      desc: 'Item name',
      qty: 'Qty',
      unit: 'Unit',
      price: 'Net price',
      amount: 'Line net',
    },
    totals: [
      { k: 'lines', label: 'Sum of line net amounts' },
      { k: 'net', label: 'Invoice total without VAT' },
      { k: 'taxsum', label: 'Invoice total VAT amount' },
      { k: 'total', label: 'Invoice total with VAT', strong: true },
      { k: 'due', label: 'Amount due for payment', strong: true },
    ],
    vatTable: {
      title: 'VAT breakdown – category AE (reverse charge)',
      head: ['Rate', 'Taxable amount', 'VAT', 'Total'],
    },
    pay: [
      'Payment means: SEPA credit transfer (58)',
      'Account name: Liffey Analytics Limited',
      `IBAN: ${fmtId.iban(iban)}`,
      'BIC: LFYBIE2D',
      'Remittance information: LA-INV-00931',
    ],
    notes: [
      'VAT exemption reason: Reverse charge – services to a taxable person in another Member State, Article 196 Council Directive 2006/112/EC. The customer accounts for VAT.',
    ],
    t: {
      sub: 'Visualisation of a Peppol BIS Billing 3.0 invoice',
      subtitle: 'Rendered from the structured invoice data – the XML is the legally binding document.',
      sellerHead: 'Seller',
      metaHead: 'Invoice details',
      itemsHead: 'Invoice lines',
      totalsHead: 'Document totals',
      payHead: 'Payment instructions',
      notesHead: 'Notes',
      footer: 'Liffey Analytics Limited · LA-INV-00931',
      creator: 'Peppol viewer (Apache FOP)',
    },
    ids: [],
    key: {
      number: 'LA-INV-00931',
      issue: '2026-03-04',
      due: '2026-04-03',
      paymentRef: null,
      po: '4500120934',
      buyerRef: 'OPS-Analytics-26',
      sellerVat: vat,
      sellerReg: '702941',
      sellerEmail: 'billing@liffeyanalytics.example',
      iban,
      bic: 'LFYBIE2D',
      buyerVat: bvat,
      printed: { issue: '2026-03-04', due: '2026-04-03' },
    },
  };
}

const deEur = mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €` });

/** de-1 — German drinks and food wholesaler, Ghostscript "spool"; 2 pages, Übertrag, 7 % / 19 %. */
function de1(): Doc {
  const vat = make.deVat('12593864');
  const bvat = make.deVat('27481630');
  const iban = makeIban('DE', bban.de('48050161', '66019374'));
  const iban2 = makeIban('DE', bban.de('48060036', '4419270800'));
  const items: Array<[string, string, number, string, number, number]> = [
    ['100214', 'Mineralwasser still 12x0,75 l', 40, 'KI', 6.9, 1900],
    ['100215', 'Mineralwasser medium 12x0,75 l', 40, 'KI', 6.9, 1900],
    ['100230', 'Apfelschorle 20x0,5 l', 25, 'KI', 11.4, 1900],
    ['100318', 'Cola 24x0,33 l Dose', 12, 'KI', 13.8, 1900],
    ['100402', 'Pils Fass 30 l', 8, 'FA', 79.5, 1900],
    ['100405', 'Weizen hell 20x0,5 l', 10, 'KI', 17.9, 1900],
    ['100511', 'Rotwein Trollinger 6x0,75 l', 6, 'KT', 29.4, 1900],
    ['100512', 'Weißwein Riesling 6x0,75 l', 6, 'KT', 31.2, 1900],
    ['100620', 'Kaffee Bohne Crema 1 kg', 18, 'PA', 14.25, 700],
    ['100621', 'Espresso Bohne 1 kg', 12, 'PA', 16.4, 700],
    ['100650', 'Tee Sortiment 6x25 Btl.', 4, 'KT', 12.8, 700],
    ['200104', 'Milch 3,5 % 12x1 l', 20, 'KT', 11.16, 700],
    ['200110', 'Sahne 30 % 10x1 l', 6, 'KT', 24.9, 700],
    ['200215', 'Butter 250 g', 60, 'ST', 2.29, 700],
    ['200330', 'Gouda mittelalt 3 kg', 4, 'ST', 27.6, 700],
    ['200410', 'Eier Bodenhaltung 180 St.', 3, 'KT', 39.6, 700],
    ['300120', 'Mehl Type 405 10 kg', 5, 'SA', 7.8, 700],
    ['300121', 'Zucker 10 kg', 4, 'SA', 11.5, 700],
    ['300205', 'Spaghetti 5 kg', 6, 'PA', 8.95, 700],
    ['300310', 'Tomaten passiert 6x2,5 kg', 5, 'KT', 15.9, 700],
    ['300402', 'Sonnenblumenöl 10 l', 4, 'KA', 21.5, 700],
    ['300520', 'Pommes frites 4x2,5 kg', 12, 'KT', 12.6, 700],
    ['400110', 'Servietten 3-lg. 33x33 (1000)', 5, 'KT', 18.4, 1900],
    ['400120', 'Müllbeutel 120 l (250)', 2, 'KT', 22.9, 1900],
    ['400205', 'Spülmittel Profi 10 l', 3, 'KA', 16.75, 1900],
    ['400210', 'Klarspüler 10 l', 2, 'KA', 19.3, 1900],
    ['400301', 'Handschuhe Nitril M (100)', 10, 'PA', 5.85, 1900],
    ['300610', 'Senf mittelscharf 5 kg', 2, 'EI', 9.6, 700],
    ['300611', 'Ketchup 5 kg', 3, 'EI', 10.4, 700],
    ['300700', 'Salz jodiert 10x1 kg', 1, 'KT', 6.9, 700],
    ['990001', 'Leergut-Gutschrift Kisten', -30, 'KI', 3.3, 1900],
  ];
  return {
    file: 'de-1-gs-spool',
    lang: 'de',
    gen: 'gs',
    layout: 'spool',
    country: 'DE',
    type: '380',
    pages: 2,
    currency: 'EUR',
    title: 'Rechnung',
    f: mkFmt({ dec: ',', thou: '.', money: (n) => `${n} EUR` }),
    seller: {
      name: 'Hollmann Getränkegroßhandel GmbH & Co. KG',
      brand: 'Gebr. Hollmann',
      addr: ['Am Güterbahnhof 12', '33647 Bielefeld'],
      contact: ['Tel. 0521 94402-0  Fax 0521 94402-99', 'buchhaltung@hollmann-getraenke.example'],
      legal: [
        'Hollmann Getränkegroßhandel GmbH & Co. KG, Sitz Bielefeld, AG Bielefeld HRA 9142',
        'phG: Hollmann Verwaltungs-GmbH, AG Bielefeld HRB 40117',
        `USt-IdNr. ${vat}`,
        'St.-Nr. 305/5712/0483',
      ],
      bank: [
        `Sparkasse Bielefeld IBAN ${iban} BIC SPBIDE3BXXX`,
        `Volksbank Bielefeld-Gütersloh IBAN ${iban2} BIC GENODEM1GTL`,
      ],
    },
    buyerLabel: 'Rechnungsanschrift:',
    buyer: {
      name: 'Gasthaus Zum Sparrenberg Inh. Petra Lüning',
      lines: ['Sparrenstraße 9', '33602 Bielefeld'],
    },
    shipTo: { label: 'Lieferanschrift:', lines: ['wie Rechnungsanschrift, Anlieferung Hof'] },
    meta: [
      ['Beleg-Nr.', '2603-04711'],
      ['Belegdatum', '03.03.26'],
      ['Kunden-Nr.', '20417'],
      ['Lieferschein', 'LS 2603-0388'],
      ['Auftrag', 'AB 2602-1172'],
      ['Ihre Bestell-Nr.', 'B-26-0419'],
      ['Ihre USt-IdNr.', bvat],
      ['Sachbearbeiter', 'Fr. Knoop'],
    ],
    lines: items.map(([code, desc, qty, unit, price, rate]) => L(desc, qty, price, rate, { code, unit })),
    charges: [{ label: 'Lieferpauschale Tour 4', amount: ct(18), rate: 1900 }],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      code: 'Artikel',
      desc: 'Bezeichnung',
      qty: 'Menge',
      unit: 'ME',
      price: 'E-Preis',
      rate: 'MwSt',
      amount: 'Betrag',
    },
    totals: [
      { k: 'lines', label: 'Warenwert' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Summe netto' },
      { k: 'tax', rate: 700, label: '+ MwSt  7,00 % von {base}' },
      { k: 'tax', rate: 1900, label: '+ MwSt 19,00 % von {base}' },
      { k: 'total', label: 'RECHNUNGSBETRAG', strong: true },
    ],
    vatTable: { title: 'MwSt-Aufstellung', head: ['Satz', 'Netto', 'MwSt', 'Brutto'], sum: 'Summe' },
    pay: [
      'Zahlungsbedingung: bis 12.03.26 abzgl. 2 % Skonto, bis 02.04.26 netto.',
      `Bitte überweisen Sie unter Angabe der Beleg-Nr. auf IBAN ${iban} (Sparkasse Bielefeld).`,
    ],
    notes: ['Offener Saldo Vormonat: 1.284,30 EUR (Beleg 2602-03988) - bereits angemahnt.'],
    t: {
      intro: 'Wir lieferten Ihnen am 02.03.26 laut Lieferschein LS 2603-0388:',
      cont: '*** Fortsetzung Seite 2 ***',
      pageLabel: 'Seite',
      creator: 'WWS/400 Spool Print',
    },
    breakAfter: 23,
    carryOut: 'Übertrag',
    carryIn: 'Übertrag von Seite 1',
    ids: [
      ['deStnr', '305/5712/0483'],
      ['iban', iban2],
    ],
    key: {
      number: '2603-04711',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'B-26-0419',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'HRA 9142',
      sellerEmail: 'buchhaltung@hollmann-getraenke.example',
      iban,
      bic: 'SPBIDE3BXXX',
      buyerVat: bvat,
      printed: { issue: '03.03.26', due: '02.04.26', iban },
    },
  };
}

/** de-2 — German electrical contractor to a city, FOP "einvoice"; Leitweg-ID, advance deducted. */
function de2(): Doc {
  const vat = make.deVat('31650274');
  const iban = makeIban('DE', bban.de('25050180', '910447283'));
  const leitweg = make.leitweg('03241000-GM0117');
  return {
    file: 'de-2-fop-einvoice',
    lang: 'de',
    gen: 'fop',
    layout: 'einvoice',
    country: 'DE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    font: 'Helvetica',
    title: 'Rechnung',
    f: deEur,
    seller: {
      name: 'Kessler Elektrotechnik GmbH',
      addr: ['Vahrenwalder Straße 212', '30165 Hannover', 'Deutschland'],
      contact: [
        'Ansprechpartner: Martin Kessler',
        'Telefon: 0511 3388 410',
        'E-Mail: rechnung@kessler-elektro.example',
      ],
      legal: [
        `Umsatzsteuer-ID: ${vat}`,
        'Steuernummer: 25/201/14836',
        'Registereintrag: Amtsgericht Hannover HRB 207315',
      ],
      bank: [],
    },
    buyerLabel: 'Käufer',
    buyer: {
      name: 'Landeshauptstadt Hannover',
      lines: [
        'Fachbereich Gebäudemanagement',
        'Sachgebiet Elektrotechnik',
        'Prinzenstraße 4',
        '30159 Hannover',
      ],
    },
    meta: [
      ['Rechnungsnummer', 'KE-2026-00318'],
      ['Rechnungsdatum', '03.03.2026'],
      ['Rechnungsart', '380 (Rechnung)'],
      ['Währung', 'EUR'],
      ['Fälligkeitsdatum', '02.04.2026'],
      ['Leitweg-ID (Käuferreferenz)', leitweg],
      ['Bestellnummer', 'BANF-26-4471'],
      ['Vertragsnummer', 'RV-2025-114'],
      ['Projektreferenz', 'Grundschule Vahrenheide, BA 2'],
      ['Leistungszeitraum', '02.02.2026 – 27.02.2026'],
    ],
    lines: [
      L('NYM-J 5x2,5 mm² verlegen, inkl. Befestigung', 420, 6.85, 1900, { unit: 'm', code: '01.02.010' }),
      L('Unterverteilung UV-2.3, 4-reihig, bestückt', 2, 2380, 1900, { unit: 'Stk', code: '01.03.020' }),
      L('LED-Rasterleuchten 62x62, 3.400 lm', 48, 118.4, 1900, { unit: 'Stk', code: '02.01.005' }),
      L('Notleuchten Einzelbatterie, Montage', 14, 96.5, 1900, { unit: 'Stk', code: '02.04.001' }),
      L('Prüfung nach DIN VDE 0100-600, Protokoll', 1, 1240, 1900, { unit: 'psch', code: '05.01.001' }),
      L('Stundenlohnarbeiten lt. Rapport 07–09', 26, 62, 1900, { unit: 'h', code: '09.00.001' }),
      L('Nachlass lt. Verhandlungsprotokoll 3 %', 1, -693.79, 1900, { unit: 'psch', code: '99.00.001' }),
    ],
    charges: [],
    cols: ['pos', 'code', 'desc', 'qty', 'unit', 'price', 'amount'],
    head: {
      pos: 'Pos.',
      code: 'OZ',
      desc: 'Bezeichnung',
      qty: 'Menge',
      unit: 'Einh.',
      price: 'EP netto',
      amount: 'GP netto',
    },
    totals: [
      { k: 'lines', label: 'Summe Positionen netto' },
      { k: 'net', label: 'Gesamtbetrag ohne Umsatzsteuer' },
      { k: 'tax', rate: 1900, label: 'Umsatzsteuer 19 %' },
      { k: 'total', label: 'Gesamtbetrag einschließlich Umsatzsteuer', strong: true },
      { k: 'advance', label: 'Bereits gezahlt (Abschlagsrechnung KE-2026-00112)' },
      { k: 'due', label: 'Fälliger Betrag', strong: true },
    ],
    advance: ct(11900),
    vatTable: {
      title: 'Aufschlüsselung der Umsatzsteuer (Kategorie S)',
      head: ['Satz', 'Bemessungsgrundlage', 'Steuerbetrag', 'Brutto'],
    },
    pay: [
      'Zahlungsart: SEPA-Überweisung (58)',
      'Kontoinhaber: Kessler Elektrotechnik GmbH',
      `IBAN: ${fmtId.iban(iban)}`,
      'BIC: SPKHDE2HXXX',
      'Verwendungszweck: KE-2026-00318',
      'Skonto: 2 % bei Zahlung bis 13.03.2026',
    ],
    notes: [
      'Abschlagsrechnung KE-2026-00112 vom 15.01.2026 über 10.000,00 € netto zzgl. 1.900,00 € USt., bezahlt am 29.01.2026.',
    ],
    t: {
      sub: 'XRechnung 3.0 · Sichtprüfung',
      subtitle: 'Visualisierung einer elektronischen Rechnung – maßgeblich ist der XML-Datensatz.',
      sellerHead: 'Verkäufer',
      metaHead: 'Rechnungsdaten',
      itemsHead: 'Rechnungspositionen',
      totalsHead: 'Gesamtbeträge',
      payHead: 'Zahlungsinformationen',
      notesHead: 'Bemerkungen',
      footer: 'Kessler Elektrotechnik GmbH · Rechnung KE-2026-00318',
      creator: 'XRechnung-Visualisierung (Apache FOP)',
    },
    ids: [['deStnr', '25/201/14836']],
    key: {
      number: 'KE-2026-00318',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'BANF-26-4471',
      buyerRef: leitweg,
      sellerVat: vat,
      sellerReg: 'HRB 207315',
      sellerEmail: 'rechnung@kessler-elektro.example',
      iban,
      bic: 'SPKHDE2HXXX',
      buyerVat: null,
      printed: { issue: '03.03.2026', due: '02.04.2026' },
    },
  };
}

/** de-3 — Swiss software firm, jsPDF "grid" with DejaVuSans; CHF, 8.1 % / 2.6 %, QR-bill. */
function de3(): Doc {
  const uid = make.chUid('41528390');
  const vat = `${uid}MWST`;
  const buid = make.chUid('27340158');
  const bvat = `${buid}MWST`;
  const iban = makeIban('CH', bban.ch('30808', '7104118225'));
  const ref = make.qrRef('00000000000002603180004471');
  const f = mkFmt({ dec: '.', thou: "'", money: (n) => `CHF ${n}`, pct: '%' });
  return {
    file: 'de-3-jspdf-grid',
    lang: 'de',
    gen: 'jspdf',
    layout: 'grid',
    country: 'CH',
    type: '380',
    pages: 1,
    currency: 'CHF',
    font: 'DejaVuSans',
    color: [170, 30, 35],
    title: 'Rechnung',
    f,
    seller: {
      name: 'Pilatus Softwarewerk AG',
      brand: 'PILATUS SOFTWAREWERK',
      tagline: 'Hotelsoftware für die Schweiz',
      addr: ['Alpenquai 28', '6005 Luzern'],
      contact: ['Tel. 041 210 44 80', 'buchhaltung@pilatus-software.example'],
      legal: [`Handelsregister: ${fmtId.chUid(uid)}`, `MWST-Nr.: ${fmtId.chUid(uid)} MWST`],
      bank: ['Luzerner Kantonalbank', `QR-IBAN ${fmtId.iban(iban)}`],
    },
    buyerLabel: 'Rechnungsadresse',
    buyer: {
      name: 'Seeblick Hotelbetriebs AG',
      lines: ['Herr Beat Zimmermann', 'Seestrasse 17', '6353 Weggis'],
    },
    meta: [
      ['Rechnung Nr.', 'R-260318'],
      ['Datum', '3. März 2026'],
      ['Zahlbar bis', '2. April 2026'],
      ['Kunden-Nr.', '4471'],
      ['Ihre Referenz', 'Hr. Zimmermann'],
      ['Bestellung', 'SB-2026-07'],
      ['Offerte', 'O-26-041'],
      ['Ihre MWST-Nr.', `${fmtId.chUid(buid)} MWST`],
    ],
    lines: [
      L('Lizenz HotelDesk Pro, 40 Zimmer, Jahresmiete 2026', 1, 6480, 810, { unit: 'Jahr' }),
      L('Schnittstelle Kassensystem, Einrichtung', 1, 1850, 810, { unit: 'Pausch.' }),
      L('Schulung vor Ort (Rezeption, Backoffice)', 1.5, 1240, 810, { unit: 'Tag' }),
      L('Handbuch HotelDesk, gedruckte Ausgabe', 4, 38, 260, { unit: 'Stk.' }),
      L('Treuerabatt Bestandskunde 5 % auf Lizenz', 1, -324, 810, { unit: 'Pausch.' }),
    ],
    charges: [],
    cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      pos: 'Pos',
      desc: 'Beschreibung',
      qty: 'Menge',
      unit: 'Einheit',
      price: 'Preis CHF',
      rate: 'MWST',
      amount: 'Total CHF',
    },
    totals: [
      { k: 'net', label: 'Total exkl. MWST' },
      { k: 'tax', rate: 260, label: 'MWST 2.6% auf {base}' },
      { k: 'tax', rate: 810, label: 'MWST 8.1% auf {base}' },
      { k: 'taxsum', label: 'Total MWST' },
      { k: 'total', label: 'Rechnungsbetrag inkl. MWST', strong: true },
    ],
    pay: [],
    notes: ['Zahlbar innert 30 Tagen mit dem untenstehenden QR-Zahlteil. Besten Dank für Ihren Auftrag.'],
    t: {
      heading: 'Rechnung R-260318',
      intro: 'Gemäss Offerte O-26-041 und Ihrer Bestellung vom 12.01.2026 stellen wir Ihnen in Rechnung:',
      qr: 'yes',
      qrReceipt: 'Empfangsschein',
      qrPay: 'Zahlteil',
      qrAccount: 'Konto / Zahlbar an',
      qrRef: 'Referenz',
      qrInfo: 'Zusätzliche Informationen',
      qrBy: 'Zahlbar durch',
      qrCur: 'Währung',
      qrAmt: 'Betrag',
      qrPoint: 'Annahmestelle',
      creator: 'Pilatus Faktura (jsPDF)',
    },
    ids: [
      ['chUid', uid],
      ['chUid', buid],
    ],
    key: {
      number: 'R-260318',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: ref,
      po: 'SB-2026-07',
      buyerRef: 'Hr. Zimmermann',
      sellerVat: vat,
      sellerReg: fmtId.chUid(uid),
      sellerEmail: 'buchhaltung@pilatus-software.example',
      iban,
      bic: null,
      buyerVat: bvat,
      printed: {
        issue: '3. März 2026',
        due: '2. April 2026',
        sellerVat: `${fmtId.chUid(uid)} MWST`,
        buyerVat: `${fmtId.chUid(buid)} MWST`,
        paymentRef: fmtId.qrRef(ref),
      },
    },
  };
}

/** de-4 — Austrian landscaping firm, Ghostscript "form"; 13 % / 20 %, advance, Skonto. */
function de4(): Doc {
  const vat = make.atVat('6182735');
  const bvat = make.atVat('4471920');
  const iban = makeIban('AT', bban.at('35200', '1094418'));
  const f = mkFmt({ dec: ',', thou: '.', money: (n) => `€ ${n}`, signInside: true });
  return {
    file: 'de-4-gs-form',
    lang: 'de',
    gen: 'gs',
    layout: 'form',
    country: 'AT',
    type: '380',
    pages: 1,
    currency: 'EUR',
    color: [30, 100, 40],
    title: 'Rechnung',
    f,
    seller: {
      name: 'Obermoser Gartengestaltung GmbH',
      brand: 'OBERMOSER Gartengestaltung',
      tagline: 'Planung · Pflanzung · Pflege',
      addr: ['Alpenstraße 92', '5020 Salzburg'],
      contact: ['T +43 662 62 18 40', 'office@obermoser-garten.example'],
      legal: ['Firmenbuch FN 482317k, LG Salzburg', `UID ${vat}`, 'GF: Ing. Thomas Obermoser'],
      bank: ['Raiffeisenverband Salzburg', `IBAN ${fmtId.iban(iban)}`, 'BIC RVSAAT2S'],
    },
    buyerLabel: 'Rechnungsempfänger',
    buyer: {
      name: 'Hotel Schlosswirt Anif GmbH',
      lines: ['z. H. Frau Mag. Eder', 'Salzachtalstraße 5', '5081 Anif'],
    },
    meta: [
      ['Rechnungsnummer', '2026/0231'],
      ['Rechnungsdatum', '05.03.2026'],
      ['Kundennummer', 'K-1088'],
      ['Angebot', 'AN-2025-117'],
      ['Ihre Bestellung', 'SW-0426'],
      ['Ihre UID', bvat],
      ['Leistungszeitraum', '16.02.–27.02.2026'],
      ['Fällig am', '19.03.2026'],
    ],
    lines: [
      L('Bodenvorbereitung, Fräsen, Feinplanum', 640, 3.8, 2000, { unit: 'm²' }),
      L('Rollrasen liefern und verlegen', 520, 9.4, 2000, { unit: 'm²' }),
      L('Solitärgehölze Acer campestre, StU 18–20', 6, 385, 1300, { unit: 'Stk' }),
      L('Heckenpflanzen Carpinus betulus 125–150', 110, 14.9, 1300, { unit: 'Stk' }),
      L('Staudenmischpflanzung Schattenbeet', 85, 6.6, 1300, { unit: 'Stk' }),
      L('Bewässerungsanlage, Tropfleitung, Steuerung', 1, 2860, 2000, { unit: 'psch' }),
      L('Regiestunden Gärtner', 22, 54, 2000, { unit: 'h' }),
    ],
    charges: [],
    cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      pos: 'Pos',
      desc: 'Leistung / Artikel',
      qty: 'Menge',
      unit: 'Einh.',
      price: 'EP €',
      rate: 'USt',
      amount: 'Gesamt €',
    },
    totals: [
      { k: 'net', label: 'Nettobetrag' },
      { k: 'tax', rate: 1300, label: 'USt 13 %' },
      { k: 'tax', rate: 2000, label: 'USt 20 %' },
      { k: 'total', label: 'Bruttobetrag', strong: true },
      { k: 'advance', label: 'Anzahlung 12.02.2026' },
      { k: 'due', label: 'Zahlbetrag', strong: true },
    ],
    advance: ct(6000),
    vatTable: { title: 'USt-Aufstellung', head: ['Satz', 'Netto', 'USt', 'Brutto'], sum: 'Summe' },
    pay: [
      `Bitte überweisen Sie bis 19.03.2026 auf IBAN ${fmtId.iban(iban)}, BIC RVSAAT2S. Bei Zahlung bis 12.03.2026 gewähren wir 2 % Skonto.`,
    ],
    notes: [
      'Die Anzahlung laut Anzahlungsrechnung 2026/0112 (€ 6.000,00 brutto) wurde in Abzug gebracht.',
      'Anwuchsgarantie 1 Vegetationsperiode bei Pflege durch uns.',
    ],
    t: {
      footA: 'Anschrift / Kontakt',
      footB: 'Firmenangaben',
      footC: 'Bankverbindung',
      creator: 'Faktura 3.1 (PostScript)',
    },
    ids: [],
    key: {
      number: '2026/0231',
      issue: '2026-03-05',
      due: '2026-03-19',
      paymentRef: null,
      po: 'SW-0426',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'FN 482317k',
      sellerEmail: 'office@obermoser-garten.example',
      iban,
      bic: 'RVSAAT2S',
      buyerVat: bvat,
      printed: { issue: '05.03.2026', due: '19.03.2026' },
    },
  };
}

const frVatPrint = (v: string): string => `FR ${v.slice(2, 4)} ${fmtId.siren(v.slice(4))}`;

/** fr-1 — French renovation firm, jsPDF "compact"; 5.5 / 10 / 20 %, acompte deducted. */
function fr1(): Doc {
  const siren = make.siren('81427390');
  const siret = make.siret(siren, '0002');
  const vat = make.frVat(siren);
  const bsiren = make.siren('52918374');
  const bvat = make.frVat(bsiren);
  const iban = makeIban('FR', bban.fr('30066', '10948', '00010382715'));
  return {
    file: 'fr-1-jspdf-compact',
    lang: 'fr',
    gen: 'jspdf',
    layout: 'compact',
    country: 'FR',
    type: '380',
    pages: 1,
    currency: 'EUR',
    color: [200, 90, 20],
    title: 'FACTURE',
    f: mkFmt({ dec: ',', thou: ' ', money: (n) => `${n} €` }),
    seller: {
      name: 'Chabert Rénovation SAS',
      brand: 'CHABERT Rénovation',
      tagline: 'Isolation · Menuiseries · Aménagement intérieur',
      addr: ['14 rue Ampère', '38000 Grenoble'],
      contact: ['04 76 55 31 20', 'facturation@chabert-renovation.example'],
      legal: [
        'SAS au capital de 40 000 €',
        `RCS Grenoble ${fmtId.siren(siren)}`,
        `SIRET ${fmtId.siret(siret)}`,
        'APE 4332A',
        `TVA intracommunautaire ${frVatPrint(vat)}`,
      ],
      bank: ['Banque Dauphiné Savoie', `IBAN ${fmtId.iban(iban)}`, 'BIC CMCIFRPP'],
    },
    buyerLabel: 'Facturé à',
    buyer: {
      name: 'SCI Les Tilleuls',
      lines: [
        'Mme Claire Fontanel, gérante',
        '7 avenue Alsace-Lorraine',
        '38000 Grenoble',
        `TVA : ${frVatPrint(bvat)}`,
      ],
    },
    shipTo: { label: 'Adresse du chantier', lines: ['22 rue Moyrand, 38100 Grenoble (appartements 3 et 4)'] },
    meta: [
      ['N° de facture', 'F2026-0211'],
      ['Date de facture', '3 mars 2026'],
      ['Échéance', '2 avril 2026'],
      ['Code client', 'C0457'],
      ['Devis', 'D2025-0388 du 14/11/2025'],
      ['Bon de commande', 'BC-0871'],
      ['Votre référence', 'Chantier Moyrand'],
    ],
    lines: [
      L('Isolation des combles perdus, ouate de cellulose 32 cm (R = 8)', 86, 27.5, 550, { unit: 'm²' }),
      L('Fenêtres PVC double vitrage, pose en rénovation', 6, 742, 550, { unit: 'u' }),
      L('Dépose et reprise des plâtres après pose', 1, 1160, 1000, { unit: 'forfait' }),
      L('Peinture murs et plafonds, 2 couches', 118, 21, 1000, { unit: 'm²' }),
      L('Parquet chêne contrecollé, fourniture et pose', 46, 64.5, 1000, { unit: 'm²' }),
      L('Meuble vasque suspendu (fourniture seule)', 2, 389, 2000, { unit: 'u' }),
      L('Évacuation des gravats, benne 8 m³', 1, 420, 1000, { unit: 'u' }),
    ],
    charges: [],
    cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      desc: 'Désignation',
      qty: 'Qté',
      unit: 'Unité',
      price: 'P.U. HT',
      rate: 'TVA',
      amount: 'Montant HT',
    },
    totals: [
      { k: 'net', label: 'Total HT' },
      { k: 'tax', rate: 550, label: 'TVA 5,5 % sur {base}' },
      { k: 'tax', rate: 1000, label: 'TVA 10 % sur {base}' },
      { k: 'tax', rate: 2000, label: 'TVA 20 % sur {base}' },
      { k: 'total', label: 'Total TTC', strong: true },
      { k: 'advance', label: 'Acompte versé le 10/02/2026' },
      { k: 'due', label: 'Net à payer', strong: true },
    ],
    advance: ct(5000),
    vatTable: { title: 'Récapitulatif TVA', head: ['Taux', 'Base HT', 'TVA', 'TTC'], sum: 'Total' },
    pay: [
      `Règlement par virement : IBAN ${fmtId.iban(iban)} – BIC CMCIFRPP – en rappelant le n° de facture.`,
      'Date d’échéance : 2 avril 2026. Pas d’escompte pour paiement anticipé.',
    ],
    notes: [
      'Taux réduits de 5,5 % et 10 % appliqués sur attestation du client (logement achevé depuis plus de 2 ans).',
      'En cas de retard de paiement : pénalités au taux de 3 fois le taux d’intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 €.',
    ],
    t: { from: 'Émetteur', heading: 'N° F2026-0211', creator: 'Chabert Gestion (jsPDF)' },
    ids: [
      ['siren', siren],
      ['siret', siret],
    ],
    key: {
      number: 'F2026-0211',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'BC-0871',
      buyerRef: 'Chantier Moyrand',
      sellerVat: vat,
      sellerReg: fmtId.siren(siren),
      sellerEmail: 'facturation@chabert-renovation.example',
      iban,
      bic: 'CMCIFRPP',
      buyerVat: bvat,
      printed: {
        issue: '3 mars 2026',
        due: '2 avril 2026',
        sellerVat: frVatPrint(vat),
        buyerVat: frVatPrint(bvat),
      },
    },
  };
}

/** fr-2 — Belgian consultancy (Liège), Ghostscript "letter"; 21 % and 6 %, structured communication. */
function fr2(): Doc {
  const ent = make.beEnt('07418263');
  const vat = `BE${ent}`;
  const bent = make.beEnt('04562218');
  const bvat = `BE${bent}`;
  const iban = makeIban('BE', bban.be('063', '4412093'));
  const ogm = make.beOgm('0260093114');
  return {
    file: 'fr-2-gs-letter',
    lang: 'fr',
    gen: 'gs',
    layout: 'letter',
    country: 'BE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    color: [40, 80, 150],
    title: 'Facture',
    f: mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €` }),
    seller: {
      name: 'Dethier Conseil SRL',
      brand: 'Dethier Conseil',
      tagline: 'Organisation · Formation · Qualité',
      addr: ['Quai de Rome 31', '4000 Liège'],
      contact: ['+32 4 221 09 87', 'compta@dethier-conseil.example'],
      legal: [`TVA ${vat.slice(0, 2)} ${fmtId.beEnt(ent)}`, `RPM Liège ${fmtId.beEnt(ent)}`],
      bank: [`IBAN ${fmtId.iban(iban)}`, 'BIC GKCCBEBB'],
    },
    buyerLabel: 'Client',
    buyer: {
      name: 'Brasserie du Perron SA',
      lines: ['Service comptabilité', 'Rue Saint-Gilles 140', '4000 Liège', `TVA BE ${fmtId.beEnt(bent)}`],
    },
    meta: [
      ['Facture n°', 'FC/2026/0093'],
      ['Date', '03/03/2026'],
      ['Échéance', '02/04/2026'],
      ['Client n°', '1027'],
      ['Votre commande', 'BP-2026-011'],
      ['Offre', 'OF-25-212'],
    ],
    lines: [
      L('Audit des processus de production (3 jours)', 3, 980, 2100, { unit: 'jour' }),
      L('Atelier HACCP pour le personnel', 2, 650, 2100, { unit: 'sess.' }),
      L('Rapport et plan d’action', 1, 1450, 2100, { unit: 'forf.' }),
      L('Manuel « Bonnes pratiques en brasserie »', 12, 34, 600, { unit: 'ex.' }),
      L('Frais de déplacement', 184, 0.4, 2100, { unit: 'km' }),
    ],
    charges: [],
    cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      desc: 'Description',
      qty: 'Qté',
      unit: 'Unité',
      price: 'Prix unit.',
      rate: 'TVA',
      amount: 'Total HTVA',
    },
    totals: [
      { k: 'net', label: 'Total HTVA' },
      { k: 'tax', rate: 600, label: 'TVA 6 %' },
      { k: 'tax', rate: 2100, label: 'TVA 21 %' },
      { k: 'total', label: 'Total TVAC', strong: true },
    ],
    vatTable: { title: 'Décompte TVA', head: ['Taux', 'Base', 'TVA', 'Total'], sum: 'Total' },
    pay: [
      `À verser au compte ${fmtId.iban(iban)} (BIC GKCCBEBB) avant le 02/04/2026,`,
      `avec la communication structurée ${fmtId.ogm(ogm)}`,
    ],
    notes: ['Toute réclamation doit nous parvenir par écrit dans les 8 jours de la date de facture.'],
    t: {
      heading: 'Facture FC/2026/0093',
      intro:
        'Madame, Monsieur, nous vous remercions de votre confiance et vous prions de trouver ci-dessous le détail de nos prestations de février 2026.',
      closing: 'Avec nos salutations distinguées,\nAnne Dethier, gérante',
      creator: 'Dethier Facturation (PostScript)',
    },
    ids: [
      ['beEnt', ent],
      ['beEnt', bent],
    ],
    key: {
      number: 'FC/2026/0093',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: fmtId.ogmKey(ogm),
      po: 'BP-2026-011',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: fmtId.beEnt(ent),
      sellerEmail: 'compta@dethier-conseil.example',
      iban,
      bic: 'GKCCBEBB',
      buyerVat: bvat,
      printed: {
        issue: '03/03/2026',
        due: '02/04/2026',
        sellerVat: `BE ${fmtId.beEnt(ent)}`,
        buyerVat: `BE ${fmtId.beEnt(bent)}`,
        paymentRef: fmtId.ogm(ogm),
      },
    },
  };
}

/** fr-3 — French cheese maker, FOP "classic" (DejaVu Serif); credit note printed positive. */
function fr3(): Doc {
  const siren = make.siren('43318276');
  const vat = make.frVat(siren);
  const bsiren = make.siren('79104452');
  const bvat = make.frVat(bsiren);
  const iban = makeIban('FR', bban.fr('16807', '00072', '31488201000'));
  const nb = '\u00a0';
  return {
    file: 'fr-3-fop-classic',
    lang: 'fr',
    gen: 'fop',
    layout: 'classic',
    country: 'FR',
    type: '381',
    pages: 1,
    currency: 'EUR',
    font: 'DejaVuSerif',
    color: [90, 60, 20],
    title: 'Avoir',
    f: mkFmt({ dec: ',', thou: nb, money: (n) => `${n}${nb}EUR` }),
    seller: {
      name: 'Fromagerie Vauclair SAS',
      brand: 'Fromagerie Vauclair',
      tagline: 'Affineur depuis 1952 – Comté, Morbier, Mont d’Or',
      addr: ['2 route de Pontarlier', '25300 Doubs'],
      contact: ['Tél. 03 81 46 12 70', 'contact@fromagerie-vauclair.example'],
      legal: [
        'Fromagerie Vauclair SAS au capital de 250 000 €',
        `RCS Besançon ${fmtId.siren(siren)}`,
        `N° TVA ${frVatPrint(vat)}`,
        'Agrément sanitaire FR 25.462.001 CE',
      ],
      bank: [`Crédit Comtois – IBAN ${fmtId.iban(iban)}`, 'BIC AGRIFRPP868'],
    },
    buyerLabel: 'Client',
    buyer: {
      name: 'Les Halles Gourmandes SARL',
      lines: ['12 place du Marché', '21000 Dijon', `TVA ${frVatPrint(bvat)}`],
    },
    meta: [
      ['Avoir n°', 'AV-2026-014'],
      ['Date', '05/03/26'],
      ['Code client', 'HG021'],
      ['Sur facture', 'FA-2026-0398 du 12/02/26'],
      ['Bon de livraison', 'BL-26-1177'],
      ['Motif', 'Retour marchandise'],
    ],
    lines: [
      L('Comté AOP 18 mois, meule entamée – retour', 9.6, 24.8, 550, { unit: 'kg' }),
      L('Morbier AOP – colis abîmé au transport', 6.2, 17.9, 550, { unit: 'kg' }),
      L('Mont d’Or AOP 500 g – DLUO dépassée', 8, 11.4, 550, { unit: 'u' }),
      L('Caisses bois consignées rendues', 12, 6.5, 2000, { unit: 'u' }),
    ],
    charges: [{ label: 'Frais de transport refacturés à tort', amount: ct(38), rate: 2000 }],
    cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      desc: 'Désignation',
      qty: 'Quantité',
      unit: 'U.',
      price: 'Prix unit. HT',
      rate: 'TVA',
      amount: 'Total HT',
    },
    totals: [
      { k: 'lines', label: 'Marchandises HT' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Total HT' },
      { k: 'tax', rate: 550, label: 'TVA 5,5 %' },
      { k: 'tax', rate: 2000, label: 'TVA 20 %' },
      { k: 'total', label: 'Montant de l’avoir TTC', strong: true },
    ],
    vatTable: { title: 'Détail de la TVA', head: ['Taux', 'Base HT', 'Montant TVA', 'TTC'], sum: 'Total' },
    pay: [
      'Cet avoir sera déduit de votre prochain règlement. Il ne donne pas lieu à remboursement sauf demande écrite.',
    ],
    notes: ['Avoir établi suite à votre réclamation du 02/03/26 (réf. interne REC-0311).'],
    t: {
      heading: 'AVOIR',
      intro: 'Nous portons au crédit de votre compte les articles suivants :',
      creator: 'Vauclair ERP (Apache FOP)',
    },
    ids: [['siren', siren]],
    key: {
      number: 'AV-2026-014',
      issue: '2026-03-05',
      due: null,
      paymentRef: null,
      po: null,
      buyerRef: null,
      sellerVat: vat,
      sellerReg: fmtId.siren(siren),
      sellerEmail: 'contact@fromagerie-vauclair.example',
      iban,
      bic: 'AGRIFRPP868',
      buyerVat: bvat,
      printed: { issue: '05/03/26', sellerVat: frVatPrint(vat), buyerVat: frVatPrint(bvat) },
    },
  };
}

/** fr-4 — Luxembourg office supplier, jsPDF "band"; 2 pages, 17 % / 3 %, RF creditor reference. */
function fr4(): Doc {
  const vat = make.luVat('241837');
  const bvat = make.luVat('193045');
  const iban = makeIban('LU', bban.lu('019', '4471829300'));
  const rf = make.rf('MB2600412');
  const items: Array<[string, number, number, number]> = [
    ['Papier A4 80 g, carton 5 x 500 feuilles', 24, 21.9, 1700],
    ['Papier A3 80 g, ramette 500 feuilles', 6, 9.8, 1700],
    ['Enveloppes C5 fenêtre, boîte de 500', 4, 27.5, 1700],
    ['Classeurs à levier dos 8 cm, lot de 10', 12, 18.4, 1700],
    ['Intercalaires 12 onglets, lot de 25', 5, 14.2, 1700],
    ['Stylos bille bleus, boîte de 50', 3, 16.5, 1700],
    ['Surligneurs assortis, pochette de 6', 10, 4.9, 1700],
    ['Notes repositionnables 76 x 76, lot de 12', 8, 11.6, 1700],
    ['Agrafeuse de bureau 30 feuilles', 6, 12.9, 1700],
    ['Agrafes 24/6, boîte de 5000', 10, 2.4, 1700],
    ['Toner noir compatible LX-410', 8, 68, 1700],
    ['Toner couleur compatible LX-410 (jeu de 3)', 3, 189, 1700],
    ['Cartouches jet d’encre noir XL', 6, 29.9, 1700],
    ['Rouleaux pour calculatrice, lot de 10', 4, 7.5, 1700],
    ['Tapis de souris ergonomique', 5, 12.3, 1700],
    ['Clavier filaire AZERTY luxembourgeois', 4, 24.9, 1700],
    ['Souris optique sans fil', 6, 18.5, 1700],
    ['Casque audio USB pour télétravail', 4, 42, 1700],
    ['Câble HDMI 2 m', 8, 6.9, 1700],
    ['Multiprise 6 prises avec interrupteur', 4, 15.8, 1700],
    ['Lampe de bureau LED', 3, 39.5, 1700],
    ['Corbeille à papier 18 l', 6, 8.9, 1700],
    ['Code de la TVA luxembourgeoise, éd. 2026', 2, 48, 300],
    ['Annuaire des entreprises du Luxembourg 2026', 1, 95, 300],
    ['Abonnement revue « Bureau & Gestion » 12 numéros', 1, 72, 300],
    ['Calendriers muraux 2026', 10, 6.5, 1700],
    ['Porte-documents cuir', 2, 59, 1700],
    ['Remise fidélité 3 % sur fournitures', 1, -52.37, 1700],
  ];
  return {
    file: 'fr-4-jspdf-band',
    lang: 'fr',
    gen: 'jspdf',
    layout: 'band',
    country: 'LU',
    type: '380',
    pages: 2,
    currency: 'EUR',
    color: [0, 120, 150],
    title: 'Facture',
    f: mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €` }),
    seller: {
      name: 'Moselle Bureautique S.à r.l.',
      brand: 'Moselle Bureautique',
      tagline: 'Fournitures & équipements de bureau',
      addr: ['45, route d’Esch', 'L-1470 Luxembourg'],
      contact: ['Tél. +352 26 48 91 1', 'factures@moselle-bureau.example'],
      legal: ['RCS Luxembourg B218447', `N° TVA ${vat}`, 'Capital social 12.500 €'],
      bank: ['Banque du Grand-Duché', `IBAN ${fmtId.iban(iban)}`, 'BIC BGDLLULL'],
    },
    buyerLabel: 'Facturer à',
    buyer: {
      name: 'Fiduciaire Weber & Associés S.A.',
      lines: ['Comptabilité fournisseurs', '12, boulevard Royal', 'L-2449 Luxembourg', `TVA ${bvat}`],
    },
    meta: [
      ['Facture n°', 'MB-26-00412'],
      ['Date', '03.03.2026'],
      ['Échéance', '02.04.2026'],
      ['N° client', '30291'],
      ['Votre commande', 'FW-ACH-0207'],
      ['Bon de livraison', 'BL 26-0934'],
    ],
    lines: items.map(([desc, qty, price, rate]) => L(desc, qty, price, rate)),
    charges: [{ label: 'Frais de livraison', amount: ct(15), rate: 1700 }],
    cols: ['pos', 'desc', 'qty', 'price', 'rate', 'amount'],
    head: { pos: 'N°', desc: 'Article', qty: 'Qté', price: 'Prix HT', rate: 'TVA', amount: 'Total HT' },
    totals: [
      { k: 'lines', label: 'Total articles HT' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Total HT' },
      { k: 'tax', rate: 300, label: 'TVA 3 %' },
      { k: 'tax', rate: 1700, label: 'TVA 17 %' },
      { k: 'total', label: 'Total TTC', strong: true },
    ],
    vatTable: { title: 'Ventilation TVA', head: ['Taux', 'Base HT', 'TVA', 'TTC'], sum: 'Total' },
    pay: [
      `Paiement à 30 jours par virement sur ${fmtId.iban(iban)} (BIC BGDLLULL).`,
      `Référence de paiement : ${fmtId.rf(rf)}`,
    ],
    notes: ['Solde antérieur au 28.02.2026 : 0,00 €. Merci de votre confiance.'],
    t: { creator: 'MB Shop (jsPDF)' },
    breakAfter: 21,
    carryOut: 'À reporter',
    carryIn: 'Report',
    ids: [],
    key: {
      number: 'MB-26-00412',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: rf,
      po: 'FW-ACH-0207',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'B218447',
      sellerEmail: 'factures@moselle-bureau.example',
      iban,
      bic: 'BGDLLULL',
      buyerVat: bvat,
      printed: { issue: '03.03.2026', due: '02.04.2026', paymentRef: fmtId.rf(rf) },
    },
  };
}

const nlEur = mkFmt({ dec: ',', thou: '.', money: (n) => `€ ${n}`, signInside: true });

/** nl-1 — Dutch installer, FOP "erp" with Liberation Sans; 21 % / 9 %, shipping, discount. */
function nl1(): Doc {
  const vat = make.nlVat('86412930');
  const bvat = make.nlVat('81530274');
  const iban = makeIban('NL', bban.nl('RABO', '031847261'));
  return {
    file: 'nl-1-fop-erp',
    lang: 'nl',
    gen: 'fop',
    layout: 'erp',
    country: 'NL',
    type: '380',
    pages: 1,
    currency: 'EUR',
    font: 'LiberationSans',
    color: [230, 110, 0],
    title: 'Factuur',
    f: nlEur,
    seller: {
      name: 'Van der Meulen Installatietechniek B.V.',
      brand: 'VAN DER MEULEN',
      tagline: 'installatietechniek · warmtepompen · service',
      addr: ['Industrieweg 31', '3542 AD Utrecht'],
      contact: ['T 030 244 18 90', 'facturen@vdmeulen-installatie.example'],
      legal: [`KvK 30184729`, `BTW ${vat}`],
      bank: ['Rabobank Utrecht', `IBAN ${fmtId.iban(iban)}`, 'BIC RABONL2U'],
    },
    buyerLabel: 'Factuuradres',
    buyer: {
      name: 'Bouwbedrijf Hoekstra B.V.',
      lines: ['t.a.v. crediteurenadministratie', 'Postbus 1187', '3800 BD Amersfoort'],
    },
    shipTo: { label: 'Afleveradres:', lines: ['Project De Hoven, bouwnummer 12–18, Leusden'] },
    meta: [
      ['Factuurnummer', '2026-10388'],
      ['Factuurdatum', '3 maart 2026'],
      ['Vervaldatum', '2 april 2026'],
      ['Debiteurnummer', '40117'],
      ['Uw ordernummer', 'HB-INK-2291'],
      ['Uw referentie', 'De Hoven fase 2'],
      ['Pakbon', 'PB-88412'],
      ['Uw btw-nummer', bvat],
    ],
    lines: [
      L('Lucht/water-warmtepomp 8 kW, buitenunit', 7, 3240, 2100, { code: 'WP-8000', unit: 'st' }),
      L('Binnenunit met boiler 200 l', 7, 2115, 2100, { code: 'WP-BU200', unit: 'st' }),
      L('Vloerverwarming, verdeler 8 groepen', 7, 348, 2100, { code: 'VV-VD8', unit: 'st' }),
      L('Montage en inbedrijfstelling', 84, 58.5, 2100, { code: 'ARB-MNT', unit: 'uur' }),
      L('Isolatie leidingwerk (woning ouder dan 2 jaar)', 7, 265, 900, { code: 'ISO-LW', unit: 'won' }),
      L('Projectkorting 4 % op apparatuur', 1, -1596.84, 2100, { code: 'KORT', unit: '' }),
    ],
    charges: [{ label: 'Verzend- en transportkosten', amount: ct(185), rate: 2100 }],
    cols: ['pos', 'code', 'desc', 'qty', 'unit', 'price', 'amount'],
    head: {
      pos: 'Pos',
      code: 'Artikel',
      desc: 'Omschrijving',
      qty: 'Aantal',
      unit: 'Eenh.',
      price: 'Prijs',
      amount: 'Bedrag',
    },
    totals: [
      { k: 'lines', label: 'Subtotaal' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Totaal excl. btw' },
      { k: 'tax', rate: 900, label: 'Btw 9% over {base}' },
      { k: 'tax', rate: 2100, label: 'Btw 21% over {base}' },
      { k: 'taxsum', label: 'Totaal btw' },
      { k: 'total', label: 'Totaal incl. btw', strong: true },
    ],
    pay: [
      `Wij verzoeken u het totaalbedrag vóór 2 april 2026 over te maken op ${fmtId.iban(iban)} t.n.v. Van der Meulen Installatietechniek B.V., onder vermelding van het factuurnummer.`,
    ],
    notes: ['Op al onze leveringen zijn de algemene voorwaarden van Techniek Nederland van toepassing.'],
    t: {
      heading: 'Factuur 2026-10388',
      intro:
        'Voor de levering en installatie van warmtepompen in project De Hoven brengen wij u in rekening:',
      posStep: '10',
      creator: 'Exact-stijl ERP (Apache FOP)',
    },
    ids: [],
    key: {
      number: '2026-10388',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'HB-INK-2291',
      buyerRef: 'De Hoven fase 2',
      sellerVat: vat,
      sellerReg: '30184729',
      sellerEmail: 'facturen@vdmeulen-installatie.example',
      iban,
      bic: 'RABONL2U',
      buyerVat: bvat,
      printed: { issue: '3 maart 2026', due: '2 april 2026' },
    },
  };
}

/** nl-2 — Dutch webshop supplier, jsPDF "grid" with DejaVuSans; credit note printed negative. */
function nl2(): Doc {
  const vat = make.nlVat('85927416');
  const bvat = make.nlVat('80244137');
  const iban = makeIban('NL', bban.nl('INGB', '006829417'));
  return {
    file: 'nl-2-jspdf-grid',
    lang: 'nl',
    gen: 'jspdf',
    layout: 'grid',
    country: 'NL',
    type: '381',
    pages: 1,
    currency: 'EUR',
    font: 'DejaVuSans',
    color: [110, 40, 130],
    negative: true,
    title: 'Creditnota',
    f: nlEur,
    seller: {
      name: 'Koffiebranderij Het Anker B.V.',
      brand: 'Het Anker Koffie',
      tagline: 'Branderij & horeca-groothandel sinds 1987',
      addr: ['Havenkade 7', '1973 AK IJmuiden'],
      contact: ['0255 51 30 44', 'administratie@hetankerkoffie.example'],
      legal: ['KvK 34127756', `Btw-id ${vat}`],
      bank: [`ING ${fmtId.iban(iban)}`, 'BIC INGBNL2A'],
    },
    buyerLabel: 'Klant',
    buyer: {
      name: 'Lunchroom De Zilvermeeuw',
      lines: ['J. de Vries', 'Kennemerlaan 112', '1972 EM IJmuiden', `Btw-id ${bvat}`],
    },
    meta: [
      ['Creditnota nr.', 'CN26-0057'],
      ['Datum', '05-03-2026'],
      ['Betreft factuur', '2026-0781 d.d. 16-02-2026'],
      ['Klantnummer', 'K-3310'],
      ['Uw referentie', 'RMA 26-114'],
      ['Leverbon', 'LB-26-0644'],
    ],
    lines: [
      L('Espressomachine 2-groeps, retour (defect)', 1, 1895, 2100, { unit: 'st' }),
      L('Koffiebonen Havenmelange 1 kg, THT verlopen', 12, 18.75, 900, { unit: 'kg' }),
      L('Melkopschuimkannen 0,6 l', 4, 14.5, 2100, { unit: 'st' }),
      L('Bezorgkosten levering 16-02 (ten onrechte)', 1, 24.5, 2100, { unit: '' }),
    ],
    charges: [],
    cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      pos: '#',
      desc: 'Omschrijving',
      qty: 'Aantal',
      unit: 'Eenh.',
      price: 'Stukprijs',
      rate: 'Btw',
      amount: 'Totaal',
    },
    totals: [
      { k: 'net', label: 'Subtotaal excl. btw' },
      { k: 'tax', rate: 900, label: 'Btw 9%' },
      { k: 'tax', rate: 2100, label: 'Btw 21%' },
      { k: 'total', label: 'Totaal te crediteren', strong: true },
    ],
    vatTable: { title: 'Btw-specificatie', head: ['Tarief', 'Grondslag', 'Btw', 'Totaal'], sum: 'Totaal' },
    pay: [
      `Het bedrag wordt binnen 14 dagen teruggestort op uw rekening of verrekend met de volgende factuur.`,
    ],
    notes: [
      'Deze creditnota vervangt gedeeltelijk factuur 2026-0781. Uw openstaande saldo na verrekening: € 312,40.',
    ],
    t: {
      heading: 'Creditnota CN26-0057',
      intro: 'Wij crediteren u voor de volgende artikelen:',
      creator: 'Het Anker webshop (jsPDF)',
    },
    ids: [],
    key: {
      number: 'CN26-0057',
      issue: '2026-03-05',
      due: null,
      paymentRef: null,
      po: null,
      buyerRef: 'RMA 26-114',
      sellerVat: vat,
      sellerReg: '34127756',
      sellerEmail: 'administratie@hetankerkoffie.example',
      iban,
      bic: 'INGBNL2A',
      buyerVat: bvat,
      printed: { issue: '05-03-2026' },
    },
  };
}

/** nl-3 — Flemish printer, Ghostscript "form"; 21 % / 6 %, gestructureerde mededeling. */
function nl3(): Doc {
  const ent = make.beEnt('08261947');
  const vat = `BE${ent}`;
  const bent = make.beEnt('06619403');
  const bvat = `BE${bent}`;
  const iban = makeIban('BE', bban.be('735', '0418826'));
  const ogm = make.beOgm('2601170405');
  return {
    file: 'nl-3-gs-form',
    lang: 'nl',
    gen: 'gs',
    layout: 'form',
    country: 'BE',
    type: '380',
    pages: 1,
    currency: 'EUR',
    color: [180, 20, 60],
    title: 'Factuur',
    f: nlEur,
    seller: {
      name: 'Drukkerij Verstraete BV',
      brand: 'VERSTRAETE drukwerk',
      tagline: 'Offset · Digitaal · Afwerking',
      addr: ['Gentsesteenweg 212', '8500 Kortrijk'],
      contact: ['tel. 056 21 44 90', 'boekhouding@verstraete-druk.example'],
      legal: [`Btw ${vat.slice(0, 2)} ${fmtId.beEnt(ent)}`, `RPR Gent, afd. Kortrijk ${fmtId.beEnt(ent)}`],
      bank: ['KBC Kortrijk', `IBAN ${fmtId.iban(iban)}`, 'BIC KREDBEBB'],
    },
    buyerLabel: 'Factuuradres',
    buyer: {
      name: 'Uitgeverij De Leie NV',
      lines: ['Boekhouding', 'Doorniksewijk 48', '8500 Kortrijk', `Btw BE ${fmtId.beEnt(bent)}`],
    },
    meta: [
      ['Factuurnr.', 'VD-260117'],
      ['Factuurdatum', '03/03/2026'],
      ['Klantnr.', '2210'],
      ['Vervaldag', '02/04/2026'],
      ['Uw bestelbon', 'UDL-26-033'],
      ['Offerte', 'OFF-25-0918'],
      ['Leveringsdatum', '27/02/2026'],
      ['Uw referentie', 'Lentecatalogus'],
    ],
    lines: [
      L('Boek "Leiestreek", 240 p., gebonden, oplage', 1500, 6.42, 600, { unit: 'ex.' }),
      L('Boek "Leiestreek", extra proefdrukken', 10, 18, 600, { unit: 'ex.' }),
      L('Catalogus lente 2026, 32 p., geniet', 4000, 0.58, 2100, { unit: 'ex.' }),
      L('Flyers A5 recto-verso, 170 g', 10000, 0.045, 2100, { unit: 'ex.' }),
      L('Prepress en kleurproeven', 1, 385, 2100, { unit: 'forf.' }),
      L('Levering op palet, Kortrijk', 2, 65, 2100, { unit: 'pal.' }),
    ],
    charges: [],
    cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      pos: 'Nr',
      desc: 'Omschrijving',
      qty: 'Aantal',
      unit: 'Eenh.',
      price: 'Eenheidsprijs',
      rate: 'Btw',
      amount: 'Bedrag',
    },
    totals: [
      { k: 'net', label: 'Totaal excl. btw' },
      { k: 'tax', rate: 600, label: 'Btw 6 %' },
      { k: 'tax', rate: 2100, label: 'Btw 21 %' },
      { k: 'total', label: 'Te betalen', strong: true },
    ],
    vatTable: { title: 'Btw-overzicht', head: ['Tarief', 'Maatstaf', 'Btw', 'Totaal'], sum: 'Totaal' },
    pay: [
      `Gelieve te betalen vóór 02/04/2026 op ${fmtId.iban(iban)} (BIC KREDBEBB) met gestructureerde mededeling ${fmtId.ogm(ogm)}.`,
    ],
    notes: [
      'Klachten dienen schriftelijk te gebeuren binnen 8 dagen na levering. Eigendomsvoorbehoud tot volledige betaling.',
    ],
    t: {
      footA: 'Adres',
      footB: 'Ondernemingsgegevens',
      footC: 'Bank',
      frameBottom: '186',
      creator: 'DrukCalc (PostScript)',
    },
    ids: [
      ['beEnt', ent],
      ['beEnt', bent],
    ],
    key: {
      number: 'VD-260117',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: fmtId.ogmKey(ogm),
      po: 'UDL-26-033',
      buyerRef: 'Lentecatalogus',
      sellerVat: vat,
      sellerReg: fmtId.beEnt(ent),
      sellerEmail: 'boekhouding@verstraete-druk.example',
      iban,
      bic: 'KREDBEBB',
      buyerVat: bvat,
      printed: {
        issue: '03/03/2026',
        due: '02/04/2026',
        sellerVat: `BE ${fmtId.beEnt(ent)}`,
        buyerVat: `BE ${fmtId.beEnt(bent)}`,
        paymentRef: fmtId.ogm(ogm),
      },
    },
  };
}

/** nl-4 — Dutch bulb exporter to Belgium, FOP "classic" (Liberation Serif); 2 pages, intra-EU 0 %, deposit. */
function nl4(): Doc {
  const vat = make.nlVat('81946302');
  const bent = make.beEnt('04718826');
  const bvat = `BE${bent}`;
  const iban = makeIban('NL', bban.nl('ABNA', '052918374'));
  const varieties = [
    'Tulp Apeldoorn rood',
    'Tulp Queen of Night',
    'Tulp White Dream',
    'Tulp Ballerina',
    'Tulp Angélique (gevuld)',
    'Narcis Tête-à-Tête',
    'Narcis Carlton',
    'Narcis Thalia',
    'Hyacint Delft Blue',
    'Hyacint Pink Pearl',
    'Krokus Flower Record',
    'Krokus Jeanne d’Arc',
    'Allium Purple Sensation',
    'Allium Globemaster',
    'Blauwe druifjes (Muscari)',
    'Sneeuwklokjes (Galanthus)',
    'Anemone blanda mix',
    'Fritillaria imperialis',
    'Iris reticulata',
    'Lelie Stargazer',
    'Dahlia Café au Lait',
    'Gladiool mix',
    'Ranonkel mix',
    'Begonia knol dubbel',
  ];
  return {
    file: 'nl-4-fop-classic',
    lang: 'nl',
    gen: 'fop',
    layout: 'classic',
    country: 'NL',
    type: '380',
    pages: 2,
    currency: 'EUR',
    font: 'LiberationSerif',
    color: [150, 30, 90],
    title: 'Factuur',
    f: nlEur,
    seller: {
      name: 'Bollenkwekerij Van Rijn Export B.V.',
      brand: 'VAN RIJN BLOEMBOLLEN',
      tagline: 'Kwekers en exporteurs van bloembollen sinds 1921',
      addr: ['Heereweg 318', '2161 BT Lisse'],
      contact: ['+31 252 41 77 02', 'export@vanrijnbollen.example'],
      legal: [
        'Bollenkwekerij Van Rijn Export B.V.',
        'KvK 28095513',
        `BTW ${vat}`,
        'Naktuinbouw reg. 4401928',
      ],
      bank: [`ABN AMRO ${fmtId.iban(iban)}`, 'BIC ABNANL2A'],
    },
    buyerLabel: 'Afnemer',
    buyer: {
      name: 'Tuincentrum Groene Kouter BV',
      lines: ['Kortrijksesteenweg 1050', '9051 Sint-Denijs-Westrem', 'België', `Btw-nr. ${bvat}`],
    },
    meta: [
      ['Factuurnr.', 'VR26-00871'],
      ['Factuurdatum', '04-03-2026'],
      ['Vervaldatum', '03-04-2026'],
      ['Klantcode', 'BE-GK-07'],
      ['Orderbevestiging', 'OB-26-1044'],
      ['Uw order', 'GK/26/118'],
      ['CMR / vrachtbrief', 'CMR 0039217'],
      ['Leveringsvoorwaarde', 'DAP Gent'],
      ['Aanbetaling', 'ontvangen 20-02-2026'],
    ],
    lines: varieties.map((v, i) =>
      L(
        `${v}, maat ${i % 3 === 0 ? '12/+' : i % 3 === 1 ? '10/12' : '14/+'}`,
        (i % 4) * 250 + 500,
        [0.21, 0.32, 0.18, 0.45][i % 4] ?? 0.2,
        0,
        {
          code: `VR${String(1010 + i * 7)}`,
          unit: 'st',
        },
      ),
    ),
    charges: [{ label: 'Fytosanitair certificaat en verpakking', amount: ct(145), rate: 0 }],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'amount'],
    head: {
      code: 'Art.nr.',
      desc: 'Omschrijving',
      qty: 'Aantal',
      unit: 'Eh',
      price: 'Prijs/st',
      amount: 'Bedrag',
    },
    totals: [
      { k: 'lines', label: 'Totaal artikelen' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Totaal excl. btw' },
      { k: 'tax', rate: 0, label: 'Btw 0% – intracommunautaire levering' },
      { k: 'total', label: 'Factuurtotaal', strong: true },
      { k: 'advance', label: 'Af: aanbetaling 20-02-2026' },
      { k: 'due', label: 'Nog te betalen', strong: true },
    ],
    advance: ct(2500),
    pay: [`Betaling binnen 30 dagen op ${fmtId.iban(iban)} (BIC ABNANL2A) onder vermelding van VR26-00871.`],
    notes: [
      'Intracommunautaire levering – btw verlegd naar de afnemer, art. 138 Richtlijn 2006/112/EG. Vrijgesteld in Nederland.',
      'Bij niet tijdige betaling is de wettelijke handelsrente verschuldigd.',
    ],
    t: {
      heading: 'FACTUUR',
      intro: 'Levering voorjaarscollectie 2026 volgens orderbevestiging OB-26-1044:',
      creator: 'Kwekerij-ERP (Apache FOP)',
    },
    breakAfter: 17,
    carryOut: 'Transport',
    carryIn: 'Transport van vorige pagina',
    ids: [['beEnt', bent]],
    key: {
      number: 'VR26-00871',
      issue: '2026-03-04',
      due: '2026-04-03',
      paymentRef: null,
      po: 'GK/26/118',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: '28095513',
      sellerEmail: 'export@vanrijnbollen.example',
      iban,
      bic: 'ABNANL2A',
      buyerVat: bvat,
      printed: { issue: '04-03-2026', due: '03-04-2026' },
    },
  };
}

const esEur = mkFmt({ dec: ',', thou: '.', money: (n) => `${n} €` });
const cifPrint = (v: string): string => v.slice(2);

/** es-1 — Spanish catering wholesaler, FOP "erp"; 4 / 10 / 21 %, portes, albaranes. */
function es1(): Doc {
  const vat = `ES${make.esCif('B', '5031847')}`;
  const bvat = `ES${make.esCif('B', '9927410')}`;
  const iban = makeIban('ES', bban.es('2085', '0167', '0330218745'));
  return {
    file: 'es-1-fop-erp',
    lang: 'es',
    gen: 'fop',
    layout: 'erp',
    country: 'ES',
    type: '380',
    pages: 1,
    currency: 'EUR',
    font: 'Helvetica',
    color: [160, 30, 30],
    title: 'Factura',
    f: esEur,
    seller: {
      name: 'Distribuciones Hosteleras del Ebro, S.L.',
      brand: 'DHE Distribuciones',
      tagline: 'Alimentación y bebidas para hostelería',
      addr: ['Pol. Ind. Malpica, calle E, nave 14', '50016 Zaragoza'],
      contact: ['Tel. 976 57 03 18', 'administracion@dhe-ebro.example'],
      legal: [
        `CIF ${cifPrint(vat)}`,
        'Inscrita en el R.M. de Zaragoza,',
        'Tomo 4.218, Folio 77, Hoja Z-61842',
      ],
      bank: ['Ibercaja', `IBAN ${fmtId.iban(iban)}`, 'BIC CAZRES2Z'],
    },
    buyerLabel: 'Cliente',
    buyer: {
      name: 'Restaurante El Tubo, S.L.',
      lines: ['C/ Libertad, 9', '50003 Zaragoza', `CIF ${cifPrint(bvat)}`],
    },
    meta: [
      ['Nº Factura', 'A-2026/000318'],
      ['Fecha', '03/03/2026'],
      ['Vencimiento', '02/04/2026'],
      ['Cód. cliente', '43009112'],
      ['Su pedido', 'PED-26-0412'],
      ['Albaranes', 'AL-26-1873, AL-26-1902'],
      ['Forma de pago', 'Transferencia 30 días'],
    ],
    lines: [
      L('Aceite de oliva virgen extra 5 l', 12, 31.9, 400, { code: '10214', unit: 'gf' }),
      L('Pan de hogaza 800 g', 60, 1.85, 400, { code: '10390', unit: 'ud' }),
      L('Leche entera 6 x 1 l', 15, 5.4, 400, { code: '10501', unit: 'pk' }),
      L('Ternasco de Aragón IGP, paletilla', 24.6, 15.8, 1000, { code: '20118', unit: 'kg' }),
      L('Jamón serrano reserva, loncheado 500 g', 10, 9.75, 1000, { code: '20240', unit: 'ud' }),
      L('Agua mineral 24 x 0,5 l', 20, 4.3, 1000, { code: '30102', unit: 'pk' }),
      L('Vino D.O. Cariñena tinto, caja 6', 8, 27, 2100, { code: '30455', unit: 'cj' }),
      L('Cerveza barril 30 l', 4, 74.5, 2100, { code: '30610', unit: 'ud' }),
      L('Servilletas 40 x 40, caja 1.200', 3, 22.4, 2100, { code: '40020', unit: 'cj' }),
      L('Dto. comercial 3 % cerveza', 1, -8.94, 2100, { code: '90001', unit: '' }),
    ],
    charges: [{ label: 'Portes', amount: ct(24), rate: 2100 }],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      code: 'Código',
      desc: 'Descripción',
      qty: 'Cant.',
      unit: 'Ud.',
      price: 'Precio',
      rate: 'IVA',
      amount: 'Importe',
    },
    totals: [
      { k: 'lines', label: 'Suma' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Base imponible' },
      { k: 'tax', rate: 400, label: 'IVA 4 %' },
      { k: 'tax', rate: 1000, label: 'IVA 10 %' },
      { k: 'tax', rate: 2100, label: 'IVA 21 %' },
      { k: 'total', label: 'TOTAL FACTURA', strong: true },
    ],
    vatTable: { title: 'Desglose de IVA', head: ['Tipo', 'Base', 'Cuota', 'Total'], sum: 'Total' },
    pay: [`Transferencia bancaria a Ibercaja ${fmtId.iban(iban)} – BIC CAZRES2Z. Vencimiento 02/04/2026.`],
    notes: [
      'Según Ley 3/2004, el plazo máximo de pago entre empresas es de 60 días.',
      'Saldo pendiente anterior: 612,35 € (factura A-2026/000201).',
    ],
    t: { heading: 'FACTURA A-2026/000318', gap: '58mm', creator: 'Gestión DHE (Apache FOP)' },
    ids: [],
    key: {
      number: 'A-2026/000318',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'PED-26-0412',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'Z-61842',
      sellerEmail: 'administracion@dhe-ebro.example',
      iban,
      bic: 'CAZRES2Z',
      buyerVat: bvat,
      printed: { issue: '03/03/2026', due: '02/04/2026', sellerVat: cifPrint(vat), buyerVat: cifPrint(bvat) },
    },
  };
}

/** es-2 — Spanish freelance translator, jsPDF "compact"; IRPF 15 % withheld. */
function es2(): Doc {
  const nif = make.esNif('48291736');
  const vat = `ES${nif}`;
  const bvat = `ES${make.esCif('A', '2815407')}`;
  const iban = makeIban('ES', bban.es('0182', '5921', '0201844573'));
  const lines = [
    L('Traducción EN>ES manual técnico «Serie K» (42.300 palabras)', 42.3, 68, 2100, { unit: 'mil p.' }),
    L('Revisión de estilo y terminología', 14, 38, 2100, { unit: 'h' }),
    L('Maquetación de glosario bilingüe', 1, 420, 2100, { unit: 'serv.' }),
  ];
  const base = lines.reduce((a, l) => a + lineAmount(l), 0);
  return {
    file: 'es-2-jspdf-compact',
    lang: 'es',
    gen: 'jspdf',
    layout: 'compact',
    country: 'ES',
    type: '380',
    pages: 1,
    currency: 'EUR',
    color: [30, 110, 90],
    title: 'FACTURA',
    f: esEur,
    seller: {
      name: 'Lucía Ferrández Ortuño',
      tagline: 'Traducción técnica y jurídica EN · FR · ES',
      addr: ['C/ Cirilo Amorós, 44, 3º', '46004 Valencia'],
      contact: ['Tel. 654 21 88 30', 'lucia@ferrandez-traducciones.example'],
      legal: [`NIF ${nif}`, 'Actividad: IAE 774'],
      bank: [`IBAN ${fmtId.iban(iban)}`, 'BIC BBVAESMM'],
    },
    buyerLabel: 'Cliente',
    buyer: {
      name: 'Editorial Alborán, S.A.',
      lines: ['Dpto. de Producción', 'Av. de Andalucía, 120', '29006 Málaga', `CIF ${cifPrint(bvat)}`],
    },
    meta: [
      ['Número', '12/2026'],
      ['Fecha', '3 de marzo de 2026'],
      ['Vencimiento', '2 de abril de 2026'],
      ['Nº pedido', 'EA-OT-2026-088'],
      ['Presupuesto', 'P-26-009'],
    ],
    lines,
    charges: [],
    cols: ['desc', 'qty', 'unit', 'price', 'amount'],
    head: { desc: 'Concepto', qty: 'Cant.', unit: 'Ud.', price: 'Precio', amount: 'Importe' },
    totals: [
      { k: 'net', label: 'Base imponible' },
      { k: 'tax', rate: 2100, label: 'IVA 21 %' },
      { k: 'total', label: 'Total factura' },
      { k: 'withholding', label: 'Retención IRPF 15 %' },
      { k: 'due', label: 'TOTAL A PAGAR', strong: true },
    ],
    withholding: { base, rate: 1500 },
    pay: [`Forma de pago: transferencia a ${fmtId.iban(iban)} (BBVA) antes del 2 de abril de 2026.`],
    notes: ['Factura sujeta a retención del 15 % a cuenta del IRPF (art. 101 Ley 35/2006).'],
    t: { from: 'Emisor', heading: 'Nº 12/2026', creator: 'FacturaLibre web (jsPDF)' },
    ids: [['esNif', nif]],
    key: {
      number: '12/2026',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'EA-OT-2026-088',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: null,
      sellerEmail: 'lucia@ferrandez-traducciones.example',
      iban,
      bic: 'BBVAESMM',
      buyerVat: bvat,
      printed: {
        issue: '3 de marzo de 2026',
        due: '2 de abril de 2026',
        sellerVat: nif,
        buyerVat: cifPrint(bvat),
      },
    },
  };
}

/** es-3 — Spanish industrial supplier, Ghostscript "spool"; 21 %, two-digit years with dashes. */
function es3(): Doc {
  const vat = `ES${make.esCif('A', '3904182')}`;
  const bvat = `ES${make.esCif('B', '3917726')}`;
  const iban = makeIban('ES', bban.es('0049', '6710', '2518374402'));
  return {
    file: 'es-3-gs-spool',
    lang: 'es',
    gen: 'gs',
    layout: 'spool',
    country: 'ES',
    type: '380',
    pages: 1,
    currency: 'EUR',
    title: 'Factura',
    f: mkFmt({ dec: ',', thou: '.', money: (n) => `${n} EUR` }),
    seller: {
      name: 'Suministros Industriales Cantábrico, S.A.',
      brand: 'SICSA',
      addr: ['Avda. Parayas, 61', '39011 Santander'],
      contact: ['Tfno. 942 33 18 40  Fax 942 33 18 49', 'facturacion@sicsa-cantabrico.example'],
      legal: [
        'Suministros Industriales Cantábrico, S.A. - R.M. Cantabria, Tomo 802, Folio 144, Hoja S-18422',
        `C.I.F. ${cifPrint(vat)}`,
      ],
      bank: [`Banco Cantábrico IBAN ${fmtId.iban(iban)} BIC BSCHESMMXXX`],
    },
    buyerLabel: 'CLIENTE:',
    buyer: {
      name: 'Talleres Besaya, S.L.',
      lines: [
        'Pol. Ind. Barros, parcela 7',
        '39408 Los Corrales de Buelna (Cantabria)',
        `CIF ${cifPrint(bvat)}`,
      ],
    },
    meta: [
      ['Núm. factura', 'FV26-003127'],
      ['Fecha factura', '03-03-26'],
      ['Cliente', '004512'],
      ['Su pedido', 'TB-0326'],
      ['Albarán', 'ALB26-007711'],
      ['Vencimiento', '02-05-26'],
    ],
    lines: [
      L('Rodamiento 6205-2RS', 40, 4.85, 2100, { code: 'ROD6205', unit: 'UD' }),
      L('Rodamiento 6308-ZZ', 12, 13.2, 2100, { code: 'ROD6308', unit: 'UD' }),
      L('Correa trapecial SPA 1250', 10, 9.4, 2100, { code: 'COR1250', unit: 'UD' }),
      L('Tornillo DIN 933 M12x40 8.8', 500, 0.19, 2100, { code: 'TOR1240', unit: 'UD' }),
      L('Disco corte inox 125x1,0', 100, 0.98, 2100, { code: 'DIS1251', unit: 'UD' }),
      L('Grasa litio EP2 cartucho 400 g', 24, 4.1, 2100, { code: 'GRA0400', unit: 'UD' }),
      L('Guantes nitrilo T9 (caja 100)', 6, 7.9, 2100, { code: 'GUA0009', unit: 'CJ' }),
      L('Aceite hidráulico HM46 20 l', 3, 58.6, 2100, { code: 'ACE4620', unit: 'BD' }),
      L('Dto. pronto pago s/pedido', 1, -18.5, 2100, { code: 'DTO', unit: '' }),
    ],
    charges: [],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'amount'],
    head: {
      code: 'ARTICULO',
      desc: 'DESCRIPCION',
      qty: 'CANT.',
      unit: 'UD',
      price: 'PRECIO',
      amount: 'IMPORTE',
    },
    totals: [
      { k: 'net', label: 'BASE IMPONIBLE' },
      { k: 'tax', rate: 2100, label: 'I.V.A. 21,00 %' },
      { k: 'total', label: 'TOTAL FACTURA', strong: true },
    ],
    pay: [
      'FORMA DE PAGO: TRANSFERENCIA 60 DIAS F.F.  VTO. 02-05-26',
      `IBAN ${fmtId.iban(iban)} - BIC BSCHESMMXXX`,
    ],
    notes: ['Riesgo concedido: 15.000,00 EUR. Riesgo vivo a fecha: 8.412,77 EUR.'],
    t: {
      intro: 'Le facturamos segun albaran ALB26-007711 de fecha 27-02-26:',
      pageLabel: 'Hoja',
      creator: 'AS/400 SPOOL',
    },
    ids: [],
    key: {
      number: 'FV26-003127',
      issue: '2026-03-03',
      due: '2026-05-02',
      paymentRef: null,
      po: 'TB-0326',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'S-18422',
      sellerEmail: 'facturacion@sicsa-cantabrico.example',
      iban,
      bic: 'BSCHESMMXXX',
      buyerVat: bvat,
      printed: { issue: '03-03-26', due: '02-05-26', sellerVat: cifPrint(vat), buyerVat: cifPrint(bvat) },
    },
  };
}

/** es-4 — Seville AV / events company, jsPDF "band"; 21 %, advance (anticipo) deducted. */
function es4(): Doc {
  const vat = `ES${make.esCif('B', '9128374')}`;
  const bvat = `ES${make.esCif('A', '4107726')}`;
  const iban = makeIban('ES', bban.es('2100', '8147', '1302094471'));
  return {
    file: 'es-4-jspdf-band',
    lang: 'es',
    gen: 'jspdf',
    layout: 'band',
    country: 'ES',
    type: '380',
    pages: 1,
    currency: 'EUR',
    color: [210, 120, 20],
    title: 'Factura',
    f: esEur,
    seller: {
      name: 'Eventos y Audiovisuales Guadalquivir, S.L.',
      brand: 'EAG eventos',
      tagline: 'Sonido · Iluminación · Streaming',
      addr: ['C/ Astronomía, 1, torre 3', '41015 Sevilla'],
      contact: ['955 18 40 27', 'facturas@eag-eventos.example'],
      legal: [`NIF ${cifPrint(vat)}`, 'R.M. Sevilla, Hoja SE-98214'],
      bank: ['CaixaBank', `IBAN ${fmtId.iban(iban)}`, 'BIC CAIXESBBXXX'],
    },
    buyerLabel: 'Facturar a',
    buyer: {
      name: 'Congresos Andaluces, S.A.',
      lines: ['Att. Dña. Rocío Marín', 'C/ Luis de Morales, 32', '41018 Sevilla', `NIF ${cifPrint(bvat)}`],
    },
    meta: [
      ['Factura nº', 'EAG-0226-045'],
      ['Fecha de emisión', '03/03/2026'],
      ['Fecha de vencimiento', '18/03/2026'],
      ['Su referencia', 'Congreso Medicina Rural 2026'],
      ['Pedido', 'CA-2026-0117'],
      ['Presupuesto', 'PRE-0126-019'],
      ['Fecha del evento', '26/02/2026 – 28/02/2026'],
    ],
    lines: [
      L('Sistema de sonido auditorio principal (3 días)', 3, 1450, 2100, { unit: 'día' }),
      L('Iluminación escénica y técnico', 3, 980, 2100, { unit: 'día' }),
      L('Pantalla LED 5 x 3 m con procesador', 3, 1650, 2100, { unit: 'día' }),
      L('Streaming y grabación multicámara', 2, 1890, 2100, { unit: 'día' }),
      L('Cabinas de traducción simultánea (2) y 180 receptores', 2, 1320, 2100, { unit: 'día' }),
      L('Montaje y desmontaje', 1, 1150, 2100, { unit: 'serv.' }),
      L('Descuento cliente habitual', 1, -600, 2100, { unit: '' }),
    ],
    charges: [],
    cols: ['desc', 'qty', 'unit', 'price', 'amount'],
    head: { desc: 'Concepto', qty: 'Cant.', unit: 'Ud.', price: 'Precio unit.', amount: 'Importe' },
    totals: [
      { k: 'net', label: 'Base imponible' },
      { k: 'tax', rate: 2100, label: 'IVA (21 %)' },
      { k: 'total', label: 'Total', strong: true },
      { k: 'advance', label: 'Anticipo recibido (fra. EAG-0126-011)' },
      { k: 'due', label: 'Importe pendiente', strong: true },
    ],
    advance: ct(6050),
    pay: [
      `Transferencia a CaixaBank ${fmtId.iban(iban)} · BIC CAIXESBBXXX`,
      'Indique el número de factura en el concepto de la transferencia.',
    ],
    notes: [
      'El anticipo de 6.050,00 € (5.000,00 € + IVA) se facturó el 15/01/2026 y se descuenta del importe total.',
    ],
    t: { creator: 'EAG Facturación web (jsPDF)' },
    ids: [],
    key: {
      number: 'EAG-0226-045',
      issue: '2026-03-03',
      due: '2026-03-18',
      paymentRef: null,
      po: 'CA-2026-0117',
      buyerRef: 'Congreso Medicina Rural 2026',
      sellerVat: vat,
      sellerReg: 'SE-98214',
      sellerEmail: 'facturas@eag-eventos.example',
      iban,
      bic: 'CAIXESBBXXX',
      buyerVat: bvat,
      printed: { issue: '03/03/2026', due: '18/03/2026', sellerVat: cifPrint(vat), buyerVat: cifPrint(bvat) },
    },
  };
}

const itEur = mkFmt({ dec: ',', thou: '.', money: (n) => `€ ${n}` });
const itPrint = (v: string): string => v.slice(2);

/** it-1 — Italian installer to a municipality, FOP "einvoice"; courtesy copy with SDI code, CIG, CUP. */
function it1(): Doc {
  const vat = `IT${make.itIva('0218374068')}`;
  const bvat = `IT${make.itIva('0104835068')}`;
  const iban = makeIban('IT', bban.it('05424', '15400', '000004471829'));
  const bcf = make.itIva('8100049068');
  return {
    file: 'it-1-fop-einvoice',
    lang: 'it',
    gen: 'fop',
    layout: 'einvoice',
    country: 'IT',
    type: '380',
    pages: 1,
    currency: 'EUR',
    font: 'DejaVuSans',
    title: 'Fattura',
    f: itEur,
    seller: {
      name: 'Tecnoimpianti Adriatica S.r.l.',
      addr: ['Via Tiburtina Valeria 318', '65129 Pescara (PE)'],
      contact: [
        'Tel. 085 430 1877',
        'PEC tecnoimpianti@pec.adriatica.example',
        'amministrazione@tecnoimpianti-adriatica.example',
      ],
      legal: [
        `Partita IVA ${itPrint(vat)}`,
        'REA PE-147293',
        'Capitale sociale € 50.000,00 i.v.',
        'Regime fiscale RF01 (ordinario)',
      ],
      bank: [],
    },
    buyerLabel: 'Cessionario / committente',
    buyer: {
      name: 'Comune di Montesilvano',
      lines: [
        'Settore Lavori Pubblici',
        'Piazza Diaz 1',
        '65015 Montesilvano (PE)',
        `Codice fiscale ${bcf}`,
        `Partita IVA ${itPrint(bvat)}`,
      ],
    },
    meta: [
      ['Tipo documento', 'TD01 – Fattura'],
      ['Numero documento', '118/PA'],
      ['Data documento', '03-03-2026'],
      ['Codice destinatario', 'UFK2RT'],
      ['Ordine d’acquisto', 'DET-2026-0193'],
      ['CIG', 'Z7A3C91E24'],
      ['CUP', 'J61B22000410004'],
      ['Esigibilità IVA', 'S (scissione pagamenti non applicata)'],
      ['Scadenza pagamento', '02-04-2026'],
    ],
    lines: [
      L('Sostituzione corpi illuminanti LED scuola primaria via Verrotti', 64, 142.5, 2200, {
        unit: 'nr',
        code: 'EL.01',
      }),
      L('Quadro elettrico di piano, fornitura e posa', 2, 1870, 2200, { unit: 'nr', code: 'EL.02' }),
      L('Linee dorsali FG16OM16 5G6, posa in canalina', 180, 14.8, 2200, { unit: 'm', code: 'EL.03' }),
      L('Verifica impianto di terra e dichiarazione di conformità', 1, 680, 2200, {
        unit: 'a corpo',
        code: 'EL.04',
      }),
      L('Ribasso d’asta 8,5 % sulle voci EL.01–EL.03', 1, -1230.44, 2200, { unit: 'a corpo', code: 'RIB' }),
    ],
    charges: [],
    cols: ['pos', 'code', 'desc', 'qty', 'unit', 'price', 'amount'],
    head: {
      pos: 'Nr.',
      code: 'Codice',
      desc: 'Descrizione',
      qty: 'Quantità',
      unit: 'U.M.',
      price: 'Prezzo unitario',
      amount: 'Prezzo totale',
    },
    totals: [
      { k: 'net', label: 'Totale imponibile' },
      { k: 'tax', rate: 2200, label: 'IVA 22 %' },
      { k: 'total', label: 'Totale documento', strong: true },
      { k: 'due', label: 'Netto a pagare', strong: true },
    ],
    vatTable: { title: 'Riepiloghi IVA', head: ['Aliquota', 'Imponibile', 'Imposta', 'Totale'] },
    pay: [
      'Modalità: MP05 – bonifico',
      'Beneficiario: Tecnoimpianti Adriatica S.r.l.',
      `IBAN: ${fmtId.iban(iban)}`,
      'BIC: BPMOIT22XXX',
      'Data scadenza: 02-04-2026',
    ],
    notes: [
      'Copia di cortesia priva di valore fiscale: l’originale è stato trasmesso tramite il Sistema di Interscambio (SdI), identificativo 8847120394.',
    ],
    t: {
      sub: 'FatturaPA 1.2.2 – copia di cortesia',
      subtitle: 'Rappresentazione leggibile del file IT02183740687_0A4K1.xml',
      sellerHead: 'Cedente / prestatore',
      metaHead: 'Dati generali del documento',
      itemsHead: 'Dettaglio linee',
      totalsHead: 'Totali',
      payHead: 'Dati pagamento',
      notesHead: 'Note',
      footer: 'Tecnoimpianti Adriatica S.r.l. – documento 118/PA',
      creator: 'Visualizzatore FatturaPA (Apache FOP)',
    },
    ids: [['itCf', bcf]],
    key: {
      number: '118/PA',
      issue: '2026-03-03',
      due: '2026-04-02',
      paymentRef: null,
      po: 'DET-2026-0193',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'PE-147293',
      sellerEmail: 'amministrazione@tecnoimpianti-adriatica.example',
      iban,
      bic: 'BPMOIT22XXX',
      buyerVat: bvat,
      printed: { issue: '03-03-2026', due: '02-04-2026', sellerVat: itPrint(vat), buyerVat: itPrint(bvat) },
    },
  };
}

/** it-2 — Lombard food wholesaler, Ghostscript "form"; 4 / 10 / 22 %, trasporto, DDT. */
function it2(): Doc {
  const vat = `IT${make.itIva('0391827016')}`;
  const bvat = `IT${make.itIva('0274418016')}`;
  const iban = makeIban('IT', bban.it('03069', '11166', '100000071824'));
  return {
    file: 'it-2-gs-form',
    lang: 'it',
    gen: 'gs',
    layout: 'form',
    country: 'IT',
    type: '380',
    pages: 1,
    currency: 'EUR',
    color: [0, 90, 50],
    title: 'Fattura',
    f: itEur,
    seller: {
      name: 'Ortofrutta Orobica S.p.A.',
      brand: 'ORTOFRUTTA OROBICA',
      tagline: 'Ingrosso alimentare per la ristorazione',
      addr: ['Via Bianzana 44', '24124 Bergamo (BG)'],
      contact: ['Tel. 035 31 44 07', 'fatture@ortofrutta-orobica.example'],
      legal: [`P.IVA ${itPrint(vat)}`, 'REA BG-418273', 'Cap. soc. € 120.000,00 i.v.'],
      bank: ['Banca Orobica, ag. 4', `IBAN ${fmtId.iban(iban)}`, 'BIC BCITITMM'],
    },
    buyerLabel: 'Destinatario fattura',
    buyer: {
      name: 'Supermercati Bergamo Sud S.r.l.',
      lines: ['Via Zanica 118', '24126 Bergamo (BG)', `P.IVA ${itPrint(bvat)}`],
    },
    meta: [
      ['Fattura n.', '2026/0412'],
      ['Data', '03/03/2026'],
      ['Codice cliente', '0007713'],
      ['Vs. ordine', 'ORD 88/26'],
      ['DDT n.', '1883 e 1921'],
      ['Scadenza', '31/03/2026'],
      ['Pagamento', 'Bonifico 30 gg d.f.'],
      ['Codice SDI', 'M5UXCR1'],
    ],
    lines: [
      L('Mele Golden Val Brembana cat. I', 180, 1.35, 400, { unit: 'kg' }),
      L('Patate a pasta gialla', 250, 0.72, 400, { unit: 'kg' }),
      L('Latte fresco intero 1 l', 96, 1.12, 400, { unit: 'pz' }),
      L('Taleggio DOP', 14.2, 9.6, 400, { unit: 'kg' }),
      L('Salame bergamasco', 8.5, 16.4, 1000, { unit: 'kg' }),
      L('Polenta istantanea 1 kg', 40, 1.85, 1000, { unit: 'pz' }),
      L('Biscotti frollini 700 g', 36, 2.9, 1000, { unit: 'pz' }),
      L('Vino rosso Valcalepio DOC 0,75 l', 24, 6.2, 2200, { unit: 'bt' }),
      L('Cassette in plastica a rendere', -20, 2.5, 2200, { unit: 'pz' }),
    ],
    charges: [{ label: 'Spese di trasporto', amount: ct(35), rate: 2200 }],
    cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    head: {
      desc: 'Descrizione',
      qty: 'Quantità',
      unit: 'U.M.',
      price: 'Prezzo',
      rate: 'IVA',
      amount: 'Importo',
    },
    totals: [
      { k: 'net', label: 'Imponibile' },
      { k: 'tax', rate: 400, label: 'IVA 4%' },
      { k: 'tax', rate: 1000, label: 'IVA 10%' },
      { k: 'tax', rate: 2200, label: 'IVA 22%' },
      { k: 'total', label: 'Totale fattura', strong: true },
    ],
    vatTable: { title: 'Castelletto IVA', head: ['Aliq.', 'Imponibile', 'Imposta', 'Totale'], sum: 'Totale' },
    pay: [
      `Pagamento: bonifico bancario su IBAN ${fmtId.iban(iban)} entro il 31/03/2026. Spese di trasporto incluse nell’imponibile al 22%.`,
    ],
    notes: ['Contributo CONAI assolto ove dovuto. Merce viaggiante a rischio del committente.'],
    t: {
      footA: 'Sede',
      footB: 'Dati societari',
      footC: 'Coordinate bancarie',
      frameBottom: '182',
      creator: 'GestAzienda (PostScript)',
    },
    ids: [],
    key: {
      number: '2026/0412',
      issue: '2026-03-03',
      due: '2026-03-31',
      paymentRef: null,
      po: 'ORD 88/26',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'BG-418273',
      sellerEmail: 'fatture@ortofrutta-orobica.example',
      iban,
      bic: 'BCITITMM',
      buyerVat: bvat,
      printed: { issue: '03/03/2026', due: '31/03/2026', sellerVat: itPrint(vat), buyerVat: itPrint(bvat) },
    },
  };
}

/** it-3 — Italian architect, jsPDF "compact"; cassa (Inarcassa 4 %) and ritenuta d'acconto 20 %. */
function it3(): Doc {
  const vat = `IT${make.itIva('0288417038')}`;
  const cf = make.itCf('BNDCHR78M52D548');
  const bvat = `IT${make.itIva('0199302038')}`;
  const iban = makeIban('IT', bban.it('05034', '13000', '000000391842'));
  const lines = [
    L('Progettazione definitiva ristrutturazione immobile via Garibaldi 21', 1, 6800, 2200, {
      unit: 'a corpo',
    }),
    L('Direzione lavori – acconto 40 %', 1, 3200, 2200, { unit: 'a corpo' }),
    L('Pratica SCIA e deposito strutturale', 1, 950, 2200, { unit: 'a corpo' }),
  ];
  const fee = lines.reduce((a, l) => a + lineAmount(l), 0);
  const cassa = divRound(fee * 4, 100);
  return {
    file: 'it-3-jspdf-compact',
    lang: 'it',
    gen: 'jspdf',
    layout: 'compact',
    country: 'IT',
    type: '380',
    pages: 1,
    currency: 'EUR',
    color: [60, 60, 60],
    title: 'Fattura',
    f: itEur,
    seller: {
      name: 'Arch. Chiara Benedetti',
      tagline: 'Architettura e restauro',
      addr: ['Corso Ercole I d’Este 19', '44121 Ferrara (FE)'],
      contact: ['Tel. 0532 20 71 46', 'studio@benedetti-architettura.example'],
      legal: [`P.IVA ${itPrint(vat)}`, `C.F. ${cf}`, 'Iscr. Ordine Architetti PPC Ferrara n. 871'],
      bank: [`IBAN ${fmtId.iban(iban)}`, 'BIC BAPPIT21Q41'],
    },
    buyerLabel: 'Committente',
    buyer: {
      name: 'Immobiliare Estense S.r.l.',
      lines: ['Via Garibaldi 21', '44121 Ferrara (FE)', `P.IVA ${itPrint(bvat)}`],
    },
    meta: [
      ['Fattura n.', '9/2026'],
      ['Data', '3 marzo 2026'],
      ['Incarico', 'prot. 14/2025 del 02/10/2025'],
      ['Vs. riferimento', 'Geom. Ferri'],
    ],
    lines,
    charges: [{ label: 'Contributo integrativo Inarcassa 4 %', amount: cassa, rate: 2200 }],
    cols: ['desc', 'qty', 'price', 'amount'],
    head: { desc: 'Descrizione prestazione', qty: 'Q.tà', price: 'Importo unitario', amount: 'Importo' },
    totals: [
      { k: 'lines', label: 'Onorario' },
      { k: 'charge', i: 0 },
      { k: 'net', label: 'Imponibile IVA' },
      { k: 'tax', rate: 2200, label: 'IVA 22 %' },
      { k: 'total', label: 'Totale fattura' },
      { k: 'withholding', label: 'Ritenuta d’acconto 20 % su onorario' },
      { k: 'due', label: 'Netto a pagare', strong: true },
    ],
    withholding: { base: fee, rate: 2000 },
    pay: [`Pagamento a 30 giorni data fattura mediante bonifico su IBAN ${fmtId.iban(iban)}.`],
    notes: [
      'Ritenuta d’acconto del 20 % da versare a cura del committente (art. 25 DPR 600/1973).',
      'Contributo integrativo 4 % ex art. 10 L. 6/1981.',
    ],
    t: { from: 'Studio', heading: 'n. 9/2026 del 3 marzo 2026', creator: 'Parcelle online (jsPDF)' },
    ids: [['itCf', cf]],
    key: {
      number: '9/2026',
      issue: '2026-03-03',
      due: null,
      paymentRef: null,
      po: null,
      buyerRef: 'Geom. Ferri',
      sellerVat: vat,
      sellerReg: null,
      sellerEmail: 'studio@benedetti-architettura.example',
      iban,
      bic: 'BAPPIT21Q41',
      buyerVat: bvat,
      printed: { issue: '3 marzo 2026', sellerVat: itPrint(vat), buyerVat: itPrint(bvat) },
    },
  };
}

/** it-4 — Venetian hardware wholesaler, Ghostscript "spool"; 2 pages with progressive totals. */
function it4(): Doc {
  const vat = `IT${make.itIva('0417720026')}`;
  const bvat = `IT${make.itIva('0382911026')}`;
  const iban = makeIban('IT', bban.it('08904', '61620', '000000028174'));
  const iban2 = makeIban('IT', bban.it('02008', '12011', '000104418273'));
  const items: Array<[string, string, number, string, number]> = [
    ['VT0612', 'Viti legno 6x120 (conf.100)', 20, 'CF', 11.4],
    ['VT0480', 'Viti legno 4x80 (conf.200)', 15, 'CF', 9.8],
    ['TS0850', 'Tasselli nylon 8x50 (conf.100)', 25, 'CF', 4.6],
    ['TS1080', 'Tasselli nylon 10x80 (conf.50)', 10, 'CF', 5.9],
    ['BU1245', 'Bulloni M12x45 zincati', 200, 'PZ', 0.42],
    ['DA0012', 'Dadi M12 zincati', 200, 'PZ', 0.09],
    ['RO0012', 'Rondelle 12 zincate', 400, 'PZ', 0.04],
    ['CE1510', 'Cerniere a scomparsa 35 mm', 60, 'PZ', 2.35],
    ['MA0400', 'Maniglie alluminio 160 mm', 40, 'PZ', 3.9],
    ['SI0310', 'Silicone neutro trasp. 310 ml', 48, 'PZ', 3.6],
    ['SC1200', 'Schiuma poliuretanica 750 ml', 24, 'PZ', 5.8],
    ['NA2000', 'Nastro carta 50 mm x 50 m', 36, 'PZ', 1.95],
    ['DI1251', 'Dischi taglio ferro 125x1', 100, 'PZ', 0.88],
    ['PU0806', 'Punte HSS 8 mm', 20, 'PZ', 2.1],
    ['PU1006', 'Punte HSS 10 mm', 20, 'PZ', 2.9],
    ['GU0910', 'Guanti lavoro pelle T10', 24, 'PA', 3.4],
    ['OC0001', 'Occhiali protettivi EN166', 12, 'PZ', 2.8],
    ['LU0060', 'Lubrificante spray 400 ml', 24, 'PZ', 4.25],
    ['CA0250', 'Catena zincata 6 mm', 25, 'MT', 3.1],
    ['MO0120', 'Moschettoni 8 mm', 30, 'PZ', 0.95],
    ['GA0040', 'Ganci a S 40 mm', 50, 'PZ', 0.35],
    ['SE0450', 'Serrature da applicare', 6, 'PZ', 28.5],
    ['LU1500', 'Lucchetti ottone 50 mm', 12, 'PZ', 7.9],
    ['SP2000', 'Spazzole acciaio a mano', 15, 'PZ', 2.2],
    ['ME0500', 'Metro flessibile 5 m', 12, 'PZ', 4.8],
    ['LI0600', 'Livella alluminio 60 cm', 6, 'PZ', 11.5],
    ['CU0300', 'Cutter lama 18 mm', 24, 'PZ', 1.6],
    ['LA1800', 'Lame cutter 18 mm (conf.10)', 24, 'CF', 1.9],
    ['SC0001', 'Sconto promozione marzo', 1, '', -25],
  ];
  return {
    file: 'it-4-gs-spool',
    lang: 'it',
    gen: 'gs',
    layout: 'spool',
    country: 'IT',
    type: '380',
    pages: 2,
    currency: 'EUR',
    title: 'Fattura',
    f: itEur,
    seller: {
      name: 'Ferramenta Industriale Piave S.r.l.',
      brand: 'F.I.P. FERRAMENTA',
      addr: ['Via Postumia 77', '31100 Treviso (TV)'],
      contact: ['Tel. 0422 41 18 20  Fax 0422 41 18 29', 'contabilita@fip-piave.example'],
      legal: [
        `Ferramenta Industriale Piave S.r.l. - P.IVA ${itPrint(vat)} - REA TV-301844 - Cap. soc. 99.000,00 i.v.`,
      ],
      bank: [`Banca della Marca IBAN ${iban} BIC CCRTIT2TXXX`, `UniCredit IBAN ${iban2}`],
    },
    buyerLabel: 'Spett.le',
    buyer: {
      name: 'Serramenti Zanatta S.n.c.',
      lines: ['di Zanatta Luca & C.', 'Via Roma 210', '31050 Ponzano Veneto (TV)', `P.IVA ${itPrint(bvat)}`],
    },
    meta: [
      ['N. fattura', '0001288'],
      ['Data fattura', '03/03/26'],
      ['Cod. cliente', '11820'],
      ['Vs. ordine', 'ZAN-026'],
      ['Rif. DDT', '004411 del 27/02/26'],
      ['Agente', '07 BORTOLUZZI'],
      ['Scadenza', '30/04/26'],
    ],
    lines: items.map(([code, desc, qty, unit, price]) => L(desc, qty, price, 2200, { code, unit })),
    charges: [],
    cols: ['code', 'desc', 'qty', 'unit', 'price', 'amount'],
    head: {
      code: 'CODICE',
      desc: 'DESCRIZIONE',
      qty: 'Q.TA',
      unit: 'UM',
      price: 'PREZZO',
      amount: 'IMPORTO',
    },
    totals: [
      { k: 'net', label: 'TOTALE IMPONIBILE' },
      { k: 'tax', rate: 2200, label: 'IVA 22%' },
      { k: 'total', label: 'TOTALE FATTURA', strong: true },
    ],
    pay: [
      'PAGAMENTO: RI.BA. 60 GG F.M. - SCADENZA 30/04/26',
      `Appoggio: Banca della Marca IBAN ${iban} BIC CCRTIT2TXXX`,
    ],
    notes: ['Contributo ambientale CONAI assolto ove dovuto.'],
    t: {
      intro: 'Merce consegnata con DDT 004411 del 27/02/26 - porto franco.',
      cont: '--- segue ---',
      pageLabel: 'Pagina',
      creator: 'AS400 / spool',
    },
    breakAfter: 22,
    carryOut: 'Totale parziale da riportare',
    carryIn: 'Totale riportato da pag. 1',
    ids: [['iban', iban2]],
    key: {
      number: '0001288',
      issue: '2026-03-03',
      due: '2026-04-30',
      paymentRef: null,
      po: 'ZAN-026',
      buyerRef: null,
      sellerVat: vat,
      sellerReg: 'TV-301844',
      sellerEmail: 'contabilita@fip-piave.example',
      iban,
      bic: 'CCRTIT2TXXX',
      buyerVat: bvat,
      printed: { issue: '03/03/26', due: '30/04/26', sellerVat: itPrint(vat), buyerVat: itPrint(bvat), iban },
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
