// The bank rail (CONTRACT 12) as payments sees it: an organization with an active bank account in a
// currency pays in it by SEPA credit transfer, in a pain.001 batch. The bank family owns accounts,
// IBANs and EndToEndIds and plugs them in when the service is wired (src/modules/wiring.ts), so
// payments names no bank code; unplugged, no payment takes the bank rail.
import type { Tx } from '../../context.ts';
import type { ReceivedPaymentAccount } from '../../db/tables/documents.ts';
import { Port } from '../../lib/port.ts';

export interface PaymentRail {
  /** The organization's active bank account in `currency` (it chooses this rail), or null. */
  activeAccount(trx: Tx, organizationId: string, currency: string): Promise<{ id: string } | null>;
  /**
   * The account a bank-rail payment pays: the received document's BT-84, else the payee's legal
   * profile's; none, or one SEPA cannot reach, is a 400 naming it, before anything moves.
   */
  payeeAccount(
    trx: Tx,
    payeeOrganizationId: string,
    received?: ReceivedPaymentAccount | null,
  ): Promise<{ iban: string; bic: string | null }>;
  /** The payment's SEPA EndToEndId. */
  endToEndId(paymentId: string): string;
}

const rail = new Port<PaymentRail>('payment rail');

export function plugPaymentRail(r: PaymentRail): void {
  rail.plug(r);
}

export function paymentRail(): PaymentRail | null {
  return rail.plugged;
}
