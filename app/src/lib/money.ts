// Money in the page. Amounts the API sends are shown as they are (formatted by showMoney in
// ./locale.ts, never recomputed);
// the draft editor's live totals use the server's own money module (src/lib/money.ts, decimal.js
// only), so what the editor shows is what the API will derive from the same lines.
import {
  basisPointsFee,
  computeTotals,
  type LineNumbers,
  MoneyDecimal,
  parseMoney,
  toMoneyString,
  type ValidationProblem,
  validateLineNumbers,
} from '../../../src/lib/money.ts';
import {
  defaultTaxCategory,
  needsExemptionReason,
  type TaxCategory,
  taxCategoryProblem,
} from '../../../src/lib/tax-categories.ts';

export { parseMoney, type ValidationProblem, validateLineNumbers };

/** Whether two amounts the API sent are the same, compared in decimal, never as floats. */
export function sameAmount(a: number | string, b: number | string): boolean {
  return parseMoney(a).eq(parseMoney(b));
}

/** The sum of amounts the API sent, in decimal (a batch's waiting payments): "1140.00". */
export function sumMoney(amounts: readonly (number | string)[]): string {
  return toMoneyString(
    amounts.reduce<ReturnType<typeof parseMoney>>((s, a) => s.plus(parseMoney(a)), new MoneyDecimal(0)),
  );
}

/**
 * Loan terms as typed (CONTRACT 7): the fee and the amount owed, computed as the API will at
 * acceptance (a bps fee is principal × bps / 10000, half-up to cents once). null while a field is
 * not a number; the API still checks the rest (at most 2 decimals, the principal's ceiling).
 */
export function termsPreview(
  principal: string,
  feeType: 'flat' | 'bps',
  feeValue: string,
): { fee: string; owed: string } | null {
  try {
    const p = parseMoney(principal.trim());
    const v = parseMoney(feeValue.trim());
    const fee = feeType === 'flat' ? v : basisPointsFee(p, v);
    return { fee: toMoneyString(fee), owed: toMoneyString(p.plus(fee)) };
  } catch {
    return null;
  }
}

/** A line as typed in the editor: every field is the text of its input. */
export interface DraftLine {
  description: string;
  quantity: string;
  unit_price: string;
  /** Percent as typed (8 means 0.08). */
  tax_percent: string;
  sku: string;
  discount_type: '' | 'percent' | 'fixed';
  discount_value: string;
  /** CONTRACT 9: the UNCL 5305 VAT category; '' leaves it to the API (S when taxed, Z when not). */
  tax_category: '' | TaxCategory;
  tax_exemption_reason: string;
  tax_exemption_reason_code: string;
  /** UN/ECE Rec. 20 unit; '' means C62 (one). */
  unit_code: string;
}

/**
 * A stored line's category as the editor shows it: '' (Automatic) when it is the one the API gives a
 * line without one (S when taxed, Z when not), so changing the rate later does not contradict a
 * category the user never chose.
 */
export function draftCategory(category: TaxCategory | undefined, taxRate: number): DraftLine['tax_category'] {
  if (category === undefined || category === defaultTaxCategory(taxRate)) return '';
  return category;
}

/** Whether a line's category asks for an exemption reason (E, AE, K, G, O). */
export function lineNeedsExemption(line: DraftLine): boolean {
  return line.tax_category !== '' && needsExemptionReason(line.tax_category);
}

/**
 * The problems of a line's CONTRACT 9 fields, checked as the API checks them (the server's own
 * taxCategoryProblem): a category that contradicts the rate, a missing exemption reason, a unit
 * or VATEX code of the wrong shape.
 */
export function eInvoiceLineProblems(line: DraftLine, index: number): ValidationProblem[] {
  const out: ValidationProblem[] = [];
  const at = (field: string) => `line_items[${index}].${field}`;
  const unit = line.unit_code.trim().toUpperCase();
  if (unit !== '' && !/^[A-Z0-9]{1,3}$/.test(unit)) {
    out.push({
      path: at('unit_code'),
      message: 'is 1 to 3 letters or digits (UN/ECE Rec. 20: C62, HUR, KGM…)',
    });
  }
  const code = line.tax_exemption_reason_code.trim().toUpperCase();
  const needs = lineNeedsExemption(line);
  if (needs && code !== '' && !/^VATEX-[A-Z0-9-]{1,24}$/.test(code)) {
    out.push({ path: at('tax_exemption_reason_code'), message: 'is a VATEX code, e.g. VATEX-EU-AE' });
  }
  const rate = percentToRate(line.tax_percent);
  if (line.tax_category !== '' && rate !== null) {
    const problem = taxCategoryProblem({
      tax_category: line.tax_category,
      tax_rate: Number(rate),
      tax_exemption_reason: needs ? line.tax_exemption_reason.trim() || null : null,
      tax_exemption_reason_code: needs ? code || null : null,
    });
    if (problem) out.push({ path: at(problem.field), message: problem.message });
  }
  return out;
}

/** The percent a user types, as the API's decimal rate, computed in decimal (8.25 → 0.0825). */
export function percentToRate(percent: string): string | null {
  const t = percent.trim();
  if (t === '') return null;
  try {
    return parseMoney(t).dividedBy(100).toString();
  } catch {
    return null;
  }
}

export function rateToPercent(rate: number): string {
  return new MoneyDecimal(rate).times(100).toString();
}

function numbersOf(line: DraftLine): LineNumbers & { raw: Record<string, unknown> } {
  const raw = {
    quantity: line.quantity.trim() === '' ? undefined : line.quantity.trim(),
    unit_price: line.unit_price.trim() === '' ? undefined : line.unit_price.trim(),
    tax_rate: percentToRate(line.tax_percent) ?? (line.tax_percent.trim() === '' ? undefined : 'x'),
    discount_type: line.discount_type === '' ? null : line.discount_type,
    discount_value: line.discount_value.trim() === '' ? null : line.discount_value.trim(),
  };
  return {
    quantity: raw.quantity ?? '0',
    unit_price: raw.unit_price ?? '0',
    tax_rate: raw.tax_rate ?? '0',
    discount_type: raw.discount_type,
    discount_value: raw.discount_value,
    raw,
  };
}

export interface LiveTotals {
  lines: ({ net: string; tax: string } | null)[];
  problems: ValidationProblem[];
  subtotal: string | null;
  tax: string | null;
  total: string | null;
}

/**
 * The editor's live totals: the same validation and the same arithmetic as the server's
 * (validateLineNumbers, computeTotals). A line with a problem shows no amount and the document no
 * total, rather than a number the API would not produce.
 */
export function liveTotals(lines: DraftLine[]): LiveTotals {
  const problems: ValidationProblem[] = [];
  const amounts: ({ net: string; tax: string } | null)[] = [];
  const valid: LineNumbers[] = [];
  lines.forEach((line, i) => {
    const n = numbersOf(line);
    const p = validateLineNumbers(n.raw, i);
    problems.push(...p);
    if (p.length > 0) {
      amounts.push(null);
      return;
    }
    const t = computeTotals([n]);
    const l = t.lines[0]!;
    amounts.push({ net: toMoneyString(l.net_amount), tax: toMoneyString(l.tax_amount) });
    valid.push(n);
  });
  if (problems.length > 0 || lines.length === 0) {
    return { lines: amounts, problems, subtotal: null, tax: null, total: null };
  }
  const totals = computeTotals(valid);
  return {
    lines: amounts,
    problems,
    subtotal: toMoneyString(totals.subtotal),
    tax: toMoneyString(totals.tax),
    total: toMoneyString(totals.total),
  };
}

/**
 * The API body's line_items for lines that passed validation (numbers as JSON numbers), with
 * CONTRACT 9's fields when the deployment has them (`einvoice`).
 */
export function toLineItems(lines: DraftLine[], einvoice = false) {
  return lines.map((line) => {
    const n = numbersOf(line);
    const needs = lineNeedsExemption(line);
    return {
      description: line.description.trim(),
      quantity: Number(n.quantity),
      unit_price: Number(n.unit_price),
      tax_rate: Number(n.tax_rate),
      sku: line.sku.trim() === '' ? null : line.sku.trim(),
      discount_type: n.discount_type ?? null,
      discount_value: n.discount_value == null ? null : Number(n.discount_value),
      ...(einvoice
        ? {
            ...(line.tax_category === '' ? {} : { tax_category: line.tax_category }),
            tax_exemption_reason: needs ? line.tax_exemption_reason.trim() || null : null,
            tax_exemption_reason_code: needs
              ? line.tax_exemption_reason_code.trim().toUpperCase() || null
              : null,
            unit_code: line.unit_code.trim().toUpperCase() || 'C62',
          }
        : {}),
    };
  });
}
