// How the Factur-X PDF writes its numbers and units, by layout version (issue 49). A document keeps
// the layout it was issued with (documents.pdf_layout, migration 0057; rendered by modules/einvoice/facturx-pdf.ts), so the bytes of a PDF already
// served, or of one rendered again from an old document, never change: layout 1 (every document
// issued before the column existed) prints the file's own strings (`95`, `1140.00`, `HUR`); layout 2
// prints unit names in the document's language, English (`12 hours`), unit prices with their
// decimals (`95.00`) and thousands separators (`1,140.00`). A new layout is a new number here.

/** The layouts a document may have been issued with; the highest is what issues get now. */
export type PdfLayout = 1 | 2;
export const CURRENT_PDF_LAYOUT: PdfLayout = 2;

/** A stored layout (null: issued before layouts were recorded) as the renderer takes it. */
export function pdfLayoutOf(stored: number | null | undefined): PdfLayout {
  return stored === 2 ? 2 : 1;
}

/** UN/ECE Recommendation 20 units by their English names, singular and plural. */
const UNIT_NAMES: Record<string, [string, string]> = {
  C62: ['unit', 'units'],
  H87: ['piece', 'pieces'],
  EA: ['each', 'each'],
  XPP: ['piece', 'pieces'],
  SET: ['set', 'sets'],
  PR: ['pair', 'pairs'],
  LS: ['lump sum', 'lump sums'],
  E48: ['service unit', 'service units'],
  SEC: ['second', 'seconds'],
  MIN: ['minute', 'minutes'],
  HUR: ['hour', 'hours'],
  DAY: ['day', 'days'],
  WEE: ['week', 'weeks'],
  MON: ['month', 'months'],
  ANN: ['year', 'years'],
  GRM: ['g', 'g'],
  KGM: ['kg', 'kg'],
  TNE: ['tonne', 'tonnes'],
  MMT: ['mm', 'mm'],
  CMT: ['cm', 'cm'],
  MTR: ['m', 'm'],
  KMT: ['km', 'km'],
  MTK: ['m²', 'm²'],
  MTQ: ['m³', 'm³'],
  LTR: ['litre', 'litres'],
  KWH: ['kWh', 'kWh'],
};

/** "1,140.00" from "1140.00": the whole part in groups of three, the decimals as they are. */
function grouped(decimal: string): string {
  const m = /^([-−+]?)(\d+)(\.\d+)?$/.exec(decimal);
  if (!m) return decimal;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
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

const unitName = (q: string, code: string): string => {
  const names = UNIT_NAMES[code];
  if (!names) return code;
  return Number(q) === 1 ? names[0] : names[1];
};

const LAYOUT_2: PdfNumbers = {
  amount: grouped,
  price: (s) => {
    const m = /^([-−+]?\d+)(?:\.(\d*))?$/.exec(s);
    if (!m) return s;
    return grouped(`${m[1]}.${(m[2] ?? '').padEnd(2, '0')}`);
  },
  quantity: (q, code) => `${grouped(q)} ${unitName(q, code)}`,
  unit: unitName,
};

export function pdfNumbers(layout: PdfLayout): PdfNumbers {
  return layout === 2 ? LAYOUT_2 : LAYOUT_1;
}
