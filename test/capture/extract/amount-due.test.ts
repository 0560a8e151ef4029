// test-database: none (it uses no database; scripts/run-tests.mjs)
// The amount due where the page prints only its total (EN 16931 BR-CO-16: BT-115 = BT-112 when
// nothing was paid before): the total as printed, `low`, since no label names it; never where the
// page prints something taken off the total or added to it that was not read as an amount due.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { INVOICE_HEAD, type Run, fieldsOf as read, totalsBlock } from './hand-made.ts';

const invoice = (extra: [string, string][]): Run[] =>
  totalsBlock([['Netto', '500,00'], ['MwSt. 19 %', '95,00'], ['Gesamtbetrag', '595,00'], ...extra]);

const head = INVOICE_HEAD;

describe('the amount due where only the total is printed', () => {
  test('is the total as printed, low, at the total’s place', () => {
    const f = read([...head, ...invoice([])]);
    assert.equal(f.total?.confidence, 'high');
    assert.equal(f.amount_due?.value, '595.00');
    assert.equal(f.amount_due?.confidence, 'low');
    assert.deepEqual(f.amount_due?.bbox, f.total?.bbox);
    assert.equal(f.amount_due?.text, f.total?.text);
  });

  test('a printed amount due is read as before, high when it is no more than the total', () => {
    const f = read([...head, ...invoice([['Zahlbetrag', '595,00']])]);
    assert.equal(f.amount_due?.value, '595.00');
    assert.equal(f.amount_due?.confidence, 'high');
  });

  for (const [what, runs] of [
    ['a deposit already paid', [[50, 200, 'Abzüglich Anzahlung vom 01.04.2026: 100,00 EUR']]],
    ['a withholding tax', [[50, 200, 'Retención IRPF 15 %']]],
    ['a previous balance', [[50, 200, 'Previous balance 80.00']]],
    ['a sum already paid', [[50, 200, 'Déjà payé le 02/05/2026']]],
    ['an advance in Italian', [[50, 200, 'Acconto versato il 02/05/2026']]],
  ] as [string, Run[]][])
    test(`stays null where the page prints ${what}`, () => {
      const f = read([...head, ...runs, ...invoice([])]);
      assert.equal(f.total?.value, '595.00');
      assert.equal(f.amount_due, null);
    });

  test('a word that only begins like one of them ("Advanced", "Avancées") does not stop it', () => {
    for (const name of ['Advanced Materials Ltd', 'Technologies Avancées SAS']) {
      const f = read([[50, 40, name], ...head.slice(1), ...invoice([])]);
      assert.equal(f.amount_due?.value, '595.00', name);
    }
    const f = read([[50, 200, 'Less advance paid 100.00'], ...head, ...invoice([])]);
    assert.equal(f.amount_due, null);
  });

  test('stays null without a total', () => {
    const f = read([...head, [300, 300, 'Netto'], [470, 300, '500,00']]);
    assert.equal(f.total, null);
    assert.equal(f.amount_due, null);
  });
});
