// What docex's two OCR engines share (ocr-wasm.ts: tesseract.js, always there; ocr-native.ts: a
// tesseract program found on the machine, faster): the six languages and their data, which words
// count, how a page is turned black and white, and the shape of an engine. ocr.ts picks one.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PageWord } from '../../../lib/capture-shapes.ts';

/**
 * tesseract's codes for English, German, French, Dutch, Spanish, Italian, all six in one engine,
 * English tried first: on an English A4 page at 300 dpi the six cost what English alone does, and
 * English alone reads "Müller" as "Miller". On a dense French page the six cost two to three times
 * French alone (tesseract retries the first language's doubtful words in the other five; measured
 * in docs/capture.md, "Measured again" and "The native engine").
 */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'nld', 'spa', 'ita'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

const BY_ISO_639_1: Record<string, OcrLanguage> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  nl: 'nld',
  es: 'spa',
  it: 'ita',
};

/**
 * The languages to read a page in when the language its documents are usually written in is
 * known beforehand (ISO 639-1; the receiving organization's, src/lib/country-language.ts): that
 * language, then English (the words every invoice borrows: IBAN, VAT, Invoice, Total), instead of
 * all six. tesseract retries the first language's doubtful words in each of the others, so fewer
 * languages read a dense page in about half the time (docs/capture.md, "Languages known before
 * reading"). English, a language docex has no model for, or none known: the six, English first.
 */
export function ocrLanguagesFor(language: string | null): readonly OcrLanguage[] {
  const code = language === null ? undefined : BY_ISO_639_1[language];
  return code === undefined || code === 'eng' ? OCR_LANGUAGES : [code, 'eng'];
}
/** The LSTM-only integer models: a third of the size of "4.0.0" and what tesseract.js loads by default. */
const DATA_VARIANT = '4.0.0_best_int';
/** A word read with a confidence under this (0..100) is noise: a speck, a line of a table. */
export const MIN_WORD_CONFIDENCE = 30;
/**
 * How a page is made black and white before it is read: tesseract's `thresholding_method`. Sauvola
 * (2), each pixel against its neighbourhood, is what a page is read with first: on scans, Otsu's one
 * threshold for the page (0, tesseract's default) loses whole blocks (a totals block between rules
 * of dashes, a title in a shaded box). Otsu is the second reading of a page Sauvola read next to
 * nothing of: on a phone's photo of thin monospaced print, dimmed and blurred, Sauvola broke every
 * stroke and tesseract found no word at all where Otsu read 137 (upright.ts).
 */
export type Thresholding = 'sauvola' | 'otsu';
export const THRESHOLDING_METHOD: Record<Thresholding, string> = { sauvola: '2', otsu: '0' };

/** Where a language's data file (gzipped) is in node_modules: both engines read these. */
export function languageFile(code: string): string {
  const pkg = createRequire(import.meta.url).resolve(`@tesseract.js-data/${code}/package.json`);
  return join(dirname(pkg), DATA_VARIANT, `${code}.traineddata.gz`);
}

/** What OCR read from one image: words in its pixels, and the skew it corrected (radians; 0: none). */
export interface OcrResult {
  words: PageWord[];
  angle: number;
}

export interface OcrEngine {
  /** What reads, in words ("tesseract 5.3.0 at /usr/bin/tesseract"), for logs and the bench. */
  readonly name: string;
  /** Loads what the first page needs (seconds, once); a page's time limit starts after it. */
  ready(): Promise<void>;
  /**
   * The words of a grayscale PNG at `dpi`, boxes in its pixels on the image as given (origin
   * top-left), confidence 0..1, read in `languages` (some of OCR_LANGUAGES, the first tried
   * first) where the engine can change them per page.
   */
  recognize(
    png: Uint8Array,
    size: { width: number; height: number },
    dpi: number,
    languages: readonly OcrLanguage[],
    thresholding: Thresholding,
  ): Promise<OcrResult>;
  /** Stops the page being read (one that took too long): its recognize rejects. */
  stop(): Promise<void>;
}
