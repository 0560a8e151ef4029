// UN/CEFACT CII D16B CrossIndustryInvoice → the imported model (import-model.ts), by CEN's CII binding.

import { LIMITS } from '../documents/index.ts';
import { CII_NS } from './cii-writer.ts';
import type {
  ImportedAllowanceCharge,
  ImportedInvoice,
  ImportedLine,
  ImportedParty,
} from './import-model.ts';
import { all, attr, badFile, has, one, text, type XNode } from './xml-read.ts';

const DROPPED_AGREEMENT: [string, string[]][] = [
  ['BT-11', ['SpecifiedProcuringProject']],
  ['BT-12', ['ContractReferencedDocument']],
  ['BT-14', ['SellerOrderReferencedDocument']],
  ['BT-17', ['AdditionalReferencedDocument']],
  ['BG-6', ['SellerTradeParty', 'DefinedTradeContact']],
  ['BG-9', ['BuyerTradeParty', 'DefinedTradeContact']],
  ['BG-11', ['SellerTaxRepresentativeTradeParty']],
];
const DROPPED_DELIVERY: [string, string[]][] = [
  ['BG-13', ['ShipToTradeParty']],
  ['BT-72', ['ActualDeliverySupplyChainEvent']],
  ['BT-15', ['ReceivingAdviceReferencedDocument']],
  ['BT-16', ['DespatchAdviceReferencedDocument']],
];
const DROPPED_SETTLEMENT: [string, string[]][] = [
  ['BG-10', ['PayeeTradeParty']],
  ['BG-14', ['BillingSpecifiedPeriod']],
  ['BG-16', ['SpecifiedTradeSettlementPaymentMeans']],
  ['BT-19', ['ReceivableSpecifiedTradeAccountingAccount']],
  ['BT-20', ['SpecifiedTradePaymentTerms', 'Description']],
];
const DROPPED_LINE: [string, string[]][] = [
  ['BT-127', ['AssociatedDocumentLineDocument', 'IncludedNote']],
  ['BT-154', ['SpecifiedTradeProduct', 'Description']],
  ['BT-156', ['SpecifiedTradeProduct', 'BuyerAssignedID']],
  ['BT-157', ['SpecifiedTradeProduct', 'GlobalID']],
  ['BT-158', ['SpecifiedTradeProduct', 'DesignatedProductClassification']],
  ['BT-159', ['SpecifiedTradeProduct', 'OriginTradeCountry']],
  ['BG-32', ['SpecifiedTradeProduct', 'ApplicableProductCharacteristic']],
  ['BT-148', ['SpecifiedLineTradeAgreement', 'GrossPriceProductTradePrice']],
  ['BT-132', ['SpecifiedLineTradeAgreement', 'BuyerOrderReferencedDocument']],
  ['BG-26', ['SpecifiedLineTradeSettlement', 'BillingSpecifiedPeriod']],
  ['BT-128', ['SpecifiedLineTradeSettlement', 'AdditionalReferencedDocument']],
  ['BT-133', ['SpecifiedLineTradeSettlement', 'ReceivableSpecifiedTradeAccountingAccount']],
];

/** BG-4 / BG-7 of a ram:SellerTradeParty or ram:BuyerTradeParty (the CEN CII binding). */
function party(p: XNode | undefined): ImportedParty {
  const endpoint = one(p, 'URIUniversalCommunication', 'URIID');
  const endpointValue = text(endpoint);
  const vat = all(p, 'SpecifiedTaxRegistration')
    .map((r) => one(r, 'ID'))
    .find((id) => attr(id, 'schemeID')?.toUpperCase() === 'VA');
  const legalId = one(p, 'SpecifiedLegalOrganization', 'ID');
  const legalValue = text(legalId);
  const address = one(p, 'PostalTradeAddress');
  return {
    name: text(p, 'Name'),
    electronicAddress:
      endpointValue === null ? null : { scheme: attr(endpoint, 'schemeID'), value: endpointValue },
    vatId: text(vat),
    legalRegistrationId:
      legalValue === null ? null : { scheme: attr(legalId, 'schemeID'), value: legalValue },
    email: text(p, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID'),
    identifiers: [
      ...all(p, 'ID').map((n) => ({ scheme: null, value: text(n) })),
      ...all(p, 'GlobalID').map((n) => ({ scheme: attr(n, 'schemeID'), value: text(n) })),
    ].filter((i): i is { scheme: string | null; value: string } => i.value !== null),
    address: {
      line1: text(address, 'LineOne'),
      line2: text(address, 'LineTwo'),
      city: text(address, 'CityName'),
      postalCode: text(address, 'PostcodeCode'),
      countryCode: text(address, 'CountryID'),
    },
  };
}

/** BG-17: the first payment means's creditor account with an id (BT-84 IBANID or ProprietaryID, BT-85, BT-86). */
function payeeAccount(settlement: XNode | undefined): ImportedInvoice['paymentAccount'] {
  for (const means of all(settlement, 'SpecifiedTradeSettlementPaymentMeans')) {
    const account = one(means, 'PayeePartyCreditorFinancialAccount');
    const id = text(account, 'IBANID') ?? text(account, 'ProprietaryID');
    if (id !== null) {
      return {
        id,
        name: text(account, 'AccountName'),
        bic: text(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'),
      };
    }
  }
  return null;
}

const isCharge = (n: XNode): boolean => text(n, 'ChargeIndicator', 'Indicator')?.toLowerCase() === 'true';

/** A ram:SpecifiedTradeAllowanceCharge (BG-20/21 in the header, BG-27/28 on a line). */
const allowanceCharge = (a: XNode): ImportedAllowanceCharge => ({
  charge: isCharge(a),
  amount: text(a, 'ActualAmount'),
  base: text(a, 'BasisAmount'),
  percent: text(a, 'CalculationPercent'),
  reason: text(a, 'Reason'),
  reasonCode: text(a, 'ReasonCode'),
  category: text(a, 'CategoryTradeTax', 'CategoryCode'),
  ratePercent: text(a, 'CategoryTradeTax', 'RateApplicablePercent'),
});

/** A format-102 date (YYYYMMDD) as YYYY-MM-DD; other formats are left for the date check to refuse. */
function date(node: XNode | undefined): string | null {
  const t = text(node, 'DateTimeString');
  if (t === null) return null;
  return /^[0-9]{8}$/.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}` : t;
}

function drop(into: Set<string>, node: XNode | undefined, list: [string, string[]][]): void {
  for (const [bt, path] of list) if (has(node, ...path)) into.add(bt);
}

export function readCii(namespace: string, doc: XNode): ImportedInvoice {
  if (namespace !== CII_NS.rsm)
    throw badFile('The CrossIndustryInvoice element is not in the CII D16B namespace.');
  const exchanged = one(doc, 'ExchangedDocument');
  const tx = one(doc, 'SupplyChainTradeTransaction');
  const agreement = one(tx, 'ApplicableHeaderTradeAgreement');
  const settlement = one(tx, 'ApplicableHeaderTradeSettlement');
  const sums = one(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const dropped = new Set<string>();
  drop(dropped, agreement, DROPPED_AGREEMENT);
  drop(dropped, one(tx, 'ApplicableHeaderTradeDelivery'), DROPPED_DELIVERY);
  drop(dropped, settlement, DROPPED_SETTLEMENT);
  const currency = text(settlement, 'InvoiceCurrencyCode');
  const taxTotal =
    all(sums, 'TaxTotalAmount').find((t) => attr(t, 'currencyID') === currency) ??
    one(sums, 'TaxTotalAmount');
  // One line past docex's limit is enough for translate to refuse the file (BG-25) unread.
  const lineNodes = all(tx, 'IncludedSupplyChainTradeLineItem').slice(0, LIMITS.lineItems + 1);
  const lines: ImportedLine[] = lineNodes.map((l) => {
    drop(dropped, l, DROPPED_LINE);
    const lineSettlement = one(l, 'SpecifiedLineTradeSettlement');
    const price = one(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice');
    const gross = one(l, 'SpecifiedLineTradeAgreement', 'GrossPriceProductTradePrice');
    const quantity = one(l, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
    const allowances = all(lineSettlement, 'SpecifiedTradeAllowanceCharge');
    return {
      id: text(l, 'AssociatedDocumentLineDocument', 'LineID'),
      name: text(l, 'SpecifiedTradeProduct', 'Name'),
      sellerItemId: text(l, 'SpecifiedTradeProduct', 'SellerAssignedID'),
      quantity: text(quantity),
      unitCode: attr(quantity, 'unitCode'),
      price: text(price, 'ChargeAmount'),
      baseQuantity: text(price, 'BasisQuantity'),
      allowances: allowances
        .filter((a) => !isCharge(a))
        .map((a) => ({
          amount: text(a, 'ActualAmount'),
          percent: text(a, 'CalculationPercent'),
          base: text(a, 'BasisAmount'),
        })),
      charges: allowances.filter(isCharge).length,
      allowanceCharges: allowances.map(allowanceCharge),
      baseQuantityUnit: attr(one(price, 'BasisQuantity'), 'unitCode'),
      grossPrice: text(gross, 'ChargeAmount'),
      priceDiscount: text(gross, 'AppliedTradeAllowanceCharge', 'ActualAmount'),
      netAmount: text(lineSettlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
      category: text(lineSettlement, 'ApplicableTradeTax', 'CategoryCode'),
      ratePercent: text(lineSettlement, 'ApplicableTradeTax', 'RateApplicablePercent'),
    };
  });
  const headerAllowances = all(settlement, 'SpecifiedTradeAllowanceCharge');
  const typeCode = text(exchanged, 'TypeCode');
  return {
    seller: party(one(agreement, 'SellerTradeParty')),
    buyer: party(one(agreement, 'BuyerTradeParty')),
    typeCode,
    expectedType: typeCode === '381' ? 'credit_note' : 'invoice',
    number: text(exchanged, 'ID'),
    issueDate: date(one(exchanged, 'IssueDateTime')),
    dueDate: date(one(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime')),
    currency,
    taxCurrency: text(settlement, 'TaxCurrencyCode'),
    buyerReference: text(agreement, 'BuyerReference'),
    purchaseOrder: text(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID'),
    notes: all(exchanged, 'IncludedNote')
      .map((n) => text(n, 'Content'))
      .filter((n): n is string => n !== null),
    preceding: text(settlement, 'InvoiceReferencedDocument', 'IssuerAssignedID'),
    lines,
    breakdown: all(settlement, 'ApplicableTradeTax').map((t) => ({
      category: text(t, 'CategoryCode'),
      ratePercent: text(t, 'RateApplicablePercent'),
      exemptionReason: text(t, 'ExemptionReason'),
      exemptionReasonCode: text(t, 'ExemptionReasonCode'),
      taxableAmount: text(t, 'BasisAmount'),
      taxAmount: text(t, 'CalculatedAmount'),
    })),
    allowancesCharges: headerAllowances.map(allowanceCharge),
    customization: text(doc, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    lineTotal: text(sums, 'LineTotalAmount'),
    allowanceTotal: text(sums, 'AllowanceTotalAmount'),
    chargeTotal: text(sums, 'ChargeTotalAmount'),
    payable: text(sums, 'DuePayableAmount'),
    documentAllowances: headerAllowances.filter((a) => !isCharge(a)).length,
    documentCharges: headerAllowances.filter(isCharge).length,
    prepaid: text(sums, 'TotalPrepaidAmount'),
    rounding: text(sums, 'RoundingAmount'),
    taxExclusive: text(sums, 'TaxBasisTotalAmount'),
    tax: text(taxTotal),
    grandTotal: text(sums, 'GrandTotalAmount'),
    paymentAccount: payeeAccount(settlement),
    dropped,
  };
}
