// A file's pages as words, on a capture thread (capture-worker.ts): a PDF page's text layer when it
// has usable text, else its image by OCR; an image's pages (a TIFF's frames) by OCR. Bounded at
// every step: the first `maxPages` pages only, each page's OCR within `pageTimeoutMs`, pixels
// within the limits of images.ts and render-pdf.ts. A file docex will not read is refused with an
// ApiError whose message says why, in words a person can act on.
import type { PageWord, ReadFile, ReadPage, Turn } from '../../../lib/capture-shapes.ts';
import { ApiError } from '../../../lib/errors.ts';
import { imageInfo, imagePagePng, ocrImage, pixelsToPng } from './images.ts';
import { ocrReady, recognize, stopOcrEngine } from './ocr.ts';
import type { OcrLanguage } from './ocr-engine.ts';
import type { NativeOcr } from './ocr-native.ts';
import { readPdfTextPage } from './pdf-text.ts';
import { openPdf, type PdfDocument, type PdfPage } from './pdfjs.ts';
import { renderPdfPage } from './render-pdf.ts';
import { readUpright, type TurnState, turnedSize, turnState } from './upright.ts';

export type CaptureKind = 'pdf' | 'image';

export interface ReadSettings {
  maxPages: number;
  ocr: boolean;
  pageTimeoutMs: number;
  /** DOCEX_OCR_NATIVE: which OCR engine reads (ocr.ts). */
  native: NativeOcr;
  /** The languages OCR reads in (ocr-engine.ts's ocrLanguagesFor; the native engine's only). */
  languages: readonly OcrLanguage[];
}

/** A scanned PDF page is drawn at this resolution for OCR... */
const OCR_DPI = 300;
/** ...within this many pixels (A4 at 300 dpi is 8.7 MP; a page claiming to be larger is drawn smaller). */
const OCR_MAX_PIXELS = 12_000_000;
/** The review page's image: at most this wide. */
export const VIEW_MAX_WIDTH = 1600;

function refuse(message: string, reason: string): ApiError {
  return new ApiError('invalid_request', message, { reason });
}

/** pdf.js's refusals in words: not a PDF, damaged, or locked with a password. */
function unreadablePdf(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { name?: string; message?: string };
  if (e.name === 'PasswordException') {
    return refuse('This PDF is protected by a password; docex cannot open it.', 'encrypted_pdf');
  }
  // A stack overflow in pdf.js's parser crosses its (same-thread) worker boundary as a message.
  if (err instanceof RangeError || /maximum call stack/i.test(e.message ?? '')) {
    return refuse(
      'This PDF nests its objects too deeply to be read safely; docex did not read it.',
      'unreadable_pdf',
    );
  }
  return refuse(`This PDF cannot be read: ${e.message ?? String(err)}.`, 'unreadable_pdf');
}

function ocrOff(what: string): ApiError {
  return refuse(
    `${what} has no text layer, so reading it needs OCR, which is off on this server (DOCEX_OCR=off): docex cannot read this file.`,
    'ocr_off',
  );
}

/**
 * A page's OCR, stopped at `deadline` (performance.now(): DOCEX_CAPTURE_PAGE_TIMEOUT_MS after the
 * page's first read began, its reads turned included) with the engine's `stop`. The engine is
 * started before the deadline is set (ocrPage): its start (seconds, once per thread) is not the
 * page's time.
 */
async function withinTime<T>(deadline: number, run: () => Promise<T>): Promise<T | null> {
  const work = run();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, deadline - performance.now()));
  });
  try {
    const result = await Promise.race([work, late]);
    if (result === null) await stopOcrEngine();
    return result;
  } finally {
    clearTimeout(timer);
    work.catch(() => {});
  }
}

/** A page's words by OCR, read upright (upright.ts), within the page's time. */
async function ocrPage(
  png: Uint8Array,
  size: { width: number; height: number },
  dpi: number,
  settings: ReadSettings,
  turns: TurnState,
): Promise<{ words: PageWord[]; turn: Turn } | null> {
  await ocrReady(settings.native);
  const deadline = performance.now() + settings.pageTimeoutMs;
  return readUpright(png, size, turns, async (turned, turnedSize, thresholding) => {
    const read = await withinTime(deadline, () =>
      recognize(turned, turnedSize, dpi, settings.native, settings.languages, thresholding),
    );
    return read?.words ?? null;
  });
}

/** A page read turned: its size is the turned page's, and it says so. */
function turnedPage(page: ReadPage, turn: Turn): ReadPage {
  if (turn === 0) return page;
  return { ...page, ...turnedSize(page, turn), turned: turn };
}

function tooSlow(n: number, ms: number): string {
  return `Page ${n} took longer than ${ms / 1000} seconds to read by OCR and was stopped: its words are missing.`;
}

/**
 * A page with a text layer of fewer words than this that shows an image is a scan with a stamp
 * or a scanner's caption on it ("Received 12.03.2026"): its image is read by OCR, whose words
 * include the stamp's. An invoice typed into a PDF has a hundred words and more.
 */
const FEW_WORDS = 25;

/** What the page draws besides text: an image, and anything at all (a page drawing nothing is blank). */
async function drawing(page: PdfPage): Promise<{ image: boolean; anything: boolean }> {
  const ops = await page.getOperatorList();
  // pdf.js's OPS: paintImageMaskXObject 83 to paintImageMaskXObjectRepeat 89 (every image),
  // constructPath 91 (every fill and stroke).
  const image = ops.fnArray.some((op) => op >= 83 && op <= 89);
  return { image, anything: image || ops.fnArray.includes(91) };
}

/** True when the page's image must be read by OCR: no usable text (or a few words over a scan). */
async function needsOcr(page: PdfPage, text: ReadPage): Promise<boolean> {
  if (text.words.length >= FEW_WORDS) return false;
  const draws = await drawing(page);
  return text.words.length === 0 ? draws.anything : draws.image;
}

/** A PDF page with no usable text, read by OCR; boxes back in points. */
async function ocrPdfPage(
  doc: PdfDocument,
  page: PdfPage,
  settings: ReadSettings,
  notes: string[],
  turns: TurnState,
): Promise<ReadPage> {
  const unit = page.getViewport({ scale: 1 });
  const base: ReadPage = {
    n: page.pageNumber,
    width: round(unit.width),
    height: round(unit.height),
    method: 'ocr',
    words: [],
  };
  const px = await renderPdfPage(doc, page, OCR_DPI, OCR_MAX_PIXELS);
  const png = await pixelsToPng(px, { grayscale: true });
  const read = await ocrPage(png, px, px.scale * 72, settings, turns);
  if (read === null) {
    notes.push(tooSlow(page.pageNumber, settings.pageTimeoutMs));
    return base;
  }
  return turnedPage({ ...base, words: read.words.map((w) => scaled(w, 1 / px.scale)) }, read.turn);
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

function scaled(w: PageWord, by: number): PageWord {
  const [x0, y0, x1, y1] = w.bbox;
  return { ...w, bbox: [round(x0 * by), round(y0 * by), round(x1 * by), round(y1 * by)] };
}

function truncation(pageCount: number, maxPages: number, unit: string): string {
  return `${unit} ${maxPages + 1}-${pageCount} of ${pageCount} were not read: docex reads the first ${maxPages} ${maxPages === 1 ? 'page' : 'pages'} of a file (DOCEX_CAPTURE_MAX_PAGES).`;
}

function methodOf(pages: ReadPage[]): ReadFile['method'] {
  const methods = new Set(pages.map((p) => p.method));
  return methods.size === 2 ? 'mixed' : methods.has('ocr') ? 'ocr' : 'text';
}

async function readPdf(bytes: Uint8Array, settings: ReadSettings): Promise<ReadFile> {
  let doc: PdfDocument;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    throw unreadablePdf(err);
  }
  try {
    const notes: string[] = [];
    const pages: ReadPage[] = [];
    const turns = turnState();
    const last = Math.min(doc.numPages, settings.maxPages);
    for (let n = 1; n <= last; n++) {
      const page = await doc.getPage(n);
      const text = await readPdfTextPage(page);
      if (!(await needsOcr(page, text))) {
        pages.push(text);
      } else if (!settings.ocr && text.words.length > 0) {
        // A few words over an image: what the text layer says is kept, and what OCR would add is not.
        notes.push(
          `Page ${n} looks like a scan with a few words of text on it; OCR is off (DOCEX_OCR=off), so only those words were read.`,
        );
        pages.push(text);
      } else if (!settings.ocr) {
        throw ocrOff(`Page ${n} of this PDF is an image (a scan)`);
      } else {
        pages.push(await ocrPdfPage(doc, page, settings, notes, turns));
      }
      page.cleanup();
    }
    const truncated = doc.numPages > last;
    if (truncated) notes.unshift(truncation(doc.numPages, last, 'Pages'));
    return { method: methodOf(pages), pages, pageCount: doc.numPages, truncated, notes };
  } catch (err) {
    throw unreadablePdf(err);
  } finally {
    await doc.destroy();
  }
}

async function readImage(bytes: Uint8Array, settings: ReadSettings): Promise<ReadFile> {
  const info = await imageInfo(bytes);
  if (!settings.ocr) throw ocrOff(`This file is an image (${info.format.toUpperCase()}): it`);
  const notes: string[] = [];
  const pages: ReadPage[] = [];
  const turns = turnState();
  const last = Math.min(info.pages, settings.maxPages);
  for (let i = 0; i < last; i++) {
    const img = await ocrImage(bytes, i);
    const page: ReadPage = {
      n: i + 1,
      width: img.pageWidth,
      height: img.pageHeight,
      method: 'ocr',
      words: [],
    };
    const read = await ocrPage(img.png, img, img.dpi, settings, turns);
    if (read === null) {
      notes.push(tooSlow(i + 1, settings.pageTimeoutMs));
      pages.push(page);
    } else {
      pages.push(turnedPage({ ...page, words: read.words.map((w) => scaled(w, 1 / img.scale)) }, read.turn));
    }
  }
  const truncated = info.pages > last;
  if (truncated) notes.unshift(truncation(info.pages, last, 'Pages (TIFF frames)'));
  return { method: 'ocr', pages, pageCount: info.pages, truncated, notes };
}

/** The file's pages as words (CONTRACT §13), or an ApiError saying why docex will not read it. */
export function readPages(kind: CaptureKind, bytes: Uint8Array, settings: ReadSettings): Promise<ReadFile> {
  return kind === 'pdf' ? readPdf(bytes, settings) : readImage(bytes, settings);
}

function noPage(n: number, count: number): ApiError {
  return new ApiError(
    'not_found',
    `This file has ${count} ${count === 1 ? 'page' : 'pages'}; there is no page ${n}.`,
    {
      reason: 'no_such_page',
    },
  );
}

/**
 * Page `n` (from 1) as a PNG at most VIEW_MAX_WIDTH pixels wide (before a quarter turn), for the
 * review page, turned as OCR read it upright (its ReadPage's `turned`).
 */
export async function renderPage(
  kind: CaptureKind,
  bytes: Uint8Array,
  n: number,
  turn: Turn = 0,
): Promise<Uint8Array> {
  if (kind === 'image') {
    const info = await imageInfo(bytes);
    if (!Number.isInteger(n) || n < 1 || n > info.pages) throw noPage(n, info.pages);
    return imagePagePng(bytes, n - 1, VIEW_MAX_WIDTH, turn);
  }
  let doc: PdfDocument;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    throw unreadablePdf(err);
  }
  try {
    if (!Number.isInteger(n) || n < 1 || n > doc.numPages) throw noPage(n, doc.numPages);
    const page = await doc.getPage(n);
    const unit = page.getViewport({ scale: 1 });
    const dpi = Math.min(150, (VIEW_MAX_WIDTH / unit.width) * 72);
    const px = await renderPdfPage(doc, page, dpi, VIEW_MAX_WIDTH * VIEW_MAX_WIDTH * 2);
    return await pixelsToPng(px, { grayscale: false, turn });
  } catch (err) {
    throw unreadablePdf(err);
  } finally {
    await doc.destroy();
  }
}
