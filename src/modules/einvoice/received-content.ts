// A received e-invoice as the receiver's bill (CONTRACT 11.5 "Received whole"): the supplier's
// document, not a draft of the receiver's, so it is held as its file states it: document-level
// allowances and charges, negative lines, line allowances and charges, a price per base quantity,
// gross price and price discount, paid and rounding amounts. Its subtotal, tax and total are the
// file's BT-109, BT-110 and BT-112, once the file keeps EN 16931's own calculation rules
// (BR-CO-10 to BR-CO-17, with the tolerances of CEN's artefacts); a file that breaks one is
// refused naming the rule. §9's import (import-model.ts) keeps its own, stricter rules: a file
// imported as one's own draft must be something docex's create could have made.

import type {
  FiledSeller,
  ReceivedTerms,
  StoredAllowanceCharge,
  StoredLineItem,
} from '../../db/tables/documents.ts';
import { isRealDate } from '../../lib/calendar.ts';
import { CURRENCIES, type Currency } from '../../lib/currencies.ts';
import { ApiError, type FieldProblem, invalid } from '../../lib/errors.ts';
import { UNIT_CODES, VATEX_CODES } from '../../lib/generated/en16931-codes.ts';
import { type Decimal, MoneyDecimal } from '../../lib/money.ts';
import { compactAddress, compactIdentifier } from '../../lib/party-identifiers.ts';
import { TAX_CATEGORIES, type TaxCategory } from '../../lib/tax-categories.ts';
import { unstorableTextProblem } from '../../lib/text.ts';
import { type DocumentContent, LIMITS } from '../documents/index.ts';
import type { ImportedAllowanceCharge, ImportedInvoice } from './import-model.ts';
import { numberProblem } from './import-model.ts';
import { shown } from './xml-read.ts';

export interface ReceivedContent {
  documentType: 'invoice' | 'credit_note';
  content: DocumentContent;
  /** BT-115: what is left to pay (BT-112 − BT-113 + BT-114) */
  balanceDue: string;
  terms: ReceivedTerms;
}

/** The term each calculation rule checks, named in einvoice_mismatch's details.bt as the import does. */
const RULE_TERMS = {
  'BR-CO-10': 'BT-106',
  'BR-CO-11': 'BT-107',
  'BR-CO-12': 'BT-108',
  'BR-CO-13': 'BT-109',
  'BR-CO-14': 'BT-110',
  'BR-CO-15': 'BT-112',
  'BR-CO-16': 'BT-115',
  'BR-CO-17': 'BT-117',
} as const;

const TYPES: Record<string, 'invoice' | 'credit_note'> = { '380': 'invoice', '381': 'credit_note' };
const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const ASK = 'ask the supplier for a corrected file';

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
/** "Hungarian Forint (HUF)", or the code alone when it is not an ISO 4217 code Node knows. */
function currencyInWords(code: string): string {
  try {
    const name = currencyNames.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return JSON.stringify(code.slice(0, 40));
  }
}

/** Rounded to the cent as CEN's artefacts do (XPath round: half up). */
const cents = (d: Decimal): Decimal => d.toDecimalPlaces(2, MoneyDecimal.ROUND_HALF_CEIL);

/**
 * The bill a received file becomes; throws invalid_request naming every term it cannot hold, or
 * einvoice_mismatch naming the calculation rule (BR-CO-…) the file breaks. Nothing is written.
 */
export function receivedContent(f: ImportedInvoice): ReceivedContent {
  const problems: FieldProblem[] = [];
  const said = new Set<string>();
  const refuse = (bt: string, message: string) => {
    const text = `${bt}: ${message}`;
    if (said.has(text)) return;
    said.add(text);
    problems.push({ path: 'content_base64', message: text });
  };
  const num = (bt: string, value: string | null, what: string, required = true): Decimal | null => {
    if (value === null) {
      if (required) refuse(bt, `${what} is missing`);
      return null;
    }
    const problem = numberProblem(value);
    if (problem) {
      refuse(bt, `${what} ${problem}`);
      return null;
    }
    return new MoneyDecimal(value);
  };
  const textOk = (bt: string, value: string | null, what: string, max: number) => {
    if (value === null) return;
    const problem = unstorableTextProblem(value);
    if (problem) refuse(bt, `${what} ${problem}`);
    else if (value.length > max)
      refuse(bt, `${what} has ${value.length} characters; docex keeps at most ${max}`);
  };

  const documentType = f.typeCode === null ? null : TYPES[f.typeCode];
  if (!documentType) {
    refuse(
      'BT-3',
      `the invoice type code ${shown(f.typeCode)} is not one docex holds: 380 (commercial invoice) or 381 (credit note)`,
    );
  } else if (documentType !== f.expectedType) {
    refuse(
      'BT-3',
      `the type code ${f.typeCode} does not match the file's ${f.expectedType === 'invoice' ? 'Invoice' : 'CreditNote'} element`,
    );
  }
  if (f.number === null) refuse('BT-1', "the supplier's invoice number is missing");
  textOk('BT-1', f.number, "the supplier's invoice number", LIMITS.externalRefValue);
  if (f.issueDate === null || !isRealDate(f.issueDate)) {
    refuse(
      'BT-2',
      `the issue date ${shown(f.issueDate)} is not a calendar date (YYYY-MM-DD, or CII format 102)`,
    );
  }
  if (f.dueDate !== null && !isRealDate(f.dueDate)) {
    refuse('BT-9', `the due date ${shown(f.dueDate)} is not a calendar date (YYYY-MM-DD, or CII format 102)`);
  }
  const currency = f.currency;
  if (currency === null) refuse('BT-5', 'the invoice currency code is missing');
  else if (!(CURRENCIES as readonly string[]).includes(currency)) {
    refuse(
      'BT-5',
      `the invoice is in ${currencyInWords(currency)}, and docex keeps bills in US dollars, euros, pounds sterling or Canadian dollars only; ask the supplier for the invoice in one of them`,
    );
  }
  if (f.taxCurrency !== null && f.taxCurrency !== currency) {
    refuse(
      'BT-6',
      `the supplier states VAT in a second currency (${shown(f.taxCurrency)}), and docex keeps one currency a bill; ${ASK}`,
    );
  }
  textOk('BT-10', f.buyerReference, 'the buyer reference', LIMITS.externalRefValue);
  textOk('BT-13', f.purchaseOrder, 'the purchase order reference', LIMITS.externalRefValue);
  textOk('BT-25', f.preceding, 'the preceding invoice reference', LIMITS.externalRefValue);
  const notes = f.notes.length > 0 ? f.notes.join('\n') : null;
  textOk('BT-22', notes, 'the notes', LIMITS.notes);
  if (f.lines.length === 0) refuse('BG-25', 'the file has no invoice lines');
  if (f.lines.length > LIMITS.lineItems) {
    refuse(
      'BG-25',
      `the file has more than ${LIMITS.lineItems} lines; docex holds at most ${LIMITS.lineItems} a bill`,
    );
    throw refusal(problems);
  }
  const breakdowns = new Map<string, ImportedInvoice['breakdown'][number]>();
  for (const b of f.breakdown) {
    const key = `${b.category}/${new MoneyDecimal(numberProblem(b.ratePercent ?? '0') ? 0 : (b.ratePercent ?? 0)).toString()}`;
    if (!breakdowns.has(key)) breakdowns.set(key, b);
  }
  const categoryOf = (bt: string, value: string | null, at: string): TaxCategory | null => {
    if (value !== null && (TAX_CATEGORIES as readonly string[]).includes(value)) return value as TaxCategory;
    refuse(bt, `${at}the VAT category ${shown(value)} is not one of ${TAX_CATEGORIES.join(', ')}`);
    return null;
  };
  const rateOf = (bt: string, value: string | null, at: string): Decimal | null => {
    const rate = value === null ? new MoneyDecimal(0) : num(bt, value, `${at}the VAT rate`);
    if (rate && (rate.isNegative() || rate.greaterThan(100))) {
      refuse(bt, `${at}the VAT rate ${value} is not 0 to 100 percent`);
      return null;
    }
    return rate;
  };
  const allowanceOf = (a: ImportedAllowanceCharge, at: string, level: 'document' | 'line') => {
    const [bt, what] =
      level === 'document'
        ? a.charge
          ? ['BT-99', `${at}a document-level charge's amount`]
          : ['BT-92', `${at}a document-level allowance's amount`]
        : a.charge
          ? ['BT-141', `${at}a line charge's amount`]
          : ['BT-136', `${at}a line allowance's amount`];
    const amount = num(bt, a.amount, what);
    const base = num(bt, a.base, `${what.replace("'s amount", "'s base amount")}`, false);
    const percent = num(bt, a.percent, `${what.replace("'s amount", "'s percentage")}`, false);
    textOk(bt, a.reason, `${what.replace("'s amount", "'s reason")}`, LIMITS.exemptionReason);
    textOk(bt, a.reasonCode, `${what.replace("'s amount", "'s reason code")}`, 20);
    if (!amount) return null;
    const out: StoredAllowanceCharge = {
      charge: a.charge,
      amount: amount.toFixed(2),
      base: base ? base.toFixed() : null,
      percent: percent ? percent.toFixed() : null,
      reason: a.reason,
      reason_code: a.reasonCode,
    };
    return out;
  };

  const lines: StoredLineItem[] = [];
  let lineSum = new MoneyDecimal(0);
  f.lines.forEach((l, i) => {
    const at = `line ${l.id === null ? i + 1 : shown(l.id, 20)}: `;
    const quantity = num('BT-129', l.quantity, `${at}the quantity`);
    const price = num('BT-146', l.price, `${at}the net price`);
    const net = num('BT-131', l.netAmount, `${at}the line net amount`);
    const base = num('BT-149', l.baseQuantity, `${at}the price base quantity`, false);
    if (base?.isZero()) refuse('BT-149', `${at}a price base quantity of 0`);
    const gross = num('BT-148', l.grossPrice, `${at}the gross price`, false);
    const discount = num('BT-147', l.priceDiscount, `${at}the price discount`, false);
    const category = categoryOf('BT-151', l.category, at);
    const rate = rateOf('BT-152', l.ratePercent, at);
    if (l.name === null) refuse('BT-153', `${at}the item name is missing`);
    textOk('BT-153', l.name, `${at}the item name`, LIMITS.description);
    textOk('BT-155', l.sellerItemId, `${at}the seller's item id`, LIMITS.sku);
    const unit = l.unitCode ?? 'C62';
    if (!UNIT_CODES.has(unit))
      refuse('BT-130', `${at}the unit ${shown(unit)} is not a UN/ECE Recommendation 20/21 code`);
    const extras = l.allowanceCharges.map((a) => allowanceOf(a, at, 'line'));
    if (!(quantity && price && net && category && rate && l.name !== null) || extras.includes(null)) return;
    if (net.abs().greaterThan(LIMITS.totalMax))
      refuse('BT-131', `${at}the line net amount ${l.netAmount} is over docex's maximum`);
    lineSum = lineSum.plus(net);
    const b = breakdowns.get(`${category}/${rate.toString()}`);
    const line: StoredLineItem = {
      line_number: i + 1,
      description: l.name,
      quantity: quantity.toNumber(),
      unit_price: price.toNumber(),
      tax_rate: rate.dividedBy(100).toNumber(),
      sku: l.sellerItemId,
      discount_type: null,
      discount_value: null,
      net_amount: cents(net).toNumber(),
      // A line's share of the tax, for people to read; the bill's tax is the file's (BT-110, BG-23).
      tax_amount: cents(net.times(rate).dividedBy(100)).toNumber(),
      tax_category: category,
      tax_exemption_reason: b?.exemptionReason ?? null,
      tax_exemption_reason_code: b?.exemptionReasonCode?.toUpperCase() ?? null,
      unit_code: unit,
    };
    const kept = extras.filter((x): x is StoredAllowanceCharge => x !== null);
    if (kept.length > 0) line.allowances_charges = kept;
    if (base) {
      line.base_quantity = base.toFixed();
      line.base_quantity_unit_code = l.baseQuantityUnit;
    }
    if (gross) line.gross_price = gross.toFixed();
    if (discount) line.price_discount = discount.toFixed();
    lines.push(line);
  });

  const documentLevel: StoredAllowanceCharge[] = [];
  f.allowancesCharges.forEach((a, i) => {
    const at = `${a.charge ? 'charge' : 'allowance'} ${i + 1}: `;
    const kept = allowanceOf(a, at, 'document');
    const [catBt, rateBt] = a.charge ? ['BT-102', 'BT-103'] : ['BT-95', 'BT-96'];
    const category = categoryOf(catBt, a.category, at);
    const rate = rateOf(rateBt, a.ratePercent, at);
    if (kept && category && rate) {
      documentLevel.push({
        ...kept,
        tax_category: category,
        tax_rate_percent: a.ratePercent === null ? null : rate.toFixed(),
      });
    }
  });

  const breakdown: ReceivedTerms['tax_breakdown'] = [];
  for (const b of f.breakdown) {
    const category = categoryOf('BT-118', b.category, 'the VAT breakdown: ');
    const rate = rateOf('BT-119', b.ratePercent, 'the VAT breakdown: ');
    const taxable = num('BT-116', b.taxableAmount, 'the VAT breakdown: a taxable amount');
    const tax = num('BT-117', b.taxAmount, 'the VAT breakdown: a tax amount');
    textOk('BT-120', b.exemptionReason, 'the VAT exemption reason', LIMITS.exemptionReason);
    // VATEX codes are written in either case (XRechnung's examples: vatex-eu-132-1a)
    const vatex = b.exemptionReasonCode?.toUpperCase() ?? null;
    if (vatex !== null && !VATEX_CODES.has(vatex)) {
      refuse('BT-121', `the VAT exemption reason code ${shown(b.exemptionReasonCode)} is not a VATEX code`);
    }
    if (category && rate && taxable && tax) {
      breakdown.push({
        category,
        rate_percent: rate.toFixed(),
        taxable: taxable.toFixed(2),
        tax: tax.toFixed(2),
        exemption_reason: b.exemptionReason,
        exemption_reason_code: vatex,
      });
    }
  }
  if (breakdown.length === 0 && f.breakdown.length === 0) refuse('BG-23', 'the file has no VAT breakdown');

  const lineTotal = num('BT-106', f.lineTotal, 'the sum of the line net amounts');
  const allowanceTotal = num('BT-107', f.allowanceTotal, 'the sum of the allowances', false);
  const chargeTotal = num('BT-108', f.chargeTotal, 'the sum of the charges', false);
  const subtotal = num('BT-109', f.taxExclusive, 'the total without VAT');
  const tax = f.tax === null ? new MoneyDecimal(0) : num('BT-110', f.tax, 'the total VAT');
  const total = num('BT-112', f.grandTotal, 'the total with VAT');
  const prepaid = num('BT-113', f.prepaid, 'the paid amount', false);
  const rounding = num('BT-114', f.rounding, 'the rounding amount', false);
  const payable = num('BT-115', f.payable, 'the amount due');
  for (const [bt, value, what] of [
    ['BT-109', subtotal, 'the total without VAT'],
    ['BT-112', total, 'the total with VAT'],
    ['BT-115', payable, 'the amount due'],
  ] as const) {
    if (value?.abs().greaterThan(LIMITS.totalMax))
      refuse(bt, `${what} is over docex's maximum of ${LIMITS.totalMax}`);
  }
  if (problems.length > 0) throw refusal(problems);

  // EN 16931's calculation rules, as CEN's artefacts test them (round to the cent, BR-CO-17 ± 1).
  const sum = (xs: Decimal[]) => cents(xs.reduce((a, b) => a.plus(b), new MoneyDecimal(0)));
  const allowances = documentLevel.filter((a) => !a.charge).map((a) => new MoneyDecimal(a.amount));
  const charges = documentLevel.filter((a) => a.charge).map((a) => new MoneyDecimal(a.amount));
  const broken = (rule: keyof typeof RULE_TERMS, words: string, file: Decimal, derived: Decimal) =>
    new ApiError(
      'einvoice_mismatch',
      `${rule}: the supplier's file breaks EN 16931's rule that ${words}: it states ${file.toFixed(2)} where its own figures give ${derived.toFixed(2)}. docex keeps a bill only as the file states it; ${ASK}. Nothing was recorded.`,
      { bt: RULE_TERMS[rule], rule, file: file.toFixed(2), derived: derived.toFixed(2) },
    );
  if (!lineTotal!.equals(cents(lineSum)))
    throw broken(
      'BR-CO-10',
      'the sum of line net amounts (BT-106) is the total of the lines (BT-131)',
      lineTotal!,
      cents(lineSum),
    );
  if (allowanceTotal ? !allowanceTotal.equals(sum(allowances)) : allowances.length > 0)
    throw broken(
      'BR-CO-11',
      'the sum of allowances (BT-107) is the total of the document-level allowances (BT-92)',
      allowanceTotal ?? new MoneyDecimal(0),
      sum(allowances),
    );
  if (chargeTotal ? !chargeTotal.equals(sum(charges)) : charges.length > 0)
    throw broken(
      'BR-CO-12',
      'the sum of charges (BT-108) is the total of the document-level charges (BT-99)',
      chargeTotal ?? new MoneyDecimal(0),
      sum(charges),
    );
  const net = cents(lineTotal!.minus(allowanceTotal ?? 0).plus(chargeTotal ?? 0));
  if (!subtotal!.equals(net))
    throw broken(
      'BR-CO-13',
      'the total without VAT (BT-109) is the lines (BT-106) less allowances (BT-107) plus charges (BT-108)',
      subtotal!,
      net,
    );
  const taxSum = sum(breakdown.map((b) => new MoneyDecimal(b.tax)));
  if (f.tax !== null && breakdown.length > 0 && !tax!.equals(taxSum))
    throw broken(
      'BR-CO-14',
      'the total VAT (BT-110) is the sum of the VAT of each category (BT-117)',
      tax!,
      taxSum,
    );
  const withTax = cents(subtotal!.plus(tax!));
  if (!total!.equals(withTax))
    throw broken(
      'BR-CO-15',
      'the total with VAT (BT-112) is the total without VAT (BT-109) plus the VAT (BT-110)',
      total!,
      withTax,
    );
  const due = cents(total!.minus(prepaid ?? 0));
  const payableLessRounding = cents(payable!.minus(rounding ?? 0));
  if (!payableLessRounding.equals(due))
    throw broken(
      'BR-CO-16',
      'the amount due (BT-115) is the total with VAT (BT-112) less the paid amount (BT-113) plus the rounding amount (BT-114)',
      payable!,
      cents(due.plus(rounding ?? 0)),
    );
  for (const b of breakdown) {
    const expected = cents(new MoneyDecimal(b.taxable).abs().times(b.rate_percent).dividedBy(100));
    const stated = new MoneyDecimal(b.tax);
    const ok = new MoneyDecimal(b.rate_percent).round().isZero()
      ? stated.round().isZero()
      : stated.abs().minus(1).lessThan(expected) && stated.abs().plus(1).greaterThan(expected);
    if (!ok)
      throw broken(
        'BR-CO-17',
        `the VAT of category ${b.category} at ${b.rate_percent} % (BT-117) is its taxable amount (BT-116) times its rate, to the cent`,
        stated,
        expected,
      );
  }

  const externalRefs: Record<string, string> = { issuer_ref: f.number! };
  if (f.buyerReference !== null) externalRefs.buyer_reference = f.buyerReference;
  if (f.purchaseOrder !== null) externalRefs.purchase_order = f.purchaseOrder;
  if (f.preceding !== null) externalRefs.preceding_invoice = f.preceding;
  // docex's terms from the due date, as a create derives them (net_N up to a year); a due date
  // before the issue date is the supplier's mistake, kept out rather than a reason to refuse.
  const dueDate = f.dueDate !== null && f.dueDate >= f.issueDate! ? f.dueDate : null;
  const days =
    dueDate === null ? null : Math.round((Date.parse(dueDate) - Date.parse(f.issueDate!)) / 86_400_000);
  const paymentTerms = days === null || days > 365 ? null : days === 0 ? 'due_on_receipt' : `net_${days}`;
  return {
    documentType: documentType!,
    content: {
      currency: currency as Currency,
      line_items: lines,
      subtotal: subtotal!.toFixed(2),
      tax: tax!.toFixed(2),
      total: total!.toFixed(2),
      payment_terms: paymentTerms,
      document_date: f.issueDate!,
      due_date: dueDate,
      notes,
      external_refs: externalRefs,
      issuer_ref: f.number,
      derived_from: null,
    },
    balanceDue: payable!.toFixed(2),
    terms: {
      allowances_charges: documentLevel,
      line_total: lineTotal!.toFixed(2),
      allowance_total: allowanceTotal ? allowanceTotal.toFixed(2) : null,
      charge_total: chargeTotal ? chargeTotal.toFixed(2) : null,
      prepaid: prepaid ? prepaid.toFixed(2) : null,
      rounding: rounding ? rounding.toFixed(2) : null,
      payable: payable!.toFixed(2),
      tax_breakdown: breakdown,
      peppol: f.customization?.includes(PEPPOL_BILLING) ?? false,
      seller: filedSeller(f.seller),
    },
  };
}

/** BG-4 as the file gives it, its identifiers compacted as docex stores them (CONTRACT 11.5). */
function filedSeller(p: ImportedInvoice['seller']): FiledSeller {
  const ea = p.electronicAddress;
  const lr = p.legalRegistrationId;
  return {
    name: p.name,
    address: {
      line1: p.address.line1,
      line2: p.address.line2,
      city: p.address.city,
      postal_code: p.address.postalCode,
      country_code: p.address.countryCode,
    },
    vat_id: p.vatId === null ? null : compactIdentifier(p.vatId).toUpperCase(),
    legal_registration_id: lr ? { scheme: lr.scheme, value: compactIdentifier(lr.value) } : null,
    electronic_address: ea ? { scheme: ea.scheme, value: compactAddress(ea.scheme, ea.value) } : null,
    identifiers: p.identifiers.slice(0, 10),
  };
}

function refusal(problems: FieldProblem[]): ApiError {
  return invalid(
    problems,
    `docex cannot keep this e-invoice as a bill (${problems.length} term(s) of the supplier's file): ${problems.map((p) => p.message).join('; ')}`,
  );
}
