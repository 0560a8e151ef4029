/**
 * make-script-invoices.ts – held-out "script-blind" set of 24 supplier invoices / credit notes made by
 * three PDF engines that the capture feature was never tuned on, with an answer key per file.
 * Written blind (without looking at the capture code or at other fixture sets).
 *
 * RUN
 *   cd /work/main && node --import tsx scripts/make-script-invoices.ts
 *   env SCRIPT_INVOICES_BUILD  build folder (default /tmp/script-build; wiped and rewritten)
 *       SCRIPT_INVOICES_OUT    output folder (default test/fixtures/capture/script-blind)
 *       SCRIPT_INVOICES_FORCE=1  overwrite an output folder that holds files this script did not make
 *   Node 20 built-ins + tsx only. Exit code 1 on any failed check, nothing is published then.
 *   Run time ≈ 20 s on 2 cores (mostly LibreOffice start-up; every file is rendered twice).
 *
 * APT REQUIREMENTS (Debian 12, versions as reported by `dpkg -s`)
 *   ruby 1:3.1 (ruby3.1 3.1.7+really3.1.2-0+deb12u1), ruby-prawn 2.4.0+dfsg-1~, ruby-prawn-table 0.2.2-1.1
 *   perl 5.36.0-7+deb12u4, libpdf-api2-perl 2.044-1
 *   libreoffice-calc-nogui 4:7.4.7-1+deb12u14 (libreoffice-core-nogui 4:7.4.7-1+deb12u14)
 *   poppler-utils 22.12.0-2+deb12u3 (pdftotext, pdfinfo), python3-stdnum 1.18-1 (run with /usr/bin/python3)
 *   fonts-dejavu-core 2.37-6, fonts-liberation2 2.1.5-1
 *   apt-get install -y --no-install-recommends ruby-prawn ruby-prawn-table libpdf-api2-perl \
 *     libreoffice-calc-nogui poppler-utils python3-stdnum fonts-dejavu-core fonts-liberation2
 *
 * WHAT IT DOES
 *   1. Invoice data lives below (SPECS); amounts are integer cents, line = qty × price × (1 − discount)
 *      and VAT per rate = net × rate, both rounded half-up to the cent; total = net + VAT;
 *      amount due = total − deposits/advances − withholding (IRPF, ritenuta d'acconto).
 *   2. Writes the engine sources into $BUILD/src: render.rb (Prawn, 4 layouts P1–P4), render.pl
 *      (PDF::API2, absolute text/graphics positions, 4 layouts A1–A4), one JSON per Prawn/API2 file and
 *      one flat-XML spreadsheet (.fods) per Calc file (16-column grid, merged cells, borders, locale
 *      number/date/currency/percent styles, ROUND/SUM/SUMIF formulas with cached values, manual page
 *      break + carried-forward rows, page footer with page fields, 3 layouts C1–C3).
 *   3. Renders everything twice ($BUILD/run1, run2): ruby render.rb …, perl render.pl …,
 *      soffice --headless -env:UserInstallation=file://$BUILD/lo-profile --convert-to pdf … .
 *      SOURCE_DATE_EPOCH, TZ=UTC, PERL_HASH_SEED=0 are set; Prawn/API2 get fixed CreationDate/ModDate
 *      (issue date 08:30 UTC) and write no random /ID. LibreOffice stamps the export time into
 *      /CreationDate and derives /ID and /DocChecksum from it: these are overwritten in place with the
 *      issue date and an MD5 of the file name (same byte length, xref offsets stay valid); the .fods
 *      meta (generator, creation date, dc:date) is fixed. Result: all 24 files byte-identical across
 *      renders (checked; a difference fails the run – no text-only fallback was needed).
 *   4. Checks (any failure → exit 1):
 *      - arithmetic: lines sum to net per rate, tax per rate = round-half-up(net × rate), breakdown sums,
 *        net + tax = total, total − deposit − withholding = amount_due, no exact half-cent ties in Calc files;
 *      - identifiers: own implementation (IBAN mod-97 + national keys BE/FR RIB/ES CCC/IT CIN, VAT ids of
 *        GB IE DE AT CH FR BE LU NL ES IT, Swiss UID mod-11, SIREN/SIRET Luhn, Belgian enterprise no.,
 *        RF ISO 11649, Belgian +++…+++ mod-97, Dutch betalingskenmerk mod-11, Swiss postal account
 *        mod-10 recursive, codice fiscale, formats of HRB/HRA, FN, KvK, RCS, CRN, CRO, REA, BIC) AND
 *        python3-stdnum's validate() where stdnum 1.18 has a module; a copy of every check-digit
 *        identifier with one digit changed must fail both; printed forms must canonicalise to the key;
 *      - printed values: `pdftotext -layout` text of each PDF must contain every non-null key value in
 *        the printed locale form (amounts as printed, dates as printed, IBAN grouped, VAT ids as printed,
 *        rates as "5,5 %"), after mapping NBSP/narrow NBSP to spaces (poppler 22.12 prints U+202F and
 *        U+00A0 as plain spaces; for fr-4 the U+202F mapping is verified in the font's ToUnicode CMap);
 *        printed dates/amounts are parsed back to the key values; page counts via pdfinfo.
 *   5. Copies run1 PDFs to the output folder with `<file>.key.json` beside each (amounts of credit
 *      notes positive, missing values null). The output folder is only written when every check passed.
 *
 * FILES (name, pages, type code, seller country, layout, what it exercises)
 *   en-1-prawn-joinery.pdf      1 380 GB P1 letterhead left, address window, boxed meta table (prawn-table); UK sort code + account no. beside IBAN; 20 % + zero-rated; tax point date
 *   en-2-api2-hosting.pdf       2 380 IE A4 38 usage lines with 4-decimal rates, zebra rows, label-above-value strip, carried/brought forward, US-style dates, RF reference
 *   en-3-calc-catering.pdf      1 381 GB C2 spreadsheet credit note, negative amounts, no bank details (iban null), original invoice no./date and account balance as distractors
 *   en-4-prawn-consulting.pdf   1 380 IE P2 colour band, label-above-value form boxes, reverse charge 0 % to a German buyer, advance deducted (amount due < total)
 *   de-1-api2-elektro.pdf       1 380 DE A1 DIN 5008 letter: fold marks, window, label-left info block; 19 % + 7 %; Abschlagszahlung deducted; RF reference; Steuernummer + HRB in footer
 *   de-2-prawn-werkzeug.pdf     2 380 DE P4 right-hand letterhead, 38 zebra rows with Art.-Nr. and Rabatt, Übertrag foot/head, Ihr Zeichen, Skonto amount/date distractors
 *   de-3-calc-gartenbau.pdf     1 380 CH C1 spreadsheet in CHF 1'234.50, MWST 8.1 % + 2.6 %, CHE-…-MWST ids, Postkonto beside IBAN, Skonto terms, bordered cells
 *   de-4-prawn-gutschrift.pdf   1 381 AT P3 tinted sidebar with seller/bank/legal, Gutschrift with negative amounts, long date "12. März 2026", FN number
 *   fr-1-calc-fournitures.pdf   2 380 FR C2 spreadsheet, « À reporter / Report », 33 lines with remise, TVA 20 % + 5,5 %, narrow-NBSP thousands, 40,00 € penalty distractor
 *   fr-2-api2-nettoyage.pdf     1 380 BE A2 boxed form header (label-above-value), framed buyer box, +++090/9337/55493+++, TVA 21 %, contract/period distractors
 *   fr-3-api2-conseil.pdf       1 380 LU A4 header band, label-above-value strip, zebra rows, TVA 17 % + 3 %, "1 234,56 EUR", RCS B number, PO + buyer reference
 *   fr-4-prawn-menuiserie.pdf   1 380 FR P1 DejaVu TTF with U+202F thousands (1 234,56 €), "12 mars 2026", TVA 10 % + 20 %, acompte deducted, SIRET/capital/APE, RF reference
 *   nl-1-api2-bouw.pdf          2 380 NL A1 DIN-style window letter, 30 lines, BTW 21 % + 9 %, aanbetaling deducted, betalingskenmerk, G-rekening IBAN distractor, dates 12-3-2026
 *   nl-2-prawn-transport.pdf    1 380 NL P2 colour band + form boxes, BTW verlegd to a Belgian buyer, computed volume discount line, CMR/kredietbeperking distractors, "12 maart 2026"
 *   nl-3-calc-installatie.pdf   1 380 BE C3 spreadsheet with seller block right, bordered label-left meta, btw 21 % + 6 %, gestructureerde mededeling, RPR number
 *   nl-4-api2-creditnota.pdf    1 381 NL A3 monospaced ERP print (Courier, dotted labels, dashed rules), creditnota with negative amounts, BTW 9 % + 21 %, unspaced IBAN
 *   es-1-calc-suministros.pdf   1 380 ES C1 spreadsheet with bordered cells, Dto. column, IVA 21 % + 10 % (bases and cuotas per rate), CIF without ES prefix, albaranes
 *   es-2-api2-diseno.pdf        1 380 ES A2 freelancer (NIF), boxed form header, "12 de marzo de 2026", IRPF 15 % withheld (amount due < total)
 *   es-3-prawn-limpieza.pdf     1 380 ES P3 sidebar layout in Times, CLDR Spanish amounts without separator below 10 000 (4096,00), series-prefixed number
 *   es-4-calc-hosteleria.pdf    2 380 ES C2 spreadsheet, « Suma y sigue / Suma anterior », 38 lines at IVA 4 %, 10 % and 21 %, zebra fill
 *   it-1-prawn-ricambi.pdf      2 380 IT P4 right-hand letterhead, 36 zebra rows, « A riportare / Riporto », P.IVA without prefix, REA, capitale sociale, SDI code, DDT distractors
 *   it-2-api2-notacredito.pdf   1 381 IT A3 monospaced nota di credito, negative amounts, IVA 4 % + 22 %, no bank details (iban null)
 *   it-3-calc-ferramenta.pdf    1 380 IT C3 spreadsheet, seller right, sconto column, IVA 22 % + 10 %, condominium buyer with numeric C.F. only (buyer VAT null)
 *   it-4-calc-consulenza.pdf    1 380 IT C1 professional: cassa 4 % line, ritenuta d'acconto 20 % (amount due < total), personal C.F. and Ordine no. distractors
 *
 * All parties, addresses, phone numbers and bank accounts are fictitious (e-mail/web on .example);
 * identifiers are constructed to be valid. Built-in PDF fonts (Helvetica/Times/Courier) cannot show
 * U+202F, so the narrow-NBSP amounts use DejaVu (Prawn) or LibreOffice's fr-FR number format.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as zlib from 'node:zlib';

// ───────────────────────────── configuration ─────────────────────────────
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.resolve(ROOT, process.env.SCRIPT_INVOICES_OUT ?? 'test/fixtures/capture/script-blind');
const BUILD = path.resolve(process.env.SCRIPT_INVOICES_BUILD ?? '/tmp/script-build');
const FORCE = process.env.SCRIPT_INVOICES_FORCE === '1';
const SOURCE_DATE_EPOCH = '1772352000'; // 2026-03-01T08:00:00Z
const T0 = Date.now();

const failures: string[] = [];
function fail(msg: string): void {
  failures.push(msg);
}
function die(msg: string): never {
  console.error(`make-script-invoices: ${msg}`);
  process.exit(1);
}
function at<T>(arr: readonly T[], i: number): T {
  const v = arr[i];
  if (v === undefined) throw new Error(`index ${i} out of range`);
  return v;
}

// ───────────────────────────── money arithmetic ─────────────────────────────
/** "12.50" → 1250 (exactly two decimals, optional sign). */
function cents(s: string): number {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(s);
  if (!m) throw new Error(`bad amount literal ${s}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}
/** Decimal string → [integer, scale] e.g. "0.0625" → [625n, 10000n]. */
function dec(s: string): [bigint, bigint] {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`bad decimal ${s}`);
  const frac = m[3] ?? '';
  const v = BigInt(`${m[2]}${frac}`) * (m[1] ? -1n : 1n);
  return [v, 10n ** BigInt(frac.length)];
}
/** num/den rounded half away from zero (= half-up on magnitudes). */
function roundDiv(num: bigint, den: bigint): bigint {
  const neg = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (2n * n + d) / (2n * d);
  return neg ? -q : q;
}
function isTie(num: bigint, den: bigint): boolean {
  const n = num < 0n ? -num : num;
  return (2n * n) % (2n * den) === den;
}
function fmtCents(c: number): string {
  const neg = c < 0;
  const a = Math.abs(c);
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

// ───────────────────────────── locale formatting ─────────────────────────────
const NNBSP = '\u202f';
type AmtStyle = 'en' | 'de' | 'fr' | 'frsp' | 'ch' | 'es4';
type DateStyle =
  | 'd.m.Y'
  | 'd/m/Y'
  | 'd-m-Y'
  | 'j-n-Y'
  | 'long-en-gb'
  | 'long-en-us'
  | 'short-en'
  | 'long-de'
  | 'long-fr'
  | 'long-nl'
  | 'long-es'
  | 'long-it';
type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';

function group(int: string, sep: string): string {
  let out = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) out += sep;
    out += int[i];
  }
  return out;
}
function fmtAmt(c: number, st: AmtStyle): string {
  const neg = c < 0;
  const a = Math.abs(c);
  const int = String(Math.floor(a / 100));
  const d = String(a % 100).padStart(2, '0');
  let s: string;
  switch (st) {
    case 'en':
      s = `${group(int, ',')}.${d}`;
      break;
    case 'de':
      s = `${group(int, '.')},${d}`;
      break;
    case 'fr':
      s = `${group(int, NNBSP)},${d}`;
      break;
    case 'frsp':
      s = `${group(int, ' ')},${d}`;
      break;
    case 'ch':
      s = `${group(int, "'")}.${d}`;
      break;
    case 'es4': // RAE / CLDR es: no separator in four-digit numbers
      s = `${int.length <= 4 ? int : group(int, '.')},${d}`;
      break;
  }
  return neg ? `-${s}` : s;
}
/** Parse a printed amount back to cents (self-check of the formatter). */
function parseAmt(s: string, st: AmtStyle): number {
  const neg = s.startsWith('-');
  const body = neg ? s.slice(1) : s;
  const decSep = st === 'en' || st === 'ch' ? '.' : ',';
  const i = body.lastIndexOf(decSep);
  const int = body.slice(0, i).replace(/[.,' \u00a0\u202f]/g, '');
  const frac = body.slice(i + 1);
  if (!/^\d+$/.test(int) || !/^\d\d$/.test(frac)) return Number.NaN;
  const v = Number(int) * 100 + Number(frac);
  return neg ? -v : v;
}
function decComma(st: AmtStyle): boolean {
  return !(st === 'en' || st === 'ch');
}
/** Plain decimal string (quantity, rate, unit price with ≥2 decimals) in the locale. */
function fmtDec(s: string, st: AmtStyle): string {
  return decComma(st) ? s.replace('.', ',') : s;
}
const MONTHS: Record<Lang, string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
};
function fmtDate(iso: string, st: DateStyle): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`bad date ${iso}`);
  const [, Y, M, D] = m as unknown as [string, string, string, string];
  const mi = Number(M) - 1;
  const d = Number(D);
  switch (st) {
    case 'd.m.Y':
      return `${D}.${M}.${Y}`;
    case 'd/m/Y':
      return `${D}/${M}/${Y}`;
    case 'd-m-Y':
      return `${D}-${M}-${Y}`;
    case 'j-n-Y':
      return `${d}-${Number(M)}-${Y}`;
    case 'long-en-gb':
      return `${d} ${at(MONTHS.en, mi)} ${Y}`;
    case 'long-en-us':
      return `${at(MONTHS.en, mi)} ${d}, ${Y}`;
    case 'short-en':
      return `${D} ${at(MONTHS.en, mi).slice(0, 3)} ${Y}`;
    case 'long-de':
      return `${d}. ${at(MONTHS.de, mi)} ${Y}`;
    case 'long-fr':
      return `${d === 1 ? '1er' : d} ${at(MONTHS.fr, mi)} ${Y}`;
    case 'long-nl':
      return `${d} ${at(MONTHS.nl, mi)} ${Y}`;
    case 'long-es':
      return `${d} de ${at(MONTHS.es, mi)} de ${Y}`;
    case 'long-it':
      return `${d} ${at(MONTHS.it, mi)} ${Y}`;
  }
}
/** Parse a printed date back to ISO (self-check of the formatter). */
function parseDate(s: string): string | null {
  let m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}`;
  const words = s
    .replace(/,/g, '')
    .replace(/\b(de|1er)\b/g, (w) => (w === '1er' ? '1' : ''))
    .replace(/\./g, '')
    .split(/\s+/)
    .filter(Boolean);
  let day: number | null = null;
  let mon: number | null = null;
  let year: number | null = null;
  for (const w of words) {
    if (/^\d{4}$/.test(w)) year = Number(w);
    else if (/^\d{1,2}$/.test(w)) day = Number(w);
    else {
      for (const names of Object.values(MONTHS)) {
        const i = names.findIndex(
          (n) => n.toLowerCase() === w.toLowerCase() || n.slice(0, 3).toLowerCase() === w.toLowerCase(),
        );
        if (i >= 0) mon = i + 1;
      }
    }
  }
  if (day === null || mon === null || year === null) return null;
  m = null;
  return `${year}-${String(mon).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// ───────────────────────────── identifier checks (own implementations) ─────────────────────────────
function mod97(s: string): number {
  let r = 0;
  for (const ch of s) {
    const v = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) r = (r * 10 + Number(d)) % 97;
  }
  return r;
}
function luhnOk(s: string): boolean {
  if (!/^\d+$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    let d = Number(s[s.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
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
const IBAN_BBAN: Record<string, RegExp> = {
  GB: /^[A-Z]{4}\d{14}$/,
  IE: /^[A-Z]{4}\d{14}$/,
  DE: /^\d{18}$/,
  AT: /^\d{16}$/,
  CH: /^\d{5}[A-Z0-9]{12}$/,
  FR: /^\d{10}[A-Z0-9]{11}\d{2}$/,
  BE: /^\d{12}$/,
  LU: /^\d{3}[A-Z0-9]{13}$/,
  NL: /^[A-Z]{4}\d{10}$/,
  ES: /^\d{20}$/,
  IT: /^[A-Z]\d{10}[A-Z0-9]{12}$/,
};
/** Italian CIN / codice fiscale control character (odd/even tables). */
const CIN_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
function itControlChar(s: string): string {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? (CIN_ODD[v] as number) : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}
function ribKeyOk(bban: string): boolean {
  const map = (ch: string): string => {
    if (/\d/.test(ch)) return ch;
    const i = ch.charCodeAt(0) - 65; // A..Z → 1..9,1..9,2..9 (RIB letter table)
    const t = '12345678912345678923456789';
    return t[i] as string;
  };
  const digits = [...bban].map(map).join('');
  return BigInt(digits) % 97n === 0n;
}
function esCccOk(bban: string): boolean {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const cd = (s: string): number => {
    const v = 11 - ([...s].reduce((a, ch, i) => a + Number(ch) * (w[i] as number), 0) % 11);
    return v === 11 ? 0 : v === 10 ? 1 : v;
  };
  const bank = bban.slice(0, 8);
  const check = bban.slice(8, 10);
  const acct = bban.slice(10);
  return `${cd(`00${bank}`)}${cd(acct)}` === check;
}
function ibanOk(iban: string): boolean {
  const cc = iban.slice(0, 2);
  const len = IBAN_LEN[cc];
  const re = IBAN_BBAN[cc];
  if (!len || !re || iban.length !== len || !/^[A-Z]{2}\d{2}/.test(iban)) return false;
  const bban = iban.slice(4);
  if (!re.test(bban)) return false;
  if (mod97(bban + iban.slice(0, 4)) !== 1) return false;
  if (cc === 'BE') return Number(bban.slice(10)) === (Number(bban.slice(0, 10)) % 97 || 97);
  if (cc === 'FR') return ribKeyOk(bban);
  if (cc === 'ES') return esCccOk(bban);
  if (cc === 'IT') return itControlChar(bban.slice(1)) === bban[0];
  return true;
}
function mod11_10(s: string): boolean {
  let p = 10;
  for (const ch of s.slice(0, -1)) {
    let x = (Number(ch) + p) % 10;
    if (x === 0) x = 10;
    p = (2 * x) % 11;
  }
  let c = 11 - p;
  if (c === 10) c = 0;
  return c === Number(s.slice(-1));
}
function bsn11(s: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(s[i]) * (9 - i);
  sum -= Number(s[8]);
  return sum % 11 === 0;
}
function esCifOk(s: string): boolean {
  if (/^\d{8}[A-Z]$/.test(s)) return 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(s.slice(0, 8)) % 23] === s[8];
  const m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(s);
  if (!m) return false;
  const d = m[2] as string;
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const x = Number(d[i]);
    if (i % 2 === 0) {
      const y = 2 * x;
      sum += Math.floor(y / 10) + (y % 10);
    } else sum += x;
  }
  const c = (10 - (sum % 10)) % 10;
  return m[3] === String(c) || m[3] === 'JABCDEFGHI'[c];
}
function chUidOk(d9: string): boolean {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  const s = w.reduce((a, x, i) => a + x * Number(d9[i]), 0);
  const c = (11 - (s % 11)) % 11;
  return c !== 10 && c === Number(d9[8]);
}
function itIvaOk(d: string): boolean {
  if (!/^\d{11}$/.test(d) || Number(d.slice(0, 7)) === 0) return false;
  const office = Number(d.slice(7, 10));
  if (!((office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office))) return false;
  return luhnOk(d);
}
function vatOk(v: string): boolean {
  const g = (re: RegExp): string[] | null => {
    const r = re.exec(v);
    return r ? r.map((x) => x ?? '') : null;
  };
  let m: string[] | null;
  m = g(/^GB(\d{9})$/);
  if (m) {
    const d = m[1] as string;
    const s = [8, 7, 6, 5, 4, 3, 2].reduce((a, w, i) => a + w * Number(d[i]), 0) + Number(d.slice(7));
    return s % 97 === 0 || (s + 55) % 97 === 0;
  }
  m = g(/^IE(\d{7})([A-W])([A-IW]?)$/);
  if (m) {
    const d = m[1] as string;
    let s = [8, 7, 6, 5, 4, 3, 2].reduce((a, w, i) => a + w * Number(d[i]), 0);
    if (m[3]) s += 9 * 'WABCDEFGHI'.indexOf(m[3]);
    return 'WABCDEFGHIJKLMNOPQRSTUV'[s % 23] === m[2];
  }
  m = g(/^DE(\d{9})$/);
  if (m) return (m[1] as string)[0] !== '0' && mod11_10(m[1] as string);
  m = g(/^ATU(\d{8})$/);
  if (m) {
    const d = m[1] as string;
    let s = 0;
    for (let i = 0; i < 7; i++) {
      const x = Number(d[i]) * (i % 2 === 0 ? 1 : 2);
      s += Math.floor(x / 10) + (x % 10);
    }
    return (10 - ((s + 4) % 10)) % 10 === Number(d[7]);
  }
  m = g(/^CHE(\d{9})(MWST|TVA|IVA)$/);
  if (m) return chUidOk(m[1] as string);
  m = g(/^FR(\d{2})(\d{9})$/);
  if (m) return luhnOk(m[2] as string) && Number(m[1]) === (12 + 3 * (Number(m[2]) % 97)) % 97;
  m = g(/^BE([01]\d{9})$/);
  if (m) return beKboOk(m[1] as string);
  m = g(/^LU(\d{8})$/);
  if (m) return Number((m[1] as string).slice(0, 6)) % 89 === Number((m[1] as string).slice(6));
  m = g(/^NL(\d{9})B(\d{2})$/);
  if (m) return Number(m[2]) > 0 && (bsn11(m[1] as string) || mod97(`NL${m[1]}B${m[2]}`) === 1);
  m = g(/^ES([A-Z0-9]\d{7}[A-Z0-9])$/);
  if (m) return esCifOk(m[1] as string);
  m = g(/^IT(\d{11})$/);
  if (m) return itIvaOk(m[1] as string);
  return false;
}
function beKboOk(d: string): boolean {
  return /^[01]\d{9}$/.test(d) && 97 - (Number(d.slice(0, 8)) % 97) === Number(d.slice(8));
}
function rfOk(s: string): boolean {
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(s) && mod97(s.slice(4) + s.slice(0, 4)) === 1;
}
function ogmOk(s: string): boolean {
  const m = /^\+\+\+(\d{3})\/(\d{4})\/(\d{5})\+\+\+$/.exec(s);
  if (!m) return false;
  const d = `${m[1]}${m[2]}${m[3]}`;
  return (Number(d.slice(0, 10)) % 97 || 97) === Number(d.slice(10));
}
/** Dutch betalingskenmerk, 16 digits: first digit = check digit (weights 2,4,8,5,10,9,7,3,6,1 from the right). */
function kenmerkOk(s: string): boolean {
  if (!/^\d{16}$/.test(s)) return false;
  const w = [2, 4, 8, 5, 10, 9, 7, 3, 6, 1];
  const body = s.slice(1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (w[i % 10] as number);
  let c = 11 - (sum % 11);
  if (c === 10) c = 1;
  if (c === 11) c = 0;
  return c === Number(s[0]);
}
/** Swiss postal account NN-NNNNNN-C, modulo 10 recursive. */
function chPostOk(s: string): boolean {
  const m = /^(\d{2})-(\d{1,6})-(\d)$/.exec(s);
  if (!m) return false;
  const t = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
  let c = 0;
  for (const ch of `${m[1]}${(m[2] as string).padStart(6, '0')}`) c = t[(c + Number(ch)) % 10] as number;
  return (10 - c) % 10 === Number(m[3]);
}
function itCfOk(s: string): boolean {
  if (/^\d{11}$/.test(s)) return itIvaOk(s);
  return /^[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z]$/.test(s) && itControlChar(s.slice(0, 15)) === s[15];
}
const BIC_CC = new Set(['GB', 'IE', 'DE', 'AT', 'CH', 'FR', 'BE', 'LU', 'NL', 'ES', 'IT']);
type IdKind =
  | 'iban'
  | 'vat'
  | 'bic'
  | 'rf'
  | 'ogm'
  | 'kenmerk'
  | 'siren'
  | 'siret'
  | 'be-kbo'
  | 'hr'
  | 'at-fn'
  | 'kvk'
  | 'lu-rcs'
  | 'gb-crn'
  | 'ie-cro'
  | 'it-rea'
  | 'it-cf'
  | 'ch-post'
  | 'gb-sort';
/** Own validation. Format-only kinds have no check digit. */
function idOk(kind: IdKind, v: string): boolean {
  switch (kind) {
    case 'iban':
      return ibanOk(v);
    case 'vat':
      return vatOk(v);
    case 'bic':
      return /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v) && BIC_CC.has(v.slice(4, 6));
    case 'rf':
      return rfOk(v);
    case 'ogm':
      return ogmOk(v);
    case 'kenmerk':
      return kenmerkOk(v);
    case 'siren':
      return /^\d{9}$/.test(v) && luhnOk(v);
    case 'siret':
      return /^\d{14}$/.test(v) && luhnOk(v) && luhnOk(v.slice(0, 9));
    case 'be-kbo':
      return beKboOk(v);
    case 'hr':
      return /^HR[AB] \d{1,6}( [A-Z]{1,2})?$/.test(v);
    case 'at-fn':
      return /^FN \d{1,6}[abdfghikmpstvwxyz]$/.test(v);
    case 'kvk':
      return /^\d{8}$/.test(v);
    case 'lu-rcs':
      return /^B\d{1,6}$/.test(v);
    case 'gb-crn':
      return /^(\d{8}|(SC|NI|OC)\d{6})$/.test(v);
    case 'ie-cro':
      return /^\d{5,6}$/.test(v);
    case 'it-rea':
      return /^[A-Z]{2}-\d{4,7}$/.test(v);
    case 'it-cf':
      return itCfOk(v);
    case 'ch-post':
      return chPostOk(v);
    case 'gb-sort':
      return /^\d{2}-\d{2}-\d{2}$/.test(v);
  }
}
const CHECKSUMMED = new Set<IdKind>([
  'iban',
  'vat',
  'rf',
  'ogm',
  'kenmerk',
  'siren',
  'siret',
  'be-kbo',
  'it-cf',
  'ch-post',
]);
/** stdnum module for a kind/value (null when stdnum 1.18 has none). */
function stdnumModule(kind: IdKind, v: string): string | null {
  switch (kind) {
    case 'iban':
      return 'iban';
    case 'bic':
      return 'bic';
    case 'rf':
      return 'iso11649';
    case 'siren':
      return 'fr.siren';
    case 'siret':
      return 'fr.siret';
    case 'be-kbo':
      return 'be.vat';
    case 'at-fn':
      return 'at.businessid';
    case 'it-cf':
      return 'it.codicefiscale';
    case 'hr':
      return 'de.handelsregisternummer';
    case 'vat': {
      const map: Record<string, string> = {
        GB: 'gb.vat',
        IE: 'ie.vat',
        DE: 'de.vat',
        AT: 'at.uid',
        CH: 'ch.vat',
        FR: 'fr.tva',
        BE: 'be.vat',
        LU: 'lu.tva',
        NL: 'nl.btw',
        ES: 'es.nif',
        IT: 'it.iva',
      };
      return map[v.slice(0, 2)] ?? null;
    }
    default:
      return null;
  }
}
/** Change one digit (the middle digit of the part after any country prefix) to make a near-miss copy. */
function mutate(v: string, kind: IdKind): string {
  const skip = kind === 'iban' || kind === 'vat' || kind === 'rf' ? 4 : 0;
  const pos: number[] = [];
  for (let i = skip; i < v.length; i++) if (/\d/.test(v[i] as string)) pos.push(i);
  if (kind === 'vat' && v.startsWith('NL')) pos.splice(pos.length - 2, 2); // keep the B01 suffix
  const i = at(pos, Math.floor(pos.length / 2));
  const d = (Number(v[i]) + 3) % 10;
  return v.slice(0, i) + String(d) + v.slice(i + 1);
}

// ───────────────────────────── invoice model ─────────────────────────────
type Engine = 'prawn' | 'api2' | 'calc';
type Font = 'helvetica' | 'times' | 'courier' | 'dejavu' | 'liberation';
type ColKey = 'pos' | 'sku' | 'desc' | 'qty' | 'unit' | 'price' | 'disc' | 'rate' | 'amt';
interface Line {
  d: string; // description
  q: string; // quantity (decimal string)
  p: string; // unit price (2–4 decimals)
  r: string; // VAT rate
  u?: string;
  sku?: string;
  disc?: string; // line discount in percent
  pctOf?: string; // computed line: this percentage of the lines above (all same rate), e.g. "-3" or "4"
  wh?: boolean; // part of the withholding base
}
interface Party {
  name: string;
  addr: string[];
  vat: string | null;
  vatP?: string; // VAT id as printed
}
interface Seller extends Party {
  vat: string;
  vatP: string;
  reg: string | null;
  regP?: string;
  regKind?: IdKind;
  regStd?: string; // value handed to stdnum when it differs (court name for de.handelsregisternummer)
  email: string;
  iban: string | null;
  ibanP?: string;
  bic: string | null;
}
interface Cur {
  code: 'EUR' | 'GBP' | 'CHF';
  sym: string;
  pos: 'pre' | 'pre-sp' | 'post-sp';
  neg: 'outer' | 'inner';
}
type MetaVal = string | { date: string };
type TKind = 'net' | 'sub' | 'tax' | 'taxsum' | 'total' | 'dep' | 'wh' | 'due';
interface TRow {
  l: string;
  k: TKind;
  rate?: string;
  b?: boolean;
}
interface Content {
  title: string;
  senderLine: string;
  sellerLines: string[];
  contact: string[];
  buyerLabel: string | null;
  buyer: string[];
  meta: [string, MetaVal][];
  intro: string[];
  totals: TRow[];
  vat: string[] | null; // VAT breakdown header [rate, net, tax(, gross)]
  notes: string[];
  bank: [string, string][];
  footer: string[][];
  pageFmt: string;
  carry: [string, string] | null; // [carried forward (page bottom), brought forward (page top)]
  cont: string; // continuation header
}
interface ExtraId {
  kind: IdKind;
  v: string;
  label: string;
  std?: string;
}
interface Spec {
  lang: Lang;
  n: number;
  engine: Engine;
  slug: string;
  style: string;
  font: Font;
  accent: string;
  zebra: boolean;
  type: '380' | '381';
  neg: boolean; // credit note printed with negative amounts
  country: string;
  cur: Cur;
  amt: AmtStyle;
  date: DateStyle;
  pctSuffix: string;
  number: string;
  issue: string;
  due: string | null;
  seller: Seller;
  buyer: Party;
  po: string | null;
  buyerRef: string | null;
  payRef: string | null;
  payRefP?: string;
  payRefKind?: IdKind;
  cols: ColKey[];
  colT?: Partial<Record<ColKey, string>>;
  colW?: Partial<Record<ColKey, number>>;
  lines: Line[];
  split?: number; // rows on page 1 of a two-page file
  deposit?: string;
  whPct?: string;
  pages: 1 | 2;
  extraIds?: ExtraId[];
  exercise: string;
  build: (c: Ctx) => Content;
}
interface RateSum {
  rate: string;
  net: number;
  tax: number;
}
interface Totals {
  lines: number[];
  byRate: RateSum[];
  net: number;
  tax: number;
  total: number;
  deposit: number;
  whBase: number;
  wh: number;
  due: number;
}
interface Ctx {
  s: Spec;
  t: Totals;
  a: (c: number) => string; // amount, locale form
  m: (c: number) => string; // amount with currency
  d: (iso: string) => string;
  r: (rate: string) => string;
  sg: number; // +1, or -1 for credit notes printed negative
}

const COLT: Record<Lang, Record<ColKey, string>> = {
  en: {
    pos: 'No.',
    sku: 'Code',
    desc: 'Description',
    qty: 'Qty',
    unit: 'Unit',
    price: 'Unit price',
    disc: 'Disc.',
    rate: 'VAT',
    amt: 'Amount',
  },
  de: {
    pos: 'Pos.',
    sku: 'Art.-Nr.',
    desc: 'Bezeichnung',
    qty: 'Menge',
    unit: 'Einh.',
    price: 'Einzelpreis',
    disc: 'Rabatt',
    rate: 'USt.',
    amt: 'Gesamt',
  },
  fr: {
    pos: 'N°',
    sku: 'Réf.',
    desc: 'Désignation',
    qty: 'Qté',
    unit: 'Unité',
    price: 'P.U. HT',
    disc: 'Remise',
    rate: 'TVA',
    amt: 'Montant HT',
  },
  nl: {
    pos: 'Nr.',
    sku: 'Art.nr.',
    desc: 'Omschrijving',
    qty: 'Aantal',
    unit: 'Eenh.',
    price: 'Prijs',
    disc: 'Korting',
    rate: 'BTW',
    amt: 'Bedrag',
  },
  es: {
    pos: 'Nº',
    sku: 'Ref.',
    desc: 'Descripción',
    qty: 'Cant.',
    unit: 'Ud.',
    price: 'Precio',
    disc: 'Dto.',
    rate: 'IVA',
    amt: 'Importe',
  },
  it: {
    pos: 'N.',
    sku: 'Codice',
    desc: 'Descrizione',
    qty: 'Q.tà',
    unit: 'U.M.',
    price: 'Prezzo',
    disc: 'Sconto',
    rate: 'IVA',
    amt: 'Importo',
  },
};
const COLW: Record<ColKey, number> = {
  pos: 4.5,
  sku: 10,
  desc: 40,
  qty: 7,
  unit: 6.5,
  price: 11,
  disc: 7,
  rate: 6.5,
  amt: 12,
};
const COLA: Record<ColKey, 'l' | 'r' | 'c'> = {
  pos: 'c',
  sku: 'l',
  desc: 'l',
  qty: 'r',
  unit: 'l',
  price: 'r',
  disc: 'r',
  rate: 'r',
  amt: 'r',
};

const GBP: Cur = { code: 'GBP', sym: '£', pos: 'pre', neg: 'outer' };
const EUR_PRE: Cur = { code: 'EUR', sym: '€', pos: 'pre', neg: 'outer' };
const EUR_POST: Cur = { code: 'EUR', sym: '€', pos: 'post-sp', neg: 'outer' };
const EUR_PRESP: Cur = { code: 'EUR', sym: '€', pos: 'pre-sp', neg: 'inner' };
const EUR_CODE: Cur = { code: 'EUR', sym: 'EUR', pos: 'post-sp', neg: 'outer' };
const CHF: Cur = { code: 'CHF', sym: 'CHF', pos: 'pre-sp', neg: 'outer' };

/** Deterministic long item lists: cycle through a catalogue with fixed quantity patterns. */
function catalogue(
  items: [string, string, string, string][],
  qtys: string[],
  n: number,
  rate: string,
  discs?: (string | undefined)[],
): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < n; i++) {
    const [sku, d, u, p] = at(items, i % items.length);
    const disc = discs ? discs[i % discs.length] : undefined;
    const l: Line = { sku, d, u, p, q: at(qtys, i % qtys.length), r: rate };
    if (disc) l.disc = disc;
    out.push(l);
  }
  return out;
}

const SPECS: Spec[] = [];

// ═════════════════════════════ ENGLISH ═════════════════════════════
SPECS.push({
  lang: 'en',
  n: 1,
  engine: 'prawn',
  slug: 'joinery',
  style: 'P1',
  font: 'helvetica',
  accent: '1F4E79',
  zebra: false,
  type: '380',
  neg: false,
  country: 'GB',
  cur: GBP,
  amt: 'en',
  date: 'long-en-gb',
  pctSuffix: '%',
  number: 'INV-26-0311',
  issue: '2026-03-12',
  due: '2026-04-11',
  seller: {
    name: 'Harrow & Pike Joinery Ltd',
    addr: ['Unit 4, Kennet Wharf', '14 Wharf Lane', 'Reading RG1 8QT', 'United Kingdom'],
    vat: 'GB284613153',
    vatP: '284 6131 53',
    reg: '08412753',
    regP: '08412753',
    regKind: 'gb-crn',
    email: 'accounts@harrowpike.example',
    iban: 'GB13WXBK40127631926819',
    ibanP: 'GB13 WXBK 4012 7631 9268 19',
    bic: 'WXBKGB2L',
  },
  buyer: {
    name: 'Kennet Valley Lettings Ltd',
    addr: ['Attn: Property Maintenance', '2 Market Place', 'Newbury RG14 5BD'],
    vat: 'GB391782518',
    vatP: 'GB 391 7825 18',
  },
  po: 'PO-44817',
  buyerRef: null,
  payRef: null,
  cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amt'],
  lines: [
    { d: 'Oak sash window, made to measure (1200 x 1450 mm)', q: '2', u: 'pcs', p: '1385.00', r: '20' },
    { d: 'Fitting labour, two joiners', q: '14.5', u: 'hrs', p: '48.00', r: '20' },
    { d: 'Secondary glazing units (energy-saving, zero-rated)', q: '3', u: 'pcs', p: '412.50', r: '0' },
    { d: 'Draught-proofing strips and seals (zero-rated)', q: '6', u: 'pcs', p: '18.75', r: '0' },
    { d: 'Removal and disposal of old frames', q: '1', u: 'job', p: '95.00', r: '20' },
  ],
  pages: 1,
  extraIds: [{ kind: 'gb-sort', v: '40-12-76', label: 'UK sort code (distractor)' }],
  exercise:
    'letterhead left, address window, boxed meta table (prawn-table); UK sort code + account no. beside IBAN; 20 % + zero-rated; tax point date',
  build: (c) => ({
    title: 'INVOICE',
    senderLine: 'Harrow & Pike Joinery Ltd · 14 Wharf Lane · Reading RG1 8QT',
    sellerLines: c.s.seller.addr,
    contact: [
      'Tel 0118 496 0732 · Fax 0118 496 0733',
      'accounts@harrowpike.example',
      'www.harrowpike.example',
    ],
    buyerLabel: null,
    buyer: ['Kennet Valley Lettings Ltd', ...c.s.buyer.addr, 'VAT No. GB 391 7825 18'],
    meta: [
      ['Invoice No.', 'INV-26-0311'],
      ['Invoice date', { date: '2026-03-12' }],
      ['Tax point', { date: '2026-03-10' }],
      ['Account No.', 'KVL-0192'],
      ['Your order no.', 'PO-44817'],
      ['Delivery note', 'DN-7731'],
      ['Due date', { date: '2026-04-11' }],
    ],
    intro: ['Re: 41 Oxford Road, Newbury – replacement of front sash windows (completed 10 March 2026)'],
    totals: [
      { l: 'Net total', k: 'net' },
      { l: 'VAT @ 20%', k: 'tax', rate: '20' },
      { l: 'VAT @ 0% (zero-rated)', k: 'tax', rate: '0' },
      { l: 'Invoice total', k: 'total', b: true },
      { l: 'Balance due', k: 'due', b: true },
    ],
    vat: ['VAT rate', 'Net', 'VAT'],
    notes: [
      'Payment terms: 30 days net. Goods remain our property until paid in full.',
      'Late payments may attract interest under the Late Payment of Commercial Debts (Interest) Act 1998.',
    ],
    bank: [
      ['Bank', 'Wessex Bank plc, Reading'],
      ['Sort code', '40-12-76'],
      ['Account No.', '31926819'],
      ['IBAN', 'GB13 WXBK 4012 7631 9268 19'],
      ['BIC', 'WXBKGB2L'],
    ],
    footer: [
      [
        'Harrow & Pike Joinery Ltd',
        'Registered in England and Wales No. 08412753',
        'Registered office: 14 Wharf Lane, Reading RG1 8QT',
      ],
      ['VAT Reg. No. 284 6131 53', 'Directors: S. Harrow, J. Pike', 'Tel 0118 496 0732'],
    ],
    pageFmt: 'Page {p} of {n}',
    carry: null,
    cont: 'Invoice INV-26-0311 (continued)',
  }),
});

const HOSTING: [string, string, string, string][] = [
  ['VM-S2', 'vm-web-01 · 2 vCPU / 4 GB RAM', 'h', '0.0425'],
  ['VM-S4', 'vm-web-02 · 4 vCPU / 8 GB RAM', 'h', '0.0850'],
  ['VM-M8', 'vm-db-01 · 8 vCPU / 32 GB RAM', 'h', '0.2650'],
  ['BLK-SSD', 'Block storage SSD, volume vol-db-01', 'GB', '0.1100'],
  ['OBJ-STD', 'Object storage, bucket corrib-backups', 'GB', '0.0210'],
  ['NET-EGR', 'Outbound traffic above free tier', 'GB', '0.0090'],
  ['LB-STD', 'Managed load balancer lb-eu-01', 'h', '0.0300'],
  ['IP-V4', 'Additional IPv4 address', 'month', '2.50'],
  ['SNAP', 'Snapshots (daily, 14 retained)', 'GB', '0.0500'],
];
SPECS.push({
  lang: 'en',
  n: 2,
  engine: 'api2',
  slug: 'hosting',
  style: 'A4',
  font: 'dejavu',
  accent: '0B6E69',
  zebra: true,
  type: '380',
  neg: false,
  country: 'IE',
  cur: EUR_PRE,
  amt: 'en',
  date: 'long-en-us',
  pctSuffix: '%',
  number: 'LCH-2026-04417',
  issue: '2026-03-02',
  due: '2026-03-16',
  seller: {
    name: 'Liffey Cloud Hosting Ltd',
    addr: ['3rd Floor, 27 Ormond Quay Upper', 'Dublin 7, D07 F2X4', 'Ireland'],
    vat: 'IE4817293I',
    vatP: 'IE 4817293I',
    reg: '612384',
    regP: '612384',
    regKind: 'ie-cro',
    email: 'billing@liffeycloud.example',
    iban: 'IE07LIFF93115210473285',
    ibanP: 'IE07 LIFF 9311 5210 4732 85',
    bic: 'LIFFIE2D',
  },
  buyer: {
    name: 'Corrib Analytics DAC',
    addr: ['Unit 9, Galway Technology Park', 'Parkmore, Galway H91 P2TX', 'Ireland'],
    vat: 'IE3329571G',
    vatP: 'IE3329571G',
  },
  po: null,
  buyerRef: 'OPS-7781',
  payRef: 'RF04LCH202603044',
  payRefP: 'RF04 LCH2 0260 3044',
  payRefKind: 'rf',
  cols: ['sku', 'desc', 'qty', 'unit', 'price', 'amt'],
  colT: { sku: 'Product', qty: 'Usage', price: 'Rate (EUR)', amt: 'Amount (EUR)' },
  colW: { sku: 9, desc: 42 },
  lines: catalogue(
    HOSTING,
    ['672', '672', '672', '250', '1840', '388', '672', '2', '310', '660', '512', '672'],
    38,
    '23',
  ),
  split: 25,
  pages: 2,
  exercise:
    'two pages, 38 usage lines with 4-decimal rates, zebra rows, label-above-value strip, carried/brought forward, US-style dates, RF reference',
  build: (c) => ({
    title: 'Tax Invoice',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Billing: billing@liffeycloud.example', 'Support: +353 1 555 0147', 'www.liffeycloud.example'],
    buyerLabel: 'Bill to',
    buyer: ['Corrib Analytics DAC', 'Accounts Payable', ...c.s.buyer.addr, 'VAT: IE3329571G'],
    meta: [
      ['Invoice number', 'LCH-2026-04417'],
      ['Invoice date', { date: '2026-03-02' }],
      ['Billing period', 'Feb 1 – Feb 28, 2026'],
      ['Account ID', 'ACC-004417'],
      ['Your reference', 'OPS-7781'],
      ['Payment due', { date: '2026-03-16' }],
    ],
    intro: ['Usage charges for the billing period February 2026. All rates in EUR, excluding VAT.'],
    totals: [
      { l: 'Subtotal', k: 'net' },
      { l: 'VAT 23%', k: 'tax', rate: '23' },
      { l: 'Total (EUR)', k: 'total', b: true },
      { l: 'Amount due', k: 'due', b: true },
    ],
    vat: null,
    notes: [
      `Please pay by bank transfer by ${c.d('2026-03-16')} quoting the creditor reference RF04 LCH2 0260 3044. Direct debit is not set up for this account.`,
      'Questions about this invoice? Contact billing@liffeycloud.example within 14 days.',
    ],
    bank: [
      ['Account name', 'Liffey Cloud Hosting Ltd'],
      ['IBAN', 'IE07 LIFF 9311 5210 4732 85'],
      ['BIC', 'LIFFIE2D'],
      ['Reference', 'RF04 LCH2 0260 3044'],
    ],
    footer: [
      [
        'Liffey Cloud Hosting Ltd · Registered in Ireland, CRO No. 612384',
        'Registered office: 27 Ormond Quay Upper, Dublin 7',
      ],
      ['VAT No. IE 4817293I', 'Directors: A. Byrne, K. Walsh (UK)'],
    ],
    pageFmt: 'Page {p} of {n}',
    carry: ['Carried forward', 'Brought forward'],
    cont: 'Tax Invoice LCH-2026-04417 · continued',
  }),
});

SPECS.push({
  lang: 'en',
  n: 3,
  engine: 'calc',
  slug: 'catering',
  style: 'C2',
  font: 'liberation',
  accent: '7A3E00',
  zebra: true,
  type: '381',
  neg: true,
  country: 'GB',
  cur: GBP,
  amt: 'en',
  date: 'd/m/Y',
  pctSuffix: '%',
  number: 'CN-00871',
  issue: '2026-03-09',
  due: null,
  seller: {
    name: 'Thames Street Catering Ltd',
    addr: ['41 Thames Street', 'Greenwich, London SE10 9BU'],
    vat: 'GB663402746',
    vatP: 'GB 663 4027 46',
    reg: '10938472',
    regP: '10938472',
    regKind: 'gb-crn',
    email: 'accounts@thamesstreetcatering.example',
    iban: null,
    bic: null,
  },
  buyer: {
    name: 'Southbank Events Ltd',
    addr: ['Studio 5, 88 Belvedere Road', 'London SE1 7GA'],
    vat: 'GB772058425',
    vatP: 'GB 772 0584 25',
  },
  po: 'PO5518',
  buyerRef: 'SBE-EVT-0226',
  payRef: null,
  cols: ['desc', 'qty', 'price', 'amt'],
  lines: [
    { d: 'Canapé menu B – 40 covers cancelled', q: '40', p: '6.50', r: '20' },
    { d: 'Waiting staff hours not used', q: '12', p: '18.00', r: '20' },
    { d: 'Glassware hire, returned unused', q: '1', p: '85.00', r: '20' },
    { d: 'Dessert platters – short delivery', q: '3', p: '42.00', r: '20' },
  ],
  pages: 1,
  exercise:
    'spreadsheet credit note: negative amounts, no bank details (no IBAN), original invoice no./date and account balance as distractors, label-above-value boxes',
  build: (c) => ({
    title: 'CREDIT NOTE',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['020 7946 0815', 'accounts@thamesstreetcatering.example'],
    buyerLabel: 'Credit to',
    buyer: ['Southbank Events Ltd', ...c.s.buyer.addr, 'VAT No. GB 772 0584 25'],
    meta: [
      ['Credit note no.', 'CN-00871'],
      ['Date', { date: '2026-03-09' }],
      ['Against invoice', 'INV-20417'],
      ['Invoice date', { date: '2026-02-27' }],
      ['Your ref', 'SBE-EVT-0226'],
      ['Order', 'PO5518'],
    ],
    intro: ['Event 26/02/2026 (Gala dinner, Hall 2): items credited as agreed with M. Okafor.'],
    totals: [
      { l: 'Credit subtotal', k: 'net' },
      { l: 'VAT @ 20%', k: 'tax', rate: '20' },
      { l: 'Total credit', k: 'total', b: true },
    ],
    vat: null,
    notes: [
      `Account balance before this credit: ${c.m(361240)}. Balance after this credit: ${c.m(361240 - c.t.total)}.`,
      'This credit will be offset against your next invoice. No payment is required.',
    ],
    bank: [],
    footer: [
      [
        'Thames Street Catering Ltd · Registered in England No. 10938472 · VAT Registration No: GB 663 4027 46',
      ],
    ],
    pageFmt: 'Page {p} of {n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'en',
  n: 4,
  engine: 'prawn',
  slug: 'consulting',
  style: 'P2',
  font: 'liberation',
  accent: '2E5E4E',
  zebra: false,
  type: '380',
  neg: false,
  country: 'IE',
  cur: EUR_PRE,
  amt: 'en',
  date: 'short-en',
  pctSuffix: '%',
  number: 'SBC-1093',
  issue: '2026-03-12',
  due: '2026-04-11',
  seller: {
    name: 'Shannon Bridge Consulting Ltd',
    addr: ['18 Henry Street', 'Limerick V94 K2T8', 'Ireland'],
    vat: 'IE9541207T',
    vatP: 'IE 9541207T',
    reg: '704219',
    regP: '704219',
    regKind: 'ie-cro',
    email: 'finance@shannonbridge.example',
    iban: 'IE47SHNB99031427561094',
    ibanP: 'IE47 SHNB 9903 1427 5610 94',
    bic: 'SHNBIE2D',
  },
  buyer: {
    name: 'Nordlicht Maschinenbau GmbH',
    addr: ['Hafenstraße 12', '24143 Kiel', 'Germany'],
    vat: 'DE281937460',
    vatP: 'DE281937460',
  },
  po: '4500123987',
  buyerRef: null,
  payRef: null,
  cols: ['desc', 'qty', 'unit', 'price', 'amt'],
  lines: [
    { d: 'Process optimisation workshop, on-site in Kiel', q: '3', u: 'days', p: '1450.00', r: '0' },
    { d: 'Remote analysis and reporting', q: '22.5', u: 'hrs', p: '135.00', r: '0' },
    { d: 'Value-stream mapping, production line 2', q: '1', u: 'fixed', p: '2200.00', r: '0' },
    { d: 'Travel expenses (flights, hotel) at cost', q: '1', u: 'lump', p: '1286.40', r: '0' },
  ],
  deposit: '2500.00',
  pages: 1,
  exercise:
    'colour header band, label-above-value form boxes, reverse charge 0 % to a German buyer, advance payment deducted (amount due < total), engagement no. distractor',
  build: (c) => ({
    title: 'INVOICE',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['+353 61 555 0190', 'finance@shannonbridge.example', 'www.shannonbridge.example'],
    buyerLabel: 'Invoice to',
    buyer: [
      'Nordlicht Maschinenbau GmbH',
      'Attn. Dr. Henrike Lohse',
      ...c.s.buyer.addr,
      'VAT ID: DE281937460',
    ],
    meta: [
      ['Invoice No.', 'SBC-1093'],
      ['Date', { date: '2026-03-12' }],
      ['Due date', { date: '2026-04-11' }],
      ['Purchase order', '4500123987'],
      ['Engagement', 'EL-2025-31'],
      ['Period', 'Feb 2026'],
    ],
    intro: ['Consulting services provided in February 2026 under engagement letter EL-2025-31.'],
    totals: [
      { l: 'Total excl. VAT', k: 'net' },
      { l: 'VAT 0% (reverse charge)', k: 'tax', rate: '0' },
      { l: 'Invoice total', k: 'total', b: true },
      { l: `Less advance payment received ${c.d('2026-01-15')}`, k: 'dep' },
      { l: 'Balance due', k: 'due', b: true },
    ],
    vat: null,
    notes: [
      'Reverse charge: VAT to be accounted for by the recipient, Article 196 Council Directive 2006/112/EC.',
      `Payment within 30 days, by ${c.d('2026-04-11')}, to the account below.`,
    ],
    bank: [
      ['Bank', 'Shannon Bank, Limerick'],
      ['IBAN', 'IE47 SHNB 9903 1427 5610 94'],
      ['BIC', 'SHNBIE2D'],
    ],
    footer: [
      ['Shannon Bridge Consulting Ltd', 'Registered in Ireland · CRO 704219'],
      ['VAT IE 9541207T', 'Directors: C. Ní Bhriain, T. Quinlan'],
    ],
    pageFmt: 'Page {p}/{n}',
    carry: null,
    cont: '',
  }),
});

// ═════════════════════════════ GERMAN ═════════════════════════════
SPECS.push({
  lang: 'de',
  n: 1,
  engine: 'api2',
  slug: 'elektro',
  style: 'A1',
  font: 'helvetica',
  accent: 'C0392B',
  zebra: false,
  type: '380',
  neg: false,
  country: 'DE',
  cur: EUR_POST,
  amt: 'de',
  date: 'd.m.Y',
  pctSuffix: ' %',
  number: 'RE-2026-0142',
  issue: '2026-03-05',
  due: '2026-03-19',
  seller: {
    name: 'Elektro Brandt GmbH',
    addr: ['Vahrenwalder Straße 211', '30179 Hannover'],
    vat: 'DE812763456',
    vatP: 'DE 812 763 456',
    reg: 'HRB 204117',
    regP: 'HRB 204117',
    regKind: 'hr',
    regStd: 'Hannover HRB 204117',
    email: 'buchhaltung@elektro-brandt.example',
    iban: 'DE14250765430042187730',
    ibanP: 'DE14 2507 6543 0042 1877 30',
    bic: 'BRHVDE21XXX',
  },
  buyer: {
    name: 'Stadtwerke Celle Netz GmbH',
    addr: ['Abt. Einkauf', 'Am Hafen 3', '29221 Celle'],
    vat: 'DE115832970',
    vatP: 'DE115832970',
  },
  po: 'BE-2026-118',
  buyerRef: null,
  payRef: 'RF11ELB2026014233',
  payRefP: 'RF11 ELB2 0260 1423 3',
  payRefKind: 'rf',
  cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amt'],
  lines: [
    { d: 'Unterverteilung UV-3 gesetzt und verdrahtet', q: '1', u: 'psch.', p: '1840.00', r: '19' },
    { d: 'Kabel NYM-J 5x2,5 mm², verlegt', q: '85', u: 'm', p: '4.35', r: '19' },
    { d: 'FI/LS-Schalter B16 30 mA', q: '12', u: 'Stk.', p: '46.90', r: '19' },
    { d: 'Arbeitszeit Elektromeister', q: '6.5', u: 'Std.', p: '78.00', r: '19' },
    { d: 'Arbeitszeit Elektroniker', q: '14', u: 'Std.', p: '62.00', r: '19' },
    { d: 'Fachbuch DIN VDE 0100 Taschenbuch', q: '2', u: 'Stk.', p: '49.80', r: '7' },
  ],
  deposit: '2000.00',
  pages: 1,
  extraIds: [],
  exercise:
    'DIN 5008 letter: fold marks, address window, info block label-left; 19 % + 7 %; Abschlagszahlung deducted; RF reference; Steuernummer + HRB in footer',
  build: (c) => ({
    title: 'Rechnung',
    senderLine: 'Elektro Brandt GmbH · Vahrenwalder Str. 211 · 30179 Hannover',
    sellerLines: c.s.seller.addr,
    contact: [
      'Telefon 0511 555 0123',
      'Telefax 0511 555 0129',
      'buchhaltung@elektro-brandt.example',
      'www.elektro-brandt.example',
    ],
    buyerLabel: null,
    buyer: ['Stadtwerke Celle Netz GmbH', ...c.s.buyer.addr],
    meta: [
      ['Rechnungsnummer', 'RE-2026-0142'],
      ['Rechnungsdatum', { date: '2026-03-05' }],
      ['Kunden-Nr.', '10458'],
      ['Auftrags-Nr.', 'A-26-0087'],
      ['Ihre Bestellung', 'BE-2026-118'],
      ['Bestelldatum', { date: '2026-02-12' }],
      ['Lieferschein-Nr.', 'LS-26-0311'],
      ['Leistungsdatum', { date: '2026-03-02' }],
      ['Ihre USt-IdNr.', 'DE115832970'],
      ['Bearbeiter', 'Frau Kuhlmann'],
    ],
    intro: [
      'Sehr geehrte Damen und Herren,',
      'für die ausgeführten Arbeiten im Umspannwerk Celle-Nord berechnen wir Ihnen:',
    ],
    totals: [
      { l: 'Summe netto', k: 'net' },
      { l: 'zzgl. 19 % USt.', k: 'tax', rate: '19' },
      { l: 'zzgl. 7 % USt.', k: 'tax', rate: '7' },
      { l: 'Rechnungsbetrag', k: 'total', b: true },
      { l: `abzgl. Abschlagszahlung vom ${c.d('2026-02-16')}`, k: 'dep' },
      { l: 'Zahlbetrag', k: 'due', b: true },
    ],
    vat: ['Steuersatz', 'Netto', 'USt.', 'Brutto'],
    notes: [
      `Zahlbar bis ${c.d('2026-03-19')} ohne Abzug. Bitte geben Sie als Verwendungszweck die Referenz RF11 ELB2 0260 1423 3 an.`,
      'Es gelten unsere Allgemeinen Geschäftsbedingungen.',
    ],
    bank: [
      ['Bank', 'Bankhaus Hannover'],
      ['IBAN', 'DE14 2507 6543 0042 1877 30'],
      ['BIC', 'BRHVDE21XXX'],
    ],
    footer: [
      ['Elektro Brandt GmbH', 'Vahrenwalder Straße 211', '30179 Hannover'],
      ['Geschäftsführer: Jens Brandt', 'Amtsgericht Hannover HRB 204117', 'Sitz der Gesellschaft: Hannover'],
      ['USt-IdNr.: DE 812 763 456', 'Steuernummer: 25/206/41871'],
      ['Bankhaus Hannover', 'IBAN DE14 2507 6543 0042 1877 30', 'BIC BRHVDE21XXX'],
    ],
    pageFmt: 'Seite {p} von {n}',
    carry: null,
    cont: '',
  }),
});

const TOOLS: [string, string, string, string][] = [
  ['110-2041', 'Ringmaulschlüssel-Satz 6–22 mm, 12-tlg.', 'Satz', '58.90'],
  ['110-3310', 'Drehmomentschlüssel 40–200 Nm', 'Stk.', '189.00'],
  ['120-0107', 'Spiralbohrer HSS-Co 8,5 mm', 'Stk.', '6.45'],
  ['120-0112', 'Spiralbohrer HSS-Co 10,2 mm', 'Stk.', '9.80'],
  ['130-5521', 'Trennscheibe 125 x 1,0 mm Inox', 'Stk.', '1.95'],
  ['130-5530', 'Fächerschleifscheibe 125 mm K60', 'Stk.', '4.40'],
  ['140-0804', 'Gewindebohrer-Satz M8, 3-tlg.', 'Satz', '24.60'],
  ['150-2200', 'Akku-Schlagschrauber 18 V, solo', 'Stk.', '219.00'],
  ['150-2290', 'Akku 18 V / 5,0 Ah', 'Stk.', '89.50'],
  ['160-0031', 'Schutzhandschuhe Schnittschutz Gr. 10', 'Paar', '7.85'],
  ['170-1140', 'Messschieber digital 150 mm', 'Stk.', '42.30'],
  ['180-0450', 'Sechskantschrauben M12x40 8.8 verz.', 'VE 50', '14.20'],
  ['180-0466', 'Muttern M12 Kl. 8 verz.', 'VE 100', '8.90'],
  ['190-3001', 'Kartusche Montagekleber 310 ml', 'Stk.', '6.15'],
];
SPECS.push({
  lang: 'de',
  n: 2,
  engine: 'prawn',
  slug: 'werkzeug',
  style: 'P4',
  font: 'helvetica',
  accent: '34495E',
  zebra: true,
  type: '380',
  neg: false,
  country: 'DE',
  cur: EUR_POST,
  amt: 'de',
  date: 'd.m.Y',
  pctSuffix: ' %',
  number: '2026-10388',
  issue: '2026-03-10',
  due: '2026-04-09',
  seller: {
    name: 'Werkzeughandel Ostermann KG',
    addr: ['Friedrich-Engels-Allee 161', '42285 Wuppertal'],
    vat: 'DE295731848',
    vatP: 'DE295731848',
    reg: 'HRA 23871',
    regP: 'HRA 23871',
    regKind: 'hr',
    regStd: 'Wuppertal HRA 23871',
    email: 'rechnung@ostermann-werkzeug.example',
    iban: 'DE89330201907731045500',
    ibanP: 'DE89 3302 0190 7731 0455 00',
    bic: 'WUPODE31XXX',
  },
  buyer: {
    name: 'Kaya Stahlbau GmbH',
    addr: ['Instandhaltung', 'Industriestraße 44', '45881 Gelsenkirchen'],
    vat: 'DE166298450',
    vatP: 'DE 166 298 450',
  },
  po: '4700081552',
  buyerRef: 'IH-Kaya',
  payRef: null,
  cols: ['pos', 'sku', 'desc', 'qty', 'unit', 'price', 'disc', 'amt'],
  lines: catalogue(
    TOOLS,
    ['2', '1', '20', '10', '50', '25', '3', '1', '2', '12', '2', '4', '6', '24', '5', '3'],
    38,
    '19',
    [undefined, '10', undefined, '5', undefined, undefined, '12.5'],
  ),
  split: 27,
  pages: 2,
  exercise:
    'two pages, right-hand letterhead, 38 zebra rows with article no. and discount column, Übertrag at page foot and head, Skonto amount and date as distractors',
  build: (c) => {
    const skonto = Math.round(c.t.total * 0.02);
    return {
      title: 'Rechnung',
      senderLine: 'Ostermann KG · Friedrich-Engels-Allee 161 · 42285 Wuppertal',
      sellerLines: c.s.seller.addr,
      contact: ['Tel. 0202 555 0161 · Fax 0202 555 0169', 'rechnung@ostermann-werkzeug.example'],
      buyerLabel: null,
      buyer: ['Kaya Stahlbau GmbH', ...c.s.buyer.addr, 'USt-IdNr.: DE 166 298 450'],
      meta: [
        ['Rechnung Nr.', '2026-10388'],
        ['Datum', { date: '2026-03-10' }],
        ['Kunden-Nr.', '30917'],
        ['Ihr Zeichen', 'IH-Kaya'],
        ['Unser Zeichen', 'vo-st'],
        ['Ihre Bestellung Nr.', '4700081552'],
        ['vom', { date: '2026-03-02' }],
        ['Lieferschein', '80-55120'],
        ['Lieferdatum', { date: '2026-03-09' }],
      ],
      intro: ['Wir lieferten Ihnen gemäß Ihrer Bestellung:'],
      totals: [
        { l: 'Warenwert netto', k: 'net' },
        { l: 'zzgl. 19 % MwSt.', k: 'tax', rate: '19' },
        { l: 'Rechnungsbetrag EUR', k: 'total', b: true },
      ],
      vat: null,
      notes: [
        `Zahlungsbedingungen: innerhalb 10 Tagen (bis ${c.d('2026-03-20')}) mit 2 % Skonto = ${c.m(skonto)}, Zahlbetrag dann ${c.m(c.t.total - skonto)}; oder bis ${c.d('2026-04-09')} netto.`,
        'Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.',
      ],
      bank: [
        ['IBAN', 'DE89 3302 0190 7731 0455 00'],
        ['BIC', 'WUPODE31XXX'],
        ['Bank', 'Wupperbank eG'],
      ],
      footer: [
        ['Werkzeughandel Ostermann KG', 'Friedrich-Engels-Allee 161', '42285 Wuppertal'],
        ['Sitz Wuppertal, AG Wuppertal HRA 23871', 'pers. haftende Ges.: Ostermann Verwaltungs GmbH'],
        ['USt-IdNr. DE295731848', 'Tel. 0202 555 0161'],
        ['Wupperbank eG', 'IBAN DE89 3302 0190 7731 0455 00', 'BIC WUPODE31XXX'],
      ],
      pageFmt: 'Seite {p} von {n}',
      carry: ['Übertrag', 'Übertrag von Seite 1'],
      cont: 'Rechnung 2026-10388 vom 10.03.2026',
    };
  },
});

SPECS.push({
  lang: 'de',
  n: 3,
  engine: 'calc',
  slug: 'gartenbau',
  style: 'C1',
  font: 'liberation',
  accent: '3C6E2F',
  zebra: false,
  type: '380',
  neg: false,
  country: 'CH',
  cur: CHF,
  amt: 'ch',
  date: 'd.m.Y',
  pctSuffix: ' %',
  number: 'R-26-0417',
  issue: '2026-03-11',
  due: '2026-04-10',
  seller: {
    name: 'Gartenbau Imhof AG',
    addr: ['Bernstrasse 54', '3600 Thun'],
    vat: 'CHE106427314MWST',
    vatP: 'CHE-106.427.314 MWST',
    reg: null,
    email: 'info@gartenbau-imhof.example',
    iban: 'CH0408390035612004712',
    ibanP: 'CH04 0839 0035 6120 0471 2',
    bic: 'THUNCH22XXX',
  },
  buyer: {
    name: 'Wohnbaugenossenschaft Aarehof',
    addr: ['Frau M. Frutiger', 'Seestrasse 8', '3604 Thun'],
    vat: 'CHE275186496MWST',
    vatP: 'CHE-275.186.496 MWST',
  },
  po: null,
  buyerRef: 'M. Frutiger',
  payRef: null,
  cols: ['pos', 'desc', 'qty', 'unit', 'price', 'rate', 'amt'],
  lines: [
    { d: 'Gartenpflege Frühjahr, Gärtner', q: '16', u: 'Std.', p: '78.00', r: '8.1' },
    { d: 'Hilfsgärtner', q: '12', u: 'Std.', p: '62.00', r: '8.1' },
    { d: 'Kleinbagger inkl. Transport', q: '1', u: 'Tag', p: '385.00', r: '8.1' },
    { d: 'Hainbuchen-Hecke, 125–150 cm', q: '24', u: 'Stk.', p: '18.50', r: '2.6' },
    { d: 'Stauden gemischt, Topf 11 cm', q: '60', u: 'Stk.', p: '5.40', r: '2.6' },
    { d: 'Rasensaatgut Spiel & Sport', q: '10', u: 'kg', p: '14.90', r: '2.6' },
    { d: 'Entsorgung Grüngut', q: '2.5', u: 'm³', p: '48.00', r: '8.1' },
  ],
  pages: 1,
  extraIds: [{ kind: 'ch-post', v: '30-38117-8', label: 'Swiss postal account (distractor)' }],
  exercise:
    "spreadsheet invoice in CHF with 1'234.50 amounts, MWST 8.1 % + 2.6 %, CHE-…-MWST ids, Postkonto next to IBAN, Skonto terms, bordered cells",
  build: (c) => ({
    title: 'Rechnung',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 033 555 01 20', 'info@gartenbau-imhof.example'],
    buyerLabel: null,
    buyer: ['Wohnbaugenossenschaft Aarehof', ...c.s.buyer.addr, 'MWST-Nr. CHE-275.186.496 MWST'],
    meta: [
      ['Rechnung Nr.', 'R-26-0417'],
      ['Datum', { date: '2026-03-11' }],
      ['Kunden-Nr.', '2208'],
      ['Ihr Zeichen', 'M. Frutiger'],
      ['Objekt', 'Seestrasse 8, Umgebung'],
      ['Ausführung', { date: '2026-03-04' }],
      ['Zahlbar bis', { date: '2026-04-10' }],
    ],
    intro: ['Frühjahrsarbeiten Umgebung Seestrasse 8 gemäss Offerte O-26-031'],
    totals: [
      { l: 'Total netto', k: 'net' },
      { l: 'MWST 8.1 %', k: 'tax', rate: '8.1' },
      { l: 'MWST 2.6 %', k: 'tax', rate: '2.6' },
      { l: 'Rechnungstotal CHF', k: 'total', b: true },
    ],
    vat: ['MWST-Satz', 'Netto', 'MWST'],
    notes: [
      'Zahlbar innert 30 Tagen netto. Bei Zahlung innert 10 Tagen 2 % Skonto.',
      'Bankverbindung: Thuner Bank AG, IBAN CH04 0839 0035 6120 0471 2, BIC THUNCH22XXX · Postkonto 30-38117-8',
    ],
    bank: [],
    footer: [['Gartenbau Imhof AG · Bernstrasse 54 · 3600 Thun · MWST-Nr. CHE-106.427.314 MWST']],
    pageFmt: 'Seite {p} von {n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'de',
  n: 4,
  engine: 'prawn',
  slug: 'gutschrift',
  style: 'P3',
  font: 'dejavu',
  accent: '8E5B2B',
  zebra: false,
  type: '381',
  neg: true,
  country: 'AT',
  cur: EUR_PRESP,
  amt: 'de',
  date: 'long-de',
  pctSuffix: ' %',
  number: 'GS-2026-014',
  issue: '2026-03-12',
  due: null,
  seller: {
    name: 'Tischlerei Hofbauer GmbH',
    addr: ['Lendkai 27', '8020 Graz', 'Österreich'],
    vat: 'ATU63892149',
    vatP: 'ATU63892149',
    reg: 'FN 345678t',
    regP: 'FN 345678t',
    regKind: 'at-fn',
    email: 'office@tischlerei-hofbauer.example',
    iban: 'AT373821000004712055',
    ibanP: 'AT37 3821 0000 0471 2055',
    bic: 'GRBKAT2GXXX',
  },
  buyer: {
    name: 'Holzbau Leitner GmbH',
    addr: ['Hauptplatz 5', '8330 Feldbach'],
    vat: 'ATU57381620',
    vatP: 'ATU 57381620',
  },
  po: null,
  buyerRef: null,
  payRef: null,
  cols: ['pos', 'desc', 'qty', 'unit', 'price', 'amt'],
  colW: { pos: 6, qty: 8, unit: 7, price: 13, desc: 36 },
  lines: [
    { d: 'Eichenplatten 40 mm, Maßabweichung', q: '6', u: 'Stk.', p: '184.50', r: '20' },
    { d: 'Zuschnitt und Kantenbearbeitung', q: '6', u: 'Stk.', p: '22.00', r: '20' },
    { d: 'Anlieferung anteilig', q: '1', u: 'psch.', p: '45.00', r: '20' },
  ],
  pages: 1,
  exercise:
    'sidebar layout (seller, bank, legal in a tinted left column), credit note with negative amounts, long German date, Firmenbuch no., original invoice no. as distractor',
  build: (c) => ({
    title: 'Gutschrift',
    senderLine: 'Tischlerei Hofbauer GmbH, Lendkai 27, 8020 Graz',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. +43 316 555 041', 'office@tischlerei-hofbauer.example'],
    buyerLabel: 'Empfänger',
    buyer: ['Holzbau Leitner GmbH', ...c.s.buyer.addr, 'UID: ATU 57381620'],
    meta: [
      ['Gutschrift Nr.', 'GS-2026-014'],
      ['Datum', { date: '2026-03-12' }],
      ['Zu Rechnung', 'RE-2026-0388'],
      ['Rechnungsdatum', { date: '2026-02-02' }],
      ['Kundennummer', 'K-1187'],
    ],
    intro: ['Wir schreiben Ihnen aufgrund Ihrer Reklamation vom 20. Februar 2026 gut:'],
    totals: [
      { l: 'Gutschrift netto', k: 'net' },
      { l: 'USt. 20 %', k: 'tax', rate: '20' },
      { l: 'Gutschriftsbetrag', k: 'total', b: true },
    ],
    vat: null,
    notes: ['Der Gutschriftsbetrag wird mit Ihrer nächsten Zahlung verrechnet.'],
    bank: [
      ['Bank', 'Grazer Bank AG'],
      ['IBAN', 'AT37 3821 0000 0471 2055'],
      ['BIC', 'GRBKAT2GXXX'],
    ],
    footer: [
      [
        'Firmenbuch: FN 345678t',
        'Landesgericht für ZRS Graz',
        'UID: ATU63892149',
        'Geschäftsführung: Martina Hofbauer',
      ],
    ],
    pageFmt: 'Seite {p}/{n}',
    carry: null,
    cont: '',
  }),
});

// ═════════════════════════════ FRENCH ═════════════════════════════
const PAPETERIE: [string, string, string, string][] = [
  ['RAM-A4-80', 'Ramette papier A4 80 g, blanc', 'u.', '4.88'],
  ['CLA-DOS-50', 'Classeur à levier dos 50 mm', 'u.', '3.20'],
  ['STY-BL-50', 'Stylos bille bleus, boîte de 50', 'boîte', '12.90'],
  ['SUR-JAU-12', 'Surligneurs jaunes, lot de 12', 'lot', '7.40'],
  ['ENV-C4-250', 'Enveloppes C4 sans fenêtre, 250', 'boîte', '21.60'],
  ['POS-76-12', 'Notes repositionnables 76x76, 12 blocs', 'lot', '9.95'],
  ['AGR-26-6', 'Agrafes 26/6, boîte de 5000', 'boîte', '2.35'],
  ['CHE-CAR-50', 'Chemises cartonnées, paquet de 50', 'paq.', '11.80'],
  ['TON-HP-59A', 'Toner compatible HP 59A', 'u.', '64.00'],
  ['PIL-AA-24', 'Piles alcalines AA, lot de 24', 'lot', '13.45'],
  ['ETQ-99-38', 'Étiquettes 99,1 x 38,1 mm, 100 f.', 'boîte', '18.70'],
];
const PAP_LINES: Line[] = [
  ...catalogue(PAPETERIE, ['20', '15', '2', '4', '3', '6', '10', '5', '2', '3', '2', '30', '12'], 28, '20', [
    undefined,
    undefined,
    '5',
    undefined,
    '10',
    undefined,
  ]),
  {
    sku: 'DAL-CC-26',
    d: 'Code civil 2026 (Dalloz), édition annuelle',
    u: 'u.',
    q: '3',
    p: '52.00',
    r: '5.5',
  },
  { sku: 'DAL-CPC-26', d: 'Code de procédure civile 2026', u: 'u.', q: '2', p: '58.00', r: '5.5' },
  { sku: 'LEX-DT-26', d: 'Lexique des termes juridiques 2026', u: 'u.', q: '4', p: '16.90', r: '5.5' },
  { sku: 'REV-JUR-12', d: 'Revue juridique, abonnement 12 numéros', u: 'abt', q: '1', p: '189.00', r: '5.5' },
  { sku: 'LIV-AGENDA', d: 'Agenda juridique 2026 (relié)', u: 'u.', q: '5', p: '24.50', r: '5.5' },
];
SPECS.push({
  lang: 'fr',
  n: 1,
  engine: 'calc',
  slug: 'fournitures',
  style: 'C2',
  font: 'liberation',
  accent: '1B4F72',
  zebra: true,
  type: '380',
  neg: false,
  country: 'FR',
  cur: EUR_POST,
  amt: 'fr',
  date: 'long-fr',
  pctSuffix: ' %',
  number: 'FA-2026-00318',
  issue: '2026-03-06',
  due: '2026-04-05',
  seller: {
    name: 'Papeterie Lambert SARL',
    addr: ['14 rue de la Charité', '69002 Lyon'],
    vat: 'FR19812345676',
    vatP: 'FR 19 812345676',
    reg: '812345676',
    regP: '812 345 676',
    regKind: 'siren',
    email: 'compta@papeterie-lambert.example',
    iban: 'FR7614508000604123870521561',
    ibanP: 'FR76 1450 8000 6041 2387 0521 561',
    bic: 'LYBQFRPPXXX',
  },
  buyer: {
    name: 'Cabinet Dumas Avocats SELARL',
    addr: ['3 quai Jules Courmont', '69002 Lyon'],
    vat: 'FR81437902158',
    vatP: 'FR 81 437902158',
  },
  po: 'BC-77120',
  buyerRef: null,
  payRef: null,
  cols: ['sku', 'desc', 'qty', 'price', 'disc', 'rate', 'amt'],
  lines: PAP_LINES,
  split: 24,
  pages: 2,
  exercise:
    'spreadsheet, two pages with « À reporter / Report » rows, 33 lines with remise column, TVA 20 % + 5,5 %, narrow-nbsp thousands, legal penalty text with 40,00 € distractor',
  build: (c) => ({
    title: 'FACTURE',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tél. 04 78 55 01 23', 'compta@papeterie-lambert.example'],
    buyerLabel: 'Client',
    buyer: ['Cabinet Dumas Avocats SELARL', ...c.s.buyer.addr, 'TVA : FR 81 437902158'],
    meta: [
      ['N° de facture', 'FA-2026-00318'],
      ['Date', { date: '2026-03-06' }],
      ['N° client', 'C-04412'],
      ['Bon de commande n°', 'BC-77120'],
      ['Bon de livraison', 'BL-26-0951'],
      ['Échéance', { date: '2026-04-05' }],
    ],
    intro: [],
    totals: [
      { l: 'Total HT', k: 'net' },
      { l: 'TVA 20 %', k: 'tax', rate: '20' },
      { l: 'TVA 5,5 %', k: 'tax', rate: '5.5' },
      { l: 'Total TTC', k: 'total', b: true },
      { l: 'Net à payer', k: 'due', b: true },
    ],
    vat: ['Taux', 'Base HT', 'TVA'],
    notes: [
      "Pas d'escompte pour paiement anticipé. Pénalités de retard : 3 fois le taux d'intérêt légal ; indemnité forfaitaire pour frais de recouvrement : 40,00 €.",
      'Règlement par virement : IBAN FR76 1450 8000 6041 2387 0521 561 · BIC LYBQFRPPXXX',
    ],
    bank: [],
    footer: [
      [
        'Papeterie Lambert SARL au capital de 20 000 € · RCS Lyon 812 345 676 · TVA intracom. FR 19 812345676',
      ],
    ],
    pageFmt: 'Page {p} / {n}',
    carry: ['À reporter', 'Report'],
    cont: '',
  }),
});

SPECS.push({
  lang: 'fr',
  n: 2,
  engine: 'api2',
  slug: 'nettoyage',
  style: 'A2',
  font: 'liberation',
  accent: '2874A6',
  zebra: false,
  type: '380',
  neg: false,
  country: 'BE',
  cur: EUR_POST,
  amt: 'de',
  date: 'd/m/Y',
  pctSuffix: ' %',
  number: '2026/0217',
  issue: '2026-03-02',
  due: '2026-04-01',
  seller: {
    name: 'Net & Clair SRL',
    addr: ['Rue Saint-Gilles 112', '4000 Liège', 'Belgique'],
    vat: 'BE0457318277',
    vatP: 'BE 0457.318.277',
    reg: '0457318277',
    regP: '0457.318.277',
    regKind: 'be-kbo',
    email: 'facturation@netetclair.example',
    iban: 'BE52068247193009',
    ibanP: 'BE52 0682 4719 3009',
    bic: 'GKCCBEBB',
  },
  buyer: {
    name: 'Clinique Vétérinaire du Condroz SRL',
    addr: ['Route de Marche 41', '4550 Nandrin'],
    vat: 'BE0662845144',
    vatP: 'BE 0662.845.144',
  },
  po: null,
  buyerRef: null,
  payRef: '+++090/9337/55493+++',
  payRefP: '+++090/9337/55493+++',
  payRefKind: 'ogm',
  cols: ['desc', 'qty', 'unit', 'price', 'amt'],
  lines: [
    { d: 'Entretien des locaux – février 2026 (forfait)', q: '1', u: 'forfait', p: '1480.00', r: '21' },
    { d: 'Désinfection salles de soins', q: '8', u: 'passage', p: '42.50', r: '21' },
    { d: 'Nettoyage des vitres (int./ext.)', q: '1', u: 'forfait', p: '265.00', r: '21' },
    { d: "Produits d'hygiène et consommables", q: '1', u: 'lot', p: '138.60', r: '21' },
  ],
  pages: 1,
  exercise:
    'boxed form header (seller | title + label-above-value boxes), Belgian structured communication +++…+++, TVA 21 %, contract no. and period as distractors',
  build: (c) => ({
    title: 'FACTURE',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tél. +32 4 555 01 77', 'facturation@netetclair.example'],
    buyerLabel: 'Client',
    buyer: ['Clinique Vétérinaire du Condroz SRL', ...c.s.buyer.addr, 'TVA BE 0662.845.144'],
    meta: [
      ['Facture n°', '2026/0217'],
      ['Date', { date: '2026-03-02' }],
      ['Échéance', { date: '2026-04-01' }],
      ['Client n°', '1088'],
      ['Contrat', 'CT-2024-015'],
      ['Période', 'février 2026'],
    ],
    intro: [],
    totals: [
      { l: 'Total HTVA', k: 'net' },
      { l: 'TVA 21 %', k: 'tax', rate: '21' },
      { l: 'Total TVAC', k: 'total', b: true },
      { l: 'À payer', k: 'due', b: true },
    ],
    vat: null,
    notes: [
      'Merci de mentionner la communication structurée +++090/9337/55493+++ lors de votre paiement.',
      'Conditions générales au verso. Tout litige relève des tribunaux de Liège.',
    ],
    bank: [
      ['IBAN', 'BE52 0682 4719 3009'],
      ['BIC', 'GKCCBEBB'],
      ['Communication', '+++090/9337/55493+++'],
    ],
    footer: [
      ['Net & Clair SRL · Rue Saint-Gilles 112 · 4000 Liège · TVA BE 0457.318.277 · RPM Liège 0457.318.277'],
    ],
    pageFmt: '{p}/{n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'fr',
  n: 3,
  engine: 'api2',
  slug: 'conseil',
  style: 'A4',
  font: 'helvetica',
  accent: '6C3483',
  zebra: true,
  type: '380',
  neg: false,
  country: 'LU',
  cur: EUR_CODE,
  amt: 'frsp',
  date: 'd/m/Y',
  pctSuffix: ' %',
  number: 'MC-26-0058',
  issue: '2026-03-02',
  due: '2026-04-01',
  seller: {
    name: 'Moselle Conseil S.à r.l.',
    addr: ['12, rue de la Gare', 'L-5540 Remich', 'Luxembourg'],
    vat: 'LU24187360',
    vatP: 'LU 24187360',
    reg: 'B214873',
    regP: 'B214873',
    regKind: 'lu-rcs',
    email: 'factures@moselle-conseil.example',
    iban: 'LU290194100023874511',
    ibanP: 'LU29 0194 1000 2387 4511',
    bic: 'MSLCLULLXXX',
  },
  buyer: {
    name: 'Ardennes Logistique S.A.',
    addr: ["Zone d'activités Am Bann", 'L-3372 Leudelange'],
    vat: 'LU19044776',
    vatP: 'LU19044776',
  },
  po: 'PO-LX-2207',
  buyerRef: 'Mission audit 2026',
  payRef: null,
  cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amt'],
  lines: [
    { d: "Mission d'audit des processus logistiques – phase 1", q: '8', u: 'jours', p: '1250.00', r: '17' },
    { d: 'Atelier de restitution avec la direction', q: '1', u: 'forfait', p: '2450.00', r: '17' },
    { d: 'Frais de déplacement forfaitaires', q: '1', u: 'forfait', p: '1234.61', r: '17' },
    { d: 'Abonnement revue sectorielle (12 numéros)', q: '3', u: 'abt', p: '276.25', r: '3' },
  ],
  pages: 1,
  exercise:
    'header band, label-above-value strip, zebra rows, TVA 17 % + 3 % (Luxembourg), amounts "1 234,56 EUR", RCS number, buyer reference and PO',
  build: (c) => ({
    title: 'FACTURE',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tél. +352 26 55 01 88', 'factures@moselle-conseil.example', 'www.moselle-conseil.example'],
    buyerLabel: 'Facturé à',
    buyer: ['Ardennes Logistique S.A.', 'Service comptabilité', ...c.s.buyer.addr, 'N° TVA : LU19044776'],
    meta: [
      ['Numéro', 'MC-26-0058'],
      ['Date de facture', { date: '2026-03-02' }],
      ['Échéance', { date: '2026-04-01' }],
      ['Votre commande', 'PO-LX-2207'],
      ['Votre référence', 'Mission audit 2026'],
    ],
    intro: ['Prestations de conseil – février 2026'],
    totals: [
      { l: 'Total HTVA', k: 'net' },
      { l: 'TVA 17 %', k: 'tax', rate: '17' },
      { l: 'TVA 3 %', k: 'tax', rate: '3' },
      { l: 'Total TTC', k: 'total', b: true },
      { l: 'Montant à payer', k: 'due', b: true },
    ],
    vat: ['Taux TVA', 'Base', 'Montant TVA'],
    notes: ['Paiement à 30 jours par virement bancaire. Intérêts de retard au taux légal.'],
    bank: [
      ['Banque', 'Banque de la Moselle'],
      ['IBAN', 'LU29 0194 1000 2387 4511'],
      ['BIC', 'MSLCLULLXXX'],
    ],
    footer: [
      [
        'Moselle Conseil S.à r.l. · capital social 12 500 EUR',
        'RCS Luxembourg B214873 · Autorisation d’établissement 10081234/0',
      ],
      ['TVA LU 24187360', 'IBAN LU29 0194 1000 2387 4511 · BIC MSLCLULLXXX'],
    ],
    pageFmt: 'Page {p}/{n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'fr',
  n: 4,
  engine: 'prawn',
  slug: 'menuiserie',
  style: 'P1',
  font: 'dejavu',
  accent: '7B241C',
  zebra: true,
  type: '380',
  neg: false,
  country: 'FR',
  cur: EUR_POST,
  amt: 'fr',
  date: 'long-fr',
  pctSuffix: ' %',
  number: 'F-2026-0093',
  issue: '2026-03-12',
  due: '2026-04-11',
  seller: {
    name: 'Menuiserie Garnier & Fils SAS',
    addr: ['27 boulevard des Poilus', '44300 Nantes'],
    vat: 'FR64523478915',
    vatP: 'FR 64 523 478 915',
    reg: '52347891500029',
    regP: '523 478 915 00029',
    regKind: 'siret',
    email: 'contact@garnier-menuiserie.example',
    iban: 'FR7613807008122101987654361',
    ibanP: 'FR76 1380 7008 1221 0198 7654 361',
    bic: 'GRNDFRP1XXX',
  },
  buyer: {
    name: 'SCI Les Hauts de Loire',
    addr: ['M. Yann Le Goff, gérant', '8 quai de Versailles', '44000 Nantes'],
    vat: null,
  },
  po: 'HDL-0326',
  buyerRef: null,
  payRef: 'RF51MGF260312',
  payRefP: 'RF51 MGF2 6031 2',
  payRefKind: 'rf',
  cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amt'],
  lines: [
    { d: 'Fenêtres bois chêne double vitrage, fourniture et pose', q: '6', u: 'u.', p: '1180.00', r: '10' },
    { d: 'Porte d’entrée chêne massif, pose comprise', q: '1', u: 'u.', p: '2640.00', r: '10' },
    { d: 'Dépose et évacuation des anciennes menuiseries', q: '1', u: 'forfait', p: '420.00', r: '10' },
    { d: 'Quincaillerie laiton (vente seule, sans pose)', q: '14', u: 'u.', p: '23.40', r: '20' },
    { d: 'Lasure extérieure 2,5 L (vente seule)', q: '3', u: 'u.', p: '38.90', r: '20' },
  ],
  deposit: '3000.00',
  pages: 1,
  exercise:
    'TrueType font with narrow no-break space thousands (1 234,56 €), long French date, TVA 10 % + 20 %, acompte deducted, SIRET + capital + APE distractors, RF reference',
  build: (c) => ({
    title: 'FACTURE',
    senderLine: 'Menuiserie Garnier & Fils · 27 bd des Poilus · 44300 Nantes',
    sellerLines: c.s.seller.addr,
    contact: ['Tél. 02 40 55 01 89', 'contact@garnier-menuiserie.example', 'www.garnier-menuiserie.example'],
    buyerLabel: null,
    buyer: ['SCI Les Hauts de Loire', ...c.s.buyer.addr],
    meta: [
      ['Facture N°', 'F-2026-0093'],
      ['Date', { date: '2026-03-12' }],
      ['Votre commande', 'HDL-0326'],
      ['Devis accepté', 'D-2025-118'],
      ['Fin des travaux', { date: '2026-03-06' }],
      ['Échéance', { date: '2026-04-11' }],
    ],
    intro: [
      'Chantier : 8 quai de Versailles, Nantes – remplacement des menuiseries (logement achevé depuis plus de deux ans).',
    ],
    totals: [
      { l: 'Total HT', k: 'net' },
      { l: 'TVA 10 %', k: 'tax', rate: '10' },
      { l: 'TVA 20 %', k: 'tax', rate: '20' },
      { l: 'Total TTC', k: 'total', b: true },
      { l: `Acompte versé le ${c.d('2026-01-12')}`, k: 'dep' },
      { l: 'Reste à payer', k: 'due', b: true },
    ],
    vat: ['Taux', 'Base HT', 'TVA'],
    notes: [
      'Escompte pour paiement anticipé : néant. Pénalités de retard : taux BCE + 10 points ; indemnité forfaitaire de recouvrement 40 €.',
      'Merci d’indiquer la référence RF51 MGF2 6031 2 dans le libellé de votre virement.',
    ],
    bank: [
      ['Banque', 'Banque Ligérienne'],
      ['IBAN', 'FR76 1380 7008 1221 0198 7654 361'],
      ['BIC', 'GRNDFRP1XXX'],
      ['Référence', 'RF51 MGF2 6031 2'],
    ],
    footer: [
      ['Menuiserie Garnier & Fils SAS', 'capital 50 000 € · APE 1623Z', 'SIRET 523 478 915 00029'],
      ['TVA intracommunautaire', 'FR 64 523 478 915', 'RCS Nantes 523 478 915'],
    ],
    pageFmt: 'Page {p} / {n}',
    carry: null,
    cont: '',
  }),
});

// ═════════════════════════════ DUTCH ═════════════════════════════
const BOUW: [string, string, string, string][] = [
  ['W-101', 'Woning Assendorperstraat 12: kozijnen vervangen', 'post', '3860.00'],
  ['W-102', 'Woning Assendorperstraat 14: kozijnen vervangen', 'post', '3860.00'],
  ['D-210', 'Dakgoten zink, incl. hemelwaterafvoer', 'm1', '68.50'],
  ['I-305', 'Na-isolatie spouwmuur', 'm2', '21.75'],
  ['S-400', 'Steigerwerk, huur per week', 'week', '285.00'],
  ['L-500', 'Arbeid timmerman', 'uur', '52.50'],
  ['C-610', 'Container puin 10 m³', 'st', '395.00'],
];
const BOUW_LINES: Line[] = [
  ...catalogue(BOUW, ['1', '1', '24', '86', '2', '32', '1', '1', '1', '18', '64', '1', '40', '2'], 27, '21'),
  {
    sku: 'V-900',
    d: 'Schilderwerk woningen ouder dan 2 jaar (arbeid)',
    u: 'uur',
    q: '46',
    p: '48.00',
    r: '9',
  },
  { sku: 'V-901', d: 'Stukadoorswerk woningen (arbeid)', u: 'uur', q: '30', p: '49.50', r: '9' },
  { sku: 'V-902', d: 'Behangwerk woningen (arbeid)', u: 'uur', q: '12', p: '45.00', r: '9' },
];
SPECS.push({
  lang: 'nl',
  n: 1,
  engine: 'api2',
  slug: 'bouw',
  style: 'A1',
  font: 'helvetica',
  accent: 'D35400',
  zebra: false,
  type: '380',
  neg: false,
  country: 'NL',
  cur: EUR_PRESP,
  amt: 'de',
  date: 'j-n-Y',
  pctSuffix: '%',
  number: 'F26-0212',
  issue: '2026-03-12',
  due: '2026-04-11',
  seller: {
    name: 'Bouwbedrijf Van der Velde B.V.',
    addr: ['Industrieweg 18', '8028 PN Zwolle'],
    vat: 'NL819347218B01',
    vatP: 'NL819347218B01',
    reg: '61829304',
    regP: '61829304',
    regKind: 'kvk',
    email: 'administratie@vandervelde-bouw.example',
    iban: 'NL60ZWLB0481227739',
    ibanP: 'NL60 ZWLB 0481 2277 39',
    bic: 'ZWLBNL2A',
  },
  buyer: {
    name: 'Woningstichting De Vecht',
    addr: ['t.a.v. afdeling Vastgoed', 'Postbus 1204', '8001 BE Zwolle'],
    vat: 'NL006723159B01',
    vatP: 'NL006723159B01',
  },
  po: 'WS-2026-0417',
  buyerRef: null,
  payRef: '0026003120004417',
  payRefP: '0026 0031 2000 4417',
  payRefKind: 'kenmerk',
  cols: ['sku', 'desc', 'qty', 'unit', 'price', 'rate', 'amt'],
  lines: BOUW_LINES,
  deposit: '7500.00',
  split: 24,
  pages: 2,
  extraIds: [{ kind: 'iban', v: 'NL15ZWLB0991234567', label: 'G-rekening IBAN (distractor)' }],
  exercise:
    'two pages, DIN-style window letter, 30 lines, BTW 21 % + 9 %, aanbetaling deducted, betalingskenmerk, G-rekening IBAN as distractor, dates 12-3-2026',
  build: (c) => ({
    title: 'Factuur',
    senderLine: 'Van der Velde B.V. · Industrieweg 18 · 8028 PN Zwolle',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 038 555 0142', 'administratie@vandervelde-bouw.example'],
    buyerLabel: null,
    buyer: ['Woningstichting De Vecht', ...c.s.buyer.addr],
    meta: [
      ['Factuurnummer', 'F26-0212'],
      ['Factuurdatum', { date: '2026-03-12' }],
      ['Vervaldatum', { date: '2026-04-11' }],
      ['Debiteurnummer', '40117'],
      ['Opdrachtnummer', 'WS-2026-0417'],
      ['Project', 'P-2025-088 Assendorp'],
      ['Termijn', '3 van 5'],
      ['Uw BTW-nr.', 'NL006723159B01'],
    ],
    intro: ['Renovatie Assendorp fase 2 – termijn 3 volgens aanneemovereenkomst van 14-10-2025.'],
    totals: [
      { l: 'Subtotaal', k: 'net' },
      { l: 'BTW 21%', k: 'tax', rate: '21' },
      { l: 'BTW 9%', k: 'tax', rate: '9' },
      { l: 'Totaal incl. BTW', k: 'total', b: true },
      { l: `Af: aanbetaling d.d. ${c.d('2026-01-15')}`, k: 'dep' },
      { l: 'Te betalen', k: 'due', b: true },
    ],
    vat: ['BTW-tarief', 'Grondslag', 'BTW', 'Totaal'],
    notes: [
      `Wij verzoeken u het bedrag vóór ${c.d('2026-04-11')} over te maken onder vermelding van betalingskenmerk 0026 0031 2000 4417.`,
    ],
    bank: [
      ['IBAN', 'NL60 ZWLB 0481 2277 39'],
      ['BIC', 'ZWLBNL2A'],
      ['Betalingskenmerk', '0026 0031 2000 4417'],
    ],
    footer: [
      ['Bouwbedrijf Van der Velde B.V.', 'Industrieweg 18, 8028 PN Zwolle'],
      ['KvK 61829304', 'BTW NL819347218B01'],
      ['IBAN NL60 ZWLB 0481 2277 39', 'BIC ZWLBNL2A', 'G-rekening NL15 ZWLB 0991 2345 67'],
      ['Op al onze offertes zijn', 'de UAV 2012 van toepassing'],
    ],
    pageFmt: 'Pagina {p} van {n}',
    carry: ['Transport', 'Transport'],
    cont: 'Factuur F26-0212 (vervolg)',
  }),
});

SPECS.push({
  lang: 'nl',
  n: 2,
  engine: 'prawn',
  slug: 'transport',
  style: 'P2',
  font: 'helvetica',
  accent: '154360',
  zebra: false,
  type: '380',
  neg: false,
  country: 'NL',
  cur: EUR_PRESP,
  amt: 'de',
  date: 'long-nl',
  pctSuffix: '%',
  number: '2026-0388',
  issue: '2026-03-12',
  due: '2026-04-11',
  seller: {
    name: 'Transportbedrijf De Haan B.V.',
    addr: ['Waalhaven Z.z. 44', '3089 JH Rotterdam'],
    vat: 'NL853106642B01',
    vatP: 'NL 8531.06.642.B01',
    reg: '24387155',
    regP: '24387155',
    regKind: 'kvk',
    email: 'facturen@dehaan-transport.example',
    iban: 'NL79HAVN0617452093',
    ibanP: 'NL79 HAVN 0617 4520 93',
    bic: 'HAVNNL2R',
  },
  buyer: {
    name: 'Schelde Logistics NV',
    addr: ['Noorderlaan 133', '2030 Antwerpen', 'België'],
    vat: 'BE0742193619',
    vatP: 'BE 0742.193.619',
  },
  po: 'PO-887120',
  buyerRef: 'SL-RIT-4471',
  payRef: null,
  cols: ['desc', 'qty', 'unit', 'price', 'amt'],
  lines: [
    { d: 'Rit Rotterdam – Antwerpen, CMR 0417731', q: '1', u: 'rit', p: '685.00', r: '0' },
    { d: 'Rit Rotterdam – Antwerpen, CMR 0417744', q: '1', u: 'rit', p: '685.00', r: '0' },
    { d: 'Rit Moerdijk – Antwerpen, CMR 0417760', q: '1', u: 'rit', p: '540.00', r: '0' },
    { d: 'Wachturen laadadres Waalhaven', q: '3.5', u: 'uur', p: '62.50', r: '0' },
    { d: 'Tolkosten Kennedytunnel', q: '3', u: 'st', p: '12.40', r: '0' },
    { d: 'Volumekorting 3%', q: '1', p: '0.00', r: '0', pctOf: '-3' },
  ],
  pages: 1,
  exercise:
    'header band + form boxes, reverse charge to Belgian buyer (BTW verlegd), computed volume discount line, CMR numbers and kredietbeperking as distractors, long Dutch date',
  build: (c) => ({
    title: 'FACTUUR',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Planning 010 555 0144', 'facturen@dehaan-transport.example'],
    buyerLabel: 'Factuuradres',
    buyer: ['Schelde Logistics NV', ...c.s.buyer.addr, 'BTW BE 0742.193.619'],
    meta: [
      ['Factuur nr.', '2026-0388'],
      ['Factuurdatum', { date: '2026-03-12' }],
      ['Vervaldatum', { date: '2026-04-11' }],
      ['Klantnummer', '7734'],
      ['Uw referentie', 'SL-RIT-4471'],
      ['Uw order', 'PO-887120'],
    ],
    intro: ['Vervoer week 10/2026 volgens raamovereenkomst RO-2025-12.'],
    totals: [
      { l: 'Subtotaal', k: 'net' },
      { l: 'BTW 0% – verlegd', k: 'tax', rate: '0' },
      { l: 'Totaal', k: 'total', b: true },
      { l: 'Te betalen', k: 'due', b: true },
    ],
    vat: null,
    notes: [
      'BTW verlegd naar de afnemer (artikel 196 Richtlijn 2006/112/EG).',
      `Bij betaling binnen 8 dagen mag 1% kredietbeperking (${c.m(Math.round(c.t.total / 100))}) worden ingehouden.`,
    ],
    bank: [
      ['IBAN', 'NL79 HAVN 0617 4520 93'],
      ['BIC', 'HAVNNL2R'],
      ['t.n.v.', 'Transportbedrijf De Haan B.V.'],
    ],
    footer: [
      ['Transportbedrijf De Haan B.V.', 'Waalhaven Z.z. 44, 3089 JH Rotterdam'],
      ['KvK 24387155', 'BTW NL 8531.06.642.B01'],
      ['Wij werken onder de AVC 2002', 'en de CMR-voorwaarden'],
    ],
    pageFmt: 'Pagina {p} van {n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'nl',
  n: 3,
  engine: 'calc',
  slug: 'installatie',
  style: 'C3',
  font: 'liberation',
  accent: '117A65',
  zebra: false,
  type: '380',
  neg: false,
  country: 'BE',
  cur: EUR_POST,
  amt: 'de',
  date: 'd/m/Y',
  pctSuffix: '%',
  number: 'VF26/0173',
  issue: '2026-03-09',
  due: '2026-04-08',
  seller: {
    name: 'Installatiebedrijf Peeters BV',
    addr: ['Brusselsesteenweg 402', '9050 Gentbrugge'],
    vat: 'BE0673182572',
    vatP: 'BE 0673.182.572',
    reg: '0673182572',
    regP: '0673.182.572',
    regKind: 'be-kbo',
    email: 'boekhouding@peeters-installatie.example',
    iban: 'BE42437512840654',
    ibanP: 'BE42 4375 1284 0654',
    bic: 'KREDBEBB',
  },
  buyer: {
    name: 'Brouwerij Vandamme BV',
    addr: ['Kerkstraat 9', '9860 Oosterzele'],
    vat: 'BE0482931722',
    vatP: 'BE 0482.931.722',
  },
  po: null,
  buyerRef: 'Werf Kerkstraat 9',
  payRef: '+++260/3120/18757+++',
  payRefP: '+++260/3120/18757+++',
  payRefKind: 'ogm',
  cols: ['desc', 'qty', 'price', 'rate', 'amt'],
  lines: [
    { d: 'Condensatieketel 35 kW, geplaatst (brouwzaal)', q: '1', p: '4280.00', r: '21' },
    { d: 'Leidingwerk koper 22 mm', q: '38', p: '24.60', r: '21' },
    { d: 'Werkuren installateur (brouwzaal)', q: '16', p: '58.00', r: '21' },
    { d: 'Vervanging radiatoren woongedeelte > 10 jaar', q: '5', p: '345.00', r: '6' },
    { d: 'Werkuren installateur (woongedeelte)', q: '9', p: '58.00', r: '6' },
  ],
  pages: 1,
  exercise:
    'spreadsheet with seller block right, bordered label-left meta, btw 21 % + 6 %, Belgian gestructureerde mededeling, RPR number, SUMIF/ROUND formulas',
  build: (c) => ({
    title: 'FACTUUR',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['09 555 02 40', 'boekhouding@peeters-installatie.example'],
    buyerLabel: 'Klant',
    buyer: ['Brouwerij Vandamme BV', ...c.s.buyer.addr, 'BTW BE 0482.931.722'],
    meta: [
      ['Factuurnummer', 'VF26/0173'],
      ['Factuurdatum', { date: '2026-03-09' }],
      ['Vervaldag', { date: '2026-04-08' }],
      ['Klantnr.', 'K0412'],
      ['Uw referentie', 'Werf Kerkstraat 9'],
      ['Offerte', 'OF25/0388'],
    ],
    intro: [],
    totals: [
      { l: 'Totaal excl. btw', k: 'net' },
      { l: 'Btw 21%', k: 'tax', rate: '21' },
      { l: 'Btw 6%', k: 'tax', rate: '6' },
      { l: 'Totaal incl. btw', k: 'total', b: true },
      { l: 'Te betalen', k: 'due', b: true },
    ],
    vat: ['Btw-tarief', 'Maatstaf', 'Btw'],
    notes: [
      '6% btw: renovatie van een privéwoning ouder dan 10 jaar, verklaring van de klant ontvangen.',
      'Gelieve te betalen met gestructureerde mededeling +++260/3120/18757+++',
    ],
    bank: [
      ['Bank', 'KBC'],
      ['IBAN', 'BE42 4375 1284 0654'],
      ['BIC', 'KREDBEBB'],
      ['Mededeling', '+++260/3120/18757+++'],
    ],
    footer: [
      [
        'Installatiebedrijf Peeters BV · RPR Gent 0673.182.572 · BTW BE 0673.182.572 · erkend installateur 2024-0318',
      ],
    ],
    pageFmt: 'Blad {p}/{n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'nl',
  n: 4,
  engine: 'api2',
  slug: 'creditnota',
  style: 'A3',
  font: 'courier',
  accent: '000000',
  zebra: false,
  type: '381',
  neg: true,
  country: 'NL',
  cur: EUR_PRESP,
  amt: 'de',
  date: 'd-m-Y',
  pctSuffix: '%',
  number: 'CF-2026-007',
  issue: '2026-03-11',
  due: null,
  seller: {
    name: 'Drukkerij Zonneveld B.V.',
    addr: ['Oudeweg 91', '2031 CC Haarlem'],
    vat: 'NL804571260B01',
    vatP: 'NL804571260B01',
    reg: '34218790',
    regP: '34218790',
    regKind: 'kvk',
    email: 'debiteuren@drukkerij-zonneveld.example',
    iban: 'NL92SPRN0739215846',
    ibanP: 'NL92SPRN0739215846',
    bic: 'SPRNNL2H',
  },
  buyer: {
    name: 'Uitgeverij Het Spaarne B.V.',
    addr: ['Gedempte Oude Gracht 120', '2011 GT Haarlem'],
    vat: 'NL822140937B01',
    vatP: 'NL822140937B01',
  },
  po: 'SP-2026-044',
  buyerRef: null,
  payRef: null,
  cols: ['sku', 'desc', 'qty', 'price', 'rate', 'amt'],
  colW: { sku: 9, desc: 34 },
  lines: [
    { sku: 'BK-4411', d: 'Haarlemse Hofjes, 150 ex. afgekeurd', q: '150', p: '7.80', r: '9' },
    { sku: 'BK-4412', d: 'Herdruk omslagen (bindfout)', q: '150', p: '0.95', r: '9' },
    { sku: 'PR-0090', d: 'Proefdrukken kleur A3', q: '12', p: '6.50', r: '21' },
    { sku: 'TR-0001', d: 'Transportkosten retour', q: '1', p: '45.00', r: '21' },
  ],
  pages: 1,
  exercise:
    'monospaced ERP print-out (Courier, dotted labels, dashed rules), credit note with negative amounts, BTW 9 % + 21 %, unspaced IBAN, original invoice as distractor',
  build: (c) => ({
    title: 'CREDITNOTA',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['tel 023 555 0191', 'debiteuren@drukkerij-zonneveld.example'],
    buyerLabel: 'Debiteur',
    buyer: ['Uitgeverij Het Spaarne B.V.', ...c.s.buyer.addr, 'BTW-nr NL822140937B01'],
    meta: [
      ['Creditnota nr.', 'CF-2026-007'],
      ['Datum', { date: '2026-03-11' }],
      ['Debiteurnr.', '20381'],
      ['Uw order', 'SP-2026-044'],
      ['Betreft factuur', '2026-0311'],
      ['Factuurdatum', { date: '2026-02-18' }],
    ],
    intro: ['Creditering wegens bindfout oplage Haarlemse Hofjes.'],
    totals: [
      { l: 'Totaal excl. BTW', k: 'net' },
      { l: 'BTW 9%', k: 'tax', rate: '9' },
      { l: 'BTW 21%', k: 'tax', rate: '21' },
      { l: 'Totaal creditnota', k: 'total', b: true },
    ],
    vat: ['Tarief', 'Grondslag', 'BTW'],
    notes: ['Het creditbedrag wordt verrekend met openstaande facturen.'],
    bank: [
      ['IBAN', 'NL92SPRN0739215846'],
      ['BIC', 'SPRNNL2H'],
    ],
    footer: [['Drukkerij Zonneveld B.V. - KvK 34218790 - BTW NL804571260B01 - IBAN NL92SPRN0739215846']],
    pageFmt: 'blad {p} van {n}',
    carry: null,
    cont: '',
  }),
});

// ═════════════════════════════ SPANISH ═════════════════════════════
SPECS.push({
  lang: 'es',
  n: 1,
  engine: 'calc',
  slug: 'suministros',
  style: 'C1',
  font: 'liberation',
  accent: 'A93226',
  zebra: false,
  type: '380',
  neg: false,
  country: 'ES',
  cur: EUR_POST,
  amt: 'de',
  date: 'd/m/Y',
  pctSuffix: ' %',
  number: 'FV-2026/0412',
  issue: '2026-03-10',
  due: '2026-04-09',
  seller: {
    name: 'Suministros Industriales Levante S.L.',
    addr: ['Pol. Ind. Fuente del Jarro', 'C/ Ciudad de Sevilla, 27', '46988 Paterna (Valencia)'],
    vat: 'ESB96812474',
    vatP: 'B96812474',
    reg: null,
    email: 'administracion@suministroslevante.example',
    iban: 'ES5931590042612048713395',
    ibanP: 'ES59 3159 0042 6120 4871 3395',
    bic: 'LEVAESVVXXX',
  },
  buyer: {
    name: 'Talleres Mecánicos Turia S.A.',
    addr: ['Avda. del Puerto, 188', '46023 Valencia'],
    vat: 'ESA46027587',
    vatP: 'A46027587',
  },
  po: 'PED-5521',
  buyerRef: null,
  payRef: null,
  cols: ['sku', 'desc', 'qty', 'price', 'disc', 'rate', 'amt'],
  lines: [
    { sku: 'RD-6204', d: 'Rodamiento rígido de bolas 6204-2RS', q: '40', p: '3.85', disc: '8', r: '21' },
    { sku: 'CR-A40', d: 'Correa trapezoidal A-40', q: '12', p: '7.60', disc: '8', r: '21' },
    { sku: 'GR-EP2', d: 'Grasa de litio EP2, cartucho 400 g', q: '24', p: '4.25', r: '21' },
    { sku: 'DS-125', d: 'Disco de corte 125 mm inox', q: '100', p: '0.92', disc: '15', r: '21' },
    { sku: 'GU-NIT', d: 'Guantes de nitrilo, caja 100 uds.', q: '10', p: '8.90', r: '21' },
    { sku: 'AG-5L', d: 'Agua mineral garrafa 5 l', q: '30', p: '1.20', r: '10' },
  ],
  pages: 1,
  exercise:
    'spreadsheet with bordered cells, Dto. column, IVA 21 % + 10 %, CIF printed without ES prefix, albarán numbers as distractors',
  build: (c) => ({
    title: 'FACTURA',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 961 55 01 27', 'administracion@suministroslevante.example'],
    buyerLabel: 'Cliente',
    buyer: ['Talleres Mecánicos Turia S.A.', ...c.s.buyer.addr, 'CIF: A46027587'],
    meta: [
      ['Nº factura', 'FV-2026/0412'],
      ['Fecha', { date: '2026-03-10' }],
      ['Nº cliente', '4302'],
      ['Su pedido', 'PED-5521'],
      ['Albaranes', '7781, 7794'],
      ['Vencimiento', { date: '2026-04-09' }],
    ],
    intro: [],
    totals: [
      { l: 'Base imponible 21 %', k: 'sub', rate: '21' },
      { l: 'Cuota IVA 21 %', k: 'tax', rate: '21' },
      { l: 'Base imponible 10 %', k: 'sub', rate: '10' },
      { l: 'Cuota IVA 10 %', k: 'tax', rate: '10' },
      { l: 'Total base imponible', k: 'net' },
      { l: 'Total IVA', k: 'taxsum' },
      { l: 'TOTAL FACTURA', k: 'total', b: true },
    ],
    vat: null,
    notes: [
      'Forma de pago: transferencia a 30 días fecha factura.',
      'IBAN ES59 3159 0042 6120 4871 3395 · BIC LEVAESVVXXX',
    ],
    bank: [],
    footer: [
      ['Suministros Industriales Levante S.L. · CIF B96812474 · administracion@suministroslevante.example'],
    ],
    pageFmt: 'Página {p} de {n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'es',
  n: 2,
  engine: 'api2',
  slug: 'diseno',
  style: 'A2',
  font: 'helvetica',
  accent: 'C0392B',
  zebra: false,
  type: '380',
  neg: false,
  country: 'ES',
  cur: EUR_POST,
  amt: 'de',
  date: 'long-es',
  pctSuffix: ' %',
  number: '2026-014',
  issue: '2026-03-12',
  due: '2026-04-11',
  seller: {
    name: 'Lucía Martín Ortega',
    addr: ['Diseño gráfico y editorial', 'C/ de Cádiz, 44, 3º B', '46006 Valencia'],
    vat: 'ES48213576X',
    vatP: '48213576X',
    reg: null,
    email: 'hola@luciamartin-diseno.example',
    iban: 'ES6301826148910201746532',
    ibanP: 'ES63 0182 6148 9102 0174 6532',
    bic: 'VLCBESMMXXX',
  },
  buyer: {
    name: 'Ediciones Albufera S.A.',
    addr: ['C/ Colón, 60', '46004 Valencia'],
    vat: 'ESA96138425',
    vatP: 'A96138425',
  },
  po: null,
  buyerRef: 'CAT-PRIM-2026',
  payRef: null,
  cols: ['desc', 'qty', 'price', 'amt'],
  lines: [
    { d: 'Diseño de catálogo Primavera 2026 (48 páginas)', q: '1', p: '1850.00', r: '21' },
    { d: 'Maquetación de páginas interiores', q: '48', p: '22.00', r: '21' },
    { d: 'Retoque fotográfico', q: '14', p: '35.00', r: '21' },
    { d: 'Preparación de archivos para imprenta', q: '1', p: '180.00', r: '21' },
  ],
  whPct: '15',
  pages: 1,
  exercise:
    'freelancer invoice (NIF), boxed form header, long Spanish date, IRPF 15 % withholding so amount due < total, IVA 21 %',
  build: (c) => ({
    title: 'FACTURA',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 655 55 01 44', 'hola@luciamartin-diseno.example'],
    buyerLabel: 'Cliente',
    buyer: ['Ediciones Albufera S.A.', ...c.s.buyer.addr, 'CIF A96138425'],
    meta: [
      ['Factura nº', '2026-014'],
      ['Fecha', { date: '2026-03-12' }],
      ['NIF', '48213576X'],
      ['Su referencia', 'CAT-PRIM-2026'],
      ['Presupuesto', 'P-2026-006'],
      ['Vencimiento', { date: '2026-04-11' }],
    ],
    intro: [],
    totals: [
      { l: 'Base imponible', k: 'net' },
      { l: 'IVA 21 %', k: 'tax', rate: '21' },
      { l: 'Total', k: 'total', b: true },
      { l: 'Retención IRPF 15 %', k: 'wh' },
      { l: 'Total a pagar', k: 'due', b: true },
    ],
    vat: null,
    notes: [
      'Pago mediante transferencia bancaria a 30 días.',
      'Retención del 15 % a cuenta del IRPF (art. 101 Ley 35/2006).',
    ],
    bank: [
      ['IBAN', 'ES63 0182 6148 9102 0174 6532'],
      ['BIC', 'VLCBESMMXXX'],
    ],
    footer: [
      [
        'Lucía Martín Ortega · NIF 48213576X · C/ de Cádiz, 44, 3º B · 46006 Valencia · hola@luciamartin-diseno.example',
      ],
    ],
    pageFmt: 'Página {p} de {n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'es',
  n: 3,
  engine: 'prawn',
  slug: 'limpieza',
  style: 'P3',
  font: 'times',
  accent: '1A5276',
  zebra: false,
  type: '380',
  neg: false,
  country: 'ES',
  cur: EUR_POST,
  amt: 'es4',
  date: 'd/m/Y',
  pctSuffix: ' %',
  number: 'A-0387',
  issue: '2026-03-02',
  due: '2026-03-17',
  seller: {
    name: 'Limpiezas Costa Brava S.L.',
    addr: ['C/ Riera de Sant Martí, 12', '17200 Palafrugell (Girona)'],
    vat: 'ESB17384298',
    vatP: 'ESB17384298',
    reg: null,
    email: 'facturacion@limpiezascostabrava.example',
    iban: 'ES5421008217700200431876',
    ibanP: 'ES54 2100 8217 7002 0043 1876',
    bic: 'CBRVESB1XXX',
  },
  buyer: {
    name: 'Hotel Cala Montgó S.L.',
    addr: ['Passeig de Montgó, 3', "17130 L'Escala (Girona)"],
    vat: 'ESB17620535',
    vatP: 'B17620535',
  },
  po: null,
  buyerRef: null,
  payRef: null,
  cols: ['desc', 'qty', 'price', 'amt'],
  lines: [
    { d: 'Servicio de limpieza mensual – febrero 2026', q: '1', p: '2850.00', r: '21' },
    { d: 'Limpieza de cristales y terrazas', q: '2', p: '340.00', r: '21' },
    { d: 'Horas extra fin de semana', q: '18', p: '19.50', r: '21' },
    { d: 'Lavandería de cortinas (salón)', q: '1', p: '215.00', r: '21' },
  ],
  pages: 1,
  exercise:
    'sidebar layout in Times, CLDR Spanish amounts without separator under 10 000 (4096,00), series-prefixed number, contract no. distractor',
  build: (c) => ({
    title: 'Factura',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 972 55 01 12', 'facturacion@limpiezascostabrava.example'],
    buyerLabel: 'Datos del cliente',
    buyer: ['Hotel Cala Montgó S.L.', ...c.s.buyer.addr, 'NIF: B17620535'],
    meta: [
      ['Factura Nº', 'A-0387'],
      ['Fecha de factura', { date: '2026-03-02' }],
      ['Período', 'febrero 2026'],
      ['Contrato', '2025-31'],
      ['Vencimiento', { date: '2026-03-17' }],
    ],
    intro: [],
    totals: [
      { l: 'Base imponible', k: 'net' },
      { l: 'IVA (21 %)', k: 'tax', rate: '21' },
      { l: 'Total factura', k: 'total', b: true },
    ],
    vat: null,
    notes: ['Forma de pago: transferencia bancaria a 15 días.'],
    bank: [
      ['Entidad', 'Caixa Costa Brava'],
      ['IBAN', 'ES54 2100 8217 7002 0043 1876'],
      ['BIC', 'CBRVESB1XXX'],
    ],
    footer: [['Limpiezas Costa Brava S.L.', 'NIF ESB17384298']],
    pageFmt: 'Página {p} de {n}',
    carry: null,
    cont: '',
  }),
});

const HOSTELERIA: [string, string, string, string, string][] = [
  ['AC-5L', 'Aceite de oliva virgen extra 5 l', 'garrafa', '32.50', '10'],
  ['AR-BOM', 'Arroz bomba 1 kg', 'kg', '3.95', '10'],
  ['JA-IB', 'Jamón ibérico de cebo, loncheado 100 g', 'sobre', '5.80', '10'],
  ['QU-MAN', 'Queso manchego curado', 'kg', '16.40', '10'],
  ['GA-ROJ', 'Gambas rojas congeladas', 'kg', '28.90', '10'],
  ['AT-CON', 'Atún en conserva 1 kg', 'lata', '11.25', '10'],
  ['VI-RIO', 'Vino tinto Rioja crianza 75 cl', 'bot.', '6.70', '21'],
  ['CE-33', 'Cerveza rubia 33 cl (caja 24)', 'caja', '17.90', '21'],
  ['MAN-ZA', 'Manzanilla de Sanlúcar 75 cl', 'bot.', '8.45', '21'],
  ['PA-BAR', 'Pan de barra (precocido)', 'ud.', '0.38', '4'],
  ['LE-ENT', 'Leche entera 1 l', 'l', '0.96', '4'],
  ['HU-L', 'Huevos camperos L (docena)', 'doc.', '3.10', '4'],
  ['TO-PER', 'Tomate pera', 'kg', '1.85', '4'],
];
SPECS.push({
  lang: 'es',
  n: 4,
  engine: 'calc',
  slug: 'hosteleria',
  style: 'C2',
  font: 'liberation',
  accent: 'B9770E',
  zebra: true,
  type: '380',
  neg: false,
  country: 'ES',
  cur: EUR_POST,
  amt: 'de',
  date: 'd/m/Y',
  pctSuffix: ' %',
  number: 'DHS-26-01187',
  issue: '2026-03-09',
  due: '2026-04-08',
  seller: {
    name: 'Distribuciones Hosteleras del Sur S.L.',
    addr: ['Polígono Store, C/ A, nave 14', '41008 Sevilla'],
    vat: 'ESB91073528',
    vatP: 'B91073528',
    reg: null,
    email: 'facturas@dhsur.example',
    iban: 'ES7231870330502915478603',
    ibanP: 'ES72 3187 0330 5029 1547 8603',
    bic: 'SURDESSEXXX',
  },
  buyer: {
    name: 'Restaurante La Giralda S.L.',
    addr: ['C/ Mateos Gago, 22', '41004 Sevilla'],
    vat: 'ESB41582164',
    vatP: 'B41582164',
  },
  po: 'PD-7741',
  buyerRef: null,
  payRef: null,
  cols: ['sku', 'desc', 'qty', 'unit', 'price', 'rate', 'amt'],
  lines: (() => {
    const qs = ['6', '20', '40', '8', '12', '6', '36', '10', '12', '120', '48', '15', '25', '4', '30'];
    const out: Line[] = [];
    for (let i = 0; i < 38; i++) {
      const [sku, d, u, p, r] = at(HOSTELERIA, i % HOSTELERIA.length);
      out.push({ sku, d, u, p, r, q: at(qs, i % qs.length) });
    }
    return out;
  })(),
  split: 27,
  pages: 2,
  exercise:
    'spreadsheet, two pages with « Suma y sigue / Suma anterior », 38 lines at IVA 4 %, 10 % and 21 %, zebra fill, label-above-value boxes',
  build: (c) => ({
    title: 'FACTURA',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 954 55 01 87', 'facturas@dhsur.example'],
    buyerLabel: 'Cliente',
    buyer: ['Restaurante La Giralda S.L.', ...c.s.buyer.addr, 'CIF B41582164'],
    meta: [
      ['Número de factura', 'DHS-26-01187'],
      ['Fecha', { date: '2026-03-09' }],
      ['Cliente', '00872'],
      ['Pedido', 'PD-7741'],
      ['Albarán', 'AL-26-3310'],
      ['Vencimiento', { date: '2026-04-08' }],
    ],
    intro: [],
    totals: [
      { l: 'Base imponible', k: 'net' },
      { l: 'IVA 4 %', k: 'tax', rate: '4' },
      { l: 'IVA 10 %', k: 'tax', rate: '10' },
      { l: 'IVA 21 %', k: 'tax', rate: '21' },
      { l: 'TOTAL FACTURA', k: 'total', b: true },
    ],
    vat: ['Tipo IVA', 'Base', 'Cuota'],
    notes: ['Pago por transferencia a 30 días: IBAN ES72 3187 0330 5029 1547 8603 · BIC SURDESSEXXX'],
    bank: [],
    footer: [
      ['Distribuciones Hosteleras del Sur S.L. · CIF B91073528 · Polígono Store, nave 14 · 41008 Sevilla'],
    ],
    pageFmt: 'Página {p} de {n}',
    carry: ['Suma y sigue', 'Suma anterior'],
    cont: '',
  }),
});

// ═════════════════════════════ ITALIAN ═════════════════════════════
const RICAMBI: [string, string, string, string][] = [
  ['FO-1187', 'Filtro olio motore', 'pz', '8.40'],
  ['FA-2210', 'Filtro aria abitacolo ai carboni', 'pz', '14.90'],
  ['PF-0457', 'Pastiglie freno anteriori (kit)', 'kit', '38.50'],
  ['DF-0912', 'Disco freno ventilato 280 mm', 'pz', '46.20'],
  ['CD-3305', 'Kit cinghia distribuzione con pompa', 'kit', '189.00'],
  ['CA-0066', 'Candela accensione iridio', 'pz', '11.30'],
  ['AM-7710', 'Ammortizzatore anteriore gas', 'pz', '72.80'],
  ['BA-7012', 'Batteria 12 V 70 Ah', 'pz', '118.00'],
  ['SP-0031', 'Spazzola tergicristallo 600 mm', 'pz', '9.60'],
  ['LI-5W30', 'Olio motore 5W-30 (tanica 5 l)', 'pz', '36.40'],
  ['LA-H7', 'Lampada alogena H7 12 V', 'pz', '4.15'],
];
SPECS.push({
  lang: 'it',
  n: 1,
  engine: 'prawn',
  slug: 'ricambi',
  style: 'P4',
  font: 'liberation',
  accent: '922B21',
  zebra: true,
  type: '380',
  neg: false,
  country: 'IT',
  cur: EUR_PRESP,
  amt: 'de',
  date: 'd/m/Y',
  pctSuffix: '%',
  number: '412/2026',
  issue: '2026-03-10',
  due: '2026-04-30',
  seller: {
    name: 'Ricambi Auto Ferretti S.r.l.',
    addr: ['Via della Liberazione, 18', '40128 Bologna (BO)'],
    vat: 'IT02847310378',
    vatP: '02847310378',
    reg: 'BO-512847',
    regP: 'BO-512847',
    regKind: 'it-rea',
    email: 'amministrazione@ricambiferretti.example',
    iban: 'IT84J0888302400000000012847',
    ibanP: 'IT84 J088 8302 4000 0000 0012 847',
    bic: 'EMILITB1XXX',
  },
  buyer: {
    name: 'Autofficina Grandi S.n.c.',
    addr: ['Via Emilia Levante, 211', '40139 Bologna (BO)'],
    vat: 'IT03128470378',
    vatP: '03128470378',
  },
  po: '2026/077',
  buyerRef: null,
  payRef: null,
  cols: ['pos', 'sku', 'desc', 'qty', 'unit', 'price', 'amt'],
  lines: catalogue(RICAMBI, ['4', '2', '1', '2', '1', '8', '2', '1', '6', '3', '10', '2', '4'], 36, '22'),
  split: 27,
  pages: 2,
  exercise:
    'two pages, right-hand letterhead, 36 zebra rows, « A riportare / Riporto », IVA 22 %, P.IVA without prefix, REA + capitale sociale + SDI code + DDT as distractors, end-of-month due date',
  build: (c) => ({
    title: 'FATTURA',
    senderLine: 'Ricambi Auto Ferretti S.r.l. - Via della Liberazione, 18 - 40128 Bologna',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 051 555 0184', 'amministrazione@ricambiferretti.example', 'P.IVA e C.F. 02847310378'],
    buyerLabel: 'Spett.le',
    buyer: [
      'Autofficina Grandi S.n.c.',
      ...c.s.buyer.addr,
      'P.IVA 03128470378',
      'Codice destinatario: M5UXCR1',
    ],
    meta: [
      ['Fattura n.', '412/2026'],
      ['Data', { date: '2026-03-10' }],
      ['Cod. cliente', 'C0388'],
      ['Vs. ordine n.', '2026/077'],
      ['DDT n.', '118 del 09/03/2026'],
      ['Pagamento', 'Bonifico 30 gg d.f.f.m.'],
      ['Scadenza', { date: '2026-04-30' }],
    ],
    intro: [],
    totals: [
      { l: 'Imponibile', k: 'net' },
      { l: 'IVA 22%', k: 'tax', rate: '22' },
      { l: 'Totale fattura', k: 'total', b: true },
      { l: 'Netto a pagare', k: 'due', b: true },
    ],
    vat: ['Aliquota', 'Imponibile', 'Imposta'],
    notes: ['Contributo ambientale CONAI assolto ove dovuto.'],
    bank: [
      ['Banca', 'Banca Emiliana, fil. Bologna 4'],
      ['IBAN', 'IT84 J088 8302 4000 0000 0012 847'],
      ['BIC', 'EMILITB1XXX'],
    ],
    footer: [
      ['Ricambi Auto Ferretti S.r.l.', 'Via della Liberazione, 18 - 40128 Bologna'],
      ['Cap. soc. € 50.000,00 i.v.', 'R.E.A. BO-512847'],
      ['P.IVA 02847310378', 'PEC ferretti@pec.example'],
      ['IBAN IT84 J088 8302 4000 0000 0012 847'],
    ],
    pageFmt: 'Pagina {p} di {n}',
    carry: ['A riportare', 'Riporto'],
    cont: 'Segue fattura n. 412/2026 del 10/03/2026',
  }),
});

SPECS.push({
  lang: 'it',
  n: 2,
  engine: 'api2',
  slug: 'notacredito',
  style: 'A3',
  font: 'courier',
  accent: '000000',
  zebra: false,
  type: '381',
  neg: true,
  country: 'IT',
  cur: EUR_PRESP,
  amt: 'de',
  date: 'd.m.Y',
  pctSuffix: '%',
  number: '4/NC/2026',
  issue: '2026-03-12',
  due: null,
  seller: {
    name: 'Tipografia Bernardi S.r.l.',
    addr: ['Corso Regina Margherita, 145', '10122 Torino (TO)'],
    vat: 'IT09472150011',
    vatP: '09472150011',
    reg: 'TO-1187420',
    regP: 'TO-1187420',
    regKind: 'it-rea',
    email: 'amministrazione@tipografiabernardi.example',
    iban: null,
    bic: null,
  },
  buyer: {
    name: 'Libreria Il Portico S.r.l.',
    addr: ['Via Po, 12', '10123 Torino (TO)'],
    vat: 'IT10833460016',
    vatP: '10833460016',
  },
  po: null,
  buyerRef: null,
  payRef: null,
  cols: ['desc', 'qty', 'price', 'rate', 'amt'],
  lines: [
    { d: "Resa volumi 'Torino Liberty' (difetto stampa)", q: '40', p: '18.50', r: '4' },
    { d: "Resa volumi 'Le colline del Po'", q: '12', p: '14.00', r: '4' },
    { d: 'Segnalibri promozionali non conformi', q: '500', p: '0.12', r: '22' },
  ],
  pages: 1,
  exercise:
    'monospaced ERP nota di credito, negative amounts, IVA 4 % + 22 %, no bank details (no IBAN), original fattura no./date as distractors',
  build: (c) => ({
    title: 'NOTA DI CREDITO',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['tel. 011 555 0145', 'amministrazione@tipografiabernardi.example'],
    buyerLabel: 'Cliente',
    buyer: ['Libreria Il Portico S.r.l.', ...c.s.buyer.addr, 'P.IVA 10833460016'],
    meta: [
      ['Nota di credito n.', '4/NC/2026'],
      ['Data', { date: '2026-03-12' }],
      ['Cod. cliente', '0147'],
      ['Rif. fattura n.', '112/2026'],
      ['del', { date: '2026-02-14' }],
    ],
    intro: ['Storno parziale per resa di volumi difettosi.'],
    totals: [
      { l: 'Imponibile 4%', k: 'sub', rate: '4' },
      { l: 'IVA 4%', k: 'tax', rate: '4' },
      { l: 'Imponibile 22%', k: 'sub', rate: '22' },
      { l: 'IVA 22%', k: 'tax', rate: '22' },
      { l: 'Totale imponibile', k: 'net' },
      { l: 'Totale IVA', k: 'taxsum' },
      { l: 'Totale nota di credito', k: 'total', b: true },
    ],
    vat: null,
    notes: ["L'importo sara' compensato con le prossime forniture."],
    bank: [],
    footer: [['Tipografia Bernardi S.r.l. - Cap. soc. EUR 30.000 i.v. - REA TO-1187420 - P.IVA 09472150011']],
    pageFmt: 'pag. {p}/{n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'it',
  n: 3,
  engine: 'calc',
  slug: 'ferramenta',
  style: 'C3',
  font: 'liberation',
  accent: '1E8449',
  zebra: false,
  type: '380',
  neg: false,
  country: 'IT',
  cur: EUR_PRESP,
  amt: 'de',
  date: 'd/m/Y',
  pctSuffix: '%',
  number: '2026/118',
  issue: '2026-03-11',
  due: '2026-04-10',
  seller: {
    name: 'Ferramenta Colombo S.n.c.',
    addr: ['di Colombo Luca & C.', 'Via Italia, 41', '20900 Monza (MB)'],
    vat: 'IT05729480961',
    vatP: '05729480961',
    reg: 'MB-1893347',
    regP: 'MB-1893347',
    regKind: 'it-rea',
    email: 'amministrazione@ferramentacolombo.example',
    iban: 'IT75B0344020400000000318852',
    ibanP: 'IT75 B034 4020 4000 0000 0318 852',
    bic: 'BRIAITM1XXX',
  },
  buyer: {
    name: 'Condominio Villa dei Tigli',
    addr: ['c/o Studio Amministrazioni Riva', 'Via Manzoni, 18', '20900 Monza (MB)'],
    vat: null,
  },
  po: '34/2026',
  buyerRef: null,
  payRef: null,
  cols: ['sku', 'desc', 'qty', 'price', 'disc', 'rate', 'amt'],
  lines: [
    { sku: 'VT-0816', d: 'Viti autofilettanti 4x40 (conf. 200)', q: '6', p: '7.90', disc: '10', r: '22' },
    { sku: 'SL-2210', d: 'Silicone neutro trasparente 310 ml', q: '12', p: '5.60', disc: '10', r: '22' },
    { sku: 'LU-LED', d: 'Lampadine LED E27 10 W', q: '24', p: '3.45', r: '22' },
    { sku: 'SE-CIL', d: 'Cilindro europeo 30/30 con 5 chiavi', q: '2', p: '38.00', r: '22' },
    { sku: 'MAN-01', d: 'Manutenzione ordinaria portone condominiale', q: '1', p: '260.00', r: '10' },
    { sku: 'MAN-02', d: 'Sostituzione serrature cantine (manodopera)', q: '3.5', p: '42.00', r: '10' },
  ],
  pages: 1,
  extraIds: [{ kind: 'it-cf', v: '94032150016', label: 'buyer codice fiscale (distractor, no VAT id)' }],
  exercise:
    'spreadsheet with seller block right, sconto column, IVA 22 % + 10 %, buyer is a condominium with only a numeric codice fiscale (buyer VAT null)',
  build: (c) => ({
    title: 'FATTURA',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 039 555 0141', 'amministrazione@ferramentacolombo.example'],
    buyerLabel: 'Destinatario',
    buyer: ['Condominio Villa dei Tigli', ...c.s.buyer.addr, 'C.F. 94032150016'],
    meta: [
      ['Fattura n.', '2026/118'],
      ['Data', { date: '2026-03-11' }],
      ['Vs. ordine', '34/2026'],
      ['Cod. cliente', 'VT-018'],
      ['Scadenza', { date: '2026-04-10' }],
    ],
    intro: [],
    totals: [
      { l: 'Imponibile', k: 'net' },
      { l: 'IVA 22%', k: 'tax', rate: '22' },
      { l: 'IVA 10%', k: 'tax', rate: '10' },
      { l: 'Totale documento', k: 'total', b: true },
    ],
    vat: ['Aliquota', 'Imponibile', 'Imposta'],
    notes: ['IVA 10% su prestazioni di manutenzione ordinaria di edifici residenziali (L. 488/1999).'],
    bank: [
      ['Banca', 'Banca della Brianza'],
      ['IBAN', 'IT75 B034 4020 4000 0000 0318 852'],
      ['BIC', 'BRIAITM1XXX'],
    ],
    footer: [
      ['Ferramenta Colombo S.n.c. · Via Italia, 41 · 20900 Monza · P.IVA 05729480961 · REA MB-1893347'],
    ],
    pageFmt: 'Pagina {p} di {n}',
    carry: null,
    cont: '',
  }),
});

SPECS.push({
  lang: 'it',
  n: 4,
  engine: 'calc',
  slug: 'consulenza',
  style: 'C1',
  font: 'liberation',
  accent: '283747',
  zebra: false,
  type: '380',
  neg: false,
  country: 'IT',
  cur: EUR_PRESP,
  amt: 'de',
  date: 'd/m/Y',
  pctSuffix: '%',
  number: '7/2026',
  issue: '2026-03-12',
  due: '2026-04-11',
  seller: {
    name: 'Ing. Marco Bellini',
    addr: ['Studio di Ingegneria Strutturale', 'Via Cavour, 22', '60121 Ancona (AN)'],
    vat: 'IT02618440420',
    vatP: '02618440420',
    reg: null,
    email: 'studio@ingbellini.example',
    iban: 'IT83F0538702600CC0012745509',
    ibanP: 'IT83 F053 8702 600C C001 2745 509',
    bic: 'ADRIITA1XXX',
  },
  buyer: {
    name: 'Costruzioni Adriatiche S.p.A.',
    addr: ['Via Flaminia, 340', '60126 Ancona (AN)'],
    vat: 'IT00938210424',
    vatP: '00938210424',
  },
  po: null,
  buyerRef: 'CA-2026-14',
  payRef: null,
  cols: ['desc', 'qty', 'price', 'rate', 'amt'],
  lines: [
    { d: 'Onorario progettazione strutturale capannone', q: '1', p: '4800.00', r: '22', wh: true },
    { d: 'Direzione lavori strutturali – febbraio 2026', q: '1', p: '1200.00', r: '22', wh: true },
    { d: 'Contributo integrativo Inarcassa 4%', q: '1', p: '0.00', r: '22', pctOf: '4' },
  ],
  whPct: '20',
  pages: 1,
  extraIds: [{ kind: 'it-cf', v: 'BLLMRC78C12A271H', label: 'professional codice fiscale (distractor)' }],
  exercise:
    "professional's spreadsheet invoice: cassa 4 % line, ritenuta d'acconto 20 % (amount due < total), personal codice fiscale and Ordine membership no. as distractors",
  build: (c) => ({
    title: 'FATTURA',
    senderLine: '',
    sellerLines: c.s.seller.addr,
    contact: ['Tel. 071 555 0122', 'studio@ingbellini.example', 'P.IVA 02618440420 · C.F. BLLMRC78C12A271H'],
    buyerLabel: 'Committente',
    buyer: ['Costruzioni Adriatiche S.p.A.', ...c.s.buyer.addr, 'P.IVA 00938210424'],
    meta: [
      ['Fattura n.', '7/2026'],
      ['Data', { date: '2026-03-12' }],
      ['Rif. commessa', 'CA-2026-14'],
      ['Scadenza', { date: '2026-04-11' }],
    ],
    intro: ['Prestazioni professionali relative al capannone di via Flaminia, Ancona.'],
    totals: [
      { l: 'Imponibile', k: 'net' },
      { l: 'IVA 22%', k: 'tax', rate: '22' },
      { l: 'Totale fattura', k: 'total', b: true },
      { l: `Ritenuta d'acconto 20% su ${c.m(c.t.whBase)}`, k: 'wh' },
      { l: 'Netto a pagare', k: 'due', b: true },
    ],
    vat: null,
    notes: [
      'Iscritto all’Ordine degli Ingegneri della Provincia di Ancona n. A2871.',
      'Pagamento con bonifico: IBAN IT83 F053 8702 600C C001 2745 509 · BIC ADRIITA1XXX',
    ],
    bank: [],
    footer: [['Ing. Marco Bellini · Via Cavour, 22 · 60121 Ancona · P.IVA 02618440420']],
    pageFmt: 'Pagina {p} di {n}',
    carry: null,
    cont: '',
  }),
});

// ───────────────────────────── computation ─────────────────────────────
function rateCmp(a: string, b: string): number {
  return Number(b) - Number(a);
}
function compute(s: Spec): Totals {
  const lines: number[] = [];
  s.lines.forEach((l, i) => {
    if (l.pctOf) {
      const prev = s.lines.slice(0, i);
      if (prev.some((x) => x.r !== l.r)) fail(`${fileBase(s)}: percentage line "${l.d}" mixes VAT rates`);
      const base = lines.reduce((a, b) => a + b, 0);
      const [pv, ps] = dec(l.pctOf);
      lines.push(Number(roundDiv(BigInt(base) * pv, 100n * ps)));
      return;
    }
    const [pv, ps] = dec(l.p);
    const [qv, qs] = dec(l.q);
    const [dv, ds] = l.disc ? dec(l.disc) : [0n, 1n];
    const num = pv * qv * (100n * ds - dv) * 100n;
    const den = ps * qs * 100n * ds;
    if (s.engine === 'calc' && isTie(num, den))
      fail(
        `${fileBase(s)}: line "${l.d}" is an exact half-cent tie (spreadsheet rounding would be ambiguous)`,
      );
    lines.push(Number(roundDiv(num, den)));
  });
  const rates = [...new Set(s.lines.map((l) => l.r))].sort(rateCmp);
  const byRate: RateSum[] = rates.map((rate) => {
    const net = s.lines.reduce((a, l, i) => a + (l.r === rate ? at(lines, i) : 0), 0);
    const [rv, rs] = dec(rate);
    return { rate, net, tax: Number(roundDiv(BigInt(net) * rv, 100n * rs)) };
  });
  const net = byRate.reduce((a, r) => a + r.net, 0);
  const tax = byRate.reduce((a, r) => a + r.tax, 0);
  const total = net + tax;
  const deposit = s.deposit ? cents(s.deposit) : 0;
  const flagged = s.lines.some((l) => l.wh);
  const whBase = s.whPct
    ? flagged
      ? s.lines.reduce((a, l, i) => a + (l.wh ? at(lines, i) : 0), 0)
      : net
    : 0;
  let wh = 0;
  if (s.whPct) {
    const [wv, ws] = dec(s.whPct);
    wh = Number(roundDiv(BigInt(whBase) * wv, 100n * ws));
  }
  return { lines, byRate, net, tax, total, deposit, whBase, wh, due: total - deposit - wh };
}
function fileBase(s: Spec): string {
  return `${s.lang}-${s.n}-${s.engine}-${s.slug}`;
}
function makeCtx(s: Spec, t: Totals): Ctx {
  const a = (x: number): string => fmtAmt(x, s.amt);
  const m = (x: number): string => {
    const body = fmtAmt(Math.abs(x), s.amt);
    const neg = x < 0;
    const { sym, pos } = s.cur;
    if (pos === 'pre') return `${neg ? '-' : ''}${sym}${body}`;
    if (pos === 'pre-sp')
      return neg ? (s.cur.neg === 'inner' ? `${sym} -${body}` : `-${sym} ${body}`) : `${sym} ${body}`;
    return `${neg ? '-' : ''}${body} ${sym}`;
  };
  return {
    s,
    t,
    a,
    m,
    d: (iso) => fmtDate(iso, s.date),
    r: (rate) => `${fmtDec(rate, s.amt)}${s.pctSuffix}`,
    sg: s.neg ? -1 : 1,
  };
}
function rowValue(c: Ctx, r: TRow): number {
  const t = c.t;
  const rs = (): RateSum => {
    const x = t.byRate.find((b) => b.rate === r.rate);
    if (!x) throw new Error(`${fileBase(c.s)}: no VAT rate ${r.rate}`);
    return x;
  };
  const v = {
    net: t.net,
    sub: 0,
    tax: 0,
    taxsum: t.tax,
    total: t.total,
    dep: -t.deposit,
    wh: -t.wh,
    due: t.due,
  }[r.k];
  if (r.k === 'sub') return c.sg * rs().net;
  if (r.k === 'tax') return c.sg * rs().tax;
  return c.sg * v;
}
function fmtPrice(p: string, st: AmtStyle): string {
  return /\.\d{2}$/.test(p) ? fmtAmt(cents(p), st) : fmtDec(p, st);
}
function cellText(c: Ctx, k: ColKey, l: Line, i: number, amt: number): string {
  const s = c.s;
  switch (k) {
    case 'pos':
      return String(i + 1);
    case 'sku':
      return l.sku ?? '';
    case 'desc':
      return l.d;
    case 'qty':
      return l.pctOf ? '' : fmtDec(l.q, s.amt);
    case 'unit':
      return l.u ?? '';
    case 'price':
      return l.pctOf ? '' : fmtPrice(l.p, s.amt);
    case 'disc':
      return l.disc ? `${fmtDec(l.disc, s.amt)}${s.pctSuffix}` : '';
    case 'rate':
      return c.r(l.r);
    case 'amt':
      return c.a(c.sg * amt);
  }
}

interface Doc {
  file: string;
  style: string;
  font: Font;
  accent: string;
  light: string;
  zebra: boolean;
  created: string;
  info: { title: string; author: string; subject: string; creator: string };
  title: string;
  seller: { name: string; lines: string[] };
  mono: string;
  contact: string[];
  senderLine: string;
  buyerLabel: string | null;
  buyer: string[];
  meta: [string, string][];
  intro: string[];
  cols: { k: ColKey; t: string; w: number; a: 'l' | 'r' | 'c' }[];
  pages: { rows: string[][]; carryIn: [string, string] | null; carryOut: [string, string] | null }[];
  totals: { l: string; v: string; b: boolean }[];
  vat: { head: string[]; rows: string[][] } | null;
  notes: string[];
  bank: [string, string][];
  footer: string[][];
  pageFmt: string;
  cont: string;
}
const VAT_SUM: Record<Lang, string> = {
  en: 'Total',
  de: 'Summe',
  fr: 'Total',
  nl: 'Totaal',
  es: 'Total',
  it: 'Totale',
};
function lighten(hex: string, f: number): string {
  const n = Number.parseInt(hex, 16);
  const ch = [16, 8, 0].map((sh) => (n >> sh) & 255).map((v) => Math.round(v + (255 - v) * f));
  return ch
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}
function metaStr(c: Ctx, v: MetaVal): string {
  return typeof v === 'string' ? v : c.d(v.date);
}
function pageRanges(s: Spec): [number, number][] {
  if (s.split === undefined) return [[0, s.lines.length]];
  return [
    [0, s.split],
    [s.split, s.lines.length],
  ];
}
function buildDoc(s: Spec, t: Totals, c: Ctx, k: Content): Doc {
  const ranges = pageRanges(s);
  const pages = ranges.map(([a, b], pi) => {
    const rows = s.lines
      .slice(a, b)
      .map((l, j) => s.cols.map((col) => cellText(c, col, l, a + j, at(t.lines, a + j))));
    const carried = c.sg * t.lines.slice(0, a).reduce((x, y) => x + y, 0);
    const carriedOut = c.sg * t.lines.slice(0, b).reduce((x, y) => x + y, 0);
    return {
      rows,
      carryIn: pi > 0 && k.carry ? ([k.carry[1], c.a(carried)] as [string, string]) : null,
      carryOut:
        pi < ranges.length - 1 && k.carry ? ([k.carry[0], c.a(carriedOut)] as [string, string]) : null,
    };
  });
  return {
    file: `${fileBase(s)}.pdf`,
    style: s.style,
    font: s.font,
    accent: s.accent,
    light: lighten(s.accent, 0.85),
    zebra: s.zebra,
    created: s.issue.replace(/-/g, ''),
    info: {
      title: `${k.title} ${s.number}`,
      author: s.seller.name,
      subject: `${k.title} ${s.number} – ${s.buyer.name}`,
      creator: 'make-script-invoices',
    },
    title: k.title,
    seller: { name: s.seller.name, lines: k.sellerLines },
    mono: s.seller.name
      .split(/\s+/)
      .filter((w) => /^[A-ZÀ-Ý]/.test(w))
      .slice(0, 2)
      .map((w) => w[0])
      .join(''),
    contact: k.contact,
    senderLine: k.senderLine,
    buyerLabel: k.buyerLabel,
    buyer: k.buyer,
    meta: k.meta.map(([l, v]) => [l, metaStr(c, v)]),
    intro: k.intro,
    cols: s.cols.map((col) => ({
      k: col,
      t: s.colT?.[col] ?? COLT[s.lang][col],
      w: s.colW?.[col] ?? COLW[col],
      a: COLA[col],
    })),
    pages,
    totals: k.totals.map((r) => ({ l: r.l, v: c.m(rowValue(c, r)), b: !!r.b })),
    vat: k.vat
      ? {
          head: k.vat,
          rows: t.byRate
            .map((r) => {
              const row = [c.r(r.rate), c.a(c.sg * r.net), c.a(c.sg * r.tax)];
              if (k.vat && k.vat.length > 3) row.push(c.a(c.sg * (r.net + r.tax)));
              return row;
            })
            .concat(
              t.byRate.length > 1
                ? [
                    [
                      VAT_SUM[s.lang],
                      c.a(c.sg * t.net),
                      c.a(c.sg * t.tax),
                      ...(k.vat.length > 3 ? [c.a(c.sg * t.total)] : []),
                    ],
                  ]
                : [],
            ),
        }
      : null,
    notes: k.notes,
    bank: k.bank,
    footer: k.footer,
    pageFmt: k.pageFmt,
    cont: k.cont,
  };
}

// ───────────────────────────── answer key ─────────────────────────────
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
  seller_vat_id: string;
  seller_registration_id: string | null;
  seller_email: string;
  iban: string | null;
  bic: string | null;
  payment_reference: string | null;
  purchase_order: string | null;
  buyer_reference: string | null;
  buyer_name: string;
  buyer_vat_id: string | null;
}
function buildKey(s: Spec, t: Totals, producer: string): Record<string, unknown> {
  const f: KeyFields = {
    number: s.number,
    issue_date: s.issue,
    due_date: s.due,
    currency: s.cur.code,
    total_net: fmtCents(t.net),
    total_tax: fmtCents(t.tax),
    total: fmtCents(t.total),
    amount_due: fmtCents(t.due),
    tax_breakdown: t.byRate.map((r) => ({ rate: r.rate, net: fmtCents(r.net), tax: fmtCents(r.tax) })),
    seller_name: s.seller.name,
    seller_vat_id: s.seller.vat,
    seller_registration_id: s.seller.reg,
    seller_email: s.seller.email,
    iban: s.seller.iban,
    bic: s.seller.bic,
    payment_reference: s.payRef,
    purchase_order: s.po,
    buyer_reference: s.buyerRef,
    buyer_name: s.buyer.name,
    buyer_vat_id: s.buyer.vat,
  };
  return {
    source: 'script-blind',
    generator: 'script-blind',
    file: `${fileBase(s)}.pdf`,
    producer,
    type_code: s.type,
    seller_country: s.country,
    fields: f,
  };
}
/** What must be visible in the extracted text for every non-null key value. */
function expectations(s: Spec, t: Totals, c: Ctx): { field: string; printed: string; rate?: boolean }[] {
  const e: { field: string; printed: string; rate?: boolean }[] = [];
  const add = (field: string, printed: string | null | undefined, key: unknown): void => {
    if (key === null || key === undefined) return;
    if (printed === null || printed === undefined) {
      fail(`${fileBase(s)}: ${field} has a key value but no printed form`);
      return;
    }
    e.push({ field, printed });
  };
  add('number', s.number, s.number);
  add('issue_date', c.d(s.issue), s.issue);
  add('due_date', s.due ? c.d(s.due) : null, s.due);
  add('currency', s.cur.sym, s.cur.code);
  add('total_net', c.a(t.net), t.net);
  add('total_tax', c.a(t.tax), t.tax);
  add('total', c.a(t.total), t.total);
  add('amount_due', c.a(t.due), t.due);
  for (const r of t.byRate) {
    e.push({ field: `tax_breakdown[${r.rate}].rate`, printed: fmtDec(r.rate, s.amt), rate: true });
    add(`tax_breakdown[${r.rate}].net`, c.a(r.net), r.net);
    add(`tax_breakdown[${r.rate}].tax`, c.a(r.tax), r.tax);
  }
  add('seller_name', s.seller.name, s.seller.name);
  add('seller_vat_id', s.seller.vatP, s.seller.vat);
  add('seller_registration_id', s.seller.regP, s.seller.reg);
  add('seller_email', s.seller.email, s.seller.email);
  add('iban', s.seller.ibanP, s.seller.iban);
  add('bic', s.seller.bic, s.seller.bic);
  add('payment_reference', s.payRefP, s.payRef);
  add('purchase_order', s.po, s.po);
  add('buyer_reference', s.buyerRef, s.buyerRef);
  add('buyer_name', s.buyer.name, s.buyer.name);
  add('buyer_vat_id', s.buyer.vatP, s.buyer.vat);
  return e;
}
function compact(v: string): string {
  return v.replace(/[\s.\-\u00a0\u202f]/g, '').toUpperCase();
}

// ───────────────────────────── engine 1: Ruby Prawn ─────────────────────────────
const RUBY_SRC = `# encoding: utf-8
# Written by scripts/make-script-invoices.ts – renders invoice JSON files with Prawn.
# usage: ruby render.rb in1.json out1.pdf [in2.json out2.pdf ...]
require 'json'
require 'prawn'
require 'prawn/table'
Prawn::Fonts::AFM.hide_m17n_warning = true

TTF = {
  'dejavu' => ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf'],
  'liberation' => ['/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf', '/usr/share/fonts/truetype/liberation2/LiberationSans-Italic.ttf']
}
CORE = { 'helvetica' => 'Helvetica', 'times' => 'Times-Roman', 'courier' => 'Courier' }
W = 595.28
H = 841.89

class Inv
  attr_reader :pdf

  def initialize(d)
    @d = d
    c = d['created']
    tm = Time.utc(c[0, 4].to_i, c[4, 2].to_i, c[6, 2].to_i, 8, 30, 0)
    info = { Title: d['info']['title'], Author: d['info']['author'], Subject: d['info']['subject'],
             Creator: d['info']['creator'], Producer: 'Prawn ' + Prawn::VERSION, CreationDate: tm, ModDate: tm }
    @pdf = Prawn::Document.new(page_size: 'A4', margin: 0, info: info, compress: true)
    if TTF[d['font']]
      f = TTF[d['font']]
      @pdf.font_families.update('F' => { normal: f[0], bold: f[1], italic: f[2] })
      @fam = 'F'
    else
      @fam = CORE[d['font']]
    end
    @pdf.font(@fam)
    @acc = d['accent']
    @light = d['light']
    @ml = 42.0
    @mr = W - 42.0
    @bottom = 40.0
  end

  def tx(s, x, ytop, w, size: 8.5, style: :normal, align: :left, color: '000000')
    return if s.nil? || s.to_s.empty?
    @pdf.fill_color color
    @pdf.font(@fam, style: style) do
      @pdf.text_box s.to_s, at: [x, ytop], width: w, height: size * 1.35, size: size, align: align,
                            overflow: :shrink_to_fit, single_line: true, valign: :top
    end
    @pdf.fill_color '000000'
  end

  def lines(arr, x, ytop, w, size: 8.5, lead: 1.32, style: :normal, align: :left, first_bold: false, color: '000000')
    y = ytop
    arr.each_with_index do |s, i|
      b = first_bold && i.zero?
      tx(s, x, y, w, size: b ? size + 1 : size, style: b ? :bold : style, align: align, color: color)
      y -= size * lead + (b ? 1.5 : 0)
    end
    y
  end

  def para(s, x, ytop, w, size: 7.8, color: '000000', style: :normal)
    h = 0
    @pdf.font(@fam, style: style) { h = @pdf.height_of(s, width: w, size: size) }
    @pdf.fill_color color
    @pdf.font(@fam, style: style) { @pdf.text_box s, at: [x, ytop], width: w, height: h + 2, size: size }
    @pdf.fill_color '000000'
    ytop - h - 3
  end

  def fillr(x, ytop, w, h, color)
    @pdf.fill_color color
    @pdf.fill_rectangle [x, ytop], w, h
    @pdf.fill_color '000000'
  end

  def boxr(x, ytop, w, h, color = '000000', lw = 0.5)
    @pdf.stroke_color color
    @pdf.line_width lw
    @pdf.stroke_rectangle [x, ytop], w, h
    @pdf.stroke_color '000000'
  end

  def hl(x1, x2, y, color = '000000', lw = 0.5)
    @pdf.stroke_color color
    @pdf.line_width lw
    @pdf.stroke_horizontal_line x1, x2, at: y
    @pdf.stroke_color '000000'
  end

  def widths(w)
    tot = @d['cols'].sum { |c| c['w'] }
    @d['cols'].map { |c| w * c['w'] / tot }
  end

  def al(a)
    a == 'r' ? :right : (a == 'c' ? :center : :left)
  end

  def need(y, h)
    raise "layout overflow in #{@d['file']} (y=#{y.round}, need #{h.round}, bottom #{@bottom.round})" if y - h < @bottom
  end

  def kv(pairs, x, ytop, lw, vw, size: 8.2, lead: 1.45, bold_values: false, label_color: '444444')
    y = ytop
    pairs.each do |l, v|
      tx(l, x, y, lw, size: size, color: label_color)
      tx(v, x + lw, y, vw, size: size, style: bold_values ? :bold : :normal)
      y -= size * lead
    end
    y
  end

  # custom-drawn item table (zebra / rules / coloured head)
  def items(x, ytop, w, pg, rh: 13.0, size: 7.8, head_bg: nil, head_fg: '000000', rules: true)
    cols = @d['cols']
    ws = widths(w)
    y = ytop
    fillr(x, y, w, rh + 3, head_bg) if head_bg
    cx = x
    cols.each_with_index do |c, i|
      tx(c['t'], cx + 3, y - 3.5, ws[i] - 6, size: size, style: :bold, align: al(c['a']), color: head_fg)
      cx += ws[i]
    end
    y -= rh + 3
    hl(x, x + w, y, '000000', 0.7) unless head_bg
    carry = lambda do |pair|
      need(y, rh)
      fillr(x, y, w, rh, @light)
      tx(pair[0], x + 3, y - 3, w * 0.6, size: size, style: :bold)
      tx(pair[1], x + w - ws[-1] + 3, y - 3, ws[-1] - 6, size: size, style: :bold, align: :right)
      y -= rh
    end
    carry.call(pg['carryIn']) if pg['carryIn']
    pg['rows'].each_with_index do |r, ri|
      need(y, rh)
      fillr(x, y, w, rh, 'F1F3F4') if @d['zebra'] && ri.odd?
      cx = x
      r.each_with_index do |cell, i|
        tx(cell, cx + 3, y - 3, ws[i] - 6, size: size, align: al(cols[i]['a']))
        cx += ws[i]
      end
      y -= rh
      hl(x, x + w, y, 'C8C8C8', 0.3) if rules
    end
    carry.call(pg['carryOut']) if pg['carryOut']
    y
  end

  # prawn-table item table
  def items_table(x, ytop, w, pg)
    cols = @d['cols']
    n = cols.size
    data = [cols.map { |c| c['t'] }]
    data << [{ content: pg['carryIn'][0], colspan: n - 1, font_style: :bold }, { content: pg['carryIn'][1], font_style: :bold, align: :right }] if pg['carryIn']
    data.concat(pg['rows'])
    data << [{ content: pg['carryOut'][0], colspan: n - 1, font_style: :bold }, { content: pg['carryOut'][1], font_style: :bold, align: :right }] if pg['carryOut']
    zebra = @d['zebra']
    light = @light
    @pdf.bounding_box([x, ytop], width: w) do
      @pdf.table(data, column_widths: widths(w), header: true,
                       cell_style: { size: 7.8, padding: [2.6, 3, 2.6, 3], border_width: 0.4, border_color: '9A9A9A', font: @fam }) do |t|
        cols.each_with_index { |c, i| t.column(i).align = (c['a'] == 'r' ? :right : (c['a'] == 'c' ? :center : :left)) }
        (1...data.size).each { |ri| t.row(ri).background_color = (ri.even? ? 'F2F2F2' : 'FFFFFF') } if zebra
        t.row(0).font_style = :bold
        t.row(0).background_color = light
      end
    end
    y = @pdf.y
    need(y, 0)
    y
  end

  def totals(xr, ytop, w, size: 8.5, bg: nil)
    rows = @d['totals']
    y = ytop
    h = rows.size * (size * 1.75) + 6
    need(y, h)
    fillr(xr - w, y, w, h, bg) if bg
    y -= 3
    rows.each do |t|
      hl(xr - w + 4, xr - 4, y + 0.5, '000000', 0.6) if t['b']
      st = t['b'] ? :bold : :normal
      tx(t['l'], xr - w + 5, y - 2.5, w * 0.62 - 5, size: size, style: st)
      tx(t['v'], xr - w * 0.38, y - 2.5, w * 0.38 - 5, size: size, style: st, align: :right)
      y -= size * 1.75
    end
    y - 3
  end

  def vat(x, ytop, w, size: 7.5)
    v = @d['vat']
    return ytop unless v
    n = v['head'].size
    cw = w / n
    rh = size * 1.8
    need(ytop, rh * (v['rows'].size + 1))
    y = ytop
    fillr(x, y, w, rh, @light)
    v['head'].each_with_index { |h, i| tx(h, x + i * cw + 3, y - 3, cw - 6, size: size, style: :bold, align: i.zero? ? :left : :right) }
    y -= rh
    v['rows'].each do |r|
      r.each_with_index { |c, i| tx(c, x + i * cw + 3, y - 3, cw - 6, size: size, align: i.zero? ? :left : :right) }
      y -= rh
      hl(x, x + w, y, 'BBBBBB', 0.3)
    end
    y
  end

  def notes(x, ytop, w, size: 7.8)
    y = ytop
    @d['notes'].each do |s|
      need(y, 20)
      y = para(s, x, y, w, size: size)
    end
    y
  end

  def bank_box(x, ytop, w, size: 7.8)
    b = @d['bank']
    return ytop if b.empty?
    h = b.size * size * 1.45 + 9
    need(ytop, h)
    boxr(x, ytop, w, h, '888888', 0.5)
    kv(b, x + 6, ytop - 5, 70, w - 82, size: size)
    ytop - h - 6
  end

  def footer_height
    n = @d['footer'].map(&:size).max || 0
    n * 6.6 * 1.3 + 26
  end

  def footer_all
    total = @pdf.page_count
    cols = @d['footer']
    (1..total).each do |p|
      @pdf.go_to_page(p)
      y0 = footer_height - 14
      hl(@ml, @mr, y0 + 5, '999999', 0.4)
      cw = (@mr - @ml) / cols.size
      cols.each_with_index { |c, i| lines(c, @ml + i * cw, y0, cw - 6, size: 6.6, lead: 1.3, color: '333333') }
      tx(@d['pageFmt'].sub('{p}', p.to_s).sub('{n}', total.to_s), @ml, y0 + 16, @mr - @ml, size: 7, align: :right, color: '555555')
    end
  end

  def cont_header
    tx(@d['seller']['name'], @ml, H - 40, 260, size: 10, style: :bold, color: @acc)
    tx(@d['cont'], @ml + 260, H - 41, @mr - @ml - 260, size: 8.5, align: :right)
    hl(@ml, @mr, H - 56, @acc, 0.8)
    H - 70
  end

  # P1: classic letterhead left, window address, boxed meta table (prawn-table)
  def style_p1
    @bottom = footer_height + 22
    y = 0
    @d['pages'].each_with_index do |pg, pi|
      if pi > 0
        @pdf.start_new_page
        y = cont_header
      else
        tx(@d['seller']['name'], @ml, H - 40, 300, size: 17, style: :bold, color: @acc)
        lines(@d['seller']['lines'], @ml, H - 62, 260, size: 8.5)
        lines(@d['contact'], 300, H - 44, @mr - 300, size: 8, align: :right, color: '333333')
        hl(@ml, @mr, H - 118, @acc, 1.2)
        yb = H - 136
        unless @d['senderLine'].empty?
          tx(@d['senderLine'], @ml, yb, 250, size: 6.3, color: '555555')
          hl(@ml, @ml + 250, yb - 9, '999999', 0.3)
          yb -= 14
        end
        yb = lines(@d['buyer'], @ml, yb, 250, size: 9, first_bold: true)
        tx(@d['title'], 318, H - 132, @mr - 318, size: 18, style: :bold, align: :right, color: @acc)
        mw = @mr - 318
        light = @light
        @pdf.bounding_box([318, H - 160], width: mw) do
          @pdf.table(@d['meta'], column_widths: [mw * 0.44, mw * 0.56],
                                 cell_style: { size: 7.8, padding: [2.2, 4, 2.2, 4], border_width: 0.5, border_color: '777777', font: @fam }) do |t|
            t.column(0).background_color = light
            t.column(0).font_style = :bold
          end
        end
        y = [yb, @pdf.y].min - 16
        @d['intro'].each { |s| y = para(s, @ml, y, @mr - @ml, size: 8.5) }
        y -= 6
      end
      y = items_table(@ml, y, @mr - @ml, pg)
    end
    y -= 12
    y1 = totals(@mr, y, 240)
    y2 = vat(@ml, y, 230)
    y = [y1, y2].min - 10
    y = notes(@ml, y, @mr - @ml)
    bank_box(@ml, y - 4, 300)
    footer_all
  end

  # P2: colour band, label-above-value form boxes, coloured table head
  def style_p2
    @bottom = footer_height + 22
    y = 0
    @d['pages'].each_with_index do |pg, pi|
      if pi > 0
        @pdf.start_new_page
        y = cont_header
      else
        fillr(0, H, W, 84, @acc)
        tx(@d['seller']['name'], @ml, H - 24, 330, size: 17, style: :bold, color: 'FFFFFF')
        tx(@d['seller']['lines'].join(' · '), @ml, H - 49, 360, size: 8, color: 'FFFFFF')
        tx(@d['contact'].join(' · '), @ml, H - 62, 400, size: 7.5, color: 'FFFFFF')
        tx(@d['title'], @mr - 200, H - 26, 200, size: 22, style: :bold, align: :right, color: 'FFFFFF')
        y = H - 104
        tx(@d['buyerLabel'], @ml, y, 240, size: 7, color: '777777')
        yb = lines(@d['buyer'], @ml, y - 11, 250, size: 9, first_bold: true)
        meta = @d['meta']
        bw = (@mr - 320) / 2.0
        bh = 27
        meta.each_with_index do |(l, v), i|
          bx = 320 + (i % 2) * bw
          by = y - (i / 2) * bh
          boxr(bx, by, bw, bh, 'A0A0A0', 0.5)
          tx(l, bx + 5, by - 4, bw - 10, size: 6.5, color: '666666')
          tx(v, bx + 5, by - 13.5, bw - 10, size: 9, style: :bold)
        end
        y = [y - ((meta.size + 1) / 2) * bh, yb].min - 18
        @d['intro'].each { |s| y = para(s, @ml, y, @mr - @ml, size: 8.5) }
        y -= 6
      end
      y = items(@ml, y, @mr - @ml, pg, head_bg: @acc, head_fg: 'FFFFFF', rules: true)
    end
    y -= 12
    y1 = totals(@mr, y, 250, bg: @light)
    y2 = bank_box(@ml, y, 240)
    y = [y1, y2].min - 8
    notes(@ml, y, @mr - @ml)
    footer_all
  end

  # P3: tinted sidebar with seller, bank and legal data
  def style_p3
    sw = 168.0
    x0 = sw + 22
    xr = @mr
    @bottom = 44
    y = 0
    @d['pages'].each_with_index do |pg, pi|
      @pdf.start_new_page if pi > 0
      fillr(0, H, sw, H, @light)
      fillr(0, H, 6, H, @acc)
      sy = H - 40
      tx(@d['seller']['name'], 18, sy, sw - 30, size: 12, color: @acc, style: :bold)
      sy -= 20
      sy = lines(@d['seller']['lines'], 18, sy, sw - 30, size: 8) - 8
      sy = lines(@d['contact'], 18, sy, sw - 30, size: 7.3, color: '333333') - 14
      @d['bank'].each do |l, v|
        tx(l, 18, sy, sw - 30, size: 6.8, color: '666666')
        tx(v, 18, sy - 9, sw - 30, size: 7.6, style: :bold)
        sy -= 21
      end
      sy -= 8
      @d['footer'].each { |col| sy = lines(col, 18, sy, sw - 30, size: 6.8, color: '333333') - 6 }
      if pi > 0
        y = H - 40
        tx(@d['cont'], x0, y, xr - x0, size: 9, style: :bold)
        y -= 24
      else
        tx(@d['title'], x0, H - 40, xr - x0, size: 22, style: :bold, color: @acc)
        y = H - 84
        tx(@d['buyerLabel'], x0, y, 190, size: 7, color: '777777')
        yb = lines(@d['buyer'], x0, y - 11, 190, size: 9, first_bold: true)
        ym = kv(@d['meta'], x0 + 200, y, 84, xr - x0 - 284, size: 8, bold_values: true)
        y = [yb, ym].min - 16
        @d['intro'].each { |s| y = para(s, x0, y, xr - x0, size: 8.5) }
        y -= 6
      end
      y = items_table(x0, y, xr - x0, pg)
    end
    y -= 12
    y = totals(xr, y, 230)
    y = vat(x0, y - 4, 220) if @d['vat']
    notes(x0, y - 8, xr - x0)
    total = @pdf.page_count
    (1..total).each do |p|
      @pdf.go_to_page(p)
      tx(@d['pageFmt'].sub('{p}', p.to_s).sub('{n}', total.to_s), x0, 30, xr - x0, size: 7, align: :right, color: '666666')
    end
  end

  # P4: monogram + right-hand letterhead, label-left meta, zebra rows, carried forward
  def style_p4
    @bottom = footer_height + 22
    y = 0
    @d['pages'].each_with_index do |pg, pi|
      if pi > 0
        @pdf.start_new_page
        y = cont_header
      else
        fillr(@ml, H - 36, 40, 40, @acc)
        tx(@d['mono'], @ml, H - 48, 40, size: 15, style: :bold, align: :center, color: 'FFFFFF')
        tx(@d['seller']['name'], 250, H - 38, @mr - 250, size: 15, style: :bold, align: :right, color: @acc)
        ys = lines(@d['seller']['lines'], 250, H - 58, @mr - 250, size: 8.5, align: :right)
        lines(@d['contact'], 250, ys - 2, @mr - 250, size: 7.8, align: :right, color: '444444')
        yb = H - 140
        unless @d['senderLine'].empty?
          tx(@d['senderLine'], @ml, yb, 260, size: 6.2, color: '666666')
          hl(@ml, @ml + 260, yb - 8.5, '999999', 0.3)
          yb -= 14
        end
        if @d['buyerLabel']
          tx(@d['buyerLabel'], @ml, yb, 200, size: 8)
          yb -= 11
        end
        yb = lines(@d['buyer'], @ml, yb, 260, size: 9.2, first_bold: true)
        ym = kv(@d['meta'], 330, H - 140, 100, @mr - 430, size: 8)
        y = [yb, ym].min - 14
        tx(@d['title'], @ml, y, 300, size: 16, style: :bold)
        y -= 24
        @d['intro'].each { |s| y = para(s, @ml, y, @mr - @ml, size: 8.5) }
        y -= 4
      end
      y = items(@ml, y, @mr - @ml, pg, rules: false)
      hl(@ml, @mr, y, '000000', 0.6)
    end
    y -= 12
    y1 = totals(@mr, y, 240)
    y2 = vat(@ml, y, 220)
    y = [y1, y2].min - 10
    y = notes(@ml, y, @mr - @ml)
    bank_box(@ml, y - 2, 280)
    footer_all
  end
end

ARGV.each_slice(2) do |inp, out|
  d = JSON.parse(File.read(inp, encoding: 'UTF-8'))
  r = Inv.new(d)
  case d['style']
  when 'P1' then r.style_p1
  when 'P2' then r.style_p2
  when 'P3' then r.style_p3
  when 'P4' then r.style_p4
  else raise "unknown style #{d['style']}"
  end
  r.pdf.render_file(out)
end
`;

// ───────────────────────────── engine 2: Perl PDF::API2 ─────────────────────────────
const PERL_SRC = String.raw`#!/usr/bin/perl
# Written by scripts/make-script-invoices.ts – draws invoice JSON files with PDF::API2
# using absolute positions only (text and graphics content objects).
# usage: perl render.pl in1.json out1.pdf [in2.json out2.pdf ...]
use strict;
use warnings;
use utf8;
use JSON::PP;
use PDF::API2;
use List::Util qw(min max sum);

my ($W, $H) = (595.28, 841.89);
my %TTF = (
  dejavu     => ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  liberation => ['/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf'],
);
my %CORE = (helvetica => ['Helvetica', 'Helvetica-Bold'], times => ['Times-Roman', 'Times-Bold'], courier => ['Courier', 'Courier-Bold']);

our ($pdf, $d, $page, $g, $t, $F, $FB, $ML, $MR, $bottom);

sub new_page {
  $page = $pdf->page;
  $page->size('A4');
  $g = $page->graphics;
  $t = $page->text;
}

sub fontw { my ($s, $sz, $b) = @_; return ($b ? $FB : $F)->width($s) * $sz; }

sub tx {
  my ($s, $x, $ytop, $w, %o) = @_;
  return if !defined $s || $s eq '';
  my $sz0 = $o{size} // 8.5;
  my $sz = $sz0;
  my $b = $o{bold} ? 1 : 0;
  my $tw = fontw($s, $sz, $b);
  if ($w && $tw > $w) { $sz = $sz * $w / $tw; $tw = $w; }
  my $al = $o{align} // 'l';
  my $x0 = $al eq 'r' ? $x + $w - $tw : $al eq 'c' ? $x + ($w - $tw) / 2 : $x;
  $t->font($b ? $FB : $F, $sz);
  $t->fill_color('#' . ($o{color} // '000000'));
  $t->translate($x0, $ytop - $sz0 * 0.8);
  $t->text($s);
}

sub lines_ {
  my ($arr, $x, $ytop, $w, %o) = @_;
  my $sz = $o{size} // 8.5;
  my $lead = $o{lead} // 1.32;
  my $y = $ytop;
  my $i = 0;
  for my $s (@$arr) {
    my $fb = ($o{first_bold} && $i == 0) ? 1 : 0;
    tx($s, $x, $y, $w, %o, size => ($fb ? $sz + 1 : $sz), bold => ($fb || $o{bold}));
    $y -= $sz * $lead + ($fb ? 1.5 : 0);
    $i++;
  }
  return $y;
}

sub need {
  my ($y, $h) = @_;
  die sprintf("layout overflow in %s (y=%d need %d bottom %d)\n", $d->{file}, $y, $h, $bottom) if $y - $h < $bottom;
}

sub para {
  my ($s, $x, $ytop, $w, %o) = @_;
  my $sz = $o{size} // 7.8;
  my @out;
  my $cur = '';
  for my $wd (split / /, $s) {
    my $try = $cur eq '' ? $wd : "$cur $wd";
    if ($cur ne '' && fontw($try, $sz, $o{bold}) > $w) { push @out, $cur; $cur = $wd; } else { $cur = $try; }
  }
  push @out, $cur if $cur ne '';
  my $y = $ytop;
  for my $l (@out) { need($y, $sz * 1.3); tx($l, $x, $y, $w, %o, size => $sz); $y -= $sz * 1.3; }
  return $y - 3;
}

sub fillr { my ($x, $ytop, $w, $h, $c) = @_; $g->fill_color('#' . $c); $g->rect($x, $ytop - $h, $w, $h); $g->fill; }
sub boxr {
  my ($x, $ytop, $w, $h, $c, $lw) = @_;
  $g->stroke_color('#' . ($c // '000000')); $g->line_width($lw // 0.5);
  $g->rect($x, $ytop - $h, $w, $h); $g->stroke;
}
sub hl {
  my ($x1, $x2, $y, $c, $lw) = @_;
  $g->stroke_color('#' . ($c // '000000')); $g->line_width($lw // 0.5);
  $g->move($x1, $y); $g->line($x2, $y); $g->stroke;
}
sub vl {
  my ($x, $y1, $y2, $c, $lw) = @_;
  $g->stroke_color('#' . ($c // '000000')); $g->line_width($lw // 0.5);
  $g->move($x, $y1); $g->line($x, $y2); $g->stroke;
}

sub widths {
  my $w = shift;
  my $tot = sum(map { $_->{w} } @{$d->{cols}});
  return map { $w * $_->{w} / $tot } @{$d->{cols}};
}
sub desc_x {
  my ($x, @ws) = @_;
  my @cols = @{$d->{cols}};
  my $cx = $x;
  for my $i (0 .. $#cols) { return ($cx, $ws[$i]) if $cols[$i]{k} eq 'desc'; $cx += $ws[$i]; }
  return ($x, $ws[0]);
}

sub items {
  my ($x, $ytop, $w, $pg, %o) = @_;
  my @cols = @{$d->{cols}};
  my @ws = widths($w);
  my $rh = $o{rh} // 13;
  my $sz = $o{size} // 7.8;
  my $y = $ytop;
  fillr($x, $y, $w, $rh + 3, $o{head_bg}) if $o{head_bg};
  my $cx = $x;
  for my $i (0 .. $#cols) {
    tx($cols[$i]{t}, $cx + 3, $y - 3.5, $ws[$i] - 6, size => $sz, bold => 1, align => $cols[$i]{a}, color => ($o{head_fg} // '000000'));
    $cx += $ws[$i];
  }
  $y -= $rh + 3;
  hl($x, $x + $w, $y, '000000', 0.7);
  my ($dx, $dw) = desc_x($x, @ws);
  my $carry = sub {
    my $p = shift;
    need($y, $rh);
    fillr($x, $y, $w, $rh, $d->{light});
    tx($p->[0], $dx + 3, $y - 3, $dw - 6, size => $sz, bold => 1);
    tx($p->[1], $x + $w - $ws[-1] + 3, $y - 3, $ws[-1] - 6, size => $sz, bold => 1, align => 'r');
    $y -= $rh;
    hl($x, $x + $w, $y, '000000', 0.4);
  };
  $carry->($pg->{carryIn}) if $pg->{carryIn};
  my $ri = 0;
  for my $r (@{$pg->{rows}}) {
    need($y, $rh);
    fillr($x, $y, $w, $rh, 'EEF1F4') if $d->{zebra} && $ri % 2 == 1;
    $cx = $x;
    for my $i (0 .. $#cols) { tx($r->[$i], $cx + 3, $y - 3, $ws[$i] - 6, size => $sz, align => $cols[$i]{a}); $cx += $ws[$i]; }
    $y -= $rh;
    $ri++;
    hl($x, $x + $w, $y, 'C8C8C8', 0.3) if $o{rules} || $o{grid};
  }
  $carry->($pg->{carryOut}) if $pg->{carryOut};
  if ($o{grid}) {
    boxr($x, $ytop, $w, $ytop - $y, '000000', 0.5);
    $cx = $x;
    for my $i (0 .. $#cols - 1) { $cx += $ws[$i]; vl($cx, $ytop, $y, '777777', 0.4); }
  }
  return $y;
}

sub totals {
  my ($xr, $ytop, $w, %o) = @_;
  my $sz = $o{size} // 8.5;
  my @rows = @{$d->{totals}};
  my $h = @rows * $sz * 1.75 + 6;
  need($ytop, $h);
  fillr($xr - $w, $ytop, $w, $h, $o{bg}) if $o{bg};
  boxr($xr - $w, $ytop, $w, $h, '000000', 0.5) if $o{box};
  fillr($xr - $w, $ytop, $w, 2.5, $o{bar}) if $o{bar};
  my $y = $ytop - 3;
  for my $r (@rows) {
    if ($r->{b}) { hl($xr - $w + 4, $xr - 4, $y + 0.5, '000000', 0.6); hl($xr - $w + 4, $xr - 4, $y - 1.2, '000000', 0.4) if $o{double}; }
    tx($r->{l}, $xr - $w + 5, $y - 2.5, $w * 0.62 - 5, size => $sz, bold => $r->{b});
    tx($r->{v}, $xr - $w * 0.38, $y - 2.5, $w * 0.38 - 5, size => $sz, bold => $r->{b}, align => 'r');
    $y -= $sz * 1.75;
  }
  return $y - 3;
}

sub vat {
  my ($x, $ytop, $w, %o) = @_;
  my $v = $d->{vat};
  return $ytop unless $v;
  my $sz = $o{size} // 7.5;
  my $n = @{$v->{head}};
  my $cw = $w / $n;
  my $rh = $sz * 1.8;
  need($ytop, $rh * (@{$v->{rows}} + 1));
  my $y = $ytop;
  fillr($x, $y, $w, $rh, $d->{light});
  for my $i (0 .. $n - 1) { tx($v->{head}[$i], $x + $i * $cw + 3, $y - 3, $cw - 6, size => $sz, bold => 1, align => ($i ? 'r' : 'l')); }
  $y -= $rh;
  for my $r (@{$v->{rows}}) {
    for my $i (0 .. $n - 1) { tx($r->[$i], $x + $i * $cw + 3, $y - 3, $cw - 6, size => $sz, align => ($i ? 'r' : 'l')); }
    $y -= $rh;
    hl($x, $x + $w, $y, 'BBBBBB', 0.3);
  }
  return $y;
}

sub notes { my ($x, $ytop, $w, %o) = @_; my $y = $ytop; $y = para($_, $x, $y, $w, size => ($o{size} // 7.8)) for @{$d->{notes}}; return $y; }

sub kv {
  my ($pairs, $x, $ytop, $lw, $vw, %o) = @_;
  my $sz = $o{size} // 8;
  my $y = $ytop;
  for my $p (@$pairs) {
    tx($p->[0], $x, $y, $lw, size => $sz, color => ($o{lc} // '555555'));
    tx($p->[1], $x + $lw, $y, $vw, size => $sz, bold => $o{bold});
    $y -= $sz * ($o{lead} // 1.42);
  }
  return $y;
}

sub footer_h { my $n = max(map { scalar @$_ } @{$d->{footer}}); return $n * 6.6 * 1.3 + 26; }
sub footer_cols {
  my ($pi, $np) = @_;
  my $y0 = footer_h() - 14;
  hl($ML, $MR, $y0 + 5, '999999', 0.4);
  my @cols = @{$d->{footer}};
  my $cw = ($MR - $ML) / @cols;
  for my $i (0 .. $#cols) { lines_($cols[$i], $ML + $i * $cw, $y0, $cw - 6, size => 6.6, lead => 1.3, color => '333333'); }
  my $pl = $d->{pageFmt}; $pl =~ s/\{p\}/$pi/; $pl =~ s/\{n\}/$np/;
  tx($pl, $ML, $y0 + 16, $MR - $ML, size => 7, align => 'r', color => '555555');
}
sub cont_header {
  tx($d->{seller}{name}, $ML, $H - 40, 260, size => 10, bold => 1, color => $d->{accent});
  tx($d->{cont}, $ML + 260, $H - 41, $MR - $ML - 260, size => 8.5, align => 'r');
  hl($ML, $MR, $H - 56, $d->{accent}, 0.8);
  return $H - 70;
}

# A1: DIN 5008 business letter – fold marks, window, info block, grid table
sub style_a1 {
  $ML = 70.87; $MR = $W - 51;
  $bottom = footer_h() + 24;
  my @pages = @{$d->{pages}};
  my $np = @pages;
  my $y;
  for my $pi (0 .. $#pages) {
    new_page() if $pi > 0;
    hl(10, 22, $H - 297.64, '888888', 0.4);
    hl(10, 22, $H - 595.28, '888888', 0.4);
    hl(10, 28, $H / 2, '888888', 0.4);
    if ($pi == 0) {
      tx($d->{seller}{name}, 300, $H - 40, $MR - 300, size => 15, bold => 1, align => 'r', color => $d->{accent});
      lines_($d->{seller}{lines}, 300, $H - 60, $MR - 300, size => 8.3, align => 'r');
      fillr($ML, $H - 92, $MR - $ML, 2, $d->{accent});
      my $wy = $H - 127.56;
      tx($d->{senderLine}, $ML, $wy, 240, size => 6.2, color => '555555');
      hl($ML, $ML + 240, $wy - 8, '777777', 0.3);
      my $yb = lines_($d->{buyer}, $ML, $wy - 16, 240, size => 9.5);
      my $ix = 354.33;
      my $ym = $H - 132;
      for my $p (@{$d->{meta}}) {
        tx($p->[0], $ix, $ym, 88, size => 7.5, color => '555555');
        tx($p->[1], $ix + 88, $ym, $MR - $ix - 88, size => 8.1);
        $ym -= 11;
      }
      $ym = lines_($d->{contact}, $ix, $ym - 5, $MR - $ix, size => 7.2, color => '555555');
      $y = min($yb, $ym, $H - 275) - 10;
      tx($d->{title} . ' ' . $d->{meta}[0][1], $ML, $y, 400, size => 12.5, bold => 1);
      $y -= 22;
      $y = para($_, $ML, $y, $MR - $ML, size => 8.8) for @{$d->{intro}};
      $y -= 6;
    } else {
      $y = cont_header();
    }
    $y = items($ML, $y, $MR - $ML, $pages[$pi], grid => 1, head_bg => $d->{light});
    footer_cols($pi + 1, $np);
  }
  $y -= 12;
  my $y1 = totals($MR, $y, 235, box => 1);
  my $y2 = vat($ML, $y, 230);
  $y = min($y1, $y2) - 12;
  $y = notes($ML, $y, $MR - $ML, size => 8.2);
}

# A2: boxed form header (seller | title + label-above-value boxes), framed buyer box
sub style_a2 {
  $ML = 40; $MR = $W - 40;
  $bottom = 60;
  my @pages = @{$d->{pages}};
  my $top = $H - 36;
  my $hh = 150;
  my $mid = $ML + ($MR - $ML) * 0.5;
  boxr($ML, $top, $MR - $ML, $hh, '000000', 0.8);
  vl($mid, $top, $top - $hh, '000000', 0.8);
  tx($d->{seller}{name}, $ML + 10, $top - 12, $mid - $ML - 20, size => 13, bold => 1, color => $d->{accent});
  my $sy = lines_($d->{seller}{lines}, $ML + 10, $top - 32, $mid - $ML - 20, size => 8.3);
  lines_($d->{contact}, $ML + 10, $sy - 6, $mid - $ML - 20, size => 7.6, color => '333333');
  fillr($mid, $top, $MR - $mid, 30, $d->{accent});
  tx($d->{title}, $mid + 10, $top - 8, $MR - $mid - 20, size => 16, bold => 1, color => 'FFFFFF');
  my @m = @{$d->{meta}};
  my $rows = int((@m + 1) / 2);
  my $bw = ($MR - $mid) / 2;
  my $bh = ($hh - 30) / $rows;
  for my $i (0 .. $#m) {
    my $bx = $mid + ($i % 2) * $bw;
    my $by = $top - 30 - int($i / 2) * $bh;
    boxr($bx, $by, $bw, $bh, '000000', 0.4);
    tx($m[$i][0], $bx + 6, $by - 5, $bw - 12, size => 6.8, color => '555555');
    tx($m[$i][1], $bx + 6, $by - 16, $bw - 12, size => 10, bold => 1);
  }
  my $by0 = $top - $hh - 14;
  my $bxw = 250;
  my $bx = $MR - $bxw;
  my @bl = @{$d->{buyer}};
  my $bhh = @bl * 11.6 + 22;
  boxr($bx, $by0, $bxw, $bhh, '777777', 0.5);
  tx($d->{buyerLabel}, $bx + 8, $by0 - 5, 100, size => 6.8, color => '555555');
  lines_(\@bl, $bx + 8, $by0 - 17, $bxw - 16, size => 8.8, first_bold => 1);
  my $y = $by0 - $bhh - 18;
  $y = para($_, $ML, $y, $MR - $ML, size => 8.6) for @{$d->{intro}};
  for my $pi (0 .. $#pages) {
    $y = items($ML, $y, $MR - $ML, $pages[$pi], head_bg => $d->{light}, rules => 1);
  }
  hl($ML, $MR, $y, '000000', 0.7);
  $y -= 14;
  my $y1 = totals($MR, $y, 240, box => 1, double => 1);
  my $y2 = $y;
  if (@{$d->{bank}}) {
    my $bhb = @{$d->{bank}} * 8 * 1.42 + 10;
    boxr($ML, $y, 260, $bhb, '000000', 0.5);
    $y2 = kv($d->{bank}, $ML + 6, $y - 5, 78, 170, size => 8, bold => 1) - 10;
  }
  $y2 = vat($ML, $y2, 260);
  $y = min($y1, $y2) - 10;
  $y = notes($ML, $y, $MR - $ML);
  my $fy = 34;
  for my $col (@{$d->{footer}}) { for my $l (@$col) { tx($l, $ML, $fy, $MR - $ML, size => 6.8, align => 'c', color => '444444'); $fy -= 9; } }
  my $pl = $d->{pageFmt}; $pl =~ s/\{p\}/1/; $pl =~ s/\{n\}/1/;
  tx($pl, $ML, 48, $MR - $ML, size => 6.8, align => 'r', color => '777777');
}

# A3: monospaced ERP print-out
sub style_a3 {
  $ML = 44; $MR = $W - 40;
  $bottom = 50;
  my $sz = 8.4;
  my $cw = 0.6 * $sz;
  my $N = int(($MR - $ML) / $cw);
  my $lh = $sz * 1.38;
  my $y = $H - 44;
  my $line = sub { my ($s, %o) = @_; need($y, $lh); tx($s, $ML, $y, 0, size => $sz, %o); $y -= $lh; };
  my $pad = sub { my ($s, $n, $r) = @_; $s = substr($s, 0, $n) if length($s) > $n; return $r ? (' ' x ($n - length $s)) . $s : $s . (' ' x ($n - length $s)); };
  tx($d->{seller}{name}, $ML, $y, 0, size => 11, bold => 1);
  tx($d->{title}, $ML, $y, $MR - $ML, size => 13, bold => 1, align => 'r');
  $y -= 16;
  $line->($_) for @{$d->{seller}{lines}}, @{$d->{contact}};
  $line->('=' x $N);
  my @left = (($d->{buyerLabel} // '') . ':', @{$d->{buyer}});
  my $dotted = sub { my ($s, $n) = @_; my $k = $n - length($s) - 1; return $s . ' ' . ('.' x ($k < 2 ? 2 : $k)); };
  my @right = map { $dotted->($_->[0], 21) . ': ' . $_->[1] } @{$d->{meta}};
  my $half = int($N / 2) - 2;
  for my $i (0 .. max($#left, $#right)) {
    $line->($pad->($left[$i] // '', $half + 4, 0) . ($right[$i] // ''));
  }
  $line->('-' x $N);
  $line->($_) for @{$d->{intro}};
  my @cols = @{$d->{cols}};
  my $tot = sum(map { $_->{w} } @cols);
  my @cc = map { int(($N - @cols) * $_->{w} / $tot) } @cols;
  my $fmt = sub { my $r = shift; return join(' ', map { $pad->($r->[$_] // '', $cc[$_], $cols[$_]{a} eq 'r') } 0 .. $#cols); };
  $line->('-' x $N);
  $line->($fmt->([map { $_->{t} } @cols]), bold => 1);
  $line->('-' x $N);
  for my $pg (@{$d->{pages}}) { $line->($fmt->($_)) for @{$pg->{rows}}; }
  $line->('-' x $N);
  for my $r (@{$d->{totals}}) {
    my $lab = $pad->($dotted->($r->{l}, 33) . ':', 34, 0);
    $line->((' ' x ($N - 34 - 18)) . $lab . $pad->($r->{v}, 18, 1), bold => $r->{b});
  }
  $line->('=' x $N);
  if ($d->{vat}) {
    $line->(join('', map { $pad->($_, 16, 1) } @{$d->{vat}{head}}));
    $line->(join('', map { $pad->($_, 16, 1) } @$_)) for @{$d->{vat}{rows}};
    $line->('-' x $N);
  }
  $line->($_) for @{$d->{notes}};
  $line->(join('   ', map { $_->[0] . ': ' . $_->[1] } @{$d->{bank}})) if @{$d->{bank}};
  my $fy = 40;
  for my $col (@{$d->{footer}}) { for my $l (@$col) { tx($l, $ML, $fy, $MR - $ML, size => 7, align => 'c'); $fy -= 9; } }
  my $pl = $d->{pageFmt}; $pl =~ s/\{p\}/1/; $pl =~ s/\{n\}/1/;
  tx($pl, $ML, 54, $MR - $ML, size => 7, align => 'r');
}

# A4: thin band, label-above-value strip, zebra rows with coloured head, payment box
sub style_a4 {
  $ML = 42; $MR = $W - 42;
  $bottom = footer_h() + 22;
  my @pages = @{$d->{pages}};
  my $np = @pages;
  my $y;
  for my $pi (0 .. $#pages) {
    new_page() if $pi > 0;
    fillr(0, $H, $W, 12, $d->{accent});
    if ($pi == 0) {
      tx($d->{seller}{name}, $ML, $H - 32, 300, size => 18, bold => 1, color => $d->{accent});
      lines_($d->{seller}{lines}, $ML, $H - 56, 280, size => 8.3);
      lines_($d->{contact}, 330, $H - 34, $MR - 330, size => 7.8, align => 'r', color => '333333');
      tx($d->{title}, $ML, $H - 118, 260, size => 22, bold => 1, color => $d->{accent});
      my $bx = $MR - 230;
      tx($d->{buyerLabel}, $bx, $H - 104, 230, size => 7, color => '777777');
      my $yb = lines_($d->{buyer}, $bx, $H - 115, 230, size => 8.8, first_bold => 1);
      my @m = @{$d->{meta}};
      my $sy = min($yb, $H - 150) - 12;
      my $cw = ($MR - $ML) / @m;
      fillr($ML, $sy, $MR - $ML, 30, $d->{light});
      for my $i (0 .. $#m) {
        tx($m[$i][0], $ML + $i * $cw + 5, $sy - 5, $cw - 10, size => 6.6, color => '555555');
        tx($m[$i][1], $ML + $i * $cw + 5, $sy - 16, $cw - 10, size => 8.8, bold => 1);
      }
      $y = $sy - 44;
      $y = para($_, $ML, $y, $MR - $ML, size => 8.4) for @{$d->{intro}};
      $y -= 4;
    } else {
      $y = cont_header();
    }
    $y = items($ML, $y, $MR - $ML, $pages[$pi], head_bg => $d->{accent}, head_fg => 'FFFFFF');
    footer_cols($pi + 1, $np);
  }
  $y -= 12;
  my $y1 = totals($MR, $y, 240, bg => $d->{light}, bar => $d->{accent});
  my $y2 = $y;
  if (@{$d->{bank}}) { $y2 = kv($d->{bank}, $ML, $y - 2, 80, 180, size => 8, bold => 1); }
  $y2 = vat($ML, $y2 - 8, 250) if $d->{vat};
  $y = min($y1, $y2) - 12;
  notes($ML, $y, $MR - $ML);
}

my @args = @ARGV;
while (@args) {
  my ($in, $out) = splice(@args, 0, 2);
  open(my $fh, '<:raw', $in) or die "cannot read $in: $!";
  my $json = do { local $/; <$fh> };
  close $fh;
  $d = JSON::PP->new->utf8->decode($json);
  $pdf = PDF::API2->new;
  my $stamp = 'D:' . $d->{created} . "083000+00'00'";
  $pdf->info(Title => $d->{info}{title}, Author => $d->{info}{author}, Subject => $d->{info}{subject},
             Creator => $d->{info}{creator}, Producer => "PDF::API2 $PDF::API2::VERSION", CreationDate => $stamp, ModDate => $stamp);
  if ($TTF{$d->{font}}) { $F = $pdf->ttfont($TTF{$d->{font}}[0]); $FB = $pdf->ttfont($TTF{$d->{font}}[1]); }
  else { $F = $pdf->corefont($CORE{$d->{font}}[0], -encoding => 'cp1252'); $FB = $pdf->corefont($CORE{$d->{font}}[1], -encoding => 'cp1252'); }
  new_page();
  my $st = $d->{style};
  if ($st eq 'A1') { style_a1() } elsif ($st eq 'A2') { style_a2() } elsif ($st eq 'A3') { style_a3() } elsif ($st eq 'A4') { style_a4() }
  else { die "unknown style $st\n" }
  $pdf->save($out);
}
`;

// ───────────────────────────── engine 3: LibreOffice Calc (.fods) ─────────────────────────────
interface CSt {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  color?: string;
  bg?: string;
  border?: string;
  bt?: string;
  bb?: string;
  align?: 'start' | 'center' | 'end';
  wrap?: boolean;
  fmt?: string;
}
interface CCell {
  text?: string;
  num?: string; // value as decimal string
  date?: string;
  f?: string;
  disp?: string;
  st: CSt;
  span: number;
}
interface CRow {
  h: number;
  cells: Map<number, CCell>;
  brk: boolean;
}
function xmlEsc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
/** "5.5" → "0.055" exactly (percent as fraction, no float noise). */
function pctFrac(rate: string): string {
  const [v, sc] = dec(rate);
  const places = sc.toString().length - 1 + 2;
  const digits = (v < 0n ? -v : v).toString().padStart(places + 1, '0');
  const out = `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`
    .replace(/0+$/, '')
    .replace(/\.$/, '');
  return (v < 0n ? '-' : '') + out;
}
function centsStr(c: number): string {
  return fmtCents(c);
}
const GRID = 16;
const UNIT_CM = 1.1;
function colSpans(s: Spec): { col: number; span: number }[] {
  const ws = s.cols.map((k) => s.colW?.[k] ?? COLW[k]);
  const tot = ws.reduce((a, b) => a + b, 0);
  const units = ws.map((w) => Math.max(1, Math.round((w / tot) * GRID)));
  const di = s.cols.indexOf('desc');
  const sum = units.reduce((a, b) => a + b, 0);
  units[di] = (units[di] as number) + GRID - sum;
  let col = 0;
  return units.map((u) => {
    const r = { col, span: u };
    col += u;
    return r;
  });
}
function buildFods(s: Spec, t: Totals, c: Ctx, k: Content): string {
  const rows: CRow[] = [];
  const add = (h: number, brk = false): CRow => {
    const r: CRow = { h, cells: new Map(), brk };
    rows.push(r);
    return r;
  };
  const put = (r: CRow, col: number, span: number, cell: Omit<CCell, 'span'>): void => {
    r.cells.set(col, { ...cell, span });
  };
  const rn = (r: CRow): number => rows.indexOf(r) + 1;
  const L = (i: number): string => String.fromCharCode(65 + i);
  const ref = (col: number, r: CRow): string => `[.${L(col)}${rn(r)}]`;
  const acc = s.accent;
  const light = lighten(s.accent, 0.85);
  const thin = '0.5pt solid #808080';
  const spans = colSpans(s);
  const ci = (key: ColKey): { col: number; span: number } | undefined => {
    const i = s.cols.indexOf(key);
    return i >= 0 ? spans[i] : undefined;
  };
  const amtCol = ci('amt') as { col: number; span: number };
  const descCol = ci('desc') as { col: number; span: number };
  const sg = c.sg;
  const style = s.style;
  const border = style === 'C1' ? thin : undefined;
  const metaCell = (v: MetaVal, st: CSt): Omit<CCell, 'span'> =>
    typeof v === 'string' ? { text: v, st } : { date: v.date, disp: c.d(v.date), st: { ...st, fmt: 'DATE' } };
  const blank = (h = 0.3): CRow => add(h);

  // ── header blocks
  if (style === 'C3') {
    const r0 = add(1.0);
    put(r0, 0, 8, { text: k.title, st: { size: 20, bold: true, color: acc } });
    put(r0, 8, 8, { text: s.seller.name, st: { size: 13, bold: true, align: 'end' } });
    for (const l of [...k.sellerLines, ...k.contact])
      put(add(0.42), 8, 8, { text: l, st: { size: 8.5, align: 'end' } });
  } else {
    const r0 = add(0.95);
    put(r0, 0, 10, { text: s.seller.name, st: { size: style === 'C2' ? 14 : 15, bold: true, color: acc } });
    put(r0, 10, 6, {
      text: k.title,
      st: {
        size: style === 'C2' ? 20 : 16,
        bold: true,
        align: 'end',
        color: style === 'C2' ? acc : '000000',
      },
    });
    const left = k.sellerLines;
    const right = k.contact;
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      const r = add(0.42);
      if (left[i]) put(r, 0, 9, { text: left[i] as string, st: { size: 8.5 } });
      if (right[i]) put(r, 9, 7, { text: right[i] as string, st: { size: 8.5, align: 'end' } });
    }
  }
  blank(0.5);
  if (style === 'C2') {
    // label-above-value boxes, four per row
    for (let i = 0; i < k.meta.length; i += 4) {
      const lr = add(0.42);
      const vr = add(0.62);
      k.meta.slice(i, i + 4).forEach(([l, v], j) => {
        put(lr, j * 4, 4, { text: l, st: { size: 7, color: '555555', bg: light, border: thin } });
        put(vr, j * 4, 4, metaCell(v, { size: 10, bold: true, border: thin }));
      });
    }
    blank(0.4);
    if (k.buyerLabel) put(add(0.42), 0, 8, { text: k.buyerLabel, st: { size: 7.5, color: '555555' } });
    k.buyer.forEach((l, i) => {
      put(add(0.48), 0, 8, { text: l, st: { size: i === 0 ? 10 : 9, bold: i === 0 } });
    });
  } else {
    const n = Math.max(k.buyer.length + (k.buyerLabel ? 1 : 0), k.meta.length);
    const bl = k.buyerLabel ? [k.buyerLabel, ...k.buyer] : k.buyer;
    for (let i = 0; i < n; i++) {
      const r = add(0.5);
      const l = bl[i];
      if (l !== undefined) {
        const isLabel = k.buyerLabel !== null && i === 0;
        const isName = i === (k.buyerLabel ? 1 : 0);
        put(r, 0, 8, {
          text: l,
          st: {
            size: isLabel ? 7.5 : isName ? 10 : 9,
            bold: isName,
            color: isLabel ? '555555' : '000000',
            border: style === 'C3' ? undefined : undefined,
          },
        });
      }
      const m = k.meta[i];
      if (m) {
        put(r, 9, 3, {
          text: m[0],
          st: { size: 8, bg: style === 'C3' ? light : undefined, border: thin, color: '333333' },
        });
        put(r, 12, 4, metaCell(m[1], { size: 9, bold: true, border: thin, align: 'end' }));
      }
    }
  }
  blank(0.5);
  for (const l of k.intro) put(add(0.5), 0, GRID, { text: l, st: { size: 9, italic: true } });
  if (k.intro.length) blank(0.25);

  // ── item table
  const headSt = (a: 'l' | 'r' | 'c'): CSt => ({
    size: 8,
    bold: true,
    bg: style === 'C3' ? undefined : light,
    border: style === 'C1' || style === 'C2' ? thin : undefined,
    bb: style === 'C3' ? `1.2pt solid #${acc}` : undefined,
    align: a === 'r' ? 'end' : a === 'c' ? 'center' : 'start',
    color: style === 'C3' ? acc : '000000',
  });
  const header = (brk: boolean): void => {
    const r = add(0.6, brk);
    s.cols.forEach((key, i) => {
      const sp = at(spans, i);
      put(r, sp.col, sp.span, { text: s.colT?.[key] ?? COLT[s.lang][key], st: headSt(COLA[key]) });
    });
  };
  const itemRows: CRow[] = [];
  const ranges: [CRow, CRow][] = [];
  let carryOut: CRow | null = null;
  pageRanges(s).forEach(([a, b], pi) => {
    if (pi === 0) header(false);
    else {
      header(true);
      const r = add(0.5);
      put(r, 0, amtCol.col, { text: k.carry?.[1] ?? '', st: { size: 8.5, bold: true, bg: light, border } });
      const co = carryOut as CRow;
      put(r, amtCol.col, amtCol.span, {
        num: centsStr(sg * t.lines.slice(0, a).reduce((x, y) => x + y, 0)),
        f: `of:=${ref(amtCol.col, co)}`,
        st: { size: 8.5, bold: true, bg: light, border, fmt: 'N2', align: 'end' },
      });
    }
    const first = rows.length;
    for (let i = a; i < b; i++) {
      const l = at(s.lines, i);
      const r = add(0.5);
      itemRows[i] = r;
      const z = s.zebra && (i - a) % 2 === 1 ? '#F0F2F4' : undefined;
      const base: CSt = {
        size: 8.5,
        border,
        bb: style === 'C3' ? '0.4pt solid #B0B0B0' : undefined,
        bg: z ? z.slice(1) : undefined,
      };
      s.cols.forEach((key, j) => {
        const sp = at(spans, j);
        const st: CSt = {
          ...base,
          align: COLA[key] === 'r' ? 'end' : COLA[key] === 'c' ? 'center' : 'start',
        };
        const qi = s.cols.indexOf('qty');
        const pi2 = s.cols.indexOf('price');
        const dI = s.cols.indexOf('disc');
        switch (key) {
          case 'pos':
            put(r, sp.col, sp.span, { num: String(i + 1), st: { ...st, fmt: 'Q0' } });
            break;
          case 'sku':
            put(r, sp.col, sp.span, { text: l.sku ?? '', st });
            break;
          case 'desc':
            put(r, sp.col, sp.span, { text: l.d, st });
            break;
          case 'unit':
            put(r, sp.col, sp.span, { text: l.u ?? '', st });
            break;
          case 'qty':
            if (l.pctOf) put(r, sp.col, sp.span, { text: '', st });
            else
              put(r, sp.col, sp.span, {
                num: l.q,
                st: { ...st, fmt: `Q${(l.q.split('.')[1] ?? '').length}` },
              });
            break;
          case 'price':
            if (l.pctOf) put(r, sp.col, sp.span, { text: '', st });
            else put(r, sp.col, sp.span, { num: l.p, st: { ...st, fmt: 'N2' } });
            break;
          case 'disc':
            if (l.disc)
              put(r, sp.col, sp.span, {
                num: pctFrac(l.disc),
                st: { ...st, fmt: (l.disc.split('.')[1] ?? '').length ? 'PCT1' : 'PCT0' },
              });
            else put(r, sp.col, sp.span, { text: '', st });
            break;
          case 'rate':
            put(r, sp.col, sp.span, {
              num: pctFrac(l.r),
              st: { ...st, fmt: l.r.includes('.') ? 'PCT1' : 'PCT0' },
            });
            break;
          case 'amt': {
            let f: string;
            if (l.pctOf) {
              const refs = s.lines.slice(0, i).map((_, x) => ref(amtCol.col, at(itemRows, x)));
              f = `of:=ROUND((${refs.join('+')})*${pctFrac(l.pctOf)};2)`;
            } else {
              const q = ref(at(spans, qi).col, r);
              const p = ref(at(spans, pi2).col, r);
              const dsc = dI >= 0 && l.disc ? `*(1-${ref(at(spans, dI).col, r)})` : '';
              f = `of:=${sg < 0 ? '-' : ''}ROUND(${q}*${p}${dsc};2)`;
            }
            put(r, sp.col, sp.span, { num: centsStr(sg * at(t.lines, i)), f, st: { ...st, fmt: 'N2' } });
            break;
          }
        }
      });
    }
    ranges.push([at(rows, first), at(rows, rows.length - 1)]);
    if (pi === 0 && s.split !== undefined) {
      const r = add(0.5);
      carryOut = r;
      const [f0, l0] = at(ranges, 0);
      put(r, 0, amtCol.col, { text: k.carry?.[0] ?? '', st: { size: 8.5, bold: true, bg: light, border } });
      put(r, amtCol.col, amtCol.span, {
        num: centsStr(sg * t.lines.slice(0, b).reduce((x, y) => x + y, 0)),
        f: `of:=SUM([.${L(amtCol.col)}${rn(f0)}:.${L(amtCol.col)}${rn(l0)}])`,
        st: { size: 8.5, bold: true, bg: light, border, fmt: 'N2', align: 'end' },
      });
    }
  });
  void descCol;
  // formula expressions
  const rng = (col: number): string[] => ranges.map(([a, b]) => `[.${L(col)}${rn(a)}:.${L(col)}${rn(b)}]`);
  const amtR = rng(amtCol.col);
  const rateIdx = s.cols.indexOf('rate');
  const NET = `SUM(${amtR.join(';')})`;
  const SUB = (rate: string): string => {
    if (t.byRate.length === 1) return NET;
    if (rateIdx < 0) {
      const refs = s.lines
        .map((l, i) => (l.r === rate ? ref(amtCol.col, at(itemRows, i)) : null))
        .filter(Boolean);
      return `(${refs.join('+')})`;
    }
    const rr = rng(at(spans, rateIdx).col);
    return `(${rr.map((x, i) => `SUMIF(${x};${pctFrac(rate)};${amtR[i]})`).join('+')})`;
  };
  const TAX = (rate: string): string => `ROUND(${SUB(rate)}*${pctFrac(rate)};2)`;
  const TAXSUM = t.byRate.map((r) => TAX(r.rate)).join('+');
  const TOTAL = `${NET}+${TAXSUM}`;
  const whRefs = s.lines.some((l) => l.wh)
    ? s.lines
        .map((l, i) => (l.wh ? ref(amtCol.col, at(itemRows, i)) : null))
        .filter(Boolean)
        .join('+')
    : NET;
  const WH = s.whPct ? `ROUND((${whRefs})*${pctFrac(s.whPct)};2)` : '0';
  const DEP = s.deposit ? String((sg * cents(s.deposit)) / 100) : '0';
  const exprOf = (r: TRow): string => {
    switch (r.k) {
      case 'net':
        return NET;
      case 'sub':
        return SUB(r.rate as string);
      case 'tax':
        return TAX(r.rate as string);
      case 'taxsum':
        return TAXSUM;
      case 'total':
        return TOTAL;
      case 'dep':
        return `-${DEP}`;
      case 'wh':
        return `-${WH}`;
      case 'due':
        return `${TOTAL}-${DEP}-${WH}`;
    }
  };
  // ── totals
  blank(0.3);
  for (const tr of k.totals) {
    const r = add(tr.b ? 0.6 : 0.5);
    const top = tr.b
      ? style === 'C1'
        ? '1.5pt double #000000'
        : `1pt solid #${style === 'C2' ? acc : '000000'}`
      : undefined;
    put(r, 7, 6, { text: tr.l, st: { size: tr.b ? 10 : 9, bold: tr.b, align: 'end', bt: top } });
    put(r, 13, 3, {
      num: centsStr(rowValue(c, tr)),
      f: `of:=${exprOf(tr)}`,
      st: {
        size: tr.b ? 10 : 9,
        bold: tr.b,
        align: 'end',
        bt: top,
        fmt: 'CUR',
        bg: style === 'C2' && tr.b ? light : undefined,
      },
    });
  }
  // ── VAT table
  if (k.vat) {
    blank(0.4);
    const hr = add(0.5);
    k.vat.forEach((h, i) => {
      put(hr, i * 3, 3, {
        text: h,
        st: { size: 8, bold: true, bg: light, border: thin, align: i ? 'end' : 'start' },
      });
    });
    for (const b of t.byRate) {
      const r = add(0.48);
      put(r, 0, 3, {
        num: pctFrac(b.rate),
        st: { size: 8.5, border: thin, fmt: b.rate.includes('.') ? 'PCT1' : 'PCT0', align: 'start' },
      });
      put(r, 3, 3, {
        num: centsStr(sg * b.net),
        f: `of:=${SUB(b.rate)}`,
        st: { size: 8.5, border: thin, fmt: 'N2', align: 'end' },
      });
      put(r, 6, 3, {
        num: centsStr(sg * b.tax),
        f: `of:=${TAX(b.rate)}`,
        st: { size: 8.5, border: thin, fmt: 'N2', align: 'end' },
      });
      if (k.vat.length > 3)
        put(r, 9, 3, {
          num: centsStr(sg * (b.net + b.tax)),
          f: `of:=${SUB(b.rate)}+${TAX(b.rate)}`,
          st: { size: 8.5, border: thin, fmt: 'N2', align: 'end' },
        });
    }
    if (t.byRate.length > 1) {
      const r = add(0.5);
      const st: CSt = {
        size: 8.5,
        bold: true,
        border: thin,
        bt: '1pt solid #000000',
        fmt: 'N2',
        align: 'end',
      };
      put(r, 0, 3, {
        text: VAT_SUM[s.lang],
        st: { size: 8.5, bold: true, border: thin, bt: '1pt solid #000000' },
      });
      put(r, 3, 3, { num: centsStr(sg * t.net), f: `of:=${NET}`, st });
      put(r, 6, 3, { num: centsStr(sg * t.tax), f: `of:=${TAXSUM}`, st });
      if (k.vat.length > 3) put(r, 9, 3, { num: centsStr(sg * t.total), f: `of:=${TOTAL}`, st });
    }
  }
  // ── bank block and notes
  if (k.bank.length) {
    blank(0.4);
    for (const [l, v] of k.bank) {
      const r = add(0.46);
      put(r, 0, 3, { text: l, st: { size: 8, color: '555555', bg: light, border: thin } });
      put(r, 3, 7, { text: v, st: { size: 8.5, bold: true, border: thin } });
    }
  }
  if (k.notes.length) blank(0.4);
  for (const n of k.notes) {
    const linesNeeded = Math.ceil(n.length / 105);
    put(add(0.42 * linesNeeded + 0.06), 0, GRID, { text: n, st: { size: 8, wrap: true } });
  }

  // ── serialise
  const styleNames = new Map<string, string>();
  const styleXml: string[] = [];
  const sn = (st: CSt): string => {
    const key = JSON.stringify(st, Object.keys(st).sort());
    let name = styleNames.get(key);
    if (name) return name;
    name = `ce${styleNames.size + 1}`;
    styleNames.set(key, name);
    const cp: string[] = [];
    if (st.bg) cp.push(`fo:background-color="#${st.bg}"`);
    if (st.border) cp.push(`fo:border="${st.border}"`);
    if (st.bt) cp.push(`fo:border-top="${st.bt}"`);
    if (st.bb) cp.push(`fo:border-bottom="${st.bb}"`);
    cp.push(`style:vertical-align="middle"`, `fo:padding="0.05cm"`);
    if (st.wrap) cp.push('fo:wrap-option="wrap"');
    if (st.align) cp.push('style:text-align-source="fix"');
    const tp = [`style:font-name="Liberation Sans"`, `fo:font-size="${st.size ?? 9}pt"`];
    if (st.bold) tp.push('fo:font-weight="bold"');
    if (st.italic) tp.push('fo:font-style="italic"');
    if (st.color) tp.push(`fo:color="#${st.color}"`);
    styleXml.push(
      `<style:style style:name="${name}" style:family="table-cell" style:parent-style-name="Default"${st.fmt ? ` style:data-style-name="${st.fmt}"` : ''}>` +
        `<style:table-cell-properties ${cp.join(' ')}/>` +
        (st.align ? `<style:paragraph-properties fo:text-align="${st.align}" fo:margin-left="0cm"/>` : '') +
        `<style:text-properties ${tp.join(' ')}/></style:style>`,
    );
    return name;
  };
  const body: string[] = [];
  rows.forEach((r, i) => {
    const rs = `ro${i + 1}`;
    styleXml.push(
      `<style:style style:name="${rs}" style:family="table-row"><style:table-row-properties style:row-height="${r.h.toFixed(2)}cm"${r.brk ? ' fo:break-before="page"' : ' fo:break-before="auto"'} style:use-optimal-row-height="false"/></style:style>`,
    );
    const cells: string[] = [];
    let col = 0;
    while (col < GRID) {
      const cell = r.cells.get(col);
      if (!cell) {
        let n = 1;
        while (col + n < GRID && !r.cells.get(col + n)) n++;
        cells.push(`<table:table-cell${n > 1 ? ` table:number-columns-repeated="${n}"` : ''}/>`);
        col += n;
        continue;
      }
      const span =
        cell.span > 1 ? ` table:number-columns-spanned="${cell.span}" table:number-rows-spanned="1"` : '';
      const a = `table:style-name="${sn(cell.st)}"${span}`;
      if (cell.num !== undefined) {
        const disp =
          cell.st.fmt === 'N2' || cell.st.fmt === 'CUR' ? c.a(Math.round(Number(cell.num) * 100)) : cell.num;
        cells.push(
          `<table:table-cell ${a}${cell.f ? ` table:formula="${xmlEsc(cell.f)}"` : ''} office:value-type="float" office:value="${cell.num}"><text:p>${xmlEsc(disp)}</text:p></table:table-cell>`,
        );
      } else if (cell.date !== undefined) {
        cells.push(
          `<table:table-cell ${a} office:value-type="date" office:date-value="${cell.date}"><text:p>${xmlEsc(cell.disp ?? cell.date)}</text:p></table:table-cell>`,
        );
      } else if (cell.text) {
        cells.push(
          `<table:table-cell ${a} office:value-type="string"><text:p>${xmlEsc(cell.text)}</text:p></table:table-cell>`,
        );
      } else {
        cells.push(`<table:table-cell ${a}/>`);
      }
      if (cell.span > 1)
        cells.push(
          `<table:covered-table-cell${cell.span > 2 ? ` table:number-columns-repeated="${cell.span - 1}"` : ''}/>`,
        );
      col += cell.span;
    }
    body.push(`<table:table-row table:style-name="${rs}">${cells.join('')}</table:table-row>`);
  });

  // data styles in the invoice's locale
  const lang = s.lang;
  const ctry = s.country;
  const la = `number:language="${lang}" number:country="${ctry}"`;
  const num = (dp: number, grouping: boolean): string =>
    `<number:number number:decimal-places="${dp}" number:min-decimal-places="${dp}" number:min-integer-digits="1"${grouping ? ' number:grouping="true"' : ''}/>`;
  const sym = `<number:currency-symbol ${la}>${xmlEsc(s.cur.sym)}</number:currency-symbol>`;
  const curBody =
    s.cur.pos === 'pre'
      ? sym + num(2, true)
      : s.cur.pos === 'pre-sp'
        ? `${sym}<number:text> </number:text>${num(2, true)}`
        : `${num(2, true)}<number:text> </number:text>${sym}`;
  const pctTxt = xmlEsc(s.pctSuffix);
  const dateBody = ((): string => {
    const D = '<number:day number:style="long"/>';
    const M = '<number:month number:style="long"/>';
    const Y = '<number:year number:style="long"/>';
    const sep = (x: string): string => `<number:text>${x}</number:text>`;
    switch (s.date) {
      case 'd.m.Y':
        return D + sep('.') + M + sep('.') + Y;
      case 'd/m/Y':
        return D + sep('/') + M + sep('/') + Y;
      case 'd-m-Y':
        return D + sep('-') + M + sep('-') + Y;
      case 'long-fr':
      case 'long-nl':
      case 'long-it':
      case 'long-en-gb':
        return `<number:day/>${sep(' ')}<number:month number:textual="true" number:style="long"/>${sep(' ')}${Y}`;
      default:
        throw new Error(`${fileBase(s)}: date style ${s.date} not available in the spreadsheet engine`);
    }
  })();
  const dataStyles = [
    `<number:number-style style:name="N2" ${la}>${num(2, true)}</number:number-style>`,
    `<number:number-style style:name="Q0" ${la}>${num(0, false)}</number:number-style>`,
    `<number:number-style style:name="Q1" ${la}>${num(1, false)}</number:number-style>`,
    `<number:number-style style:name="Q2" ${la}>${num(2, false)}</number:number-style>`,
    `<number:currency-style style:name="CUR" ${la}>${curBody}</number:currency-style>`,
    `<number:percentage-style style:name="PCT0" ${la}>${num(0, false)}<number:text>${pctTxt}</number:text></number:percentage-style>`,
    `<number:percentage-style style:name="PCT1" ${la}>${num(1, false)}<number:text>${pctTxt}</number:text></number:percentage-style>`,
    `<number:date-style style:name="DATE" ${la}>${dateBody}</number:date-style>`,
  ];
  const cols = `<table:table-column table:style-name="co1" table:number-columns-repeated="${GRID}" table:default-cell-style-name="Default"/>`;
  const pageLabel = xmlEsc(k.pageFmt)
    .replace('{p}', '<text:page-number>1</text:page-number>')
    .replace('{n}', '<text:page-count>1</text:page-count>');
  const footerParas = [...k.footer.map((col) => col.join(' · ')), null]
    .map((l) =>
      l === null
        ? `<text:p><text:span text:style-name="T1">${pageLabel}</text:span></text:p>`
        : `<text:p><text:span text:style-name="T1">${xmlEsc(l)}</text:span></text:p>`,
    )
    .join('');
  const created = `${s.issue}T08:30:00`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:meta><meta:generator>make-script-invoices</meta:generator><dc:title>${xmlEsc(`${k.title} ${s.number}`)}</dc:title><dc:creator>${xmlEsc(s.seller.name)}</dc:creator><meta:initial-creator>${xmlEsc(s.seller.name)}</meta:initial-creator><meta:creation-date>${created}</meta:creation-date><dc:date>${created}</dc:date><meta:editing-cycles>1</meta:editing-cycles><meta:editing-duration>PT0S</meta:editing-duration></office:meta>
<office:font-face-decls><style:font-face style:name="Liberation Sans" svg:font-family="'Liberation Sans'" style:font-family-generic="swiss" style:font-pitch="variable"/></office:font-face-decls>
<office:styles>
${dataStyles.join('\n')}
<style:default-style style:family="table-cell"><style:text-properties style:font-name="Liberation Sans" fo:font-size="9pt" fo:language="${lang}" fo:country="${ctry}"/></style:default-style>
<style:style style:name="Default" style:family="table-cell"><style:text-properties style:font-name="Liberation Sans" fo:font-size="9pt"/></style:style>
</office:styles>
<office:automatic-styles>
<style:style style:name="co1" style:family="table-column"><style:table-column-properties fo:break-before="auto" style:column-width="${UNIT_CM}cm"/></style:style>
<style:style style:name="ta1" style:family="table" style:master-page-name="Invoice"><style:table-properties table:display="true" style:writing-mode="lr-tb"/></style:style>
<style:style style:name="T1" style:family="text"><style:text-properties style:font-name="Liberation Sans" fo:font-size="7pt" fo:color="#444444"/></style:style>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" style:print-orientation="portrait" fo:margin-top="1.2cm" fo:margin-bottom="0.9cm" fo:margin-left="1.6cm" fo:margin-right="1.6cm" style:print="charts drawings objects zero-values" style:print-page-order="ttb" style:scale-to="100%" style:first-page-number="continue"/><style:header-style/><style:footer-style><style:header-footer-properties fo:min-height="1.1cm" fo:margin-top="0.3cm"/></style:footer-style></style:page-layout>
${styleXml.join('\n')}
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Invoice" style:page-layout-name="pm1"><style:header style:display="false"/><style:footer><style:region-center>${footerParas}</style:region-center></style:footer></style:master-page></office:master-styles>
<office:body><office:spreadsheet><table:calculation-settings table:automatic-find-labels="false"/>
<table:table table:name="${xmlEsc(k.title.slice(0, 1).toUpperCase() + k.title.slice(1).toLowerCase())}" table:style-name="ta1">
${cols}
${body.join('\n')}
</table:table>
</office:spreadsheet></office:body></office:document>
`;
}

// ───────────────────────────── running the engines ─────────────────────────────
const ENV = {
  ...process.env,
  SOURCE_DATE_EPOCH,
  TZ: 'UTC',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  PERL_HASH_SEED: '0',
  PERL_PERTURB_KEYS: '0',
  HOME: path.join(BUILD, 'home'),
};
function run(cmd: string, args: string[], what: string, input?: string): string {
  const r = spawnSync(cmd, args, {
    env: ENV,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    input,
    timeout: 300_000,
  });
  if (r.error) die(`${what}: cannot run ${cmd}: ${r.error.message}`);
  if (r.status !== 0) die(`${what}: ${cmd} exited with ${r.status}\n${r.stderr}`);
  return r.stdout;
}
function findStdnumPython(): string {
  for (const py of ['/usr/bin/python3', 'python3']) {
    const r = spawnSync(py, ['-c', 'import stdnum; print(stdnum.__version__)'], { encoding: 'utf8' });
    if (r.status === 0) return py;
  }
  return die('python3-stdnum not importable (apt-get install python3-stdnum)');
}
function md5hex(s: string): string {
  return createHash('md5').update(s).digest('hex').toUpperCase();
}
/** LibreOffice stamps the export time into /CreationDate and derives /ID and /DocChecksum from it: replace them in place (same length, so the xref table stays valid). */
function fixLibreOfficePdf(buf: Buffer, name: string, issue: string): Buffer {
  let s = buf.toString('latin1');
  const stamp = `D:${issue.replace(/-/g, '')}083000`;
  let n = 0;
  s = s.replace(/\/(CreationDate|ModDate)\s*\(D:\d{14}/g, (m) => {
    n++;
    return m.slice(0, m.length - 16) + stamp;
  });
  if (n === 0) die(`${name}: no /CreationDate found in LibreOffice output`);
  const id = md5hex(`script-blind/${name}`);
  s = s.replace(/\/ID\s*\[\s*<([0-9A-Fa-f]{32})>\s*<([0-9A-Fa-f]{32})>\s*\]/, (m, a: string, b: string) =>
    m.replace(a, id).replace(b, id),
  );
  s = s.replace(/\/DocChecksum\s*\/([0-9A-Fa-f]{32})/, (m, a: string) =>
    m.replace(a, md5hex(`docchecksum/${name}`)),
  );
  const out = Buffer.from(s, 'latin1');
  if (out.length !== buf.length) die(`${name}: PDF length changed while fixing metadata`);
  return out;
}
const CP1252_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
function cp1252Ok(s: string): boolean {
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (cp === 0xa0) return false; // PDF::API2 core fonts lose NBSP
    if ((cp >= 0x20 && cp < 0x7f) || (cp >= 0xa1 && cp <= 0xff) || CP1252_EXTRA.has(ch)) continue;
    return false;
  }
  return true;
}
function allStrings(x: unknown, out: string[] = []): string[] {
  if (typeof x === 'string') out.push(x);
  else if (Array.isArray(x)) for (const v of x) allStrings(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) allStrings(v, out);
  return out;
}
function pdfStreams(buf: Buffer): string[] {
  const out: string[] = [];
  const s = buf.toString('latin1');
  const re = /stream\r?\n/g;
  for (;;) {
    const m = re.exec(s);
    if (!m) break;
    const start = m.index + m[0].length;
    const end = s.indexOf('endstream', start);
    if (end < 0) break;
    try {
      out.push(zlib.inflateSync(buf.subarray(start, end)).toString('latin1'));
    } catch {
      out.push(s.slice(start, end));
    }
    re.lastIndex = end + 9;
  }
  return out;
}
function norm(x: string): string {
  return x.replace(/[\u00a0\u202f\u2007\u2009]/g, ' ').replace(/[ \t]+/g, ' ');
}
function escRe(x: string): string {
  return x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ───────────────────────────── main ─────────────────────────────
function main(): void {
  // 0. build folder (wiped; only if it is ours), tools and versions
  const marker = path.join(BUILD, '.make-script-invoices');
  const within = (a: string, b: string): boolean => a === b || b.startsWith(`${a}${path.sep}`);
  if (within(BUILD, ROOT) || within(BUILD, OUT) || within(OUT, BUILD) || BUILD.split(path.sep).length < 3)
    die(`refusing to use ${BUILD} as build folder`);
  if (fs.existsSync(BUILD) && fs.readdirSync(BUILD).length && !fs.existsSync(marker))
    die(`${BUILD} exists and was not made by this script; choose another SCRIPT_INVOICES_BUILD`);
  fs.rmSync(BUILD, { recursive: true, force: true });
  fs.mkdirSync(BUILD, { recursive: true });
  fs.writeFileSync(marker, 'build folder of scripts/make-script-invoices.ts\n');
  fs.mkdirSync(ENV.HOME as string, { recursive: true });
  const py = findStdnumPython();
  const prawnV = run(
    'ruby',
    ['-e', 'require "prawn"; require "prawn/table"; print Prawn::VERSION'],
    'ruby-prawn',
  ).trim();
  const api2V = run('perl', ['-MPDF::API2', '-e', 'print $PDF::API2::VERSION'], 'libpdf-api2-perl').trim();
  const loV =
    /LibreOffice (\d+\.\d+\.\d+)/.exec(run('soffice', ['--headless', '--version'], 'libreoffice'))?.[1] ??
    die('cannot read the LibreOffice version');
  run('pdftotext', ['-v'], 'poppler-utils');
  const producers: Record<Engine, string> = {
    prawn: `scripts/make-script-invoices.ts (Ruby Prawn ${prawnV})`,
    api2: `scripts/make-script-invoices.ts (Perl PDF::API2 ${api2V})`,
    calc: `scripts/make-script-invoices.ts (LibreOffice Calc ${loV})`,
  };

  // 1. corpus shape
  if (SPECS.length !== 24) fail(`expected 24 specs, got ${SPECS.length}`);
  const names = new Set<string>();
  for (const s of SPECS) {
    const b = fileBase(s);
    if (names.has(b)) fail(`duplicate file ${b}`);
    names.add(b);
  }
  for (const lang of ['en', 'de', 'fr', 'nl', 'es', 'it'] as Lang[]) {
    const ls = SPECS.filter((s) => s.lang === lang);
    if (
      ls.length !== 4 ||
      ls
        .map((s) => s.n)
        .sort()
        .join() !== '1,2,3,4'
    )
      fail(`${lang}: need files 1..4`);
    for (const e of ['prawn', 'api2', 'calc'] as Engine[])
      if (!ls.some((s) => s.engine === e)) fail(`${lang}: engine ${e} unused`);
  }
  for (const e of ['prawn', 'api2', 'calc'] as Engine[])
    if (SPECS.filter((s) => s.engine === e).length !== 8) fail(`engine ${e}: need 8 files`);
  if (SPECS.filter((s) => s.type === '381').length !== 4) fail('need 4 credit notes');
  if (SPECS.filter((s) => !s.seller.iban).length > 2) fail('more than 2 files without IBAN');

  // 2. model → documents, keys
  const built = SPECS.map((s) => {
    const t = compute(s);
    const c = makeCtx(s, t);
    const k = s.build(c);
    const doc = buildDoc(s, t, c, k);
    const key = buildKey(s, t, producers[s.engine]);
    return { s, t, c, k, doc, key };
  });

  // 3. arithmetic checks (recomputed from the key strings)
  let arithChecks = 0;
  for (const { s, t, key } of built) {
    const f = (key as { fields: KeyFields }).fields;
    const b = fileBase(s);
    const lineSum = t.lines.reduce((a, x) => a + x, 0);
    const chk = (ok: boolean, msg: string): void => {
      arithChecks++;
      if (!ok) fail(`${b}: ${msg}`);
    };
    chk(lineSum === cents(f.total_net), `lines ${lineSum} ≠ total_net ${f.total_net}`);
    for (const r of f.tax_breakdown) {
      const ln = s.lines.reduce((a, l, i) => a + (l.r === r.rate ? at(t.lines, i) : 0), 0);
      chk(ln === cents(r.net), `lines at ${r.rate} % ≠ ${r.net}`);
      const [rv, rs] = dec(r.rate);
      chk(
        Number(roundDiv(BigInt(cents(r.net)) * rv, 100n * rs)) === cents(r.tax),
        `tax at ${r.rate} % not net×rate rounded half-up`,
      );
    }
    chk(
      f.tax_breakdown.reduce((a, r) => a + cents(r.net), 0) === cents(f.total_net),
      'breakdown nets ≠ total_net',
    );
    chk(
      f.tax_breakdown.reduce((a, r) => a + cents(r.tax), 0) === cents(f.total_tax),
      'breakdown taxes ≠ total_tax',
    );
    chk(cents(f.total_net) + cents(f.total_tax) === cents(f.total), 'net + tax ≠ total');
    chk(
      cents(f.total) - t.deposit - t.wh === cents(f.amount_due),
      'total − deposit − withholding ≠ amount_due',
    );
    chk(cents(f.total) > 0 && cents(f.amount_due) > 0, 'amounts must be positive in the key');
    chk(
      new Set(f.tax_breakdown.map((r) => r.rate)).size === f.tax_breakdown.length,
      'one breakdown entry per rate',
    );
    chk(
      !!f.number && !!f.issue_date && !!f.currency && !!f.total && !!f.seller_vat_id,
      'mandatory key fields present',
    );
    if (s.split !== undefined) chk(s.pages === 2, 'split files must be two pages');
  }

  // 4. identifiers: own check + stdnum + one-digit mutations
  interface IdCase {
    file: string;
    label: string;
    kind: IdKind;
    v: string;
    std: string | null;
    stdv: string;
  }
  const ids: IdCase[] = [];
  for (const { s } of built) {
    const file = fileBase(s);
    const push = (label: string, kind: IdKind, v: string | null, stdv?: string): void => {
      if (!v) return;
      ids.push({ file, label, kind, v, std: stdnumModule(kind, v), stdv: stdv ?? v });
    };
    push('seller VAT', 'vat', s.seller.vat);
    push('buyer VAT', 'vat', s.buyer.vat);
    push('IBAN', 'iban', s.seller.iban);
    push('BIC', 'bic', s.seller.bic);
    if (s.seller.reg && s.seller.regKind)
      push('registration', s.seller.regKind, s.seller.reg, s.seller.regStd);
    if (s.payRef && s.payRefKind) push('payment reference', s.payRefKind, s.payRef);
    for (const x of s.extraIds ?? []) push(x.label, x.kind, x.v, x.std);
    // printed forms must canonicalise to the key
    const canon = (
      label: string,
      printed: string | undefined,
      keyv: string | null,
      prefixOk: boolean,
    ): void => {
      if (!keyv || !printed) return;
      const cp = compact(printed);
      const ok =
        printed === keyv ||
        cp === compact(keyv) ||
        (prefixOk && keyv.endsWith(cp) && /^[A-Z]{2,3}$/.test(keyv.slice(0, keyv.length - cp.length)));
      if (!ok) fail(`${file}: printed ${label} "${printed}" does not canonicalise to key "${keyv}"`);
    };
    canon('seller VAT', s.seller.vatP, s.seller.vat, true);
    canon('buyer VAT', s.buyer.vatP, s.buyer.vat, true);
    canon('IBAN', s.seller.ibanP, s.seller.iban, false);
    canon('registration', s.seller.regP, s.seller.reg, false);
    if (s.payRefKind !== 'ogm') canon('payment reference', s.payRefP, s.payRef, false);
    else if (s.payRefP !== s.payRef) fail(`${file}: structured communication printed differently from key`);
  }
  const stdCases: { m: string; v: string }[] = [];
  const stdIndex: { case: IdCase; mutated: boolean; v: string }[] = [];
  let ownChecks = 0;
  let mutations = 0;
  for (const x of ids) {
    ownChecks++;
    if (!idOk(x.kind, x.v)) fail(`${x.file}: ${x.label} ${x.v} fails own ${x.kind} check`);
    if (x.std) {
      stdCases.push({ m: x.std, v: x.stdv });
      stdIndex.push({ case: x, mutated: false, v: x.stdv });
    }
    if (CHECKSUMMED.has(x.kind)) {
      const mv = mutate(x.v, x.kind);
      mutations++;
      ownChecks++;
      if (idOk(x.kind, mv)) fail(`${x.file}: mutated ${x.label} ${mv} still passes own ${x.kind} check`);
      if (x.std) {
        stdCases.push({ m: x.std, v: mv });
        stdIndex.push({ case: x, mutated: true, v: mv });
      }
    }
  }
  const pyCode = [
    'import sys, json, importlib',
    'out = []',
    'for c in json.load(sys.stdin):',
    '    m = importlib.import_module("stdnum." + c["m"])',
    '    try:',
    '        m.validate(c["v"]); out.append(True)',
    '    except Exception:',
    '        out.append(False)',
    'print(json.dumps(out))',
  ].join('\n');
  const stdRes = JSON.parse(run(py, ['-c', pyCode], 'stdnum', JSON.stringify(stdCases))) as boolean[];
  stdIndex.forEach((x, i) => {
    const ok = stdRes[i];
    if (x.mutated && ok) fail(`${x.case.file}: mutated ${x.case.label} ${x.v} passes stdnum ${x.case.std}`);
    if (!x.mutated && !ok) fail(`${x.case.file}: ${x.case.label} ${x.v} fails stdnum ${x.case.std}`);
  });

  // 5. engine-specific input checks
  for (const { s, doc } of built) {
    if (s.engine === 'api2' && ['helvetica', 'times', 'courier'].includes(s.font)) {
      for (const str of allStrings(doc))
        if (!cp1252Ok(str)) fail(`${fileBase(s)}: "${str}" not representable in a PDF::API2 core font`);
    }
  }

  // 6. output folder ownership
  const expected = new Set<string>();
  for (const { s } of built) {
    expected.add(`${fileBase(s)}.pdf`);
    expected.add(`${fileBase(s)}.key.json`);
  }
  if (fs.existsSync(OUT)) {
    const foreign = fs.readdirSync(OUT).filter((f) => !expected.has(f));
    if (foreign.length && !FORCE)
      die(
        `${OUT} holds files this script did not make (${foreign.slice(0, 5).join(', ')}); set SCRIPT_INVOICES_FORCE=1 to overwrite`,
      );
  }
  if (failures.length) finish(0, 0, 0, 0, stdCases.length, ownChecks, mutations, arithChecks);

  // 7. write engine sources
  const SRC = path.join(BUILD, 'src');
  fs.mkdirSync(SRC, { recursive: true });
  fs.mkdirSync(ENV.HOME as string, { recursive: true });
  fs.writeFileSync(path.join(SRC, 'render.rb'), RUBY_SRC);
  fs.writeFileSync(path.join(SRC, 'render.pl'), PERL_SRC);
  for (const { s, t, c, k, doc } of built) {
    if (s.engine === 'calc') fs.writeFileSync(path.join(SRC, `${fileBase(s)}.fods`), buildFods(s, t, c, k));
    else fs.writeFileSync(path.join(SRC, `${fileBase(s)}.json`), `${JSON.stringify(doc, null, 1)}\n`);
  }

  // 8. render twice
  const profile = `file://${path.join(BUILD, 'lo-profile')}`;
  const renderRun = (dir: string): void => {
    fs.mkdirSync(dir, { recursive: true });
    const byEngine = (e: Engine): Spec[] => built.filter((b) => b.s.engine === e).map((b) => b.s);
    run(
      'ruby',
      [
        path.join(SRC, 'render.rb'),
        ...byEngine('prawn').flatMap((s) => [
          path.join(SRC, `${fileBase(s)}.json`),
          path.join(dir, `${fileBase(s)}.pdf`),
        ]),
      ],
      'Prawn',
    );
    run(
      'perl',
      [
        path.join(SRC, 'render.pl'),
        ...byEngine('api2').flatMap((s) => [
          path.join(SRC, `${fileBase(s)}.json`),
          path.join(dir, `${fileBase(s)}.pdf`),
        ]),
      ],
      'PDF::API2',
    );
    const calc = byEngine('calc');
    run(
      'soffice',
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'pdf:calc_pdf_Export',
        '--outdir',
        dir,
        ...calc.map((s) => path.join(SRC, `${fileBase(s)}.fods`)),
      ],
      'LibreOffice',
    );
    for (const s of calc) {
      const p = path.join(dir, `${fileBase(s)}.pdf`);
      if (!fs.existsSync(p)) die(`LibreOffice did not write ${p}`);
      fs.writeFileSync(p, fixLibreOfficePdf(fs.readFileSync(p), `${fileBase(s)}.pdf`, s.issue));
    }
  };
  const run1 = path.join(BUILD, 'run1');
  const run2 = path.join(BUILD, 'run2');
  renderRun(run1);
  renderRun(run2);
  let identical = 0;
  for (const { s } of built) {
    const f = `${fileBase(s)}.pdf`;
    const a = fs.readFileSync(path.join(run1, f));
    const b = fs.readFileSync(path.join(run2, f));
    if (a.equals(b)) identical++;
    else fail(`${f}: two renders differ (${a.length} vs ${b.length} bytes)`);
  }

  // 9. printed-value checks on the extracted text
  let printedChecks = 0;
  let exactMatches = 0;
  const pageInfo: Record<string, number> = {};
  for (const { s, t, c } of built) {
    const f = `${fileBase(s)}.pdf`;
    const p = path.join(run1, f);
    const info = run('pdfinfo', [p], 'pdfinfo');
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? '0');
    pageInfo[f] = pages;
    if (pages !== s.pages) fail(`${f}: ${pages} pages, expected ${s.pages}`);
    if (!/CreationDate:\s+\S/.test(info)) fail(`${f}: no CreationDate`);
    const raw = run('pdftotext', ['-layout', '-enc', 'UTF-8', p, '-'], 'pdftotext');
    const text = norm(raw);
    for (const e of expectations(s, t, c)) {
      printedChecks++;
      if (e.rate) {
        const re = new RegExp(`(^|[^\\d.,])${escRe(e.printed)} ?%`, 'm');
        if (!re.test(text)) fail(`${f}: ${e.field} "${e.printed} %" not found in text`);
        continue;
      }
      if (raw.includes(e.printed)) exactMatches++;
      if (!text.includes(norm(e.printed)))
        fail(`${f}: ${e.field} printed form "${e.printed}" not found in text`);
      if (/amount|total|net$|tax$/.test(e.field) && !Number.isNaN(parseAmt(e.printed, s.amt))) {
        // round-trip of the locale formatter
        if (Math.abs(parseAmt(e.printed, s.amt)) === 0 && !/0[.,]00$/.test(e.printed))
          fail(`${f}: bad amount form ${e.printed}`);
      }
      if (/date$/.test(e.field) && parseDate(e.printed) === null)
        fail(`${f}: printed date "${e.printed}" does not parse back`);
    }
    // every printed date parses back to the key date, every amount to the key amount
    const k = expectations(s, t, c);
    for (const e of k) {
      if (e.field === 'issue_date' && parseDate(e.printed) !== s.issue)
        fail(`${f}: issue date round-trip ${e.printed}`);
      if (e.field === 'due_date' && parseDate(e.printed) !== s.due)
        fail(`${f}: due date round-trip ${e.printed}`);
      if (e.field === 'total' && parseAmt(e.printed, s.amt) !== t.total)
        fail(`${f}: total round-trip ${e.printed}`);
      if (e.field === 'amount_due' && parseAmt(e.printed, s.amt) !== t.due)
        fail(`${f}: amount_due round-trip ${e.printed}`);
    }
    if (s.amt === 'fr' && s.engine === 'prawn') {
      // narrow no-break space: poppler prints it as a plain space, so look for it in the fonts' ToUnicode maps
      if (!pdfStreams(fs.readFileSync(p)).some((x) => /<202f>/i.test(x)))
        fail(`${f}: no U+202F narrow no-break space mapped in the PDF`);
    }
  }

  // 10. publish
  fs.mkdirSync(OUT, { recursive: true });
  for (const { s, key } of built) {
    const f = `${fileBase(s)}.pdf`;
    fs.copyFileSync(path.join(run1, f), path.join(OUT, f));
    fs.writeFileSync(path.join(OUT, `${fileBase(s)}.key.json`), `${JSON.stringify(key, null, 2)}\n`);
  }
  for (const { s } of built)
    console.log(`  ${fileBase(s)}.pdf  ${pageInfo[`${fileBase(s)}.pdf`]} p  ${s.type}  ${s.country}`);
  finish(
    identical,
    printedChecks,
    exactMatches,
    ids.length,
    stdCases.length,
    ownChecks,
    mutations,
    arithChecks,
  );
}
function finish(
  identical: number,
  printed: number,
  exact: number,
  idCount: number,
  stdCount: number,
  own: number,
  mut: number,
  arith: number,
): never {
  console.log(
    `make-script-invoices: ${SPECS.length} files; byte-identical re-renders ${identical}/${SPECS.length}; ` +
      `identifiers ${idCount} (own checks ${own} incl. ${mut} one-digit mutations, stdnum checks ${stdCount}); ` +
      `printed-value checks ${printed} (${exact} exact incl. spacing); arithmetic checks ${arith}; ${((Date.now() - T0) / 1000).toFixed(1)} s`,
  );
  if (failures.length) {
    for (const f of failures) console.error(`FAIL ${f}`);
    console.error(`make-script-invoices: ${failures.length} failed check(s)`);
    process.exit(1);
  }
  console.log(`make-script-invoices: all checks passed → ${path.relative(ROOT, OUT) || OUT}`);
  process.exit(0);
}

main();
