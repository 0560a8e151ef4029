// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the toolkit set (test/fixtures/capture/toolkit-blind, held out (6): ReportLab, TCPDF and
// wkhtmltopdf) showed at its first measurement: `high` values read wrong (a credit note's issue
// date taken from the invoice it refers to, a QR-IBAN read as the registration below a register
// named with its canton). Each test fails without its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { file, RECEIVER, type Run } from './hand-made.ts';

const read = (runs: Run[]) => extractFields(file(runs), RECEIVER, null).fields;

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
    ])
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
});
