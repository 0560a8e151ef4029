/**
 * make-press-invoices.ts — 24 fictitious supplier invoices typeset by three PDF engines the project had
 * not used before, each PDF with an answer key, for testing template-free invoice capture.
 *
 * ═══ How to run ═══════════════════════════════════════════════════════════════════════════════════════
 *
 *   cd /work/main && node --import tsx scripts/make-press-invoices.ts
 *
 *   PRESS_INVOICES_OUT      output folder (default test/fixtures/capture/press-blind): <name>.pdf + <name>.key.json
 *   PRESS_INVOICES_BUILD    intermediates: XHTML / AWML / RTF / TeX sources, ConTeXt work folders
 *                           (default $TMPDIR/press-build, i.e. /tmp/press-build)
 *   PRESS_INVOICES_RECHECK  "0" skips the in-script second render (determinism check), default on
 *   PRESS_INVOICES_ONLY     build only the files whose name contains this string (development aid)
 *
 * The script exits non-zero when any verification below fails; it prints each file, page count, type
 * code and amount due, the number of identifiers checked, and its run time (about 40 s with the second
 * render, about 20 s without, on the 2-core machine; ConTeXt takes ~5 s a file, the others < 0.5 s).
 *
 * ═══ Requirements (Debian 12 packages, versions used when this was written: dpkg -s) ═════════════════
 *
 *   mupdf-tools    1.21.1+ds2-1+deb12u1     mutool convert (MuPDF's own HTML/CSS layout engine)
 *   abiword        3.0.5~dfsg-3.2           abiword --to=pdf (its own layout engine, Cairo 1.16.0 PDF export)
 *   context        2021.03.05.20230120+dfsg-1+deb12u1   ConTeXt MkIV on LuaTeX 1.15.0 (TeX Live 2022/Debian)
 *   fonts-texgyre  20180621-6               OpenType TeX Gyre fonts used by ConTeXt (termes, heros, pagella,
 *                                           bonum, schola, adventor)
 *   fonts-liberation2 2.1.5-1, fonts-dejavu-core 2.37-6   MuPDF (@font-face files) and AbiWord (fontconfig)
 *   poppler-utils  22.12.0-2+deb12u3        pdfinfo, pdftotext for the verification
 *   python3-stdnum 1.18-1 with /usr/bin/python3 (3.11)   independent identifier cross-check
 *   Node ≥ 20 with tsx (a project dependency). Only node: built-ins are imported.
 *   If mutool is missing: DEBIAN_FRONTEND=noninteractive apt-get install -y mupdf-tools
 *
 * ═══ The 24 files ═══════════════════════════════════════════════════════════════════════════════════
 *
 *  name                              pages type country layout / business and what it exercises
 *  en-1-mupdf-saas                     1   380  GB  SaaS subscription; header grid of shaded labelled boxes; negative
 *                                                   discount line; service period; subscription id; sort code + account
 *  en-2-abiword-utility                1   380  GB  business energy bill (AWML); address-window and account-summary
 *                                                   frames; 20 % + 5 %; previous balance / payment received; meter reads,
 *                                                   MPAN/MPRN; account number as payment reference; VAT no. without GB
 *  en-3-context-feenote                1   380  IE  solicitors' fee note; coloured left sidebar (layer) with partners;
 *                                                   ordinal date; RF reference; payment on account deducted; office vs
 *                                                   client account; no due date printed ("within 30 days")
 *  en-4-mupdf-haulage                  1   380  IE  haulage, consignment table with docket numbers/dates; fuel surcharge;
 *                                                   settlement discount with its own date; sterling second account
 *  de-1-abiword-craftsman              1   380  DE  Sanitär/Heizung, DIN 5008 letter (AWML frames); Abschlagsrechnung
 *                                                   deducted; § 35a labour share; Skonto; Ihr Zeichen; two bank accounts;
 *                                                   Steuernummer; company identifiers only in the footer
 *  de-2-mupdf-wholesale                2   380  AT  Gastro-Großhandel, 28 lines, 10 % + 20 %, Übertrag carried/brought
 *                                                   forward, totals only on page 2; "Jänner"; FN; Lieferschein; Skonto
 *  de-3-context-qrbill                 1   380  CH  consultancy in CHF, 8.1 % + 2.6 %, 1'234.50; QR-bill receipt and
 *                                                   payment part with QR-IBAN and 27-digit QR reference (amount printed
 *                                                   "5 214.75" there); CHE-…MWST; second plain IBAN
 *  de-4-mupdf-credit                   1   381  DE  Rechnungskorrektur printing NEGATIVE amounts, 19 % + 7 %, ISO dates,
 *                                                   original invoice/delivery/order numbers, two parties side by side
 *  fr-1-context-training               1   380  FR  training organisation (SAS), framed labelled boxes, 1 234,56 with
 *                                                   no-break space, RF reference, capital social, SIRET, NAF, legal
 *                                                   late-payment sentence in the footer area
 *  fr-2-mupdf-structured               1   380  BE  printer (French), 6 % + 21 %, communication structurée +++…+++,
 *                                                   totals box, VAT breakdown table, delivery note distractor
 *  fr-3-abiword-haulage                2   380  LU  haulier (RTF), 28 consignments, "À reporter"/"Report", reverse
 *                                                   charge 0 % to a Belgian buyer, ungrouped 1234,56, RCS B
 *  fr-4-abiword-joinery                1   380  FR  menuiserie (AWML), 10 % + 20 %, acompte deducted, narrow no-break
 *                                                   space 1 234,56, SIREN/SIRET/RCS/capital only in the footer
 *  nl-1-mupdf-reverse                  1   380  NL  SaaS to a German buyer, btw verlegd 0 %, SEPA incasso with creditor
 *                                                   id, mandate and the buyer's own IBAN, KvK
 *  nl-2-abiword-contractor             1   380  BE  Flemish renovation contractor (AWML), 6 % + 21 %, voorschot deducted,
 *                                                   gestructureerde mededeling, identifiers only in the footer
 *  nl-3-context-wholesale              2   380  NL  horeca wholesale, 30 lines, 9 % + 21 %, "Transporteren"/"Transport",
 *                                                   RF betalingskenmerk, running header "blad 1 van 2"
 *  nl-4-abiword-creditnote             1   381  NL  creditnota (RTF, tab stops) with NEGATIVE amounts, 21 % + 9 %,
 *                                                   the original invoice and packing slip numbers
 *  es-1-abiword-professional           1   380  ES  architect (individual, DNI-NIF) RTF office template with tab stops,
 *                                                   IVA 21 %, IRPF 15 % withheld, collegiate number, contract number
 *  es-2-mupdf-folio                    1   380  ES  hotel folio from a PMS in a monospaced block, 10 % + 21 %, deposit
 *                                                   deducted, room/reservation/arrival dates, Registro Mercantil sheet
 *  es-3-context-distribution           2   380  ES  food distributor (S.A.), 31 lines, 4/10/21 %, "Suma y sigue" /
 *                                                   "Suma anterior", albaranes, capital social
 *  es-4-context-cleaning               1   380  ES  cleaning contract, sidebar column (layer), SEPA debit with mandate
 *                                                   and creditor id, masked debtor IBAN, ISO issue date, RAE 1828,35
 *  it-1-context-lawyer                 1   380  IT  lawyer (individual): spese generali 15 %, CPA 4 %, IVA 22 %,
 *                                                   ritenuta d'acconto 20 %, codice fiscale, PEC
 *  it-2-mupdf-wholesale                2   380  IT  fruit & veg wholesale, 26 lines, 4/10/22 %, "A riportare"/"Riporto",
 *                                                   DDT numbers, two bank accounts, REA, capitale sociale, SDI code, PEC
 *  it-3-abiword-creditnote             1   381  IT  nota di credito TD04 (AWML) with POSITIVE amounts, storno of an
 *                                                   invoice, REA, capitale sociale
 *  it-4-context-telecom                1   380  IT  business fibre bill: customer/contract codes, service period,
 *                                                   previous invoice paid, SDD mandate, right-hand info column
 *
 * Per generator: mupdf en-1 en-4 de-2 de-4 fr-2 nl-1 es-2 it-2 · abiword en-2 de-1 fr-3 fr-4 nl-2 nl-4 es-1 it-3
 * (AWML ×5, RTF ×3) · context en-3 de-3 fr-1 nl-3 es-3 es-4 it-1 it-4 — each generator covers all six languages.
 * Number forms: 1,234.56 · 1.234,56 · 1 234,56 (U+202F in MuPDF/AbiWord, U+00A0 in ConTeXt) · 1'234.50 ·
 * 1234,56. Date forms: 05.03.2026, 05/03/2026, 05-03-2026, 05-Mar-2026, 2026-02-09, 5. März 2026,
 * 27. Jänner 2026, 5 mars 2026, 2 maart 2026, 5 de marzo de 2026, 5 marzo 2026, 12th February 2026.
 *
 * ═══ Engine notes (what worked, what did not) ═════════════════════════════════════════════════════════
 *
 * MuPDF 1.21 HTML engine: mutool convert ignores @page size (pass -W 595 -H 842 for A4; @page margin works).
 *   Tables get EQUAL column widths whatever width/colgroup/table-layout say; colspan/rowspan, float,
 *   position, inline-block, height and negative margins are ignored; several block children in one cell
 *   are drawn on top of each other; nested tables and tables inside a width-constrained block break;
 *   each cell's border/background box only covers its own content height, horizontal cell padding shifts
 *   right-aligned text out of the cell, and text-align on <th> is ignored. So: only top-level (or in a
 *   plain block) tables, inline cell content with <br/>, no cell borders (rules are on enclosing <div>s),
 *   backgrounds only on rows whose cells have equal line counts, <td class="hd"> header cells, no cell
 *   padding. Built-in fonts and DejaVu/Gentium/FreeFont/TeX Gyre come back from pdftotext as U+FB01…
 *   ligatures, Lato as U+2010 hyphens and lost "tt"; Liberation 2 has neither, so every MuPDF file
 *   embeds Liberation Sans/Serif/Mono through @font-face (whole fonts: MuPDF 1.21 cannot subset).
 * AbiWord 3.0.5: AWML tables (column widths, per-cell borders/background), frames (positioned text boxes
 *   with wrapping), tab stops with right/decimal alignment, header/footer sections and page fields all
 *   work. RTF: \trowd tables, \tqr/\tqdec tabs, footers with PAGE/NUMPAGES fields work, but a tab stop AT
 *   the right margin is ignored (use one just inside it). With Lato, Cairo writes U+FFFD for the "ti"/"tt"
 *   ligatures, so AbiWord files use Liberation and DejaVu.
 * ConTeXt MkIV 2021.03.05: natural tables (\bTABLE, \setupTABLE), layers for address window, sidebar and
 *   the QR-bill, framed boxes, header/footer texts, \lastpagenumber. ' and -- become ’ and – through
 *   the trep/tlig font features (switched off here); U+202F is dropped without a gap (mapped to \, which
 *   pdftotext reads as a space); "%" is made an ordinary character after the preamble; lines may break
 *   after the hyphen of an identifier, so identifiers sit in \hbox. No QR code image is drawn (placeholder
 *   box): the payment part is text only.
 *
 * ═══ Answer keys ════════════════════════════════════════════════════════════════════════════════════
 *
 * { source, generator: "press-blind", file, producer: "scripts/make-press-invoices.ts (<engine> <version>)",
 *   type_code 380/381, seller_country, fields{…} } — every field a string or null (null = not printed).
 * Dates ISO. Amounts "1234.56", credit notes as positive magnitudes. total_net = lines + VAT-able charges;
 * total = net + tax; amount_due = total − advance/deposit − withholding (IRPF, ritenuta); a credit note's
 * amount_due is its total. Previous balances, payments received and early-payment discounts never change
 * amount_due. tax_breakdown: one entry per rate, tax = half-up(rate × net) in cents, rate without "%"
 * ("8.1", "0"). VAT ids compact with country prefix (Spanish/Italian ids printed without ES/IT keyed with
 * it; Swiss "CHE…MWST" as printed). Registration ids as printed minus label and court: "HRB 14862",
 * "FN 438821 m", "B 198437", KvK "74102958", UK company no. "11480273", Irish CRO "512893", SIREN digits
 * compact for RCS, the Registro Mercantil sheet ("M-318204"), the Italian REA as printed ("MI-1712044").
 * Belgian sellers print only their VAT number (no separate enterprise number) → registration null. IBAN
 * compact; BIC as printed; payment_reference compact (Belgian +++…+++ as its 12 digits, RF compact, the
 * QR reference's 27 digits, a UK account number used as the reference); purchase_order = the buyer's
 * order number; buyer_reference = Your ref / Ihr Zeichen / Su referencia / Vs. riferimento. When two
 * accounts are printed, iban is the one the payment request names (EUR account, office account, QR-IBAN).
 *
 * ═══ Verification (any failure → exit 1) ══════════════════════════════════════════════════════════
 *
 * - Identifiers computed here with their check digits — IBAN mod 97 plus the national BBAN keys for BE,
 *   ES (two DC digits), FR (clé RIB) and IT (CIN); VAT ids DE (ISO 7064 11,10), AT, FR (key from SIREN,
 *   SIREN Luhn), BE mod 97, NL mod 11, ES CIF/DNI, IT, LU mod 89, IE (old and 2013 form), GB mod 97 /
 *   9755, CHE mod 11; RF (ISO 11649), Belgian OGM/VCS mod 97, Swiss QR reference mod 10 recursive, SIRET,
 *   codice fiscale — are re-validated by the script and cross-checked with python3-stdnum (iban, eu.vat,
 *   gb.vat, ch.vat, iso11649, ch.esr, fr.siren/siret, bic, it.codicefiscale, es.nif/cif, de.stnr,
 *   at.businessid). stdnum 1.18 has no be.ogm_vcs: the structured communications get the own check only.
 * - pdfinfo page count = designed count. pdftotext -layout and -raw (whitespace runs collapsed; U+00A0,
 *   U+202F and other space characters read as spaces) contain every non-null key value in its printed
 *   form, each line amount, the advance/withholding and listed distractors; the total and the amount due
 *   are on the last page; for the two-page files they are NOT on page 1 and the carried-forward subtotal
 *   is on both pages. No U+FFFD, "Ã", "â€" or "Â"; every non-ASCII character of the source text (except
 *   space characters, which engines draw as gaps) comes back.
 * - Sums: qty × price = line amount, lines add up per rate to the breakdown, breakdown to net and tax,
 *   total = net + tax, amount due as defined, key values equal the computed ones.
 * - Determinism: every PDF is rendered twice (BUILD/run, BUILD/rerun) and compared byte for byte.
 *
 * ═══ Determinism ═══════════════════════════════════════════════════════════════════════════════════
 *
 * All runs get SOURCE_DATE_EPOCH=1767225600 (2026-01-01), TZ=UTC. MuPDF writes no dates and no /ID.
 * ConTeXt: a Lua preamble pins os.date/os.time (XMP dates and the random seed behind its uuids),
 * backends.timestamp and lpdf.settime; \pdfvariable trailerid sets /ID to md5("press-blind/<name>").
 * Cairo 1.16 (AbiWord) ignores SOURCE_DATE_EPOCH: its /CreationDate is rewritten in place to
 * D:20260101000000Z (same length, so the xref stays valid) — the only post-processing step.
 * Nothing else varies: font subset tags are content-derived. Checked with two full runs into different
 * folders compared with cmp.
 *
 * All names, addresses, numbers and identifiers are fictitious (check digits valid, bank codes and BICs
 * invented; e-mail domains .example).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

// ────────────────────────────────────────────────────────────────────────────
// Configuration
// ────────────────────────────────────────────────────────────────────────────

const OUT = resolve(process.env.PRESS_INVOICES_OUT ?? 'test/fixtures/capture/press-blind');
const BUILD = resolve(process.env.PRESS_INVOICES_BUILD ?? join(tmpdir(), 'press-build'));
/** Render every PDF a second time into BUILD/rerun and compare bytes (set PRESS_INVOICES_RECHECK=0 to skip). */
const RECHECK = process.env.PRESS_INVOICES_RECHECK !== '0';
/** Only build files whose name contains this string (development aid; verification still runs on them). */
const ONLY = process.env.PRESS_INVOICES_ONLY ?? '';
const PY = '/usr/bin/python3';
/** 2026-01-01T00:00:00Z: pinned creation date for every generator. */
const EPOCH = 1767225600;
const PINNED_PDF_DATE = 'D:20260101000000';

type Gen = 'mupdf' | 'abiword' | 'context';

const failures: string[] = [];
function fail(msg: string): void {
  failures.push(msg);
  process.stderr.write(`FAIL ${msg}\n`);
}

function run(cmd: string, args: string[], cwd?: string): string {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      SOURCE_DATE_EPOCH: String(EPOCH),
      FORCE_SOURCE_DATE: '1',
      TZ: 'UTC',
      LC_ALL: 'C.UTF-8',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} exited ${String(r.status)}\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`,
    );
  }
  return r.stdout;
}

function toolVersion(cmd: string, args: string[], re: RegExp): string {
  try {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    const m = re.exec(`${r.stdout ?? ''}\n${r.stderr ?? ''}`);
    return m?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

// ────────────────────────────────────────────────────────────────────────────
// Money, rates and dates
// ────────────────────────────────────────────────────────────────────────────

/** Decimal string ("12.5", "-3", "0.00775") → BigInt scaled by 10^6. */
function dec6(s: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(s);
  if (!m) throw new Error(`bad decimal ${s}`);
  const v = BigInt(m[2] ?? '0') * 1_000_000n + BigInt((m[3] ?? '').padEnd(6, '0'));
  return m[1] === '-' ? -v : v;
}

/** Round half up (away from zero) of a / b. */
function divHalfUpBig(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const abs = (x: bigint): bigint => (x < 0n ? -x : x);
  const q = (abs(a) * 2n + abs(b)) / (abs(b) * 2n);
  return neg ? -q : q;
}
function divHalfUp(a: number, b: number): number {
  return Number(divHalfUpBig(BigInt(a), BigInt(b)));
}

/** qty × price (both decimal strings) → cents, half-up. */
function lineCents(qty: string, price: string): number {
  // 10^6 × 10^6 = 10^12 scale; cents are 10^2 → divide by 10^10
  return Number(divHalfUpBig(dec6(qty) * dec6(price), 10_000_000_000n));
}

/** rate (percent as decimal string, "8.1") × net cents → tax cents, half-up. */
function taxCents(rate: string, net: number): number {
  // rate% at 10^6 scale: net × rate / 100 → divide by 10^8
  return Number(divHalfUpBig(dec6(rate) * BigInt(net), 100_000_000n));
}

/** cents → key form "1234.56" (magnitude handled by caller). */
function keyAmt(cents: number): string {
  const a = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/**
 * Number styles: en 1,234.56 · de 1.234,56 · frn 1 234,56 (narrow no-break space) · frs 1 234,56 (no-break
 * space) · sp 1 234,56 (plain space) · ch 1'234.50 · plain 1234,56 · plaindot 1234.56 · rae 1234,56 but
 * 12 345,67 (Spanish RAE: group only from five integer digits, no-break space).
 */
type NumStyle = 'en' | 'de' | 'frn' | 'frs' | 'sp' | 'ch' | 'plain' | 'plaindot' | 'rae';

function fmtNum(cents: number, st: NumStyle): string {
  const a = Math.abs(cents);
  const int = String(Math.floor(a / 100));
  const frac = String(a % 100).padStart(2, '0');
  const group = (sep: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  let s: string;
  switch (st) {
    case 'en':
      s = `${group(',')}.${frac}`;
      break;
    case 'de':
      s = `${group('.')},${frac}`;
      break;
    case 'frn':
      s = `${group(NNBSP)},${frac}`;
      break;
    case 'frs':
      s = `${group(NBSP)},${frac}`;
      break;
    case 'sp':
      s = `${group(' ')},${frac}`;
      break;
    case 'ch':
      s = `${group("'")}.${frac}`;
      break;
    case 'plain':
      s = `${int},${frac}`;
      break;
    case 'plaindot':
      s = `${int}.${frac}`;
      break;
    case 'rae':
      s = `${int.length >= 5 ? group(NBSP) : int},${frac}`;
      break;
  }
  return cents < 0 ? `-${s}` : s;
}

/** Quantity / unit price printing: decimal string in a locale (no grouping below 10 000). */
function fmtDec(s: string, st: NumStyle, minFrac = 0): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`bad decimal ${s}`);
  let frac = m[3] ?? '';
  while (frac.length < minFrac) frac += '0';
  const comma = !(st === 'en' || st === 'ch' || st === 'plaindot');
  let int = m[2] ?? '0';
  if (int.length > 4 && (st === 'en' || st === 'de'))
    int = int.replace(/\B(?=(\d{3})+(?!\d))/g, st === 'en' ? ',' : '.');
  return `${m[1]}${int}${frac ? (comma ? ',' : '.') + frac : ''}`;
}

/** Rate as printed: "19" → "19 %" / "19%" / "8,1 %" … */
function fmtRate(rate: string, st: NumStyle, space: boolean): string {
  const comma = !(st === 'en' || st === 'ch' || st === 'plaindot');
  return `${comma ? rate.replace('.', ',') : rate}${space ? ' %' : '%'}`;
}

const MONTHS: Record<string, string[]> = {
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

/**
 * Date styles: "dd.mm.yyyy", "d.m.yyyy", "dd/mm/yyyy", "dd-mm-yyyy", "dd.mm.yy", "iso", "long" (written
 * month in the given language), "ord" (English ordinal "12th February 2026"), "mon" ("05-Mar-2026").
 */
type DateStyle = 'dd.mm.yyyy' | 'd.m.yyyy' | 'dd/mm/yyyy' | 'dd-mm-yyyy' | 'iso' | 'long' | 'ord' | 'mon';

function fmtDate(iso: string, st: DateStyle, lang: keyof typeof MONTHS = 'en'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`bad date ${iso}`);
  const [y, mo, d] = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
  const day = Number(d);
  const month = (MONTHS[lang] ?? [])[Number(mo) - 1] ?? '';
  switch (st) {
    case 'dd.mm.yyyy':
      return `${d}.${mo}.${y}`;
    case 'd.m.yyyy':
      return `${day}.${Number(mo)}.${y}`;
    case 'dd/mm/yyyy':
      return `${d}/${mo}/${y}`;
    case 'dd-mm-yyyy':
      return `${d}-${mo}-${y}`;
    case 'iso':
      return iso;
    case 'mon':
      return `${d}-${month.slice(0, 3)}-${y}`;
    case 'ord': {
      const suf =
        day % 10 === 1 && day !== 11
          ? 'st'
          : day % 10 === 2 && day !== 12
            ? 'nd'
            : day % 10 === 3 && day !== 13
              ? 'rd'
              : 'th';
      return `${day}${suf} ${month} ${y}`;
    }
    case 'long':
      if (lang === 'de' || lang === 'at') return `${day}. ${month} ${y}`;
      if (lang === 'es') return `${day} de ${month} de ${y}`;
      if (lang === 'fr') return `${day === 1 ? '1er' : day} ${month} ${y}`;
      return `${day} ${month} ${y}`;
  }
}

// ────────────────────────────────────────────────────────────────────────────
// Check-digit algorithms (computed here, cross-checked with python3-stdnum)
// ────────────────────────────────────────────────────────────────────────────

const pad2 = (n: number): string => String(n).padStart(2, '0');
const digitsOf = (s: string): number[] => [...s].map((c) => Number(c));

/** Letters → 10..35 (ISO 7064 / ISO 13616 conversion). */
function alnumToDigits(s: string): string {
  return [...s.toUpperCase()].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

function mod97(numeric: string): number {
  let r = 0;
  for (const c of numeric) r = (r * 10 + Number(c)) % 97;
  return r;
}

function luhnCheckDigit(body: string): string {
  let sum = 0;
  const ds = digitsOf(body).reverse();
  ds.forEach((d, i) => {
    let v = i % 2 === 0 ? d * 2 : d;
    if (v > 9) v -= 9;
    sum += v;
  });
  return String((10 - (sum % 10)) % 10);
}

function luhnValid(s: string): boolean {
  return luhnCheckDigit(s.slice(0, -1)) === s.slice(-1);
}

// IBAN ---------------------------------------------------------------------

function ibanFrom(cc: string, bban: string): string {
  const check = 98 - mod97(alnumToDigits(`${bban}${cc}00`));
  return `${cc}${pad2(check)}${bban}`;
}

function ibanValid(iban: string): boolean {
  return mod97(alnumToDigits(iban.slice(4) + iban.slice(0, 4))) === 1;
}

function ibanGroups(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

/** Belgium: bank(3) + account(7) + mod 97 of the ten digits (97 when 0). */
function beBban(bank: string, account: string): string {
  const r = Number(BigInt(bank + account) % 97n);
  return `${bank}${account}${pad2(r === 0 ? 97 : r)}`;
}

function esDc(ten: string): string {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const s = digitsOf(ten).reduce((a, d, i) => a + d * (w[i] ?? 0), 0);
  const d = 11 - (s % 11);
  return String(d === 11 ? 0 : d === 10 ? 1 : d);
}

/** Spain: entidad(4) oficina(4) DC(2) cuenta(10). */
function esBban(bank: string, branch: string, account: string): string {
  return `${bank}${branch}${esDc(`00${bank}${branch}`)}${esDc(account)}${account}`;
}

/** France: banque(5) guichet(5) compte(11 digits) clé RIB(2). */
function frBban(bank: string, branch: string, account: string): string {
  const k = 97n - ((89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(account)) % 97n);
  return `${bank}${branch}${account}${pad2(Number(k))}`;
}

function frRibValid(bban: string): boolean {
  const b = BigInt(bban.slice(0, 5));
  const g = BigInt(bban.slice(5, 10));
  const c = BigInt(bban.slice(10, 21));
  const k = BigInt(bban.slice(21, 23));
  return (89n * b + 15n * g + 3n * c + k) % 97n === 0n;
}

/** Odd-position table shared by the Italian CIN and the codice fiscale (index: 0-9 → A-J, letters A-Z). */
const IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
function itCharIndex(c: string): number {
  return /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
}
function itCheckChar(s: string): string {
  let sum = 0;
  [...s].forEach((c, i) => {
    const ix = itCharIndex(c);
    sum += i % 2 === 0 ? (IT_ODD[ix] ?? 0) : ix;
  });
  return String.fromCharCode(65 + (sum % 26));
}

/** Italy: CIN(1) ABI(5) CAB(5) conto(12). */
function itBban(abi: string, cab: string, account: string): string {
  return `${itCheckChar(abi + cab + account)}${abi}${cab}${account}`;
}

function bbanNationalValid(iban: string): boolean {
  const cc = iban.slice(0, 2);
  const b = iban.slice(4);
  if (cc === 'BE') return beBban(b.slice(0, 3), b.slice(3, 10)) === b;
  if (cc === 'ES') return esBban(b.slice(0, 4), b.slice(4, 8), b.slice(10)) === b;
  if (cc === 'FR') return frRibValid(b);
  if (cc === 'IT') return itBban(b.slice(1, 6), b.slice(6, 11), b.slice(11)) === b;
  return true;
}

// VAT ids ---------------------------------------------------------------------

/** Germany: ISO 7064 MOD 11,10 over 8 digits. */
function deVat(d8: string): string {
  let p = 10;
  for (const d of digitsOf(d8)) {
    let s = (d + p) % 10;
    if (s === 0) s = 10;
    p = (2 * s) % 11;
  }
  const c = 11 - p;
  return `DE${d8}${c === 10 ? 0 : c}`;
}

/** Austria: U + 7 digits + check. */
function atVat(d7: string): string {
  let s = 0;
  digitsOf(d7).forEach((d, i) => {
    const p = i % 2 === 1 ? d * 2 : d;
    s += p > 9 ? p - 9 : p;
  });
  return `ATU${d7}${(10 - ((s + 4) % 10)) % 10}`;
}

/** France: SIREN (Luhn) and the TVA key. */
function siren(d8: string): string {
  return d8 + luhnCheckDigit(d8);
}
function siret(sirenNo: string, nic4: string): string {
  return sirenNo + nic4 + luhnCheckDigit(sirenNo + nic4);
}
function frVat(sirenNo: string): string {
  return `FR${pad2((12 + 3 * (Number(sirenNo) % 97)) % 97)}${sirenNo}`;
}

/** Belgium: 0 + 7 digits + 97 − (8 digits mod 97). */
function beVat(d8: string): string {
  return `BE${d8}${pad2(97 - (Number(d8) % 97))}`;
}

/** Netherlands: 8 digits + mod 11 check digit + B + 2 digits. */
function nlVat(d8: string, suffix = '01'): string {
  const s = digitsOf(d8).reduce((a, d, i) => a + d * (9 - i), 0);
  const c = s % 11;
  if (c > 9) throw new Error(`NL VAT ${d8}: no check digit`);
  return `NL${d8}${c}B${suffix}`;
}

/** Spain: CIF (letter + 7 digits + control) and DNI-NIF (8 digits + letter). */
function esCif(letter: string, d7: string): string {
  let a = 0;
  let b = 0;
  digitsOf(d7).forEach((d, i) => {
    if (i % 2 === 1) a += d;
    else {
      const x = d * 2;
      b += Math.floor(x / 10) + (x % 10);
    }
  });
  const c = (10 - ((a + b) % 10)) % 10;
  const control = 'ABEH'.includes(letter) ? String(c) : 'JABCDEFGHI'[c];
  return `${letter}${d7}${control}`;
}
function esNif(d8: string): string {
  return d8 + ('TRWAGMYFPDXBNJZSQVHLCKE'[Number(d8) % 23] ?? '');
}

/** Italy: partita IVA (10 digits + Luhn-type check). */
function itPiva(d10: string): string {
  let s = 0;
  digitsOf(d10).forEach((d, i) => {
    if (i % 2 === 0) s += d;
    else {
      const x = d * 2;
      s += x > 9 ? x - 9 : x;
    }
  });
  return d10 + String((10 - (s % 10)) % 10);
}

/** Italy: codice fiscale of a person (15 characters + check letter). */
function itCodiceFiscale(body15: string): string {
  return body15 + itCheckChar(body15);
}

/** Luxembourg: 6 digits + (6 digits mod 89). */
function luVat(d6: string): string {
  return `LU${d6}${pad2(Number(d6) % 89)}`;
}

/** Ireland: 7 digits + check letter (+ optional second letter, 2013 format). */
function ieVat(d7: string, second = ''): string {
  const alpha = 'WABCDEFGHIJKLMNOPQRSTUV';
  let s = digitsOf(d7).reduce((a, d, i) => a + d * (8 - i), 0);
  if (second) s += 9 * alpha.indexOf(second);
  return `IE${d7}${alpha[s % 23] ?? ''}${second}`;
}

/** United Kingdom: 7 digits + 2 check digits, mod 97 or the 9755 scheme. */
function gbVat(d7: string, scheme: '97' | '9755'): string {
  const s = digitsOf(d7).reduce((a, d, i) => a + d * (8 - i), 0);
  const c = scheme === '97' ? (97 - (s % 97)) % 97 : (97 - ((s + 55) % 97)) % 97;
  return `GB${d7}${pad2(c)}`;
}

/** Switzerland: CHE + 8 digits + mod 11 check digit. */
function cheUid(d8: string): string {
  const w = [5, 4, 3, 2, 7, 6, 5, 4];
  const s = digitsOf(d8).reduce((a, d, i) => a + d * (w[i] ?? 0), 0);
  const c = 11 - (s % 11);
  if (c === 10) throw new Error(`CHE ${d8}: no check digit`);
  return `CHE${d8}${c === 11 ? 0 : c}`;
}

/** Independent validators used by the self-check (recompute from the final digits). */
function vatValid(v: string): boolean {
  const cc = v.slice(0, 2);
  const n = v.slice(2);
  switch (cc) {
    case 'DE':
      return deVat(n.slice(0, 8)) === v;
    case 'AT':
      return atVat(n.slice(1, 8)) === v;
    case 'FR':
      return luhnValid(n.slice(2)) && frVat(n.slice(2)) === v;
    case 'BE':
      return beVat(n.slice(0, 8)) === v;
    case 'NL':
      return nlVat(n.slice(0, 8), n.slice(10)) === v || mod97(alnumToDigits(v)) === 1;
    case 'ES':
      return /^[A-W]/.test(n) ? esCif(n.slice(0, 1), n.slice(1, 8)) === n : esNif(n.slice(0, 8)) === n;
    case 'IT':
      return itPiva(n.slice(0, 10)) === n;
    case 'LU':
      return luVat(n.slice(0, 6)) === v;
    case 'IE':
      return ieVat(n.slice(0, 7), n.slice(8)) === v;
    case 'GB':
      return gbVat(n.slice(0, 7), '97') === v || gbVat(n.slice(0, 7), '9755') === v;
    case 'CH':
      return cheUid(n.slice(1, 9)) === v.slice(0, 12);
    default:
      return false;
  }
}

// Payment references ------------------------------------------------------------

/** ISO 11649 creditor reference. */
function rfRef(ref: string): string {
  return `RF${pad2(98 - mod97(alnumToDigits(`${ref}RF00`)))}${ref}`;
}
function rfValid(rf: string): boolean {
  return mod97(alnumToDigits(rf.slice(4) + rf.slice(0, 4))) === 1;
}
function rfGroups(rf: string): string {
  return rf.replace(/(.{4})/g, '$1 ').trim();
}

/** Belgian structured communication (OGM/VCS): 10 digits + mod 97 (97 when 0). */
function ogm(d10: string): string {
  const r = Number(BigInt(d10) % 97n);
  return d10 + pad2(r === 0 ? 97 : r);
}
function ogmPrinted(d12: string): string {
  return `+++${d12.slice(0, 3)}/${d12.slice(3, 7)}/${d12.slice(7)}+++`;
}

/** Swiss QR reference: 26 digits + mod 10 recursive check digit. */
function qrRef(d26: string): string {
  const t = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
  let carry = 0;
  for (const d of digitsOf(d26)) carry = t[(carry + d) % 10] ?? 0;
  return d26 + String((10 - carry) % 10);
}
function qrRefPrinted(r: string): string {
  return `${r.slice(0, 2)} ${r
    .slice(2)
    .replace(/(.{5})/g, '$1 ')
    .trim()}`;
}

// ────────────────────────────────────────────────────────────────────────────
// python3-stdnum cross-check
// ────────────────────────────────────────────────────────────────────────────

type IdKind =
  | 'iban'
  | 'eu_vat'
  | 'gb_vat'
  | 'ch_vat'
  | 'rf'
  | 'qrref'
  | 'siren'
  | 'siret'
  | 'bic'
  | 'it_cf'
  | 'es_nif'
  | 'es_cif'
  | 'de_stnr'
  | 'at_fn'
  | 'be_ogm';

interface IdCheck {
  kind: IdKind;
  value: string;
  doc?: string;
}

const STDNUM_PY = `
import json, sys, importlib
items = json.load(sys.stdin)
mods = {
  'iban': 'stdnum.iban', 'eu_vat': 'stdnum.eu.vat', 'gb_vat': 'stdnum.gb.vat', 'ch_vat': 'stdnum.ch.vat',
  'rf': 'stdnum.iso11649', 'qrref': 'stdnum.ch.esr', 'siren': 'stdnum.fr.siren', 'siret': 'stdnum.fr.siret',
  'bic': 'stdnum.bic', 'it_cf': 'stdnum.it.codicefiscale', 'es_nif': 'stdnum.es.nif', 'es_cif': 'stdnum.es.cif',
  'de_stnr': 'stdnum.de.stnr', 'at_fn': 'stdnum.at.businessid', 'be_ogm': 'stdnum.be.ogm_vcs',
}
out = []
for it in items:
    name = mods[it['kind']]
    try:
        mod = importlib.import_module(name)
    except ImportError:
        out.append({'ok': None, 'msg': name + ' not available'})
        continue
    try:
        mod.validate(it['value'])
        out.append({'ok': True, 'msg': name})
    except Exception as e:
        out.append({'ok': False, 'msg': name + ': ' + type(e).__name__ + ' ' + str(e)})
print(json.dumps(out))
`;

interface StdnumResult {
  ok: boolean | null;
  msg: string;
}

function stdnumCheck(items: IdCheck[]): { checked: number; unavailable: string[] } {
  const r = spawnSync(PY, ['-c', STDNUM_PY], { input: JSON.stringify(items), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3-stdnum cross-check failed: ${r.stderr}`);
  const res = JSON.parse(r.stdout) as StdnumResult[];
  let checked = 0;
  const unavailable = new Set<string>();
  res.forEach((x, i) => {
    const it = items[i];
    if (!it) return;
    if (x.ok === null) unavailable.add(x.msg);
    else if (x.ok) checked++;
    else fail(`${it.doc ?? '?'}: stdnum rejects ${it.kind} ${it.value}: ${x.msg}`);
  });
  return { checked, unavailable: [...unavailable] };
}

/** The script's own checks for one identifier. */
function selfCheck(it: IdCheck): boolean {
  const v = it.value.replace(/[\s.\-/]/g, '');
  switch (it.kind) {
    case 'iban':
      return ibanValid(v) && bbanNationalValid(v);
    case 'eu_vat':
    case 'gb_vat':
      return vatValid(v);
    case 'ch_vat':
      return vatValid(v.replace(/(MWST|TVA|IVA)$/, ''));
    case 'rf':
      return rfValid(v);
    case 'qrref':
      return qrRef(v.slice(0, 26)) === v;
    case 'siren':
      return v.length === 9 && luhnValid(v);
    case 'siret':
      return v.length === 14 && luhnValid(v);
    case 'bic':
      return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v);
    case 'it_cf':
      return v.length === 16 && itCheckChar(v.slice(0, 15)) === v.slice(15);
    case 'es_nif':
      return esNif(v.slice(0, 8)) === v;
    case 'es_cif':
      return esCif(v.slice(0, 1), v.slice(1, 8)) === v;
    case 'de_stnr':
      return /^\d{10,13}$/.test(v);
    case 'at_fn':
      return /^(FN)?\d{1,6}[a-z]$/.test(v);
    case 'be_ogm':
      return /^\d{12}$/.test(v) && ogm(v.slice(0, 10)) === v;
  }
}

// ────────────────────────────────────────────────────────────────────────────
// Document model
// ────────────────────────────────────────────────────────────────────────────

interface Item {
  desc: string;
  qty?: string;
  unit?: string;
  price?: string;
  amount: number;
  rate: string;
  ref?: string;
}

/** A priced line: amount = qty × price, half-up to the cent. */
function item(
  desc: string,
  qty: string,
  price: string,
  rate: string,
  o: { unit?: string; ref?: string } = {},
): Item {
  return { desc, qty, price, rate, amount: lineCents(qty, price), ...o };
}

/** A lump-sum line (no quantity or unit price printed). */
function lump(desc: string, amount: number, rate: string, o: { ref?: string } = {}): Item {
  return { desc, rate, amount, ...o };
}

interface RateTotal {
  rate: string;
  net: number;
  tax: number;
}

interface Totals {
  byRate: RateTotal[];
  net: number;
  tax: number;
  total: number;
  advance: number;
  withholding: number;
  due: number;
}

function calc(items: Item[], o: { advance?: number; withholding?: number } = {}): Totals {
  const nets = new Map<string, number>();
  for (const i of items) nets.set(i.rate, (nets.get(i.rate) ?? 0) + i.amount);
  const byRate = [...nets.entries()]
    .sort((a, b) => Number(dec6(b[0]) - dec6(a[0])))
    .map(([rate, net]) => ({ rate, net, tax: taxCents(rate, net) }));
  const net = byRate.reduce((a, r) => a + r.net, 0);
  const tax = byRate.reduce((a, r) => a + r.tax, 0);
  const total = net + tax;
  const advance = o.advance ?? 0;
  const withholding = o.withholding ?? 0;
  return { byRate, net, tax, total, advance, withholding, due: total - advance - withholding };
}

function sumOf(items: Item[]): number {
  return items.reduce((a, i) => a + i.amount, 0);
}

/** A key value and the form in which the document prints it. */
interface V {
  k: string;
  p: string;
}
const v = (k: string, p: string = k): V => ({ k, p });

interface KeyFields {
  number: string | null;
  issue_date: string | null;
  due_date: string | null;
  currency: string | null;
  total_net: string | null;
  total_tax: string | null;
  total: string | null;
  amount_due: string | null;
  tax_breakdown: { rate: string; net: string; tax: string }[];
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

interface Spec {
  name: string;
  gen: Gen;
  ext: 'xhtml' | 'abw' | 'rtf' | 'tex';
  pages: number;
  typeCode: '380' | '381';
  country: string;
  items: Item[];
  totals: Totals;
  /** Printed form of an amount (magnitude; credit notes may print a sign in front of it). */
  money: (c: number) => string;
  /** Printed form of a VAT rate. */
  rate: (r: string) => string;
  number: V;
  issue: V;
  due?: V;
  currency: V;
  seller: string;
  sellerVat?: V;
  reg?: V;
  email?: string;
  iban?: V;
  bic?: string;
  payref?: V;
  po?: V;
  buyerRef?: V;
  buyer: string;
  buyerVat?: V;
  /** Further strings that must come back from the PDF (distractors with check digits, advance, withholding…). */
  extra?: string[];
  /** Totals must appear on the last page only (two-page documents with carried-forward subtotals). */
  totalsLastOnly?: boolean;
  /** Strings that must be on every page (carried forward / brought forward subtotal…). */
  perPage?: string[][];
  ids?: IdCheck[];
  source: string;
}

interface Doc extends Spec {
  fields: KeyFields;
  printed: { what: string; text: string }[];
}

function vatKind(v: string): IdKind {
  if (v.startsWith('GB')) return 'gb_vat';
  if (v.startsWith('CHE')) return 'ch_vat';
  return 'eu_vat';
}

function finish(s: Spec): Doc {
  const t = s.totals;
  const mag = (c: number): string => keyAmt(Math.abs(c));
  const fields: KeyFields = {
    number: s.number.k,
    issue_date: s.issue.k,
    due_date: s.due?.k ?? null,
    currency: s.currency.k,
    total_net: mag(t.net),
    total_tax: mag(t.tax),
    total: mag(t.total),
    amount_due: mag(t.due),
    tax_breakdown: t.byRate.map((r) => ({ rate: r.rate, net: mag(r.net), tax: mag(r.tax) })),
    seller_name: s.seller,
    seller_vat_id: s.sellerVat?.k ?? null,
    seller_registration_id: s.reg?.k ?? null,
    seller_email: s.email ?? null,
    iban: s.iban?.k ?? null,
    bic: s.bic ?? null,
    payment_reference: s.payref?.k ?? null,
    purchase_order: s.po?.k ?? null,
    buyer_reference: s.buyerRef?.k ?? null,
    buyer_name: s.buyer,
    buyer_vat_id: s.buyerVat?.k ?? null,
  };
  const printed: { what: string; text: string }[] = [];
  const add = (what: string, text: string | undefined): void => {
    if (text !== undefined) printed.push({ what, text });
  };
  add('number', s.number.p);
  add('issue_date', s.issue.p);
  add('due_date', s.due?.p);
  add('currency', s.currency.p);
  add('total_net', s.money(t.net));
  add('total_tax', s.money(t.tax));
  add('total', s.money(t.total));
  add('amount_due', s.money(t.due));
  for (const r of t.byRate) {
    add(`rate ${r.rate}`, s.rate(r.rate));
    add(`net ${r.rate}`, s.money(r.net));
    add(`tax ${r.rate}`, s.money(r.tax));
  }
  add('seller_name', s.seller);
  add('seller_vat_id', s.sellerVat?.p);
  add('seller_registration_id', s.reg?.p);
  add('seller_email', s.email);
  add('iban', s.iban?.p);
  add('bic', s.bic);
  add('payment_reference', s.payref?.p);
  add('purchase_order', s.po?.p);
  add('buyer_reference', s.buyerRef?.p);
  add('buyer_name', s.buyer);
  add('buyer_vat_id', s.buyerVat?.p);
  if (t.advance) add('advance', s.money(t.advance));
  if (t.withholding) add('withholding', s.money(t.withholding));
  for (const x of s.extra ?? []) add('extra', x);
  for (const i of s.items) add(`line ${i.desc.slice(0, 24)}`, s.money(i.amount));

  const ids: IdCheck[] = [...(s.ids ?? [])];
  if (s.iban) ids.push({ kind: 'iban', value: s.iban.k });
  if (s.bic) ids.push({ kind: 'bic', value: s.bic });
  for (const x of [s.sellerVat, s.buyerVat]) if (x) ids.push({ kind: vatKind(x.k), value: x.k });
  if (s.payref) {
    const r = s.payref.k;
    if (r.startsWith('RF')) ids.push({ kind: 'rf', value: r });
    else if (r.length === 27) ids.push({ kind: 'qrref', value: r });
    else if (r.length === 12 && s.payref.p.startsWith('+++')) ids.push({ kind: 'be_ogm', value: r });
  }
  for (const i of ids) i.doc = s.name;
  return { ...s, ids, fields, printed };
}

// ────────────────────────────────────────────────────────────────────────────
// Generator kits
// ────────────────────────────────────────────────────────────────────────────

/** XML text escape (XHTML and AbiWord). */
function xe(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// MuPDF XHTML ------------------------------------------------------------------
// MuPDF 1.21's HTML engine lays tables out with EQUAL column widths (width/colgroup/table-layout are
// ignored), overlaps several block children of one cell, ignores colspan/rowspan, floats, position,
// inline-block, height and negative margins. Everything below therefore uses top-level full-width tables
// whose cells hold inline content only (lines joined with <br/>), and plain blocks with margins,
// padding, borders and widths, which do work. Built-in fonts (Nimbus, Charis) and several system fonts
// (DejaVu, Gentium, FreeFont, TeX Gyre) come back as U+FB01… ligatures or U+2010 hyphens in pdftotext;
// Liberation 2.x has neither, so all MuPDF files embed Liberation Sans/Serif/Mono via @font-face.

const LIB = '/usr/share/fonts/truetype/liberation2';
const MUPDF_FONTS = ['Sans', 'Serif', 'Mono']
  .flatMap((fam) =>
    [
      ['normal', 'normal', 'Regular'],
      ['bold', 'normal', 'Bold'],
      ['normal', 'italic', 'Italic'],
      ['bold', 'italic', 'BoldItalic'],
    ].map(
      ([w, st, f]) =>
        `@font-face { font-family: "L${fam}"; font-weight: ${w}; font-style: ${st}; src: url("${LIB}/Liberation${fam}-${f}.ttf"); }`,
    ),
  )
  .join('\n');

const MUPDF_BASE = `body { font-family: "LSans"; font-size: 9pt; line-height: 1.25; color: #111111; margin: 0; }
table { width: 100%; border-collapse: collapse; }
td { vertical-align: top; padding: 0; text-align: left; }
td.hd { font-weight: bold; }
p { margin: 0 0 4pt 0; }
.r { text-align: right; }
.c { text-align: center; }
.small { font-size: 7.5pt; }
.muted { color: #555555; }`;

function xhtmlDoc(lang: string, margin: string, css: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="${lang}" lang="${lang}">
<head>
<meta charset="UTF-8"/>
<style>
${MUPDF_FONTS}
@page { size: 210mm 297mm; margin: ${margin}; }
${MUPDF_BASE}
${css}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * A top-level table of equal-width columns; cells are inline markup, "\n" becomes <br/>. The header row is
 * made of <td class="hd"> cells (MuPDF ignores text-align on <th>). No cell borders: MuPDF 1.21 draws each
 * cell's border box at that cell's own content height, so borders only go on the enclosing <div>s.
 */
function xtable(
  rows: string[][],
  o: { cls?: string; align?: string[]; head?: string[]; rowCls?: (string | undefined)[] } = {},
): string {
  const cell = (c: string, i: number, extra?: string): string => {
    const cls = [extra, o.align?.[i]].filter((x) => x).join(' ');
    return `<td${cls ? ` class="${cls}"` : ''}>${c.replace(/\n/g, '<br/>')}</td>`;
  };
  const head = o.head ? `<tr>${o.head.map((c, i) => cell(c, i, 'hd')).join('')}</tr>\n` : '';
  const body = rows
    .map(
      (r, y) =>
        `<tr${o.rowCls?.[y] ? ` class="${o.rowCls[y]}"` : ''}>${r.map((c, i) => cell(c, i)).join('')}</tr>`,
    )
    .join('\n');
  return `<table${o.cls ? ` class="${o.cls}"` : ''}>\n${head}${body}\n</table>`;
}

// AbiWord native AWML -----------------------------------------------------------

interface ACell {
  /** Markup (already escaped); "\n" separates paragraphs. */
  t: string;
  /** Paragraph props, e.g. "text-align:right; font-weight:bold". */
  p?: string;
  /** Extra cell props, e.g. "bot-style:1; background-color:e6e6e6". */
  c?: string;
}

function abwDoc(o: {
  lang: string;
  font: string;
  size: string;
  section: string;
  header?: string;
  footer?: string;
  body: string;
}): string {
  const hf = `${o.header ? ' header="hdr"' : ''}${o.footer ? ' footer="ftr"' : ''}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE abiword PUBLIC "-//ABISOURCE//DTD AWML 1.0 Strict//EN" "http://www.abisource.com/awml.dtd">
<abiword template="false" xmlns="http://www.abisource.com/awml.dtd" xmlns:awml="http://www.abisource.com/awml.dtd" xmlns:fo="http://www.w3.org/1999/XSL/Format" xmlns:svg="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dc="http://purl.org/dc/elements/1.1/" fileformat="1.1" version="3.0.5" xml:space="preserve" props="dom-dir:ltr; lang:${o.lang}">
<metadata>
<m key="dc.format">application/x-abiword</m>
<m key="dc.creator">press-blind</m>
</metadata>
<styles>
<s type="P" name="Normal" basedon="" followedby="Current Settings" props="font-family:${o.font}; font-size:${o.size}; margin-top:0pt; margin-bottom:0pt; margin-left:0pt; margin-right:0pt; text-indent:0in; line-height:1.0; color:000000; text-align:left; widows:2; lang:${o.lang}"/>
</styles>
<pagesize pagetype="A4" orientation="portrait" width="210.000000" height="297.000000" units="mm" page-scale="1.000000"/>
<section props="${o.section}"${hf}>
${o.body}
</section>
${o.header ? `<section id="hdr" type="header">\n${o.header}\n</section>\n` : ''}${o.footer ? `<section id="ftr" type="footer">\n${o.footer}\n</section>\n` : ''}</abiword>
`;
}

function ap(content: string, props = ''): string {
  return `<p style="Normal"${props ? ` props="${props}"` : ''}>${content}</p>`;
}
function ar(content: string, props: string): string {
  return `<c props="${props}">${content}</c>`;
}

const NOBORDER = 'left-style:0; right-style:0; top-style:0; bot-style:0';

function atable(widths: string[], rows: ACell[][], tprops = ''): string {
  const out: string[] = [
    `<table props="table-column-props:${widths.map((w) => `${w}/`).join('')}; ${NOBORDER}${tprops ? `; ${tprops}` : ''}">`,
  ];
  rows.forEach((r, y) => {
    r.forEach((c, x) => {
      const paras = c.t.split('\n').map((line) => ap(line, c.p ?? ''));
      out.push(
        `<cell props="left-attach:${x}; right-attach:${x + 1}; top-attach:${y}; bot-attach:${y + 1}; ${NOBORDER}${c.c ? `; ${c.c}` : ''}">${paras.join('')}</cell>`,
      );
    });
  });
  out.push('</table>');
  return out.join('\n');
}

// RTF (read by AbiWord's own importer) --------------------------------------------

function re(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '\\' || ch === '{' || ch === '}') out += `\\${ch}`;
    else if (ch === '\n') out += '\\line ';
    else if (cp > 127) out += `\\u${cp > 32767 ? cp - 65536 : cp}?`;
    else out += ch;
  }
  return out;
}

interface RCell {
  t: string;
  al?: 'l' | 'r' | 'c';
  b?: boolean;
  /** Borders: any of t, b, l, r. */
  br?: string;
  shade?: boolean;
}

/** One table row; edges are the right cell boundaries in twips from the left margin. */
function rrow(edges: number[], cells: RCell[], size = 18): string {
  const defs = cells
    .map((c, i) => {
      const br = [...(c.br ?? '')]
        .map((s) => `\\clbrdr${s === 'l' ? 'l' : s === 'r' ? 'r' : s === 't' ? 't' : 'b'}\\brdrs\\brdrw10`)
        .join('');
      return `${c.shade ? '\\clcbpat2' : ''}${br}\\cellx${edges[i] ?? 0}`;
    })
    .join('');
  const body = cells
    .map(
      (c) =>
        `\\pard\\intbl\\plain\\f0\\fs${size}${c.al === 'r' ? '\\qr' : c.al === 'c' ? '\\qc' : '\\ql'}${c.b ? '\\b ' : ' '}${re(c.t)}${c.b ? '\\b0' : ''}\\cell`,
    )
    .join('\n');
  return `\\trowd\\trgaph70\\trleft0${defs}\n${body}\n\\row\n`;
}

function rtfDoc(o: {
  fonts: string[];
  margins: string;
  header?: string;
  footer?: string;
  body: string;
}): string {
  const fonts = o.fonts.map((f, i) => `{\\f${i}\\fnil\\fcharset0 ${f};}`).join('');
  return `{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1
{\\fonttbl${fonts}}
{\\colortbl;\\red0\\green0\\blue0;\\red232\\green232\\blue232;\\red90\\green90\\blue90;}
{\\info{\\author press-blind}}
\\paperw11906\\paperh16838${o.margins}
${o.header ? `{\\header ${o.header}}\n` : ''}${o.footer ? `{\\footer ${o.footer}}\n` : ''}${o.body}
}
`;
}

// ConTeXt ---------------------------------------------------------------------------

/** TeX escape for ConTeXt text. */
function te(s: string): string {
  return s
    .replace(/\\/g, '\\textbackslash ')
    .replace(/([&%$#_{}])/g, '\\$1')
    .replace(/~/g, '\\lettertilde ')
    .replace(/\^/g, '\\letterhat ')
    .replace(/\u202f/g, '\\,')
    .replace(/\n/g, '\\\\ ');
}

function ctxDoc(o: {
  name: string;
  font: string;
  size: string;
  lang: string;
  layout: string;
  setup?: string;
  body: string;
}): string {
  const id = createHash('md5').update(`press-blind/${o.name}`).digest('hex').toUpperCase();
  return `% ${o.name}: generated by scripts/make-press-invoices.ts (ConTeXt MkIV)
% Determinism: pin os.date/os.time (XMP dates, random seed for the uuids), the PDF dates and the trailer id.
\\startluacode
local fixed = ${EPOCH}
local osdate, ostime = os.date, os.time
os.date = function(f, t) return osdate(f, t or fixed) end
os.time = function(t) if t then return ostime(t) end return fixed end
backends.timestamp = function() return "2026-01-01T00:00:00+00:00" end
lpdf.settime("2026-01-01T00:00:00+00:00")
\\stopluacode
\\pdfvariable trailerid {[<${id}> <${id}>]}
% Plain ASCII apostrophes and hyphens: no TeX replacements/ligatures for ' -- ---.
\\definefontfeature[default][default][trep=no,tlig=no]
\\setuppapersize[A4][A4]
\\setupbodyfont[${o.font},${o.size}]
\\mainlanguage[${o.lang}]
\\language[${o.lang}]
\\setupwhitespace[none]
\\setupindenting[no]
\\setuppagenumbering[location=]
\\setuplayout[${o.layout}]
\\setupinteraction[state=stop]
${o.setup ?? ''}
% From here on "%" is an ordinary character (VAT rates are printed as 19 %).
\\catcode\`\\%=12
\\starttext
\\nohyphens
${o.body}
\\stoptext
`;
}

// ════════════════════════════════════════════════════════════════════════════
// MuPDF documents (XHTML + CSS → mutool convert)
// ════════════════════════════════════════════════════════════════════════════

/** en-1: UK SaaS subscription, header grid of labelled boxes, discount line, service period. */
function en1(): Doc {
  const name = 'en-1-mupdf-saas';
  const m = (c: number): string => fmtNum(c, 'en');
  const items = [
    item('Growth plan – per seat, monthly', '25', '38.00', '20'),
    item('Seats added 14 Jan 2026, pro rata (18 days)', '3', '19.43', '20'),
    item('Additional storage, 500 GB block', '1', '45.00', '20'),
    item('Premium support add-on', '1', '120.00', '20'),
    lump('Annual commitment discount 5% on plan', -4750, '20'),
  ];
  const t = calc(items);
  const vat = gbVat('3184471', '97');
  const buyerVat = gbVat('2041187', '9755');
  const iban = ibanFrom('GB', 'NMOR30915740129384');
  const bic = 'NMORGB21';
  const gbVatP = (x: string): string => `GB ${x.slice(2, 5)} ${x.slice(5, 9)} ${x.slice(9)}`;
  const issue = v('2026-02-01', fmtDate('2026-02-01', 'long', 'en'));
  const due = v('2026-03-03', fmtDate('2026-03-03', 'long', 'en'));
  const box = (label: string, value: string): string =>
    `<span class="lbl">${label}</span><br/><b>${value}</b>`;
  const rows = items.map((i) => [
    xe(i.desc),
    i.qty ?? '',
    i.price ? fmtDec(i.price, 'en', 2) : '',
    m(i.amount),
  ]);
  const css = `
.band { background-color: #1d3557; color: #ffffff; padding: 4mm 5mm; margin-bottom: 5mm; }
.band .brand { font-size: 17pt; font-weight: bold; }
.band .tag { font-size: 8pt; }
.title { font-size: 13pt; font-weight: bold; margin: 0 0 2mm 0; }
table.grid { margin-bottom: 1mm; }
table.grid td { background-color: #e7ecf3; border-left: 2pt solid #ffffff; padding: 0; font-size: 8.5pt; }
.lbl { font-size: 6.5pt; color: #5b6b80; }
table.parties { margin: 5mm 0 4mm 0; }
table.items td.hd { background-color: #e7ecf3; color: #1d3557; }
.rule { border-top: 1pt solid #1d3557; margin: 1mm 0 1mm 0; }
.totbox { margin-left: 88mm; margin-top: 2mm; }
.grand { margin-left: 88mm; border-top: 1pt solid #1d3557; border-bottom: 1pt solid #1d3557; font-weight: bold; margin-bottom: 2mm; }
.pay { margin-top: 6mm; border: 0.6pt solid #9aa7b8; padding: 3mm; }
.foot { margin-top: 8mm; border-top: 0.5pt solid #9aa7b8; padding-top: 2mm; font-size: 7pt; color: #555555; text-align: center; }`;
  const body = `
<div class="band"><span class="brand">cloudlark</span><br/><span class="tag">Cloudlark Analytics Ltd · analytics that explain themselves</span></div>
<p class="title">TAX INVOICE</p>
${xtable(
  [
    [
      box('Invoice number', 'CLA-INV-004518'),
      box('Invoice date', issue.p),
      box('Payment due', due.p),
      box('Account ID', 'ACC-77120'),
    ],
    [
      box('Purchase order', 'PO-44817'),
      box('Your reference', 'Studio ops / R. Patel'),
      box('Billing period', '1 Feb 2026 – 28 Feb 2026'),
      box('Currency', 'GBP'),
    ],
  ],
  { cls: 'grid' },
)}
${xtable(
  [
    [
      `<span class="lbl">BILLED TO</span><br/><b>Fenwick &amp; Hale Architects LLP</b><br/>Accounts Payable<br/>2 Quayside Studios<br/>Newcastle upon Tyne NE1 3DX<br/>VAT reg. no. ${gbVatP(buyerVat)}`,
      `<span class="lbl">FROM</span><br/><b>Cloudlark Analytics Ltd</b><br/>4th Floor, 18 Tanner Row<br/>York YO1 6JB<br/>billing@cloudlark.example<br/>VAT reg. no. ${gbVatP(vat)}`,
      `<span class="lbl">SUBSCRIPTION</span><br/>Plan: Growth (annual commitment)<br/>Subscription ID: sub_8KQ2M1<br/>Renewal date: 1 Nov 2026<br/>Seats in use: 28`,
    ],
  ],
  { cls: 'parties' },
)}
${xtable(rows, { cls: 'items', head: ['Description', 'Qty', 'Unit price (£)', 'Amount (£)'], align: ['', 'r', 'r', 'r'] })}
<div class="rule"></div>
<div class="totbox">${xtable(
    [
      ['Subtotal (excl. VAT)', m(t.net)],
      [`VAT at ${fmtRate('20', 'en', false)} on ${m(t.net)}`, m(t.tax)],
      ['<b>Total (GBP)</b>', `<b>£${m(t.total)}</b>`],
      ['Amount paid', '0.00'],
    ],
    { align: ['', 'r'] },
  )}</div>
<div class="grand">${xtable([['Balance due', `£${m(t.due)}`]], { align: ['', 'r'] })}</div>
<div class="pay"><b>How to pay</b><br/>
Bank transfer to Cloudlark Analytics Ltd, Northmoor Bank plc, sort code 30-91-57, account 40129384.<br/>
From outside the UK: IBAN ${ibanGroups(iban)} · BIC ${bic}<br/>
Please pay by ${due.p} and quote the invoice number CLA-INV-004518 with your payment.
Card payments: log in to app.cloudlark.example › Billing.</div>
<div class="foot">Cloudlark Analytics Ltd is registered in England and Wales, company number 10482267. Registered office: 4th Floor, 18 Tanner Row, York YO1 6JB.<br/>
Questions about this invoice? billing@cloudlark.example · +44 1904 555 0142 · VAT reg. no. ${gbVatP(vat)}</div>`;
  return finish({
    name,
    gen: 'mupdf',
    ext: 'xhtml',
    pages: 1,
    typeCode: '380',
    country: 'GB',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'en', false),
    number: v('CLA-INV-004518'),
    issue,
    due,
    currency: v('GBP'),
    seller: 'Cloudlark Analytics Ltd',
    sellerVat: v(vat, gbVatP(vat)),
    reg: v('10482267'),
    email: 'billing@cloudlark.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    po: v('PO-44817'),
    buyerRef: v('Studio ops / R. Patel'),
    buyer: 'Fenwick & Hale Architects LLP',
    buyerVat: v(buyerVat, gbVatP(buyerVat)),
    source: xhtmlDoc('en-GB', '14mm 16mm 14mm 16mm', css, body),
  });
}

/** en-4: Irish haulage, consignment table, fuel surcharge, early-payment discount, a second (sterling) account. */
function en4(): Doc {
  const name = 'en-4-mupdf-haulage';
  const m = (c: number): string => fmtNum(c, 'en');
  const d = (iso: string): string => fmtDate(iso, 'mon', 'en');
  const cons = [
    { date: '2026-03-02', docket: '44120', route: 'Limerick – Dublin Port', pal: '12', price: '38.50' },
    { date: '2026-03-02', docket: '44121', route: 'Limerick – Cork (Ringaskiddy)', pal: '8', price: '31.00' },
    { date: '2026-03-03', docket: '44127', route: 'Shannon – Galway', pal: '6', price: '27.50' },
    { date: '2026-03-04', docket: '44133', route: 'Limerick – Waterford', pal: '10', price: '33.00' },
  ];
  const items = cons.map((c) => item(`${c.route} (docket ${c.docket})`, c.pal, c.price, '23'));
  const haul = sumOf(items);
  items.push(item('Fuel surcharge 7.5% on haulage', keyAmt(haul), '0.075', '23'));
  items.push(item('Waiting time Ringaskiddy, 1.5 h @ 45.00', '1.5', '45.00', '23'));
  const t = calc(items);
  const vat = ieVat('3628127', 'H');
  const buyerVat = ieVat('8251046', 'A');
  const iban = ibanFrom('IE', 'BMUN93115220418377');
  const iban2 = ibanFrom('GB', 'UCHB95013061527740');
  const bic = 'BMUNIE2D';
  const issue = v('2026-03-05', d('2026-03-05'));
  const due = v('2026-04-04', d('2026-04-04'));
  const conRows = cons.map((c, i) => [
    d(c.date),
    c.docket,
    xe(c.route),
    `${c.pal} pallets @ ${c.price}`,
    m(items[i]?.amount ?? 0),
  ]);
  const fuel = items[4];
  const wait = items[5];
  const css = `
body { font-size: 9.5pt; }
.head { border-bottom: 2pt solid #b5651d; padding-bottom: 2mm; margin-bottom: 4mm; }
.head .n { font-size: 18pt; font-weight: bold; color: #b5651d; }
.addr { margin: 6mm 0 6mm 0; }
.inv { font-size: 15pt; font-weight: bold; margin: 0 0 2mm 0; }
.cons { margin-top: 5mm; border-top: 1pt solid #333333; border-bottom: 1pt solid #333333; }
table.cons td.hd { background-color: #f0e4d6; }
.sum { margin-left: 80mm; margin-top: 2mm; }
.g { margin-left: 80mm; font-weight: bold; border-top: 1pt solid #333333; border-bottom: 2pt solid #333333; }
.ask { margin-top: 6mm; padding: 3mm; background-color: #f6efe7; }
.foot { margin-top: 10mm; font-size: 7pt; color: #444444; border-top: 0.5pt solid #999999; padding-top: 2mm; }`;
  const body = `
<div class="head"><span class="n">SHANNONSIDE HAULAGE</span><br/>Unit 7, Ballycummin Business Park, Raheen, Limerick V94 XK20 · Tel 061 555 0187 · Fax 061 555 0188 · accounts@shannonside-haulage.example</div>
<div class="addr">Atlantic Seaboard Foods Ltd<br/>Attn: Accounts Payable<br/>Deise Road, Ballygunner<br/>Waterford X91 T2C4<br/>VAT No. ${buyerVat}</div>
<p class="inv">INVOICE</p>
${xtable(
  [
    ['Invoice No.', 'SH-26-01174', 'Your order no.', 'ASF-PO-88213'],
    ['Invoice date', issue.p, 'Account', 'ATL-0042'],
    ['Due date', due.p, 'Period', `${d('2026-03-02')} to ${d('2026-03-04')}`],
  ],
  { cls: 'meta' },
)}
<div class="cons">${xtable(conRows, { cls: 'cons', head: ['Date', 'Docket', 'Route', 'Load', 'Amount €'], align: ['', '', '', '', 'r'] })}</div>
<div class="sum">${xtable(
    [
      ['Haulage', m(haul)],
      ['Fuel surcharge 7.5%', m(fuel?.amount ?? 0)],
      ['Waiting time 1.5 h', m(wait?.amount ?? 0)],
      ['Total excl. VAT', m(t.net)],
      [`VAT @ ${fmtRate('23', 'en', false)}`, m(t.tax)],
    ],
    { align: ['', 'r'] },
  )}</div>
<div class="g">${xtable([['TOTAL EUR', `€${m(t.total)}`]], { align: ['', 'r'] })}</div>
<div class="ask">Please remit <b>€${m(t.due)}</b> by ${due.p} to our euro account below, quoting invoice number SH-26-01174.
A settlement discount of 2% (€${m(divHalfUp(t.total * 2, 100))}) may be taken if payment reaches us by ${d('2026-03-15')}.<br/>
<b>EUR account:</b> Bank of Munster, Limerick · IBAN ${ibanGroups(iban)} · BIC ${bic}<br/>
Sterling payments only: Ulster Channel Bank, Newry · sort code 95-01-30 · IBAN ${ibanGroups(iban2)}</div>
<div class="foot">Shannonside Haulage Ltd · Registered in Ireland No. 512893 · Registered office: Unit 7, Ballycummin Business Park, Raheen, Limerick ·
VAT Reg. No. ${vat} · Directors: P. Hogan, M. Hogan, S. Culhane · All goods carried subject to CMR / RHA conditions of carriage.</div>`;
  return finish({
    name,
    gen: 'mupdf',
    ext: 'xhtml',
    pages: 1,
    typeCode: '380',
    country: 'IE',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'en', false),
    number: v('SH-26-01174'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Shannonside Haulage Ltd',
    sellerVat: v(vat),
    reg: v('512893'),
    email: 'accounts@shannonside-haulage.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    po: v('ASF-PO-88213'),
    buyer: 'Atlantic Seaboard Foods Ltd',
    buyerVat: v(buyerVat),
    extra: [ibanGroups(iban2)],
    ids: [{ kind: 'iban', value: iban2 }],
    source: xhtmlDoc('en-IE', '15mm 17mm 14mm 17mm', css, body),
  });
}

/** de-2: Austrian food wholesale, 28 lines over two pages, 10 % and 20 %, Übertrag, Skonto, FN, Jänner. */
function de2(): Doc {
  const name = 'de-2-mupdf-wholesale';
  const m = (c: number): string => fmtNum(c, 'de');
  const art: [string, string, string, string, string, string][] = [
    ['10233', 'Sonnenblumenöl 5 l', '6', 'Kan', '11.90', '10'],
    ['10241', 'Rapsöl kaltgepresst 1 l', '12', 'Fl', '4.35', '10'],
    ['11502', 'Weizenmehl W480 25 kg', '4', 'Sack', '18.60', '10'],
    ['11518', 'Roggenmehl R960 10 kg', '2', 'Sack', '12.40', '10'],
    ['12007', 'Kristallzucker 10 kg', '3', 'Sack', '11.20', '10'],
    ['13120', 'Tomaten passiert 3 kg', '8', 'Dose', '4.95', '10'],
    ['13144', 'Essiggurken 5 kg', '2', 'Eimer', '14.80', '10'],
    ['14010', 'Butter 82 % 10 kg', '1', 'Kt', '92.50', '10'],
    ['14032', 'Schlagobers 36 % 1 l', '18', 'Pk', '3.65', '10'],
    ['14055', 'Topfen 20 % 5 kg', '3', 'Kübel', '14.20', '10'],
    ['15201', 'Emmentaler gerieben 1 kg', '6', 'Btl', '9.85', '10'],
    ['16004', 'Eier Bodenhaltung M', '360', 'Stk', '0.27', '10'],
    ['17110', 'Kalbsschnitzel TK 2,5 kg', '4', 'Kt', '48.90', '10'],
    ['17134', 'Backhendl Teile TK 5 kg', '3', 'Kt', '31.40', '10'],
    ['17160', 'Pommes frites TK 10 kg', '5', 'Kt', '16.75', '10'],
    ['18002', 'Spätzle frisch 2 kg', '6', 'Btl', '5.90', '10'],
    ['18021', 'Semmelknödel TK 60 Stk', '2', 'Kt', '19.80', '10'],
    ['19330', 'Kaffee Bohne Crema 1 kg', '6', 'Pk', '17.40', '10'],
    ['19345', 'Schwarztee Beutel 100 Stk', '4', 'Pk', '4.10', '10'],
    ['20510', 'Apfelsaft naturtrüb 1 l', '24', 'Fl', '1.29', '20'],
    ['20522', 'Mineralwasser prickelnd 1 l', '48', 'Fl', '0.46', '20'],
    ['20540', 'Holunderblütensirup 1 l', '6', 'Fl', '5.80', '20'],
    ['30102', 'Servietten 3-lagig 40x40', '10', 'Pk', '6.30', '20'],
    ['30118', 'Alufolie 45 cm 150 m', '4', 'Rolle', '12.90', '20'],
    ['30125', 'Frischhaltefolie 45 cm', '4', 'Rolle', '9.60', '20'],
    ['31007', 'Geschirrspülmittel 10 l', '2', 'Kan', '21.50', '20'],
    ['31019', 'Flächendesinfektion 5 l', '3', 'Kan', '18.40', '20'],
    ['31044', 'Müllsäcke 120 l 25 Stk', '6', 'Rolle', '4.20', '20'],
  ];
  const items = art.map(([no, desc, qty, unit, price, rate]) =>
    item(desc, qty, price, rate, { unit, ref: no }),
  );
  const t = calc(items);
  const split = 15;
  const p1 = items.slice(0, split);
  const p2 = items.slice(split);
  const carried = sumOf(p1);
  const vat = atVat('5128740');
  const buyerVat = atVat('6873019');
  const iban = ibanFrom('AT', '3600000527104183');
  const bic = 'TBBKAT2IXXX';
  const issue = v('2026-01-27', fmtDate('2026-01-27', 'long', 'at'));
  const due = v('2026-02-26', fmtDate('2026-02-26', 'dd.mm.yyyy'));
  const row = (i: Item): string[] => [
    i.ref ?? '',
    xe(i.desc),
    `${i.qty} ${i.unit ?? ''}`,
    fmtDec(i.price ?? '0', 'de', 2),
    fmtRate(i.rate, 'de', true),
    m(i.amount),
  ];
  const head = ['Art.-Nr.', 'Bezeichnung', 'Menge', 'Einzelpreis €', 'USt', 'Betrag €'];
  const al = ['', '', 'r', 'r', 'r', 'r'];
  const css = `
body { font-size: 8.6pt; }
.lh { text-align: right; font-size: 8pt; color: #2f5d3a; border-bottom: 1.5pt solid #2f5d3a; padding-bottom: 1.5mm; margin-bottom: 3mm; }
.lh .n { font-size: 15pt; font-weight: bold; }
.win { margin: 2mm 0 5mm 0; width: 85mm; }
.win .abs { font-size: 6.5pt; border-bottom: 0.4pt solid #777777; margin-bottom: 1mm; }
.doc { font-size: 13pt; font-weight: bold; margin: 0 0 2mm 0; }
table.kopf td { background-color: #e9efe9; border-left: 2pt solid #ffffff; padding: 0; }
.k { font-size: 6.5pt; color: #4d6655; }
.pos { margin-top: 4mm; border-bottom: 0.8pt solid #2f5d3a; }
table.pos td.hd { background-color: #2f5d3a; color: #ffffff; }
.ueb { font-weight: bold; margin-bottom: 1mm; }
.ust { margin-left: 60mm; }
.end { margin-left: 60mm; font-weight: bold; border-top: 1pt solid #2f5d3a; border-bottom: 1pt solid #2f5d3a; }
.fuss { margin-top: 6mm; font-size: 6.8pt; color: #444444; border-top: 0.5pt solid #2f5d3a; padding-top: 1.5mm; }
.pg { text-align: right; font-size: 7pt; color: #555555; }
.brk { page-break-before: always; }`;
  const kopf = xtable(
    [
      [
        `<span class="k">Rechnungs-Nr.</span><br/><b>26-004417</b>`,
        `<span class="k">Rechnungsdatum</span><br/>${issue.p}`,
        `<span class="k">Kunden-Nr.</span><br/>40331`,
        `<span class="k">Ihre Bestellung</span><br/>Nr. 2026-0193 vom 20.01.2026`,
      ],
      [
        `<span class="k">Lieferschein</span><br/>LS-88412 vom 26.01.2026`,
        `<span class="k">Lieferdatum</span><br/>26.01.2026`,
        `<span class="k">Fällig am</span><br/>${due.p}`,
        `<span class="k">Ihre UID-Nr.</span><br/>${buyerVat}`,
      ],
    ],
    { cls: 'kopf' },
  );
  const fuss = `<div class="fuss">Alpengrün Gastro-Großhandel GmbH · Industriestraße 14 · 6020 Innsbruck · Tel. +43 512 555 318-0 · Fax +43 512 555 318-19 · office@alpengruen-gastro.example<br/>
Firmenbuch: FN 438821 m, Landesgericht Innsbruck · UID: ${vat} · Tiroler Bergbank · IBAN ${ibanGroups(iban)} · BIC ${bic}</div>`;
  const ust = t.byRate.map((r) => [`USt ${fmtRate(r.rate, 'de', true)} von ${m(r.net)}`, m(r.tax)]);
  const body = `
<div class="lh"><span class="n">Alpengrün</span><br/>Gastro-Großhandel GmbH · Industriestraße 14 · 6020 Innsbruck</div>
<div class="win"><div class="abs">Alpengrün GmbH, Industriestraße 14, 6020 Innsbruck</div>Gasthof Zur Post Haslinger KG<br/>z. H. Frau Maria Haslinger<br/>Dorfplatz 3<br/>6100 Seefeld in Tirol</div>
<p class="doc">RECHNUNG</p>
${kopf}
<div class="pos">${xtable(p1.map(row), { cls: 'pos', head, align: al })}</div>
<div class="ueb">${xtable([['', '', 'Übertrag auf Seite 2', m(carried)]], { align: ['', '', '', 'r'] })}</div>
<p class="pg">Seite 1 von 2</p>
${fuss}
<div class="brk"></div>
<p><b>Alpengrün Gastro-Großhandel GmbH</b> – Rechnung Nr. 26-004417 vom ${issue.p} – Kunden-Nr. 40331</p>
<div class="ueb">${xtable([['', '', 'Übertrag von Seite 1', m(carried)]], { align: ['', '', '', 'r'] })}</div>
<div class="pos">${xtable(p2.map(row), { cls: 'pos', head, align: al })}</div>
<div class="ust">${xtable([['Summe netto', m(t.net)], ...ust, ['Summe USt', m(t.tax)]], { align: ['', 'r'] })}</div>
<div class="end">${xtable([['Rechnungsbetrag EUR', m(t.total)]], { align: ['', 'r'] })}</div>
<p style="margin-top:4mm">Zahlbar bis ${due.p} netto. Bei Zahlung bis 06.02.2026 gewähren wir 2 % Skonto (${m(divHalfUp(t.total * 2, 100))} EUR).
Bitte geben Sie bei der Überweisung die Rechnungsnummer 26-004417 an. Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.</p>
<p class="pg">Seite 2 von 2</p>
${fuss}`;
  return finish({
    name,
    gen: 'mupdf',
    ext: 'xhtml',
    pages: 2,
    typeCode: '380',
    country: 'AT',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', true),
    number: v('26-004417'),
    issue,
    due,
    currency: v('EUR'),
    seller: 'Alpengrün Gastro-Großhandel GmbH',
    sellerVat: v(vat),
    reg: v('FN 438821 m'),
    email: 'office@alpengruen-gastro.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    po: v('2026-0193'),
    buyer: 'Gasthof Zur Post Haslinger KG',
    buyerVat: v(buyerVat),
    totalsLastOnly: true,
    perPage: [[`Übertrag auf Seite 2 ${m(carried)}`], [`Übertrag von Seite 1 ${m(carried)}`]],
    ids: [{ kind: 'at_fn', value: 'FN 438821m' }],
    source: xhtmlDoc('de-AT', '12mm 14mm 12mm 18mm', css, body),
  });
}

/** de-4: German Rechnungskorrektur (credit note, type 381) printing negative amounts, ISO dates, serif, two parties side by side. */
function de4(): Doc {
  const name = 'de-4-mupdf-credit';
  const m = (c: number): string => fmtNum(c, 'de');
  const neg = (c: number): string => `-${m(c)}`;
  const items = [
    item('Rücknahme Bürodrehstuhl „Ergo Pro 3D“, schwarz (Lieferschein 88120)', '2', '389.00', '19', {
      unit: 'Stk',
      ref: 'BD-3140',
    }),
    item('Preisnachlass Schreibtisch „Linea 180“ – Kratzer Tischplatte', '1', '120.00', '19', {
      unit: 'Psch',
      ref: 'ST-1802',
    }),
    item('Rückgabe Fachbuch „Arbeitsrecht kompakt 2026“', '3', '49.90', '7', { unit: 'Stk', ref: 'BU-0071' }),
  ];
  const t = calc(items);
  const vat = deVat('31847205');
  const buyerVat = deVat('26519043');
  const iban = ibanFrom('DE', '860500000004417203');
  const bic = 'MDHBDE8LXXX';
  const issue = v('2026-02-09');
  const css = `
body { font-family: "LSerif"; font-size: 9.5pt; }
.top { font-size: 20pt; font-weight: bold; letter-spacing: 0.5pt; margin-bottom: 1mm; }
.sub { font-size: 8pt; color: #555555; border-bottom: 0.8pt solid #000000; padding-bottom: 2mm; margin-bottom: 5mm; }
table.par td { padding: 0 4mm 0 0; }
.lab { font-size: 7pt; color: #666666; }
h1 { font-size: 14pt; margin: 7mm 0 1mm 0; }
.ref { margin: 0 0 4mm 0; }
.pos { border-top: 0.8pt solid #000000; border-bottom: 0.8pt solid #000000; }
table.pos td.hd { background-color: #eeeeee; }
.sum { margin-left: 85mm; margin-top: 2mm; }
.tot { margin-left: 85mm; border-top: 0.8pt solid #000000; border-bottom: 2pt solid #000000; font-weight: bold; }
.note { margin-top: 6mm; }
.foot { margin-top: 12mm; font-size: 7pt; color: #444444; border-top: 0.5pt solid #000000; padding-top: 2mm; }`;
  const rows = items.map((i) => [
    i.ref ?? '',
    xe(i.desc),
    `${fmtDec(i.qty ?? '1', 'de')} ${i.unit ?? ''}`,
    neg(lineCents('1', i.price ?? '0')),
    fmtRate(i.rate, 'de', true),
    neg(i.amount),
  ]);
  const body = `
<div class="top">Weißenfels &amp; Söhne</div>
<div class="sub">Büroeinrichtung Weißenfels &amp; Söhne GmbH · Gutenbergring 31 · 04109 Leipzig · Telefon 0341 555 2090 · Telefax 0341 555 2099</div>
${xtable(
  [
    [
      `<span class="lab">Empfänger der Korrektur</span><br/><b>Kanzlei Dr. Oberländer Steuerberatung PartG mbB</b><br/>Frau Sigrid Lindqvist<br/>Karl-Heine-Straße 88<br/>04229 Leipzig<br/>USt-IdNr. ${buyerVat}`,
      `<span class="lab">Aussteller</span><br/><b>Büroeinrichtung Weißenfels &amp; Söhne GmbH</b><br/>Gutenbergring 31<br/>04109 Leipzig<br/>service@weissenfels-buero.example<br/>USt-IdNr. ${vat}`,
    ],
  ],
  { cls: 'par' },
)}
<h1>Rechnungskorrektur Nr. RK-2026-0031</h1>
<p class="ref">Datum: ${issue.p} · Kunden-Nr. K-20417 · Ihr Zeichen: Fr. Lindqvist / Reklamation 14<br/>
Korrektur zur Rechnung Nr. RE-2026-00871 vom 2026-01-14 (Lieferung vom 2026-01-12, Auftrag AB-26-0144)</p>
<div class="pos">${xtable(rows, { cls: 'pos', head: ['Art.-Nr.', 'Bezeichnung', 'Menge', 'Einzelpreis €', 'USt', 'Betrag €'], align: ['', '', 'r', 'r', 'r', 'r'] })}</div>
<div class="sum">${xtable(
    [
      ['Summe netto', `${neg(t.net)} €`],
      ...t.byRate.map((r) => [
        `zzgl. ${fmtRate(r.rate, 'de', true)} USt auf ${neg(r.net)} €`,
        `${neg(r.tax)} €`,
      ]),
      ['Summe USt', `${neg(t.tax)} €`],
    ],
    { align: ['', 'r'] },
  )}</div>
<div class="tot">${xtable([['Gutschriftsbetrag', `${neg(t.total)} €`]], { align: ['', 'r'] })}</div>
<p class="note">Der Gutschriftsbetrag von ${m(t.total)} € wird mit Ihrer nächsten Rechnung verrechnet. Eine Auszahlung erfolgt nur auf ausdrücklichen Wunsch.
Bitte bewahren Sie diese Rechnungskorrektur zusammen mit der ursprünglichen Rechnung auf.</p>
<div class="foot">Büroeinrichtung Weißenfels &amp; Söhne GmbH · Sitz Leipzig · Amtsgericht Leipzig HRB 30714 · Geschäftsführer: Friedrich Weißenfels, Jonas Weißenfels<br/>
USt-IdNr. ${vat} · Steuernummer 231/118/04529 · Mitteldeutsche Handelsbank · IBAN ${ibanGroups(iban)} · BIC ${bic}</div>`;
  return finish({
    name,
    gen: 'mupdf',
    ext: 'xhtml',
    pages: 1,
    typeCode: '381',
    country: 'DE',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', true),
    number: v('RK-2026-0031'),
    issue,
    currency: v('EUR', '€'),
    seller: 'Büroeinrichtung Weißenfels & Söhne GmbH',
    sellerVat: v(vat),
    reg: v('HRB 30714'),
    email: 'service@weissenfels-buero.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyerRef: v('Fr. Lindqvist / Reklamation 14'),
    buyer: 'Kanzlei Dr. Oberländer Steuerberatung PartG mbB',
    buyerVat: v(buyerVat),
    extra: ['RE-2026-00871', '231/118/04529'],
    ids: [{ kind: 'de_stnr', value: '23111804529' }],
    source: xhtmlDoc('de-DE', '16mm 18mm 14mm 22mm', css, body),
  });
}

/** fr-2: Belgian printer (French), 6 % and 21 %, communication structurée, totals box, delivery-note distractor. */
function fr2(): Doc {
  const name = 'fr-2-mupdf-structured';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    item('Impression livre « Sentiers de Meuse », 224 p., quadri', '1200', '4.85', '6', { unit: 'ex.' }),
    item('Reliure cousue, couverture pelliculée mate', '1200', '0.95', '6', { unit: 'ex.' }),
    item('Affiches A2 quadri, papier 170 g', '300', '1.20', '21', { unit: 'ex.' }),
    item('Flyers A5 recto/verso, 135 g', '5000', '0.046', '21', { unit: 'ex.' }),
    item('Frais de calage et épreuves couleur', '1', '185.00', '21', { unit: 'forfait' }),
    item('Livraison Liège – Dinant (2 palettes)', '1', '95.00', '21', { unit: 'forfait' }),
  ];
  const t = calc(items);
  const vat = beVat('07418392');
  const buyerVat = beVat('04520187');
  const beP = (x: string): string => `BE ${x.slice(2, 6)}.${x.slice(6, 9)}.${x.slice(9)}`;
  const iban = ibanFrom('BE', beBban('063', '4417282'));
  const bic = 'VMOSBEB1';
  const com = ogm('0902026014');
  const issue = v('2026-02-12', fmtDate('2026-02-12', 'dd/mm/yyyy'));
  const due = v('2026-03-14', fmtDate('2026-03-14', 'dd/mm/yyyy'));
  const rows = items.map((i) => [
    xe(i.desc),
    `${fmtDec(i.qty ?? '', 'de')} ${i.unit ?? ''}`,
    fmtDec(i.price ?? '', 'de', 2),
    fmtRate(i.rate, 'de', false),
    m(i.amount),
  ]);
  const css = `
body { font-size: 9pt; }
.logo { font-size: 19pt; font-weight: bold; color: #7a1f3d; }
.logo2 { font-size: 8pt; color: #7a1f3d; margin-bottom: 6mm; }
.dest { margin-left: 100mm; margin-bottom: 8mm; font-size: 9.5pt; }
.t { font-size: 16pt; font-weight: bold; color: #7a1f3d; margin-bottom: 2mm; }
table.meta td { background-color: #f3e9ed; border-left: 2pt solid #ffffff; padding: 0; }
.lab { font-size: 6.5pt; color: #7a1f3d; }
.lig { margin-top: 5mm; border-bottom: 0.8pt solid #7a1f3d; }
table.lig td.hd { background-color: #7a1f3d; color: #ffffff; }
.tva { margin-top: 4mm; width: 100mm; }
table.tva td.hd { background-color: #f3e9ed; }
.totbox { margin-left: 100mm; margin-top: 2mm; border: 1pt solid #7a1f3d; padding: 1.5mm; }
.com { margin-top: 5mm; border: 1.5pt solid #7a1f3d; padding: 2.5mm; font-size: 10pt; }
.foot { margin-top: 8mm; font-size: 7pt; color: #555555; text-align: center; border-top: 0.5pt solid #7a1f3d; padding-top: 2mm; }`;
  const body = `
<div class="logo">Imprimerie du Val Mosan</div>
<div class="logo2">Impression offset &amp; numérique · Rue des Tanneurs 42 · 4020 Liège · Tél. 04 555 27 81 · compta@valmosan-imprimerie.example</div>
<div class="dest"><b>Éditions de la Haute-Meuse ASBL</b><br/>À l'attention de M. Philippe Lenoir<br/>Place Reine Astrid 6<br/>5500 Dinant<br/>TVA ${beP(buyerVat)}</div>
<div class="t">FACTURE</div>
${xtable(
  [
    [
      `<span class="lab">Facture n°</span><br/><b>2026/0142</b>`,
      `<span class="lab">Date de facture</span><br/>${issue.p}`,
      `<span class="lab">Échéance</span><br/>${due.p}`,
      `<span class="lab">N° client</span><br/>3318`,
    ],
    [
      `<span class="lab">Votre bon de commande</span><br/>EHM-2026-07`,
      `<span class="lab">Bon de livraison</span><br/>BL 5531 du 10/02/2026`,
      `<span class="lab">Date de livraison</span><br/>10/02/2026`,
      `<span class="lab">Devis</span><br/>D-25-0917`,
    ],
  ],
  { cls: 'meta' },
)}
<div class="lig">${xtable(rows, { cls: 'lig', head: ['Désignation', 'Quantité', 'P.U. HTVA €', 'TVA', 'Montant HTVA €'], align: ['', 'r', 'r', 'r', 'r'] })}</div>
<div class="tva">${xtable(
    t.byRate.map((r) => [fmtRate(r.rate, 'de', false), m(r.net), m(r.tax)]),
    { cls: 'tva', head: ['Taux TVA', 'Base HTVA', 'Montant TVA'], align: ['', 'r', 'r'] },
  )}</div>
<div class="totbox">${xtable(
    [
      ['Total HTVA', `${m(t.net)} €`],
      ['Total TVA', `${m(t.tax)} €`],
      ['<b>Total TVAC à payer</b>', `<b>${m(t.total)} €</b>`],
    ],
    { align: ['', 'r'] },
  )}</div>
<div class="com">Merci de verser le montant de <b>${m(t.due)} €</b> au plus tard le ${due.p} sur le compte <b>${ibanGroups(iban)}</b> (BIC ${bic})
avec la communication structurée <b>${ogmPrinted(com)}</b>.</div>
<p style="margin-top:3mm" class="small">Taux réduit de 6 % : livres (tableau A, rubrique XXIV de l'AR n° 20). En cas de non-paiement à l'échéance, un intérêt de retard de 1 % par mois et une indemnité forfaitaire de 10 % (min. 50 €) seront dus de plein droit.</p>
<div class="foot">Imprimerie du Val Mosan SRL · Siège social : Rue des Tanneurs 42, 4020 Liège · RPM Liège, division Liège · TVA ${beP(vat)} · IBAN ${ibanGroups(iban)} · BIC ${bic}</div>`;
  return finish({
    name,
    gen: 'mupdf',
    ext: 'xhtml',
    pages: 1,
    typeCode: '380',
    country: 'BE',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('2026/0142'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Imprimerie du Val Mosan SRL',
    sellerVat: v(vat, beP(vat)),
    email: 'compta@valmosan-imprimerie.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    payref: v(com, ogmPrinted(com)),
    po: v('EHM-2026-07'),
    buyer: 'Éditions de la Haute-Meuse ASBL',
    buyerVat: v(buyerVat, beP(buyerVat)),
    source: xhtmlDoc('fr-BE', '14mm 16mm 14mm 18mm', css, body),
  });
}

/** nl-1: Dutch SaaS to a German buyer, BTW verlegd 0 %, SEPA mandate, service period, sidebar-like first row. */
function nl1(): Doc {
  const name = 'nl-1-mupdf-reverse';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    item('Datakoers Cloud ERP – licentie Business (periode 01-02-2026 t/m 28-02-2026)', '12', '42.50', '0', {
      unit: 'gebruikers',
    }),
    item('Extra opslag 250 GB', '1', '19.00', '0', { unit: 'maand' }),
    item('API-koppeling webshop (Shopware)', '1', '75.00', '0', { unit: 'maand' }),
    item('Implementatie-uren januari 2026', '6.5', '95.00', '0', { unit: 'uur' }),
  ];
  const t = calc(items);
  const vat = nlVat('81462093');
  const buyerVat = deVat('29417305');
  const iban = ibanFrom('NL', 'DKRS0417298356');
  const bic = 'DKRSNL2A';
  const buyerIban = ibanFrom('DE', '480501610043002911');
  const credNat = '741029580000';
  const credId = `NL${pad2(98 - mod97(alnumToDigits(`${credNat}NL00`)))}ZZZ${credNat}`;
  const issue = v('2026-02-01', fmtDate('2026-02-01', 'dd-mm-yyyy'));
  const due = v('2026-02-15', fmtDate('2026-02-15', 'dd-mm-yyyy'));
  const rows = items.map((i) => [
    xe(i.desc),
    `${fmtDec(i.qty ?? '', 'de')} ${i.unit ?? ''}`,
    `€ ${fmtDec(i.price ?? '', 'de', 2)}`,
    `€ ${m(i.amount)}`,
  ]);
  const css = `
body { font-size: 9pt; }
table.top td { padding: 0 0 0 0; }
.brand { font-size: 22pt; font-weight: bold; color: #0b7a75; }
.side { font-size: 7.5pt; color: #333333; }
.to { margin: 8mm 0 6mm 0; }
h1 { font-size: 15pt; color: #0b7a75; margin: 0 0 2mm 0; }
table.kv td { padding: 0; }
.regels { margin-top: 5mm; border-bottom: 0.8pt solid #0b7a75; }
table.regels td.hd { background-color: #dff1f0; color: #0b7a75; }
.tot { margin-left: 95mm; margin-top: 2mm; }
.tot2 { margin-left: 95mm; border-top: 1pt solid #0b7a75; font-weight: bold; font-size: 10.5pt; }
.verlegd { margin-top: 5mm; padding: 2mm 3mm; border-left: 3pt solid #0b7a75; background-color: #f2f8f8; }
.incasso { margin-top: 4mm; }
.foot { margin-top: 10mm; border-top: 0.5pt solid #0b7a75; padding-top: 2mm; font-size: 7pt; color: #555555; }`;
  const body = `
${xtable(
  [
    [
      `<span class="brand">datakoers</span>`,
      '',
      `<span class="side"><b>Datakoers B.V.</b><br/>Stationsplein 12<br/>3511 ED Utrecht<br/>Nederland<br/>T +31 30 555 7120<br/>facturen@datakoers.example</span>`,
    ],
  ],
  { cls: 'top' },
)}
<div class="to">Brauhaus Lindenhof GmbH<br/>z. Hd. Buchhaltung<br/>Lindenstraße 8<br/>33602 Bielefeld<br/>Duitsland<br/>USt-IdNr. / btw-nummer afnemer: ${buyerVat}</div>
<h1>Factuur</h1>
${xtable(
  [
    ['Factuurnummer', 'DK2026-0211', 'Klantnummer', 'DK-10388'],
    ['Factuurdatum', issue.p, 'Uw ordernummer', 'BL-4471'],
    ['Vervaldatum', due.p, 'Abonnement', 'ERP-BUS-0388'],
  ],
  { cls: 'kv' },
)}
<div class="regels">${xtable(rows, { cls: 'regels', head: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'], align: ['', 'r', 'r', 'r'] })}</div>
<div class="tot">${xtable(
    [
      ['Subtotaal', `€ ${m(t.net)}`],
      [`Btw ${fmtRate('0', 'de', false)} (verlegd)`, `€ ${m(t.tax)}`],
    ],
    { align: ['', 'r'] },
  )}</div>
<div class="tot2">${xtable([['Totaal te betalen', `€ ${m(t.total)}`]], { align: ['', 'r'] })}</div>
<div class="verlegd"><b>Btw verlegd</b> – intracommunautaire dienst, artikel 44 en 196 Richtlijn 2006/112/EG. De btw wordt verschuldigd door de afnemer (Steuerschuldnerschaft des Leistungsempfängers).</div>
<div class="incasso">Het totaalbedrag wordt op of omstreeks ${fmtDate('2026-02-08', 'dd-mm-yyyy')} via SEPA-incasso afgeschreven van uw rekening ${ibanGroups(buyerIban)}.
Incassant-ID ${credId} · machtigingskenmerk DK-MND-00417. Liever zelf overmaken? Gebruik IBAN ${ibanGroups(iban)} (BIC ${bic}) o.v.v. het factuurnummer.</div>
<div class="foot">Datakoers B.V. · KvK 74102958 · btw-id ${vat} · IBAN ${ibanGroups(iban)} · Op al onze diensten zijn de algemene voorwaarden van Datakoers B.V. van toepassing.</div>`;
  return finish({
    name,
    gen: 'mupdf',
    ext: 'xhtml',
    pages: 1,
    typeCode: '380',
    country: 'NL',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('DK2026-0211'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Datakoers B.V.',
    sellerVat: v(vat),
    reg: v('74102958'),
    email: 'facturen@datakoers.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    po: v('BL-4471'),
    buyer: 'Brauhaus Lindenhof GmbH',
    buyerVat: v(buyerVat),
    extra: [credId],
    ids: [{ kind: 'iban', value: buyerIban }],
    source: xhtmlDoc('nl-NL', '14mm 16mm 14mm 18mm', css, body),
  });
}

/** es-2: Spanish hotel folio printed by a property-management system: monospaced block, 10 % and 21 %, deposit deducted. */
function es2(): Doc {
  const name = 'es-2-mupdf-folio';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    item('Alojamiento hab. doble 214', '3', '118.00', '10'),
    item('Desayuno buffet', '6', '14.50', '10'),
    item('Restaurante El Mirador 04/03', '1', '68.40', '10'),
    item('Minibar', '1', '12.80', '10'),
    item('Aparcamiento cubierto', '3', '18.00', '21'),
    item('Circuito spa', '2', '25.00', '21'),
  ];
  const t = calc(items, { advance: 20000 });
  const cif = esCif('B', '1846205');
  const buyerCif = esCif('B', '1972340');
  const iban = ibanFrom('ES', esBban('0239', '0417', '3300418822'));
  const bic = 'MGNLESMMXXX';
  const issue = v('2026-03-05', fmtDate('2026-03-05', 'dd/mm/yyyy'));
  const W = 88;
  const line = (l: string, r: string): string => `${l.padEnd(W - r.length, ' ')}${r}`;
  const rule = '-'.repeat(W);
  const dates = ['02/03', '02/03', '04/03', '04/03', '05/03', '03/03'];
  const folio = [
    line('FECHA  CONCEPTO', 'CANT.    PRECIO  IVA     IMPORTE'),
    rule,
    ...items.map((i, k) => {
      const right = `${(i.qty ?? '').padStart(5)} ${fmtDec(i.price ?? '', 'de', 2).padStart(9)} ${fmtRate(i.rate, 'de', false).padStart(4)} ${m(i.amount).padStart(11)}`;
      return line(`${dates[k] ?? ''}  ${i.desc}`, right);
    }),
    rule,
    line('', `BASE IMPONIBLE ${m(t.net).padStart(11)}`),
    ...t.byRate.map((r) =>
      line('', `IVA ${fmtRate(r.rate, 'de', false)} s/ ${m(r.net)} ${m(r.tax).padStart(11)}`),
    ),
    line('', `TOTAL IVA ${m(t.tax).padStart(11)}`),
    line('', `TOTAL FACTURA EUR ${m(t.total).padStart(11)}`),
    line('', `ANTICIPO RECIBIDO 21/02/2026 -${m(t.advance).padStart(10)}`),
    line('', `PENDIENTE DE PAGO EUR ${m(t.due).padStart(11)}`),
    rule,
  ].join('\n');
  const css = `
body { font-size: 9pt; }
.hotel { text-align: center; font-family: "LSerif"; font-size: 18pt; letter-spacing: 1pt; }
.stars { text-align: center; font-size: 8pt; color: #6b5a2e; margin-bottom: 5mm; }
.cli { border: 0.6pt solid #6b5a2e; padding: 2mm 3mm; margin-bottom: 4mm; }
pre { font-family: "LMono"; font-size: 7.8pt; line-height: 1.2; margin: 0; }
.pie { margin-top: 8mm; font-size: 7pt; color: #555555; text-align: center; }`;
  const head = [
    line(`FACTURA N.º A-2026-01842`, `FECHA ${issue.p}`),
    line('HABITACION 214   RESERVA RES-884213', 'LLEGADA 02/03/2026  SALIDA 05/03/2026'),
    line('HUESPED: Sr. Tomás Ibáñez Ruiz', 'ADULTOS 2  REGIMEN AD'),
    line('CAJERO: RECEP2   TERMINAL: FO-03', 'FOLIO 1/1'),
  ].join('\n');
  const body = `
<div class="hotel">HOTEL MIRADOR DEL GENIL</div>
<div class="stars">★★★★ · Paseo de la Bomba 9 · 18008 Granada · Tel. 958 555 310 · recepcion@miradorgenil.example</div>
<div class="cli"><b>Congresos Alhambra Eventos S.L.</b><br/>C/ Recogidas 41, 3.º B · 18005 Granada<br/>CIF: ${buyerCif} · Su referencia: Congreso SEDAR 2026 / Ibáñez</div>
<pre>${xe(head)}</pre>
<pre>
${xe(folio)}
</pre>
<p style="margin-top:4mm">Forma de pago: transferencia bancaria del importe pendiente a ${ibanGroups(iban)} · BIC ${bic}, indicando el n.º de factura A-2026-01842.
Anticipo con tarjeta VISA ****4417 cobrado el 21/02/2026.</p>
<div class="pie">Hotel Mirador del Genil S.L. · CIF ${cif} · Inscrita en el Registro Mercantil de Granada, Tomo 1482, Folio 117, Hoja GR-38215 · Registro de Turismo de Andalucía H/GR/01277<br/>
Los precios incluyen el servicio. IVA incluido en la liquidación según el desglose anterior.</div>`;
  return finish({
    name,
    gen: 'mupdf',
    ext: 'xhtml',
    pages: 1,
    typeCode: '380',
    country: 'ES',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('A-2026-01842'),
    issue,
    currency: v('EUR'),
    seller: 'Hotel Mirador del Genil S.L.',
    sellerVat: v(`ES${cif}`, cif),
    reg: v('GR-38215'),
    email: 'recepcion@miradorgenil.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyerRef: v('Congreso SEDAR 2026 / Ibáñez'),
    buyer: 'Congresos Alhambra Eventos S.L.',
    buyerVat: v(`ES${buyerCif}`, buyerCif),
    ids: [
      { kind: 'es_cif', value: cif },
      { kind: 'es_cif', value: buyerCif },
    ],
    source: xhtmlDoc('es-ES', '14mm 16mm 14mm 18mm', css, body),
  });
}

/** it-2: Italian fruit & vegetable wholesale, 26 lines on two pages (riporto), 4/10/22 %, two bank accounts, PEC, REA, capitale sociale. */
function it2(): Doc {
  const name = 'it-2-mupdf-wholesale';
  const m = (c: number): string => fmtNum(c, 'de');
  const art: [string, string, string, string, string, string][] = [
    ['OR101', 'Pomodori ramati cat. I', 'kg', '45', '1.38', '4'],
    ['OR104', 'Zucchine chiare', 'kg', '30', '1.65', '4'],
    ['OR110', 'Insalata gentile', 'cs', '12', '6.40', '4'],
    ['OR118', 'Patate a pasta gialla', 'kg', '80', '0.72', '4'],
    ['OR122', 'Cipolle dorate', 'kg', '40', '0.85', '4'],
    ['OR131', 'Carote lavate', 'kg', '35', '0.78', '4'],
    ['OR140', 'Melanzane nere', 'kg', '20', '1.90', '4'],
    ['OR152', 'Peperoni misti', 'kg', '18', '2.45', '4'],
    ['FR201', 'Limoni Amalfi IGP', 'kg', '15', '2.90', '4'],
    ['FR205', 'Arance tarocco', 'kg', '40', '1.25', '4'],
    ['FR214', 'Mele Golden Alto Adige', 'kg', '36', '1.55', '4'],
    ['FR220', 'Fragole 250 g', 'vass', '24', '1.95', '4'],
    ['FR231', 'Kiwi Latina', 'kg', '12', '2.10', '4'],
    ['ER301', 'Basilico genovese DOP', 'maz', '20', '0.95', '4'],
    ['ER305', 'Prezzemolo riccio', 'maz', '15', '0.60', '4'],
    ['TR401', 'Funghi champignon', 'kg', '10', '3.80', '10'],
    ['TR409', 'Olive taggiasche 1 kg', 'bar', '4', '12.60', '10'],
    ['TR412', 'Pomodori secchi 500 g', 'bar', '6', '5.40', '10'],
    ['TR420', 'Legumi lessati 2,5 kg', 'lat', '8', '4.75', '10'],
    ['SU501', 'Succo ACE 1 l', 'bott', '24', '1.12', '22'],
    ['SU508', 'Acqua minerale 0,5 l', 'conf', '10', '3.20', '22'],
    ['IM601', 'Cassette in legno a rendere', 'pz', '30', '0.50', '22'],
    ['IM605', 'Sacchetti compostabili', 'conf', '5', '4.90', '22'],
    ['IM610', 'Vaschette alluminio 1 kg', 'conf', '6', '7.30', '22'],
    ['TR900', 'Trasporto refrigerato', 'vg', '2', '35.00', '22'],
    ['TR905', 'Contributo ambientale CONAI', 'vg', '1', '2.40', '22'],
  ];
  const items = art.map(([c, d, um, q, p, r]) => item(d, q, p, r, { unit: um, ref: c }));
  const t = calc(items);
  const split = 14;
  const p1 = items.slice(0, split);
  const p2 = items.slice(split);
  const carried = sumOf(p1);
  const piva = itPiva('0473219015');
  const buyerPiva = itPiva('0928813012');
  const iban = ibanFrom('IT', itBban('03069', '01620', '000012735894'));
  const iban2 = ibanFrom('IT', itBban('08453', '33200', '000000208117'));
  const bic = 'BLTIITMMXXX';
  const issue = v('2026-02-27', fmtDate('2026-02-27', 'dd/mm/yyyy'));
  const due = v('2026-03-31', fmtDate('2026-03-31', 'dd/mm/yyyy'));
  const row = (i: Item): string[] => [
    i.ref ?? '',
    xe(i.desc),
    i.unit ?? '',
    fmtDec(i.qty ?? '', 'de'),
    fmtDec(i.price ?? '', 'de', 2),
    fmtRate(i.rate, 'de', false),
    m(i.amount),
  ];
  const head = ['Codice', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo €', 'IVA', 'Importo €'];
  const al = ['', '', '', 'r', 'r', 'r', 'r'];
  const css = `
body { font-size: 8.5pt; }
table.intest td { padding: 0; }
.rs { font-size: 15pt; font-weight: bold; color: #1f5f2a; }
.piccolo { font-size: 7.5pt; }
.spett { font-size: 9pt; }
.doc { margin-top: 5mm; font-size: 12pt; font-weight: bold; }
table.dati td { background-color: #eaf2e6; border-left: 2pt solid #ffffff; padding: 0; }
.l { font-size: 6.5pt; color: #1f5f2a; }
.righe { margin-top: 3mm; border-top: 0.8pt solid #1f5f2a; border-bottom: 0.8pt solid #1f5f2a; }
table.righe td.hd { background-color: #1f5f2a; color: #ffffff; }
.rip { font-weight: bold; margin: 1mm 0 1mm 0; }
.riep { margin-top: 3mm; }
table.riep td.hd { background-color: #eaf2e6; }
.tot { margin-left: 90mm; margin-top: 3mm; border: 1pt solid #1f5f2a; padding: 1mm; font-weight: bold; font-size: 10pt; }
.pag { margin-top: 4mm; }
.pie { margin-top: 5mm; font-size: 6.8pt; color: #444444; border-top: 0.5pt solid #1f5f2a; padding-top: 1.5mm; }
.nr { text-align: right; font-size: 7pt; }
.brk { page-break-before: always; }`;
  const pie = `<div class="pie">Ortofrutta Padana Ingrosso S.r.l. · Via dei Mercati 18 · 20138 Milano · C.F. e P.IVA ${piva} · R.E.A. MI-1712044 · Registro Imprese di Milano · Capitale sociale € 50.000,00 i.v.<br/>
Tel. 02 555 41 20 · amministrazione@ortofruttapadana.example · PEC ortofruttapadana@pec.example</div>`;
  const intest = xtable(
    [
      [
        `<span class="rs">Ortofrutta Padana</span><br/><span class="piccolo">Ingrosso S.r.l. · Mercato Agroalimentare, Box 112-114<br/>Via dei Mercati 18 · 20138 Milano</span>`,
        `<span class="spett">Spett.le<br/><b>Il Navigante S.a.s. di Bassi Luca &amp; C.</b><br/>Ristorante Il Navigante<br/>Ripa di Porta Ticinese 55<br/>20143 Milano<br/>P.IVA ${buyerPiva} · Cod. SDI M5UXCR1</span>`,
      ],
    ],
    { cls: 'intest' },
  );
  const dati = xtable(
    [
      [
        `<span class="l">Documento</span><br/><b>Fattura n. 412/2026</b>`,
        `<span class="l">Data</span><br/>${issue.p}`,
        `<span class="l">Cod. cliente</span><br/>C-0871`,
        `<span class="l">Vs. ordine</span><br/>77/NAV del 20/02/2026`,
      ],
      [
        `<span class="l">DDT</span><br/>n. 1187 del 25/02/2026`,
        `<span class="l">DDT</span><br/>n. 1203 del 26/02/2026`,
        `<span class="l">Pagamento</span><br/>Bonifico 30 gg d.f.f.m.`,
        `<span class="l">Scadenza</span><br/>${due.p}`,
      ],
    ],
    { cls: 'dati' },
  );
  const body = `
${intest}
<div class="doc">FATTURA</div>
${dati}
<div class="righe">${xtable(p1.map(row), { cls: 'righe', head, align: al })}</div>
<div class="rip">${xtable([['', '', 'A riportare', m(carried)]], { align: ['', '', '', 'r'] })}</div>
<p class="nr">Pagina 1 di 2</p>
${pie}
<div class="brk"></div>
<p><b>Ortofrutta Padana Ingrosso S.r.l.</b> – Fattura n. 412/2026 del ${issue.p} – Cliente C-0871 Ristorante Il Navigante</p>
<div class="rip">${xtable([['', '', 'Riporto da pagina 1', m(carried)]], { align: ['', '', '', 'r'] })}</div>
<div class="righe">${xtable(p2.map(row), { cls: 'righe', head, align: al })}</div>
<div class="riep">${xtable(
    [
      ...t.byRate.map((r) => [
        fmtRate(r.rate, 'de', false),
        m(r.net),
        m(r.tax),
        r.rate === '4' ? 'art. 16 DPR 633/72, Tab. A II' : '',
      ]),
      ['Totali', m(t.net), m(t.tax), ''],
    ],
    { cls: 'riep', head: ['Aliquota', 'Imponibile', 'Imposta', 'Note'], align: ['', 'r', 'r', ''] },
  )}</div>
<div class="tot">${xtable([['Totale documento €', m(t.total)]], { align: ['', 'r'] })}</div>
<p class="pag">Pagamento: bonifico bancario entro il ${due.p} su Banca Lombarda del Ticino, IBAN ${ibanGroups(iban)}, BIC ${bic}.<br/>
Appoggio alternativo: Credito Cooperativo della Brianza, IBAN ${ibanGroups(iban2)}. Indicare nella causale il numero della fattura.<br/>
Contributo CONAI assolto ove dovuto. Merce viaggiante a rischio e pericolo del committente.</p>
<p class="nr">Pagina 2 di 2</p>
${pie}`;
  return finish({
    name,
    gen: 'mupdf',
    ext: 'xhtml',
    pages: 2,
    typeCode: '380',
    country: 'IT',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('412/2026'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Ortofrutta Padana Ingrosso S.r.l.',
    sellerVat: v(`IT${piva}`, piva),
    reg: v('MI-1712044'),
    email: 'amministrazione@ortofruttapadana.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    po: v('77/NAV'),
    buyer: 'Il Navigante S.a.s. di Bassi Luca & C.',
    buyerVat: v(`IT${buyerPiva}`, buyerPiva),
    totalsLastOnly: true,
    perPage: [[`A riportare ${m(carried)}`], [`Riporto da pagina 1 ${m(carried)}`]],
    extra: [ibanGroups(iban2)],
    ids: [{ kind: 'iban', value: iban2 }],
    source: xhtmlDoc('it-IT', '12mm 14mm 12mm 16mm', css, body),
  });
}

// ════════════════════════════════════════════════════════════════════════════
// AbiWord documents (native AWML and RTF → abiword --to=pdf)
// ════════════════════════════════════════════════════════════════════════════

function aframe(x: string, y: string, w: string, h: string, inner: string, extra = ''): string {
  return `<frame props="frame-type:textbox; wrap-mode:wrapped-both; position-to:page-above-text; frame-page-xpos:${x}; frame-page-ypos:${y}; frame-width:${w}; frame-height:${h}; ${NOBORDER}${extra ? `; ${extra}` : ''}">\n${inner}\n</frame>`;
}

/** en-2: UK business energy bill, address window and account-summary frames, 20 % and 5 %, previous balance, meter reads. */
function en2(): Doc {
  const name = 'en-2-abiword-utility';
  const m = (c: number): string => fmtNum(c, 'en');
  const items = [
    item('Electricity – day units', '3214', '0.2461', '20'),
    item('Electricity – night units', '1598', '0.1588', '20'),
    item('Electricity standing charge', '31', '0.582', '20'),
    item('Climate Change Levy', '4812', '0.00775', '20'),
    item('Gas – units (qualifying use)', '6920', '0.06142', '5'),
    item('Gas standing charge', '31', '0.3147', '5'),
  ];
  const unit = ['3,214 kWh', '1,598 kWh', '31 days', '4,812 kWh', '6,920 kWh', '31 days'];
  const rate = ['24.610p/kWh', '15.880p/kWh', '58.20p/day', '0.775p/kWh', '6.142p/kWh', '31.47p/day'];
  const t = calc(items);
  const vat = gbVat('4120938', '97');
  const iban = ibanFrom('GB', 'HBEL60831231926819');
  const bic = 'HBELGB2B';
  const issue = v('2026-01-14', fmtDate('2026-01-14', 'dd/mm/yyyy'));
  const due = v('2026-01-28', fmtDate('2026-01-28', 'dd/mm/yyyy'));
  const hd = 'background-color:dfe9e4; bot-style:1';
  const R = 'text-align:right';
  const elec = items.slice(0, 4);
  const gas = items.slice(4);
  const chargeRow = (i: Item, k: number): ACell[] => [
    { t: xe(i.desc) },
    { t: unit[k] ?? '', p: R },
    { t: rate[k] ?? '', p: R },
    { t: m(i.amount), p: R },
  ];
  const sub = (label: string, c: number): ACell[] => [
    { t: label, p: 'font-weight:bold' },
    { t: '' },
    { t: '' },
    { t: m(c), p: `${R}; font-weight:bold`, c: 'top-style:1' },
  ];
  const r20 = t.byRate.find((r) => r.rate === '20');
  const r5 = t.byRate.find((r) => r.rate === '5');
  const summary = [
    ap(ar('Account summary', 'font-weight:bold; font-size:11pt; color:0b5d3b')),
    ap(`Account number	441022730`, 'tabstops:70mm/R0'),
    ap(`Invoice number	73194402`, 'tabstops:70mm/R0'),
    ap(`Bill date	${issue.p}`, 'tabstops:70mm/R0'),
    ap(`Billing period	12/12/2025 – 11/01/2026`, 'tabstops:70mm/R0'),
    ap(`Previous balance	£412.60`, 'tabstops:70mm/R0; margin-top:4pt'),
    ap(`Payment received 02/01 – thank you	-£412.60`, 'tabstops:70mm/R0'),
    ap(`Balance brought forward	£0.00`, 'tabstops:70mm/R0'),
    ap(`Charges this bill (incl. VAT)	£${m(t.total)}`, 'tabstops:70mm/R0'),
    ap(
      ar(`Amount due	£${m(t.due)}`, 'font-weight:bold; font-size:11pt'),
      'tabstops:70mm/R0; margin-top:4pt',
    ),
    ap(`Please pay by ${due.p}`, 'margin-top:2pt'),
  ].join('\n');
  const body = `
${aframe('20mm', '48mm', '85mm', '38mm', [ap(ar('Harbourside Energy, PO Box 7731, Bristol BS1 9ZZ', 'font-size:6.5pt; text-decoration:underline')), ap('The Finance Officer'), ap("St Aidan's Community Trust"), ap('41 Chapel Lane'), ap('Gloucester'), ap('GL1 2AB')].join('\n'))}
${aframe('112mm', '44mm', '78mm', '52mm', summary, 'left-style:1; right-style:1; top-style:1; bot-style:1; background-color:f1f6f3')}
${ap(ar('harbourside', 'font-size:24pt; font-weight:bold; color:0b5d3b') + ar(' energy', 'font-size:24pt; color:0b5d3b'))}
${ap(ar('Business energy for the South West · harbourside-energy.example', 'font-size:8pt; color:555555'))}
${ap(ar('Your energy bill', 'font-size:15pt; font-weight:bold'), 'margin-top:62mm')}
${ap(`Supply address: St Aidan's Community Hall, 41 Chapel Lane, Gloucester GL1 2AB · Electricity MPAN 22 1408 7713 004 · Gas MPRN 7281104406`, 'font-size:8pt; margin-bottom:6pt')}
${atable(
  ['78mm', '32mm', '32mm', '28mm'],
  [
    [
      { t: 'Your charges', c: hd, p: 'font-weight:bold' },
      { t: 'Quantity', c: hd, p: `${R}; font-weight:bold` },
      { t: 'Unit rate', c: hd, p: `${R}; font-weight:bold` },
      { t: 'Amount (£)', c: hd, p: `${R}; font-weight:bold` },
    ],
    [{ t: 'Electricity, 12/12/2025 – 11/01/2026', p: 'font-style:italic' }, { t: '' }, { t: '' }, { t: '' }],
    ...elec.map((i, k) => chargeRow(i, k)),
    sub('Electricity charges before VAT', sumOf(elec)),
    [{ t: 'Gas, 12/12/2025 – 11/01/2026', p: 'font-style:italic' }, { t: '' }, { t: '' }, { t: '' }],
    ...gas.map((i, k) => chargeRow(i, k + 4)),
    sub('Gas charges before VAT', sumOf(gas)),
    [
      { t: 'Total before VAT', p: 'font-weight:bold' },
      { t: '' },
      { t: '' },
      { t: m(t.net), p: `${R}; font-weight:bold`, c: 'top-style:1' },
    ],
    [
      { t: `VAT at ${fmtRate('20', 'en', false)} on ${m(r20?.net ?? 0)}` },
      { t: '' },
      { t: '' },
      { t: m(r20?.tax ?? 0), p: R },
    ],
    [
      { t: `VAT at ${fmtRate('5', 'en', false)} on ${m(r5?.net ?? 0)} (charity non-business use)` },
      { t: '' },
      { t: '' },
      { t: m(r5?.tax ?? 0), p: R },
    ],
    [{ t: 'Total VAT' }, { t: '' }, { t: '' }, { t: m(t.tax), p: R }],
    [
      { t: 'Total charges this bill', p: 'font-weight:bold' },
      { t: '' },
      { t: '' },
      { t: `£${m(t.total)}`, p: `${R}; font-weight:bold`, c: 'top-style:1; bot-style:1' },
    ],
  ],
)}
${ap(ar('Meter readings', 'font-weight:bold'), 'margin-top:10pt')}
${atable(
  ['40mm', '30mm', '30mm', '30mm', '40mm'],
  [
    [
      { t: 'Meter', c: hd },
      { t: 'Previous (12/12/2025)', c: hd },
      { t: 'Latest (11/01/2026)', c: hd },
      { t: 'Units', c: hd },
      { t: 'Read type', c: hd },
    ],
    [{ t: 'E16UP04417 day' }, { t: '048213' }, { t: '051427' }, { t: '3214' }, { t: 'Smart (actual)' }],
    [{ t: 'E16UP04417 night' }, { t: '022904' }, { t: '024502' }, { t: '1598' }, { t: 'Smart (actual)' }],
    [{ t: 'G4A00918833' }, { t: '11873 m³' }, { t: '12488 m³' }, { t: '6920 kWh' }, { t: 'Customer read' }],
  ],
)}
${ap(ar('How to pay', 'font-weight:bold'), 'margin-top:10pt')}
${ap(`Bank transfer: Harbourside Energy Supply Ltd, sort code 60-83-12, account number 31926819. Please use your account number 441022730 as the payment reference.`)}
${ap(`International payments: IBAN ${ibanGroups(iban)}, BIC ${bic}. Card payments: 0117 555 0199 (Mon–Fri 8am–6pm).`)}
${ap(`Our 5% VAT rate applies to the gas supplied for your charity's non-business use as declared on 03/03/2024.`, 'font-size:8pt; margin-top:4pt')}`;
  const footer = ap(
    ar(
      `Harbourside Energy Supply Ltd · Registered office: 9 Wharf Street, Bristol BS1 4QH · Registered in England and Wales No. 11480273 · VAT No. ${vat.slice(2)} · business@harbourside-energy.example`,
      'font-size:7pt; color:444444',
    ),
    'text-align:center',
  );
  return finish({
    name,
    gen: 'abiword',
    ext: 'abw',
    pages: 1,
    typeCode: '380',
    country: 'GB',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'en', false),
    number: v('73194402'),
    issue,
    due,
    currency: v('GBP', '£'),
    seller: 'Harbourside Energy Supply Ltd',
    sellerVat: v(vat, vat.slice(2)),
    reg: v('11480273'),
    email: 'business@harbourside-energy.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    payref: v('441022730'),
    buyer: "St Aidan's Community Trust",
    source: abwDoc({
      lang: 'en-GB',
      font: 'Liberation Sans',
      size: '9pt',
      section:
        'page-margin-top:14mm; page-margin-bottom:18mm; page-margin-left:20mm; page-margin-right:20mm; page-margin-footer:8mm',
      footer,
      body,
    }),
  });
}

/** de-1: German plumbing & heating trade, DIN 5008 letter with frames, Abschlag deducted, § 35a labour share, Skonto, footer-only identifiers, two accounts. */
function de1(): Doc {
  const name = 'de-1-abiword-craftsman';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    item('Heizkreisverteiler 3-fach, Edelstahl, isoliert', '1', '486.00', '19', { unit: 'St' }),
    item('Hocheffizienzpumpe DN 25, 230 V', '3', '312.50', '19', { unit: 'St' }),
    item('Kugelhahn 1" mit Thermometer, rot/blau', '6', '28.90', '19', { unit: 'St' }),
    item('Dämmschalen für Verteiler und Pumpengruppen', '1', '94.00', '19', { unit: 'Psch' }),
    item('Kleinmaterial, Dichtmittel, Befestigung', '1', '46.80', '19', { unit: 'Psch' }),
    item('Monteurstunden Heizungsbau', '21.5', '62.00', '19', { unit: 'Std' }),
    item('Helferstunden', '14', '44.00', '19', { unit: 'Std' }),
    item('Anfahrtspauschale Regensburg Stadt', '4', '35.00', '19', { unit: 'x' }),
    item('Entsorgung Altmaterial (Pumpen, Verteiler)', '1', '38.50', '19', { unit: 'Psch' }),
  ];
  const t = calc(items, { advance: 150000 });
  const labour = (items[5]?.amount ?? 0) + (items[6]?.amount ?? 0);
  const vat = deVat('30582714');
  const iban = ibanFrom('DE', '750900000007716420');
  const iban2 = ibanFrom('DE', '753500000380112977');
  const bic = 'DVBRDE71XXX';
  const issue = v('2026-03-05', fmtDate('2026-03-05', 'dd.mm.yyyy'));
  const due = v('2026-03-19', fmtDate('2026-03-19', 'dd.mm.yyyy'));
  const R = 'text-align:right';
  const hd = 'bot-style:1; top-style:1; background-color:eeeeee';
  const info = [
    ['Rechnungsnummer', '2026-0412'],
    ['Rechnungsdatum', issue.p],
    ['Kundennummer', '10877'],
    ['Ihr Zeichen', 'LE/KS12-Heizung'],
    ['Ihr Auftrag vom', '02.02.2026'],
    ['Leistungszeitraum', '16.02.–27.02.2026'],
    ['Bearbeiter', 'Herr Brandl jun.'],
    ['Telefon', '0941 555 3120'],
  ]
    .map(([k, x]) => ap(`${ar(k ?? '', 'font-size:7.5pt; color:555555')}	${x ?? ''}`, 'tabstops:30mm/L0'))
    .join('\n');
  const tot = (label: string, amount: string, props = ''): string =>
    ap(`	${label}	${amount}`, `tabstops:75mm/L0,170mm/R0${props ? `; ${props}` : ''}`);
  const body = `
${aframe('20mm', '45mm', '85mm', '45mm', [ap(ar('Haustechnik Brandl GmbH · Mühlweg 7 · 93055 Regensburg', 'font-size:6.5pt; text-decoration:underline')), ap(''), ap('WEG Keplerstraße 12'), ap('c/o Hausverwaltung Lechner &amp; Partner GmbH'), ap('Frau Andrea Lechner'), ap('Dr.-Martin-Luther-Straße 3'), ap('93047 Regensburg')].join('\n'))}
${aframe('125mm', '50mm', '70mm', '40mm', info)}
${ap(ar('BRANDL', 'font-size:22pt; font-weight:bold; color:b0281c') + ar('  Haustechnik', 'font-size:14pt; color:b0281c'), 'text-align:right')}
${ap(ar('Sanitär · Heizung · Solar – Meisterbetrieb seit 1987', 'font-size:8pt; color:555555'), 'text-align:right')}
${ap(ar('Rechnung Nr. 2026-0412', 'font-size:13pt; font-weight:bold'), 'margin-top:68mm')}
${ap('Bauvorhaben: WEG Keplerstraße 12, 93047 Regensburg – Austausch Heizungsverteiler und Pumpengruppen', 'margin-bottom:6pt')}
${ap('Sehr geehrte Frau Lechner,')}
${ap('für die im Leistungszeitraum ausgeführten Arbeiten erlauben wir uns, wie folgt abzurechnen:', 'margin-bottom:6pt')}
${atable(
  ['10mm', '17mm', '13mm', '80mm', '23mm', '27mm'],
  [
    ['Pos.', 'Menge', 'Einh.', 'Bezeichnung', 'Einzelpreis', 'Gesamt €'].map((x, k) => ({
      t: x,
      c: hd,
      p: `font-weight:bold${k === 1 || k >= 4 ? `; ${R}` : ''}`,
    })),
    ...items.map((i, k) => [
      { t: String(k + 1) },
      { t: fmtDec(i.qty ?? '', 'de', 2), p: R },
      { t: i.unit ?? '' },
      { t: xe(i.desc) },
      { t: fmtDec(i.price ?? '', 'de', 2), p: R },
      { t: m(i.amount), p: R },
    ]),
  ],
  'table-line-thickness:0.5pt',
)}
${tot('Summe netto', m(t.net), 'margin-top:6pt')}
${tot(`zzgl. ${fmtRate('19', 'de', true)} USt.`, m(t.tax))}
${ap(`	${ar('Rechnungsbetrag', 'font-weight:bold')}	${ar(m(t.total), 'font-weight:bold')}`, 'tabstops:75mm/L0,170mm/R0')}
${tot('abzgl. Abschlagsrechnung 2026-0288 vom 12.02.2026', `-${m(t.advance)}`)}
${ap(`	${ar('Noch zu zahlen', 'font-weight:bold')}	${ar(`${m(t.due)} €`, 'font-weight:bold; text-decoration:underline')}`, 'tabstops:75mm/L0,170mm/R0; margin-bottom:8pt')}
${ap(`Bitte überweisen Sie den offenen Betrag bis zum ${due.p} ohne Abzug auf unser Konto bei der Donau-Volksbank Regensburg, IBAN ${ibanGroups(iban)}, BIC ${bic}. Bei Zahlung bis 12.03.2026 dürfen Sie 2 % Skonto auf den Restbetrag abziehen.`)}
${ap(`Im Rechnungsbetrag enthaltene Arbeits- und Fahrtkosten nach § 35a EStG: ${m(labour)} € netto zzgl. ${m(taxCents('19', labour))} € USt. = ${m(labour + taxCents('19', labour))} €.`, 'margin-top:4pt; font-size:8pt')}
${ap('Mit freundlichen Grüßen', 'margin-top:8pt')}
${ap('Thomas Brandl, Installateur- und Heizungsbauermeister', 'margin-top:10pt')}`;
  const footer = atable(
    ['57mm', '57mm', '57mm'],
    [
      [
        {
          t: 'Haustechnik Brandl GmbH\nMühlweg 7, 93055 Regensburg\nrechnung@brandl-haustechnik.example\nTel. 0941 555 3120 · Fax 0941 555 3129',
          p: 'font-size:6.8pt',
          c: 'top-style:1',
        },
        {
          t: `Donau-Volksbank Regensburg\nIBAN ${ibanGroups(iban)}\nBIC ${bic}\nSparkasse Oberpfalz-Nord\nIBAN ${ibanGroups(iban2)}`,
          p: 'font-size:6.8pt',
          c: 'top-style:1',
        },
        {
          t: `Sitz der Gesellschaft: Regensburg\nAmtsgericht Regensburg HRB 14862\nGeschäftsführer: Thomas Brandl\nUSt-IdNr. ${vat}\nSteuernummer 244/117/50348`,
          p: 'font-size:6.8pt',
          c: 'top-style:1',
        },
      ],
    ],
  );
  return finish({
    name,
    gen: 'abiword',
    ext: 'abw',
    pages: 1,
    typeCode: '380',
    country: 'DE',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', true),
    number: v('2026-0412'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Haustechnik Brandl GmbH',
    sellerVat: v(vat),
    reg: v('HRB 14862'),
    email: 'rechnung@brandl-haustechnik.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyerRef: v('LE/KS12-Heizung'),
    buyer: 'WEG Keplerstraße 12',
    extra: [ibanGroups(iban2), '244/117/50348'],
    ids: [
      { kind: 'iban', value: iban2 },
      { kind: 'de_stnr', value: '24411750348' },
    ],
    source: abwDoc({
      lang: 'de-DE',
      font: 'Liberation Sans',
      size: '9.5pt',
      section:
        'page-margin-top:12mm; page-margin-bottom:30mm; page-margin-left:20mm; page-margin-right:15mm; page-margin-footer:8mm',
      footer,
      body,
    }),
  });
}

/** RTF paragraph. */
function rp(text: string, fmt = '', size = 18): string {
  return `\\pard\\plain\\f0\\fs${size}${fmt} ${text}\\par\n`;
}

/** fr-3: Luxembourg haulier (French), 28 consignments on two pages (à reporter / report), reverse charge 0 %, ungrouped amounts; RTF. */
function fr3(): Doc {
  const name = 'fr-3-abiword-haulage';
  const m = (c: number): string => fmtNum(c, 'plain');
  const routes: [string, string, string][] = [
    ['Foetz – Bouillon', '4', '68.00'],
    ['Foetz – Arlon', '2', '41.50'],
    ['Foetz – Libramont', '6', '59.00'],
    ['Foetz – Namur', '8', '74.00'],
    ['Foetz – Bastogne', '3', '52.00'],
    ['Foetz – Neufchâteau', '5', '55.50'],
    ['Foetz – Marche-en-Famenne', '6', '63.00'],
    ['Foetz – Florenville', '4', '61.00'],
  ];
  const items: Item[] = [];
  const dates: string[] = [];
  let cmr = 71402;
  for (let k = 0; k < 28; k++) {
    const r = routes[(k * 5) % routes.length] ?? routes[0];
    if (!r) continue;
    const day = 2 + Math.floor((k * 26) / 28);
    dates.push(`2026-02-${pad2(day)}`);
    const pal = String(Number(r[1]) + (k % 3));
    items.push(item(`${r[0]} (CMR ${cmr})`, pal, r[2], '0', { ref: String(cmr) }));
    cmr += 3 + (k % 4);
  }
  const t = calc(items);
  const split = 15;
  const carried = sumOf(items.slice(0, split));
  const vat = luVat('247193');
  const buyerVat = beVat('04367219');
  const iban = ibanFrom('LU', '0194400012735118');
  const bic = 'KFBKLULLXXX';
  const issue = v('2026-02-27', fmtDate('2026-02-27', 'long', 'fr'));
  const due = v('2026-03-29', fmtDate('2026-03-29', 'long', 'fr'));
  const edges = [1350, 2550, 6750, 7650, 9638];
  const head = rrow(
    edges,
    ['Date', 'N° CMR', 'Trajet', 'Palettes', 'Montant EUR'].map((x, k) => ({
      t: x,
      b: true,
      br: 'tb',
      shade: true,
      al: k >= 3 ? 'r' : 'l',
    })),
    16,
  );
  const line = (i: Item, k: number): string =>
    rrow(
      edges,
      [
        { t: fmtDate(dates[k] ?? '', 'dd.mm.yyyy') },
        { t: i.ref ?? '' },
        { t: i.desc.replace(/ \(CMR \d+\)$/, '') },
        { t: `${i.qty} × ${fmtDec(i.price ?? '', 'plain', 2)}`, al: 'r' },
        { t: m(i.amount), al: 'r' },
      ],
      16,
    );
  const band = (label: string, amount: string): string =>
    rrow(
      edges,
      [
        { t: '' },
        { t: '' },
        { t: label, b: true, br: 't' },
        { t: '', br: 't' },
        { t: amount, al: 'r', b: true, br: 't' },
      ],
      17,
    );
  const footer = `\\pard\\plain\\f0\\fs13\\qc ${re(`Transports Kieffer & Fils S.à r.l. · 14, rue de l'Industrie · L-3895 Foetz · RCS Luxembourg B 198437 · TVA ${vat} · Autorisation d'établissement n° 10061234/2 · Page `)}{\\field{\\*\\fldinst PAGE}{\\fldrslt 1}}/{\\field{\\*\\fldinst NUMPAGES}{\\fldrslt 2}}\\par`;
  const p1 = items
    .slice(0, split)
    .map((i, k) => line(i, k))
    .join('');
  const p2 = items
    .slice(split)
    .map((i, k) => line(i, k + split))
    .join('');
  const bodyText = [
    rp(`{\\b\\fs30 ${re('TRANSPORTS KIEFFER & FILS')}}`, '\\sa40', 18),
    rp(re('Transport national et international · groupage · messagerie'), '\\sa200', 16),
    rrow(
      [4600, 9638],
      [
        {
          t: "14, rue de l'Industrie\nL-3895 Foetz\nTél. +352 55 71 20-1\nfacturation@kieffer-transports.example",
        },
        {
          t: `Brasserie de la Semois SA\nService comptabilité\nRue du Moulin 3\nB-6830 Bouillon\nBelgique\nN° TVA ${buyerVat.slice(0, 2)} ${buyerVat.slice(2)}`,
        },
      ],
      18,
    ),
    rp('', '\\sa120'),
    rp(`{\\b\\fs26 ${re('FACTURE N° FK-2026-00377')}}`, '\\sa80'),
    rp(re(`Date : ${issue.p}\tÉchéance : ${due.p}\tClient n° C-1184`), '\\tx3600\\tx7000\\sa40'),
    rp(
      re(
        'Période de prestation : 02.02.2026 – 27.02.2026 · Contrat cadre BS-2025-11 · Votre contact : M. Gilles Martiny',
      ),
      '\\sa160',
      16,
    ),
    head,
    p1,
    band('À reporter', m(carried)),
    rp('', '\\sa60'),
    rp(re('Suite page 2'), '\\qr', 14),
    '\\pard\\plain\\f0\\fs18\\page\\par\n',
    rp(`{\\b ${re('FACTURE N° FK-2026-00377 – suite')}}`, '\\sa120'),
    head,
    band('Report', m(carried)),
    p2,
    band('Total hors TVA', m(t.net)),
    band(`TVA ${fmtRate('0', 'plain', true)} – autoliquidation`, m(t.tax)),
    band('Total à payer EUR', m(t.total)),
    rp('', '\\sa120'),
    rp(
      re(
        'Autoliquidation : prestation de transport intracommunautaire de biens, article 196 de la directive 2006/112/CE – TVA due par le preneur.',
      ),
      '\\sa80',
      16,
    ),
    rp(
      re(
        `Nous vous prions de régler le montant de ${m(t.due)} EUR au plus tard le ${due.p} par virement sur notre compte IBAN ${ibanGroups(iban)} – BIC ${bic}, en mentionnant le numéro de facture.`,
      ),
      '\\sa80',
      17,
    ),
    rp(
      re(
        'Conditions générales de la FEBETRA / ALLT applicables. Tout retard de paiement entraîne des intérêts au taux légal majoré de 8 points.',
      ),
      '',
      14,
    ),
  ].join('');
  return finish({
    name,
    gen: 'abiword',
    ext: 'rtf',
    pages: 2,
    typeCode: '380',
    country: 'LU',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'plain', true),
    number: v('FK-2026-00377'),
    issue,
    due,
    currency: v('EUR'),
    seller: 'Transports Kieffer & Fils S.à r.l.',
    sellerVat: v(vat),
    reg: v('B 198437'),
    email: 'facturation@kieffer-transports.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyer: 'Brasserie de la Semois SA',
    buyerVat: v(buyerVat, `${buyerVat.slice(0, 2)} ${buyerVat.slice(2)}`),
    totalsLastOnly: true,
    perPage: [[`À reporter ${m(carried)}`], [`Report ${m(carried)}`]],
    source: rtfDoc({
      fonts: ['Liberation Serif'],
      margins: '\\margl1134\\margr1134\\margt1000\\margb1300\\footery600',
      footer,
      body: bodyText,
    }),
  });
}

/** es-1: Spanish architect (individual, NIF), IRPF 15 % withholding, office-template RTF with tab stops. */
function es1(): Doc {
  const name = 'es-1-abiword-professional';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    lump('Proyecto básico y de ejecución, vivienda unifamiliar en Bétera (fase 2/3)', 320000, '21'),
    lump('Dirección de obra – febrero 2026', 65000, '21'),
    item('Certificado de eficiencia energética del edificio terminado', '1', '180.00', '21'),
  ];
  const base = sumOf(items);
  const irpf = taxCents('15', base);
  const t = calc(items, { withholding: irpf });
  const nif = esNif('48291736');
  const buyerCif = esCif('B', '9641287');
  const iban = ibanFrom('ES', esBban('3058', '2410', '2718400157'));
  const bic = 'FRDZESVVXXX';
  const issue = v('2026-03-05', fmtDate('2026-03-05', 'long', 'es'));
  const due = v('2026-04-04', fmtDate('2026-04-04', 'long', 'es'));
  const tabs = '\\tx6200\\tqr\\tx9580';
  const row = (l: string, r: string, fmt = ''): string => rp(`${re(l)}\\tab\\tab ${r}`, `${tabs}${fmt}`);
  const body = [
    rp(`{\\b\\fs28 ${re('Lucía Ferrándiz Soler')}}`, '\\qr\\sa20'),
    rp(re('Arquitecta · Colegiada n.º 7821 COACV'), '\\qr\\sa20', 16),
    rp(re('C/ Cirilo Amorós 58, 4.º 8.ª · 46004 Valencia'), '\\qr', 16),
    rp(re('Tel. 963 555 218 · estudio@ferrandiz-arquitectura.example'), '\\qr\\sa360', 16),
    rp(`{\\b ${re('Cliente:')}}`, '\\sa20'),
    rp(re('Promociones Turia Norte S.L.'), '\\sa0'),
    rp(re('Avda. de las Cortes Valencianas 39, 2.ª planta'), '\\sa0'),
    rp(re('46015 Valencia'), '\\sa0'),
    rp(re(`CIF: ${buyerCif}`), '\\sa240'),
    rp(`{\\b\\fs30 ${re('FACTURA')}}`, '\\sa80'),
    rp(re(`Número de factura:\t14/2026`), '\\tx3000\\sa0'),
    rp(re(`Fecha de expedición:\t${issue.p}`), '\\tx3000\\sa0'),
    rp(re(`Fecha de vencimiento:\t${due.p}`), '\\tx3000\\sa0'),
    rp(re(`NIF emisora:\t${nif}`), '\\tx3000\\sa0'),
    rp(re(`Su referencia:\tObra Bétera, parcela 14`), '\\tx3000\\sa0'),
    rp(re(`Contrato de encargo:\tCEP-2025-31 de 12/09/2025`), '\\tx3000\\sa240'),
    rp(`{\\b ${re('Concepto')}\\tab\\tab ${re('Importe')}}`, `${tabs}\\brdrb\\brdrs\\brdrw10\\sa60`),
    ...items.map((i) => rp(`${re(i.desc)}\\tab\\tab ${m(i.amount)} ${re('€')}`, `${tabs}\\sa60`)),
    rp('', '\\brdrb\\brdrs\\brdrw10\\sa60'),
    row('Base imponible', `${m(t.net)} ${re('€')}`),
    row(`IVA ${fmtRate('21', 'de', false)}`, `${m(t.tax)} ${re('€')}`),
    row('Total factura', `${m(t.total)} ${re('€')}`, '\\b'),
    row(`Retención IRPF ${fmtRate('15', 'de', false)} s/ ${m(base)} €`, `-${m(irpf)} ${re('€')}`),
    rp(
      `{\\b ${re('TOTAL A PERCIBIR')}\\tab\\tab ${m(t.due)} ${re('€')}}`,
      `${tabs}\\brdrt\\brdrs\\brdrw10\\sa360`,
    ),
    rp(
      re(
        `Forma de pago: transferencia bancaria antes del ${due.p} a la cuenta ${ibanGroups(iban)} (BIC ${bic}), indicando «Factura 14/2026».`,
      ),
      '\\sa120',
    ),
    rp(
      re(
        'Retención a cuenta del IRPF practicada conforme al art. 101.5 de la Ley 35/2006. El visado colegial se factura aparte por el COACV.',
      ),
      '\\sa120',
      15,
    ),
    rp(
      re(
        'En cumplimiento del RGPD, sus datos se tratan con la finalidad de gestionar la relación profesional.',
      ),
      '',
      13,
    ),
  ].join('');
  return finish({
    name,
    gen: 'abiword',
    ext: 'rtf',
    pages: 1,
    typeCode: '380',
    country: 'ES',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('14/2026'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Lucía Ferrándiz Soler',
    sellerVat: v(`ES${nif}`, nif),
    email: 'estudio@ferrandiz-arquitectura.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyerRef: v('Obra Bétera, parcela 14'),
    buyer: 'Promociones Turia Norte S.L.',
    buyerVat: v(`ES${buyerCif}`, buyerCif),
    ids: [
      { kind: 'es_nif', value: nif },
      { kind: 'es_cif', value: buyerCif },
    ],
    source: rtfDoc({ fonts: ['DejaVu Sans'], margins: '\\margl1134\\margr1134\\margt1134\\margb1134', body }),
  });
}

/** nl-4: Dutch credit note (creditfactuur), negative amounts, 21 % and 9 %, original invoice reference; RTF with tab stops. */
function nl4(): Doc {
  const name = 'nl-4-abiword-creditnote';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    item('Retour snoeischaar professioneel 22 cm', '4', '24.95', '21', { ref: 'GH-2231' }),
    item('Retour potgrond universeel 40 l', '20', '4.35', '21', { ref: 'GH-0840' }),
    item('Creditering beschadigde levering Buxus sempervirens 30 cm', '15', '6.90', '9', { ref: 'PL-1130' }),
    item('Vrachtkosten retourzending', '1', '18.50', '21', { ref: 'VR-0001' }),
  ];
  const t = calc(items);
  const vat = nlVat('85219034');
  const buyerVat = nlVat('86630417');
  const iban = ibanFrom('NL', 'GHTB0559301827');
  const bic = 'GHTBNL2A';
  const issue = v('2026-02-16', fmtDate('2026-02-16', 'dd-mm-yyyy'));
  const tabs = '\\tx1500\\tqr\\tx6600\\tqr\\tx7900\\tqr\\tx8600\\tqr\\tx9580';
  const body = [
    rp(`{\\b\\fs32 ${re('Groenhart')}}{\\fs20 ${re(' tuinbenodigdheden')}}`, '\\sa20'),
    rp(
      re(
        'Groenhart Tuinbenodigdheden B.V. · Marslanden 14 · 8013 NV Zwolle · debiteuren@groenhart.example · 038 555 4410',
      ),
      '\\brdrb\\brdrs\\brdrw15\\sa300',
      15,
    ),
    rp(re('Tuincentrum De Linde V.O.F.'), '\\li5200\\sa0'),
    rp(re('t.a.v. crediteurenadministratie'), '\\li5200\\sa0'),
    rp(re('Lindelaan 2'), '\\li5200\\sa0'),
    rp(re('7431 EA Diepenveen'), '\\li5200\\sa0'),
    rp(re(`btw-nr. ${buyerVat}`), '\\li5200\\sa360'),
    rp(`{\\b\\fs28 ${re('CREDITNOTA')}}`, '\\sa120'),
    rp(re(`Creditnotanummer\tCN-26-0019`), '\\tx2600\\sa0'),
    rp(re(`Datum\t${issue.p}`), '\\tx2600\\sa0'),
    rp(re(`Debiteurnummer\t30-4471`), '\\tx2600\\sa0'),
    rp(re(`Betreft factuur\tF-26-0412 van 03-02-2026 (pakbon 26-1187)`), '\\tx2600\\sa0'),
    rp(re(`Reden\tretourzending 09-02-2026 en transportschade`), '\\tx2600\\sa240'),
    rp(
      `{\\b ${re('Artikel\tOmschrijving\tAantal\tPrijs\tBtw\tBedrag')}}`,
      `${tabs}\\brdrb\\brdrs\\brdrw10\\sa60`,
      17,
    ),
    ...items.map((i) =>
      rp(
        re(
          `${i.ref ?? ''}\t${i.desc.length > 44 ? `${i.desc.slice(0, 44)}…` : i.desc}\t-${i.qty}\t${fmtDec(i.price ?? '', 'de', 2)}\t${fmtRate(i.rate, 'de', false)}\t-${m(i.amount)}`,
        ),
        `${tabs}\\sa40`,
        17,
      ),
    ),
    rp('', '\\brdrb\\brdrs\\brdrw10\\sa120'),
    rp(re(`Subtotaal excl. btw\t€ -${m(t.net)}`), '\\tx5200\\tqr\\tx9580\\sa20'),
    ...t.byRate.map((r) =>
      rp(
        re(`Btw ${fmtRate(r.rate, 'de', false)} over € -${m(r.net)}\t€ -${m(r.tax)}`),
        '\\tx5200\\tqr\\tx9580\\sa20',
      ),
    ),
    rp(re(`Totaal btw\t€ -${m(t.tax)}`), '\\tx5200\\tqr\\tx9580\\sa20'),
    rp(
      `{\\b ${re(`Totaal creditnota\t€ -${m(t.total)}`)}}`,
      '\\tx5200\\tqr\\tx9580\\brdrt\\brdrs\\brdrw10\\sa300',
    ),
    rp(re('Dit bedrag wordt verrekend met uw eerstvolgende factuur. U hoeft niets te doen.'), '\\sa120'),
    rp(
      re(
        `Groenhart Tuinbenodigdheden B.V. · KvK 05093772 · btw ${vat} · IBAN ${ibanGroups(iban)} · BIC ${bic} · Op al onze leveringen zijn onze algemene voorwaarden van toepassing.`,
      ),
      '\\brdrt\\brdrs\\brdrw10\\sb600',
      14,
    ),
  ].join('');
  return finish({
    name,
    gen: 'abiword',
    ext: 'rtf',
    pages: 1,
    typeCode: '381',
    country: 'NL',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('CN-26-0019'),
    issue,
    currency: v('EUR', '€'),
    seller: 'Groenhart Tuinbenodigdheden B.V.',
    sellerVat: v(vat),
    reg: v('05093772'),
    email: 'debiteuren@groenhart.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyer: 'Tuincentrum De Linde V.O.F.',
    buyerVat: v(buyerVat),
    extra: ['F-26-0412'],
    source: rtfDoc({
      fonts: ['Liberation Sans'],
      margins: '\\margl1134\\margr1134\\margt1134\\margb1134',
      body,
    }),
  });
}

/** fr-4: French joinery (SARL), 10 % and 20 %, acompte deducted, narrow no-break-space thousands, SIREN/SIRET/RCS/capital, legal mentions. */
function fr4(): Doc {
  const name = 'fr-4-abiword-joinery';
  const m = (c: number): string => fmtNum(c, 'frn');
  const items = [
    item('Fenêtre PVC 2 vantaux 120 × 135 cm, double vitrage 4/16/4 argon', '3', '842.00', '10', {
      unit: 'u',
    }),
    item('Porte-fenêtre PVC 2 vantaux 140 × 215 cm, seuil alu', '1', '1386.00', '10', { unit: 'u' }),
    item('Dépose et évacuation des anciennes menuiseries bois', '4', '65.00', '10', { unit: 'u' }),
    item('Pose en rénovation, calfeutrement et habillage', '4', '145.00', '10', { unit: 'u' }),
    item('Tablettes intérieures chêne massif (fourniture seule)', '4', '38.50', '20', { unit: 'u' }),
  ];
  const t = calc(items, { advance: 162360 });
  const sir = siren('43812790');
  const sirP = `${sir.slice(0, 3)} ${sir.slice(3, 6)} ${sir.slice(6)}`;
  const sirt = siret(sir, '0002');
  const vat = frVat(sir);
  const iban = ibanFrom('FR', frBban('14518', '00290', '04117302846'));
  const bic = 'GARNFRPPXXX';
  const issue = v('2026-03-12', fmtDate('2026-03-12', 'dd/mm/yyyy'));
  const due = v('2026-04-11', fmtDate('2026-04-11', 'dd/mm/yyyy'));
  const R = 'text-align:right';
  const hd = 'background-color:e9e2d6; bot-style:1; top-style:1';
  const box = 'left-style:1; right-style:1; top-style:1; bot-style:1';
  const body = `
${atable(
  ['95mm', '75mm'],
  [
    [
      {
        t: `${ar('MENUISERIE GARNIER &amp; FILS', 'font-size:12.5pt; font-weight:bold; color:6b4226')}\nFenêtres · Portes · Escaliers · Agencement\n12 chemin des Sablières\n69540 Irigny\nTél. 04 78 55 61 20\ndevis@menuiserie-garnier.example`,
        p: 'font-size:8.5pt',
      },
      {
        t: `${ar('Client', 'font-size:7pt; color:6b4226')}\nM. et Mme Delorme\nJulien et Claire Delorme\n7 rue des Tilleuls\n69230 Saint-Genis-Laval`,
        c: box,
      },
    ],
  ],
)}
${ap(ar('FACTURE', 'font-size:18pt; font-weight:bold; color:6b4226'), 'margin-top:14pt; margin-bottom:4pt')}
${atable(
  ['42.5mm', '42.5mm', '42.5mm', '42.5mm'],
  [
    [
      { t: `${ar('N° de facture', 'font-size:7pt; color:6b4226')}\nF26-0093`, c: box },
      { t: `${ar('Date de facture', 'font-size:7pt; color:6b4226')}\n${issue.p}`, c: box },
      { t: `${ar("Date d'échéance", 'font-size:7pt; color:6b4226')}\n${due.p}`, c: box },
      { t: `${ar('N° client', 'font-size:7pt; color:6b4226')}\nCL-0418`, c: box },
    ],
  ],
)}
${ap('Chantier : 7 rue des Tilleuls, 69230 Saint-Genis-Laval · Devis n° D25-0311 accepté le 02/12/2025 · Travaux réalisés du 02/03/2026 au 06/03/2026', 'font-size:8pt; margin-top:6pt; margin-bottom:6pt')}
${atable(
  ['85mm', '14mm', '23mm', '14mm', '34mm'],
  [
    ['Désignation', 'Qté', 'P.U. HT €', 'TVA', 'Montant HT €'].map((x, k) => ({
      t: x,
      c: hd,
      p: `font-weight:bold${k > 0 ? `; ${R}` : ''}`,
    })),
    ...items.map((i) => [
      { t: xe(i.desc) },
      { t: i.qty ?? '', p: R },
      { t: m(lineCents('1', i.price ?? '0')), p: R },
      { t: fmtRate(i.rate, 'frn', true), p: R },
      { t: m(i.amount), p: R, c: 'bot-style:1; bot-color:cccccc' },
    ]),
  ],
)}
${ap('', 'margin-top:8pt')}
${atable(
  ['20mm', '30mm', '30mm'],
  [
    [
      { t: 'Taux', c: hd, p: 'font-weight:bold' },
      { t: 'Base HT', c: hd, p: `font-weight:bold; ${R}` },
      { t: 'TVA', c: hd, p: `font-weight:bold; ${R}` },
    ],
    ...t.byRate.map((r) => [
      { t: fmtRate(r.rate, 'frn', true) },
      { t: m(r.net), p: R },
      { t: m(r.tax), p: R },
    ]),
  ],
)}
${atable(
  ['95mm', '75mm'],
  [
    [
      { t: '' },
      {
        t: [
          `Total HT	${m(t.net)} €`,
          `Total TVA	${m(t.tax)} €`,
          `${ar('Total TTC', 'font-weight:bold')}	${ar(`${m(t.total)} €`, 'font-weight:bold')}`,
          `Acompte versé le 15/01/2026	-${m(t.advance)} €`,
          `${ar('Net à payer', 'font-weight:bold')}	${ar(`${m(t.due)} €`, 'font-weight:bold')}`,
        ].join('\n'),
        p: 'tabstops:72mm/R0',
        c: `${box}; background-color:f6f2ec`,
      },
    ],
  ],
)}
${ap(`Règlement à réception ou au plus tard le ${due.p} par virement : IBAN ${ibanGroups(iban)} – BIC ${bic}. Merci de rappeler le n° de facture F26-0093.`, 'margin-top:12pt')}
${ap('TVA au taux réduit de 10 % (art. 279-0 bis du CGI) sur attestation simplifiée du client pour travaux dans un logement achevé depuis plus de deux ans.', 'font-size:7.5pt; margin-top:4pt')}
${ap("Pas d'escompte pour paiement anticipé. En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 du Code de commerce). Assurance décennale : contrat n° DEC-77120 auprès de Mutuelle des Artisans du Rhône.", 'font-size:7.5pt; margin-top:2pt')}`;
  const footer = ap(
    ar(
      `Menuiserie Garnier &amp; Fils SARL au capital de 20${NNBSP}000 € · RCS Lyon ${sirP} · SIRET ${sirt} · APE 1623Z · N° TVA intracommunautaire ${vat} · devis@menuiserie-garnier.example`,
      'font-size:7pt; color:555555',
    ),
    'text-align:center',
  );
  return finish({
    name,
    gen: 'abiword',
    ext: 'abw',
    pages: 1,
    typeCode: '380',
    country: 'FR',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'frn', true),
    number: v('F26-0093'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Menuiserie Garnier & Fils SARL',
    sellerVat: v(vat),
    reg: v(sir, sirP),
    email: 'devis@menuiserie-garnier.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyer: 'M. et Mme Delorme',
    extra: [sirt],
    ids: [
      { kind: 'siren', value: sir },
      { kind: 'siret', value: sirt },
    ],
    source: abwDoc({
      lang: 'fr-FR',
      font: 'DejaVu Serif',
      size: '9pt',
      section:
        'page-margin-top:14mm; page-margin-bottom:20mm; page-margin-left:20mm; page-margin-right:20mm; page-margin-footer:9mm',
      footer,
      body,
    }),
  });
}

/** nl-2: Flemish renovation contractor, 6 % and 21 %, voorschot deducted, gestructureerde mededeling, identifiers only in the footer. */
function nl2(): Doc {
  const name = 'nl-2-abiword-contractor';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    item('Afbraak bestaande badkamer en afvoer puin', '1', '1450.00', '6', { unit: 'forfait' }),
    item('Tegelwerk vloer en wanden, tegels 60 × 60 inbegrepen', '38.5', '62.00', '6', { unit: 'm²' }),
    item('Sanitair leveren en plaatsen (inloopdouche, meubel, wc)', '1', '3120.00', '6', { unit: 'forfait' }),
    item('Isolatie zoldervloer PIR 12 cm', '46', '28.50', '6', { unit: 'm²' }),
    item('Huur afvalcontainer 10 m³ (niet woninggebonden)', '2', '245.00', '21', { unit: 'st' }),
  ];
  const t = calc(items, { advance: 300000 });
  const vat = beVat('08714263');
  const beP = (x: string): string => `BE ${x.slice(2, 6)}.${x.slice(6, 9)}.${x.slice(9)}`;
  const iban = ibanFrom('BE', beBban('737', '0413388'));
  const bic = 'VDBWBEBB';
  const com = ogm('2026008718');
  const issue = v('2026-02-18', fmtDate('2026-02-18', 'dd-mm-yyyy'));
  const due = v('2026-03-20', fmtDate('2026-03-20', 'dd-mm-yyyy'));
  const R = 'text-align:right';
  const all = 'left-style:1; right-style:1; top-style:1; bot-style:1';
  const hd = `${all}; background-color:dde6ef`;
  const body = `
${ap(ar('BOUWWERKEN VAN DAMME', 'font-size:20pt; font-weight:bold; color:22466e'), 'text-align:center')}
${ap(ar('renovatie · badkamers · isolatie · sinds 1994', 'font-size:9pt; color:22466e'), 'text-align:center; margin-bottom:14pt')}
${atable(
  ['90mm', '80mm'],
  [
    [
      {
        t: 'Kortrijksesteenweg 212\n9830 Sint-Martens-Latem\nT 09 555 42 18\nfacturatie@vandamme-bouw.example',
        p: 'font-size:8.5pt',
      },
      {
        t: 'Familie Claeys-Verhaeghe\nt.a.v. mevrouw Sofie Claeys\nMolenstraat 27\n9000 Gent',
        p: 'font-size:10pt',
      },
    ],
  ],
)}
${ap(ar('FACTUUR', 'font-size:16pt; font-weight:bold'), 'margin-top:14pt')}
${ap(`Factuurnummer: 2026/0087	Factuurdatum: ${issue.p}	Vervaldag: ${due.p}`, 'tabstops:60mm/L0,115mm/L0; margin-bottom:2pt')}
${ap(`Klantnummer: 2419	Werf: Molenstraat 27, Gent	Offerte: OF-2025-212`, 'tabstops:60mm/L0,115mm/L0; margin-bottom:8pt')}
${atable(
  ['82mm', '20mm', '24mm', '14mm', '30mm'],
  [
    ['Omschrijving', 'Hoeveelheid', 'Eenheidsprijs', 'Btw', 'Totaal excl. btw'].map((x, k) => ({
      t: x,
      c: hd,
      p: `font-weight:bold; font-size:8pt${k > 0 ? `; ${R}` : ''}`,
    })),
    ...items.map((i) => [
      { t: xe(i.desc), c: all },
      { t: `${fmtDec(i.qty ?? '', 'de')} ${i.unit ?? ''}`, c: all, p: R },
      { t: m(lineCents('1', i.price ?? '0')), c: all, p: R },
      { t: fmtRate(i.rate, 'de', true), c: all, p: R },
      { t: m(i.amount), c: all, p: R },
    ]),
  ],
)}
${ap('', 'margin-top:8pt')}
${atable(
  ['30mm', '30mm', '30mm', '80mm'],
  [
    [
      { t: 'Btw-tarief', c: hd },
      { t: 'Maatstaf van heffing', c: hd, p: R },
      { t: 'Btw', c: hd, p: R },
      { t: '' },
    ],
    ...t.byRate.map((r) => [
      { t: fmtRate(r.rate, 'de', true), c: all },
      { t: m(r.net), c: all, p: R },
      { t: m(r.tax), c: all, p: R },
      { t: '' },
    ]),
  ],
)}
${ap(`Totaal excl. btw	€ ${m(t.net)}`, 'tabstops:170mm/R0; margin-top:6pt')}
${ap(`Totaal btw	€ ${m(t.tax)}`, 'tabstops:170mm/R0')}
${ap(ar(`Totaal factuur	€ ${m(t.total)}`, 'font-weight:bold'), 'tabstops:170mm/R0')}
${ap(`Reeds betaald: voorschotfactuur 2026/0041 van 08-01-2026	- € ${m(t.advance)}`, 'tabstops:170mm/R0')}
${ap(ar(`Te betalen	€ ${m(t.due)}`, 'font-weight:bold; font-size:11pt'), 'tabstops:170mm/R0; margin-bottom:8pt')}
${ap(`Gelieve het saldo van € ${m(t.due)} te betalen vóór ${due.p} op rekening ${ibanGroups(iban)} met de gestructureerde mededeling:`)}
${ap(ar(ogmPrinted(com), 'font-weight:bold; font-size:11pt'), 'margin-top:2pt')}
${ap('Btw-tarief 6 %: renovatie van een privéwoning van meer dan 10 jaar oud; de klant verklaart dat de woning uitsluitend als privéwoning wordt gebruikt (attest ontvangen op 08-01-2026). De huur van de container valt onder het normale tarief.', 'font-size:7.5pt; margin-top:6pt')}
${ap('Erkend aannemer klasse 2, categorie D · Klachten binnen 8 dagen na factuurdatum, per aangetekend schrijven.', 'font-size:7.5pt')}`;
  const footer = ap(
    ar(
      `Bouwwerken Van Damme BV · Kortrijksesteenweg 212, 9830 Sint-Martens-Latem · RPR Gent, afdeling Gent · Btw ${beP(vat)} · IBAN ${ibanGroups(iban)} · BIC ${bic}`,
      'font-size:7pt; color:22466e',
    ),
    'text-align:center; top-style:1',
  );
  return finish({
    name,
    gen: 'abiword',
    ext: 'abw',
    pages: 1,
    typeCode: '380',
    country: 'BE',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', true),
    number: v('2026/0087'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Bouwwerken Van Damme BV',
    sellerVat: v(vat, beP(vat)),
    email: 'facturatie@vandamme-bouw.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    payref: v(com, ogmPrinted(com)),
    buyer: 'Familie Claeys-Verhaeghe',
    source: abwDoc({
      lang: 'nl-BE',
      font: 'DejaVu Sans',
      size: '8.5pt',
      section:
        'page-margin-top:14mm; page-margin-bottom:20mm; page-margin-left:20mm; page-margin-right:20mm; page-margin-footer:9mm',
      footer,
      body,
    }),
  });
}

/** it-3: Italian textile mill, nota di credito (TD04) with positive amounts, storno of an invoice, REA, capitale sociale. */
function it3(): Doc {
  const name = 'it-3-abiword-creditnote';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    item(
      'Reso tessuto jacquard cotone art. JQ-418, lotto 2291 (DDT n. 57 del 09/02/2026)',
      '120',
      '14.80',
      '22',
      { unit: 'm' },
    ),
    lump('Abbuono per difetto di tintura, lotto 2304', 35000, '22'),
  ];
  const t = calc(items);
  const piva = itPiva('0291846016');
  const buyerPiva = itPiva('0184257042');
  const iban = ibanFrom('IT', itBban('05034', '11121', '000000612438'));
  const bic = 'TVSRITMM';
  const issue = v('2026-02-20', fmtDate('2026-02-20', 'dd/mm/yyyy'));
  const R = 'text-align:right';
  const hd = 'background-color:e4e8f0; top-style:1; bot-style:1';
  const cellBox = 'left-style:1; right-style:1; top-style:1; bot-style:1';
  const body = `
${atable(
  ['100mm', '70mm'],
  [
    [
      {
        t: `${ar('Tessiture Valseriana S.p.A.', 'font-size:15pt; font-weight:bold; color:2c3e6b')}\nVia Provinciale 41\n24021 Albino (BG)\nTel. 035 555 8120\namministrazione@tessiturevalseriana.example`,
        p: 'font-size:8.5pt',
      },
      {
        t: `${ar('Spett.le', 'font-size:8pt')}\nConfezioni Adriatica S.r.l.\nVia dell'Industria 22\n60027 Osimo (AN)\nP.IVA ${buyerPiva}`,
        c: cellBox,
      },
    ],
  ],
)}
${ap(ar('NOTA DI CREDITO', 'font-size:16pt; font-weight:bold; color:2c3e6b'), 'margin-top:12pt')}
${ap('Tipo documento TD04 – nota di credito', 'font-size:8pt; margin-bottom:6pt')}
${atable(
  ['42.5mm', '42.5mm', '42.5mm', '42.5mm'],
  [
    [
      { t: 'Numero', c: hd, p: 'font-size:7.5pt' },
      { t: 'Data', c: hd, p: 'font-size:7.5pt' },
      { t: 'Codice cliente', c: hd, p: 'font-size:7.5pt' },
      { t: 'Rif. fattura', c: hd, p: 'font-size:7.5pt' },
    ],
    [
      { t: 'NC-0008/2026', c: cellBox },
      { t: issue.p, c: cellBox },
      { t: 'ADR-0219', c: cellBox },
      { t: 'n. 245 del 12/01/2026', c: cellBox },
    ],
  ],
)}
${ap('A storno parziale della fattura n. 245 del 12/01/2026 (vs. ordine n. 2025/884) per merce resa e difetto di qualità contestato con Vs. e-mail del 05/02/2026.', 'margin-top:8pt; margin-bottom:6pt')}
${atable(
  ['92mm', '14mm', '20mm', '14mm', '30mm'],
  [
    ['Descrizione', 'U.M.', 'Quantità', 'IVA', 'Importo €'].map((x, k) => ({
      t: x,
      c: hd,
      p: `font-weight:bold${k > 1 ? `; ${R}` : ''}`,
    })),
    ...items.map((i) => [
      { t: xe(i.desc) },
      { t: i.unit ?? '' },
      { t: i.qty ? `${i.qty} × ${fmtDec(i.price ?? '', 'de', 2)}` : '', p: R },
      { t: fmtRate(i.rate, 'de', false), p: R },
      { t: m(i.amount), p: R },
    ]),
  ],
)}
${ap('', 'margin-top:10pt')}
${atable(
  ['35mm', '35mm', '35mm', '65mm'],
  [
    [
      { t: 'Aliquota IVA', c: hd },
      { t: 'Imponibile', c: hd, p: R },
      { t: 'Imposta', c: hd, p: R },
      { t: '' },
    ],
    ...t.byRate.map((r) => [
      { t: fmtRate(r.rate, 'de', false) },
      { t: m(r.net), p: R },
      { t: m(r.tax), p: R },
      { t: '' },
    ]),
  ],
)}
${ap(`Totale imponibile	€ ${m(t.net)}`, 'tabstops:170mm/R0; margin-top:6pt')}
${ap(`Totale IVA	€ ${m(t.tax)}`, 'tabstops:170mm/R0')}
${ap(ar(`TOTALE NOTA DI CREDITO	€ ${m(t.total)}`, 'font-weight:bold; font-size:11pt'), 'tabstops:170mm/R0; margin-bottom:10pt')}
${ap("L'importo a Vostro credito sarà compensato con le prossime forniture, salvo diversa richiesta scritta.")}
${ap("Documento emesso ai sensi dell'art. 26 DPR 633/72. L'originale è trasmesso tramite Sistema di Interscambio (SdI); la presente è una copia di cortesia.", 'font-size:7.5pt; margin-top:4pt')}`;
  const footer = ap(
    ar(
      `Tessiture Valseriana S.p.A. · Sede legale Via Provinciale 41, 24021 Albino (BG) · Capitale sociale € 1.200.000,00 i.v. · Reg. Imprese Bergamo e C.F./P.IVA ${piva} · REA BG-318442 · IBAN ${ibanGroups(iban)} · BIC ${bic}`,
      'font-size:6.8pt; color:2c3e6b',
    ),
    'text-align:center',
  );
  return finish({
    name,
    gen: 'abiword',
    ext: 'abw',
    pages: 1,
    typeCode: '381',
    country: 'IT',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('NC-0008/2026'),
    issue,
    currency: v('EUR', '€'),
    seller: 'Tessiture Valseriana S.p.A.',
    sellerVat: v(`IT${piva}`, piva),
    reg: v('BG-318442'),
    email: 'amministrazione@tessiturevalseriana.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyer: 'Confezioni Adriatica S.r.l.',
    buyerVat: v(`IT${buyerPiva}`, buyerPiva),
    extra: ['n. 245 del 12/01/2026'],
    source: abwDoc({
      lang: 'it-IT',
      font: 'Liberation Serif',
      size: '9.5pt',
      section:
        'page-margin-top:15mm; page-margin-bottom:20mm; page-margin-left:20mm; page-margin-right:20mm; page-margin-footer:9mm',
      footer,
      body,
    }),
  });
}

// ════════════════════════════════════════════════════════════════════════════
// ConTeXt documents (MkIV, LuaTeX, OpenType TeX Gyre fonts)
// ════════════════════════════════════════════════════════════════════════════

interface CtxTable {
  widths: string[];
  /** l / r / c per column. */
  align?: string[];
  head?: string[];
  rows: string[][];
  headBg?: string;
  headFg?: string;
  /** Rule under every body row. */
  rules?: boolean;
  zebra?: string;
  offset?: string;
  frame?: boolean;
}

/** A natural table (\bTABLE); cell text must already be TeX (use te() for data). */
function ctable(o: CtxTable): string {
  const al = (x: string | undefined): string =>
    x === 'r' ? 'flushright' : x === 'c' ? 'middle' : 'flushleft';
  const out = [
    `\\bTABLE[frame=${o.frame ? 'on' : 'off'},offset=${o.offset ?? '0.8mm'},split=no,framecolor=darkgray]`,
  ];
  for (const [i, w] of o.widths.entries())
    out.push(`\\setupTABLE[c][${i + 1}][width=${w},align={${al(o.align?.[i])},lohi}]`);
  if (o.rules) out.push('\\setupTABLE[r][each][bottomframe=on,rulethickness=0.3pt]');
  if (o.zebra) out.push(`\\setupTABLE[r][even][background=color,backgroundcolor=${o.zebra}]`);
  if (o.head) {
    out.push(
      `\\setupTABLE[r][first][style=bold,bottomframe=on${o.headBg ? `,background=color,backgroundcolor=${o.headBg}` : ''}${o.headFg ? `,color=${o.headFg}` : ''}]`,
    );
    out.push(`\\bTR ${o.head.map((h) => `\\bTD ${h} \\eTD`).join(' ')} \\eTR`);
  }
  for (const r of o.rows) out.push(`\\bTR ${r.map((c) => `\\bTD ${c} \\eTD`).join(' ')} \\eTR`);
  out.push('\\eTABLE');
  return out.join('\n');
}

/** A right-hand totals block: an empty spacer column, labels, amounts; the last row gets a rule above it. */
function ctotals(
  rows: string[][],
  spacer = '80mm',
  labels = '62mm',
  amounts = '28mm',
  boldLast = true,
): string {
  const n = rows.length;
  const t = ctable({
    widths: [spacer, labels, amounts],
    align: ['l', 'l', 'r'],
    rows: rows.map((r) => ['', ...r]),
    offset: '0.5mm',
  });
  return t.replace(
    '\\bTR',
    `\\setupTABLE[r][${n}][topframe=on${boldLast ? ',style=bold' : ''}]\n\\setupTABLE[c][1][topframe=off]\n\\bTR`,
  );
}

/** A centred multi-line block for \\setupfootertexts (a bare footer text would be one overflowing line). */
function cfoot(text: string, width = '170mm', size = '6.5pt'): string {
  return `{\\framed[frame=off,width=${width},align={middle,nothyphenated},offset=0mm]{\\switchtobodyfont[${size}]${text}}}`;
}

/** en-3: Irish solicitors' fee note: left sidebar with partners (layer), RF reference, payment on account deducted, office vs client account. */
function en3(): Doc {
  const name = 'en-3-context-feenote';
  const m = (c: number): string => fmtNum(c, 'en');
  const items = [
    lump('Professional fee', 485000, '23'),
    lump("Counsel's fee (Ms Aoife Ní Bhriain BL, opinion of 22 January 2026)", 120000, '23'),
    lump('Courier, copying and scanning', 8540, '23'),
  ];
  const t = calc(items, { advance: 200000 });
  const vat = ieVat('9274615', 'A');
  const buyerVat = ieVat('6433435', 'W');
  const iban = ibanFrom('IE', 'CRKM93005211048873');
  const ibanClient = ibanFrom('IE', 'CRKM93005211048954');
  const bic = 'CRKMIE2C';
  const rf = rfRef('20260188');
  const issue = v('2026-02-12', fmtDate('2026-02-12', 'ord', 'en'));
  const sidebar = [
    '\\switchtobodyfont[7.5pt]\\color[feenote]{\\bf Brennan Whelan \\& Co.}',
    'Solicitors',
    '',
    '23 Merchants Quay',
    'Cork T12 X2P9',
    '',
    'DX 2017 Cork',
    'T +353 21 555 0140',
    'F +353 21 555 0149',
    'accounts@brennanwhelan.example',
    '',
    '{\\bf Partners}',
    'Declan Brennan',
    'Úna Whelan',
    'Ciarán Ó Súilleabháin',
    '',
    '{\\bf Consultant}',
    'Mary T. Brennan',
    '',
    '{\\bf Associates}',
    'Siobhán Kearney',
    'Pádraig Lynch',
    '',
    'Regulated by the Law',
    'Society of Ireland',
    '',
    `VAT No. ${vat}`,
  ].join('\\\\\n');
  const body = `
\\definecolor[feenote][r=.16,g=.27,b=.38]
\\definelayer[side][x=0mm,y=0mm,width=\\paperwidth,height=\\paperheight]
\\setupbackgrounds[page][background=side]
\\setlayer[side][x=0mm,y=0mm]{\\framed[width=52mm,height=297mm,frame=off,background=color,backgroundcolor={feenote},offset=0mm]{}}
\\setlayer[side][x=7mm,y=20mm]{\\framed[width=40mm,frame=off,align={flushleft,nothyphenated},foregroundcolor=white,offset=0mm]{\\color[white]{${sidebar.replace('\\color[feenote]', '')}}}}
{\\tfc\\bf\\color[feenote]{FEE NOTE}}
\\blank[small]
${ctable({
  widths: ['75mm', '55mm'],
  rows: [
    [
      'To:\\\\ {\\bf Corrib Valley Foods Limited}\\\\ The Financial Controller\\\\ Unit 4, Oranmore Business Park\\\\ Oranmore, Co. Galway H91 P2W7\\\\ VAT No. ' +
        buyerVat,
      `Fee note no.: {\\bf FN/2026/0188}\\\\ Date: ${issue.p}\\\\ Our ref: BW/CON/2291\\\\ Your ref: JD/ACQ/17\\\\ Fee earner: ÚW`,
    ],
  ],
  offset: '0mm',
})}
\\blank[medium]
{\\bf Re: Acquisition of the business and assets of Lough Mask Dairies Limited}
\\blank[small]
TO PROFESSIONAL SERVICES RENDERED in connection with the above matter from 3 November 2025 to 10 February 2026, including taking instructions; reviewing the heads of terms; conducting legal due diligence on title, employment and regulatory matters; drafting and negotiating the asset purchase agreement, disclosure letter and transitional services agreement; liaising with counsel, the vendor's solicitors and your accountants; attending completion on 6 February 2026 and all post-completion filings.
\\blank[medium]
${ctable({
  widths: ['100mm', '30mm'],
  align: ['l', 'r'],
  rows: [
    ...items.map((i) => [te(i.desc), m(i.amount)]),
    ['{\\bf Total fees and outlays liable to VAT}', `{\\bf ${m(t.net)}}`],
    [`VAT @ ${fmtRate('23', 'en', false)}`, m(t.tax)],
    ['{\\bf Total}', `{\\bf €${m(t.total)}}`],
    ['Less: payment on account received 14 November 2025', `(${m(t.advance)})`],
    ['{\\bf Balance due}', `{\\bf €${m(t.due)}}`],
  ],
  rules: true,
})}
\\blank[medium]
Payable within 30 days of the date hereof. Please quote the creditor reference \\hbox{\\bf ${rfGroups(rf)}} with your payment.
\\blank[small]
{\\bf Office account (fees):} Bank of Cork, 14 South Mall, Cork\\\\ IBAN \\hbox{${ibanGroups(iban)}} · BIC ${bic}\\\\
{\\tfx Please do not send fee payments to our client account (IBAN \\hbox{${ibanGroups(ibanClient)}}), which is used for client monies only.}
\\blank[big]
{\\tfx E.\\,\\&\\,O.\\,E. Any queries in relation to this fee note should be raised with the fee earner within 14 days. Interest may be charged on overdue accounts under the European Communities (Late Payment in Commercial Transactions) Regulations 2012.}
`;
  return finish({
    name,
    gen: 'context',
    ext: 'tex',
    pages: 1,
    typeCode: '380',
    country: 'IE',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'en', false),
    number: v('FN/2026/0188'),
    issue,
    currency: v('EUR', '€'),
    seller: 'Brennan Whelan & Co.',
    sellerVat: v(vat),
    email: 'accounts@brennanwhelan.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    payref: v(rf, rfGroups(rf)),
    buyerRef: v('JD/ACQ/17'),
    buyer: 'Corrib Valley Foods Limited',
    buyerVat: v(buyerVat),
    extra: [ibanGroups(ibanClient)],
    ids: [{ kind: 'iban', value: ibanClient }],
    source: ctxDoc({
      name,
      font: 'termes',
      size: '10pt',
      lang: 'en',
      layout:
        'backspace=62mm,width=130mm,topspace=20mm,header=0mm,headerdistance=0mm,footer=0mm,footerdistance=0mm,height=fit,bottomspace=15mm',
      body,
    }),
  });
}

/** de-3: Swiss consultancy (CHF), 8.1 % and 2.6 %, 1'234.50, QR-bill payment part with QR-IBAN and QR reference, address window on the right. */
function de3(): Doc {
  const name = 'de-3-context-qrbill';
  const m = (c: number): string => fmtNum(c, 'ch');
  const items = [
    item('Strategieworkshop Geschäftsleitung (Zug, 10.02.2026)', '6', '240.00', '8.1', { unit: 'Std.' }),
    item('Prozessanalyse Lager und Kommissionierung', '14.5', '195.00', '8.1', { unit: 'Std.' }),
    item('Reisezeit Zürich–Zug–Zürich', '3', '120.00', '8.1', { unit: 'Std.' }),
    lump('Spesen Bahn (GA-Anteil) und Verpflegung', 8640, '8.1'),
    item('Fachbuch «Lean Logistics in der Praxis»', '2', '58.00', '2.6', { unit: 'Ex.' }),
  ];
  const t = calc(items);
  const uid = cheUid('10847359');
  const uidP = `CHE-${uid.slice(3, 6)}.${uid.slice(6, 9)}.${uid.slice(9)} MWST`;
  const buyerUid = cheUid('31245076');
  const buyerUidP = `CHE-${buyerUid.slice(3, 6)}.${buyerUid.slice(6, 9)}.${buyerUid.slice(9)} MWST`;
  const qrIban = ibanFrom('CH', '30808001234567890');
  const iban2 = ibanFrom('CH', '00700110004417201');
  const ref = qrRef('00000000000031394714300901');
  const issue = v('2026-03-03', fmtDate('2026-03-03', 'long', 'de'));
  const due = v('2026-04-02', fmtDate('2026-04-02', 'long', 'de'));
  const qrAmount = fmtNum(t.due, 'sp').replace(',', '.');
  const lab = (s: string): string => `{\\switchtobodyfont[6pt]\\bf ${s}}`;
  const val = (s: string): string => `{\\switchtobodyfont[8pt]${s}}`;
  const receipt = [
    '{\\switchtobodyfont[11pt]\\bf Empfangsschein}',
    '\\blank[small]',
    lab('Konto / Zahlbar an'),
    val(`${ibanGroups(qrIban)}\\\\ Brunner Lüthi Beratung AG\\\\ Bahnhofstrasse 52\\\\ 8001 Zürich`),
    '\\blank[small]',
    lab('Referenz'),
    val(qrRefPrinted(ref)),
    '\\blank[small]',
    lab('Zahlbar durch'),
    val('Seewald Logistik AG\\\\ Industriestrasse 9\\\\ 6300 Zug'),
    '\\blank[medium]',
    `${lab('Währung')}\\hskip 8mm ${lab('Betrag')}\\\\ ${val(`CHF\\hskip 8mm ${qrAmount}`)}`,
    '\\blank[medium]',
    '\\hfill{\\switchtobodyfont[6pt]\\bf Annahmestelle}',
  ].join('\\\\\n');
  const pay = [
    '{\\switchtobodyfont[11pt]\\bf Zahlteil}',
    '\\blank[small]',
    lab('Konto / Zahlbar an'),
    val(`${ibanGroups(qrIban)}\\\\ Brunner Lüthi Beratung AG\\\\ Bahnhofstrasse 52\\\\ 8001 Zürich`),
    '\\blank[small]',
    lab('Referenz'),
    val(qrRefPrinted(ref)),
    '\\blank[small]',
    lab('Zusätzliche Informationen'),
    val('Rechnung 2026-117 vom 03.03.2026'),
    '\\blank[small]',
    lab('Zahlbar durch'),
    val('Seewald Logistik AG\\\\ Industriestrasse 9\\\\ 6300 Zug'),
  ].join('\\\\\n');
  const body = `
\\definecolor[ch][r=.55,g=.08,b=.12]
\\definelayer[pg][x=0mm,y=0mm,width=\\paperwidth,height=\\paperheight]
\\setupbackgrounds[page][background=pg]
\\setlayer[pg][x=118mm,y=48mm]{\\framed[width=80mm,height=38mm,frame=off,align={flushleft,nothyphenated},offset=0mm]{{\\switchtobodyfont[6.5pt]Brunner Lüthi Beratung AG, Bahnhofstrasse 52, 8001 Zürich}\\\\ Seewald Logistik AG\\\\ Herr Marco Gisler\\\\ Industriestrasse 9\\\\ 6300 Zug}}
\\setlayer[pg][x=0mm,y=192mm]{\\framed[width=210mm,height=105mm,frame=off,topframe=on,rulethickness=0.4pt,offset=0mm]{}}
\\setlayer[pg][x=62mm,y=192mm]{\\framed[width=0.1mm,height=105mm,frame=off,leftframe=on,rulethickness=0.4pt,offset=0mm]{}}
\\setlayer[pg][x=5mm,y=197mm]{\\framed[width=52mm,frame=off,align={flushleft,nothyphenated},offset=0mm]{${receipt}}}
\\setlayer[pg][x=67mm,y=197mm]{\\framed[width=51mm,frame=off,align={flushleft,nothyphenated},offset=0mm]{{\\switchtobodyfont[11pt]\\bf Zahlteil}}}
\\setlayer[pg][x=67mm,y=209mm]{\\framed[width=46mm,height=46mm,frame=on,rulethickness=0.6pt,align={middle,lohi},offset=0mm]{{\\switchtobodyfont[7pt]QR-Code\\\\(Swiss QR Code)}}}
\\setlayer[pg][x=67mm,y=260mm]{\\framed[width=51mm,frame=off,align={flushleft,nothyphenated},offset=0mm]{${lab('Währung')}\\hskip 10mm ${lab('Betrag')}\\\\ ${val(`CHF\\hskip 10mm ${qrAmount}`)}}}
\\setlayer[pg][x=118mm,y=197mm]{\\framed[width=87mm,frame=off,align={flushleft,nothyphenated},offset=0mm]{${pay.replace('{\\switchtobodyfont[11pt]\\bf Zahlteil}\\\\\n\\blank[small]\\\\\n', '')}}}
\\setlayer[pg][x=80mm,y=190.5mm]{\\framed[frame=off,offset=0mm]{\\switchtobodyfont[6pt]Vor der Einzahlung abzutrennen}}
{\\tfd\\bf\\color[ch]{BRUNNER LÜTHI}}\\\\
{\\tfx Beratung AG · Organisation · Logistik · Strategie}
\\blank[force,52mm]
{\\tfb\\bf Rechnung}
\\blank[small]
${ctable({
  widths: ['30mm', '50mm', '30mm', '60mm'],
  rows: [
    ['Rechnung Nr.', '{\\bf 2026-117}', 'Ihre Referenz', 'Projekt Atlas / Hr. Gisler'],
    ['Datum', issue.p, 'Bestellung', 'SL-PO-5521'],
    ['Zahlbar bis', due.p, 'Ihre UID', te(buyerUidP)],
  ],
  offset: '0.3mm',
})}
\\blank[medium]
${ctable({
  widths: ['92mm', '22mm', '20mm', '12mm', '24mm'],
  align: ['l', 'r', 'r', 'r', 'r'],
  head: ['Leistung', 'Menge', 'Ansatz', 'MWST', 'Betrag CHF'],
  headBg: 'lightgray',
  rules: true,
  offset: '0.5mm',
  rows: items.map((i) => [
    te(i.desc),
    i.qty ? `${fmtDec(i.qty, 'ch')} ${i.unit ?? ''}` : '',
    i.price ? m(lineCents('1', i.price)) : '',
    fmtRate(i.rate, 'ch', false),
    m(i.amount),
  ]),
})}
\\blank[small]
${ctotals([
  ['Total exkl. MWST', m(t.net)],
  ...t.byRate.map((r) => [`MWST ${fmtRate(r.rate, 'ch', false)} auf ${m(r.net)}`, m(r.tax)]),
  ['Total MWST', m(t.tax)],
  ['Rechnungsbetrag CHF', m(t.total)],
])}
\\blank[medium]
{\\tfx Zahlbar bis ${due.p} mit dem untenstehenden QR-Zahlteil. Ohne QR-Referenz: \\hbox{${ibanGroups(iban2)}} (Zürcher Handelsbank). MWST-Nr. \\hbox{${te(uidP)}} · buchhaltung@brunner-luethi.example · Tel. 044 555 73 10}
`;
  return finish({
    name,
    gen: 'context',
    ext: 'tex',
    pages: 1,
    typeCode: '380',
    country: 'CH',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'ch', false),
    number: v('2026-117'),
    issue,
    due,
    currency: v('CHF'),
    seller: 'Brunner Lüthi Beratung AG',
    sellerVat: v(`${uid}MWST`, uidP),
    email: 'buchhaltung@brunner-luethi.example',
    iban: v(qrIban, ibanGroups(qrIban)),
    payref: v(ref, qrRefPrinted(ref)),
    po: v('SL-PO-5521'),
    buyerRef: v('Projekt Atlas / Hr. Gisler'),
    buyer: 'Seewald Logistik AG',
    buyerVat: v(`${buyerUid}MWST`, buyerUidP),
    extra: [qrAmount, ibanGroups(iban2)],
    ids: [{ kind: 'iban', value: iban2 }],
    source: ctxDoc({
      name,
      font: 'heros',
      size: '9pt',
      lang: 'de',
      layout:
        'backspace=20mm,width=170mm,topspace=14mm,header=0mm,headerdistance=0mm,footer=0mm,footerdistance=0mm,height=170mm,bottomspace=10mm',
      body,
    }),
  });
}

/** fr-1: French training company (SAS), header grid of framed labelled boxes, RF reference, capital social, SIRET, NAF, late-payment sentence. */
function fr1(): Doc {
  const name = 'fr-1-context-training';
  const m = (c: number): string => fmtNum(c, 'frs');
  const items = [
    item(
      'Formation « Tableaux de bord Power BI » – 2 jours, 6 stagiaires (10 et 11 février 2026)',
      '2',
      '1450.00',
      '20',
      { unit: 'jours' },
    ),
    item("Supports de cours et licences d'évaluation", '6', '35.00', '20', { unit: 'stagiaires' }),
    lump('Frais de déplacement du formateur (Lyon – Villeurbanne, repas)', 18640, '20'),
  ];
  const t = calc(items);
  const sir = siren('82471905');
  const sirP = `${sir.slice(0, 3)}${NBSP}${sir.slice(3, 6)}${NBSP}${sir.slice(6)}`;
  const sirt = siret(sir, '0027');
  const vat = frVat(sir);
  const buyerVat = frVat(siren('79340216'));
  const vatP = (x: string): string => `${x.slice(0, 4)} ${x.slice(4, 7)} ${x.slice(7, 10)} ${x.slice(10)}`;
  const iban = ibanFrom('FR', frBban('17806', '00400', '04418390121'));
  const bic = 'ATNRFRPPXXX';
  const rf = rfRef('ANR20260057');
  const issue = v('2026-03-05', fmtDate('2026-03-05', 'long', 'fr'));
  const due = v('2026-04-04', fmtDate('2026-04-04', 'long', 'fr'));
  const box = (label: string, value: string): string =>
    `\\framed[width=33mm,height=12mm,align={flushleft,lohi},frame=on,rulethickness=0.5pt,framecolor=anr,offset=1.2mm]{{\\switchtobodyfont[6.5pt]\\color[anr]{${label}}}\\\\ {\\bf ${value}}}`;
  const body = `
\\definecolor[anr][r=.12,g=.36,b=.43]
\\setupfootertexts[${cfoot(`Atelier Numérique Rhône SAS au capital de 40${NBSP}000 € · 27 quai Saint-Vincent, 69001 Lyon · RCS Lyon ${sirP} · SIRET ${sirt} · NAF 8559A · TVA ${vatP(vat)}\\\\ Déclaration d'activité enregistrée sous le n° 84 69 17234 69 auprès du préfet de région Auvergne-Rhône-Alpes (cet enregistrement ne vaut pas agrément de l'État)`)}]
${ctable({
  widths: ['95mm', '75mm'],
  offset: '0mm',
  rows: [
    [
      `{\\tfc\\bf\\color[anr]{Atelier Numérique Rhône}}\\\\ {\\tfx conseil · formation · data}\\\\ 27 quai Saint-Vincent\\\\ 69001 Lyon\\\\ 04 72 55 90 18 · compta@atelier-numerique-rhone.example`,
      `\\framed[width=75mm,frame=on,framecolor=anr,align={flushleft},offset=2mm]{{\\tfx Facturé à}\\\\ {\\bf Cabinet Morel Expertise Comptable SELARL}\\\\ Service comptabilité fournisseurs\\\\ 14 rue de la République\\\\ 69100 Villeurbanne\\\\ TVA ${vatP(buyerVat)}}`,
    ],
  ],
})}
\\blank[big]
{\\tfb\\bf FACTURE}
\\blank[small]
\\dontleavehmode${box('N° de facture', 'ANR-2026-0057')}\\hskip 1.2mm${box('Date', issue.p)}\\hskip 1.2mm${box('Échéance', due.p)}\\hskip 1.2mm${box('Client', 'C-0412')}\\hskip 1.2mm${box('Bon de commande', 'BC-26-0412')}
\\blank[medium]
${ctable({
  widths: ['95mm', '25mm', '25mm', '25mm'],
  align: ['l', 'r', 'r', 'r'],
  head: ['Désignation', 'Quantité', 'P.U. HT (€)', 'Total HT (€)'],
  headBg: 'anr',
  headFg: 'white',
  rules: true,
  rows: items.map((i) => [
    te(i.desc),
    i.qty ? `${i.qty} ${i.unit ?? ''}` : 'forfait',
    i.price ? m(lineCents('1', i.price)) : '',
    m(i.amount),
  ]),
})}
\\blank[small]
${ctotals(
  [
    ['Total HT', `${m(t.net)} €`],
    [`TVA ${fmtRate('20', 'frs', true)}`, `${m(t.tax)} €`],
    ['Total TTC', `${m(t.total)} €`],
  ],
  '90mm',
  '52mm',
  '28mm',
)}
\\blank[medium]
{\\bf Règlement} par virement avant le ${due.p} : IBAN \\hbox{${ibanGroups(iban)}} · BIC ${bic}\\\\
Référence de paiement à indiquer impérativement : \\hbox{\\bf ${rfGroups(rf)}}
\\blank[medium]
{\\tfx Conditions de paiement : 30 jours date de facture. Aucun escompte pour paiement anticipé. Tout retard de paiement entraîne de plein droit des pénalités au taux de 3 fois le taux d'intérêt légal ainsi qu'une indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce). Convention de formation n° CF-2026-014 signée le 20 janvier 2026.}
`;
  return finish({
    name,
    gen: 'context',
    ext: 'tex',
    pages: 1,
    typeCode: '380',
    country: 'FR',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'frs', true),
    number: v('ANR-2026-0057'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Atelier Numérique Rhône SAS',
    sellerVat: v(vat, vatP(vat)),
    reg: v(sir, sirP),
    email: 'compta@atelier-numerique-rhone.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    payref: v(rf, rfGroups(rf)),
    po: v('BC-26-0412'),
    buyer: 'Cabinet Morel Expertise Comptable SELARL',
    buyerVat: v(buyerVat, vatP(buyerVat)),
    extra: [sirt],
    ids: [
      { kind: 'siren', value: sir },
      { kind: 'siret', value: sirt },
      { kind: 'siren', value: buyerVat.slice(4) },
    ],
    source: ctxDoc({
      name,
      font: 'pagella',
      size: '9.5pt',
      lang: 'fr',
      layout:
        'backspace=20mm,width=170mm,topspace=14mm,header=0mm,headerdistance=0mm,footer=14mm,footerdistance=4mm,height=fit,bottomspace=8mm',
      body,
    }),
  });
}

/** Generic two-page ConTeXt wholesale invoice body pieces. */
interface WholesaleLine {
  code: string;
  desc: string;
  qty: string;
  unit: string;
  price: string;
  rate: string;
}

/** nl-3: Dutch horeca wholesale, 30 lines on two pages (transport / transporteren), 9 % and 21 %, RF reference, KvK, zebra rows. */
function nl3(): Doc {
  const name = 'nl-3-context-wholesale';
  const m = (c: number): string => fmtNum(c, 'de');
  const L: WholesaleLine[] = [
    { code: '100214', desc: 'Frituurolie vloeibaar 10 l', qty: '4', unit: 'can', price: '21.95', rate: '9' },
    { code: '100220', desc: 'Mayonaise emmer 5 l', qty: '3', unit: 'emmer', price: '14.80', rate: '9' },
    { code: '100231', desc: 'Curry ketchup 3 l', qty: '2', unit: 'can', price: '9.45', rate: '9' },
    {
      code: '101007',
      desc: 'Friet 10 mm diepvries 4 × 2,5 kg',
      qty: '6',
      unit: 'doos',
      price: '18.60',
      rate: '9',
    },
    {
      code: '101012',
      desc: 'Kroketten rundvlees 20 × 70 g',
      qty: '5',
      unit: 'doos',
      price: '11.25',
      rate: '9',
    },
    { code: '101018', desc: 'Bitterballen 100 × 20 g', qty: '4', unit: 'doos', price: '12.90', rate: '9' },
    { code: '102300', desc: 'Broodjes wit afbak 48 st', qty: '6', unit: 'doos', price: '8.75', rate: '9' },
    { code: '102315', desc: 'Tijgerbollen 24 st', qty: '4', unit: 'doos', price: '7.40', rate: '9' },
    { code: '103401', desc: 'Jonge kaas plakken 1 kg', qty: '5', unit: 'pak', price: '10.35', rate: '9' },
    { code: '103420', desc: 'Achterham plakken 500 g', qty: '8', unit: 'pak', price: '5.85', rate: '9' },
    { code: '104002', desc: 'Volle melk 1 l', qty: '24', unit: 'pak', price: '1.09', rate: '9' },
    { code: '104010', desc: 'Slagroom 35 % 1 l', qty: '6', unit: 'pak', price: '4.60', rate: '9' },
    { code: '104100', desc: 'Eieren scharrel M 180 st', qty: '1', unit: 'doos', price: '34.20', rate: '9' },
    { code: '105510', desc: 'Koffiebonen espresso 1 kg', qty: '6', unit: 'zak', price: '16.95', rate: '9' },
    { code: '105530', desc: 'Thee assortiment 6 × 25', qty: '3', unit: 'doos', price: '8.30', rate: '9' },
    { code: '105600', desc: 'Suikerzakjes 1000 st', qty: '1', unit: 'doos', price: '12.50', rate: '9' },
    { code: '106020', desc: 'Appelsap troebel 1 l', qty: '12', unit: 'fles', price: '1.45', rate: '9' },
    { code: '106045', desc: 'Spa blauw 0,5 l tray 24', qty: '3', unit: 'tray', price: '9.90', rate: '9' },
    { code: '107100', desc: 'Pilsener fust 20 l', qty: '4', unit: 'fust', price: '58.50', rate: '21' },
    {
      code: '107130',
      desc: 'Speciaalbier blond 24 × 0,33 l',
      qty: '2',
      unit: 'krat',
      price: '29.80',
      rate: '21',
    },
    { code: '107210', desc: 'Huiswijn rood 6 × 0,75 l', qty: '2', unit: 'doos', price: '31.20', rate: '21' },
    { code: '107220', desc: 'Huiswijn wit 6 × 0,75 l', qty: '2', unit: 'doos', price: '31.20', rate: '21' },
    { code: '107400', desc: 'Jenever jong 1 l', qty: '3', unit: 'fles', price: '13.45', rate: '21' },
    {
      code: '108010',
      desc: 'Servetten 33 × 33 wit 500 st',
      qty: '4',
      unit: 'pak',
      price: '6.70',
      rate: '21',
    },
    {
      code: '108030',
      desc: 'Frietbakjes A10 karton 500 st',
      qty: '2',
      unit: 'doos',
      price: '24.90',
      rate: '21',
    },
    { code: '108050', desc: 'Vuilniszakken 120 l 100 st', qty: '2', unit: 'rol', price: '17.30', rate: '21' },
    { code: '108090', desc: 'Vaatwastabletten 200 st', qty: '1', unit: 'emmer', price: '39.50', rate: '21' },
    { code: '108120', desc: 'Ontvetter keuken 5 l', qty: '2', unit: 'can', price: '12.85', rate: '21' },
    { code: '900001', desc: 'Statiegeld fust', qty: '4', unit: 'st', price: '30.00', rate: '21' },
    { code: '900010', desc: 'Bezorgkosten route Kampen', qty: '1', unit: 'rit', price: '17.50', rate: '21' },
  ];
  const items = L.map((l) => item(l.desc, l.qty, l.price, l.rate, { unit: l.unit, ref: l.code }));
  const t = calc(items);
  const split = 17;
  const carried = sumOf(items.slice(0, split));
  const vat = nlVat('80613925');
  const buyerVat = nlVat('86217304');
  const iban = ibanFrom('NL', 'VDMB0682219043');
  const bic = 'VDMBNL2A';
  const rf = rfRef('2601877');
  const issue = v('2026-03-02', fmtDate('2026-03-02', 'long', 'nl'));
  const due = v('2026-03-16', fmtDate('2026-03-16', 'long', 'nl'));
  const table = (rows: Item[], carry?: [string, string], end?: [string, string]): string =>
    ctable({
      widths: ['17mm', '70mm', '20mm', '16mm', '20mm', '10mm', '21mm'],
      align: ['l', 'l', 'r', 'l', 'r', 'r', 'r'],
      head: ['Artikel', 'Omschrijving', 'Aantal', 'Eenh.', 'Prijs', 'Btw', 'Bedrag'],
      headBg: 'vdm',
      headFg: 'white',
      zebra: 'vdmlight',
      offset: '0.6mm',
      rows: [
        ...(carry ? [['', `{\\bf ${carry[0]}}`, '', '', '', '', `{\\bf ${carry[1]}}`]] : []),
        ...rows.map((i) => [
          i.ref ?? '',
          te(i.desc),
          i.qty ?? '',
          i.unit ?? '',
          fmtDec(i.price ?? '', 'de', 2),
          fmtRate(i.rate, 'de', false),
          m(i.amount),
        ]),
        ...(end ? [['', `{\\bf ${end[0]}}`, '', '', '', '', `{\\bf ${end[1]}}`]] : []),
      ],
    });
  const body = `
\\definecolor[vdm][r=.55,g=.18,b=.09]
\\definecolor[vdmlight][r=.97,g=.93,b=.9]
\\setupheadertexts[{\\tfx Van der Meulen Horeca Groothandel B.V.}][{\\tfx Factuur VF26-01877 · blad \\pagenumber\\ van \\lastpagenumber}]
\\setupfootertexts[${cfoot(`Van der Meulen Horeca Groothandel B.V. · Industrieweg 31 · 8263 AB Kampen · KvK 39281744 · btw ${vat}\\\\ IBAN ${ibanGroups(iban)} · BIC ${bic} · administratie@vdmeulen-horeca.example`, '174mm')}]
${ctable({
  widths: ['100mm', '74mm'],
  offset: '0mm',
  rows: [
    [
      `{\\tfd\\bf\\color[vdm]{Van der Meulen}}\\\\ {\\tfa Horeca Groothandel}\\\\ {\\tfx Industrieweg 31 · 8263 AB Kampen · 038 555 12 40}`,
      `\\blank[force,8mm] {\\bf Eetcafé De Waag V.O.F.}\\\\ t.a.v. de heer R. Brouwer\\\\ Oudestraat 2\\\\ 8261 CK Kampen\\\\ btw ${buyerVat}`,
    ],
  ],
})}
\\blank[medium]
{\\tfb\\bf Factuur}
\\blank[small]
${ctable({
  widths: ['30mm', '45mm', '30mm', '45mm'],
  offset: '0.3mm',
  rows: [
    ['Factuurnummer', '{\\bf VF26-01877}', 'Klantnummer', '20918'],
    ['Factuurdatum', issue.p, 'Uw ordernummer', 'WAAG-0312'],
    ['Vervaldatum', due.p, 'Leverdatum / pakbon', '27-02-2026 / PB-55120'],
  ],
})}
\\blank[small]
${table(items.slice(0, split), undefined, ['Transporteren', m(carried)])}
\\page
${table(items.slice(split), ['Transport', m(carried)])}
\\blank[small]
${ctable({
  widths: ['25mm', '35mm', '35mm'],
  align: ['l', 'r', 'r'],
  head: ['Btw-tarief', 'Grondslag', 'Btw-bedrag'],
  headBg: 'vdmlight',
  rows: t.byRate.map((r) => [fmtRate(r.rate, 'de', false), m(r.net), m(r.tax)]),
})}
\\blank[small]
${ctotals(
  [
    ['Totaal excl. btw', m(t.net)],
    ['Totaal btw', m(t.tax)],
    ['Totaal te betalen EUR', m(t.total)],
  ],
  '80mm',
  '65mm',
  '29mm',
)}
\\blank[medium]
Wij verzoeken u het totaalbedrag vóór ${due.p} over te maken op \\hbox{${ibanGroups(iban)}} ten name van Van der Meulen Horeca Groothandel B.V., onder vermelding van betalingskenmerk \\hbox{\\bf ${rfGroups(rf)}}.
\\blank[small]
{\\tfx Statiegeld wordt bij retour gecrediteerd. Op al onze leveringen zijn de Algemene Voorwaarden van de Nederlandse Groothandel van toepassing, gedeponeerd bij de KvK.}
`;
  return finish({
    name,
    gen: 'context',
    ext: 'tex',
    pages: 2,
    typeCode: '380',
    country: 'NL',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('VF26-01877'),
    issue,
    due,
    currency: v('EUR'),
    seller: 'Van der Meulen Horeca Groothandel B.V.',
    sellerVat: v(vat),
    reg: v('39281744'),
    email: 'administratie@vdmeulen-horeca.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    payref: v(rf, rfGroups(rf)),
    po: v('WAAG-0312'),
    buyer: 'Eetcafé De Waag V.O.F.',
    buyerVat: v(buyerVat),
    totalsLastOnly: true,
    perPage: [[`Transporteren ${m(carried)}`], [`Transport ${m(carried)}`]],
    source: ctxDoc({
      name,
      font: 'heros',
      size: '8.5pt',
      lang: 'nl',
      layout:
        'backspace=18mm,width=174mm,topspace=8mm,header=8mm,headerdistance=4mm,footer=10mm,footerdistance=4mm,height=fit,bottomspace=8mm',
      body,
    }),
  });
}

/** es-3: Spanish food distributor (S.A.), 31 lines on two pages (suma y sigue), 21/10/4 %, albaranes, capital social, Registro Mercantil. */
function es3(): Doc {
  const name = 'es-3-context-distribution';
  const m = (c: number): string => fmtNum(c, 'de');
  const L: WholesaleLine[] = [
    {
      code: 'A-1001',
      desc: 'Leche entera brik 1 l (caja 6)',
      qty: '20',
      unit: 'caja',
      price: '5.34',
      rate: '4',
    },
    {
      code: 'A-1004',
      desc: 'Leche semidesnatada 1 l (caja 6)',
      qty: '24',
      unit: 'caja',
      price: '5.10',
      rate: '4',
    },
    {
      code: 'A-1020',
      desc: 'Huevos frescos L, estuche 12',
      qty: '30',
      unit: 'est.',
      price: '2.65',
      rate: '4',
    },
    { code: 'A-1031', desc: 'Pan de molde integral 675 g', qty: '18', unit: 'ud.', price: '1.48', rate: '4' },
    {
      code: 'A-1040',
      desc: 'Queso fresco de Burgos 500 g',
      qty: '12',
      unit: 'ud.',
      price: '2.95',
      rate: '4',
    },
    { code: 'A-1052', desc: 'Harina de trigo 1 kg', qty: '40', unit: 'ud.', price: '0.74', rate: '4' },
    {
      code: 'A-1060',
      desc: 'Fruta: naranja de mesa (malla 5 kg)',
      qty: '15',
      unit: 'malla',
      price: '4.20',
      rate: '4',
    },
    { code: 'A-1071', desc: 'Patata nueva (saco 10 kg)', qty: '10', unit: 'saco', price: '6.90', rate: '4' },
    {
      code: 'B-2003',
      desc: 'Aceite de oliva virgen extra 1 l',
      qty: '36',
      unit: 'bot.',
      price: '8.45',
      rate: '4',
    },
    { code: 'B-2010', desc: 'Arroz redondo 1 kg', qty: '40', unit: 'paq.', price: '1.32', rate: '10' },
    { code: 'B-2022', desc: 'Garbanzos cocidos 400 g', qty: '48', unit: 'bote', price: '0.89', rate: '10' },
    {
      code: 'B-2030',
      desc: 'Atún claro en aceite pack 3',
      qty: '30',
      unit: 'pack',
      price: '3.15',
      rate: '10',
    },
    { code: 'B-2041', desc: 'Tomate triturado 800 g', qty: '36', unit: 'lata', price: '0.95', rate: '10' },
    { code: 'B-2055', desc: 'Galletas María 800 g', qty: '24', unit: 'paq.', price: '1.85', rate: '10' },
    { code: 'B-2063', desc: 'Café molido mezcla 250 g', qty: '30', unit: 'paq.', price: '2.70', rate: '10' },
    { code: 'B-2070', desc: 'Yogur natural pack 4', qty: '36', unit: 'pack', price: '1.15', rate: '10' },
    { code: 'B-2088', desc: 'Jamón cocido extra 200 g', qty: '20', unit: 'ud.', price: '2.40', rate: '10' },
    {
      code: 'B-2091',
      desc: 'Chorizo ibérico sarta 250 g',
      qty: '15',
      unit: 'ud.',
      price: '3.95',
      rate: '10',
    },
    {
      code: 'B-2104',
      desc: 'Agua mineral 1,5 l (pack 6)',
      qty: '40',
      unit: 'pack',
      price: '1.98',
      rate: '10',
    },
    { code: 'B-2110', desc: 'Zumo de naranja 1 l', qty: '24', unit: 'brik', price: '1.29', rate: '10' },
    { code: 'C-3001', desc: 'Refresco de cola 2 l', qty: '30', unit: 'bot.', price: '1.62', rate: '21' },
    {
      code: 'C-3012',
      desc: 'Cerveza lata 33 cl (pack 12)',
      qty: '20',
      unit: 'pack',
      price: '6.90',
      rate: '21',
    },
    {
      code: 'C-3020',
      desc: 'Vino tinto D.O. La Mancha 75 cl',
      qty: '24',
      unit: 'bot.',
      price: '3.40',
      rate: '21',
    },
    { code: 'C-3101', desc: 'Detergente líquido 3 l', qty: '12', unit: 'bot.', price: '5.75', rate: '21' },
    { code: 'C-3110', desc: 'Lejía 2 l', qty: '20', unit: 'bot.', price: '0.98', rate: '21' },
    { code: 'C-3125', desc: 'Papel higiénico (pack 12)', qty: '18', unit: 'pack', price: '4.35', rate: '21' },
    {
      code: 'C-3130',
      desc: 'Bolsas de basura 30 l (rollo 25)',
      qty: '20',
      unit: 'rollo',
      price: '1.05',
      rate: '21',
    },
    { code: 'C-3142', desc: 'Lavavajillas a mano 1 l', qty: '15', unit: 'bot.', price: '1.39', rate: '21' },
    {
      code: 'C-3150',
      desc: 'Servilletas 30 × 30 (paq. 100)',
      qty: '25',
      unit: 'paq.',
      price: '0.88',
      rate: '21',
    },
    { code: 'T-9001', desc: 'Portes ruta Henares-Tajo', qty: '1', unit: 'serv.', price: '35.00', rate: '21' },
    { code: 'T-9005', desc: 'Palés europeos en depósito', qty: '2', unit: 'ud.', price: '9.50', rate: '21' },
  ];
  const items = L.map((l) => item(l.desc, l.qty, l.price, l.rate, { unit: l.unit, ref: l.code }));
  const t = calc(items);
  const split = 17;
  const carried = sumOf(items.slice(0, split));
  const cif = esCif('A', '2831904');
  const buyerCif = esCif('B', '4521093');
  const iban = ibanFrom('ES', esBban('0128', '0412', '0100039811'));
  const bic = 'DAHEESMMXXX';
  const issue = v('2026-03-02', fmtDate('2026-03-02', 'dd/mm/yyyy'));
  const due = v('2026-04-01', fmtDate('2026-04-01', 'dd/mm/yyyy'));
  const table = (rows: Item[], carry?: [string, string], end?: [string, string]): string =>
    ctable({
      widths: ['16mm', '72mm', '14mm', '14mm', '18mm', '12mm', '24mm'],
      align: ['l', 'l', 'r', 'l', 'r', 'r', 'r'],
      head: ['Código', 'Descripción', 'Cant.', 'Ud.', 'Precio', 'IVA', 'Importe €'],
      headBg: 'dah',
      headFg: 'white',
      rules: true,
      offset: '0.55mm',
      rows: [
        ...(carry ? [['', `{\\bf ${carry[0]}}`, '', '', '', '', `{\\bf ${carry[1]}}`]] : []),
        ...rows.map((i) => [
          i.ref ?? '',
          te(i.desc),
          i.qty ?? '',
          te(i.unit ?? ''),
          fmtDec(i.price ?? '', 'de', 2),
          fmtRate(i.rate, 'de', false),
          m(i.amount),
        ]),
        ...(end ? [['', `{\\bf ${end[0]}}`, '', '', '', '', `{\\bf ${end[1]}}`]] : []),
      ],
    });
  const foot = cfoot(
    `Distribuciones Alimentarias Henares, S.A. · CIF ${cif} · Inscrita en el Registro Mercantil de Madrid, Tomo 18.442, Folio 61, Sección 8.ª, Hoja M-318204 · Capital social 601.000,00 €\\\\ Polígono Industrial Santa Rosa, C/ Río Henares 14 · 28806 Alcalá de Henares (Madrid) · facturacion@dahenares.example · Página \\pagenumber\\ de \\lastpagenumber`,
  );
  const body = `
\\definecolor[dah][r=.6,g=.33,b=.05]
\\setupfootertexts[${foot}]
${ctable({
  widths: ['92mm', '78mm'],
  offset: '0mm',
  rows: [
    [
      `{\\tfd\\bf\\color[dah]{HENARES}}\\\\ {\\tfx Distribuciones Alimentarias Henares, S.A.}\\\\ {\\tfx Tel. 918 555 402 · Fax 918 555 409}`,
      `\\framed[width=78mm,frame=on,framecolor=dah,align={flushleft},offset=2mm]{{\\tfx Cliente n.º 4471}\\\\ {\\bf Supermercados Vega del Tajo S.L.}\\\\ Avda. de Castilla 112\\\\ 45600 Talavera de la Reina (Toledo)\\\\ CIF ${buyerCif}}`,
    ],
  ],
})}
\\blank[medium]
${ctable({
  widths: ['28mm', '28mm', '28mm', '40mm', '46mm'],
  frame: true,
  offset: '0.8mm',
  head: ['Factura', 'Fecha', 'Vencimiento', 'Su pedido', 'Albaranes'],
  headBg: 'lightgray',
  rows: [
    ['{\\bf FV-2026/004117}', issue.p, due.p, 'PED-7781 (24/02/2026)', '26-1180 (25/02) · 26-1194 (27/02)'],
  ],
})}
\\blank[small]
${table(items.slice(0, split), undefined, ['Suma y sigue', m(carried)])}
\\page
{\\bf Factura FV-2026/004117} (continuación) · Supermercados Vega del Tajo S.L.
\\blank[small]
${table(items.slice(split), ['Suma anterior', m(carried)])}
\\blank[small]
${ctable({
  widths: ['34mm', '30mm', '22mm', '30mm'],
  align: ['l', 'r', 'r', 'r'],
  head: ['Tipo de IVA', 'Base imponible', '% IVA', 'Cuota IVA'],
  headBg: 'lightgray',
  rows: [
    ...t.byRate.map((r) => [
      `IVA ${fmtRate(r.rate, 'de', false)}`,
      m(r.net),
      fmtRate(r.rate, 'de', false),
      m(r.tax),
    ]),
    ['{\\bf Totales}', `{\\bf ${m(t.net)}}`, '', `{\\bf ${m(t.tax)}}`],
  ],
})}
\\blank[small]
${ctotals(
  [
    ['Base imponible', `${m(t.net)} €`],
    ['Cuota de IVA', `${m(t.tax)} €`],
    ['TOTAL FACTURA', `${m(t.total)} €`],
  ],
  '90mm',
  '52mm',
  '28mm',
)}
\\blank[medium]
Forma de pago: transferencia a 30 días fecha factura, vencimiento ${due.p}, a la cuenta \\hbox{${ibanGroups(iban)}} (BIC ${bic}).
Rogamos indiquen el número de factura en el concepto.
\\blank[small]
{\\tfx Los palés europeos quedan en depósito y se abonarán a su devolución. Reclamaciones sobre la mercancía: 48 horas desde la entrega.}
`;
  return finish({
    name,
    gen: 'context',
    ext: 'tex',
    pages: 2,
    typeCode: '380',
    country: 'ES',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('FV-2026/004117'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Distribuciones Alimentarias Henares, S.A.',
    sellerVat: v(`ES${cif}`, cif),
    reg: v('M-318204'),
    email: 'facturacion@dahenares.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    po: v('PED-7781'),
    buyer: 'Supermercados Vega del Tajo S.L.',
    buyerVat: v(`ES${buyerCif}`, buyerCif),
    totalsLastOnly: true,
    perPage: [[`Suma y sigue ${m(carried)}`], [`Suma anterior ${m(carried)}`]],
    ids: [
      { kind: 'es_cif', value: cif },
      { kind: 'es_cif', value: buyerCif },
    ],
    source: ctxDoc({
      name,
      font: 'bonum',
      size: '8.5pt',
      lang: 'es',
      layout:
        'backspace=18mm,width=174mm,topspace=10mm,header=0mm,headerdistance=0mm,footer=12mm,footerdistance=4mm,height=fit,bottomspace=8mm',
      body,
    }),
  });
}

/** es-4: Spanish cleaning contractor, monthly service, SEPA direct debit (mandate, creditor id), ISO issue date, RAE-style ungrouped amounts, sidebar column. */
function es4(): Doc {
  const name = 'es-4-context-cleaning';
  const m = (c: number): string => fmtNum(c, 'rae');
  const items = [
    item('Limpieza diaria de instalaciones, marzo 2026 (22 días laborables)', '22', '68.00', '21', {
      unit: 'día',
    }),
    item('Limpieza de cristales exteriores (trimestral)', '1', '145.00', '21', { unit: 'serv.' }),
    item('Desinfección de gabinetes según protocolo sanitario', '8', '12.50', '21', { unit: 'gab.' }),
    item('Reposición de consumibles (papel secamanos, jabón, bolsas)', '1', '87.35', '21', { unit: 'lote' }),
  ];
  const t = calc(items);
  const cif = esCif('B', '9782043');
  const buyerCif = esCif('B', '9813472');
  const iban = ibanFrom('ES', esBban('2100', '6231', '0200118844'));
  const buyerIban = ibanFrom('ES', esBban('0081', '0693', '0006001277'));
  const bic = 'LITUESVVXXX';
  const credId = `ES${pad2(98 - mod97(alnumToDigits(`${cif}ES00`)))}000${cif}`;
  const issue = v('2026-03-01');
  const due = v('2026-03-10', fmtDate('2026-03-10', 'dd-mm-yyyy'));
  const maskedBuyer = `${buyerIban.slice(0, 4)} **** **** **** **** ${buyerIban.slice(-4)}`;
  const side = [
    '{\\bf\\color[turia]{LIMPIEZAS}}',
    '{\\bf\\color[turia]{INTEGRALES}}',
    '{\\bf\\color[turia]{DEL TURIA}}',
    '\\blank[small]',
    'C/ Sueca 77, bajo',
    '46006 Valencia',
    'Tel. 963 555 740',
    '\\blank[small]',
    '{\\bf Su gestor}',
    'Amparo Climent',
    'Ext. 214',
    '\\blank[small]',
    '{\\bf Contrato}',
    'CT-2023-118',
    'Mensual, renovación',
    'anual automática',
  ].join('\\\\\n');
  const body = `
\\definecolor[turia][r=.0,g=.42,b=.55]
\\definecolor[turialight][r=.9,g=.95,b=.97]
\\definelayer[pg][x=0mm,y=0mm,width=\\paperwidth,height=\\paperheight]
\\setupbackgrounds[page][background=pg]
\\setlayer[pg][x=148mm,y=14mm]{\\framed[width=50mm,height=250mm,frame=off,leftframe=on,rulethickness=1.5pt,framecolor=turia,background=color,backgroundcolor=turialight,align={flushleft,nothyphenated},offset=3mm]{\\switchtobodyfont[7.5pt]${side}}}
\\setupfootertexts[${cfoot(`Limpiezas Integrales del Turia, S.L. · CIF ${cif} · C/ Sueca 77, 46006 Valencia\\\\ Registro Mercantil de Valencia, Tomo 9.120, Libro 6.402, Folio 88, Hoja V-112874\\\\ administracion@limpiezasturia.example`, '120mm')}]
{\\tfc\\bf Factura}
\\blank[medium]
${ctable({
  widths: ['36mm', '80mm'],
  offset: '0.4mm',
  rows: [
    ['Número', '{\\bf 2026/0318}'],
    ['Fecha de emisión', issue.p],
    ['Periodo facturado', '01/03/2026 – 31/03/2026'],
    ['Cliente', '{\\bf Clínica Dental Marítim S.L.P.}'],
    ['', 'Av. del Port 140, 46023 Valencia'],
    ['NIF cliente', buyerCif],
    ['Centro', 'Gabinetes y recepción, planta 1.ª'],
  ],
})}
\\blank[medium]
${ctable({
  widths: ['66mm', '14mm', '16mm', '20mm'],
  align: ['l', 'r', 'r', 'r'],
  head: ['Concepto', 'Cant.', 'Precio', 'Importe'],
  headBg: 'turia',
  headFg: 'white',
  rules: true,
  offset: '0.7mm',
  rows: items.map((i) => [te(i.desc), i.qty ?? '', m(lineCents('1', i.price ?? '0')), m(i.amount)]),
})}
\\blank[small]
${ctotals(
  [
    ['Base imponible', `${m(t.net)} €`],
    [`IVA ${fmtRate('21', 'de', false)}`, `${m(t.tax)} €`],
    ['Total factura', `${m(t.total)} €`],
  ],
  '40mm',
  '48mm',
  '28mm',
)}
\\blank[medium]
Le rogamos que atienda el recibo SEPA por importe de ${m(t.due)} €, que se cargará el ${due.p} en su cuenta\\\\ \\hbox{${maskedBuyer}}.
\\blank[small]
{\\tfx Referencia del mandato: LIT-MND-0447 · Identificador del acreedor: \\hbox{${credId}} · Fecha de firma del mandato: 14/09/2023.
Si prefiere pagar por transferencia: \\hbox{${ibanGroups(iban)}} · BIC ${bic}.}
`;
  return finish({
    name,
    gen: 'context',
    ext: 'tex',
    pages: 1,
    typeCode: '380',
    country: 'ES',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('2026/0318'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Limpiezas Integrales del Turia, S.L.',
    sellerVat: v(`ES${cif}`, cif),
    reg: v('V-112874'),
    email: 'administracion@limpiezasturia.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyer: 'Clínica Dental Marítim S.L.P.',
    buyerVat: v(`ES${buyerCif}`, buyerCif),
    extra: [credId, 'LIT-MND-0447'],
    ids: [
      { kind: 'es_cif', value: cif },
      { kind: 'es_cif', value: buyerCif },
      { kind: 'iban', value: buyerIban },
    ],
    source: ctxDoc({
      name,
      font: 'adventor',
      size: '8.5pt',
      lang: 'es',
      layout:
        'backspace=18mm,width=120mm,topspace=16mm,header=0mm,headerdistance=0mm,footer=12mm,footerdistance=4mm,height=fit,bottomspace=8mm',
      body,
    }),
  });
}

/** it-1: Italian lawyer (individual), spese generali 15 %, CPA 4 %, IVA 22 %, ritenuta d'acconto 20 %, codice fiscale, PEC. */
function it1(): Doc {
  const name = 'it-1-context-lawyer';
  const m = (c: number): string => fmtNum(c, 'de');
  const fee = 240000;
  const spese = divHalfUp(fee * 15, 100);
  const cpa = divHalfUp((fee + spese) * 4, 100);
  const items = [
    lump('Compensi professionali', fee, '22'),
    lump('Spese generali 15% (art. 2 D.M. 55/2014)', spese, '22'),
    lump('Cassa Previdenza Avvocati 4%', cpa, '22'),
  ];
  const rit = divHalfUp((fee + spese) * 20, 100);
  const t = calc(items, { withholding: rit });
  const piva = itPiva('0712643048');
  const cf = itCodiceFiscale('LMBCHR79E52D612');
  const buyerPiva = itPiva('0563219048');
  const iban = ibanFrom('IT', itBban('03069', '02887', '100000004417'));
  const bic = 'SLCLITF1XXX';
  const issue = v('2026-03-05', fmtDate('2026-03-05', 'long', 'it'));
  const due = v('2026-04-04', fmtDate('2026-04-04', 'long', 'it'));
  const body = `
\\definecolor[avv][r=.25,g=.2,b=.35]
\\setupfootertexts[${cfoot(`Avv. Chiara Lombardi · Via de' Servi 38, 50122 Firenze · C.F. ${cf} · P.IVA ${piva} · Iscritta all'Ordine degli Avvocati di Firenze\\\\\\\\ studio@avvocatolombardi.example · PEC chiara.lombardi@pec.example · Tel. 055 555 2871`, '160mm')}]
\\startalignment[middle]
{\\tfc\\sc Studio Legale}\\\\
{\\tfb\\bf\\color[avv]{Avv. Chiara Lombardi}}\\\\
{\\tfx Diritto amministrativo · Appalti pubblici · Urbanistica}
\\stopalignment
\\blank[big]
\\hfill\\framed[width=80mm,frame=off,align={flushleft},offset=0mm]{Spett.le\\\\ {\\bf Edilnova Costruzioni S.r.l.}\\\\ Via Pistoiese 210\\\\ 59100 Prato (PO)\\\\ P.IVA ${buyerPiva}}
\\blank[big]
{\\bf Fattura n. 12/2026} del ${issue.p}
\\blank[small]
Oggetto: attività professionale nel procedimento Edilnova / Comune di Prato – ricorso al T.A.R. Toscana n. 412/2025 (fase cautelare e udienza di merito del 18 febbraio 2026).\\\\
Vs. riferimento: Geom. Bartolini – commessa 25/031
\\blank[medium]
${ctable({
  widths: ['120mm', '40mm'],
  align: ['l', 'r'],
  rules: true,
  rows: [
    ...items.map((i) => [te(i.desc), `€ ${m(i.amount)}`]),
    ['{\\bf Imponibile IVA}', `{\\bf € ${m(t.net)}}`],
    [`IVA ${fmtRate('22', 'de', false)} su € ${m(t.net)}`, `€ ${m(t.tax)}`],
    ['{\\bf Totale fattura}', `{\\bf € ${m(t.total)}}`],
    [`Ritenuta d'acconto ${fmtRate('20', 'de', false)} su € ${m(fee + spese)}`, `- € ${m(rit)}`],
    ['{\\bf Netto a pagare}', `{\\bf € ${m(t.due)}}`],
  ],
})}
\\blank[medium]
Pagamento entro il ${due.p} mediante bonifico bancario su Banca Toscana Centrale, IBAN \\hbox{${ibanGroups(iban)}} – BIC ${bic}, causale «Fattura 12/2026».
\\blank[small]
{\\tfx Il cliente, in qualità di sostituto d'imposta, è tenuto a versare la ritenuta d'acconto entro il 16 del mese successivo al pagamento e a rilasciare la certificazione unica. Contributo integrativo CPA ai sensi dell'art. 11 L. 576/1980. Operazione soggetta a split payment: no.}
\\blank[big]
\\hfill Avv. Chiara Lombardi
`;
  return finish({
    name,
    gen: 'context',
    ext: 'tex',
    pages: 1,
    typeCode: '380',
    country: 'IT',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('12/2026'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Avv. Chiara Lombardi',
    sellerVat: v(`IT${piva}`, piva),
    email: 'studio@avvocatolombardi.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyerRef: v('Geom. Bartolini – commessa 25/031'),
    buyer: 'Edilnova Costruzioni S.r.l.',
    buyerVat: v(`IT${buyerPiva}`, buyerPiva),
    extra: [cf],
    ids: [{ kind: 'it_cf', value: cf }],
    source: ctxDoc({
      name,
      font: 'schola',
      size: '10pt',
      lang: 'it',
      layout:
        'backspace=25mm,width=160mm,topspace=18mm,header=0mm,headerdistance=0mm,footer=14mm,footerdistance=4mm,height=fit,bottomspace=8mm',
      body,
    }),
  });
}

/** it-4: Italian business-fibre bill: customer code, contract, service period, previous payments, SEPA mandate, right-hand info column. */
function it4(): Doc {
  const name = 'it-4-context-telecom';
  const m = (c: number): string => fmtNum(c, 'de');
  const items = [
    item('Canone Fibra Business 1 Gbit/s – marzo 2026', '1', '59.90', '22'),
    item('Linea voce aggiuntiva – marzo 2026', '2', '9.90', '22'),
    item('Indirizzo IP statico – marzo 2026', '1', '5.00', '22'),
    lump('Traffico verso mobili febbraio 2026 (312 min)', 1248, '22'),
    item('Noleggio router Wi-Fi 6 – marzo 2026', '1', '4.50', '22'),
  ];
  const t = calc(items);
  const piva = itPiva('0933721015');
  const buyerPiva = itPiva('0277318036');
  const iban = ibanFrom('IT', itBban('02008', '01600', '000104417730'));
  const bic = 'RTLBITMMXXX';
  const issue = v('2026-03-01', fmtDate('2026-03-01', 'dd/mm/yyyy'));
  const due = v('2026-03-20', fmtDate('2026-03-20', 'dd/mm/yyyy'));
  const info = [
    '{\\bf Il tuo codice cliente}',
    '{\\tfa C0448127}',
    '\\blank[small]',
    '{\\bf Codice contratto}',
    'FBR-2024-771204',
    '\\blank[small]',
    '{\\bf Numero linea}',
    '055 555 9120',
    '\\blank[small]',
    '{\\bf Assistenza clienti business}',
    '800 555 019 (gratuito)',
    '\\blank[small]',
    '{\\bf Situazione pagamenti}',
    'Fattura precedente RL26/0031577',
    'di € 89,70: pagata il 20/02/2026.',
    'Grazie!',
  ].join('\\\\\n');
  const body = `
\\definecolor[rl][r=.85,g=.33,b=.1]
\\definecolor[rllight][r=.99,g=.94,b=.9]
\\definelayer[pg][x=0mm,y=0mm,width=\\paperwidth,height=\\paperheight]
\\setupbackgrounds[page][background=pg]
\\setlayer[pg][x=146mm,y=40mm]{\\framed[width=52mm,frame=off,background=color,backgroundcolor=rllight,align={flushleft,nothyphenated},offset=3mm]{\\switchtobodyfont[7.5pt]${info}}}
\\setupfootertexts[${cfoot(`Retelibera Fibra S.p.A. · Sede legale Viale Monza 301, 20126 Milano · Capitale sociale € 2.500.000,00 i.v. · Reg. Imprese Milano, C.F. e P.IVA ${piva} · REA MI-2088131\\\\\\\\ fatture@retelibera.example · Società soggetta a direzione e coordinamento di Retelibera Holding S.p.A.`, '180mm')}]
{\\tfd\\bf\\color[rl]{retelibera}}{\\tfa\\color[rl]{ fibra}}
\\blank[big]
${ctable({
  widths: ['62mm', '60mm'],
  offset: '0mm',
  rows: [
    [
      '{\\tfx Intestatario}\\\\ {\\bf Studio Tecnico Associato Ferri \\& Galli}\\\\ Via Ghibellina 77\\\\ 50122 Firenze (FI)\\\\ P.IVA ' +
        buyerPiva,
      '',
    ],
  ],
})}
\\blank[big]
{\\tfb\\bf Fattura n. RL26/0048812}\\\\
Data di emissione: ${issue.p} · Periodo di fatturazione: 01/03/2026 – 31/03/2026 (canoni anticipati), traffico febbraio 2026
\\blank[medium]
\\framed[width=122mm,frame=off,background=color,backgroundcolor=rl,foregroundcolor=white,align={flushleft},offset=2.5mm]{\\color[white]{{\\bf Totale da pagare € ${m(t.due)}}\\\\ Scadenza ${due.p} – addebito diretto SEPA}}
\\blank[medium]
${ctable({
  widths: ['84mm', '12mm', '26mm'],
  align: ['l', 'r', 'r'],
  head: ['Dettaglio importi', 'IVA', 'Importo €'],
  headBg: 'rllight',
  rules: true,
  offset: '0.7mm',
  rows: items.map((i) => [
    te(i.desc) + (i.qty && i.qty !== '1' ? ` (${i.qty} × ${fmtDec(i.price ?? '', 'de', 2)})` : ''),
    fmtRate(i.rate, 'de', false),
    m(i.amount),
  ]),
})}
\\blank[small]
${ctotals(
  [
    ['Totale imponibile', m(t.net)],
    [`IVA ${fmtRate('22', 'de', false)}`, m(t.tax)],
    ['Totale fattura €', m(t.total)],
  ],
  '30mm',
  '64mm',
  '28mm',
)}
\\blank[medium]
{\\tfx L'importo sarà addebitato il ${due.p} sul conto IT** **** **** **** **** **** 0718 con mandato SDD n. \\hbox{RL-SDD-7730412} (creditor ID \\hbox{IT55ZZZ0000${piva}}).
In caso di mancato addebito potrai pagare con bonifico a Retelibera Fibra S.p.A., IBAN \\hbox{${ibanGroups(iban)}}, BIC ${bic}, indicando il codice cliente.}
`;
  return finish({
    name,
    gen: 'context',
    ext: 'tex',
    pages: 1,
    typeCode: '380',
    country: 'IT',
    items,
    totals: t,
    money: m,
    rate: (r) => fmtRate(r, 'de', false),
    number: v('RL26/0048812'),
    issue,
    due,
    currency: v('EUR', '€'),
    seller: 'Retelibera Fibra S.p.A.',
    sellerVat: v(`IT${piva}`, piva),
    reg: v('MI-2088131'),
    email: 'fatture@retelibera.example',
    iban: v(iban, ibanGroups(iban)),
    bic,
    buyer: 'Studio Tecnico Associato Ferri & Galli',
    buyerVat: v(`IT${buyerPiva}`, buyerPiva),
    extra: ['RL-SDD-7730412', 'C0448127'],
    source: ctxDoc({
      name,
      font: 'heros',
      size: '9pt',
      lang: 'it',
      layout:
        'backspace=16mm,width=124mm,topspace=14mm,header=0mm,headerdistance=0mm,footer=12mm,footerdistance=4mm,height=fit,bottomspace=8mm',
      body,
    }),
  });
}

// ════════════════════════════════════════════════════════════════════════════
// The 24 documents
// ════════════════════════════════════════════════════════════════════════════

const DOCS: (() => Doc)[] = [
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

// ────────────────────────────────────────────────────────────────────────────
// Rendering
// ────────────────────────────────────────────────────────────────────────────

/** Cairo 1.16 (AbiWord) stamps the wall clock into /CreationDate; rewrite it in place, same length. */
function pinCairoDate(pdf: string): void {
  const buf = readFileSync(pdf);
  const s = buf.toString('latin1');
  const t = s.replace(
    /\/(CreationDate|ModDate) \(D:\d{14}(Z|[+-]\d{2}'\d{2}'?)\)/g,
    (m, key: string, tz: string) => {
      const r = `/${key} (${PINNED_PDF_DATE}${'Z'.padEnd(tz.length, ' ')})`;
      if (r.length !== m.length) throw new Error('date rewrite changed the length');
      return r;
    },
  );
  if (t.length !== s.length) throw new Error('date rewrite changed the file length');
  writeFileSync(pdf, Buffer.from(t, 'latin1'));
}

function render(d: Doc, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const pdf = join(dir, `${d.name}.pdf`);
  rmSync(pdf, { force: true });
  if (d.gen === 'mupdf') {
    const src = join(dir, `${d.name}.xhtml`);
    writeFileSync(src, d.source);
    run('mutool', ['convert', '-F', 'pdf', '-O', 'compress', '-W', '595', '-H', '842', '-o', pdf, src]);
  } else if (d.gen === 'abiword') {
    const src = join(dir, `${d.name}.${d.ext}`);
    writeFileSync(src, d.source);
    run('abiword', ['--to=pdf', `--to-name=${pdf}`, src]);
    pinCairoDate(pdf);
  } else {
    const cdir = join(dir, `ctx-${d.name}`);
    rmSync(cdir, { recursive: true, force: true });
    mkdirSync(cdir, { recursive: true });
    writeFileSync(join(cdir, `${d.name}.tex`), d.source);
    run('context', ['--batchmode', '--nonstopmode', `${d.name}.tex`], cdir);
    copyFileSync(join(cdir, `${d.name}.pdf`), pdf);
  }
  if (!existsSync(pdf)) throw new Error(`${d.name}: no PDF produced`);
  return pdf;
}

// ────────────────────────────────────────────────────────────────────────────
// Verification
// ────────────────────────────────────────────────────────────────────────────

/** Space-like characters that PDF engines render as a gap (no glyph): they come back as plain spaces. */
const SPACE_LIKE = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;
const norm = (s: string): string => s.replace(SPACE_LIKE, ' ').replace(/\s+/g, ' ');

function pdftotext(pdf: string, mode: '-layout' | '-raw', first?: number, last?: number): string {
  const args = [mode, '-enc', 'UTF-8'];
  if (first) args.push('-f', String(first), '-l', String(last ?? first));
  return run('pdftotext', [...args, pdf, '-']);
}

/** Characters of the text as the generator got it (markup stripped, RTF \uN decoded). */
function sourceText(d: Doc): string {
  if (d.ext === 'rtf')
    return d.source.replace(/\\u(-?\d+)\?/g, (_m, n: string) =>
      String.fromCharCode((Number(n) + 65536) % 65536),
    );
  return d.source.replace(/<[^>]*>/g, ' ');
}

function verifyDoc(d: Doc, pdf: string): void {
  const tag = d.name;
  const info = run('pdfinfo', [pdf]);
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? '0');
  if (pages !== d.pages) fail(`${tag}: ${pages} pages, designed ${d.pages}`);
  const layout = pdftotext(pdf, '-layout');
  const raw = pdftotext(pdf, '-raw');
  const nl = norm(layout);
  const nr = norm(raw);
  for (const [mode, txt] of [
    ['layout', layout],
    ['raw', raw],
  ] as const) {
    if (/\ufffd|Ã|â€|Â/.test(txt)) fail(`${tag}: mojibake or U+FFFD in pdftotext ${mode}`);
  }
  for (const p of d.printed) {
    const want = norm(p.text).trim();
    if (!nl.includes(want)) fail(`${tag}: ${p.what} "${p.text}" missing from pdftotext -layout`);
    if (!nr.includes(want)) fail(`${tag}: ${p.what} "${p.text}" missing from pdftotext -raw`);
  }
  const missing = new Set<string>();
  for (const ch of sourceText(d).replace(SPACE_LIKE, ' ')) {
    if ((ch.codePointAt(0) ?? 0) > 127 && !raw.includes(ch)) missing.add(ch);
  }
  if (missing.size)
    fail(
      `${tag}: non-ASCII characters lost: ${[...missing].map((c) => `${c} U+${(c.codePointAt(0) ?? 0).toString(16)}`).join(', ')}`,
    );
  const lastPage = norm(pdftotext(pdf, '-layout', pages));
  for (const c of [d.totals.total, d.totals.due]) {
    if (!lastPage.includes(norm(d.money(c)))) fail(`${tag}: ${d.money(c)} not on the last page`);
  }
  if (d.totalsLastOnly && pages > 1) {
    const firstPage = norm(pdftotext(pdf, '-layout', 1));
    for (const c of [d.totals.total, d.totals.due]) {
      if (firstPage.includes(norm(d.money(c)))) fail(`${tag}: total ${d.money(c)} already on page 1`);
    }
  }
  (d.perPage ?? []).forEach((wants, i) => {
    const pg = norm(pdftotext(pdf, '-layout', i + 1));
    for (const w of wants) if (!pg.includes(norm(w))) fail(`${tag}: "${w}" missing on page ${i + 1}`);
  });
}

/** Arithmetic: lines → per-rate net, rate × net → tax, total, amount due; key fields agree. */
function verifySums(d: Doc): void {
  const tag = d.name;
  const t = d.totals;
  for (const i of d.items) {
    if (i.qty !== undefined && i.price !== undefined && lineCents(i.qty, i.price) !== i.amount)
      fail(`${tag}: line ${i.desc}: qty × price ≠ amount`);
  }
  for (const r of t.byRate) {
    const lines = d.items.filter((i) => i.rate === r.rate).reduce((a, i) => a + i.amount, 0);
    if (lines !== r.net) fail(`${tag}: lines at ${r.rate}% add to ${lines}, breakdown says ${r.net}`);
    if (taxCents(r.rate, r.net) !== r.tax) fail(`${tag}: tax at ${r.rate}% is not rate × net`);
  }
  if (sumOf(d.items) !== t.net) fail(`${tag}: lines do not add up to the net`);
  if (t.byRate.reduce((a, r) => a + r.net, 0) !== t.net) fail(`${tag}: breakdown nets ≠ total net`);
  if (t.byRate.reduce((a, r) => a + r.tax, 0) !== t.tax) fail(`${tag}: breakdown taxes ≠ total tax`);
  if (t.net + t.tax !== t.total) fail(`${tag}: net + tax ≠ total`);
  if (t.total - t.advance - t.withholding !== t.due)
    fail(`${tag}: amount due ≠ total − advance − withholding`);
  const f = d.fields;
  if (
    f.total_net !== keyAmt(Math.abs(t.net)) ||
    f.total !== keyAmt(Math.abs(t.total)) ||
    f.amount_due !== keyAmt(Math.abs(t.due))
  )
    fail(`${tag}: key amounts differ from the computed totals`);
  if (d.typeCode === '381' && t.due !== t.total) fail(`${tag}: a credit note's amount due must be its total`);
  for (const k of ['issue_date', 'due_date'] as const) {
    const x = f[k];
    if (x !== null && !/^\d{4}-\d{2}-\d{2}$/.test(x)) fail(`${tag}: ${k} not ISO`);
  }
  for (const k of ['iban', 'payment_reference', 'seller_vat_id', 'buyer_vat_id'] as const) {
    const x = f[k];
    if (x !== null && /\s/.test(x)) fail(`${tag}: ${k} not compact`);
  }
}

function keyJson(d: Doc, producer: string): string {
  const key = {
    source: 'press-blind',
    generator: 'press-blind',
    file: `${d.name}.pdf`,
    producer: `scripts/make-press-invoices.ts (${producer})`,
    type_code: d.typeCode,
    seller_country: d.country,
    fields: d.fields,
  };
  return `${JSON.stringify(key, null, 2)}\n`;
}

// ────────────────────────────────────────────────────────────────────────────
// Main
// ────────────────────────────────────────────────────────────────────────────

function main(): void {
  const t0 = Date.now();
  for (const tool of ['mutool', 'abiword', 'context', 'pdfinfo', 'pdftotext', PY]) {
    const r = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`missing tool: ${tool} (see the header for the packages)`);
  }
  const producers: Record<Gen, string> = {
    mupdf: `MuPDF ${toolVersion('mutool', ['-v'], /version (\S+)/)}`,
    abiword: `AbiWord ${toolVersion('abiword', ['--version'], /(\d+\.\d+\.\d+)/)}`,
    context: `ConTeXt MkIV ${toolVersion('context', ['--version'], /current version: (\d{4}\.\d{2}\.\d{2})/)}`,
  };
  const docs = DOCS.map((f) => f()).filter((d) => !ONLY || d.name.includes(ONLY));
  const names = new Set<string>();
  for (const d of docs) {
    if (names.has(d.name)) throw new Error(`duplicate ${d.name}`);
    names.add(d.name);
    const m = /^(en|de|fr|nl|es|it)-([1-4])-(mupdf|abiword|context)-[a-z]+$/.exec(d.name);
    if (!m || m[3] !== d.gen) fail(`${d.name}: bad file name`);
  }
  if (!ONLY) {
    const perGen = new Map<string, Set<string>>();
    for (const d of docs) perGen.set(d.gen, (perGen.get(d.gen) ?? new Set()).add(d.name.slice(0, 2)));
    for (const [g, langs] of perGen) if (langs.size !== 6) fail(`${g} covers ${langs.size} languages`);
    if (docs.length !== 24) fail(`${docs.length} documents, expected 24`);
  }
  mkdirSync(OUT, { recursive: true });
  mkdirSync(BUILD, { recursive: true });

  // identifiers: own algorithms, then python3-stdnum
  const ids = docs.flatMap((d) => d.ids ?? []);
  for (const it of ids)
    if (!selfCheck(it)) fail(`${it.doc ?? '?'}: own check rejects ${it.kind} ${it.value}`);
  const sn = stdnumCheck(ids);

  for (const d of docs) {
    verifySums(d);
    const pdf = render(d, join(BUILD, 'run'));
    verifyDoc(d, pdf);
    if (RECHECK) {
      const again = render(d, join(BUILD, 'rerun'));
      if (!readFileSync(pdf).equals(readFileSync(again)))
        fail(`${d.name}: two renders differ (not deterministic)`);
    }
    copyFileSync(pdf, join(OUT, `${d.name}.pdf`));
    writeFileSync(join(OUT, `${d.name}.key.json`), keyJson(d, producers[d.gen]));
    process.stdout.write(
      `${d.name}.pdf  ${d.pages} page${d.pages > 1 ? 's' : ''}  ${d.typeCode}  ${d.fields.currency ?? ''} ${d.fields.amount_due ?? ''}\n`,
    );
  }
  const written = readdirSync(OUT).filter(
    (f) => names.has(basename(f, '.pdf')) || names.has(basename(f, '.key.json')),
  );
  process.stdout.write(
    `\n${docs.length} invoices, ${written.length} files in ${OUT}\n` +
      `identifiers: ${ids.length} checked by this script, ${sn.checked} confirmed by python3-stdnum` +
      `${sn.unavailable.length ? ` (not in this stdnum: ${sn.unavailable.join(', ')}; own check only)` : ''}\n` +
      `time: ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  if (failures.length) {
    process.stderr.write(`\n${failures.length} verification failure(s)\n`);
    process.exit(1);
  }
  process.stdout.write('all checks passed\n');
}

main();
