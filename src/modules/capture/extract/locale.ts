// The document's number and date forms, guessed from its own words: the decimal mark its
// unambiguous amounts use, else its language's, else the receiver's country's; numeric dates month
// first only in an English document bound for the United States.
import type { CaptureReceiver } from '../../../lib/capture-shapes.ts';
import type { DateOrder } from './dates.ts';
import type { Line } from './lines.ts';
import { type DecimalMark, decimalMarkOf } from './numbers.ts';

export const LANGUAGES = ['de', 'fr', 'en', 'nl', 'es', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

const WORDS: [Language, RegExp][] = [
  [
    'de',
    /(?<![\p{L}])(rechnung|datum|betrag|summe|gesamt|steuer|menge|zahlbar|bitte|und|netto|brutto|lieferung)(?![\p{L}])/gu,
  ],
  [
    'fr',
    /(?<![\p{L}])(facture|montant|total ttc|tva|quantite|prix|paiement|echeance|client|et|le|la|des)(?![\p{L}])/gu,
  ],
  [
    'en',
    /(?<![\p{L}])(invoice|amount|total|date|due|quantity|price|payment|the|and|please|customer)(?![\p{L}])/gu,
  ],
  ['nl', /(?<![\p{L}])(factuur|bedrag|totaal|btw|aantal|prijs|betaling|klant|en|het|de|van)(?![\p{L}])/gu],
  ['es', /(?<![\p{L}])(factura|importe|fecha|iva|cantidad|precio|pago|cliente|el|los|las|y)(?![\p{L}])/gu],
  ['it', /(?<![\p{L}])(fattura|importo|data|iva|quantita|prezzo|pagamento|cliente|il|della|e)(?![\p{L}])/gu],
];

/** The language most of the document's words belong to, or null when none of its words says. */
export function languageOfWords(lines: Line[]): Language | null {
  const text = lines.map((l) => l.folded).join('\n');
  let best: Language | null = null;
  let bestCount = 0;
  for (const [lang, re] of WORDS) {
    const n = [...text.matchAll(re)].length;
    if (n > bestCount) {
      best = lang;
      bestCount = n;
    }
  }
  return best;
}

/** The language most of the document's words belong to (German when none says: the first listed). */
export function languageOf(lines: Line[]): Language {
  return languageOfWords(lines) ?? 'de';
}

const DOT_COUNTRIES = new Set(['GB', 'IE', 'US', 'CA', 'CH', 'LI', 'AU', 'NZ', 'MT', 'CY']);

export interface Locale {
  mark: DecimalMark;
  order: DateOrder;
  /** the order was proven by the document's own dates, or its language has only one */
  orderSure: boolean;
  language: Language;
}

export function localeOf(lines: Line[], receiver: CaptureReceiver): Locale {
  const language = languageOf(lines);
  const country = receiver.country_code?.toUpperCase() ?? null;
  const fallback: DecimalMark =
    language === 'en' ? '.' : language !== 'de' && country !== null && DOT_COUNTRIES.has(country) ? '.' : ',';
  const mark = decimalMarkOf(
    lines.flatMap((l) => l.words.map((w) => w.text.replace(/[€£$]$/, ''))),
    fallback,
  );
  const { order, proven } = dateOrderOf(lines, language, country);
  return { mark, order, orderSure: proven || language !== 'en', language };
}

/**
 * Numeric dates with slashes or dashes: a date whose first part exceeds 12 proves day first, one
 * whose second part does proves month first; with no proof, month first only in an English
 * document bound for the United States.
 */
function dateOrderOf(
  lines: Line[],
  language: Language,
  country: string | null,
): { order: DateOrder; proven: boolean } {
  let dmy = 0;
  let mdy = 0;
  for (const l of lines)
    for (const m of l.text.matchAll(
      /(?<![0-9])([0-9]{1,2})[/-]([0-9]{1,2})[/-](?:[0-9]{4}|[0-9]{2})(?![0-9])/g,
    )) {
      if (Number(m[1]) > 12 && Number(m[2]) <= 12) dmy++;
      if (Number(m[2]) > 12 && Number(m[1]) <= 12) mdy++;
    }
  if (dmy !== mdy) return { order: dmy > mdy ? 'dmy' : 'mdy', proven: true };
  return { order: language === 'en' && country === 'US' ? 'mdy' : 'dmy', proven: false };
}
