// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the toolkit set (test/fixtures/capture/toolkit-blind, held out (6): ReportLab, TCPDF and
// wkhtmltopdf) showed at its first measurement: `high` values read wrong (a credit note's issue
// date taken from the invoice it refers to, a QR-IBAN read as the registration below a register
// named with its canton). Each test fails without its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PageWord, ReadFile } from '../../../src/lib/capture-shapes.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { linesOf } from '../../../src/modules/capture/extract/lines.ts';
import { page, RECEIVER, type Run, fieldsOf as read, totalsBlock } from './hand-made.ts';

describe('toolkits (held out (6)) fixes', () => {
  test('"Rif. fattura n. 312/2026 del 27/02/2026" is the invoice a credit note refers to, not its number or date', () => {
    const f = read([
      [40, 40, 'Ferramenta Esempio S.r.l.'],
      [343, 62, 'Nota di credito n.'],
      [439, 62, 'NC-2026-014'],
      [343, 73, 'Data'],
      [439, 73, '12/03/2026'],
      [343, 84, 'Rif. fattura n.'],
      [439, 84, '312/2026 del 27/02/2026'],
    ]);
    assert.equal(f.number?.value, 'NC-2026-014');
    assert.equal(f.issue_date?.value, '2026-03-12');
    for (const [label, rest] of [
      ['Ref. invoice no.', 'INV-0871 of 27/02/2026'],
      ['Betreft factuur nr.', '2026-0871 van 27-02-2026'],
    ] as const)
      assert.notEqual(
        read([
          [40, 40, 'Example Supplies Ltd'],
          [343, 73, 'Date'],
          [439, 73, '12/03/2026'],
          [343, 84, label],
          [439, 84, rest],
        ]).number?.value,
        rest.split(' ')[0],
        label,
      );
  });

  test('a register named with its place before the number ("Handelsregister Kanton Zürich, CHE-…"); an IBAN below it is no registration', () => {
    const f = read([
      [40, 40, 'Werkzeug Beispiel AG'],
      [343, 62, 'Rechnung Nr. 2026-0412'],
      [343, 73, 'Datum 12.05.2026'],
      [40, 519, 'MWST-Nr. CHE-416.283.975 MWST · Handelsregister Kanton Zürich, CHE-416.283.975'],
      [40, 531, 'Eulachbank Winterthur · QR-IBAN CH44 3199 9123 0008 8901 2 · BIC EULACHZZ'],
    ]);
    assert.equal(f.seller_registration_id?.value, 'CHE416283975');
    // the register's label alone on its line, the bank's line under it
    const bank = read([
      [40, 40, 'Werkzeug Beispiel AG'],
      [343, 62, 'Rechnung Nr. 2026-0412'],
      [343, 73, 'Datum 12.05.2026'],
      [40, 519, 'Handelsregister'],
      [40, 531, 'CH44 3199 9123 0008 8901 2'],
    ]);
    assert.equal(bank.seller_registration_id, null);
    // a volume of the Spanish register is not its number
    const es = read([
      [40, 40, 'Talleres Ejemplo, S.L.'],
      [343, 62, 'Factura n.º 2026/017'],
      [343, 73, 'Fecha: 12/05/2026'],
      [40, 519, 'Registro Mercantil de Valencia, Tomo 8.412, Libro 5.698, Folio 112'],
    ]);
    assert.notEqual(es.seller_registration_id?.value, 'Tomo8412');
  });

  /** A totals block: [label, amount] rows, labels at 269, amounts at 496. */
  const totals = (rows: [string, string][], y = 460): Run[] =>
    totalsBlock(rows, { y, step: 15, labelX: 269, amountX: 496 });

  test('a tax printed on its rate’s row after the base ("IVA 21% s/ 3.890,00 € 816,90 €"): the tax, and the base as the net', () => {
    const es = read([
      [57, 40, 'Lucía Ejemplo Arias'],
      [343, 62, 'Factura n.º 2026/017'],
      [343, 73, 'Fecha: 12/05/2026'],
      ...totals([
        ['IVA 21% s/ 3.890,00 €', '816,90 €'],
        ['Total factura', '4.706,90 €'],
        ['Retención IRPF 15 %', '-583,50 €'],
        ['Líquido a percibir', '4.123,40 €'],
      ]),
    ]);
    assert.equal(es.total_tax?.value, '816.90');
    assert.equal(es.total_net?.value, '3890.00');
    assert.equal(es.total?.value, '4706.90');
    assert.equal(es.amount_due?.value, '4123.40');
    const en = read([
      [57, 40, 'Example Interiors Ltd'],
      [343, 62, 'Invoice No. INV-2026-0412'],
      [343, 73, 'Invoice date 12/05/2026'],
      ...totals([
        ['Total net', '£24,977.75'],
        ['VAT 0% on £106.00', '£0.00'],
        ['VAT 20% on £24,871.75', '£4,974.35'],
        ['Total', '£29,952.10'],
      ]),
    ]);
    assert.equal(en.total_net?.value, '24977.75');
    assert.equal(en.total?.value, '29952.10');
    assert.equal(en.total_tax?.value, '4974.35');
  });

  test('totals and numbers in their own words: Gesamtsumme netto/brutto, Imponibile IVA, Nº rectificativa', () => {
    const de = read([
      [57, 40, 'Beispiel Bau GmbH'],
      [343, 62, 'Rechnung Nr. 2026-0412'],
      [343, 73, 'Rechnungsdatum 12.05.2026'],
      ...totals([
        ['Gesamtsumme netto', '56.610,00 €'],
        ['zzgl. 19 % Umsatzsteuer', '10.755,90 €'],
        ['Gesamtsumme brutto', '67.365,90 €'],
      ]),
    ]);
    assert.equal(de.total?.value, '67365.90');
    assert.equal(de.total?.confidence, 'high');
    assert.equal(de.total_net?.value, '56610.00');
    const it = read([
      [57, 40, 'Studio Esempio'],
      [343, 62, 'Fattura n. 18/2026'],
      [343, 73, 'Data 12/05/2026'],
      ...totals([
        ['Imponibile IVA', '€ 4.617,60'],
        ['IVA 22%', '€ 1.015,87'],
        ['Totale documento', '€ 5.633,47'],
      ]),
    ]);
    assert.equal(it.total_net?.value, '4617.60');
    assert.equal(it.total_tax?.value, '1015.87');
    assert.equal(it.total?.confidence, 'high');
    const es = read([
      [99, 44, 'Suministros Ejemplo S.L.'],
      [349, 79, 'Nº rectificativa'],
      [486, 79, 'R-2026-0009'],
      [349, 92, 'Fecha'],
      [486, 92, '10/03/2026'],
      [349, 106, 'Factura rectificada A-2026-0388 de 24/02/2026'],
      ...totals([
        ['Base imponible', '-591,99 €'],
        ['IVA 21 %', '-124,32 €'],
        ['Total rectificativa', '-716,31 €'],
      ]),
    ]);
    assert.equal(es.number?.value, 'R-2026-0009');
    assert.equal(es.issue_date?.value, '2026-03-10');
    assert.equal(es.total?.value, '-716.31');
  });

  test('a letterhead’s large name, the logo beside it and the small tagline under it are three lines, not one', () => {
    // wkhtmltopdf's it-3: the name 13 points high, a monogram 11.6 beside it reaching lower, the
    // tagline 7 points under the name, and a title in another column a little lower than the name
    const w = (text: string, x: number, y0: number, y1: number): PageWord => ({
      text,
      bbox: [x, y0, x + text.length * 6, y1],
      confidence: 1,
    });
    /** words one space apart from x on */
    const run = (texts: string[], x: number, y0: number, y1: number): PageWord[] => {
      let at = x;
      return texts.map((t) => {
        const word = w(t, at, y0, y1);
        at += (t.length + 1) * 6;
        return word;
      });
    };
    const head: PageWord[] = [
      w('FC', 47, 47.65, 59.24),
      ...run(['Ferramenta', 'Colombo', '&', 'Figli', 'S.r.l.'], 73, 41.42, 54.3),
      ...run(['Nota', 'di', 'credito'], 344, 44, 57),
      ...run(['Utensileria', '·', 'ferramenta', '·', 'forniture', 'industriali'], 73, 54.76, 61.85),
    ];
    const rest = page([
      [343, 62, 'Nota di credito n. NC 9/2026'],
      [343, 73, 'Data 12/03/2026'],
      [40, 379, 'Ferramenta Colombo & Figli S.r.l. · Via Lecco 88 · 20900 Monza (MB)'],
    ]);
    const f: ReadFile = {
      method: 'text',
      pages: [{ ...rest, words: [...head, ...rest.words] }],
      pageCount: 1,
      truncated: false,
      notes: [],
    };
    const texts = linesOf(f).map((l) => l.text);
    assert.ok(texts.includes('Ferramenta Colombo & Figli S.r.l. Nota di credito'), texts.join('\n'));
    assert.ok(texts.includes('FC Utensileria · ferramenta · forniture industriali'), texts.join('\n'));
    assert.equal(
      extractFields(f, RECEIVER, null).fields.seller_name?.value,
      'Ferramenta Colombo & Figli S.r.l.',
    );
  });

  test('registrations in the small print: AG Regensburg HRB, CRO, RPR Gent, RCS Luxembourg B…; a register’s volume is not its number', () => {
    const reg = (footer: string) =>
      read([
        [57, 40, 'Example Supplier'],
        [343, 62, 'Invoice No. INV-2026-0412'],
        [343, 73, 'Invoice date 12/05/2026'],
        [57, 781, footer],
      ]).seller_registration_id?.value;
    assert.equal(
      reg('Am Holzgarten 9 · AG Regensburg HRB 14822 · IBAN DE32 7509 0000 0102 8477 31'),
      'HRB14822',
    );
    assert.equal(reg('Registered in Ireland, CRO No. 614392'), '614392');
    assert.equal(reg('VAT IE9817264S · CRO 702418 · Registered office as above'), '702418');
    assert.equal(reg('Btw BE 0648.132.719 | RPR Gent 0648.132.719 | Registratie aannemer'), '0648132719');
    assert.equal(
      reg('45, rue de l’Alzette · RCS Luxembourg B214736 · IBAN LU83 0190 0038 1764 2005'),
      'B214736',
    );
    assert.equal(reg('Registro Mercantil de Valencia, Tomo 8.412, Libro 5.698, Folio 112'), undefined);
  });

  test('a free-text remittance line after its label ("Causale: W-2026-0488 Enoteca Il Grappolo") is not read `high` from its first word', () => {
    const f = read([
      [40, 40, 'Vinicola Esempio S.r.l.'],
      [343, 62, 'Fattura n. 488/2026'],
      [343, 73, 'Data 09/03/2026'],
      [49, 434, 'Causale: W-2026-0488 Enoteca Il Grappolo'],
    ]);
    assert.equal(f.payment_reference?.value, 'W-2026-0488');
    assert.equal(f.payment_reference?.confidence, 'low');
    const alone = read([
      [40, 40, 'Vinicola Esempio S.r.l.'],
      [343, 62, 'Fattura n. 488/2026'],
      [343, 73, 'Data 09/03/2026'],
      [49, 434, 'Causale: W-2026-0488'],
    ]);
    assert.equal(alone.payment_reference?.confidence, 'high');
  });

  test('a seller name beside its label and a colon ("Titulaire : Roussel Ingénierie Conseil SAS") has no colon', () => {
    const f = read([
      [158, 71, 'ROUSSEL INGÉNIERIE CONSEIL SAS'],
      [343, 120, 'Facture n° F-2026-0142'],
      [343, 132, 'Date : 12/03/2026'],
      [47, 467, 'Titulaire : Roussel Ingénierie Conseil SAS'],
      [47, 480, 'IBAN FR76 3000 4000 0312 3456 7890 143'],
    ]);
    assert.equal(f.seller_name?.value, 'Roussel Ingénierie Conseil SAS');
  });

  test('a family name’s particles before a legal name found in the small print ("Van der Wiel Kantoorartikelen B.V.")', () => {
    const f = read([
      [238, 32, 'Kantoorartikelen B.V.'],
      [343, 120, 'Factuurnummer 2026-0311'],
      [343, 132, 'Factuurdatum 12-03-2026'],
      [173, 802, 'Van der Wiel Kantoorartikelen B.V. · Vlampijpstraat 58 · 3534 AR Utrecht'],
    ]);
    assert.equal(f.seller_name?.value, 'Van der Wiel Kantoorartikelen B.V.');
  });

  test('labels in their short forms: "N° TVA intracom.", "Your PO", "Please use reference … with your payment"', () => {
    const fr = read([
      [40, 40, 'Maison Exemple SARL'],
      [369, 147, 'Facture n° FA-2026-00412'],
      [369, 160, 'Date : 12/03/2026'],
      [40, 524, 'Maison Exemple SARL  Tél. 03 20 55 01 48  N° TVA intracom. FR 45 812453678'],
    ]);
    assert.equal(fr.seller_vat_id?.value, 'FR45812453678');
    assert.equal(fr.seller_vat_id?.confidence, 'high');
    const en = read([
      [40, 40, 'Example Studio Limited'],
      [374, 130, 'Invoice no. SLV-2026-0419'],
      [374, 140, 'Date 12/03/2026'],
      [374, 150, 'Your PO'],
      [507, 150, 'BCD-0311'],
      [57, 454, 'Please use reference SLV-BCD-0419 with your payment.'],
    ]);
    assert.equal(en.purchase_order?.value, 'BCD-0311');
    assert.equal(en.payment_reference?.value, 'SLV-BCD-0419');
  });
});
