// CONTRACT 9 end to end: legal profiles, line tax categories, and the UBL / CII / Factur-X exports,
// each export judged by the official CEN EN 16931 artefacts (and Peppol BIS 3's when both parties
// have an electronic address), for both parties, byte for byte the same forever.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { documentById } from '../../src/modules/documents/load-document.ts';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { issuedEInvoices } from '../../src/modules/einvoice/export-document.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { formatAsserts, validateEInvoice } from '../helpers/einvoice-validate.ts';
import { expectApiError } from '../helpers/expect.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;

async function setProfile(session: string, body: unknown) {
  return svc.req<{ legal_profile: unknown }>('PATCH', '/v1/organization', { token: session, body });
}

async function issued(
  lines: unknown[],
  extra: Record<string, unknown> = {},
  who: Pair = p,
): Promise<DocumentView> {
  const c = await svc.req<DocumentView>('POST', '/v1/documents', {
    token: who.issuer.key,
    body: {
      connection_id: who.connectionId,
      document_type: 'invoice',
      currency: 'EUR',
      line_items: lines,
      ...extra,
    },
  });
  assert.equal(c.status, 201, c.text);
  const i = await svc.req<DocumentView>('POST', `/v1/documents/${c.body.id}/issue`, {
    token: who.issuer.key,
  });
  assert.equal(i.status, 200, i.text);
  return i.body;
}

async function exportAs(id: string, format: string, key = p.issuer.key) {
  return svc.req('GET', `/v1/documents/${id}/einvoice?format=${format}`, { token: key });
}

async function assertValid(
  id: string,
  syntax: 'ubl' | 'cii',
  peppol = false,
  key = p.issuer.key,
): Promise<string> {
  const res = await exportAs(id, syntax, key);
  assert.equal(res.status, 200, res.text);
  const r = await validateEInvoice(res.text, syntax, { peppol });
  assert.equal(r.fatal.length, 0, `${syntax} fatal asserts:\n${formatAsserts(r.fatal)}\n${res.text}`);
  return res.text;
}

before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Seller Co', 'Buyer Co']);
  assert.equal((await setProfile(p.issuer.org.session, SELLER)).status, 200);
  assert.equal((await setProfile(p.counterparty.org.session, BUYER)).status, 200);
});
after(async () => {
  await svc?.close();
});

describe('legal profile', () => {
  test('GET /v1/organization shows it; PATCH merges fields and null clears one', async () => {
    const got = await svc.req<{ legal_profile: Record<string, unknown> }>('GET', '/v1/organization', {
      token: p.issuer.key,
    });
    assert.equal(got.status, 200);
    assert.equal(got.body.legal_profile.legal_name, 'Seller GmbH');
    const other = await pair(svc, ['Profile Co', 'Other Co']);
    const none = await svc.req<{ legal_profile: unknown }>('GET', '/v1/organization', {
      token: other.issuer.key,
    });
    assert.equal(none.body.legal_profile, null);
    const partial = await setProfile(other.issuer.org.session, { vat_id: 'DE123456789' });
    expectApiError(partial, 400, 'invalid_request');
    assert.ok(partial.text.includes('legal_name') && partial.text.includes('address'));
    assert.equal((await setProfile(other.issuer.org.session, { ...BUYER })).status, 200);
    const patched = await setProfile(other.issuer.org.session, {
      vat_id: null,
      contact: { email: 'a@b.example' },
    });
    assert.equal(patched.status, 200, patched.text);
    const lp = patched.body.legal_profile as Record<string, unknown>;
    assert.equal(lp.vat_id, undefined);
    assert.equal(lp.legal_name, BUYER.legal_name);
    assert.deepEqual(lp.contact, { email: 'a@b.example' });
  });

  test('only an admin session may set it; an API key is refused', async () => {
    const res = await svc.req('PATCH', '/v1/organization', { token: p.issuer.key, body: SELLER });
    expectApiError(res, 403, 'insufficient_scope');
  });

  for (const [what, body, path] of [
    ['an unassigned country', { address: { ...SELLER.address, country_code: 'XX' } }, 'address.country_code'],
    ['a Greek VAT id with GR', { vat_id: 'GR123456789' }, 'vat_id'],
    ['a VAT id without a country prefix', { vat_id: '12345678' }, 'vat_id'],
    [
      'an IBAN with wrong check digits',
      { payment_account: { iban: 'DE89370400440532013001' } },
      'payment_account.iban',
    ],
    [
      'an unknown EAS scheme',
      { electronic_address: { scheme: '1234', value: 'x' } },
      'electronic_address.scheme',
    ],
    [
      'a GLN with a bad check digit',
      { electronic_address: { scheme: '0088', value: '5790000435969' } },
      'electronic_address.value',
    ],
    [
      'an unknown ICD scheme',
      { legal_registration_id: { scheme: '9999', value: 'x' } },
      'legal_registration_id.scheme',
    ],
    ['a NUL in the name', { legal_name: 'a\u0000b' }, 'legal_name'],
    ['an unknown field', { website: 'x' }, ''],
  ] as const) {
    test(`refuses ${what} naming the path`, async () => {
      const res = await setProfile(p.issuer.org.session, { ...SELLER, ...body });
      const err = expectApiError(res, 400, 'invalid_request');
      if (path) assert.ok(JSON.stringify(err.details).includes(path), res.text);
    });
  }

  test('EL is Greece, accepted', async () => {
    const other = await pair(svc, ['Greek Co', 'Other Co']);
    const res = await setProfile(other.issuer.org.session, {
      ...BUYER,
      vat_id: 'EL094259216',
      address: { ...BUYER.address, country_code: 'GR' },
    });
    assert.equal(res.status, 200, res.text);
  });
});

describe('line tax categories', () => {
  const create = (lines: unknown[]) =>
    svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: { connection_id: p.connectionId, document_type: 'invoice', line_items: lines },
    });
  const base = { description: 'x', quantity: 1, unit_price: 10 };

  test('defaults: S when taxed, Z when not, unit C62', async () => {
    const res = await create([
      { ...base, tax_rate: 0.2 },
      { ...base, tax_rate: 0 },
    ]);
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      res.body.line_items.map((l) => [l.tax_category, l.unit_code, l.tax_exemption_reason]),
      [
        ['S', 'C62', null],
        ['Z', 'C62', null],
      ],
    );
  });

  for (const [what, line, path] of [
    ['S with rate 0', { ...base, tax_rate: 0, tax_category: 'S' }, 'tax_rate'],
    ['E with a rate', { ...base, tax_rate: 0.1, tax_category: 'E', tax_exemption_reason: 'x' }, 'tax_rate'],
    ['E without a reason', { ...base, tax_rate: 0, tax_category: 'E' }, 'tax_exemption_reason'],
    ['a reason on S', { ...base, tax_rate: 0.1, tax_exemption_reason: 'x' }, 'tax_exemption_reason'],
    [
      'an unknown VATEX code',
      { ...base, tax_rate: 0, tax_category: 'AE', tax_exemption_reason_code: 'VATEX-XX' },
      'tax_exemption_reason_code',
    ],
    ['an unknown unit', { ...base, tax_rate: 0.1, unit_code: 'QQQ' }, 'unit_code'],
    ['an unknown category', { ...base, tax_rate: 0.1, tax_category: 'X' }, 'tax_category'],
  ] as const) {
    test(`refuses ${what}`, async () => {
      const err = expectApiError(await create([line]), 400, 'invalid_request');
      assert.ok(JSON.stringify(err.details).includes(`line_items[0].${path}`), JSON.stringify(err.details));
    });
  }

  test('O cannot be mixed with other categories; one exemption reason per category and rate', async () => {
    expectApiError(
      await create([
        { ...base, tax_rate: 0, tax_category: 'O', tax_exemption_reason: 'Outside scope' },
        { ...base, tax_rate: 0.1 },
      ]),
      400,
      'invalid_request',
    );
    const err = expectApiError(
      await create([
        { ...base, tax_rate: 0, tax_category: 'E', tax_exemption_reason: 'one' },
        { ...base, tax_rate: 0, tax_category: 'E', tax_exemption_reason: 'two' },
      ]),
      400,
      'invalid_request',
    );
    assert.ok(JSON.stringify(err.details).includes('line_items[1].tax_exemption_reason'));
  });
});

describe('export', () => {
  test('a multi-rate invoice with discounts, exempt and reverse-charge lines, 4-decimal quantities: UBL and CII pass CEN', async () => {
    const doc = await issued(
      [
        {
          description: 'Consulting',
          quantity: 7.5,
          unit_price: 120,
          tax_rate: 0.19,
          unit_code: 'HUR',
          sku: 'C-1',
        },
        {
          description: 'Books',
          quantity: 1.2345,
          unit_price: 19.99,
          tax_rate: 0.07,
          discount_type: 'percent',
          discount_value: 12.5,
          unit_code: 'KGM',
        },
        {
          description: 'Widget',
          quantity: 3,
          unit_price: 0.3333,
          tax_rate: 0.19,
          discount_type: 'fixed',
          discount_value: 0.05,
        },
        {
          description: 'Insurance',
          quantity: 1,
          unit_price: 100,
          tax_rate: 0,
          tax_category: 'E',
          tax_exemption_reason: 'Exempt under Art. 135(1)(a)',
          tax_exemption_reason_code: 'VATEX-EU-132',
        },
        { description: 'Export', quantity: 2, unit_price: 50, tax_rate: 0, tax_category: 'Z' },
      ],
      {
        payment_terms: 'net_30',
        notes: 'Thank you',
        external_refs: { buyer_reference: 'DEPT-7', purchase_order: 'PO-991' },
      },
    );
    const ubl = await assertValid(doc.id, 'ubl');
    const cii = await assertValid(doc.id, 'cii');
    // Totals are the document's own, to the cent.
    assert.ok(
      ubl.includes(`<cbc:PayableAmount currencyID="EUR">${doc.total.toFixed(2)}</cbc:PayableAmount>`),
    );
    assert.ok(
      ubl.includes(
        `<cbc:TaxExclusiveAmount currencyID="EUR">${doc.subtotal.toFixed(2)}</cbc:TaxExclusiveAmount>`,
      ),
    );
    assert.ok(cii.includes(`<ram:GrandTotalAmount>${doc.total.toFixed(2)}</ram:GrandTotalAmount>`));
    assert.ok(
      cii.includes(`<ram:TaxTotalAmount currencyID="EUR">${doc.tax.toFixed(2)}</ram:TaxTotalAmount>`),
    );
    assert.ok(ubl.includes('<cbc:BuyerReference>DEPT-7</cbc:BuyerReference>'));
    assert.ok(ubl.includes('<cbc:InvoicedQuantity unitCode="KGM">1.2345</cbc:InvoicedQuantity>'));
  });

  for (const [category, extra, buyerExtra] of [
    ['AE', { tax_exemption_reason_code: 'VATEX-EU-AE', tax_exemption_reason: 'Reverse charge' }, {}],
    ['K', { tax_exemption_reason_code: 'VATEX-EU-IC' }, {}],
    ['G', { tax_exemption_reason_code: 'VATEX-EU-G' }, {}],
    ['O', { tax_exemption_reason_code: 'VATEX-EU-O' }, {}],
    ['L', {}, {}],
    ['M', {}, {}],
  ] as const) {
    test(`category ${category}: UBL and CII pass CEN`, async () => {
      const rate = category === 'L' || category === 'M' ? 0.07 : 0;
      const doc = await issued([
        {
          description: `Item ${category}`,
          quantity: 2,
          unit_price: 40,
          tax_rate: rate,
          tax_category: category,
          ...extra,
        },
        ...(category === 'O'
          ? []
          : [{ description: 'Standard', quantity: 1, unit_price: 10, tax_rate: 0.19 }]),
      ]);
      void buyerExtra;
      await assertValid(doc.id, 'ubl');
      await assertValid(doc.id, 'cii');
    });
  }

  test('a credit note derived from an invoice names it (BT-25); UBL CreditNote and CII 381 pass CEN', async () => {
    const inv = await issued([{ description: 'Service', quantity: 1, unit_price: 200, tax_rate: 0.19 }]);
    const c = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'credit_note',
        currency: 'EUR',
        derived_from: inv.id,
        due_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        line_items: [{ description: 'Refund', quantity: 1, unit_price: 50, tax_rate: 0.19 }],
      },
    });
    assert.equal(c.status, 201, c.text);
    assert.equal(
      (await svc.req('POST', `/v1/documents/${c.body.id}/issue`, { token: p.issuer.key })).status,
      200,
    );
    const ubl = await assertValid(c.body.id, 'ubl');
    assert.match(ubl, /<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    assert.ok(ubl.includes(`<cbc:ID>${inv.number}</cbc:ID>`));
    assert.ok(ubl.includes('<cbc:PaymentDueDate>'), 'BT-9 travels in PaymentMeans on a UBL credit note');
    const cii = await assertValid(c.body.id, 'cii');
    assert.ok(cii.includes('<ram:TypeCode>381</ram:TypeCode>'));
  });

  test('the same bytes for both parties on every call, with Svc-EInvoice-Digest', async () => {
    const doc = await issued([{ description: 'A', quantity: 1, unit_price: 10, tax_rate: 0.19 }]);
    for (const format of ['ubl', 'cii', 'facturx']) {
      const a = await exportAs(doc.id, format);
      const b = await exportAs(doc.id, format, p.counterparty.key);
      assert.equal(a.status, 200, a.text);
      const bytes = Buffer.from(a.text, 'latin1');
      void bytes;
      assert.equal(a.headers['svc-einvoice-digest'], b.headers['svc-einvoice-digest']);
      assert.equal(a.text, b.text);
      assert.match(
        String(a.headers['content-type']),
        format === 'facturx' ? /^application\/pdf/ : /^application\/xml/,
      );
    }
    // A later profile change never changes the file.
    const before1 = await exportAs(doc.id, 'ubl');
    assert.equal((await setProfile(p.issuer.org.session, { legal_name: 'Renamed GmbH' })).status, 200);
    const after1 = await exportAs(doc.id, 'ubl');
    assert.equal(after1.text, before1.text);
    const digest = createHash('sha256').update(after1.text, 'utf8').digest('hex');
    assert.equal(after1.headers['svc-einvoice-digest'], digest);
    assert.equal((await setProfile(p.issuer.org.session, { legal_name: SELLER.legal_name })).status, 200);
  });

  test('the formats an email attaches are written together, and what a concurrent export kept first is what both get', async () => {
    const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
    // One format kept by an export first: the email's files keep it and write the other.
    const doc = await issued([{ description: 'A', quantity: 1, unit_price: 10, tax_rate: 0.19 }]);
    const ubl = await exportAs(doc.id, 'ubl');
    assert.equal(ubl.status, 200, ubl.text);
    const record = await documentById(svc.ctx.db, doc.id);
    assert.ok(record);
    const [pdf, ubl2] = await issuedEInvoices(svc.ctx, record, ['facturx', 'ubl']);
    assert.equal(ubl2?.digest, ubl.headers['svc-einvoice-digest']);
    assert.equal(ubl2?.content.toString('utf8'), ubl.text);
    const served = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.id}/einvoice?format=facturx`,
      headers: { authorization: `Bearer ${p.issuer.key}` },
    });
    assert.equal(sha(served.rawPayload), pdf?.digest);
    // Neither kept yet, exports racing the email's write: one file per format, the same for all.
    const raced = await issued([{ description: 'B', quantity: 2, unit_price: 10, tax_rate: 0.19 }]);
    const racedRecord = await documentById(svc.ctx.db, raced.id);
    assert.ok(racedRecord);
    const [both, apiPdf, apiUbl] = await Promise.all([
      issuedEInvoices(svc.ctx, racedRecord, ['facturx', 'ubl']),
      exportAs(raced.id, 'facturx'),
      exportAs(raced.id, 'ubl'),
    ]);
    assert.equal(both[0]?.digest, apiPdf.headers['svc-einvoice-digest']);
    assert.equal(both[1]?.digest, apiUbl.headers['svc-einvoice-digest']);
    const rows = await svc.ctx.db
      .selectFrom('einvoice_exports')
      .select(['format', 'digest'])
      .where('document_id', '=', raced.id)
      .orderBy('format')
      .execute();
    assert.deepEqual(rows, [
      { format: 'facturx', digest: both[0]?.digest },
      { format: 'ubl', digest: both[1]?.digest },
    ]);
  });

  test('Factur-X: a PDF whose embedded factur-x.xml is the CII export and passes CEN', async () => {
    const doc = await issued([{ description: 'PDF line', quantity: 2, unit_price: 12.5, tax_rate: 0.19 }]);
    const pdfRes = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.id}/einvoice?format=facturx`,
      headers: { authorization: `Bearer ${p.issuer.key}` },
    });
    assert.equal(pdfRes.statusCode, 200);
    const pdf = pdfRes.rawPayload;
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(pdfRes.headers['svc-einvoice-digest'], createHash('sha256').update(pdf).digest('hex'));
    const loaded = await PDFDocument.load(pdf);
    assert.ok(loaded.getPageCount() >= 1);
    const cii = await exportAs(doc.id, 'cii');
    assert.ok(pdf.includes(Buffer.from('factur-x.xml')), 'the attachment is named factur-x.xml');
    const r = await validateEInvoice(cii.text, 'cii');
    assert.equal(r.fatal.length, 0, formatAsserts(r.fatal));
  });

  test('a draft is 409, a purchase order 400, the other party sees no draft (404)', async () => {
    const draft = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'invoice',
        line_items: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0 }],
      },
    });
    expectApiError(await exportAs(draft.body.id, 'ubl'), 409, 'conflict');
    expectApiError(await exportAs(draft.body.id, 'ubl', p.counterparty.key), 404, 'not_found');
    const po = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'purchase_order',
        line_items: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0 }],
      },
    });
    assert.equal(
      (await svc.req('POST', `/v1/documents/${po.body.id}/issue`, { token: p.issuer.key })).status,
      200,
    );
    expectApiError(await exportAs(po.body.id, 'ubl'), 400, 'invalid_request');
    expectApiError(await exportAs(po.body.id, 'xml'), 400, 'invalid_request');
  });

  test('422 einvoice_incomplete names what each party lacks; nothing is kept; a late profile is frozen at the first export', async () => {
    const q = await pair(svc, ['Late Seller', 'Late Buyer']);
    const doc = await issued([{ description: 'x', quantity: 1, unit_price: 10, tax_rate: 0.19 }], {}, q);
    const first = expectApiError(await exportAs(doc.id, 'ubl', q.issuer.key), 422, 'einvoice_incomplete');
    const missing = (first.details as { missing: { bt: string; party: string; field: string }[] }).missing;
    assert.deepEqual(
      missing.map((m) => `${m.bt}/${m.party}`),
      // A party without a profile lacks everything a profile needs, and then what the rules need.
      [
        'BT-27/issuer',
        'BT-35/issuer',
        'BT-37/issuer',
        'BT-38/issuer',
        'BT-40/issuer',
        'BT-44/counterparty',
        'BT-50/counterparty',
        'BT-52/counterparty',
        'BT-53/counterparty',
        'BT-55/counterparty',
        'BT-31/issuer',
      ],
    );
    // The seller sets a profile without a VAT id: category S needs BT-31 (or BT-32).
    const { vat_id: _v, legal_registration_id: _r, ...noVat } = SELLER;
    assert.equal((await setProfile(q.issuer.org.session, noVat)).status, 200);
    assert.equal((await setProfile(q.counterparty.org.session, BUYER)).status, 200);
    const second = expectApiError(await exportAs(doc.id, 'cii', q.issuer.key), 422, 'einvoice_incomplete');
    assert.deepEqual(second.details, {
      missing: [{ bt: 'BT-31', party: 'issuer', field: 'vat_id', label: 'VAT identifier' }],
    });
    // A failed export froze nothing: the seller adds its VAT id and the export now works.
    assert.equal((await setProfile(q.issuer.org.session, { vat_id: 'DE123456789' })).status, 200);
    const ok = await exportAs(doc.id, 'cii', q.counterparty.key);
    assert.equal(ok.status, 200, ok.text);
    // Frozen now: a later change is not in any format's file.
    assert.equal((await setProfile(q.issuer.org.session, { legal_name: 'Changed Later' })).status, 200);
    const ubl = await exportAs(doc.id, 'ubl', q.issuer.key);
    assert.equal(ubl.status, 200);
    assert.ok(ubl.text.includes(SELLER.legal_name) && !ubl.text.includes('Changed Later'));
  });

  test('Peppol BIS 3 when both parties have an electronic address: passes CEN and Peppol; BT-10 defaults to the buyer’s number', async () => {
    const q = await pair(svc, ['Peppol Seller', 'Peppol Buyer']);
    await setProfile(q.issuer.org.session, {
      ...SELLER,
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    });
    await setProfile(q.counterparty.org.session, {
      ...BUYER,
      electronic_address: { scheme: '0009', value: '30326504500012' },
    });
    const doc = await issued(
      [
        {
          description: 'Peppol line',
          quantity: 4,
          unit_price: 25,
          tax_rate: 0.19,
          discount_type: 'percent',
          discount_value: 10,
        },
        { description: 'Reduced', quantity: 1, unit_price: 9.99, tax_rate: 0.07 },
      ],
      { payment_terms: 'net_14' },
      q,
    );
    const ubl = await assertValid(doc.id, 'ubl', true, q.issuer.key);
    assert.ok(ubl.includes('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'));
    assert.ok(ubl.includes('<cbc:EndpointID schemeID="9930">DE123456789</cbc:EndpointID>'));
    const bill = await svc.req<DocumentView>('GET', `/v1/documents/${doc.id}`, { token: q.counterparty.key });
    assert.ok(ubl.includes(`<cbc:BuyerReference>${bill.body.number}</cbc:BuyerReference>`));
  });

  test('Peppol national rules: a German seller without a contact or account is incomplete', async () => {
    const q = await pair(svc, ['DE Seller', 'Any Buyer']);
    const { contact: _c, payment_account: _a, ...bare } = SELLER;
    await setProfile(q.issuer.org.session, {
      ...bare,
      electronic_address: { scheme: '9930', value: 'DE123456789' },
    });
    await setProfile(q.counterparty.org.session, {
      ...BUYER,
      electronic_address: { scheme: '0009', value: '30326504500012' },
    });
    const doc = await issued([{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0.19 }], {}, q);
    const err = expectApiError(await exportAs(doc.id, 'ubl', q.issuer.key), 422, 'einvoice_incomplete');
    const bts = (err.details as { missing: { bt: string }[] }).missing.map((m) => m.bt);
    assert.deepEqual(bts, ['BT-41', 'BT-42', 'BT-43', 'BT-84']);
  });
});
