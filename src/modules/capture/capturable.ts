// Which received files are captured (CONTRACT §13): a PDF the caller found no embedded e-invoice
// in, and an image (PNG, JPEG, TIFF). Decided by the file's first bytes, never by its name or the
// content type a sender chose: a zip named `invoice.pdf` is not a PDF, and a PDF sent as
// `application/octet-stream` is one. An image under 10 kB is a logo or a signature in a mail's
// footer, not an invoice, and is ignored like every other attachment.

/** Images smaller than this are a logo or a signature, not a scan (CONTRACT §13). */
export const MIN_IMAGE_BYTES = 10 * 1024;

export type CapturableKind = 'pdf' | 'image';

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0): boolean =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00]; // II*\0
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a]; // MM\0*
/** Archives: a zip holding a PDF stored uncompressed shows `%PDF-` within its first bytes too. */
const ARCHIVES = [
  [0x50, 0x4b, 0x03, 0x04], // zip (and docx, xlsx, odt)
  [0x50, 0x4b, 0x05, 0x06], // an empty zip
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // rar
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
];
/** How far into a file its `%PDF-` header may sit: PDF readers accept junk before it up to 1 KiB. */
const PDF_HEADER_WITHIN = 1024;

function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WITHIN + 5));
  return head.indexOf('%PDF-', 0, 'latin1') >= 0;
}

/**
 * What kind of capturable file this is, or null when it is not one (another kind of file, or an
 * image too small to be an invoice). `filename` and `contentType` are not trusted: only the bytes
 * decide. The caller has already looked for an embedded e-invoice in a PDF.
 */
export function capturableKind(file: {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}): CapturableKind | null {
  const { bytes } = file;
  if (startsWith(bytes, PDF)) return 'pdf';
  if (ARCHIVES.some((magic) => startsWith(bytes, magic))) return null;
  if (isPdf(bytes)) return 'pdf';
  const image =
    startsWith(bytes, PNG) ||
    startsWith(bytes, JPEG) ||
    startsWith(bytes, TIFF_LE) ||
    startsWith(bytes, TIFF_BE);
  if (!image) return null;
  return bytes.length >= MIN_IMAGE_BYTES ? 'image' : null;
}

/** The content type a capturable file is kept and served as (the bytes decide, as above). */
export function capturableContentType(bytes: Uint8Array): string {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, TIFF_LE) || startsWith(bytes, TIFF_BE)) return 'image/tiff';
  return 'application/pdf';
}
