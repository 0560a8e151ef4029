// A received message's files to capture, stored as `reading` captures in the transaction that
// accepts the message (inbound's process.ts): the worker's read pass (read-pass.ts) then reads
// each. `(inbound_message_id, part)` is unique, so a message accepted twice (a lost lease) never
// makes two captures of one file.
//
// The same file twice (docs/capture.md "The same file twice"): a file whose bytes (sha256) are
// those of a capture of the same organization that is not `rejected` (being read, waiting for
// review, confirmed, or a duplicate) makes no second capture: the message repeats that one. The
// caller holds the organization's inbound lock (process.ts), so two messages of the same file
// accepted at once take turns and the second sees the first's capture. A rejected capture does not
// count: sending a file again after it was rejected (or after the reader refused it, OCR off, say)
// is asking for it to be read again.
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
  /** Why the file is captured rather than read as its embedded e-invoice, in words (CONTRACT 11.5). */
  notes?: string[];
}

/** What the message's files came to: every capture they are read into, and which of them are another message's. */
export interface StoredCaptures {
  /** In the parts' order, each once: the message's own captures and the ones it repeats. */
  captureIds: string[];
  /** The captures of other messages this one's files repeat (the same bytes). */
  repeats: string[];
}

/**
 * Inserts one `reading` capture per part not seen before; answers the captures in the parts'
 * order (the ones stored before, when the message was accepted once already). `supplierKeys`: what
 * the message tells of its supplier before anything is read (the verified sender's domain). A part
 * that is the message's own bytes (an upload's file: the same sha256 as `messageSha256`) is stored
 * by reference, its bytes null (migration 0059; captures.ts captureBytes reads it back).
 */
export async function insertCaptures(
  trx: Tx,
  m: { organizationId: string; messageId: string; messageSha256: string; supplierKeys: string[] },
  parts: readonly CapturablePart[],
  now: Date,
): Promise<StoredCaptures> {
  if (parts.length === 0) return { captureIds: [], repeats: [] };
  // this message's own (accepted once already), and the organization's open captures of these bytes
  const known = await trx
    .selectFrom('captures')
    .select(['id', 'inbound_message_id', 'part', 'sha256'])
    .where('organization_id', '=', m.organizationId)
    .where((eb) =>
      eb.or([
        eb('inbound_message_id', '=', m.messageId),
        eb.and([
          eb('sha256', 'in', [...new Set(parts.map((p) => p.sha256))]),
          eb('status', '!=', 'rejected'),
        ]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const captureIds: string[] = [];
  const repeats: string[] = [];
  const fresh: { id: string; part: CapturablePart }[] = [];
  for (const p of parts) {
    const own = known.find((k) => k.inbound_message_id === m.messageId && k.part === p.part);
    const earlier = known.find((k) => k.inbound_message_id !== m.messageId && k.sha256 === p.sha256);
    // the same file twice in this message: its first part's capture
    const sibling = fresh.find((f) => f.part.sha256 === p.sha256);
    let id: string;
    if (own) id = own.id;
    else if (earlier) {
      id = earlier.id;
      if (!repeats.includes(id)) repeats.push(id);
    } else if (sibling) id = sibling.id;
    else {
      id = newId('cap');
      fresh.push({ id, part: p });
    }
    if (!captureIds.includes(id)) captureIds.push(id);
  }
  if (fresh.length > 0) {
    await trx
      .insertInto('captures')
      .values(
        fresh.map(({ id, part: p }) => ({
          id,
          organization_id: m.organizationId,
          inbound_message_id: m.messageId,
          part: p.part,
          filename: p.filename.slice(0, 255),
          content_type: p.contentType,
          sha256: p.sha256,
          bytes: p.sha256 === m.messageSha256 ? null : p.bytes,
          status: 'reading' as const,
          supplier_keys: m.supplierKeys,
          notes: p.notes ?? [],
          created_at: now,
        })),
      )
      .execute();
  }
  return { captureIds, repeats };
}
