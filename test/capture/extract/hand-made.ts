// Hand-made pages for extraction's tests: runs of text placed where a layout would print them,
// split into words boxed at 5.5 points a character and 10 points high (A4 in points), the way the
// text-layer reader hands them over. No PDF is involved: extraction sees only words.
import type {
  CaptureFields,
  CaptureReceiver,
  PageWord,
  ReadFile,
  ReadPage,
} from '../../../src/lib/capture-shapes.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';

/** [x, y, text]: a run of words starting at x on the line whose top is y. */
export type Run = [number, number, string];

const CHAR = 5.5;

export function page(runs: Run[], n = 1): ReadPage {
  const words: PageWord[] = [];
  for (const [x, y, text] of runs) {
    let at = x;
    for (const piece of text.split(/(\s+)/)) {
      if (piece.trim() !== '')
        words.push({ text: piece, bbox: [at, y, at + piece.length * CHAR, y + 10], confidence: 1 });
      at += piece.length * CHAR;
    }
  }
  return { n, width: 595, height: 842, method: 'text', words };
}

export function file(...pages: Run[][]): ReadFile {
  return {
    method: 'text',
    pages: pages.map((p, i) => page(p, i + 1)),
    pageCount: pages.length,
    truncated: false,
    notes: [],
  };
}

export const RECEIVER: CaptureReceiver = {
  name: 'Kunden AG',
  vat_id: 'DE811569869',
  legal_registration_id: null,
  country_code: 'DE',
};

/** What extraction reads of one hand-made page for RECEIVER, nothing learned. */
export const fieldsOf = (runs: Run[]): CaptureFields => extractFields(file(runs), RECEIVER, null).fields;

/** The same page as a scan's: every word OCR'd, at a confidence OCR gives words it reads well. */
export function scannedFieldsOf(runs: Run[]): CaptureFields {
  const f = file(runs);
  f.method = 'ocr';
  for (const p of f.pages) {
    p.method = 'ocr';
    for (const w of p.words) w.confidence = 0.93;
  }
  return extractFields(f, RECEIVER, null).fields;
}

/** A German invoice's head: the seller, the number and the date, each beside its label. */
export const INVOICE_HEAD: Run[] = [
  [50, 40, 'Beispiel Lieferant GmbH'],
  [50, 80, 'Rechnung Nr. 2026-0412'],
  [50, 94, 'Rechnungsdatum 12.05.2026'],
];

/**
 * A totals block: [label, amount] rows from `y` down, `step` points apart, labels starting at
 * `labelX`, amounts at `amountX` (by default a block at the foot of the right half of an A4 page).
 */
export function totalsBlock(
  rows: [string, string][],
  { y = 300, step = 14, labelX = 300, amountX = 470 } = {},
): Run[] {
  return rows.flatMap(([label, amount], i): Run[] => [
    [labelX, y + step * i, label],
    [amountX, y + step * i, amount],
  ]);
}
