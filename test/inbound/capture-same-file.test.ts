// The same file twice (issue 51; CONTRACT 11.5 "the same invoice twice ... creates nothing new: the
// message is kept with duplicate_of"), on the database the suite runs on: a file whose bytes are
// those of an open or confirmed capture of the organization makes no second capture to review.
// The second message is kept and follows the first capture (needs_review while it waits, then
// duplicate of its bill); an upload answers the capture it repeats (202), or its bill (201 with
// duplicate_of) once there is one; two uploads at once (real concurrent requests) make one
// capture; a file sent again after its capture was rejected is read again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import nodemailer from 'nodemailer';
import { PDFDocument } from 'pdf-lib';
import { captureReadPass } from '../../src/modules/capture/read-pass.ts';
import { storeMessage } from '../../src/modules/inbound/messages.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let buyer: Party;
let other: Party;

before(async () => {
  svc = await startTestService();
  [buyer, other] = await Promise.all([makeParty(svc, 'Acheteur SARL'), makeParty(svc, 'Autre SA')]);
  const set = await svc.req('PATCH', '/v1/organization', { token: buyer.org.session, body: BUYER });
  assert.equal(set.status, 200, set.text);
});
after(async () => {
  await svc?.close();
});

interface Answer {
  id: string;
  status: string;
  capture_ids: string[];
  duplicate_of: string | null;
  inbound_message_id?: string;
  error?: { code: string; message: string };
}
interface Message {
  status: string;
  document_ids: string[];
  duplicate_of: string | null;
  reasons: string[];
}

/** A blank one-page PDF, its bytes made its own by `tag`. */
async function pdf(tag: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return Buffer.concat([Buffer.from(await doc.save()), Buffer.from(`%${tag}\n`)]);
}

const upload = (bytes: Buffer, who: Party = buyer) =>
  svc.req<Answer>('POST', '/v1/inbound/documents', {
    token: who.key,
    idem: randomKey(),
    body: { content_base64: bytes.toString('base64'), filename: 'invoice.pdf' },
  });
const message = async (id: string, who: Party = buyer) =>
  (await svc.req<Message>('GET', `/v1/inbound/messages/${id}`, { token: who.readKey })).body;
const capturesOf = async (bytes: Buffer) => {
  const { createHash } = await import('node:crypto');
  const sha = createHash('sha256').update(bytes).digest('hex');
  return svc.ctx.db
    .selectFrom('captures')
    .select(['id', 'organization_id', 'status'])
    .where('sha256', '=', sha)
    .orderBy('created_at')
    .execute();
};
const readAll = async () => {
  while ((await captureReadPass(svc.ctx)).handled > 0);
};
const CONFIRM = {
  number: 'SAME-1',
  issue_date: '2026-11-02',
  seller_name: 'Papier Lieferant GmbH',
  currency: 'EUR',
  total: '119.00',
  total_net: '100.00',
  total_tax: '19.00',
};

test('uploaded twice: one capture; the second message follows it, then is a duplicate of its bill', async () => {
  const bytes = await pdf('same-twice');
  const first = await upload(bytes);
  assert.equal(first.status, 202, first.text);
  const [cap] = first.body.capture_ids;
  const second = await upload(bytes);
  assert.equal(second.status, 202, second.text);
  assert.notEqual(second.body.id, first.body.id, 'the second message is kept, listed');
  assert.deepEqual(second.body.capture_ids, [cap], 'it answers the capture the file is read into');
  assert.equal(second.body.status, 'processing', 'as the capture: still being read');
  assert.equal((await capturesOf(bytes)).length, 1);

  await readAll();
  assert.equal((await message(first.body.id)).status, 'needs_review');
  assert.equal((await message(second.body.id)).status, 'needs_review', 'follows the capture');
  const list = await svc.req<{ data: { id: string }[] }>(
    'GET',
    '/v1/captures?status=needs_review&limit=100',
    {
      token: buyer.readKey,
    },
  );
  assert.equal(list.body.data.filter((c) => c.id === cap).length, 1, 'one review, not two');

  // a third time while it waits for review: still that capture
  const third = await upload(bytes);
  assert.equal(third.status, 202, third.text);
  assert.deepEqual(third.body.capture_ids, [cap]);
  assert.equal(third.body.status, 'needs_review');

  const c = await svc.req<{ document_id: string }>('POST', `/v1/captures/${cap}/confirm`, {
    token: buyer.key,
    body: { fields: CONFIRM },
  });
  assert.equal(c.status, 200, c.text);
  const bill = c.body.document_id;
  assert.match(bill, /^doc_/);
  const m1 = await message(first.body.id);
  assert.deepEqual([m1.status, m1.document_ids], ['accepted', [bill]]);
  for (const m of [second.body.id, third.body.id]) {
    const after = await message(m);
    assert.deepEqual([after.status, after.duplicate_of, after.document_ids], ['duplicate', bill, []], m);
  }

  // once it is a bill: the upload answers that bill, as a repeated e-invoice does
  const fourth = await upload(bytes);
  assert.equal(fourth.status, 201, fourth.text);
  assert.equal(fourth.body.id, bill);
  assert.equal(fourth.body.duplicate_of, bill);
  const m4 = await message(fourth.body.inbound_message_id!);
  assert.deepEqual([m4.status, m4.duplicate_of], ['duplicate', bill]);
  assert.equal((await capturesOf(bytes)).length, 1);

  // by mail too: the message is a duplicate of the bill, nothing to review
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const raw = (
    await t.sendMail({
      from: 'billing@supplier.test',
      to: 'k3vq7x2m4pa6ty5rnw2c@inbound.docex.test',
      subject: 'Invoice again',
      text: 'Our invoice.',
      attachments: [{ filename: 'again.pdf', content: bytes }],
    })
  ).message as Buffer;
  const [mailed] = await storeMessage(svc.ctx.db, {
    organizationIds: [buyer.org.orgId],
    channel: 'email',
    envelopeFrom: 'billing@supplier.test',
    raw,
    headers: { from: 'billing@supplier.test', subject: 'Invoice again', messageId: null },
    now: svc.ctx.clock.now(),
  });
  while ((await processInboundPass(svc.ctx)).handled > 0);
  const mm = await message(mailed!);
  assert.deepEqual([mm.status, mm.duplicate_of], ['duplicate', bill]);
  assert.equal((await capturesOf(bytes)).length, 1);

  // another organization's identical file is its own
  const theirs = await upload(bytes, other);
  assert.equal(theirs.status, 202, theirs.text);
  assert.notEqual(theirs.body.capture_ids[0], cap);
  assert.equal((await capturesOf(bytes)).length, 2);
});

test('two uploads of the same file at once: one capture, both answers name it', async () => {
  const bytes = await pdf('same-concurrent');
  // over real HTTP on loopback, each request its own connection and its own transaction
  const base = await svc.listen();
  const post = async () => {
    const res = await fetch(`${base}/v1/inbound/documents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${buyer.key}`,
        'idempotency-key': randomKey(),
        'content-type': 'application/json',
        connection: 'close',
      },
      body: JSON.stringify({ content_base64: bytes.toString('base64'), filename: 'invoice.pdf' }),
    });
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) as Answer };
  };
  const answers = await Promise.all([post(), post(), post()]);
  for (const a of answers) assert.equal(a.status, 202, a.text);
  const caps = await capturesOf(bytes);
  assert.equal(caps.length, 1, JSON.stringify(caps));
  for (const a of answers) assert.deepEqual(a.body.capture_ids, [caps[0]!.id]);
  assert.equal(new Set(answers.map((a) => a.body.id)).size, 3, 'three messages kept');
});

test('a file sent again after its capture was rejected is read again; the repeat waiting on it follows the rejection', async () => {
  const bytes = await pdf('same-rejected');
  const first = await upload(bytes);
  const second = await upload(bytes);
  const [cap] = first.body.capture_ids;
  assert.deepEqual(second.body.capture_ids, [cap]);
  await readAll();
  const r = await svc.req('POST', `/v1/captures/${cap}/reject`, {
    token: buyer.key,
    body: { reason: 'Not an invoice: a delivery note.' },
  });
  assert.equal(r.status, 200, r.text);
  // closed by the person who reviewed it, for both messages
  assert.equal((await message(first.body.id)).status, 'accepted');
  assert.equal((await message(second.body.id)).status, 'accepted');
  const again = await upload(bytes);
  assert.equal(again.status, 202, again.text);
  assert.notEqual(again.body.capture_ids[0], cap, 'a new capture: the sender asks for it to be read again');
  assert.equal((await capturesOf(bytes)).length, 2);
});

test('the same file twice in one mail: one capture', async () => {
  const bytes = await pdf('same-in-one-mail');
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const raw = (
    await t.sendMail({
      from: 'billing@supplier.test',
      to: 'k3vq7x2m4pa6ty5rnw2c@inbound.docex.test',
      subject: 'Invoice',
      text: 'Twice attached.',
      attachments: [
        { filename: 'a.pdf', content: bytes },
        { filename: 'b.pdf', content: bytes },
      ],
    })
  ).message as Buffer;
  const [id] = await storeMessage(svc.ctx.db, {
    organizationIds: [buyer.org.orgId],
    channel: 'email',
    envelopeFrom: 'billing@supplier.test',
    raw,
    headers: { from: 'billing@supplier.test', subject: 'Invoice', messageId: null },
    now: svc.ctx.clock.now(),
  });
  while ((await processInboundPass(svc.ctx)).handled > 0);
  assert.equal((await capturesOf(bytes)).length, 1);
  await readAll();
  assert.equal((await message(id!)).status, 'needs_review');
});
