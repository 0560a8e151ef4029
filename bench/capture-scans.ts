// `npm run bench:capture-scans` (issue 51, CONTRACT §13 "Measured, not asserted in tests"): how well
// capture reads SCANS of corpus files, and how long an OCR page takes. The scans are made here, from
// the corpus PDFs of test/fixtures/capture (their embedded XML the answer key, as in
// bench/capture.ts): each page drawn by docex's own renderer (src/modules/capture/read/render-pdf.ts)
// at 200 or 300 dpi, turned 1-2 degrees one way or the other, blurred a little, specked with dust
// and given paper grain (scripts/make-capture-scans.ts's `scanPage`), then saved as a PNG, a JPEG
// (quality 75) or an image-only PDF (each page a JPEG on its own page, made with pdf-lib, no text
// layer). Deterministic (each file its own seed); written once to .test-cache/capture-scans/
// (not committed: some 10 MB), made again when SCANS_VERSION changes or the folder is gone.
//
// Each scan is read by docex's own path, `readCaptureFile` on the capture pool (one capture thread,
// OCR in six languages, as `docex serve` runs it), ONE FILE AT A TIME, and extracted with
// `extractFields` as the read pass does. The figures: per field, exact-match accuracy where the
// value is printed (what is printed is judged on the born-digital original's text layer, not on
// what OCR read) and the `high` values that are wrong or not printed; seconds per OCR page (wall
// and CPU of the whole process, every thread), median and p90, with the machine's load.
//
// Writes its section of bench/RESULTS.md ("### Capture: scans"); BENCH_SCANS_ONLY=file,file reads a
// subset (no RESULTS.md), BENCH_RESULTS_FILE another file.
//
// OCR cache, for extraction work: every scan's read result (the ReadFile, words and boxes) is kept
// in .test-cache/capture-scans/reads/, named by the hash of the scan's bytes, READ_VERSION, the
// source of capture's reader (src/modules/capture/read/, read-file.ts, capture-pool.ts,
// capture-worker.ts) and tesseract.js's and its language data's versions: any change to how a scan
// is read misses the cache by itself; READ_VERSION is for what the hash cannot see (bump it by
// hand). BENCH_SCANS_OCR_CACHE=1 reads from the cache (OCR only for what is missing): an
// extraction-only run takes seconds. Without it every scan is OCR'd (the cache is written
// anyway), and only such a run writes RESULTS.md (its OCR times are real).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { type Scan, scanImage, scanPage } from '../scripts/make-capture-scans.ts';
import { loadConfig } from '../src/config.ts';
import type { ReadFile } from '../src/lib/capture-shapes.ts';
import { languageOfCountry } from '../src/lib/country-language.ts';
import { closeCapturePool } from '../src/modules/capture/capture-pool.ts';
import { extractFields } from '../src/modules/capture/extract/index.ts';
import { ocrEngineInWords } from '../src/modules/capture/read/ocr.ts';
import { OCR_LANGUAGES, type OcrLanguage, ocrLanguagesFor } from '../src/modules/capture/read/ocr-engine.ts';
import { openPdf } from '../src/modules/capture/read/pdfjs.ts';
import { readCaptureFile } from '../src/modules/capture/read-file.ts';
import { emptyFields, fieldTable, printedOf, type Scalar, score } from './capture.ts';
import {
  type CorpusFile,
  type CorpusSet,
  corpusFiles,
  readCorpusFile,
  receiverOf,
  SIX_LANGUAGE_SETS,
  type SixLanguageSet,
} from './capture-corpus.ts';
import { loadAverages, writeResultsSection } from './lib.ts';
import { waitedChildrenCpuMs } from './proc-cpu.ts';

/** Bump when the scans' making changes: the cache is made again. */
const SCANS_VERSION = 1;
const CACHE_DIR = join(import.meta.dirname, '..', '.test-cache', 'capture-scans', `v${SCANS_VERSION}`);
/** Bump when reading changes in a way the hashed sources below do not show (a native library, say). */
const READ_VERSION = 1;
const READS_DIR = join(import.meta.dirname, '..', '.test-cache', 'capture-scans', 'reads');
const USE_OCR_CACHE = process.env.BENCH_SCANS_OCR_CACHE === '1';
const SCAN_TARGETS: Partial<Record<Scalar, number>> = { number: 0.75, issue_date: 0.75, total: 0.75 };
const OCR_PAGE_TARGET_S = 8;
/** Earlier runs' figures, kept beside the new ones (all scans unless said). */
const HISTORY = [
  "1.19.19 (2026-11-29 12:00-12:12 UTC, all 90 scans OCR'd again, a helper session's tests running beside them, so wall times are an upper bound): number, issue date and total read as in 1.19.18's run, none of the `high` values wrong; 11 right BICs are `low` now (an OCR'd BIC with B or 8 in its location or branch, Belgium's `…BEBB` among them), one more total `high`. This table was written before the release's last change (an HRA under a seller name read as a corporation's no longer counts against it: `de-3-weasyprint-wholesale`'s name read without its \"& Co. KG\"); the final code, on this run's OCR (`BENCH_SCANS_OCR_CACHE=1`), reads 62 registrations `high` (61 in the table) and 950 `high` values in all (949), none wrong. The probe of 108 unseen scanned files that led to the release's rules is bench/capture-scan-probe.ts (docs/capture.md, \"Unseen pages scanned as the bench scans\").",
  "1.19.18 (2026-11-29 08:38-08:46 UTC, all 90 scans OCR'd again: a page Sauvola reads fewer than 20 words of is now read again with Otsu's threshold): number, issue date and total read as in 1.19.17's run, and of 959 `high` values one is `low` now, a BIC read right where OCR was unsure of a letter (under 0.7). The probe of faxes, black-and-white scans and phone photos that led to this release's rules is in docs/capture.md (\"Faxes, black-and-white scans and phone photos\"), not in this bench.",
  "The fifteenth set's 6 scans (script-blind: Prawn, PDF::API2, LibreOffice Calc), first measurement (2026-11-29 ~05:05 UTC, these 6 OCR'd on a quiet machine, on 1.19.17's first commit (6bde5b2), before anything looked at their OCR'd words): number 4/6, issue date 4/6, total 6/6 exact where printed (number and date not met on these six), 3 of 60 `high` values wrong: en-2's seller name read as a row's caption (\"Reference\", under \"Account name\"), fr-4's registration \"+10\" (\"taux BCE +10 points\"), nl-4's issue date the credited invoice's (its own label garbled by OCR). All three mended since (test/capture/extract/script.test.ts); es-1's number and date (their captions lost by OCR, the number read at 0.3 with a bar glued to it) and nl-4's number (its label garbled) stay missed.",
  "The fourteenth set's 6 scans (enterprise-blind: iText, PDFBox, XeLaTeX), first measurement (2026-11-29 02:02 UTC, these 6 OCR'd on a quiet machine, the 78 others from the OCR cache, after the born-digital fixes their text layers led to (07aa9d1), before anything looked at their OCR'd words): number 6/6, issue date 3/6, total 6/6 exact where printed (issue date not met on these six), 0 of 62 `high` values wrong.",
  "The thirteenth set's 6 scans (engine-blind: headless Chromium, LuaLaTeX, enscript's line printer), first measurement (2026-11-29 00:57-01:12 UTC, all 78 scans OCR'd on a quiet machine (OCR p90 5.7 s a page that run), after the born-digital fixes their text layers led to (50d6f52), before anything looked at their OCR'd words): number 6/6, issue date 3/6, total 4/6 exact where printed (issue date and total not met on these six), 1 of 62 `high` values wrong (it-4's Italian REA \"CO 298741\" read as 298741, its province lost). The 72 older scans read the same numbers, dates and totals as before.",
  "The twelfth set's 6 scans (press-blind: MuPDF's HTML layout, AbiWord, ConTeXt), first measurement (2026-11-28 17:37-17:43 UTC, all 72 scans OCR'd on a quiet machine (OCR p90 5.6 s a page that run), after the born-digital fixes their text layers led to (83bb275), before anything looked at their OCR'd words): number 5/6, issue date 5/6, total 4/6 exact where printed (total not met on these six), 0 of 60 `high` values wrong (it-3's number and date behind a bracket OCR read from the box's border; fr-1's \"Total TTC\" OCR'd \"Jol TIC\"; es-2's monospaced total cut after its comma). The same run, one older scan read differently: toolkit-blind nl-1's total read 354.90 (`low`, a rate row's) under a lone \"Totaal\" heading, by 83bb275's rule for captions side by side; mended before the release (fe7e7f8). Since (5e1ef7b) a bracket beside a value is not the value's (it reads `low`) and a monospaced amount's cents are joined: it-3's number and date read (`low`), es-2's total; app-blind nl-2's date read `low` and wrong (OCR's \"[23/02/2026\" for 13/02/2026).",
  "The eleventh set's 6 scans (react-blind: @react-pdf/renderer, asciidoctor-pdf, Typst), first measurement (2026-11-28 14:41-14:51 UTC, all 66 scans OCR'd while other work ran (OCR p90 9.9 s a page that run), after the born-digital fixes their text layers led to (253751e), before anything looked at their OCR'd words): number 6/6, issue date 5/6, total 6/6 exact where printed, 0 of 72 `high` values wrong (es-1's date missed). The same run, the 60 older scans read as before but one issue date, now `low` (word-aspose's 103767, read under an item table's shipment-date heading: 253751e's rule).",
  "The tenth set's 6 scans (app-blind: dompdf, Qt, pdf-lib), first measurement (2026-11-28 13:37-13:46 UTC, all 60 scans OCR'd, after the born-digital fixes their text layers led to (3b15325), before anything looked at their OCR'd words): number 6/6, issue date 5/6, total 6/6 exact where printed, 0 of 64 `high` values wrong (nl-2's date missed, its total `low`). In the same run two older scans read differently, both by 3b15325's new caption rule (a bare title alone in its cell read the number in its box below): office-blind es-2's number read `5` (`low`) from a speck OCR found under \"FACTURA RECTIFICATIVA\", render-blind es-1's read right (`low`). Since then a title reads below only in a row of captions (another label on its line): both read as before.",
  "The eighth and ninth sets' 6 scans each (print-blind: FOP, jsPDF, Ghostscript; render-blind: groff, HTMLDOC, Pango/Cairo), first measurement (2026-11-28 10:21-10:33 UTC, all 54 scans OCR'd, after the born-digital fixes their text layers led to, before anything looked at their OCR'd words): the eighth set's number 6/6, issue date 5/6, total 6/6 exact where printed, 1 of 75 `high` values wrong (de-4's registration: the UID `ATU61827358` under \"Firmenbuch\", whose FN number OCR lost); the ninth set's number 5/6, issue date 4/6, total 6/6, 1 of 64 wrong (it-2's order `OA-2026-0117` read `0A-2026-0117`). Since then a VAT id (not a Swiss UID) is never a registration, and an OCR'd order or reference whose short first group mixes letters and digits with a 0, 1, I or O is `low`. The 42 older scans read as before or better in that run (the born-digital fixes: more `high` totals, BICs and orders).",
  "The seventh set's 6 scans (mixed-blind: WeasyPrint, FPDF, Gnumeric), first measurement (2026-11-28 03:15 UTC, OCR'd beside the cached reads of the other 36, after the born-digital fixes their text layers led to, before anything looked at their OCR'd words): number 6/6, issue date 6/6, total 6/6 exact where printed, 1 of 70 `high` values wrong: nl-1's order `IO-26-0193` read by OCR as `10-26-0193` at 0.9 (since then an OCR'd order number or reference whose short first group is all I, O, 1 or 0 is `low`). The same run, the toolkit set's es-4 scanned as the two-page PDF it is: its total read.",
  "The three toolkits' 6 scans (toolkit-blind), first measurement (2026-11-28 02:15 UTC, with the other 30, after the born-digital fixes their text layers led to in 1.19.9, before anything looked at their OCR'd words): number 6/6, issue date 6/6, total 3/6 exact where printed (number and date met, total not), 0 of 63 `high` values wrong; de-3's Swiss total read as a VAT amount (`low`), nl-1's total (white on a gray band) not in OCR's words, es-4's totals on its second page, which that run scanned as a one-page PNG (a mistake of the set's making, since an image-only PDF of both pages); the 30 other scans read exactly as in the run before.",
  "The office generators' 6 scans (office-blind), first measurement (2026-11-27 ~20:20 UTC, `BENCH_SCANS_ONLY` with their six names, after the born-digital fixes their text layers led to, before anything looked at their OCR'd words): number 5/6, issue date 6/6, total 5/6 exact where printed (targets 75 %: met), 0 of 60 `high` values wrong; en-3's number (\"Our ref.\", not a number label then) and total missed; OCR wall median 5.6 s, p90 6.3 s a page.",
  'The second generator\'s 6 scans, first measurement (2026-11-27 17:02 UTC, with the other 18, before the rule it led to): number 4/6, issue date 5/6, total 5/6 exact where printed, and 1 of 55 `high` values wrong: it-2-compact\'s number "NC 7/2026" read by OCR as "T2026" (its confidence 0.41) beside its label. Since then a value (not an amount) with an OCR\'d word below 0.6 confidence is never `high` (the identifiers read right on these scans were all 0.83 or more); in the same run the other 18 scans read as in 1.19.6\'s (below).',
  "1.19.6's run of the 18 other scans (2026-11-27 13:20, receiver's language and English, nothing else running): number 94 %, issue date 94 %, total 82 % exact where printed, 0 of 167 `high` values wrong; wall 3.6 s a page at the median, 5.0 s at p90.",
  "The same 18 scans by the native engine with every page in the six languages (`BENCH_SCANS_LANGUAGES=six`, as 1.19.5 read them; 2026-11-27 13:24, just after 1.19.6's run, nothing else running): number 89 %, issue date 94 %, total 88 % exact where printed, 0 of 169 `high` values wrong; wall 4.7 s a page at the median, 6.4 s at p90 (CPU 4.9 / 6.6 s). Read in the receiving organization's language and English instead (this table): median 3.6 s, p90 5.0 s, a quarter less; on the 10 scans read in two languages 19-48 % less (a dense French page 7.3 → 4.5 s); one more number and one total fewer (F20220025: its number read, its `low` total lost), the same 0 `high` wrong. This machine is about twice as fast as the one of 1.19.5's run (10:09 UTC, six languages: median 7.0 s, p90 10.2 s).",
  "The same 18 scans read by tesseract.js (`DOCEX_OCR_NATIVE=off`, 2026-11-27, the run just before this one's, nothing else running): number 78 %, issue date 94 %, total 71 % exact where printed, 0 of 154 `high` values wrong; CPU 10.1 s a page at the median, 19.4 s at p90 (wall 9.8 / 18.8 s). Since 1.19.5 a `tesseract` program found on the machine reads instead when there is one (docs/capture.md \"The native engine\"); a page's CPU counts its process's.",
  "The chromium-langs scans' first measurement (2026-11-27 01:47, OCR'd with the other scans, before any extraction change; their text layers had been tuned on for born-digital reading, their scans' OCR'd words never looked at): number 5/6 (83 %), issue date 5/6 (83 %), total 6/6 (100 %) exact where printed, 0 of 59 `high` values wrong. In the same run the fnfe-1007 scans: number 1/5, issue date 5/5, total 0/5, 0 of 55 `high` wrong; the 7 tuning scans: 7/7, 6/7, 5/6; all 18: number 72 %, issue date 89 %, total 65 %, 0 of 154 `high` wrong.",
  "After that measurement the misses of both held-out sets were looked at (so both are tuning data for the rules that followed, and the figures below are no longer of unseen data): fnfe-1007's invoice number (in its header) and most of its TOTAL TVA / TOTAL TTC values are not in OCR's words at all, and there is nothing to read; three rules on OCR'd words were added (docs/capture.md \"Reading OCR'd words\": dust not counted in a line's height, a value below its label past other columns' lines, \"Facture N\" with the number below).",
  "Before extraction read OCR'd words with tolerance (2026-11-26 21:30, the same scans and OCR): on the 7 scans the rules were developed on, number 5/7, issue date 3/7, total 0/6 exact where printed; on the 5 held out, 1/5, 3/5, 1/5; 0 of 72 `high` values wrong.",
  'The held-out scans\' one measurement with those rules (2026-11-26 22:03): number 1/5, issue date 5/5, total 0/5 exact where printed, and 1 of 56 `high` values wrong: a number "1D" read after the bare title "facture" ("Références sur la facture - ID", the I read as 1). Since then a number read after a bare title on a scan is `low` (the only change made after looking at a held-out scan, so the held-out figures below are no longer of unseen data for that rule).',
  "Before (2026-11-26 18:34, load 13-22, tesseract's default Otsu binarization): number 42 %, issue date 50 %, total 9 % exact where printed (held out: 0 %, 60 %, 20 %); 2 of 65 `high` values wrong (3 %); CPU 7.3 s a page at the median, 15.4 s at p90.",
  'Tried the same day and not kept (docs/capture.md): light grays made white before OCR, with Otsu: number 50 %, issue date 58 %, total 9 %, 3 of 63 `high` wrong, CPU 6.5 s median; with Sauvola: 42 %, 58 %, 18 %, 2 of 65 `high` wrong (one not printed), CPU 7.2 s.',
];
const PAGE_TIMEOUT_MS = Number(process.env.BENCH_SCANS_PAGE_TIMEOUT_MS ?? 180_000);
/**
 * BENCH_SCANS_LANGUAGES=receiver (the default: as docex's read pass does, the receiving
 * organization's language, then English; read-pass.ts) or six (every page in all six, as before
 * 1.19.6). The receiver here is the key's buyer, its country the prefix of the buyer's VAT id (the
 * receiving organization's own); extraction is given the same receiver as before, without a country,
 * so a difference between the two runs is OCR's.
 */
const LANGUAGES_BY = process.env.BENCH_SCANS_LANGUAGES ?? 'receiver';
if (LANGUAGES_BY !== 'receiver' && LANGUAGES_BY !== 'six')
  throw new Error(`BENCH_SCANS_LANGUAGES must be receiver or six, not ${LANGUAGES_BY}`);

function languagesOf(f: ScanFile): readonly OcrLanguage[] {
  const country = /^[A-Z]{2}/.exec(f.corpus.key.fields.buyer_vat_id ?? '')?.[0] ?? null;
  if (LANGUAGES_BY === 'six') return OCR_LANGUAGES;
  return ocrLanguagesFor(country === null ? null : languageOfCountry(country));
}
/** docex's default DOCEX_CAPTURE_PAGE_TIMEOUT_MS, in seconds (read from the configuration's default). */
const DEFAULT_PAGE_TIMEOUT_S = loadConfig({}).capture.pageTimeoutMs / 1000;

type Format = 'png' | 'jpeg' | 'pdf';

/** What the tables say of each six-language set's scans (their files and pages counted). */
const SCAN_SET_TITLES: Record<SixLanguageSet, (files: number, pages: number) => string> = {
  langs: (files, pages) =>
    `Held out (chromium-langs scans) (${files} files, ${pages} pages; their text layers were tuned on for born-digital reading, their scans' OCR'd words never looked at before this set's first measurement, kept in the history above; its misses were looked at after it)`,
  blind: (files, pages) =>
    `The second generator (pdfkit-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-27, the OCR'd words of their scans never before this measurement)`,
  office: (files, pages) =>
    `The office generators (office-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-27 (1.19.8), the OCR'd words of their scans never before this measurement)`,
  toolkit: (files, pages) =>
    `The three toolkits (toolkit-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-27 (1.19.9), the OCR'd words of their scans never before this measurement)`,
  mixed: (files, pages) =>
    `Web, PHP and spreadsheet (mixed-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-28 (1.19.10), the OCR'd words of their scans never before this measurement)`,
  print: (files, pages) =>
    `XSL-FO, JavaScript and PostScript (print-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-28 (1.19.12), the OCR'd words of their scans never before this measurement)`,
  render: (files, pages) =>
    `Typesetters (render-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-28 (1.19.12), the OCR'd words of their scans never before this measurement)`,
  app: (files, pages) =>
    `Application generators (app-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-28 (1.19.13), the OCR'd words of their scans never before this measurement)`,
  react: (files, pages) =>
    `Layout engines (react-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-28 (1.19.13), the OCR'd words of their scans never before this measurement)`,
  press: (files, pages) =>
    `Word processors and typesetting engines (press-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-28 (1.19.14), the OCR'd words of their scans never before this measurement)`,
  engine: (files, pages) =>
    `Browser, LaTeX and line printer (engine-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-29 (1.19.16), the OCR'd words of their scans never before this measurement)`,
  enterprise: (files, pages) =>
    `iText, PDFBox and XeLaTeX (enterprise-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-29 (1.19.16), the OCR'd words of their scans never before this measurement)`,
  script: (files, pages) =>
    `Prawn, PDF::API2 and LibreOffice Calc (script-blind scans) (${files} files, ${pages} pages; their text layers were looked at for the born-digital fixes of 2026-11-29 (1.19.17), the OCR'd words of their scans never before this measurement)`,
};

/**
 * The scanned set: files from every set of the corpus, 6 of each six-language set (one a
 * language), each added after its born-digital fixes and measured once before anything looked at
 * its OCR'd words; 5 files of `fnfe-1007`, held out until 2026-11-27; the others are tuning data
 * for the born-digital extractor (their layouts were looked at, not their scans). New scans go at
 * the end: a scan's seed is its place in the list.
 */
const SET: { file: string; format: Format; dpi: number; degrees: number }[] = [
  // fnfe-1007 (facturxdotnet/): held out until 2026-11-27, tuning data since
  {
    file: 'facturxdotnet/Facture_F20220023-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.pdf',
    format: 'png',
    dpi: 300,
    degrees: 1.2,
  },
  {
    file: 'facturxdotnet/Facture_F20220025-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.pdf',
    format: 'jpeg',
    dpi: 200,
    degrees: -1.5,
  },
  {
    file: 'facturxdotnet/Facture_F20220027-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.pdf',
    format: 'pdf',
    dpi: 300,
    degrees: 1.8,
  },
  {
    file: 'facturxdotnet/Facture_F20220030-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.pdf',
    format: 'jpeg',
    dpi: 300,
    degrees: -1,
  },
  {
    file: 'facturxdotnet/Facture_F20220031-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.pdf',
    format: 'png',
    dpi: 200,
    degrees: 2,
  },
  // formerly held out (tuning data since the second born-digital measurement)
  { file: 'mustangproject/103767-Invoice-2026-03-24-1.pdf', format: 'jpeg', dpi: 300, degrees: 1.5 },
  { file: 'mustangproject/MustangBeispiel20221026.pdf', format: 'pdf', dpi: 200, degrees: -1.2 },
  {
    file: 'mustangproject/ZTESTZUGFERD_1_INVDSS_012015738820PDF-1.pdf',
    format: 'png',
    dpi: 300,
    degrees: -1.8,
  },
  {
    file: 'zugferd-corpus/MustangGnuaccountingBeispielRE-20201121_508.pdf',
    format: 'jpeg',
    dpi: 200,
    degrees: 1,
  },
  // tuning
  { file: 'zugferd-corpus/Facture_UE_BASICWL.pdf', format: 'png', dpi: 300, degrees: -1.5 },
  { file: 'zugferd-corpus/zugferd_2p0_EN16931_Einfach.pdf', format: 'pdf', dpi: 300, degrees: 1.3 },
  { file: 'zugferd-corpus/zugferd_2p1_MINIMUM_Rechnung.pdf', format: 'jpeg', dpi: 300, degrees: -2 },
  // held out (chromium-langs scans), added 2026-11-27: the language set's text layers were tuned on
  // for born-digital reading, but the OCR'd words of their scans were never looked at. Added at the
  // end so the scans above keep their seeds.
  { file: 'chromium-langs/de-1-classic-multipage.pdf', format: 'pdf', dpi: 200, degrees: -1.2 },
  { file: 'chromium-langs/en-2-grid.pdf', format: 'png', dpi: 300, degrees: 1.5 },
  { file: 'chromium-langs/fr-4-banner.pdf', format: 'jpeg', dpi: 200, degrees: -2 },
  { file: 'chromium-langs/nl-3-parties-credit.pdf', format: 'png', dpi: 150, degrees: 0.8 },
  { file: 'chromium-langs/es-1-classic.pdf', format: 'jpeg', dpi: 250, degrees: 1.9 },
  { file: 'chromium-langs/it-3-parties.pdf', format: 'pdf', dpi: 300, degrees: -0.6 },
  // the second generator (pdfkit-blind), added 2026-11-27: their text layers were looked at for the
  // born-digital fixes of that day, the OCR'd words of their scans never before this measurement
  { file: 'pdfkit-blind/de-3-twopage.pdf', format: 'pdf', dpi: 200, degrees: 1.1 },
  { file: 'pdfkit-blind/en-1-compact.pdf', format: 'png', dpi: 300, degrees: -1.4 },
  { file: 'pdfkit-blind/fr-1-letter.pdf', format: 'jpeg', dpi: 200, degrees: 0.9 },
  { file: 'pdfkit-blind/nl-2-letter.pdf', format: 'png', dpi: 250, degrees: -0.7 },
  { file: 'pdfkit-blind/es-3-table.pdf', format: 'jpeg', dpi: 300, degrees: 1.6 },
  { file: 'pdfkit-blind/it-2-compact.pdf', format: 'pdf', dpi: 300, degrees: -1.9 },
  // the office generators (office-blind), added 2026-11-27 (1.19.8): their text layers were looked
  // at for that day's born-digital fixes, the OCR'd words of their scans never before this measurement
  { file: 'office-blind/de-2-writer-long.pdf', format: 'pdf', dpi: 200, degrees: 0.8 },
  { file: 'office-blind/en-3-latex-article.pdf', format: 'png', dpi: 300, degrees: -1.1 },
  { file: 'office-blind/fr-1-writer-frames.pdf', format: 'jpeg', dpi: 200, degrees: 1.4 },
  { file: 'office-blind/nl-4-latex-scrlttr2.pdf', format: 'png', dpi: 250, degrees: -0.9 },
  { file: 'office-blind/es-2-writer-rectificativa.pdf', format: 'jpeg', dpi: 300, degrees: 1.2 },
  { file: 'office-blind/it-3-latex-ot1.pdf', format: 'pdf', dpi: 300, degrees: -1.6 },
  // the three toolkits (toolkit-blind), added 2026-11-28: their text layers were looked at for the
  // born-digital fixes of 2026-11-27 (1.19.9), the OCR'd words of their scans never before this
  // measurement
  { file: 'toolkit-blind/de-3-wkhtmltopdf-erp.pdf', format: 'pdf', dpi: 300, degrees: 1.3 },
  { file: 'toolkit-blind/en-2-tcpdf-cell.pdf', format: 'jpeg', dpi: 200, degrees: -0.9 },
  { file: 'toolkit-blind/fr-3-reportlab-platypus.pdf', format: 'png', dpi: 300, degrees: 1.7 },
  { file: 'toolkit-blind/nl-1-reportlab-canvas-band.pdf', format: 'jpeg', dpi: 250, degrees: -1.4 },
  // es-4 has two pages: an image-only PDF (as a PNG, its totals on page 2 would not be scanned)
  { file: 'toolkit-blind/es-4-tcpdf-html.pdf', format: 'pdf', dpi: 200, degrees: 0.6 },
  { file: 'toolkit-blind/it-4-wkhtmltopdf-shop.pdf', format: 'png', dpi: 250, degrees: -1.2 },
  // web, PHP and spreadsheet (mixed-blind), added 2026-11-28 (1.19.10): their text layers were looked
  // at for that day's born-digital fixes, the OCR'd words of their scans never before this measurement
  { file: 'mixed-blind/en-2-fpdf-hotel.pdf', format: 'jpeg', dpi: 200, degrees: 1.1 },
  { file: 'mixed-blind/de-3-weasyprint-wholesale.pdf', format: 'pdf', dpi: 300, degrees: -0.8 },
  { file: 'mixed-blind/fr-1-gnumeric-boxed.pdf', format: 'png', dpi: 250, degrees: 1.5 },
  { file: 'mixed-blind/nl-1-weasyprint-letter.pdf', format: 'jpeg', dpi: 300, degrees: -1.3 },
  { file: 'mixed-blind/es-3-gnumeric-boxed.pdf', format: 'png', dpi: 200, degrees: 0.9 },
  { file: 'mixed-blind/it-3-fpdf-craft.pdf', format: 'pdf', dpi: 250, degrees: -1.7 },
  // XSL-FO, JavaScript and PostScript (print-blind), added 2026-11-28 (1.19.12): their text layers
  // were looked at for that day's born-digital fixes, the OCR'd words of their scans never before
  // this measurement
  { file: 'print-blind/en-1-jspdf-band.pdf', format: 'png', dpi: 250, degrees: 0.8 },
  { file: 'print-blind/de-4-gs-form.pdf', format: 'jpeg', dpi: 300, degrees: -1.1 },
  { file: 'print-blind/fr-2-gs-letter.pdf', format: 'pdf', dpi: 200, degrees: 1.4 },
  { file: 'print-blind/nl-1-fop-erp.pdf', format: 'jpeg', dpi: 250, degrees: -0.7 },
  { file: 'print-blind/es-3-gs-spool.pdf', format: 'png', dpi: 300, degrees: 1.2 },
  { file: 'print-blind/it-1-fop-einvoice.pdf', format: 'pdf', dpi: 250, degrees: -1.5 },
  // typesetters (render-blind), added 2026-11-28 (1.19.12), likewise; de-3 has two pages (an
  // image-only PDF, its totals on page 2)
  { file: 'render-blind/en-2-pango-utility.pdf', format: 'jpeg', dpi: 200, degrees: -1.2 },
  { file: 'render-blind/de-3-pango-wholesale.pdf', format: 'pdf', dpi: 250, degrees: 0.9 },
  { file: 'render-blind/fr-4-pango-erp.pdf', format: 'png', dpi: 300, degrees: -1.6 },
  { file: 'render-blind/nl-4-groff-erp.pdf', format: 'jpeg', dpi: 300, degrees: 1.3 },
  { file: 'render-blind/es-1-htmldoc-craft.pdf', format: 'png', dpi: 200, degrees: -0.6 },
  { file: 'render-blind/it-2-groff-fee.pdf', format: 'pdf', dpi: 300, degrees: 1.0 },
  // application generators (app-blind), added 2026-11-28 (1.19.13), likewise; de-4 has two pages
  // (an image-only PDF, its totals on page 2)
  { file: 'app-blind/en-1-dompdf-saas.pdf', format: 'png', dpi: 250, degrees: 1.1 },
  { file: 'app-blind/de-4-qt-wholesale.pdf', format: 'pdf', dpi: 250, degrees: -0.9 },
  { file: 'app-blind/fr-2-dompdf-public.pdf', format: 'jpeg', dpi: 300, degrees: 0.6 },
  { file: 'app-blind/nl-2-qt-garage.pdf', format: 'png', dpi: 200, degrees: -1.3 },
  { file: 'app-blind/es-2-pdflib-hotel.pdf', format: 'jpeg', dpi: 250, degrees: 1.5 },
  { file: 'app-blind/it-1-pdflib-feenote.pdf', format: 'pdf', dpi: 300, degrees: -0.5 },
  // layout engines (react-blind), added 2026-11-28 (1.19.13), likewise; nl-2 has two pages (an
  // image-only PDF, its totals on page 2)
  { file: 'react-blind/en-2-asciidoc-consultant.pdf', format: 'jpeg', dpi: 250, degrees: -1.0 },
  { file: 'react-blind/de-4-typst-transport.pdf', format: 'png', dpi: 300, degrees: 1.2 },
  { file: 'react-blind/fr-2-react-consultant.pdf', format: 'png', dpi: 200, degrees: -0.8 },
  { file: 'react-blind/nl-2-react-wholesale.pdf', format: 'pdf', dpi: 250, degrees: 0.7 },
  { file: 'react-blind/es-1-asciidoc-consultant.pdf', format: 'jpeg', dpi: 300, degrees: 1.6 },
  { file: 'react-blind/it-1-typst-consultant.pdf', format: 'pdf', dpi: 200, degrees: -1.4 },
  // word processors and typesetting engines (press-blind), added 2026-11-28 (1.19.14), likewise;
  // nl-3 has two pages (an image-only PDF, its totals on page 2)
  { file: 'press-blind/en-1-mupdf-saas.pdf', format: 'jpeg', dpi: 250, degrees: -1.0 },
  { file: 'press-blind/de-1-abiword-craftsman.pdf', format: 'png', dpi: 300, degrees: 1.2 },
  { file: 'press-blind/fr-1-context-training.pdf', format: 'png', dpi: 200, degrees: -0.8 },
  { file: 'press-blind/nl-3-context-wholesale.pdf', format: 'pdf', dpi: 250, degrees: 0.7 },
  { file: 'press-blind/es-2-mupdf-folio.pdf', format: 'jpeg', dpi: 300, degrees: 1.6 },
  { file: 'press-blind/it-3-abiword-creditnote.pdf', format: 'pdf', dpi: 200, degrees: -1.4 },
  // browser, LaTeX and line printer (engine-blind), added 2026-11-29 (1.19.16), likewise; nl-3
  // has two pages (an image-only PDF, its totals on page 2)
  { file: 'engine-blind/en-4-enscript-freight.pdf', format: 'jpeg', dpi: 250, degrees: -1.0 },
  { file: 'engine-blind/de-2-chromium-carpentry.pdf', format: 'png', dpi: 300, degrees: 1.2 },
  { file: 'engine-blind/fr-2-lualatex-electrician.pdf', format: 'png', dpi: 200, degrees: -0.8 },
  { file: 'engine-blind/nl-3-lualatex-webdev.pdf', format: 'pdf', dpi: 250, degrees: 0.7 },
  { file: 'engine-blind/es-1-chromium-advisor.pdf', format: 'jpeg', dpi: 300, degrees: 1.6 },
  { file: 'engine-blind/it-4-enscript-machinery.pdf', format: 'pdf', dpi: 200, degrees: -1.4 },
  // iText, PDFBox and XeLaTeX (enterprise-blind), added 2026-11-29 (1.19.16), likewise; nl-2 has
  // two pages (an image-only PDF, its totals on page 2)
  { file: 'enterprise-blind/en-1-itext-consulting.pdf', format: 'jpeg', dpi: 250, degrees: -1.0 },
  { file: 'enterprise-blind/de-3-pdfbox-handwerk.pdf', format: 'png', dpi: 300, degrees: 1.2 },
  { file: 'enterprise-blind/fr-4-xelatex-formation.pdf', format: 'png', dpi: 200, degrees: -0.8 },
  { file: 'enterprise-blind/nl-2-pdfbox-transport.pdf', format: 'pdf', dpi: 250, degrees: 0.7 },
  { file: 'enterprise-blind/es-2-xelatex-asesoria.pdf', format: 'jpeg', dpi: 300, degrees: 1.6 },
  { file: 'enterprise-blind/it-1-itext-ricambi.pdf', format: 'pdf', dpi: 200, degrees: -1.4 },
  // Prawn, PDF::API2 and LibreOffice Calc (script-blind), added 2026-11-29 (1.19.17), likewise;
  // en-2 and it-1 have two pages (image-only PDFs, their totals on page 2)
  { file: 'script-blind/en-2-api2-hosting.pdf', format: 'pdf', dpi: 250, degrees: -1.0 },
  { file: 'script-blind/de-3-calc-gartenbau.pdf', format: 'png', dpi: 300, degrees: 1.2 },
  { file: 'script-blind/fr-4-prawn-menuiserie.pdf', format: 'jpeg', dpi: 200, degrees: -0.8 },
  { file: 'script-blind/nl-4-api2-creditnota.pdf', format: 'png', dpi: 250, degrees: 0.7 },
  { file: 'script-blind/es-1-calc-suministros.pdf', format: 'jpeg', dpi: 300, degrees: 1.6 },
  { file: 'script-blind/it-1-prawn-ricambi.pdf', format: 'pdf', dpi: 200, degrees: -1.4 },
];

interface ScanFile {
  corpus: CorpusFile;
  format: Format;
  dpi: number;
  degrees: number;
  path: string;
  pages: number;
}

const EXT: Record<Format, string> = { png: 'png', jpeg: 'jpg', pdf: 'pdf' };

/** One page's scan: seeded by the file's place in SET and the page number. */
function scanOf(i: number, n: number, s: (typeof SET)[number]): Scan {
  return { dpi: s.dpi, degrees: s.degrees, specks: 50, grain: 20, seed: 5100 + i * 10 + n };
}

/** The scanned set, made into the cache folder when it is not there yet. */
export async function scanSet(): Promise<ScanFile[]> {
  const byPath = new Map(corpusFiles().map((f) => [f.path, f]));
  mkdirSync(CACHE_DIR, { recursive: true });
  const out: ScanFile[] = [];
  for (const [i, s] of SET.entries()) {
    const corpus = [...byPath.values()].find((f) => f.path.endsWith(`/${s.file}`));
    if (!corpus) throw new Error(`${s.file} is not in test/fixtures/capture`);
    const pdf = new Uint8Array(readFileSync(corpus.path));
    const doc = await openPdf(pdf);
    const pages = s.format === 'pdf' ? doc.numPages : 1;
    await doc.destroy();
    const path = join(CACHE_DIR, `${basename(s.file, '.pdf')}.scan.${EXT[s.format]}`);
    if (!existsSync(path)) {
      if (s.format === 'pdf') {
        const out = await PDFDocument.create();
        out.setCreationDate(new Date('2026-01-01T00:00:00Z'));
        out.setModificationDate(new Date('2026-01-01T00:00:00Z'));
        for (let n = 1; n <= pages; n++) {
          const page = await scanPage(pdf, scanOf(i, n, s), n);
          const jpeg = await scanImage(page, s.dpi).jpeg({ quality: 75 }).toBuffer();
          const image = await out.embedJpg(jpeg);
          // the page keeps the original's size in points: the scanner's A4
          const w = (page.width * 72) / s.dpi;
          const h = (page.height * 72) / s.dpi;
          out.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
        }
        writeFileSync(path, await out.save());
      } else {
        const page = await scanPage(pdf, scanOf(i, 1, s), 1);
        const img = scanImage(page, s.dpi);
        writeFileSync(
          path,
          s.format === 'png'
            ? await img.png({ compressionLevel: 9 }).toBuffer()
            : await img.jpeg({ quality: 75 }).toBuffer(),
        );
      }
    }
    out.push({ corpus, format: s.format, dpi: s.dpi, degrees: s.degrees, path, pages });
  }
  return out;
}

/** What a scan's read result depends on besides its bytes: the reader's source and OCR engine. */
function readerHash(engine: string): string {
  const root = join(import.meta.dirname, '..');
  const capture = join(root, 'src/modules/capture');
  const sources = [
    ...readdirSync(join(capture, 'read'))
      .sort()
      .map((f) => join(capture, 'read', f)),
    join(capture, 'read-file.ts'),
    join(capture, 'capture-pool.ts'),
    join(capture, 'capture-worker.ts'),
  ];
  const h = createHash('sha256').update(`read v${READ_VERSION}\n`);
  for (const f of sources) h.update(f.slice(root.length)).update(readFileSync(f));
  h.update(`engine ${engine}\n`);
  for (const pkg of ['tesseract.js', 'tesseract.js-core', '@tesseract.js-data/eng']) {
    const json = join(root, 'node_modules', pkg, 'package.json');
    h.update(
      `${pkg}@${existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as { version: string }).version : '-'}`,
    );
  }
  return h.digest('hex').slice(0, 16);
}

function cachedRead(bytes: Uint8Array, reader: string): { path: string; read: ReadFile | null } {
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const path = join(READS_DIR, `${key}-${reader}.json`);
  return {
    path,
    read: USE_OCR_CACHE && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ReadFile) : null,
  };
}

const CONTENT_TYPE: Record<Format, string> = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' };

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number);
};

const cpuMsNow = () => {
  const u = process.cpuUsage();
  // and the ended children's: a native OCR engine's process, once its page is read
  return (u.user + u.system) / 1000 + (waitedChildrenCpuMs(process.pid) ?? 0);
};

interface PageTime {
  file: string;
  format: Format;
  wallS: number;
  cpuS: number;
}

interface ScansBench {
  pages: number;
  wall_p50_s: number;
  wall_p90_s: number;
  cpu_p50_s: number;
  cpu_p90_s: number;
  first_page_s: number;
  /** The OCR engine that read (native tesseract or tesseract.js), in words. */
  engine: string;
  extract_p50_ms: number;
  extract_max_ms: number;
  load: string[];
}

async function main(): Promise<void> {
  const only = (process.env.BENCH_SCANS_ONLY ?? '').split(',').filter((s) => s !== '');
  const t0 = performance.now();
  const all = await scanSet();
  const files = only.length ? all.filter((f) => only.some((o) => f.path.includes(o))) : all;
  const madeS = (performance.now() - t0) / 1000;
  const dataDir = mkdtempSync(join(tmpdir(), 'docex-capture-scans-'));
  // docex's own configuration (one capture thread, OCR on), but a page time limit of 3 minutes,
  // not the default: on this shared machine a page's OCR has taken longer than 30 s, and a page stopped
  // without its words would measure the machine's load, not the reading. Pages that would have
  // been stopped by the default are counted.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DOCEX_DATA_DIR: dataDir,
    DOCEX_CAPTURE_PAGE_TIMEOUT_MS: String(PAGE_TIMEOUT_MS),
    DOCEX_CAPTURE_TIMEOUT_MS: String(20 * PAGE_TIMEOUT_MS),
    DOCEX_OCR_NATIVE: process.env.DOCEX_OCR_NATIVE ?? 'auto',
  });
  // The engine docex's capture thread will pick (src/modules/capture/read/ocr.ts), in words.
  const engine = await ocrEngineInWords(config.capture.ocrNative);
  const load: string[] = [loadAverages()];
  const held = { fields: emptyFields(), files: 0, pages: 0 };
  const rest = { fields: emptyFields(), files: 0, pages: 0 };
  const sixSets = SIX_LANGUAGE_SETS.map(({ set }) => ({
    set,
    bucket: { fields: emptyFields(), files: 0, pages: 0 },
  }));
  const bucketOf = new Map<CorpusSet, typeof held>([
    ['held-out', held],
    ...sixSets.map((s): [CorpusSet, typeof held] => [s.set, s.bucket]),
  ]);
  const buckets = [held, ...sixSets.map((s) => s.bucket), rest];
  const perFormat = new Map<Format, ReturnType<typeof emptyFields>>();
  const times: PageTime[] = [];
  const lines: string[] = [];
  const notes: string[] = [];
  /** extraction alone, ms a page (on this thread, as bench/capture.ts measures it) */
  const extractMs: number[] = [];
  let firstPageS = Number.NaN;
  const reader = readerHash(engine);
  mkdirSync(READS_DIR, { recursive: true });
  let fromCache = 0;
  try {
    // The capture thread's start and the OCR engine's six languages, once, outside the timings
    // (not when every read comes from the cache).
    const needsOcr = files.some(
      (f) =>
        cachedRead(new Uint8Array(readFileSync(f.path)), `${reader}-${languagesOf(f).join('+')}`).read ===
        null,
    );
    if (needsOcr) {
      const warm = readFileSync(
        join(import.meta.dirname, '..', 'test/fixtures/capture/scans/invoice-150dpi.png'),
      );
      const w0 = performance.now();
      await readCaptureFile(config, {
        bytes: new Uint8Array(warm),
        filename: 'warm.png',
        contentType: 'image/png',
      });
      firstPageS = (performance.now() - w0) / 1000;
    }
    for (const f of files) {
      const bytes = new Uint8Array(readFileSync(f.path));
      const c0 = cpuMsNow();
      const s0 = performance.now();
      const languages = languagesOf(f);
      const cache = cachedRead(bytes, `${reader}-${languages.join('+')}`);
      if (cache.read) fromCache++;
      const read: ReadFile =
        cache.read ??
        (await readCaptureFile(
          config,
          { bytes, filename: basename(f.path), contentType: CONTENT_TYPE[f.format] },
          languages,
        ));
      if (!cache.read) writeFileSync(cache.path, JSON.stringify(read));
      const wallS = (performance.now() - s0) / 1000;
      const cpuS = (cpuMsNow() - c0) / 1000;
      for (let i = 0; i < read.pages.length; i++)
        times.push({
          file: basename(f.path),
          format: f.format,
          wallS: wallS / read.pages.length,
          cpuS: cpuS / read.pages.length,
        });
      for (const note of read.notes) notes.push(`${basename(f.path)}: ${note}`);
      // what OCR read, beside the scan, to look at without reading it again
      writeFileSync(
        `${f.path}.words.txt`,
        read.pages.map((p) => p.words.map((w) => w.text).join(' ')).join('\n\n'),
      );
      const e0 = performance.now();
      const ex = extractFields(read, receiverOf(f.corpus.key), null);
      extractMs.push((performance.now() - e0) / read.pages.length);
      // what the page prints: the born-digital original's text layer (not what OCR made of it)
      const printed = printedOf(await readCorpusFile(f.corpus));
      const into = bucketOf.get(f.corpus.set) ?? rest;
      into.files++;
      into.pages += read.pages.length;
      score(into.fields, ex, f.corpus.key, printed, (field, got, want) =>
        notes.push(
          `${basename(f.path)}: \`high\` ${field} ${JSON.stringify(got)}, the key ${JSON.stringify(want)}.`,
        ),
      );
      const fmtFields = perFormat.get(f.format) ?? emptyFields();
      score(fmtFields, ex, f.corpus.key, printed);
      perFormat.set(f.format, fmtFields);
      const got = (n: Scalar) => {
        const v = ex.fields[n];
        return v ? `${v.value}${v.confidence === 'high' ? '' : ' (low)'}` : '—';
      };
      const k = f.corpus.key.fields;
      lines.push(
        `| ${basename(f.path)} | ${f.corpus.key.generator} | ${f.format}, ${f.dpi} dpi, ${f.degrees > 0 ? '+' : ''}${f.degrees}° | ${read.pages.length} | ${read.method}, ${languages.join('+')} | ${got('number')} [${k.number}] | ${got('issue_date')} [${k.issue_date}] | ${got('total')} [${k.total}] | ${wallS.toFixed(1)} s / ${cpuS.toFixed(1)} s |`,
      );
      console.log(lines.at(-1));
      if (files.indexOf(f) === Math.floor(files.length / 2)) load.push(loadAverages());
    }
  } finally {
    await closeCapturePool(config);
    rmSync(dataDir, { recursive: true, force: true });
  }
  load.push(loadAverages());
  const wall = times.map((t) => t.wallS);
  const cpu = times.map((t) => t.cpuS);
  const result: ScansBench = {
    pages: times.length,
    wall_p50_s: quantile(wall, 0.5),
    wall_p90_s: quantile(wall, 0.9),
    cpu_p50_s: quantile(cpu, 0.5),
    cpu_p90_s: quantile(cpu, 0.9),
    first_page_s: firstPageS,
    engine,
    extract_p50_ms: quantile(extractMs, 0.5),
    extract_max_ms: Math.max(...extractMs),
    load,
  };
  if (process.env.BENCH_CAPTURE_CHILD === '1') {
    console.log(`BENCH_JSON ${JSON.stringify(result)}`);
    return;
  }
  const allFields = emptyFields();
  for (const { fields: m } of buckets)
    for (const [f, t] of Object.entries(m) as [Scalar, (typeof m)[Scalar]][])
      for (const k of Object.keys(t) as (keyof typeof t)[]) allFields[f][k] += t[k];
  const met = (v: number) => (v <= OCR_PAGE_TARGET_S ? 'met' : 'not met');
  const text = [
    '### Capture: scans (issue 51), `npm run bench:capture-scans`',
    '',
    `Measured ${new Date().toISOString()} on Node ${process.version}, this 2-core machine, shared with other sessions' builds and tests (load at the start, middle and end: ${load.map((l) => `"${l}"`).join(', ')}). ${files.length} scans (${times.length} pages) of corpus files, made by bench/capture-scans.ts (in ${madeS.toFixed(0)} s, or from its cache in .test-cache/capture-scans/): each page drawn by docex's PDF renderer at 150 to 300 dpi, turned up to 2° either way, blurred, specked with dust and paper grain (deterministic, seeded), saved as PNG, JPEG (quality 75) or an image-only PDF (JPEG pages, no text layer). Read as docex reads them: \`readCaptureFile\` on the capture pool (one capture thread, OCR by ${engine}, offline, ${LANGUAGES_BY === 'six' ? 'every page in the six languages' : "in the receiving organization's language (its VAT id's country; the buyer of the file's key) and English, the six where that is English or not known, as docex's read pass does (BENCH_SCANS_LANGUAGES=receiver)"}), one file at a time, then \`extractFields\`. What is "printed" is judged on the born-digital original's text layer, not on what OCR read.`,
    "Held out (chromium-langs scans), added 2026-11-27: 6 scans (8 pages, one a 3-page PDF) of the language set (test/fixtures/capture/chromium-langs; German, English, French, Dutch, Spanish, Italian; four layouts), at 150-300 dpi: these files' text layers were tuned on for born-digital reading, but the OCR'd words of their scans were never looked at before this set's first measurement.",
    "The 5 scans of `fnfe-1007` (facturxdotnet/) were held out until 2026-11-27 (measured once with the first rules, then once beside the chromium-langs scans' first measurement); their misses have been looked at since, and they are tuning data now, reported apart. The others are of tuning or formerly held-out generators (their born-digital layouts were tuned on, and their scans' OCR'd words were looked at to develop the rules below). The OCR reader's binarization (Sauvola, docs/capture.md) was chosen on those 7 scans; extraction's rules for OCR'd words (docs/capture.md \"Reading OCR'd words\") were developed on them, and since 2026-11-27 on the misses of both sets once held out.",
    '',
    ...HISTORY,
    '',
    '| scan | generator | made as | pages | method, OCR languages | number [key] | issue date [key] | total [key] | wall / CPU |',
    '|---|---|---|---:|---|---|---|---|---:|',
    ...lines,
    '',
    ...fieldTable(
      `Scans of fnfe-1007 (held out until 2026-11-27, tuning data since) (${held.files} files, ${held.pages} pages)`,
      held.fields,
      true,
      SCAN_TARGETS,
    ),
    ...fieldTable(
      `Scans of the other files, the ones extraction's OCR rules were developed on (${rest.files} files, ${rest.pages} pages)`,
      rest.fields,
      true,
      SCAN_TARGETS,
    ),
    // a set none of whose files is scanned yet (engine-blind) has no table
    ...sixSets
      .filter((s) => s.bucket.files > 0)
      .flatMap((s) =>
        fieldTable(
          SCAN_SET_TITLES[s.set](s.bucket.files, s.bucket.pages),
          s.bucket.fields,
          true,
          SCAN_TARGETS,
        ),
      ),
    ...fieldTable(
      `All scans (${buckets.reduce((n, b) => n + b.files, 0)} files, ${buckets.reduce((n, b) => n + b.pages, 0)} pages)`,
      allFields,
      true,
      SCAN_TARGETS,
    ),
    ...[...perFormat.entries()].flatMap(([fmt, m]) => {
      const acc = (n: Scalar) => `${m[n].right}/${m[n].printed}`;
      return [
        `- ${fmt}: number ${acc('number')}, issue date ${acc('issue_date')}, total ${acc('total')} exact where printed`,
      ];
    }),
    '',
    `OCR speed, one file at a time, per page (a file's time over its pages; a PDF page's includes drawing it at 300 dpi): wall median ${result.wall_p50_s.toFixed(1)} s, p90 ${result.wall_p90_s.toFixed(1)} s (target ≤ ${OCR_PAGE_TARGET_S} s on a quiet machine: median ${met(result.wall_p50_s)}, p90 ${met(result.wall_p90_s)}); CPU of the whole process (every thread) median ${result.cpu_p50_s.toFixed(1)} s, p90 ${result.cpu_p90_s.toFixed(1)} s a page. The capture thread's first OCR page, loading the six languages, took ${firstPageS.toFixed(1)} s (not in the figures). Pages over docex's default page limit of ${DEFAULT_PAGE_TIMEOUT_S} s (this run allowed ${PAGE_TIMEOUT_MS / 1000} s; with the default they would have been kept without words): ${wall.filter((w) => w > DEFAULT_PAGE_TIMEOUT_S).length} of ${wall.length}.${notes.length ? ` Notes: ${notes.join(' ')}` : ''} The machine was shared: wall times are an upper bound, CPU times what a page costs. Extraction alone on the OCR'd words: median ${result.extract_p50_ms.toFixed(0)} ms a page, at most ${result.extract_max_ms.toFixed(0)} ms (born-digital pages: a few ms; it runs on the capture thread since this measurement, not on the main one).`,
    '',
  ].join('\n');
  console.log(text);
  if (fromCache > 0) {
    console.log(
      `${fromCache} of ${files.length} reads came from the OCR cache (BENCH_SCANS_OCR_CACHE=1): their times are not OCR's, RESULTS.md is not written.`,
    );
    return;
  }
  if (only.length > 0) return;
  writeResultsSection('### Capture: scans (issue 51)', text, ['### Capture (issue 51)']);
}

if (process.argv[1]?.endsWith('capture-scans.ts')) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
