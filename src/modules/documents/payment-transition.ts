// The one place a transition to a payment state (payment_scheduled, paid) is executed. The
// documents module has already checked the scope (payments:write), the caller's side and the state
// machine, and holds the document's row lock in `trx`. The payments module owns paying a document:
// it runs the payment (rail, limits, funds, the payment row and its hold) and moves the document
// with applyStatusChange in the same transaction (src/modules/payments/pay-document.ts).
//
// Payments depends on documents, never the other way: the payments module plugs its step in here
// when the service is wired (src/modules/wiring.ts), so this module names no payments code.
import type { AppContext, Tx } from '../../context.ts';
import { Port } from '../../lib/port.ts';
import type { DocumentActor } from './history.ts';
import type { DocumentRecord } from './project-document.ts';

export interface PaymentTransitionInput {
  ctx: AppContext;
  trx: Tx;
  actor: DocumentActor;
  /** locked by trx */
  document: DocumentRecord;
  to: 'payment_scheduled' | 'paid';
  options: { payment_method?: string; source_account_id?: string; scheduled_for?: string };
  now: Date;
}

/** Returns the document as it is after the payment step (status moved, payment attached). */
export type PaymentStep = (input: PaymentTransitionInput) => Promise<DocumentRecord>;

const paymentStep = new Port<PaymentStep>('payment step');

/** Called once when the service is wired; the payments module's step. */
export function plugPaymentStep(step: PaymentStep): void {
  paymentStep.plug(step);
}

export async function executePaymentTransition(input: PaymentTransitionInput): Promise<DocumentRecord> {
  return paymentStep.need()(input);
}
