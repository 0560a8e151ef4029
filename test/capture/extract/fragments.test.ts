// test-database: none (it uses no database; scripts/run-tests.mjs)
// Words a generator wrote as several text runs ("Br" "uttosumme", "RE-20" "201121"): extraction
// joins fragments whose gap is much smaller than the page's usual space between words, so a label
// is found and a value is read whole, never cut (a cut value read `high` is a wrong value).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PageWord, ReadFile } from '../../../src/lib/capture-shapes.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { joinFragments } from '../../../src/modules/capture/extract/lines.ts';
import { page, RECEIVER, type Run } from './hand-made.ts';

/** The page of `runs`, with `word` (a text in one run) split into two runs after `at` characters, 1 pt apart. */
function splitAt(runs: Run[], word: string, at: number): ReadFile {
  const p = page(runs);
  const words: PageWord[] = [];
  for (const w of p.words) {
    if (w.text !== word) {
      words.push(w);
      continue;
    }
    const x = w.bbox[0] + at * 5.5;
    words.push({ ...w, text: word.slice(0, at), bbox: [w.bbox[0], w.bbox[1], x, w.bbox[3]] });
    words.push({ ...w, text: word.slice(at), bbox: [x + 1, w.bbox[1], w.bbox[2] + 1, w.bbox[3]] });
  }
  return { method: 'text', pages: [{ ...p, words }], pageCount: 1, truncated: false, notes: [] };
}

const PAGE: Run[] = [
  [50, 40, 'Muster Lieferant GmbH'],
  [50, 100, 'Rechnung an Kunden AG'],
  [330, 112, 'Rechnungsnummer: RE-20201121/508'],
  [330, 124, 'Rechnungsdatum: 15.03.2026'],
  [330, 400, 'Nettobetrag'],
  [480, 400, '100,00'],
  [330, 412, 'USt. 19 %'],
  [480, 412, '19,00'],
  [330, 424, 'Bruttosumme EUR'],
  [480, 424, '119,00'],
];

describe('fragments of one word', () => {
  test('a value written as two runs is read whole, not cut at the first run', () => {
    const ex = extractFields(splitAt(PAGE, 'RE-20201121/508', 5), RECEIVER, null);
    assert.equal(ex.fields.number?.value, 'RE-20201121/508');
    assert.equal(ex.fields.number?.confidence, 'high');
  });

  test('a label written as two runs is still that label', () => {
    const ex = extractFields(splitAt(PAGE, 'Bruttosumme', 2), RECEIVER, null);
    assert.equal(ex.fields.total?.value, '119.00');
    assert.equal(ex.fields.total?.confidence, 'high');
  });

  test("words a page's usual space apart stay apart", () => {
    const p = page([[50, 40, 'Rechnung Nr. 42 vom 15.03.2026 an Kunden AG']]);
    assert.deepEqual(
      joinFragments(p.words).map((w) => w.text),
      ['Rechnung', 'Nr.', '42', 'vom', '15.03.2026', 'an', 'Kunden', 'AG'],
    );
  });
});
