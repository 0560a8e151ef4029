// OCR with tesseract.js (its WebAssembly engine, LSTM models "best_int"), fully offline: the six
// languages' data come from the @tesseract.js-data packages installed with docex, read from disk;
// nothing is fetched and nothing is cached anywhere (cacheMethod "none"). tesseract.js runs its
// engine on a thread of its own, started by the capture thread on its first OCR page and kept for
// the pages after (loading six languages costs seconds; the capture thread ends when idle, and
// the engine with it). The engine docex uses when no native one is found (ocr.ts, ocr-native.ts).
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageWord } from '../../../lib/capture-shapes.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';
import {
  languageFile,
  MIN_WORD_CONFIDENCE,
  OCR_LANGUAGES,
  type OcrEngine,
  type OcrResult,
  THRESHOLDING_METHOD,
} from './ocr-engine.ts';

type Tesseract = typeof import('tesseract.js');
type Worker = Awaited<ReturnType<Tesseract['createWorker']>>;

const tesseract = lazyModule<Tesseract>('tesseract.js', () => import('tesseract.js'));

/**
 * tesseract.js reads every language from one folder (`langPath`), and each language's package has
 * its own: a private folder (mkdtemp, 0700) of links to the installed files serves as that folder
 * while the engine loads them, and is removed once they are loaded. A local path, never a URL, so
 * tesseract.js reads the files and fetches nothing.
 */
async function startWorker(): Promise<Worker> {
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

interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
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

/** tesseract.js as an OcrEngine: its thread started on first use, ended (and started again) on stop. */
export function wasmEngine(): OcrEngine {
  let worker: Promise<Worker> | null = null;
  const started = (): Promise<Worker> => {
    worker ??= startWorker().catch((err: unknown) => {
      worker = null;
      throw err;
    });
    return worker;
  };
  return {
    name: 'tesseract.js (WebAssembly)',
    async ready() {
      await started();
    },
    // A page scanned a few degrees askew is straightened first (tesseract measures the skew); its
    // words' boxes are turned back onto the image as given. Always in the six languages, whatever
    // the page's languages: tesseract.js loads its languages when its engine starts (seconds), so
    // reading a page in fewer would cost more than it saves; the native engine takes them per page.
    async recognize(png, size, dpi, _languages, thresholding): Promise<OcrResult> {
      const engine = await started();
      await engine.setParameters({
        user_defined_dpi: String(Math.round(dpi)),
        // Sauvola's local threshold first, Otsu's one threshold for the page as the second reading
        // (ocr-engine.ts, docs/capture.md)
        thresholding_method: THRESHOLDING_METHOD[thresholding],
      });
      const { data } = await engine.recognize(
        Buffer.from(png.buffer, png.byteOffset, png.byteLength),
        { rotateAuto: true },
        { blocks: true, text: false },
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
    },
    // It cannot be asked to stop a page: its thread is ended, and started again by the next page.
    async stop() {
      const running = worker;
      worker = null;
      if (running) await (await running.catch(() => null))?.terminate();
    },
  };
}
