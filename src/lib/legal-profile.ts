// The shape of an organization's legal profile (CONTRACT 9): what EN 16931 needs to name a party
// (BG-4 seller, BG-7 buyer). A leaf type: the tables, the identity module that validates it and the
// e-invoice module that writes it all read it from here.

export interface PostalAddress {
  line1: string;
  line2?: string;
  city: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2, assigned codes only. */
  country_code: string;
}

export interface LegalProfile {
  legal_name: string;
  address: PostalAddress;
  /** VAT identifier with its country prefix (EL for Greece). BT-31 / BT-48. */
  vat_id?: string;
  /** Tax registration id (BT-32). */
  tax_registration_id?: string;
  /** Legal registration id (BT-30 / BT-47), its scheme an ISO 6523 ICD code. */
  legal_registration_id?: { scheme?: string; value: string };
  /** Electronic address (BT-34 / BT-49), its scheme an EAS code. */
  electronic_address?: { scheme: string; value: string };
  /** BG-6 / BG-9. */
  contact?: { name?: string; phone?: string; email?: string };
  /** BG-17: where the seller is paid. */
  payment_account?: { iban: string; bic?: string; account_name?: string };
}

/**
 * Each field's name in words, as the web app's profile form labels it (app/src/pages/LegalProfile.tsx):
 * validation messages (the schema's `x-label`, src/http/validation.ts) and the export's list of
 * what is missing (einvoice_incomplete's `details.missing[].label`) speak of the same fields in the
 * same words a person filled them in with.
 */
export const LEGAL_PROFILE_LABELS = {
  legal_name: 'Legal name',
  address: 'Postal address',
  'address.line1': 'Street and number',
  'address.line2': 'Address line 2',
  'address.city': 'City',
  'address.postal_code': 'Postal code',
  'address.country_code': 'Country code',
  vat_id: 'VAT identifier',
  tax_registration_id: 'Tax registration id',
  legal_registration_id: 'Legal registration',
  'legal_registration_id.scheme': 'Registration scheme',
  'legal_registration_id.value': 'Registration number',
  electronic_address: 'Electronic address',
  'electronic_address.scheme': 'Address scheme',
  'electronic_address.value': 'Address identifier',
  contact: 'Contact',
  'contact.name': 'Contact name',
  'contact.phone': 'Contact phone',
  'contact.email': 'Contact email',
  payment_account: 'Payment account',
  'payment_account.iban': 'IBAN',
  'payment_account.bic': 'BIC',
  'payment_account.account_name': 'Account name',
} as const;
export type LegalProfilePath = keyof typeof LEGAL_PROFILE_LABELS;
