// Makes a held-out test corpus for capture: 24 supplier invoices drawn with pdfkit, four in each of
// English (UK, Ireland), German (Germany, Austria), French (France, Belgium), Dutch (Netherlands,
// Flanders), Spanish and Italian, each written to test/fixtures/capture/pdfkit-blind/ as <name>.pdf
// beside <name>.key.json, the answer key made from the same data as the page.
//
// Why a second generator: the other capture fixtures were made alongside the extractor and may share
// its assumptions about wording and layout. This set was written by an author who had not read
// capture's code, tests, fixtures or docs, from what small businesses in each country print: their
// own labels, number and date forms, four layouts (a compact column with dotted leaders, a line-item
// table with several VAT rates, a two-page invoice whose totals are on page 2 only, a window-envelope
// letter with the bank and registration details in the small print) and the distractors real pages
// carry (customer, order and delivery-note numbers, the buyer's VAT id, earlier invoices, deposits,
// page subtotals, share capital, a second bank account that is not an IBAN).
//
//   node --import tsx scripts/make-pdfkit-invoices.ts
//
// Same bytes every run: fixed document info (pdfkit derives the file ID from it), no randomness.
// Every VAT id and IBAN is checked by its country's algorithm before anything is written, and the
// money is computed in integer cents (line nets, then tax per rate rounded half up, then summed).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';

const OUT_DIR = 'test/fixtures/capture/pdfkit-blind';
const FONT_DIR = 'node_modules/dejavu-fonts-ttf/ttf';
const FIXED_DATE = new Date('2026-10-01T00:00:00Z');
const PRODUCER = 'scripts/make-pdfkit-invoices.ts (pdfkit)';

const PAGE_W = 595.28;
const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;
const NBSP = '\u00a0';
const NNBSP = '\u202f';

type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
type Country = 'GB' | 'IE' | 'DE' | 'AT' | 'FR' | 'BE' | 'NL' | 'ES' | 'IT';
type Layout = 'compact' | 'table' | 'twopage' | 'letter';
type Face = 'helvetica' | 'times' | 'courier' | 'dejavu-sans' | 'dejavu-serif';
type DateForm = 'd/m/y' | 'd.m.y' | 'd-m-y' | 'iso' | 'long';

/** How amounts are printed: grouping, decimal mark, currency symbol and where it stands. */
interface MoneyStyle {
  group: string;
  dec: string;
  sym: string;
  before: boolean;
  gap: string;
  /** Spanish usage leaves four-digit amounts ungrouped (1234,56) and groups from five (12.345,67). */
  groupFrom?: number;
}

interface Item {
  desc: string;
  /** A second, smaller line under the description (two-page layout). */
  note?: string;
  sku?: string;
  qty: number;
  unit: string;
  /** Unit price in cents. */
  price: number;
  /** Discount in percent. */
  disc?: number;
  rate: string;
}

/** An item in one line of data: description, quantity, unit, unit price in cents, VAT rate. */
const item = (
  desc: string,
  qty: number,
  unit: string,
  price: number,
  rate: string,
  more: Partial<Item> = {},
): Item => ({
  desc,
  qty,
  unit,
  price,
  rate,
  ...more,
});

interface Seller {
  name: string;
  address: string[];
  phone: string;
  fax?: string;
  email: string;
  web?: string;
  vatId: string;
  /** The VAT id as it stands on the page (spaced, dotted, or domestic without the country prefix). */
  vatShown: string;
  regId: string | null;
  regShown?: string;
  legal?: string[];
  bank: string;
  iban: string;
  ibanSpaced: boolean;
  bic?: string;
  /** A second bank account line that is not an IBAN (UK sort code, Italian postal account). */
  otherAccount?: string;
}

interface Buyer {
  /** A line above the name, as German letters put "Frau" or "Herrn". */
  title?: string;
  name: string;
  /** For the attention of: printed under the name. */
  attn?: string;
  lines: string[];
  vatId?: string;
  vatShown?: string;
}

/** Every label a layout may print; each invoice starts from its language's set and changes some. */
interface Labels {
  title: string;
  number: string;
  date: string;
  due: string;
  delivery: string;
  customerNo: string;
  order: string;
  deliveryNote: string;
  buyerRef: string;
  buyerVat: string;
  billTo: string;
  pos: string;
  sku: string;
  desc: string;
  qty: string;
  unit: string;
  price: string;
  disc: string;
  vat: string;
  amount: string;
  net: string;
  vatLine: (rate: string, base: string) => string;
  rateTag: (rate: string) => string;
  pct: (rate: string) => string;
  vatTotal: string;
  total: string;
  deposit: string;
  payable: string;
  carried: string;
  brought: string;
  page: (p: number, n: number) => string;
  tel: string;
  fax: string;
  email: string;
  vatId: string;
  rateHead: string;
  baseHead: string;
  taxHead: string;
}

interface Letter {
  placeDate?: (f: Fmt) => string;
  subject: string;
  salutation: string;
  intro: string;
  closing: string;
  signer: string[];
}

interface Spec {
  file: string;
  lang: Lang;
  layout: Layout;
  country: Country;
  face: Face;
  typeCode: '380' | '381';
  currency: 'EUR' | 'GBP';
  money: MoneyStyle;
  dateForm: DateForm;
  L: Labels;
  number: string;
  issue: string;
  due: string | null;
  delivery?: string;
  customerNo?: string;
  order?: string;
  deliveryNote?: string;
  buyerRef?: string;
  paymentRef: string | null;
  /** Deposit already paid, in cents, deducted from the total to give the amount due. */
  deposit?: number;
  /** Credit notes printed with negative amounts. */
  negative?: boolean;
  seller: Seller;
  buyer: Buyer;
  items: Item[];
  /** Two-page layout: how many items page 1 holds. */
  splitAt?: number;
  /** A line under the title: project, site or delivery address. */
  subject?: string;
  /** Credit notes: the invoice they correct. */
  refLine?: (f: Fmt) => string;
  notes?: (f: Fmt) => string[];
  terms: (f: Fmt) => string[];
  letter?: Letter;
}

interface VatRow {
  rate: string;
  net: number;
  tax: number;
}

interface Totals {
  lines: { item: Item; net: number }[];
  vat: VatRow[];
  net: number;
  tax: number;
  total: number;
  due: number;
}

/** Formatting in the invoice's own style, handed to the per-invoice wording. */
interface Fmt {
  money: (cents: number) => string;
  /** A document amount: signed when a credit note prints its amounts negative. */
  amt: (cents: number) => string;
  num: (cents: number) => string;
  date: (iso: string) => string;
  dateAs: (iso: string, form: DateForm) => string;
  rate: (rate: string) => string;
  qty: (q: number) => string;
  t: Totals;
}

// ---------------------------------------------------------------------------------------------
// Money and dates

/** Rounds num/den half up; both are non-negative integers well inside 2^53. */
function divRound(num: number, den: number): number {
  return Math.floor((2 * num + den) / (2 * den));
}

function lineNet(it: Item): number {
  const qtyHundredths = Math.round(it.qty * 100);
  const discTenths = Math.round((it.disc ?? 0) * 10);
  return divRound(qtyHundredths * it.price * (1000 - discTenths), 100 * 1000);
}

/** Net per line, then per rate the net sum and its tax rounded half up, then the sums. */
function computeTotals(s: Spec): Totals {
  const lines = s.items.map((item) => ({ item, net: lineNet(item) }));
  const byRate = new Map<string, number>();
  for (const l of lines) byRate.set(l.item.rate, (byRate.get(l.item.rate) ?? 0) + l.net);
  const vat = [...byRate.entries()]
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([rate, net]) => ({ rate, net, tax: divRound(net * Math.round(Number(rate) * 10), 1000) }));
  const net = vat.reduce((a, v) => a + v.net, 0);
  const tax = vat.reduce((a, v) => a + v.tax, 0);
  return { lines, vat, net, tax, total: net + tax, due: net + tax - (s.deposit ?? 0) };
}

function fmtNumber(cents: number, m: MoneyStyle): string {
  const abs = Math.abs(cents);
  const int = String(Math.floor(abs / 100));
  const frac = String(abs % 100).padStart(2, '0');
  const grouped = int.length >= (m.groupFrom ?? 4) ? int.replace(/\B(?=(\d{3})+(?!\d))/g, m.group) : int;
  return (cents < 0 ? '-' : '') + grouped + m.dec + frac;
}

function fmtMoney(cents: number, m: MoneyStyle): string {
  const n = fmtNumber(cents, m);
  return m.before ? m.sym + m.gap + n : n + m.gap + m.sym;
}

// Month names of its own, not imported from scripts/make-lang-invoices.ts or capture's dates.ts:
// this set is held out only while nothing in it comes from what it measures.
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

function fmtDate(iso: string, form: DateForm, lang: Lang): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  if (form === 'iso') return iso;
  if (form !== 'long') return [d, m, y].join(form[1]);
  const day = Number(d);
  const month = MONTHS[lang][Number(m) - 1] ?? '';
  switch (lang) {
    case 'de':
      return `${day}. ${month} ${y}`;
    case 'fr':
      return `${day === 1 ? '1er' : day} ${month} ${y}`;
    case 'es':
      return `${day} de ${month} de ${y}`;
    default:
      return `${day} ${month} ${y}`;
  }
}

function makeFmt(s: Spec, t: Totals): Fmt {
  const sign = s.negative ? -1 : 1;
  return {
    money: (c) => fmtMoney(c, s.money),
    amt: (c) => fmtMoney(sign * c, s.money),
    num: (c) => fmtNumber(sign * c, s.money),
    date: (iso) => fmtDate(iso, s.dateForm, s.lang),
    dateAs: (iso, form) => fmtDate(iso, form, s.lang),
    rate: (r) => r.replace('.', s.money.dec),
    qty: (q) => String(q).replace('.', s.money.dec),
    t,
  };
}

const dec2 = (cents: number): string => (cents / 100).toFixed(2);
const spaced4 = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

// ---------------------------------------------------------------------------------------------
// Check digits: a typo in the data stops the script instead of making a wrong fixture.

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
}

const lettersToDigits = (s: string): string =>
  [...s].map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch)).join('');

const IBAN_LENGTH: Record<Country, number> = {
  GB: 22,
  IE: 22,
  DE: 22,
  AT: 20,
  FR: 27,
  BE: 16,
  NL: 18,
  ES: 24,
  IT: 27,
};

function ibanValid(iban: string): boolean {
  const cc = iban.slice(0, 2) as Country;
  if (iban.length !== IBAN_LENGTH[cc]) return false;
  return mod97(lettersToDigits(iban.slice(4) + iban.slice(0, 4))) === 1;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((ch, i) => {
    let v = Number(ch) * (i % 2 === 1 ? 2 : 1);
    if (v > 9) v -= 9;
    sum += v;
  });
  return sum % 10 === 0;
}

const weighted = (digits: string, weights: number[]): number =>
  weights.reduce((a, w, i) => a + Number(digits[i]) * w, 0);

/** One check per country, after its tax administration's published algorithm. */
function vatValid(id: string): boolean {
  const cc = id.slice(0, 2);
  const body = id.slice(2);
  switch (cc) {
    case 'DE': {
      // ISO 7064 MOD 11,10 over the first eight digits.
      let p = 10;
      for (const ch of body.slice(0, 8)) {
        let s = (Number(ch) + p) % 10;
        if (s === 0) s = 10;
        p = (2 * s) % 11;
      }
      return /^\d{9}$/.test(body) && (11 - p) % 10 === Number(body[8]);
    }
    case 'AT': {
      let r = 0;
      [...body.slice(1, 8)].forEach((ch, i) => {
        const p = Number(ch) * (i % 2 === 1 ? 2 : 1);
        r += Math.floor(p / 10) + (p % 10);
      });
      return /^U\d{8}$/.test(body) && (10 - ((r + 4) % 10)) % 10 === Number(body[8]);
    }
    case 'FR': {
      const siren = body.slice(2);
      return luhnValid(siren) && (12 + 3 * (Number(siren) % 97)) % 97 === Number(body.slice(0, 2));
    }
    case 'NL':
      return /^\d{9}B\d\d$/.test(body) && weighted(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11 === Number(body[8]);
    case 'BE':
      return /^[01]\d{9}$/.test(body) && 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8));
    case 'IT':
      return /^\d{11}$/.test(body) && luhnValid(body);
    case 'GB':
      return (
        /^\d{9}$/.test(body) && (weighted(body, [8, 7, 6, 5, 4, 3, 2]) + Number(body.slice(7))) % 97 === 0
      );
    case 'IE':
      return (
        /^\d{7}[A-W]$/.test(body) &&
        'WABCDEFGHIJKLMNOPQRSTUV'[weighted(body, [8, 7, 6, 5, 4, 3, 2]) % 23] === body[7]
      );
    case 'ES': {
      // CIF: odd positions doubled (digit sum), even positions as they are; letter control for K, P, Q, S, N, W.
      const digits = body.slice(1, 8);
      let sum = 0;
      [...digits].forEach((ch, i) => {
        const v = Number(ch) * (i % 2 === 0 ? 2 : 1);
        sum += Math.floor(v / 10) + (v % 10);
      });
      const k = (10 - (sum % 10)) % 10;
      const control = 'KPQSNW'.includes(body[0] ?? '') ? 'JABCDEFGHI'[k] : String(k);
      return /^[A-HJNP-SUVW]\d{7}[0-9A-J]$/.test(body) && body[8] === control;
    }
    default:
      return false;
  }
}

function assertIds(s: Spec): void {
  const bad = (what: string) => new Error(`${s.file}: invalid ${what}`);
  if (!vatValid(s.seller.vatId)) throw bad(`seller VAT id ${s.seller.vatId}`);
  if (s.buyer.vatId && !vatValid(s.buyer.vatId)) throw bad(`buyer VAT id ${s.buyer.vatId}`);
  if (!ibanValid(s.seller.iban) || s.seller.iban.slice(0, 2) !== s.country)
    throw bad(`IBAN ${s.seller.iban}`);
}

// ---------------------------------------------------------------------------------------------
// Drawing helpers

const FACES: Record<Face, { regular: string; bold: string; ttf: boolean }> = {
  helvetica: { regular: 'Helvetica', bold: 'Helvetica-Bold', ttf: false },
  times: { regular: 'Times-Roman', bold: 'Times-Bold', ttf: false },
  courier: { regular: 'Courier', bold: 'Courier-Bold', ttf: false },
  'dejavu-sans': {
    regular: join(FONT_DIR, 'DejaVuSans.ttf'),
    bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
    ttf: true,
  },
  'dejavu-serif': {
    regular: join(FONT_DIR, 'DejaVuSerif.ttf'),
    bold: join(FONT_DIR, 'DejaVuSerif-Bold.ttf'),
    ttf: true,
  },
};

// The built-in PDF fonts only have WinAnsi glyphs; anything else would print as a wrong character.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

interface Ctx {
  doc: PDFKit.PDFDocument;
  s: Spec;
  t: Totals;
  f: Fmt;
  L: Labels;
}

function guard(c: Ctx, text: string): void {
  if (FACES[c.s.face].ttf) return;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) continue;
    throw new Error(`${c.s.file}: U+${cp.toString(16)} cannot be printed in ${c.s.face}`);
  }
}

function setFont(c: Ctx, size: number, bold: boolean): void {
  c.doc.font(bold ? 'B' : 'R').fontSize(size);
}

function widthOf(c: Ctx, text: string, size: number, bold = false): number {
  setFont(c, size, bold);
  return c.doc.widthOfString(text);
}

/** One line of text at (x, y); returns its width. */
function put(
  c: Ctx,
  text: string,
  x: number,
  y: number,
  size: number,
  bold = false,
  color = '#000000',
): number {
  guard(c, text);
  setFont(c, size, bold);
  c.doc.fillColor(color).text(text, x, y, { lineBreak: false });
  return c.doc.widthOfString(text);
}

function putRight(
  c: Ctx,
  text: string,
  xRight: number,
  y: number,
  size: number,
  bold = false,
  color?: string,
) {
  put(c, text, xRight - widthOf(c, text, size, bold), y, size, bold, color);
}

function putCenter(c: Ctx, text: string, y: number, size: number, bold = false) {
  put(c, text, (PAGE_W - widthOf(c, text, size, bold)) / 2, y, size, bold);
}

/** A wrapped paragraph; returns the y below it. */
function para(c: Ctx, text: string, x: number, y: number, width: number, size: number, bold = false): number {
  guard(c, text);
  setFont(c, size, bold);
  c.doc.fillColor('#000000').text(text, x, y, { width, lineGap: 1.5 });
  return c.doc.y;
}

function rule(c: Ctx, x1: number, x2: number, y: number, width = 0.5): void {
  c.doc.save().lineWidth(width).strokeColor('#555555').moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

function shade(c: Ctx, x: number, y: number, w: number, h: number): void {
  c.doc.save().rect(x, y, w, h).fill('#e4e4e4').restore();
}

/**
 * Label, a run of dots, and the value flush right, as a word processor's tab leader prints them.
 * In Courier the line is one run padded to the column, as a typewriter-style template would be.
 */
function leader(
  c: Ctx,
  label: string,
  value: string,
  x0: number,
  x1: number,
  y: number,
  size: number,
  bold = false,
) {
  if (c.s.face === 'courier') {
    const cols = Math.floor((x1 - x0) / (size * 0.6));
    const dots = Math.max(3, cols - label.length - value.length - 2);
    put(c, `${label} ${'.'.repeat(dots)} ${value}`, x0, y, size, bold);
    return;
  }
  const lw = put(c, label, x0, y, size, bold);
  const vw = widthOf(c, value, size, bold);
  putRight(c, value, x1, y, size, bold);
  const dot = widthOf(c, '.', size);
  const n = Math.floor((x1 - vw - 4 - (x0 + lw + 4)) / dot);
  if (n > 0) put(c, '.'.repeat(n), x0 + lw + 4, y, size, false, '#444444');
}

/** Phone, fax, e-mail and web; letter footers print the e-mail address without its label. */
function contactLines(c: Ctx, emailLabel = true): string[] {
  const { s, L } = c;
  const out = [`${L.tel} ${s.seller.phone}`];
  if (s.seller.fax) out.push(`${L.fax} ${s.seller.fax}`);
  out.push(emailLabel ? `${L.email} ${s.seller.email}` : s.seller.email);
  if (s.seller.web) out.push(s.seller.web);
  return out;
}

function bankLines(c: Ctx): string[] {
  const sl = c.s.seller;
  const out = [sl.bank];
  if (sl.otherAccount) out.push(sl.otherAccount);
  out.push(`IBAN ${sl.ibanSpaced ? spaced4(sl.iban) : sl.iban}`);
  if (sl.bic) out.push(`BIC ${sl.bic}`);
  return out;
}

function legalLines(c: Ctx): string[] {
  const sl = c.s.seller;
  return [`${c.L.vatId} ${sl.vatShown}`, ...(sl.regShown ? [sl.regShown] : []), ...(sl.legal ?? [])];
}

function buyerLines(c: Ctx): string[] {
  const b = c.s.buyer;
  return [...(b.attn ? [b.attn] : []), ...b.lines];
}

/** The header facts as label/value pairs, in the order small-business software prints them. */
function metaRows(c: Ctx, withDue: boolean): [string, string][] {
  const { s, f, L } = c;
  const rows: [string, string][] = [
    [L.number, s.number],
    [L.date, f.date(s.issue)],
  ];
  if (s.delivery) rows.push([L.delivery, f.date(s.delivery)]);
  if (withDue && s.due) rows.push([L.due, f.date(s.due)]);
  if (s.customerNo) rows.push([L.customerNo, s.customerNo]);
  if (s.order) rows.push([L.order, s.order]);
  if (s.deliveryNote) rows.push([L.deliveryNote, s.deliveryNote]);
  if (s.buyerRef) rows.push([L.buyerRef, s.buyerRef]);
  return rows;
}

/** Footer lines that would need a size below 7 pt, reported together at the end. */
const overlong: string[] = [];

/**
 * Small-print columns across the foot of the page. A line too long for its column is set smaller
 * (never below 7 pt), as a designer would, rather than broken inside an IBAN or an e-mail address.
 */
function footer(c: Ctx, columns: string[][], y: number): void {
  const size = 7.5;
  const w = WIDTH / columns.length;
  rule(c, LEFT, RIGHT, y - 6, 0.4);
  columns.forEach((col, i) => {
    let yy = y;
    for (const line of col) {
      const fit = Math.min(size, (size * (w - 8)) / widthOf(c, line, size));
      if (fit < 7) overlong.push(`${c.s.file}: ${line}`);
      put(c, line, LEFT + i * w, yy, fit);
      yy += size + 2.2;
    }
  });
}

/**
 * The small print of a letter: each group (address, bank, registration) on centred lines, its parts
 * joined by middle dots and packed greedily into lines that fit the page at 7 pt.
 */
function centeredFooter(c: Ctx, groups: string[][], y: number): void {
  const size = 7;
  const sep = '  ·  ';
  rule(c, LEFT, RIGHT, y - 6, 0.4);
  for (const group of groups) {
    let line = '';
    for (const part of group) {
      const next = line ? line + sep + part : part;
      if (line && widthOf(c, next, size) > WIDTH) {
        putCenter(c, line, y, size);
        y += size + 2.5;
        line = part;
      } else {
        line = next;
      }
    }
    putCenter(c, line, y, size);
    y += size + 2.5;
  }
}

interface TotalsRow {
  label: string;
  value: string;
  bold: boolean;
}

/**
 * Net, the tax (per rate, or one line when a VAT summary table is printed beside), the total, and
 * the deposit and balance when there is one.
 */
function totalsLines(c: Ctx, perRate: boolean): TotalsRow[] {
  const { s, t, f, L } = c;
  const out = [{ label: L.net, value: f.amt(t.net), bold: false }];
  if (perRate) {
    for (const v of t.vat) {
      out.push({ label: L.vatLine(f.rate(v.rate), f.amt(v.net)), value: f.amt(v.tax), bold: false });
    }
  }
  // With several rates, small-business software adds up the tax before the total.
  if (!perRate || t.vat.length > 1) out.push({ label: L.vatTotal, value: f.amt(t.tax), bold: false });
  out.push({ label: L.total, value: f.amt(t.total), bold: true });
  if (s.deposit) {
    out.push({ label: L.deposit, value: `-${f.money(s.deposit)}`, bold: false });
    out.push({ label: L.payable, value: f.money(t.due), bold: true });
  }
  return out;
}

/** The totals block flush right; its label column starts far enough left for the longest label. */
function drawTotals(c: Ctx, rows: TotalsRow[], y: number, size: number, xMax: number): number {
  const sizeOf = (r: TotalsRow) => (r.bold ? size + 1 : size);
  const labelW = Math.max(...rows.map((r) => widthOf(c, r.label, sizeOf(r), r.bold)));
  const valueW = Math.max(...rows.map((r) => widthOf(c, r.value, sizeOf(r), r.bold)));
  const x = Math.min(xMax, RIGHT - valueW - labelW - 18);
  for (const r of rows) {
    if (r.bold) rule(c, x, RIGHT, y - 3, 0.6);
    put(c, r.label, x, y, sizeOf(r), r.bold);
    putRight(c, r.value, RIGHT, y, sizeOf(r), r.bold);
    y += sizeOf(r) + (r.bold ? 7 : 4.5);
  }
  return y;
}

// ---------------------------------------------------------------------------------------------
// Layout 1: a compact single column with dotted leaders.

function drawCompact(c: Ctx): void {
  const { s, t, f, L } = c;
  const x0 = 105;
  const x1 = 490;
  const size = s.face === 'courier' ? 8.5 : 9;
  const step = size + 4.5;
  let y = 46;
  putCenter(c, s.seller.name, y, 13, true);
  y += 19;
  for (const line of [
    s.seller.address.join(', '),
    contactLines(c).join('  ·  '),
    `${L.vatId} ${s.seller.vatShown}`,
  ]) {
    putCenter(c, line, y, 8);
    y += 11;
  }
  y += 4;
  rule(c, x0, x1, y);
  y += 10;
  put(c, L.title, x0, y, 12, true);
  y += 19;
  if (s.refLine) y = para(c, s.refLine(f), x0, y, x1 - x0, size) + 6;
  for (const [label, value] of metaRows(c, true)) {
    leader(c, label, value, x0, x1, y, size);
    y += step;
  }
  y += 3;
  rule(c, x0, x1, y);
  y += 9;
  put(c, L.billTo, x0, y, size, true);
  y += step;
  put(c, s.buyer.name, x0, y, size);
  y += step;
  for (const line of buyerLines(c)) {
    put(c, line, x0, y, size);
    y += step;
  }
  if (s.buyer.vatShown) {
    put(c, `${L.buyerVat} ${s.buyer.vatShown}`, x0, y, size);
    y += step;
  }
  y += 3;
  rule(c, x0, x1, y);
  y += 9;
  const multiRate = t.vat.length > 1;
  for (const l of t.lines) {
    const tag = multiRate ? ` ${L.rateTag(f.rate(l.item.rate))}` : '';
    leader(c, `${f.qty(l.item.qty)} x ${l.item.desc}${tag}`, f.amt(l.net), x0, x1, y, size);
    y += step;
  }
  y += 3;
  rule(c, x0, x1, y);
  y += 9;
  for (const row of totalsLines(c, true)) {
    leader(c, row.label, row.value, x0, x1, y, row.bold ? size + 1 : size, row.bold);
    y += step + (row.bold ? 2 : 0);
  }
  y += 4;
  rule(c, x0, x1, y);
  y += 10;
  for (const line of [...(s.notes?.(f) ?? []), ...s.terms(f)]) y = para(c, line, x0, y, x1 - x0, size) + 3;
  y += 4;
  for (const line of bankLines(c)) {
    put(c, line, x0, y, size);
    y += step;
  }
  let fy = 790;
  for (const line of legalLines(c).slice(1)) {
    putCenter(c, line, fy, 7);
    fy += 9;
  }
}

// ---------------------------------------------------------------------------------------------
// Layout 2: a line-item table with discounts and a VAT summary over several rates.

function letterheadLeft(c: Ctx, y: number): number {
  const { s } = c;
  put(c, s.seller.name, LEFT, y, 14, true);
  let yy = y + 20;
  for (const line of s.seller.address) {
    put(c, line, LEFT, yy, 8.5);
    yy += 11;
  }
  let ry = y + 4;
  for (const line of contactLines(c)) {
    putRight(c, line, RIGHT, ry, 8.5);
    ry += 11;
  }
  return Math.max(yy, ry);
}

/** Buyer block at the left, header facts at the right; returns the y below both. */
function addressAndMeta(c: Ctx, y: number, withDue: boolean): number {
  const { s, L } = c;
  put(c, L.billTo, LEFT, y, 7.5, false, '#555555');
  let by = y + 11;
  put(c, s.buyer.name, LEFT, by, 10, true);
  by += 13;
  for (const line of buyerLines(c)) {
    put(c, line, LEFT, by, 9.5);
    by += 12;
  }
  if (s.buyer.vatShown) {
    put(c, `${L.buyerVat}: ${s.buyer.vatShown}`, LEFT, by + 2, 8.5);
    by += 14;
  }
  let my = y;
  for (const [label, value] of metaRows(c, withDue)) {
    put(c, label, 340, my, 8.5, true);
    putRight(c, value, RIGHT, my, 8.5);
    my += 12.5;
  }
  return Math.max(by, my);
}

function drawTable(c: Ctx): void {
  const { s, t, f, L } = c;
  let y = letterheadLeft(c, 42) + 18;
  y = addressAndMeta(c, y, true) + 18;
  put(c, L.title, LEFT, y, 14, true);
  y += 22;
  if (s.subject) y = para(c, s.subject, LEFT, y, WIDTH, 8.5) + 6;
  if (s.refLine) y = para(c, s.refLine(f), LEFT, y, WIDTH, 8.5) + 8;
  // Columns: right edges for numbers, left edges for text.
  const col = {
    pos: LEFT + 3,
    desc: 72,
    qty: 290,
    unit: 296,
    price: 385,
    disc: 435,
    vat: 478,
    amount: RIGHT - 3,
  };
  const head = 8;
  shade(c, LEFT, y - 4, WIDTH, 16);
  put(c, L.pos, col.pos, y, head, true);
  put(c, L.desc, col.desc, y, head, true);
  putRight(c, L.qty, col.qty, y, head, true);
  put(c, L.unit, col.unit, y, head, true);
  putRight(c, L.price, col.price, y, head, true);
  putRight(c, L.disc, col.disc, y, head, true);
  putRight(c, L.vat, col.vat, y, head, true);
  putRight(c, L.amount, col.amount, y, head, true);
  y += 18;
  const size = 8.5;
  t.lines.forEach((l, i) => {
    put(c, String(i + 1), col.pos, y, size);
    put(c, l.item.desc, col.desc, y, size);
    putRight(c, f.qty(l.item.qty), col.qty, y, size);
    put(c, l.item.unit, col.unit, y, size);
    putRight(c, f.num(l.item.price), col.price, y, size);
    putRight(c, l.item.disc ? f.rate(String(l.item.disc)) : '', col.disc, y, size);
    putRight(c, f.rate(l.item.rate), col.vat, y, size);
    putRight(c, f.num(l.net), col.amount, y, size);
    y += 14;
  });
  rule(c, LEFT, RIGHT, y - 2);
  y += 10;
  // A VAT summary table at the left, the totals at the right.
  const vx = { rate: LEFT + 3, base: 190, tax: 282 };
  shade(c, LEFT, y - 3, 235, 14);
  put(c, L.rateHead, vx.rate, y, 8, true);
  putRight(c, L.baseHead, vx.base, y, 8, true);
  putRight(c, L.taxHead, vx.tax, y, 8, true);
  let vy = y + 15;
  for (const v of t.vat) {
    put(c, L.pct(f.rate(v.rate)), vx.rate, vy, 8.5);
    putRight(c, f.num(v.net), vx.base, vy, 8.5);
    putRight(c, f.num(v.tax), vx.tax, vy, 8.5);
    vy += 12;
  }
  const ty = drawTotals(c, totalsLines(c, false), y, 9, 330);
  y = Math.max(vy, ty) + 14;
  for (const line of [...(s.notes?.(f) ?? []), ...s.terms(f)]) y = para(c, line, LEFT, y, WIDTH, 8.5) + 3;
  footer(c, [[s.seller.name, ...s.seller.address], legalLines(c), bankLines(c)], 772);
}

// ---------------------------------------------------------------------------------------------
// Layout 3: two pages; page 1 ends with a carried-forward subtotal, the totals are on page 2 only.

const TP = {
  pos: LEFT + 2,
  sku: 72,
  desc: 124,
  descWidth: 205,
  qty: 392,
  price: 455,
  vat: 494,
  amount: RIGHT - 2,
};

function twoPageHead(c: Ctx, y: number): number {
  const { L } = c;
  shade(c, LEFT, y - 4, WIDTH, 16);
  put(c, L.pos, TP.pos, y, 8, true);
  put(c, L.sku, TP.sku, y, 8, true);
  put(c, L.desc, TP.desc, y, 8, true);
  putRight(c, L.qty, TP.qty, y, 8, true);
  putRight(c, L.price, TP.price, y, 8, true);
  putRight(c, L.vat, TP.vat, y, 8, true);
  putRight(c, L.amount, TP.amount, y, 8, true);
  return y + 20;
}

/** Item rows: the description, and under it the item's note in smaller grey type, wrapped. */
function twoPageRows(c: Ctx, from: number, to: number, y: number): number {
  const { t, f, L } = c;
  for (const [i, l] of t.lines.entries()) {
    if (i < from || i >= to) continue;
    put(c, String(i + 1), TP.pos, y, 9.5);
    put(c, l.item.sku ?? '', TP.sku, y + 1, 8);
    put(c, l.item.desc, TP.desc, y, 9.5);
    putRight(c, `${f.qty(l.item.qty)} ${l.item.unit}`, TP.qty, y, 9.5);
    putRight(c, f.num(l.item.price), TP.price, y, 9.5);
    putRight(c, L.pct(f.rate(l.item.rate)), TP.vat, y, 9.5);
    putRight(c, f.num(l.net), TP.amount, y, 9.5);
    y += 13;
    if (l.item.note) {
      c.doc.fillColor('#555555');
      guard(c, l.item.note);
      setFont(c, 8, false);
      c.doc.text(l.item.note, TP.desc, y, { width: TP.descWidth, lineGap: 1 });
      y = c.doc.y;
    }
    y += 9;
  }
  return y;
}

function twoPageFooter(c: Ctx, page: number): void {
  const { s, L } = c;
  footer(c, [[s.seller.name, ...s.seller.address], legalLines(c), bankLines(c)], 758);
  putRight(c, L.page(page, 2), RIGHT, 818, 7.5);
}

function drawTwoPage(c: Ctx): void {
  const { s, t, f, L, doc } = c;
  const split = s.splitAt ?? 8;
  let y = letterheadLeft(c, 42) + 18;
  y = addressAndMeta(c, y, true) + 16;
  put(c, L.title, LEFT, y, 14, true);
  y += 22;
  if (s.subject) y = para(c, s.subject, LEFT, y, WIDTH, 9) + 8;
  y = twoPageHead(c, y);
  y = twoPageRows(c, 0, split, y);
  if (y > 720) throw new Error(`${s.file}: page 1 overflows (${Math.round(y)})`);
  const carried = t.lines.slice(0, split).reduce((a, l) => a + l.net, 0);
  rule(c, 330, RIGHT, y - 2, 0.6);
  put(c, L.carried, 330, y + 4, 9.5, true);
  putRight(c, f.num(carried), TP.amount, y + 4, 9.5, true);
  twoPageFooter(c, 1);

  doc.addPage({ size: 'A4', margin: 0 });
  put(c, s.seller.name, LEFT, 42, 11, true);
  putRight(c, `${L.number} ${s.number}  ·  ${L.date} ${f.date(s.issue)}`, RIGHT, 44, 8.5);
  y = twoPageHead(c, 80);
  put(c, L.brought, TP.desc, y, 9.5, true);
  putRight(c, f.num(carried), TP.amount, y, 9.5, true);
  y += 22;
  y = twoPageRows(c, split, t.lines.length, y);
  rule(c, LEFT, RIGHT, y - 2);
  y = drawTotals(c, totalsLines(c, true), y + 10, 9.5, 300) + 12;
  for (const line of [...(s.notes?.(f) ?? []), ...s.terms(f)]) y = para(c, line, LEFT, y, WIDTH, 9) + 4;
  twoPageFooter(c, 2);
}

// ---------------------------------------------------------------------------------------------
// Layout 4: a letter for a window envelope; the seller's VAT id, registration and bank account
// appear only in the small print at the foot, and payment is asked for in a sentence.

function drawLetter(c: Ctx): void {
  const { s, t, f, L } = c;
  const letter = s.letter;
  if (!letter) throw new Error(`${s.file}: letter layout without letter texts`);
  // Letterhead at the right: name, address, phone and e-mail only.
  putRight(c, s.seller.name, RIGHT, 40, 13, true);
  let hy = 58;
  for (const line of [...s.seller.address, `${L.tel} ${s.seller.phone}`, s.seller.email]) {
    putRight(c, line, RIGHT, hy, 8.5, false, '#333333');
    hy += 10.5;
  }
  // DIN 5008 / DL window: return address line, then the recipient, 20 mm from the left edge.
  const wx = 57;
  put(c, [s.seller.name, ...s.seller.address].join(' · '), wx, 134, 7, false, '#444444');
  rule(c, wx, wx + 230, 143, 0.3);
  let by = 156;
  const b = s.buyer;
  for (const line of [...(b.title ? [b.title] : []), b.name, ...(b.attn ? [b.attn] : []), ...b.lines]) {
    put(c, line, wx, by, 10);
    by += 13;
  }
  let my = 156;
  const rows = metaRows(c, false);
  if (b.vatShown) rows.push([L.buyerVat, b.vatShown]);
  for (const [label, value] of rows) {
    put(c, label, 360, my, 8.5, false, '#333333');
    putRight(c, value, RIGHT, my, 8.5);
    my += 12;
  }
  let y = Math.max(by, my, 250) + 10;
  if (letter.placeDate) {
    putRight(c, letter.placeDate(f), RIGHT, y, 10);
    y += 22;
  }
  put(c, letter.subject, wx, y, 11, true);
  y += 24;
  put(c, letter.salutation, wx, y, 10);
  y += 18;
  y = para(c, letter.intro, wx, y, RIGHT - wx, 10) + 10;
  // A short item table.
  const size = 9;
  shade(c, wx, y - 3, RIGHT - wx, 14);
  put(c, L.desc, wx + 3, y, 8, true);
  putRight(c, L.qty, 372, y, 8, true);
  putRight(c, L.price, 455, y, 8, true);
  putRight(c, L.amount, RIGHT - 3, y, 8, true);
  y += 16;
  for (const l of t.lines) {
    const h = para(c, l.item.desc, wx + 3, y, 270, size) - y;
    putRight(c, `${f.qty(l.item.qty)} ${l.item.unit}`.trim(), 372, y, size);
    putRight(c, f.num(l.item.price), 455, y, size);
    putRight(c, f.num(l.net), RIGHT - 3, y, size);
    y += Math.max(h, 12) + 4;
  }
  rule(c, wx, RIGHT, y);
  y = drawTotals(c, totalsLines(c, true), y + 8, 9.5, 330) + 8;
  for (const line of [...s.terms(f), ...(s.notes?.(f) ?? [])]) y = para(c, line, wx, y, RIGHT - wx, 10) + 6;
  y += 6;
  put(c, letter.closing, wx, y, 10);
  y += 34;
  for (const line of letter.signer) {
    put(c, line, wx, y, 10);
    y += 13;
  }
  centeredFooter(
    c,
    [[s.seller.name, ...s.seller.address, ...contactLines(c, false)], bankLines(c), legalLines(c)],
    768,
  );
}

// ---------------------------------------------------------------------------------------------
// Labels per language; each invoice changes some to vary the wording.

const EN: Labels = {
  title: 'INVOICE',
  number: 'Invoice no.',
  date: 'Invoice date',
  due: 'Due date',
  delivery: 'Delivery date',
  customerNo: 'Account no.',
  order: 'Your order no.',
  deliveryNote: 'Delivery note',
  buyerRef: 'Your reference',
  buyerVat: 'Customer VAT no.',
  billTo: 'Invoice to',
  pos: '#',
  sku: 'Code',
  desc: 'Description',
  qty: 'Qty',
  unit: 'Unit',
  price: 'Unit price',
  disc: 'Disc. %',
  vat: 'VAT %',
  amount: 'Net',
  net: 'Subtotal',
  vatLine: (r, b) => `VAT @ ${r}% on ${b}`,
  rateTag: (r) => `(${r}%)`,
  pct: (r) => `${r}%`,
  vatTotal: 'Total VAT',
  total: 'Total',
  deposit: 'Less deposit paid',
  payable: 'Balance due',
  carried: 'Carried forward',
  brought: 'Brought forward',
  page: (p, n) => `Page ${p} of ${n}`,
  tel: 'Tel',
  fax: 'Fax',
  email: 'Email',
  vatId: 'VAT reg. no.',
  rateHead: 'VAT rate',
  baseHead: 'Net',
  taxHead: 'VAT',
};

const DE: Labels = {
  title: 'Rechnung',
  number: 'Rechnungsnummer',
  date: 'Rechnungsdatum',
  due: 'Fällig am',
  delivery: 'Leistungsdatum',
  customerNo: 'Kundennummer',
  order: 'Ihre Bestellung',
  deliveryNote: 'Lieferschein-Nr.',
  buyerRef: 'Ihr Zeichen',
  buyerVat: 'Ihre USt-IdNr.',
  billTo: 'Rechnungsanschrift',
  pos: 'Pos.',
  sku: 'Art.-Nr.',
  desc: 'Bezeichnung',
  qty: 'Menge',
  unit: 'Einheit',
  price: 'Einzelpreis',
  disc: 'Rabatt',
  vat: 'USt.',
  amount: 'Gesamt',
  net: 'Nettobetrag',
  vatLine: (r) => `zzgl. ${r} % USt.`,
  rateTag: (r) => `(${r} %)`,
  pct: (r) => `${r} %`,
  vatTotal: 'Umsatzsteuer',
  total: 'Gesamtbetrag',
  deposit: 'abzüglich Anzahlung',
  payable: 'Zahlbetrag',
  carried: 'Übertrag',
  brought: 'Übertrag',
  page: (p, n) => `Seite ${p} von ${n}`,
  tel: 'Tel.',
  fax: 'Fax',
  email: 'E-Mail',
  vatId: 'USt-IdNr.',
  rateHead: 'USt.-Satz',
  baseHead: 'Netto',
  taxHead: 'USt.',
};

const FR: Labels = {
  title: 'FACTURE',
  number: 'Facture n°',
  date: 'Date de facture',
  due: "Date d'échéance",
  delivery: 'Date de livraison',
  customerNo: 'N° client',
  order: 'Votre commande',
  deliveryNote: 'Bon de livraison',
  buyerRef: 'Votre référence',
  buyerVat: 'N° TVA client',
  billTo: 'Facturer à',
  pos: 'N°',
  sku: 'Réf.',
  desc: 'Désignation',
  qty: 'Qté',
  unit: 'Unité',
  price: 'P.U. HT',
  disc: 'Remise %',
  vat: 'TVA %',
  amount: 'Montant HT',
  net: 'Total HT',
  vatLine: (r) => `TVA ${r} %`,
  rateTag: (r) => `(${r} %)`,
  pct: (r) => `${r} %`,
  vatTotal: 'Total TVA',
  total: 'Total TTC',
  deposit: 'Acompte versé',
  payable: 'Net à payer',
  carried: 'À reporter',
  brought: 'Report',
  page: (p, n) => `Page ${p}/${n}`,
  tel: 'Tél.',
  fax: 'Fax',
  email: 'E-mail',
  vatId: 'N° TVA intracommunautaire',
  rateHead: 'Taux',
  baseHead: 'Base HT',
  taxHead: 'Montant TVA',
};

const NL: Labels = {
  title: 'FACTUUR',
  number: 'Factuurnummer',
  date: 'Factuurdatum',
  due: 'Vervaldatum',
  delivery: 'Leverdatum',
  customerNo: 'Klantnummer',
  order: 'Uw ordernummer',
  deliveryNote: 'Pakbonnummer',
  buyerRef: 'Uw referentie',
  buyerVat: 'Uw btw-nummer',
  billTo: 'Factuuradres',
  pos: 'Nr.',
  sku: 'Code',
  desc: 'Omschrijving',
  qty: 'Aantal',
  unit: 'Eenheid',
  price: 'Prijs',
  disc: 'Korting %',
  vat: 'Btw %',
  amount: 'Bedrag',
  net: 'Subtotaal excl. btw',
  vatLine: (r, b) => `Btw ${r}% over ${b}`,
  rateTag: (r) => `(${r}%)`,
  pct: (r) => `${r}%`,
  vatTotal: 'Totaal btw',
  total: 'Totaal incl. btw',
  deposit: 'Reeds betaald (aanbetaling)',
  payable: 'Nog te betalen',
  carried: 'Transport',
  brought: 'Transport',
  page: (p, n) => `Pagina ${p} van ${n}`,
  tel: 'Tel.',
  fax: 'Fax',
  email: 'E-mail',
  vatId: 'Btw-nr.',
  rateHead: 'Btw-tarief',
  baseHead: 'Grondslag',
  taxHead: 'Btw-bedrag',
};

const ES: Labels = {
  title: 'FACTURA',
  number: 'Factura n.º',
  date: 'Fecha de factura',
  due: 'Vencimiento',
  delivery: 'Fecha de entrega',
  customerNo: 'N.º cliente',
  order: 'Su pedido',
  deliveryNote: 'Albarán',
  buyerRef: 'Su referencia',
  buyerVat: 'NIF cliente',
  billTo: 'Cliente',
  pos: 'N.º',
  sku: 'Ref.',
  desc: 'Concepto',
  qty: 'Cant.',
  unit: 'Ud.',
  price: 'Precio',
  disc: 'Dto. %',
  vat: 'IVA %',
  amount: 'Importe',
  net: 'Base imponible',
  vatLine: (r, b) => `IVA ${r} % s/ ${b}`,
  rateTag: (r) => `(${r} %)`,
  pct: (r) => `${r} %`,
  vatTotal: 'Total IVA',
  total: 'Total factura',
  deposit: 'Anticipo recibido',
  payable: 'Total a pagar',
  carried: 'Suma y sigue',
  brought: 'Suma anterior',
  page: (p, n) => `Página ${p} de ${n}`,
  tel: 'Tel.',
  fax: 'Fax',
  email: 'Email',
  vatId: 'CIF',
  rateHead: '% IVA',
  baseHead: 'Base imponible',
  taxHead: 'Cuota IVA',
};

const IT: Labels = {
  title: 'FATTURA',
  number: 'Fattura n.',
  date: 'Data',
  due: 'Scadenza',
  delivery: 'Data consegna',
  customerNo: 'Cod. cliente',
  order: 'Vs. ordine',
  deliveryNote: 'DDT n.',
  buyerRef: 'Vs. riferimento',
  buyerVat: 'P.IVA',
  billTo: 'Spett.le',
  pos: 'N.',
  sku: 'Cod.',
  desc: 'Descrizione',
  qty: 'Q.tà',
  unit: 'U.M.',
  price: 'Prezzo unit.',
  disc: 'Sconto %',
  vat: 'IVA %',
  amount: 'Importo',
  net: 'Imponibile',
  vatLine: (r) => `IVA ${r}%`,
  rateTag: (r) => `(IVA ${r}%)`,
  pct: (r) => `${r}%`,
  vatTotal: 'Totale IVA',
  total: 'Totale documento',
  deposit: 'Acconto ricevuto',
  payable: 'Netto a pagare',
  carried: 'A riportare',
  brought: 'Riporto',
  page: (p, n) => `Pagina ${p} di ${n}`,
  tel: 'Tel.',
  fax: 'Fax',
  email: 'E-mail',
  vatId: 'P.IVA',
  rateHead: 'Aliquota',
  baseHead: 'Imponibile',
  taxHead: 'Imposta',
};

// Number styles used more than once.
const GBP: MoneyStyle = { group: ',', dec: '.', sym: '£', before: true, gap: '' };
const EUR_AFTER: MoneyStyle = { group: '.', dec: ',', sym: '€', before: false, gap: ' ' };
const EUR_BEFORE: MoneyStyle = { group: '.', dec: ',', sym: '€', before: true, gap: ' ' };

// ---------------------------------------------------------------------------------------------
// The invoices. Businesses, people, addresses and e-mail domains (.example) are fictitious. UK,
// German and French phone numbers are taken from the blocks Ofcom, the Bundesnetzagentur and ARCEP
// keep for fiction (as the author knows them); the other countries' numbers use a 555 block. The
// VAT ids and IBANs are made up to pass their checks, so any one may happen to belong to someone;
// the bank codes in the IBANs and the BICs are real banks', as they must be to look right.

const INVOICES: Spec[] = [
  // ----- English -----
  {
    file: 'en-1-compact',
    lang: 'en',
    layout: 'compact',
    country: 'GB',
    face: 'courier',
    typeCode: '380',
    currency: 'GBP',
    money: GBP,
    dateForm: 'd/m/y',
    L: {
      ...EN,
      title: 'TAX INVOICE',
      number: 'Invoice No',
      date: 'Date/tax point',
      due: 'Payment due',
      delivery: 'Despatched',
      customerNo: 'Customer a/c',
      order: 'Your order ref',
      deliveryNote: 'Despatch note',
      vatId: 'VAT Reg No',
      net: 'Total net',
      total: 'Invoice total',
    },
    number: 'INV-10482',
    issue: '2026-03-09',
    due: '2026-04-08',
    delivery: '2026-03-06',
    customerNo: 'KES001',
    order: 'PO-7731',
    deliveryNote: 'DN-5520',
    paymentRef: 'INV-10482',
    seller: {
      name: 'Harbour Lane Print Works Ltd',
      address: ['Unit 4, Wapping Yard', 'Harbour Lane', 'Bristol BS1 4RW'],
      phone: '0117 496 0418',
      email: 'accounts@harbourlaneprint.example',
      vatId: 'GB482719322',
      vatShown: 'GB 482 7193 22',
      regId: '09218734',
      regShown: 'Registered in England & Wales, company no. 09218734',
      legal: ['Registered office: Unit 4, Wapping Yard, Harbour Lane, Bristol BS1 4RW'],
      bank: 'Barclays Bank plc, Bristol',
      otherAccount: 'Sort code 20-45-18  Account no. 53917406',
      iban: 'GB24BARC20451853917406',
      ibanSpaced: true,
      bic: 'BARCGB22',
    },
    buyer: {
      name: 'Kestrel Coffee Roasters Ltd',
      attn: 'FAO Accounts Payable',
      lines: ['12 Cotham Hill', 'Bristol BS6 6LA'],
    },
    items: [
      item('A5 leaflets 170gsm silk (5,000)', 1, 'job', 18950, '0'),
      item('Business cards 400gsm, box/250', 4, 'box', 2160, '20'),
      item('A3 foamex menu boards', 3, 'each', 2475, '20'),
      item('Artwork amendments (hours)', 1.5, 'hr', 3800, '20'),
    ],
    notes: () => ['Leaflets are zero-rated; all other items are standard-rated. E&OE.'],
    terms: () => ['Terms: 30 days net. Please pay by BACS quoting invoice no. INV-10482.'],
  },
  {
    file: 'en-2-table',
    lang: 'en',
    layout: 'table',
    country: 'GB',
    face: 'helvetica',
    typeCode: '380',
    currency: 'GBP',
    money: GBP,
    dateForm: 'long',
    L: {
      ...EN,
      number: 'Invoice number',
      date: 'Invoice date',
      due: 'Payment due by',
      delivery: 'Delivered',
      order: 'Your order no.',
      deliveryNote: 'Delivery note',
      billTo: 'INVOICE TO',
      vatId: 'VAT No.',
      baseHead: 'Goods',
      net: 'Goods total',
      vatTotal: 'VAT total',
      total: 'Invoice total',
    },
    number: '26/00871',
    issue: '2026-03-17',
    due: '2026-04-16',
    delivery: '2026-03-12',
    customerNo: 'THO-112',
    order: 'TL/0446',
    deliveryNote: '30917',
    paymentRef: null,
    seller: {
      name: 'Dales Fuel & Farm Supplies Ltd',
      address: ['Station Yard, Skipton Road', 'Harrogate HG1 4LB'],
      phone: '0113 496 0245',
      fax: '0113 496 0772',
      email: 'sales.ledger@dalesfuelfarm.example',
      vatId: 'GB603921562',
      vatShown: 'GB603921562',
      regId: '11873402',
      regShown: 'Company No. 11873402 (England)',
      bank: 'NatWest, Harrogate branch',
      otherAccount: 'Sort code 60-17-33, a/c 28419307',
      iban: 'GB49NWBK60173328419307',
      ibanSpaced: false,
      bic: 'NWBKGB2L',
    },
    buyer: { name: 'Thornbury Lodge Care Home Ltd', lines: ['Thornbury Lane', 'Knaresborough HG5 9QT'] },
    items: [
      item('Kerosene heating oil (domestic)', 1500, 'litre', 71, '5'),
      item('LPG 47 kg cylinder refill', 4, 'cyl', 8950, '5', { disc: 5 }),
      item('Free-range eggs, tray of 30', 10, 'tray', 720, '0'),
      item('Semi-skimmed milk, 4 pint', 24, 'each', 155, '0'),
      item('Antibacterial surface spray 5 l', 6, 'each', 1295, '20', { disc: 10 }),
      item('Nitrile gloves, box of 100', 20, 'box', 485, '20'),
      item('Delivery, tanker zone B', 1, 'each', 2500, '20'),
    ],
    notes: (f) => [
      `Previous invoice 26/00612 for ${f.money(114320)} was paid on 2 March 2026. Thank you.`,
      "Fuel supplied for qualifying residential use at the reduced rate on the customer's declaration.",
    ],
    terms: () => [
      'Payment terms: 30 days from invoice date. Cheques payable to Dales Fuel & Farm Supplies Ltd.',
    ],
  },
  {
    file: 'en-3-twopage',
    lang: 'en',
    layout: 'twopage',
    country: 'IE',
    face: 'dejavu-sans',
    typeCode: '380',
    currency: 'EUR',
    money: { group: ',', dec: '.', sym: '€', before: true, gap: '' },
    dateForm: 'd/m/y',
    L: {
      ...EN,
      number: 'Invoice No.',
      date: 'Date',
      customerNo: 'Customer ID',
      order: 'PO number',
      vatId: 'VAT No.',
      billTo: 'Bill to',
      vat: 'VAT',
      price: 'Rate',
      amount: 'Amount',
      vatLine: (r, b) => `VAT ${r}% on ${b}`,
      net: 'Total excl. VAT',
      total: 'Total incl. VAT',
      deposit: 'Less: stage payment received 20/02/2026',
      payable: 'Balance due',
    },
    number: 'SE-2026-0147',
    issue: '2026-02-27',
    due: '2026-03-27',
    customerNo: 'C-0392',
    order: 'BDP-2026-03',
    paymentRef: 'SE-2026-0147',
    deposit: 200000,
    splitAt: 8,
    subject: 'Electrical upgrade, 14 O’Connell Street, Ennis: works carried out 02/02/2026 to 25/02/2026',
    seller: {
      name: 'Shannonside Electrical Ltd',
      address: ['Unit 12, Raheen Business Park', 'Limerick V94 X2F7'],
      phone: '061 555 0184',
      email: 'accounts@shannonside-electrical.example',
      vatId: 'IE4719360A',
      vatShown: 'IE 4719360A',
      regId: '612873',
      regShown: 'Registered in Ireland No. 612873',
      legal: ['Directors: C. Ó Briain, M. Hayes'],
      bank: 'AIB, O’Connell Street, Limerick',
      iban: 'IE76AIBK93120530417265',
      ibanSpaced: true,
      bic: 'AIBKIE2D',
    },
    buyer: {
      name: 'Ballycastle Dental Practice Ltd',
      lines: ['14 O’Connell Street', 'Ennis, Co. Clare V95 K8T3'],
      vatId: 'IE9234187E',
      vatShown: 'IE9234187E',
    },
    items: [
      item('Electrician, first fix', 24, 'hr', 5200, '13.5', {
        sku: 'LAB-01',
        note: 'Surgeries 1–3 and reception: containment, back boxes and cable runs to the new layout',
      }),
      item('Apprentice electrician', 24, 'hr', 2600, '13.5', {
        sku: 'LAB-02',
        note: 'Chasing walls, lifting and relaying floorboards, making good after first fix',
      }),
      item('6mm² twin & earth cable, 50 m', 3, 'roll', 8640, '23', {
        sku: 'CAB-625',
        note: 'Dedicated radials for the X-ray room and steriliser, clipped and in conduit',
      }),
      item('2.5mm² twin & earth cable, 100 m', 2, 'roll', 9890, '23', {
        sku: 'CAB-250',
        note: 'Socket rings for surgeries and office, LSZH where run in escape routes',
      }),
      item('Consumer unit, 18-way RCBO board', 1, 'pc', 48500, '23', {
        sku: 'DB-18',
        note: 'Replaces the old fuse board; main switch, surge protection and labelling',
      }),
      item('RCBO 32A type A', 10, 'pc', 3150, '23', {
        sku: 'RCBO-B32',
        note: 'Supplied and fitted in the new board, one per final circuit',
      }),
      item('LED panel 600x600, 40W', 18, 'pc', 4275, '23', {
        sku: 'LED-P60',
        note: 'Recessed in the suspended ceiling grid, 4000 K, replacing fluorescent fittings',
      }),
      item('Emergency bulkhead, 3 hour', 6, 'pc', 6890, '23', {
        sku: 'EM-3H',
        note: 'Escape routes and stairs, self-test type, positions as per fire certificate',
      }),
      item('Second fix and commissioning', 16, 'hr', 5200, '13.5', {
        sku: 'LAB-03',
        note: 'Accessories, testing, labelling and handover to the practice manager',
      }),
      item('Completion certificate', 1, 'pc', 18500, '13.5', {
        sku: 'CERT',
        note: 'Completion certificate and schedule of test results',
      }),
      item('Waste removal, 4 yd skip', 1, 'pc', 22000, '23', {
        sku: 'SKIP',
        note: 'Old wiring, fittings and packaging',
      }),
    ],
    terms: (f) => [
      `Please pay the balance of ${f.money(f.t.due)} by 27/03/2026 by EFT to the account below, quoting invoice number SE-2026-0147.`,
    ],
  },
  {
    file: 'en-4-letter',
    lang: 'en',
    layout: 'letter',
    country: 'GB',
    face: 'times',
    typeCode: '380',
    currency: 'GBP',
    money: GBP,
    dateForm: 'long',
    L: {
      ...EN,
      number: 'Invoice',
      date: 'Date',
      buyerRef: 'Your ref',
      customerNo: 'Client no.',
      vatId: 'VAT registration no.',
      net: 'Fees (net)',
      vatLine: (r) => `VAT at ${r}%`,
      total: 'Total',
      deposit: 'Less fee on account received 15 January 2026',
      payable: 'Balance now due',
      amount: 'Amount',
      price: 'Fee',
    },
    number: '2026/044',
    issue: '2026-04-02',
    due: '2026-05-01',
    customerNo: 'EGD-03',
    buyerRef: 'TH/EG/14',
    paymentRef: 'MF2026044',
    deposit: 180000,
    seller: {
      name: 'Marlow & Finch Architects LLP',
      address: ['3 Tanner’s Yard', 'Lewes', 'East Sussex BN7 2AH'],
      phone: '01632 960381',
      email: 'studio@marlowfinch.example',
      web: 'www.marlowfinch.example',
      vatId: 'GB275184638',
      vatShown: 'GB 275 1846 38',
      regId: 'OC412876',
      regShown: 'Registered in England and Wales no. OC412876',
      legal: ['A list of members is open to inspection', 'at the registered office.'],
      bank: 'Lloyds Bank plc',
      otherAccount: 'Sort code 30-96-34, account 71550283',
      iban: 'GB73LOYD30963471550283',
      ibanSpaced: true,
      bic: 'LOYDGB21',
    },
    buyer: {
      name: 'Elm Grove Developments Ltd',
      attn: 'For the attention of Mr T. Hughes',
      lines: ['Suite 2, Cliffe House', '41 High Street', 'Newhaven BN9 9PD'],
    },
    items: [
      item('RIBA Stage 3, spatial coordination (35% of fee)', 1, '', 420000, '20'),
      item('RIBA Stage 4, technical design, first instalment', 1, '', 260000, '20'),
      item('Printing and planning drawing sets', 1, '', 8640, '20'),
    ],
    letter: {
      subject: 'Invoice 2026/044: 14 Elm Grove, rear extension, RIBA Stages 3–4',
      salutation: 'Dear Mr Hughes,',
      intro:
        'Please find below our invoice for the work completed to date under our appointment of 12 January 2026.',
      closing: 'Yours sincerely,',
      signer: ['Helen Marlow RIBA', 'Partner'],
    },
    terms: (f) => [
      `We should be grateful if you would settle the balance of ${f.money(f.t.due)} by 1 May 2026, quoting our reference MF2026044. UK payments may be made to sort code 30-96-34, account 71550283; from abroad, please use the IBAN and BIC below.`,
    ],
  },

  // ----- German -----
  {
    file: 'de-1-compact',
    lang: 'de',
    layout: 'compact',
    country: 'DE',
    face: 'dejavu-sans',
    typeCode: '381',
    currency: 'EUR',
    money: EUR_AFTER,
    dateForm: 'd.m.y',
    negative: true,
    L: {
      ...DE,
      title: 'GUTSCHRIFT',
      number: 'Gutschrift-Nr.',
      date: 'Datum',
      customerNo: 'Kunden-Nr.',
      billTo: 'Empfänger',
      net: 'Summe netto',
      vatLine: (r) => `zzgl. ${r} % MwSt.`,
      total: 'Gutschriftsbetrag',
    },
    number: 'GS-2026-0042',
    issue: '2026-03-17',
    due: null,
    customerNo: '10447',
    order: '4500123456',
    paymentRef: null,
    seller: {
      name: 'Elektro Brandl GmbH',
      address: ['Billstraße 118', '20539 Hamburg'],
      phone: '040 66969 412',
      fax: '040 66969 413',
      email: 'buchhaltung@elektro-brandl.example',
      vatId: 'DE812745905',
      vatShown: 'DE 812 745 905',
      regId: 'HRB 158204',
      regShown: 'Amtsgericht Hamburg HRB 158204',
      legal: ['Geschäftsführer: Karl-Heinz Brandl', 'Steuernummer 47/712/03815'],
      bank: 'Hamburger Sparkasse',
      iban: 'DE76200505501284736019',
      ibanSpaced: true,
      bic: 'HASPDEHHXXX',
    },
    buyer: {
      name: 'Lichtplan Nord GmbH',
      lines: ['Wandsbeker Chaussee 74', '22089 Hamburg'],
      vatId: 'DE147023962',
      vatShown: 'DE147023962',
    },
    items: [
      item('LED-Einbaustrahler 7 W, 3000 K', 12, 'Stk', 1890, '19'),
      item('Bewegungsmelder 360°, Decke', 3, 'Stk', 4250, '19'),
      item('Kabelkanal 40x60 mm, 2 m', 10, 'Stk', 785, '19'),
    ],
    refLine: (f) =>
      `zu unserer Rechnung Nr. RE-2026-0318 vom ${f.date('2026-03-02')}: Rücksendung gemäß Retourenschein R-0871 vom ${f.date('2026-03-12')}`,
    terms: () => ['Den Gutschriftsbetrag verrechnen wir mit Ihrer nächsten Rechnung.'],
  },
  {
    file: 'de-2-table',
    lang: 'de',
    layout: 'table',
    country: 'DE',
    face: 'helvetica',
    typeCode: '380',
    currency: 'EUR',
    money: { group: '.', dec: ',', sym: 'EUR', before: false, gap: ' ' },
    dateForm: 'iso',
    L: {
      ...DE,
      title: 'RECHNUNG',
      number: 'Rechnung Nr.',
      delivery: 'Lieferdatum',
      due: 'Zahlungsziel',
      customerNo: 'Kunden-Nr.',
      order: 'Bestellung',
      deliveryNote: 'Lieferschein',
      buyerRef: 'Leitweg-ID',
      desc: 'Artikel',
      unit: 'ME',
      disc: 'Rabatt %',
      vat: 'USt. %',
      amount: 'Betrag',
      net: 'Summe netto',
      vatTotal: 'Summe USt.',
      total: 'Rechnungsbetrag',
      rateHead: 'Steuersatz',
      baseHead: 'Nettobetrag',
      taxHead: 'Steuerbetrag',
    },
    number: '2026-1187',
    issue: '2026-02-11',
    due: '2026-03-13',
    delivery: '2026-02-09',
    customerNo: '30418',
    order: 'B-2026-0027',
    deliveryNote: 'LS-26-0912',
    buyerRef: '09184147-ZV4417-08',
    paymentRef: null,
    seller: {
      name: 'Lindner Buch & Schulbedarf GmbH & Co. KG',
      address: ['Sendlinger Straße 45', '80331 München'],
      phone: '089 99998 217',
      fax: '089 99998 218',
      email: 'rechnung@lindner-schulbedarf.example',
      web: 'www.lindner-schulbedarf.example',
      vatId: 'DE264195835',
      vatShown: 'DE264195835',
      regId: 'HRA 98417',
      regShown: 'Sitz München, Amtsgericht München HRA 98417',
      legal: [
        'Komplementärin: Lindner Verwaltungs GmbH,',
        'Amtsgericht München HRB 201874',
        'Geschäftsführerin: Sabine Lindner',
        'Steuernummer 143/512/40917',
      ],
      bank: 'Stadtsparkasse München',
      iban: 'DE60701500001002934857',
      ibanSpaced: true,
      bic: 'SSKMDEMMXXX',
    },
    buyer: {
      name: 'Zweckverband Gymnasium am Lindenpark',
      lines: ['Schulverwaltung', 'Lindenparkweg 3', '85640 Putzbrunn'],
    },
    items: [
      item('Mathematik 9, Schülerbuch', 28, 'Stk', 3295, '7', { disc: 12 }),
      item('Weltatlas, Ausgabe 2025', 28, 'Stk', 3795, '7', { disc: 12 }),
      item('Englisch Workbook Klasse 9', 28, 'Stk', 1450, '7', { disc: 12 }),
      item('Taschenrechner, grafikfähig', 12, 'Stk', 8990, '19', { disc: 5 }),
      item('Schulhefte A4 liniert, 10er', 20, 'Pck', 649, '19'),
      item('Whiteboard-Marker, 4 Farben', 15, 'Set', 598, '19'),
      item('Versandkostenpauschale', 1, 'Psch', 1490, '19'),
    ],
    notes: () => ['Schulbuchnachlass gemäß § 7 Abs. 3 BuchPrG auf Pos. 1 bis 3.'],
    terms: (f) => [`Zahlbar bis ${f.date('2026-03-13')} ohne Abzug. Lieferung frei Verwendungsstelle.`],
  },
  {
    file: 'de-3-twopage',
    lang: 'de',
    layout: 'twopage',
    country: 'AT',
    face: 'times',
    typeCode: '380',
    currency: 'EUR',
    money: EUR_BEFORE,
    dateForm: 'd.m.y',
    L: {
      ...DE,
      title: 'RECHNUNG',
      delivery: 'Lieferdatum',
      due: 'zahlbar bis',
      deliveryNote: 'Lieferschein',
      buyerVat: 'Ihre UID-Nr.',
      vatId: 'UID-Nr.',
      vat: 'USt.',
      amount: 'Betrag',
      price: 'Preis',
      vatLine: (r, b) => `${r} % USt. von ${b}`,
      total: 'Rechnungsbetrag',
      brought: 'Übertrag von Seite 1',
    },
    number: '26-00734',
    issue: '2026-03-24',
    due: '2026-04-23',
    delivery: '2026-03-23',
    customerNo: '2291',
    order: 'HO-0318',
    deliveryNote: 'LS 77812',
    paymentRef: null,
    splitAt: 9,
    subject: 'Lieferung gemäß Lieferschein LS 77812 an Naturkost Hofer KG, Filiale Lendplatz 41, 8020 Graz',
    seller: {
      name: 'Alpenkorn Bio-Großhandel GmbH',
      address: ['Kärntner Straße 212', '8053 Graz', 'Österreich'],
      phone: '0316 555 0284',
      email: 'office@alpenkorn-bio.example',
      vatId: 'ATU63128458',
      vatShown: 'ATU63128458',
      regId: 'FN 398421m',
      regShown: 'Firmenbuch FN 398421m, Landesgericht für ZRS Graz',
      legal: ['Geschäftsführer: Mag. Lukas Pichler'],
      bank: 'Erste Bank',
      iban: 'AT802011128476312004',
      ibanSpaced: true,
      bic: 'GIBAATWWXXX',
    },
    buyer: {
      name: 'Naturkost Hofer KG',
      lines: ['Hauptplatz 7', '8010 Graz'],
      vatId: 'ATU58740214',
      vatShown: 'ATU 58740214',
    },
    items: [
      item('Dinkelmehl Type 700, 25 kg', 4, 'Sack', 3890, '10', {
        sku: 'BK-1010',
        note: 'Bio-Dinkelmehl aus der Steiermark, Charge 26-0311, MHD 30.09.2026',
      }),
      item('Haferflocken Großblatt, 10 kg', 6, 'Sack', 2460, '10', {
        sku: 'BK-1044',
        note: 'Großblatt, Charge H-2026-118, MHD 31.12.2026, Herkunft Österreich',
      }),
      item('Walnusskerne, 5 kg', 2, 'Ktn', 6480, '10', {
        sku: 'TR-2210',
        note: 'Hälften hell, Ernte 2025, Karton à 5 kg, kühl und trocken lagern',
      }),
      item('Kürbiskernöl g.g.A., 1 l', 24, 'Fl', 1690, '10', {
        sku: 'OE-0310',
        note: 'Steirisches Kürbiskernöl g.g.A., Glasflasche, Prüfnummer am Etikett',
      }),
      item('Heumilch 3,6 %, 1 l', 48, 'Pkg', 139, '10', {
        sku: 'MO-0120',
        note: 'Heumilch g.t.S., länger frisch, Mehrwegkiste à 12 Pkg, MHD 02.04.2026',
      }),
      item('Bergkäse 12 Monate', 10.4, 'kg', 2190, '10', {
        sku: 'KA-0055',
        note: 'Bergkäse aus Heumilch, 12 Monate gereift, Laib Nr. 4471, nach Gewicht',
      }),
      item('Apfel-Karotten-Saft, 0,75 l', 36, 'Fl', 245, '20', {
        sku: 'SA-0400',
        note: 'Direktsaft naturtrüb aus steirischem Obst, Mehrwegflasche',
      }),
      item('Mineralwasser still, 12 x 1 l', 10, 'Kiste', 780, '20', {
        sku: 'WA-0810',
        note: 'Mehrwegkiste, Quelle Südoststeiermark',
      }),
      item('Öko-Spülmittel, 5 l', 6, 'Kan', 1480, '20', {
        sku: 'HY-1201',
        note: 'Konzentrat im Kanister, mit Österreichischem Umweltzeichen',
      }),
      item('Papiertragtaschen, 250 Stk', 4, 'Pkg', 2350, '20', {
        sku: 'VP-3000',
        note: 'Aus Recyclingpapier, mit Kordelhenkel, 250 Stück je Paket',
      }),
      item('Roggenvollkornbrot, 1 kg', 20, 'Stk', 420, '10', {
        sku: 'BK-1062',
        note: 'Frischware vom 23.03.2026',
      }),
      item('Dörrmarillen, 2,5 kg', 3, 'Btl', 3125, '10', {
        sku: 'TR-2290',
        note: 'Ungeschwefelt, Beutel 2,5 kg',
      }),
    ],
    terms: (f) => [
      `Zahlbar bis ${f.date('2026-04-07')} abzüglich 2 % Skonto (${f.money(divRound(f.t.total * 2, 100))}) oder bis ${f.date('2026-04-23')} netto.`,
      'Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.',
    ],
  },
  {
    file: 'de-4-letter',
    lang: 'de',
    layout: 'letter',
    country: 'DE',
    face: 'dejavu-serif',
    typeCode: '380',
    currency: 'EUR',
    money: { group: '', dec: ',', sym: '€', before: false, gap: ' ' },
    dateForm: 'long',
    L: {
      ...DE,
      number: 'Rechnungs-Nr.',
      date: 'Datum',
      customerNo: 'Kunden-Nr.',
      desc: 'Leistung',
      price: 'Preis',
      amount: 'Betrag',
      vatLine: (r) => `zzgl. ${r} % Umsatzsteuer`,
      total: 'Rechnungsbetrag',
    },
    number: 'RE-2026-0457',
    issue: '2026-03-20',
    due: '2026-04-03',
    customerNo: 'K-2318',
    paymentRef: 'RE-2026-0457',
    seller: {
      name: 'Tischlerei Hoffmann GmbH',
      address: ['Vogelsanger Straße 287', '50825 Köln'],
      phone: '0221 4710 264',
      email: 'info@tischlerei-hoffmann.example',
      web: 'www.tischlerei-hoffmann.example',
      vatId: 'DE318560278',
      vatShown: 'DE318560278',
      regId: 'HRB 88214',
      regShown: 'Amtsgericht Köln HRB 88214',
      legal: ['Geschäftsführer: Jens Hoffmann', 'St.-Nr. 217/5712/3304'],
      bank: 'Sparkasse KölnBonn',
      iban: 'DE39370501980038271645',
      ibanSpaced: true,
      bic: 'COLSDE33XXX',
    },
    buyer: { title: 'Frau', name: 'Dr. Miriam Schuster', lines: ['Lindenthalgürtel 52', '50935 Köln'] },
    items: [
      item('Einbauküche Eiche natur nach Aufmaß, 4,20 m, inkl. Arbeitsplatte', 1, 'Psch', 684000, '19'),
      item('Garderobenschrank mit Schiebetüren, 1,80 m', 1, 'Stk', 215000, '19'),
      item('Montage, 2 Monteure', 22, 'Std', 6200, '19'),
      item('Anfahrt und Entsorgung der Verpackung', 1, 'Psch', 9500, '19'),
    ],
    letter: {
      subject: 'Rechnung Nr. RE-2026-0457 – Einbauküche und Garderobe',
      salutation: 'Sehr geehrte Frau Dr. Schuster,',
      intro:
        'für die Lieferung und Montage der Einbauküche sowie der Garderobe in Ihrem Haus (Leistungszeitraum 02.03.–06.03.2026) erlauben wir uns, wie folgt abzurechnen:',
      closing: 'Mit freundlichen Grüßen',
      signer: ['Jens Hoffmann', 'Tischlermeister'],
    },
    terms: (f) => [
      `Bitte überweisen Sie den Rechnungsbetrag von ${f.money(f.t.due)} bis zum ${f.dateAs('2026-04-03', 'd.m.y')} unter Angabe der Rechnungsnummer RE-2026-0457 auf unser unten genanntes Konto.`,
    ],
    notes: (f) => [
      `Im Rechnungsbetrag sind Arbeitskosten von ${f.money(136400)} netto enthalten (§ 35a EStG). Sie sind gesetzlich verpflichtet, diese Rechnung zwei Jahre aufzubewahren.`,
    ],
  },

  // ----- French -----
  {
    file: 'fr-1-letter',
    lang: 'fr',
    layout: 'letter',
    country: 'FR',
    face: 'dejavu-serif',
    typeCode: '380',
    currency: 'EUR',
    money: { group: NNBSP, dec: ',', sym: '€', before: false, gap: NBSP },
    dateForm: 'd/m/y',
    L: {
      ...FR,
      number: 'Facture n°',
      date: 'Date',
      customerNo: 'Code client',
      order: 'Votre bon de commande',
      vatId: 'N° TVA',
      qty: 'Qté',
      price: 'Prix unitaire HT',
      amount: 'Total HT',
    },
    number: 'F2026-0311',
    issue: '2026-03-17',
    due: '2026-04-16',
    customerNo: 'CL-0084',
    order: 'BC-2026-118',
    paymentRef: 'F2026-0311',
    seller: {
      name: 'Atelier Vasseur SARL',
      address: ['18, rue Mercière', '69002 Lyon'],
      phone: '04 65 71 28 40',
      email: 'facturation@atelier-vasseur.example',
      web: 'www.atelier-vasseur.example',
      vatId: 'FR10412837593',
      vatShown: `FR${NBSP}10${NBSP}412${NBSP}837${NBSP}593`,
      regId: '412837593',
      regShown: 'RCS Lyon 412 837 593',
      legal: [`SARL au capital de 8${NNBSP}000${NBSP}€`, 'SIRET 412 837 593 00026 – APE 7410Z'],
      bank: 'BNP Paribas, agence Lyon Bellecour',
      iban: 'FR7630004008170001028473561',
      ibanSpaced: true,
      bic: 'BNPAFRPPXXX',
    },
    buyer: {
      name: 'Hôtel Le Confluent SAS',
      attn: 'À l’attention de Mme Claire Renaud',
      lines: ['42, quai Perrache', '69002 Lyon'],
      vatId: 'FR26458301272',
      vatShown: 'FR 26 458 301 272',
    },
    items: [
      item('Conception et plans d’aménagement du salon de réception (forfait)', 1, 'forfait', 280000, '20'),
      item('Suivi de chantier, demi-journées', 6, '½ j', 32000, '20'),
      item('Mobilier sur mesure : banquette et bibliothèque en chêne', 1, 'forfait', 614500, '20'),
    ],
    letter: {
      placeDate: (f) => `Lyon, le ${f.dateAs('2026-03-17', 'long')}`,
      subject: `Objet${NBSP}: facture n° F2026-0311 – aménagement du salon de réception`,
      salutation: 'Madame,',
      intro:
        'Nous vous prions de trouver ci-dessous notre facture relative aux prestations réalisées en février et mars 2026, conformément à notre devis n° D-2026-027 accepté le 14 janvier 2026.',
      closing: 'Nous vous prions d’agréer, Madame, l’expression de nos salutations distinguées.',
      signer: ['Julien Vasseur', 'Gérant'],
    },
    terms: (f) => [
      `Nous vous remercions de bien vouloir régler, au plus tard le ${f.dateAs('2026-04-16', 'long')}, la somme de ${f.money(f.t.due)} par virement sur le compte indiqué ci-dessous, en rappelant la référence F2026-0311.`,
    ],
    notes: (f) => [
      `Pénalités de retard${NBSP}: trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement${NBSP}: ${f.money(4000)}. Pas d’escompte pour paiement anticipé.`,
    ],
  },
  {
    file: 'fr-2-compact',
    lang: 'fr',
    layout: 'compact',
    country: 'BE',
    face: 'helvetica',
    typeCode: '380',
    currency: 'EUR',
    money: { group: NBSP, dec: ',', sym: '€', before: false, gap: NBSP },
    dateForm: 'd/m/y',
    L: {
      ...FR,
      title: 'FACTURE',
      number: 'Facture n°',
      date: 'Date',
      due: 'Échéance',
      customerNo: 'Client n°',
      deliveryNote: 'Bon de livraison n°',
      buyerVat: 'TVA client',
      vatId: 'TVA',
      net: 'Total HTVA',
      vatLine: (r, b) => `TVA ${r} % sur ${b}`,
      total: 'Total TVAC',
    },
    number: '2026/0158',
    issue: '2026-01-29',
    due: '2026-02-28',
    delivery: '2026-01-27',
    customerNo: '2207',
    deliveryNote: 'BL 26-041',
    paymentRef: '090202603142',
    seller: {
      name: 'Pépinières Lambert SRL',
      address: ['Chaussée de Dinant 412', '5100 Wépion'],
      phone: '081 55 02 47',
      email: 'compta@pepinieres-lambert.example',
      vatId: 'BE0471726341',
      vatShown: 'BE 0471.726.341',
      regId: '0471726341',
      regShown: 'RPM Liège, division Namur – n° d’entreprise 0471.726.341',
      bank: 'KBC Brussels',
      iban: 'BE49734041832671',
      ibanSpaced: true,
      bic: 'KREDBEBB',
    },
    buyer: {
      name: 'Résidence Les Tilleuls ASBL',
      lines: ['Rue des Tilleuls 9', '5000 Namur'],
      vatId: 'BE0835219488',
      vatShown: 'BE 0835.219.488',
    },
    items: [
      item('Charmes 125/150 cm, en motte', 60, 'pce', 745, '6'),
      item('Terreau de plantation, sac 70 l', 20, 'sac', 895, '6'),
      item('Main-d’œuvre plantation (h)', 14, 'h', 4500, '21'),
      item('Location mini-pelle, 1 jour', 1, 'j', 18500, '21'),
    ],
    notes: () => ['Garantie de reprise d’un an sur les végétaux plantés par nos soins.'],
    terms: () => [
      // Belgian invoices set the structured communication apart so that it is copied whole.
      'Merci de payer avant l’échéance en mentionnant la communication structurée :',
      '+++090/2026/03142+++',
      'Tout retard de paiement entraîne de plein droit un intérêt de 8 % l’an.',
    ],
  },
  {
    file: 'fr-3-table',
    lang: 'fr',
    layout: 'table',
    country: 'FR',
    face: 'dejavu-sans',
    typeCode: '381',
    currency: 'EUR',
    money: { group: NNBSP, dec: ',', sym: '€', before: false, gap: NBSP },
    dateForm: 'long',
    L: {
      ...FR,
      title: 'AVOIR',
      number: 'Avoir n°',
      date: 'Date d’émission',
      customerNo: 'N° client',
      order: 'Votre commande n°',
      billTo: 'CLIENT',
      amount: 'Total HT',
      rateHead: 'Taux TVA',
      vatId: 'N° TVA intracom.',
      taxHead: 'TVA',
      total: 'Total TTC de l’avoir',
    },
    number: 'AV-2026-0019',
    issue: '2026-03-12',
    due: null,
    customerNo: 'C-1187',
    order: 'BC-77120',
    paymentRef: null,
    seller: {
      name: 'Maison Girard Traiteur SAS',
      address: ['27, rue de la Roquette', '75011 Paris'],
      phone: '01 99 00 41 27',
      email: 'compta@maison-girard.example',
      vatId: 'FR24803462159',
      vatShown: 'FR24803462159',
      regId: '803462159',
      regShown: 'RCS Paris B 803 462 159',
      legal: [`SAS au capital de 50${NNBSP}000${NBSP}€`, 'SIRET 803 462 159 00010', 'Code NAF 5621Z'],
      bank: 'Crédit Mutuel Paris Bastille',
      iban: 'FR7610278073400002057184693',
      ibanSpaced: true,
      bic: 'CMCIFR2A',
    },
    buyer: {
      name: 'Événements Rhône SAS',
      lines: ['8, place Bellecour', '69002 Lyon'],
      vatId: 'FR86529174633',
      vatShown: 'FR 86 529174633',
    },
    items: [
      item('Pains spéciaux, viennoiseries (non livrés)', 40, 'pce', 185, '5.5'),
      item('Cocktail dînatoire, 12 couverts en moins', 12, 'couv.', 2450, '10', { disc: 10 }),
      item('Jus de fruits frais 1 l (repris)', 6, 'btl', 690, '10'),
      item('Maître d’hôtel, heures non effectuées', 3, 'h', 3500, '20'),
      item('Champagne brut 75 cl (repris)', 9, 'btl', 3290, '20'),
    ],
    refLine: (f) =>
      `Avoir sur facture n° FA-2026-0388 du ${f.date('2026-03-06')} – réception «${NBSP}Printemps${NBSP}» du ${f.date('2026-03-05')}, 120 couverts prévus`,
    notes: () => ['Montant à déduire de votre prochain règlement ou remboursé sur simple demande.'],
    terms: () => [],
  },
  {
    file: 'fr-4-twopage',
    lang: 'fr',
    layout: 'twopage',
    country: 'FR',
    face: 'times',
    typeCode: '380',
    currency: 'EUR',
    money: { group: ' ', dec: ',', sym: 'EUR', before: false, gap: ' ' },
    dateForm: 'd/m/y',
    L: {
      ...FR,
      number: 'N° de facture',
      date: 'Date',
      customerNo: 'Réf. client',
      billTo: 'Client',
      qty: 'Quantité',
      vat: 'TVA',
      price: 'P.U. HT',
      vatLine: (r, b) => `TVA ${r} % sur ${b}`,
      deposit: 'Acompte versé le 12/02/2026',
    },
    number: 'FA26-0412',
    issue: '2026-04-08',
    due: '2026-05-08',
    customerNo: 'BER-044',
    paymentRef: null,
    deposit: 300000,
    splitAt: 9,
    subject:
      'Chantier : rénovation de la cuisine, 14, allée des Glycines, Nantes – travaux du 09/03/2026 au 27/03/2026',
    seller: {
      name: 'Durand Rénovation SARL',
      address: ['ZA de la Chantrerie', '5, rue du Bois-Briand', '44300 Nantes'],
      phone: '02 61 91 37 05',
      fax: '02 61 91 37 06',
      email: 'contact@durand-renovation.example',
      vatId: 'FR77391728540',
      vatShown: 'FR 77 391 728 540',
      regId: '39172854000033',
      regShown: 'SIRET 391 728 540 00033 – RCS Nantes',
      legal: ['SARL au capital de 15 000 €', 'Assurance décennale MAAF n° 142 387 651 M 002'],
      bank: 'Société Générale Nantes Graslin',
      iban: 'FR7630003015400005031829733',
      ibanSpaced: true,
      bic: 'SOGEFRPP',
    },
    buyer: {
      name: 'SCI Les Glycines',
      lines: ['M. Olivier Bernard, gérant', '14, allée des Glycines', '44000 Nantes'],
    },
    items: [
      item('Dépose carrelage et chape existants', 18.5, 'm²', 2800, '10', {
        sku: 'DEP-01',
        note: 'Cuisine : dépose, évacuation en déchetterie et nettoyage du support',
      }),
      item('Ragréage fibré, épaisseur 10 mm', 18.5, 'm²', 1950, '10', {
        sku: 'MAC-02',
        note: 'Ragréage autolissant fibré sur dalle béton, primaire d’accrochage compris',
      }),
      item('Carrelage grès cérame 60x60', 18.5, 'm²', 7400, '10', {
        sku: 'CAR-03',
        note: 'Grès cérame rectifié, pose collée double encollage, joints gris ciment',
      }),
      item('Plinthes assorties', 16, 'ml', 1650, '10', {
        sku: 'PLI-04',
        note: 'Plinthes assorties au carrelage, coupes d’angle et joints silicone compris',
      }),
      item('Faux plafond plaque BA13', 18.5, 'm²', 4600, '10', {
        sku: 'PLA-05',
        note: 'Ossature métallique, plaques BA13, bandes et enduit, prêt à peindre',
      }),
      item('Reprise circuit prises plan de travail', 1, 'ens', 68000, '10', {
        sku: 'ELE-06',
        note: 'Six prises sur plan de travail, disjoncteur 20 A, conforme NF C 15-100',
      }),
      item('Peinture murs et plafond', 54, 'm²', 2200, '10', {
        sku: 'PEI-07',
        note: 'Impression et deux couches acrylique mate, murs et plafond de la cuisine',
      }),
      item('Déplacement évacuation évier', 1, 'ens', 42000, '10', {
        sku: 'PLO-08',
        note: 'Évacuation PVC 40 mm et raccordement du siphon, essais compris',
      }),
      item('Porte intérieure chêne', 2, 'u', 58000, '10', {
        sku: 'MEN-09',
        note: 'Bloc-porte chêne massif 83 cm, huisserie et quincaillerie, pose comprise',
      }),
      item('Hotte aspirante inox', 1, 'u', 64900, '20', {
        sku: 'FOU-10',
        note: 'Hotte inox 90 cm, fourniture seule, pose par le client',
      }),
      item('Mitigeur évier', 1, 'u', 18900, '20', {
        sku: 'FOU-11',
        note: 'Mitigeur à douchette extractible, fourniture seule',
      }),
      item('Nettoyage fin de chantier', 1, 'ens', 35000, '10', {
        sku: 'NET-12',
        note: 'Nettoyage, évacuation des gravats et retrait des protections',
      }),
    ],
    notes: () => [
      'Travaux réalisés selon devis n° D26-0087 accepté le 19/01/2026. TVA à 10 % : attestation remise par le client (logement achevé depuis plus de deux ans).',
    ],
    terms: (f) => [
      `Règlement par virement à réception, au plus tard le ${f.date('2026-05-08')}. En cas de retard : pénalités au taux de 10 % l’an et indemnité forfaitaire de 40 € pour frais de recouvrement.`,
    ],
  },

  // ----- Dutch -----
  {
    file: 'nl-1-table',
    lang: 'nl',
    layout: 'table',
    country: 'NL',
    face: 'dejavu-sans',
    typeCode: '380',
    currency: 'EUR',
    money: EUR_BEFORE,
    dateForm: 'd-m-y',
    L: {
      ...NL,
      customerNo: 'Debiteurnummer',
      deliveryNote: 'Pakbon',
      buyerVat: 'Btw-nummer klant',
      vatId: 'Btw-id',
      price: 'Prijs/st',
      disc: 'Korting %',
      amount: 'Totaal',
      rateHead: 'Btw %',
      taxHead: 'Btw',
      net: 'Totaal excl. btw',
      vatTotal: 'Btw totaal',
      total: 'Te betalen',
    },
    number: '2026-00571',
    issue: '2026-03-05',
    due: '2026-03-19',
    delivery: '2026-03-04',
    customerNo: 'D10392',
    order: 'GL-0304',
    deliveryNote: 'PB-88120',
    paymentRef: '2026-00571',
    seller: {
      name: 'Horecagroothandel Van Dijk B.V.',
      address: ['Industrieweg 37', '3542 AD Utrecht'],
      phone: '030 555 0318',
      email: 'debiteuren@vandijk-horeca.example',
      web: 'www.vandijk-horeca.example',
      vatId: 'NL812374605B01',
      vatShown: 'NL812374605B01',
      regId: '30214576',
      regShown: 'KvK 30214576',
      bank: 'Rabobank',
      iban: 'NL76RABO0315280018',
      ibanSpaced: true,
      bic: 'RABONL2U',
    },
    buyer: {
      name: 'Eetcafé De Gouden Leeuw',
      attn: 't.a.v. de administratie',
      lines: ['Oudegracht 118', '3511 AV Utrecht'],
      vatId: 'NL002839143B01',
      vatShown: 'NL002839143B01',
    },
    items: [
      item('Friet 10 mm diepvries, 4 x 2,5 kg', 6, 'doos', 2395, '9'),
      item('Rundvleeskroketten, 40 st.', 4, 'doos', 2780, '9', { disc: 5 }),
      item('Frituurolie, 10 l', 5, 'can', 2245, '9'),
      item('Koffiebonen espresso, 1 kg', 8, 'zak', 1890, '9'),
      item('Pilsener, fust 20 l', 3, 'fust', 6450, '21'),
      item('Huiswijn rood, 6 x 75 cl', 4, 'doos', 3990, '21'),
      item('Vaatwastabletten, 200 st.', 2, 'emmer', 4950, '21', { disc: 10 }),
      item('Servetten 2-laags, 1000 st.', 3, 'doos', 1275, '21'),
    ],
    notes: () => ['Franco levering vanaf € 250,- excl. btw.'],
    terms: (f) => [
      `Wij verzoeken u het totaalbedrag vóór ${f.date('2026-03-19')} over te maken op NL76 RABO 0315 2800 18 t.n.v. Horecagroothandel Van Dijk B.V. o.v.v. factuurnummer 2026-00571.`,
    ],
  },
  {
    file: 'nl-2-letter',
    lang: 'nl',
    layout: 'letter',
    country: 'NL',
    face: 'helvetica',
    typeCode: '380',
    currency: 'EUR',
    money: EUR_BEFORE,
    dateForm: 'd-m-y',
    L: {
      ...NL,
      customerNo: 'Relatienummer',
      buyerRef: 'Uw kenmerk',
      vatId: 'Btw-nummer',
      net: 'Subtotaal',
      vatLine: (r) => `Btw ${r}%`,
      total: 'Totaal',
      price: 'Tarief',
    },
    number: '20260318',
    issue: '2026-03-18',
    due: '2026-04-17',
    customerNo: 'R-2207',
    buyerRef: 'WA/2026/117',
    paymentRef: 'RF732026031841',
    seller: {
      name: 'Smit & Bakker Adviseurs B.V.',
      address: ['Stationsplein 4', '3818 LE Amersfoort'],
      phone: '033 555 0146',
      email: 'facturen@smitbakker.example',
      web: 'www.smitbakker.example',
      vatId: 'NL856219071B01',
      vatShown: 'NL 8562.19.071.B01',
      regId: '32187650',
      regShown: 'KvK-nummer 32187650',
      bank: 'ING Bank',
      iban: 'NL07INGB0004829136',
      ibanSpaced: true,
      bic: 'INGBNL2A',
    },
    buyer: {
      name: 'Woningcorporatie Het Anker',
      attn: 't.a.v. mevrouw drs. L. Jansen',
      lines: ['Postbus 1204', '3800 BE Amersfoort'],
    },
    items: [
      item('Energielabelopnames, 48 woningen', 48, 'st', 14500, '21'),
      item('Adviesrapport verduurzaming incl. kostenraming', 1, 'st', 385000, '21'),
      item('Bewonersavond: voorbereiding en presentatie', 6, 'uur', 11500, '21'),
    ],
    letter: {
      placeDate: (f) => `Amersfoort, ${f.dateAs('2026-03-18', 'long')}`,
      subject: 'Betreft: factuur 20260318 – advies verduurzaming complex Vathorst-Zuid',
      salutation: 'Geachte mevrouw Jansen,',
      intro:
        'Hierbij ontvangt u onze factuur voor de werkzaamheden in februari 2026, conform de opdrachtbevestiging van 8 januari 2026.',
      closing: 'Met vriendelijke groet,',
      signer: ['ir. Pieter Smit', 'Smit & Bakker Adviseurs B.V.'],
    },
    terms: (f) => [
      `Wij verzoeken u vriendelijk het bedrag van ${f.money(f.t.due)} uiterlijk op ${f.dateAs('2026-04-17', 'long')} over te maken onder vermelding van betalingskenmerk RF73 2026 0318 41.`,
    ],
  },
  {
    file: 'nl-3-compact',
    lang: 'nl',
    layout: 'compact',
    country: 'BE',
    face: 'courier',
    typeCode: '380',
    currency: 'EUR',
    money: { group: '', dec: ',', sym: 'EUR', before: false, gap: ' ' },
    dateForm: 'd/m/y',
    L: {
      ...NL,
      number: 'Factuurnr.',
      due: 'Vervaldag',
      customerNo: 'Klantnr.',
      billTo: 'Klant',
      vatId: 'Btw',
      net: 'Totaal excl. btw',
      vatLine: (r, b) => `Btw ${r}% op ${b}`,
      total: 'Totaal incl. btw',
    },
    number: '26/0093',
    issue: '2026-02-16',
    due: '2026-03-18',
    customerNo: '1408',
    paymentRef: '260000481736',
    seller: {
      name: 'Schilderwerken Peeters BV',
      address: ['Boomsesteenweg 166', '2610 Wilrijk'],
      phone: '03 555 47 12',
      email: 'boekhouding@peeters-schilderwerken.example',
      vatId: 'BE0724881592',
      vatShown: 'BE 0724.881.592',
      regId: '0724881592',
      regShown: 'RPR Antwerpen, afd. Antwerpen - ondernemingsnr. 0724.881.592',
      bank: 'ING België',
      iban: 'BE51363182740562',
      ibanSpaced: true,
      bic: 'BBRUBEBB',
    },
    buyer: { name: 'Dhr. en Mevr. Janssens-De Smet', lines: ['Kapelstraat 23', '2540 Hove'] },
    items: [
      item('Muren living en hall, 2 lagen', 86, 'm²', 1850, '6'),
      item('Plafonds living, 2 lagen', 42, 'm²', 1650, '6'),
      item('Houtwerk ramen binnenzijde', 14, 'st', 3800, '6'),
      item('Muurverf wit 10 l (los)', 1, 'st', 8900, '21'),
    ],
    notes: () => [
      'Btw 6%: renovatie van een woning ouder dan 10 jaar, privégebruik (verklaring klant in ons bezit). Muurverf los verkocht zonder plaatsing: 21%.',
    ],
    terms: (f) => [
      `Gelieve te betalen vóór ${f.date('2026-03-18')} met gestructureerde mededeling:`,
      '+++260/0004/81736+++',
    ],
  },
  {
    file: 'nl-4-twopage',
    lang: 'nl',
    layout: 'twopage',
    country: 'NL',
    face: 'times',
    typeCode: '380',
    currency: 'EUR',
    money: { group: '.', dec: ',', sym: 'EUR', before: true, gap: ' ' },
    dateForm: 'iso',
    L: {
      ...NL,
      title: 'Factuur',
      number: 'Factuur nr.',
      date: 'Datum',
      due: 'Te betalen vóór',
      customerNo: 'Klantnr.',
      order: 'Inkoopordernr.',
      buyerVat: 'Btw-nr.',
      vat: 'Btw',
      carried: 'Te transporteren',
      brought: 'Transport',
      net: 'Subtotaal',
      total: 'Totaal',
      deposit: 'Aanbetaling d.d. 2026-02-16',
      payable: 'Restant te betalen',
    },
    number: 'F-2026-1044',
    issue: '2026-03-31',
    due: '2026-04-30',
    customerNo: '5561',
    order: '4500082291',
    paymentRef: 'F-2026-1044',
    deposit: 250000,
    splitAt: 8,
    subject: 'Project: herinrichting buitenterrein Kantoorpark Leusderheide, Leiden',
    seller: {
      name: 'Hoveniersbedrijf Van der Meer B.V.',
      address: ['Rijnsburgerweg 212', '2333 AH Leiden'],
      phone: '071 555 0290',
      email: 'administratie@vandermeer-hoveniers.example',
      vatId: 'NL819305625B01',
      vatShown: 'NL819305625B01',
      regId: '28094417',
      regShown: 'KvK 28094417',
      bank: 'ABN AMRO',
      iban: 'NL10ABNA0417305826',
      ibanSpaced: true,
      bic: 'ABNANL2A',
    },
    buyer: {
      name: 'Kantoorpark Leusderheide B.V.',
      lines: ['Afdeling Crediteuren', 'Postbus 318', '2300 AH Leiden'],
      vatId: 'NL860437115B01',
      vatShown: 'NL860437115B01',
    },
    items: [
      item('Haagbeuk 150-175 cm, kluit', 120, 'st', 690, '9', {
        sku: 'PL-101',
        note: 'Haag langs parkeerterrein, 5 planten per meter, geplant in sleuf met bemesting',
      }),
      item('Taxus baccata 60-80 cm, pot', 45, 'st', 1450, '9', {
        sku: 'PL-114',
        note: 'Entree gebouw B, blokhaag in twee rijen, aangevuld met bomengrond',
      }),
      item('Vaste planten mix, P9', 400, 'st', 185, '9', {
        sku: 'PL-220',
        note: 'Borders binnentuin volgens beplantingsplan BP-03, 9 planten per m²',
      }),
      item('Leilinde 12-14, rek 180 cm', 6, 'st', 28500, '9', {
        sku: 'PL-310',
        note: 'Terras kantine, leibomen met bamboe rek, geplant in bomengrond',
      }),
      item('Bomengrond, los gestort', 24, 'm³', 4650, '21', {
        sku: 'MA-010',
        note: 'Plantgaten leilinden en borders, aanvoer met kraanwagen',
      }),
      item('Boomschors 10-40 mm', 18, 'm³', 3900, '21', {
        sku: 'MA-022',
        note: 'Afdeklaag borders, 5 cm dik, onkruidremmend',
      }),
      item('Arbeid hovenier', 96, 'uur', 5250, '21', {
        sku: 'AR-001',
        note: 'Week 11 t/m 13: grondwerk, planten, aanslibben en opruimen, 2 man',
      }),
      item('Minigraver incl. machinist', 16, 'uur', 8900, '21', {
        sku: 'AR-002',
        note: 'Uitgraven plantvakken en sleuf haag, incl. transport van de machine',
      }),
      item('Boomankers, set van 3', 6, 'set', 4200, '21', {
        sku: 'MA-130',
        note: 'Voor de leilinden, drie palen met boomband per boom',
      }),
      item('Afvoer groenafval, 10 m³', 2, 'st', 27500, '21', {
        sku: 'AR-010',
        note: 'Groenafval en oude beplanting, container incl. stortkosten',
      }),
      item('Onderhoudsgarantie 1 jaar', 1, 'st', 95000, '21', {
        sku: 'ON-900',
        note: 'Inboet bij uitval en zes onderhoudsbeurten in het eerste groeiseizoen',
      }),
    ],
    notes: () => ['Conform offerte OF-2026-0117 van 2026-01-20, uitgevoerd van 2026-03-09 t/m 2026-03-27.'],
    terms: (f) => [
      `Wij verzoeken u het restantbedrag uiterlijk ${f.date('2026-04-30')} over te maken onder vermelding van ons factuurnummer F-2026-1044.`,
    ],
  },

  // ----- Spanish -----
  {
    file: 'es-1-compact',
    lang: 'es',
    layout: 'compact',
    country: 'ES',
    face: 'helvetica',
    typeCode: '380',
    currency: 'EUR',
    money: EUR_AFTER,
    dateForm: 'd/m/y',
    L: {
      ...ES,
      date: 'Fecha',
      customerNo: 'Cliente n.º',
      deliveryNote: 'Orden de reparación',
      buyerVat: 'CIF',
      net: 'Base imponible',
      vatLine: (r) => `IVA ${r} %`,
      total: 'TOTAL FACTURA',
    },
    number: 'TR-0318/26',
    issue: '2026-03-17',
    due: null,
    customerNo: '4302',
    deliveryNote: 'OR-2026-0611',
    paymentRef: null,
    seller: {
      name: 'Talleres Hermanos Ruiz, S.L.',
      address: ['Pol. Ind. Fuente del Jarro, C/ Ciudad de Sevilla, 24', '46988 Paterna (Valencia)'],
      phone: '961 555 214',
      email: 'administracion@talleresruiz.example',
      vatId: 'ESB46810370',
      vatShown: 'B46810370',
      regId: 'V-176543',
      regShown: 'Registro Mercantil de Valencia, Tomo 10234, Libro 7512, Folio 88, Hoja V-176543',
      bank: 'CaixaBank',
      iban: 'ES8921003917370201847365',
      ibanSpaced: true,
      bic: 'CAIXESBBXXX',
    },
    buyer: {
      name: 'Transportes Levante Sur, S.L.',
      lines: ['Av. del Puerto, 310', '46024 Valencia'],
      vatId: 'ESB96180476',
      vatShown: 'B96180476',
    },
    items: [
      item('Mano de obra mecánica (horas)', 6.5, 'h', 4800, '21'),
      item('Kit de embrague completo', 1, 'ud', 48920, '21'),
      item('Aceite 5W30 sintético (litros)', 9, 'l', 1150, '21'),
      item('Filtro de aceite y filtro de aire', 1, 'ud', 6340, '21'),
    ],
    notes: () => ['Vehículo: Iveco Daily 35S16, matrícula 4821 KLM, 187.450 km.'],
    terms: () => ['Forma de pago: transferencia bancaria a 30 días fecha factura.'],
  },
  {
    file: 'es-2-twopage',
    lang: 'es',
    layout: 'twopage',
    country: 'ES',
    face: 'dejavu-serif',
    typeCode: '380',
    currency: 'EUR',
    money: { group: '.', dec: ',', sym: 'EUR', before: false, gap: ' ' },
    dateForm: 'd-m-y',
    L: {
      ...ES,
      number: 'N.º factura',
      date: 'Fecha',
      customerNo: 'Cód. cliente',
      order: 'Pedido',
      deliveryNote: 'Albarán',
      buyerVat: 'CIF',
      vatId: 'NIF',
      sku: 'Código',
      vat: 'IVA',
      deposit: 'Entrega a cuenta (12-02-2026)',
      payable: 'Líquido a pagar',
    },
    number: '2026/1029',
    issue: '2026-03-10',
    due: '2026-04-09',
    customerNo: '00871',
    order: 'HAP-0227',
    deliveryNote: 'AL-26-2214',
    paymentRef: null,
    deposit: 50000,
    splitAt: 9,
    subject: 'Lugar de entrega: Hotel Alameda Plaza, muelle de carga, C/ Peris Mencheta, 41002 Sevilla',
    seller: {
      name: 'Suministros Hosteleros Guadalquivir, S.L.',
      address: ['C/ Astronomía, 1, Torre 3, planta 2', '41015 Sevilla'],
      phone: '954 555 087',
      email: 'facturacion@guadalquivir-suministros.example',
      vatId: 'ESB41927369',
      vatShown: 'ESB41927369',
      regId: 'SE-98231',
      regShown: 'Reg. Merc. de Sevilla, Hoja SE-98231',
      legal: ['Tomo 6120, Folio 41, Sección 8.ª'],
      bank: 'Banco Santander',
      iban: 'ES8600491520542716043859',
      ibanSpaced: true,
      bic: 'BSCHESMMXXX',
    },
    buyer: {
      name: 'Hotel Alameda Plaza, S.A.',
      lines: ['Alameda de Hércules, 52', '41002 Sevilla'],
      vatId: 'ESA41083528',
      vatShown: 'A41083528',
    },
    items: [
      item('Café en grano natural, 1 kg', 20, 'kg', 1680, '10', {
        sku: 'CAF-210',
        note: 'Tueste medio, bolsa de 1 kg, lote 2603-11',
      }),
      item('Azúcar en sobres, caja 1.000 uds.', 6, 'caja', 1850, '10', {
        sku: 'AZU-050',
        note: 'Azúcar blanco en sobres de 8 g, caja de 1.000 unidades',
      }),
      item('Zumo de naranja, brik 1 l', 48, 'ud', 165, '10', {
        sku: 'ZUM-120',
        note: '100 % exprimido, consumo preferente 30-06-2026',
      }),
      item('Agua mineral 33 cl, pack 24', 15, 'pack', 720, '10', {
        sku: 'AGU-033',
        note: 'Agua mineral natural, vidrio retornable, pack de 24',
      }),
      item('Jamón serrano reserva, pieza', 4, 'ud', 8900, '10', {
        sku: 'JAM-900',
        note: 'Pieza de 7,5 kg aprox., curación 14 meses',
      }),
      item('Queso manchego curado, cuña 3 kg', 5, 'ud', 5640, '10', {
        sku: 'QUE-310',
        note: 'Queso manchego D.O.P. curado, cuña de 3 kg aprox.',
      }),
      item('Aceitunas manzanilla, lata 5 kg', 6, 'lata', 2290, '10', {
        sku: 'ACE-011',
        note: 'Manzanilla deshuesada, calibre 240/260, lata de 5 kg',
      }),
      item('Servilletas 2 capas 40x40', 8, 'caja', 2980, '21', {
        sku: 'SER-450',
        note: 'Servilletas de celulosa, caja de 1.200 unidades',
      }),
      item('Detergente lavavajillas, 20 kg', 4, 'ud', 5450, '21', {
        sku: 'DET-105',
        note: 'Detergente líquido para lavavajillas industrial, garrafa de 20 kg',
      }),
      item('Bolsas de basura 85x105', 30, 'rollo', 235, '21', {
        sku: 'BOL-020',
        note: 'Bolsas de basura 85x105 cm, galga 120, rollo de 10',
      }),
      item('Guantes de nitrilo, caja 100', 12, 'caja', 595, '21', {
        sku: 'GUA-004',
        note: 'Sin polvo, talla M, caja de 100',
      }),
      item('Portes y entrega', 1, 'ud', 3500, '21', {
        sku: 'POR-001',
        note: 'Entrega en muelle de carga, zona centro',
      }),
    ],
    terms: (f) => [`Forma de pago: transferencia bancaria. Vencimiento: ${f.date('2026-04-09')}.`],
  },
  {
    file: 'es-3-table',
    lang: 'es',
    layout: 'table',
    country: 'ES',
    face: 'times',
    typeCode: '380',
    currency: 'EUR',
    money: EUR_AFTER,
    dateForm: 'd/m/y',
    L: {
      ...ES,
      number: 'Factura número',
      date: 'Fecha factura',
      due: 'Fecha de vencimiento',
      customerNo: 'N.º de cliente',
      order: 'Su pedido n.º',
      deliveryNote: 'Albarán n.º',
      buyerVat: 'CIF',
      desc: 'Descripción',
      qty: 'Cantidad',
      rateHead: 'Tipo IVA',
      taxHead: 'Cuota',
      net: 'Total base imponible',
      vatTotal: 'Total cuota IVA',
      total: 'TOTAL FACTURA',
    },
    number: 'FV26-00455',
    issue: '2026-03-19',
    due: '2026-04-18',
    customerNo: '1127',
    order: 'SV-2026-0318',
    deliveryNote: '26-3112',
    paymentRef: null,
    seller: {
      name: 'Comercial Agrícola Monteverde, S.A.',
      address: ['Ctra. de Valencia, km 7,5', '50410 Cuarte de Huerva (Zaragoza)'],
      phone: '976 555 301',
      fax: '976 555 302',
      email: 'facturas@monteverde-agricola.example',
      vatId: 'ESA50418730',
      vatShown: 'A50418730',
      regId: 'Z-31877',
      regShown: 'R. M. Zaragoza, T. 3412, F. 120, H. Z-31877',
      bank: 'Banco Sabadell',
      iban: 'ES8100810216770007394812',
      ibanSpaced: true,
      bic: 'BSABESBBXXX',
    },
    buyer: {
      name: 'Supermercados Vallehermoso, S.L.',
      lines: ['C/ Coso Alto, 18', '22003 Huesca'],
      vatId: 'ESB22073142',
      vatShown: 'B22073142',
    },
    items: [
      item('Pan de molde integral, caja 12', 20, 'caja', 1580, '4'),
      item('Leche entera UHT, pack 6 x 1 l', 60, 'pack', 545, '4', { disc: 3 }),
      item('Huevos clase M, 6 docenas', 25, 'caja', 1190, '4'),
      item('Manzana Golden, caja 12 kg', 18, 'caja', 1420, '4'),
      item('Espagueti, caja 10 kg', 12, 'caja', 1390, '10'),
      item('Atún en aceite, pack 3 x 80 g', 48, 'pack', 289, '10', { disc: 5 }),
      item('Yogur natural, pack 4', 40, 'pack', 135, '10'),
      item('Papel de cocina, pack 6 rollos', 24, 'pack', 495, '21'),
      item('Lejía 5 l', 20, 'ud', 240, '21'),
    ],
    notes: () => ['La mercancía viaja por cuenta y riesgo del comprador.'],
    terms: (f) => [`Forma de pago: transferencia a 30 días, vencimiento ${f.date('2026-04-18')}.`],
  },
  {
    file: 'es-4-letter',
    lang: 'es',
    layout: 'letter',
    country: 'ES',
    face: 'dejavu-sans',
    typeCode: '380',
    currency: 'EUR',
    money: { ...EUR_AFTER, groupFrom: 5 },
    dateForm: 'd/m/y',
    L: {
      ...ES,
      date: 'Fecha',
      customerNo: 'Cliente n.º',
      vatId: 'NIF',
      net: 'Base imponible',
      vatLine: (r) => `IVA (${r} %)`,
      total: 'Total',
    },
    number: 'FV 2026/0087',
    issue: '2026-03-26',
    due: '2026-04-25',
    customerNo: 'C-219',
    buyerRef: 'ICN-OB-2026-14',
    paymentRef: 'FV 2026/0087',
    seller: {
      name: 'Estudio Navarro Arquitectura, S.L.P.',
      address: ['C/ de Fuencarral, 123, 3.º izda.', '28010 Madrid'],
      phone: '910 555 642',
      email: 'administracion@estudionavarro.example',
      web: 'www.estudionavarro.example',
      vatId: 'ESB87301644',
      vatShown: 'B87301644',
      regId: 'M-612044',
      regShown: 'R. M. Madrid, Hoja M-612044',
      legal: ['Tomo 38211, Folio 150, Sección 8.ª'],
      bank: 'BBVA',
      iban: 'ES6001824572480201563847',
      ibanSpaced: true,
      bic: 'BBVAESMMXXX',
    },
    buyer: {
      name: 'Inmobiliaria Castellana Norte, S.L.',
      attn: 'A la atención de D. Alberto Gil',
      lines: ['Paseo de la Castellana, 210', '28046 Madrid'],
      vatId: 'ESB28570190',
      vatShown: 'B28570190',
    },
    items: [
      item('Proyecto básico, segunda fase (40 % de honorarios)', 1, 'ud', 1238000, '21'),
      item('Levantamiento topográfico de la parcela', 1, 'ud', 96000, '21'),
    ],
    letter: {
      placeDate: (f) => `Madrid, ${f.dateAs('2026-03-26', 'long')}`,
      subject: 'Asunto: factura FV 2026/0087 – edificio C/ Bravo Murillo, 77',
      salutation: 'Muy señores nuestros:',
      intro:
        'Conforme al contrato de servicios firmado el 12 de enero de 2026, les remitimos la factura correspondiente a la segunda fase de los trabajos.',
      closing: 'Sin otro particular, reciban un cordial saludo.',
      signer: ['Lucía Navarro Ortega', 'Arquitecta, administradora'],
    },
    terms: (f) => [
      `Les rogamos que abonen el importe de ${f.money(f.t.due)} antes del ${f.dateAs('2026-04-25', 'long')} mediante transferencia a la cuenta que figura al pie, indicando en el concepto «FV 2026/0087».`,
    ],
  },

  // ----- Italian -----
  {
    file: 'it-1-table',
    lang: 'it',
    layout: 'table',
    country: 'IT',
    face: 'helvetica',
    typeCode: '380',
    currency: 'EUR',
    money: EUR_BEFORE,
    dateForm: 'd/m/y',
    L: {
      ...IT,
      date: 'Data documento',
      customerNo: 'Cod. cliente',
      deliveryNote: 'DDT',
      vatId: 'P.IVA e C.F.',
      price: 'Prezzo',
      disc: 'Sc. %',
      net: 'Totale imponibile',
      total: 'Totale fattura',
    },
    number: '318/2026',
    issue: '2026-03-17',
    due: '2026-04-30',
    customerNo: 'C00412',
    order: '27/26',
    deliveryNote: '311 del 12/03/2026',
    paymentRef: null,
    seller: {
      name: 'Bianchi Forniture Alimentari S.r.l.',
      address: ['Via del Lavoro, 18', '40127 Bologna (BO)'],
      phone: '051 555 0193',
      email: 'amministrazione@bianchiforniture.example',
      web: 'PEC bianchiforniture@pec.example',
      vatId: 'IT02148530377',
      vatShown: '02148530377',
      regId: 'BO-512345',
      regShown: 'REA BO-512345',
      legal: ['Cap. soc. € 50.000,00 i.v.'],
      bank: 'Intesa Sanpaolo',
      iban: 'IT75G0306901783100000047193',
      ibanSpaced: false,
      bic: 'BCITITMM',
    },
    buyer: {
      name: 'Ristorante Da Gino di L. Neri & C. S.n.c.',
      lines: ['Via Saragozza, 61', '40123 Bologna (BO)'],
      vatId: 'IT09327160371',
      vatShown: '09327160371',
    },
    items: [
      item('Farina tipo 00, sacco 25 kg', 6, 'sc', 1890, '4'),
      item('Latte fresco intero 1 l', 60, 'pz', 129, '4'),
      item('Pomodori pelati, latta 2,5 kg', 24, 'pz', 310, '4'),
      item('Parmigiano Reggiano 24 mesi', 8.35, 'kg', 1980, '4'),
      item('Olio extravergine, latta 5 l', 4, 'pz', 4250, '4'),
      item('Prosciutto crudo di Parma', 7.8, 'kg', 1690, '10'),
      item('Acqua frizzante 0,75 l, cassa 12', 10, 'cs', 540, '22'),
      item('Sangiovese DOC, cartone 6 bt.', 5, 'ct', 3300, '22', { disc: 10 }),
      item('Detersivo lavastoviglie 12 kg', 2, 'pz', 2890, '22'),
    ],
    notes: () => [
      'Copia di cortesia: il documento fiscale è la fattura elettronica trasmessa tramite SdI. Codice destinatario del cliente: M5UXCR1.',
    ],
    terms: (f) => [`Pagamento: bonifico bancario 30 gg d.f.f.m., scadenza ${f.date('2026-04-30')}.`],
  },
  {
    file: 'it-2-compact',
    lang: 'it',
    layout: 'compact',
    country: 'IT',
    face: 'courier',
    typeCode: '381',
    currency: 'EUR',
    money: { group: '', dec: ',', sym: 'EUR', before: true, gap: ' ' },
    dateForm: 'd.m.y',
    L: {
      ...IT,
      title: 'NOTA DI CREDITO',
      number: 'Nota di credito n.',
      customerNo: 'Cliente',
      billTo: 'Spett.le',
      net: 'Imponibile',
      total: 'Totale nota di credito',
    },
    number: 'NC 7/2026',
    issue: '2026-03-17',
    due: null,
    customerNo: '0883',
    paymentRef: null,
    seller: {
      name: 'Tecnoufficio Colombo S.r.l.',
      address: ['Viale Monza, 265', '20126 Milano (MI)'],
      phone: '02 5550 4172',
      email: 'contabilita@tecnoufficio-colombo.example',
      vatId: 'IT04729180150',
      vatShown: '04729180150',
      regId: 'MI-1772031',
      regShown: 'REA MI-1772031 - Cap. soc. € 20.000,00 i.v.',
      bank: 'UniCredit',
      iban: 'IT73L0200811437000104829357',
      ibanSpaced: true,
      bic: 'UNCRITMM',
    },
    buyer: {
      name: 'Studio Legale Ferri Associati',
      lines: ['Corso Buenos Aires, 45', '20124 Milano (MI)'],
      vatId: 'IT07861420151',
      vatShown: '07861420151',
    },
    items: [
      item('Reso toner nero TN-2420', 4, 'pz', 7850, '22'),
      item('Reso carta A4 80 g, risma', 10, 'rs', 545, '22'),
      item('Rettifica canone assistenza', 1, 'pz', 4500, '22'),
    ],
    refLine: (f) =>
      `Storno parziale della fattura n. 212/2026 del ${f.date('2026-02-27')}: reso merce e rettifica prezzo.`,
    terms: () => ["L'importo sarà compensato con la prossima fattura."],
  },
  {
    file: 'it-3-letter',
    lang: 'it',
    layout: 'letter',
    country: 'IT',
    face: 'dejavu-serif',
    typeCode: '380',
    currency: 'EUR',
    money: EUR_AFTER,
    dateForm: 'long',
    L: {
      ...IT,
      customerNo: 'Cod. cliente',
      order: 'Vs. ordine',
      buyerRef: 'Vs. rif.',
      price: 'Prezzo',
      net: 'Imponibile',
      total: 'Totale documento',
    },
    number: '145/2026',
    issue: '2026-03-25',
    due: '2026-04-24',
    customerNo: 'C-058',
    order: 'OdA 2026/044',
    buyerRef: 'Cantiere Dominioni',
    paymentRef: 'FT 145/2026',
    seller: {
      name: 'Ferraris Ingegneria S.r.l.',
      address: ['Corso Cavour, 14', '28100 Novara (NO)'],
      phone: '0321 555 218',
      email: 'segreteria@ferraris-ingegneria.example',
      vatId: 'IT07861420037',
      vatShown: '07861420037',
      regId: 'NO-214587',
      regShown: 'REA NO-214587',
      legal: ['Capitale sociale 10.000,00 € i.v.', 'PEC ferrarisingegneria@pec.example'],
      bank: 'Banco BPM',
      otherAccount: 'c/c postale n. 18234657',
      iban: 'IT75W0503411701000000018264',
      ibanSpaced: true,
      bic: 'BAPPIT21',
    },
    buyer: {
      name: 'Immobiliare San Marco S.p.A.',
      attn: 'alla c.a. geom. Paolo Ricci',
      lines: ['Via Solferino, 22', '20121 Milano (MI)'],
      vatId: 'IT03652070156',
      vatShown: '03652070156',
    },
    items: [
      item('Direzione lavori, quota SAL n. 2', 1, 'a corpo', 640000, '22'),
      item('Coordinamento sicurezza in fase di esecuzione', 1, 'a corpo', 185000, '22'),
      item('Sopralluoghi straordinari', 3, 'n.', 25000, '22'),
    ],
    letter: {
      subject: 'Oggetto: fattura n. 145/2026 – direzione lavori facciate, via Dominioni 9',
      salutation: 'Spettabile Società,',
      intro:
        'facendo seguito al SAL n. 2 del 20 marzo 2026, Vi trasmettiamo la fattura per le prestazioni professionali del periodo.',
      closing: 'Distinti saluti.',
      signer: ['Ing. Marco Ferraris', 'Amministratore unico'],
    },
    terms: (f) => [
      `Vi preghiamo di effettuare il bonifico di ${f.money(f.t.due)} entro il ${f.dateAs('2026-04-24', 'long')} sul conto indicato in calce, riportando nella causale «FT 145/2026».`,
    ],
  },
  {
    file: 'it-4-twopage',
    lang: 'it',
    layout: 'twopage',
    country: 'IT',
    face: 'dejavu-sans',
    typeCode: '380',
    currency: 'EUR',
    money: { group: '.', dec: ',', sym: 'EUR', before: true, gap: ' ' },
    dateForm: 'd-m-y',
    L: {
      ...IT,
      date: 'Data fattura',
      due: 'Scadenza pagamento',
      customerNo: 'Codice cliente',
      order: 'Vs. ordine n.',
      vatId: 'Partita IVA',
      sku: 'Voce',
      vat: 'IVA',
      net: 'Totale imponibile',
      vatLine: (r, b) => `IVA ${r}% su ${b}`,
      total: 'Totale fattura',
      deposit: 'Acconto versato il 16-02-2026',
      payable: 'Saldo da pagare',
    },
    number: '2026/0091',
    issue: '2026-04-14',
    due: '2026-05-14',
    customerNo: 'CL-2031',
    order: 'ALB-26/07',
    paymentRef: null,
    deposit: 800000,
    splitAt: 8,
    subject: 'Lavori di ristrutturazione piano 2, camere 201-204 – stato finale, contratto del 12-01-2026',
    seller: {
      name: 'Edilcasa Moretti S.r.l.',
      address: ['Via Lombardia, 7', '20092 Cinisello Balsamo (MI)'],
      phone: '02 5550 8841',
      email: 'amministrazione@edilcasa-moretti.example',
      vatId: 'IT05127390150',
      vatShown: 'IT05127390150',
      regId: 'MI-1934410',
      regShown: 'REA MI-1934410',
      bank: 'BPER Banca',
      iban: 'IT75L0538702400000003174826',
      ibanSpaced: true,
      bic: 'BPMOIT22XXX',
    },
    buyer: {
      name: 'Albergo Bellavista S.r.l.',
      lines: ['Lungolario Cadorna, 30', '23900 Lecco (LC)'],
      vatId: 'IT02184530976',
      vatShown: '02184530976',
    },
    items: [
      item('Demolizione tramezzi', 1, 'a corpo', 285000, '10', {
        sku: 'DEM-01',
        note: 'Piano 2, camere 201-204: demolizione tramezzi, carico e trasporto a discarica',
      }),
      item('Tramezzi in laterizio sp. 8 cm', 64, 'm²', 4200, '10', {
        sku: 'MUR-02',
        note: 'Nuova distribuzione bagni in laterizio forato, malta cementizia',
      }),
      item('Intonaco civile pronto', 210, 'm²', 1850, '10', {
        sku: 'INT-03',
        note: 'Su pareti nuove e ripristini, rasatura finale a gesso',
      }),
      item('Massetto sabbia-cemento sp. 5 cm', 95, 'm²', 2100, '10', {
        sku: 'MAS-04',
        note: 'Camere e corridoio, pronto per la posa',
      }),
      item('Posa pavimento gres porcellanato', 95, 'm²', 3300, '10', {
        sku: 'PAV-05',
        note: 'Posa a colla, materiale fornito dal committente',
      }),
      item('Impianto idrico bagni', 4, 'cad', 165000, '10', {
        sku: 'IMP-06',
        note: 'Impianto idrico-sanitario camere 201-204, tubazioni multistrato',
      }),
      item('Adeguamento impianto elettrico', 1, 'a corpo', 720000, '10', {
        sku: 'ELE-07',
        note: 'Piano 2, con dichiarazione di conformità DM 37/08',
      }),
      item('Tinteggiatura pareti e soffitti', 420, 'm²', 850, '10', {
        sku: 'TIN-08',
        note: 'Idropittura traspirante, due mani',
      }),
      item('Sanitari sospesi', 8, 'cad', 38500, '22', {
        sku: 'SAN-09',
        note: 'Vasi e bidet sospesi in ceramica, sola fornitura',
      }),
      item('Box doccia in cristallo', 4, 'cad', 69000, '22', {
        sku: 'ARR-10',
        note: 'Cristallo temperato 8 mm, sola fornitura',
      }),
      item('Oneri per la sicurezza', 1, 'a corpo', 180000, '10', {
        sku: 'SIC-11',
        note: 'Da piano di sicurezza e coordinamento, non soggetti a ribasso',
      }),
    ],
    notes: () => [
      'Ristrutturazione edilizia: IVA 10% ai sensi del n. 127-quaterdecies, Tab. A, parte III, DPR 633/72.',
    ],
    terms: (f) => [`Pagamento a mezzo bonifico bancario entro il ${f.date('2026-05-14')}.`],
  },
];

// ---------------------------------------------------------------------------------------------
// Writing

function answerKey(s: Spec, t: Totals) {
  return {
    source: 'pdfkit-blind',
    generator: 'pdfkit-blind',
    file: `${s.file}.pdf`,
    producer: PRODUCER,
    type_code: s.typeCode,
    seller_country: s.country,
    fields: {
      number: s.number,
      issue_date: s.issue,
      due_date: s.due,
      currency: s.currency,
      total_net: dec2(t.net),
      total_tax: dec2(t.tax),
      total: dec2(t.total),
      amount_due: dec2(t.due),
      tax_breakdown: t.vat.map((v) => ({ rate: v.rate, net: dec2(v.net), tax: dec2(v.tax) })),
      seller_name: s.seller.name,
      seller_vat_id: s.seller.vatId,
      seller_registration_id: s.seller.regId,
      seller_email: s.seller.email,
      iban: s.seller.iban,
      bic: s.seller.bic ?? null,
      payment_reference: s.paymentRef,
      purchase_order: s.order ?? null,
      buyer_reference: s.buyerRef ?? null,
      buyer_name: s.buyer.name,
      buyer_vat_id: s.buyer.vatId ?? null,
    },
  };
}

const DRAW: Record<Layout, (c: Ctx) => void> = {
  compact: drawCompact,
  table: drawTable,
  twopage: drawTwoPage,
  letter: drawLetter,
};

function render(s: Spec, t: Totals): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    compress: true,
    info: {
      Title: `${s.L.title} ${s.number}`,
      Author: s.seller.name,
      Creator: 'scripts/make-pdfkit-invoices.ts',
      Producer: 'pdfkit',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  const face = FACES[s.face];
  doc.registerFont('R', face.regular);
  doc.registerFont('B', face.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  DRAW[s.layout]({ doc, s, t, f: makeFmt(s, t), L: s.L });
  doc.end();
  return done;
}

async function main(): Promise<void> {
  // Everything is drawn before anything is written, so that a data error leaves the set as it was.
  const out: { s: Spec; t: Totals; pdf: Buffer }[] = [];
  for (const s of INVOICES) {
    assertIds(s);
    if (!s.file.startsWith(`${s.lang}-`) || !s.file.endsWith(`-${s.layout}`)) {
      throw new Error(`${s.file}: name`);
    }
    const t = computeTotals(s);
    out.push({ s, t, pdf: await render(s, t) });
  }
  if (overlong.length) throw new Error(`footer lines too long for 7 pt:\n${overlong.join('\n')}`);
  mkdirSync(OUT_DIR, { recursive: true });
  for (const { s, t, pdf } of out) {
    writeFileSync(join(OUT_DIR, `${s.file}.pdf`), pdf);
    writeFileSync(join(OUT_DIR, `${s.file}.key.json`), `${JSON.stringify(answerKey(s, t), null, 2)}\n`);
  }
  console.log(`wrote ${out.length} invoices to ${OUT_DIR}`);
}

await main();
