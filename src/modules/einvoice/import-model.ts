// What an imported UBL or CII file says, as read (every value still the file's text), and its
// translation into a docex create body: each term docex cannot hold refused by name (CONTRACT 9),
// each informational term without a docex field reported as dropped.
import { isRealDate } from '../../lib/calendar.ts';
import { CURRENCIES } from '../../lib/currencies.ts';
import type { FieldProblem } from '../../lib/errors.ts';
import { type Decimal, MoneyDecimal } from '../../lib/money.ts';
import { TAX_CATEGORIES, type TaxCategory } from '../../lib/tax-categories.ts';
import { LIMITS, type LineItemInputT } from '../documents/index.ts';
import { shown } from './xml-read.ts';

/** An allowance or charge as read (BG-20/21 document level, BG-27/28 line level), every value the file's text. */
export interface ImportedAllowanceCharge {
  charge: boolean;
  amount: string | null;
  base: string | null;
  percent: string | null;
  reason: string | null;
  reasonCode: string | null;
  /** document level: BT-95/102, BT-96/103 */
  category: string | null;
  ratePercent: string | null;
}

export interface ImportedLine {
  id: string | null;
  name: string | null;
  sellerItemId: string | null;
  quantity: string | null;
  unitCode: string | null;
  price: string | null;
  baseQuantity: string | null;
  allowances: { amount: string | null; percent: string | null; base: string | null }[];
  charges: number;
  /** BG-27 and BG-28 in the file's order (a received document keeps them whole) */
  allowanceCharges: ImportedAllowanceCharge[];
  /** BT-150 */
  baseQuantityUnit: string | null;
  /** BT-148 gross price, BT-147 price discount */
  grossPrice: string | null;
  priceDiscount: string | null;
  netAmount: string | null;
  category: string | null;
  ratePercent: string | null;
}

/** A party of the file (BG-4 seller, BG-7 buyer) as read, every value the file's text. */
export interface ImportedParty {
  /** BT-27 / BT-44 */
  name: string | null;
  /** BT-34 / BT-49, its scheme an EAS code */
  electronicAddress: { scheme: string | null; value: string } | null;
  /** BT-31 / BT-48 */
  vatId: string | null;
  /** BT-30 / BT-47, its scheme an ISO 6523 ICD code */
  legalRegistrationId: { scheme: string | null; value: string } | null;
  /** BT-43 / BT-58 */
  email: string | null;
  /** BT-29 / BT-46 party identifiers, their schemes ISO 6523 ICD codes when given */
  identifiers: { scheme: string | null; value: string }[];
  /** BG-5 / BG-8 */
  address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    postalCode: string | null;
    countryCode: string | null;
  };
}

export interface ImportedInvoice {
  /** BG-4 */
  seller: ImportedParty;
  /** BG-7 */
  buyer: ImportedParty;
  typeCode: string | null;
  /** what the root element says the file is */
  expectedType: 'invoice' | 'credit_note';
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  currency: string | null;
  taxCurrency: string | null;
  buyerReference: string | null;
  purchaseOrder: string | null;
  notes: string[];
  preceding: string | null;
  lines: ImportedLine[];
  breakdown: {
    category: string | null;
    ratePercent: string | null;
    exemptionReason: string | null;
    exemptionReasonCode: string | null;
    /** BT-116, BT-117 */
    taxableAmount: string | null;
    taxAmount: string | null;
  }[];
  /** BG-20 and BG-21 in the file's order */
  allowancesCharges: ImportedAllowanceCharge[];
  /** BT-24 */
  customization: string | null;
  /** BT-106, BT-107, BT-108, BT-115 */
  lineTotal: string | null;
  allowanceTotal: string | null;
  chargeTotal: string | null;
  payable: string | null;
  documentAllowances: number;
  documentCharges: number;
  prepaid: string | null;
  rounding: string | null;
  taxExclusive: string | null;
  tax: string | null;
  grandTotal: string | null;
  /**
   * BG-17, the first credit-transfer account the file gives (BT-84 its id, BT-85, BT-86): §9's
   * import drops it (BG-16 is reported dropped), the inbound pipeline keeps it on the received
   * document (CONTRACT 11.5, 12).
   */
  paymentAccount: { id: string; name: string | null; bic: string | null } | null;
  dropped: Set<string>;
}

export interface ImportedContent {
  documentType: 'invoice' | 'credit_note';
  lineItems: LineItemInputT[];
  currency: string;
  documentDate: string;
  dueDate: string | null;
  notes: string | null;
  externalRefs: Record<string, string>;
  /** BT-25, resolved to a docex document by the caller */
  preceding: string | null;
  /** BT-109, BT-110, BT-112 as the file states them */
  stated: { subtotal: string | null; tax: string | null; total: string | null };
}

const DECIMAL = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;
/**
 * The longest number docex reads from a file. Every amount it can hold has at most 12 integer
 * digits and 4 decimals; a longer one is refused before decimal.js sees it, whose products and
 * quotients cost the product of their lengths (two 500,000-digit numbers would hold the loop).
 */
export const MAX_NUMBER_CHARS = 32;
/** Whether a file's value is a plain decimal number (the syntaxes allow no exponent), short enough to read. */
const isDecimal = (v: string | null): v is string =>
  v !== null && v.length <= MAX_NUMBER_CHARS && DECIMAL.test(v);
/** Why a file's value is not a number docex reads, or null when it is one. */
export function numberProblem(v: string): string | null {
  if (v.length > MAX_NUMBER_CHARS) {
    return `has ${v.length} characters; docex reads numbers of at most ${MAX_NUMBER_CHARS}`;
  }
  return DECIMAL.test(v) ? null : `"${shown(v)}" is not a decimal number`;
}
/** A file's optional amount, 0 when absent or not a number (translate refuses a malformed one). */
const amountOrZero = (v: string | null) => new MoneyDecimal(isDecimal(v) ? v : 0);

const decimalsOf = (d: Decimal): number => d.decimalPlaces();

const NOT_A_DATE = 'is not a calendar date of the years 0001 to 9999 (YYYY-MM-DD, or CII format 102)';

/** Invoice type codes docex holds: the commercial invoice and the credit note (UNCL 1001). */
const TYPES: Record<string, 'invoice' | 'credit_note'> = { '380': 'invoice', '381': 'credit_note' };

export function translate(f: ImportedInvoice): { content: ImportedContent | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const said = new Set<string>();
  const refuse = (bt: string, message: string) => {
    const text = `${bt}: ${message}`;
    if (said.has(text)) return;
    said.add(text);
    problems.push({ path: 'content_base64', message: text });
  };
  /** An optional amount that must be zero: absent, or a number equal to 0. */
  const zeroOrRefuse = (bt: string, value: string | null, what: string, why: string) => {
    if (value === null) return;
    if (!isDecimal(value)) num(bt, value, what);
    else if (!new MoneyDecimal(value).isZero()) refuse(bt, why);
  };
  const num = (bt: string, value: string | null, what: string): Decimal | null => {
    if (value === null) {
      refuse(bt, `${what} is missing`);
      return null;
    }
    const problem = numberProblem(value);
    if (problem) {
      refuse(bt, `${what} ${problem}`);
      return null;
    }
    return new MoneyDecimal(value);
  };

  const documentType = f.typeCode === null ? null : TYPES[f.typeCode];
  if (!documentType) {
    refuse(
      'BT-3',
      `invoice type code ${shown(f.typeCode)}: docex holds 380 (commercial invoice) and 381 (credit note)`,
    );
  } else if (documentType !== f.expectedType) {
    refuse(
      'BT-3',
      `type code ${f.typeCode} does not match the file's ${f.expectedType === 'invoice' ? 'Invoice' : 'CreditNote'} element`,
    );
  }
  if (f.number === null) refuse('BT-1', 'the invoice number is missing');
  if (f.issueDate === null || !isRealDate(f.issueDate)) {
    refuse('BT-2', `the issue date ${shown(f.issueDate)} ${NOT_A_DATE}`);
  }
  if (f.dueDate !== null && !isRealDate(f.dueDate)) {
    refuse('BT-9', `the due date ${shown(f.dueDate)} ${NOT_A_DATE}`);
  }
  if (f.currency === null || !(CURRENCIES as readonly string[]).includes(f.currency)) {
    refuse('BT-5', `currency ${shown(f.currency)}: docex holds ${CURRENCIES.join(', ')}`);
  }
  if (f.taxCurrency !== null && f.taxCurrency !== f.currency) {
    refuse(
      'BT-6',
      `a separate VAT accounting currency (${shown(f.taxCurrency)}) changes how tax is stated; docex holds one currency a document`,
    );
  }
  if (f.documentAllowances > 0) {
    refuse(
      'BG-20',
      `${f.documentAllowances} document-level allowance(s): docex discounts lines, not documents; put the discount on the lines`,
    );
  }
  if (f.documentCharges > 0) {
    refuse(
      'BG-21',
      `${f.documentCharges} document-level charge(s): docex has no document charges; make each charge a line`,
    );
  }
  zeroOrRefuse(
    'BT-113',
    f.prepaid,
    'the paid amount',
    'a paid amount changes the amount due; docex records payments as payments',
  );
  zeroOrRefuse(
    'BT-114',
    f.rounding,
    'the rounding amount',
    'a rounding amount changes the amount due; docex rounds per line to the cent',
  );
  if (f.lines.length === 0) refuse('BG-25', 'the file has no invoice lines');
  if (f.lines.length > LIMITS.lineItems) {
    // Refused before any line is read: the readers stop collecting lines past the limit.
    refuse(
      'BG-25',
      `more than ${LIMITS.lineItems} lines: docex holds at most ${LIMITS.lineItems} a document`,
    );
    return { content: null, problems };
  }
  // The VAT breakdown by category and rate, once: each line finds its exemption reason here.
  const breakdowns = new Map<string, ImportedInvoice['breakdown'][number]>();
  for (const b of f.breakdown) {
    const key = `${b.category}/${amountOrZero(b.ratePercent).toString()}`;
    if (!breakdowns.has(key)) breakdowns.set(key, b);
  }

  const lineItems: LineItemInputT[] = [];
  f.lines.forEach((l, i) => {
    const at = `line ${l.id === null ? i + 1 : shown(l.id, 20)}`;
    const quantity = num('BT-129', l.quantity, `${at}: the quantity`);
    let price = num('BT-146', l.price, `${at}: the net price`);
    if (quantity?.isNegative())
      refuse('BT-129', `${at}: a negative quantity (${l.quantity}); docex credits with credit notes`);
    else if (quantity && decimalsOf(quantity) > 4)
      refuse('BT-129', `${at}: the quantity ${l.quantity} has more than 4 decimals`);
    if (price?.isNegative()) {
      refuse('BT-146', `${at}: a negative price (${l.price})`);
      price = null;
    }
    if (price && l.baseQuantity !== null) {
      const base = num('BT-149', l.baseQuantity, `${at}: the price base quantity`);
      if (base?.isZero()) refuse('BT-149', `${at}: a price base quantity of 0`);
      else if (base) {
        const unit = price.dividedBy(base);
        if (decimalsOf(unit) > 4) {
          refuse(
            'BT-149',
            `${at}: the price ${l.price} per ${l.baseQuantity} is not exact at 4 decimals per unit`,
          );
          price = null;
        } else price = unit;
      }
    }
    if (price && decimalsOf(price) > 4) {
      refuse('BT-146', `${at}: the price ${l.price} has more than 4 decimals`);
      price = null;
    }
    if (l.netAmount !== null && !isDecimal(l.netAmount)) num('BT-131', l.netAmount, `${at}: the line amount`);
    else if (l.netAmount !== null && new MoneyDecimal(l.netAmount).isNegative()) {
      refuse('BT-131', `${at}: a negative line amount (${l.netAmount}); docex credits with credit notes`);
    }
    if (l.charges > 0)
      refuse('BG-28', `${at}: line charges: docex lines have discounts only; make the charge a line`);
    let discount = new MoneyDecimal(0);
    for (const a of l.allowances) {
      const amount = num('BT-136', a.amount, `${at}: the allowance amount`);
      if (amount?.isNegative()) refuse('BT-136', `${at}: a negative allowance`);
      else if (amount) discount = discount.plus(amount);
    }
    // One percentage allowance on the whole line amount is docex's percent discount, so a round
    // trip keeps the line as it was; anything else becomes the fixed amount it takes off.
    const only = l.allowances.length === 1 ? l.allowances[0]! : null;
    const percent =
      only &&
      quantity &&
      price &&
      isDecimal(only.percent) &&
      isDecimal(only.base) &&
      new MoneyDecimal(only.base).equals(quantity.times(price).toDecimalPlaces(2))
        ? new MoneyDecimal(only.percent)
        : null;
    const category = l.category ?? '';
    if (!(TAX_CATEGORIES as readonly string[]).includes(category)) {
      refuse('BT-151', `${at}: VAT category ${shown(l.category)}: docex holds ${TAX_CATEGORIES.join(', ')}`);
    }
    const rate =
      l.ratePercent === null ? new MoneyDecimal(0) : num('BT-152', l.ratePercent, `${at}: the VAT rate`);
    if (rate && (rate.isNegative() || rate.greaterThan(100)))
      refuse('BT-152', `${at}: the VAT rate ${l.ratePercent} is not 0 to 100 percent`);
    if (l.name === null) refuse('BT-153', `${at}: the item name is missing`);
    const breakdown = breakdowns.get(`${category}/${(rate ?? new MoneyDecimal(0)).toString()}`);
    if (quantity && price && rate && l.name !== null) {
      lineItems.push({
        description: l.name,
        quantity: quantity.toNumber(),
        unit_price: price.toNumber(),
        tax_rate: rate.dividedBy(100).toNumber(),
        ...(l.sellerItemId !== null ? { sku: l.sellerItemId } : {}),
        ...(percent && !percent.isZero()
          ? { discount_type: 'percent' as const, discount_value: percent.toNumber() }
          : discount.isZero()
            ? {}
            : { discount_type: 'fixed' as const, discount_value: discount.toNumber() }),
        tax_category: category as TaxCategory,
        ...(breakdown?.exemptionReason ? { tax_exemption_reason: breakdown.exemptionReason } : {}),
        ...(breakdown?.exemptionReasonCode
          ? { tax_exemption_reason_code: breakdown.exemptionReasonCode }
          : {}),
        unit_code: l.unitCode ?? 'C62',
      });
    }
  });
  if (problems.length > 0) return { content: null, problems };

  const externalRefs: Record<string, string> = { issuer_ref: f.number! };
  if (f.buyerReference !== null) externalRefs.buyer_reference = f.buyerReference;
  if (f.purchaseOrder !== null) externalRefs.purchase_order = f.purchaseOrder;
  return {
    content: {
      documentType: documentType!,
      lineItems,
      currency: f.currency!,
      documentDate: f.issueDate!,
      dueDate: f.dueDate,
      notes: f.notes.length > 0 ? f.notes.join('\n') : null,
      externalRefs,
      preceding: f.preceding,
      stated: { subtotal: f.taxExclusive, tax: f.tax, total: f.grandTotal },
    },
    problems,
  };
}
