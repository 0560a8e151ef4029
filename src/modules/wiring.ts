// Where the families plug into the ones below them, once per process (openService). The modules'
// imports point one way, finance → payments → documents (docs/architecture.md); a lower module
// that must hand work up (documents' payment transitions, a pledged invoice's void, a settled
// payment's consequences) declares a narrow port, and this file connects it.
import { activeBankAccount, endToEndIdFor, payeeBankAccount, paymentReferenceFor } from './bank/accounts.ts';
import { autoConfirm } from './capture/auto-confirm.ts';
import { autoConfirmPort, billFromCapturePort, messageSettledPort } from './capture/ports.ts';
import { deliveryRowsForChange } from './delivery/queue.ts';
import { guardIssueEmail } from './delivery/sending-limits.ts';
import {
  plugChangeListener,
  plugIssueGuard,
  plugPaymentReference,
  plugPaymentStep,
  plugVoidGuard,
} from './documents/index.ts';
import { financePaymentHook } from './finance/lifecycle.ts';
import { guardPledgedInvoiceVoid } from './finance/pledges.ts';
import { billFromCapture } from './inbound/capture-bill.ts';
import { settleMessage } from './inbound/settle-message.ts';
import { paymentTransition, plugPaymentHook, plugPaymentRail } from './payments/index.ts';

export function wireModules(): void {
  plugPaymentStep(paymentTransition);
  plugVoidGuard('finance', guardPledgedInvoiceVoid);
  plugPaymentHook(financePaymentHook);
  plugPaymentReference(paymentReferenceFor);
  plugPaymentRail({
    activeAccount: activeBankAccount,
    payeeAccount: payeeBankAccount,
    endToEndId: endToEndIdFor,
  });
  plugChangeListener('delivery', deliveryRowsForChange);
  // capture (rank 4) hands a confirmed capture's bill and its message's status up to inbound
  billFromCapturePort.plug(billFromCapture);
  messageSettledPort.plug(settleMessage);
  autoConfirmPort.plug(autoConfirm);
  plugIssueGuard('delivery', guardIssueEmail);
}
