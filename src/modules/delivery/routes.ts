// Delivery by email (CONTRACT 11.2): a document's deliveries, their exact bytes, and a resend.
import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { IdParams, ListOf, ListQuery, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { deliveryMessage, listDocumentDeliveries, resendDocument } from './document-deliveries.ts';

const tags = ['Deliveries'];

const EmailAttempt = Type.Object(
  {
    at: Timestamp,
    smtp_code: Nullable(
      Type.Integer({ description: 'The SMTP reply code (250, 451, 550…); null when none came.' }),
    ),
    response: Nullable(Type.String({ description: "The server's reply, on one line." })),
    error: Nullable(
      Type.String({ description: 'What went wrong without a reply (connection refused, timeout).' }),
    ),
  },
  { additionalProperties: false },
);

export const EmailDelivery = Type.Object(
  {
    id: Type.String({ description: 'dlv_…' }),
    document_id: Nullable(Type.String()),
    channel: Type.Literal('email'),
    kind: Type.Union(
      ['document', 'void_notice', 'status_notice', 'message', 'claim_code'].map((k) => Type.Literal(k)),
      { description: 'document: the document itself; void_notice and status_notice: a short notice.' },
    ),
    to: Type.String({ description: 'The recipient address.' }),
    status: Type.Union(
      ['queued', 'sent', 'failed', 'bounced', 'simulated'].map((s) => Type.Literal(s)),
      {
        description:
          'queued: waiting for an attempt (or for DOCEX_SMTP_URL: see last_error); sent: the relay answered 250; failed: a 5xx answer or the sixth failure; bounced: a delivery status notification came back; simulated: a sandbox delivery, never sent.',
      },
    ),
    message_id: Nullable(
      Type.String({
        description: 'The Message-ID header, the same on every retry.',
        examples: ['<dlv_4f8Qz1bKcN2mT7xY0aR3sV@docex.example>'],
      }),
    ),
    attempts: Type.Array(EmailAttempt),
    next_attempt_at: NullableTimestamp,
    last_error: Nullable(Type.String()),
    sent_at: NullableTimestamp,
    viewed_at: Nullable(Timestamp),
    bounce_status: Nullable(Type.String({ description: 'The DSN status code of a bounce (5.1.1…).' })),
    attachments_omitted: Nullable(
      Type.Object(
        {
          code: Type.String({ description: 'einvoice_incomplete' }),
          missing: Type.Array(Type.Unknown(), { description: 'As details.missing of the e-invoice export.' }),
        },
        { additionalProperties: false },
      ),
    ),
    sandbox: Type.Boolean(),
    created_at: Timestamp,
  },
  { additionalProperties: false, title: 'EmailDelivery' },
);

const MessageParams = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    delivery_id: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);

const ResendBody = Type.Object(
  {
    to: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 254,
        description: "Another address to send it to; by default the external party's.",
        examples: ['accounts@buyer.example'],
      }),
    ),
  },
  { additionalProperties: false },
);

const common = { tags, family: 'documents' as const, auth: 'scopes' as const };

export const deliveryRoutes: AnyRoute[] = [
  defineRoute({
    ...common,
    scopes: ['documents:read'],
    method: 'GET',
    url: '/v1/documents/:id/deliveries',
    operationId: 'listDocumentDeliveries',
    summary: 'List email deliveries',
    description:
      "The emails of a document issued to an external party (one not on docex), newest first: the document itself, notices of its void and later status changes, and resends, each with every SMTP attempt. The issuer's only; anyone else gets 404.",
    params: IdParams,
    query: Type.Object({ ...ListQuery }, { additionalProperties: false }),
    response: {
      status: 200,
      schema: ListOf(EmailDelivery, 'EmailDelivery'),
      description: 'A page of deliveries.',
    },
    errors: ['invalid_request', 'not_found'],
    handler: async ({ ctx, principal, params, query }) =>
      listDocumentDeliveries(ctx, principal, params.id, query),
  }),
  defineRoute({
    ...common,
    scopes: ['documents:read'],
    method: 'GET',
    url: '/v1/documents/:id/deliveries/:delivery_id/message',
    operationId: 'getDeliveryMessage',
    summary: 'The message of a delivery',
    description:
      "The email as handed to SMTP (message/rfc822), the same bytes on every retry; a sandbox delivery's simulated message too; with every secret the recipient alone may hold (the recipient link's token, a claim code) replaced by [redacted], so the issuer never acts through its counterparty's link. Repr-Digest is the sha-256 of the exact bytes sent (before redaction). 404 while a queued delivery is not yet composed (at its first attempt).",
    params: MessageParams,
    response: { status: 200, schema: null, description: 'The message.', contentType: 'message/rfc822' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params, reply }) => {
      const served = await deliveryMessage(ctx, principal, params.id, params.delivery_id);
      reply
        .header('content-type', 'message/rfc822')
        .header('repr-digest', `sha-256=:${served.sha256}:`)
        .header('content-disposition', `attachment; filename="${params.delivery_id}.eml"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(served.bytes);
      return SENT;
    },
  }),
  defineRoute({
    ...common,
    scopes: ['documents:write'],
    method: 'POST',
    url: '/v1/documents/:id/deliveries',
    operationId: 'resendDocument',
    summary: 'Email a document again',
    description:
      "Queues a new delivery of an issued document to its external party's address, or to `to`: a new message (its own Message-ID) with the same recipient link and the same e-invoice files. A document whose counterparty is on docex (or claimed its party) is not emailed: 409. Sending limits (live organizations, a rolling 24 hours): a document is sent again at most 5 times; an unverified organization sends at most 20 emails to at most 5 distinct addresses, a verified one DOCEX_MAIL_DAILY_LIMIT (default 2,000). Past one: 429 rate_limited naming it (details {limit, window, retry_after}, Retry-After) and nothing is queued.",
    params: IdParams,
    body: ResendBody,
    response: { status: 201, schema: EmailDelivery, description: 'The new delivery, queued.' },
    errors: ['invalid_request', 'not_found', 'conflict', 'idempotency_conflict', 'rate_limited'],
    handler: async ({ ctx, principal, params, body }) => resendDocument(ctx, principal, params.id, body),
  }),
];
