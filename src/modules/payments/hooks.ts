// What other families do when a payment settles or fails, inside the settlement's own
// transaction (so a reaction is committed exactly when the settlement is, and never otherwise).
// The finance family plugs its hook in when the service is wired (src/modules/wiring.ts: funding
// an agreement when its disbursement settles, ending it when its repayment is paid, the repayment
// sweep when a pledged invoice settles): finance depends on payments, never the other way.
import type { AppContext, Tx } from '../../context.ts';
import { PortList } from '../../lib/port.ts';
import type { DocumentRecord, PaymentRow } from '../documents/index.ts';

export interface PaymentOutcome {
  /** The payment as it is now: settled or failed. */
  payment: PaymentRow;
  /** The document after the outcome (paid, or back to its payable state), locked by `trx`. */
  document: DocumentRecord;
}

export interface PaymentHook {
  name: string;
  /**
   * A hook that throws rolls the settlement back; the worker retries it later (with backoff).
   * Keep hooks small: enqueue follow-up work as rows, or start a follow-up payment with
   * startPayment (it settles later, through this same worker); never post transfers directly.
   */
  onSettled?(ctx: AppContext, trx: Tx, outcome: PaymentOutcome, now: Date): Promise<void>;
  onFailed?(ctx: AppContext, trx: Tx, outcome: PaymentOutcome, now: Date): Promise<void>;
}

const hooks = new PortList<PaymentHook>('payment hook');
/** The hooks plugged in, in order (tests add their own to it directly). */
export const PAYMENT_HOOKS: PaymentHook[] = hooks.plugged;

/** Called once per family when the service is wired; a hook plugged twice runs once. */
export function plugPaymentHook(hook: PaymentHook): void {
  hooks.plug(hook.name, hook);
}
