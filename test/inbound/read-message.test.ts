// test-database: none (it uses no database; scripts/run-tests.mjs)
// The worker's reading of a stored message (CONTRACT 11.5): e-invoices found in attachments, a
// bare XML body and Factur-X PDFs (embedded files written by pdf-lib, an independent writer), and
// every kind of bad input named in words, without throwing, within bounds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import nodemailer from 'nodemailer';
import { PDFDocument } from 'pdf-lib';
import { readInboundMessage } from '../../src/modules/inbound/read-message.ts';

const EXAMPLES = join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples');
const UBL = readFileSync(join(EXAMPLES, 'ubl_examples_guide-example1.xml'));
const CII = readFileSync(join(EXAMPLES, 'cii_examples_CII_example1.xml'));

type Attachment = { filename?: string; content: Buffer | string; contentType?: string };

/** A real MIME message as nodemailer composes it (the stream transport: no network). */
async function compose(opts: { text?: string; attachments?: Attachment[] }): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await t.sendMail({
    from: 'billing@supplier.test',
    to: 'k3vq7x2m4pa6ty5rnw2c@inbound.docex.test',
    subject: 'Invoice',
    text: opts.text ?? 'Our invoice.',
    attachments: opts.attachments ?? [],
  });
  return info.message as Buffer;
}

async function facturx(xml: Buffer | null, name = 'factur-x.xml'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  if (xml) await pdf.attach(xml, name, { mimeType: 'text/xml', description: 'Factur-X' });
  return Buffer.from(await pdf.save());
}

test('UBL and CII attachments are read with the import rules', async () => {
  const raw = await compose({
    attachments: [
      { filename: 'invoice.xml', content: UBL, contentType: 'application/xml' },
      { filename: 'cii.xml', content: CII, contentType: 'text/xml' },
    ],
  });
  const r = await readInboundMessage(raw);
  assert.deepEqual(r.reasons, []);
  assert.deepEqual(
    r.found.map((f) => f.format),
    ['ubl', 'cii'],
  );
  assert.ok(r.found[0]!.bytes.equals(UBL), 'the file as received');
  assert.ok(r.found[0]!.invoice.number, 'BT-1 read');
});

test('a Factur-X PDF (and the ZUGFeRD and XRechnung names) is read through its embedded XML', async () => {
  for (const name of ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml']) {
    const pdf = await facturx(CII, name);
    const r = await readInboundMessage(
      await compose({ attachments: [{ filename: 'INV-1.pdf', content: pdf }] }),
    );
    assert.deepEqual(r.reasons, [], name);
    assert.equal(r.found.length, 1);
    assert.equal(r.found[0]!.format, 'cii');
    assert.ok(r.found[0]!.bytes.equals(pdf), 'the PDF is what is kept');
  }
});

test('a bare XML body is read', async () => {
  const raw = Buffer.from(
    `From: a@supplier.test\r\nSubject: x\r\nContent-Type: application/xml; charset=utf-8\r\n\r\n${UBL.toString('utf8')}`,
  );
  const r = await readInboundMessage(raw);
  assert.equal(r.found.length, 1, r.reasons.join(' '));
  assert.equal(r.found[0]!.format, 'ubl');
});

test('bad input: each named in words, nothing found, nothing thrown', async () => {
  const cases: [string, Buffer, RegExp][] = [
    ['no attachment', await compose({ text: 'see you' }), /no attachment/],
    [
      'not an e-invoice',
      await compose({
        attachments: [{ filename: 'photo.png', content: Buffer.alloc(64, 1), contentType: 'image/png' }],
      }),
      /not an e-invoice/,
    ],
    [
      'XML that is not an invoice',
      await compose({ attachments: [{ filename: 'order.xml', content: '<?xml version="1.0"?><Order/>' }] }),
      /neither a UBL/,
    ],
    [
      'a file named .pdf that is not one',
      await compose({
        attachments: [{ filename: 'x.pdf', content: 'garbage, not a PDF', contentType: 'application/pdf' }],
      }),
      /not a readable PDF/,
    ],
    [
      'a DOCTYPE/entity bomb',
      await compose({
        attachments: [
          {
            filename: 'bomb.xml',
            content: `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Invoice>&lol2;</Invoice>`,
          },
        ],
      }),
      /DOCTYPE|entit/i,
    ],
  ];
  for (const [what, raw, reason] of cases) {
    const r = await readInboundMessage(raw);
    assert.equal(r.found.length, 0, what);
    assert.ok(
      r.reasons.some((x) => reason.test(x)),
      `${what}: ${JSON.stringify(r.reasons)}`,
    );
  }
});

test('malformed MIME: a missing boundary, 10,000 parts, deep nesting', async () => {
  const noBoundary = Buffer.from(
    'From: a@supplier.test\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\nContent-Type: text/plain\r\n\r\nhi\r\n--x--\r\n',
  );
  let r = await readInboundMessage(noBoundary);
  assert.equal(r.found.length, 0);
  assert.ok(r.reasons.length > 0);

  const many = ['From: a@supplier.test', 'Content-Type: multipart/mixed; boundary="b"', ''];
  for (let i = 0; i < 10_000; i++)
    many.push(
      '--b',
      `Content-Type: application/octet-stream; name="p${i}.bin"`,
      'Content-Disposition: attachment',
      '',
      'AA',
    );
  many.push('--b--', '');
  r = await readInboundMessage(Buffer.from(many.join('\r\n')));
  assert.equal(r.found.length, 0);
  assert.match(r.reasons.join(' '), /at most 100 are read|child nodes exceeded/);

  const some = ['From: a@supplier.test', 'Content-Type: multipart/mixed; boundary="b"', ''];
  for (let i = 0; i < 150; i++)
    some.push(
      '--b',
      `Content-Type: application/xml; name="p${i}.xml"`,
      'Content-Disposition: attachment',
      '',
      '<x/>',
    );
  some.push('--b--', '');
  r = await readInboundMessage(Buffer.from(some.join('\r\n')));
  assert.equal(r.found.length, 0);
  assert.match(r.reasons.join(' '), /150 attachments; at most 100 are read/);

  let nested = 'hello';
  for (let i = 0; i < 2_000; i++)
    nested = `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n${nested}\r\n--n${i}--\r\n`;
  r = await readInboundMessage(Buffer.from(`From: a@supplier.test\r\n${nested}`));
  assert.equal(r.found.length, 0);
  assert.ok(r.reasons.length > 0);
});
