// /v1/recipient/<token> (CONTRACT 11.3): the recipient link as JSON for integrators. The token in
// the path is the only credential (auth 'link': rate limits per address and per token, then the
// token, all before the body is read); the claim routes also need a signed-in user's session.
// These operations are not MCP tools: MCP acts for one organization's key, and a link belongs to
// no organization (src/mcp/tools.ts lists no 'link' operation; a session's claim is a person's act).
import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { EINVOICE_FORMATS, exportEInvoice } from '../einvoice/export-document.ts';
import { exportBundle } from '../provenance/export-bundle.ts';
import { admitLinkRequest } from './admit.ts';
import { confirmClaim, startClaim } from './claim.ts';
import { linkParty, type OpenedLink, openLink } from './link.ts';
import {
  ClaimConfirmBody,
  ClaimConfirmed,
  ClaimStarted,
  RecipientDocument,
  RecipientTransitionBody,
  TokenParams,
} from './schemas.ts';
import { transitionThroughLink } from './transition.ts';
import { markLinkViewed, partyPrincipal, readRecipientDocument } from './view.ts';

const tags = ['Recipient link'];

/** The link each admitted request opened (auth 'link'), for its handler. */
const opened = new WeakMap<FastifyRequest, OpenedLink>();

async function admitLink(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const { token } = request.params as { token: string };
  await admitLinkRequest(ctx, token, request.ip);
  const link = await openLink(ctx, token);
  opened.set(request, link);
  return `link:${link.linkId}`;
}

function linkOf(request: FastifyRequest): OpenedLink {
  const link = opened.get(request);
  if (!link) throw new Error('a link route ran without its link admitted');
  return link;
}

const EInvoiceQuery = Type.Object(
  {
    format: Type.Union(
      EINVOICE_FORMATS.map((f) => Type.Literal(f)),
      { description: 'ubl, cii or facturx: the same files as GET /v1/documents/{id}/einvoice.' },
    ),
  },
  { additionalProperties: false },
);

const common = {
  tags,
  family: 'documents' as const,
  auth: 'link' as const,
  linkAuth: (ctx: AppContext, request: FastifyRequest) => admitLink(ctx, request),
  params: TokenParams,
};

export const recipientRoutes: AnyRoute[] = [
  defineRoute({
    ...common,
    method: 'GET',
    url: '/v1/recipient/:token',
    operationId: 'getRecipientDocument',
    summary: 'Read a document through its recipient link',
    description:
      "The document as its counterparty (the external party the link was emailed to) sees it, plus issuer_number (the issuer's own number, BT-1), the issuer as its frozen legal profile names it (with its payment account), the party, and allowed: the moves open to the link now. No credential but the token; a wrong, revoked or expired token (the party claimed, or the document closed 90 days ago) is 404 without a hint which. More than 30 requests a minute for one token or from one address: 429. The first read of a delivered link sets the delivery's viewed_at and sends document.viewed to the issuer.",
    response: { status: 200, schema: RecipientDocument, description: 'The document through the link.' },
    errors: ['not_found', 'rate_limited'],
    handler: async ({ ctx, request }) => {
      const link = linkOf(request);
      const { view } = await readRecipientDocument(ctx, link);
      await markLinkViewed(ctx, link);
      return view;
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    url: '/v1/recipient/:token/einvoice',
    operationId: 'exportRecipientEInvoice',
    summary: 'Download the e-invoice through the recipient link',
    description:
      'The e-invoice of an invoice or credit note (UBL, CII or Factur-X): byte for byte the file GET /v1/documents/{id}/einvoice gives either party, with the same Svc-EInvoice-Digest. Another document type: 400; a party profile lacking a term a rule needs: 422 einvoice_incomplete.',
    query: EInvoiceQuery,
    response: {
      status: 200,
      schema: null,
      description: 'The e-invoice: application/xml (ubl, cii) or application/pdf (facturx).',
      contentType: 'application/xml',
    },
    errors: [
      'invalid_request',
      'not_found',
      'conflict',
      'einvoice_incomplete',
      'unavailable',
      'rate_limited',
    ],
    handler: async ({ ctx, request, query, reply }) => {
      const link = linkOf(request);
      const party = await linkParty(ctx, link);
      const file = await exportEInvoice(ctx, partyPrincipal(party), link.documentId, query.format);
      reply
        .header(
          'content-type',
          file.contentType === 'application/xml' ? 'application/xml; charset=utf-8' : file.contentType,
        )
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('svc-einvoice-digest', file.digest)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
      return SENT;
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    url: '/v1/recipient/:token/export',
    operationId: 'exportRecipientBundle',
    summary: 'Download the proof bundle through the recipient link',
    description:
      "The document's proof bundle (docex-proof/1) as its counterparty's export gives it: canonical JSON bytes signed by the deployment, Svc-Bundle-Digest their sha256; `docex verify-bundle` checks it offline.",
    response: {
      status: 200,
      schema: null,
      description: 'The bundle: canonical JSON bytes, to be saved and verified unchanged.',
      contentType: 'application/json',
    },
    errors: ['not_found', 'conflict', 'rate_limited'],
    handler: async ({ ctx, request, reply }) => {
      const link = linkOf(request);
      const party = await linkParty(ctx, link);
      const bundle = await exportBundle(ctx, partyPrincipal(party), link.documentId);
      reply
        .code(200)
        .header('content-type', 'application/json')
        .header('content-disposition', `attachment; filename="${link.documentId}.proof.json"`)
        .header('svc-bundle-digest', bundle.digest)
        .header('cache-control', 'private, no-store');
      if (bundle.kind === 'bytes') reply.send(bundle.bytes);
      else reply.header('content-length', String(bundle.length)).send(Readable.from(bundle.body));
      return SENT;
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    url: '/v1/recipient/:token/transition',
    operationId: 'transitionRecipientDocument',
    summary: 'Approve, acknowledge or dispute through the recipient link',
    description:
      "The counterparty's moves of the document's state machine (CONTRACT 3) without the payment targets: acknowledged, approved, disputed (a dispute needs a reason, kept in the history entry). Recorded in history with actor {kind: recipient_link, organization_id: null, external_party_id} and sending the issuer the same events as a counterparty's own move. An illegal move: 409 conflict with details.allowed. Idempotency-Key required (scoped to the link).",
    body: RecipientTransitionBody,
    response: { status: 200, schema: RecipientDocument, description: 'The document after the move.' },
    errors: ['invalid_request', 'not_found', 'conflict', 'idempotency_conflict', 'rate_limited'],
    handler: async ({ ctx, request, body }) => transitionThroughLink(ctx, linkOf(request), body),
  }),
  defineRoute({
    tags,
    family: 'documents',
    method: 'POST',
    url: '/v1/recipient/:token/claim',
    operationId: 'startRecipientClaim',
    summary: 'Claim the external party: email a one-time code',
    description:
      "A signed-in user (admin session) asks to become the external party the link belongs to: docex emails a one-time 8-digit code, valid 15 minutes, to the party's address (in the sandbox the message is simulated and readable through the document's deliveries). Asking again sends a new code. The party's owner cannot claim it (409); an organization of the other environment gets sandbox_isolation; a claimed party's link is 404. While the claim is locked after 5 wrong codes: 429.",
    auth: 'session',
    params: TokenParams,
    response: { status: 202, schema: ClaimStarted, description: 'The code is on its way.' },
    errors: ['not_found', 'conflict', 'sandbox_isolation', 'rate_limited'],
    handler: async ({ ctx, principal, request, params }) => {
      await admitLinkRequest(ctx, params.token, request.ip);
      const link = await openLink(ctx, params.token);
      return startClaim(ctx, principal, link);
    },
  }),
  defineRoute({
    tags,
    family: 'documents',
    method: 'POST',
    url: '/v1/recipient/:token/claim/confirm',
    operationId: 'confirmRecipientClaim',
    summary: 'Claim the external party: confirm with the code',
    description:
      "The code emailed by POST /v1/recipient/{token}/claim, within 15 minutes, by the same organization. The external party becomes the session's organization: its connection an ordinary active connection between the two organizations, every document on it keeping its id, numbers, history, proof chain and e-invoice bytes; the party's links answer 404 from then on. A wrong code: 400 naming body.code (details.attempts_left); the fifth wrong code locks the claim for 15 minutes (429 with Retry-After, even for the right code). No code pending for this organization, or an expired one: 409.",
    auth: 'session',
    params: TokenParams,
    body: ClaimConfirmBody,
    response: { status: 200, schema: ClaimConfirmed, description: 'The party is the organization now.' },
    errors: ['invalid_request', 'not_found', 'conflict', 'sandbox_isolation', 'rate_limited'],
    handler: async ({ ctx, principal, request, params, body }) => {
      await admitLinkRequest(ctx, params.token, request.ip);
      const link = await openLink(ctx, params.token);
      return confirmClaim(ctx, principal, link, body.code);
    },
  }),
];
