// The shapes the capture family's parts share (CONTRACT §13): reading (a file's pages as words with
// their positions, from a PDF's text layer or by OCR), extraction (the §13 fields read from those
// words, each with its confidence, page, box and source text) and the capture resource (stored,
// reviewed, confirmed into a bill). In lib/ because the captures table's JSON columns are typed
// with them. Reading runs on the capture pool's threads; extraction is plain arithmetic over a few
// hundred words and runs wherever its caller is.

/** A box in the page's own units (PDF points for a PDF page, pixels for an image), origin top-left. */
export type BBox = [x0: number, y0: number, x1: number, y1: number];

/** One word as read: its text, its box, and how sure the reader was (0..1; a text layer is 1). */
export interface PageWord {
  text: string;
  bbox: BBox;
  confidence: number;
}

/** Degrees clockwise a page's image was turned to stand upright. */
export type Turn = 0 | 90 | 180 | 270;

/** One page as read. `n` counts from 1. */
export interface ReadPage {
  n: number;
  width: number;
  height: number;
  /** `text`: the PDF's own text layer; `ocr`: the page's image read by OCR. */
  method: 'text' | 'ocr';
  words: PageWord[];
  /**
   * A scan read upside down or sideways was read turned this many degrees clockwise: `width`,
   * `height` and every box are the turned page's, and its image is drawn turned (absent: 0).
   */
  turned?: Turn;
}

/** A file as read, page by page (at most DOCEX_CAPTURE_MAX_PAGES of them). */
export interface ReadFile {
  method: 'text' | 'ocr' | 'mixed';
  pages: ReadPage[];
  /** The file's own page count (a TIFF's frames, a PDF's pages): may exceed `pages.length`. */
  pageCount: number;
  /** True when pages past the limit were left unread. */
  truncated: boolean;
  /** What the reader wants a person to know, in words ("pages 21-40 were not read: ..."). */
  notes: string[];
}

export type Confidence = 'high' | 'low';

/** One field as captured: its value and where it was read from. */
export interface CapturedValue<T = string> {
  value: T;
  confidence: Confidence;
  page: number;
  bbox: BBox;
  /** The words the value was read from, as printed. */
  text: string;
}

/** A row of the VAT breakdown (BG-23): decimal strings, the rate in percent ("19", "7.5"). */
export interface TaxBreakdownRow {
  rate: string;
  net: string;
  tax: string;
}

/**
 * The §13 fields. Money as decimal strings with the currency's decimals ("1234.56"), dates as
 * YYYY-MM-DD, identifiers compacted (no spaces, dots, dashes or slashes) and upper-case where
 * they are codes (VAT ids, IBAN, BIC, currency). `null` when the file does not show it.
 */
export interface CaptureFields {
  number: CapturedValue | null;
  issue_date: CapturedValue | null;
  due_date: CapturedValue | null;
  currency: CapturedValue | null;
  total_net: CapturedValue | null;
  total_tax: CapturedValue | null;
  total: CapturedValue | null;
  amount_due: CapturedValue | null;
  tax_breakdown: CapturedValue<TaxBreakdownRow[]> | null;
  seller_name: CapturedValue | null;
  seller_vat_id: CapturedValue | null;
  seller_registration_id: CapturedValue | null;
  seller_email: CapturedValue | null;
  iban: CapturedValue | null;
  bic: CapturedValue | null;
  payment_reference: CapturedValue | null;
  purchase_order: CapturedValue | null;
  buyer_reference: CapturedValue | null;
  buyer_name: CapturedValue | null;
  buyer_vat_id: CapturedValue | null;
}

export type FieldName = keyof CaptureFields;

/** The §13 fields in the contract's order (the API's `fields` object lists them so). */
export const FIELD_NAMES: readonly FieldName[] = [
  'number',
  'issue_date',
  'due_date',
  'currency',
  'total_net',
  'total_tax',
  'total',
  'amount_due',
  'tax_breakdown',
  'seller_name',
  'seller_vat_id',
  'seller_registration_id',
  'seller_email',
  'iban',
  'bic',
  'payment_reference',
  'purchase_order',
  'buyer_reference',
  'buyer_name',
  'buyer_vat_id',
];

/** A row of the invoice's table, given only when the table was read and reconciles with the totals. */
export interface CaptureLine {
  description: string;
  quantity: string;
  unit_price: string;
  net: string;
  tax_rate: string | null;
}

/** The receiving organization, as extraction checks the buyer against it (§13: a `high` buyer is it). */
export interface CaptureReceiver {
  name: string;
  vat_id: string | null;
  legal_registration_id: string | null;
  /** ISO 3166 alpha-2, when the legal profile gives it: a hint for the locale of numbers and dates. */
  country_code: string | null;
}

/**
 * What a confirmed capture taught docex about one supplier's layout (JSON, stored per supplier by
 * the capture resource; its inside belongs to extraction and is versioned by `version`).
 */
export interface LearnedLayout {
  version: number;
  [key: string]: unknown;
}

/** Extraction's answer for one read file. */
export interface Extraction {
  fields: CaptureFields;
  lines: CaptureLine[];
}
