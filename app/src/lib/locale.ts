// Defaults from the organization's country (issue 49): the currency a new document starts in, and
// how the editor writes and reads numbers and dates. A German company types `95,00` and `1.140,00`
// and reads 26.11.2026; an American types 95.00 and 1,140.00. The country is the legal profile's
// (address.country_code); without one, the browser's own language decides the format and USD stays
// the currency, as before.
import { languageOfCountry } from '../../../src/lib/country-language.ts';
import { type Currency, isCurrency } from '../../../src/lib/currencies.ts';

/** The euro area and the places that use the euro by agreement. */
const EURO = new Set(
  'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK GF GP MQ RE YT PM BL MF'.split(
    ' ',
  ),
);

/** The currency a new document of an organization in this country starts in, of those docex takes. */
export function currencyForCountry(countryCode: string | null | undefined): Currency {
  const cc = (countryCode ?? '').toUpperCase();
  if (EURO.has(cc)) return 'EUR';
  const own: Record<string, string> = { GB: 'GBP', IM: 'GBP', JE: 'GBP', GG: 'GBP', CA: 'CAD', US: 'USD' };
  const c = own[cc];
  return c && isCurrency(c) ? c : 'USD';
}

/** The BCP 47 locale of an organization's country (de-DE), or the browser's when there is none. */
export function localeForCountry(countryCode: string | null | undefined): string {
  const cc = (countryCode ?? '').toUpperCase();
  if (/^[A-Z]{2}$/.test(cc)) {
    const tag = `${languageOfCountry(cc)}-${cc}`;
    try {
      return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en-US';
    } catch {
      return 'en-US';
    }
  }
  // Through globalThis: this module is also imported by Node's tests, whose types have no DOM.
  const browser = (globalThis as { navigator?: { language?: string } }).navigator;
  return browser?.language || 'en-US';
}

/** The decimal and grouping marks a locale writes numbers with. */
export function numberMarks(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** A number written as the locale writes it, for an example in a hint ("1.234,56"). */
export function exampleNumber(locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234.56);
}

export type ReadNumber = { value: string } | { problem: string };

/**
 * A number as a person types it, read the way `locale` writes numbers: the decimal mark the locale
 * uses (a comma in de-DE, fr-FR…), thousands separators understood (`1.140,50`, `1 140,50`,
 * `1'140.50`, `1,140.50`), a point also taken as the decimal mark where the locale uses a comma
 * unless it is plainly a thousands separator (`1.000` is a thousand in German). Answers the number
 * as the API writes it (`1140.50`), or a problem in words with an example in the locale's format.
 */
export function readNumber(text: string, locale: string): ReadNumber {
  const { decimal } = numberMarks(locale);
  const hint = `is not a number: write it like ${exampleNumber(locale)}`;
  // Spaces of every kind and apostrophes only ever group digits.
  let t = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (t === '') return { value: '' };
  const sign = /^[-+]/.test(t) ? (t[0] === '-' ? '-' : '') : '';
  t = t.replace(/^[-+]/, '');
  if (!/^[\d.,]+$/.test(t) || !/\d/.test(t)) return { problem: hint };
  const commas = (t.match(/,/g) ?? []).length;
  const points = (t.match(/\./g) ?? []).length;
  let decimalMark: ',' | '.' | null;
  if (commas > 0 && points > 0) {
    // Both: the last one is the decimal mark (1.140,50 or 1,140.50).
    decimalMark = t.lastIndexOf(',') > t.lastIndexOf('.') ? ',' : '.';
  } else if (commas + points === 0) {
    decimalMark = null;
  } else {
    const mark = commas > 0 ? ',' : '.';
    const count = commas + points;
    const after = t.length - t.lastIndexOf(mark) - 1;
    if (count > 1)
      decimalMark = null; // 1.000.000 or 1,000,000: grouping only
    else if (mark === decimal) decimalMark = mark;
    // The other mark, once: a thousands separator when three digits follow (1.000 in German,
    // 1,000 in English), otherwise a decimal mark after all (95.50 typed in German).
    else decimalMark = after === 3 ? null : mark;
  }
  const cut = decimalMark === null ? t.length : t.lastIndexOf(decimalMark);
  const whole = t.slice(0, cut);
  const fraction = t.slice(cut + 1);
  if (fraction !== '' && !/^\d+$/.test(fraction)) return { problem: hint };
  if (decimalMark !== null && fraction === '') return { problem: hint };
  // The whole part: digits, grouped by one mark (not the decimal one) in threes after the first.
  const marks = new Set(whole.match(/[.,]/g) ?? []);
  if (marks.size > 1 || (decimalMark !== null && marks.has(decimalMark))) return { problem: hint };
  const groups = marks.size === 0 ? [whole] : whole.split([...marks][0]!);
  // A grouped number starts with 1 to 3 digits, not a 0 (0,075 in English is no thousands).
  if (!/^\d+$/.test(groups[0] ?? '') || (groups.length > 1 && !/^[1-9]\d{0,2}$/.test(groups[0]!)))
    return { problem: hint };
  if (groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return { problem: hint };
  return { value: `${sign}${groups.join('')}${fraction === '' ? '' : `.${fraction}`}` };
}

/** A number the API sent (95, "1140.5") as the locale writes it in an input, without grouping. */
export function numberForInput(value: number | string, locale: string): string {
  const s = String(value);
  return numberMarks(locale).decimal === ',' ? s.replace('.', ',') : s;
}

/** A date (YYYY-MM-DD) as the organization's country writes it: 26.11.2026, 26/11/2026, 11/26/2026. */
export function formatDate(isoDate: string, locale: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(d.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

/** A moment (an ISO timestamp) as the country writes it, in UTC and saying so: 26.11.2026, 17:40:00 UTC. */
export function formatDateTime(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const f = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return `${f.format(d)} UTC`;
}

// The app shows every date in the signed-in organization's format (docs/app.md, "Dates"): one
// organization per page load (the layout is remounted on a switch), so its locale is kept here,
// set by <OrganizationLocale> before any page renders and again when the legal profile is saved.
// Without a country, dates stay ISO 8601 (2026-12-31), which no reader misreads.
let organizationLocale: string | null = null;

/** Sets the locale dates are shown in from the organization's country (null: ISO 8601). */
export function setOrganizationCountry(countryCode: string | null | undefined): void {
  organizationLocale =
    countryCode && /^[A-Za-z]{2}$/.test(countryCode) ? localeForCountry(countryCode) : null;
}

/** A date (YYYY-MM-DD) as the organization writes it (31.12.2026 in Germany, 12/31/2026 in the US); — for none. */
export function showDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '—';
  return organizationLocale ? formatDate(isoDate, organizationLocale) : isoDate;
}

/** A moment as the organization writes dates, in UTC (2026-12-31 17:40:00 UTC without a country); — for none. */
export function showTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  if (organizationLocale) return formatDateTime(iso, organizationLocale);
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

// Money is shown the same way (docs/app.md, "Money"): the organization's locale, and without a
// country en-US, as every amount outside the editor was shown before issue 49's follow-up. Dates
// fall back to ISO 8601, which no one misreads; money has no such neutral form, so it keeps the
// one the app always had rather than the browser's guess.
export const MONEY_DEFAULT_LOCALE = 'en-US';

/** A decimal as the API writes it (`1140.5`, `-0.25`), or a JS number's shortest form (`1e+21`). */
const DECIMAL = /^([+-]?)(\d+(?:\.(\d*))?|\.(\d+))(?:e[+-]?\d+)?$/i;

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${decimals}`;
  let f = moneyFormats.get(key);
  if (!f) {
    // The currency's own minor digits (2 for EUR, 0 for JPY) at least, and every digit the amount
    // has beyond them (a unit price of 0.0125), so nothing is rounded away. 20 is Intl's ceiling.
    const own = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions();
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: own.minimumFractionDigits,
      maximumFractionDigits: Math.min(20, Math.max(own.maximumFractionDigits ?? 2, decimals)),
    });
    moneyFormats.set(key, f);
  }
  return f;
}

/**
 * An amount in its currency as the organization writes money (docs/app.md, "Money"): *1.140,00 €*
 * in Germany, *1 140,00 €* in France, *€1,140.00* in the US and without a country; a credit note's
 * *-1.140,00 €*; — for none. `locale` overrides the organization's (the editor passes its own).
 *
 * The amount goes to Intl as its decimal string, never through a float: Intl.NumberFormat reads a
 * string as an exact decimal (ECMA-402 NumberFormat v3: Node 20, Chrome 106, Firefox 116, Safari
 * 15.4), so 92233720368547758.07 keeps every digit. An older browser reads the string as a Number,
 * exact below 2^53 (90 trillion with cents), which is every amount docex holds in practice. A
 * number (what the API's JSON amounts are) goes through its shortest decimal form, the digits the
 * API sent. Something that is not a decimal is shown as it is, as showDate does.
 */
export function showMoney(
  amount: string | number | null | undefined,
  currency: string,
  locale: string = organizationLocale ?? MONEY_DEFAULT_LOCALE,
): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const m = DECIMAL.exec(text);
  if (!m) return String(amount);
  const decimals = /e/i.test(text) ? 0 : (m[3] ?? m[4] ?? '').length;
  // A zero is never negative (-0.00 from a sum that cancels out): the sign is dropped here rather
  // than with Intl's signDisplay 'negative', which an older browser refuses outright.
  const unsigned = text.replace(/^[+-]/, '');
  const value = /[1-9]/.test(unsigned.replace(/e.*$/i, '')) ? text : unsigned;
  try {
    return moneyFormat(locale, currency, decimals).format(value as Intl.StringNumericLiteral);
  } catch {
    // Not a currency Intl knows (a code read off a scan): the amount and the code, still exact.
    return `${text} ${currency}`;
  }
}

/** The number fields of a draft line, each read the locale's way. */
const NUMBER_FIELDS = [
  ['quantity', 'quantity'],
  ['unit_price', 'unit_price'],
  ['tax_percent', 'tax_rate'],
  ['discount_value', 'discount_value'],
] as const;

/**
 * A line as typed, its numbers read the locale's way and written as the API reads them (`95,00` →
 * `95.00`), with a problem in words for each number that cannot be read (its path as the API would
 * name it, so the editor shows it beside the field).
 */
export function readLineNumbers<L extends Record<(typeof NUMBER_FIELDS)[number][0], string>>(
  line: L,
  index: number,
  locale: string,
): { line: L; problems: { path: string; message: string }[] } {
  const out = { ...line };
  const problems: { path: string; message: string }[] = [];
  for (const [field, path] of NUMBER_FIELDS) {
    const read = readNumber(line[field], locale);
    if ('value' in read) out[field] = read.value as L[typeof field];
    else problems.push({ path: `line_items[${index}].${path}`, message: read.problem });
  }
  return { line: out, problems };
}
