// Labels OCR misread by one letter ("Rechnungsnumrner", "Gesamtbetrng"): on an OCR'd line, a long
// word one letter off a long label word is read as that label (lines.ts puts the label's letters
// in the line's folded text, the text as printed stays). Only long words: a short word one letter
// off a label is often another word ("Tax" / "Fax", "Total" / "Tonal"), a 12-letter word one
// letter off "Rechnungsnummer" is nothing else. A label found this way never makes a number or a
// date `high` by itself (candidates.ts); an amount still needs net + tax = total to be `high`.

/** Long label words of the six languages, folded (lower case, accents off). */
const WORDS = [
  'rechnungsnummer',
  'rechnungsdatum',
  'rechnungsbetrag',
  'rechnungssumme',
  'gesamtbetrag',
  'bruttosumme',
  'bruttobetrag',
  'nettobetrag',
  'nettosumme',
  'steuerbetrag',
  'umsatzsteuer',
  'mehrwertsteuer',
  'zahlbetrag',
  'endbetrag',
  'belegdatum',
  'belegnummer',
  'ausstellungsdatum',
  'falligkeitsdatum',
  'factuurnummer',
  'factuurdatum',
  'factuurbedrag',
  'totaalbedrag',
  'vervaldatum',
  'vencimiento',
  'imponibile',
];
const MIN = 9;

/** OCR's usual confusion of two letters for one: "rn" for "m". */
const PAIRS: [RegExp, string][] = [[/rn/g, 'm']];

/** Whether `a` and `b` (same length, or `a` one longer) are one substitution or one inserted letter apart. */
function oneOff(a: string, b: string): boolean {
  if (a.length === b.length) {
    let diff = 0;
    for (let i = 0; i < a.length && diff < 2; i++) if (a[i] !== b[i]) diff++;
    return diff === 1;
  }
  if (a.length !== b.length + 1) return false;
  // a letter OCR added inside the word ("rechnungsnumrmer"), never at its end: "Gesamtbeträge" is a
  // plural, a column's heading, not the total's label
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return a.slice(i + 1) === b.slice(i);
  return false;
}

/**
 * The label word a folded OCR'd word stands for, padded to the word's length with U+0001 (no
 * pattern matches it, and a label's end sees no letter there), or null when it is no label's.
 */
export function labelWordOf(word: string): string | null {
  if (word.length < MIN || WORDS.includes(word)) return null;
  for (const w of WORDS) {
    if (oneOff(word, w)) return w.padEnd(word.length, '\u0001');
    for (const [re, to] of PAIRS) {
      const fixed = word.replace(re, to);
      if (fixed !== word && (fixed === w || oneOff(fixed, w))) return w.padEnd(word.length, '\u0001');
    }
  }
  return null;
}
