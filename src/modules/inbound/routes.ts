// Receiving documents from anyone (CONTRACT 11.5): the inbound address and the inbound messages.
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { getInboundAddress, rotateInboundAddress } from './address.ts';
import { getMessage, listMessages, serveRaw } from './messages.ts';
import {
  InboundAddress,
  InboundMessage,
  InboundMessageList,
  InboundMessageParams,
  ListInboundQuery,
} from './schemas.ts';

const tags = ['Inbound'];

export const inboundRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/v1/inbound',
    operationId: 'getInboundAddress',
    summary: "The organization's inbound email address",
    description:
      'The address suppliers send e-invoices to (UBL or CII files, or Factur-X/ZUGFeRD PDFs, as attachments): each message is stored before it is acknowledged and turned into bills by the worker (GET /v1/inbound/messages shows what became of it). A deployment without DOCEX_INBOUND_DOMAIN answers 403 capability_unavailable.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    response: { status: 200, schema: InboundAddress, description: 'The inbound address.' },
    errors: ['capability_unavailable'],
    handler: async ({ ctx, principal }) => getInboundAddress(ctx, principal),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/inbound/rotate',
    operationId: 'rotateInboundAddress',
    summary: 'Replace the inbound email address',
    description:
      'An admin session replaces the inbound address with a new random one; from this answer on, mail to the old address is refused at RCPT (550). Tell your suppliers the new one.',
    tags,
    family: 'documents',
    auth: 'session',
    response: { status: 200, schema: InboundAddress, description: 'The new inbound address.' },
    errors: ['capability_unavailable', 'idempotency_conflict'],
    handler: async ({ ctx, principal }) => rotateInboundAddress(ctx, principal),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/inbound/messages',
    operationId: 'listInboundMessages',
    summary: 'List received messages',
    description:
      'Every message received at the inbound address or uploaded, newest first, for 90 days: accepted ones with the documents they created, duplicates with the document they repeat, refused ones with the reasons in words. Filter with `status`.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    query: ListInboundQuery,
    response: { status: 200, schema: InboundMessageList, description: 'A page of inbound messages.' },
    errors: ['invalid_request'],
    handler: async ({ ctx, principal, query }) => listMessages(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/inbound/messages/:id',
    operationId: 'getInboundMessage',
    summary: 'Get a received message',
    description: 'One inbound message of the organization (without its bytes: see the raw operation).',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: InboundMessageParams,
    response: { status: 200, schema: InboundMessage, description: 'The inbound message.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => getMessage(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/inbound/messages/:id/raw',
    operationId: 'getInboundMessageRaw',
    summary: "A received message's bytes",
    description:
      'The exact bytes received: `message/rfc822` for email (as the SMTP DATA carried it), the file for an upload; `Repr-Digest` gives their sha-256.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: InboundMessageParams,
    response: {
      status: 200,
      schema: null,
      description: 'The raw bytes.',
      contentType: 'message/rfc822',
    },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params, reply }) => {
      await serveRaw(ctx, principal, params.id, reply);
      return SENT;
    },
  }),
];
