// A PDF page drawn as pixels (pdf.js onto @napi-rs/canvas): for OCR when the page has no text
// layer, and for the review page's image. The size is bounded whatever the page claims: a page
// may declare a MediaBox of 200 inches, and its pixels would then be gigabytes.
import type { PdfDocument, PdfPage } from './pdfjs.ts';

/** pdf.js's own canvas maker: its @napi-rs/canvas, whose Path2D its drawing code hands over. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: unknown; context: CanvasContext };
  destroy(target: { canvas: unknown; context: CanvasContext }): void;
}
interface CanvasContext {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}

/** A page's pixels: 8-bit RGBA, row by row, and how many pixels make one PDF point. */
export interface PagePixels {
  data: Uint8Array;
  width: number;
  height: number;
  /** Pixels per point (dpi / 72), after the pixel bound. */
  scale: number;
}

/**
 * The page at `dpi` (within `maxPixels` in all: the scale is lowered to fit), on white. The page's
 * /Rotate is applied, so the pixels are the page as shown and its words' boxes (in points, top-left
 * origin) map to pixels by `scale`.
 */
export async function renderPdfPage(
  doc: PdfDocument,
  page: PdfPage,
  dpi: number,
  maxPixels: number,
): Promise<PagePixels> {
  const unit = page.getViewport({ scale: 1 });
  const wanted = dpi / 72;
  const fit = Math.sqrt(maxPixels / Math.max(unit.width * unit.height, 1));
  const scale = Math.min(wanted, fit);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  // The canvas comes from pdf.js's own factory: pdf.js draws with Path2D objects of the
  // @napi-rs/canvas it loaded itself, which another copy of the package refuses.
  const factory = doc.canvasFactory as CanvasFactory;
  const target = factory.create(width, height);
  try {
    target.context.fillStyle = '#ffffff';
    target.context.fillRect(0, 0, width, height);
    type RenderCanvas = Parameters<PdfPage['render']>[0]['canvas'];
    await page.render({ canvas: target.canvas as RenderCanvas, viewport, background: '#ffffff' }).promise;
    const image = target.context.getImageData(0, 0, width, height);
    return {
      data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      width,
      height,
      scale,
    };
  } finally {
    factory.destroy(target);
  }
}
