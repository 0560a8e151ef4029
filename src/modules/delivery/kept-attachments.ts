// A document message's e-invoice attachments are not stored in its delivery row (CONTRACT 11.2):
// the row keeps the message with each attachment's base64 body cut out and, for each cut, where
// it goes and which kept export fills it (format and sha256). The exports (einvoice_exports) are
// immutable, so the bytes assembled at every attempt and by the message route are exactly the
// bytes of the first attempt; the digest is checked at every assembly all the same, so a changed
// file could never be sent as the same message. Storing ~100 KB of base64 in every delivery row
// (written once, read at every retry, sent through the WAL) was most of the outbox's own cost per
// message (bench/RESULTS.md, "Email delivery").
//
// The message is composed by nodemailer exactly as before, with a random marker as each
// attachment's content; the marker's base64 (one line) is cut out, and assembly writes the
// export's base64 in lines of 76 characters joined by CRLF, as nodemailer's encoder does, so an
// assembled message is byte for byte the message nodemailer composes with the files themselves
// (test/delivery/kept-attachments.test.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AttachmentSlot } from '../../db/tables/delivery.ts';
import { type EInvoiceFormat, keptFiles } from '../einvoice/export-document.ts';

/** A kept e-invoice file as the slots name it. */
export interface KeptFile {
  format: EInvoiceFormat;
  content: Buffer;
  digest: string;
}

/** The content composed in an attachment's place: 24 random bytes, one base64 line of 32 characters. */
export function attachmentMarker(): Buffer {
  return randomBytes(24);
}

/**
 * The composed message with the markers' base64 cut out, and a slot for each (markers in the order
 * of `files`). Throws if a marker is not found exactly once (a composer that wrapped or re-encoded
 * it would make the cut wrong).
 */
export function cutAttachments(
  composed: Buffer,
  cuts: Array<{ marker: Buffer; file: KeptFile }>,
): { stored: Buffer; slots: AttachmentSlot[] } {
  const found = cuts
    .map(({ marker, file }) => {
      const needle = Buffer.from(marker.toString('base64'), 'latin1');
      const at = composed.indexOf(needle);
      if (at < 0 || composed.indexOf(needle, at + 1) >= 0) {
        throw new Error('an attachment marker is not in the composed message exactly once');
      }
      return { at, length: needle.length, file };
    })
    .sort((a, b) => a.at - b.at);
  const pieces: Buffer[] = [];
  const slots: AttachmentSlot[] = [];
  let from = 0;
  let removed = 0;
  for (const f of found) {
    pieces.push(composed.subarray(from, f.at));
    slots.push({ at: f.at - removed, format: f.file.format, digest: f.file.digest });
    removed += f.length;
    from = f.at + f.length;
  }
  pieces.push(composed.subarray(from));
  return { stored: Buffer.concat(pieces), slots };
}

const LINE = 76;

/** base64 in lines of 76 characters joined by CRLF, no line break after the last (nodemailer's). */
export function base64Body(content: Buffer): Buffer {
  const b64 = Buffer.from(content.toString('base64'), 'latin1');
  const lines = Math.ceil(b64.length / LINE);
  const out = Buffer.allocUnsafe(b64.length + Math.max(0, lines - 1) * 2);
  let to = 0;
  for (let from = 0; from < b64.length; from += LINE) {
    if (from > 0) {
      out[to++] = 0x0d;
      out[to++] = 0x0a;
    }
    to += b64.copy(out, to, from, Math.min(from + LINE, b64.length));
  }
  return out;
}

/** The message's bytes: the stored ones with each slot's file written in. */
export function assembleMessage(stored: Buffer, slots: AttachmentSlot[], files: KeptFile[]): Buffer {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const slot of slots) {
    const file = files.find((f) => f.format === slot.format);
    if (!file) throw new Error(`the kept ${slot.format} file of a delivery's message is missing`);
    if (createHash('sha256').update(file.content).digest('hex') !== slot.digest) {
      throw new Error(`the kept ${slot.format} file differs from the one the message was sent with`);
    }
    pieces.push(stored.subarray(from, slot.at), base64Body(file.content));
    from = slot.at;
  }
  pieces.push(stored.subarray(from));
  return Buffer.concat(pieces);
}

/**
 * A stored message's bytes: as stored when it has no slots (every message stored before
 * migration 0045, and every message without attachments), else assembled from the kept files.
 */
export async function storedMessage(
  db: Kysely<DB>,
  documentId: string | null,
  message: Uint8Array,
  slots: AttachmentSlot[] | null,
): Promise<Buffer> {
  const stored = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  if (slots === null || slots.length === 0) return stored;
  if (documentId === null) throw new Error('a message with attachment slots but no document');
  const files = await keptFiles(
    db,
    documentId,
    slots.map((s) => s.format),
  );
  return assembleMessage(stored, slots, files);
}
