// Hand-made pages for extraction's tests: runs of text placed where a layout would print them,
// split into words boxed at 5.5 points a character and 10 points high (A4 in points), the way the
// text-layer reader hands them over. No PDF is involved: extraction sees only words.
import type { CaptureReceiver, PageWord, ReadFile, ReadPage } from '../../../src/lib/capture-shapes.ts';

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
