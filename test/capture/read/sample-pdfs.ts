// Born-digital PDFs from three generators for the reading tests: docex's own Factur-X renderer
// (pdfkit with embedded subset fonts), pdfkit directly with a standard font, and pdf-lib (its own
// content streams, a rotated page). Each is made in memory in a few ms, so no file is committed.

import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';
import type { ExportSource } from '../../../src/modules/einvoice/build-model.ts';
import { renderEInvoice } from '../../../src/modules/einvoice/render-einvoice.ts';

/** A two-line German invoice, as docex itself would export it. */
export const DOCEX_INVOICE: ExportSource = {
  document_type: 'invoice',
  issuer_number: 'RE-2026-0815',
  counterparty_number: null,
  currency: 'EUR',
  document_date: '2026-03-14',
  due_date: '2026-04-13',
  payment_terms: 'Zahlbar innerhalb von 30 Tagen',
  notes: null,
  external_refs: {},
  line_items: [
    {
      line_number: 1,
      description: 'Beratung Projekt Nordlicht',
      quantity: 8,
      unit_price: 120,
      tax_rate: 0.19,
      sku: null,
      discount_type: null,
      discount_value: null,
      net_amount: 960,
      tax_amount: 182.4,
    },
    {
      line_number: 2,
      description: 'Fachbuch Steuerrecht',
      quantity: 1,
      unit_price: 49.9,
      tax_rate: 0.07,
      sku: null,
      discount_type: null,
      discount_value: null,
      net_amount: 49.9,
      tax_amount: 3.49,
    },
  ],
  subtotal: '1009.90',
  tax: '185.89',
  total: '1195.79',
  issuer_profile: {
    legal_name: 'Müller Consulting GmbH',
    address: { line1: 'Hauptstraße 5', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
    vat_id: 'DE123456789',
  },
  counterparty_profile: {
    legal_name: 'Käufer AG',
    address: { line1: 'Marktplatz 1', city: 'München', postal_code: '80331', country_code: 'DE' },
  },
  preceding: null,
};

export function docexInvoicePdf(): Promise<Uint8Array> {
  return renderEInvoice(DOCEX_INVOICE, 'facturx');
}

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * pdfkit with Helvetica, A4: "Invoice number INV-77" at (72, 100) in pdfkit's top-left
 * coordinates, 12 pt; a second page with a French line; a blank third page.
 */
export function pdfkitPdf(): Promise<Uint8Array> {
  const doc = new PDFKit({ size: 'A4', margin: 0, compress: true, info: { CreationDate: new Date(0) } });
  doc.font('Helvetica').fontSize(12).text('Invoice number INV-77', 72, 100, { lineBreak: false });
  doc.text('Total due 1,234.56 EUR', 300, 400, { lineBreak: false });
  doc.addPage({ size: 'A4', margin: 0 });
  doc.fontSize(10).text('Facture n° F-2026-12 du 31 décembre 2026', 72, 72, { lineBreak: false });
  doc.addPage({ size: 'A4', margin: 0 });
  return collect(doc);
}

/**
 * pdfkit, A4: an invoice laid out with dotted leaders between its labels and values, the leaders
 * their own runs on two lines and glued to the label on a third, and a rule of dashes: more dots
 * and dashes on the page than letters and digits (the held-out (4) set's compact layout).
 */
export function pdfkitLeadersPdf(): Promise<Uint8Array> {
  const doc = new PDFKit({ size: 'A4', margin: 0, compress: true, info: { CreationDate: new Date(0) } });
  doc.font('Helvetica').fontSize(10);
  doc.text('Rechnung Nr.', 72, 100, { lineBreak: false });
  doc.text('.'.repeat(90), 140, 100, { lineBreak: false });
  doc.text('RE-1', 480, 100, { lineBreak: false });
  doc.text('Datum', 72, 115, { lineBreak: false });
  doc.text('.'.repeat(100), 110, 115, { lineBreak: false });
  doc.text('17.03.2026', 480, 115, { lineBreak: false });
  doc.text(`Summe${'.'.repeat(95)}`, 72, 130, { lineBreak: false });
  doc.text('99,00', 480, 130, { lineBreak: false });
  doc.text('-'.repeat(110), 72, 145, { lineBreak: false });
  return collect(doc);
}

/**
 * pdf-lib, US Letter: a page with "Rechnung 4711" drawn at x 50, baseline y 700 (bottom-left
 * coordinates) at 20 pt, and a second page rotated 90 degrees with a line of Dutch.
 */
export async function pdfLibPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const p1 = doc.addPage([612, 792]);
  p1.drawText('Rechnung 4711', { x: 50, y: 700, size: 20, font });
  p1.drawText('Gesamtbetrag 99,00 EUR', { x: 50, y: 650, size: 12, font });
  const p2 = doc.addPage([612, 792]);
  p2.setRotation(degrees(90));
  p2.drawText('Factuurnummer 2026-001 totaal', { x: 100, y: 100, size: 14, font });
  return doc.save({ useObjectStreams: false });
}
