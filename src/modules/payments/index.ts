// The payments engine's domain API, for the families that pay documents themselves (finance:
// disbursements, repayments, the repayment sweep). docs/payments.md describes it.
export { PAYMENT_HOOKS, type PaymentHook, type PaymentOutcome } from './hooks.ts';
export { enforcePaymentLimits } from './limits.ts';
export { type PaymentRow, projectPayment, type StoredPayment } from './project-payment.ts';
export { type SettlementOutcome, settlePayment } from './settle-payment.ts';
export {
  lockPaymentInFlight,
  requirePaymentRail,
  type StartedPayment,
  type StartPaymentRequest,
  startPayment,
} from './start-payment.ts';
