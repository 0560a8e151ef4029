import { Type } from '@sinclair/typebox';
import { limitAuthAttempts } from '../../http/auth-throttle.ts';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { IdParams, ListOf, ListQuery } from '../../http/schemas.ts';
import { ApiError } from '../../lib/errors.ts';
import { compactProfileIdentifiers } from '../../lib/party-identifiers.ts';
import { endSession, signIn, signup } from './accounts.ts';
import { acceptConnection, getConnection, listConnections } from './connections.ts';
import { copyLiveLegalProfile } from './copy-live-profile.ts';
import { updateLegalProfile } from './legal-profile.ts';
import { UpdateOrganizationBody } from './legal-profile-schema.ts';
import {
  getOrganizationRow,
  organizationViewOf,
  setOrganizationFlags,
  verifyOrganization,
} from './organizations.ts';
import { provisionSandbox } from './sandbox.ts';
import {
  Connection,
  Organization,
  SandboxResponse,
  Session,
  SessionBody,
  SignupBody,
  SignupResponse,
} from './schemas.ts';

const tags = ['Identity'];

export const identityRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/v1/signup',
    operationId: 'signup',
    summary: 'Sign up',
    description:
      'Creates a live organization (unverified) whose admin is the new user, and returns an admin session for it. Refused with not_found when signup is closed (DOCEX_SIGNUP=closed).',
    tags,
    auth: 'none',
    idempotent: false,
    body: SignupBody,
    response: {
      status: 201,
      schema: SignupResponse,
      description: 'The organization, its admin user and a session.',
    },
    errors: ['invalid_request', 'conflict', 'rate_limited'],
    handler: async ({ ctx, body, request }) => {
      await limitAuthAttempts(ctx, request.ip);
      if (!ctx.config.signupOpen) {
        throw new ApiError(
          'not_found',
          'Signup is closed on this deployment; the operator creates organizations.',
        );
      }
      return signup(ctx, body);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/sessions',
    operationId: 'createSession',
    summary: 'Sign in',
    description:
      "Exchanges email and password for an admin session bound to one organization (default: the user's live organization). Sessions last 12 hours. After 5 failed sign-ins for an email within 15 minutes that email answers 429 rate_limited with Retry-After, even with the right password, until the window passes; sign-ins and signups from one address are limited to DOCEX_AUTH_RATE_LIMIT a minute (default 20).",
    tags,
    auth: 'none',
    idempotent: false,
    body: SessionBody,
    response: { status: 201, schema: Session, description: 'The session token.' },
    errors: ['invalid_request', 'unauthorized', 'not_found', 'rate_limited'],
    handler: async ({ ctx, body, request }) => {
      await limitAuthAttempts(ctx, request.ip);
      return signIn(ctx, body);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/sessions/current',
    operationId: 'endSession',
    summary: 'Sign out',
    description: 'Ends the calling session at once.',
    tags,
    auth: 'session',
    idempotent: false,
    response: { status: 204, schema: null, description: 'Ended.' },
    errors: ['unauthorized', 'insufficient_scope'],
    handler: async ({ ctx, principal, reply }) => {
      await endSession(ctx, principal.sessionId!);
      reply.code(204).send();
      return SENT;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/organization',
    operationId: 'getOrganization',
    summary: 'The calling organization',
    description: 'Returns the organization the key or session belongs to.',
    tags,
    auth: 'scopes',
    response: { status: 200, schema: Organization, description: 'The organization.' },
    errors: ['unauthorized', 'forbidden'],
    handler: async ({ ctx, principal }) =>
      organizationViewOf(ctx.db, await getOrganizationRow(ctx.db, principal.organization.id)),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/organization',
    operationId: 'updateOrganization',
    summary: 'Set the legal profile and directory listing',
    description:
      "Sets the organization's legal profile, what its e-invoices name it with (EN 16931 BG-4 seller / BG-7 buyer): legal name, postal address, VAT id, tax and legal registration ids, the electronic address Peppol routes on, a contact and the account it is paid into. Sent fields replace the stored ones, null clears an optional one; the result must have legal_name and address. Countries, schemes, the VAT prefix and IBAN check digits are verified; a refusal names every problem of the body at once, each in words. A document keeps the profiles it was issued with. directory_listed: false takes the organization out of GET /v1/directory (true by default); sent alone it needs no profile. capture: {auto_confirm: true} lets docex confirm by itself a capture whose required fields and total were all read `high` from a supplier with a confirmed capture before (CONTRACT 13; default false); sent alone it needs no profile either.",
    tags,
    auth: 'session',
    body: UpdateOrganizationBody,
    // Schema problems and the checks a schema cannot express (IBAN check digits, the VAT prefix,
    // a first save's missing name and address) are answered together.
    collectsBodyProblems: true,
    // VAT, registration and address identifiers as suppliers write them: compacted, then checked.
    normalizeBody: compactProfileIdentifiers,
    response: { status: 200, schema: Organization, description: 'The organization with its profile.' },
    errors: ['invalid_request', 'unauthorized', 'insufficient_scope', 'idempotency_conflict'],
    handler: async ({ ctx, principal, body, bodyProblems }) =>
      updateLegalProfile(ctx, principal, body, bodyProblems),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/organization/legal_profile/copy_from_live',
    operationId: 'copyLiveLegalProfile',
    summary: "Copy the live organization's legal profile into the sandbox",
    description:
      "Sandbox only: sets this sandbox organization's legal profile to its live organization's as it stands now (name, address, identifiers, contact, payment account), so practice e-invoices and SEPA payment files carry the real details without typing them twice. A copy: later changes to either profile are their own. The identifiers come without the operator's verification, which is per environment. 409 conflict when called by a live organization (reason not_sandbox) or when the live organization has no legal profile yet (reason live_profile_missing).",
    tags,
    auth: 'session',
    response: {
      status: 200,
      schema: Organization,
      description: 'The sandbox organization with its profile.',
    },
    errors: ['unauthorized', 'insufficient_scope', 'conflict', 'idempotency_conflict'],
    handler: async ({ ctx, principal }) => copyLiveLegalProfile(ctx, principal),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/connections/:id/accept',
    operationId: 'acceptConnection',
    summary: 'Accept a connection',
    description:
      'The invited organization accepts; the connection becomes active. Accepting an active connection returns it unchanged.',
    tags: ['Connections'],
    auth: 'session',
    params: IdParams,
    response: { status: 200, schema: Connection, description: 'The connection.' },
    errors: ['unauthorized', 'insufficient_scope', 'not_found', 'conflict'],
    handler: async ({ ctx, principal, params }) => acceptConnection(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/connections',
    operationId: 'listConnections',
    summary: 'List connections',
    description:
      'The connections the calling organization is a party to, newest first, each projected for the caller.',
    tags: ['Connections'],
    auth: 'scopes',
    query: Type.Object(
      { ...ListQuery, status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('active')])) },
      { additionalProperties: false },
    ),
    response: {
      status: 200,
      schema: ListOf(Connection, 'Connection'),
      description: 'A page of connections.',
    },
    errors: ['invalid_request', 'unauthorized', 'forbidden'],
    handler: async ({ ctx, principal, query }) => listConnections(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/connections/:id',
    operationId: 'getConnection',
    summary: 'Get a connection',
    description: 'One connection the caller is a party to.',
    tags: ['Connections'],
    auth: 'scopes',
    params: IdParams,
    response: { status: 200, schema: Connection, description: 'The connection.' },
    errors: ['unauthorized', 'forbidden', 'not_found'],
    handler: async ({ ctx, principal, params }) => getConnection(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/sandbox',
    operationId: 'provisionSandbox',
    summary: 'Provision the sandbox',
    description:
      'Creates (once) the practice pair for the calling live organization: a verified sandbox organization with funded simulated accounts, a demo counterparty that approves and acknowledges documents on its own, and an active connection between them. Calling again returns the same pair with a new session of the sandbox organization.',
    tags: ['Sandbox'],
    auth: 'session',
    response: {
      status: 201,
      schema: SandboxResponse,
      description: 'The pair and a session of the sandbox organization.',
    },
    errors: ['unauthorized', 'insufficient_scope', 'sandbox_isolation'],
    handler: async ({ ctx, principal }) => provisionSandbox(ctx, principal),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/operator/organizations',
    operationId: 'operatorCreateOrganization',
    summary: 'Create an organization (operator)',
    description:
      "The operator's signup, for deployments with DOCEX_SIGNUP=closed. Same body and answer as POST /v1/signup.",
    tags: ['Operator'],
    auth: 'operator',
    body: SignupBody,
    response: {
      status: 201,
      schema: SignupResponse,
      description: 'The organization, its admin user and a session.',
    },
    errors: ['invalid_request', 'unauthorized', 'conflict'],
    handler: async ({ ctx, body }) => signup(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/operator/organizations/:id/verify',
    operationId: 'operatorVerifyOrganization',
    summary: 'Verify an organization and its identifiers (operator)',
    description:
      "Verified organizations may use treasury reads and finance. The identifiers the organization's legal profile holds at this moment (electronic address, legal registration id, VAT id) become verified for it (legal_profile.verified_identifiers): only verified identifiers list it in GET /v1/directory, resolve POST /v1/connections {counterparty}, and attribute a received e-invoice to it. An identifier is verified for one organization of an environment at most: one already verified for another answers 409 conflict naming the holder (details.holder), and nothing is verified. Changing an identifier in the profile drops its verification until the operator verifies again.",
    tags: ['Operator'],
    auth: 'operator',
    params: IdParams,
    response: { status: 200, schema: Organization, description: 'The organization.' },
    errors: ['unauthorized', 'not_found', 'conflict'],
    handler: async ({ ctx, params }) => verifyOrganization(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/operator/organizations/:id/connect_processor',
    operationId: 'operatorConnectProcessor',
    summary: 'Connect the payment processor (operator)',
    description: 'Live payments answer capability_unavailable until this is done.',
    tags: ['Operator'],
    auth: 'operator',
    params: IdParams,
    response: { status: 200, schema: Organization, description: 'The organization.' },
    errors: ['unauthorized', 'not_found'],
    handler: async ({ ctx, params }) =>
      organizationViewOf(
        ctx.db,
        await setOrganizationFlags(ctx.db, params.id, { processor_connected: true }),
      ),
  }),
];
