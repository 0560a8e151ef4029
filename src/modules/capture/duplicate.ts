// §11.5's duplicate rule on what a capture read (CONTRACT §13, "Duplicates across channels"): the
// same seller, number (BT-1), issue date (BT-2) and total as a bill this organization received
// before, by any channel, makes no second bill. The seller is recognized by the captured VAT id
// among the organization's counterparties and external parties (as §11.5 matches one), or by the
// captured IBAN as the payment account of bills it sent before.
import type { Tx } from '../../context.ts';
import type { CaptureFields } from '../../lib/capture-shapes.ts';
import { compactIdentifier } from '../../lib/party-identifiers.ts';
import { receivedDuplicate, receivedSellersByIban } from '../documents/index.ts';
import { findCounterparties } from '../parties/directory.ts';

/** The bill this capture repeats, or null (also when its number, date or total was not read). */
export async function capturedDuplicate(
  trx: Tx,
  organizationId: string,
  fields: CaptureFields,
): Promise<string | null> {
  const number = fields.number?.value;
  const date = fields.issue_date?.value;
  const total = fields.total?.value;
  if (!number || !date || !total) return null;
  const sellers = new Set<string>();
  const vat = fields.seller_vat_id?.value;
  if (vat) {
    const matches = await findCounterparties(trx, organizationId, {
      vat_id: compactIdentifier(vat).toUpperCase(),
    });
    for (const m of matches) if (m.organization_id !== organizationId) sellers.add(m.organization_id);
  }
  const iban = fields.iban?.value;
  if (iban) {
    for (const s of await receivedSellersByIban(trx, organizationId, compactIdentifier(iban).toUpperCase()))
      sellers.add(s);
  }
  for (const seller of sellers) {
    const dup = await receivedDuplicate(trx, seller, organizationId, number, date, total);
    if (dup !== null) return dup;
  }
  return null;
}
