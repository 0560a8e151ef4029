import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { JSON_CONTENT_TYPE } from '../../http/idempotency.ts';
import { type AnyRoute, defineRoute, SENT, WithStatus } from '../../http/route.ts';
import { createDocument } from './create-document.ts';
import { createSandboxBill } from './demo-counterparty.ts';
import { editDocument } from './edit-document.ts';
import { openHistoryPage } from './history.ts';
import { issueDocument } from './issue-document.ts';
import { listDocuments } from './list-documents.ts';
import { getDocument } from './load-document.ts';
import {
  CreateDocumentBody,
  Document,
  DocumentHistory,
  DocumentList,
  HistoryQuery,
  ListDocumentsQuery,
  SandboxBillBody,
  TransitionBody,
  UpdateDocumentBody,
} from './schemas.ts';
import { transitionDocument } from './transition-document.ts';

const tags = ['Documents'];
const read: ['documents:read'] = ['documents:read'];
const write: ['documents:write'] = ['documents:write'];
const DocumentParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: 'The document id (doc_…).' }) },
  { additionalProperties: false },
);

export const documentRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/v1/documents',
    operationId: 'createDocument',
    summary: 'Create a document',
    description:
      "Creates a draft invoice, purchase order, quote or credit note on an active connection; the caller's organization is the issuer and the draft is visible to it alone until issued. Totals are derived from the lines (per-line tax_rate, optional discounts, half-up cents); tax, subtotal, total, balance_due, number, status, origin, direction and label cannot be sent. The issuer's number (INV-000042) is assigned now. Sandbox organizations may create 1,000 documents per rolling 24 hours.",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: write,
    body: CreateDocumentBody,
    response: { status: 201, schema: Document, description: 'The draft, projected for the issuer.' },
    errors: ['invalid_request', 'not_found', 'conflict', 'idempotency_conflict', 'sandbox_quota'],
    // The hottest write: its Idempotency-Key is claimed by the document's own statement (issue 9).
    claimsIdempotencyKey: true,
    handler: async ({ ctx, principal, body, idempotency }) =>
      createDocument(ctx, principal, body, idempotency),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/documents',
    operationId: 'listDocuments',
    summary: 'List documents',
    description:
      'Documents the organization can see (all it issued; those issued to it once issued), newest first by created_at then id, each projected for the caller. Filters combine; a cursor is bound to the filters that produced it.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: read,
    query: ListDocumentsQuery,
    response: { status: 200, schema: DocumentList, description: 'A page of documents.' },
    errors: ['invalid_request'],
    handler: async ({ ctx, principal, query }) => listDocuments(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/documents/:id',
    operationId: 'getDocument',
    summary: 'Get a document',
    description:
      'One document projected for the caller: the issuer sees e.g. an Invoice numbered INV-…, the counterparty the same record as a Bill numbered BILL-…. A draft is not_found for the counterparty.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: read,
    params: DocumentParams,
    response: { status: 200, schema: Document, description: 'The document.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => getDocument(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/documents/:id',
    operationId: 'updateDocument',
    summary: 'Edit a draft',
    description:
      'Drafts only, by their issuer. Sent fields replace the stored ones; line_items replace the lines as a whole and every total is re-derived. An issued document is immutable: 409 conflict.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: write,
    params: DocumentParams,
    body: UpdateDocumentBody,
    response: { status: 200, schema: Document, description: 'The edited draft.' },
    errors: ['invalid_request', 'not_found', 'conflict', 'idempotency_conflict'],
    handler: async ({ ctx, principal, params, body }) => editDocument(ctx, principal, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/documents/:id/issue',
    operationId: 'issueDocument',
    summary: 'Issue a draft',
    description:
      "Moves a draft to its type's entry state (submitted; sent for a quote), assigns the counterparty's number and makes the document visible to the counterparty. Anything but a draft: 409 conflict with details.allowed. Issuing a live document to an external party emails it, within the sending limits (a rolling 24 hours: an unverified organization at most 20 emails to at most 5 distinct addresses, a verified one DOCEX_MAIL_DAILY_LIMIT, default 2,000): past one, 429 rate_limited naming it (details {limit, window, retry_after}, Retry-After) and the draft stays a draft.",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: write,
    params: DocumentParams,
    response: { status: 200, schema: Document, description: 'The issued document.' },
    errors: ['not_found', 'conflict', 'idempotency_conflict', 'rate_limited'],
    handler: async ({ ctx, principal, params }) => issueDocument(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/documents/:id/transition',
    operationId: 'transitionDocument',
    summary: 'Move a document to another state',
    description:
      "Moves an issued document along its type's state machine, for the caller's side: the counterparty acknowledges, approves or disputes; the issuer voids. payment_scheduled and paid execute the document's payment and also need payments:write (insufficient_scope without it). An illegal target, including the current state, is 409 conflict with details.allowed listing the targets legal for the caller now.",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: write,
    params: DocumentParams,
    body: TransitionBody,
    response: {
      status: 200,
      schema: Document,
      description: 'The document after the move.',
      alternate: {
        status: 202,
        description:
          'to paid: the payment was started, exactly as POST /v1/documents/{id}/pay answers (the document in payment_scheduled with payment.status processing; it settles asynchronously).',
      },
    },
    errors: [
      'invalid_request',
      'not_found',
      'conflict',
      'idempotency_conflict',
      'capability_unavailable',
      'payment_limit_exceeded',
      'insufficient_funds',
    ],
    // CONTRACT 4: a transition to paid does what pay does, 202 included.
    handler: async ({ ctx, principal, params, body }) => {
      const document = await transitionDocument(ctx, principal, params.id, body);
      return body.to === 'paid' ? new WithStatus(202, document) : document;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/documents/:id/history',
    operationId: 'getDocumentHistory',
    summary: "A document's verified history",
    description:
      "The document's hash chain of history entries (RFC 8785 canonical JSON, sha256 over prev_hash + entry), oldest first, recomputed on every read: verified is false, with details.broken_at, when any entry was altered. Each party sees its own and the shared entries; the issuer's draft-time entries are its own. Paged like a list: at most `limit` entries (default and maximum 1,000, which holds every document within the caps) and 64 MiB of entries per page; when has_more is true, pass next_cursor as cursor for the next page. verified on a page covers the chain from the first entry through that page.",
    tags: ['Provenance'],
    family: 'provenance',
    auth: 'scopes',
    scopes: ['provenance:read'],
    params: DocumentParams,
    query: HistoryQuery,
    response: {
      status: 200,
      schema: DocumentHistory,
      description: 'A page of entries and their verification.',
    },
    errors: ['not_found', 'invalid_request'],
    // Streamed entry by entry (a page of large entries is tens of MB): see openHistoryPage.
    handler: async ({ ctx, principal, params, query, reply }) => {
      const page = await openHistoryPage(ctx, principal, params.id, query);
      reply.code(200).header('content-type', JSON_CONTENT_TYPE).send(Readable.from(page));
      return SENT;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/sandbox/bills',
    operationId: 'createSandboxBill',
    summary: 'Get a bill from the demo counterparty',
    description:
      'Sandbox only: the demo counterparty issues a bill to the calling sandbox organization (one line, the given total, default 100.00 USD, net 30), already approved and ready to pay. Returns the Bill as the sandbox organization sees it.',
    tags: ['Sandbox'],
    family: 'documents',
    auth: 'scopes',
    scopes: write,
    body: SandboxBillBody,
    response: {
      status: 201,
      schema: Document,
      description: 'The Bill, projected for the sandbox organization.',
    },
    errors: ['invalid_request', 'not_found', 'sandbox_isolation', 'sandbox_quota', 'idempotency_conflict'],
    handler: async ({ ctx, principal, body }) => createSandboxBill(ctx, principal, body),
  }),
];
