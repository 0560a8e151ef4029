// Families that hold a claim on an invoice decide whether it may be voided: the finance module's
// pledges (a lender's collateral, CONTRACT 7). A guard runs inside the void's transaction, with the
// invoice locked, and throws an ApiError to refuse (it may also tidy up what the void ends).
// Plugged in when the service is wired (src/modules/wiring.ts), so documents names no finance code.
import type { Tx } from '../../context.ts';
import { PortList } from '../../lib/port.ts';

export type VoidGuard = (trx: Tx, invoiceId: string, now: Date) => Promise<void>;

const guards = new PortList<VoidGuard>('void guard');

export function plugVoidGuard(name: string, guard: VoidGuard): void {
  guards.plug(name, guard);
}

export async function guardInvoiceVoid(trx: Tx, invoiceId: string, now: Date): Promise<void> {
  for (const guard of guards.plugged) await guard(trx, invoiceId, now);
}
