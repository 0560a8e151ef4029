// OCR with tesseract.js (its WebAssembly engine, LSTM models "best_int"), fully offline: the six
// languages' data come from the @tesseract.js-data packages installed with docex, read from disk;
// nothing is fetched and nothing is cached anywhere (cacheMethod "none"). tesseract.js runs its
// engine on a thread of its own, started by the capture thread on its first OCR page and kept for
// the pages after (loading six languages costs seconds; the capture thread ends when idle, and
// the engine with it).
//
// All six languages in one engine, English first: measured on an A4 invoice page at 300 dpi, the
// CPU time per page is the same as English alone (2.1-2.4 s on this machine), while English alone
// reads "Müller" as "Miller" and "Käufer" as "Kaufer" (docs/capture.md). That holds for an English
// page: on a dense French one the six took 21 s against 6.4 s for French alone, tesseract trying
// the first language's doubtful words in the other five (docs/capture.md, "Measured again").
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PageWord } from '../../../lib/capture-shapes.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';

/** tesseract's codes for English, German, French, Dutch, Spanish, Italian: English is tried first. */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'nld', 'spa', 'ita'] as const;
/** The LSTM-only integer models: a third of the size of "4.0.0" and what tesseract.js loads by default. */
const DATA_VARIANT = '4.0.0_best_int';
/** A word read with a confidence under this (0..100) is noise: a speck, a line of a table. */
const MIN_WORD_CONFIDENCE = 30;
/**
 * tesseract's `thresholding_method` 2: each pixel black or white against its neighbourhood (Sauvola),
 * not against one threshold for the whole page (Otsu, the default). On scans, Otsu's page-wide
 * threshold loses whole blocks: a totals block between rules of dashes, a title in a shaded box.
 */
const SAUVOLA = '2';

type Tesseract = typeof import('tesseract.js');
type Engine = Awaited<ReturnType<Tesseract['createWorker']>>;

const tesseract = lazyModule<Tesseract>('tesseract.js', () => import('tesseract.js'));

/** Where a language's data file is in node_modules. */
export function languageFile(code: string): string {
  const pkg = createRequire(import.meta.url).resolve(`@tesseract.js-data/${code}/package.json`);
  return join(dirname(pkg), DATA_VARIANT, `${code}.traineddata.gz`);
}

let engine: Promise<Engine> | null = null;

/**
 * tesseract.js reads every language from one folder (`langPath`), and each language's package has
 * its own: a private folder (mkdtemp, 0700) of links to the installed files serves as that folder
 * while the engine loads them, and is removed once they are loaded. A local path, never a URL, so
 * tesseract.js reads the files and fetches nothing.
 */
async function startEngine(): Promise<Engine> {
  const { createWorker, OEM } = await tesseract.load();
  const dir = mkdtempSync(join(tmpdir(), 'docex-ocr-'));
  try {
    for (const code of OCR_LANGUAGES) symlinkSync(languageFile(code), join(dir, `${code}.traineddata.gz`));
    const worker = await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
      langPath: dir,
      cacheMethod: 'none',
      gzip: true,
      // A failure to load is an answer of createWorker, not an uncaught error of its thread.
      errorHandler: () => {},
    });
    return worker;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the engine (loads the six languages) if it is not running; pages are timed from then on. */
export async function ocrReady(): Promise<void> {
  await ocrEngine();
}

function ocrEngine(): Promise<Engine> {
  engine ??= startEngine().catch((err: unknown) => {
    engine = null;
    throw err;
  });
  return engine;
}

/** Ends the engine's thread (after a page that took too long: it cannot be asked to stop). */
export async function stopOcrEngine(): Promise<void> {
  const running = engine;
  engine = null;
  if (running) await (await running.catch(() => null))?.terminate();
}

/** What OCR read from one image: words in its pixels, and the skew it corrected (radians). */
export interface OcrResult {
  words: PageWord[];
  angle: number;
}

interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * The words of a grayscale PNG at `dpi`, boxes in its pixels (origin top-left), confidence 0..1.
 * A page scanned a few degrees askew is straightened first (tesseract measures the skew); its
 * words' boxes are turned back onto the image as given.
 */
export async function recognize(
  png: Uint8Array,
  size: { width: number; height: number },
  dpi: number,
): Promise<OcrResult> {
  const worker = await ocrEngine();
  await worker.setParameters({
    user_defined_dpi: String(Math.round(dpi)),
    // Sauvola's local threshold, not Otsu's one threshold for the page (docs/capture.md).
    thresholding_method: SAUVOLA,
  });
  const { data } = await worker.recognize(
    Buffer.from(png.buffer, png.byteOffset, png.byteLength),
    { rotateAuto: true },
    {
      blocks: true,
      text: false,
    },
  );
  const angle = data.rotateRadians ?? 0;
  const words: PageWord[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        for (const w of line.words as OcrWord[]) {
          const text = w.text.trim();
          if (text === '' || w.confidence < MIN_WORD_CONFIDENCE) continue;
          words.push({
            text,
            bbox: unrotate(w.bbox, angle, size),
            confidence: Math.round(w.confidence) / 100,
          });
        }
      }
    }
  }
  return { words, angle };
}

/**
 * A box read on the image turned by `angle` about its centre, as a box on the image as given: its
 * centre turned back, its size kept (a word's box turned by a few degrees is the same word).
 */
function unrotate(
  b: { x0: number; y0: number; x1: number; y1: number },
  angle: number,
  size: { width: number; height: number },
): PageWord['bbox'] {
  if (angle === 0) return [b.x0, b.y0, b.x1, b.y1];
  const cx = size.width / 2;
  const cy = size.height / 2;
  const mx = (b.x0 + b.x1) / 2 - cx;
  const my = (b.y0 + b.y1) / 2 - cy;
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const x = cx + mx * cos - my * sin;
  const y = cy + mx * sin + my * cos;
  const hw = (b.x1 - b.x0) / 2;
  const hh = (b.y1 - b.y0) / 2;
  return [x - hw, y - hh, x + hw, y + hh];
}
