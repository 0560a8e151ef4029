// Property test of the mapping (issue 27): random documents of every category, discount, unit and
// precision docex accepts, exported as UBL and CII, must pass CEN's rules with no fatal assert and
// carry the document's own totals to the cent. Seeded, so a failure names the seed that made it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { formatAsserts, validateEInvoice } from '../helpers/einvoice-validate.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { rng } from '../helpers/rng.ts';

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Random Seller', 'Random Buyer']);
  await svc.req('PATCH', '/v1/organization', { token: p.issuer.org.session, body: SELLER });
  await svc.req('PATCH', '/v1/organization', { token: p.counterparty.org.session, body: BUYER });
});
after(async () => {
  await svc?.close();
});

const CATEGORIES: [string, number[], Record<string, string>][] = [
  ['S', [0.19, 0.07, 0.2, 0.055, 0.21, 0.0825], {}],
  ['Z', [0], {}],
  ['E', [0], { tax_exemption_reason: 'Exempt under Article 132', tax_exemption_reason_code: 'VATEX-EU-132' }],
  ['AE', [0], { tax_exemption_reason_code: 'VATEX-EU-AE' }],
  ['K', [0], { tax_exemption_reason_code: 'VATEX-EU-IC' }],
  ['G', [0], { tax_exemption_reason: 'Export outside the EU' }],
  ['L', [0.07, 0.03], {}],
  ['M', [0.04, 0.1], {}],
];
const UNITS = ['C62', 'HUR', 'DAY', 'KGM', 'MTR', 'LTR', 'EA'];

function randomLine(r: () => number, category: (typeof CATEGORIES)[number]) {
  const [code, rates, extra] = category;
  const quantity = Math.round(r() * 500 * 10_000) / 10_000;
  const unit_price = Math.round(r() * 2_000 * 10_000) / 10_000;
  const discount =
    r() < 0.3
      ? { discount_type: 'percent', discount_value: Math.round(r() * 50 * 100) / 100 }
      : r() < 0.2
        ? {
            discount_type: 'fixed',
            discount_value: Math.round(quantity * unit_price * r() * 0.5 * 100) / 100,
          }
        : {};
  return {
    description: `Item ${Math.floor(r() * 1e6)}`,
    quantity,
    unit_price,
    tax_rate: rates[Math.floor(r() * rates.length)]!,
    tax_category: code,
    unit_code: UNITS[Math.floor(r() * UNITS.length)]!,
    ...(r() < 0.5 ? { sku: `SKU-${Math.floor(r() * 1e4)}` } : {}),
    ...discount,
    ...extra,
  };
}

test('random documents export as UBL and CII with no fatal assert and their own totals', async () => {
  for (let seed = 1; seed <= 12; seed++) {
    const r = rng(seed);
    // Up to 3 categories a document (O stands alone, tested in export.test.ts); one reason each.
    const cats = [...CATEGORIES].sort(() => r() - 0.5).slice(0, 1 + Math.floor(r() * 3));
    const lines = Array.from({ length: 1 + Math.floor(r() * 12) }, () =>
      randomLine(r, cats[Math.floor(r() * cats.length)]!),
    );
    const created = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: r() < 0.8 ? 'invoice' : 'credit_note',
        currency: 'EUR',
        line_items: lines,
      },
    });
    assert.equal(created.status, 201, `seed ${seed}: ${created.text}`);
    assert.equal(
      (await svc.req('POST', `/v1/documents/${created.body.id}/issue`, { token: p.issuer.key })).status,
      200,
    );
    for (const syntax of ['ubl', 'cii'] as const) {
      const res = await svc.req('GET', `/v1/documents/${created.body.id}/einvoice?format=${syntax}`, {
        token: p.counterparty.key,
      });
      assert.equal(res.status, 200, `seed ${seed} ${syntax}: ${res.text}`);
      const v = await validateEInvoice(res.text, syntax);
      assert.equal(v.fatal.length, 0, `seed ${seed} ${syntax}:\n${formatAsserts(v.fatal)}`);
      const total =
        syntax === 'ubl'
          ? /<cbc:PayableAmount[^>]*>([^<]+)</.exec(res.text)
          : /<ram:DuePayableAmount>([^<]+)</.exec(res.text);
      assert.equal(total?.[1], created.body.total.toFixed(2), `seed ${seed} ${syntax}: BT-115`);
    }
  }
});
