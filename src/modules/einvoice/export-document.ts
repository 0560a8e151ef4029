// GET /v1/documents/{id}/einvoice (CONTRACT 9): an issued invoice or credit note as UBL, CII or
// Factur-X. The first successful export of each format is kept byte for byte (einvoice_exports),
// so both parties get the same bytes on every later call, whatever a later docex would write.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { type DocumentRecord, findVisibleDocument } from '../documents/index.ts';
import type { ExportSource } from './build-model.ts';
import type { EInvoiceFormat } from './render-einvoice.ts';
import { renderPool } from './render-pool.ts';

export { EINVOICE_FORMATS, type EInvoiceFormat } from './render-einvoice.ts';

export interface EInvoiceFile {
  content: Buffer;
  contentType: string;
  /** sha256 hex of the bytes (Svc-EInvoice-Digest). */
  digest: string;
  filename: string;
}

const CONTENT_TYPES: Record<EInvoiceFormat, string> = {
  ubl: 'application/xml',
  cii: 'application/xml',
  facturx: 'application/pdf',
};
const EXTENSIONS: Record<EInvoiceFormat, string> = { ubl: '.ubl.xml', cii: '.cii.xml', facturx: '.pdf' };

const EXPORTABLE = new Set(['invoice', 'credit_note']);

function fileOf(doc: DocumentRecord, format: EInvoiceFormat, content: Buffer, digest: string): EInvoiceFile {
  return {
    content,
    contentType: CONTENT_TYPES[format],
    digest,
    filename: `${doc.issuer_number}${EXTENSIONS[format]}`,
  };
}

/**
 * The profiles the export names the parties with: the frozen ones, and for a party that had none
 * when the document was issued, its profile now (CONTRACT 9: frozen at the first export after it
 * sets one; keep() freezes it only when the export succeeds, so a 422 never freezes an incomplete one).
 */
async function withLateProfiles(ctx: AppContext, doc: DocumentRecord): Promise<DocumentRecord> {
  if (doc.issuer_profile !== null && doc.counterparty_profile !== null) return doc;
  const orgs = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'legal_profile'])
    .where('id', 'in', [doc.issuer_organization_id, doc.counterparty_organization_id])
    .execute();
  const current = (id: string): LegalProfile | null => orgs.find((o) => o.id === id)?.legal_profile ?? null;
  return {
    ...doc,
    issuer_profile: doc.issuer_profile ?? current(doc.issuer_organization_id),
    counterparty_profile: doc.counterparty_profile ?? current(doc.counterparty_organization_id),
  };
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps the files and freezes the profiles they were written with, under the document's row lock,
 * in one transaction (an email's first attempt writes two: a transaction each cost a commit and
 * four more statements per message, bench/RESULTS.md). Answers, in the order given, the file kept
 * for each format (this one, or a concurrent export's), or null when another export froze
 * different profiles meanwhile and the files must be written again.
 */
async function keep(
  ctx: AppContext,
  doc: DocumentRecord,
  files: ReadonlyArray<{ format: EInvoiceFormat; content: Buffer }>,
): Promise<Array<{ content: Buffer; digest: string }> | null> {
  return inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .selectFrom('documents')
      .select(['issuer_profile', 'counterparty_profile'])
      .where('id', '=', doc.id)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    const kept = await keptFiles(
      trx,
      doc.id,
      files.map((f) => f.format),
    );
    const missing = files.filter((f) => !kept.some((k) => k.format === f.format));
    if (missing.length > 0) {
      if (
        (row.issuer_profile !== null && !sameJson(row.issuer_profile, doc.issuer_profile)) ||
        (row.counterparty_profile !== null && !sameJson(row.counterparty_profile, doc.counterparty_profile))
      ) {
        return null;
      }
      if (row.issuer_profile === null || row.counterparty_profile === null) {
        await trx
          .updateTable('documents')
          .set({
            issuer_profile: jsonOrNull(doc.issuer_profile),
            counterparty_profile: jsonOrNull(doc.counterparty_profile),
          })
          .where('id', '=', doc.id)
          .execute();
      }
      const createdAt = ctx.clock.now();
      const written = missing.map((f) => ({
        document_id: doc.id,
        format: f.format,
        content: f.content,
        digest: createHash('sha256').update(f.content).digest('hex'),
        created_at: createdAt,
      }));
      await trx.insertInto('einvoice_exports').values(written).execute();
      kept.push(...written);
    }
    return files.map((f) => {
      const k = kept.find((x) => x.format === f.format);
      if (!k) throw new Error(`the ${f.format} file was neither kept nor written`);
      return { content: k.content, digest: k.digest };
    });
  });
}

const jsonOrNull = (p: LegalProfile | null): string | null => (p === null ? null : JSON.stringify(p));

/** The invoice a credit note derives from (BT-25): its number and date as the seller issued it. */
async function precedingInvoice(ctx: AppContext, doc: DocumentRecord): Promise<ExportSource['preceding']> {
  if (doc.document_type !== 'credit_note' || doc.derived_from === null) return null;
  const inv = await ctx.db
    .selectFrom('documents')
    .select(['issuer_number', 'document_date'])
    .where('id', '=', doc.derived_from)
    .where('document_type', '=', 'invoice')
    .where('issuer_organization_id', '=', doc.issuer_organization_id)
    .executeTakeFirst();
  return inv ? { number: inv.issuer_number, issueDate: inv.document_date } : null;
}

/**
 * Writes the file on a render thread (render-pool.ts), so no export holds the event loop: the
 * source is what the writers read of the document, handed over as plain data.
 */
async function render(ctx: AppContext, doc: DocumentRecord, format: EInvoiceFormat): Promise<Buffer> {
  const source: ExportSource = {
    document_type: doc.document_type,
    issuer_number: doc.issuer_number,
    counterparty_number: doc.counterparty_number,
    currency: doc.currency,
    document_date: doc.document_date,
    due_date: doc.due_date,
    payment_terms: doc.payment_terms,
    notes: doc.notes,
    external_refs: doc.external_refs,
    line_items: doc.line_items,
    subtotal: doc.subtotal,
    tax: doc.tax,
    total: doc.total,
    issuer_profile: doc.issuer_profile,
    counterparty_profile: doc.counterparty_profile,
    preceding: await precedingInvoice(ctx, doc),
    payment_reference: doc.payment_reference,
    received_terms: doc.received?.einvoice ?? null,
    pdf_layout: doc.pdf_layout,
  };
  const bytes = await renderPool(ctx.config).run(source, format);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function exportEInvoice(
  ctx: AppContext,
  principal: Principal,
  id: string,
  format: EInvoiceFormat,
): Promise<EInvoiceFile> {
  const doc = await findVisibleDocument(ctx.db, principal.organization.id, id);
  if (!EXPORTABLE.has(doc.document_type)) {
    throw new ApiError(
      'invalid_request',
      `Only invoices and credit notes are e-invoices; this document is a ${doc.document_type}.`,
      { errors: [{ path: 'id', message: `is a ${doc.document_type}, not an invoice or credit note` }] },
    );
  }
  if (doc.issued_at === null) {
    throw new ApiError('conflict', 'A draft has no e-invoice yet: issue it first.');
  }
  return issuedEInvoice(ctx, doc, format);
}

/**
 * The e-invoice of an issued invoice or credit note the caller has read: the kept file, or a new
 * one written and kept. The export endpoint and the email delivery (src/modules/delivery) both
 * come here, so a message carries the very bytes the export serves (same digest). Throws
 * einvoice_incomplete (422) when a party's profile lacks a term a rule needs.
 */
export async function issuedEInvoice(
  ctx: AppContext,
  doc: DocumentRecord,
  format: EInvoiceFormat,
): Promise<EInvoiceFile> {
  const [file] = await issuedEInvoices(ctx, doc, [format]);
  if (!file) throw new Error(`no ${format} file`);
  return file;
}

/**
 * issuedEInvoice for several formats, the kept ones read in one statement (the email delivery
 * attaches two: a round trip per file was measurable per message, bench/RESULTS.md). In the
 * order given; the formats not kept yet are written and kept together, as writtenEInvoices does.
 */
export async function issuedEInvoices(
  ctx: AppContext,
  doc: DocumentRecord,
  formats: readonly EInvoiceFormat[],
): Promise<EInvoiceFile[]> {
  const kept = await keptFiles(ctx.db, doc.id, formats);
  const missing = formats.filter((f) => !kept.some((k) => k.format === f));
  const written = missing.length === 0 ? [] : await writtenEInvoices(ctx, doc, missing);
  return formats.map((format) => {
    const k = kept.find((r) => r.format === format);
    if (k) return fileOf(doc, format, k.content, k.digest);
    const w = written.find((f) => f.format === format);
    if (!w) throw new Error(`no ${format} file`);
    return w.file;
  });
}

/** The kept files of a document among `formats`, in one read (those not written yet are absent). */
export async function keptFiles(
  db: Kysely<DB>,
  documentId: string,
  formats: readonly EInvoiceFormat[],
): Promise<Array<{ format: EInvoiceFormat; content: Buffer; digest: string }>> {
  if (formats.length === 0) return [];
  const rows = await db
    .selectFrom('einvoice_exports')
    .select(['format', 'content', 'digest'])
    .where('document_id', '=', documentId)
    .where('format', 'in', [...formats])
    .execute();
  return rows.map((r) => ({
    format: r.format as EInvoiceFormat,
    content: Buffer.from(r.content.buffer, r.content.byteOffset, r.content.byteLength),
    digest: r.digest,
  }));
}

/** Files not kept yet: written and kept (or the ones a concurrent export kept first). */
async function writtenEInvoices(
  ctx: AppContext,
  doc: DocumentRecord,
  formats: readonly EInvoiceFormat[],
): Promise<Array<{ format: EInvoiceFormat; file: EInvoiceFile }>> {
  // Rendered outside the lock, on a render thread, one after the other (one queue slot at a time);
  // written again in the rare case another export froze a late party's profile between the read
  // and the write.
  let current = doc;
  for (let attempt = 0; attempt < 3; attempt++) {
    const effective = await withLateProfiles(ctx, current);
    const rendered: Array<{ format: EInvoiceFormat; content: Buffer }> = [];
    for (const format of formats) rendered.push({ format, content: await render(ctx, effective, format) });
    const stored = await keep(ctx, effective, rendered);
    if (stored) {
      return formats.map((format, i) => {
        const k = stored[i];
        if (!k) throw new Error(`no ${format} file`);
        return { format, file: fileOf(doc, format, k.content, k.digest) };
      });
    }
    current = await findVisibleDocument(ctx.db, doc.issuer_organization_id, doc.id);
  }
  throw new ApiError('conflict', "The parties' profiles changed while the e-invoice was written; try again.");
}
