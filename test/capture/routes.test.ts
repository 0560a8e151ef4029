// The capture resource's routes (CONTRACT §13) on the database the suite runs on: the §13 object
// exactly, the list newest first with its cursor and status filter, a page's words, a page out of
// range, reject (replayed, 409 for a confirmed one), scopes, and isolation between organizations
// (live and sandbox alike: another organization's capture is 404). A capture still being read is
// not listed and is 404 by id.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { FIELD_NAMES } from '../../src/modules/capture/captures.ts';
import { insertCapture, invoiceFields, page, read } from '../helpers/captures.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { mintKey } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let a: Party;
let b: Party;

before(async () => {
  svc = await startTestService();
  [a, b] = await Promise.all([makeParty(svc, 'Capture A'), makeParty(svc, 'Capture B')]);
});
after(async () => {
  await svc?.close();
});

interface CaptureBody {
  id: string;
  status: string;
  inbound_message_id: string;
  fields: Record<string, { value: unknown } | null>;
  [k: string]: unknown;
}
interface ListBody {
  data: CaptureBody[];
  has_more: boolean;
  next_cursor: string | null;
}
interface ErrorBody {
  error: { code: string; message: string };
}

test('GET /v1/captures/{id}: the §13 object, exactly', async () => {
  const at = new Date(svc.ctx.clock.now().getTime() - 1000);
  const { id, messageId } = await insertCapture(svc, a.org.orgId, {
    fields: invoiceFields({ buyer_name: read('Capture A', 'low') }),
    lines: [{ description: 'Paper', quantity: '10', unit_price: '10.00', net: '100.00', tax_rate: '19' }],
    pages: [page(1), page(2)],
    createdAt: at,
  });
  const r = await svc.req<CaptureBody>('GET', `/v1/captures/${id}`, { token: a.readKey });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(Object.keys(r.body), [
    'id',
    'inbound_message_id',
    'file',
    'method',
    'status',
    'fields',
    'lines',
    'document_id',
    'duplicate_of',
    'created_at',
    'confirmed_at',
    'confirmed_by',
    'corrections',
    'rejected_at',
    'rejected_by',
    'rejected_reason',
    'notes',
  ]);
  assert.deepEqual(
    { ...r.body, fields: undefined },
    {
      id,
      inbound_message_id: messageId,
      file: {
        filename: 'scan.pdf',
        content_type: 'application/pdf',
        sha256: r.body.file && (r.body.file as { sha256: string }).sha256,
        pages: 2,
      },
      method: 'text',
      status: 'needs_review',
      fields: undefined,
      lines: [{ description: 'Paper', quantity: '10', unit_price: '10.00', net: '100.00', tax_rate: '19' }],
      document_id: null,
      duplicate_of: null,
      created_at: at.toISOString(),
      confirmed_at: null,
      confirmed_by: null,
      corrections: [],
      rejected_at: null,
      rejected_by: null,
      rejected_reason: null,
      notes: [],
    },
  );
  assert.match((r.body.file as { sha256: string }).sha256, /^[0-9a-f]{64}$/);
  // every field present, null when not shown
  assert.deepEqual(Object.keys(r.body.fields), [...FIELD_NAMES]);
  assert.deepEqual(r.body.fields.total, {
    value: '119.00',
    confidence: 'high',
    page: 1,
    bbox: [72, 100, 200, 112],
    text: '119.00',
  });
  assert.deepEqual(r.body.fields.buyer_name, {
    value: 'Capture A',
    confidence: 'low',
    page: 1,
    bbox: [72, 100, 200, 112],
    text: 'Capture A',
  });
  assert.equal(r.body.fields.payment_reference, null);
  assert.deepEqual(r.body.fields.tax_breakdown?.value, [{ rate: '19', net: '100.00', tax: '19.00' }]);
});

test('the list: newest first, a cursor, ?status=, never a capture still being read', async () => {
  const c = await makeParty(svc, 'List Co');
  const t0 = svc.ctx.clock.now().getTime() - 60_000;
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const status = i === 1 ? 'rejected' : i === 3 ? 'duplicate' : 'needs_review';
    ids.push((await insertCapture(svc, c.org.orgId, { status, createdAt: new Date(t0 + i * 1000) })).id);
  }
  const reading = await insertCapture(svc, c.org.orgId, {
    status: 'reading',
    createdAt: new Date(t0 + 9000),
  });
  const first = await svc.req<ListBody>('GET', '/v1/captures?limit=3', { token: c.readKey });
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(
    first.body.data.map((x) => x.id),
    [ids[4], ids[3], ids[2]],
  );
  assert.equal(first.body.has_more, true);
  const next = await svc.req<ListBody>(
    'GET',
    `/v1/captures?limit=3&cursor=${encodeURIComponent(first.body.next_cursor!)}`,
    { token: c.readKey },
  );
  assert.deepEqual(
    next.body.data.map((x) => x.id),
    [ids[1], ids[0]],
  );
  assert.equal(next.body.has_more, false);
  const review = await svc.req<ListBody>('GET', '/v1/captures?status=needs_review', { token: c.readKey });
  assert.deepEqual(
    review.body.data.map((x) => x.id),
    [ids[4], ids[2], ids[0]],
  );
  const rejected = await svc.req<ListBody>('GET', '/v1/captures?status=rejected', { token: c.readKey });
  assert.deepEqual(
    rejected.body.data.map((x) => x.id),
    [ids[1]],
  );
  // `reading` is the worker's: not a status to ask for, and 404 by id until it is read
  const bad = await svc.req<ErrorBody>('GET', '/v1/captures?status=reading', { token: c.readKey });
  assert.equal(bad.status, 400, bad.text);
  const one = await svc.req<ErrorBody>('GET', `/v1/captures/${reading.id}`, { token: c.readKey });
  assert.equal(one.status, 404, one.text);
  const words = await svc.req<ErrorBody>('GET', `/v1/captures/${reading.id}/pages/1/words`, {
    token: c.readKey,
  });
  assert.equal(words.status, 404, words.text);
  // a cursor of another filter is refused
  const crossed = await svc.req<ErrorBody>(
    'GET',
    `/v1/captures?status=needs_review&cursor=${encodeURIComponent(first.body.next_cursor!)}`,
    { token: c.readKey },
  );
  assert.equal(crossed.status, 400, crossed.text);
});

test("a page's words; a page out of range is 404 for the words and the image", async () => {
  const { id } = await insertCapture(svc, a.org.orgId, {
    pages: [page(1, ['Rechnung', 'Nr.', 'R-77']), page(2, ['Gesamt', '119,00'])],
  });
  const w = await svc.req<{ n: number; width: number; height: number; method: string; words: unknown[] }>(
    'GET',
    `/v1/captures/${id}/pages/2/words`,
    { token: a.readKey },
  );
  assert.equal(w.status, 200, w.text);
  assert.deepEqual(w.body, {
    n: 2,
    width: 595,
    height: 842,
    method: 'text',
    words: [
      { text: 'Gesamt', bbox: [72, 100, 120, 112] },
      { text: '119,00', bbox: [72, 114, 120, 126] },
    ],
  });
  for (const url of [`/v1/captures/${id}/pages/3/words`, `/v1/captures/${id}/pages/3`]) {
    const r = await svc.req<ErrorBody>('GET', url, { token: a.readKey });
    assert.equal(r.status, 404, `${url}: ${r.text}`);
    assert.match(r.body.error.message, /pages 1 to 2/);
  }
  const zero = await svc.req<ErrorBody>('GET', `/v1/captures/${id}/pages/0/words`, { token: a.readKey });
  assert.equal(zero.status, 400, zero.text);
});

test('a page read turned (a scan upside down or on its side) is drawn turned, so its boxes land on its words', async () => {
  // A 400 x 300 grey image (stored uncompressed: over the 10 kB an image must have to be read),
  // its top-left corner black: read turned 90° clockwise, the page is 300 x 400 and the corner is
  // at its top right.
  const [w, h] = [400, 300];
  const pixels = Buffer.alloc(w * h);
  pixels.fill(200);
  for (let y = 0; y < 40; y++) pixels.fill(0, y * w, y * w + 40);
  const bytes = await sharp(pixels, { raw: { width: w, height: h, channels: 1 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const turnedPage = { ...page(1), width: 300, height: 400, method: 'ocr' as const, turned: 90 as const };
  const { id } = await insertCapture(svc, a.org.orgId, {
    bytes,
    filename: 'scan.png',
    contentType: 'image/png',
    pages: [turnedPage],
  });
  const r = await svc.app.inject({
    method: 'GET',
    url: `/v1/captures/${id}/pages/1`,
    headers: { authorization: `Bearer ${a.readKey}` },
  });
  assert.equal(r.statusCode, 200, r.body.slice(0, 300));
  const { data, info } = await sharp(r.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
  assert.deepEqual([info.width, info.height], [300, 400]);
  const at = (x: number, y: number) => data[y * info.width + x] ?? -1;
  assert.ok(at(info.width - 10, 10) < 40, 'the black corner at the top right');
  assert.ok(at(10, 10) > 120, 'and not at the top left');
  // its words' route gives the turned page's size, the image's
  const words = await svc.req<{ width: number; height: number }>('GET', `/v1/captures/${id}/pages/1/words`, {
    token: a.readKey,
  });
  assert.deepEqual([words.body.width, words.body.height], [300, 400]);
});

test('reject: closes it with its reason, replays, 409 for a confirmed one; the message follows', async () => {
  const { id, messageId } = await insertCapture(svc, a.org.orgId);
  const key = randomKey();
  const r = await svc.req<CaptureBody>('POST', `/v1/captures/${id}/reject`, {
    token: a.key,
    idem: key,
    body: { reason: 'Not an invoice: a delivery note.' },
  });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.status, 'rejected');
  const stored = await svc.ctx.db
    .selectFrom('captures')
    .select('reject_reason')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(stored.reject_reason, 'Not an invoice: a delivery note.');
  // the same key replays the same bytes; a new key answers the rejected capture again
  const replay = await svc.req('POST', `/v1/captures/${id}/reject`, {
    token: a.key,
    idem: key,
    body: { reason: 'Not an invoice: a delivery note.' },
  });
  assert.equal(replay.status, 200);
  assert.equal(replay.text, r.text);
  const again = await svc.req<CaptureBody>('POST', `/v1/captures/${id}/reject`, {
    token: a.org.session,
    body: { reason: 'Twice.' },
  });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.status, 'rejected');
  const m = await svc.req<{ status: string; reasons: string[] }>('GET', `/v1/inbound/messages/${messageId}`, {
    token: a.readKey,
  });
  // closed by the person who reviewed it: accepted with no document (CONTRACT §13 "then accepted")
  assert.equal(m.body.status, 'accepted');
  assert.deepEqual(m.body.reasons, []);

  // a confirmed capture, and a duplicate, cannot be rejected
  const confirmed = await insertCapture(svc, a.org.orgId, { status: 'confirmed', documentId: 'doc_made' });
  const c = await svc.req<ErrorBody>('POST', `/v1/captures/${confirmed.id}/reject`, {
    token: a.key,
    body: { reason: 'Too late.' },
  });
  assert.equal(c.status, 409, c.text);
  assert.equal(c.body.error.code, 'conflict');
  const dup = await insertCapture(svc, a.org.orgId, { status: 'duplicate', duplicateOf: 'doc_earlier' });
  const d = await svc.req<ErrorBody>('POST', `/v1/captures/${dup.id}/reject`, {
    token: a.key,
    body: { reason: 'x' },
  });
  assert.equal(d.status, 409, d.text);
  // no reason, or an empty one
  const open = await insertCapture(svc, a.org.orgId);
  for (const body of [{}, { reason: '' }, { reason: 'x', extra: 1 }]) {
    const e = await svc.req<ErrorBody>('POST', `/v1/captures/${open.id}/reject`, { token: a.key, body });
    assert.equal(e.status, 400, `${JSON.stringify(body)}: ${e.text}`);
  }
});

test('scopes: documents:read reads, documents:write rejects; another organization sees nothing', async () => {
  const { id } = await insertCapture(svc, a.org.orgId);
  const payments = (await mintKey(svc, a.org.session, ['payments:read'])).key;
  for (const url of ['/v1/captures', `/v1/captures/${id}`, `/v1/captures/${id}/pages/1/words`]) {
    const r = await svc.req<ErrorBody>('GET', url, { token: payments });
    assert.equal(r.status, 403, `${url}: ${r.text}`);
    assert.equal(r.body.error.code, 'insufficient_scope');
    assert.equal((await svc.req('GET', url, { token: a.org.session })).status, 200, `${url} with a session`);
    assert.equal((await svc.req('GET', url, { token: a.readKey })).status, 200, `${url} with documents:read`);
    // organization B: 404, as if it did not exist
    if (url !== '/v1/captures')
      assert.equal((await svc.req('GET', url, { token: b.readKey })).status, 404, url);
  }
  const theirs = await svc.req<ListBody>('GET', '/v1/captures', { token: b.readKey });
  assert.ok(!theirs.body.data.some((x) => x.id === id));
  const ro = await svc.req<ErrorBody>('POST', `/v1/captures/${id}/reject`, {
    token: a.readKey,
    body: { reason: 'x' },
  });
  assert.equal(ro.status, 403, ro.text);
  const other = await svc.req<ErrorBody>('POST', `/v1/captures/${id}/reject`, {
    token: b.key,
    body: { reason: 'x' },
  });
  assert.equal(other.status, 404, other.text);
  const noKey = await svc.req<ErrorBody>('POST', `/v1/captures/${id}/reject`, {
    token: a.key,
    idem: null,
    body: { reason: 'x' },
  });
  assert.equal(noKey.status, 400, noKey.text);
  const still = await svc.ctx.db
    .selectFrom('captures')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(still.status, 'needs_review', 'nothing rejected by those');
});

test("a sandbox organization's captures are its own, and its live organization's are not its", async () => {
  const sb = await svc.req<{ organization: { id: string }; session: { token: string } }>(
    'POST',
    '/v1/sandbox',
    {
      token: a.org.session,
    },
  );
  assert.equal(sb.status, 201, sb.text);
  const sandboxCapture = await insertCapture(svc, sb.body.organization.id);
  const liveCapture = await insertCapture(svc, a.org.orgId);
  const sandbox = sb.body.session.token;
  assert.equal((await svc.req('GET', `/v1/captures/${sandboxCapture.id}`, { token: sandbox })).status, 200);
  assert.equal((await svc.req('GET', `/v1/captures/${sandboxCapture.id}`, { token: a.readKey })).status, 404);
  assert.equal((await svc.req('GET', `/v1/captures/${liveCapture.id}`, { token: sandbox })).status, 404);
  const list = await svc.req<ListBody>('GET', '/v1/captures', { token: sandbox });
  assert.deepEqual(
    list.body.data.map((x) => x.id),
    [sandboxCapture.id],
  );
  const rej = await svc.req('POST', `/v1/captures/${liveCapture.id}/reject`, {
    token: sandbox,
    body: { reason: 'x' },
  });
  assert.equal(rej.status, 404, rej.text);
});
