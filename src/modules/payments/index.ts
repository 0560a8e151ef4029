// The payments engine's domain API, for the families above it (finance: disbursements,
// repayments, the repayment sweep) and for wiring (src/modules/wiring.ts). docs/payments.md
// describes it.

export type { PaymentRow } from '../documents/index.ts';
export { PAYMENT_HOOKS, type PaymentHook, type PaymentOutcome, plugPaymentHook } from './hooks.ts';
export { paymentTransition } from './pay-document.ts';
export { plugPaymentRail } from './payment-rail.ts';
export {
  lockPaymentInFlight,
  requirePaymentRail,
  requirePaymentsEnabled,
  startPayment,
} from './start-payment.ts';
