/**
 * Blind held-out capture corpus: 24 supplier invoices rendered by three real-world PDF toolkits.
 *
 * Output: test/fixtures/capture/toolkit-blind/<lang>-<n>-<generator>-<layout>.pdf, each with a
 * <same>.key.json answer key. The layouts were designed without looking at the extractor, its tests
 * or any other fixture, so the corpus measures the extractor on layouts it has never been tuned on.
 *
 * Run (from the repository root):
 *   node --import tsx scripts/make-toolkit-invoices.ts            # all 24 files
 *   node --import tsx scripts/make-toolkit-invoices.ts de-         # only files whose name contains "de-"
 * Requirements: /usr/bin/python3 with ReportLab 3.6 (override with PYTHON=...), php with TCPDF 6.6 at
 * /usr/share/php/tcpdf (override with TCPDF=...), wkhtmltopdf 0.12.6 on PATH (override with
 * WKHTMLTOPDF=...), DejaVu and Liberation TTFs under /usr/share/fonts/truetype. The generated Python,
 * PHP, HTML and JSON sources are written to /tmp/toolkit-build/ (kept for inspection).
 *
 * Generators and layouts (8 files each, every language spread over all three):
 *   ReportLab (Python)
 *     canvas-din   low-level canvas, DIN-5008-like letter: sender line over the address window, info
 *                  block on the right, ruled item table, multi-column footer, "page x of y".
 *     canvas-band  low-level canvas with a TTF: coloured header band with a drawn logo, bill-to /
 *                  ship-to / details columns, zebra table, VAT summary beside a totals box, payment box.
 *     platypus     SimpleDocTemplate + Table + Paragraph: letterhead table, boxed details grid, item
 *                  table that repeats its header across pages, right-aligned totals table.
 *   TCPDF (PHP)
 *     cell         Cell/MultiCell with Header()/Footer() overrides, manual pagination, footer columns.
 *     html         writeHTML with HTML tables (thead repeated on page breaks), logo drawn with shapes.
 *     boxed        Cell/MultiCell/RoundedRect boxes: framed header boxes, fully gridded item table.
 *   wkhtmltopdf (Qt WebKit)
 *     shop         web-shop style: floats, order summary, light item rows, totals floated right.
 *     erp          ERP print: header boxes built from tables, gridded items, VAT summary table,
 *                  legal footer block. (The installed wkhtmltopdf uses unpatched Qt, which ignores
 *                  the header and footer switches, so the wkhtmltopdf files carry no running page numbers.)
 *     letter       freelancer/letter template: serif letterhead, narrative, simple table, bank box.
 *
 * Features covered: credit notes in Dutch, Spanish and Italian (381); three two-page invoices
 * (en-1, de-4, es-4); advance payments deducted (de-4, fr-4); withholdings (es-2 IRPF 15 %, it-2
 * ritenuta d'acconto 20 % with rivalsa INPS 4 % as a taxable charge); intra-EU 0 % invoices
 * (en-2 reverse charge on services, nl-4 intra-Community supply); GBP (en-1, en-3); CHF with Swiss
 * number format and a QR reference (de-3); several VAT rates, discounts, shipping charges, delivery
 * addresses and many distractor numbers and dates (customer no., order date, delivery note, delivery
 * date, phone/fax, web order no., referenced original invoice on credit notes).
 *
 * Answer-key conventions (values are those printed on the page, normalised):
 *   - Amounts are plain decimals with two places ("1234.50"); credit notes carry positive magnitudes
 *     even where the page prints them negative.
 *   - total_net = sum of the lines plus charges subject to VAT; total = total_net + total_tax;
 *     amount_due = what the page asks to be paid: total minus an advance already paid or minus a
 *     withholding tax; for a credit note the credited total.
 *   - tax_breakdown: one entry per VAT rate, rate as a plain decimal without "%" ("5.5", "0"); the tax
 *     is rounded per rate (half up) from the net per rate.
 *   - issue_date = the invoice / credit-note date (never a delivery or service date); due_date only
 *     when a date is printed ("payable within 14 days" alone gives null). Dates are ISO 8601.
 *   - seller_vat_id / buyer_vat_id: country prefix + the characters of the number without spaces,
 *     dots or dashes, also when printed domestically ("P.IVA 04281936155" -> "IT04281936155",
 *     "CIF B-46281374" -> "ESB46281374", "CHE-416.283.975 MWST" -> "CHE416283975MWST"). A German
 *     Steuernummer or an Italian codice fiscale is not a VAT id.
 *   - seller_registration_id: the register entry without court/town ("HRB 31874", "FN 438217k", SIREN
 *     "812 453 678", "B214736", Belgian enterprise number "0471.258.365", KvK "58214736", Companies
 *     House "08417362", CRO "614392", Registro Mercantil sheet "V-112934", REA "BG-451872", Swiss UID
 *     "CHE-416.283.975"); none printed -> null.
 *   - payment_reference: the remittance reference printed as such; RF and Swiss QR references without
 *     spaces; Belgian structured communications without the +++ but with their slashes; a plain
 *     reference after a label as printed; "please quote the invoice number" alone -> null.
 *   - purchase_order: the buyer's order number as printed (without its date); the seller's own order,
 *     job or delivery-note numbers are distractors. buyer_reference: the buyer's "your reference".
 *   - iban without spaces; bic as printed; seller_name = legal name with its legal form as printed.
 *
 * Check digits are computed, then re-validated (the script throws if one fails): IBANs (ISO 7064 mod 97
 * with per-country length, plus the national keys of FR RIB, ES DC, IT CIN, BE account), VAT ids for
 * DE, AT, FR, NL, BE, ES, IT, GB, IE, LU, CH, French SIREN/SIRET (Luhn), ISO 11649 RF references,
 * Belgian structured communications and the Swiss QR reference (mod 10 recursive).
 *
 * Determinism: no clock, no randomness. ReportLab runs with invariant=1 (fixed dates and /ID). TCPDF
 * gets its creation/modification timestamps set and its protected file_id (used for /ID and the XMP
 * uuid) pinned from the file name through a subclass. wkhtmltopdf has no option for its /CreationDate,
 * so the script overwrites that one same-length string in the output (the xref offsets stay valid),
 * and runs with QT_HASH_SEED=0 because Qt otherwise emits the embedded fonts in a per-process order.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'test/fixtures/capture/toolkit-blind');
const BUILD_DIR = '/tmp/toolkit-build';
const PYTHON = process.env['PYTHON'] ?? '/usr/bin/python3';
const PHP = process.env['PHP'] ?? 'php';
const TCPDF = process.env['TCPDF'] ?? '/usr/share/php/tcpdf/tcpdf.php';
const WKHTMLTOPDF = process.env['WKHTMLTOPDF'] ?? 'wkhtmltopdf';

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
type Generator = 'reportlab' | 'tcpdf' | 'wkhtmltopdf';
type Layout =
  | 'canvas-din'
  | 'canvas-band'
  | 'platypus'
  | 'cell'
  | 'html'
  | 'boxed'
  | 'shop'
  | 'erp'
  | 'letter';
/** en 1,234.56 · de 1.234,56 · ch 1'234.56 · fr-nnbsp 1 234,56 (U+202F) · fr-nbsp 1 234,56 (U+00A0) */
type NumStyle = 'en' | 'de' | 'ch' | 'fr-nnbsp' | 'fr-nbsp';
type DateStyle = 'dmy-slash' | 'dmy-dot' | 'dmy-dash' | 'iso' | 'long';
type ColKey = 'pos' | 'sku' | 'desc' | 'qty' | 'unit' | 'qtyunit' | 'price' | 'disc' | 'vat' | 'amount';
type LogoShape = 'circle' | 'square' | 'diamond' | 'bars';

interface Item {
  desc: string;
  /** Second description line (article detail, period, serial no.). */
  detail?: string;
  sku?: string;
  /** Decimal string, up to 3 places. */
  qty: string;
  unit: string;
  /** Unit price, decimal string with up to 2 places. */
  price: string;
  /** Line discount in percent, decimal string. */
  disc?: string;
  rate: string;
}

interface Charge {
  label: string;
  amount: string;
  rate: string;
}

interface PrintedId {
  /** As printed on the page (after its label). */
  printed: string;
  /** Normalised value for the answer key. */
  key: string;
}

interface Seller {
  name: string;
  initials: string;
  logo: LogoShape;
  tagline?: string;
  addr: string[];
  /** Contact lines as printed (phone, fax, e-mail, web). */
  contact: string[];
  email: string;
  vat: PrintedId | null;
  vatLabel: string;
  reg: PrintedId | null;
  /** Further legal lines for the footer (managing director, capital, tax number, ...). */
  legal: string[];
  bank: { name: string; iban: string; bic: string };
}

interface Buyer {
  name: string;
  lines: string[];
  vat: PrintedId | null;
  /** Label printed before the buyer's VAT id, inside the address block. */
  vatLabel?: string;
}

interface Spec {
  lang: Lang;
  n: number;
  generator: Generator;
  layout: Layout;
  country: string;
  currency: 'EUR' | 'GBP' | 'CHF';
  num: NumStyle;
  date: DateStyle;
  typeCode: '380' | '381';
  /** Document title as printed ("Rechnung", "Creditnota", ...). */
  title: string;
  number: string;
  issue: string;
  due: string | null;
  seller: Seller;
  buyer: Buyer;
  delivery?: { label: string; lines: string[] };
  buyerLabel: string;
  /** Label/value pairs of the details block; values may use {tokens} (see fill()). */
  meta: [string, string][];
  intro?: string[];
  cols: ColKey[];
  items: Item[];
  charges?: Charge[];
  /** Advance payment already received (gross), deducted from the total. */
  deposit?: { label: string; amount: string };
  /** Withholding tax deducted from the total: rate in percent of the lines (not of the charges). */
  withholding?: { label: string; rate: string };
  /** 'lines': one VAT line per rate in the totals; 'table': VAT total + a VAT summary table. */
  vatMode: 'lines' | 'table';
  /** Print amounts with a minus sign (credit notes that show negative values). */
  negative?: boolean;
  paymentRef: PrintedId | null;
  purchaseOrder: string | null;
  buyerReference: string | null;
  paymentTitle: string;
  payment: string[];
  notes: string[];
  pageLabel: string;
  font: string;
  accent: string;
  /** Label overrides for this invoice (table heads, totals). */
  labels?: Partial<Labels>;
}

interface Labels {
  cols: Record<ColKey, string>;
  goods: string;
  net: string;
  vatLine: (rate: string, base: string) => string;
  vatTotal: string;
  total: string;
  due: string;
  vatTitle: string;
  vatHead: [string, string, string, string];
  cont: string;
}

/** The view model handed to the Python/PHP renderers and the HTML templates: strings only. */
interface Doc {
  file: string;
  layout: Layout;
  lang: Lang;
  font: string;
  accent: string;
  title: string;
  /** Upper-case title, computed here because PHP may lack mbstring. */
  titleUpper: string;
  number: string;
  titleLine: string;
  contHeader: string;
  seller: {
    name: string;
    initials: string;
    logo: LogoShape;
    tagline: string;
    addr: string[];
    contact: string[];
  };
  senderLine: string;
  buyerLabel: string;
  buyer: string[];
  delivery: { label: string; lines: string[] } | null;
  meta: [string, string][];
  intro: string[];
  cols: { label: string; align: 'L' | 'R' | 'C'; w: number }[];
  rows: string[][];
  totals: { label: string; value: string; strong: boolean }[];
  vatTable: { title: string; head: string[]; rows: string[][] } | null;
  paymentTitle: string;
  payment: string[];
  notes: string[];
  footer: string[][];
  pageLabel: string;
  pdfTitle: string;
  pdfAuthor: string;
  /** Unix time used to pin creation dates where the toolkit takes one. */
  epoch: number;
}

interface Key {
  source: 'toolkit-blind';
  generator: 'toolkit-blind';
  file: string;
  producer: string;
  type_code: '380' | '381';
  seller_country: string;
  fields: {
    number: string;
    issue_date: string;
    due_date: string | null;
    currency: string;
    total_net: string;
    total_tax: string;
    total: string;
    amount_due: string;
    tax_breakdown: { rate: string; net: string; tax: string }[];
    seller_name: string;
    seller_vat_id: string | null;
    seller_registration_id: string | null;
    seller_email: string;
    iban: string;
    bic: string;
    payment_reference: string | null;
    purchase_order: string | null;
    buyer_reference: string | null;
    buyer_name: string;
    buyer_vat_id: string | null;
  };
}

// ---------------------------------------------------------------------------------------------
// Decimal arithmetic on integers (no floating point anywhere near money)
// ---------------------------------------------------------------------------------------------

/** "12.5" with 2 places -> 1250n. Throws on more places than allowed. */
function fixed(s: string, places: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = m[2] ?? '';
  if (frac.length > places) throw new Error(`${s} has more than ${places} decimals`);
  return BigInt(m[1]! + frac.padEnd(places, '0'));
}

/** Integer division rounding half up (inputs are non-negative). */
function divRound(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (2n * d);
}

function plain(cents: bigint): string {
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

function group(intPart: string, sep: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

const NUM_SEPS: Record<NumStyle, [string, string]> = {
  en: [',', '.'],
  de: ['.', ','],
  ch: ["'", '.'],
  'fr-nnbsp': ['\u202f', ','],
  'fr-nbsp': ['\u00a0', ','],
};

/** Formats a scaled integer (value * 10^places) in the locale's style. */
function fmtScaled(v: bigint, places: number, style: NumStyle): string {
  const [thousands, dec] = NUM_SEPS[style];
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(places + 1, '0');
  const int = group(s.slice(0, s.length - places), thousands);
  const body = places > 0 ? `${int}${dec}${s.slice(s.length - places)}` : int;
  return neg ? `-${body}` : body;
}

function fmtMoney(cents: bigint, style: NumStyle): string {
  return fmtScaled(cents, 2, style);
}

/** Quantities print without trailing zeros ("2", "2,5", "0,75"). */
function fmtQty(q: string, style: NumStyle): string {
  const milli = fixed(q, 3);
  if (milli % 1000n === 0n) return fmtScaled(milli / 1000n, 0, style);
  if (milli % 100n === 0n) return fmtScaled(milli / 100n, 1, style);
  if (milli % 10n === 0n) return fmtScaled(milli / 10n, 2, style);
  return fmtScaled(milli, 3, style);
}

function fmtRate(rate: string, style: NumStyle, lang: Lang): string {
  const n = style === 'en' || style === 'ch' ? rate : rate.replace('.', ',');
  // German, French and Swiss typography put a space before "%"; the others do not.
  return lang === 'de' || lang === 'fr' ? `${n}\u00a0%` : `${n}%`;
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

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

function fmtDate(iso: string, style: DateStyle, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`bad date ${iso}`);
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  switch (style) {
    case 'iso':
      return iso;
    case 'dmy-slash':
      return `${d}/${mo}/${y}`;
    case 'dmy-dot':
      return `${d}.${mo}.${y}`;
    case 'dmy-dash':
      return `${d}-${mo}-${y}`;
    case 'long': {
      const month = MONTHS[lang][Number(mo) - 1]!;
      const day = String(Number(d));
      if (lang === 'de') return `${day}. ${month} ${y}`;
      if (lang === 'es') return `${day} de ${month} de ${y}`;
      if (lang === 'fr' && day === '1') return `1er ${month} ${y}`;
      return `${day} ${month} ${y}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Check digits: builders compute them, validators re-check every printed identifier
// ---------------------------------------------------------------------------------------------

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
}

/** ISO 13616 / ISO 11649 letter expansion: A=10 ... Z=35. */
function expandLetters(s: string): string {
  return [...s].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

const IBAN_LENGTH: Record<string, number> = {
  DE: 22,
  AT: 20,
  CH: 21,
  FR: 27,
  BE: 16,
  LU: 20,
  NL: 18,
  ES: 24,
  IT: 27,
  GB: 22,
  IE: 22,
};

function makeIban(country: string, bban: string): string {
  const check = 98 - mod97(expandLetters(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

function validIban(iban: string): boolean {
  const len = IBAN_LENGTH[iban.slice(0, 2)];
  if (len === undefined || iban.length !== len || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  return mod97(expandLetters(iban.slice(4) + iban.slice(0, 4))) === 1;
}

/** French RIB key over bank (5) + branch (5) + account (11, digits here). */
function ribKey(bank: string, branch: string, account: string): string {
  const r = (89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97;
  return String(97 - r).padStart(2, '0');
}

/** Spanish CCC control digits (entidad+oficina, then cuenta). */
function spanishDc(bank: string, branch: string, account: string): string {
  const digit = (s: string, w: number[]): string => {
    const sum = [...s].reduce((acc, c, i) => acc + Number(c) * w[i]!, 0);
    const d = 11 - (sum % 11);
    return String(d === 11 ? 0 : d === 10 ? 1 : d);
  };
  return (
    digit(`00${bank}${branch}`, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]) +
    digit(account, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])
  );
}

// Odd-position values shared by the Italian CIN and the codice fiscale check character.
const IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
function itCheckChar(s: string): string {
  let sum = 0;
  [...s].forEach((c, i) => {
    const v = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? IT_ODD[v]! : v;
  });
  return String.fromCharCode(65 + (sum % 26));
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    let d = Number(c);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return sum % 10 === 0;
}

function luhnComplete(partial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return partial + d;
  throw new Error('unreachable');
}

function deVat(base8: string): string {
  let product = 10;
  for (const ch of base8) {
    let sum = (Number(ch) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return `DE${base8}${check === 10 ? 0 : check}`;
}

function atVat(base7: string): string {
  let sum = 0;
  [...base7].forEach((c, i) => {
    const d = Number(c);
    sum += i % 2 === 1 ? Math.floor((d * 2) / 10) + ((d * 2) % 10) : d;
  });
  return `ATU${base7}${(10 - ((sum + 4) % 10)) % 10}`;
}

function frVat(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

function nlVat(base8: string, suffix = 'B01'): string {
  const sum = [...base8].reduce((acc, c, i) => acc + Number(c) * (9 - i), 0);
  const check = sum % 11;
  if (check === 10) throw new Error(`NL base ${base8} has no valid check digit`);
  return `NL${base8}${check}${suffix}`;
}

/** Belgian enterprise number (10 digits, starting 0 or 1): last two = 97 - (first 8 mod 97). */
function beEnterprise(base8: string): string {
  return `${base8}${String(97 - (Number(base8) % 97)).padStart(2, '0')}`;
}

function esCif(letter: string, base7: string): string {
  let sum = 0;
  [...base7].forEach((c, i) => {
    const d = Number(c);
    if (i % 2 === 1) sum += d;
    else {
      const x = d * 2;
      sum += Math.floor(x / 10) + (x % 10);
    }
  });
  const control = (10 - (sum % 10)) % 10;
  // Companies (A, B, ...) carry a digit; public bodies and foreign entities a letter.
  const byLetter = 'PQRSNW'.includes(letter);
  return `${letter}${base7}${byLetter ? 'JABCDEFGHI'[control] : control}`;
}

function esNif(base8: string): string {
  return `${base8}${'TRWAGMYFPDXBNJZSQVHLCKE'[Number(base8) % 23]}`;
}

function itPiva(base10: string): string {
  return luhnComplete(base10);
}

function gbVat(base7: string): string {
  const sum = [...base7].reduce((acc, c, i) => acc + Number(c) * (8 - i), 0);
  // Classic mod 97 scheme: weighted sum plus the two check digits is a multiple of 97.
  const check = (97 - (sum % 97)) % 97;
  return `GB${base7}${String(check).padStart(2, '0')}`;
}

function ieVat(base7: string): string {
  const sum = [...base7].reduce((acc, c, i) => acc + Number(c) * (8 - i), 0);
  return `IE${base7}${'WABCDEFGHIJKLMNOPQRSTUV'[sum % 23]}`;
}

function luVat(base6: string): string {
  return `LU${base6}${String(Number(base6) % 89).padStart(2, '0')}`;
}

function chUid(base8: string): string {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = [...base8].reduce((acc, c, i) => acc + Number(c) * w[i]!, 0);
  const check = (11 - (sum % 11)) % 11;
  if (check === 10) throw new Error(`CH UID base ${base8} has no valid check digit`);
  return `CHE${base8}${check}`;
}

function validVat(id: string): boolean {
  const cc = id.slice(0, 2);
  const body = id.slice(2);
  switch (cc) {
    case 'DE':
      return /^\d{9}$/.test(body) && deVat(body.slice(0, 8)) === id;
    case 'AT':
      return /^U\d{8}$/.test(body) && atVat(body.slice(1, 8)) === id;
    case 'FR':
      return /^\d{11}$/.test(body) && luhnValid(body.slice(2)) && frVat(body.slice(2)) === id;
    case 'NL':
      return /^\d{9}B\d{2}$/.test(body) && nlVat(body.slice(0, 8), body.slice(9)) === id;
    case 'BE':
      return /^[01]\d{9}$/.test(body) && beEnterprise(body.slice(0, 8)) === body;
    case 'ES':
      if (/^\d{8}[A-Z]$/.test(body)) return esNif(body.slice(0, 8)) === body;
      return /^[A-HJNP-SUVW]\d{7}[0-9A-J]$/.test(body) && esCif(body[0]!, body.slice(1, 8)) === body;
    case 'IT':
      return /^\d{11}$/.test(body) && luhnValid(body);
    case 'GB': {
      if (!/^\d{9}$/.test(body)) return false;
      const sum = [...body.slice(0, 7)].reduce((acc, c, i) => acc + Number(c) * (8 - i), 0);
      const check = Number(body.slice(7));
      return (sum + check) % 97 === 0 || (sum + check + 55) % 97 === 0;
    }
    case 'IE':
      return /^\d{7}[A-W]$/.test(body) && ieVat(body.slice(0, 7)) === id;
    case 'LU':
      return /^\d{8}$/.test(body) && luVat(body.slice(0, 6)) === id;
    case 'CH': {
      const m = /^E(\d{9})(MWST|TVA|IVA)?$/.exec(body);
      return m !== null && chUid(m[1]!.slice(0, 8)) === `CHE${m[1]}`;
    }
    default:
      return false;
  }
}

/** ISO 11649 creditor reference. */
function makeRf(ref: string): string {
  const check = 98 - mod97(expandLetters(`${ref}RF00`));
  return `RF${String(check).padStart(2, '0')}${ref}`;
}

function validRf(rf: string): boolean {
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(rf) && mod97(expandLetters(rf.slice(4) + rf.slice(0, 4))) === 1;
}

/** Belgian structured communication: 10 digits + (mod 97, 0 -> 97), printed +++ddd/dddd/ddddd+++. */
function makeOgm(base10: string): string {
  const r = Number(BigInt(base10) % 97n);
  const s = base10 + String(r === 0 ? 97 : r).padStart(2, '0');
  return `${s.slice(0, 3)}/${s.slice(3, 7)}/${s.slice(7)}`;
}

function validOgm(ogm: string): boolean {
  const digits = ogm.replace(/\//g, '');
  if (!/^\d{3}\/\d{4}\/\d{5}$/.test(ogm)) return false;
  const r = Number(BigInt(digits.slice(0, 10)) % 97n);
  return Number(digits.slice(10)) === (r === 0 ? 97 : r);
}

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
function mod10Recursive(digits: string): number {
  let carry = 0;
  for (const c of digits) carry = MOD10_TABLE[(carry + Number(c)) % 10]!;
  return (10 - carry) % 10;
}

function makeQrRef(base26: string): string {
  return base26 + mod10Recursive(base26);
}

function validQrRef(ref: string): boolean {
  return /^\d{27}$/.test(ref) && mod10Recursive(ref.slice(0, 26)) === Number(ref.slice(26));
}

/** Groups of n characters separated by spaces (IBANs, RF references as printed). */
function blocks(s: string, n = 4): string {
  return s.replace(new RegExp(`(.{${n}})(?=.)`, 'g'), '$1 ');
}

/** Swiss QR reference as printed: 2 digits, then groups of 5. */
function qrRefPrinted(ref: string): string {
  return `${ref.slice(0, 2)} ${blocks(ref.slice(2), 5)}`;
}

/** Normalised VAT id: strip spaces, dots, dashes; add the country prefix if printed domestically. */
function normVat(country: string, printed: string): string {
  const s = printed.replace(/[\s.\-\u00a0]/g, '');
  return s.startsWith(country) ? s : `${country}${s}`;
}

function vatId(country: string, printed: string): PrintedId {
  return { printed, key: normVat(country, printed) };
}

// ---------------------------------------------------------------------------------------------
// Language defaults (each invoice may override)
// ---------------------------------------------------------------------------------------------

const LABELS: Record<Lang, Labels> = {
  en: {
    cols: {
      pos: 'No.',
      sku: 'Code',
      desc: 'Description',
      qty: 'Qty',
      unit: 'Unit',
      qtyunit: 'Quantity',
      price: 'Unit price',
      disc: 'Disc. %',
      vat: 'VAT',
      amount: 'Amount',
    },
    goods: 'Subtotal',
    net: 'Total net',
    vatLine: (r, b) => `VAT ${r} on ${b}`,
    vatTotal: 'Total VAT',
    total: 'Total',
    due: 'Amount due',
    vatTitle: 'VAT summary',
    vatHead: ['VAT rate', 'Net', 'VAT', 'Gross'],
    cont: 'continued',
  },
  de: {
    cols: {
      pos: 'Pos.',
      sku: 'Art.-Nr.',
      desc: 'Bezeichnung',
      qty: 'Menge',
      unit: 'Einheit',
      qtyunit: 'Menge',
      price: 'Einzelpreis',
      disc: 'Rabatt',
      vat: 'USt.',
      amount: 'Gesamtpreis',
    },
    goods: 'Zwischensumme',
    net: 'Nettobetrag',
    vatLine: (r, b) => `zzgl. ${r} USt. auf ${b}`,
    vatTotal: 'Umsatzsteuer',
    total: 'Rechnungsbetrag',
    due: 'Zahlbetrag',
    vatTitle: 'USt.-Aufstellung',
    vatHead: ['USt.-Satz', 'Netto', 'USt.', 'Brutto'],
    cont: 'Fortsetzung',
  },
  fr: {
    cols: {
      pos: 'N°',
      sku: 'Réf.',
      desc: 'Désignation',
      qty: 'Qté',
      unit: 'Unité',
      qtyunit: 'Quantité',
      price: 'P.U. HT',
      disc: 'Remise',
      vat: 'TVA',
      amount: 'Montant HT',
    },
    goods: 'Sous-total HT',
    net: 'Total HT',
    vatLine: (r, b) => `TVA ${r} sur ${b}`,
    vatTotal: 'Total TVA',
    total: 'Total TTC',
    due: 'Net à payer',
    vatTitle: 'Récapitulatif TVA',
    vatHead: ['Taux', 'Base HT', 'Montant TVA', 'Total TTC'],
    cont: 'suite',
  },
  nl: {
    cols: {
      pos: 'Nr.',
      sku: 'Art.nr.',
      desc: 'Omschrijving',
      qty: 'Aantal',
      unit: 'Eenheid',
      qtyunit: 'Aantal',
      price: 'Prijs',
      disc: 'Korting',
      vat: 'Btw',
      amount: 'Bedrag',
    },
    goods: 'Subtotaal',
    net: 'Totaal excl. btw',
    vatLine: (r, b) => `Btw ${r} over ${b}`,
    vatTotal: 'Totaal btw',
    total: 'Totaal incl. btw',
    due: 'Te betalen',
    vatTitle: 'Btw-specificatie',
    vatHead: ['Btw-tarief', 'Grondslag', 'Btw', 'Totaal'],
    cont: 'vervolg',
  },
  es: {
    cols: {
      pos: 'Nº',
      sku: 'Ref.',
      desc: 'Concepto',
      qty: 'Cant.',
      unit: 'Ud.',
      qtyunit: 'Cantidad',
      price: 'Precio',
      disc: 'Dto.',
      vat: 'IVA',
      amount: 'Importe',
    },
    goods: 'Suma',
    net: 'Base imponible',
    vatLine: (r) => `IVA ${r}`,
    vatTotal: 'Total IVA',
    total: 'Total factura',
    due: 'Total a pagar',
    vatTitle: 'Desglose de IVA',
    vatHead: ['Tipo', 'Base imponible', 'Cuota IVA', 'Total'],
    cont: 'continuación',
  },
  it: {
    cols: {
      pos: 'N.',
      sku: 'Codice',
      desc: 'Descrizione',
      qty: 'Q.tà',
      unit: 'U.M.',
      qtyunit: 'Quantità',
      price: 'Prezzo unit.',
      disc: 'Sconto',
      vat: 'IVA',
      amount: 'Importo',
    },
    goods: 'Totale merce',
    net: 'Totale imponibile',
    vatLine: (r) => `IVA ${r}`,
    vatTotal: 'Totale IVA',
    total: 'Totale documento',
    due: 'Netto a pagare',
    vatTitle: 'Riepilogo IVA',
    vatHead: ['Aliquota', 'Imponibile', 'Imposta', 'Totale'],
    cont: 'segue',
  },
};

const NO_WORD: Record<Lang, string> = { en: 'No.', de: 'Nr.', fr: 'n°', nl: 'nr.', es: 'n.º', it: 'n.' };

/** Column widths in mm; 0 = takes the remaining width. */
const COL_WIDTH: Record<ColKey, number> = {
  pos: 9,
  sku: 22,
  desc: 0,
  qty: 14,
  unit: 16,
  qtyunit: 22,
  price: 22,
  disc: 14,
  vat: 13,
  amount: 25,
};

function item(
  desc: string,
  qty: string,
  unit: string,
  price: string,
  rate: string,
  more: Partial<Item> = {},
): Item {
  return { desc, qty, unit, price, rate, ...more };
}

function ibanPrinted(iban: string): string {
  return blocks(iban);
}

// ---------------------------------------------------------------------------------------------
// The 24 invoices. Identifiers are built from a base by the check-digit helpers above.
// ---------------------------------------------------------------------------------------------

const FRENCH_LATE_FEES =
  'Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €. Pas d’escompte pour paiement anticipé.';
const IT_COURTESY =
  'Copia di cortesia: l’originale della fattura è stato trasmesso tramite Sistema di Interscambio (SdI) ed è disponibile nella sua area riservata.';

function specs(): Spec[] {
  const list: Spec[] = [];

  // en-1 · UK office-furniture dealer · GBP · two pages · 20 % and zero-rated printed matter
  {
    const vat = gbVat('2847193');
    const buyerVat = gbVat('6120483');
    const gbPrint = (v: string): string => `GB ${v.slice(2, 5)} ${v.slice(5, 9)} ${v.slice(9)}`;
    const iban = makeIban('GB', 'HRBK40271631926845');
    const rows: [string, string, string, string, string, string?][] = [
      ['OI-CH-204', 'Ergonomic task chair, mesh back, black', '12', 'each', '189.00'],
      ['OI-DK-160', 'Height-adjustable desk 1600 x 800, white frame', '12', 'each', '412.50'],
      ['OI-AC-031', 'Desk cable tray, steel', '12', 'each', '24.90'],
      ['OI-AC-118', 'Monitor arm, dual, gas spring', '12', 'each', '79.00'],
      ['OI-ST-303', 'Mobile pedestal, 3 drawers, lockable', '12', 'each', '148.00'],
      ['OI-AS-140', 'Acoustic desk screen 1400 x 650, grey felt', '8', 'each', '96.40'],
      ['OI-MT-240', 'Meeting table 2400 x 1200, oak veneer', '1', 'each', '1240.00'],
      ['OI-CH-410', 'Meeting chair, upholstered, stackable', '10', 'each', '118.00'],
      ['OI-ST-200', 'Storage cupboard, 2000 high, 2 doors', '4', 'each', '365.00'],
      ['OI-ST-120', 'Bookcase, 1200 high, 3 shelves', '3', 'each', '189.00'],
      ['OI-AC-077', 'Coat stand, powder coated', '2', 'each', '54.50'],
      ['OI-WB-180', 'Whiteboard 1800 x 1200, magnetic', '2', 'each', '212.00'],
      ['OI-WB-010', 'Whiteboard marker set (10)', '5', 'pack', '8.95'],
      ['OI-RC-002', 'Reception desk, curved, 2 modules', '1', 'each', '1875.00'],
      ['OI-SO-202', 'Visitor sofa, 2-seater, fabric cat. B', '2', 'each', '690.00'],
      ['OI-CT-060', 'Coffee table 600 x 600', '1', 'each', '145.00'],
      ['OI-PL-090', 'Planter, large, with artificial olive tree', '2', 'each', '168.00'],
      ['OI-LT-220', 'Floor lamp LED, dimmable', '4', 'each', '134.00'],
      ['OI-LT-110', 'Desk lamp LED, USB charging', '6', 'each', '42.00'],
      ['OI-AC-303', 'Recycling bin set, 3 compartments', '3', 'each', '87.00'],
      ['OI-AC-090', 'Chair mat, polycarbonate, hard floors', '8', 'each', '39.50'],
      ['OI-AC-095', 'Footrest, adjustable', '4', 'each', '28.00'],
      ['OI-LK-008', 'Locker unit, 8 doors, keyless', '2', 'each', '498.00'],
      ['OI-CH-505', 'Kitchen bar stool, beech', '6', 'each', '74.00'],
      ['OI-BT-120', 'Bar table 1200 x 600, high', '1', 'each', '325.00'],
      ['OI-PR-001', 'Printed furniture care guide (booklet)', '20', 'each', '3.50', '0'],
      ['OI-PR-014', 'Printed floor-plan wall chart, A1', '2', 'each', '18.00', '0'],
      ['OI-AC-141', 'Desk screen clamp set', '8', 'set', '12.40'],
      ['OI-AC-150', 'Cable spine, vertical', '12', 'each', '19.90'],
      ['OI-AC-160', 'Keyboard tray, under-desk', '4', 'each', '46.00'],
      ['OI-AC-170', 'Anti-fatigue standing mat', '2', 'each', '59.00'],
      ['OI-AC-180', 'Document tray set, 3 tier', '10', 'each', '14.50'],
      ['SV-DEL-2', 'Delivery, two-person team, Bristol area', '1', 'job', '260.00'],
      ['SV-INS', 'Assembly and installation', '14', 'hour', '38.00'],
      ['SV-WST', 'Removal of packaging and recycling', '1', 'job', '85.00'],
      ['SV-PLN', 'Space planning consultation', '3', 'hour', '65.00'],
    ];
    list.push({
      lang: 'en',
      n: 1,
      generator: 'reportlab',
      layout: 'platypus',
      country: 'GB',
      currency: 'GBP',
      num: 'en',
      date: 'long',
      typeCode: '380',
      title: 'Invoice',
      number: 'HOI-26-01187',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Harrowgate Office Interiors Ltd',
        initials: 'HOI',
        logo: 'square',
        tagline: 'Workplace furniture · planning · installation',
        addr: ['Unit 7, Kirkstall Trading Estate', 'Leeds LS5 3BT', 'United Kingdom'],
        contact: ['Tel. 0113 496 0712', 'Fax 0113 496 0719', 'accounts@harrowgate-interiors.example'],
        email: 'accounts@harrowgate-interiors.example',
        vat: vatId('GB', gbPrint(vat)),
        vatLabel: 'VAT Reg. No.',
        reg: { printed: 'Registered in England and Wales No. 08417362', key: '08417362' },
        legal: ['Registered office: Unit 7, Kirkstall Trading Estate, Leeds LS5 3BT'],
        bank: { name: 'Pennine Mercantile Bank', iban, bic: 'HRBKGB22' },
      },
      buyer: {
        name: 'Penhallow Surveying Partners LLP',
        lines: ['Penhallow Surveying Partners LLP', 'Accounts Payable', '41 Queen Square', 'Bristol BS1 4QP'],
        vat: vatId('GB', gbPrint(buyerVat)),
        vatLabel: 'Customer VAT No.',
      },
      delivery: {
        label: 'Deliver to',
        lines: ['Penhallow Surveying Partners LLP', '2nd Floor, Temple Gate House', 'Bristol BS1 6PL'],
      },
      buyerLabel: 'Invoice to',
      meta: [
        ['Invoice number', '{number}'],
        ['Invoice date / tax point', '{issue}'],
        ['Account no.', 'PEN001'],
        ['Your order no.', '{po}'],
        ['Order date', '26 February 2026'],
        ['Delivery note', 'DN-55821'],
        ['Delivered', '9 March 2026'],
        ['Due date', '{due}'],
      ],
      cols: ['sku', 'desc', 'qty', 'unit', 'price', 'amount'],
      items: rows.map(([sku, desc, qty, unit, price, rate]) =>
        item(desc, qty, unit, price, rate ?? '20', { sku }),
      ),
      vatMode: 'lines',
      paymentRef: { printed: 'HOI-26-01187', key: 'HOI-26-01187' },
      purchaseOrder: 'PO-77120',
      buyerReference: null,
      paymentTitle: 'Payment details',
      payment: [
        'Terms: 30 days net. Please pay {amount_due} by {due}.',
        'Bank: {bank} · Sort code 40-27-16 · Account 31926845',
        'IBAN {iban} · BIC {bic}',
        'Payment reference: {ref}',
      ],
      notes: [
        'Goods remain the property of Harrowgate Office Interiors Ltd until paid in full.',
        'Zero-rated items: printed matter (VAT Notice 701/10).',
      ],
      pageLabel: 'Page {p} of {n}',
      font: 'liberation',
      accent: '#23395d',
      labels: { cols: { ...LABELS.en.cols, price: 'Unit £', amount: 'Net £' } },
    });
  }

  // en-2 · Irish IT services to a German customer · reverse charge, 0 % · RF reference
  {
    const vat = ieVat('6433435');
    const iban = makeIban('IE', 'CDBK93115228406713');
    list.push({
      lang: 'en',
      n: 2,
      generator: 'tcpdf',
      layout: 'cell',
      country: 'IE',
      currency: 'EUR',
      num: 'en',
      date: 'dmy-slash',
      typeCode: '380',
      title: 'Invoice',
      number: 'CDS-2026-0311',
      issue: '2026-03-10',
      due: '2026-04-09',
      seller: {
        name: 'Corrib Data Systems Limited',
        initials: 'CD',
        logo: 'circle',
        tagline: 'Database & cloud operations',
        addr: ['Unit 4, Briarhill Business Park', 'Galway H91 X2T6', 'Ireland'],
        contact: ['Tel. +353 91 555 0142', 'billing@corrib-data.example', 'www.corrib-data.example'],
        email: 'billing@corrib-data.example',
        vat: vatId('IE', `IE ${vat.slice(2)}`),
        vatLabel: 'VAT No.',
        reg: { printed: 'Registered in Ireland, CRO No. 614392', key: '614392' },
        legal: ['Directors: S. Ní Fhlaithearta, M. Kilbride'],
        bank: { name: 'Atlantic Commercial Bank', iban, bic: 'CDBKIE2D' },
      },
      buyer: {
        name: 'Meissner Logistik GmbH',
        lines: [
          'Meissner Logistik GmbH',
          'Finanzbuchhaltung',
          'Ausschläger Weg 61',
          '20537 Hamburg',
          'Germany',
        ],
        vat: vatId('DE', deVat('27381946')),
        vatLabel: 'Customer VAT No.',
      },
      buyerLabel: 'Bill to',
      meta: [
        ['Invoice no.', '{number}'],
        ['Invoice date', '{issue}'],
        ['Customer ID', 'C-1042'],
        ['Contract', 'SLA-2023-017'],
        ['Purchase order', '{po}'],
        ['Your reference', '{buyer_ref}'],
        ['Service period', '01/03/2026 - 31/03/2026'],
        ['Due date', '{due}'],
      ],
      cols: ['pos', 'desc', 'qty', 'unit', 'price', 'amount'],
      items: [
        item('Managed database support, March 2026', '1', 'month', '2450.00', '0', {
          detail: 'PostgreSQL clusters HH-01/HH-02, 24x7 on call',
        }),
        item('Consultancy: data warehouse migration', '18.5', 'hours', '135.00', '0'),
        item('Cloud backup storage, 2 TB', '1', 'month', '180.00', '0'),
        item('On-site workshop, Hamburg', '2', 'days', '1100.00', '0'),
        item('Travel expenses at cost (flights, hotel)', '1', 'lump', '864.30', '0'),
      ],
      vatMode: 'lines',
      paymentRef: { printed: blocks(makeRf('CDS20260311')), key: makeRf('CDS20260311') },
      purchaseOrder: '4500218734',
      buyerReference: 'ML-IT-4471',
      paymentTitle: 'How to pay',
      payment: [
        'Please transfer {amount_due} by {due} to {bank}',
        'IBAN: {iban}   BIC: {bic}',
        'Creditor reference (RF): {ref}',
      ],
      notes: [
        'Reverse charge: VAT to be accounted for by the recipient under Article 196 of Council Directive 2006/112/EC.',
      ],
      pageLabel: 'Page {p} of {n}',
      font: 'helvetica',
      accent: '#0b6e69',
      labels: { vatLine: (r) => `VAT ${r} (reverse charge)` },
    });
  }

  // en-3 · UK garden web shop · GBP · delivery charge · zero-rated seeds · web order no. as distractor
  {
    const vat = gbVat('3916274');
    const iban = makeIban('GB', 'SEVN30946211482730');
    list.push({
      lang: 'en',
      n: 3,
      generator: 'wkhtmltopdf',
      layout: 'shop',
      country: 'GB',
      currency: 'GBP',
      num: 'en',
      date: 'long',
      typeCode: '380',
      title: 'Tax Invoice',
      number: 'TGS-INV-048211',
      issue: '2026-03-04',
      due: '2026-04-03',
      seller: {
        name: 'Thornbury Garden Supplies Ltd',
        initials: 'TG',
        logo: 'circle',
        tagline: 'thornbury-garden.example · trade & retail',
        addr: ['Severn Vale Nurseries, Gloucester Road', 'Thornbury BS35 1RL'],
        contact: ['01454 555 230', 'trade@thornbury-garden.example'],
        email: 'trade@thornbury-garden.example',
        vat: vatId('GB', vat),
        vatLabel: 'VAT number',
        reg: { printed: 'Company number 11284736', key: '11284736' },
        legal: ['Registered in England & Wales'],
        bank: { name: 'Severnside Bank plc', iban, bic: 'SEVNGB21' },
      },
      buyer: {
        name: 'Fenwick & Rowe Landscapes Ltd',
        lines: [
          'Fenwick & Rowe Landscapes Ltd',
          'Attn: Accounts',
          '8 Mill Lane',
          'Chipping Sodbury BS37 6AH',
        ],
        vat: null,
      },
      delivery: {
        label: 'Delivery address',
        lines: ['Fenwick & Rowe Landscapes Ltd', 'c/o Site 14, Lyde Green', 'Emersons Green BS16 7FR'],
      },
      buyerLabel: 'Billing address',
      meta: [
        ['Invoice', '{number}'],
        ['Invoice date', '{issue}'],
        ['Web order', '#100482'],
        ['Order placed', '1 March 2026'],
        ['Your PO', '{po}'],
        ['Trade account', 'FEN-0093'],
        ['Dispatched', '3 March 2026'],
        ['Payment due', '{due}'],
      ],
      cols: ['sku', 'desc', 'qty', 'price', 'disc', 'vat', 'amount'],
      items: [
        item('Peat-free multi-purpose compost, 50 L', '40', 'bag', '7.49', '20', { sku: 'CMP-50PF' }),
        item('Heritage vegetable seed collection', '12', 'pack', '4.25', '0', { sku: 'SD-HER-12' }),
        item('Galvanised raised bed kit 180 x 90 cm', '4', 'each', '89.99', '20', {
          sku: 'RB-1890',
          disc: '10',
        }),
        item('Organic chicken manure pellets, 15 kg', '10', 'tub', '12.80', '20', { sku: 'FT-CMP15' }),
        item("Seed potatoes 'Charlotte', 2 kg", '6', 'bag', '5.95', '0', { sku: 'SP-CHA2' }),
        item('Hanging bird feeder, steel', '5', 'each', '16.50', '20', { sku: 'BF-STL' }),
      ],
      charges: [{ label: 'Delivery (pallet, next working day)', amount: '35.00', rate: '20' }],
      vatMode: 'table',
      paymentRef: null,
      purchaseOrder: 'FR-2231',
      buyerReference: null,
      paymentTitle: 'Paying on account',
      payment: [
        'Please pay {amount_due} by {due}.',
        '{bank} · Sort code 30-94-62 · Account 11482730',
        'IBAN {iban} · BIC {bic}',
        'Please quote your invoice number when paying.',
      ],
      notes: ['Zero-rated: seeds and seed potatoes for growing food. Thank you for shopping with Thornbury!'],
      pageLabel: '',
      font: 'DejaVu Sans',
      accent: '#3d7a2c',
      labels: {
        cols: { ...LABELS.en.cols, sku: 'SKU', price: 'Price', disc: 'Disc.', amount: 'Line total' },
        goods: 'Items subtotal',
        net: 'Total excl. VAT',
        total: 'Total incl. VAT',
        due: 'Balance due',
      },
    });
  }

  // en-4 · Irish design studio · 23 % and 0 % · terms only (no due date) · plain payment reference
  {
    const vat = ieVat('9817264');
    const iban = makeIban('IE', 'LIFY99021051804339');
    list.push({
      lang: 'en',
      n: 4,
      generator: 'reportlab',
      layout: 'canvas-band',
      country: 'IE',
      currency: 'EUR',
      num: 'en',
      date: 'dmy-slash',
      typeCode: '380',
      title: 'Invoice',
      number: 'SS-0419',
      issue: '2026-03-09',
      due: null,
      seller: {
        name: 'Slievemore Studio Limited',
        initials: 'S',
        logo: 'diamond',
        tagline: 'Brand identity · packaging · photography',
        addr: ['27 Pearse Street', 'Dublin 2, D02 YX88'],
        contact: ['+353 1 555 0198', 'hello@slievemore-studio.example'],
        email: 'hello@slievemore-studio.example',
        vat: vatId('IE', vat),
        vatLabel: 'VAT',
        reg: { printed: 'CRO 702418', key: '702418' },
        legal: ['Registered office as above'],
        bank: { name: 'Liffey Commercial Bank', iban, bic: 'LIFYIE2DXXX' },
      },
      buyer: {
        name: 'Ballinure Craft Distillery DAC',
        lines: [
          'Ballinure Craft Distillery DAC',
          'Attn: Orla Hennessy',
          'Ballinure, Thurles',
          'Co. Tipperary E41 K2R7',
        ],
        vat: null,
      },
      buyerLabel: 'Billed to',
      meta: [
        ['Invoice no.', '{number}'],
        ['Date', '{issue}'],
        ['Your PO', '{po}'],
        ['Project', 'BCD-Rebrand-25'],
        ['Terms', '14 days'],
      ],
      cols: ['desc', 'qty', 'unit', 'price', 'vat', 'amount'],
      items: [
        item('Brand identity refresh: concept and three design routes', '1', 'project', '2800.00', '23'),
        item('Label artwork, 3 SKUs (70 cl, 50 cl, 5 cl)', '3', 'design', '450.00', '23'),
        item('Product photography, studio day', '1', 'day', '950.00', '23'),
        item('Printed brand guidelines booklet', '25', 'copies', '6.40', '0'),
        item('Revisions after tasting-room feedback', '4.5', 'hours', '85.00', '23'),
      ],
      vatMode: 'table',
      paymentRef: { printed: 'SLV-BCD-0419', key: 'SLV-BCD-0419' },
      purchaseOrder: 'BCD-0311',
      buyerReference: null,
      paymentTitle: 'Payment',
      payment: [
        'Payment within 14 days of invoice date by bank transfer.',
        '{bank} · IBAN {iban} · BIC {bic}',
        'Please use reference {ref} with your payment.',
      ],
      notes: ['Thank you for the lovely project!'],
      pageLabel: 'Page {p}/{n}',
      font: 'dejavu',
      accent: '#8a3b5c',
      labels: { total: 'Total (EUR)' },
    });
  }

  // de-1 · German specialist bookshop · 7 % and 19 % · DIN letter · RF reference
  {
    const vat = deVat('81472630');
    const iban = makeIban('DE', '720501010008417263');
    list.push({
      lang: 'de',
      n: 1,
      generator: 'reportlab',
      layout: 'canvas-din',
      country: 'DE',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-dot',
      typeCode: '380',
      title: 'Rechnung',
      number: '2026-10318',
      issue: '2026-03-18',
      due: '2026-04-01',
      seller: {
        name: 'Eichhorn Fachbuch & Medien GmbH',
        initials: 'E',
        logo: 'circle',
        tagline: 'Fachbuchhandlung für Technik und Recht',
        addr: ['Ludwigstraße 14', '86152 Augsburg'],
        contact: ['Tel. 0821 455 210-0', 'Fax 0821 455 210-99', 'rechnung@eichhorn-fachbuch.example'],
        email: 'rechnung@eichhorn-fachbuch.example',
        vat: vatId('DE', vat),
        vatLabel: 'USt-IdNr.',
        reg: { printed: 'Amtsgericht Augsburg HRB 31874', key: 'HRB 31874' },
        legal: ['Geschäftsführerin: Dr. Hanna Eichhorn', 'St.-Nr. 103/118/40276'],
        bank: { name: 'Lechtaler Volksbank eG', iban, bic: 'LECHDEM1XXX' },
      },
      buyer: {
        name: 'Planungsbüro Steinhövel GmbH & Co. KG',
        lines: ['Planungsbüro Steinhövel GmbH & Co. KG', 'z. Hd. Frau Kaya', 'Olgastraße 88', '89073 Ulm'],
        vat: vatId('DE', deVat('29164387')),
      },
      buyerLabel: '',
      meta: [
        ['Rechnungs-Nr.', '{number}'],
        ['Rechnungsdatum', '{issue}'],
        ['Kunden-Nr.', '24017'],
        ['Ihre Bestellung', '{po}'],
        ['Bestelldatum', '09.03.2026'],
        ['Lieferschein', '2026-LS-0388'],
        ['Lieferdatum', '16.03.2026'],
        ['Ihre USt-IdNr.', '{buyer_vat}'],
      ],
      intro: ['Sehr geehrte Damen und Herren,', 'für unsere Lieferung berechnen wir Ihnen:'],
      cols: ['pos', 'desc', 'qty', 'unit', 'price', 'vat', 'amount'],
      items: [
        item('Bautabellen für Ingenieure, 26. Auflage', '2', 'Stk.', '59.00', '7', {
          detail: 'ISBN 978-3-8462-1744-5',
        }),
        item('DIN-Taschenbuch 300: Bauausführung', '1', 'Stk.', '186.40', '7'),
        item('Fachzeitschrift Bautechnik, Jahresabonnement 2026', '1', 'Abo', '312.60', '7'),
        item('Normen-Portal Bauwesen, Online-Lizenz 2. Quartal 2026', '1', 'Quartal', '248.00', '19', {
          detail: 'Lizenzzeitraum 01.04.2026 - 30.06.2026, 3 Nutzer',
        }),
        item('Sammelordner A4 für Normblätter, 5er-Pack', '3', 'Pck.', '12.90', '19'),
        item('Versandpauschale', '1', 'psch.', '5.90', '19'),
      ],
      vatMode: 'lines',
      paymentRef: { printed: blocks(makeRf('2026103180424')), key: makeRf('2026103180424') },
      purchaseOrder: 'BE-2026-0147',
      buyerReference: null,
      paymentTitle: 'Zahlungsinformationen',
      payment: [
        'Zahlbar bis {due} ohne Abzug.',
        'Bitte überweisen Sie {amount_due} auf unser Konto bei der {bank}',
        'IBAN {iban} · BIC {bic} · Verwendungszweck: {ref}',
      ],
      notes: ['Lieferung frei Haus. Es gelten unsere Allgemeinen Geschäftsbedingungen.'],
      pageLabel: 'Seite {p} von {n}',
      font: 'helvetica',
      accent: '#7a2e1d',
      labels: { cols: { ...LABELS.de.cols, amount: 'Gesamt €' } },
    });
  }

  // de-2 · Austrian catering · 10 % and 20 % · long German dates · no payment reference
  {
    const vat = atVat('6482317');
    const iban = makeIban('AT', '3821500012846307');
    list.push({
      lang: 'de',
      n: 2,
      generator: 'tcpdf',
      layout: 'html',
      country: 'AT',
      currency: 'EUR',
      num: 'de',
      date: 'long',
      typeCode: '380',
      title: 'Rechnung',
      number: 'RE-2026-0312',
      issue: '2026-03-03',
      due: '2026-03-17',
      seller: {
        name: 'Konditorei & Catering Hinterberger GmbH',
        initials: 'KH',
        logo: 'square',
        tagline: 'Mehlspeisen · Buffets · Feiern',
        addr: ['Sackstraße 27', '8010 Graz', 'Österreich'],
        contact: ['Tel. +43 316 83 44 12', 'office@hinterberger-catering.example'],
        email: 'office@hinterberger-catering.example',
        vat: vatId('AT', vat),
        vatLabel: 'UID-Nr.',
        reg: { printed: 'FN 438217k, Landesgericht für ZRS Graz', key: 'FN 438217k' },
        legal: ['Geschäftsführer: Florian Hinterberger'],
        bank: { name: 'Murtaler Raiffeisenbank eGen', iban, bic: 'RMURAT2G' },
      },
      buyer: {
        name: 'Holzbau Pölzl GmbH',
        lines: ['Holzbau Pölzl GmbH', 'Gewerbepark 3', '8200 Gleisdorf'],
        vat: vatId('AT', atVat('5719342')),
        vatLabel: 'UID',
      },
      buyerLabel: 'Rechnungsempfänger',
      meta: [
        ['Rechnungsnummer', '{number}'],
        ['Rechnungsdatum', '{issue}'],
        ['Kundennummer', 'K-2087'],
        ['Leistungsdatum', '27. Februar 2026'],
        ['Ihr Zeichen', '{buyer_ref}'],
        ['Zahlbar bis', '{due}'],
      ],
      intro: [
        'Vielen Dank für Ihren Auftrag! Für das Catering Ihrer Firmenfeier erlauben wir uns zu verrechnen:',
      ],
      cols: ['pos', 'desc', 'qtyunit', 'price', 'vat', 'amount'],
      items: [
        item('Fingerfood-Buffet „Steirisch“', '60', 'Pers.', '18.50', '10'),
        item('Kürbiskernbrötchen, gemischt belegt', '120', 'Stk.', '2.20', '10'),
        item('Sachertorte, 24 Stück', '2', 'Stk.', '46.00', '10'),
        item('Kaffee- und Teestation', '60', 'Pers.', '3.80', '20'),
        item('Apfelsaft naturtrüb, 1 l', '24', 'Fl.', '3.40', '20'),
        item('Servicepersonal', '12', 'Std.', '32.00', '20'),
        item('Geschirr- und Gläserverleih', '1', 'Pausch.', '145.00', '20'),
      ],
      vatMode: 'table',
      paymentRef: null,
      purchaseOrder: null,
      buyerReference: 'Firmenjubiläum 25 Jahre',
      paymentTitle: 'Zahlung',
      payment: [
        'Zahlbar bis {due} ohne Abzug auf unser Konto bei der {bank}:',
        'IBAN {iban}, BIC {bic}',
        'Bitte geben Sie bei der Zahlung die Rechnungsnummer an.',
      ],
      notes: [],
      pageLabel: 'Seite {p} von {n}',
      font: 'dejavusans',
      accent: '#9c4f1a',
      labels: {
        cols: { ...LABELS.de.cols, vat: 'MwSt.', price: 'Einzelpreis €', amount: 'Betrag €' },
        net: 'Summe netto',
        vatTotal: 'MwSt. gesamt',
        total: 'Gesamtbetrag',
        vatTitle: 'MwSt.-Aufstellung',
        vatHead: ['MwSt.-Satz', 'Netto', 'MwSt.', 'Brutto'],
      },
    });
  }

  // de-3 · Swiss tool dealer · CHF · 8.1 % and 2.6 % · 1'234.50 · QR reference
  {
    const uid = chUid('41628397');
    const uidPrinted = `CHE-${uid.slice(3, 6)}.${uid.slice(6, 9)}.${uid.slice(9)}`;
    const buyerUid = chUid('10735826');
    const qrIban = makeIban('CH', '30808000123456789');
    const qrRef = makeQrRef('00000000000002603180004417');
    list.push({
      lang: 'de',
      n: 3,
      generator: 'wkhtmltopdf',
      layout: 'erp',
      country: 'CH',
      currency: 'CHF',
      num: 'ch',
      date: 'dmy-dot',
      typeCode: '380',
      title: 'Rechnung',
      number: 'RG-260318',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Bergmann Präzisionswerkzeuge AG',
        initials: 'BP',
        logo: 'bars',
        tagline: 'Zerspanung · Messtechnik · Spanntechnik',
        addr: ['Tössfeldstrasse 41', '8406 Winterthur'],
        contact: ['Tel. +41 52 268 44 10', 'buchhaltung@bergmann-werkzeuge.example'],
        email: 'buchhaltung@bergmann-werkzeuge.example',
        vat: vatId('CH', `${uidPrinted} MWST`),
        vatLabel: 'MWST-Nr.',
        reg: { printed: `Handelsregister Kanton Zürich, ${uidPrinted}`, key: uidPrinted },
        legal: [],
        bank: { name: 'Eulachbank Winterthur', iban: qrIban, bic: 'EULACHZZ' },
      },
      buyer: {
        name: 'Huber Feinmechanik GmbH',
        lines: ['Huber Feinmechanik GmbH', 'Kreditoren', 'Industriestrasse 12', '5000 Aarau'],
        vat: vatId('CH', `CHE-${buyerUid.slice(3, 6)}.${buyerUid.slice(6, 9)}.${buyerUid.slice(9)} MWST`),
        vatLabel: 'MWST-Nr.',
      },
      buyerLabel: 'Rechnungsadresse',
      meta: [
        ['Rechnung Nr.', '{number}'],
        ['Datum', '{issue}'],
        ['Kunden-Nr.', '30-4471'],
        ['Ihre Bestellung', '{po}'],
        ['Bestelldatum', '04.03.2026'],
        ['Lieferschein', 'LS-260311'],
        ['Lieferdatum', '11.03.2026'],
        ['Zahlbar bis', '{due}'],
      ],
      cols: ['pos', 'sku', 'desc', 'qtyunit', 'price', 'disc', 'amount'],
      items: [
        item('Hartmetall-Schaftfräser Ø 6 mm, Z4', '20', 'Stk.', '42.80', '8.1', {
          sku: 'HM-6040',
          disc: '10',
        }),
        item('Gewindebohrer-Satz M8, HSSE', '5', 'Satz', '68.50', '8.1', { sku: 'GB-M08S' }),
        item('Messschieber digital 150 mm', '3', 'Stk.', '129.00', '8.1', { sku: 'MS-150D' }),
        item('Spannzangen-Satz ER32, 18-teilig', '1', 'Satz', '485.00', '8.1', { sku: 'ER32-18' }),
        item('Kühlschmierstoff, Kanister 20 l', '2', 'Kan.', '154.00', '8.1', { sku: 'KS-20' }),
        item('Tabellenbuch Metall, 48. Auflage', '4', 'Stk.', '44.90', '2.6', { sku: 'BU-TM48' }),
      ],
      charges: [{ label: 'Versandkosten', amount: '18.00', rate: '8.1' }],
      vatMode: 'table',
      paymentRef: { printed: qrRefPrinted(qrRef), key: qrRef },
      purchaseOrder: 'HF-88213',
      buyerReference: null,
      paymentTitle: 'Zahlungsangaben',
      payment: [
        'Zahlbar innert 30 Tagen netto, bis {due}.',
        'Konto / Zahlbar an: QR-IBAN {iban} · {bank}',
        'Referenz: {ref}',
      ],
      notes: ['Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.'],
      pageLabel: '',
      font: 'Liberation Sans',
      accent: '#b1121b',
      labels: {
        cols: { ...LABELS.de.cols, disc: 'Rabatt %', price: 'Preis CHF', amount: 'Betrag CHF' },
        vatLine: (r) => `MWST ${r}`,
        vatTotal: 'MWST',
        total: 'Total',
        due: 'Total',
        vatTitle: 'MWST-Zusammenstellung',
        vatHead: ['MWST-Satz', 'Basis', 'MWST', 'Total'],
      },
    });
  }

  // de-4 · German joinery final invoice · two pages · advance payment deducted
  {
    const vat = deVat('24819573');
    const iban = makeIban('DE', '750900000102847731');
    const rooms: [string, [string, string, string, string][]][] = [
      [
        'Empfang',
        [
          ['Empfangstheke Eiche massiv, geölt, 2,80 m, nach Aufmaß', '1', 'Stk.', '6840.00'],
          ['Thekenaufsatz Glas, satiniert', '2.8', 'lfm', '185.00'],
          ['LED-Lichtleiste in Thekenfront', '2.8', 'lfm', '96.00'],
          ['Rückwandverkleidung Akustikpaneel Eiche', '7.5', 'm²', '168.00'],
          ['Garderobenschrank mit Schiebetüren', '1', 'Stk.', '2380.00'],
          ['Sitzbank gepolstert, Stoff nach Wahl', '1', 'Stk.', '1150.00'],
        ],
      ],
      [
        'Besprechungsraum',
        [
          ['Konferenztisch 4,00 x 1,20 m, Eiche, Kabeldurchlass', '1', 'Stk.', '5290.00'],
          ['Sideboard 2,40 m, grifflos', '1', 'Stk.', '2460.00'],
          ['Wandverkleidung mit integrierter Medientafel', '9.2', 'm²', '212.00'],
          ['Akustikdecke Segel, montiert', '3', 'Stk.', '640.00'],
        ],
      ],
      [
        'Büros 1 bis 4',
        [
          ['Aktenschrank 5 OH, Schiebetüren, abschließbar', '4', 'Stk.', '1320.00'],
          ['Hängeregal über Schreibtisch', '4', 'Stk.', '285.00'],
          ['Fensterbank Eiche, 30 mm', '12.4', 'lfm', '74.00'],
          ['Türblatt Eiche furniert, Zarge lackiert', '4', 'Stk.', '890.00'],
          ['Drückergarnitur Edelstahl', '4', 'Stk.', '68.00'],
          ['Schallschutzdichtung Türen nachrüsten', '4', 'Stk.', '42.50'],
        ],
      ],
      [
        'Archiv',
        [
          ['Archivregal Buche, 2,40 m hoch', '9.6', 'lfm', '245.00'],
          ['Stehpult mit Schublade', '1', 'Stk.', '620.00'],
          ['Zugangstür T30, Einbau', '1', 'Stk.', '1480.00'],
        ],
      ],
      [
        'Teeküche',
        [
          ['Küchenzeile 3,20 m, Fronten HPL, inkl. Arbeitsplatte', '1', 'Stk.', '4870.00'],
          ['Wandregal offen, Eiche', '2', 'Stk.', '190.00'],
          ['Stehtisch mit Hockern (4)', '1', 'Satz', '1340.00'],
          ['Sockelblende und Passleisten', '6.2', 'lfm', '38.00'],
        ],
      ],
      [
        'Montage und Nebenleistungen',
        [
          ['Montage Tischler, 2 Mann', '64', 'Std.', '58.00'],
          ['Montage Helfer', '32', 'Std.', '42.00'],
          ['Anfahrten Baustelle', '11', 'psch.', '38.00'],
          ['Aufmaß und Werkplanung', '14', 'Std.', '72.00'],
          ['Baustelleneinrichtung, Abdeckarbeiten', '1', 'psch.', '460.00'],
          ['Entsorgung Verpackung und Altmöbel', '1', 'psch.', '385.00'],
          ['Kleinmaterial, Beschläge, Befestigungsmittel', '1', 'psch.', '312.40'],
          ['Silikonfugen Anschluss Wand', '28', 'lfm', '6.80'],
          ['Nacharbeiten nach Abnahme', '6', 'Std.', '58.00'],
          ['Pflegeset Öl und Reinigungsmittel', '2', 'Stk.', '34.90'],
          ['Schlussreinigung Möbel', '1', 'psch.', '240.00'],
          ['Transport Werkstatt - Baustelle, LKW 7,5 t', '4', 'Fahrt', '145.00'],
          ['Hubarbeitsbühne Miete', '2', 'Tag', '165.00'],
          ['Schließanlage: Zylinder nachbestellen', '6', 'Stk.', '48.00'],
          ['Beschriftung Archivregale', '1', 'psch.', '96.00'],
          ['Anpassung Kabelkanäle Empfang', '3', 'Std.', '58.00'],
        ],
      ],
    ];
    const items: Item[] = [];
    for (const [room, rows] of rooms) {
      rows.forEach(([desc, qty, unit, price], i) => {
        items.push(item(desc, qty, unit, price, '19', i === 0 ? { detail: `Raum: ${room}` } : {}));
      });
    }
    list.push({
      lang: 'de',
      n: 4,
      generator: 'tcpdf',
      layout: 'cell',
      country: 'DE',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-dot',
      typeCode: '380',
      title: 'Schlussrechnung',
      number: 'SR-2026-0041',
      issue: '2026-03-20',
      due: '2026-04-03',
      seller: {
        name: 'Schreinerei Kolbeck GmbH',
        initials: 'SK',
        logo: 'diamond',
        tagline: 'Innenausbau · Möbel nach Maß',
        addr: ['Am Holzgarten 9', '93055 Regensburg'],
        contact: ['Telefon 0941 798 33-0', 'Telefax 0941 798 33-20', 'buero@kolbeck-schreinerei.example'],
        email: 'buero@kolbeck-schreinerei.example',
        vat: vatId('DE', `DE ${vat.slice(2, 5)} ${vat.slice(5, 8)} ${vat.slice(8)}`),
        vatLabel: 'USt-IdNr.',
        reg: { printed: 'AG Regensburg HRB 14822', key: 'HRB 14822' },
        legal: ['Geschäftsführer: Josef Kolbeck', 'Steuernummer 244/128/50917'],
        bank: { name: 'Donau-Regen Sparkasse', iban, bic: 'DORESPK1XXX' },
      },
      buyer: {
        name: 'Kanzlei Aumüller & Rieger Rechtsanwälte PartG mbB',
        lines: [
          'Kanzlei Aumüller & Rieger',
          'Rechtsanwälte PartG mbB',
          'Maximilianstraße 21',
          '93047 Regensburg',
        ],
        vat: null,
      },
      buyerLabel: '',
      meta: [
        ['Rechnungsnummer', '{number}'],
        ['Rechnungsdatum', '{issue}'],
        ['Kundennummer', '10 553'],
        ['Ihre Bestellnummer', '{po}'],
        ['Unser Angebot', 'A-2025-0290'],
        ['Auftragsbestätigung', 'AB-2025-0317'],
        ['Leistungszeitraum', '02.02.2026 - 13.03.2026'],
        ['Fällig am', '{due}'],
      ],
      intro: [
        'Bauvorhaben: Umbau Kanzleiräume Maximilianstraße 21, 2. OG',
        'Nach Fertigstellung und Abnahme am 13.03.2026 berechnen wir unsere Leistungen wie folgt:',
      ],
      cols: ['pos', 'desc', 'qty', 'unit', 'price', 'amount'],
      items,
      deposit: { label: 'abzüglich Abschlagszahlung (AR-2026-004 vom 15.01.2026)', amount: '20000.00' },
      vatMode: 'lines',
      paymentRef: { printed: 'SR-2026-0041', key: 'SR-2026-0041' },
      purchaseOrder: 'AR-2026-007',
      buyerReference: null,
      paymentTitle: 'Zahlungsbedingungen',
      payment: [
        'Zahlbar innerhalb von 14 Tagen ohne Abzug, fällig am {due}.',
        'Bankverbindung: {bank}, IBAN {iban}, BIC {bic}',
        'Verwendungszweck: {ref}',
      ],
      notes: ['Gewährleistung gemäß VOB/B. Vielen Dank für den angenehmen Auftrag!'],
      pageLabel: 'Seite {p} von {n}',
      font: 'dejavusans',
      accent: '#4a5d23',
      labels: {
        cols: { ...LABELS.de.cols, price: 'EP €', amount: 'GP €' },
        net: 'Gesamtsumme netto',
        vatLine: (r) => `zzgl. ${r} Umsatzsteuer`,
        total: 'Gesamtsumme brutto',
        due: 'Verbleibender Zahlbetrag',
      },
    });
  }

  return list.concat(specsRomance());
}

/** French, Dutch, Spanish and Italian invoices. */
function specsRomance(): Spec[] {
  const list: Spec[] = [];

  // fr-1 · French delicatessen web shop · 5.5 % and 20 % · narrow no-break spaces · shipping charge
  {
    const siren = luhnComplete('81245367');
    const sirenPrinted = `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
    const siret = luhnComplete(`${siren}0001`);
    const buyerVat = frVat(luhnComplete('44021873'));
    const iban = makeIban('FR', frBban('30788', '00412', '00041839206'));
    list.push({
      lang: 'fr',
      n: 1,
      generator: 'wkhtmltopdf',
      layout: 'shop',
      country: 'FR',
      currency: 'EUR',
      num: 'fr-nnbsp',
      date: 'long',
      typeCode: '380',
      title: 'Facture',
      number: 'FA-2026-00412',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Maison Vercoutre SARL',
        initials: 'MV',
        logo: 'diamond',
        tagline: 'Épicerie fine des Flandres · maison-vercoutre.example',
        addr: ['14 rue de la Monnaie', '59800 Lille'],
        contact: ['Tél. 03 20 55 01 48', 'pro@maison-vercoutre.example'],
        email: 'pro@maison-vercoutre.example',
        vat: vatId('FR', `FR ${frVat(siren).slice(2, 4)} ${siren}`),
        vatLabel: 'N° TVA intracom.',
        reg: { printed: `RCS Lille Métropole ${sirenPrinted}`, key: sirenPrinted },
        legal: ['SARL au capital de 20 000 €', `SIRET ${siret}`, 'APE 4729Z'],
        bank: { name: 'Banque du Nord-Artois', iban, bic: 'BNARFRPPXXX' },
      },
      buyer: {
        name: 'Hôtel Les Tilleuls SAS',
        lines: ['Hôtel Les Tilleuls SAS', 'Service comptabilité', '3 place des Héros', '62000 Arras'],
        vat: vatId('FR', buyerVat),
        vatLabel: 'TVA',
      },
      delivery: {
        label: 'Adresse de livraison',
        lines: ['Hôtel Les Tilleuls - Réception marchandises', '5 rue de la Taillerie', '62000 Arras'],
      },
      buyerLabel: 'Adresse de facturation',
      meta: [
        ['Facture n°', '{number}'],
        ['Date de facture', '{issue}'],
        ['Commande web', 'WEB-58213'],
        ['Votre bon de commande', '{po}'],
        ['Client', 'CL-00731'],
        ['Livrée le', '10 mars 2026'],
        ['Échéance', '{due}'],
      ],
      cols: ['sku', 'desc', 'qty', 'price', 'vat', 'amount'],
      items: [
        item('Confiture de rhubarbe artisanale 320 g', '48', 'pot', '5.40', '5.5', { sku: 'CF-RHU320' }),
        item('Miel de fleurs des Flandres 500 g', '36', 'pot', '9.80', '5.5', { sku: 'MI-FL500' }),
        item('Biscuits au beurre, boîte métal 400 g', '36', 'boîte', '11.20', '5.5', { sku: 'BS-BT400' }),
        item('Chicorée torréfiée 250 g', '10', 'paquet', '4.10', '5.5', { sku: 'CH-T250' }),
        item('Vinaigre de cidre 50 cl', '12', 'bouteille', '6.90', '5.5', { sku: 'VN-CID50' }),
        item('Bière de garde ambrée 75 cl', '12', 'bouteille', '7.80', '20', { sku: 'BR-GA75' }),
        item('Coffret cadeau en bois (vide)', '10', 'pièce', '14.50', '20', { sku: 'CO-BOIS' }),
      ],
      charges: [{ label: 'Frais de livraison', amount: '19.00', rate: '20' }],
      vatMode: 'table',
      paymentRef: null,
      purchaseOrder: 'BC-2026-118',
      buyerReference: null,
      paymentTitle: 'Règlement',
      payment: [
        'Règlement par virement avant le {due} :',
        '{bank} · IBAN {iban} · BIC {bic}',
        'Merci d’indiquer le numéro de facture en référence du virement.',
      ],
      notes: [FRENCH_LATE_FEES],
      pageLabel: '',
      font: 'DejaVu Sans',
      accent: '#6b3f8f',
      labels: { cols: { ...LABELS.fr.cols, sku: 'Réf.', amount: 'Total HT' } },
    });
  }

  // fr-2 · Belgian joinery (Wallonia) · 6 % and 21 % · structured communication · boxed layout
  {
    const ent = beEnterprise('04712583');
    const entPrinted = `${ent.slice(0, 4)}.${ent.slice(4, 7)}.${ent.slice(7)}`;
    const buyerEnt = beEnterprise('08213794');
    const iban = makeIban('BE', beBban('0637320184'));
    const ogm = makeOgm('0260041873');
    list.push({
      lang: 'fr',
      n: 2,
      generator: 'tcpdf',
      layout: 'boxed',
      country: 'BE',
      currency: 'EUR',
      num: 'fr-nnbsp',
      date: 'dmy-slash',
      typeCode: '380',
      title: 'Facture',
      number: '2026/0087',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Atelier Delvaux SRL',
        initials: 'AD',
        logo: 'square',
        tagline: 'Menuiserie · châssis · rénovation',
        addr: ['Chaussée de Louvain 212', '5000 Namur', 'Belgique'],
        contact: ['Tél. 081 55 72 40', 'Fax 081 55 72 49', 'compta@atelier-delvaux.example'],
        email: 'compta@atelier-delvaux.example',
        vat: vatId('BE', `BE ${entPrinted}`),
        vatLabel: 'TVA',
        reg: { printed: `RPM Liège, division Namur - BCE ${entPrinted}`, key: entPrinted },
        legal: ['Accès à la profession : menuisier-charpentier'],
        bank: { name: 'Banque Mosane', iban, bic: 'BMOSBEBB' },
      },
      buyer: {
        name: 'Gestion Immobilière Mathieu SRL',
        lines: ['Gestion Immobilière Mathieu SRL', 'Rue des Carmes 7', '5000 Namur'],
        vat: vatId('BE', `BE ${buyerEnt.slice(0, 4)}.${buyerEnt.slice(4, 7)}.${buyerEnt.slice(7)}`),
        vatLabel: 'TVA',
      },
      delivery: { label: 'Chantier', lines: ['Immeuble Rue Godefroid 18', '5000 Namur'] },
      buyerLabel: 'Client',
      meta: [
        ['Facture n°', '{number}'],
        ['Date', '{issue}'],
        ['N° client', '4107'],
        ['Bon de commande', '{po}'],
        ['Devis', 'D-2025-214'],
        ['Échéance', '{due}'],
      ],
      cols: ['pos', 'desc', 'qty', 'unit', 'price', 'vat', 'amount'],
      items: [
        item('Remplacement châssis bois, fenêtre 120 x 140, double vitrage', '4', 'pièce', '890.00', '6'),
        item('Porte intérieure chêne, pose comprise', '2', 'pièce', '645.00', '6'),
        item('Main-d’œuvre menuiserie', '16', 'heure', '48.00', '6'),
        item('Quincaillerie et consommables', '1', 'forfait', '86.40', '6'),
        item('Étagère murale sur mesure (livraison sans pose)', '1', 'pièce', '320.00', '21'),
        item('Déplacements', '2', 'forfait', '35.00', '6'),
      ],
      vatMode: 'lines',
      paymentRef: { printed: `+++${ogm}+++`, key: ogm },
      purchaseOrder: 'GIM-26-014',
      buyerReference: null,
      paymentTitle: 'Paiement',
      payment: ['À payer pour le {due} au compte {iban} ({bic})', 'Communication structurée : {ref}'],
      notes: [
        'Taux de 6 % : travaux immobiliers dans un logement de plus de 10 ans, attestation du client reçue (A.R. n° 20, tableau A, rubrique XXXI).',
      ],
      pageLabel: 'Page {p}/{n}',
      font: 'dejavusans',
      accent: '#1d4f91',
    });
  }

  // fr-3 · Luxembourg printer · 17 % and 3 % · Times · no-break spaces · plain payment reference
  {
    const vat = luVat('263418');
    const iban = makeIban('LU', '0190003817642005');
    list.push({
      lang: 'fr',
      n: 3,
      generator: 'reportlab',
      layout: 'platypus',
      country: 'LU',
      currency: 'EUR',
      num: 'fr-nbsp',
      date: 'dmy-dot',
      typeCode: '380',
      title: 'Facture',
      number: 'F-26-0533',
      issue: '2026-03-12',
      due: '2026-04-30',
      seller: {
        name: 'Imprimerie Wagner-Hoffmann S.à r.l.',
        initials: 'WH',
        logo: 'bars',
        tagline: 'Impression offset & numérique depuis 1962',
        addr: ['45, rue de l’Alzette', 'L-4011 Esch-sur-Alzette'],
        contact: ['Tél. +352 54 88 12-1', 'factures@wagner-hoffmann.example'],
        email: 'factures@wagner-hoffmann.example',
        vat: vatId('LU', `LU ${vat.slice(2)}`),
        vatLabel: 'N° TVA',
        reg: { printed: 'RCS Luxembourg B214736', key: 'B214736' },
        legal: ['Autorisation d’établissement n° 10048123/0', 'Capital social : 12 500 €'],
        bank: { name: 'Banque de la Minette', iban, bic: 'BMINLULL' },
      },
      buyer: {
        name: 'Brasserie du Kiem S.A.',
        lines: ['Brasserie du Kiem S.A.', 'Comptabilité fournisseurs', '8, route d’Arlon', 'L-8009 Strassen'],
        vat: vatId('LU', `LU ${luVat('190472').slice(2)}`),
        vatLabel: 'TVA',
      },
      buyerLabel: 'Facturé à',
      meta: [
        ['Facture n°', '{number}'],
        ['Date', '{issue}'],
        ['N° client', 'C-0871'],
        ['Votre commande', '{po}'],
        ['Date de commande', '02.03.2026'],
        ['Bon de livraison', 'BL-26-0412'],
        ['Date d’échéance', '{due}'],
      ],
      cols: ['pos', 'desc', 'qty', 'unit', 'price', 'vat', 'amount'],
      items: [
        item('Cartes de menu 4 pages A4, papier 300 g, pelliculage mat', '150', 'ex.', '3.20', '17'),
        item('Sets de table papier, impression 2 couleurs (lot de 500)', '4', 'lot', '38.50', '17'),
        item('Flyers A5 recto-verso, 350 g', '2.5', 'mille', '96.00', '17'),
        item('Livre anniversaire « 50 ans », 96 pages, reliure cousue', '300', 'ex.', '14.80', '3', {
          detail: 'ISBN 978-99959-2-118-4',
        }),
        item('Création graphique et mise en page', '6.5', 'heure', '72.00', '17'),
      ],
      vatMode: 'table',
      paymentRef: { printed: 'F-26-0533 / C-0871', key: 'F-26-0533 / C-0871' },
      purchaseOrder: 'BK/2026/17',
      buyerReference: null,
      paymentTitle: 'Conditions de paiement',
      payment: [
        'Payable à 30 jours fin de mois, au plus tard le {due}.',
        '{bank} - IBAN {iban} - BIC {bic}',
        'Communication : {ref}',
      ],
      notes: ['Réserve de propriété jusqu’au paiement intégral.'],
      pageLabel: 'Page {p} de {n}',
      font: 'times',
      accent: '#2f4858',
    });
  }

  // fr-4 · French engineering consultancy · advance (acompte) deducted · buyer reference · letter
  {
    const siren = luhnComplete('83067421');
    const sirenPrinted = `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
    const iban = makeIban('FR', frBban('10278', '07390', '00022198417'));
    list.push({
      lang: 'fr',
      n: 4,
      generator: 'wkhtmltopdf',
      layout: 'letter',
      country: 'FR',
      currency: 'EUR',
      num: 'fr-nbsp',
      date: 'long',
      typeCode: '380',
      title: 'Facture',
      number: 'RIC-2026-031',
      issue: '2026-03-05',
      due: '2026-04-04',
      seller: {
        name: 'Roussel Ingénierie Conseil SAS',
        initials: 'RIC',
        logo: 'circle',
        tagline: 'Efficacité énergétique industrielle',
        addr: ['12 quai Perrache', '69002 Lyon'],
        contact: ['04 72 55 18 30', 'administration@roussel-ic.example'],
        email: 'administration@roussel-ic.example',
        vat: vatId('FR', frVat(siren)),
        vatLabel: 'TVA intracommunautaire',
        reg: { printed: `RCS Lyon ${sirenPrinted}`, key: sirenPrinted },
        legal: ['SAS au capital de 50 000 €'],
        bank: { name: 'Crédit Rhodanien', iban, bic: 'CRHOFRPP' },
      },
      buyer: {
        name: 'Fromagerie des Monts du Lyonnais SAS',
        lines: [
          'Fromagerie des Monts du Lyonnais SAS',
          'À l’attention de M. Perrin',
          'ZA des Plaines',
          '69590 Saint-Symphorien-sur-Coise',
        ],
        vat: vatId('FR', frVat(luhnComplete('51847326'))),
        vatLabel: 'N° TVA',
      },
      buyerLabel: '',
      meta: [
        ['Facture n°', '{number}'],
        ['Date', '{issue}'],
        ['Votre référence', '{buyer_ref}'],
        ['Bon de commande', '{po}'],
        ['Mission', 'M-25-088'],
        ['Date d’échéance', '{due}'],
      ],
      intro: [
        'Madame, Monsieur,',
        'Suite à l’achèvement de la mission d’audit énergétique de votre site de production, veuillez trouver ci-dessous notre facture de solde.',
      ],
      cols: ['desc', 'qty', 'unit', 'price', 'amount'],
      items: [
        item('Audit énergétique du site de production', '1', 'forfait', '4800.00', '20'),
        item('Journées d’accompagnement sur site', '6', 'jour', '750.00', '20'),
        item('Rapport final et plan d’actions chiffré', '1', 'forfait', '1200.00', '20'),
        item('Frais de déplacement (forfait)', '1', 'forfait', '380.00', '20'),
      ],
      deposit: { label: 'Acompte versé le 15 janvier 2026 (facture FA-2026-003)', amount: '3000.00' },
      vatMode: 'lines',
      paymentRef: null,
      purchaseOrder: '2026-0042',
      buyerReference: 'Dossier 24-117',
      paymentTitle: 'Coordonnées bancaires',
      payment: ['Titulaire : Roussel Ingénierie Conseil SAS', 'IBAN {iban}', 'BIC {bic} - {bank}'],
      notes: [
        'Merci de régler le solde de {amount_due} au plus tard le {due} par virement.',
        FRENCH_LATE_FEES,
        'Je vous prie d’agréer, Madame, Monsieur, l’expression de mes salutations distinguées.',
      ],
      pageLabel: '',
      font: 'Liberation Serif',
      accent: '#1c3d5a',
      labels: { net: 'Total HT', due: 'Solde à payer' },
    });
  }

  // nl-1 · Dutch office supplies · 21 % and 9 % · discounts · RF betalingskenmerk · dd-mm-yyyy
  {
    const vat = nlVat('81234567');
    const iban = makeIban('NL', 'ZWLB0417283956');
    list.push({
      lang: 'nl',
      n: 1,
      generator: 'reportlab',
      layout: 'canvas-band',
      country: 'NL',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-dash',
      typeCode: '380',
      title: 'Factuur',
      number: 'VDW26-0412',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Van der Wiel Kantoorartikelen B.V.',
        initials: 'VW',
        logo: 'square',
        tagline: 'Alles voor kantoor en kantine',
        addr: ['Vlampijpstraat 58', '3534 AR Utrecht'],
        contact: ['T 030 555 8120', 'facturen@vanderwiel-kantoor.example'],
        email: 'facturen@vanderwiel-kantoor.example',
        vat: vatId('NL', vat),
        vatLabel: 'Btw-nr.',
        reg: { printed: 'KvK 61830472', key: '61830472' },
        legal: [],
        bank: { name: 'Zuidwest Landbank', iban, bic: 'ZWLBNL2U' },
      },
      buyer: {
        name: 'Hoogendijk Advocaten B.V.',
        lines: [
          'Hoogendijk Advocaten B.V.',
          't.a.v. crediteurenadministratie',
          'Stadsring 121',
          '3811 HR Amersfoort',
        ],
        vat: vatId('NL', nlVat('85301275')),
        vatLabel: 'Btw-nr.',
      },
      buyerLabel: 'Factuuradres',
      delivery: {
        label: 'Afleveradres',
        lines: ['Hoogendijk Advocaten', 'Stadsring 125, ingang B', '3811 HR Amersfoort'],
      },
      meta: [
        ['Factuurnummer', '{number}'],
        ['Factuurdatum', '{issue}'],
        ['Klantnummer', '10388'],
        ['Uw ordernummer', '{po}'],
        ['Pakbon', 'PB-88120'],
        ['Leverdatum', '10-03-2026'],
        ['Vervaldatum', '{due}'],
      ],
      cols: ['sku', 'desc', 'qty', 'price', 'disc', 'vat', 'amount'],
      items: [
        item('Kopieerpapier A4 80 g, doos 5 x 500 vel', '20', 'doos', '24.95', '21', {
          sku: '100451',
          disc: '10',
        }),
        item('Toner zwart, compatibel LJ-M404', '6', 'stuk', '68.50', '21', { sku: '204417' }),
        item('Ordner A4, rug 80 mm, blauw', '40', 'stuk', '2.85', '21', { sku: '300112', disc: '5' }),
        item('Koffiebonen espresso, 1 kg', '12', 'zak', '16.90', '9', { sku: '800310' }),
        item('Thee assortiment, 6 x 25 zakjes', '8', 'doos', '9.45', '9', { sku: '800422' }),
        item('Melkcups 10 ml, 240 stuks', '4', 'doos', '11.80', '9', { sku: '800515' }),
        item('Armleuningen bureaustoel (set)', '2', 'set', '34.00', '21', { sku: '510077' }),
      ],
      vatMode: 'table',
      paymentRef: { printed: makeRf('VDW260412'), key: makeRf('VDW260412') },
      purchaseOrder: 'HA-2026-031',
      buyerReference: null,
      paymentTitle: 'Betaalgegevens',
      payment: [
        'Wij verzoeken u het bedrag van {amount_due} vóór {due} over te maken',
        'op {iban} (BIC {bic}) t.n.v. Van der Wiel Kantoorartikelen B.V.',
        'o.v.v. betalingskenmerk {ref}',
      ],
      notes: ['Op al onze leveringen zijn onze algemene voorwaarden van toepassing.'],
      pageLabel: 'Pagina {p} van {n}',
      font: 'dejavu',
      accent: '#e07a10',
      labels: { cols: { ...LABELS.nl.cols, disc: 'Korting %' } },
    });
  }

  // nl-2 · Flemish builder · 6 % and 21 % · gestructureerde mededeling · worksite address
  {
    const ent = beEnterprise('06481327');
    const entPrinted = `${ent.slice(0, 4)}.${ent.slice(4, 7)}.${ent.slice(7)}`;
    const buyerEnt = beEnterprise('07413865');
    const iban = makeIban('BE', beBban('7350418826'));
    const ogm = makeOgm('2600318774');
    list.push({
      lang: 'nl',
      n: 2,
      generator: 'tcpdf',
      layout: 'html',
      country: 'BE',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-slash',
      typeCode: '380',
      title: 'Factuur',
      number: 'F2026/0318',
      issue: '2026-03-16',
      due: '2026-04-15',
      seller: {
        name: 'Bouwbedrijf De Smet BV',
        initials: 'DS',
        logo: 'bars',
        tagline: 'Renovatie · badkamers · totaalprojecten',
        addr: ['Brusselsesteenweg 402', '9050 Gentbrugge'],
        contact: ['Tel. 09 555 31 70', 'boekhouding@desmet-bouw.example'],
        email: 'boekhouding@desmet-bouw.example',
        vat: vatId('BE', `BE ${entPrinted}`),
        vatLabel: 'Btw',
        reg: { printed: `RPR Gent ${entPrinted}`, key: entPrinted },
        legal: ['Registratie aannemer volgens KB 26/12/1998'],
        bank: { name: 'Scheldebank', iban, bic: 'SCHLBE22' },
      },
      buyer: {
        name: 'Verhaeghe-Claeys Vastgoed BV',
        lines: ['Verhaeghe-Claeys Vastgoed BV', 'Leernsesteenweg 45', '9800 Deinze'],
        vat: vatId('BE', `BE${buyerEnt}`),
        vatLabel: 'Btw',
      },
      delivery: { label: 'Werfadres', lines: ['Kortrijksesteenweg 112, bus 3', '9000 Gent'] },
      buyerLabel: 'Klant',
      meta: [
        ['Factuurnummer', '{number}'],
        ['Factuurdatum', '{issue}'],
        ['Klantnr.', 'K0457'],
        ['Uw referentie', '{buyer_ref}'],
        ['Offerte', 'OF-25-0912'],
        ['Vervaldag', '{due}'],
      ],
      cols: ['pos', 'desc', 'qty', 'unit', 'price', 'vat', 'amount'],
      items: [
        item('Afbraak bestaande badkamer en afvoer puin', '1', 'forfait', '1250.00', '6'),
        item('Tegelwerk wand en vloer, levering en plaatsing', '28.5', 'm²', '62.00', '6'),
        item('Sanitaire toestellen geleverd en geplaatst', '1', 'forfait', '3480.00', '6'),
        item('Elektriciteitswerken badkamer', '14', 'uur', '52.00', '6'),
        item('Huur container 10 m³', '1', 'stuk', '385.00', '21'),
        item('Verplaatsingskosten', '4', 'forfait', '25.00', '6'),
      ],
      vatMode: 'table',
      paymentRef: { printed: `+++${ogm}+++`, key: ogm },
      purchaseOrder: null,
      buyerReference: 'Werf Kortrijksesteenweg 112',
      paymentTitle: 'Betaling',
      payment: [
        'Gelieve {amount_due} te betalen vóór {due} op rekening {iban} (BIC {bic})',
        'met gestructureerde mededeling {ref}',
      ],
      notes: [
        'Btw-tarief 6 %: renovatie van een woning ouder dan 10 jaar, attest van de klant ontvangen (KB nr. 20, tabel A, rubriek XXXI).',
      ],
      pageLabel: 'Pagina {p}/{n}',
      font: 'helvetica',
      accent: '#b8860b',
      labels: { vatLine: (r) => `Btw ${r}` },
    });
  }

  // nl-3 · Dutch wholesale florist · credit note · negative amounts · 9 % and 21 %
  {
    const vat = nlVat('82019364');
    const iban = makeIban('NL', 'ZWLB0628104437');
    list.push({
      lang: 'nl',
      n: 3,
      generator: 'reportlab',
      layout: 'platypus',
      country: 'NL',
      currency: 'EUR',
      num: 'de',
      date: 'long',
      typeCode: '381',
      title: 'Creditnota',
      number: 'CN-2026-0017',
      issue: '2026-03-12',
      due: null,
      seller: {
        name: 'Groothandel Bloemhof B.V.',
        initials: 'GB',
        logo: 'circle',
        tagline: 'Snijbloemen · potplanten · keramiek',
        addr: ['Legmeerdijk 313', '1431 GB Aalsmeer'],
        contact: ['Tel. 0297 55 40 10', 'administratie@bloemhof-groothandel.example'],
        email: 'administratie@bloemhof-groothandel.example',
        vat: vatId('NL', vat),
        vatLabel: 'Btw-id',
        reg: { printed: 'KvK-nummer 34127795', key: '34127795' },
        legal: [],
        bank: { name: 'Zuidwest Landbank', iban, bic: 'ZWLBNL2U' },
      },
      buyer: {
        name: 'Bloembinderij Het Zonnetje V.O.F.',
        lines: ['Bloembinderij Het Zonnetje V.O.F.', 'Grote Houtstraat 77', '2011 SG Haarlem'],
        vat: vatId('NL', nlVat('80452716')),
        vatLabel: 'Btw-id',
      },
      buyerLabel: 'Aan',
      meta: [
        ['Creditnotanummer', '{number}'],
        ['Datum', '{issue}'],
        ['Debiteurnummer', '20611'],
        ['Betreft factuur', '2026-0871 d.d. 20-02-2026'],
        ['Uw ordernummer', '{po}'],
      ],
      intro: ['Reden: retour beschadigde potten en kwaliteitsklacht rozen (levering 19-02-2026).'],
      cols: ['pos', 'desc', 'qty', 'unit', 'price', 'vat', 'amount'],
      items: [
        item("Rozen 'Red Naomi' 60 cm, bos à 20", '6', 'bos', '14.40', '9'),
        item('Tulpen gemengd, bos à 50', '2', 'bos', '21.50', '9'),
        item('Keramiek pot Ø 24 cm, antraciet (retour)', '8', 'stuk', '11.95', '21'),
        item('Transportkosten retourzending', '1', 'stuk', '18.50', '21'),
      ],
      vatMode: 'table',
      negative: true,
      paymentRef: null,
      purchaseOrder: '7731',
      buyerReference: null,
      paymentTitle: 'Verrekening',
      payment: [
        'Het creditbedrag van {total} wordt binnen 14 dagen teruggestort op uw rekening',
        'of verrekend met uw eerstvolgende factuur.',
      ],
      notes: [],
      pageLabel: 'Pagina {p} van {n}',
      font: 'helvetica',
      accent: '#2e7d32',
      labels: { total: 'Totaal creditnota', due: 'Te crediteren' },
    });
  }

  // nl-4 · Dutch plastics moulder to Belgium · intra-Community supply 0 % · ISO dates · RF
  {
    const vat = nlVat('85617302');
    const buyerEnt = beEnterprise('04367281');
    const iban = makeIban('NL', 'TWNB0552918364');
    const rf = makeRf('BKT20260312');
    list.push({
      lang: 'nl',
      n: 4,
      generator: 'wkhtmltopdf',
      layout: 'erp',
      country: 'NL',
      currency: 'EUR',
      num: 'de',
      date: 'iso',
      typeCode: '380',
      title: 'Factuur',
      number: '2026-30112',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Brinkman Kunststoftechniek B.V.',
        initials: 'BK',
        logo: 'diamond',
        tagline: 'Spuitgieten · matrijzenbouw',
        addr: ['Hengelosestraat 705', '7521 PA Enschede', 'Nederland'],
        contact: ['+31 53 555 0630', 'debiteuren@brinkman-kunststof.example'],
        email: 'debiteuren@brinkman-kunststof.example',
        vat: vatId('NL', vat),
        vatLabel: 'Btw-nummer',
        reg: { printed: 'KvK 08193746', key: '08193746' },
        legal: ['Incoterm: FCA Enschede (Incoterms 2020)'],
        bank: { name: 'Twentse Nijverheidsbank', iban, bic: 'TWNBNL2A' },
      },
      buyer: {
        name: 'Vandamme Verpakkingen NV',
        lines: ['Vandamme Verpakkingen NV', 'Ringlaan 14', '8500 Kortrijk', 'België'],
        vat: vatId('BE', `BE ${buyerEnt}`),
        vatLabel: 'Btw-nr. afnemer',
      },
      buyerLabel: 'Factuuradres',
      meta: [
        ['Factuurnummer', '{number}'],
        ['Factuurdatum', '{issue}'],
        ['Debiteur', 'D-20418'],
        ['Uw bestelnr.', '{po}'],
        ['Orderbevestiging', 'OB-26-0291'],
        ['Pakbon', 'PK-26-1147'],
        ['Leverdatum', '2026-03-10'],
        ['Vervaldatum', '{due}'],
      ],
      cols: ['pos', 'sku', 'desc', 'qty', 'unit', 'price', 'amount'],
      items: [
        item('Spuitgietdeksel PP Ø 95 mm, transparant', '12', '1000 st', '86.40', '0', { sku: 'SG-095-T' }),
        item('Spuitgietpot PP 500 ml, wit', '8', '1000 st', '142.50', '0', { sku: 'SG-500-W' }),
        item('Matrijswijziging logo-inzet', '1', 'stuk', '1850.00', '0', { sku: 'MW-2611' }),
        item('Europallets', '6', 'stuk', '12.50', '0', { sku: 'PAL-EUR' }),
      ],
      vatMode: 'lines',
      paymentRef: { printed: blocks(rf), key: rf },
      purchaseOrder: '45001873',
      buyerReference: null,
      paymentTitle: 'Betaling',
      payment: ['Te betalen vóór {due} op {iban} (BIC {bic}) o.v.v. {ref}'],
      notes: [
        'Intracommunautaire levering, vrijgesteld van btw (art. 138 Richtlijn 2006/112/EG). Btw verlegd naar de afnemer.',
      ],
      pageLabel: '',
      font: 'DejaVu Sans',
      accent: '#00587a',
      labels: { vatLine: (r) => `Btw ${r} - intracommunautaire levering` },
    });
  }

  return list.concat(specsIberoItalian());
}

/** Spanish and Italian invoices. */
function specsIberoItalian(): Spec[] {
  const list: Spec[] = [];

  // es-1 · Spanish food distributor · 21 % and 10 % · long Spanish dates · discounts · letter
  {
    const cif = esCif('B', '5028413');
    const iban = makeIban('ES', esBban('2085', '0167', '0330012847'));
    list.push({
      lang: 'es',
      n: 1,
      generator: 'wkhtmltopdf',
      layout: 'letter',
      country: 'ES',
      currency: 'EUR',
      num: 'de',
      date: 'long',
      typeCode: '380',
      title: 'Factura',
      number: 'A-2026/0412',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Distribuciones Albarracín S.L.',
        initials: 'DA',
        logo: 'square',
        tagline: 'Distribución para hostelería',
        addr: ['Polígono Plaza, calle Turiaso 21', '50197 Zaragoza'],
        contact: ['Tel. 976 55 04 12', 'administracion@albarracin-distribuciones.example'],
        email: 'administracion@albarracin-distribuciones.example',
        vat: vatId('ES', cif),
        vatLabel: 'CIF',
        reg: { printed: 'Reg. Merc. de Zaragoza, Tomo 4.218, Folio 112, Hoja Z-48213', key: 'Z-48213' },
        legal: [],
        bank: { name: 'Caja Rural del Ebro', iban, bic: 'CREBESMMXXX' },
      },
      buyer: {
        name: 'Restaurante El Mirador de Cuarte S.L.',
        lines: [
          'Restaurante El Mirador de Cuarte S.L.',
          'Avda. de la Constitución 8',
          '50410 Cuarte de Huerva (Zaragoza)',
        ],
        vat: vatId('ES', esCif('B', '9914627')),
        vatLabel: 'CIF',
      },
      buyerLabel: 'Cliente',
      meta: [
        ['Factura nº', '{number}'],
        ['Fecha', '{issue}'],
        ['Cliente nº', '430012'],
        ['Su pedido nº', '{po}'],
        ['Albarán nº', 'ALB-26-1187 (10/03/2026)'],
        ['Vencimiento', '{due}'],
      ],
      cols: ['desc', 'qty', 'price', 'disc', 'vat', 'amount'],
      items: [
        item('Espárragos de Navarra, lata 1 kg', '12', 'lata', '7.40', '10'),
        item('Jamón serrano reserva, pieza 7 kg', '2', 'pieza', '96.00', '10', { disc: '5' }),
        item('Café en grano natural, 1 kg', '8', 'kg', '14.20', '10'),
        item('Vino tinto D.O. Cariñena crianza 75 cl', '36', 'botella', '5.85', '21', { disc: '10' }),
        item('Cerveza lager 33 cl, caja 24 ud.', '10', 'caja', '16.80', '21'),
        item('Detergente lavavajillas industrial 10 l', '4', 'garrafa', '22.50', '21'),
      ],
      vatMode: 'table',
      paymentRef: null,
      purchaseOrder: 'PED-3318',
      buyerReference: null,
      paymentTitle: 'Forma de pago',
      payment: ['Transferencia bancaria a {bank}', 'IBAN {iban} · BIC {bic}', 'Vencimiento: {due}'],
      notes: ['Gracias por su confianza.'],
      pageLabel: '',
      font: 'Liberation Serif',
      accent: '#8c1c13',
    });
  }

  // es-2 · Spanish freelance technical architect · IRPF 15 % withheld · natural person · DIN letter
  {
    const nif = esNif('24817365');
    const iban = makeIban('ES', esBban('0182', '6035', '0201548733'));
    list.push({
      lang: 'es',
      n: 2,
      generator: 'reportlab',
      layout: 'canvas-din',
      country: 'ES',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-slash',
      typeCode: '380',
      title: 'Factura',
      number: '2026-017',
      issue: '2026-03-05',
      due: '2026-04-04',
      seller: {
        name: 'Lucía Ferrándiz Soler',
        initials: 'LF',
        logo: 'diamond',
        tagline: 'Arquitecta técnica · Colegiada nº 7.412',
        addr: ['C/ del Doctor Sumsi 31, 4º 2ª', '46005 Valencia'],
        contact: ['Tel. 655 01 48 27', 'lucia@ferrandiz-arquitectura.example'],
        email: 'lucia@ferrandiz-arquitectura.example',
        vat: vatId('ES', nif),
        vatLabel: 'NIF',
        reg: null,
        legal: [],
        bank: { name: 'Banco Levantino', iban, bic: 'BLEVESVVXXX' },
      },
      buyer: {
        name: 'Talleres Mecánicos Ibarrola S.L.',
        lines: [
          'Talleres Mecánicos Ibarrola S.L.',
          'Pol. Ind. Fuente del Jarro',
          'C/ Ciudad de Sevilla 44',
          '46988 Paterna (Valencia)',
        ],
        vat: vatId('ES', `${esCif('B', '9628137').slice(0, 1)}-${esCif('B', '9628137').slice(1)}`),
        vatLabel: 'CIF',
      },
      buyerLabel: '',
      meta: [
        ['Nº factura', '{number}'],
        ['Fecha factura', '{issue}'],
        ['Su referencia', '{buyer_ref}'],
        ['Fecha de vencimiento', '{due}'],
      ],
      intro: ['Servicios profesionales prestados durante los meses de febrero y marzo de 2026:'],
      cols: ['desc', 'qty', 'unit', 'price', 'amount'],
      items: [
        item('Redacción de proyecto de adecuación de nave industrial', '1', 'ud.', '2400.00', '21'),
        item('Dirección de ejecución de obra (marzo 2026)', '1', 'mes', '850.00', '21'),
        item('Visitas de obra adicionales', '3', 'ud.', '120.00', '21'),
        item('Certificado de eficiencia energética', '1', 'ud.', '280.00', '21'),
      ],
      withholding: { label: 'Retención IRPF 15 %', rate: '15' },
      vatMode: 'lines',
      paymentRef: null,
      purchaseOrder: null,
      buyerReference: 'Obra Nave 3',
      paymentTitle: 'Forma de pago',
      payment: ['Transferencia bancaria antes del {due}', '{bank} · IBAN {iban} · BIC {bic}'],
      notes: ['Factura sujeta a retención del 15 % a cuenta del IRPF (art. 101 Ley 35/2006).'],
      pageLabel: 'Página {p} de {n}',
      font: 'helvetica',
      accent: '#005f73',
      labels: { vatLine: (r, b) => `IVA ${r} s/ ${b}`, due: 'Líquido a percibir' },
    });
  }

  // es-3 · Spanish electrical wholesaler · factura rectificativa (credit note) · negative amounts
  {
    const cif = esCif('B', '9284716');
    const iban = makeIban('ES', esBban('3058', '0742', '1027613450'));
    list.push({
      lang: 'es',
      n: 3,
      generator: 'tcpdf',
      layout: 'boxed',
      country: 'ES',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-slash',
      typeCode: '381',
      title: 'Factura rectificativa',
      number: 'R-2026-0009',
      issue: '2026-03-12',
      due: null,
      seller: {
        name: 'Suministros Eléctricos Guadalmina S.L.',
        initials: 'SG',
        logo: 'bars',
        tagline: 'Material eléctrico profesional',
        addr: ['Avda. Ricardo Soriano 64', '29601 Marbella (Málaga)'],
        contact: ['Tel. 952 55 31 08', 'Fax 952 55 31 09', 'contabilidad@guadalmina-electrica.example'],
        email: 'contabilidad@guadalmina-electrica.example',
        vat: vatId('ES', `${cif.slice(0, 1)}-${cif.slice(1)}`),
        vatLabel: 'CIF',
        reg: {
          printed: 'Inscrita en el R.M. de Málaga, Tomo 5.102, Libro 4.009, Folio 77, Hoja MA-123456',
          key: 'MA-123456',
        },
        legal: [],
        bank: { name: 'Banco Costa del Sol', iban, bic: 'BCSOESMMXXX' },
      },
      buyer: {
        name: 'Instalaciones Costa Sol Montajes S.L.',
        lines: [
          'Instalaciones Costa Sol Montajes S.L.',
          'C/ Río Guadiana 12, nave 4',
          '29670 San Pedro de Alcántara',
        ],
        vat: vatId('ES', esCif('B', '2971843')),
        vatLabel: 'CIF',
      },
      buyerLabel: 'Cliente',
      meta: [
        ['Nº rectificativa', '{number}'],
        ['Fecha', '{issue}'],
        ['Factura rectificada', 'A-2026-0388 de 24/02/2026'],
        ['Cliente', '43-1127'],
        ['Su pedido', '{po}'],
        ['Albarán', 'AV-0388'],
      ],
      intro: ['Motivo de la rectificación: devolución de material no utilizado (art. 15 RD 1619/2012).'],
      cols: ['sku', 'desc', 'qty', 'price', 'disc', 'amount'],
      items: [
        item('Cable RZ1-K 3 x 2,5 mm², rollo 100 m', '2', 'rollo', '118.00', '21', { sku: 'CB-RZ3G25' }),
        item('Magnetotérmico 2P 16 A curva C', '10', 'ud.', '9.85', '21', { sku: 'MT-2P16C' }),
        item('Diferencial 2P 40 A 30 mA', '3', 'ud.', '38.40', '21', { sku: 'DF-2P4030' }),
        item('Bandeja perforada 60 x 200, tramo 3 m', '6', 'ud.', '27.90', '21', {
          sku: 'BD-60200',
          disc: '15',
        }),
      ],
      vatMode: 'lines',
      negative: true,
      paymentRef: null,
      purchaseOrder: 'OC-7781',
      buyerReference: null,
      paymentTitle: 'Forma de pago',
      payment: [
        'El importe se abonará mediante transferencia a la cuenta del cliente en un plazo de 10 días.',
      ],
      notes: [],
      pageLabel: 'Pág. {p}/{n}',
      font: 'dejavuserif',
      accent: '#6a4c93',
      labels: { total: 'Total rectificativa', due: 'Importe a abonar' },
    });
  }

  // es-4 · Spanish school supplier · two pages · 21 % and 4 % · dd-mm-yyyy · writeHTML table
  {
    const cif = esCif('A', '8412577');
    const iban = makeIban('ES', esBban('0049', '1500', '0528106731'));
    const rows: [string, string, string, string, string][] = [
      ['LB-MAT3', 'Libro de texto Matemáticas 3º Primaria', '48', '24.90', '4'],
      ['LB-LEN3', 'Libro de texto Lengua Castellana 3º Primaria', '48', '26.50', '4'],
      ['LB-ING3', 'Activity Book Inglés 3º Primaria', '48', '18.75', '4'],
      ['LB-NAT3', 'Ciencias de la Naturaleza 3º Primaria', '48', '23.40', '4'],
      ['LB-DIC1', 'Diccionario escolar de la lengua española', '20', '14.90', '4'],
      ['LB-ATL2', 'Atlas geográfico escolar', '20', '12.60', '4'],
      ['LB-LEC5', 'Lecturas graduadas, colección 5 títulos', '12', '31.00', '4'],
      ['PA-A4C', 'Papel A4 80 g, caja 5 paquetes', '30', '21.90', '21'],
      ['PA-A3', 'Papel A3 80 g, paquete 500 hojas', '10', '9.80', '21'],
      ['CU-A4C', 'Cuaderno A4 cuadrícula 4 mm, 80 hojas', '200', '1.95', '21'],
      ['CU-A5L', 'Cuaderno A5 pauta Montessori, 50 hojas', '150', '1.40', '21'],
      ['LA-HB12', 'Lápiz grafito HB, caja 12 ud.', '40', '3.60', '21'],
      ['LA-COL24', 'Lápices de colores, estuche 24 ud.', '60', '5.85', '21'],
      ['RO-FIN12', 'Rotuladores punta fina, estuche 12 ud.', '60', '4.20', '21'],
      ['CE-PL15', 'Ceras plásticas, caja 15 ud.', '60', '2.95', '21'],
      ['GO-BL', 'Goma de borrar blanca, caja 30 ud.', '5', '7.50', '21'],
      ['SA-MET', 'Sacapuntas metálico doble, caja 24 ud.', '5', '9.60', '21'],
      ['TJ-ESC', 'Tijeras escolares punta redonda', '60', '1.85', '21'],
      ['PE-BAR', 'Pegamento en barra 21 g', '120', '1.10', '21'],
      ['PL-COL', 'Plastilina, 10 colores', '60', '2.40', '21'],
      ['CA-COL', 'Cartulinas colores surtidos, paquete 50', '10', '8.90', '21'],
      ['PI-TEM', 'Pintura témpera 500 ml, colores básicos', '24', '3.75', '21'],
      ['PI-PIN', 'Pinceles escolares, set 6 ud.', '40', '2.60', '21'],
      ['CA-FUN', 'Carpeta fundas 40, A4', '60', '3.20', '21'],
      ['CA-GOM', 'Carpeta gomas cartón, A4', '100', '1.35', '21'],
      ['RE-30', 'Regla 30 cm transparente', '60', '0.85', '21'],
      ['CO-ESC', 'Compás escolar con adaptador', '30', '3.90', '21'],
      ['CA-CIE', 'Calculadora científica escolar', '25', '14.50', '21'],
      ['PI-BLA', 'Pizarra blanca 90 x 60 cm', '3', '42.00', '21'],
      ['MA-PIZ', 'Marcadores pizarra blanca, 4 colores', '20', '4.80', '21'],
      ['BO-BOR', 'Borrador magnético pizarra', '10', '3.10', '21'],
      ['ET-ADH', 'Etiquetas adhesivas escolares, 100 ud.', '30', '2.25', '21'],
      ['AR-DOC', 'Archivador de palanca A4 lomo 75', '40', '2.95', '21'],
      ['CI-ADH', 'Cinta adhesiva transparente 19 mm', '50', '0.95', '21'],
      ['GR-26', 'Grapadora escolar nº 26', '10', '6.40', '21'],
      ['GR-CAJ', 'Grapas nº 26/6, caja 1000', '20', '0.90', '21'],
      ['FU-PLA', 'Fundas plásticas multitaladro, 100 ud.', '10', '5.20', '21'],
      ['PO-IT', 'Notas adhesivas 76 x 76, 12 blocs', '10', '7.80', '21'],
    ];
    list.push({
      lang: 'es',
      n: 4,
      generator: 'tcpdf',
      layout: 'html',
      country: 'ES',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-dash',
      typeCode: '380',
      title: 'Factura',
      number: 'FV26-00871',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Papelería Técnica Vallecano S.A.',
        initials: 'PV',
        logo: 'circle',
        tagline: 'Material escolar y de oficina · Libros de texto',
        addr: ['C/ de la Sierra de Alquife 18', '28053 Madrid'],
        contact: ['Tel. 91 555 27 64', 'facturacion@papeleria-vallecano.example'],
        email: 'facturacion@papeleria-vallecano.example',
        vat: vatId('ES', cif),
        vatLabel: 'NIF',
        reg: { printed: 'R.M. Madrid, Tomo 31.882, Folio 44, Sección 8ª, Hoja M-412877', key: 'M-412877' },
        legal: [],
        bank: { name: 'Banco Castellano de Comercio', iban, bic: 'BCCOESMMXXX' },
      },
      buyer: {
        name: 'Colegio Montessori Las Rozas S.L.',
        lines: [
          'Colegio Montessori Las Rozas S.L.',
          'Administración',
          'C/ Camino del Caño 14',
          '28231 Las Rozas de Madrid',
        ],
        vat: vatId('ES', esCif('B', '8675314')),
        vatLabel: 'NIF',
      },
      buyerLabel: 'Datos del cliente',
      meta: [
        ['Factura', '{number}'],
        ['Fecha de factura', '{issue}'],
        ['Código cliente', '1-00392'],
        ['Pedido', '{po}'],
        ['Albarán', 'AV-26-00871 (09-03-2026)'],
        ['Vencimiento', '{due}'],
      ],
      cols: ['sku', 'desc', 'qty', 'price', 'vat', 'amount'],
      items: rows.map(([sku, desc, qty, price, rate]) => item(desc, qty, 'ud.', price, rate, { sku })),
      vatMode: 'table',
      paymentRef: null,
      purchaseOrder: 'CM-2026-045',
      buyerReference: null,
      paymentTitle: 'Forma de pago',
      payment: [
        'Transferencia a 30 días fecha factura, vencimiento {due}.',
        '{bank}: IBAN {iban} · BIC {bic}',
      ],
      notes: ['Libros de texto al tipo superreducido del 4 % (art. 91.Dos.1 Ley 37/1992).'],
      pageLabel: 'Página {p} de {n}',
      font: 'helvetica',
      accent: '#c0392b',
    });
  }

  // it-1 · Italian food wholesaler · 4 %, 10 % and 22 % · REA · courtesy copy · band layout
  {
    const piva = itPiva('0428193615');
    const iban = makeIban('IT', itBban('05428', '11101', '000001234567'));
    list.push({
      lang: 'it',
      n: 1,
      generator: 'reportlab',
      layout: 'canvas-band',
      country: 'IT',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-slash',
      typeCode: '380',
      title: 'Fattura',
      number: '412/2026',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Alimentari Bortolotti S.r.l.',
        initials: 'AB',
        logo: 'circle',
        tagline: 'Ingrosso alimentari per la ristorazione',
        addr: ['Via Borgo Palazzo 141', '24125 Bergamo (BG)'],
        contact: ['Tel. 035 55 19 80', 'amministrazione@bortolotti-alimentari.example'],
        email: 'amministrazione@bortolotti-alimentari.example',
        vat: vatId('IT', piva),
        vatLabel: 'P.IVA',
        reg: { printed: 'REA BG-451872', key: 'BG-451872' },
        legal: ['Cap. soc. € 50.000,00 i.v.', 'Codice SDI M5UXCR1'],
        bank: { name: 'Banca Orobica di Credito', iban, bic: 'BORBIT2B' },
      },
      buyer: {
        name: 'Trattoria Al Vecchio Ponte di Rota Marco & C. S.n.c.',
        lines: [
          'Trattoria Al Vecchio Ponte',
          'di Rota Marco & C. S.n.c.',
          'Via Ponte Vecchio 3',
          '24030 Almenno San Bartolomeo (BG)',
        ],
        vat: vatId('IT', itPiva('0317284016')),
        vatLabel: 'P.IVA',
      },
      buyerLabel: 'Spett.le',
      meta: [
        ['Fattura n.', '{number}'],
        ['Data', '{issue}'],
        ['Cod. cliente', 'C0419'],
        ['Vs. ordine n.', '{po}'],
        ['DDT n.', '388 del 10/03/2026'],
        ['Scadenza', '{due}'],
      ],
      cols: ['sku', 'desc', 'qtyunit', 'price', 'vat', 'amount'],
      items: [
        item('Pasta di semola trafilata al bronzo, 5 kg', '10', 'conf.', '11.90', '4', { sku: 'PA0501' }),
        item('Farina tipo 00, sacco 25 kg', '4', 'sacco', '18.40', '4', { sku: 'FA0025' }),
        item('Taleggio DOP, forma 2,2 kg', '3', 'forma', '24.60', '4', { sku: 'FO2210' }),
        item('Salame bergamasco', '6', 'kg', '16.80', '10', { sku: 'SA1003' }),
        item('Olive taggiasche in salamoia, 1 kg', '5', 'vaso', '12.50', '10', { sku: 'OL0108' }),
        item('Valcalepio Rosso DOC 75 cl', '24', 'bott.', '7.20', '22', { sku: 'VI7501' }),
        item('Acqua minerale frizzante 1 l, cassa 12', '10', 'cassa', '4.80', '22', { sku: 'AC1012' }),
      ],
      vatMode: 'table',
      paymentRef: null,
      purchaseOrder: '23',
      buyerReference: null,
      paymentTitle: 'Modalità di pagamento',
      payment: ['Bonifico bancario 30 gg d.f., scadenza {due}', '{bank} · IBAN {iban} · BIC {bic}'],
      notes: [IT_COURTESY],
      pageLabel: 'Pagina {p} di {n}',
      font: 'dejavu',
      accent: '#1b5e20',
      labels: { total: 'Totale fattura', due: 'Totale da pagare' },
    });
  }

  // it-2 · Italian freelance engineer · Inarcassa 4 % charge · ritenuta d'acconto 20 % · Cell layout
  {
    const piva = itPiva('0371284561');
    const cfBase = 'GHRPLA78C14B157';
    const cf = cfBase + itCheckChar(cfBase);
    const iban = makeIban('IT', itBban('03069', '11200', '100000004821'));
    list.push({
      lang: 'it',
      n: 2,
      generator: 'tcpdf',
      layout: 'cell',
      country: 'IT',
      currency: 'EUR',
      num: 'de',
      date: 'long',
      typeCode: '380',
      title: 'Fattura',
      number: '14/2026',
      issue: '2026-03-12',
      due: '2026-04-11',
      seller: {
        name: 'Paolo Ghirardi',
        initials: 'PG',
        logo: 'square',
        tagline: 'Ingegnere civile - strutture e direzione lavori',
        addr: ['Via Solferino 36', '25122 Brescia (BS)'],
        contact: ['Tel. 030 55 47 219', 'studio@ghirardi-ingegneria.example'],
        email: 'studio@ghirardi-ingegneria.example',
        vat: vatId('IT', piva),
        vatLabel: 'P.IVA',
        reg: null,
        legal: [`C.F. ${cf}`],
        bank: { name: 'Banca del Mella', iban, bic: 'BMELIT21' },
      },
      buyer: {
        name: 'Edilnova Costruzioni S.p.A.',
        lines: ['Edilnova Costruzioni S.p.A.', 'Viale Monza 265', '20126 Milano (MI)'],
        vat: vatId('IT', itPiva('0218394716')),
        vatLabel: 'P.IVA',
      },
      buyerLabel: 'Committente',
      meta: [
        ['Fattura n.', '{number}'],
        ['Data', '{issue}'],
        ['Commessa', 'CAP-BS-2025-07'],
        ['Vs. riferimento', '{buyer_ref}'],
        ['Scadenza', '{due}'],
      ],
      cols: ['desc', 'qty', 'unit', 'price', 'amount'],
      items: [
        item('Progettazione strutturale capannone via Industriale, 2° SAL', '1', 'a corpo', '3200.00', '22'),
        item('Direzione lavori strutturali, febbraio 2026', '1', 'mese', '900.00', '22'),
        item('Sopralluoghi in cantiere', '4', 'n.', '85.00', '22'),
      ],
      charges: [{ label: 'Contributo integrativo Inarcassa 4%', amount: '177.60', rate: '22' }],
      withholding: { label: "Ritenuta d'acconto 20% su € 4.440,00", rate: '20' },
      vatMode: 'lines',
      paymentRef: null,
      purchaseOrder: null,
      buyerReference: 'Geom. Sala',
      paymentTitle: 'Pagamento',
      payment: ['Bonifico bancario entro il {due}', 'IBAN {iban} · BIC {bic} · {bank}'],
      notes: [IT_COURTESY],
      pageLabel: 'Pag. {p} di {n}',
      font: 'dejavuserif',
      accent: '#37474f',
      labels: { goods: 'Onorari', net: 'Imponibile IVA' },
    });
  }

  // it-3 · Italian hardware wholesaler · nota di credito printed with positive amounts · ERP layout
  {
    const piva = itPiva('0874312096');
    const iban = makeIban('IT', itBban('08440', '20400', '000000318752'));
    list.push({
      lang: 'it',
      n: 3,
      generator: 'wkhtmltopdf',
      layout: 'erp',
      country: 'IT',
      currency: 'EUR',
      num: 'de',
      date: 'dmy-slash',
      typeCode: '381',
      title: 'Nota di credito',
      number: 'NC 9/2026',
      issue: '2026-03-12',
      due: null,
      seller: {
        name: 'Ferramenta Colombo & Figli S.r.l.',
        initials: 'FC',
        logo: 'square',
        tagline: 'Utensileria · ferramenta · forniture industriali',
        addr: ['Via Lecco 88', '20900 Monza (MB)'],
        contact: ['Tel. 039 55 20 871', 'Fax 039 55 20 872', 'contabilita@colombo-ferramenta.example'],
        email: 'contabilita@colombo-ferramenta.example',
        vat: vatId('IT', piva),
        vatLabel: 'P.IVA e C.F.',
        reg: { printed: 'REA MB-1884211', key: 'MB-1884211' },
        legal: ['Capitale sociale € 100.000,00 i.v.'],
        bank: { name: 'Credito Brianzolo', iban, bic: 'CBRZIT2M' },
      },
      buyer: {
        name: 'Officine Meccaniche Brianza S.r.l.',
        lines: ['Officine Meccaniche Brianza S.r.l.', 'Via Milano 120', '20851 Lissone (MB)'],
        vat: vatId('IT', itPiva('0591738204')),
        vatLabel: 'P.IVA',
      },
      buyerLabel: 'Cliente',
      meta: [
        ['Nota di credito n.', '{number}'],
        ['Data', '{issue}'],
        ['Rif. fattura', 'n. 312/2026 del 27/02/2026'],
        ['Cod. cliente', '000874'],
        ['Vs. ordine', '{po}'],
      ],
      intro: ['Storno parziale della fattura n. 312/2026 per reso merce e abbuono concordato.'],
      cols: ['pos', 'desc', 'qtyunit', 'price', 'vat', 'amount'],
      items: [
        item('Reso: trapano avvitatore 18 V, difettoso', '2', 'pz', '149.00', '22'),
        item('Reso: viti autofilettanti 4,2 x 16, conf. 500', '6', 'conf.', '8.90', '22'),
        item('Abbuono per ritardata consegna (5% su fattura 312/2026)', '1', 'a corpo', '64.35', '22'),
      ],
      vatMode: 'table',
      paymentRef: null,
      purchaseOrder: 'OMB-2026-118',
      buyerReference: null,
      paymentTitle: 'Modalità di rimborso',
      payment: ['L’importo di {total} sarà compensato con le prossime fatture.'],
      notes: [IT_COURTESY],
      pageLabel: '',
      font: 'Liberation Sans',
      accent: '#455a64',
      labels: { total: 'Totale nota di credito', due: 'Totale a Vs. credito' },
    });
  }

  // it-4 · Tuscan winery web shop · 22 % and 4 % · shipping charge · long Italian dates
  {
    const piva = itPiva('0129384756');
    const iban = makeIban('IT', itBban('01030', '71820', '000001947261'));
    list.push({
      lang: 'it',
      n: 4,
      generator: 'wkhtmltopdf',
      layout: 'shop',
      country: 'IT',
      currency: 'EUR',
      num: 'de',
      date: 'long',
      typeCode: '380',
      title: 'Fattura',
      number: 'W-2026-0488',
      issue: '2026-03-09',
      due: '2026-04-08',
      seller: {
        name: 'Vinicola Salvadori S.r.l.',
        initials: 'VS',
        logo: 'diamond',
        tagline: 'vinicola-salvadori.example · Montepulciano dal 1931',
        addr: ['Via di Gracciano nel Corso 55', '53045 Montepulciano (SI)'],
        contact: ['Tel. 0578 55 71 20', 'shop@vinicola-salvadori.example'],
        email: 'shop@vinicola-salvadori.example',
        vat: vatId('IT', `IT${piva}`),
        vatLabel: 'Partita IVA',
        reg: { printed: 'REA SI-148392', key: 'SI-148392' },
        legal: ['Cap. soc. € 80.000,00 i.v.'],
        bank: { name: 'Banca Senese di Credito', iban, bic: 'BSCRIT3S' },
      },
      buyer: {
        name: 'Enoteca Il Grappolo di Fabbri Luca',
        lines: ['Enoteca Il Grappolo di Fabbri Luca', 'Via Saragozza 41/b', '40123 Bologna (BO)'],
        vat: vatId('IT', itPiva('0246813579')),
        vatLabel: 'P.IVA',
      },
      delivery: {
        label: 'Spedire a',
        lines: ['Enoteca Il Grappolo - magazzino', 'Via del Pratello 12', '40122 Bologna (BO)'],
      },
      buyerLabel: 'Intestatario',
      meta: [
        ['Fattura', '{number}'],
        ['Data fattura', '{issue}'],
        ['Ordine web', '#WEB-20488 del 05/03/2026'],
        ['Vs. ordine', '{po}'],
        ['Spedizione', 'BRT 0578-2207781'],
        ['Scadenza', '{due}'],
      ],
      cols: ['desc', 'qty', 'price', 'disc', 'vat', 'amount'],
      items: [
        item('Vino Nobile di Montepulciano DOCG 2021, 75 cl', '36', 'bott.', '14.50', '22', { disc: '10' }),
        item('Rosso di Montepulciano DOC 2023, 75 cl', '48', 'bott.', '8.20', '22'),
        item('Vin Santo di Montepulciano DOC 2018, 37,5 cl', '12', 'bott.', '21.00', '22'),
        item('Olio extravergine di oliva Toscano IGP, 0,75 l', '24', 'bott.', '13.90', '4'),
        item('Cassetta in legno per 6 bottiglie', '6', 'pz', '9.50', '22'),
      ],
      charges: [{ label: 'Spese di spedizione (corriere espresso)', amount: '29.00', rate: '22' }],
      vatMode: 'table',
      paymentRef: { printed: 'W-2026-0488 Enoteca Il Grappolo', key: 'W-2026-0488 Enoteca Il Grappolo' },
      purchaseOrder: '77/2026',
      buyerReference: null,
      paymentTitle: 'Pagamento',
      payment: ['Bonifico entro il {due} su {bank}', 'IBAN {iban} · BIC {bic}', 'Causale: {ref}'],
      notes: [IT_COURTESY],
      pageLabel: '',
      font: 'DejaVu Sans',
      accent: '#7b1e3a',
    });
  }

  return list;
}

function frBban(bank: string, branch: string, account: string): string {
  return `${bank}${branch}${account}${ribKey(bank, branch, account)}`;
}

function esBban(bank: string, branch: string, account: string): string {
  return `${bank}${branch}${spanishDc(bank, branch, account)}${account}`;
}

function itBban(abi: string, cab: string, account: string): string {
  return `${itCheckChar(abi + cab + account)}${abi}${cab}${account}`;
}

/** Belgian account: 3-digit bank + 7-digit account + (mod 97, 0 -> 97). */
function beBban(ten: string): string {
  const r = Number(BigInt(ten) % 97n);
  return `${ten}${String(r === 0 ? 97 : r).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Amounts, view model, answer key, validation
// ---------------------------------------------------------------------------------------------

interface Totals {
  lineNets: bigint[];
  goods: bigint;
  charges: bigint;
  net: bigint;
  perRate: { rate: string; net: bigint; tax: bigint }[];
  tax: bigint;
  total: bigint;
  deposit: bigint;
  withholding: bigint;
  due: bigint;
}

function computeTotals(s: Spec): Totals {
  const lineNets = s.items.map((it) => {
    const disc = fixed(it.disc ?? '0', 2);
    return divRound(fixed(it.qty, 3) * fixed(it.price, 2) * (10000n - disc), 1000n * 10000n);
  });
  const goods = lineNets.reduce((a, b) => a + b, 0n);
  const byRate = new Map<string, bigint>();
  for (const [i, it] of s.items.entries()) byRate.set(it.rate, (byRate.get(it.rate) ?? 0n) + lineNets[i]!);
  let charges = 0n;
  for (const c of s.charges ?? []) {
    charges += fixed(c.amount, 2);
    byRate.set(c.rate, (byRate.get(c.rate) ?? 0n) + fixed(c.amount, 2));
  }
  const perRate = [...byRate.entries()]
    .sort((a, b) => Number(fixed(a[0], 2) - fixed(b[0], 2)))
    .map(([rate, net]) => ({ rate, net, tax: divRound(net * fixed(rate, 2), 10000n) }));
  const net = goods + charges;
  const tax = perRate.reduce((a, r) => a + r.tax, 0n);
  const total = net + tax;
  const deposit = s.deposit ? fixed(s.deposit.amount, 2) : 0n;
  // Withholdings (IRPF, ritenuta) apply to the fees only, not to charges such as the Inarcassa levy.
  const withholding = s.withholding ? divRound(goods * fixed(s.withholding.rate, 2), 10000n) : 0n;
  return {
    lineNets,
    goods,
    charges,
    net,
    perRate,
    tax,
    total,
    deposit,
    withholding,
    due: total - deposit - withholding,
  };
}

function fileBase(s: Spec): string {
  return `${s.lang}-${s.n}-${s.generator}-${s.layout}`;
}

function labelsOf(s: Spec): Labels {
  return { ...LABELS[s.lang], ...s.labels };
}

function withSymbol(s: Spec, amount: string): string {
  if (s.currency === 'GBP') return `£${amount}`;
  if (s.currency === 'CHF') return `CHF ${amount}`;
  if (s.lang === 'en') return `€${amount}`;
  if (s.lang === 'nl' || s.lang === 'it') return `€ ${amount}`;
  return `${amount}\u00a0€`;
}

function isQrIban(iban: string): boolean {
  const iid = Number(iban.slice(4, 9));
  return iban.startsWith('CH') && iid >= 30000 && iid <= 31999;
}

function buildDoc(s: Spec, t: Totals): Doc {
  const L = labelsOf(s);
  const sign = (v: bigint): bigint => (s.negative ? -v : v);
  const money = (v: bigint): string => fmtMoney(sign(v), s.num);
  const cur = (v: bigint): string => withSymbol(s, money(v));
  const date = (iso: string): string => fmtDate(iso, s.date, s.lang);
  const tokens: Record<string, string> = {
    number: s.number,
    issue: date(s.issue),
    due: s.due ? date(s.due) : '',
    po: s.purchaseOrder ?? '',
    buyer_ref: s.buyerReference ?? '',
    buyer_vat: s.buyer.vat?.printed ?? '',
    ref: s.paymentRef?.printed ?? '',
    iban: ibanPrinted(s.seller.bank.iban),
    bic: s.seller.bank.bic,
    bank: s.seller.bank.name,
    total: cur(t.total),
    amount_due: cur(t.due),
  };
  const fill = (text: string): string =>
    text.replace(/\{([a-z_]+)\}/g, (m, k: string) => {
      const v = tokens[k];
      if (v === undefined) return m;
      if (v === '') throw new Error(`${fileBase(s)}: token {${k}} used but empty`);
      return v;
    });

  const cols = s.cols.map((key) => ({
    label: L.cols[key],
    align: (key === 'desc' || key === 'sku' || key === 'unit' ? 'L' : key === 'pos' ? 'C' : 'R') as
      | 'L'
      | 'R'
      | 'C',
    w: COL_WIDTH[key],
  }));
  const cell: Record<ColKey, (it: Item, i: number) => string> = {
    pos: (_it, i) => String(i + 1),
    sku: (it) => it.sku ?? '',
    desc: (it) => (it.detail ? `${it.desc}\n${it.detail}` : it.desc),
    qty: (it) => fmtQty(it.qty, s.num),
    unit: (it) => it.unit,
    qtyunit: (it) => `${fmtQty(it.qty, s.num)} ${it.unit}`,
    price: (it) => fmtMoney(fixed(it.price, 2), s.num),
    disc: (it) => (it.disc ? fmtRate(it.disc, s.num, s.lang) : ''),
    vat: (it) => fmtRate(it.rate, s.num, s.lang),
    amount: (_it, i) => money(t.lineNets[i]!),
  };
  const rows = s.items.map((it, i) => s.cols.map((key) => cell[key](it, i)));

  const totals: Doc['totals'] = [];
  if (s.charges?.length) {
    totals.push({ label: L.goods, value: cur(t.goods), strong: false });
    for (const c of s.charges) totals.push({ label: c.label, value: cur(fixed(c.amount, 2)), strong: false });
  } else if (s.withholding) {
    totals.push({ label: L.goods, value: cur(t.goods), strong: false });
  }
  if (!(s.withholding && !s.charges?.length)) totals.push({ label: L.net, value: cur(t.net), strong: false });
  if (s.vatMode === 'lines') {
    for (const r of t.perRate) {
      totals.push({
        label: L.vatLine(fmtRate(r.rate, s.num, s.lang), cur(r.net)),
        value: cur(r.tax),
        strong: false,
      });
    }
  } else {
    totals.push({ label: L.vatTotal, value: cur(t.tax), strong: false });
  }
  totals.push({ label: L.total, value: cur(t.total), strong: !s.deposit && !s.withholding });
  if (s.deposit) totals.push({ label: s.deposit.label, value: cur(-t.deposit), strong: false });
  if (s.withholding) totals.push({ label: s.withholding.label, value: cur(-t.withholding), strong: false });
  if (s.deposit || s.withholding) totals.push({ label: L.due, value: cur(t.due), strong: true });

  const vatTable =
    s.vatMode === 'table'
      ? {
          title: L.vatTitle,
          head: [...L.vatHead],
          rows: t.perRate.map((r) => [
            fmtRate(r.rate, s.num, s.lang),
            money(r.net),
            money(r.tax),
            money(r.net + r.tax),
          ]),
        }
      : null;

  const seller = s.seller;
  const buyerLines = [...s.buyer.lines];
  const metaText = s.meta.map(([, v]) => v).join(' ');
  if (s.buyer.vat && !metaText.includes('{buyer_vat}')) {
    buyerLines.push(`${s.buyer.vatLabel ?? 'VAT'}: ${s.buyer.vat.printed}`);
  }
  const footer: string[][] = [
    [seller.name, ...seller.addr],
    seller.contact,
    [
      ...(seller.vat ? [`${seller.vatLabel} ${seller.vat.printed}`] : []),
      ...(seller.reg ? [seller.reg.printed] : []),
      ...seller.legal,
    ],
    [
      seller.bank.name,
      `${isQrIban(seller.bank.iban) ? 'QR-IBAN' : 'IBAN'} ${ibanPrinted(seller.bank.iban)}`,
      `BIC ${seller.bank.bic}`,
    ],
  ].filter((c) => c.length > 0);
  const titleLine = `${s.title} ${NO_WORD[s.lang]} ${s.number}`;
  const doc: Doc = {
    file: `${fileBase(s)}.pdf`,
    layout: s.layout,
    lang: s.lang,
    font: s.font,
    accent: s.accent,
    title: s.title,
    titleUpper: s.title.toUpperCase(),
    number: s.number,
    titleLine,
    contHeader: `${seller.name} · ${titleLine} · ${L.cont}`,
    seller: {
      name: seller.name,
      initials: seller.initials,
      logo: seller.logo,
      tagline: seller.tagline ?? '',
      addr: seller.addr,
      contact: seller.contact,
    },
    senderLine: [
      seller.name,
      ...seller.addr.filter((a) => !/^(United Kingdom|Ireland|Österreich|Belgique|Nederland)$/.test(a)),
    ].join(' · '),
    buyerLabel: s.buyerLabel,
    buyer: buyerLines,
    delivery: s.delivery ?? null,
    meta: s.meta.map(([k, v]) => [k, fill(v)]),
    intro: (s.intro ?? []).map(fill),
    cols,
    rows,
    totals,
    vatTable,
    paymentTitle: s.paymentTitle,
    payment: s.payment.map(fill),
    notes: s.notes.map(fill),
    footer,
    pageLabel: s.pageLabel,
    pdfTitle: titleLine,
    pdfAuthor: seller.name,
    epoch: Date.parse(`${s.issue}T09:00:00Z`) / 1000,
  };
  return doc;
}

function producerOf(s: Spec): string {
  const what: Record<Layout, string> = {
    'canvas-din': 'ReportLab canvas',
    'canvas-band': 'ReportLab canvas',
    platypus: 'ReportLab platypus',
    cell: 'TCPDF Cell/MultiCell',
    boxed: 'TCPDF Cell/MultiCell',
    html: 'TCPDF writeHTML',
    shop: 'wkhtmltopdf',
    erp: 'wkhtmltopdf',
    letter: 'wkhtmltopdf',
  };
  return `scripts/make-toolkit-invoices.ts (${what[s.layout]})`;
}

function buildKey(s: Spec, t: Totals): Key {
  return {
    source: 'toolkit-blind',
    generator: 'toolkit-blind',
    file: `${fileBase(s)}.pdf`,
    producer: producerOf(s),
    type_code: s.typeCode,
    seller_country: s.country,
    fields: {
      number: s.number,
      issue_date: s.issue,
      due_date: s.due,
      currency: s.currency,
      total_net: plain(t.net),
      total_tax: plain(t.tax),
      total: plain(t.total),
      amount_due: plain(t.due),
      tax_breakdown: t.perRate.map((r) => ({ rate: r.rate, net: plain(r.net), tax: plain(r.tax) })),
      seller_name: s.seller.name,
      seller_vat_id: s.seller.vat?.key ?? null,
      seller_registration_id: s.seller.reg?.key ?? null,
      seller_email: s.seller.email,
      iban: s.seller.bank.iban,
      bic: s.seller.bank.bic,
      payment_reference: s.paymentRef?.key ?? null,
      purchase_order: s.purchaseOrder,
      buyer_reference: s.buyerReference,
      buyer_name: s.buyer.name,
      buyer_vat_id: s.buyer.vat?.key ?? null,
    },
  };
}

/** Re-checks every identifier and the arithmetic; throws on the first problem. */
function validate(s: Spec, t: Totals, doc: Doc): void {
  const where = fileBase(s);
  const fail = (msg: string): never => {
    throw new Error(`${where}: ${msg}`);
  };
  if (!validIban(s.seller.bank.iban)) fail(`bad IBAN ${s.seller.bank.iban}`);
  for (const v of [s.seller.vat, s.buyer.vat]) if (v && !validVat(v.key)) fail(`bad VAT id ${v.key}`);
  const ref = s.paymentRef?.key;
  if (ref?.startsWith('RF') && !validRf(ref)) fail(`bad RF reference ${ref}`);
  if (ref && /^\d{3}\/\d{4}\/\d{5}$/.test(ref) && !validOgm(ref)) fail(`bad structured communication ${ref}`);
  if (ref && /^\d{27}$/.test(ref) && (!validQrRef(ref) || !isQrIban(s.seller.bank.iban)))
    fail(`bad QR reference ${ref}`);
  const reg = s.seller.reg?.key ?? '';
  if (s.country === 'BE' && !validVat(`BE${reg.replace(/\./g, '')}`)) fail(`bad enterprise number ${reg}`);
  if (s.country === 'FR' && !luhnValid(reg.replace(/ /g, ''))) fail(`bad SIREN ${reg}`);
  if (s.country === 'FR' && s.seller.vat && !s.seller.vat.key.endsWith(reg.replace(/ /g, '')))
    fail('SIREN/VAT mismatch');
  if (s.country === 'CH' && s.seller.vat && !s.seller.vat.key.startsWith(reg.replace(/[-.]/g, '')))
    fail('UID mismatch');
  for (const line of s.seller.legal) {
    const siret = /SIRET (\d{14})/.exec(line);
    if (siret && !luhnValid(siret[1]!)) fail(`bad SIRET ${siret[1]}`);
    const cf = /C\.F\. ([A-Z0-9]{16})/.exec(line);
    if (cf && itCheckChar(cf[1]!.slice(0, 15)) !== cf[1]![15]) fail(`bad codice fiscale ${cf[1]}`);
  }
  if (t.total !== t.net + t.tax) fail('total != net + tax');
  if (t.due !== t.total - t.deposit - t.withholding || t.due <= 0n) fail('bad amount due');
  if (t.perRate.reduce((a, r) => a + r.net, 0n) !== t.net) fail('rates do not add up to the net');
  const dueTexts = [...s.meta.map(([, v]) => v), ...s.payment, ...s.notes];
  if (s.due !== null && !dueTexts.some((v) => v.includes('{due}'))) fail('due date not printed');
  const texts = [...doc.meta.flat(), ...doc.intro, ...doc.payment, ...doc.notes];
  for (const text of texts) if (/\{[a-z_]+\}/.test(text)) fail(`unfilled token in "${text}"`);
  if (s.purchaseOrder && !doc.meta.some(([, v]) => v.includes(s.purchaseOrder!)))
    fail('purchase order not printed');
  if (s.buyerReference && !doc.meta.some(([, v]) => v.includes(s.buyerReference!)))
    fail('buyer reference not printed');
  if (s.paymentRef && ![...doc.payment, ...doc.meta.flat()].some((v) => v.includes(s.paymentRef!.printed))) {
    fail('payment reference not printed');
  }
  if (s.withholding && s.charges?.length) {
    // The printed withholding label states its base; keep it honest.
    const base = fmtMoney(t.goods, s.num);
    if (!s.withholding.label.includes(base)) fail(`withholding label does not state the base ${base}`);
  }
}

// ---------------------------------------------------------------------------------------------
// ReportLab renderer (Python). One function per layout; all read the same JSON view model.
// ---------------------------------------------------------------------------------------------

const REPORTLAB_PY = String.raw`# Generated by scripts/make-toolkit-invoices.ts - do not edit.
import json
import sys

from reportlab import rl_config

rl_config.invariant = 1  # fixed creation date and document ID: byte-identical output

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT, TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from xml.sax.saxutils import escape

W, H = A4
GREY = colors.HexColor('#555555')
LIGHT = colors.HexColor('#f1f1f1')
TTF = {
    'dejavu': ('DejaVuSans', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
    'liberation': ('LiberationSans', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'),
}
CORE = {'helvetica': ('Helvetica', 'Helvetica-Bold'), 'times': ('Times-Roman', 'Times-Bold')}


def fonts(key):
    if key in CORE:
        return CORE[key]
    name, regular, bold = TTF[key]
    pdfmetrics.registerFont(TTFont(name, regular))
    pdfmetrics.registerFont(TTFont(name + '-Bold', bold))
    return name, name + '-Bold'


def tint(hexcol, f):
    c = colors.HexColor(hexcol)
    return colors.Color(1 - (1 - c.red) * f, 1 - (1 - c.green) * f, 1 - (1 - c.blue) * f)


def page_label(d, p, n):
    return d['pageLabel'].replace('{p}', str(p)).replace('{n}', str(n))


def numbered_canvas(decorate):
    """Canvas that defers page decoration until the page count is known ("page x of y")."""

    class NumberedCanvas(canvas.Canvas):
        def __init__(self, *args, **kwargs):
            kwargs['invariant'] = 1
            canvas.Canvas.__init__(self, *args, **kwargs)
            self._pages = []

        def showPage(self):
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._pages)
            for i, state in enumerate(self._pages):
                self.__dict__.update(state)
                decorate(self, i + 1, total)
                canvas.Canvas.showPage(self)
            canvas.Canvas.save(self)

    return NumberedCanvas


def set_info(c, d):
    c.setTitle(d['pdfTitle'])
    c.setAuthor(d['pdfAuthor'])
    c.setCreator('make-toolkit-invoices')
    c.setSubject(d['pdfTitle'])


def draw_logo(c, d, x, y, size, F, fill=None, ink=colors.white):
    s = d['seller']
    c.saveState()
    c.setFillColor(fill or colors.HexColor(d['accent']))
    shape = s['logo']
    if shape == 'circle':
        c.circle(x + size / 2, y + size / 2, size / 2, stroke=0, fill=1)
    elif shape == 'square':
        c.roundRect(x, y, size, size, size * 0.18, stroke=0, fill=1)
    elif shape == 'diamond':
        p = c.beginPath()
        p.moveTo(x + size / 2, y)
        p.lineTo(x + size, y + size / 2)
        p.lineTo(x + size / 2, y + size)
        p.lineTo(x, y + size / 2)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    else:
        for i in range(4):
            c.rect(x + i * size / 4, y, size / 4 - 1.2, size * (0.35 + 0.2 * i), stroke=0, fill=1)
    if shape != 'bars':
        c.setFillColor(ink)
        fs = size * (0.42 if len(s['initials']) < 3 else 0.3)
        c.setFont(F[1], fs)
        c.drawCentredString(x + size / 2, y + size / 2 - fs * 0.35, s['initials'])
    c.restoreState()


def col_widths(cols, total):
    fixed = sum(col['w'] for col in cols if col['w'] > 0) * mm
    return [col['w'] * mm if col['w'] > 0 else total - fixed for col in cols]


def wrap(text, font, size, width):
    out = []
    for part in text.split('\n'):
        out.extend(simpleSplit(part, font, size, width) or [''])
    return out


def wrap_flagged(text, font, size, width):
    """Like wrap(), but marks the lines of second and later parts (article details) as secondary."""
    out = []
    for k, part in enumerate(text.split('\n')):
        out.extend((line, k > 0) for line in (simpleSplit(part, font, size, width) or ['']))
    return out


def put(c, text, x, y, w, align, pad):
    if align == 'R':
        c.drawRightString(x + w - pad, y, text)
    elif align == 'C':
        c.drawCentredString(x + w / 2, y, text)
    else:
        c.drawString(x + pad, y, text)


class Flow:
    """Cursor over a canvas document: y position plus page breaks with a continuation header."""

    def __init__(self, c, d, F, top, bottom, on_new_page):
        self.c, self.d, self.F = c, d, F
        self.top, self.bottom = top, bottom
        self.on_new_page = on_new_page
        self.y = top

    def need(self, h):
        if self.y - h < self.bottom:
            self.c.showPage()
            self.y = self.on_new_page()
            return True
        return False

    def text(self, lines, size, x=20 * mm, width=W - 40 * mm, bold=False, lead=1.3, color=colors.black):
        font = self.F[1] if bold else self.F[0]
        for line in lines:
            for piece in wrap(line, font, size, width):
                self.need(size * lead)
                self.c.setFont(font, size)
                self.c.setFillColor(color)
                self.c.drawString(x, self.y - size, piece)
                self.y -= size * lead
        self.c.setFillColor(colors.black)


def items_table(flow, x, width, size, head_fill=None, head_ink=colors.black, zebra=None, rule=None):
    c, d, F = flow.c, flow.d, flow.F
    cols = d['cols']
    widths = col_widths(cols, width)
    pad = 1.5 * mm
    lead = size * 1.25

    def header():
        h = lead + 2 * pad
        flow.need(h + lead * 2)
        if head_fill is not None:
            c.setFillColor(head_fill)
            c.rect(x, flow.y - h, width, h, stroke=0, fill=1)
        c.setFillColor(head_ink)
        c.setFont(F[1], size)
        cx = x
        for col, w in zip(cols, widths):
            put(c, col['label'], cx, flow.y - pad - size * 0.9, w, col['align'], pad)
            cx += w
        c.setFillColor(colors.black)
        flow.y -= h
        if rule is not None:
            c.setStrokeColor(rule)
            c.setLineWidth(0.8)
            c.line(x, flow.y, x + width, flow.y)

    header()
    for i, row in enumerate(d['rows']):
        cells = [wrap_flagged(t, F[0], size, w - 2 * pad) for t, w in zip(row, widths)]
        n = max(len(cl) for cl in cells)
        h = n * lead + 2 * pad
        if flow.need(h):
            header()
        if zebra is not None and i % 2 == 1:
            c.setFillColor(zebra)
            c.rect(x, flow.y - h, width, h, stroke=0, fill=1)
            c.setFillColor(colors.black)
        cx = x
        for col, w, lines in zip(cols, widths, cells):
            ty = flow.y - pad - size * 0.9
            for line, secondary in lines:
                c.setFont(F[0], size - 1 if secondary else size)
                c.setFillColor(GREY if secondary else colors.black)
                put(c, line, cx, ty, w, col['align'], pad)
                ty -= lead
            cx += w
        c.setFillColor(colors.black)
        flow.y -= h
        if rule is not None:
            c.setStrokeColor(colors.HexColor('#cccccc'))
            c.setLineWidth(0.3)
            c.line(x, flow.y, x + width, flow.y)


def totals_block(flow, right, width, size, strong_fill=None, strong_ink=colors.black):
    c, d, F = flow.c, flow.d, flow.F
    step = size * 1.7
    flow.need(step * len(d['totals']) + 4)
    for t in d['totals']:
        font = F[1] if t['strong'] else F[0]
        if t['strong'] and strong_fill is not None:
            c.setFillColor(strong_fill)
            c.rect(right - width - 2 * mm, flow.y - step + 1, width + 4 * mm, step, stroke=0, fill=1)
        c.setFillColor(strong_ink if t['strong'] else colors.black)
        c.setFont(font, size)
        c.drawString(right - width, flow.y - size - 1, t['label'])
        c.drawRightString(right, flow.y - size - 1, t['value'])
        flow.y -= step
    c.setFillColor(colors.black)


def vat_table(flow, x, width, size, title_color):
    c, d, F = flow.c, flow.d, flow.F
    vt = d['vatTable']
    if not vt:
        return
    step = size * 1.6
    flow.need(step * (len(vt['rows']) + 2))
    c.setFont(F[1], size)
    c.setFillColor(title_color)
    c.drawString(x, flow.y - size, vt['title'])
    c.setFillColor(colors.black)
    flow.y -= step
    cw = width / 4
    for r, row in enumerate([vt['head']] + vt['rows']):
        c.setFont(F[1] if r == 0 else F[0], size)
        for k, cell in enumerate(row):
            if k == 0:
                c.drawString(x, flow.y - size, cell)
            else:
                c.drawRightString(x + cw * (k + 1), flow.y - size, cell)
        flow.y -= step
        if r == 0:
            c.setLineWidth(0.4)
            c.line(x, flow.y + 2, x + width, flow.y + 2)


def footer_columns(c, d, F, x, top, width, size):
    """Company / contact / legal / bank columns, each line wrapped to its column."""
    cols = d['footer']
    # The bank column gets the most room so that an IBAN stays on one line.
    weights = [0.22, 0.25, 0.25, 0.28] if len(cols) == 4 else [1.0 / len(cols)] * len(cols)
    c.setFont(F[0], size)
    c.setFillColor(GREY)
    cx = x
    for col, weight in zip(cols, weights):
        cw = width * weight
        y = top
        for line in col:
            for piece in simpleSplit(line, F[0], size, cw - 2 * mm):
                # An unbreakable piece (a long e-mail address) is shrunk to fit its column.
                wide = pdfmetrics.stringWidth(piece, F[0], size)
                c.setFont(F[0], size * min(1, (cw - 2 * mm) / wide) if wide else size)
                c.drawString(cx, y, piece)
                y -= size * 1.22
        cx += cw
    c.setFillColor(colors.black)


def layout_canvas_din(d, out):
    F = fonts(d['font'])
    acc = colors.HexColor(d['accent'])

    def decorate(c, p, n):
        c.setStrokeColor(acc)
        c.setLineWidth(0.6)
        c.line(20 * mm, 27 * mm, W - 20 * mm, 27 * mm)
        footer_columns(c, d, F, 20 * mm, 23.5 * mm, W - 40 * mm, 6.6)
        c.setFillColor(colors.black)
        c.setFont(F[0], 8)
        c.drawRightString(W - 20 * mm, 30 * mm, page_label(d, p, n))

    c = numbered_canvas(decorate)(out, pagesize=A4)
    set_info(c, d)
    s = d['seller']
    draw_logo(c, d, W - 20 * mm - 15 * mm, H - 27 * mm, 15 * mm, F)
    c.setFillColor(acc)
    c.setFont(F[1], 15)
    c.drawRightString(W - 39 * mm, H - 18 * mm, s['name'])
    c.setFillColor(GREY)
    c.setFont(F[0], 8.5)
    c.drawRightString(W - 39 * mm, H - 23 * mm, s['tagline'])
    y = H - 32 * mm
    for line in s['addr'] + s['contact']:
        c.setFont(F[0], 7.5)
        c.drawRightString(W - 20 * mm, y, line)
        y -= 9
    c.setFillColor(colors.black)
    # Sender line over the window of a DIN 5008 envelope.
    c.setFont(F[0], 6.5)
    c.drawString(25 * mm, H - 50 * mm, d['senderLine'])
    c.setLineWidth(0.3)
    c.line(25 * mm, H - 51 * mm, 105 * mm, H - 51 * mm)
    y = H - 56 * mm
    if d['buyerLabel']:
        c.setFont(F[1], 8)
        c.drawString(25 * mm, y, d['buyerLabel'])
        y -= 11
    c.setFont(F[0], 10)
    for line in d['buyer']:
        c.drawString(25 * mm, y, line)
        y -= 12.5
    buyer_bottom = y
    # Information block on the right.
    y = H - 55 * mm
    for label, value in d['meta']:
        c.setFont(F[0], 8.5)
        c.setFillColor(GREY)
        c.drawString(125 * mm, y, label)
        c.setFillColor(colors.black)
        c.drawRightString(W - 20 * mm, y, value)
        y -= 11.5
    if d['delivery']:
        y -= 6
        c.setFont(F[1], 8)
        c.drawString(125 * mm, y, d['delivery']['label'])
        y -= 10
        c.setFont(F[0], 8.5)
        for line in d['delivery']['lines']:
            c.drawString(125 * mm, y, line)
            y -= 10
    top = min(buyer_bottom, y, H - 100 * mm) - 6 * mm

    def new_page():
        c.setFont(F[0], 8)
        c.setFillColor(GREY)
        c.drawString(20 * mm, H - 15 * mm, d['contHeader'])
        c.setFillColor(colors.black)
        return H - 22 * mm

    flow = Flow(c, d, F, top, 36 * mm, new_page)
    flow.text([d['titleLine']], 13, bold=True, lead=1.6)
    flow.text(d['intro'], 9.5)
    flow.y -= 3 * mm
    items_table(flow, 20 * mm, W - 40 * mm, 8.6, rule=acc)
    flow.y -= 3 * mm
    totals_block(flow, W - 20 * mm, 95 * mm, 9)
    flow.y -= 3 * mm
    vat_table(flow, 20 * mm, 100 * mm, 8.5, acc)
    flow.y -= 4 * mm
    if d['payment']:
        flow.text([d['paymentTitle']], 9, bold=True)
        flow.text(d['payment'], 9)
    flow.y -= 2 * mm
    flow.text(d['notes'], 8.5, color=GREY)
    c.showPage()
    c.save()


def layout_canvas_band(d, out):
    F = fonts(d['font'])
    acc = colors.HexColor(d['accent'])
    s = d['seller']

    def decorate(c, p, n):
        c.setFillColor(tint(d['accent'], 0.12))
        c.rect(0, 0, W, 17 * mm, stroke=0, fill=1)
        c.setFillColor(GREY)
        y = 12 * mm
        for col in d['footer']:
            c.setFont(F[0], 6.6)
            c.drawCentredString(W / 2, y, '  ·  '.join(col))
            y -= 8
        c.setFont(F[1], 7.5)
        c.setFillColor(acc)
        c.drawRightString(W - 15 * mm, 20 * mm, page_label(d, p, n))
        c.setFillColor(colors.black)

    c = numbered_canvas(decorate)(out, pagesize=A4)
    set_info(c, d)
    c.setFillColor(acc)
    c.rect(0, H - 36 * mm, W, 36 * mm, stroke=0, fill=1)
    draw_logo(c, d, 15 * mm, H - 28 * mm, 18 * mm, F, fill=colors.white, ink=acc)
    c.setFillColor(colors.white)
    c.setFont(F[1], 17)
    c.drawString(38 * mm, H - 17 * mm, s['name'])
    c.setFont(F[0], 8.5)
    c.drawString(38 * mm, H - 23 * mm, s['tagline'])
    c.drawString(38 * mm, H - 28 * mm, ' · '.join(s['addr']))
    c.setFont(F[1], 22)
    c.drawRightString(W - 15 * mm, H - 19 * mm, d['title'].upper())
    c.setFont(F[0], 10)
    c.drawRightString(W - 15 * mm, H - 27 * mm, d['number'])
    c.setFillColor(colors.black)
    # Three columns: bill to, ship to (or contact), details.
    top = H - 46 * mm
    blocks = [(d['buyerLabel'], d['buyer'])]
    if d['delivery']:
        blocks.append((d['delivery']['label'], d['delivery']['lines']))
    xs = [15 * mm, 75 * mm]
    low = top
    for (label, lines), x in zip(blocks, xs):
        c.setFont(F[1], 7.5)
        c.setFillColor(acc)
        c.drawString(x, top, label.upper())
        c.setFillColor(colors.black)
        y = top - 12
        for i, line in enumerate(lines):
            c.setFont(F[1] if i == 0 else F[0], 9)
            for piece in wrap(line, F[1] if i == 0 else F[0], 9, 58 * mm):
                c.drawString(x, y, piece)
                y -= 11.5
        low = min(low, y)
    y = top
    for label, value in d['meta']:
        c.setFont(F[0], 8.3)
        c.setFillColor(GREY)
        c.drawString(132 * mm, y, label)
        c.setFillColor(colors.black)
        c.setFont(F[1], 8.3)
        c.drawRightString(W - 15 * mm, y, value)
        y -= 11.5
    low = min(low, y)
    c.setFont(F[0], 7.5)
    c.setFillColor(GREY)
    c.drawString(15 * mm, low - 4, ' · '.join(s['contact']))
    c.setFillColor(colors.black)

    def new_page():
        c.setFillColor(acc)
        c.rect(0, H - 12 * mm, W, 12 * mm, stroke=0, fill=1)
        c.setFillColor(colors.white)
        c.setFont(F[0], 8.5)
        c.drawString(15 * mm, H - 8 * mm, d['contHeader'])
        c.setFillColor(colors.black)
        return H - 20 * mm

    flow = Flow(c, d, F, low - 10 * mm, 27 * mm, new_page)
    flow.text(d['intro'], 9, x=15 * mm, width=W - 30 * mm)
    items_table(flow, 15 * mm, W - 30 * mm, 8.6, head_fill=acc, head_ink=colors.white, zebra=tint(d['accent'], 0.08))
    flow.y -= 5 * mm
    start = flow.y
    flow.need(60 * mm)
    if flow.y != start:
        start = flow.y
    totals_block(flow, W - 17 * mm, 78 * mm, 9, strong_fill=acc, strong_ink=colors.white)
    after_totals = flow.y
    flow.y = start
    vat_table(flow, 15 * mm, 85 * mm, 8, acc)
    flow.y = min(flow.y, after_totals) - 6 * mm
    lines = [d['paymentTitle']] + d['payment']
    h = 10 + 11 * sum(len(wrap(t, F[0], 8.6, W - 40 * mm)) for t in lines)
    flow.need(h + 4)
    c.setFillColor(tint(d['accent'], 0.1))
    c.setStrokeColor(acc)
    c.roundRect(15 * mm, flow.y - h, W - 30 * mm, h, 3 * mm, stroke=1, fill=1)
    c.setFillColor(colors.black)
    flow.y -= 5
    flow.text([d['paymentTitle']], 8.6, x=20 * mm, width=W - 40 * mm, bold=True)
    flow.text(d['payment'], 8.6, x=20 * mm, width=W - 40 * mm)
    flow.y -= 5 * mm
    flow.text(d['notes'], 8, x=15 * mm, width=W - 30 * mm, color=GREY)
    c.showPage()
    c.save()


class Logo(Flowable):
    def __init__(self, d, F, size):
        Flowable.__init__(self)
        self.d, self.F, self.size = d, F, size

    def wrap(self, aw, ah):
        return self.size, self.size

    def draw(self):
        draw_logo(self.canv, self.d, 0, 0, self.size, self.F)


def layout_platypus(d, out):
    F = fonts(d['font'])
    acc = colors.HexColor(d['accent'])
    s = d['seller']
    base = ParagraphStyle('base', fontName=F[0], fontSize=9, leading=11.5)
    small = ParagraphStyle('small', parent=base, fontSize=7.8, leading=9.8)
    small_r = ParagraphStyle('small_r', parent=small, alignment=TA_RIGHT)
    head = ParagraphStyle('head', parent=base, fontName=F[1], fontSize=8.3, leading=10)
    title = ParagraphStyle('title', parent=base, fontName=F[1], fontSize=16, leading=20, textColor=acc)
    cell = {a: ParagraphStyle('cell' + a, parent=base, fontSize=8.5, leading=10.5,
                              alignment={'L': TA_LEFT, 'R': TA_RIGHT, 'C': TA_CENTER}[a]) for a in 'LRC'}
    hcell = {a: ParagraphStyle('hcell' + a, parent=cell[a], fontName=F[1]) for a in 'LRC'}

    def P(text, style=base):
        return Paragraph(escape(text).replace('\n', '<br/>'), style)

    def B(text, style=base):
        return Paragraph('<b>' + escape(text) + '</b>', style)

    story = []
    seller_par = Paragraph('<b>' + escape(s['name']) + '</b><br/>' + '<br/>'.join(escape(x) for x in s['addr'] + s['contact']), small_r)
    hdr = Table([[Logo(d, F, 18 * mm), P(s['tagline'], small), seller_par]], colWidths=[24 * mm, 70 * mm, None])
    hdr.setStyle(TableStyle([('VALIGN', (0, 0), (-1, -1), 'MIDDLE'), ('LINEBELOW', (0, 0), (-1, 0), 1.2, acc),
                             ('BOTTOMPADDING', (0, 0), (-1, -1), 6)]))
    story += [hdr, Spacer(1, 7 * mm)]
    buyer_cell = [P(d['buyerLabel'], head), Spacer(1, 2), P('\n'.join(d['buyer']))]
    delivery_cell = [P(d['delivery']['label'], head), Spacer(1, 2), P('\n'.join(d['delivery']['lines']))] if d['delivery'] else ''
    meta = Table([[P(k, small), B(v, small)] for k, v in d['meta']], colWidths=[33 * mm, 39 * mm])
    meta.setStyle(TableStyle([('GRID', (0, 0), (-1, -1), 0.3, colors.HexColor('#bbbbbb')),
                              ('BACKGROUND', (0, 0), (0, -1), LIGHT), ('VALIGN', (0, 0), (-1, -1), 'MIDDLE'),
                              ('TOPPADDING', (0, 0), (-1, -1), 2), ('BOTTOMPADDING', (0, 0), (-1, -1), 2)]))
    addr = Table([[buyer_cell, delivery_cell, meta]], colWidths=[58 * mm, 44 * mm, 72 * mm])
    addr.setStyle(TableStyle([('VALIGN', (0, 0), (-1, -1), 'TOP'), ('LEFTPADDING', (0, 0), (-1, -1), 0)]))
    story += [addr, Spacer(1, 8 * mm), P(d['titleLine'], title), Spacer(1, 2 * mm)]
    for line in d['intro']:
        story.append(P(line))
    story.append(Spacer(1, 3 * mm))
    widths = col_widths(d['cols'], W - 36 * mm)
    data = [[P(col['label'], hcell[col['align']]) for col in d['cols']]]
    # Numbers stay plain strings: Paragraph re-joins words with ordinary spaces and would lose the
    # no-break thousands separators (a TTF keeps them; WinAnsi Type1 fonts print a space either way).
    for row in d['rows']:
        data.append([P(text, cell['L']) if col['align'] == 'L' else text for text, col in zip(row, d['cols'])])
    items = Table(data, colWidths=widths, repeatRows=1)
    items.setStyle(TableStyle([('BACKGROUND', (0, 0), (-1, 0), tint(d['accent'], 0.15)),
                               ('LINEBELOW', (0, 0), (-1, 0), 0.9, acc),
                               ('LINEBELOW', (0, 1), (-1, -1), 0.25, colors.HexColor('#c8c8c8')),
                               ('FONT', (0, 1), (-1, -1), F[0], 8.5),
                               ('VALIGN', (0, 0), (-1, -1), 'TOP')]
                              + [('ALIGN', (i, 1), (i, -1), 'RIGHT' if col['align'] == 'R' else 'CENTER')
                                 for i, col in enumerate(d['cols']) if col['align'] != 'L']))
    story += [items, Spacer(1, 4 * mm)]
    tdata = [[P(t['label'], hcell['L'] if t['strong'] else cell['L']), t['value']] for t in d['totals']]
    totals = Table(tdata, colWidths=[70 * mm, 32 * mm], hAlign='RIGHT')
    tstyle = [('TOPPADDING', (0, 0), (-1, -1), 1.5), ('BOTTOMPADDING', (0, 0), (-1, -1), 1.5),
              ('ALIGN', (1, 0), (1, -1), 'RIGHT'), ('FONT', (1, 0), (1, -1), F[0], 8.5), ('VALIGN', (0, 0), (-1, -1), 'TOP')]
    for i, t in enumerate(d['totals']):
        if t['strong']:
            tstyle.append(('FONT', (1, i), (1, i), F[1], 8.5))
            tstyle += [('LINEABOVE', (0, i), (-1, i), 0.9, acc), ('LINEBELOW', (0, i), (-1, i), 0.9, acc),
                       ('BACKGROUND', (0, i), (-1, i), tint(d['accent'], 0.12))]
    totals.setStyle(TableStyle(tstyle))
    story.append(KeepTogether([totals]))
    if d['vatTable']:
        vt = d['vatTable']
        vdata = [[P(h, hcell['L'] if i == 0 else hcell['R']) for i, h in enumerate(vt['head'])]]
        vdata += [list(r) for r in vt['rows']]
        vtab = Table(vdata, colWidths=[24 * mm, 28 * mm, 28 * mm, 28 * mm], hAlign='LEFT')
        vtab.setStyle(TableStyle([('BOX', (0, 0), (-1, -1), 0.4, GREY), ('LINEBELOW', (0, 0), (-1, 0), 0.4, GREY),
                                  ('FONT', (0, 1), (-1, -1), F[0], 8.5), ('ALIGN', (1, 1), (-1, -1), 'RIGHT')]))
        story += [Spacer(1, 4 * mm), KeepTogether([P(vt['title'], head), Spacer(1, 1.5 * mm), vtab])]
    pay = [P(d['paymentTitle'], head)] + [P(x, small) for x in d['payment']]
    ptab = Table([[pay]], colWidths=[W - 36 * mm])
    ptab.setStyle(TableStyle([('BOX', (0, 0), (-1, -1), 0.6, acc), ('LEFTPADDING', (0, 0), (-1, -1), 6)]))
    story += [Spacer(1, 5 * mm), KeepTogether([ptab]), Spacer(1, 3 * mm)]
    story += [P(n, small) for n in d['notes']]

    def decorate(c, p, n):
        c.setStrokeColor(acc)
        c.setLineWidth(0.5)
        c.line(18 * mm, 22 * mm, W - 18 * mm, 22 * mm)
        footer_columns(c, d, F, 18 * mm, 18.5 * mm, W - 36 * mm, 6.4)
        c.setFont(F[0], 7.5)
        c.drawRightString(W - 18 * mm, 8 * mm, page_label(d, p, n))
        if p > 1:
            c.setFont(F[0], 7.5)
            c.drawString(18 * mm, H - 10 * mm, d['contHeader'])

    doc = SimpleDocTemplate(out, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=15 * mm,
                            bottomMargin=30 * mm, title=d['pdfTitle'], author=d['pdfAuthor'],
                            creator='make-toolkit-invoices', subject=d['pdfTitle'], invariant=1)
    doc.build(story, canvasmaker=numbered_canvas(decorate))


LAYOUTS = {'canvas-din': layout_canvas_din, 'canvas-band': layout_canvas_band, 'platypus': layout_platypus}

if __name__ == '__main__':
    with open(sys.argv[1], encoding='utf-8') as fh:
        doc = json.load(fh)
    LAYOUTS[doc['layout']](doc, sys.argv[2])
`;

// ---------------------------------------------------------------------------------------------
// TCPDF renderer (PHP): Cell/MultiCell ("cell", "boxed") and writeHTML ("html").
// ---------------------------------------------------------------------------------------------

const TCPDF_PHP = String.raw`<?php
// Generated by scripts/make-toolkit-invoices.ts - do not edit.
require getenv('TCPDF_PATH') ?: '/usr/share/php/tcpdf/tcpdf.php';

class InvoicePDF extends TCPDF
{
    public array $d = [];
    public string $f = 'helvetica';
    public float $contTop = 16;

    /** TCPDF derives /ID and the XMP uuid from a random file_id; pinning it makes the bytes reproducible. */
    public function pinFileId(string $id): void
    {
        $this->file_id = $id;
    }

    public function rgb(string $hex): array
    {
        return [hexdec(substr($hex, 1, 2)), hexdec(substr($hex, 3, 2)), hexdec(substr($hex, 5, 2))];
    }

    public function tint(string $hex, float $f): array
    {
        return array_map(fn ($c) => (int) round(255 - (255 - $c) * $f), $this->rgb($hex));
    }

    public function tintHex(string $hex, float $f): string
    {
        return vsprintf('#%02x%02x%02x', $this->tint($hex, $f));
    }

    public function pageLabel(): string
    {
        return str_replace(['{p}', '{n}'], [$this->getAliasNumPage(), $this->getAliasNbPages()], $this->d['pageLabel']);
    }

    public function logo(float $x, float $y, float $s, ?array $fill = null, array $ink = [255, 255, 255]): void
    {
        $fill = $fill ?? $this->rgb($this->d['accent']);
        $shape = $this->d['seller']['logo'];
        $this->SetFillColorArray($fill);
        if ($shape === 'circle') {
            $this->Circle($x + $s / 2, $y + $s / 2, $s / 2, 0, 360, 'F');
        } elseif ($shape === 'square') {
            $this->RoundedRect($x, $y, $s, $s, $s * 0.18, '1111', 'F');
        } elseif ($shape === 'diamond') {
            $this->Polygon([$x + $s / 2, $y, $x + $s, $y + $s / 2, $x + $s / 2, $y + $s, $x, $y + $s / 2], 'F');
        } else {
            for ($i = 0; $i < 4; $i++) {
                $h = $s * (0.35 + 0.2 * $i);
                $this->Rect($x + $i * $s / 4, $y + $s - $h, $s / 4 - 0.5, $h, 'F');
            }
        }
        if ($shape !== 'bars') {
            $initials = $this->d['seller']['initials'];
            $this->SetTextColorArray($ink);
            $this->SetFont($this->f, 'B', strlen($initials) < 3 ? $s * 1.15 : $s * 0.85);
            $this->SetXY($x, $y);
            $this->Cell($s, $s, $initials, 0, 0, 'C', false, '', 0, false, 'T', 'M');
            $this->SetTextColor(0);
        }
    }

    public function Header(): void
    {
        $d = $this->d;
        if ($this->getPage() > 1) {
            $this->SetFont($this->f, '', 7.5);
            $this->SetTextColor(90);
            $this->SetXY(15, 8);
            $this->Cell(180, 4, $d['contHeader'], 'B', 0, 'L');
            $this->SetTextColor(0);
            return;
        }
        if ($d['layout'] !== 'cell') {
            return;
        }
        $this->logo(20, 12, 16);
        $this->SetTextColorArray($this->rgb($d['accent']));
        $this->SetFont($this->f, 'B', 16);
        $this->SetXY(40, 12);
        $this->Cell(95, 8, $d['seller']['name'], 0, 0, 'L', false, '', 1);
        $this->SetTextColor(90);
        $this->SetFont($this->f, '', 8.5);
        $this->SetXY(40, 20);
        $this->Cell(95, 5, $d['seller']['tagline'], 0, 0, 'L');
        $this->SetFont($this->f, '', 7.5);
        $y = 12;
        foreach (array_merge($d['seller']['addr'], $d['seller']['contact']) as $line) {
            $this->SetXY(130, $y);
            $this->Cell(60, 3.6, $line, 0, 0, 'R');
            $y += 3.6;
        }
        $this->SetTextColor(0);
        $this->SetDrawColorArray($this->rgb($d['accent']));
        $this->SetLineWidth(0.5);
        $this->Line(20, 36, 190, 36);
    }

    public function Footer(): void
    {
        $d = $this->d;
        $this->SetTextColor(80);
        if ($d['layout'] === 'cell') {
            $this->SetDrawColor(150);
            $this->SetLineWidth(0.2);
            $this->Line(20, 271, 190, 271);
            $cols = $d['footer'];
            // The bank column gets the most room so that an IBAN stays on one line.
            $weights = count($cols) === 4 ? [0.22, 0.24, 0.25, 0.29] : array_fill(0, count($cols), 1 / count($cols));
            $this->SetFont($this->f, '', 6.4);
            $x = 20;
            foreach ($cols as $i => $col) {
                $cw = 170 * $weights[$i];
                $this->SetXY($x, 272.5);
                $this->MultiCell($cw - 1, 3, implode("\n", $col), 0, 'L');
                $x += $cw;
            }
            $this->SetFont($this->f, '', 7.5);
            $this->SetXY(20, 288);
            $this->Cell(170, 4, $this->pageLabel(), 0, 0, 'R');
        } else {
            $boxed = $d['layout'] === 'boxed';
            if ($boxed) {
                $this->SetFillColorArray($this->tint($d['accent'], 0.1));
                $this->Rect(0, 276, 210, 21, 'F');
            } else {
                $this->SetDrawColorArray($this->rgb($d['accent']));
                $this->Line(15, 275, 195, 275);
            }
            $this->SetFont($this->f, '', 6.5);
            $y = 277.5;
            foreach ($d['footer'] as $col) {
                $this->SetXY(15, $y);
                $this->Cell(180, 3.2, implode($boxed ? ' · ' : '  |  ', $col), 0, 0, 'C', false, '', 1);
                $y += 3.2;
            }
            $this->SetFont($this->f, 'B', 7.5);
            $this->SetXY(15, 271);
            $this->Cell(180, 4, $this->pageLabel(), 0, 0, 'R');
        }
        $this->SetTextColor(0);
    }

    public function colWidths(float $total): array
    {
        $fixed = 0;
        foreach ($this->d['cols'] as $c) {
            $fixed += $c['w'];
        }
        return array_map(fn ($c) => $c['w'] > 0 ? $c['w'] : $total - $fixed, $this->d['cols']);
    }

    public function breakIfNeeded(float $h, float $bottom): bool
    {
        if ($this->GetY() + $h <= $bottom) {
            return false;
        }
        $this->AddPage();
        $this->SetY($this->contTop);
        return true;
    }

    public function para(array $lines, float $size, string $style, float $x, float $w, float $bottom, int $grey = 0): void
    {
        $this->SetFont($this->f, $style, $size);
        $this->SetTextColor($grey);
        foreach ($lines as $line) {
            $h = $this->getNumLines($line, $w) * $size * 0.47;
            $this->breakIfNeeded($h, $bottom);
            $this->SetX($x);
            $this->MultiCell($w, 0, $line, 0, 'L', false, 1, $x);
        }
        $this->SetTextColor(0);
    }

    public function itemTable(float $x, float $width, float $size, bool $grid, float $bottom): void
    {
        $d = $this->d;
        $w = $this->colWidths($width);
        $head = function () use ($x, $w, $d, $size, $grid) {
            $this->SetFont($this->f, 'B', $size);
            $this->SetFillColorArray($grid ? $this->tint($d['accent'], 0.2) : [235, 235, 235]);
            $this->SetDrawColor($grid ? 90 : 160);
            $this->SetX($x);
            foreach ($d['cols'] as $i => $c) {
                $this->Cell($w[$i], 7, $c['label'], $grid ? 1 : 'TB', 0, $c['align'], true, '', 1);
            }
            $this->Ln(7);
        };
        $head();
        $this->SetFont($this->f, '', $size);
        foreach ($d['rows'] as $row) {
            $n = 1;
            foreach ($row as $i => $t) {
                $n = max($n, $this->getNumLines($t, $w[$i]));
            }
            $h = $n * $size * 0.47 + 1.6;
            if ($this->breakIfNeeded($h, $bottom)) {
                $head();
                $this->SetFont($this->f, '', $size);
            }
            $y = $this->GetY();
            $cx = $x;
            $this->SetDrawColor($grid ? 90 : 200);
            foreach ($row as $i => $t) {
                $this->MultiCell($w[$i], $h, $t, $grid ? 1 : 'B', $d['cols'][$i]['align'], false, 0, $cx, $y, true, 0, false, true, $h, 'T');
                $cx += $w[$i];
            }
            $this->SetXY($x, $y + $h);
        }
        $this->SetDrawColor(0);
    }

    public function totals(float $right, float $width, float $size, float $bottom): void
    {
        $this->breakIfNeeded(5.4 * count($this->d['totals']), $bottom);
        foreach ($this->d['totals'] as $t) {
            $this->SetFont($this->f, $t['strong'] ? 'B' : '', $size);
            $this->SetFillColorArray($this->tint($this->d['accent'], 0.2));
            $this->SetX($right - $width);
            $border = $t['strong'] ? 'TB' : 0;
            $this->Cell($width - 34, 5.4, $t['label'], $border, 0, 'L', $t['strong'], '', 1);
            $this->Cell(34, 5.4, $t['value'], $border, 1, 'R', $t['strong']);
        }
    }

    public function vatTable(float $x, float $size, float $bottom): void
    {
        $vt = $this->d['vatTable'];
        if (!$vt) {
            return;
        }
        $this->breakIfNeeded(6 + 5 * (count($vt['rows']) + 1), $bottom);
        $this->SetFont($this->f, 'B', $size);
        $this->SetX($x);
        $this->Cell(112, 6, $vt['title'], 0, 1, 'L');
        foreach (array_merge([$vt['head']], $vt['rows']) as $r => $row) {
            $this->SetFont($this->f, $r === 0 ? 'B' : '', $size);
            $this->SetFillColor(240);
            $this->SetX($x);
            foreach ($row as $i => $cell) {
                $this->Cell(28, 5, $cell, 1, 0, $i === 0 ? 'L' : 'R', $r === 0);
            }
            $this->Ln(5);
        }
    }

    public function renderCell(): void
    {
        $d = $this->d;
        $this->SetMargins(20, 40, 20);
        $this->SetAutoPageBreak(false);
        $this->contTop = 16;
        $bottom = 266;
        $this->AddPage();
        $this->SetFont($this->f, '', 6.5);
        $this->SetTextColor(90);
        $this->SetXY(20, 44);
        $this->Cell(85, 3.5, $d['senderLine'], 'B', 0, 'L', false, '', 1);
        $this->SetTextColor(0);
        $y = 50;
        if ($d['buyerLabel'] !== '') {
            $this->SetFont($this->f, 'B', 8);
            $this->SetXY(20, $y);
            $this->Cell(85, 4, $d['buyerLabel'], 0, 0, 'L');
            $y += 4.5;
        }
        $this->SetFont($this->f, '', 10);
        $this->SetXY(20, $y);
        $this->MultiCell(85, 5, implode("\n", $d['buyer']), 0, 'L');
        $buyerBottom = $this->GetY();
        $y = 44;
        $this->SetFont($this->f, '', 8.5);
        foreach ($d['meta'] as [$k, $v]) {
            $this->SetXY(115, $y);
            $this->SetTextColor(90);
            $this->Cell(36, 4.6, $k, 0, 0, 'L', false, '', 1);
            $this->SetTextColor(0);
            $this->Cell(39, 4.6, $v, 0, 0, 'R', false, '', 1);
            $y += 4.6;
        }
        if ($d['delivery']) {
            $y += 2;
            $this->SetFont($this->f, 'B', 8);
            $this->SetXY(115, $y);
            $this->Cell(75, 4, $d['delivery']['label'], 0, 1, 'L');
            $this->SetFont($this->f, '', 8.5);
            $this->SetX(115);
            $this->MultiCell(75, 4, implode("\n", $d['delivery']['lines']), 0, 'L', false, 1, 115);
            $y = $this->GetY();
        }
        $this->SetY(max($buyerBottom, $y) + 8);
        $this->SetFont($this->f, 'B', 14);
        $this->Cell(170, 8, $d['titleLine'], 0, 1, 'L');
        $this->para($d['intro'], 9.5, '', 20, 170, $bottom);
        $this->Ln(2);
        $this->itemTable(20, 170, 8.5, false, $bottom);
        $this->Ln(3);
        $this->totals(190, 112, 9, $bottom);
        $this->Ln(3);
        $this->vatTable(20, 8.5, $bottom);
        $this->Ln(3);
        $this->para([$d['paymentTitle']], 9, 'B', 20, 170, $bottom);
        $this->para($d['payment'], 9, '', 20, 170, $bottom);
        $this->Ln(2);
        $this->para($d['notes'], 8.5, '', 20, 170, $bottom, 80);
    }

    public function renderBoxed(): void
    {
        $d = $this->d;
        $s = $d['seller'];
        $this->SetMargins(15, 15, 15);
        $this->SetAutoPageBreak(false);
        $this->contTop = 16;
        $bottom = 266;
        $acc = $this->rgb($d['accent']);
        $this->AddPage();
        $this->SetDrawColorArray($acc);
        $this->SetLineWidth(0.4);
        $lines = array_merge($s['addr'], $s['contact']);
        $boxH = 16 + 3.6 * count($lines);
        $this->RoundedRect(15, 12, 100, $boxH, 2, '1111', 'D');
        $this->logo(19, 15.5, 12);
        $this->SetFont($this->f, 'B', 12);
        $this->SetXY(34, 15);
        $this->Cell(79, 6, $s['name'], 0, 0, 'L', false, '', 1);
        $this->SetFont($this->f, '', 7.5);
        $this->SetTextColor(90);
        $this->SetXY(34, 21);
        $this->Cell(79, 4, $s['tagline'], 0, 0, 'L', false, '', 1);
        $this->SetTextColor(0);
        $this->SetXY(19, 29);
        $this->MultiCell(94, 3.6, implode("\n", $lines), 0, 'L', false, 1, 19);
        // Title bar and details box on the right.
        $this->SetFillColorArray($acc);
        $this->RoundedRect(120, 12, 75, 11, 2, '1111', 'F');
        $this->SetTextColor(255);
        $this->SetFont($this->f, 'B', 13);
        $this->SetXY(120, 12);
        $this->Cell(75, 11, $d['titleUpper'], 0, 0, 'C', false, '', 1);
        $this->SetTextColor(0);
        $metaH = 4 + 4.8 * count($d['meta']);
        $this->RoundedRect(120, 25, 75, $metaH, 2, '1111', 'D');
        $y = 27;
        foreach ($d['meta'] as [$k, $v]) {
            $this->SetFont($this->f, '', 8);
            $this->SetXY(122, $y);
            $this->Cell(32, 4.8, $k, 0, 0, 'L', false, '', 1);
            $this->SetFont($this->f, 'B', 8);
            $this->Cell(39, 4.8, $v, 0, 0, 'R', false, '', 1);
            $y += 4.8;
        }
        $y = max(12 + $boxH, 25 + $metaH) + 5;
        // Customer (and site) boxes.
        $blocks = [[$d['buyerLabel'], $d['buyer']]];
        if ($d['delivery']) {
            $blocks[] = [$d['delivery']['label'], $d['delivery']['lines']];
        }
        $x = 15;
        $low = $y;
        foreach ($blocks as [$label, $rows]) {
            $wBox = count($blocks) === 1 ? 100 : 88;
            $h = 8 + 4.6 * count($rows);
            $this->SetFillColorArray($this->tint($d['accent'], 0.15));
            $this->RoundedRect($x, $y, $wBox, $h, 2, '1111', 'DF');
            $this->SetFont($this->f, 'B', 8);
            $this->SetXY($x + 3, $y + 1.5);
            $this->Cell($wBox - 6, 4, $label, 0, 0, 'L');
            $this->SetFont($this->f, '', 9.5);
            $this->SetXY($x + 3, $y + 6);
            $this->MultiCell($wBox - 6, 4.6, implode("\n", $rows), 0, 'L', false, 1, $x + 3);
            $low = max($low, $y + $h);
            $x += $wBox + 4;
        }
        $this->SetY($low + 5);
        $this->para($d['intro'], 9, 'I', 15, 180, $bottom);
        $this->Ln(2);
        $this->itemTable(15, 180, 8.5, true, $bottom);
        $this->Ln(4);
        $this->totals(195, 100, 9.5, $bottom);
        $this->Ln(3);
        $this->vatTable(15, 8.5, $bottom);
        $this->Ln(4);
        $lines = array_merge([$d['paymentTitle']], $d['payment']);
        $this->SetFont($this->f, '', 9);
        $h = 4;
        foreach ($lines as $line) {
            $h += $this->getNumLines($line, 172) * 4.3;
        }
        $this->breakIfNeeded($h, $bottom);
        $top = $this->GetY();
        $this->SetDrawColorArray($acc);
        $this->RoundedRect(15, $top, 180, $h, 2, '1111', 'D');
        $this->SetY($top + 2);
        $this->para([$d['paymentTitle']], 9, 'B', 19, 172, $bottom);
        $this->para($d['payment'], 9, '', 19, 172, $bottom);
        $this->SetY($top + $h + 3);
        $this->para($d['notes'], 8, '', 15, 180, $bottom, 80);
    }

    public function renderHtml(): void
    {
        $d = $this->d;
        $s = $d['seller'];
        $e = fn ($t) => nl2br(htmlspecialchars($t, ENT_QUOTES, 'UTF-8'));
        $acc = $d['accent'];
        $this->SetMargins(15, 16, 15);
        $this->SetAutoPageBreak(true, 27);
        $this->AddPage();
        $this->logo(15, 14, 15);
        // writeHTML leaves the last font style active; reset it before every HTML call.
        $this->SetFont($this->f, '', 10);
        $this->writeHTMLCell(110, 0, 33, 13,
            '<span style="font-size:15pt;font-weight:bold;color:' . $acc . '">' . $e($s['name']) . '</span><br/>'
            . '<span style="font-size:8pt;color:#666666">' . $e($s['tagline']) . '</span>', 0, 0);
        $this->SetFont($this->f, '', 10);
        $this->writeHTMLCell(60, 0, 135, 13,
            '<div style="font-size:7.5pt;text-align:right;color:#444444">' . implode('<br/>', array_map($e, array_merge($s['addr'], $s['contact']))) . '</div>', 0, 1);
        $this->SetY(42);
        $meta = '';
        foreach ($d['meta'] as [$k, $v]) {
            $meta .= '<tr><td width="45%" style="color:#555555">' . $e($k) . '</td><td width="55%" align="right"><b>' . $e($v) . '</b></td></tr>';
        }
        $buyer = '<span style="font-size:6.5pt;color:#777777"><u>' . $e($d['senderLine']) . '</u></span><br/>';
        if ($d['buyerLabel'] !== '') {
            $buyer .= '<span style="font-size:8pt;color:' . $acc . '"><b>' . $e($d['buyerLabel']) . '</b></span><br/>';
        }
        $buyer .= '<span style="font-size:10pt">' . implode('<br/>', array_map($e, $d['buyer'])) . '</span>';
        if ($d['delivery']) {
            $buyer .= '<br/><br/><span style="font-size:8pt;color:' . $acc . '"><b>' . $e($d['delivery']['label']) . '</b></span><br/>'
                . '<span style="font-size:9pt">' . implode('<br/>', array_map($e, $d['delivery']['lines'])) . '</span>';
        }
        $html = '<table cellpadding="0"><tr><td width="55%">' . $buyer . '</td>'
            . '<td width="45%"><table cellpadding="1.5" style="font-size:8.5pt">' . $meta . '</table></td></tr></table>'
            . '<br/><br/><span style="font-size:15pt;font-weight:bold;color:' . $acc . '">' . $e($d['titleLine']) . '</span><br/>';
        foreach ($d['intro'] as $p) {
            $html .= '<p style="font-size:9.5pt">' . $e($p) . '</p>';
        }
        $w = $this->colWidths(180);
        $head = '';
        foreach ($d['cols'] as $i => $c) {
            $align = ['L' => 'left', 'R' => 'right', 'C' => 'center'][$c['align']];
            $head .= '<th width="' . round(100 * $w[$i] / 180, 2) . '%" align="' . $align . '">' . $e($c['label']) . '</th>';
        }
        $body = '';
        foreach ($d['rows'] as $r => $row) {
            $bg = $r % 2 === 1 ? ' bgcolor="' . $this->tintHex($acc, 0.08) . '"' : '';
            $body .= '<tr nobr="true"' . $bg . '>';
            foreach ($row as $i => $cell) {
                $align = ['L' => 'left', 'R' => 'right', 'C' => 'center'][$d['cols'][$i]['align']];
                $body .= '<td width="' . round(100 * $w[$i] / 180, 2) . '%" align="' . $align . '">' . $e($cell) . '</td>';
            }
            $body .= '</tr>';
        }
        $html .= '<br/><table cellpadding="3" style="font-size:8.5pt"><thead><tr style="background-color:' . $acc
            . ';color:#ffffff;font-weight:bold;font-size:7.5pt">' . $head . '</tr></thead><tbody>' . $body . '</tbody></table><br/>';
        $tot = '';
        foreach ($d['totals'] as $t) {
            $style = $t['strong'] ? ' style="font-weight:bold;font-size:10.5pt;background-color:' . $this->tintHex($acc, 0.2) . '"' : '';
            $tot .= '<tr' . $style . '><td width="62%">' . $e($t['label']) . '</td><td width="38%" align="right">' . $e($t['value']) . '</td></tr>';
        }
        $vat = '';
        if ($d['vatTable']) {
            $vt = $d['vatTable'];
            $vat = '<br/><b>' . $e($vt['title']) . '</b><br/><table cellpadding="2" border="1" style="font-size:8pt"><tr style="background-color:#eeeeee">';
            foreach ($vt['head'] as $i => $h) {
                $vat .= '<th width="16%" align="' . ($i === 0 ? 'left' : 'right') . '"><b>' . $e($h) . '</b></th>';
            }
            $vat .= '<th width="36%" border="0"></th>';
            $vat .= '</tr>';
            foreach ($vt['rows'] as $row) {
                $vat .= '<tr>';
                foreach ($row as $i => $cell) {
                    $vat .= '<td width="16%" align="' . ($i === 0 ? 'left' : 'right') . '">' . $e($cell) . '</td>';
                }
                $vat .= '<td width="36%" border="0"></td></tr>';
            }
            $vat .= '</table>';
        }
        $html .= '<table cellpadding="0" nobr="true"><tr><td width="45%"></td><td width="55%">'
            . '<table cellpadding="2" style="font-size:9pt">' . $tot . '</table></td></tr></table>' . $vat . '<br/><br/>';
        $html .= '<table cellpadding="4" border="0" nobr="true" style="font-size:8.5pt;background-color:' . $this->tintHex($acc, 0.1) . '"><tr><td>'
            . '<b>' . $e($d['paymentTitle']) . '</b><br/>' . implode('<br/>', array_map($e, $d['payment'])) . '</td></tr></table>';
        foreach ($d['notes'] as $n) {
            $html .= '<p style="font-size:8pt;color:#555555">' . $e($n) . '</p>';
        }
        $this->SetFont($this->f, '', 10);
        $this->writeHTML($html, true, false, true, false, '');
    }
}

$d = json_decode(file_get_contents($argv[1]), true, 512, JSON_THROW_ON_ERROR);
$pdf = new InvoicePDF('P', 'mm', 'A4', true, 'UTF-8', false);
$pdf->d = $d;
$pdf->f = $d['font'];
$pdf->pinFileId(md5('toolkit-blind/' . $d['file']));
$pdf->setDocCreationTimestamp($d['epoch']);
$pdf->setDocModificationTimestamp($d['epoch']);
$pdf->SetCreator('make-toolkit-invoices');
$pdf->SetAuthor($d['pdfAuthor']);
$pdf->SetTitle($d['pdfTitle']);
$pdf->SetSubject($d['pdfTitle']);
$pdf->setFontSubsetting(true);
match ($d['layout']) {
    'cell' => $pdf->renderCell(),
    'boxed' => $pdf->renderBoxed(),
    'html' => $pdf->renderHtml(),
};
$pdf->Output($argv[2], 'F');
`;

// ---------------------------------------------------------------------------------------------
// wkhtmltopdf templates (HTML + CSS 2.1: floats and tables, QtWebKit has no flexbox/grid)
// ---------------------------------------------------------------------------------------------

function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '<br>');
}

function tintHex(hex: string, f: number): string {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${c
    .map((v) =>
      Math.round(255 - (255 - v) * f)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function logoHtml(d: Doc, px: number, fill = d.accent, ink = '#ffffff'): string {
  const box = `width:${px}px;height:${px}px;background:${fill};color:${ink};text-align:center;font-weight:bold;`;
  const text = `line-height:${px}px;font-size:${Math.round(px * (d.seller.initials.length < 3 ? 0.42 : 0.3))}px`;
  switch (d.seller.logo) {
    case 'circle':
      return `<div style="${box}border-radius:${px / 2}px;${text}">${esc(d.seller.initials)}</div>`;
    case 'square':
      return `<div style="${box}border-radius:${Math.round(px * 0.18)}px;${text}">${esc(d.seller.initials)}</div>`;
    case 'diamond': {
      const side = Math.round(px / Math.SQRT2);
      const off = Math.round((px - side) / 2);
      return (
        `<div style="width:${px}px;height:${px}px;position:relative">` +
        `<div style="position:absolute;left:${off}px;top:${off}px;width:${side}px;height:${side}px;background:${fill};-webkit-transform:rotate(45deg)"></div>` +
        `<div style="position:absolute;left:0;top:0;width:${px}px;color:${ink};text-align:center;font-weight:bold;${text}">${esc(d.seller.initials)}</div></div>`
      );
    }
    case 'bars':
      return `<div style="width:${px}px;height:${px}px;position:relative">${[0, 1, 2, 3]
        .map((i) => {
          const h = Math.round(px * (0.35 + 0.2 * i));
          return `<div style="position:absolute;bottom:0;left:${Math.round((i * px) / 4)}px;width:${Math.round(px / 4) - 2}px;height:${h}px;background:${fill}"></div>`;
        })
        .join('')}</div>`;
  }
}

function itemsHtml(d: Doc, cls: string): string {
  const align = (a: 'L' | 'R' | 'C'): string => (a === 'R' ? 'right' : a === 'C' ? 'center' : 'left');
  const fixedW = d.cols.reduce((a, c) => a + c.w, 0);
  const width = (w: number): string => (w > 0 ? `width:${w}mm` : `width:auto`);
  const head = d.cols
    .map((c) => `<th style="text-align:${align(c.align)};${width(c.w)}">${esc(c.label)}</th>`)
    .join('');
  const body = d.rows
    .map(
      (row) =>
        `<tr>${row
          .map((cell, i) => {
            const col = d.cols[i]!;
            const [first, ...rest] = cell.split('\n');
            const more = rest.length ? `<div class="sub">${esc(rest.join('\n'))}</div>` : '';
            return `<td style="text-align:${align(col.align)}">${esc(first ?? '')}${more}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('\n');
  return `<table class="${cls}" data-fixed="${fixedW}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function totalsHtml(d: Doc, cls: string): string {
  return `<table class="${cls}">${d.totals
    .map(
      (t) =>
        `<tr class="${t.strong ? 'strong' : ''}"><td>${esc(t.label)}</td><td class="r">${esc(t.value)}</td></tr>`,
    )
    .join('')}</table>`;
}

function vatHtml(d: Doc, cls: string): string {
  const vt = d.vatTable;
  if (!vt) return '';
  const row = (cells: string[], tag: string): string =>
    `<tr>${cells.map((c, i) => `<${tag}${i > 0 ? ' class="r"' : ''}>${esc(c)}</${tag}>`).join('')}</tr>`;
  return `<div class="vat-title">${esc(vt.title)}</div><table class="${cls}">${row(vt.head, 'th')}${vt.rows.map((r) => row(r, 'td')).join('')}</table>`;
}

function metaHtml(d: Doc, cls: string): string {
  return `<table class="${cls}">${d.meta.map(([k, v]) => `<tr><td class="k">${esc(k)}</td><td class="v">${esc(v)}</td></tr>`).join('')}</table>`;
}

const BASE_CSS = `
  * { box-sizing: border-box; }
  thead { display: table-header-group; }
  tr { page-break-inside: avoid; }
  .r { text-align: right; }
  .clear { clear: both; }
  .sub { font-size: 85%; color: #666; }
`;

function htmlShop(d: Doc): string {
  const a = d.accent;
  const lines = (xs: string[]): string => xs.map(esc).join('<br>');
  const delivery = d.delivery
    ? `<div class="col"><div class="lbl">${esc(d.delivery.label)}</div>${lines(d.delivery.lines)}</div>`
    : '';
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(d.pdfTitle)}</title><style>
  ${BASE_CSS}
  body { font-family: '${d.font}'; font-size: 10pt; color: #222; margin: 0; }
  .top { overflow: hidden; border-bottom: 3px solid ${a}; padding-bottom: 10px; }
  .top .logo { float: left; margin-right: 12px; }
  .top .brand { float: left; }
  .top .brand .name { font-size: 17pt; font-weight: bold; color: ${a}; }
  .top .brand .tag { font-size: 8.5pt; color: #666; }
  .top .doc { float: right; text-align: right; }
  .top .doc .t { font-size: 20pt; font-weight: bold; letter-spacing: 1px; }
  .cols { overflow: hidden; margin-top: 16px; }
  .col { float: left; width: 31%; margin-right: 2%; font-size: 9.5pt; line-height: 1.35; }
  .col.meta { float: right; width: 36%; margin-right: 0; }
  .lbl { font-size: 7.5pt; text-transform: uppercase; letter-spacing: 1px; color: ${a}; font-weight: bold; margin-bottom: 3px; }
  table.meta { width: 100%; border-collapse: collapse; font-size: 8.5pt; }
  table.meta td { padding: 1.5px 0; } table.meta td.k { color: #666; } table.meta td.v { text-align: right; font-weight: bold; }
  table.items { width: 100%; border-collapse: collapse; margin-top: 20px; }
  table.items th { border-bottom: 2px solid ${a}; font-size: 8pt; color: #555; padding: 5px 4px; text-transform: uppercase; }
  table.items td { border-bottom: 1px solid #e4e4e4; padding: 6px 4px; font-size: 9pt; vertical-align: top; }
  .sum { margin-top: 14px; overflow: hidden; page-break-inside: avoid; }
  .sum .vat { float: left; width: 46%; }
  .vat-title { font-size: 8pt; font-weight: bold; color: ${a}; margin-bottom: 3px; }
  table.vt { border-collapse: collapse; font-size: 8pt; width: 100%; }
  table.vt th, table.vt td { padding: 2px 4px; border-bottom: 1px solid #ddd; }
  table.tot { float: right; width: 48%; border-collapse: collapse; font-size: 9.5pt; }
  table.tot td { padding: 3px 4px; }
  table.tot tr.strong td { background: ${a}; color: #fff; font-weight: bold; font-size: 11pt; padding: 6px 4px; }
  .pay { margin-top: 18px; padding: 9px 12px; background: ${tintHex(a, 0.1)}; border-left: 4px solid ${a}; font-size: 9pt; line-height: 1.45; page-break-inside: avoid; }
  .notes { margin-top: 12px; font-size: 8pt; color: #555; }
  .foot { margin-top: 22px; border-top: 1px solid #ddd; padding-top: 6px; font-size: 7.3pt; color: #666; overflow: hidden; page-break-inside: avoid; }
  .foot div { float: left; width: 25%; padding-right: 8px; }
</style></head><body>
<div class="top">
  <div class="logo">${logoHtml(d, 52)}</div>
  <div class="brand"><div class="name">${esc(d.seller.name)}</div><div class="tag">${esc(d.seller.tagline)}</div>
  <div class="tag">${esc(d.seller.addr.join(' · '))}</div><div class="tag">${esc(d.seller.contact.join(' · '))}</div></div>
  <div class="doc"><div class="t">${esc(d.title.toUpperCase())}</div><div>${esc(d.number)}</div></div>
</div>
<div class="cols">
  <div class="col"><div class="lbl">${esc(d.buyerLabel)}</div>${lines(d.buyer)}</div>
  ${delivery}
  <div class="col meta">${metaHtml(d, 'meta')}</div>
</div>
${d.intro.map((p) => `<p>${esc(p)}</p>`).join('')}
${itemsHtml(d, 'items')}
<div class="sum"><div class="vat">${vatHtml(d, 'vt')}</div>${totalsHtml(d, 'tot')}</div>
<div class="pay"><b>${esc(d.paymentTitle)}</b><br>${d.payment.map(esc).join('<br>')}</div>
<div class="notes">${d.notes.map((n) => `<p>${esc(n)}</p>`).join('')}</div>
<div class="foot">${d.footer.map((c) => `<div>${c.map(esc).join('<br>')}</div>`).join('')}</div>
</body></html>`;
}

function htmlErp(d: Doc): string {
  const a = d.accent;
  const lines = (xs: string[]): string => xs.map(esc).join('<br>');
  const delivery = d.delivery
    ? `<td class="box"><div class="lbl">${esc(d.delivery.label)}</div>${lines(d.delivery.lines)}</td>`
    : '<td></td>';
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(d.pdfTitle)}</title><style>
  ${BASE_CSS}
  body { font-family: '${d.font}'; font-size: 9.5pt; color: #111; margin: 0; }
  table { border-collapse: collapse; }
  table.head { width: 100%; }
  table.head td { vertical-align: top; }
  .name { font-size: 15pt; font-weight: bold; }
  .small { font-size: 8pt; color: #444; line-height: 1.35; }
  .title { background: ${a}; color: #fff; font-size: 15pt; font-weight: bold; padding: 5px 8px; }
  table.meta { width: 100%; border: 1px solid #888; font-size: 8.5pt; }
  table.meta td { border-bottom: 1px solid #ccc; padding: 2.5px 6px; }
  table.meta td.k { background: #f0f0f0; width: 45%; } table.meta td.v { font-weight: bold; }
  table.addr { width: 100%; margin-top: 14px; }
  table.addr td { width: 50%; vertical-align: top; }
  td.box { border: 1px solid #888; padding: 6px 8px; line-height: 1.35; }
  .lbl { font-size: 7.5pt; color: #555; border-bottom: 1px solid #ccc; margin-bottom: 4px; }
  .doctitle { margin: 16px 0 4px; font-size: 12pt; font-weight: bold; }
  table.items { width: 100%; margin-top: 8px; border: 1px solid #666; }
  table.items th { background: #e8e8e8; border: 1px solid #666; padding: 4px; font-size: 8pt; }
  table.items td { border-left: 1px solid #666; border-right: 1px solid #666; border-bottom: 1px solid #ddd; padding: 4px; font-size: 8.8pt; vertical-align: top; }
  table.sum { width: 100%; margin-top: 10px; page-break-inside: avoid; }
  table.sum > tbody > tr > td { vertical-align: top; }
  .vat-title { font-weight: bold; font-size: 8.5pt; margin-bottom: 3px; }
  table.vt { font-size: 8.3pt; border: 1px solid #888; }
  table.vt th, table.vt td { border: 1px solid #888; padding: 2px 6px; }
  table.vt th { background: #f0f0f0; }
  table.tot { width: 100%; font-size: 9.5pt; border: 1px solid #666; }
  table.tot td { padding: 3px 6px; border-bottom: 1px solid #ddd; }
  table.tot tr.strong td { border-top: 2px solid #000; border-bottom: 3px double #000; font-weight: bold; font-size: 10.5pt; }
  .pay { margin-top: 14px; border: 1px solid #888; padding: 6px 8px; font-size: 9pt; line-height: 1.45; page-break-inside: avoid; }
  .notes { font-size: 8pt; color: #333; margin-top: 8px; }
</style></head><body>
<table class="head"><tr>
  <td style="width:58%">
    <table><tr><td style="padding-right:10px">${logoHtml(d, 44)}</td>
    <td><div class="name">${esc(d.seller.name)}</div><div class="small">${esc(d.seller.tagline)}<br>${lines(d.seller.addr)}<br>${lines(d.seller.contact)}</div></td></tr></table>
  </td>
  <td style="width:42%"><div class="title">${esc(d.title)}</div>${metaHtml(d, 'meta')}</td>
</tr></table>
<table class="addr"><tr><td class="box"><div class="lbl">${esc(d.buyerLabel)}</div>${lines(d.buyer)}</td>${delivery}</tr></table>
<div class="doctitle">${esc(d.titleLine)}</div>
${d.intro.map((p) => `<div>${esc(p)}</div>`).join('')}
${itemsHtml(d, 'items')}
<table class="sum"><tr><td style="width:52%;padding-right:14px">${vatHtml(d, 'vt')}</td><td style="width:48%">${totalsHtml(d, 'tot')}</td></tr></table>
<div class="pay"><b>${esc(d.paymentTitle)}</b><br>${d.payment.map(esc).join('<br>')}</div>
<div class="notes">${d.notes.map((n) => `<p>${esc(n)}</p>`).join('')}</div>
<div class="small" style="margin-top:14px;border-top:1px solid #999;padding-top:4px">${d.footer.map((c) => c.map(esc).join(' · ')).join('<br>')}</div>
</body></html>`;
}

function htmlLetter(d: Doc): string {
  const a = d.accent;
  const lines = (xs: string[]): string => xs.map(esc).join('<br>');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(d.pdfTitle)}</title><style>
  ${BASE_CSS}
  body { font-family: '${d.font}'; font-size: 11pt; color: #1a1a1a; margin: 0; line-height: 1.35; }
  .lh { text-align: center; border-bottom: 1px solid ${a}; padding-bottom: 8px; }
  .lh .logo { width: 46px; margin: 0 auto 6px; }
  .lh .name { font-size: 19pt; letter-spacing: 2px; color: ${a}; text-transform: uppercase; }
  .lh .tag { font-style: italic; font-size: 10pt; color: #555; }
  .lh .addr { font-size: 8.5pt; color: #555; }
  .to { float: left; width: 52%; margin-top: 26px; }
  .meta { float: right; width: 44%; margin-top: 26px; }
  table.meta { width: 100%; border-collapse: collapse; font-size: 9.5pt; }
  table.meta td { padding: 1px 0; } table.meta td.k { font-style: italic; color: #555; } table.meta td.v { text-align: right; }
  h1 { clear: both; padding-top: 22px; font-size: 15pt; font-weight: normal; color: ${a}; margin: 0 0 8px; }
  table.items { width: 100%; border-collapse: collapse; margin-top: 12px; font-size: 10pt; }
  table.items th { border-top: 1px solid #000; border-bottom: 1px solid #000; font-weight: normal; font-style: italic; padding: 4px; }
  table.items td { padding: 5px 4px; vertical-align: top; border-bottom: 1px dotted #aaa; }
  .sum { overflow: hidden; margin-top: 8px; page-break-inside: avoid; }
  .sum .vat { float: left; width: 48%; font-size: 9pt; }
  .vat-title { font-style: italic; }
  table.vt { border-collapse: collapse; width: 100%; }
  table.vt th, table.vt td { padding: 1px 4px; font-weight: normal; border-bottom: 1px solid #ccc; }
  table.tot { float: right; width: 52%; border-collapse: collapse; }
  table.tot td { padding: 2px 4px; }
  table.tot tr.strong td { border-top: 1px solid #000; border-bottom: 1px solid #000; font-weight: bold; }
  .bank { margin-top: 18px; border: 1px solid ${a}; padding: 8px 12px; width: 62%; page-break-inside: avoid; }
  .bank b { color: ${a}; }
  .notes p { margin: 8px 0; }
  .foot { margin-top: 26px; text-align: center; font-size: 7.8pt; color: #666; border-top: 1px solid #ccc; padding-top: 5px; page-break-inside: avoid; }
</style></head><body>
<div class="lh"><div class="logo">${logoHtml(d, 46)}</div><div class="name">${esc(d.seller.name)}</div><div class="tag">${esc(d.seller.tagline)}</div>
<div class="addr">${esc([...d.seller.addr, ...d.seller.contact].join(' · '))}</div></div>
<div class="to">${lines(d.buyer)}</div>
<div class="meta">${metaHtml(d, 'meta')}</div>
<h1>${esc(d.titleLine)}</h1>
${d.intro.map((p) => `<p>${esc(p)}</p>`).join('')}
${itemsHtml(d, 'items')}
<div class="sum"><div class="vat">${vatHtml(d, 'vt')}</div>${totalsHtml(d, 'tot')}</div>
<div class="bank"><b>${esc(d.paymentTitle)}</b><br>${d.payment.map(esc).join('<br>')}</div>
<div class="notes">${d.notes.map((n) => `<p>${esc(n)}</p>`).join('')}</div>
<div class="foot">${d.footer.map((c) => c.map(esc).join(' · ')).join('<br>')}</div>
</body></html>`;
}

// ---------------------------------------------------------------------------------------------
// Running the toolkits
// ---------------------------------------------------------------------------------------------

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  try {
    execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stderr?.toString() ?? e.message}`);
  }
}

/** Fails early, with the reason, when a toolkit is missing. */
function checkTools(needed: Set<Generator>): void {
  const probe = (what: string, cmd: string, args: string[]): void => {
    try {
      execFileSync(cmd, args, { stdio: 'pipe' });
    } catch {
      throw new Error(
        `${what} is required: \`${cmd} ${args.join(' ')}\` failed (see the header of this script)`,
      );
    }
  };
  if (needed.has('reportlab')) probe('ReportLab', PYTHON, ['-c', 'import reportlab']);
  if (needed.has('tcpdf')) {
    probe('PHP', PHP, ['-v']);
    if (!existsSync(TCPDF)) throw new Error(`TCPDF not found at ${TCPDF} (set TCPDF=/path/to/tcpdf.php)`);
  }
  if (needed.has('wkhtmltopdf')) probe('wkhtmltopdf', WKHTMLTOPDF, ['--version']);
}

/** wkhtmltopdf stamps the wall-clock time into /CreationDate; overwrite it in place with the same length. */
function pinWkhtmlDate(pdf: Buffer, epoch: number): Buffer {
  const text = pdf.toString('latin1');
  const stamp = new Date(epoch * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const re = /\/CreationDate \(D:(\d{14})([^)]*)\)/g;
  let hits = 0;
  const out = text.replace(re, (_m, _d: string, tail: string) => {
    hits++;
    return `/CreationDate (D:${stamp}${tail})`;
  });
  if (hits === 0) throw new Error('wkhtmltopdf output has no /CreationDate to pin');
  const patched = Buffer.from(out, 'latin1');
  if (patched.length !== pdf.length) throw new Error('pinning the wkhtmltopdf date changed the file length');
  return patched;
}

function render(s: Spec, doc: Doc, outPdf: string): void {
  const base = fileBase(s);
  const json = path.join(BUILD_DIR, `${base}.json`);
  writeFileSync(json, `${JSON.stringify(doc, null, 2)}\n`);
  switch (s.generator) {
    case 'reportlab':
      run(PYTHON, [path.join(BUILD_DIR, 'reportlab_render.py'), json, outPdf]);
      return;
    case 'tcpdf':
      run(PHP, [path.join(BUILD_DIR, 'tcpdf_render.php'), json, outPdf], {
        ...process.env,
        TCPDF_PATH: TCPDF,
      });
      return;
    case 'wkhtmltopdf': {
      const html = path.join(BUILD_DIR, `${base}.html`);
      const body = s.layout === 'shop' ? htmlShop(doc) : s.layout === 'erp' ? htmlErp(doc) : htmlLetter(doc);
      writeFileSync(html, body);
      const xdg = path.join(BUILD_DIR, 'xdg-runtime');
      mkdirSync(xdg, { recursive: true, mode: 0o700 });
      // No --footer-*: this wkhtmltopdf build runs on unpatched Qt, which ignores running headers and
      // footers, so the templates print their legal footer at the end of the body instead.
      const args = ['-q', '--encoding', 'utf-8', '--page-size', 'A4', '--title', doc.pdfTitle];
      args.push(
        '--margin-top',
        '14mm',
        '--margin-bottom',
        '14mm',
        '--margin-left',
        '14mm',
        '--margin-right',
        '14mm',
      );
      run(WKHTMLTOPDF, [...args, html, outPdf], { ...process.env, XDG_RUNTIME_DIR: xdg, QT_HASH_SEED: '0' });
      writeFileSync(outPdf, pinWkhtmlDate(readFileSync(outPdf), doc.epoch));
      return;
    }
  }
}

/** The corpus promises a shape (counts, features); check it so later edits cannot silently erode it. */
function checkCorpus(all: Spec[], totals: Map<Spec, Totals>): void {
  const count = <K extends string>(key: (s: Spec) => K): Map<K, number> => {
    const m = new Map<K, number>();
    for (const s of all) m.set(key(s), (m.get(key(s)) ?? 0) + 1);
    return m;
  };
  const problems: string[] = [];
  if (all.length !== 24) problems.push(`expected 24 invoices, have ${all.length}`);
  for (const [g, n] of count((s) => s.generator)) if (n !== 8) problems.push(`${g}: ${n} files, want 8`);
  for (const [l, n] of count((s) => s.lang)) if (n !== 4) problems.push(`${l}: ${n} files, want 4`);
  for (const l of Object.keys(LABELS) as Lang[]) {
    const gens = new Set(all.filter((s) => s.lang === l).map((s) => s.generator));
    if (gens.size !== 3) problems.push(`${l} is not spread over all three generators`);
  }
  for (const g of ['reportlab', 'tcpdf', 'wkhtmltopdf'] as const) {
    if (new Set(all.filter((s) => s.generator === g).map((s) => s.layout)).size < 2)
      problems.push(`${g}: <2 layouts`);
  }
  if (new Set(all.map(fileBase)).size !== all.length) problems.push('duplicate file names');
  const creditLangs = new Set(all.filter((s) => s.typeCode === '381').map((s) => s.lang));
  if (creditLangs.size < 3) problems.push('need credit notes in 3 languages');
  if (!all.some((s) => s.deposit)) problems.push('no advance payment');
  if (!all.some((s) => s.withholding)) problems.push('no withholding');
  if (!all.some((s) => totals.get(s)!.perRate.some((r) => r.rate === '0') && s.country !== 'GB'))
    problems.push('no 0 % intra-EU');
  for (const c of ['GBP', 'CHF']) if (!all.some((s) => s.currency === c)) problems.push(`no ${c} invoice`);
  if (problems.length) throw new Error(`corpus shape:\n  ${problems.join('\n  ')}`);
}

function main(): void {
  const filter = process.argv[2];
  const all = [...specs()];
  const totals = new Map(all.map((s) => [s, computeTotals(s)] as const));
  checkCorpus(all, totals);
  const chosen = filter ? all.filter((s) => `${fileBase(s)}.pdf`.includes(filter)) : all;
  if (chosen.length === 0) throw new Error(`no file name contains "${filter}"`);
  // Validate everything before rendering anything: a bad check digit must never reach the corpus.
  const docs = new Map(chosen.map((s) => [s, buildDoc(s, totals.get(s)!)] as const));
  for (const s of chosen) validate(s, totals.get(s)!, docs.get(s)!);
  checkTools(new Set(chosen.map((s) => s.generator)));
  mkdirSync(BUILD_DIR, { recursive: true });
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(BUILD_DIR, 'reportlab_render.py'), REPORTLAB_PY);
  writeFileSync(path.join(BUILD_DIR, 'tcpdf_render.php'), TCPDF_PHP);
  for (const s of chosen) {
    const base = fileBase(s);
    const pdf = path.join(OUT_DIR, `${base}.pdf`);
    render(s, docs.get(s)!, pdf);
    const key = buildKey(s, totals.get(s)!);
    writeFileSync(path.join(OUT_DIR, `${base}.key.json`), `${JSON.stringify(key, null, 2)}\n`);
    const digest = createHash('sha256').update(readFileSync(pdf)).digest('hex').slice(0, 12);
    console.log(`${base}.pdf  ${key.fields.total.padStart(10)} ${key.fields.currency}  sha256:${digest}`);
  }
  console.log(`${chosen.length} file(s) written to ${path.relative(ROOT, OUT_DIR)}`);
}

main();
