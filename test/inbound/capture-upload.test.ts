// Received files to capture (CONTRACT §13) through the inbound pipeline, on the database the suite
// runs on: an upload of a plain PDF or a scan answers 202 with its message (`processing`) and its
// capture, exactly once under its Idempotency-Key; files up to DOCEX_INBOUND_MAX_BYTES (413 past
// it, in the envelope); by mail, the message is accepted with its e-invoices' bills and its files
// captured, `processing` until they are read, and never processed twice.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { PDFDocument } from 'pdf-lib';
import { captureBytes } from '../../src/modules/capture/captures.ts';
import { messageSettledPort } from '../../src/modules/capture/ports.ts';
import { captureReadPass } from '../../src/modules/capture/read-pass.ts';
import { storeMessage } from '../../src/modules/inbound/messages.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { sha256 } from '../helpers/capture-rows.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';
import { sampleInvoiceXml } from './helpers.ts';

let svc: TestService;
let buyer: Party;

before(async () => {
  svc = await startTestService();
  buyer = await makeParty(svc, 'Acheteur SARL');
  const set = await svc.req('PATCH', '/v1/organization', { token: buyer.org.session, body: BUYER });
  assert.equal(set.status, 200, set.text);
});
after(async () => {
  await svc?.close();
});

interface Captured {
  id: string;
  status: string;
  channel: string;
  filename: string | null;
  document_ids: string[];
  capture_ids: string[];
  [k: string]: unknown;
}
interface ErrorBody {
  error: { code: string; message: string; details: Record<string, unknown> };
}

async function plainPdf(padding = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  // a comment after the end keeps the file as large as a test needs
  return Buffer.concat([Buffer.from(await doc.save()), Buffer.from(`%${'x'.repeat(padding)}\n`)]);
}

const upload = (bytes: Buffer, filename: string | undefined, o: { idem?: string; on?: TestService } = {}) =>
  (o.on ?? svc).req<Captured & ErrorBody>('POST', '/v1/inbound/documents', {
    token: buyer.key,
    ...(o.idem ? { idem: o.idem } : {}),
    body: { content_base64: bytes.toString('base64'), ...(filename ? { filename } : {}) },
  });

const captureRow = (id: string) =>
  svc.ctx.db.selectFrom('captures').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const messageRow = (id: string) =>
  svc.ctx.db.selectFrom('inbound_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

test('a plain PDF uploaded: 202, the message processing with its capture, read later by the worker', async () => {
  const pdf = await plainPdf();
  const key = randomKey();
  const r = await upload(pdf, 'Rechnung 4711.pdf', { idem: key });
  assert.equal(r.status, 202, r.text);
  assert.equal(r.body.status, 'processing');
  assert.equal(r.body.channel, 'upload');
  assert.equal(r.body.filename, 'Rechnung 4711.pdf');
  assert.deepEqual(r.body.document_ids, []);
  assert.equal(r.body.capture_ids.length, 1);
  const capId = r.body.capture_ids[0]!;
  assert.match(capId, /^cap_/);
  const c = await captureRow(capId);
  assert.equal(c.status, 'reading');
  assert.equal(c.inbound_message_id, r.body.id);
  assert.equal(c.part, 0);
  assert.equal(c.content_type, 'application/pdf');
  // stored once: the capture's file is the message's bytes (migration 0059), read back whole
  assert.equal(c.bytes, null, "an upload's file is not stored a second time");
  assert.ok(Buffer.from((await messageRow(r.body.id)).raw).equals(pdf), 'the file kept whole');
  assert.ok(Buffer.from(await captureBytes(svc.ctx.db, c)).equals(pdf), "the capture's file is the upload");
  // GET the message for its fate; the capture itself is not shown until it is read
  const m = await svc.req<Captured>('GET', `/v1/inbound/messages/${r.body.id}`, { token: buyer.key });
  assert.equal(m.body.status, 'processing');
  assert.equal((await svc.req('GET', `/v1/captures/${capId}`, { token: buyer.key })).status, 404);
  // the inbound worker leaves a processed message alone while its file is read
  assert.equal((await processInboundPass(svc.ctx)).handled, 0);
  // the same request again replays the same answer: one message, one capture
  const count = async () =>
    Number(
      (
        await svc.ctx.db
          .selectFrom('captures')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  const again = await upload(pdf, 'Rechnung 4711.pdf', { idem: key });
  assert.equal(again.status, 202, again.text);
  assert.equal(again.text, r.text);
  assert.equal(await count(), before);
});

test("an upload's file, stored once, is what its capture reads, draws and leaves as the bill's attachment", async () => {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Invoice ONCE-1  Total 119.00 EUR', { x: 50, y: 700, size: 14 });
  const pdf = Buffer.from(await doc.save());
  const r = await upload(pdf, 'once.pdf');
  assert.equal(r.status, 202, r.text);
  const capId = r.body.capture_ids[0]!;
  assert.equal((await captureRow(capId)).bytes, null, 'no copy of the file in the capture');
  while ((await captureReadPass(svc.ctx)).handled > 0);
  const c = await svc.req<{ status: string; file: { sha256: string; pages: number } }>(
    'GET',
    `/v1/captures/${capId}`,
    { token: buyer.key },
  );
  assert.equal(c.body.status, 'needs_review', c.text);
  assert.equal(c.body.file.sha256, sha256(pdf));
  assert.equal(c.body.file.pages, 1, "read from the message's bytes");
  const png = await svc.req('GET', `/v1/captures/${capId}/pages/1`, { token: buyer.key });
  assert.equal(png.status, 200, png.text);
  assert.equal(png.headers['content-type'], 'image/png');
  const confirmed = await svc.req<{ document_id: string }>('POST', `/v1/captures/${capId}/confirm`, {
    token: buyer.key,
    body: {
      fields: {
        number: 'ONCE-1',
        issue_date: '2026-11-01',
        currency: 'EUR',
        total: '119.00',
        seller_name: 'Einmal GmbH',
      },
    },
  });
  assert.equal(confirmed.status, 200, confirmed.text);
  const att = await svc.ctx.db
    .selectFrom('attachments')
    .select(['content', 'sha256'])
    .where('document_id', '=', confirmed.body.document_id)
    .executeTakeFirstOrThrow();
  assert.ok(
    Buffer.from(att.content).equals(pdf),
    "the bill's attachment is the uploaded file, byte for byte",
  );
  assert.equal(att.sha256, sha256(pdf));
});

test('a scan (PNG) of 2 MB is taken; an e-invoice upload still answers 201 with its bill', async () => {
  const scan = Buffer.alloc(2 * 1024 * 1024, 3);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(scan);
  const r = await upload(scan, 'photo.png');
  assert.equal(r.status, 202, r.text.slice(0, 500));
  assert.equal((await captureRow(r.body.capture_ids[0]!)).content_type, 'image/png');
  const xml = sampleInvoiceXml({ number: 'CAP-201', seller: '31' });
  const e = await upload(xml, 'CAP-201.xml');
  assert.equal(e.status, 201, e.text);
  assert.match(String(e.body.id), /^doc_/);
});

test('DOCEX_INBOUND_MAX_BYTES bounds the file: 413 payload_too_large past it, nothing stored', async () => {
  const small = await svc.variant({ DOCEX_INBOUND_MAX_BYTES: '100000' });
  try {
    const messages = async () =>
      Number(
        (
          await svc.ctx.db
            .selectFrom('inbound_messages')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await messages();
    const under = await upload(await plainPdf(90_000), 'under.pdf', { on: small });
    assert.equal(under.status, 202, under.text);
    // over the file limit, within the body's room for JSON: the decoded size is checked
    const over = await upload(await plainPdf(120_000), 'over.pdf', { on: small });
    assert.equal(over.status, 413, over.text);
    assert.equal(over.body.error.code, 'payload_too_large');
    assert.match(over.body.error.message, /up to 100000 bytes \(DOCEX_INBOUND_MAX_BYTES\)/);
    // far over: the body itself is refused before it is parsed
    const far = await upload(await plainPdf(400_000), 'far.pdf', { on: small });
    assert.equal(far.status, 413, far.text);
    assert.equal(far.body.error.code, 'payload_too_large');
    assert.equal(await messages(), before + 1, 'only the one under the limit');
  } finally {
    await small.close();
  }
});

async function mail(attachments: { filename: string; content: Buffer }[]): Promise<Buffer> {
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

async function receive(raw: Buffer): Promise<string> {
  const [id] = await storeMessage(svc.ctx.db, {
    organizationIds: [buyer.org.orgId],
    channel: 'email',
    envelopeFrom: 'billing@supplier.test',
    raw,
    headers: { from: 'billing@supplier.test', subject: 'Invoice', messageId: null },
    now: svc.ctx.clock.now(),
  });
  for (;;) if ((await processInboundPass(svc.ctx)).handled === 0) break;
  return id!;
}

test('by mail: an e-invoice becomes its bill and the plain PDF beside it is captured; the message waits for it', async () => {
  const id = await receive(
    await mail([
      { filename: 'CAP-M1.xml', content: sampleInvoiceXml({ number: 'CAP-M1', seller: '41' }) },
      { filename: 'scan.pdf', content: await plainPdf() },
    ]),
  );
  const m = await messageRow(id);
  assert.equal(m.status, 'processing', m.reasons.join(' '));
  assert.equal(m.document_ids.length, 1, 'the e-invoice is a bill already');
  assert.notEqual(m.processed_at, null);
  const caps = await svc.ctx.db
    .selectFrom('captures')
    .selectAll()
    .where('inbound_message_id', '=', id)
    .execute();
  assert.deepEqual(
    caps.map((c) => [c.filename, c.part, c.status]),
    [['scan.pdf', 1, 'reading']],
  );
  // the file rejected (by the reader or a person): the message is what its e-invoice made it
  await svc.ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('captures')
      .set({ status: 'rejected', reject_reason: 'x' })
      .where('id', '=', caps[0]!.id)
      .execute();
    await messageSettledPort.need()(trx, id, svc.ctx.clock.now());
  });
  const after = await messageRow(id);
  assert.equal(after.status, 'accepted');
  assert.deepEqual(after.document_ids, m.document_ids);
});

test('by mail: only a plain PDF is no longer refused; only a logo and a note still are', async () => {
  const captured = await receive(await mail([{ filename: 'invoice.pdf', content: await plainPdf() }]));
  const m = await messageRow(captured);
  assert.equal(m.status, 'processing', m.reasons.join(' '));
  assert.deepEqual(m.reasons, []);
  const logo = Buffer.alloc(2_000, 1);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(logo);
  const refused = await receive(
    await mail([
      { filename: 'logo.png', content: logo },
      { filename: 'note.txt', content: Buffer.from('hello') },
    ]),
  );
  const r = await messageRow(refused);
  assert.equal(r.status, 'refused');
  assert.equal(r.reasons.length, 2, r.reasons.join(' '));
  const none = await svc.ctx.db
    .selectFrom('captures')
    .select('id')
    .where('inbound_message_id', '=', refused)
    .execute();
  assert.deepEqual(none, []);
});

test('received files are stored as they came: no compression attempt holds the database (0060)', async () => {
  // pglz cannot shrink a PDF, a JPEG or their base64 in a mail by the quarter it needs, and trying
  // took two to three times the insert's own time (migration 0060 says what was measured): the
  // columns holding received files are stored uncompressed, like attachments' content.
  const { rows } = await sql<{ relname: string; attname: string; attstorage: string }>`
    select c.relname, a.attname, a.attstorage
      from pg_attribute a join pg_class c on c.oid = a.attrelid
     where (c.relname, a.attname) in (('inbound_messages', 'raw'), ('captures', 'bytes'), ('attachments', 'content'))
     order by c.relname`.execute(svc.ctx.db);
  assert.deepEqual(
    rows.map((r) => `${r.relname}.${r.attname} ${r.attstorage}`),
    ['attachments.content e', 'captures.bytes e', 'inbound_messages.raw e'],
  );
  // and a file received now is kept whole, byte for byte
  // (its padding is one character repeated, which pglz would have shrunk to almost nothing)
  const pdf = await plainPdf(300_000);
  const res = await upload(pdf, 'large.pdf');
  assert.equal(res.status, 202, res.text);
  const id = res.body.id;
  const stored = await sql<{ raw: Uint8Array; size: number }>`
    select raw, pg_column_size(raw) as size from inbound_messages where id = ${id}`.execute(svc.ctx.db);
  assert.deepEqual(Buffer.from(stored.rows[0]!.raw), pdf);
  assert.ok(stored.rows[0]!.size >= pdf.length, `stored uncompressed: ${stored.rows[0]!.size} bytes`);
});
