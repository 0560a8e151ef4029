// POST /v1/documents/import (CONTRACT 9): every official CEN and Peppol example is either held
// (totals equal to the file's, then issued, exported and validated again) or refused with a
// teaching error naming each business term; docex's own exports round-trip exactly; hostile
// files (XXE, entity expansion, malformed) are refused and create nothing.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { formatAsserts, validateEInvoice } from '../helpers/einvoice-validate.ts';
import { expectApiError } from '../helpers/expect.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

const ARTEFACTS = join(import.meta.dirname, 'artefacts');
const EXAMPLES = [
  ...readdirSync(join(ARTEFACTS, 'examples')).map((f) => join(ARTEFACTS, 'examples', f)),
  ...readdirSync(join(ARTEFACTS, 'peppol-examples')).map((f) => join(ARTEFACTS, 'peppol-examples', f)),
];

const refsOf = (d: DocumentView) => d.external_refs as Record<string, string>;

type Imported = DocumentView & { import_report: { format: string; dropped: string[] } };

let svc: TestService;
let p: Pair;

before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Import Seller', 'Import Buyer']);
  await svc.req('PATCH', '/v1/organization', { token: p.issuer.org.session, body: SELLER });
  await svc.req('PATCH', '/v1/organization', { token: p.counterparty.org.session, body: BUYER });
});
after(async () => {
  await svc?.close();
});

const importFile = (content: string | Buffer, extra: Record<string, unknown> = {}, idem = randomKey()) =>
  svc.req<Imported>('POST', '/v1/documents/import', {
    token: p.issuer.key,
    idem,
    body: {
      connection_id: p.connectionId,
      content_base64: Buffer.from(content).toString('base64'),
      ...extra,
    },
  });

async function documentCount(): Promise<number> {
  const r = await svc.ctx.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The file's BT-112 (UBL TaxInclusiveAmount, CII GrandTotalAmount). */
const statedTotal = (xml: string): string =>
  (/<cbc:TaxInclusiveAmount[^>]*>([^<]+)</.exec(xml) ?? /<ram:GrandTotalAmount[^>]*>([^<]+)</.exec(xml))![1]!;

async function issueAndValidate(id: string): Promise<void> {
  const issued = await svc.req('POST', `/v1/documents/${id}/issue`, { token: p.issuer.key });
  assert.equal(issued.status, 200, issued.text);
  for (const syntax of ['ubl', 'cii'] as const) {
    const res = await svc.req('GET', `/v1/documents/${id}/einvoice?format=${syntax}`, {
      token: p.issuer.key,
    });
    assert.equal(res.status, 200, res.text);
    const r = await validateEInvoice(res.text, syntax);
    assert.equal(r.fatal.length, 0, formatAsserts(r.fatal));
  }
}

describe('the official examples', () => {
  test('each is held with the file’s totals, or refused naming each term; held ones issue and export valid', async () => {
    let held = 0;
    for (const file of EXAMPLES) {
      const xml = readFileSync(file, 'utf8');
      const res = await importFile(xml);
      const name = file.split('/').pop();
      if (res.status === 201) {
        held++;
        assert.equal(res.body.total.toFixed(2), Number(statedTotal(xml)).toFixed(2), name);
        assert.equal(res.body.status, 'draft');
        assert.ok(refsOf(res.body).issuer_ref, `${name}: BT-1 becomes issuer_ref`);
        await issueAndValidate(res.body.id);
      } else if (res.status === 400) {
        const err = expectApiError(res, 400, 'invalid_request');
        const errors = (err.details as { errors: { message: string }[] }).errors;
        assert.ok(errors.length > 0, name);
        for (const e of errors) assert.match(e.message, /^B[TG]-\d+: /, `${name}: ${e.message}`);
      } else {
        const err = expectApiError(res, 422, 'einvoice_mismatch');
        const d = err.details as { bt: string; file: string; derived: string };
        assert.match(d.bt, /^BT-11[02]$|^BT-109$/, name);
        assert.notEqual(d.file, d.derived);
      }
    }
    assert.ok(held >= 3, `only ${held} official examples were held`);
  });

  test('informational terms are reported as dropped (sample-discount-price: payment means, gross price, origin)', async () => {
    const xml = readFileSync(join(ARTEFACTS, 'examples', 'ubl_examples_sample-discount-price.xml'), 'utf8');
    const res = await importFile(xml);
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.import_report, { format: 'ubl', dropped: ['BG-16', 'BT-147', 'BT-159'] });
  });

  test('a file with document-level allowances and charges is refused with BG-20 and BG-21; nothing is created', async () => {
    const xml = readFileSync(join(ARTEFACTS, 'peppol-examples', 'Vat-category-S.xml'), 'utf8');
    const before1 = await documentCount();
    const err = expectApiError(await importFile(xml), 400, 'invalid_request');
    const messages = (err.details as { errors: { message: string }[] }).errors.map((e) =>
      e.message.slice(0, 6),
    );
    assert.deepEqual(messages, ['BG-20:', 'BG-21:']);
    assert.equal(await documentCount(), before1);
  });
});

describe('round trips of docex’s own exports', () => {
  for (const syntax of ['ubl', 'cii'] as const) {
    test(`${syntax}: export → import → the same lines and totals → issue → export passes CEN`, async () => {
      const c = await svc.req<DocumentView>('POST', '/v1/documents', {
        token: p.issuer.key,
        body: {
          connection_id: p.connectionId,
          document_type: 'invoice',
          currency: 'EUR',
          payment_terms: 'net_30',
          notes: 'Round & trip <ok>',
          external_refs: { buyer_reference: 'REF-1', purchase_order: 'PO-7' },
          line_items: [
            {
              description: 'Hours',
              quantity: 12.25,
              unit_price: 95.5,
              tax_rate: 0.19,
              unit_code: 'HUR',
              sku: 'H-1',
            },
            {
              description: 'Parts',
              quantity: 3,
              unit_price: 14.9999,
              tax_rate: 0.07,
              discount_type: 'percent',
              discount_value: 15,
            },
            {
              description: 'Fee',
              quantity: 1,
              unit_price: 30,
              tax_rate: 0.19,
              discount_type: 'fixed',
              discount_value: 2.5,
            },
            {
              description: 'Exempt',
              quantity: 1,
              unit_price: 10,
              tax_rate: 0,
              tax_category: 'E',
              tax_exemption_reason: 'Art. 135',
              tax_exemption_reason_code: 'VATEX-EU-132',
            },
          ],
        },
      });
      assert.equal(c.status, 201, c.text);
      await svc.req('POST', `/v1/documents/${c.body.id}/issue`, { token: p.issuer.key });
      const file = await svc.req('GET', `/v1/documents/${c.body.id}/einvoice?format=${syntax}`, {
        token: p.issuer.key,
      });
      assert.equal(file.status, 200, file.text);
      const res = await importFile(file.text, { format: syntax });
      assert.equal(res.status, 201, res.text);
      const strip = (d: DocumentView) => d.line_items.map(({ line_number: _n, ...rest }) => rest);
      assert.deepEqual(strip(res.body), strip(c.body));
      for (const k of [
        'subtotal',
        'tax',
        'total',
        'currency',
        'document_date',
        'due_date',
        'notes',
      ] as const) {
        assert.deepEqual(res.body[k], c.body[k], k);
      }
      assert.equal(refsOf(res.body).issuer_ref, c.body.number);
      assert.equal(refsOf(res.body).buyer_reference, 'REF-1');
      assert.equal(refsOf(res.body).purchase_order, 'PO-7');
      await issueAndValidate(res.body.id);
    });
  }

  test('a credit note’s BT-25 becomes derived_from when the invoice is the caller’s on the connection', async () => {
    const inv = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'invoice',
        currency: 'EUR',
        line_items: [{ description: 'x', quantity: 1, unit_price: 100, tax_rate: 0.19 }],
      },
    });
    await svc.req('POST', `/v1/documents/${inv.body.id}/issue`, { token: p.issuer.key });
    const cn = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'credit_note',
        currency: 'EUR',
        derived_from: inv.body.id,
        payment_terms: 'net_30',
        line_items: [{ description: 'back', quantity: 1, unit_price: 10, tax_rate: 0.19 }],
      },
    });
    assert.equal(cn.status, 201, cn.text);
    await svc.req('POST', `/v1/documents/${cn.body.id}/issue`, { token: p.issuer.key });
    const file = await svc.req('GET', `/v1/documents/${cn.body.id}/einvoice?format=ubl`, {
      token: p.issuer.key,
    });
    // A UBL CreditNote has no cbc:DueDate: BT-9 travels in PaymentMeans/PaymentDueDate (CONTRACT §9),
    // and the import reads it back from there.
    assert.ok(cn.body.due_date, 'the credit note has a due date');
    assert.ok(!file.text.includes('<cbc:DueDate>'), 'no cbc:DueDate in a UBL CreditNote');
    assert.ok(file.text.includes(`<cbc:PaymentDueDate>${cn.body.due_date}</cbc:PaymentDueDate>`), file.text);
    const res = await importFile(file.text);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.document_type, 'credit_note');
    assert.equal(res.body.derived_from, inv.body.id);
    assert.equal(res.body.due_date, cn.body.due_date);
  });
});

describe('refusals', () => {
  const ubl = () => readFileSync(join(ARTEFACTS, 'peppol-examples', 'vat-category-Z.xml'), 'utf8');

  test('a DOCTYPE with an external entity (XXE) is refused before parsing; nothing is created', async () => {
    const before1 = await documentCount();
    const xxe = ubl().replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    );
    assert.ok(xxe.includes('<!DOCTYPE'));
    const err = expectApiError(await importFile(xxe), 400, 'invalid_request');
    assert.match(err.message, /DOCTYPE/);
    assert.equal(await documentCount(), before1);
  });

  test('an entity expansion bomb is refused at once', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><Invoice>&lol9;</Invoice>`;
    const t0 = Date.now();
    expectApiError(await importFile(bomb), 400, 'invalid_request');
    assert.ok(Date.now() - t0 < 2000);
  });

  test('malformed XML, a foreign root, bad base64, a format that is not the file’s', async () => {
    expectApiError(await importFile('<Invoice><a></Invoice>'), 400, 'invalid_request');
    expectApiError(await importFile('<Order xmlns="urn:x"/>'), 400, 'invalid_request');
    expectApiError(await importFile(Buffer.from([0xff, 0xfe, 0x00])), 400, 'invalid_request');
    const bad = await svc.req('POST', '/v1/documents/import', {
      token: p.issuer.key,
      body: { connection_id: p.connectionId, content_base64: '***not base64***' },
    });
    expectApiError(bad, 400, 'invalid_request');
    const wrong = expectApiError(await importFile(ubl(), { format: 'cii' }), 400, 'invalid_request');
    assert.ok(JSON.stringify(wrong.details).includes('format'));
    const ns = ubl().replace('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', 'urn:example:not-ubl');
    expectApiError(await importFile(ns), 400, 'invalid_request');
  });

  test('a body over 1 MiB is refused with 413 payload_too_large before it is read; nothing is created', async () => {
    const before1 = await documentCount();
    const padded = ubl().replace('</Invoice>', `<!--${'x'.repeat(1024 * 1024)}--></Invoice>`);
    const res = await importFile(padded);
    expectApiError(res, 413, 'payload_too_large');
    assert.equal(await documentCount(), before1);
  });

  test('terms docex cannot hold are named one entry each: BT-5, BT-6, negative quantity, a price finer than 4 decimals, BG-28', async () => {
    const xml = ubl()
      .replaceAll('currencyID="GBP"', 'currencyID="NOK"')
      .replace(
        '<cbc:DocumentCurrencyCode>GBP</cbc:DocumentCurrencyCode>',
        '<cbc:DocumentCurrencyCode>NOK</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>',
      )
      .replace(
        /<cbc:InvoicedQuantity unitCode="([^"]+)">([^<]+)</,
        '<cbc:InvoicedQuantity unitCode="$1">-$2<',
      )
      .replace(/<cbc:PriceAmount currencyID="NOK">([^<]+)</, '<cbc:PriceAmount currencyID="NOK">1.123456<');
    const err = expectApiError(await importFile(xml), 400, 'invalid_request');
    const terms = (err.details as { errors: { message: string }[] }).errors.map(
      (e) => e.message.split(':')[0],
    );
    assert.deepEqual(terms, ['BT-5', 'BT-6', 'BT-129', 'BT-146']);
  });

  test('the limits of POST /v1/documents hold: each field over its limit is named by term and field; nothing created', async () => {
    // The review stored a 300,000-character description, notes of 200,000, an issuer_ref of
    // 100,000, and answered 500 (index row requires 200016 bytes) on an issuer_ref of 3,000+.
    const long = (n: number) => 'x'.repeat(n);
    const xml = ubl()
      .replace('<cbc:ID>Vat-Z</cbc:ID>', `<cbc:ID>${long(3_000)}</cbc:ID>`)
      .replace(
        '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
        `<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:Note>${long(200_000)}</cbc:Note>`,
      )
      .replace('test reference', long(50_000))
      .replace(
        '</cbc:BuyerReference>',
        `</cbc:BuyerReference><cac:OrderReference><cbc:ID>${long(50_000)}</cbc:ID></cac:OrderReference>`,
      )
      .replace(
        '<cbc:Name>Test item, category Z</cbc:Name>',
        `<cbc:Name>${long(300_000)}</cbc:Name><cac:SellersItemIdentification><cbc:ID>${long(50_000)}</cbc:ID></cac:SellersItemIdentification>`,
      );
    const before1 = await documentCount();
    const err = expectApiError(await importFile(xml), 400, 'invalid_request');
    const messages = (err.details as { errors: { path: string; message: string }[] }).errors.map(
      (e) => e.message,
    );
    assert.deepEqual(
      messages.sort(),
      [
        'BT-1 (external_refs.issuer_ref): Issuer ref must be at most 500 characters long (this one has 3000)',
        'BT-10 (external_refs.buyer_reference): Buyer reference must be at most 500 characters long (this one has 50000)',
        'BT-13 (external_refs.purchase_order): Purchase order must be at most 500 characters long (this one has 50000)',
        'BT-153 (line_items[0].description): line 1: Description must be at most 1000 characters long (this one has 300000)',
        'BT-155 (line_items[0].sku): line 1: Sku must be at most 200 characters long (this one has 50000)',
        'BT-22 (notes): Notes must be at most 10000 characters long (this one has 200000)',
      ].sort(),
    );
    assert.ok(err.message.length < 1_000, 'the values are not echoed back');
    assert.equal(await documentCount(), before1);
  });

  test('the limits are the create schema’s own: the longest accepted values are accepted', async () => {
    const xml = ubl()
      .replace('<cbc:ID>Vat-Z</cbc:ID>', `<cbc:ID>${'n'.repeat(500)}</cbc:ID>`)
      .replace(
        '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
        `<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:Note>${'é'.repeat(10_000)}</cbc:Note>`,
      )
      .replace('<cbc:Name>Test item, category Z</cbc:Name>', `<cbc:Name>${'d'.repeat(1_000)}</cbc:Name>`);
    const res = await importFile(xml);
    assert.equal(res.status, 201, res.text);
    assert.equal(refsOf(res.body).issuer_ref!.length, 500);
    assert.equal(res.body.notes!.length, 10_000);
    assert.equal(res.body.line_items[0]!.description.length, 1_000);
  });

  test('a total that docex would derive differently: 422 einvoice_mismatch with {bt, file, derived}; nothing created', async () => {
    const xml = ubl().replace(
      /<cbc:TaxInclusiveAmount currencyID="GBP">([^<]+)</,
      '<cbc:TaxInclusiveAmount currencyID="GBP">99999.99<',
    );
    const before1 = await documentCount();
    const err = expectApiError(await importFile(xml), 422, 'einvoice_mismatch');
    assert.deepEqual(Object.keys(err.details as object).sort(), ['bt', 'derived', 'file']);
    assert.equal((err.details as { bt: string }).bt, 'BT-112');
    assert.equal(await documentCount(), before1);
  });

  test('idempotent: the same Idempotency-Key replays the same draft; the connection must be the caller’s', async () => {
    const idem = randomKey();
    const a = await importFile(ubl(), {}, idem);
    const b = await importFile(ubl(), {}, idem);
    assert.equal(a.status, 201, a.text);
    assert.equal(b.body.id, a.body.id);
    const other = await pair(svc, ['Stranger', 'Stranger Buyer']);
    const res = await svc.req('POST', '/v1/documents/import', {
      token: other.issuer.key,
      body: { connection_id: p.connectionId, content_base64: Buffer.from(ubl()).toString('base64') },
    });
    expectApiError(res, 404, 'not_found');
  });
});
