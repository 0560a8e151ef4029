// test-database: none (it uses no database; scripts/run-tests.mjs)
// The seller's name (CONTRACT §13, issue 51): read from the places an unseen layout shows it, never
// `high` without a label; learned from a confirmation, `high` on the supplier's next file where that
// file prints it, and never on a file of another supplier that prints the name too. With them: the
// VAT breakdown's rows per category, and references beside French labels.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CapturedValue, CaptureFields } from '../../../src/lib/capture-shapes.ts';
import { extractFields, learnLayout } from '../../../src/modules/capture/extract/index.ts';
import { file, RECEIVER, type Run } from './hand-made.ts';

const v = (value: string): CapturedValue => ({
  value,
  confidence: 'high',
  page: 0,
  bbox: [0, 0, 0, 0],
  text: '',
});

/** Supplier A's invoice: its name where `name` puts it, its VAT id and IBAN in the footer. */
function alpha(n: string, name: Run[]): Run[] {
  return [
    ...name,
    [50, 100, 'Kunden AG'],
    [50, 112, 'Hauptstraße 1'],
    [50, 124, '10115 Berlin'],
    [330, 100, `Rechnungsnummer: ${n}`],
    [330, 112, 'Rechnungsdatum: 15.03.2026'],
    [330, 400, 'Nettobetrag'],
    [480, 400, '100,00'],
    [330, 412, 'USt. 19 %'],
    [480, 412, '19,00'],
    [330, 424, 'Gesamtbetrag EUR'],
    [480, 424, '119,00'],
    [50, 500, 'IBAN: DE89 3704 0044 0532 0130 00'],
    [50, 512, 'USt-IdNr.: DE123456789'],
  ];
}

describe('the seller’s name', () => {
  test('on an unseen layout: the sender line above the address window, low', () => {
    const ex = extractFields(
      file(alpha('A-100', [[50, 80, 'Alpha Werkzeug GmbH · Hafenweg 3 · 20457 Hamburg']])),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.seller_name?.value, 'Alpha Werkzeug GmbH');
    assert.equal(ex.fields.seller_name?.confidence, 'low');
  });

  test("on an unseen layout: the head of the block holding the seller's VAT id, not its street or town", () => {
    const runs: Run[] = [
      [50, 40, 'RECHNUNG'],
      [50, 60, 'Trading Name'],
      [50, 72, 'Gamma Logistik'],
      [50, 84, 'Kaiserstraße 20'],
      [50, 96, 'DE 60311 Frankfurt'],
      [50, 108, 'USt-IdNr.: DE123456789'],
      [330, 60, 'Kunden AG'],
      [330, 72, 'Hauptstraße 1'],
      [330, 84, '10115 Berlin'],
      [330, 150, 'Rechnungsnummer: G-1'],
      [330, 162, 'Rechnungsdatum: 15.03.2026'],
    ];
    const ex = extractFields(file(runs), RECEIVER, null);
    assert.equal(ex.fields.seller_name?.value, 'Gamma Logistik');
    assert.equal(ex.fields.seller_name?.confidence, 'low', 'no label names it');
  });

  test('under a seller label, its block’s "Name:" field; high when printed a second time', () => {
    const runs: Run[] = [
      [50, 200, 'Verkäufer'],
      [50, 212, 'Nummer: 549910'],
      [50, 224, 'Name:'],
      [150, 224, 'Delta Papier GmbH'],
      [50, 236, 'Anschrift: Lindenweg 4'],
      [50, 248, 'USt-IdNr.: DE123456789'],
      [330, 150, 'Rechnungsnummer: D-7'],
      [300, 700, 'Delta Papier GmbH, Lindenweg 4, 80331 München'],
    ];
    const ex = extractFields(file(runs), RECEIVER, null);
    assert.equal(ex.fields.seller_name?.value, 'Delta Papier GmbH');
    assert.equal(ex.fields.seller_name?.confidence, 'high');
  });

  test('a date, a street, a postcode line or a copyright line is not a name', () => {
    const runs: Run[] = [
      [50, 30, '(c) Formularverlag 2020'],
      [50, 50, 'February 17, 2026'],
      [50, 70, 'Feldstraße 34'],
      [330, 150, 'Invoice No. 7'],
    ];
    const seller = extractFields(file(runs), RECEIVER, null).fields.seller_name;
    assert.ok(
      seller === null || !/2020|2026|Feldstraße/.test(seller.value),
      `read ${JSON.stringify(seller?.value)}`,
    );
  });

  test('learned: after one confirmation, the next file gets the name high where it prints it', () => {
    const first = file(alpha('A-100', [[50, 40, 'Alpha Werkzeug GmbH']]));
    // the next file prints the name elsewhere: in its footer only
    const next = file(alpha('A-101', [[50, 700, 'Alpha Werkzeug GmbH']]));
    const before = extractFields(next, RECEIVER, null);
    assert.notEqual(before.fields.seller_name?.confidence, 'high');

    const confirmed: CaptureFields = {
      ...extractFields(first, RECEIVER, null).fields,
      seller_name: v('Alpha Werkzeug GmbH'),
    };
    const layout = learnLayout(first, confirmed, null);
    const after = extractFields(next, RECEIVER, layout).fields;
    assert.equal(after.seller_name?.value, 'Alpha Werkzeug GmbH');
    assert.equal(after.seller_name?.confidence, 'high');
    assert.equal(after.seller_name?.bbox[1], 700, 'read from where this file prints it');
    for (const f of ['number', 'issue_date', 'currency', 'total'] as const)
      assert.equal(after[f]?.confidence, 'high', `${f} is high: the capture could confirm itself`);

    // a file of the same supplier that does not print the confirmed name gets nothing learned
    const renamed = file(alpha('A-102', [[50, 40, 'Alpha Tools GmbH']]));
    assert.notEqual(extractFields(renamed, RECEIVER, layout).fields.seller_name?.confidence, 'high');
  });

  test("no false learning: another supplier's file that prints the first one's name", () => {
    const first = file(alpha('A-100', [[50, 40, 'Alpha Werkzeug GmbH']]));
    const layout = learnLayout(
      first,
      { ...extractFields(first, RECEIVER, null).fields, seller_name: v('Alpha Werkzeug GmbH') },
      null,
    );
    // supplier B (its own VAT id and IBAN) prints A's name as the delivery address's and in a note
    const beta: Run[] = [
      [50, 40, 'Beta Handel KG'],
      [50, 100, 'Rechnungsempfänger:'],
      [50, 112, 'Alpha Werkzeug GmbH'],
      [50, 124, 'Hafenweg 3'],
      [330, 100, 'Rechnungsnummer: B-1'],
      [330, 112, 'Rechnungsdatum: 15.03.2026'],
      [50, 300, 'Im Auftrag der Alpha Werkzeug GmbH geliefert'],
      [50, 500, 'IBAN: GB82 WEST 1234 5698 7654 32'],
      [50, 512, 'USt-IdNr.: DE987654321'],
    ];
    const b = extractFields(file(beta), RECEIVER, layout).fields;
    assert.notEqual(b.seller_name?.confidence, 'high', `B read as ${JSON.stringify(b.seller_name)}`);

    // a file that shows no VAT id or IBAN of its own, A's name only as the buyer's: not learned either
    const bare: Run[] = [
      [50, 40, 'Beta Handel KG'],
      [50, 100, 'Rechnungsempfänger:'],
      [50, 112, 'Alpha Werkzeug GmbH'],
      [330, 100, 'Rechnungsnummer: B-2'],
    ];
    const c = extractFields(file(bare), RECEIVER, layout).fields;
    assert.notEqual(c.seller_name?.confidence, 'high', `read as ${JSON.stringify(c.seller_name)}`);
  });
});

describe('breakdown and references', () => {
  test('the breakdown keeps one row per rate and category; a discount row with two rates is not one', () => {
    const runs: Run[] = [
      [50, 40, 'FACTURE N° : F-1'],
      [50, 52, 'Date : 31/01/2026'],
      [50, 300, 'REMISE COMMERCIALE 1,00% sur 100,00 EUR -1,00 20,00%'],
      [50, 400, 'S 20,00% 11,00 2,20'],
      [50, 412, 'DEBOURS E 0,00% 60,00 0,00'],
      [50, 424, 'S 10,00% 27,00 2,70'],
      [50, 436, 'LIVRAISON INTRACOMMUNAUTAIRE K 0,00% 2,00 0,00'],
      [300, 480, 'TOTAL HT'],
      [480, 480, '100,00'],
      [300, 492, 'TOTAL TVA'],
      [480, 492, '4,90'],
      [300, 504, 'TOTAL TTC'],
      [480, 504, '104,90'],
    ];
    const ex = extractFields(file(runs), RECEIVER, null).fields;
    assert.equal(ex.tax_breakdown?.value.length, 4);
    assert.equal(ex.tax_breakdown?.confidence, 'high');
    assert.equal(ex.total?.value, '104.90');
    assert.equal(ex.total?.confidence, 'high');
  });

  test('payment and buyer references beside French labels, a code of capitals too', () => {
    const runs: Run[] = [
      [50, 40, 'FACTURE N° : F-2'],
      [50, 100, 'REFERENCE ACHETEUR / SERVICE EXECUTANT : SERVEXEC'],
      [50, 500, 'REFERENCE AVIS DE PAIEMENT : F2026BUYER'],
    ];
    const ex = extractFields(file(runs), RECEIVER, null).fields;
    assert.equal(ex.buyer_reference?.value, 'SERVEXEC');
    assert.equal(ex.payment_reference?.value, 'F2026BUYER');
  });
});

test("a learned reference is read at its place, not from its label's words ('PAIEMENT' is not a code)", () => {
  // the next file prints its labels wider (another font): the learned offset lands on their words
  const page = (n: string, ref: string, buyerRef: string, gap: string): Run[] => [
    [50, 40, `FACTURE N° : ${n}`],
    [50, 100, `REFERENCE ACHETEUR / SERVICE${gap}EXECUTANT${gap}: ${buyerRef}`],
    [50, 500, `REFERENCE${gap}AVIS${gap}DE${gap}PAIEMENT${gap}: ${ref}`],
    [50, 512, 'N° TVA : FR32123456789'],
  ];
  const first = file(page('F-1', 'F1BUYER', 'SERVEXEC', ' '));
  const next = file(page('F-2', 'F2BUYER', 'SERVAUTRE', '     '));
  const confirmed: CaptureFields = {
    ...extractFields(first, RECEIVER, null).fields,
    payment_reference: v('F1BUYER'),
    buyer_reference: v('SERVEXEC'),
  };
  const after = extractFields(next, RECEIVER, learnLayout(first, confirmed, null)).fields;
  assert.equal(after.payment_reference?.value, 'F2BUYER');
  assert.equal(after.buyer_reference?.value, 'SERVAUTRE');
});
