import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { EINVOICE_FORMATS, exportEInvoice } from './export-document.ts';
import { importEInvoice, readEInvoice } from './import-document.ts';
import { ImportBody, ImportedDocument } from './import-schema.ts';

const tags = ['E-invoicing'];

const ExportParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: 'The document id (doc_…).' }) },
  { additionalProperties: false },
);
const ExportQuery = Type.Object(
  {
    format: Type.Union(
      EINVOICE_FORMATS.map((f) => Type.Literal(f)),
      {
        description:
          'ubl: UBL 2.1 Invoice/CreditNote (Peppol BIS Billing 3.0 when both parties have an electronic address); cii: UN/CEFACT CII D16B; facturx: a PDF/A-3 showing the invoice, with the CII embedded as factur-x.xml (EN 16931 profile).',
      },
    ),
  },
  { additionalProperties: false },
);

export const einvoiceRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/v1/documents/:id/einvoice',
    operationId: 'exportEInvoice',
    summary: 'Export an e-invoice',
    description:
      "An issued invoice or credit note as an EN 16931 e-invoice, for either party: the same bytes on every call, forever (Svc-EInvoice-Digest: the sha256 hex of the bytes). The parties are named with the legal profiles frozen when the document was issued. A draft: 409 conflict. Another document type: 400. A party's profile lacking a term a rule needs: 422 einvoice_incomplete with details.missing [{bt, party, field}]. Files are written on a render thread: when every thread is busy and the queue is full, or the file takes longer than the time limit, 503 unavailable with Retry-After and details.reason (render_queue_full, render_timeout, render_start); nothing is kept, so the retry writes it afresh. MCP tools receive the XML as text.",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: ExportParams,
    query: ExportQuery,
    response: {
      status: 200,
      schema: null,
      description: 'The e-invoice: application/xml (ubl, cii) or application/pdf (facturx).',
      contentType: 'application/xml',
    },
    errors: ['invalid_request', 'not_found', 'conflict', 'einvoice_incomplete', 'unavailable'],
    handler: async ({ ctx, principal, params, query, reply }) => {
      const file = await exportEInvoice(ctx, principal, params.id, query.format);
      reply
        .header(
          'content-type',
          file.contentType === 'application/xml' ? 'application/xml; charset=utf-8' : file.contentType,
        )
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('svc-einvoice-digest', file.digest)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(file.content);
      return SENT;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/documents/import',
    operationId: 'importEInvoice',
    summary: 'Import an e-invoice',
    description:
      'Creates a draft invoice (UBL Invoice, CII 380) or credit note (UBL CreditNote, CII 381) from an EN 16931 file, the caller as the issuer, on an active connection. BT-1 becomes external_refs.issuer_ref. Terms that change amounts or tax and that docex cannot hold (BT-5 currency, BT-6, BG-20/21 document allowances and charges, BG-28 line charges, BT-113/114, negative quantities or prices, prices finer than 4 decimals) are refused with 400 and one details.errors entry per term; informational terms with no docex field are listed in import_report.dropped. Every limit of POST /v1/documents holds (lengths, 200 lines, calendar dates, ranges, characters XML 1.0 cannot carry): each refusal names the business term and the docex field, e.g. "BT-1: external_refs.issuer_ref must NOT have more than 500 characters". Totals that would differ from the file\'s BT-109/110/112: 422 einvoice_mismatch, nothing created. The connection is checked before the file is read. DOCTYPE and entities other than the five predefined are refused; at most 100 levels and 60,000 elements. Body up to 1 MiB.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:write'],
    body: ImportBody,
    response: { status: 201, schema: ImportedDocument, description: 'The new draft, with import_report.' },
    errors: [
      'invalid_request',
      'not_found',
      'conflict',
      'idempotency_conflict',
      'sandbox_quota',
      'einvoice_mismatch',
    ],
    prepare: ({ ctx, principal, body }) => readEInvoice(ctx, principal, body),
    handler: async ({ ctx, principal, body, prepared }) => importEInvoice(ctx, principal, body, prepared),
  }),
];
