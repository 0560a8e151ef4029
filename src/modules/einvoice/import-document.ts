// POST /v1/documents/import (CONTRACT 9): an EN 16931 file (UBL or CII) becomes a draft invoice or
// credit note issued by the caller, through the same create as POST /v1/documents. Nothing is
// created when a term cannot be held (400, naming each) or when docex's totals would differ from
// the file's (422 einvoice_mismatch).
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError, invalid } from '../../lib/errors.ts';
import { MoneyDecimal } from '../../lib/money.ts';
import { createDocument } from '../documents/create-document.ts';
import { type ContentInput, resolveContent } from '../documents/document-input.ts';
import type { CreateDocumentBodyT, DocumentView } from '../documents/schemas.ts';
import { type ImportedInvoice, isDecimal, translate } from './import-model.ts';
import type { ImportBodyT } from './import-schema.ts';
import { readCii } from './read-cii.ts';
import { readUbl } from './read-ubl.ts';
import { badFile, loadXmlRead, parseXml } from './xml-read.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeFile(b64: string): string {
  const compact = b64.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact))
    throw badFile('is not base64 (RFC 4648, standard alphabet)');
  const bytes = Buffer.from(compact, 'base64');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badFile('The file is not UTF-8 text.');
  }
}

function readFile(
  text: string,
  format: ImportBodyT['format'],
): { format: 'ubl' | 'cii'; invoice: ImportedInvoice } {
  const xml = parseXml(text);
  const detected =
    xml.root === 'CrossIndustryInvoice'
      ? 'cii'
      : xml.root === 'Invoice' || xml.root === 'CreditNote'
        ? 'ubl'
        : null;
  if (detected === null) {
    throw badFile(
      `The root element ${xml.root} is neither a UBL Invoice or CreditNote nor a CII CrossIndustryInvoice.`,
    );
  }
  if (format !== undefined && format !== detected) {
    throw invalid([{ path: 'format', message: `is ${format} but the file is ${detected.toUpperCase()}` }]);
  }
  const invoice =
    detected === 'ubl' ? readUbl(xml.root, xml.namespace, xml.node) : readCii(xml.namespace, xml.node);
  return { format: detected, invoice };
}

/** BT-25 as a docex document: the caller's own invoice on the connection with that number or reference. */
async function precedingDocument(
  ctx: AppContext,
  me: string,
  connectionId: string,
  number: string,
): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('documents')
    .select('id')
    .where('connection_id', '=', connectionId)
    .where('issuer_organization_id', '=', me)
    .where('document_type', '=', 'invoice')
    .where((eb) => eb.or([eb('issuer_number', '=', number), eb('issuer_ref', '=', number)]))
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

const TOTALS = [
  ['BT-109', 'subtotal'],
  ['BT-110', 'tax'],
  ['BT-112', 'total'],
] as const;

export async function importEInvoice(
  ctx: AppContext,
  principal: Principal,
  body: ImportBodyT,
): Promise<DocumentView & { import_report: { format: 'ubl' | 'cii'; dropped: string[] } }> {
  const text = decodeFile(body.content_base64);
  await loadXmlRead();
  const { format, invoice } = readFile(text, body.format);
  const { content, problems } = translate(invoice);
  if (!content) {
    throw invalid(
      problems,
      `The e-invoice has ${problems.length} term(s) docex cannot hold: ${problems.map((p) => p.message).join('; ')}`,
    );
  }
  const me = principal.organization.id;
  const externalRefs = { ...content.externalRefs };
  let derivedFrom: string | null = null;
  if (content.preceding !== null && content.documentType === 'credit_note') {
    derivedFrom = await precedingDocument(ctx, me, body.connection_id, content.preceding);
  }
  if (content.preceding !== null && derivedFrom === null) externalRefs.preceding_invoice = content.preceding;
  const create: CreateDocumentBodyT = {
    connection_id: body.connection_id,
    document_type: content.documentType,
    line_items: content.lineItems,
    currency: content.currency as CreateDocumentBodyT['currency'] & string,
    document_date: content.documentDate,
    external_refs: externalRefs,
    ...(content.dueDate !== null ? { due_date: content.dueDate } : {}),
    ...(content.notes !== null ? { notes: content.notes } : {}),
    ...(derivedFrom !== null ? { derived_from: derivedFrom } : {}),
  };
  // The totals docex derives, checked against the file's before anything is written.
  const derived = resolveContent(create as ContentInput, null, ctx.clock.now());
  for (const [bt, field] of TOTALS) {
    const stated = content.stated[field];
    if (stated === null) {
      if (bt === 'BT-110') continue;
      throw invalid([{ path: 'content_base64', message: `${bt}: the ${field} is missing` }]);
    }
    if (!isDecimal(stated) || !new MoneyDecimal(stated).equals(derived[field])) {
      throw new ApiError(
        'einvoice_mismatch',
        `The file states ${bt} ${stated} but its lines give ${derived[field]} in docex (per-line tax rounded half-up to the cent); nothing was created.`,
        { bt, file: stated, derived: derived[field] },
      );
    }
  }
  const view = (await createDocument(ctx, principal, create, null)) as DocumentView;
  return { ...view, import_report: { format, dropped: [...invoice.dropped].sort() } };
}
