// Which invoices are pledged, and what happens to listings when their invoice ends.
// `guardPledgedInvoiceVoid` is plugged into the documents module's void path (src/modules/wiring.ts).
import type { Tx } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';

/** Open offers of a listing become declined (another was accepted, or the listing ended). */
export async function declineOpenOffers(
  trx: Tx,
  listingId: string,
  now: Date,
  except?: string,
): Promise<void> {
  let q = trx
    .updateTable('finance_offers')
    .set({ status: 'declined', updated_at: now })
    .where('listing_id', '=', listingId)
    .where('status', '=', 'open');
  if (except) q = q.where('id', '<>', except);
  await q.execute();
}

/**
 * The invoice was paid or voided without an agreement pledging it: its open listings close and
 * their open offers are declined. Called inside the transaction that changed the invoice.
 */
export async function closeListingsOf(trx: Tx, invoiceId: string, now: Date): Promise<void> {
  const closed = await trx
    .updateTable('finance_listings')
    .set({ status: 'closed', updated_at: now })
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  for (const l of closed) await declineOpenOffers(trx, l.id, now);
}

/** The agreement on an accepted listing ended (closed or withdrawn): the listing closes with it. */
export async function releaseListing(trx: Tx, listingId: string, now: Date): Promise<void> {
  await trx
    .updateTable('finance_listings')
    .set({ status: 'closed', updated_at: now })
    .where('id', '=', listingId)
    .where('status', '=', 'accepted')
    .execute();
}

/**
 * Before the issuer voids an invoice (its row locked by `trx`): a pledged invoice is the lender's
 * collateral and cannot be voided while its agreement lives (409 conflict naming it); an invoice
 * that is only listed closes its listings.
 */
export async function guardPledgedInvoiceVoid(trx: Tx, invoiceId: string, now: Date): Promise<void> {
  const pledge = await trx
    .selectFrom('finance_agreements')
    .select(['id', 'status'])
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', ['accepted', 'funded', 'flagged'])
    .executeTakeFirst();
  if (pledge) {
    throw new ApiError(
      'conflict',
      `The invoice is pledged under finance agreement ${pledge.id} (${pledge.status}) and cannot be voided while it lasts.`,
      { allowed: [], status: 'pledged', agreement_id: pledge.id },
    );
  }
  await closeListingsOf(trx, invoiceId, now);
}
