// EN 16931 → UBL 2.1 Invoice / CreditNote (CONTRACT 9), in the element order of the UBL 2.1
// schemas, as CEN's UBL binding places each business term; Peppol BIS Billing 3.0 when both
// parties have an electronic address. docs/einvoicing.md has the table.
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { outsideVat, paymentMeansCode } from './build-model.ts';
import type { EInvoice, EInvoiceAllowanceCharge, EInvoiceLine, EInvoiceParty } from './model.ts';
import { XmlTree } from './xml-tree.ts';

export const UBL_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

export const CEN_CUSTOMIZATION = 'urn:cen.eu:en16931:2017';
export const PEPPOL_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

function party(
  t: XmlTree,
  p: LegalProfile,
  inv: EInvoice,
  role: 'seller' | 'buyer',
  identifiers: EInvoiceParty['identifiers'] = [],
): void {
  const party = t.el('cac:Party');
  if (p.electronic_address) {
    party.text('cbc:EndpointID', p.electronic_address.value, { schemeID: p.electronic_address.scheme });
  }
  // BT-29, a received bill's seller identifiers as its file gave them
  for (const id of identifiers) {
    party
      .el('cac:PartyIdentification')
      .text('cbc:ID', id.value, id.scheme ? { schemeID: id.scheme } : undefined);
  }
  const address = party.el('cac:PostalAddress');
  address
    .text('cbc:StreetName', p.address.line1)
    .text('cbc:AdditionalStreetName', p.address.line2)
    .text('cbc:CityName', p.address.city)
    .text('cbc:PostalZone', p.address.postal_code)
    .el('cac:Country')
    .text('cbc:IdentificationCode', p.address.country_code);
  if (p.vat_id && !outsideVat(inv)) {
    party.el('cac:PartyTaxScheme').text('cbc:CompanyID', p.vat_id).el('cac:TaxScheme').text('cbc:ID', 'VAT');
  }
  if (role === 'seller' && p.tax_registration_id) {
    party
      .el('cac:PartyTaxScheme')
      .text('cbc:CompanyID', p.tax_registration_id)
      .el('cac:TaxScheme')
      .text('cbc:ID', 'TAX');
  }
  const legal = party.el('cac:PartyLegalEntity').text('cbc:RegistrationName', p.legal_name);
  if (p.legal_registration_id) {
    const scheme = p.legal_registration_id.scheme;
    legal.text('cbc:CompanyID', p.legal_registration_id.value, scheme ? { schemeID: scheme } : undefined);
  }
  const c = p.contact;
  if (c && (c.name || c.phone || c.email)) {
    party
      .el('cac:Contact')
      .text('cbc:Name', c.name)
      .text('cbc:Telephone', c.phone)
      .text('cbc:ElectronicMail', c.email);
  }
}

type Exemption = Pick<EInvoiceLine, 'exemptionReason' | 'exemptionReasonCode'>;

function taxCategory(t: XmlTree, name: string, category: string, percent: string, exemption?: Exemption) {
  const cat = t.el(name).text('cbc:ID', category);
  if (category !== 'O') cat.text('cbc:Percent', percent);
  if (exemption) {
    cat.text('cbc:TaxExemptionReasonCode', exemption.exemptionReasonCode);
    cat.text('cbc:TaxExemptionReason', exemption.exemptionReason);
  }
  cat.el('cac:TaxScheme').text('cbc:ID', 'VAT');
}

/** A cac:AllowanceCharge as a received e-invoice stated it (BG-20/21, BG-27/28); its TaxCategory is the caller's. */
function allowanceCharge(t: XmlTree, a: EInvoiceAllowanceCharge, currency: string): XmlTree {
  const cur = { currencyID: currency };
  return t
    .el('cac:AllowanceCharge')
    .text('cbc:ChargeIndicator', a.charge ? 'true' : 'false')
    .text('cbc:AllowanceChargeReasonCode', a.reasonCode)
    .text('cbc:AllowanceChargeReason', a.reason)
    .text('cbc:MultiplierFactorNumeric', a.percent)
    .text('cbc:Amount', a.amount, cur)
    .text('cbc:BaseAmount', a.base, a.base ? cur : undefined);
}

/** The invoice as UBL 2.1: an Invoice, or a CreditNote for type 381. */
export function writeUbl(inv: EInvoice): string {
  const credit = inv.typeCode === '381';
  const root = XmlTree.root(credit ? 'CreditNote' : 'Invoice', {
    '': credit ? UBL_NS.creditNote : UBL_NS.invoice,
    cac: UBL_NS.cac,
    cbc: UBL_NS.cbc,
  });
  const cur = { currencyID: inv.currency };
  root
    .text('cbc:CustomizationID', inv.peppol ? PEPPOL_CUSTOMIZATION : CEN_CUSTOMIZATION)
    .text('cbc:ProfileID', inv.peppol ? PEPPOL_PROFILE : null)
    .text('cbc:ID', inv.number)
    .text('cbc:IssueDate', inv.issueDate)
    // A UBL CreditNote has no DueDate: BT-9 travels in PaymentMeans/PaymentDueDate.
    .text('cbc:DueDate', credit ? null : inv.dueDate)
    .text(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', inv.typeCode)
    .text('cbc:Note', inv.note)
    .text('cbc:DocumentCurrencyCode', inv.currency)
    .text('cbc:BuyerReference', inv.buyerReference)
    .if(inv.purchaseOrder, (t) => t.el('cac:OrderReference').text('cbc:ID', inv.purchaseOrder))
    .if(inv.precedingInvoice, (t) =>
      t
        .el('cac:BillingReference')
        .el('cac:InvoiceDocumentReference')
        .text('cbc:ID', inv.precedingInvoice!.number)
        .text('cbc:IssueDate', inv.precedingInvoice!.issueDate),
    );
  party(root.el('cac:AccountingSupplierParty'), inv.seller.profile, inv, 'seller', inv.seller.identifiers);
  party(root.el('cac:AccountingCustomerParty'), inv.buyer.profile, inv, 'buyer');
  if (inv.deliveryDate) {
    root
      .el('cac:Delivery')
      .text('cbc:ActualDeliveryDate', inv.deliveryDate)
      .el('cac:DeliveryLocation')
      .el('cac:Address')
      .el('cac:Country')
      .text('cbc:IdentificationCode', inv.buyer.profile.address.country_code);
  }
  const account = inv.seller.profile.payment_account;
  if (account || (credit && inv.dueDate)) {
    const means = root
      .el('cac:PaymentMeans')
      .text('cbc:PaymentMeansCode', paymentMeansCode(inv.seller.profile))
      .text('cbc:PaymentDueDate', credit ? inv.dueDate : null)
      .text('cbc:PaymentID', account ? (inv.remittance ?? inv.number) : null);
    if (account) {
      means
        .el('cac:PayeeFinancialAccount')
        .text('cbc:ID', account.iban)
        .text('cbc:Name', account.account_name)
        .if(account.bic, (t) => t.el('cac:FinancialInstitutionBranch').text('cbc:ID', account.bic));
    }
  }
  if (inv.paymentTerms) root.el('cac:PaymentTerms').text('cbc:Note', inv.paymentTerms);
  // BG-20 / BG-21: a received e-invoice's document-level allowances and charges, as it stated them
  for (const a of inv.allowancesCharges) {
    const ac = allowanceCharge(root, a, inv.currency);
    taxCategory(ac, 'cac:TaxCategory', a.category, a.ratePercent ?? '0');
  }
  const taxTotal = root.el('cac:TaxTotal').text('cbc:TaxAmount', inv.taxTotal, cur);
  for (const b of inv.breakdown) {
    const sub = taxTotal
      .el('cac:TaxSubtotal')
      .text('cbc:TaxableAmount', b.taxableAmount, cur)
      .text('cbc:TaxAmount', b.taxAmount, cur);
    const withReason = b.exemptionReason !== null || b.exemptionReasonCode !== null;
    taxCategory(sub, 'cac:TaxCategory', b.category, b.ratePercent, withReason ? b : undefined);
  }
  root
    .el('cac:LegalMonetaryTotal')
    .text('cbc:LineExtensionAmount', inv.lineTotal, cur)
    .text('cbc:TaxExclusiveAmount', inv.taxExclusive, cur)
    .text('cbc:TaxInclusiveAmount', inv.grandTotal, cur)
    .text('cbc:AllowanceTotalAmount', inv.allowanceTotal, cur)
    .text('cbc:ChargeTotalAmount', inv.chargeTotal, cur)
    .text('cbc:PrepaidAmount', inv.prepaid, cur)
    .text('cbc:PayableRoundingAmount', inv.rounding, cur)
    .text('cbc:PayableAmount', inv.payableAmount, cur);
  for (const l of inv.lines) {
    const line = root
      .el(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine')
      .text('cbc:ID', l.id)
      .text(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', l.quantity, { unitCode: l.unitCode })
      .text('cbc:LineExtensionAmount', l.netAmount, cur);
    if (l.allowance) {
      line
        .el('cac:AllowanceCharge')
        .text('cbc:ChargeIndicator', 'false')
        .text('cbc:AllowanceChargeReasonCode', '95')
        .text('cbc:AllowanceChargeReason', l.allowance.reason)
        .text('cbc:MultiplierFactorNumeric', l.allowance.percent)
        .text('cbc:Amount', l.allowance.amount, cur)
        .text('cbc:BaseAmount', l.allowance.base, l.allowance.base ? cur : undefined);
    }
    for (const a of l.allowancesCharges) allowanceCharge(line, a, inv.currency);
    const item = line.el('cac:Item').text('cbc:Name', l.name);
    if (l.sellerItemId) item.el('cac:SellersItemIdentification').text('cbc:ID', l.sellerItemId);
    taxCategory(item, 'cac:ClassifiedTaxCategory', l.category, l.ratePercent);
    const price = line.el('cac:Price').text('cbc:PriceAmount', l.unitPrice, cur);
    if (l.baseQuantity) {
      const unit = l.baseQuantity.unitCode;
      price.text('cbc:BaseQuantity', l.baseQuantity.quantity, unit ? { unitCode: unit } : undefined);
    }
    if (l.grossPrice !== null || l.priceDiscount !== null) {
      price
        .el('cac:AllowanceCharge')
        .text('cbc:ChargeIndicator', 'false')
        .text('cbc:Amount', l.priceDiscount ?? '0', cur)
        .text('cbc:BaseAmount', l.grossPrice, cur);
    }
  }
  return root.serialize();
}
