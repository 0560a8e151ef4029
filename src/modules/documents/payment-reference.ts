// The payment reference an invoice carries from its issue on (CONTRACT 12): the bank module gives
// the invoices of an organization with an active bank account an ISO 11649 RF creditor reference,
// which the payer's transfer brings back. Plugged in when the service is wired
// (src/modules/wiring.ts), so documents names no bank code; unplugged, documents get none.
import type { Tx } from '../../context.ts';
import { Port } from '../../lib/port.ts';

export type PaymentReferenceStep = (
  trx: Tx,
  doc: { issuer_organization_id: string; document_type: string; issuer_number: string },
) => Promise<string | null>;

const step = new Port<PaymentReferenceStep>('payment reference');

export function plugPaymentReference(s: PaymentReferenceStep): void {
  step.plug(s);
}

export function paymentReferenceOf(
  trx: Tx,
  doc: { issuer_organization_id: string; document_type: string; issuer_number: string },
): Promise<string | null> {
  return step.plugged ? step.plugged(trx, doc) : Promise.resolve(null);
}
