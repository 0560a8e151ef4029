// Captures as extraction hands them over (CONTRACT 13), inserted directly: a stored inbound
// message (an upload's file, or a mail) and a capture row with the given fields, so that
// confirmation is tested on the values it receives, whatever reading and extraction produce.
import { createHash, randomBytes } from 'node:crypto';
import type { CaptureStatus } from '../../src/db/tables/capture.ts';
import type {
  CapturedValue,
  CaptureFields,
  CaptureLine,
  FieldName,
  ReadPage,
  TaxBreakdownRow,
} from '../../src/lib/capture-shapes.ts';
import { FIELD_NAMES } from '../../src/modules/capture/confirm-fields.ts';
import { storeMessage } from '../../src/modules/inbound/messages.ts';
import type { TestService } from './harness.ts';

type Given = string | TaxBreakdownRow[] | { value: string | TaxBreakdownRow[]; confidence: 'high' | 'low' };

export interface CaptureRowInput {
  organizationId: string;
  /** each field's value, `high` unless given as {value, confidence} */
  fields: Partial<Record<FieldName, Given>>;
  lines?: CaptureLine[];
  channel?: 'upload' | 'email';
  /** the mail's From (channel email) */
  from?: string;
  status?: CaptureStatus;
  file?: { bytes: Buffer; filename: string; contentType: string };
  supplierKeys?: string[];
  readPages?: ReadPage[];
  /** an existing message to add the capture to (its next part) */
  messageId?: string;
}

/** A one-page PDF's bytes (the file itself is not read again by confirmation). */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

function fieldsOf(given: CaptureRowInput['fields']): CaptureFields {
  const out = {} as Record<FieldName, CapturedValue<unknown> | null>;
  for (const name of FIELD_NAMES) {
    const g = given[name];
    if (g === undefined) {
      out[name] = null;
      continue;
    }
    const { value, confidence } =
      typeof g === 'object' && !Array.isArray(g) ? g : { value: g, confidence: 'high' as const };
    out[name] = { value, confidence, page: 1, bbox: [10, 20, 110, 32], text: JSON.stringify(value) };
  }
  return out as unknown as CaptureFields;
}

/** Inserts a capture (status needs_review by default) and its message; answers both ids. */
export async function insertCapture(
  svc: TestService,
  input: CaptureRowInput,
): Promise<{ captureId: string; messageId: string }> {
  const db = svc.ctx.db;
  const now = svc.ctx.clock.now();
  const file = input.file ?? { bytes: PDF_BYTES, filename: 'invoice.pdf', contentType: 'application/pdf' };
  const channel = input.channel ?? 'upload';
  let messageId = input.messageId;
  if (messageId === undefined) {
    const raw =
      channel === 'email'
        ? Buffer.from(
            `From: ${input.from ?? 'billing@supplier.test'}\r\nTo: ap@inbound.docex.test\r\nSubject: Invoice\r\nMessage-ID: <${randomBytes(6).toString('hex')}@supplier.test>\r\n\r\nattached\r\n`,
          )
        : file.bytes;
    [messageId] = await storeMessage(db, {
      organizationIds: [input.organizationId],
      channel,
      envelopeFrom: channel === 'email' ? (input.from ?? 'billing@supplier.test') : null,
      filename: channel === 'upload' ? file.filename : null,
      raw,
      headers: {
        from: channel === 'email' ? (input.from ?? 'billing@supplier.test') : null,
        subject: null,
        messageId: null,
      },
      now,
    });
    await db
      .updateTable('inbound_messages')
      .set({ status: 'needs_review', processed_at: now })
      .where('id', '=', messageId!)
      .execute();
  }
  const part = Number(
    (
      await db
        .selectFrom('captures')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('inbound_message_id', '=', messageId!)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const captureId = `cap_${randomBytes(11).toString('hex')}`;
  await db
    .insertInto('captures')
    .values({
      id: captureId,
      organization_id: input.organizationId,
      inbound_message_id: messageId!,
      part,
      filename: file.filename,
      content_type: file.contentType,
      sha256: sha256(file.bytes),
      bytes: file.bytes,
      status: input.status ?? 'needs_review',
      read_pages: input.readPages ? JSON.stringify(input.readPages) : null,
      fields: JSON.stringify(fieldsOf(input.fields)),
      lines: JSON.stringify(input.lines ?? []),
      supplier_keys: input.supplierKeys ?? [],
      created_at: now,
    })
    .execute();
  return { captureId, messageId: messageId! };
}
