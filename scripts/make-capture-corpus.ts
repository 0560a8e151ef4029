// Builds capture's accuracy corpus (issue 51, CONTRACT §13) from public Factur-X/ZUGFeRD PDFs:
// each PDF's embedded e-invoice is read with docex's own import readers and kept as the answer key
// (JSON, the §13 fields), and the PDF is written again WITHOUT it (the EmbeddedFiles name tree,
// the /AF arrays and the file streams removed), so capture sees what a supplier's plain PDF shows.
//
//   node --import tsx scripts/make-capture-corpus.ts <source-dir> <out-dir>
//
// <source-dir>/<source>/<generator>/<file>.pdf → <out-dir>/<source>/<file>.pdf + <file>.key.json,
// where <source> is the repository the file came from (its licence sits beside the files) and
// <generator> the software that drew the page (the bench holds some generators out of tuning). A
// PDF whose embedded file docex cannot read (ZUGFeRD 1.0, a broken XML) is skipped and said so.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import { readFile } from '../src/modules/einvoice/import-document.ts';
import type { ImportedInvoice } from '../src/modules/einvoice/import-model.ts';
import { embeddedInvoiceXml } from '../src/modules/inbound/read-message.ts';

/** The answer key of one corpus file: the §13 fields as the embedded e-invoice states them. */
export interface CaptureKey {
  source: string;
  generator: string;
  file: string;
  producer: string | null;
  /** UNTDID 1001: 380 an invoice, 381 a credit note (whose amounts the file states positive) */
  type_code: string | null;
  seller_country: string | null;
  fields: {
    number: string | null;
    issue_date: string | null;
    due_date: string | null;
    currency: string | null;
    total_net: string | null;
    total_tax: string | null;
    total: string | null;
    amount_due: string | null;
    tax_breakdown: { rate: string; net: string; tax: string }[];
    seller_name: string | null;
    seller_vat_id: string | null;
    seller_registration_id: string | null;
    seller_email: string | null;
    iban: string | null;
    bic: string | null;
    payment_reference: string | null;
    purchase_order: string | null;
    buyer_reference: string | null;
    buyer_name: string | null;
    buyer_vat_id: string | null;
  };
}

const compact = (s: string | null): string | null =>
  s === null || s.trim() === '' ? null : s.replace(/[\s.\-/]/g, '').toUpperCase();
const trimmed = (s: string | null): string | null => (s === null || s.trim() === '' ? null : s.trim());
/** A decimal as the fields hold it: two decimals at least, no sign for zero. */
function money(s: string | null): string | null {
  if (s === null || s.trim() === '') return null;
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  const [int, frac = ''] = s.trim().replace(/^\+/, '').split('.');
  return `${int}.${frac.padEnd(2, '0')}`.replace(/^-?0+(?=\d)/, (m) => (m.startsWith('-') ? '-' : ''));
}
/** A rate as the fields hold it: "19", "7.5" (no trailing zeros). */
function rate(s: string | null): string {
  if (s === null) return '0';
  return String(Number(s));
}

export function keyOf(
  inv: ImportedInvoice,
  where: { source: string; generator: string; file: string },
  producer: string | null,
): CaptureKey {
  return {
    ...where,
    producer,
    type_code: inv.typeCode,
    seller_country: inv.seller.address.countryCode,
    fields: {
      number: trimmed(inv.number),
      issue_date: inv.issueDate,
      due_date: inv.dueDate,
      currency: inv.currency,
      total_net: money(inv.taxExclusive),
      total_tax: money(inv.tax),
      total: money(inv.grandTotal),
      amount_due: money(inv.payable),
      tax_breakdown: inv.breakdown.map((b) => ({
        rate: rate(b.ratePercent),
        net: money(b.taxableAmount) ?? '0.00',
        tax: money(b.taxAmount) ?? '0.00',
      })),
      seller_name: trimmed(inv.seller.name),
      seller_vat_id: compact(inv.seller.vatId),
      seller_registration_id: compact(inv.seller.legalRegistrationId?.value ?? null),
      seller_email: trimmed(inv.seller.email),
      iban: compact(inv.paymentAccount?.id ?? null),
      bic: compact(inv.paymentAccount?.bic ?? null),
      payment_reference: null,
      purchase_order: trimmed(inv.purchaseOrder),
      buyer_reference: trimmed(inv.buyerReference),
      buyer_name: trimmed(inv.buyer.name),
      buyer_vat_id: compact(inv.buyer.vatId),
    },
  };
}

/** BT-83 is not in docex's import model: read it from the CII text directly (one element, no nesting). */
function paymentReference(xml: string): string | null {
  const m = /<(?:[A-Za-z0-9]+:)?PaymentReference>([^<]*)</.exec(xml);
  return m ? trimmed(m[1] ?? null) : null;
}

/** The PDF without its embedded files: the name tree, every /AF, and the file specs' objects. */
export async function stripEmbedded(
  bytes: Uint8Array,
): Promise<{ pdf: Uint8Array; producer: string | null }> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const producer = [doc.getProducer(), doc.getCreator()]
    .filter((s) => s !== undefined && s !== '')
    .join(' / ');
  const refs: PDFRef[] = [];
  const collect = (o: unknown) => {
    if (o instanceof PDFRef) refs.push(o);
  };
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.get(PDFName.of('EmbeddedFiles'));
  const queue: unknown[] = [tree];
  while (queue.length > 0) {
    const raw = queue.shift();
    collect(raw);
    const node = raw instanceof PDFRef ? doc.context.lookup(raw) : raw;
    if (!(node instanceof PDFDict)) continue;
    for (const key of ['Names', 'Kids']) {
      const arr = node.lookupMaybe(PDFName.of(key), PDFArray);
      if (!arr) continue;
      for (let i = 0; i < arr.size(); i++) {
        const item = arr.get(i);
        if (key === 'Kids') queue.push(item);
        else if (i % 2 === 1) {
          collect(item);
          const spec = arr.lookupMaybe(i, PDFDict);
          const ef = spec?.lookupMaybe(PDFName.of('EF'), PDFDict);
          if (ef) for (const k of ef.keys()) collect(ef.get(k));
        }
      }
    }
  }
  names?.delete(PDFName.of('EmbeddedFiles'));
  doc.catalog.delete(PDFName.of('AF'));
  for (const page of doc.getPages()) page.node.delete(PDFName.of('AF'));
  for (const ref of refs) doc.context.delete(ref);
  const pdf = await doc.save({ useObjectStreams: true, updateFieldAppearances: false });
  return { pdf, producer: producer === '' ? null : producer };
}

async function main(): Promise<void> {
  const [src, out] = process.argv.slice(2);
  if (!src || !out) {
    console.error('usage: make-capture-corpus.ts <source-dir> <out-dir>');
    process.exit(2);
  }
  const files = readdirSync(src)
    .sort()
    .flatMap((source) =>
      readdirSync(join(src, source))
        .sort()
        .flatMap((generator) =>
          readdirSync(join(src, source, generator))
            .filter((n) => n.toLowerCase().endsWith('.pdf'))
            .sort()
            .map((name) => ({ source, generator, name })),
        ),
    );
  for (const { source, generator, name } of files) {
    const bytes = readFileSync(join(src, source, generator, name));
    try {
      const xml = await embeddedInvoiceXml(bytes);
      if (xml === null) throw new Error('no embedded e-invoice');
      // a few writers put a byte-order mark before the XML declaration
      const text = xml.bytes.toString('utf8').replace(/^\uFEFF/, '');
      const { invoice } = await readFile(text, undefined);
      const { pdf, producer } = await stripEmbedded(bytes);
      if ((await embeddedInvoiceXml(Buffer.from(pdf))) !== null)
        throw new Error('still embeds its e-invoice');
      const key = keyOf(invoice, { source, generator, file: name }, producer);
      key.fields.payment_reference = paymentReference(text);
      mkdirSync(join(out, source), { recursive: true });
      writeFileSync(join(out, source, name), pdf);
      writeFileSync(
        join(out, source, `${basename(name, '.pdf')}.key.json`),
        `${JSON.stringify(key, null, 2)}\n`,
      );
      console.log(`${source}/${name}\t${generator}\t${pdf.length}\t${producer ?? ''}`);
    } catch (err) {
      console.error(`skipped ${source}/${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) await main();
