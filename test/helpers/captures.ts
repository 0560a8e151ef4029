// Captures for tests of the capture resource and its confirmation (CONTRACT §13): a row inserted
// with the fields a test states, as extraction would have handed them over, on a stored inbound
// message of the organization. Honest: these are exactly what the read pass writes.
import { createHash } from 'node:crypto';
import type { CaptureStatus } from '../../src/db/tables/capture.ts';
import type {
  CapturedValue,
  CaptureFields,
  CaptureLine,
  Confidence,
  FieldName,
  ReadPage,
} from '../../src/lib/capture-shapes.ts';
import { newId } from '../../src/lib/ids.ts';
import { FIELD_NAMES } from '../../src/modules/capture/captures.ts';
import type { TestService } from './harness.ts';

/** A value read at a place on page 1 (its box made up from its position in the list). */
export function read<T = string>(value: T, confidence: Confidence = 'high', page = 1): CapturedValue<T> {
  return { value, confidence, page, bbox: [72, 100, 200, 112], text: String(value) };
}

/** Every §13 field, null unless given. */
export function captureFields(
  given: Partial<Record<FieldName, CapturedValue<unknown> | null>> = {},
): CaptureFields {
  return Object.fromEntries(FIELD_NAMES.map((f) => [f, given[f] ?? null])) as unknown as CaptureFields;
}

/** A typical supplier invoice's fields, all read beside their labels. */
export function invoiceFields(
  over: Partial<Record<FieldName, CapturedValue<unknown> | null>> = {},
): CaptureFields {
  return captureFields({
    number: read('INV-1001'),
    issue_date: read('2026-11-02'),
    due_date: read('2026-12-02'),
    currency: read('EUR'),
    total_net: read('100.00'),
    total_tax: read('19.00'),
    total: read('119.00'),
    amount_due: read('119.00'),
    tax_breakdown: read([{ rate: '19', net: '100.00', tax: '19.00' }]),
    seller_name: read('Papier Müller GmbH'),
    seller_vat_id: read('DE123456789'),
    iban: read('DE89370400440532013000'),
    ...over,
  });
}

/** One page of words, as the reader hands it over. */
export function page(n = 1, words: string[] = ['Invoice', 'INV-1001', 'Total', '119.00']): ReadPage {
  return {
    n,
    width: 595,
    height: 842,
    method: 'text',
    words: words.map((text, i) => ({
      text,
      bbox: [72, 100 + 14 * i, 72 + 8 * text.length, 112 + 14 * i],
      confidence: 1,
    })),
  };
}

/** A small real-looking PDF header: the bytes of a capture are not read by these tests. */
export const PDF_BYTES = Buffer.from('%PDF-1.7\n% a test file\n%%EOF\n');

export interface InsertCapture {
  status?: CaptureStatus;
  fields?: CaptureFields;
  lines?: CaptureLine[];
  pages?: ReadPage[];
  bytes?: Uint8Array;
  filename?: string;
  contentType?: string;
  /** an existing message of the organization (default: a new `upload` message) */
  messageId?: string;
  part?: number;
  createdAt?: Date;
  supplierKeys?: string[];
  documentId?: string | null;
  duplicateOf?: string | null;
}

/** A stored `upload` message of the organization, processed, as captured files leave it. */
export async function insertCapturedMessage(
  svc: TestService,
  organizationId: string,
  status: 'processing' | 'needs_review' = 'processing',
): Promise<string> {
  const id = newId('inm');
  const now = svc.ctx.clock.now();
  await svc.ctx.db
    .insertInto('inbound_messages')
    .values({
      id,
      organization_id: organizationId,
      channel: 'upload',
      envelope_from: null,
      from_address: null,
      subject: null,
      message_id: null,
      filename: 'scan.pdf',
      raw: PDF_BYTES,
      size: PDF_BYTES.length,
      sha256: createHash('sha256').update(PDF_BYTES).digest('hex'),
      status,
      received_at: now,
      processed_at: now,
    })
    .execute();
  return id;
}

/** Inserts a capture (default: `needs_review` with invoiceFields and one page). */
export async function insertCapture(
  svc: TestService,
  organizationId: string,
  o: InsertCapture = {},
): Promise<{ id: string; messageId: string }> {
  const status = o.status ?? 'needs_review';
  const messageId =
    o.messageId ??
    (await insertCapturedMessage(svc, organizationId, status === 'reading' ? 'processing' : 'needs_review'));
  const bytes = o.bytes ?? PDF_BYTES;
  const pages = o.pages ?? [page(1)];
  const id = newId('cap');
  const reading = status === 'reading';
  await svc.ctx.db
    .insertInto('captures')
    .values({
      id,
      organization_id: organizationId,
      inbound_message_id: messageId,
      part: o.part ?? 0,
      filename: o.filename ?? 'scan.pdf',
      content_type: o.contentType ?? 'application/pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      status,
      ...(reading
        ? {}
        : {
            pages: pages.length,
            method: 'text' as const,
            read_pages: JSON.stringify(pages),
            fields: JSON.stringify(o.fields ?? invoiceFields()),
            lines: JSON.stringify(o.lines ?? []),
            read_at: o.createdAt ?? svc.ctx.clock.now(),
          }),
      supplier_keys: o.supplierKeys ?? [],
      document_id: o.documentId ?? null,
      duplicate_of: o.duplicateOf ?? null,
      created_at: o.createdAt ?? svc.ctx.clock.now(),
    })
    .execute();
  return { id, messageId };
}
