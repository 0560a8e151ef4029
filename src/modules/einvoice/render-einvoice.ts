// An export's bytes from the document's rows: the EN 16931 model (build-model.ts), then UBL, CII,
// or the Factur-X PDF with the CII inside. Pure: the same source gives the same bytes in any
// thread or process. The service runs it on the render thread (render-worker.ts, through
// render-pool.ts), never on the main thread, whose event loop serves every other request.

import { pdfLayoutOf } from '../../lib/pdf-layout.ts';
import { buildEInvoice, type ExportSource } from './build-model.ts';
import { writeCii } from './cii-writer.ts';
import { renderFacturX } from './facturx-pdf.ts';
import { writeUbl } from './ubl-writer.ts';
import { loadXmlTree } from './xml-tree.ts';

export const EINVOICE_FORMATS = ['ubl', 'cii', 'facturx'] as const;
export type EInvoiceFormat = (typeof EINVOICE_FORMATS)[number];

/** The file's bytes; throws einvoice_incomplete (ApiError) when a party lacks a term a rule needs. */
export async function renderEInvoice(source: ExportSource, format: EInvoiceFormat): Promise<Uint8Array> {
  await loadXmlTree();
  const model = buildEInvoice(source);
  if (format === 'ubl') return Buffer.from(writeUbl(model), 'utf8');
  const cii = writeCii(model);
  if (format === 'cii') return Buffer.from(cii, 'utf8');
  return renderFacturX(model, cii, pdfLayoutOf(source.pdf_layout));
}
