/**
 * make-app-invoices.ts: a held-out ("app-blind") corpus of 24 supplier invoices as PDF, one answer key each.
 *
 * Run:
 *   node --import tsx scripts/make-app-invoices.ts
 *   APP_INVOICES_OUT=/tmp/app-out node --import tsx scripts/make-app-invoices.ts
 * Output: $APP_INVOICES_OUT (default test/fixtures/capture/app-blind): `<lang>-<n>-<generator>-<layout>.pdf`
 * and `<same name>.key.json`. Intermediates (HTML, helper programs, dompdf font cache) go to
 * $APP_INVOICES_BUILD (default /tmp/app-build).
 *
 * Requirements (Debian 12):
 *   apt-get install -y php-cli php-dompdf python3-pyqt5 python3-stdnum poppler-utils fonts-dejavu-core
 *     fonts-liberation2
 *     (tested: php-dompdf 2.0.3+dfsg-1+deb12u1 with php 8.2, python3-pyqt5 5.15.9 on Qt 5.15.8,
 *      python3-stdnum 1.18, poppler-utils pdfinfo/pdftotext 22.12)
 *   npm install --prefix /tmp/app-build/node --no-save pdf-lib@1.17.1
 *     (loaded with createRequire from /tmp/app-build/node; nothing is added to the repository)
 *
 * Generators (three PDF producers that lay out and encode text differently):
 *   dompdf  PHP dompdf 2.0.3 (CPDF back end): HTML/CSS box layout, DejaVu TrueType subsets as CID fonts.
 *           en-1 saas, en-4 garage, de-3 saas, fr-2 public, nl-1 wholesale, nl-4 feenote, es-3 public, it-2 public
 *   qt      PyQt5 QTextDocument printed through QPrinter (Qt's own PDF engine): rich-text table layout,
 *           whole Liberation fonts as CID TrueType, Identity-H.
 *           en-2 hotel, de-1 garage, de-4 wholesale, fr-3 freight, nl-2 garage, es-1 feenote, es-4 wholesale, it-3 garage
 *   pdflib  pdf-lib 1.17.1 drawing every string at absolute positions computed here, with the
 *           non-embedded standard 14 fonts (Helvetica/Times, WinAnsiEncoding simple fonts).
 *           en-3 wholesale, de-2 freight, fr-1 feenote, fr-4 saas, nl-3 saas, es-2 hotel, it-1 feenote, it-4 hotel
 * Layouts: saas (subscription), garage (parts and labour), freight (forwarder, many charges), feenote
 *   (lawyer's / doctor's fee note), wholesale (article list), public (e-invoice visualisation for a public
 *   body), hotel (guest folio).
 * Two-page documents (page subtotal carried forward, totals only on page 2): en-3, de-2, de-4, fr-3, nl-1.
 *
 * Features: UK and Irish, German/Austrian/Swiss, French/Belgian/Luxembourg, Dutch/Flemish, Spanish and
 * Italian wording with varied label synonyms; number forms 1,234.56 / 1.234,56 / 1 234,56 / 1'234.56;
 * dates with / . - , two-digit years, written months and ISO; labels left of, above and boxed around values;
 * GBP, CHF, EUR; credit notes fr-4 (printed positive) and nl-3 (printed negative); advances / deposits
 * deducted (de-1, en-2, es-2, it-4, nl-4); Spanish IRPF (es-1) and Italian ritenuta d'acconto (it-1);
 * intra-EU reverse charge at 0 % (fr-3); several VAT rates with a breakdown table (en-2, en-3, en-4, de-4,
 * fr-2, nl-1, es-2, es-4, it-2, it-4); RF creditor reference (nl-1, de-2); Belgian structured communication
 * (fr-2, nl-2); distractors: customer numbers, order and delivery-note numbers and dates, buyer VAT id beside
 * the seller's, phone/fax, sort codes and national account numbers beside the IBAN, second bank accounts,
 * previous balances, service periods, early-payment discount dates, share capital, page subtotals.
 *
 * Key conventions: type_code 380 invoice / 381 credit note; amounts plain decimals with two places,
 * credit notes as positive magnitudes; total_net = lines + charges subject to VAT; total = total_net +
 * total_tax; amount_due = total - advance - withholding (credit note: its total); tax_breakdown one entry per
 * rate, tax rounded half up per rate from that rate's net in integer cents; ISO dates; VAT ids with country
 * prefix and no separators; registration ids without court/town; payment_reference without spaces (Belgian
 * structured communication without +++); purchase_order = the buyer's order number; buyer_reference = the
 * buyer's "your reference"; everything not printed is null.
 *
 * Verification (the script exits non-zero on any failure): every IBAN, VAT id, RF reference and Belgian
 * structured communication is checked by the code below and cross-checked with python3-stdnum; pdfinfo
 * page count as designed; pdftotext -layout and -raw contain every non-null key value in its printed form
 * (total and amount due on the last page); no U+FFFD or mojibake; every non-ASCII character comes back.
 *
 * Determinism: no clock, no randomness. pdf-lib gets fixed dates; the dompdf and Qt files get their
 * CreationDate / ModDate / ID strings overwritten with fixed strings of the same length, and Qt runs
 * with QT_HASH_SEED=0 (fixed font embedding order), so two runs are byte-identical.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type PdfLib = typeof import('pdf-lib');
type PDFFont = import('pdf-lib').PDFFont;
type PDFPage = import('pdf-lib').PDFPage;

const OUT = process.env['APP_INVOICES_OUT'] ?? 'test/fixtures/capture/app-blind';
const BUILD = process.env['APP_INVOICES_BUILD'] ?? '/tmp/app-build';
const PY = '/usr/bin/python3';
const failures: string[] = [];
const fail = (msg: string): void => {
  failures.push(msg);
};

// ---------------------------------------------------------------- identifiers with check digits

const toDigits = (s: string): string =>
  s
    .toUpperCase()
    .split('')
    .map((c) => (c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
const mod97 = (s: string): number => Number(BigInt(toDigits(s)) % 97n);
const pad2 = (n: number): string => String(n).padStart(2, '0');
const digitSum = (n: number): number => (n > 9 ? n - 9 : n);
const luhnDigit = (base: string): number => {
  let sum = 0;
  const rev = base.split('').reverse();
  rev.forEach((c, i) => {
    const d = Number(c);
    sum += i % 2 === 0 ? digitSum(d * 2) : d;
  });
  return (10 - (sum % 10)) % 10;
};
const luhnValid = (s: string): boolean => luhnDigit(s.slice(0, -1)) === Number(s.slice(-1));

const IBAN_LEN: Record<string, number> = {
  DE: 22,
  AT: 20,
  CH: 21,
  FR: 27,
  BE: 16,
  NL: 18,
  LU: 20,
  ES: 24,
  IT: 27,
  GB: 22,
  IE: 22,
};
const iban = (cc: string, bban: string): string => cc + pad2(98 - mod97(bban + cc + '00')) + bban;
const beBban = (b10: string): string => b10 + pad2(Number(BigInt(b10) % 97n) || 97);
const frRib = (bank: string, office: string, acct: string): string =>
  bank + office + acct + pad2(97 - ((89 * Number(bank) + 15 * Number(office) + 3 * Number(acct)) % 97));
const esDc = (ten: string): number => {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const s = ten.split('').reduce((a, c, i) => a + Number(c) * (w[i] ?? 0), 0);
  const d = 11 - (s % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
};
const esBban = (bank: string, office: string, acct: string): string =>
  bank + office + String(esDc('00' + bank + office)) + String(esDc(acct)) + acct;
const IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const itCin = (s: string): string => {
  let sum = 0;
  s.split('').forEach((c, i) => {
    const v = c >= '0' && c <= '9' ? Number(c) : c.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? (IT_ODD[v] ?? 0) : v;
  });
  return String.fromCharCode(65 + (sum % 26));
};
const itBban = (abi: string, cab: string, acct: string): string => itCin(abi + cab + acct) + abi + cab + acct;

const ibanValid = (s: string): boolean => {
  const cc = s.slice(0, 2);
  if (IBAN_LEN[cc] !== s.length || mod97(s.slice(4) + s.slice(0, 4)) !== 1) return false;
  const b = s.slice(4);
  if (cc === 'BE') return Number(BigInt(b.slice(0, 10)) % 97n || 97n) === Number(b.slice(10));
  if (cc === 'FR') return frRib(b.slice(0, 5), b.slice(5, 10), b.slice(10, 21)) === b;
  if (cc === 'ES') return esBban(b.slice(0, 4), b.slice(4, 8), b.slice(10)) === b;
  if (cc === 'IT') return itBban(b.slice(1, 6), b.slice(6, 11), b.slice(11)) === b;
  return true;
};

const mod1110 = (base: string): number => {
  let p = 10;
  for (const c of base) {
    let s = (Number(c) + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  return (11 - p) % 10;
};
const vatDE = (b8: string): string => 'DE' + b8 + String(mod1110(b8));
const atCheck = (b7: string): number => {
  const s = b7.split('').reduce((a, c, i) => a + (i % 2 === 1 ? digitSum(Number(c) * 2) : Number(c)), 0);
  return (10 - ((s + 4) % 10)) % 10;
};
const vatAT = (b7: string): string => 'ATU' + b7 + String(atCheck(b7));
const chCheck = (b8: string): number => {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  const c = 11 - (b8.split('').reduce((a, d, i) => a + Number(d) * (w[i] ?? 0), 0) % 11);
  return c === 11 ? 0 : c;
};
const vatCH = (b8: string): string => 'CHE' + b8 + String(chCheck(b8));
const siren = (b8: string): string => b8 + String(luhnDigit(b8));
const vatFR = (sirenNo: string): string => 'FR' + pad2((12 + 3 * (Number(sirenNo) % 97)) % 97) + sirenNo;
const vatBE = (b8: string): string => 'BE' + b8 + pad2(97 - (Number(b8) % 97));
const nlCheck = (b8: string): number => b8.split('').reduce((a, c, i) => a + Number(c) * (9 - i), 0) % 11;
const vatNL = (b8: string): string => 'NL' + b8 + String(nlCheck(b8)) + 'B01';
const vatLU = (b6: string): string => 'LU' + b6 + pad2(Number(b6) % 89);
const cifCheck = (b7: string): number => {
  const s = b7.split('').reduce((a, c, i) => a + (i % 2 === 0 ? digitSum(Number(c) * 2) : Number(c)), 0);
  return (10 - (s % 10)) % 10;
};
const vatES = (letter: string, b7: string): string => 'ES' + letter + b7 + String(cifCheck(b7));
const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const nifES = (b8: string): string => b8 + NIF_LETTERS[Number(b8) % 23];
const vatIT = (b10: string): string => 'IT' + b10 + String(luhnDigit(b10));
const gbSum = (b7: string): number => b7.split('').reduce((a, c, i) => a + Number(c) * (8 - i), 0);
const vatGB = (b7: string): string => 'GB' + b7 + pad2((97 - (gbSum(b7) % 97)) % 97);
const ieLetter = (b7: string): string =>
  'WABCDEFGHIJKLMNOPQRSTUV'[b7.split('').reduce((a, c, i) => a + Number(c) * (8 - i), 0) % 23] ?? '?';
const vatIE = (b7: string): string => 'IE' + b7 + ieLetter(b7);
const rf = (ref: string): string => 'RF' + pad2(98 - mod97(ref + 'RF00')) + ref;
const ogm = (b10: string): string => b10 + pad2(Number(BigInt(b10) % 97n) || 97);
const ogmPrinted = (o: string): string => `+++${o.slice(0, 3)}/${o.slice(3, 7)}/${o.slice(7)}+++`;

const vatValid = (v: string): boolean => {
  const cc = v.slice(0, 2);
  const n = v.slice(2);
  switch (cc) {
    case 'DE':
      return /^\d{9}$/.test(n) && mod1110(n.slice(0, 8)) === Number(n[8]);
    case 'AT':
      return /^U\d{8}$/.test(n) && atCheck(n.slice(1, 8)) === Number(n[8]);
    case 'CH':
      return /^E\d{9}$/.test(n) && chCheck(n.slice(1, 9)) === Number(n[9]);
    case 'FR':
      return /^\d{11}$/.test(n) && luhnValid(n.slice(2)) && vatFR(n.slice(2)) === v;
    case 'BE':
      return /^[01]\d{9}$/.test(n) && 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8));
    case 'NL':
      return /^\d{9}B\d\d$/.test(n) && nlCheck(n.slice(0, 8)) === Number(n[8]);
    case 'LU':
      return /^\d{8}$/.test(n) && Number(n.slice(0, 6)) % 89 === Number(n.slice(6));
    case 'ES':
      if (/^\d{8}[A-Z]$/.test(n)) return nifES(n.slice(0, 8)) === n;
      return /^[ABEH]\d{8}$/.test(n) && cifCheck(n.slice(1, 8)) === Number(n[8]);
    case 'IT':
      return (
        /^\d{11}$/.test(n) && luhnValid(n) && Number(n.slice(7, 10)) >= 1 && Number(n.slice(7, 10)) <= 100
      );
    case 'GB':
      return /^\d{9}$/.test(n) && (gbSum(n.slice(0, 7)) + Number(n.slice(7))) % 97 === 0;
    case 'IE':
      return /^\d{7}[A-W]$/.test(n) && ieLetter(n.slice(0, 7)) === n[7];
    default:
      return false;
  }
};

// ---------------------------------------------------------------- formatting

interface NF {
  g: string;
  d: string;
}
const fmtNum = (cents: number, nf: NF): string => {
  const neg = cents < 0;
  const a = Math.abs(cents);
  const int = String(Math.floor(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, nf.g);
  return (neg ? '-' : '') + int + nf.d + pad2(a % 100);
};
const plain = (cents: number): string =>
  `${Math.floor(Math.abs(cents) / 100)}.${pad2(Math.abs(cents) % 100)}`;
const ymd = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.split('-').map(Number);
  return [y ?? 0, m ?? 0, d ?? 0];
};
const dmy =
  (sep: string, yy = false, padDay = true) =>
  (iso: string): string => {
    const [y, m, d] = ymd(iso);
    const dd = padDay ? pad2(d) : String(d);
    const mm = padDay ? pad2(m) : String(m);
    return `${dd}${sep}${mm}${sep}${yy ? pad2(y % 100) : y}`;
  };
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
const longDate =
  (lang: string) =>
  (iso: string): string => {
    const [y, m, d] = ymd(iso);
    const mon = MONTHS[lang]?.[m - 1] ?? '';
    if (lang === 'de' || lang === 'at') return `${d}. ${mon} ${y}`;
    if (lang === 'es') return `${d} de ${mon} de ${y}`;
    return `${d} ${mon} ${y}`;
  };
const isoDate = (iso: string): string => iso;

// ---------------------------------------------------------------- amounts

interface Line {
  code?: string;
  date?: string;
  desc: string;
  qty: number; // hundredths
  unit?: string;
  price: number; // cents
  rate: string;
}
const L = (desc: string, qty: number, price: number, rate: string, extra: Partial<Line> = {}): Line => ({
  desc,
  qty: Math.round(qty * 100),
  price: Math.round(price * 100),
  rate,
  ...extra,
});
const lineAmt = (l: Line): number => Math.floor((l.qty * l.price + 50) / 100);
const rateBp = (r: string): number => Math.round(Number(r) * 100);

interface Totals {
  lines: number;
  charges: number;
  net: number;
  tax: number;
  total: number;
  perRate: Array<{ rate: string; net: number; tax: number }>;
}
interface Charge {
  label: string;
  amount: number;
  rate: string;
}
const calc = (lines: Line[], charges: Charge[] = []): Totals => {
  const by = new Map<string, number>();
  const add = (r: string, c: number): void => {
    by.set(r, (by.get(r) ?? 0) + c);
  };
  let ls = 0;
  for (const l of lines) {
    ls += lineAmt(l);
    add(l.rate, lineAmt(l));
  }
  let cs = 0;
  for (const c of charges) {
    cs += c.amount;
    add(c.rate, c.amount);
  }
  const perRate = [...by.entries()]
    .sort((a, b) => rateBp(b[0]) - rateBp(a[0]))
    .map(([rate, net]) => ({ rate, net, tax: Math.floor((net * rateBp(rate) + 5000) / 10000) }));
  const tax = perRate.reduce((a, p) => a + p.tax, 0);
  return { lines: ls, charges: cs, net: ls + cs, tax, total: ls + cs + tax, perRate };
};

// ---------------------------------------------------------------- layout blocks

type Block =
  | { k: 'text'; lines: string[]; size?: number; bold?: boolean; align?: 'l' | 'r' }
  | { k: 'kv'; style: 'left' | 'above' | 'box'; items: Array<[string, string]> }
  | { k: 'cols'; left: Block[]; right: Block[]; split?: number }
  | { k: 'table'; cols: Array<{ h: string; w: number; a: 'l' | 'r' }>; rows: string[][]; bold?: number[] }
  | { k: 'totals'; rows: Array<[string, string, boolean?]> }
  | { k: 'rule' }
  | { k: 'gap' }
  | { k: 'foot'; cols: string[][] };

type Gen = 'dompdf' | 'qt' | 'pdflib';
type Layout = 'saas' | 'garage' | 'freight' | 'feenote' | 'wholesale' | 'public' | 'hotel';
type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
interface Id {
  key: string;
  printed: string;
}

interface Doc {
  lang: Lang;
  n: number;
  gen: Gen;
  layout: Layout;
  cc: string;
  credit: boolean;
  neg: boolean;
  currency: 'EUR' | 'GBP' | 'CHF';
  nf: NF;
  fd: (iso: string) => string;
  fdDue?: (iso: string) => string;
  number: string;
  issue: string;
  due: string | null;
  sellerName: string;
  sellerVat: Id | null;
  sellerReg: string | null;
  sellerEmail: string | null;
  iban: Id | null;
  bic: string | null;
  payRef: Id | null;
  po: string | null;
  buyerRef: string | null;
  buyerName: string;
  buyerVat: Id | null;
  t: Totals;
  advance: number;
  withholding: number;
  serif?: boolean;
  pages: Block[][];
}

type ColKind = 'pos' | 'code' | 'date' | 'desc' | 'qty' | 'unit' | 'price' | 'rate' | 'amount';
const COLW: Record<ColKind, number> = {
  pos: 5,
  code: 11,
  date: 10,
  desc: 40,
  qty: 7,
  unit: 6,
  price: 11,
  rate: 7,
  amount: 12,
};

interface Std {
  head: string[];
  contact: string[];
  title: string;
  buyerLabel?: string;
  buyer: string[];
  metaStyle: 'left' | 'above' | 'box';
  meta: Array<[string, string]>;
  metaBelow?: boolean;
  pre?: string[];
  cols: Array<[ColKind, string]>;
  pct?: string;
  split?: number;
  carry?: [string, string, string];
  tot: {
    sub?: string;
    net: string;
    vat?: (rate: string, base: string) => string;
    vatTotal?: string;
    total: string;
    adv?: string;
    wh?: string;
    due?: string;
  };
  cur: (s: string) => string;
  breakdown?: [string, string, string];
  after: string[];
  foot: string[][];
}

const rateTxt = (r: string, nf: NF, pct: string): string => r.replace('.', nf.d) + pct;
const qtyTxt = (q: number, nf: NF): string =>
  q % 100 === 0 ? String(q / 100) : fmtNum(q, { g: '', d: nf.d }).replace(/0$/, '');

/** Builds the pages of a document from its data and the layout options. */
const compose = (d: Omit<Doc, 'pages'>, s: Std, lines: Line[], charges: Charge[]): Block[][] => {
  const sg = d.neg ? -1 : 1;
  const A = (c: number): string => fmtNum(c, d.nf);
  const pct = s.pct ?? ' %';
  const cols = s.cols.map(([kind, h]) => ({
    h,
    w: COLW[kind],
    a: (kind === 'desc' || kind === 'code' || kind === 'date' || kind === 'unit' ? 'l' : 'r') as 'l' | 'r',
  }));
  const cell = (l: Line, i: number, kind: ColKind): string => {
    switch (kind) {
      case 'pos':
        return String(i + 1);
      case 'code':
        return l.code ?? '';
      case 'date':
        return l.date ?? '';
      case 'desc':
        return l.desc;
      case 'qty':
        return (d.neg ? '-' : '') + qtyTxt(l.qty, d.nf);
      case 'unit':
        return l.unit ?? '';
      case 'price':
        return A(l.price);
      case 'rate':
        return rateTxt(l.rate, d.nf, pct);
      case 'amount':
        return A(sg * lineAmt(l));
    }
  };
  const row = (l: Line, i: number): string[] => s.cols.map(([k]) => cell(l, i, k));
  const carryRow = (label: string, v: number): string[] =>
    s.cols.map(([k]) => (k === 'desc' ? label : k === 'amount' ? A(sg * v) : ''));
  const header: Block[] = [
    {
      k: 'cols',
      split: 0.6,
      left: [
        { k: 'text', lines: [s.head[0] ?? ''], bold: true, size: 13 },
        { k: 'text', lines: s.head.slice(1) },
      ],
      right: [{ k: 'text', lines: s.contact, size: 7.5 }],
    },
    { k: 'gap' },
  ];
  const metaBlock: Block = { k: 'kv', style: s.metaStyle, items: s.meta };
  const buyerBlocks: Block[] = [
    ...(s.buyerLabel ? [{ k: 'text', lines: [s.buyerLabel], size: 7.5, bold: true } as Block] : []),
    { k: 'text', lines: s.buyer },
  ];
  const top: Block[] = s.metaBelow
    ? [...buyerBlocks, { k: 'gap' }, { k: 'text', lines: [s.title], bold: true, size: 14 }, metaBlock]
    : [
        { k: 'cols', split: 0.5, left: buyerBlocks, right: [metaBlock] },
        { k: 'gap' },
        { k: 'text', lines: [s.title], bold: true, size: 14 },
      ];
  const pre: Block[] = s.pre ? [{ k: 'text', lines: s.pre }] : [];
  const t = d.t;
  const trows: Array<[string, string, boolean?]> = [];
  if (s.tot.sub) trows.push([s.tot.sub, s.cur(A(sg * t.lines))]);
  for (const c of charges) trows.push([c.label, s.cur(A(sg * c.amount))]);
  trows.push([s.tot.net, s.cur(A(sg * t.net))]);
  if (s.tot.vat) {
    const vat = s.tot.vat;
    for (const p of t.perRate)
      trows.push([vat(rateTxt(p.rate, d.nf, pct), A(sg * p.net)), s.cur(A(sg * p.tax))]);
  }
  if (s.tot.vatTotal) trows.push([s.tot.vatTotal, s.cur(A(sg * t.tax))]);
  trows.push([s.tot.total, s.cur(A(sg * t.total)), true]);
  if (d.advance && s.tot.adv) trows.push([s.tot.adv, s.cur(A(-d.advance))]);
  if (d.withholding && s.tot.wh) trows.push([s.tot.wh, s.cur(A(-d.withholding))]);
  if (s.tot.due) trows.push([s.tot.due, s.cur(A(sg * (t.total - d.advance - d.withholding))), true]);
  const tail: Block[] = [{ k: 'totals', rows: trows }];
  if (s.breakdown) {
    tail.push({ k: 'gap' });
    tail.push({
      k: 'table',
      cols: [
        { h: s.breakdown[0], w: 10, a: 'r' },
        { h: s.breakdown[1], w: 14, a: 'r' },
        { h: s.breakdown[2], w: 14, a: 'r' },
        { h: '', w: 50, a: 'l' },
      ],
      rows: t.perRate.map((p) => [rateTxt(p.rate, d.nf, pct), A(sg * p.net), A(sg * p.tax), '']),
    });
  }
  tail.push({ k: 'gap' }, { k: 'text', lines: s.after }, { k: 'rule' }, { k: 'foot', cols: s.foot });
  if (!s.split || !s.carry) {
    return [[...header, ...top, ...pre, { k: 'table', cols, rows: lines.map(row) }, ...tail]];
  }
  const first = lines.slice(0, s.split);
  const sub1 = first.reduce((a, l) => a + lineAmt(l), 0);
  const p1: Block[] = [
    ...header,
    ...top,
    ...pre,
    { k: 'table', cols, rows: [...first.map(row), carryRow(s.carry[0], sub1)], bold: [first.length] },
    { k: 'text', lines: [s.carry[2].replace('{p}', '1')], align: 'r', size: 7.5 },
    { k: 'rule' },
    { k: 'foot', cols: s.foot },
  ];
  const p2: Block[] = [
    { k: 'text', lines: [`${s.head[0]} - ${s.title} ${d.number}`], bold: true },
    { k: 'text', lines: [s.carry[2].replace('{p}', '2')], align: 'r', size: 7.5 },
    {
      k: 'table',
      cols,
      rows: [carryRow(s.carry[1], sub1), ...lines.slice(s.split).map((l, i) => row(l, i + s.split!))],
      bold: [0],
    },
    ...tail,
  ];
  return [p1, p2];
};

// ---------------------------------------------------------------- HTML (dompdf, Qt)

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const htmlBlock = (b: Block, gen: Gen): string => {
  const fs = (n?: number): string => `font-size:${n ?? 8.5}pt`;
  switch (b.k) {
    case 'text':
      return `<p style="margin:0;white-space:nowrap;${fs(b.size)};${b.bold ? 'font-weight:bold;' : ''}${b.align === 'r' ? 'text-align:right;' : ''}">${b.lines.map(esc).join('<br/>')}</p>`;
    case 'gap':
      return '<p style="margin:0;font-size:6pt">&#160;</p>';
    case 'rule':
      return '<hr/>';
    case 'kv': {
      if (b.style === 'left') {
        return `<table cellspacing="0" cellpadding="1" style="${fs()}">${b.items.map(([l, v]) => `<tr><td style="padding-right:8px;white-space:nowrap">${esc(l)}</td><td style="white-space:nowrap"><b>${esc(v)}</b></td></tr>`).join('')}</table>`;
      }
      const rows: Array<Array<[string, string]>> = [];
      for (let i = 0; i < b.items.length; i += 3) rows.push(b.items.slice(i, i + 3));
      const border =
        b.style === 'box' ? (gen === 'qt' ? ' border="1"' : ' style="border:1px solid #666"') : '';
      const cellStyle = b.style === 'box' && gen === 'dompdf' ? ' style="border:1px solid #666"' : '';
      return `<table width="100%" cellspacing="${b.style === 'box' ? 2 : 0}" cellpadding="2"${border}>${rows
        .map(
          (r) =>
            `<tr>${r.map(([l, v]) => `<td${cellStyle} width="33%"><p style="margin:0;font-size:6.5pt;white-space:nowrap">${esc(l)}</p><p style="margin:0;${fs()};white-space:nowrap">${esc(v)}</p></td>`).join('')}</tr>`,
        )
        .join('')}</table>`;
    }
    case 'cols':
      return `<table width="100%" cellspacing="0" cellpadding="0"><tr><td width="${Math.round((b.split ?? 0.5) * 100)}%" valign="top">${b.left.map((x) => htmlBlock(x, gen)).join('')}</td><td width="${100 - Math.round((b.split ?? 0.5) * 100)}%" valign="top">${b.right.map((x) => htmlBlock(x, gen)).join('')}</td></tr></table>`;
    case 'table': {
      const head = b.cols
        .map(
          (c) =>
            `<th width="${c.w}%" align="${c.a === 'r' ? 'right' : 'left'}" style="${fs(7.5)};white-space:nowrap;border-bottom:1px solid #000">${esc(c.h)}</th>`,
        )
        .join('');
      const body = b.rows
        .map(
          (r, i) =>
            `<tr>${r.map((v, j) => `<td align="${b.cols[j]?.a === 'r' ? 'right' : 'left'}" style="${fs(8)}${(b.cols[j]?.w ?? 0) < 30 ? ';white-space:nowrap' : ''}${b.bold?.includes(i) ? ';font-weight:bold' : ''}">${esc(v)}</td>`).join('')}</tr>`,
        )
        .join('');
      return `<table width="100%" cellspacing="0" cellpadding="2"><thead><tr>${head}</tr></thead>${body}</table>`;
    }
    case 'totals':
      return `<table width="100%" cellspacing="0" cellpadding="1"><tr><td width="45%"></td><td width="55%"><table width="100%" cellspacing="0" cellpadding="1">${b.rows
        .map(
          ([l, v, bold]) =>
            `<tr><td style="${fs()};white-space:nowrap${bold ? ';font-weight:bold' : ''}">${esc(l)}</td><td align="right" style="${fs()};white-space:nowrap${bold ? ';font-weight:bold' : ''}">${esc(v)}</td></tr>`,
        )
        .join('')}</table></td></tr></table>`;
    case 'foot':
      return `<table width="100%" cellspacing="0" cellpadding="1"><tr>${b.cols.map((c) => `<td valign="top" style="${fs(6.5)};white-space:nowrap">${c.map(esc).join('<br/>')}</td>`).join('')}</tr></table>`;
  }
};
/** Qt shapes DejaVu's fi/fl ligatures into single glyphs; Liberation has none in its default features. */
const qtFont = (d: Doc): string | null =>
  d.gen === 'qt' ? (d.serif ? 'Liberation Serif' : 'Liberation Sans') : null;
const toHtml = (d: Doc): string => {
  const font = qtFont(d) ?? (d.serif ? 'DejaVu Serif' : 'DejaVu Sans');
  const pages = d.pages
    .map(
      (p, i) =>
        `<div${i > 0 ? ' style="page-break-before:always"' : ''}>${p.map((b) => htmlBlock(b, d.gen)).join('\n')}</div>`,
    )
    .join('\n');
  const css =
    d.gen === 'dompdf'
      ? `<style>@page { margin: 15mm 14mm; } body { font-family: '${font}'; font-size: 8.5pt; } td, th { vertical-align: top; }</style>`
      : '';
  return `<!DOCTYPE html><html lang="${d.lang}"><head><meta charset="utf-8"/><title>${esc(d.number)}</title>${css}</head><body style="font-family:'${font}';font-size:8.5pt">\n${pages}\n</body></html>\n`;
};

const QT_PY = `import sys
from PyQt5.QtWidgets import QApplication
from PyQt5.QtGui import QTextDocument, QFont, QPageSize, QPageLayout
from PyQt5.QtPrintSupport import QPrinter
from PyQt5.QtCore import QMarginsF, QSizeF
app = QApplication(["qt", "-platform", "offscreen"])
src, out, font = sys.argv[1], sys.argv[2], sys.argv[3]
p = QPrinter(QPrinter.HighResolution)
p.setOutputFormat(QPrinter.PdfFormat)
p.setOutputFileName(out)
p.setPageLayout(QPageLayout(QPageSize(QPageSize.A4), QPageLayout.Portrait, QMarginsF(14, 14, 14, 14), QPageLayout.Millimeter))
p.setCreator("make-app-invoices")
p.setDocName("invoice")
d = QTextDocument()
d.documentLayout().setPaintDevice(p)
d.setDefaultFont(QFont(font, 8))
d.setHtml(open(src, encoding="utf-8").read())
d.setPageSize(QSizeF(p.pageRect(QPrinter.DevicePixel).size()))
d.print_(p)
`;
const DOMPDF_PHP = `<?php
require '/usr/share/php/dompdf/autoload.php';
use Dompdf\\Dompdf; use Dompdf\\Options;
error_reporting(E_ERROR);
$o = new Options();
$o->set('fontDir', $argv[3]); $o->set('fontCache', $argv[3]);
$o->set('chroot', [$argv[3], '/usr/share/fonts/truetype']);
$o->set('defaultFont', 'dejavu sans');
$d = new Dompdf($o);
$fm = $d->getFontMetrics();
foreach ([['DejaVu Sans','normal','DejaVuSans'],['DejaVu Sans','bold','DejaVuSans-Bold'],['DejaVu Serif','normal','DejaVuSerif'],['DejaVu Serif','bold','DejaVuSerif-Bold']] as $f) {
  $fm->registerFont(['family'=>$f[0],'weight'=>$f[1],'style'=>'normal'], 'file:///usr/share/fonts/truetype/dejavu/'.$f[2].'.ttf');
}
$d->loadHtml(file_get_contents($argv[1]), 'UTF-8');
$d->setPaper('A4', 'portrait');
$d->render();
file_put_contents($argv[2], $d->output());
`;

const run = (cmd: string, args: string[], env: Record<string, string> = {}): string => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
};

/** Overwrites run-dependent strings (dates, /ID) with fixed strings of the same length. */
const fixBytes = (buf: Buffer): Buffer => {
  const s = buf
    .toString('latin1')
    .replace(/D:\d{14}/g, 'D:20260401120000')
    .replace(/\/ID ?\[<[0-9a-f]+><[0-9a-f]+>\]/g, (m) =>
      m.replace(/[0-9a-f]{32}/g, '0123456789abcdef0123456789abcdef'),
    );
  return Buffer.from(s, 'latin1');
};

// ---------------------------------------------------------------- pdf-lib

const wrap = (text: string, font: PDFFont, size: number, w: number): string[] => {
  const out: string[] = [];
  let cur = '';
  for (const word of text.split(' ')) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && font.widthOfTextAtSize(next, size) > w) {
      out.push(cur);
      cur = word;
    } else cur = next;
  }
  out.push(cur);
  return out;
};
const renderPdfLib = async (d: Doc, file: string): Promise<void> => {
  const req = createRequire(path.join(BUILD, 'node', 'package.json'));
  const lib = req('pdf-lib') as PdfLib;
  const doc = await lib.PDFDocument.create({ updateMetadata: false });
  const reg = await doc.embedFont(d.serif ? lib.StandardFonts.TimesRoman : lib.StandardFonts.Helvetica);
  const bold = await doc.embedFont(
    d.serif ? lib.StandardFonts.TimesRomanBold : lib.StandardFonts.HelveticaBold,
  );
  const black = lib.rgb(0, 0, 0);
  const grey = lib.rgb(0.4, 0.4, 0.4);
  const M = 42;
  const W = 595.28 - 2 * M;
  const draw = (
    pg: PDFPage,
    t: string,
    x: number,
    y: number,
    size: number,
    f: PDFFont,
    align: 'l' | 'r' = 'l',
  ): void => {
    const xx = align === 'r' ? x - f.widthOfTextAtSize(t, size) : x;
    pg.drawText(t, { x: xx, y, size, font: f, color: black });
  };
  const hline = (pg: PDFPage, x: number, y: number, w: number): void => {
    pg.drawLine({ start: { x, y }, end: { x: x + w, y }, thickness: 0.5, color: grey });
  };
  const block = (pg: PDFPage, b: Block, x: number, w: number, y0: number): number => {
    let y = y0;
    switch (b.k) {
      case 'text': {
        const size = b.size ?? 8.5;
        const f = b.bold ? bold : reg;
        for (const ln of b.lines) {
          y -= size * 1.3;
          draw(pg, ln, b.align === 'r' ? x + w : x, y, size, f, b.align ?? 'l');
        }
        return y;
      }
      case 'gap':
        return y - 8;
      case 'rule':
        hline(pg, x, y - 4, w);
        return y - 6;
      case 'kv': {
        if (b.style === 'left') {
          const lw = Math.max(...b.items.map(([l]) => reg.widthOfTextAtSize(l, 8.5))) + 8;
          for (const [l, v] of b.items) {
            y -= 11;
            draw(pg, l, x, y, 8.5, reg);
            draw(pg, v, x + lw, y, 8.5, bold);
          }
          return y;
        }
        const per = 3;
        const cw = w / per;
        for (let i = 0; i < b.items.length; i += per) {
          const r = b.items.slice(i, i + per);
          r.forEach(([l, v], j) => {
            const cx = x + j * cw;
            if (b.style === 'box')
              pg.drawRectangle({
                x: cx + 1,
                y: y - 24,
                width: cw - 2,
                height: 23,
                borderColor: grey,
                borderWidth: 0.5,
              });
            draw(pg, l, cx + 4, y - 8, 6.5, reg);
            draw(pg, v, cx + 4, y - 19, 8.5, bold);
          });
          y -= 26;
        }
        return y;
      }
      case 'cols': {
        const sp = b.split ?? 0.5;
        let yl = y;
        for (const c of b.left) yl = block(pg, c, x, w * sp - 8, yl);
        let yr = y;
        for (const c of b.right) yr = block(pg, c, x + w * sp, w * (1 - sp), yr);
        return Math.min(yl, yr);
      }
      case 'table': {
        const tw = b.cols.reduce((a, c) => a + c.w, 0);
        const xs: number[] = [];
        let acc = x;
        for (const c of b.cols) {
          xs.push(acc);
          acc += (c.w / tw) * w;
        }
        const cx = (j: number, a: 'l' | 'r'): number =>
          a === 'r' ? (xs[j] ?? 0) + ((b.cols[j]?.w ?? 0) / tw) * w - 2 : (xs[j] ?? 0) + 2;
        y -= 10;
        b.cols.forEach((c, j) => {
          draw(pg, c.h, cx(j, c.a), y, 7.5, bold, c.a);
        });
        hline(pg, x, y - 3, w);
        y -= 4;
        b.rows.forEach((r, i) => {
          const f = b.bold?.includes(i) ? bold : reg;
          const cells = r.map((v, j) =>
            b.cols[j]?.a === 'l' ? wrap(v, f, 8, ((b.cols[j]?.w ?? 0) / tw) * w - 4) : [v],
          );
          const h = Math.max(...cells.map((c) => c.length));
          cells.forEach((c, j) => {
            c.forEach((ln, k) => {
              draw(pg, ln, cx(j, b.cols[j]?.a ?? 'l'), y - 10 - k * 10, 8, f, b.cols[j]?.a ?? 'l');
            });
          });
          y -= h * 10 + 2;
        });
        hline(pg, x, y - 2, w);
        return y - 4;
      }
      case 'totals': {
        for (const [l, v, isBold] of b.rows) {
          y -= 11;
          const f = isBold ? bold : reg;
          draw(pg, l, x + w * 0.45, y, 8.5, f);
          draw(pg, v, x + w, y, 8.5, f, 'r');
        }
        return y;
      }
      case 'foot': {
        const cw = w / Math.max(1, b.cols.length);
        let yy = y;
        b.cols.forEach((c, j) => {
          c.forEach((ln, k) => {
            draw(pg, ln, x + j * cw, y - 8 - k * 8.5, 6.5, reg);
          });
          yy = Math.min(yy, y - 8 - c.length * 8.5);
        });
        return yy;
      }
    }
  };
  for (const p of d.pages) {
    const pg = doc.addPage([595.28, 841.89]);
    let y = 841.89 - M;
    for (const b of p) y = block(pg, b, M, W, y);
    if (y < 20) fail(`${d.lang}-${d.n}: pdf-lib page overflow`);
  }
  const fixed = new Date(Date.UTC(2026, 3, 1, 12, 0, 0));
  doc.setTitle(d.number);
  doc.setProducer('pdf-lib 1.17.1');
  doc.setCreator('make-app-invoices');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  writeFileSync(file, await doc.save({ useObjectStreams: false }));
};

// ---------------------------------------------------------------- the 24 documents

type Base = Omit<Doc, 'pages' | 't' | 'advance' | 'withholding'>;
interface Ctx {
  A: (c: number) => string;
  t: Totals;
  due: number;
}
const mk = (
  b: Base,
  lines: Line[],
  charges: Charge[],
  std: (c: Ctx) => Std,
  opt: { advance?: number; wh?: (t: Totals) => number } = {},
): Doc => {
  const t = calc(lines, charges);
  const advance = Math.round((opt.advance ?? 0) * 100);
  const withholding = opt.wh ? opt.wh(t) : 0;
  const partial = { ...b, t, advance, withholding };
  const A = (c: number): string => fmtNum(c, b.nf);
  if (t.total - advance - withholding <= 0) fail(`${b.lang}-${b.n}: amount due not positive`);
  const s = std({ A, t, due: t.total - advance - withholding });
  return { ...partial, pages: compose(partial, s, lines, charges) };
};
const grp = (s: string, n = 4): string => s.replace(new RegExp(`(.{${n}})(?!$)`, 'g'), '$1 ');
const EN: NF = { g: ',', d: '.' };
const DOT: NF = { g: '.', d: ',' };
const FRS: NF = { g: '\u202f', d: ',' };
const FRNB: NF = { g: '\u00a0', d: ',' };
const CHN: NF = { g: "'", d: '.' };

const docs: Doc[] = [];
const extraIds: Array<[string, string]> = [];

// en-1 UK SaaS subscription (dompdf, GBP)
{
  const vat = vatGB('4381726');
  const bvat = vatGB('2956031');
  const ib = iban('GB', 'LOYD' + '309634' + '41873302');
  docs.push(
    mk(
      {
        lang: 'en',
        n: 1,
        gen: 'dompdf',
        layout: 'saas',
        cc: 'GB',
        credit: false,
        neg: false,
        currency: 'GBP',
        nf: EN,
        fd: dmy('/'),
        number: 'INV-004187',
        issue: '2026-03-02',
        due: '2026-03-16',
        sellerName: 'Lanternfly Analytics Ltd',
        sellerVat: { key: vat, printed: `${vat.slice(2, 5)} ${vat.slice(5, 9)} ${vat.slice(9)}` },
        sellerReg: '11284736',
        sellerEmail: 'billing@lanternfly.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'LOYDGB21',
        payRef: null,
        po: 'PO-HP-2291',
        buyerRef: 'M. Okafor (Finance)',
        buyerName: 'Harcourt & Pryce Solicitors LLP',
        buyerVat: { key: bvat, printed: bvat },
      },
      [
        L('Growth plan, 25 seats (monthly)', 25, 39, '20', { date: '01/03/2026-31/03/2026' }),
        L('Additional workspace "Litigation"', 1, 120, '20', { date: '01/03/2026-31/03/2026' }),
        L('API usage above allowance (1,240,000 calls)', 1.24, 85, '20', { date: '01/02/2026-28/02/2026' }),
        L('Priority support add-on', 1, 149, '20', { date: '01/03/2026-31/03/2026' }),
      ],
      [],
      ({ A }) => ({
        head: [
          'Lanternfly Analytics Ltd',
          '4th Floor, 21 Quayside Walk',
          'Bristol BS1 4RN',
          'United Kingdom',
        ],
        contact: ['Tel +44 117 496 0831', 'billing@lanternfly.example', 'www.lanternfly.example'],
        title: 'Tax Invoice',
        buyerLabel: 'Bill to',
        buyer: [
          'Harcourt & Pryce Solicitors LLP',
          'Attn: Accounts Payable',
          '9 Cathedral Close',
          'Exeter EX1 1HB',
          `Customer VAT: ${bvat}`,
        ],
        metaStyle: 'left',
        meta: [
          ['Invoice number', 'INV-004187'],
          ['Invoice date', '02/03/2026'],
          ['Payment due', '16/03/2026'],
          ['Account ID', 'ACC-20931'],
          ['Your PO', 'PO-HP-2291'],
          ['Your reference', 'M. Okafor (Finance)'],
        ],
        pre: ['Billing period 01/03/2026 to 31/03/2026. Usage billed in arrears for February 2026.'],
        cols: [
          ['desc', 'Description'],
          ['date', 'Period'],
          ['qty', 'Qty'],
          ['price', 'Unit price'],
          ['amount', 'Amount GBP'],
        ],
        pct: '%',
        tot: {
          net: 'Subtotal (excl. VAT)',
          vat: (r) => `VAT @ ${r}`,
          total: 'Total (GBP)',
          due: 'Amount due',
        },
        cur: (s) => `£${s}`,
        after: [
          `Previous balance £${A(110400)} - payment received 14/02/2026, thank you. Balance brought forward £0.00.`,
          'Pay by bank transfer within 14 days. Sort code 30-96-34, account no. 41873302.',
          `IBAN ${grp(ib)}   BIC LOYDGB21`,
        ],
        foot: [
          ['Lanternfly Analytics Ltd', 'Registered in England and Wales', 'Company No. 11284736'],
          [
            `VAT Reg No: ${vat.slice(2, 5)} ${vat.slice(5, 9)} ${vat.slice(9)}`,
            'Registered office: 4th Floor,',
            '21 Quayside Walk, Bristol BS1 4RN',
          ],
          ['Questions? billing@lanternfly.example', 'Fax +44 117 496 0832'],
        ],
      }),
    ),
  );
}

// en-2 Ireland hotel folio (Qt): 13.5 % accommodation, 9 % / 23 % food and bar, deposit deducted
{
  const vat = vatIE('6388047');
  const ib = iban('IE', 'AIBK' + '933115' + '27481960');
  docs.push(
    mk(
      {
        lang: 'en',
        n: 2,
        gen: 'qt',
        layout: 'hotel',
        cc: 'IE',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: EN,
        fd: longDate('en'),
        number: 'F-118502',
        issue: '2026-02-21',
        due: null,
        sellerName: 'The Harbour View Hotel Galway Ltd',
        sellerVat: { key: vat, printed: vat },
        sellerReg: '584219',
        sellerEmail: 'frontdesk@harbourviewgalway.example',
        iban: { key: ib, printed: ib },
        bic: 'AIBKIE2D',
        payRef: null,
        po: null,
        buyerRef: 'Conf. 77-ACX-0412',
        buyerName: 'Brightwater Medical Devices DAC',
        buyerVat: null,
      },
      [
        L('Deluxe double room, 1 guest', 3, 189, '13.5', { date: '18/02/26' }),
        L('Breakfast', 3, 22.5, '9', { date: '19/02/26' }),
        L('Dinner, Quay Restaurant', 1, 64.8, '9', { date: '19/02/26' }),
        L('Bar - wine and spirits', 1, 38.5, '23', { date: '19/02/26' }),
        L('Meeting room "Corrib", half day', 1, 240, '23', { date: '20/02/26' }),
        L('Car park', 3, 12, '23', { date: '20/02/26' }),
      ],
      [],
      () => ({
        head: ['The Harbour View Hotel Galway Ltd', 'Docks Road, Galway H91 X2T6', 'Ireland'],
        contact: ['Reservations +353 91 555 0142', 'frontdesk@harbourviewgalway.example'],
        title: 'Guest Folio / VAT Invoice',
        buyer: [
          'Brightwater Medical Devices DAC',
          'Unit 4, Parkmore Business Park',
          'Galway H91 P8E2',
          'Guest: Ms Aoife Brennan, Room 312',
        ],
        metaStyle: 'box',
        meta: [
          ['Folio No.', 'F-118502'],
          ['Date of issue', '21 February 2026'],
          ['Arrival / Departure', '18/02/26 - 21/02/26'],
          ['Your booking ref.', 'Conf. 77-ACX-0412'],
          ['Account no.', 'C-00417'],
          ['Cashier', 'NM'],
        ],
        cols: [
          ['date', 'Date'],
          ['desc', 'Description'],
          ['qty', 'Qty'],
          ['price', 'Rate'],
          ['rate', 'VAT'],
          ['amount', 'EUR'],
        ],
        pct: '%',
        tot: {
          net: 'Total excl. VAT',
          vatTotal: 'Total VAT',
          total: 'Folio total',
          adv: 'Less deposit received 02/02/26',
          due: 'Balance due',
        },
        cur: (s) => `€${s}`,
        breakdown: ['VAT rate', 'Net', 'VAT'],
        after: [
          'Balance payable on departure or by transfer to AIB, Eyre Square:',
          `IBAN ${ib}  BIC AIBKIE2D  (NSC 93-31-15, A/C 27481960)`,
        ],
        foot: [
          ['The Harbour View Hotel Galway Ltd', 'Registered in Ireland, CRO No. 584219'],
          [`VAT No. ${vat}`, 'Directors: P. Fahy, E. Mulqueen'],
        ],
      }),
      { advance: 150 },
    ),
  );
}

// en-3 UK wholesale, two pages (pdf-lib): standard 20 % and zero-rated lines, carriage, settlement discount
{
  const vat = vatGB('7051938');
  const bvat = vatGB('3318402');
  const ib = iban('GB', 'NWBK' + '601613' + '31926819');
  extraIds.push(['iban', iban('GB', 'BUKB' + '202015' + '55443322')]);
  const items: Array<[string, string, number, number, string]> = [
    ['BK-1102', 'Assam breakfast tea, 80 bags x 6', 24, 11.4, '0'],
    ['BK-1140', 'Earl Grey loose leaf 250 g x 6', 12, 19.8, '0'],
    ['CF-2031', 'Colombian ground coffee 1 kg', 18, 14.25, '0'],
    ['CF-2077', 'Espresso beans dark roast 1 kg', 10, 16.9, '0'],
    ['SN-3310', 'Shortbread fingers 150 g x 12', 8, 17.6, '20'],
    ['SN-3325', 'Oat flapjack bars 24 pack', 9, 13.4, '20'],
    ['DR-4102', 'Sparkling elderflower 275 ml x 12', 14, 9.85, '20'],
    ['DR-4118', 'Still spring water 500 ml x 24', 20, 5.6, '20'],
    ['PK-5001', 'Compostable cups 12 oz x 500', 6, 38.5, '20'],
    ['PK-5012', 'Wooden stirrers x 1000', 5, 6.75, '20'],
    ['PK-5020', 'Napkins 2-ply white x 2000', 4, 21.3, '20'],
    ['CF-2090', 'Decaf instant granules 500 g', 6, 12.95, '0'],
    ['SN-3340', 'Sea salt crisps 40 g x 24', 10, 11.2, '20'],
    ['DR-4150', 'Oat milk barista 1 l x 6', 15, 10.45, '0'],
    ['PK-5033', 'Paper bags kraft medium x 250', 3, 14.6, '20'],
  ];
  const lines = items.map(([code, desc, q, p, r]) => L(desc, q, p, r, { code, unit: 'case' }));
  docs.push(
    mk(
      {
        lang: 'en',
        n: 3,
        gen: 'pdflib',
        layout: 'wholesale',
        cc: 'GB',
        credit: false,
        neg: false,
        currency: 'GBP',
        nf: EN,
        fd: longDate('en'),
        fdDue: dmy('.', true),
        number: '70-55821',
        issue: '2026-03-09',
        due: '2026-04-08',
        sellerName: 'Pennine Catering Supplies Limited',
        sellerVat: { key: vat, printed: `GB ${vat.slice(2, 5)} ${vat.slice(5, 9)} ${vat.slice(9)}` },
        sellerReg: '04417625',
        sellerEmail: 'accounts@penninecatering.example',
        iban: { key: ib, printed: ib },
        bic: 'NWBKGB2L',
        payRef: null,
        po: 'WC/PO/10482',
        buyerRef: null,
        buyerName: 'Wharfside Café Co-operative Ltd',
        buyerVat: { key: bvat, printed: bvat },
      },
      lines,
      [{ label: 'Carriage', amount: 1850, rate: '20' }],
      ({ A, t }) => ({
        head: ['Pennine Catering Supplies Limited', 'Unit 7, Calder Trading Estate', 'Huddersfield HD5 0RE'],
        contact: ['Telephone 01484 220 731', 'Fax 01484 220 739', 'accounts@penninecatering.example'],
        title: 'SALES INVOICE',
        buyerLabel: 'Invoice to:',
        buyer: ['Wharfside Café Co-operative Ltd', '2 Canal Wharf', 'Leeds LS11 5PS', `VAT: ${bvat}`],
        metaStyle: 'left',
        meta: [
          ['Invoice No:', '70-55821'],
          ['Tax point:', '9 March 2026'],
          ['Account:', 'WHA004'],
          ['Order No:', 'WC/PO/10482'],
          ['Delivery note:', 'DN 318840 of 6 March 2026'],
          ['Due date:', '08.04.26'],
        ],
        cols: [
          ['code', 'Code'],
          ['desc', 'Description'],
          ['qty', 'Qty'],
          ['unit', 'Unit'],
          ['price', 'Price'],
          ['rate', 'VAT'],
          ['amount', 'Net'],
        ],
        pct: '%',
        split: 9,
        carry: ['Carried forward', 'Brought forward', 'Page {p} of 2'],
        tot: {
          sub: 'Goods',
          net: 'Net total',
          vatTotal: 'VAT total',
          total: 'Invoice total GBP',
          due: 'Please pay',
        },
        cur: (s) => s,
        breakdown: ['VAT %', 'Goods value', 'VAT'],
        after: [
          `2.5% settlement discount (GBP ${A(Math.round(t.total * 0.025))}) if paid by 19.03.26. Otherwise net 30 days.`,
          `NatWest, sort code 60-16-13, account 31926819, IBAN ${ib}, BIC NWBKGB2L`,
          'Alternative account: Cashplus, sort code 20-20-15, account 55443322',
        ],
        foot: [
          ['Registered in England No. 04417625', 'Registered office as above'],
          [`VAT Registration ${'GB ' + vat.slice(2, 5) + ' ' + vat.slice(5, 9) + ' ' + vat.slice(9)}`],
        ],
      }),
    ),
  );
}

// en-4 Ireland garage (dompdf): parts 23 %, labour 13.5 %
{
  const vat = vatIE('3941207');
  const ib = iban('IE', 'BOFI' + '904521' + '63015538');
  docs.push(
    mk(
      {
        lang: 'en',
        n: 4,
        gen: 'dompdf',
        layout: 'garage',
        cc: 'IE',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: EN,
        fd: dmy('/', true),
        number: 'WS 24719',
        issue: '2026-04-14',
        due: '2026-04-28',
        sellerName: "Donnelly's Motor Works Ltd",
        sellerVat: { key: vat, printed: vat },
        sellerReg: null,
        sellerEmail: 'service@donnellysmotors.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'BOFIIE2D',
        payRef: null,
        po: null,
        buyerRef: 'Fleet job 5521',
        buyerName: 'Kilkenny Rural Couriers Ltd',
        buyerVat: null,
      },
      [
        L('Brake pads front (set)', 1, 64.9, '23', { code: 'BP-2281' }),
        L('Brake discs front (pair)', 1, 118, '23', { code: 'BD-0914' }),
        L('Engine oil 5W-30, litres', 5.5, 11.2, '23', { code: 'OIL-530' }),
        L('Oil filter', 1, 14.6, '23', { code: 'OF-112' }),
        L('Labour: brakes front axle, hours', 1.8, 68, '13.5', { code: 'LAB' }),
        L('Labour: service B, hours', 1.5, 68, '13.5', { code: 'LAB' }),
        L('Diagnostic check', 1, 45, '13.5', { code: 'DIAG' }),
      ],
      [],
      () => ({
        head: ["Donnelly's Motor Works Ltd", 'Ballyragget Road', 'Kilkenny R95 K2E4'],
        contact: ['Ph 056 772 1904', 'service@donnellysmotors.example'],
        title: 'Repair Invoice',
        buyer: [
          'Kilkenny Rural Couriers Ltd',
          'Unit 3 Hebron Industrial Est.',
          'Kilkenny R95 FX82',
          'Vehicle: 191-KK-2044 Ford Transit',
          'Odometer: 148,392 km',
        ],
        metaStyle: 'box',
        meta: [
          ['Invoice', 'WS 24719'],
          ['Date', '14/04/26'],
          ['Due', '28/04/26'],
          ['Job card', 'JC-8817'],
          ['Your ref', 'Fleet job 5521'],
          ['Customer', 'KRC-09'],
        ],
        cols: [
          ['code', 'Part no.'],
          ['desc', 'Parts & labour'],
          ['qty', 'Qty/Hrs'],
          ['price', 'Unit'],
          ['rate', 'VAT'],
          ['amount', 'Total'],
        ],
        tot: { net: 'Nett', vatTotal: 'VAT', total: 'TOTAL', due: 'Amount payable' },
        cur: (s) => `€ ${s}`,
        breakdown: ['Rate', 'Goods/Services', 'VAT'],
        after: ['Terms: 14 days. Bank of Ireland Kilkenny', `IBAN ${grp(ib)}   BIC BOFIIE2D`],
        foot: [["Donnelly's Motor Works Ltd", 'Directors: J. Donnelly, S. Donnelly'], [`VAT Reg. ${vat}`]],
      }),
    ),
  );
}

// de-1 Germany garage (Qt): Anzahlung deducted
{
  const vat = vatDE('31874529');
  const bvat = vatDE('12748305');
  const ib = iban('DE', '37050299' + '1047382155');
  extraIds.push(['iban', iban('DE', '37010050' + '0098765432')]);
  docs.push(
    mk(
      {
        lang: 'de',
        n: 1,
        gen: 'qt',
        layout: 'garage',
        cc: 'DE',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('.'),
        number: 'RE-26-0419',
        issue: '2026-03-03',
        due: '2026-03-17',
        sellerName: 'Kfz-Meisterbetrieb Jürgen Weißenfels GmbH',
        sellerVat: { key: vat, printed: vat },
        sellerReg: 'HRB 84127',
        sellerEmail: 'werkstatt@weissenfels-kfz.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'COKSDE33XXX',
        payRef: null,
        po: '4500371188',
        buyerRef: 'Hr. Kowalczyk',
        buyerName: 'Wohnungsbaugenossenschaft Rheinblick eG',
        buyerVat: { key: bvat, printed: bvat },
      },
      [
        L('Kupplungssatz komplett', 1, 412.9, '19', { code: '624 3181 09' }),
        L('Zweimassenschwungrad', 1, 689, '19', { code: '415 0512 10' }),
        L('Getriebeöl 75W-90 (Liter)', 2.2, 18.4, '19', { code: 'GÖ-7590' }),
        L('Arbeitszeit Kupplung aus-/einbauen (Std.)', 6.5, 98, '19', { code: 'AW' }),
        L('Fehlerspeicher auslesen', 1, 39, '19', { code: 'AW' }),
        L('Altteileentsorgung, Umweltpauschale', 1, 14.5, '19', { code: 'UMW' }),
      ],
      [],
      ({ A, t }) => ({
        head: ['Kfz-Meisterbetrieb Jürgen Weißenfels GmbH', 'Gießener Straße 112', '51105 Köln'],
        contact: ['Telefon 0221 9837-40', 'Telefax 0221 9837-49', 'werkstatt@weissenfels-kfz.example'],
        title: 'Rechnung',
        buyer: [
          'Wohnungsbaugenossenschaft Rheinblick eG',
          'Fuhrpark',
          'Am Rheinufer 7',
          '50996 Köln',
          `USt-IdNr. Kunde: ${bvat}`,
        ],
        metaStyle: 'left',
        meta: [
          ['Rechnungs-Nr.', 'RE-26-0419'],
          ['Rechnungsdatum', '03.03.2026'],
          ['Leistungsdatum', '27.02.2026'],
          ['Kunden-Nr.', '10 2231'],
          ['Auftrag', 'WA-26-1187'],
          ['Ihre Bestellung', '4500371188'],
          ['Ihr Zeichen', 'Hr. Kowalczyk'],
          ['Fällig am', '17.03.2026'],
        ],
        pre: ['Fahrzeug: K-RB 2207, VW Crafter 35, FIN WV1ZZZSYZK9031184, km-Stand 88.412'],
        cols: [
          ['pos', 'Pos.'],
          ['code', 'Teile-Nr.'],
          ['desc', 'Bezeichnung'],
          ['qty', 'Menge'],
          ['price', 'Einzelpreis'],
          ['amount', 'Betrag €'],
        ],
        tot: {
          net: 'Summe netto',
          vat: (r) => `zzgl. ${r} MwSt.`,
          total: 'Rechnungsbetrag',
          adv: 'abzgl. Anzahlung vom 20.02.2026',
          due: 'Zahlbetrag',
        },
        cur: (s) => `${s} €`,
        after: [
          `Zahlbar ohne Abzug bis 17.03.2026. Bei Zahlung bis 10.03.2026 gewähren wir 2 % Skonto (${A(Math.round((t.total - 80000) * 0.02))} €).`,
          `Kreissparkasse Köln  IBAN ${grp(ib)}  BIC COKSDE33XXX`,
        ],
        foot: [
          [
            'Kfz-Meisterbetrieb Jürgen Weißenfels GmbH',
            'Sitz Köln, Amtsgericht Köln HRB 84127',
            'Geschäftsführer: Jürgen Weißenfels',
          ],
          [`USt-IdNr.: ${vat}`, 'Steuernummer 217/5732/1884'],
          ['Weitere Bankverbindung:', 'Postbank Köln', 'IBAN ' + grp(iban('DE', '37010050' + '0098765432'))],
        ],
      }),
      { advance: 800 },
    ),
  );
}

// de-2 Austria freight forwarder, two pages (pdf-lib): many charges, 20 % and tax-free cross-border items, RF reference
{
  const vat = vatAT('6721094');
  const bvat = vatAT('5839210');
  const ib = iban('AT', '20111' + '82641937004');
  const ref = rf('SP2600731');
  const ch: Array<[string, string, number, number, string]> = [
    ['FR', 'Hauptlauf Linz - Hamburg, 2 Wechselbrücken', 2, 1180, '0'],
    ['VL', 'Vorlauf Abholung Wels, LKW 7,5 t', 1, 265, '20'],
    ['NL', 'Nachlauf Hamburg Hafen - Terminal CTA', 2, 145, '0'],
    ['ZO', 'Zollabfertigung Export (ATLAS/e-zoll)', 1, 85, '20'],
    ['ZO', 'Ausfuhrbegleitdokument, je Position', 6, 12.5, '20'],
    ['TH', 'Terminal Handling Charge', 2, 118, '0'],
    ['LA', 'Lagergeld Hamburg, je Tag', 3, 42, '0'],
    ['MA', 'Maut Deutschland (anteilig)', 1, 162.4, '0'],
    ['DI', 'Dieselzuschlag 8,5 %', 1, 214.7, '0'],
    ['VS', 'Versicherung SVS/RVS-Prämie', 1, 38.9, '20'],
    ['AV', 'Avisierung und Slotbuchung', 2, 25, '20'],
    ['DO', 'Dokumentenpauschale', 1, 35, '20'],
    ['WA', 'Wartezeit Beladung, je angef. 1/4 Std.', 5, 18, '20'],
    ['GF', 'Gefahrgutzuschlag ADR', 1, 95, '20'],
  ];
  const lines = ch.map(([code, desc, q, p, r]) => L(desc, q, p, r, { code }));
  docs.push(
    mk(
      {
        lang: 'de',
        n: 2,
        gen: 'pdflib',
        layout: 'freight',
        cc: 'AT',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('.', true),
        number: '2026/SP/00731',
        issue: '2026-02-26',
        due: '2026-03-28',
        sellerName: 'Donauspedition Huemer & Co KG',
        sellerVat: { key: vat, printed: vat },
        sellerReg: 'FN 218834 k',
        sellerEmail: 'faktura@donauspedition.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'GIBAATWWXXX',
        payRef: { key: ref, printed: grp(ref) },
        po: 'BE-77104',
        buyerRef: null,
        buyerName: 'Steyrtaler Maschinenbau GmbH',
        buyerVat: { key: bvat, printed: bvat },
      },
      lines,
      [],
      () => ({
        head: ['Donauspedition Huemer & Co KG', 'Hafenstraße 41', '4020 Linz, Österreich'],
        contact: ['Tel. +43 732 775 190', 'Fax +43 732 775 199', 'faktura@donauspedition.example'],
        title: 'Speditionsrechnung',
        buyerLabel: 'Rechnungsempfänger',
        buyer: ['Steyrtaler Maschinenbau GmbH', 'Industriezeile 18', '4400 Steyr', `UID ${bvat}`],
        metaStyle: 'above',
        meta: [
          ['Rechnung Nr.', '2026/SP/00731'],
          ['Datum', '26.02.26'],
          ['Zahlungsziel', '28.03.26'],
          ['Sendungs-Nr.', 'LNZ-HAM-55812'],
          ['Ihre Bestellnummer', 'BE-77104'],
          ['Kundennummer', '40917'],
        ],
        pre: ['Ladetag 16.02.26, Empfänger: Hanseatic Machinery Export, Hamburg; 2 WB, 18.420 kg brutto'],
        cols: [
          ['code', 'LA'],
          ['desc', 'Leistung'],
          ['qty', 'Menge'],
          ['price', 'Satz'],
          ['rate', 'USt'],
          ['amount', 'EUR'],
        ],
        split: 8,
        carry: ['Zwischensumme / Übertrag', 'Übertrag von Seite 1', 'Seite {p}/2'],
        tot: {
          net: 'Summe netto',
          vat: (r, b) => `USt ${r} von ${b}`,
          vatTotal: 'Umsatzsteuer gesamt',
          total: 'Gesamtbetrag EUR',
        },
        cur: (s) => s,
        after: [
          'Grenzüberschreitende Beförderung gem. § 6 Abs. 1 Z 3 UStG steuerfrei.',
          'Zahlbar bis 28.03.26 ohne Abzug. Bei Überweisung bitte Zahlungsreferenz angeben:',
          `${grp(ref)}   Raiffeisen: IBAN ${grp(ib)}  BIC GIBAATWWXXX`,
        ],
        foot: [
          ['Donauspedition Huemer & Co KG, Sitz Linz', 'FN 218834 k, Landesgericht Linz'],
          [`UID-Nr. ${vat}`, 'Es gelten die AÖSp.'],
        ],
      }),
    ),
  );
}

// de-3 Switzerland SaaS (dompdf, CHF, 8.1 %)
{
  const vat = vatCH('27419035');
  const ib = iban('CH', '00700' + '110004829371');
  const uid = `CHE-${vat.slice(3, 6)}.${vat.slice(6, 9)}.${vat.slice(9)}`;
  docs.push(
    mk(
      {
        lang: 'de',
        n: 3,
        gen: 'dompdf',
        layout: 'saas',
        cc: 'CH',
        credit: false,
        neg: false,
        currency: 'CHF',
        nf: CHN,
        fd: longDate('de'),
        fdDue: dmy('.'),
        number: '2026-00318',
        issue: '2026-04-01',
        due: '2026-04-30',
        sellerName: 'Gletscherwolke AG',
        sellerVat: { key: vat, printed: `${uid} MWST` },
        sellerReg: null,
        sellerEmail: 'rechnungen@gletscherwolke.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'ZKBKCHZZ80A',
        payRef: null,
        po: null,
        buyerRef: 'Projekt Löwenzahn',
        buyerName: 'Treuhandbüro Zürcher & Bühlmann AG',
        buyerVat: null,
      },
      [
        L('Business-Abo, 40 Benutzer, April 2026', 40, 29, '8.1'),
        L('Speicher-Erweiterung 2 TB', 2, 45, '8.1'),
        L('Premium-Support (Reaktionszeit 4 h)', 1, 390, '8.1'),
        L('Einrichtung Single Sign-on (einmalig)', 1, 1250, '8.1'),
      ],
      [],
      () => ({
        head: ['Gletscherwolke AG', 'Technoparkstrasse 1', '8005 Zürich'],
        contact: ['+41 44 508 21 70', 'rechnungen@gletscherwolke.example'],
        title: 'Rechnung',
        buyer: ['Treuhandbüro Zürcher & Bühlmann AG', 'z. Hd. Frau Nägeli', 'Bahnhofstrasse 62', '6300 Zug'],
        metaStyle: 'box',
        meta: [
          ['Rechnungsnummer', '2026-00318'],
          ['Rechnungsdatum', '1. April 2026'],
          ['Zahlbar bis', '30.04.2026'],
          ['Kundennummer', 'K-7741'],
          ['Ihre Referenz', 'Projekt Löwenzahn'],
          ['Abrechnungsperiode', '01.04.2026 - 30.04.2026'],
        ],
        cols: [
          ['desc', 'Leistung'],
          ['qty', 'Anzahl'],
          ['price', 'Preis CHF'],
          ['amount', 'Total CHF'],
        ],
        tot: { net: 'Total exkl. MWST', vat: (r) => `MWST ${r}`, total: 'Rechnungstotal CHF' },
        cur: (s) => s,
        after: [
          'Zahlbar innert 30 Tagen netto auf folgendes Konto:',
          `Zürcher Kantonalbank, IBAN ${grp(ib)}, BIC ZKBKCHZZ80A`,
          'Vorjahressaldo: CHF 0.00 (Zahlung vom 12.03.2026 verbucht)',
        ],
        foot: [['Gletscherwolke AG · Technoparkstrasse 1 · 8005 Zürich'], [`UID/MWST: ${uid} MWST`]],
      }),
    ),
  );
}

// de-4 Germany wholesale, two pages (Qt): 19 % and 7 %, Skonto
{
  const vat = vatDE('28157734');
  const bvat = vatDE('81439206');
  const ib = iban('DE', '70150000' + '0042281937');
  const items: Array<[string, string, number, number, string]> = [
    ['100412', 'Bio-Dinkelmehl Type 630, 25 kg', 12, 31.8, '7'],
    ['100455', 'Roggenvollkornschrot, 25 kg', 6, 27.4, '7'],
    ['210031', 'Sonnenblumenkerne geschält, 10 kg', 4, 38.9, '7'],
    ['210077', 'Haselnusskerne gehackt, 5 kg', 3, 54.2, '7'],
    ['300118', 'Backpapier Zuschnitt 40x60, 500 Bl.', 5, 24.6, '19'],
    ['300142', 'Bäckertüten Kraft, 1.000 St.', 8, 19.75, '19'],
    ['410020', 'Hefe frisch, 1 kg Block', 20, 3.35, '7'],
    ['410055', 'Backmalz aktiv, 5 kg', 2, 21.9, '7'],
    ['520001', 'Reinigungskonzentrat Backstube, 10 l', 3, 46.5, '19'],
    ['520017', 'Einweghandschuhe Nitril, 100 St.', 10, 7.9, '19'],
    ['100498', 'Weizenmehl Type 550, 25 kg', 16, 22.6, '7'],
    ['210090', 'Mohn blau, 5 kg', 2, 36.8, '7'],
    ['300160', 'Tortenscheiben Gold, 100 St.', 4, 12.4, '19'],
    ['610004', 'Pfand Palette Euro', 1, 15, '19'],
  ];
  const lines = items.map(([code, desc, q, p, r]) => L(desc, q, p, r, { code, unit: 'Stk' }));
  docs.push(
    mk(
      {
        lang: 'de',
        n: 4,
        gen: 'qt',
        layout: 'wholesale',
        cc: 'DE',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('.'),
        number: '90217745',
        issue: '2026-03-12',
        due: '2026-04-11',
        sellerName: 'Bäckereibedarf Südmühle GmbH & Co. KG',
        sellerVat: { key: vat, printed: `DE ${vat.slice(2, 5)} ${vat.slice(5, 8)} ${vat.slice(8)}` },
        sellerReg: 'HRA 91455',
        sellerEmail: 'buchhaltung@suedmuehle.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'SSKMDEMMXXX',
        payRef: null,
        po: 'B-2026-0311',
        buyerRef: 'Fr. Öztürk',
        buyerName: 'Landbäckerei Oberhuber OHG',
        buyerVat: { key: bvat, printed: bvat },
      },
      lines,
      [{ label: 'Frachtkostenanteil', amount: 2490, rate: '19' }],
      ({ A, t }) => ({
        head: ['Bäckereibedarf Südmühle GmbH & Co. KG', 'Mühlweg 3-5', '85356 Freising'],
        contact: ['Tel. 08161 4920-0', 'Fax 08161 4920-90', 'buchhaltung@suedmuehle.example'],
        title: 'Rechnung',
        buyer: ['Landbäckerei Oberhuber OHG', 'Marktplatz 9', '84028 Landshut', `USt-Id: ${bvat}`],
        metaStyle: 'left',
        meta: [
          ['Beleg-Nr.', '90217745'],
          ['Belegdatum', '12.03.2026'],
          ['Kd.-Nr.', '24118'],
          ['Ihre Bestell-Nr.', 'B-2026-0311'],
          ['Bestelldatum', '05.03.2026'],
          ['Lieferschein', 'LS 70418832 v. 10.03.2026'],
          ['Ansprechpartner', 'Fr. Öztürk'],
        ],
        cols: [
          ['code', 'Art.-Nr.'],
          ['desc', 'Artikelbezeichnung'],
          ['qty', 'Menge'],
          ['price', 'E-Preis'],
          ['rate', 'USt'],
          ['amount', 'Gesamt'],
        ],
        split: 9,
        carry: ['Übertrag', 'Übertrag', 'Seite {p} von 2'],
        tot: { sub: 'Warenwert', net: 'Nettobetrag', vatTotal: 'Summe MwSt.', total: 'Endbetrag EUR' },
        cur: (s) => s,
        breakdown: ['MwSt-Satz', 'Netto', 'MwSt'],
        after: [
          `Zahlbar bis 22.03.2026 mit 2 % Skonto = ${A(t.total - Math.round(t.total * 0.02))} EUR, bis 11.04.2026 netto.`,
          `Stadtsparkasse München IBAN ${grp(ib)} BIC SSKMDEMMXXX`,
        ],
        foot: [
          ['Bäckereibedarf Südmühle GmbH & Co. KG, Sitz Freising', 'Registergericht München HRA 91455'],
          [
            `USt-IdNr. DE ${vat.slice(2, 5)} ${vat.slice(5, 8)} ${vat.slice(8)}`,
            'phG: Südmühle Verwaltungs GmbH',
          ],
        ],
      }),
    ),
  );
}

// fr-1 France lawyer's fee note (pdf-lib): honoraires, frais, share capital
{
  const sir = siren('81234567');
  const vat = vatFR(sir);
  const bvat = vatFR(siren('43918275'));
  const ib = iban('FR', frRib('30004', '01852', '00012847391'));
  docs.push(
    mk(
      {
        lang: 'fr',
        n: 1,
        gen: 'pdflib',
        layout: 'feenote',
        cc: 'FR',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: FRNB,
        fd: longDate('fr'),
        fdDue: dmy('/'),
        number: 'H-2026-0142',
        issue: '2026-03-05',
        due: '2026-04-04',
        sellerName: 'SELARL Vasseur-Léonard Avocats',
        sellerVat: {
          key: vat,
          printed: `${vat.slice(0, 2)} ${vat.slice(2, 4)} ${sir.slice(0, 3)} ${sir.slice(3, 6)} ${sir.slice(6)}`,
        },
        sellerReg: `${sir.slice(0, 3)} ${sir.slice(3, 6)} ${sir.slice(6)}`,
        sellerEmail: 'cabinet@vasseur-leonard.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'BNPAFRPPXXX',
        payRef: null,
        po: null,
        buyerRef: 'Dossier 25/118 - Bail commercial',
        buyerName: 'Société Hôtelière des Quais SAS',
        buyerVat: { key: bvat, printed: bvat },
      },
      [
        L('Étude du dossier et consultation', 3.5, 280, '20', { date: '12/02/2026' }),
        L('Rédaction de conclusions en réponse', 6, 280, '20', { date: '19/02/2026' }),
        L('Audience au tribunal judiciaire de Lyon', 1, 650, '20', { date: '26/02/2026' }),
        L('Frais de déplacement et de copie', 1, 84.6, '20', { date: '26/02/2026' }),
      ],
      [],
      () => ({
        head: [
          'SELARL Vasseur-Léonard Avocats',
          'Avocats au Barreau de Lyon',
          '14, quai Saint-Antoine',
          '69002 Lyon',
        ],
        contact: ['Tél. 04 78 92 15 30', 'Fax 04 78 92 15 31', 'cabinet@vasseur-leonard.example'],
        title: "Note d'honoraires",
        buyer: [
          'Société Hôtelière des Quais SAS',
          'À l’attention de Mme Bérénice Carré',
          '3, rue de la Charité',
          '69002 Lyon',
          `N° TVA : ${bvat}`,
        ],
        metaStyle: 'left',
        meta: [
          ['Note n°', 'H-2026-0142'],
          ['Date', '5 mars 2026'],
          ['V/Réf.', 'Dossier 25/118 - Bail commercial'],
          ['N/Réf.', 'VL/AC 2025-311'],
          ['Échéance', '04/04/2026'],
        ],
        pre: ['Diligences accomplies du 1er au 28 février 2026'],
        cols: [
          ['date', 'Date'],
          ['desc', 'Prestations'],
          ['qty', 'Heures'],
          ['price', 'Taux'],
          ['amount', 'Montant HT'],
        ],
        tot: { net: 'Total HT', vat: (r) => `TVA ${r}`, total: 'Total TTC', due: 'Net à payer' },
        cur: (s) => `${s} €`,
        after: [
          'Règlement par virement à réception, au plus tard le 04/04/2026. Pas d’escompte pour paiement anticipé.',
          `Compte CARPA / BNP Paribas Lyon Bellecour - IBAN ${grp(ib)} - BIC BNPAFRPPXXX`,
          'Pénalités de retard : 3 fois le taux d’intérêt légal ; indemnité forfaitaire de recouvrement 40 €.',
        ],
        foot: [
          ['SELARL au capital de 12 000 €', `RCS Lyon ${sir.slice(0, 3)} ${sir.slice(3, 6)} ${sir.slice(6)}`],
          [
            `TVA intracommunautaire ${vat.slice(0, 2)} ${vat.slice(2, 4)} ${sir.slice(0, 3)} ${sir.slice(3, 6)} ${sir.slice(6)}`,
          ],
        ],
      }),
    ),
  );
}

// fr-2 Belgium public-sector e-invoice visualisation (dompdf): 21 % and 6 %, structured communication
{
  const vat = vatBE('04718355');
  const bvat = vatBE('02125736');
  const ib = iban('BE', beBban('0682' + '349155'));
  const ib2 = iban('BE', beBban('3630' + '817244'));
  extraIds.push(['iban', ib2]);
  const o = ogm('3102260417');
  const be = (v: string): string => `BE ${v.slice(2, 6)}.${v.slice(6, 9)}.${v.slice(9)}`;
  docs.push(
    mk(
      {
        lang: 'fr',
        n: 2,
        gen: 'dompdf',
        layout: 'public',
        cc: 'BE',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: isoDate,
        number: 'FV26-000417',
        issue: '2026-02-27',
        due: '2026-03-29',
        sellerName: 'Imprimerie Delvaux-Mertens SRL',
        sellerVat: { key: vat, printed: be(vat) },
        sellerReg: null,
        sellerEmail: 'facturation@delvaux-mertens.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'GKCCBEBB',
        payRef: { key: o, printed: ogmPrinted(o) },
        po: 'BC/2026/00871',
        buyerRef: 'SPW-DGO4-COM-2026-12',
        buyerName: 'Service public de Wallonie - Direction de la Communication',
        buyerVat: { key: bvat, printed: be(bvat) },
      },
      [
        L('Brochure A4 "Rénover son logement", 24 p., quadri', 5000, 0.62, '6', { code: 'L1', unit: 'pc' }),
        L('Dépliant 3 volets, papier recyclé', 8000, 0.085, '6', { code: 'L2', unit: 'pc' }),
        L('Affiches A2, 150 g', 400, 0.95, '21', { code: 'L3', unit: 'pc' }),
        L('Mise en page et BAT', 6, 55, '21', { code: 'L4', unit: 'h' }),
        L('Livraison Namur (3 points)', 1, 120, '21', { code: 'L5', unit: 'fft' }),
      ],
      [],
      () => ({
        head: ['Imprimerie Delvaux-Mertens SRL', 'Rue de l’Industrie 22', '5002 Namur (Saint-Servais)'],
        contact: [
          'Tél. +32 81 73 40 12',
          'facturation@delvaux-mertens.example',
          'Visualisation de la facture électronique (Peppol BIS 3.0)',
        ],
        title: 'Facture',
        buyerLabel: 'Acheteur',
        buyer: [
          'Service public de Wallonie - Direction de la Communication',
          'Place Joséphine-Charlotte 2',
          '5100 Namur (Jambes)',
          `N° TVA acheteur : ${be(bvat)}`,
        ],
        metaStyle: 'box',
        meta: [
          ['Numéro de facture (BT-1)', 'FV26-000417'],
          ['Date de facture (BT-2)', '2026-02-27'],
          ['Date d’échéance (BT-9)', '2026-03-29'],
          ['Référence acheteur (BT-10)', 'SPW-DGO4-COM-2026-12'],
          ['Bon de commande (BT-13)', 'BC/2026/00871'],
          ['Marché public (BT-12)', 'CSC 2025/COM/114'],
        ],
        metaBelow: true,
        cols: [
          ['code', 'Ligne'],
          ['desc', 'Désignation'],
          ['qty', 'Qté'],
          ['unit', 'Unité'],
          ['price', 'Prix unit.'],
          ['rate', 'TVA'],
          ['amount', 'Net HTVA'],
        ],
        tot: {
          net: 'Total HTVA',
          vatTotal: 'Total TVA',
          total: 'Total TVAC',
          due: 'Montant à payer (BT-115)',
        },
        cur: (s) => `EUR ${s}`,
        breakdown: ['Taux TVA', 'Base', 'TVA'],
        after: [
          `Communication structurée : ${ogmPrinted(o)}`,
          `Paiement : Belfius IBAN ${grp(ib)} - BIC GKCCBEBB`,
          `Autre compte : ING ${grp(ib2)}`,
          'Date de livraison (BT-72) : 2026-02-20',
        ],
        foot: [
          ['Imprimerie Delvaux-Mertens SRL', `TVA ${be(vat)} - RPM Liège, division Namur`],
          ['Fichier source : UBL 2.1, ID Peppol 0208:0471835552'],
        ],
      }),
    ),
  );
}

// fr-3 Luxembourg freight forwarder to a French customer, reverse charge 0 %, two pages (Qt)
{
  const vat = vatLU('264103');
  const bvat = vatFR(siren('52871364'));
  const ib = iban('LU', '001' + '9175503218000');
  const ch: Array<[string, string, number, number]> = [
    ['FRT', 'Fret routier Bettembourg - Lyon, semi-remorque complète', 1, 1340],
    ['FRT', 'Fret routier Bettembourg - Grenoble, groupage 6 palettes', 6, 86.5],
    ['PEA', 'Péages France (refacturation)', 1, 178.35],
    ['CGO', 'Surcharge gazole 9,2 %', 1, 171.11],
    ['MAN', 'Manutention quai Bettembourg', 12, 9.8],
    ['ATT', 'Attente chargement (au-delà de 2 h)', 3, 45],
    ['RDV', 'Prise de rendez-vous livraison', 2, 15],
    ['ASS', 'Assurance ad valorem 0,15 %', 1, 62.4],
    ['HAY', 'Hayon élévateur livraison', 1, 55],
    ['DOC', 'Frais de dossier CMR', 2, 12.5],
    ['STK', 'Stockage tampon (jours-palette)', 18, 1.9],
    ['ADR', 'Supplément marchandises dangereuses', 1, 88],
    ['EMB', 'Filmage palettes', 6, 4.5],
  ];
  const lines = ch.map(([code, desc, q, p]) => L(desc, q, p, '0', { code }));
  docs.push(
    mk(
      {
        lang: 'fr',
        n: 3,
        gen: 'qt',
        layout: 'freight',
        cc: 'LU',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: FRS,
        fd: dmy('.', false),
        number: 'LU-26-03318',
        issue: '2026-03-20',
        due: '2026-04-19',
        sellerName: 'Transports Wagener & Fils S.à r.l.',
        sellerVat: { key: vat, printed: vat },
        sellerReg: 'B187462',
        sellerEmail: 'compta@wagener-transports.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'BCEELULL',
        payRef: null,
        po: 'CDA-45871',
        buyerRef: 'M. Thévenin',
        buyerName: 'Alpes Distribution Électrique SA',
        buyerVat: { key: bvat, printed: bvat },
      },
      lines,
      [],
      () => ({
        head: ['Transports Wagener & Fils S.à r.l.', 'Zone d’activités Wolser', 'L-3290 Bettembourg'],
        contact: ['Tél. +352 51 22 84-1', 'Fax +352 51 22 84-99', 'compta@wagener-transports.example'],
        title: 'FACTURE',
        buyerLabel: 'Client',
        buyer: [
          'Alpes Distribution Électrique SA',
          '12, avenue de l’Europe',
          '38100 Grenoble, France',
          `TVA intracom. : ${bvat}`,
        ],
        metaStyle: 'box',
        meta: [
          ['N° facture', 'LU-26-03318'],
          ['Date facture', '20.03.2026'],
          ['Échéance', '19.04.2026'],
          ['Votre commande', 'CDA-45871'],
          ['Votre contact', 'M. Thévenin'],
          ['Code client', 'C-FR-0092'],
        ],
        pre: ['Enlèvements du 09.03.2026 au 13.03.2026 - Lettres de voiture CMR 661204 à 661209'],
        cols: [
          ['code', 'Code'],
          ['desc', 'Prestation'],
          ['qty', 'Qté'],
          ['price', 'P.U. €'],
          ['rate', 'TVA'],
          ['amount', 'Montant €'],
        ],
        split: 7,
        carry: ['Sous-total à reporter', 'Report', 'Page {p}/2'],
        tot: { net: 'Total HT', vat: (r, b) => `TVA ${r} sur ${b}`, total: 'Total TTC', due: 'Net à payer' },
        cur: (s) => `${s} €`,
        after: [
          'Autoliquidation - TVA due par le preneur (article 196 de la directive 2006/112/CE).',
          `Paiement à 30 jours : Spuerkeess IBAN ${grp(ib)} BIC BCEELULL`,
        ],
        foot: [
          ['Transports Wagener & Fils S.à r.l.', 'Capital social 50 000 €', 'RCS Luxembourg B187462'],
          [`N° TVA ${vat}`, 'Autorisation d’établissement 10045187/2'],
        ],
      }),
    ),
  );
}

// fr-4 France credit note for a subscription, amounts printed positive (pdf-lib)
{
  const sir = siren('79430218');
  const vat = vatFR(sir);
  const bvat = vatFR(siren('33025619'));
  docs.push(
    mk(
      {
        lang: 'fr',
        n: 4,
        gen: 'pdflib',
        layout: 'saas',
        cc: 'FR',
        credit: true,
        neg: false,
        currency: 'EUR',
        nf: { g: ' ', d: ',' },
        fd: dmy('/', true),
        number: 'AV-2026-0057',
        issue: '2026-04-07',
        due: null,
        sellerName: 'Nuagerie SAS',
        sellerVat: { key: vat, printed: vat },
        sellerReg: `${sir.slice(0, 3)} ${sir.slice(3, 6)} ${sir.slice(6)}`,
        sellerEmail: 'facturation@nuagerie.example',
        iban: null,
        bic: null,
        payRef: null,
        po: null,
        buyerRef: null,
        buyerName: 'Cabinet Dumont-Favre Expertise Comptable',
        buyerVat: { key: bvat, printed: bvat },
      },
      [
        L('Avoir sur abonnement Pro (12 licences non utilisées, mars 2026)', 12, 24, '20'),
        L('Geste commercial - interruption de service du 11/03/26', 1, 75, '20'),
      ],
      [],
      () => ({
        head: ['Nuagerie SAS', '87, rue de la Pompe', '75016 Paris'],
        contact: ['Service client 01 84 60 22 10', 'facturation@nuagerie.example'],
        title: 'AVOIR',
        buyer: [
          'Cabinet Dumont-Favre Expertise Comptable',
          '5, place Kléber',
          '67000 Strasbourg',
          `TVA : ${bvat}`,
        ],
        metaStyle: 'above',
        meta: [
          ['Avoir n°', 'AV-2026-0057'],
          ['Date d’émission', '07/04/26'],
          ['Facture d’origine', 'FA-2026-1133 du 01/03/26'],
          ['Client n°', 'CLI-30418'],
        ],
        cols: [
          ['desc', 'Désignation'],
          ['qty', 'Qté'],
          ['price', 'P.U. HT'],
          ['amount', 'Total HT'],
        ],
        tot: { net: 'Total HT', vat: (r) => `TVA (${r})`, total: 'Montant de l’avoir TTC' },
        cur: (s) => `${s} €`,
        after: ['Cet avoir sera imputé sur votre prochaine facture ou remboursé sur simple demande.'],
        foot: [
          [
            'Nuagerie SAS au capital de 150 000 €',
            `RCS Paris ${sir.slice(0, 3)} ${sir.slice(3, 6)} ${sir.slice(6)}`,
          ],
          [`TVA ${vat}`],
        ],
      }),
    ),
  );
}

// nl-1 Netherlands wholesale, two pages (dompdf): 21 % and 9 %, RF creditor reference
{
  const vat = vatNL('81440592');
  const bvat = vatNL('00715391');
  const ib = iban('NL', 'RABO' + '0318264071');
  const ref = rf('2026041188');
  const items: Array<[string, string, number, number, string]> = [
    ['TU-1001', 'Potgrond universeel 40 l', 60, 2.95, '9'],
    ['TU-1014', 'Tuinaarde zak 25 l', 40, 2.4, '9'],
    ['ZA-2203', 'Graszaad sport & spel 2,5 kg', 12, 18.9, '9'],
    ['ZA-2240', 'Bloembollen tulp mix, 50 st.', 20, 7.45, '9'],
    ['GE-3102', 'Snoeischaar bypass 21 cm', 15, 14.8, '21'],
    ['GE-3118', 'Tuinslang 25 m met koppelingen', 10, 23.5, '21'],
    ['GE-3150', 'Plantenbak kunststof 60 cm', 24, 6.9, '21'],
    ['ME-4007', 'Kunstmest gazon 10 kg', 18, 15.6, '21'],
    ['ME-4021', 'Kalkkorrels 20 kg', 10, 9.25, '21'],
    ['ZA-2266', 'Zaaigoed moestuin set', 30, 4.2, '9'],
    ['GE-3177', 'Werkhandschoenen maat 9, 12 paar', 6, 19.4, '21'],
    ['TU-1033', 'Boomschors 60 l', 25, 5.35, '9'],
    ['GE-3190', 'Gieter 10 l verzinkt', 8, 17.25, '21'],
  ];
  const lines = items.map(([code, desc, q, p, r]) => L(desc, q, p, r, { code }));
  docs.push(
    mk(
      {
        lang: 'nl',
        n: 1,
        gen: 'dompdf',
        layout: 'wholesale',
        cc: 'NL',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('-'),
        number: 'F2026-10458',
        issue: '2026-03-16',
        due: '2026-04-15',
        sellerName: 'Groothandel Van der Veen Tuin B.V.',
        sellerVat: { key: vat, printed: vat },
        sellerReg: '61482097',
        sellerEmail: 'debiteuren@vanderveentuin.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'RABONL2U',
        payRef: { key: ref, printed: grp(ref) },
        po: 'IO-88214',
        buyerRef: null,
        buyerName: 'Tuincentrum De Zonnebloem V.O.F.',
        buyerVat: { key: bvat, printed: bvat },
      },
      lines,
      [],
      () => ({
        head: ['Groothandel Van der Veen Tuin B.V.', 'Veilingweg 14', '2651 BE Berkel en Rodenrijs'],
        contact: ['T 010 522 38 40', 'debiteuren@vanderveentuin.example'],
        title: 'Factuur',
        buyer: [
          'Tuincentrum De Zonnebloem V.O.F.',
          'Dorpsstraat 101',
          '3481 EK Harmelen',
          `Btw-nr. afnemer: ${bvat}`,
        ],
        metaStyle: 'left',
        meta: [
          ['Factuurnummer', 'F2026-10458'],
          ['Factuurdatum', '16-03-2026'],
          ['Vervaldatum', '15-04-2026'],
          ['Debiteurnummer', '300218'],
          ['Uw ordernummer', 'IO-88214'],
          ['Pakbon', 'PB-551904 (13-03-2026)'],
        ],
        cols: [
          ['code', 'Artikel'],
          ['desc', 'Omschrijving'],
          ['qty', 'Aantal'],
          ['price', 'Prijs'],
          ['rate', 'Btw'],
          ['amount', 'Bedrag'],
        ],
        split: 8,
        carry: ['Subtotaal transport', 'Transport', 'Pagina {p} van 2'],
        tot: {
          net: 'Totaal excl. btw',
          vatTotal: 'Totaal btw',
          total: 'Totaal incl. btw',
          due: 'Te betalen',
        },
        cur: (s) => `€ ${s}`,
        breakdown: ['Btw %', 'Grondslag', 'Btw'],
        after: [
          `Gelieve binnen 30 dagen te betalen onder vermelding van betalingskenmerk ${grp(ref)}`,
          `Rabobank IBAN ${grp(ib)} BIC RABONL2U`,
        ],
        foot: [
          ['Groothandel Van der Veen Tuin B.V.', 'KvK 61482097'],
          [`Btw-id ${vat}`, 'Op al onze leveringen zijn de Fenex-voorwaarden van toepassing'],
        ],
      }),
    ),
  );
}

// nl-2 Flanders garage (Qt): 21 %, structured communication, two bank accounts
{
  const vat = vatBE('08364217');
  const ib = iban('BE', beBban('7350' + '214488'));
  const ib2 = iban('BE', beBban('0018' + '554091'));
  extraIds.push(['iban', ib2]);
  const o = ogm('0000264109');
  docs.push(
    mk(
      {
        lang: 'nl',
        n: 2,
        gen: 'qt',
        layout: 'garage',
        cc: 'BE',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('/'),
        number: '2026/0264',
        issue: '2026-02-13',
        due: '2026-02-28',
        sellerName: 'Garage Verbeke & Zonen BV',
        sellerVat: { key: vat, printed: `BE ${vat.slice(2, 6)}.${vat.slice(6, 9)}.${vat.slice(9)}` },
        sellerReg: null,
        sellerEmail: 'boekhouding@garageverbeke.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'KREDBEBB',
        payRef: { key: o, printed: ogmPrinted(o) },
        po: null,
        buyerRef: 'Bestelbon 7712',
        buyerName: 'Bloemenhandel Claeys-Desmet BV',
        buyerVat: null,
      },
      [
        L('Distributieriem kit + waterpomp', 1, 289.5, '21', { code: '530 0482 10' }),
        L('Koelvloeistof G13 (l)', 6, 8.9, '21', { code: 'G13-1L' }),
        L('Poly-V riem', 1, 34.2, '21', { code: '6PK1200' }),
        L('Werkuren mechanica', 4.3, 72, '21', { code: 'WU' }),
        L('Milieubijdrage afvalolie/filters', 1, 7.5, '21', { code: 'MIL' }),
      ],
      [],
      () => ({
        head: ['Garage Verbeke & Zonen BV', 'Kortrijksesteenweg 455', '9830 Sint-Martens-Latem'],
        contact: ['Tel. 09 282 41 70', 'boekhouding@garageverbeke.example'],
        title: 'FACTUUR',
        buyer: [
          'Bloemenhandel Claeys-Desmet BV',
          'Veldstraat 12',
          '9000 Gent',
          'Voertuig: 1-ABC-274 Renault Kangoo, km 96.118',
        ],
        metaStyle: 'box',
        meta: [
          ['Factuurnr.', '2026/0264'],
          ['Datum', '13/02/2026'],
          ['Vervaldag', '28/02/2026'],
          ['Klantnr.', 'K0412'],
          ['Uw referentie', 'Bestelbon 7712'],
          ['Werkorder', 'WO-3391'],
        ],
        cols: [
          ['code', 'Ref.'],
          ['desc', 'Omschrijving'],
          ['qty', 'Aantal'],
          ['price', 'Eenheidsprijs'],
          ['amount', 'Totaal'],
        ],
        tot: { net: 'Maatstaf van heffing', vat: (r) => `Btw ${r}`, total: 'Totaal te betalen' },
        cur: (s) => `€ ${s}`,
        after: [
          `Gelieve te betalen met gestructureerde mededeling ${ogmPrinted(o)}`,
          `KBC ${grp(ib)} (BIC KREDBEBB) of BNP Paribas Fortis ${grp(ib2)}`,
        ],
        foot: [
          [
            'Garage Verbeke & Zonen BV',
            `BTW BE ${vat.slice(2, 6)}.${vat.slice(6, 9)}.${vat.slice(9)} - RPR Gent`,
          ],
          ['Erkend hersteller - fax 09 282 41 79'],
        ],
      }),
    ),
  );
}

// nl-3 Netherlands credit note printed with negative amounts (pdf-lib), SaaS
{
  const vat = vatNL('85230617');
  const bvat = vatNL('17408235');
  const ib = iban('NL', 'INGB' + '0007731950');
  docs.push(
    mk(
      {
        lang: 'nl',
        n: 3,
        gen: 'pdflib',
        layout: 'saas',
        cc: 'NL',
        credit: true,
        neg: true,
        currency: 'EUR',
        nf: DOT,
        fd: longDate('nl'),
        number: 'CN-2026-0031',
        issue: '2026-03-31',
        due: null,
        sellerName: 'Roosterwijs Software B.V.',
        sellerVat: { key: vat, printed: vat },
        sellerReg: '74019386',
        sellerEmail: 'facturen@roosterwijs.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'INGBNL2A',
        payRef: null,
        po: null,
        buyerRef: 'Contract 2025-114',
        buyerName: 'Zorggroep Het Lindenhof',
        buyerVat: { key: bvat, printed: bvat },
      },
      [
        L('Creditering licenties Planner Plus (15 gebruikers, maart)', 15, 12.5, '21'),
        L('Creditering implementatiedag (geannuleerd)', 1, 895, '21'),
      ],
      [],
      () => ({
        head: ['Roosterwijs Software B.V.', 'Stationsplein 45', '3511 ED Utrecht'],
        contact: ['030 799 41 20', 'facturen@roosterwijs.example'],
        title: 'Creditfactuur',
        buyer: [
          'Zorggroep Het Lindenhof',
          't.a.v. crediteurenadministratie',
          'Postbus 1180',
          '7500 BD Enschede',
          `Btw: ${bvat}`,
        ],
        metaStyle: 'left',
        meta: [
          ['Creditnota nr.', 'CN-2026-0031'],
          ['Datum', '31 maart 2026'],
          ['Betreft factuur', 'RW-2026-0288 van 1 maart 2026'],
          ['Uw kenmerk', 'Contract 2025-114'],
          ['Klantnummer', 'RW-0457'],
        ],
        cols: [
          ['desc', 'Omschrijving'],
          ['qty', 'Aantal'],
          ['price', 'Stukprijs'],
          ['amount', 'Bedrag'],
        ],
        tot: { net: 'Subtotaal', vat: (r) => `Btw ${r}`, total: 'Totaal creditbedrag' },
        cur: (s) => `EUR ${s}`,
        after: [`Het tegoed wordt binnen 14 dagen teruggestort. Onze rekening: ${grp(ib)} (BIC INGBNL2A).`],
        foot: [['Roosterwijs Software B.V. - KvK 74019386'], [`Btw-nummer ${vat}`]],
      }),
    ),
  );
}

// nl-4 Flemish lawyer's fee note (dompdf): ereloon, kosten, provisie deducted
{
  const vat = vatBE('07430169');
  const ib = iban('BE', beBban('0689' + '033518'));
  const ib2 = iban('BE', beBban('0689' + '033519'));
  extraIds.push(['iban', ib2]);
  docs.push(
    mk(
      {
        lang: 'nl',
        n: 4,
        gen: 'dompdf',
        layout: 'feenote',
        cc: 'BE',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('.', true),
        number: 'ST 26/0087',
        issue: '2026-04-02',
        due: '2026-05-02',
        sellerName: 'Advocatenkantoor Peeters & Van Damme',
        sellerVat: { key: vat, printed: `BE${vat.slice(2)}` },
        sellerReg: null,
        sellerEmail: 'secretariaat@peeters-vandamme.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'BBRUBEBB',
        payRef: null,
        po: null,
        buyerRef: 'Dossier 2025/0412 - Janssens / NV Bouwwerken Noord',
        buyerName: 'Vastgoed Meerhout NV',
        buyerVat: null,
      },
      [
        L('Ereloon: studie dossier en besprekingen', 7.5, 150, '21', { date: '12.03.26' }),
        L('Ereloon: opstellen conclusies', 9, 150, '21', { date: '24.03.26' }),
        L('Pleiten, Ondernemingsrechtbank Antwerpen', 1, 750, '21', { date: '31.03.26' }),
        L('Kantoorkosten (forfait 7 %)', 1, 136.5, '21', { date: '31.03.26' }),
        L('Verplaatsingskosten 84 km', 84, 0.43, '21', { date: '31.03.26' }),
      ],
      [],
      () => ({
        head: ['Advocatenkantoor Peeters & Van Damme', 'Frankrijklei 78', '2000 Antwerpen'],
        contact: ['T +32 3 231 55 10', 'F +32 3 231 55 19', 'secretariaat@peeters-vandamme.example'],
        title: 'Staat van ereloon en kosten',
        buyer: ['Vastgoed Meerhout NV', 'Leopoldlaan 3', '2450 Meerhout'],
        metaStyle: 'above',
        meta: [
          ['Staat nr.', 'ST 26/0087'],
          ['Datum', '02.04.26'],
          ['Te betalen vóór', '02.05.26'],
          ['Uw referte', 'Dossier 2025/0412 - Janssens / NV Bouwwerken Noord'],
        ],
        cols: [
          ['date', 'Datum'],
          ['desc', 'Prestatie'],
          ['qty', 'Uren/aantal'],
          ['price', 'Tarief'],
          ['amount', 'Bedrag'],
        ],
        tot: {
          net: 'Totaal ereloon en kosten excl. btw',
          vat: (r) => `Btw ${r}`,
          total: 'Totaal incl. btw',
          adv: 'Min ontvangen provisie (factuur ST 25/0311)',
          due: 'Saldo te betalen',
        },
        cur: (s) => `€ ${s}`,
        after: [
          `Betaling op kantoorrekening ${grp(ib)} - BIC BBRUBEBB.`,
          `Derdenrekening (enkel voor gelden van derden): ${grp(ib2)}`,
        ],
        foot: [
          ['Peeters & Van Damme BV - advocaten', `Ondernemingsnummer / btw BE${vat.slice(2)}`],
          ['Balie Antwerpen'],
        ],
      }),
      { advance: 1500 },
    ),
  );
}

// es-1 Spanish lawyer's fee note (Qt): IRPF 15 % withheld
{
  const nif = nifES('50873124');
  const bcif = vatES('B', '8641027');
  const ib = iban('ES', esBban('2100', '4521', '0200183746'));
  docs.push(
    mk(
      {
        lang: 'es',
        n: 1,
        gen: 'qt',
        layout: 'feenote',
        cc: 'ES',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: longDate('es'),
        fdDue: dmy('/'),
        number: '2026/047',
        issue: '2026-03-10',
        due: '2026-04-09',
        sellerName: 'Lucía Fernández Ortega',
        sellerVat: { key: 'ES' + nif, printed: nif },
        sellerReg: null,
        sellerEmail: 'despacho@fernandezortega-abogados.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'CAIXESBBXXX',
        payRef: null,
        po: null,
        buyerRef: 'Expte. 118/2025',
        buyerName: 'Construcciones Peñalara S.L.',
        buyerVat: { key: bcif, printed: bcif.slice(2) },
      },
      [
        L('Honorarios: recurso de apelación, Audiencia Provincial', 1, 1850, '21'),
        L('Honorarios: asistencia a vista oral', 1, 600, '21'),
        L('Reuniones y gestiones (horas)', 4.5, 120, '21'),
      ],
      [],
      () => ({
        head: [
          'Lucía Fernández Ortega',
          'Abogada - Colegiada ICAM n.º 84.211',
          'C/ de Serrano, 41, 3.º izq.',
          '28001 Madrid',
        ],
        contact: ['Tel. 915 76 20 48', 'despacho@fernandezortega-abogados.example'],
        title: 'Minuta de honorarios',
        buyer: [
          'Construcciones Peñalara S.L.',
          'Avda. de la Ilustración, 112',
          '28029 Madrid',
          `CIF: ${bcif.slice(2)}`,
        ],
        metaStyle: 'left',
        meta: [
          ['Factura n.º', '2026/047'],
          ['Fecha de expedición', '10 de marzo de 2026'],
          ['Vencimiento', '09/04/2026'],
          ['Su referencia', 'Expte. 118/2025'],
          ['NIF', nif],
        ],
        cols: [
          ['desc', 'Concepto'],
          ['qty', 'Cant.'],
          ['price', 'Precio'],
          ['amount', 'Importe'],
        ],
        tot: {
          net: 'Base imponible',
          vat: (r) => `IVA ${r}`,
          total: 'Total factura',
          wh: 'Retención IRPF 15 %',
          due: 'Total a percibir',
        },
        cur: (s) => `${s} €`,
        after: [`Forma de pago: transferencia a CaixaBank, IBAN ${grp(ib)}, BIC CAIXESBBXXX`],
        foot: [['Lucía Fernández Ortega - NIF ' + nif], ['Protección de datos: RGPD (UE) 2016/679']],
      }),
      { wh: (t) => Math.floor((t.net * 1500 + 5000) / 10000) },
    ),
  );
}

// es-2 Spanish hotel folio (pdf-lib): 10 % lodging, 21 % extras, deposit
{
  const cif = vatES('B', '5720384');
  const bcif = vatES('A', '2849173');
  const ib = iban('ES', esBban('0049', '1807', '2310456789'));
  docs.push(
    mk(
      {
        lang: 'es',
        n: 2,
        gen: 'pdflib',
        layout: 'hotel',
        cc: 'ES',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('/', true),
        number: 'H26-003917',
        issue: '2026-04-18',
        due: null,
        sellerName: 'Hotel Mirador de la Alhambra S.L.',
        sellerVat: { key: cif, printed: cif.slice(2) },
        sellerReg: null,
        sellerEmail: 'recepcion@miradoralhambra.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'BSCHESMMXXX',
        payRef: null,
        po: null,
        buyerRef: 'Localizador XK7-22918',
        buyerName: 'Viajes Sierra Nevada S.A.',
        buyerVat: { key: bcif, printed: bcif },
      },
      [
        L('Habitación doble superior', 4, 142, '10', { date: '14/04/26' }),
        L('Desayuno buffet', 8, 16.5, '10', { date: '15/04/26' }),
        L('Cena restaurante "El Aljibe"', 1, 96.4, '10', { date: '16/04/26' }),
        L('Minibar', 1, 23.8, '21', { date: '17/04/26' }),
        L('Parking', 4, 18, '21', { date: '17/04/26' }),
        L('Lavandería', 1, 14.5, '21', { date: '17/04/26' }),
      ],
      [],
      () => ({
        head: ['Hotel Mirador de la Alhambra S.L.', 'Cuesta de Gomérez, 18', '18009 Granada'],
        contact: ['Tel. 958 22 61 40', 'Fax 958 22 61 49', 'recepcion@miradoralhambra.example'],
        title: 'Factura - Folio de huésped',
        buyer: [
          'Viajes Sierra Nevada S.A.',
          'C/ Recogidas, 24',
          '18005 Granada',
          `NIF: ${bcif}`,
          'Huésped: Sr. Íñigo Martínez, hab. 214',
        ],
        metaStyle: 'box',
        meta: [
          ['Nº factura', 'H26-003917'],
          ['Fecha', '18/04/26'],
          ['Llegada / Salida', '14/04/26 - 18/04/26'],
          ['Localizador', 'Localizador XK7-22918'],
          ['Cliente', '43015'],
        ],
        cols: [
          ['date', 'Fecha'],
          ['desc', 'Concepto'],
          ['qty', 'Uds.'],
          ['price', 'Precio'],
          ['rate', 'IVA'],
          ['amount', 'Importe'],
        ],
        tot: {
          net: 'Base imponible total',
          vatTotal: 'Cuota IVA',
          total: 'TOTAL',
          adv: 'Depósito a cuenta (09/03/26)',
          due: 'Pendiente de pago',
        },
        cur: (s) => `${s} EUR`,
        breakdown: ['Tipo', 'Base', 'Cuota'],
        after: [`Pago en recepción o por transferencia: Banco Santander ${grp(ib)} (BIC BSCHESMMXXX)`],
        foot: [
          ['Hotel Mirador de la Alhambra S.L. - CIF ' + cif.slice(2)],
          ['Reg. Turismo de Andalucía H/GR/01182'],
        ],
      }),
      { advance: 200 },
    ),
  );
}

// es-3 Spanish public-sector e-invoice visualisation (dompdf, Facturae / FACe)
{
  const cif = vatES('B', '9137460');
  const ib = iban('ES', esBban('3058', '0990', '2712345601'));
  docs.push(
    mk(
      {
        lang: 'es',
        n: 3,
        gen: 'dompdf',
        layout: 'public',
        cc: 'ES',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('-'),
        number: 'FE-2026-00219',
        issue: '2026-02-24',
        due: '2026-03-26',
        sellerName: 'Limpiezas Técnicas del Sureste S.L.',
        sellerVat: { key: cif, printed: cif },
        sellerReg: null,
        sellerEmail: 'administracion@limpiezassureste.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'CCRIES2AXXX',
        payRef: null,
        po: 'CM-2026/014',
        buyerRef: 'Expediente 4417/2025',
        buyerName: 'Ayuntamiento de Cartagena',
        buyerVat: null,
      },
      [
        L('Limpieza de edificios municipales, febrero 2026', 1, 18450, '21', { code: '1' }),
        L('Limpieza extraordinaria Palacio Consistorial', 16, 21.5, '21', { code: '2' }),
        L('Reposición de material higiénico', 1, 642.8, '21', { code: '3' }),
      ],
      [],
      () => ({
        head: [
          'Limpiezas Técnicas del Sureste S.L.',
          'Polígono Industrial Cabezo Beaza, C/ Bruselas 7',
          '30353 Cartagena (Murcia)',
        ],
        contact: [
          'Tel. 968 52 34 10',
          'administracion@limpiezassureste.example',
          'Representación visual de factura electrónica Facturae 3.2.2',
        ],
        title: 'Factura electrónica',
        buyerLabel: 'Administración destinataria',
        buyer: [
          'Ayuntamiento de Cartagena',
          'NIF P3001600J',
          'Oficina contable: L01300161',
          'Órgano gestor: L01300161',
          'Unidad tramitadora: LA0007894',
        ],
        metaStyle: 'box',
        meta: [
          ['Número de factura', 'FE-2026-00219'],
          ['Fecha de emisión', '24-02-2026'],
          ['Fecha de vencimiento', '26-03-2026'],
          ['Nº de contrato / pedido', 'CM-2026/014'],
          ['Referencia del expediente', 'Expediente 4417/2025'],
          ['Periodo de facturación', '01-02-2026 a 28-02-2026'],
        ],
        metaBelow: true,
        cols: [
          ['code', 'Línea'],
          ['desc', 'Descripción'],
          ['qty', 'Cantidad'],
          ['price', 'Precio unitario'],
          ['rate', 'IVA'],
          ['amount', 'Importe'],
        ],
        tot: {
          net: 'Total base imponible',
          vat: (r) => `IVA ${r}`,
          total: 'Total factura',
          due: 'Total a pagar',
        },
        cur: (s) => `${s} €`,
        after: [
          `Pago por transferencia a Cajamar: IBAN ${grp(ib)}, BIC CCRIES2AXXX`,
          `Emisor: ${cif} - Registro FACe: REGAGE26e00004471832`,
        ],
        foot: [
          ['Limpiezas Técnicas del Sureste S.L. - Capital social 60.000 €'],
          ['Inscrita en el Registro Mercantil de Murcia'],
        ],
      }),
    ),
  );
}

// es-4 Spanish wholesale (Qt): 21 %, 10 % and 4 %
{
  const cif = vatES('B', '4628193');
  const bcif = vatES('B', '1937264');
  const ib = iban('ES', esBban('0081', '0216', '7300019428'));
  docs.push(
    mk(
      {
        lang: 'es',
        n: 4,
        gen: 'qt',
        layout: 'wholesale',
        cc: 'ES',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('/'),
        number: 'A/26/1184',
        issue: '2026-03-27',
        due: '2026-04-26',
        sellerName: 'Distribuciones Alimentarias Guadalquivir S.L.',
        sellerVat: { key: cif, printed: `${cif.slice(0, 2)}-${cif.slice(2)}` },
        sellerReg: null,
        sellerEmail: 'facturacion@dag-sevilla.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'BSABESBBXXX',
        payRef: null,
        po: 'PED-20931',
        buyerRef: null,
        buyerName: 'Supermercados La Giralda S.L.',
        buyerVat: { key: bcif, printed: bcif.slice(2) },
      },
      [
        L('Aceite de oliva virgen extra 5 l', 24, 31.9, '4', { code: 'AC-005' }),
        L('Pan de molde integral 600 g', 40, 1.85, '4', { code: 'PA-118' }),
        L('Conserva de atún en aceite, pack 6', 30, 7.45, '10', { code: 'CO-231' }),
        L('Arroz bomba 1 kg', 50, 3.2, '10', { code: 'AR-002' }),
        L('Agua mineral 1,5 l, pack 6', 60, 2.1, '10', { code: 'BE-410' }),
        L('Detergente lavavajillas 750 ml', 36, 1.95, '21', { code: 'DR-077' }),
        L('Papel de cocina, pack 4', 25, 3.6, '21', { code: 'DR-090' }),
      ],
      [{ label: 'Portes', amount: 3500, rate: '21' }],
      () => ({
        head: [
          'Distribuciones Alimentarias Guadalquivir S.L.',
          'Polígono Store, C/ A, nave 14',
          '41008 Sevilla',
        ],
        contact: ['Tel. 954 43 18 20', 'Fax 954 43 18 29', 'facturacion@dag-sevilla.example'],
        title: 'FACTURA',
        buyer: [
          'Supermercados La Giralda S.L.',
          'Avda. de la Constitución, 9',
          '41004 Sevilla',
          `C.I.F. ${bcif.slice(2)}`,
        ],
        metaStyle: 'left',
        meta: [
          ['Factura nº', 'A/26/1184'],
          ['Fecha factura', '27/03/2026'],
          ['Código cliente', '4300127'],
          ['Su pedido', 'PED-20931'],
          ['Albarán', 'ALB-77310 del 25/03/2026'],
          ['Vencimiento', '26/04/2026'],
        ],
        cols: [
          ['code', 'Código'],
          ['desc', 'Descripción'],
          ['qty', 'Cant.'],
          ['price', 'Precio'],
          ['rate', 'IVA'],
          ['amount', 'Importe'],
        ],
        tot: { sub: 'Suma mercancía', net: 'Base imponible', vatTotal: 'Total IVA', total: 'TOTAL FACTURA' },
        cur: (s) => `${s} €`,
        breakdown: ['% IVA', 'Base', 'Cuota'],
        after: [`Pago: transferencia a 30 días. Banco Sabadell ${grp(ib)} BIC BSABESBBXXX`],
        foot: [
          ['Distribuciones Alimentarias Guadalquivir S.L.', 'Reg. Mercantil de Sevilla, Tomo 5821, Folio 40'],
          [`CIF ${cif.slice(0, 2)}-${cif.slice(2)}`, 'R.S.I. 40.012345/SE'],
        ],
      }),
    ),
  );
}

// it-1 Italian lawyer's fee note (pdf-lib): CPA 4 % subject to VAT, ritenuta d'acconto 20 % on fees
{
  const vat = vatIT('0384715015');
  const bvat = vatIT('1129483046');
  const ib = iban('IT', itBban('03069', '09606', '100000118374'));
  docs.push(
    mk(
      {
        lang: 'it',
        n: 1,
        gen: 'pdflib',
        layout: 'feenote',
        cc: 'IT',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('/'),
        number: '12/2026',
        issue: '2026-03-18',
        due: '2026-04-17',
        serif: true,
        sellerName: 'Studio Legale Avv. Francesca Sanò',
        sellerVat: { key: vat, printed: vat.slice(2) },
        sellerReg: null,
        sellerEmail: 'studio@avvsano.example',
        iban: { key: ib, printed: ib },
        bic: 'BCITITMM',
        payRef: null,
        po: null,
        buyerRef: 'Pratica 2025/77',
        buyerName: 'Officine Meccaniche Brembate S.r.l.',
        buyerVat: { key: bvat, printed: bvat },
      },
      [
        L('Compenso professionale - fase di studio', 1, 1200, '22'),
        L('Compenso professionale - fase introduttiva', 1, 950, '22'),
        L('Compenso - partecipazione udienza del 10/03/2026', 1, 480, '22'),
      ],
      [{ label: 'Cassa previdenza avvocati (CPA) 4 %', amount: 10520, rate: '22' }],
      () => ({
        head: ['Studio Legale Avv. Francesca Sanò', 'Via Camozzi 24', '24121 Bergamo'],
        contact: ['Tel. 035 21 87 40', 'studio@avvsano.example', 'PEC: francesca.sano@pec.example'],
        title: 'Fattura / Parcella',
        buyer: [
          'Spett.le',
          'Officine Meccaniche Brembate S.r.l.',
          'Via Industriale 5',
          '24041 Brembate (BG)',
          `P.IVA ${bvat}`,
        ],
        metaStyle: 'left',
        meta: [
          ['Fattura n.', '12/2026'],
          ['Data', '18/03/2026'],
          ['Scadenza', '17/04/2026'],
          ['Vs. riferimento', 'Pratica 2025/77'],
          ['Codice destinatario', 'M5UXCR1'],
        ],
        cols: [
          ['desc', 'Descrizione'],
          ['qty', 'Q.tà'],
          ['price', 'Prezzo'],
          ['amount', 'Importo'],
        ],
        tot: {
          sub: 'Totale compensi',
          net: 'Imponibile IVA',
          vat: (r) => `IVA ${r}`,
          total: 'Totale documento',
          wh: "Ritenuta d'acconto 20 % su 2.630,00",
          due: 'Netto a pagare',
        },
        cur: (s) => `€ ${s}`,
        after: [`Pagamento a mezzo bonifico: Intesa Sanpaolo IBAN ${ib} - BIC BCITITMM`],
        foot: [
          [`Avv. Francesca Sanò - P.IVA ${vat.slice(2)}`, 'C.F. SNAFNC78C52A794K'],
          ['Iscritta all’Ordine degli Avvocati di Bergamo'],
        ],
      }),
      { wh: (t) => Math.floor((t.lines * 2000 + 5000) / 10000) },
    ),
  );
}

// it-2 Italian public-sector FatturaPA visualisation (dompdf): 22 % and 10 %
{
  const vat = vatIT('0571294062');
  const ib = iban('IT', itBban('05034', '11701', '000000041822'));
  docs.push(
    mk(
      {
        lang: 'it',
        n: 2,
        gen: 'dompdf',
        layout: 'public',
        cc: 'IT',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: isoDate,
        fdDue: dmy('-'),
        number: 'FPA 31/26',
        issue: '2026-02-28',
        due: '2026-03-30',
        sellerName: 'Ristorazione Collettiva Euganea S.p.A.',
        sellerVat: { key: vat, printed: vat },
        sellerReg: 'PD-318204',
        sellerEmail: 'amministrazione@rc-euganea.example',
        iban: { key: ib, printed: ib },
        bic: 'BAPPIT21XXX',
        payRef: null,
        po: 'ODA 2026/118',
        buyerRef: 'Det. 55/2026',
        buyerName: 'Comune di Abano Terme',
        buyerVat: null,
      },
      [
        L('Pasti mensa scolastica primaria, febbraio', 3820, 4.65, '10', { code: '1' }),
        L('Pasti dieta speciale', 212, 5.2, '10', { code: '2' }),
        L('Servizio di sporzionamento e riassetto', 19, 96, '22', { code: '3' }),
        L('Fornitura stoviglie compostabili', 1, 412.6, '22', { code: '4' }),
      ],
      [],
      () => ({
        head: ['Ristorazione Collettiva Euganea S.p.A.', 'Via Guizza 210', '35125 Padova'],
        contact: [
          'Tel. 049 880 41 77',
          'amministrazione@rc-euganea.example',
          'Copia di cortesia - FatturaPA FPA12',
        ],
        title: 'Fattura elettronica',
        buyerLabel: 'Cessionario/committente',
        buyer: [
          'Comune di Abano Terme',
          'Piazza Caduti 1',
          '35031 Abano Terme (PD)',
          'Codice fiscale 80009670284',
          'Codice Univoco Ufficio UF4KZ9',
        ],
        metaStyle: 'box',
        meta: [
          ['Numero documento', 'FPA 31/26'],
          ['Data documento', '2026-02-28'],
          ['Tipo documento', 'TD01 fattura'],
          ['Ordine d’acquisto', 'ODA 2026/118'],
          ['Riferimento amministrazione', 'Det. 55/2026'],
          ['CIG / CUP', 'B4F21C7A90 / J61B24000120004'],
        ],
        metaBelow: true,
        cols: [
          ['code', 'Nr.'],
          ['desc', 'Descrizione'],
          ['qty', 'Quantità'],
          ['price', 'Prezzo unitario'],
          ['rate', 'IVA'],
          ['amount', 'Prezzo totale'],
        ],
        tot: {
          net: 'Totale imponibile',
          vatTotal: 'Totale imposta',
          total: 'Totale documento',
          due: 'Importo pagamento',
        },
        cur: (s) => s,
        breakdown: ['Aliquota IVA', 'Imponibile', 'Imposta'],
        after: [
          'Esigibilità IVA: I (immediata). Modalità MP05 bonifico, scadenza 30-03-2026',
          `Banco BPM - IBAN ${ib} - BIC BAPPIT21XXX`,
        ],
        foot: [
          ['Ristorazione Collettiva Euganea S.p.A. - Capitale sociale € 1.200.000 i.v.'],
          [`P.IVA ${vat} - REA PD-318204`],
        ],
      }),
    ),
  );
}

// it-3 Italian garage (Qt)
{
  const vat = vatIT('0912846015');
  const ib = iban('IT', itBban('02008', '01604', '000104829371'));
  docs.push(
    mk(
      {
        lang: 'it',
        n: 3,
        gen: 'qt',
        layout: 'garage',
        cc: 'IT',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: longDate('it'),
        fdDue: dmy('.'),
        number: '0000287',
        issue: '2026-04-09',
        due: '2026-05-09',
        sellerName: 'Carrozzeria e Meccanica Colombo S.n.c.',
        sellerVat: { key: vat, printed: `IT ${vat.slice(2)}` },
        sellerReg: null,
        sellerEmail: 'assistenza@meccanicacolombo.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'UNCRITM1',
        payRef: null,
        po: null,
        buyerRef: null,
        buyerName: 'Fiorista Bellavista di Rossi Giulia',
        buyerVat: null,
      },
      [
        L('Ammortizzatori anteriori (coppia)', 1, 238, '22', { code: '334834' }),
        L('Kit supporti ammortizzatori', 2, 27.5, '22', { code: '802 417' }),
        L('Convergenza', 1, 45, '22', { code: 'SRV-CV' }),
        L('Manodopera meccanica (ore)', 2.5, 52, '22', { code: 'MO' }),
        L('Smaltimento rifiuti speciali', 1, 6, '22', { code: 'SMAL' }),
      ],
      [],
      () => ({
        head: ['Carrozzeria e Meccanica Colombo S.n.c.', 'Via Vittorio Veneto 88', '20900 Monza (MB)'],
        contact: ['Tel. 039 32 11 540', 'Fax 039 32 11 541', 'assistenza@meccanicacolombo.example'],
        title: 'Fattura',
        buyer: [
          'Fiorista Bellavista di Rossi Giulia',
          'Via Italia 3',
          '20900 Monza (MB)',
          'Veicolo: Fiat Doblò GH 412 KT, km 121.550',
        ],
        metaStyle: 'box',
        meta: [
          ['Fattura N.', '0000287'],
          ['del', '9 aprile 2026'],
          ['Scadenza pagamento', '09.05.2026'],
          ['Cod. cliente', 'C0198'],
          ['Ordine di lavoro', 'OL 26/311 del 07.04.2026'],
        ],
        cols: [
          ['code', 'Codice'],
          ['desc', 'Descrizione'],
          ['qty', 'Q.tà'],
          ['price', 'Prezzo'],
          ['amount', 'Importo'],
        ],
        tot: { net: 'Imponibile', vat: (r) => `IVA ${r}`, total: 'TOTALE FATTURA' },
        cur: (s) => `€ ${s}`,
        after: [`Bonifico bancario a 30 gg d.f. - UniCredit IBAN ${grp(ib)} BIC UNCRITM1`],
        foot: [
          ['Carrozzeria e Meccanica Colombo S.n.c. di Colombo Piero & C.'],
          [`Partita IVA IT ${vat.slice(2)}`],
        ],
      }),
    ),
  );
}

// it-4 Italian hotel folio (pdf-lib): 10 % and 22 %, caparra deducted
{
  const vat = vatIT('0227154021');
  const bvat = vatIT('0495210037');
  const ib = iban('IT', itBban('08327', '03239', '000000009521'));
  docs.push(
    mk(
      {
        lang: 'it',
        n: 4,
        gen: 'pdflib',
        layout: 'hotel',
        cc: 'IT',
        credit: false,
        neg: false,
        currency: 'EUR',
        nf: DOT,
        fd: dmy('/', true),
        number: '418/A',
        issue: '2026-03-22',
        due: null,
        sellerName: 'Albergo Belvedere sul Lago S.r.l.',
        sellerVat: { key: vat, printed: vat.slice(2) },
        sellerReg: 'TN-104512',
        sellerEmail: 'info@belvederesullago.example',
        iban: { key: ib, printed: grp(ib) },
        bic: 'ICRAITRRXXX',
        payRef: null,
        po: null,
        buyerRef: 'Convegno Garda 2026',
        buyerName: 'Associazione Culturale Più Musica',
        buyerVat: { key: bvat, printed: bvat.slice(2) },
      },
      [
        L('Pernottamento camera doppia vista lago', 6, 135, '10', { date: '19/03/26' }),
        L('Mezza pensione supplemento', 6, 28, '10', { date: '19/03/26' }),
        L('Sala riunioni "Limonaia", giornata', 2, 320, '22', { date: '20/03/26' }),
        L('Noleggio videoproiettore', 2, 45, '22', { date: '20/03/26' }),
        L('Coffee break', 40, 6.5, '10', { date: '21/03/26' }),
      ],
      [],
      () => ({
        head: ['Albergo Belvedere sul Lago S.r.l.', 'Lungolago Verona 7', '38066 Riva del Garda (TN)'],
        contact: ['Tel. 0464 55 21 30', 'info@belvederesullago.example'],
        title: 'Fattura - conto albergo',
        buyer: ['Associazione Culturale Più Musica', 'Via Roma 40', '38122 Trento', `P.IVA ${bvat.slice(2)}`],
        metaStyle: 'above',
        meta: [
          ['Fattura n.', '418/A'],
          ['Data', '22/03/26'],
          ['Soggiorno', '19/03/26 - 22/03/26'],
          ['Vs. rif.', 'Convegno Garda 2026'],
          ['Camere', '104, 105, 107'],
        ],
        cols: [
          ['date', 'Data'],
          ['desc', 'Descrizione'],
          ['qty', 'Q.tà'],
          ['price', 'Prezzo'],
          ['rate', 'IVA'],
          ['amount', 'Importo'],
        ],
        tot: {
          net: 'Totale imponibile',
          vatTotal: 'Totale IVA',
          total: 'Totale conto',
          adv: 'Caparra confirmatoria ricevuta',
          due: 'Saldo da pagare',
        },
        cur: (s) => `€ ${s}`,
        breakdown: ['Aliquota', 'Imponibile', 'Imposta'],
        after: [`Saldo alla partenza o bonifico: Cassa Rurale Alto Garda IBAN ${grp(ib)} BIC ICRAITRRXXX`],
        foot: [
          ['Albergo Belvedere sul Lago S.r.l. - Cap. soc. € 50.000 i.v.', 'REA TN-104512'],
          [`P.IVA ${vat.slice(2)}`],
        ],
      }),
      { advance: 500 },
    ),
  );
}

// ---------------------------------------------------------------- keys, rendering, verification

const norm = (s: string): string => s.replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/\s+/g, ' ');
const keyOf = (d: Doc, file: string): Record<string, unknown> => {
  const due = d.credit ? d.t.total : d.t.total - d.advance - d.withholding;
  return {
    source: 'app-blind',
    generator: 'app-blind',
    file,
    producer: `scripts/make-app-invoices.ts (${d.gen})`,
    type_code: d.credit ? '381' : '380',
    seller_country: d.cc,
    fields: {
      number: d.number,
      issue_date: d.issue,
      due_date: d.due,
      currency: d.currency,
      total_net: plain(d.t.net),
      total_tax: plain(d.t.tax),
      total: plain(d.t.total),
      amount_due: plain(due),
      tax_breakdown: d.t.perRate.map((p) => ({ rate: p.rate, net: plain(p.net), tax: plain(p.tax) })),
      seller_name: d.sellerName,
      seller_vat_id: d.sellerVat?.key ?? null,
      seller_registration_id: d.sellerReg,
      seller_email: d.sellerEmail,
      iban: d.iban?.key ?? null,
      bic: d.bic,
      payment_reference: d.payRef?.key ?? null,
      purchase_order: d.po,
      buyer_reference: d.buyerRef,
      buyer_name: d.buyerName,
      buyer_vat_id: d.buyerVat?.key ?? null,
    },
  };
};
const printedForms = (d: Doc): Array<[string, string, boolean]> => {
  const sg = d.neg ? -1 : 1;
  const A = (c: number): string => fmtNum(sg * c, d.nf);
  const out: Array<[string, string, boolean]> = [
    ['number', d.number, false],
    ['issue_date', d.fd(d.issue), false],
    ['total_net', A(d.t.net), false],
    ['total_tax', A(d.t.tax), false],
    ['total', A(d.t.total), true],
    ['seller_name', d.sellerName, false],
    ['buyer_name', d.buyerName, false],
  ];
  if (!d.credit) out.push(['amount_due', A(d.t.total - d.advance - d.withholding), true]);
  if (d.due) out.push(['due_date', (d.fdDue ?? d.fd)(d.due), false]);
  for (const p of d.t.perRate)
    out.push([`net ${p.rate}`, A(p.net), false], [`tax ${p.rate}`, A(p.tax), false]);
  const opt: Array<[string, string | null | undefined]> = [
    ['seller_vat_id', d.sellerVat?.printed],
    ['seller_registration_id', d.sellerReg],
    ['seller_email', d.sellerEmail],
    ['iban', d.iban?.printed],
    ['bic', d.bic],
    ['payment_reference', d.payRef?.printed],
    ['purchase_order', d.po],
    ['buyer_reference', d.buyerRef],
    ['buyer_vat_id', d.buyerVat?.printed],
  ];
  for (const [k, v] of opt) if (v) out.push([k, v, false]);
  return out;
};
const allStrings = (d: Doc): string => {
  const acc: string[] = [];
  const walk = (b: Block): void => {
    switch (b.k) {
      case 'text':
        acc.push(...b.lines);
        break;
      case 'kv':
        for (const [l, v] of b.items) acc.push(l, v);
        break;
      case 'cols':
        b.left.forEach(walk);
        b.right.forEach(walk);
        break;
      case 'table':
        acc.push(...b.cols.map((c) => c.h), ...b.rows.flat());
        break;
      case 'totals':
        for (const [l, v] of b.rows) acc.push(l, v);
        break;
      case 'foot':
        acc.push(...b.cols.flat());
        break;
      default:
        break;
    }
  };
  for (const p of d.pages) p.forEach(walk);
  return acc.join(' ');
};

const checkIds = (): void => {
  const items: Array<[string, string]> = [];
  for (const d of docs) {
    for (const v of [d.sellerVat, d.buyerVat]) if (v) items.push(['vat', v.key]);
    if (d.iban) items.push(['iban', d.iban.key]);
    if (d.payRef) items.push([d.payRef.printed.startsWith('+++') ? 'ogm' : 'rf', d.payRef.key]);
  }
  for (const x of extraIds) items.push(x);
  for (const [kind, v] of items) {
    const ok =
      kind === 'vat'
        ? vatValid(v)
        : kind === 'iban'
          ? ibanValid(v)
          : kind === 'rf'
            ? mod97(v.slice(4) + v.slice(0, 4)) === 1
            : Number(BigInt(v.slice(0, 10)) % 97n || 97n) === Number(v.slice(10));
    if (!ok) fail(`own check failed: ${kind} ${v}`);
  }
  const py = `
import sys, json
from stdnum import iban, iso11649
from stdnum.util import get_cc_module
bad = []
for kind, v in json.load(sys.stdin):
    if kind == 'iban':
        ok = iban.is_valid(v)
    elif kind == 'rf':
        ok = iso11649.is_valid(v)
    elif kind == 'ogm':
        ok = len(v) == 12 and v.isdigit() and (int(v[:10]) % 97 or 97) == int(v[10:])
    else:
        cc = 'ch' if v.startswith('CHE') else v[:2].lower()
        m = get_cc_module(cc, 'uid' if cc == 'ch' else 'vat')
        ok = m.is_valid(v)
        if cc == 'es' and v[2:].isalnum() and v[-1].isalpha():
            ok = get_cc_module('es', 'nif').is_valid(v[2:])
    if not ok:
        bad.append(kind + ' ' + v)
print(json.dumps({'n': len(sys.argv), 'bad': bad}))
`;
  const r = spawnSync(PY, ['-c', py], { input: JSON.stringify(items), encoding: 'utf8' });
  if (r.status !== 0) {
    fail(`python3-stdnum cross-check did not run: ${r.stderr}`);
    return;
  }
  const res = JSON.parse(r.stdout) as { bad: string[] };
  for (const b of res.bad) fail(`python3-stdnum rejects ${b}`);
  console.log(`identifiers: ${items.length} checked (own code + python3-stdnum), ${res.bad.length} rejected`);
};

const verify = (d: Doc, file: string, pdf: string): void => {
  const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [pdf]))?.[1] ?? 0);
  if (pages !== d.pages.length) fail(`${file}: ${pages} pages, designed ${d.pages.length}`);
  const lay = norm(run('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-']));
  const raw = norm(run('pdftotext', ['-raw', '-enc', 'UTF-8', pdf, '-']));
  const last = norm(run('pdftotext', ['-layout', '-f', String(pages), '-l', String(pages), pdf, '-']));
  for (const [k, v, onLast] of printedForms(d)) {
    const nv = norm(v);
    if (!lay.includes(nv)) fail(`${file}: ${k} "${v}" missing in -layout text`);
    if (!raw.includes(nv)) fail(`${file}: ${k} "${v}" missing in -raw text`);
    if (onLast && !last.includes(nv)) fail(`${file}: ${k} "${v}" not on the last page`);
  }
  if (/[\ufffd\ufb00-\ufb06]|Ã|â‚¬|Â/.test(lay + raw)) fail(`${file}: replacement character or mojibake`);
  const want = new Set([...norm(allStrings(d))].filter((c) => c.charCodeAt(0) > 127 && c !== ' '));
  for (const c of want)
    if (!lay.includes(c) || !raw.includes(c)) fail(`${file}: character ${c} not extracted`);
};

const main = async (): Promise<void> => {
  mkdirSync(OUT, { recursive: true });
  mkdirSync(path.join(BUILD, 'dompdf-fonts'), { recursive: true });
  writeFileSync(path.join(BUILD, 'qt-render.py'), QT_PY);
  writeFileSync(path.join(BUILD, 'dompdf-render.php'), DOMPDF_PHP);
  checkIds();
  const seen = new Set<string>();
  for (const d of docs) {
    const layoutName = d.layout;
    const base = `${d.lang}-${d.n}-${d.gen}-${layoutName}`;
    if (seen.has(`${d.lang}-${d.n}`)) fail(`duplicate ${base}`);
    seen.add(`${d.lang}-${d.n}`);
    const file = `${base}.pdf`;
    const pdf = path.join(OUT, file);
    if (d.gen === 'pdflib') await renderPdfLib(d, pdf);
    else {
      const html = path.join(BUILD, `${base}.html`);
      writeFileSync(html, toHtml(d));
      if (d.gen === 'qt') {
        run(PY, [path.join(BUILD, 'qt-render.py'), html, pdf, qtFont(d) ?? 'Liberation Sans'], {
          QT_QPA_PLATFORM: 'offscreen',
          QT_HASH_SEED: '0',
          XDG_RUNTIME_DIR: BUILD,
        });
      } else {
        run('php', [path.join(BUILD, 'dompdf-render.php'), html, pdf, path.join(BUILD, 'dompdf-fonts')]);
      }
      writeFileSync(pdf, fixBytes(readFileSync(pdf)));
    }
    writeFileSync(path.join(OUT, `${base}.key.json`), JSON.stringify(keyOf(d, file), null, 2) + '\n');
    verify(d, file, pdf);
    console.log(`${file}: ${d.pages.length} page(s)`);
  }
  if (docs.length !== 24) fail(`expected 24 documents, have ${docs.length}`);
  if (failures.length) {
    for (const f of failures) console.error(`FAIL ${f}`);
    process.exit(1);
  }
  console.log(`ok: ${docs.length} documents in ${OUT}`);
};

await main();
