// A probe of capture on scans of pages neither the scan bench nor an earlier probe scanned
// (docs/capture.md, "Unseen pages scanned as the bench scans", 1.19.19): every PROBE_MOD-th file of
// the six-language held-out sets (test/fixtures/capture/*-blind), sorted by path, from
// PROBE_OFFSET, the scan bench's own files left out; each made an image-only PDF of every page by
// the bench's `scanPage` (200, 250 or 300 dpi, turned 0.6 to 1.7 degrees, dust and grain, JPEG
// quality 75), read by the capture pool in the receiver's language and English, extracted as the
// read pass does, scored by the bench's scorer. Prints each file's number, issue date and total
// (the key's in brackets when they differ: a credit note's key is unsigned, its print negative)
// and every `high` value that is wrong. Writes nothing to RESULTS.md: a probe, not a bench.
//
//   node --import tsx bench/capture-scan-probe.ts
//   PROBE_OFFSET=0 PROBE_OUT=/tmp/probe-b DOCEX_OCR_NATIVE=off node --import tsx bench/capture-scan-probe.ts
//
// PROBE_OUT keeps each scan, its OCR'd words and its read (read.json); PROBE_CACHE=1 reads from the
// kept reads instead of OCR, for extraction work (seconds instead of minutes).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { scanImage, scanPage } from '../scripts/make-capture-scans.ts';
import { loadConfig } from '../src/config.ts';
import type { ReadFile } from '../src/lib/capture-shapes.ts';
import { languageOfCountry } from '../src/lib/country-language.ts';
import { closeCapturePool } from '../src/modules/capture/capture-pool.ts';
import { extractFields } from '../src/modules/capture/extract/index.ts';
import { ocrLanguagesFor } from '../src/modules/capture/read/ocr-engine.ts';
import { openPdf } from '../src/modules/capture/read/pdfjs.ts';
import { readCaptureFile } from '../src/modules/capture/read-file.ts';
import { emptyFields, printedOf, type Scalar, score } from './capture.ts';
import { corpusFiles, readCorpusFile, receiverOf } from './capture-corpus.ts';

const OUT = process.env.PROBE_OUT ?? join(tmpdir(), 'docex-capture-probe');
const MOD = Number(process.env.PROBE_MOD ?? 6);
const OFFSET = Number(process.env.PROBE_OFFSET ?? 3);
const USE_CACHE = process.env.PROBE_CACHE === '1';
const DPI = [200, 250, 300] as const;
const DEGREES = [-1.6, -0.9, 0.6, 1.3, -1.2, 1.7] as const;

/** The scan bench's own files (its SET), by name: left out, they are scanned there already. */
function benchFiles(): Set<string> {
  const source = readFileSync(join(import.meta.dirname, 'capture-scans.ts'), 'utf8');
  return new Set([...source.matchAll(/file: '([^']+)'/g)].map((m) => basename(m[1] as string)));
}

/** Every page of `pdf` scanned, as one image-only PDF. */
async function scannedPdf(pdf: Uint8Array, pages: number, dpi: number, degrees: number, seed: number) {
  const out = await PDFDocument.create();
  out.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  out.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  for (let n = 1; n <= pages; n++) {
    const page = await scanPage(pdf, { dpi, degrees, specks: 50, grain: 20, seed: seed + n }, n);
    const image = await out.embedJpg(await scanImage(page, dpi).jpeg({ quality: 75 }).toBuffer());
    const w = (page.width * 72) / dpi;
    const h = (page.height * 72) / dpi;
    out.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
  }
  return out.save();
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const skip = benchFiles();
  const files = corpusFiles()
    .filter((f) => f.path.includes('-blind/') && !skip.has(basename(f.path)))
    .sort((a, b) => a.path.localeCompare(b.path))
    .filter((_, i) => i % MOD === OFFSET);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DOCEX_DATA_DIR: mkdtempSync(join(tmpdir(), 'docex-capture-probe-')),
    // a loaded machine's page must not be cut short: the probe measures reading, not load
    DOCEX_CAPTURE_PAGE_TIMEOUT_MS: '180000',
    DOCEX_CAPTURE_TIMEOUT_MS: '1800000',
    DOCEX_OCR_NATIVE: process.env.DOCEX_OCR_NATIVE ?? 'auto',
  });
  const fields = emptyFields();
  const right: Record<'number' | 'issue_date' | 'total', number> = { number: 0, issue_date: 0, total: 0 };
  const wrong: string[] = [];
  try {
    for (const [i, f] of files.entries()) {
      const pdf = new Uint8Array(readFileSync(f.path));
      const doc = await openPdf(pdf);
      const pages = doc.numPages;
      await doc.destroy();
      const dpi = DPI[i % DPI.length] as number;
      const degrees = DEGREES[i % DEGREES.length] as number;
      const name = basename(f.path, '.pdf');
      const bytes = await scannedPdf(pdf, pages, dpi, degrees, 9100 + i * 10);
      writeFileSync(join(OUT, `${name}.scan.pdf`), bytes);
      const kept = join(OUT, `${name}.read.json`);
      const country = (f.key.fields.buyer_vat_id ?? '').slice(0, 2);
      const read: ReadFile =
        USE_CACHE && existsSync(kept)
          ? (JSON.parse(readFileSync(kept, 'utf8')) as ReadFile)
          : await readCaptureFile(
              config,
              { bytes, filename: `${name}.pdf`, contentType: 'application/pdf' },
              ocrLanguagesFor(country ? languageOfCountry(country) : null),
            );
      writeFileSync(kept, JSON.stringify(read));
      writeFileSync(
        join(OUT, `${name}.words.txt`),
        read.pages.map((p) => p.words.map((w) => w.text).join(' ')).join('\n\n'),
      );
      const ex = extractFields(read, receiverOf(f.key), null);
      score(fields, ex, f.key, printedOf(await readCorpusFile(f)), (field, got, want) =>
        wrong.push(`${name}: high ${field} ${JSON.stringify(got)}, the key ${JSON.stringify(want)}`),
      );
      const shown = (k: keyof typeof right) => {
        const v = ex.fields[k];
        const want = f.key.fields[k as Scalar];
        const exact = v !== null && String(v.value) === String(want);
        if (exact) right[k]++;
        const got = v ? `${v.value}${v.confidence === 'high' ? '' : ' (low)'}` : '—';
        return exact ? got : `${got} [${want}]`;
      };
      console.log(
        `${name} ${pages}p ${dpi} dpi ${degrees}° | ${shown('number')} | ${shown('issue_date')} | ${shown('total')}`,
      );
    }
  } finally {
    await closeCapturePool(config);
  }
  const high = Object.values(fields).reduce((s, t) => s + t.high, 0);
  const highWrong = Object.values(fields).reduce((s, t) => s + t.highWrong, 0);
  console.log(
    `${files.length} files: number ${right.number}, issue date ${right.issue_date}, total ${right.total} as the key; ${highWrong} of ${high} high values wrong`,
  );
  for (const w of wrong) console.log(w);
}

await main();
