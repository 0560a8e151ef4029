// The one place a transition to a payment state (payment_scheduled, paid) is executed. The
// documents module has already checked the scope (payments:write), the caller's side and the state
// machine, and holds the document's row lock in `trx`. The payments module replaces this body: it
// runs the payment (limits, ledger, sandbox simulation) and moves the document with
// applyStatusChange in the same transaction.
import type { AppContext, Tx } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
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
  throw new ApiError(
    'capability_unavailable',
    `Payments cannot be executed on this deployment yet, so the document cannot move to ${input.to}.`,
    { to: input.to },
  );
}
