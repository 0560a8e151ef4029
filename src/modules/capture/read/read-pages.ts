// A file's pages as words, on a capture thread (capture-worker.ts): a PDF page's text layer when it
// has usable text, else its image by OCR; an image's pages (a TIFF's frames) by OCR. Bounded at
// every step: the first `maxPages` pages only, each page's OCR within `pageTimeoutMs`, pixels
// within the limits of images.ts and render-pdf.ts. A file docex will not read is refused with an
// ApiError whose message says why, in words a person can act on.
import type { PageWord, ReadFile, ReadPage } from '../../../lib/capture-shapes.ts';
import { ApiError } from '../../../lib/errors.ts';
import { imageInfo, imagePagePng, ocrImage, pixelsToPng } from './images.ts';
import { ocrReady, recognize, stopOcrEngine } from './ocr.ts';
import type { OcrLanguage } from './ocr-engine.ts';
import type { NativeOcr } from './ocr-native.ts';
import { readPdfTextPage } from './pdf-text.ts';
import { openPdf, type PdfDocument, type PdfPage } from './pdfjs.ts';
import { renderPdfPage } from './render-pdf.ts';

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
 * A page's OCR, stopped after DOCEX_CAPTURE_PAGE_TIMEOUT_MS (the engine's `stop`). The engine's
 * start (seconds, once per thread) is not the page's time.
 */
async function withinTime<T>(settings: ReadSettings, run: () => Promise<T>): Promise<T | null> {
  const ms = settings.pageTimeoutMs;
  await ocrReady(settings.native);
  const work = run();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
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
  const read = await withinTime(settings, () =>
    recognize(png, px, px.scale * 72, settings.native, settings.languages),
  );
  if (read === null) {
    notes.push(tooSlow(page.pageNumber, settings.pageTimeoutMs));
    return base;
  }
  return { ...base, words: read.words.map((w) => scaled(w, 1 / px.scale)) };
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
        pages.push(await ocrPdfPage(doc, page, settings, notes));
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
    const read = await withinTime(settings, () =>
      recognize(img.png, img, img.dpi, settings.native, settings.languages),
    );
    if (read === null) notes.push(tooSlow(i + 1, settings.pageTimeoutMs));
    else page.words = read.words.map((w) => scaled(w, 1 / img.scale));
    pages.push(page);
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

/** Page `n` (from 1) as a PNG at most VIEW_MAX_WIDTH pixels wide, for the review page. */
export async function renderPage(kind: CaptureKind, bytes: Uint8Array, n: number): Promise<Uint8Array> {
  if (kind === 'image') {
    const info = await imageInfo(bytes);
    if (!Number.isInteger(n) || n < 1 || n > info.pages) throw noPage(n, info.pages);
    return imagePagePng(bytes, n - 1, VIEW_MAX_WIDTH);
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
    return await pixelsToPng(px, { grayscale: false });
  } catch (err) {
    throw unreadablePdf(err);
  } finally {
    await doc.destroy();
  }
}
