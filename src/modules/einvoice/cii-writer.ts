// EN 16931 → UN/CEFACT Cross Industry Invoice D16B (CONTRACT 9), the syntax of Factur-X and
// ZUGFeRD, in the element order of the D16B schemas as CEN's CII binding places each business
// term. The same model as the UBL writer, so both files say the same thing.
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { outsideVat, paymentMeansCode } from './build-model.ts';
import type { EInvoice, EInvoiceAllowanceCharge, EInvoiceParty } from './model.ts';
import { XmlTree } from './xml-tree.ts';

export const CII_NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** The Factur-X EN 16931 profile's guideline id is CEN's own. */
export const CII_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** CII dates are format 102: YYYYMMDD. */
const date102 = (d: string): string => d.replaceAll('-', '');

function dateTime(t: XmlTree, name: string, d: string): void {
  t.el(name).text('udt:DateTimeString', date102(d), { format: '102' });
}

function tradeParty(
  t: XmlTree,
  name: string,
  p: LegalProfile,
  inv: EInvoice,
  seller: boolean,
  identifiers: EInvoiceParty['identifiers'] = [],
): void {
  const party = t.el(name);
  // BT-29, a received bill's seller identifiers as its file gave them: ram:ID, or ram:GlobalID
  // with its scheme (the CEN CII binding), before the name
  for (const id of identifiers) if (!id.scheme) party.text('ram:ID', id.value);
  for (const id of identifiers) if (id.scheme) party.text('ram:GlobalID', id.value, { schemeID: id.scheme });
  party.text('ram:Name', p.legal_name);
  if (p.legal_registration_id) {
    const scheme = p.legal_registration_id.scheme;
    party
      .el('ram:SpecifiedLegalOrganization')
      .text('ram:ID', p.legal_registration_id.value, scheme ? { schemeID: scheme } : undefined);
  }
  const c = p.contact;
  if (c && (c.name || c.phone || c.email)) {
    const contact = party.el('ram:DefinedTradeContact').text('ram:PersonName', c.name);
    if (c.phone) contact.el('ram:TelephoneUniversalCommunication').text('ram:CompleteNumber', c.phone);
    if (c.email) contact.el('ram:EmailURIUniversalCommunication').text('ram:URIID', c.email);
  }
  party
    .el('ram:PostalTradeAddress')
    .text('ram:PostcodeCode', p.address.postal_code)
    .text('ram:LineOne', p.address.line1)
    .text('ram:LineTwo', p.address.line2)
    .text('ram:CityName', p.address.city)
    .text('ram:CountryID', p.address.country_code);
  if (p.electronic_address) {
    party
      .el('ram:URIUniversalCommunication')
      .text('ram:URIID', p.electronic_address.value, { schemeID: p.electronic_address.scheme });
  }
  if (p.vat_id && !outsideVat(inv)) {
    party.el('ram:SpecifiedTaxRegistration').text('ram:ID', p.vat_id, { schemeID: 'VA' });
  }
  if (seller && p.tax_registration_id) {
    party.el('ram:SpecifiedTaxRegistration').text('ram:ID', p.tax_registration_id, { schemeID: 'FC' });
  }
}

/** A ram:SpecifiedTradeAllowanceCharge as a received e-invoice stated it (BG-20/21, BG-27/28). */
function allowanceCharge(t: XmlTree, a: EInvoiceAllowanceCharge): XmlTree {
  const ac = t.el('ram:SpecifiedTradeAllowanceCharge');
  ac.el('ram:ChargeIndicator').text('udt:Indicator', a.charge ? 'true' : 'false');
  return ac
    .text('ram:CalculationPercent', a.percent)
    .text('ram:BasisAmount', a.base)
    .text('ram:ActualAmount', a.amount)
    .text('ram:ReasonCode', a.reasonCode)
    .text('ram:Reason', a.reason);
}

/** The invoice as a CII CrossIndustryInvoice. */
export function writeCii(inv: EInvoice): string {
  const root = XmlTree.root('rsm:CrossIndustryInvoice', CII_NS);
  root
    .el('rsm:ExchangedDocumentContext')
    .el('ram:GuidelineSpecifiedDocumentContextParameter')
    .text('ram:ID', CII_GUIDELINE);
  const doc = root.el('rsm:ExchangedDocument').text('ram:ID', inv.number).text('ram:TypeCode', inv.typeCode);
  dateTime(doc, 'ram:IssueDateTime', inv.issueDate);
  if (inv.note) doc.el('ram:IncludedNote').text('ram:Content', inv.note);

  const tx = root.el('rsm:SupplyChainTradeTransaction');
  const noRate = outsideVat(inv);
  for (const l of inv.lines) {
    const item = tx.el('ram:IncludedSupplyChainTradeLineItem');
    item.el('ram:AssociatedDocumentLineDocument').text('ram:LineID', l.id);
    item
      .el('ram:SpecifiedTradeProduct')
      .text('ram:SellerAssignedID', l.sellerItemId)
      .text('ram:Name', l.name);
    const agreement = item.el('ram:SpecifiedLineTradeAgreement');
    if (l.grossPrice !== null || l.priceDiscount !== null) {
      const gross = agreement.el('ram:GrossPriceProductTradePrice').text('ram:ChargeAmount', l.grossPrice);
      if (l.priceDiscount !== null) {
        const discount = gross.el('ram:AppliedTradeAllowanceCharge');
        discount.el('ram:ChargeIndicator').text('udt:Indicator', 'false');
        discount.text('ram:ActualAmount', l.priceDiscount);
      }
    }
    const net = agreement.el('ram:NetPriceProductTradePrice').text('ram:ChargeAmount', l.unitPrice);
    if (l.baseQuantity) {
      const unit = l.baseQuantity.unitCode;
      net.text('ram:BasisQuantity', l.baseQuantity.quantity, unit ? { unitCode: unit } : undefined);
    }
    item
      .el('ram:SpecifiedLineTradeDelivery')
      .text('ram:BilledQuantity', l.quantity, { unitCode: l.unitCode });
    const settlement = item.el('ram:SpecifiedLineTradeSettlement');
    settlement
      .el('ram:ApplicableTradeTax')
      .text('ram:TypeCode', 'VAT')
      .text('ram:CategoryCode', l.category)
      .text('ram:RateApplicablePercent', noRate ? null : l.ratePercent);
    if (l.allowance) {
      const a = settlement.el('ram:SpecifiedTradeAllowanceCharge');
      a.el('ram:ChargeIndicator').text('udt:Indicator', 'false');
      a.text('ram:CalculationPercent', l.allowance.percent)
        .text('ram:BasisAmount', l.allowance.base)
        .text('ram:ActualAmount', l.allowance.amount)
        .text('ram:ReasonCode', '95')
        .text('ram:Reason', l.allowance.reason);
    }
    for (const a of l.allowancesCharges) allowanceCharge(settlement, a);
    settlement
      .el('ram:SpecifiedTradeSettlementLineMonetarySummation')
      .text('ram:LineTotalAmount', l.netAmount);
  }

  const agreement = tx
    .el('ram:ApplicableHeaderTradeAgreement')
    .text('ram:BuyerReference', inv.buyerReference);
  tradeParty(agreement, 'ram:SellerTradeParty', inv.seller.profile, inv, true, inv.seller.identifiers);
  tradeParty(agreement, 'ram:BuyerTradeParty', inv.buyer.profile, inv, false);
  if (inv.purchaseOrder)
    agreement.el('ram:BuyerOrderReferencedDocument').text('ram:IssuerAssignedID', inv.purchaseOrder);

  const delivery = tx.el('ram:ApplicableHeaderTradeDelivery');
  if (inv.deliveryDate) {
    delivery
      .el('ram:ShipToTradeParty')
      .el('ram:PostalTradeAddress')
      .text('ram:CountryID', inv.buyer.profile.address.country_code);
    dateTime(delivery.el('ram:ActualDeliverySupplyChainEvent'), 'ram:OccurrenceDateTime', inv.deliveryDate);
  }

  const settle = tx.el('ram:ApplicableHeaderTradeSettlement');
  const account = inv.seller.profile.payment_account;
  settle
    .text('ram:PaymentReference', account ? (inv.remittance ?? inv.number) : null)
    .text('ram:InvoiceCurrencyCode', inv.currency);
  if (account) {
    const means = settle
      .el('ram:SpecifiedTradeSettlementPaymentMeans')
      .text('ram:TypeCode', paymentMeansCode(inv.seller.profile));
    means
      .el('ram:PayeePartyCreditorFinancialAccount')
      .text('ram:IBANID', account.iban)
      .text('ram:AccountName', account.account_name);
    if (account.bic)
      means.el('ram:PayeeSpecifiedCreditorFinancialInstitution').text('ram:BICID', account.bic);
  }
  for (const b of inv.breakdown) {
    settle
      .el('ram:ApplicableTradeTax')
      .text('ram:CalculatedAmount', b.taxAmount)
      .text('ram:TypeCode', 'VAT')
      .text('ram:ExemptionReason', b.exemptionReason)
      .text('ram:BasisAmount', b.taxableAmount)
      .text('ram:CategoryCode', b.category)
      .text('ram:ExemptionReasonCode', b.exemptionReasonCode)
      .text('ram:RateApplicablePercent', noRate ? null : b.ratePercent);
  }
  // BG-20 / BG-21: a received e-invoice's document-level allowances and charges, as it stated them
  for (const a of inv.allowancesCharges) {
    allowanceCharge(settle, a)
      .el('ram:CategoryTradeTax')
      .text('ram:TypeCode', 'VAT')
      .text('ram:CategoryCode', a.category)
      .text('ram:RateApplicablePercent', noRate ? null : a.ratePercent);
  }
  if (inv.paymentTerms || inv.dueDate) {
    const terms = settle.el('ram:SpecifiedTradePaymentTerms').text('ram:Description', inv.paymentTerms);
    if (inv.dueDate) dateTime(terms, 'ram:DueDateDateTime', inv.dueDate);
  }
  settle
    .el('ram:SpecifiedTradeSettlementHeaderMonetarySummation')
    .text('ram:LineTotalAmount', inv.lineTotal)
    .text('ram:ChargeTotalAmount', inv.chargeTotal)
    .text('ram:AllowanceTotalAmount', inv.allowanceTotal)
    .text('ram:TaxBasisTotalAmount', inv.taxExclusive)
    .text('ram:TaxTotalAmount', inv.taxTotal, { currencyID: inv.currency })
    .text('ram:RoundingAmount', inv.rounding)
    .text('ram:GrandTotalAmount', inv.grandTotal)
    .text('ram:TotalPrepaidAmount', inv.prepaid)
    .text('ram:DuePayableAmount', inv.payableAmount);
  if (inv.precedingInvoice) {
    const ref = settle
      .el('ram:InvoiceReferencedDocument')
      .text('ram:IssuerAssignedID', inv.precedingInvoice.number);
    if (inv.precedingInvoice.issueDate) {
      ref
        .el('ram:FormattedIssueDateTime')
        .text('qdt:DateTimeString', date102(inv.precedingInvoice.issueDate), { format: '102' });
    }
  }
  return root.serialize();
}
