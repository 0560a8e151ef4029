// The worker's first step on a stored message (CONTRACT 11.5): the MIME tree parsed with
// mailparser, and every attachment (or a bare XML body) that is a UBL or CII invoice or credit
// note, or a PDF embedding one (factur-x.xml, zugferd-invoice.xml, xrechnung.xml), read with the
// §9 import's reader. What is not an e-invoice is named in `reasons`, in words. Bounded: at most
// MAX_PARTS attachments and 1 MiB of XML each (§9), a PDF of at most the message's size.
//
// mailparser and pdf-lib load at the first message read, not when the service starts: most
// processes (and every test file's service) never read one, and the two with their dependencies
// are ~190 modules to load (test/service/lazy-modules).
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { ParsedMail } from 'mailparser';
import type { PDFDict, PDFRawStream as PDFRawStreamT } from 'pdf-lib';
import { ApiError } from '../../lib/errors.ts';
import { capturableContentType, capturableKind } from '../capture/capturable.ts';
import type { CapturablePart } from '../capture/store.ts';
import { readFile } from '../einvoice/import-document.ts';
import type { ImportedInvoice } from '../einvoice/import-model.ts';

/** Attachments read per message: a supplier sends one or a few; more is refused as a whole. */
export const MAX_PARTS = 100;
/** §9: an e-invoice file is at most 1 MiB. */
const MAX_XML_BYTES = 1024 * 1024;
/** The embedded files a PDF may carry the invoice as (Factur-X, ZUGFeRD 2, XRechnung in a PDF). */
const EMBEDDED_NAMES = new Set(['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml']);

export interface FoundEInvoice {
  /** The file's name as sent (for a PDF: the PDF's), or `body.xml` for a bare XML body. */
  filename: string;
  contentType: string;
  /** The file as received (for a PDF: the PDF), kept as the document's attachment. */
  bytes: Buffer;
  sha256: string;
  format: 'ubl' | 'cii';
  invoice: ImportedInvoice;
  /** its position among the message's attachments */
  part: number;
  /** For a PDF: the embedded file the invoice was read from (`factur-x.xml`). */
  embedded?: string;
}

export interface ReadMessage {
  found: FoundEInvoice[];
  /**
   * The files to capture (CONTRACT §13): PDFs without an embedded e-invoice, and images (PNG,
   * JPEG, TIFF) of 10 kB or more. They are read by the worker's capture pass, not here.
   */
  capturable: CapturablePart[];
  /** Why each part that was not read is not an e-invoice (and why nothing was, when none was). */
  reasons: string[];
}

function reasonOf(err: unknown): string {
  if (err instanceof ApiError) {
    const errors = (err.details?.errors as { message?: string }[] | undefined) ?? [];
    const listed = errors.map((e) => e.message).filter((m): m is string => typeof m === 'string');
    return listed.length > 0 && !listed.every((m) => err.message.includes(m))
      ? `${err.message} ${listed.join('; ')}`
      : err.message;
  }
  return 'it could not be read';
}

/** The embedded file, once past the limit: what inflating it stopped at. */
function tooLarge(): never {
  throw new ApiError(
    'invalid_request',
    'The embedded e-invoice is larger than 1 MiB when uncompressed: docex stopped inflating it at that limit.',
  );
}

async function readXml(bytes: Buffer): Promise<{ format: 'ubl' | 'cii'; invoice: ImportedInvoice }> {
  if (bytes.length > MAX_XML_BYTES)
    throw new ApiError('invalid_request', 'The XML file is larger than 1 MiB.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError('invalid_request', 'The file is not UTF-8 text.');
  }
  return readFile(text, undefined);
}

/** The embedded file of a PDF named as Factur-X/ZUGFeRD/XRechnung name it, or null. */
export async function embeddedInvoiceXml(pdf: Buffer): Promise<{ name: string; bytes: Buffer } | null> {
  const {
    decodePDFRawStream,
    PDFArray,
    PDFDict,
    PDFDocument,
    PDFHexString,
    PDFName,
    PDFRawStream,
    PDFString,
  } = await import('pdf-lib');
  /** The stream's filters, in decoding order ([] for none); null when they are not names. */
  const filterNames = (f: unknown): string[] | null => {
    if (f === undefined) return [];
    if (f instanceof PDFName) return [f.decodeText()];
    if (!(f instanceof PDFArray)) return null;
    const out: string[] = [];
    for (let i = 0; i < f.size(); i++) {
      const n = f.lookup(i);
      if (!(n instanceof PDFName)) return null;
      out.push(n.decodeText());
    }
    return out;
  };
  /**
   * The embedded file's bytes, never more than MAX_XML_BYTES + 1 of them decoded (issue 47: a
   * flate bomb was inflated whole before the size check, 1.3 GB and 10 s). FlateDecode goes
   * through zlib, which stops at maxOutputLength (pdf-lib's own inflate decodes a whole deflate
   * block at a time, and one block can hold the whole bomb); the other filters (ASCIIHex,
   * ASCII85, LZW, RunLength) decode a bounded block at a time in pdf-lib, read up to the limit.
   */
  const decodeBounded = (stream: PDFRawStreamT, filters: string[] | null): Buffer => {
    if (filters === null) throw new ApiError('invalid_request', 'The embedded file has a malformed /Filter.');
    const params = stream.dict.lookup(PDFName.of('DecodeParms'));
    if (filters.length === 1 && filters[0] === 'FlateDecode' && params === undefined) {
      try {
        return inflateSync(stream.contents, { maxOutputLength: MAX_XML_BYTES + 1 });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge();
        throw new ApiError('invalid_request', 'The embedded file is not valid FlateDecode data.');
      }
    }
    if (filters.includes('FlateDecode')) {
      throw new ApiError(
        'invalid_request',
        `The embedded file's filters (${filters.join(', ')}) are not read by docex: Factur-X writers use FlateDecode alone.`,
      );
    }
    return Buffer.from(decodePDFRawStream(stream).getBytes(MAX_XML_BYTES + 1));
  };
  const pdfText = (o: unknown): string | null =>
    o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : null;
  const doc = await PDFDocument.load(pdf, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const embedded = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!embedded) return null;
  // the name tree: a Names array at this node, or Kids (one level is what writers produce; a few
  // levels are followed, never a cycle)
  const queue: PDFDict[] = [embedded];
  for (let visited = 0; queue.length > 0 && visited < 64; visited++) {
    const node = queue.shift() as PDFDict;
    const list = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    if (list) {
      for (let i = 0; i + 1 < list.size(); i += 2) {
        const name = pdfText(list.lookup(i));
        const spec = list.lookupMaybe(i + 1, PDFDict);
        if (name === null || !spec || !EMBEDDED_NAMES.has(name.toLowerCase())) continue;
        const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
        if (!(stream instanceof PDFRawStream)) continue;
        return { name, bytes: decodeBounded(stream, filterNames(stream.dict.lookup(PDFName.of('Filter')))) };
      }
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    if (kids)
      for (let i = 0; i < kids.size(); i++) {
        const kid = kids.lookupMaybe(i, PDFDict);
        if (kid) queue.push(kid);
      }
  }
  return null;
}

const isPdf = (contentType: string, filename: string, bytes: Buffer) =>
  contentType === 'application/pdf' ||
  /\.pdf$/i.test(filename) ||
  bytes.subarray(0, 5).toString('latin1') === '%PDF-';
const isXml = (contentType: string, filename: string) =>
  /[/+]xml$/i.test(contentType) || /\.xml$/i.test(filename);

interface Candidate {
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** its position among the message's attachments */
  part: number;
}

/** The note of a PDF captured because its embedded e-invoice was refused (CONTRACT 11.5). */
const insteadNote = (embedded: string, why: string) =>
  `The embedded e-invoice ${embedded} was not used: ${why.replace(/^[A-Z](?=[a-z ])/, (ch) => ch.toLowerCase()).replace(/[.!?]$/, '')}; the PDF's pages were read instead.`;

/**
 * A PDF whose embedded e-invoice a rule refused once read (EN 16931's calculation rules, a term
 * beyond docex's limits), kept to capture with the refusal as its note; false when it cannot be.
 */
export function captureInstead(f: FoundEInvoice, why: string, read: ReadMessage): boolean {
  if (f.embedded === undefined) return false;
  return captured(f, read, insteadNote(f.embedded, why));
}

/**
 * Kept to capture, when its bytes say it is a PDF or an image big enough to be a scan; `note`
 * (why its embedded e-invoice was not used) goes to the capture's notes.
 */
function captured(c: Candidate, read: ReadMessage, note?: string): boolean {
  if (capturableKind(c) === null) return false;
  read.capturable.push({
    filename: c.filename,
    contentType: capturableContentType(c.bytes),
    bytes: c.bytes,
    sha256: sha256(c.bytes),
    part: c.part,
    ...(note === undefined ? {} : { notes: [note] }),
  });
  return true;
}

async function readCandidate(c: Candidate, into: ReadMessage): Promise<void> {
  const { found, reasons } = into;
  const name = JSON.stringify(c.filename.slice(0, 100));
  try {
    if (isPdf(c.contentType, c.filename, c.bytes)) {
      let xml: { name: string; bytes: Buffer } | null;
      try {
        xml = await embeddedInvoiceXml(c.bytes);
      } catch (err) {
        // an embedded e-invoice docex refuses (a bomb, unknown filters) is the file's refusal; a
        // PDF pdf-lib cannot open may still be one the capture's reader can (pdf.js is lenient)
        if (!(err instanceof ApiError) && captured(c, into)) return;
        reasons.push(err instanceof ApiError ? `${name}: ${err.message}` : `${name} is not a readable PDF.`);
        return;
      }
      if (!xml) {
        if (captured(c, into)) return;
        reasons.push(
          `${name} is a PDF without an embedded e-invoice (factur-x.xml, zugferd-invoice.xml or xrechnung.xml).`,
        );
        return;
      }
      let read: Awaited<ReturnType<typeof readXml>>;
      try {
        read = await readXml(xml.bytes);
      } catch (err) {
        // Captured instead (CONTRACT 11.5, §13; docs/capture.md "A PDF whose embedded e-invoice is
        // refused"): the file's content is what docex refuses, and the PDF has pages a person can
        // read, so it is read as a PDF without an e-invoice is, the refusal kept as a note. A PDF
        // the capture cannot take is refused with that reason.
        const why = reasonOf(err)
          .replace(/^The file /, `${xml.name} `)
          .replace(/^[A-Z](?=[a-z ])/, (ch) => ch.toLowerCase());
        const stop = /[.!?]$/.test(why) ? '' : '.';
        if (captured(c, into, insteadNote(xml.name, why))) return;
        reasons.push(
          `${name} embeds an e-invoice (${xml.name}) that docex cannot read: ${why}${stop} Ask the supplier for a corrected file.`,
        );
        return;
      }
      found.push({ ...c, sha256: sha256(c.bytes), ...read, embedded: xml.name });
    } else if (isXml(c.contentType, c.filename)) {
      const read = await readXml(c.bytes);
      found.push({ ...c, sha256: sha256(c.bytes), ...read });
    } else if (!captured(c, into)) {
      reasons.push(
        `${name} (${c.contentType}) is not an e-invoice: docex reads UBL and CII XML files and Factur-X PDFs, and captures other PDFs and scans (PNG, JPEG, TIFF).`,
      );
    }
  } catch (err) {
    reasons.push(`${name}: ${reasonOf(err)}`);
  }
}

/**
 * One file received by upload (POST /v1/inbound/documents): a UBL or CII XML file, or a PDF
 * embedding one, read as a mail attachment is.
 */
export async function readUploadedFile(bytes: Buffer, filename: string | null): Promise<ReadMessage> {
  const read: ReadMessage = { found: [], capturable: [], reasons: [] };
  const name = filename ?? 'upload';
  const looksXml = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');
  await readCandidate(
    {
      filename: name,
      contentType: looksXml ? 'application/xml' : 'application/octet-stream',
      bytes,
      part: 0,
    },
    read,
  );
  return read;
}

export async function readInboundMessage(raw: Buffer): Promise<ReadMessage> {
  const { simpleParser } = await import('mailparser');
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: 1024 * 1024,
    });
  } catch (err) {
    // mailparser bounds the tree itself (its child-node and header limits) and says which
    const why = err instanceof Error && /exceed/i.test(err.message) ? ` (${err.message.slice(0, 100)})` : '';
    return { found: [], capturable: [], reasons: [`The message is not readable MIME${why}.`] };
  }
  const read: ReadMessage = { found: [], capturable: [], reasons: [] };
  const parts = parsed.attachments ?? [];
  if (parts.length > MAX_PARTS) {
    read.reasons.push(`The message has ${parts.length} attachments; at most ${MAX_PARTS} are read.`);
    return read;
  }
  const candidates: Candidate[] = parts.map((a, i) => ({
    filename: a.filename ?? `attachment-${i + 1}`,
    contentType: (a.contentType ?? 'application/octet-stream').toLowerCase(),
    bytes: a.content,
    part: i,
  }));
  if (candidates.length === 0) {
    const body = (parsed.text ?? '').trim();
    if (body.startsWith('<')) {
      candidates.push({
        filename: 'body.xml',
        contentType: 'application/xml',
        bytes: Buffer.from(body, 'utf8'),
        part: 0,
      });
    } else {
      read.reasons.push(
        'The message has no attachment: send the invoice (an e-invoice, a PDF or a scan) as one.',
      );
      return read;
    }
  }
  for (const c of candidates) await readCandidate(c, read);
  return read;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
