/**
 * make-enterprise-invoices.ts: a held-out set of 24 supplier invoices for docex capture, made by three PDF engines
 * that capture was never tuned on (iText 5, Apache PDFBox 2, XeLaTeX), with one answer key per PDF.
 *
 * RUN
 *   cd /work/main && node --import tsx scripts/make-enterprise-invoices.ts
 *   ENTERPRISE_INVOICES_OUT     output folder (default test/fixtures/capture/enterprise-blind)
 *   ENTERPRISE_INVOICES_BUILD   intermediates: Java sources/classes, engine specs, .tex, two render runs (default /tmp/enterprise-build)
 *   ENTERPRISE_INVOICES_FORCE=1 write even if the output folder holds files this script did not make (otherwise it refuses)
 *   The script writes the Java sources itself, compiles them with javac, renders every PDF twice and verifies everything;
 *   exit code 1 on any failure. Runs in about 25 s (two JVM runs per engine, 2 x 2 XeLaTeX passes per TeX file).
 *
 * REQUIREMENTS (Debian 12, versions from dpkg -s)
 *   apt-get install -y default-jdk-headless libitext5-java libpdfbox2-java texlive-xetex fonts-dejavu fonts-liberation2 \
 *     poppler-utils python3-stdnum
 *   default-jdk-headless 2:1.17-74 (openjdk-17-jdk-headless 17.0.15+6-1~deb12u1), libitext5-java 5.5.13.3-2,
 *   libpdfbox2-java 2.0.27-2 (jars in /usr/share/java: itext5.jar, pdfbox2.jar, fontbox2.jar, commons-logging.jar),
 *   texlive-xetex 2022.20230122-3 (XeTeX 0.999994, xdvipdfmx 20211117; uses letter, scrlttr2, extarticle, longtable,
 *   tabularray, fancyhdr, lastpage from texlive-latex-recommended/-extra 2022.20230122), fonts-dejavu-core 2.37-6,
 *   fonts-liberation2 2.1.5-1, fonts-texgyre 20180621-6, poppler-utils 22.12.0-2+deb12u3, python3-stdnum 1.18-1,
 *   Node 20 with tsx (devDependency). Node built-ins only.
 *
 * THE 24 FILES (name, pages, type code, seller country, what the layout exercises)
 *   en-1-itext-consulting.pdf      1  380  GB  letterhead left, boxed label-left meta table, full-grid
 *                                              items, 20 % + 0 % VAT, sort code, plain payment
 *                                              reference
 *   en-2-itext-hardware.pdf        2  380  IE  letterhead right, form boxes (labels above values), 30
 *                                              lines over two pages with carried-forward subtotal, 23
 *                                              % + 13.5 %, trade discount, Page X of Y
 *   de-1-itext-wholesale.pdf       1  380  DE  grey sidebar with seller details (page event), label-
 *                                              left meta, zebra rows, 19 % + 7 %, Skonto terms,
 *                                              HRB/Amtsgericht footer
 *   de-2-itext-maschinen.pdf       2  380  CH  dark header band on every page (page event), boxed
 *                                              buyer cell, 24 lines over two pages with Übertrag, CHF
 *                                              with apostrophe thousands, MWST 8.1 % + 2.6 %, CHE UID
 *   fr-1-itext-imprimerie.pdf      1  380  BE  letterhead right / title and boxed meta left (mirrored
 *                                              table), Belgian structured communication, TVA 21 % + 6
 *                                              %, RPM number
 *   nl-1-itext-bloemen.pdf         1  381  NL  credit note with negative amounts, dark header band,
 *                                              btw 9 % + 21 %, KvK in footer, no due date
 *   es-1-itext-suministros.pdf     1  380  ES  form boxes, buyer CIF printed without ES prefix, IVA 21
 *                                              % + 10 %, Registro Mercantil hoja, bank transfer footer
 *   it-1-itext-ricambi.pdf         1  380  IT  sidebar, P.IVA and codice fiscale, REA, capitale
 *                                              sociale, IVA 22 % + 4 %, codice destinatario SDI
 *   en-3-pdfbox-logistics.pdf      1  381  GB  credit note, absolute-positioned address window, label-
 *                                              left meta, ruled rows, negative amounts, no due date
 *   de-3-pdfbox-handwerk.pdf       1  380  AT  sender line above address window, form boxes drawn as
 *                                              rectangles, grey table header, boxed totals, Anzahlung
 *                                              deducted, UID both sides, Firmenbuch FN
 *   fr-2-pdfbox-traiteur.pdf       1  380  FR  left sidebar with seller block and legal mentions,
 *                                              narrow no-break spaces in amounts, TVA 20 % / 10 % /
 *                                              5,5 %, acompte deducted, Net à payer, SIREN/SIRET/RCS
 *   fr-3-pdfbox-conseil.pdf        2  380  LU  two pages with « À reporter / Report » rows and running
 *                                              header on page 2, TVA 17 % + 3 %, RCS Luxembourg B
 *                                              number, compact IBAN
 *   nl-2-pdfbox-transport.pdf      2  380  NL  form boxes, grey table header, 22 lines over two pages
 *                                              with Transport rows, btw 21 % + 0 % (international
 *                                              transport), RF creditor reference o.v.v.
 *   nl-3-pdfbox-installatie.pdf    1  380  BE  letterhead right, Belgian reverse charge (btw verlegd,
 *                                              medecontractant) at 0 %, gestructureerde mededeling,
 *                                              RPR
 *   es-4-pdfbox-imprenta.pdf       1  380  ES  sidebar, standard-14 Helvetica (no embedding), IVA 21 %
 *                                              + 4 % (books), Spanish long dates, hoja registral
 *   it-3-pdfbox-arredi.pdf         1  381  IT  nota di credito with negative amounts, ruled table, IVA
 *                                              22 %, REA, reference to the original invoice, no due
 *                                              date
 *   en-4-xelatex-software.pdf      1  380  IE  letter class (address, opening, closing), ISO dates, EU
 *                                              reverse charge at 0 % to a Dutch customer, RF creditor
 *                                              reference
 *   es-2-xelatex-asesoria.pdf      1  380  ES  letter class for a sole trader, NIF without ES prefix,
 *                                              IVA 21 %, IRPF 15 % withheld, Spanish long dates
 *   de-4-xelatex-agentur.pdf       1  381  DE  KOMA scrlttr2 with DIN address window and reference
 *                                              line, Gutschrift (credit note), 19 %, German long date
 *   it-2-xelatex-consulenza.pdf    1  380  IT  scrlttr2 letter for a freelance professional, codice
 *                                              fiscale personale, IVA 22 %, ritenuta d'acconto 20 %
 *                                              deducted
 *   nl-4-xelatex-advies.pdf        1  380  NL  two minipages side by side, tabularray form boxes
 *                                              (labels above values), korting line, kredietbeperking
 *                                              (early-payment discount), o.v.v. invoice number
 *   fr-4-xelatex-formation.pdf     1  380  FR  minipages side by side, tabularray form boxes, narrow
 *                                              no-break spaces, TVA 20 % + 5,5 %, escompte for early
 *                                              payment, SIRET/RCS/NAF
 *   es-3-xelatex-reformas.pdf      2  380  ES  longtable over two pages with repeated header and Suma
 *                                              y sigue / Suma anterior rows, IVA 10 % + 21 %,
 *                                              descuento, anticipo deducted, lastpage page numbers
 *   it-4-xelatex-software.pdf      2  380  IT  longtable over two pages with A riportare / Riporto
 *                                              rows, IVA 22 %, sconto line, REA, codice destinatario
 *   iText 5: PdfPTable (nested tables for meta and totals), cell borders, ColumnText, page events for header band,
 *   sidebar, footer and "Page X of Y" (PdfTemplate), standard-14 fonts (Helvetica/Times, WinAnsi, so French amounts
 *   use U+00A0 there). PDFBox 2: content streams only, text at absolute coordinates, lines and rectangles, amounts
 *   right-aligned by string width, DejaVu/Liberation TTF via PDType0Font or standard-14 Helvetica, manual pagination.
 *   XeLaTeX: fontspec with TeX Gyre Pagella/Termes/Heros/Bonum, Liberation, DejaVu; letter, scrlttr2, extarticle with
 *   minipages and tabularray, longtable continued on page 2 with explicit carried-forward rows.
 *
 * ANSWER KEYS (<name>.key.json beside each PDF)
 *   {source, generator: "enterprise-blind", file, producer: "scripts/make-enterprise-invoices.ts (<engine>)", type_code,
 *   seller_country, fields: {number, issue_date, due_date, currency, total_net, total_tax, total, amount_due,
 *   tax_breakdown[{rate, net, tax}], seller_name, seller_vat_id, seller_registration_id, seller_email, iban, bic,
 *   payment_reference, purchase_order, buyer_reference, buyer_name, buyer_vat_id}}; every field a string, or null when
 *   the invoice does not print it (due_date is null on the credit notes and wherever no due date is printed).
 *   - dates ISO; amounts "1234.56"; credit notes as positive magnitudes even when printed negative.
 *   - total_net = sum of lines (discount lines are negative lines, charges are lines); total = net + tax;
 *     amount_due = total - deposit - withholding (IRPF, ritenuta d'acconto); early-payment discounts (Skonto,
 *     escompte, kredietbeperking) never change amount_due.
 *   - tax_breakdown: one entry per rate, highest rate first, rate without "%" ("8.1", "5.5", "0").
 *   - VAT ids compact with country prefix (Spanish/Italian ids printed without prefix are keyed with it; Swiss
 *     "CHE-123.456.789 MWST" keyed "CHE123456789MWST"). Registration ids as printed minus label and court:
 *     "HRB 148620", "FN 391204 a" style, SIREN 9 digits compact, KvK digits, UK/Irish company number, Belgian
 *     enterprise number (10 digits), Luxembourg "B214873", Spanish hoja "V-158374", REA "MB-1903356"; null if none.
 *   - iban compact = the account the invoice asks to be paid to (credit notes: the only account printed, the
 *     seller's, in the footer); bic as printed; payment_reference as the payer must quote it (RF compact, Belgian
 *     +++...+++ as its 12 digits, or a plain reference as printed), null when none is named; purchase_order = buyer's
 *     order number; buyer_reference = "Your Ref"/"Ihr Zeichen"/"Votre référence"/... as printed.
 *   - Arithmetic in integer cents (BigInt): line = half-up(qty x unit price), tax per rate = half-up(rate x net).
 *   All companies, people, addresses and numbers are fictitious; e-mail domains end in .example.
 *
 * VERIFICATION (printed at the end; exit 1 on any failure)
 *   - table: 24 files, 8 per engine, 4 per language, every language with every engine, 4 credit notes, 3-30 lines.
 *   - identifiers made with check digits by this script (IBAN mod 97 + FR RIB key, BE, ES, IT CIN; DE/AT/CH/FR/BE/
 *     LU/NL/ES/IT/GB/IE VAT ids; SIREN/SIRET Luhn; RF ISO 11649; Belgian structured communication mod 97; Austrian
 *     FN check letter; Italian codice fiscale), re-validated by own code and by /usr/bin/python3 with python3-stdnum
 *     (FN check letter, structured communication, RIB key and CIN are not in stdnum 1.18: independent Python code);
 *     a copy with one digit changed must be rejected by both.
 *   - arithmetic re-done on a floating-point path and the identities of the key checked.
 *   - every non-null key value found in its printed form in `pdftotext -layout` output (whitespace, U+00A0,
 *     U+202F normalised; a space before "%" ignored); "Page 2 of 2" wording on two-page files.
 *   - pdfinfo page counts match the table; Producer shows the engine (iText 5.5.13.3 / Apache PDFBox 2.0.27 /
 *     xdvipdfmx); XeLaTeX logs: no missing glyphs, no overfull box over 5 pt.
 *   - determinism: every file rendered twice (same paths) and compared byte for byte. Fixed dates everywhere
 *     (iText and PDFBox info dates from SOURCE_DATE 2026-03-05; PDFBox document id fixed; iText's random /ID
 *     replaced by an MD5 of the file name, same length, so offsets stay valid; XeLaTeX with SOURCE_DATE_EPOCH=
 *     1772668800 and FORCE_SOURCE_DATE=1). All 24 are byte-identical.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

function at<T>(a: readonly T[], i: number): T {
  const v = a[i];
  if (v === undefined) throw new Error(`index ${i} out of range`);
  return v;
}
function digitAt(s: string, i: number): number {
  return Number(at([...s], i));
}
const failures: string[] = [];
function check(ok: boolean, what: string): void {
  if (!ok) failures.push(what);
}

// ---------------------------------------------------------------------------------------------
// Identifiers: generation with check digits, and validation (own code)
// ---------------------------------------------------------------------------------------------

function mod97(s: string): number {
  let r = 0;
  for (const ch of s) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) r = (r * 10 + Number(d)) % 97;
  }
  return r;
}
function luhnValid(s: string): boolean {
  let sum = 0;
  const ds = [...s].reverse();
  for (let i = 0; i < ds.length; i++) {
    let d = Number(at(ds, i));
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return /^\d+$/.test(s) && sum % 10 === 0;
}
function luhnComplete(s: string): string {
  for (let d = 0; d < 10; d++) if (luhnValid(s + d)) return s + d;
  throw new Error('luhn');
}

const IBAN_LEN: Record<string, number> = {
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
function ibanMake(cc: string, bban: string): string {
  return cc + String(98 - mod97(`${bban}${cc}00`)).padStart(2, '0') + bban;
}
function ribKey(bank: string, branch: string, account: string): string {
  return String(97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97)).padStart(2, '0');
}
function esDc(bankBranch: string, account: string): string {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const one = (s: string): number => {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += digitAt(s, i) * at(w, i);
    const r = 11 - (sum % 11);
    return r === 11 ? 0 : r === 10 ? 1 : r;
  };
  return `${one(`00${bankBranch}`)}${one(account)}`;
}
const CIN_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
function alnumIndex(ch: string): number {
  return /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
}
function oddValue(ch: string): number {
  return /\d/.test(ch) ? at(CIN_ODD, Number(ch)) : at(CIN_ODD, ch.charCodeAt(0) - 65);
}
function itCin(rest: string): string {
  let sum = 0;
  [...rest].forEach((ch, i) => {
    sum += i % 2 === 0 ? oddValue(ch) : alnumIndex(ch);
  });
  return String.fromCharCode(65 + (sum % 26));
}
function ibanNationalOk(iban: string): boolean {
  const cc = iban.slice(0, 2);
  const b = iban.slice(4);
  if (cc === 'FR') return ribKey(b.slice(0, 5), b.slice(5, 10), b.slice(10, 21)) === b.slice(21, 23);
  if (cc === 'BE') {
    const r = Number(b.slice(0, 10)) % 97;
    return String(r === 0 ? 97 : r).padStart(2, '0') === b.slice(10, 12);
  }
  if (cc === 'ES') return esDc(b.slice(0, 8), b.slice(10, 20)) === b.slice(8, 10);
  if (cc === 'IT') return itCin(b.slice(1)) === b.slice(0, 1);
  return true;
}
function ibanValid(iban: string): boolean {
  const cc = iban.slice(0, 2);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LEN[cc] !== iban.length) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1 && ibanNationalOk(iban);
}
function bban(cc: string, parts: string[]): string {
  const [a = '', b = '', c = ''] = parts;
  if (cc === 'FR') return a + b + c + ribKey(a, b, c);
  if (cc === 'BE') {
    const r = Number(a + b) % 97;
    return a + b + String(r === 0 ? 97 : r).padStart(2, '0');
  }
  if (cc === 'ES') return a + b + esDc(a + b, c) + c;
  if (cc === 'IT') return itCin(a + b + c) + a + b + c;
  return parts.join('');
}
function iban(cc: string, ...parts: string[]): string {
  return ibanMake(cc, bban(cc, parts));
}

function deVatCheck(d8: string): number {
  let p = 10;
  for (const ch of d8) {
    let s = (Number(ch) + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  return (11 - p) % 10;
}
function atUidCheck(d7: string): number {
  let s = 0;
  for (let i = 0; i < 7; i++) {
    const d = digitAt(d7, i);
    if (i % 2 === 1) {
      const x = d * 2;
      s += Math.floor(x / 10) + (x % 10);
    } else s += d;
  }
  return (10 - ((s + 4) % 10)) % 10;
}
function chUidCheck(d8: string): number {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  let s = 0;
  for (let i = 0; i < 8; i++) s += digitAt(d8, i) * at(w, i);
  const c = 11 - (s % 11);
  return c === 11 ? 0 : c;
}
function frTvaKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}
function beCheck(d8: string): string {
  return String(97 - (Number(d8) % 97)).padStart(2, '0');
}
function nlCheck(d8: string): number {
  let s = 0;
  for (let i = 0; i < 8; i++) s += digitAt(d8, i) * (9 - i);
  return s % 11;
}
function esCifCheck(d7: string): number {
  let s = 0;
  for (let i = 0; i < 7; i++) {
    const d = digitAt(d7, i);
    if (i % 2 === 1) s += d;
    else {
      const x = 2 * d;
      s += Math.floor(x / 10) + (x % 10);
    }
  }
  return (10 - (s % 10)) % 10;
}
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
function gbVatCheck(d7: string): string {
  let s = 0;
  for (let i = 0; i < 7; i++) s += digitAt(d7, i) * (8 - i);
  return String((97 - (s % 97)) % 97).padStart(2, '0');
}
function ieVatLetter(d7: string): string {
  let s = 0;
  for (let i = 0; i < 7; i++) s += digitAt(d7, i) * (8 - i);
  return at([...'WABCDEFGHIJKLMNOPQRSTUV'], s % 23);
}
const CF_MONTH = 'ABCDEHLMPRST';
function cfCheck(s15: string): string {
  let sum = 0;
  [...s15].forEach((ch, i) => {
    sum += i % 2 === 0 ? oddValue(ch) : alnumIndex(ch);
  });
  return String.fromCharCode(65 + (sum % 26));
}
function rfMake(ref: string): string {
  return `RF${String(98 - mod97(`${ref}RF00`)).padStart(2, '0')}${ref}`;
}
function ogmMake(d10: string): string {
  const r = Number(d10) % 97;
  return d10 + String(r === 0 ? 97 : r).padStart(2, '0');
}
const FN_LETTERS = 'abdfghikmpstvwxyz';
function fnCheck(num: string): string {
  const w = [6, 4, 14, 15, 10, 1];
  const p = num.padStart(6, '0');
  let s = 0;
  for (let i = 0; i < 6; i++) s += digitAt(p, i) * at(w, i);
  return at([...FN_LETTERS], s % 17);
}

type IdKind =
  | 'iban'
  | 'de_vat'
  | 'at_uid'
  | 'ch_vat'
  | 'fr_tva'
  | 'fr_siren'
  | 'fr_siret'
  | 'be_vat'
  | 'lu_tva'
  | 'nl_btw'
  | 'es_nif'
  | 'it_iva'
  | 'it_cf'
  | 'gb_vat'
  | 'ie_vat'
  | 'rf'
  | 'be_ogm'
  | 'at_fn';

function idValid(kind: IdKind, v: string): boolean {
  switch (kind) {
    case 'iban':
      return ibanValid(v);
    case 'de_vat':
      return /^DE[1-9]\d{8}$/.test(v) && deVatCheck(v.slice(2, 10)) === digitAt(v, 10);
    case 'at_uid':
      return /^ATU\d{8}$/.test(v) && atUidCheck(v.slice(3, 10)) === digitAt(v, 10);
    case 'ch_vat': {
      const m = /^CHE-(\d{3})\.(\d{3})\.(\d{3}) MWST$/.exec(v);
      if (!m) return false;
      const d = `${m[1]}${m[2]}${m[3]}`;
      const c = chUidCheck(d.slice(0, 8));
      return c !== 10 && c === digitAt(d, 8);
    }
    case 'fr_tva':
      return /^FR\d{11}$/.test(v) && luhnValid(v.slice(4)) && frTvaKey(v.slice(4)) === v.slice(2, 4);
    case 'fr_siren':
      return /^\d{9}$/.test(v) && luhnValid(v);
    case 'fr_siret':
      return /^\d{14}$/.test(v) && luhnValid(v) && luhnValid(v.slice(0, 9));
    case 'be_vat':
      return /^BE[01]\d{9}$/.test(v) && beCheck(v.slice(2, 10)) === v.slice(10);
    case 'lu_tva':
      return /^LU\d{8}$/.test(v) && String(Number(v.slice(2, 8)) % 89).padStart(2, '0') === v.slice(8);
    case 'nl_btw':
      return /^NL\d{9}B\d{2}$/.test(v) && nlCheck(v.slice(2, 10)) === digitAt(v, 10);
    case 'es_nif': {
      if (/^\d{8}[A-Z]$/.test(v)) return DNI_LETTERS[Number(v.slice(0, 8)) % 23] === v.slice(8);
      if (/^[A-HJUV]\d{8}$/.test(v)) return esCifCheck(v.slice(1, 8)) === digitAt(v, 8);
      return false;
    }
    case 'it_iva': {
      if (!/^\d{11}$/.test(v) || !luhnValid(v)) return false;
      const office = Number(v.slice(7, 10));
      return (office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office);
    }
    case 'it_cf': {
      const m = /^[A-Z]{6}\d{2}([A-Z])(\d{2})[A-Z]\d{3}[A-Z]$/.exec(v);
      if (!m || !CF_MONTH.includes(m[1] ?? '?')) return false;
      const day = Number(m[2]) % 40;
      return day >= 1 && day <= 31 && cfCheck(v.slice(0, 15)) === v.slice(15);
    }
    case 'gb_vat':
      return /^GB\d{9}$/.test(v) && gbVatCheck(v.slice(2, 9)) === v.slice(9);
    case 'ie_vat':
      return /^IE\d{7}[A-W]$/.test(v) && ieVatLetter(v.slice(2, 9)) === v.slice(9);
    case 'rf':
      return /^RF\d{2}[0-9A-Z]{1,21}$/.test(v) && mod97(v.slice(4) + v.slice(0, 4)) === 1;
    case 'be_ogm':
      return /^\d{12}$/.test(v) && ogmMake(v.slice(0, 10)) === v;
    case 'at_fn': {
      const m = /^FN (\d{1,6}) ([a-z])$/.exec(v);
      return m !== null && fnCheck(m[1] ?? '') === m[2];
    }
  }
}

// Identifier factories (check digits computed here, from fixed "seed" digits)
const deVat = (d8: string): string => `DE${d8}${deVatCheck(d8)}`;
const atUid = (d7: string): string => `ATU${d7}${atUidCheck(d7)}`;
function chVat(d8: string): string {
  const d = `${d8}${chUidCheck(d8)}`;
  return `CHE-${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)} MWST`;
}
const siren = (d8: string): string => luhnComplete(d8);
const siret = (sirenNo: string, nic4: string): string => luhnComplete(sirenNo + nic4);
const frTva = (sirenNo: string): string => `FR${frTvaKey(sirenNo)}${sirenNo}`;
const beVat = (d8: string): string => `BE${d8}${beCheck(d8)}`;
const luTva = (d6: string): string => `LU${d6}${String(Number(d6) % 89).padStart(2, '0')}`;
const nlBtw = (d8: string): string => `NL${d8}${nlCheck(d8)}B01`;
const esCif = (letter: string, d7: string): string => `${letter}${d7}${esCifCheck(d7)}`;
const esDni = (d8: string): string => `${d8}${DNI_LETTERS[Number(d8) % 23]}`;
const itIva = (d7: string, office: string): string => luhnComplete(d7 + office);
const itCf = (s15: string): string => s15 + cfCheck(s15);
const gbVat = (d7: string): string => `GB${d7}${gbVatCheck(d7)}`;
const ieVat = (d7: string): string => `IE${d7}${ieVatLetter(d7)}`;
const fn = (num: string): string => `FN ${num} ${fnCheck(num)}`;
const ogm = (d10: string): string => ogmMake(d10);
const ogmPrinted = (d12: string): string => `+++${d12.slice(0, 3)}/${d12.slice(3, 7)}/${d12.slice(7)}+++`;
const group4 = (s: string): string => s.replace(/(.{4})/g, '$1 ').trim();

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
type Gen = 'itext' | 'pdfbox' | 'xelatex';
type NumStyle = 'en' | 'de' | 'ch' | 'frn' | 'frb';
type DateStyle = 'dot' | 'slash' | 'dash' | 'iso' | 'long';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

function fmtCents(cents: bigint, style: NumStyle): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const int = (abs / 100n).toString();
  const dec = (abs % 100n).toString().padStart(2, '0');
  const sep = { en: ',', de: '.', ch: "'", frn: NNBSP, frb: NBSP }[style];
  const decSep = style === 'en' || style === 'ch' ? '.' : ',';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return `${neg ? '-' : ''}${grouped}${decSep}${dec}`;
}
function fmtQty(hundredths: number, style: NumStyle): string {
  const decSep = style === 'en' || style === 'ch' ? '.' : ',';
  const int = Math.floor(hundredths / 100);
  const frac = hundredths % 100;
  if (frac === 0) return String(int);
  const f = String(frac).padStart(2, '0').replace(/0$/, '');
  return `${int}${decSep}${f}`;
}
function fmtRate(rate: string, style: NumStyle): string {
  return style === 'en' || style === 'ch' ? rate : rate.replace('.', ',');
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
function fmtDate(iso: string, style: DateStyle, lang: Lang): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  switch (style) {
    case 'dot':
      return `${d}.${m}.${y}`;
    case 'slash':
      return `${d}/${m}/${y}`;
    case 'dash':
      return `${d}-${m}-${y}`;
    case 'iso':
      return iso;
    case 'long': {
      const month = at(MONTHS[lang], Number(m) - 1);
      const day = String(Number(d));
      if (lang === 'es') return `${day} de ${month} de ${y}`;
      if (lang === 'de') return `${day}. ${month} ${y}`;
      return `${day} ${month} ${y}`;
    }
  }
}
function addDays(iso: string, days: number): string {
  const t =
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) +
    days * 86400000;
  return new Date(t).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------

interface Labels {
  t380: string;
  t381: string;
  no380: string;
  no381: string;
  date: string;
  supply: string;
  due: string;
  po: string;
  ref: string;
  cust: string;
  cols: [string, string, string, string, string, string, string];
  net: string;
  vatOn: string;
  vat: string;
  vatTotal: string;
  total: string;
  deposit: string;
  due2: string;
  carried: string;
  brought: string;
  page: string;
  billTo: string;
  vatId: string;
  vatHead: [string, string, string];
  bank: string;
  terms: string;
}
const LABELS: Record<Lang, Labels> = {
  en: {
    t380: 'INVOICE',
    t381: 'CREDIT NOTE',
    no380: 'Invoice No.',
    no381: 'Credit Note No.',
    date: 'Invoice Date',
    supply: 'Tax Point',
    due: 'Due Date',
    po: 'Purchase Order',
    ref: 'Your Ref',
    cust: 'Account No.',
    cols: ['#', 'Description', 'Qty', 'Unit', 'Unit Price', 'VAT', 'Amount'],
    net: 'Subtotal (net)',
    vatOn: 'VAT {r}% on {b}',
    vat: 'VAT',
    vatTotal: 'Total VAT',
    total: 'Total',
    deposit: 'Less deposit received',
    due2: 'Balance due',
    carried: 'Carried forward',
    brought: 'Brought forward',
    page: 'Page {p} of {n}',
    billTo: 'Invoice to',
    vatId: 'VAT Reg No.',
    vatHead: ['VAT rate', 'Net', 'VAT'],
    bank: 'Bank',
    terms: 'Payment terms',
  },
  de: {
    t380: 'RECHNUNG',
    t381: 'GUTSCHRIFT',
    no380: 'Rechnungsnummer',
    no381: 'Gutschriftsnummer',
    date: 'Rechnungsdatum',
    supply: 'Leistungsdatum',
    due: 'Fällig am',
    po: 'Ihre Bestellung',
    ref: 'Ihr Zeichen',
    cust: 'Kundennummer',
    cols: ['Pos.', 'Bezeichnung', 'Menge', 'Einheit', 'Einzelpreis', 'USt.', 'Betrag'],
    net: 'Nettobetrag',
    vatOn: 'zzgl. {r} % USt. auf {b}',
    vat: 'USt.',
    vatTotal: 'Summe USt.',
    total: 'Gesamtbetrag',
    deposit: 'abzüglich Anzahlung',
    due2: 'Zahlbetrag',
    carried: 'Übertrag',
    brought: 'Übertrag von Seite 1',
    page: 'Seite {p} von {n}',
    billTo: 'Rechnungsempfänger',
    vatId: 'USt-IdNr.',
    vatHead: ['USt.-Satz', 'Netto', 'USt.'],
    bank: 'Bankverbindung',
    terms: 'Zahlungsbedingungen',
  },
  fr: {
    t380: 'FACTURE',
    t381: 'AVOIR',
    no380: 'Facture n°',
    no381: 'Avoir n°',
    date: 'Date de facture',
    supply: 'Date de livraison',
    due: 'Échéance',
    po: 'Bon de commande',
    ref: 'Votre référence',
    cust: 'N° client',
    cols: ['N°', 'Désignation', 'Qté', 'Unité', 'P.U. HT', 'TVA', 'Montant HT'],
    net: 'Total HT',
    vatOn: 'TVA {r} % sur {b}',
    vat: 'TVA',
    vatTotal: 'Total TVA',
    total: 'Total TTC',
    deposit: 'Acompte versé',
    due2: 'Net à payer',
    carried: 'À reporter',
    brought: 'Report',
    page: 'Page {p} sur {n}',
    billTo: 'Facturé à',
    vatId: 'N° TVA',
    vatHead: ['Taux TVA', 'Base HT', 'Montant TVA'],
    bank: 'Banque',
    terms: 'Conditions de paiement',
  },
  nl: {
    t380: 'FACTUUR',
    t381: 'CREDITNOTA',
    no380: 'Factuurnummer',
    no381: 'Creditnotanummer',
    date: 'Factuurdatum',
    supply: 'Leverdatum',
    due: 'Vervaldatum',
    po: 'Inkoopordernummer',
    ref: 'Uw referentie',
    cust: 'Klantnummer',
    cols: ['Nr.', 'Omschrijving', 'Aantal', 'Eenheid', 'Prijs', 'Btw', 'Bedrag'],
    net: 'Subtotaal excl. btw',
    vatOn: 'Btw {r}% over {b}',
    vat: 'Btw',
    vatTotal: 'Totaal btw',
    total: 'Totaal incl. btw',
    deposit: 'Reeds betaald (aanbetaling)',
    due2: 'Te betalen',
    carried: 'Transport',
    brought: 'Transport van pagina 1',
    page: 'Pagina {p} van {n}',
    billTo: 'Factuuradres',
    vatId: 'Btw-nr.',
    vatHead: ['Btw-tarief', 'Grondslag', 'Btw'],
    bank: 'Bank',
    terms: 'Betalingsvoorwaarden',
  },
  es: {
    t380: 'FACTURA',
    t381: 'FACTURA RECTIFICATIVA',
    no380: 'Nº factura',
    no381: 'Nº rectificativa',
    date: 'Fecha de factura',
    supply: 'Fecha de entrega',
    due: 'Vencimiento',
    po: 'Nº pedido',
    ref: 'Su referencia',
    cust: 'Cliente nº',
    cols: ['Ref.', 'Concepto', 'Cant.', 'Ud.', 'Precio', 'IVA', 'Importe'],
    net: 'Base imponible',
    vatOn: 'IVA {r}% s/ {b}',
    vat: 'IVA',
    vatTotal: 'Total IVA',
    total: 'Total factura',
    deposit: 'Anticipo recibido',
    due2: 'Total a pagar',
    carried: 'Suma y sigue',
    brought: 'Suma anterior',
    page: 'Página {p} de {n}',
    billTo: 'Cliente',
    vatId: 'NIF',
    vatHead: ['Tipo IVA', 'Base', 'Cuota'],
    bank: 'Banco',
    terms: 'Forma de pago',
  },
  it: {
    t380: 'FATTURA',
    t381: 'NOTA DI CREDITO',
    no380: 'Fattura n.',
    no381: 'Nota di credito n.',
    date: 'Data',
    supply: 'Data consegna',
    due: 'Scadenza',
    po: 'Vs. ordine n.',
    ref: 'Vs. riferimento',
    cust: 'Cod. cliente',
    cols: ['Pos.', 'Descrizione', 'Q.tà', 'U.M.', 'Prezzo', 'IVA', 'Importo'],
    net: 'Totale imponibile',
    vatOn: 'IVA {r}% su {b}',
    vat: 'IVA',
    vatTotal: 'Totale IVA',
    total: 'Totale documento',
    deposit: 'Acconto ricevuto',
    due2: 'Netto a pagare',
    carried: 'A riportare',
    brought: 'Riporto',
    page: 'Pagina {p} di {n}',
    billTo: 'Spett.le',
    vatId: 'P.IVA',
    vatHead: ['Aliquota', 'Imponibile', 'Imposta'],
    bank: 'Banca',
    terms: 'Pagamento',
  },
};

// ---------------------------------------------------------------------------------------------
// Invoice model
// ---------------------------------------------------------------------------------------------

interface Party {
  name: string;
  addr: string[];
  vat: string | null; // key form (compact, with country prefix)
  vatPrinted: string | null; // exactly as printed (after the label)
  vatLabel?: string;
  reg: string | null; // key form
  regLine: string | null; // full printed line (label, court, number)
  regPrinted: string | null; // the part of regLine that carries the key value
  email: string | null;
  phone?: string;
  extra?: string[]; // extra printed id lines (codice fiscale, SIRET, ...)
}
interface Item {
  d: string;
  r: string; // VAT rate, "19", "8.1"
  u: string;
  p: number; // unit price in cents
  q?: number; // fixed quantity in hundredths
}
interface Spec {
  file: string;
  lang: Lang;
  gen: Gen;
  layout: string;
  font: string;
  pages: 1 | 2;
  type: '380' | '381';
  cc: string;
  what: string; // what the layout exercises (header table)
  cur: 'EUR' | 'GBP' | 'CHF';
  curPrinted: string; // "€", "£", "CHF", "EUR"
  curPre: boolean;
  num: NumStyle;
  date: DateStyle;
  seller: Party;
  buyer: Party;
  iban: string | null;
  bic: string | null;
  bank: string;
  number: string;
  issue: string;
  supply?: string;
  dueDays: number | null;
  po: string | null;
  ref: string | null;
  cust?: string;
  payRef: { key: string; printed: string; text: string } | null;
  items: Item[];
  n: number;
  seed: number;
  discount?: { pct: number; label: string };
  deposit?: { cents: number; label?: string };
  wh?: { label: string; pct: number };
  skonto?: string; // printed early-payment discount terms (never changes amount_due)
  rc?: string; // reverse-charge wording
  neg?: boolean; // credit note printed with negative amounts
  breakAfter?: number;
  notes?: string[];
  vatTable: boolean;
  labels?: Partial<Labels>;
}

interface Line {
  pos: number;
  d: string;
  q: number;
  u: string;
  p: number;
  r: string;
  amount: bigint;
}
interface Totals {
  lines: Line[];
  byRate: { rate: string; net: bigint; tax: bigint }[];
  net: bigint;
  tax: bigint;
  total: bigint;
  deposit: bigint;
  withholding: bigint;
  due: bigint;
}

function halfUpDiv(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = (a * 2n + d) / (2n * d);
  return neg ? -q : q;
}
function rateBp(rate: string): bigint {
  const [i = '0', f = ''] = rate.split('.');
  return BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
}
function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII'];
function buildLines(s: Spec): Line[] {
  const rnd = mulberry(s.seed);
  const lines: Line[] = [];
  for (let i = 0; i < s.n; i++) {
    const it = at(s.items, i % s.items.length);
    const cycle = Math.floor(i / s.items.length);
    const q =
      it.q ??
      (it.u === 'h' || it.u === 'Std.' || it.u === 'uur' || it.u === 'ore' || it.u === 'horas'
        ? 50 * (1 + Math.floor(rnd() * 16))
        : 100 * (1 + Math.floor(rnd() * 12)));
    const p = it.p + cycle * 137 + (cycle > 0 ? Math.floor(rnd() * 90) : 0);
    const amount = halfUpDiv(BigInt(q) * BigInt(p), 100n);
    lines.push({ pos: i + 1, d: it.d + at(ROMAN, cycle), q, u: it.u, p, r: it.r, amount });
  }
  if (s.discount) {
    const main = at(s.items, 0).r;
    const base = lines.filter((l) => l.r === main).reduce((a, l) => a + l.amount, 0n);
    const disc = halfUpDiv(base * BigInt(Math.round(s.discount.pct * 100)), 10000n);
    lines.push({
      pos: lines.length + 1,
      d: s.discount.label,
      q: 100,
      u: '',
      p: -Number(disc),
      r: main,
      amount: -disc,
    });
  }
  return lines;
}
function computeTotals(s: Spec): Totals {
  const lines = buildLines(s);
  const rates: string[] = [];
  for (const l of lines) if (!rates.includes(l.r)) rates.push(l.r);
  rates.sort((a, b) => Number(b) - Number(a));
  const byRate = rates.map((rate) => {
    const net = lines.filter((l) => l.r === rate).reduce((a, l) => a + l.amount, 0n);
    return { rate, net, tax: halfUpDiv(net * rateBp(rate), 10000n) };
  });
  const net = byRate.reduce((a, r) => a + r.net, 0n);
  const tax = byRate.reduce((a, r) => a + r.tax, 0n);
  const total = net + tax;
  const deposit = BigInt(s.deposit?.cents ?? 0);
  const withholding = s.wh ? halfUpDiv(net * BigInt(Math.round(s.wh.pct * 100)), 10000n) : 0n;
  return { lines, byRate, net, tax, total, deposit, withholding, due: total - deposit - withholding };
}
// Second code path: floating point with explicit rounding, summed per line from the spec data.
function computeTotalsFloat(
  s: Spec,
  lines: Line[],
): { net: number; tax: number; total: number; due: number } {
  const r2 = (x: number): number => Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-7);
  let net = 0;
  const perRate = new Map<string, number>();
  for (const l of lines) {
    const amt = r2(((l.q / 100) * l.p) / 100);
    net += amt;
    perRate.set(l.r, (perRate.get(l.r) ?? 0) + amt);
  }
  let tax = 0;
  for (const [rate, n] of perRate) tax += r2(((n / 100) * Number(rate)) / 100);
  const total = net + tax;
  const wh = s.wh ? r2(((net / 100) * s.wh.pct) / 100) : 0;
  return { net, tax, total, due: total - (s.deposit?.cents ?? 0) - wh };
}

// ---------------------------------------------------------------------------------------------
// The 24 invoices (all companies, people, addresses and numbers are fictitious)
// ---------------------------------------------------------------------------------------------

const DEJAVU =
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf,/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const DEJAVU_SERIF =
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf,/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf';
const LIB_SANS =
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf,/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf';
const LIB_SERIF =
  '/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf,/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf';

function party(p: Partial<Party> & { name: string; addr: string[] }): Party {
  return { vat: null, vatPrinted: null, reg: null, regLine: null, regPrinted: null, email: null, ...p };
}
function gbSpaced(v: string): string {
  return `${v.slice(0, 2)} ${v.slice(2, 5)} ${v.slice(5, 9)} ${v.slice(9)}`;
}
function vatParty(vat: string, printed?: string): Pick<Party, 'vat' | 'vatPrinted'> {
  return { vat: vat.replace(/[^A-Z0-9]/g, ''), vatPrinted: printed ?? vat };
}

const SIREN_LYON = siren('41234567');
const SIREN_TLS = siren('80345612');
const SIREN_VERCORS = siren('55218903');
const BE_DELVAUX = beVat('04127385');
const BE_PEETERS = beVat('07382915');
const IT_BRIANZA = itIva('0847261', '015');
const IT_GINESTRI = itIva('1293847', '015');
const IT_DALMOLIN = itIva('0392718', '026');
const IT_LAGUNARE = itIva('0461829', '027');
const NIF_FERRANDIZ = esDni('47382916');
const CF_GINESTRI = itCf('GNSMRT82D51F205');
const ES_LEVANTE = esCif('B', '9637418');
const ES_GUADAL = esCif('B', '4172638');
const ES_CANTAB = esCif('B', '3918274');

const SPECS: Spec[] = [
  // ------------------------------------------------------------------ iText 5
  {
    file: 'en-1-itext-consulting',
    lang: 'en',
    gen: 'itext',
    layout: 'A',
    font: 'helvetica',
    pages: 1,
    type: '380',
    cc: 'GB',
    what: 'letterhead left, boxed label-left meta table, full-grid items, 20 % + 0 % VAT, sort code, plain payment reference',
    cur: 'GBP',
    curPrinted: '£',
    curPre: true,
    num: 'en',
    date: 'long',
    seller: party({
      name: 'Harrowgate Analytics Ltd',
      addr: ['14 Calder Street', 'Leeds LS1 4QT', 'United Kingdom'],
      ...vatParty(gbVat('3947261'), gbSpaced(gbVat('3947261'))),
      reg: '08417362',
      regLine: 'Registered in England and Wales, Company No. 08417362',
      regPrinted: '08417362',
      email: 'accounts@harrowgate-analytics.example',
      phone: '+44 113 496 0172',
    }),
    buyer: party({ name: 'Pellmore Freight plc', addr: ['Unit 6, Kingsway Park', 'Manchester M19 2LP'] }),
    iban: iban('GB', 'HGBK', '401276', '31926458'),
    bic: 'HGBKGB2LXXX',
    bank: 'Harbour Bank plc, Leeds',
    number: 'HA-2026-0318',
    issue: '2026-03-05',
    supply: '2026-02-27',
    dueDays: 30,
    po: 'PO-77120',
    ref: 'FIN/2026/114',
    payRef: {
      key: 'HA-2026-0318',
      printed: 'HA-2026-0318',
      text: 'Please quote {r} as your payment reference.',
    },
    items: [
      { d: 'Data pipeline review (senior consultant)', r: '20', u: 'h', p: 14500 },
      { d: 'Dashboard build, fixed fee', r: '20', u: 'each', p: 185000, q: 100 },
      { d: 'Workshop: forecasting for finance teams', r: '20', u: 'day', p: 96000, q: 200 },
      { d: "Printed handbook 'Forecasting Basics'", r: '0', u: 'copy', p: 2450, q: 1200 },
      { d: 'Travel, Leeds - Manchester (rechargeable)', r: '20', u: 'trip', p: 8640, q: 300 },
      { d: 'Analyst support', r: '20', u: 'h', p: 8500 },
    ],
    n: 6,
    seed: 11,
    vatTable: true,
  },
  {
    file: 'en-2-itext-hardware',
    lang: 'en',
    gen: 'itext',
    layout: 'B',
    font: 'times',
    pages: 2,
    type: '380',
    cc: 'IE',
    what: 'letterhead right, form boxes (labels above values), 30 lines over two pages with carried-forward subtotal, 23 % + 13.5 %, trade discount, Page X of Y',
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'en',
    date: 'slash',
    seller: party({
      name: 'Corrib Fixings & Supply Ltd',
      addr: ['Dublin Road Industrial Estate', 'Galway H91 X2C4', 'Ireland'],
      ...vatParty(ieVat('6388147')),
      vatLabel: 'VAT No.',
      reg: '548213',
      regLine: 'Registered in Ireland No. 548213',
      regPrinted: '548213',
      email: 'sales@corribfixings.example',
      phone: '+353 91 555 0148',
    }),
    buyer: party({
      name: 'Shannonside Builders Ltd',
      addr: ['Lower Quay', 'Athlone N37 K2W8'],
      ...vatParty(ieVat('3219874')),
      vatLabel: 'VAT No.',
    }),
    iban: iban('IE', 'CRBK', '931152', '20487361'),
    bic: 'CRBKIE2DXXX',
    bank: 'Connacht Rural Bank',
    number: 'CF-104772',
    issue: '2026-02-23',
    dueDays: 30,
    po: 'PO 88-4410',
    ref: 'Site 7 Athlone',
    cust: 'SB-0291',
    payRef: null,
    items: [
      { d: 'Coach screws M10x100, box of 50', r: '23', u: 'box', p: 2890 },
      { d: 'Galvanised joist hangers 47x150', r: '23', u: 'pcs', p: 345 },
      { d: 'Chemical anchor resin 380 ml', r: '23', u: 'tube', p: 1675 },
      { d: 'Timber frame nails 3.1x90, 2.5 kg', r: '23', u: 'tub', p: 2140 },
      { d: 'Firewood kiln dried, 1 m3 crate', r: '13.5', u: 'crate', p: 14900 },
      { d: 'Angle brackets 90x90x65', r: '23', u: 'pcs', p: 212 },
      { d: 'Concrete repair mortar 25 kg', r: '13.5', u: 'bag', p: 1890 },
      { d: 'Safety gloves, size 10', r: '23', u: 'pair', p: 475 },
      { d: 'Drill bits SDS+ 12x210', r: '23', u: 'pcs', p: 690 },
      { d: 'Delivery to site (Athlone)', r: '23', u: 'trip', p: 6500, q: 100 },
    ],
    n: 29,
    seed: 12,
    discount: { pct: 5, label: 'Trade discount 5% on goods at 23%' },
    breakAfter: 18,
    vatTable: true,
  },
  {
    file: 'de-1-itext-wholesale',
    lang: 'de',
    gen: 'itext',
    layout: 'C',
    font: 'helvetica',
    pages: 1,
    type: '380',
    cc: 'DE',
    what: 'grey sidebar with seller details (page event), label-left meta, zebra rows, 19 % + 7 %, Skonto terms, HRB/Amtsgericht footer',
    cur: 'EUR',
    curPrinted: '€',
    curPre: false,
    num: 'de',
    date: 'dot',
    seller: party({
      name: 'Nordlicht Großhandel GmbH',
      addr: ['Speicherstraße 12', '20457 Hamburg'],
      ...vatParty(deVat('81472953')),
      reg: 'HRB 148620',
      regLine: 'Amtsgericht Hamburg HRB 148620',
      regPrinted: 'HRB 148620',
      email: 'buchhaltung@nordlicht-grosshandel.example',
      phone: '+49 40 555 318 20',
      extra: ['Geschäftsführer: Hauke Petersen-Ahrens'],
    }),
    buyer: party({
      name: 'Elbkontor Feinkost KG',
      addr: ['z. Hd. Einkauf', 'Beckergrube 71', '23552 Lübeck'],
    }),
    iban: iban('DE', '20070000', '0417338200'),
    bic: 'HHBKDEHHXXX',
    bank: 'Hansebank Hamburg',
    number: 'RE-2026-104378',
    issue: '2026-03-05',
    supply: '2026-03-02',
    dueDays: 30,
    po: '4500387712',
    ref: 'Frau Lindqvist/EK',
    cust: 'K-20931',
    payRef: { key: 'RE-2026-104378', printed: 'RE-2026-104378', text: 'Verwendungszweck: {r}' },
    items: [
      { d: 'Espressobohnen Hausmischung 1 kg', r: '7', u: 'Btl.', p: 1890 },
      { d: 'Porzellantassen 0,2 l weiß', r: '19', u: 'Stk.', p: 345 },
      { d: 'Rohrzucker-Sticks 1000 Stück', r: '7', u: 'Kart.', p: 1425 },
      { d: 'Milchkännchen Edelstahl 0,6 l', r: '19', u: 'Stk.', p: 1290 },
      { d: 'Entkalker flüssig 1 l', r: '19', u: 'Fl.', p: 815 },
      { d: 'Kakaopulver 1 kg', r: '7', u: 'Dose', p: 1160 },
      { d: 'Servietten 33x33, 3-lagig', r: '19', u: 'Pack', p: 675 },
      { d: 'Siebträger-Reinigungstabletten', r: '19', u: 'Dose', p: 2240 },
      { d: 'Mandelgebäck 2 kg', r: '7', u: 'Kart.', p: 2980 },
      { d: 'Thermobecher 0,35 l', r: '19', u: 'Stk.', p: 990 },
      { d: 'Frachtpauschale Spedition', r: '19', u: 'psch.', p: 4500, q: 100 },
      { d: 'Palettentausch Europalette', r: '19', u: 'Stk.', p: 1450, q: 200 },
    ],
    n: 12,
    seed: 21,
    skonto: 'Zahlbar bis {due} ohne Abzug. Bei Zahlung bis {skontoDate} gewähren wir 2 % Skonto.',
    vatTable: true,
  },
  {
    file: 'de-2-itext-maschinen',
    lang: 'de',
    gen: 'itext',
    layout: 'D',
    font: 'helvetica',
    pages: 2,
    type: '380',
    cc: 'CH',
    what: 'dark header band on every page (page event), boxed buyer cell, 24 lines over two pages with Übertrag, CHF with apostrophe thousands, MWST 8.1 % + 2.6 %, CHE UID',
    cur: 'CHF',
    curPrinted: 'CHF',
    curPre: true,
    num: 'ch',
    date: 'dot',
    seller: party({
      name: 'Aaretal Präzisionstechnik AG',
      addr: ['Industriestrasse 40', '3600 Thun', 'Schweiz'],
      ...vatParty(chVat('10645278')),
      vatLabel: 'MWST-Nr.',
      email: 'debitoren@aaretal-praezision.example',
      phone: '+41 33 555 24 60',
    }),
    buyer: party({ name: 'Seeland Automation GmbH', addr: ['Bözingenstrasse 155', '2504 Biel/Bienne'] }),
    iban: iban('CH', '00766', '000103425817'),
    bic: 'ATPKCHBBXXX',
    bank: 'Alpenbank Thun',
    number: '2026-0912',
    issue: '2026-03-04',
    supply: '2026-02-27',
    dueDays: 30,
    po: 'B-2026-0912',
    ref: 'Hr. Zürcher',
    payRef: null,
    labels: {
      vatOn: 'MWST {r} % auf {b}',
      vat: 'MWST',
      vatId: 'MWST-Nr.',
      cols: ['Pos.', 'Bezeichnung', 'Menge', 'Einheit', 'Preis', 'MWST', 'Betrag'],
      vatHead: ['MWST-Satz', 'Netto', 'MWST'],
      due2: 'Total zu bezahlen',
      total: 'Total',
    },
    items: [
      { d: 'Drehteil Welle Ø 24 mm, Stahl 1.4305', r: '8.1', u: 'Stk.', p: 4870 },
      { d: 'Frästeil Flansch DN50', r: '8.1', u: 'Stk.', p: 11250 },
      { d: 'Gewindebuchse M12, Messing', r: '8.1', u: 'Stk.', p: 685 },
      { d: 'Lagerdeckel eloxiert', r: '8.1', u: 'Stk.', p: 3420 },
      { d: 'Messprotokoll nach Zeichnung', r: '8.1', u: 'Stk.', p: 9500, q: 100 },
      { d: 'Fachbuch Toleranzen und Passungen', r: '2.6', u: 'Ex.', p: 6800, q: 100 },
      { d: 'Programmierung CNC (Stunden)', r: '8.1', u: 'Std.', p: 14800 },
      { d: 'Oberflächenbehandlung Chromatieren', r: '8.1', u: 'Los', p: 38000, q: 100 },
    ],
    n: 24,
    seed: 22,
    breakAfter: 16,
    vatTable: true,
  },
  {
    file: 'fr-1-itext-imprimerie',
    lang: 'fr',
    gen: 'itext',
    layout: 'Ar',
    font: 'times',
    pages: 1,
    type: '380',
    cc: 'BE',
    what: 'letterhead right / title and boxed meta left (mirrored table), Belgian structured communication, TVA 21 % + 6 %, RPM number',
    cur: 'EUR',
    curPrinted: 'EUR',
    curPre: false,
    num: 'de',
    date: 'slash',
    seller: party({
      name: 'Imprimerie Delvaux SRL',
      addr: ['Rue de la Station 17', '4000 Liège', 'Belgique'],
      ...vatParty(
        BE_DELVAUX,
        `BE ${BE_DELVAUX.slice(2, 6)}.${BE_DELVAUX.slice(6, 9)}.${BE_DELVAUX.slice(9)}`,
      ),
      reg: BE_DELVAUX.slice(2),
      regLine: `RPM Liège ${BE_DELVAUX.slice(2)}`,
      regPrinted: BE_DELVAUX.slice(2),
      email: 'facturation@imprimerie-delvaux.example',
      phone: '+32 4 555 21 90',
    }),
    buyer: party({
      name: 'Maison Ardennaise ASBL',
      addr: ['Avenue de la Libération 3', '6900 Marche-en-Famenne'],
      ...vatParty(beVat('08841275'), `BE ${beVat('08841275').slice(2)}`),
    }),
    iban: iban('BE', '068', '2473901'),
    bic: 'DLVXBEB1',
    bank: 'Banque Mosane',
    number: 'F2026/0417',
    issue: '2026-03-05',
    dueDays: 30,
    po: 'BC-2026-117',
    ref: 'Brochure printemps',
    payRef: {
      key: ogm('0260305182'),
      printed: ogmPrinted(ogm('0260305182')),
      text: 'Communication structurée : {r}',
    },
    items: [
      { d: 'Brochure A4 16 pages, quadrichromie', r: '21', u: 'ex.', p: 185, q: 250000 },
      { d: "Livre « Sentiers d'Ardenne », 120 p.", r: '6', u: 'ex.', p: 1240, q: 30000 },
      { d: 'Affiches A2 pelliculées', r: '21', u: 'ex.', p: 390, q: 15000 },
      { d: 'Calage et épreuves couleur', r: '21', u: 'forfait', p: 16500, q: 100 },
      { d: 'Livraison Marche-en-Famenne', r: '21', u: 'forfait', p: 7500, q: 100 },
    ],
    n: 5,
    seed: 31,
    vatTable: false,
  },
  {
    file: 'nl-1-itext-bloemen',
    lang: 'nl',
    gen: 'itext',
    layout: 'D',
    font: 'helvetica',
    pages: 1,
    type: '381',
    cc: 'NL',
    what: 'credit note with negative amounts, dark header band, btw 9 % + 21 %, KvK in footer, no due date',
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'de',
    date: 'dash',
    neg: true,
    seller: party({
      name: 'Kwekerij De Zilveren Tulp B.V.',
      addr: ['Legmeerdijk 231', '1432 KA Aalsmeer'],
      ...vatParty(nlBtw('82174467')),
      reg: '34128876',
      regLine: 'KvK 34128876',
      regPrinted: '34128876',
      email: 'administratie@zilverentulp.example',
      phone: '+31 297 55 14 80',
    }),
    buyer: party({
      name: 'Bloemenhuis Van Dijk V.O.F.',
      addr: ['Oudegracht 112', '3511 AX Utrecht'],
      ...vatParty(nlBtw('85412238')),
    }),
    iban: iban('NL', 'ZTUL', '0417295531'),
    bic: 'ZTULNL2AXXX',
    bank: 'Tuinbouwbank',
    number: 'CN-2026-0044',
    issue: '2026-03-05',
    dueDays: null,
    po: 'IO-33871',
    ref: 'Klacht 2026-041',
    payRef: null,
    items: [
      { d: "Tulpen 'Zilverlicht', bos van 10, beschadigd", r: '9', u: 'bos', p: 485, q: 2400 },
      { d: "Pioenrozen 'Sarah', te laat geleverd", r: '9', u: 'bos', p: 890, q: 1200 },
      { d: 'Keramiek pot 18 cm, breuk', r: '21', u: 'stuk', p: 1350, q: 600 },
      { d: 'Bezorgkosten retour', r: '21', u: 'rit', p: 3500, q: 100 },
    ],
    n: 4,
    seed: 41,
    notes: [
      'Deze creditnota heeft betrekking op factuur 2026-0388 van 26-02-2026. Het bedrag wordt verrekend met uw volgende factuur.',
    ],
    vatTable: true,
  },
  {
    file: 'es-1-itext-suministros',
    lang: 'es',
    gen: 'itext',
    layout: 'B',
    font: 'helvetica',
    pages: 1,
    type: '380',
    cc: 'ES',
    what: 'form boxes, buyer CIF printed without ES prefix, IVA 21 % + 10 %, Registro Mercantil hoja, bank transfer footer',
    cur: 'EUR',
    curPrinted: '€',
    curPre: false,
    num: 'de',
    date: 'slash',
    seller: party({
      name: 'Suministros Industriales Levante, S.L.',
      addr: ['Calle de la Industria 48', '46520 Sagunto (Valencia)'],
      vat: `ES${ES_LEVANTE}`,
      vatPrinted: ES_LEVANTE,
      vatLabel: 'CIF',
      reg: 'V-158374',
      regLine: 'Inscrita en el Registro Mercantil de Valencia, Tomo 9876, Folio 45, Hoja V-158374',
      regPrinted: 'V-158374',
      email: 'administracion@suministros-levante.example',
      phone: '+34 962 55 81 40',
    }),
    buyer: party({
      name: 'Construcciones Turia, S.A.',
      addr: ['Avenida del Puerto 212', '46023 Valencia'],
      vat: `ES${esCif('A', '4612837')}`,
      vatPrinted: esCif('A', '4612837'),
      vatLabel: 'CIF',
    }),
    iban: iban('ES', '2100', '4410', '0200137722'),
    bic: 'SILVESVVXXX',
    bank: 'Banco del Turia',
    number: 'FV-2026/00731',
    issue: '2026-03-05',
    supply: '2026-03-03',
    dueDays: 30,
    po: 'PED-2026-0311',
    ref: 'Obra Sagunto',
    payRef: null,
    items: [
      { d: 'Cable RV-K 3x2,5 mm², rollo 100 m', r: '21', u: 'rollo', p: 12450 },
      { d: 'Tubo corrugado 25 mm, 50 m', r: '21', u: 'rollo', p: 2190 },
      { d: 'Cuadro eléctrico 24 módulos', r: '21', u: 'ud.', p: 6875 },
      { d: 'Mascarillas FFP2 (caja 20)', r: '10', u: 'caja', p: 1460 },
      { d: 'Interruptor diferencial 40A 30mA', r: '21', u: 'ud.', p: 4120 },
      { d: 'Agua mineral obra, pack 6x1,5 l', r: '10', u: 'pack', p: 310 },
      { d: 'Transporte a obra', r: '21', u: 'viaje', p: 5500, q: 100 },
    ],
    n: 10,
    seed: 51,
    vatTable: true,
  },
  {
    file: 'it-1-itext-ricambi',
    lang: 'it',
    gen: 'itext',
    layout: 'C',
    font: 'times',
    pages: 1,
    type: '380',
    cc: 'IT',
    what: 'sidebar, P.IVA and codice fiscale, REA, capitale sociale, IVA 22 % + 4 %, codice destinatario SDI',
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'de',
    date: 'slash',
    seller: party({
      name: 'Ricambi Industriali Brianza S.r.l.',
      addr: ['Via Lecco 214', '20900 Monza (MB)'],
      vat: `IT${IT_BRIANZA}`,
      vatPrinted: IT_BRIANZA,
      vatLabel: 'P.IVA e C.F.',
      reg: 'MB-1903356',
      regLine: 'REA MB-1903356',
      regPrinted: 'MB-1903356',
      email: 'amministrazione@ricambibrianza.example',
      phone: '+39 039 555 4120',
      extra: ['Cap. soc. € 100.000,00 i.v.'],
    }),
    buyer: party({
      name: 'Officine Meccaniche Lariane S.p.A.',
      addr: ['Via per Como 9', '22036 Erba (CO)', 'Cod. destinatario: M5UXCR1'],
      vat: `IT${itIva('0283746', '013')}`,
      vatPrinted: itIva('0283746', '013'),
    }),
    iban: iban('IT', '03069', '33210', '000004871236'),
    bic: 'RIBRITM1XXX',
    bank: 'Banca Popolare della Brianza',
    number: '2026/FE/0287',
    issue: '2026-03-05',
    dueDays: 60,
    po: 'OA-26-1183',
    ref: 'Manutenzione linea 3',
    payRef: null,
    items: [
      { d: 'Cuscinetto a sfere 6205-2RS', r: '22', u: 'pz', p: 745 },
      { d: 'Cinghia dentata HTD 8M-1200', r: '22', u: 'pz', p: 3890 },
      { d: 'Guarnizione OR 45x3 NBR', r: '22', u: 'pz', p: 95 },
      { d: 'Manuale tecnico riduttori (libro)', r: '4', u: 'pz', p: 4200, q: 200 },
      { d: 'Motoriduttore 0,75 kW i=20', r: '22', u: 'pz', p: 38900, q: 100 },
      { d: 'Olio ISO VG 220, tanica 20 l', r: '22', u: 'tan', p: 11250 },
      { d: 'Spese di trasporto', r: '22', u: '', p: 2500, q: 100 },
    ],
    n: 9,
    seed: 61,
    vatTable: true,
  },
  // ------------------------------------------------------------------ Apache PDFBox 2
  {
    file: 'en-3-pdfbox-logistics',
    lang: 'en',
    gen: 'pdfbox',
    layout: 'A',
    font: DEJAVU,
    pages: 1,
    type: '381',
    cc: 'GB',
    what: 'credit note, absolute-positioned address window, label-left meta, ruled rows, negative amounts, no due date',
    cur: 'GBP',
    curPrinted: '£',
    curPre: true,
    num: 'en',
    date: 'long',
    neg: true,
    seller: party({
      name: 'Tamar Valley Logistics Ltd',
      addr: ['Estover Trading Estate, Unit 12', 'Plymouth PL6 7PY', 'United Kingdom'],
      ...vatParty(gbVat('5518204')),
      reg: '11630947',
      regLine: 'Company No. 11630947 (England and Wales)',
      regPrinted: '11630947',
      email: 'credit.control@tamarvalley-logistics.example',
      phone: '+44 1752 555 904',
    }),
    buyer: party({ name: 'Kernow Garden Supplies Ltd', addr: ['Trevithick Road 4', 'Truro TR1 2XR'] }),
    iban: iban('GB', 'TVLB', '208814', '60341772'),
    bic: 'TVLBGB21',
    bank: 'Western Counties Bank',
    number: 'TVL-CN-00217',
    issue: '2026-03-06',
    dueDays: null,
    po: 'PO 4471-B',
    ref: 'Claim KGS/0093',
    payRef: null,
    items: [
      { d: 'Pallet storage overcharge, February', r: '20', u: 'pallet wk', p: 650, q: 4800 },
      { d: 'Damaged consignment TVL-88321 (goods value)', r: '20', u: 'each', p: 41275, q: 100 },
      { d: 'Redelivery charge refunded', r: '20', u: 'drop', p: 4800, q: 200 },
      { d: 'Fuel surcharge adjustment', r: '20', u: '', p: 1965, q: 100 },
    ],
    n: 4,
    seed: 13,
    notes: [
      'This credit note relates to invoice TVL-25-08841 dated 14 February 2026. The amount will be offset against your next invoice.',
    ],
    vatTable: false,
  },
  {
    file: 'de-3-pdfbox-handwerk',
    lang: 'de',
    gen: 'pdfbox',
    layout: 'B',
    font: LIB_SANS,
    pages: 1,
    type: '380',
    cc: 'AT',
    what: 'sender line above address window, form boxes drawn as rectangles, grey table header, boxed totals, Anzahlung deducted, UID both sides, Firmenbuch FN',
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'de',
    date: 'dot',
    seller: party({
      name: 'Tischlerei Hollerer GmbH',
      addr: ['Grazer Straße 88', '8010 Graz', 'Österreich'],
      ...vatParty(atUid('5738214')),
      vatLabel: 'UID-Nr.',
      reg: fn('391204'),
      regLine: `Firmenbuch ${fn('391204')}, Landesgericht für ZRS Graz`,
      regPrinted: fn('391204'),
      email: 'office@tischlerei-hollerer.example',
      phone: '+43 316 555 712',
    }),
    buyer: party({
      name: 'Hotel Schlossberg Betriebs GmbH',
      addr: ['Sackstraße 20', '8010 Graz'],
      ...vatParty(atUid('6627418')),
      vatLabel: 'UID-Nr.',
    }),
    iban: iban('AT', '20815', '00042817345'),
    bic: 'GRZBAT2GXXX',
    bank: 'Grazer Regionalbank',
    number: '2026-0143',
    issue: '2026-03-05',
    supply: '2026-02-20',
    dueDays: 14,
    po: null,
    ref: 'Umbau Rezeption',
    cust: '10471',
    payRef: null,
    labels: { vatId: 'UID-Nr.', vatOn: 'zzgl. {r} % USt. von {b}', supply: 'Leistungszeitraum bis' },
    items: [
      { d: 'Empfangstheke Eiche massiv, nach Maß', r: '20', u: 'Stk.', p: 684000, q: 100 },
      { d: 'Wandverkleidung Eiche geölt', r: '20', u: 'm²', p: 14200, q: 1850 },
      { d: 'Montage Tischlerarbeiten', r: '20', u: 'Std.', p: 6400 },
      { d: 'Brennholz Buche für Kamin, 2 RM', r: '10', u: 'RM', p: 11800, q: 200 },
      { d: 'Beschläge und Kleinmaterial', r: '20', u: 'psch.', p: 28650, q: 100 },
      { d: 'Entsorgung Altmöbel', r: '20', u: 'psch.', p: 18000, q: 100 },
      { d: 'Planung und Aufmaß', r: '20', u: 'Std.', p: 7800 },
      { d: 'Fahrtkosten', r: '20', u: 'km', p: 55, q: 12000 },
    ],
    n: 8,
    seed: 23,
    deposit: { cents: 500000, label: 'abzüglich Anzahlung vom 12.01.2026' },
    vatTable: true,
  },
  {
    file: 'fr-2-pdfbox-traiteur',
    lang: 'fr',
    gen: 'pdfbox',
    layout: 'C',
    font: DEJAVU,
    pages: 1,
    type: '380',
    cc: 'FR',
    what: 'left sidebar with seller block and legal mentions, narrow no-break spaces in amounts, TVA 20 % / 10 % / 5,5 %, acompte deducted, Net à payer, SIREN/SIRET/RCS',
    cur: 'EUR',
    curPrinted: '€',
    curPre: false,
    num: 'frn',
    date: 'long',
    seller: party({
      name: 'Traiteur Les Saveurs du Rhône SAS',
      addr: ['24 quai Saint-Vincent', '69001 Lyon'],
      ...vatParty(
        frTva(SIREN_LYON),
        `FR ${frTva(SIREN_LYON).slice(2, 4)} ${SIREN_LYON.slice(0, 3)} ${SIREN_LYON.slice(3, 6)} ${SIREN_LYON.slice(6)}`,
      ),
      vatLabel: 'TVA intracom.',
      reg: SIREN_LYON,
      regLine: `RCS Lyon ${SIREN_LYON.slice(0, 3)} ${SIREN_LYON.slice(3, 6)} ${SIREN_LYON.slice(6)}`,
      regPrinted: `${SIREN_LYON.slice(0, 3)} ${SIREN_LYON.slice(3, 6)} ${SIREN_LYON.slice(6)}`,
      email: 'compta@saveurs-du-rhone.example',
      phone: '04 72 55 18 30',
      extra: [`SIRET ${siret(SIREN_LYON, '0021')}`, 'SAS au capital de 50 000 €'],
    }),
    buyer: party({
      name: 'Groupe Vercors Ingénierie SA',
      addr: ['8 avenue Alsace-Lorraine', '38000 Grenoble'],
      ...vatParty(frTva(SIREN_VERCORS)),
    }),
    iban: iban('FR', '30004', '01923', '00010427738'),
    bic: 'SVRHFRP1XXX',
    bank: 'Banque Lyonnaise de Commerce',
    number: 'FA-2026-0392',
    issue: '2026-03-05',
    supply: '2026-03-03',
    dueDays: 30,
    po: 'CMD-4471',
    ref: 'Séminaire 3 mars',
    payRef: null,
    labels: { deposit: 'Acompte du 10/02/2026' },
    items: [
      { d: 'Buffet déjeuner séminaire (par pers.)', r: '10', u: 'pers.', p: 3850, q: 8500 },
      { d: 'Vins AOC Côtes du Rhône', r: '20', u: 'btl', p: 1690, q: 2400 },
      { d: 'Pâtisseries à emporter', r: '5.5', u: 'boîte', p: 2450, q: 1200 },
      { d: 'Location vaisselle et nappage', r: '20', u: 'forfait', p: 32000, q: 100 },
      { d: 'Service en salle (serveurs)', r: '20', u: 'h', p: 3200, q: 2400 },
      { d: "Café d'accueil et viennoiseries", r: '10', u: 'pers.', p: 690, q: 8500 },
    ],
    n: 6,
    seed: 32,
    deposit: { cents: 150000 },
    notes: [
      "Pénalités de retard : trois fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €. Pas d'escompte pour paiement anticipé.",
    ],
    vatTable: true,
  },
  {
    file: 'fr-3-pdfbox-conseil',
    lang: 'fr',
    gen: 'pdfbox',
    layout: 'D',
    font: DEJAVU_SERIF,
    pages: 2,
    type: '380',
    cc: 'LU',
    what: 'two pages with « À reporter / Report » rows and running header on page 2, TVA 17 % + 3 %, RCS Luxembourg B number, compact IBAN',
    cur: 'EUR',
    curPrinted: 'EUR',
    curPre: false,
    num: 'de',
    date: 'slash',
    seller: party({
      name: 'Moselle Conseil S.à r.l.',
      addr: ["12, rue de l'Alzette", 'L-4011 Esch-sur-Alzette', 'Luxembourg'],
      ...vatParty(luTva('241873')),
      reg: 'B214873',
      regLine: 'RCS Luxembourg B214873',
      regPrinted: 'B214873',
      email: 'factures@moselle-conseil.example',
      phone: '+352 26 55 41 70',
    }),
    buyer: party({
      name: 'Ardennes Logistique S.A.',
      addr: ['Zone industrielle Bombicht 5', 'L-6947 Niederanven'],
      ...vatParty(luTva('190447')),
    }),
    iban: iban('LU', '019', '4100023874511'),
    bic: 'MSLCLULLXXX',
    bank: 'Caisse Mosellane',
    number: 'MC-26-0058',
    issue: '2026-03-02',
    dueDays: 30,
    po: 'PO-LX-2207',
    ref: 'Mission audit 2026',
    payRef: null,
    items: [
      { d: 'Audit processus achats (consultant)', r: '17', u: 'h', p: 16500 },
      { d: 'Entretiens fournisseurs', r: '17', u: 'h', p: 12500 },
      { d: 'Analyse des contrats cadres', r: '17', u: 'h', p: 14000 },
      { d: 'Manuel « Achats responsables » (livre)', r: '3', u: 'ex.', p: 3900, q: 500 },
      { d: 'Rapport intermédiaire', r: '17', u: 'forfait', p: 85000, q: 100 },
      { d: 'Frais de déplacement Esch - Niederanven', r: '17', u: 'km', p: 45, q: 8800 },
    ],
    n: 26,
    seed: 33,
    breakAfter: 17,
    vatTable: true,
  },
  {
    file: 'nl-2-pdfbox-transport',
    lang: 'nl',
    gen: 'pdfbox',
    layout: 'B',
    font: LIB_SANS,
    pages: 2,
    type: '380',
    cc: 'NL',
    what: 'form boxes, grey table header, 22 lines over two pages with Transport rows, btw 21 % + 0 % (international transport), RF creditor reference o.v.v.',
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'de',
    date: 'long',
    seller: party({
      name: 'Transportbedrijf Van der Meulen B.V.',
      addr: ['Edisonstraat 41', '5928 PG Venlo'],
      ...vatParty(nlBtw('86301254')),
      reg: '12077345',
      regLine: 'KvK 12077345',
      regPrinted: '12077345',
      email: 'debiteuren@vandermeulen-transport.example',
      phone: '+31 77 555 3200',
    }),
    buyer: party({ name: 'Peelland Plastics B.V.', addr: ['Kanaaldijk 18', '5701 NL Helmond'] }),
    iban: iban('NL', 'VDMT', '0628431907'),
    bic: 'VDMTNL2V',
    bank: 'Limburgse Handelsbank',
    number: 'VDM26-01177',
    issue: '2026-03-05',
    dueDays: 30,
    po: '4700128854',
    ref: 'Zending week 9',
    payRef: {
      key: rfMake('VDM2601177'),
      printed: group4(rfMake('VDM2601177')),
      text: 'Graag betalen o.v.v. betalingskenmerk {r}.',
    },
    items: [
      { d: 'Rit Venlo - Duisburg, trekker + oplegger', r: '0', u: 'rit', p: 48500, q: 100 },
      { d: 'Rit Helmond - Venlo, bakwagen', r: '21', u: 'rit', p: 21500, q: 100 },
      { d: 'Wachttijd laadadres', r: '21', u: 'uur', p: 6500 },
      { d: 'Palletplaatsen opslag', r: '21', u: 'plaats', p: 425, q: 3000 },
      { d: 'Rit Venlo - Antwerpen haven', r: '0', u: 'rit', p: 62000, q: 100 },
      { d: 'ADR-toeslag', r: '21', u: 'rit', p: 7500, q: 100 },
    ],
    n: 22,
    seed: 42,
    breakAfter: 15,
    vatTable: true,
  },
  {
    file: 'nl-3-pdfbox-installatie',
    lang: 'nl',
    gen: 'pdfbox',
    layout: 'Ar',
    font: DEJAVU,
    pages: 1,
    type: '380',
    cc: 'BE',
    what: 'letterhead right, Belgian reverse charge (btw verlegd, medecontractant) at 0 %, gestructureerde mededeling, RPR',
    cur: 'EUR',
    curPrinted: '€',
    curPre: false,
    num: 'de',
    date: 'slash',
    seller: party({
      name: 'Installatiebedrijf Peeters BV',
      addr: ['Kempische Steenweg 311', '3500 Hasselt', 'België'],
      ...vatParty(
        BE_PEETERS,
        `BE ${BE_PEETERS.slice(2, 6)}.${BE_PEETERS.slice(6, 9)}.${BE_PEETERS.slice(9)}`,
      ),
      reg: BE_PEETERS.slice(2),
      regLine: `RPR Antwerpen, afdeling Hasselt ${BE_PEETERS.slice(2)}`,
      regPrinted: BE_PEETERS.slice(2),
      email: 'boekhouding@peeters-installatie.example',
      phone: '+32 11 55 62 04',
    }),
    buyer: party({
      name: 'Bouwgroep Lambrechts NV',
      addr: ['Industrieweg 7', '3590 Diepenbeek'],
      ...vatParty(beVat('04563218'), `BE ${beVat('04563218').slice(2)}`),
    }),
    iban: iban('BE', '735', '0418822'),
    bic: 'KEMPBE22',
    bank: 'Kempense Spaarbank',
    number: '2026/0212',
    issue: '2026-03-04',
    dueDays: 30,
    po: 'LAM-26-0419',
    ref: 'Werf Diepenbeek fase 2',
    payRef: {
      key: ogm('2603040212'),
      printed: ogmPrinted(ogm('2603040212')),
      text: 'Gelieve te betalen met gestructureerde mededeling {r}',
    },
    rc: 'Btw verlegd - medecontractant. Bij gebrek aan schriftelijke betwisting binnen een termijn van één maand na ontvangst van de factuur wordt de klant geacht te erkennen dat hij een belastingplichtige is gehouden tot het indienen van periodieke aangiften.',
    items: [
      { d: 'Warmtepomp lucht/water 8 kW, geplaatst', r: '0', u: 'st', p: 745000, q: 100 },
      { d: 'Vloerverwarming collector 8 groepen', r: '0', u: 'st', p: 68400, q: 100 },
      { d: 'Buisleiding PE-Xa 16 mm', r: '0', u: 'm', p: 235, q: 42000 },
      { d: 'Arbeidsuren installateur', r: '0', u: 'uur', p: 5800 },
      { d: 'Elektrische aansluiting en keuring', r: '0', u: 'forfait', p: 42500, q: 100 },
      { d: 'Verplaatsingskosten', r: '0', u: 'rit', p: 3500, q: 400 },
    ],
    n: 6,
    seed: 43,
    vatTable: false,
  },
  {
    file: 'es-4-pdfbox-imprenta',
    lang: 'es',
    gen: 'pdfbox',
    layout: 'C',
    font: 'helvetica',
    pages: 1,
    type: '380',
    cc: 'ES',
    what: 'sidebar, standard-14 Helvetica (no embedding), IVA 21 % + 4 % (books), Spanish long dates, hoja registral',
    cur: 'EUR',
    curPrinted: '€',
    curPre: false,
    num: 'de',
    date: 'long',
    seller: party({
      name: 'Gráficas Cantábrico, S.L.',
      addr: ['Calle Castilla 61', '39009 Santander'],
      vat: `ES${ES_CANTAB}`,
      vatPrinted: `ES${ES_CANTAB}`,
      vatLabel: 'NIF',
      reg: 'S-23871',
      regLine: 'R.M. Cantabria, Tomo 1042, Folio 118, Hoja S-23871',
      regPrinted: 'S-23871',
      email: 'facturas@graficascantabrico.example',
      phone: '+34 942 55 30 71',
    }),
    buyer: party({
      name: 'Editorial Bahía Norte, S.L.',
      addr: ['Paseo de Pereda 22', '39004 Santander'],
      vat: `ES${esCif('B', '3927416')}`,
      vatPrinted: `ES${esCif('B', '3927416')}`,
      vatLabel: 'NIF',
    }),
    iban: iban('ES', '0049', '6723', '2916543108'),
    bic: 'GCANESM1XXX',
    bank: 'Caja del Cantábrico',
    number: '2026-A-0189',
    issue: '2026-03-05',
    dueDays: 45,
    po: 'EBN-0077',
    ref: 'Guía de la costa',
    payRef: null,
    items: [
      { d: "Libro 'Guía de la costa', 240 p.", r: '4', u: 'ej.', p: 385, q: 300000 },
      { d: 'Marcapáginas impresos', r: '21', u: 'ud.', p: 12, q: 300000 },
      { d: 'Carteles promocionales A3', r: '21', u: 'ud.', p: 145, q: 20000 },
      { d: 'Diseño de cubierta', r: '21', u: 'h', p: 4500 },
      { d: 'Pruebas de color', r: '21', u: 'ud.', p: 2400, q: 300 },
      { d: 'Embalaje y portes', r: '21', u: '', p: 18000, q: 100 },
      { d: 'Corrección ortotipográfica', r: '21', u: 'h', p: 3200 },
    ],
    n: 7,
    seed: 52,
    vatTable: true,
  },
  {
    file: 'it-3-pdfbox-arredi',
    lang: 'it',
    gen: 'pdfbox',
    layout: 'D',
    font: LIB_SERIF,
    pages: 1,
    type: '381',
    cc: 'IT',
    what: 'nota di credito with negative amounts, ruled table, IVA 22 %, REA, reference to the original invoice, no due date',
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'de',
    date: 'dot',
    neg: true,
    seller: party({
      name: 'Arredi Veneti Dal Molin S.p.A.',
      addr: ['Viale della Repubblica 190', '31100 Treviso (TV)'],
      vat: `IT${IT_DALMOLIN}`,
      vatPrinted: `IT ${IT_DALMOLIN}`,
      vatLabel: 'Partita IVA',
      reg: 'TV-287415',
      regLine: 'REA TV-287415',
      regPrinted: 'TV-287415',
      email: 'contabilita@arredidalmolin.example',
      phone: '+39 0422 55 9134',
      extra: ['Capitale sociale € 1.200.000,00 i.v.'],
    }),
    buyer: party({
      name: 'Hotel Laguna Blu S.r.l.',
      addr: ['Riva degli Schiavoni 40', '30122 Venezia (VE)'],
      vat: `IT${itIva('0417226', '027')}`,
      vatPrinted: itIva('0417226', '027'),
    }),
    iban: iban('IT', '05034', '12011', '000000318744'),
    bic: 'AVDMITM2XXX',
    bank: 'Banca della Marca',
    number: 'NC-2026/014',
    issue: '2026-03-05',
    dueDays: null,
    po: 'HLB-2026-31',
    ref: 'Reso camere 2° piano',
    payRef: null,
    items: [
      { d: 'Sedia imbottita mod. Canal, reso', r: '22', u: 'pz', p: 18900, q: 800 },
      { d: 'Tavolino noce 60x60, difettoso', r: '22', u: 'pz', p: 32400, q: 200 },
      { d: 'Abbuono per ritardata consegna', r: '22', u: '', p: 25000, q: 100 },
    ],
    n: 3,
    seed: 62,
    notes: ['Nota di credito a storno parziale della fattura n. 2026/0311 del 12.02.2026.'],
    vatTable: false,
  },
  // ------------------------------------------------------------------ XeLaTeX
  {
    file: 'en-4-xelatex-software',
    lang: 'en',
    gen: 'xelatex',
    layout: 'A',
    font: 'TeX Gyre Pagella',
    pages: 1,
    type: '380',
    cc: 'IE',
    what: 'letter class (address, opening, closing), ISO dates, EU reverse charge at 0 % to a Dutch customer, RF creditor reference',
    cur: 'EUR',
    curPrinted: 'EUR',
    curPre: false,
    num: 'en',
    date: 'iso',
    seller: party({
      name: 'Liffeyside Software Ltd',
      addr: ['4 Grand Canal Quay', 'Dublin 2, D02 XK71', 'Ireland'],
      ...vatParty(ieVat('9921473')),
      vatLabel: 'VAT No.',
      reg: '701554',
      regLine: 'CRO No. 701554',
      regPrinted: '701554',
      email: 'billing@liffeyside-software.example',
      phone: '+353 1 555 0190',
    }),
    buyer: party({
      name: 'Brouwer Datadiensten B.V.',
      addr: ['Catharijnesingel 59', '3511 GG Utrecht', 'The Netherlands'],
      ...vatParty(nlBtw('82041391')),
      vatLabel: 'VAT No.',
    }),
    iban: iban('IE', 'LFBK', '990214', '55102837'),
    bic: 'LFBKIE2D',
    bank: 'Liffey Commercial Bank',
    number: 'LS-2026-0412',
    issue: '2026-03-02',
    dueDays: 14,
    po: 'NL-PO-55120',
    ref: 'Project Heron',
    payRef: {
      key: rfMake('LS20260412'),
      printed: group4(rfMake('LS20260412')),
      text: 'Please use the creditor reference {r} when paying.',
    },
    rc: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
    items: [
      { d: 'Heron Scheduler licence, 25 seats, 12 months', r: '0', u: 'seat', p: 29000, q: 2500 },
      { d: 'Onboarding and data migration', r: '0', u: 'h', p: 13500 },
      { d: 'Premium support plan, Q2 2026', r: '0', u: 'quarter', p: 180000, q: 100 },
      { d: 'API integration consulting', r: '0', u: 'h', p: 15000 },
    ],
    n: 4,
    seed: 14,
    vatTable: false,
  },
  {
    file: 'es-2-xelatex-asesoria',
    lang: 'es',
    gen: 'xelatex',
    layout: 'A',
    font: 'TeX Gyre Termes',
    pages: 1,
    type: '380',
    cc: 'ES',
    what: 'letter class for a sole trader, NIF without ES prefix, IVA 21 %, IRPF 15 % withheld, Spanish long dates',
    cur: 'EUR',
    curPrinted: '€',
    curPre: false,
    num: 'de',
    date: 'long',
    seller: party({
      name: 'Lucía Ferrándiz Ortega',
      addr: ['Asesoría fiscal y laboral', 'Calle de Alcalá 318, 3.º B', '28027 Madrid'],
      vat: `ES${NIF_FERRANDIZ}`,
      vatPrinted: NIF_FERRANDIZ,
      vatLabel: 'NIF',
      email: 'lucia@ferrandiz-asesoria.example',
      phone: '+34 915 55 27 40',
    }),
    buyer: party({
      name: 'Talleres Manchegos, S.A.',
      addr: ['Polígono Larache, nave 14', '13005 Ciudad Real'],
      vat: `ES${esCif('A', '1384926')}`,
      vatPrinted: esCif('A', '1384926'),
      vatLabel: 'CIF',
    }),
    iban: iban('ES', '1465', '0100', '9172830455'),
    bic: 'LFORESM1XXX',
    bank: 'Banco Castellano',
    number: '2026-017',
    issue: '2026-03-05',
    dueDays: 15,
    po: null,
    ref: 'Cierre ejercicio 2025',
    payRef: null,
    wh: { label: 'Retención IRPF (15 %)', pct: 15 },
    items: [
      { d: 'Asesoramiento fiscal, cierre ejercicio 2025', r: '21', u: 'horas', p: 7500 },
      { d: 'Presentación modelos 303 y 390', r: '21', u: 'ud.', p: 12000, q: 200 },
      { d: 'Gestión laboral, nóminas febrero', r: '21', u: 'ud.', p: 1800, q: 1400 },
    ],
    n: 3,
    seed: 53,
    vatTable: false,
  },
  {
    file: 'de-4-xelatex-agentur',
    lang: 'de',
    gen: 'xelatex',
    layout: 'B',
    font: 'Liberation Serif',
    pages: 1,
    type: '381',
    cc: 'DE',
    what: 'KOMA scrlttr2 with DIN address window and reference line, Gutschrift (credit note), 19 %, German long date',
    cur: 'EUR',
    curPrinted: 'EUR',
    curPre: false,
    num: 'de',
    date: 'long',
    seller: party({
      name: 'Werbeagentur Kranich & Söhne GmbH',
      addr: ['Ehrenstraße 58', '50672 Köln'],
      ...vatParty(deVat('30218847')),
      reg: 'HRB 92731',
      regLine: 'Amtsgericht Köln, HRB 92731',
      regPrinted: 'HRB 92731',
      email: 'rechnungswesen@kranich-soehne.example',
      phone: '+49 221 555 7340',
    }),
    buyer: party({ name: 'Rheinauhafen Events GmbH', addr: ['Agrippinawerft 22', '50678 Köln'] }),
    iban: iban('DE', '37050198', '1930447012'),
    bic: 'KRANDE33XXX',
    bank: 'Kölner Bürgerbank',
    number: 'GS-2026-0031',
    issue: '2026-03-05',
    dueDays: null,
    po: 'BE-7781',
    ref: 'MK/ts',
    payRef: null,
    notes: [
      'Gutschrift zu Rechnung R-2026-0214 vom 16. Februar 2026. Der Betrag wird Ihrem Kundenkonto gutgeschrieben.',
    ],
    items: [
      { d: 'Storno Messestand-Grafik, nicht produziert', r: '19', u: 'psch.', p: 148000, q: 100 },
      { d: 'Gutschrift Agenturstunden (Abrechnungsfehler)', r: '19', u: 'Std.', p: 9500, q: 650 },
      { d: 'Rabatt Rahmenvertrag 2026', r: '19', u: 'psch.', p: 35000, q: 100 },
    ],
    n: 3,
    seed: 24,
    vatTable: false,
  },
  {
    file: 'it-2-xelatex-consulenza',
    lang: 'it',
    gen: 'xelatex',
    layout: 'B',
    font: 'TeX Gyre Heros',
    pages: 1,
    type: '380',
    cc: 'IT',
    what: "scrlttr2 letter for a freelance professional, codice fiscale personale, IVA 22 %, ritenuta d'acconto 20 % deducted",
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'de',
    date: 'long',
    seller: party({
      name: 'Dott.ssa Marta Ginestri',
      addr: ['Consulente del lavoro', 'Corso Buenos Aires 77', '20124 Milano (MI)'],
      vat: `IT${IT_GINESTRI}`,
      vatPrinted: IT_GINESTRI,
      vatLabel: 'P.IVA',
      email: 'studio@ginestri-consulenza.example',
      phone: '+39 02 5558 1290',
      extra: [`C.F. ${CF_GINESTRI}`],
    }),
    buyer: party({
      name: 'Tessiture Comasche S.r.l.',
      addr: ['Via Borgovico 171', '22100 Como (CO)'],
      vat: `IT${itIva('0318274', '013')}`,
      vatPrinted: itIva('0318274', '013'),
    }),
    iban: iban('IT', '03062', '34210', '000001927364'),
    bic: 'MGNSITMMXXX',
    bank: 'Banca Ambrosiana',
    number: '12/2026',
    issue: '2026-03-05',
    dueDays: 30,
    po: null,
    ref: 'Paghe febbraio 2026',
    payRef: null,
    wh: { label: "Ritenuta d'acconto 20%", pct: 20 },
    items: [
      { d: 'Elaborazione cedolini febbraio 2026', r: '22', u: 'n.', p: 1850, q: 4200 },
      { d: 'Consulenza contrattuale (ore)', r: '22', u: 'ore', p: 9000 },
      { d: 'Pratiche INAIL e adempimenti annuali', r: '22', u: 'n.', p: 25000, q: 100 },
    ],
    n: 3,
    seed: 63,
    vatTable: false,
  },
  {
    file: 'nl-4-xelatex-advies',
    lang: 'nl',
    gen: 'xelatex',
    layout: 'C',
    font: 'DejaVu Sans',
    pages: 1,
    type: '380',
    cc: 'NL',
    what: 'two minipages side by side, tabularray form boxes (labels above values), korting line, kredietbeperking (early-payment discount), o.v.v. invoice number',
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'de',
    date: 'long',
    seller: party({
      name: 'Adviesbureau Lindenhof B.V.',
      addr: ['Thorbeckegracht 9', '8011 VL Zwolle'],
      ...vatParty(nlBtw('85532718')),
      reg: '08195526',
      regLine: 'KvK-nummer 08195526',
      regPrinted: '08195526',
      email: 'facturen@lindenhof-advies.example',
      phone: '+31 38 555 61 22',
    }),
    buyer: party({ name: 'Woningstichting IJsselvallei', addr: ['Postbus 1207', '8001 BE Zwolle'] }),
    iban: iban('NL', 'LNDH', '0554129036'),
    bic: 'LNDHNL2Z',
    bank: 'Overijsselse Bank',
    number: '2026-0148',
    issue: '2026-03-05',
    dueDays: 30,
    po: 'WIJ-2026-077',
    ref: 'Huurbeleid 2026',
    payRef: { key: '2026-0148', printed: '2026-0148', text: 'Graag betalen o.v.v. factuurnummer {r}.' },
    skonto: 'Bij betaling binnen 8 dagen mag 2% kredietbeperking worden ingehouden.',
    discount: { pct: 10, label: 'Korting maatschappelijk tarief 10%' },
    items: [
      { d: 'Beleidsadvies huurverhoging 2026', r: '21', u: 'uur', p: 12500 },
      { d: 'Workshop bewonerscommissie', r: '21', u: 'dagdeel', p: 69000, q: 200 },
      { d: 'Rapportage en presentatie', r: '21', u: 'forfait', p: 145000, q: 100 },
      { d: 'Reiskosten', r: '21', u: 'km', p: 23, q: 18600 },
    ],
    n: 4,
    seed: 44,
    vatTable: false,
  },
  {
    file: 'fr-4-xelatex-formation',
    lang: 'fr',
    gen: 'xelatex',
    layout: 'C',
    font: 'DejaVu Serif',
    pages: 1,
    type: '380',
    cc: 'FR',
    what: 'minipages side by side, tabularray form boxes, narrow no-break spaces, TVA 20 % + 5,5 %, escompte for early payment, SIRET/RCS/NAF',
    cur: 'EUR',
    curPrinted: '€',
    curPre: false,
    num: 'frn',
    date: 'slash',
    seller: party({
      name: 'Atelier Formation Garonne SARL',
      addr: ['17 allées Jean-Jaurès', '31000 Toulouse'],
      ...vatParty(frTva(SIREN_TLS)),
      reg: SIREN_TLS,
      regLine: `RCS Toulouse ${SIREN_TLS}`,
      regPrinted: SIREN_TLS,
      email: 'gestion@formation-garonne.example',
      phone: '05 61 55 42 18',
      extra: [`SIRET ${siret(SIREN_TLS, '0017')} · NAF 8559A`],
    }),
    buyer: party({
      name: 'Aéro Composites du Sud SAS',
      addr: ['ZI de Montaudran, 3 rue Latécoère', '31400 Toulouse'],
      ...vatParty(frTva(siren('39281745'))),
    }),
    iban: iban('FR', '10278', '02210', '00020518547'),
    bic: 'AFGRFRPPXXX',
    bank: 'Crédit Occitan',
    number: 'AFG-2026-0071',
    issue: '2026-03-05',
    dueDays: 45,
    po: 'ACS-PO-88213',
    ref: 'Plan de formation 2026',
    payRef: null,
    skonto: 'Escompte pour paiement anticipé sous 8 jours : 1 %.',
    items: [
      { d: 'Formation « Lean management », 2 jours', r: '20', u: 'stagiaire', p: 89000, q: 800 },
      { d: 'Support de cours imprimé (livre)', r: '5.5', u: 'ex.', p: 3800, q: 800 },
      { d: 'Location salle équipée', r: '20', u: 'jour', p: 42000, q: 200 },
      { d: 'Évaluation à froid (questionnaires)', r: '20', u: 'forfait', p: 35000, q: 100 },
    ],
    n: 4,
    seed: 34,
    vatTable: true,
  },
  {
    file: 'es-3-xelatex-reformas',
    lang: 'es',
    gen: 'xelatex',
    layout: 'D',
    font: 'TeX Gyre Bonum',
    pages: 2,
    type: '380',
    cc: 'ES',
    what: 'longtable over two pages with repeated header and Suma y sigue / Suma anterior rows, IVA 10 % + 21 %, descuento, anticipo deducted, lastpage page numbers',
    cur: 'EUR',
    curPrinted: '€',
    curPre: false,
    num: 'de',
    date: 'slash',
    seller: party({
      name: 'Reformas y Construcciones Guadalquivir, S.L.',
      addr: ['Avenida de la Buhaira 31', '41018 Sevilla'],
      vat: `ES${ES_GUADAL}`,
      vatPrinted: ES_GUADAL,
      vatLabel: 'CIF',
      reg: 'SE-84512',
      regLine: 'Registro Mercantil de Sevilla, Tomo 5123, Folio 87, Hoja SE-84512',
      regPrinted: 'SE-84512',
      email: 'administracion@reformas-guadalquivir.example',
      phone: '+34 954 55 71 20',
    }),
    buyer: party({
      name: 'Comunidad de Propietarios Edificio Giralda',
      addr: ['Calle Asunción 44', '41011 Sevilla'],
      vat: `ES${esCif('H', '4128375')}`,
      vatPrinted: esCif('H', '4128375'),
      vatLabel: 'CIF',
    }),
    iban: iban('ES', '0182', '5566', '0201548877'),
    bic: 'RCGUESS1XXX',
    bank: 'Banco Bético',
    number: 'RG-2026-0093',
    issue: '2026-03-05',
    dueDays: 30,
    po: 'CP-GIR-2026-02',
    ref: 'Rehabilitación fachada',
    payRef: null,
    discount: { pct: 3, label: 'Descuento comercial 3 %' },
    deposit: { cents: 400000, label: 'Anticipo recibido 15/01/2026' },
    items: [
      { d: 'Andamio tubular, montaje y alquiler', r: '10', u: 'm²', p: 1250, q: 42000 },
      { d: 'Picado de revestimiento deteriorado', r: '10', u: 'm²', p: 1880, q: 16500 },
      { d: 'Mortero de reparación fibrado', r: '10', u: 'saco', p: 2340 },
      { d: 'Pintura silicato fachada', r: '10', u: 'm²', p: 1420, q: 38000 },
      { d: 'Sustitución bajante PVC 110', r: '10', u: 'm', p: 3150 },
      { d: 'Oficial de primera', r: '10', u: 'horas', p: 2850 },
      { d: 'Gestión de residuos, contenedor', r: '21', u: 'ud.', p: 19500 },
      { d: 'Licencia y tasas municipales (gestión)', r: '21', u: 'ud.', p: 24000, q: 100 },
    ],
    n: 28,
    seed: 54,
    breakAfter: 17,
    vatTable: true,
  },
  {
    file: 'it-4-xelatex-software',
    lang: 'it',
    gen: 'xelatex',
    layout: 'D',
    font: 'Liberation Sans',
    pages: 2,
    type: '380',
    cc: 'IT',
    what: 'longtable over two pages with A riportare / Riporto rows, IVA 22 %, sconto line, REA, codice destinatario',
    cur: 'EUR',
    curPrinted: '€',
    curPre: true,
    num: 'de',
    date: 'slash',
    seller: party({
      name: 'Lagunare Software S.r.l.',
      addr: ['Via delle Industrie 19/C', '30175 Venezia Marghera (VE)'],
      vat: `IT${IT_LAGUNARE}`,
      vatPrinted: `IT${IT_LAGUNARE}`,
      vatLabel: 'P.IVA',
      reg: 'VE-401238',
      regLine: 'REA VE-401238',
      regPrinted: 'VE-401238',
      email: 'amministrazione@lagunare-software.example',
      phone: '+39 041 555 2719',
    }),
    buyer: party({
      name: 'Cantieri Navali Adriatici S.p.A.',
      addr: ['Riva Sette Martiri 3', '30122 Venezia (VE)', 'Cod. destinatario: KRRH6B9'],
      vat: `IT${itIva('0297133', '027')}`,
      vatPrinted: itIva('0297133', '027'),
    }),
    iban: iban('IT', '02008', '02017', '000105873421'),
    bic: 'LGSWITM1XXX',
    bank: 'Banca Veneta di Credito',
    number: 'FT-2026-0206',
    issue: '2026-03-05',
    dueDays: 30,
    po: 'CNA-OA-2026-0451',
    ref: 'Progetto MES cantiere',
    payRef: null,
    discount: { pct: 5, label: 'Sconto commerciale 5%' },
    items: [
      { d: 'Licenza modulo MES, utente nominale', r: '22', u: 'n.', p: 42000 },
      { d: 'Analisi funzionale (giornate)', r: '22', u: 'gg', p: 64000 },
      { d: 'Sviluppo interfaccia PLC', r: '22', u: 'ore', p: 7500 },
      { d: 'Formazione operatori', r: '22', u: 'gg', p: 58000, q: 100 },
      { d: 'Canone manutenzione trimestrale', r: '22', u: 'n.', p: 120000, q: 100 },
      { d: 'Trasferta Marghera - cantiere', r: '22', u: 'km', p: 45, q: 6400 },
    ],
    n: 24,
    seed: 64,
    breakAfter: 16,
    vatTable: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Render model shared by the three engines
// ---------------------------------------------------------------------------------------------

const EPOCH = 1772668800; // 2026-03-05T00:00:00Z
const ENGINE: Record<Gen, string> = {
  itext: 'iText 5.5.13.3',
  pdfbox: 'Apache PDFBox 2.0.27',
  xelatex: 'XeLaTeX, XeTeX 0.999994 / xdvipdfmx 20211117',
};

interface Doc {
  title: string;
  number: string;
  sellerName: string;
  sellerAddr: string[];
  sellerContact: string[];
  buyerLabel: string;
  buyer: string[];
  meta: [string, string][];
  cols: string[];
  rows: string[][];
  breakAfter: number;
  carriedLabel: string;
  broughtLabel: string;
  carried: string;
  totals: [string, string, boolean][];
  vatHead: string[];
  vatRows: string[][];
  notes: string[];
  footer: string[][];
  pageFmt: string;
}
interface Printed {
  field: string;
  key: string;
  printed: string;
}
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

function labelsFor(s: Spec): Labels {
  return { ...LABELS[s.lang], ...s.labels };
}
function ibanPrinted(s: Spec): string | null {
  if (!s.iban) return null;
  return s.gen === 'pdfbox' && s.cc !== 'BE' ? s.iban : group4(s.iban);
}
function money(s: Spec, cents: bigint): string {
  const a = fmtCents(cents, s.num);
  if (s.curPrinted === '£') return cents < 0n ? `-£${a.slice(1)}` : `£${a}`;
  return s.curPre ? `${s.curPrinted} ${a}` : `${a} ${s.curPrinted}`;
}
function cents(v: bigint): string {
  const a = v < 0n ? -v : v;
  return `${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

function buildDoc(s: Spec, t: Totals): Doc {
  const L = labelsFor(s);
  const sign = (v: bigint): bigint => (s.neg ? -v : v);
  const fd = (iso: string): string => fmtDate(iso, s.date, s.lang);
  const due = s.dueDays === null ? null : addDays(s.issue, s.dueDays);
  const meta: [string, string][] = [[s.type === '381' ? L.no381 : L.no380, s.number]];
  meta.push([L.date, fd(s.issue)]);
  if (s.supply) meta.push([L.supply, fd(s.supply)]);
  if (due) meta.push([L.due, fd(due)]);
  if (s.po) meta.push([L.po, s.po]);
  if (s.ref) meta.push([L.ref, s.ref]);
  if (s.cust) meta.push([L.cust, s.cust]);
  const rows = t.lines.map((l) => [
    String(l.pos),
    l.d,
    fmtQty(l.q, s.num),
    l.u,
    fmtCents(sign(BigInt(l.p)), s.num),
    `${fmtRate(l.r, s.num)} %`,
    fmtCents(sign(l.amount), s.num),
  ]);
  const brk = s.breakAfter ?? 0;
  const carried = t.lines.slice(0, brk).reduce((a, l) => a + l.amount, 0n);
  const totals: [string, string, boolean][] = [[L.net, money(s, sign(t.net)), false]];
  if (s.vatTable) totals.push([L.vat, money(s, sign(t.tax)), false]);
  else {
    for (const r of t.byRate)
      totals.push([
        L.vatOn.replace('{r}', fmtRate(r.rate, s.num)).replace('{b}', fmtCents(sign(r.net), s.num)),
        money(s, sign(r.tax)),
        false,
      ]);
    if (t.byRate.length > 1) totals.push([L.vatTotal, money(s, sign(t.tax)), false]);
  }
  totals.push([L.total, money(s, sign(t.total)), true]);
  if (t.deposit > 0n) totals.push([s.deposit?.label ?? L.deposit, money(s, -t.deposit), false]);
  if (t.withholding > 0n) totals.push([s.wh?.label ?? '', money(s, -t.withholding), false]);
  if (t.deposit > 0n || t.withholding > 0n) totals.push([L.due2, money(s, t.due), true]);
  const notes: string[] = [];
  if (s.rc) notes.push(s.rc);
  if (s.skonto && due)
    notes.push(s.skonto.replace('{due}', fd(due)).replace('{skontoDate}', fd(addDays(s.issue, 10))));
  if (s.payRef) notes.push(s.payRef.text.replace('{r}', s.payRef.printed));
  notes.push(...(s.notes ?? []));
  const vatLine = s.seller.vatPrinted ? `${s.seller.vatLabel ?? L.vatId} ${s.seller.vatPrinted}` : null;
  const idCol = [vatLine, s.seller.regLine, ...(s.seller.extra ?? [])].filter((x): x is string => x !== null);
  const bankCol = [s.bank];
  if (s.cc === 'GB' && s.iban)
    bankCol.push(
      `Sort code ${s.iban.slice(8, 10)}-${s.iban.slice(10, 12)}-${s.iban.slice(12, 14)}  Account ${s.iban.slice(14)}`,
    );
  const ip = ibanPrinted(s);
  if (ip) bankCol.push(`IBAN ${ip}`);
  if (s.bic) bankCol.push(`BIC ${s.bic}`);
  const buyer = [s.buyer.name, ...s.buyer.addr];
  if (s.buyer.vatPrinted) buyer.push(`${s.buyer.vatLabel ?? L.vatId} ${s.buyer.vatPrinted}`);
  const contact = [s.seller.phone ? `Tel. ${s.seller.phone}` : '', s.seller.email ?? ''].filter(
    (x) => x !== '',
  );
  if (s.layout.startsWith('C') && vatLine) contact.push(vatLine);
  return {
    title: s.type === '381' ? L.t381 : L.t380,
    number: s.number,
    sellerName: s.seller.name,
    sellerAddr: s.seller.addr,
    sellerContact: contact,
    buyerLabel: L.billTo,
    buyer,
    meta,
    cols: [...L.cols],
    rows,
    breakAfter: brk,
    carriedLabel: L.carried,
    broughtLabel: L.brought,
    carried: fmtCents(sign(carried), s.num),
    totals,
    vatHead: s.vatTable ? [...L.vatHead] : [],
    vatRows: s.vatTable
      ? t.byRate.map((r) => [
          `${fmtRate(r.rate, s.num)} %`,
          fmtCents(sign(r.net), s.num),
          fmtCents(sign(r.tax), s.num),
        ])
      : [],
    notes,
    footer: [[s.seller.name, ...s.seller.addr], idCol, bankCol],
    pageFmt: L.page,
  };
}

function buildKey(s: Spec, t: Totals): { fields: KeyFields; printed: Printed[] } {
  const due = s.dueDays === null ? null : addDays(s.issue, s.dueDays);
  const fd = (iso: string): string => fmtDate(iso, s.date, s.lang);
  const fields: KeyFields = {
    number: s.number,
    issue_date: s.issue,
    due_date: due,
    currency: s.cur,
    total_net: cents(t.net),
    total_tax: cents(t.tax),
    total: cents(t.total),
    amount_due: cents(t.due),
    tax_breakdown: t.byRate.map((r) => ({ rate: r.rate, net: cents(r.net), tax: cents(r.tax) })),
    seller_name: s.seller.name,
    seller_vat_id: s.seller.vat,
    seller_registration_id: s.seller.reg,
    seller_email: s.seller.email,
    iban: s.iban,
    bic: s.bic,
    payment_reference: s.payRef?.key ?? null,
    purchase_order: s.po,
    buyer_reference: s.ref,
    buyer_name: s.buyer.name,
    buyer_vat_id: s.buyer.vat,
  };
  const abs = (v: bigint): string => fmtCents(v < 0n ? -v : v, s.num);
  const p: Printed[] = [
    { field: 'number', key: fields.number, printed: s.number },
    { field: 'issue_date', key: fields.issue_date, printed: fd(s.issue) },
    { field: 'currency', key: fields.currency, printed: s.curPrinted },
    { field: 'total_net', key: fields.total_net, printed: abs(t.net) },
    { field: 'total_tax', key: fields.total_tax, printed: abs(t.tax) },
    { field: 'total', key: fields.total, printed: abs(t.total) },
    { field: 'amount_due', key: fields.amount_due, printed: abs(t.due) },
    { field: 'seller_name', key: fields.seller_name, printed: s.seller.name },
    { field: 'buyer_name', key: fields.buyer_name, printed: s.buyer.name },
  ];
  if (due) p.push({ field: 'due_date', key: due, printed: fd(due) });
  t.byRate.forEach((r, i) => {
    p.push({ field: `tax_breakdown[${i}].rate`, key: r.rate, printed: `${fmtRate(r.rate, s.num)} %` });
    p.push({ field: `tax_breakdown[${i}].net`, key: cents(r.net), printed: abs(r.net) });
    p.push({ field: `tax_breakdown[${i}].tax`, key: cents(r.tax), printed: abs(r.tax) });
  });
  const opt = (field: string, key: string | null, printed: string | null): void => {
    if (key !== null) p.push({ field, key, printed: printed ?? '<not printed>' });
  };
  opt('seller_vat_id', s.seller.vat, s.seller.vatPrinted);
  opt('seller_registration_id', s.seller.reg, s.seller.regPrinted);
  opt('seller_email', s.seller.email, s.seller.email);
  opt('iban', s.iban, ibanPrinted(s));
  opt('bic', s.bic, s.bic);
  opt('payment_reference', s.payRef?.key ?? null, s.payRef?.printed ?? null);
  opt('purchase_order', s.po, s.po);
  opt('buyer_reference', s.ref, s.ref);
  opt('buyer_vat_id', s.buyer.vat, s.buyer.vatPrinted);
  return { fields, printed: p };
}

// ---------------------------------------------------------------------------------------------
// Engine inputs: tab-separated spec for the Java programs, .tex for XeLaTeX
// ---------------------------------------------------------------------------------------------

function javaSpec(s: Spec, d: Doc): string {
  const out: string[] = [];
  const put = (k: string, ...v: string[]): void => {
    for (const x of v) if (/[\t\n]/.test(x)) throw new Error(`tab/newline in ${k}`);
    out.push([k, ...v].join('\t'));
  };
  put('layout', s.layout);
  put('font', s.font);
  put('pages', String(s.pages));
  put('epoch', String(EPOCH));
  put('title', d.title);
  put('number', d.number);
  put('sellerName', d.sellerName);
  for (const a of d.sellerAddr) put('sellerAddr', a);
  for (const a of d.sellerContact) put('sellerContact', a);
  put('buyerLabel', d.buyerLabel);
  for (const a of d.buyer) put('buyer', a);
  for (const [l, v] of d.meta) put('meta', l, v);
  for (const c of d.cols) put('cols', c);
  for (const r of d.rows) put('row', ...r);
  put('breakAfter', String(d.breakAfter));
  put('carriedLabel', d.carriedLabel);
  put('broughtLabel', d.broughtLabel);
  put('carried', d.carried);
  for (const [l, v, b] of d.totals) put('tot', l, v, b ? '1' : '0');
  for (const h of d.vatHead) put('vatHead', h);
  for (const r of d.vatRows) put('vatRow', ...r);
  for (const n of d.notes) put('note', n);
  d.footer.forEach((col, i) => {
    for (const l of col) put('foot', String(i), l);
  });
  put('pageFmt', d.pageFmt);
  return `${out.join('\n')}\n`;
}

function tx(v: string): string {
  return v.replace(/[\\{}&%$#_~^]/g, (c) => {
    if (c === '\\') return '\\textbackslash{}';
    if (c === '~') return '\\textasciitilde{}';
    if (c === '^') return '\\textasciicircum{}';
    return `\\${c}`;
  });
}
const lines = (xs: string[]): string => xs.map(tx).join('\\\\\n');

function texPreamble(s: Spec, cls: string, extra: string): string {
  return String.raw`\documentclass${cls}
\usepackage{fontspec}
\setmainfont{${s.font}}[Ligatures={TeX,NoCommon}]
\usepackage{array,booktabs,xcolor,tabularx}
\hyphenpenalty=10000 \exhyphenpenalty=10000
\special{pdf:docinfo <</Title (${s.number}) /Creator (docex enterprise-blind, XeLaTeX)>>}
${extra}
`;
}
function texItemsTabularx(d: Doc): string {
  const head = d.cols.map((c) => `\\textbf{${tx(c)}}`).join(' & ');
  const body = d.rows.map((r) => `${r.map(tx).join(' & ')}\\\\`).join('\n');
  return String.raw`\noindent\begin{tabularx}{\textwidth}{@{}r >{\raggedright\arraybackslash}X r l r r r@{}}
\toprule
${head}\\
\midrule
${body}
\bottomrule
\end{tabularx}
`;
}
function texTotals(d: Doc, width: string): string {
  const rows = d.totals
    .map(([l, v, b]) =>
      b ? `\\midrule\\textbf{${tx(l)}} & \\textbf{${tx(v)}}\\\\` : `${tx(l)} & ${tx(v)}\\\\`,
    )
    .join('\n');
  return String.raw`\hfill\begin{tabular}{@{}p{${width}}r@{}}
${rows}
\bottomrule
\end{tabular}
`;
}
function texVat(d: Doc): string {
  if (d.vatRows.length === 0) return '';
  return String.raw`\begin{tabular}[t]{|r|r|r|}\hline
${d.vatHead.map((h) => `\\textbf{${tx(h)}}`).join(' & ')}\\\hline
${d.vatRows.map((r) => `${r.map(tx).join(' & ')}\\\\`).join('\n')}
\hline\end{tabular}`;
}
function texNotes(d: Doc): string {
  return d.notes.map((n) => `\\par\\medskip\\noindent{\\raggedright ${tx(n)}\\par}`).join('\n');
}
function texFooterCols(d: Doc): string {
  return d.footer
    .map((c) => `\\begin{minipage}[t]{0.32\\textwidth}\\raggedright\\scriptsize ${lines(c)}\\end{minipage}`)
    .join('\\hfill\n');
}

function texLetter(s: Spec, d: Doc): string {
  const meta = d.meta.map(([l, v]) => `${tx(l)}: & \\textbf{${tx(v)}}\\\\`).join('\n');
  return String.raw`${texPreamble(s, '[10pt,a4paper]{letter}', String.raw`\usepackage[a4paper,margin=22mm,top=18mm,bottom=20mm]{geometry}`)}
\address{\textbf{\large ${tx(d.sellerName)}}\\${lines([...d.sellerAddr, ...d.sellerContact])}}
\signature{${tx(d.sellerName)}}
\date{}
\begin{document}
\begin{letter}{${lines(d.buyer)}}
\opening{{\Large\textbf{${tx(d.title)}}}}
\begin{tabular}{@{}ll@{}}
${meta}
\end{tabular}

\bigskip
${texItemsTabularx(d)}
\medskip
\noindent${texVat(d)}${texTotals(d, '6.2cm')}
${texNotes(d)}
\closing{${s.lang === 'es' ? 'Atentamente,' : 'Yours faithfully,'}}
\vfill
\noindent\rule{\textwidth}{0.4pt}\\
${texFooterCols(d)}
\end{letter}
\end{document}
`;
}

function texKoma(s: Spec, d: Doc): string {
  const L = labelsFor(s);
  const metaRest = d.meta.filter(([l]) => l !== L.date && l !== L.ref && l !== L.no380 && l !== L.no381);
  const metaTab = metaRest.map(([l, v]) => `${tx(l)}: & ${tx(v)}\\\\`).join('\n');
  const no = d.meta[0] ?? ['', ''];
  const date = d.meta.find(([l]) => l === L.date)?.[1] ?? '';
  const ref = d.meta.find(([l]) => l === L.ref)?.[1];
  return String.raw`${texPreamble(s, '[fontsize=10pt,paper=a4,fromalign=right,fromrule=aftername,fromphone=true,fromemail=true,backaddress=true,foldmarks=true,firstfoot=true,enlargefirstpage=true]{scrlttr2}', '')}
\setkomavar{fromname}{${tx(d.sellerName)}}
\setkomavar{fromaddress}{${lines(d.sellerAddr)}}
\setkomavar{fromphone}[Tel. ]{${tx(s.seller.phone ?? '')}}
\setkomavar{fromemail}[E-Mail ]{${tx(s.seller.email ?? '')}}
\setkomavar{backaddress}{${tx(d.sellerName)}, ${tx(d.sellerAddr.slice(-2).join(', '))}}
\setkomavar*{date}{${tx(L.date)}}
\setkomavar{date}{${tx(date)}}
\setkomavar*{invoice}{${tx(no[0])}}
\setkomavar{invoice}{${tx(no[1])}}
${ref ? `\\setkomavar*{yourref}{${tx(L.ref)}}\n\\setkomavar{yourref}{${tx(ref)}}` : ''}
\setkomavar{subject}{${tx(d.title)} ${tx(d.number)}}
\setkomavar{firstfoot}{\rule{\textwidth}{0.4pt}\\${texFooterCols(d)}}
\begin{document}
\begin{letter}{${lines(d.buyer)}}
\opening{}
\noindent\begin{tabular}{@{}ll@{}}
${metaTab}
\end{tabular}

\bigskip
${texItemsTabularx(d)}
\medskip
\noindent${texVat(d)}${texTotals(d, '7cm')}
${texNotes(d)}
\end{letter}
\end{document}
`;
}

function texForm(s: Spec, d: Doc): string {
  const boxes = d.meta.map(([l, v]) => `{{{\\scriptsize\\color{gray} ${tx(l)}}\\\\ \\textbf{${tx(v)}}}}`);
  if (boxes.length % 2 === 1) boxes.push('{}');
  const boxRows: string[] = [];
  for (let i = 0; i < boxes.length; i += 2) boxRows.push(`${at(boxes, i)} & ${at(boxes, i + 1)}\\\\`);
  const cols = d.cols.map((c) => `\\textbf{${tx(c)}}`).join(' & ');
  const body = d.rows.map((r) => `${r.map(tx).join(' & ')}\\\\`).join('\n');
  const tots = d.totals
    .map(([l, v, b]) => (b ? `\\textbf{${tx(l)}} & \\textbf{${tx(v)}}\\\\` : `${tx(l)} & ${tx(v)}\\\\`))
    .join('\n');
  return String.raw`${texPreamble(
    s,
    '[9pt]{extarticle}',
    String.raw`\usepackage[a4paper,margin=17mm,bottom=34mm]{geometry}
\usepackage{tabularray,fancyhdr,lastpage}
\pagestyle{fancy}\fancyhf{}\renewcommand{\headrulewidth}{0pt}
\fancyfoot[C]{\rule{\textwidth}{0.4pt}\\${texFooterCols(d)}\\[2pt]\scriptsize ${tx(d.pageFmt).replace('\\{p\\}', '\\thepage{}').replace('\\{n\\}', '\\pageref{LastPage}')}}
\setlength{\footskip}{22mm}`,
  )}
\begin{document}
\noindent\begin{minipage}[t]{0.58\textwidth}
{\LARGE\textbf{${tx(d.sellerName)}}}\\[3pt]
${lines(d.sellerAddr)}\\
${lines(d.sellerContact)}
\end{minipage}\hfill
\begin{minipage}[t]{0.38\textwidth}\raggedleft
{\Huge\textbf{${tx(d.title)}}}
\end{minipage}

\vspace{10mm}
\noindent\begin{minipage}[t]{0.40\textwidth}
{\scriptsize\color{gray}${tx(d.buyerLabel)}}\\
\textbf{${tx(at(d.buyer, 0))}}\\
${lines(d.buyer.slice(1))}
\end{minipage}\hfill
\begin{minipage}[t]{0.56\textwidth}
\begin{tblr}{colspec={X[l]X[l]},hlines,vlines,rowsep=1pt}
${boxRows.join('\n')}
\end{tblr}
\end{minipage}

\vspace{8mm}
\noindent\begin{tblr}{colspec={Q[r]X[l]Q[r]Q[l]Q[r]Q[r]Q[r]},row{1}={bg=black!10},hline{1,2,Z}={0.6pt},rowsep=2pt}
${cols}\\
${body}
\end{tblr}

\vspace{5mm}
\noindent${texVat(d)}\hfill\begin{tblr}{colspec={Q[l]Q[r]},hline{1,Z}={0.6pt},hline{${d.totals.findIndex(([, , b]) => b) + 1}}={0.4pt},rowsep=2pt}
${tots}
\end{tblr}
${texNotes(d)}
\end{document}
`;
}

function texLong(s: Spec, d: Doc): string {
  const cols = d.cols.map((c) => `\\textbf{${tx(c)}}`).join(' & ');
  const parts: string[] = [];
  d.rows.forEach((r, i) => {
    if (d.breakAfter > 0 && i === d.breakAfter) {
      parts.push(
        `\\midrule\\multicolumn{6}{r}{\\textbf{${tx(d.carriedLabel)}}} & \\textbf{${tx(d.carried)}}\\\\`,
      );
      parts.push('\\pagebreak');
      parts.push(
        `\\multicolumn{6}{r}{\\textbf{${tx(d.broughtLabel)}}} & \\textbf{${tx(d.carried)}}\\\\\\midrule`,
      );
    }
    parts.push(`${r.map(tx).join(' & ')}\\\\`);
  });
  const meta = d.meta.map(([l, v]) => `${tx(l)} & ${tx(v)}\\\\`).join('\n');
  return String.raw`${texPreamble(
    s,
    '[10pt]{article}',
    String.raw`\usepackage[a4paper,margin=18mm,top=30mm,bottom=36mm,headheight=14pt]{geometry}
\usepackage{longtable,fancyhdr,lastpage}
\pagestyle{fancy}\fancyhf{}
\fancyhead[L]{\small\textbf{${tx(d.sellerName)}}}
\fancyhead[R]{\small ${tx(d.title)} ${tx(d.number)}}
\fancyfoot[C]{${texFooterCols(d)}\\[3pt]\scriptsize ${tx(d.pageFmt).replace('\\{p\\}', '\\thepage{}').replace('\\{n\\}', '\\pageref{LastPage}')}}
\setlength{\footskip}{20mm}`,
  )}
\begin{document}
\noindent\begin{minipage}[t]{0.5\textwidth}\raggedright
{\Large\textbf{${tx(d.sellerName)}}}\\
${lines([...d.sellerAddr, ...d.sellerContact])}

\bigskip
{\footnotesize ${tx(d.buyerLabel)}}\\
\textbf{${tx(at(d.buyer, 0))}}\\
${lines(d.buyer.slice(1))}
\end{minipage}\hfill
\begin{minipage}[t]{0.42\textwidth}
{\LARGE\textbf{${tx(d.title)}}}\\[6pt]
\begin{tabular}{@{}l r@{}}
${meta}
\end{tabular}
\end{minipage}

\vspace{6mm}
\setlength{\LTleft}{0pt}\setlength{\LTright}{0pt}
\begin{longtable}{@{}r p{6.6cm} r l r r r@{}}
\toprule
${cols}\\
\midrule
\endfirsthead
\toprule
${cols}\\
\midrule
\endhead
${parts.join('\n')}
\bottomrule
\end{longtable}

\noindent${texVat(d)}${texTotals(d, '5.8cm')}
${texNotes(d)}
\end{document}
`;
}

function texFor(s: Spec, d: Doc): string {
  switch (s.layout[0]) {
    case 'A':
      return texLetter(s, d);
    case 'B':
      return texKoma(s, d);
    case 'C':
      return texForm(s, d);
    default:
      return texLong(s, d);
  }
}

const ITEXT_JAVA = String.raw`
import com.itextpdf.text.*;
import com.itextpdf.text.pdf.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.List;

public class ItextInvoices {
  static Map<String, List<String[]>> spec;
  static BaseFont BF, BFB;
  static final BaseColor GREY = new BaseColor(0xE6, 0xE6, 0xE6);
  static final BaseColor DARK = new BaseColor(0x23, 0x3A, 0x5E);

  static List<String[]> all(String k) { return spec.getOrDefault(k, new ArrayList<String[]>()); }
  static String one(String k) { List<String[]> l = all(k); return l.isEmpty() ? "" : l.get(0)[0]; }
  static List<String> col(String k) { List<String> r = new ArrayList<>(); for (String[] a : all(k)) r.add(a[0]); return r; }
  static Font f(float s) { return new Font(BF, s); }
  static Font b(float s) { return new Font(BFB, s); }
  static Font c(BaseFont bf, float s, BaseColor col) { Font x = new Font(bf, s); x.setColor(col); return x; }

  static PdfPCell cell(String t, Font fo, int align, int border) {
    PdfPCell c = new PdfPCell(new Phrase(t, fo));
    c.setHorizontalAlignment(align); c.setBorder(border); c.setPadding(3f); c.setPaddingBottom(4f);
    return c;
  }
  static PdfPCell lines(List<String> ls, Font first, Font rest, int align, int border) {
    Paragraph p = new Paragraph();
    for (int i = 0; i < ls.size(); i++) { p.add(new Chunk(ls.get(i), i == 0 ? first : rest)); if (i < ls.size() - 1) p.add(Chunk.NEWLINE); }
    PdfPCell c = new PdfPCell(); c.addElement(p); p.setAlignment(align); c.setBorder(border); c.setPadding(4f);
    return c;
  }

  public static void main(String[] args) throws Exception {
    for (int i = 0; i + 1 < args.length; i += 2) render(args[i], args[i + 1]);
  }

  static class Events extends PdfPageEventHelper {
    PdfTemplate total; char kind;
    public void onOpenDocument(PdfWriter w, Document d) { total = w.getDirectContent().createTemplate(40, 14); }
    public void onEndPage(PdfWriter w, Document d) {
      PdfContentByte cb = w.getDirectContent();
      float L = d.left(), R = d.right();
      if (kind == 'C') {
        cb.saveState(); cb.setColorFill(GREY); cb.rectangle(0, 0, 125, PageSize.A4.getHeight()); cb.fill(); cb.restoreState();
        ColumnText ct = new ColumnText(cb);
        ct.setSimpleColumn(14, 300, 118, 800);
        Paragraph p = new Paragraph(one("sellerName"), b(10)); ct.addElement(p);
        for (String s : col("sellerAddr")) ct.addElement(new Paragraph(s, f(8)));
        ct.addElement(new Paragraph(" ", f(6)));
        for (String s : col("sellerContact")) {
          float sz = 7.5f;
          while (BF.getWidthPoint(s, sz) > 102 && sz > 5f) sz -= 0.25f;
          ct.addElement(new Paragraph(s, f(sz)));
        }
        try { ct.go(); } catch (DocumentException e) { throw new RuntimeException(e); }
      }
      if (kind == 'D') {
        cb.saveState(); cb.setColorFill(DARK); cb.rectangle(0, PageSize.A4.getHeight() - 80, PageSize.A4.getWidth(), 80); cb.fill(); cb.restoreState();
        ColumnText.showTextAligned(cb, Element.ALIGN_LEFT, new Phrase(one("sellerName"), c(BFB, 16, BaseColor.WHITE)), L, PageSize.A4.getHeight() - 40, 0);
        List<String> a = col("sellerAddr");
        ColumnText.showTextAligned(cb, Element.ALIGN_LEFT, new Phrase(String.join(" \u00b7 ", a), c(BF, 8, BaseColor.WHITE)), L, PageSize.A4.getHeight() - 56, 0);
        List<String> ct = col("sellerContact");
        ColumnText.showTextAligned(cb, Element.ALIGN_RIGHT, new Phrase(String.join("   ", ct), c(BF, 7.5f, BaseColor.WHITE)), R, PageSize.A4.getHeight() - 70, 0);
      }
      // footer columns
      List<String[]> foot = all("foot");
      int ncol = 0; for (String[] x : foot) ncol = Math.max(ncol, Integer.parseInt(x[0]) + 1);
      if (ncol > 0) {
        float cw = (R - L) / ncol;
        cb.saveState(); cb.setLineWidth(0.5f); cb.moveTo(L, 78); cb.lineTo(R, 78); cb.stroke(); cb.restoreState();
        for (int i = 0; i < ncol; i++) {
          ColumnText ct = new ColumnText(cb);
          ct.setSimpleColumn(L + i * cw, 20, L + (i + 1) * cw - 6, 75);
          for (String[] x : foot) if (Integer.parseInt(x[0]) == i) { Paragraph p = new Paragraph(x[1], f(7)); p.setLeading(8.5f); ct.addElement(p); }
          try { ct.go(); } catch (DocumentException e) { throw new RuntimeException(e); }
        }
      }
      String pf = one("pageFmt");
      int at = pf.indexOf("{n}");
      String head = pf.substring(0, at).replace("{p}", String.valueOf(w.getPageNumber()));
      Font pfo = f(8);
      float wd = BF.getWidthPoint(head, 8);
      ColumnText.showTextAligned(cb, Element.ALIGN_LEFT, new Phrase(head, pfo), R - 40 - wd, 10, 0);
      cb.addTemplate(total, R - 40, 10);
    }
    public void onCloseDocument(PdfWriter w, Document d) {
      ColumnText.showTextAligned(total, Element.ALIGN_LEFT, new Phrase(String.valueOf(w.getPageNumber()), f(8)), 0, 0, 0);
    }
  }

  static PdfPTable metaTable(boolean boxed) {
    PdfPTable t = new PdfPTable(2);
    try { t.setWidths(new float[] {48, 52}); } catch (DocumentException e) { throw new RuntimeException(e); }
    for (String[] m : all("meta")) {
      t.addCell(cell(m[0], f(8.5f), Element.ALIGN_LEFT, boxed ? Rectangle.BOX : Rectangle.NO_BORDER));
      t.addCell(cell(m[1], b(8.5f), boxed ? Element.ALIGN_LEFT : Element.ALIGN_RIGHT, boxed ? Rectangle.BOX : Rectangle.NO_BORDER));
    }
    return t;
  }

  static void render(String specPath, String out) throws Exception {
    spec = new LinkedHashMap<>();
    for (String line : Files.readAllLines(Paths.get(specPath), StandardCharsets.UTF_8)) {
      if (line.isEmpty()) continue;
      String[] p = line.split("\t", -1);
      spec.computeIfAbsent(p[0], k -> new ArrayList<String[]>()).add(Arrays.copyOfRange(p, 1, p.length));
    }
    String layout = one("layout");
    char kind = layout.charAt(0);
    boolean right = layout.indexOf('r') > 0;
    boolean times = one("font").equals("times");
    BF = BaseFont.createFont(times ? BaseFont.TIMES_ROMAN : BaseFont.HELVETICA, BaseFont.CP1252, false);
    BFB = BaseFont.createFont(times ? BaseFont.TIMES_BOLD : BaseFont.HELVETICA_BOLD, BaseFont.CP1252, false);
    Document doc = new Document(PageSize.A4, kind == 'C' ? 150 : 48, 45, kind == 'D' ? 100 : 45, 90);
    PdfWriter w = PdfWriter.getInstance(doc, new FileOutputStream(out));
    Events ev = new Events(); ev.kind = kind; w.setPageEvent(ev);
    doc.addTitle(one("title") + " " + one("number"));
    doc.addAuthor(one("sellerName"));
    doc.addCreator("docex enterprise-blind (iText 5)");
    doc.open();

    // ---- head
    if (kind == 'A') {
      PdfPTable h = new PdfPTable(2); h.setWidthPercentage(100);
      List<String> sl = new ArrayList<>(); sl.add(one("sellerName")); sl.addAll(col("sellerAddr")); sl.addAll(col("sellerContact"));
      PdfPCell sellerCell = lines(sl, b(15), f(8.5f), right ? Element.ALIGN_RIGHT : Element.ALIGN_LEFT, Rectangle.NO_BORDER);
      PdfPCell metaCell = new PdfPCell(); metaCell.setBorder(Rectangle.NO_BORDER);
      Paragraph tp = new Paragraph(one("title"), b(18)); metaCell.addElement(tp);
      PdfPTable mt = metaTable(true); mt.setWidthPercentage(100); metaCell.addElement(mt);
      if (right) { h.addCell(metaCell); h.addCell(sellerCell); } else { h.addCell(sellerCell); h.addCell(metaCell); }
      doc.add(h);
      doc.add(new Paragraph(" ", f(8)));
      PdfPTable bt = new PdfPTable(2); bt.setWidthPercentage(100);
      List<String> bl = new ArrayList<>(); bl.add(one("buyerLabel")); bl.addAll(col("buyer"));
      PdfPCell bc = lines(bl, b(8), f(10), Element.ALIGN_LEFT, Rectangle.BOX);
      PdfPCell empty = new PdfPCell(new Phrase("")); empty.setBorder(Rectangle.NO_BORDER);
      if (right) { bt.addCell(empty); bt.addCell(bc); } else { bt.addCell(bc); bt.addCell(empty); }
      doc.add(bt);
    } else if (kind == 'B') {
      Paragraph sp = new Paragraph(one("sellerName"), b(14)); sp.setAlignment(Element.ALIGN_RIGHT); doc.add(sp);
      for (String s : col("sellerAddr")) { Paragraph p = new Paragraph(s, f(8.5f)); p.setAlignment(Element.ALIGN_RIGHT); doc.add(p); }
      for (String s : col("sellerContact")) { Paragraph p = new Paragraph(s, f(8)); p.setAlignment(Element.ALIGN_RIGHT); doc.add(p); }
      doc.add(new Paragraph(" ", f(6)));
      Paragraph small = new Paragraph(one("sellerName") + " \u00b7 " + String.join(" \u00b7 ", col("sellerAddr")), f(6.5f)); doc.add(small);
      Paragraph bn = new Paragraph(); List<String> bl = col("buyer");
      for (int i = 0; i < bl.size(); i++) { bn.add(new Chunk(bl.get(i), i == 0 ? b(10.5f) : f(10))); bn.add(Chunk.NEWLINE); }
      doc.add(bn);
      Paragraph tp = new Paragraph(one("title"), b(17)); tp.setSpacingBefore(10); tp.setSpacingAfter(6); doc.add(tp);
      List<String[]> meta = all("meta");
      PdfPTable form = new PdfPTable(meta.size()); form.setWidthPercentage(100);
      for (String[] m : meta) {
        PdfPCell c = new PdfPCell(); c.setBorder(Rectangle.BOX); c.setPadding(4);
        Paragraph lp = new Paragraph(m[0], c(BF, 6.5f, BaseColor.DARK_GRAY)); c.addElement(lp);
        c.addElement(new Paragraph(m[1], b(9)));
        form.addCell(c);
      }
      doc.add(form);
    } else if (kind == 'C') {
      Paragraph tp = new Paragraph(one("title"), b(20)); tp.setSpacingAfter(8); doc.add(tp);
      PdfPTable h = new PdfPTable(2); h.setWidthPercentage(100);
      try { h.setWidths(new float[] {50, 50}); } catch (DocumentException e) { throw new RuntimeException(e); }
      List<String> bl = new ArrayList<>(); bl.add(one("buyerLabel")); bl.addAll(col("buyer"));
      h.addCell(lines(bl, c(BFB, 7.5f, BaseColor.GRAY), f(9.5f), Element.ALIGN_LEFT, Rectangle.NO_BORDER));
      PdfPCell mc = new PdfPCell(metaTable(false)); mc.setBorder(Rectangle.LEFT); mc.setPaddingLeft(8);
      h.addCell(mc);
      doc.add(h);
    } else {
      PdfPTable h = new PdfPTable(2); h.setWidthPercentage(100);
      List<String> bl = new ArrayList<>(); bl.add(one("buyerLabel")); bl.addAll(col("buyer"));
      PdfPCell bc = lines(bl, b(8), f(9.5f), Element.ALIGN_LEFT, Rectangle.BOX); bc.setBorderColor(DARK);
      h.addCell(bc);
      PdfPCell mc = new PdfPCell(); mc.setBorder(Rectangle.NO_BORDER); mc.setPaddingLeft(14);
      Paragraph tp = new Paragraph(one("title"), c(BFB, 16, DARK)); mc.addElement(tp);
      mc.addElement(metaTable(false));
      h.addCell(mc);
      doc.add(h);
    }
    doc.add(new Paragraph(" ", f(8)));

    // ---- items
    List<String> cols = col("cols");
    float[] widths = {7, 36, 9, 10, 13, 9, 16};
    int[] aligns = {Element.ALIGN_LEFT, Element.ALIGN_LEFT, Element.ALIGN_RIGHT, Element.ALIGN_LEFT, Element.ALIGN_RIGHT, Element.ALIGN_RIGHT, Element.ALIGN_RIGHT};
    int rowBorder = kind == 'A' ? Rectangle.BOX : kind == 'B' ? Rectangle.BOTTOM : kind == 'D' ? Rectangle.LEFT | Rectangle.RIGHT : Rectangle.NO_BORDER;
    List<String[]> rows = all("row");
    int brk = Integer.parseInt(one("breakAfter"));
    int start = 0;
    for (int part = 0; part < 2; part++) {
      int end = (part == 0 && brk > 0) ? brk : rows.size();
      if (part == 1 && brk <= 0) break;
      PdfPTable t = new PdfPTable(7); t.setWidthPercentage(100); t.setWidths(widths); t.setHeaderRows(1);
      for (int i = 0; i < 7; i++) {
        PdfPCell hc = cell(cols.get(i), kind == 'D' ? c(BFB, 8.5f, BaseColor.WHITE) : b(8.5f), aligns[i], kind == 'B' ? Rectangle.BOTTOM | Rectangle.TOP : kind == 'C' ? Rectangle.NO_BORDER : Rectangle.BOX);
        if (kind == 'D') hc.setBackgroundColor(DARK);
        if (kind == 'C') hc.setBackgroundColor(GREY);
        t.addCell(hc);
      }
      if (part == 1) {
        PdfPCell l = cell(one("broughtLabel"), b(8.5f), Element.ALIGN_RIGHT, rowBorder); l.setColspan(6); t.addCell(l);
        t.addCell(cell(one("carried"), b(8.5f), Element.ALIGN_RIGHT, rowBorder));
      }
      for (int r = start; r < end; r++) {
        String[] row = rows.get(r);
        for (int i = 0; i < 7; i++) {
          PdfPCell rc = cell(row[i], f(8.5f), aligns[i], rowBorder);
          if (kind == 'C' && r % 2 == 1) rc.setBackgroundColor(new BaseColor(0xF4, 0xF4, 0xF4));
          t.addCell(rc);
        }
      }
      if (part == 0 && brk > 0) {
        PdfPCell l = cell(one("carriedLabel"), b(8.5f), Element.ALIGN_RIGHT, Rectangle.TOP); l.setColspan(6); t.addCell(l);
        t.addCell(cell(one("carried"), b(8.5f), Element.ALIGN_RIGHT, Rectangle.TOP));
      } else if (kind == 'D') {
        PdfPCell l = new PdfPCell(new Phrase("")); l.setColspan(7); l.setBorder(Rectangle.TOP); l.setBorderColor(DARK); t.addCell(l);
      }
      doc.add(t);
      start = end;
      if (part == 0 && brk > 0) doc.newPage();
    }
    doc.add(new Paragraph(" ", f(6)));

    // ---- totals (nested tables)
    PdfPTable outer = new PdfPTable(2); outer.setWidthPercentage(100); outer.setWidths(new float[] {52, 48});
    List<String[]> vat = all("vatRow");
    PdfPCell leftCell = new PdfPCell(); leftCell.setBorder(Rectangle.NO_BORDER); leftCell.setPaddingRight(12);
    if (!vat.isEmpty()) {
      List<String> vh = col("vatHead");
      PdfPTable vt = new PdfPTable(vh.size()); vt.setWidthPercentage(100);
      for (String h : vh) { PdfPCell hc = cell(h, b(8), Element.ALIGN_RIGHT, Rectangle.BOX); hc.setBackgroundColor(GREY); vt.addCell(hc); }
      for (String[] v : vat) for (String x : v) vt.addCell(cell(x, f(8), Element.ALIGN_RIGHT, Rectangle.BOX));
      leftCell.addElement(vt);
    }
    outer.addCell(leftCell);
    PdfPTable tt = new PdfPTable(2); tt.setWidthPercentage(100); tt.setWidths(new float[] {62, 38});
    List<String[]> tots = all("tot");
    for (int i = 0; i < tots.size(); i++) {
      String[] x = tots.get(i);
      boolean bold = x[2].equals("1");
      int border = kind == 'A' || kind == 'D' ? Rectangle.BOX : (bold ? Rectangle.TOP : Rectangle.NO_BORDER);
      PdfPCell l = cell(x[0], bold ? b(9) : f(8.5f), kind == 'C' ? Element.ALIGN_RIGHT : Element.ALIGN_LEFT, border);
      PdfPCell v = cell(x[1], bold ? b(9) : f(8.5f), Element.ALIGN_RIGHT, border);
      if (bold && kind == 'D') { l.setBackgroundColor(GREY); v.setBackgroundColor(GREY); }
      tt.addCell(l); tt.addCell(v);
    }
    PdfPCell rightCell = new PdfPCell(tt); rightCell.setBorder(Rectangle.NO_BORDER);
    outer.addCell(rightCell);
    outer.setKeepTogether(true);
    doc.add(outer);
    doc.add(new Paragraph(" ", f(6)));
    for (String n : col("note")) { Paragraph p = new Paragraph(n, f(8.5f)); p.setSpacingAfter(3); doc.add(p); }

    PdfDate fixed = new PdfDate(fixedCal());
    w.getInfo().put(PdfName.CREATIONDATE, fixed);
    w.getInfo().put(PdfName.MODDATE, fixed);
    doc.close();
  }

  static Calendar fixedCal() {
    Calendar cal = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
    cal.setTimeInMillis(Long.parseLong(one("epoch")) * 1000L);
    return cal;
  }
}
`;

const PDFBOX_JAVA = String.raw`
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import org.apache.pdfbox.pdmodel.*;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.*;

public class PdfboxInvoices {
  static Map<String, List<String[]>> spec;
  static List<String[]> all(String k) { return spec.getOrDefault(k, new ArrayList<String[]>()); }
  static String one(String k) { List<String[]> l = all(k); return l.isEmpty() ? "" : l.get(0)[0]; }
  static List<String> col(String k) { List<String> r = new ArrayList<>(); for (String[] a : all(k)) r.add(a[0]); return r; }

  PDDocument doc; PDPageContentStream cs; PDFont F, FB; char kind; boolean right;
  final float W = PDRectangle.A4.getWidth(), H = PDRectangle.A4.getHeight();
  float LM, RM = W - 42; int pageNo = 0, pages; float y;

  public static void main(String[] args) throws Exception {
    for (int i = 0; i + 1 < args.length; i += 2) new PdfboxInvoices().render(args[i], args[i + 1]);
  }

  float width(String t, PDFont f, float s) throws IOException { return f.getStringWidth(t) / 1000f * s; }
  void text(float x, float yy, String t, PDFont f, float s) throws IOException {
    cs.beginText(); cs.setFont(f, s); cs.newLineAtOffset(x, yy); cs.showText(t); cs.endText();
  }
  void rtext(float x, float yy, String t, PDFont f, float s) throws IOException { text(x - width(t, f, s), yy, t, f, s); }
  void line(float x1, float y1, float x2, float y2, float lw) throws IOException {
    cs.setLineWidth(lw); cs.moveTo(x1, y1); cs.lineTo(x2, y2); cs.stroke();
  }
  void box(float x, float yy, float w, float h, float gray, boolean stroke) throws IOException {
    if (gray >= 0) { cs.setNonStrokingColor(gray); cs.addRect(x, yy, w, h); cs.fill(); cs.setNonStrokingColor(0f); }
    if (stroke) { cs.setLineWidth(0.6f); cs.addRect(x, yy, w, h); cs.stroke(); }
  }
  List<String> wrap(String t, PDFont f, float s, float maxW) throws IOException {
    List<String> out = new ArrayList<>(); StringBuilder cur = new StringBuilder();
    for (String word : t.split(" ")) {
      String cand = cur.length() == 0 ? word : cur + " " + word;
      if (width(cand, f, s) > maxW && cur.length() > 0) { out.add(cur.toString()); cur = new StringBuilder(word); }
      else { cur = new StringBuilder(cand); }
    }
    if (cur.length() > 0) out.add(cur.toString());
    return out;
  }

  void newPage() throws IOException {
    if (cs != null) cs.close();
    PDPage page = new PDPage(PDRectangle.A4); doc.addPage(page);
    cs = new PDPageContentStream(doc, page); pageNo++;
    if (kind == 'C') {
      box(0, 0, 145, H, 0.92f, false);
      float yy = H - 60;
      for (String s : wrap(one("sellerName"), FB, 11, 120)) { text(18, yy, s, FB, 11); yy -= 14; }
      yy -= 6;
      for (String s : col("sellerAddr")) { text(18, yy, s, F, 8.5f); yy -= 11; }
      yy -= 10;
      for (String s : col("sellerContact")) {
        float sz = 7.5f;
        while (width(s, F, sz) > 120 && sz > 5f) sz -= 0.25f;
        text(18, yy, s, F, sz); yy -= 10;
      }
    }
    if (kind == 'D' && pageNo > 1) {
      text(LM, H - 40, one("sellerName") + " \u2014 " + one("title") + " " + one("number"), FB, 9);
      line(LM, H - 46, RM, H - 46, 0.8f);
    }
    // footer
    List<String[]> foot = all("foot");
    int ncol = 0; for (String[] x : foot) ncol = Math.max(ncol, Integer.parseInt(x[0]) + 1);
    float fx = kind == 'C' ? 18 : LM;
    float cw = ncol > 0 ? (RM - fx) / ncol : 0;
    if (kind != 'C') line(LM, 74, RM, 74, 0.4f);
    if (kind == 'C') {
      float yy = 300;
      for (String[] x : foot) { for (String p : wrap(x[1], F, 7, 124)) { text(18, yy, p, F, 7); yy -= 9; } yy -= 2; }
    } else {
      for (int i = 0; i < ncol; i++) {
        float yy = 64;
        for (String[] x : foot) if (Integer.parseInt(x[0]) == i) { text(fx + i * cw, yy, x[1], F, 7); yy -= 9; }
      }
    }
    String pf = one("pageFmt").replace("{p}", String.valueOf(pageNo)).replace("{n}", String.valueOf(pages));
    if (kind == 'B') text(LM, 20, pf, F, 7.5f); else rtext(RM, 20, pf, F, 7.5f);
  }

  // columns: pos, desc, qty, unit, price, vat, amount  -> anchors (left for 0,1,3; right for others)
  float[] anchors() { float w = RM - LM; return new float[] {LM + 2, LM + 0.06f * w, LM + 0.56f * w, LM + 0.58f * w, LM + 0.76f * w, LM + 0.845f * w, RM - 2}; }
  boolean leftAligned(int i) { return i == 0 || i == 1 || i == 3; }

  void tableHeader() throws IOException {
    float[] a = anchors(); List<String> cols = col("cols");
    if (kind == 'B') box(LM, y - 5, RM - LM, 16, 0.85f, false);
    if (kind == 'A' || kind == 'D') line(LM, y + 11, RM, y + 11, 0.8f);
    for (int i = 0; i < 7; i++) { if (leftAligned(i)) text(a[i], y, cols.get(i), FB, 8.5f); else rtext(a[i], y, cols.get(i), FB, 8.5f); }
    if (kind != 'C') line(LM, y - 6, RM, y - 6, kind == 'D' ? 0.8f : 0.4f);
    y -= 20;
  }
  void row(String[] r, PDFont f) throws IOException {
    float[] a = anchors();
    for (int i = 0; i < 7; i++) { if (leftAligned(i)) text(a[i], y, r[i], f, 8.5f); else rtext(a[i], y, r[i], f, 8.5f); }
    if (kind == 'A') { line(LM, y - 5, RM, y - 5, 0.2f); }
    y -= kind == 'C' ? 15 : 14;
  }
  void labelRow(String label, String value) throws IOException {
    float[] a = anchors();
    rtext(a[5], y, label, FB, 8.5f); rtext(a[6], y, value, FB, 8.5f); y -= 16;
  }

  void render(String specPath, String out) throws Exception {
    spec = new LinkedHashMap<>();
    for (String line : Files.readAllLines(Paths.get(specPath), StandardCharsets.UTF_8)) {
      if (line.isEmpty()) continue;
      String[] p = line.split("\t", -1);
      spec.computeIfAbsent(p[0], k -> new ArrayList<String[]>()).add(Arrays.copyOfRange(p, 1, p.length));
    }
    String layout = one("layout"); kind = layout.charAt(0); right = layout.indexOf('r') > 0;
    pages = Integer.parseInt(one("pages"));
    LM = kind == 'C' ? 165 : 50;
    doc = new PDDocument();
    doc.setDocumentId(Long.parseLong(one("epoch")) * 1000L);
    String font = one("font");
    if (font.equals("helvetica")) { F = PDType1Font.HELVETICA; FB = PDType1Font.HELVETICA_BOLD; }
    else if (font.equals("times")) { F = PDType1Font.TIMES_ROMAN; FB = PDType1Font.TIMES_BOLD; }
    else {
      String[] ff = font.split(",");
      F = PDType0Font.load(doc, new File(ff[0])); FB = PDType0Font.load(doc, new File(ff[1]));
    }
    newPage();
    List<String[]> meta = all("meta");
    // ---- head
    if (kind == 'A' || kind == 'D') {
      float sx = right ? RM : LM; float yy = H - 60;
      if (right) rtext(sx, yy, one("sellerName"), FB, 15); else text(sx, yy, one("sellerName"), FB, 15);
      yy -= 14;
      for (String s : col("sellerAddr")) { if (right) rtext(sx, yy, s, F, 8.5f); else text(sx, yy, s, F, 8.5f); yy -= 10.5f; }
      for (String s : col("sellerContact")) { if (right) rtext(sx, yy, s, F, 8); else text(sx, yy, s, F, 8); yy -= 10; }
      // buyer window
      float by = H - 175; float bx = right ? LM : LM;
      text(bx, by + 14, one("buyerLabel"), F, 7);
      if (kind == 'A') line(bx, by + 10, bx + 220, by + 10, 0.3f);
      for (String s : col("buyer")) { text(bx, by, s, s.equals(col("buyer").get(0)) ? FB : F, 9.5f); by -= 12; }
      // title + meta label-left
      float mx = 330; float my = H - 175;
      text(right ? mx : mx, my + 40, one("title"), FB, 17);
      for (String[] m : meta) { text(mx, my, m[0], F, 8.5f); rtext(RM, my, m[1], FB, 8.5f); my -= 12.5f; }
      y = Math.min(by, my) - 26;
    } else if (kind == 'B') {
      float yy = H - 55;
      rtext(RM, yy, one("sellerName"), FB, 14); yy -= 14;
      for (String s : col("sellerAddr")) { rtext(RM, yy, s, F, 8.5f); yy -= 10.5f; }
      for (String s : col("sellerContact")) { rtext(RM, yy, s, F, 8); yy -= 10; }
      float by = H - 150;
      text(LM, by + 14, one("sellerName") + " \u00b7 " + String.join(" \u00b7 ", col("sellerAddr")), F, 6.5f);
      line(LM, by + 11, LM + 250, by + 11, 0.3f);
      for (String s : col("buyer")) { text(LM, by, s, F, 9.5f); by -= 12; }
      y = Math.min(by, yy) - 20;
      text(LM, y, one("title"), FB, 18); y -= 16;
      // form boxes, labels above values
      float bw = (RM - LM) / meta.size();
      for (int i = 0; i < meta.size(); i++) {
        float x = LM + i * bw;
        box(x, y - 28, bw, 28, -1, true);
        text(x + 4, y - 9, meta.get(i)[0], F, 6.5f);
        text(x + 4, y - 22, meta.get(i)[1], FB, 9);
      }
      y -= 52;
    } else {
      float yy = H - 70;
      text(LM, yy, one("title"), FB, 22); yy -= 30;
      text(LM, yy, one("buyerLabel"), FB, 7.5f);
      float by = yy - 13;
      for (String s : col("buyer")) { text(LM, by, s, F, 9.5f); by -= 12; }
      float mx = LM + 230, my = yy;
      line(mx - 10, yy + 8, mx - 10, yy - 12.5f * meta.size(), 0.5f);
      for (String[] m : meta) { text(mx, my, m[0] + ":", F, 8.5f); rtext(RM, my, m[1], FB, 8.5f); my -= 12.5f; }
      y = Math.min(by, my) - 24;
    }
    // ---- items
    tableHeader();
    List<String[]> rows = all("row");
    int brk = Integer.parseInt(one("breakAfter"));
    for (int r = 0; r < rows.size(); r++) {
      if (brk > 0 && r == brk) {
        line(LM, y + 9, RM, y + 9, 0.6f);
        labelRow(one("carriedLabel"), one("carried"));
        newPage(); y = H - 80; tableHeader();
        labelRow(one("broughtLabel"), one("carried"));
      }
      row(rows.get(r), F);
    }
    line(LM, y + 8, RM, y + 8, 0.8f);
    y -= 8;
    // ---- totals
    List<String[]> tots = all("tot");
    float tx = LM + (RM - LM) * (kind == 'C' ? 0.54f : 0.5f);
    float top = y + 10;
    float ty = y;
    for (String[] t : tots) {
      boolean bold = t[2].equals("1");
      if (bold && kind != 'B') line(tx, ty + 10, RM, ty + 10, 0.5f);
      text(tx + 4, ty, t[0], bold ? FB : F, bold ? 9.5f : 8.5f);
      rtext(RM - 4, ty, t[1], bold ? FB : F, bold ? 9.5f : 8.5f);
      ty -= bold ? 15 : 13;
    }
    if (kind == 'B') box(tx, ty + 8, RM - tx, top - ty - 8, -1, true);
    // vat table at left
    List<String[]> vat = all("vatRow");
    float vy = y;
    if (!vat.isEmpty()) {
      List<String> vh = col("vatHead");
      float vw = (tx - LM - 16) / vh.size();
      if (kind != 'C') box(LM, vy - 4, tx - LM - 16, 14, 0.9f, false);
      for (int i = 0; i < vh.size(); i++) rtext(LM + (i + 1) * vw - 4, vy, vh.get(i), FB, 6.8f);
      vy -= 14;
      for (String[] v : vat) { for (int i = 0; i < v.length; i++) rtext(LM + (i + 1) * vw - 4, vy, v[i], F, 8); vy -= 12; }
      if (kind != 'C') box(LM, vy + 8, tx - LM - 16, y - vy + 2, -1, true);
    }
    y = Math.min(ty, vy) - 14;
    for (String n : col("note")) { for (String p : wrap(n, F, 8.5f, RM - LM)) { text(LM, y, p, F, 8.5f); y -= 11; } y -= 3; }
    cs.close();
    PDDocumentInformation info = doc.getDocumentInformation();
    Calendar cal = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
    cal.setTimeInMillis(Long.parseLong(one("epoch")) * 1000L);
    info.setCreationDate(cal); info.setModificationDate(cal);
    info.setProducer("Apache PDFBox 2.0.27"); info.setCreator("docex enterprise-blind (PDFBox 2)");
    info.setTitle(one("title") + " " + one("number")); info.setAuthor(one("sellerName"));
    doc.save(new File(out)); doc.close();
  }
}
`;

// ---------------------------------------------------------------------------------------------
// Build, render, verify
// ---------------------------------------------------------------------------------------------

const REPO = path.resolve(import.meta.dirname, '..');
const OUT = path.resolve(
  process.env.ENTERPRISE_INVOICES_OUT ?? path.join(REPO, 'test/fixtures/capture/enterprise-blind'),
);
const BUILD = path.resolve(process.env.ENTERPRISE_INVOICES_BUILD ?? '/tmp/enterprise-build');
const CLASSPATH = ['itext5.jar', 'pdfbox2.jar', 'fontbox2.jar', 'commons-logging.jar'].map(
  (j) => `/usr/share/java/${j}`,
);

function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): string {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    input: opts.input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} failed (${r.status}):\n${(r.stdout ?? '').slice(-3000)}\n${(r.stderr ?? '').slice(-3000)}`,
    );
  }
  return r.stdout;
}

function checkTable(): void {
  check(SPECS.length === 24, '24 invoices');
  const names = new Set(SPECS.map((s) => s.file));
  check(names.size === 24, 'file names unique');
  for (const g of ['itext', 'pdfbox', 'xelatex'] as const)
    check(SPECS.filter((s) => s.gen === g).length === 8, `8 files for ${g}`);
  for (const l of ['en', 'de', 'fr', 'nl', 'es', 'it'] as const) {
    check(SPECS.filter((s) => s.lang === l).length === 4, `4 files for ${l}`);
    for (const g of ['itext', 'pdfbox', 'xelatex'] as const)
      check(
        SPECS.some((s) => s.lang === l && s.gen === g),
        `${l} with ${g}`,
      );
  }
  check(SPECS.filter((s) => s.type === '381').length === 4, '4 credit notes');
  for (const s of SPECS) {
    check(new RegExp(`^${s.lang}-[1-4]-${s.gen}-[a-z]+$`).test(s.file), `name pattern ${s.file}`);
    const n = s.n + (s.discount ? 1 : 0);
    check(n >= 3 && n <= 30, `${s.file}: 3-30 lines (${n})`);
  }
}

// ---- identifiers
interface IdCheck {
  what: string;
  kind: IdKind;
  value: string;
}
const VAT_KIND: Record<string, IdKind> = {
  DE: 'de_vat',
  AT: 'at_uid',
  CH: 'ch_vat',
  FR: 'fr_tva',
  BE: 'be_vat',
  LU: 'lu_tva',
  NL: 'nl_btw',
  ES: 'es_nif',
  IT: 'it_iva',
  GB: 'gb_vat',
  IE: 'ie_vat',
};
function vatCheck(what: string, p: Party): IdCheck[] {
  if (!p.vat) return [];
  const cc = p.vat.slice(0, 2);
  const kind = VAT_KIND[cc];
  if (!kind) throw new Error(`no VAT kind for ${p.vat}`);
  const value = cc === 'CH' ? (p.vatPrinted ?? '') : cc === 'ES' || cc === 'IT' ? p.vat.slice(2) : p.vat;
  return [{ what, kind, value }];
}
function idsOf(s: Spec): IdCheck[] {
  const ids: IdCheck[] = [
    ...vatCheck(`${s.file} seller VAT`, s.seller),
    ...vatCheck(`${s.file} buyer VAT`, s.buyer),
  ];
  if (s.seller.reg && s.cc === 'FR')
    ids.push({ what: `${s.file} SIREN`, kind: 'fr_siren', value: s.seller.reg });
  if (s.seller.reg && s.cc === 'AT') ids.push({ what: `${s.file} FN`, kind: 'at_fn', value: s.seller.reg });
  for (const e of s.seller.extra ?? []) {
    const siretM = /SIRET (\d{14})/.exec(e);
    if (siretM?.[1]) ids.push({ what: `${s.file} SIRET`, kind: 'fr_siret', value: siretM[1] });
    const cfM = /C\.F\. ([A-Z0-9]{16})/.exec(e);
    if (cfM?.[1]) ids.push({ what: `${s.file} codice fiscale`, kind: 'it_cf', value: cfM[1] });
  }
  if (s.iban) ids.push({ what: `${s.file} IBAN`, kind: 'iban', value: s.iban });
  if (s.payRef?.key.startsWith('RF'))
    ids.push({ what: `${s.file} RF reference`, kind: 'rf', value: s.payRef.key });
  if (s.payRef && /^\d{12}$/.test(s.payRef.key))
    ids.push({ what: `${s.file} structured communication`, kind: 'be_ogm', value: s.payRef.key });
  return ids;
}
function mutate(v: string): string {
  const pos = [...v].map((c, i) => (i >= 2 && /\d/.test(c) ? i : -1)).filter((i) => i >= 0);
  const i = at(pos, Math.floor(pos.length / 2));
  return v.slice(0, i) + String((Number(v[i]) + 1) % 10) + v.slice(i + 1);
}
const STDNUM_PY = `
import json, sys
from stdnum import iban, iso11649
from stdnum.de import vat as de_vat
from stdnum.at import uid as at_uid
from stdnum.ch import vat as ch_vat
from stdnum.fr import tva as fr_tva, siren as fr_siren, siret as fr_siret
from stdnum.be import vat as be_vat
from stdnum.lu import tva as lu_tva
from stdnum.nl import btw as nl_btw
from stdnum.es import nif as es_nif
from stdnum.it import iva as it_iva, codicefiscale as it_cf
from stdnum.gb import vat as gb_vat
from stdnum.ie import vat as ie_vat

ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
def val(c, odd):
    i = int(c) if c.isdigit() else ord(c) - 65
    return ODD[i] if odd else i
def national(v):
    # not covered by stdnum 1.18: French RIB key and Italian CIN (independent re-implementation)
    b = v[4:]
    if v[:2] == 'FR':
        return 97 - (89 * int(b[0:5]) + 15 * int(b[5:10]) + 3 * int(b[10:21])) % 97 == int(b[21:23])
    if v[:2] == 'IT':
        return chr(65 + sum(val(c, i % 2 == 0) for i, c in enumerate(b[1:])) % 26) == b[0]
    return True
def ogm(v):
    r = int(v[:10]) % 97
    return len(v) == 12 and v.isdigit() and (r or 97) == int(v[10:])
def fn(v):
    # Austrian Firmenbuch check letter (not in stdnum 1.18; independent re-implementation)
    p = v.split(' ')
    if len(p) != 3 or p[0] != 'FN' or not p[1].isdigit():
        return False
    n = p[1].rjust(6, '0')
    return 'abdfghikmpstvwxyz'[sum(int(d) * w for d, w in zip(n, [6, 4, 14, 15, 10, 1])) % 17] == p[2]
F = {
    'iban': lambda v: iban.is_valid(v) and national(v),
    'de_vat': de_vat.is_valid, 'at_uid': at_uid.is_valid, 'ch_vat': ch_vat.is_valid,
    'fr_tva': fr_tva.is_valid, 'fr_siren': fr_siren.is_valid, 'fr_siret': fr_siret.is_valid,
    'be_vat': be_vat.is_valid, 'lu_tva': lu_tva.is_valid, 'nl_btw': nl_btw.is_valid,
    'es_nif': es_nif.is_valid, 'it_iva': it_iva.is_valid, 'it_cf': it_cf.is_valid,
    'gb_vat': gb_vat.is_valid, 'ie_vat': ie_vat.is_valid, 'rf': iso11649.is_valid,
    'be_ogm': ogm, 'at_fn': fn,
}
out = []
for kind, v in json.load(sys.stdin):
    try:
        out.append(bool(F[kind](v)))
    except Exception:
        out.append(False)
print(json.dumps(out))
`;
const STDNUM_COVERED = new Set<IdKind>([
  'iban',
  'de_vat',
  'at_uid',
  'ch_vat',
  'fr_tva',
  'fr_siren',
  'fr_siret',
  'be_vat',
  'lu_tva',
  'nl_btw',
  'es_nif',
  'it_iva',
  'it_cf',
  'gb_vat',
  'ie_vat',
  'rf',
]);

function verifyIds(): { total: number; byStdnum: number; byPythonOwn: number } {
  const ids = SPECS.flatMap(idsOf);
  const pairs: [IdKind, string][] = [];
  for (const id of ids) {
    check(idValid(id.kind, id.value), `own check rejects ${id.what} ${id.value}`);
    check(!idValid(id.kind, mutate(id.value)), `own check accepts mutated ${id.what} ${mutate(id.value)}`);
    pairs.push([id.kind, id.value], [id.kind, mutate(id.value)]);
  }
  const res = JSON.parse(
    run('/usr/bin/python3', ['-c', STDNUM_PY], { input: JSON.stringify(pairs) }),
  ) as boolean[];
  ids.forEach((id, i) => {
    check(res[2 * i] === true, `python3-stdnum rejects ${id.what} ${id.value}`);
    check(res[2 * i + 1] === false, `python3-stdnum accepts mutated ${id.what} ${mutate(id.value)}`);
  });
  const byStdnum = ids.filter((id) => STDNUM_COVERED.has(id.kind)).length;
  return { total: ids.length, byStdnum, byPythonOwn: ids.length - byStdnum };
}

// ---- arithmetic, second path
function verifyArithmetic(s: Spec, t: Totals): void {
  const f = computeTotalsFloat(s, t.lines);
  check(
    f.net === Number(t.net) &&
      f.tax === Number(t.tax) &&
      f.total === Number(t.total) &&
      f.due === Number(t.due),
    `${s.file}: float path disagrees`,
  );
  check(t.byRate.reduce((a, r) => a + r.net, 0n) === t.net, `${s.file}: breakdown net sum`);
  check(t.byRate.reduce((a, r) => a + r.tax, 0n) === t.tax, `${s.file}: breakdown tax sum`);
  check(t.total === t.net + t.tax, `${s.file}: total = net + tax`);
  check(t.due === t.total - t.deposit - t.withholding, `${s.file}: amount due`);
  check(t.net > 0n, `${s.file}: positive net`);
  if (s.rc)
    check(
      t.byRate.length === 1 && at(t.byRate, 0).rate === '0' && t.tax === 0n,
      `${s.file}: reverse charge at 0 %`,
    );
}

// ---- rendering
function fixItextId(file: string, name: string): void {
  const buf = fs.readFileSync(file).toString('latin1');
  const id = createHash('md5').update(`enterprise-blind/${name}`).digest('hex');
  const fixed = buf.replace(/\/ID \[<([0-9a-fA-F]{32})><([0-9a-fA-F]{32})>\]/g, `/ID [<${id}><${id}>]`);
  check(fixed !== buf, `${name}: iText /ID not found`);
  fs.writeFileSync(file, Buffer.from(fixed, 'latin1'));
}

function renderAll(runDir: string, docs: Map<string, Doc>): void {
  const work = path.join(BUILD, 'work');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  fs.mkdirSync(runDir, { recursive: true });
  const cp = [path.join(BUILD, 'classes'), ...CLASSPATH].join(':');
  for (const [gen, main] of [
    ['itext', 'ItextInvoices'],
    ['pdfbox', 'PdfboxInvoices'],
  ] as const) {
    const args: string[] = [];
    for (const s of SPECS.filter((x) => x.gen === gen)) {
      const specFile = path.join(BUILD, 'specs', `${s.file}.tsv`);
      fs.writeFileSync(
        specFile,
        javaSpec(
          s,
          at(
            [...docs.entries()].filter(([k]) => k === s.file).map(([, v]) => v),
            0,
          ),
        ),
      );
      args.push(specFile, path.join(work, `${s.file}.pdf`));
    }
    run('java', ['-Djava.awt.headless=true', '-cp', cp, main, ...args]);
    if (gen === 'itext')
      for (const s of SPECS.filter((x) => x.gen === gen))
        fixItextId(path.join(work, `${s.file}.pdf`), `${s.file}.pdf`);
  }
  const env = { ...process.env, SOURCE_DATE_EPOCH: String(EPOCH), FORCE_SOURCE_DATE: '1', TZ: 'UTC' };
  for (const s of SPECS.filter((x) => x.gen === 'xelatex')) {
    const doc = docs.get(s.file);
    if (!doc) throw new Error(s.file);
    const dir = path.join(work, 'tex');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${s.file}.tex`), texFor(s, doc));
    for (let pass = 0; pass < 2; pass++)
      run('xelatex', ['-interaction=nonstopmode', '-halt-on-error', `${s.file}.tex`], { cwd: dir, env });
    const log = fs.readFileSync(path.join(dir, `${s.file}.log`), 'utf8');
    check(
      !/Missing character: There is no .*\(U\+(?!000B)/.test(log),
      `${s.file}: XeLaTeX reports missing glyphs`,
    );
    check(!/Overfull \\hbox \((\d{2,}|[5-9])\.\d+pt/.test(log), `${s.file}: overfull hbox > 5pt`);
    fs.copyFileSync(path.join(dir, `${s.file}.pdf`), path.join(work, `${s.file}.pdf`));
  }
  for (const s of SPECS)
    fs.copyFileSync(path.join(work, `${s.file}.pdf`), path.join(runDir, `${s.file}.pdf`));
}

function norm(v: string): string {
  return v
    .replace(/[\s\u00a0\u202f\u2007\u2009]+/g, ' ')
    .replace(/ %/g, '%')
    .trim();
}

function main(): void {
  const started = Date.now();
  const ours = new Set(SPECS.flatMap((s) => [`${s.file}.pdf`, `${s.file}.key.json`]));
  if (fs.existsSync(OUT)) {
    const foreign = fs.readdirSync(OUT).filter((f) => !ours.has(f));
    if (foreign.length > 0 && process.env.ENTERPRISE_INVOICES_FORCE !== '1') {
      console.error(
        `refusing to write into ${OUT}: it holds files this script did not make (${foreign.join(', ')}); set ENTERPRISE_INVOICES_FORCE=1 to proceed`,
      );
      process.exit(1);
    }
  }
  checkTable();
  fs.mkdirSync(path.join(BUILD, 'java'), { recursive: true });
  fs.mkdirSync(path.join(BUILD, 'specs'), { recursive: true });
  fs.writeFileSync(path.join(BUILD, 'java', 'ItextInvoices.java'), ITEXT_JAVA);
  fs.writeFileSync(path.join(BUILD, 'java', 'PdfboxInvoices.java'), PDFBOX_JAVA);
  run('javac', [
    '-encoding',
    'UTF-8',
    '-d',
    path.join(BUILD, 'classes'),
    '-cp',
    CLASSPATH.join(':'),
    path.join(BUILD, 'java', 'ItextInvoices.java'),
    path.join(BUILD, 'java', 'PdfboxInvoices.java'),
  ]);

  const totals = new Map<string, Totals>();
  const docs = new Map<string, Doc>();
  for (const s of SPECS) {
    const t = computeTotals(s);
    verifyArithmetic(s, t);
    totals.set(s.file, t);
    docs.set(s.file, buildDoc(s, t));
  }
  const ids = verifyIds();

  const runA = path.join(BUILD, 'run-1');
  const runB = path.join(BUILD, 'run-2');
  renderAll(runA, docs);
  renderAll(runB, docs);
  const identical: Record<Gen, number> = { itext: 0, pdfbox: 0, xelatex: 0 };
  const differing: string[] = [];
  for (const s of SPECS) {
    const a = fs.readFileSync(path.join(runA, `${s.file}.pdf`));
    const b = fs.readFileSync(path.join(runB, `${s.file}.pdf`));
    if (a.equals(b)) identical[s.gen]++;
    else differing.push(s.file);
  }
  check(differing.length === 0, `not byte-identical across two renders: ${differing.join(', ')}`);

  fs.mkdirSync(OUT, { recursive: true });
  let printedOk = 0;
  let printedAll = 0;
  let pagesOk = 0;
  let producerOk = 0;
  for (const s of SPECS) {
    const t = totals.get(s.file);
    if (!t) throw new Error(s.file);
    const pdf = path.join(OUT, `${s.file}.pdf`);
    fs.copyFileSync(path.join(runA, `${s.file}.pdf`), pdf);
    const { fields, printed } = buildKey(s, t);
    const key = {
      source: 'enterprise-blind',
      generator: 'enterprise-blind',
      file: `${s.file}.pdf`,
      producer: `scripts/make-enterprise-invoices.ts (${ENGINE[s.gen]})`,
      type_code: s.type,
      seller_country: s.cc,
      fields,
    };
    fs.writeFileSync(path.join(OUT, `${s.file}.key.json`), `${JSON.stringify(key, null, 2)}\n`);
    const text = norm(run('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-']));
    for (const p of printed) {
      printedAll++;
      if (text.includes(norm(p.printed))) printedOk++;
      else failures.push(`${s.file}: ${p.field} "${p.key}" not found as "${p.printed}"`);
    }
    const info = run('pdfinfo', [pdf]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? '0');
    const producer = /^Producer:\s+(.*)$/m.exec(info)?.[1] ?? '';
    if (pages === s.pages) pagesOk++;
    else failures.push(`${s.file}: ${pages} pages, expected ${s.pages}`);
    const want = {
      itext: /iText.*5\.5\.13\.3/,
      pdfbox: /PDFBox 2\.0\.27/,
      xelatex: /xdvipdfmx \(20211117\)/,
    }[s.gen];
    if (want.test(producer)) producerOk++;
    else failures.push(`${s.file}: producer "${producer}"`);
    if (s.pages === 2)
      check(
        text.includes(norm(labelsFor(s).page.replace('{p}', '2').replace('{n}', '2'))),
        `${s.file}: page 2 of 2 footer`,
      );
  }

  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`files: ${SPECS.length} PDFs + ${SPECS.length} keys in ${path.relative(REPO, OUT) || OUT}`);
  console.log(
    `identifiers: ${ids.total} valid by own code and by python3 (${ids.byStdnum} with python3-stdnum modules, ${ids.byPythonOwn} with independent Python code), ${ids.total} one-digit mutations rejected by both`,
  );
  console.log(`arithmetic: ${SPECS.length} invoices recomputed on a floating-point path`);
  console.log(`printed values: ${printedOk}/${printedAll} found in pdftotext -layout output`);
  console.log(
    `pages: ${pagesOk}/${SPECS.length} match; producer: ${producerOk}/${SPECS.length} show the engine`,
  );
  console.log(
    `determinism: byte-identical on a second render: iText ${identical.itext}/8 (after fixing /ID), PDFBox ${identical.pdfbox}/8, XeLaTeX ${identical.xelatex}/8`,
  );
  console.log(`time: ${secs} s`);
  if (failures.length > 0) {
    console.error(`FAILED (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('all checks passed');
}

main();
