// test-database: none (it uses no database; scripts/run-tests.mjs)
// A caption a narrow box wraps over two lines ("Numero" / "documento" over the number in an
// Italian ERP's header row, "Rechnungs-" / "nummer"): the two cells make the label, the value under
// the lower one. Before, neither word was a label alone and the number went unread.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { file, RECEIVER, type Run, fieldsOf as read } from './hand-made.ts';

/** An Italian ERP's header row: captions in narrow columns, two of them wrapped. */
const ROW: Run[] = [
  [49, 60, 'Forniture Esempio S.r.l.'],
  [49, 268, 'Numero'],
  [150, 268, 'Data'],
  [230, 268, 'Cod.'],
  [320, 268, 'Pagamento'],
  [49, 280, 'documento'],
  [230, 280, 'cliente'],
  [49, 294, 'FD/2026/00312'],
  [150, 294, '11-03-2026'],
  [230, 294, 'CL-20418'],
  [320, 294, 'Bonifico 30 gg'],
];

describe('captions wrapped over two lines', () => {
  test('"Numero" / "documento": the number under the lower line, `high`', () => {
    const f = read(ROW);
    assert.equal(f.number?.value, 'FD/2026/00312');
    assert.equal(f.number?.confidence, 'high');
    assert.equal(f.issue_date?.value, '2026-03-11');
  });

  test('a word broken at its hyphen ("Rechnungs-" / "nummer") joins without it', () => {
    const f = read([
      [50, 40, 'Beispiel Lieferant GmbH'],
      [300, 100, 'Rechnungs-'],
      [400, 100, 'Seite'],
      [300, 112, 'nummer'],
      [300, 126, 'R-77120'],
      [400, 126, '1 von 1'],
    ]);
    assert.equal(f.number?.value, 'R-77120');
    assert.equal(f.number?.confidence, 'high');
  });

  test('not joined: another column, a gap between the lines, another type size', () => {
    // the lower word in another column than the upper one
    const apart = read(ROW.map(([x, y, t]) => (t === 'documento' ? [120, y, t] : [x, y, t]) as Run));
    assert.notEqual(apart.number?.value, 'FD/2026/00312');
    // a line's height of white between them: two lines of text, not one caption
    const gap = read(ROW.map(([x, y, t]) => (y >= 280 ? [x, y + 10, t] : [x, y, t]) as Run));
    assert.notEqual(gap.number?.value, 'FD/2026/00312');
    // the upper word printed twice as large (a heading over a caption)
    const big = file(ROW);
    for (const w of big.pages[0]?.words ?? [])
      if (w.text === 'Numero') w.bbox = [w.bbox[0], w.bbox[1] - 10, w.bbox[2] + 30, w.bbox[3]];
    assert.notEqual(extractFields(big, RECEIVER, null).fields.number?.value, 'FD/2026/00312');
  });
});
