// UBL 2.1 Invoice / CreditNote → the imported model (import-model.ts), by CEN's UBL binding.

import { LIMITS } from '../documents/index.ts';
import type {
  ImportedAllowanceCharge,
  ImportedInvoice,
  ImportedLine,
  ImportedParty,
} from './import-model.ts';
import { UBL_NS } from './ubl-writer.ts';
import { all, attr, badFile, has, one, text, type XNode } from './xml-read.ts';

/** Informational header terms docex has no field for: present → listed as dropped. */
const DROPPED_HEADER: [string, string[]][] = [
  ['BT-7', ['TaxPointDate']],
  ['BT-11', ['ProjectReference']],
  ['BT-12', ['ContractDocumentReference']],
  ['BT-14', ['OrderReference', 'SalesOrderID']],
  ['BT-15', ['ReceiptDocumentReference']],
  ['BT-16', ['DespatchDocumentReference']],
  ['BT-17', ['OriginatorDocumentReference']],
  ['BT-19', ['AccountingCost']],
  ['BT-20', ['PaymentTerms']],
  ['BG-6', ['AccountingSupplierParty', 'Party', 'Contact']],
  ['BG-9', ['AccountingCustomerParty', 'Party', 'Contact']],
  ['BG-10', ['PayeeParty']],
  ['BG-11', ['TaxRepresentativeParty']],
  ['BG-13', ['Delivery']],
  ['BG-14', ['InvoicePeriod']],
  ['BG-16', ['PaymentMeans']],
  ['BG-24', ['AdditionalDocumentReference']],
];
const DROPPED_LINE: [string, string[]][] = [
  ['BT-127', ['Note']],
  ['BT-128', ['DocumentReference']],
  ['BT-132', ['OrderLineReference']],
  ['BT-133', ['AccountingCost']],
  ['BG-26', ['InvoicePeriod']],
  ['BT-154', ['Item', 'Description']],
  ['BT-156', ['Item', 'BuyersItemIdentification']],
  ['BT-157', ['Item', 'StandardItemIdentification']],
  ['BT-158', ['Item', 'CommodityClassification']],
  ['BT-159', ['Item', 'OriginCountry']],
  ['BG-32', ['Item', 'AdditionalItemProperty']],
  ['BT-147', ['Price', 'AllowanceCharge']],
];

/** BG-4 / BG-7 of a cac:Party (the CEN UBL binding). */
function party(p: XNode | undefined): ImportedParty {
  const endpoint = one(p, 'EndpointID');
  const endpointValue = text(endpoint);
  const vat = all(p, 'PartyTaxScheme').find((s) => text(s, 'TaxScheme', 'ID')?.toUpperCase() === 'VAT');
  const legalId = one(p, 'PartyLegalEntity', 'CompanyID');
  const legalValue = text(legalId);
  const address = one(p, 'PostalAddress');
  return {
    name: text(p, 'PartyLegalEntity', 'RegistrationName') ?? text(p, 'PartyName', 'Name'),
    electronicAddress:
      endpointValue === null ? null : { scheme: attr(endpoint, 'schemeID'), value: endpointValue },
    vatId: text(vat, 'CompanyID'),
    legalRegistrationId:
      legalValue === null ? null : { scheme: attr(legalId, 'schemeID'), value: legalValue },
    email: text(p, 'Contact', 'ElectronicMail'),
    identifiers: all(p, 'PartyIdentification', 'ID')
      .map((n) => ({ scheme: attr(n, 'schemeID'), value: text(n) }))
      .filter((i): i is { scheme: string | null; value: string } => i.value !== null),
    address: {
      line1: text(address, 'StreetName'),
      line2: text(address, 'AdditionalStreetName'),
      city: text(address, 'CityName'),
      postalCode: text(address, 'PostalZone'),
      countryCode: text(address, 'Country', 'IdentificationCode'),
    },
  };
}

/** BG-17: the first PaymentMeans's PayeeFinancialAccount with an id (BT-84, BT-85, BT-86). */
function payeeAccount(doc: XNode): ImportedInvoice['paymentAccount'] {
  for (const means of all(doc, 'PaymentMeans')) {
    const account = one(means, 'PayeeFinancialAccount');
    const id = text(account, 'ID');
    if (id !== null) {
      return { id, name: text(account, 'Name'), bic: text(account, 'FinancialInstitutionBranch', 'ID') };
    }
  }
  return null;
}

const isCharge = (n: XNode): boolean => text(n, 'ChargeIndicator')?.toLowerCase() === 'true';

/** A cac:AllowanceCharge (BG-20/21 in the header, BG-27/28 on a line). */
const allowanceCharge = (a: XNode): ImportedAllowanceCharge => ({
  charge: isCharge(a),
  amount: text(a, 'Amount'),
  base: text(a, 'BaseAmount'),
  percent: text(a, 'MultiplierFactorNumeric'),
  reason: text(a, 'AllowanceChargeReason'),
  reasonCode: text(a, 'AllowanceChargeReasonCode'),
  category: text(a, 'TaxCategory', 'ID'),
  ratePercent: text(a, 'TaxCategory', 'Percent'),
});

export function readUbl(root: string, namespace: string, doc: XNode): ImportedInvoice {
  const credit = root === 'CreditNote';
  if (namespace !== (credit ? UBL_NS.creditNote : UBL_NS.invoice)) {
    throw badFile(`The ${root} element is not in the UBL 2.1 ${root} namespace.`);
  }
  const dropped = new Set<string>();
  for (const [bt, path] of DROPPED_HEADER) if (has(doc, ...path)) dropped.add(bt);
  const currency = text(doc, 'DocumentCurrencyCode');
  const totals = one(doc, 'LegalMonetaryTotal');
  // BT-110 is the TaxTotal in the document's currency (a second one is BT-111, in BT-6's).
  const taxTotal =
    all(doc, 'TaxTotal').find((t) => attr(one(t, 'TaxAmount'), 'currencyID') === currency) ??
    one(doc, 'TaxTotal');
  // One line past docex's limit is enough for translate to refuse the file (BG-25) unread.
  const lineNodes = all(doc, credit ? 'CreditNoteLine' : 'InvoiceLine').slice(0, LIMITS.lineItems + 1);
  const lines: ImportedLine[] = lineNodes.map((l) => {
    for (const [bt, path] of DROPPED_LINE) if (has(l, ...path)) dropped.add(bt);
    const quantityNode = one(l, credit ? 'CreditedQuantity' : 'InvoicedQuantity');
    const allowances = all(l, 'AllowanceCharge');
    const category = one(l, 'Item', 'ClassifiedTaxCategory');
    return {
      id: text(l, 'ID'),
      name: text(l, 'Item', 'Name'),
      sellerItemId: text(l, 'Item', 'SellersItemIdentification', 'ID'),
      quantity: text(quantityNode),
      unitCode: attr(quantityNode, 'unitCode'),
      price: text(l, 'Price', 'PriceAmount'),
      baseQuantity: text(l, 'Price', 'BaseQuantity'),
      allowances: allowances
        .filter((a) => !isCharge(a))
        .map((a) => ({
          amount: text(a, 'Amount'),
          percent: text(a, 'MultiplierFactorNumeric'),
          base: text(a, 'BaseAmount'),
        })),
      charges: allowances.filter(isCharge).length,
      allowanceCharges: allowances.map(allowanceCharge),
      baseQuantityUnit: attr(one(l, 'Price', 'BaseQuantity'), 'unitCode'),
      grossPrice: text(l, 'Price', 'AllowanceCharge', 'BaseAmount'),
      priceDiscount: text(l, 'Price', 'AllowanceCharge', 'Amount'),
      netAmount: text(l, 'LineExtensionAmount'),
      category: text(category, 'ID'),
      ratePercent: text(category, 'Percent'),
    };
  });
  const headerAllowances = all(doc, 'AllowanceCharge');
  return {
    seller: party(one(doc, 'AccountingSupplierParty', 'Party')),
    buyer: party(one(doc, 'AccountingCustomerParty', 'Party')),
    typeCode: text(doc, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    expectedType: credit ? 'credit_note' : 'invoice',
    number: text(doc, 'ID'),
    issueDate: text(doc, 'IssueDate'),
    dueDate: text(doc, 'DueDate') ?? text(doc, 'PaymentMeans', 'PaymentDueDate'),
    currency,
    taxCurrency: text(doc, 'TaxCurrencyCode'),
    buyerReference: text(doc, 'BuyerReference'),
    purchaseOrder: text(doc, 'OrderReference', 'ID'),
    notes: all(doc, 'Note')
      .map((n) => text(n))
      .filter((n): n is string => n !== null),
    preceding: text(doc, 'BillingReference', 'InvoiceDocumentReference', 'ID'),
    lines,
    breakdown: all(taxTotal, 'TaxSubtotal').map((s) => ({
      category: text(s, 'TaxCategory', 'ID'),
      ratePercent: text(s, 'TaxCategory', 'Percent'),
      exemptionReason: text(s, 'TaxCategory', 'TaxExemptionReason'),
      exemptionReasonCode: text(s, 'TaxCategory', 'TaxExemptionReasonCode'),
      taxableAmount: text(s, 'TaxableAmount'),
      taxAmount: text(s, 'TaxAmount'),
    })),
    allowancesCharges: headerAllowances.map(allowanceCharge),
    customization: text(doc, 'CustomizationID'),
    lineTotal: text(totals, 'LineExtensionAmount'),
    allowanceTotal: text(totals, 'AllowanceTotalAmount'),
    chargeTotal: text(totals, 'ChargeTotalAmount'),
    payable: text(totals, 'PayableAmount'),
    documentAllowances: headerAllowances.filter((a) => !isCharge(a)).length,
    documentCharges: headerAllowances.filter(isCharge).length,
    prepaid: text(totals, 'PrepaidAmount'),
    rounding: text(totals, 'PayableRoundingAmount'),
    taxExclusive: text(totals, 'TaxExclusiveAmount'),
    tax: text(taxTotal, 'TaxAmount'),
    grandTotal: text(totals, 'TaxInclusiveAmount'),
    paymentAccount: payeeAccount(doc),
    dropped,
  };
}
