// Which business terms an e-invoice needs that the parties' legal profiles lack (CONTRACT 9). A
// leaf module: the export refuses with it (422 einvoice_incomplete), and the web app runs the same
// rules before an issue, so it can warn that an email would go without its e-invoice files.
import { LEGAL_PROFILE_LABELS, type LegalProfile, type LegalProfilePath } from './legal-profile.ts';
import type { TaxCategory } from './tax-categories.ts';

export type Party = 'issuer' | 'counterparty';
export interface MissingTerm {
  bt: string;
  party: Party;
  field: string;
  /** The field's name in the legal profile form's words (LEGAL_PROFILE_LABELS). */
  label: string;
}

/** A profile with nothing filled in: a party without one needs everything a profile must have. */
const NO_PROFILE = { address: {} } as unknown as LegalProfile;

/** The two parties' profiles, as the export reads them (the frozen ones once issued). */
export interface ProfilesOf {
  issuer_profile: LegalProfile | null;
  counterparty_profile: LegalProfile | null;
}

/** Every business term a rule needs that a party's profile lacks (CONTRACT 9). */
export function missingTerms(
  src: ProfilesOf,
  categories: Set<TaxCategory>,
  peppol: boolean,
  /**
   * A received bill's seller as its own file gave it (CONTRACT 11.5): street, city and postcode
   * are optional in EN 16931 (BG-5 needs only BT-40), and a seller identifier (BT-29) identifies
   * it as BR-CO-26 allows, so the export is never refused for a term the supplier's file lacked.
   */
  filed: { identified: boolean } | null = null,
): MissingTerm[] {
  const out: MissingTerm[] = [];
  // A party without a profile lacks every field a profile must have (it cannot save one without
  // them), and then whatever the rules below need: the list names all of it at once.
  const seller = src.issuer_profile ?? NO_PROFILE;
  const buyer = src.counterparty_profile ?? NO_PROFILE;
  const need = (ok: boolean, bt: string, party: Party, field: LegalProfilePath) => {
    if (!ok && !out.some((m) => m.bt === bt && m.party === party))
      out.push({ bt, party, field, label: LEGAL_PROFILE_LABELS[field] });
  };
  for (const [p, party, terms] of [
    [seller, 'issuer', ['BT-27', 'BT-35', 'BT-37', 'BT-38', 'BT-40']],
    [buyer, 'counterparty', ['BT-44', 'BT-50', 'BT-52', 'BT-53', 'BT-55']],
  ] as const) {
    need(!!p.legal_name, terms[0], party, 'legal_name');
    const asFiled = filed !== null && party === 'issuer';
    need(asFiled || !!p.address.line1, terms[1], party, 'address.line1');
    need(asFiled || !!p.address.city, terms[2], party, 'address.city');
    need(asFiled || !!p.address.postal_code, terms[3], party, 'address.postal_code');
    need(!!p.address.country_code, terms[4], party, 'address.country_code');
  }
  const sellerTaxId = seller.vat_id !== undefined || seller.tax_registration_id !== undefined;
  // BR-CO-26: the seller is identified by its VAT id or legal registration id. Outside the scope
  // of VAT (O) no VAT id is written (BR-O-2), so the legal registration id must be there.
  if (categories.has('O')) {
    need(
      seller.legal_registration_id !== undefined || !!filed?.identified,
      'BT-30',
      'issuer',
      'legal_registration_id',
    );
  } else {
    need(
      seller.vat_id !== undefined || seller.legal_registration_id !== undefined || !!filed?.identified,
      'BT-31',
      'issuer',
      'vat_id',
    );
  }
  // BR-S-2, BR-Z-2, BR-E-2, BR-AE-2, BR-AF-2, BR-AG-2: the seller's VAT or tax registration id.
  if (['S', 'Z', 'E', 'AE', 'L', 'M'].some((c) => categories.has(c as TaxCategory))) {
    need(sellerTaxId, 'BT-31', 'issuer', 'vat_id');
  }
  // BR-IC-2, BR-G-2: the seller's VAT id itself.
  if (categories.has('K') || categories.has('G'))
    need(seller.vat_id !== undefined, 'BT-31', 'issuer', 'vat_id');
  // BR-AE-3/4: the buyer's VAT id or legal registration id; BR-IC-2: the buyer's VAT id.
  if (categories.has('AE')) {
    need(
      buyer.vat_id !== undefined || buyer.legal_registration_id !== undefined,
      'BT-48',
      'counterparty',
      'vat_id',
    );
  }
  if (categories.has('K')) need(buyer.vat_id !== undefined, 'BT-48', 'counterparty', 'vat_id');
  if (peppol) {
    // National rules (CONTRACT 9): German sellers name a contact and the account they are paid into;
    // Dutch parties give their legal registration (KvK) id.
    if (seller.address.country_code === 'DE') {
      need(!!seller.contact?.name, 'BT-41', 'issuer', 'contact.name');
      need(!!seller.contact?.phone, 'BT-42', 'issuer', 'contact.phone');
      need(!!seller.contact?.email, 'BT-43', 'issuer', 'contact.email');
      need(!!seller.payment_account, 'BT-84', 'issuer', 'payment_account.iban');
    }
    if (seller.address.country_code === 'NL') {
      need(!!seller.legal_registration_id, 'BT-30', 'issuer', 'legal_registration_id');
    }
    if (buyer.address.country_code === 'NL') {
      need(!!buyer.legal_registration_id, 'BT-47', 'counterparty', 'legal_registration_id');
    }
  }
  return out;
}

/** Both parties have an electronic address: the UBL is Peppol BIS Billing 3.0, with its national rules. */
export function onPeppol(p: ProfilesOf): boolean {
  return (
    p.issuer_profile?.electronic_address !== undefined &&
    p.counterparty_profile?.electronic_address !== undefined
  );
}
