// One shared record, projected per viewer (spec 1, CONTRACT 3): number, label, direction and
// counterparty differ by side; drafts are the issuer's alone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { createDoc, errorOf, issue, type Pair, pair, party } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Seller Inc', 'Buyer LLC']);
});
after(async () => {
  await svc?.close();
});

const TYPES = [
  ['invoice', 'Invoice', 'INV-', 'Bill', 'BILL-', 'submitted'],
  ['purchase_order', 'Purchase Order', 'PO-', 'Sales Order', 'SO-', 'submitted'],
  ['quote', 'Quote', 'QT-', 'Vendor Quote', 'VQ-', 'sent'],
  ['credit_note', 'Credit Note', 'CN-', 'Vendor Credit', 'VC-', 'submitted'],
] as const;

for (const [type, issuerLabel, issuerPrefix, cpLabel, cpPrefix, entry] of TYPES) {
  test(`${type}: issuer sees ${issuerLabel} ${issuerPrefix}, counterparty sees ${cpLabel} ${cpPrefix} once issued`, async () => {
    const draft = await createDoc(svc, p, { document_type: type });
    assert.equal(draft.status, 'draft');
    assert.equal(draft.label, issuerLabel);
    assert.equal(draft.direction, 'sent');
    assert.match(draft.number, new RegExp(`^${issuerPrefix}\\d{6}$`));
    assert.deepEqual(draft.counterparty, { id: p.counterparty.org.orgId, name: 'Buyer LLC' });
    assert.equal(draft.issued_at, null);

    // A draft does not exist for the counterparty: not in GET, not in lists.
    errorOf(
      await svc.req('GET', `/v1/documents/${draft.id}`, { token: p.counterparty.key }),
      404,
      'not_found',
    );
    const cpList = await svc.req<{ data: DocumentView[] }>('GET', '/v1/documents', {
      token: p.counterparty.key,
    });
    assert.ok(!cpList.body.data.some((d) => d.id === draft.id));

    const issued = await issue(svc, p.issuer.key, draft.id);
    assert.equal(issued.status, entry);
    assert.equal(issued.number, draft.number, "the issuer's number does not change at issue");
    assert.ok(issued.issued_at);

    const seen = await svc.req<DocumentView>('GET', `/v1/documents/${draft.id}`, {
      token: p.counterparty.key,
    });
    assert.equal(seen.status, 200, seen.text);
    assert.equal(seen.body.label, cpLabel);
    assert.equal(seen.body.direction, 'received');
    assert.match(seen.body.number, new RegExp(`^${cpPrefix}\\d{6}$`));
    assert.deepEqual(seen.body.counterparty, { id: p.issuer.org.orgId, name: 'Seller Inc' });
    assert.equal(seen.body.issuer_organization_id, p.issuer.org.orgId);
    // Everything that is not per viewer is the same record.
    const shared = (d: DocumentView) => {
      const { number: _n, label: _l, direction: _d, counterparty: _c, ...rest } = d;
      return rest;
    };
    assert.deepEqual(shared(seen.body), shared(issued));
  });
}

test('the record carries every field of spec 2.1 and CONTRACT 3', async () => {
  const d = await createDoc(svc, p, {
    notes: 'Thanks',
    external_refs: { issuer_ref: 'ERP-1', po: '77' },
    payment_terms: 'net_30',
    document_date: '2024-03-01',
  });
  assert.deepEqual(Object.keys(d), [
    'id',
    'connection_id',
    'document_type',
    'number',
    'direction',
    'label',
    'status',
    'issuer_organization_id',
    'counterparty',
    'document_date',
    'due_date',
    'payment_terms',
    'currency',
    'line_items',
    'allowances_charges',
    'subtotal',
    'tax',
    'total',
    'balance_due',
    'payment_reference',
    'notes',
    'external_refs',
    'derived_from',
    'origin',
    'received',
    'payment_hold',
    'sandbox',
    'payment',
    'created_at',
    'updated_at',
    'issued_at',
  ]);
  assert.match(d.id, /^doc_[0-9A-Za-z]{22}$/);
  assert.equal(d.connection_id, p.connectionId);
  assert.equal(d.origin, 'api');
  assert.equal(d.received, null, 'made in docex, not received (CONTRACT 11.5)');
  assert.equal(d.sandbox, false);
  assert.equal(d.payment, null);
  assert.equal(d.currency, 'USD');
  assert.equal(d.document_date, '2024-03-01');
  assert.equal(d.due_date, '2024-03-31');
  assert.equal(d.notes, 'Thanks');
  assert.deepEqual(d.external_refs, { issuer_ref: 'ERP-1', po: '77' });
  assert.deepEqual(d.line_items, [
    {
      line_number: 1,
      description: 'Widget',
      quantity: 2,
      unit_price: 10,
      tax_rate: 0.1,
      sku: null,
      discount_type: null,
      discount_value: null,
      net_amount: 20,
      tax_amount: 2,
      tax_category: 'S',
      tax_exemption_reason: null,
      tax_exemption_reason_code: null,
      unit_code: 'C62',
    },
  ]);
  assert.equal(d.subtotal, 20);
  assert.equal(d.tax, 2);
  assert.equal(d.total, 22);
  assert.equal(d.balance_due, 22);
  assert.equal(d.created_at, d.updated_at);
  assert.match(d.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

const seq = (n: string) => Number(n.slice(n.lastIndexOf('-') + 1));

test('numbers are sequential per organization and prefix; the counterparty numbers at issue', async () => {
  const a1 = await createDoc(svc, p);
  const a2 = await createDoc(svc, p);
  assert.equal(seq(a2.number), seq(a1.number) + 1);
  assert.match(a1.number, /^INV-\d{6}$/);
  // Another prefix has its own sequence.
  const po1 = await createDoc(svc, p, { document_type: 'purchase_order' });
  const po2 = await createDoc(svc, p, { document_type: 'purchase_order' });
  assert.equal(seq(po2.number), seq(po1.number) + 1);
  // The counterparty numbers in the order documents are issued to it, not created.
  await issue(svc, p.issuer.key, a2.id);
  await issue(svc, p.issuer.key, a1.id);
  const b2 = await svc.req<DocumentView>('GET', `/v1/documents/${a2.id}`, { token: p.counterparty.key });
  const b1 = await svc.req<DocumentView>('GET', `/v1/documents/${a1.id}`, { token: p.counterparty.key });
  assert.match(b2.body.number, /^BILL-\d{6}$/);
  assert.equal(seq(b1.body.number), seq(b2.body.number) + 1);
  // The counterparty's own invoices have their own INV- sequence, starting at 1.
  const back = await createDoc(svc, {
    issuer: p.counterparty,
    counterparty: p.issuer,
    connectionId: p.connectionId,
  });
  assert.equal(back.number, 'INV-000001');
  assert.equal(back.counterparty.name, 'Seller Inc');
});

test('concurrent creates get distinct consecutive numbers', async () => {
  const docs = await Promise.all(
    Array.from({ length: 8 }, () => createDoc(svc, p, { document_type: 'quote' })),
  );
  const numbers = docs.map((d) => seq(d.number)).sort((a, b) => a - b);
  assert.deepEqual(
    numbers,
    Array.from({ length: 8 }, (_, i) => numbers[0]! + i),
  );
});

test('a stranger never sees the document', async () => {
  const d = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
  const stranger = await party(svc, 'Stranger');
  errorOf(await svc.req('GET', `/v1/documents/${d.id}`, { token: stranger.key }), 404, 'not_found');
  errorOf(await svc.req('GET', '/v1/documents/doc_nope', { token: p.issuer.key }), 404, 'not_found');
  // A NUL is no id at all: refused as input (CONTRACT 10), whoever asks.
  errorOf(await svc.req('GET', '/v1/documents/%00', { token: p.issuer.key }), 400, 'invalid_request');
});
