// The part of the EN 16931 semantic model docex speaks (CONTRACT 9): what the exporters write to
// UBL, CII and the Factur-X page, and what the importers read back. Amounts are decimal strings
// exactly as they go into the file (2 decimals for money, up to 4 for quantities and prices), so
// no serializer rounds anything: the document's own totals travel to the cent.

import type { LegalProfile } from '../../lib/legal-profile.ts';
import type { TaxCategory } from '../../lib/tax-categories.ts';

export type { TaxCategory };

/** UNCL 1001: 380 commercial invoice, 381 credit note. */
export type InvoiceTypeCode = '380' | '381';

export interface EInvoiceParty {
  profile: LegalProfile;
  /** BT-29 seller identifiers, a received bill's as its file gave them (CONTRACT 11.5) */
  identifiers?: { scheme: string | null; value: string }[];
}

/** An allowance or charge a received e-invoice stated (CONTRACT 11.5), given back as it was. */
export interface EInvoiceAllowanceCharge {
  charge: boolean;
  /** 2 decimals */
  amount: string;
  base: string | null;
  percent: string | null;
  reason: string | null;
  reasonCode: string | null;
}

/** BG-20 / BG-21, with the VAT category and rate it falls in (BT-95/96, BT-102/103). */
export interface EInvoiceDocumentAllowanceCharge extends EInvoiceAllowanceCharge {
  category: TaxCategory;
  ratePercent: string | null;
}

export interface EInvoiceLine {
  /** BT-126 */
  id: string;
  /** BT-153 item name (docex's description). */
  name: string;
  /** BT-155 seller's item identifier (docex's sku). */
  sellerItemId: string | null;
  /** BT-129, up to 4 decimals. */
  quantity: string;
  /** BT-130 UN/ECE Rec. 20/21. */
  unitCode: string;
  /** BT-146 net price, up to 4 decimals. */
  unitPrice: string;
  /** BG-27 line allowance: BT-136 amount (2 decimals), or null when the line has no discount. */
  allowance: { amount: string; reason: string; percent: string | null; base: string | null } | null;
  /** A received line's BG-27/28 as its file stated them (then `allowance` is null); empty otherwise. */
  allowancesCharges: EInvoiceAllowanceCharge[];
  /** BT-149 / BT-150, a received line's price base quantity */
  baseQuantity: { quantity: string; unitCode: string | null } | null;
  /** BT-148 gross price and BT-147 price discount, a received line's */
  grossPrice: string | null;
  priceDiscount: string | null;
  /** BT-131 = quantity × price − allowance, 2 decimals. */
  netAmount: string;
  /** BT-151 */
  category: TaxCategory;
  /** BT-152 in percent ("19", "7.5", "0"). */
  ratePercent: string;
  /** Not an EN 16931 term: docex's own per-line tax, kept so breakdowns sum exactly what docex charged. */
  taxAmount: string;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

/** BG-23: one per (category, rate). */
export interface EInvoiceTaxBreakdown {
  category: TaxCategory;
  ratePercent: string;
  /** BT-116 */
  taxableAmount: string;
  /** BT-117 */
  taxAmount: string;
  /** BT-120 / BT-121 */
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export interface EInvoice {
  /** BT-1 */
  number: string;
  /**
   * BT-83, the remittance information the payer quotes: the invoice's RF creditor reference when
   * it has one (CONTRACT 12), otherwise its number.
   */
  remittance?: string;
  /** BT-3 */
  typeCode: InvoiceTypeCode;
  /** BT-2, YYYY-MM-DD */
  issueDate: string;
  /** BT-9 */
  dueDate: string | null;
  /** BT-5 */
  currency: string;
  /** BT-20 payment terms in words, e.g. "Net 30 days". */
  paymentTerms: string | null;
  /** BT-22 */
  note: string | null;
  /** BT-10 */
  buyerReference: string | null;
  /** BT-13 */
  purchaseOrder: string | null;
  /** BT-25: the number of the invoice a credit note corrects. */
  precedingInvoice: { number: string; issueDate: string | null } | null;
  /** Peppol BIS Billing 3.0 when both parties have an electronic address (UBL only). */
  peppol: boolean;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  /** BT-72 actual delivery date, only where a rule needs it (intra-community supply, BR-IC-11). */
  deliveryDate: string | null;
  lines: EInvoiceLine[];
  breakdown: EInvoiceTaxBreakdown[];
  /** BG-20 / BG-21: a received e-invoice's document-level allowances and charges; empty otherwise */
  allowancesCharges: EInvoiceDocumentAllowanceCharge[];
  /** BT-106 (= BT-109 for docex's own documents, which have no document-level allowances or charges) */
  lineTotal: string;
  /** BT-107, BT-108: null when the document has none */
  allowanceTotal: string | null;
  chargeTotal: string | null;
  /** BT-109 */
  taxExclusive: string;
  /** BT-110 */
  taxTotal: string;
  /** BT-112 */
  grandTotal: string;
  /** BT-113 paid amount, BT-114 rounding amount: a received e-invoice's, null otherwise */
  prepaid: string | null;
  rounding: string | null;
  /** BT-115 */
  payableAmount: string;
}
