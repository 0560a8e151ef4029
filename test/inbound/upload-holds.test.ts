// The upload of a received file (POST /v1/inbound/documents) and payment holds (CONTRACT 11.5), on
// the database the suite runs on (PGlite, or PostgreSQL with DATABASE_URL): an upload goes through
// the worker's pipeline in the request (201 the Bill, 201 the document a duplicate repeats with duplicate_of, the
// refusal as §9's import answers it); a received document keeps its BT-84, and one whose account
// changed, or whose mail is no longer sender_verified, is held: pay and payment transitions answer
// 409 naming the hold until an admin session releases it (in the history).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import nodemailer from 'nodemailer';
import { readFile } from '../../src/modules/einvoice/import-document.ts';
import { storeMessage } from '../../src/modules/inbound/messages.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { createDoc, issue, party as makeParty, type Party, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { operator } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

const EXAMPLES = join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples');
const SAMPLE = readFileSync(join(EXAMPLES, 'ubl_examples_sample-discount-price.xml'), 'utf8');

const IBAN_A = 'DE89370400440532013000';
const IBAN_B = 'FR7630006000011234567890189';

/** The official example (it imports under §9) as an invoice from `seller` to the buyer (FR40303265045). */
function invoice(opts: {
  number: string;
  seller?: string;
  iban?: string | null;
  email?: string | null;
  total?: string;
  allowance?: boolean;
}): string {
  let xml = SAMPLE.replace('<cbc:ID>test decimal 1</cbc:ID>', `<cbc:ID>${opts.number}</cbc:ID>`)
    .replace('HR46830600751', `HR9${(opts.seller ?? '1').padStart(10, '0')}`)
    .replace('HR46830600751', 'FR40303265045');
  const email = opts.email === undefined ? 'billing@supplier.test' : opts.email;
  if (email !== null) {
    // BT-43 in the seller's party (its first closing tag)
    xml = xml.replace(
      '</cac:Party>',
      `<cac:Contact><cbc:ElectronicMail>${email}</cbc:ElectronicMail></cac:Contact></cac:Party>`,
    );
  }
  if (opts.iban) {
    xml = xml.replace(
      '<cbc:PaymentMeansCode>4</cbc:PaymentMeansCode>',
      `<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>${opts.iban}</cbc:ID><cbc:Name>Supplier</cbc:Name></cac:PayeeFinancialAccount>`,
    );
  }
  if (opts.total) {
    xml = xml.replace(
      '<cbc:TaxInclusiveAmount currencyID="EUR">15.15</cbc:TaxInclusiveAmount>',
      `<cbc:TaxInclusiveAmount currencyID="EUR">${opts.total}</cbc:TaxInclusiveAmount>`,
    );
  }
  if (opts.allowance) {
    xml = xml.replace(
      '<cac:TaxTotal>',
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">1.00</cbc:Amount></cac:AllowanceCharge><cac:TaxTotal>',
    );
  }
  return xml;
}
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

interface Doc {
  id: string;
  status: string;
  counterparty: { id: string; name: string };
  number: string;
  origin: string;
  received: {
    channel: string;
    sender_verified: boolean;
    payment_account: { iban: string; account_name: string | null; bic: string | null } | null;
  } | null;
  payment_hold: { reason: string; previous?: string; new?: string; since: string } | null;
  inbound_message_id?: string;
  duplicate_of?: string | null;
}
interface ErrorBody {
  error: { code: string; message: string; details: Record<string, unknown> };
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

const upload = (xml: string | Buffer, filename?: string, token = buyer.key) =>
  svc.req<Doc & ErrorBody>('POST', '/v1/inbound/documents', {
    token,
    body: { content_base64: b64(xml), ...(filename ? { filename } : {}) },
  });
const getDoc = async (id: string) => {
  const r = await svc.req<Doc>('GET', `/v1/documents/${id}`, { token: buyer.key });
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const message = async (id: string) => {
  const r = await svc.req<{ status: string; channel: string; reasons: string[]; document_ids: string[] }>(
    'GET',
    `/v1/inbound/messages/${id}`,
    { token: buyer.key },
  );
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const count = async () =>
  Number(
    (
      await svc.ctx.db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

test('BT-84 is read from UBL and CII (IBAN, name, BIC), spaces removed when kept', async () => {
  const ubl = await readFile(invoice({ number: 'X', iban: IBAN_A }), undefined);
  assert.deepEqual(ubl.invoice.paymentAccount, { id: IBAN_A, name: 'Supplier', bic: null });
  const cii = await readFile(
    readFileSync(join(EXAMPLES, 'cii_examples_CII_example1.xml'), 'utf8'),
    undefined,
  );
  assert.equal(cii.invoice.paymentAccount?.id, 'NL57 RABO 0107307510');
  const none = await readFile(invoice({ number: 'Y' }), undefined);
  assert.equal(none.invoice.paymentAccount, null);
});

let first: Doc;

test('an upload becomes a submitted Bill at once (201) with its BT-84; the same file again answers 201 the document it repeats', async () => {
  const r = await upload(invoice({ number: 'UP-1', iban: IBAN_A }), 'UP-1.xml');
  assert.equal(r.status, 201, r.text);
  first = r.body;
  assert.equal(first.status, 'submitted');
  assert.equal(first.origin, 'upload');
  assert.match(first.number, /^BILL-/);
  assert.equal(first.received?.channel, 'upload');
  assert.deepEqual(first.received?.payment_account, { iban: IBAN_A, account_name: 'Supplier', bic: null });
  // the party's first account is held too (1.18.0): nobody has confirmed it yet, so a forged
  // first invoice never becomes the reference the genuine one is compared with
  assert.deepEqual(
    {
      reason: first.payment_hold?.reason,
      new: first.payment_hold?.new,
      previous: first.payment_hold?.previous,
    },
    { reason: 'payment_account_new', new: IBAN_A, previous: undefined },
  );
  assert.equal(first.duplicate_of, null);
  assert.ok(first.inbound_message_id?.startsWith('inm_'));
  const m = await message(first.inbound_message_id!);
  assert.equal(m.channel, 'upload');
  assert.equal(m.status, 'accepted');
  assert.deepEqual(m.document_ids, [first.id]);
  // the stored document reads the same as the answer
  assert.deepEqual((await getDoc(first.id)).received, first.received);

  const docs = await count();
  const again = await upload(invoice({ number: 'UP-1', iban: IBAN_A }));
  assert.equal(again.status, 201, again.text);
  assert.equal(again.body.id, first.id);
  assert.equal(again.body.duplicate_of, first.id);
  assert.equal((await message(again.body.inbound_message_id!)).status, 'duplicate');
  assert.equal(await count(), docs, 'nothing new');
  // released once by an admin session: IBAN_A is the party's confirmed account from now on
  const rel = await svc.req<Doc>('POST', `/v1/documents/${first.id}/release_hold`, {
    token: buyer.org.session,
  });
  assert.equal(rel.status, 200, rel.text);
  const next = await upload(invoice({ number: 'UP-1b', iban: IBAN_A }));
  assert.equal(next.status, 201, next.text);
  assert.equal(next.body.payment_hold, null, 'a confirmed account is not held');
});

test('refusals answer as the import does and are kept as refused messages, nothing created', async () => {
  const docs = await count();
  // not base64
  const bad = await svc.req<ErrorBody>('POST', '/v1/inbound/documents', {
    token: buyer.key,
    body: { content_base64: 'not base64!' },
  });
  assert.equal(bad.status, 400, bad.text);
  assert.equal(bad.body.error.code, 'invalid_request');
  // empty, or only the line breaks base64 may carry (the decoder checks it, not the schema)
  for (const content of ['', '\r\n  ']) {
    const empty = await svc.req<ErrorBody>('POST', '/v1/inbound/documents', {
      token: buyer.key,
      body: { content_base64: content },
    });
    assert.equal(empty.status, 400, empty.text);
    assert.equal(empty.body.error.code, 'invalid_request');
    assert.match(empty.body.error.message, /content_base64 is empty/);
  }
  // a file that is not an e-invoice
  const notInvoice = await upload('hello, this is not an invoice', 'note.txt');
  assert.equal(notInvoice.status, 400, notInvoice.text);
  assert.equal(notInvoice.body.error.code, 'invalid_request');
  const refusedId = notInvoice.body.error.details.inbound_message_id as string;
  assert.equal((await message(refusedId)).status, 'refused');
  // a DOCTYPE
  const doctype = await upload(
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&a;</Invoice>',
  );
  assert.equal(doctype.status, 400, doctype.text);
  // a PDF without an embedded e-invoice is captured (CONTRACT §13), not refused:
  // test/inbound/capture-upload.test.ts
  // addressed to another buyer
  const other = await upload(invoice({ number: 'UP-9' }).replace('FR40303265045', 'FR99999999999'));
  assert.equal(other.status, 400, other.text);
  assert.match(other.body.error.message, /addressed to someone else/);
  // totals that differ: 422 einvoice_mismatch, as the import
  const mismatch = await upload(invoice({ number: 'UP-7', total: '99.99' }));
  assert.equal(mismatch.status, 422, mismatch.text);
  assert.equal(mismatch.body.error.code, 'einvoice_mismatch');
  assert.equal(mismatch.body.error.details.bt, 'BT-112');
  assert.ok(String(mismatch.body.error.details.inbound_message_id).startsWith('inm_'));
  // a document-level allowance: the import and the upload answer differently
  const held = invoice({ number: 'UP-6', allowance: true });
  const up = await upload(held);
  const conn = await svc.req<{ data: { id: string; counterparty: { id: string } }[] }>(
    'GET',
    '/v1/connections',
    {
      token: buyer.org.session,
    },
  );
  const connectionId = conn.body.data.find((c) => c.counterparty.id.startsWith('xp_'))!.id;
  const imp = await svc.req<ErrorBody>('POST', '/v1/documents/import', {
    token: buyer.key,
    body: { connection_id: connectionId, content_base64: b64(held) },
  });
  // §9's import (one's own draft) refuses a document-level allowance; a received file keeps it
  // (CONTRACT 11.5, 1.18.0) but this one gives it no VAT category (BT-95), which EN 16931 requires
  assert.equal(imp.status, 400, imp.text);
  assert.match(imp.body.error.message, /BG-20: /);
  assert.equal(up.status, 400, up.text);
  assert.match(up.body.error.message, /BT-95: allowance 1: the VAT category/);
  assert.equal(await count(), docs, 'nothing half-created');
  // a file over 1 MiB is no longer too large (CONTRACT 13, 1.19.0: uploads take scans up to
  // DOCEX_INBOUND_MAX_BYTES, capture-upload.test.ts tests that bound): read, and refused as what it is
  const big = await svc.req<ErrorBody>('POST', '/v1/inbound/documents', {
    token: buyer.key,
    body: { content_base64: 'A'.repeat(1_100_000) },
  });
  assert.equal(big.status, 400, big.text);
  assert.match(big.body.error.message, /not an e-invoice|refused/);
  // a file name with a control character
  const name = await upload(invoice({ number: 'UP-5' }), 'bad\u0001name.xml');
  assert.equal(name.status, 400, name.text);
  // a key without documents:write
  const ro = await upload(invoice({ number: 'UP-5' }), undefined, buyer.readKey);
  assert.equal(ro.status, 403, ro.text);
});

const approve = async (id: string) => {
  const r = await svc.req('POST', `/v1/documents/${id}/transition`, {
    token: buyer.key,
    body: { to: 'approved' },
  });
  assert.equal(r.status, 200, r.text);
};

test('a changed BT-84 holds the bill: pay and payment transitions answer 409 naming it until an admin releases it', async () => {
  const r = await upload(invoice({ number: 'UP-2', iban: IBAN_B }));
  assert.equal(r.status, 201, r.text);
  const held = r.body;
  assert.equal(held.payment_hold?.reason, 'payment_account_changed');
  assert.equal(held.payment_hold?.previous, IBAN_A);
  assert.equal(held.payment_hold?.new, IBAN_B);
  // a second invoice with the same unconfirmed account is held too (a held account is not "used")
  const r2 = await upload(invoice({ number: 'UP-3', iban: IBAN_B.replace(/(.{4})/g, '$1 ') }));
  assert.equal(r2.status, 201, r2.text);
  assert.equal(r2.body.payment_hold?.reason, 'payment_account_changed');
  assert.equal(r2.body.payment_hold?.new, IBAN_B, 'spaces do not make another account');

  await approve(held.id);
  for (const [url, body] of [
    [`/v1/documents/${held.id}/pay`, {}],
    [`/v1/documents/${held.id}/transition`, { to: 'paid' }],
    [`/v1/documents/${held.id}/transition`, { to: 'payment_scheduled' }],
  ] as const) {
    const p = await svc.req<ErrorBody>('POST', url, { token: buyer.payKey, body });
    assert.equal(p.status, 409, `${url} ${p.text}`);
    assert.equal(p.body.error.code, 'conflict');
    assert.match(p.body.error.message, /payment hold \(payment_account_changed\)/);
    assert.equal((p.body.error.details.payment_hold as { new: string }).new, IBAN_B);
  }
  assert.equal((await getDoc(held.id)).status, 'approved', 'nothing moved');

  // only an admin session releases
  const byKey = await svc.req<ErrorBody>('POST', `/v1/documents/${held.id}/release_hold`, {
    token: buyer.payKey,
  });
  assert.equal(byKey.status, 403, byKey.text);
  const key = `idem-release-${held.id}`;
  const rel = await svc.req<Doc>('POST', `/v1/documents/${held.id}/release_hold`, {
    token: buyer.org.session,
    idem: key,
  });
  assert.equal(rel.status, 200, rel.text);
  assert.equal(rel.body.payment_hold, null);
  // the same request again replays; a new one finds no hold
  const replay = await svc.req<Doc>('POST', `/v1/documents/${held.id}/release_hold`, {
    token: buyer.org.session,
    idem: key,
  });
  assert.equal(replay.status, 200, replay.text);
  const again = await svc.req<ErrorBody>('POST', `/v1/documents/${held.id}/release_hold`, {
    token: buyer.org.session,
  });
  assert.equal(again.status, 409, again.text);
  assert.match(again.body.error.message, /no payment hold/);
  const hist = await svc.req<{
    entries: { action: string; changes: Record<string, unknown> }[];
    verified: boolean;
  }>('GET', `/v1/documents/${held.id}/history`, { token: buyer.key });
  assert.equal(hist.status, 200, hist.text);
  assert.equal(hist.body.verified, true);
  const entry = hist.body.entries.find((e) => e.action === 'payment_hold_released');
  assert.ok(entry, hist.text);
  assert.equal((entry.changes.payment_hold as { previous: string }).previous, IBAN_A);
  // released: paying is no longer refused for the hold
  const paid = await svc.req<ErrorBody>('POST', `/v1/documents/${held.id}/pay`, {
    token: buyer.payKey,
    body: {},
  });
  assert.ok(
    !(paid.status === 409 && paid.body.error?.details?.payment_hold),
    `not the hold after release: ${paid.text}`,
  );

  // the released account is now the one used before: a later invoice with it is not held
  const r3 = await upload(invoice({ number: 'UP-4', iban: IBAN_B }));
  assert.equal(r3.status, 201, r3.text);
  assert.equal(r3.body.payment_hold, null);
});

async function mail(xml: string, from = 'billing@verified.test'): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await t.sendMail({
    from,
    to: 'inbox@inbound.docex.test',
    subject: 'Invoice',
    text: 'Our invoice.',
    attachments: [{ filename: 'invoice.xml', content: Buffer.from(xml) }],
  });
  return info.message as Buffer;
}

async function receiveByMail(xml: string): Promise<string> {
  const [id] = await storeMessage(svc.ctx.db, {
    organizationIds: [buyer.org.orgId],
    channel: 'email',
    envelopeFrom: 'billing@verified.test',
    raw: await mail(xml),
    headers: { from: 'billing@verified.test', subject: 'Invoice', messageId: null },
    now: svc.ctx.clock.now(),
  });
  for (;;) if ((await processInboundPass(svc.ctx)).handled === 0) break;
  const m = await message(id!);
  assert.equal(m.status, 'accepted', m.reasons.join(' '));
  return m.document_ids[0]!;
}

test('mail not sender_verified from a party whose mail was verified before is held (sender_unverified)', async () => {
  // a new party's first mail: not verified, and nothing before it: no hold
  const firstId = await receiveByMail(invoice({ number: 'M-1', seller: '5' }));
  assert.equal((await getDoc(firstId)).payment_hold, null);
  // sender authentication (h39-auth) marks a mail verified in received.sender_verified; here the
  // stored document is marked so, as that code would have
  const doc = await getDoc(firstId);
  await svc.ctx.db
    .updateTable('documents')
    .set({ received: JSON.stringify({ ...doc.received, sender_verified: true }) })
    .where('id', '=', firstId)
    .execute();
  const nextId = await receiveByMail(invoice({ number: 'M-2', seller: '5' }));
  const next = await getDoc(nextId);
  assert.equal(next.received?.sender_verified, false);
  assert.deepEqual(
    { reason: next.payment_hold?.reason, previous: next.payment_hold?.previous },
    { reason: 'sender_unverified', previous: undefined },
  );
  await approve(nextId);
  const p = await svc.req<ErrorBody>('POST', `/v1/documents/${nextId}/pay`, {
    token: buyer.payKey,
    body: {},
  });
  assert.equal(p.status, 409, p.text);
  assert.match(p.body.error.message, /sender_unverified/);
  // an upload from the same party is the organization's own act: never held for its sender
  const up = await upload(invoice({ number: 'M-3', seller: '5' }));
  assert.equal(up.status, 201, up.text);
  assert.equal(up.body.payment_hold, null);
});

test("a Factur-X PDF from a connected organization: matched, its BT-84 compared with the party's legal profile", async () => {
  const p = await pair(svc, ['Seller GmbH', 'Acheteur Deux']);
  for (const [party, profile] of [
    [p.issuer, SELLER],
    [p.counterparty, BUYER],
  ] as const) {
    const r = await svc.req('PATCH', '/v1/organization', { token: party.org.session, body: profile });
    assert.equal(r.status, 200, r.text);
  }
  // a received file is an organization's only by identifiers the operator verified (1.18.0)
  const v = await operator(svc, 'POST', `/v1/operator/organizations/${p.issuer.org.orgId}/verify`);
  assert.equal(v.status, 200, v.text);
  const facturx = async (id: string) => {
    const res = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${id}/einvoice?format=facturx`,
      headers: { authorization: `Bearer ${p.issuer.key}` },
    });
    assert.equal(res.statusCode, 200, res.payload);
    return res.rawPayload;
  };
  const send = (pdf: Buffer) =>
    svc.req<Doc & ErrorBody>('POST', '/v1/inbound/documents', {
      token: p.counterparty.key,
      body: { content_base64: b64(pdf), filename: 'invoice.pdf' },
    });
  // the account in the file is the profile's: no hold
  const one = await createDoc(svc, p);
  await issue(svc, p.issuer.key, one.id);
  const r1 = await send(await facturx(one.id));
  assert.equal(r1.status, 201, r1.text);
  assert.equal(r1.body.counterparty.id, p.issuer.org.orgId, 'matched among the counterparties');
  assert.equal(r1.body.received?.payment_account?.iban, SELLER.payment_account.iban);
  assert.equal(r1.body.received?.payment_account?.bic, SELLER.payment_account.bic);
  // the organization's own profile is its word, not the receiver's: its first account is held
  assert.equal(r1.body.payment_hold?.reason, 'payment_account_new');
  const rel = await svc.req('POST', `/v1/documents/${r1.body.id}/release_hold`, {
    token: p.counterparty.org.session,
  });
  assert.equal(rel.status, 200, rel.text);
  // the seller's profile now names another account; an invoice issued before still carries the
  // old one (its profile froze at issue), which the receiver confirmed: no hold
  const two = await createDoc(svc, p);
  await issue(svc, p.issuer.key, two.id);
  const set = await svc.req('PATCH', '/v1/organization', {
    token: p.issuer.org.session,
    body: { ...SELLER, payment_account: { iban: IBAN_B } },
  });
  assert.equal(set.status, 200, set.text);
  const r2 = await send(await facturx(two.id));
  assert.equal(r2.status, 201, r2.text);
  assert.equal(r2.body.payment_hold, null);
  // an invoice with the new account: not one the receiver confirmed (the seller typed it)
  const three = await createDoc(svc, p);
  await issue(svc, p.issuer.key, three.id);
  const r3 = await send(await facturx(three.id));
  assert.equal(r3.status, 201, r3.text);
  assert.deepEqual(
    {
      reason: r3.body.payment_hold?.reason,
      previous: r3.body.payment_hold?.previous,
      new: r3.body.payment_hold?.new,
    },
    { reason: 'payment_account_changed', previous: SELLER.payment_account.iban, new: IBAN_B },
  );
  // the issuer does not see the receiver's hold on its own invoice
  const own = await svc.req<Doc>('GET', `/v1/documents/${r3.body.id}`, { token: p.issuer.key });
  assert.equal(own.status, 200, own.text);
  assert.equal(own.body.payment_hold, null);
});

test("an organization's own profile confirms no account; an external party's, typed by the receiver, does", async () => {
  const p = await pair(svc, ['Seller Trois GmbH', 'Acheteur Trois']);
  for (const [party, profile] of [
    [p.issuer, { ...SELLER, vat_id: 'DE999999999', legal_registration_id: { value: 'HRB 999' } }],
    [p.counterparty, BUYER],
  ] as const) {
    const r = await svc.req('PATCH', '/v1/organization', { token: party.org.session, body: profile });
    assert.equal(r.status, 200, r.text);
  }
  const v = await operator(svc, 'POST', `/v1/operator/organizations/${p.issuer.org.orgId}/verify`);
  assert.equal(v.status, 200, v.text);
  const doc = await createDoc(svc, p);
  await issue(svc, p.issuer.key, doc.id);
  const res = await svc.app.inject({
    method: 'GET',
    url: `/v1/documents/${doc.id}/einvoice?format=ubl`,
    headers: { authorization: `Bearer ${p.issuer.key}` },
  });
  assert.equal(res.statusCode, 200, res.payload);
  // the profile changes after issue: the file's account (frozen) is no longer the profile's
  const set = await svc.req('PATCH', '/v1/organization', {
    token: p.issuer.org.session,
    body: {
      ...SELLER,
      vat_id: 'DE999999999',
      legal_registration_id: { value: 'HRB 999' },
      payment_account: { iban: IBAN_B },
    },
  });
  assert.equal(set.status, 200, set.text);
  const r = await svc.req<Doc & ErrorBody>('POST', '/v1/inbound/documents', {
    token: p.counterparty.key,
    body: { content_base64: b64(res.rawPayload) },
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.counterparty.id, p.issuer.org.orgId);
  assert.equal(r.body.payment_hold?.reason, 'payment_account_new');
  assert.equal(r.body.payment_hold?.previous, undefined);
  assert.equal(r.body.payment_hold?.new, SELLER.payment_account.iban);

  // An external party whose account the receiver typed into its legal profile: not held.
  const xp = await svc.req<{ counterparty: { id: string } }>('POST', '/v1/connections', {
    token: p.counterparty.org.session,
    body: {
      external_party: {
        name: 'Typed Supplier',
        email: 'ap@typed.example',
        legal_profile: { ...SELLER, vat_id: 'HR90000000077', payment_account: { iban: IBAN_B } },
      },
    },
  });
  assert.equal(xp.status, 201, xp.text);
  const typed = await upload(
    invoice({ number: 'TY-1', iban: IBAN_B, seller: '77' }),
    'TY-1.xml',
    p.counterparty.key,
  );
  assert.equal(typed.status, 201, typed.text);
  assert.equal(typed.body.counterparty.id, xp.body.counterparty.id);
  assert.equal(typed.body.payment_hold, null, 'typed by the receiver: confirmed');
});
