// POST /v1/captures/{id}/confirm (CONTRACT 13) on the database the suite runs on (PGlite, or
// PostgreSQL with DATABASE_URL): a capture, inserted as extraction hands it over
// (test/helpers/capture-rows.ts), becomes a bill exactly as a received e-invoice does (§11.5):
// totals to the cent, lines by the rule, the file as attachment, `document.received`, corrections
// in history, required fields, replays, duplicates across channels in either order, payment holds
// and capture_unconfirmed, the message's status, and isolation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { inTransaction } from '../../src/db/transaction.ts';
import { storeLayout } from '../../src/modules/capture/learn.ts';
import { insertCapture, PDF_BYTES, sha256 } from '../helpers/capture-rows.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

const SAMPLE = readFileSync(
  join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples', 'ubl_examples_sample-discount-price.xml'),
  'utf8',
);
/** The official example (total 15.15 EUR, issued 2018-02-05) from seller HR9<seller> (registration 8<seller>), to BUYER. */
const einvoice = (number: string, seller: string) =>
  SAMPLE.replace('<cbc:ID>test decimal 1</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`)
    .replace('HR46830600751', `HR9${seller.padStart(10, '0')}`)
    .replace('HR46830600751', BUYER.vat_id)
    .replace(
      '<cbc:CompanyID>086374645</cbc:CompanyID>',
      `<cbc:CompanyID>8${seller.padStart(8, '0')}</cbc:CompanyID>`,
    );

const IBAN = 'DE89370400440532013000';

interface Capture {
  id: string;
  status: string;
  document_id: string | null;
  duplicate_of: string | null;
  corrections: {
    field: string;
    value: unknown;
    replaced: unknown;
    corrected_by: unknown;
    corrected_at: string;
  }[];
  confirmed_by: { kind: string; id: string | null } | null;
  confirmed_at: string | null;
  fields: Record<string, { value: unknown; confidence: string } | null>;
}
interface Doc {
  id: string;
  status: string;
  origin: string;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  document_date: string;
  due_date: string | null;
  counterparty: { id: string; name: string };
  line_items: { description: string; net_amount: number; tax_rate: number; quantity: number }[];
  received: { channel: string; sha256: string; capture_id?: string; inbound_message_id: string } | null;
  payment_hold: { reason: string; new?: string } | null;
  duplicate_of?: string | null;
}
interface ErrorBody {
  error: {
    code: string;
    message: string;
    details: Record<string, unknown> & { errors?: { path: string }[] };
  };
}

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

const FIELDS = {
  number: 'INV-100',
  issue_date: '2026-11-01',
  due_date: '2026-12-01',
  currency: 'EUR',
  total_net: '100.00',
  total_tax: '19.00',
  total: '119.00',
  tax_breakdown: [{ rate: '19', net: '100.00', tax: '19.00' }],
  seller_name: 'Papier GmbH',
  seller_vat_id: 'DE123456789',
};

const confirm = (id: string, body: unknown = {}, opts: { token?: string; idem?: string } = {}) =>
  svc.req<Capture & ErrorBody>('POST', `/v1/captures/${id}/confirm`, {
    token: opts.token ?? buyer.key,
    body,
    ...(opts.idem ? { idem: opts.idem } : {}),
  });
const getDoc = async (id: string) => {
  const r = await svc.req<Doc>('GET', `/v1/documents/${id}`, { token: buyer.key });
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const history = async (id: string) => {
  const r = await svc.req<{
    entries: { action: string; actor: { kind: string }; changes: Record<string, unknown> }[];
    verified: boolean;
  }>('GET', `/v1/documents/${id}/history`, { token: buyer.key });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.verified, true);
  return r.body.entries;
};
const countDocs = async () =>
  Number(
    (
      await svc.ctx.db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('counterparty_organization_id', '=', buyer.org.orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const message = async (id: string) => {
  const r = await svc.req<{ status: string; document_ids: string[] }>('GET', `/v1/inbound/messages/${id}`, {
    token: buyer.key,
  });
  assert.equal(r.status, 200, r.text);
  return r.body;
};

test('a confirmed capture becomes a submitted Bill: totals, captured lines, the file, document.received, history, received.capture_id', async () => {
  const { captureId, messageId } = await insertCapture(svc, {
    organizationId: buyer.org.orgId,
    fields: FIELDS,
    lines: [
      { description: 'Paper A4', quantity: '10', unit_price: '8.00', net: '80.00', tax_rate: '19' },
      { description: 'Toner', quantity: '1', unit_price: '20.00', net: '20.00', tax_rate: null },
    ],
  });
  const r = await confirm(captureId);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.status, 'confirmed');
  assert.ok(r.body.document_id?.startsWith('doc_'), r.text);
  assert.deepEqual(r.body.confirmed_by, { kind: 'api_key', id: buyer.keyId });
  assert.deepEqual(r.body.corrections, []);
  const doc = await getDoc(r.body.document_id!);
  assert.equal(doc.status, 'submitted');
  assert.equal(doc.origin, 'upload');
  assert.equal(doc.currency, 'EUR');
  assert.deepEqual([doc.subtotal, doc.tax, doc.total], [100, 19, 119]);
  assert.equal(doc.document_date, '2026-11-01');
  assert.equal(doc.due_date, '2026-12-01');
  assert.equal(doc.counterparty.name, 'Papier GmbH');
  assert.deepEqual(
    doc.line_items.map((l) => [l.description, l.net_amount, l.tax_rate]),
    [
      ['Paper A4', 80, 0.19],
      ['Toner', 20, 0.19],
    ],
  );
  assert.equal(doc.received?.capture_id, captureId);
  assert.equal(doc.received?.inbound_message_id, messageId);
  assert.equal(doc.received?.sha256, sha256(PDF_BYTES));
  assert.equal(doc.payment_hold, null, 'all high, no account: nothing held');
  const atts = await svc.req<{ data: { filename: string; sha256: string }[] }>(
    'GET',
    `/v1/documents/${doc.id}/attachments`,
    { token: buyer.key },
  );
  assert.deepEqual(
    atts.body.data.map((a) => [a.filename, a.sha256]),
    [['invoice.pdf', sha256(PDF_BYTES)]],
  );
  const entries = await history(doc.id);
  const confirmed = entries.find((e) => e.action === 'capture_confirmed');
  assert.ok(confirmed, JSON.stringify(entries));
  assert.equal(confirmed.changes.capture_id, captureId);
  const ev = await svc.req<{ data: { type: string; data: { document: { id: string } } }[] }>(
    'GET',
    '/v1/events?type=document.received',
    { token: buyer.key },
  );
  assert.ok(
    ev.body.data.some((e) => e.data.document.id === doc.id),
    ev.text,
  );
  assert.deepEqual(await message(messageId), {
    ...(await message(messageId)),
    status: 'accepted',
    document_ids: [doc.id],
  });
  // the seller is a new external party of the buyer, known by its VAT id from now on
  const again = await insertCapture(svc, {
    organizationId: buyer.org.orgId,
    fields: { ...FIELDS, number: 'INV-101', seller_name: 'Papier GmbH (Berlin)' },
  });
  const second = await confirm(again.captureId);
  assert.equal(second.status, 200, second.text);
  assert.equal((await getDoc(second.body.document_id!)).counterparty.id, doc.counterparty.id);
});

test('the lines: one per tax rate of the breakdown, else one for the whole; totals equal the confirmed values', async () => {
  const org = buyer.org.orgId;
  const two = await insertCapture(svc, {
    organizationId: org,
    fields: {
      ...FIELDS,
      number: 'INV-200',
      total_net: '150.00',
      total_tax: '26.50',
      total: '176.50',
      tax_breakdown: [
        { rate: '19', net: '100.00', tax: '19.00' },
        { rate: '15', net: '50.00', tax: '7.50' },
      ],
    },
  });
  const a = await confirm(two.captureId);
  assert.equal(a.status, 200, a.text);
  const da = await getDoc(a.body.document_id!);
  assert.deepEqual([da.subtotal, da.tax, da.total], [150, 26.5, 176.5]);
  assert.deepEqual(
    da.line_items.map((l) => [l.net_amount, l.tax_rate]),
    [
      [100, 0.19],
      [50, 0.15],
    ],
  );
  const whole = await insertCapture(svc, {
    organizationId: org,
    fields: {
      number: 'INV-201',
      issue_date: '2026-11-02',
      currency: 'EUR',
      total: '99.99',
      seller_name: 'Papier GmbH',
    },
  });
  const b = await confirm(whole.captureId);
  assert.equal(b.status, 200, b.text);
  const db = await getDoc(b.body.document_id!);
  assert.deepEqual([db.subtotal, db.tax, db.total], [99.99, 0, 99.99]);
  assert.equal(db.line_items.length, 1);
  assert.equal(db.line_items[0]!.net_amount, 99.99);
  // net and tax given without a breakdown: one line at their rate, to the cent
  const rated = await insertCapture(svc, {
    organizationId: org,
    fields: {
      ...FIELDS,
      number: 'INV-202',
      total_net: '1234.56',
      total_tax: '234.57',
      total: '1469.13',
      tax_breakdown: undefined as never,
    },
  });
  const c = await confirm(rated.captureId);
  assert.equal(c.status, 200, c.text);
  const dc = await getDoc(c.body.document_id!);
  assert.deepEqual([dc.subtotal, dc.tax, dc.total], [1234.56, 234.57, 1469.13]);
  assert.equal(dc.line_items[0]!.tax_rate, 0.19);
});

test('corrections replace what was read and are kept with the value they replaced, on the capture and in the history', async () => {
  const { captureId } = await insertCapture(svc, {
    organizationId: buyer.org.orgId,
    fields: { ...FIELDS, number: { value: 'lNV-300', confidence: 'low' }, seller_name: 'Papier GmbH' },
  });
  const r = await confirm(captureId, {
    fields: { number: 'INV-300', seller_name: 'Papier GmbH', purchase_order: 'PO-7' },
  });
  assert.equal(r.status, 200, r.text);
  // each with who made it and when: the key that confirmed, at the confirmation
  const by = { kind: 'api_key', id: r.body.confirmed_by!.id };
  assert.ok(by.id, 'the key that confirmed');
  const at = r.body.confirmed_at;
  assert.deepEqual(r.body.corrections, [
    { field: 'number', value: 'INV-300', replaced: 'lNV-300', corrected_by: by, corrected_at: at },
    { field: 'purchase_order', value: 'PO-7', replaced: null, corrected_by: by, corrected_at: at },
  ]);
  // one shape: GET answers what the confirmation answered, the list holds the same object
  const got = await svc.req('GET', `/v1/captures/${captureId}`, { token: buyer.key });
  assert.equal(got.status, 200, got.text);
  assert.deepEqual(got.body, r.body);
  const listed = await svc.req<{ data: { id: string }[] }>('GET', '/v1/captures?status=confirmed&limit=100', {
    token: buyer.key,
  });
  assert.deepEqual(
    listed.body.data.find((c) => c.id === captureId),
    r.body,
  );
  assert.equal(r.body.fields.number?.value, 'INV-300');
  const doc = await svc.req<{ number: string; external_refs: Record<string, string> }>(
    'GET',
    `/v1/documents/${r.body.document_id}`,
    { token: buyer.key },
  );
  assert.equal(doc.body.external_refs.issuer_ref, 'INV-300');
  assert.equal(doc.body.external_refs.purchase_order, 'PO-7');
  const entry = (await history(r.body.document_id!)).find((e) => e.action === 'capture_confirmed');
  assert.deepEqual(
    entry?.changes.corrections,
    r.body.corrections.map(({ field, value, replaced }) => ({ field, value, replaced })),
  );
  assert.equal(entry?.actor.kind, 'api_key');
});

test('required fields and bad values: 400 naming each at fields.<name>, nothing written', async () => {
  const before = await countDocs();
  const { captureId } = await insertCapture(svc, {
    organizationId: buyer.org.orgId,
    fields: { issue_date: '2026-11-01', total: '10.00', seller_name: 'X Ltd' },
  });
  const missing = await confirm(captureId);
  assert.equal(missing.status, 400, missing.text);
  assert.equal(missing.body.error.code, 'invalid_request');
  assert.deepEqual(
    missing.body.error.details.errors?.map((e) => e.path),
    ['fields.number', 'fields.currency'],
  );
  const bad = await confirm(captureId, {
    fields: {
      number: 'A-1',
      currency: 'HUF',
      issue_date: '2026-02-30',
      total: '10.001',
      iban: 'DE89370400440532013001',
      seller_vat_id: 'DE12345',
      payment_reference: 'RF00123',
    },
  });
  assert.equal(bad.status, 400, bad.text);
  assert.deepEqual(bad.body.error.details.errors?.map((e) => e.path).sort(), [
    'fields.currency',
    'fields.iban',
    'fields.issue_date',
    'fields.payment_reference',
    'fields.seller_vat_id',
    'fields.total',
  ]);
  const sums = await confirm(captureId, {
    fields: { number: 'A-1', currency: 'EUR', total_net: '8.00', total_tax: '1.00' },
  });
  assert.equal(sums.status, 400, sums.text);
  assert.deepEqual(
    sums.body.error.details.errors?.map((e) => e.path),
    ['fields.total'],
  );
  assert.equal(await countDocs(), before);
  const row = await svc.ctx.db
    .selectFrom('captures')
    .select(['status', 'corrections'])
    .where('id', '=', captureId)
    .executeTakeFirstOrThrow();
  assert.equal(row.status, 'needs_review');
  assert.deepEqual(row.corrections, []);
});

test('confirming twice: the same key replays, another key answers the capture unchanged, other corrections 409', async () => {
  const { captureId } = await insertCapture(svc, {
    organizationId: buyer.org.orgId,
    fields: { ...FIELDS, number: 'INV-400' },
  });
  const first = await confirm(captureId, { fields: { purchase_order: 'PO-1' } }, { idem: 'confirm-400' });
  assert.equal(first.status, 200, first.text);
  const n = await countDocs();
  const replay = await confirm(captureId, { fields: { purchase_order: 'PO-1' } }, { idem: 'confirm-400' });
  assert.equal(replay.status, 200);
  assert.equal(replay.text, first.text);
  const other = await confirm(captureId, { fields: { purchase_order: 'PO-1' } });
  assert.equal(other.status, 200, other.text);
  assert.equal(other.body.document_id, first.body.document_id);
  const bare = await confirm(captureId);
  assert.equal(bare.status, 200, bare.text);
  const changed = await confirm(captureId, { fields: { purchase_order: 'PO-2' } });
  assert.equal(changed.status, 409, changed.text);
  assert.equal(changed.body.error.code, 'conflict');
  assert.equal(await countDocs(), n, 'no second bill');
});

test('a rejected capture is 409; a duplicate one 409 naming duplicate_of; still reading 409; another organization’s 404', async () => {
  const org = buyer.org.orgId;
  const rejected = await insertCapture(svc, { organizationId: org, fields: FIELDS, status: 'rejected' });
  const r = await confirm(rejected.captureId);
  assert.equal(r.status, 409, r.text);
  const dup = await insertCapture(svc, { organizationId: org, fields: FIELDS, status: 'duplicate' });
  await svc.ctx.db
    .updateTable('captures')
    .set({ duplicate_of: 'doc_earlier' })
    .where('id', '=', dup.captureId)
    .execute();
  const d = await confirm(dup.captureId);
  assert.equal(d.status, 409, d.text);
  assert.equal(d.body.error.details.duplicate_of, 'doc_earlier');
  const reading = await insertCapture(svc, { organizationId: org, fields: FIELDS, status: 'reading' });
  assert.equal((await confirm(reading.captureId)).status, 409);
  const stranger = await makeParty(svc, 'Stranger Ltd');
  const theirs = await insertCapture(svc, { organizationId: stranger.org.orgId, fields: FIELDS });
  const iso = await confirm(theirs.captureId);
  assert.equal(iso.status, 404, iso.text);
  const read = await confirm(theirs.captureId, {}, { token: buyer.readKey });
  assert.equal(read.status, 403, read.text);
});

test('the same invoice by e-invoice, then captured: the confirmation finds the duplicate, no second bill', async () => {
  const up = await svc.req<Doc>('POST', '/v1/inbound/documents', {
    token: buyer.key,
    body: { content_base64: Buffer.from(einvoice('DUP-1', '1')).toString('base64') },
  });
  assert.equal(up.status, 201, up.text);
  const n = await countDocs();
  const { captureId, messageId } = await insertCapture(svc, {
    organizationId: buyer.org.orgId,
    channel: 'email',
    fields: {
      number: 'DUP-1',
      issue_date: '2018-02-05',
      currency: 'EUR',
      total: '15.15',
      seller_name: 'HEP split',
      seller_vat_id: 'HR90000000001',
    },
  });
  const r = await confirm(captureId);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.status, 'duplicate');
  assert.equal(r.body.duplicate_of, up.body.id);
  assert.equal(r.body.document_id, null);
  assert.equal(await countDocs(), n);
  assert.equal((await message(messageId)).status, 'duplicate');
  const again = await confirm(captureId);
  assert.equal(again.status, 409, again.text);
});

test('the same invoice captured first, then by e-invoice: the upload is the duplicate of the captured bill', async () => {
  const { captureId } = await insertCapture(svc, {
    organizationId: buyer.org.orgId,
    fields: {
      number: 'DUP-2',
      issue_date: '2018-02-05',
      currency: 'EUR',
      total: '15.15',
      seller_name: 'HEP split',
      seller_vat_id: 'HR90000000002',
    },
  });
  const r = await confirm(captureId);
  assert.equal(r.status, 200, r.text);
  const n = await countDocs();
  const up = await svc.req<Doc>('POST', '/v1/inbound/documents', {
    token: buyer.key,
    body: { content_base64: Buffer.from(einvoice('DUP-2', '2')).toString('base64') },
  });
  assert.equal(up.status, 201, up.text);
  assert.equal(up.body.duplicate_of, r.body.document_id);
  assert.equal(await countDocs(), n, 'no second bill, no second party');
});

test('payment holds: a new IBAN is held; a total not read high is held capture_unconfirmed, after the account hold', async () => {
  const org = buyer.org.orgId;
  const seller = { seller_name: 'Bank Details GmbH', seller_vat_id: 'DE999999999' };
  const withIban = await insertCapture(svc, {
    organizationId: org,
    fields: { ...FIELDS, ...seller, number: 'H-1', iban: IBAN, bic: 'COBADEFFXXX' },
  });
  const a = await confirm(withIban.captureId);
  assert.equal(a.status, 200, a.text);
  const da = await getDoc(a.body.document_id!);
  assert.deepEqual(
    { reason: da.payment_hold?.reason, new: da.payment_hold?.new },
    { reason: 'payment_account_new', new: IBAN },
  );
  const low = await insertCapture(svc, {
    organizationId: org,
    fields: { ...FIELDS, ...seller, number: 'H-2', total: { value: '119.00', confidence: 'low' } },
  });
  const b = await confirm(low.captureId);
  assert.equal(b.status, 200, b.text);
  assert.equal((await getDoc(b.body.document_id!)).payment_hold?.reason, 'capture_unconfirmed');
  // a total a person corrected is not a read one either
  const typed = await insertCapture(svc, {
    organizationId: org,
    fields: { ...FIELDS, ...seller, number: 'H-3', total: '118.00' },
  });
  const c = await confirm(typed.captureId, { fields: { total: '119.00' } });
  assert.equal(c.status, 200, c.text);
  assert.equal((await getDoc(c.body.document_id!)).payment_hold?.reason, 'capture_unconfirmed');
  // both: the account's hold first, then capture_unconfirmed once it is released
  const both = await insertCapture(svc, {
    organizationId: org,
    fields: {
      ...FIELDS,
      ...seller,
      number: 'H-4',
      iban: 'FR7630006000011234567890189',
      total: { value: '119.00', confidence: 'low' },
    },
  });
  const d = await confirm(both.captureId);
  assert.equal(d.status, 200, d.text);
  const id = d.body.document_id!;
  assert.equal((await getDoc(id)).payment_hold?.reason, 'payment_account_new');
  const ok = await svc.req('POST', `/v1/documents/${id}/transition`, {
    token: buyer.key,
    body: { to: 'approved' },
  });
  assert.equal(ok.status, 200, ok.text);
  const pay = await svc.req<ErrorBody>('POST', `/v1/documents/${id}/pay`, { token: buyer.payKey, body: {} });
  assert.equal(pay.status, 409, pay.text);
  assert.match(pay.body.error.message, /payment_account_new/);
  const rel = await svc.req<Doc>('POST', `/v1/documents/${id}/release_hold`, { token: buyer.org.session });
  assert.equal(rel.status, 200, rel.text);
  assert.equal(rel.body.payment_hold?.reason, 'capture_unconfirmed');
  const pay2 = await svc.req<ErrorBody>('POST', `/v1/documents/${id}/pay`, { token: buyer.payKey, body: {} });
  assert.equal(pay2.status, 409, pay2.text);
  assert.match(pay2.body.error.message, /capture_unconfirmed/);
  const rel2 = await svc.req<Doc>('POST', `/v1/documents/${id}/release_hold`, { token: buyer.org.session });
  assert.equal(rel2.status, 200, rel2.text);
  assert.equal(rel2.body.payment_hold, null);
});

test('a message is needs_review while any of its captures is, then accepted with every bill', async () => {
  const org = buyer.org.orgId;
  const one = await insertCapture(svc, {
    organizationId: org,
    channel: 'email',
    fields: { ...FIELDS, number: 'M-1' },
  });
  const two = await insertCapture(svc, {
    organizationId: org,
    messageId: one.messageId,
    fields: { ...FIELDS, number: 'M-2' },
  });
  const a = await confirm(one.captureId);
  assert.equal(a.status, 200, a.text);
  assert.equal((await message(one.messageId)).status, 'needs_review');
  const b = await confirm(two.captureId);
  assert.equal(b.status, 200, b.text);
  const m = await message(one.messageId);
  assert.equal(m.status, 'accepted');
  assert.deepEqual(m.document_ids.sort(), [a.body.document_id, b.body.document_id].sort());
  // a mailed capture's bill keeps the raw message too
  const atts = await svc.req<{ data: { content_type: string }[] }>(
    'GET',
    `/v1/documents/${a.body.document_id}/attachments`,
    { token: buyer.key },
  );
  assert.deepEqual(atts.body.data.map((x) => x.content_type).sort(), ['application/pdf', 'message/rfc822']);
  assert.equal((await getDoc(a.body.document_id!)).origin, 'email');
});

test('learning is stored per supplier key, one more confirmed capture each time', async () => {
  const org = buyer.org.orgId;
  const now = svc.ctx.clock.now();
  await inTransaction(svc.ctx.db, (trx) =>
    storeLayout(
      trx,
      org,
      ['vat:DE123456789', 'sender:billing@supplier.test'],
      { version: 1, number: [1, 2] },
      now,
    ),
  );
  await inTransaction(svc.ctx.db, (trx) =>
    storeLayout(trx, org, ['vat:DE123456789', 'vat:DE123456789'], { version: 1, number: [3, 4] }, now),
  );
  const rows = await svc.ctx.db
    .selectFrom('capture_layouts')
    .select(['supplier_key', 'layout', 'confirmed_count'])
    .where('organization_id', '=', org)
    .orderBy('supplier_key')
    .execute();
  assert.deepEqual(rows, [
    {
      supplier_key: 'sender:billing@supplier.test',
      layout: { version: 1, number: [1, 2] },
      confirmed_count: 1,
    },
    { supplier_key: 'vat:DE123456789', layout: { version: 1, number: [3, 4] }, confirmed_count: 2 },
  ]);
});

test('an admin session confirms too: confirmed_by names a user, the history a session', async () => {
  const { captureId } = await insertCapture(svc, {
    organizationId: buyer.org.orgId,
    fields: { ...FIELDS, number: 'S-1' },
  });
  const r = await confirm(captureId, {}, { token: buyer.org.session });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.confirmed_by?.kind, 'user');
  assert.match(r.body.confirmed_by?.id ?? '', /^usr_/);
  const entry = (await history(r.body.document_id!)).find((e) => e.action === 'capture_confirmed');
  assert.equal(entry?.actor.kind, 'session');
});
