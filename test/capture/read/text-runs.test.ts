// test-database: none (it uses no database; scripts/run-tests.mjs)
// A text layer's runs mended before they are cut into words (src/modules/capture/read/text-runs.ts):
// LaTeX's OT1 accents, drawn as glyphs of their own, put back on their letters, and the pieces of
// one word joined; read on a real pdfTeX file of the office set, and on runs placed by hand for
// what must stay apart.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { readPdfTextPages } from '../../../src/modules/capture/read/pdf-text.ts';
import { mendRuns, type TextRun } from '../../../src/modules/capture/read/text-runs.ts';

const OFFICE = new URL('../../fixtures/capture/office-blind/', import.meta.url);

/** A run of `str` in a 10-point font at x on baseline y, `width` points wide. */
const run = (str: string, x: number, width: number, y = 700, size = 10): TextRun => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  fontName: 'f1',
});

describe('OT1 accents and split words', () => {
  test('a pdfTeX page in OT1 reads "Lefébure", "Ébénisterie", "échéance", "No" as words', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('fr-3-latex-ot1.pdf', OFFICE)));
    const { pages } = await readPdfTextPages(bytes, 1);
    const words = new Set(pages[0]?.words.map((w) => w.text));
    for (const want of ['Ébénisterie', 'Lefébure', 'd’échéance', 'Désignation', 'Règlement', 'à', 'No'])
      assert.ok(words.has(want), `${want} among ${[...words].slice(0, 60).join(' ')}`);
    for (const stray of ['´', '`', 'Lef´', 'ebure']) assert.ok(!words.has(stray), `${stray} left as a word`);
  });

  test('an accent ending a run goes onto the letter the next run starts back under it', () => {
    // "Lef´" ends at 104, "ebure" starts at 96: the accent was drawn over the e
    const out = mendRuns([run('Lef´', 75, 29), run('ebure & Fils', 96, 60)]);
    assert.deepEqual(
      out.map((r) => r.str),
      ['Lefébure & Fils'],
    );
    // a dotless i under an acute is an í ("Carpinter´" + "ıa")
    assert.deepEqual(
      mendRuns([run('Carpinter´', 100, 48), run('ıa', 145, 8)]).map((r) => r.str),
      ['Carpintería'],
    );
  });

  test('an accent alone, raised above a capital, goes onto that capital', () => {
    const out = mendRuns([run('´', 58, 5, 704), run('Ebenisterie', 56, 60)]);
    assert.deepEqual(
      out.map((r) => r.str),
      ['Ébenisterie'],
    );
  });

  test('a raised "o" right after "N" is one word; runs a space apart, or an accent over nothing, stay as they are', () => {
    assert.deepEqual(
      mendRuns([run('FACTURE N', 56, 80), run('o', 136, 5, 704, 7), run(' ', 141, 5, 704, 7)]).map(
        (r) => r.str,
      ),
      ['FACTURE No', ' '],
    );
    // 3 points apart (a space of a 10-point font): two words
    assert.deepEqual(
      mendRuns([run('Total', 100, 25), run('119,00', 128, 30)]).map((r) => r.str),
      ['Total', '119,00'],
    );
    // an accent at a run's end with the next run after it, not back under it: nothing to put it on
    assert.deepEqual(
      mendRuns([run('Note ´', 100, 30), run('x', 140, 5)]).map((r) => r.str),
      ['Note ´', 'x'],
    );
  });
});
