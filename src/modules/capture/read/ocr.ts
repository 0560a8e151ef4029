// OCR for read-pages.ts: one engine per capture thread, chosen at its first OCR page by
// DOCEX_OCR_NATIVE: a tesseract program found on the machine when there is one (ocr-native.ts,
// faster), else tesseract.js (ocr-wasm.ts, installed with docex). Both read the same six languages
// with the same models and thresholding (ocr-engine.ts).

import type { OcrEngine, OcrLanguage, OcrResult, Thresholding } from './ocr-engine.ts';
import { type NativeOcr, nativeEngine } from './ocr-native.ts';
import { wasmEngine } from './ocr-wasm.ts';

export type { OcrResult } from './ocr-engine.ts';

let chosen: { setting: NativeOcr; engine: Promise<OcrEngine> } | null = null;

async function choose(setting: NativeOcr): Promise<OcrEngine> {
  const native = await nativeEngine(setting);
  if ('name' in native) return native;
  // A path the operator gave that cannot be used is worth a warning; no tesseract on PATH is not.
  if (setting !== 'auto' && setting !== 'off') {
    process.emitWarning(`DOCEX_OCR_NATIVE: ${native.why}; OCR runs on tesseract.js`);
  }
  return wasmEngine();
}

/**
 * The engine a capture thread will pick for `setting`, in words, for the operator's log: the
 * same look-up the thread makes (`tesseract --version`, milliseconds), made on the caller's thread.
 */
export async function ocrEngineInWords(setting: NativeOcr): Promise<string> {
  const native = await nativeEngine(setting);
  return 'name' in native ? native.name : `tesseract.js, built in (${native.why})`;
}

/** The engine DOCEX_OCR_NATIVE picks on this thread (the same one until the setting changes). */
export function ocrEngine(setting: NativeOcr): Promise<OcrEngine> {
  if (chosen?.setting !== setting) {
    const previous = chosen;
    const engine = (async () => {
      await (await previous?.engine.catch(() => null))?.stop();
      return choose(setting);
    })();
    chosen = { setting, engine };
    engine.catch(() => {
      if (chosen?.engine === engine) chosen = null;
    });
  }
  return (chosen as { engine: Promise<OcrEngine> }).engine;
}

/** Loads what the engine needs for a first page (seconds, once); pages are timed from then on. */
export async function ocrReady(setting: NativeOcr): Promise<void> {
  await (await ocrEngine(setting)).ready();
}

/** The words of a grayscale PNG at `dpi`, read in `languages` (OcrEngine.recognize). */
export async function recognize(
  png: Uint8Array,
  size: { width: number; height: number },
  dpi: number,
  setting: NativeOcr,
  languages: readonly OcrLanguage[],
  thresholding: Thresholding = 'sauvola',
): Promise<OcrResult> {
  return (await ocrEngine(setting)).recognize(png, size, dpi, languages, thresholding);
}

/** Stops the page being read (one over its time limit); the engine reads the next page. */
export async function stopOcrEngine(): Promise<void> {
  await (await chosen?.engine.catch(() => null))?.stop();
}
