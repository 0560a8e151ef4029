// A docex document as the EN 16931 model (model.ts): the mapping of CONTRACT 9, and the refusal
// (422 einvoice_incomplete) when a party's frozen legal profile lacks what a business rule needs.
// Pure: the export reads the rows, this decides.
import type {
  FiledSeller,
  ReceivedTerms,
  StoredAllowanceCharge,
  StoredLineItem,
} from '../../db/tables/documents.ts';
import { type MissingTerm, missingTerms, onPeppol, type Party } from '../../lib/einvoice-missing.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { type Decimal, MoneyDecimal, toMoneyString } from '../../lib/money.ts';
import { defaultTaxCategory, type TaxCategory } from '../../lib/tax-categories.ts';
import { xmlSafe } from '../../lib/text.ts';
import { termDays } from '../documents/index.ts';
import type { EInvoice, EInvoiceLine, EInvoiceTaxBreakdown } from './model.ts';

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
  /** A received e-invoice's own terms (CONTRACT 11.5): its export gives back every amount it stated. */
  received_terms?: ReceivedTerms | null;
  /** The PDF layout the document was issued with (pdf-layout.ts); null or absent: layout 1. */
  pdf_layout?: number | null;
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

const allowanceOf = (a: StoredAllowanceCharge): EInvoiceLine['allowancesCharges'][number] => ({
  charge: a.charge,
  amount: a.amount,
  base: a.base,
  percent: a.percent,
  reason: a.reason,
  reasonCode: a.reason_code,
});

/** BG-23 as a received e-invoice stated it (its BT-117 may be rounded per category, not per line). */
const statedBreakdown = (t: ReceivedTerms): EInvoiceTaxBreakdown[] =>
  t.tax_breakdown.map((b) => ({
    category: b.category,
    ratePercent: b.rate_percent,
    taxableAmount: b.taxable,
    taxAmount: b.tax,
    exemptionReason: b.exemption_reason,
    exemptionReasonCode: b.exemption_reason_code,
  }));

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
    allowancesCharges: (l.allowances_charges ?? []).map(allowanceOf),
    baseQuantity: l.base_quantity
      ? { quantity: l.base_quantity, unitCode: l.base_quantity_unit_code ?? null }
      : null,
    grossPrice: l.gross_price ?? null,
    priceDiscount: l.price_discount ?? null,
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

/** A received file's seller as a profile the writers read; absent terms stay absent (unwritten). */
function profileAsFiled(f: FiledSeller): LegalProfile {
  const some = <T>(v: T | null): T | undefined => (v === null ? undefined : v);
  const lr = f.legal_registration_id;
  const ea = f.electronic_address;
  return {
    legal_name: f.name ?? '',
    address: {
      line1: some(f.address.line1),
      line2: some(f.address.line2),
      city: some(f.address.city),
      postal_code: some(f.address.postal_code),
      country_code: some(f.address.country_code),
    } as LegalProfile['address'],
    ...(f.vat_id ? { vat_id: f.vat_id } : {}),
    ...(lr
      ? { legal_registration_id: { value: lr.value, ...(lr.scheme ? { scheme: lr.scheme } : {}) } }
      : {}),
    ...(ea?.scheme ? { electronic_address: { scheme: ea.scheme, value: ea.value } } : {}),
  };
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
  const received = src.received_terms ?? null;
  // A seller no legal profile holds (the file gave no street, city or postcode, or named it by a
  // seller identifier only) is written as the file gave it (CONTRACT 11.5); a received bill's
  // seller identifiers (BT-29) are given back whatever profile holds the seller.
  const filed = received?.seller && src.issuer_profile === null ? received.seller : null;
  const identifiers = received?.seller?.identifiers ?? [];
  const profiles = filed ? { ...src, issuer_profile: profileAsFiled(filed) } : src;
  const peppol = onPeppol(profiles);
  // A received bill's export is Peppol where the supplier's file was, and is never refused for a
  // national Peppol term the supplier's own valid file did not carry (CONTRACT 11.5).
  const asPeppol = received ? peppol && received.peppol : peppol;
  const missing = missingTerms(
    profiles,
    categories,
    received ? false : peppol,
    received ? { identified: identifiers.length > 0 } : null,
  );
  if (missing.length > 0) throw incomplete(missing);
  const seller = profiles.issuer_profile!;
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
    buyerReference: src.external_refs.buyer_reference ?? (asPeppol ? src.counterparty_number : null),
    purchaseOrder: src.external_refs.purchase_order ?? null,
    precedingInvoice: src.preceding,
    peppol: asPeppol,
    seller: { profile: seller, identifiers },
    buyer: { profile: buyer },
    // Intra-community supply needs a delivery date and place (BR-IC-11/12): docex's document
    // date is the date of supply, the buyer's address the place (docs/einvoicing.md).
    deliveryDate: categories.has('K') ? src.document_date : null,
    lines,
    breakdown: received ? statedBreakdown(received) : breakdownOf(lines),
    allowancesCharges: (received?.allowances_charges ?? []).map((a) => ({
      ...allowanceOf(a),
      category: a.tax_category ?? 'S',
      ratePercent: a.tax_rate_percent ?? null,
    })),
    lineTotal: money2(received ? received.line_total : src.subtotal),
    allowanceTotal: received?.allowance_total ?? null,
    chargeTotal: received?.charge_total ?? null,
    taxExclusive: money2(src.subtotal),
    taxTotal: money2(src.tax),
    grandTotal: money2(src.total),
    prepaid: received?.prepaid ?? null,
    rounding: received?.rounding ?? null,
    payableAmount: money2(received ? received.payable : src.total),
  };
}
