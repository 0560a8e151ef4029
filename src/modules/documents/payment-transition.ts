// The one place a transition to a payment state (payment_scheduled, paid) is executed. The
// documents module has already checked the scope (payments:write), the caller's side and the state
// machine, and holds the document's row lock in `trx`. The payments module runs the payment
// (rail, limits, funds, the payment row and its hold) and moves the document with
// applyStatusChange in the same transaction (src/modules/payments/pay-document.ts).
import type { AppContext, Tx } from '../../context.ts';
import { paymentTransition } from '../payments/pay-document.ts';
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
export async function executePaymentTransition(input: PaymentTransitionInput): Promise<DocumentRecord> {
  return paymentTransition(input);
}
