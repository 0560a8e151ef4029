// PNG, JPEG and TIFF files (a TIFF's frames are its pages) through sharp (libvips), bounded before
// anything is decoded: the header's size is checked against MAX_IMAGE_PIXELS, and sharp itself
// refuses to decode past the same limit, so a 30,000 x 30,000 image or a PNG that inflates to
// gigabytes is refused with a reason, never decoded. EXIF orientation is applied (a phone photo
// taken sideways), so a page's size and its words' boxes are those of the image as it is seen.

import type { Turn } from '../../../lib/capture-shapes.ts';
import { ApiError } from '../../../lib/errors.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';

type Sharp = typeof import('sharp')['default'];

/** 50 megapixels: an A4 page scanned at 600 dpi is 35. Above it a file is refused. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** A page is read by OCR at most this large (A4 at 300 dpi is 8.7 MP); larger is scaled down. */
const MAX_OCR_PIXELS = 12_000_000;
/**
 * A page whose longer side is under this many pixels is scaled up for OCR (at most twice): A4 at
 * 280 dpi. tesseract reads best at about 300 dpi. 2000 until 1.19.17: twelve unseen pages scanned
 * at 150 dpi read 2 more dates and totals scaled to this (of 36 numbers, dates and totals), the
 * scan bench's 31 scans under 300 dpi 4 more and 2 fewer; 2900 and 2600 read fewer than this
 * (docs/capture.md "Scans made harder").
 */
const MIN_OCR_LONG_SIDE = 3300;

const sharpModule = lazyModule<Sharp>('sharp', async () => {
  const sharp = (await import('sharp')).default;
  // One libvips thread per capture thread (the pool decides the parallelism) and no cache of
  // decoded images between files: another tenant's pixels never stay in memory.
  sharp.concurrency(1);
  sharp.cache(false);
  return sharp;
});

export function loadSharp(): Promise<Sharp> {
  return sharpModule.load();
}

/** The name libvips gives its worker threads (what /proc/self/task/<tid>/comm says). */
export const LIBVIPS_THREADS = 'libvips worker';

/** A small image through libvips, so that its worker threads exist before the first file. */
export async function startSharpThreads(): Promise<void> {
  const sharp = await loadSharp();
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}

export type ImageFormat = 'png' | 'jpeg' | 'tiff';

export interface ImageInfo {
  format: ImageFormat;
  /** Frames of a TIFF; 1 otherwise. */
  pages: number;
}

function refuse(message: string, reason: string): ApiError {
  return new ApiError('invalid_request', message, { reason });
}

function megapixels(n: number): string {
  return `${Math.round(n / 100_000) / 10} megapixels`;
}

/** The image's format and page count from its header; refuses what docex does not read. */
export async function imageInfo(bytes: Uint8Array): Promise<ImageInfo> {
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>;
  try {
    meta = await header(sharp, bytes, 0);
  } catch (err) {
    throw refuse(`This image cannot be read: ${(err as Error).message}.`, 'unreadable_image');
  }
  const format = meta.format;
  if (format !== 'png' && format !== 'jpeg' && format !== 'tiff') {
    throw refuse(
      `This image is ${meta.format ?? 'of an unknown format'}; docex reads PNG, JPEG and TIFF.`,
      'unsupported_image',
    );
  }
  checkSize(meta.width, meta.height, 1);
  return { format, pages: Math.max(1, meta.pages ?? 1) };
}

/**
 * The header of page `index`: metadata() reads no pixels, so it takes no pixel limit (with one,
 * sharp answers a bare "exceeds pixel limit"; checkSize says it in words).
 */
function header(sharp: Sharp, bytes: Uint8Array, index: number) {
  return sharp(bytes, { page: index, limitInputPixels: false }).metadata();
}

function checkSize(width: number | undefined, height: number | undefined, page: number): void {
  const pixels = (width ?? 0) * (height ?? 0);
  if (!(pixels > 0))
    throw refuse(`Page ${page} of this image has no size docex can read.`, 'unreadable_image');
  if (pixels > MAX_IMAGE_PIXELS) {
    throw refuse(
      `Page ${page} of this image is ${width} x ${height} pixels (${megapixels(pixels)}); docex reads images up to ${megapixels(MAX_IMAGE_PIXELS)}, so it was not decoded.`,
      'image_too_large',
    );
  }
}

/** One page of an image, ready for OCR: a grayscale PNG and how it relates to the page as seen. */
export interface OcrImage {
  png: Uint8Array;
  /** The pixels handed to OCR. */
  width: number;
  height: number;
  /** The page as seen (EXIF orientation applied), in its own pixels: its words' units. */
  pageWidth: number;
  pageHeight: number;
  /** OCR pixels per page pixel. */
  scale: number;
  /** The resolution the page was scanned at, as its header says (else 300), times `scale`. */
  dpi: number;
}

/** Page `index` (0-based) of the image, decoded within the pixel limit. */
export async function ocrImage(bytes: Uint8Array, index: number): Promise<OcrImage> {
  const sharp = await loadSharp();
  const open = () => sharp(bytes, { page: index, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  try {
    const meta = await header(sharp, bytes, index);
    checkSize(meta.width, meta.height, index + 1);
    const turned = (meta.orientation ?? 1) >= 5;
    const pageWidth = (turned ? meta.height : meta.width) ?? 0;
    const pageHeight = (turned ? meta.width : meta.height) ?? 0;
    const pixels = pageWidth * pageHeight;
    const longSide = Math.max(pageWidth, pageHeight);
    let scale = 1;
    if (pixels > MAX_OCR_PIXELS) scale = Math.sqrt(MAX_OCR_PIXELS / pixels);
    else if (longSide < MIN_OCR_LONG_SIDE) scale = Math.min(2, MIN_OCR_LONG_SIDE / longSide);
    const width = Math.max(1, Math.round(pageWidth * scale));
    const height = Math.max(1, Math.round(pageHeight * scale));
    let pipeline = open().rotate().grayscale();
    if (scale !== 1)
      pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: scale > 1 ? 'cubic' : 'lanczos3' });
    const png = await pipeline.png({ compressionLevel: 1 }).toBuffer();
    const density = meta.density && meta.density >= 70 && meta.density <= 1200 ? meta.density : 300;
    return { png, width, height, pageWidth, pageHeight, scale, dpi: density * scale };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw refuse(
      `Page ${index + 1} of this image cannot be decoded: ${(err as Error).message}.`,
      'unreadable_image',
    );
  }
}

/**
 * Page `index` of the image as a PNG at most `maxWidth` pixels wide, for a person to look at: as
 * seen (EXIF orientation), then turned `turn` degrees clockwise as OCR read it upright (upright.ts).
 */
export async function imagePagePng(
  bytes: Uint8Array,
  index: number,
  maxWidth: number,
  turn: Turn = 0,
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  try {
    const meta = await header(sharp, bytes, index);
    checkSize(meta.width, meta.height, index + 1);
    return await sharp(bytes, { page: index, limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .rotate(turn)
      .resize({ width: maxWidth, withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw refuse(
      `Page ${index + 1} of this image cannot be decoded: ${(err as Error).message}.`,
      'unreadable_image',
    );
  }
}

/**
 * RGBA pixels (a rendered PDF page) as a grayscale PNG for OCR, or a PNG to look at, turned `turn`
 * degrees clockwise (a page OCR read upright that way: upright.ts).
 */
export async function pixelsToPng(
  px: { data: Uint8Array; width: number; height: number },
  opts: { grayscale: boolean; turn?: Turn },
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const img = sharp(px.data, {
    raw: { width: px.width, height: px.height, channels: 4 },
    limitInputPixels: MAX_IMAGE_PIXELS,
  }).rotate(opts.turn ?? 0);
  return (opts.grayscale ? img.grayscale() : img)
    .png({ compressionLevel: opts.grayscale ? 1 : 6 })
    .toBuffer();
}

/** A grayscale PNG for OCR turned `turn` degrees clockwise (upright.ts tries a page's turns). */
export async function turnPng(png: Uint8Array, turn: Turn): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return sharp(png, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate(turn)
    .png({ compressionLevel: 1 })
    .toBuffer();
}
