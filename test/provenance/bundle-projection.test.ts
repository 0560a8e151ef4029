// test-database: none (it uses no database; scripts/run-tests.mjs)
// docex-proof/1's document and lineage members are frozen at what 1.15.0 emitted
// (src/modules/provenance/bundle-projection.ts): these are 1.15.0's canonical bytes for a record
// with every kind of field (a line written before 1.15.0 without its four tax fields, a 1.15.0
// line with them, a payment, an attachment, both viewers). A projection that gains, loses or
// reformats a field changes every stored bundle digest, and fails here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalJson, sha256Hex } from '../../src/lib/canonical.ts';
import type { ProjectedDocument } from '../../src/modules/documents/project-document.ts';
import { proofV1Document, proofV1Lineage } from '../../src/modules/provenance/bundle-projection.ts';

const record: ProjectedDocument = {
  id: 'doc_frozen1',
  connection_id: 'con_frozen1',
  issuer_organization_id: 'org_issuer',
  counterparty_organization_id: 'org_buyer',
  document_type: 'invoice',
  status: 'partially_paid',
  issuer_number: 'INV-000042',
  counterparty_number: 'BILL-000007',
  currency: 'EUR',
  line_items: [
    {
      line_number: 1,
      description: 'Written by 1.14.0',
      quantity: 3,
      unit_price: 10.5,
      tax_rate: 20,
      sku: null,
      discount_type: 'percent',
      discount_value: 10,
      net_amount: 28.35,
      tax_amount: 5.67,
    },
    {
      line_number: 2,
      description: 'Exempt, per 1.15.0',
      quantity: 1,
      unit_price: 100,
      tax_rate: 0,
      sku: 'SKU-1',
      discount_type: null,
      discount_value: null,
      net_amount: 100,
      tax_amount: 0,
      tax_category: 'E',
      tax_exemption_reason: 'Exempt by article 132',
      tax_exemption_reason_code: 'VATEX-EU-132',
      unit_code: 'HUR',
    },
  ],
  subtotal: '128.35',
  tax: '5.67',
  total: '134.02',
  balance_due: '34.02',
  payment_reference: null,
  // Issue 49's PDF layout is the document's, not the bundle's: the frozen bytes below ignore it.
  pdf_layout: 2,
  payment_terms: 'net_30',
  document_date: '2026-01-15',
  due_date: '2026-02-14',
  notes: 'ünïcode \u2028 "quoted"',
  external_refs: { erp: 'X-1' },
  derived_from: 'doc_order1',
  origin: 'api',
  received: null,
  payment_hold: null,
  sandbox: false,
  created_at: new Date('2026-01-15T09:00:00.123Z'),
  updated_at: new Date('2026-01-16T10:30:00.000Z'),
  issued_at: new Date('2026-01-15T09:05:00.000Z'),
  issuer_name: 'Issuer GmbH',
  counterparty_name: 'Buyer Ltd',
  payment: {
    id: 'pay_frozen1',
    document_id: 'doc_frozen1',
    amount: '100.00',
    currency: 'EUR',
    status: 'settled',
    failure_reason: null,
    settlement_reference: 'SETTLE-1',
    payment_method: 'bank_transfer',
    rail: 'ledger',
    end_to_end_id: null,
    source_account_id: 'acct_1',
    scheduled_for: null,
    created_at: '2026-01-16T10:29:00.000Z',
    settled_at: '2026-01-16T10:30:00.000Z',
    key_id: 'key_payer',
    payer_organization_id: 'org_buyer',
  },
};
const attachments = [
  {
    id: 'att_frozen1',
    document_id: 'doc_frozen1',
    filename: 'terms.pdf',
    content_type: 'application/pdf',
    size: 1234,
    sha256: 'ab'.repeat(32),
    created_at: '2026-01-15T09:01:00.000Z',
  },
];

// What 1.15.0 (commit 9abec01) put in each bundle for this record: the sha256 of the canonical
// JSON of `{...projectDocument(record, viewer), attachments}`, computed with that commit's code.
const ISSUER_V1 = 'bce3e3f6c91b76049df8ba956d41f3904b32053af6c886289777a51d7e28ec6d';
const COUNTERPARTY_V1 = '3f961695b3fd9729127fe38bca2887e9e68688dc90300c784640c09ab760c97c';

test('docex-proof/1 documents are byte for byte what 1.15.0 emitted, for both viewers', () => {
  assert.equal(sha256Hex(canonicalJson(proofV1Document(record, 'org_issuer', attachments))), ISSUER_V1);
  assert.equal(sha256Hex(canonicalJson(proofV1Document(record, 'org_buyer', attachments))), COUNTERPARTY_V1);
});

test('the frozen projection lists exactly 1.15.0 fields, whatever else the record carries', () => {
  const doc = proofV1Document(
    // A later version's record with a column and a line field 1.15.0 did not have.
    {
      ...record,
      future_column: 'x',
      line_items: record.line_items.map((l) => ({ ...l, future_line_field: 1 })),
    } as ProjectedDocument,
    'org_issuer',
    attachments.map((a) => ({ ...a, future_attachment_field: true })),
  );
  assert.equal(sha256Hex(canonicalJson(doc)), ISSUER_V1);
});

test('docex-proof/1 lineage steps keep 1.15.0 fields', () => {
  const lineage = {
    document_id: 'doc_frozen1',
    steps: [
      {
        document_id: 'doc_order1',
        document_type: 'purchase_order',
        owner_organization_id: 'org_buyer',
        sealed: true as const,
        head_hash: 'cd'.repeat(32),
        at: '2026-01-14T08:00:00.000Z',
        future: 1,
      },
      {
        document_id: 'doc_frozen1',
        document_type: 'invoice',
        number: 'INV-000042',
        label: 'Invoice',
        status: 'partially_paid',
        owner_organization_id: 'org_issuer',
        sealed: false as const,
        head_hash: 'ef'.repeat(32),
        at: '2026-01-16T10:30:00.000Z',
        future: 2,
      },
    ],
  };
  const { future: _a, ...sealed } = lineage.steps[0]!;
  const { future: _b, ...full } = lineage.steps[1]!;
  assert.equal(
    canonicalJson(proofV1Lineage(lineage)),
    canonicalJson({ document_id: 'doc_frozen1', steps: [sealed, full] }),
  );
});
