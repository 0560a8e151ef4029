// What a `docex-proof/1` bundle says about the document: a projection FROZEN at what 1.15.0
// emitted, separate from the API's (documents/project-document.ts). docs/proof-bundle.md promises
// that the same document state gives the same bundle bytes and Svc-Bundle-Digest in every later
// version, and people keep those digests as evidence. Until 1.15.0 the bundle carried the API's
// projection, so every field the API gained (1.15.0's four line fields) changed every bundle.
//
// So this file lists, field by field, exactly what 1.15.0 put in `document` (its lines, its
// payment, its attachments) and `lineage`, built from the stored record, not from the API view:
// a field the API gains, renames or reformats later reaches no /1 bundle. Never add, remove,
// rename or reformat anything here. New content goes into a new format (`docex-proof/2`), served
// only to those who ask for it, with a projection of its own (docs/proof-bundle.md, "Format
// versions"). test/provenance/bundle-projection.test.ts pins these bytes, and
// test/upgrade/upgrade.test.ts compares bundles of the previous release's data byte for byte.

import { parseMoney, toMoneyNumber } from '../../lib/money.ts';
import { defaultTaxCategory } from '../../lib/tax-categories.ts';
import type { AttachmentView } from '../attachments/schemas.ts';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  isoTimestamp,
  moneyNumber,
  type ProjectedDocument,
  type StoredPayment,
} from '../documents/index.ts';
import type { LineageView } from './lineage.ts';

/** The frozen `document` member of a docex-proof/1 bundle, as `viewerOrganizationId` exports it. */
export function proofV1Document(
  doc: ProjectedDocument,
  viewerOrganizationId: string,
  attachments: readonly AttachmentView[],
): Record<string, unknown> {
  const issuer = doc.issuer_organization_id === viewerOrganizationId;
  return {
    id: doc.id,
    connection_id: doc.connection_id,
    document_type: doc.document_type,
    number: issuer ? doc.issuer_number : (doc.counterparty_number ?? ''),
    direction: issuer ? 'sent' : 'received',
    label: DOCUMENT_TYPES[doc.document_type as DocumentType][issuer ? 'issuer' : 'counterparty'].label,
    status: doc.status,
    issuer_organization_id: doc.issuer_organization_id,
    counterparty: issuer
      ? { id: doc.counterparty_organization_id, name: doc.counterparty_name }
      : { id: doc.issuer_organization_id, name: doc.issuer_name },
    document_date: doc.document_date,
    due_date: doc.due_date,
    payment_terms: doc.payment_terms,
    currency: doc.currency,
    line_items: doc.line_items.map((l) => ({
      line_number: l.line_number,
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      tax_rate: l.tax_rate,
      sku: l.sku,
      discount_type: l.discount_type,
      discount_value: l.discount_value,
      net_amount: l.net_amount,
      tax_amount: l.tax_amount,
      tax_category: l.tax_category ?? defaultTaxCategory(l.tax_rate),
      tax_exemption_reason: l.tax_exemption_reason ?? null,
      tax_exemption_reason_code: l.tax_exemption_reason_code ?? null,
      unit_code: l.unit_code ?? 'C62',
    })),
    subtotal: moneyNumber(doc.subtotal),
    tax: moneyNumber(doc.tax),
    total: moneyNumber(doc.total),
    balance_due: moneyNumber(doc.balance_due),
    notes: doc.notes,
    external_refs: doc.external_refs,
    derived_from: doc.derived_from,
    origin: doc.origin,
    sandbox: doc.sandbox,
    payment: doc.payment ? proofV1Payment(doc.payment, viewerOrganizationId) : null,
    created_at: isoTimestamp(doc.created_at),
    updated_at: isoTimestamp(doc.updated_at),
    issued_at: doc.issued_at ? isoTimestamp(doc.issued_at) : null,
    attachments: attachments.map((a) => ({
      id: a.id,
      document_id: a.document_id,
      filename: a.filename,
      content_type: a.content_type,
      size: a.size,
      sha256: a.sha256,
      created_at: a.created_at,
    })),
  };
}

function proofV1Payment(p: StoredPayment, viewerOrganizationId: string): Record<string, unknown> {
  const payer = p.payer_organization_id === viewerOrganizationId;
  return {
    id: p.id,
    document_id: p.document_id,
    amount: toMoneyNumber(parseMoney(p.amount)),
    currency: p.currency,
    status: p.status,
    failure_reason: p.failure_reason,
    settlement_reference: p.settlement_reference,
    payment_method: p.payment_method,
    source_account_id: payer ? p.source_account_id : null,
    scheduled_for: p.scheduled_for,
    created_at: p.created_at,
    settled_at: p.settled_at,
    key_id: payer ? p.key_id : null,
  };
}

/** The frozen `lineage` member: 1.15.0's full and sealed steps, field by field. */
export function proofV1Lineage(lineage: LineageView): { document_id: string; steps: unknown[] } {
  return {
    document_id: lineage.document_id,
    steps: lineage.steps.map((s) =>
      s.sealed
        ? {
            document_id: s.document_id,
            document_type: s.document_type,
            owner_organization_id: s.owner_organization_id,
            sealed: true,
            head_hash: s.head_hash,
            at: s.at,
          }
        : {
            document_id: s.document_id,
            document_type: s.document_type,
            number: s.number,
            label: s.label,
            status: s.status,
            owner_organization_id: s.owner_organization_id,
            sealed: false,
            head_hash: s.head_hash,
            at: s.at,
          },
    ),
  };
}
