// A docex document as the EN 16931 model (model.ts): the mapping of CONTRACT 9, and the refusal
// (422 einvoice_incomplete) when a party's frozen legal profile lacks what a business rule needs.
// Pure: the export reads the rows, this decides.
import type { StoredLineItem } from '../../db/tables/documents.ts';
import { ApiError } from '../../lib/errors.ts';
import { LEGAL_PROFILE_LABELS, type LegalProfile, type LegalProfilePath } from '../../lib/legal-profile.ts';
import { type Decimal, MoneyDecimal, toMoneyString } from '../../lib/money.ts';
import { defaultTaxCategory, type TaxCategory } from '../../lib/tax-categories.ts';
import { xmlSafe } from '../../lib/text.ts';
import { termDays } from '../documents/index.ts';
import type { EInvoice, EInvoiceLine, EInvoiceTaxBreakdown } from './model.ts';

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

/** What the export reads of a document (an issued invoice or credit note). */
export interface ExportSource {
  document_type: string;
  issuer_number: string;
  counterparty_number: string | null;
  currency: string;
  document_date: string;
  due_date: string | null;
  payment_terms: string | null;
  notes: string | null;
  external_refs: Record<string, string>;
  line_items: StoredLineItem[];
  subtotal: string;
  tax: string;
  total: string;
  issuer_profile: LegalProfile | null;
  counterparty_profile: LegalProfile | null;
  /** The invoice a credit note derives from (BT-25), when it has one. */
  preceding: { number: string; issueDate: string } | null;
  /** The invoice's RF creditor reference (CONTRACT 12), BT-83 when present. */
  payment_reference?: string | null;
}

/** Money as a file writes it: 2 decimals, never an exponent (lib/money's own rendering). */
export const money2 = (n: number | string): string => toMoneyString(new MoneyDecimal(n));
/** Quantities and prices: their own decimals (docex keeps at most 4), never an exponent. */
export const decimalText = (n: number | string): string => new MoneyDecimal(n).toFixed();
/** docex's tax_rate is a fraction (0.19); EN 16931 writes percent (19). */
export const percentOf = (rate: number): string => new MoneyDecimal(rate).times(100).toFixed();

// The derivations both syntaxes write the same way.

/** UNCL 4461: 58 SEPA credit transfer (an IBAN of a SEPA country), 30 credit transfer, 1 not defined. */
export function paymentMeansCode(profile: LegalProfile): string {
  const iban = profile.payment_account?.iban;
  if (!iban) return '1';
  return SEPA_COUNTRIES.has(iban.slice(0, 2)) ? '58' : '30';
}

/** The countries of the SEPA scheme (EPC list), by the IBAN's country code. */
const SEPA_COUNTRIES: ReadonlySet<string> = new Set(
  'AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM VA AL MD ME MK'.split(
    ' ',
  ),
);

/** Not subject to VAT (O) carries no VAT identifiers and no rates (BR-O-2..4, BR-O-5, BR-O-9). */
export const outsideVat = (inv: EInvoice): boolean => inv.lines.some((l) => l.category === 'O');

/** BT-20 in words, from docex's payment_terms grammar. */
export function termsInWords(terms: string | null): string | null {
  if (terms === null) return null;
  if (terms === 'due_on_receipt') return 'Due on receipt';
  const days = termDays(terms);
  return days === null ? terms : `Net ${days} days`;
}

const categoryOf = (l: StoredLineItem): TaxCategory => l.tax_category ?? defaultTaxCategory(l.tax_rate);

function lineOf(l: StoredLineItem): EInvoiceLine {
  let allowance: EInvoiceLine['allowance'] = null;
  if (l.discount_type !== null && l.discount_value !== null) {
    // The allowance is what the discount took off the line, to the cent: gross (rounded) − net.
    // quantity × price − allowance then equals BT-131 within half a cent (PEPPOL-EN16931-R120).
    const gross = new MoneyDecimal(l.quantity).times(l.unit_price);
    const amount = gross.toDecimalPlaces(2).minus(l.net_amount);
    if (!amount.isZero()) {
      allowance = {
        amount: amount.toFixed(2),
        reason: 'Discount',
        percent: l.discount_type === 'percent' ? decimalText(l.discount_value) : null,
        base: l.discount_type === 'percent' ? gross.toFixed(2) : null,
      };
    }
  }
  return {
    id: String(l.line_number),
    name: l.description,
    sellerItemId: l.sku,
    quantity: decimalText(l.quantity),
    unitCode: l.unit_code ?? 'C62',
    unitPrice: decimalText(l.unit_price),
    allowance,
    netAmount: money2(l.net_amount),
    category: categoryOf(l),
    ratePercent: percentOf(l.tax_rate),
    taxAmount: money2(l.tax_amount),
    exemptionReason: l.tax_exemption_reason ?? null,
    exemptionReasonCode: l.tax_exemption_reason_code ?? null,
  };
}

/** BG-23: one breakdown per (category, rate), in the order they first appear; Σ line net and Σ line tax. */
function breakdownOf(lines: EInvoiceLine[]): EInvoiceTaxBreakdown[] {
  const groups = new Map<string, { first: EInvoiceLine; net: Decimal; tax: Decimal }>();
  for (const l of lines) {
    const key = `${l.category}/${l.ratePercent}`;
    const g = groups.get(key);
    if (g) {
      g.net = g.net.plus(l.netAmount);
      g.tax = g.tax.plus(l.taxAmount);
    } else
      groups.set(key, { first: l, net: new MoneyDecimal(l.netAmount), tax: new MoneyDecimal(l.taxAmount) });
  }
  return [...groups.values()].map(({ first, net, tax }) => ({
    category: first.category,
    ratePercent: first.ratePercent,
    taxableAmount: net.toFixed(2),
    taxAmount: tax.toFixed(2),
    exemptionReason: first.exemptionReason,
    exemptionReasonCode: first.exemptionReasonCode,
  }));
}

/** Every business term a rule needs that a party's profile lacks (CONTRACT 9). */
export function missingTerms(
  src: ExportSource,
  categories: Set<TaxCategory>,
  peppol: boolean,
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
    need(!!p.address.line1, terms[1], party, 'address.line1');
    need(!!p.address.city, terms[2], party, 'address.city');
    need(!!p.address.postal_code, terms[3], party, 'address.postal_code');
    need(!!p.address.country_code, terms[4], party, 'address.country_code');
  }
  const sellerTaxId = seller.vat_id !== undefined || seller.tax_registration_id !== undefined;
  // BR-CO-26: the seller is identified by its VAT id or legal registration id. Outside the scope
  // of VAT (O) no VAT id is written (BR-O-2), so the legal registration id must be there.
  if (categories.has('O')) {
    need(seller.legal_registration_id !== undefined, 'BT-30', 'issuer', 'legal_registration_id');
  } else {
    need(
      seller.vat_id !== undefined || seller.legal_registration_id !== undefined,
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

export function incomplete(missing: MissingTerm[]): ApiError {
  const of = (party: Party) =>
    missing
      .filter((m) => m.party === party)
      .map((m) => m.label.replace(/^[A-Z][a-z]/, (c) => c.toLowerCase()))
      .join(', ');
  const parts = [
    of('issuer') && `the seller's ${of('issuer')}`,
    of('counterparty') && `the buyer's ${of('counterparty')}`,
  ].filter(Boolean);
  return new ApiError(
    'einvoice_incomplete',
    `The e-invoice needs ${parts.join(', and ')}. Each party fills these in its own legal profile; the document keeps the profiles it was issued with, except a party that had none then.`,
    { missing },
  );
}

/** Every string of a plain value (objects, arrays) made xmlSafe; the same value when none changes. */
function xmlSafeDeep<T>(v: T): T {
  if (typeof v === 'string') return xmlSafe(v) as T;
  if (Array.isArray(v)) {
    const out = v.map(xmlSafeDeep);
    return (out.every((x, i) => x === v[i]) ? v : out) as T;
  }
  if (v !== null && typeof v === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] = xmlSafeDeep(x);
      if (out[k] !== x) changed = true;
    }
    return (changed ? out : v) as T;
  }
  return v;
}

/**
 * The document as an EN 16931 invoice; throws einvoice_incomplete naming what is missing. Every
 * text in it is XML-safe (xmlSafe), so each writer, and the Factur-X page, gets only text XML 1.0
 * allows.
 */
export function buildEInvoice(src: ExportSource): EInvoice {
  return xmlSafeDeep(modelOf(src));
}

function modelOf(src: ExportSource): EInvoice {
  const lines = src.line_items.map(lineOf);
  const categories = new Set(lines.map((l) => l.category));
  const peppol =
    src.issuer_profile?.electronic_address !== undefined &&
    src.counterparty_profile?.electronic_address !== undefined;
  const missing = missingTerms(src, categories, peppol);
  if (missing.length > 0) throw incomplete(missing);
  const seller = src.issuer_profile!;
  const buyer = src.counterparty_profile!;
  const creditNote = src.document_type === 'credit_note';
  return {
    number: src.issuer_number,
    remittance: src.payment_reference ?? src.issuer_number,
    typeCode: creditNote ? '381' : '380',
    issueDate: src.document_date,
    dueDate: src.due_date,
    currency: src.currency,
    paymentTerms: termsInWords(src.payment_terms),
    note: src.notes,
    // Peppol needs BT-10 or BT-13 (PEPPOL-EN16931-R003): the buyer's own number stands in.
    buyerReference: src.external_refs.buyer_reference ?? (peppol ? src.counterparty_number : null),
    purchaseOrder: src.external_refs.purchase_order ?? null,
    precedingInvoice: src.preceding,
    peppol,
    seller: { profile: seller },
    buyer: { profile: buyer },
    // Intra-community supply needs a delivery date and place (BR-IC-11/12): docex's document
    // date is the date of supply, the buyer's address the place (docs/einvoicing.md).
    deliveryDate: categories.has('K') ? src.document_date : null,
    lines,
    breakdown: breakdownOf(lines),
    lineTotal: money2(src.subtotal),
    taxTotal: money2(src.tax),
    grandTotal: money2(src.total),
    payableAmount: money2(src.total),
  };
}
