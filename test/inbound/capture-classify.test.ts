// test-database: none (it uses no database; scripts/run-tests.mjs)
// Which parts of a received message are captured (CONTRACT §13): a PDF without an embedded
// e-invoice and an image of 10 kB or more are kept to capture, with their bytes, hash and place
// in the message; a logo, a text file or a zip named .pdf are ignored; a Factur-X PDF is read as
// an e-invoice, not captured, even beside a plain PDF.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import nodemailer from 'nodemailer';
import { PDFDocument } from 'pdf-lib';
import { readInboundMessage, readUploadedFile } from '../../src/modules/inbound/read-message.ts';

const CII = readFileSync(
  join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples', 'cii_examples_CII_example1.xml'),
);

type Attachment = { filename?: string; content: Buffer | string; contentType?: string };

async function compose(attachments: Attachment[]): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await t.sendMail({
    from: 'billing@supplier.test',
    to: 'k3vq7x2m4pa6ty5rnw2c@inbound.docex.test',
    subject: 'Invoice',
    text: 'Our invoice.',
    attachments,
  });
  return info.message as Buffer;
}

async function pdf(xml: Buffer | null): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  if (xml) await doc.attach(xml, 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X' });
  return Buffer.from(await doc.save());
}

const png = (size: number) => {
  const b = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('a plain PDF and a scan are captured; a logo, a text file and a zip named .pdf are ignored', async () => {
  const plain = await pdf(null);
  const scan = png(40_000);
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
  const raw = await compose([
    { filename: 'logo.png', content: png(3_000), contentType: 'image/png' },
    { filename: 'invoice.pdf', content: plain, contentType: 'application/octet-stream' },
    { filename: 'terms.txt', content: 'Our terms.', contentType: 'text/plain' },
    { filename: 'scan.png', content: scan, contentType: 'image/png' },
    { filename: 'archive.pdf', content: zip, contentType: 'application/pdf' },
  ]);
  const r = await readInboundMessage(raw);
  assert.deepEqual(r.found, []);
  assert.deepEqual(
    r.capturable.map((c) => ({ ...c, bytes: Buffer.from(c.bytes).length })),
    [
      {
        filename: 'invoice.pdf',
        contentType: 'application/pdf',
        bytes: plain.length,
        sha256: sha(plain),
        part: 1,
      },
      { filename: 'scan.png', contentType: 'image/png', bytes: scan.length, sha256: sha(scan), part: 3 },
    ],
  );
  assert.ok(Buffer.from(r.capturable[0]!.bytes).equals(plain), 'the file as received');
  // what was ignored is still named, should the message be refused
  assert.equal(r.reasons.length, 3, JSON.stringify(r.reasons));
  assert.match(r.reasons.join(' '), /logo\.png/);
  assert.match(r.reasons.join(' '), /archive\.pdf/);
});

test('a Factur-X PDF is an e-invoice, the plain PDF beside it is captured', async () => {
  const raw = await compose([
    { filename: 'INV-1.pdf', content: await pdf(CII) },
    { filename: 'copy.pdf', content: await pdf(null) },
  ]);
  const r = await readInboundMessage(raw);
  assert.equal(r.found.length, 1, JSON.stringify(r.reasons));
  assert.equal(r.found[0]!.filename, 'INV-1.pdf');
  assert.deepEqual(
    r.capturable.map((c) => [c.filename, c.part]),
    [['copy.pdf', 1]],
  );
});

test('nothing to read nor capture: nothing found, nothing captured, the reasons say why', async () => {
  const r = await readInboundMessage(
    await compose([{ filename: 'photo.png', content: png(64), contentType: 'image/png' }]),
  );
  assert.deepEqual([r.found, r.capturable], [[], []]);
  assert.match(r.reasons[0]!, /photo\.png.*not an e-invoice/);
});

test('an upload: a PDF or a scan is captured as part 0, whatever its name', async () => {
  const plain = await pdf(null);
  const up = await readUploadedFile(plain, 'upload.bin');
  assert.deepEqual(
    up.capturable.map((c) => [c.filename, c.contentType, c.part]),
    [['upload.bin', 'application/pdf', 0]],
  );
  const tiff = Buffer.alloc(20_000, 1);
  Buffer.from([0x49, 0x49, 0x2a, 0x00]).copy(tiff);
  assert.deepEqual(
    (await readUploadedFile(tiff, null)).capturable.map((c) => [c.filename, c.contentType]),
    [['upload', 'image/tiff']],
  );
  const note = await readUploadedFile(Buffer.from('hello, this is not an invoice'), 'note.txt');
  assert.deepEqual(note.capturable, []);
  assert.equal(note.reasons.length, 1);
});
