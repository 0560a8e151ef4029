// A received message's files to capture, stored as `reading` captures in the transaction that
// accepts the message (inbound's process.ts): the worker's read pass (read-pass.ts) then reads
// each. `(inbound_message_id, part)` is unique, so a message accepted twice (a lost lease) never
// makes two captures of one file.
import type { Tx } from '../../context.ts';
import { newId } from '../../lib/ids.ts';

/** One part of a message (or the uploaded file) to capture. */
export interface CapturablePart {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  sha256: string;
  /** The file's position among the message's attachments (0 for an upload). */
  part: number;
}

/**
 * Inserts one `reading` capture per part; answers their ids in the parts' order (the ones stored
 * before, when the message was accepted once already). `supplierKeys`: what the message tells of
 * its supplier before anything is read (the verified sender's domain).
 */
export async function insertCaptures(
  trx: Tx,
  m: { organizationId: string; messageId: string; supplierKeys: string[] },
  parts: readonly CapturablePart[],
  now: Date,
): Promise<string[]> {
  if (parts.length === 0) return [];
  await trx
    .insertInto('captures')
    .values(
      parts.map((p) => ({
        id: newId('cap'),
        organization_id: m.organizationId,
        inbound_message_id: m.messageId,
        part: p.part,
        filename: p.filename.slice(0, 255),
        content_type: p.contentType,
        sha256: p.sha256,
        bytes: p.bytes,
        status: 'reading' as const,
        supplier_keys: m.supplierKeys,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['inbound_message_id', 'part']).doNothing())
    .execute();
  const rows = await trx
    .selectFrom('captures')
    .select(['id', 'part'])
    .where('inbound_message_id', '=', m.messageId)
    .execute();
  return parts.map((p) => rows.find((r) => r.part === p.part)?.id).filter((id): id is string => !!id);
}
