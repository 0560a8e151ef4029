// A PDF whose embedded e-invoice docex refuses for its content (not well-formed XML, not UBL or CII)
// is captured instead (CONTRACT 11.5: "a refused file can be captured instead (§13) so that a
// person can still make a bill of it"): by upload or by mail it is read as a PDF without an
// e-invoice is, waits for review with a note naming the embedded file and why it was not used, and
// its confirmation makes a bill. What is not about the file's content stays a refusal: a flate bomb
// in the embedded file (test/inbound/read-message covers its bound), a pure XML file with nothing
// to read as pages. The mail case goes through the SMTP listener on loopback, as a supplier's mail
// would. On the database the suite runs on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import nodemailer from 'nodemailer';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { captureReadPass } from '../../src/modules/capture/read-pass.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { type RunningListener, startInboundListener } from '../../src/modules/inbound/smtp-listener.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { addressedTo, INBOUND_DOMAIN, sendRaw } from './helpers.ts';

const DIR = join(process.cwd(), 'test', 'fixtures', 'capture', 'akretion-factur-x');
/** A born-digital invoice PDF (its own embedded XML stripped): its pages carry the invoice's text. */
const PDF = readFileSync(join(DIR, 'invoice_EN16931.pdf'));
const KEY = JSON.parse(readFileSync(join(DIR, 'invoice_EN16931.key.json'), 'utf8')) as {
  fields: Record<string, unknown>;
};

let svc: TestService;
let listener: RunningListener;
let buyer: Party;

before(async () => {
  svc = await startTestService({ DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN, DOCEX_SMTP_LISTEN: '127.0.0.1:0' });
  listener = await startInboundListener(svc.ctx);
  buyer = await makeParty(svc, 'Kunden AG Mitte');
});
after(async () => {
  await listener?.close();
  await svc?.close();
});

/** The invoice PDF with `xml` embedded as `name`; `tag` makes the bytes (and so the capture) new. */
async function facturx(xml: string | Buffer, name: string, tag: string): Promise<Buffer> {
  const doc = await PDFDocument.load(PDF);
  doc.setSubject(tag);
  await doc.attach(Buffer.from(xml), name, { mimeType: 'text/xml' });
  return Buffer.from(await doc.save());
}

interface CaptureBody {
  id: string;
  status: string;
  method: string;
  notes: string[];
  fields: Record<string, { value: unknown } | null>;
  document_id: string | null;
}
interface Upload {
  id: string;
  status: string;
  capture_ids: string[];
  error: { code: string; message: string; details: { inbound_message_id: string } };
}

async function readAll(): Promise<void> {
  while ((await processInboundPass(svc.ctx)).handled > 0);
  while ((await captureReadPass(svc.ctx)).handled > 0);
}

const upload = (bytes: Buffer, filename: string) =>
  svc.req<Upload>('POST', '/v1/inbound/documents', {
    token: buyer.key,
    body: { content_base64: bytes.toString('base64'), filename },
  });

async function reviewed(id: string, who: Party = buyer): Promise<CaptureBody> {
  const c = await svc.req<CaptureBody>('GET', `/v1/captures/${id}`, { token: who.readKey });
  assert.equal(c.status, 200, c.text);
  assert.equal(c.body.status, 'needs_review', c.text);
  assert.equal(c.body.method, 'text');
  for (const f of ['number', 'issue_date', 'total'] as const)
    assert.equal(c.body.fields[f]?.value, KEY.fields[f], `${f}: ${JSON.stringify(c.body.fields[f])}`);
  return c.body;
}

test('an embedded e-invoice that is not well-formed: the PDF captured, the note says which file and why, confirm makes a bill', async () => {
  const r = await upload(await facturx('<not xml', 'factur-x.xml', 'a'), 'Rechnung.pdf');
  assert.equal(r.status, 202, r.text);
  assert.equal(r.body.status, 'processing');
  assert.equal(r.body.capture_ids.length, 1);
  await readAll();
  const c = await reviewed(r.body.capture_ids[0]!);
  assert.equal(c.notes.length >= 1, true, JSON.stringify(c.notes));
  assert.match(
    c.notes[0]!,
    /^The embedded e-invoice factur-x\.xml was not used: factur-x\.xml is not well-formed XML.*; the PDF's pages were read instead\.$/,
  );
  const m = await svc.req<{ status: string }>('GET', `/v1/inbound/messages/${r.body.id}`, {
    token: buyer.readKey,
  });
  assert.equal(m.body.status, 'needs_review');
  const events = await svc.ctx.db
    .selectFrom('events')
    .select('envelope')
    .where('type', '=', 'capture.needs_review')
    .where('organization_id', '=', buyer.org.orgId)
    .execute();
  assert.ok(
    events.some((e) => e.envelope.includes(c.id)),
    'capture.needs_review',
  );
  const done = await svc.req<CaptureBody>('POST', `/v1/captures/${c.id}/confirm`, {
    token: buyer.key,
    body: {},
  });
  assert.equal(done.status, 200, done.text);
  assert.equal(done.body.status, 'confirmed');
  const doc = await svc.req<{ total: number; origin: string }>(
    'GET',
    `/v1/documents/${done.body.document_id}`,
    {
      token: buyer.key,
    },
  );
  assert.equal(doc.status, 200, doc.text);
  assert.equal(String(doc.body.total), String(Number(KEY.fields.total)));
});

test('by mail through the SMTP listener: a Factur-X whose XML is neither UBL nor CII is captured with the note', async () => {
  // another receiver: the same invoice at the first one is a bill already (a duplicate)
  const other = await makeParty(svc, 'Kunden AG Nord');
  const addr = await svc.req<{ email: string }>('GET', '/v1/inbound', { token: other.key });
  assert.equal(addr.status, 200, addr.text);
  const pdf = await facturx('<?xml version="1.0"?><html/>', 'zugferd-invoice.xml', 'b');
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const raw = (
    await t.sendMail({
      from: 'rechnung@lieferant.test',
      to: addr.body.email,
      subject: 'Rechnung',
      text: 'Anbei unsere Rechnung.',
      attachments: [{ filename: 'Rechnung.pdf', content: pdf }],
    })
  ).message as Buffer;
  const sent = await sendRaw(
    listener.address.port,
    { from: 'rechnung@lieferant.test', to: [addr.body.email] },
    raw,
  );
  assert.equal(sent.code, 250, sent.response);
  const messageId = /Stored as (inm_\w+)/.exec(sent.response)?.[1];
  assert.ok(messageId, sent.response);
  await readAll();
  const msg = await svc.req<{ status: string }>('GET', `/v1/inbound/messages/${messageId}`, {
    token: other.key,
  });
  assert.equal(msg.status, 200, msg.text);
  assert.equal(msg.body.status, 'needs_review', msg.text);
  const list = await svc.req<{ data: { id: string; inbound_message_id: string }[] }>(
    'GET',
    '/v1/captures?status=needs_review',
    { token: other.readKey },
  );
  assert.equal(list.status, 200, list.text);
  const caps = list.body.data.filter((c) => c.inbound_message_id === messageId);
  assert.equal(caps.length, 1, list.text);
  const c = await reviewed(caps[0]!.id, other);
  assert.match(
    c.notes[0]!,
    /^The embedded e-invoice zugferd-invoice\.xml was not used: the root element html is neither a UBL/,
  );
});

test('a Factur-X breaking a calculation rule (BR-CO-15) is captured with the rule in the note; the refused bill leaves no seller behind', async () => {
  const receiver = await makeParty(svc, 'Acheteur SARL');
  const RECEIVER = { ...BUYER, electronic_address: { scheme: '9957', value: 'FR40303265045' } };
  const set = await svc.req('PATCH', '/v1/organization', { token: receiver.org.session, body: RECEIVER });
  assert.equal(set.status, 200, set.text);
  const xml = addressedTo(
    readFileSync(
      join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples', 'cii_examples_CII_example1.xml'),
      'utf8',
    ),
    RECEIVER.vat_id,
  ).replace(
    /<ram:GrandTotalAmount>([^<]*)<\/ram:GrandTotalAmount>/,
    '<ram:GrandTotalAmount>1.00</ram:GrandTotalAmount>',
  );
  const orgs = async () =>
    (
      await svc.ctx.db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const before = await orgs();
  const r = await svc.req<Upload>('POST', '/v1/inbound/documents', {
    token: receiver.key,
    body: {
      content_base64: (await facturx(xml, 'factur-x.xml', 'c')).toString('base64'),
      filename: 'Facture.pdf',
    },
  });
  assert.equal(r.status, 202, r.text);
  assert.equal(r.body.capture_ids.length, 1);
  assert.equal(await orgs(), before, 'the seller the refused bill added is undone');
  await readAll();
  const c = await reviewed(r.body.capture_ids[0]!, receiver);
  assert.match(
    c.notes[0]!,
    /^The embedded e-invoice factur-x\.xml was not used: .*BR-CO-15.*; the PDF's pages were read instead\.$/,
  );
});

test('a flate bomb in the embedded file stays refused: a hostile file is not captured', async () => {
  const doc = await PDFDocument.load(PDF);
  await doc.attach(Buffer.from('<x/>'), 'factur-x.xml', { mimeType: 'text/xml' });
  const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
  // the embedded stream replaced by 4 MiB of zeros deflated (past the 1 MiB bound)
  const bomb = await PDFDocument.load(pdf);
  const ef = bomb.context
    .enumerateIndirectObjects()
    .map(([, o]) => o)
    .find((o) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Type')) === PDFName.of('EmbeddedFile'));
  assert.ok(ef, 'the embedded file stream');
  const raw = bomb.context.stream(deflateSync(Buffer.alloc(4 * 1024 * 1024)), {
    Type: 'EmbeddedFile',
    Filter: 'FlateDecode',
  });
  const ref = bomb.context.getObjectRef(ef!);
  assert.ok(ref);
  bomb.context.assign(ref, raw);
  const r = await upload(Buffer.from(await bomb.save()), 'Bombe.pdf');
  assert.equal(r.status, 400, r.text);
  assert.match(r.body.error.message, /larger than 1 MiB when uncompressed/);
  const caps = await svc.ctx.db
    .selectFrom('captures')
    .select('id')
    .where('inbound_message_id', '=', r.body.error.details.inbound_message_id)
    .execute();
  assert.deepEqual(caps, [], 'nothing to review');
});

test('a pure XML file that is not an e-invoice stays refused: there are no pages to read', async () => {
  const r = await upload(Buffer.from('<?xml version="1.0"?><html/>'), 'invoice.xml');
  assert.equal(r.status, 400, r.text);
  assert.match(r.body.error.message, /The root element html is neither a UBL/);
  const caps = await svc.ctx.db
    .selectFrom('captures')
    .select('id')
    .where('inbound_message_id', '=', r.body.error.details.inbound_message_id)
    .execute();
  assert.deepEqual(caps, []);
});

test('with OCR off, a PDF without a text layer whose embedded e-invoice is refused is refused with both reasons', async () => {
  const off = await startTestService({ DOCEX_OCR: 'off' });
  try {
    const who = await makeParty(off, 'Kunden AG Süd');
    // a page that is a picture (a scan), no text layer
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    await doc.attach(Buffer.from('<not xml'), 'factur-x.xml', { mimeType: 'text/xml' });
    const r = await off.req<Upload>('POST', '/v1/inbound/documents', {
      token: who.key,
      body: { content_base64: Buffer.from(await doc.save()).toString('base64'), filename: 'Scan.pdf' },
    });
    assert.equal(r.status, 202, r.text);
    while ((await processInboundPass(off.ctx)).handled > 0);
    while ((await captureReadPass(off.ctx)).handled > 0);
    const m = await off.req<{ status: string; reasons: string[] }>(
      'GET',
      `/v1/inbound/messages/${r.body.id}`,
      {
        token: who.readKey,
      },
    );
    assert.equal(m.body.status, 'refused', m.text);
    const why = m.body.reasons.join(' ');
    assert.match(
      why,
      /The embedded e-invoice factur-x\.xml was not used: factur-x\.xml is not well-formed XML/,
    );
    assert.match(why, /needs OCR, which is off on this server \(DOCEX_OCR=off\)/);
  } finally {
    await off.close();
  }
});
