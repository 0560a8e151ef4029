// The ONE projection of the shared record for a viewer (spec 1, CONTRACT 3): every read, every
// write response and every event payload goes through `projectDocument`, so what a webhook carries
// is exactly what GET /v1/documents/{id} returns to the same organization.
import type { Selectable } from 'kysely';
import type {
  DocumentsTable,
  PaymentHold,
  ReceivedInfo,
  StoredAllowanceCharge,
} from '../../db/tables/documents.ts';
import { MoneyDecimal, parseMoney, toMoneyNumber } from '../../lib/money.ts';
import { defaultTaxCategory } from '../../lib/tax-categories.ts';
import { projectPayment, type StoredPayment } from './project-payment.ts';
import type { DocumentView, LineAllowanceChargeView } from './schemas.ts';
import { DOCUMENT_TYPES, type DocumentType, type Side } from './state-machines.ts';

/** A document row with the names of both parties and its latest payment. */
export type DocumentRecord = Selectable<DocumentsTable> & {
  issuer_name: string;
  counterparty_name: string;
  payment: StoredPayment | null;
};

/**
 * What projectDocument reads: a DocumentRecord without the columns no viewer sees (the issuer's
 * own reference, the history chain's head, the parties' frozen legal profiles, which only the
 * e-invoice export reads). The list page selects only these.
 */
export type ProjectedDocument = Omit<
  DocumentRecord,
  'issuer_ref' | 'history_seq' | 'history_head' | 'issuer_profile' | 'counterparty_profile'
>;

/** Which side of the document the organization is on; null when it is not a party. */
export function sideOf(
  doc: Pick<DocumentRecord, 'issuer_organization_id' | 'counterparty_organization_id'>,
  organizationId: string,
): Side | null {
  if (doc.issuer_organization_id === organizationId) return 'issuer';
  if (doc.counterparty_organization_id === organizationId) return 'counterparty';
  return null;
}

/** Drafts are the issuer's alone; the counterparty sees a document once it is issued. */
export function canSee(
  doc: Pick<DocumentRecord, 'issuer_organization_id' | 'counterparty_organization_id' | 'issued_at'>,
  organizationId: string,
): boolean {
  const side = sideOf(doc, organizationId);
  return side === 'issuer' || (side === 'counterparty' && doc.issued_at !== null);
}

/** The organizations that can see the document now: the receivers of its events. */
export function viewersOf(doc: DocumentRecord): string[] {
  return doc.issued_at
    ? [doc.issuer_organization_id, doc.counterparty_organization_id]
    : [doc.issuer_organization_id];
}

// numeric(20, 2) arrives as a plain decimal string (here, and in a history entry's totals). With at most 15 significant digits, Number()
// gives exactly what toMoneyNumber(parseMoney()) gives (a double holds 15 digits exactly), without
// three decimal.js objects per amount: decimal.js was 7 % of docex's busy CPU on a list page of 20
// (bench/README.md). Anything longer takes the exact path, which refuses what a double cannot hold.
const PLAIN_CENTS = /^-?\d{1,13}\.\d{2}$/;
export const moneyNumber = (s: string): number => {
  if (PLAIN_CENTS.test(s)) {
    const n = Number(s);
    return n === 0 ? 0 : n;
  }
  return toMoneyNumber(parseMoney(s));
};

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * Exactly `d.toISOString()` (iso() in lib/clock.ts), assembled from the UTC fields: 63 calls of
 * toISOString (three timestamps on each of 21 rows, the cursor's) took ~75 µs against ~26 µs for
 * this, on the 2-core machine, of a list page's ~90 µs of projection. Years outside 1000-9999
 * (which toISOString writes with a sign or leading zeros) and invalid dates (which it refuses)
 * take toISOString itself. test/documents/projection-iso.test.ts compares the two.
 */
export function isoTimestamp(d: Date): string {
  const y = d.getUTCFullYear();
  if (!(y >= 1000 && y <= 9999)) return d.toISOString();
  return `${y}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}T${pad2(d.getUTCHours())}:${pad2(
    d.getUTCMinutes(),
  )}:${pad2(d.getUTCSeconds())}.${pad3(d.getUTCMilliseconds())}Z`;
}

/** A received e-invoice's allowance or charge (CONTRACT 11.5), amounts as JSON numbers. */
function projectAllowance(a: StoredAllowanceCharge): LineAllowanceChargeView {
  return {
    kind: a.charge ? 'charge' : 'allowance',
    amount: moneyNumber(a.amount),
    base_amount: a.base === null ? null : Number(a.base),
    percent: a.percent === null ? null : Number(a.percent),
    reason: a.reason,
    reason_code: a.reason_code,
  };
}

/** documents.received in the schema's key order; payment_account null for documents received before 0040. */
function projectReceived(r: ReceivedInfo): NonNullable<DocumentView['received']> {
  return {
    channel: r.channel,
    from: r.from,
    message_id: r.message_id,
    sender_verified: r.sender_verified,
    sha256: r.sha256,
    inbound_message_id: r.inbound_message_id,
    payment_account: r.payment_account
      ? {
          iban: r.payment_account.iban,
          account_name: r.payment_account.account_name,
          bic: r.payment_account.bic,
        }
      : null,
    ...(r.capture_id !== undefined ? { capture_id: r.capture_id } : {}),
  };
}

function projectHold(h: PaymentHold): NonNullable<DocumentView['payment_hold']> {
  return {
    reason: h.reason,
    ...(h.previous !== undefined ? { previous: h.previous } : {}),
    ...(h.new !== undefined ? { new: h.new } : {}),
    since: h.since,
  };
}

/**
 * The document as `viewerOrganizationId` sees it. The caller has already checked visibility
 * (canSee); keys are in the order of the response schema so an event's bytes read like the API's.
 */
export function projectDocument(doc: ProjectedDocument, viewerOrganizationId: string): DocumentView {
  const side: Side = doc.issuer_organization_id === viewerOrganizationId ? 'issuer' : 'counterparty';
  const naming = DOCUMENT_TYPES[doc.document_type as DocumentType][side];
  const issuer = side === 'issuer';
  return {
    id: doc.id,
    connection_id: doc.connection_id,
    document_type: doc.document_type,
    // A counterparty only ever sees an issued document, which always has its number.
    number: issuer ? doc.issuer_number : (doc.counterparty_number ?? ''),
    direction: issuer ? 'sent' : 'received',
    label: naming.label,
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
      // Lines written before 1.15.0 have none of these: their defaults (CONTRACT 9).
      tax_category: l.tax_category ?? defaultTaxCategory(l.tax_rate),
      tax_exemption_reason: l.tax_exemption_reason ?? null,
      tax_exemption_reason_code: l.tax_exemption_reason_code ?? null,
      unit_code: l.unit_code ?? 'C62',
      ...(l.allowances_charges ? { allowances_charges: l.allowances_charges.map(projectAllowance) } : {}),
      ...(l.base_quantity
        ? {
            base_quantity: Number(l.base_quantity),
            base_quantity_unit_code: l.base_quantity_unit_code ?? null,
          }
        : {}),
      ...(l.gross_price ? { gross_price: Number(l.gross_price) } : {}),
      ...(l.price_discount ? { price_discount: Number(l.price_discount) } : {}),
    })),
    allowances_charges: (doc.received?.einvoice?.allowances_charges ?? []).map((a) => ({
      ...projectAllowance(a),
      tax_category: a.tax_category ?? 'S',
      tax_rate: a.tax_rate_percent ? new MoneyDecimal(a.tax_rate_percent).dividedBy(100).toNumber() : null,
    })),
    subtotal: moneyNumber(doc.subtotal),
    tax: moneyNumber(doc.tax),
    total: moneyNumber(doc.total),
    balance_due: moneyNumber(doc.balance_due),
    payment_reference: doc.payment_reference,
    notes: doc.notes,
    external_refs: doc.external_refs,
    derived_from: doc.derived_from,
    origin: doc.origin,
    received: doc.received ? projectReceived(doc.received) : null,
    // the receiver's safeguard: its party (the payee) is not shown the hold on its own invoice
    payment_hold: !issuer && doc.payment_hold ? projectHold(doc.payment_hold) : null,
    sandbox: doc.sandbox,
    payment: doc.payment ? projectPayment(doc.payment, viewerOrganizationId) : null,
    created_at: isoTimestamp(doc.created_at),
    updated_at: isoTimestamp(doc.updated_at),
    issued_at: doc.issued_at ? isoTimestamp(doc.issued_at) : null,
  };
}
