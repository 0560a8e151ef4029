// The PDF layout a document is issued with (issue 49): an issue records today's layout
// (documents.pdf_layout), a draft has none, and the render takes the layout from the document, on
// the render threads too: a document without one (issued before the column) renders layout 1, the
// bytes it always had; one issued with 1.19.0 layout 2 (English unit names, 1,140.00); one issued
// now layout 3 (unit names and numbers in its seller's language: this German seller's 1.140,00).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { CURRENT_PDF_LAYOUT } from '../../src/lib/pdf-layout.ts';
import { openPdf } from '../../src/modules/capture/read/pdfjs.ts';
import type { ExportSource } from '../../src/modules/einvoice/build-model.ts';
import { renderEInvoice } from '../../src/modules/einvoice/render-einvoice.ts';
import { RenderPool } from '../../src/modules/einvoice/render-pool.ts';
import { createDoc, issue, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
let svc: TestService;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

function source(pdf_layout?: number | null): ExportSource {
  return {
    document_type: 'invoice',
    issuer_number: 'INV-000001',
    counterparty_number: null,
    currency: 'EUR',
    document_date: '2026-01-01',
    due_date: null,
    payment_terms: null,
    notes: null,
    external_refs: {},
    line_items: [
      {
        line_number: 1,
        description: 'Beratung',
        quantity: 12,
        unit_price: 95,
        tax_rate: 0.19,
        sku: null,
        discount_type: null,
        discount_value: null,
        net_amount: 1140,
        tax_amount: 216.6,
        unit_code: 'HUR',
      },
    ],
    subtotal: '1140.00',
    tax: '216.60',
    total: '1356.60',
    issuer_profile: SELLER as ExportSource['issuer_profile'],
    counterparty_profile: BUYER as ExportSource['counterparty_profile'],
    preceding: null,
    ...(pdf_layout === undefined ? {} : { pdf_layout }),
  };
}

test('the render follows the document: no layout is layout 1; layouts 2 and 3 differ; the same on a render thread', async () => {
  const none = sha256(await renderEInvoice(source(), 'facturx'));
  assert.equal(sha256(await renderEInvoice(source(null), 'facturx')), none);
  assert.equal(sha256(await renderEInvoice(source(1), 'facturx')), none);
  const two = sha256(await renderEInvoice(source(2), 'facturx'));
  const now = sha256(await renderEInvoice(source(CURRENT_PDF_LAYOUT), 'facturx'));
  assert.equal(CURRENT_PDF_LAYOUT, 3);
  assert.notEqual(two, none);
  assert.notEqual(now, none);
  assert.notEqual(now, two);
  // The XML files do not depend on the PDF's layout.
  assert.equal(
    sha256(await renderEInvoice(source(CURRENT_PDF_LAYOUT), 'ubl')),
    sha256(await renderEInvoice(source(), 'ubl')),
  );
  const pool = new RenderPool({ threads: 1, queue: 4, timeoutMs: 60_000 });
  try {
    assert.equal(sha256(await pool.run(source(CURRENT_PDF_LAYOUT), 'facturx')), now);
    assert.equal(sha256(await pool.run(source(), 'facturx')), none);
    assert.equal(sha256(await pool.run(source(2), 'facturx')), two);
  } finally {
    await pool.close();
  }
});

test('an issue records the current layout; a draft has none', async () => {
  const p = await pair(svc, ['Layout Seller', 'Layout Buyer']);
  const draft = await createDoc(svc, p);
  const layoutOf = async (id: string) =>
    (
      await svc.ctx.db
        .selectFrom('documents')
        .select('pdf_layout')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).pdf_layout;
  assert.equal(await layoutOf(draft.id), null);
  await issue(svc, p.issuer.key, draft.id);
  assert.equal(await layoutOf(draft.id), CURRENT_PDF_LAYOUT);
});

/** The text of a PDF's first page, its runs joined by a space (pdf.js, an independent reader). */
async function firstPageText(bytes: Uint8Array): Promise<string> {
  const pdf = await openPdf(bytes);
  try {
    const content = await (await pdf.getPage(1)).getTextContent();
    return content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
  } finally {
    await pdf.destroy();
  }
}

test("a German organization's invoice, issued and exported: units and numbers in German", async () => {
  const p = await pair(svc, ['Beratung Seller', 'Beratung Buyer']);
  for (const [who, profile] of [
    [p.issuer, SELLER],
    [p.counterparty, BUYER],
  ] as const) {
    const res = await svc.req('PATCH', '/v1/organization', { token: who.org.session, body: profile });
    assert.equal(res.status, 200, res.text);
  }
  const doc = await createDoc(svc, p, {
    currency: 'EUR',
    line_items: [
      { description: 'Beratung', quantity: 12, unit_price: 95, tax_rate: 0.19, unit_code: 'HUR' },
      { description: 'Handbuch', quantity: 1, unit_price: 25, tax_rate: 0.19, unit_code: 'H87' },
      { description: 'Sonderteil', quantity: 2, unit_price: 10, tax_rate: 0.19, unit_code: 'NAR' },
    ],
  });
  await issue(svc, p.issuer.key, doc.id);
  const served = await svc.app.inject({
    method: 'GET',
    url: `/v1/documents/${doc.id}/einvoice?format=facturx`,
    headers: { authorization: `Bearer ${p.issuer.key}` },
  });
  assert.equal(served.statusCode, 200, served.body);
  const text = await firstPageText(served.rawPayload);
  for (const shown of ['12 Stunden', '1 Stück', '2 NAR', '95,00', '1.140,00']) {
    assert.ok(text.includes(shown), `"${shown}" in ${text}`);
  }
  for (const english of ['12 hours', '1 piece', '1,140.00']) assert.ok(!text.includes(english), english);
  // Served again: the kept bytes (the document's layout is recorded, the render is the same).
  const again = await svc.app.inject({
    method: 'GET',
    url: `/v1/documents/${doc.id}/einvoice?format=facturx`,
    headers: { authorization: `Bearer ${p.issuer.key}` },
  });
  assert.equal(sha256(again.rawPayload), sha256(served.rawPayload));
});
