// Dates as printed in the six languages: `31.12.2026`, `31/12/2026`, `31-12-2026`, `2026-12-31`,
// `31.12.26`, `31 décembre 2026`, `31. Dezember 2026`, `December 31, 2026`, `31 de diciembre de
// 2026`, `1er mars 2026`, Dutch and Italian month names, abbreviations with or without a dot.
// Numeric dates are day first, except in an English document from the United States (month first).
import { dateValid } from './checks.ts';

/** Month names and their usual abbreviations, lower-case without accents, per language. */
const MONTHS: [string[], number][] = [
  [
    [
      'januar',
      'jan',
      'january',
      'janvier',
      'janv',
      'januari',
      'enero',
      'ene',
      'gennaio',
      'gen',
      'jänner',
      'janner',
    ],
    1,
  ],
  [['februar', 'feb', 'february', 'fevrier', 'fev', 'fevr', 'februari', 'febrero', 'febbraio', 'febr'], 2],
  [['marz', 'maerz', 'mrz', 'mar', 'march', 'mars', 'maart', 'mrt', 'marzo'], 3],
  [['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'], 4],
  [['mai', 'may', 'mei', 'mayo', 'maggio', 'mag'], 5],
  [['juni', 'jun', 'june', 'juin', 'junio', 'giugno', 'giu'], 6],
  [['juli', 'jul', 'july', 'juillet', 'juil', 'julio', 'luglio', 'lug'], 7],
  [['august', 'aug', 'aout', 'augustus', 'agosto', 'ago'], 8],
  [['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set'], 9],
  [['oktober', 'okt', 'oct', 'october', 'octobre', 'octubre', 'ottobre', 'ott'], 10],
  [['november', 'nov', 'novembre', 'noviembre'], 11],
  [['dezember', 'dez', 'dec', 'december', 'decembre', 'diciembre', 'dic', 'dicembre'], 12],
];
const MONTH_OF = new Map<string, number>(MONTHS.flatMap(([names, n]) => names.map((s) => [s, n] as const)));

/** Lower-case, accents off: "Décembre" → "decembre", "März" → "marz". */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function monthOf(word: string): number | null {
  return MONTH_OF.get(fold(word).replace(/\.$/, '')) ?? null;
}

function iso(y: number, m: number, d: number): string | null {
  const s = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return dateValid(s) ? s : null;
}

function year(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/** Whether numeric dates are month first (an English document addressed in the United States). */
export type DateOrder = 'dmy' | 'mdy';

/**
 * The date the text shows (YYYY-MM-DD, a real calendar date), or null. `text` is one to six
 * words joined by spaces.
 */
export function parseDate(text: string, order: DateOrder = 'dmy'): string | null {
  // a date closing a sentence or a parenthesis ("… by 1 May 2026.") is still the date
  const s = text.trim().replace(/[,;:.)]+$/, '');
  let m = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^([0-9]{1,2})([./-])([0-9]{1,2})\2([0-9]{4}|[0-9]{2})$/.exec(s);
  if (m) {
    const [a, b, y] = [Number(m[1]), Number(m[3]), year(m[4] as string)];
    // dots are day first everywhere; slashes and dashes follow the document's order
    return m[2] !== '.' && order === 'mdy' ? iso(y, a, b) : iso(y, b, a);
  }
  // 31 décembre 2026, 31. Dezember 2026, 1er mars 2026, 31 de diciembre de 2026, 31-Dec-2026
  m =
    /^([0-9]{1,2})(?:\.|er|st|nd|rd|th)?[\s-]+(?:de\s+)?([\p{L}]+\.?)[\s-]+(?:de\s+|del\s+)?([0-9]{4})$/u.exec(
      s,
    );
  if (m) {
    const month = monthOf(m[2] as string);
    return month === null ? null : iso(Number(m[3]), month, Number(m[1]));
  }
  // December 31, 2026 / Dec. 31 2026
  m = /^([\p{L}]+\.?)\s+([0-9]{1,2})(?:st|nd|rd|th)?,?\s+([0-9]{4})$/u.exec(s);
  if (m) {
    const month = monthOf(m[1] as string);
    return month === null ? null : iso(Number(m[3]), month, Number(m[2]));
  }
  return null;
}
