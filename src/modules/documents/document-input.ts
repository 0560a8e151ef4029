// The editable content of a document, checked and derived from a create or edit body: money
// (CONTRACT 3: decimal, half-up cents, per-line tax, discounts), payment terms ↔ due date, and the
// checks JSON Schema cannot express. Every problem is collected so one answer lists them all.
import type { StoredLineItem } from '../../db/tables/documents.ts';
import { canonicalJson } from '../../lib/canonical.ts';
import { utcDate } from '../../lib/clock.ts';
import type { Currency } from '../../lib/currencies.ts';
import { type FieldProblem, invalid } from '../../lib/errors.ts';
import { UNIT_CODES, VATEX_CODES } from '../../lib/generated/en16931-codes.ts';
import {
  computeTotals,
  MoneyDecimal,
  toMoneyNumber,
  toMoneyString,
  validateLineNumbers,
} from '../../lib/money.ts';
import { centsLines, centsOf } from '../../lib/money-cents.ts';
import { defaultTaxCategory, taxCategoryProblem } from '../../lib/tax-categories.ts';
import { unstorableTextProblem } from '../../lib/text.ts';
import { moneyNumber } from './project-document.ts';
import { LIMITS, type LineItemInputT } from './schemas.ts';

export interface DocumentContent {
  currency: Currency;
  line_items: StoredLineItem[];
  subtotal: string;
  tax: string;
  total: string;
  payment_terms: string | null;
  document_date: string;
  due_date: string | null;
  notes: string | null;
  external_refs: Record<string, string>;
  issuer_ref: string | null;
  derived_from: string | null;
}

/** The editable fields as a body carries them: undefined = not sent, null = cleared. */
export interface ContentInput {
  line_items?: LineItemInputT[];
  currency?: Currency;
  payment_terms?: string | null;
  due_date?: string | null;
  document_date?: string;
  notes?: string | null;
  external_refs?: Record<string, string>;
  derived_from?: string | null;
}

/** Problems for every string (and object key) under `value` that the database cannot store. */
export function unstorableStrings(value: unknown, path: string, out: FieldProblem[] = []): FieldProblem[] {
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    if (problem) out.push({ path, message: problem });
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) unstorableStrings(v, `${path}[${i}]`, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      const problem = unstorableTextProblem(k);
      if (problem) out.push({ path: p, message: `the key ${problem}` });
      unstorableStrings(v, p, out);
    }
  }
  return out;
}

const DAY_MS = 86_400_000;

function addDays(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days after the document date that payment_terms give; null for an unknown grammar. */
export function termDays(terms: string): number | null {
  if (terms === 'due_on_receipt') return 0;
  const m = /^net_(0|[1-9][0-9]{0,2})$/.exec(terms);
  if (!m) return null;
  const n = Number(m[1]);
  return n <= 365 ? n : null;
}

/**
 * payment_terms ↔ due_date (CONTRACT 3): give either and the other is derived; both given must
 * agree; neither given keeps the current terms, re-derived from a possibly new document date.
 */
function resolveTerms(
  documentDate: string,
  input: ContentInput,
  current: Pick<DocumentContent, 'payment_terms' | 'due_date'> | null,
  problems: FieldProblem[],
): { payment_terms: string | null; due_date: string | null } {
  const terms = input.payment_terms;
  const due = input.due_date;
  if (terms === undefined && due === undefined) {
    if (current?.payment_terms) {
      const days = termDays(current.payment_terms) ?? 0;
      return { payment_terms: current.payment_terms, due_date: addDays(documentDate, days) };
    }
    return { payment_terms: null, due_date: current?.due_date ?? null };
  }
  let days: number | null = null;
  if (typeof terms === 'string') {
    days = termDays(terms);
    if (days === null) {
      problems.push({
        path: 'payment_terms',
        message: 'must be due_on_receipt or net_N with N from 0 to 365',
      });
      return { payment_terms: null, due_date: null };
    }
  }
  if (typeof due === 'string') {
    const gap = daysBetween(documentDate, due);
    if (gap < 0) {
      problems.push({ path: 'due_date', message: `must not be before the document date ${documentDate}` });
      return { payment_terms: null, due_date: null };
    }
    if (days !== null) {
      if (gap !== days) {
        problems.push({
          path: 'due_date',
          message: `disagrees with payment_terms ${terms}: from the document date ${documentDate} they give ${addDays(documentDate, days)}. Send one of them and the other is derived.`,
        });
      }
      return { payment_terms: terms as string, due_date: due };
    }
    if (gap > 365) {
      problems.push({
        path: 'due_date',
        message: `is ${gap} days after the document date; payment terms reach at most net_365`,
      });
      return { payment_terms: null, due_date: null };
    }
    return { payment_terms: gap === 0 ? 'due_on_receipt' : `net_${gap}`, due_date: due };
  }
  if (days !== null) return { payment_terms: terms as string, due_date: addDays(documentDate, days) };
  // Both absent-or-null with at least one explicitly null: the terms are cleared.
  return { payment_terms: null, due_date: null };
}

const TOTAL_MAX_CENTS = centsOf(LIMITS.totalMax);

/** A line's e-invoicing tax fields with their defaults (CONTRACT 9): category S/Z, unit C62. */
function taxFieldsOf(
  line: LineItemInputT,
): Required<
  Pick<StoredLineItem, 'tax_category' | 'tax_exemption_reason' | 'tax_exemption_reason_code' | 'unit_code'>
> {
  return {
    tax_category: line.tax_category ?? defaultTaxCategory(line.tax_rate),
    tax_exemption_reason: line.tax_exemption_reason ?? null,
    tax_exemption_reason_code: line.tax_exemption_reason_code ?? null,
    unit_code: line.unit_code ?? 'C62',
  };
}

/**
 * The tax rules a line's category brings (lib/tax-categories.ts), the code lists of its VATEX and
 * unit codes, and the rules across lines: "not subject to VAT" (O) stands alone in a document
 * (BR-O-11), and lines of one category and rate share one exemption reason, since an e-invoice
 * states it once per breakdown (BT-120/121).
 */
function taxProblems(lines: LineItemInputT[], fields: ReturnType<typeof taxFieldsOf>[]): FieldProblem[] {
  const out: FieldProblem[] = [];
  const reasons = new Map<string, { index: number; reason: string }>();
  lines.forEach((line, i) => {
    const f = fields[i]!;
    const problem = taxCategoryProblem({ ...f, tax_rate: line.tax_rate });
    if (problem) out.push({ path: `line_items[${i}].${problem.field}`, message: problem.message });
    if (f.tax_exemption_reason_code !== null && !VATEX_CODES.has(f.tax_exemption_reason_code)) {
      out.push({
        path: `line_items[${i}].tax_exemption_reason_code`,
        message: `${f.tax_exemption_reason_code} is not a VATEX code (VATEX-EU-AE, VATEX-EU-IC, VATEX-EU-G…)`,
      });
    }
    if (!UNIT_CODES.has(f.unit_code)) {
      out.push({
        path: `line_items[${i}].unit_code`,
        message: `${f.unit_code} is not a UN/ECE Recommendation 20/21 unit code (C62, HUR, DAY, KGM…)`,
      });
    }
    const key = `${f.tax_category}/${line.tax_rate}`;
    const reason = `${f.tax_exemption_reason ?? ''}\u0000${f.tax_exemption_reason_code ?? ''}`;
    const first = reasons.get(key);
    if (!first) reasons.set(key, { index: i, reason });
    else if (first.reason !== reason) {
      out.push({
        path: `line_items[${i}].tax_exemption_reason`,
        message: `differs from line_items[${first.index}], which has the same tax_category and tax_rate: an e-invoice states one exemption reason per category and rate`,
      });
    }
  });
  const categories = new Set(fields.map((f) => f.tax_category));
  if (categories.has('O') && categories.size > 1) {
    out.push({
      path: 'line_items',
      message:
        'tax_category O (not subject to VAT) cannot be combined with other categories in one document (BR-O-11)',
    });
  }
  return out;
}

function buildLines(
  lines: LineItemInputT[],
  problems: FieldProblem[],
): Pick<DocumentContent, 'line_items' | 'subtotal' | 'tax' | 'total'> | null {
  const taxFields = lines.map(taxFieldsOf);
  const stored = (amounts: { net_amount: number; tax_amount: number }[]) =>
    lines.map((line, i) => ({
      line_number: i + 1,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
      tax_rate: line.tax_rate,
      sku: line.sku ?? null,
      discount_type: line.discount_type ?? null,
      discount_value: line.discount_value ?? null,
      net_amount: amounts[i]!.net_amount,
      tax_amount: amounts[i]!.tax_amount,
      ...taxFields[i]!,
    }));
  const taxIssues = taxProblems(lines, taxFields);
  if (taxIssues.length > 0) {
    problems.push(...taxIssues);
    return null;
  }
  // Exact integers for the usual numbers; decimal.js (and its problems) for everything else.
  const cents = centsLines(lines, TOTAL_MAX_CENTS);
  if (cents) {
    return { line_items: stored(cents.lines), subtotal: cents.subtotal, tax: cents.tax, total: cents.total };
  }
  const before = problems.length;
  lines.forEach((line, i) => {
    problems.push(...validateLineNumbers(line, i));
  });
  if (problems.length > before) return null;
  const totals = computeTotals(lines);
  if (totals.total.greaterThan(new MoneyDecimal(LIMITS.totalMax))) {
    problems.push({
      path: 'line_items',
      message: `the document total ${totals.total.toFixed(2)} is over the maximum ${LIMITS.totalMax}`,
    });
    return null;
  }
  return {
    line_items: stored(
      totals.lines.map((l) => ({
        net_amount: toMoneyNumber(l.net_amount),
        tax_amount: toMoneyNumber(l.tax_amount),
      })),
    ),
    subtotal: toMoneyString(totals.subtotal),
    tax: toMoneyString(totals.tax),
    total: toMoneyString(totals.total),
  };
}

/**
 * The content a create (current = null) or edit (current = the draft's content) body results in.
 * Throws invalid_request listing every problem.
 */
export function resolveContent(
  input: ContentInput,
  current: DocumentContent | null,
  now: Date,
): DocumentContent {
  const problems = unstorableStrings(input, '');
  const lines = input.line_items ? buildLines(input.line_items, problems) : null;
  const documentDate = input.document_date ?? current?.document_date ?? utcDate(now);
  const terms = resolveTerms(documentDate, input, current, problems);
  if (problems.length > 0) throw invalid(problems);
  const base = lines ?? current;
  if (!base) throw invalid([{ path: 'line_items', message: 'is required' }]);
  const externalRefs = input.external_refs ?? current?.external_refs ?? {};
  return {
    currency: input.currency ?? current?.currency ?? 'USD',
    line_items: base.line_items,
    subtotal: base.subtotal,
    tax: base.tax,
    total: base.total,
    payment_terms: terms.payment_terms,
    document_date: documentDate,
    due_date: terms.due_date,
    notes: input.notes !== undefined ? input.notes : (current?.notes ?? null),
    external_refs: externalRefs,
    issuer_ref: externalRefs.issuer_ref ?? null,
    derived_from: input.derived_from !== undefined ? input.derived_from : (current?.derived_from ?? null),
  };
}

/** The content of a stored document, for an edit to start from. */
export function contentOf(doc: Omit<DocumentContent, 'currency'> & { currency: string }): DocumentContent {
  return {
    currency: doc.currency as Currency,
    line_items: doc.line_items,
    subtotal: doc.subtotal,
    tax: doc.tax,
    total: doc.total,
    payment_terms: doc.payment_terms,
    document_date: doc.document_date,
    due_date: doc.due_date,
    notes: doc.notes,
    external_refs: doc.external_refs,
    issuer_ref: doc.issuer_ref,
    derived_from: doc.derived_from,
  };
}

/** The content as history entries carry it: amounts as JSON numbers, like the API shows them. */
export function historyContent(c: DocumentContent): Record<string, unknown> {
  const { issuer_ref: _derivedFromRefs, subtotal, tax, total, ...rest } = c;
  return {
    ...rest,
    subtotal: moneyNumber(subtotal),
    tax: moneyNumber(tax),
    total: moneyNumber(total),
  };
}

/** The fields an edit changed, with their new values (the edit's history entry). */
export function changedFields(before: DocumentContent, after: DocumentContent): Record<string, unknown> {
  const a = historyContent(before);
  const b = historyContent(after);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(b)) {
    if (canonicalJson(a[k]) !== canonicalJson(v)) out[k] = v;
  }
  return out;
}
