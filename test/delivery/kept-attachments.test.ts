// A stored message without its attachments' bodies, assembled again from the kept files
// (src/modules/delivery/kept-attachments.ts): byte for byte the message nodemailer composes with
// the files themselves, and never assembled from a file that is not the one it was sent with.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { encode, wrap } from 'nodemailer/lib/base64';
import { composeMessage, type MessageInput } from '../../src/modules/delivery/compose.ts';
import {
  assembleMessage,
  attachmentMarker,
  base64Body,
  cutAttachments,
  type KeptFile,
} from '../../src/modules/delivery/kept-attachments.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const input = (attachments: MessageInput['attachments']): MessageInput => ({
  messageId: '<dlv_test@docex.test>',
  date: new Date('2026-11-26T03:00:00Z'),
  fromAddress: 'billing@docex.test',
  fromName: 'Müller Seller',
  replyTo: 'billing@seller.example',
  to: 'ap@acheteur.test',
  subject: 'Müller Seller: Invoice INV-000001, 238.00 EUR, due 2027-01-15',
  text: 'Invoice INV-000001\nTotal 238.00 EUR\n',
  html: '<p>Invoice INV-000001</p>',
  attachments,
});

describe('kept attachments', () => {
  test('base64Body writes what nodemailer writes, for every length around a line', () => {
    for (const n of [0, 1, 2, 3, 56, 57, 58, 113, 114, 115, 1000, 75_001]) {
      const content = randomBytes(n);
      assert.equal(base64Body(content).toString('latin1'), wrap(encode(content), 76), `length ${n}`);
    }
  });

  test('the cut message assembled from the files is the message composed with them, byte for byte', async () => {
    const pdf: KeptFile = { format: 'facturx', content: randomBytes(61_234), digest: '' };
    const ubl: KeptFile = {
      format: 'ubl',
      content: Buffer.from('<Invoice>…</Invoice>\n'.repeat(300)),
      digest: '',
    };
    pdf.digest = sha256(pdf.content);
    ubl.digest = sha256(ubl.content);
    const names = [
      ['INV-000001.pdf', 'application/pdf'],
      ['INV-000001.xml', 'application/xml'],
    ] as const;
    const whole = await composeMessage(
      input(
        [pdf, ubl].map((f, i) => ({ filename: names[i]![0], contentType: names[i]![1], content: f.content })),
      ),
    );
    // nodemailer draws each message's MIME boundaries at random: compared with them lined up.
    const markers = [attachmentMarker(), attachmentMarker()];
    const composed = await composeMessage(
      input(markers.map((m, i) => ({ filename: names[i]![0], contentType: names[i]![1], content: m }))),
    );
    const { stored, slots } = cutAttachments(composed, [
      { marker: markers[0]!, file: pdf },
      { marker: markers[1]!, file: ubl },
    ]);
    assert.deepEqual(
      slots.map((s) => [s.format, s.digest]),
      [
        ['facturx', pdf.digest],
        ['ubl', ubl.digest],
      ],
    );
    assert.ok(stored.length < 4096, `the stored part is small: ${stored.length} bytes`);
    const assembled = assembleMessage(stored, slots, [ubl, pdf]);
    const boundaries = (b: Buffer) => b.toString('latin1').replace(/--_NmP-[0-9a-f]+-Part_\d+/g, 'BOUNDARY');
    assert.notEqual(boundaries(whole), whole.toString('latin1'), 'the boundaries were found');
    assert.equal(boundaries(assembled), boundaries(whole));
    assert.equal(assembled.length, whole.length);
  });

  test('a file that is not the one the message was sent with is never assembled', async () => {
    const file: KeptFile = { format: 'ubl', content: Buffer.from('<Invoice/>'), digest: '' };
    file.digest = sha256(file.content);
    const marker = attachmentMarker();
    const composed = await composeMessage(
      input([{ filename: 'a.xml', contentType: 'application/xml', content: marker }]),
    );
    const { stored, slots } = cutAttachments(composed, [{ marker, file }]);
    assert.throws(
      () => assembleMessage(stored, slots, [{ ...file, content: Buffer.from('<Invoice>changed</Invoice>') }]),
      /differs/,
    );
    assert.throws(() => assembleMessage(stored, slots, []), /missing/);
  });
});
