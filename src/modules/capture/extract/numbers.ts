// Amounts as printed in the six languages: `1.234,56` (de, nl, es, it), `1 234,56` (fr, with a
// space or a narrow no-break space), `1,234.56` (en), `1'234.56` (ch), with a currency sign or
// code on either side and a sign in front or behind. A single separator followed by exactly three
// digits ("1.234", "1,234") is the one ambiguous form: the document's decimal mark decides it.

/** Which mark separates decimals in a document: ',' (continental) or '.' (English, Swiss). */
export type DecimalMark = ',' | '.';

const SIGNS =
  /^[€£$¥]|^(EUR|USD|GBP|CHF|CAD|SEK|NOK|DKK|PLN|CZK|HUF)\s*|\s*(EUR|USD|GBP|CHF|CAD|SEK|NOK|DKK|PLN|CZK|HUF)$|[€£$¥]$/;

/** The currency an amount's own text carries (a code, or a sign that names one currency), or null. */
export function currencyOfAmount(text: string): { code: string; sure: boolean } | null {
  const code = /\b(EUR|USD|GBP|CHF|CAD|SEK|NOK|DKK|PLN|CZK|HUF)\b/.exec(text);
  if (code) return { code: code[1] as string, sure: true };
  if (text.includes('€')) return { code: 'EUR', sure: true };
  // "Totale fattura Euro 4.666,50": the currency's name as a word of its own
  if (/^\(?euros?\)?:?$/i.test(text.trim())) return { code: 'EUR', sure: true };
  if (text.includes('£')) return { code: 'GBP', sure: true };
  // a dollar sign names several currencies: never a `high` currency by itself
  if (text.includes('$')) return { code: 'USD', sure: false };
  return null;
}

/**
 * The amount a token (or a few tokens joined by spaces) shows, as a decimal string with at least
 * two decimals ("1234.56", "-5.00"), or null when it is not an amount. `mark` is the document's
 * decimal mark, for the ambiguous `1.234` / `1,234`.
 */
export function parseAmount(raw: string, mark: DecimalMark): string | null {
  let s = raw
    .trim()
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    // Swiss groups with a typographic apostrophe ("6’332.50"): the plain one below
    .replace(/(?<=[0-9])[’ʼ](?=[0-9]{3})/g, "'");
  let negative = false;
  for (let i = 0; i < 3; i++) {
    const before = s;
    s = s.replace(SIGNS, '').trim();
    if (/^\(.*\)$/.test(s)) {
      negative = true;
      s = s.slice(1, -1).trim();
    }
    if (/^[-−–]/.test(s)) {
      negative = true;
      s = s.slice(1).trim();
    } else if (/^\+/.test(s)) s = s.slice(1).trim();
    if (/[-−–]$/.test(s)) {
      negative = true;
      s = s.slice(0, -1).trim();
    }
    if (s === before) break;
  }
  if (!/^[0-9]/.test(s) || !/[0-9]$/.test(s)) return null;
  let intPart: string;
  let frac = '';
  // groups of three separated by ' ', ''' or the thousands mark, then the decimals
  const continental = /^([0-9]{1,3}(?:[. '][0-9]{3})+|[0-9]+),([0-9]+)$/;
  const english = /^([0-9]{1,3}(?:[, '][0-9]{3})+|[0-9]+)\.([0-9]+)$/;
  const wholeGroups = /^[0-9]{1,3}(?:([. ',])[0-9]{3})+$/;
  const c = continental.exec(s);
  const e = english.exec(s);
  if (c && e) return null;
  if (c && !(mark === '.' && /^[0-9]{1,3},[0-9]{3}$/.test(s))) {
    intPart = (c[1] as string).replace(/[. ']/g, '');
    frac = c[2] as string;
  } else if (e && !(mark === ',' && /^[0-9]{1,3}\.[0-9]{3}$/.test(s))) {
    intPart = (e[1] as string).replace(/[, ']/g, '');
    frac = e[2] as string;
  } else if (/^[0-9]+$/.test(s)) {
    intPart = s;
  } else {
    const g = wholeGroups.exec(s);
    if (!g) return null;
    const sep = g[1];
    // "1.234" in a comma-decimal document, "1,234" in a dot-decimal one: thousands
    if (sep === mark) return null;
    intPart = s.replace(/[. ',]/g, '');
  }
  if (frac.length > 4 || intPart.length > 12) return null;
  intPart = intPart.replace(/^0+(?=[0-9])/, '');
  const value = `${intPart}.${frac.padEnd(2, '0')}`;
  return negative && /[1-9]/.test(value) ? `-${value}` : value;
}

/** The amount with exactly two decimals when its extra decimals are zeros ("9.9000" → "9.90"). */
export function money2(v: string): string {
  const m = /^(-?[0-9]+)\.([0-9]{2})([0-9]*)$/.exec(v);
  if (!m || /[1-9]/.test(m[3] as string)) return v;
  return `${m[1]}.${m[2]}`;
}

/** Hundredths of an amount, exact (amounts here have at most four decimals and twelve digits). */
export function cents(v: string): number {
  return Math.round(Number(v) * 100);
}

/**
 * A tax rate as printed ("19 %", "19%", "5,5%", "20.0 %"), as the fields hold it ("19", "5.5"),
 * or null. Without the percent sign only when `bare` (a column headed with "%").
 */
export function parseRate(raw: string, bare = false): string | null {
  const m = /^([0-9]{1,2}(?:[.,][0-9]{1,3})?)\s*(%?)$/.exec(raw.trim());
  if (!m || (m[2] === '' && !bare)) return null;
  const n = Number((m[1] as string).replace(',', '.'));
  if (!(n >= 0 && n <= 30)) return null;
  return String(n);
}

/** The document's decimal mark, from its unambiguous amounts ("1.234,56", "12,50", "1,234.56"). */
export function decimalMarkOf(tokens: string[], fallback: DecimalMark): DecimalMark {
  let comma = 0;
  let dot = 0;
  for (const t of tokens) {
    if (/^[0-9]{1,3}(\.[0-9]{3})*,[0-9]{2}$/.test(t) || /^[0-9]+,[0-9]{2}$/.test(t)) comma++;
    else if (/^[0-9]{1,3}(,[0-9]{3})*\.[0-9]{2}$/.test(t) || /^[0-9]+\.[0-9]{2}$/.test(t)) dot++;
  }
  if (comma === dot) return fallback;
  return comma > dot ? ',' : '.';
}

/**
 * Letters OCR reads for digits when a digit's shape is worn or blurred: O for 0, l, I and | for 1,
 * S for 5, B for 8. Only in a token of an amount's or a date's shape (at least one real digit, and
 * nothing but digits, these letters and separators): "376,3O" is 376,30 to any reader, "SOS" or
 * "BIO" stay words.
 */
const LOOKALIKE: Record<string, string> = { O: '0', o: '0', l: '1', I: '1', '|': '1', S: '5', B: '8' };

export function ocrDigits(s: string): string | null {
  if (!/[0-9]/.test(s) || !/^[0-9OolI|SB.,/\-' ]+$/.test(s)) return null;
  // a letter beside another letter is a word's ("SB"), not a digit's
  if (/[OolI|SB]{2}/.test(s)) return null;
  return s.replace(/[OolI|SB]/g, (c) => LOOKALIKE[c] as string);
}

/**
 * `parseAmount` for words read by OCR (never a text layer's, which is exact): first as printed;
 * else without the specks OCR puts on either side of a number ("=0,00", "447,88;", "|75.04") or a
 * full stop after its cents ("5,623.20."), then with look-alike letters read as the digits they
 * stand for (`ocrDigits`). Safe because what is left must still be an amount in the document's own
 * grammar (groups of three, its decimal mark); what cannot be read whole (a digit read as "/" in
 * "56,8/") is not guessed. A corrected value is still a printed one, and a total is `high` only
 * when net + tax = total to the cent.
 */
export function parseOcrAmount(raw: string, mark: DecimalMark): string | null {
  const strict = parseAmount(raw, mark);
  if (strict !== null) return strict;
  const bare = raw
    .trim()
    .replace(/^[=;:|'"‘’“”_~*•·]+|[;:|'"‘’“”_~*•·]+$/g, '')
    // a sentence's full stop or a speck after the cents ("Invoice total £5,623.20."): no amount
    // ends in a mark after its two decimals
    .replace(/([.,][0-9]{2})[.,]$/, '$1');
  if (bare !== raw.trim()) {
    const v = parseAmount(bare, mark);
    if (v !== null) return v;
  }
  // "1.234.56", "1,234,56": the decimal mark misread as the thousands one; the last separator
  // before exactly two digits, after groups of three, is the decimal mark whatever OCR made of it
  const both = /^([0-9]{1,3}(?:[.,][0-9]{3})+)[.,]([0-9]{2})$/.exec(bare);
  if (both) return `${(both[1] as string).replace(/[.,]/g, '').replace(/^0+(?=[0-9])/, '')}.${both[2]}`;
  // look-alikes only in the number itself, a currency sign or code kept as is
  const m = /^([€£$]?\s*)(.*?)(\s*(?:[€£$]|EUR|CHF|GBP|USD)?)$/.exec(bare);
  if (!m) return null;
  const digits = ocrDigits(m[2] as string);
  return digits === null ? null : parseAmount(`${m[1]}${digits}${m[3]}`, mark);
}
