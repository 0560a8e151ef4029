/**
 * make-react-invoices.ts — 24 "blind" supplier invoices (PDF + answer key) for the document-capture engine.
 *
 * Written without looking at the extractor, its tests or the other generators: the layouts, wording and
 * distractors below are meant to be unseen by the code they test.
 *
 * RUN
 *   cd /work/main && node --import tsx scripts/make-react-invoices.ts
 *   REACT_INVOICES_OUT    output folder (default test/fixtures/capture/react-blind); use /tmp/react-out while developing
 *   REACT_INVOICES_BUILD  intermediates (default /tmp/react-build): node/ (npm packages), adoc/ (AsciiDoc + themes),
 *                         typ/ (Typst sources), ids.json (identifiers handed to python-stdnum)
 *   Takes about 25 s on the 2-core machine (most of it asciidoctor-pdf's Ruby start-up, 8 × ~2 s).
 *
 * REQUIREMENTS (versions used when the committed fixtures were made)
 *   apt-get install -y ruby-asciidoctor-pdf python3-stdnum poppler-utils fonts-dejavu-core fonts-liberation2
 *     ruby-asciidoctor-pdf 2.3.4-3 (ruby-prawn 2.4.0, ruby 3.1), python3-stdnum 1.18-1 (run as /usr/bin/python3),
 *     poppler-utils 22.12.0 (pdfinfo, pdftotext), fonts-dejavu-core 2.37-6, fonts-liberation2 2.1.5-1
 *   npm install --prefix /tmp/react-build/node --no-save @react-pdf/renderer@4 react@18 \
 *       @myriaddreamin/typst-ts-node-compiler
 *     @react-pdf/renderer 4.9.0 (yoga-layout 3.2.1, pdfkit 0.20.1), react 18.3.1,
 *     @myriaddreamin/typst-ts-node-compiler 0.7.0 (prebuilt native Typst 0.14.2 compiler, linux-x64-gnu)
 *   Installed OUTSIDE the repository ($REACT_INVOICES_BUILD/node) and loaded with createRequire; nothing is added
 *   to package.json. The script stops with the install line above when they are missing.
 *
 * GENERATORS (8 files each, every one in all six languages)
 *   react    @react-pdf/renderer: React.createElement trees (no JSX), flexbox layout by yoga; Liberation/DejaVu
 *            TTFs registered with Font.register. Three visual styles: "window" (DIN-5008-like address window),
 *            "banner" (coloured title band), "sidebar" (coloured left column with the supplier's details).
 *            en-1 subscription, en-4 credit, de-1 craftsman, fr-2 consultant, nl-2 wholesale (2 p.),
 *            nl-4 transport, es-3 utility, it-2 wholesale (2 p.)
 *   asciidoc asciidoctor-pdf (Prawn): AsciiDoc source with tables (nested meta table, spans, right-aligned
 *            totals table) and a YAML theme per invoice (fonts, colours, running footer with the supplier's
 *            identifiers and "page X of Y"). Styles "letter" and "statement".
 *            en-2 consultant, de-3 wholesale (CHF, 2 p.), fr-1 catering, fr-4 telecom (2 p.), nl-3 subscription,
 *            es-1 consultant, it-3 transport, it-4 catering
 *   typst    Typst markup compiled in-process by @myriaddreamin/typst-ts-node-compiler with the system fonts
 *            (fonts-liberation2, fonts-dejavu-core); all data enters the markup as Typst string literals, so no
 *            markup character in a name can change the layout. Styles "grid", "ledger" (monospaced, ERP-like),
 *            "boxed". en-3 wholesale (GBP, 2 p.), de-2 utility, de-4 transport, fr-3 credit, nl-1 craftsman,
 *            es-2 catering, es-4 wholesale (2 p.), it-1 consultant
 *
 * FILES  <lang>-<n>-<generator>-<layout>.pdf and <same>.key.json; lang en (GB, IE), de (DE, AT, CH),
 *   fr (FR, BE, LU), nl (NL, BE-Flanders), es (ES), it (IT), 4 each. Layouts (9): subscription, consultant,
 *   wholesale, credit, craftsman, utility, transport, catering, telecom.
 *
 * FEATURES AND DISTRACTORS
 *   - two credit notes: en-4 prints every amount negative, fr-3 (avoir) prints them positive;
 *   - six two-page documents (en-3, de-3, fr-4, nl-2, es-4, it-2) whose totals are only on the last page, with a
 *     carried-forward subtotal at the foot of page 1 and brought forward at the top of page 2;
 *   - several VAT rates with a breakdown table (GB 20/0, IE 23/13.5, CH 8.1/2.6, FR 20/10, NL 21/9,
 *     BE 21/6, ES 21/10, IT 22/10/4, LU 17/3); advance payments deducted (en-2, de-1, de-2, fr-1, es-2, it-4);
 *     IRPF withholding (es-1) and ritenuta d'acconto on the fee only, with a 4 % cassa contribution subject to
 *     VAT (it-1); intra-EU reverse charge at 0 % (de-4, German carrier billing a French shipper);
 *   - GBP (en-1, en-3), CHF (de-3), EUR elsewhere; number formats 1,234.56 / 1.234,56 / 1 234,56 / 1'234.56;
 *     dates 05.03.2026, 05/03/2026, 2026-03-05, 5 March 2026, 05 Jun 2026, 5 mars 2026, 5. März 2026,
 *     5 maart 2026, 5 de marzo de 2026, 05-03-26;
 *   - distractors: customer / contract / meter numbers, order and delivery-note numbers with their own dates,
 *     the buyer's VAT id printed near the seller's, phone and fax numbers, UK/IE sort codes and account numbers
 *     beside the IBAN, a second bank account, previous balance and payment received, service periods, early-
 *     payment discounts with their own date, share capital, tax numbers, page subtotals, the original invoice
 *     of a credit note, a SEPA mandate reference; some sellers print their identifiers only in the footer;
 *     fr-4 (direct debit) prints no seller IBAN at all.
 *   All names, addresses and identifiers are fictitious; e-mail addresses use .example domains.
 *
 * KEY (<name>.key.json): { source, generator: "react-blind", file, producer, type_code 380|381, seller_country,
 *   fields{...} } — every value a string or null (null = not printed). Dates ISO; amounts "1234.50" without
 *   separators, credit notes as positive magnitudes; total_net = lines + charges subject to VAT; total = net +
 *   tax; amount_due = total − advance − withholding (credit note: its total); tax_breakdown one entry per rate,
 *   tax = half-up of rate × net in integer cents, rate as printed without % and with a dot ("13.5", "8.1", "0");
 *   VAT ids compact with country prefix (Swiss with MWST/TVA suffix as printed); registration ids as printed
 *   minus label and court/town ("HRB 48213", "FN 512874 d", "B 245871", KvK "61822347"); payment_reference
 *   without spaces (Belgian +++xxx/xxxx/xxxxx+++ as its 12 digits, RF references compact).
 *
 * VERIFICATION (the script exits non-zero on any failure)
 *   - every IBAN, VAT id, RF reference and Belgian structured communication is computed here (mod-97, national
 *     check digits, inner BBAN checks for BE/ES/FR/IT) and cross-checked with python3-stdnum (/usr/bin/python3);
 *   - page count with pdfinfo equals the designed count;
 *   - pdftotext -layout and -raw (whitespace runs collapsed) contain every non-null key value in its printed
 *     form, the total and the amount due on the last page; no U+FFFD or mojibake ("Ã", "â€", "Â"); every
 *     non-ASCII character of the source text comes back;
 *   - sums: line amounts add up to the net, the breakdown to net and tax, total = net + tax, amount due as defined.
 *
 * DETERMINISM  Two runs give byte-identical PDFs: react-pdf gets fixed creationDate/modificationDate (pdfkit
 *   derives /ID from them), Typst gets creationTimestamp (its /ID is a hash of the document), the AsciiDoc
 *   sources set :reproducible: and asciidoctor-pdf runs with SOURCE_DATE_EPOCH (no dates; Prawn writes no /ID).
 *   Checked by two runs into different folders compared with cmp: all 48 files identical.
 */

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const OUT = path.resolve(process.env.REACT_INVOICES_OUT ?? 'test/fixtures/capture/react-blind');
const BUILD = path.resolve(process.env.REACT_INVOICES_BUILD ?? '/tmp/react-build');
const NODE_DIR = path.join(BUILD, 'node');
const PY = '/usr/bin/python3';
const LIB2 = '/usr/share/fonts/truetype/liberation2';
const DEJAVU = '/usr/share/fonts/truetype/dejavu';

// ---------------------------------------------------------------------------------------------------------
// Identifiers with their check digits
// ---------------------------------------------------------------------------------------------------------

interface Id {
  norm: string;
  printed: string;
}

const idsToCheck: Array<[string, string]> = [];

function digitsOf(s: string): number[] {
  return s.split('').map((c) => {
    const d = Number(c);
    if (!Number.isInteger(d)) throw new Error(`not a digit in ${s}`);
    return d;
  });
}

function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

function mod97(s: string): number {
  let r = 0;
  for (const ch of s.toUpperCase()) {
    const v = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const c of v) r = (r * 10 + Number(c)) % 97;
  }
  return r;
}

function group(s: string, sizes: number[], sep = ' '): string {
  const out: string[] = [];
  let i = 0;
  for (const n of sizes) {
    out.push(s.slice(i, i + n));
    i += n;
  }
  if (i < s.length) out.push(s.slice(i));
  return out.filter((x) => x !== '').join(sep);
}

function vatId(norm: string, printed?: string): Id {
  idsToCheck.push(['vat', norm]);
  return { norm, printed: printed ?? norm };
}

function deVat(n8: string): string {
  let p = 10;
  for (const d of digitsOf(n8)) {
    let s = (d + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  return `DE${n8}${(11 - p) % 10}`;
}

function atVat(n7: string): string {
  let s = 0;
  digitsOf(n7).forEach((d, i) => {
    const v = i % 2 === 1 ? d * 2 : d;
    s += v > 9 ? Math.floor(v / 10) + (v % 10) : v;
  });
  return `ATU${n7}${(10 - ((s + 4) % 10)) % 10}`;
}

function luhnCheck(body: string): number {
  let s = 0;
  digitsOf(body)
    .reverse()
    .forEach((d, i) => {
      const v = i % 2 === 0 ? d * 2 : d;
      s += v > 9 ? v - 9 : v;
    });
  return (10 - (s % 10)) % 10;
}

function frSiren(n8: string): string {
  const siren = n8 + luhnCheck(n8);
  idsToCheck.push(['siren', siren]);
  return siren;
}

function frVat(siren: string): string {
  return `FR${pad((12 + 3 * (Number(siren) % 97)) % 97, 2)}${siren}`;
}

/** Belgian enterprise number: 10 digits, the last two = 97 − (first eight mod 97). */
function beEnterprise(n8: string): string {
  return n8 + pad(97 - (Number(n8) % 97), 2);
}

function nlVat(n8: string): string {
  const s = digitsOf(n8).reduce((a, d, i) => a + d * (9 - i), 0) % 11;
  if (s === 10) throw new Error(`NL ${n8}: no check digit possible`);
  return `NL${n8}${s}B01`;
}

function esCif(letter: string, n7: string): string {
  const d = digitsOf(n7);
  let s = 0;
  d.forEach((v, i) => {
    if (i % 2 === 1) s += v;
    else {
      const w = v * 2;
      s += Math.floor(w / 10) + (w % 10);
    }
  });
  return `${letter}${n7}${(10 - (s % 10)) % 10}`;
}

function esNif(n8: string): string {
  return n8 + 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(n8) % 23];
}

function itVat(n10: string): string {
  return `IT${n10}${luhnCheck(n10)}`;
}

function luVat(n6: string): string {
  return `LU${n6}${pad(Number(n6) % 89, 2)}`;
}

function ieVat(n7: string): string {
  const s = digitsOf(n7).reduce((a, d, i) => a + d * (8 - i), 0);
  return `IE${n7}${'WABCDEFGHIJKLMNOPQRSTUV'[s % 23]}`;
}

function gbVat(n7: string): string {
  const s = digitsOf(n7).reduce((a, d, i) => a + d * (8 - i), 0);
  return `GB${n7}${pad((97 - (s % 97)) % 97, 2)}`;
}

function chUid(n8: string): string {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  const s = digitsOf(n8).reduce((a, d, i) => a + d * (w[i] ?? 0), 0);
  const c = 11 - (s % 11);
  if (c === 10) throw new Error(`CHE ${n8}: no check digit possible`);
  return `CHE${n8}${c === 11 ? 0 : c}`;
}

function iban(cc: string, bban: string): Id {
  const norm = `${cc}${pad(98 - mod97(`${bban}${cc}00`), 2)}${bban}`;
  idsToCheck.push(['iban', norm]);
  return { norm, printed: norm.replace(/(.{4})/g, '$1 ').trim() };
}

function esDc(ten: string): number {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const r = 11 - (digitsOf(ten).reduce((a, d, i) => a + d * (w[i] ?? 0), 0) % 11);
  return r === 11 ? 0 : r === 10 ? 1 : r;
}

function esBban(bank: string, branch: string, acct: string): string {
  return `${bank}${branch}${esDc(`00${bank}${branch}`)}${esDc(acct)}${acct}`;
}

function beBban(bank3: string, acct7: string): string {
  const r = Number(bank3 + acct7) % 97;
  return `${bank3}${acct7}${pad(r === 0 ? 97 : r, 2)}`;
}

function frBban(bank: string, branch: string, acct: string): string {
  const key = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(acct)) % 97);
  return `${bank}${branch}${acct}${pad(key, 2)}`;
}

function itBban(abi: string, cab: string, acct: string): string {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  const s = (abi + cab + acct).split('').reduce((a, ch, i) => {
    const v = /[0-9]/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    return a + (i % 2 === 0 ? (odd[v] ?? 0) : v);
  }, 0);
  return `${String.fromCharCode(65 + (s % 26))}${abi}${cab}${acct}`;
}

function rf(ref: string, printed?: (n: string) => string): Id {
  const norm = `RF${pad(98 - mod97(`${ref}RF00`), 2)}${ref}`;
  idsToCheck.push(['rf', norm]);
  return { norm, printed: printed ? printed(norm) : norm.replace(/(.{4})/g, '$1 ').trim() };
}

function ogm(n10: string): Id {
  const r = Number(n10) % 97;
  const norm = `${n10}${pad(r === 0 ? 97 : r, 2)}`;
  idsToCheck.push(['ogm', norm]);
  return { norm, printed: `+++${norm.slice(0, 3)}/${norm.slice(3, 7)}/${norm.slice(7)}+++` };
}

function plain(s: string): Id {
  return { norm: s, printed: s };
}

// ---------------------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------------------

type NumFmt = 'en' | 'de' | 'fr' | 'ch';
type DateFmt =
  | 'dot'
  | 'slash'
  | 'iso'
  | 'dash2'
  | 'long-en'
  | 'short-en'
  | 'long-fr'
  | 'long-de'
  | 'long-nl'
  | 'long-es';

const MONTHS: Record<string, string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  fr: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  nl: 'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
};

function month(lang: string, m: number): string {
  const name = MONTHS[lang]?.[m - 1];
  if (!name) throw new Error(`month ${lang} ${m}`);
  return name;
}

function fmtDate(iso: string, f: DateFmt): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`bad ISO date ${iso}`);
  const [, y = '', mo = '', d = ''] = m;
  const dn = Number(d);
  const mn = Number(mo);
  switch (f) {
    case 'dot':
      return `${d}.${mo}.${y}`;
    case 'slash':
      return `${d}/${mo}/${y}`;
    case 'iso':
      return iso;
    case 'dash2':
      return `${d}-${mo}-${y.slice(2)}`;
    case 'long-en':
      return `${dn} ${month('en', mn)} ${y}`;
    case 'short-en':
      return `${d} ${month('en', mn).slice(0, 3)} ${y}`;
    case 'long-fr':
      return `${dn === 1 ? '1er' : dn} ${month('fr', mn)} ${y}`;
    case 'long-de':
      return `${dn}. ${month('de', mn)} ${y}`;
    case 'long-nl':
      return `${dn} ${month('nl', mn)} ${y}`;
    case 'long-es':
      return `${dn} de ${month('es', mn)} de ${y}`;
  }
}

/** A scaled integer (value × 10^scale) in the given number format. */
function fmtScaled(v: number, scale: number, f: NumFmt): string {
  const neg = v < 0;
  const a = Math.abs(v);
  const p = 10 ** scale;
  const int = String(Math.floor(a / p));
  const frac = scale > 0 ? pad(a % p, scale) : '';
  const sep = { en: ',', de: '.', fr: ' ', ch: "'" }[f];
  const dp = f === 'en' || f === 'ch' ? '.' : ',';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return `${neg ? '-' : ''}${grouped}${scale > 0 ? dp + frac : ''}`;
}

interface Fmt {
  nf: NumFmt;
  df: DateFmt;
  /** amount (cents) without currency */
  n: (c: number) => string;
  /** amount (cents) with the currency as the supplier prints it */
  m: (c: number) => string;
  d: (iso: string) => string;
  /** quantity in hundredths, trailing zero decimals dropped */
  q: (h: number) => string;
  /** rate as printed without % */
  r: (rate: string) => string;
}

function makeFmt(nf: NumFmt, df: DateFmt, cur: string, curPos: 'pre' | 'post' | 'pre-sp'): Fmt {
  const n = (c: number): string => fmtScaled(c, 2, nf);
  return {
    nf,
    df,
    n,
    m: (c) =>
      curPos === 'pre'
        ? `${c < 0 ? '-' : ''}${cur}${n(Math.abs(c))}`
        : curPos === 'pre-sp'
          ? `${cur} ${n(c)}`
          : `${n(c)} ${cur}`,
    d: (iso) => fmtDate(iso, df),
    q: (h) =>
      h % 100 === 0
        ? fmtScaled(h / 100, 0, nf)
        : h % 10 === 0
          ? fmtScaled(h / 10, 1, nf)
          : fmtScaled(h, 2, nf),
    r: (rate) => (nf === 'en' || nf === 'ch' ? rate : rate.replace('.', ',')),
  };
}

function dec(c: number): string {
  return fmtScaled(Math.abs(c), 2, 'en').replace(/,/g, '');
}

// ---------------------------------------------------------------------------------------------------------
// Invoice model
// ---------------------------------------------------------------------------------------------------------

type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
type Gen = 'react' | 'asciidoc' | 'typst';
type ColKey =
  | 'pos'
  | 'sku'
  | 'date'
  | 'ref'
  | 'desc'
  | 'qty'
  | 'unit'
  | 'qtyunit'
  | 'price'
  | 'rate'
  | 'amount';

interface Line {
  desc: string;
  /** quantity × 100 */
  qty: number;
  unit: string;
  /** unit price × 10 000 */
  price: number;
  rate: string;
  sku?: string;
  date?: string;
  ref?: string;
  /** subject to withholding (IRPF / ritenuta) */
  wh?: boolean;
  /** decimals of the printed unit price */
  pdp?: 2 | 3 | 4;
}

interface LineOpts {
  sku?: string;
  date?: string;
  ref?: string;
  wh?: boolean;
  pdp?: 2 | 3 | 4;
}

function L(desc: string, qty: number, unit: string, price: number, rate: string, o: LineOpts = {}): Line {
  return { desc, qty: Math.round(qty * 100), unit, price: Math.round(price * 10000), rate, ...o };
}

function lineAmount(l: Line): number {
  return Math.floor((l.qty * l.price + 5000) / 10000);
}

function taxOf(net: number, rate: string): number {
  const bp = Math.round(Number(rate) * 100);
  return Math.floor((net * bp + 5000) / 10000);
}

interface Calc {
  amounts: number[];
  net: number;
  groups: Array<{ rate: string; net: number; tax: number }>;
  tax: number;
  total: number;
  advance: number;
  whBase: number;
  withholding: number;
  due: number;
  carry: number;
}

interface Party {
  name: string;
  lines: string[];
  vat: Id | null;
}

interface Seller extends Party {
  contact: string[];
  reg: Id | null;
  email: string | null;
}

interface TotSpec {
  net: string;
  vat: (rate: string, base: string) => string;
  total: string;
  /** label of the VAT total, required when more than one rate is printed */
  vatTotal?: string;
  advance?: [string, number];
  withholding?: [string, string];
  due?: string;
}

interface Spec {
  lang: Lang;
  n: number;
  gen: Gen;
  layout: string;
  style: string;
  font: string;
  accent: string;
  typeCode: '380' | '381';
  country: string;
  currency: string;
  f: Fmt;
  negative?: boolean;
  title: string;
  number: string;
  issue: string;
  due: string | null;
  seller: Seller;
  senderLine?: string;
  buyerLabel: string | null;
  buyer: Party;
  meta: (c: Calc) => Array<[string, string]>;
  intro?: string[];
  cols: Array<[ColKey, string]>;
  widths: number[];
  lines: Line[];
  split?: number;
  carryOut?: string;
  carryIn?: string;
  tot: TotSpec;
  taxTable?: string[];
  notes: (c: Calc) => string[];
  bank: string[];
  iban: Id | null;
  bic: string | null;
  payRef: Id | null;
  po: string | null;
  buyerRef: string | null;
  footer: string[][];
  pageLabel: (p: string, n: string) => string;
  contLabel: string;
}

function calc(s: Spec): Calc {
  const amounts = s.lines.map(lineAmount);
  const net = amounts.reduce((a, b) => a + b, 0);
  const groups: Calc['groups'] = [];
  s.lines.forEach((l, i) => {
    let g = groups.find((x) => x.rate === l.rate);
    if (!g) {
      g = { rate: l.rate, net: 0, tax: 0 };
      groups.push(g);
    }
    g.net += amounts[i] ?? 0;
  });
  for (const g of groups) g.tax = taxOf(g.net, g.rate);
  const tax = groups.reduce((a, g) => a + g.tax, 0);
  const total = net + tax;
  const advance = s.tot.advance?.[1] ?? 0;
  const whBase = s.lines.reduce((a, l, i) => a + (l.wh ? (amounts[i] ?? 0) : 0), 0);
  const withholding = s.tot.withholding ? taxOf(whBase, s.tot.withholding[1]) : 0;
  const carry = amounts.slice(0, s.split ?? 0).reduce((a, b) => a + b, 0);
  return {
    amounts,
    net,
    groups,
    tax,
    total,
    advance,
    whBase,
    withholding,
    due: total - advance - withholding,
    carry,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Render-neutral document
// ---------------------------------------------------------------------------------------------------------

type Align = 'l' | 'r';

interface Doc {
  lang: Lang;
  title: string;
  seller: Seller;
  senderLine: string | null;
  buyerLabel: string | null;
  buyer: string[];
  meta: Array<[string, string]>;
  intro: string[];
  head: string[];
  align: Align[];
  widths: number[];
  pages: string[][][];
  carryOut: [string, string] | null;
  carryIn: [string, string] | null;
  totals: Array<[string, string, boolean]>;
  taxTable: { head: string[]; rows: string[][] } | null;
  notes: string[];
  bank: string[];
  footer: string[][];
  pageLabel: (p: string, n: string) => string;
  contLabel: string;
  font: string;
  accent: string;
  style: string;
}

function buildDoc(s: Spec, c: Calc): Doc {
  const f = s.f;
  const sg = (v: number): number => (s.negative ? -v : v);
  const rows = s.lines.map((l, i) =>
    s.cols.map(([k]) => {
      switch (k) {
        case 'pos':
          return String(i + 1);
        case 'sku':
          return l.sku ?? '';
        case 'date':
          return l.date ? f.d(l.date) : '';
        case 'ref':
          return l.ref ?? '';
        case 'desc':
          return l.desc;
        case 'qty':
          return f.q(l.qty);
        case 'unit':
          return l.unit;
        case 'qtyunit':
          return `${f.q(l.qty)} ${l.unit}`;
        case 'price':
          return fmtScaled(l.price / 10 ** (4 - (l.pdp ?? 2)), l.pdp ?? 2, f.nf);
        case 'rate':
          return `${f.r(l.rate)} %`;
        case 'amount':
          return f.n(sg(c.amounts[i] ?? 0));
      }
      return '';
    }),
  );
  const pages = s.split ? [rows.slice(0, s.split), rows.slice(s.split)] : [rows];
  const totals: Array<[string, string, boolean]> = [[s.tot.net, f.m(sg(c.net)), false]];
  for (const g of c.groups) totals.push([s.tot.vat(f.r(g.rate), f.n(sg(g.net))), f.m(sg(g.tax)), false]);
  const multi = c.groups.length > 1;
  if (multi && !s.tot.vatTotal) throw new Error(`${s.number}: several rates but no VAT total label`);
  if (multi && s.tot.vatTotal && !s.taxTable) totals.push([s.tot.vatTotal, f.m(sg(c.tax)), false]);
  totals.push([s.tot.total, f.m(sg(c.total)), !s.tot.due]);
  if (s.tot.advance) totals.push([s.tot.advance[0], f.m(-c.advance), false]);
  if (s.tot.withholding) totals.push([s.tot.withholding[0], f.m(-c.withholding), false]);
  if (s.tot.due) totals.push([s.tot.due, f.m(sg(c.due)), true]);
  const buyer = [s.buyer.name, ...s.buyer.lines];
  return {
    lang: s.lang,
    title: s.title,
    seller: s.seller,
    senderLine: s.senderLine ?? null,
    buyerLabel: s.buyerLabel,
    buyer,
    meta: s.meta(c),
    intro: s.intro ?? [],
    head: s.cols.map(([, h]) => h),
    align: s.cols.map(([k]) => (['qty', 'price', 'rate', 'amount', 'pos'].includes(k) ? 'r' : 'l')),
    widths: s.widths,
    pages,
    carryOut: s.split && s.carryOut ? [s.carryOut, f.m(sg(c.carry))] : null,
    carryIn: s.split && s.carryIn ? [s.carryIn, f.m(sg(c.carry))] : null,
    totals,
    taxTable: s.taxTable
      ? {
          head: s.taxTable,
          rows: c.groups
            .map((g) => [
              `${f.r(g.rate)} %`,
              f.n(sg(g.net)),
              f.n(sg(g.tax)),
              ...(s.taxTable && s.taxTable.length > 3 ? [f.n(sg(g.net + g.tax))] : []),
            ])
            .concat(
              multi && s.tot.vatTotal
                ? [
                    [
                      s.tot.vatTotal,
                      f.n(sg(c.net)),
                      f.n(sg(c.tax)),
                      ...(s.taxTable.length > 3 ? [f.n(sg(c.total))] : []),
                    ],
                  ]
                : [],
            ),
        }
      : null,
    notes: s.notes(c),
    bank: s.bank,
    footer: s.footer,
    pageLabel: s.pageLabel,
    contLabel: s.contLabel,
    font: s.font,
    accent: s.accent,
    style: s.style,
  };
}

function docStrings(d: Doc): string[] {
  return [
    d.title,
    ...d.seller.lines,
    d.seller.name,
    ...d.seller.contact,
    d.senderLine ?? '',
    d.buyerLabel ?? '',
    ...d.buyer,
    ...d.meta.flat(),
    ...d.intro,
    ...d.head,
    ...d.pages.flat(2),
    ...(d.carryOut ?? []),
    ...(d.carryIn ?? []),
    ...d.totals.map(([a, b]) => `${a} ${b}`),
    ...(d.taxTable ? [...d.taxTable.head, ...d.taxTable.rows.flat()] : []),
    ...d.notes,
    ...d.bank,
    ...d.footer.flat(),
    d.pageLabel('1', '2'),
    d.pages.length > 1 ? d.contLabel : '',
  ];
}

// ---------------------------------------------------------------------------------------------------------
// The 24 invoices
// ---------------------------------------------------------------------------------------------------------

const specs: Spec[] = [];

// en-1 — UK software subscription, GBP, react "banner"
{
  const f = makeFmt('en', 'long-en', '£', 'pre');
  const vat = gbVat('2847316');
  const buyerVat = gbVat('6319054');
  specs.push({
    lang: 'en',
    n: 1,
    gen: 'react',
    layout: 'subscription',
    style: 'banner',
    font: 'LiberationSans',
    accent: '#23415f',
    typeCode: '380',
    country: 'GB',
    currency: 'GBP',
    f,
    title: 'VAT INVOICE',
    number: 'LCW-2026-00417',
    issue: '2026-03-05',
    due: '2026-04-04',
    seller: {
      name: 'Larkspur Cloudworks Ltd',
      lines: ['Unit 4, Temple Quay Studios', '18 Avon Street', 'Bristol BS2 0PT', 'United Kingdom'],
      contact: ['Tel. +44 117 496 0832', 'billing@larkspur-cloud.example', 'www.larkspur-cloud.example'],
      vat: vatId(vat, `GB ${group(vat.slice(2), [3, 4, 2])}`),
      reg: plain('09876543'),
      email: 'billing@larkspur-cloud.example',
    },
    buyerLabel: 'Bill to',
    buyer: {
      name: 'Hollis & Crane Architects LLP',
      lines: ['Attn: Accounts Payable', '2 Brunswick Place', 'Leeds LS2 8BQ'],
      vat: vatId(buyerVat, `GB ${group(buyerVat.slice(2), [3, 4, 2])}`),
    },
    meta: () => [
      ['Invoice no.', 'LCW-2026-00417'],
      ['Invoice date', f.d('2026-03-05')],
      ['Payment due', f.d('2026-04-04')],
      ['Account ID', 'HCA-00931'],
      ['Purchase order', 'PO-55812'],
      ['Subscription period', `${f.d('2026-03-01')} to ${f.d('2026-03-31')}`],
      ['Customer VAT no.', `GB ${group(buyerVat.slice(2), [3, 4, 2])}`],
    ],
    intro: ['Thank you for being a Larkspur customer. Your monthly subscription is itemised below.'],
    cols: [
      ['desc', 'Description'],
      ['qty', 'Qty'],
      ['price', 'Unit price'],
      ['rate', 'VAT'],
      ['amount', 'Amount (GBP)'],
    ],
    widths: [52, 8, 14, 10, 16],
    lines: [
      L('Team plan, per seat (March 2026)', 12, 'seat', 18, '20'),
      L('Storage add-on 500 GB', 1, 'unit', 45, '20'),
      L('Priority support (business hours)', 1, 'unit', 120, '20'),
      L('Additional API calls, 1.2 million over quota', 1.2, 'm', 37.5, '20'),
    ],
    tot: {
      net: 'Subtotal (excl. VAT)',
      vat: (r) => `VAT @ ${r}%`,
      total: 'Total (GBP)',
      due: 'Amount due',
    },
    notes: (c) => [
      `Previous invoice LCW-2026-00288 of ${f.m(23940)} was paid on ${f.d('2026-02-11')}. Thank you.`,
      `Your plan renews on ${f.d('2026-04-01')}. At current usage the next invoice will be approx. ${f.m(c.total - 5400)}.`,
    ],
    bank: [
      'Pay by bank transfer to Larkspur Cloudworks Ltd',
      'Sort code 20-45-77   Account no. 53917204',
      'IBAN __IBAN__   BIC QRBKGB2L',
      'Payment reference: LCW00417',
    ],
    iban: iban('GB', 'QRBK204577' + '53917204'),
    bic: 'QRBKGB2L',
    payRef: plain('LCW00417'),
    po: 'PO-55812',
    buyerRef: null,
    footer: [
      [
        'Larkspur Cloudworks Ltd is registered in England and Wales, company no. 09876543.',
        `Registered office: 18 Avon Street, Bristol BS2 0PT. VAT reg. no. GB ${group(vat.slice(2), [3, 4, 2])}.`,
      ],
    ],
    pageLabel: (p, n) => `Page ${p} of ${n}`,
    contLabel: 'Invoice LCW-2026-00417 (continued)',
  });
}

// en-2 — Irish consultant's fee note with retainer deducted, asciidoc "letter"
{
  const f = makeFmt('en', 'slash', '€', 'pre');
  const vat = ieVat('6388214');
  specs.push({
    lang: 'en',
    n: 2,
    gen: 'asciidoc',
    layout: 'consultant',
    style: 'letter',
    font: 'LiberationSerif',
    accent: '2E5E4E',
    typeCode: '380',
    country: 'IE',
    currency: 'EUR',
    f,
    title: 'FEE NOTE',
    number: 'FB/26/031',
    issue: '2026-04-17',
    due: '2026-05-17',
    seller: {
      name: 'Fionnuala Brennan Consulting',
      lines: ['Suite 3, The Granary', 'Merchants Road', 'Galway H91 K2X4'],
      contact: ['Mobile 087 555 0142', 'fiona@brennan-consulting.example'],
      vat: vatId(vat, vat),
      reg: null,
      email: 'fiona@brennan-consulting.example',
    },
    buyerLabel: 'To',
    buyer: {
      name: 'Ballymore Foods Ltd',
      lines: [
        'Attn: Mr Martin Quinlan, Operations Director',
        'Unit 12, Oranmore Business Park',
        'Oranmore, Co. Galway',
      ],
      vat: null,
    },
    meta: () => [
      ['Fee note no.', 'FB/26/031'],
      ['Date', f.d('2026-04-17')],
      ['Your ref.', 'Project Harbour'],
      ['Your PO', '4500018832'],
      ['Client code', 'BAL-07'],
      ['Period', `${f.d('2026-03-02')} to ${f.d('2026-04-10')}`],
    ],
    intro: [
      'For professional services rendered in connection with the warehouse process review (Project Harbour):',
    ],
    cols: [
      ['desc', 'Service'],
      ['qty', 'Days/Qty'],
      ['price', 'Rate'],
      ['amount', 'Amount'],
    ],
    widths: [58, 12, 14, 16],
    lines: [
      L('Process mapping and stakeholder interviews', 6, 'day', 850, '23'),
      L('Workshop facilitation, Oranmore site, 24/03/2026', 1, 'item', 1200, '23'),
      L('Draft and final report with recommendations', 3.5, 'day', 850, '23'),
      L('Travel and subsistence (recharged at cost)', 1, 'item', 214.6, '23'),
    ],
    tot: {
      net: 'Total fees (excl. VAT)',
      vat: (r) => `VAT at ${r}%`,
      total: 'Total fee note',
      advance: ['Less retainer received 12/02/2026', 200000],
      due: 'Balance due',
    },
    taxTable: ['VAT rate', 'Net', 'VAT'],
    notes: () => [
      `Payment terms: 30 days, i.e. by ${f.d('2026-05-17')}. Please quote FB/26/031 with your payment.`,
      'Retainer invoice FB/26/009 dated 02/02/2026 has been taken into account above.',
    ],
    bank: [
      'Bank: Corrib Bank, Eyre Square, Galway',
      'Sort code 93-11-52  Account 41827733',
      'IBAN __IBAN__  BIC CRBKIE2D',
    ],
    iban: iban('IE', 'CRBK931152' + '41827733'),
    bic: 'CRBKIE2D',
    payRef: null,
    po: '4500018832',
    buyerRef: 'Project Harbour',
    footer: [[`Fionnuala Brennan, trading as Fionnuala Brennan Consulting. VAT no. ${vat}`]],
    pageLabel: (p, n) => `Page ${p}/${n}`,
    contLabel: 'Fee note FB/26/031 continued',
  });
}

// en-3 — UK catering wholesaler, 2 pages, GBP, 20 % / 0 %, typst "ledger"
{
  const f = makeFmt('en', 'slash', '£', 'pre');
  const vat = gbVat('7730529');
  const dn = ['DN 118204', 'DN 118231', 'DN 118267'];
  const ln: Line[] = [
    L('Plain flour 16 kg sack', 6, 'sack', 14.95, '0', { sku: 'FL-016', ref: dn[0] }),
    L('Caster sugar 25 kg', 2, 'sack', 27.8, '0', { sku: 'SU-025', ref: dn[0] }),
    L('Rapeseed oil 20 L drum', 4, 'drum', 31.4, '0', { sku: 'OI-020', ref: dn[0] }),
    L('Free-range eggs, tray of 30', 10, 'tray', 7.65, '0', { sku: 'EG-030', ref: dn[0] }),
    L('Takeaway cups 12 oz, case of 1000', 3, 'case', 48.2, '20', { sku: 'CP-12', ref: dn[0] }),
    L('Cup lids 12 oz, case of 1000', 3, 'case', 22.9, '20', { sku: 'LD-12', ref: dn[0] }),
    L('Kraft napkins, case of 4000', 2, 'case', 26.5, '20', { sku: 'NP-40', ref: dn[1] }),
    L('Basmati rice 10 kg', 5, 'bag', 16.75, '0', { sku: 'RI-010', ref: dn[1] }),
    L('Chopped tomatoes 2.5 kg tin, x6', 8, 'case', 13.2, '0', { sku: 'TO-256', ref: dn[1] }),
    L('Dishwasher detergent 20 L', 2, 'drum', 39.95, '20', { sku: 'DW-020', ref: dn[1] }),
    L('Blue roll 2-ply, pack of 6', 6, 'pack', 11.4, '20', { sku: 'BR-006', ref: dn[1] }),
    L('Cheddar mature block 5 kg', 4, 'block', 28.6, '0', { sku: 'CH-005', ref: dn[1] }),
    L('Orange juice 1 L, case of 12', 3, 'case', 14.1, '0', { sku: 'OJ-112', ref: dn[2] }),
    L('Sparkling water 330 ml, case of 24', 5, 'case', 9.85, '20', { sku: 'SW-324', ref: dn[2] }),
    L('Crisps assorted, box of 32', 4, 'box', 12.6, '20', { sku: 'CR-032', ref: dn[2] }),
    L('Butter unsalted 250 g, case of 40', 2, 'case', 64.0, '0', { sku: 'BU-040', ref: dn[2] }),
    L('Aluminium foil 450 mm', 2, 'roll', 18.45, '20', { sku: 'AF-450', ref: dn[2] }),
    L('Cling film 450 mm', 2, 'roll', 9.95, '20', { sku: 'CF-450', ref: dn[2] }),
    L('Ground coffee 1 kg', 6, 'bag', 15.3, '0', { sku: 'CO-001', ref: dn[2] }),
    L('Delivery charge (orders under £500)', 1, 'each', 0, '20', { sku: 'DEL', ref: dn[2] }),
    L('Pallet wrap handling', 1, 'each', 12.5, '20', { sku: 'HND', ref: dn[2] }),
  ];
  specs.push({
    lang: 'en',
    n: 3,
    gen: 'typst',
    layout: 'wholesale',
    style: 'ledger',
    font: 'DejaVu Sans Mono',
    accent: '#000000',
    typeCode: '380',
    country: 'GB',
    currency: 'GBP',
    f,
    title: 'SALES INVOICE',
    number: 'SI-771840',
    issue: '2026-05-14',
    due: '2026-06-30',
    seller: {
      name: 'Pennine Catering Supplies Ltd',
      lines: ['Mill Lane Trading Estate', 'Hebden Bridge', 'West Yorkshire HX7 6DE'],
      contact: ['Tel 01422 555 018  Fax 01422 555 019', 'sales@pennine-catering.example'],
      vat: vatId(vat, `GB ${group(vat.slice(2), [3, 4, 2])}`),
      reg: plain('04417732'),
      email: 'accounts@pennine-catering.example',
    },
    buyerLabel: 'INVOICE TO',
    buyer: { name: 'The Tenterhook Café', lines: ['14 Market Street', 'Todmorden OL14 5AJ'], vat: null },
    meta: () => [
      ['Invoice No', 'SI-771840'],
      ['Tax point / Date', f.d('2026-05-14')],
      ['Account', 'TEN004'],
      ['Cust. order', 'WK19-TEN'],
      ['Rep', '07 J. Hartley'],
      ['Terms', 'Net end of month following'],
      ['Due', f.d('2026-06-30')],
    ],
    intro: [`Deliveries ${dn.join(', ')} (${f.d('2026-05-05')}, ${f.d('2026-05-08')}, ${f.d('2026-05-12')})`],
    cols: [
      ['sku', 'CODE'],
      ['desc', 'DESCRIPTION'],
      ['ref', 'DEL.NOTE'],
      ['qty', 'QTY'],
      ['price', 'PRICE'],
      ['rate', 'VAT'],
      ['amount', 'NET'],
    ],
    widths: [10, 38, 14, 6, 10, 8, 14],
    lines: ln,
    split: 12,
    carryOut: 'Carried forward',
    carryIn: 'Brought forward',
    tot: {
      net: 'Goods total',
      vat: (r, b) => `VAT ${r}% on ${b}`,
      vatTotal: 'Total VAT',
      total: 'INVOICE TOTAL',
      due: 'AMOUNT DUE',
    },
    taxTable: ['VAT code', 'Goods', 'VAT', 'Gross'],
    notes: (c) => [
      `Settlement discount: 2.5% (${f.m(Math.round(c.total * 0.025))}) may be deducted if paid by ${f.d('2026-05-28')}.`,
      'Goods remain our property until paid in full. Short deliveries must be reported within 24 hours.',
      'Zero-rated items: VAT code 0. Remittances to accounts@pennine-catering.example',
    ],
    bank: [
      'BACS: Pennine Catering Supplies Ltd, sort code 40-12-66, account 71550832',
      'IBAN __IBAN__, BIC YKBKGB21',
    ],
    iban: iban('GB', 'YKBK401266' + '71550832'),
    bic: 'YKBKGB21',
    payRef: null,
    po: 'WK19-TEN',
    buyerRef: null,
    footer: [
      [
        `Registered in England No. 04417732  VAT Reg No. GB ${group(vat.slice(2), [3, 4, 2])}`,
        'Registered office: Mill Lane Trading Estate, Hebden Bridge HX7 6DE',
      ],
    ],
    pageLabel: (p, n) => `Page ${p} of ${n}`,
    contLabel: 'SALES INVOICE SI-771840 / TEN004 (continued)',
  });
}

// en-4 — Irish credit note, negative amounts, 23 % / 13.5 %, react "window"
{
  const f = makeFmt('en', 'short-en', '€', 'pre');
  const vat = ieVat('9540127');
  const bvat = ieVat('3318850');
  specs.push({
    lang: 'en',
    n: 4,
    gen: 'react',
    layout: 'credit',
    style: 'window',
    font: 'LiberationSans',
    accent: '#7a1f2b',
    typeCode: '381',
    country: 'IE',
    currency: 'EUR',
    f,
    negative: true,
    title: 'CREDIT NOTE',
    number: 'CN-2026-0042',
    issue: '2026-06-03',
    due: null,
    seller: {
      name: 'Shannonside Office Interiors Ltd',
      lines: ['Raheen Business Park', 'Limerick V94 T2E3'],
      contact: ['T +353 61 555 702', 'F +353 61 555 703', 'credit.control@shannonside.example'],
      vat: vatId(vat, vat),
      reg: plain('612447'),
      email: 'credit.control@shannonside.example',
    },
    senderLine: 'Shannonside Office Interiors Ltd · Raheen Business Park · Limerick',
    buyerLabel: null,
    buyer: {
      name: 'Kilmallock Credit Union Ltd',
      lines: ['Attn: Ms Aoife Daly', 'Sheares Street', 'Kilmallock, Co. Limerick'],
      vat: vatId(bvat, bvat),
    },
    meta: () => [
      ['Credit note no.', 'CN-2026-0042'],
      ['Date', f.d('2026-06-03')],
      ['Relates to invoice', 'INV-2026-0388'],
      ['Invoice date', f.d('2026-05-12')],
      ['Your order', 'KCU-PO-2211'],
      ['Returns note', 'RMA-3317 of ' + f.d('2026-05-27')],
      ['Customer VAT', bvat],
    ],
    intro: [
      'We have credited your account as follows for the returned goods and the cancelled cleaning visits:',
    ],
    cols: [
      ['pos', '#'],
      ['desc', 'Description'],
      ['qty', 'Qty'],
      ['price', 'Unit €'],
      ['rate', 'VAT'],
      ['amount', 'Line €'],
    ],
    widths: [5, 47, 8, 14, 10, 16],
    lines: [
      L('Ergonomic task chair, mesh back, charcoal', 6, 'pc', 289, '23'),
      L('Under-desk pedestal, 3 drawers', 2, 'pc', 164.5, '23'),
      L('Office cleaning visit (cancelled May schedule)', 4, 'visit', 135, '13.5'),
    ],
    tot: { net: 'Net credit', vat: (r) => `VAT ${r}%`, vatTotal: 'Total VAT', total: 'Total credit' },
    taxTable: ['VAT rate', 'Net', 'VAT'],
    notes: () => [
      'This credit will be offset against your next invoice unless you ask us to refund it.',
      `Account balance after this credit: ${f.m(-41250)} (statement of ${f.d('2026-05-31')}).`,
    ],
    bank: ['Refunds are made from: IBAN __IBAN__ · BIC SHBKIE2L'],
    iban: iban('IE', 'SHBK990210' + '20775431'),
    bic: 'SHBKIE2L',
    payRef: null,
    po: 'KCU-PO-2211',
    buyerRef: null,
    footer: [
      ['Shannonside Office Interiors Ltd', 'Registered in Ireland No. 612447'],
      ['Directors: C. Ryan, P. Moloney', `VAT No. ${vat}`],
    ],
    pageLabel: (p, n) => `${p}/${n}`,
    contLabel: 'Credit note CN-2026-0042',
  });
}

// de-1 — Handwerkerrechnung (DE), Abschlag abgezogen, zwei Konten, react "window"
{
  const f = makeFmt('de', 'dot', '€', 'post');
  const vat = deVat('27419386');
  specs.push({
    lang: 'de',
    n: 1,
    gen: 'react',
    layout: 'craftsman',
    style: 'window',
    font: 'LiberationSans',
    accent: '#b3541e',
    typeCode: '380',
    country: 'DE',
    currency: 'EUR',
    f,
    title: 'Rechnung',
    number: '2026-0317',
    issue: '2026-03-05',
    due: '2026-03-19',
    seller: {
      name: 'Sanitär & Heizung Krämer GmbH',
      lines: ['Gewerbering 7', '93055 Regensburg'],
      contact: ['Telefon 0941 555 3870', 'Telefax 0941 555 3871', 'buero@kraemer-shk.example'],
      vat: vatId(vat, vat),
      reg: plain('HRB 48213'),
      email: 'buero@kraemer-shk.example',
    },
    senderLine: 'Krämer GmbH · Gewerbering 7 · 93055 Regensburg',
    buyerLabel: null,
    buyer: {
      name: 'WEG Am Brunnenweg 4',
      lines: ['c/o Hausverwaltung Seidl', 'Frau Jutta Seidl', 'Maximilianstraße 21', '93047 Regensburg'],
      vat: null,
    },
    meta: () => [
      ['Rechnungsnummer', '2026-0317'],
      ['Rechnungsdatum', f.d('2026-03-05')],
      ['Kundennummer', '10452'],
      ['Auftrag vom', f.d('2026-02-09')],
      ['Ihr Zeichen', 'Seidl/BW4-Heizung'],
      ['Leistungszeitraum', `${f.d('2026-02-16')} – ${f.d('2026-02-27')}`],
    ],
    intro: [
      'Bauvorhaben: Austausch Heizungsverteiler und Strangventile, Am Brunnenweg 4, Regensburg',
      'Sehr geehrte Frau Seidl, für die ausgeführten Arbeiten erlauben wir uns zu berechnen:',
    ],
    cols: [
      ['pos', 'Pos.'],
      ['desc', 'Bezeichnung'],
      ['qtyunit', 'Menge'],
      ['price', 'Einzelpreis'],
      ['amount', 'Gesamt €'],
    ],
    widths: [6, 52, 12, 14, 16],
    lines: [
      L('Monteur, Arbeitszeit', 31.5, 'Std.', 68, '19'),
      L('Auszubildender, Arbeitszeit', 24, 'Std.', 38, '19'),
      L('Heizkreisverteiler 4-fach, Edelstahl', 1, 'Stk.', 486.4, '19'),
      L('Strangregulierventil DN 20', 6, 'Stk.', 74.9, '19'),
      L('Kugelhahn DN 25 mit Thermometer', 8, 'Stk.', 32.15, '19'),
      L('Dämmschalen, Kleinmaterial, Dichtmittel', 1, 'psch.', 118.6, '19'),
      L('Hydraulischer Abgleich inkl. Protokoll', 1, 'psch.', 260, '19'),
      L('Anfahrtspauschale', 6, 'x', 29.5, '19'),
    ],
    tot: {
      net: 'Summe netto',
      vat: (r, b) => `zzgl. ${r} % USt. auf ${b}`,
      total: 'Rechnungsbetrag brutto',
      advance: [`abzgl. Abschlagsrechnung Nr. 2026-0255 vom ${f.d('2026-02-20')} (bezahlt)`, 150000],
      due: 'Noch zu zahlen',
    },
    notes: () => [
      `Zahlbar bis ${f.d('2026-03-19')} ohne Abzug. Bei Zahlung bis ${f.d('2026-03-12')} gewähren wir 2 % Skonto.`,
      `Im Rechnungsbetrag enthaltene Lohnkosten nach § 35a EStG: ${f.m(305300)} netto.`,
      'Steuernummer 244/123/40517',
    ],
    bank: [
      'Sparkasse Regensburg · IBAN __IBAN__ · BIC SPRGDEA1XXX',
      'Volksbank Oberpfalz · IBAN ' + iban('DE', '75090100' + '0004418822').printed + ' · BIC GENODEF1OPF',
    ],
    iban: iban('DE', '75050000' + '0026118470'),
    bic: 'SPRGDEA1XXX',
    payRef: null,
    po: null,
    buyerRef: 'Seidl/BW4-Heizung',
    footer: [
      ['Sanitär & Heizung Krämer GmbH', 'Gewerbering 7, 93055 Regensburg', 'Geschäftsführer: Tobias Krämer'],
      ['Amtsgericht Regensburg HRB 48213', `USt-IdNr. ${vat}`, 'Meisterbetrieb der Handwerkskammer'],
    ],
    pageLabel: (p, n) => `Seite ${p} von ${n}`,
    contLabel: 'Rechnung 2026-0317',
  });
}

// de-2 — österreichische Energierechnung, Teilbeträge abgezogen, typst "boxed"
{
  const f = makeFmt('de', 'long-de', '€', 'pre-sp');
  const vat = atVat('6713820');
  specs.push({
    lang: 'de',
    n: 2,
    gen: 'typst',
    layout: 'utility',
    style: 'boxed',
    font: 'Liberation Sans',
    accent: '#0b6e4f',
    typeCode: '380',
    country: 'AT',
    currency: 'EUR',
    f,
    title: 'Jahresabrechnung Strom',
    number: '7100-482915',
    issue: '2026-02-18',
    due: '2026-03-10',
    seller: {
      name: 'Energie Mühlviertel GmbH',
      lines: ['Stadtplatz 12', '4240 Freistadt', 'Österreich'],
      contact: ['Kundenservice 07942 555 100', 'service@energie-muehlviertel.example'],
      vat: vatId(vat, vat),
      reg: plain('FN 512874 d'),
      email: 'service@energie-muehlviertel.example',
    },
    buyerLabel: 'Rechnungsempfänger',
    buyer: { name: 'Bäckerei Hölzl OG', lines: ['Linzer Straße 45', '4240 Freistadt'], vat: null },
    meta: (c) => [
      ['Rechnung Nr.', '7100-482915'],
      ['Rechnungsdatum', f.d('2026-02-18')],
      ['Vertragskonto', '300 114 782'],
      ['Kundennummer', '2017-33841'],
      ['Zählpunkt', 'AT0031000000000000000000004817327'],
      ['Abrechnungszeitraum', `${f.d('2025-01-01')} bis ${f.d('2025-12-31')}`],
      ['Fällig am', f.d('2026-03-10')],
      ['Zu zahlen', f.m(c.due)],
    ],
    intro: ['Zählerstand alt 418.220 kWh (31.12.2024), neu 436.955 kWh (31.12.2025), Verbrauch 18.735 kWh'],
    cols: [
      ['desc', 'Position'],
      ['qtyunit', 'Menge'],
      ['price', 'Preis €'],
      ['amount', 'Betrag €'],
    ],
    widths: [50, 18, 14, 18],
    lines: [
      L('Energiepreis Arbeit', 18735, 'kWh', 0.1689, '20', { pdp: 4 }),
      L('Grundpreis Energie', 12, 'Mon.', 4.9, '20'),
      L('Netznutzungsentgelt', 18735, 'kWh', 0.0582, '20', { pdp: 4 }),
      L('Netzverlustentgelt', 18735, 'kWh', 0.0037, '20', { pdp: 4 }),
      L('Messentgelt', 12, 'Mon.', 2.4, '20'),
      L('Elektrizitätsabgabe', 18735, 'kWh', 0.015, '20', { pdp: 4 }),
      L('Erneuerbaren-Förderbeitrag', 18735, 'kWh', 0.0096, '20', { pdp: 4 }),
    ],
    tot: {
      net: 'Summe netto',
      vat: (r) => `Umsatzsteuer ${r} %`,
      total: 'Gesamtbetrag brutto',
      advance: ['abzüglich bezahlte Teilbeträge (11 × € 412,00)', 453200],
      due: 'Nachzahlung',
    },
    notes: () => [
      `Saldo aus Vorrechnung 7100-401137: € 0,00. Ihr neuer Teilbetrag ab ${f.d('2026-03-15')}: € 468,00 monatlich.`,
      'Die Nachzahlung buchen wir vom SEPA-Mandat nicht ab; bitte überweisen Sie mit Zahlungsreferenz 7100482915.',
    ],
    bank: ['Raiffeisenbank Mühlviertel Ost, IBAN __IBAN__, BIC RZOOAT2L522'],
    iban: iban('AT', '34522' + '00001488203'),
    bic: 'RZOOAT2L522',
    payRef: plain('7100482915'),
    po: null,
    buyerRef: null,
    footer: [
      [
        'Energie Mühlviertel GmbH, Stadtplatz 12, 4240 Freistadt',
        `FN 512874 d, Landesgericht Linz, UID ${vat}`,
      ],
    ],
    pageLabel: (p, n) => `Seite ${p}/${n}`,
    contLabel: 'Jahresabrechnung 7100-482915',
  });
}

// de-3 — Schweizer Gastro-Grosshandel, CHF, 8.1 / 2.6 %, 2 Seiten, asciidoc "statement"
{
  const f = makeFmt('ch', 'dot', 'CHF', 'pre-sp');
  const uid = chUid('31627450');
  const uidPrinted = `CHE-${group(uid.slice(3), [3, 3, 3], '.')}`;
  const ls = ['LS 60-22817', 'LS 60-22854'];
  specs.push({
    lang: 'de',
    n: 3,
    gen: 'asciidoc',
    layout: 'wholesale',
    style: 'statement',
    font: 'DejaVuSans',
    accent: 'B22222',
    typeCode: '380',
    country: 'CH',
    currency: 'CHF',
    f,
    title: 'Rechnung',
    number: '60-0049127',
    issue: '2026-04-08',
    due: '2026-05-08',
    seller: {
      name: 'Gastro Keller AG',
      lines: ['Industriestrasse 31', '8604 Volketswil'],
      contact: ['Tel. 044 555 71 00', 'Fax 044 555 71 01', 'debitoren@gastro-keller.example'],
      vat: vatId(`${uid}MWST`, `${uidPrinted} MWST`),
      reg: null,
      email: 'debitoren@gastro-keller.example',
    },
    buyerLabel: 'Rechnungsadresse',
    buyer: {
      name: 'Restaurant Löwen Uster GmbH',
      lines: ['Herr Beat Schärer', 'Zürichstrasse 4', '8610 Uster'],
      vat: null,
    },
    meta: () => [
      ['Beleg-Nr.', '60-0049127'],
      ['Datum', f.d('2026-04-08')],
      ['Kunden-Nr.', '118 402'],
      ['Bestellung', 'Tel. Hr. Schärer'],
      ['Lieferscheine', `${ls[0]} vom ${f.d('2026-04-01')}, ${ls[1]} vom ${f.d('2026-04-07')}`],
      ['Zahlbar bis', f.d('2026-05-08')],
    ],
    cols: [
      ['sku', 'Art.-Nr.'],
      ['desc', 'Bezeichnung'],
      ['qtyunit', 'Menge'],
      ['price', 'Preis'],
      ['rate', 'MWST'],
      ['amount', 'Betrag CHF'],
    ],
    widths: [11, 41, 12, 11, 10, 15],
    lines: [
      L('Rindshuft Sous-vide, 1 kg', 8, 'kg', 54.8, '2.6', { sku: '201455' }),
      L('Kalbsbratwurst 130 g, 10 Stk.', 6, 'Pack', 21.9, '2.6', { sku: '201612' }),
      L('Rösti-Kartoffeln festkochend 12.5 kg', 4, 'Sack', 18.4, '2.6', { sku: '310020' }),
      L('Gruyère AOP mild, am Stück', 3.6, 'kg', 24.5, '2.6', { sku: '402211' }),
      L('Vollrahm 35 %, 2.5 l', 10, 'Btl', 14.85, '2.6', { sku: '402300' }),
      L('Mineralwasser still 50 cl, 24 Fl.', 12, 'Harass', 17.6, '2.6', { sku: '510050' }),
      L('Apfelschorle 33 cl, 24 Fl.', 6, 'Harass', 22.8, '2.6', { sku: '510133' }),
      L('Weisswein Riesling x Sylvaner 75 cl', 24, 'Fl', 11.95, '8.1', { sku: '620417' }),
      L('Lager hell 33 cl, 24 Fl.', 8, 'Harass', 29.4, '8.1', { sku: '620533' }),
      L('Servietten 3-lagig bordeaux, 1000 Stk.', 2, 'Karton', 38.5, '8.1', { sku: '810040' }),
      L('Spülmaschinentabs 200 Stk.', 3, 'Eimer', 46.9, '8.1', { sku: '830200' }),
      L('Frittieröl Hochleistung 10 l', 4, 'Kanister', 32.75, '2.6', { sku: '312010' }),
      L('Kaffeebohnen Crema 1 kg', 10, 'kg', 23.6, '2.6', { sku: '520001' }),
      L('Zucker-Sticks 5 g, 1000 Stk.', 2, 'Karton', 19.8, '2.6', { sku: '520090' }),
      L('Einweghandschuhe Nitril M, 100 Stk.', 5, 'Box', 9.9, '8.1', { sku: '840310' }),
      L('Mehrweggebinde Depot', 38, 'Stk', 3, '8.1', { sku: 'DEP' }),
      L('Kühltransport-Zuschlag', 2, 'Lief.', 15, '8.1', { sku: 'TRSP' }),
    ],
    split: 9,
    carryOut: 'Übertrag',
    carryIn: 'Übertrag von Seite 1',
    tot: {
      net: 'Total exkl. MWST',
      vat: (r, b) => `MWST ${r} % von ${b}`,
      vatTotal: 'Total MWST',
      total: 'Rechnungsbetrag',
    },
    taxTable: ['Satz', 'Basis', 'MWST', 'Total'],
    notes: (c) => [
      `Zahlungskondition: 30 Tage netto; 2 % Skonto (CHF ${f.n(Math.round(c.total * 0.02))}) bei Zahlung bis ${f.d('2026-04-18')}.`,
      'Depot wird bei Rückgabe der Gebinde gutgeschrieben.',
      'Referenz für die Zahlung: __REF__',
    ],
    bank: ['Zürcher Landbank, IBAN __IBAN__, BIC ZLBKCHZZ80A', 'PostFinance-Konto 80-41177-3'],
    iban: iban('CH', '80808' + '004118273912'),
    bic: 'ZLBKCHZZ80A',
    payRef: rf('600049127'),
    po: null,
    buyerRef: null,
    footer: [['Gastro Keller AG · Industriestrasse 31 · 8604 Volketswil', `${uidPrinted} MWST`]],
    pageLabel: (p, n) => `Seite ${p} von ${n}`,
    contLabel: 'Beleg-Nr. 60-0049127, Kunden-Nr. 118 402',
  });
}

// de-4 — Spedition (DE) an französischen Kunden, Reverse Charge 0 %, typst "grid"
{
  const f = makeFmt('de', 'iso', 'EUR', 'post');
  const vat = deVat('81537264');
  const bvat = frVat(frSiren('41278803'));
  specs.push({
    lang: 'de',
    n: 4,
    gen: 'typst',
    layout: 'transport',
    style: 'grid',
    font: 'Liberation Sans',
    accent: '#1c4587',
    typeCode: '380',
    country: 'DE',
    currency: 'EUR',
    f,
    title: 'Rechnung / Facture',
    number: 'SV-26-01873',
    issue: '2026-03-31',
    due: '2026-04-30',
    seller: {
      name: 'Spedition Vogelsang GmbH & Co. KG',
      lines: ['Hafenstraße 88', '66111 Saarbrücken', 'Deutschland'],
      contact: ['Tel. +49 681 555 2090', 'Fax +49 681 555 2099', 'dispo@vogelsang-logistik.example'],
      vat: vatId(vat, vat),
      reg: plain('HRA 10274'),
      email: 'faktura@vogelsang-logistik.example',
    },
    buyerLabel: 'Kunde / Client',
    buyer: {
      name: 'Transports Lorrains Mercier SAS',
      lines: ['12 rue de la Gare', '57000 Metz', 'France'],
      vat: vatId(bvat, bvat),
    },
    meta: () => [
      ['Rechnungsnummer', 'SV-26-01873'],
      ['Rechnungsdatum', f.d('2026-03-31')],
      ['Leistungsmonat', 'März 2026'],
      ['Ihre Auftragsnr.', 'TLM-CMD-4471'],
      ['Kundennr.', 'F-2231'],
      ['USt-IdNr. Kunde', bvat],
      ['Unsere USt-IdNr.', vat],
    ],
    cols: [
      ['date', 'Datum'],
      ['ref', 'CMR-Nr.'],
      ['desc', 'Relation / Leistung'],
      ['qtyunit', 'Menge'],
      ['price', 'Preis'],
      ['amount', 'Betrag EUR'],
    ],
    widths: [13, 12, 39, 12, 10, 14],
    lines: [
      L('Saarbrücken – Metz, Komplettladung', 1, 'Tour', 485, '0', { date: '2026-03-03', ref: '2604417' }),
      L('Saarbrücken – Nancy, Teilladung 6 LM', 1, 'Tour', 390, '0', { date: '2026-03-10', ref: '2604502' }),
      L('Völklingen – Metz, Komplettladung', 1, 'Tour', 470, '0', { date: '2026-03-17', ref: '2604588' }),
      L('Homburg – Thionville, Teilladung 4 LM', 1, 'Tour', 325, '0', { date: '2026-03-24', ref: '2604661' }),
      L('Standgeld Entladestelle Metz', 3, 'Std.', 45, '0', { date: '2026-03-17', ref: '2604588' }),
      L('Dieselzuschlag 8,5 %', 1, 'psch.', 142.8, '0', { date: '2026-03-31' }),
      L('Mautkosten Frankreich', 1, 'psch.', 96.4, '0', { date: '2026-03-31' }),
    ],
    tot: { net: 'Nettobetrag', vat: (r) => `USt. ${r} %`, total: 'Rechnungsbetrag' },
    taxTable: ['Steuersatz', 'Netto', 'Steuer'],
    notes: () => [
      'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, § 3a Abs. 2 UStG / Art. 196 MwStSystRL).',
      'Autoliquidation – TVA due par le preneur.',
      `Zahlungsziel 30 Tage: ${f.d('2026-04-30')}. Verwendungszweck: SV-26-01873`,
      'Es gelten die ADSp 2017. Haftung nach CMR.',
    ],
    bank: ['Saar-Pfalz Bank · IBAN __IBAN__ · BIC SPFBDE5SXXX'],
    iban: iban('DE', '59050101' + '0012774305'),
    bic: 'SPFBDE5SXXX',
    payRef: plain('SV-26-01873'),
    po: 'TLM-CMD-4471',
    buyerRef: null,
    footer: [
      [
        'Spedition Vogelsang GmbH & Co. KG',
        'Sitz Saarbrücken, Amtsgericht Saarbrücken HRA 10274',
        'Rechnungsfragen: faktura@vogelsang-logistik.example',
      ],
      ['pers. haft. Gesellschafterin: Vogelsang Verwaltungs GmbH', 'Amtsgericht Saarbrücken HRB 20931'],
    ],
    pageLabel: (p, n) => `Seite ${p} / ${n}`,
    contLabel: 'Rechnung SV-26-01873',
  });
}

// fr-1 — traiteur (FR), 10 % / 20 %, acompte déduit, asciidoc "letter"
{
  const f = makeFmt('fr', 'long-fr', '€', 'post');
  const siren = frSiren('81234567');
  const vat = frVat(siren);
  specs.push({
    lang: 'fr',
    n: 1,
    gen: 'asciidoc',
    layout: 'catering',
    style: 'letter',
    font: 'LiberationSans',
    accent: '8B4513',
    typeCode: '380',
    country: 'FR',
    currency: 'EUR',
    f,
    title: 'FACTURE',
    number: 'F2026-0142',
    issue: '2026-03-05',
    due: '2026-04-04',
    seller: {
      name: 'Aubrac Traiteur & Fils SARL',
      lines: ['27 avenue de Rodez', '12500 Espalion'],
      contact: ['Tél. 05 65 55 48 20', 'contact@aubrac-traiteur.example'],
      vat: vatId(vat, `FR ${vat.slice(2, 4)} ${group(siren, [3, 3, 3])}`),
      reg: plain(group(siren, [3, 3, 3])),
      email: 'contact@aubrac-traiteur.example',
    },
    buyerLabel: 'Client',
    buyer: {
      name: 'Cabinet Vidal Expertise Comptable',
      lines: ['Mme Hélène Vidal', '3 place du Bourg', '12000 Rodez'],
      vat: null,
    },
    meta: () => [
      ['Facture n°', 'F2026-0142'],
      ['Date de facture', f.d('2026-03-05')],
      ['Date de la prestation', f.d('2026-02-27')],
      ['Devis accepté', 'D2026-0031 du ' + f.d('2026-01-19')],
      ['Votre référence', 'Soirée clients 2026'],
      ['Code client', 'C0412'],
    ],
    intro: ['Cocktail dînatoire pour 60 personnes, salle des fêtes de Rodez, le 27 février 2026'],
    cols: [
      ['desc', 'Désignation'],
      ['qty', 'Qté'],
      ['price', 'P.U. HT'],
      ['rate', 'TVA'],
      ['amount', 'Montant HT'],
    ],
    widths: [50, 8, 14, 10, 18],
    lines: [
      L('Cocktail dînatoire, 14 pièces par personne', 60, 'pers.', 32.5, '10'),
      L('Plateau de fromages de l’Aubrac', 4, 'plateau', 48, '10'),
      L('Vin rouge Marcillac AOP, 75 cl', 18, 'bouteille', 14.5, '20'),
      L('Crémant de Limoux brut', 12, 'bouteille', 16.9, '20'),
      L('Service : maîtres d’hôtel (2 × 6 h)', 12, 'heure', 34, '20'),
      L('Location vaisselle et nappage', 1, 'forfait', 185, '20'),
      L('Frais de déplacement', 1, 'forfait', 60, '20'),
    ],
    tot: {
      net: 'Total HT',
      vat: (r, b) => `TVA ${r} % sur ${b}`,
      vatTotal: 'Total TVA',
      total: 'Total TTC',
      advance: [`Acompte versé le ${f.d('2026-01-26')}`, 100000],
      due: 'Net à payer',
    },
    taxTable: ['Taux', 'Base HT', 'TVA', 'TTC'],
    notes: () => [
      `Échéance : ${f.d('2026-04-04')}. Pas d’escompte pour paiement anticipé.`,
      'En cas de retard, pénalités au taux de 3 fois le taux d’intérêt légal et indemnité forfaitaire de 40 € pour frais de recouvrement.',
    ],
    bank: ['Règlement par virement : Crédit Rouergat, IBAN __IBAN__, BIC CRRGFRP1XXX'],
    iban: iban('FR', frBban('17806', '00512', '04471238000')),
    bic: 'CRRGFRP1XXX',
    payRef: null,
    po: null,
    buyerRef: 'Soirée clients 2026',
    footer: [
      [
        'Aubrac Traiteur & Fils SARL au capital de 10 000 € · 27 avenue de Rodez, 12500 Espalion',
        `SIREN ${group(siren, [3, 3, 3])} RCS Rodez · N° TVA FR ${vat.slice(2, 4)} ${group(siren, [3, 3, 3])} · APE 5621Z`,
      ],
    ],
    pageLabel: (p, n) => `Page ${p}/${n}`,
    contLabel: 'Facture F2026-0142',
  });
}

// fr-2 — consultant (BE, Wallonie), communication structurée, react "sidebar"
{
  const f = makeFmt('de', 'slash', '€', 'post');
  const ent = beEnterprise('07124538');
  const bent = beEnterprise('04418021');
  const dotted = (e: string): string => `${e.slice(0, 4)}.${e.slice(4, 7)}.${e.slice(7)}`;
  const ref = ogm('0260041218');
  specs.push({
    lang: 'fr',
    n: 2,
    gen: 'react',
    layout: 'consultant',
    style: 'sidebar',
    font: 'LiberationSerif',
    accent: '#3d3b6e',
    typeCode: '380',
    country: 'BE',
    currency: 'EUR',
    f,
    title: 'Facture',
    number: '2026/0412',
    issue: '2026-04-30',
    due: '2026-05-30',
    seller: {
      name: 'Delcourt Conseil SRL',
      lines: ['Rue des Carmes 14', '5000 Namur', 'Belgique'],
      contact: ['+32 81 55 47 10', 'factures@delcourt-conseil.example', `TVA BE ${dotted(ent)}`],
      vat: vatId(`BE${ent}`, `BE ${dotted(ent)}`),
      reg: plain(dotted(ent)),
      email: 'factures@delcourt-conseil.example',
    },
    buyerLabel: 'Facturé à',
    buyer: {
      name: 'Intercommunale Meuse-Condroz',
      lines: ['Service Comptabilité', 'Avenue de Marlagne 52', '5000 Namur', `TVA BE ${dotted(bent)}`],
      vat: vatId(`BE${bent}`, `BE ${dotted(bent)}`),
    },
    meta: () => [
      ['N° de facture', '2026/0412'],
      ['Date', f.d('2026-04-30')],
      ['Échéance', f.d('2026-05-30')],
      ['Bon de commande', 'BC-26-00871'],
      ['Votre contact', 'M. Renaud Lejeune'],
      ['Période', 'avril 2026'],
    ],
    intro: [
      'Accompagnement du projet de réorganisation du service technique, selon convention du 12/01/2026.',
    ],
    cols: [
      ['date', 'Date'],
      ['desc', 'Prestation'],
      ['qty', 'Heures'],
      ['price', 'Taux'],
      ['amount', 'Montant'],
    ],
    widths: [14, 50, 10, 12, 14],
    lines: [
      L('Comité de pilotage et préparation', 3.5, 'h', 115, '21', { date: '2026-04-02' }),
      L('Entretiens individuels (8 agents)', 9, 'h', 115, '21', { date: '2026-04-09' }),
      L('Analyse des processus, rédaction', 12.5, 'h', 115, '21', { date: '2026-04-16' }),
      L('Atelier de restitution', 4, 'h', 115, '21', { date: '2026-04-23' }),
      L('Frais de déplacement (forfait)', 4, 'x', 28, '21', { date: '2026-04-30' }),
    ],
    tot: { net: 'Total hors TVA', vat: (r) => `TVA ${r} %`, total: 'Total TVAC', due: 'À payer' },
    notes: () => [
      `Merci de payer avant le ${f.d('2026-05-30')} en mentionnant la communication structurée ${ref.printed}.`,
      'Toute réclamation doit parvenir par écrit dans les 8 jours.',
    ],
    bank: ['Banque : IBAN __IBAN__', 'BIC MSBKBEBB', `Communication : ${ref.printed}`],
    iban: iban('BE', beBban('734', '0412587')),
    bic: 'MSBKBEBB',
    payRef: ref,
    po: 'BC-26-00871',
    buyerRef: null,
    footer: [[`Delcourt Conseil SRL · BCE ${dotted(ent)} · RPM Liège, division Namur`]],
    pageLabel: (p, n) => `${p} / ${n}`,
    contLabel: 'Facture 2026/0412',
  });
}

// fr-3 — avoir (LU), montants positifs, 17 % / 3 %, typst "boxed"
{
  const f = makeFmt('de', 'dot', 'EUR', 'post');
  const vat = luVat('245871');
  specs.push({
    lang: 'fr',
    n: 3,
    gen: 'typst',
    layout: 'credit',
    style: 'boxed',
    font: 'DejaVu Sans',
    accent: '#5b2c6f',
    typeCode: '381',
    country: 'LU',
    currency: 'EUR',
    f,
    title: 'AVOIR',
    number: 'AV-2026-014',
    issue: '2026-09-14',
    due: null,
    seller: {
      name: 'Librairie-Papeterie Schmit Sàrl',
      lines: ['8, Grand-Rue', 'L-9050 Ettelbruck'],
      contact: ['Tél. +352 81 55 23', 'Fax +352 81 55 24', 'compta@schmit-papeterie.example'],
      vat: vatId(vat, `LU ${vat.slice(2)}`),
      reg: plain('B 245871'),
      email: 'compta@schmit-papeterie.example',
    },
    buyerLabel: 'Client',
    buyer: {
      name: 'Lycée technique du Nord',
      lines: ['Service économat', '3, rue Jean-Pierre Brasseur', 'L-9265 Diekirch'],
      vat: null,
    },
    meta: () => [
      ['Avoir N°', 'AV-2026-014'],
      ['Date', f.d('2026-09-14')],
      ['Sur facture', 'FA-2026-0877 du ' + f.d('2026-08-28')],
      ['Bon de commande', 'LTN/2026/118'],
      ['Bon de livraison', 'BL-4410 du ' + f.d('2026-08-27')],
      ['N° client', '41 207'],
    ],
    intro: ['Retour de marchandises non conformes et manuels commandés en double :'],
    cols: [
      ['sku', 'Réf.'],
      ['desc', 'Article'],
      ['qty', 'Qté'],
      ['price', 'P.U. HTVA'],
      ['rate', 'TVA'],
      ['amount', 'Total HTVA'],
    ],
    widths: [11, 45, 7, 13, 9, 15],
    lines: [
      L('Classeur à levier A4, dos 80 mm', 40, 'pce', 3.85, '17', { sku: 'CL-80' }),
      L('Calculatrice scientifique', 12, 'pce', 18.9, '17', { sku: 'CS-991' }),
      L('Manuel « Mathématiques 4e »', 15, 'pce', 24.5, '3', { sku: '978-2-87' }),
      L('Atlas géographique Luxembourg', 8, 'pce', 19.8, '3', { sku: '978-99959' }),
    ],
    tot: {
      net: 'Total HTVA',
      vat: (r) => `TVA ${r} %`,
      vatTotal: 'Total TVA',
      total: 'Montant de l’avoir',
      due: 'Montant crédité',
    },
    taxTable: ['Taux', 'Base', 'TVA'],
    notes: () => [
      'Le montant sera déduit de votre prochain règlement ou remboursé sur demande.',
      'Capital social : 12 500 €',
    ],
    bank: [
      'BCEE : IBAN __IBAN__ (BIC BCEELULL)',
      'CCPL : IBAN ' + iban('LU', '111' + '7003418801000').printed,
    ],
    iban: iban('LU', '001' + '2284117600000'),
    bic: 'BCEELULL',
    payRef: null,
    po: 'LTN/2026/118',
    buyerRef: null,
    footer: [[`Librairie-Papeterie Schmit Sàrl · RCS Luxembourg B 245871 · TVA LU ${vat.slice(2)}`]],
    pageLabel: (p, n) => `page ${p} de ${n}`,
    contLabel: 'Avoir AV-2026-014',
  });
}

// fr-4 — facture télécom (FR), 2 pages, prélèvement, solde précédent, asciidoc "statement"
{
  const f = makeFmt('fr', 'long-fr', '€', 'post');
  const siren = frSiren('52109873');
  const vat = frVat(siren);
  const bsiren = frSiren('79340215');
  const bvat = frVat(bsiren);
  specs.push({
    lang: 'fr',
    n: 4,
    gen: 'asciidoc',
    layout: 'telecom',
    style: 'statement',
    font: 'LiberationSans',
    accent: 'E4572E',
    typeCode: '380',
    country: 'FR',
    currency: 'EUR',
    f,
    title: 'Votre facture',
    number: 'FM26-0088412',
    issue: '2026-07-05',
    due: '2026-07-20',
    seller: {
      name: 'Ondelia Télécom SAS',
      lines: ['Service Clients Entreprises', 'CS 70412', '35004 Rennes Cedex'],
      contact: ['Service client : 09 70 55 12 12', 'pro@ondelia.example'],
      vat: vatId(vat, vat),
      reg: plain(group(siren, [3, 3, 3])),
      email: 'pro@ondelia.example',
    },
    buyerLabel: 'Titulaire du compte',
    buyer: {
      name: 'Atelier Morvan Architectes',
      lines: ['12 quai Duguay-Trouin', '35000 Rennes'],
      vat: vatId(bvat, bvat),
    },
    meta: () => [
      ['Numéro de facture', 'FM26-0088412'],
      ['Date d’émission', f.d('2026-07-05')],
      ['Référence client', '4400 1287 55'],
      ['Période', `du ${f.d('2026-06-01')} au ${f.d('2026-06-30')}`],
      ['Prélèvement le', f.d('2026-07-20')],
      ['N° TVA client', bvat],
    ],
    intro: [
      `Solde précédent : 212,40 € · Paiement reçu le ${f.d('2026-06-19')} : 212,40 € · Reste dû antérieur : 0,00 €`,
    ],
    cols: [
      ['ref', 'Ligne'],
      ['desc', 'Détail'],
      ['qty', 'Qté'],
      ['price', 'Prix HT'],
      ['rate', 'TVA'],
      ['amount', 'Montant HT'],
    ],
    widths: [16, 42, 7, 12, 9, 14],
    lines: [
      L('Forfait Pro Fibre 1 Gb/s', 1, 'mois', 59.99, '20', { ref: '02 99 55 40 10' }),
      L('Option IP fixe', 1, 'mois', 5, '20', { ref: '02 99 55 40 10' }),
      L('Standard cloud, 6 postes', 6, 'poste', 8.5, '20', { ref: '02 99 55 40 10' }),
      L('Bouquet TV salle d’attente', 1, 'mois', 12, '10', { ref: '02 99 55 40 10' }),
      L('Mobile Pro 100 Go', 1, 'mois', 24.99, '20', { ref: '06 55 41 22 08' }),
      L('Mobile Pro 100 Go', 1, 'mois', 24.99, '20', { ref: '06 55 41 22 09' }),
      L('Mobile Pro 20 Go', 1, 'mois', 14.99, '20', { ref: '06 55 41 22 10' }),
      L('Communications hors forfait', 1, 'relevé', 7.42, '20', { ref: '06 55 41 22 10' }),
      L('Itinérance Suisse (hors UE)', 1, 'relevé', 18.6, '20', { ref: '06 55 41 22 08' }),
      L('Location terminal fixe', 6, 'poste', 3, '20', { ref: '02 99 55 40 10' }),
      L('Numéro vert 0 805, forfait', 1, 'mois', 15, '20', { ref: '0 805 55 12 40' }),
      L('Remise fidélité 24 mois', 1, 'mois', -10, '20', { ref: 'compte' }),
    ],
    split: 7,
    carryOut: 'Sous-total à reporter',
    carryIn: 'Report page 1',
    tot: {
      net: 'Total HT',
      vat: (r, b) => `TVA ${r} % (base ${b})`,
      vatTotal: 'Total TVA',
      total: 'Total TTC',
      due: 'Montant prélevé',
    },
    taxTable: ['Taux', 'Base HT', 'TVA', 'TTC'],
    notes: () => [
      `Montant prélevé le ${f.d('2026-07-20')} sur le compte FR76 •••• •••• •••• •••• 0418 (mandat SEPA).`,
      'RUM : ONDP-4400128755-01 · ICS : FR55ZZZ412875',
    ],
    bank: [],
    iban: null,
    bic: null,
    payRef: null,
    po: null,
    buyerRef: null,
    footer: [
      [
        'Ondelia Télécom SAS au capital de 2 500 000 € · Siège : 4 rue du Bignon, 35000 Rennes',
        `SIREN ${group(siren, [3, 3, 3])} RCS Rennes · TVA intracommunautaire ${vat}`,
      ],
    ],
    pageLabel: (p, n) => `Page ${p} sur ${n}`,
    contLabel: 'Facture FM26-0088412 · Référence client 4400 1287 55',
  });
}

// nl-1 — timmer/schilderwerk (NL), 21 % / 9 %, datum 05-03-26, typst "grid"
{
  const f = makeFmt('de', 'dash2', '€', 'pre-sp');
  const vat = nlVat('85312074');
  specs.push({
    lang: 'nl',
    n: 1,
    gen: 'typst',
    layout: 'craftsman',
    style: 'grid',
    font: 'DejaVu Sans',
    accent: '#e67e22',
    typeCode: '380',
    country: 'NL',
    currency: 'EUR',
    f,
    title: 'FACTUUR',
    number: '26-0093',
    issue: '2026-03-05',
    due: '2026-03-19',
    seller: {
      name: 'Schilders- en Timmerbedrijf De Vries B.V.',
      lines: ['Industrieweg 22', '8304 AD Emmeloord'],
      contact: ['tel. 0527 55 31 80', 'info@devries-schilders.example'],
      vat: vatId(vat, vat),
      reg: plain('61822347'),
      email: 'info@devries-schilders.example',
    },
    buyerLabel: 'Factuuradres',
    buyer: { name: 'Dhr. P. Bakker', lines: ['Lindenlaan 7', '8302 BK Emmeloord'], vat: null },
    meta: () => [
      ['Factuurnummer', '26-0093'],
      ['Factuurdatum', f.d('2026-03-05')],
      ['Vervaldatum', f.d('2026-03-19')],
      ['Klantnummer', 'K-1187'],
      ['Offerte', 'OF-25-311 van ' + f.d('2025-11-14')],
      ['Werkbon', 'WB 4471, 4472, 4480'],
    ],
    intro: [
      'Betreft: schilderwerk buitenkozijnen en vervangen achterdeur, woning Lindenlaan 7 (ouder dan 2 jaar).',
    ],
    cols: [
      ['desc', 'Omschrijving'],
      ['qtyunit', 'Aantal'],
      ['price', 'Prijs'],
      ['rate', 'Btw'],
      ['amount', 'Bedrag'],
    ],
    widths: [50, 14, 12, 9, 15],
    lines: [
      L('Arbeidsloon schilderwerk', 26, 'uur', 52.5, '9'),
      L('Arbeidsloon timmerwerk', 9.5, 'uur', 55, '21'),
      L('Verf en grondverf (Sikkens)', 1, 'post', 312.4, '21'),
      L('Hardhouten achterdeur incl. beslag', 1, 'st', 689, '21'),
      L('Steigerhuur 2 weken', 1, 'post', 240, '21'),
      L('Afvoer afval', 1, 'post', 35, '21'),
    ],
    tot: {
      net: 'Subtotaal excl. btw',
      vat: (r, b) => `Btw ${r}% over ${b}`,
      vatTotal: 'Totaal btw',
      total: 'Totaal incl. btw',
      due: 'Te betalen',
    },
    taxTable: ['Btw-tarief', 'Grondslag', 'Btw'],
    notes: () => [
      `Graag binnen 14 dagen overmaken o.v.v. factuurnummer 26-0093. G-rekening: ${iban('NL', 'GRNB' + '0990412271').printed}`,
      'Verlaagd tarief 9% op arbeidsloon schilderwerk woning ouder dan 2 jaar.',
    ],
    bank: ['IBAN __IBAN__ t.n.v. Schilders- en Timmerbedrijf De Vries B.V. · BIC FRBANL2A'],
    iban: iban('NL', 'FRBA' + '0417382250'),
    bic: 'FRBANL2A',
    payRef: null,
    po: null,
    buyerRef: null,
    footer: [['KvK 61822347', `Btw-id ${vat}`, 'Lid Onderhoud NL']],
    pageLabel: (p, n) => `pagina ${p} van ${n}`,
    contLabel: 'Factuur 26-0093',
  });
}

// nl-2 — groothandel (Vlaanderen), 2 pagina's, 21 % / 6 %, gestructureerde mededeling, react "banner"
{
  const f = makeFmt('de', 'slash', '€', 'post');
  const ent = beEnterprise('06428817');
  const bent = beEnterprise('08170352');
  const dotted = (e: string): string => `${e.slice(0, 4)}.${e.slice(4, 7)}.${e.slice(7)}`;
  const ref = ogm('0260211094');
  const lb = ['LB 77102', 'LB 77139'];
  specs.push({
    lang: 'nl',
    n: 2,
    gen: 'react',
    layout: 'wholesale',
    style: 'banner',
    font: 'DejaVuSans',
    accent: '#14532d',
    typeCode: '380',
    country: 'BE',
    currency: 'EUR',
    f,
    title: 'FACTUUR',
    number: 'VF26/004318',
    issue: '2026-06-12',
    due: '2026-07-12',
    seller: {
      name: 'Groothandel Verstraete BV',
      lines: ['Kortrijksesteenweg 214', '8530 Harelbeke'],
      contact: ['T 056 55 21 40', 'F 056 55 21 49', 'boekhouding@verstraete-groothandel.example'],
      vat: vatId(`BE${ent}`, `BE ${dotted(ent)}`),
      reg: plain(dotted(ent)),
      email: 'boekhouding@verstraete-groothandel.example',
    },
    buyerLabel: 'Klant',
    buyer: {
      name: 'Brasserie De Leie',
      lines: ['Gentsestraat 3', '8500 Kortrijk'],
      vat: vatId(`BE${bent}`, `BE ${dotted(bent)}`),
    },
    meta: () => [
      ['Factuur nr.', 'VF26/004318'],
      ['Factuurdatum', f.d('2026-06-12')],
      ['Vervaldag', f.d('2026-07-12')],
      ['Klantnr.', '20417'],
      ['Uw bestelling', 'BDL-0611'],
      ['Leveringsbonnen', `${lb[0]} (${f.d('2026-06-05')}), ${lb[1]} (${f.d('2026-06-11')})`],
      ['Btw klant', `BE ${dotted(bent)}`],
    ],
    cols: [
      ['sku', 'Art.nr.'],
      ['desc', 'Omschrijving'],
      ['qty', 'Aantal'],
      ['price', 'Eenh.prijs'],
      ['rate', 'Btw'],
      ['amount', 'Totaal'],
    ],
    widths: [11, 43, 9, 13, 9, 15],
    lines: [
      L('Frieten voorgebakken 10 mm, 4 x 2,5 kg', 12, 'doos', 17.4, '6', { sku: '110210' }),
      L('Mayonaise emmer 10 l', 3, 'emmer', 28.9, '6', { sku: '120045' }),
      L('Stoofvlees rund, vacuüm 2 kg', 10, 'pak', 31.6, '6', { sku: '130877' }),
      L('Garnalen grijs gepeld 1 kg', 4, 'kg', 58, '6', { sku: '140012' }),
      L('Witloof extra, kist 5 kg', 6, 'kist', 14.75, '6', { sku: '150330' }),
      L('Aardappelen bintje 25 kg', 4, 'zak', 16.2, '6', { sku: '150001' }),
      L('Room 35 % 1 l', 24, 'st', 3.45, '6', { sku: '160135' }),
      L('Boter ongezouten 1 kg', 10, 'st', 9.8, '6', { sku: '160210' }),
      L('Trappistenbier 33 cl, bak 24', 8, 'bak', 34.2, '21', { sku: '210924' }),
      L('Huiswijn rood 3 l bag-in-box', 6, 'st', 18.5, '21', { sku: '220301' }),
      L('Spuitwater 1 l, bak 6', 10, 'bak', 4.95, '6', { sku: '230106' }),
      L('Frituurolie 10 l', 4, 'bidon', 27.3, '21', { sku: '310010' }),
      L('Vaatwastabletten 150 st', 2, 'emmer', 49.9, '21', { sku: '410150' }),
      L('Servetten 40x40 wit, 500 st', 4, 'pak', 12.6, '21', { sku: '420440' }),
      L('Leeggoed bakken (terugname)', -12, 'bak', 3.9, '21', { sku: 'LEEG' }),
      L('Leveringskost', 2, 'lev.', 15, '21', { sku: 'TRANS' }),
    ],
    split: 9,
    carryOut: 'Over te dragen',
    carryIn: 'Overdracht',
    tot: {
      net: 'Totaal excl. btw',
      vat: (r, b) => `Btw ${r}% op ${b}`,
      vatTotal: 'Totaal btw',
      total: 'Totaal incl. btw',
      due: 'Te betalen',
    },
    taxTable: ['Tarief', 'Maatstaf', 'Btw', 'Totaal'],
    notes: (c) => [
      `Betaling binnen 30 dagen met gestructureerde mededeling ${ref.printed}.`,
      `Korting voor contante betaling 1% (${f.m(Math.round(c.total * 0.01))}) bij betaling vóór ${f.d('2026-06-22')}.`,
      'Openstaand saldo vorige facturen: 0,00 €',
    ],
    bank: [
      'KBC: IBAN __IBAN__, BIC KREDBEBB',
      `Belfius: IBAN ${iban('BE', beBban('068', '2210455')).printed}, BIC GKCCBEBB`,
    ],
    iban: iban('BE', beBban('738', '0187262')),
    bic: 'KREDBEBB',
    payRef: ref,
    po: 'BDL-0611',
    buyerRef: null,
    footer: [
      [`Groothandel Verstraete BV · Ondernemingsnummer ${dotted(ent)} · RPR Gent, afdeling Kortrijk`],
      [`Btw BE ${dotted(ent)} · Algemene voorwaarden op de keerzijde van de leveringsbon`],
    ],
    pageLabel: (p, n) => `Blad ${p}/${n}`,
    contLabel: 'Factuur VF26/004318 · klant 20417',
  });
}

// nl-3 — SaaS-abonnement (NL), RF-betalingskenmerk, asciidoc "letter"
{
  const f = makeFmt('de', 'long-nl', '€', 'pre-sp');
  const vat = nlVat('86204159');
  const ref = rf('26N0007731');
  specs.push({
    lang: 'nl',
    n: 3,
    gen: 'asciidoc',
    layout: 'subscription',
    style: 'letter',
    font: 'DejaVuSans',
    accent: '1F6FB2',
    typeCode: '380',
    country: 'NL',
    currency: 'EUR',
    f,
    title: 'Factuur',
    number: 'INV-NL-2026-07731',
    issue: '2026-08-01',
    due: '2026-08-15',
    seller: {
      name: 'Dijkstra Planningssoftware B.V.',
      lines: ['Stationsplein 45', '3511 ED Utrecht'],
      contact: ['support@dijkstra-planning.example', '030 555 8810'],
      vat: vatId(vat, vat),
      reg: plain('70449281'),
      email: 'facturen@dijkstra-planning.example',
    },
    buyerLabel: 'Aan',
    buyer: {
      name: 'Zorggroep Vechtdal',
      lines: ['t.a.v. crediteurenadministratie', 'Postbus 118', '7770 AC Hardenberg'],
      vat: null,
    },
    meta: () => [
      ['Factuurnummer', 'INV-NL-2026-07731'],
      ['Datum', f.d('2026-08-01')],
      ['Klant-ID', 'ZGV-2291'],
      ['Contract', 'ABO-2024-118 (looptijd tot 31-12-2026)'],
      ['Inkoopordernummer', '4700-2210'],
      ['Uw kenmerk', 'ICT/Planning/Q3'],
    ],
    intro: [`Abonnement over de periode ${f.d('2026-08-01')} t/m ${f.d('2026-10-31')} (kwartaal).`],
    cols: [
      ['desc', 'Omschrijving'],
      ['qty', 'Aantal'],
      ['price', 'Prijs p/st'],
      ['amount', 'Bedrag'],
    ],
    widths: [58, 10, 15, 17],
    lines: [
      L('RoosterPro licentie, per medewerker per maand', 420, 'x', 2.85, '21'),
      L('Module Verlofbeheer', 3, 'mnd', 149, '21'),
      L('Koppeling salarisadministratie', 3, 'mnd', 95, '21'),
      L('Extra opslag 50 GB', 3, 'mnd', 12.5, '21'),
      L('Eenmalig: training key-users (online)', 1, 'sessie', 450, '21'),
    ],
    tot: { net: 'Totaal exclusief btw', vat: (r) => `${r}% btw`, total: 'Totaal inclusief btw' },
    notes: () => [
      `Wij verzoeken u het bedrag vóór ${f.d('2026-08-15')} over te maken onder vermelding van betalingskenmerk ${ref.printed}.`,
      'Deze factuur wordt niet automatisch geïncasseerd.',
      'Vragen over facturen: facturen@dijkstra-planning.example',
    ],
    bank: ['IBAN __IBAN__ · BIC UTRBNL2U · t.n.v. Dijkstra Planningssoftware B.V.'],
    iban: iban('NL', 'UTRB' + '0551207733'),
    bic: 'UTRBNL2U',
    payRef: ref,
    po: '4700-2210',
    buyerRef: 'ICT/Planning/Q3',
    footer: [[`Dijkstra Planningssoftware B.V. · KvK 70449281 · btw ${vat}`]],
    pageLabel: (p, n) => `Pagina ${p} van ${n}`,
    contLabel: 'Factuur INV-NL-2026-07731',
  });
}

// nl-4 — transport (NL), ISO-datums, react "sidebar"
{
  const f = makeFmt('de', 'iso', '€', 'pre-sp');
  const vat = nlVat('81477320');
  const bvat = nlVat('00912476');
  specs.push({
    lang: 'nl',
    n: 4,
    gen: 'react',
    layout: 'transport',
    style: 'sidebar',
    font: 'LiberationSans',
    accent: '#8e1b1b',
    typeCode: '380',
    country: 'NL',
    currency: 'EUR',
    f,
    title: 'Factuur',
    number: '2026-11842',
    issue: '2026-10-02',
    due: '2026-11-01',
    seller: {
      name: 'Transportbedrijf Van den Berg B.V.',
      lines: ['Havenweg 9', '4251 NL Werkendam'],
      contact: ['Planning 0183 55 40 00', 'Fax 0183 55 40 09', 'administratie@vdberg-transport.example'],
      vat: vatId(vat, vat),
      reg: plain('23071549'),
      email: 'administratie@vdberg-transport.example',
    },
    buyerLabel: 'Opdrachtgever',
    buyer: {
      name: 'Kwekerij Rijnstroom B.V.',
      lines: ['Zuideinde 140', '2991 LK Barendrecht'],
      vat: vatId(bvat, bvat),
    },
    meta: () => [
      ['Factuurnr.', '2026-11842'],
      ['Factuurdatum', f.d('2026-10-02')],
      ['Betalen vóór', f.d('2026-11-01')],
      ['Debiteurnr.', '3310'],
      ['Uw referentie', 'Najaar export DE'],
      ['Btw-nr. opdrachtgever', bvat],
    ],
    cols: [
      ['date', 'Datum'],
      ['ref', 'Ritnr.'],
      ['desc', 'Traject'],
      ['qty', 'Pallets'],
      ['price', 'Tarief'],
      ['amount', 'Bedrag'],
    ],
    widths: [15, 11, 36, 10, 12, 16],
    lines: [
      L('Barendrecht – Venlo (koel)', 18, 'pl', 21.5, '21', { date: '2026-09-22', ref: 'R-88104' }),
      L('Barendrecht – Aalsmeer (koel)', 26, 'pl', 14.8, '21', { date: '2026-09-24', ref: 'R-88139' }),
      L('Barendrecht – Zwolle', 12, 'pl', 19.25, '21', { date: '2026-09-28', ref: 'R-88201' }),
      L('Wachttijd laadadres', 1.5, 'uur', 62, '21', { date: '2026-09-28', ref: 'R-88201' }),
      L('Brandstoftoeslag 11,2 %', 1, 'x', 117.85, '21', { date: '2026-09-30', ref: '' }),
    ],
    tot: { net: 'Subtotaal', vat: (r) => `BTW ${r}%`, total: 'Factuurbedrag' },
    notes: () => [
      'Op al onze werkzaamheden zijn de AVC 2002 van toepassing.',
      'Betalingstermijn 30 dagen na factuurdatum.',
    ],
    bank: ['Bank: IBAN __IBAN__', 'BIC RIVBNL2R'],
    iban: iban('NL', 'RIVB' + '0360144127'),
    bic: 'RIVBNL2R',
    payRef: null,
    po: null,
    buyerRef: 'Najaar export DE',
    footer: [[`KvK 23071549 · BTW ${vat} · NIWO-vergunning 21877`]],
    pageLabel: (p, n) => `${p}/${n}`,
    contLabel: 'Factuur 2026-11842',
  });
}

// es-1 — autónoma con retención IRPF 15 %, asciidoc "letter"
{
  const f = makeFmt('de', 'slash', '€', 'post');
  const nif = esNif('50731846');
  const bcif = esCif('B', '5022817');
  specs.push({
    lang: 'es',
    n: 1,
    gen: 'asciidoc',
    layout: 'consultant',
    style: 'letter',
    font: 'LiberationSerif',
    accent: '6A1B9A',
    typeCode: '380',
    country: 'ES',
    currency: 'EUR',
    f,
    title: 'FACTURA',
    number: '2026-017',
    issue: '2026-05-04',
    due: '2026-06-03',
    seller: {
      name: 'Lucía Martín Ortega',
      lines: ['Arquitecta técnica', 'C/ del Coso 112, 3º B', '50001 Zaragoza'],
      contact: ['Tel. 976 55 18 42', 'lucia.martin@martin-ortega.example'],
      vat: vatId(`ES${nif}`, `NIF ${nif}`),
      reg: null,
      email: 'lucia.martin@martin-ortega.example',
    },
    buyerLabel: 'Cliente',
    buyer: {
      name: 'Construcciones Ebro S.L.',
      lines: ['Avda. de Cataluña 21', '50014 Zaragoza', `CIF ${bcif}`],
      vat: vatId(`ES${bcif}`, `CIF ${bcif}`),
    },
    meta: () => [
      ['Factura nº', '2026-017'],
      ['Fecha de expedición', f.d('2026-05-04')],
      ['Vencimiento', f.d('2026-06-03')],
      ['Su pedido', 'PED-2026-0419'],
      ['Obra', 'Edificio Delicias 14'],
    ],
    cols: [
      ['desc', 'Concepto'],
      ['qty', 'Uds.'],
      ['price', 'Precio'],
      ['amount', 'Importe'],
    ],
    widths: [58, 10, 14, 18],
    lines: [
      L('Dirección de ejecución de obra, abril 2026', 1, 'mes', 1850, '21', { wh: true }),
      L('Coordinación de seguridad y salud', 1, 'mes', 620, '21', { wh: true }),
      L('Visitas adicionales a obra', 5, 'visita', 95, '21', { wh: true }),
      L('Certificación final de instalaciones', 1, 'ud', 480, '21', { wh: true }),
    ],
    tot: {
      net: 'Base imponible',
      vat: (r) => `IVA ${r} %`,
      total: 'Total factura',
      withholding: ['Retención IRPF 15 %', '15'],
      due: 'Total a percibir',
    },
    notes: () => [
      `Forma de pago: transferencia bancaria antes del ${f.d('2026-06-03')}.`,
      'Indique el número de factura en el concepto de la transferencia.',
    ],
    bank: ['Caja Rural del Ebro · IBAN __IBAN__ · BIC CRUEES2ZXXX'],
    iban: iban('ES', esBban('3191', '0207', '5512840377')),
    bic: 'CRUEES2ZXXX',
    payRef: null,
    po: 'PED-2026-0419',
    buyerRef: null,
    footer: [[`Lucía Martín Ortega · NIF ${nif} · Colegiada nº 1.482 COAAT Zaragoza`]],
    pageLabel: (p, n) => `Página ${p} de ${n}`,
    contLabel: 'Factura 2026-017',
  });
}

// es-2 — catering (ES), 10 % / 21 %, anticipo, typst "boxed"
{
  const f = makeFmt('de', 'slash', '€', 'post');
  const cif = esCif('B', '9681432');
  const bcif = esCif('A', '4611820');
  specs.push({
    lang: 'es',
    n: 2,
    gen: 'typst',
    layout: 'catering',
    style: 'boxed',
    font: 'Liberation Sans',
    accent: '#c0392b',
    typeCode: '380',
    country: 'ES',
    currency: 'EUR',
    f,
    title: 'FACTURA',
    number: 'CA-26/0211',
    issue: '2026-06-22',
    due: '2026-07-22',
    seller: {
      name: 'Catering Albufera S.L.',
      lines: ['Camí Reial 18', '46470 Catarroja (Valencia)'],
      contact: ['Tlf. 961 55 72 30', 'eventos@catering-albufera.example'],
      vat: vatId(`ES${cif}`, `CIF ${cif}`),
      reg: plain('Tomo 8123, Folio 45, Hoja V-112233'),
      email: 'administracion@catering-albufera.example',
    },
    buyerLabel: 'Datos del cliente',
    buyer: {
      name: 'Cerámicas Levante Export S.A.',
      lines: ['Polígono Industrial Sur, parcela 7', '12200 Onda (Castellón)'],
      vat: vatId(`ES${bcif}`, bcif),
    },
    meta: () => [
      ['Número de factura', 'CA-26/0211'],
      ['Fecha', f.d('2026-06-22')],
      ['Fecha del evento', f.d('2026-06-19')],
      ['Presupuesto', 'P-26/0188'],
      ['Nº pedido cliente', 'CLE-OC-7730'],
      ['CIF cliente', bcif],
    ],
    intro: ['Servicio de catering para la convención anual de distribuidores, 120 invitados.'],
    cols: [
      ['desc', 'Descripción'],
      ['qty', 'Cant.'],
      ['price', 'Precio unit.'],
      ['rate', 'IVA'],
      ['amount', 'Importe'],
    ],
    widths: [50, 8, 14, 10, 18],
    lines: [
      L('Menú cóctel de bienvenida', 120, 'pax', 14.5, '10'),
      L('Menú almuerzo (arroz, entrantes, postre)', 120, 'pax', 38, '10'),
      L('Barra libre 2 horas', 95, 'pax', 16, '10'),
      L('Alquiler de mobiliario y mantelería', 1, 'servicio', 640, '21'),
      L('Decoración floral de mesas', 12, 'centro', 35, '21'),
      L('Camareros (8 × 7 h)', 56, 'hora', 21.5, '10'),
    ],
    tot: {
      net: 'Base imponible',
      vat: (r, b) => `IVA ${r} % s/ ${b}`,
      vatTotal: 'Total IVA',
      total: 'Total factura',
      advance: [`Anticipo recibido el ${f.d('2026-05-15')} (fra. CA-26/0162)`, 250000],
      due: 'Importe pendiente',
    },
    taxTable: ['Tipo IVA', 'Base', 'Cuota'],
    notes: () => [
      `Vencimiento: ${f.d('2026-07-22')}. Transferencia a la cuenta indicada.`,
      'Capital social 60.000,00 €',
    ],
    bank: [
      'IBAN __IBAN__ · BIC LEVAESVVXXX',
      'Cuenta alternativa: IBAN ' + iban('ES', esBban('2085', '8102', '0330418822')).printed,
    ],
    iban: iban('ES', esBban('0182', '5941', '0201559344')),
    bic: 'LEVAESVVXXX',
    payRef: null,
    po: 'CLE-OC-7730',
    buyerRef: null,
    footer: [
      [
        `Catering Albufera S.L. · CIF ${cif} · Inscrita en el Registro Mercantil de Valencia, Tomo 8123, Folio 45, Hoja V-112233`,
        'Administración: administracion@catering-albufera.example',
      ],
    ],
    pageLabel: (p, n) => `Página ${p} de ${n}`,
    contLabel: 'Factura CA-26/0211',
  });
}

// es-3 — factura de electricidad, react "banner"
{
  const f = makeFmt('de', 'long-es', '€', 'post');
  const cif = esCif('B', '7340912');
  const bcif = esCif('B', '3082214');
  specs.push({
    lang: 'es',
    n: 3,
    gen: 'react',
    layout: 'utility',
    style: 'banner',
    font: 'LiberationSans',
    accent: '#0e7490',
    typeCode: '380',
    country: 'ES',
    currency: 'EUR',
    f,
    title: 'Factura de electricidad',
    number: 'FE26-3318820',
    issue: '2026-04-07',
    due: '2026-04-21',
    seller: {
      name: 'Comercializadora Eléctrica del Segura S.L.',
      lines: ['Gran Vía Escultor Salzillo 9', '30004 Murcia'],
      contact: ['Atención al cliente 968 55 90 00', 'clientes@electrica-segura.example'],
      vat: vatId(`ES${cif}`, cif),
      reg: null,
      email: 'clientes@electrica-segura.example',
    },
    buyerLabel: 'Titular del contrato',
    buyer: {
      name: 'Panadería Hermanos Sáez S.L.',
      lines: ['C/ Mayor 44', '30820 Alcantarilla (Murcia)'],
      vat: vatId(`ES${bcif}`, bcif),
    },
    meta: () => [
      ['Nº de factura', 'FE26-3318820'],
      ['Fecha de emisión', f.d('2026-04-07')],
      ['Periodo de facturación', `${f.d('2026-03-01')} a ${f.d('2026-03-31')}`],
      ['Nº de contrato', '0047-118203'],
      ['CUPS', 'ES0021000013371820LK0F'],
      ['Potencia contratada', '15,000 kW'],
      ['Fecha de cargo', f.d('2026-04-21')],
      ['NIF titular', bcif],
    ],
    cols: [
      ['desc', 'Concepto'],
      ['qtyunit', 'Cantidad'],
      ['price', 'Precio'],
      ['amount', 'Importe'],
    ],
    widths: [50, 18, 14, 18],
    lines: [
      L('Término de potencia P1', 465, 'kW·día', 0.0877, '21', { pdp: 4 }),
      L('Término de potencia P2', 465, 'kW·día', 0.0123, '21', { pdp: 4 }),
      L('Energía consumida P1', 1218, 'kWh', 0.1934, '21', { pdp: 4 }),
      L('Energía consumida P2', 1547, 'kWh', 0.1412, '21', { pdp: 4 }),
      L('Energía consumida P3', 2209, 'kWh', 0.1078, '21', { pdp: 4 }),
      L('Impuesto eléctrico 5,11 %', 1, '', 42.6, '21'),
      L('Alquiler equipo de medida', 31, 'días', 0.0263, '21', { pdp: 4 }),
    ],
    tot: { net: 'Base imponible', vat: (r) => `IVA ${r} %`, total: 'TOTAL IMPORTE FACTURA' },
    notes: () => [
      'Lectura real a 31/03/2026: P1 48.220 kWh, P2 61.047 kWh, P3 90.118 kWh.',
      'Importe domiciliado en su cuenta ES** **** **** **** **** 7710 (Banco del Mediterráneo).',
      'Saldo pendiente de facturas anteriores: 0,00 €',
    ],
    bank: ['Para pago por transferencia: IBAN __IBAN__ (BIC SEGUESMMXXX)'],
    iban: iban('ES', esBban('0487', '0112', '7200448811')),
    bic: 'SEGUESMMXXX',
    payRef: null,
    po: null,
    buyerRef: null,
    footer: [
      [
        `Comercializadora Eléctrica del Segura S.L. · NIF ${cif} · Gran Vía Escultor Salzillo 9, 30004 Murcia`,
      ],
    ],
    pageLabel: (p, n) => `Hoja ${p} de ${n}`,
    contLabel: 'Factura FE26-3318820',
  });
}

// es-4 — distribuidor de ferretería, 2 páginas, suma y sigue, typst "ledger"
{
  const f = makeFmt('de', 'slash', '€', 'post');
  const cif = esCif('A', '4801723');
  const bcif = esCif('B', '2071385');
  const alb = ['ALB 26-14402', 'ALB 26-14455'];
  specs.push({
    lang: 'es',
    n: 4,
    gen: 'typst',
    layout: 'wholesale',
    style: 'ledger',
    font: 'Liberation Mono',
    accent: '#000000',
    typeCode: '380',
    country: 'ES',
    currency: 'EUR',
    f,
    title: 'FACTURA',
    number: 'A/2026/03871',
    issue: '2026-10-15',
    due: '2026-11-14',
    seller: {
      name: 'Distribuciones Ferreteras del Norte S.A.',
      lines: ['Polígono Ibarrekolanda, nave 12', '48015 Bilbao (Bizkaia)'],
      contact: ['Tfno. 944 55 60 70 · Fax 944 55 60 71', 'pedidos@dfnorte.example'],
      vat: vatId(`ES${cif}`, `ES${cif}`),
      reg: null,
      email: 'facturacion@dfnorte.example',
    },
    buyerLabel: 'CLIENTE',
    buyer: {
      name: 'Ferretería Goikoa S.L.',
      lines: ['Kale Nagusia 31', '20600 Eibar (Gipuzkoa)'],
      vat: vatId(`ES${bcif}`, `ES${bcif}`),
    },
    meta: () => [
      ['Nº FACTURA', 'A/2026/03871'],
      ['FECHA', f.d('2026-10-15')],
      ['COD. CLIENTE', '430.01872'],
      ['NIF CLIENTE', `ES${bcif}`],
      ['SU PEDIDO', 'GK-2610'],
      ['ALBARANES', `${alb[0]} ${f.d('2026-10-06')}, ${alb[1]} ${f.d('2026-10-13')}`],
      ['VENCIMIENTO', f.d('2026-11-14')],
    ],
    cols: [
      ['sku', 'REFERENCIA'],
      ['desc', 'ARTÍCULO'],
      ['qty', 'CANT.'],
      ['price', 'PRECIO'],
      ['amount', 'IMPORTE'],
    ],
    widths: [14, 48, 9, 13, 16],
    lines: [
      L('Tornillo rosca chapa 4,2x19 (caja 500)', 20, 'cj', 6.85, '21', { sku: 'TOR-4219' }),
      L('Taco nylon 8 mm (bolsa 100)', 30, 'bl', 3.4, '21', { sku: 'TAC-08' }),
      L('Broca HSS 6 mm', 50, 'ud', 1.62, '21', { sku: 'BRO-HSS6' }),
      L('Disco corte metal 125 mm', 40, 'ud', 1.95, '21', { sku: 'DIS-125' }),
      L('Cinta americana gris 50 m', 24, 'ud', 4.1, '21', { sku: 'CIN-AM50' }),
      L('Silicona neutra blanca 300 ml', 36, 'ud', 3.25, '21', { sku: 'SIL-300' }),
      L('Guante nitrilo talla 9 (par)', 60, 'par', 1.15, '21', { sku: 'GUA-N9' }),
      L('Candado latón 40 mm', 12, 'ud', 7.9, '21', { sku: 'CAN-40' }),
      L('Bisagra acero 80 mm (par)', 40, 'par', 2.35, '21', { sku: 'BIS-80' }),
      L('Cerradura embutir 40 mm', 8, 'ud', 14.6, '21', { sku: 'CER-E40' }),
      L('Llave ajustable 250 mm', 10, 'ud', 11.8, '21', { sku: 'LLA-250' }),
      L('Flexómetro 5 m', 24, 'ud', 3.95, '21', { sku: 'FLE-5' }),
      L('Pintura esmalte negro 750 ml', 12, 'ud', 9.45, '21', { sku: 'PIN-EN75' }),
      L('Brocha plana 50 mm', 30, 'ud', 2.2, '21', { sku: 'BRO-P50' }),
      L('Escalera aluminio 5 peldaños', 2, 'ud', 58.9, '21', { sku: 'ESC-AL5' }),
      L('Portes', 1, 'ud', 18, '21', { sku: 'PORTES' }),
    ],
    split: 10,
    carryOut: 'SUMA Y SIGUE',
    carryIn: 'SUMA ANTERIOR',
    tot: { net: 'BASE IMPONIBLE', vat: (r) => `CUOTA IVA ${r} %`, total: 'TOTAL FACTURA' },
    taxTable: ['% IVA', 'BASE', 'CUOTA'],
    notes: (c) => [
      `Descuento pronto pago 2 % (${f.m(Math.round(c.total * 0.02))}) si se abona antes del ${f.d('2026-10-25')}.`,
      'Forma de pago: transferencia 30 días f.f.',
      'Capital social: 300.000 € totalmente desembolsado.',
    ],
    bank: ['IBAN __IBAN__  BIC NRTEES2BXXX'],
    iban: iban('ES', esBban('2095', '0611', '0910447123')),
    bic: 'NRTEES2BXXX',
    payRef: null,
    po: 'GK-2610',
    buyerRef: null,
    footer: [
      [
        `Distribuciones Ferreteras del Norte S.A. · NIF ES${cif} · R.M. Bizkaia, Hoja BI-28814`,
        'Facturación: facturacion@dfnorte.example',
      ],
    ],
    pageLabel: (p, n) => `Pág. ${p}/${n}`,
    contLabel: 'FACTURA A/2026/03871 (continuación)',
  });
}

// it-1 — ingegnere, contributo integrativo 4 % soggetto a IVA, ritenuta 20 % sul solo onorario, typst "grid"
{
  const f = makeFmt('de', 'slash', '€', 'pre-sp');
  const vat = itVat('0418235022');
  const bvat = itVat('0771426015');
  const onor = 3200 + 1450 + 680;
  specs.push({
    lang: 'it',
    n: 1,
    gen: 'typst',
    layout: 'consultant',
    style: 'grid',
    font: 'Liberation Serif',
    accent: '#1a5276',
    typeCode: '380',
    country: 'IT',
    currency: 'EUR',
    f,
    title: 'FATTURA',
    number: '12/2026',
    issue: '2026-05-29',
    due: '2026-06-28',
    seller: {
      name: 'Studio Tecnico Ing. Marco Bellini',
      lines: ['Via San Felice 48', '40122 Bologna (BO)'],
      contact: [
        'tel. 051 555 2274',
        'PEC: m.bellini@pec-ingegneri.example',
        'studio@bellini-ingegneria.example',
      ],
      vat: vatId(vat, `P.IVA ${vat.slice(2)}`),
      reg: null,
      email: 'studio@bellini-ingegneria.example',
    },
    buyerLabel: 'Spett.le',
    buyer: {
      name: 'Officine Meccaniche Reno S.p.A.',
      lines: ['Via dell’Industria 5', '40138 Bologna (BO)', `P.IVA ${bvat.slice(2)}`],
      vat: vatId(bvat, `P.IVA ${bvat.slice(2)}`),
    },
    meta: () => [
      ['Fattura n.', '12/2026'],
      ['Data', f.d('2026-05-29')],
      ['Vs. ordine', 'OMR-ODA-26-0392'],
      ['Commessa', 'Ampliamento capannone B'],
      ['Codice destinatario', 'M5UXCR1'],
    ],
    cols: [
      ['desc', 'Descrizione'],
      ['price', 'Importo'],
      ['amount', 'Totale'],
    ],
    widths: [64, 16, 20],
    lines: [
      L('Progettazione strutturale esecutiva', 1, '', 3200, '22', { wh: true }),
      L('Direzione lavori strutture, aprile-maggio 2026', 1, '', 1450, '22', { wh: true }),
      L('Collaudo statico e relazione a struttura ultimata', 1, '', 680, '22', { wh: true }),
      L('Contributo integrativo Inarcassa 4 %', 1, '', onor * 0.04, '22'),
    ],
    tot: {
      net: 'Imponibile',
      vat: (r) => `IVA ${r} %`,
      total: 'Totale fattura',
      withholding: [`Ritenuta d’acconto 20 % su ${f.m(onor * 100)}`, '20'],
      due: 'Netto a pagare',
    },
    notes: () => [
      `Pagamento: bonifico bancario a 30 giorni data fattura (${f.d('2026-06-28')}).`,
      'Compenso soggetto a ritenuta d’acconto ai sensi dell’art. 25 DPR 600/1973.',
      'Iscrizione Ordine degli Ingegneri di Bologna n. A4417.',
    ],
    bank: ['Banca Emiliana di Credito – IBAN __IBAN__ – BIC BECRIT3BXXX'],
    iban: iban('IT', itBban('05387', '02400', '000001884213')),
    bic: 'BECRIT3BXXX',
    payRef: null,
    po: 'OMR-ODA-26-0392',
    buyerRef: null,
    footer: [[`Ing. Marco Bellini – P.IVA ${vat.slice(2)} – Via San Felice 48, 40122 Bologna`]],
    pageLabel: (p, n) => `Pag. ${p} di ${n}`,
    contLabel: 'Fattura 12/2026',
  });
}

// it-2 — forniture alberghiere, 2 pagine, 22 / 10 / 4 %, react "window"
{
  const f = makeFmt('de', 'slash', '€', 'pre-sp');
  const vat = itVat('0913367015');
  const bvat = itVat('0284455013');
  const ddt = ['DDT 1184/26', 'DDT 1211/26'];
  specs.push({
    lang: 'it',
    n: 2,
    gen: 'react',
    layout: 'wholesale',
    style: 'window',
    font: 'DejaVuSans',
    accent: '#2e7d32',
    typeCode: '380',
    country: 'IT',
    currency: 'EUR',
    f,
    title: 'Fattura differita',
    number: 'FD/2026/1187',
    issue: '2026-07-31',
    due: '2026-08-31',
    seller: {
      name: 'Forniture Alberghiere Lombarde S.r.l.',
      lines: ['Via Valassina 112', '20159 Milano (MI)'],
      contact: ['Tel. 02 5550 3312', 'Fax 02 5550 3313', 'amministrazione@fal-forniture.example'],
      vat: vatId(vat, vat.slice(2)),
      reg: plain('MI-1987452'),
      email: 'amministrazione@fal-forniture.example',
    },
    senderLine: 'F.A.L. S.r.l. – Via Valassina 112 – 20159 Milano',
    buyerLabel: null,
    buyer: {
      name: 'Hotel Bellavista Lario S.r.l.',
      lines: ['Lungolago Mafalda di Savoia 18', '22021 Bellagio (CO)'],
      vat: vatId(bvat, bvat.slice(2)),
    },
    meta: () => [
      ['Numero fattura', 'FD/2026/1187'],
      ['Data fattura', f.d('2026-07-31')],
      ['Codice cliente', 'C00871'],
      ['Vs. ordine', 'HBL-26-044 del ' + f.d('2026-07-02')],
      ['DDT', `${ddt[0]} del ${f.d('2026-07-08')}, ${ddt[1]} del ${f.d('2026-07-22')}`],
      ['P.IVA cliente', bvat.slice(2)],
    ],
    cols: [
      ['sku', 'Codice'],
      ['desc', 'Descrizione'],
      ['qty', 'Q.tà'],
      ['price', 'Prezzo'],
      ['rate', 'IVA'],
      ['amount', 'Importo'],
    ],
    widths: [11, 44, 8, 13, 9, 15],
    lines: [
      L('Asciugamano spugna 50x100 bianco', 120, 'pz', 6.4, '22', { sku: 'SP-5010' }),
      L('Telo bagno 100x150 bianco', 80, 'pz', 12.9, '22', { sku: 'SP-1015' }),
      L('Lenzuolo matrimoniale percalle', 60, 'pz', 18.5, '22', { sku: 'LN-2802' }),
      L('Federa 50x80 percalle', 120, 'pz', 3.9, '22', { sku: 'LN-5080' }),
      L('Kit cortesia (shampoo, bagnodoccia)', 500, 'kit', 0.78, '22', { sku: 'KC-001' }),
      L('Caffè in grani 1 kg', 20, 'kg', 17.6, '10', { sku: 'AL-CF01' }),
      L('Marmellata monoporzione (cf. 120)', 6, 'cf', 21.3, '10', { sku: 'AL-MM12' }),
      L('Zucchero bustine (cf. 1000)', 4, 'cf', 14.5, '10', { sku: 'AL-ZB10' }),
      L('Latte UHT intero 1 l', 96, 'pz', 1.12, '4', { sku: 'AL-LT01' }),
      L('Pane in cassetta 1 kg', 12, 'pz', 2.9, '4', { sku: 'AL-PC01' }),
      L('Detergente pavimenti 5 l', 10, 'tanica', 11.4, '22', { sku: 'DT-PV05' }),
      L('Sacchi nettezza 70x110 (rotolo 20)', 30, 'rt', 2.45, '22', { sku: 'DT-SN70' }),
      L('Trasporto e consegna', 2, 'viaggio', 45, '22', { sku: 'TRASP' }),
    ],
    split: 7,
    carryOut: 'A riportare',
    carryIn: 'Riporto',
    tot: {
      net: 'Totale imponibile',
      vat: (r, b) => `IVA ${r} % su ${b}`,
      vatTotal: 'Totale IVA',
      total: 'Totale documento',
      due: 'Netto a pagare',
    },
    taxTable: ['Aliquota', 'Imponibile', 'Imposta'],
    notes: () => [
      `Pagamento: bonifico 30 gg d.f. – scadenza ${f.d('2026-08-31')}.`,
      'Contributo ambientale CONAI assolto ove dovuto.',
    ],
    bank: [
      'Banca Popolare Ambrosiana – IBAN __IBAN__ – BIC BPAMITMMXXX',
      `Banca Lariana – IBAN ${iban('IT', itBban('08430', '51080', '000000271155')).printed}`,
    ],
    iban: iban('IT', itBban('05584', '01602', '000000041187')),
    bic: 'BPAMITMMXXX',
    payRef: null,
    po: 'HBL-26-044',
    buyerRef: null,
    footer: [
      [
        'Forniture Alberghiere Lombarde S.r.l. – Cap. soc. € 50.000,00 i.v.',
        `P.IVA e C.F. ${vat.slice(2)} – REA MI-1987452`,
      ],
    ],
    pageLabel: (p, n) => `Pagina ${p} di ${n}`,
    contLabel: 'Fattura FD/2026/1187 – segue',
  });
}

// it-3 — autotrasporti, asciidoc "statement"
{
  const f = makeFmt('de', 'slash', '€', 'pre-sp');
  const vat = itVat('0350126034');
  const bvat = itVat('0612087035');
  specs.push({
    lang: 'it',
    n: 3,
    gen: 'asciidoc',
    layout: 'transport',
    style: 'statement',
    font: 'LiberationSans',
    accent: '37474F',
    typeCode: '380',
    country: 'IT',
    currency: 'EUR',
    f,
    title: 'FATTURA',
    number: '418',
    issue: '2026-02-28',
    due: '2026-04-30',
    seller: {
      name: 'Autotrasporti Ferraro & C. S.n.c.',
      lines: ['Via Emilia Ovest 1021', '41123 Modena (MO)'],
      contact: ['Tel. 059 555 8201', 'Fax 059 555 8209', 'ufficio@ferraro-trasporti.example'],
      vat: vatId(vat, `P.IVA ${vat.slice(2)}`),
      reg: null,
      email: 'ufficio@ferraro-trasporti.example',
    },
    buyerLabel: 'Destinatario',
    buyer: {
      name: 'Ceramiche Secchia S.p.A.',
      lines: ['Via Radici in Piano 330', '41049 Sassuolo (MO)', `P.IVA ${bvat.slice(2)}`],
      vat: vatId(bvat, `P.IVA ${bvat.slice(2)}`),
    },
    meta: () => [
      ['Fattura nr.', '418'],
      ['del', f.d('2026-02-28')],
      ['Cod. cliente', '0217'],
      ['Vs. rif.', 'Logistica/Ufficio spedizioni'],
      ['Pagamento', 'RiBa 60 gg f.m.'],
      ['Scadenza', f.d('2026-04-30')],
    ],
    cols: [
      ['date', 'Data'],
      ['ref', 'DDT'],
      ['desc', 'Tratta / servizio'],
      ['qty', 'Q.tà'],
      ['price', 'Tariffa'],
      ['amount', 'Importo'],
    ],
    widths: [13, 10, 43, 8, 11, 15],
    lines: [
      L('Sassuolo – Verona, bilico completo', 1, 'viaggio', 520, '22', { date: '2026-02-03', ref: '212' }),
      L('Sassuolo – Bologna Interporto', 2, 'viaggio', 260, '22', { date: '2026-02-10', ref: '236' }),
      L('Sassuolo – Genova porto, container 40', 1, 'viaggio', 790, '22', { date: '2026-02-16', ref: '251' }),
      L('Sosta oltre franchigia', 3, 'ore', 48, '22', { date: '2026-02-16', ref: '251' }),
      L('Sassuolo – Parma, groupage', 4, 'bancali', 38.5, '22', { date: '2026-02-24', ref: '270' }),
      L('Adeguamento carburante', 1, 'forfait', 96.7, '22', { date: '2026-02-28', ref: '' }),
    ],
    tot: { net: 'Imponibile', vat: (r) => `IVA ${r} %`, total: 'Totale fattura' },
    notes: () => [
      'Pagamento a mezzo RiBa su Vs. banca d’appoggio. In alternativa bonifico sul c/c indicato.',
      'Saldo precedente al 31/01/2026: € 0,00',
    ],
    bank: ['Credito Modenese – IBAN __IBAN__ – BIC CRMOIT3MXXX'],
    iban: iban('IT', itBban('05652', '12900', '000000510448')),
    bic: 'CRMOIT3MXXX',
    payRef: null,
    po: null,
    buyerRef: 'Logistica/Ufficio spedizioni',
    footer: [
      [`Autotrasporti Ferraro & C. S.n.c. – P.IVA ${vat.slice(2)} – Albo Autotrasportatori MO/4410871/K`],
    ],
    pageLabel: (p, n) => `Pagina ${p}/${n}`,
    contLabel: 'Fattura 418',
  });
}

// it-4 — catering, 10 / 22 %, acconto, asciidoc "letter"
{
  const f = makeFmt('de', 'slash', '€', 'post');
  const vat = itVat('0287135037');
  specs.push({
    lang: 'it',
    n: 4,
    gen: 'asciidoc',
    layout: 'catering',
    style: 'letter',
    font: 'LiberationSerif',
    accent: '7B3F00',
    typeCode: '380',
    country: 'IT',
    currency: 'EUR',
    f,
    title: 'FATTURA',
    number: 'FT 2026/0093',
    issue: '2026-09-21',
    due: '2026-10-21',
    seller: {
      name: 'Catering Le Due Torri S.r.l.',
      lines: ['Via del Pratello 61', '40122 Bologna'],
      contact: ['Tel. 051 555 6610', 'info@duetorri-catering.example'],
      vat: vatId(vat, `IT ${vat.slice(2)}`),
      reg: plain('BO-412207'),
      email: 'info@duetorri-catering.example',
    },
    buyerLabel: 'Cliente',
    buyer: {
      name: 'Fondazione Musica Felsinea',
      lines: ['Piazza Santo Stefano 9', '40125 Bologna', 'C.F. 91224830377'],
      vat: null,
    },
    meta: () => [
      ['N. fattura', 'FT 2026/0093'],
      ['Data', f.d('2026-09-21')],
      ['Evento', `Concerto di gala, ${f.d('2026-09-12')}`],
      ['Preventivo', 'PR-26/077'],
      ['CIG', 'Z4A3B21C90'],
    ],
    intro: ['Servizio buffet per 150 ospiti, Chiostro di Santo Stefano.'],
    cols: [
      ['desc', 'Descrizione'],
      ['qty', 'Q.tà'],
      ['price', 'Prezzo'],
      ['rate', 'IVA'],
      ['amount', 'Importo'],
    ],
    widths: [50, 8, 14, 10, 18],
    lines: [
      L('Buffet serale (antipasti, primo, dolci)', 150, 'coperto', 29, '10'),
      L('Bevande analcoliche e caffè', 150, 'coperto', 4.5, '10'),
      L('Vino Pignoletto DOC', 40, 'bottiglia', 11, '10'),
      L('Personale di sala (6 × 5 h)', 30, 'ora', 24, '22'),
      L('Noleggio tavoli, tovagliato e stoviglie', 1, 'forfait', 780, '22'),
      L('Allestimento floreale', 1, 'forfait', 260, '22'),
    ],
    tot: {
      net: 'Totale imponibile',
      vat: (r, b) => `IVA ${r}% su ${b}`,
      vatTotal: 'Totale imposta',
      total: 'Totale fattura',
      advance: [`Acconto versato il ${f.d('2026-08-25')}`, 200000],
      due: 'Saldo da pagare',
    },
    taxTable: ['Aliquota', 'Imponibile', 'Imposta'],
    notes: () => [
      `Scadenza pagamento ${f.d('2026-10-21')}. Bonifico bancario.`,
      'Capitale sociale € 20.000,00 i.v.',
    ],
    bank: ['Cassa di Risparmio Felsinea – IBAN __IBAN__ – BIC CRFEIT3BXXX'],
    iban: iban('IT', itBban('06385', '02411', '100000004519')),
    bic: 'CRFEIT3BXXX',
    payRef: null,
    po: null,
    buyerRef: null,
    footer: [[`Catering Le Due Torri S.r.l. – P.IVA IT ${vat.slice(2)} – REA BO-412207`]],
    pageLabel: (p, n) => `Pagina ${p} di ${n}`,
    contLabel: 'Fattura FT 2026/0093',
  });
}

// Replace the placeholders (__IBAN__, __REF__) now that the identifiers are known.
for (const s of specs) {
  const fill = (t: string): string =>
    t.replace('__IBAN__', s.iban ? s.iban.printed : '').replace('__REF__', s.payRef ? s.payRef.printed : '');
  s.bank = s.bank.map(fill);
  const notes = s.notes;
  s.notes = (c) => notes(c).map(fill);
}

// ---------------------------------------------------------------------------------------------------------
// Generator 1: @react-pdf/renderer
// ---------------------------------------------------------------------------------------------------------

type El = unknown;
type Style = Record<string, string | number>;

interface ReactModule {
  createElement: (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => El;
}

interface FontSource {
  src: string;
  fontWeight?: string;
  fontStyle?: string;
}

interface ReactPdfModule {
  Document: unknown;
  Page: unknown;
  View: unknown;
  Text: unknown;
  Font: {
    register: (o: { family: string; fonts: FontSource[] }) => void;
    registerHyphenationCallback: (cb: (word: string) => string[]) => void;
  };
  renderToBuffer: (el: El) => Promise<Uint8Array>;
}

function registerReactFonts(P: ReactPdfModule): void {
  const fam = (family: string, dir: string, base: string, styles: [string, string, string, string]): void => {
    const [regular, bold, italic, boldItalic] = styles;
    P.Font.register({
      family,
      fonts: [
        { src: path.join(dir, `${base}${regular}.ttf`) },
        { src: path.join(dir, `${base}${bold}.ttf`), fontWeight: 'bold' },
        { src: path.join(dir, `${base}${italic}.ttf`), fontStyle: 'italic' },
        { src: path.join(dir, `${base}${boldItalic}.ttf`), fontWeight: 'bold', fontStyle: 'italic' },
      ],
    });
  };
  fam('LiberationSans', LIB2, 'LiberationSans', ['-Regular', '-Bold', '-Italic', '-BoldItalic']);
  fam('LiberationSerif', LIB2, 'LiberationSerif', ['-Regular', '-Bold', '-Italic', '-BoldItalic']);
  fam('DejaVuSans', DEJAVU, 'DejaVuSans', ['', '-Bold', '-Oblique', '-BoldOblique']);
  // No hyphenation: a value split by a hyphen would no longer be found in the text layer.
  P.Font.registerHyphenationCallback((word) => [word]);
}

function reactDocument(d: Doc, created: Date, R: ReactModule, P: ReactPdfModule): El {
  const h = R.createElement;
  const acc = d.accent;
  const T = (s: string, st: Style = {}): El => h(P.Text, { style: st }, s);
  const V = (st: Style, ...children: El[]): El => h(P.View, { style: st }, ...children);
  const stack = (lines: string[], st: Style = {}): El => V({}, ...lines.map((l) => T(l, st)));
  const n = d.pages.length;
  const banner = d.style === 'banner';
  const sidebar = d.style === 'sidebar';

  const cell = (i: number, head: boolean): Style => ({
    width: `${d.widths[i] ?? 10}%`,
    textAlign: d.align[i] === 'r' ? 'right' : 'left',
    paddingHorizontal: 3,
    ...(head ? { fontWeight: 'bold', color: banner ? '#ffffff' : '#222222' } : {}),
  });
  const headRow = V(
    {
      flexDirection: 'row',
      backgroundColor: banner ? acc : '#ececec',
      paddingVertical: 3,
      marginTop: 8,
      borderBottom: sidebar ? `1pt solid ${acc}` : '0pt solid #ffffff',
    },
    ...d.head.map((c, i) => T(c, cell(i, true))),
  );
  const row = (cells: string[], zebra: boolean): El =>
    V(
      {
        flexDirection: 'row',
        paddingVertical: 2.5,
        borderBottom: '0.5pt solid #cccccc',
        backgroundColor: zebra && d.style === 'window' ? '#f7f7f7' : '#ffffff',
      },
      ...cells.map((c, i) => T(c, cell(i, false))),
    );
  const carryRow = (c: [string, string]): El =>
    V(
      { flexDirection: 'row', paddingVertical: 3, borderTop: `1pt solid ${acc}` },
      T(c[0], {
        width: `${100 - (d.widths[d.widths.length - 1] ?? 15)}%`,
        textAlign: 'right',
        fontWeight: 'bold',
      }),
      T(c[1], {
        width: `${d.widths[d.widths.length - 1] ?? 15}%`,
        textAlign: 'right',
        fontWeight: 'bold',
        paddingHorizontal: 3,
      }),
    );
  const kv = (rows: Array<[string, string]>, labelW: string, st: Style = {}): El =>
    V(
      st,
      ...rows.map(([k, v]) =>
        V(
          { flexDirection: 'row', marginBottom: 1.5 },
          T(k, { width: labelW, color: '#555555' }),
          T(v, { width: `${100 - Number.parseFloat(labelW)}%` }),
        ),
      ),
    );
  const totals = V(
    { alignSelf: 'flex-end', width: '58%', marginTop: 10 },
    ...d.totals.map(([k, v, bold]) =>
      V(
        {
          flexDirection: 'row',
          justifyContent: 'space-between',
          paddingVertical: 2,
          ...(bold ? { borderTop: `1pt solid ${acc}`, marginTop: 2 } : {}),
        },
        T(k, { width: '66%', ...(bold ? { fontWeight: 'bold' } : {}) }),
        T(v, { width: '34%', textAlign: 'right', ...(bold ? { fontWeight: 'bold', fontSize: 11 } : {}) }),
      ),
    ),
  );
  const taxTable = d.taxTable
    ? V(
        { width: '60%', marginTop: 10 },
        V(
          { flexDirection: 'row', borderBottom: '0.5pt solid #888888', paddingVertical: 2 },
          ...d.taxTable.head.map((c, i) =>
            T(c, {
              width: `${100 / (d.taxTable?.head.length ?? 3)}%`,
              textAlign: i === 0 ? 'left' : 'right',
              fontWeight: 'bold',
            }),
          ),
        ),
        ...d.taxTable.rows.map((r) =>
          V(
            { flexDirection: 'row', paddingVertical: 1.5 },
            ...r.map((c, i) => T(c, { width: `${100 / r.length}%`, textAlign: i === 0 ? 'left' : 'right' })),
          ),
        ),
      )
    : null;
  const footer = (p: number): El =>
    V(
      {
        position: 'absolute',
        bottom: 18,
        left: sidebar ? 186 : 40,
        right: 40,
        borderTop: '0.5pt solid #999999',
        paddingTop: 4,
        flexDirection: 'row',
        fontSize: 6.8,
        color: '#555555',
      },
      ...d.footer.map((col) =>
        V({ flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 8 }, stack(col, { marginBottom: 1 })),
      ),
      T(d.pageLabel(String(p), String(n)), { width: 52, textAlign: 'right' }),
    );
  const sellerBlock = (white: boolean): El =>
    V(
      {},
      T(d.seller.name, { fontSize: 14, fontWeight: 'bold', color: white ? '#ffffff' : acc, marginBottom: 3 }),
      stack(d.seller.lines, { color: white ? '#ffffff' : '#333333' }),
    );
  const buyerBlock = (width: string): El =>
    V(
      { width },
      ...(d.buyerLabel ? [T(d.buyerLabel, { fontSize: 7.5, color: '#777777', marginBottom: 2 })] : []),
      T(d.buyer[0] ?? '', { fontWeight: 'bold' }),
      stack(d.buyer.slice(1)),
    );

  const firstHeader = (): El[] => {
    if (banner) {
      return [
        V(
          {
            backgroundColor: acc,
            padding: 14,
            flexDirection: 'row',
            justifyContent: 'space-between',
            marginBottom: 12,
          },
          T(d.title, { fontSize: 20, fontWeight: 'bold', color: '#ffffff' }),
          V(
            { width: '50%' },
            sellerBlock(true),
            stack(d.seller.contact, { color: '#ffffff', fontSize: 7.5 }),
          ),
        ),
        V(
          { flexDirection: 'row', justifyContent: 'space-between' },
          V({ width: '48%', border: `0.7pt solid ${acc}`, padding: 8 }, buyerBlock('100%')),
          kv(d.meta, '48%', { width: '48%' }),
        ),
      ];
    }
    if (sidebar) {
      return [
        T(d.title, { fontSize: 22, fontWeight: 'bold', color: acc, marginBottom: 14 }),
        V(
          { flexDirection: 'row', justifyContent: 'space-between' },
          buyerBlock('46%'),
          kv(d.meta, '50%', { width: '50%' }),
        ),
      ];
    }
    return [
      V(
        { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 18 },
        sellerBlock(false),
        V({ alignItems: 'flex-end' }, stack(d.seller.contact, { fontSize: 8, textAlign: 'right' })),
      ),
      ...(d.senderLine
        ? [T(d.senderLine, { fontSize: 6.5, textDecoration: 'underline', marginBottom: 5 })]
        : []),
      V(
        { flexDirection: 'row', justifyContent: 'space-between', minHeight: 80 },
        buyerBlock('48%'),
        V({ width: '44%', backgroundColor: '#f4f4f4', padding: 6 }, kv(d.meta, '50%')),
      ),
      T(d.title, { fontSize: 16, fontWeight: 'bold', marginTop: 14 }),
    ];
  };

  const pageBody = (p: number): El[] => {
    const rows = d.pages[p - 1] ?? [];
    const out: El[] =
      p === 1 ? firstHeader() : [T(d.contLabel, { fontSize: 11, fontWeight: 'bold', color: acc })];
    if (p === 1) out.push(...d.intro.map((s) => T(s, { marginTop: 6 })));
    out.push(headRow);
    if (p > 1 && d.carryIn) out.push(carryRow(d.carryIn));
    out.push(...rows.map((r, i) => row(r, i % 2 === 1)));
    if (p < n) {
      if (d.carryOut) out.push(carryRow(d.carryOut));
      return out;
    }
    out.push(totals);
    if (taxTable) out.push(taxTable);
    out.push(V({ marginTop: 12 }, ...d.notes.map((s) => T(s, { marginBottom: 3 }))));
    if (!sidebar && d.bank.length > 0) {
      out.push(
        V({ marginTop: 8, borderTop: `0.5pt solid ${acc}`, paddingTop: 4 }, stack(d.bank, { fontSize: 8.5 })),
      );
    }
    return out;
  };

  const page = (p: number): El => {
    const base: Style = { fontFamily: d.font, fontSize: 9, color: '#222222', paddingBottom: 70 };
    if (sidebar) {
      return h(
        P.Page,
        { size: 'A4', style: { ...base, flexDirection: 'row' } },
        V(
          { width: 150, backgroundColor: '#f1efe9', padding: 16, paddingTop: 40, marginBottom: -70 },
          sellerBlock(false),
          V({ marginTop: 10 }, stack(d.seller.contact, { fontSize: 7.5, marginBottom: 1 })),
          V({ marginTop: 14 }, stack(d.bank, { fontSize: 7.5, marginBottom: 2 })),
        ),
        V({ flexGrow: 1, width: 400, paddingTop: 40, paddingHorizontal: 36 }, ...pageBody(p)),
        footer(p),
      );
    }
    return h(
      P.Page,
      { size: 'A4', style: { ...base, paddingTop: 36, paddingHorizontal: 40 } },
      ...pageBody(p),
      footer(p),
    );
  };

  return h(
    P.Document,
    {
      title: `${d.title} ${d.contLabel}`,
      author: d.seller.name,
      creator: d.seller.name,
      producer: 'react-pdf',
      creationDate: created,
      modificationDate: created,
      language: d.lang,
    },
    ...d.pages.map((_, i) => page(i + 1)),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Generator 2: Typst (typst-ts-node-compiler)
// ---------------------------------------------------------------------------------------------------------

interface TypstCompiler {
  pdf: (args: { mainFileContent: string }, opts?: { creationTimestamp?: number }) => Uint8Array;
}

interface TypstModule {
  NodeCompiler: { create: (args: { fontArgs: Array<{ fontPaths: string[] }> }) => TypstCompiler };
}

/** A Typst string literal: data never becomes markup. */
function ts(s: string): string {
  return JSON.stringify(s);
}

function typstSource(d: Doc): string {
  const acc = `rgb(${ts(d.accent)})`;
  const stack = (lines: string[], extra = ''): string =>
    `stack(spacing: 2.6pt${extra ? `, ${extra}` : ''}${lines.map((l) => `, ${ts(l)}`).join('')})`;
  const ledger = d.style === 'ledger';
  const boxed = d.style === 'boxed';
  const n = d.pages.length;
  const [pre = '', mid = '', post = ''] = d.pageLabel('PAGENO', 'PAGECOUNT').split(/PAGENO|PAGECOUNT/);
  const pageExpr = `${ts(pre)} + str(counter(page).get().first()) + ${ts(mid)} + str(counter(page).final().first()) + ${ts(post)}`;
  const footerCols = d.footer.map((c) => stack(c, 'dir: ttb'));
  const out: string[] = [];
  out.push(
    `#set page(paper: "a4", margin: (left: 17mm, right: 17mm, top: 15mm, bottom: 27mm), footer: context {`,
    `  set text(size: 6.8pt, fill: luma(80))`,
    `  line(length: 100%, stroke: 0.4pt + luma(150))`,
    `  grid(columns: (${[...footerCols.map(() => '1fr'), 'auto'].join(', ')}), gutter: 8pt, ${[...footerCols, `align(right, ${pageExpr})`].join(', ')})`,
    `})`,
    `#set text(font: ${ts(d.font)}, size: ${ledger ? '8pt' : '9pt'}, lang: ${ts(d.lang)}, hyphenate: false)`,
    `#set par(justify: false, leading: 0.55em)`,
  );
  const meta = `grid(columns: (auto, 1fr), column-gutter: 10pt, row-gutter: 4pt, ${d.meta
    .map(([k, v]) => `text(fill: luma(90), ${ts(k)}), ${ts(v)}`)
    .join(', ')})`;
  const buyer = `stack(spacing: 2.6pt, ${d.buyerLabel ? `text(size: 7pt, fill: luma(110), ${ts(d.buyerLabel)}), ` : ''}strong(${ts(d.buyer[0] ?? '')})${d.buyer
    .slice(1)
    .map((l) => `, ${ts(l)}`)
    .join('')})`;
  const sellerName = `text(size: ${ledger ? '12pt' : '15pt'}, weight: "bold", fill: ${acc}, ${ts(d.seller.name)})`;
  const nc = d.head.length;
  const colSpec = d.widths.map((w) => `${w}%`).join(', ');
  const alignSpec = d.align.map((a) => (a === 'r' ? 'right' : 'left')).join(', ');
  const tableStart = (): string => {
    const stroke = boxed
      ? 'stroke: 0.4pt + luma(160)'
      : ledger
        ? 'stroke: (x, y) => if y == 0 { (bottom: 0.8pt) } else { none }'
        : 'stroke: (x, y) => (bottom: 0.4pt + luma(190))';
    const fill = boxed || ledger ? 'none' : `(x, y) => if y == 0 { ${acc}.lighten(82%) }`;
    return `#table(columns: (${colSpec}), align: (${alignSpec}), inset: (x: 3pt, y: 3.4pt), ${stroke}, fill: ${fill},\n  table.header(${d.head.map((c) => `strong(${ts(c)})`).join(', ')}),`;
  };
  const carry = (c: [string, string]): string =>
    `  table.cell(colspan: ${nc - 1}, align: right, strong(${ts(c[0])})), strong(${ts(c[1])}),`;

  for (let p = 1; p <= n; p++) {
    if (p > 1) {
      out.push('#pagebreak()');
      out.push(`#text(size: 10pt, weight: "bold", fill: ${acc}, ${ts(d.contLabel)})`, '#v(4pt)');
    } else if (ledger) {
      out.push(
        `#grid(columns: (1fr, auto), gutter: 10pt, stack(spacing: 3pt, ${sellerName}, ${stack(d.seller.lines)}, ${stack(d.seller.contact)}), align(right, text(size: 16pt, weight: "bold", ${ts(d.title)})))`,
        '#line(length: 100%, stroke: 1pt)',
        `#grid(columns: (1fr, 1fr), gutter: 12pt, ${buyer}, ${meta})`,
        '#line(length: 100%, stroke: 1pt)',
      );
    } else if (boxed) {
      out.push(
        `#grid(columns: (1fr, auto), gutter: 10pt, stack(spacing: 3pt, ${sellerName}, ${stack(d.seller.lines)}), align(right, ${stack(d.seller.contact)}))`,
        '#v(10pt)',
        `#grid(columns: (1fr, 1.45fr), gutter: 12pt, rect(width: 100%, radius: 3pt, stroke: 0.8pt + ${acc}, inset: 8pt, ${buyer}), rect(width: 100%, radius: 3pt, stroke: 0.8pt + ${acc}, inset: 8pt, ${meta}))`,
        `#v(8pt)`,
        `#text(size: 17pt, weight: "bold", fill: ${acc}, ${ts(d.title)})`,
      );
    } else {
      out.push(
        `#grid(columns: (1fr, 1fr), gutter: 10pt, stack(spacing: 3pt, ${sellerName}, ${stack(d.seller.lines)}), align(right, stack(spacing: 3pt, text(size: 20pt, weight: "bold", ${ts(d.title)}), ${stack(d.seller.contact)})))`,
        '#v(14pt)',
        `#grid(columns: (1fr, 1fr), gutter: 12pt, ${buyer}, block(fill: ${acc}.lighten(90%), inset: 7pt, width: 100%, ${meta}))`,
      );
    }
    if (p === 1) for (const s of d.intro) out.push(`#v(4pt)`, `#${ts(s)}`);
    out.push('#v(6pt)', tableStart());
    if (p > 1 && d.carryIn) out.push(carry(d.carryIn));
    for (const r of d.pages[p - 1] ?? []) out.push(`  ${r.map(ts).join(', ')},`);
    if (p < n && d.carryOut) out.push(carry(d.carryOut));
    out.push(')');
    if (p < n) continue;
    out.push(
      `#align(right, block(width: 60%, grid(columns: (1fr, auto), row-gutter: 5pt, column-gutter: 10pt, ${d.totals
        .map(([k, v, b]) => (b ? `strong(${ts(k)}), strong(${ts(v)})` : `${ts(k)}, ${ts(v)}`))
        .join(', ')})))`,
    );
    if (d.taxTable) {
      const t = d.taxTable;
      out.push(
        '#v(6pt)',
        `#block(width: 62%, table(columns: ${t.head.length}, align: (left, ${t.head
          .slice(1)
          .map(() => 'right')
          .join(
            ', ',
          )}), inset: 3pt, stroke: 0.4pt + luma(170), ${t.head.map((c) => `strong(${ts(c)})`).join(', ')}, ${t.rows
          .flat()
          .map(ts)
          .join(', ')}))`,
      );
    }
    out.push('#v(8pt)', ...d.notes.map((s) => `#block(${ts(s)})`));
    if (d.bank.length > 0)
      out.push('#v(4pt)', `#block(stroke: (top: 0.6pt + ${acc}), inset: (top: 5pt), ${stack(d.bank)})`);
  }
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------------
// Generator 3: asciidoctor-pdf
// ---------------------------------------------------------------------------------------------------------

/** Text for AsciiDoc: markup characters become attribute references, no typographic replacement applies. */
function ad(s: string): string {
  if (/[!{}\\]/.test(s)) throw new Error(`character not allowed in AsciiDoc text: ${s}`);
  return s
    .replace(/\*/g, '{asterisk}')
    .replace(/\+/g, '{plus}')
    .replace(/\|/g, '{vbar}')
    .replace(/\[/g, '{startsb}')
    .replace(/\]/g, '{endsb}')
    .replace(/\^/g, '{caret}')
    .replace(/~/g, '{tilde}')
    .replace(/`/g, '{backtick}')
    .replace(/'/g, '{apos}')
    .replace(/"/g, '{quot}')
    .replace(/--/g, '-{empty}-')
    .replace(/\.\.\./g, '..{empty}.')
    .replace(/\((C|R|TM)\)/g, '({empty}$1)')
    .replace(/#/g, '{empty}#{empty}')
    .replace(/_/g, '{empty}_{empty}')
    .replace(/<</g, '<{empty}<');
}

function adLines(lines: string[]): string {
  return lines.map(ad).join(' +\n');
}

function asciidocTheme(d: Doc): string {
  const fonts: Record<string, [string, string, string, string]> = {
    LiberationSans: ['Sans-Regular', 'Sans-Bold', 'Sans-Italic', 'Sans-BoldItalic'].map((x) =>
      path.join(LIB2, `Liberation${x}.ttf`),
    ) as [string, string, string, string],
    LiberationSerif: ['Serif-Regular', 'Serif-Bold', 'Serif-Italic', 'Serif-BoldItalic'].map((x) =>
      path.join(LIB2, `Liberation${x}.ttf`),
    ) as [string, string, string, string],
    DejaVuSans: ['', '-Bold', '-Oblique', '-BoldOblique'].map((x) =>
      path.join(DEJAVU, `DejaVuSans${x}.ttf`),
    ) as [string, string, string, string],
  };
  const f = fonts[d.font];
  if (!f) throw new Error(`no font ${d.font}`);
  // Running content goes through the normal substitutions: AsciiDoc text, hard line breaks (" +" + newline).
  const label = ad(d.pageLabel('PAGENO', 'PAGECOUNT'))
    .replace('PAGENO', '{page-number}')
    .replace('PAGECOUNT', '{page-count}');
  const footer = [...d.footer.flat().map(ad), label].join(' +\n');
  const statement = d.style === 'statement';
  const side = (s: string): string =>
    `  ${s}:\n    left:\n      content: ''\n    center:\n      content: ${JSON.stringify(footer)}\n    right:\n      content: ''`;
  return [
    'extends: default',
    'font:',
    '  catalog:',
    '    Main:',
    `      normal: ${f[0]}`,
    `      bold: ${f[1]}`,
    `      italic: ${f[2]}`,
    `      bold_italic: ${f[3]}`,
    'page:',
    '  size: A4',
    '  margin: [14mm, 16mm, 28mm, 16mm]',
    'base:',
    '  font-family: Main',
    `  font-size: ${statement ? 8.8 : 9.2}`,
    '  line-height: 1.25',
    'heading:',
    '  font-family: Main',
    `  font-color: '${d.accent}'`,
    '  h2-font-size: 17',
    '  margin-bottom: 6',
    'code:',
    '  font-family: Main',
    'role:',
    '  seller:',
    '    font-size: 15',
    '    font-style: bold',
    `    font-color: '${d.accent}'`,
    '  small:',
    '    font-size: 7.5',
    "    font-color: '666666'",
    '  cont:',
    '    font-size: 10.5',
    '    font-style: bold',
    `    font-color: '${d.accent}'`,
    'table:',
    `  font-size: ${statement ? 8.2 : 8.6}`,
    '  cell-padding: [2.4, 4, 2.4, 4]',
    "  border-color: 'BBBBBB'",
    "  grid-color: 'CCCCCC'",
    '  head:',
    `    background-color: '${statement ? d.accent : 'EEEEEE'}'`,
    `    font-color: '${statement ? 'FFFFFF' : '222222'}'`,
    '    font-style: bold',
    'footer:',
    '  height: 24mm',
    '  font-size: 6.8',
    "  font-color: '555555'",
    "  columns: '<4% =92% >4%'",
    side('recto'),
    side('verso'),
    '',
  ].join('\n');
}

function asciidocSource(d: Doc): string {
  const out: string[] = [':reproducible:', ':hyphens!:', ':table-caption!:', ''];
  const n = d.pages.length;
  const nc = d.head.length;
  const metaNested = [
    '[cols="1,1",frame=none,grid=none,stripes=none]',
    '!===',
    ...d.meta.map(([k, v]) => `!${ad(k)} !${ad(v)}`),
    '!===',
  ].join('\n');
  const buyer = [
    ...(d.buyerLabel ? [`[.small]#${ad(d.buyerLabel)}#`] : []),
    `**${ad(d.buyer[0] ?? '')}**`,
    ...d.buyer.slice(1).map(ad),
  ].join(' +\n');
  const seller = [`[.seller]#${ad(d.seller.name)}#`, ...d.seller.lines.map(ad)].join(' +\n');
  const table = (rows: string[][], pre: [string, string] | null, post: [string, string] | null): string[] => {
    const cols = d.widths.map((w, i) => `${d.align[i] === 'r' ? '>' : '<'}${w}`).join(',');
    const frame =
      d.style === 'statement' ? 'frame=topbot,grid=rows,stripes=even' : 'frame=none,grid=rows,stripes=none';
    const carry = (c: [string, string]): string => `${nc - 1}+>|**${ad(c[0])}** >|**${ad(c[1])}**`;
    return [
      `[cols="${cols}",options="header",${frame}]`,
      '|===',
      d.head.map((h) => `|${ad(h)}`).join(' '),
      ...(pre ? [carry(pre)] : []),
      ...rows.map((r) => r.map((c) => `|${ad(c)}`).join(' ')),
      ...(post ? [carry(post)] : []),
      '|===',
      '',
    ];
  };
  for (let p = 1; p <= n; p++) {
    if (p > 1) out.push('<<<', '', `[.cont]#${ad(d.contLabel)}#`, '');
    else if (d.style === 'statement') {
      out.push(
        '[cols="60a,40a",frame=none,grid=none,stripes=none]',
        '|===',
        `|${seller}`,
        `|${adLines(d.seller.contact)}`,
        '|===',
        '',
        "'''",
        '',
        '[cols="45a,55a",frame=none,grid=none,stripes=none]',
        '|===',
        `|${buyer}`,
        `|[discrete]\n== ${ad(d.title)}\n\n${metaNested}`,
        '|===',
        '',
      );
    } else {
      out.push(
        '[cols="55a,45a",frame=none,grid=none,stripes=none]',
        '|===',
        `|${seller} +\n${adLines(d.seller.contact)}`,
        `|[discrete]\n== ${ad(d.title)}\n\n${metaNested}`,
        '|===',
        '',
        buyer,
        '',
      );
    }
    if (p === 1) for (const s of d.intro) out.push(ad(s), '');
    out.push(...table(d.pages[p - 1] ?? [], p > 1 ? d.carryIn : null, p < n ? d.carryOut : null));
    if (p < n) continue;
    out.push(
      '[cols="<3,>2",frame=none,grid=none,stripes=none,width=55%,align=right]',
      '|===',
      ...d.totals.map(([k, v, b]) => (b ? `|**${ad(k)}** |**${ad(v)}**` : `|${ad(k)} |${ad(v)}`)),
      '|===',
      '',
    );
    if (d.taxTable) {
      const t = d.taxTable;
      out.push(
        `[cols="${t.head.map((_, i) => (i === 0 ? '<1' : '>1')).join(',')}",options="header",frame=topbot,grid=rows,width=60%]`,
        '|===',
        t.head.map((h) => `|${ad(h)}`).join(' '),
        ...t.rows.map((r) => r.map((c) => `|${ad(c)}`).join(' ')),
        '|===',
        '',
      );
    }
    for (const s of d.notes) out.push(ad(s), '');
    if (d.bank.length > 0) out.push("'''", '', adLines(d.bank), '');
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Keys and verification
// ---------------------------------------------------------------------------------------------------------

const GEN_NAME: Record<Gen, string> = {
  react: '@react-pdf/renderer',
  asciidoc: 'asciidoctor-pdf',
  typst: 'typst',
};

function stem(s: Spec): string {
  return `${s.lang}-${s.n}-${s.gen}-${s.layout}`;
}

type KeyValue = string | null | Array<{ rate: string; net: string; tax: string }>;

function keyOf(s: Spec, c: Calc): Record<string, unknown> {
  const fields: Record<string, KeyValue> = {
    number: s.number,
    issue_date: s.issue,
    due_date: s.due,
    currency: s.currency,
    total_net: dec(c.net),
    total_tax: dec(c.tax),
    total: dec(c.total),
    amount_due: dec(c.due),
    tax_breakdown: c.groups.map((g) => ({ rate: g.rate, net: dec(g.net), tax: dec(g.tax) })),
    seller_name: s.seller.name,
    seller_vat_id: s.seller.vat?.norm ?? null,
    seller_registration_id: s.seller.reg?.norm ?? null,
    seller_email: s.seller.email,
    iban: s.iban?.norm ?? null,
    bic: s.bic,
    payment_reference: s.payRef?.norm ?? null,
    purchase_order: s.po,
    buyer_reference: s.buyerRef,
    buyer_name: s.buyer.name,
    buyer_vat_id: s.buyer.vat?.norm ?? null,
  };
  return {
    source: 'react-blind',
    generator: 'react-blind',
    file: `${stem(s)}.pdf`,
    producer: `scripts/make-react-invoices.ts (${GEN_NAME[s.gen]})`,
    type_code: s.typeCode,
    seller_country: s.country,
    fields,
  };
}

/** [what, printed form, only on the last page?] for every non-null key value. */
function printedForms(s: Spec, c: Calc): Array<[string, string, boolean]> {
  const f = s.f;
  const out: Array<[string, string, boolean]> = [
    ['number', s.number, false],
    ['issue_date', f.d(s.issue), false],
    ['total_net', f.n(c.net), true],
    ['total_tax', f.n(c.tax), true],
    ['total', f.n(c.total), true],
    ['amount_due', f.n(c.due), true],
    ['seller_name', s.seller.name, false],
    ['buyer_name', s.buyer.name, false],
  ];
  const opt = (k: string, v: string | null | undefined): void => {
    if (v) out.push([k, v, false]);
  };
  opt('due_date', s.due ? f.d(s.due) : null);
  opt('seller_vat_id', s.seller.vat?.printed);
  opt('seller_registration_id', s.seller.reg?.printed);
  opt('seller_email', s.seller.email);
  opt('iban', s.iban?.printed);
  opt('bic', s.bic);
  opt('payment_reference', s.payRef?.printed);
  opt('purchase_order', s.po);
  opt('buyer_reference', s.buyerRef);
  opt('buyer_vat_id', s.buyer.vat?.printed);
  for (const g of c.groups) {
    out.push([`tax_breakdown ${g.rate} rate`, f.r(g.rate), true]);
    out.push([`tax_breakdown ${g.rate} net`, f.n(g.net), true]);
    out.push([`tax_breakdown ${g.rate} tax`, f.n(g.tax), true]);
  }
  return out;
}

function sumsProblems(s: Spec, c: Calc): string[] {
  const p: string[] = [];
  const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);
  if (sum(c.amounts) !== c.net) p.push('lines do not add up to the net');
  if (sum(c.groups.map((g) => g.net)) !== c.net) p.push('breakdown nets do not add up');
  if (sum(c.groups.map((g) => g.tax)) !== c.tax) p.push('breakdown taxes do not add up');
  for (const g of c.groups) if (taxOf(g.net, g.rate) !== g.tax) p.push(`tax at ${g.rate} % not half-up`);
  if (c.total !== c.net + c.tax) p.push('total ≠ net + tax');
  if (c.due !== c.total - c.advance - c.withholding) p.push('amount due ≠ total − advance − withholding');
  if (s.typeCode === '381' && c.due !== c.total) p.push('credit note: amount due ≠ total');
  if (s.split && sum(c.amounts.slice(0, s.split)) !== c.carry) p.push('carried-forward subtotal wrong');
  if (c.net <= 0 || c.due <= 0) p.push('non-positive amounts');
  return p;
}

function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): string {
  return execFileSync(cmd, args, {
    encoding: 'utf8',
    env: env ?? process.env,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function squash(t: string): string {
  return t.replace(/\s+/g, ' ');
}

function verifyPdf(file: string, s: Spec, c: Calc, d: Doc): string[] {
  const problems: string[] = [];
  const info = run('pdfinfo', [file]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  if (pages !== d.pages.length) problems.push(`page count ${pages}, designed ${d.pages.length}`);
  const text = (mode: string, last: boolean): string =>
    run('pdftotext', [
      mode,
      '-enc',
      'UTF-8',
      ...(last ? ['-f', String(pages), '-l', String(pages)] : []),
      file,
      '-',
    ]);
  for (const mode of ['-layout', '-raw']) {
    const all = text(mode, false);
    const allSq = squash(all);
    const lastSq = squash(text(mode, true));
    if (/\uFFFD|Ã|â€|Â/.test(all)) problems.push(`${mode}: replacement character or mojibake`);
    for (const [what, printed, lastOnly] of printedForms(s, c)) {
      const hay = lastOnly ? lastSq : allSq;
      if (!hay.includes(squash(printed)))
        problems.push(`${mode}: ${what} "${printed}" not found${lastOnly ? ' on the last page' : ''}`);
    }
    const want = new Set(
      [...docStrings(d).join('')].filter((ch) => ch.charCodeAt(0) > 127 && !/\s/.test(ch)),
    );
    for (const ch of want) if (!all.includes(ch)) problems.push(`${mode}: non-ASCII "${ch}" lost`);
  }
  return problems;
}

function crossCheckIds(): string[] {
  const file = path.join(BUILD, 'ids.json');
  fs.writeFileSync(file, JSON.stringify(idsToCheck));
  const py = [
    'import json, sys',
    'from stdnum import iban, iso11649',
    'from stdnum.eu import vat as euvat',
    'from stdnum.gb import vat as gbvat',
    'from stdnum.ch import vat as chvat',
    'from stdnum.fr import siren',
    'bad = []',
    'for kind, v in json.load(open(sys.argv[1])):',
    "    if kind == 'iban': ok = iban.is_valid(v)",
    "    elif kind == 'rf': ok = iso11649.is_valid(v)",
    "    elif kind == 'siren': ok = siren.is_valid(v)",
    "    elif kind == 'ogm': ok = len(v) == 12 and v.isdigit() and (int(v[:10]) % 97 or 97) == int(v[10:])",
    "    elif kind == 'vat': ok = gbvat.is_valid(v) if v[:2] == 'GB' else chvat.is_valid(v) if v[:2] == 'CH' else euvat.is_valid(v)",
    '    else: ok = False',
    '    if not ok: bad.append(kind + " " + v)',
    'print(json.dumps(bad))',
  ].join('\n');
  try {
    const bad = JSON.parse(run(PY, ['-c', py, file])) as string[];
    return bad.map((b) => `python-stdnum rejects ${b}`);
  } catch (e) {
    return [`python-stdnum check failed to run (apt-get install -y python3-stdnum): ${(e as Error).message}`];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------

function epoch(iso: string): number {
  return Math.floor(Date.parse(`${iso}T09:00:00Z`) / 1000);
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const require = createRequire(path.join(NODE_DIR, 'noop.js'));
  let R: ReactModule;
  let P: ReactPdfModule;
  let typst: TypstModule;
  try {
    R = require('react') as ReactModule;
    // ESM-only package: resolve it from the install folder, then import it (require(esm) trips over its exports).
    P = (await import(pathToFileURL(require.resolve('@react-pdf/renderer')).href)) as ReactPdfModule;
    typst = require('@myriaddreamin/typst-ts-node-compiler') as TypstModule;
  } catch (e) {
    console.error(`Cannot load the generators from ${NODE_DIR}: ${(e as Error).message}`);
    console.error(
      `Install them with: npm install --prefix ${NODE_DIR} --no-save @react-pdf/renderer@4 react@18 @myriaddreamin/typst-ts-node-compiler`,
    );
    process.exit(2);
  }
  for (const tool of ['pdfinfo', 'pdftotext', 'asciidoctor-pdf', PY]) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      console.error(`${tool} missing: apt-get install -y ruby-asciidoctor-pdf python3-stdnum poppler-utils`);
      process.exit(2);
    }
  }
  registerReactFonts(P);
  const compiler = typst.NodeCompiler.create({ fontArgs: [{ fontPaths: [LIB2, DEJAVU] }] });
  fs.mkdirSync(OUT, { recursive: true });
  for (const sub of ['adoc', 'typ']) fs.mkdirSync(path.join(BUILD, sub), { recursive: true });

  const failures: string[] = crossCheckIds();
  const counts: Record<string, number> = {};
  for (const s of specs) {
    counts[s.gen] = (counts[s.gen] ?? 0) + 1;
    const name = stem(s);
    const c = calc(s);
    const d = buildDoc(s, c);
    const pdfFile = path.join(OUT, `${name}.pdf`);
    const problems = sumsProblems(s, c);
    if (s.gen === 'react') {
      const buf = await P.renderToBuffer(reactDocument(d, new Date(epoch(s.issue) * 1000), R, P));
      fs.writeFileSync(pdfFile, buf);
    } else if (s.gen === 'typst') {
      const src = typstSource(d);
      fs.writeFileSync(path.join(BUILD, 'typ', `${name}.typ`), src);
      fs.writeFileSync(
        pdfFile,
        compiler.pdf({ mainFileContent: src }, { creationTimestamp: epoch(s.issue) }),
      );
    } else {
      const dir = path.join(BUILD, 'adoc');
      const adoc = path.join(dir, `${name}.adoc`);
      const theme = path.join(dir, `${name}-theme.yml`);
      fs.writeFileSync(adoc, asciidocSource(d));
      fs.writeFileSync(theme, asciidocTheme(d));
      try {
        const env = { ...process.env, SOURCE_DATE_EPOCH: String(epoch(s.issue)), TZ: 'UTC' };
        execFileSync('asciidoctor-pdf', ['-a', `pdf-theme=${theme}`, '-o', pdfFile, adoc], {
          env,
          stdio: 'pipe',
        });
      } catch (e) {
        problems.push(
          `asciidoctor-pdf failed: ${(e as { stderr?: Buffer }).stderr?.toString() ?? String(e)}`,
        );
      }
    }
    if (fs.existsSync(pdfFile)) problems.push(...verifyPdf(pdfFile, s, c, d));
    fs.writeFileSync(path.join(OUT, `${name}.key.json`), `${JSON.stringify(keyOf(s, c), null, 2)}\n`);
    console.log(
      `${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name}.pdf  ${d.pages.length} p.  ${s.currency} ${dec(c.due)}`,
    );
    failures.push(...problems.map((p) => `${name}: ${p}`));
  }
  const names = specs.map(stem);
  if (new Set(names).size !== 24 || Object.values(counts).some((n) => n !== 8))
    failures.push('expected 24 files, 8 per generator');
  console.log(`${specs.length} invoices in ${OUT} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (failures.length > 0) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}

await main();
