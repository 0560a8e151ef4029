// Sender verification by full address (CONTRACT 11.5, version 1.18.0; issue 47 item 5). DMARC
// proves a message came from its From domain, not from whom on it: on a shared mail domain
// (gmail.com, outlook.com, a hosting provider's) anyone is a neighbour, so a domain alone never
// verifies. A received file's sender is verified when DMARC passes for the From domain AND the
// From address itself is one the matched party is known by: its email (an external party's, as
// the receiver typed it or as its first message gave it; an organization's legal-profile contact
// email), or an address a verified earlier message of that party came from. A new party (made
// from this very file) is verified by DMARC alone, and its address is then remembered: its
// document's `received.from` with `sender_verified: true` is what the next message is compared
// with.
import { sql } from 'kysely';
import type { Tx } from '../../context.ts';
import type { SenderAuthentication } from '../../db/tables/inbound.ts';
import { dmarcPassed } from './authenticate.ts';

/** Addresses compare case-insensitively as a whole (local parts are case-insensitive in practice). */
const addressKey = (a: string): string => a.trim().toLowerCase();
const domainOf = (a: string): string => a.slice(a.lastIndexOf('@') + 1);

export async function senderVerifiedByAddress(
  trx: Tx,
  auth: SenderAuthentication | null,
  fromAddress: string | null,
  seller: { organizationId: string; created: boolean },
  receiverId: string,
): Promise<boolean> {
  if (!dmarcPassed(auth) || !fromAddress?.includes('@')) return false;
  const from = addressKey(fromAddress);
  // DMARC was evaluated for the From header's domain: the address must be on it.
  const domain = domainOf(from);
  if (domain !== auth.from_domain.toLowerCase()) return false;
  if (seller.created) return true;
  const party = await trx
    .selectFrom('external_parties')
    .select('email')
    .where('id', '=', seller.organizationId)
    .executeTakeFirst();
  if (party?.email && addressKey(party.email) === from) return true;
  if (!party) {
    const org = await trx
      .selectFrom('organizations')
      .select('legal_profile')
      .where('id', '=', seller.organizationId)
      .executeTakeFirst();
    const contact = org?.legal_profile?.contact?.email;
    if (contact && addressKey(contact) === from) return true;
  }
  // An address a verified earlier message of this party to this receiver came from.
  const earlier = await trx
    .selectFrom('documents')
    .select('id')
    .where('issuer_organization_id', '=', seller.organizationId)
    .where('counterparty_organization_id', '=', receiverId)
    .where(sql<boolean>`received->>'sender_verified' = 'true'`)
    .where(sql<boolean>`lower(received->>'from') = ${from}`)
    .limit(1)
    .executeTakeFirst();
  return earlier !== undefined;
}
