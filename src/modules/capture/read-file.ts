// Capture's reading, as the rest of the family calls it (CONTRACT §13): reading a file, extracting
// its fields, or drawing one of its pages, on the capture pool (capture-pool.ts), never on the
// calling thread; a file that is not one to capture (capturable.ts, by its bytes) is refused.
import type { Config } from '../../config.ts';
import type { CaptureReceiver, Extraction, LearnedLayout, ReadFile, Turn } from '../../lib/capture-shapes.ts';
import { ApiError } from '../../lib/errors.ts';
import { ThreadStopped } from '../../lib/thread-pool.ts';
import { capturableKind, MIN_IMAGE_BYTES } from './capturable.ts';
import { CAPTURE_HEAP_MB, capturePool } from './capture-pool.ts';
import { OCR_LANGUAGES, type OcrLanguage } from './read/ocr-engine.ts';
import type { CaptureKind } from './read/read-pages.ts';

export interface CaptureFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

function kindOf(file: CaptureFile): CaptureKind {
  const kind = capturableKind(file);
  if (kind === null) {
    throw new ApiError(
      'invalid_request',
      `${file.filename || 'This file'} is neither a PDF nor an image docex reads (PNG, JPEG or TIFF of at least ${MIN_IMAGE_BYTES / 1024} kB), whatever its name or type says.`,
      { reason: 'not_capturable' },
    );
  }
  return kind;
}

/** A thread that died under a file (its memory limit, a crash in a decoder) refuses that file. */
function stopped(err: unknown): never {
  if (err instanceof ThreadStopped) {
    throw new ApiError(
      'invalid_request',
      err.outOfMemory
        ? `Reading this file needed more memory than docex allows (${CAPTURE_HEAP_MB} MB) and was stopped.`
        : `Reading this file stopped the reader (${err.message}).`,
      { reason: err.outOfMemory ? 'capture_memory' : 'capture_crash' },
    );
  }
  throw err;
}

/**
 * The file's pages as words, read on the capture pool (at most DOCEX_CAPTURE_MAX_PAGES pages,
 * OCR per DOCEX_OCR, in `languages`: ocr-engine.ts's ocrLanguagesFor). Throws
 * ApiError('invalid_request') with the reason in words for a file docex will not read (not a PDF
 * or image, damaged, a pixel bomb, OCR off for a scan, a reader that ran out of memory), and the
 * pool's 503s (queue full, DOCEX_CAPTURE_TIMEOUT_MS passed), which a later try may get past.
 */
export async function readCaptureFile(
  config: Config,
  file: CaptureFile,
  languages: readonly OcrLanguage[] = OCR_LANGUAGES,
): Promise<ReadFile> {
  const kind = kindOf(file);
  const { maxPages, ocr, pageTimeoutMs, ocrNative: native } = config.capture;
  try {
    const result = await capturePool(config).run({
      kind: 'read',
      file: kind,
      bytes: file.bytes,
      settings: { maxPages, ocr, pageTimeoutMs, native, languages },
    });
    return result as ReadFile;
  } catch (err) {
    return stopped(err);
  }
}

/**
 * extract/'s extractFields, on the capture pool: on a page read by OCR it takes hundreds of
 * milliseconds (a scan's words are many and short, and every label is looked for among them), which
 * on the thread that answers requests and the SMTP listener delayed their replies by as much
 * (bench/capture-latency.ts, bench/RESULTS.md).
 */
export async function extractCaptureFields(
  config: Config,
  file: ReadFile,
  receiver: CaptureReceiver,
  layout: LearnedLayout | null,
): Promise<Extraction> {
  try {
    return (await capturePool(config).run({ kind: 'extract', file, receiver, layout })) as Extraction;
  } catch (err) {
    return stopped(err);
  }
}

/**
 * Page `n` (from 1) of the file as a PNG at most 1600 pixels wide, drawn on the capture pool, turned
 * as it was read (its ReadPage's `turned`).
 */
export async function renderCapturePage(
  config: Config,
  file: CaptureFile,
  n: number,
  turn: Turn = 0,
): Promise<Uint8Array> {
  const kind = kindOf(file);
  try {
    const result = await capturePool(config).run({ kind: 'render', file: kind, bytes: file.bytes, n, turn });
    return result as Uint8Array;
  } catch (err) {
    return stopped(err);
  }
}
