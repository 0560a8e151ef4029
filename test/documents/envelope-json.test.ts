// test-database: none (it uses no database; scripts/run-tests.mjs)
// envelopeJson (src/modules/documents/persist.ts) splices a projection serialized already into an
// event envelope: the bytes must be exactly those of serializing the whole envelope.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changeEvents, envelopeJson } from '../../src/modules/documents/persist.ts';
import { type DocumentRecord, projectDocument } from '../../src/modules/documents/project-document.ts';
import { makeEnvelope } from '../../src/modules/events/append.ts';

const record = (over: Partial<DocumentRecord>): DocumentRecord =>
  ({
    id: 'doc_1',
    connection_id: 'conn_1',
    issuer_organization_id: 'org_a',
    counterparty_organization_id: 'org_b',
    document_type: 'invoice',
    status: 'draft',
    issuer_number: 'INV-000001',
    counterparty_number: null,
    currency: 'USD',
    line_items: [
      {
        line_number: 1,
        description: 'Quotes " and \\ backslashes, $& and $1, \u2028 and 😀',
        quantity: 2,
        unit_price: 12.5,
        tax_rate: 0.08,
        sku: null,
        discount_type: null,
        discount_value: null,
        net_amount: 25,
        tax_amount: 2,
      },
    ],
    subtotal: '25.00',
    tax: '2.00',
    total: '27.00',
    balance_due: '27.00',
    payment_terms: null,
    document_date: '2026-11-23',
    due_date: null,
    notes: '"document" \u0000document\u0000 in the notes',
    external_refs: { issuer_ref: 'ERP-"1"' },
    issuer_ref: 'ERP-"1"',
    derived_from: null,
    origin: 'api',
    sandbox: false,
    history_seq: 1,
    history_head: 'h',
    created_at: new Date('2026-11-23T10:00:00.123Z'),
    updated_at: new Date('2026-11-23T10:00:00.123Z'),
    issued_at: null,
    issuer_name: 'A "Ltd"',
    counterparty_name: 'B',
    payment: null,
    ...over,
  }) as DocumentRecord;

test('an envelope with the projection spliced in is byte for byte the serialized envelope', () => {
  const now = new Date('2026-11-23T10:00:01.000Z');
  const issued = record({ status: 'submitted', issued_at: now, counterparty_number: 'BILL-000007' });
  for (const [before, after, kind] of [
    [null, record({}), 'created'],
    [null, record({ sandbox: true }), 'created'],
    [record({}), issued, 'status_changed'],
    [record({}), record({ notes: 'edited' }), 'edited'],
  ] as const) {
    for (const org of ['org_a', 'org_b']) {
      const json = JSON.stringify(projectDocument(after, org));
      const spliced = changeEvents(before, after, kind, { organizationId: org, json });
      const plain = changeEvents(before, after, kind);
      assert.equal(spliced.length, plain.length);
      for (const [i, e] of spliced.entries()) {
        const p = plain[i]!;
        const a = makeEnvelope(e.type, e.data, e.sandbox, now);
        const b = { ...makeEnvelope(p.type, p.data, p.sandbox, now), id: a.id };
        assert.equal(envelopeJson(a, e.documentJson), JSON.stringify(b));
        // Only the named organization's event takes the serialized projection.
        assert.equal(e.documentJson !== undefined, e.organizationId === org);
      }
    }
  }
});
