// The §13 fields of a capture as the review page shows them (CONTRACT 13, issue 51 item 5): their
// names in words, the order a person checks an invoice in, which ones confirming needs, and what a
// word clicked on the page becomes in each (money as a decimal string, a date as YYYY-MM-DD,
// identifiers compacted and upper-case), the forms the API keeps its fields in.
import type { Capture, CaptureFieldName } from '../api/captures.ts';

export type FieldKind = 'text' | 'money' | 'date' | 'code' | 'email';

export interface FieldSpec {
  name: CaptureFieldName;
  label: string;
  kind: FieldKind;
  /** What it is for, beside the field (the EN 16931 business term it fills). */
  term: string;
}

/** The fields that can be typed or picked, grouped as the page shows them (tax_breakdown apart). */
export const FIELD_GROUPS: { legend: string; fields: FieldSpec[] }[] = [
  {
    legend: 'Supplier',
    fields: [
      { name: 'seller_name', label: 'Supplier name', kind: 'text', term: 'BT-27' },
      { name: 'seller_vat_id', label: 'Supplier VAT id', kind: 'code', term: 'BT-31' },
      { name: 'seller_registration_id', label: 'Supplier registration id', kind: 'code', term: 'BT-30' },
      { name: 'seller_email', label: 'Supplier email', kind: 'email', term: 'seller contact' },
    ],
  },
  {
    legend: 'Invoice',
    fields: [
      { name: 'number', label: 'Invoice number', kind: 'text', term: 'BT-1' },
      { name: 'issue_date', label: 'Issue date', kind: 'date', term: 'BT-2' },
      { name: 'due_date', label: 'Due date', kind: 'date', term: 'BT-9' },
      { name: 'purchase_order', label: 'Purchase order', kind: 'text', term: 'BT-13' },
      { name: 'buyer_reference', label: 'Buyer reference', kind: 'text', term: 'BT-10' },
    ],
  },
  {
    legend: 'Amounts',
    fields: [
      { name: 'currency', label: 'Currency', kind: 'code', term: 'BT-5' },
      { name: 'total_net', label: 'Total without VAT', kind: 'money', term: 'BT-109' },
      { name: 'total_tax', label: 'VAT', kind: 'money', term: 'BT-110' },
      { name: 'total', label: 'Total with VAT', kind: 'money', term: 'BT-112' },
      { name: 'amount_due', label: 'Amount due', kind: 'money', term: 'BT-115' },
    ],
  },
  {
    legend: 'Payment',
    fields: [
      { name: 'iban', label: 'IBAN', kind: 'code', term: 'BT-84' },
      { name: 'bic', label: 'BIC', kind: 'code', term: 'BT-86' },
      { name: 'payment_reference', label: 'Payment reference', kind: 'text', term: 'BT-83' },
    ],
  },
  {
    legend: 'Buyer (you)',
    fields: [
      { name: 'buyer_name', label: 'Buyer name', kind: 'text', term: 'BT-44' },
      { name: 'buyer_vat_id', label: 'Buyer VAT id', kind: 'code', term: 'BT-48' },
    ],
  },
];

export const FIELDS: FieldSpec[] = FIELD_GROUPS.flatMap((g) => g.fields);

/** What confirming needs (CONTRACT 13): a missing one is the API's 400 naming it. */
export const REQUIRED: ReadonlySet<CaptureFieldName> = new Set([
  'number',
  'issue_date',
  'seller_name',
  'currency',
  'total',
]);

const LABELS = new Map<string, string>(FIELDS.map((f) => [f.name, f.label]));
LABELS.set('tax_breakdown', 'VAT breakdown');

/** A field's name in words ("Total with VAT"), or the API's name when the page does not know it. */
export function fieldLabel(name: string): string {
  return LABELS.get(name) ?? name.replace(/_/g, ' ');
}

/** A captured value as the page's text input holds it ('' for a field the file does not show). */
export function initialText(capture: Capture, name: CaptureFieldName): string {
  const v = capture.fields[name];
  return v ? String(v.value) : '';
}

/**
 * An amount as printed ("1.234,56", "1 234,56", "1,234.56", "€ 99,-", "-12.50") as a decimal string
 * ("1234.56"), or null when it is not one. The last "." or "," followed by one or two digits is the
 * decimal separator; every other separator groups thousands.
 */
export function amountFromPrinted(text: string): string | null {
  let t = text.replace(/[\s\u00a0\u202f']/g, '');
  let negative = false;
  if (t.startsWith('-')) [negative, t] = [true, t.slice(1)];
  else if (/^\(.*\)$/.test(t)) [negative, t] = [true, t.slice(1, -1)];
  // A currency before or after the amount ("€", "EUR"), and the ",-" of a round amount ("99,-").
  t = t.replace(/^(?:[€$£¥]|[A-Z]{3})/, '').replace(/(?:[€$£¥]|[A-Z]{3}|[.,]-)$/, '');
  if (!/^\d[\d.,]*$/.test(t)) return null;
  const m = /[.,](\d{1,2})$/.exec(t);
  const whole = (m ? t.slice(0, m.index) : t).replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  const cents = m ? m[1]!.padEnd(2, '0') : '00';
  const digits = whole.replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${digits}.${cents}`;
}

/** A date as printed ("31.12.2026", "31/12/2026", "2026-12-31", "31-12-26") as YYYY-MM-DD, or null. */
export function dateFromPrinted(text: string): string | null {
  const t = text.trim().replace(/[,;]$/, '');
  let y: number;
  let mo: number;
  let d: number;
  let m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(t);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{1,2})[-./](\d{1,2})[-./](\d{2}|\d{4})$/.exec(t);
    if (!m) return null;
    // Day first: the forms of the six languages docex reads (CONTRACT 13) all put the day first.
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (y < 100) y += 2000;
  }
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * What a word (or words) taken from the page, or typed, becomes in a field of this kind: the form
 * the API keeps (CONTRACT 13: money as decimal strings, dates as YYYY-MM-DD, identifiers compacted
 * upper-case). Text that is not of the kind is kept as it is, for the person to see and correct.
 */
export function normalize(kind: FieldKind, text: string): string {
  const t = text.trim();
  if (t === '') return '';
  switch (kind) {
    case 'money':
      return amountFromPrinted(t) ?? t;
    case 'date':
      return dateFromPrinted(t) ?? t;
    case 'code':
      return t.replace(/[\s.\-/]/g, '').toUpperCase();
    case 'email':
      return t.replace(/^mailto:/i, '').replace(/[<>,;]/g, '');
    default:
      return t;
  }
}

/** What Confirm sends as `fields`: the typed fields, and the VAT breakdown left out (null). */
export type Corrections = Partial<Record<CaptureFieldName, string | null>> & { tax_breakdown?: null };

/**
 * The corrections to send with Confirm: only the fields whose text differs from what was read,
 * each as the API keeps it (normalized), or null for a field emptied; with `dropBreakdown`, the
 * VAT breakdown read is left out (null), so totals a person corrected are not held to it.
 */
export function corrections(
  capture: Capture,
  texts: Partial<Record<CaptureFieldName, string>>,
  dropBreakdown = false,
): Corrections {
  const out: Corrections = {};
  for (const f of FIELDS) {
    const typed = texts[f.name];
    if (typed === undefined) continue;
    const value = normalize(f.kind, typed);
    if (value === initialText(capture, f.name)) continue;
    out[f.name] = value === '' ? null : value;
  }
  if (dropBreakdown && capture.fields.tax_breakdown) out.tax_breakdown = null;
  return out;
}

/**
 * A field's problem as a sentence beside it, in the form's words: the API names the field by its
 * JSON name ("total is required to confirm a capture: give it in fields.total"), the page by its
 * label ("Total with VAT is required to confirm a capture").
 */
export function sentence(name: CaptureFieldName, message: string): string {
  const text = message.replace(/:?\s*give it in fields\.\w+/g, '').trim();
  const own = new RegExp(`^${name.split('_').join('[_ ]')}\\b`, 'i');
  if (own.test(text)) return text.replace(own, fieldLabel(name));
  return /^[A-Z]/.test(text) ? text : `${fieldLabel(name)}: ${text}`;
}

/** A capture's confidence in a few words, for the list: what needs a person's eye. */
export function confidenceSummary(capture: Capture): { toCheck: number; words: string } {
  let low = 0;
  let missing = 0;
  for (const f of FIELDS) {
    const v = capture.fields[f.name];
    if (!v) {
      if (REQUIRED.has(f.name)) missing++;
    } else if (v.confidence === 'low') low++;
  }
  const parts: string[] = [];
  if (missing) parts.push(`${missing} required missing`);
  if (low) parts.push(`${low} to check`);
  return { toCheck: low + missing, words: parts.length ? parts.join(', ') : 'All read with confidence' };
}
