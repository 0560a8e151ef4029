// test-database: none (it uses no database; scripts/run-tests.mjs)
// Which received files are captured (CONTRACT §13): the bytes decide, never the name or the
// content type a sender chose; an image under 10 kB is a logo or a signature.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  capturableContentType,
  capturableKind,
  MIN_IMAGE_BYTES,
} from '../../src/modules/capture/capturable.ts';

const pad = (head: number[], size: number) => {
  const b = Buffer.alloc(size, 0x41);
  Buffer.from(head).copy(b);
  return b;
};
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const TIFF_II = [0x49, 0x49, 0x2a, 0x00];
const TIFF_MM = [0x4d, 0x4d, 0x00, 0x2a];
const kind = (bytes: Uint8Array, filename = 'file', contentType = 'application/octet-stream') =>
  capturableKind({ bytes, filename, contentType });

test('PDFs by their header, wherever the name or type says otherwise', () => {
  assert.equal(kind(Buffer.from('%PDF-1.7\n%%EOF\n'), 'invoice.bin'), 'pdf');
  assert.equal(kind(Buffer.from('%PDF-1.4\n'), 'x', 'text/plain'), 'pdf');
  // junk before the header, as PDF readers accept within the first KiB
  assert.equal(kind(Buffer.concat([Buffer.alloc(200, 0x20), Buffer.from('%PDF-1.5\n')])), 'pdf');
  assert.equal(kind(Buffer.concat([Buffer.alloc(2000, 0x20), Buffer.from('%PDF-1.5\n')])), null);
  assert.equal(capturableContentType(Buffer.from('%PDF-1.7')), 'application/pdf');
});

test('images of 10 kB or more: PNG, JPEG, TIFF (both byte orders)', () => {
  for (const [head, type] of [
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [TIFF_II, 'image/tiff'],
    [TIFF_MM, 'image/tiff'],
  ] as const) {
    assert.equal(kind(pad([...head], MIN_IMAGE_BYTES), 'scan'), 'image', type);
    assert.equal(capturableContentType(pad([...head], MIN_IMAGE_BYTES)), type);
    // a logo or a signature in a mail's footer
    assert.equal(kind(pad([...head], MIN_IMAGE_BYTES - 1), 'logo.png', type), null, `${type} under 10 kB`);
  }
});

test('not capturable: a zip named .pdf (even holding a PDF), text, XML, GIF, an empty file', () => {
  const zipWithPdf = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.alloc(26),
    Buffer.from('invoice.pdf%PDF-1.7\n%%EOF\n'),
  ]);
  assert.equal(kind(zipWithPdf, 'invoice.pdf', 'application/pdf'), null);
  assert.equal(kind(Buffer.from('hello, this is not an invoice'), 'invoice.pdf', 'application/pdf'), null);
  assert.equal(kind(Buffer.from('<?xml version="1.0"?><Invoice/>'), 'x.xml'), null);
  assert.equal(kind(pad([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 50_000), 'scan.gif', 'image/gif'), null);
  assert.equal(kind(new Uint8Array(0), 'scan.png', 'image/png'), null);
  assert.equal(kind(pad(PNG.slice(0, 4), 50_000), 'scan.png', 'image/png'), null, 'a truncated signature');
});
