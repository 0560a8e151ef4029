// The render thread (worker_threads): writes e-invoices (render-einvoice.ts) for the main thread,
// one job at a time, so a heavy Factur-X page or a large UBL file never holds the event loop that
// serves every other request. The main thread's side, with the time limit and the queue, is
// render-pool.ts.
import { type JobAnswer, ownBuffer, serveJobs } from '../../lib/thread-jobs.ts';
import type { ExportSource } from './build-model.ts';
import { type EInvoiceFormat, renderEInvoice } from './render-einvoice.ts';

export interface RenderRequest {
  source: ExportSource;
  format: EInvoiceFormat;
}

/** A small invoice rendered once before the thread says it is ready (see warmUp). */
const WARM_UP: ExportSource = {
  document_type: 'invoice',
  issuer_number: 'INV-000001',
  counterparty_number: null,
  currency: 'EUR',
  document_date: '2026-01-01',
  due_date: null,
  payment_terms: null,
  notes: 'Warm-up',
  external_refs: {},
  line_items: [
    {
      line_number: 1,
      description: 'Warm-up',
      quantity: 1,
      unit_price: 10,
      tax_rate: 0.19,
      sku: null,
      discount_type: null,
      discount_value: null,
      net_amount: 10,
      tax_amount: 1.9,
    },
  ],
  subtotal: '10.00',
  tax: '1.90',
  total: '11.90',
  issuer_profile: {
    legal_name: 'Seller',
    address: { line1: 'Street 1', city: 'City', postal_code: '12345', country_code: 'DE' },
    vat_id: 'DE123456789',
  },
  counterparty_profile: {
    legal_name: 'Buyer',
    address: { line1: 'Street 1', city: 'City', postal_code: '12345', country_code: 'FR' },
  },
  preceding: null,
};

/**
 * Loads pdfkit, xmlbuilder2 and the fonts, and compiles the hot paths, before the first job: the
 * pool's time limit then measures a job's own work, not the thread's start.
 */
async function warmUp(): Promise<void> {
  await renderEInvoice(WARM_UP, 'facturx');
  await renderEInvoice(WARM_UP, 'ubl');
}

async function render(req: RenderRequest): Promise<JobAnswer<Uint8Array>> {
  const rendered = await renderEInvoice(req.source, req.format);
  // Handed over, not copied; a Buffer may be a slice of Node's shared pool, which must not move.
  const bytes = ownBuffer(rendered);
  return { result: bytes, transfer: [bytes.buffer as ArrayBuffer] };
}

await serveJobs('src/modules/einvoice/render-worker.ts', render, warmUp);
