// How the Factur-X PDF writes its numbers and units, by layout version (issue 49). A document keeps
// the layout it was issued with (documents.pdf_layout, migration 0057; rendered by
// modules/einvoice/facturx-pdf.ts), so the bytes of a PDF already served, or of one rendered again
// from an old document, never change:
// - layout 1 (every document issued before the column existed) prints the file's own strings
//   (`95`, `1140.00`, `HUR`);
// - layout 2 (issued with 1.19.0) prints unit names in English (`12 hours`), unit prices with
//   their decimals (`95.00`) and thousands separators (`1,140.00`);
// - layout 3 (issued now) does the same in the document's language: the language of the seller's
//   country (its legal profile's, frozen in the document; country-language.ts, the table the app
//   formats with), for English, German, French, Dutch, Spanish and Italian (`12 Stunden`,
//   `1.140,00`; `12 heures`, `1 140,00`); any other language prints as layout 2 does.
// A new layout is a new number here; an old one never changes what it prints.
import { languageOfCountry } from './country-language.ts';

/** The layouts a document may have been issued with; the highest is what issues get now. */
export type PdfLayout = 1 | 2 | 3;
export const CURRENT_PDF_LAYOUT: PdfLayout = 3;

/** A stored layout (null: issued before layouts were recorded) as the renderer takes it. */
export function pdfLayoutOf(stored: number | null | undefined): PdfLayout {
  return stored === 3 ? 3 : stored === 2 ? 2 : 1;
}

/** The languages layout 3 names units and writes numbers in. */
type Language = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
const LANGUAGES: ReadonlySet<string> = new Set<Language>(['en', 'de', 'fr', 'nl', 'es', 'it']);

/** Units written with their symbol, the same in every language. */
const SYMBOLS: Record<string, string> = {
  GRM: 'g',
  KGM: 'kg',
  MMT: 'mm',
  CMT: 'cm',
  MTR: 'm',
  KMT: 'km',
  MTK: 'm²',
  MTQ: 'm³',
  KWH: 'kWh',
};

type Forms = [singular: string, plural: string];

/**
 * UN/ECE Recommendation 20 units by name, singular and plural, in each language. English is
 * layout 2's, word for word. A piece is "Stück" in German invoices whether coded C62 (one) or H87.
 */
const UNIT_NAMES: Record<string, Record<Language, Forms>> = {
  C62: {
    en: ['unit', 'units'],
    de: ['Stück', 'Stück'],
    fr: ['unité', 'unités'],
    nl: ['stuk', 'stuks'],
    es: ['unidad', 'unidades'],
    it: ['unità', 'unità'],
  },
  H87: {
    en: ['piece', 'pieces'],
    de: ['Stück', 'Stück'],
    fr: ['pièce', 'pièces'],
    nl: ['stuk', 'stuks'],
    es: ['pieza', 'piezas'],
    it: ['pezzo', 'pezzi'],
  },
  EA: {
    en: ['each', 'each'],
    de: ['Stück', 'Stück'],
    fr: ['unité', 'unités'],
    nl: ['stuk', 'stuks'],
    es: ['unidad', 'unidades'],
    it: ['pezzo', 'pezzi'],
  },
  XPP: {
    en: ['piece', 'pieces'],
    de: ['Stück', 'Stück'],
    fr: ['pièce', 'pièces'],
    nl: ['stuk', 'stuks'],
    es: ['pieza', 'piezas'],
    it: ['pezzo', 'pezzi'],
  },
  SET: {
    en: ['set', 'sets'],
    de: ['Satz', 'Sätze'],
    fr: ['jeu', 'jeux'],
    nl: ['set', 'sets'],
    es: ['juego', 'juegos'],
    it: ['set', 'set'],
  },
  PR: {
    en: ['pair', 'pairs'],
    de: ['Paar', 'Paar'],
    fr: ['paire', 'paires'],
    nl: ['paar', 'paar'],
    es: ['par', 'pares'],
    it: ['paio', 'paia'],
  },
  LS: {
    en: ['lump sum', 'lump sums'],
    de: ['Pauschale', 'Pauschalen'],
    fr: ['forfait', 'forfaits'],
    nl: ['forfait', 'forfaits'],
    es: ['tanto alzado', 'tantos alzados'],
    it: ['forfait', 'forfait'],
  },
  E48: {
    en: ['service unit', 'service units'],
    de: ['Leistungseinheit', 'Leistungseinheiten'],
    fr: ['unité de service', 'unités de service'],
    nl: ['service-eenheid', 'service-eenheden'],
    es: ['unidad de servicio', 'unidades de servicio'],
    it: ['unità di servizio', 'unità di servizio'],
  },
  SEC: {
    en: ['second', 'seconds'],
    de: ['Sekunde', 'Sekunden'],
    fr: ['seconde', 'secondes'],
    nl: ['seconde', 'seconden'],
    es: ['segundo', 'segundos'],
    it: ['secondo', 'secondi'],
  },
  MIN: {
    en: ['minute', 'minutes'],
    de: ['Minute', 'Minuten'],
    fr: ['minute', 'minutes'],
    nl: ['minuut', 'minuten'],
    es: ['minuto', 'minutos'],
    it: ['minuto', 'minuti'],
  },
  HUR: {
    en: ['hour', 'hours'],
    de: ['Stunde', 'Stunden'],
    fr: ['heure', 'heures'],
    nl: ['uur', 'uur'],
    es: ['hora', 'horas'],
    it: ['ora', 'ore'],
  },
  DAY: {
    en: ['day', 'days'],
    de: ['Tag', 'Tage'],
    fr: ['jour', 'jours'],
    nl: ['dag', 'dagen'],
    es: ['día', 'días'],
    it: ['giorno', 'giorni'],
  },
  WEE: {
    en: ['week', 'weeks'],
    de: ['Woche', 'Wochen'],
    fr: ['semaine', 'semaines'],
    nl: ['week', 'weken'],
    es: ['semana', 'semanas'],
    it: ['settimana', 'settimane'],
  },
  MON: {
    en: ['month', 'months'],
    de: ['Monat', 'Monate'],
    fr: ['mois', 'mois'],
    nl: ['maand', 'maanden'],
    es: ['mes', 'meses'],
    it: ['mese', 'mesi'],
  },
  ANN: {
    en: ['year', 'years'],
    de: ['Jahr', 'Jahre'],
    fr: ['an', 'ans'],
    nl: ['jaar', 'jaar'],
    es: ['año', 'años'],
    it: ['anno', 'anni'],
  },
  TNE: {
    en: ['tonne', 'tonnes'],
    de: ['Tonne', 'Tonnen'],
    fr: ['tonne', 'tonnes'],
    nl: ['ton', 'ton'],
    es: ['tonelada', 'toneladas'],
    it: ['tonnellata', 'tonnellate'],
  },
  LTR: {
    en: ['litre', 'litres'],
    de: ['Liter', 'Liter'],
    fr: ['litre', 'litres'],
    nl: ['liter', 'liter'],
    es: ['litro', 'litros'],
    it: ['litro', 'litri'],
  },
};

/** How a language groups thousands and marks decimals; written here, not asked of ICU, whose data changes between Node releases. */
interface Marks {
  group: string;
  decimal: string;
}
const ENGLISH_MARKS: Marks = { group: ',', decimal: '.' };
const MARKS: Record<Language, Marks> = {
  en: ENGLISH_MARKS,
  de: { group: '.', decimal: ',' },
  // French groups with a narrow no-break space (U+202F), so a number never wraps inside.
  fr: { group: '\u202f', decimal: ',' },
  nl: { group: '.', decimal: ',' },
  es: { group: '.', decimal: ',' },
  it: { group: '.', decimal: ',' },
};
/** Switzerland and Liechtenstein write 1’140.00 in every language. */
const SWISS_MARKS: Marks = { group: '’', decimal: '.' };

/** "1,140.00" from "1140.00" in English: the whole part in groups of three, the decimals as they are. */
function grouped(decimal: string, marks: Marks): string {
  const m = /^([-−+]?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!m) return decimal;
  const whole = m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group);
  return `${m[1]}${whole}${m[3] === undefined ? '' : `${marks.decimal}${m[3]}`}`;
}

export interface PdfNumbers {
  /** An amount (2 decimals already): the total, a line's net, a VAT amount. */
  amount(s: string): string;
  /** A unit price: at least 2 decimals, every finer one it has. */
  price(s: string): string;
  /** A quantity with its unit. */
  quantity(q: string, unitCode: string): string;
  /** A unit alone (a price's base quantity's). */
  unit(q: string, unitCode: string): string;
}

const LAYOUT_1: PdfNumbers = {
  amount: (s) => s,
  price: (s) => s,
  quantity: (q, code) => `${q} ${code}`,
  unit: (_q, code) => code,
};

/** Singular for one (French: below two, "1,5 heure"), else plural. */
function isSingular(q: string, language: Language): boolean {
  const n = Math.abs(Number(q));
  return language === 'fr' ? n < 2 : n === 1;
}

function inWords(language: Language, marks: Marks): PdfNumbers {
  const unit = (q: string, code: string): string => {
    const symbol = SYMBOLS[code];
    if (symbol !== undefined) return symbol;
    const names = UNIT_NAMES[code]?.[language];
    if (!names) return code;
    return isSingular(q, language) ? names[0] : names[1];
  };
  return {
    amount: (s) => grouped(s, marks),
    price: (s) => {
      const m = /^([-−+]?\d+)(?:\.(\d*))?$/.exec(s);
      if (!m) return s;
      return grouped(`${m[1]}.${(m[2] ?? '').padEnd(2, '0')}`, marks);
    },
    quantity: (q, code) => `${grouped(q, marks)} ${unit(q, code)}`,
    unit,
  };
}

const LAYOUT_2 = inWords('en', ENGLISH_MARKS);
const LAYOUT_3 = new Map<string, PdfNumbers>();

/** The language layout 3 writes a document in: its seller's country's, when it is one of the six. */
function documentLanguage(sellerCountry: string | null | undefined): Language {
  const language = sellerCountry ? languageOfCountry(sellerCountry) : 'en';
  return LANGUAGES.has(language) ? (language as Language) : 'en';
}

/** The numbers and units of a document of this layout whose seller is in `sellerCountry`. */
export function pdfNumbers(layout: PdfLayout, sellerCountry?: string | null): PdfNumbers {
  if (layout === 1) return LAYOUT_1;
  if (layout === 2) return LAYOUT_2;
  const country = (sellerCountry ?? '').toUpperCase();
  const language = documentLanguage(country);
  const swiss = country === 'CH' || country === 'LI';
  const key = `${language}|${swiss}`;
  let n = LAYOUT_3.get(key);
  if (!n) {
    n = inWords(language, swiss ? SWISS_MARKS : MARKS[language]);
    LAYOUT_3.set(key, n);
  }
  return n;
}
