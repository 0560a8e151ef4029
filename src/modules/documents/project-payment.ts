// The ONE projection of a payment for a viewer: GET /v1/payments, document.payment and the
// payment events all go through `projectPayment`. Both parties see the payment; the payer's own
// details (which of its keys paid, from which of its accounts) are the payer's alone.
import { type Selectable, sql } from 'kysely';
import type { PaymentsTable } from '../../db/tables/payments.ts';
import { iso, isoOrNull } from '../../lib/clock.ts';
import { parseMoney, toMoneyNumber } from '../../lib/money.ts';
import type { PaymentView } from './payment-schema.ts';

export type PaymentRow = Selectable<PaymentsTable>;

/**
 * A payment as the documents module carries it on a DocumentRecord (its `payment` field): the
 * public fields, amount as a decimal string, timestamps as ISO strings, plus the payer, which the
 * projection needs. SQL builds the same shape for every document read (latestPaymentColumn).
 */
export interface StoredPayment {
  id: string;
  document_id: string;
  amount: string;
  currency: PaymentView['currency'];
  status: PaymentView['status'];
  failure_reason: string | null;
  settlement_reference: string | null;
  payment_method: string;
  rail: PaymentView['rail'];
  end_to_end_id: string | null;
  source_account_id: string;
  scheduled_for: string | null;
  created_at: string;
  settled_at: string | null;
  key_id: string | null;
  payer_organization_id: string;
}

export function storedPayment(row: PaymentRow): StoredPayment {
  return {
    id: row.id,
    document_id: row.document_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    failure_reason: row.failure_reason,
    settlement_reference: row.settlement_reference,
    payment_method: row.payment_method,
    rail: row.rail,
    end_to_end_id: row.end_to_end_id,
    source_account_id: row.source_account_id,
    scheduled_for: row.scheduled_for,
    created_at: iso(row.created_at),
    settled_at: isoOrNull(row.settled_at),
    key_id: row.key_id,
    payer_organization_id: row.payer_organization_id,
  };
}

const isoSql = (column: string) =>
  sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The latest payment of the document aliased `d`, as a StoredPayment (jsonb), or null: one
 * correlated index lookup (payments_by_document) per document row.
 */
export const latestPaymentJson = sql<StoredPayment | null>`(
  select jsonb_build_object(
    'id', p.id, 'document_id', p.document_id, 'amount', p.amount::text, 'currency', p.currency,
    'status', p.status, 'failure_reason', p.failure_reason,
    'settlement_reference', p.settlement_reference, 'payment_method', p.payment_method,
    'rail', p.rail, 'end_to_end_id', p.end_to_end_id,
    'source_account_id', p.source_account_id, 'scheduled_for', to_char(p.scheduled_for, 'YYYY-MM-DD'),
    'created_at', ${isoSql('p.created_at')}, 'settled_at', ${isoSql('p.settled_at')},
    'key_id', p.key_id, 'payer_organization_id', p.payer_organization_id)
  from payments p where p.document_id = d.id
  order by p.created_at desc, p.id desc limit 1)`;

/** The payment as `viewerOrganizationId` (the payer or the payee) sees it. */
export function projectPayment(p: StoredPayment, viewerOrganizationId: string): PaymentView {
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
    rail: p.rail,
    end_to_end_id: p.end_to_end_id,
    source_account_id: payer ? p.source_account_id : null,
    scheduled_for: p.scheduled_for,
    created_at: p.created_at,
    settled_at: p.settled_at,
    key_id: payer ? p.key_id : null,
  };
}
