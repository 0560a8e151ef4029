// The worker's read pass over captured files (CONTRACT §13, docs/exactly-once.md), on the database
// the suite runs on (PGlite, or PostgreSQL with DATABASE_URL). The reader and the extractor are
// the pass's parameters here, answering what each test states: what is tested is the pass's own
// work (the lease, retries, the one transaction with its event and the message's status, the
// duplicate rule, two workers), not reading, which test/capture/read and extract test.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { inTransaction } from '../../src/db/transaction.ts';
import type { CaptureFields, CaptureReceiver, ReadFile } from '../../src/lib/capture-shapes.ts';
import { ApiError } from '../../src/lib/errors.ts';
import { closeCapturePool } from '../../src/modules/capture/capture-pool.ts';
import { captureBytes } from '../../src/modules/capture/captures.ts';
import { extractFields } from '../../src/modules/capture/extract/index.ts';
import { autoConfirmPort, messageSettledPort } from '../../src/modules/capture/ports.ts';
import {
  type CaptureReading,
  captureReadPass,
  MAX_READ_ATTEMPTS,
  poolReading,
  RETRY_DELAYS_MS,
} from '../../src/modules/capture/read-pass.ts';
import {
  captureFields,
  insertCapture,
  insertCapturedMessage,
  invoiceFields,
  page,
  read,
} from '../helpers/captures.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { advanceClock } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { sampleInvoiceXml } from '../inbound/helpers.ts';
import { MAX_LOOP_GAP_MS, watched } from './read/hostile-files.ts';

let svc: TestService;
let org: Party;

before(async () => {
  svc = await startTestService();
  org = await makeParty(svc, 'Acheteur SARL');
  const set = await svc.req('PATCH', '/v1/organization', { token: org.org.session, body: BUYER });
  assert.equal(set.status, 200, set.text);
});
after(async () => {
  await closeCapturePool(svc.ctx.config);
  await svc?.close();
});

const fileOf = (pages = [page(1)]): ReadFile => ({
  method: 'text',
  pages,
  pageCount: pages.length,
  truncated: false,
  notes: [],
});

interface Fake extends CaptureReading {
  /** every capture id the reader was asked to read, in order */
  reads: string[];
  receivers: CaptureReceiver[];
  /** the OCR languages each read was asked for */
  languages: (readonly string[] | undefined)[];
}

/** A reader answering `file` (or what `answer` does) and an extractor answering `fields`. */
function fake(
  fields: CaptureFields = invoiceFields(),
  answer: (bytes: Uint8Array) => Promise<ReadFile> = async () => fileOf(),
): Fake {
  const f: Fake = {
    reads: [],
    receivers: [],
    languages: [],
    readFile: async (_config, file, languages) => {
      f.reads.push(Buffer.from(file.bytes).toString('latin1'));
      f.languages.push(languages);
      return answer(file.bytes);
    },
    extractFields: (_file, receiver) => {
      f.receivers.push(receiver);
      return { fields, lines: [] };
    },
    supplierKeysOf: (fs) => (fs.seller_vat_id ? [`vat:${fs.seller_vat_id.value}`] : []),
  };
  return f;
}

const row = (id: string) =>
  svc.ctx.db.selectFrom('captures').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const message = (id: string) =>
  svc.ctx.db.selectFrom('inbound_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const events = async (type: string) =>
  (
    await svc.ctx.db
      .selectFrom('events')
      .select('envelope')
      .where('type', '=', type)
      .where('organization_id', '=', org.org.orgId)
      .execute()
  ).map((e) => JSON.parse(e.envelope) as { data: Record<string, unknown> });

/** Passes until nothing is due (every capture of this file read to an outcome or waiting). */
async function drain(reading: CaptureReading, ctx = svc.ctx): Promise<number> {
  let n = 0;
  while ((await captureReadPass(ctx, reading)).handled > 0) n++;
  return n;
}

/** A file's bytes that name it, so the fake reader's log says which capture it read. */
const named = (name: string) => Buffer.from(`%PDF-1.7\n%${name}\n%%EOF\n`);

test('a read capture: needs_review with its pages and fields, capture.needs_review, the message follows', async () => {
  const messageId = await insertCapturedMessage(svc, org.org.orgId);
  const a = await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    messageId,
    part: 0,
    bytes: named('a'),
  });
  const b = await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    messageId,
    part: 1,
    bytes: named('b'),
  });
  const reading = fake(invoiceFields({ seller_vat_id: read('DE999999999') }), async () =>
    fileOf([page(1), page(2)]),
  );
  // one file read: the other still is being read, so the message is still processing
  assert.equal((await captureReadPass(svc.ctx, reading)).handled, 1);
  assert.equal((await message(messageId)).status, 'processing');
  assert.equal((await captureReadPass(svc.ctx, reading)).handled, 1);
  assert.equal((await captureReadPass(svc.ctx, reading)).handled, 0, 'nothing left to read');
  const m = await message(messageId);
  assert.equal(m.status, 'needs_review');
  // the receiver extraction checks the buyer against is the organization's legal profile
  assert.deepEqual(reading.receivers[0], {
    name: BUYER.legal_name,
    vat_id: BUYER.vat_id,
    legal_registration_id: null,
    country_code: 'FR',
  });
  // and scans are read in its country's language, then English (not all six)
  assert.deepEqual(reading.languages[0], ['fra', 'eng']);
  const stored = await row(a.id);
  assert.equal(stored.status, 'needs_review');
  assert.equal(stored.pages, 2);
  assert.equal(stored.method, 'text');
  assert.equal(stored.read_pages?.length, 2);
  assert.equal(stored.lease_token, null);
  assert.deepEqual(stored.supplier_keys, ['vat:DE999999999']);
  const got = await svc.req<{ status: string; fields: CaptureFields; file: { pages: number } }>(
    'GET',
    `/v1/captures/${a.id}`,
    { token: org.key },
  );
  assert.equal(got.status, 200, got.text);
  assert.equal(got.body.fields.total?.value, '119.00');
  assert.equal(got.body.file.pages, 2);
  const evs = await events('capture.needs_review');
  const ids = evs.map((e) => (e.data as { capture: { id: string } }).capture.id);
  assert.ok(ids.includes(a.id) && ids.includes(b.id), JSON.stringify(ids));
  const ev = evs.find((e) => (e.data as { capture: { id: string } }).capture.id === a.id)!;
  assert.deepEqual((ev.data as { capture: unknown }).capture, { ...got.body, status: 'needs_review' });

  // a person rejects one: the message still needs review; both rejected by the person who reviewed
  // them: the message is closed, `accepted` with no document (CONTRACT §13 "then accepted"), not
  // refused (a refusal is docex's own, for a message it could not read)
  const r1 = await svc.req('POST', `/v1/captures/${a.id}/reject`, {
    token: org.key,
    body: { reason: 'A copy.' },
  });
  assert.equal(r1.status, 200, r1.text);
  assert.equal((await message(messageId)).status, 'needs_review');
  const r2 = await svc.req('POST', `/v1/captures/${b.id}/reject`, {
    token: org.key,
    body: { reason: 'A delivery note.' },
  });
  assert.equal(r2.status, 200, r2.text);
  const closed = await message(messageId);
  assert.equal(closed.status, 'accepted');
  assert.deepEqual(closed.document_ids, []);
  assert.deepEqual(closed.reasons, []);
  const refusals = await events('inbound.refused');
  assert.equal(
    refusals.filter((e) => (e.data as { message: { id: string } }).message.id === messageId).length,
    0,
  );
});

test('a confirmed capture makes the message accepted with its bill; a duplicate one, duplicate', async () => {
  const messageId = await insertCapturedMessage(svc, org.org.orgId);
  const a = await insertCapture(svc, org.org.orgId, { messageId, part: 0 });
  const b = await insertCapture(svc, org.org.orgId, { messageId, part: 1 });
  const settle = (status: 'confirmed' | 'duplicate', id: string, doc: string) =>
    inTransaction(svc.ctx.db, async (trx) => {
      await trx
        .updateTable('captures')
        .set(status === 'confirmed' ? { status, document_id: doc } : { status, duplicate_of: doc })
        .where('id', '=', id)
        .execute();
      await messageSettledPort.need()(trx, messageId, svc.ctx.clock.now());
    });
  await settle('duplicate', a.id, 'doc_earlier');
  assert.equal((await message(messageId)).status, 'needs_review', 'b still waits');
  await settle('confirmed', b.id, 'doc_made');
  const m = await message(messageId);
  assert.equal(m.status, 'accepted');
  assert.deepEqual(m.document_ids, ['doc_made']);
  // all duplicates: duplicate of the first
  const other = await insertCapturedMessage(svc, org.org.orgId);
  const c = await insertCapture(svc, org.org.orgId, { messageId: other });
  await inTransaction(svc.ctx.db, async (trx) => {
    await trx
      .updateTable('captures')
      .set({ status: 'duplicate', duplicate_of: 'doc_x' })
      .where('id', '=', c.id)
      .execute();
    await messageSettledPort.need()(trx, other, svc.ctx.clock.now());
  });
  const d = await message(other);
  assert.deepEqual([d.status, d.duplicate_of], ['duplicate', 'doc_x']);
});

test('a file the reader refuses is rejected by docex with its reason; it stays listed with its bytes', async () => {
  const { id, messageId } = await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    bytes: named('bomb'),
  });
  const reading = fake(invoiceFields(), async () => {
    throw new ApiError('invalid_request', 'The PDF has 40000 pages; docex reads PDFs of at most 5000.');
  });
  await drain(reading);
  const got = await svc.req<{ status: string; method: null; fields: CaptureFields; file: { pages: null } }>(
    'GET',
    `/v1/captures/${id}`,
    { token: org.key },
  );
  assert.equal(got.status, 200, got.text);
  assert.equal(got.body.status, 'rejected');
  assert.equal(got.body.method, null);
  assert.equal(got.body.file.pages, null);
  assert.ok(Object.values(got.body.fields).every((v) => v === null));
  assert.equal((await row(id)).reject_reason, 'The PDF has 40000 pages; docex reads PDFs of at most 5000.');
  assert.ok(
    Buffer.from(await captureBytes(svc.ctx.db, await row(id))).equals(named('bomb')),
    'the bytes are kept',
  );
  const m = await message(messageId);
  assert.equal(m.status, 'refused');
  assert.match(m.reasons[0]!, /40000 pages/);
  // no event for a file nobody needs to review
  const evs = await events('capture.needs_review');
  assert.ok(!evs.some((e) => (e.data as { capture: { id: string } }).capture.id === id));
});

test('a busy pool: the lease is given back with a delay, retried, and rejected after the attempts', async () => {
  const { id, messageId } = await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    bytes: named('busy'),
  });
  let calls = 0;
  const busy = fake(invoiceFields(), async () => {
    calls++;
    throw new ApiError('unavailable', 'Every capture thread is busy.', { reason: 'capture_queue_full' });
  });
  assert.equal((await captureReadPass(svc.ctx, busy)).handled, 1);
  let r = await row(id);
  assert.equal(r.status, 'reading');
  assert.equal(r.attempts, 1);
  assert.equal(r.lease_token, null);
  const wait = (r.lease_until?.getTime() ?? 0) - svc.ctx.clock.now().getTime();
  assert.ok(wait > RETRY_DELAYS_MS[0]! - 5000 && wait <= RETRY_DELAYS_MS[0]!, `${wait} ms`);
  assert.equal((await captureReadPass(svc.ctx, busy)).handled, 0, 'not due before its delay');
  for (let attempt = 2; attempt <= MAX_READ_ATTEMPTS; attempt++) {
    await advanceClock(svc, RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length) - 1]! / 1000 + 1);
    assert.equal((await captureReadPass(svc.ctx, busy)).handled, 1, `attempt ${attempt}`);
  }
  assert.equal(calls, MAX_READ_ATTEMPTS);
  r = await row(id);
  assert.equal(r.status, 'rejected');
  assert.match(
    r.reject_reason ?? '',
    new RegExp(`could not read this file in ${MAX_READ_ATTEMPTS} attempts: Every capture thread is busy`),
  );
  assert.equal((await message(messageId)).status, 'refused');
  // a pool that recovers in time: read on the next attempt
  const later = await insertCapture(svc, org.org.orgId, { status: 'reading', bytes: named('later') });
  let first = true;
  const flaky = fake(invoiceFields(), async () => {
    if (first) {
      first = false;
      throw new ApiError('unavailable', 'Reading this file took longer than 60000 ms and was stopped.');
    }
    return fileOf();
  });
  await drain(flaky);
  assert.equal((await row(later.id)).status, 'reading');
  await advanceClock(svc, RETRY_DELAYS_MS[0]! / 1000 + 1);
  await drain(flaky);
  assert.equal((await row(later.id)).status, 'needs_review');
  assert.equal((await row(later.id)).attempts, 2);
});

test('a worker whose lease was taken over writes nothing', async () => {
  const { id, messageId } = await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    bytes: named('slow'),
  });
  const slow = fake(invoiceFields(), async () => {
    // meanwhile the lease lapsed and another worker claimed the file
    await svc.ctx.db
      .updateTable('captures')
      .set({ lease_token: 'another-worker' })
      .where('id', '=', id)
      .execute();
    return fileOf();
  });
  assert.equal((await captureReadPass(svc.ctx, slow)).handled, 1);
  const r = await row(id);
  assert.equal(r.status, 'reading');
  assert.equal(r.fields, null);
  assert.equal(r.lease_token, 'another-worker');
  assert.equal((await message(messageId)).status, 'processing');
  await svc.ctx.db
    .updateTable('captures')
    .set({ status: 'rejected', reject_reason: 'test over' })
    .where('id', '=', id)
    .execute();
});

test('two workers at once never read the same file twice', async () => {
  const other = await svc.variant({});
  try {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push((await insertCapture(svc, org.org.orgId, { status: 'reading', bytes: named(`two-${i}`) })).id);
    const slowFile = async () => {
      await new Promise((r) => setTimeout(r, 15));
      return fileOf();
    };
    const one = fake(invoiceFields({ number: read('TWO-1') }), slowFile);
    const two = fake(invoiceFields({ number: read('TWO-1') }), slowFile);
    const [n1, n2] = await Promise.all([drain(one, svc.ctx), drain(two, other.ctx)]);
    assert.equal(n1 + n2, 8);
    const all = [...one.reads, ...two.reads].filter((s) => s.includes('%two-'));
    assert.equal(all.length, 8, JSON.stringify(all));
    assert.equal(new Set(all).size, 8, 'each file read once');
    for (const id of ids) assert.equal((await row(id)).status, 'needs_review');
  } finally {
    await other.close();
  }
});

test('the same invoice received before as an e-invoice: the capture is a duplicate of its bill', async () => {
  const xml = sampleInvoiceXml({ number: 'DUP-7', seller: '77' });
  const up = await svc.req<{ id: string; total: string; issue_date?: string }>(
    'POST',
    '/v1/inbound/documents',
    {
      token: org.key,
      body: { content_base64: xml.toString('base64'), filename: 'DUP-7.xml' },
    },
  );
  assert.equal(up.status, 201, up.text);
  const seller = `HR9${'77'.padStart(10, '0')}`;
  const same = invoiceFields({
    number: read('DUP-7'),
    issue_date: read('2018-02-05'),
    total: read(up.body.total, 'low'),
    seller_vat_id: read(seller),
  });
  const { id, messageId } = await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    bytes: named('dup'),
  });
  await drain(fake(same));
  const r = await row(id);
  assert.deepEqual([r.status, r.duplicate_of], ['duplicate', up.body.id]);
  const m = await message(messageId);
  assert.deepEqual([m.status, m.duplicate_of], ['duplicate', up.body.id]);
  // another number, date or total, or an unknown seller: not a duplicate
  for (const [what, fields] of [
    ['number', { ...same, number: read('DUP-8') }],
    ['total', { ...same, total: read('1.00') }],
    ['seller', { ...same, seller_vat_id: read('HR90000000078') }],
    ['date not read', { ...same, issue_date: null }],
  ] as const) {
    const c = await insertCapture(svc, org.org.orgId, { status: 'reading', bytes: named(`nodup-${what}`) });
    await drain(fake(fields));
    assert.equal((await row(c.id)).status, 'needs_review', what);
  }
});

test('auto-confirm is called once a capture is read (when plugged); its failure loses nothing', async () => {
  const called: string[] = [];
  autoConfirmPort.plug(async (_ctx, _trx, captureId) => {
    called.push(captureId);
    throw new Error('auto-confirm broke');
  });
  try {
    const { id } = await insertCapture(svc, org.org.orgId, { status: 'reading', bytes: named('auto') });
    await drain(fake());
    assert.deepEqual(called, [id]);
    assert.equal((await row(id)).status, 'needs_review');
    // a refused file is not offered to auto-confirm
    await insertCapture(svc, org.org.orgId, { status: 'reading', bytes: named('auto-refused') });
    await drain(
      fake(invoiceFields(), async () => {
        throw new ApiError('invalid_request', 'Not a PDF docex can read.');
      }),
    );
    assert.deepEqual(called, [id]);
  } finally {
    autoConfirmPort.plug(null as never);
  }
});

test('the learned layout of a known supplier is handed to extraction, and learned is recorded', async () => {
  await svc.ctx.db
    .insertInto('capture_layouts')
    .values({
      organization_id: org.org.orgId,
      supplier_key: 'vat:DE555555555',
      layout: JSON.stringify({ version: 1, marker: 'learned' }),
      confirmed_count: 2,
      updated_at: svc.ctx.clock.now(),
    })
    .execute();
  const seen: unknown[] = [];
  const reading = fake(invoiceFields({ seller_vat_id: read('DE555555555') }));
  const extract = reading.extractFields;
  reading.extractFields = (file, receiver, learned) => {
    seen.push(learned);
    return extract(file, receiver, learned);
  };
  const { id } = await insertCapture(svc, org.org.orgId, { status: 'reading', bytes: named('learned') });
  await drain(reading);
  assert.deepEqual(seen, [null, { version: 1, marker: 'learned' }]);
  assert.equal((await row(id)).learned, true);
  // an unknown supplier: read once, learned false
  const c = await insertCapture(svc, org.org.orgId, { status: 'reading', bytes: named('unlearned') });
  await drain(fake(captureFields({ number: read('X-1') })));
  assert.equal((await row(c.id)).learned, false);
});

test("a supplier known before reading (its mail's verified sender) is read in the language it wrote in when confirmed", async () => {
  await svc.ctx.db
    .insertInto('capture_layouts')
    .values({
      organization_id: org.org.orgId,
      supplier_key: 'sender:rechnung@lieferant.example',
      layout: JSON.stringify({ version: 1, fields: {}, confirmations: 1, language: 'de' }),
      confirmed_count: 1,
      updated_at: svc.ctx.clock.now(),
    })
    .execute();
  const known = fake();
  await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    bytes: named('known-domain'),
    supplierKeys: ['sender:rechnung@lieferant.example'],
  });
  await drain(known);
  // German and English, though the organization is French
  assert.deepEqual(known.languages, [['deu', 'eng']]);
  // a sender nothing was learned of: the organization's language
  const unknown = fake();
  await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    bytes: named('unknown-domain'),
    supplierKeys: ['sender:billing@other.example'],
  });
  await drain(unknown);
  assert.deepEqual(unknown.languages, [['fra', 'eng']]);
});

/**
 * A scan's words: many short ones, lines of labels, dates and amounts, on 20 pages (extraction of
 * such a file takes seconds on one core; the words of a real OCR'd page took 300-500 ms).
 */
function manyWordsFile(): ReadFile {
  const tokens = ['Rechnung', 'Nr.', 'Datum', '12.03.2026', 'Total', '1.234,56', 'EUR', 'IBAN', 'Menge'];
  const pages = Array.from({ length: 20 }, (_, p) => ({
    n: p + 1,
    width: 595,
    height: 842,
    method: 'ocr' as const,
    words: Array.from({ length: 1800 }, (_, i) => {
      const [x, y] = [40 + (i % 12) * 45, 30 + Math.floor(i / 12) * 8];
      return {
        text: tokens[(i * 7 + p) % tokens.length] as string,
        bbox: [x, y, x + 40, y + 7] as [number, number, number, number],
        confidence: 0.9,
      };
    }),
  }));
  return { method: 'ocr', pages, pageCount: pages.length, truncated: false, notes: [] };
}

test("the worker's extraction runs on the capture pool: the main thread's event loop keeps ticking", async () => {
  const receiver: CaptureReceiver = {
    name: BUYER.legal_name,
    vat_id: BUYER.vat_id,
    legal_registration_id: null,
    country_code: 'FR',
  };
  const pool = poolReading(svc.ctx.config);
  // the same extraction as on this thread (and the capture thread started and warm: its start is
  // not the extraction's work)
  const small = fileOf([page(1), page(2)]);
  assert.deepEqual(await pool.extractFields(small, receiver, null), extractFields(small, receiver, null));
  // the read pass with the worker's extractor, its reader answering a file of many words (on this
  // thread its extraction held the event loop 1.7 s on the loaded development machine)
  const { id } = await insertCapture(svc, org.org.orgId, { status: 'reading', bytes: named('pool') });
  const file = manyWordsFile();
  const pass = await watched(() => captureReadPass(svc.ctx, { ...pool, readFile: async () => file }));
  assert.ok(!(pass.result instanceof Error), String(pass.result));
  assert.ok(
    pass.maxGapMs < MAX_LOOP_GAP_MS,
    `the read pass stalled the event loop ${Math.round(pass.maxGapMs)} ms`,
  );
  assert.equal((await row(id)).status, 'needs_review');
});
