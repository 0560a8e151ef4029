// `npm run bench:einvoice`: the cost of writing and reading a 20-line e-invoice (issue 27), in
// process, beside the cost of what a document read already does to the same document (projecting
// it and serializing it as JSON), measured in the same run on the same machine. The HTTP cost of
// an export after the first is one kept-file read (src/modules/einvoice/export-document.ts).
import { performance } from 'node:perf_hooks';
import type { DocumentRecord } from '../src/modules/documents/project-document.ts';
import { projectDocument } from '../src/modules/documents/project-document.ts';
import { buildEInvoice, type ExportSource } from '../src/modules/einvoice/build-model.ts';
import { writeCii } from '../src/modules/einvoice/cii-writer.ts';
import { renderFacturX } from '../src/modules/einvoice/facturx-pdf.ts';
import { translate } from '../src/modules/einvoice/import-model.ts';
import { readCii } from '../src/modules/einvoice/read-cii.ts';
import { readUbl } from '../src/modules/einvoice/read-ubl.ts';
import { writeUbl } from '../src/modules/einvoice/ubl-writer.ts';
import { parseXml } from '../src/modules/einvoice/xml-read.ts';
import { loadXmlTree } from '../src/modules/einvoice/xml-tree.ts';

const profile = (name: string, country: string, vat: string) => ({
  legal_name: name,
  address: { line1: 'Street 1', city: 'City', postal_code: '12345', country_code: country },
  vat_id: vat,
  payment_account: { iban: 'DE89370400440532013000' },
});
const lines = Array.from({ length: 20 }, (_, i) => ({
  line_number: i + 1,
  description: `Line item number ${i + 1} with a realistic description`,
  quantity: 3,
  unit_price: 19.99,
  tax_rate: i % 2 ? 0.19 : 0.07,
  sku: `SKU-${i}`,
  discount_type: null,
  discount_value: null,
  net_amount: 59.97,
  tax_amount: i % 2 ? 11.39 : 4.2,
  tax_category: 'S' as const,
  unit_code: 'C62',
  tax_exemption_reason: null,
  tax_exemption_reason_code: null,
}));
const src: ExportSource = {
  document_type: 'invoice',
  issuer_number: 'INV-000001',
  counterparty_number: 'BILL-000001',
  currency: 'EUR',
  document_date: '2026-11-25',
  due_date: '2026-12-25',
  payment_terms: 'net_30',
  notes: null,
  external_refs: {},
  line_items: lines,
  subtotal: '1199.40',
  tax: '155.90',
  total: '1355.30',
  issuer_profile: profile('Seller GmbH', 'DE', 'DE123456789'),
  counterparty_profile: profile('Buyer SARL', 'FR', 'FR40303265045'),
  preceding: null,
};
const fiveLines: ExportSource = {
  ...src,
  line_items: lines.slice(0, 5),
  subtotal: '299.85',
  tax: '35.38',
  total: '335.23',
};
const record = {
  ...src,
  id: 'doc_x',
  connection_id: 'conn_x',
  issuer_organization_id: 'org_a',
  counterparty_organization_id: 'org_b',
  status: 'submitted',
  balance_due: '1355.30',
  derived_from: null,
  origin: 'api',
  sandbox: false,
  created_at: new Date(),
  updated_at: new Date(),
  issued_at: new Date(),
  issuer_name: 'Seller',
  counterparty_name: 'Buyer',
  payment: null,
} as unknown as DocumentRecord;

async function time(
  name: string,
  fn: () => unknown | Promise<unknown>,
  ms = 2000,
): Promise<[string, number]> {
  for (let i = 0; i < 20; i++) await fn();
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    await fn();
    n++;
  }
  return [name, ((performance.now() - t0) * 1000) / n];
}

// The service loads the XML libraries on the first export and import; the bench times what follows.
await loadXmlTree();
const model = buildEInvoice(src);
const ubl = writeUbl(model);
const cii = writeCii(model);
const results = [
  await time('ceiling: a document read (project + JSON.stringify)', () =>
    JSON.stringify(projectDocument(record, 'org_a')),
  ),
  await time('UBL export (model + write)', () => writeUbl(buildEInvoice(src))),
  await time('CII export (model + write)', () => writeCii(buildEInvoice(src))),
  await time('Factur-X export (CII + PDF/A-3)', async () =>
    renderFacturX(model, writeCii(buildEInvoice(src))),
  ),
  // What a document's first email renders (src/modules/delivery/drain.ts): its Factur-X PDF and
  // UBL file, for the 5-line invoice of bench/delivery.ts. One render thread writes at most
  // 1,000,000 / this many a second, whatever the outbox does (bench/RESULTS.md, "Email delivery").
  await time("a first email's files, 5 lines (Factur-X + UBL)", async () => {
    const m = buildEInvoice(fiveLines);
    await renderFacturX(m, writeCii(m));
    return writeUbl(m);
  }),
  await time('UBL import (parse + read + translate)', async () => {
    const x = await parseXml(ubl);
    return translate(readUbl(x.root, x.namespace, x.node));
  }),
  await time('CII import (parse + read + translate)', async () => {
    const x = await parseXml(cii);
    return translate(readCii(x.namespace, x.node));
  }),
];
const ceiling = results[0]![1];
console.log('| operation (a 20-line invoice unless said) | µs per op | × a document read |');
console.log('|---|---:|---:|');
for (const [name, us] of results)
  console.log(`| ${name} | ${us.toFixed(0)} | ${(us / ceiling).toFixed(1)} |`);
