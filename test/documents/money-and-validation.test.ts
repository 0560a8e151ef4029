// Money (CONTRACT 3: decimal, half-up cents, per-line tax, discounts), payment terms ↔ due date,
// the teaching errors for server-owned fields, and every limit of spec 8 on document bodies.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { createDoc, errorOf, errorPaths, issue, line, type Pair, pair } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc);
});
after(async () => {
  await svc?.close();
});

const create = (body: Record<string, unknown>, opts: { replace?: boolean } = {}) =>
  svc.req<DocumentView>('POST', '/v1/documents', {
    token: p.issuer.key,
    body: opts.replace
      ? body
      : { connection_id: p.connectionId, document_type: 'invoice', line_items: [line()], ...body },
  });

const totalsOf = async (lines: Record<string, unknown>[]) => {
  const res = await create({ line_items: lines });
  assert.equal(res.status, 201, res.text);
  const d = res.body;
  return {
    lines: d.line_items.map((l) => [l.net_amount, l.tax_amount]),
    subtotal: d.subtotal,
    tax: d.tax,
    total: d.total,
    balance_due: d.balance_due,
  };
};

describe('money', () => {
  test('half-up to cents where binary floats and banker’s rounding differ', async () => {
    // 1 × 0.125 = 0.125 → 0.13 (banker's rounding would give 0.12)
    // 3 × 0.335 = 1.005 → 1.01 (1.005 as a double is 1.00499…, so float rounding gives 1.00)
    // 2 × 1.2345 = 2.469 → 2.47; tax 0.5 of 0.15 = 0.075 → 0.08
    const t = await totalsOf([
      line({ quantity: 1, unit_price: 0.125, tax_rate: 0 }),
      line({ quantity: 3, unit_price: 0.335, tax_rate: 0 }),
      line({ quantity: 2, unit_price: 1.2345, tax_rate: 0 }),
      line({ quantity: 1, unit_price: 0.15, tax_rate: 0.5 }),
    ]);
    assert.deepEqual(t.lines, [
      [0.13, 0],
      [1.01, 0],
      [2.47, 0],
      [0.15, 0.08],
    ]);
    assert.equal(t.subtotal, 3.76);
    assert.equal(t.tax, 0.08);
    assert.equal(t.total, 3.84);
    assert.equal(t.balance_due, 3.84);
  });

  test('tax is rounded per line, then summed (not computed on the subtotal)', async () => {
    // Two lines of 1.05 at 10%: 0.105 → 0.11 each, tax 0.22; 10% of the subtotal 2.10 would be 0.21.
    const t = await totalsOf([
      line({ quantity: 1, unit_price: 1.05, tax_rate: 0.1 }),
      line({ quantity: 1, unit_price: 1.05, tax_rate: 0.1 }),
    ]);
    assert.deepEqual(t.lines, [
      [1.05, 0.11],
      [1.05, 0.11],
    ]);
    assert.equal(t.tax, 0.22);
    assert.equal(t.total, 2.32);
  });

  test('decimal sums: 0.1 + 0.2 is 0.3', async () => {
    const t = await totalsOf([
      line({ quantity: 1, unit_price: 0.1, tax_rate: 0 }),
      line({ quantity: 1, unit_price: 0.2, tax_rate: 0 }),
    ]);
    assert.equal(t.subtotal, 0.3);
    assert.equal(t.total, 0.3);
  });

  test('discounts apply before tax: percent of the gross, fixed up to the gross', async () => {
    // 3 × 9.99 = 29.97, 15% off = 25.4745 → 25.47, tax 8% = 2.0376 → 2.04
    // 2 × 10 = 20, 5 off = 15, tax 10% = 1.50; 100% off = 0; fixed equal to the gross = 0
    const t = await totalsOf([
      line({ quantity: 3, unit_price: 9.99, tax_rate: 0.08, discount_type: 'percent', discount_value: 15 }),
      line({ quantity: 2, unit_price: 10, tax_rate: 0.1, discount_type: 'fixed', discount_value: 5 }),
      line({ quantity: 1, unit_price: 7, tax_rate: 0.2, discount_type: 'percent', discount_value: 100 }),
      line({ quantity: 1, unit_price: 7, tax_rate: 0.2, discount_type: 'fixed', discount_value: 7 }),
      line({ quantity: 1, unit_price: 7, tax_rate: 0.2, discount_type: null, discount_value: null }),
    ]);
    assert.deepEqual(t.lines, [
      [25.47, 2.04],
      [15, 1.5],
      [0, 0],
      [0, 0],
      [7, 1.4],
    ]);
    assert.equal(t.subtotal, 47.47);
    assert.equal(t.tax, 4.94);
    assert.equal(t.total, 52.41);
  });

  test('lines echo their input plus line_number, net_amount, tax_amount and the e-invoicing defaults', async () => {
    const res = await create({
      line_items: [
        { description: 'A', quantity: 1.5, unit_price: 2.0001, tax_rate: 0.0825, sku: 'SKU-1' },
        {
          description: 'B',
          quantity: 0,
          unit_price: 0,
          tax_rate: 0,
          discount_type: 'percent',
          discount_value: 0,
        },
      ],
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.line_items, [
      {
        line_number: 1,
        description: 'A',
        quantity: 1.5,
        unit_price: 2.0001,
        tax_rate: 0.0825,
        sku: 'SKU-1',
        discount_type: null,
        discount_value: null,
        net_amount: 3,
        tax_amount: 0.25,
        tax_category: 'S',
        tax_exemption_reason: null,
        tax_exemption_reason_code: null,
        unit_code: 'C62',
      },
      {
        line_number: 2,
        description: 'B',
        quantity: 0,
        unit_price: 0,
        tax_rate: 0,
        sku: null,
        discount_type: 'percent',
        discount_value: 0,
        net_amount: 0,
        tax_amount: 0,
        tax_category: 'Z',
        tax_exemption_reason: null,
        tax_exemption_reason_code: null,
        unit_code: 'C62',
      },
    ]);
    assert.equal(res.body.total, 3.25);
  });

  test('large amounts stay exact; a total past 999,999,999,999.99 is refused', async () => {
    // 999,999 × 999,999.9999 = 999,998,999,900.0001 → 999,998,999,900.00
    const t = await totalsOf([line({ quantity: 999_999, unit_price: 999_999.9999, tax_rate: 0 })]);
    assert.equal(t.total, 999998999900);
    // 123,456,789.0049 → 123,456,789.00; 8.25% = 10,185,185.0925 → 10,185,185.09
    const t2 = await totalsOf([line({ quantity: 1, unit_price: 123456789.0049, tax_rate: 0.0825 })]);
    assert.deepEqual(t2.lines, [[123456789, 10185185.09]]);
    assert.equal(t2.total, 133641974.09);
    const over = await create({
      line_items: [line({ quantity: 1_000_000_000, unit_price: 1000, tax_rate: 0 })],
    });
    assert.deepEqual(errorPaths(over), ['line_items']);
  });

  test('currency: USD by default; USD, EUR, GBP, CAD accepted; anything else refused', async () => {
    for (const currency of ['EUR', 'GBP', 'CAD']) {
      const res = await create({ currency });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.currency, currency);
    }
    assert.deepEqual(errorPaths(await create({ currency: 'JPY' })), ['currency']);
  });
});

describe('payment terms and due date', () => {
  const terms = async (body: Record<string, unknown>) => {
    const res = await create({ document_date: '2024-01-31', ...body });
    assert.equal(res.status, 201, res.text);
    return [res.body.payment_terms, res.body.due_date];
  };

  test('terms give the due date', async () => {
    assert.deepEqual(await terms({ payment_terms: 'net_30' }), ['net_30', '2024-03-01']);
    assert.deepEqual(await terms({ payment_terms: 'net_0' }), ['net_0', '2024-01-31']);
    assert.deepEqual(await terms({ payment_terms: 'net_365' }), ['net_365', '2025-01-30']);
    assert.deepEqual(await terms({ payment_terms: 'due_on_receipt' }), ['due_on_receipt', '2024-01-31']);
    assert.deepEqual(await terms({}), [null, null]);
    assert.deepEqual(await terms({ payment_terms: null }), [null, null]);
  });

  test('a due date gives the terms', async () => {
    assert.deepEqual(await terms({ due_date: '2024-02-14' }), ['net_14', '2024-02-14']);
    assert.deepEqual(await terms({ due_date: '2024-01-31' }), ['due_on_receipt', '2024-01-31']);
  });

  test('both given must agree', async () => {
    assert.deepEqual(await terms({ payment_terms: 'net_14', due_date: '2024-02-14' }), [
      'net_14',
      '2024-02-14',
    ]);
    const res = await create({
      document_date: '2024-01-31',
      payment_terms: 'net_30',
      due_date: '2024-02-14',
    });
    const err = errorOf(res, 400, 'invalid_request');
    assert.deepEqual(
      err.details?.errors?.map((e) => e.path),
      ['due_date'],
    );
    assert.match(err.message, /net_30.*2024-03-01/);
  });

  test('the document date defaults to today on the service clock', async () => {
    const res = await create({ payment_terms: 'net_1' });
    const today = new Date(res.body.created_at).toISOString().slice(0, 10);
    assert.equal(res.body.document_date, today);
  });

  test('bad terms and impossible due dates are refused', async () => {
    for (const bad of ['net_366', 'net_030', 'net_-1', 'net_', 'monthly', 'NET_30', 'due_on_receipt ']) {
      assert.deepEqual(errorPaths(await create({ payment_terms: bad })), ['payment_terms'], bad);
    }
    assert.deepEqual(errorPaths(await create({ document_date: '2024-01-31', due_date: '2024-01-30' })), [
      'due_date',
    ]);
    assert.deepEqual(errorPaths(await create({ document_date: '2024-01-01', due_date: '2025-01-02' })), [
      'due_date',
    ]);
    assert.deepEqual(errorPaths(await create({ document_date: '2024-02-30' })), ['document_date']);
    assert.deepEqual(errorPaths(await create({ due_date: '31/01/2024' })), ['due_date']);
  });
});

describe('teaching errors for server-owned fields', () => {
  const OWNED: Record<string, [unknown, RegExp]> = {
    tax: [2, /line_items\[\]\.tax_rate/],
    subtotal: [20, /derived/],
    total: [22, /derived/],
    balance_due: [22, /maintained by the service/],
    number: ['INV-1', /issuer_ref/],
    status: ['approved', /transition/],
    origin: ['api', /stamped by the service/],
    direction: ['sent', /per viewer/],
    label: ['Invoice', /per viewer/],
  };
  for (const [field, [value, teaches]] of Object.entries(OWNED)) {
    test(`${field} in a create or edit body is refused with a message that teaches the fix`, async () => {
      const err = errorOf(await create({ [field]: value }), 400, 'invalid_request');
      assert.equal(err.details?.field, field);
      assert.match(err.message, teaches);
      assert.deepEqual(
        err.details?.errors?.map((e) => e.path),
        [field],
      );

      const draft = await createDoc(svc, p);
      const patch = await svc.req('PATCH', `/v1/documents/${draft.id}`, {
        token: p.issuer.key,
        body: { [field]: value },
      });
      const perr = errorOf(patch, 400, 'invalid_request');
      assert.equal(perr.details?.field, field);
      assert.match(perr.message, teaches);
    });
  }

  test('an unknown field is refused naming it, at the top and in a line', async () => {
    const err = errorOf(await create({ colour: 'red' }), 400, 'invalid_request');
    assert.deepEqual(err.details?.errors, [{ path: 'colour', message: 'unknown field "colour"' }]);
    assert.deepEqual(errorPaths(await create({ line_items: [line({ net_amount: 20 })] })), [
      'line_items[0].net_amount',
    ]);
  });
});

describe('limits', () => {
  const badLine = (over: Record<string, unknown>) => create({ line_items: [line(), line(over)] });

  test('1 to 200 lines', async () => {
    assert.deepEqual(errorPaths(await create({ line_items: [] })), ['line_items']);
    assert.deepEqual(errorPaths(await create({ line_items: Array.from({ length: 201 }, () => line()) })), [
      'line_items',
    ]);
    const max = await create({ line_items: Array.from({ length: 200 }, () => line()) });
    assert.equal(max.status, 201, max.text);
    assert.equal(max.body.line_items.length, 200);
    assert.equal(max.body.line_items[199]!.line_number, 200);
    assert.equal(max.body.total, 4400);
    assert.deepEqual(errorPaths(await create({ line_items: undefined })), ['line_items']);
  });

  test('quantity and unit_price >= 0 with at most 4 decimals', async () => {
    assert.deepEqual(errorPaths(await badLine({ quantity: -1 })), ['line_items[1].quantity']);
    assert.deepEqual(errorPaths(await badLine({ unit_price: -0.01 })), ['line_items[1].unit_price']);
    assert.deepEqual(errorPaths(await badLine({ quantity: 1.00001 })), ['line_items[1].quantity']);
    assert.deepEqual(errorPaths(await badLine({ unit_price: 0.12345 })), ['line_items[1].unit_price']);
    assert.deepEqual(errorPaths(await badLine({ quantity: '2' })), ['line_items[1].quantity']);
    assert.deepEqual(errorPaths(await badLine({ quantity: 1e10 })), ['line_items[1].quantity']);
  });

  test('tax_rate in [0, 1]', async () => {
    assert.deepEqual(errorPaths(await badLine({ tax_rate: 8 })), ['line_items[1].tax_rate']);
    assert.deepEqual(errorPaths(await badLine({ tax_rate: -0.1 })), ['line_items[1].tax_rate']);
    assert.deepEqual(errorPaths(await badLine({ tax_rate: undefined })), ['line_items[1].tax_rate']);
    assert.equal((await badLine({ tax_rate: 1 })).status, 201);
  });

  test('discounts: percent at most 100, fixed at most the gross, type and value together', async () => {
    assert.deepEqual(errorPaths(await badLine({ discount_type: 'percent', discount_value: 101 })), [
      'line_items[1].discount_value',
    ]);
    assert.deepEqual(errorPaths(await badLine({ discount_type: 'fixed', discount_value: 20.01 })), [
      'line_items[1].discount_value',
    ]);
    assert.deepEqual(errorPaths(await badLine({ discount_type: 'fixed' })), ['line_items[1].discount_value']);
    assert.deepEqual(errorPaths(await badLine({ discount_value: 5 })), ['line_items[1].discount_type']);
    assert.deepEqual(errorPaths(await badLine({ discount_type: 'bogus', discount_value: 1 })), [
      'line_items[1].discount_type',
    ]);
    assert.deepEqual(errorPaths(await badLine({ discount_type: 'fixed', discount_value: -1 })), [
      'line_items[1].discount_value',
    ]);
  });

  test('every problem is listed at once', async () => {
    // The body's shape is checked first (types, ranges), then the numbers' decimal rules.
    const shape = errorPaths(
      await create({ notes: 5, line_items: [line({ quantity: -1, tax_rate: 2 }), line({ colour: 'red' })] }),
    );
    assert.deepEqual(shape.sort(), [
      'line_items[0].quantity',
      'line_items[0].tax_rate',
      'line_items[1].colour',
      'notes',
    ]);
    const numbers = errorPaths(
      await create({
        payment_terms: 'net_10',
        due_date: '2000-01-01',
        line_items: [
          line({ quantity: 1.23456, unit_price: 0.00001 }),
          line({ discount_type: 'percent', discount_value: 500 }),
        ],
      }),
    );
    assert.deepEqual(numbers.sort(), [
      'due_date',
      'line_items[0].quantity',
      'line_items[0].unit_price',
      'line_items[1].discount_value',
    ]);
  });

  test('text fields: required description, bounded lengths, no NUL', async () => {
    assert.deepEqual(errorPaths(await badLine({ description: '' })), ['line_items[1].description']);
    assert.deepEqual(errorPaths(await badLine({ description: 'x'.repeat(1001) })), [
      'line_items[1].description',
    ]);
    assert.deepEqual(errorPaths(await create({ notes: 'x'.repeat(10_001) })), ['notes']);
    assert.deepEqual(errorPaths(await create({ notes: 'a\u0000b' })), ['notes']);
    assert.deepEqual(errorPaths(await badLine({ sku: '\ud800' })), ['line_items[1].sku']);
  });

  test('external_refs: string values, at most 50 keys', async () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, `v${i}`]));
    assert.equal((await create({ external_refs: fifty })).status, 201);
    assert.deepEqual(errorPaths(await create({ external_refs: { ...fifty, k50: 'x' } })), ['external_refs']);
    assert.deepEqual(errorPaths(await create({ external_refs: { issuer_ref: 42 } })), [
      'external_refs.issuer_ref',
    ]);
    assert.deepEqual(errorPaths(await create({ external_refs: { a: { b: 'c' } } })), ['external_refs.a']);
    assert.deepEqual(
      [...new Set(errorPaths(await create({ external_refs: { '': 'empty key' } })))],
      ['external_refs'],
    );
    assert.deepEqual(errorPaths(await create({ external_refs: { k: 'x'.repeat(501) } })), [
      'external_refs.k',
    ]);
  });

  test('document_type: the four API types; finance types are created by the finance family only', async () => {
    for (const t of ['agreement', 'disbursement', 'repayment']) {
      const err = errorOf(await create({ document_type: t }), 400, 'invalid_request');
      assert.match(err.message, /finance family only/);
      assert.deepEqual(
        err.details?.errors?.map((e) => e.path),
        ['document_type'],
      );
    }
    assert.deepEqual(errorPaths(await create({ document_type: 'receipt' })), ['document_type']);
  });

  test('connection_id: a connection the caller is a party to, and active', async () => {
    assert.deepEqual(errorPaths(await create({ connection_id: undefined })), ['connection_id']);
    errorOf(await create({ connection_id: 'conn_doesnotexist' }), 404, 'not_found');
    // A pending connection holds no documents yet.
    const other = await svc.req<{ id: string }>('POST', '/v1/connections', {
      token: p.issuer.org.session,
      body: { counterparty_organization_id: (await pair(svc, ['Pend A', 'Pend B'])).issuer.org.orgId },
    });
    assert.equal(other.status, 201, other.text);
    assert.deepEqual(errorPaths(await create({ connection_id: other.body.id })), ['connection_id']);
  });

  test('derived_from: an earlier document on the same connection the caller can see', async () => {
    const origin = await createDoc(svc, p, { document_type: 'quote' });
    const derived = await create({ derived_from: origin.id });
    assert.equal(derived.status, 201, derived.text);
    assert.equal(derived.body.derived_from, origin.id);
    assert.deepEqual(errorPaths(await create({ derived_from: 'doc_nope' })), ['derived_from']);
    // The counterparty's draft is invisible to the issuer, so it cannot be derived from.
    const theirs = await createDoc(svc, {
      issuer: p.counterparty,
      counterparty: p.issuer,
      connectionId: p.connectionId,
    });
    assert.deepEqual(errorPaths(await create({ derived_from: theirs.id })), ['derived_from']);
    await issue(svc, p.counterparty.key, theirs.id);
    const fresh = await create({ derived_from: theirs.id });
    assert.equal(fresh.status, 201, fresh.text);
    // An edit may set it too, but only to a document created before the draft, never itself.
    const later = await createDoc(svc, p);
    const patch = (derived_from: string) =>
      svc.req('PATCH', `/v1/documents/${derived.body.id}`, { token: p.issuer.key, body: { derived_from } });
    assert.deepEqual(errorPaths(await patch(later.id)), ['derived_from']);
    assert.deepEqual(errorPaths(await patch(derived.body.id)), ['derived_from']);
    assert.equal((await patch(origin.id)).status, 200);
  });

  test('a write without Idempotency-Key is refused before anything happens', async () => {
    const res = await svc.req('POST', '/v1/documents', {
      token: p.issuer.key,
      idem: null,
      body: { connection_id: p.connectionId, document_type: 'invoice', line_items: [line()] },
    });
    errorOf(res, 400, 'invalid_request');
  });

  test('scopes: documents:write to create, documents:read to read', async () => {
    const res = await svc.req('POST', '/v1/documents', {
      token: p.issuer.readKey,
      body: { connection_id: p.connectionId, document_type: 'invoice', line_items: [line()] },
    });
    assert.equal(errorOf(res, 403, 'insufficient_scope').details?.required, 'documents:write');
  });
});
