// Capture's reading, as the rest of the family calls it (CONTRACT §13): which files are read at
// all (capturableKind, by their bytes), and reading a file or drawing one of its pages on the
// capture pool (capture-pool.ts), never on the calling thread.
import type { Config } from '../../config.ts';
import type { ReadFile } from '../../lib/capture-shapes.ts';
import { ApiError } from '../../lib/errors.ts';
import { ThreadStopped } from '../../lib/thread-pool.ts';
import { CAPTURE_HEAP_MB, capturePool } from './capture-pool.ts';
import type { CaptureKind } from './read/read-pages.ts';

export interface CaptureFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

/** An image smaller than this is a logo or a signature, not an invoice (CONTRACT §13). */
export const MIN_IMAGE_BYTES = 10 * 1024;

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((b, i) => bytes[at + i] === b);
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * PDF readers accept the header anywhere in the first 1024 bytes (some generators put junk
 * first), but not inside another format: a zip that stores a file starting "%PDF-" is a zip.
 */
function isPdf(bytes: Uint8Array): boolean {
  if (startsWith(bytes, ZIP)) return false;
  const end = Math.min(bytes.length - PDF.length, 1024);
  for (let i = 0; i <= end; i++) if (startsWith(bytes, PDF, i)) return true;
  return false;
}

/**
 * What a file is to capture, by its bytes alone (a name or a content type says what the sender
 * claims; a zip named invoice.pdf is not a PDF): 'pdf', 'image' (PNG, JPEG, TIFF of at least
 * MIN_IMAGE_BYTES), or null, not read. The caller has already looked for an embedded e-invoice.
 */
export function capturableKind(file: CaptureFile): CaptureKind | null {
  const { bytes } = file;
  if (isPdf(bytes)) return 'pdf';
  const image = [PNG, JPEG, TIFF_LE, TIFF_BE].some((m) => startsWith(bytes, m));
  if (image && bytes.length >= MIN_IMAGE_BYTES) return 'image';
  return null;
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
 * OCR per DOCEX_OCR). Throws ApiError('invalid_request') with the reason in words for a file
 * docex will not read (not a PDF or image, damaged, a pixel bomb, OCR off for a scan, a reader
 * that ran out of memory), and the pool's 503s (queue full, DOCEX_CAPTURE_TIMEOUT_MS passed),
 * which a later try may get past.
 */
export async function readCaptureFile(config: Config, file: CaptureFile): Promise<ReadFile> {
  const kind = kindOf(file);
  const { maxPages, ocr, pageTimeoutMs } = config.capture;
  try {
    const result = await capturePool(config).run({
      kind: 'read',
      file: kind,
      bytes: file.bytes,
      settings: { maxPages, ocr, pageTimeoutMs },
    });
    return result as ReadFile;
  } catch (err) {
    return stopped(err);
  }
}

/** Page `n` (from 1) of the file as a PNG at most 1600 pixels wide, drawn on the capture pool. */
export async function renderCapturePage(config: Config, file: CaptureFile, n: number): Promise<Uint8Array> {
  const kind = kindOf(file);
  try {
    const result = await capturePool(config).run({ kind: 'render', file: kind, bytes: file.bytes, n });
    return result as Uint8Array;
  } catch (err) {
    return stopped(err);
  }
}
