// A confirmation's fields (CONTRACT 13): the corrections a person sent replace what was read, each
// recorded with the value it replaced; the result is checked as a person's word is (real dates,
// money to the cent, one of docex's four currencies, IBAN and RF check digits, a VAT id's format
// for its country) and must hold the required fields: number, issue date, seller name, currency
// and total. Every problem is named at once, each at `fields.<name>`.
import type { CaptureCorrection } from '../../db/tables/capture.ts';
import { isRealDate } from '../../lib/calendar.ts';
import {
  type CapturedValue,
  type CaptureFields,
  FIELD_NAMES,
  type FieldName,
  type TaxBreakdownRow,
} from '../../lib/capture-shapes.ts';
import { CURRENCIES } from '../../lib/currencies.ts';
import type { FieldProblem } from '../../lib/errors.ts';
import { type Decimal, MoneyDecimal } from '../../lib/money.ts';
import { compactIdentifier } from '../../lib/party-identifiers.ts';
import { unstorableTextProblem } from '../../lib/text.ts';
import { LIMITS } from '../documents/index.ts';
import { emailProblem } from '../parties/email.ts';
import { ibanValid, isoCurrency, rfValid, vatIdValid } from './extract/checks.ts';

export { FIELD_NAMES };

export const REQUIRED: FieldName[] = ['number', 'issue_date', 'seller_name', 'currency', 'total'];

type Scalar = Exclude<FieldName, 'tax_breakdown'>;

/** A field's value as a confirmation gives it: a string, the breakdown's rows, or null. */
export type FieldValue = string | TaxBreakdownRow[] | null;
export type Corrections = Partial<Record<FieldName, FieldValue>>;

/** The confirmed values (what the bill is made of). */
export type Confirmed = { [K in Scalar]: string | null } & { tax_breakdown: TaxBreakdownRow[] | null };

const MONEY = /^-?[0-9]{1,12}(\.[0-9]{1,2})?$/;
const RATE = /^[0-9]{1,3}(\.[0-9]{1,4})?$/;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const MONEY_FIELDS: Scalar[] = ['total_net', 'total_tax', 'total', 'amount_due'];
const IDENTIFIERS: Scalar[] = ['seller_vat_id', 'seller_registration_id', 'iban', 'bic', 'buyer_vat_id'];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A value as it is compared and stored: trimmed text, identifiers compacted upper-case, null for empty. */
function normalized(name: FieldName, v: FieldValue): FieldValue {
  if (v === null || Array.isArray(v)) return v;
  const t = v.replace(/\s+/g, ' ').trim();
  if (t === '') return null;
  if (IDENTIFIERS.includes(name as Scalar)) return compactIdentifier(t).toUpperCase();
  if (name === 'currency') return t.toUpperCase();
  if (name === 'payment_reference') return t.replace(/\s+/g, '').toUpperCase();
  return t;
}

/**
 * The fields after the corrections, and the corrections that changed something (each with the
 * value it replaced). A correction equal to what was read is no correction.
 */
export function applyCorrections(
  read: CaptureFields,
  sent: Corrections | undefined,
): { fields: CaptureFields; corrections: CaptureCorrection[] } {
  const fields = { ...read };
  const corrections: CaptureCorrection[] = [];
  for (const name of FIELD_NAMES) {
    if (sent === undefined || !(name in sent)) continue;
    const value = normalized(name, sent[name] ?? null);
    const before = read[name]?.value ?? null;
    if (same(value, before)) continue;
    corrections.push({ field: name, value, replaced: before });
    const prior = read[name];
    // A typed value keeps where the read one was (the review page still marks it) and is never
    // `high`: it was not read (CONTRACT 13); the correction says who gave it.
    (fields as Record<FieldName, CapturedValue<unknown> | null>)[name] =
      value === null
        ? null
        : {
            value,
            confidence: 'low',
            page: prior?.page ?? 0,
            bbox: prior?.bbox ?? [0, 0, 0, 0],
            text: prior?.text ?? '',
          };
  }
  return { fields, corrections };
}

export const valuesOf = (fields: CaptureFields): Confirmed => {
  const out = {} as Record<FieldName, FieldValue>;
  for (const name of FIELD_NAMES) out[name] = (fields[name]?.value as FieldValue | undefined) ?? null;
  return out as Confirmed;
};

/** The amounts a bill is made of: net + tax = total, the breakdown adding up to both. */
export interface Amounts {
  net: Decimal;
  tax: Decimal;
  total: Decimal;
  breakdown: { rate: Decimal; net: Decimal; tax: Decimal }[];
}

const sum = (xs: Decimal[]): Decimal => xs.reduce((a, b) => a.plus(b), new MoneyDecimal(0));

/** Every problem of the confirmed values, each at `fields.<name>`; the amounts when there is none. */
export function checkConfirmed(v: Confirmed): { problems: FieldProblem[]; amounts: Amounts | null } {
  const problems: FieldProblem[] = [];
  const bad = (name: FieldName, message: string) => problems.push({ path: `fields.${name}`, message });
  for (const name of REQUIRED) {
    if (v[name] === null)
      bad(name, `${name.replace('_', ' ')} is required to confirm a capture: give it in fields.${name}`);
  }
  for (const name of FIELD_NAMES) {
    const value = v[name];
    if (typeof value !== 'string') continue;
    const text = unstorableTextProblem(value);
    if (text) bad(name, text);
    else if (value.length > LIMITS.externalRefValue)
      bad(name, `has ${value.length} characters; docex keeps at most ${LIMITS.externalRefValue}`);
  }
  for (const name of ['issue_date', 'due_date'] as const) {
    const d = v[name];
    if (d !== null && !isRealDate(d)) bad(name, `${JSON.stringify(d)} is not a calendar date (YYYY-MM-DD)`);
  }
  if (
    v.due_date &&
    v.issue_date &&
    isRealDate(v.due_date) &&
    isRealDate(v.issue_date) &&
    v.due_date < v.issue_date
  )
    bad('due_date', `the due date ${v.due_date} is before the issue date ${v.issue_date}`);
  if (v.currency !== null && !(CURRENCIES as readonly string[]).includes(v.currency)) {
    bad(
      'currency',
      isoCurrency(v.currency)
        ? `${v.currency}: docex keeps bills in ${CURRENCIES.join(', ')} only`
        : `${JSON.stringify(v.currency)} is not an ISO 4217 currency code (one of ${CURRENCIES.join(', ')})`,
    );
  }
  for (const name of MONEY_FIELDS) {
    const m = v[name];
    if (m !== null && !MONEY.test(m))
      bad(name, `${JSON.stringify(m)} is not an amount: a decimal with at most 2 decimals, such as 1234.56`);
  }
  if (v.seller_vat_id !== null && !vatIdValid(v.seller_vat_id.slice(0, 2), v.seller_vat_id))
    bad(
      'seller_vat_id',
      `${v.seller_vat_id} is not a VAT id of the format its country prefix (${v.seller_vat_id.slice(0, 2)}) uses`,
    );
  if (v.buyer_vat_id !== null && !vatIdValid(v.buyer_vat_id.slice(0, 2), v.buyer_vat_id))
    bad(
      'buyer_vat_id',
      `${v.buyer_vat_id} is not a VAT id of the format its country prefix (${v.buyer_vat_id.slice(0, 2)}) uses`,
    );
  if (v.iban !== null && !ibanValid(v.iban))
    bad('iban', `${v.iban} is not an IBAN: its check digits do not match`);
  if (v.bic !== null && !BIC.test(v.bic)) bad('bic', `${v.bic} is not a BIC (8 or 11 letters and digits)`);
  if (v.payment_reference?.startsWith('RF') && !rfValid(v.payment_reference))
    bad(
      'payment_reference',
      `${v.payment_reference} is not an RF creditor reference: its check digits do not match`,
    );
  if (v.seller_email !== null && emailProblem(v.seller_email) !== null)
    bad('seller_email', `${JSON.stringify(v.seller_email)} is not an email address`);
  if (v.seller_name !== null && v.seller_name.length > 200)
    bad('seller_name', `has ${v.seller_name.length} characters; a party's name has at most 200`);
  const rows = v.tax_breakdown ?? [];
  rows.forEach((r, i) => {
    if (!RATE.test(r.rate) || Number(r.rate) > 100)
      bad(
        'tax_breakdown',
        `row ${i + 1}: the rate ${JSON.stringify(r.rate)} is not a percentage from 0 to 100`,
      );
    for (const k of ['net', 'tax'] as const)
      if (!MONEY.test(r[k]))
        bad(
          'tax_breakdown',
          `row ${i + 1}: ${k} ${JSON.stringify(r[k])} is not an amount with at most 2 decimals`,
        );
  });
  if (problems.length > 0) return { problems, amounts: null };

  // The amounts: what was confirmed, the missing ones from the others (a bill's net and tax must
  // add up to its total); a breakdown given adds up to both.
  const dec = (s: string | null) => (s === null ? null : new MoneyDecimal(s));
  const total = new MoneyDecimal(v.total!);
  const breakdown = rows.map((r) => ({
    rate: new MoneyDecimal(r.rate),
    net: new MoneyDecimal(r.net),
    tax: new MoneyDecimal(r.tax),
  }));
  const givenNet = dec(v.total_net);
  const givenTax = dec(v.total_tax);
  const net =
    givenNet ??
    (breakdown.length > 0 ? sum(breakdown.map((b) => b.net)) : givenTax ? total.minus(givenTax) : total);
  const tax =
    givenTax ??
    (breakdown.length > 0 && givenNet === null ? sum(breakdown.map((b) => b.tax)) : total.minus(net));
  if (!net.plus(tax).equals(total)) {
    bad(
      'total',
      `the net total ${net.toFixed(2)} and the tax ${tax.toFixed(2)} add up to ${net.plus(tax).toFixed(2)}, not the total ${total.toFixed(2)}: correct one of them`,
    );
  } else if (breakdown.length > 0) {
    const bn = sum(breakdown.map((b) => b.net));
    const bt = sum(breakdown.map((b) => b.tax));
    if (!bn.equals(net) || !bt.equals(tax))
      bad(
        'tax_breakdown',
        `the breakdown's rows add up to ${bn.toFixed(2)} net and ${bt.toFixed(2)} tax, not the totals ${net.toFixed(2)} and ${tax.toFixed(2)}`,
      );
  }
  if (problems.length > 0) return { problems, amounts: null };
  return { problems, amounts: { net, tax, total, breakdown } };
}
