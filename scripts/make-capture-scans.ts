// Scans of a born-digital invoice for capture's OCR tests (issue 51): the PDF's first page drawn at
// scanner resolution, turned a little, specked with dust and (for the JPEG) compressed hard, as a
// PNG, a JPEG and an image-only PDF (the JPEG on an A4 page, no text layer). Deterministic: the
// same source gives the same files. The committed fixtures (test/fixtures/capture/scans/) come
// from docex's own rendering of test/capture/read/sample-pdfs.ts's invoice:
//   node --import tsx scripts/make-capture-scans.ts [source.pdf] [out-dir]
// With a source PDF given (say one of cap-extract's corpus in test/fixtures/capture/) it scans that.
// bench/capture-scans.ts scans corpus pages with `scanPage` for the OCR accuracy figures.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { openPdf } from '../src/modules/capture/read/pdfjs.ts';
import { renderPdfPage } from '../src/modules/capture/read/render-pdf.ts';
import { docexInvoicePdf } from '../test/capture/read/sample-pdfs.ts';
import { rng } from '../test/helpers/rng.ts';

export interface Scan {
  dpi: number;
  degrees: number;
  /** Dark specks per million pixels. */
  specks: number;
  /** Shades of grey each pixel is darkened by at random (the paper, the uneven light); 0: none. */
  grain: number;
  seed: number;
}

interface ScannedPage {
  gray: Buffer;
  width: number;
  height: number;
}

/** Page `n` (from 1) as an 8-bit grayscale scan: drawn at `dpi`, turned, specked. */
export async function scanPage(pdf: Uint8Array, scan: Scan, n = 1): Promise<ScannedPage> {
  const doc = await openPdf(pdf);
  const page = await doc.getPage(n);
  const px = await renderPdfPage(doc, page, scan.dpi, 40_000_000);
  await doc.destroy();
  const { data, info } = await sharp(px.data, { raw: { width: px.width, height: px.height, channels: 4 } })
    .grayscale()
    .rotate(scan.degrees, { background: '#ffffff' })
    // A scanner's slight blur.
    .blur(0.6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const gray = Buffer.from(data.buffer, data.byteOffset, info.width * info.height);
  const random = rng(scan.seed);
  const count = Math.round((scan.specks * gray.length) / 1_000_000);
  for (let i = 0; i < count; i++) {
    const at = Math.floor(random() * gray.length);
    const size = 1 + Math.floor(random() * 2);
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) gray[at + dx + dy * info.width] = 40;
  }
  if (scan.grain > 0) {
    for (let i = 0; i < gray.length; i++)
      gray[i] = Math.max(0, (gray[i] ?? 255) - Math.floor(random() * scan.grain));
  }
  return { gray, width: info.width, height: info.height };
}

/** The scan as a sharp image that says its resolution (JPEG's and PNG's density). */
export function scanImage(s: ScannedPage, dpi: number) {
  return sharp(s.gray, { raw: { width: s.width, height: s.height, channels: 1 } }).withMetadata({
    density: dpi,
  });
}

async function main(): Promise<void> {
  const [source, out = 'test/fixtures/capture/scans'] = process.argv.slice(2);
  const pdf = source ? new Uint8Array(readFileSync(source)) : await docexInvoicePdf();
  mkdirSync(out, { recursive: true });

  // A JPEG at 200 dpi, turned 1.5 degrees, quality 45: an office scanner's "email" setting.
  const jpegScan = await scanPage(pdf, { dpi: 200, degrees: 1.5, specks: 60, grain: 24, seed: 51 });
  const jpeg = await scanImage(jpegScan, 200).jpeg({ quality: 45, mozjpeg: true }).toBuffer();
  writeFileSync(join(out, 'invoice-200dpi.jpg'), jpeg);

  // A PNG at 150 dpi, turned the other way, in 16 shades: small as PNGs of scans go.
  const pngScan = await scanPage(pdf, { dpi: 150, degrees: -1, specks: 40, grain: 0, seed: 52 });
  const png = await scanImage(pngScan, 150)
    .png({ palette: true, colours: 16, compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(out, 'invoice-150dpi.png'), png);

  // The JPEG as the only content of an A4 page: a scanner's "scan to PDF", no text layer.
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const image = await doc.embedJpg(jpeg);
  const page = doc.addPage([595.28, 841.89]);
  page.drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  writeFileSync(join(out, 'invoice-scan.pdf'), await doc.save());

  for (const name of ['invoice-200dpi.jpg', 'invoice-150dpi.png', 'invoice-scan.pdf']) {
    console.log(`${join(out, name)}: ${readFileSync(join(out, name)).length} bytes`);
  }
}

if (process.argv[1]?.endsWith('make-capture-scans.ts')) await main();
