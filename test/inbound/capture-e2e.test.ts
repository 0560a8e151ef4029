// End to end (CONTRACT §13), on the database the suite runs on, with the real reader (the capture
// pool) and extractor: a supplier's plain PDF (a public Factur-X sample with its embedded XML
// stripped, test/fixtures/capture) arrives by mail and by upload; the inbound pass captures it, the
// capture pass reads it, and the capture waits for review with the fields its key names, its page
// words and its page image; the message is needs_review.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import nodemailer from 'nodemailer';
import type { CaptureFields } from '../../src/lib/capture-shapes.ts';
import { captureReadPass } from '../../src/modules/capture/read-pass.ts';
import { storeMessage } from '../../src/modules/inbound/messages.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

const DIR = join(process.cwd(), 'test', 'fixtures', 'capture', 'akretion-factur-x');
const PDF = readFileSync(join(DIR, 'invoice_EN16931.pdf'));
const KEY = JSON.parse(readFileSync(join(DIR, 'invoice_EN16931.key.json'), 'utf8')) as {
  fields: Record<string, unknown>;
};

let svc: TestService;
let buyer: Party;

before(async () => {
  svc = await startTestService();
  buyer = await makeParty(svc, 'Kunden AG Mitte');
});
after(async () => {
  await svc?.close();
});

interface CaptureBody {
  id: string;
  status: string;
  method: string;
  inbound_message_id: string;
  file: { filename: string; pages: number };
  fields: CaptureFields;
}

async function readAll(): Promise<void> {
  while ((await processInboundPass(svc.ctx)).handled > 0);
  while ((await captureReadPass(svc.ctx)).handled > 0);
}

async function checkRead(id: string): Promise<CaptureBody> {
  const c = await svc.req<CaptureBody>('GET', `/v1/captures/${id}`, { token: buyer.readKey });
  assert.equal(c.status, 200, c.text);
  assert.equal(c.body.status, 'needs_review');
  assert.equal(c.body.method, 'text');
  assert.ok(c.body.file.pages >= 1, String(c.body.file.pages));
  for (const f of ['number', 'issue_date', 'currency', 'total'] as const)
    assert.equal(c.body.fields[f]?.value, KEY.fields[f], `${f}: ${JSON.stringify(c.body.fields[f])}`);
  return c.body;
}

test('a plain PDF by mail: captured, read, waiting for review with its fields, words and page image', async () => {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const raw = (
    await t.sendMail({
      from: 'rechnung@lieferant.test',
      to: 'k3vq7x2m4pa6ty5rnw2c@inbound.docex.test',
      subject: 'Facture F20260023',
      text: 'Anbei unsere Rechnung.',
      attachments: [{ filename: 'Facture-F20260023.pdf', content: PDF }],
    })
  ).message as Buffer;
  const [messageId] = await storeMessage(svc.ctx.db, {
    organizationIds: [buyer.org.orgId],
    channel: 'email',
    envelopeFrom: 'rechnung@lieferant.test',
    raw,
    headers: { from: 'rechnung@lieferant.test', subject: 'Facture F20260023', messageId: null },
    now: svc.ctx.clock.now(),
  });
  await readAll();
  const m = await svc.req<{ status: string; document_ids: string[] }>(
    'GET',
    `/v1/inbound/messages/${messageId}`,
    {
      token: buyer.readKey,
    },
  );
  assert.equal(m.body.status, 'needs_review', m.text);
  const list = await svc.req<{ data: CaptureBody[] }>('GET', '/v1/captures?status=needs_review', {
    token: buyer.readKey,
  });
  const mine = list.body.data.filter((c) => c.inbound_message_id === messageId);
  assert.equal(mine.length, 1, list.text);
  const c = await checkRead(mine[0]!.id);
  assert.equal(c.file.filename, 'Facture-F20260023.pdf');
  const words = await svc.req<{ width: number; words: { text: string }[] }>(
    'GET',
    `/v1/captures/${c.id}/pages/1/words`,
    { token: buyer.readKey },
  );
  assert.equal(words.status, 200, words.text);
  assert.ok(
    words.body.words.some((w) => w.text.includes('F20260023')),
    'the number is among the words',
  );
  const png = await svc.app.inject({
    method: 'GET',
    url: `/v1/captures/${c.id}/pages/1`,
    headers: { authorization: `Bearer ${buyer.readKey}` },
  });
  assert.equal(png.statusCode, 200, png.body.slice(0, 300));
  assert.equal(png.headers['content-type'], 'image/png');
  assert.match(String(png.headers['cache-control']), /^private/);
  assert.deepEqual([...png.rawPayload.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const events = await svc.ctx.db
    .selectFrom('events')
    .select('envelope')
    .where('type', '=', 'capture.needs_review')
    .where('organization_id', '=', buyer.org.orgId)
    .execute();
  assert.ok(
    events.some(
      (e) => (JSON.parse(e.envelope) as { data: { capture: { id: string } } }).data.capture.id === c.id,
    ),
  );
});

test('the same PDF uploaded: 202 with the capture the mail made, waiting for review', async () => {
  const up = await svc.req<{ id: string; status: string; capture_ids: string[] }>(
    'POST',
    '/v1/inbound/documents',
    {
      token: buyer.key,
      body: { content_base64: PDF.toString('base64'), filename: 'invoice_EN16931.pdf' },
    },
  );
  assert.equal(up.status, 202, up.text);
  // the very bytes the mail above brought: no second capture to review, the upload answers the
  // mail's, already read (docs/capture.md "The same file twice")
  assert.equal(up.body.status, 'needs_review');
  await readAll();
  const c = await checkRead(up.body.capture_ids[0]!);
  assert.notEqual(c.inbound_message_id, up.body.id, "the mail's capture");
  const m = await svc.req<{ status: string }>('GET', `/v1/inbound/messages/${up.body.id}`, {
    token: buyer.readKey,
  });
  assert.equal(m.body.status, 'needs_review');
});
