// test-database: none (it uses no database; scripts/run-tests.mjs)
// How extraction reads OCR'd words (docs/capture.md "Reading OCR'd words"): a page turned a degree
// or two, values split in two words, specks between a label and its value, look-alike letters in
// an amount; and that a text layer's words are still read strictly.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PageWord, ReadFile } from '../../../src/lib/capture-shapes.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { skewOf } from '../../../src/modules/capture/extract/lines.ts';
import { parseAmount, parseOcrAmount } from '../../../src/modules/capture/extract/numbers.ts';
import { labelWordOf } from '../../../src/modules/capture/extract/ocr-labels.ts';
import { RECEIVER, type Run } from './hand-made.ts';

/** 300 dpi: a character 22 px wide, a line 40 px high; A4 in pixels. */
const CHAR = 22;
const W = 2480;

/**
 * A scanned page of `runs` (x, y in pixels, as on the level page), turned by `slope` (dy/dx about
 * the page's left edge), as OCR hands it over: every word's box on the page as scanned. A run's
 * text may hold "¦" to split a word in two with a gap of `gap` pixels ("11/03/201¦7"), and a word
 * its own confidence after an @ ("x@0.55"; the others 0.9).
 */
function scan(runs: Run[], slope: number, method: 'ocr' | 'text' = 'ocr', gap = 6): ReadFile {
  const words: PageWord[] = [];
  for (const [x, y, text] of runs) {
    let at = x;
    for (const piece of text.split(/(\s+)/)) {
      if (piece.trim() !== '')
        for (const [k, written] of piece.split('¦').entries()) {
          if (k > 0) at += gap;
          const [part = written, sure = '0.9'] = written.split('@');
          const dy = slope * (at + (part.length * CHAR) / 2);
          words.push({
            text: part,
            bbox: [at, y + dy, at + part.length * CHAR, y + 40 + dy],
            confidence: Number(sure),
          });
          at += part.length * CHAR;
        }
      else at += piece.length * CHAR;
    }
  }
  return {
    method,
    pages: [{ n: 1, width: W, height: 3508, method, words }],
    pageCount: 1,
    truncated: false,
    notes: [],
  };
}

/** A letterhead and an address: enough words on their lines for the page's slope to be measured. */
const HEAD: Run[] = [
  [200, 150, 'Muster Lieferant GmbH Lieferantenstrasse 20 80333 München Deutschland'],
  [200, 210, 'Telefon 089 1234 5678 Telefax 089 1234 5679 info@lieferant.example'],
  [200, 400, 'Kunden AG Kundenstrasse 15 69876 Frankfurt am Main'],
  [200, 700, 'Wir berechnen Ihnen die folgenden Leistungen aus dem Auftrag vom Februar'],
  [200, 760, 'Beratung und Einrichtung der Anlage vor Ort nach Aufwand und Material'],
];

const TOTALS: Run[] = [
  [1300, 2500, 'Nettobetrag'],
  [2200, 2500, '376,37'],
  [1300, 2560, 'MwSt. 19 %'],
  [2200, 2560, '71,51'],
  [1300, 2620, 'Summe gesamt'],
  [2200, 2620, '447,88'],
];

const SLOPE = Math.tan((1.5 * Math.PI) / 180);

describe('a page turned a little', () => {
  test("the page's slope is measured on its words", () => {
    const page = scan([...HEAD, ...TOTALS], SLOPE).pages[0];
    const s = skewOf(page?.words ?? []);
    assert.ok(Math.abs(s - SLOPE) < 0.004, `slope ${s}, turned ${SLOPE}`);
    assert.equal(skewOf(scan([...HEAD, ...TOTALS], 0).pages[0]?.words ?? []), 0);
  });

  test('a total 900 px right of its label, 24 px lower, is read beside it and reconciles', () => {
    const ex = extractFields(
      scan([...HEAD, [200, 1000, 'Rechnungsnummer: 4711'], ...TOTALS], SLOPE),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.total_net?.value, '376.37');
    assert.equal(ex.fields.total_tax?.value, '71.51');
    assert.equal(ex.fields.total?.value, '447.88');
    assert.equal(ex.fields.total?.confidence, 'high');
  });

  test('turned the other way, too', () => {
    const ex = extractFields(scan([...HEAD, ...TOTALS], -SLOPE), RECEIVER, null);
    assert.equal(ex.fields.total?.value, '447.88');
    assert.equal(ex.fields.total?.confidence, 'high');
  });
});

describe("OCR'd amounts", () => {
  test('specks around a number and look-alike letters are read on OCR words', () => {
    assert.equal(parseOcrAmount('=0,00', ','), '0.00');
    assert.equal(parseOcrAmount('447,88;', ','), '447.88');
    assert.equal(parseOcrAmount('|75.04', '.'), '75.04');
    assert.equal(parseOcrAmount('376,3O', ','), '376.30');
    assert.equal(parseOcrAmount('1.2B4,56 €', ','), '1284.56');
    assert.equal(parseOcrAmount('l9,00', ','), '19.00');
  });

  test('what cannot be read whole is not guessed, and words stay words', () => {
    assert.equal(parseOcrAmount('56,8/', ','), null);
    assert.equal(parseOcrAmount('SOS', ','), null);
    assert.equal(parseOcrAmount('BIO', ','), null);
    assert.equal(parseOcrAmount('12,3,4', ','), null);
  });

  test("a text layer's amounts stay strict", () => {
    assert.equal(parseAmount('376,3O', ','), null);
    assert.equal(parseAmount('=0,00', ','), null);
  });

  test('a speck between a label and its value is stepped over on a scan, not in a text layer', () => {
    const runs: Run[] = [
      ...HEAD,
      [1300, 2500, 'Nettobetrag ; 376,37'],
      [1300, 2560, 'MwSt. 19 % | 71,51'],
      [1300, 2620, 'Summe gesamt ; 447,88'],
    ];
    const ocr = extractFields(scan(runs, 0), RECEIVER, null);
    assert.equal(ocr.fields.total?.value, '447.88');
    assert.equal(ocr.fields.total?.confidence, 'high');
    const text = extractFields(scan(runs, 0, 'text'), RECEIVER, null);
    assert.notEqual(text.fields.total?.value, '447.88');
  });

  test('a lone letter OCR was unsure of between a label and its amount is a rule or dust, stepped over', () => {
    // a Swiss ERP's "Total | CHF 2'682.35", the rule before the amount read as "x" at 0.55
    const runs = (x: string): Run[] => [
      ...HEAD,
      [1300, 2500, 'Nettobetrag CHF 376.37'],
      [1300, 2560, 'MWST 8.1 % CHF 30.49'],
      [1300, 2620, `Total ${x} CHF 406.86`],
    ];
    const unsure = extractFields(scan(runs('x@0.55'), 0), RECEIVER, null).fields;
    assert.equal(unsure.total?.value, '406.86');
    assert.equal(unsure.total?.confidence, 'high');
    // read well, a letter is a word: the value is not past it
    assert.notEqual(extractFields(scan(runs('x'), 0), RECEIVER, null).fields.total?.value, '406.86');
    // two letters are not a speck
    assert.notEqual(extractFields(scan(runs('xy@0.55'), 0), RECEIVER, null).fields.total?.value, '406.86');
  });

  test('a value OCR split in two words is read whole', () => {
    // 12 px: more than the page's fragments of one word are apart, less than a third of a line
    const runs: Run[] = [...HEAD, [200, 1000, 'Rechnungsdatum: 11/03/201¦7']];
    const ocr = extractFields(scan(runs, 0, 'ocr', 12), RECEIVER, null);
    assert.equal(ocr.fields.issue_date?.value, '2017-03-11');
    // a printed space (half a line's height) is two values, not one
    const apart = extractFields(
      scan([...HEAD, [200, 1000, 'Rechnungsdatum: 11/03/201¦7']], 0, 'ocr', 22),
      RECEIVER,
      null,
    );
    assert.equal(apart.fields.issue_date, null);
  });

  test('a look-alike amount is `high` only when net + tax = total', () => {
    const runs: Run[] = [
      ...HEAD,
      [1300, 2500, 'Nettobetrag'],
      [2200, 2500, '376,37'],
      [1300, 2560, 'MwSt. 19 %'],
      [2200, 2560, '7l,5l'],
      [1300, 2620, 'Summe gesamt'],
      [2200, 2620, '447,88'],
    ];
    const ok = extractFields(scan(runs, 0), RECEIVER, null);
    assert.equal(ok.fields.total_tax?.value, '71.51');
    assert.equal(ok.fields.total?.confidence, 'high');
    const off = extractFields(
      scan(
        runs.map((r): Run => (r[2] === '447,88' ? [r[0], r[1], '447,B9'] : r)),
        0,
      ),
      RECEIVER,
      null,
    );
    assert.equal(off.fields.total?.value, '447.89');
    assert.equal(off.fields.total?.confidence, 'low');
  });
});

describe('what must not become the total on a scan', () => {
  test('a phone number, an order number and a page subtotal', () => {
    const ex = extractFields(
      scan(
        [
          ...HEAD,
          [200, 1000, 'Bestellnummer ; 4711,00'],
          [200, 1060, 'Tel. | 089 1234 5678'],
          [1300, 2300, 'Zwischensumme Seite 1'],
          [2200, 2300, '120,00'],
          ...TOTALS,
        ],
        SLOPE,
      ),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.total?.value, '447.88');
    assert.equal(ex.fields.total?.confidence, 'high');
  });

  test('with no total line, the amount due is the total only when net + tax add up to it, and `low`', () => {
    const runs = (due: string): Run[] => [
      ...HEAD,
      [200, 2500, 'Net total: 496.00 €'],
      [200, 2560, 'VAT total: 75.04 €'],
      [200, 2620, `Due payable: ${due} €`],
    ];
    const ex = extractFields(scan(runs('571.04'), 0), RECEIVER, null);
    assert.equal(ex.fields.total?.value, '571.04');
    assert.equal(ex.fields.total?.confidence, 'low');
    assert.equal(ex.fields.amount_due?.value, '571.04');
    const partly = extractFields(scan(runs('300.00'), 0), RECEIVER, null);
    assert.notEqual(partly.fields.total?.value, '300.00');
  });
});

describe('labels OCR misread by one letter', () => {
  test('a long label one letter off is read on a scan, never `high` for a number by itself', () => {
    const runs: Run[] = [...HEAD, [200, 1000, 'Rechnungsnumrner: 4711']];
    const ocr = extractFields(scan(runs, 0), RECEIVER, null);
    assert.equal(ocr.fields.number?.value, '4711');
    assert.equal(ocr.fields.number?.confidence, 'low');
    const text = extractFields(scan(runs, 0, 'text'), RECEIVER, null);
    assert.notEqual(text.fields.number?.value, '4711');
  });

  test('a total under a misread label is `high` only when net + tax = total', () => {
    const runs = (total: string): Run[] => [
      ...HEAD,
      [1300, 2500, 'Nettobetrag'],
      [2200, 2500, '376,37'],
      [1300, 2560, 'MwSt. 19 %'],
      [2200, 2560, '71,51'],
      [1300, 2620, 'Gesamtbetrng'],
      [2200, 2620, total],
    ];
    const ok = extractFields(scan(runs('447,88'), 0), RECEIVER, null);
    assert.equal(ok.fields.total?.value, '447.88');
    assert.equal(ok.fields.total?.confidence, 'high');
    const off = extractFields(scan(runs('457,88'), 0), RECEIVER, null);
    assert.equal(off.fields.total?.confidence, 'low');
  });

  test('short words, plurals and words of their own are not labels', () => {
    assert.equal(labelWordOf('totai'), null);
    assert.equal(labelWordOf('gesamtbetrage'), null);
    assert.equal(labelWordOf('rechnungsnummer'), null);
    assert.equal(labelWordOf('rechnungsnumrner'), 'rechnungsnummer\u0001');
    assert.equal(labelWordOf('rechnungsdatun'), 'rechnungsdatum');
    assert.equal(labelWordOf('lieferantennummer'), null);
  });
});

describe("OCR'd invoice numbers", () => {
  test('an O among digits is a 0, a number split in two close pieces is read whole: both `low`', () => {
    const o = extractFields(scan([...HEAD, [200, 1000, 'Rechnungsnummer: F2022OO23']], 0), RECEIVER, null);
    assert.equal(o.fields.number?.value, 'F20220023');
    assert.equal(o.fields.number?.confidence, 'low');
    const split = extractFields(
      scan([...HEAD, [200, 1000, 'Rechnungsnummer: F2022¦0023']], 0, 'ocr', 12),
      RECEIVER,
      null,
    );
    assert.equal(split.fields.number?.value, 'F20220023');
    assert.equal(split.fields.number?.confidence, 'low');
    // a printed number as printed stays `high`
    const plain = extractFields(
      scan([...HEAD, [200, 1000, 'Rechnungsnummer: F20220023']], 0),
      RECEIVER,
      null,
    );
    assert.equal(plain.fields.number?.value, 'F20220023');
    assert.equal(plain.fields.number?.confidence, 'high');
  });

  test('"N°" misread as "N*" is still the number sign on a scan, not in a text layer', () => {
    const runs: Run[] = [...HEAD, [200, 1000, 'Facture N* F2022']];
    const ocr = extractFields(scan(runs, 0), RECEIVER, null);
    assert.equal(ocr.fields.number?.value, 'F2022');
    assert.equal(ocr.fields.number?.confidence, 'low');
    const text = extractFields(scan(runs, 0, 'text'), RECEIVER, null);
    assert.notEqual(text.fields.number?.confidence, 'high');
  });

  test('"1.234.56": the decimal mark OCR misread as the thousands one', () => {
    assert.equal(parseOcrAmount('1.234.56', ','), '1234.56');
    assert.equal(parseOcrAmount('1,234,56', '.'), '1234.56');
    assert.equal(parseAmount('1.234.56', ','), null);
    assert.equal(parseOcrAmount('1.234.567', ','), '1234567.00');
  });
});

describe('a bare title on a scan', () => {
  test('"Références sur la facture - 1D" (an ID OCR read with a 1) is never a `high` number', () => {
    const runs: Run[] = [...HEAD, [200, 1300, 'Références sur la facture - 1D : PRIVATE_ID_DEL']];
    const ocr = extractFields(scan(runs, 0), RECEIVER, null);
    assert.notEqual(ocr.fields.number?.confidence, 'high');
    // "Invoice 103767" on a scan is still read, `low`
    const inv = extractFields(scan([...HEAD, [200, 1000, 'Invoice 103767']], 0), RECEIVER, null);
    assert.equal(inv.fields.number?.value, '103767');
    assert.equal(inv.fields.number?.confidence, 'low');
  });
});

describe('dust read as words on a line', () => {
  test('specks on a date\'s line do not shrink its height: "27 août 2026" below its label is one date', () => {
    const runs: Run[] = [...HEAD, [200, 1000, 'Date de facturation'], [200, 1060, '27 août 2026']];
    const file = scan(runs, 0);
    // four specks far right on the date's line, a few pixels high (as OCR reads dust: "3", "Su")
    for (const [x, text] of [
      [1200, '3'],
      [1400, 'Su'],
      [1700, 'A'],
      [2000, 'È'],
    ] as const)
      file.pages[0]?.words.push({ text, bbox: [x, 1085, x + 10, 1091], confidence: 0.3 });
    const ocr = extractFields(file, RECEIVER, null);
    assert.equal(ocr.fields.issue_date?.value, '2026-08-27');
  });
});

describe("a value below its label, another column's lines between them", () => {
  test("on a scan, lines with no word in the label's column do not count among the three below it", () => {
    const runs: Run[] = [
      ...HEAD,
      [1300, 2500, 'TOTAL HT'],
      [1700, 2500, 'TOTAL TVA'],
      [2100, 2500, 'TOTAL TTC'],
      // payment terms on the left, their lines between the labels and the values
      [200, 2545, 'Tout retard de paiement engendre une pénalité'],
      [200, 2580, 'exigible à compter de la date sur la base'],
      [200, 2615, 'Indemnité forfaitaire pour frais de recouvrement'],
      [200, 2660, 'Les règlements reçus avant la date'],
      [1300, 2660, '100,00'],
      [1700, 2660, '4,90'],
      [2100, 2660, '104,90'],
    ];
    const ocr = extractFields(scan(runs, 0), RECEIVER, null);
    assert.equal(ocr.fields.total_net?.value, '100.00');
    assert.equal(ocr.fields.total?.value, '104.90');
    // net + tax = total: `high` by the usual rule, nothing else
    assert.equal(ocr.fields.total?.confidence, 'high');
    // a text layer's lines count as they come: four lines down is too far
    const text = extractFields(scan(runs, 0, 'text'), RECEIVER, null);
    assert.equal(text.fields.total, null);
  });
});

describe('"Facture N°" with its raised o lost', () => {
  test('"Facture N" on a scan, the number on the line below: read, `low`; not in a text layer', () => {
    const runs: Run[] = [...HEAD, [200, 1000, 'Facture N'], [200, 1050, 'F-26-0543']];
    const ocr = extractFields(scan(runs, 0), RECEIVER, null);
    assert.equal(ocr.fields.number?.value, 'F-26-0543');
    assert.equal(ocr.fields.number?.confidence, 'low');
    const text = extractFields(scan(runs, 0, 'text'), RECEIVER, null);
    assert.notEqual(text.fields.number?.value, 'F-26-0543');
  });
});

describe("an OCR'd BIC", () => {
  // The chromium-langs scan de-1-classic-multipage read `BYLADEM1FSI` as `BYLADEMIFSI` (the native
  // engine, 1.19.5): both pass a BIC's format, and a BIC has no check digits.
  const page = (bic: string, method: 'ocr' | 'text') =>
    extractFields(
      scan([...HEAD, [200, 3000, `IBAN DE89 3704 0044 0532 0130 00 BIC ${bic}`]], 0, method),
      RECEIVER,
      null,
    ).fields.bic;

  test('with I, O, 1 or 0 in its location or branch, read by OCR, it is `low`', () => {
    assert.deepEqual(
      [page('BYLADEMIFSI', 'ocr')?.value, page('BYLADEMIFSI', 'ocr')?.confidence],
      ['BYLADEMIFSI', 'low'],
    );
    assert.equal(page('BYLADEM1FSI', 'ocr')?.confidence, 'low');
    assert.equal(page('DEUTDEDB110', 'ocr')?.confidence, 'low');
  });

  test('with B or 8 in its location or branch, read by OCR, it is `low` (1.19.19)', () => {
    // A scan of office-blind de-1-writer-tabs read `WELADE8LXXX` as `WELADEBLXXX` at 0.91
    assert.equal(page('WELADEBLXXX', 'ocr')?.confidence, 'low');
    assert.equal(page('WELADE8LXXX', 'ocr')?.confidence, 'low');
    assert.equal(page('WELADE8LXXX', 'text')?.confidence, 'high');
  });

  test('without them, or from a text layer, it is `high`', () => {
    assert.equal(page('COBADEFFXXX', 'ocr')?.confidence, 'high');
    assert.equal(page('BYLADEM1FSI', 'text')?.confidence, 'high');
  });

  test('the words after it are not its branch code', () => {
    // A photo of react-blind nl-3: "BIC UTRBNL2U · t.n.v. Dijkstra …", the middle dot lost, was
    // read UTRBNL2UTNV (eleven characters, a BIC's format).
    assert.deepEqual(
      [page('UTRBNL2U t.n.v. Dijkstra', 'ocr')?.value, page('UTRBNL2U t.n.v. Dijkstra', 'ocr')?.confidence],
      ['UTRBNL2U', 'high'],
    );
    assert.equal(page('COBADEFF XXX', 'ocr')?.value, 'COBADEFFXXX');
  });

  test('a word OCR was unsure of is `low`, as any other identifier', () => {
    // A fax (Ghostscript's tiffg4 at 204 x 196 dpi) of press-blind nl-1 read `(BIC DKRSNL2A)` as
    // `DKRENL2A)` at 0.59: a BIC's format cannot tell, and the letters were not read with doubt.
    assert.deepEqual(
      [page('DKRENL2A@0.59', 'ocr')?.value, page('DKRENL2A@0.59', 'ocr')?.confidence],
      ['DKRENL2A', 'low'],
    );
    assert.equal(page('DKRSNL2A@0.95', 'ocr')?.confidence, 'high');
  });
});

describe("an OCR'd registration", () => {
  // The toolkit set's it-4 scan read the REA number `SI-148392` as `S1-148392` (at 0.76): a
  // registration has no check digits to catch it.
  const page = (reg: string, method: 'ocr' | 'text') =>
    extractFields(scan([...HEAD, [200, 3000, `Registro Imprese REA ${reg}`]], 0, method), RECEIVER, null)
      .fields.seller_registration_id;

  test('with a 1 or 0 beside a letter, or an I or O beside a digit, read by OCR, it is `low`', () => {
    assert.deepEqual(
      [page('S1-148392', 'ocr')?.value, page('S1-148392', 'ocr')?.confidence],
      ['S1148392', 'low'],
    );
    assert.equal(page('HRB1O488', 'ocr')?.confidence, 'low');
  });

  test("a VAT id under a register's label is no registration (the eighth set's de-4 scan: its FN lost)", () => {
    const reg = (method: 'ocr' | 'text') =>
      extractFields(
        scan([...HEAD, [200, 3000, 'Firmenbuch'], [200, 3050, 'UID ATU61827358']], 0, method),
        RECEIVER,
        null,
      ).fields.seller_registration_id;
    assert.equal(reg('ocr'), null);
    assert.equal(reg('text'), null);
  });

  /** The registration OCR'd from a line of its own: its value and confidence. */
  const onLine = (line: string) => {
    const r = extractFields(scan([...HEAD, [200, 3000, line]], 0, 'ocr'), RECEIVER, null).fields
      .seller_registration_id;
    return [r?.value, r?.confidence];
  };

  test("under a German register court, digits without the register's letters are `low`", () => {
    // A fax (tiffg4, 204 x 196 dpi) of script-blind de-1: "Amtsgericht Hannover HRB 204117" read
    // without its "HRB", the number `high` at 0.94.
    assert.deepEqual(onLine('Amtsgericht Hannover 204117'), ['204117', 'low']);
    assert.deepEqual(onLine('Amtsgericht Hannover HRB 204117'), ['HRB204117', 'high']);
  });

  test("under Belgium's register, an enterprise number that fails its check is `low`", () => {
    // A photo of enterprise-blind fr-1: "RPM Liège 0412738562" read 041273856, `high` at 0.87.
    assert.deepEqual(onLine('RPM Liège 041273856'), ['041273856', 'low']);
    assert.deepEqual(onLine('RPM Liège 0412738562'), ['0412738562', 'high']);
  });

  test('without, or from a text layer, it is `high`', () => {
    assert.equal(page('SI-148392', 'ocr')?.confidence, 'high');
    assert.equal(page('B214736', 'ocr')?.confidence, 'high');
    assert.equal(page('S1-148392', 'text')?.confidence, 'high');
  });
});

describe("an OCR'd order number", () => {
  // The seventh set's nl-1 scan read the order `IO-26-0193` as `10-26-0193` (at 0.9): a letter
  // prefix read as digits, and an order number has no check digits.
  const page = (po: string, method: 'ocr' | 'text') =>
    extractFields(scan([...HEAD, [200, 3000, `Inkoopordernummer ${po}`]], 0, method), RECEIVER, null).fields
      .purchase_order;

  test('whose short first group is all I, O, 1 or 0, read by OCR, is `low`', () => {
    assert.deepEqual(
      [page('10-26-0193', 'ocr')?.value, page('10-26-0193', 'ocr')?.confidence],
      ['10-26-0193', 'low'],
    );
  });

  test('whose short first group mixes letters and digits with a 0, 1, I or O, read by OCR, is `low`', () => {
    // the ninth set's it-2 scan: the order OA-2026-0117 read 0A-2026-0117
    assert.equal(page('0A-2026-0117', 'ocr')?.confidence, 'low');
    assert.equal(page('0A-2026-0117', 'text')?.confidence, 'high');
  });

  test('others, or from a text layer, are `high`', () => {
    assert.equal(page('PO-2026-55', 'ocr')?.confidence, 'high');
    assert.equal(page('4500371188', 'ocr')?.confidence, 'high');
    assert.equal(page('PO201925478', 'ocr')?.confidence, 'high');
    assert.equal(page('10-26-0193', 'text')?.confidence, 'high');
  });
});

describe("OCR of the twelfth set's scans (press-blind)", () => {
  test("a box's border read as a bracket before a value: the value read without it, never `high`", () => {
    const ex = extractFields(
      scan(
        [
          ...HEAD,
          [200, 1000, 'Rechnungsnummer'],
          [900, 1000, 'Rechnungsdatum'],
          [200, 1060, '[RE-2026-0412'],
          [900, 1060, '[05.03.2026'],
          ...TOTALS,
        ],
        0,
      ),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.number?.value, 'RE-2026-0412');
    assert.equal(ex.fields.number?.confidence, 'low');
    assert.equal(ex.fields.issue_date?.value, '2026-03-05');
    assert.equal(ex.fields.issue_date?.confidence, 'low');
  });

  test("a monospaced print's cents OCR cut off after the decimal mark are the amount's", () => {
    // "447," and "88" a space's width apart (18 px of a 40 px line): more than OCR's own splits
    const runs: Run[] = TOTALS.map(([x, y, t]) => [x, y, t === '447,88' ? '447,¦88' : t]);
    const ex = extractFields(scan([...HEAD, ...runs], 0, 'ocr', 18), RECEIVER, null);
    assert.equal(ex.fields.total?.value, '447.88');
    // a text layer's two words are two values still
    const text = extractFields(scan([...HEAD, ...runs], 0, 'text', 18), RECEIVER, null);
    assert.notEqual(text.fields.total?.value, '447.88');
  });
});

describe("OCR of the thirteenth set's scans (engine-blind)", () => {
  test('a label\'s colon OCR glued to a speck ("Invoice date \':") is stepped over; a colon alone still counts', () => {
    const ex = extractFields(
      // (OCR unsure of the speck, as it was, and the date wider apart than one value's words)
      scan([...HEAD, [200, 1000, "Invoice date ':@0.72"], [590, 1000, '05/03/2026'], ...TOTALS], 0),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.issue_date?.value, '2026-03-05');
    // a bare title reads only what follows it at once: past another word and a lone colon, a
    // GLN is not the invoice's number
    const gln = extractFields(
      scan([...HEAD, [200, 1000, 'Références sur la facture GLN : 3654789851'], ...TOTALS], 0),
      RECEIVER,
      null,
    );
    assert.notEqual(gln.fields.number?.value, '3654789851');
  });

  test('"Rechnungdatum", the joining s OCR lost, names the issue date', () => {
    const ex = extractFields(
      scan([...HEAD, [1500, 1000, 'Rechnungdatum 6 März 2026'], ...TOTALS], 0),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.issue_date?.value, '2026-03-06');
  });

  test('a register\'s letters a monospaced space from its number ("REA CO 298741") are the number\'s', () => {
    // OCR boxes the capitals alone: 50 px from the number on a 40 px line
    const ex = extractFields(
      scan(
        [
          ...HEAD,
          [200, 1000, 'P.IVA IT02947160137'],
          [700, 1000, 'REA CO'],
          [882, 1000, '298741'],
          ...TOTALS,
        ],
        0,
      ),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.seller_registration_id?.value, 'CO298741');
  });
});

describe("OCR of the fourteenth set's scans (enterprise-blind)", () => {
  test('a dash OCR made of dust between a label and its date is stepped over', () => {
    const ex = extractFields(
      scan([...HEAD, [200, 1000, 'Fecha de factura: —@0.69 5 de marzo de 2026'], ...TOTALS], 0),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.issue_date?.value, '2026-03-05');
  });

  test('a speck read as a typographic quote glued to a date ("‘05/03/2026") is not the date\'s', () => {
    const ex = extractFields(scan([...HEAD, [200, 1000, 'Data ‘05/03/2026'], ...TOTALS], 0), RECEIVER, null);
    assert.equal(ex.fields.issue_date?.value, '2026-03-05');
  });
});

describe('OCR of scans at low resolution (a robustness probe, 1.19.17)', () => {
  test('a dot of dust OCR read as a digit beside a label is not the value: the one below is', () => {
    // the speck: a box 3 px square right of the label, read as "2" (as OCR did on a 200 dpi PNG),
    // low in the label's line (one line with it) or halfway down (a line of its own)
    for (const top of [1030, 1015]) {
      const file = scan(
        [
          ...HEAD,
          [200, 1000, 'Bloemenhandel Claeys-Desmet BV'],
          [1000, 1000, 'Factuurnr.'],
          [1400, 1000, 'Datum'],
          [1800, 1000, 'Vervaldag'],
          [1000, 1050, '2026/0264'],
          [1400, 1050, '13/02/2026'],
          [1800, 1050, '15/03/2026'],
          ...TOTALS,
        ],
        0,
      );
      file.pages[0]?.words.push({ text: '2', bbox: [1240, top, 1243, top + 3], confidence: 0.63 });
      const ex = extractFields(file, RECEIVER, null);
      assert.equal(ex.fields.number?.value, '2026/0264', `the speck at ${top}`);
    }
    // a real digit there, a character's size, is still the value
    const real = scan([...HEAD, [200, 1000, 'Factuurnr. 7'], ...TOTALS], 0);
    assert.equal(extractFields(real, RECEIVER, null).fields.number?.value, '7');
  });

  test('a dash and a quote OCR glued to a label\'s colon ("Invoice date -\':") are stepped over', () => {
    const ex = extractFields(
      scan([...HEAD, [200, 1000, "Invoice date -':@0.59"], [590, 1000, '05/03/2026'], ...TOTALS], 0),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.issue_date?.value, '2026-03-05');
  });
});

describe('OCR of scans made harder: 150 dpi, turned 3.5 degrees, JPEG quality 40 (1.19.17)', () => {
  test("a SIREN's groups one monospaced space apart are one number; a part of one, or a text layer's with a wrong check digit, is never `high`", () => {
    // a line printer's digits: OCR's boxes 40 px high, a space 48 px wide between the groups
    const groups = (x: number) =>
      [
        [x, 1000, '438'],
        [x + 114, 1000, '715'],
        [x + 228, 1000, '625'],
      ] as Run[];
    const ex = extractFields(
      scan([...HEAD, [200, 1000, 'RCS Bordeaux B'], ...groups(580), ...TOTALS], 0),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.seller_registration_id?.value, '438715625');
    assert.equal(ex.fields.seller_registration_id?.confidence, 'high');
    const wrongCheck = extractFields(
      scan([...HEAD, [200, 1000, 'RCS Lyon 412 837 590'], ...TOTALS], 0, 'text'),
      RECEIVER,
      null,
    );
    assert.equal(wrongCheck.fields.seller_registration_id?.value, '412837590');
    assert.equal(wrongCheck.fields.seller_registration_id?.confidence, 'low');
    const right = extractFields(
      scan([...HEAD, [200, 1000, 'RCS Lyon 412 837 593'], ...TOTALS], 0, 'text'),
      RECEIVER,
      null,
    );
    assert.equal(right.fields.seller_registration_id?.confidence, 'high');
  });

  test("an OCR'd amount due under the total is `high` only where the page says what was taken off", () => {
    const totals = (extra: Run[]): Run[] => [
      [1300, 2500, 'Nettobetrag'],
      [2200, 2500, '1.308,91'],
      [1300, 2560, 'MwSt. 19 %'],
      [2200, 2560, '248,69'],
      [1300, 2620, 'Gesamtbetrag'],
      [2200, 2620, '1.557,60'],
      ...extra,
    ];
    // "Zahlbetrag 557,60": the total's first digit lost, nothing printed as taken off
    const lost = extractFields(
      scan(
        [
          ...HEAD,
          ...totals([
            [1300, 2680, 'Zahlbetrag'],
            [2200, 2680, '557,60'],
          ]),
        ],
        0,
      ),
      RECEIVER,
      null,
    );
    assert.equal(lost.fields.total?.confidence, 'high');
    assert.equal(lost.fields.amount_due?.value, '557.60');
    assert.equal(lost.fields.amount_due?.confidence, 'low');
    const deposit = extractFields(
      scan(
        [
          ...HEAD,
          ...totals([
            [1300, 2680, 'abzüglich Anzahlung'],
            [2200, 2680, '1.000,00'],
            [1300, 2740, 'Zahlbetrag'],
            [2200, 2740, '557,60'],
          ]),
        ],
        0,
      ),
      RECEIVER,
      null,
    );
    assert.equal(deposit.fields.amount_due?.value, '557.60');
    assert.equal(deposit.fields.amount_due?.confidence, 'high');
  });

  test("a register's province with its dash, OCR'd a space from the number (\"REA MI- 2088131\"), is the number's", () => {
    const ex = extractFields(
      scan([...HEAD, [200, 1000, 'C.F. e P.IVA 09337210158 - REA MI- 2088131'], ...TOTALS], 0),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.seller_registration_id?.value, 'MI2088131');
  });

  test('a VAT id in a word OCR was unsure of (0.61: "ESB30182746" for ESB39182746) is `low`', () => {
    const at = (sure: string) =>
      extractFields(
        scan([...HEAD, [200, 1000, `USt-IdNr. DE123456789@${sure}`], ...TOTALS], 0),
        RECEIVER,
        null,
      ).fields.seller_vat_id;
    assert.equal(at('0.61')?.value, 'DE123456789');
    assert.equal(at('0.61')?.confidence, 'low');
    assert.equal(at('0.69')?.confidence, 'low');
    assert.equal(at('0.9')?.confidence, 'high');
  });
});

describe("a VAT table's row that adds up, against the invoice's total (a photo, 1.19.18)", () => {
  // A phone photo of script-blind de-1 (keystoned, lit unevenly): OCR lost "Summe netto 4.247,15"
  // and garbled the 7 % row; the 19 % row under "Netto | USt. | Brutto" added up by itself and was
  // read as the invoice's totals, `high`, beside "Rechnungsbetrag 5.042,15".
  const runs: Run[] = [
    ...HEAD,
    [200, 2200, 'Steuersatz    Netto       USt.      Brutto   Summe netto          €'],
    [200, 2250, '19 %          4.147,55    788,03    4.935,58'],
    [1600, 2400, 'Rechnungsbetrag 5.042,15 €'],
  ];

  test("the row is not the invoice's total: `low`", () => {
    const f = extractFields(scan(runs, 0), RECEIVER, null).fields;
    assert.notEqual(f.total?.confidence, 'high', `total ${f.total?.value}`);
    assert.notEqual(f.total_net?.confidence, 'high', `net ${f.total_net?.value}`);
  });

  test("with its other row and the invoice's own net and tax read, its totals are `high`", () => {
    const whole: Run[] = [
      ...runs,
      [200, 2300, '7 %           99,60       6,97      106,57'],
      [1600, 2300, 'Summe netto 4.247,15 €'],
      [1600, 2350, 'USt. gesamt 795,00 €'],
    ];
    const f = extractFields(scan(whole, 0), RECEIVER, null).fields;
    assert.deepEqual([f.total?.value, f.total?.confidence], ['5042.15', 'high']);
    assert.deepEqual([f.total_net?.value, f.total_net?.confidence], ['4247.15', 'high']);
  });
});

describe("an OCR'd invoice number the page prints again, read otherwise there (a photo, 1.19.18)", () => {
  // A harsh photo of toolkit-blind en-1 read "Invoice number HOL26-01187" (0.89) where the page
  // quotes it again as HOI-26-01187 (0.91): one of the two readings is wrong.
  const number = (again: string, method: 'ocr' | 'text' = 'ocr') =>
    extractFields(
      scan(
        [
          ...HEAD,
          [1400, 600, 'Invoice number HOL26-01187'],
          [200, 2600, `Please quote ${again} with your payment.`],
        ],
        0,
        method,
      ),
      RECEIVER,
      null,
    ).fields.number;

  test('one look-alike character apart: `low`', () => {
    assert.deepEqual(
      [number('HOI-26-01187')?.value, number('HOI-26-01187')?.confidence],
      ['HOL26-01187', 'low'],
    );
  });

  test('the same, or another number (an order, the previous invoice), or a text layer: `high`', () => {
    assert.equal(number('HOL26-01187')?.confidence, 'high');
    assert.equal(number('HOL26-01186')?.confidence, 'high');
    assert.equal(number('PO-26-01187')?.confidence, 'high');
    assert.equal(number('HOI-26-01187', 'text')?.confidence, 'high');
  });
});

describe('a scan probe of 36 unseen pages of the held-out sets (1.19.19)', () => {
  test('"Date de 27/01/2026", a delivery date whose noun OCR lost in its dotted leader, is never a `high` issue date', () => {
    // pdfkit-blind fr-2-compact: "Date ....... 29/01/2026" read "Dee li 29/01/2026", "Date de
    // livraison ....... 27/01/2026" read "Date de 27/01/2026"
    const lost = extractFields(
      scan(
        [
          ...HEAD,
          [200, 1000, 'Dee li 29/01/2026'],
          [200, 1060, 'Date de 27/01/2026'],
          [200, 1120, 'Echeance ns 28/02/2026'],
          ...TOTALS,
        ],
        0,
      ),
      RECEIVER,
      null,
    );
    assert.equal(lost.fields.issue_date?.value, '2026-01-27');
    assert.equal(lost.fields.issue_date?.confidence, 'low');
    // the same label with its noun, or without a preposition, still names the invoice's date
    for (const label of ['Date de facture', 'Date']) {
      const whole = extractFields(
        scan([...HEAD, [200, 1000, `${label} 29/01/2026`], ...TOTALS], 0),
        RECEIVER,
        null,
      );
      assert.equal(whole.fields.issue_date?.value, '2026-01-29', label);
      assert.equal(whole.fields.issue_date?.confidence, 'high', label);
    }
  });
  test('a full stop OCR read after the cents ("Invoice total £5,623.20.") leaves the amount readable', () => {
    // script-blind en-1-prawn-joinery: the total was the VAT table's net sum instead
    assert.equal(parseOcrAmount('£5,623.20.', '.'), '5623.20');
    assert.equal(parseOcrAmount('1.140,28,', ','), '1140.28');
    // only after two decimals: "1.234." is no amount with its cents
    assert.equal(parseOcrAmount('1.234.', ','), null);
    // a text layer's words are read strictly, as printed
    assert.equal(parseAmount('£5,623.20.', '.'), null);
    const ex = extractFields(
      scan(
        [
          ...HEAD,
          [1300, 2500, 'Net total'],
          [2200, 2500, '£4,911.00'],
          [1300, 2560, 'VAT @ 20%'],
          [2200, 2560, '£712.20'],
          [1300, 2620, 'Invoice total'],
          [2200, 2620, '£5,623.20.'],
        ],
        0,
      ),
      RECEIVER,
      null,
    );
    assert.equal(ex.fields.total?.value, '5623.20');
    assert.equal(ex.fields.total?.confidence, 'high');
  });
  test("a German register whose division the seller's legal form contradicts (a KG's HRB) is never `high`", () => {
    // print-blind de-1-gs-spool: OCR lost the footer's first line ("… GmbH & Co. KG, AG Bielefeld
    // HRA 9142 / phG: Hollmann"), and read the general partner's HRB as the KG's registration
    const footer = (register: string): Run[] => [
      [200, 150, 'Hollmann Getränke GmbH & Co. KG'],
      [200, 210, 'Am Güterbahnhof 12, 33602 Bielefeld, Telefon 0521 55 01 23'],
      [200, 1000, 'Rechnungsnummer 2603-04711'],
      ...TOTALS,
      [200, 3300, `${register} / USt-IdNr. DE125938647 / St.-Nr. 305/5712/0483`],
    ];
    const partner = extractFields(
      scan(footer('Verwaltungs-GmbH, AG Bielefeld HRB 40117'), 0),
      RECEIVER,
      null,
    );
    assert.equal(partner.fields.seller_registration_id?.value, 'HRB40117');
    assert.equal(partner.fields.seller_registration_id?.confidence, 'low');
    const own = extractFields(scan(footer('AG Bielefeld HRA 9142'), 0), RECEIVER, null);
    assert.equal(own.fields.seller_registration_id?.value, 'HRA9142');
    assert.equal(own.fields.seller_registration_id?.confidence, 'high');
    // not the other way round: a name read "… GmbH" may be a "GmbH & Co. KG" whose "& Co. KG" is
    // on the next line (mixed-blind de-3-weasyprint-wholesale's scan, its HRA right)
    const wrapped: Run[] = [
      [200, 150, 'Bürowelt Lindemann Großhandel GmbH'],
      [200, 190, '& Co. KG, Hafenstraße 4, 28217 Bremen'],
      [200, 1000, 'Rechnungsnummer VR-2026-015832'],
      ...TOTALS,
      [200, 3300, 'Amtsgericht Bremen HRA 204718 / USt-IdNr. DE125938647'],
    ];
    const kg = extractFields(scan(wrapped, 0), RECEIVER, null).fields;
    assert.equal(kg.seller_name?.value, 'Bürowelt Lindemann Großhandel GmbH');
    assert.equal(kg.seller_registration_id?.value, 'HRA204718');
    assert.equal(kg.seller_registration_id?.confidence, 'high');
  });
  test('a word in lower case is never a BIC ("Cantiere:" under a BIC label that closed its line)', () => {
    // engine-blind it-2-lualatex-engineer, scanned at 300 dpi and turned 1.7 degrees: the BIC's
    // label closed its line and "Cantiere: Via Trieste 8" was read as CANTIERE, a BIC's form
    const bic = (next: string) =>
      extractFields(
        scan(
          [
            ...HEAD,
            [200, 3000, 'Pagamento a mezzo bonifico: IBAN IT60 A086 7611 2000 0000 0031 547, BIC'],
            [200, 3040, next],
          ],
          0,
        ),
        RECEIVER,
        null,
      ).fields.bic;
    assert.equal(bic('Cantiere: Via Trieste 8, Brescia.'), null);
    assert.equal(bic('BDGAIT3BXXX, Banca del Garda.')?.value, 'BDGAIT3BXXX');
  });
  test('an OCR\'d number that is a count, a 1 and the invoice\'s year ("712026" for "7/2026") is never `high`', () => {
    // script-blind it-4-calc-consulenza: "Fattura n. 7/2026" read "712026" at 0.88
    const number = (printed: string) =>
      extractFields(
        scan([...HEAD, [200, 1000, `Fattura n. ${printed}`], [1200, 1000, 'Data 12/03/2026'], ...TOTALS], 0),
        RECEIVER,
        null,
      ).fields.number;
    assert.deepEqual([number('712026')?.value, number('712026')?.confidence], ['712026', 'low']);
    assert.equal(number('7/2026')?.confidence, 'high');
    assert.equal(number('74512026')?.confidence, 'low');
    assert.equal(number('74520')?.confidence, 'high', 'no year after the 1');
  });

  test("a Swiss buyer's UID read without its MWST is the receiver's, never the seller's VAT id", () => {
    // mixed-blind de-4-fpdf-erp: the buyer's "MWST-Nr. CHE-310.477.256 MWST" read with its MWST
    // apart, the seller's own id lost: the buyer's was taken as the seller's, `high`
    const swiss = { ...RECEIVER, vat_id: 'CHE-310.477.256 MWST', country_code: 'CH' };
    const f = extractFields(
      scan(
        [...HEAD, [200, 1000, 'Rechnung Nr. 7340218'], [1300, 400, 'MWST-Nr. CHE-310.477.256'], ...TOTALS],
        0,
      ),
      swiss,
      null,
    ).fields;
    assert.notEqual(f.seller_vat_id?.value, 'CHE310477256');
    assert.equal(f.buyer_vat_id?.value, 'CHE310477256');
  });
});
