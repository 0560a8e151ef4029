// The capture resource is one resource (issue 51): one shape in every answer (GET, the list,
// confirm, reject), the rejection's reason, time and actor shown and its reason checked, and one
// lock for every change with the same errors everywhere: 404 for an unknown id or another
// organization's, 409 for a capture in the wrong state (still being read, confirmed, a duplicate,
// rejected). On the database the suite runs on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { insertCapture, invoiceFields, read } from '../helpers/captures.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let a: Party;
let b: Party;

before(async () => {
  svc = await startTestService();
  [a, b] = await Promise.all([makeParty(svc, 'Resource A'), makeParty(svc, 'Resource B')]);
  const set = await svc.req('PATCH', '/v1/organization', { token: a.org.session, body: BUYER });
  assert.equal(set.status, 200, set.text);
});
after(async () => {
  await svc?.close();
});

interface CaptureBody {
  id: string;
  status: string;
  inbound_message_id: string;
  rejected_at: string | null;
  rejected_by: { kind: string; id: string | null } | null;
  rejected_reason: string | null;
  [k: string]: unknown;
}
interface ErrorBody {
  error: { code: string; message: string; details: { errors?: { path: string; message: string }[] } };
}

const get = (id: string, token = a.readKey) => svc.req<CaptureBody>('GET', `/v1/captures/${id}`, { token });
const listed = async (id: string) =>
  (
    await svc.req<{ data: CaptureBody[] }>('GET', '/v1/captures?limit=100', { token: a.readKey })
  ).body.data.find((c) => c.id === id);
const reject = (id: string, body: unknown, token = a.key) =>
  svc.req<CaptureBody & ErrorBody>('POST', `/v1/captures/${id}/reject`, { token, body });
const confirm = (id: string, body: unknown = {}, token = a.key) =>
  svc.req<CaptureBody & ErrorBody>('POST', `/v1/captures/${id}/confirm`, { token, body });

test('reject: the reason, when and by whom are shown, the same object as GET and the list', async () => {
  const { id, messageId } = await insertCapture(svc, a.org.orgId);
  const before = await get(id);
  assert.equal(before.body.rejected_reason, null);
  const t0 = svc.ctx.clock.now().toISOString();
  const r = await reject(id, { reason: '  Not an invoice: a delivery note.  ' });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.status, 'rejected');
  assert.equal(r.body.rejected_reason, 'Not an invoice: a delivery note.', 'trimmed');
  assert.ok(r.body.rejected_at! >= t0 && r.body.rejected_at! <= svc.ctx.clock.now().toISOString(), r.text);
  assert.deepEqual(r.body.rejected_by, { kind: 'api_key', id: a.keyId });
  assert.deepEqual((await get(id)).body, r.body);
  assert.deepEqual(await listed(id), r.body);
  // the message lists nothing as refused: a person closed it
  const m = await svc.req<{ status: string }>('GET', `/v1/inbound/messages/${messageId}`, {
    token: a.readKey,
  });
  assert.equal(m.body.status, 'accepted');
  // with a session: the user
  const other = await insertCapture(svc, a.org.orgId);
  const s = await reject(other.id, { reason: 'A copy.' }, a.org.session);
  assert.equal(s.status, 200, s.text);
  assert.equal(s.body.rejected_by?.kind, 'user');
  assert.match(String(s.body.rejected_by?.id), /^usr_/);
});

test('reject: a reason is required, 1 to 1000 characters once trimmed, in the error envelope naming `reason`', async () => {
  const { id } = await insertCapture(svc, a.org.orgId);
  for (const [body, what] of [
    [{}, /reason/i],
    [{ reason: '' }, /reason/i],
    [{ reason: '   \n ' }, /reason is empty/],
    [{ reason: 'x'.repeat(1001) }, /reason/i],
    [{ reason: 'bad \u0000 byte' }, /reason/i],
  ] as const) {
    const e = await reject(id, body);
    assert.equal(e.status, 400, `${JSON.stringify(body).slice(0, 40)}: ${e.text}`);
    assert.equal(e.body.error.code, 'invalid_request');
    assert.match(e.body.error.message, what);
    assert.ok(
      e.body.error.details.errors?.some((x) => x.path.replace(/^\/?(body\.)?/, '').includes('reason')),
      e.text,
    );
  }
  assert.equal((await get(id)).body.status, 'needs_review', 'nothing written');
  const ok = await reject(id, { reason: 'x'.repeat(1000) });
  assert.equal(ok.status, 200, ok.text);
});

test('a capture the reader refused shows docex as who rejected it, with its reason', async () => {
  // as the read pass leaves one (read-pass.test.ts reads one for real)
  const { id } = await insertCapture(svc, a.org.orgId);
  await svc.ctx.db
    .updateTable('captures')
    .set({
      status: 'rejected',
      reject_reason: 'OCR is off (DOCEX_OCR=off): this scan was not read.',
      rejected_at: svc.ctx.clock.now(),
      rejected_by: JSON.stringify({ kind: 'capture_auto', id: null }),
    })
    .where('id', '=', id)
    .execute();
  const r = await get(id);
  assert.deepEqual(r.body.rejected_by, { kind: 'capture_auto', id: null });
  assert.match(String(r.body.rejected_reason), /OCR is off/);
});

test('one lock, the same errors: 404 unknown or another organization’s, 409 for the wrong state', async () => {
  const body = { reason: 'x' };
  // unknown, and another organization's: 404 from every operation, the same words
  const mine = await insertCapture(svc, a.org.orgId);
  for (const [what, r] of [
    ['GET unknown', await get('cap_doesnotexist')],
    ['confirm unknown', await confirm('cap_doesnotexist')],
    ['reject unknown', await reject('cap_doesnotexist', body)],
    ['GET theirs', await get(mine.id, b.readKey)],
    ['confirm theirs', await confirm(mine.id, {}, b.key)],
    ['reject theirs', await reject(mine.id, body, b.key)],
  ] as const) {
    assert.equal(r.status, 404, `${what}: ${r.text}`);
    assert.equal((r.body as ErrorBody).error.code, 'not_found', what);
    assert.equal((r.body as ErrorBody).error.message, 'No capture with this id.', what);
  }
  // still being read: both changes 409 (it exists: the upload's 202 named it); GET 404 saying so
  const reading = await insertCapture(svc, a.org.orgId, { status: 'reading' });
  for (const r of [await confirm(reading.id), await reject(reading.id, body)]) {
    assert.equal(r.status, 409, r.text);
    assert.equal(r.body.error.code, 'conflict');
    assert.match(r.body.error.message, /still being read/);
  }
  const g = await get(reading.id);
  assert.equal(g.status, 404, g.text);
  assert.match((g.body as unknown as ErrorBody).error.message, /still being read/);
  // closed ones: 409 for the change that no longer applies
  const confirmed = await insertCapture(svc, a.org.orgId, { status: 'confirmed', documentId: 'doc_made' });
  assert.equal((await reject(confirmed.id, body)).status, 409);
  const dup = await insertCapture(svc, a.org.orgId, { status: 'duplicate', duplicateOf: 'doc_earlier' });
  assert.equal((await reject(dup.id, body)).status, 409);
  assert.equal((await confirm(dup.id)).status, 409);
  const rejected = await insertCapture(svc, a.org.orgId);
  assert.equal((await reject(rejected.id, body)).status, 200);
  assert.equal((await confirm(rejected.id)).status, 409);
});

test('confirm answers the one capture object: GET and the list after it answer the same', async () => {
  const { id } = await insertCapture(svc, a.org.orgId, {
    fields: invoiceFields({ number: read('lNV-9', 'low'), seller_name: read('Papier GmbH') }),
  });
  const r = await confirm(id, { fields: { number: 'INV-9' } });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.status, 'confirmed');
  assert.ok(r.body.confirmed_at, r.text);
  assert.deepEqual((r.body as unknown as { corrections: unknown[] }).corrections, [
    {
      field: 'number',
      value: 'INV-9',
      replaced: 'lNV-9',
      corrected_by: { kind: 'api_key', id: a.keyId },
      corrected_at: r.body.confirmed_at,
    },
  ]);
  assert.deepEqual((await get(id)).body, r.body);
  assert.deepEqual(await listed(id), r.body);
  assert.equal(r.body.rejected_reason, null);
});
