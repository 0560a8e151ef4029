// test-database: none (it uses no database; scripts/run-tests.mjs)
// What the tenth set (test/fixtures/capture/app-blind, held out (10): dompdf, Qt and pdf-lib)
// showed at its first measurement: captions in a row of boxes ("Invoice" | "Date" | "Due"), totals
// and numbers in words not known yet, Belgian VAT ids followed by their register, a public body's
// identifier in its block, and three `high` values read wrong (a discount's deadline taken for the
// due date, the buyer's NIF taken for the seller's VAT id, a Swiss VAT id the key writes without
// its MWST: the bench's comparison, not extraction). Each test fails without its fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CaptureReceiver } from '../../../src/lib/capture-shapes.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { file, type Run, fieldsOf as read, totalsBlock } from './hand-made.ts';

describe('application generators (held out (10)) fixes', () => {
  test('a row of captions over boxes: "Invoice" | "Date" | "Due", "Fattura N." | "del"', () => {
    const en = read([
      [40, 46, "Donnelly's Motor Works Ltd"],
      [302, 100, 'Invoice'],
      [387, 100, 'Date'],
      [472, 100, 'Due'],
      [302, 113, 'WS 24719'],
      [387, 113, '14/04/26'],
      [472, 113, '28/04/26'],
      [40, 177, 'Repair Invoice'],
    ]);
    assert.equal(en.number?.value, 'WS 24719');
    assert.equal(en.number?.confidence, 'high');
    assert.equal(en.issue_date?.value, '2026-04-14');
    assert.equal(en.issue_date?.confidence, 'high');
    // a caption alone names no field outright: as a generic label's, never `high`
    assert.equal(en.due_date?.value, '2026-04-28');
    assert.equal(en.due_date?.confidence, 'low');
    const it = read([
      [43, 43, 'Carrozzeria Esempio S.n.c.'],
      [302, 84, 'Fattura N.'],
      [381, 84, 'del'],
      [485, 84, 'Scadenza pagamento'],
      [302, 94, '0000287'],
      [381, 94, '9 aprile 2026'],
      [485, 94, '09.05.2026'],
    ]);
    assert.equal(it.number?.value, '0000287');
    assert.equal(it.issue_date?.value, '2026-04-09');
    assert.equal(it.due_date?.value, '2026-05-09');
    // a title alone beside the letterhead is no caption: what lies under it (a scan's speck, a
    // town) is not the number
    const title = read([
      [40, 40, 'Ofimática Castellana'],
      [300, 40, 'FACTURA RECTIFICATIVA'],
      [40, 52, 'Ofimática Castellana, S.L.'],
      [330, 52, '5'],
    ]);
    assert.equal(title.number, null);
    // "due" in a sentence is no caption: the balance's label reads on past it
    const balance = read([
      [52, 385, 'Total fee €12,098.90'],
      [52, 400, 'Less: payment on account received (€2,000.00)'],
      [52, 431, 'Balance now due'],
      [424, 431, '€10,098.90'],
    ]);
    assert.equal(balance.amount_due?.value, '10098.90');
  });

  test('a deadline with an early-payment discount is not the due date; the net deadline after it is', () => {
    const both = read([
      [43, 254, 'Zahlbar bis 22.03.2026 mit 2 % Skonto = 2.165,62 EUR, bis 11.04.2026 netto.'],
    ]);
    assert.equal(both.due_date?.value, '2026-04-11');
    assert.equal(both.due_date?.confidence, 'low');
    const discountOnly = read([[43, 254, 'Zahlbar bis 22.03.2026 mit 2 % Skonto']]);
    assert.equal(discountOnly.due_date?.confidence, 'low');
    // the discount in the next sentence leaves the due date alone
    const next = read([
      [
        57,
        426,
        'Zahlungsbedingungen: 30 Tage netto, fällig am 11.04.2026. Bei Zahlung innert 10 Tagen 2% Skonto.',
      ],
    ]);
    assert.equal(next.due_date?.value, '2026-04-11');
    assert.equal(next.due_date?.confidence, 'high');
  });

  test('totals and numbers in the words these suppliers print them in', () => {
    const total = (rows: [string, string][]) => read(totalsBlock(rows)).total?.value;
    assert.equal(total([['Rechnungstotal CHF', "3'124.09"]]), '3124.09');
    assert.equal(total([['Totale conto €', '2.252,40']]), '2252.40');
    assert.equal(total([['Totaal creditbedrag EUR', '-1.309,83']]), '-1309.83');
    const net = (rows: [string, string][]) => read(totalsBlock(rows)).total_net?.value;
    assert.equal(net([['Maatstaf van heffing €', '694,20']]), '694.20');
    assert.equal(net([['Nett €', '528.50']]), '528.50');
    const fees = read(
      totalsBlock(
        [
          ['Totaal ereloon en kosten excl. btw €', '3.397,62'],
          ['Btw 21 % €', '713,50'],
          ['Totaal incl. btw €', '4.111,12'],
        ],
        { labelX: 240 },
      ),
    );
    assert.equal(fees.total_net?.value, '3397.62');
    assert.equal(fees.total_tax?.value, '713.50');
    const number = (runs: Run[]) => read(runs).number?.value;
    assert.equal(number([[302, 84, 'Folio No. F-118502']]), 'F-118502');
    assert.equal(number([[298, 103, 'Note n° H-2026-0142']]), 'H-2026-0142');
    assert.equal(number([[227, 100, 'Staat nr. ST 26/0087']]), 'ST 26/0087');
  });

  test('a Belgian VAT id followed by its register, the buyer’s beside its own label', () => {
    const f = read([
      [40, 151, 'N° TVA acheteur : BE 0212.573.619'],
      [40, 544, 'TVA BE 0471.835.516 - RPM Liège, division Namur'],
    ]);
    assert.equal(f.seller_vat_id?.value, 'BE0471835516');
    assert.equal(f.buyer_vat_id?.value, 'BE0212573619');
    const nl = read([[44, 308, 'BTW BE 0836.421.793 - RPR Gent']]);
    assert.equal(nl.seller_vat_id?.value, 'BE0836421793');
    assert.equal(nl.seller_vat_id?.confidence, 'high');
  });

  test("a public body's identifier in its block is the buyer's, not the seller's VAT id", () => {
    const runs: Run[] = [
      [40, 46, 'Limpiezas Ejemplo del Sureste S.L.'],
      [40, 100, 'Administración destinataria'],
      [40, 112, 'Ayuntamiento de Cartagena'],
      [40, 125, 'NIF P3001600J'],
      [40, 138, 'Oficina contable: L01300161'],
      [40, 151, 'Órgano gestor: L01300161'],
      [40, 164, 'Unidad tramitadora: LA0007894'],
      [40, 188, 'Factura electrónica'],
      [44, 212, 'Número de factura'],
      [44, 222, 'FE-2026-00219'],
      [40, 399, 'Pago por transferencia'],
      [40, 412, 'Emisor: ESB91374603'],
    ];
    // a receiver whose profile holds no VAT id: the block alone says whose the NIF is
    const receiver: CaptureReceiver = {
      name: 'Ayuntamiento de Cartagena',
      vat_id: null,
      legal_registration_id: null,
      country_code: 'ES',
    };
    const f = extractFields(file(runs), receiver, null).fields;
    assert.equal(f.seller_vat_id?.value, 'ESB91374603');
  });

  test("a register's town after its court, a reference on the line after its sentence", () => {
    const reg = read([[44, 345, 'Registergericht München HRA 91455 phG: Beispiel Verwaltungs GmbH']]);
    assert.equal(reg.seller_registration_id?.value, 'HRA91455');
    const ref = read([
      [42, 242, 'Zahlbar bis 28.03.26 ohne Abzug. Bei Überweisung bitte Zahlungsreferenz angeben:'],
      [42, 253, 'RF36 SP26 0073 1'],
      [160, 253, 'Raiffeisen: IBAN AT63 2011 1826 4193 7004'],
    ]);
    assert.equal(ref.payment_reference?.value, 'RF36SP2600731');
    assert.equal(ref.payment_reference?.confidence, 'high');
  });
});
