// The DSN rule's time limits (CONTRACT 11.2, 1.18.0): a delivery status notification that names a
// delivery's own Message-ID on its tagged return path still changes nothing when it arrives more
// than 7 days after the delivery was sent, or after the recipient viewed the document (a bounce
// cannot be true then, and a forged one would hide a document the recipient has). Such a report is
// kept and ignored: an inbound message of the sending organization, refused, saying why; the
// delivery stays `sent`. Real SMTP both ways on loopback, the test clock for the 7 days.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { type RunningListener, startInboundListener } from '../../src/modules/inbound/smtp-listener.ts';
import { type Sink, startSink } from '../delivery/smtp-sink.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { advanceClock } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { dsnReport, INBOUND_DOMAIN, sendRaw } from './helpers.ts';

let sink: Sink;
let svc: TestService;
let listener: RunningListener;
let seller: Party;
let connectionId: string;

before(async () => {
  sink = await startSink();
  svc = await startTestService({
    DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN,
    DOCEX_SMTP_LISTEN: '127.0.0.1:0',
    DOCEX_SMTP_URL: sink.url,
    DOCEX_MAIL_FROM: 'billing@docex.test',
  });
  listener = await startInboundListener(svc.ctx);
  seller = await makeParty(svc, 'Window Seller');
  const p = await svc.req('PATCH', '/v1/organization', { token: seller.org.session, body: SELLER });
  assert.equal(p.status, 200, p.text);
  const c = await svc.req<{ id: string }>('POST', '/v1/connections', {
    token: seller.key,
    body: { external_party: { name: 'Acheteur SARL', email: 'ap@acheteur.test', legal_profile: BUYER } },
  });
  assert.equal(c.status, 201, c.text);
  connectionId = c.body.id;
});
after(async () => {
  await listener?.close();
  await svc?.close();
  await sink?.close();
});

interface Sent {
  deliveryId: string;
  messageId: string;
  returnPath: string;
  token: string;
}

/** An invoice issued to the external party and sent through SMTP: its delivery as it left. */
async function sentInvoice(): Promise<Sent> {
  const created = await svc.req<{ id: string }>('POST', '/v1/documents', {
    token: seller.key,
    body: {
      connection_id: connectionId,
      document_type: 'invoice',
      due_date: '2027-01-15',
      line_items: [{ description: 'Consulting', quantity: 1, unit_price: 100, tax_rate: 0.19 }],
    },
  });
  assert.equal(created.status, 201, created.text);
  const issued = await svc.req('POST', `/v1/documents/${created.body.id}/issue`, { token: seller.key });
  assert.equal(issued.status, 200, issued.text);
  const before = sink.received.length;
  await deliverEmails(svc.ctx);
  const got = sink.received.slice(before);
  assert.equal(got.length, 1);
  const row = await svc.ctx.db
    .selectFrom('deliveries')
    .select(['id', 'message_id', 'status'])
    .where('document_id', '=', created.body.id)
    .executeTakeFirstOrThrow();
  assert.equal(row.status, 'sent');
  const token = /\/r\/([A-Za-z0-9_-]+)/.exec(got[0]!.raw.toString('latin1'))?.[1];
  assert.ok(token, 'the message carries the recipient link');
  assert.match(got[0]!.from, new RegExp(`^bounce\\+${row.id}\\.[0-9a-f]+@`));
  return { deliveryId: row.id, messageId: row.message_id!, returnPath: got[0]!.from, token };
}

async function report(sent: Sent): Promise<string> {
  const r = await sendRaw(
    listener.address.port,
    { from: '', to: [sent.returnPath] },
    dsnReport(sent.returnPath, sent.messageId, 'failed', '5.1.1'),
  );
  assert.equal(r.code, 250, r.response);
  return r.response;
}

const deliveryOf = (id: string) =>
  svc.ctx.db
    .selectFrom('deliveries')
    .select(['status', 'bounce_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The seller's kept inbound messages about this delivery. */
async function keptFor(deliveryId: string) {
  const list = await svc.req<{ data: { status: string; subject: string | null; reasons: string[] }[] }>(
    'GET',
    '/v1/inbound/messages?limit=100',
    { token: seller.key },
  );
  assert.equal(list.status, 200, list.text);
  return list.body.data.filter((m) => m.reasons.some((r) => r.includes(`of delivery ${deliveryId},`)));
}

test('a DSN more than 7 days after sent_at is kept and ignored: the delivery stays sent', async () => {
  const sent = await sentInvoice();
  await advanceClock(svc, 7 * 24 * 3600 + 60);
  assert.match(await report(sent), /nothing recorded/);
  assert.deepEqual(await deliveryOf(sent.deliveryId), { status: 'sent', bounce_status: null });
  const kept = await keptFor(sent.deliveryId);
  assert.equal(kept.length, 1);
  assert.equal(kept[0]!.status, 'refused');
  assert.equal(kept[0]!.subject, 'Undelivered Mail Returned to Sender');
  assert.match(kept[0]!.reasons[0]!, /ignored: it came more than 7 days after the delivery was sent/);
});

test('a DSN after viewed_at is kept and ignored: the delivery stays sent', async () => {
  const sent = await sentInvoice();
  const page = await svc.app.inject({ method: 'GET', url: `/r/${sent.token}` });
  assert.equal(page.statusCode, 200);
  const viewed = await svc.ctx.db
    .selectFrom('deliveries')
    .select('viewed_at')
    .where('id', '=', sent.deliveryId)
    .executeTakeFirstOrThrow();
  assert.notEqual(viewed.viewed_at, null);
  assert.match(await report(sent), /nothing recorded/);
  assert.deepEqual(await deliveryOf(sent.deliveryId), { status: 'sent', bounce_status: null });
  const kept = await keptFor(sent.deliveryId);
  assert.equal(kept.length, 1);
  assert.match(kept[0]!.reasons[0]!, /ignored: the recipient had already viewed the document/);
});

test('within 7 days and before it is viewed, the same report marks it bounced and is not kept', async () => {
  const sent = await sentInvoice();
  await advanceClock(svc, 7 * 24 * 3600 - 60);
  assert.match(await report(sent), /Bounce recorded \(5\.1\.1\)/);
  assert.deepEqual(await deliveryOf(sent.deliveryId), { status: 'bounced', bounce_status: '5.1.1' });
  assert.deepEqual(await keptFor(sent.deliveryId), []);
});
