// Who a received e-invoice is for and from (CONTRACT 11.5): the buyer (BG-7) must be the receiving
// organization, by one of the identifiers of its legal profile; names alone never match.
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { compactIdentifier } from '../../lib/party-identifiers.ts';
import type { ImportedParty } from '../einvoice/import-model.ts';

/** Identifiers compare case-insensitive, without spaces, dots, dashes or slashes (party-identifiers.ts). */
const norm = (s: string): string => compactIdentifier(s).toLowerCase();

const sameId = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && norm(a) === norm(b);

/** Whether BG-7 names the organization whose legal profile this is. */
export function buyerIsReceiver(profile: LegalProfile | null, buyer: ImportedParty): boolean {
  if (!profile) return false;
  const ea = profile.electronic_address;
  if (ea && buyer.electronicAddress) {
    if (sameId(ea.scheme, buyer.electronicAddress.scheme) && sameId(ea.value, buyer.electronicAddress.value))
      return true;
  }
  if (sameId(profile.vat_id, buyer.vatId)) return true;
  const lr = profile.legal_registration_id;
  if (lr && buyer.legalRegistrationId && sameId(lr.value, buyer.legalRegistrationId.value)) {
    const a = lr.scheme ?? null;
    const b = buyer.legalRegistrationId.scheme;
    // a scheme on one side only still names the same number; two schemes must agree
    if (a === null || b === null || sameId(a, b)) return true;
  }
  return false;
}
