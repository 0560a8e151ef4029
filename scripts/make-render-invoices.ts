/**
 * Held-out ("blind") corpus of 24 rendered supplier invoices with answer keys.
 *
 * Run (writes 24 PDFs + 24 `<name>.key.json`; intermediates go to /tmp/render-build/):
 *
 *   RENDER_INVOICES_OUT=/tmp/render-out node --import tsx scripts/make-render-invoices.ts
 *
 * Without RENDER_INVOICES_OUT the output goes to test/fixtures/capture/render-blind. The script exits
 * non-zero when any rendering, text-extraction, arithmetic or identifier check fails.
 *
 * Requirements (Debian 12): `apt-get install -y groff htmldoc python3-gi python3-gi-cairo gir1.2-pango-1.0
 * fonts-dejavu-core fonts-liberation2 poppler-utils python3-stdnum`. Tested with groff 1.22.4 (gropdf),
 * HTMLDOC 1.9.16, Cairo 1.16.0 + Pango 1.50.12 via PyGObject 3.42.2 (/usr/bin/python3), poppler-utils
 * 22.12.0 and python-stdnum 1.18. No npm packages beyond the repository's own (tsx); nothing is installed
 * under /tmp/render-build/node.
 *
 * Generators (three producers that lay out and encode text differently):
 *   groff   `groff -k -t -Tpdf` (tbl + gropdf): words placed one by one with explicit moves, base-14
 *           Type 1 fonts not embedded (Helvetica, Times, New Century Schoolbook, Palatino).
 *   htmldoc HTML 3.2 tables rendered by HTMLDOC: embedded (unsubsetted) Type 1 fonts, custom encoding.
 *   pango   Pango layouts drawn on a Cairo PDF surface by a small Python program written to
 *           /tmp/render-build/pango-render.py: subset TrueType fonts (DejaVu, Liberation) with ToUnicode.
 *
 * Layouts and documents (file `<lang>-<n>-<generator>-<layout>.pdf`):
 *   craft     craftsman's quote-style final invoice: job/site line, quotation ref, deposit deducted
 *             en-1 groff GB · de-1 groff DE · fr-1 htmldoc FR · es-1 htmldoc ES · it-1 pango IT
 *   utility   telecom / electricity bill with a summary box, account numbers, billing period
 *             en-2 pango IE · de-2 htmldoc DE · es-3 pango ES
 *   wholesale many lines over two pages, page subtotals carried forward, totals only on page 2
 *             en-3 htmldoc GB · de-3 pango AT · fr-3 groff FR · nl-3 pango NL · es-4 htmldoc ES
 *   letter    accountant's letter-style fee note            en-4 htmldoc IE
 *   fee       consultant's / lawyer's / engineer's fee note  fr-2 pango BE · es-2 groff ES · it-2 groff IT
 *   erp       table-heavy ERP invoice with a VAT analysis   de-4 groff CH · fr-4 pango LU · nl-4 groff BE · it-3 htmldoc IT
 *   market    marketplace seller invoice, paid at checkout  nl-1 htmldoc NL
 *   credit    credit note                                   nl-2 groff BE (negative amounts) · it-4 pango IT (positive)
 *
 * Features covered: languages en (GB, IE), de (DE, AT, CH), fr (FR, BE, LU), nl (NL, Flanders), es, it,
 * each language with at least two generators; GBP (en-1, en-3) and CHF (de-4) besides EUR; number forms
 * 1,234.56 / 1.234,56 / 1 234,56 (no-break space) / 1'234.56; dates with / . -, two-digit years (de-3,
 * fr-3, es-4), written months (en-1 ordinal, en-2, en-4, de-2, fr-2, nl-3, es-2, it-2); several VAT rates (en-3 20/5/0, de-3 20/10, de-4 8.1/2.6, fr-1 10/20, fr-3 5.5/20, fr-4
 * 17/3, nl-1 21/9, nl-2 21/6, nl-4 21/6, es-1 21/10, es-4 21/10/4, it-1 22/10, it-3 22/10/4); intra-EU 0 %
 * supply with reverse-charge wording (nl-3); advances deducted (en-1, en-4, de-1, fr-1, es-1, it-1, nl-1
 * paid in full); Spanish IRPF 15 % (es-2) and Italian ritenuta d'acconto 20 % with Inarcassa 4 % subject
 * to VAT (it-2); electricity tax and meter rental as charges subject to VAT (es-3); line discounts (de-4,
 * fr-4, it-3); RF creditor references (en-2, fr-4); Belgian structured communications (fr-2, nl-4).
 * Distractors: customer/account numbers, order, quotation and delivery-note numbers and dates, the
 * buyer's VAT id beside the seller's, an Italian condominium fiscal code that is not a VAT id, phone/fax,
 * sort codes, NSC and national account numbers, RIB tables, second bank accounts (de-4, fr-4, nl-4,
 * es-4, it-3), the buyer's IBAN on a credit note (nl-2), previous balances and payments, service and
 * billing periods, early-payment discount dates and amounts, share capital, tax numbers, creditor id,
 * CUPS, SDI code, page subtotals, the invoice being credited (nl-2, it-4).
 *
 * Answer key conventions (`fields`): type_code 380 invoice / 381 credit note; amounts as plain decimals
 * with two places, credit notes as positive magnitudes; total_net = lines + charges subject to VAT;
 * total = total_net + total_tax; amount_due = total - advance - withholding (a credit note: its total);
 * tax_breakdown one entry per rate (rate without %, e.g. "5.5"), tax rounded half up per rate from that
 * rate's net, all in integer cents; ISO dates; VAT ids with country prefix and no separators (Swiss UID
 * with its MWST suffix, as python-stdnum compacts it); registration ids without court or town
 * ("HRB 19384", "FN 287431 k", "B 182734", SIREN "512 384 769", Belgian enterprise number "0647.318.216",
 * REA "BO-512347", Spanish Registro Mercantil sheet "Z-61542"); payment_reference without spaces, Belgian
 * structured communication without the +++; purchase_order = the buyer's order number; buyer_reference
 * = the buyer's "your reference"; fields not printed are null. Keys are JSON.stringify(key, null, 2) + "\n".
 *
 * Verification after rendering: pdfinfo page count equals the design; `pdftotext -layout` and `-raw`
 * (whitespace normalised) contain every keyed value in its printed form (local dates and amounts,
 * grouped IBANs, domestic VAT-id forms), total and amount due on the last page, every rate's net and
 * tax; no U+FFFD or mojibake; every non-ASCII character and every word containing one comes back; the
 * key's arithmetic is re-checked. Identifiers (IBAN with mod 97, length and national check digits for
 * BE/FR RIB/ES CCC/IT CIN/NL elfproef/DE method 00; VAT ids of DE AT CH FR BE NL LU ES IT GB IE; BIC;
 * RF; Belgian structured communication; CUPS) are validated with this file's own code and cross-checked
 * with python-stdnum (iban incl. es/be national checks, eu.vat, gb.vat, ch.vat, iso11649, bic, es.cups,
 * be.iban bank-code-to-BIC); python-stdnum has no module for the Belgian structured communication, so
 * that one is re-checked by plain mod-97 arithmetic in the Python helper.
 *
 * Determinism: no clock, no randomness. groff and HTMLDOC honour SOURCE_DATE_EPOCH (set to 2026-03-01);
 * Cairo gets fixed CreationDate/Creator/Title metadata and its font-subset tags are stable. Two runs
 * produce byte-identical PDFs and keys.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// ---------------------------------------------------------------------------------------------
// Basics: money, numbers, dates
// ---------------------------------------------------------------------------------------------

type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
type Gen = 'groff' | 'htmldoc' | 'pango';
type Align = 'l' | 'r' | 'c';
type Frame = 'grid' | 'box' | 'lines' | 'none';

interface NumFmt {
  group: string;
  dec: string;
}
const NBSP = '\u00a0';
const NF_EN: NumFmt = { group: ',', dec: '.' };
const NF_DOT: NumFmt = { group: '.', dec: ',' };
const NF_SPACE: NumFmt = { group: NBSP, dec: ',' };
const NF_CH: NumFmt = { group: "'", dec: '.' };

/** Half-up integer division of a non-negative numerator. */
function divRound(n: number, d: number): number {
  if (n < 0 || d <= 0 || !Number.isSafeInteger(n)) throw new Error(`divRound(${n}, ${d})`);
  return Math.floor((2 * n + d) / (2 * d));
}

/** "1234.56" -> 123456 (cents), exact string arithmetic. */
function cents(s: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new Error(`bad amount ${s}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** "2.5" -> 2500 (thousandths). */
function milli(s: string): number {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(s);
  if (!m) throw new Error(`bad quantity ${s}`);
  return Number(m[1]) * 1000 + Number((m[2] ?? '0').padEnd(3, '0'));
}

/** VAT rate "5.5" -> 550 basis points. */
function rateBp(rate: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rate);
  if (!m) throw new Error(`bad rate ${rate}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

function plain(c: number): string {
  const a = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

function groupInt(s: string, sep: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += sep;
    out += s[i];
  }
  return out;
}

/** Localised amount without currency; negative values get a leading minus. */
function money(c: number, nf: NumFmt, group = true): string {
  const a = Math.abs(c);
  const int = String(Math.floor(a / 100));
  return `${c < 0 ? '-' : ''}${group ? groupInt(int, nf.group) : int}${nf.dec}${String(a % 100).padStart(2, '0')}`;
}

/** Localised decimal quantity with a minimum number of decimals (thousandths in). */
function qtyFmt(m: number, nf: NumFmt, minDec: number): string {
  const int = String(Math.floor(m / 1000));
  let frac = String(m % 1000).padStart(3, '0');
  while (frac.length > minDec && frac.endsWith('0')) frac = frac.slice(0, -1);
  return groupInt(int, nf.group) + (frac ? nf.dec + frac : '');
}

function rateFmt(rate: string, nf: NumFmt): string {
  return rate.replace('.', nf.dec);
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

function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** Tokens in braces: {d} {dd} {do} {m} {mm} {MMM} {MMMM} {yy} {yyyy}. */
function fmtDate(iso: string, pat: string, months: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`bad date ${iso}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const names = MONTHS[months];
  if (!names) throw new Error(`no months for ${months}`);
  const name = names[mo - 1] ?? '';
  return pat.replace(/\{(\w+)\}/g, (_all, t: string) => {
    switch (t) {
      case 'd':
        return String(d);
      case 'dd':
        return String(d).padStart(2, '0');
      case 'do':
        return ordinal(d);
      case 'm':
        return String(mo);
      case 'mm':
        return String(mo).padStart(2, '0');
      case 'MMM':
        return name.slice(0, 3);
      case 'MMMM':
        return name;
      case 'yy':
        return String(y % 100).padStart(2, '0');
      case 'yyyy':
        return String(y);
      default:
        throw new Error(`bad date token ${t}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Identifiers: makers (compute check digits) and independent validators
// ---------------------------------------------------------------------------------------------

function digitsOf(s: string): number[] {
  if (!/^\d+$/.test(s)) throw new Error(`not digits: ${s}`);
  return [...s].map(Number);
}

/** Remainder mod 97 of a long digit string. */
function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
}

/** Letters A-Z -> 10..35, digits kept (ISO 13616 / ISO 11649 conversion). */
function alnumToDigits(s: string): string {
  let out = '';
  for (const ch of s.toUpperCase()) {
    if (/[0-9]/.test(ch)) out += ch;
    else if (/[A-Z]/.test(ch)) out += String(ch.charCodeAt(0) - 55);
    else throw new Error(`bad char ${ch} in ${s}`);
  }
  return out;
}

function luhnSum(s: string): number {
  const ds = digitsOf(s).reverse();
  let sum = 0;
  ds.forEach((d, i) => {
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  });
  return sum % 10;
}
function luhnDigit(s: string): string {
  return String((10 - luhnSum(s + '0')) % 10);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function makeIban(cc: string, bban: string): string {
  const check = 98 - mod97(alnumToDigits(bban + cc + '00'));
  return cc + pad2(check) + bban;
}

/** German account number passing check method 00 (modulus 10, weights 2,1,2,... from the right). */
function deAccount00(nine: string): string {
  const ds = digitsOf(nine).reverse();
  let sum = 0;
  ds.forEach((d, i) => {
    const p = d * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(p / 10) + (p % 10);
  });
  return nine + String((10 - (sum % 10)) % 10);
}
function frRibKey(bank: string, branch: string, account: string): string {
  const r = (89 * Number(bank) + 15 * Number(branch) + 3 * (Number(account) % 97)) % 97;
  return pad2(97 - r);
}
function esDc(entity: string, office: string, account: string): string {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const dc = (s: string): string => {
    const r = digitsOf(s).reduce((a, d, i) => a + d * (w[i] ?? 0), 0) % 11;
    return String(r < 2 ? r : 11 - r);
  };
  return dc('00' + entity + office) + dc(account);
}
const CIN_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
function itCin(abi: string, cab: string, conto: string): string {
  const s = abi + cab + conto;
  let sum = 0;
  [...s].forEach((ch, i) => {
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? (CIN_ODD[v] ?? 0) : v;
  });
  return String.fromCharCode(65 + (sum % 26));
}
function beBban(bank: string, account7: string): string {
  const ten = bank + account7;
  return ten + pad2(Number(ten) % 97 || 97);
}
function nlAccount(nine: string): string {
  // elfproef: sum of digit * (10 - position) over ten digits is divisible by 11
  for (let last = 0; last <= 9; last++) {
    const s = nine + String(last);
    const sum = digitsOf(s).reduce((a, d, i) => a + d * (10 - i), 0);
    if (sum % 11 === 0) return s;
  }
  throw new Error(`no elfproef digit for ${nine}`);
}

const IBAN_LEN: Record<string, number> = {
  GB: 22,
  IE: 22,
  DE: 22,
  AT: 20,
  CH: 21,
  FR: 27,
  BE: 16,
  LU: 20,
  NL: 18,
  ES: 24,
  IT: 27,
};

function validIban(iban: string): string | null {
  const cc = iban.slice(0, 2);
  if (IBAN_LEN[cc] !== iban.length) return 'length';
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'format';
  if (mod97(alnumToDigits(iban.slice(4) + iban.slice(0, 4))) !== 1) return 'mod97';
  const b = iban.slice(4);
  switch (cc) {
    case 'BE':
      return (Number(b.slice(0, 10)) % 97 || 97) === Number(b.slice(10)) ? null : 'be-national';
    case 'FR': {
      const v =
        89 * Number(b.slice(0, 5)) + 15 * Number(b.slice(5, 10)) + ((3 * Number(b.slice(10, 21))) % 97);
      return (v + Number(b.slice(21))) % 97 === 0 ? null : 'fr-rib';
    }
    case 'ES':
      return esDc(b.slice(0, 4), b.slice(4, 8), b.slice(10)) === b.slice(8, 10) ? null : 'es-ccc';
    case 'IT':
      return itCin(b.slice(1, 6), b.slice(6, 11), b.slice(11)) === b.slice(0, 1) ? null : 'it-cin';
    case 'NL': {
      const acc = b.slice(4);
      return digitsOf(acc).reduce((a, d, i) => a + d * (10 - i), 0) % 11 === 0 ? null : 'nl-elfproef';
    }
    case 'DE':
      return deAccount00(b.slice(8, 17)) === b.slice(8) ? null : 'de-method00';
    default:
      return null;
  }
}

function deVat(eight: string): string {
  let p = 10;
  for (const d of digitsOf(eight)) {
    let s = (d + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  const c = 11 - p;
  return `DE${eight}${c === 10 ? 0 : c}`;
}
function atUid(seven: string): string {
  return `ATU${seven}${(((6 - luhnSum(seven)) % 10) + 10) % 10}`;
}
function chUid(eight: string): string {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  const s = digitsOf(eight).reduce((a, d, i) => a + d * (w[i] ?? 0), 0);
  const c = (11 - (s % 11)) % 11;
  if (c === 10) throw new Error(`CHE${eight}: no check digit`);
  return `CHE${eight}${c}`;
}
function frSiren(eight: string): string {
  return eight + luhnDigit(eight);
}
function frTva(siren: string): string {
  return `FR${pad2((Number(siren) * 100 + 12) % 97)}${siren}`;
}
function beVat(eight: string): string {
  return `BE${eight}${pad2(97 - (Number(eight) % 97))}`;
}
function nlBtw(eight: string): string {
  const s = digitsOf(eight).reduce((a, d, i) => a + d * (9 - i), 0) % 11;
  if (s === 10) throw new Error(`NL${eight}: no check digit`);
  return `NL${eight}${s}B01`;
}
function luTva(six: string): string {
  return `LU${six}${pad2(Number(six) % 89)}`;
}
function esCif(letter: string, seven: string): string {
  return `ES${letter}${seven}${luhnDigit(seven)}`;
}
function esDni(eight: string): string {
  return `ES${eight}${'TRWAGMYFPDXBNJZSQVHLCKE'[Number(eight) % 23]}`;
}
function itIva(ten: string): string {
  return `IT${ten}${luhnDigit(ten)}`;
}
function gbVat(seven: string): string {
  const w = [8, 7, 6, 5, 4, 3, 2];
  const s = digitsOf(seven).reduce((a, d, i) => a + d * (w[i] ?? 0), 0);
  return `GB${seven}${pad2((97 - (s % 97)) % 97)}`;
}
function ieVat(seven: string): string {
  const s = digitsOf(seven).reduce((a, d, i) => a + d * (8 - i), 0);
  return `IE${seven}${'WABCDEFGHIJKLMNOPQRSTUV'[s % 23]}`;
}
function rfRef(ref: string): string {
  return `RF${pad2(98 - mod97(alnumToDigits(ref + 'RF00')))}${ref}`;
}
function beOgm(ten: string): string {
  return ten + pad2(Number(ten) % 97 || 97);
}
function esCups(sixteen: string): string {
  const a = 'TRWAGMYFPDXBNJZSQVHLCKE';
  const r = Number(BigInt(sixteen) % 529n);
  return `ES${sixteen}${a[Math.floor(r / 23)]}${a[r % 23]}`;
}

/** Independent validation of a compact VAT id (country prefix, no separators). */
function validVat(v: string): string | null {
  const cc = v.startsWith('CHE') ? 'CH' : v.slice(0, 2);
  const n = v.slice(cc === 'CH' ? 3 : 2);
  const ds = (s: string): number[] => digitsOf(s);
  switch (cc) {
    case 'DE': {
      if (!/^[1-9]\d{8}$/.test(n)) return 'format';
      // ISO 7064 MOD 11,10 as a running check
      let c = 5;
      for (const d of ds(n)) c = ((((c || 10) * 2) % 11) + d) % 10;
      return c === 1 ? null : 'check';
    }
    case 'AT': {
      if (!/^U\d{8}$/.test(n)) return 'format';
      const d = ds(n.slice(1));
      let s = 0;
      for (let i = 0; i < 7; i++) {
        const x = d[i] ?? 0;
        s += i % 2 === 1 ? Math.floor((x * 2) / 10) + ((x * 2) % 10) : x;
      }
      return (10 - ((s + 4) % 10)) % 10 === d[7] ? null : 'check';
    }
    case 'CH': {
      if (!/^\d{9}(MWST|TVA|IVA)?$/.test(n)) return 'format';
      const d = ds(n.slice(0, 9));
      const w = [5, 4, 3, 2, 7, 6, 5, 4];
      const s = w.reduce((a, x, i) => a + x * (d[i] ?? 0), 0);
      return (11 - (s % 11)) % 11 === d[8] ? null : 'check';
    }
    case 'FR': {
      if (!/^\d{11}$/.test(n)) return 'format';
      const siren = n.slice(2);
      if (luhnSum(siren) !== 0) return 'siren';
      return Number(n.slice(0, 2)) === (Number(siren) * 100 + 12) % 97 ? null : 'check';
    }
    case 'BE':
      if (!/^[01]\d{9}$/.test(n)) return 'format';
      return (Number(n.slice(0, 8)) + Number(n.slice(8))) % 97 === 0 ? null : 'check';
    case 'NL': {
      if (!/^\d{9}B\d{2}$/.test(n)) return 'format';
      const d = ds(n.slice(0, 9));
      const s = d.slice(0, 8).reduce((a, x, i) => a + x * (9 - i), 0) - (d[8] ?? 0);
      return s % 11 === 0 ? null : 'check';
    }
    case 'LU':
      if (!/^\d{8}$/.test(n)) return 'format';
      return Number(n.slice(0, 6)) % 89 === Number(n.slice(6)) ? null : 'check';
    case 'ES': {
      if (/^\d{8}[A-Z]$/.test(n))
        return 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(n.slice(0, 8)) % 23] === n[8] ? null : 'check';
      if (!/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(n)) return 'format';
      const c = (10 - luhnSum(n.slice(1, 8) + '0')) % 10;
      return n[8] === String(c) || n[8] === 'JABCDEFGHI'[c] ? null : 'check';
    }
    case 'IT': {
      if (!/^\d{11}$/.test(n)) return 'format';
      const office = Number(n.slice(7, 10));
      if (!((office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office))) return 'office';
      return luhnSum(n) === 0 ? null : 'check';
    }
    case 'GB': {
      if (!/^\d{9}$/.test(n)) return 'format';
      const d = ds(n);
      const w = [8, 7, 6, 5, 4, 3, 2, 10, 1];
      const s = w.reduce((a, x, i) => a + x * (d[i] ?? 0), 0) % 97;
      return s === 0 || s === 42 || s === 55 ? null : 'check';
    }
    case 'IE': {
      if (!/^\d{7}[A-W]$/.test(n)) return 'format';
      const s = ds(n.slice(0, 7)).reduce((a, x, i) => a + x * (8 - i), 0);
      return 'WABCDEFGHIJKLMNOPQRSTUV'[s % 23] === n[7] ? null : 'check';
    }
    default:
      return 'country';
  }
}

function validRf(v: string): string | null {
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(v)) return 'format';
  return mod97(alnumToDigits(v.slice(4) + v.slice(0, 4))) === 1 ? null : 'check';
}
function validOgm(v: string): string | null {
  if (!/^\d{12}$/.test(v)) return 'format';
  const r = Number(v.slice(0, 10)) % 97;
  return (r === 0 ? 97 : r) === Number(v.slice(10)) ? null : 'check';
}
function validBic(v: string): string | null {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v) ? null : 'format';
}
function validCups(v: string): string | null {
  if (!/^ES\d{16}[A-Z]{2}(\d[FPRCXYZ])?$/.test(v)) return 'format';
  return esCups(v.slice(2, 18)) === v.slice(0, 20) ? null : 'check';
}

/** Print forms. */
function groups(s: string, n = 4): string {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += n) out.push(s.slice(i, i + n));
  return out.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Document model: a list of blocks every generator can lay out
// ---------------------------------------------------------------------------------------------

interface TextBlock {
  k: 'text';
  lines: string[];
  size?: number;
  bold?: boolean;
  align?: Align;
  band?: boolean;
}
interface Row {
  cells: string[];
  bold?: boolean;
  rule?: boolean;
  shade?: boolean;
}
interface GridBlock {
  k: 'grid';
  widths: number[];
  aligns: Align[];
  head?: string[];
  rows: Row[];
  frame: Frame;
  size?: number;
  width?: number;
  indent?: number;
}
type Block = TextBlock | GridBlock | { k: 'space'; mm: number } | { k: 'rule' } | { k: 'page' };

interface TaxLine {
  rate: string;
  net: string;
  tax: string;
}
interface Fields {
  number: string | null;
  issue_date: string | null;
  due_date: string | null;
  currency: string | null;
  total_net: string | null;
  total_tax: string | null;
  total: string | null;
  amount_due: string | null;
  tax_breakdown: TaxLine[];
  seller_name: string | null;
  seller_vat_id: string | null;
  seller_registration_id: string | null;
  seller_email: string | null;
  iban: string | null;
  bic: string | null;
  payment_reference: string | null;
  purchase_order: string | null;
  buyer_reference: string | null;
  buyer_name: string | null;
  buyer_vat_id: string | null;
}
type ScalarField = Exclude<keyof Fields, 'tax_breakdown'>;

function blankFields(): Fields {
  return {
    number: null,
    issue_date: null,
    due_date: null,
    currency: null,
    total_net: null,
    total_tax: null,
    total: null,
    amount_due: null,
    tax_breakdown: [],
    seller_name: null,
    seller_vat_id: null,
    seller_registration_id: null,
    seller_email: null,
    iban: null,
    bic: null,
    payment_reference: null,
    purchase_order: null,
    buyer_reference: null,
    buyer_name: null,
    buyer_vat_id: null,
  };
}

interface Spec {
  lang: Lang;
  n: number;
  gen: Gen;
  layout: string;
  country: string;
  type: '380' | '381';
  pages: number;
  nf: NumFmt;
  months: string;
  /** groff family (H, T, N, P), HTMLDOC body font (helvetica, times, sans, serif) or a Pango family. */
  font: string;
  size: number;
  build: (d: Doc) => void;
}

type IdKind = 'iban' | 'bic' | 'vat' | 'rf' | 'ogm' | 'cups' | 'be-iban-bic';
interface Ident {
  kind: IdKind;
  value: string;
  doc: string;
}
interface Mark {
  field: string;
  text: string;
  last: boolean;
}

interface Item {
  desc: string;
  qty: string;
  unit?: string;
  price: string;
  rate: string;
  code?: string;
  disc?: number;
}
interface Part {
  net: number;
  rate: string;
}
interface Sums {
  net: number;
  tax: number;
  total: number;
  due: number;
  rates: { rate: string; net: number; tax: number }[];
}

function lineNet(it: Item): number {
  return divRound(milli(it.qty) * cents(it.price) * (100 - (it.disc ?? 0)), 100_000);
}

class Doc {
  readonly blocks: Block[] = [];
  readonly marks: Mark[] = [];
  readonly ids: Ident[] = [];
  readonly key: Fields = blankFields();
  readonly file: string;
  readonly s: Spec;
  constructor(s: Spec) {
    this.s = s;
    this.file = `${s.lang}-${s.n}-${s.gen}-${s.layout}.pdf`;
  }
  /** Localised amount. */
  m(c: number): string {
    return money(c, this.s.nf);
  }
  q(qty: string, minDec = 0): string {
    return qtyFmt(milli(qty), this.s.nf, minDec);
  }
  r(rate: string): string {
    return rateFmt(rate, this.s.nf);
  }
  dt(iso: string, pat: string): string {
    return fmtDate(iso, pat, this.s.months);
  }
  /** Sets a key field and records the form it is printed in. */
  put(k: ScalarField, value: string, printed = value): string {
    if (this.key[k] !== null) throw new Error(`${this.file}: ${k} set twice`);
    this.key[k] = value;
    this.marks.push({ field: k, text: printed, last: false });
    return printed;
  }
  date(k: 'issue_date' | 'due_date', iso: string, pat: string): string {
    return this.put(k, iso, this.dt(iso, pat));
  }
  vat(k: 'seller_vat_id' | 'buyer_vat_id', compact: string, printed: string): string {
    this.id('vat', compact);
    return this.put(k, compact, printed);
  }
  iban(iban: string, bic: string, printed = groups(iban)): string {
    this.id('iban', iban);
    this.id('bic', bic);
    if (iban.startsWith('BE')) this.id('be-iban-bic', `${iban}|${bic}`);
    this.put('bic', bic);
    return this.put('iban', iban, printed);
  }
  /** Registers an identifier printed as a distractor (checked, not keyed). */
  id(kind: IdKind, value: string): string {
    this.ids.push({ kind, value, doc: this.file });
    return value;
  }
  /** Must appear in the text (e.g. a rate's net and tax). */
  mark(field: string, text: string, last = false): void {
    this.marks.push({ field, text, last });
  }
  sums(parts: Part[], opt: { advance?: number; withholding?: number; paidInFull?: boolean } = {}): Sums {
    const by = new Map<string, number>();
    for (const p of parts) by.set(p.rate, (by.get(p.rate) ?? 0) + p.net);
    const rates = [...by.entries()]
      .map(([rate, net]) => ({ rate, net, tax: divRound(net * rateBp(rate), 10_000) }))
      .sort((a, b) => rateBp(b.rate) - rateBp(a.rate));
    const net = rates.reduce((a, r) => a + r.net, 0);
    const tax = rates.reduce((a, r) => a + r.tax, 0);
    const total = net + tax;
    const due = opt.paidInFull ? 0 : total - (opt.advance ?? 0) - (opt.withholding ?? 0);
    this.key.total_net = plain(net);
    this.key.total_tax = plain(tax);
    this.key.total = plain(total);
    this.key.amount_due = plain(due);
    this.key.tax_breakdown = rates.map((r) => ({ rate: r.rate, net: plain(r.net), tax: plain(r.tax) }));
    this.mark('total_net', this.m(net), true);
    this.mark('total_tax', this.m(tax), true);
    this.mark('total', this.m(total), true);
    this.mark('amount_due', this.m(due), true);
    for (const r of rates) {
      this.mark(`net ${r.rate}`, this.m(r.net), true);
      this.mark(`tax ${r.rate}`, this.m(r.tax), true);
    }
    return { net, tax, total, due, rates };
  }
  text(lines: string | string[], o: Omit<TextBlock, 'k' | 'lines'> = {}): void {
    this.blocks.push({ k: 'text', lines: typeof lines === 'string' ? [lines] : lines, ...o });
  }
  grid(g: Omit<GridBlock, 'k'>): void {
    const sum = g.widths.reduce((a, w) => a + w, 0);
    if (Math.abs(sum - 1) > 0.001) throw new Error(`${this.file}: widths sum ${sum}`);
    for (const r of [...(g.head ? [{ cells: g.head }] : []), ...g.rows])
      if (r.cells.length !== g.widths.length) throw new Error(`${this.file}: row ${r.cells.join('|')}`);
    this.blocks.push({ k: 'grid', ...g });
  }
  /** Two columns of lines side by side, no frame. */
  cols(
    left: string[],
    right: string[],
    widths: [number, number] = [0.55, 0.45],
    aligns: Align[] = ['l', 'l'],
  ): void {
    this.grid({ widths, aligns, frame: 'none', rows: [{ cells: [left.join('\n'), right.join('\n')] }] });
  }
  /** Label/value pairs as a small grid. */
  pairs(rows: [string, string][], o: Partial<Omit<GridBlock, 'k' | 'rows'>> = {}): void {
    this.grid({
      widths: o.widths ?? [0.5, 0.5],
      aligns: o.aligns ?? ['l', 'r'],
      frame: o.frame ?? 'none',
      ...(o.width !== undefined ? { width: o.width } : {}),
      ...(o.indent !== undefined ? { indent: o.indent } : {}),
      ...(o.size !== undefined ? { size: o.size } : {}),
      rows: rows.map(([a, b]) => ({ cells: [a, b] })),
    });
  }
  space(mm: number): void {
    this.blocks.push({ k: 'space', mm });
  }
  rule(): void {
    this.blocks.push({ k: 'rule' });
  }
  page(): void {
    this.blocks.push({ k: 'page' });
  }
  /** Every string the document prints. */
  allText(): string[] {
    const out: string[] = [];
    for (const b of this.blocks) {
      if (b.k === 'text') out.push(...b.lines);
      if (b.k === 'grid')
        for (const r of [...(b.head ? [{ cells: b.head }] : []), ...b.rows]) out.push(...r.cells);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Renderers
// ---------------------------------------------------------------------------------------------

const BUILD = '/tmp/render-build';
const EPOCH = '1772323200'; // 2026-03-01T00:00:00Z, the fixed creation date of every PDF
const ENV = { ...process.env, SOURCE_DATE_EPOCH: EPOCH, TZ: 'UTC', LC_ALL: 'C.UTF-8' };

function run(cmd: string, args: string[], input?: string): string {
  const r = spawnSync(cmd, args, { env: ENV, encoding: 'utf8', input, maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** groff: escape one line of text for use in a text line or a table cell. */
function gEsc(s: string): string {
  if (s.includes('|')) throw new Error(`'|' in groff text: ${s}`);
  return (
    '\\&' +
    s
      .replace(/\\/g, '\\e')
      .replace(/'/g, '\\[aq]')
      .replace(/\u00a0/g, '\\~')
  );
}

function renderGroff(d: Doc): string {
  const s = d.s;
  const LL = 17; // line length in cm
  const out: string[] = [
    `.\\" ${d.file}: generated by scripts/make-render-invoices.ts`,
    '.pl 29.7c',
    '.po 2c',
    `.ll ${LL}c`,
    '.nh',
    '.ad l',
    `.fam ${s.font}`,
    '.ft R',
    `.ps ${s.size}`,
    `.vs ${Math.round(s.size * 1.25)}p`,
    '.sp 1.2c',
  ];
  const bold = (t: string, b?: boolean): string => (b ? `\\fB${t}\\fP` : t);
  for (const b of d.blocks) {
    switch (b.k) {
      case 'text': {
        const size = b.size ?? s.size;
        out.push(`.ps ${size}`, `.vs ${Math.round(size * 1.25)}p`);
        if (b.bold || b.band) out.push('.ft B');
        if (b.align === 'r') out.push(`.rj ${b.lines.length}`);
        if (b.align === 'c') out.push(`.ce ${b.lines.length}`);
        for (const l of b.lines) out.push(gEsc(l), '.br');
        if (b.bold || b.band) out.push('.ft R');
        if (b.band) out.push(`\\l'${LL}c'`, '.br');
        out.push(`.ps ${s.size}`, `.vs ${Math.round(s.size * 1.25)}p`, '.sp 2p');
        break;
      }
      case 'grid': {
        const size = b.size ?? s.size;
        const tw = LL * (b.width ?? 1);
        const gapCm = (2 * size) / 2 / 28.35; // two ens of column separation
        const avail =
          0.98 * (tw - gapCm * (b.widths.length - 1)) -
          (b.frame === 'none' || b.frame === 'lines' ? 0.1 : 0.4);
        const fmt = (boldAll: boolean): string =>
          b.widths
            .map(
              (w, i) =>
                `${b.aligns[i] ?? 'l'}${boldAll ? 'b' : ''}w(${(w * avail).toFixed(2)}c)${i < b.widths.length - 1 ? '2' : ''}`,
            )
            .join(' ');
        const cell = (t: string, i: number, isBold: boolean): string => {
          const lines = t.split('\n');
          const a = b.aligns[i] ?? 'l';
          const wcm = (b.widths[i] ?? 0) * avail;
          const long = a === 'l' && t.length * size * 0.02 > wcm;
          if (lines.length === 1 && !long) return t === '' ? '' : bold(gEsc(t), isBold);
          const adj = a === 'r' ? '.ad r\n' : a === 'c' ? '.ad c\n' : '';
          return `T{\n${adj}${lines.map((l) => bold(gEsc(l), isBold)).join('\n.br\n')}\nT}`;
        };
        out.push(`.ps ${size}`, `.vs ${Math.round(size * 1.25)}p`);
        if (b.indent) out.push(`.in ${(LL * b.indent).toFixed(2)}c`);
        out.push('.TS');
        const opts = b.frame === 'grid' ? 'allbox ' : b.frame === 'box' ? 'box ' : '';
        out.push(`${opts}tab(|);`);
        if (b.head) out.push(fmt(true));
        out.push(`${fmt(false)}.`);
        if (b.head) {
          out.push(b.head.map((h, i) => cell(h, i, false)).join('|'));
          if (b.frame === 'lines' || b.frame === 'box') out.push('_');
        }
        for (const r of b.rows) {
          if (r.rule && b.frame !== 'grid') out.push('_');
          out.push(r.cells.map((c, i) => cell(c, i, !!r.bold)).join('|'));
        }
        if (b.frame === 'lines') out.push('_');
        out.push('.TE');
        if (b.indent) out.push('.in 0');
        out.push(`.ps ${s.size}`, `.vs ${Math.round(s.size * 1.25)}p`, '.sp 3p');
        break;
      }
      case 'space':
        out.push(`.sp ${(b.mm * 2.835).toFixed(1)}p`);
        break;
      case 'rule':
        out.push(`\\l'${LL}c'`, '.br', '.sp 2p');
        break;
      case 'page':
        out.push('.bp', '.sp 1.2c');
        break;
    }
  }
  return out.join('\n') + '\n';
}

function hEsc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/\n/g, '<br>');
}

function renderHtml(d: Doc, title: string): string {
  const s = d.s;
  const fsize = (pt: number): string => {
    const rel = pt - s.size;
    return rel >= 4 ? '+2' : rel >= 1.5 ? '+1' : rel <= -1.5 ? '-1' : '';
  };
  const wrapSize = (pt: number | undefined, h: string): string => {
    const f = pt === undefined ? '' : fsize(pt);
    return f ? `<font size="${f}">${h}</font>` : h;
  };
  const out: string[] = [
    '<!DOCTYPE html>',
    `<html lang="${s.lang}"><head><meta charset="utf-8"><title>${hEsc(title)}</title>`,
    '<meta name="generator" content="scripts/make-render-invoices.ts"></head><body>',
  ];
  const ALIGN: Record<Align, string> = { l: 'left', r: 'right', c: 'center' };
  for (const b of d.blocks) {
    switch (b.k) {
      case 'text': {
        let h = b.lines.map(hEsc).join('<br>');
        if (b.bold || b.band) h = `<b>${h}</b>`;
        h = wrapSize(b.size, h);
        if (b.band)
          out.push(
            `<table width="100%" cellpadding="4" cellspacing="0"><tr><td bgcolor="#d9dee8">${h}</td></tr></table>`,
          );
        else out.push(`<p align="${ALIGN[b.align ?? 'l']}">${h}</p>`);
        break;
      }
      case 'grid': {
        const border = b.frame === 'grid' || b.frame === 'box' ? 1 : 0;
        const rows: string[] = [];
        const n = b.widths.length;
        const tr = (cells: string[], isBold: boolean, head: boolean, shade?: boolean): string =>
          '<tr>' +
          cells
            .map((c, i) => {
              let h = c === '' ? '&nbsp;' : hEsc(c);
              if (isBold || head) h = `<b>${h}</b>`;
              h = wrapSize(b.size, h);
              const bg = head || shade ? ' bgcolor="#e4e4e4"' : '';
              return `<td width="${Math.round((b.widths[i] ?? 0) * 100)}%" align="${ALIGN[b.aligns[i] ?? 'l']}" valign="top"${bg}>${h}</td>`;
            })
            .join('') +
          '</tr>';
        const hr = `<tr><td colspan="${n}"><hr noshade size="1"></td></tr>`;
        if (b.head) {
          rows.push(tr(b.head, true, true));
          if (b.frame === 'lines') rows.push(hr);
        }
        for (const r of b.rows) {
          if (r.rule && border === 0) rows.push(hr);
          rows.push(tr(r.cells, !!r.bold, false, r.shade));
        }
        if (b.frame === 'lines') rows.push(hr);
        const table = `<table width="100%" border="${border}" cellpadding="${b.frame === 'none' ? 1 : 3}" cellspacing="0">${rows.join('')}</table>`;
        if (b.indent || (b.width && b.width < 1)) {
          const ind = Math.round((b.indent ?? 0) * 100);
          const wid = Math.round((b.width ?? 1) * 100);
          out.push(
            `<table width="100%" cellpadding="0" cellspacing="0"><tr>${ind > 0 ? `<td width="${ind}%">&nbsp;</td>` : ''}<td width="${wid}%">${table}</td>${ind + wid < 100 ? `<td width="${100 - ind - wid}%">&nbsp;</td>` : ''}</tr></table>`,
          );
        } else out.push(table);
        break;
      }
      case 'space':
        out.push(
          `<table width="100%" cellpadding="0" cellspacing="0"><tr><td height="${Math.round(b.mm * 3)}"></td></tr></table>`,
        );
        break;
      case 'rule':
        out.push('<hr noshade size="1">');
        break;
      case 'page':
        out.push('<!-- PAGE BREAK -->');
        break;
    }
  }
  out.push('</body></html>');
  return out.join('\n') + '\n';
}

const PANGO_PY = String.raw`
import json, sys
import cairo, gi
gi.require_version('Pango', '1.0')
gi.require_version('PangoCairo', '1.0')
from gi.repository import Pango, PangoCairo

spec = json.load(open(sys.argv[1], encoding='utf-8'))
W, H = 595.276, 841.89
ML, MT, MB = 50.0, 48.0, 40.0
CW = W - 2 * ML
surf = cairo.PDFSurface(sys.argv[2], W, H)
surf.set_metadata(cairo.PDF_METADATA_CREATE_DATE, '2026-03-01T00:00:00Z')
surf.set_metadata(cairo.PDF_METADATA_CREATOR, 'scripts/make-render-invoices.ts')
surf.set_metadata(cairo.PDF_METADATA_TITLE, spec['title'])
cr = cairo.Context(surf)
fam, base = spec['font'], spec['size']
accent = spec['accent']
y = MT
page = 1

def fdesc(size, bold):
    fd = Pango.FontDescription()
    fd.set_family(fam)
    fd.set_absolute_size(size * Pango.SCALE)
    fd.set_weight(Pango.Weight.BOLD if bold else Pango.Weight.NORMAL)
    return fd

AL = {'l': Pango.Alignment.LEFT, 'r': Pango.Alignment.RIGHT, 'c': Pango.Alignment.CENTER}

def lay(text, width, size, bold, align):
    l = PangoCairo.create_layout(cr)
    l.set_font_description(fdesc(size, bold))
    l.set_width(int(max(width, 1) * Pango.SCALE))
    l.set_wrap(Pango.WrapMode.WORD)
    l.set_alignment(AL[align])
    l.set_text(text, -1)
    return l

def height(l):
    return l.get_extents()[1].height / Pango.SCALE

def draw(l, x, yy, rgb=(0, 0, 0)):
    cr.set_source_rgb(*rgb)
    cr.move_to(x, yy)
    PangoCairo.show_layout(cr, l)

def hline(x0, x1, yy, w=0.6):
    cr.set_source_rgb(0.25, 0.25, 0.25)
    cr.set_line_width(w)
    cr.move_to(x0, yy)
    cr.line_to(x1, yy)
    cr.stroke()

def check():
    if y > H - MB:
        sys.stderr.write('overflow on page %d (y=%.1f)\n' % (page, y))
        sys.exit(3)

for b in spec['blocks']:
    k = b['k']
    if k == 'text':
        size = b.get('size', base)
        l = lay('\n'.join(b['lines']), CW - (12 if b.get('band') else 0), size, b.get('bold') or b.get('band'), b.get('align', 'l'))
        h = height(l)
        if b.get('band'):
            cr.set_source_rgb(*accent)
            cr.rectangle(ML, y, CW, h + 8)
            cr.fill()
            draw(l, ML + 6, y + 4, (1, 1, 1))
            y += h + 12
        else:
            draw(l, ML, y)
            y += h + 3
    elif k == 'grid':
        size = b.get('size', base)
        x0 = ML + b.get('indent', 0) * CW
        tw = b.get('width', 1) * CW
        ws = [w * tw for w in b['widths']]
        frame = b['frame']
        pad = 1.5 if frame == 'none' else 3.0
        rows = []
        if b.get('head'):
            rows.append({'cells': b['head'], 'bold': True, 'head': True})
        rows += b['rows']
        top = y
        for r in rows:
            lays = [lay(c, ws[i] - 2 * pad, size, r.get('bold', False), b['aligns'][i]) for i, c in enumerate(r['cells'])]
            h = max(height(l) for l in lays) + 2 * pad
            if r.get('head') or r.get('shade'):
                cr.set_source_rgb(*([0.86, 0.89, 0.93] if r.get('head') else [0.94, 0.94, 0.94]))
                cr.rectangle(x0, y, tw, h)
                cr.fill()
            if r.get('rule') and frame != 'grid':
                hline(x0, x0 + tw, y)
            x = x0
            for i, l in enumerate(lays):
                draw(l, x + pad, y + pad)
                if frame == 'grid':
                    cr.set_source_rgb(0.3, 0.3, 0.3)
                    cr.set_line_width(0.5)
                    cr.rectangle(x, y, ws[i], h)
                    cr.stroke()
                x += ws[i]
            y += h
            if r.get('head') and frame in ('lines', 'box'):
                hline(x0, x0 + tw, y)
            check()
        if frame == 'box':
            cr.set_source_rgb(0.2, 0.2, 0.2)
            cr.set_line_width(0.8)
            cr.rectangle(x0, top, tw, y - top)
            cr.stroke()
        if frame == 'lines':
            hline(x0, x0 + tw, y)
        y += 4
    elif k == 'space':
        y += b['mm'] * 2.8346
    elif k == 'rule':
        hline(ML, ML + CW, y + 2)
        y += 6
    elif k == 'page':
        cr.show_page()
        page += 1
        y = MT
    check()
cr.show_page()
surf.finish()
`;

const ACCENTS: [number, number, number][] = [
  [0.12, 0.3, 0.5],
  [0.45, 0.12, 0.14],
  [0.1, 0.38, 0.25],
  [0.3, 0.3, 0.32],
];

function renderPdf(d: Doc, pdf: string, title: string): void {
  const base = join(BUILD, d.file.replace(/\.pdf$/, ''));
  switch (d.s.gen) {
    case 'groff': {
      writeFileSync(`${base}.tr`, renderGroff(d));
      const bytes = spawnSync('groff', ['-k', '-t', '-Tpdf', '-P-pa4', `${base}.tr`], {
        env: ENV,
        maxBuffer: 64 << 20,
      });
      if (bytes.status !== 0) throw new Error(`groff ${d.file}: ${bytes.stderr.toString()}`);
      if (bytes.stderr.length > 0) throw new Error(`groff ${d.file} warnings: ${bytes.stderr.toString()}`);
      writeFileSync(pdf, bytes.stdout);
      break;
    }
    case 'htmldoc': {
      writeFileSync(`${base}.html`, renderHtml(d, title));
      const args = ['--webpage', '--charset', 'utf-8', '-t', 'pdf14', '--size', 'a4', '--no-title'];
      args.push('--header', '...', '--footer', '...', '--left', '18mm', '--right', '18mm');
      args.push('--top', '14mm', '--bottom', '12mm', '--fontsize', String(d.s.size), '--bodyfont', d.s.font);
      // HTMLDOC derives the file /ID from the output path: render to a fixed path, then copy.
      args.push('--headingfont', d.s.font, '--no-links', '--quiet', '-f', `${base}.pdf`, `${base}.html`);
      run('htmldoc', args);
      copyFileSync(`${base}.pdf`, pdf);
      break;
    }
    case 'pango': {
      writeFileSync(join(BUILD, 'pango-render.py'), PANGO_PY);
      const spec = {
        title,
        font: d.s.font,
        size: d.s.size,
        accent: ACCENTS[d.s.n % ACCENTS.length],
        blocks: d.blocks,
      };
      writeFileSync(`${base}.json`, JSON.stringify(spec, null, 1));
      run('/usr/bin/python3', [join(BUILD, 'pango-render.py'), `${base}.json`, pdf]);
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Verification
// ---------------------------------------------------------------------------------------------

function pdfText(pdf: string, mode: '-layout' | '-raw', page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return run('pdftotext', [mode, '-enc', 'UTF-8', ...range, pdf, '-']);
}
const norm = (s: string): string => s.replace(/[\s\u00a0\u202f\u2007\u2009]+/g, ' ');

function verify(d: Doc, pdf: string): string[] {
  const errs: string[] = [];
  const e = (msg: string): void => {
    errs.push(`${d.file}: ${msg}`);
  };
  const info = run('pdfinfo', [pdf]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? '0');
  if (pages !== d.s.pages) e(`${pages} pages, designed ${d.s.pages}`);
  const full = { layout: norm(pdfText(pdf, '-layout')), raw: norm(pdfText(pdf, '-raw')) };
  const last = { layout: norm(pdfText(pdf, '-layout', pages)), raw: norm(pdfText(pdf, '-raw', pages)) };
  for (const m of d.marks) {
    const where = m.last ? last : full;
    const t = norm(m.text);
    if (!where.layout.includes(t))
      e(`${m.field} "${m.text}" not in -layout text${m.last ? ' of the last page' : ''}`);
    if (!where.raw.includes(t))
      e(`${m.field} "${m.text}" not in -raw text${m.last ? ' of the last page' : ''}`);
  }
  const all = pdfText(pdf, '-layout') + pdfText(pdf, '-raw');
  if (all.includes('\ufffd')) e('U+FFFD in extracted text');
  const moji = /Ã[\u0080-\u00bf]|Â[\u0080-\u00bf ]|â‚¬|â€/.exec(all);
  if (moji) e(`mojibake "${moji[0]}"`);
  const source = d.allText();
  const chars = new Set([...source.join('')].filter((c) => c > '\u007f' && !/[\u00a0\u202f]/.test(c)));
  for (const c of chars) if (!all.includes(c)) e(`character ${c} (U+${c.codePointAt(0)?.toString(16)}) lost`);
  const words = new Set(
    source
      .flatMap((l) => norm(l).split(' '))
      .filter((w) => [...w].some((c) => c > '\u007f') && !w.includes(NBSP)),
  );
  for (const w of words)
    if (!full.layout.includes(w) || !full.raw.includes(w)) e(`word "${w}" not extracted intact`);
  // arithmetic of the key
  const k = d.key;
  const c = (s: string | null): number => (s === null ? Number.NaN : Math.round(Number(s) * 100));
  const nets = k.tax_breakdown.reduce((a, t) => a + c(t.net), 0);
  const taxes = k.tax_breakdown.reduce((a, t) => a + c(t.tax), 0);
  if (nets !== c(k.total_net) || taxes !== c(k.total_tax)) e('breakdown does not add up');
  if (c(k.total_net) + c(k.total_tax) !== c(k.total)) e('total != net + tax');
  for (const t of k.tax_breakdown)
    if (divRound(c(t.net) * rateBp(t.rate), 10_000) !== c(t.tax)) e(`tax at ${t.rate}`);
  for (const f of ['issue_date', 'due_date'] as const) {
    const v = k[f];
    if (v !== null && Number.isNaN(Date.parse(`${v}T00:00:00Z`))) e(`${f} ${v}`);
  }
  if (k.due_date !== null && k.issue_date !== null && k.due_date < k.issue_date) e('due before issue');
  for (const [f, v] of Object.entries(k)) if (v === undefined) e(`${f} undefined`);
  return errs;
}

const STDNUM_PY = `
import json, sys
sys.path.insert(0, '/usr/lib/python3/dist-packages')
import stdnum
from stdnum import bic, iban, iso11649
from stdnum.be import iban as be_iban
from stdnum.ch import vat as ch_vat
from stdnum.es import cups
from stdnum.eu import vat as eu_vat
from stdnum.gb import vat as gb_vat

items = json.load(sys.stdin)
bad = []
for kind, value in items:
    try:
        if kind == 'iban':
            iban.validate(value)
        elif kind == 'bic':
            bic.validate(value)
        elif kind == 'vat':
            if value.startswith('GB'):
                gb_vat.validate(value)
            elif value.startswith('CHE'):
                ch_vat.validate(value)
            else:
                eu_vat.validate(value)
        elif kind == 'rf':
            iso11649.validate(value)
        elif kind == 'cups':
            cups.validate(value)
        elif kind == 'be-iban-bic':
            number, code = value.split('|')
            if be_iban.to_bic(number) != code[:8]:
                raise ValueError('BIC %s does not belong to bank code of %s' % (code, number))
        elif kind == 'ogm':
            # python-stdnum has no module for the Belgian structured communication: plain mod 97 here
            if (int(value[:10]) % 97 or 97) != int(value[10:]):
                raise ValueError('check digits')
        else:
            raise ValueError('unknown kind')
    except Exception as exc:
        bad.append([kind, value, '%s: %s' % (type(exc).__name__, exc)])
print(json.dumps({'version': stdnum.__version__, 'checked': len(items), 'bad': bad}))
`;

function checkIds(ids: Ident[]): string[] {
  const errs: string[] = [];
  const own: Record<IdKind, (v: string) => string | null> = {
    iban: validIban,
    bic: validBic,
    vat: validVat,
    rf: validRf,
    ogm: validOgm,
    cups: validCups,
    'be-iban-bic': (v) => (v.includes('|') ? null : 'pair'),
  };
  for (const id of ids) {
    const why = own[id.kind](id.value);
    if (why) errs.push(`${id.doc}: own check of ${id.kind} ${id.value} failed (${why})`);
  }
  writeFileSync(join(BUILD, 'stdnum-check.py'), STDNUM_PY);
  const out = run(
    '/usr/bin/python3',
    [join(BUILD, 'stdnum-check.py')],
    JSON.stringify(ids.map((i) => [i.kind, i.value])),
  );
  const res = JSON.parse(out) as { version: string; checked: number; bad: [string, string, string][] };
  for (const [kind, value, why] of res.bad) {
    const docs = ids.filter((i) => i.value === value).map((i) => i.doc);
    errs.push(`${docs.join(',')}: python-stdnum rejects ${kind} ${value}: ${why}`);
  }
  const kinds = [...new Set(ids.map((i) => i.kind))].sort();
  console.log(
    `identifiers: ${ids.length} checked with own code and python-stdnum ${res.version} (${kinds.join(', ')}), ${errs.length} failures`,
  );
  return errs;
}

const PRODUCER: Record<Gen, string> = {
  groff: 'groff gropdf',
  htmldoc: 'HTMLDOC',
  pango: 'Cairo/Pango',
};

function main(): void {
  const out = resolve(process.env.RENDER_INVOICES_OUT ?? 'test/fixtures/capture/render-blind');
  mkdirSync(BUILD, { recursive: true });
  mkdirSync(out, { recursive: true });
  const errs: string[] = [];
  const ids: Ident[] = [];
  const docs: Doc[] = [];
  for (const spec of DOCS) {
    const d = new Doc(spec);
    spec.build(d);
    docs.push(d);
    const designed = 1 + d.blocks.filter((b) => b.k === 'page').length;
    if (designed !== spec.pages) errs.push(`${d.file}: ${designed} page breaks+1 vs pages ${spec.pages}`);
    const pdf = join(out, d.file);
    renderPdf(d, pdf, d.key.number ?? d.file);
    errs.push(...verify(d, pdf));
    ids.push(...d.ids);
    const key = {
      source: 'render-blind',
      generator: 'render-blind',
      file: d.file,
      producer: `scripts/make-render-invoices.ts (${PRODUCER[spec.gen]})`,
      type_code: spec.type,
      seller_country: spec.country,
      fields: d.key,
    };
    writeFileSync(join(out, d.file.replace(/\.pdf$/, '.key.json')), JSON.stringify(key, null, 2) + '\n');
    console.log(
      `${d.file.padEnd(34)} ${spec.pages}p ${spec.country} ${spec.type} ${d.key.currency} ${d.key.total}`,
    );
  }
  errs.push(...checkIds(ids));
  // corpus shape
  const names = new Set(docs.map((d) => d.file));
  if (names.size !== 24) errs.push(`expected 24 distinct files, got ${names.size}`);
  for (const lang of ['en', 'de', 'fr', 'nl', 'es', 'it'] as const) {
    const own = docs.filter((d) => d.s.lang === lang);
    if (own.length !== 4) errs.push(`${lang}: ${own.length} documents`);
    if (new Set(own.map((d) => d.s.gen)).size < 2) errs.push(`${lang}: fewer than two generators`);
  }
  if (docs.filter((d) => d.s.pages > 1).length < 4) errs.push('fewer than four multi-page documents');
  if (docs.filter((d) => d.s.type === '381').length !== 2) errs.push('expected two credit notes');
  if (new Set(docs.map((d) => d.s.layout)).size < 6) errs.push('fewer than six layouts');
  if (errs.length > 0) {
    for (const x of errs) console.error(`FAIL ${x}`);
    process.exit(1);
  }
  console.log(`ok: ${docs.length} documents in ${out}`);
}

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

interface Col {
  h: string;
  w: number;
  a: Align;
  v: (it: Item, net: number, i: number) => string;
}
function itemRows(items: Item[], cols: Col[], start = 0): Row[] {
  return items.map((it, i) => ({ cells: cols.map((c) => c.v(it, lineNet(it), start + i)) }));
}
function itemGrid(
  d: Doc,
  items: Item[],
  cols: Col[],
  frame: Frame,
  o: { extra?: Row[]; size?: number; start?: number; pre?: Row[] } = {},
): void {
  d.grid({
    widths: cols.map((c) => c.w),
    aligns: cols.map((c) => c.a),
    head: cols.map((c) => c.h),
    rows: [...(o.pre ?? []), ...itemRows(items, cols, o.start ?? 0), ...(o.extra ?? [])],
    frame,
    ...(o.size !== undefined ? { size: o.size } : {}),
  });
}
const netOf = (items: Item[]): number => items.reduce((a, it) => a + lineNet(it), 0);
const partsOf = (items: Item[]): Part[] => items.map((it) => ({ net: lineNet(it), rate: it.rate }));
/** A row with text in the first cell, a value in the last and blanks between. */
function sumRow(n: number, label: string, value: string, o: Partial<Row> = {}, at = 0): Row {
  const cells = Array.from({ length: n }, () => '');
  cells[at] = label;
  cells[n - 1] = value;
  return { cells, ...o };
}

const EN1: Spec = {
  lang: 'en',
  n: 1,
  gen: 'groff',
  layout: 'craft',
  country: 'GB',
  type: '380',
  pages: 1,
  nf: NF_EN,
  months: 'en',
  font: 'H',
  size: 9,
  build(d) {
    const acct = '43871265';
    d.text(d.put('seller_name', 'Hartley & Sons Joinery Ltd'), { size: 17, bold: true });
    d.text([
      'Bespoke joinery · Kitchens · Staircases · Sash windows',
      'Unit 4, Canal Wharf Industrial Estate, Stourton, Leeds LS10 1QX',
      'Tel 0113 496 0718  ·  Mobile 07700 900482  ·  Fax 0113 496 0719',
      `Email ${d.put('seller_email', 'accounts@hartleyjoinery.example')}  ·  www.hartleyjoinery.example`,
    ]);
    d.rule();
    d.text('INVOICE', { size: 15, bold: true, align: 'r' });
    d.cols(
      [
        'Invoice to:',
        d.put('buyer_name', 'Calder Valley Lettings Ltd'),
        'Property Maintenance Dept.',
        '18 Commercial Street',
        'Halifax HX1 1TA',
      ],
      [
        `Invoice No.:  ${d.put('number', 'HSJ-2026-0173')}`,
        `Invoice date / tax point:  ${d.date('issue_date', '2026-03-03', '{do} {MMMM} {yyyy}')}`,
        'Customer account:  CVL-0193',
        `Your order no.:  ${d.put('purchase_order', 'PO-55812')}`,
        `Your ref.:  ${d.put('buyer_reference', 'CVL/MR/2291')}`,
        'Our quotation:  Q-25-0412 of 12/01/2026',
      ],
    );
    d.space(2);
    d.text(
      'Site: 27 Moorland Road, Harrogate HG2 0JS – kitchen refit and staircase renewal, works completed 27/02/2026',
      {
        bold: true,
      },
    );
    const items: Item[] = [
      { desc: 'Joinery labour, two operatives (days)', qty: '12', unit: 'day', price: '260.00', rate: '20' },
      {
        desc: 'Supply & fit oak staircase, 13 treads, closed strings, handrail',
        qty: '1',
        unit: 'item',
        price: '2450.00',
        rate: '20',
      },
      {
        desc: 'Kitchen base units, supplied and fitted',
        qty: '8',
        unit: 'unit',
        price: '185.00',
        rate: '20',
      },
      {
        desc: 'Solid oak worktop 3.6 m x 40 mm, cut and oiled',
        qty: '2',
        unit: 'length',
        price: '312.50',
        rate: '20',
      },
      { desc: 'Fixings, adhesives and sundries', qty: '1', unit: 'lot', price: '86.40', rate: '20' },
      { desc: 'Skip hire (8 yard) incl. permit', qty: '1', unit: 'item', price: '265.00', rate: '20' },
      {
        desc: 'Making good to plaster after stair removal',
        qty: '1',
        unit: 'item',
        price: '140.00',
        rate: '20',
      },
    ];
    const cols: Col[] = [
      { h: 'Description', w: 0.52, a: 'l', v: (it) => it.desc },
      { h: 'Qty', w: 0.08, a: 'r', v: (it) => d.q(it.qty) },
      { h: 'Unit', w: 0.1, a: 'l', v: (it) => it.unit ?? '' },
      { h: 'Rate £', w: 0.14, a: 'r', v: (it) => d.m(cents(it.price)) },
      { h: 'Amount £', w: 0.16, a: 'r', v: (_it, net) => d.m(net) },
    ];
    itemGrid(d, items, cols, 'lines');
    const advance = cents('1500.00');
    const s = d.sums(partsOf(items), { advance });
    d.put('currency', 'GBP', '£');
    d.pairs(
      [
        ['Subtotal', `£${d.m(s.net)}`],
        ['VAT @ 20%', `£${d.m(s.tax)}`],
        ['Invoice total', `£${d.m(s.total)}`],
        ['Less deposit received 10 Feb 2026', `-£${d.m(advance)}`],
        ['BALANCE DUE', `£${d.m(s.due)}`],
      ],
      { width: 0.5, indent: 0.5, frame: 'box', widths: [0.6, 0.4] },
    );
    d.space(3);
    d.text(
      `Payment terms: 14 days. Please pay by ${d.date('due_date', '2026-03-17', '{do} {MMMM} {yyyy}')}.`,
      { bold: true },
    );
    d.text([
      'BACS payments to: Barclays Bank plc, Leeds City branch',
      `Sort code 20-45-77   Account no. ${acct}   Account name Hartley & Sons Joinery Ltd`,
      `IBAN ${d.iban(makeIban('GB', `BARC204577${acct}`), 'BARCGB22')}   BIC BARCGB22`,
      'Please quote the invoice number as your payment reference.',
    ]);
    d.space(4);
    d.text('Thank you for your custom. Goods remain our property until paid for in full.', { size: 8 });
    d.rule();
    const vat = gbVat('2846193');
    d.text(
      [
        `Hartley & Sons Joinery Ltd · Registered in England and Wales, company no. ${d.put('seller_registration_id', '07934518')}`,
        `Registered office: 9 Park Square East, Leeds LS1 2NE · VAT Reg. No. ${d.vat('seller_vat_id', vat, `${vat.slice(2, 5)} ${vat.slice(5, 9)} ${vat.slice(9)}`)}`,
      ],
      { size: 7.5, align: 'c' },
    );
  },
};

const EN2: Spec = {
  lang: 'en',
  n: 2,
  gen: 'pango',
  layout: 'utility',
  country: 'IE',
  type: '380',
  pages: 1,
  nf: NF_EN,
  months: 'en',
  font: 'DejaVu Sans',
  size: 8.5,
  build(d) {
    d.text(`${d.put('seller_name', 'Shannonlink Broadband DAC')}  –  Business Services`, {
      band: true,
      size: 14,
    });
    d.cols(
      [
        d.put('buyer_name', 'Bluestack Analytics Ltd'),
        'Attn: Accounts Payable',
        'Unit 7, Raheen Business Park',
        'Limerick V94 K2T6',
        '',
        `Customer VAT No.: ${d.vat('buyer_vat_id', ieVat('6385124'), ieVat('6385124').slice(2))}`,
      ],
      [
        'Account number: 4400 1928 37',
        `Bill number: ${d.put('number', 'SLB-7734019')}`,
        `Bill date: ${d.date('issue_date', '2026-04-02', '{dd} {MMM} {yyyy}')}`,
        'Billing period: 01 Mar 2026 – 31 Mar 2026',
        `Your PO: ${d.put('purchase_order', '4410-2026-07')}`,
        'Business helpdesk 1800 555 018 (Mon–Fri)',
      ],
    );
    d.space(2);
    d.text('Your bill at a glance', { size: 11, bold: true });
    const items: Item[] = [
      { desc: 'Fibre Business 1000 – monthly rental', qty: '1', price: '129.00', rate: '23' },
      { desc: 'Static IP block /29 – monthly rental', qty: '1', price: '25.00', rate: '23' },
      { desc: 'Hosted voice seats (12 × €8.50)', qty: '12', price: '8.50', rate: '23' },
      {
        desc: 'Calls to mobiles and international calls – see itemisation',
        qty: '1',
        price: '47.36',
        rate: '23',
      },
      { desc: 'Router rental', qty: '1', price: '6.00', rate: '23' },
    ];
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', '€');
    d.pairs(
      [
        ['Previous bill (02 Mar 2026)', '€331.13'],
        ['Payment received 16 Mar 2026 – thank you', '-€331.13'],
        ['Balance brought forward', '€0.00'],
        ['Charges this period (excl. VAT)', `€${d.m(s.net)}`],
        ['VAT @ 23%', `€${d.m(s.tax)}`],
        ['Total charges this bill', `€${d.m(s.total)}`],
        ['Total amount due', `€${d.m(s.due)}`],
      ],
      { frame: 'box', width: 0.6, widths: [0.65, 0.35], size: 9.5 },
    );
    d.text(`Please pay by ${d.date('due_date', '2026-04-23', '{dd} {MMMM} {yyyy}')}`, {
      bold: true,
      size: 10,
    });
    d.space(2);
    d.text('Summary of charges', { size: 10, bold: true });
    itemGrid(
      d,
      items,
      [
        { h: 'Service', w: 0.66, a: 'l', v: (it) => it.desc },
        { h: 'Qty', w: 0.1, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'Amount €', w: 0.24, a: 'r', v: (_it, net) => d.m(net) },
      ],
      'lines',
      {
        extra: [
          { cells: ['Total excl. VAT', '', d.m(s.net)], rule: true },
          { cells: ['VAT 23% on €' + d.m(s.net), '', d.m(s.tax)] },
          { cells: ['Total incl. VAT', '', d.m(s.total)], bold: true },
        ],
      },
    );
    d.space(3);
    const rf = rfRef('5390075470');
    d.id('rf', rf);
    d.text('How to pay', { size: 10, bold: true });
    d.text([
      'Bank transfer to Shannonlink Broadband DAC, Allied Irish Banks, O’Connell Street, Limerick',
      `IBAN: ${d.iban(makeIban('IE', 'AIBK93115212345678'), 'AIBKIE2D')}   BIC: AIBKIE2D   (NSC 93-11-52, A/C 12345678)`,
      `Payment reference: ${d.put('payment_reference', rf, groups(rf))} – please quote it so we can match your payment.`,
      'Direct Debit customers: no action needed; the amount above will be collected on or after the due date.',
    ]);
    d.space(4);
    d.rule();
    d.text(
      [
        `Shannonlink Broadband DAC · Registered in Ireland No. ${d.put('seller_registration_id', '612458')} · Registered office: Dock Road, Limerick V94 E2X0`,
        `VAT No. ${d.vat('seller_vat_id', ieVat('9817254'), ieVat('9817254'))} · ${d.put('seller_email', 'billing@shannonlink.example')} · Directors: C. Ní Bhriain, P. Moloney`,
      ],
      { size: 7 },
    );
  },
};

function en3Items(): Item[] {
  const raw: [string, string, string, string, string][] = [
    ['FL-1021', 'Plain flour 16 kg', '6', '11.85', '0'],
    ['SG-2030', 'Caster sugar 25 kg', '2', '24.60', '0'],
    ['BT-1150', 'Unsalted butter 10 × 250 g', '12', '22.40', '0'],
    ['EG-0410', 'Free-range eggs, large, tray of 30', '10', '8.95', '0'],
    ['CH-3304', 'Mature cheddar block 5 kg', '4', '38.20', '0'],
    ['MK-0102', 'Whole milk 2 l', '24', '1.62', '0'],
    ['CR-0150', 'Double cream 1 l', '12', '3.89', '0'],
    ['CF-5510', 'Espresso beans 1 kg, Fairtrade', '10', '17.50', '0'],
    ['TE-5620', 'Breakfast tea bags 1100', '3', '21.90', '0'],
    ['OJ-7700', 'Orange juice 1 l not from concentrate', '24', '2.15', '0'],
    ['SD-8100', 'Sparkling elderflower 275 ml × 12', '6', '9.60', '20'],
    ['SD-8120', 'Cola cans 330 ml × 24', '4', '11.75', '20'],
    ['CN-9010', 'Chocolate brownie tray bake (frozen) × 24', '3', '27.40', '20'],
    ['CN-9044', 'Flapjack bars × 48', '2', '23.10', '20'],
    ['PK-2201', 'Compostable cups 12 oz × 1000', '2', '68.00', '20'],
    ['PK-2210', 'Sip lids 12 oz × 1000', '2', '31.50', '20'],
    ['PK-2305', 'Kraft sandwich wedges × 500', '2', '42.80', '20'],
    ['CL-4100', 'Dishwasher detergent 20 l', '1', '39.95', '20'],
    ['CL-4150', 'Antibacterial surface spray 5 l', '3', '12.40', '20'],
    ['CL-4190', 'Blue roll 2-ply × 6', '4', '14.25', '20'],
    ['PT-3300', 'Baked beans A10 can', '6', '4.35', '0'],
    ['PT-3310', 'Chopped tomatoes 2.5 kg', '6', '3.80', '0'],
    ['RI-1200', 'Basmati rice 10 kg', '2', '19.90', '0'],
    ['OL-1400', 'Rapeseed oil 20 l', '2', '36.75', '0'],
    ['GS-6100', 'LPG cylinder 19 kg (domestic-use flat)', '2', '46.00', '5'],
    ['GS-6105', 'Cylinder deposit returned', '0', '0.00', '5'],
    ['SP-5100', 'Sea salt flakes 1.4 kg', '2', '9.20', '0'],
    ['SP-5120', 'Black peppercorns 500 g', '2', '7.85', '0'],
    ['FR-2250', 'Frozen chips 4 × 2.5 kg', '5', '13.60', '0'],
    ['FR-2260', 'Frozen garden peas 2 kg', '4', '4.70', '0'],
    ['IC-8800', 'Vanilla ice cream 4 l', '3', '11.20', '20'],
    ['NP-1001', 'Paper napkins 2-ply × 2000', '2', '18.60', '20'],
  ];
  return raw
    .filter((r) => r[2] !== '0')
    .map(([code, desc, qty, price, rate]) => ({ code, desc, qty, price, rate }));
}

const EN3: Spec = {
  lang: 'en',
  n: 3,
  gen: 'htmldoc',
  layout: 'wholesale',
  country: 'GB',
  type: '380',
  pages: 2,
  nf: NF_EN,
  months: 'en',
  font: 'helvetica',
  size: 8,
  build(d) {
    const items = en3Items();
    const p1 = items.slice(0, 19);
    const p2 = items.slice(19);
    const code = (r: string): string => (r === '20' ? 'S' : r === '5' ? 'R' : 'Z');
    const cols: Col[] = [
      { h: 'Code', w: 0.11, a: 'l', v: (it) => it.code ?? '' },
      { h: 'Description', w: 0.45, a: 'l', v: (it) => it.desc },
      { h: 'Qty', w: 0.07, a: 'r', v: (it) => d.q(it.qty) },
      { h: 'Unit price', w: 0.13, a: 'r', v: (it) => d.m(cents(it.price)) },
      { h: 'VAT', w: 0.07, a: 'c', v: (it) => code(it.rate) },
      { h: 'Net £', w: 0.17, a: 'r', v: (_it, net) => d.m(net) },
    ];
    const head = (page: number): void => {
      d.grid({
        widths: [0.6, 0.4],
        aligns: ['l', 'r'],
        frame: 'none',
        rows: [
          {
            cells: [
              `${d.s.n === 3 && page === 1 ? d.put('seller_name', 'Pennine Catering Supplies Ltd') : 'Pennine Catering Supplies Ltd'}\nDepot 3, Valley Road, Keighley BD21 4LZ\nTel 01535 600 214 · Fax 01535 600 215\n${page === 1 ? d.put('seller_email', 'sales.ledger@penninecatering.example') : 'sales.ledger@penninecatering.example'}`,
              `TAX INVOICE\nPage ${page} of 2`,
            ],
          },
        ],
        size: 9,
      });
    };
    head(1);
    d.rule();
    d.cols(
      [
        'Invoice address:',
        d.put('buyer_name', 'The Old Granary Café Ltd'),
        'Mill Lane, Hebden Bridge HX7 8EZ',
        '',
        'Deliver to: The Old Granary Café, rear yard, Mill Lane',
      ],
      [
        `Invoice number: ${d.put('number', '118402')}`,
        `Invoice date: ${d.date('issue_date', '2026-03-14', '{dd}/{mm}/{yyyy}')}`,
        'Account no.: OGC001',
        `Customer order no.: ${d.put('purchase_order', 'OG-2611')}`,
        'Delivery note: DN 440917 of 13/03/2026',
        'Rep: 14 · Route: Calder 2',
      ],
    );
    itemGrid(d, p1, cols, 'grid', {
      extra: [sumRow(6, 'Carried forward to page 2', d.m(netOf(p1)), { bold: true }, 1)],
    });
    d.text('Continued overleaf …', { align: 'r', size: 7.5 });
    d.page();
    head(2);
    d.text('Invoice 118402 of 14/03/2026 · Account OGC001 (continued)', { size: 8 });
    itemGrid(d, p2, cols, 'grid', {
      start: p1.length,
      pre: [sumRow(6, 'Brought forward from page 1', d.m(netOf(p1)), { bold: true }, 1)],
      extra: [sumRow(6, 'Goods total (net)', d.m(netOf(items)), { bold: true }, 1)],
    });
    const s = d.sums(partsOf(items));
    d.put('currency', 'GBP', '£');
    d.text('VAT analysis', { bold: true });
    d.grid({
      widths: [0.14, 0.22, 0.16, 0.24, 0.24],
      aligns: ['c', 'l', 'r', 'r', 'r'],
      frame: 'grid',
      width: 0.62,
      head: ['Code', 'Rate', '%', 'Goods £', 'VAT £'],
      rows: s.rates.map((r) => ({
        cells: [
          code(r.rate),
          r.rate === '20' ? 'Standard' : r.rate === '5' ? 'Reduced' : 'Zero',
          `${r.rate}%`,
          d.m(r.net),
          d.m(r.tax),
        ],
      })),
    });
    d.pairs(
      [
        ['Total goods (excl. VAT)', d.m(s.net)],
        ['Total VAT', d.m(s.tax)],
        ['INVOICE TOTAL £', d.m(s.total)],
      ],
      { frame: 'box', width: 0.45, indent: 0.55 },
    );
    d.text(
      [
        `Terms: strictly 30 days end of month – payment due ${d.date('due_date', '2026-04-30', '{dd}/{mm}/{yyyy}')}.`,
        'A settlement discount of 2.5% (£' +
          d.m(divRound(s.total * 25, 1000)) +
          ') may be taken if paid by 24/03/2026.',
        'Previous balance on account: £0.00 · Credit limit £5,000.00',
      ],
      { size: 8 },
    );
    d.text([
      `Bank: NatWest, Keighley · Sort code 60-02-14 · Account 31926004 · IBAN ${d.iban(makeIban('GB', 'NWBK60021431926004'), 'NWBKGB2L')} · BIC NWBKGB2L`,
    ]);
    d.rule();
    const vat = gbVat('1940372');
    d.text(
      [
        `Pennine Catering Supplies Ltd · Company No. ${d.put('seller_registration_id', '04417289')} (England) · VAT Registration ${d.vat('seller_vat_id', vat, `GB ${vat.slice(2, 5)} ${vat.slice(5, 9)} ${vat.slice(9)}`)}`,
        'All goods are supplied subject to our standard conditions of sale. Shortages must be reported within 24 hours.',
      ],
      { size: 7 },
    );
  },
};

const EN4: Spec = {
  lang: 'en',
  n: 4,
  gen: 'htmldoc',
  layout: 'letter',
  country: 'IE',
  type: '380',
  pages: 1,
  nf: NF_EN,
  months: 'en',
  font: 'times',
  size: 10,
  build(d) {
    d.text(d.put('seller_name', 'Murphy Brennan & Co.'), { size: 16, bold: true, align: 'c' });
    d.text(
      ['Chartered Accountants & Registered Auditors', '41 South Mall, Cork T12 X8KD · Tel +353 21 496 0341'],
      {
        align: 'c',
      },
    );
    d.rule();
    d.space(2);
    d.cols(
      [
        'Ms Joanne Walsh',
        'Financial Controller',
        d.put('buyer_name', 'Kilbride Engineering Ltd'),
        'Ballincollig Industrial Estate',
        'Co. Cork P31 HK20',
      ],
      [
        `Our ref: MB/KE/0425`,
        `Your ref: ${d.put('buyer_reference', 'JW/Audit FY2025')}`,
        '',
        `${d.date('issue_date', '2026-04-15', '{d} {MMMM} {yyyy}')}`,
      ],
      [0.6, 0.4],
    );
    d.space(3);
    d.text(`FEE NOTE No. ${d.put('number', 'FN-2026/0188')}`, { bold: true, size: 11 });
    d.text('Dear Joanne,');
    d.text(
      'To our professional charges for the statutory audit of the financial statements of the company for the year ended 31 December 2025, including attendance at the stock count, review of the corporation tax computation and preparation of the annual return (form B1), as agreed in our engagement letter of 3 October 2025.',
    );
    const items: Item[] = [
      { desc: 'Professional fees – audit and accounts', qty: '1', price: '8400.00', rate: '23' },
      { desc: 'Corporation tax computation and CT1 return', qty: '1', price: '1250.00', rate: '23' },
      { desc: 'Outlays: CRO filing, travel and subsistence', qty: '1', price: '186.50', rate: '23' },
    ];
    const s = d.sums(partsOf(items), { advance: cents('2000.00') });
    d.put('currency', 'EUR', '€');
    d.grid({
      widths: [0.7, 0.3],
      aligns: ['l', 'r'],
      frame: 'none',
      width: 0.85,
      rows: [
        ...items.map((it) => ({ cells: [it.desc, `€${d.m(lineNet(it))}`] })),
        { cells: ['', `€${d.m(s.net)}`], rule: true },
        { cells: ['VAT at 23%', `€${d.m(s.tax)}`] },
        { cells: ['Total fee', `€${d.m(s.total)}`], rule: true, bold: true },
        { cells: ['Less: payment on account received 12 February 2026', `(€${d.m(cents('2000.00'))})`] },
        { cells: ['Balance now due', `€${d.m(s.due)}`], rule: true, bold: true },
      ],
    });
    d.space(2);
    d.text(
      `Our fees are payable within 21 days, i.e. on or before ${d.date('due_date', '2026-05-06', '{d} {MMMM} {yyyy}')}. Payment may be made by EFT to our client account below, quoting the fee note number.`,
    );
    d.text([
      'Bank of Ireland, 32 South Mall, Cork',
      `IBAN ${d.iban(makeIban('IE', 'BOFI90149025638417'), 'BOFIIE2D')} · BIC BOFIIE2D`,
      'NSC 90-14-90 · Account No. 25638417',
    ]);
    d.space(2);
    d.text(['Yours sincerely,', '', 'Declan Murphy FCA', 'Partner']);
    d.space(4);
    d.rule();
    d.text(
      [
        `Murphy Brennan & Co. · Partners: D. Murphy FCA, S. Brennan ACA · VAT Reg. No. ${d.vat('seller_vat_id', ieVat('4581936'), ieVat('4581936').slice(2))}`,
        `E-mail ${d.put('seller_email', 'fees@murphybrennan.example')} · Authorised by Chartered Accountants Ireland to carry on investment business`,
      ],
      { size: 8, align: 'c' },
    );
  },
};

const DE1: Spec = {
  lang: 'de',
  n: 1,
  gen: 'groff',
  layout: 'craft',
  country: 'DE',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'de',
  font: 'H',
  size: 9,
  build(d) {
    d.text(d.put('seller_name', 'Malerwerkstätten Fenske GmbH'), { size: 16, bold: true, align: 'r' });
    d.text(['Maler- und Lackierarbeiten · Fassaden · Bodenbeläge', 'Siegburger Straße 212 · 53229 Bonn'], {
      align: 'r',
    });
    d.space(3);
    d.text('Malerwerkstätten Fenske GmbH · Siegburger Str. 212 · 53229 Bonn', { size: 7 });
    d.cols(
      [
        d.put('buyer_name', 'Hausverwaltung Lindner & Partner mbB'),
        'z. Hd. Frau Dreßler',
        'Kaiserplatz 7',
        '53113 Bonn',
        '',
        `USt-IdNr. Kunde: ${d.vat('buyer_vat_id', deVat('21458306'), deVat('21458306'))}`,
      ],
      [
        `Rechnung Nr.: ${d.put('number', 'R-2026-0311')}`,
        `Rechnungsdatum: ${d.date('issue_date', '2026-03-04', '{dd}.{mm}.{yyyy}')}`,
        'Kunden-Nr.: 10482',
        `Ihr Auftrag: ${d.put('purchase_order', '4500372210')} vom 19.01.2026`,
        `Ihr Zeichen: ${d.put('buyer_reference', 'Dre/Obj. 114')}`,
        'Angebot Nr. A-2026-041 vom 14.01.2026',
        'Telefon 0228 470 11-0 · Fax 0228 470 11-29',
      ],
    );
    d.space(4);
    d.text('Schlussrechnung', { size: 13, bold: true });
    d.text('Bauvorhaben: Mehrfamilienhaus Beethovenallee 31, 53173 Bonn – Treppenhaus und Wohnung 3. OG');
    d.text('Leistungszeitraum: 09.02.2026 bis 20.02.2026');
    d.text(
      'Sehr geehrte Frau Dreßler, für die ausgeführten Arbeiten erlauben wir uns wie folgt zu berechnen:',
    );
    const items: Item[] = [
      {
        desc: 'Untergrund prüfen, Risse ausfüllen und schleifen',
        qty: '86.5',
        unit: 'm²',
        price: '6.80',
        rate: '19',
      },
      {
        desc: 'Wände und Decken Treppenhaus, Dispersionsfarbe 2× streichen',
        qty: '312',
        unit: 'm²',
        price: '9.45',
        rate: '19',
      },
      {
        desc: 'Treppengeländer entrosten, grundieren, Lackierung RAL 7016',
        qty: '38',
        unit: 'lfm',
        price: '27.90',
        rate: '19',
      },
      { desc: 'Wohnungstüren lackieren inkl. Zargen', qty: '6', unit: 'Stk.', price: '148.00', rate: '19' },
      {
        desc: 'Vinyl-Designboden verlegen inkl. Ausgleichsmasse',
        qty: '64.2',
        unit: 'm²',
        price: '38.50',
        rate: '19',
      },
      {
        desc: 'Abdeckarbeiten, Schutzfolie, Baustelleneinrichtung',
        qty: '1',
        unit: 'psch.',
        price: '385.00',
        rate: '19',
      },
      {
        desc: 'Facharbeiterstunden für Zusatzarbeiten lt. Stundenzettel',
        qty: '14.5',
        unit: 'Std.',
        price: '58.00',
        rate: '19',
      },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Pos.', w: 0.06, a: 'r', v: (_it, _n, i) => String(i + 1) },
        { h: 'Bezeichnung', w: 0.46, a: 'l', v: (it) => it.desc },
        { h: 'Menge', w: 0.1, a: 'r', v: (it) => d.q(it.qty, 2) },
        { h: 'Einh.', w: 0.08, a: 'l', v: (it) => it.unit ?? '' },
        { h: 'EP €', w: 0.13, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'GP €', w: 0.17, a: 'r', v: (_it, net) => d.m(net) },
      ],
      'lines',
    );
    const adv = cents('5950.00');
    const s = d.sums(partsOf(items), { advance: adv });
    d.put('currency', 'EUR', '€');
    d.pairs(
      [
        ['Summe netto', `${d.m(s.net)} €`],
        ['zzgl. 19 % MwSt.', `${d.m(s.tax)} €`],
        ['Rechnungsbetrag brutto', `${d.m(s.total)} €`],
        [
          'abzgl. Abschlagsrechnung Nr. R-2026-0287 vom 10.02.2026 (netto 5.000,00 € + 950,00 € MwSt.), bezahlt',
          `-${d.m(adv)} €`,
        ],
        ['Noch zu zahlender Betrag', `${d.m(s.due)} €`],
      ],
      { frame: 'box', widths: [0.72, 0.28], width: 0.72, indent: 0.28 },
    );
    d.space(2);
    d.text(
      `Zahlbar ohne Abzug bis zum ${d.date('due_date', '2026-03-18', '{dd}.{mm}.{yyyy}')}. Bei Zahlung bis 11.03.2026 gewähren wir 2 % Skonto auf den Restbetrag.`,
    );
    d.text(
      'Die Leistung wurde im oben genannten Leistungszeitraum erbracht. Es gelten unsere AGB sowie die VOB/B.',
    );
    d.space(5);
    d.rule();
    const blz = '37050198';
    const acct = deAccount00('190237451');
    d.grid({
      widths: [0.34, 0.33, 0.33],
      aligns: ['l', 'l', 'l'],
      frame: 'none',
      size: 7,
      rows: [
        {
          cells: [
            `Malerwerkstätten Fenske GmbH\nSitz Bonn, Amtsgericht Bonn\n${d.put('seller_registration_id', 'HRB 19384')}\nGeschäftsführer: Jörg Fenske`,
            `Sparkasse KölnBonn\nIBAN ${d.iban(makeIban('DE', blz + acct), 'COLSDE33XXX')}\nBIC COLSDE33XXX\nBLZ 370 501 98 · Kto. ${acct}`,
            `USt-IdNr. ${d.vat('seller_vat_id', deVat('27931845'), deVat('27931845'))}\nSteuernummer 205/5732/0815\n${d.put('seller_email', 'buchhaltung@maler-fenske.example')}\nwww.maler-fenske.example`,
          ],
        },
      ],
    });
  },
};

const DE2: Spec = {
  lang: 'de',
  n: 2,
  gen: 'htmldoc',
  layout: 'utility',
  country: 'DE',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'de',
  font: 'sans',
  size: 9,
  build(d) {
    d.text(`${d.put('seller_name', 'NordWelle Telekommunikation GmbH')} – Geschäftskunden`, {
      band: true,
      size: 13,
    });
    d.cols(
      [
        d.put('buyer_name', 'Kanzlei Reuter & Vogt Rechtsanwälte PartG'),
        'Buchhaltung',
        'Große Bleichen 21',
        '20354 Hamburg',
      ],
      [
        'Kundennummer: 7301 884 219',
        `Rechnungsnummer: ${d.put('number', 'R260409184')}`,
        `Rechnungsdatum: ${d.date('issue_date', '2026-04-01', '{d}. {MMMM} {yyyy}')}`,
        'Abrechnungszeitraum: 01.03.2026 – 31.03.2026',
        'Vertragskonto: VK-55 0193 7',
        'Service: 040 999 777-0 · Fax 040 999 777-99',
      ],
    );
    d.space(2);
    d.text('Ihre Rechnung im Überblick', { size: 12, bold: true });
    const items: Item[] = [
      { desc: 'Business Glasfaser 500 – Grundpreis März', qty: '1', price: '79.90', rate: '19' },
      { desc: 'Cloud-Telefonanlage, 15 Nebenstellen à 4,50 €', qty: '15', price: '4.50', rate: '19' },
      { desc: 'Mobilfunk Business L, 6 Karten à 24,95 €', qty: '6', price: '24.95', rate: '19' },
      { desc: 'Verbindungen Ausland und Sonderrufnummern', qty: '1', price: '18.37', rate: '19' },
      { desc: 'Miete Router NW-Box 7590', qty: '1', price: '5.99', rate: '19' },
      { desc: 'Gutschrift Störung 12.03.2026 (anteilig)', qty: '1', price: '0.00', rate: '19' },
    ].filter((i) => i.price !== '0.00');
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', 'EUR');
    d.grid({
      widths: [0.62, 0.38],
      aligns: ['l', 'r'],
      frame: 'box',
      width: 0.62,
      rows: [
        { cells: ['Saldo aus Vorrechnung', '0,00 EUR'] },
        { cells: ['Monatliche Entgelte und Verbindungen (netto)', `${d.m(s.net)} EUR`] },
        { cells: ['Umsatzsteuer 19 %', `${d.m(s.tax)} EUR`] },
        { cells: ['Rechnungsbetrag', `${d.m(s.total)} EUR`], bold: true, shade: true },
      ],
    });
    d.text(
      `Bitte überweisen Sie den Rechnungsbetrag bis zum ${d.date('due_date', '2026-04-15', '{dd}.{mm}.{yyyy}')} unter Angabe Ihrer Kundennummer.`,
      { bold: true },
    );
    d.space(2);
    d.text('Einzelaufstellung der Entgelte', { size: 10, bold: true });
    itemGrid(
      d,
      items,
      [
        { h: 'Leistung', w: 0.58, a: 'l', v: (it) => it.desc },
        { h: 'Anzahl', w: 0.1, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'Einzelpreis', w: 0.14, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'Netto EUR', w: 0.18, a: 'r', v: (_it, net) => d.m(net) },
      ],
      'lines',
      {
        extra: [
          sumRow(4, 'Summe netto', d.m(s.net), { rule: true }),
          sumRow(4, 'zzgl. USt 19 %', d.m(s.tax)),
          sumRow(4, 'Gesamtbetrag', d.m(s.total), { bold: true }),
        ],
      },
    );
    d.space(3);
    d.text([
      'Zahlungsempfänger: NordWelle Telekommunikation GmbH',
      `Hamburger Sparkasse · IBAN ${d.iban(makeIban('DE', '20050550' + deAccount00('128734556')), 'HASPDEHHXXX')} · BIC HASPDEHHXXX`,
      'Hinweis: Zahlungen per Lastschrift erfolgen nur bei erteiltem SEPA-Mandat (Gläubiger-ID DE98ZZZ09999999999).',
    ]);
    d.text(
      'Fragen zu Ihrer Rechnung? Im Kundenportal unter nordwelle.example/business finden Sie alle Einzelverbindungen.',
      {
        size: 8,
      },
    );
    d.space(5);
    d.rule();
    d.text(
      [
        `NordWelle Telekommunikation GmbH · Hammerbrookstraße 90 · 20097 Hamburg · ${d.put('seller_email', 'rechnung@nordwelle.example')}`,
        `Amtsgericht Hamburg ${d.put('seller_registration_id', 'HRB 158842')} · USt-IdNr. ${d.vat('seller_vat_id', deVat('30571229'), deVat('30571229'))} · Geschäftsführung: Dr. Anja Köhler, Malte Sörensen`,
      ],
      { size: 7, align: 'c' },
    );
  },
};

function de3Items(): Item[] {
  const raw: [string, string, string, string, string, string][] = [
    ['10114', 'Mehl glatt W480, 25 kg', '4', 'Sack', '17.20', '10'],
    ['10230', 'Kristallzucker 10 kg', '3', 'Sack', '11.90', '10'],
    ['11050', 'Teebutter 250 g', '40', 'Stk', '2.39', '10'],
    ['11210', 'Schlagobers 36 % 1 l', '18', 'Stk', '4.85', '10'],
    ['12005', 'Eier Bodenhaltung M, 10 Stk', '12', 'Pkg', '3.29', '10'],
    ['13140', 'Kürbiskernöl g.g.A. 1 l', '6', 'Fl', '21.50', '10'],
    ['13300', 'Sonnenblumenöl 10 l', '4', 'Kan', '19.80', '10'],
    ['14420', 'Kaiserschmarrn-Mischung 2,5 kg', '5', 'Btl', '12.40', '10'],
    ['15010', 'Wiener Würstel 1 kg', '10', 'Pkg', '9.75', '10'],
    ['15230', 'Speck geräuchert 1 kg', '6', 'kg', '14.60', '10'],
    ['16100', 'Erdäpfel festkochend 10 kg', '8', 'Sack', '8.90', '10'],
    ['16140', 'Zwiebel gelb 10 kg', '3', 'Sack', '7.40', '10'],
    ['17000', 'Kaffee Espresso Bohne 1 kg', '8', 'Pkg', '18.95', '10'],
    ['18210', 'Apfelsaft naturtrüb 1 l', '24', 'Fl', '1.85', '20'],
    ['18230', 'Mineralwasser prickelnd 0,33 l, Kiste 24', '10', 'Ki', '11.40', '20'],
    ['18400', 'Zirbenschnaps 0,7 l', '6', 'Fl', '24.90', '20'],
    ['18520', 'Grüner Veltliner Qualitätswein 0,75 l', '24', 'Fl', '6.45', '20'],
    ['18600', 'Märzenbier Fass 50 l', '3', 'Fass', '118.00', '20'],
    ['19100', 'Servietten 3-lagig 40×40, 250 Stk', '6', 'Pkg', '7.90', '20'],
    ['19150', 'Spülmaschinenreiniger 12 kg', '2', 'Kan', '42.30', '20'],
    ['19200', 'Glasreiniger 1 l', '6', 'Fl', '3.45', '20'],
    ['19310', 'Müllsäcke 120 l, 25 Stk', '8', 'Rolle', '5.20', '20'],
    ['10990', 'Semmelbrösel 5 kg', '2', 'Sack', '9.60', '10'],
    ['11400', 'Topfen 20 % 1 kg', '10', 'Pkg', '3.95', '10'],
    ['15400', 'Kalbsschnitzel frisch', '7.5', 'kg', '29.80', '10'],
    ['15420', 'Schweinsbraten Schopf', '12.4', 'kg', '9.45', '10'],
    ['16300', 'Preiselbeeren Glas 400 g', '12', 'Gl', '3.15', '10'],
    ['18700', 'Almdudler 0,35 l, Kiste 24', '4', 'Ki', '17.90', '20'],
    ['18710', 'Holundersirup 1 l', '6', 'Fl', '6.80', '10'],
    ['19400', 'Kerzen Stumpen weiß, 20 Stk', '2', 'Pkg', '16.40', '20'],
  ];
  return raw.map(([code, desc, qty, unit, price, rate]) => ({ code, desc, qty, unit, price, rate }));
}

const DE3: Spec = {
  lang: 'de',
  n: 3,
  gen: 'pango',
  layout: 'wholesale',
  country: 'AT',
  type: '380',
  pages: 2,
  nf: NF_DOT,
  months: 'at',
  font: 'Liberation Sans',
  size: 8,
  build(d) {
    const items = de3Items();
    const p1 = items.slice(0, 20);
    const p2 = items.slice(20);
    const cols: Col[] = [
      { h: 'Art.-Nr.', w: 0.09, a: 'l', v: (it) => it.code ?? '' },
      { h: 'Bezeichnung', w: 0.41, a: 'l', v: (it) => it.desc },
      { h: 'Menge', w: 0.09, a: 'r', v: (it) => d.q(it.qty, 2) },
      { h: 'ME', w: 0.07, a: 'l', v: (it) => it.unit ?? '' },
      { h: 'Preis/ME', w: 0.12, a: 'r', v: (it) => d.m(cents(it.price)) },
      { h: 'USt', w: 0.07, a: 'r', v: (it) => `${it.rate} %` },
      { h: 'Betrag', w: 0.15, a: 'r', v: (_it, net) => d.m(net) },
    ];
    d.text(d.put('seller_name', 'Alpenland Gastro-Großhandel GmbH'), { band: true, size: 14 });
    d.text('Industriezeile 36 · 4020 Linz · Tel. +43 732 77 18 40 · Fax +43 732 77 18 40-90', { size: 7.5 });
    d.cols(
      [
        d.put('buyer_name', 'Gasthof Zum Goldenen Hirschen Huber KG'),
        'Marktplatz 4',
        '4560 Kirchdorf an der Krems',
        `UID: ${d.vat('buyer_vat_id', atUid('6420931'), atUid('6420931'))}`,
      ],
      [
        `Rechnung Nr. ${d.put('number', '26/10482')}`,
        `Rechnungsdatum: ${d.date('issue_date', '2026-03-05', '{dd}.{mm}.{yy}')}`,
        'Kunden-Nr.: 20317',
        `Ihre Bestell-Nr.: ${d.put('purchase_order', '8800-1177')}`,
        'Lieferschein LS 26/3391 vom 04.03.26',
        'Seite 1 von 2',
      ],
    );
    itemGrid(d, p1, cols, 'lines', {
      extra: [sumRow(7, 'Übertrag', d.m(netOf(p1)), { bold: true, rule: true }, 1)],
    });
    d.page();
    d.text(`Alpenland Gastro-Großhandel GmbH – Rechnung 26/10482 vom 05.03.26 – Seite 2 von 2`, {
      size: 8,
      bold: true,
    });
    itemGrid(d, p2, cols, 'lines', {
      start: p1.length,
      pre: [sumRow(7, 'Übertrag von Seite 1', d.m(netOf(p1)), { bold: true }, 1)],
      extra: [sumRow(7, 'Warenwert netto', d.m(netOf(items)), { bold: true, rule: true }, 1)],
    });
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', 'EUR');
    d.grid({
      widths: [0.25, 0.25, 0.25, 0.25],
      aligns: ['r', 'r', 'r', 'r'],
      frame: 'grid',
      width: 0.6,
      indent: 0.4,
      head: ['USt-Satz', 'Netto', 'USt', 'Brutto'],
      rows: [
        ...s.rates.map((r) => ({ cells: [`${r.rate} %`, d.m(r.net), d.m(r.tax), d.m(r.net + r.tax)] })),
        { cells: ['Summe', d.m(s.net), d.m(s.tax), d.m(s.total)], bold: true },
      ],
    });
    d.pairs([['Gesamtbetrag EUR', d.m(s.total)]], { frame: 'box', width: 0.4, indent: 0.6 });
    d.text([
      `Zahlungskonditionen: 3 % Skonto bei Zahlung bis 15.03.26, netto bis ${d.date('due_date', '2026-04-04', '{dd}.{mm}.{yy}')}.`,
      'Offener Saldo vor dieser Rechnung: 1.284,60 EUR (Rechnung 26/09917, fällig 20.03.26).',
      'Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum. Leergut wird gesondert abgerechnet.',
    ]);
    d.space(2);
    d.rule();
    d.text(
      [
        `Bankverbindung: Raiffeisenlandesbank OÖ · IBAN ${d.iban(makeIban('AT', '3400000002584917'), 'RZOOAT2L')} · BIC RZOOAT2L`,
        `UID-Nr. ${d.vat('seller_vat_id', atUid('5718240'), atUid('5718240'))} · Firmenbuch ${d.put('seller_registration_id', 'FN 287431 k')}, Landesgericht Linz · DVR 4007123`,
        `${d.put('seller_email', 'office@alpenland-gastro.example')} · Geschäftsführer: Ing. Stefan Pühringer`,
      ],
      { size: 7 },
    );
  },
};

const DE4: Spec = {
  lang: 'de',
  n: 4,
  gen: 'groff',
  layout: 'erp',
  country: 'CH',
  type: '380',
  pages: 1,
  nf: NF_CH,
  months: 'de',
  font: 'H',
  size: 8.5,
  build(d) {
    const uid = chUid('41876390');
    const buid = chUid('10932755');
    d.grid({
      widths: [0.6, 0.4],
      aligns: ['l', 'r'],
      frame: 'none',
      rows: [
        {
          cells: [
            `${d.put('seller_name', 'Bergmann Präzisionstechnik AG')}\nTössfeldstrasse 48\n8406 Winterthur\nTel. +41 52 260 44 00`,
            'RECHNUNG',
          ],
          bold: true,
        },
      ],
      size: 10,
    });
    d.text(
      `E-Mail ${d.put('seller_email', 'debitoren@bergmann-praezision.example')} · www.bergmann-praezision.example`,
      {
        align: 'r',
      },
    );
    d.rule();
    d.cols(
      [
        'Rechnungsadresse',
        d.put('buyer_name', 'Kellenberger Maschinenbau AG'),
        'Kreditorenbuchhaltung',
        'Industriestrasse 12',
        '9015 St. Gallen',
        `MWST-Nr.: ${d.vat('buyer_vat_id', `${buid}MWST`, `${buid.slice(0, 3)}-${buid.slice(3, 6)}.${buid.slice(6, 9)}.${buid.slice(9)} MWST`)}`,
      ],
      [
        'Lieferadresse',
        'Kellenberger Maschinenbau AG',
        'Warenannahme Tor 3',
        'Fürstenlandstrasse 99',
        '9014 St. Gallen',
      ],
    );
    d.grid({
      widths: [0.16, 0.17, 0.16, 0.19, 0.16, 0.16],
      aligns: ['l', 'l', 'l', 'l', 'l', 'l'],
      frame: 'grid',
      size: 7.5,
      head: ['Rechnungs-Nr.', 'Datum', 'Kunden-Nr.', 'Ihre Bestellung', 'Lieferschein', 'Ihr Kontakt'],
      rows: [
        {
          cells: [
            d.put('number', '90021547'),
            d.date('issue_date', '2026-03-12', '{dd}.{mm}.{yyyy}'),
            'K-44180',
            `${d.put('purchase_order', '4711-2026-088')}\nvom 02.03.2026`,
            '80044312\nvom 11.03.2026',
            d.put('buyer_reference', 'Hr. Gämperle'),
          ],
        },
      ],
    });
    const items: Item[] = [
      {
        code: '310-2204',
        desc: 'Präzisionswelle Ø 25 h6, L 480 mm, gehärtet',
        qty: '40',
        unit: 'Stk',
        price: '86.40',
        rate: '8.1',
        disc: 5,
      },
      {
        code: '310-2210',
        desc: 'Lagerbock Alu eloxiert, Gr. 3',
        qty: '80',
        unit: 'Stk',
        price: '23.15',
        rate: '8.1',
      },
      {
        code: '422-0071',
        desc: 'Linearführung LF-20, Länge 1200 mm',
        qty: '12',
        unit: 'Stk',
        price: '312.00',
        rate: '8.1',
        disc: 8,
      },
      {
        code: '422-0075',
        desc: 'Führungswagen LW-20 Flansch',
        qty: '24',
        unit: 'Stk',
        price: '94.80',
        rate: '8.1',
        disc: 8,
      },
      {
        code: '590-1000',
        desc: 'Rüstkosten Serie 2026/03',
        qty: '1',
        unit: 'Psch',
        price: '450.00',
        rate: '8.1',
      },
      {
        code: '870-0012',
        desc: 'Technisches Handbuch «Lineartechnik», gedruckt',
        qty: '5',
        unit: 'Ex',
        price: '38.00',
        rate: '2.6',
      },
      {
        code: '870-0015',
        desc: 'Normtabellen-Buch DIN/ISO, 14. Auflage',
        qty: '2',
        unit: 'Ex',
        price: '64.50',
        rate: '2.6',
      },
      {
        code: '990-0001',
        desc: 'Verpackung und Fracht',
        qty: '1',
        unit: 'Psch',
        price: '185.00',
        rate: '8.1',
      },
    ];
    const code = (r: string): string => (r === '8.1' ? 'A' : 'B');
    itemGrid(
      d,
      items,
      [
        { h: 'Pos', w: 0.05, a: 'r', v: (_it, _n, i) => String((i + 1) * 10) },
        { h: 'Artikel', w: 0.11, a: 'l', v: (it) => it.code ?? '' },
        { h: 'Bezeichnung', w: 0.36, a: 'l', v: (it) => it.desc },
        { h: 'Menge', w: 0.07, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'ME', w: 0.06, a: 'l', v: (it) => it.unit ?? '' },
        { h: 'Preis', w: 0.1, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'Rab.%', w: 0.06, a: 'r', v: (it) => (it.disc ? String(it.disc) : '') },
        { h: 'Betrag CHF', w: 0.14, a: 'r', v: (_it, net) => d.m(net) },
        { h: 'MC', w: 0.05, a: 'c', v: (it) => code(it.rate) },
      ],
      'grid',
      { size: 7.5 },
    );
    const s = d.sums(partsOf(items));
    d.put('currency', 'CHF', 'CHF');
    d.text('MWST-Zusammenstellung', { bold: true });
    d.grid({
      widths: [0.12, 0.2, 0.34, 0.34],
      aligns: ['c', 'r', 'r', 'r'],
      frame: 'box',
      width: 0.55,
      size: 7.5,
      head: ['Code', 'Satz', 'Basis CHF', 'MWST CHF'],
      rows: s.rates.map((r) => ({ cells: [code(r.rate), `${d.r(r.rate)}%`, d.m(r.net), d.m(r.tax)] })),
    });
    d.pairs(
      [
        ['Total exkl. MWST', d.m(s.net)],
        ['MWST total', d.m(s.tax)],
        ['Total inkl. MWST CHF', d.m(s.total)],
      ],
      { frame: 'box', width: 0.42, indent: 0.58 },
    );
    d.text(
      `Zahlungsbedingungen: 30 Tage netto, fällig am ${d.date('due_date', '2026-04-11', '{dd}.{mm}.{yyyy}')}. Bei Zahlung innert 10 Tagen 2% Skonto.`,
    );
    const iban = makeIban('CH', '09000000854120376');
    d.text([
      `Bankverbindung: PostFinance AG, 3030 Bern · IBAN ${d.iban(iban, 'POFICHBEXXX')} · BIC POFICHBEXXX`,
      `Zweitbank: Zürcher Kantonalbank · IBAN ${groups(d.id('iban', makeIban('CH', '00700110004127783')))} · BIC ZKBKCHZZ80A`,
    ]);
    d.space(2);
    d.rule();
    d.text(
      `Bergmann Präzisionstechnik AG · Aktienkapital CHF 500'000 · MWST-Nr. ${d.vat('seller_vat_id', `${uid}MWST`, `${uid.slice(0, 3)}-${uid.slice(3, 6)}.${uid.slice(6, 9)}.${uid.slice(9)} MWST`)}`,
      { size: 7 },
    );
  },
};

/** "BE0647318295" -> "0647.318.295" */
const beNum = (v: string): string => `${v.slice(2, 6)}.${v.slice(6, 9)}.${v.slice(9)}`;
const ogmPrint = (o: string): string => `+++${o.slice(0, 3)}/${o.slice(3, 7)}/${o.slice(7)}+++`;
const ogmKey = (o: string): string => `${o.slice(0, 3)}/${o.slice(3, 7)}/${o.slice(7)}`;

const FR1: Spec = {
  lang: 'fr',
  n: 1,
  gen: 'htmldoc',
  layout: 'craft',
  country: 'FR',
  type: '380',
  pages: 1,
  nf: NF_SPACE,
  months: 'fr',
  font: 'helvetica',
  size: 8.5,
  build(d) {
    const siren = frSiren('51238476');
    const sirenP = `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
    d.cols(
      [
        d.put('seller_name', 'Plomberie Chauffage Marchand SARL'),
        'Installation · Dépannage · Énergies renouvelables',
        '27, rue Paul Bert – 69003 Lyon',
        'Tél. 04 78 62 19 40 – Fax 04 78 62 19 41',
        d.put('seller_email', 'contact@plomberie-marchand.example'),
      ],
      [
        'FACTURE',
        `N° ${d.put('number', 'F2026-0142')}`,
        `Date : ${d.date('issue_date', '2026-03-09', '{dd}/{mm}/{yyyy}')}`,
        'Code client : 411MAR027',
      ],
      [0.6, 0.4],
      ['l', 'r'],
    );
    d.space(3);
    d.cols(
      [
        'Chantier : 14, rue des Tanneurs – 69004 Lyon',
        'Travaux réalisés du 16/02/2026 au 27/02/2026',
        'Devis n° D2026-0031 du 21/01/2026, accepté le 28/01/2026',
        `Votre bon de commande : ${d.put('purchase_order', 'BC-26-0047')}`,
        `Votre référence : ${d.put('buyer_reference', 'Dossier 2026-118')}`,
      ],
      [
        'Adresse de facturation :',
        d.put('buyer_name', 'SCI Les Terrasses de Fourvière'),
        'c/o Régie Delorme & Fils',
        '5, place Bellecour',
        '69002 Lyon',
      ],
    );
    const items: Item[] = [
      {
        desc: 'Dépose de l’ancienne chaudière fioul et évacuation en déchetterie',
        qty: '1',
        unit: 'forf.',
        price: '380.00',
        rate: '10',
      },
      {
        desc: 'Chaudière gaz à condensation 25 kW, fournie et posée, mise en service',
        qty: '1',
        unit: 'u',
        price: '3480.00',
        rate: '10',
      },
      {
        desc: 'Radiateur acier 1000 W fourni et posé, raccordement cuivre',
        qty: '6',
        unit: 'u',
        price: '286.00',
        rate: '10',
      },
      { desc: 'Robinet thermostatique et té de réglage', qty: '6', unit: 'u', price: '38.50', rate: '10' },
      { desc: 'Main-d’œuvre plombier-chauffagiste', qty: '14.5', unit: 'h', price: '52.00', rate: '10' },
      {
        desc: 'Adoucisseur d’eau 20 l – local professionnel (cabinet au rez-de-chaussée)',
        qty: '1',
        unit: 'u',
        price: '1240.00',
        rate: '20',
      },
      { desc: 'Déplacements (zone 1)', qty: '3', unit: 'u', price: '35.00', rate: '20' },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Désignation', w: 0.5, a: 'l', v: (it) => it.desc },
        { h: 'Qté', w: 0.07, a: 'r', v: (it) => d.q(it.qty, 2) },
        { h: 'Unité', w: 0.07, a: 'c', v: (it) => it.unit ?? '' },
        { h: 'P.U. HT', w: 0.12, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'TVA', w: 0.07, a: 'r', v: (it) => `${it.rate} %` },
        { h: 'Montant HT', w: 0.17, a: 'r', v: (_it, net) => d.m(net) },
      ],
      'grid',
    );
    const adv = cents('1500.00');
    const s = d.sums(partsOf(items), { advance: adv });
    d.put('currency', 'EUR', '€');
    d.pairs(
      [
        ['Total HT', `${d.m(s.net)} €`],
        ...s.rates.map((r): [string, string] => [`TVA ${r.rate} % sur ${d.m(r.net)} €`, `${d.m(r.tax)} €`]),
        ['Total TVA', `${d.m(s.tax)} €`],
        ['Total TTC', `${d.m(s.total)} €`],
        ['Acompte versé le 02/02/2026', `- ${d.m(adv)} €`],
        ['NET À PAYER', `${d.m(s.due)} €`],
      ],
      { frame: 'grid', width: 0.5, indent: 0.5, widths: [0.6, 0.4] },
    );
    d.text(
      `Date d’échéance : ${d.date('due_date', '2026-04-08', '{dd}/{mm}/{yyyy}')} – règlement par virement ou chèque à l’ordre de Plomberie Chauffage Marchand.`,
      { bold: true },
    );
    d.text(
      [
        'TVA à 10 % : travaux d’amélioration dans un logement de plus de deux ans (art. 279-0 bis du CGI), attestation simplifiée reçue le 21/01/2026.',
        'Pas d’escompte pour paiement anticipé. En cas de retard de paiement, pénalités au taux de 3 fois le taux d’intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 €.',
      ],
      { size: 7.5 },
    );
    const account = '31847526014';
    const key = frRibKey('16807', '00012', account);
    d.grid({
      widths: [0.2, 0.2, 0.3, 0.15, 0.15],
      aligns: ['c', 'c', 'c', 'c', 'c'],
      frame: 'grid',
      size: 7.5,
      width: 0.7,
      head: ['Code banque', 'Code guichet', 'N° de compte', 'Clé RIB', 'Domiciliation'],
      rows: [{ cells: ['16807', '00012', account, key, 'BP Lyon Croix-Rousse'] }],
    });
    d.text(
      `IBAN : ${d.iban(makeIban('FR', `1680700012${account}${key}`), 'CCBPFRPPLYO')} – BIC : CCBPFRPPLYO`,
    );
    d.space(4);
    d.rule();
    d.text(
      [
        `SARL au capital de 8 000 € – RCS Lyon ${d.put('seller_registration_id', sirenP)} – SIRET ${siren}00027 – APE 4322A`,
        `N° TVA intracommunautaire : ${d.vat('seller_vat_id', frTva(siren), frTva(siren))} – Assurance décennale MAAF n° 118 452 907`,
      ],
      { size: 7, align: 'c' },
    );
  },
};

const FR2: Spec = {
  lang: 'fr',
  n: 2,
  gen: 'pango',
  layout: 'fee',
  country: 'BE',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'fr',
  font: 'Liberation Serif',
  size: 10,
  build(d) {
    const vat = beVat('06473182');
    const bvat = beVat('04318865');
    d.text(d.put('seller_name', 'Lefèvre & Dumont Conseil SRL'), { size: 17, bold: true });
    d.text([
      'Conseil fiscal et comptable',
      'Avenue Louise 287 – 1050 Bruxelles',
      'Tél. +32 2 640 18 22 – Fax +32 2 640 18 29',
    ]);
    d.rule();
    d.cols(
      [
        d.put('buyer_name', 'Brasserie Vanderlinden SA'),
        'À l’attention de M. Charlier',
        'Rue de la Station 14',
        '1400 Nivelles',
        `TVA ${d.vat('buyer_vat_id', bvat, `BE ${beNum(bvat)}`)}`,
      ],
      [`Bruxelles, le ${d.date('issue_date', '2026-03-16', '{d} {MMMM} {yyyy}')}`],
      [0.55, 0.45],
      ['l', 'r'],
    );
    d.space(4);
    d.text(`NOTE D’HONORAIRES N° ${d.put('number', 'NH-2026/047')}`, { size: 12, bold: true });
    d.text(`Votre référence : ${d.put('buyer_reference', 'Mission TVA 2025')}`);
    d.text(
      'Prestations du 2 février au 27 février 2026 : révision des déclarations TVA 2025, préparation du listing clients et assistance lors du contrôle de l’administration.',
    );
    d.space(2);
    const items: Item[] = [
      { desc: 'Honoraires – associé (heures)', qty: '18.5', price: '145.00', rate: '21' },
      { desc: 'Honoraires – collaborateur (heures)', qty: '6', price: '95.00', rate: '21' },
      { desc: 'Frais de déplacement (forfait)', qty: '1', price: '85.00', rate: '21' },
      { desc: 'Frais de dossier et de secrétariat', qty: '1', price: '35.00', rate: '21' },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Description', w: 0.55, a: 'l', v: (it) => it.desc },
        { h: 'Quantité', w: 0.13, a: 'r', v: (it) => d.q(it.qty, 1) },
        { h: 'Prix unitaire', w: 0.15, a: 'r', v: (it) => `${d.m(cents(it.price))} €` },
        { h: 'Total HTVA', w: 0.17, a: 'r', v: (_it, net) => `${d.m(net)} €` },
      ],
      'lines',
    );
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', '€');
    d.pairs(
      [
        ['Total hors TVA', `${d.m(s.net)} €`],
        ['TVA 21 %', `${d.m(s.tax)} €`],
        ['Total TVA comprise', `${d.m(s.total)} €`],
        ['Montant à payer', `${d.m(s.due)} €`],
      ],
      { frame: 'box', width: 0.45, indent: 0.55 },
    );
    d.space(2);
    const ogm = beOgm('0903124756');
    d.id('ogm', ogm);
    d.text([
      `Payable à 30 jours, soit au plus tard le ${d.date('due_date', '2026-04-15', '{dd}/{mm}/{yyyy}')}, sur le compte`,
      `IBAN ${d.iban(makeIban('BE', beBban('001', '6472913')), 'GEBABEBB')} – BIC GEBABEBB (BNP Paribas Fortis)`,
      `avec la communication structurée ${d.put('payment_reference', ogmKey(ogm), ogmPrint(ogm))}`,
    ]);
    d.text(
      'Toute contestation doit être formulée par écrit dans les huit jours de la réception de la présente note.',
      { size: 8 },
    );
    d.space(8);
    d.rule();
    d.text(
      [
        `Lefèvre & Dumont Conseil SRL – TVA ${d.vat('seller_vat_id', vat, `BE ${beNum(vat)}`)} – n° d’entreprise ${d.put('seller_registration_id', beNum(vat))}, RPM Bruxelles`,
        `Membre de l’ITAA n° 50.418.223 – ${d.put('seller_email', 'honoraires@lefevre-dumont.example')}`,
      ],
      { size: 7.5, align: 'c' },
    );
  },
};

function fr3Items(): Item[] {
  const raw: [string, string, string, string, string][] = [
    ['EP1024', 'Rillettes de canard 180 g', '24', '3.42', '5.5'],
    ['EP1031', 'Terrine de campagne au calvados 200 g', '24', '3.95', '5.5'],
    ['EP1107', 'Camembert de Normandie AOP', '36', '2.86', '5.5'],
    ['EP1110', 'Livarot AOP 250 g', '12', '5.40', '5.5'],
    ['EP1115', 'Pont-l’Évêque AOP', '12', '4.95', '5.5'],
    ['EP1202', 'Caramels au beurre salé, sachet 150 g', '48', '2.18', '5.5'],
    ['EP1210', 'Sablés de Caen, boîte métal 250 g', '24', '4.65', '5.5'],
    ['EP1250', 'Confiture de pommes à la cannelle 320 g', '24', '2.74', '5.5'],
    ['EP1301', 'Miel de trèfle 500 g', '12', '6.10', '5.5'],
    ['EP1350', 'Crème fraîche d’Isigny AOP 40 cl', '18', '2.35', '5.5'],
    ['EP1360', 'Beurre d’Isigny AOP demi-sel 250 g', '36', '2.48', '5.5'],
    ['EP1402', 'Moules marinières bocal 750 g', '12', '5.80', '5.5'],
    ['EP1410', 'Soupe de poissons 1 l', '12', '4.30', '5.5'],
    ['EP1505', 'Jus de pomme artisanal 1 l', '36', '2.05', '5.5'],
    ['BO2001', 'Cidre brut fermier 75 cl', '36', '3.20', '20'],
    ['BO2005', 'Poiré AOP Domfront 75 cl', '12', '4.85', '20'],
    ['BO2101', 'Pommeau de Normandie AOC 70 cl', '6', '12.90', '20'],
    ['BO2110', 'Calvados Pays d’Auge 4 ans 70 cl', '6', '24.50', '20'],
    ['BO2120', 'Calvados hors d’âge 70 cl, étui', '3', '41.80', '20'],
    ['NA3001', 'Panier osier garni (vide) grand modèle', '10', '7.60', '20'],
    ['NA3010', 'Papier cadeau kraft rouleau 50 m', '4', '9.90', '20'],
    ['NA3020', 'Étiquettes prix adhésives × 1000', '2', '6.40', '20'],
    ['EP1520', 'Nectar de poire 1 l', '24', '2.25', '5.5'],
    ['EP1601', 'Terrine de lapin au cidre 180 g', '24', '3.60', '5.5'],
    ['EP1610', 'Tripes à la mode de Caen 800 g', '12', '6.95', '5.5'],
    ['EP1701', 'Biscuits à la crème fraîche 200 g', '24', '2.40', '5.5'],
    ['BO2201', 'Vinaigre de cidre 50 cl', '12', '2.10', '5.5'],
    ['NA3105', 'Coffret bois 3 bouteilles', '5', '11.20', '20'],
    ['EP1801', 'Galettes de sarrasin × 10', '18', '3.15', '5.5'],
    ['EP1810', 'Andouille de Vire tranchée 150 g', '20', '4.20', '5.5'],
  ];
  return raw.map(([code, desc, qty, price, rate]) => ({ code, desc, qty, price, rate }));
}

const FR3: Spec = {
  lang: 'fr',
  n: 3,
  gen: 'groff',
  layout: 'wholesale',
  country: 'FR',
  type: '380',
  pages: 2,
  nf: NF_SPACE,
  months: 'fr',
  font: 'T',
  size: 9,
  build(d) {
    const siren = frSiren('42371908');
    const bsiren = frSiren('80215437');
    const items = fr3Items();
    const p1 = items.slice(0, 21);
    const p2 = items.slice(21);
    const cols: Col[] = [
      { h: 'Réf.', w: 0.1, a: 'l', v: (it) => it.code ?? '' },
      { h: 'Désignation', w: 0.46, a: 'l', v: (it) => it.desc },
      { h: 'Qté', w: 0.07, a: 'r', v: (it) => d.q(it.qty) },
      { h: 'P.U. HT', w: 0.12, a: 'r', v: (it) => d.m(cents(it.price)) },
      { h: 'TVA', w: 0.08, a: 'r', v: (it) => d.r(it.rate) },
      { h: 'Montant HT', w: 0.17, a: 'r', v: (_it, net) => d.m(net) },
    ];
    d.cols(
      [
        d.put('seller_name', 'Comptoir Normand de Distribution SAS'),
        'Grossiste en épicerie fine et boissons régionales',
        'ZA de la Grande Plaine – 14650 Carpiquet',
        'Tél. 02 31 26 48 00 – Télécopie 02 31 26 48 09',
        d.put('seller_email', 'compta@comptoir-normand.example'),
      ],
      [
        d.put('buyer_name', 'Épicerie Fine Le Bon Panier SARL'),
        '12, rue Saint-Pierre',
        '14000 Caen',
        `N° TVA client : ${d.vat('buyer_vat_id', frTva(bsiren), frTva(bsiren))}`,
      ],
      [0.55, 0.45],
    );
    d.grid({
      widths: [0.2, 0.14, 0.13, 0.27, 0.26],
      aligns: ['c', 'c', 'c', 'c', 'c'],
      frame: 'grid',
      size: 8,
      head: ['Facture n°', 'Date', 'Code client', 'Bon de commande', 'Bon de livraison'],
      rows: [
        {
          cells: [
            d.put('number', 'FA-26-008812'),
            d.date('issue_date', '2026-03-03', '{dd}/{mm}/{yy}'),
            'C0418',
            `${d.put('purchase_order', 'BC-7742')} du 24/02/26`,
            'BL-26-4410 du 02/03/26',
          ],
        },
      ],
    });
    itemGrid(d, p1, cols, 'box', {
      size: 8.5,
      extra: [sumRow(6, 'Total page 1 – à reporter', d.m(netOf(p1)), { bold: true, rule: true }, 1)],
    });
    d.text('Page 1/2 – suite au verso', { align: 'r', size: 8 });
    d.page();
    d.text('Comptoir Normand de Distribution SAS – Facture FA-26-008812 du 03/03/26 – page 2/2', {
      bold: true,
    });
    itemGrid(d, p2, cols, 'box', {
      size: 8.5,
      start: p1.length,
      pre: [sumRow(6, 'Report page 1', d.m(netOf(p1)), { bold: true }, 1)],
    });
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', 'EUR');
    d.grid({
      widths: [0.25, 0.25, 0.25, 0.25],
      aligns: ['r', 'r', 'r', 'r'],
      frame: 'grid',
      width: 0.55,
      head: ['Taux TVA', 'Base HT', 'Montant TVA', 'TTC'],
      rows: s.rates.map((r) => ({ cells: [`${d.r(r.rate)} %`, d.m(r.net), d.m(r.tax), d.m(r.net + r.tax)] })),
    });
    d.pairs(
      [
        ['Total HT', d.m(s.net)],
        ['Total TVA', d.m(s.tax)],
        ['Total TTC (EUR)', d.m(s.total)],
        ['Net à payer (EUR)', d.m(s.due)],
      ],
      { frame: 'box', width: 0.4, indent: 0.6 },
    );
    d.text([
      `Échéance : ${d.date('due_date', '2026-04-02', '{dd}/{mm}/{yy}')} par LCR ou virement. Escompte 1 % pour règlement avant le 13/03/26.`,
      'Solde antérieur au 28/02/26 : 642,18 EUR (facture FA-26-008507, échue le 31/03/26).',
    ]);
    const account = '00214637820';
    const key = frRibKey('16606', '10016', account);
    d.text(
      `Règlement par virement : Crédit Agricole Normandie – IBAN ${d.iban(makeIban('FR', `1660610016${account}${key}`), 'AGRIFRPP866')} – BIC AGRIFRPP866`,
    );
    d.rule();
    d.text(
      [
        `SAS au capital de 150 000 € – RCS Caen ${d.put('seller_registration_id', `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`)} – TVA ${d.vat('seller_vat_id', frTva(siren), frTva(siren))}`,
        'Réserve de propriété : les marchandises restent notre propriété jusqu’au paiement intégral (loi du 12 mai 1980).',
      ],
      { size: 7.5, align: 'c' },
    );
  },
};

const FR4: Spec = {
  lang: 'fr',
  n: 4,
  gen: 'pango',
  layout: 'erp',
  country: 'LU',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'fr',
  font: 'DejaVu Sans Condensed',
  size: 8,
  build(d) {
    const vat = luTva('254803');
    const bvat = luTva('191027');
    d.grid({
      widths: [0.6, 0.4],
      aligns: ['l', 'r'],
      frame: 'none',
      rows: [
        {
          cells: [
            `${d.put('seller_name', 'Moselle Bureautique S.à r.l.')}\n12, rue de l’Industrie · L-3895 Foetz\nTél. +352 26 55 81-1 · Fax +352 26 55 81-99\n${d.put('seller_email', 'facturation@moselle-bureautique.example')}`,
            'FACTURE',
          ],
          bold: true,
        },
      ],
      size: 10,
    });
    d.space(2);
    d.cols(
      [
        d.put('buyer_name', 'Fiduciaire Kremer & Associés S.A.'),
        'Service comptabilité',
        '45, boulevard Royal',
        'L-2449 Luxembourg',
        `N° TVA : ${d.vat('buyer_vat_id', bvat, bvat)}`,
      ],
      [],
    );
    d.grid({
      widths: [0.14, 0.13, 0.13, 0.1, 0.2, 0.14, 0.16],
      aligns: ['l', 'l', 'l', 'l', 'l', 'l', 'l'],
      frame: 'grid',
      size: 7.5,
      head: [
        'N° facture',
        'Date facture',
        'Échéance',
        'N° client',
        'Votre commande',
        'Bon de livraison',
        'Votre contact',
      ],
      rows: [
        {
          cells: [
            d.put('number', '2026-10457'),
            d.date('issue_date', '2026-03-18', '{dd}.{mm}.{yyyy}'),
            d.date('due_date', '2026-04-17', '{dd}.{mm}.{yyyy}'),
            '30112',
            `${d.put('purchase_order', 'CMD-FK-0392')} du 10.03.2026`,
            '26-10391',
            d.put('buyer_reference', 'Mme Schmit'),
          ],
        },
      ],
    });
    const items: Item[] = [
      {
        code: 'PAP-A4-80',
        desc: 'Papier A4 80 g/m², carton 5 ramettes',
        qty: '40',
        unit: 'ctn',
        price: '24.90',
        rate: '17',
        disc: 10,
      },
      {
        code: 'TON-HP-59X',
        desc: 'Toner noir HP 59X, haute capacité',
        qty: '6',
        unit: 'pce',
        price: '189.00',
        rate: '17',
      },
      {
        code: 'CLA-LEV-80',
        desc: 'Classeur à levier dos 80 mm, bleu',
        qty: '120',
        unit: 'pce',
        price: '2.95',
        rate: '17',
        disc: 5,
      },
      {
        code: 'STY-BIC-4C',
        desc: 'Stylo 4 couleurs, boîte de 12',
        qty: '10',
        unit: 'bte',
        price: '21.60',
        rate: '17',
      },
      {
        code: 'CHS-ERG-02',
        desc: 'Chaise de bureau ergonomique, accoudoirs 3D',
        qty: '4',
        unit: 'pce',
        price: '348.00',
        rate: '17',
        disc: 12,
      },
      {
        code: 'LIV-CCL-26',
        desc: 'Code civil luxembourgeois, édition 2026',
        qty: '3',
        unit: 'ex.',
        price: '89.00',
        rate: '3',
      },
      {
        code: 'LIV-FIS-26',
        desc: 'Recueil de législation fiscale 2026',
        qty: '3',
        unit: 'ex.',
        price: '124.50',
        rate: '3',
      },
      { code: 'SRV-LIV', desc: 'Livraison et montage', qty: '1', unit: 'forf.', price: '65.00', rate: '17' },
    ];
    const code = (r: string): string => (r === '17' ? '1' : '3');
    itemGrid(
      d,
      items,
      [
        { h: 'Article', w: 0.13, a: 'l', v: (it) => it.code ?? '' },
        { h: 'Désignation', w: 0.35, a: 'l', v: (it) => it.desc },
        { h: 'Qté', w: 0.06, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'Un.', w: 0.06, a: 'l', v: (it) => it.unit ?? '' },
        { h: 'P.U. HTVA', w: 0.11, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'Rem. %', w: 0.07, a: 'r', v: (it) => (it.disc ? String(it.disc) : '') },
        { h: 'Montant HTVA', w: 0.14, a: 'r', v: (_it, net) => d.m(net) },
        { h: 'Code TVA', w: 0.08, a: 'c', v: (it) => code(it.rate) },
      ],
      'grid',
    );
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', 'EUR');
    d.text('Récapitulatif TVA', { bold: true });
    d.grid({
      widths: [0.16, 0.2, 0.32, 0.32],
      aligns: ['c', 'r', 'r', 'r'],
      frame: 'grid',
      width: 0.55,
      head: ['Code', 'Taux', 'Base HTVA', 'TVA'],
      rows: [
        ...s.rates.map((r) => ({ cells: [code(r.rate), `${r.rate} %`, d.m(r.net), d.m(r.tax)] })),
        { cells: ['', 'Total', d.m(s.net), d.m(s.tax)], bold: true },
      ],
    });
    d.pairs(
      [
        ['Total HTVA', `${d.m(s.net)} EUR`],
        ['Total TVA', `${d.m(s.tax)} EUR`],
        ['Total TTC', `${d.m(s.total)} EUR`],
        ['Montant à payer', `${d.m(s.due)} EUR`],
      ],
      { frame: 'box', width: 0.42, indent: 0.58, size: 9 },
    );
    const rf = rfRef('2026104573');
    d.id('rf', rf);
    d.text([
      'Conditions de paiement : 30 jours date de facture, sans escompte.',
      `Merci d’indiquer la référence de paiement ${d.put('payment_reference', rf, groups(rf))} lors de votre virement.`,
    ]);
    d.grid({
      widths: [0.5, 0.5],
      aligns: ['l', 'l'],
      frame: 'box',
      size: 7.5,
      rows: [
        {
          cells: [
            `Banque et Caisse d’Épargne de l’État\nIBAN ${d.iban(makeIban('LU', '0019445102738000'), 'BCEELULL')}\nBIC BCEELULL`,
            `Banque Internationale à Luxembourg\nIBAN ${groups(d.id('iban', makeIban('LU', '0021182043591700')))}\nBIC ${d.id('bic', 'BILLLULL')}`,
          ],
        },
      ],
    });
    d.space(3);
    d.rule();
    d.text(
      `Moselle Bureautique S.à r.l. · Capital social 12.500 EUR · RCS Luxembourg ${d.put('seller_registration_id', 'B 182734')} · N° TVA ${d.vat('seller_vat_id', vat, vat)} · Matricule 2014 2404 567 · Autorisation d’établissement 10045821/0`,
      { size: 7, align: 'c' },
    );
  },
};

const NL1: Spec = {
  lang: 'nl',
  n: 1,
  gen: 'htmldoc',
  layout: 'market',
  country: 'NL',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'nl',
  font: 'sans',
  size: 9,
  build(d) {
    const vat = nlBtw('85210734');
    const bvat = nlBtw('86541920');
    d.text('Verkocht via Marktplein.example – deze factuur is opgesteld door de verkoper', {
      size: 7.5,
      align: 'r',
    });
    d.text(d.put('seller_name', 'Van Dijk Fietsonderdelen B.V.'), { size: 15, bold: true });
    d.text([
      'Industrieweg 41, 3542 AD Utrecht',
      `${d.put('seller_email', 'klantenservice@vandijkfiets.example')} · 030 214 88 60`,
    ]);
    d.space(2);
    d.cols(
      [
        'Factuuradres',
        d.put('buyer_name', 'Koerierscollectief De Snelle Spaak'),
        't.a.v. Sanne de Bruijn',
        'Oudegracht 210',
        '3511 NT Utrecht',
        `Btw-nummer klant: ${d.vat('buyer_vat_id', bvat, bvat)}`,
      ],
      [
        `Factuurnummer: ${d.put('number', 'VDF-2026-03318')}`,
        `Factuurdatum: ${d.date('issue_date', '2026-03-11', '{dd}-{mm}-{yyyy}')}`,
        `Bestelnummer: ${d.put('purchase_order', '1039447188')}`,
        'Besteldatum: 09-03-2026',
        'Verzenddatum: 10-03-2026 (PostNL 3SVDF0918274)',
        'Klantnummer verkoper: 77815',
      ],
    );
    d.space(2);
    const items: Item[] = [
      { desc: 'Bakfiets-voorwiel 20" compleet, trommelrem', qty: '2', price: '84.71', rate: '21' },
      { desc: 'Schwalbe Marathon Plus 20 × 1.75 buitenband', qty: '4', price: '27.23', rate: '21' },
      { desc: 'Kettingset KMC e-bike 1/2 × 3/32', qty: '3', price: '18.14', rate: '21' },
      { desc: 'Remblokken Magura 8.P, set', qty: '6', price: '12.35', rate: '21' },
      { desc: 'Onderhoudsbeurt bakfiets in werkplaats (reparatie)', qty: '2', price: '64.22', rate: '9' },
      { desc: 'Verzendkosten', qty: '1', price: '6.20', rate: '21' },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Omschrijving', w: 0.5, a: 'l', v: (it) => it.desc },
        { h: 'Aantal', w: 0.1, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'Prijs excl. btw', w: 0.15, a: 'r', v: (it) => `€ ${d.m(cents(it.price))}` },
        { h: 'Btw', w: 0.08, a: 'r', v: (it) => `${it.rate}%` },
        { h: 'Bedrag excl. btw', w: 0.17, a: 'r', v: (_it, net) => `€ ${d.m(net)}` },
      ],
      'lines',
    );
    // paid in full at checkout: the marketplace payment is deducted like an advance
    const s = d.sums(partsOf(items), { paidInFull: true });
    d.put('currency', 'EUR', '€');
    d.pairs(
      [
        ['Subtotaal excl. btw', `€ ${d.m(s.net)}`],
        ...s.rates.map((r): [string, string] => [`Btw ${r.rate}% over € ${d.m(r.net)}`, `€ ${d.m(r.tax)}`]),
        ['Totaal btw', `€ ${d.m(s.tax)}`],
        ['Totaal incl. btw', `€ ${d.m(s.total)}`],
        ['Betaald via iDEAL op 09-03-2026', `- € ${d.m(s.total)}`],
        ['Nog te betalen', `€ ${d.m(0)}`],
      ],
      { frame: 'box', width: 0.48, indent: 0.52 },
    );
    d.space(2);
    d.text([
      'Deze bestelling is volledig betaald. U hoeft niets over te maken.',
      'Retourneren kan binnen 14 dagen via het retourformulier op Marktplein.example onder vermelding van het bestelnummer.',
      'Garantie: 2 jaar op onderdelen, 3 maanden op werkplaatsarbeid.',
    ]);
    d.space(6);
    d.rule();
    d.text(
      [
        `Van Dijk Fietsonderdelen B.V. · KvK ${d.put('seller_registration_id', '81234567')} · Btw-id ${d.vat('seller_vat_id', vat, vat)}`,
        `IBAN ${d.iban(makeIban('NL', `ABNA${nlAccount('041738205')}`), 'ABNANL2A')} · BIC ABNANL2A · Op al onze leveringen zijn onze algemene voorwaarden van toepassing.`,
      ],
      { size: 7.5, align: 'c' },
    );
  },
};

const NL2: Spec = {
  lang: 'nl',
  n: 2,
  gen: 'groff',
  layout: 'credit',
  country: 'BE',
  type: '381',
  pages: 1,
  nf: NF_DOT,
  months: 'nl',
  font: 'N',
  size: 9.5,
  build(d) {
    const vat = beVat('07213450');
    const bvat = beVat('04517726');
    const neg = (c: number): string => `-${d.m(c)}`;
    d.text(d.put('seller_name', 'Schrijnwerkerij Van den Broeck BV'), { size: 16, bold: true });
    d.text([
      'Maatwerk in hout · binnendeuren · trappen · ramen',
      'Battelsesteenweg 118, 2800 Mechelen',
      'Tel. 015 41 27 90 · Fax 015 41 27 99',
      d.put('seller_email', 'boekhouding@vandenbroeck-schrijnwerk.example'),
    ]);
    d.space(3);
    d.cols(
      [
        'CREDITNOTA',
        `Nummer: ${d.put('number', 'CN-2026-0027')}`,
        `Datum: ${d.date('issue_date', '2026-03-20', '{dd}/{mm}/{yyyy}')}`,
        'Klantnummer: 2291',
      ],
      [
        d.put('buyer_name', 'Immo Verhaeghe NV'),
        'Frankrijklei 64',
        '2000 Antwerpen',
        `Btw ${d.vat('buyer_vat_id', bvat, `BE ${beNum(bvat)}`)}`,
      ],
    );
    d.space(2);
    d.text([
      'Betreft: factuur nr. 2026-0412 van 27/02/2026',
      `Uw referentie: ${d.put('buyer_reference', 'Werf Kerkstraat 18')}`,
      'Reden: niet-uitgevoerde werken en teruggenomen materialen volgens werfverslag van 13/03/2026.',
    ]);
    const items: Item[] = [
      {
        desc: 'Binnendeur massief eik 83 cm, incl. plaatsing (niet geleverd)',
        qty: '2',
        price: '645.00',
        rate: '6',
      },
      { desc: 'Plinten eik 12 cm, teruggenomen', qty: '18.5', price: '14.20', rate: '6' },
      { desc: 'Uren schrijnwerker niet gepresteerd', qty: '6', price: '52.00', rate: '6' },
      { desc: 'Huur stofwand en werfafsluiting, teruggebracht', qty: '1', price: '240.00', rate: '21' },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Omschrijving', w: 0.52, a: 'l', v: (it) => it.desc },
        { h: 'Aantal', w: 0.1, a: 'r', v: (it) => `-${d.q(it.qty, 2)}` },
        { h: 'Eenheidsprijs', w: 0.14, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'Btw', w: 0.07, a: 'r', v: (it) => `${it.rate}%` },
        { h: 'Bedrag (EUR)', w: 0.17, a: 'r', v: (_it, net) => neg(net) },
      ],
      'lines',
    );
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', 'EUR');
    d.grid({
      widths: [0.3, 0.35, 0.35],
      aligns: ['l', 'r', 'r'],
      frame: 'box',
      width: 0.5,
      head: ['Btw-tarief', 'Maatstaf', 'Btw'],
      rows: s.rates.map((r) => ({ cells: [`${r.rate}%`, neg(r.net), neg(r.tax)] })),
    });
    d.pairs(
      [
        ['Totaal excl. btw', neg(s.net)],
        ['Totaal btw', neg(s.tax)],
        ['Totaal creditnota EUR', neg(s.total)],
      ],
      { frame: 'box', width: 0.45, indent: 0.55 },
    );
    d.space(2);
    d.text([
      `Wij storten het bedrag van ${d.m(s.total)} EUR binnen 14 dagen terug op uw rekening BE${groups(d.id('iban', makeIban('BE', beBban('735', '0418726'))).slice(2))}.`,
      'Btw 6%: renovatie van een privéwoning ouder dan 10 jaar, verklaring van de klant op de oorspronkelijke factuur.',
    ]);
    d.space(6);
    d.rule();
    d.text(
      [
        `Schrijnwerkerij Van den Broeck BV · Ondernemingsnummer ${d.put('seller_registration_id', beNum(vat))} · RPR Antwerpen, afdeling Mechelen`,
        `Btw ${d.vat('seller_vat_id', vat, `BE ${beNum(vat)}`)} · KBC ${d.iban(makeIban('BE', beBban('734', '0391552')), 'KREDBEBB')} · BIC KREDBEBB`,
      ],
      { size: 7.5, align: 'c' },
    );
  },
};

function nl3Items(): Item[] {
  const raw: [string, string, string, string][] = [
    ['BX-40B', 'Buxus sempervirens bol Ø 40 cm, pot 10 l', '24', '18.40'],
    ['BX-25B', 'Buxus sempervirens bol Ø 25 cm, pot 5 l', '48', '7.90'],
    ['TX-BAC', 'Taxus baccata 80–100 cm, kluit', '60', '12.75'],
    ['LAV-HID', 'Lavandula angustifolia ‘Hidcote’ P12', '240', '1.38'],
    ['HOR-ANN', 'Hortensia arborescens ‘Annabelle’ C3', '36', '5.95'],
    ['ROS-BON', 'Rosa ‘Bonica’ struikroos C4', '48', '6.40'],
    ['GRA-PEN', 'Pennisetum alopecuroides C2', '72', '3.25'],
    ['GRA-MIS', 'Miscanthus sinensis ‘Gracillimus’ C5', '30', '7.80'],
    ['OLE-EUR', 'Olea europaea stam 14/16, pot 30 l', '6', '96.00'],
    ['ACE-PAL', 'Acer palmatum ‘Bloodgood’ 100–125 cm', '10', '38.50'],
    ['CAM-JAP', 'Camellia japonica C7,5', '20', '14.90'],
    ['SKI-JAP', 'Skimmia japonica ‘Rubella’ C2', '60', '4.35'],
    ['HEB-MIX', 'Hebe mix P13', '120', '1.95'],
    ['HEU-MIX', 'Heuchera mix P14', '96', '2.60'],
    ['PRU-LAU', 'Prunus laurocerasus ‘Novita’ 100–125 cm', '50', '9.85'],
    ['THU-SMA', 'Thuja occidentalis ‘Smaragd’ 120–140 cm', '40', '11.20'],
    ['FAG-SYL', 'Fagus sylvatica haagplant 80–100 cm, blote wortel', '200', '1.72'],
    ['POT-MIX', 'Potgrond universeel 40 l, pallet 60 zakken', '1', '189.00'],
    ['BOD-SCH', 'Boomschors 70 l', '40', '4.10'],
    ['TER-45', 'Terracotta pot Ø 45 cm', '12', '22.50'],
    ['TER-30', 'Terracotta pot Ø 30 cm', '24', '9.80'],
    ['KRU-MIX', 'Kruidenmix P10 (tijm, salie, rozemarijn)', '144', '1.15'],
    ['AAR-MIX', 'Aardbeiplanten ‘Elsanta’ tray 12', '20', '6.30'],
    ['CLE-MON', 'Clematis montana ‘Rubens’ C2', '24', '5.70'],
    ['WIS-SIN', 'Wisteria sinensis C3, rek 60 cm', '12', '13.40'],
    ['CAR-TRA', 'Deense karren, huur (retour)', '4', '0.00'],
    ['TRN-KRT', 'Transport Honselersdijk – Kortrijk, volle vracht', '1', '385.00'],
  ];
  return raw
    .filter((r) => r[3] !== '0.00')
    .map(([code, desc, qty, price]) => ({ code, desc, qty, price, rate: '0' }));
}

const NL3: Spec = {
  lang: 'nl',
  n: 3,
  gen: 'pango',
  layout: 'wholesale',
  country: 'NL',
  type: '380',
  pages: 2,
  nf: NF_DOT,
  months: 'nl',
  font: 'DejaVu Sans',
  size: 8,
  build(d) {
    const vat = nlBtw('81752045');
    const bvat = beVat('08214476');
    const items = nl3Items();
    const p1 = items.slice(0, 17);
    const p2 = items.slice(17);
    const cols: Col[] = [
      { h: 'Artikel', w: 0.11, a: 'l', v: (it) => it.code ?? '' },
      { h: 'Omschrijving', w: 0.49, a: 'l', v: (it) => it.desc },
      { h: 'Aantal', w: 0.09, a: 'r', v: (it) => d.q(it.qty) },
      { h: 'Prijs', w: 0.12, a: 'r', v: (it) => d.m(cents(it.price)) },
      { h: 'Bedrag EUR', w: 0.19, a: 'r', v: (_it, net) => d.m(net) },
    ];
    d.text(d.put('seller_name', 'Tuinbouw Groothandel Westland B.V.'), { band: true, size: 14 });
    d.text('Poeldijkseweg 12 · 2675 LK Honselersdijk · Nederland · T +31 174 62 33 00 · F +31 174 62 33 09', {
      size: 7.5,
    });
    d.cols(
      [
        d.put('buyer_name', 'Tuincentrum De Linde BV'),
        'Brugsesteenweg 233',
        '8500 Kortrijk',
        'BELGIË',
        `Btw-nr. afnemer: ${d.vat('buyer_vat_id', bvat, `BE ${beNum(bvat)}`)}`,
      ],
      [
        `FACTUUR ${d.put('number', '2026-21877')}`,
        `Factuurdatum: ${d.date('issue_date', '2026-03-12', '{d} {MMMM} {yyyy}')}`,
        'Debiteurnummer: 50318',
        `Uw ordernummer: ${d.put('purchase_order', 'TDL-2026-071')}`,
        `Uw kenmerk: ${d.put('buyer_reference', 'Voorjaar 2026 / inkoop J. Desmet')}`,
        'Pakbon PB-88213 d.d. 10 maart 2026 · CMR 44120',
        'Pagina 1 van 2',
      ],
    );
    itemGrid(d, p1, cols, 'lines', {
      extra: [sumRow(5, 'Transport', d.m(netOf(p1)), { bold: true, rule: true }, 1)],
    });
    d.page();
    d.text('Tuinbouw Groothandel Westland B.V. – factuur 2026-21877 – pagina 2 van 2', { bold: true });
    itemGrid(d, p2, cols, 'lines', {
      start: p1.length,
      pre: [sumRow(5, 'Transport vorige pagina', d.m(netOf(p1)), { bold: true }, 1)],
    });
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', 'EUR');
    d.pairs(
      [
        ['Totaal excl. btw', d.m(s.net)],
        ['Btw 0% (intracommunautaire levering)', d.m(s.tax)],
        ['Totaal factuur EUR', d.m(s.total)],
      ],
      { frame: 'box', width: 0.5, indent: 0.5, widths: [0.65, 0.35] },
    );
    d.text([
      'Intracommunautaire levering – vrijgesteld op grond van art. 138 Richtlijn 2006/112/EG. Btw verlegd naar de afnemer.',
      `Betalingstermijn 30 dagen: uiterlijk ${d.date('due_date', '2026-04-11', '{d} {MMMM} {yyyy}')} te voldoen.`,
      'Bij betaling binnen 8 dagen mag 1,5% kredietbeperking worden afgetrokken.',
      'Fytosanitaire certificaten en plantenpaspoorten zijn met de zending meegestuurd.',
    ]);
    d.text(
      [
        `Rabobank Westland · IBAN ${d.iban(makeIban('NL', `RABO${nlAccount('315820714')}`), 'RABONL2U')} · BIC RABONL2U`,
        `KvK ${d.put('seller_registration_id', '27123456')} · Btw-nr. ${d.vat('seller_vat_id', vat, vat)} · ${d.put('seller_email', 'debiteuren@tgwestland.example')}`,
      ],
      { size: 7.5 },
    );
  },
};

const NL4: Spec = {
  lang: 'nl',
  n: 4,
  gen: 'groff',
  layout: 'erp',
  country: 'BE',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'nl',
  font: 'H',
  size: 8.5,
  build(d) {
    const vat = beVat('04286571');
    const bvat = beVat('08845902');
    d.grid({
      widths: [0.6, 0.4],
      aligns: ['l', 'r'],
      frame: 'none',
      size: 10,
      rows: [{ cells: [d.put('seller_name', 'Drukkerij Vanhoutte NV'), 'FACTUUR'], bold: true }],
    });
    d.text(
      [
        'Industrieweg 54 · 9032 Gent (Wondelgem) · tel. 09 226 71 40 · fax 09 226 71 49',
        `${d.put('seller_email', 'facturatie@drukkerij-vanhoutte.example')} · www.drukkerij-vanhoutte.example`,
      ],
      { size: 7.5 },
    );
    d.rule();
    d.cols(
      [
        d.put('buyer_name', 'Uitgeverij Kempenland BV'),
        'Boekhouding',
        'Grote Markt 9',
        '2300 Turnhout',
        `Btw-nr.: ${d.vat('buyer_vat_id', bvat, `BE${bvat.slice(2)}`)}`,
      ],
      [],
    );
    d.grid({
      widths: [0.15, 0.14, 0.14, 0.12, 0.15, 0.3],
      aligns: ['l', 'l', 'l', 'l', 'l', 'l'],
      frame: 'grid',
      size: 7.5,
      head: ['Factuurnr.', 'Factuurdatum', 'Vervaldatum', 'Klantnr.', 'Uw bestelbon', 'Uw referentie'],
      rows: [
        {
          cells: [
            d.put('number', '2026-01953'),
            d.date('issue_date', '2026-03-06', '{dd}.{mm}.{yyyy}'),
            d.date('due_date', '2026-04-05', '{dd}.{mm}.{yyyy}'),
            '40221',
            d.put('purchase_order', 'PO-2026-0193'),
            d.put('buyer_reference', 'Najaarscatalogus 2026'),
          ],
        },
      ],
    });
    d.text('Leveringsbon 26/0871 dd. 05.03.2026 · Offerte OF-26-0144 dd. 02.02.2026', { size: 7.5 });
    const items: Item[] = [
      {
        code: 'BK-4410',
        desc: 'Boek „Wandelen in de Kempen“, 192 p., genaaid gebonden, oplage',
        qty: '2500',
        unit: 'ex',
        price: '4.86',
        rate: '6',
      },
      {
        code: 'BK-4411',
        desc: 'Herdruk „Kempense streekgerechten“, 128 p., paperback',
        qty: '1500',
        unit: 'ex',
        price: '3.12',
        rate: '6',
      },
      {
        code: 'FD-2201',
        desc: 'Folder A5, 4 p., 4/4 kleuren, 170 g mat (per 1000 ex.)',
        qty: '10',
        unit: '1000',
        price: '84.00',
        rate: '21',
      },
      {
        code: 'AF-0310',
        desc: 'Affiche A2, 4/0 kleuren, 150 g',
        qty: '400',
        unit: 'ex',
        price: '0.96',
        rate: '21',
      },
      {
        code: 'DTP-01',
        desc: 'Opmaak en drukklaar maken bestanden',
        qty: '7.5',
        unit: 'u',
        price: '62.00',
        rate: '21',
      },
      {
        code: 'PR-001',
        desc: 'Digitale proef en kleurproef',
        qty: '2',
        unit: 'st',
        price: '45.00',
        rate: '21',
      },
      {
        code: 'TR-001',
        desc: 'Levering op paletten, Turnhout',
        qty: '1',
        unit: 'forf',
        price: '145.00',
        rate: '21',
      },
    ];
    const code = (r: string): string => (r === '21' ? 'B' : 'A');
    itemGrid(
      d,
      items,
      [
        { h: 'Code', w: 0.09, a: 'l', v: (it) => it.code ?? '' },
        { h: 'Omschrijving', w: 0.43, a: 'l', v: (it) => it.desc },
        { h: 'Aantal', w: 0.09, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'Eh', w: 0.05, a: 'l', v: (it) => it.unit ?? '' },
        { h: 'Prijs', w: 0.1, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'Bedrag', w: 0.14, a: 'r', v: (_it, net) => d.m(net) },
        { h: 'Btw', w: 0.1, a: 'c', v: (it) => `${code(it.rate)} ${it.rate}%` },
      ],
      'grid',
      { size: 7.5 },
    );
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', '€');
    d.text('Btw-overzicht', { bold: true });
    d.grid({
      widths: [0.15, 0.15, 0.35, 0.35],
      aligns: ['c', 'r', 'r', 'r'],
      frame: 'grid',
      width: 0.5,
      head: ['Code', 'Tarief', 'Maatstaf van heffing', 'Btw-bedrag'],
      rows: s.rates.map((r) => ({
        cells: [code(r.rate), `${r.rate}%`, `€ ${d.m(r.net)}`, `€ ${d.m(r.tax)}`],
      })),
    });
    d.pairs(
      [
        ['Totaal excl. btw', `€ ${d.m(s.net)}`],
        ['Totaal btw', `€ ${d.m(s.tax)}`],
        ['Te betalen', `€ ${d.m(s.total)}`],
      ],
      { frame: 'box', width: 0.42, indent: 0.58 },
    );
    const ogm = beOgm('1202601953');
    d.id('ogm', ogm);
    d.text([
      `Gelieve te betalen met gestructureerde mededeling ${d.put('payment_reference', ogmKey(ogm), ogmPrint(ogm))}`,
      `Belfius ${d.iban(makeIban('BE', beBban('068', '2319076')), 'GKCCBEBB')} · BIC GKCCBEBB`,
      `of ING ${groups(d.id('iban', makeIban('BE', beBban('363', '1840255'))))} · BIC ${d.id('bic', 'BBRUBEBB')}`,
      'Korting contant 2% bij betaling binnen 8 dagen na factuurdatum. Klachten schriftelijk binnen 8 dagen.',
    ]);
    d.space(3);
    d.rule();
    d.text(
      `Drukkerij Vanhoutte NV · RPR Gent ${d.put('seller_registration_id', beNum(vat))} · btw ${d.vat('seller_vat_id', vat, `BE ${beNum(vat)}`)} · Op al onze facturen zijn onze algemene verkoopsvoorwaarden van toepassing.`,
      { size: 7, align: 'c' },
    );
  },
};

function esIban(entity: string, office: string, account: string): string {
  return makeIban('ES', `${entity}${office}${esDc(entity, office, account)}${account}`);
}
function itIban(abi: string, cab: string, conto: string): string {
  return makeIban('IT', `${itCin(abi, cab, conto)}${abi}${cab}${conto}`);
}

const ES1: Spec = {
  lang: 'es',
  n: 1,
  gen: 'htmldoc',
  layout: 'craft',
  country: 'ES',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'es',
  font: 'helvetica',
  size: 9,
  build(d) {
    const cif = esCif('B', '5073128');
    const bnif = esCif('H', '5024186');
    d.cols(
      [
        d.put('seller_name', 'Reformas Hermanos Sáenz, S.L.'),
        'C/ Miguel Servet, 118 – 50013 Zaragoza',
        'Tel. 976 41 22 87 · Fax 976 41 22 88',
        d.put('seller_email', 'administracion@reformas-saenz.example'),
        `CIF: ${d.vat('seller_vat_id', cif, cif.slice(2))}`,
      ],
      [
        'FACTURA',
        `Nº: ${d.put('number', '2026/0087')}`,
        `Fecha: ${d.date('issue_date', '2026-03-05', '{dd}/{mm}/{yyyy}')}`,
      ],
      [0.62, 0.38],
      ['l', 'r'],
    );
    d.rule();
    d.cols(
      [
        'Cliente:',
        d.put('buyer_name', 'Comunidad de Propietarios Calle Alfonso I, 23'),
        'A/A D. Fernando Gil (administrador de fincas)',
        'C/ Alfonso I, 23 – 50003 Zaragoza',
        `NIF: ${d.vat('buyer_vat_id', bnif, bnif.slice(2))}`,
      ],
      [
        'Obra: rehabilitación de portal y escalera',
        'Presupuesto nº P-2026-014, aceptado el 15/01/2026',
        `Su referencia: ${d.put('buyer_reference', 'Expte. ADM-23/2026')}`,
        'Nº de cliente: 0318',
      ],
    );
    const items: Item[] = [
      {
        desc: 'Demolición de peldaños existentes y retirada de escombros a vertedero autorizado',
        qty: '1',
        unit: 'ud',
        price: '640.00',
        rate: '10',
      },
      {
        desc: 'Peldaño de granito gris Quintana con tabica, colocado',
        qty: '31',
        unit: 'ud',
        price: '78.50',
        rate: '10',
      },
      {
        desc: 'Pintura plástica lisa en paredes y techos de escalera',
        qty: '286',
        unit: 'm²',
        price: '8.20',
        rate: '10',
      },
      { desc: 'Mano de obra oficial de 1ª', qty: '38', unit: 'h', price: '29.50', rate: '10' },
      {
        desc: 'Suministro de puerta de acceso de aluminio lacado con cerradura eléctrica',
        qty: '1',
        unit: 'ud',
        price: '1850.00',
        rate: '21',
      },
      {
        desc: 'Pantallas LED con detector de presencia (suministro)',
        qty: '12',
        unit: 'ud',
        price: '46.00',
        rate: '21',
      },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Concepto', w: 0.5, a: 'l', v: (it) => it.desc },
        { h: 'Cant.', w: 0.08, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'Ud.', w: 0.06, a: 'c', v: (it) => it.unit ?? '' },
        { h: 'Precio', w: 0.12, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'IVA', w: 0.07, a: 'r', v: (it) => `${it.rate}%` },
        { h: 'Importe', w: 0.17, a: 'r', v: (_it, net) => d.m(net) },
      ],
      'grid',
    );
    const adv = cents('1000.00');
    const s = d.sums(partsOf(items), { advance: adv });
    d.put('currency', 'EUR', '€');
    d.grid({
      widths: [0.25, 0.25, 0.25, 0.25],
      aligns: ['r', 'r', 'r', 'r'],
      frame: 'grid',
      width: 0.6,
      head: ['Base imponible', '% IVA', 'Cuota IVA', 'Total'],
      rows: s.rates.map((r) => ({ cells: [d.m(r.net), `${r.rate} %`, d.m(r.tax), d.m(r.net + r.tax)] })),
    });
    d.pairs(
      [
        ['Suma bases imponibles', `${d.m(s.net)} €`],
        ['Total cuotas IVA', `${d.m(s.tax)} €`],
        ['TOTAL FACTURA', `${d.m(s.total)} €`],
        ['A deducir: entrega a cuenta recibida el 20/01/2026', `-${d.m(adv)} €`],
        ['TOTAL A PAGAR', `${d.m(s.due)} €`],
      ],
      { frame: 'box', width: 0.55, indent: 0.45, widths: [0.65, 0.35] },
    );
    d.text([
      `Vencimiento: ${d.date('due_date', '2026-04-04', '{dd}/{mm}/{yyyy}')}. Forma de pago: transferencia bancaria a`,
      `Ibercaja · IBAN ${d.iban(esIban('2085', '0103', '0330184527'), 'CAZRES2Z')} · BIC CAZRES2Z`,
      'IVA reducido del 10 % aplicado a la mano de obra y materiales de renovación de vivienda (art. 91.Uno.2.10º Ley 37/1992).',
    ]);
    d.space(6);
    d.rule();
    d.text(
      `Reformas Hermanos Sáenz, S.L. · Inscrita en el Registro Mercantil de Zaragoza, Tomo 4127, Folio 88, Hoja ${d.put('seller_registration_id', 'Z-61542')} · Sus datos se tratan conforme al RGPD.`,
      { size: 7, align: 'c' },
    );
  },
};

const ES2: Spec = {
  lang: 'es',
  n: 2,
  gen: 'groff',
  layout: 'fee',
  country: 'ES',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'es',
  font: 'P',
  size: 10,
  build(d) {
    const nif = esDni('50738214');
    const bcif = esCif('A', '4102837');
    d.text(d.put('seller_name', 'Lucía Ferrer Montalbán'), { size: 16, bold: true, align: 'c' });
    d.text(
      [
        'Abogada · Colegiada nº 84.215 del ICAM',
        'Calle de Serrano, 41, 3º izq. – 28001 Madrid',
        'Tel. 91 431 27 60',
      ],
      {
        align: 'c',
      },
    );
    d.text(
      `${d.put('seller_email', 'despacho@ferrermontalban.example')} · NIF ${d.vat('seller_vat_id', nif, nif.slice(2))}`,
      {
        align: 'c',
      },
    );
    d.rule();
    d.cols(
      [
        d.put('buyer_name', 'Construcciones Olivar del Sur, S.A.'),
        'Departamento Jurídico',
        'Avda. de la Constitución, 12',
        '41001 Sevilla',
        `CIF ${d.vat('buyer_vat_id', bcif, `${bcif.slice(2, 3)}-${bcif.slice(3)}`)}`,
      ],
      [
        `Madrid, ${d.date('issue_date', '2026-03-02', '{d} de {MMMM} de {yyyy}')}`,
        '',
        `FACTURA Nº ${d.put('number', 'LFM-2026-019')}`,
        `Su referencia: ${d.put('buyer_reference', 'Exp. 114/2025')}`,
      ],
      [0.55, 0.45],
      ['l', 'r'],
    );
    d.space(3);
    d.text('MINUTA DE HONORARIOS', { bold: true, size: 12 });
    d.text(
      'Por la dirección letrada en el procedimiento ordinario 114/2025 seguido ante el Juzgado de Primera Instancia nº 7 de Sevilla (reclamación de cantidad), incluida la asistencia a la audiencia previa del 19 de febrero de 2026.',
    );
    const items: Item[] = [
      { desc: 'Honorarios profesionales – dirección letrada', qty: '1', price: '2400.00', rate: '21' },
      { desc: 'Desplazamiento y dietas (Madrid–Sevilla, 19/02/2026)', qty: '1', price: '180.00', rate: '21' },
    ];
    const base = netOf(items);
    const irpf = divRound(base * 15, 100);
    const s = d.sums(partsOf(items), { withholding: irpf });
    d.put('currency', 'EUR', 'EUR');
    d.grid({
      widths: [0.7, 0.3],
      aligns: ['l', 'r'],
      frame: 'lines',
      width: 0.9,
      head: ['Concepto', 'Importe'],
      rows: [
        ...items.map((it) => ({ cells: [it.desc, `${d.m(lineNet(it))} EUR`] })),
        { cells: ['Base imponible', `${d.m(s.net)} EUR`], rule: true },
        { cells: ['IVA 21 %', `${d.m(s.tax)} EUR`] },
        { cells: ['Total factura', `${d.m(s.total)} EUR`], bold: true },
        { cells: ['Retención IRPF 15 % sobre la base', `-${d.m(irpf)} EUR`] },
        { cells: ['LÍQUIDO A PERCIBIR', `${d.m(s.due)} EUR`], bold: true, rule: true },
      ],
    });
    d.space(3);
    d.text([
      `Fecha de vencimiento: ${d.date('due_date', '2026-03-17', '{dd}/{mm}/{yyyy}')}`,
      `Transferencia a Banco Santander · IBAN ${d.iban(esIban('0049', '1500', '2710483916'), 'BSCHESMM')} · BIC BSCHESMM`,
      'Provisión de fondos recibida el 10/10/2025 (300,00 EUR) aplicada a suplidos, según liquidación adjunta.',
    ]);
    d.space(8);
    d.text(
      'Los datos personales se tratarán conforme al Reglamento (UE) 2016/679. Actividad profesional sujeta a retención (art. 101 Ley 35/2006 del IRPF).',
      {
        size: 7.5,
      },
    );
  },
};

const ES3: Spec = {
  lang: 'es',
  n: 3,
  gen: 'pango',
  layout: 'utility',
  country: 'ES',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'es',
  font: 'Liberation Sans',
  size: 8.5,
  build(d) {
    const cif = esCif('B', '9941736');
    const bcif = esCif('B', '5087214');
    const cups = esCups('0031408429173005');
    d.id('cups', cups);
    d.text(`${d.put('seller_name', 'Energía Cierzo Comercializadora, S.L.U.')} · Factura de electricidad`, {
      band: true,
      size: 13,
    });
    d.cols(
      [
        'Titular del contrato',
        d.put('buyer_name', 'Panadería Obrador Lasheras, S.L.'),
        `NIF: ${d.vat('buyer_vat_id', bcif, bcif.slice(2))}`,
        'C/ San Vicente de Paúl, 9 – 50001 Zaragoza',
        '',
        'Dirección de suministro: C/ San Vicente de Paúl, 9, bajo',
      ],
      [
        `Nº factura: ${d.put('number', 'FE26-0312-448812')}`,
        `Fecha de emisión: ${d.date('issue_date', '2026-03-10', '{dd}-{mm}-{yyyy}')}`,
        'Periodo de facturación: 01/02/2026 a 28/02/2026 (28 días)',
        'Nº de contrato: 3001847725',
        `CUPS: ${cups.slice(0, 2)} ${groups(cups.slice(2, 18))} ${cups.slice(18)}`,
        'Tarifa de acceso 3.0TD · Potencia contratada P1–P6: 15 kW',
      ],
    );
    d.space(2);
    d.text('Resumen de la factura', { size: 11, bold: true });
    const parts: { label: string; amount: string }[] = [
      { label: 'Por potencia contratada (15 kW × 28 días × 0,112138 €/kW día)', amount: '47.10' },
      { label: 'Por energía consumida (2.418 kWh × 0,149500 €/kWh)', amount: '361.49' },
      { label: 'Impuesto sobre la electricidad (5,11269632 % s/ 408,59 €)', amount: '20.89' },
      { label: 'Alquiler de equipos de medida y control (28 días × 0,044712 €/día)', amount: '1.25' },
    ];
    const items: Item[] = parts.map((p) => ({ desc: p.label, qty: '1', price: p.amount, rate: '21' }));
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', '€');
    d.grid({
      widths: [0.72, 0.28],
      aligns: ['l', 'r'],
      frame: 'box',
      width: 0.8,
      size: 9,
      rows: [
        ...parts.map((p) => ({ cells: [p.label, `${d.m(cents(p.amount))} €`] })),
        { cells: ['Base imponible', `${d.m(s.net)} €`], rule: true },
        { cells: ['IVA 21 % s/ ' + d.m(s.net) + ' €', `${d.m(s.tax)} €`] },
        { cells: ['TOTAL IMPORTE FACTURA', `${d.m(s.total)} €`], bold: true, shade: true },
      ],
    });
    d.text(`Fecha límite de pago: ${d.date('due_date', '2026-03-25', '{dd}-{mm}-{yyyy}')}`, {
      bold: true,
      size: 10,
    });
    d.space(2);
    d.text('Información de consumo', { bold: true, size: 10 });
    d.grid({
      widths: [0.25, 0.25, 0.25, 0.25],
      aligns: ['l', 'r', 'r', 'r'],
      frame: 'grid',
      size: 7.5,
      head: ['Periodo', 'Lectura anterior', 'Lectura actual', 'Consumo kWh'],
      rows: [
        { cells: ['P1 (punta)', '41.206', '41.938', '732'] },
        { cells: ['P2 (llano)', '58.114', '58.997', '883'] },
        { cells: ['P3 (valle)', '33.870', '34.673', '803'] },
      ],
    });
    d.text(
      [
        'Consumo medio diario: 86,36 kWh · Su pago de la factura anterior FE26-0210-431907 (498,32 €) fue recibido el 23-02-2026.',
        'Origen de la electricidad: renovable 52 % · cogeneración 11 % · ciclo combinado 19 % · nuclear 18 %.',
      ],
      { size: 7.5 },
    );
    d.space(2);
    d.text([
      'Forma de pago: transferencia indicando el número de factura, o domiciliación en la cuenta que nos indique.',
      `CaixaBank · IBAN ${d.iban(esIban('2100', '2318', '0200417726'), 'CAIXESBBXXX')} · BIC CAIXESBBXXX`,
      'Atención al cliente 900 100 417 · Averías (distribuidora): 900 200 488',
    ]);
    d.space(3);
    d.rule();
    d.text(
      [
        `Energía Cierzo Comercializadora, S.L.U. · CIF ${d.vat('seller_vat_id', cif, cif.slice(2))} · Paseo de la Independencia, 24 · 50004 Zaragoza`,
        `Registro Mercantil de Zaragoza, Hoja ${d.put('seller_registration_id', 'Z-70418')} · ${d.put('seller_email', 'facturas@energiacierzo.example')}`,
      ],
      { size: 7 },
    );
  },
};

function es4Items(): Item[] {
  const raw: [string, string, string, string, string, string][] = [
    ['10021', 'Arroz bomba D.O. Valencia 5 kg', '6', 'ud', '21.40', '10'],
    ['10034', 'Aceite de oliva virgen extra 5 l', '8', 'ud', '38.90', '4'],
    ['10040', 'Harina de trigo 25 kg', '2', 'sac', '16.80', '4'],
    ['10052', 'Pan de barra precocido (caja 60)', '5', 'cj', '14.25', '4'],
    ['10061', 'Leche entera 1 l (caja 12)', '6', 'cj', '11.16', '4'],
    ['10070', 'Huevos L (bandeja 30)', '8', 'bdj', '6.95', '4'],
    ['10102', 'Garrofón seco 1 kg', '10', 'kg', '4.60', '10'],
    ['10110', 'Judía ferraura congelada 2,5 kg', '6', 'ud', '7.35', '10'],
    ['10125', 'Pollo troceado campero', '18.4', 'kg', '5.90', '10'],
    ['10130', 'Conejo troceado', '9.6', 'kg', '8.75', '10'],
    ['10144', 'Gamba roja congelada 1 kg', '5', 'ud', '32.50', '10'],
    ['10150', 'Sepia limpia congelada', '6', 'kg', '11.80', '10'],
    ['10160', 'Azafrán en hebra D.O. La Mancha 5 g', '4', 'ud', '18.20', '10'],
    ['10171', 'Pimentón de la Vera dulce 750 g', '3', 'ud', '9.45', '10'],
    ['10182', 'Tomate triturado 3 kg', '12', 'ud', '3.10', '10'],
    ['10190', 'Alcachofa en conserva 2,5 kg', '4', 'ud', '12.60', '10'],
    ['20010', 'Agua mineral 1,5 l (pack 6)', '20', 'pk', '2.40', '10'],
    ['20020', 'Horchata de chufa 1 l', '12', 'ud', '2.85', '10'],
    ['30010', 'Vino tinto D.O. Utiel-Requena 75 cl', '24', 'bot', '4.90', '21'],
    ['30015', 'Cava brut nature 75 cl', '12', 'bot', '6.75', '21'],
    ['30020', 'Cerveza barril 30 l', '4', 'bar', '72.00', '21'],
    ['30031', 'Refresco de naranja 33 cl (caja 24)', '5', 'cj', '13.20', '21'],
    ['40010', 'Detergente lavavajillas industrial 12 kg', '3', 'ud', '29.80', '21'],
    ['40020', 'Abrillantador 5 l', '2', 'ud', '18.40', '21'],
    ['40035', 'Servilletas 40x40 (caja 1.200)', '3', 'cj', '24.60', '21'],
    ['40041', 'Film transparente 300 m', '4', 'ud', '8.95', '21'],
    ['10200', 'Limones malla 5 kg', '4', 'ud', '6.20', '4'],
    ['10210', 'Cebolla malla 10 kg', '3', 'ud', '7.90', '4'],
    ['10220', 'Ajo morado malla 1 kg', '5', 'ud', '5.40', '4'],
    ['40050', 'Bolsas basura 120 l (rollo 10)', '10', 'rl', '3.25', '21'],
  ];
  return raw.map(([code, desc, qty, unit, price, rate]) => ({ code, desc, qty, unit, price, rate }));
}

const ES4: Spec = {
  lang: 'es',
  n: 4,
  gen: 'htmldoc',
  layout: 'wholesale',
  country: 'ES',
  type: '380',
  pages: 2,
  nf: NF_DOT,
  months: 'es',
  font: 'helvetica',
  size: 8,
  build(d) {
    const cif = esCif('A', '4631972');
    const bcif = esCif('B', '4698127');
    const items = es4Items();
    const p1 = items.slice(0, 19);
    const p2 = items.slice(19);
    const cols: Col[] = [
      { h: 'Código', w: 0.09, a: 'l', v: (it) => it.code ?? '' },
      { h: 'Descripción', w: 0.45, a: 'l', v: (it) => it.desc },
      { h: 'Cantidad', w: 0.1, a: 'r', v: (it) => d.q(it.qty, 2) },
      { h: 'Ud.', w: 0.06, a: 'c', v: (it) => it.unit ?? '' },
      { h: 'Precio', w: 0.1, a: 'r', v: (it) => d.m(cents(it.price)) },
      { h: '% IVA', w: 0.07, a: 'r', v: (it) => it.rate },
      { h: 'Importe', w: 0.13, a: 'r', v: (_it, net) => d.m(net) },
    ];
    const head = (page: number): void => {
      d.grid({
        widths: [0.62, 0.38],
        aligns: ['l', 'r'],
        frame: 'none',
        size: 9,
        rows: [
          {
            cells: [
              `${page === 1 ? d.put('seller_name', 'Distribuciones Hostelería Levante, S.A.') : 'Distribuciones Hostelería Levante, S.A.'}\nPol. Ind. Fuente del Jarro · C/ Ciudad de Sevilla, 31 · 46988 Paterna (Valencia)\nTel. 961 32 45 70 · Fax 961 32 45 79`,
              `FACTURA\nHoja ${page} de 2`,
            ],
            bold: page === 1,
          },
        ],
      });
    };
    head(1);
    d.rule();
    d.cols(
      [
        d.put('buyer_name', 'Restaurante La Albufera, S.L.'),
        'Ctra. del Palmar, 14',
        '46012 Valencia',
        `CIF: ${d.vat('buyer_vat_id', bcif, bcif.slice(2))}`,
      ],
      [
        `Nº factura: ${d.put('number', 'FV26/004417')}`,
        `Fecha: ${d.date('issue_date', '2026-03-16', '{dd}-{mm}-{yy}')}`,
        'Cliente nº: 4301 · Ruta 7',
        `Su pedido nº: ${d.put('purchase_order', '2026-0418')}`,
        'Albarán nº A-26-07731 de 13-03-26',
      ],
    );
    itemGrid(d, p1, cols, 'grid', { extra: [sumRow(7, 'Suma y sigue', d.m(netOf(p1)), { bold: true }, 1)] });
    d.page();
    head(2);
    d.text('Factura FV26/004417 de 16-03-26 (continuación)', { size: 8 });
    itemGrid(d, p2, cols, 'grid', {
      start: p1.length,
      pre: [sumRow(7, 'Suma anterior', d.m(netOf(p1)), { bold: true }, 1)],
    });
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', 'EUR');
    d.grid({
      widths: [0.25, 0.2, 0.25, 0.3],
      aligns: ['r', 'r', 'r', 'r'],
      frame: 'grid',
      width: 0.6,
      head: ['Base imponible', '% IVA', 'Cuota', 'Total'],
      rows: [
        ...s.rates.map((r) => ({ cells: [d.m(r.net), r.rate, d.m(r.tax), d.m(r.net + r.tax)] })),
        { cells: [d.m(s.net), '', d.m(s.tax), d.m(s.total)], bold: true },
      ],
    });
    d.pairs([['TOTAL FACTURA (EUR)', d.m(s.total)]], { frame: 'box', width: 0.4, indent: 0.6 });
    d.text([
      `Vencimiento: ${d.date('due_date', '2026-04-15', '{dd}-{mm}-{yy}')} · Forma de pago: transferencia. Dto. pronto pago 2 % si se abona antes del 26-03-26.`,
      `BBVA · IBAN ${d.iban(esIban('0182', '6035', '0201593842'), 'BBVAESMM')} · BIC BBVAESMM`,
      `CaixaBank · IBAN ${groups(d.id('iban', esIban('2100', '0851', '0402117935')))} · BIC ${d.id('bic', 'CAIXESBBXXX')}`,
    ]);
    d.rule();
    d.text(
      [
        `Distribuciones Hostelería Levante, S.A. · CIF ${d.vat('seller_vat_id', cif, `${cif.slice(2, 3)}-${cif.slice(3)}`)} · Capital social 300.000,00 € · R.M. Valencia, Hoja ${d.put('seller_registration_id', 'V-88213')}`,
        `${d.put('seller_email', 'contabilidad@dhlevante.example')} · Mercancía viaja por cuenta y riesgo del comprador.`,
      ],
      { size: 7 },
    );
  },
};

const IT1: Spec = {
  lang: 'it',
  n: 1,
  gen: 'pango',
  layout: 'craft',
  country: 'IT',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'it',
  font: 'DejaVu Serif',
  size: 8.5,
  build(d) {
    const piva = itIva('0217634037');
    d.text(d.put('seller_name', 'Idraulica Ferraresi S.n.c. di Ferraresi Marco & C.'), {
      size: 14,
      bold: true,
    });
    d.text([
      'Impianti idraulici · termici · gas – Via Emilia Levante 188, 40139 Bologna',
      `Tel. 051 49 22 31 · Fax 051 49 22 39 · ${d.put('seller_email', 'amministrazione@idraulicaferraresi.example')}`,
      `P.IVA e C.F. ${d.vat('seller_vat_id', piva, piva.slice(2))} · REA ${d.put('seller_registration_id', 'BO-512347')}`,
    ]);
    d.rule();
    d.cols(
      [
        'Spett.le',
        d.put('buyer_name', 'Condominio Via Saragozza 112'),
        'c/o Studio Amministrazioni Rossi',
        'Via Saragozza 64, 40123 Bologna',
        'C.F. 91357260374',
        'Codice destinatario SDI: 0000000',
      ],
      [
        `FATTURA N. ${d.put('number', '47/2026')}`,
        `Data: ${d.date('issue_date', '2026-03-06', '{dd}/{mm}/{yyyy}')}`,
        'Cod. cliente: C-0144',
        `Vs. riferimento: ${d.put('buyer_reference', 'Verbale assemblea 14/11/2025')}`,
        'Preventivo n. 118/2025 del 20/10/2025',
      ],
    );
    d.text(
      'Oggetto: sostituzione colonne montanti acqua fredda/calda scala B e revisione centrale termica. Lavori eseguiti dal 09/02/2026 al 27/02/2026.',
    );
    const items: Item[] = [
      {
        desc: 'Sostituzione colonne montanti in multistrato Ø 32, compresi raccordi',
        qty: '42',
        unit: 'm',
        price: '38.50',
        rate: '10',
      },
      {
        desc: 'Valvole di intercettazione a sfera 1" per appartamento',
        qty: '12',
        unit: 'nr',
        price: '24.80',
        rate: '10',
      },
      { desc: 'Manodopera operaio specializzato', qty: '46', unit: 'ore', price: '32.00', rate: '10' },
      { desc: 'Opere murarie di ripristino tracce', qty: '1', unit: 'a corpo', price: '780.00', rate: '10' },
      {
        desc: 'Estintore CO2 5 kg per locale caldaia (fornitura)',
        qty: '2',
        unit: 'nr',
        price: '96.00',
        rate: '22',
      },
      { desc: 'Smaltimento materiali di risulta', qty: '1', unit: 'a corpo', price: '150.00', rate: '22' },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Descrizione', w: 0.52, a: 'l', v: (it) => it.desc },
        { h: 'U.M.', w: 0.08, a: 'c', v: (it) => it.unit ?? '' },
        { h: 'Q.tà', w: 0.07, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'Prezzo', w: 0.11, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'IVA', w: 0.07, a: 'r', v: (it) => `${it.rate}%` },
        { h: 'Importo', w: 0.15, a: 'r', v: (_it, net) => d.m(net) },
      ],
      'grid',
    );
    const adv = cents('800.00');
    const s = d.sums(partsOf(items), { advance: adv });
    d.put('currency', 'EUR', '€');
    d.text('Riepilogo IVA', { bold: true });
    d.grid({
      widths: [0.2, 0.4, 0.4],
      aligns: ['r', 'r', 'r'],
      frame: 'grid',
      width: 0.5,
      head: ['Aliquota', 'Imponibile', 'Imposta'],
      rows: s.rates.map((r) => ({ cells: [`${r.rate}%`, d.m(r.net), d.m(r.tax)] })),
    });
    d.pairs(
      [
        ['Totale imponibile', `€ ${d.m(s.net)}`],
        ['Totale IVA', `€ ${d.m(s.tax)}`],
        ['Totale fattura', `€ ${d.m(s.total)}`],
        ['Acconto versato il 12/02/2026', `€ -${d.m(adv)}`],
        ['Netto a pagare', `€ ${d.m(s.due)}`],
      ],
      { frame: 'box', width: 0.45, indent: 0.55 },
    );
    d.text([
      'IVA 10% per interventi di manutenzione straordinaria su edificio residenziale (art. 7 c. 1 lett. b L. 488/1999).',
      `Pagamento: bonifico bancario entro il ${d.date('due_date', '2026-04-05', '{dd}/{mm}/{yyyy}')}`,
      `BPER Banca, filiale di Bologna Mazzini – IBAN ${d.iban(itIban('05387', '02400', '000000412839'), 'BPMOIT22XXX')} – BIC BPMOIT22XXX`,
    ]);
    d.space(4);
    d.text(
      'Copia di cortesia: la fattura elettronica è stata trasmessa tramite il Sistema di Interscambio. Documento privo di valenza fiscale ai sensi dell’art. 21 D.P.R. 633/72.',
      {
        size: 7,
      },
    );
  },
};

const IT2: Spec = {
  lang: 'it',
  n: 2,
  gen: 'groff',
  layout: 'fee',
  country: 'IT',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'it',
  font: 'T',
  size: 10,
  build(d) {
    const piva = itIva('0841925015');
    const bpiva = itIva('0029481096');
    d.text(d.put('seller_name', 'Studio Tecnico Ing. Paolo Benedetti'), { size: 16, bold: true });
    d.text([
      'Ingegneria impiantistica e prevenzione incendi',
      'Via Lodovico il Moro 15 – 20143 Milano · Tel. 02 8912 4470',
      `${d.put('seller_email', 'studio@ingbenedetti.example')} · Iscritto all’Ordine degli Ingegneri di Milano al n. A21458`,
    ]);
    d.rule();
    d.cols(
      [
        'Spett.le',
        d.put('buyer_name', 'Officine Meccaniche Brambilla S.p.A.'),
        'Via dell’Industria 8',
        '20871 Vimercate (MB)',
        `P.IVA ${d.vat('buyer_vat_id', bpiva, bpiva.slice(2))}`,
      ],
      [
        `Milano, ${d.date('issue_date', '2026-03-09', '{d} {MMMM} {yyyy}')}`,
        '',
        `Fattura n. ${d.put('number', '12/2026')}`,
        `Vs. ordine n. ${d.put('purchase_order', 'OA-2026-0117')} del 20/01/2026`,
        `Vs. rif.: ${d.put('buyer_reference', 'Ing. Galli')}`,
      ],
      [0.55, 0.45],
    );
    d.space(3);
    d.text(
      'Oggetto: progettazione impianto di spegnimento automatico e pratica SCIA antincendio – capannone B.',
    );
    const items: Item[] = [
      {
        desc: 'Onorario per progettazione esecutiva impianto sprinkler',
        qty: '1',
        price: '3000.00',
        rate: '22',
      },
      { desc: 'Redazione pratica SCIA e asseverazione', qty: '1', price: '1200.00', rate: '22' },
    ];
    const fee = netOf(items);
    const cassa = divRound(fee * 4, 100);
    const rit = divRound(fee * 20, 100);
    const s = d.sums([...partsOf(items), { net: cassa, rate: '22' }], { withholding: rit });
    d.put('currency', 'EUR', '€');
    d.grid({
      widths: [0.68, 0.32],
      aligns: ['l', 'r'],
      frame: 'lines',
      width: 0.9,
      head: ['Descrizione', 'Importo'],
      rows: [
        ...items.map((it) => ({ cells: [it.desc, `€ ${d.m(lineNet(it))}`] })),
        { cells: ['Totale onorari', `€ ${d.m(fee)}`], rule: true },
        { cells: ['Contributo integrativo Inarcassa 4%', `€ ${d.m(cassa)}`] },
        { cells: ['Imponibile IVA', `€ ${d.m(s.net)}`], rule: true },
        { cells: ['IVA 22%', `€ ${d.m(s.tax)}`] },
        { cells: ['Totale documento', `€ ${d.m(s.total)}`], bold: true, rule: true },
        { cells: ['Ritenuta d’acconto 20% su € ' + d.m(fee), `€ -${d.m(rit)}`] },
        { cells: ['Netto a pagare', `€ ${d.m(s.due)}`], bold: true, rule: true },
      ],
    });
    d.space(3);
    d.text([
      `Scadenza pagamento: ${d.date('due_date', '2026-04-08', '{dd}/{mm}/{yyyy}')} – bonifico bancario`,
      `Intesa Sanpaolo – IBAN ${d.iban(itIban('03069', '09606', '100000123456'), 'BCITITMM')} – BIC BCITITMM`,
      'Si prega di inviare la certificazione unica delle ritenute operate entro il 16 marzo dell’anno successivo.',
    ]);
    d.space(8);
    d.rule();
    d.text(
      `Ing. Paolo Benedetti – P.IVA ${d.vat('seller_vat_id', piva, piva)} – Cassa di previdenza: Inarcassa matr. 718224`,
      {
        size: 8,
        align: 'c',
      },
    );
  },
};

const IT3: Spec = {
  lang: 'it',
  n: 3,
  gen: 'htmldoc',
  layout: 'erp',
  country: 'IT',
  type: '380',
  pages: 1,
  nf: NF_DOT,
  months: 'it',
  font: 'sans',
  size: 8,
  build(d) {
    const piva = itIva('0318274092');
    const bpiva = itIva('0271045092');
    d.grid({
      widths: [0.62, 0.38],
      aligns: ['l', 'r'],
      frame: 'none',
      size: 9,
      rows: [
        {
          cells: [
            `${d.put('seller_name', 'Forniture Alimentari Sarde S.r.l.')}\nZona Industriale Macchiareddu, Strada 5\n09032 Assemini (CA)\nTel. 070 24 71 30 · Fax 070 24 71 39`,
            `FATTURA DIFFERITA\n${d.put('seller_email', 'ordini@fasarde.example')}`,
          ],
          bold: true,
        },
      ],
    });
    d.rule();
    d.cols(
      [
        'Destinatario',
        d.put('buyer_name', 'Hotel Poetto Mare S.r.l.'),
        'Viale Poetto 140',
        '09126 Cagliari (CA)',
        `P.IVA ${d.vat('buyer_vat_id', bpiva, `IT${bpiva.slice(2)}`)}`,
      ],
      ['Luogo di consegna', 'Hotel Poetto Mare – ingresso merci', 'Via dei Gabbiani 3, 09126 Cagliari'],
    );
    d.grid({
      widths: [0.17, 0.13, 0.12, 0.2, 0.2, 0.18],
      aligns: ['l', 'l', 'l', 'l', 'l', 'l'],
      frame: 'grid',
      head: ['Numero documento', 'Data', 'Cod. cliente', 'Vs. ordine', 'DDT', 'Pagamento'],
      rows: [
        {
          cells: [
            d.put('number', 'FD/2026/00312'),
            d.date('issue_date', '2026-03-11', '{dd}-{mm}-{yyyy}'),
            'CL-20418',
            `${d.put('purchase_order', '2026/77')} del 06-03-2026`,
            'n. 1188 del 10-03-2026',
            'Bonifico 30 gg d.f.f.m.',
          ],
        },
      ],
    });
    const items: Item[] = [
      {
        code: 'PAS-001',
        desc: 'Fregola sarda tostata 500 g',
        qty: '40',
        unit: 'pz',
        price: '2.35',
        rate: '4',
      },
      { code: 'PAS-014', desc: 'Malloreddus 1 kg', qty: '20', unit: 'pz', price: '3.10', rate: '4' },
      {
        code: 'OLI-003',
        desc: 'Olio extravergine di oliva 5 l',
        qty: '6',
        unit: 'lt',
        price: '42.00',
        rate: '4',
      },
      { code: 'LAT-020', desc: 'Latte fresco intero 1 l', qty: '60', unit: 'pz', price: '1.28', rate: '4' },
      { code: 'PAN-007', desc: 'Pane carasau 1 kg', qty: '15', unit: 'pz', price: '6.40', rate: '4' },
      {
        code: 'FOR-011',
        desc: 'Pecorino sardo DOP stagionato',
        qty: '8.35',
        unit: 'kg',
        price: '16.90',
        rate: '4',
      },
      {
        code: 'CAR-102',
        desc: 'Porceddu disossato sottovuoto',
        qty: '12.6',
        unit: 'kg',
        price: '14.80',
        rate: '10',
        disc: 5,
      },
      {
        code: 'PES-220',
        desc: 'Bottarga di muggine intera',
        qty: '1.2',
        unit: 'kg',
        price: '128.00',
        rate: '10',
      },
      {
        code: 'YOG-004',
        desc: 'Yogurt bianco 125 g (conf. 24)',
        qty: '6',
        unit: 'cf',
        price: '9.60',
        rate: '10',
      },
      { code: 'ZUC-001', desc: 'Zucchero semolato 1 kg', qty: '20', unit: 'pz', price: '1.15', rate: '10' },
      {
        code: 'ACQ-050',
        desc: 'Acqua minerale naturale 0,5 l (conf. 24)',
        qty: '20',
        unit: 'cf',
        price: '5.20',
        rate: '22',
      },
      {
        code: 'VIN-210',
        desc: 'Cannonau di Sardegna DOC 75 cl',
        qty: '36',
        unit: 'bt',
        price: '7.90',
        rate: '22',
        disc: 10,
      },
      {
        code: 'VIN-230',
        desc: 'Vermentino di Gallura DOCG 75 cl',
        qty: '36',
        unit: 'bt',
        price: '8.40',
        rate: '22',
        disc: 10,
      },
      { code: 'MIR-001', desc: 'Mirto rosso 70 cl', qty: '6', unit: 'bt', price: '13.50', rate: '22' },
      {
        code: 'DET-300',
        desc: 'Detergente stoviglie professionale 10 kg',
        qty: '4',
        unit: 'pz',
        price: '23.70',
        rate: '22',
      },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Codice', w: 0.09, a: 'l', v: (it) => it.code ?? '' },
        { h: 'Descrizione', w: 0.38, a: 'l', v: (it) => it.desc },
        { h: 'UM', w: 0.05, a: 'c', v: (it) => it.unit ?? '' },
        { h: 'Quantità', w: 0.09, a: 'r', v: (it) => d.q(it.qty, 2) },
        { h: 'Prezzo', w: 0.1, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'Sc. %', w: 0.06, a: 'r', v: (it) => (it.disc ? String(it.disc) : '') },
        { h: 'Importo', w: 0.14, a: 'r', v: (_it, net) => d.m(net) },
        { h: 'Cod. IVA', w: 0.09, a: 'c', v: (it) => it.rate },
      ],
      'grid',
    );
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', 'EUR');
    const desc: Record<string, string> = {
      '4': 'Aliquota 4%',
      '10': 'Aliquota 10%',
      '22': 'Aliquota ordinaria 22%',
    };
    d.grid({
      widths: [0.12, 0.4, 0.24, 0.24],
      aligns: ['c', 'l', 'r', 'r'],
      frame: 'grid',
      width: 0.62,
      head: ['Cod. IVA', 'Descrizione', 'Imponibile', 'Imposta'],
      rows: [
        ...s.rates.map((r) => ({ cells: [r.rate, desc[r.rate] ?? r.rate, d.m(r.net), d.m(r.tax)] })),
        { cells: ['', 'Totali', d.m(s.net), d.m(s.tax)], bold: true },
      ],
    });
    d.pairs(
      [
        ['Totale imponibile', d.m(s.net)],
        ['Totale imposta', d.m(s.tax)],
        ['TOTALE DOCUMENTO EUR', d.m(s.total)],
      ],
      { frame: 'box', width: 0.4, indent: 0.6 },
    );
    d.grid({
      widths: [0.5, 0.5],
      aligns: ['l', 'r'],
      frame: 'box',
      width: 0.45,
      head: ['Scadenza', 'Importo rata'],
      rows: [{ cells: [d.date('due_date', '2026-04-30', '{dd}-{mm}-{yyyy}'), d.m(s.total)] }],
    });
    d.text([
      `Appoggio: UniCredit S.p.A. – IBAN ${d.iban(itIban('02008', '04810', '000104857326'), 'UNCRITMM')} – BIC UNCRITMM`,
      `Banco di Sardegna – IBAN ${groups(d.id('iban', itIban('01015', '04800', '000070219384')))} – BIC ${d.id('bic', 'SARDIT31')}`,
      'Contributo ambientale CONAI assolto ove dovuto. Merce resa franco destino.',
    ]);
    d.rule();
    d.text(
      `Forniture Alimentari Sarde S.r.l. – Capitale sociale € 50.000,00 i.v. – REA ${d.put('seller_registration_id', 'CA-287114')} – P.IVA e C.F. ${d.vat('seller_vat_id', piva, piva.slice(2))} – Reg. Imprese di Cagliari`,
      { size: 7 },
    );
  },
};

const IT4: Spec = {
  lang: 'it',
  n: 4,
  gen: 'pango',
  layout: 'credit',
  country: 'IT',
  type: '381',
  pages: 1,
  nf: NF_DOT,
  months: 'it',
  font: 'Liberation Sans',
  size: 9,
  build(d) {
    const piva = itIva('0468213026');
    const bpiva = itIva('0512947026');
    d.text(d.put('seller_name', 'Arredamenti Lunardi S.r.l.'), { band: true, size: 15 });
    d.text([
      'Viale della Repubblica 71 – 31100 Treviso · Tel. 0422 30 18 55',
      `${d.put('seller_email', 'amministrazione@arredamentilunardi.example')} · P.IVA ${d.vat('seller_vat_id', piva, piva.slice(2))}`,
    ]);
    d.space(3);
    d.cols(
      [
        'NOTA DI CREDITO',
        `N. ${d.put('number', 'NC 3/2026')}`,
        `Data ${d.date('issue_date', '2026-03-19', '{dd}/{mm}/{yyyy}')}`,
        'Tipo documento TD04',
      ],
      [
        'Spett.le',
        d.put('buyer_name', 'Casa sul Sile B&B di Tonon Elisa'),
        'Via Alzaia 9',
        '31056 Roncade (TV)',
        `P.IVA ${d.vat('buyer_vat_id', bpiva, bpiva.slice(2))}`,
      ],
    );
    d.space(2);
    d.text([
      'Rettifica della fattura n. 212/2026 del 28/02/2026 (DDT n. 96 del 25/02/2026).',
      `Vs. riferimento: ${d.put('buyer_reference', 'camera 4 – sig.ra Tonon')}`,
      'Causale: reso di merce difettosa e abbuono per ritardata consegna.',
    ]);
    const items: Item[] = [
      {
        desc: 'Reso comodino in noce canaletto a 2 cassetti (difettoso)',
        qty: '2',
        price: '189.00',
        rate: '22',
      },
      { desc: 'Abbuono per ritardata consegna armadio 4 ante', qty: '1', price: '120.00', rate: '22' },
    ];
    itemGrid(
      d,
      items,
      [
        { h: 'Descrizione', w: 0.56, a: 'l', v: (it) => it.desc },
        { h: 'Q.tà', w: 0.08, a: 'r', v: (it) => d.q(it.qty) },
        { h: 'Prezzo unitario', w: 0.16, a: 'r', v: (it) => d.m(cents(it.price)) },
        { h: 'Importo', w: 0.2, a: 'r', v: (_it, net) => d.m(net) },
      ],
      'box',
    );
    const s = d.sums(partsOf(items));
    d.put('currency', 'EUR', '€');
    d.pairs(
      [
        ['Imponibile', `€ ${d.m(s.net)}`],
        ['IVA 22%', `€ ${d.m(s.tax)}`],
        ['Totale nota di credito', `€ ${d.m(s.total)}`],
        ['Importo a Vostro credito', `€ ${d.m(s.due)}`],
      ],
      { frame: 'box', width: 0.45, indent: 0.55 },
    );
    d.text(
      'L’importo a Vostro credito sarà rimborsato con bonifico entro 15 giorni oppure, a Vostra scelta, compensato con il prossimo acquisto.',
    );
    d.space(10);
    d.rule();
    d.text(
      [
        `Arredamenti Lunardi S.r.l. – Capitale sociale € 20.000,00 i.v. – REA ${d.put('seller_registration_id', 'TV-301552')} – Registro Imprese di Treviso-Belluno`,
        `Banca: Intesa Sanpaolo – IBAN ${d.iban(itIban('03069', '12017', '100000087441'), 'BCITITMM')} – BIC BCITITMM`,
      ],
      { size: 7.5, align: 'c' },
    );
  },
};

const DOCS: Spec[] = [
  EN1,
  EN2,
  EN3,
  EN4,
  DE1,
  DE2,
  DE3,
  DE4,
  FR1,
  FR2,
  FR3,
  FR4,
  NL1,
  NL2,
  NL3,
  NL4,
  ES1,
  ES2,
  ES3,
  ES4,
  IT1,
  IT2,
  IT3,
  IT4,
];

main();
