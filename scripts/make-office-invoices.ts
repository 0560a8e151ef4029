/**
 * Held-out invoice corpus from two real-world generators: LibreOffice Writer (Flat ODT → PDF via
 * `soffice --convert-to pdf`) and pdfLaTeX (KOMA-Script scrlttr2 and plain article). 24 supplier
 * documents, 2 per language per generator, written to test/fixtures/capture/office-blind/ as
 * <name>.pdf + <name>.key.json.
 *
 *   node --import tsx scripts/make-office-invoices.ts [name-filter]
 *
 * (an optional argument builds only the files whose name contains it, e.g. "-latex-" or "de-2").
 * Built and checked with LibreOffice 7.4 and TeX Live 2022 (Debian 12); the Writer documents name
 * fonts found there (Liberation Sans/Serif, DejaVu Sans, TeX Gyre Heros, Nimbus Sans) — other fonts
 * change line breaks, not the keys. siunitx (texlive-science) is not used: LaTeX numbers are set
 * with dcolumn or \, thin spaces.
 *
 * Needs `soffice` and `pdflatex` on PATH (fails clearly if either is missing). Intermediate files go
 * to /tmp/office-build/. Text and keys are deterministic (no randomness, no current date); pdfLaTeX
 * runs with SOURCE_DATE_EPOCH/FORCE_SOURCE_DATE and \pdftrailerid{} so its PDFs are byte-stable;
 * LibreOffice's PDFs get their creation date pinned and /ID derived from content afterwards (same
 * LibreOffice version and fonts → same bytes).
 *
 * Answer-key conventions (the values are those printed on the page, normalised as follows):
 * - Amounts are plain decimals with two places ("1234.50"). Credit notes (type 381) carry positive
 *   magnitudes in the key even when the page prints them negative, as an EN 16931 credit note does.
 * - total_net = sum of lines (plus charges subject to VAT, e.g. the Italian 4 % professional fund);
 *   total = total_net + total_tax. amount_due = the sum the page asks to be paid: total minus a
 *   deposit already paid, or minus a withholding tax (Spanish IRPF, Italian ritenuta d'acconto).
 *   For a credit note, amount_due = the credited total.
 * - tax_breakdown: one entry per VAT rate, rate as a plain decimal without "%" ("5.5", "0").
 * - issue_date = the invoice/credit-note date (never a delivery or service date); due_date only when a
 *   date is printed ("payable within 30 days" alone gives null).
 * - seller_vat_id / buyer_vat_id: country prefix + the characters of the number, no spaces, dots or
 *   dashes, even when printed domestically ("P.IVA 04281936155" → "IT04281936155", "CIF B-46281374"
 *   → "ESB46281374"). Swiss: "CHE-416.283.975 MWST" → "CHE416283975MWST" (the MWST suffix is part
 *   of the Swiss VAT number). A German Steuernummer or an Italian codice fiscale is not a VAT id.
 * - seller_registration_id: the register entry without the court/town, with the register's
 *   abbreviation only where it is part of the identifier: "HRB 31874" (Amtsgericht dropped),
 *   "FN 438217k" (Austria), SIREN "812 453 678" for "RCS Lyon 812 453 678" (France), "B214736"
 *   (RCS Luxembourg), Belgian enterprise number "0471.258.365" (KBO/BCE, RPR/RPM dropped), KvK
 *   "58214736", Companies House "08417362", CRO "614392", Spanish Registro Mercantil sheet
 *   "V-112934" (Hoja), Italian REA "BG-451872" (province-number), Swiss UID "CHE-416.283.975".
 *   Freelancers without a register entry, and professional-body memberships, give null.
 * - payment_reference: the remittance reference printed as such. ISO 11649 RF references and Swiss
 *   QR references without spaces ("RF5720260318042"); Belgian structured communications without
 *   the +++ delimiters but with their slashes ("026/0041/87305"); a plain reference printed after a
 *   label ("Payment reference: HJ-24817") as printed. "Please quote the invoice number" alone → null.
 * - purchase_order: the buyer's order number as printed (without its date); the seller's own order
 *   confirmation, job or delivery-note numbers are distractors. buyer_reference: the buyer's "your
 *   reference" (Ihr Zeichen, Uw kenmerk, Your ref.) as printed.
 * - iban without spaces; bic as printed. seller_name = the legal name with its legal form as printed.
 * Every IBAN, VAT id, RF/structured/QR reference is checked with its check-digit algorithm; the
 * script throws if one fails.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const OUT = join(ROOT, 'test/fixtures/capture/office-blind');
const BUILD = '/tmp/office-build';

// ---------------------------------------------------------------------------------------------
// Check-digit algorithms
// ---------------------------------------------------------------------------------------------

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
}

function alnumToDigits(s: string): string {
  return s.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

const IBAN_LENGTH: Record<string, number> = {
  DE: 22,
  AT: 20,
  FR: 27,
  BE: 16,
  NL: 18,
  ES: 24,
  IT: 27,
  IE: 22,
  GB: 22,
  CH: 21,
  LU: 20,
};

function ibanOk(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTH[iban.slice(0, 2)] !== iban.length) return false;
  if (mod97(alnumToDigits(iban.slice(4) + iban.slice(0, 4))) !== 1) return false;
  if (iban.startsWith('BE')) {
    // Belgian account number: last two digits = first ten mod 97 (97 for 0).
    const ten = iban.slice(4, 14);
    const check = mod97(ten) || 97;
    return Number(iban.slice(14)) === check;
  }
  return true;
}

function luhnOk(digits: string): boolean {
  let sum = 0;
  const rev = [...digits].reverse();
  for (let i = 0; i < rev.length; i++) {
    let v = Number(rev[i]);
    if (i % 2 === 1) {
      v *= 2;
      if (v > 9) v -= 9;
    }
    sum += v;
  }
  return sum % 10 === 0;
}

function digitSum(n: number): number {
  return Math.floor(n / 10) + (n % 10);
}

function vatOk(id: string): boolean {
  const cc = id.slice(0, 2);
  const d = id.slice(2);
  switch (cc) {
    case 'DE': {
      if (!/^\d{9}$/.test(d)) return false;
      let p = 10;
      for (const ch of d.slice(0, 8)) {
        let s = (Number(ch) + p) % 10;
        if (s === 0) s = 10;
        p = (2 * s) % 11;
      }
      const c = 11 - p;
      return (c === 10 ? 0 : c) === Number(d[8]);
    }
    case 'AT': {
      if (!/^U\d{8}$/.test(d)) return false;
      let s = 0;
      for (let i = 0; i < 7; i++) {
        const v = Number(d[i + 1]);
        s += i % 2 === 1 ? digitSum(v * 2) : v;
      }
      return (10 - ((s + 4) % 10)) % 10 === Number(d[8]);
    }
    case 'FR': {
      if (!/^\d{11}$/.test(d)) return false;
      const siren = d.slice(2);
      return luhnOk(siren) && (12 + 3 * (Number(siren) % 97)) % 97 === Number(d.slice(0, 2));
    }
    case 'BE': {
      if (!/^[01]\d{9}$/.test(d)) return false;
      return 97 - (Number(d.slice(0, 8)) % 97) === Number(d.slice(8));
    }
    case 'NL': {
      if (!/^\d{9}B\d{2}$/.test(d)) return false;
      let s = 0;
      for (let i = 0; i < 8; i++) s += Number(d[i]) * (9 - i);
      if (s % 11 === Number(d[8])) return true;
      return mod97(alnumToDigits(id)) === 1; // sole traders' numbers since 2020
    }
    case 'ES': {
      // NIF of a person (DNI, or NIE with X/Y/Z standing for 0/1/2), then CIF of a company
      const dni = d.replace(/^[XYZ]/, (c) => String('XYZ'.indexOf(c)));
      if (/^\d{8}[A-Z]$/.test(dni)) return 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(dni.slice(0, 8)) % 23] === dni[8];
      if (!/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(d)) return false;
      let a = 0;
      let b = 0;
      for (let i = 0; i < 7; i++) {
        const v = Number(d[i + 1]);
        if (i % 2 === 1) a += v;
        else b += digitSum(v * 2);
      }
      const c = (10 - ((a + b) % 10)) % 10;
      return d[8] === String(c) || d[8] === 'JABCDEFGHI'[c];
    }
    case 'IT':
      return /^\d{11}$/.test(d) && luhnOk(d);
    case 'IE': {
      const m = /^(\d{7})([A-W])([A-IW]?)$/.exec(d);
      if (!m) return false;
      let s = 0;
      for (let i = 0; i < 7; i++) s += Number(m[1]![i]) * (8 - i);
      if (m[3]) s += (m[3] === 'W' ? 0 : m[3].charCodeAt(0) - 64) * 9;
      return 'WABCDEFGHIJKLMNOPQRSTUV'[s % 23] === m[2];
    }
    case 'GB': {
      if (!/^\d{9}$/.test(d)) return false;
      let s = 0;
      for (let i = 0; i < 7; i++) s += Number(d[i]) * (8 - i);
      const c = Number(d.slice(7));
      return (s + c) % 97 === 0 || (s + 55 + c) % 97 === 0;
    }
    case 'CH': {
      const m = /^E(\d{9})(MWST|TVA|IVA)?$/.exec(d);
      if (!m) return false;
      const w = [5, 4, 3, 2, 7, 6, 5, 4];
      let s = 0;
      for (let i = 0; i < 8; i++) s += Number(m[1]![i]) * w[i]!;
      const c = 11 - (s % 11);
      return c !== 10 && (c === 11 ? 0 : c) === Number(m[1]![8]);
    }
    case 'LU':
      return /^\d{8}$/.test(d) && Number(d.slice(0, 6)) % 89 === Number(d.slice(6));
    default:
      return false;
  }
}

function rfOk(ref: string): boolean {
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(ref) && mod97(alnumToDigits(ref.slice(4) + ref.slice(0, 4))) === 1;
}

function beStructuredOk(ref: string): boolean {
  const m = /^(\d{3})\/(\d{4})\/(\d{5})$/.exec(ref);
  if (!m) return false;
  const all = m[1]! + m[2]! + m[3]!;
  return (mod97(all.slice(0, 10)) || 97) === Number(all.slice(10));
}

function qrReferenceOk(ref: string): boolean {
  if (!/^\d{27}$/.test(ref)) return false;
  const table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
  let carry = 0;
  for (const ch of ref.slice(0, 26)) carry = table[(carry + Number(ch)) % 10]!;
  return (10 - carry) % 10 === Number(ref[26]);
}

/** Groups an IBAN in fours, as printed. */
function ibanPrint(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

// ---------------------------------------------------------------------------------------------
// Money, numbers and dates
// ---------------------------------------------------------------------------------------------

type Cents = number;

/** Integer division rounding half up (for non-negative numerators). */
function divRound(a: number, b: number): number {
  if (a < 0) throw new Error('divRound expects a non-negative numerator');
  return Math.floor((2 * a + b) / (2 * b));
}

/** "19" → 1900, "5.5" → 550, "13.5" → 1350 (hundredths of a percent). */
function rateBp(rate: string): number {
  const [i, f = ''] = rate.split('.');
  return Number(i) * 100 + Number((f + '00').slice(0, 2));
}

interface NumberForm {
  /** thousands separator ('' for none) */
  t: string;
  /** decimal separator */
  d: string;
}

const EN: NumberForm = { t: ',', d: '.' };
const DOT: NumberForm = { t: '.', d: ',' };
const NBSP = '\u00a0';
const NNBSP = '\u202f';
const FR_NB: NumberForm = { t: NBSP, d: ',' };
const FR_NNB: NumberForm = { t: NNBSP, d: ',' };
const CH: NumberForm = { t: "'", d: '.' };

function num(c: Cents, f: NumberForm): string {
  const abs = Math.abs(c);
  const intPart = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, f.t);
  return (c < 0 ? '-' : '') + intPart + f.d + String(abs % 100).padStart(2, '0');
}

/** A quantity with up to three decimals, trailing zeros dropped ("7,5", "2.400"). */
function qty(q: number, f: NumberForm): string {
  const milli = Math.round(Math.abs(q) * 1000);
  const units = Math.floor(milli / 1000);
  const frac = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  const intPart = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, f.t);
  return (q < 0 ? '-' : '') + intPart + (frac ? f.d + frac : '');
}

function pct(rate: string, f: NumberForm): string {
  return rate.replace('.', f.d);
}

interface MoneyForm {
  f: NumberForm;
  sym: string;
  /** symbol before ("£1,234.56", "€ 1.234,56") or after ("1.234,56 €") */
  pre: boolean;
  /** space between symbol and number */
  sp: string;
}

function money(c: Cents, m: MoneyForm): string {
  const n = num(c, m.f);
  if (!m.sym) return n;
  if (m.pre) return c < 0 && m.sp === '' ? '-' + m.sym + n.slice(1) : m.sym + m.sp + n;
  return n + m.sp + m.sym;
}

function keyAmount(c: Cents): string {
  return num(Math.abs(c), { t: '', d: '.' });
}

const MONTHS: Record<string, string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  at: 'Jänner Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  fr: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
  nl: 'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
  it: 'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(
    ' ',
  ),
};

type DateStyle =
  | 'dd.mm.yyyy'
  | 'd.m.yyyy'
  | 'dd/mm/yyyy'
  | 'dd-mm-yyyy'
  | 'en'
  | 'en-ord'
  | 'de'
  | 'at'
  | 'fr'
  | 'nl'
  | 'es'
  | 'it';

function ordinalEn(d: number): string {
  if (d % 100 >= 11 && d % 100 <= 13) return `${d}th`;
  return d + (['th', 'st', 'nd', 'rd'][d % 10] ?? 'th');
}

function dt(iso: string, style: DateStyle): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`bad date ${iso}`);
  const [y, mo, d] = [m[1]!, m[2]!, m[3]!];
  const day = Number(d);
  const month = Number(mo) - 1;
  switch (style) {
    case 'dd.mm.yyyy':
      return `${d}.${mo}.${y}`;
    case 'd.m.yyyy':
      return `${day}.${Number(mo)}.${y}`;
    case 'dd/mm/yyyy':
      return `${d}/${mo}/${y}`;
    case 'dd-mm-yyyy':
      return `${d}-${mo}-${y}`;
    case 'en':
      return `${day} ${MONTHS.en![month]} ${y}`;
    case 'en-ord':
      return `${ordinalEn(day)} ${MONTHS.en![month]} ${y}`;
    case 'de':
      return `${day}. ${MONTHS.de![month]} ${y}`;
    case 'at':
      return `${day}. ${MONTHS.at![month]} ${y}`;
    case 'fr':
      return `${day === 1 ? '1er' : day} ${MONTHS.fr![month]} ${y}`;
    case 'nl':
      return `${day} ${MONTHS.nl![month]} ${y}`;
    case 'es':
      return `${day} de ${MONTHS.es![month]} de ${y}`;
    case 'it':
      return `${day} ${MONTHS.it![month]} ${y}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Invoice arithmetic (integer cents)
// ---------------------------------------------------------------------------------------------

interface Item {
  code?: string;
  desc: string;
  qty: number;
  unit?: string;
  /** unit price in cents */
  price: Cents;
  rate: string;
  /** line discount in percent */
  disc?: number;
}

interface Line extends Item {
  net: Cents;
}

interface RateTotal {
  rate: string;
  net: Cents;
  tax: Cents;
}

interface Calc {
  lines: Line[];
  rates: RateTotal[];
  net: Cents;
  tax: Cents;
  total: Cents;
}

function lineNet(it: Item): Cents {
  const milli = Math.round(it.qty * 1000);
  const discBp = Math.round((it.disc ?? 0) * 100);
  return divRound(milli * it.price * (10000 - discBp), 1000 * 10000);
}

/** Lines, per-rate nets (in the order the rates first appear, or `order`), tax per rate half up. */
function calc(items: Item[], order?: string[]): Calc {
  const lines = items.map((it) => ({ ...it, net: lineNet(it) }));
  const rateOrder = order ?? [...new Set(lines.map((l) => l.rate))];
  const rates = rateOrder.map((rate) => {
    const net = lines.filter((l) => l.rate === rate).reduce((s, l) => s + l.net, 0);
    return { rate, net, tax: divRound(net * rateBp(rate), 10000) };
  });
  if (rates.reduce((s, r) => s + r.net, 0) !== lines.reduce((s, l) => s + l.net, 0)) {
    throw new Error('rate order misses a rate');
  }
  const net = rates.reduce((s, r) => s + r.net, 0);
  const tax = rates.reduce((s, r) => s + r.tax, 0);
  return { lines, rates, net, tax, total: net + tax };
}

// ---------------------------------------------------------------------------------------------
// Answer key
// ---------------------------------------------------------------------------------------------

type Generator = 'writer' | 'latex';

interface KeyFields {
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
  seller_email: string | null;
  iban: string | null;
  bic: string | null;
  payment_reference: string | null;
  purchase_order: string | null;
  buyer_reference: string | null;
  buyer_name: string;
  buyer_vat_id: string | null;
}

interface Key {
  source: 'office-blind';
  generator: 'office-blind';
  file: string;
  producer: string;
  type_code: '380' | '381';
  seller_country: string;
  fields: KeyFields;
}

interface KeyInput {
  type: '380' | '381';
  country: string;
  number: string;
  issue: string;
  due: string | null;
  currency: string;
  c: Calc;
  /** defaults to the total */
  amountDue?: Cents;
  seller: string;
  sellerVat: string | null;
  sellerReg: string | null;
  email: string | null;
  iban: string | null;
  bic: string | null;
  payRef?: string | null;
  po?: string | null;
  buyerRef?: string | null;
  buyer: string;
  buyerVat?: string | null;
}

function makeKey(name: string, gen: Generator, k: KeyInput): Key {
  for (const v of [k.sellerVat, k.buyerVat]) {
    if (v && !vatOk(v)) throw new Error(`${name}: VAT id ${v} fails its check`);
  }
  if (k.iban && !ibanOk(k.iban)) throw new Error(`${name}: IBAN ${k.iban} fails its check`);
  const ref = k.payRef ?? null;
  if (ref?.startsWith('RF') && !rfOk(ref)) throw new Error(`${name}: RF reference ${ref} fails`);
  if (ref && /^\d{3}\//.test(ref) && !beStructuredOk(ref)) throw new Error(`${name}: structured ref ${ref}`);
  if (ref && /^\d{27}$/.test(ref) && !qrReferenceOk(ref)) throw new Error(`${name}: QR reference ${ref}`);
  if (k.issue > (k.due ?? '9999') || !/^\d{4}-\d{2}-\d{2}$/.test(k.issue)) throw new Error(`${name}: dates`);
  return {
    source: 'office-blind',
    generator: 'office-blind',
    file: `${name}.pdf`,
    producer: `scripts/make-office-invoices.ts (${gen === 'writer' ? 'LibreOffice Writer' : 'pdflatex'})`,
    type_code: k.type,
    seller_country: k.country,
    fields: {
      number: k.number,
      issue_date: k.issue,
      due_date: k.due,
      currency: k.currency,
      total_net: keyAmount(k.c.net),
      total_tax: keyAmount(k.c.tax),
      total: keyAmount(k.c.total),
      amount_due: keyAmount(k.amountDue ?? k.c.total),
      tax_breakdown: k.c.rates.map((r) => ({ rate: r.rate, net: keyAmount(r.net), tax: keyAmount(r.tax) })),
      seller_name: k.seller,
      seller_vat_id: k.sellerVat,
      seller_registration_id: k.sellerReg,
      seller_email: k.email,
      iban: k.iban,
      bic: k.bic,
      payment_reference: ref,
      purchase_order: k.po ?? null,
      buyer_reference: k.buyerRef ?? null,
      buyer_name: k.buyer,
      buyer_vat_id: k.buyerVat ?? null,
    },
  };
}

interface Built {
  name: string;
  gen: Generator;
  /** Flat ODT XML or LaTeX source */
  source: string;
  key: Key;
  /** expected page count */
  pages: number;
  notes: string;
}

// ---------------------------------------------------------------------------------------------
// LibreOffice Writer: Flat ODT builder
// ---------------------------------------------------------------------------------------------

interface TabStop {
  pos: number;
  type?: 'left' | 'right' | 'center' | 'char';
  char?: string;
  leader?: string;
}

interface ParaStyle {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  align?: 'start' | 'end' | 'center';
  color?: string;
  before?: number;
  after?: number;
  underline?: boolean;
  keepNext?: boolean;
  tabs?: TabStop[];
  bg?: string;
  font?: string;
  indent?: number;
  pageBreak?: boolean;
  spacing?: string;
}

interface CellStyle {
  border?: string;
  top?: string;
  bottom?: string;
  left?: string;
  right?: string;
  bg?: string;
  pad?: number;
  valign?: 'top' | 'middle' | 'bottom';
}

interface Cell {
  t?: string | string[];
  /** raw paragraph XML instead of t */
  x?: string;
  p?: string;
  s?: string;
  span?: number;
  rows?: number;
}

/** A string is a cell with default styles; null is a cell covered by a span. */
type CellIn = Cell | string | null;

interface TableOpts {
  widths: number[];
  align?: 'left' | 'right' | 'center';
  /** number of leading rows that repeat on each page */
  header?: number;
  before?: number;
  after?: number;
  cell?: string;
  para?: string;
  paraByCol?: string[];
  keepRows?: boolean;
}

interface WriterOpts {
  font: string;
  size: number;
  lang: string;
  country: string;
  accent: string;
  landscape?: boolean;
  /** top, right, bottom, left in cm */
  margins?: [number, number, number, number];
  lineSpacing?: string;
}

const FONT_FACES: Record<string, string> = {
  'Liberation Sans': 'swiss',
  'Liberation Sans Narrow': 'swiss',
  'Liberation Serif': 'roman',
  'DejaVu Sans': 'swiss',
  'DejaVu Serif': 'roman',
  'TeX Gyre Heros': 'swiss',
  'Nimbus Sans': 'swiss',
  'TeX Gyre Termes': 'roman',
};

function xmlEsc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Paragraph content: **bold**, \t = tab, \n = line break, {PAGE}/{PAGES} = fields. */
function tx(s: string): string {
  return s
    .split('**')
    .map((seg, i) => {
      const x = xmlEsc(seg)
        .replace(/\t/g, '<text:tab/>')
        .replace(/\n/g, '<text:line-break/>')
        .replace(/ {2,}/g, (m) => ` <text:s text:c="${m.length - 1}"/>`)
        .replace(/\{PAGE\}/g, '<text:page-number text:select-page="current">1</text:page-number>')
        .replace(/\{PAGES\}/g, '<text:page-count>1</text:page-count>');
      return i % 2 === 1 ? `<text:span text:style-name="TB">${x}</text:span>` : x;
    })
    .join('');
}

function p(style: string, s: string): string {
  return `<text:p text:style-name="${style}">${tx(s)}</text:p>`;
}

function paraStyleXml(name: string, s: ParaStyle): string {
  const pp = [`fo:margin-top="${s.before ?? 0}cm"`, `fo:margin-bottom="${s.after ?? 0}cm"`];
  if (s.align) pp.push(`fo:text-align="${s.align}"`);
  if (s.keepNext) pp.push('fo:keep-with-next="always"');
  if (s.bg) pp.push(`fo:background-color="${s.bg}"`);
  if (s.indent) pp.push(`fo:margin-left="${s.indent}cm"`);
  if (s.pageBreak) pp.push('fo:break-before="page"');
  if (s.spacing) pp.push(`fo:line-height="${s.spacing}"`);
  const tabs = s.tabs
    ? '<style:tab-stops>' +
      s.tabs
        .map(
          (t) =>
            `<style:tab-stop style:position="${t.pos}cm" style:type="${t.type ?? 'left'}"` +
            (t.char ? ` style:char="${xmlEsc(t.char)}"` : '') +
            (t.leader ? ` style:leader-style="dotted" style:leader-text="${xmlEsc(t.leader)}"` : '') +
            '/>',
        )
        .join('') +
      '</style:tab-stops>'
    : '';
  const tp: string[] = [];
  if (s.size) tp.push(`fo:font-size="${s.size}pt"`);
  if (s.bold) tp.push('fo:font-weight="bold"');
  if (s.italic) tp.push('fo:font-style="italic"');
  if (s.color) tp.push(`fo:color="${s.color}"`);
  if (s.font) tp.push(`style:font-name="${s.font}"`);
  if (s.underline) {
    tp.push('style:text-underline-style="solid" style:text-underline-width="auto"');
    tp.push('style:text-underline-color="font-color"');
  }
  return (
    `<style:style style:name="${name}" style:family="paragraph" style:parent-style-name="Standard">` +
    `<style:paragraph-properties ${pp.join(' ')}>${tabs}</style:paragraph-properties>` +
    `<style:text-properties ${tp.join(' ')}/></style:style>`
  );
}

function cellStyleXml(name: string, c: CellStyle): string {
  const a = [`fo:padding="${c.pad ?? 0.08}cm"`, `style:vertical-align="${c.valign ?? 'top'}"`];
  if (c.border) a.push(`fo:border="${c.border}"`);
  else {
    a.push(`fo:border-top="${c.top ?? 'none'}"`, `fo:border-bottom="${c.bottom ?? 'none'}"`);
    a.push(`fo:border-left="${c.left ?? 'none'}"`, `fo:border-right="${c.right ?? 'none'}"`);
  }
  if (c.bg) a.push(`fo:background-color="${c.bg}"`);
  return `<style:style style:name="${name}" style:family="table-cell"><style:table-cell-properties ${a.join(' ')}/></style:style>`;
}

const LINE = '0.5pt solid #000000';

function writer(o: WriterOpts) {
  const auto: string[] = [];
  const named: string[] = [];
  let n = 0;
  const s = o.size;
  const style = (name: string, ps: ParaStyle): void => {
    named.push(paraStyleXml(name, ps));
  };
  const cellStyle = (name: string, cs: CellStyle): void => {
    auto.push(cellStyleXml(name, cs));
  };
  const base: Record<string, ParaStyle> = {
    P: {},
    PR: { align: 'end' },
    PC: { align: 'center' },
    PB: { bold: true },
    PBR: { bold: true, align: 'end' },
    Big: { size: s + 9, bold: true, color: o.accent },
    Title: { size: s + 5, bold: true, before: 0.5, after: 0.3, keepNext: true },
    Note: { before: 0.25 },
    Sm: { size: s - 1.5 },
    SmR: { size: s - 1.5, align: 'end' },
    SmB: { size: s - 1.5, bold: true },
    Tiny: { size: 6.5 },
    TinyR: { size: 6.5, align: 'end' },
    TinyC: { size: 6.5, align: 'center' },
    TinyB: { size: 6.5, bold: true },
    Sender: { size: 6.5, underline: true, after: 0.15 },
    C: { size: s - 0.5 },
    CR: { size: s - 0.5, align: 'end' },
    CC: { size: s - 0.5, align: 'center' },
    CB: { size: s - 0.5, bold: true },
    CBR: { size: s - 0.5, bold: true, align: 'end' },
    H: { size: s - 0.5, bold: true },
    HR: { size: s - 0.5, bold: true, align: 'end' },
    HC: { size: s - 0.5, bold: true, align: 'center' },
    W: { color: '#ffffff' },
    WR: { color: '#ffffff', align: 'end' },
    WB: { color: '#ffffff', bold: true },
    WBR: { color: '#ffffff', bold: true, align: 'end' },
    WBig: { color: '#ffffff', bold: true, size: s + 9 },
    WTitle: { color: '#ffffff', bold: true, size: s + 5, align: 'end' },
  };
  for (const [k, v] of Object.entries(base)) style(k, v);
  const cells: Record<string, CellStyle> = {
    cN: { pad: 0.05 },
    cN0: { pad: 0 },
    cG: { border: LINE },
    cGH: { border: LINE, bg: '#e6e6e6' },
    cLB: { bottom: LINE },
    cLT: { top: LINE },
    cLTB: { top: LINE, bottom: '1.5pt double #000000' },
    cBand: { bg: o.accent, pad: 0.25, valign: 'middle' },
    cHA: { bg: o.accent, pad: 0.1, bottom: LINE },
    cZ: { bg: '#f2f2f2', bottom: '0.5pt solid #bfbfbf' },
    cZ0: { bottom: '0.5pt solid #bfbfbf' },
    cBox: { border: '0.5pt solid #7f7f7f', pad: 0.12 },
    cBoxH: { border: '0.5pt solid #7f7f7f', bg: '#ececec', pad: 0.1 },
    cFoot: { top: '0.5pt solid #7f7f7f', pad: 0.1 },
  };
  for (const [k, v] of Object.entries(cells)) cellStyle(k, v);

  function table(t: TableOpts, rows: CellIn[][]): string {
    const tn = `Tab${++n}`;
    const width = t.widths.reduce((a, b) => a + b, 0);
    auto.push(
      `<style:style style:name="${tn}" style:family="table"><style:table-properties style:width="${width.toFixed(2)}cm" ` +
        `table:align="${t.align ?? 'left'}" fo:margin-top="${t.before ?? 0}cm" fo:margin-bottom="${t.after ?? 0}cm"/></style:style>`,
    );
    t.widths.forEach((w, i) => {
      auto.push(
        `<style:style style:name="${tn}.c${i}" style:family="table-column"><style:table-column-properties style:column-width="${w}cm"/></style:style>`,
      );
    });
    if (t.keepRows) {
      auto.push(
        `<style:style style:name="${tn}.r" style:family="table-row"><style:table-row-properties fo:keep-together="always"/></style:style>`,
      );
    }
    const cellXml = (c: CellIn, i: number): string => {
      if (c === null) return '<table:covered-table-cell/>';
      const cell: Cell = typeof c === 'string' ? { t: c } : c;
      const ps = cell.p ?? t.paraByCol?.[i] ?? t.para ?? 'C';
      const lines = Array.isArray(cell.t) ? cell.t : [cell.t ?? ''];
      const attrs = [`table:style-name="${cell.s ?? t.cell ?? 'cN'}"`, 'office:value-type="string"'];
      if (cell.span) attrs.push(`table:number-columns-spanned="${cell.span}"`);
      if (cell.rows) attrs.push(`table:number-rows-spanned="${cell.rows}"`);
      const inner = cell.x ?? lines.map((l) => p(ps, l)).join('');
      return `<table:table-cell ${attrs.join(' ')}>${inner}</table:table-cell>`;
    };
    const rowXml = (r: CellIn[]): string => {
      if (r.length !== t.widths.length) throw new Error(`table ${tn}: row of ${r.length} cells`);
      const rs = t.keepRows ? ` table:style-name="${tn}.r"` : '';
      return `<table:table-row${rs}>${r.map(cellXml).join('')}</table:table-row>`;
    };
    const head = t.header ? rows.slice(0, t.header) : [];
    const bodyRows = rows.slice(t.header ?? 0);
    return (
      `<table:table table:name="${tn}" table:style-name="${tn}">` +
      t.widths.map((_, i) => `<table:table-column table:style-name="${tn}.c${i}"/>`).join('') +
      (head.length ? `<table:table-header-rows>${head.map(rowXml).join('')}</table:table-header-rows>` : '') +
      bodyRows.map(rowXml).join('') +
      '</table:table>'
    );
  }

  function frame(x: number, y: number, width: number, minH: number, content: string): string {
    const fn = `fr${++n}`;
    auto.push(
      `<style:style style:name="${fn}" style:family="graphic" style:parent-style-name="Frame"><style:graphic-properties style:wrap="none" ` +
        'style:vertical-pos="from-top" style:vertical-rel="page" style:horizontal-pos="from-left" ' +
        'style:horizontal-rel="page" fo:border="none" fo:padding="0cm" draw:fill="none" fo:background-color="transparent" ' +
        'style:background-transparency="100%"/></style:style>',
    );
    return (
      `<draw:frame draw:style-name="${fn}" draw:name="Frame${n}" text:anchor-type="page" text:anchor-page-number="1" ` +
      `svg:x="${x}cm" svg:y="${y}cm" svg:width="${width}cm" draw:z-index="${n}">` +
      `<draw:text-box fo:min-height="${minH}cm">${content}</draw:text-box></draw:frame>`
    );
  }

  function doc(body: string, footer: string, frames = ''): string {
    const [mt, mr, mb, ml] = o.margins ?? [1.5, 2, 1.2, 2.5];
    // Page-anchored frames go inside the first paragraph, where Writer itself puts them.
    if (frames && !/^<text:p [^>]*>/.test(body)) throw new Error('frames need a leading paragraph');
    const text = frames ? body.replace(/^(<text:p [^>]*>)/, `$1${frames}`) : body;
    const [pw, ph] = o.landscape ? ['29.7cm', '21cm'] : ['21cm', '29.7cm'];
    const fonts = Object.entries(FONT_FACES)
      .map(
        ([f, g]) =>
          `<style:font-face style:name="${f}" svg:font-family="'${f}'" style:font-family-generic="${g}"/>`,
      )
      .join('');
    return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls>${fonts}</office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph"><style:paragraph-properties fo:hyphenation-ladder-count="no-limit" style:writing-mode="lr-tb"${o.lineSpacing ? ` fo:line-height="${o.lineSpacing}"` : ''}/><style:text-properties style:font-name="${o.font}" fo:font-size="${o.size}pt" fo:language="${o.lang}" fo:country="${o.country}" fo:hyphenate="false"/></style:default-style>
<style:style style:name="Standard" style:family="paragraph" style:class="text"/>
<style:style style:name="Frame" style:family="graphic"><style:graphic-properties text:anchor-type="paragraph" svg:x="0cm" svg:y="0cm" style:wrap="parallel" style:vertical-pos="top" style:vertical-rel="paragraph-content" style:horizontal-pos="center" style:horizontal-rel="paragraph-content"/></style:style>
${named.join('\n')}
</office:styles>
<office:automatic-styles>
<style:style style:name="TB" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="${pw}" fo:page-height="${ph}" style:print-orientation="${o.landscape ? 'landscape' : 'portrait'}" fo:margin-top="${mt}cm" fo:margin-right="${mr}cm" fo:margin-bottom="${mb}cm" fo:margin-left="${ml}cm"/><style:footer-style><style:header-footer-properties fo:min-height="0cm" fo:margin-top="0.4cm"/></style:footer-style></style:page-layout>
${auto.join('\n')}
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"><style:footer>${footer}</style:footer></style:master-page></office:master-styles>
<office:body><office:text>${text}</office:text></office:body>
</office:document>
`;
  }

  return { style, cellStyle, table, frame, doc };
}

type W = ReturnType<typeof writer>;

interface Col {
  h: string;
  w: number;
  a?: 'l' | 'r' | 'c';
}

/** An items table whose header row repeats on every page. */
function itemsTable(
  w: W,
  cols: Col[],
  rows: string[][],
  look: 'grid' | 'zebra' | 'lines' | 'accent',
  extra?: { align?: 'left' | 'center'; before?: number; after?: number },
): string {
  const al = (a: Col['a'], head: boolean): string =>
    (head ? (look === 'accent' ? 'W' : 'H') : 'C') + (a === 'r' ? 'R' : a === 'c' ? 'C' : '');
  const headCell = { grid: 'cGH', zebra: 'cLB', lines: 'cLTB', accent: 'cHA' }[look];
  const head: CellIn[] = cols.map((c) => ({
    t: c.h,
    s: headCell,
    p: look === 'accent' ? (c.a === 'r' ? 'WBR' : 'WB') : al(c.a, true),
  }));
  const body: CellIn[][] = rows.map((r, i) =>
    r.map((t) => ({
      t,
      s:
        look === 'grid' ? 'cG' : look === 'zebra' ? (i % 2 ? 'cZ0' : 'cZ') : look === 'accent' ? 'cZ0' : 'cN',
    })),
  );
  return w.table(
    {
      widths: cols.map((c) => c.w),
      header: 1,
      paraByCol: cols.map((c) => al(c.a, false)),
      align: extra?.align ?? 'left',
      before: extra?.before ?? 0.3,
      after: extra?.after ?? 0.3,
      keepRows: true,
    },
    [head, ...body],
  );
}

interface TotalRow {
  l: string;
  v: string;
  b?: boolean;
}

/** A right-aligned two-column totals table; the bold rows get a rule above. */
function totalsTable(w: W, rows: TotalRow[], widths: [number, number], boxed = false): string {
  return w.table(
    { widths, align: 'right', before: 0.1, after: 0.3 },
    rows.map((r) => [
      { t: r.l, p: r.b ? 'CB' : 'C', s: boxed ? 'cBox' : r.b ? 'cLTB' : 'cN' },
      { t: r.v, p: r.b ? 'CBR' : 'CR', s: boxed ? 'cBox' : r.b ? 'cLTB' : 'cN' },
    ]),
  );
}

/** A three-column footer in small type with a rule above. */
function footerTable(w: W, cols: string[][], widths: number[]): string {
  return w.table({ widths }, [
    cols.map((lines, i) => ({
      t: lines,
      s: 'cFoot',
      p: i === 0 ? 'Tiny' : i === cols.length - 1 ? 'TinyR' : 'TinyC',
    })),
  ]);
}

// ---------------------------------------------------------------------------------------------
// LaTeX helpers
// ---------------------------------------------------------------------------------------------

interface TexOpts {
  /** font encoding: T1 (with lmodern/helvet) or LaTeX's default OT1 with Computer Modern */
  enc: 'T1' | 'OT1';
  euro: 'texteuro' | 'eurosym' | 'none';
}

/** Escapes text for LaTeX; **bold** → \textbf, \n → \\ . */
function lx(s: string, o: TexOpts): string {
  const esc = (seg: string): string => {
    let out = '';
    for (const ch of seg) {
      switch (ch) {
        case '\\':
          out += '\\textbackslash{}';
          break;
        case '{':
        case '}':
        case '&':
        case '%':
        case '$':
        case '#':
        case '_':
          out += '\\' + ch;
          break;
        case '~':
          out += '\\textasciitilde{}';
          break;
        case '€':
          if (o.euro === 'none') throw new Error('€ in a document without a euro sign');
          out += o.euro === 'eurosym' ? '\\euro{}' : '\\texteuro{}';
          break;
        case NBSP:
          out += '~';
          break;
        case NNBSP:
          out += '\\,';
          break;
        case '°':
          out += o.enc === 'OT1' ? '\\textsuperscript{o}' : '\\textdegree{}';
          break;
        case 'º':
          out += o.enc === 'OT1' ? '\\textsuperscript{o}' : ch;
          break;
        case 'ª':
          out += o.enc === 'OT1' ? '\\textsuperscript{a}' : ch;
          break;
        case '«':
          out += o.enc === 'OT1' ? '``' : ch;
          break;
        case '»':
          out += o.enc === 'OT1' ? "''" : ch;
          break;
        case '×':
          out += '$\\times$';
          break;
        case '²':
        case '³':
          out += o.enc === 'OT1' ? `\\textsuperscript{${ch === '²' ? 2 : 3}}` : ch;
          break;
        case '£':
          out += '\\pounds{}';
          break;
        case '\n':
          out += '\\\\';
          break;
        case '"':
        case '<':
        case '>':
        case '|':
          throw new Error(`character ${ch} not allowed in LaTeX text: ${s}`);
        default:
          out += ch;
      }
    }
    return out;
  };
  return s
    .split('**')
    .map((seg, i) => (i % 2 === 1 ? `\\textbf{${esc(seg)}}` : esc(seg)))
    .join('');
}

interface TexCol {
  h: string;
  spec: string;
  /** cells are already LaTeX (e.g. dcolumn numbers) */
  raw?: boolean;
  /** header alignment for \multicolumn (dcolumn and X columns) */
  ha?: 'l' | 'c' | 'r';
}

function texItems(
  o: TexOpts,
  cols: TexCol[],
  rows: string[][],
  look: 'booktabs' | 'grid' | 'rules',
  env: 'tabularx' | 'tabular' | 'longtable',
): string {
  const spec =
    look === 'grid' ? `|${cols.map((c) => c.spec).join('|')}|` : `@{}${cols.map((c) => c.spec).join('')}@{}`;
  const head = cols
    .map((c) => {
      const h = `\\textbf{${lx(c.h, o)}}`;
      if (!c.ha) return h;
      const bar = look === 'grid' ? '|' : '';
      return `\\multicolumn{1}{${c.ha}${bar}}{${h}}`;
    })
    .join(' & ');
  const body = rows.map((r) => r.map((cell, i) => (cols[i]!.raw ? cell : lx(cell, o))).join(' & ') + ' \\\\');
  const [top, mid, bottom, sep] =
    look === 'booktabs'
      ? ['\\toprule', '\\midrule', '\\bottomrule', '']
      : look === 'grid'
        ? ['\\hline', '\\hline', '\\hline', '\\hline']
        : ['\\hline', '\\hline', '\\hline', ''];
  const open =
    env === 'tabularx'
      ? `\\begin{tabularx}{\\textwidth}{${spec}}`
      : env === 'longtable'
        ? `\\begin{longtable}{${spec}}`
        : `\\begin{tabular}{${spec}}`;
  const close =
    env === 'tabularx' ? '\\end{tabularx}' : env === 'longtable' ? '\\end{longtable}' : '\\end{tabular}';
  const headBlock =
    env === 'longtable'
      ? `${top}\n${head} \\\\\n${mid}\n\\endhead\n${bottom}\n\\endfoot\n`
      : `${top}\n${head} \\\\\n${mid}\n`;
  const lines = sep ? body.join(`\n${sep}\n`) : body.join('\n');
  return `\\noindent${open}\n${headBlock}${lines}\n${env === 'longtable' ? '' : bottom}\n${close}\n`;
}

/** A totals block flush right: rows of label & value; bold rows get rules. */
function texTotals(o: TexOpts, rows: TotalRow[], look: 'rules' | 'plain' | 'box' = 'rules'): string {
  const body = rows
    .map((r) => {
      const cells = `${r.b ? `\\textbf{${lx(r.l, o)}}` : lx(r.l, o)} & ${r.b ? `\\textbf{${lx(r.v, o)}}` : lx(r.v, o)} \\\\`;
      return r.b && look === 'rules' ? `\\hline\n${cells}` : cells;
    })
    .join('\n');
  const spec = look === 'box' ? '|l|r|' : '@{}lr@{}';
  const frame = look === 'box' ? '\\hline\n' : '';
  return `\\begin{flushright}\n\\begin{tabular}{${spec}}\n${frame}${body}\n${frame}\\end{tabular}\n\\end{flushright}\n`;
}

/** Three (or more) parboxes side by side in small type, for a page footer; {raw} lines are LaTeX. */
function texFoot(
  o: TexOpts,
  cols: (string | { raw: string })[][],
  widths: string[],
  size = '\\scriptsize',
): string {
  const line = (l: string | { raw: string }): string => (typeof l === 'string' ? lx(l, o) : l.raw);
  return (
    `{${size}` +
    cols
      .map((lines, i) => `\\parbox[t]{${widths[i]}}{\\raggedright ${lines.map(line).join('\\\\ ')}}`)
      .join('\\hfill') +
    '}'
  );
}

/** Recipient (envelope window) on the left, label/value info block on the right, in one table. */
function windowInfo(
  w: W,
  o: {
    sender?: string;
    recipient: string[];
    info: [string, string][];
    widths: [number, number, number];
    labelP?: string;
    valueP?: string;
    cell?: string;
    before?: number;
  },
): string {
  const rows: CellIn[][] = o.info.map(([l, v], i) => [
    i === 0
      ? {
          x: (o.sender ? p('Sender', o.sender) : '') + o.recipient.map((r) => p('P', r)).join(''),
          rows: o.info.length,
          s: 'cN',
        }
      : null,
    { t: l, p: o.labelP ?? 'C', s: o.cell ?? 'cN' },
    { t: v, p: o.valueP ?? 'C', s: o.cell ?? 'cN' },
  ]);
  return w.table({ widths: o.widths, before: o.before ?? 0.8, after: 0.4 }, rows);
}

// ---------------------------------------------------------------------------------------------
// Writer invoices
// ---------------------------------------------------------------------------------------------

function en1WriterTable(): Built {
  const name = 'en-1-writer-table';
  const gbp = (c: Cents): string => money(c, { f: EN, sym: '£', pre: true, sp: '' });
  const items: Item[] = [
    {
      code: 'DR-762',
      desc: 'Supply and fit oak veneer internal door, 762 mm, incl. hinges and lever handles',
      qty: 3,
      price: 28650,
      rate: '20',
    },
    {
      code: 'SK-240',
      desc: 'Torus skirting board, primed MDF, 2.4 m lengths',
      qty: 14,
      price: 1285,
      rate: '20',
    },
    {
      code: 'DC-03',
      desc: 'Overhead door closer, size 3, fitted to fire doors',
      qty: 2,
      price: 6400,
      rate: '20',
    },
    { code: 'LAB', desc: 'Labour – joiner (hours)', qty: 11.5, price: 3800, rate: '20' },
    { code: 'WST', desc: 'Waste removal and site clean', qty: 1, price: 4500, rate: '20' },
  ];
  const c = calc(items);
  const number = 'HJ-24817';
  const [issue, due] = ['2026-03-12', '2026-04-11'];
  const iban = 'GB26BARC20041583746152';
  const w = writer({ font: 'Liberation Sans', size: 9.5, lang: 'en', country: 'GB', accent: '#1f3864' });
  const body = [
    w.table({ widths: [10, 6.5] }, [
      [
        {
          x: p('Big', 'Harrowgate Joinery Ltd') + p('Sm', 'Bespoke joinery · Shopfitting · Fire doors'),
          s: 'cN0',
        },
        {
          t: [
            '14 Tanner’s Yard, Kirkgate',
            'Leeds LS2 7HQ',
            'Tel. 0113 496 0721 · Fax 0113 496 0722',
            'accounts@harrowgate-joinery.example',
            'www.harrowgate-joinery.example',
          ],
          p: 'SmR',
          s: 'cN0',
        },
      ],
    ]),
    windowInfo(w, {
      sender: 'Harrowgate Joinery Ltd · 14 Tanner’s Yard · Leeds LS2 7HQ',
      recipient: [
        'Pennine Lettings & Property Management Ltd',
        'FAO Accounts Payable',
        'Unit 3, Calder Business Park',
        'Denby Dale Road',
        'Wakefield',
        'WF1 5PF',
      ],
      info: [
        ['Invoice No.', number],
        ['Date / tax point', dt(issue, 'en')],
        ['Account No.', 'PEN004'],
        ['Your order no.', 'PO-77120'],
        ['Delivery note', 'DN 5521'],
        ['Job', 'Flat 2, 18 Holly Bank'],
        ['Your VAT No.', 'GB 591 8240 67'],
        ['Due date', dt(due, 'en')],
        ['Page', '{PAGE} of {PAGES}'],
      ],
      widths: [9.2, 3.1, 4.2],
      labelP: 'CB',
    }),
    p('Title', 'INVOICE'),
    itemsTable(
      w,
      [
        { h: 'Code', w: 1.6 },
        { h: 'Description', w: 7.5 },
        { h: 'Qty', w: 1.2, a: 'r' },
        { h: 'Unit price £', w: 2.1, a: 'r' },
        { h: 'VAT', w: 1.3, a: 'r' },
        { h: 'Amount £', w: 2.3, a: 'r' },
      ],
      c.lines.map((l) => [l.code!, l.desc, qty(l.qty, EN), num(l.price, EN), `${l.rate}%`, num(l.net, EN)]),
      'grid',
    ),
    totalsTable(
      w,
      [
        { l: 'Subtotal (excl. VAT)', v: gbp(c.net) },
        { l: 'VAT @ 20%', v: gbp(c.tax) },
        { l: 'Total', v: gbp(c.total), b: true },
        { l: 'Amount due', v: gbp(c.total), b: true },
      ],
      [5, 3],
    ),
    p('Note', `Payment terms: 30 days net. Please pay by **${dt(due, 'en')}**.`),
    p('P', 'Pay by BACS to Harrowgate Joinery Ltd, Barclays Bank, sort code 20-04-15, account no. 83746152'),
    p('P', `From abroad: IBAN ${ibanPrint(iban)} · BIC BARCGB22`),
    p('P', 'Alternatively: Lloyds Bank, sort code 30-96-34, account no. 28114097'),
    p('P', `Payment reference: **${number}**`),
    p(
      'Note',
      'Title to goods remains with Harrowgate Joinery Ltd until paid in full. Thank you for your business.',
    ),
  ].join('');
  const footer = footerTable(
    w,
    [
      ['Harrowgate Joinery Ltd', '14 Tanner’s Yard, Kirkgate, Leeds LS2 7HQ', 'Tel. 0113 496 0721'],
      ['Barclays Bank PLC, Leeds City', 'Sort code 20-04-15 · Account 83746152', `IBAN ${ibanPrint(iban)}`],
      [
        'Registered in England and Wales No. 08417362',
        'VAT Reg. No. GB 264 9183 75',
        'Directors: D. Harrow, S. Okonjo',
      ],
    ],
    [5.5, 5.5, 5.5],
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'header table, window + info table, bordered items, totals table, 3-col footer table, sort-code account',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'GB',
      number,
      issue,
      due,
      currency: 'GBP',
      c,
      seller: 'Harrowgate Joinery Ltd',
      sellerVat: 'GB264918375',
      sellerReg: '08417362',
      email: 'accounts@harrowgate-joinery.example',
      iban,
      bic: 'BARCGB22',
      payRef: number,
      po: 'PO-77120',
      buyer: 'Pennine Lettings & Property Management Ltd',
      buyerVat: 'GB591824067',
    }),
  };
}

function en2WriterBand(): Built {
  const name = 'en-2-writer-band';
  const eur = (c: Cents): string => money(c, { f: EN, sym: '€', pre: true, sp: '' });
  const items: Item[] = [
    {
      desc: 'Ergonomic mesh office chair, black – returned, damaged in transit',
      qty: 2,
      price: 18900,
      rate: '23',
    },
    { desc: 'Toner cartridge, black, high yield – returned unopened', qty: 3, price: 4250, rate: '23' },
    { desc: 'Delivery charge refunded', qty: 1, price: 1200, rate: '23' },
  ];
  const c = calc(items);
  const number = 'CN-00381';
  const issue = '2026-04-02';
  const iban = 'IE90BOFI90001748293615';
  const w = writer({ font: 'DejaVu Sans', size: 9, lang: 'en', country: 'IE', accent: '#0b5563' });
  const band = w.table({ widths: [9.5, 7] }, [
    [
      {
        x:
          p('WBig', 'Corrib Office Supplies') +
          p('W', 'Unit 7, Liosban Business Park, Tuam Road') +
          p('W', 'Galway H91 XK2P') +
          p('W', 'T +353 91 771 204 · accounts@corrib-office.example'),
        s: 'cBand',
      },
      {
        x:
          p('WTitle', 'CREDIT NOTE') +
          p('WR', `Credit Note No.: ${number}`) +
          p('WR', `Date: ${dt(issue, 'en-ord')}`) +
          p('WR', 'Account Ref: BALLY01') +
          p('WR', 'Page {PAGE} of {PAGES}'),
        s: 'cBand',
      },
    ],
  ]);
  const body = [
    band,
    w.table({ widths: [8.5, 8], before: 0.8, after: 0.3 }, [
      [
        {
          x:
            p('SmB', 'Credit to:') +
            [
              'Ballybrit Veterinary Clinic Ltd',
              'Accounts Department',
              'Ballybrit Business Park',
              'Galway H91 R2C6',
              'VAT No. IE 9817354T',
            ]
              .map((l) => p('P', l))
              .join(''),
        },
        {
          x:
            p('SmB', 'Credit details') +
            p('P', 'Against Invoice No. INV-10492 dated 17th March 2026') +
            p('P', 'Your order no.: 4471') +
            p('P', 'Returns note: RN-0932') +
            p('P', 'Reason: goods returned'),
        },
      ],
    ]),
    itemsTable(
      w,
      [
        { h: 'Qty', w: 1.3, a: 'r' },
        { h: 'Description', w: 8.9 },
        { h: 'Unit price €', w: 2.3, a: 'r' },
        { h: 'VAT %', w: 1.5, a: 'r' },
        { h: 'Net €', w: 2.5, a: 'r' },
      ],
      c.lines.map((l) => [qty(l.qty, EN), l.desc, num(l.price, EN), l.rate, num(l.net, EN)]),
      'accent',
    ),
    totalsTable(
      w,
      [
        { l: 'Net credit', v: eur(c.net) },
        { l: 'VAT @ 23%', v: eur(c.tax) },
        { l: 'Total credit', v: eur(c.total), b: true },
      ],
      [4.5, 3],
    ),
    p('Note', `Amount credited to your account: **${eur(c.total)}**`),
    p(
      'P',
      'This credit will be set against your next invoice. Should you prefer a refund, please contact our accounts office.',
    ),
  ].join('');
  const footer = footerTable(
    w,
    [
      [
        'Corrib Office Supplies Limited',
        'Registered in Ireland No. 614392',
        'Registered office: Unit 7, Liosban Business Park, Galway',
      ],
      ['Bank of Ireland, Eyre Square, Galway', `IBAN ${ibanPrint(iban)}`, 'BIC BOFIIE2D'],
      ['VAT No. IE 6433892K', 'Directors: Niamh Fahy, Ciarán Mulkerrin', 'www.corrib-office.example'],
    ],
    [6, 5.5, 5],
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes: 'credit note (positive amounts), info block inside a coloured header band, ordinal dates',
    key: makeKey(name, 'writer', {
      type: '381',
      country: 'IE',
      number,
      issue,
      due: null,
      currency: 'EUR',
      c,
      seller: 'Corrib Office Supplies Limited',
      sellerVat: 'IE6433892K',
      sellerReg: '614392',
      email: 'accounts@corrib-office.example',
      iban,
      bic: 'BOFIIE2D',
      po: '4471',
      buyer: 'Ballybrit Veterinary Clinic Ltd',
      buyerVat: 'IE9817354T',
    }),
  };
}

function de1WriterTabs(): Built {
  const name = 'de-1-writer-tabs';
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: false, sp: ' ' });
  const items: Item[] = [
    { code: 'FB-10244', desc: 'Stahlbau-Handbuch, 6. Auflage 2025', qty: 2, price: 8900, rate: '7' },
    {
      code: 'FB-20981',
      desc: 'Normensammlung Tragwerksplanung, Ergänzungslieferung 2026',
      qty: 1,
      price: 14850,
      rate: '7',
    },
    { code: 'FB-31170', desc: 'Pflichtenheft und Lastenheft in der Praxis', qty: 3, price: 3490, rate: '7' },
    { code: 'BB-4402', desc: 'Ordner A4, 8 cm Rückenbreite, blau', qty: 20, price: 295, rate: '19' },
    { code: 'BB-5127', desc: 'Haftnotizen 76 × 76 mm, 12er-Pack', qty: 5, price: 749, rate: '19' },
    { code: 'VK-001', desc: 'Versandkostenpauschale', qty: 1, price: 690, rate: '19' },
  ];
  const c = calc(items);
  const number = '2026-10318';
  const [issue, due] = ['2026-03-18', '2026-04-01'];
  const iban = 'DE79860555921090418273';
  const w = writer({
    font: 'Liberation Sans',
    size: 10,
    lang: 'de',
    country: 'DE',
    accent: '#5a3e1b',
    margins: [1.2, 2, 1.2, 2.5],
  });
  w.style('Info', { tabs: [{ pos: 10.5 }, { pos: 16.5, type: 'right' }] });
  w.style('Sum', { tabs: [{ pos: 7.5 }, { pos: 15.2, type: 'char', char: ',' }] });
  w.style('SumB', { bold: true, tabs: [{ pos: 7.5 }, { pos: 15.2, type: 'char', char: ',' }] });
  w.style('Foot', {
    size: 7,
    tabs: [
      { pos: 8.25, type: 'center' },
      { pos: 16.5, type: 'right' },
    ],
  });
  w.style('BigR', { size: 20, bold: true, align: 'end', color: '#5a3e1b' });
  const recipient = [
    'Ingenieurbüro Falkenried GmbH & Co. KG',
    'z. Hd. Frau Dr. Weiß',
    'Bibliothek',
    'Karl-Heine-Straße 88',
    '04229 Leipzig',
  ];
  const info: [string, string][] = [
    ['Rechnungsnummer:', number],
    ['Rechnungsdatum:', dt(issue, 'dd.mm.yyyy')],
    ['Kundennummer:', '40217'],
    ['Ihre Bestellung:', 'BE-2026-0147'],
    ['Bestelldatum:', '02.03.2026'],
    ['Lieferschein-Nr.:', 'LS 88412'],
    ['Lieferdatum:', '16.03.2026'],
    ['Ihre USt-IdNr.:', 'DE291643877'],
    ['Seite:', '{PAGE} von {PAGES}'],
  ];
  const skonto = divRound(c.total * 2, 100);
  const r7 = c.rates.find((r) => r.rate === '7')!;
  const r19 = c.rates.find((r) => r.rate === '19')!;
  const body = [
    p('BigR', 'Lindenblatt'),
    p('PR', 'Fachbuchhandlung · Bürobedarf · Fortsetzungsdienst'),
    p('P', ''),
    p('Sender', 'Lindenblatt Fachbuchhandlung GmbH · Münzstraße 12 · 04109 Leipzig'),
    ...info.map(([l, v], i) => p('Info', `${recipient[i] ?? ''}\t${l}\t${v}`)),
    p('Title', 'Rechnung'),
    p('P', 'Sehr geehrte Damen und Herren,'),
    p('P', 'für die Lieferung vom 16.03.2026 berechnen wir Ihnen wie folgt:'),
    itemsTable(
      w,
      [
        { h: 'Pos.', w: 1 },
        { h: 'Art.-Nr.', w: 2 },
        { h: 'Bezeichnung', w: 6.9 },
        { h: 'Menge', w: 1.3, a: 'r' },
        { h: 'Einzelpreis', w: 2, a: 'r' },
        { h: 'USt.', w: 1.1, a: 'r' },
        { h: 'Gesamt', w: 2.2, a: 'r' },
      ],
      c.lines.map((l, i) => [
        String(i + 1),
        l.code!,
        l.desc,
        qty(l.qty, DOT),
        eur(l.price),
        `${l.rate} %`,
        eur(l.net),
      ]),
      'lines',
    ),
    p('Sum', `\tSumme netto\t${eur(c.net)}`),
    p('Sum', `\tzzgl. 7 % USt. auf ${eur(r7.net)}\t${eur(r7.tax)}`),
    p('Sum', `\tzzgl. 19 % USt. auf ${eur(r19.net)}\t${eur(r19.tax)}`),
    p('Sum', `\tUmsatzsteuer gesamt\t${eur(c.tax)}`),
    p('SumB', `\tRechnungsbetrag\t${eur(c.total)}`),
    p(
      'Note',
      `Zahlbar bis **${dt(due, 'dd.mm.yyyy')}** ohne Abzug. Bei Zahlung bis 25.03.2026 gewähren wir 2 % Skonto (${eur(skonto)}).`,
    ),
    p('P', 'Bitte geben Sie bei der Überweisung die Zahlungsreferenz **RF57 2026 0318 042** an.'),
    p(
      'Note',
      'Vielen Dank für Ihren Auftrag! Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.',
    ),
  ].join('');
  const footer = [
    'Lindenblatt Fachbuchhandlung GmbH\tSparkasse Leipzig\tAmtsgericht Leipzig, HRB 31874',
    `Münzstraße 12 · 04109 Leipzig\tIBAN ${ibanPrint(iban)}\tUSt-IdNr. DE 814 726 306`,
    'Tel. 0341 219 34-0 · Fax 0341 219 34-49\tBIC WELADE8LXXX\tSteuernummer 231/118/04527',
    'rechnung@lindenblatt-buch.example\twww.lindenblatt-buch.example\tGeschäftsführerin: Marlene Hofbauer',
  ]
    .map((l) => p('Foot', l))
    .join('');
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'recipient and info block interleaved on the same lines with left/right TAB STOPS; totals on DECIMAL tabs; 7 % + 19 %; Skonto amount; footer columns on tabs; RF reference',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'DE',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Lindenblatt Fachbuchhandlung GmbH',
      sellerVat: 'DE814726306',
      sellerReg: 'HRB 31874',
      email: 'rechnung@lindenblatt-buch.example',
      iban,
      bic: 'WELADE8LXXX',
      payRef: 'RF5720260318042',
      po: 'BE-2026-0147',
      buyer: 'Ingenieurbüro Falkenried GmbH & Co. KG',
      buyerVat: 'DE291643877',
    }),
  };
}

function de2WriterLong(): Built {
  const name = 'de-2-writer-long';
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: true, sp: ' ' });
  const rows: [number, string, string, number][] = [
    [250, 'm', 'Mantelleitung NYM-J 3×1,5 mm²', 98],
    [180, 'm', 'Mantelleitung NYM-J 3×2,5 mm²', 146],
    [60, 'm', 'Mantelleitung NYM-J 5×2,5 mm²', 262],
    [40, 'm', 'Mantelleitung NYM-J 5×6 mm²', 585],
    [120, 'm', 'Installationsrohr flexibel M20', 74],
    [80, 'm', 'Installationsrohr flexibel M25', 96],
    [45, 'Stk', 'Unterputzdose tief, Ø 60 mm', 89],
    [12, 'Stk', 'Feuchtraum-Abzweigdose IP65', 420],
    [24, 'Stk', 'Schuko-Steckdose UP, reinweiß', 635],
    [6, 'Stk', 'Steckdose Feuchtraum IP44 mit Klappdeckel', 1190],
    [18, 'Stk', 'Wechselschalter UP, reinweiß', 710],
    [8, 'Stk', 'Taster UP mit Beleuchtung', 1240],
    [14, 'Stk', 'Abdeckrahmen 1-fach', 215],
    [9, 'Stk', 'Abdeckrahmen 2-fach', 395],
    [32, 'Stk', 'LED-Einbaustrahler IP65, 6 W, 3000 K', 3850],
    [6, 'Stk', 'LED-Feuchtraumleuchte 1500 mm, 40 W', 6490],
    [4, 'Stk', 'Notleuchte LED, Dauerschaltung, 3 h', 12900],
    [2, 'Stk', 'Rettungszeichenleuchte beidseitig', 14800],
    [1, 'Stk', 'LED-Netzteil 24 V / 150 W für Lichtband', 8600],
    [28, 'm', 'LED-Lichtband 24 V, IP67, warmweiß', 1840],
    [1, 'Stk', 'Dimmaktor 4-fach, DALI', 31200],
    [1, 'Stk', 'Unterverteiler AP, 3-reihig, IP65', 24500],
    [2, 'Stk', 'FI-Schutzschalter 40 A / 30 mA, 4-polig', 6850],
    [14, 'Stk', 'Leitungsschutzschalter B16, 1-polig', 580],
    [3, 'Stk', 'Leitungsschutzschalter C32, 3-polig', 2460],
    [1, 'Stk', 'Überspannungsschutz Typ 2, 4-polig', 18900],
    [1, 'Stk', 'Anschluss Saunaofen 9 kW inkl. Steuergerät', 14500],
    [1, 'Stk', 'Anschluss Dampfgenerator 12 kW', 16500],
    [2, 'Stk', 'Anschluss Infrarotkabine', 7800],
    [1, 'Stk', 'Potentialausgleichsschiene, Montage und Anschluss', 4800],
    [22, 'm', 'Erdungsleitung H07V-K 1×16 mm², gelb-grün', 340],
    [8, 'Stk', 'Bewegungsmelder Decke, 360°, IP54', 4280],
    [1, 'psch', 'Kleinmaterial, Befestigungs- und Verbindungsmaterial', 18600],
    [64, 'h', 'Arbeitszeit Monteur', 6200],
    [38, 'h', 'Arbeitszeit Lehrling', 3400],
    [6, 'h', 'Arbeitszeit Meister, Planung und Abstimmung Bauleitung', 8400],
    [9, 'Stk', 'Fahrtkostenpauschale Zone 2', 3200],
    [2, 'Tag', 'Hebebühne, Miete', 9500],
    [1, 'Stk', 'Erstprüfung und Messprotokoll nach ÖVE/ÖNORM E 8101', 32000],
    [1, 'Stk', 'Anlagendokumentation, Schaltpläne', 18000],
    [1, 'Stk', 'Einweisung Personal Lichtsteuerung', 9000],
    [1, 'psch', 'Entsorgung Verpackung und Altmaterial', 6500],
  ];
  const items: Item[] = rows.map(([q, unit, desc, price]) => ({ qty: q, unit, desc, price, rate: '20' }));
  const c = calc(items);
  const deposit = 600000;
  const number = '2026/0017';
  const [issue, due] = ['2026-01-20', '2026-02-19'];
  const iban = 'AT293600000528471936';
  const w = writer({ font: 'TeX Gyre Heros', size: 9, lang: 'de', country: 'AT', accent: '#b22222' });
  const body = [
    w.table({ widths: [10.5, 6] }, [
      [
        { x: p('Big', 'ALPENBLICK') + p('SmB', 'Elektrotechnik GmbH'), s: 'cN0' },
        {
          t: [
            'Industriestraße 41',
            '6020 Innsbruck',
            'Tel. +43 512 39 48 10',
            'office@alpenblick-elektro.example',
          ],
          p: 'SmR',
          s: 'cN0',
        },
      ],
    ]),
    windowInfo(w, {
      sender: 'Alpenblick Elektrotechnik GmbH, Industriestraße 41, 6020 Innsbruck',
      recipient: [
        'Hotel Zirbenhof Betriebs GmbH',
        'z. H. Herrn Mag. Florian Gruber',
        'Dorfstraße 7',
        '6167 Neustift im Stubaital',
      ],
      info: [
        ['Rechnung Nr.', number],
        ['Rechnungsdatum', dt(issue, 'at')],
        ['Kunden-Nr.', '10388'],
        ['Auftragsbestätigung', 'AB-25-1120'],
        ['Ihre Bestellnummer', 'Z-2025-118'],
        ['Leistungszeitraum', '10.11.2025 – 16.01.2026'],
        ['Ihre UID', 'ATU28719465'],
        ['Sachbearbeiter', 'Ing. Thomas Mair'],
      ],
      widths: [8.5, 3.5, 4.5],
    }),
    p('Title', 'Schlussrechnung – Elektroinstallation Wellnessbereich'),
    p(
      'P',
      'Wir danken für Ihren Auftrag und erlauben uns, die ausgeführten Arbeiten laut Aufmaß wie folgt zu verrechnen:',
    ),
    itemsTable(
      w,
      [
        { h: 'Pos', w: 1 },
        { h: 'Menge', w: 1.4, a: 'r' },
        { h: 'Einh.', w: 1.1 },
        { h: 'Bezeichnung', w: 8.3 },
        { h: 'EP €', w: 2.1, a: 'r' },
        { h: 'GP €', w: 2.6, a: 'r' },
      ],
      c.lines.map((l, i) => [
        String(i + 1),
        qty(l.qty, DOT),
        l.unit!,
        l.desc,
        num(l.price, DOT),
        num(l.net, DOT),
      ]),
      'grid',
    ),
    totalsTable(
      w,
      [
        { l: 'Summe netto', v: eur(c.net) },
        { l: 'zzgl. 20 % USt', v: eur(c.tax) },
        { l: 'Gesamtbetrag brutto', v: eur(c.total), b: true },
        { l: 'abzüglich Anzahlung lt. Teilrechnung 2025/0742 vom 28.11.2025', v: `– ${eur(deposit)}` },
        { l: 'Zu zahlender Restbetrag', v: eur(c.total - deposit), b: true },
      ],
      [7.5, 3],
    ),
    p(
      'Note',
      `Zahlbar bis ${dt(due, 'at')} ohne Abzug auf unser Konto bei der Raiffeisen-Landesbank Tirol AG, IBAN ${ibanPrint(iban)}, BIC RZTIAT22. Bitte geben Sie bei der Zahlung die Rechnungsnummer an.`,
    ),
    p('Note', 'Gewährleistung gemäß ÖNORM B 2110. Mit freundlichen Grüßen, Ing. Thomas Mair'),
  ].join('');
  const footer = footerTable(
    w,
    [
      ['Alpenblick Elektrotechnik GmbH', 'Industriestraße 41, 6020 Innsbruck', 'Seite {PAGE} von {PAGES}'],
      ['Raiffeisen-Landesbank Tirol AG', `IBAN ${ibanPrint(iban)}`, 'BIC RZTIAT22'],
      ['FN 438217 k, Landesgericht Innsbruck', 'UID: ATU64382153', 'Geschäftsführer: Ing. Markus Obholzer'],
    ],
    [5.5, 5.5, 5.5],
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 2,
    notes:
      'LONG: 42 items over 2 pages, items header row repeated, totals on page 2, "Seite x von y"; Austrian "Jänner", € before amount; deposit deducted (amount due < total)',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'AT',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      amountDue: c.total - deposit,
      seller: 'Alpenblick Elektrotechnik GmbH',
      sellerVat: 'ATU64382153',
      sellerReg: 'FN 438217k',
      email: 'office@alpenblick-elektro.example',
      iban,
      bic: 'RZTIAT22',
      po: 'Z-2025-118',
      buyer: 'Hotel Zirbenhof Betriebs GmbH',
      buyerVat: 'ATU28719465',
    }),
  };
}

function fr1WriterFrames(): Built {
  const name = 'fr-1-writer-frames';
  const eur = (c: Cents): string => money(c, { f: FR_NB, sym: '€', pre: false, sp: NBSP });
  const items: Item[] = [
    {
      desc: 'Buffet déjeuner « Affaires » (entrée, plat, dessert), par personne',
      qty: 24,
      price: 2850,
      rate: '10',
    },
    { desc: 'Plateau de fromages affinés', qty: 3, price: 4200, rate: '10' },
    { desc: 'Mignardises, assortiment de 30 pièces', qty: 2, price: 3900, rate: '10' },
    { desc: 'Vin rouge AOP Côtes-du-Rhône, 75 cl', qty: 6, price: 1450, rate: '20' },
    { desc: 'Champagne brut, 75 cl', qty: 2, price: 3800, rate: '20' },
    { desc: 'Location de vaisselle et nappage, forfait', qty: 1, price: 6500, rate: '20' },
    { desc: 'Service en salle, maître d’hôtel (heures)', qty: 8, price: 3200, rate: '20' },
  ];
  const c = calc(items);
  const number = 'FA-2026-0214';
  const [issue, due] = ['2026-03-06', '2026-04-05'];
  const iban = 'FR7630004008190001284736182';
  const w = writer({
    font: 'Liberation Serif',
    size: 10,
    lang: 'fr',
    country: 'FR',
    accent: '#6b2c5f',
    margins: [1.5, 1.8, 1.2, 2],
  });
  w.style('FTitle', { size: 16, bold: true, color: '#6b2c5f', after: 0.2 });
  // Page-anchored frames do not push tables down: leave room for them as a Word user does.
  w.style('Spacer', { before: 5.2 });
  const recipient = frameParas([
    ['Cabinet Vasseur & Associés', 'PB'],
    ['À l’attention de Mme Perrin', 'P'],
    ['Service comptabilité', 'P'],
    ['23 quai Saint-Antoine', 'P'],
    ['69002 Lyon', 'P'],
  ]);
  const info = frameParas([
    ['FACTURE', 'FTitle'],
    [`Facture n°${NBSP}: ${number}`, 'PB'],
    [`Date${NBSP}: ${dt(issue, 'fr')}`, 'P'],
    [`Date de la prestation${NBSP}: ${dt('2026-03-04', 'fr')}`, 'P'],
    [`Client n°${NBSP}: C0419`, 'P'],
    [`Votre commande${NBSP}: BC 2026-031`, 'P'],
    [`Échéance${NBSP}: ${dt(due, 'fr')}`, 'P'],
    [`N° TVA client${NBSP}: FR 87 793 021 585`, 'P'],
  ]);
  const frames = w.frame(11.2, 5.2, 8, 3, recipient) + w.frame(2, 5.2, 8.5, 4.2, info);
  const body = [
    p('Big', 'Les Ateliers Gourmands'),
    p('Sm', 'Traiteur – Réceptions – Plateaux repas'),
    p('Sm', '7 rue Saint-Jean · 69005 Lyon · Tél. 04 78 92 31 40'),
    p('Sm', 'contact@ateliers-gourmands.example'),
    p('Spacer', ''),
    p('Note', `Objet${NBSP}: réception du 4 mars 2026 – séminaire annuel du cabinet`),
    itemsTable(
      w,
      [
        { h: 'Désignation', w: 9.6 },
        { h: 'Qté', w: 1.3, a: 'r' },
        { h: 'PU HT', w: 2.1, a: 'r' },
        { h: 'TVA', w: 1.5, a: 'r' },
        { h: 'Total HT', w: 2.6, a: 'r' },
      ],
      c.lines.map((l) => [
        l.desc,
        qty(l.qty, FR_NB),
        eur(l.price),
        `${pct(l.rate, FR_NB)}${NBSP}%`,
        eur(l.net),
      ]),
      'grid',
    ),
    w.table({ widths: [2, 3, 3], before: 0.1, after: 0.2 }, [
      [
        { t: 'Taux', p: 'H', s: 'cGH' },
        { t: 'Base HT', p: 'HR', s: 'cGH' },
        { t: 'Montant TVA', p: 'HR', s: 'cGH' },
      ],
      ...c.rates.map((r): CellIn[] => [
        { t: `${pct(r.rate, FR_NB)}${NBSP}%`, s: 'cG' },
        { t: eur(r.net), p: 'CR', s: 'cG' },
        { t: eur(r.tax), p: 'CR', s: 'cG' },
      ]),
    ]),
    totalsTable(
      w,
      [
        { l: 'Total HT', v: eur(c.net) },
        { l: 'Total TVA', v: eur(c.tax) },
        { l: 'Total TTC', v: eur(c.total), b: true },
        { l: 'Net à payer', v: eur(c.total), b: true },
      ],
      [4, 3.2],
    ),
    p('Note', `Conditions de règlement${NBSP}: virement à réception, au plus tard le ${dt(due, 'fr')}.`),
    p('P', 'Merci de rappeler le numéro de facture dans le libellé de votre virement.'),
    p(
      'P',
      `Coordonnées bancaires${NBSP}: BNP Paribas Lyon Terreaux – IBAN ${ibanPrint(iban)} – BIC BNPAFRPPXXX`,
    ),
    p(
      'Note',
      `Pénalités de retard${NBSP}: trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement${NBSP}: 40${NBSP}€. Pas d’escompte pour paiement anticipé.`,
    ),
  ].join('');
  const footer = footerTable(
    w,
    [
      ['SARL Les Ateliers Gourmands', '7 rue Saint-Jean, 69005 Lyon', 'Tél. 04 78 92 31 40'],
      [
        `Capital social${NBSP}: 8${NBSP}000${NBSP}€`,
        'RCS Lyon 812 453 678',
        'SIRET 812 453 678 00027 – APE 5621Z',
      ],
      ['TVA intracommunautaire', 'FR 45 812 453 678', 'Page {PAGE}/{PAGES}'],
    ],
    [5.8, 5.8, 5.6],
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer, frames),
    pages: 1,
    notes:
      'info block and recipient in page-anchored FRAMES (recipient in the right-hand window, French style); 10 % + 20 % with VAT recap; NBSP thousands',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'FR',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'SARL Les Ateliers Gourmands',
      sellerVat: 'FR45812453678',
      sellerReg: '812 453 678',
      email: 'contact@ateliers-gourmands.example',
      iban,
      bic: 'BNPAFRPPXXX',
      po: 'BC 2026-031',
      buyer: 'Cabinet Vasseur & Associés',
      buyerVat: 'FR87793021585',
    }),
  };
}

function frameParas(lines: [string, string][]): string {
  return lines.map(([t, s]) => p(s, t)).join('');
}

function fr2WriterLandscape(): Built {
  const name = 'fr-2-writer-landscape';
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: false, sp: ' ' });
  const items: Item[] = [
    {
      code: 'LIV-A5',
      desc: 'Impression recueil « Chemins de Meuse », 128 pages, A5, dos carré collé',
      qty: 500,
      unit: 'ex.',
      price: 485,
      rate: '6',
    },
    {
      code: 'LIV-PEL',
      desc: 'Supplément pelliculage mat de la couverture',
      qty: 500,
      unit: 'ex.',
      price: 42,
      rate: '6',
    },
    {
      code: 'AFF-A2',
      desc: 'Affiches A2 quadri, papier couché 170 g',
      qty: 150,
      unit: 'ex.',
      price: 190,
      rate: '21',
      disc: 5,
    },
    {
      code: 'FLY-A6',
      desc: 'Flyers A6 recto/verso, le mille',
      qty: 2,
      unit: 'mille',
      price: 8900,
      rate: '21',
    },
    {
      code: 'PAO',
      desc: 'Mise en page, corrections et BAT',
      qty: 1,
      unit: 'forfait',
      price: 24000,
      rate: '21',
    },
    { code: 'LIVR', desc: 'Livraison Namur centre', qty: 1, unit: 'forfait', price: 3500, rate: '21' },
  ];
  const c = calc(items);
  const number = '2026/0412';
  const [issue, due] = ['2026-04-09', '2026-05-09'];
  const iban = 'BE29363284716864';
  const w = writer({
    font: 'Nimbus Sans',
    size: 9,
    lang: 'fr',
    country: 'BE',
    accent: '#00558c',
    landscape: true,
    margins: [1.2, 1.5, 1, 1.5],
  });
  w.style('TitleR', { size: 16, bold: true, align: 'end', color: '#00558c' });
  const body = [
    w.table({ widths: [14, 12.7] }, [
      [
        {
          x:
            p('Big', 'Imprimerie Delvaux & Fils') +
            p('Sm', 'Rue de la Station 58 · 5000 Namur · Belgique') +
            p('Sm', 'Tél. +32 81 22 47 90 · facturation@imprimerie-delvaux.example'),
          s: 'cN0',
        },
        { x: p('TitleR', 'FACTURE'), s: 'cN0' },
      ],
    ]),
    w.table({ widths: [13, 1.5, 4.5, 7.7], before: 0.6, after: 0.3 }, [
      ...(
        [
          ['N° de facture', number],
          ['Date de facture', dt(issue, 'dd/mm/yyyy')],
          ['Date d’échéance', dt(due, 'dd/mm/yyyy')],
          ['Réf. client', 'CL-0877'],
          ['Bon de livraison', 'BL 2026-318 du 07/04/2026'],
          ['N° TVA client', 'BE 0823.916.416'],
        ] as [string, string][]
      ).map(([l, v], i): CellIn[] => [
        i === 0
          ? {
              x: [
                p('SmB', 'Adresse de facturation'),
                p('PB', 'Éditions du Confluent SA'),
                p('P', 'Service comptabilité'),
                p('P', 'Avenue Reine Astrid 12'),
                p('P', '5000 Namur'),
              ].join(''),
              rows: 6,
            }
          : null,
        i === 0 ? { t: '', rows: 6 } : null,
        { t: l, p: 'CB', s: 'cBoxH' },
        { t: v, s: 'cBox' },
      ]),
    ]),
    itemsTable(
      w,
      [
        { h: 'Réf.', w: 2 },
        { h: 'Description', w: 12.4 },
        { h: 'Qté', w: 1.6, a: 'r' },
        { h: 'Unité', w: 1.7 },
        { h: 'P.U. HTVA', w: 2.3, a: 'r' },
        { h: 'Rem. %', w: 1.5, a: 'r' },
        { h: 'Total HTVA', w: 2.6, a: 'r' },
        { h: 'TVA', w: 1.3, a: 'r' },
      ],
      c.lines.map((l) => [
        l.code!,
        l.desc,
        qty(l.qty, DOT),
        l.unit!,
        num(l.price, DOT),
        l.disc ? String(l.disc) : '',
        num(l.net, DOT),
        `${l.rate} %`,
      ]),
      'accent',
    ),
    w.table({ widths: [11, 2.2, 3.3, 3.3, 0.4, 4, 2.5], before: 0.2 }, [
      [
        { t: 'Récapitulatif TVA', p: 'CB' },
        { t: 'Taux', p: 'HR', s: 'cLB' },
        { t: 'Base HTVA', p: 'HR', s: 'cLB' },
        { t: 'Montant TVA', p: 'HR', s: 'cLB' },
        '',
        { t: 'Total HTVA', p: 'C' },
        { t: eur(c.net), p: 'CR' },
      ],
      [
        '',
        { t: '6 %', p: 'CR' },
        { t: eur(c.rates[0]!.net), p: 'CR' },
        { t: eur(c.rates[0]!.tax), p: 'CR' },
        '',
        { t: 'TVA', p: 'C' },
        { t: eur(c.tax), p: 'CR' },
      ],
      [
        '',
        { t: '21 %', p: 'CR' },
        { t: eur(c.rates[1]!.net), p: 'CR' },
        { t: eur(c.rates[1]!.tax), p: 'CR' },
        '',
        { t: 'Total TVAC', p: 'CB', s: 'cLT' },
        { t: eur(c.total), p: 'CBR', s: 'cLT' },
      ],
      [
        '',
        '',
        '',
        '',
        '',
        { t: 'Montant à payer', p: 'CB', s: 'cLTB' },
        { t: eur(c.total), p: 'CBR', s: 'cLTB' },
      ],
    ]),
    p(
      'Note',
      `Paiement à 30 jours date de facture, au plus tard le ${dt(due, 'dd/mm/yyyy')}, sur le compte IBAN ${ibanPrint(iban)} – BIC BBRUBEBB (ING Belgique), en mentionnant la communication structurée :`,
    ),
    p('PB', '+++026/0041/87305+++'),
    p(
      'Sm',
      'Nos conditions générales de vente sont disponibles sur simple demande et sur www.imprimerie-delvaux.example.',
    ),
  ].join('');
  const footer = footerTable(
    w,
    [
      ['Imprimerie Delvaux & Fils SRL – Rue de la Station 58, 5000 Namur'],
      ['TVA BE 0471.258.365 – RPM Liège, division Namur'],
      [`ING Belgique – IBAN ${ibanPrint(iban)} – BIC BBRUBEBB – page {PAGE}/{PAGES}`],
    ],
    [8.4, 8.4, 9.9],
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'LANDSCAPE A4; boxed info grid; 8-column items with line discount; 6 % + 21 % recap beside the totals; Belgian structured communication',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'BE',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Imprimerie Delvaux & Fils SRL',
      sellerVat: 'BE0471258365',
      sellerReg: '0471.258.365',
      email: 'facturation@imprimerie-delvaux.example',
      iban,
      bic: 'BBRUBEBB',
      payRef: '026/0041/87305',
      buyer: 'Éditions du Confluent SA',
      buyerVat: 'BE0823916416',
    }),
  };
}

function nl1WriterTable(): Built {
  const name = 'nl-1-writer-table';
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: true, sp: ' ' });
  const items: Item[] = [
    { desc: 'Snoeien heesters en hagen', qty: 14.5, unit: 'uur', price: 4850, rate: '21' },
    { desc: 'Vaste planten Geranium ‘Rozanne’, P9', qty: 60, unit: 'st.', price: 325, rate: '9' },
    {
      desc: 'Haagbeuk (Carpinus betulus) 125-150 cm, met kluit',
      qty: 25,
      unit: 'st.',
      price: 1190,
      rate: '9',
    },
    { desc: 'Boomschors 10-40 mm, geleverd en verwerkt', qty: 4, unit: 'm³', price: 4200, rate: '21' },
    { desc: 'Afvoer groenafval, container 6 m³', qty: 1, unit: 'st.', price: 16500, rate: '21' },
    { desc: 'Voorrijkosten', qty: 2, unit: 'x', price: 2500, rate: '21' },
  ];
  const c = calc(items, ['9', '21']);
  const number = '2026-0315';
  const [issue, due] = ['2026-03-31', '2026-04-30'];
  const iban = 'NL21RABO0318462705';
  const w = writer({ font: 'TeX Gyre Heros', size: 9.5, lang: 'nl', country: 'NL', accent: '#2e7d32' });
  const body = [
    w.table({ widths: [9.5, 7] }, [
      [
        {
          x: p('Big', 'Groenewoud Hoveniers') + p('Sm', 'Tuinaanleg · Onderhoud · Boomverzorging'),
          s: 'cN0',
        },
        {
          t: [
            'Industrieweg 19',
            '3812 RB Amersfoort',
            'T 033 461 22 80',
            'administratie@groenewoud-hoveniers.example',
          ],
          p: 'SmR',
          s: 'cN0',
        },
      ],
    ]),
    windowInfo(w, {
      sender: 'Groenewoud Hoveniers B.V. · Industrieweg 19 · 3812 RB Amersfoort',
      recipient: [
        'Stichting Woonzorg De Linde',
        't.a.v. crediteurenadministratie',
        'Postbus 1204',
        '3800 BE Amersfoort',
      ],
      info: [
        ['Factuurnummer', number],
        ['Factuurdatum', dt(issue, 'dd-mm-yyyy')],
        ['Vervaldatum', dt(due, 'dd-mm-yyyy')],
        ['Debiteurnummer', '10744'],
        ['Uw kenmerk', 'WDL/onderhoud/2026-07'],
        ['Werkbon', 'WB-2211'],
        ['Periode', 'maart 2026'],
      ],
      widths: [8.5, 3.3, 4.7],
      labelP: 'C',
      valueP: 'CB',
    }),
    p('Title', 'Factuur'),
    p(
      'P',
      'Voor de in maart 2026 uitgevoerde werkzaamheden aan de tuinen van locatie De Linde, Lindelaan 2-40, brengen wij u het volgende in rekening:',
    ),
    itemsTable(
      w,
      [
        { h: 'Omschrijving', w: 8.1 },
        { h: 'Aantal', w: 1.5, a: 'r' },
        { h: 'Eenheid', w: 1.5 },
        { h: 'Prijs', w: 2, a: 'r' },
        { h: 'Btw', w: 1.2, a: 'r' },
        { h: 'Bedrag', w: 2.2, a: 'r' },
      ],
      c.lines.map((l) => [l.desc, qty(l.qty, DOT), l.unit!, eur(l.price), `${l.rate}%`, eur(l.net)]),
      'zebra',
    ),
    totalsTable(
      w,
      [
        { l: 'Subtotaal excl. btw', v: eur(c.net) },
        ...c.rates.map((r) => ({ l: `Btw ${r.rate}% over ${eur(r.net)}`, v: eur(r.tax) })),
        { l: 'Totaal btw', v: eur(c.tax) },
        { l: 'Totaal incl. btw', v: eur(c.total), b: true },
      ],
      [5.7, 3],
    ),
    p(
      'Note',
      `Wij verzoeken u vriendelijk het totaalbedrag van ${eur(c.total)} vóór ${dt(due, 'nl')} over te maken op rekeningnummer ${ibanPrint(iban)} ten name van Groenewoud Hoveniers B.V., onder vermelding van betalingskenmerk RF03 2026 0003 15.`,
    ),
    p('Note', 'Op al onze offertes en werkzaamheden zijn onze algemene voorwaarden van toepassing.'),
  ].join('');
  const footer = footerTable(
    w,
    [
      [
        'Groenewoud Hoveniers B.V.',
        'Industrieweg 19, 3812 RB Amersfoort',
        'www.groenewoud-hoveniers.example',
      ],
      ['Rabobank', `IBAN ${ibanPrint(iban)}`, 'BIC RABONL2U'],
      ['KvK 58214736', 'Btw-id NL852137643B01', 'Pagina {PAGE} van {PAGES}'],
    ],
    [5.5, 5.5, 5.5],
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'window + info table, zebra items, 9 % + 21 % with "Btw x% over €" lines, RF betalingskenmerk, buyer reference',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'NL',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Groenewoud Hoveniers B.V.',
      sellerVat: 'NL852137643B01',
      sellerReg: '58214736',
      email: 'administratie@groenewoud-hoveniers.example',
      iban,
      bic: 'RABONL2U',
      payRef: 'RF032026000315',
      buyerRef: 'WDL/onderhoud/2026-07',
      buyer: 'Stichting Woonzorg De Linde',
    }),
  };
}

function nl2WriterTabs(): Built {
  const name = 'nl-2-writer-tabs';
  const amt = (c: Cents): string => money(c, { f: DOT, sym: 'EUR', pre: false, sp: ' ' });
  const items: Item[] = [
    { desc: 'Boekhouding 1e kwartaal 2026, forfait', qty: 1, price: 115000, rate: '21' },
    { desc: 'Periodieke btw-aangifte Q1 2026', qty: 1, price: 18500, rate: '21' },
    { desc: 'Loonadministratie, per werknemer per maand', qty: 12, price: 2850, rate: '21' },
    { desc: 'Advies herstructurering (uren)', qty: 3.5, price: 11000, rate: '21' },
    { desc: 'Opmaak jaarrekening 2025', qty: 1, price: 95000, rate: '21' },
  ];
  const c = calc(items);
  const number = '2026-0147';
  const [issue, due] = ['2026-04-15', '2026-05-15'];
  const iban = 'BE46001739281536';
  const w = writer({ font: 'DejaVu Sans', size: 9, lang: 'nl', country: 'BE', accent: '#7b1f3a' });
  w.style('BigR', { size: 18, bold: true, align: 'end', color: '#7b1f3a' });
  w.style('Lbl', { tabs: [{ pos: 3.6 }] });
  w.style('Tot', { tabs: [{ pos: 8.5 }, { pos: 15.3, type: 'char', char: ',' }] });
  w.style('TotB', { bold: true, before: 0.1, tabs: [{ pos: 8.5 }, { pos: 15.3, type: 'char', char: ',' }] });
  w.style('Foot', {
    size: 6.5,
    tabs: [
      { pos: 8.25, type: 'center' },
      { pos: 16.5, type: 'right' },
    ],
  });
  const body = [
    p('BigR', 'VANHOUTTE'),
    p('SmR', 'Boekhouding & Fiscaliteit BV'),
    p('SmR', 'Kortrijksesteenweg 214 · 9000 Gent · tel. 09 222 18 40'),
    p('SmR', 'facturatie@vanhoutte-boekhouding.example'),
    p('P', ''),
    p('P', ''),
    p('PB', 'Brouwerij Het Pelgrimke BV'),
    p('P', 'Dhr. Pieter Maes'),
    p('P', 'Molenstraat 3'),
    p('P', '9890 Gavere'),
    p('Title', 'FACTUUR'),
    p('Lbl', `Factuurnr.:\t${number}`),
    p('Lbl', `Factuurdatum:\t${dt(issue, 'dd/mm/yyyy')}`),
    p('Lbl', `Vervaldag:\t${dt(due, 'dd/mm/yyyy')}`),
    p('Lbl', 'Klantnr.:\tK-0311'),
    p('Lbl', 'Uw btw-nr.:\tBE 0528.471.935'),
    p('Lbl', 'Periode:\t1e kwartaal 2026'),
    itemsTable(
      w,
      [
        { h: 'Omschrijving', w: 9.5 },
        { h: 'Aantal', w: 1.5, a: 'r' },
        { h: 'Eenheidsprijs', w: 2.9, a: 'r' },
        { h: 'Totaal', w: 2.6, a: 'r' },
      ],
      c.lines.map((l) => [l.desc, qty(l.qty, DOT), num(l.price, DOT), num(l.net, DOT)]),
      'grid',
    ),
    p('Tot', `\tTotaal excl. btw\t${amt(c.net)}`),
    p('Tot', `\tBtw 21 %\t${amt(c.tax)}`),
    p('TotB', `\tTotaal te betalen\t${amt(c.total)}`),
    p(
      'Note',
      `Gelieve het totaalbedrag te storten vóór ${dt(due, 'dd/mm/yyyy')} op rekening ${ibanPrint(iban)} (BIC GEBABEBB) met de gestructureerde mededeling **+++142/6031/90279+++**.`,
    ),
    p(
      'Sm',
      'Bij niet-betaling op de vervaldag is van rechtswege en zonder ingebrekestelling een verwijlintrest verschuldigd van 8 % per jaar, alsook een forfaitaire schadevergoeding van 10 % met een minimum van 40 EUR.',
    ),
  ].join('');
  const footer = [
    'Vanhoutte Boekhouding & Fiscaliteit BV\tBNP Paribas Fortis\tOndernemingsnummer 0658.301.782',
    `Kortrijksesteenweg 214, 9000 Gent\tIBAN ${ibanPrint(iban)}\tRPR Gent, afdeling Gent`,
    'Erkend boekhouder-fiscalist ITAA nr. 10.472.318\tBIC GEBABEBB\tBTW BE 0658.301.782',
  ]
    .map((l) => p('Foot', l))
    .join('');
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'info block label/value on a left TAB STOP; totals on DECIMAL tabs with ISO code after the amount; footer on tabs; Belgian structured communication',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'BE',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Vanhoutte Boekhouding & Fiscaliteit BV',
      sellerVat: 'BE0658301782',
      sellerReg: '0658.301.782',
      email: 'facturatie@vanhoutte-boekhouding.example',
      iban,
      bic: 'GEBABEBB',
      payRef: '142/6031/90279',
      buyer: 'Brouwerij Het Pelgrimke BV',
      buyerVat: 'BE0528471935',
    }),
  };
}

function es1WriterGrid(): Built {
  const name = 'es-1-writer-grid';
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: false, sp: ' ' });
  const items: Item[] = [
    { code: 'ACE-5W30', desc: 'Aceite motor 5W30 sintético (litros)', qty: 8, price: 980, rate: '21' },
    { code: 'FIL-0443', desc: 'Filtro de aceite', qty: 1, price: 1460, rate: '21' },
    { code: 'PAS-2211', desc: 'Juego pastillas de freno delanteras', qty: 1, price: 6890, rate: '21' },
    { code: 'NEU-21565', desc: 'Neumático 215/65 R16C', qty: 2, price: 11800, rate: '21', disc: 10 },
    { code: 'MO', desc: 'Mano de obra (horas)', qty: 3.5, price: 4200, rate: '21' },
    { code: 'RES', desc: 'Gestión de residuos (aceite y neumáticos)', qty: 1, price: 450, rate: '21' },
  ];
  const c = calc(items);
  const number = 'F-2026/0412';
  const [issue, due] = ['2026-04-22', '2026-05-22'];
  const iban = 'ES0821003947510200184736';
  const w = writer({ font: 'DejaVu Sans', size: 8.5, lang: 'es', country: 'ES', accent: '#8b0000' });
  w.style('BoxTitle', { size: 14, bold: true, color: '#8b0000', align: 'center' });
  const grid = (labels: string[], values: string[], widths: number[]): string =>
    w.table({ widths, before: 0.15 }, [
      labels.map((t) => ({ t, p: 'HC', s: 'cBoxH' })),
      values.map((t) => ({ t, p: 'CC', s: 'cBox' })),
    ]);
  const body = [
    w.table({ widths: [9.5, 7] }, [
      [
        {
          x:
            p('Big', 'TALLERES FERRÁNDIZ') +
            p('SmB', 'Talleres Mecánicos Hermanos Ferrándiz, S.L.') +
            p('Sm', 'Pol. Ind. Fuente del Jarro · C/ Ciudad de Sevilla, 27') +
            p('Sm', '46988 Paterna (Valencia)') +
            p('Sm', 'Tel. 961 324 780 · Fax 961 324 781') +
            p('Sm', 'administracion@talleres-ferrandiz.example') +
            p('SmB', 'CIF: B-46281374'),
          s: 'cN0',
        },
        {
          x:
            p('BoxTitle', 'FACTURA') +
            p('SmB', 'CLIENTE') +
            p('PB', 'Distribuciones Albufera, S.A.') +
            p('P', 'C/ Colón, 44, 3º') +
            p('P', '46004 Valencia') +
            p('P', 'CIF: A08735219'),
          s: 'cBox',
        },
      ],
    ]),
    grid(
      ['Nº FACTURA', 'FECHA', 'Nº CLIENTE', 'SU PEDIDO', 'VENCIMIENTO'],
      [number, dt(issue, 'dd/mm/yyyy'), '4310', '2026-118', dt(due, 'dd/mm/yyyy')],
      [3.4, 3.2, 3, 3.4, 3.5],
    ),
    grid(
      ['MATRÍCULA', 'VEHÍCULO', 'KM', 'ORDEN DE REPARACIÓN', 'FORMA DE PAGO'],
      ['4821 HBK', 'Furgoneta 3,5 t', '148.230', 'OR-7719', 'Transferencia 30 días'],
      [3.4, 3.2, 3, 3.4, 3.5],
    ),
    itemsTable(
      w,
      [
        { h: 'Ref.', w: 2.2 },
        { h: 'Concepto', w: 7.1 },
        { h: 'Cant.', w: 1.3, a: 'r' },
        { h: 'Precio', w: 2.1, a: 'r' },
        { h: 'Dto. %', w: 1.4, a: 'r' },
        { h: 'Importe', w: 2.4, a: 'r' },
      ],
      c.lines.map((l) => [
        l.code!,
        l.desc,
        qty(l.qty, DOT),
        eur(l.price),
        l.disc ? `${l.disc},00` : '',
        eur(l.net),
      ]),
      'grid',
      { before: 0.4 },
    ),
    grid(
      ['BASE IMPONIBLE', '% IVA', 'CUOTA IVA', 'TOTAL FACTURA'],
      [eur(c.net), '21 %', eur(c.tax), `**${eur(c.total)}**`],
      [4.5, 3, 4.5, 4.5],
    ),
    p(
      'Note',
      `Forma de pago: transferencia bancaria a 30 días a la cuenta ${ibanPrint(iban)} (CaixaBank, BIC CAIXESBBXXX). Rogamos indiquen el número de factura en el concepto de la transferencia.`,
    ),
    p(
      'Tiny',
      'De conformidad con el Reglamento (UE) 2016/679 (RGPD), sus datos serán tratados por Talleres Mecánicos Hermanos Ferrándiz, S.L. con la finalidad de gestionar la relación comercial. Puede ejercer sus derechos en administracion@talleres-ferrandiz.example.',
    ),
  ].join('');
  const footer = p(
    'TinyC',
    'Talleres Mecánicos Hermanos Ferrándiz, S.L. – CIF B-46281374 – Inscrita en el Registro Mercantil de Valencia, Tomo 8.412, Libro 5.703, Folio 118, Hoja V-112934, Inscripción 1ª – Página {PAGE} de {PAGES}',
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'Spanish boxed grids with LABELS ABOVE VALUES (info and totals), vehicle/km distractors, line discount, one-line register footer',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'ES',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Talleres Mecánicos Hermanos Ferrándiz, S.L.',
      sellerVat: 'ESB46281374',
      sellerReg: 'V-112934',
      email: 'administracion@talleres-ferrandiz.example',
      iban,
      bic: 'CAIXESBBXXX',
      po: '2026-118',
      buyer: 'Distribuciones Albufera, S.A.',
      buyerVat: 'ESA08735219',
    }),
  };
}

function es2WriterRectificativa(): Built {
  const name = 'es-2-writer-rectificativa';
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: false, sp: ' ' });
  const items: Item[] = [
    {
      code: 'MON-27Q',
      desc: 'Monitor 27 pulgadas QHD – defecto de panel, devuelto',
      qty: 2,
      price: 23900,
      rate: '21',
    },
    { code: 'DOC-USBC', desc: 'Base de conexión USB-C – devuelta', qty: 1, price: 12900, rate: '21' },
  ];
  const c = calc(items);
  const number = 'R-2026-0009';
  const issue = '2026-05-07';
  const iban = 'ES0620800300803040018273';
  const w = writer({ font: 'Liberation Sans', size: 9, lang: 'es', country: 'ES', accent: '#003366' });
  w.style('TitleR', { size: 15, bold: true, align: 'end', color: '#003366', after: 0.2 });
  const body = [
    w.table({ widths: [8.5, 8] }, [
      [
        {
          x:
            p('Big', 'Ofimática Castellana') +
            p('SmB', 'Ofimática Castellana, S.L.') +
            p('Sm', 'C/ de Embajadores, 181 – 28045 Madrid') +
            p('Sm', 'Tel. 914 737 205') +
            p('Sm', 'facturacion@ofimatica-castellana.example') +
            p('Sm', 'NIF: B82719469'),
          s: 'cN0',
        },
        {
          x:
            p('TitleR', 'FACTURA RECTIFICATIVA') +
            w.table({ widths: [4.2, 3.6], align: 'right' }, [
              [
                { t: 'Nº factura rectificativa', p: 'CB', s: 'cBoxH' },
                { t: number, s: 'cBox' },
              ],
              [
                { t: 'Fecha de expedición', p: 'CB', s: 'cBoxH' },
                { t: dt(issue, 'es'), s: 'cBox' },
              ],
              [
                { t: 'Factura rectificada', p: 'CB', s: 'cBoxH' },
                { t: '2026-0387', s: 'cBox' },
              ],
              [
                { t: 'Fecha factura rectificada', p: 'CB', s: 'cBoxH' },
                { t: '14/04/2026', s: 'cBox' },
              ],
              [
                { t: 'Código cliente', p: 'CB', s: 'cBoxH' },
                { t: '000217', s: 'cBox' },
              ],
            ]),
          s: 'cN0',
        },
      ],
    ]),
    w.table({ widths: [16.5], before: 0.5, after: 0.2 }, [
      [
        {
          x:
            p('SmB', 'DATOS DEL CLIENTE') +
            p('PB', 'Gestoría Arganzuela, S.L.P.') +
            p('P', 'Paseo de las Delicias, 61, 2º B – 28045 Madrid') +
            p('P', 'NIF: B-33184201'),
          s: 'cBox',
        },
      ],
    ]),
    p(
      'Note',
      'Motivo de la rectificación: devolución de mercancía defectuosa (art. 80.Dos de la Ley 37/1992 del IVA). Albarán de devolución AD-0142.',
    ),
    itemsTable(
      w,
      [
        { h: 'Código', w: 2.3 },
        { h: 'Descripción', w: 7.6 },
        { h: 'Unidades', w: 1.8, a: 'r' },
        { h: 'Precio unitario', w: 2.4, a: 'r' },
        { h: 'Importe', w: 2.4, a: 'r' },
      ],
      c.lines.map((l) => [l.code!, l.desc, qty(-l.qty, DOT), eur(l.price), eur(-l.net)]),
      'grid',
    ),
    totalsTable(
      w,
      [
        { l: 'Base imponible', v: eur(-c.net) },
        { l: 'IVA 21 %', v: eur(-c.tax) },
        { l: 'Total factura rectificativa', v: eur(-c.total), b: true },
      ],
      [5.2, 3],
    ),
    p(
      'Note',
      'El importe de esta factura rectificativa se compensará en su próxima factura o, si lo prefieren, se abonará por transferencia a la cuenta que nos indiquen.',
    ),
  ].join('');
  const footer = footerTable(
    w,
    [
      ['Ofimática Castellana, S.L. – NIF B82719469', 'C/ de Embajadores, 181 – 28045 Madrid'],
      ['Abanca', `IBAN ${ibanPrint(iban)}`, 'BIC CAGLESMMXXX'],
      [
        'Registro Mercantil de Madrid, Tomo 31.204, Folio 87, Sección 8ª, Hoja M-561203',
        'Página {PAGE} de {PAGES}',
      ],
    ],
    [5.3, 5.2, 6],
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'CREDIT NOTE (factura rectificativa) with NEGATIVE quantities and amounts, reference to the rectified invoice, nested info table',
    key: makeKey(name, 'writer', {
      type: '381',
      country: 'ES',
      number,
      issue,
      due: null,
      currency: 'EUR',
      c,
      seller: 'Ofimática Castellana, S.L.',
      sellerVat: 'ESB82719469',
      sellerReg: 'M-561203',
      email: 'facturacion@ofimatica-castellana.example',
      iban,
      bic: 'CAGLESMMXXX',
      buyer: 'Gestoría Arganzuela, S.L.P.',
      buyerVat: 'ESB33184201',
    }),
  };
}

function it1WriterItalian(): Built {
  const name = 'it-1-writer-riepilogo';
  const e = (c: Cents): string => num(c, DOT);
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: true, sp: ' ' });
  const items: Item[] = [
    {
      code: 'CALD24',
      desc: 'Caldaia a condensazione 24 kW, classe A, fornitura',
      qty: 1,
      unit: 'pz',
      price: 215000,
      rate: '10',
      disc: 8,
    },
    {
      code: 'KSF80',
      desc: 'Kit scarico fumi coassiale Ø 60/100',
      qty: 1,
      unit: 'pz',
      price: 18600,
      rate: '10',
    },
    {
      code: 'VT-15',
      desc: 'Valvola termostatica con testa, 1/2 pollice',
      qty: 18,
      unit: 'pz',
      price: 3450,
      rate: '10',
      disc: 5,
    },
    { code: 'MO-IDR', desc: 'Manodopera idraulico', qty: 12, unit: 'h', price: 3800, rate: '10' },
    {
      code: 'ANCOMB',
      desc: 'Analisi di combustione e aggiornamento libretto di impianto',
      qty: 1,
      unit: 'nr',
      price: 9000,
      rate: '22',
    },
    { code: 'SMALT', desc: 'Smaltimento vecchia caldaia', qty: 1, unit: 'nr', price: 6000, rate: '22' },
  ];
  const c = calc(items);
  const number = '118/2026';
  const [issue, due] = ['2026-03-27', '2026-04-26'];
  const iban = 'IT15W0503411701000000284736';
  const w = writer({ font: 'Nimbus Sans', size: 9, lang: 'it', country: 'IT', accent: '#1a4d80' });
  const body = [
    p('Big', 'IDROTERMICA BERGAMASCA'),
    p('SmB', 'Idrotermica Bergamasca S.r.l. – Impianti termoidraulici e climatizzazione'),
    p('Sm', 'Via Borgo Palazzo, 118 – 24125 Bergamo (BG) – Tel. 035 421 8830'),
    p('Sm', 'amministrazione@idrotermica-bg.example – P.IVA e C.F. 04281936155'),
    w.table({ widths: [8.5, 8], before: 0.6, after: 0.3 }, [
      [
        {
          x:
            p('SmB', 'Luogo dell’intervento') +
            p('P', 'Via dei Caniana, 14') +
            p('P', '24127 Bergamo') +
            p('SmB', 'Codice destinatario SDI') +
            p('P', 'M5UXCR1'),
        },
        {
          x:
            p('P', 'Spett.le') +
            p('PB', 'Condominio Residenza Le Betulle') +
            p('P', 'c/o Studio Amministrazioni Rota') +
            p('P', 'Via Paleocapa, 5') +
            p('P', '24122 Bergamo (BG)') +
            p('P', 'C.F. 95012340163'),
          s: 'cBox',
        },
      ],
    ]),
    p('Title', `FATTURA n. ${number} del ${dt(issue, 'dd/mm/yyyy')}`),
    p('P', 'Vs. ordine n. 14/2026 del 02/03/2026 – DDT n. 77 del 20/03/2026 – Cod. cliente C-0583'),
    itemsTable(
      w,
      [
        { h: 'Codice', w: 1.7 },
        { h: 'Descrizione', w: 6.2 },
        { h: 'U.M.', w: 0.9 },
        { h: 'Q.tà', w: 1.1, a: 'r' },
        { h: 'Prezzo', w: 1.9, a: 'r' },
        { h: 'Sc. %', w: 1.1, a: 'r' },
        { h: 'Importo', w: 2.1, a: 'r' },
        { h: 'IVA', w: 1.5, a: 'r' },
      ],
      c.lines.map((l) => [
        l.code!,
        l.desc,
        l.unit!,
        qty(l.qty, DOT),
        e(l.price),
        l.disc ? String(l.disc) : '',
        e(l.net),
        `${l.rate}%`,
      ]),
      'grid',
    ),
    w.table({ widths: [9, 7.5], before: 0.2 }, [
      [
        {
          x:
            p('SmB', 'Riepilogo IVA') +
            w.table({ widths: [2.2, 3.2, 3] }, [
              [
                { t: 'Aliquota', p: 'H', s: 'cGH' },
                { t: 'Imponibile', p: 'HR', s: 'cGH' },
                { t: 'Imposta', p: 'HR', s: 'cGH' },
              ],
              ...c.rates.map((r): CellIn[] => [
                { t: `${r.rate}%`, s: 'cG' },
                { t: e(r.net), p: 'CR', s: 'cG' },
                { t: e(r.tax), p: 'CR', s: 'cG' },
              ]),
            ]) +
            p('SmB', 'Scadenze') +
            w.table({ widths: [2.6, 2.8, 3] }, [
              [
                { t: 'Data', p: 'H', s: 'cGH' },
                { t: 'Importo', p: 'HR', s: 'cGH' },
                { t: 'Modalità', p: 'H', s: 'cGH' },
              ],
              [
                { t: dt(due, 'dd/mm/yyyy'), s: 'cG' },
                { t: eur(c.total), p: 'CR', s: 'cG' },
                { t: 'Bonifico bancario', s: 'cG' },
              ],
            ]),
          s: 'cN0',
        },
        {
          x: w.table({ widths: [4.2, 3] }, [
            [
              { t: 'Totale imponibile', s: 'cN' },
              { t: eur(c.net), p: 'CR', s: 'cN' },
            ],
            [
              { t: 'Totale IVA', s: 'cN' },
              { t: eur(c.tax), p: 'CR', s: 'cN' },
            ],
            [
              { t: 'Totale documento', p: 'CB', s: 'cLTB' },
              { t: eur(c.total), p: 'CBR', s: 'cLTB' },
            ],
            [
              { t: 'Netto a pagare', p: 'CB', s: 'cN' },
              { t: eur(c.total), p: 'CBR', s: 'cN' },
            ],
          ]),
          s: 'cN0',
        },
      ],
    ]),
    p(
      'Note',
      `Pagamento: bonifico bancario 30 gg d.f. su Banco BPM, filiale di Bergamo – IBAN ${ibanPrint(iban)} – BIC BAPPIT21XXX`,
    ),
    p(
      'Sm',
      'Copia di cortesia: l’originale della fattura elettronica è stato trasmesso tramite SdI ed è disponibile nella Sua area riservata.',
    ),
  ].join('');
  const footer = footerTable(
    w,
    [
      ['Idrotermica Bergamasca S.r.l.', 'Via Borgo Palazzo, 118 – 24125 Bergamo'],
      ['P.IVA e C.F. 04281936155 – REA BG-451872', 'Capitale sociale € 50.000,00 i.v.'],
      ['amministrazione@idrotermica-bg.example', 'Pagina {PAGE} di {PAGES}'],
    ],
    [5.5, 5.5, 5.5],
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'number and date in one title line ("FATTURA n. … del …"), nested tables (VAT summary, due-date table, totals side by side), 10 % + 22 % with half-up edge, line discounts, recipient on the right',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'IT',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Idrotermica Bergamasca S.r.l.',
      sellerVat: 'IT04281936155',
      sellerReg: 'BG-451872',
      email: 'amministrazione@idrotermica-bg.example',
      iban,
      bic: 'BAPPIT21XXX',
      po: '14/2026',
      buyer: 'Condominio Residenza Le Betulle',
    }),
  };
}

function it2WriterLeaders(): Built {
  const name = 'it-2-writer-leaders';
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: true, sp: ' ' });
  const fees: Item[] = [
    { desc: 'Progettazione impianto antincendio, fase definitiva', qty: 1, price: 320000, rate: '22' },
    { desc: 'Sopralluoghi e rilievi', qty: 3, price: 18000, rate: '22' },
    { desc: 'Pratica SCIA presso il Comando Provinciale VV.F.', qty: 1, price: 45000, rate: '22' },
  ];
  const feeTotal = fees.reduce((s, it) => s + lineNet(it), 0);
  const cassa = divRound(feeTotal * 4, 100);
  const c = calc([
    ...fees,
    { desc: 'Contributo integrativo Inarcassa 4 %', qty: 1, price: cassa, rate: '22' },
  ]);
  const ritenuta = divRound(feeTotal * 20, 100);
  const number = '4/2026';
  const issue = '2026-02-03';
  const iban = 'IT17V0306909606100000063918';
  const w = writer({
    font: 'Liberation Serif',
    size: 10.5,
    lang: 'it',
    country: 'IT',
    accent: '#333333',
    margins: [1.5, 2.2, 1.2, 2.2],
  });
  w.style('BigC', { size: 19, bold: true, align: 'center', color: '#333333' });
  w.style('SmC', { size: 9, align: 'center' });
  w.style('Rcpt', { indent: 9.5 });
  w.style('RcptB', { indent: 9.5, bold: true });
  w.style('Lead', { tabs: [{ pos: 16.6, type: 'right', leader: '.' }], after: 0.08 });
  w.style('LeadB', {
    bold: true,
    tabs: [{ pos: 16.6, type: 'right', leader: '.' }],
    after: 0.08,
    before: 0.15,
  });
  const body = [
    p('SmC', 'STUDIO TECNICO'),
    p('BigC', 'Ing. Chiara Ruffini'),
    p('SmC', 'Progettazione impianti · Prevenzione incendi · Direzione lavori'),
    p('SmC', 'Via Nomentana, 233 – 00161 Roma – Tel. 06 4423 1187 – studio@ruffini-ingegneria.example'),
    p('SmC', 'P.IVA 07516280398 – C.F. RFFCHR78E52H501X'),
    p('P', ''),
    p('PR', 'Roma, 3 febbraio 2026'),
    p('Rcpt', 'Spett.le'),
    p('RcptB', 'Immobiliare Tiburtina S.p.A.'),
    p('Rcpt', 'Via Tiburtina, 912'),
    p('Rcpt', '00156 Roma (RM)'),
    p('Rcpt', 'P.IVA 12384057167'),
    p('Title', `Fattura n. ${number}`),
    p(
      'P',
      'Oggetto: progetto dell’impianto antincendio dell’autorimessa interrata di Via Tiburtina 912 – incarico prot. 2025/118 del 12/11/2025.',
    ),
    p('P', ''),
    p('Lead', `Progettazione impianto antincendio, fase definitiva\t${eur(fees[0]!.price)}`),
    p('Lead', `Sopralluoghi e rilievi (n. 3 × ${eur(fees[1]!.price)})\t${eur(lineNet(fees[1]!))}`),
    p('Lead', `Pratica SCIA presso il Comando Provinciale VV.F.\t${eur(fees[2]!.price)}`),
    p('LeadB', `Totale onorari\t${eur(feeTotal)}`),
    p('Lead', `Contributo integrativo Inarcassa 4 %\t${eur(cassa)}`),
    p('Lead', `Imponibile IVA\t${eur(c.net)}`),
    p('Lead', `IVA 22 % su ${eur(c.net)}\t${eur(c.tax)}`),
    p('LeadB', `Totale fattura\t${eur(c.total)}`),
    p('Lead', `Ritenuta d’acconto 20 % su ${eur(feeTotal)}\t– ${eur(ritenuta)}`),
    p('LeadB', `Netto a pagare\t${eur(c.total - ritenuta)}`),
    p('P', ''),
    p(
      'Note',
      `Pagamento: bonifico bancario a 30 giorni data fattura su IBAN ${ibanPrint(iban)} (Intesa Sanpaolo, BIC BCITITMM) intestato a Chiara Ruffini.`,
    ),
    p(
      'Sm',
      'Documento privo di valenza fiscale ai sensi dell’art. 21 D.P.R. 633/72: l’originale elettronico è disponibile nell’area riservata del sito dell’Agenzia delle Entrate. Iscritta all’Ordine degli Ingegneri della Provincia di Roma, sez. A, n. 28417.',
    ),
  ].join('');
  const footer = p(
    'TinyC',
    'Ing. Chiara Ruffini – Via Nomentana, 233 – 00161 Roma – P.IVA 07516280398 – pagina {PAGE} di {PAGES}',
  );
  return {
    name,
    gen: 'writer',
    source: w.doc(body, footer),
    pages: 1,
    notes:
      'professional fee note without an items table: lines and totals on right TAB STOPS with DOT LEADERS; 4 % pension-fund charge in the VAT base; 20 % withholding (amount due < total); codice fiscale distractor',
    key: makeKey(name, 'writer', {
      type: '380',
      country: 'IT',
      number,
      issue,
      due: null,
      currency: 'EUR',
      c,
      amountDue: c.total - ritenuta,
      seller: 'Ing. Chiara Ruffini',
      sellerVat: 'IT07516280398',
      sellerReg: null,
      email: 'studio@ruffini-ingegneria.example',
      iban,
      bic: 'BCITITMM',
      buyer: 'Immobiliare Tiburtina S.p.A.',
      buyerVat: 'IT12384057167',
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// LaTeX invoices
// ---------------------------------------------------------------------------------------------

/** A number for a dcolumn D{.}{.} column: the thousands comma braced so math mode keeps it tight. */
function dnum(c: Cents): string {
  return num(c, EN).replace(/,/g, '{,}');
}

function en3LatexArticle(): Built {
  const name = 'en-3-latex-article';
  const o: TexOpts = { enc: 'T1', euro: 'texteuro' };
  const gbp = (c: Cents): string => money(c, { f: EN, sym: '£', pre: true, sp: '' });
  const items: Item[] = [
    { desc: 'Discovery workshop and site audit (days)', qty: 2, price: 65000, rate: '20' },
    { desc: 'Front-end development, Kestrel Trust website (days)', qty: 6.5, price: 60000, rate: '20' },
    { desc: 'Accessibility audit and fixes to WCAG 2.2 AA', qty: 1, price: 85000, rate: '20' },
    { desc: 'Hosting and support, 12 months from 1 April 2026', qty: 1, price: 24000, rate: '20' },
  ];
  const c = calc(items);
  const number = 'TD-2026-017';
  const issue = '2026-03-24';
  const iban = 'GB40LOYD30963417283645';
  const table = texItems(
    o,
    [
      { h: 'Description', spec: 'X' },
      { h: 'Qty', spec: 'r' },
      { h: 'Rate', spec: 'r' },
      { h: 'VAT', spec: 'r' },
      { h: 'Amount', spec: 'r' },
    ],
    c.lines.map((l) => [l.desc, qty(l.qty, EN), gbp(l.price), '20%', gbp(l.net)]),
    'booktabs',
    'tabularx',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[10pt,a4paper]{article}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage[british]{babel}
\usepackage[a4paper,left=2.2cm,right=2.2cm,top=1.8cm,bottom=2cm]{geometry}
\usepackage{tabularx,booktabs}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
\begin{document}
\begin{minipage}[t]{0.55\textwidth}
{\huge\bfseries Thornbury Digital}\\[3pt]
{\small Web design \& development for charities and the public sector}
\end{minipage}\hfill
\begin{minipage}[t]{0.4\textwidth}\raggedleft\small
Thornbury Digital Ltd\\
41 Gloucester Road\\
Bristol BS7 8AD\\
0117 496 0388\\
hello@thornbury-digital.example
\end{minipage}

\vspace{14mm}
\begin{minipage}[t]{0.5\textwidth}
\textbf{Invoice to}\\
The Kestrel Trust\\
Finance Office\\
2 Wharf Street\\
Bristol BS1 4RN
\end{minipage}\hfill
\begin{minipage}[t]{0.4\textwidth}
\begin{tabular}{@{}ll@{}}
Our ref.: & ${lx(number, o)}\\
Your ref.: & KT/WEB/03\\
PO number: & 88213\\
Date: & ${dt(issue, 'dd/mm/yyyy')}\\
Tax point: & ${dt(issue, 'dd/mm/yyyy')}\\
\end{tabular}
\end{minipage}

\vspace{12mm}
{\LARGE\bfseries INVOICE}

\vspace{4mm}
${table}
${texTotals(
  o,
  [
    { l: 'Subtotal', v: gbp(c.net) },
    { l: 'VAT at 20%', v: gbp(c.tax) },
    { l: 'Total due', v: gbp(c.total), b: true },
  ],
  'rules',
)}
\vspace{6mm}
\textbf{Payment terms:} 30 days from the date of invoice. Please quote our reference with your payment.

Bank transfer to Thornbury Digital Ltd, Lloyds Bank, sort code 30-96-34, account number 17283645.\\
IBAN ${ibanPrint(iban)}, BIC \mbox{LOYDGB21XXX}.

Thank you -- it was a pleasure working with the Kestrel Trust team on the first phase of the new site.

\vfill
{\footnotesize\centering Thornbury Digital Ltd \textperiodcentered{} Registered in England and Wales, company no.\ 11834207 \textperiodcentered{} Registered office: 41 Gloucester Road, Bristol BS7 8AD\\
VAT registration no.\ 147 2956 85\par}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'article + tabularx/booktabs, T1 + Latin Modern; "Our ref." as the invoice number; VAT number printed WITHOUT the GB prefix; due date only as "30 days"',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'GB',
      number,
      issue,
      due: null,
      currency: 'GBP',
      c,
      seller: 'Thornbury Digital Ltd',
      sellerVat: 'GB147295685',
      sellerReg: '11834207',
      email: 'hello@thornbury-digital.example',
      iban,
      bic: 'LOYDGB21XXX',
      po: '88213',
      buyerRef: 'KT/WEB/03',
      buyer: 'The Kestrel Trust',
    }),
  };
}

function en4LatexDcolumn(): Built {
  const name = 'en-4-latex-dcolumn';
  const o: TexOpts = { enc: 'OT1', euro: 'eurosym' };
  const eur = (c: Cents): string => money(c, { f: EN, sym: '€', pre: true, sp: '' });
  const items: Item[] = [
    { desc: 'Office cleaning – contract, April 2026', qty: 1, price: 185000, rate: '13.5' },
    { desc: 'Window cleaning, external, 2 visits', qty: 2, price: 22000, rate: '13.5' },
    { desc: 'Carpet deep clean, ground floor offices (m²)', qty: 140, price: 320, rate: '13.5' },
    { desc: 'Washroom consumables (soap, towels, tissue)', qty: 1, price: 31240, rate: '23' },
    { desc: 'Sanitary bin service, per unit per month', qty: 6, price: 1850, rate: '23' },
  ];
  const c = calc(items);
  const number = '26-0417';
  const [issue, due] = ['2026-04-30', '2026-05-30'];
  const iban = 'IE17AIBK93338127481936';
  const table = texItems(
    o,
    [
      { h: 'Description', spec: 'p{7.4cm}' },
      { h: 'Qty', spec: 'r' },
      { h: 'Unit price', spec: 'D{.}{.}{-1}', raw: true, ha: 'r' },
      { h: 'VAT', spec: 'r' },
      { h: 'Net (EUR)', spec: 'D{.}{.}{-1}', raw: true, ha: 'r' },
    ],
    c.lines.map((l) => [l.desc, qty(l.qty, EN), dnum(l.price), `${l.rate}%`, dnum(l.net)]),
    'rules',
    'tabular',
  );
  const vat = texItems(
    o,
    [
      { h: 'VAT rate', spec: 'r' },
      { h: 'Goods/services', spec: 'D{.}{.}{-1}', raw: true, ha: 'r' },
      { h: 'VAT', spec: 'D{.}{.}{-1}', raw: true, ha: 'r' },
    ],
    c.rates.map((r) => [`${r.rate}%`, dnum(r.net), dnum(r.tax)]),
    'rules',
    'tabular',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[11pt,a4paper]{article}
\usepackage[a4paper,margin=2cm,bottom=3cm]{geometry}
\usepackage{eurosym}
\usepackage{dcolumn}
\usepackage{fancyhdr}
\pagestyle{fancy}
\fancyhf{}
\renewcommand{\headrulewidth}{0pt}
\renewcommand{\footrulewidth}{0.4pt}
\fancyfoot[C]{${texFoot(
    o,
    [
      [
        'Slaney Valley Facilities Management Ltd',
        'Registered in Ireland No. 598214',
        'Unit 4, Enniscorthy Enterprise Centre',
      ],
      ['AIB, Enniscorthy', `IBAN ${ibanPrint(iban)}`, 'BIC AIBKIE2D'],
      [
        'VAT Reg. No. IE 3290148I',
        'Directors: B. Doyle, S. Kehoe, Ciarán Ó Súilleabháin',
        { raw: 'Page \\thepage\\ of \\pageref{lastpage}' },
      ],
    ],
    ['0.3\\textwidth', '0.3\\textwidth', '0.36\\textwidth'],
  )}}
\setlength{\parindent}{0pt}
\begin{document}
\begin{center}
{\Large\bfseries SLANEY VALLEY FACILITIES MANAGEMENT}\\[2pt]
Office \& contract cleaning $\cdot$ Facilities support $\cdot$ Washroom services\\
Unit 4, Enniscorthy Enterprise Centre, Enniscorthy, Co.\ Wexford Y21 K8R2 $\cdot$ Tel.\ 053 923 4410 $\cdot$ accounts@slaneyvalley-fm.example
\end{center}
\vspace{8mm}
\begin{minipage}[t]{0.5\textwidth}
\textbf{Bill to:}\\
Ferrycarrig Office Park Management CLG\\
Block B, Ferrycarrig Office Park\\
Wexford Y35 H2F6
\end{minipage}\hfill
\begin{minipage}[t]{0.42\textwidth}
{\large\bfseries INVOICE}\\[4pt]
\begin{tabular}{@{}ll@{}}
Invoice number: & ${number}\\
Invoice date: & ${dt(issue, 'dd/mm/yyyy')}\\
Account no.: & FOP-002\\
Due date: & ${dt(due, 'dd/mm/yyyy')}\\
\end{tabular}
\end{minipage}

\vspace{8mm}
${table}
\vspace{5mm}

\begin{minipage}[t]{0.48\textwidth}
\textbf{VAT analysis}\\[2pt]
${vat}\end{minipage}\hfill
\begin{minipage}[t]{0.42\textwidth}
${texTotals(
  o,
  [
    { l: 'Total excl. VAT', v: eur(c.net) },
    { l: 'Total VAT', v: eur(c.tax) },
    { l: 'Invoice total (EUR)', v: eur(c.total), b: true },
  ],
  'rules',
)}\end{minipage}

\vspace{6mm}
\textbf{Account summary}\\[2pt]
\begin{tabular}{@{}lr@{}}
Balance brought forward & ${lx(eur(246018), o)}\\
Payment received 14/04/2026 -- thank you & ${lx(`-${eur(246018)}`, o)}\\
This invoice & ${lx(eur(c.total), o)}\\
\textbf{Balance now due} & \textbf{${lx(eur(c.total), o)}}\\
\end{tabular}

\vspace{6mm}
Please pay by ${dt(due, 'dd/mm/yyyy')} by credit transfer to AIB, IBAN ${ibanPrint(iban)}, BIC \mbox{AIBKIE2D}, quoting payment reference \textbf{RF18 2026 0041}. Our staff are fully vetted and insured; certificates and our safety statement (including the affidavit of insurance cover) are available on request.
\label{lastpage}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'DEFAULT OT1 Computer Modern with eurosym (the € glyph is not a Unicode euro), dcolumn-aligned amounts, 13.5 % + 23 %, previous balance and payment received (distractors), RF reference, ligatures (Office, Facilities, affidavit)',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'IE',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Slaney Valley Facilities Management Ltd',
      sellerVat: 'IE3290148I',
      sellerReg: '598214',
      email: 'accounts@slaneyvalley-fm.example',
      iban,
      bic: 'AIBKIE2D',
      payRef: 'RF1820260041',
      buyer: 'Ferrycarrig Office Park Management CLG',
    }),
  };
}

function de3LatexScrlttr2(): Built {
  const name = 'de-3-latex-scrlttr2';
  const o: TexOpts = { enc: 'T1', euro: 'texteuro' };
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: false, sp: NBSP });
  const items: Item[] = [
    { desc: 'Konzept und Scribbles', qty: 1, price: 48000, rate: '19' },
    { desc: 'Illustrationen, vollflächig, farbig', qty: 8, price: 29500, rate: '19' },
    { desc: 'Korrekturschleifen (Stunden)', qty: 3.5, price: 7500, rate: '19' },
    { desc: 'Nutzungsrechte Print, 5 Jahre, Auflage bis 10.000 Exemplare', qty: 1, price: 90000, rate: '19' },
  ];
  const c = calc(items);
  const number = '2026-017';
  const issue = '2026-04-10';
  const iban = 'DE32430609674087261500';
  const table = texItems(
    o,
    [
      { h: 'Pos.', spec: 'l' },
      { h: 'Leistung', spec: 'X' },
      { h: 'Menge', spec: 'r' },
      { h: 'Einzelpreis', spec: 'r' },
      { h: 'Betrag', spec: 'r' },
    ],
    c.lines.map((l, i) => [String(i + 1), l.desc, qty(l.qty, DOT), eur(l.price), eur(l.net)]),
    'booktabs',
    'tabularx',
  );
  const foot = texFoot(
    o,
    [
      ['Jana Wiesenthal', 'Kommunikationsdesign & Illustration', 'Lerchenfeld 12, 22081 Hamburg'],
      ['GLS Gemeinschaftsbank eG', `IBAN ${ibanPrint(iban)}`, 'BIC GENODEM1GLS'],
      ['Finanzamt Hamburg-Nord', 'Steuernummer 43/215/31408', 'USt-IdNr. DE315729049'],
    ],
    ['0.32\\textwidth', '0.34\\textwidth', '0.3\\textwidth'],
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[fontsize=10pt,paper=a4,version=last,fromalign=right,fromphone=true,fromemail=true,fromrule=aftername,refline=wide,parskip=half,enlargefirstpage=true,ngerman]{scrlttr2}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage{babel}
\usepackage{tabularx,booktabs}
\setkomavar{fromname}{Jana Wiesenthal}
\setkomavar{fromaddress}{Lerchenfeld 12\\22081 Hamburg}
\setkomavar{fromphone}{040 2281 4410}
\setkomavar{fromemail}{mail@jana-wiesenthal.example}
\setkomavar{backaddress}{Jana Wiesenthal \textperiodcentered{} Lerchenfeld 12 \textperiodcentered{} 22081 Hamburg}
\setkomavar{yourref}{kb-0412}
\setkomavar{yourmail}{02.04.2026}
\setkomavar{customer}{1027}
\setkomavar{invoice}{${number}}
\setkomavar{date}{${dt(issue, 'de')}}
\setkomavar{subject}{Rechnung Illustrationen »Hafenatlas 2026«}
\setkomavar{firstfoot}{\rule{\textwidth}{0.4pt}\\${foot}}
\begin{document}
\begin{letter}{Hafenkante Verlag GmbH\\Redaktion Sachbuch\\Frau Katrin Brandt\\Große Elbstraße 145\\22767 Hamburg}
\opening{Sehr geehrte Frau Brandt,}
vielen Dank für den Auftrag. Für die im Leistungszeitraum 02.03.2026 bis 27.03.2026 erbrachten Leistungen berechne ich Ihnen:

${table}
${texTotals(
  o,
  [
    { l: 'Summe netto', v: eur(c.net) },
    { l: 'zzgl. 19 % Umsatzsteuer', v: eur(c.tax) },
    { l: 'Rechnungsbetrag', v: eur(c.total), b: true },
  ],
  'rules',
)}
Bitte überweisen Sie den Rechnungsbetrag innerhalb von 14 Tagen nach Rechnungsdatum ohne Abzug unter Angabe der Rechnungsnummer auf das unten genannte Konto. Die Nutzungsrechte gehen mit vollständiger Zahlung auf Sie über; die Zahlungsfrist gilt auch für die Pflichtexemplare.

\closing{Mit freundlichen Grüßen}
\end{letter}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'KOMA-Script scrlttr2 freelancer letter, T1 + Latin Modern; reference line (Ihr Zeichen / Kundennummer / Rechnungsnummer / Datum) as column headings; Steuernummer next to the USt-IdNr.; "innerhalb von 14 Tagen" only',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'DE',
      number,
      issue,
      due: null,
      currency: 'EUR',
      c,
      seller: 'Jana Wiesenthal',
      sellerVat: 'DE315729049',
      sellerReg: null,
      email: 'mail@jana-wiesenthal.example',
      iban,
      bic: 'GENODEM1GLS',
      buyerRef: 'kb-0412',
      buyer: 'Hafenkante Verlag GmbH',
    }),
  };
}

function de4LatexScrlttr2Ch(): Built {
  const name = 'de-4-latex-scrlttr2-chf';
  const o: TexOpts = { enc: 'OT1', euro: 'none' };
  const chf = (c: Cents): string => money(c, { f: CH, sym: 'CHF', pre: true, sp: ' ' });
  const items: Item[] = [
    { desc: 'Einbauschrank Eiche massiv, nach Mass, inkl. Beschläge', qty: 1, price: 485000, rate: '8.1' },
    { desc: 'Montage vor Ort, Std.', qty: 9, price: 9200, rate: '8.1' },
    { desc: 'Kleinmaterial, pauschal', qty: 1, price: 12000, rate: '8.1' },
    { desc: 'Entsorgung Altmobiliar', qty: 1, price: 6000, rate: '8.1' },
  ];
  const c = calc(items);
  const number = '2026-0412';
  const [issue, due] = ['2026-05-12', '2026-06-11'];
  const iban = 'CH1430808001284736159';
  const ref = '000000471800002026041200007';
  const refPrint = ref.replace(/^(\d{2})(\d{5})(\d{5})(\d{5})(\d{5})(\d{5})$/, '$1 $2 $3 $4 $5 $6');
  const table = texItems(
    o,
    [
      { h: 'Pos.', spec: 'l' },
      { h: 'Bezeichnung', spec: 'X' },
      { h: 'Menge', spec: 'r' },
      { h: 'Preis', spec: 'r' },
      { h: 'Betrag CHF', spec: 'r' },
    ],
    c.lines.map((l, i) => [String(i + 1), l.desc, qty(l.qty, CH), num(l.price, CH), num(l.net, CH)]),
    'grid',
    'tabularx',
  );
  const foot = texFoot(
    o,
    [
      ['Schreinerei Aebischer AG', 'Bernstrasse 27, 3280 Murten', 'www.aebischer-schreinerei.example'],
      ['Handelsregister Kanton Freiburg', 'UID CHE-416.283.975', 'MWST-Nr. CHE-416.283.975 MWST'],
      ['Raiffeisenbank Murten', `QR-IBAN ${ibanPrint(iban)}`, 'BIC RAIFCH22XXX'],
    ],
    ['0.32\\textwidth', '0.32\\textwidth', '0.32\\textwidth'],
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[fontsize=10pt,paper=a4,version=last,fromalign=left,fromphone=true,fromemail=true,refline=wide,enlargefirstpage=true,nswissgerman]{scrlttr2}
\usepackage{babel}
\usepackage{tabularx}
\setkomavar{fromname}{Schreinerei Aebischer AG}
\setkomavar{fromaddress}{Bernstrasse 27\\3280 Murten}
\setkomavar{fromphone}{026 670 41 18}
\setkomavar{fromemail}{buchhaltung@aebischer-schreinerei.example}
\setkomavar{myref}{Offerte O-2026-031}
\setkomavar{customer}{4718}
\setkomavar{invoice}{${number}}
\setkomavar{place}{Murten}
\setkomavar{date}{${dt(issue, 'de')}}
\setkomavar{subject}{Rechnung Nr.~${number} -- Einbauschrank Zimmer 12 bis 18}
\setkomavar{firstfoot}{\rule{\textwidth}{0.4pt}\\${foot}}
\begin{document}
\begin{letter}{Hotel Seeland AG\\Herr Beat Zurkinden\\Hauptgasse 9\\3210 Kerzers}
\opening{Sehr geehrter Herr Zurkinden}
Besten Dank für Ihren Auftrag gemäss unserer Offerte O-2026-031 vom 2.~März 2026. Die Montage erfolgte am 5.~und 6.~Mai 2026. Wir erlauben uns, Ihnen folgende Arbeiten in Rechnung zu stellen:

${table}
${texTotals(
  o,
  [
    { l: 'Total exkl. MWST', v: chf(c.net) },
    { l: 'MWST 8.1 %', v: chf(c.tax) },
    { l: 'Total inkl. MWST', v: chf(c.total), b: true },
  ],
  'box',
)}
Zahlbar bis ${dt(due, 'dd.mm.yyyy')} netto auf unser Konto bei der Raiffeisenbank Murten, QR-IBAN ${ibanPrint(iban)}, mit der Referenz ${refPrint}.

Für Fragen stehen wir Ihnen gerne zur Verfügung.

\closing{Freundliche Grüsse}
\end{letter}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'scrlttr2 Swiss letter at DEFAULT OT1/Computer Modern (umlauts are composed glyphs), CHF with apostrophe thousands (typeset as ’), MWST 8.1 %, QR-IBAN + 27-digit QR reference, UID as both VAT and register id',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'CH',
      number,
      issue,
      due,
      currency: 'CHF',
      c,
      seller: 'Schreinerei Aebischer AG',
      sellerVat: 'CHE416283975MWST',
      sellerReg: 'CHE-416.283.975',
      email: 'buchhaltung@aebischer-schreinerei.example',
      iban,
      bic: 'RAIFCH22XXX',
      payRef: ref,
      buyer: 'Hotel Seeland AG',
    }),
  };
}

function fr3LatexOt1(): Built {
  const name = 'fr-3-latex-ot1';
  const o: TexOpts = { enc: 'OT1', euro: 'none' };
  const eur = (c: Cents): string => money(c, { f: FR_NNB, sym: 'EUR', pre: false, sp: NBSP });
  const items: Item[] = [
    {
      desc: 'Fabrication et pose d’un comptoir d’accueil en chêne massif',
      qty: 1,
      price: 438000,
      rate: '20',
    },
    { desc: 'Étagères murales, finition huilée', qty: 6, price: 14500, rate: '20' },
    { desc: 'Dépose et évacuation de l’ancien mobilier', qty: 1, price: 32000, rate: '20' },
    { desc: 'Ajustement et réglage des portes du bureau', qty: 1, price: 18000, rate: '20' },
    { desc: 'Frais de déplacement (forfait)', qty: 2, price: 4500, rate: '20' },
  ];
  const c = calc(items);
  const number = '2026-031';
  const [issue, due] = ['2026-03-02', '2026-04-01'];
  const iban = 'FR7610278073910002058614290';
  const table = texItems(
    o,
    [
      { h: 'Désignation', spec: 'p{8.6cm}' },
      { h: 'Quantité', spec: 'r' },
      { h: 'P.U. HT', spec: 'r' },
      { h: 'Montant HT', spec: 'r' },
    ],
    c.lines.map((l) => [l.desc, qty(l.qty, FR_NNB), eur(l.price), eur(l.net)]),
    'grid',
    'tabular',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[11pt,a4paper]{article}
\usepackage[french]{babel}
\usepackage[a4paper,margin=2cm]{geometry}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\setlength{\parskip}{5pt}
\begin{document}
{\Large\textsc{Ébénisterie Lefébure \& Fils}}\\
Menuiserie d'agencement -- mobilier sur mesure\\
14 rue des Tanneurs, 35000 Rennes -- Tél. 02 99 31 47 22\\
contact@ebenisterie-lefebure.example

\vspace{1cm}
\hfill\begin{minipage}{7.5cm}
Office de Tourisme de Saint-Malo\\
Service administratif et financier\\
Esplanade Saint-Vincent\\
35400 Saint-Malo
\end{minipage}

\vspace{1cm}
{\large\bfseries ${lx(`FACTURE N° ${number}`, o)}}

\begin{tabular}{@{}ll@{}}
Date de facturation : & ${dt(issue, 'fr')}\\
Date d'échéance : & ${lx(dt(due, 'fr'), o)}\\
${lx('Bon de commande n° :', o)} & 2026-OT-18\\
Code client : & OTSM\\
${lx('N° TVA intracom. client :', o)} & FR 15 528 164 031\\
\end{tabular}

\vspace{5mm}
${table}
${texTotals(
  o,
  [
    { l: 'Total HT', v: eur(c.net) },
    { l: `TVA 20${NBSP}%`, v: eur(c.tax) },
    { l: 'Total TTC', v: eur(c.total), b: true },
    { l: 'Net à payer', v: eur(c.total), b: true },
  ],
  'rules',
)}
Règlement par virement bancaire avant le ${lx(dt(due, 'fr'), o)}.

\textbf{Bénéficiaire :} Ébénisterie Lefébure \& Fils SARL -- Domiciliation : Crédit Mutuel de Bretagne, Rennes Centre\\
\textbf{IBAN :} ${ibanPrint(iban)} -- \textbf{BIC :} \mbox{CMCIFR2A}

{\small En cas de retard de paiement, une pénalité égale à trois fois le taux d'intérêt légal sera exigible, ainsi qu'une indemnité forfaitaire de 40 euros pour frais de recouvrement (art. L441-10 du Code de commerce). Escompte pour paiement anticipé : néant. Le mobilier reste la propriété de l'entreprise jusqu'au paiement intégral, afin de garantir nos droits.}

\vfill
\begin{center}\footnotesize
Ébénisterie Lefébure \& Fils SARL au capital de 15\,000 euros -- 14 rue des Tanneurs, 35000 Rennes\\
RCS Rennes 831 472 600 -- SIRET 831 472 600 00018 -- APE 3109B -- TVA FR 53 831 472 600
\end{center}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'plain article at DEFAULT OT1/Computer Modern with babel-french: every accent a composed glyph, "N°" typeset as superscript o, thin-space (\\,) thousands, "1er avril"; ligatures (Office, Bénéficiaire, afin); grid tabular',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'FR',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Ébénisterie Lefébure & Fils SARL',
      sellerVat: 'FR53831472600',
      sellerReg: '831 472 600',
      email: 'contact@ebenisterie-lefebure.example',
      iban,
      bic: 'CMCIFR2A',
      po: '2026-OT-18',
      buyer: 'Office de Tourisme de Saint-Malo',
      buyerVat: 'FR15528164031',
    }),
  };
}

function fr4LatexAvoir(): Built {
  const name = 'fr-4-latex-avoir';
  const o: TexOpts = { enc: 'T1', euro: 'texteuro' };
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: false, sp: NBSP });
  const items: Item[] = [
    { desc: 'Retour : fauteuil de bureau ergonomique, tissu gris', qty: 2, price: 34000, rate: '17' },
    {
      desc: 'Geste commercial sur copieur multifonction (retard de livraison)',
      qty: 1,
      price: 15000,
      rate: '17',
    },
  ];
  const c = calc(items);
  const number = 'AV-2026-007';
  const issue = '2026-05-18';
  const iban = 'LU040019175504738000';
  const table = texItems(
    o,
    [
      { h: 'Désignation', spec: 'X' },
      { h: 'Qté', spec: 'r' },
      { h: 'Prix unitaire HT', spec: 'r' },
      { h: 'Montant HT', spec: 'r' },
    ],
    c.lines.map((l) => [l.desc, qty(-l.qty, DOT), eur(l.price), eur(-l.net)]),
    'booktabs',
    'tabularx',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[10pt,a4paper]{article}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\renewcommand{\familydefault}{\sfdefault}
\usepackage[french]{babel}
\usepackage[a4paper,margin=2cm,bottom=2.8cm]{geometry}
\usepackage{tabularx,booktabs}
\usepackage{xcolor}
\usepackage{fancyhdr}
\definecolor{bm}{HTML}{2F5D50}
\pagestyle{fancy}
\fancyhf{}
\renewcommand{\headrulewidth}{0pt}
\fancyfoot[C]{${texFoot(
    o,
    [
      ['Bureautique Moselle S.à r.l.', "27, route d'Arlon, L-8009 Strassen", 'Capital social : 12.000 €'],
      ['RCS Luxembourg B214736', 'TVA LU 28473120', 'Autorisation d’établissement n° 10089412/0'],
      ['Spuerkeess (BCEE)', `IBAN ${ibanPrint(iban)}`, 'BIC BCEELULL'],
    ],
    ['0.32\\textwidth', '0.34\\textwidth', '0.3\\textwidth'],
  )}}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
\begin{document}
{\color{bm}\rule{\textwidth}{3pt}}\\[4pt]
\begin{minipage}[t]{0.55\textwidth}
{\LARGE\bfseries\color{bm} Bureautique Moselle}\\
Mobilier de bureau -- copieurs -- consommables\\
27, route d'Arlon, L-8009 Strassen\\
Tél. +352 26 31 48 70 -- compta@bureautique-moselle.example
\end{minipage}\hfill
\begin{minipage}[t]{0.4\textwidth}\raggedleft
{\huge\bfseries AVOIR}\\[6pt]
\begin{tabular}{@{}r@{\ }l@{}}
${lx('Avoir n° :', o)} & ${number}\\
Date : & ${dt(issue, 'dd/mm/yyyy')}\\
Client : & 10-552\\
\end{tabular}
\end{minipage}

\vspace{12mm}
\hfill\begin{minipage}{7cm}
\textbf{Fiduciaire Kremer \& Associés S.A.}\\
5, rue Jean Monnet\\
L-2180 Luxembourg\\
${lx('N° TVA : LU 19046808', o)}
\end{minipage}

\vspace{10mm}
${lx('Se rapportant à la facture n° FA-2026-0211 du 29/04/2026 – votre bon de commande : BC-4418', o)}

${table}
${texTotals(
  o,
  [
    { l: 'Total HTVA', v: eur(-c.net) },
    { l: 'TVA 17 %', v: eur(-c.tax) },
    { l: "Total de l'avoir TTC", v: eur(-c.total), b: true },
  ],
  'rules',
)}
Le montant de cet avoir sera déduit de votre prochaine facture. Nous vous prions de bien vouloir nous excuser pour le désagrément occasionné.
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'CREDIT NOTE (avoir) from Luxembourg with NEGATIVE amounts, 17 %, T1 + Latin Modern Sans, reference to the credited invoice, RCS B-number, a trade-licence number as distractor',
    key: makeKey(name, 'latex', {
      type: '381',
      country: 'LU',
      number,
      issue,
      due: null,
      currency: 'EUR',
      c,
      seller: 'Bureautique Moselle S.à r.l.',
      sellerVat: 'LU28473120',
      sellerReg: 'B214736',
      email: 'compta@bureautique-moselle.example',
      iban,
      bic: 'BCEELULL',
      po: 'BC-4418',
      buyer: 'Fiduciaire Kremer & Associés S.A.',
      buyerVat: 'LU19046808',
    }),
  };
}

function nl3LatexReverseCharge(): Built {
  const name = 'nl-3-latex-verlegd';
  const o: TexOpts = { enc: 'OT1', euro: 'none' };
  const eur = (c: Cents): string => money(c, { f: DOT, sym: 'EUR', pre: true, sp: ' ' });
  const items: Item[] = [
    {
      code: 'PA6-GF30-BH',
      desc: 'Behuizing spuitgegoten, PA6 GF30, zwart',
      qty: 2400,
      price: 138,
      rate: '0',
    },
    { code: 'INS-M5', desc: 'Ingeperste inserts M5, messing', qty: 4800, price: 12, rate: '0' },
    { code: 'SET-01', desc: 'Insteltijd / matrijswissel', qty: 1, price: 18500, rate: '0' },
    { code: 'TRN-PAL', desc: 'Transport per pallet naar Gronau', qty: 3, price: 4800, rate: '0' },
  ];
  const c = calc(items);
  const number = '26-00187';
  const issue = '2026-02-09';
  const iban = 'NL93ABNA0417293856';
  const table = texItems(
    o,
    [
      { h: 'Artikel', spec: 'l' },
      { h: 'Omschrijving', spec: 'X' },
      { h: 'Aantal', spec: 'r' },
      { h: 'Prijs/st.', spec: 'r' },
      { h: 'Bedrag', spec: 'r' },
    ],
    c.lines.map((l) => [l.code!, l.desc, qty(l.qty, DOT), num(l.price, DOT), num(l.net, DOT)]),
    'booktabs',
    'tabularx',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[10pt,a4paper]{article}
\usepackage[dutch]{babel}
\usepackage[a4paper,margin=2.3cm]{geometry}
\usepackage{tabularx,booktabs}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
\begin{document}
\begin{minipage}[t]{0.6\textwidth}
{\Large\bfseries Van der Meulen Kunststoftechniek B.V.}\\
Havenstraat 31 $\bullet$ 7553 GR Hengelo (Ov.) $\bullet$ Nederland\\
Tel.\ +31 74 250 31 90 $\bullet$ debiteuren@vdmeulen-kunststof.example
\end{minipage}\hfill
\begin{minipage}[t]{0.3\textwidth}\raggedleft
{\huge\bfseries FACTUUR}
\end{minipage}

\vspace{10mm}
\begin{minipage}[t]{0.5\textwidth}
Kunststoffverarbeitung Roth GmbH\\
Wareneingang / Buchhaltung\\
Gewerbestraße 12\\
48599 Gronau (Westf.)\\
Duitsland\\[3pt]
USt-IdNr./btw-nr. afnemer: DE159382760
\end{minipage}\hfill
\begin{minipage}[t]{0.42\textwidth}
\begin{tabular}{@{}ll@{}}
Factuurnr.: & ${number}\\
Factuurdatum: & ${dt(issue, 'nl')}\\
Leverdatum: & ${dt('2026-02-06', 'nl')}\\
Uw bestelnummer: & 4500-77812\\
Pakbon: & PB-26-0144\\
Debiteurnr.: & 30218\\
\end{tabular}
\end{minipage}

\vspace{8mm}
${table}
${texTotals(
  o,
  [
    { l: 'Totaal excl. btw', v: eur(c.net) },
    { l: 'Btw 0 % (verlegd)', v: eur(c.tax) },
    { l: 'Totaal te betalen', v: eur(c.total), b: true },
  ],
  'rules',
)}
\textbf{Btw verlegd} -- intracommunautaire levering, art.~138 Richtlijn 2006/112/EG.\\
Steuerschuldnerschaft des Leistungsempfängers.

Betaling binnen 30 dagen na factuurdatum op ${ibanPrint(iban)} (BIC \mbox{ABNANL2A}) t.n.v.\ Van der Meulen Kunststoftechniek B.V., o.v.v.\ het factuurnummer. Voor de coördinatie van de volgende levering neemt onze afdeling logistiek contact met u op; de geïnjecteerde proefserie is op 4 februari goedgekeurd.

\vfill
{\footnotesize\centering Van der Meulen Kunststoftechniek B.V. $\bullet$ KvK 06183274 $\bullet$ btw NL816402954B01 $\bullet$ ABN AMRO ${ibanPrint(iban)}\\
Op al onze leveringen zijn onze algemene leveringsvoorwaarden van toepassing, gedeponeerd bij de Kamer van Koophandel.\par}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'intra-EU REVERSE CHARGE (btw verlegd, 0 %) to a German buyer with its USt-IdNr.; DEFAULT OT1 (ï, ö, ß composed); "EUR" before amounts; large quantities with dot thousands; payable "binnen 30 dagen" only',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'NL',
      number,
      issue,
      due: null,
      currency: 'EUR',
      c,
      seller: 'Van der Meulen Kunststoftechniek B.V.',
      sellerVat: 'NL816402954B01',
      sellerReg: '06183274',
      email: 'debiteuren@vdmeulen-kunststof.example',
      iban,
      bic: 'ABNANL2A',
      po: '4500-77812',
      buyer: 'Kunststoffverarbeitung Roth GmbH',
      buyerVat: 'DE159382760',
    }),
  };
}

function nl4LatexScrlttr2(): Built {
  const name = 'nl-4-latex-scrlttr2';
  const o: TexOpts = { enc: 'T1', euro: 'texteuro' };
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: true, sp: NBSP });
  const items: Item[] = [
    { desc: 'Ereloon fase voorontwerp (20 % van het totale ereloon)', qty: 1, price: 640000, rate: '21' },
    { desc: 'Stabiliteitsstudie voorontwerp (onderaanneming)', qty: 1, price: 185000, rate: '21' },
    { desc: 'Werfvergaderingen en verslaggeving', qty: 6, price: 9500, rate: '21' },
    { desc: 'Plots en kopieën', qty: 1, price: 8640, rate: '21' },
  ];
  const c = calc(items);
  const number = '2026/041';
  const [issue, due] = ['2026-03-20', '2026-04-19'];
  const iban = 'BE03735041826384';
  const table = texItems(
    o,
    [
      { h: 'Omschrijving', spec: 'X' },
      { h: 'Aantal', spec: 'r' },
      { h: 'Eenheidsprijs', spec: 'r' },
      { h: 'Bedrag', spec: 'r' },
    ],
    c.lines.map((l) => [l.desc, qty(l.qty, DOT), eur(l.price), eur(l.net)]),
    'booktabs',
    'tabularx',
  );
  const foot = texFoot(
    o,
    [
      [
        'Architectenbureau De Clercq & Peeters BV',
        'Sint-Pietersnieuwstraat 88, 9000 Gent',
        'boekhouding@declercq-peeters.example',
      ],
      ['Ondernemingsnummer 0774.512.039', 'RPR Gent', 'BTW BE 0774.512.039'],
      ['KBC Bank', `IBAN ${ibanPrint(iban)}`, 'BIC KREDBEBB'],
    ],
    ['0.36\\textwidth', '0.3\\textwidth', '0.3\\textwidth'],
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[fontsize=10pt,paper=a4,version=last,fromalign=center,fromrule=afteraddress,fromphone=true,fromemail=true,refline=wide,enlargefirstpage=true,dutch]{scrlttr2}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage{babel}
\usepackage{tabularx,booktabs}
\setkomavar{fromname}{Architectenbureau De Clercq \& Peeters BV}
\setkomavar{fromaddress}{Sint-Pietersnieuwstraat 88, 9000 Gent}
\setkomavar{fromphone}{09 233 71 05}
\setkomavar{fromemail}{boekhouding@declercq-peeters.example}
\setkomavar{yourref}{VA/2026/031}
\setkomavar{customer}{KL-0219}
\setkomavar*{invoice}{Factuurnr.}
\setkomavar{invoice}{${lx(number, o)}}
\setkomavar{place}{Gent}
\setkomavar{date}{${dt(issue, 'nl')}}
\setkomavar{subject}{Factuur -- ereloon fase voorontwerp, nieuwbouw 12 woningen Lindenlaan, Kortrijk}
\setkomavar{firstfoot}{\rule{\textwidth}{0.4pt}\\${foot}}
\begin{document}
\begin{letter}{Bouwbedrijf Van Acker NV\\t.a.v.\ mevrouw Els Van Acker\\Doorniksesteenweg 140\\8500 Kortrijk}
\opening{Geachte mevrouw Van Acker,}
Hierbij factureren wij u de prestaties voor de fase voorontwerp van het project Lindenlaan. Uw btw-nummer: BE 0441.826.387.

${table}
${texTotals(
  o,
  [
    { l: 'Totaal excl. btw', v: eur(c.net) },
    { l: 'Btw 21 %', v: eur(c.tax) },
    { l: 'Totaal incl. btw', v: eur(c.total), b: true },
  ],
  'rules',
)}
Te betalen vóór ${dt(due, 'nl')} op rekening ${ibanPrint(iban)} (KBC, BIC \mbox{KREDBEBB}) met vermelding van de gestructureerde mededeling \textbf{+++550/2026/01768+++}.

\closing{Met vriendelijke groeten}
\end{letter}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'scrlttr2 in Dutch (Flanders), T1 + Latin Modern: KOMA reference line with its own quirky labels ("Klant No.", relabelled "Factuurnr."), buyer reference "Uw kenmerk", Belgian structured communication, buyer VAT in the running text',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'BE',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      seller: 'Architectenbureau De Clercq & Peeters BV',
      sellerVat: 'BE0774512039',
      sellerReg: '0774.512.039',
      email: 'boekhouding@declercq-peeters.example',
      iban,
      bic: 'KREDBEBB',
      payRef: '550/2026/01768',
      buyerRef: 'VA/2026/031',
      buyer: 'Bouwbedrijf Van Acker NV',
      buyerVat: 'BE0441826387',
    }),
  };
}

function es3LatexIrpf(): Built {
  const name = 'es-3-latex-irpf';
  const o: TexOpts = { enc: 'T1', euro: 'texteuro' };
  const eur = (c: Cents): string => money(c, { f: DOT, sym: '€', pre: false, sp: NBSP });
  const items: Item[] = [
    {
      desc: 'Traducción inglés–español de la obra «La costa perdida», tarifa por 1.000 palabras',
      qty: 48.2,
      price: 6500,
      rate: '21',
    },
    { desc: 'Revisión de pruebas de imprenta (horas)', qty: 6, price: 3000, rate: '21' },
  ];
  const c = calc(items);
  const irpf = divRound(c.net * 15, 100);
  const number = '2026-014';
  const [issue, due] = ['2026-01-28', '2026-02-27'];
  const iban = 'ES3800810216790001928374';
  const table = texItems(
    o,
    [
      { h: 'Concepto', spec: 'X' },
      { h: 'Cantidad', spec: 'r' },
      { h: 'Precio', spec: 'r' },
      { h: 'Importe', spec: 'r' },
    ],
    c.lines.map((l) => [l.desc, qty(l.qty, DOT), eur(l.price), eur(l.net)]),
    'grid',
    'tabularx',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[11pt,a4paper]{article}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage[spanish,es-noshorthands]{babel}
\usepackage[a4paper,margin=2.2cm]{geometry}
\usepackage{tabularx}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\setlength{\parskip}{5pt}
\begin{document}
\begin{minipage}[t]{0.5\textwidth}
{\Large\bfseries Lucía Menéndez Arias}\\
Traducción e interpretación EN/FR--ES\\
C/ Uría, 21, 4º izda.\\
33003 Oviedo (Asturias)\\
NIF: 48213657E\\
Tel.\ 684 201 337\\
lucia@menendez-traducciones.example
\end{minipage}\hfill
\begin{minipage}[t]{0.42\textwidth}
\textbf{Cliente}\\
Editorial Cantábrico, S.L.\\
C/ Gascona, 7\\
33001 Oviedo\\
CIF: B31074651
\end{minipage}

\vspace{10mm}
{\Large\bfseries FACTURA}\\[4pt]
\begin{tabular}{@{}ll@{}}
Número de factura: & ${number}\\
Fecha de expedición: & ${dt(issue, 'es')}\\
Fecha de vencimiento: & ${dt(due, 'es')}\\
\end{tabular}

\vspace{6mm}
${table}
${texTotals(
  o,
  [
    { l: 'Base imponible', v: eur(c.net) },
    { l: 'IVA (21 %)', v: eur(c.tax) },
    { l: 'Total factura', v: eur(c.total) },
    { l: 'Retención IRPF (15 %)', v: eur(-irpf) },
    { l: 'Total a pagar', v: eur(c.total - irpf), b: true },
  ],
  'box',
)}
\textbf{Forma de pago:} transferencia bancaria a la cuenta ${ibanPrint(iban)} (Banco Sabadell, BIC \mbox{BSABESBBXXX}) antes del ${dt(due, 'es')}.

{\small Actividad profesional sujeta a retención del IRPF (art. 101 de la Ley 35/2006). Según el RGPD, le informo de que sus datos se tratarán con la única finalidad de gestionar la facturación.}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'self-employed translator (NIF of a person, no register); IRPF 15 % withheld: "Total factura" then "Total a pagar" (amount due < total); T1 + Latin Modern; boxed totals',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'ES',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      amountDue: c.total - irpf,
      seller: 'Lucía Menéndez Arias',
      sellerVat: 'ES48213657E',
      sellerReg: null,
      email: 'lucia@menendez-traducciones.example',
      iban,
      bic: 'BSABESBBXXX',
      buyer: 'Editorial Cantábrico, S.L.',
      buyerVat: 'ESB31074651',
    }),
  };
}

function es4LatexOt1(): Built {
  const name = 'es-4-latex-ot1';
  const o: TexOpts = { enc: 'OT1', euro: 'none' };
  const eur = (c: Cents): string => money(c, { f: DOT, sym: 'EUR', pre: false, sp: ' ' });
  const items: Item[] = [
    {
      desc: 'Barandilla de acero galvanizado y lacado, altura 1,10 m',
      qty: 36.5,
      unit: 'ml',
      price: 8400,
      rate: '21',
    },
    {
      desc: 'Puerta cortafuegos EI2 60, una hoja, 900 × 2100 mm',
      qty: 2,
      unit: 'ud',
      price: 64000,
      rate: '21',
    },
    { desc: 'Montaje (horas oficial y ayudante)', qty: 14, unit: 'h', price: 5200, rate: '21' },
    { desc: 'Desplazamiento a obra', qty: 1, unit: 'ud', price: 4000, rate: '21' },
  ];
  const c = calc(items);
  const number = '000487';
  const issue = '2026-02-16';
  const iban = 'ES6701825910830201547389';
  const table = texItems(
    o,
    [
      { h: 'Descripción', spec: 'X' },
      { h: 'Ud.', spec: 'l' },
      { h: 'Cantidad', spec: 'r' },
      { h: 'Precio', spec: 'r' },
      { h: 'Importe', spec: 'r' },
    ],
    c.lines.map((l) => [l.desc, l.unit!, qty(l.qty, DOT), num(l.price, DOT), num(l.net, DOT)]),
    'booktabs',
    'tabularx',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[10pt,a4paper]{article}
\usepackage[spanish]{babel}
\usepackage[a4paper,margin=2cm]{geometry}
\usepackage{tabularx,booktabs}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
\begin{document}
\begin{center}
{\LARGE\bfseries CARPINTERÍA METÁLICA IBÁÑEZ ZUBIRI}\\[3pt]
Carpintería Metálica Ibáñez Zubiri, S.L. -- CIF B-71048268\\
Polígono Landaben, calle E, nave 14 -- 31012 Pamplona (Navarra) -- Tel.\ 948 18 42 60\\
administracion@metalicas-ibanez.example
\end{center}
\vspace{6mm}
\begin{minipage}[t]{0.45\textwidth}
\begin{tabular}{@{}ll@{}}
${lx('Factura nº:', o)} & ${number}\\
Fecha: & ${dt(issue, 'dd/mm/yyyy')}\\
${lx('Albarán nº:', o)} & 1123 (12/02/2026)\\
Su pedido: & OC-26-0091\\
Obra: & Residencial Mendebaldea, fase II\\
\end{tabular}
\end{minipage}\hfill
\begin{minipage}[t]{0.45\textwidth}
\fbox{\parbox{0.95\textwidth}{
Construcciones Aranguren Hermanos, S.A.\\
Avda.\ de Zaragoza, 64\\
31003 Pamplona\\
CIF A-31590276}}
\end{minipage}

\vspace{8mm}
${table}
${texTotals(
  o,
  [
    { l: 'Base imponible', v: eur(c.net) },
    { l: 'IVA 21 %', v: eur(c.tax) },
    { l: 'Total factura', v: eur(c.total), b: true },
  ],
  'rules',
)}
Forma de pago: transferencia a 60 días fecha factura a la cuenta ${ibanPrint(iban)} (BBVA, BIC \mbox{BBVAESMMXXX}).

Los materiales suministrados cumplen el Reglamento de Productos de Construcción; se adjunta declaración de prestaciones. Año de fabricación: 2026.

\vfill
{\scriptsize\centering Carpintería Metálica Ibáñez Zubiri, S.L. Inscrita en el Registro Mercantil de Navarra, Tomo 1.284, Folio 62, Hoja NA-24817, Inscripción~1\textsuperscript{a}. CIF B-71048268.\par}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'DEFAULT OT1 Computer Modern with babel-spanish: ñ, accents, "nº" as superscript o composed; invoice number with leading zeros; delivery note (albarán) and site (obra) distractors; "60 días fecha factura" only',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'ES',
      number,
      issue,
      due: null,
      currency: 'EUR',
      c,
      seller: 'Carpintería Metálica Ibáñez Zubiri, S.L.',
      sellerVat: 'ESB71048268',
      sellerReg: 'NA-24817',
      email: 'administracion@metalicas-ibanez.example',
      iban,
      bic: 'BBVAESMMXXX',
      po: 'OC-26-0091',
      buyer: 'Construcciones Aranguren Hermanos, S.A.',
      buyerVat: 'ESA31590276',
    }),
  };
}

function it3LatexOt1(): Built {
  const name = 'it-3-latex-ot1';
  const o: TexOpts = { enc: 'OT1', euro: 'none' };
  const eur = (c: Cents): string => money(c, { f: DOT, sym: 'Euro', pre: true, sp: ' ' });
  const items: Item[] = [
    { desc: 'Stampa cataloghi 48 pp. a colori, brossura (DDT 211)', qty: 1000, price: 320, rate: '22' },
    { desc: 'Cartoline 10 × 15 cm, fronte/retro (DDT 211)', qty: 2000, price: 15, rate: '22' },
    { desc: 'Segnalibri plastificati (DDT 219)', qty: 3000, price: 8, rate: '22' },
    { desc: 'Prove colore e impianti', qty: 1, price: 8500, rate: '22' },
  ];
  const c = calc(items);
  const deposit = 100000;
  const number = '52/A';
  const [issue, due] = ['2026-03-09', '2026-04-08'];
  const iban = 'IT64R0200802837000104728391';
  const table = texItems(
    o,
    [
      { h: 'Descrizione', spec: 'p{8.2cm}' },
      { h: 'Q.tà', spec: 'r' },
      { h: 'Prezzo unit.', spec: 'r' },
      { h: 'Importo', spec: 'r' },
      { h: 'IVA', spec: 'r' },
    ],
    c.lines.map((l) => [l.desc, qty(l.qty, DOT), num(l.price, DOT), num(l.net, DOT), `${l.rate}%`]),
    'rules',
    'tabular',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[11pt,a4paper]{article}
\usepackage[italian]{babel}
\usepackage[a4paper,margin=2cm]{geometry}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
\begin{document}
{\Large\bfseries Tipografia Sant'Orsola}\\
di Bellucci Renato \& C. s.n.c.\\
Via Guelfa, 43/r -- 50129 Firenze -- tel.\ 055 480 227\\
ordini@tipografia-santorsola.example

\vspace{8mm}
\hfill\begin{minipage}{7.5cm}
Spett.le\\
\textbf{Libreria Editrice Fiorentina S.r.l.}\\
Piazza della Repubblica, 6\\
50123 Firenze\\
P. IVA 03182470561
\end{minipage}

\vspace{8mm}
\textbf{FATTURA DIFFERITA}\\[3pt]
\begin{tabular}{@{}ll@{}}
Fattura n.: & ${lx(number, o)}\\
Data: & ${dt(issue, 'dd/mm/yyyy')}\\
Rif. DDT: & n.\ 211 del 02/03/2026, n.\ 219 del 05/03/2026\\
Vs. ordine: & n.\ 18/26 del 20/02/2026\\
Cod. cliente: & LEF01\\
\end{tabular}

\vspace{6mm}
${table}
${texTotals(
  o,
  [
    { l: 'Totale imponibile', v: eur(c.net) },
    { l: 'IVA 22%', v: eur(c.tax) },
    { l: 'Totale fattura', v: eur(c.total), b: true },
    { l: 'Acconto versato il 10/02/2026', v: `- ${eur(deposit)}` },
    { l: 'Saldo da pagare', v: eur(c.total - deposit), b: true },
  ],
  'rules',
)}
Scadenza: ${dt(due, 'dd/mm/yyyy')} -- Bonifico bancario su UniCredit, IBAN ${ibanPrint(iban)}, BIC \mbox{UNCRITMMXXX}.

{\small Copia di cortesia: la fattura elettronica è stata trasmessa tramite il Sistema di Interscambio ed è l'unico documento con valore fiscale. Contributo ambientale CONAI assolto ove dovuto. Qualità certificata, stampa su carta FSC.}

\vfill
{\footnotesize\centering Tipografia Sant'Orsola di Bellucci Renato \& C. s.n.c. -- Via Guelfa, 43/r -- 50129 Firenze\\
P. IVA 09637142051 -- REA FI-612847 -- Registro Imprese di Firenze\par}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'DEFAULT OT1 Computer Modern (è, à, apostrophe as ’); "Euro" spelled out before amounts; deferred invoice citing two DDT with dates; deposit already paid deducted (amount due < total); number "52/A"',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'IT',
      number,
      issue,
      due,
      currency: 'EUR',
      c,
      amountDue: c.total - deposit,
      seller: 'Tipografia Sant’Orsola di Bellucci Renato & C. s.n.c.',
      sellerVat: 'IT09637142051',
      sellerReg: 'FI-612847',
      email: 'ordini@tipografia-santorsola.example',
      iban,
      bic: 'UNCRITMMXXX',
      po: '18/26',
      buyer: 'Libreria Editrice Fiorentina S.r.l.',
      buyerVat: 'IT03182470561',
    }),
  };
}

function it4LatexExport(): Built {
  const name = 'it-4-latex-export-usd';
  const o: TexOpts = { enc: 'T1', euro: 'texteuro' };
  const usd = (c: Cents): string => money(c, { f: DOT, sym: 'USD', pre: true, sp: ' ' });
  const items: Item[] = [
    {
      code: 'EVO-500',
      desc: 'Olio extravergine di oliva DOP Terre di Siena, 500 ml / Extra virgin olive oil PDO, 500 ml',
      qty: 1200,
      price: 940,
      rate: '0',
    },
    {
      code: 'EVO-3L',
      desc: 'Olio extravergine di oliva, latta 3 l / Extra virgin olive oil, 3 l tin',
      qty: 240,
      price: 4200,
      rate: '0',
    },
    { code: 'PAL', desc: 'Pallet e imballo / Pallets and packing', qty: 4, price: 3500, rate: '0' },
  ];
  const c = calc(items);
  const number = 'EXP-2026/009';
  const [issue, due] = ['2026-04-14', '2026-05-14'];
  const iban = 'IT98O0103072000000001284736';
  const table = texItems(
    o,
    [
      { h: 'Codice', spec: 'l' },
      { h: 'Descrizione / Description', spec: 'X' },
      { h: 'Q.tà / Qty', spec: 'r' },
      { h: 'Prezzo / Price', spec: 'r' },
      { h: 'Importo / Amount', spec: 'r' },
    ],
    c.lines.map((l) => [l.code!, l.desc, qty(l.qty, DOT), num(l.price, DOT), num(l.net, DOT)]),
    'booktabs',
    'tabularx',
  );
  const tex = String.raw`\pdftrailerid{}
\documentclass[10pt,a4paper]{article}
\usepackage[T1]{fontenc}
\usepackage[scaled=0.92]{helvet}
\renewcommand{\familydefault}{\sfdefault}
\usepackage[english,italian]{babel}
\usepackage[a4paper,margin=2cm]{geometry}
\usepackage{tabularx,booktabs}
\usepackage[table]{xcolor}
\definecolor{olive}{HTML}{5B6B2F}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
\begin{document}
\colorbox{olive}{\parbox{\dimexpr\textwidth-2\fboxsep}{\color{white}\vspace{4pt}
{\LARGE\bfseries OLEIFICIO VALDORCIA}\hfill{\Large\bfseries FATTURA / INVOICE}\\[2pt]
Oleificio Valdorcia S.r.l. -- Strada Provinciale 146, km 12 -- 53026 Pienza (SI) -- Italia\\
Tel.\ +39 0578 749 120 -- export@oleificio-valdorcia.example -- P.IVA / VAT no.\ IT01284630595\vspace{4pt}}}

\vspace{8mm}
\begin{minipage}[t]{0.48\textwidth}
\textbf{Cliente / Bill to}\\
Tuscan Table Imports LLC\\
1420 Market Street, Suite 300\\
San Francisco, CA 94102\\
USA\\
Tax ID (EIN): 94-3187226
\end{minipage}\hfill
\begin{minipage}[t]{0.46\textwidth}
\begin{tabular}{@{}ll@{}}
Fattura n. / Invoice no.: & ${lx(number, o)}\\
Data / Date: & ${dt(issue, 'dd/mm/yyyy')}\\
Vs. ordine / Your order: & TTI-PO-20418\\
Resa / Incoterms 2020: & FCA Pienza\\
Scadenza / Due date: & ${dt(due, 'dd/mm/yyyy')}\\
Valuta / Currency: & USD\\
\end{tabular}
\end{minipage}

\vspace{8mm}
${table}
${texTotals(
  o,
  [
    { l: 'Totale imponibile / Net total', v: usd(c.net) },
    { l: 'IVA / VAT 0 %', v: usd(c.tax) },
    { l: 'Totale documento / Invoice total', v: usd(c.total), b: true },
  ],
  'rules',
)}
Operazione non imponibile ai sensi dell'art.~8, comma 1, lett.~a) del D.P.R. 633/1972 -- cessione all'esportazione. / VAT-free export supply.

\textbf{Pagamento / Payment:} bonifico bancario / bank transfer to Banca Monte dei Paschi di Siena, filiale di Pienza (conto in USD / USD account) -- IBAN ${ibanPrint(iban)} -- BIC \mbox{PASCITMMXXX}. Intermediary bank for USD: correspondent as per our standing instructions.

Peso netto / Net weight: 1,308 t -- Colli / Packages: 4 pallet -- MRN export declaration to follow.

\vfill
{\footnotesize\centering Oleificio Valdorcia S.r.l. -- Capitale sociale \texteuro{}~100.000,00 i.v. -- REA SI-148203 -- Registro Imprese di Arezzo-Siena -- P.IVA IT01284630595\par}
\end{document}
`;
  return {
    name,
    gen: 'latex',
    source: tex,
    pages: 1,
    notes:
      'bilingual Italian/English EXPORT invoice in USD with Italian number format ("USD 21.500,00"), 0 % non-imponibile art. 8; info in a coloured band; Helvetica (T1); share capital in €; US EIN distractor',
    key: makeKey(name, 'latex', {
      type: '380',
      country: 'IT',
      number,
      issue,
      due,
      currency: 'USD',
      c,
      seller: 'Oleificio Valdorcia S.r.l.',
      sellerVat: 'IT01284630595',
      sellerReg: 'SI-148203',
      email: 'export@oleificio-valdorcia.example',
      iban,
      bic: 'PASCITMMXXX',
      po: 'TTI-PO-20418',
      buyer: 'Tuscan Table Imports LLC',
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------------------------

function need(cmd: string, what: string): void {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`${cmd} not found on PATH: install ${what}`);
  }
}

/**
 * LibreOffice ignores SOURCE_DATE_EPOCH: pin its creation date to that epoch (2026-09-21 14:13:20 UTC)
 * and derive /ID and /DocChecksum from the content. Same-length replacements keep the xref valid.
 */
function stableLibreOfficePdf(buf: Buffer): Buffer {
  const zero = '0'.repeat(32);
  const s = buf
    .toString('latin1')
    .replace(/(\/(?:Creation|Mod)Date\(D:)\d{14}/g, '$120260921141320')
    .replace(/(\/ID\s*\[\s*<)[0-9A-F]{32}(>\s*<)[0-9A-F]{32}(>)/, `$1${zero}$2${zero}$3`)
    .replace(/(\/DocChecksum \/)[0-9A-F]{32}/, `$1${zero}`);
  const h = createHash('md5').update(s, 'latin1').digest('hex').toUpperCase();
  const out = s
    .replace(/(\/ID\s*\[\s*<)0{32}(>\s*<)0{32}(>)/, `$1${h}$2${h}$3`)
    .replace(/(\/DocChecksum \/)0{32}/, `$1${h}`);
  if (out.length !== buf.length) throw new Error('PDF normalisation changed the length');
  return Buffer.from(out, 'latin1');
}

function buildWriter(b: Built): { pdf: string; pages: number } {
  const dir = join(BUILD, 'writer');
  mkdirSync(dir, { recursive: true });
  const src = join(dir, `${b.name}.fodt`);
  const pdf = join(dir, `${b.name}.pdf`);
  writeFileSync(src, b.source);
  rmSync(pdf, { force: true });
  execFileSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${BUILD}/profile`,
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      src,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 },
  );
  if (!existsSync(pdf)) throw new Error(`${b.name}: soffice produced no PDF`);
  writeFileSync(pdf, stableLibreOfficePdf(readFileSync(pdf)));
  const pages = (readFileSync(pdf, 'latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
  return { pdf, pages };
}

function buildLatex(b: Built): { pdf: string; pages: number } {
  const dir = join(BUILD, 'latex', b.name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${b.name}.tex`), b.source);
  // Fonts TeX may generate (bitmaps for symbols missing from the Type 1 set) stay in the build dir.
  const env = {
    ...process.env,
    SOURCE_DATE_EPOCH: '1790000000',
    FORCE_SOURCE_DATE: '1',
    TEXMFVAR: join(BUILD, 'texmf-var'),
  };
  for (let run = 0; run < 2; run++) {
    try {
      execFileSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', `${b.name}.tex`], {
        cwd: dir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 180_000,
      });
    } catch {
      const log = readFileSync(join(dir, `${b.name}.log`), 'utf8');
      const err = log.split('\n').findIndex((l) => l.startsWith('!'));
      throw new Error(
        `${b.name}: pdflatex failed\n${log
          .split('\n')
          .slice(Math.max(0, err), err + 12)
          .join('\n')}`,
      );
    }
  }
  const log = readFileSync(join(dir, `${b.name}.log`), 'utf8');
  const m = /Output written on .*?\((\d+) pages?/.exec(log.replace(/\n/g, ''));
  return { pdf: join(dir, `${b.name}.pdf`), pages: Number(m?.[1] ?? 0) };
}

const BUILDERS: (() => Built)[] = [
  en1WriterTable,
  en2WriterBand,
  de1WriterTabs,
  de2WriterLong,
  fr1WriterFrames,
  fr2WriterLandscape,
  nl1WriterTable,
  nl2WriterTabs,
  es1WriterGrid,
  es2WriterRectificativa,
  it1WriterItalian,
  it2WriterLeaders,
  en3LatexArticle,
  en4LatexDcolumn,
  de3LatexScrlttr2,
  de4LatexScrlttr2Ch,
  fr3LatexOt1,
  fr4LatexAvoir,
  nl3LatexReverseCharge,
  nl4LatexScrlttr2,
  es3LatexIrpf,
  es4LatexOt1,
  it3LatexOt1,
  it4LatexExport,
];

function main(): void {
  const only = process.argv[2];
  const builders = BUILDERS.map((f) => f()).filter((b) => !only || b.name.includes(only));
  const names = new Set<string>();
  for (const b of builders) {
    if (names.has(b.name)) throw new Error(`duplicate ${b.name}`);
    names.add(b.name);
  }
  if (builders.some((b) => b.gen === 'writer'))
    need('soffice', 'LibreOffice Writer (libreoffice-writer-nogui)');
  if (builders.some((b) => b.gen === 'latex')) need('pdflatex', 'TeX Live (texlive-latex-recommended)');
  mkdirSync(OUT, { recursive: true });
  for (const b of builders) {
    const { pdf, pages } = b.gen === 'writer' ? buildWriter(b) : buildLatex(b);
    if (pages !== b.pages) throw new Error(`${b.name}: expected ${b.pages} page(s), got ${pages}`);
    copyFileSync(pdf, join(OUT, `${b.name}.pdf`));
    writeFileSync(join(OUT, `${b.name}.key.json`), JSON.stringify(b.key, null, 2) + '\n');
    const f = b.key.fields;
    console.log(
      `${b.name.padEnd(28)} ${b.key.type_code} ${f.currency} ${f.total.padStart(9)} ${pages}p  ${b.notes}`,
    );
  }
}

main();
