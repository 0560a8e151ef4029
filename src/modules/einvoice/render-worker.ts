// The render thread (worker_threads): writes e-invoices (render-einvoice.ts) for the main thread,
// one job at a time, so a heavy Factur-X page or a large UBL file never holds the event loop that
// serves every other request. The main thread's side, with the time limit and the queue, is
// render-pool.ts.
import { parentPort } from 'node:worker_threads';
import { ApiError, type ErrorCode } from '../../lib/errors.ts';
import type { ExportSource } from './build-model.ts';
import { type EInvoiceFormat, renderEInvoice } from './render-einvoice.ts';

export interface RenderRequest {
  id: number;
  source: ExportSource;
  format: EInvoiceFormat;
}

/** An error as it crosses to the main thread: an ApiError keeps its code and details. */
export interface RenderFailure {
  code: ErrorCode | null;
  message: string;
  details?: Record<string, unknown>;
  stack?: string;
}

export type RenderReply =
  | { ready: true }
  | { ready: false; error: RenderFailure }
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; error: RenderFailure };

const port = parentPort;
if (!port) throw new Error('src/modules/einvoice/render-worker.ts runs as a worker thread');

function failure(err: unknown): RenderFailure {
  if (err instanceof ApiError) return { code: err.code, message: err.message, details: err.details };
  const e = err instanceof Error ? err : new Error(String(err));
  return { code: null, message: e.message, stack: e.stack };
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

try {
  await warmUp();
  port.postMessage({ ready: true } satisfies RenderReply);
} catch (err) {
  port.postMessage({ ready: false, error: failure(err) } satisfies RenderReply);
}

// One job at a time: the pool sends the next only after this one's answer.
port.on('message', async (req: RenderRequest) => {
  let reply: RenderReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const rendered = await renderEInvoice(req.source, req.format);
    // Handed over, not copied; a Buffer may be a slice of Node's shared pool, which must not move.
    const bytes =
      rendered.byteOffset === 0 && rendered.byteLength === rendered.buffer.byteLength
        ? rendered
        : new Uint8Array(rendered);
    transfer.push(bytes.buffer as ArrayBuffer);
    reply = { id: req.id, ok: true, bytes };
  } catch (err) {
    reply = { id: req.id, ok: false, error: failure(err) };
  }
  port.postMessage(reply, transfer);
});
