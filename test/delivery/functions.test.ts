// The functions other families call (CONTRACT 11.2-11.3): queueEmail (a claim code, a reply),
// markDeliveryViewed (the recipient link's first GET) and markDeliveryBounced (a DSN).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { simpleParser } from 'mailparser';
import { inTransaction } from '../../src/db/transaction.ts';
import { markDeliveryBounced, markDeliveryViewed } from '../../src/modules/delivery/deliveries.ts';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { queueEmail } from '../../src/modules/delivery/queue.ts';
import { mintKey, type SignedUp, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { type Sink, startSink } from './smtp-sink.ts';

let svc: TestService;
let sink: Sink;
let issuer: SignedUp;
let key: string;

before(async () => {
  sink = await startSink();
  svc = await startTestService({
    DOCEX_SMTP_URL: sink.url,
    DOCEX_MAIL_FROM: 'billing@docex.test',
    DOCEX_INBOUND_DOMAIN: 'in.docex.test',
  });
  issuer = await signup(svc, 'Functions Seller');
  key = (await mintKey(svc, issuer.session, ['documents:read', 'documents:write'])).key;
});
after(async () => {
  await svc?.close();
  await sink?.close();
});

async function documentToParty(): Promise<{ docId: string; partyId: string }> {
  const c = await svc.req<{ id: string; counterparty: { id: string } }>('POST', '/v1/connections', {
    token: issuer.session,
    body: { external_party: { name: 'Fn Buyer', email: 'ap@fn.test' } },
  });
  assert.equal(c.status, 201, c.text);
  const d = await svc.req<{ id: string }>('POST', '/v1/documents', {
    token: key,
    body: {
      connection_id: c.body.id,
      document_type: 'purchase_order',
      line_items: [{ description: 'Pens', quantity: 1, unit_price: 5, tax_rate: 0 }],
    },
  });
  assert.equal(d.status, 201, d.text);
  const i = await svc.req('POST', `/v1/documents/${d.body.id}/issue`, { token: key });
  assert.equal(i.status, 200, i.text);
  return { docId: d.body.id, partyId: c.body.counterparty.id };
}

describe('delivery functions', () => {
  test('queueEmail: sent live with the bounce address as envelope sender; a live claim code is never readable by the sender', async () => {
    const { docId, partyId } = await documentToParty();
    const q = await inTransaction(svc.ctx.db, (tx) =>
      queueEmail(svc.ctx, tx, {
        organizationId: issuer.orgId,
        fromName: 'Functions Seller',
        to: 'ap@fn.test',
        subject: 'Your code: 12345678',
        text: 'Your code is 12345678.',
        documentId: docId,
        externalPartyId: partyId,
        sandbox: false,
        kind: 'claim_code',
      }),
    );
    assert.match(q.id, /^dlv_/);
    await deliverEmails(svc.ctx);
    const got = sink.received.find((r) => r.raw.toString('latin1').includes(q.messageId));
    assert.ok(got, 'the claim code was sent');
    // tagged with an HMAC of the delivery id (CONTRACT 11.2, version 1.18.0)
    assert.match(got?.from ?? '', new RegExp(`^bounce\\+${q.id}\\.[0-9a-f]{20}@in\\.docex\\.test$`));
    const mail = await simpleParser(got!.raw);
    assert.equal(mail.subject, 'Your code: 12345678');
    const res = await svc.req('GET', `/v1/documents/${docId}/deliveries/${q.id}/message`, { token: key });
    assert.equal(res.status, 404);
    const row = await svc.ctx.db
      .selectFrom('deliveries')
      .select(['status', 'message'])
      .where('id', '=', q.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'sent');
    assert.equal(row.message, null);
  });

  test('markDeliveryViewed: the first view of the link sets viewed_at and emits document.viewed once', async () => {
    const { docId } = await documentToParty();
    await deliverEmails(svc.ctx);
    const row = await svc.ctx.db
      .selectFrom('deliveries')
      .select(['id', 'recipient_link_id'])
      .where('document_id', '=', docId)
      .where('kind', '=', 'document')
      .executeTakeFirstOrThrow();
    assert.ok(row.recipient_link_id);
    const linkId = row.recipient_link_id as string;
    assert.equal(await inTransaction(svc.ctx.db, (tx) => markDeliveryViewed(svc.ctx, tx, linkId)), true);
    assert.equal(await inTransaction(svc.ctx.db, (tx) => markDeliveryViewed(svc.ctx, tx, linkId)), false);
    const list = await svc.req<{ data: Array<{ id: string; viewed_at: string | null }> }>(
      'GET',
      `/v1/documents/${docId}/deliveries`,
      { token: key },
    );
    assert.ok(list.body.data.find((d) => d.id === row.id)?.viewed_at);
    const events = await svc.req<{ data: Array<{ data: { delivery: { id: string } } }> }>(
      'GET',
      '/v1/events?type=document.viewed',
      { token: key },
    );
    assert.equal(events.body.data.filter((e) => e.data.delivery.id === row.id).length, 1);
  });

  test('markDeliveryBounced: bounced with the DSN status, document.delivery_failed; unknown ids are refused', async () => {
    const { docId } = await documentToParty();
    await deliverEmails(svc.ctx);
    const row = await svc.ctx.db
      .selectFrom('deliveries')
      .select('id')
      .where('document_id', '=', docId)
      .executeTakeFirstOrThrow();
    assert.equal(
      await inTransaction(svc.ctx.db, (tx) => markDeliveryBounced(svc.ctx, tx, row.id, '5.1.1\r\n')),
      true,
    );
    assert.equal(
      await inTransaction(svc.ctx.db, (tx) => markDeliveryBounced(svc.ctx, tx, row.id, '5.1.1')),
      false,
    );
    assert.equal(
      await inTransaction(svc.ctx.db, (tx) => markDeliveryBounced(svc.ctx, tx, 'dlv_nope', '5.1.1')),
      false,
    );
    const list = await svc.req<{ data: Array<{ id: string; status: string; bounce_status: string | null }> }>(
      'GET',
      `/v1/documents/${docId}/deliveries`,
      { token: key },
    );
    const d = list.body.data.find((x) => x.id === row.id);
    assert.equal(d?.status, 'bounced');
    assert.equal(d?.bounce_status, '5.1.1');
    const events = await svc.req<{ data: Array<{ data: { delivery: { id: string } } }> }>(
      'GET',
      '/v1/events?type=document.delivery_failed',
      { token: key },
    );
    assert.ok(events.body.data.some((e) => e.data.delivery.id === row.id));
  });
});
