/**
 * make-engine-invoices.ts — a blind held-out set of 24 supplier invoices (20 invoices, 4 credit notes) in six
 * languages, rendered by three PDF engines: headless Chromium (Blink + Skia
 * PDF), LuaLaTeX (fontspec, OpenType fonts) and GNU enscript → PostScript → ps2pdf (Ghostscript). Each PDF gets
 * an answer key <name>.key.json beside it. Written without opening any of docex's code, tests, benches, docs or
 * other generators; the only input was the brief's key format and conventions (below).
 *
 * NAME: the helper that wrote it was asked for "render-blind" and scripts/make-render-invoices.ts, which the
 * ninth set (groff / HTMLDOC / Pango-Cairo) already holds; it wrote beside it and the set was renamed on review
 * to "engine-blind" (SET_NAME, the keys' "source"/"generator", the default output folder) and this file to
 * make-engine-invoices.ts. The script refuses to write into an output folder that holds files it did not make
 * (override with ENGINE_INVOICES_FORCE=1), so two sets cannot get mixed by accident.
 *
 * RUN
 *   cd /work/main && node --import tsx scripts/make-engine-invoices.ts
 *   ENGINE_INVOICES_OUT=/tmp/engine-blind ENGINE_INVOICES_BUILD=/tmp/engine-build node --import tsx scripts/make-engine-invoices.ts
 *   env: ENGINE_INVOICES_OUT   output folder (default test/fixtures/capture/engine-blind, relative to the cwd)
 *        ENGINE_INVOICES_BUILD intermediates: HTML, .tex/.aux/.log, .txt/.ps, first renders (default /tmp/engine-build)
 *        ENGINE_INVOICES_FORCE=1 write into an output folder that holds other files
 *   Only node: built-ins are imported. Spawns chromium, lualatex, enscript, ps2pdf, gs, pdfinfo, pdftotext and
 *   /usr/bin/python3 (python3-stdnum). Nothing touches the network: HTML references only file:// fonts, Chromium runs
 *   with a dead proxy and host-resolver rules, file:// input only. Run time ≈ 50–60 s on 2 cores (every file is
 *   rendered twice). Exit code 1 on any verification failure, with the list of failures.
 *
 * REQUIREMENTS (Debian 12, versions from dpkg -s at the time of writing)
 *   chromium 156.0.8078.108-1~deb12u1 · texlive-luatex, texlive-latex-base, texlive-latex-recommended
 *   2022.20230122-3 · texlive-latex-extra 2022.20230122-4 (lastpage) · fonts-texgyre 20180621-6 ·
 *   fonts-liberation2 2.1.5-1 · fonts-dejavu-core 2.37-6 · fonts-lato 2.0-2.1 · enscript 1.6.5.90-3+b1 ·
 *   ghostscript 10.0.0~dfsg-11+deb12u9 · poppler-utils 22.12.0-2+deb12u3 · python3-stdnum 1.18-1 · Node 20 + tsx
 *   apt-get install -y enscript texlive-latex-extra   (the rest was already on the machine)
 *
 * THE 24 FILES (name, pages, type code, seller country, what the layout exercises)
 *  en-1-chromium-saas.pdf               1  380  GB  CSS grid letterhead, boxes of labelled fields, 20 % +
 *                                                   zero-rated 0 %, GBP, sort code + IBAN, account summary
 *                                                   (previous balance + payment received)
 *  en-2-chromium-consulting.pdf         2  380  IE  34-line timesheet table flowing over 2 pages with thead
 *                                                   repeated, @page margin boxes "Page X of Y", multi-column
 *                                                   terms, US-style dates, retainer (deposit) deducted,
 *                                                   totals on the last page only
 *  de-1-chromium-wholesale.pdf          2  380  DE  DIN 5008 letter: absolutely positioned address window
 *                                                   with return line, info block, 28 items over 2 fixed-size
 *                                                   pages with "Übertrag" carry-forward, 19 % + 7 %, freight
 *                                                   charge, Skonto with its own date, two bank accounts
 *                                                   (payment names the first), HRB
 *  de-2-chromium-carpentry.pdf          1  380  AT  Austrian letter with address window, "5. März 2026" /
 *                                                   "Jänner" dates, 20 %, Akontozahlung (advance) deducted,
 *                                                   RF creditor reference, FN with check letter, UID of buyer
 *  fr-1-chromium-agency.pdf             1  380  FR  grid + absolutely positioned badge, narrow no-break space
 *                                                   thousands (1 234,56 €), 20 % + 5,5 %, escompte with its
 *                                                   own date, SIREN/SIRET/RCS/APE, late-payment mentions
 *  nl-1-chromium-creditnote.pdf         1  381  BE  flexbox sidebar layout, credit note printed with positive
 *                                                   amounts, refers to the credited invoice, 21 % + 6 %,
 *                                                   Belgian VAT only (no registration), no due date
 *  es-1-chromium-advisor.pdf            1  380  ES  flexbox sidebar, sole trader with NIF (printed without
 *                                                   ES), IRPF 15 % withholding deducted from the amount due,
 *                                                   "5 de marzo de 2026" dates
 *  it-1-chromium-furniture.pdf          1  380  IT  grid boxes, 22 % + 10 %, DDT and order references, REA
 *                                                   and capitale sociale, scadenza table, P.IVA printed
 *                                                   without IT
 *  en-3-lualatex-creditnote.pdf         1  381  GB  tabularx + fancyhdr + lastpage, credit note printed with
 *                                                   negative amounts, 20 % + 0 % (zero-rated food), refunded
 *                                                   delivery charge, credited invoice reference
 *  de-3-lualatex-beverages.pdf          1  380  CH  CHF with 1'234.50 grouping, MWST 8.1 % + 2.6 %, UID with
 *                                                   MWST suffix, QR-IBAN + 27-digit QR reference, QR-bill
 *                                                   payment part (receipt + payment part) typeset in LaTeX
 *  fr-2-lualatex-electrician.pdf        1  380  BE  minipage address blocks, 21 % + 6 % (renovation of
 *                                                   dwellings), Belgian structured communication +++…+++, two
 *                                                   bank accounts (payment names the first), VAT only
 *  fr-3-lualatex-software.pdf           2  380  LU  longtable breaking over 2 pages with repeated head and
 *                                                   "suite" foot, "Page X sur Y", 17 % + 3 %, acompte
 *                                                   deducted, RF reference, RCS B number
 *  nl-2-lualatex-installer.pdf          1  380  NL  dd-mm-yyyy dates, "€ 1.234,56", 21 % + 9 %, KvK, dotted
 *                                                   NL BTW-id (old mod-11 form), RF betalingskenmerk
 *  nl-3-lualatex-webdev.pdf             2  380  NL  ISO dates, sole proprietor with the 2020 NL BTW-id (mod
 *                                                   97), intra-EU reverse charge 0 % ("BTW verlegd"), buyer
 *                                                   DE VAT id, 30 lines over 2 pages with "Transport" carry-
 *                                                   forward
 *  es-2-lualatex-food.pdf               1  380  ES  IVA 4 % + 10 % + 21 % breakdown table, CIF, Registro
 *                                                   Mercantil (Tomo/Libro/Folio/Hoja), albarán per line
 *                                                   group, dd/mm/yyyy
 *  it-2-lualatex-engineer.pdf           1  380  IT  professional invoice: contributo integrativo 4 % (VAT-
 *                                                   able charge), IVA 22 %, ritenuta d’acconto 20 % deducted,
 *                                                   personal codice fiscale beside the P.IVA, no REA
 *  en-4-enscript-freight.pdf            1  380  IE  enscript page header "Page 1 of 1", fixed-width columns,
 *                                                   23 % + zero-rated international transport 0 %, remittance
 *                                                   reference, fax number, CRO
 *  de-4-enscript-creditnote.pdf         1  381  DE  AS/400-style printout with own boxed header,
 *                                                   Gutschrift/Rechnungskorrektur with positive amounts,
 *                                                   4-decimal unit prices, HRA of a GmbH & Co. KG plus the
 *                                                   general partner’s HRB, 2-digit-year reference dates,
 *                                                   buyer VAT id
 *  fr-4-enscript-hardware.pdf           2  380  FR  line-printer invoice over 2 pages with "A
 *                                                   REPORTER"/"REPORT", amounts without thousands separator
 *                                                   (1234,56), 20 % + 5,5 % (books), acompte deducted,
 *                                                   escompte date, SIREN/SIRET/RCS
 *  nl-4-enscript-bakery.pdf             1  380  BE  enscript header, BTW 21 % + 12 % + 6 % breakdown,
 *                                                   gestructureerde mededeling +++…+++, two accounts where
 *                                                   the payment line names the second, VAT only
 *  es-3-enscript-hardware.pdf           2  380  ES  30 lines over 2 pages with "SUMA Y SIGUE"/"SUMA
 *                                                   ANTERIOR", previous outstanding balance printed but not
 *                                                   part of the amount due, pronto-pago discount with its own
 *                                                   date, Registro Mercantil hoja
 *  es-4-enscript-rectificativa.pdf      1  381  ES  factura rectificativa with trailing-minus amounts
 *                                                   (1.234,56-), IVA 21 % + 10 %, rectified invoice and legal
 *                                                   basis, no due date
 *  it-3-enscript-food.pdf               2  380  IT  28 lines over 2 pages with "A RIPORTARE"/"RIPORTO", IVA 4
 *                                                   % + 10 % + 22 %, acconto deducted, DDT, REA, capitale
 *                                                   sociale
 *  it-4-enscript-machinery.pdf          1  380  IT  intra-EU supply "non imponibile art. 41" at 0 %, ISO
 *                                                   dates, amounts without grouping, buyer French VAT id, REA
 *                                                   printed with a space
 *
 * PER-GENERATOR NOTES
 *   Chromium: @page size A4 with margins, @page margin boxes (@top-left/@bottom-right with counter(page) and
 *     counter(pages)) work in Chromium 156 even with --no-pdf-header-footer; thead repeats on the automatic page
 *     break (en-2). Carry-forward subtotals are only possible with manual pagination (de-1: two fixed 297 mm
 *     <section>s, margin 0). Backgrounds need print-color-adjust: exact. Output is tagged PDF; the text layer of
 *     the DIN address window, absolutely positioned boxes and grid cells extracts in reading order with pdftotext.
 *     NOT byte-deterministic: Skia writes the wall-clock /CreationDate and /ModDate (SOURCE_DATE_EPOCH is ignored)
 *     and the tag tree's /ID and /Headers strings carry DOM node numbers that vary between runs. Relaxation
 *     (documented, no post-processing of the PDFs): for Chromium the second render must give identical pdftotext
 *     output AND identical bytes once those date strings and (nodeNNNN) ids are masked in memory.
 *   LuaLaTeX: fontspec with TeX Gyre (Heros, Termes, Pagella, Schola, Bonum) by name and Liberation Sans, DejaVu
 *     Sans, Lato by file name; Ligatures=TeXOff so an apostrophe stays U+0027 (Swiss 1'234.50). tabularx,
 *     longtable (head repeated, "suite page suivante" foot), fancyhdr, lastpage ("Page X of Y"), minipage
 *     address blocks; hyphenation is switched off so no printed value is split. Two passes per render; the log
 *     is checked for "Missing character" and rerun warnings. SOURCE_DATE_EPOCH + FORCE_SOURCE_DATE=1 and
 *     \pdfvariable suppressoptionalinfo 3 (no banner/file name) make the PDF byte-identical between runs. The
 *     Swiss QR-bill payment part is typeset in LaTeX; its QR symbol is a NON-DECODABLE placeholder pattern (finder
 *     squares, random modules, Swiss cross) — the payment data is only in the text.
 *   enscript: input written as Latin-1 (enscript -X latin1; the script fails on any character above U+00FF, so
 *     amounts say EUR instead of €), Courier 9 pt on A4, -B with an own boxed AS/400 header, or enscript's own
 *     header line (-b 'left|center|Page $% of $='). Pages are cut with form feeds so carry-forward lines land where
 *     intended; widths and lines per page are checked before printing. ps2pdf under SOURCE_DATE_EPOCH gives
 *     byte-identical PDFs as long as the file names are the same (Ghostscript's /ID hashes them), so each second
 *     render reuses the same paths. pdftotext -layout keeps the columns.
 *
 * KEY CONVENTIONS (as given in the brief)
 *   Every field a string or null (null = not printed). Dates ISO. Amounts "1234.56", credit notes as positive
 *   magnitudes even when printed negative (en-3 leading minus, es-4 trailing minus 1.234,56-). total_net = lines +
 *   VAT-able charges; total = net + tax; amount_due = total − advance/deposit − withholding (IRPF, ritenuta); a
 *   credit note's amount_due is its total; previous balances (en-1, es-3) and early-payment discounts (de-1, fr-1,
 *   fr-4, es-3) never change it. tax_breakdown: one entry per rate, rate without "%" ("8.1", "5.5", "0"). VAT ids
 *   compact with country prefix (ES/IT ids printed without prefix keyed with it; Swiss "CHE-…MWST" keyed as
 *   CHE#########MWST). Registration ids as printed minus label and court ("HRB 148620", "HRA 5512",
 *   "FN 391204 a", "B 214573", KvK digits, UK/IE company numbers, SIREN compact, "V-158374"/"S-14802"/"A-98127",
 *   REA "MB-1903356"/"VR-318774"/"CO 298741"); Belgian sellers, the Spanish sole trader, the Italian engineer and
 *   the Swiss AG print no registration number → null. IBAN compact; BIC as printed; payment_reference compact (RF,
 *   Belgian +++…+++ as 12 digits, QR reference 27 digits, or a plain printed reference such as "BCS24117");
 *   iban = the account the payment request names (de-1 first, fr-2 first, nl-4 second of two). purchase_order =
 *   buyer's order number; buyer_reference = "Your ref"/"Ihr Zeichen"/… as printed.
 *   Amount arithmetic in integer cents: line = half-up(qty × price) (BigInt, 3–4 decimal prices and decimal
 *   quantities occur), tax per rate = half-up(rate × net of that rate), total = net + tax.
 *
 * VERIFICATION (exit 1 on any failure)
 *   1. Identifiers: every IBAN (national rules too: BE mod 97, FR clé RIB, ES dígitos de control, IT CIN, NL
 *      elfproef), BIC format and country = IBAN country, VAT ids (DE MOD 11,10, AT, FR key + SIREN Luhn, NL mod 11
 *      and the 2020 mod-97 form, BE mod 97, ES CIF/NIF, IT Luhn + office code, GB mod 97, IE mod 23, LU mod 89, CH
 *      UID mod 11), SIREN/SIRET Luhn, RF (ISO 11649), Belgian structured communication, Swiss QR reference (mod 10
 *      recursive), Austrian FN check letter, Italian codice fiscale, Handelsregister format — all generated by the
 *      script's own code (no check digit is typed in) and re-validated by it; each is then cross-checked with
 *      python3-stdnum (iban with country rules, bic, de.vat, at.uid, fr.tva/siren/siret, nl.btw, be.vat, es.nif,
 *      it.iva/codicefiscale, gb.vat, ie.vat, lu.tva, ch.uid/vat, ch.esr, iso11649, at.businessid,
 *      de.handelsregisternummer; for BE IBANs stdnum's bank table must give the printed BIC). A copy with one digit
 *      changed must be rejected by the own code and judged the same way by stdnum. Only the Belgian structured
 *      communication has no stdnum module (own code only); at.businessid and de.handelsregisternummer check format
 *      only.
 *   2. Arithmetic re-done on a second code path (floating point on rounded cents): lines, per-rate net and tax,
 *      net, total = net + tax, amount due; 3–35 lines per invoice; 4 invoices per language, 8 per generator.
 *   3. Every non-null key value appears in `pdftotext -layout` output in its printed form, within one line
 *      (horizontal whitespace and no-break spaces normalised): number, dates in the invoice's date style,
 *      currency (code or symbol), net/tax/total/amount due and every line amount in the invoice's number format,
 *      each breakdown rate, net and tax, names, e-mail, VAT ids as printed (and printed → key by the rules above),
 *      registration as printed (containing the key), IBAN grouped (or compact), BIC, payment reference as printed
 *      (compact = key), order number, buyer reference.
 *   4. pdfinfo page counts equal the table; Producer/Creator show the engine (Skia/PDF + HeadlessChrome, LuaTeX,
 *      GPL Ghostscript + GNU Enscript).
 *   5. Determinism: every file is rendered twice; LuaLaTeX and enscript outputs must be byte-identical, Chromium
 *      outputs as described above. If the output folder already holds a file of the same name (a previous run),
 *      the new file must match it the same way.
 *   Prints per file: name, pages, type code, country, amount due, how the re-render compared; then the number of
 *   identifiers and printed-value checks and the run time.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

// ───────────────────────────── configuration ─────────────────────────────

/** The set's name, written as "source" and "generator" into every key (the brief's exact value). */
const SET_NAME = 'engine-blind';
const SCRIPT_REL = path.relative(
  process.cwd(),
  path.resolve(process.argv[1] ?? 'scripts/make-engine-invoices.ts'),
);
const OUT = path.resolve(
  process.env.ENGINE_INVOICES_OUT ?? path.join(process.cwd(), 'test/fixtures/capture', SET_NAME),
);
const BUILD = path.resolve(process.env.ENGINE_INVOICES_BUILD ?? '/tmp/engine-build');
const PYTHON = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const T0 = Date.now();

type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
type Gen = 'chromium' | 'lualatex' | 'enscript';

function fail(msg: string): never {
  throw new Error(msg);
}

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
    timeout: 180_000,
  });
  if (r.error) fail(`${cmd}: ${r.error.message}`);
  if (r.status !== 0)
    fail(
      `${cmd} ${args.join(' ')} exited ${r.status}\n${(r.stdout ?? '').slice(-3000)}\n${(r.stderr ?? '').slice(-3000)}`,
    );
  return r.stdout;
}

// ───────────────────────────── money (integer cents) ─────────────────────────────

/** A decimal string as a scaled integer: "12.345" → [12345n, 3]. */
function dec(s: string): [bigint, number] {
  if (!/^-?\d+(\.\d+)?$/.test(s)) fail(`bad decimal ${s}`);
  const neg = s.startsWith('-');
  const t = neg ? s.slice(1) : s;
  const [i, f = ''] = t.split('.');
  const v = BigInt(`${i}${f}`);
  return [neg ? -v : v, f.length];
}

/** n / d rounded half away from zero (half-up on magnitudes), d > 0. */
function divHalfUp(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const q = (2n * a + d) / (2n * d);
  return neg ? -q : q;
}

/** half-up(qty × price) in cents. */
function lineCents(qty: string, price: string): number {
  const [q, qs] = dec(qty);
  const [p, ps] = dec(price);
  const scale = qs + ps - 2;
  if (scale <= 0) return Number(q * p * 10n ** BigInt(-scale));
  return Number(divHalfUp(q * p, 10n ** BigInt(scale)));
}

/** half-up(rate % × cents) in cents. */
function pctCents(cents: number, rate: string): number {
  const [r, rs] = dec(rate);
  return Number(divHalfUp(BigInt(cents) * r, 100n * 10n ** BigInt(rs)));
}

/** Key form of an amount: "1234.56", always the magnitude. */
function keyAmt(c: number): string {
  const a = Math.abs(c);
  return `${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

// ───────────────────────────── locale formatting ─────────────────────────────

interface NumFmt {
  dec: string;
  grp: string;
}
const NF_EN: NumFmt = { dec: '.', grp: ',' };
const NF_DE: NumFmt = { dec: ',', grp: '.' };
const NF_CH: NumFmt = { dec: '.', grp: "'" };
const NF_FR: NumFmt = { dec: ',', grp: '\u202f' };
const NF_PLAIN: NumFmt = { dec: ',', grp: '' };

function group(int: string, grp: string): string {
  return grp ? int.replace(/\B(?=(\d{3})+(?!\d))/g, grp) : int;
}

/** Cents in a locale, sign in front when negative. */
function fmtCents(c: number, nf: NumFmt): string {
  const a = Math.abs(c);
  const s = `${group(String(Math.floor(a / 100)), nf.grp)}${nf.dec}${String(a % 100).padStart(2, '0')}`;
  return c < 0 ? `-${s}` : s;
}

/** A decimal string in a locale with at least `minDec` decimals (quantities, unit prices, rates). */
function fmtDec(s: string, nf: NumFmt, minDec = 0): string {
  const neg = s.startsWith('-');
  const [i, f0 = ''] = (neg ? s.slice(1) : s).split('.');
  let f = f0;
  while (f.length < minDec) f += '0';
  const out = `${group(i!, nf.grp)}${f ? nf.dec + f : ''}`;
  return neg ? `-${out}` : out;
}

type DateStyle =
  | 'dmy.'
  | 'dmy/'
  | 'dmy-'
  | 'iso'
  | 'long'
  | 'at-long'
  | 'en-us'
  | 'en-ord'
  | 'dmy.yy'
  | 'dmy/yy';

const MONTHS: Record<Lang | 'at', string[]> = {
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
  at: [
    'Jänner',
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

function ordinal(d: number): string {
  if (d % 100 >= 11 && d % 100 <= 13) return `${d}th`;
  return `${d}${['th', 'st', 'nd', 'rd'][d % 10] ?? 'th'}`;
}

function fmtDate(iso: string, style: DateStyle, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) ?? fail(`bad date ${iso}`);
  const [y, mo, d] = [m[1]!, m[2]!, m[3]!];
  const day = Number(d);
  const month = Number(mo) - 1;
  switch (style) {
    case 'dmy.':
      return `${d}.${mo}.${y}`;
    case 'dmy/':
      return `${d}/${mo}/${y}`;
    case 'dmy-':
      return `${d}-${mo}-${y}`;
    case 'dmy.yy':
      return `${d}.${mo}.${y.slice(2)}`;
    case 'dmy/yy':
      return `${d}/${mo}/${y.slice(2)}`;
    case 'iso':
      return iso;
    case 'en-us':
      return `${MONTHS.en[month]} ${day}, ${y}`;
    case 'en-ord':
      return `${ordinal(day)} ${MONTHS.en[month]} ${y}`;
    case 'at-long':
      return `${day}. ${MONTHS.at[month]} ${y}`;
    case 'long':
      switch (lang) {
        case 'en':
          return `${day} ${MONTHS.en[month]} ${y}`;
        case 'de':
          return `${day}. ${MONTHS.de[month]} ${y}`;
        case 'fr':
          return `${day === 1 ? '1er' : day} ${MONTHS.fr[month]} ${y}`;
        case 'nl':
          return `${day} ${MONTHS.nl[month]} ${y}`;
        case 'es':
          return `${day} de ${MONTHS.es[month]} de ${y}`;
        case 'it':
          return `${day === 1 ? '1º' : day} ${MONTHS.it[month]} ${y}`;
      }
  }
  return fail(`style ${style}`);
}

// ───────────────────────────── identifiers: own check-digit code ─────────────────────────────

const digitsOf = (s: string) => [...s].map((c) => Number(c));
const isDigits = (s: string, n?: number) => /^\d+$/.test(s) && (n === undefined || s.length === n);

function mod97(numeric: string): number {
  let r = 0;
  for (const ch of numeric) r = (r * 10 + Number(ch)) % 97;
  return r;
}
const alnumNum = (s: string) => s.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

/** Luhn check digit for a payload. */
function luhnDigit(payload: string): string {
  let sum = 0;
  const ds = digitsOf(payload).reverse();
  ds.forEach((d, i) => {
    let v = i % 2 === 0 ? d * 2 : d;
    if (v > 9) v -= 9;
    sum += v;
  });
  return String((10 - (sum % 10)) % 10);
}
const luhnOk = (s: string) => isDigits(s) && luhnDigit(s.slice(0, -1)) === s.slice(-1);

// IBAN -------------------------------------------------------------------------------
const IBAN_LEN: Record<string, number> = {
  DE: 22,
  AT: 20,
  CH: 21,
  GB: 22,
  IE: 22,
  FR: 27,
  BE: 16,
  LU: 20,
  NL: 18,
  ES: 24,
  IT: 27,
};

function ibanMake(cc: string, bban: string): string {
  const check = 98 - mod97(alnumNum(`${bban}${cc}00`));
  const iban = `${cc}${String(check).padStart(2, '0')}${bban}`;
  if (iban.length !== IBAN_LEN[cc]) fail(`IBAN length ${iban}`);
  return iban;
}

function beBbanCheck(first10: string): string {
  const r = Number(first10) % 97;
  return String(r === 0 ? 97 : r).padStart(2, '0');
}
function frRibKey(bank: string, branch: string, acct: string): string {
  const n = 89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(acct);
  return String(97n - (n % 97n)).padStart(2, '0');
}
function esDc(ten: string): string {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const s = digitsOf(ten).reduce((a, d, i) => a + d * w[i]!, 0);
  const r = 11 - (s % 11);
  return String(r === 11 ? 0 : r === 10 ? 1 : r);
}
const CIN_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
/** Odd/even table check character (Italian CIN and codice fiscale). */
function itCheckChar(s: string): string {
  let sum = 0;
  [...s.toUpperCase()].forEach((c, i) => {
    const v = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? CIN_ODD[v]! : v;
  });
  return String.fromCharCode(65 + (sum % 26));
}
function nlElfOk(acct10: string): boolean {
  return digitsOf(acct10).reduce((a, d, i) => a + d * (10 - i), 0) % 11 === 0;
}

const iban = {
  de: (blz: string, acct: string) => ibanMake('DE', blz + acct.padStart(10, '0')),
  at: (blz: string, acct: string) => ibanMake('AT', blz + acct.padStart(11, '0')),
  ch: (iid: string, acct: string) => ibanMake('CH', iid + acct.padStart(12, '0')),
  gb: (bank: string, sort: string, acct: string) => ibanMake('GB', bank + sort + acct),
  ie: (bank: string, sort: string, acct: string) => ibanMake('IE', bank + sort + acct),
  lu: (bank: string, acct: string) => ibanMake('LU', bank + acct.padStart(13, '0')),
  be: (bank: string, acct: string) => {
    const ten = bank + acct.padStart(7, '0');
    return ibanMake('BE', ten + beBbanCheck(ten));
  },
  fr: (bank: string, branch: string, acct: string) =>
    ibanMake('FR', bank + branch + acct + frRibKey(bank, branch, acct)),
  es: (bank: string, branch: string, acct: string) =>
    ibanMake('ES', bank + branch + esDc(`00${bank}${branch}`) + esDc(acct) + acct),
  it: (abi: string, cab: string, acct: string) => {
    const body = abi + cab + acct.padStart(12, '0');
    return ibanMake('IT', itCheckChar(body) + body);
  },
  /** Dutch account: the last digit is chosen so that the old 11-test (elfproef) holds. */
  nl: (bank: string, acct9: string) => {
    for (let d = 0; d < 10; d++) if (nlElfOk(acct9 + d)) return ibanMake('NL', bank + acct9 + d);
    return fail(`no elfproef digit for ${acct9}`);
  },
};

function ibanOk(v: string): boolean {
  const cc = v.slice(0, 2);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(v) || v.length !== IBAN_LEN[cc]) return false;
  if (mod97(alnumNum(v.slice(4) + v.slice(0, 4))) !== 1) return false;
  const b = v.slice(4);
  switch (cc) {
    case 'BE':
      return beBbanCheck(b.slice(0, 10)) === b.slice(10);
    case 'FR':
      return isDigits(b, 23) && frRibKey(b.slice(0, 5), b.slice(5, 10), b.slice(10, 21)) === b.slice(21);
    case 'ES':
      return isDigits(b, 20) && esDc(`00${b.slice(0, 8)}`) === b[8] && esDc(b.slice(10)) === b[9];
    case 'IT':
      return itCheckChar(b.slice(1)) === b[0];
    case 'NL':
      return /^[A-Z]{4}\d{10}$/.test(b) && nlElfOk(b.slice(4));
    case 'GB':
    case 'IE':
      return /^[A-Z]{4}\d{14}$/.test(b);
    case 'CH':
      return isDigits(b, 17);
    default:
      return isDigits(b);
  }
}
const fmtIban = (v: string) => v.replace(/(.{4})(?=.)/g, '$1 ');

// VAT ids ----------------------------------------------------------------------------
function deCheck(d8: string): string {
  let p = 10;
  for (const d of digitsOf(d8)) {
    let s = (d + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  const c = 11 - p;
  return String(c === 10 ? 0 : c);
}
function atCheck(d7: string): string {
  const s = digitsOf(d7).reduce((a, d, i) => {
    const v = i % 2 === 1 ? d * 2 : d;
    return a + (v > 9 ? v - 9 : v);
  }, 0);
  return String((10 - ((s + 4) % 10)) % 10);
}
const frKey = (siren: string) => String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
function nlBsnOk(d9: string): boolean {
  const d = digitsOf(d9);
  return (d.slice(0, 8).reduce((a, x, i) => a + x * (9 - i), 0) - d[8]!) % 11 === 0;
}
const beCheck = (d8: string) => String(97 - (Number(d8) % 97)).padStart(2, '0');
function esCifControl(d7: string): string {
  let s = 0;
  digitsOf(d7).forEach((d, i) => {
    if (i % 2 === 1) s += d;
    else {
      const v = d * 2;
      s += v > 9 ? v - 9 : v;
    }
  });
  return String((10 - (s % 10)) % 10);
}
const DNI = 'TRWAGMYFPDXBNJZSQVHLCKE';
function gbCheck(d7: string): string {
  const s = digitsOf(d7).reduce((a, d, i) => a + d * (8 - i), 0);
  return String((97 - (s % 97)) % 97).padStart(2, '0');
}
const IE_ALPHA = 'WABCDEFGHIJKLMNOPQRSTUV';
function ieCheck(d7: string, second: string): string {
  const s =
    digitsOf(d7).reduce((a, d, i) => a + d * (8 - i), 0) + 9 * (second ? IE_ALPHA.indexOf(second) : 0);
  return IE_ALPHA[s % 23]!;
}
const luCheck = (d6: string) => String(Number(d6) % 89).padStart(2, '0');
function chCheck(d8: string): string {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  const c = 11 - (digitsOf(d8).reduce((a, d, i) => a + d * w[i]!, 0) % 11);
  if (c === 10) fail(`CH UID ${d8} has no check digit`);
  return String(c === 11 ? 0 : c);
}

/** VAT ids in key form (compact, country prefix). */
const vat = {
  de: (d8: string) => `DE${d8}${deCheck(d8)}`,
  at: (d7: string) => `ATU${d7}${atCheck(d7)}`,
  fr: (siren9: string) => `FR${frKey(siren9)}${siren9}`,
  nlOld: (d8: string) => {
    for (let d = 0; d < 10; d++) if (nlBsnOk(d8 + d)) return `NL${d8}${d}B01`;
    return fail(`no NL check digit for ${d8}`);
  },
  /** The 2020 sole-proprietor form: mod 97 over "NL…B.." (ISO 7064 MOD 97-10); the last two digits of the 9 are searched. */
  nlNew: (d7: string, suffix: string) => {
    for (let x = 0; x < 100; x++) {
      const nine = d7 + String(x).padStart(2, '0');
      if (mod97(alnumNum(`NL${nine}B${suffix}`)) === 1 && !nlBsnOk(nine)) return `NL${nine}B${suffix}`;
    }
    return fail(`no NL new-format id for ${d7}`);
  },
  be: (d8: string) => `BE${d8}${beCheck(d8)}`,
  esCif: (letter: string, d7: string) => `ES${letter}${d7}${esCifControl(d7)}`,
  esNif: (d8: string) => `ES${d8}${DNI[Number(d8) % 23]}`,
  it: (company7: string, office3: string) => `IT${company7}${office3}${luhnDigit(company7 + office3)}`,
  gb: (d7: string) => `GB${d7}${gbCheck(d7)}`,
  ie: (d7: string, second = '') => `IE${d7}${ieCheck(d7, second)}${second}`,
  lu: (d6: string) => `LU${d6}${luCheck(d6)}`,
  ch: (d8: string) => `CHE${d8}${chCheck(d8)}`,
};

function vatOk(v: string): boolean {
  const cc = v.slice(0, 2);
  const b = v.slice(2);
  switch (cc) {
    case 'DE':
      return isDigits(b, 9) && deCheck(b.slice(0, 8)) === b[8];
    case 'AT':
      return /^U\d{8}$/.test(b) && atCheck(b.slice(1, 8)) === b[8];
    case 'FR':
      return isDigits(b, 11) && luhnOk(b.slice(2)) && frKey(b.slice(2)) === b.slice(0, 2);
    case 'NL':
      return /^\d{9}B\d{2}$/.test(b) && (nlBsnOk(b.slice(0, 9)) || mod97(alnumNum(v)) === 1);
    case 'BE':
      return /^[01]\d{9}$/.test(b) && beCheck(b.slice(0, 8)) === b.slice(8);
    case 'ES':
      if (/^\d{8}[A-Z]$/.test(b)) return DNI[Number(b.slice(0, 8)) % 23] === b[8];
      return /^[ABCDEFGHJNPQRSUVW]\d{8}$/.test(b) && esCifControl(b.slice(1, 8)) === b[8];
    case 'IT': {
      const off = Number(b.slice(7, 10));
      return isDigits(b, 11) && luhnOk(b) && ((off >= 1 && off <= 100) || [120, 121, 888, 999].includes(off));
    }
    case 'GB':
      return isDigits(b, 9) && gbCheck(b.slice(0, 7)) === b.slice(7);
    case 'IE':
      return /^\d{7}[A-W][A-IW]?$/.test(b) && ieCheck(b.slice(0, 7), b.slice(8)) === b[7];
    case 'LU':
      return isDigits(b, 8) && luCheck(b.slice(0, 6)) === b.slice(6);
    case 'CH': {
      const m = /^CHE(\d{9})(MWST|TVA|IVA)?$/.exec(v);
      return !!m && chCheck(m[1]!.slice(0, 8)) === m[1]![8];
    }
  }
  return false;
}

// other references -------------------------------------------------------------------
const siren = (d8: string) => d8 + luhnDigit(d8);
const siret = (siren9: string, nic4: string) => siren9 + nic4 + luhnDigit(siren9 + nic4);
function rfMake(ref: string): string {
  const c = 98 - mod97(alnumNum(`${ref}RF00`));
  return `RF${String(c).padStart(2, '0')}${ref}`;
}
const rfOk = (v: string) =>
  /^RF\d{2}[A-Z0-9]{1,21}$/.test(v) && mod97(alnumNum(v.slice(4) + v.slice(0, 4))) === 1;
const ogmMake = (d10: string) => d10 + beBbanCheck(d10);
const ogmOk = (v: string) => isDigits(v, 12) && beBbanCheck(v.slice(0, 10)) === v.slice(10);
const fmtOgm = (v: string) => `+++${v.slice(0, 3)}/${v.slice(3, 7)}/${v.slice(7)}+++`;
const QR_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
function qrCheck(d26: string): string {
  let carry = 0;
  for (const d of digitsOf(d26)) carry = QR_TABLE[(carry + d) % 10]!;
  return String((10 - carry) % 10);
}
const qrMake = (d26: string) => d26 + qrCheck(d26);
const qrOk = (v: string) => isDigits(v, 27) && qrCheck(v.slice(0, 26)) === v[26];
const fmtQr = (v: string) => `${v.slice(0, 2)} ${v.slice(2).replace(/(\d{5})(?=\d)/g, '$1 ')}`;
const FN_LETTERS = 'abdfghikmpstvwxyz';
function fnLetter(d: string): string {
  const w = [6, 4, 14, 15, 10, 1];
  const s = digitsOf(d.padStart(6, '0')).reduce((a, x, i) => a + x * w[i]!, 0);
  return FN_LETTERS[s % 17]!;
}
const fnMake = (d6: string) => `${d6}${fnLetter(d6)}`;
const fnOk = (v: string) => /^\d{1,6}[a-z]$/.test(v) && fnLetter(v.slice(0, -1)) === v.slice(-1);
const cfMake = (p15: string) => p15 + itCheckChar(p15);
const cfOk = (v: string) =>
  /^[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z]$/.test(v) && itCheckChar(v.slice(0, 15)) === v[15];
const bicOk = (v: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v);
const hrOk = (v: string) => /^[A-ZÄÖÜa-zäöüß/ .-]+ (HRA|HRB) [1-9]\d{0,5}$/.test(v);
const sirenOk = (v: string) => isDigits(v, 9) && luhnOk(v);
const siretOk = (v: string) => isDigits(v, 14) && luhnOk(v);

type IdKind = 'iban' | 'bic' | 'vat' | 'siren' | 'siret' | 'rf' | 'ogm' | 'qrref' | 'fn' | 'cf' | 'hr';
const OWN: Record<IdKind, (v: string) => boolean> = {
  iban: ibanOk,
  bic: bicOk,
  vat: vatOk,
  siren: sirenOk,
  siret: siretOk,
  rf: rfOk,
  ogm: ogmOk,
  qrref: qrOk,
  fn: fnOk,
  cf: cfOk,
  hr: hrOk,
};

/** A copy with one digit changed (its last digit, +1 mod 10), for the negative cross-check. */
function corrupt(v: string): string {
  if (/^NL\d{9}B\d{2}$/.test(v)) return v.slice(0, 10) + String((Number(v[10]) + 1) % 10) + v.slice(11);
  for (let i = v.length - 1; i >= 0; i--) {
    const c = v[i]!;
    if (/\d/.test(c)) return v.slice(0, i) + String((Number(c) + 1) % 10) + v.slice(i + 1);
  }
  return v;
}

// ───────────────────────────── invoice specifications ─────────────────────────────

interface Labels {
  invoice: string;
  credit: string;
  number: string;
  date: string;
  due: string;
  customerNo: string;
  po: string;
  yourRef: string;
  deliveryNote: string;
  pos: string;
  sku: string;
  dateCol: string;
  desc: string;
  qty: string;
  unit: string;
  price: string;
  rate: string;
  amount: string;
  vat: string;
  on: string;
  subtotal: string;
  totalNet: string;
  total: string;
  amountDue: string;
  cf: string;
  bf: string;
  page: string;
  of: string;
  vatId: string;
  bank: string;
  base: string;
  tax: string;
  taxTotal: string;
}

const LABELS: Record<Lang, Labels> = {
  en: {
    invoice: 'Invoice',
    credit: 'Credit Note',
    number: 'Invoice No.',
    date: 'Invoice date',
    due: 'Due date',
    customerNo: 'Customer No.',
    po: 'Your order no.',
    yourRef: 'Your ref',
    deliveryNote: 'Delivery note',
    pos: 'No.',
    sku: 'Item code',
    dateCol: 'Date',
    desc: 'Description',
    qty: 'Qty',
    unit: 'Unit',
    price: 'Unit price',
    rate: 'VAT',
    amount: 'Amount',
    vat: 'VAT',
    on: 'on',
    subtotal: 'Subtotal',
    totalNet: 'Total net',
    total: 'Total',
    amountDue: 'Amount due',
    cf: 'Carried forward',
    bf: 'Brought forward',
    page: 'Page',
    of: 'of',
    vatId: 'VAT No.',
    bank: 'Bank',
    base: 'Net',
    tax: 'VAT',
    taxTotal: 'Total VAT',
  },
  de: {
    invoice: 'Rechnung',
    credit: 'Gutschrift',
    number: 'Rechnungs-Nr.',
    date: 'Rechnungsdatum',
    due: 'Fällig am',
    customerNo: 'Kunden-Nr.',
    po: 'Ihre Bestellung',
    yourRef: 'Ihr Zeichen',
    deliveryNote: 'Lieferschein-Nr.',
    pos: 'Pos.',
    sku: 'Art.-Nr.',
    dateCol: 'Datum',
    desc: 'Bezeichnung',
    qty: 'Menge',
    unit: 'Einh.',
    price: 'Einzelpreis',
    rate: 'USt.',
    amount: 'Gesamt',
    vat: 'USt.',
    on: 'auf',
    subtotal: 'Zwischensumme',
    totalNet: 'Nettobetrag',
    total: 'Rechnungsbetrag',
    amountDue: 'Zahlbetrag',
    cf: 'Übertrag',
    bf: 'Übertrag',
    page: 'Seite',
    of: 'von',
    vatId: 'USt-IdNr.',
    bank: 'Bank',
    base: 'Netto',
    tax: 'USt.',
    taxTotal: 'Summe USt.',
  },
  fr: {
    invoice: 'Facture',
    credit: 'Avoir',
    number: 'Facture n°',
    date: 'Date de facture',
    due: 'Échéance',
    customerNo: 'N° client',
    po: 'Votre commande',
    yourRef: 'Votre référence',
    deliveryNote: 'Bon de livraison',
    pos: 'N°',
    sku: 'Réf.',
    dateCol: 'Date',
    desc: 'Désignation',
    qty: 'Qté',
    unit: 'Unité',
    price: 'P.U. HT',
    rate: 'TVA',
    amount: 'Montant HT',
    vat: 'TVA',
    on: 'sur',
    subtotal: 'Sous-total',
    totalNet: 'Total HT',
    total: 'Total TTC',
    amountDue: 'Net à payer',
    cf: 'À reporter',
    bf: 'Report',
    page: 'Page',
    of: 'sur',
    vatId: 'N° TVA',
    bank: 'Banque',
    base: 'Base HT',
    tax: 'Montant TVA',
    taxTotal: 'Total TVA',
  },
  nl: {
    invoice: 'Factuur',
    credit: 'Creditnota',
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    customerNo: 'Klantnummer',
    po: 'Uw bestelling',
    yourRef: 'Uw referentie',
    deliveryNote: 'Pakbon',
    pos: 'Nr.',
    sku: 'Art.nr.',
    dateCol: 'Datum',
    desc: 'Omschrijving',
    qty: 'Aantal',
    unit: 'Eenh.',
    price: 'Prijs',
    rate: 'BTW',
    amount: 'Bedrag',
    vat: 'BTW',
    on: 'over',
    subtotal: 'Subtotaal',
    totalNet: 'Totaal excl. BTW',
    total: 'Totaal incl. BTW',
    amountDue: 'Te betalen',
    cf: 'Transport',
    bf: 'Transport',
    page: 'Pagina',
    of: 'van',
    vatId: 'BTW-nr.',
    bank: 'Bank',
    base: 'Grondslag',
    tax: 'BTW',
    taxTotal: 'Totaal BTW',
  },
  es: {
    invoice: 'Factura',
    credit: 'Factura rectificativa',
    number: 'Nº factura',
    date: 'Fecha factura',
    due: 'Vencimiento',
    customerNo: 'Nº cliente',
    po: 'Su pedido',
    yourRef: 'Su referencia',
    deliveryNote: 'Albarán',
    pos: 'Lín.',
    sku: 'Código',
    dateCol: 'Fecha',
    desc: 'Descripción',
    qty: 'Cant.',
    unit: 'Ud.',
    price: 'Precio',
    rate: 'IVA',
    amount: 'Importe',
    vat: 'IVA',
    on: 'sobre',
    subtotal: 'Subtotal',
    totalNet: 'Base imponible',
    total: 'Total factura',
    amountDue: 'Total a pagar',
    cf: 'Suma y sigue',
    bf: 'Suma anterior',
    page: 'Página',
    of: 'de',
    vatId: 'NIF',
    bank: 'Banco',
    base: 'Base',
    tax: 'Cuota',
    taxTotal: 'Total IVA',
  },
  it: {
    invoice: 'Fattura',
    credit: 'Nota di credito',
    number: 'Fattura n.',
    date: 'Data',
    due: 'Scadenza',
    customerNo: 'Cod. cliente',
    po: 'Vs. ordine',
    yourRef: 'Vs. riferimento',
    deliveryNote: 'DDT',
    pos: 'Riga',
    sku: 'Codice',
    dateCol: 'Data',
    desc: 'Descrizione',
    qty: 'Q.tà',
    unit: 'U.M.',
    price: 'Prezzo unit.',
    rate: 'IVA',
    amount: 'Importo',
    vat: 'IVA',
    on: 'su',
    subtotal: 'Subtotale',
    totalNet: 'Totale imponibile',
    total: 'Totale fattura',
    amountDue: 'Netto a pagare',
    cf: 'A riportare',
    bf: 'Riporto',
    page: 'Pagina',
    of: 'di',
    vatId: 'P.IVA',
    bank: 'Banca',
    base: 'Imponibile',
    tax: 'Imposta',
    taxTotal: 'Totale IVA',
  },
};

type Col = 'pos' | 'sku' | 'date' | 'desc' | 'qty' | 'unit' | 'price' | 'rate' | 'amount';

interface Line {
  desc: string;
  qty: string;
  price: string;
  rate: string;
  unit?: string;
  sku?: string;
  date?: string;
}
interface Party {
  name: string;
  addr: string[];
  vat?: string;
  vatPrinted?: string;
}
interface Seller extends Party {
  reg?: string;
  regPrinted?: string;
  email: string;
  phone?: string;
  fax?: string;
  web?: string;
}
interface Bank {
  name?: string;
  iban: string;
  bic: string;
  extra?: string;
}
interface Calc {
  amounts: number[];
  chargeAmounts: number[];
  linesSum: number;
  net: number;
  breakdown: { rate: string; net: number; tax: number }[];
  tax: number;
  total: number;
  withholding: number;
  advance: number;
  due: number;
}
interface Ctx {
  s: Spec;
  c: Calc;
  L: Labels;
  /** Amount with currency, in the invoice's locale (sign as printed). */
  money: (cents: number) => string;
  /** Amount without currency. */
  amt: (cents: number) => string;
  date: (iso: string) => string;
  rate: (r: string) => string;
}
interface Spec {
  lang: Lang;
  n: number;
  gen: Gen;
  business: string;
  country: string;
  type: '380' | '381';
  pages: number;
  layout: string;
  exercises: string;
  currency: 'EUR' | 'GBP' | 'CHF';
  cur: { pre: string; post: string };
  nf: NumFmt;
  ds: DateStyle;
  number: string;
  issue: string;
  due: string | null;
  seller: Seller;
  buyer: Party;
  banks: Bank[];
  payBank: number;
  payRef: { key: string; printed: string } | null;
  po: string | null;
  buyerRef: string | null;
  customerNo?: string;
  deliveryNote?: string;
  cols: Col[];
  lines: Line[];
  charges?: Line[];
  withholding?: { label: string; rate: string };
  advance?: { label: string; cents: number };
  /** Credit notes printed with negative amounts: leading or trailing minus. */
  negative?: 'lead' | 'trail';
  /** Manual page breaks: indices of the first line of each following page. */
  breaks?: number[];
  ids?: [IdKind, string][];
  labels?: Partial<Labels>;
  /** Extra rows for the box of labelled fields (after the standard ones). */
  meta?: (x: Ctx) => [string, string][];
  /** Payment instructions (printed near the totals). */
  pay: (x: Ctx) => string[];
  /** Further notes (terms, legal mentions, references). */
  notes?: (x: Ctx) => string[];
  /** Legal footer lines (company, registration, bank). */
  footer: (x: Ctx) => string[][];
  /** Printed form of any rate, e.g. "19 %", defaults per language. */
  rateFmt?: (r: string) => string;
  /** Show an amount-due row even when it equals the total. */
  dueRow?: boolean;
  font?: string;
}

function calc(s: Spec): Calc {
  const amounts = s.lines.map((l) => lineCents(l.qty, l.price));
  const chargeAmounts = (s.charges ?? []).map((l) => lineCents(l.qty, l.price));
  const linesSum = amounts.reduce((a, b) => a + b, 0);
  const byRate = new Map<string, number>();
  [...s.lines, ...(s.charges ?? [])].forEach((l, i) => {
    const a = i < amounts.length ? amounts[i]! : chargeAmounts[i - amounts.length]!;
    byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + a);
  });
  const breakdown = [...byRate.entries()]
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([rate, net]) => ({ rate, net, tax: pctCents(net, rate) }));
  const net = breakdown.reduce((a, b) => a + b.net, 0);
  const tax = breakdown.reduce((a, b) => a + b.tax, 0);
  const total = net + tax;
  const withholding = s.withholding ? pctCents(linesSum, s.withholding.rate) : 0;
  const advance = s.advance?.cents ?? 0;
  const due = s.type === '381' ? total : total - advance - withholding;
  return { amounts, chargeAmounts, linesSum, net, breakdown, tax, total, withholding, advance, due };
}

function ctxOf(s: Spec): Ctx {
  const c = calc(s);
  const L = { ...LABELS[s.lang], ...s.labels };
  const sign = (cents: number, body: string) => {
    if (cents === 0) return body;
    if (s.negative === 'lead') return `-${body}`;
    if (s.negative === 'trail') return `${body}-`;
    return cents < 0 ? `-${body}` : body;
  };
  const amt = (cents: number) => sign(cents, fmtCents(Math.abs(cents), s.nf));
  const money = (cents: number) => {
    const body = `${s.cur.pre}${fmtCents(Math.abs(cents), s.nf)}${s.cur.post}`;
    if (cents === 0) return body;
    return s.negative === 'trail' ? `${body}-` : s.negative === 'lead' || cents < 0 ? `-${body}` : body;
  };
  const rate =
    s.rateFmt ?? ((r: string) => (s.lang === 'en' ? `${fmtDec(r, s.nf)}%` : `${fmtDec(r, s.nf)} %`));
  return { s, c, L, money, amt, date: (iso) => fmtDate(iso, s.ds, s.lang), rate };
}

/** Deterministic pseudo-random numbers for long item lists. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** "sku|desc|unit|price|rate" catalog rows → lines with quantities from a list. */
function fromCatalog(rows: string[], qtys: string[]): Line[] {
  return rows.map((r, i) => {
    const [sku, desc, unit, price, rate] = r.split('|');
    return { sku: sku!, desc: desc!, unit: unit!, price: price!, rate: rate!, qty: qtys[i % qtys.length]! };
  });
}

// ───────────────────────────── document model shared by the three renderers ─────────────────────────────

interface TotRow {
  label: string;
  value: string;
  strong?: boolean;
}
interface Model {
  title: string;
  meta: [string, string][];
  head: string[];
  aligns: ('l' | 'r')[];
  cols: Col[];
  rows: string[][];
  rowCents: number[];
  /** Rows split into pages (manual breaks) with carry-forward amounts. */
  pages: { rows: string[][]; bf: number | null; cf: number | null }[];
  totals: TotRow[];
  vat: { rate: string; base: string; tax: string }[];
  pay: string[];
  notes: string[];
  footer: string[][];
}

function model(x: Ctx): Model {
  const { s, c, L } = x;
  const title = s.type === '381' ? L.credit : L.invoice;
  const meta: [string, string][] = [
    [L.number, s.number],
    [L.date, x.date(s.issue)],
  ];
  if (s.customerNo) meta.push([L.customerNo, s.customerNo]);
  if (s.po) meta.push([L.po, s.po]);
  if (s.buyerRef) meta.push([L.yourRef, s.buyerRef]);
  if (s.deliveryNote) meta.push([L.deliveryNote, s.deliveryNote]);
  if (s.due) meta.push([L.due, x.date(s.due)]);
  meta.push(...(s.meta?.(x) ?? []));
  const colLabel: Record<Col, string> = {
    pos: L.pos,
    sku: L.sku,
    date: L.dateCol,
    desc: L.desc,
    qty: L.qty,
    unit: L.unit,
    price: L.price,
    rate: L.rate,
    amount: L.amount,
  };
  const right: Col[] = ['qty', 'price', 'rate', 'amount'];
  const rows = s.lines.map((l, i) =>
    s.cols.map((col) => {
      switch (col) {
        case 'pos':
          return String(i + 1);
        case 'sku':
          return l.sku ?? '';
        case 'date':
          return l.date ? x.date(l.date) : '';
        case 'desc':
          return l.desc;
        case 'qty':
          return fmtDec(l.qty, s.nf);
        case 'unit':
          return l.unit ?? '';
        case 'price':
          return fmtDec(l.price, s.nf, 2);
        case 'rate':
          return x.rate(l.rate);
        case 'amount':
          return x.amt(c.amounts[i]!);
      }
      return '';
    }),
  );
  const breaks = [0, ...(s.breaks ?? []), s.lines.length];
  const pages: Model['pages'] = [];
  let run = 0;
  for (let p = 0; p + 1 < breaks.length; p++) {
    const from = breaks[p]!;
    const to = breaks[p + 1]!;
    const bf = p === 0 ? null : run;
    for (let i = from; i < to; i++) run += c.amounts[i]!;
    pages.push({ rows: rows.slice(from, to), bf, cf: p + 2 < breaks.length ? run : null });
  }
  const totals: TotRow[] = [];
  if (s.charges?.length) {
    totals.push({ label: L.subtotal, value: x.money(c.linesSum) });
    s.charges.forEach((ch, i) => {
      totals.push({ label: ch.desc, value: x.money(c.chargeAmounts[i]!) });
    });
  }
  totals.push({ label: L.totalNet, value: x.money(c.net) });
  for (const b of c.breakdown)
    totals.push({ label: `${L.vat} ${x.rate(b.rate)} ${L.on} ${x.amt(b.net)}`, value: x.money(b.tax) });
  if (c.breakdown.length > 1) totals.push({ label: L.taxTotal, value: x.money(c.tax) });
  const hasDeductions = c.withholding > 0 || c.advance > 0;
  totals.push({ label: L.total, value: x.money(c.total), strong: !hasDeductions && !s.dueRow });
  if (s.withholding)
    totals.push({
      label: s.withholding.label,
      value: `-${s.cur.pre}${fmtCents(c.withholding, s.nf)}${s.cur.post}`,
    });
  if (s.advance)
    totals.push({ label: s.advance.label, value: `-${s.cur.pre}${fmtCents(c.advance, s.nf)}${s.cur.post}` });
  if (hasDeductions || s.dueRow) totals.push({ label: L.amountDue, value: x.money(c.due), strong: true });
  const vatRows = c.breakdown.map((b) => ({ rate: x.rate(b.rate), base: x.amt(b.net), tax: x.amt(b.tax) }));
  return {
    title,
    meta,
    head: s.cols.map((col) => colLabel[col]),
    aligns: s.cols.map((col) => (right.includes(col) ? 'r' : 'l')),
    cols: s.cols,
    rows,
    rowCents: c.amounts,
    pages,
    totals,
    vat: vatRows,
    pay: s.pay(x),
    notes: s.notes?.(x) ?? [],
    footer: s.footer(x),
  };
}

// ───────────────────────────── the 24 invoices ─────────────────────────────

const gbFmt = (v: string) => `GB ${v.slice(2, 5)} ${v.slice(5, 9)} ${v.slice(9)}`;
const beFmt = (v: string) => `BE ${v.slice(2, 6)}.${v.slice(6, 9)}.${v.slice(9)}`;
const chFmt = (v: string, suffix: string) =>
  `CHE-${v.slice(3, 6)}.${v.slice(6, 9)}.${v.slice(9, 12)} ${suffix}`;
const sirenFmt = (v: string) => `${v.slice(0, 3)} ${v.slice(3, 6)} ${v.slice(6)}`;
const rfFmt = (v: string) => v.replace(/(.{4})(?=.)/g, '$1 ');
const sumLines = (ls: Line[]) => ls.reduce((a, l) => a + lineCents(l.qty, l.price), 0);

// identifiers (computed, never typed in with their check digits)
const ID = {
  gbSaas: vat.gb('2874153'),
  gbHarrow: vat.gb('6619034'),
  ieLiffey: vat.ie('3628739', 'H'),
  ieCarrow: vat.ie('9742851'),
  deNord: vat.de('81472953'),
  atStein: vat.at('6381742'),
  atHotel: vat.at('4719025'),
  fnStein: fnMake('391204'),
  sirenAtelier: siren('81290473'),
  sirenBerthier: siren('52318946'),
  beVanDamme: vat.be('04287315'),
  beNotaris: vat.be('08472619'),
  esMartin: vat.esNif('50824317'),
  esHenares: vat.esCif('B', '8473261'),
  itBrianza: vat.it('0719443', '015'),
  itCortile: vat.it('0281736', '097'),
  gbPennine: vat.gb('3390671'),
  chRebhalde: vat.ch('10972634'),
  beLambert: vat.be('06938271'),
  beGestimmo: vat.be('08124736'),
  luMoselle: vat.lu('218467'),
  luFidu: vat.lu('194528'),
  nlDeVries: vat.nlOld('81442378'),
  nlBakker: vat.nlNew('1983472', '01'),
  deKranich: vat.de('29384716'),
  esTuria: vat.esCif('B', '9874123'),
  esAlbufera: vat.esCif('A', '4619283'),
  itBellini: vat.it('0948271', '034'),
  cfBellini: cfMake('BLLMRC78C14B157'),
  itColle: vat.it('0372918', '017'),
  ieShannon: vat.ie('8274163'),
  ieBurren: vat.ie('6150347', 'A'),
  deLahntal: vat.de('11236478'),
  deDill: vat.de('25914837'),
  sirenCbq: siren('43871562'),
  sirenDufour: siren('79240318'),
  bePeeters: vat.be('04519732'),
  beVanLooy: vat.be('07385124'),
  esCantabrica: vat.esCif('A', '3916728'),
  esBesaya: vat.esCif('B', '3958174'),
  esLevante: vat.esCif('B', '5398214'),
  esSerena: vat.esCif('B', '5427361'),
  itPadano: vat.it('0381920', '023'),
  itMarchi: vat.it('0452817', '023'),
  itLariane: vat.it('0294716', '013'),
  sirenUra: siren('50918273'),
};

const SPECS: Spec[] = [];

// ── en-1 · Chromium · GB SaaS ──────────────────────────────────────────────
SPECS.push({
  lang: 'en',
  n: 1,
  gen: 'chromium',
  business: 'saas',
  country: 'GB',
  type: '380',
  pages: 1,
  layout: 'modern',
  exercises:
    'CSS grid letterhead, boxes of labelled fields, 20 % + zero-rated 0 %, GBP, sort code + IBAN, account summary (previous balance + payment received)',
  currency: 'GBP',
  cur: { pre: '£', post: '' },
  nf: NF_EN,
  ds: 'en-ord',
  number: 'BCS-INV-24117',
  issue: '2026-03-05',
  due: '2026-04-04',
  seller: {
    name: 'Brightwell Cloud Services Ltd',
    addr: ['4th Floor, 27 Hatton Garden', 'London EC1N 8BN', 'United Kingdom'],
    vat: ID.gbSaas,
    vatPrinted: gbFmt(ID.gbSaas),
    reg: '09817342',
    regPrinted: 'Registered in England and Wales, company no. 09817342',
    email: 'accounts@brightwell-cloud.example',
    phone: '+44 20 7946 0321',
    web: 'www.brightwell-cloud.example',
  },
  buyer: {
    name: 'Harrowgate Analytics plc',
    addr: ['Attn: Accounts Payable', '12 Wellington Street', 'Leeds LS1 4DL'],
    vat: ID.gbHarrow,
    vatPrinted: gbFmt(ID.gbHarrow),
  },
  banks: [
    {
      name: 'Thamesbridge Bank plc',
      iban: iban.gb('TBBK', '231470', '41873265'),
      bic: 'TBBKGB2L',
      extra: 'Sort code 23-14-70 · Account no. 41873265',
    },
  ],
  payBank: 0,
  payRef: { key: 'BCS24117', printed: 'BCS24117' },
  po: 'PO-0045871',
  buyerRef: 'J. Patel / Procurement',
  customerNo: 'C-10388',
  dueRow: true,
  cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
  lines: [
    {
      desc: 'Brightwell Analytics Platform, Business tier (March 2026)',
      qty: '1',
      unit: 'month',
      price: '1450.00',
      rate: '20',
    },
    { desc: 'Additional named user seats', qty: '14', unit: 'seat', price: '32.50', rate: '20' },
    { desc: 'Premium support plan', qty: '1', unit: 'month', price: '385.00', rate: '20' },
    { desc: 'Data storage overage, February 2026', qty: '312.5', unit: 'GB', price: '0.085', rate: '20' },
    { desc: 'Onboarding workshop (remote)', qty: '3.5', unit: 'hour', price: '145.00', rate: '20' },
    {
      desc: 'Printed administrator handbook, 2nd edition',
      qty: '3',
      unit: 'copy',
      price: '24.99',
      rate: '0',
    },
  ],
  pay: (x) => [
    `Please pay ${x.money(x.c.due)} by ${x.date(x.s.due!)} by bank transfer, quoting payment reference BCS24117.`,
    `Thamesbridge Bank plc · Sort code 23-14-70 · Account no. 41873265`,
    `IBAN ${fmtIban(x.s.banks[0]!.iban)} · BIC TBBKGB2L`,
  ],
  notes: (x) => [
    `Account summary: previous balance ${x.money(125000)}; payment received 12th February 2026, thank you: -${x.money(125000)}; this invoice ${x.money(x.c.total)}; balance now due ${x.money(x.c.total)}.`,
    'Zero-rated item: printed books (VAT Notice 701/10). Subscription period 1st to 31st March 2026.',
  ],
  footer: (x) => [
    [
      'Brightwell Cloud Services Ltd',
      x.s.seller.regPrinted!,
      'Registered office: 4th Floor, 27 Hatton Garden, London EC1N 8BN',
    ],
    [
      `VAT reg. no. ${x.s.seller.vatPrinted}`,
      'accounts@brightwell-cloud.example',
      'www.brightwell-cloud.example',
    ],
  ],
  font: 'Liberation Sans',
});

// ── en-2 · Chromium · IE consulting (2 pages, thead repeated) ───────────────
{
  const r = prng(2026_02);
  const acts = [
    'Data warehouse modelling',
    'ETL pipeline development',
    'Stakeholder workshop',
    'Dashboard build (Power BI)',
    'Code review and testing',
    'Data quality assessment',
    'Migration dry run',
    'Documentation and handover notes',
    'Steering committee',
    'Performance tuning',
  ];
  const who: [string, string][] = [
    ['A. Brennan', '145.00'],
    ['C. Keane', '115.00'],
    ['R. Murphy', '95.00'],
  ];
  const hours = ['7.5', '6', '8', '4.5', '7', '5.5', '3', '7.5'];
  const days: string[] = [];
  for (let d = 2; d <= 27; d++) {
    const dow = new Date(Date.UTC(2026, 1, d)).getUTCDay();
    if (dow !== 0 && dow !== 6) days.push(`2026-02-${String(d).padStart(2, '0')}`);
  }
  const lines: Line[] = [];
  for (let i = 0; i < 33; i++) {
    const [name, rate] = who[Math.floor(r() * 3)]!;
    lines.push({
      date: days[Math.min(days.length - 1, Math.floor((i * days.length) / 33))]!,
      desc: `${acts[Math.floor(r() * acts.length)]} (${name})`,
      qty: hours[Math.floor(r() * hours.length)]!,
      unit: 'h',
      price: rate,
      rate: '23',
    });
  }
  lines.push({
    date: '2026-02-27',
    desc: 'Cloud sandbox costs re-charged, February 2026',
    qty: '1',
    unit: 'item',
    price: '412.80',
    rate: '23',
  });
  SPECS.push({
    lang: 'en',
    n: 2,
    gen: 'chromium',
    business: 'consulting',
    country: 'IE',
    type: '380',
    pages: 2,
    layout: 'timesheet',
    exercises:
      '34-line timesheet table flowing over 2 pages with thead repeated, @page margin boxes "Page X of Y", multi-column terms, US-style dates, retainer (deposit) deducted, totals on the last page only',
    currency: 'EUR',
    cur: { pre: '€', post: '' },
    nf: NF_EN,
    ds: 'en-us',
    number: 'LDC-2026-0093',
    issue: '2026-03-02',
    due: '2026-04-01',
    seller: {
      name: 'Liffey Data Consulting Limited',
      addr: ['14 Fitzwilliam Place', 'Dublin 2, D02 XK63', 'Ireland'],
      vat: ID.ieLiffey,
      vatPrinted: `IE ${ID.ieLiffey.slice(2)}`,
      reg: '623417',
      regPrinted: 'Registered in Ireland, CRO No. 623417',
      email: 'billing@liffeydata.example',
      phone: '+353 1 555 0142',
    },
    buyer: {
      name: 'Carrow Medical Devices DAC',
      addr: ['Ballybrit Business Park', 'Galway H91 TX2P', 'Ireland'],
      vat: ID.ieCarrow,
      vatPrinted: ID.ieCarrow,
    },
    banks: [{ name: 'Corrib Mercantile Bank', iban: iban.ie('CMBK', '931152', '27719384'), bic: 'CMBKIE2D' }],
    payBank: 0,
    payRef: null,
    po: 'CMD-PO-77120',
    buyerRef: 'ATLAS-DWH',
    cols: ['date', 'desc', 'qty', 'price', 'amount'],
    labels: { qty: 'Hours', price: 'Rate' },
    lines,
    advance: { label: 'Less: retainer invoice LDC-2026-0017, paid January 15, 2026', cents: 500000 },
    pay: (x) => [
      `Payment of ${x.money(x.c.due)} is due by ${x.date(x.s.due!)}.`,
      'Corrib Mercantile Bank',
      `IBAN ${fmtIban(x.s.banks[0]!.iban)} · BIC CMBKIE2D`,
    ],
    notes: () => [
      'Services rendered in February 2026 for Project Atlas under the master services agreement of October 1, 2025.',
      'Hours are recorded in 30-minute increments. Queries on this invoice should be raised within 14 days of the invoice date.',
      'Late payments may attract interest under the European Communities (Late Payment in Commercial Transactions) Regulations 2012.',
    ],
    footer: (x) => [
      [
        `Liffey Data Consulting Limited · ${x.s.seller.regPrinted} · VAT No. ${x.s.seller.vatPrinted} · billing@liffeydata.example`,
      ],
    ],
    font: 'DVCond',
  });
}

// ── de-1 · Chromium · DE wholesale (2 pages, manual carry-forward) ──────────
{
  const cat = [
    '100412|NYM-J 3x1,5 mm² Mantelleitung, Ring 100 m|Ring|58.90|19',
    '100415|NYM-J 5x2,5 mm² Mantelleitung, Ring 50 m|Ring|74.20|19',
    '210088|Schalterprogramm Serie S1, Wechselschalter reinweiß|Stk|4.65|19',
    '210091|Schuko-Steckdose Serie S1, reinweiß|Stk|3.98|19',
    '210120|Abdeckrahmen 2-fach Serie S1|Stk|2.14|19',
    '330500|Leitungsschutzschalter B16 1-polig|Stk|3.72|19',
    '330512|FI-Schutzschalter 40 A / 30 mA, 4-polig|Stk|31.80|19',
    '330590|Kleinverteiler AP 3-reihig, 36 TE|Stk|64.50|19',
    '400110|LED-Panel 620 x 620 mm, 36 W, 4000 K|Stk|27.90|19',
    '400118|LED-Einbaustrahler 7 W, schwenkbar|Stk|9.45|19',
    '400210|Feuchtraum-Wannenleuchte LED 1500 mm|Stk|22.30|19',
    '510020|Installationsrohr flexibel M20, 50 m|Rolle|11.60|19',
    '510025|Installationsrohr flexibel M25, 25 m|Rolle|9.85|19',
    '520110|Verbindungsklemme 5-polig, VPE 100|VPE|18.40|19',
    '520118|Hohlwanddose 68 mm, VPE 25|VPE|7.95|19',
    '530300|Kabelkanal 40 x 60 mm, 2 m|Stk|6.12|19',
    '540010|Bewegungsmelder 180°, IP44|Stk|19.75|19',
    '600220|Netzwerkkabel Cat.7 Duplex, 500 m|Trommel|289.00|19',
    '600231|Datendose Cat.6A 2-fach, UP|Stk|12.40|19',
    '610005|Patchfeld 24 Port Cat.6A, 1 HE|Stk|84.90|19',
    '700400|Erdungsband verzinkt 30 x 3,5 mm, 25 m|Rolle|41.70|19',
    '700410|Potentialausgleichsschiene|Stk|8.60|19',
    '800100|Isolierband 19 mm x 20 m, sortiert, VPE 10|VPE|6.90|19',
    '800150|Kabelbinder 4,8 x 300 mm, VPE 100|VPE|5.35|19',
    '810010|Schraubendreher-Set VDE, 7-tlg.|Set|36.50|19',
    '820005|Spannungsprüfer zweipolig|Stk|29.95|19',
    '900010|Fachbuch: Elektroinstallation nach DIN VDE 0100|Stk|48.00|7',
    '900011|Tabellenbuch Elektrotechnik, 30. Auflage|Stk|39.90|7',
  ];
  const qtys = [
    '6',
    '4',
    '40',
    '60',
    '25',
    '24',
    '3',
    '2',
    '18',
    '36',
    '8',
    '10',
    '6',
    '4',
    '12',
    '20',
    '6',
    '1',
    '16',
    '2',
    '2',
    '5',
    '3',
    '4',
    '2',
    '2',
    '1',
    '2',
  ];
  SPECS.push({
    lang: 'de',
    n: 1,
    gen: 'chromium',
    business: 'wholesale',
    country: 'DE',
    type: '380',
    pages: 2,
    layout: 'din',
    exercises:
      'DIN 5008 letter: absolutely positioned address window with return line, info block, 28 items over 2 fixed-size pages with "Übertrag" carry-forward, 19 % + 7 %, freight charge, Skonto with its own date, two bank accounts (payment names the first), HRB',
    currency: 'EUR',
    cur: { pre: '', post: ' €' },
    nf: NF_DE,
    ds: 'dmy.',
    number: 'RE-2026-104378',
    issue: '2026-03-05',
    due: '2026-04-04',
    seller: {
      name: 'Nordhafen Elektrogroßhandel GmbH',
      addr: ['Reiherstieg 42', '21107 Hamburg'],
      vat: ID.deNord,
      vatPrinted: ID.deNord,
      reg: 'HRB 148620',
      regPrinted: 'Amtsgericht Hamburg HRB 148620',
      email: 'rechnungswesen@nordhafen-elektro.example',
      phone: '040 7566 310',
      fax: '040 7566 3199',
      web: 'www.nordhafen-elektro.example',
    },
    buyer: {
      name: 'Elektro Kowalski & Partner GmbH',
      addr: ['z. Hd. Herrn Marek Kowalski', 'Billstraße 118', '20539 Hamburg'],
    },
    banks: [
      { name: 'Hamburger Hafenbank', iban: iban.de('20070000', '0417338200'), bic: 'HHBKDEHHXXX' },
      { name: 'Postgiro Nord', iban: iban.de('20010020', '0958431207'), bic: 'PGNODEH1XXX' },
    ],
    payBank: 0,
    payRef: null,
    po: '4500387712',
    buyerRef: 'Ko/Bau Lindenhof',
    customerNo: 'K-20417',
    deliveryNote: 'LS-2026-55031',
    cols: ['pos', 'sku', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    lines: fromCatalog(cat, qtys),
    breaks: [18],
    charges: [{ desc: 'Fracht und Verpackung', qty: '1', price: '45.00', rate: '19' }],
    ids: [['hr', 'Hamburg HRB 148620']],
    meta: () => [
      ['Lieferdatum', '03.03.2026'],
      ['Ansprechpartner', 'Frau Sabine Kühl, -318'],
    ],
    pay: (x) => [
      `Zahlbar bis ${x.date(x.s.due!)} ohne Abzug oder bis 15.03.2026 abzüglich 2 % Skonto (${x.money(pctCents(x.c.total, '2'))}), also ${x.money(x.c.total - pctCents(x.c.total, '2'))}.`,
      `Bitte überweisen Sie den Rechnungsbetrag unter Angabe der Rechnungsnummer auf unser Konto bei der Hamburger Hafenbank, IBAN ${fmtIban(x.s.banks[0]!.iban)}, BIC HHBKDEHHXXX.`,
    ],
    notes: () => [
      'Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum. Es gelten unsere Allgemeinen Geschäftsbedingungen.',
    ],
    footer: (x) => [
      [
        'Nordhafen Elektrogroßhandel GmbH',
        'Reiherstieg 42 · 21107 Hamburg',
        'Tel. 040 7566 310 · Fax 040 7566 3199',
        'rechnungswesen@nordhafen-elektro.example',
      ],
      [
        'Geschäftsführer: Jens Albrecht, Sabine Kühl',
        'Sitz: Hamburg',
        'Amtsgericht Hamburg HRB 148620',
        `USt-IdNr. ${x.s.seller.vatPrinted} · St.-Nr. 48/712/03154`,
      ],
      ['Hamburger Hafenbank', `IBAN ${fmtIban(x.s.banks[0]!.iban)}`, 'BIC HHBKDEHHXXX'],
      ['Postgiro Nord', `IBAN ${fmtIban(x.s.banks[1]!.iban)}`, 'BIC PGNODEH1XXX'],
    ],
    font: 'Liberation Sans',
  });
}

// ── de-2 · Chromium · AT carpentry ─────────────────────────────────────────
SPECS.push({
  lang: 'de',
  n: 2,
  gen: 'chromium',
  business: 'carpentry',
  country: 'AT',
  type: '380',
  pages: 1,
  layout: 'din',
  exercises:
    'Austrian letter with address window, "5. März 2026" / "Jänner" dates, 20 %, Akontozahlung (advance) deducted, RF creditor reference, FN with check letter, UID of buyer',
  currency: 'EUR',
  cur: { pre: '€ ', post: '' },
  nf: NF_DE,
  ds: 'at-long',
  number: '2026/0117',
  issue: '2026-03-06',
  due: '2026-03-20',
  seller: {
    name: 'Tischlerei Steinberger GmbH',
    addr: ['Puchstraße 85', '8020 Graz', 'Österreich'],
    vat: ID.atStein,
    vatPrinted: ID.atStein,
    reg: `FN ${ID.fnStein.slice(0, -1)} ${ID.fnStein.slice(-1)}`,
    regPrinted: `FN ${ID.fnStein.slice(0, -1)} ${ID.fnStein.slice(-1)}, Landesgericht für ZRS Graz`,
    email: 'office@tischlerei-steinberger.example',
    phone: '+43 316 482 117',
    fax: '+43 316 482 117-20',
  },
  buyer: {
    name: 'Hotel Schlossberg Betriebs GmbH',
    addr: ['Frau Mag. Eva Lechner', 'Sackstraße 21', '8010 Graz'],
    vat: ID.atHotel,
    vatPrinted: ID.atHotel,
  },
  banks: [{ name: 'Steirische Gewerbebank', iban: iban.at('38245', '00012345678'), bic: 'STGWAT2GXXX' }],
  payBank: 0,
  payRef: { key: rfMake('2026011737'), printed: rfFmt(rfMake('2026011737')) },
  po: 'HS-2025-188',
  buyerRef: 'Umbau 2. OG / Le',
  customerNo: '10447',
  dueRow: true,
  cols: ['pos', 'desc', 'qty', 'unit', 'price', 'amount'],
  labels: { unit: 'Einheit', amount: 'Betrag', total: 'Gesamtbetrag brutto', totalNet: 'Summe netto' },
  lines: [
    {
      desc: 'Einbauschrank Eiche massiv geölt, Zimmer 201 bis 206',
      qty: '6',
      unit: 'Stk',
      price: '1840.00',
      rate: '20',
    },
    {
      desc: 'Schreibtisch mit Kabelkanal, Eiche, 140 x 60 cm',
      qty: '6',
      unit: 'Stk',
      price: '695.00',
      rate: '20',
    },
    {
      desc: 'Wandpaneel Kopfteil, Akustikfilz, nach Maß',
      qty: '14.4',
      unit: 'm²',
      price: '186.50',
      rate: '20',
    },
    { desc: 'Gepäckablage Eiche mit Messingleiste', qty: '6', unit: 'Stk', price: '312.00', rate: '20' },
    { desc: 'Montage durch 2 Tischler', qty: '26.5', unit: 'Std', price: '58.50', rate: '20' },
    { desc: 'Anfahrt und Transport, pauschal', qty: '1', unit: 'psch', price: '180.00', rate: '20' },
    { desc: 'Entsorgung Altmöbel', qty: '1', unit: 'psch', price: '240.00', rate: '20' },
  ],
  advance: { label: 'abzüglich Akontozahlung lt. Teilrechnung 2026/0031 vom 20. Jänner 2026', cents: 600000 },
  meta: () => [['Leistungszeitraum', '2. bis 27. Februar 2026']],
  pay: (x) => [
    `Zahlbar binnen 14 Tagen, bis ${x.date(x.s.due!)}, ohne Abzug.`,
    `Bitte überweisen Sie ${x.money(x.c.due)} auf IBAN ${fmtIban(x.s.banks[0]!.iban)} (BIC STGWAT2GXXX) mit der Zahlungsreferenz ${x.s.payRef!.printed}.`,
  ],
  notes: () => ['Vielen Dank für Ihren Auftrag! Gewährleistung gemäß ÖNORM B 2110.'],
  footer: (x) => [
    [
      'Tischlerei Steinberger GmbH',
      'Puchstraße 85, 8020 Graz',
      'Tel. +43 316 482 117',
      'Fax +43 316 482 117-20',
    ],
    [x.s.seller.regPrinted!, `UID: ${x.s.seller.vatPrinted}`, 'office@tischlerei-steinberger.example'],
    ['Steirische Gewerbebank', `IBAN ${fmtIban(x.s.banks[0]!.iban)}`, 'BIC STGWAT2GXXX'],
  ],
  ids: [['fn', ID.fnStein]],
  font: 'DejaVu Serif',
});

// ── fr-1 · Chromium · FR web agency ────────────────────────────────────────
SPECS.push({
  lang: 'fr',
  n: 1,
  gen: 'chromium',
  business: 'agency',
  country: 'FR',
  type: '380',
  pages: 1,
  layout: 'modern',
  exercises:
    'grid + absolutely positioned badge, narrow no-break space thousands (1 234,56 €), 20 % + 5,5 %, escompte with its own date, SIREN/SIRET/RCS/APE, late-payment mentions',
  currency: 'EUR',
  cur: { pre: '', post: '\u00a0€' },
  nf: NF_FR,
  ds: 'long',
  number: 'F2026-0312',
  issue: '2026-03-05',
  due: '2026-04-04',
  seller: {
    name: 'Atelier Numérique Lumière SAS',
    addr: ['18 rue de la Charité', '69002 Lyon', 'France'],
    vat: vat.fr(ID.sirenAtelier),
    vatPrinted: `FR ${vat.fr(ID.sirenAtelier).slice(2, 4)} ${ID.sirenAtelier}`,
    reg: ID.sirenAtelier,
    regPrinted: `RCS Lyon ${sirenFmt(ID.sirenAtelier)}`,
    email: 'compta@atelier-lumiere.example',
    phone: '04 78 92 15 30',
    web: 'www.atelier-lumiere.example',
  },
  buyer: {
    name: 'Maison Berthier & Fils SARL',
    addr: ['M. Olivier Berthier', '7 quai Saint-Vincent', '69001 Lyon'],
    vat: vat.fr(ID.sirenBerthier),
    vatPrinted: vat.fr(ID.sirenBerthier),
  },
  banks: [{ name: 'Banque Rhodanienne', iban: iban.fr('18370', '14052', '00037281945'), bic: 'BRHOFRPPXXX' }],
  payBank: 0,
  payRef: null,
  po: 'BC-2026-044',
  buyerRef: 'Projet site 2026',
  customerNo: 'CL-0871',
  cols: ['desc', 'qty', 'price', 'rate', 'amount'],
  lines: [
    { desc: 'Refonte du site vitrine (forfait)', qty: '1', price: '4800.00', rate: '20' },
    { desc: 'Développement du module de réservation', qty: '12.5', unit: 'j', price: '620.00', rate: '20' },
    { desc: 'Hébergement et maintenance, 12 mois', qty: '12', price: '39.90', rate: '20' },
    { desc: 'Reportage photo en atelier (1 journée)', qty: '1', price: '950.00', rate: '20' },
    { desc: 'Guide éditorial imprimé (livre, 64 pages)', qty: '20', price: '12.40', rate: '5.5' },
  ],
  pay: (x) => [
    `Règlement par virement à réception, au plus tard le ${x.date(x.s.due!)}.`,
    `Escompte de 1,5 % pour paiement avant le 15 mars 2026 (soit ${x.money(x.c.total - pctCents(x.c.total, '1.5'))}).`,
    `IBAN ${fmtIban(x.s.banks[0]!.iban)} · BIC BRHOFRPPXXX · Banque Rhodanienne`,
  ],
  notes: () => [
    'En cas de retard de paiement, pénalités au taux de trois fois le taux d’intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 du Code de commerce).',
  ],
  footer: (x) => [
    [
      `Atelier Numérique Lumière SAS au capital de 40 000 € · ${x.s.seller.regPrinted} · SIRET ${sirenFmt(ID.sirenAtelier)} ${siret(ID.sirenAtelier, '0002').slice(9)} · APE 6201Z`,
    ],
    [`TVA intracommunautaire ${x.s.seller.vatPrinted} · compta@atelier-lumiere.example · 04 78 92 15 30`],
  ],
  ids: [
    ['siren', ID.sirenAtelier],
    ['siret', siret(ID.sirenAtelier, '0002')],
    ['siren', ID.sirenBerthier],
  ],
  font: 'Lato',
});

// ── nl-1 · Chromium · BE (Flemish) credit note, positive amounts ───────────
SPECS.push({
  lang: 'nl',
  n: 1,
  gen: 'chromium',
  business: 'creditnote',
  country: 'BE',
  type: '381',
  pages: 1,
  layout: 'sidebar',
  exercises:
    'flexbox sidebar layout, credit note printed with positive amounts, refers to the credited invoice, 21 % + 6 %, Belgian VAT only (no registration), no due date',
  currency: 'EUR',
  cur: { pre: '€ ', post: '' },
  nf: NF_DE,
  ds: 'long',
  number: 'CN-2026-0021',
  issue: '2026-03-04',
  due: null,
  seller: {
    name: 'Van Damme Kantoorinrichting BV',
    addr: ['Kortrijksesteenweg 1120', '9051 Gent', 'België'],
    vat: ID.beVanDamme,
    vatPrinted: beFmt(ID.beVanDamme),
    email: 'boekhouding@vandamme-kantoor.example',
    phone: '+32 9 244 18 70',
  },
  buyer: {
    name: 'Notariskantoor Verstraete & De Smet',
    addr: ['Kouter 27', '9000 Gent'],
    vat: ID.beNotaris,
    vatPrinted: beFmt(ID.beNotaris),
  },
  banks: [{ iban: iban.be('734', '0218455'), bic: 'KREDBEBB' }],
  payBank: 0,
  payRef: null,
  po: '2026-INK-014',
  buyerRef: 'Mr. De Smet',
  customerNo: '40127',
  cols: ['sku', 'desc', 'qty', 'price', 'rate', 'amount'],
  labels: { number: 'Creditnotanummer', date: 'Datum' },
  lines: [
    { sku: 'BS-220', desc: 'Bureaustoel Ergo Plus, zwart (retour)', qty: '2', price: '389.00', rate: '21' },
    { sku: 'LB-040', desc: 'Ladeblok op wielen, 3 laden (retour)', qty: '1', price: '245.00', rate: '21' },
    {
      sku: 'PC-001',
      desc: 'Prijscorrectie vergadertafel Oslo 240 cm',
      qty: '1',
      price: '180.00',
      rate: '21',
    },
    { sku: 'BK-112', desc: "Boek 'Ergonomie op kantoor' (retour)", qty: '3', price: '29.50', rate: '6' },
  ],
  meta: () => [['Betreft factuur', 'F-2026-0187 van 12 februari 2026']],
  pay: (x) => [
    `Het tegoed van ${x.money(x.c.total)} wordt verrekend met uw volgende factuur of op verzoek teruggestort.`,
  ],
  notes: () => ['Reden: retourname van beschadigde goederen en prijsafspraak van 20 februari 2026.'],
  footer: (x) => [
    [
      'Van Damme Kantoorinrichting BV',
      'Kortrijksesteenweg 1120, 9051 Gent',
      `BTW ${x.s.seller.vatPrinted}`,
      'RPR Gent',
    ],
    [
      `IBAN ${fmtIban(x.s.banks[0]!.iban)}`,
      'BIC KREDBEBB',
      'boekhouding@vandamme-kantoor.example',
      '+32 9 244 18 70',
    ],
  ],
  font: 'Liberation Serif',
});

// ── es-1 · Chromium · ES tax advisor (autónoma, IRPF) ──────────────────────
SPECS.push({
  lang: 'es',
  n: 1,
  gen: 'chromium',
  business: 'advisor',
  country: 'ES',
  type: '380',
  pages: 1,
  layout: 'sidebar',
  exercises:
    'flexbox sidebar, sole trader with NIF (printed without ES), IRPF 15 % withholding deducted from the amount due, "5 de marzo de 2026" dates',
  currency: 'EUR',
  cur: { pre: '', post: ' €' },
  nf: NF_DE,
  ds: 'long',
  number: '2026-A-0041',
  issue: '2026-03-02',
  due: '2026-03-31',
  seller: {
    name: 'Laura Martín Ortega',
    addr: ['Martín Ortega Asesores', 'Calle de Alcalá 214, 3º B', '28028 Madrid'],
    vat: ID.esMartin,
    vatPrinted: ID.esMartin.slice(2),
    email: 'facturas@martinortega-asesores.example',
    phone: '915 55 01 42',
  },
  buyer: {
    name: 'Construcciones Henares Norte S.L.',
    addr: ['Avenida de Guadalajara 33', '28806 Alcalá de Henares (Madrid)'],
    vat: ID.esHenares,
    vatPrinted: `${ID.esHenares.slice(2, 3)}-${ID.esHenares.slice(3)}`,
  },
  banks: [{ name: 'Caja Rural del Jarama', iban: iban.es('3081', '0214', '2746190357'), bic: 'CRJAESMMXXX' }],
  payBank: 0,
  payRef: null,
  po: null,
  buyerRef: 'Dpto. Administración, Sr. Gil',
  customerNo: '0112',
  cols: ['desc', 'qty', 'price', 'amount'],
  lines: [
    { desc: 'Asesoría fiscal y contable, cuota mensual febrero 2026', qty: '1', price: '650.00', rate: '21' },
    { desc: 'Modelo 303, declaración IVA 4T 2025', qty: '1', price: '120.00', rate: '21' },
    { desc: 'Modelos 111 y 115, retenciones', qty: '2', price: '45.00', rate: '21' },
    { desc: 'Consultas adicionales (horas)', qty: '2.5', price: '70.00', rate: '21' },
  ],
  labels: { total: 'Total (base + IVA)' },
  withholding: { label: 'Retención IRPF 15 %', rate: '15' },
  pay: (x) => [
    `Forma de pago: transferencia bancaria antes del ${x.date(x.s.due!)}.`,
    `${x.s.banks[0]!.name} · IBAN ${fmtIban(x.s.banks[0]!.iban)} · BIC CRJAESMMXXX`,
  ],
  notes: () => ['Factura sujeta a retención del IRPF (art. 101 Ley 35/2006).'],
  footer: (x) => [
    [
      'Laura Martín Ortega',
      `NIF ${x.s.seller.vatPrinted}`,
      'Calle de Alcalá 214, 3º B, 28028 Madrid',
      'facturas@martinortega-asesores.example',
    ],
  ],
  font: 'DejaVu Sans',
});

// ── it-1 · Chromium · IT furniture ─────────────────────────────────────────
SPECS.push({
  lang: 'it',
  n: 1,
  gen: 'chromium',
  business: 'furniture',
  country: 'IT',
  type: '380',
  pages: 1,
  layout: 'modern',
  exercises:
    'grid boxes, 22 % + 10 %, DDT and order references, REA and capitale sociale, scadenza table, P.IVA printed without IT',
  currency: 'EUR',
  cur: { pre: '€ ', post: '' },
  nf: NF_DE,
  ds: 'long',
  number: '184/2026',
  issue: '2026-03-05',
  due: '2026-04-30',
  seller: {
    name: 'Arredamenti Brianza Design S.r.l.',
    addr: ['Via Carlo Porta 58', '20900 Monza (MB)'],
    vat: ID.itBrianza,
    vatPrinted: ID.itBrianza.slice(2),
    reg: 'MB-1903356',
    regPrinted: 'REA MB-1903356',
    email: 'amministrazione@brianzadesign.example',
    phone: '039 284 1170',
    fax: '039 284 1171',
  },
  buyer: {
    name: 'Ristorante Il Cortile di Luca Ferri',
    addr: ['Via Roma 12', '23900 Lecco (LC)'],
    vat: ID.itCortile,
    vatPrinted: ID.itCortile.slice(2),
  },
  banks: [
    {
      name: 'Banca Popolare della Brianza',
      iban: iban.it('05034', '33400', '000000012847'),
      bic: 'BPBRITM1XXX',
    },
  ],
  payBank: 0,
  payRef: null,
  po: 'ORD-2026-027',
  buyerRef: 'Sig. Ferri',
  deliveryNote: '412 del 02/03/2026',
  customerNo: 'C00318',
  cols: ['sku', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
  lines: [
    {
      sku: 'TV-180',
      desc: 'Tavolo rovere 180x90, piano spessore 4 cm',
      qty: '6',
      unit: 'pz',
      price: '780.00',
      rate: '22',
    },
    {
      sku: 'SD-22',
      desc: 'Sedia imbottita tessuto antimacchia',
      qty: '36',
      unit: 'pz',
      price: '124.50',
      rate: '22',
    },
    {
      sku: 'PB-04',
      desc: 'Panca su misura con vano contenitore',
      qty: '2',
      unit: 'pz',
      price: '1150.00',
      rate: '22',
    },
    { sku: 'LP-12', desc: 'Lampada a sospensione ottone', qty: '8', unit: 'pz', price: '219.00', rate: '22' },
    {
      sku: 'MO-01',
      desc: 'Posa in opera e montaggio (manutenzione straordinaria)',
      qty: '18',
      unit: 'h',
      price: '42.00',
      rate: '10',
    },
  ],
  pay: (x) => [
    `Pagamento: bonifico bancario 30 gg d.f.f.m., scadenza ${x.date(x.s.due!)}: ${x.money(x.c.due)}.`,
    'Banca Popolare della Brianza',
    `IBAN ${fmtIban(x.s.banks[0]!.iban)} · BIC BPBRITM1XXX`,
  ],
  notes: () => ['Aliquota 10 % per prestazioni di manutenzione straordinaria su immobile esistente.'],
  footer: (x) => [
    [
      `Arredamenti Brianza Design S.r.l. · Via Carlo Porta 58 · 20900 Monza (MB) · P.IVA e C.F. ${x.s.seller.vatPrinted}`,
    ],
    [
      `${x.s.seller.regPrinted} · Capitale sociale € 100.000,00 i.v. · Tel. 039 284 1170 · Fax 039 284 1171 · amministrazione@brianzadesign.example`,
    ],
  ],
  font: 'TeX Gyre Adventor',
});

// ── en-3 · LuaLaTeX · GB credit note, negative amounts ─────────────────────
SPECS.push({
  lang: 'en',
  n: 3,
  gen: 'lualatex',
  business: 'creditnote',
  country: 'GB',
  type: '381',
  pages: 1,
  layout: 'letter',
  exercises:
    'tabularx + fancyhdr + lastpage, credit note printed with negative amounts, 20 % + 0 % (zero-rated food), refunded delivery charge, credited invoice reference',
  currency: 'GBP',
  cur: { pre: '£', post: '' },
  nf: NF_EN,
  ds: 'dmy/',
  negative: 'lead',
  number: 'CN-004512',
  issue: '2026-03-03',
  due: null,
  seller: {
    name: 'Pennine Catering Supplies Ltd',
    addr: ['Unit 6, Calder Trade Park', 'Huddersfield HD2 1YF'],
    vat: ID.gbPennine,
    vatPrinted: gbFmt(ID.gbPennine),
    reg: '07732185',
    regPrinted: 'Company No. 07732185 (England and Wales)',
    email: 'credit.control@pennine-catering.example',
    phone: '01484 960 233',
  },
  buyer: { name: 'The Old Mill Kitchen Ltd', addr: ['3 Mill Lane', 'Hebden Bridge HX7 8EZ'] },
  banks: [
    {
      name: 'Calder Valley Bank',
      iban: iban.gb('CVBK', '402218', '61839204'),
      bic: 'CVBKGB21',
      extra: 'Sort code 40-22-18, account 61839204',
    },
  ],
  payBank: 0,
  payRef: null,
  po: 'OMK-PO-2291',
  buyerRef: 'RMA-5521',
  customerNo: 'OMK001',
  cols: ['sku', 'desc', 'qty', 'price', 'rate', 'amount'],
  labels: { number: 'Credit note no.', date: 'Date', total: 'Total credit' },
  lines: [
    { sku: 'GN11-150', desc: 'Gastronorm pan 1/1, 150 mm, stainless', qty: '4', price: '28.40', rate: '20' },
    { sku: 'KN-21C', desc: "Chef's knife 21 cm", qty: '2', price: '46.75', rate: '20' },
    { sku: 'DC-2L', desc: 'Double cream 2 L (damaged on delivery)', qty: '6', price: '7.85', rate: '0' },
    { sku: 'AR-5K', desc: 'Arborio rice 5 kg', qty: '3', price: '14.20', rate: '0' },
  ],
  charges: [{ desc: 'Delivery charge refunded', qty: '1', price: '12.50', rate: '20' }],
  meta: () => [['Credits invoice', 'INV-118734 of 19/02/2026']],
  pay: (x) => [
    `This credit of £${fmtCents(x.c.total, NF_EN)} will be offset against your next invoice unless you request a refund.`,
  ],
  notes: () => ['Reason: goods returned under RMA-5521 (damaged or incorrect items).'],
  footer: (x) => [
    [
      'Pennine Catering Supplies Ltd',
      'Unit 6, Calder Trade Park, Huddersfield HD2 1YF',
      'credit.control@pennine-catering.example',
    ],
    [`VAT Reg. No. ${x.s.seller.vatPrinted}`, x.s.seller.regPrinted!, 'Tel. 01484 960 233'],
    [
      'Calder Valley Bank',
      'Sort code 40-22-18, account 61839204',
      `IBAN ${fmtIban(x.s.banks[0]!.iban)}, BIC CVBKGB21`,
    ],
  ],
  font: 'TeX Gyre Heros',
});

// ── de-3 · LuaLaTeX · CH beverages, QR-bill payment part ───────────────────
SPECS.push({
  lang: 'de',
  n: 3,
  gen: 'lualatex',
  business: 'beverages',
  country: 'CH',
  type: '380',
  pages: 1,
  layout: 'swiss',
  exercises:
    "CHF with 1'234.50 grouping, MWST 8.1 % + 2.6 %, UID with MWST suffix, QR-IBAN + 27-digit QR reference, QR-bill payment part (receipt + payment part) typeset in LaTeX",
  currency: 'CHF',
  cur: { pre: 'CHF ', post: '' },
  nf: NF_CH,
  ds: 'dmy.',
  number: 'R-260341',
  issue: '2026-03-05',
  due: '2026-04-04',
  seller: {
    name: 'Rebhalde Getränke AG',
    addr: ['Technikumstrasse 81', '8400 Winterthur'],
    vat: `${ID.chRebhalde}MWST`,
    vatPrinted: chFmt(ID.chRebhalde, 'MWST'),
    email: 'buchhaltung@rebhalde.example',
    phone: '+41 52 212 47 30',
  },
  buyer: { name: 'Gasthaus zur Linde GmbH', addr: ['Herr Peter Zollinger', 'Marktgasse 9', '8180 Bülach'] },
  banks: [{ iban: iban.ch('30808', '004417230981'), bic: 'ZWKBCH22XXX' }],
  payBank: 0,
  payRef: { key: qrMake('00000000000000260341104471'), printed: fmtQr(qrMake('00000000000000260341104471')) },
  po: null,
  buyerRef: 'P. Zollinger',
  customerNo: '104471',
  deliveryNote: 'L-77812',
  cols: ['sku', 'desc', 'qty', 'price', 'rate', 'amount'],
  labels: {
    vat: 'MWST',
    rate: 'MWST',
    due: 'Zahlbar bis',
    total: 'Total',
    taxTotal: 'Total MWST',
    tax: 'MWST',
    vatId: 'UID',
  },
  rateFmt: (r) => `${r} %`,
  lines: [
    { sku: '1104', desc: 'Riesling-Silvaner AOC Zürich 75 cl', qty: '24', price: '14.80', rate: '8.1' },
    { sku: '1188', desc: 'Pinot Noir Stammertal 75 cl', qty: '36', price: '19.50', rate: '8.1' },
    { sku: '1390', desc: 'Prosecco DOC brut 75 cl', qty: '12', price: '11.90', rate: '8.1' },
    { sku: '2210', desc: 'Lagerbier hell 33 cl, Harass 24', qty: '10', price: '32.40', rate: '8.1' },
    {
      sku: '3005',
      desc: 'Mineralwasser mit Kohlensäure 50 cl, Harass 24',
      qty: '15',
      price: '17.80',
      rate: '2.6',
    },
    {
      sku: '3012',
      desc: 'Mineralwasser ohne Kohlensäure 50 cl, Harass 24',
      qty: '12',
      price: '17.80',
      rate: '2.6',
    },
    { sku: '3320', desc: 'Apfelsaft naturtrüb 1 l, Harass 6', qty: '20', price: '13.20', rate: '2.6' },
    { sku: '3410', desc: 'Eistee Pfirsich 33 cl, Harass 24', qty: '6', price: '26.40', rate: '2.6' },
  ],
  charges: [{ desc: 'Lieferpauschale', qty: '1', price: '35.00', rate: '8.1' }],
  pay: (x) => [`Zahlbar bis ${x.date(x.s.due!)} rein netto mit dem untenstehenden QR-Zahlteil.`],
  notes: () => ['Leergut wird separat abgerechnet. Lieferung vom 04.03.2026.'],
  footer: (x) => [
    [
      'Rebhalde Getränke AG',
      'Technikumstrasse 81, 8400 Winterthur',
      `UID ${x.s.seller.vatPrinted}`,
      'buchhaltung@rebhalde.example',
    ],
    [`QR-IBAN ${fmtIban(x.s.banks[0]!.iban)}`, 'BIC ZWKBCH22XXX', 'Tel. +41 52 212 47 30'],
  ],
  font: 'LiberationSans',
});

// ── fr-2 · LuaLaTeX · BE (French) electrician, OGM, two accounts ──────────
SPECS.push({
  lang: 'fr',
  n: 2,
  gen: 'lualatex',
  business: 'electrician',
  country: 'BE',
  type: '380',
  pages: 1,
  layout: 'letter',
  exercises:
    'minipage address blocks, 21 % + 6 % (renovation of dwellings), Belgian structured communication +++…+++, two bank accounts (payment names the first), VAT only',
  currency: 'EUR',
  cur: { pre: '', post: ' €' },
  nf: NF_DE,
  ds: 'dmy/',
  number: '2026/0288',
  issue: '2026-03-05',
  due: '2026-03-19',
  seller: {
    name: 'Électricité Lambert SRL',
    addr: ['Rue de Fragnée 112', '4000 Liège'],
    vat: ID.beLambert,
    vatPrinted: beFmt(ID.beLambert),
    email: 'facturation@lambert-elec.example',
    phone: '+32 4 252 61 90',
  },
  buyer: {
    name: 'Gestimmo Liège SRL',
    addr: ['Syndic de la Résidence Les Tilleuls', 'Boulevard d’Avroy 38', '4000 Liège'],
    vat: ID.beGestimmo,
    vatPrinted: beFmt(ID.beGestimmo),
  },
  banks: [
    { iban: iban.be('068', '2147395'), bic: 'GKCCBEBB' },
    { iban: iban.be('363', '0482217'), bic: 'BBRUBEBB' },
  ],
  payBank: 0,
  payRef: { key: ogmMake('2026028800'), printed: fmtOgm(ogmMake('2026028800')) },
  po: 'GL-2026-117',
  buyerRef: 'Résidence Les Tilleuls, M. Henrard',
  customerNo: '2209',
  cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
  lines: [
    {
      desc: 'Remplacement éclairage communs, plafonniers LED avec détecteur',
      qty: '18',
      unit: 'pc',
      price: '96.40',
      rate: '21',
    },
    { desc: 'Câblage et tubage, parties communes', qty: '42', unit: 'm', price: '8.75', rate: '21' },
    { desc: 'Main-d’œuvre, parties communes', qty: '14', unit: 'h', price: '52.00', rate: '21' },
    {
      desc: 'Remplacement tableau électrique appartement 3B (logement > 10 ans)',
      qty: '1',
      unit: 'forfait',
      price: '1240.00',
      rate: '6',
    },
    {
      desc: 'Main-d’œuvre appartement 3B (logement > 10 ans)',
      qty: '6.5',
      unit: 'h',
      price: '52.00',
      rate: '6',
    },
    { desc: 'Contrôle de conformité RGIE', qty: '1', unit: 'forfait', price: '185.00', rate: '21' },
  ],
  pay: (x) => [
    `À payer au plus tard le ${x.date(x.s.due!)} sur le compte ${fmtIban(x.s.banks[0]!.iban)} (BIC GKCCBEBB) avec la communication structurée ${x.s.payRef!.printed}.`,
  ],
  notes: () => [
    'Taux de 6 % : attestation du client pour travaux immobiliers dans un logement de plus de dix ans (A.R. n° 20, rubrique XXXI).',
  ],
  footer: (x) => [
    ['Électricité Lambert SRL', 'Rue de Fragnée 112, 4000 Liège', `TVA ${x.s.seller.vatPrinted}`],
    [
      `Belfius ${fmtIban(x.s.banks[0]!.iban)} GKCCBEBB`,
      `ING ${fmtIban(x.s.banks[1]!.iban)} BBRUBEBB`,
      'facturation@lambert-elec.example · +32 4 252 61 90',
    ],
  ],
  font: 'TeX Gyre Termes',
});

// ── fr-3 · LuaLaTeX · LU software, longtable over 2 pages ─────────────────
{
  const rows = [
    'LIC-ERP|Licence ERP Moselle Suite, utilisateur nommé|u.|48.00|17',
    'LIC-CRM|Licence module CRM, utilisateur nommé|u.|22.00|17',
    'LIC-BI|Licence module décisionnel|u.|35.00|17',
    'MNT-STD|Maintenance standard, mois|mois|640.00|17',
    'HEB-VM|Hébergement serveur dédié, mois|mois|410.00|17',
    'CONS-SR|Conseil senior, journée|j|1150.00|17',
    'CONS-JR|Conseil junior, journée|j|780.00|17',
    'DEV-SP|Développement spécifique, journée|j|920.00|17',
    'FORM-1|Formation utilisateurs, session de 4 h|sess.|690.00|17',
    'MIGR|Reprise de données, forfait|forf.|2400.00|17',
    'EBOOK|Manuel utilisateur, livre numérique|u.|19.00|3',
    'SUPP-H|Support prioritaire, heure|h|95.00|17',
  ];
  const lines: Line[] = [];
  const r = prng(352);
  const q: Record<string, string[]> = {
    'u.': ['12', '25', '8', '40'],
    mois: ['1', '3'],
    j: ['2', '3.5', '1', '4'],
    'sess.': ['1', '2'],
    'forf.': ['1'],
    h: ['6', '2.5', '11'],
  };
  const periods = ['janvier', 'février', 'mars'];
  for (let i = 0; i < 32; i++) {
    const [sku, desc, unit, price, rate] = rows[i % rows.length]!.split('|') as [
      string,
      string,
      string,
      string,
      string,
    ];
    const qs = q[unit]!;
    lines.push({
      sku,
      desc: `${desc} (${periods[Math.floor(i / 12)]} 2026)`,
      unit,
      price,
      rate,
      qty: qs[Math.floor(r() * qs.length)]!,
    });
  }
  SPECS.push({
    lang: 'fr',
    n: 3,
    gen: 'lualatex',
    business: 'software',
    country: 'LU',
    type: '380',
    pages: 2,
    layout: 'longtable',
    exercises:
      'longtable breaking over 2 pages with repeated head and "suite" foot, "Page X sur Y", 17 % + 3 %, acompte deducted, RF reference, RCS B number',
    currency: 'EUR',
    cur: { pre: '', post: ' €' },
    nf: NF_DE,
    ds: 'long',
    number: 'ML-26-0057',
    issue: '2026-03-05',
    due: '2026-04-04',
    seller: {
      name: 'Moselle Logiciels S.à r.l.',
      addr: ['21, rue du Fort Wallis', 'L-2714 Luxembourg'],
      vat: ID.luMoselle,
      vatPrinted: `LU ${ID.luMoselle.slice(2)}`,
      reg: 'B 214573',
      regPrinted: 'R.C.S. Luxembourg B 214573',
      email: 'comptabilite@moselle-logiciels.example',
      phone: '+352 26 48 91 1',
    },
    buyer: {
      name: 'Fiduciaire Kirchberg S.A.',
      addr: ['Mme Anne Weber, DSI', '4, rue Albert Borschette', 'L-1246 Luxembourg'],
      vat: ID.luFidu,
      vatPrinted: ID.luFidu,
    },
    banks: [{ name: 'Banque de la Moselle', iban: iban.lu('019', '2200034871500'), bic: 'BMOSLULLXXX' }],
    payBank: 0,
    payRef: { key: rfMake('ML260057'), printed: rfFmt(rfMake('ML260057')) },
    po: 'BC 2026-0199',
    buyerRef: 'DSI / Mme Weber',
    customerNo: 'FK-004',
    cols: ['sku', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    lines,
    advance: { label: 'Acompte facturé le 15 janvier 2026 (facture ML-26-0009)', cents: 1000000 },
    pay: (x) => [
      `Net à payer ${x.money(x.c.due)} au plus tard le ${x.date(x.s.due!)} par virement sur ${fmtIban(x.s.banks[0]!.iban)} (BIC BMOSLULLXXX), référence ${x.s.payRef!.printed}.`,
    ],
    notes: () => ['Période de facturation : janvier à mars 2026, selon contrat cadre CC-2024-11.'],
    footer: (x) => [
      [
        `Moselle Logiciels S.à r.l. · 21, rue du Fort Wallis, L-2714 Luxembourg · ${x.s.seller.regPrinted} · TVA ${x.s.seller.vatPrinted} · comptabilite@moselle-logiciels.example`,
      ],
    ],
    font: 'TeX Gyre Pagella',
  });
}

// ── nl-2 · LuaLaTeX · NL installer ─────────────────────────────────────────
SPECS.push({
  lang: 'nl',
  n: 2,
  gen: 'lualatex',
  business: 'installer',
  country: 'NL',
  type: '380',
  pages: 1,
  layout: 'letter',
  exercises:
    'dd-mm-yyyy dates, "€ 1.234,56", 21 % + 9 %, KvK, dotted NL BTW-id (old mod-11 form), RF betalingskenmerk',
  currency: 'EUR',
  cur: { pre: '€ ', post: '' },
  nf: NF_DE,
  ds: 'dmy-',
  number: '2026-0412',
  issue: '2026-03-05',
  due: '2026-03-19',
  seller: {
    name: 'Installatiebedrijf De Vries B.V.',
    addr: ['Kanaalweg 17', '3526 KL Utrecht'],
    vat: ID.nlDeVries,
    vatPrinted: `NL${ID.nlDeVries.slice(2, 6)}.${ID.nlDeVries.slice(6, 8)}.${ID.nlDeVries.slice(8, 11)}.B01`,
    reg: '30218744',
    regPrinted: 'KvK 30218744',
    email: 'administratie@devries-installatie.example',
    phone: '030 289 44 10',
  },
  buyer: {
    name: 'Woonstichting Domstad',
    addr: ['t.a.v. afdeling Vastgoedonderhoud', 'Postbus 8120', '3503 RC Utrecht'],
  },
  banks: [{ name: 'Utrechtse Middenstandsbank', iban: iban.nl('UMBK', '041733829'), bic: 'UMBKNL2U' }],
  payBank: 0,
  payRef: { key: rfMake('20260412'), printed: rfFmt(rfMake('20260412')) },
  po: 'WD-2026-0087',
  buyerRef: 'Complex 14 / dhr. Jansen',
  customerNo: '1188',
  cols: ['desc', 'qty', 'unit', 'price', 'rate', 'amount'],
  lines: [
    { desc: 'CV-ketel HR 28 kW combi, incl. montage', qty: '4', unit: 'st', price: '1685.00', rate: '21' },
    { desc: 'Thermostaat modulerend', qty: '4', unit: 'st', price: '119.00', rate: '21' },
    { desc: 'Rookgasafvoer en aansluitmateriaal', qty: '4', unit: 'set', price: '212.40', rate: '21' },
    { desc: 'Arbeidsloon installatie', qty: '22', unit: 'uur', price: '62.50', rate: '21' },
    {
      desc: 'Arbeidsloon isolatie woning ouder dan 2 jaar',
      qty: '12',
      unit: 'uur',
      price: '58.00',
      rate: '9',
    },
    { desc: 'Isolatiemateriaal (glaswol, folie)', qty: '1', unit: 'post', price: '384.60', rate: '21' },
  ],
  pay: (x) => [
    `Gelieve ${x.money(x.c.due)} vóór ${x.date(x.s.due!)} over te maken op ${fmtIban(x.s.banks[0]!.iban)} t.n.v. Installatiebedrijf De Vries B.V., onder vermelding van betalingskenmerk ${x.s.payRef!.printed}.`,
  ],
  notes: () => ['Werkzaamheden uitgevoerd van 16-02-2026 t/m 27-02-2026, complex 14, Oudwijk.'],
  footer: (x) => [
    ['Installatiebedrijf De Vries B.V.', 'Kanaalweg 17, 3526 KL Utrecht', 'Tel. 030 289 44 10'],
    [x.s.seller.regPrinted!, `BTW ${x.s.seller.vatPrinted}`, 'administratie@devries-installatie.example'],
    ['Utrechtse Middenstandsbank', `IBAN ${fmtIban(x.s.banks[0]!.iban)}`, 'BIC UMBKNL2U'],
  ],
  font: 'DejaVuSans',
});

// ── nl-3 · LuaLaTeX · NL web developer → DE, reverse charge, manual 2 pages ─
{
  const tasks = [
    'Sprint planning en refinement',
    'Frontend componenten (React)',
    'API-koppeling webshop',
    'Bugfixes na acceptatietest',
    'Performance-optimalisatie',
    'Toegankelijkheidsaudit (WCAG)',
    'Deployment pipeline',
    'Code review',
    'Overleg met opdrachtgever (video)',
    'Technische documentatie',
  ];
  const r = prng(77);
  const hrs = ['2', '3.5', '4', '6', '1.5', '8', '5', '2.5'];
  const lines: Line[] = [];
  for (let i = 0; i < 30; i++)
    lines.push({
      desc: `Sprint ${7 + Math.floor(i / 10)}: ${tasks[Math.floor(r() * tasks.length)]}`,
      qty: hrs[Math.floor(r() * hrs.length)]!,
      unit: 'uur',
      price: '85.00',
      rate: '0',
    });
  SPECS.push({
    lang: 'nl',
    n: 3,
    gen: 'lualatex',
    business: 'webdev',
    country: 'NL',
    type: '380',
    pages: 2,
    layout: 'manual',
    exercises:
      'ISO dates, sole proprietor with the 2020 NL BTW-id (mod 97), intra-EU reverse charge 0 % ("BTW verlegd"), buyer DE VAT id, 30 lines over 2 pages with "Transport" carry-forward',
    currency: 'EUR',
    cur: { pre: '€ ', post: '' },
    nf: NF_DE,
    ds: 'iso',
    number: 'BW-2026-031',
    issue: '2026-03-05',
    due: '2026-04-04',
    seller: {
      name: 'Bakker Webontwikkeling',
      addr: ['Zijlweg 88', '2013 DK Haarlem', 'Nederland'],
      vat: ID.nlBakker,
      vatPrinted: ID.nlBakker,
      reg: '71839204',
      regPrinted: 'KvK-nummer 71839204',
      email: 'sanne@bakker-web.example',
      phone: '+31 6 5555 0132',
    },
    buyer: {
      name: 'Kranich Medien GmbH',
      addr: ['Lindenstraße 44', '50674 Köln', 'Duitsland'],
      vat: ID.deKranich,
      vatPrinted: ID.deKranich,
    },
    banks: [{ name: 'Haarlemse Werkbank', iban: iban.nl('HAWB', '052881734'), bic: 'HAWBNL2H' }],
    payBank: 0,
    payRef: null,
    po: 'PO 10-4471',
    buyerRef: null,
    cols: ['pos', 'desc', 'qty', 'price', 'amount'],
    labels: { qty: 'Uren', price: 'Tarief' },
    rateFmt: (r) => `${r}%`,
    lines,
    breaks: [20],
    pay: (x) => [
      `Betaling binnen 30 dagen, uiterlijk ${x.date(x.s.due!)}, op ${fmtIban(x.s.banks[0]!.iban)} (BIC HAWBNL2H) t.n.v. S. Bakker.`,
    ],
    notes: () => [
      'BTW verlegd / Reverse charge, art. 196 Richtlijn 2006/112/EG. Steuerschuldnerschaft des Leistungsempfängers.',
    ],
    footer: (x) => [
      [
        `Bakker Webontwikkeling · ${x.s.seller.regPrinted} · BTW-id ${x.s.seller.vatPrinted} · sanne@bakker-web.example`,
      ],
    ],
    font: 'Lato',
  });
}

// ── es-2 · LuaLaTeX · ES food wholesale, three rates ──────────────────────
SPECS.push({
  lang: 'es',
  n: 2,
  gen: 'lualatex',
  business: 'food',
  country: 'ES',
  type: '380',
  pages: 1,
  layout: 'letter',
  exercises:
    'IVA 4 % + 10 % + 21 % breakdown table, CIF, Registro Mercantil (Tomo/Libro/Folio/Hoja), albarán per line group, dd/mm/yyyy',
  currency: 'EUR',
  cur: { pre: '', post: ' €' },
  nf: NF_DE,
  ds: 'dmy/',
  number: 'FV26-01847',
  issue: '2026-03-05',
  due: '2026-04-04',
  seller: {
    name: 'Distribuciones Alimentarias del Turia S.L.',
    addr: ['Polígono Fuente del Jarro', 'C/ Ciudad de Sevilla 34', '46988 Paterna (Valencia)'],
    vat: ID.esTuria,
    vatPrinted: ID.esTuria.slice(2),
    reg: 'V-158374',
    regPrinted:
      'Inscrita en el Registro Mercantil de Valencia, Tomo 9876, Libro 7158, Folio 112, Hoja V-158374',
    email: 'administracion@alimentariasturia.example',
    phone: '961 32 48 70',
    fax: '961 32 48 71',
  },
  buyer: {
    name: 'Supermercados La Albufera S.A.',
    addr: ['Avenida del Puerto 210', '46023 Valencia'],
    vat: ID.esAlbufera,
    vatPrinted: ID.esAlbufera.slice(2),
  },
  banks: [
    {
      name: 'Banco Mediterráneo de Empresas',
      iban: iban.es('0239', '1150', '4481027736'),
      bic: 'BMEDESVVXXX',
    },
  ],
  payBank: 0,
  payRef: null,
  po: 'P-ALB-55821',
  buyerRef: null,
  customerNo: '43008812',
  deliveryNote: '26-3312',
  cols: ['sku', 'desc', 'qty', 'price', 'rate', 'amount'],
  lines: [
    { sku: '10021', desc: 'Leche entera UHT 1 l (caja 6)', qty: '40', price: '5.34', rate: '4' },
    { sku: '10140', desc: 'Pan de molde integral 600 g', qty: '60', price: '1.42', rate: '4' },
    { sku: '10310', desc: 'Huevos categoría L (docena)', qty: '50', price: '2.65', rate: '4' },
    { sku: '10512', desc: 'Queso fresco 250 g', qty: '36', price: '1.88', rate: '4' },
    { sku: '20104', desc: 'Arroz bomba D.O. Valencia 1 kg', qty: '48', price: '3.95', rate: '10' },
    { sku: '20220', desc: 'Pasta espagueti 500 g', qty: '120', price: '0.78', rate: '10' },
    { sku: '20330', desc: 'Tomate triturado 400 g', qty: '96', price: '0.69', rate: '10' },
    { sku: '20418', desc: 'Agua mineral 1,5 l (pack 6)', qty: '30', price: '1.92', rate: '10' },
    { sku: '20555', desc: 'Aceitunas manzanilla 350 g', qty: '48', price: '1.35', rate: '10' },
    { sku: '30102', desc: 'Vino tinto D.O. Utiel-Requena 75 cl', qty: '24', price: '4.20', rate: '21' },
    { sku: '30210', desc: 'Cerveza lata 33 cl (pack 12)', qty: '20', price: '6.96', rate: '21' },
    { sku: '40115', desc: 'Detergente lavavajillas 5 l', qty: '10', price: '8.45', rate: '21' },
    { sku: '40230', desc: 'Bolsas basura 100 l (rollo 10)', qty: '25', price: '2.10', rate: '21' },
  ],
  rateFmt: (r) => `${r}%`,
  pay: (x) => [
    `Vencimiento ${x.date(x.s.due!)}: ${x.money(x.c.due)} por transferencia a ${fmtIban(x.s.banks[0]!.iban)} (BIC BMEDESVVXXX).`,
  ],
  notes: () => [
    'Mercancía entregada según albarán 26-3312 de 03/03/2026. No se admiten devoluciones de producto refrigerado.',
  ],
  footer: (x) => [
    [`Distribuciones Alimentarias del Turia S.L. · CIF ${x.s.seller.vatPrinted} · ${x.s.seller.regPrinted}`],
    ['administracion@alimentariasturia.example · Tel. 961 32 48 70 · Fax 961 32 48 71'],
  ],
  font: 'TeX Gyre Schola',
});

// ── it-2 · LuaLaTeX · IT engineer, cassa 4 % + ritenuta 20 % ──────────────
{
  const lines: Line[] = [
    { desc: 'Progettazione strutturale esecutiva, fase 2 (acconto)', qty: '1', price: '4800.00', rate: '22' },
    { desc: 'Direzione lavori, febbraio 2026', qty: '1', price: '1650.00', rate: '22' },
    { desc: 'Sopralluoghi in cantiere', qty: '3', price: '180.00', rate: '22' },
  ];
  const cassa = pctCents(sumLines(lines), '4');
  SPECS.push({
    lang: 'it',
    n: 2,
    gen: 'lualatex',
    business: 'engineer',
    country: 'IT',
    type: '380',
    pages: 1,
    layout: 'letter',
    exercises:
      'professional invoice: contributo integrativo 4 % (VAT-able charge), IVA 22 %, ritenuta d’acconto 20 % deducted, personal codice fiscale beside the P.IVA, no REA',
    currency: 'EUR',
    cur: { pre: '€ ', post: '' },
    nf: NF_DE,
    ds: 'long',
    number: '12/2026',
    issue: '2026-03-05',
    due: '2026-04-04',
    seller: {
      name: 'Studio Tecnico Ing. Marco Bellini',
      addr: ['Via Giuseppe Garibaldi 41', '25122 Brescia (BS)'],
      vat: ID.itBellini,
      vatPrinted: ID.itBellini,
      email: 'marco.bellini@studiobellini.example',
      phone: '030 375 2218',
    },
    buyer: {
      name: 'Immobiliare Colle Maddalena S.r.l.',
      addr: ['Via Trieste 8', '25121 Brescia (BS)'],
      vat: ID.itColle,
      vatPrinted: ID.itColle.slice(2),
    },
    banks: [{ name: 'Banca del Garda', iban: iban.it('08676', '11200', '000000031547'), bic: 'BDGAIT3BXXX' }],
    payBank: 0,
    payRef: null,
    po: null,
    buyerRef: 'Geom. Pasotti',
    cols: ['desc', 'amount'],
    labels: { desc: 'Descrizione della prestazione', amount: 'Importo', subtotal: 'Totale onorari' },
    lines,
    charges: [{ desc: 'Contributo integrativo Inarcassa 4 %', qty: '1', price: keyAmt(cassa), rate: '22' }],
    withholding: { label: 'Ritenuta d’acconto 20 % su onorari', rate: '20' },
    pay: (x) => [
      `Pagamento a mezzo bonifico entro il ${x.date(x.s.due!)}: IBAN ${fmtIban(x.s.banks[0]!.iban)}, BIC BDGAIT3BXXX, ${x.s.banks[0]!.name}.`,
    ],
    notes: () => [
      'Iscritto all’Ordine degli Ingegneri della Provincia di Brescia al n. A3471. Cantiere: Via Trieste 8, Brescia.',
    ],
    footer: (x) => [
      [
        `Ing. Marco Bellini · P.IVA ${x.s.seller.vatPrinted} · C.F. ${ID.cfBellini} · marco.bellini@studiobellini.example · Tel. 030 375 2218`,
      ],
    ],
    ids: [['cf', ID.cfBellini]],
    font: 'TeX Gyre Bonum',
  });
}

// ── en-4 · enscript · IE freight forwarding ───────────────────────────────
SPECS.push({
  lang: 'en',
  n: 4,
  gen: 'enscript',
  business: 'freight',
  country: 'IE',
  type: '380',
  pages: 1,
  layout: 'plain',
  exercises:
    'enscript page header "Page 1 of 1", fixed-width columns, 23 % + zero-rated international transport 0 %, remittance reference, fax number, CRO',
  currency: 'EUR',
  cur: { pre: 'EUR ', post: '' },
  nf: NF_EN,
  ds: 'dmy/',
  number: 'SFF/26/00731',
  issue: '2026-03-05',
  due: '2026-04-04',
  seller: {
    name: 'Shannon Freight Forwarding Ltd',
    addr: ['Unit 12, Smithstown Industrial Estate', 'Shannon, Co. Clare V14 H308', 'Ireland'],
    vat: ID.ieShannon,
    vatPrinted: ID.ieShannon,
    reg: '498271',
    regPrinted: 'Registered in Ireland No. 498271',
    email: 'accounts@shannonfreight.example',
    phone: '+353 61 555 0198',
    fax: '+353 61 555 0199',
  },
  buyer: {
    name: 'Burren Dairy Products Ltd',
    addr: ['Ennistymon Road', 'Ennis, Co. Clare V95 K7P2'],
    vat: ID.ieBurren,
    vatPrinted: ID.ieBurren,
  },
  banks: [{ name: 'Atlantic Commercial Bank', iban: iban.ie('ACBK', '990412', '52083716'), bic: 'ACBKIE2D' }],
  payBank: 0,
  payRef: { key: 'SFF00731', printed: 'SFF00731' },
  po: 'BDP-PO-4410',
  buyerRef: 'Export Mar wk1',
  customerNo: 'BURR01',
  cols: ['sku', 'desc', 'qty', 'price', 'rate', 'amount'],
  labels: { sku: 'Ref', qty: 'Qty', price: 'Rate' },
  lines: [
    {
      sku: 'CMR26-1182',
      desc: 'Groupage Shannon-Rotterdam, 4 pallets',
      qty: '4',
      price: '186.00',
      rate: '0',
    },
    { sku: 'CMR26-1183', desc: 'Full load Shannon-Lyon, reefer', qty: '1', price: '2940.00', rate: '0' },
    { sku: 'CMR26-1190', desc: 'Groupage Shannon-Hamburg, 2 pallets', qty: '2', price: '204.50', rate: '0' },
    { sku: 'FSC', desc: 'Fuel surcharge, international legs', qty: '1', price: '287.35', rate: '0' },
    { sku: 'WH-0302', desc: 'Chilled warehousing, pallet days', qty: '17', price: '9.80', rate: '23' },
    { sku: 'CUS-EXP', desc: 'Export declarations (AES)', qty: '3', price: '45.00', rate: '23' },
    { sku: 'ADM', desc: 'Documentation and booking fee', qty: '1', price: '35.00', rate: '23' },
  ],
  pay: (x) => [
    `Payment due 04/04/2026 - EUR ${fmtCents(x.c.due, NF_EN)}`,
    `Remittance ref: SFF00731`,
    `Atlantic Commercial Bank  IBAN ${fmtIban(x.s.banks[0]!.iban)}  BIC ACBKIE2D`,
  ],
  notes: () => [
    'International transport of goods zero-rated (s.55 VAT Consolidation Act 2010).',
    'All business undertaken subject to IIFA standard trading conditions.',
  ],
  footer: (x) => [[`${x.s.seller.name} - ${x.s.seller.regPrinted} - VAT No. ${x.s.seller.vatPrinted}`]],
});

// ── de-4 · enscript · DE credit note (AS/400 style), positive amounts ─────
SPECS.push({
  lang: 'de',
  n: 4,
  gen: 'enscript',
  business: 'creditnote',
  country: 'DE',
  type: '381',
  pages: 1,
  layout: 'as400',
  exercises:
    'AS/400-style printout with own boxed header, Gutschrift/Rechnungskorrektur with positive amounts, 4-decimal unit prices, HRA of a GmbH & Co. KG plus the general partner’s HRB, 2-digit-year reference dates, buyer VAT id',
  currency: 'EUR',
  cur: { pre: '', post: ' EUR' },
  nf: NF_DE,
  ds: 'dmy.',
  number: 'GS-26-000412',
  issue: '2026-03-05',
  due: null,
  seller: {
    name: 'Schraubenwerk Lahntal GmbH & Co. KG',
    addr: ['Industriestraße 14', '35576 Wetzlar'],
    vat: ID.deLahntal,
    vatPrinted: ID.deLahntal,
    reg: 'HRA 5512',
    regPrinted: 'Amtsgericht Wetzlar HRA 5512',
    email: 'debitoren@schraubenwerk-lahntal.example',
    phone: '06441 9870-0',
    fax: '06441 9870-99',
  },
  buyer: {
    name: 'Maschinenbau Dill GmbH',
    addr: ['Einkauf', 'Am Bahnhof 3', '35683 Dillenburg'],
    vat: ID.deDill,
    vatPrinted: ID.deDill,
  },
  banks: [{ name: 'Lahn-Dill Handelsbank', iban: iban.de('51340013', '0071123400'), bic: 'LDHBDE51XXX' }],
  payBank: 0,
  payRef: null,
  po: 'BM-2026-0233',
  buyerRef: 'Wa/Einkauf',
  customerNo: '100483',
  cols: ['pos', 'sku', 'desc', 'qty', 'unit', 'price', 'amount'],
  labels: {
    credit: 'GUTSCHRIFT / RECHNUNGSKORREKTUR',
    number: 'Gutschrift-Nr.',
    date: 'Datum',
    price: 'Preis/St',
  },
  lines: [
    {
      sku: '933-10040',
      desc: 'Sechskantschraube DIN 933 M10x40 8.8 vz',
      qty: '2000',
      unit: 'St',
      price: '0.0745',
      rate: '19',
    },
    {
      sku: '934-10000',
      desc: 'Sechskantmutter DIN 934 M10 8 vz',
      qty: '2000',
      unit: 'St',
      price: '0.0212',
      rate: '19',
    },
    {
      sku: '125-10500',
      desc: 'Scheibe DIN 125 A 10,5 vz',
      qty: '4000',
      unit: 'St',
      price: '0.0089',
      rate: '19',
    },
    {
      sku: '912-08030',
      desc: 'Zylinderschraube DIN 912 M8x30 12.9',
      qty: '500',
      unit: 'St',
      price: '0.1380',
      rate: '19',
    },
    {
      sku: 'PK-01',
      desc: 'Preiskorrektur lt. Rahmenvertrag 2026',
      qty: '1',
      unit: 'psch',
      price: '64.20',
      rate: '19',
    },
  ],
  meta: () => [
    ['Zu Rechnung', 'RE-26-018833 v. 12.02.26'],
    ['Lieferschein', 'LS-26-09921 v. 10.02.26'],
  ],
  pay: (x) => [
    `Der Gutschriftsbetrag von ${x.money(x.c.total)} wird mit Ihrer naechsten Zahlung verrechnet.`,
  ],
  notes: () => ['Grund: Ruecksendung Fehllieferung (falsche Festigkeitsklasse) und Preiskorrektur.'],
  footer: (x) => [
    [`Schraubenwerk Lahntal GmbH & Co. KG, Sitz Wetzlar, ${x.s.seller.regPrinted}`],
    ['Pers. haft. Ges.: Lahntal Verwaltungs-GmbH, Amtsgericht Wetzlar HRB 7021'],
    [
      `USt-IdNr. ${x.s.seller.vatPrinted}  Lahn-Dill Handelsbank IBAN ${fmtIban(x.s.banks[0]!.iban)} BIC LDHBDE51XXX`,
    ],
    [`E-Mail ${x.s.seller.email}`],
  ],
  ids: [
    ['hr', 'Wetzlar HRA 5512'],
    ['hr', 'Wetzlar HRB 7021'],
  ],
});

// ── fr-4 · enscript · FR hardware wholesale, 2 pages with report ──────────
{
  const cat = [
    'QV0412|Vis agglo tete fraisee 4x40, boite 500|bte|9.85|20',
    'QV0516|Vis agglo 5x60, boite 200|bte|8.40|20',
    'QC0100|Cheville nylon 8 mm, boite 100|bte|4.15|20',
    'QC0210|Cheville a frapper 6x40, boite 100|bte|6.90|20',
    'QP1030|Paumelle acier 80 mm|pce|1.72|20',
    'QP1044|Charniere invisible 35 mm|pce|2.38|20',
    'QS2001|Serrure a larder 40 mm|pce|14.60|20',
    'QS2050|Cylindre europeen 30x30, 3 cles|pce|11.25|20',
    'QB3000|Bequille sur rosace inox|jeu|18.90|20',
    'QG4010|Glissiere a billes 450 mm, la paire|pr|7.45|20',
    'QE5002|Equerre d assemblage 40 mm|pce|0.38|20',
    'QL6003|Colle vinylique D3 750 g|pce|6.80|20',
    'QA7000|Abrasif grain 120, rouleau 25 m|rl|12.30|20',
    'QM8001|Meche bois 3 pointes, coffret 8|cof|15.90|20',
    'QT9005|Tourillon hetre 8x40, sachet 100|sac|2.95|20',
    'QJ9100|Joint mousse adhesif 10 m|rl|3.60|20',
  ];
  const lines = fromCatalog(cat, [
    '10',
    '6',
    '12',
    '4',
    '48',
    '36',
    '5',
    '8',
    '6',
    '20',
    '200',
    '12',
    '3',
    '2',
    '15',
    '10',
  ]);
  const more = fromCatalog(cat.slice(0, 14), [
    '4',
    '3',
    '6',
    '2',
    '24',
    '24',
    '2',
    '4',
    '4',
    '10',
    '100',
    '6',
    '2',
    '1',
  ]);
  const all = [...lines, ...more];
  all.push({
    sku: 'DOC-ME',
    desc: 'Guide technique menuiserie (livre)',
    unit: 'ex',
    price: '32.00',
    rate: '5.5',
    qty: '2',
  });
  all.push({
    sku: 'DOC-NF',
    desc: 'Recueil normes DTU 36.5 (livre)',
    unit: 'ex',
    price: '58.00',
    rate: '5.5',
    qty: '1',
  });
  SPECS.push({
    lang: 'fr',
    n: 4,
    gen: 'enscript',
    business: 'hardware',
    country: 'FR',
    type: '380',
    pages: 2,
    layout: 'as400',
    exercises:
      'line-printer invoice over 2 pages with "A REPORTER"/"REPORT", amounts without thousands separator (1234,56), 20 % + 5,5 % (books), acompte deducted, escompte date, SIREN/SIRET/RCS',
    currency: 'EUR',
    cur: { pre: '', post: ' EUR' },
    nf: NF_PLAIN,
    ds: 'dmy/',
    number: 'FA260318',
    issue: '2026-03-05',
    due: '2026-04-30',
    seller: {
      name: 'Comptoir Bordelais de Quincaillerie SARL',
      addr: ['ZA de la Jallere, 12 rue Jean Perrin', '33300 Bordeaux'],
      vat: vat.fr(ID.sirenCbq),
      vatPrinted: vat.fr(ID.sirenCbq),
      reg: ID.sirenCbq,
      regPrinted: `RCS Bordeaux B ${sirenFmt(ID.sirenCbq)}`,
      email: 'compta@cbq-bordeaux.example',
      phone: '05 56 43 28 10',
      fax: '05 56 43 28 19',
    },
    buyer: {
      name: 'Menuiserie Aquitaine Dufour EURL',
      addr: ['45 avenue de la Liberation', '33700 Merignac'],
      vat: vat.fr(ID.sirenDufour),
      vatPrinted: vat.fr(ID.sirenDufour),
    },
    banks: [
      {
        name: 'Credit Maritime Aquitain',
        iban: iban.fr('14559', '00041', '08214537721'),
        bic: 'CMAQFRP1XXX',
      },
    ],
    payBank: 0,
    payRef: null,
    po: 'MAD-0412',
    buyerRef: null,
    customerNo: '411DUF',
    deliveryNote: 'BL260291',
    cols: ['sku', 'desc', 'qty', 'unit', 'price', 'amount'],
    labels: {
      invoice: 'FACTURE',
      amountDue: 'NET A PAYER',
      bf: 'REPORT',
      cf: 'A REPORTER',
      price: 'P.U. HT',
    },
    rateFmt: (r) => `${fmtDec(r, NF_PLAIN, 2)}%`,
    lines: all,
    breaks: [22],
    advance: { label: 'Acompte recu le 10/02/2026 (cheque 5512)', cents: 50000 },
    pay: (x) => [
      `Echeance le ${x.date(x.s.due!)}. Escompte 2% si paiement avant le 15/03/2026.`,
      `Virement: ${x.s.banks[0]!.name} IBAN ${fmtIban(x.s.banks[0]!.iban)} BIC CMAQFRP1XXX`,
    ],
    notes: () => [
      'Penalites de retard: 3 fois le taux d interet legal. Indemnite forfaitaire de recouvrement: 40 EUR.',
    ],
    footer: (x) => [
      [x.s.seller.name],
      [
        `SARL au capital de 75000 EUR - ${x.s.seller.regPrinted} - SIRET ${siret(ID.sirenCbq, '0001')} - APE 4674A`,
      ],
      [
        `TVA intracom. ${x.s.seller.vatPrinted} - Tel ${x.s.seller.phone} - Fax ${x.s.seller.fax} - ${x.s.seller.email}`,
      ],
    ],
    ids: [
      ['siren', ID.sirenCbq],
      ['siret', siret(ID.sirenCbq, '0001')],
      ['siren', ID.sirenDufour],
    ],
  });
}

// ── nl-4 · enscript · BE (Flemish) bakery wholesale, 3 rates, OGM, 2 accounts
SPECS.push({
  lang: 'nl',
  n: 4,
  gen: 'enscript',
  business: 'bakery',
  country: 'BE',
  type: '380',
  pages: 1,
  layout: 'plain',
  exercises:
    'enscript header, BTW 21 % + 12 % + 6 % breakdown, gestructureerde mededeling +++…+++, two accounts where the payment line names the second, VAT only',
  currency: 'EUR',
  cur: { pre: 'EUR ', post: '' },
  nf: NF_DE,
  ds: 'dmy/',
  number: 'VF26-002173',
  issue: '2026-03-05',
  due: '2026-03-31',
  seller: {
    name: 'Bakkerijgroothandel Peeters NV',
    addr: ['Noorderlaan 133', '2030 Antwerpen'],
    vat: ID.bePeeters,
    vatPrinted: beFmt(ID.bePeeters),
    email: 'facturatie@peeters-bakkerij.example',
    phone: '03 541 22 80',
    fax: '03 541 22 89',
  },
  buyer: {
    name: 'Bakkerij Van Looy BV',
    addr: ['Kerkstraat 18', '2940 Stabroek'],
    vat: ID.beVanLooy,
    vatPrinted: beFmt(ID.beVanLooy),
  },
  banks: [
    { iban: iban.be('734', '0519922'), bic: 'KREDBEBB' },
    { iban: iban.be('001', '6628413'), bic: 'GEBABEBB' },
  ],
  payBank: 1,
  payRef: { key: ogmMake('0909337123'), printed: fmtOgm(ogmMake('0909337123')) },
  po: '7781',
  buyerRef: 'Winkel Stabroek',
  customerNo: 'VL-0455',
  cols: ['sku', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
  labels: { rate: 'BTW' },
  rateFmt: (r) => `${r}%`,
  lines: [
    { sku: 'M-T55', desc: 'Tarwebloem T55, zak 25 kg', qty: '20', unit: 'zak', price: '21.40', rate: '6' },
    { sku: 'M-RGG', desc: 'Roggebloem, zak 25 kg', qty: '4', unit: 'zak', price: '26.80', rate: '6' },
    { sku: 'B-ROOM', desc: 'Roomboter 82 %, blok 10 kg', qty: '6', unit: 'blok', price: '84.50', rate: '6' },
    {
      sku: 'C-CAL',
      desc: 'Callets pure chocolade 54 %, 10 kg',
      qty: '3',
      unit: 'zak',
      price: '118.00',
      rate: '6',
    },
    { sku: 'G-GIST', desc: 'Verse gist, 1 kg', qty: '12', unit: 'st', price: '2.95', rate: '6' },
    {
      sku: 'MG-BL',
      desc: 'Bakkerijmargarine, blok 10 kg',
      qty: '5',
      unit: 'blok',
      price: '31.20',
      rate: '12',
    },
    {
      sku: 'V-DOOS',
      desc: 'Taartdozen 28x28 cm, pak 100',
      qty: '4',
      unit: 'pak',
      price: '36.90',
      rate: '21',
    },
    { sku: 'V-ZAK', desc: 'Broodzakken papier, pak 1000', qty: '3', unit: 'pak', price: '27.40', rate: '21' },
    {
      sku: 'S-OND',
      desc: 'Onderhoud deegmenger (forfait)',
      qty: '1',
      unit: 'st',
      price: '165.00',
      rate: '21',
    },
  ],
  pay: (x) => [
    `Te betalen voor ${x.date(x.s.due!)}: EUR ${fmtCents(x.c.due, NF_DE)}`,
    `op rekening ${fmtIban(x.s.banks[1]!.iban)} (BIC GEBABEBB)`,
    `met gestructureerde mededeling ${x.s.payRef!.printed}`,
  ],
  notes: () => ['Klachten binnen 8 dagen na levering. Levering 04/03/2026, leverbon 26-04871.'],
  footer: (x) => [
    [`${x.s.seller.name} - Noorderlaan 133 - 2030 Antwerpen - BTW ${x.s.seller.vatPrinted} - RPR Antwerpen`],
    [
      `KBC ${fmtIban(x.s.banks[0]!.iban)} KREDBEBB - BNP Paribas Fortis ${fmtIban(x.s.banks[1]!.iban)} GEBABEBB`,
    ],
    [`Tel. 03 541 22 80 - Fax 03 541 22 89 - facturatie@peeters-bakkerij.example`],
  ],
});

// ── es-3 · enscript · ES industrial hardware, 2 pages "suma y sigue" ───────
{
  const cat = [
    'FE1001|Disco corte metal 230x2,0 mm|ud|2.85|21',
    'FE1002|Disco laminado grano 80, 125 mm|ud|3.40|21',
    'FE1010|Broca HSS cobalto 8 mm|ud|4.95|21',
    'FE1011|Broca HSS cobalto 10 mm|ud|6.30|21',
    'FE1100|Electrodo rutilo 3,2 mm, caja 5 kg|caja|28.70|21',
    'FE1120|Hilo MIG 1,0 mm, bobina 15 kg|bob|54.20|21',
    'FE1200|Guante soldador piel, par|par|6.45|21',
    'FE1210|Pantalla soldar automatica|ud|72.00|21',
    'FE1300|Tornillo DIN 933 M12x50 8.8, caja 50|caja|12.80|21',
    'FE1310|Tuerca DIN 934 M12, caja 100|caja|7.90|21',
    'FE1400|Llave combinada 19 mm|ud|9.60|21',
    'FE1410|Juego llaves allen 1,5-10 mm|jgo|14.25|21',
    'FE1500|Spray antiproyecciones 400 ml|ud|5.10|21',
    'FE1510|Desengrasante industrial 5 l|ud|18.40|21',
    'FE1600|Eslinga poliester 2 t x 3 m|ud|11.75|21',
  ];
  const lines = [
    ...fromCatalog(cat, ['25', '40', '10', '10', '4', '3', '12', '1', '6', '6', '4', '2', '12', '3', '4']),
    ...fromCatalog(cat, ['10', '20', '5', '5', '2', '2', '6', '1', '4', '4', '2', '1', '6', '2', '2']),
  ];
  SPECS.push({
    lang: 'es',
    n: 3,
    gen: 'enscript',
    business: 'hardware',
    country: 'ES',
    type: '380',
    pages: 2,
    layout: 'as400',
    exercises:
      '30 lines over 2 pages with "SUMA Y SIGUE"/"SUMA ANTERIOR", previous outstanding balance printed but not part of the amount due, pronto-pago discount with its own date, Registro Mercantil hoja',
    currency: 'EUR',
    cur: { pre: '', post: ' EUR' },
    nf: NF_DE,
    ds: 'dmy/',
    number: 'FC-26/004118',
    issue: '2026-03-05',
    due: '2026-04-20',
    seller: {
      name: 'Ferreteria Industrial Cantabrica S.A.',
      addr: ['Poligono de Raos, Parcela 14', '39011 Santander'],
      vat: ID.esCantabrica,
      vatPrinted: ID.esCantabrica.slice(2),
      reg: 'S-14802',
      regPrinted: 'R.M. de Cantabria, Tomo 1022, Folio 88, Hoja S-14802',
      email: 'facturacion@ferrcantabrica.example',
      phone: '942 35 71 20',
      fax: '942 35 71 29',
    },
    buyer: {
      name: 'Talleres Navales Besaya S.L.',
      addr: ['C/ Industria 6', '39300 Torrelavega (Cantabria)'],
      vat: ID.esBesaya,
      vatPrinted: ID.esBesaya.slice(2),
    },
    banks: [
      { name: 'Banco Cantabro de Comercio', iban: iban.es('0182', '5711', '0201594839'), bic: 'BCTCES2SXXX' },
    ],
    payBank: 0,
    payRef: null,
    po: 'TNB-26-0318',
    buyerRef: null,
    customerNo: '4300217',
    deliveryNote: 'A26-1874',
    cols: ['sku', 'desc', 'qty', 'unit', 'price', 'amount'],
    labels: { invoice: 'FACTURA', cf: 'SUMA Y SIGUE', bf: 'SUMA ANTERIOR', amountDue: 'TOTAL A PAGAR' },
    rateFmt: (r) => `${r}%`,
    lines,
    breaks: [22],
    dueRow: true,
    pay: (x) => [
      `Vencimiento: ${x.date(x.s.due!)}  Transferencia a ${x.s.banks[0]!.name}`,
      `IBAN ${fmtIban(x.s.banks[0]!.iban)}  BIC BCTCES2SXXX`,
      `Descuento pronto pago 2% si paga antes del 15/03/2026: ${x.amt(pctCents(x.c.total, '2'))} EUR`,
    ],
    notes: (x) => [
      `Saldo pendiente facturas anteriores: ${x.amt(234018)} EUR (no incluido en esta factura).`,
    ],
    footer: (x) => [
      [`${x.s.seller.name} - CIF ${x.s.seller.vatPrinted}`],
      [x.s.seller.regPrinted!],
      [`Tel. ${x.s.seller.phone} - Fax ${x.s.seller.fax} - ${x.s.seller.email}`],
    ],
  });
}

// ── es-4 · enscript · ES factura rectificativa, negative amounts ──────────
SPECS.push({
  lang: 'es',
  n: 4,
  gen: 'enscript',
  business: 'rectificativa',
  country: 'ES',
  type: '381',
  pages: 1,
  layout: 'plain',
  exercises:
    'factura rectificativa with trailing-minus amounts (1.234,56-), IVA 21 % + 10 %, rectified invoice and legal basis, no due date',
  currency: 'EUR',
  cur: { pre: '', post: ' EUR' },
  nf: NF_DE,
  ds: 'dmy/',
  negative: 'trail',
  number: 'R-2026-0009',
  issue: '2026-03-04',
  due: null,
  seller: {
    name: 'Suministros Hosteleros Levante S.L.',
    addr: ['Avenida de Elche 87', '03008 Alicante'],
    vat: ID.esLevante,
    vatPrinted: `ES${ID.esLevante.slice(2)}`,
    reg: 'A-98127',
    regPrinted: 'Reg. Mercantil de Alicante, Hoja A-98127',
    email: 'admin@sumhosteleros.example',
    phone: '965 11 42 30',
  },
  buyer: {
    name: 'Hotel Playa Serena S.L.',
    addr: ['Avenida de Niza 14', '03540 Alicante'],
    vat: ID.esSerena,
    vatPrinted: ID.esSerena.slice(2),
  },
  banks: [{ name: 'Caja Alicantina', iban: iban.es('3058', '2510', '6203318840'), bic: 'CAALES2AXXX' }],
  payBank: 0,
  payRef: null,
  po: null,
  buyerRef: 'Economato / Sra. Pastor',
  customerNo: '430-0781',
  cols: ['sku', 'desc', 'qty', 'price', 'rate', 'amount'],
  labels: { credit: 'FACTURA RECTIFICATIVA', number: 'Numero' },
  rateFmt: (r) => `${r}%`,
  lines: [
    { sku: 'VP-260', desc: 'Plato llano porcelana 26 cm', qty: '48', price: '3.85', rate: '21' },
    { sku: 'VC-080', desc: 'Taza cafe con plato 8 cl', qty: '36', price: '2.40', rate: '21' },
    { sku: 'CB-0451', desc: 'Copa vino 45 cl', qty: '24', price: '2.95', rate: '21' },
    { sku: 'CF-1000', desc: 'Cafe en grano tueste natural 1 kg', qty: '10', price: '16.80', rate: '10' },
    { sku: 'AZ-1000', desc: 'Azucar sobres 8 g, caja 1000', qty: '2', price: '12.60', rate: '10' },
  ],
  meta: () => [['Rectifica a', 'Factura 2026-0734 de 18/02/2026']],
  pay: (x) => [`Importe a abonar: ${x.money(x.c.total)} mediante compensacion en la proxima factura.`],
  notes: () => ['Motivo: devolucion de mercancia defectuosa (art. 15 RD 1619/2012).'],
  footer: (x) => [
    [`${x.s.seller.name} - NIF ${x.s.seller.vatPrinted} - ${x.s.seller.regPrinted}`],
    [`IBAN ${fmtIban(x.s.banks[0]!.iban)} - BIC CAALES2AXXX - ${x.s.seller.email}`],
  ],
});

// ── it-3 · enscript · IT food wholesale, 2 pages, 3 rates, acconto ────────
{
  const cat = [
    'A0101|Latte fresco intero 1 l|lt|1.12|4',
    'A0110|Pane comune di grano duro|kg|2.10|4',
    'A0120|Mozzarella fior di latte 125 g|pz|0.95|4',
    'A0130|Uova fresche cat. A (conf. 6)|cf|1.85|4',
    'A0140|Farina tipo 00, sacco 10 kg|sc|7.40|4',
    'A0150|Ortaggi misti di stagione|kg|1.65|4',
    'B0201|Prosciutto crudo stagionato|kg|18.90|10',
    'B0210|Yogurt bianco 500 g|pz|1.38|10',
    'B0220|Carne bovina macinata|kg|9.80|10',
    'B0230|Olio di semi di girasole 1 l|lt|2.15|10',
    'B0240|Passata di pomodoro 700 g|pz|0.89|10',
    'B0250|Caffe in grani 1 kg|kg|14.60|10',
    'C0301|Acqua minerale 0,5 l (conf. 24)|cf|4.80|22',
    'C0310|Vino rosso Valpolicella 0,75 l|bt|6.90|22',
    'C0320|Birra artigianale 0,33 l|bt|1.95|22',
    'C0330|Detergente stoviglie 5 l|pz|7.25|22',
  ];
  const lines = [
    ...fromCatalog(cat, [
      '24',
      '15',
      '40',
      '12',
      '4',
      '18',
      '3.5',
      '24',
      '6.2',
      '12',
      '30',
      '4',
      '10',
      '12',
      '24',
      '3',
    ]),
    ...fromCatalog(cat.slice(0, 12), ['12', '8', '20', '6', '2', '9.5', '2.25', '12', '3.8', '6', '12', '2']),
  ];
  SPECS.push({
    lang: 'it',
    n: 3,
    gen: 'enscript',
    business: 'food',
    country: 'IT',
    type: '380',
    pages: 2,
    layout: 'as400',
    exercises:
      '28 lines over 2 pages with "A RIPORTARE"/"RIPORTO", IVA 4 % + 10 % + 22 %, acconto deducted, DDT, REA, capitale sociale',
    currency: 'EUR',
    cur: { pre: 'EUR ', post: '' },
    nf: NF_DE,
    ds: 'dmy/',
    number: '418/VR',
    issue: '2026-03-05',
    due: '2026-04-30',
    seller: {
      name: 'Ingrosso Alimentari Padano S.p.A.',
      addr: ['Via dell Industria 33', '37135 Verona (VR)'],
      vat: ID.itPadano,
      vatPrinted: ID.itPadano.slice(2),
      reg: 'VR-318774',
      regPrinted: 'R.E.A. VR-318774',
      email: 'amministrazione@ingrossopadano.example',
      phone: '045 820 1144',
      fax: '045 820 1145',
    },
    buyer: {
      name: 'Trattoria Al Ponte di Gino Marchi & C. S.n.c.',
      addr: ['Via Ponte Pietra 3', '37121 Verona (VR)'],
      vat: ID.itMarchi,
      vatPrinted: ID.itMarchi.slice(2),
    },
    banks: [
      {
        name: 'Banca Scaligera di Credito',
        iban: iban.it('05188', '11701', '000000048213'),
        bic: 'BSCRIT21XXX',
      },
    ],
    payBank: 0,
    payRef: null,
    po: '2026/77',
    buyerRef: null,
    customerNo: 'C-2291',
    deliveryNote: '1187 del 03/03/2026',
    cols: ['sku', 'desc', 'qty', 'unit', 'price', 'rate', 'amount'],
    labels: {
      invoice: 'FATTURA',
      cf: 'A RIPORTARE',
      bf: 'RIPORTO',
      rate: 'IVA',
      amountDue: 'NETTO A PAGARE',
    },
    rateFmt: (r) => `${r}%`,
    lines,
    breaks: [20],
    advance: { label: 'Acconto versato il 20/02/2026', cents: 50000 },
    pay: (x) => [
      `Scadenza ${x.date(x.s.due!)}: EUR ${x.amt(x.c.due)} - Bonifico ${x.s.banks[0]!.name}`,
      `IBAN ${fmtIban(x.s.banks[0]!.iban)}  BIC BSCRIT21XXX`,
    ],
    notes: () => ['Merce consegnata con DDT n. 1187 del 03/03/2026. Contributo CONAI assolto ove dovuto.'],
    footer: (x) => [
      [
        `${x.s.seller.name} - Cap. soc. EUR 1.200.000,00 i.v. - ${x.s.seller.regPrinted} - P.IVA/C.F. ${x.s.seller.vatPrinted}`,
      ],
      [`Tel. ${x.s.seller.phone} - Fax ${x.s.seller.fax} - ${x.s.seller.email}`],
    ],
  });
}

// ── it-4 · enscript · IT machinery → FR, intra-EU 0 % ─────────────────────
SPECS.push({
  lang: 'it',
  n: 4,
  gen: 'enscript',
  business: 'machinery',
  country: 'IT',
  type: '380',
  pages: 1,
  layout: 'plain',
  exercises:
    'intra-EU supply "non imponibile art. 41" at 0 %, ISO dates, amounts without grouping, buyer French VAT id, REA printed with a space',
  currency: 'EUR',
  cur: { pre: 'EUR ', post: '' },
  nf: NF_PLAIN,
  ds: 'iso',
  number: '2026/EX/0038',
  issue: '2026-03-05',
  due: '2026-04-04',
  seller: {
    name: 'Officine Meccaniche Lariane S.r.l.',
    addr: ['Via Pasquale Paoli 19', '22100 Como (CO)', 'Italia'],
    vat: ID.itLariane,
    vatPrinted: ID.itLariane,
    reg: 'CO 298741',
    regPrinted: 'REA CO 298741',
    email: 'amministrazione@oml-como.example',
    phone: '+39 031 52 66 10',
  },
  buyer: {
    name: 'Usinage Rhone-Alpes SAS',
    addr: ['14 rue des Artisans', '38070 Saint-Quentin-Fallavier', 'France'],
    vat: vat.fr(ID.sirenUra),
    vatPrinted: vat.fr(ID.sirenUra),
  },
  banks: [{ name: 'Credito Lariano', iban: iban.it('03440', '10900', '000000217745'), bic: 'CRLAIT2CXXX' }],
  payBank: 0,
  payRef: null,
  po: 'URA-PO-26-118',
  buyerRef: null,
  customerNo: 'EX-044',
  cols: ['sku', 'desc', 'qty', 'price', 'amount'],
  lines: [
    { sku: 'MR-4410', desc: 'Mandrino autocentrante 250 mm', qty: '2', price: '1385.00', rate: '0' },
    { sku: 'MR-4420', desc: 'Griffe temprate per mandrino, set', qty: '4', price: '212.50', rate: '0' },
    { sku: 'TR-0900', desc: 'Trasmissione a cinghia dentata HTD', qty: '3', price: '468.00', rate: '0' },
    { sku: 'CU-1120', desc: 'Cuscinetto a rulli conici 32212', qty: '12', price: '41.70', rate: '0' },
    { sku: 'GU-0300', desc: 'Guarnizioni kit revisione', qty: '6', price: '27.35', rate: '0' },
    { sku: 'IM-EXW', desc: 'Imballo in cassa di legno', qty: '1', price: '145.00', rate: '0' },
  ],
  rateFmt: (r) => `${r}%`,
  pay: (x) => [
    `Scadenza ${x.date(x.s.due!)} - bonifico ${x.s.banks[0]!.name}`,
    `IBAN ${fmtIban(x.s.banks[0]!.iban)} BIC CRLAIT2CXXX`,
  ],
  notes: () => [
    'Operazione non imponibile art. 41 c.1 lett. a) D.L. 331/1993 - cessione intracomunitaria.',
    'Resa FCA Como (Incoterms 2020). Merce spedita il 04/03/2026.',
  ],
  footer: (x) => [
    [
      `${x.s.seller.name} - ${x.s.seller.regPrinted} - P.IVA ${x.s.seller.vatPrinted} - ${x.s.seller.email} - Tel. ${x.s.seller.phone}`,
    ],
  ],
  ids: [['siren', ID.sirenUra]],
});

// ───────────────────────────── renderer 1: Chromium (Blink + Skia PDF) ─────────────────────────────

const h = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fontCss(font: string): string {
  if (font === 'DVCond') {
    const dir = 'file:///usr/share/fonts/truetype/dejavu';
    return `@font-face{font-family:"DVCond";src:url("${dir}/DejaVuSansCondensed.ttf");font-weight:400;font-display:block}
@font-face{font-family:"DVCond";src:url("${dir}/DejaVuSansCondensed-Bold.ttf");font-weight:700;font-display:block}`;
  }
  return '';
}

function itemsTable(
  m: Model,
  rows: string[][],
  cls: string,
  bf: string | null,
  cf: string | null,
  L: Labels,
): string {
  const ths = m.head.map((t, i) => `<th class="${m.aligns[i]}">${h(t)}</th>`).join('');
  const trs = rows
    .map(
      (r) => `<tr>${r.map((c, i) => `<td class="${m.aligns[i]} c-${m.cols[i]}">${h(c)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const span = m.head.length - 1;
  const bfRow = bf
    ? `<tr class="carry"><td colspan="${span}">${h(L.bf)}</td><td class="r">${h(bf)}</td></tr>`
    : '';
  const cfRow = cf
    ? `<tr class="carry"><td colspan="${span}">${h(L.cf)}</td><td class="r">${h(cf)}</td></tr>`
    : '';
  return `<table class="${cls}"><thead><tr>${ths}</tr></thead><tbody>${bfRow}${trs}${cfRow}</tbody></table>`;
}

function totalsHtml(m: Model): string {
  return m.totals
    .map(
      (t) =>
        `<div class="trow${t.strong ? ' strong' : ''}"><span>${h(t.label)}</span><span class="r">${h(t.value)}</span></div>`,
    )
    .join('\n');
}
const IBAN_RE = /\b[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?\b/g;
const nowrapIds = (html: string) =>
  html.replace(IBAN_RE, (m) => `<span style="white-space:nowrap">${m}</span>`);
const linesHtml = (ls: string[], tag = 'div') =>
  ls.map((l) => `<${tag}>${nowrapIds(h(l))}</${tag}>`).join('');

function chromiumHtml(x: Ctx, name: string): string {
  const { s, L } = x;
  const m = model(x);
  const font = s.font ?? 'Liberation Sans';
  const base = `${fontCss(font)}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{font-family:"${font}",sans-serif;font-size:9pt;color:#1d1d1f;margin:0}
table{border-collapse:collapse;width:100%} th{font-weight:700;text-align:left} .r{text-align:right} .l{text-align:left}
td.c-amount,td.c-price,td.c-qty{white-space:nowrap} td,th{padding:1.2mm 1.5mm;vertical-align:top}
.trow{display:flex;justify-content:space-between;gap:4mm;padding:.8mm 0} .trow .r{white-space:nowrap} .trow.strong{font-weight:700;border-top:1px solid #333;margin-top:1mm;padding-top:1.5mm}
.carry td{font-style:italic;background:#eef}`;
  const buyerLines = [
    s.buyer.name,
    ...s.buyer.addr,
    ...(s.buyer.vatPrinted ? [`${L.vatId} ${s.buyer.vatPrinted}`] : []),
  ];
  const doc = (css: string, body: string) =>
    `<!doctype html>\n<html lang="${s.lang}"><head><meta charset="utf-8"><title>${h(name)}</title><style>${base}\n${css}</style></head><body>\n${body}\n</body></html>\n`;

  if (s.layout === 'modern') {
    const css = `@page{size:A4;margin:14mm 15mm 16mm 15mm;@bottom-right{content:"${L.page} " counter(page) " ${L.of} " counter(pages);font-family:"${font}";font-size:7pt;color:#888}}
.head{display:grid;grid-template-columns:1.5fr 1fr;gap:6mm;border-bottom:2.5pt solid #1f5f8b;padding-bottom:4mm;position:relative;min-height:30mm}
.brand{font-size:17pt;font-weight:700;color:#1f5f8b;margin-bottom:1.5mm}
.badge{position:absolute;right:0;top:0;background:#1f5f8b;color:#fff;padding:2mm 6mm;font-size:15pt;font-weight:700}
.contact{padding-top:13mm;font-size:8pt;text-align:right;color:#444}
.parties{display:grid;grid-template-columns:1fr 1fr;gap:6mm;margin-top:5mm}
.card{border:1px solid #c8d3de;border-radius:2mm;padding:3mm 4mm} .card .cap{font-size:7pt;color:#667;text-transform:uppercase;margin-bottom:1mm}
.fields{display:grid;grid-template-columns:repeat(4,1fr);gap:2mm;margin:5mm 0}
.field{border:1px solid #c8d3de;padding:1.5mm 2mm} .field .k{font-size:6.5pt;color:#667;text-transform:uppercase} .field .v{font-weight:700;font-size:8.5pt}
table.items th{background:#1f5f8b;color:#fff} table.items tr:nth-child(even) td{background:#f1f5f9}
.sum{display:flex;justify-content:space-between;gap:10mm;margin-top:5mm} .pay{flex:1;font-size:8.5pt} .pay div{margin-bottom:1mm} .totals{width:88mm}
.notes{columns:2;column-gap:8mm;font-size:7.5pt;margin-top:6mm;color:#333} .notes p{margin:0 0 2mm}
.vat{margin-top:3mm;font-size:8pt} .vat th{border-bottom:1px solid #999}
footer{margin-top:8mm;border-top:1px solid #c8d3de;padding-top:2mm;font-size:7pt;color:#555;display:grid;grid-template-columns:repeat(${m.footer.length},1fr);gap:4mm}`;
    const fields = m.meta
      .map(([k, v]) => `<div class="field"><div class="k">${h(k)}</div><div class="v">${h(v)}</div></div>`)
      .join('');
    const body = `<div class="head"><div><div class="brand">${h(s.seller.name)}</div>${linesHtml(s.seller.addr)}</div>
<div class="contact">${linesHtml([s.seller.phone ? `Tel. ${s.seller.phone}` : '', s.seller.fax ? `Fax ${s.seller.fax}` : '', s.seller.email, s.seller.web ?? ''].filter(Boolean))}</div>
<div class="badge">${h(m.title)}</div></div>
<div class="parties"><div class="card"><div class="cap">${h(s.lang === 'en' ? 'Bill to' : s.lang === 'fr' ? 'Facturé à' : s.lang === 'it' ? 'Spett.le' : L.invoice)}</div>${linesHtml(buyerLines)}</div>
<div class="card"><div class="cap">${h(L.vatId)}</div><div>${h(s.seller.vatPrinted ?? '')}</div>${s.seller.regPrinted ? `<div>${h(s.seller.regPrinted)}</div>` : ''}</div></div>
<div class="fields">${fields}</div>
${itemsTable(m, m.rows, 'items', null, null, L)}
<div class="sum"><div class="pay">${linesHtml(m.pay)}
<table class="vat"><thead><tr><th>${h(L.vat)}</th><th class="r">${h(L.base)}</th><th class="r">${h(L.tax)}</th></tr></thead><tbody>${m.vat.map((v) => `<tr><td>${h(v.rate)}</td><td class="r">${h(v.base)}</td><td class="r">${h(v.tax)}</td></tr>`).join('')}</tbody></table></div>
<div class="totals">${totalsHtml(m)}</div></div>
<div class="notes">${linesHtml(m.notes, 'p')}</div>
<footer>${m.footer.map((col) => `<div>${linesHtml(col)}</div>`).join('')}</footer>`;
    return doc(css, body);
  }

  if (s.layout === 'din') {
    const css = `@page{size:A4;margin:0}
.page{position:relative;width:210mm;height:296.8mm;overflow:hidden;break-after:page}
.page:last-child{break-after:auto}
.lh{position:absolute;top:12mm;left:25mm;right:20mm;display:flex;justify-content:space-between;align-items:flex-end;border-bottom:.6pt solid #8a8a8a;padding-bottom:2mm}
.lh .n{font-size:15pt;font-weight:700;color:#0b4f6c} .lh .a{font-size:7.5pt;text-align:right;color:#333}
.win{position:absolute;top:45mm;left:25mm;width:85mm;height:45mm;font-size:9.5pt}
.win .ret{font-size:6.5pt;text-decoration:underline;margin-bottom:2mm;color:#333}
.info{position:absolute;top:48mm;left:125mm;width:72mm;display:grid;grid-template-columns:auto 1fr;column-gap:3mm;row-gap:.6mm;font-size:8pt}
.info .k{color:#555}
.body{position:absolute;top:100mm;left:25mm;right:20mm}
.body.cont{top:36mm}
h1{font-size:13pt;margin:0 0 4mm}
table.items th{border-bottom:.8pt solid #333;font-size:8pt} table.items td{font-size:8pt;border-bottom:.3pt solid #ddd;padding:.9mm 1.2mm}
.sum{display:flex;justify-content:flex-end;margin-top:3mm} .totals{width:95mm}
.pay{margin-top:4mm;font-size:8.5pt} .pay div{margin-bottom:1.2mm} .notes{font-size:7.5pt;color:#444;margin-top:3mm}
.foot{position:absolute;bottom:7mm;left:25mm;right:20mm;display:flex;gap:4mm;border-top:.5pt solid #8a8a8a;padding-top:1.5mm;font-size:6pt;color:#333}
.foot div{flex:1}
.pn{position:absolute;bottom:29mm;right:20mm;font-size:7.5pt;color:#555}`;
    const lh = `<div class="lh"><div class="n">${h(s.seller.name)}</div><div class="a">${h([...s.seller.addr].join(' · '))}<br>Tel. ${h(s.seller.phone ?? '')}${s.seller.fax ? ` · Fax ${h(s.seller.fax)}` : ''}<br>${h(s.seller.email)}</div></div>`;
    const foot = `<div class="foot">${m.footer.map((col) => `<div>${linesHtml(col)}</div>`).join('')}</div>`;
    const n = m.pages.length;
    const pages = m.pages.map((p, i) => {
      const pn = `<div class="pn">${h(L.page)} ${i + 1} ${h(L.of)} ${n}</div>`;
      const table = itemsTable(
        m,
        p.rows,
        'items',
        p.bf === null ? null : x.amt(p.bf),
        p.cf === null ? null : x.amt(p.cf),
        L,
      );
      const last = i === n - 1;
      const tail = last
        ? `<div class="sum"><div class="totals">${totalsHtml(m)}</div></div><div class="pay">${linesHtml(m.pay)}</div><div class="notes">${linesHtml(m.notes)}</div>`
        : '';
      if (i === 0) {
        return `<section class="page">${lh}
<div class="win"><div class="ret">${h(s.seller.name)} · ${h(s.seller.addr.join(' · '))}</div>${linesHtml(buyerLines)}</div>
<div class="info">${m.meta.map(([k, v]) => `<div class="k">${h(k)}</div><div>${h(v)}</div>`).join('')}${s.seller.vatPrinted ? `<div class="k">${h(L.vatId)}</div><div>${h(s.seller.vatPrinted)}</div>` : ''}</div>
<div class="body"><h1>${h(m.title)} ${h(s.number)}</h1>${table}${tail}</div>${pn}${foot}</section>`;
      }
      return `<section class="page">${lh}<div class="body cont"><h1>${h(m.title)} ${h(s.number)} · ${h(x.date(s.issue))}</h1>${table}${tail}</div>${pn}${foot}</section>`;
    });
    return doc(css, pages.join('\n'));
  }

  if (s.layout === 'sidebar') {
    const css = `@page{size:A4;margin:0}
.wrap{display:flex;gap:8mm;height:296mm;overflow:hidden}
aside{width:55mm;background:#24384a;color:#fff;padding:20mm 5mm 12mm 8mm;font-size:7.8pt;display:flex;flex-direction:column;gap:4mm}
aside .n{font-size:12pt;font-weight:700;line-height:1.25} aside .cap{font-size:6.5pt;color:#9fb7cc;text-transform:uppercase}
main{flex:1;padding:18mm 12mm 12mm 0}
h1{font-size:22pt;margin:0 0 5mm;color:#24384a}
.top{display:flex;flex-direction:column;gap:5mm}
.meta td{padding:.4mm 2mm .4mm 0;font-size:8.3pt} .meta td.k{color:#667;width:38mm}
.buyer{border-left:2pt solid #24384a;padding-left:3mm;font-size:9pt}
table.items{margin-top:7mm} table.items th{border-bottom:1pt solid #24384a;font-size:8pt;color:#24384a} table.items td{border-bottom:.3pt solid #ccc}
.sum{display:flex;justify-content:flex-end;margin-top:4mm} .totals{width:92mm}
.pay{margin-top:5mm;font-size:8.5pt} .pay div{margin-bottom:1mm} .notes{margin-top:4mm;font-size:7.5pt;color:#444}
.foot{margin-top:auto;font-size:6.8pt;color:#cfdbe6}`;
    const side = [
      `<div class="n">${h(s.seller.name)}</div>`,
      `<div>${linesHtml(s.seller.addr)}</div>`,
      `<div><div class="cap">${h(L.vatId)}</div>${h(s.seller.vatPrinted ?? '')}</div>`,
      `<div><div class="cap">Contact</div>${linesHtml([s.seller.phone ?? '', s.seller.email].filter(Boolean))}</div>`,
      `<div><div class="cap">${h(L.bank)}</div>${s.banks.map((b) => `${b.name ? `${h(b.name)}<br>` : ''}IBAN ${h(fmtIban(b.iban))}<br>BIC ${h(b.bic)}`).join('<br>')}</div>`,
      `<div class="foot">${m.footer.map((c) => linesHtml(c)).join('')}</div>`,
    ].join('\n');
    const body = `<div class="wrap"><aside>${side}</aside><main>
<h1>${h(m.title)}</h1>
<div class="top"><div class="buyer">${linesHtml(buyerLines)}</div>
<table class="meta">${m.meta.map(([k, v]) => `<tr><td class="k">${h(k)}</td><td>${h(v)}</td></tr>`).join('')}</table></div>
${itemsTable(m, m.rows, 'items', null, null, L)}
<div class="sum"><div class="totals">${totalsHtml(m)}</div></div>
<div class="pay">${linesHtml(m.pay)}</div><div class="notes">${linesHtml(m.notes)}</div>
</main></div>`;
    return doc(css, body);
  }

  if (s.layout === 'timesheet') {
    const css = `@page{size:A4;margin:22mm 16mm 20mm 16mm;
@top-left{content:"${s.seller.name}";font-family:"${font}";font-size:8pt;color:#0d6b5e;font-weight:700}
@top-right{content:"${m.title} ${s.number}";font-family:"${font}";font-size:8pt;color:#555}
@bottom-right{content:"${L.page} " counter(page) " ${L.of} " counter(pages);font-family:"${font}";font-size:7.5pt;color:#555}
@bottom-left{content:"${s.seller.email}";font-family:"${font}";font-size:7pt;color:#888}}
.hero{display:flex;justify-content:space-between;align-items:flex-start;margin-bottom:6mm}
.hero .n{font-size:16pt;font-weight:700;color:#0d6b5e}
.hero .t{font-size:24pt;font-weight:700;color:#0d6b5e;text-align:right}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:6mm;margin-bottom:6mm}
.box{border:1px solid #9cc9c0;padding:3mm} .box .cap{font-size:6.8pt;color:#0d6b5e;font-weight:700;margin-bottom:1mm}
.meta{display:grid;grid-template-columns:auto 1fr;column-gap:4mm;row-gap:.6mm;font-size:8.3pt}
table.items thead{display:table-header-group} table.items tr{break-inside:avoid}
table.items th{background:#0d6b5e;color:#fff;font-size:8pt} table.items td{border-bottom:.3pt solid #cfe3de;font-size:8.2pt}
.end{break-inside:avoid;display:flex;justify-content:space-between;gap:8mm;margin-top:5mm}
.totals{width:96mm} .pay{flex:1;font-size:8.5pt} .pay div{margin-bottom:1.2mm}
.terms{columns:3;column-gap:6mm;font-size:7pt;color:#444;margin-top:6mm;border-top:1px solid #9cc9c0;padding-top:2mm} .terms p{margin:0 0 1.5mm}
.legal{font-size:6.8pt;color:#666;margin-top:3mm}`;
    const body = `<div class="hero"><div><div class="n">${h(s.seller.name)}</div>${linesHtml(s.seller.addr)}<div>Tel. ${h(s.seller.phone ?? '')}</div></div><div class="t">${h(m.title)}</div></div>
<div class="grid"><div class="box"><div class="cap">Bill to</div>${linesHtml(buyerLines)}</div>
<div class="box"><div class="meta">${m.meta.map(([k, v]) => `<div>${h(k)}</div><div>${h(v)}</div>`).join('')}</div></div></div>
${itemsTable(m, m.rows, 'items', null, null, L)}
<div class="end"><div class="pay">${linesHtml(m.pay)}</div><div class="totals">${totalsHtml(m)}</div></div>
<div class="terms">${linesHtml(m.notes, 'p')}</div>
<div class="legal">${m.footer.map((c) => linesHtml(c)).join('')}</div>`;
    return doc(css, body);
  }
  return fail(`chromium layout ${s.layout}`);
}

function renderChromium(x: Ctx, name: string, dir: string): string {
  const html = path.join(dir, `${name}.html`);
  const pdf = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(html, chromiumHtml(x, name));
  const profile = path.join(dir, `profile-${name}`);
  fs.rmSync(profile, { recursive: true, force: true });
  fs.rmSync(pdf, { force: true });
  run(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-pdf-header-footer',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-sync',
      '--disable-component-update',
      '--disable-default-apps',
      '--proxy-server=127.0.0.1:9',
      '--host-resolver-rules=MAP * ~NOTFOUND',
      '--font-render-hinting=none',
      `--print-to-pdf=${pdf}`,
      `file://${html}`,
    ],
    { env: { ...process.env, SOURCE_DATE_EPOCH: epochOf(x.s.issue) } },
  );
  fs.rmSync(profile, { recursive: true, force: true });
  if (!fs.existsSync(pdf)) fail(`chromium wrote no ${pdf}`);
  return pdf;
}

const epochOf = (iso: string) => String(Date.parse(`${iso}T00:00:00Z`) / 1000);

// ───────────────────────────── renderer 2: LuaLaTeX (fontspec) ─────────────────────────────

const tex = (s: string) =>
  s.replace(/[\\&%$#_{}~^]/g, (c) =>
    c === '\\'
      ? '\\textbackslash{}'
      : c === '~'
        ? '\\textasciitilde{}'
        : c === '^'
          ? '\\textasciicircum{}'
          : `\\${c}`,
  );

function latexFont(font: string): string {
  const files: Record<string, string> = {
    LiberationSans:
      'Path=/usr/share/fonts/truetype/liberation2/,Extension=.ttf,UprightFont=LiberationSans-Regular,BoldFont=LiberationSans-Bold,ItalicFont=LiberationSans-Italic',
    DejaVuSans:
      'Path=/usr/share/fonts/truetype/dejavu/,Extension=.ttf,UprightFont=DejaVuSans,BoldFont=DejaVuSans-Bold,ItalicFont=DejaVuSans-Oblique',
    Lato: 'Path=/usr/share/fonts/truetype/lato/,Extension=.ttf,UprightFont=Lato-Regular,BoldFont=Lato-Bold,ItalicFont=Lato-Italic',
  };
  const f = files[font];
  // Ligatures=TeXOff: an apostrophe stays U+0027 (Swiss 1'234.50), "--" stays two hyphens
  return f ? `\\setmainfont{${font}}[${f},Ligatures=TeXOff]` : `\\setmainfont{${font}}[Ligatures=TeXOff]`;
}

function colSpec(m: Model, descSpec: string): string {
  return m.cols.map((c, i) => (c === 'desc' ? descSpec : m.aligns[i] === 'r' ? 'r' : 'l')).join('');
}

function latexTotals(m: Model): string {
  return `\\begin{tabularx}{\\linewidth}{@{}>{\\raggedright\\arraybackslash}X r@{}}\n${m.totals
    .map((t) =>
      t.strong
        ? `\\hline\\textbf{${tex(t.label)}} & \\textbf{${tex(t.value)}}\\\\`
        : `${tex(t.label)} & ${tex(t.value)}\\\\`,
    )
    .join('\n')}\n\\end{tabularx}`;
}

function latexVatTable(m: Model, L: Labels): string {
  return `\\begin{tabular}{@{}l r r@{}}\\toprule ${tex(L.vat)} & ${tex(L.base)} & ${tex(L.tax)}\\\\\\midrule\n${m.vat
    .map((v) => `${tex(v.rate)} & ${tex(v.base)} & ${tex(v.tax)}\\\\`)
    .join('\n')}\n\\bottomrule\\end{tabular}`;
}

const IBAN_TEX = /\b[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?\b/g;
const texPara = (s: string) => tex(s).replace(IBAN_TEX, (m) => `\\mbox{${m}}`);
const texRow = (r: string[]) => `${r.map(tex).join(' & ')}\\\\`;

/** A fake (non-decodable) QR symbol: finder patterns + pseudo-random modules + Swiss cross, drawn with rules. */
function fakeQr(seed: number): string {
  const n = 29;
  const mod = 1.55;
  const r = prng(seed);
  const dark = (i: number, j: number) => {
    const finder = (a: number, b: number) => {
      const di = i - a;
      const dj = j - b;
      if (di < 0 || dj < 0 || di > 6 || dj > 6) return null;
      const ring = Math.max(Math.abs(di - 3), Math.abs(dj - 3));
      return ring !== 2;
    };
    for (const [a, b] of [
      [0, 0],
      [0, n - 7],
      [n - 7, 0],
    ] as const) {
      const f = finder(a, b);
      if (f !== null) return f;
    }
    if ((i === 7 || j === 7 || i === n - 8 || j === n - 8) && (i < 8 || j < 8) && !(i >= n - 8 && j >= n - 8))
      return false;
    const c = (n - 1) / 2;
    if (Math.abs(i - c) <= 3 && Math.abs(j - c) <= 3) return null;
    return r() < 0.5;
  };
  const parts: string[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const d = dark(i, j);
      if (d)
        parts.push(
          `\\put(${(j * mod).toFixed(2)},${((n - 1 - i) * mod).toFixed(2)}){\\rule{${mod}mm}{${mod}mm}}`,
        );
    }
  const c0 = ((n - 7) / 2) * mod;
  const cross = `\\put(${c0.toFixed(2)},${c0.toFixed(2)}){\\rule{${7 * mod}mm}{${7 * mod}mm}}\\put(${(c0 + 1.2 * mod).toFixed(2)},${(c0 + 2.9 * mod).toFixed(2)}){\\color{white}\\rule{${4.6 * mod}mm}{${1.2 * mod}mm}}\\put(${(c0 + 2.9 * mod).toFixed(2)},${(c0 + 1.2 * mod).toFixed(2)}){\\color{white}\\rule{${1.2 * mod}mm}{${4.6 * mod}mm}}`;
  return `\\setlength{\\unitlength}{1mm}\\begin{picture}(${n * mod},${n * mod})${parts.join('')}${cross}\\end{picture}`;
}

function latexDoc(x: Ctx, name: string): string {
  const { s, L } = x;
  const m = model(x);
  const font = s.font ?? 'TeX Gyre Heros';
  const footerTex = m.footer.map((col) => col.map(tex).join(' \\textbar{} ')).join('\\\\\n');
  const pageOf = `${tex(L.page)} \\thepage\\ ${tex(L.of)} \\pageref{LastPage}`;
  const bottom = s.layout === 'swiss' ? '12mm' : '32mm';
  const pre = `\\documentclass[10pt]{article}
\\pdfvariable suppressoptionalinfo 3
\\pdfextension info {/Title (${name})}
\\usepackage[a4paper,top=22mm,bottom=${bottom},left=20mm,right=20mm,headheight=14pt,footskip=${s.layout === 'swiss' ? '6mm' : '20mm'}]{geometry}
\\usepackage{fontspec}
${latexFont(font)}
\\usepackage{array,tabularx,longtable,booktabs,fancyhdr,lastpage,xcolor}
\\hyphenpenalty=10000 \\exhyphenpenalty=10000 \\sloppy
\\setlength{\\parindent}{0pt}\\setlength{\\parskip}{0pt}
\\definecolor{acc}{HTML}{7A1F2B}
\\pagestyle{fancy}\\fancyhf{}
\\renewcommand{\\headrulewidth}{0pt}
${
  s.layout === 'swiss'
    ? `\\fancyhead[R]{\\footnotesize ${pageOf}}`
    : `\\fancyhead[L]{\\footnotesize\\color{gray}${tex(s.seller.name)}}\\fancyhead[R]{\\footnotesize ${tex(m.title)} ${tex(s.number)}}
\\fancyfoot[C]{\\scriptsize ${footerTex}\\\\[1mm] ${pageOf}}`
}
\\begin{document}
`;
  const buyerLines = [
    s.buyer.name,
    ...s.buyer.addr,
    ...(s.buyer.vatPrinted ? [`${L.vatId} ${s.buyer.vatPrinted}`] : []),
  ];
  const header = `{\\Large\\bfseries\\color{acc}${tex(s.seller.name)}}\\hfill{\\LARGE\\bfseries ${tex(m.title)}}\\\\[1mm]
{\\small ${s.seller.addr.map(tex).join(' \\textperiodcentered{} ')}\\\\
${[s.seller.phone ? `Tel. ${s.seller.phone}` : '', s.seller.fax ? `Fax ${s.seller.fax}` : '', s.seller.email].filter(Boolean).map(tex).join(' \\textperiodcentered{} ')}\\\\
${tex(`${L.vatId} ${s.seller.vatPrinted ?? ''}`)}${s.seller.regPrinted ? ` \\textperiodcentered{} ${tex(s.seller.regPrinted)}` : ''}}\\par
\\vspace{9mm}
\\begin{minipage}[t]{82mm}{\\scriptsize\\underline{${tex(`${s.seller.name}, ${s.seller.addr.join(', ')}`)}}}\\\\[2mm]
${buyerLines.map(tex).join('\\\\\n')}
\\end{minipage}\\hfill
\\begin{minipage}[t]{74mm}\\small\\begin{tabular}{@{}>{\\bfseries}l l@{}}
${m.meta.map(([k, v]) => `${tex(k)} & ${tex(v)}\\\\`).join('\n')}
\\end{tabular}\\end{minipage}\\par\\vspace{8mm}
`;
  const tail = `\\par\\vspace{3mm}
\\begin{minipage}[t]{80mm}\\small ${latexVatTable(m, L)}\\end{minipage}\\hfill
\\begin{minipage}[t]{82mm}\\small ${latexTotals(m)}\\end{minipage}\\par\\vspace{5mm}
{\\small ${m.pay.map(texPara).join('\\par\n')}\\par}\\vspace{3mm}
{\\footnotesize ${m.notes.map(texPara).join('\\par\n')}\\par}
`;
  const head = `\\toprule ${m.head.map((t) => `\\textbf{${tex(t)}}`).join(' & ')}\\\\\\midrule`;
  let items = '';
  if (s.layout === 'longtable') {
    const spec = colSpec(m, '>{\\raggedright\\arraybackslash}p{62mm}');
    const ncol = m.cols.length;
    items = `{\\small\\setlength{\\tabcolsep}{3pt}\\setlength{\\LTleft}{0pt}\\setlength{\\LTright}{\\fill}
\\begin{longtable}{@{}${spec}@{}}
${head}
\\endfirsthead
\\multicolumn{${ncol}}{@{}l}{\\footnotesize\\itshape ${tex(m.title)} ${tex(s.number)} (suite)}\\\\
${head}
\\endhead
\\midrule\\multicolumn{${ncol}}{r@{}}{\\footnotesize\\itshape suite page suivante}\\\\
\\endfoot
\\bottomrule
\\endlastfoot
${m.rows.map(texRow).join('\n')}
\\end{longtable}}
`;
  } else {
    const spec = colSpec(m, '>{\\raggedright\\arraybackslash}X');
    const ncol = m.cols.length;
    items = m.pages
      .map((p, i) => {
        const bf =
          p.bf === null
            ? ''
            : `\\multicolumn{${ncol - 1}}{@{}l}{\\itshape ${tex(L.bf)}} & \\itshape ${tex(x.amt(p.bf))}\\\\\\midrule\n`;
        const cf =
          p.cf === null
            ? ''
            : `\\midrule\\multicolumn{${ncol - 1}}{@{}l}{\\itshape ${tex(L.cf)}} & \\itshape ${tex(x.amt(p.cf))}\\\\\n`;
        const t = `{\\small\\setlength{\\tabcolsep}{4pt}\\begin{tabularx}{\\textwidth}{@{}${spec}@{}}
${head}
${bf}${p.rows.map(texRow).join('\n')}
${cf}\\bottomrule\\end{tabularx}}`;
        return i < m.pages.length - 1
          ? `${t}\n\\newpage\n{\\bfseries ${tex(m.title)} ${tex(s.number)}, ${tex(x.date(s.issue))}}\\par\\vspace{4mm}\n`
          : t;
      })
      .join('\n');
  }
  let qr = '';
  if (s.layout === 'swiss') {
    const b = s.banks[0]!;
    const amountQr = fmtCents(x.c.due, { dec: '.', grp: ' ' });
    const payTo = [fmtIban(b.iban), s.seller.name, ...s.seller.addr];
    const payer = [s.buyer.name, ...s.buyer.addr.slice(1)];
    const blk = (title: string, ls: string[], big = false) =>
      `{\\fontsize{${big ? 8 : 6}}{${big ? 10 : 8}}\\selectfont\\bfseries ${tex(title)}}\\\\{\\fontsize{${big ? 10 : 8}}{${big ? 12 : 10}}\\selectfont ${ls.map(tex).join('\\\\')}}\\\\[2mm]`;
    qr = `\\vfill
\\noindent\\makebox[\\textwidth]{\\dotfill\\ \\scriptsize Vor der Einzahlung abzutrennen\\ \\dotfill}\\\\[2mm]
\\begin{minipage}[t]{52mm}{\\bfseries\\large Empfangsschein}\\\\[3mm]
${blk('Konto / Zahlbar an', payTo)}
${blk('Referenz', [s.payRef!.printed])}
${blk('Zahlbar durch', payer)}
\\begin{tabular}{@{}l l@{}}{\\fontsize{6}{8}\\selectfont\\bfseries Währung} & {\\fontsize{6}{8}\\selectfont\\bfseries Betrag}\\\\ CHF & ${amountQr}\\end{tabular}\\\\[4mm]
\\hfill{\\fontsize{6}{8}\\selectfont\\bfseries Annahmestelle}
\\end{minipage}\\hspace{3mm}\\vrule\\hspace{4mm}%
\\begin{minipage}[t]{50mm}{\\bfseries\\large Zahlteil}\\\\[4mm]
${fakeQr(s.number.length * 7919 + Number(s.number.replace(/\D/g, '')))}\\\\[4mm]
\\begin{tabular}{@{}l l@{}}{\\fontsize{8}{10}\\selectfont\\bfseries Währung} & {\\fontsize{8}{10}\\selectfont\\bfseries Betrag}\\\\ CHF & ${amountQr}\\end{tabular}
\\end{minipage}\\hspace{2mm}%
\\begin{minipage}[t]{58mm}\\vspace{0mm}
${blk('Konto / Zahlbar an', payTo, true)}
${blk('Referenz', [s.payRef!.printed], true)}
${blk('Zusätzliche Informationen', [`Rechnung ${s.number} vom ${x.date(s.issue)}`], true)}
${blk('Zahlbar durch', payer, true)}
\\end{minipage}
`;
  }
  const swissFooter = s.layout === 'swiss' ? `\\vspace{3mm}{\\scriptsize ${footerTex}}\\par` : '';
  return `${pre}${header}${items}\n${tail}${swissFooter}${qr}\\end{document}\n`;
}

function renderLatex(x: Ctx, name: string, dir: string): string {
  const texFile = path.join(dir, `${name}.tex`);
  fs.writeFileSync(texFile, latexDoc(x, name));
  for (const ext of ['aux', 'log', 'pdf', 'out'])
    fs.rmSync(path.join(dir, `${name}.${ext}`), { force: true });
  const env = { ...process.env, SOURCE_DATE_EPOCH: epochOf(x.s.issue), FORCE_SOURCE_DATE: '1' };
  for (let pass = 0; pass < 2; pass++)
    run('lualatex', ['-interaction=nonstopmode', '-halt-on-error', `-output-directory=${dir}`, texFile], {
      cwd: dir,
      env,
    });
  const log = fs.readFileSync(path.join(dir, `${name}.log`), 'utf8');
  const missing = log.match(/Missing character: There is no .*/g);
  if (missing) fail(`${name}: ${missing.slice(0, 3).join('; ')}`);
  if (/Rerun to get|undefined references/.test(log)) fail(`${name}: LaTeX wants another run`);
  return path.join(dir, `${name}.pdf`);
}

// ───────────────────────────── renderer 3: GNU enscript → PostScript → ps2pdf ─────────────────────────────

const padR = (s: string, n: number) => {
  if (s.length > n) fail(`enscript: "${s}" does not fit ${n} columns`);
  return s + ' '.repeat(n - s.length);
};
const padL = (s: string, n: number) => {
  if (s.length > n) fail(`enscript: "${s}" does not fit ${n} columns`);
  return ' '.repeat(n - s.length) + s;
};
/** Word-wrap a paragraph to n columns. */
function wrap(s: string, n: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of s.split(' ')) {
    if (cur && cur.length + 1 + w.length > n) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  return out;
}

const COLW: Record<Col, number> = {
  pos: 4,
  sku: 10,
  date: 10,
  desc: 0,
  qty: 7,
  unit: 5,
  price: 9,
  rate: 6,
  amount: 12,
};

function enscriptText(x: Ctx): { text: string; width: number; maxLines: number } {
  const { s, L } = x;
  const m = model(x);
  const W = s.layout === 'as400' ? 92 : 90;
  const widths = m.cols.map((c, i) =>
    c === 'desc' ? 0 : Math.max(COLW[c], m.head[i]!.length, ...m.rows.map((r) => r[i]!.length)),
  );
  const di = m.cols.indexOf('desc');
  widths[di] = W - widths.reduce((a, b) => a + b, 0) - (m.cols.length - 1);
  const fmtRow = (r: string[]) =>
    r
      .map((c, i) => (m.aligns[i] === 'r' ? padL(c, widths[i]!) : padR(c, widths[i]!)))
      .join(' ')
      .trimEnd();
  const dash = '-'.repeat(W);
  const eq = '='.repeat(W);
  const two = (l: string, r: string, lw: number) => `${padR(l, lw)}${r}`.trimEnd();
  const amtW = 16;
  const totLine = (label: string, value: string) => padL(`${label}  ${padL(value, amtW)}`, W);
  const buyerLines = [
    s.buyer.name,
    ...s.buyer.addr,
    ...(s.buyer.vatPrinted ? [`${L.vatId} ${s.buyer.vatPrinted}`] : []),
  ];
  const kw = Math.max(...m.meta.map(([k]) => k.length));
  const metaLines = m.meta.map(([k, v]) => `${padR(`${k}`, kw)}: ${v}`);
  const lw = Math.max(...buyerLines.map((l) => l.length)) + 3;
  if (lw + Math.max(...metaLines.map((l) => l.length)) > W)
    fail(`${s.number}: address and field columns do not fit`);
  const pages: string[][] = [];
  const n = m.pages.length;
  m.pages.forEach((p, pi) => {
    const out: string[] = [];
    if (s.layout === 'as400') {
      const box = `+${'-'.repeat(W - 2)}+`;
      const inner = W - 4;
      const right = `${m.title.toUpperCase()}   ${L.page} ${pi + 1}/${n}`;
      out.push(box);
      out.push(`| ${padR(s.seller.name.toUpperCase(), inner - right.length)}${right} |`);
      out.push(
        `| ${padR(`${s.seller.addr.join(', ')}`, inner - 34)}${padL(`${L.number} ${s.number}`, 34)} |`,
      );
      out.push(
        `| ${padR(`Tel. ${s.seller.phone ?? ''}  Fax ${s.seller.fax ?? ''}`, inner - 34)}${padL(`${L.date} ${x.date(s.issue)}`, 34)} |`,
      );
      out.push(box);
    } else if (pi === 0) {
      out.push(
        s.seller.name,
        ...s.seller.addr,
        `Tel. ${s.seller.phone ?? ''}${s.seller.fax ? `   Fax ${s.seller.fax}` : ''}   ${s.seller.email}`,
      );
      out.push(
        `${L.vatId} ${s.seller.vatPrinted ?? ''}${s.seller.regPrinted ? `   ${s.seller.regPrinted}` : ''}`,
      );
      out.push('');
      out.push(`${m.title.toUpperCase()}  ${s.number}`);
      out.push(eq);
    }
    if (pi === 0) {
      out.push('');
      const rows = Math.max(buyerLines.length, metaLines.length);
      for (let i = 0; i < rows; i++)
        out.push(two(buyerLines[i] ?? '', metaLines[i] ?? '', Math.max(lw, W - 48)));
      out.push('');
    } else {
      out.push(`${m.title} ${s.number} - ${s.buyer.name}`);
      out.push('');
    }
    out.push(dash);
    out.push(fmtRow(m.head));
    out.push(dash);
    if (p.bf !== null) out.push(totLine(`${L.bf} ........`, x.amt(p.bf)), '');
    for (const r of p.rows) out.push(fmtRow(r));
    out.push(dash);
    if (p.cf !== null) {
      out.push(totLine(`${L.cf} ........`, x.amt(p.cf)));
      out.push('', padL(`./.`, W));
    }
    if (pi === n - 1) {
      for (const t of m.totals) {
        if (t.strong) out.push(padL('='.repeat(amtW + 20), W));
        out.push(totLine(t.label, t.value));
      }
      out.push('');
      out.push(`${padR(L.vat, 10)}${padL(L.base, 16)}${padL(L.tax, 16)}`);
      for (const v of m.vat) out.push(`${padR(v.rate, 10)}${padL(v.base, 16)}${padL(v.tax, 16)}`);
      out.push('');
      for (const l of m.pay) out.push(...wrap(l, W));
      out.push('');
      for (const l of m.notes) out.push(...wrap(l, W));
    }
    out.push('');
    out.push(dash);
    for (const col of m.footer) for (const l of col) out.push(...wrap(l, W));
    pages.push(out);
  });
  const maxLines = Math.max(...pages.map((p) => p.length));
  return {
    text: `${pages.map((p) => p.join('\n')).join('\n\f')}\n`,
    width: Math.max(...pages.flat().map((l) => l.length)),
    maxLines,
  };
}

function renderEnscript(x: Ctx, name: string, dir: string): string {
  const { text, width, maxLines } = enscriptText(x);
  const W = x.s.layout === 'as400' ? 92 : 90;
  if (width > W) fail(`${name}: line of ${width} columns: ${text.split('\n').find((l) => l.length > W)}`);
  const limit = x.s.layout === 'as400' ? 84 : 76;
  if (maxLines > limit) fail(`${name}: ${maxLines} lines on a page (max ${limit})`);
  for (const ch of text) if (ch.charCodeAt(0) > 0xff) fail(`${name}: character ${ch} is outside Latin-1`);
  const txt = path.join(dir, `${name}.txt`);
  const ps = path.join(dir, `${name}.ps`);
  const pdf = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(txt, Buffer.from(text, 'latin1'));
  fs.rmSync(pdf, { force: true });
  const env = { ...process.env, SOURCE_DATE_EPOCH: epochOf(x.s.issue) };
  const hdr =
    x.s.layout === 'as400'
      ? ['-B']
      : [
          '-b',
          `${x.s.seller.name}|${model(x).title.toUpperCase()} ${x.s.number}|${LABELS[x.s.lang].page} $% ${LABELS[x.s.lang].of} $=`,
        ];
  run(
    'enscript',
    [
      '-q',
      '-M',
      'A4',
      '-X',
      'latin1',
      '-f',
      'Courier9',
      '--margins=40:40:30:30',
      ...hdr,
      '-t',
      name,
      '-p',
      ps,
      txt,
    ],
    { env, cwd: dir },
  );
  run('ps2pdf', ['-dPDFSETTINGS=/prepress', ps, pdf], { env, cwd: dir });
  return pdf;
}

// ───────────────────────────── answer keys ─────────────────────────────

const fileName = (s: Spec) => `${s.lang}-${s.n}-${s.gen}-${s.business}`;

function keyOf(x: Ctx, producer: string): Record<string, unknown> {
  const { s, c } = x;
  const payIban = s.banks[s.payBank];
  return {
    source: SET_NAME,
    generator: SET_NAME,
    file: `${fileName(s)}.pdf`,
    producer,
    type_code: s.type,
    seller_country: s.country,
    fields: {
      number: s.number,
      issue_date: s.issue,
      due_date: s.due,
      currency: s.currency,
      total_net: keyAmt(c.net),
      total_tax: keyAmt(c.tax),
      total: keyAmt(c.total),
      amount_due: keyAmt(c.due),
      tax_breakdown: c.breakdown.map((b) => ({ rate: b.rate, net: keyAmt(b.net), tax: keyAmt(b.tax) })),
      seller_name: s.seller.name,
      seller_vat_id: s.seller.vat ?? null,
      seller_registration_id: s.seller.reg ?? null,
      seller_email: s.seller.email,
      iban: payIban?.iban ?? null,
      bic: payIban?.bic ?? null,
      payment_reference: s.payRef?.key ?? null,
      purchase_order: s.po,
      buyer_reference: s.buyerRef,
      buyer_name: s.buyer.name,
      buyer_vat_id: s.buyer.vat ?? null,
    },
  };
}

// ───────────────────────────── verification ─────────────────────────────

const problems: string[] = [];
const check = (ok: boolean, msg: string) => {
  if (!ok) problems.push(msg);
};

/** Independent re-computation of the arithmetic (floating point on rounded cents, a different code path). */
function arithmeticCheck(x: Ctx, name: string): void {
  const { s, c } = x;
  const cents = (qty: string, price: string) => {
    const v = Number(qty) * Number(price) * 100;
    return Math.sign(v) * Math.floor(Math.abs(v) + 0.5 + 1e-7);
  };
  const all = [...s.lines, ...(s.charges ?? [])];
  const amounts = all.map((l) => cents(l.qty, l.price));
  amounts.forEach((a, i) => {
    check(
      a === (i < c.amounts.length ? c.amounts[i] : c.chargeAmounts[i - c.amounts.length]),
      `${name}: line ${i + 1} amount ${a}`,
    );
  });
  const rates = [...new Set(all.map((l) => l.rate))];
  check(
    rates.length === c.breakdown.length,
    `${name}: breakdown has ${c.breakdown.length} rates, lines ${rates.length}`,
  );
  for (const b of c.breakdown) {
    const net = all.reduce((a, l, i) => a + (l.rate === b.rate ? amounts[i]! : 0), 0);
    const tax = Math.floor((net * Number(b.rate)) / 100 + 0.5 + 1e-7);
    check(net === b.net && tax === b.tax, `${name}: rate ${b.rate} net ${net}/${b.net} tax ${tax}/${b.tax}`);
  }
  const net = amounts.reduce((a, b) => a + b, 0);
  check(net === c.net, `${name}: net ${net} vs ${c.net}`);
  check(c.total === c.net + c.tax, `${name}: total ≠ net + tax`);
  const wh = s.withholding
    ? Math.floor(
        (s.lines.reduce((a, l) => a + cents(l.qty, l.price), 0) * Number(s.withholding.rate)) / 100 + 0.5,
      )
    : 0;
  const due = s.type === '381' ? c.total : c.total - (s.advance?.cents ?? 0) - wh;
  check(due === c.due, `${name}: amount due ${due} vs ${c.due}`);
  check(c.net > 0 && c.due > 0, `${name}: non-positive amounts`);
  check(s.lines.length >= 3 && s.lines.length <= 35, `${name}: ${s.lines.length} lines`);
}

const normLine = (l: string) =>
  l
    .replace(/[\u00a0\u202f\u2007\u2009\u2002-\u2006]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function textChecks(x: Ctx, name: string, text: string): number {
  const { s, c } = x;
  const lines = text.split('\n').map(normLine);
  const joined = lines.join('\n');
  const compactLines = lines.map((l) => l.replace(/\s/g, ''));
  let n = 0;
  const appears = (field: string, needle: string, compact = false) => {
    n++;
    const nd = normLine(needle);
    const ok =
      joined.includes(nd) || (compact && compactLines.some((l) => l.includes(nd.replace(/\s/g, ''))));
    check(ok, `${name}: ${field} "${needle}" not found in pdftotext output`);
  };
  appears('number', s.number);
  appears('issue_date', x.date(s.issue));
  if (s.due) appears('due_date', x.date(s.due));
  const curForms: Record<string, string[]> = { EUR: ['EUR', '€'], GBP: ['GBP', '£'], CHF: ['CHF'] };
  n++;
  check(
    curForms[s.currency]!.some((f) => joined.includes(f)),
    `${name}: currency ${s.currency} not printed`,
  );
  for (const [f, v] of [
    ['total_net', c.net],
    ['total_tax', c.tax],
    ['total', c.total],
    ['amount_due', c.due],
  ] as const)
    appears(f, fmtCents(v, s.nf));
  for (const b of c.breakdown) {
    appears(`rate ${b.rate}`, x.rate(b.rate));
    appears(`net@${b.rate}`, fmtCents(b.net, s.nf));
    appears(`tax@${b.rate}`, fmtCents(b.tax, s.nf));
  }
  c.amounts.forEach((a, i) => {
    appears(`line ${i + 1}`, fmtCents(a, s.nf));
  });
  appears('seller_name', s.seller.name);
  appears('seller_email', s.seller.email);
  appears('buyer_name', s.buyer.name);
  const compactId = (p: string) => p.replace(/[\s.\-/+]/g, '').toUpperCase();
  for (const [field, key, printed] of [
    ['seller_vat_id', s.seller.vat, s.seller.vatPrinted],
    ['buyer_vat_id', s.buyer.vat, s.buyer.vatPrinted],
  ] as const) {
    if (!key) continue;
    appears(field, printed!);
    const cp = compactId(printed!);
    const fromPrinted =
      ['ES', 'IT'].includes(key.slice(0, 2)) && !cp.startsWith(key.slice(0, 2))
        ? `${key.slice(0, 2)}${cp}`
        : cp;
    check(fromPrinted === key, `${name}: ${field} printed ${printed} ≠ key ${key}`);
  }
  if (s.seller.reg) {
    appears('seller_registration_id', s.seller.regPrinted!);
    check(
      compactId(s.seller.regPrinted!).includes(compactId(s.seller.reg)),
      `${name}: registration ${s.seller.reg} not in "${s.seller.regPrinted}"`,
    );
  }
  const pay = s.banks[s.payBank]!;
  appears('iban', fmtIban(pay.iban), true);
  appears('bic', pay.bic);
  if (s.payRef) {
    appears('payment_reference', s.payRef.printed, true);
    check(
      compactId(s.payRef.printed) === s.payRef.key,
      `${name}: payment reference ${s.payRef.printed} ≠ ${s.payRef.key}`,
    );
  }
  if (s.po) appears('purchase_order', s.po);
  if (s.buyerRef) appears('buyer_reference', s.buyerRef);
  return n;
}

function pdfInfo(pdf: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of run('pdfinfo', [pdf]).split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(l);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}
const pdfText = (pdf: string) => run('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-']);

/** Chromium embeds the print time; mask /CreationDate and /ModDate values (in memory only) before comparing bytes. */
function maskDates(b: Buffer): string {
  return b
    .toString('latin1')
    .replace(/\/(CreationDate|ModDate) ?\(D:[^)]*\)/g, '/$1 (D:masked)')
    .replace(/\(node\d+\)/g, '(node)');
}

// ───────────────────────────── python3-stdnum cross-check ─────────────────────────────

const STDNUM_PY = `
import json, sys
from stdnum import iban, bic, iso11649
from stdnum.de import vat as de_vat, handelsregisternummer as de_hr
from stdnum.at import uid as at_uid, businessid as at_fn
from stdnum.fr import tva as fr_tva, siren as fr_siren, siret as fr_siret
from stdnum.nl import btw as nl_btw
from stdnum.be import vat as be_vat, iban as be_iban
from stdnum.es import nif as es_nif
from stdnum.it import iva as it_iva, codicefiscale as it_cf
from stdnum.gb import vat as gb_vat
from stdnum.ie import vat as ie_vat
from stdnum.lu import tva as lu_tva
from stdnum.ch import uid as ch_uid, vat as ch_vat, esr as ch_esr
VAT = {'DE': de_vat, 'AT': at_uid, 'FR': fr_tva, 'NL': nl_btw, 'BE': be_vat, 'ES': es_nif, 'IT': it_iva, 'GB': gb_vat, 'IE': ie_vat, 'LU': lu_tva}
def module(kind, v):
    if kind == 'vat':
        if v.startswith('CHE'):
            return ch_vat if v[-1].isalpha() and not v[3:].isdigit() else ch_uid
        return VAT[v[:2]]
    return {'iban': iban, 'bic': bic, 'rf': iso11649, 'siren': fr_siren, 'siret': fr_siret, 'qrref': ch_esr,
            'fn': at_fn, 'cf': it_cf, 'hr': de_hr}.get(kind)
out = []
for kind, v in json.load(sys.stdin):
    m = module(kind, v)
    if m is None:
        out.append(None)
        continue
    try:
        m.validate(v)
        r = {'ok': True}
    except Exception as e:
        r = {'ok': False, 'err': type(e).__name__}
    if kind == 'iban' and v.startswith('BE') and r['ok']:
        r['bic'] = be_iban.to_bic(v)
    out.append(r)
print(json.dumps(out))
`;

function collectIds(): { kind: IdKind; value: string; where: string; bic?: string }[] {
  const ids: { kind: IdKind; value: string; where: string; bic?: string }[] = [];
  for (const s of SPECS) {
    const w = fileName(s);
    if (s.seller.vat) ids.push({ kind: 'vat', value: s.seller.vat, where: `${w} seller` });
    if (s.buyer.vat) ids.push({ kind: 'vat', value: s.buyer.vat, where: `${w} buyer` });
    for (const b of s.banks) {
      ids.push({ kind: 'iban', value: b.iban, where: w, bic: b.bic });
      ids.push({ kind: 'bic', value: b.bic, where: w });
    }
    if (s.payRef) {
      const k = s.payRef.key;
      ids.push({
        kind: k.startsWith('RF')
          ? 'rf'
          : k.length === 27
            ? 'qrref'
            : k.length === 12 && /^\d+$/.test(k)
              ? 'ogm'
              : 'bic',
        value: k,
        where: `${w} payment ref`,
      });
    }
    for (const [kind, value] of s.ids ?? []) ids.push({ kind, value, where: w });
  }
  // plain-text payment references (e.g. "BCS24117") carry no check digits: not identifiers
  return ids.filter((i) => !(i.where.endsWith('payment ref') && i.kind === 'bic'));
}

function identifierChecks(): number {
  const ids = collectIds();
  const queries: [IdKind, string][] = [];
  for (const i of ids) queries.push([i.kind, i.value], [i.kind, corrupt(i.value)]);
  const res = JSON.parse(run(PYTHON, ['-c', STDNUM_PY], { input: JSON.stringify(queries) })) as ({
    ok: boolean;
    err?: string;
    bic?: string;
  } | null)[];
  const formatOnly: IdKind[] = ['bic', 'hr', 'fn'];
  let stdnumChecked = 0;
  ids.forEach((i, k) => {
    const good = res[2 * k];
    const bad = res[2 * k + 1];
    const cv = corrupt(i.value);
    check(OWN[i.kind](i.value), `${i.where}: own check rejects ${i.kind} ${i.value}`);
    if (good === null || good === undefined) return; // no stdnum module (Belgian structured communication)
    stdnumChecked++;
    check(good.ok, `${i.where}: python3-stdnum rejects ${i.kind} ${i.value} (${good.err})`);
    if (!['bic', 'hr'].includes(i.kind))
      check(!OWN[i.kind](cv), `${i.where}: own check accepts corrupted ${cv}`);
    if (!formatOnly.includes(i.kind) && cv !== i.value) {
      check(OWN[i.kind](cv) === bad!.ok, `${i.where}: own code and stdnum disagree on corrupted ${cv}`);
    }
    if (i.kind === 'iban') {
      check(i.bic!.slice(4, 6) === i.value.slice(0, 2), `${i.where}: BIC ${i.bic} country ≠ IBAN ${i.value}`);
      if (good.bic !== undefined)
        check(
          good.bic === i.bic,
          `${i.where}: stdnum says BE IBAN ${i.value} belongs to ${good.bic}, printed ${i.bic}`,
        );
    }
  });
  console.log(
    `identifiers: ${ids.length} checked by own code (+${ids.length} corrupted copies), ${stdnumChecked} cross-checked with python3-stdnum`,
  );
  return ids.length;
}

// ───────────────────────────── main ─────────────────────────────

const PRODUCER_RE: Record<Gen, { producer: RegExp; creator?: RegExp }> = {
  chromium: { producer: /^Skia\/PDF m\d+/, creator: /HeadlessChrome|Chromium/ },
  lualatex: { producer: /^LuaTeX-\d/ },
  enscript: { producer: /^GPL Ghostscript \d/, creator: /GNU Enscript/ },
};

function engineVersions(): Record<Gen, string> {
  const chromium = run('chromium', ['--version']).trim().split(/\s+/).slice(0, 2).join(' ');
  const lt =
    /This is (\S+), Version (\S+)/.exec(run('lualatex', ['--version'])) ?? fail('lualatex --version');
  const ens = run('enscript', ['--version']).split('\n')[0]!.trim();
  const gs = run('gs', ['--version']).trim();
  return { chromium, lualatex: `${lt[1]} ${lt[2]}`, enscript: `${ens} + GPL Ghostscript ${gs}` };
}

function render(x: Ctx, name: string, dir: string): string {
  if (x.s.gen === 'chromium') return renderChromium(x, name, dir);
  if (x.s.gen === 'lualatex') return renderLatex(x, name, dir);
  return renderEnscript(x, name, dir);
}

function samePdf(gen: Gen, a: string, b: string): { same: boolean; how: string } {
  const ba = fs.readFileSync(a);
  const bb = fs.readFileSync(b);
  if (gen !== 'chromium') return { same: ba.equals(bb), how: 'bytes' };
  return {
    same: pdfText(a) === pdfText(b) && maskDates(ba) === maskDates(bb),
    how: 'text + bytes except dates/tag ids',
  };
}

function main(): void {
  const names = new Set(SPECS.map(fileName));
  check(names.size === 24, `expected 24 distinct invoices, got ${names.size}`);
  for (const lang of ['en', 'de', 'fr', 'nl', 'es', 'it'] as const) {
    const ls = SPECS.filter((s) => s.lang === lang);
    check(ls.length === 4 && new Set(ls.map((s) => s.n)).size === 4, `${lang}: needs n = 1..4`);
  }
  for (const g of ['chromium', 'lualatex', 'enscript'] as const) {
    const gs = SPECS.filter((s) => s.gen === g);
    check(
      gs.length === 8 && new Set(gs.map((s) => s.lang)).size === 6,
      `${g}: needs 8 invoices in all six languages`,
    );
  }
  const versions = engineVersions();
  fs.mkdirSync(OUT, { recursive: true });
  const foreign = fs.readdirSync(OUT).filter((f) => !names.has(f.replace(/\.key\.json$|\.pdf$/, '')));
  if (foreign.length && process.env.ENGINE_INVOICES_FORCE !== '1')
    fail(
      `${OUT} holds files this script did not make (${foreign.slice(0, 3).join(', ')}…); set ENGINE_INVOICES_FORCE=1 to write there anyway`,
    );
  const idCount = identifierChecks();
  let textChecked = 0;
  const summary: string[] = [];
  for (const s of SPECS) {
    const name = fileName(s);
    const x = ctxOf(s);
    arithmeticCheck(x, name);
    const dir = path.join(BUILD, s.gen);
    fs.mkdirSync(dir, { recursive: true });
    const first = render(x, name, dir);
    const keep = path.join(BUILD, 'first', `${name}.pdf`);
    fs.mkdirSync(path.dirname(keep), { recursive: true });
    fs.copyFileSync(first, keep);
    const second = render(x, name, dir);
    const again = samePdf(s.gen, keep, second);
    check(again.same, `${name}: second render differs (${again.how})`);
    const out = path.join(OUT, `${name}.pdf`);
    let prev = '';
    if (fs.existsSync(out)) {
      const p = samePdf(s.gen, out, second);
      prev = p.same ? ' = previous run' : ' ≠ PREVIOUS RUN';
      check(p.same, `${name}: differs from the previous run's PDF in ${OUT} (${p.how})`);
    }
    fs.copyFileSync(second, out);
    const info = pdfInfo(out);
    const pages = Number(info.Pages);
    check(pages === s.pages, `${name}: ${pages} pages, table says ${s.pages}`);
    const re = PRODUCER_RE[s.gen];
    check(re.producer.test(info.Producer ?? ''), `${name}: Producer "${info.Producer}"`);
    if (re.creator) check(re.creator.test(info.Creator ?? ''), `${name}: Creator "${info.Creator}"`);
    textChecked += textChecks(x, name, pdfText(out));
    const key = keyOf(x, `${SCRIPT_REL} (${versions[s.gen]})`);
    fs.writeFileSync(path.join(OUT, `${name}.key.json`), `${JSON.stringify(key, null, 2)}\n`);
    const line = `${padR(name, 36)} ${pages} p  ${s.type}  ${s.country}  due ${padL(keyAmt(x.c.due), 10)} ${s.currency}  [${again.how}${prev}]`;
    summary.push(line);
    console.log(line);
  }
  console.log(
    `${summary.length} invoices, ${idCount} identifiers, ${textChecked} printed-value checks, ${((Date.now() - T0) / 1000).toFixed(1)} s`,
  );
  if (problems.length) {
    console.error(
      `\n${problems.length} verification failure(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`all checks passed; output in ${OUT}`);
}

try {
  main();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
