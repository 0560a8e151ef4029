// End to end through the documents API: issuing a document delivers document.status_changed to
// the issuer's endpoint and document.created to the counterparty's, each in its own projection
// (CONTRACT 5), signed with each endpoint's own secret.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { verifyWebhook } from '../../src/verify-webhook.ts';
import { connect, mintKey, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { createEndpoint, drain, type Receiver, startReceiver } from './helpers.ts';

const HAS_DOCUMENTS = existsSync(new URL('../../src/modules/documents/routes.ts', import.meta.url));
let svc: TestService;
const receivers: Receiver[] = [];
before(async () => {
  if (!HAS_DOCUMENTS) return;
  svc = await startTestService();
  receivers.push(await startReceiver(), await startReceiver());
});
after(async () => {
  for (const r of receivers) await r.close();
  await svc?.close();
});

interface Doc {
  id: string;
  number: string;
  label: string;
  direction: string;
  status: string;
}

test('issuing a document: status_changed to the issuer, created to the counterparty, each its own view', {
  skip: HAS_DOCUMENTS ? false : 'the documents module is not in this tree yet',
}, async () => {
  const [issuerHooks, counterpartyHooks] = receivers as [Receiver, Receiver];
  const issuer = await signup(svc, 'Seller Inc');
  const counterparty = await signup(svc, 'Buyer Ltd');
  const connectionId = await connect(svc, issuer, counterparty);
  const issuerKey = await mintKey(svc, issuer.session, ['documents:read', 'documents:write']);
  const counterpartyKey = await mintKey(svc, counterparty.session, ['documents:read']);
  const issuerEp = await createEndpoint(svc, issuer.session, issuerHooks.url);
  const counterpartyEp = await createEndpoint(svc, counterparty.session, counterpartyHooks.url);

  const draft = await svc.req<Doc>('POST', '/v1/documents', {
    token: issuerKey.key,
    body: {
      connection_id: connectionId,
      document_type: 'invoice',
      line_items: [{ description: 'Widget', quantity: 2, unit_price: 10, tax_rate: 0.1 }],
    },
  });
  assert.equal(draft.status, 201, draft.text);
  await drain(svc);
  assert.deepEqual(
    issuerHooks.received.map((r) => r.body.type),
    ['document.created'],
  );
  assert.equal(counterpartyHooks.received.length, 0, 'a draft is the issuer’s alone');

  const issued = await svc.req<Doc>('POST', `/v1/documents/${draft.body.id}/issue`, { token: issuerKey.key });
  assert.equal(issued.status, 200, issued.text);
  await drain(svc);

  const toIssuer = issuerHooks.received.find((r) => r.body.type === 'document.status_changed');
  assert.ok(toIssuer, 'the issuer hears of the status change');
  const toCounterparty = counterpartyHooks.received.filter((r) => r.body.type === 'document.created');
  assert.equal(toCounterparty.length, 1, 'the counterparty hears of the document for the first time');
  assert.ok(!counterpartyHooks.received.some((r) => r.body.type === 'document.status_changed'));

  const now = svc.ctx.clock.now();
  const issuerEvent = verifyWebhook({
    rawBody: toIssuer.rawBody,
    headers: toIssuer.headers,
    secrets: issuerEp.secret,
    now,
  });
  const counterpartyEvent = verifyWebhook({
    rawBody: toCounterparty[0]!.rawBody,
    headers: toCounterparty[0]!.headers,
    secrets: counterpartyEp.secret,
    now,
  });
  assert.throws(() =>
    verifyWebhook({
      rawBody: toIssuer.rawBody,
      headers: toIssuer.headers,
      secrets: counterpartyEp.secret,
      now,
    }),
  );
  assert.notEqual(issuerEvent.id, counterpartyEvent.id, 'one event per receiving organization');

  const issuerDoc = issuerEvent.data.document as Doc;
  const counterpartyDoc = counterpartyEvent.data.document as Doc;
  assert.equal(issuerEvent.data.previous_status, 'draft');
  assert.equal(issuerDoc.id, draft.body.id);
  assert.equal(counterpartyDoc.id, draft.body.id);
  assert.equal(issuerDoc.label, 'Invoice');
  assert.equal(issuerDoc.direction, 'sent');
  assert.match(issuerDoc.number, /^INV-\d{6}$/);
  assert.equal(counterpartyDoc.label, 'Bill');
  assert.equal(counterpartyDoc.direction, 'received');
  assert.match(counterpartyDoc.number, /^BILL-\d{6}$/);
  assert.equal(issuerDoc.status, 'submitted');
  assert.equal(counterpartyDoc.status, 'submitted');

  // data.document is the document as GET /v1/documents/{id} returns it for that receiver.
  const issuerRead = await svc.req<Doc>('GET', `/v1/documents/${draft.body.id}`, { token: issuerKey.key });
  const counterpartyRead = await svc.req<Doc>('GET', `/v1/documents/${draft.body.id}`, {
    token: counterpartyKey.key,
  });
  assert.deepEqual(issuerDoc, issuerRead.body);
  assert.deepEqual(counterpartyDoc, counterpartyRead.body);

  // And GET /v1/events shows each organization its own envelopes.
  const listed = await svc.req<{ data: Array<{ id: string }> }>('GET', '/v1/events', {
    token: counterpartyKey.key,
  });
  assert.deepEqual(
    listed.body.data.map((e) => e.id),
    [counterpartyEvent.id],
  );
});
