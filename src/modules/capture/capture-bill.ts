// The bill a confirmed capture becomes (CONTRACT 13): its confirmed values said as an e-invoice
// would say them, so that the e-invoice's own reading of a received bill (received-content.ts,
// CONTRACT 11.5 "Received whole") makes it, with the same content model and the same checks. Its
// lines are the captured lines when they add up to the net total, else one line per tax rate of
// the breakdown, else one line for the whole; its subtotal, tax and total are the confirmed
// values to the cent.
import type { CaptureLine } from '../../lib/capture-shapes.ts';
import { ApiError, type FieldProblem } from '../../lib/errors.ts';
import { type Decimal, MoneyDecimal } from '../../lib/money.ts';
import { LIMITS } from '../documents/index.ts';
import type { ImportedInvoice, ImportedLine } from '../einvoice/import-model.ts';
import { type ReceivedContent, receivedContent } from '../einvoice/received-content.ts';
import type { Amounts, Confirmed } from './confirm-fields.ts';

/** A rate in percent as the file would state it ("19", "7.5"). */
const percent = (d: Decimal): string => d.toFixed();

/**
 * One rate for net and tax when nothing broke them down: to the hundredth of a percent when that
 * gives the tax within EN 16931's tolerance (BR-CO-17, ±1), else as exact as needed.
 */
function rateOf(net: Decimal, tax: Decimal): Decimal {
  if (net.isZero()) return new MoneyDecimal(0);
  const exact = tax.dividedBy(net).times(100);
  const rounded = exact.toDecimalPlaces(2);
  return net.times(rounded).dividedBy(100).minus(tax).abs().lessThan(1) ? rounded : exact.toDecimalPlaces(6);
}

const category = (rate: Decimal): string => (rate.isZero() ? 'Z' : 'S');

function line(n: number, name: string, net: Decimal, rate: Decimal, qty = '1', price?: string): ImportedLine {
  return {
    id: String(n),
    name: name.slice(0, LIMITS.description),
    sellerItemId: null,
    quantity: qty,
    unitCode: null,
    price: price ?? net.toFixed(2),
    baseQuantity: null,
    allowances: [],
    charges: 0,
    allowanceCharges: [],
    baseQuantityUnit: null,
    grossPrice: null,
    priceDiscount: null,
    netAmount: net.toFixed(2),
    category: category(rate),
    ratePercent: percent(rate),
  };
}

/** The captured table's rows as lines, when they add up to the net and each has a rate of the breakdown. */
function capturedLines(rows: CaptureLine[], a: Amounts, rates: Decimal[]): ImportedLine[] | null {
  if (rows.length === 0 || rows.length > LIMITS.lineItems) return null;
  const sum = rows.reduce((s, r) => s.plus(r.net), new MoneyDecimal(0));
  if (!sum.equals(a.net)) return null;
  const out: ImportedLine[] = [];
  for (const [i, r] of rows.entries()) {
    const rate = r.tax_rate !== null ? new MoneyDecimal(r.tax_rate) : rates.length === 1 ? rates[0]! : null;
    if (rate === null || !rates.some((x) => x.equals(rate))) return null;
    out.push(
      line(i + 1, r.description || `Line ${i + 1}`, new MoneyDecimal(r.net), rate, r.quantity, r.unit_price),
    );
  }
  return out;
}

/** The confirmed capture as an e-invoice would state it (BG-4 without an address: the file shows none). */
export function asInvoice(v: Confirmed, a: Amounts, rows: CaptureLine[]): ImportedInvoice {
  const breakdown =
    a.breakdown.length > 0 ? a.breakdown : [{ rate: rateOf(a.net, a.tax), net: a.net, tax: a.tax }];
  const rates = breakdown.map((b) => b.rate);
  const lines =
    capturedLines(rows, a, rates) ??
    (breakdown.length > 1
      ? breakdown.map((b, i) =>
          line(i + 1, `Invoice ${v.number}: amounts at ${percent(b.rate)} % VAT`, b.net, b.rate),
        )
      : [line(1, `Invoice ${v.number}`, a.net, breakdown[0]!.rate)]);
  // BT-115: what is left to pay, when the file says less than the total (a part paid before).
  const due = v.amount_due === null ? null : new MoneyDecimal(v.amount_due);
  const payable = due !== null && !due.isNegative() && due.lessThanOrEqualTo(a.total) ? due : a.total;
  const nobody = { line1: null, line2: null, city: null, postalCode: null, countryCode: null };
  return {
    seller: {
      name: v.seller_name,
      electronicAddress: null,
      vatId: v.seller_vat_id,
      legalRegistrationId: v.seller_registration_id
        ? { scheme: null, value: v.seller_registration_id }
        : null,
      email: v.seller_email,
      address: nobody,
      identifiers: [],
    },
    buyer: {
      name: v.buyer_name,
      electronicAddress: null,
      vatId: v.buyer_vat_id,
      legalRegistrationId: null,
      email: null,
      address: nobody,
      identifiers: [],
    },
    typeCode: '380',
    expectedType: 'invoice',
    number: v.number,
    issueDate: v.issue_date,
    dueDate: v.due_date,
    currency: v.currency,
    taxCurrency: null,
    buyerReference: v.buyer_reference,
    purchaseOrder: v.purchase_order,
    notes: [],
    preceding: null,
    lines,
    breakdown: breakdown.map((b) => ({
      category: category(b.rate),
      ratePercent: percent(b.rate),
      exemptionReason: null,
      exemptionReasonCode: null,
      taxableAmount: b.net.toFixed(2),
      taxAmount: b.tax.toFixed(2),
    })),
    allowancesCharges: [],
    customization: null,
    lineTotal: a.net.toFixed(2),
    allowanceTotal: null,
    chargeTotal: null,
    payable: payable.toFixed(2),
    documentAllowances: 0,
    documentCharges: 0,
    prepaid: payable.equals(a.total) ? null : a.total.minus(payable).toFixed(2),
    rounding: null,
    taxExclusive: a.net.toFixed(2),
    tax: a.tax.toFixed(2),
    grandTotal: a.total.toFixed(2),
    paymentAccount: v.iban ? { id: v.iban, name: null, bic: v.bic } : null,
    dropped: new Set(),
  };
}

/**
 * The bill's content, read by received-content.ts as an e-invoice's is. A value it refuses (a rate
 * EN 16931's tolerance cannot hold, a line over its limits) is a 400 naming the fields.
 */
export function captureContent(invoice: ImportedInvoice): ReceivedContent {
  try {
    return receivedContent(invoice);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const said = (err.details?.errors as FieldProblem[] | undefined)?.map((e) => e.message) ?? [err.message];
    throw new ApiError('invalid_request', `The confirmed values cannot make a bill: ${said.join('; ')}`, {
      errors: said.map((message) => ({ path: 'fields.total', message })),
    });
  }
}
