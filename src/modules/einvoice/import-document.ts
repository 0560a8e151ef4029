// POST /v1/documents/import (CONTRACT 9): an EN 16931 file (UBL or CII) becomes a draft invoice or
// credit note issued by the caller, through the same create as POST /v1/documents. Nothing is
// created when a term cannot be held (400, naming each) or when docex's totals would differ from
// the file's (422 einvoice_mismatch).
import type { ValidateFunction } from 'ajv';
import type { AppContext } from '../../context.ts';
import { jsonProblems } from '../../http/input-guard.ts';
import type { Principal } from '../../http/principal.ts';
import { bodyAjv, mapAjvErrors } from '../../http/validation.ts';
import { decodeBase64Strict } from '../../lib/base64.ts';
import { ApiError, type FieldProblem, invalid } from '../../lib/errors.ts';
import { MoneyDecimal } from '../../lib/money.ts';
import { xmlForbiddenChar } from '../../lib/text.ts';
import {
  type ContentInput,
  CreateDocumentBody,
  type CreateDocumentBodyT,
  createDocument,
  type DocumentView,
  loadIssuingConnection,
  resolveContent,
} from '../documents/index.ts';
import { type ImportedInvoice, type ImportedLine, numberProblem, translate } from './import-model.ts';
import type { ImportBodyT } from './import-schema.ts';
import { readCii } from './read-cii.ts';
import { readUbl } from './read-ubl.ts';
import { badFile, parseXml, shown } from './xml-read.ts';

function decodeFile(b64: string): string {
  const bytes = decodeBase64Strict(b64);
  if (bytes === null) throw badFile('is not base64 (RFC 4648, standard alphabet)');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badFile('The file is not UTF-8 text.');
  }
}

export async function readFile(
  text: string,
  format: ImportBodyT['format'],
): Promise<{ format: 'ubl' | 'cii'; invoice: ImportedInvoice }> {
  const xml = await parseXml(text);
  const detected =
    xml.root === 'CrossIndustryInvoice'
      ? 'cii'
      : xml.root === 'Invoice' || xml.root === 'CreditNote'
        ? 'ubl'
        : null;
  if (detected === null) {
    throw badFile(
      `The root element ${shown(xml.root)} is neither a UBL Invoice or CreditNote nor a CII CrossIndustryInvoice.`,
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
export async function precedingDocument(
  db: AppContext['db'],
  me: string,
  connectionId: string,
  number: string,
): Promise<string | null> {
  const row = await db
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

/** The business term each field of a create body comes from (import-model.ts's translation). */
const FIELD_TERMS: Record<string, string> = {
  document_type: 'BT-3',
  currency: 'BT-5',
  document_date: 'BT-2',
  due_date: 'BT-9',
  payment_terms: 'BT-9',
  notes: 'BT-22',
  line_items: 'BG-25',
  external_refs: 'BT-1',
  'external_refs.issuer_ref': 'BT-1',
  'external_refs.buyer_reference': 'BT-10',
  'external_refs.purchase_order': 'BT-13',
  'external_refs.preceding_invoice': 'BT-25',
  derived_from: 'BT-25',
};
const LINE_TERMS: Record<string, string> = {
  description: 'BT-153',
  quantity: 'BT-129',
  unit_price: 'BT-146',
  tax_rate: 'BT-152',
  sku: 'BT-155',
  discount_type: 'BT-136',
  discount_value: 'BT-136',
  tax_category: 'BT-151',
  tax_exemption_reason: 'BT-120',
  tax_exemption_reason_code: 'BT-121',
  unit_code: 'BT-130',
};

/**
 * A problem of the create body (its JSON path) as the import states it: the business term, the
 * line as the file numbers it, and the docex field, so the message says what to change in the file.
 */
function asTerm(problem: FieldProblem, lines: ImportedLine[]): FieldProblem {
  const line = /^line_items\[(\d+)\](?:\.(\w+))?/.exec(problem.path);
  let term = FIELD_TERMS[problem.path] ?? 'BG-25';
  let where = '';
  if (line) {
    const i = Number(line[1]);
    term = LINE_TERMS[line[2] ?? ''] ?? 'BG-25';
    const id = lines[i]?.id ?? null;
    where = `line ${id === null ? i + 1 : shown(id, 20)}: `;
  }
  // The create body's message names its field in words ("Notes must be at most …"); the docex field
  // stays beside the term for whoever maps the file.
  return { path: 'content_base64', message: `${term} (${problem.path}): ${where}${problem.message}` };
}

let createValidator: ValidateFunction | null = null;

/**
 * The limits of POST /v1/documents, applied to the body an import translates to: the same schema
 * (lengths, counts, ranges, calendar dates) and the same text rules as a JSON body (what the
 * database and an XML export can hold), each problem named by its business term. Nothing new is
 * declared here: a limit changed in documents/schemas.ts changes the import with it.
 */
function checkAsCreate(body: CreateDocumentBodyT, lines: ImportedLine[]): void {
  createValidator ??= bodyAjv.compile(CreateDocumentBody);
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const add = (p: FieldProblem) => {
    if (seen.has(p.path)) return;
    seen.add(p.path);
    problems.push(p);
  };
  // Text first: a control character is the clearer answer than a length on the same field.
  forEachString(body, '', (value, path) => {
    const bad = xmlForbiddenChar(value);
    if (bad) {
      const code = `U+${bad.codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
      add({
        path,
        message: `contains the character ${code} (at ${bad.index}), which XML 1.0 cannot carry: the document's e-invoices could not be written`,
      });
    }
  });
  for (const p of jsonProblems(body)) add(p);
  if (!createValidator(body)) {
    for (const p of mapAjvErrors(createValidator.errors ?? [], 'body').problems) {
      add(
        p.message === 'must match format "date"'
          ? { path: p.path, message: 'is not a calendar date of the years 0001 to 9999' }
          : p,
      );
    }
  }
  if (problems.length > 0) throw importInvalid(problems.map((p) => asTerm(p, lines)));
}

function forEachString(value: unknown, path: string, visit: (s: string, path: string) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) forEachString(v, `${path}[${i}]`, visit);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) forEachString(v, path ? `${path}.${k}` : k, visit);
  }
}

function importInvalid(problems: FieldProblem[]): ApiError {
  return invalid(
    problems,
    `The e-invoice has ${problems.length} term(s) docex cannot hold: ${problems.map((p) => p.message).join('; ')}`,
  );
}

/**
 * The create body and the content an imported file becomes, for a document issued by `issuerId` on
 * `connectionId`: every term docex cannot hold refused by name (400), docex's totals checked against
 * the file's (422 einvoice_mismatch). Nothing is written. §9's import and the inbound pipeline
 * (CONTRACT 11.5) both read files through this.
 */
export async function importedDocument(
  db: AppContext['db'],
  issuerId: string,
  connectionId: string,
  invoice: ImportedInvoice,
  now: Date,
): Promise<{ create: CreateDocumentBodyT; content: ReturnType<typeof resolveContent> }> {
  const { content, problems } = translate(invoice);
  if (!content) throw importInvalid(problems);
  const externalRefs = { ...content.externalRefs };
  if (content.preceding !== null) externalRefs.preceding_invoice = content.preceding;
  const create: CreateDocumentBodyT = {
    connection_id: connectionId,
    document_type: content.documentType,
    line_items: content.lineItems,
    currency: content.currency as CreateDocumentBodyT['currency'] & string,
    document_date: content.documentDate,
    external_refs: externalRefs,
    ...(content.dueDate !== null ? { due_date: content.dueDate } : {}),
    ...(content.notes !== null ? { notes: content.notes } : {}),
  };
  checkAsCreate(create, invoice.lines);
  if (content.preceding !== null && content.documentType === 'credit_note') {
    const derivedFrom = await precedingDocument(db, issuerId, connectionId, content.preceding);
    if (derivedFrom !== null) {
      delete externalRefs.preceding_invoice;
      create.derived_from = derivedFrom;
    }
  }
  // The totals docex derives, checked against the file's before anything is written.
  let derived: ReturnType<typeof resolveContent>;
  try {
    derived = resolveContent(create as ContentInput, null, now);
  } catch (err) {
    // The create's own rules beyond its schema (tax categories, discounts, due date after the
    // issue date, the document total): named by business term like the schema's.
    const errors = err instanceof ApiError && err.code === 'invalid_request' ? err.details?.errors : null;
    if (!Array.isArray(errors)) throw err;
    throw importInvalid((errors as FieldProblem[]).map((p) => asTerm(p, invoice.lines)));
  }
  for (const [bt, field] of TOTALS) {
    const stated = content.stated[field];
    if (stated === null) {
      if (bt === 'BT-110') continue;
      throw importInvalid([{ path: 'content_base64', message: `${bt}: the ${field} is missing` }]);
    }
    const problem = numberProblem(stated);
    if (problem) throw importInvalid([{ path: 'content_base64', message: `${bt}: the ${field} ${problem}` }]);
    if (!new MoneyDecimal(stated).equals(derived[field])) {
      throw new ApiError(
        'einvoice_mismatch',
        `The file states ${bt} ${stated} but its lines give ${derived[field]} in docex (per-line tax rounded half-up to the cent); nothing was created.`,
        { bt, file: stated, derived: derived[field] },
      );
    }
  }
  return { create, content: derived };
}

/** An e-invoice file read by readEInvoice, ready to become a draft. */
export type ReadEInvoice = Awaited<ReturnType<typeof readFile>>;

/**
 * POST /v1/documents/import, its prepare step (src/http/route.ts): the file read off the request's
 * transaction. The connection before the file: a caller with no active connection of its own
 * learns that without docex reading a byte of the file (the scopes were checked already).
 */
export async function readEInvoice(
  ctx: AppContext,
  principal: Principal,
  body: ImportBodyT,
): Promise<ReadEInvoice> {
  await loadIssuingConnection(ctx.db, principal.organization.id, body.connection_id);
  return readFile(decodeFile(body.content_base64), body.format);
}

/** POST /v1/documents/import, in the request's transaction: the draft made from the read file. */
export async function importEInvoice(
  ctx: AppContext,
  principal: Principal,
  body: ImportBodyT,
  { format, invoice }: ReadEInvoice,
): Promise<DocumentView & { import_report: { format: 'ubl' | 'cii'; dropped: string[] } }> {
  const me = principal.organization.id;
  const { create } = await importedDocument(ctx.db, me, body.connection_id, invoice, ctx.clock.now());
  const view = (await createDocument(ctx, principal, create, null)) as DocumentView;
  return { ...view, import_report: { format, dropped: [...invoice.dropped].sort() } };
}
