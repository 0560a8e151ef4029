// Auto-confirm (CONTRACT 13) on the database the suite runs on: PATCH /v1/organization
// {capture: {auto_confirm}} and the rule autoConfirmPort applies after a capture is read (on, all
// required fields `high`, a known supplier), the bill made at once with actor capture_auto and the
// §11.5 holds unchanged.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { inTransaction } from '../../src/db/transaction.ts';
import { storeLayout } from '../../src/modules/capture/learn.ts';
import { autoConfirmPort } from '../../src/modules/capture/ports.ts';
import { insertCapture } from '../helpers/capture-rows.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

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

const KEY = 'vat:DE123456789';
const FIELDS = {
  number: 'A-1',
  issue_date: '2026-11-01',
  currency: 'EUR',
  total_net: '100.00',
  total_tax: '19.00',
  total: '119.00',
  seller_name: 'Papier GmbH',
  seller_vat_id: 'DE123456789',
};

const setAuto = (on: boolean) =>
  svc.req<{ capture: { auto_confirm: boolean } }>('PATCH', '/v1/organization', {
    token: buyer.org.session,
    body: { capture: { auto_confirm: on } },
  });
const run = (captureId: string) =>
  inTransaction(svc.ctx.db, (trx) => autoConfirmPort.need()(svc.ctx, trx, captureId, svc.ctx.clock.now()));
const capture = (id: string) =>
  svc.ctx.db.selectFrom('captures').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

test('PATCH /v1/organization {capture: {auto_confirm}}: an admin session sets it, GET shows it, a key cannot', async () => {
  const start = await svc.req<{ capture: { auto_confirm: boolean } }>('GET', '/v1/organization', {
    token: buyer.key,
  });
  assert.deepEqual(start.body.capture, { auto_confirm: false });
  const on = await setAuto(true);
  assert.equal(on.status, 200, on.text);
  assert.deepEqual(on.body.capture, { auto_confirm: true });
  const read = await svc.req<{ capture: { auto_confirm: boolean }; legal_profile: { legal_name: string } }>(
    'GET',
    '/v1/organization',
    { token: buyer.key },
  );
  assert.deepEqual(read.body.capture, { auto_confirm: true });
  assert.equal(read.body.legal_profile.legal_name, BUYER.legal_name, 'the profile is left alone');
  const byKey = await svc.req('PATCH', '/v1/organization', {
    token: buyer.key,
    body: { capture: { auto_confirm: false } },
  });
  assert.equal(byKey.status, 403, byKey.text);
  const bad = await svc.req('PATCH', '/v1/organization', {
    token: buyer.org.session,
    body: { capture: { auto_confirm: 'yes' } },
  });
  assert.equal(bad.status, 400, bad.text);
  assert.equal((await setAuto(false)).status, 200);
});

test('auto-confirm: off, an unknown supplier, or a required field not high leave the capture for a person', async () => {
  const org = buyer.org.orgId;
  await inTransaction(svc.ctx.db, (trx) => storeLayout(trx, org, [KEY], { version: 1 }, svc.ctx.clock.now()));
  const off = await insertCapture(svc, { organizationId: org, fields: FIELDS, supplierKeys: [KEY] });
  assert.equal(await run(off.captureId), false, 'the setting is off');
  assert.equal((await capture(off.captureId)).status, 'needs_review');
  assert.equal((await setAuto(true)).status, 200);
  const unknown = await insertCapture(svc, {
    organizationId: org,
    fields: { ...FIELDS, number: 'A-2', seller_vat_id: 'DE999999999' },
    supplierKeys: ['vat:DE999999999'],
  });
  assert.equal(await run(unknown.captureId), false, 'no confirmed capture of this supplier');
  const low = await insertCapture(svc, {
    organizationId: org,
    fields: { ...FIELDS, number: 'A-3', issue_date: { value: '2026-11-01', confidence: 'low' } },
    supplierKeys: [KEY],
  });
  assert.equal(await run(low.captureId), false, 'the issue date was not read high');
  for (const id of [unknown.captureId, low.captureId])
    assert.equal((await capture(id)).status, 'needs_review');
  assert.equal((await setAuto(false)).status, 200);
});

test('auto-confirm: a known supplier’s all-high capture becomes a bill at once, actor capture_auto, a new IBAN still held', async () => {
  const org = buyer.org.orgId;
  await inTransaction(svc.ctx.db, (trx) => storeLayout(trx, org, [KEY], { version: 1 }, svc.ctx.clock.now()));
  assert.equal((await setAuto(true)).status, 200);
  const { captureId, messageId } = await insertCapture(svc, {
    organizationId: org,
    fields: { ...FIELDS, number: 'A-10', iban: 'DE89370400440532013000' },
    supplierKeys: [KEY],
  });
  assert.equal(await run(captureId), true);
  const row = await capture(captureId);
  assert.equal(row.status, 'confirmed');
  assert.deepEqual(row.confirmed_by, { kind: 'capture_auto', id: null });
  assert.ok(row.document_id);
  const doc = await svc.req<{ total: number; payment_hold: { reason: string } | null }>(
    'GET',
    `/v1/documents/${row.document_id}`,
    { token: buyer.key },
  );
  assert.equal(doc.body.total, 119);
  assert.equal(doc.body.payment_hold?.reason, 'payment_account_new', '§11.5 holds apply unchanged');
  const hist = await svc.req<{
    entries: { action: string; actor: { kind: string }; changes: { confirmed_by?: string } }[];
  }>('GET', `/v1/documents/${row.document_id}/history`, { token: buyer.key });
  const entry = hist.body.entries.find((e) => e.action === 'capture_confirmed');
  assert.equal(entry?.changes.confirmed_by, 'capture_auto');
  assert.equal(entry?.actor.kind, 'system');
  const m = await svc.req<{ status: string; document_ids: string[] }>(
    'GET',
    `/v1/inbound/messages/${messageId}`,
    {
      token: buyer.key,
    },
  );
  assert.deepEqual([m.body.status, m.body.document_ids], ['accepted', [row.document_id]]);
  // the API shows it confirmed by docex; confirming it again answers it unchanged
  const again = await svc.req<{ status: string; confirmed_by: unknown }>(
    'POST',
    `/v1/captures/${captureId}/confirm`,
    {
      token: buyer.key,
      body: {},
    },
  );
  assert.equal(again.status, 200, again.text);
  assert.deepEqual(again.body.confirmed_by, { kind: 'capture_auto', id: null });
  assert.equal(await run(captureId), false, 'a confirmed capture is not confirmed twice');
  assert.equal((await setAuto(false)).status, 200);
});
