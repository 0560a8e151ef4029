// The directory and the ways of adding a counterparty (CONTRACT 11.1): thin routes over
// directory.ts, external-parties.ts and identity's connections.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { defineRoute } from '../../http/route.ts';
import { IdParams, ListOf } from '../../http/schemas.ts';
import { summary } from '../../http/validation.ts';
import { ApiError, type FieldProblem, invalid } from '../../lib/errors.ts';
import {
  compactIdentifier,
  compactProfileIdentifiers,
  compactSchemeIdentifier,
} from '../../lib/party-identifiers.ts';
import { type ConnectionView, createConnection, getConnection } from '../identity/connections.ts';
import { Connection } from '../identity/schemas.ts';
import { lookupDirectory, partyKey, partyKeyProblems, resolveDirectoryKey } from './directory.ts';
import {
  createExternalParty,
  type ExternalPartyInput,
  type ExternalPartyPatch,
  externalPartyProblems,
  updateExternalParty,
} from './external-parties.ts';
import { CreateConnectionBody, DirectoryEntry, DirectoryQuery, UpdateConnectionBody } from './schemas.ts';

const tags = ['Connections'];

function adminSessionRequired(): ApiError {
  return new ApiError(
    'insufficient_scope',
    'Connecting to an organization needs an admin session (a signed-in user), not an API key; a key with documents:write may add an external party.',
    { required: 'admin_session' },
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Identifiers as suppliers write them (CONTRACT 11.5): an external party's legal profile and a
 * directory key compacted before their checks, so `NL8200.98.395.B.01` is `NL820098395B01`.
 */
function compactConnectionIdentifiers(body: unknown): void {
  if (!isRecord(body)) return;
  if (isRecord(body.external_party)) compactProfileIdentifiers(body.external_party.legal_profile);
  const by = body.counterparty;
  if (isRecord(by)) {
    if (typeof by.vat_id === 'string') by.vat_id = compactIdentifier(by.vat_id);
    if (typeof by.identifier === 'string') by.identifier = compactSchemeIdentifier(by.identifier);
  }
}

const WAYS = ['counterparty_organization_id', 'counterparty', 'external_party'] as const;

/** Body problems plus the checks the schema cannot express, answered at once. */
function refuseWith(problems: FieldProblem[]): never {
  throw invalid(problems, summary(problems));
}

async function createConnectionByBody(
  ctx: AppContext,
  principal: Principal,
  body: Record<string, unknown>,
  bodyProblems: FieldProblem[],
): Promise<ConnectionView> {
  const given = WAYS.filter((w) => body[w] !== undefined);
  if (given.length !== 1) {
    refuseWith([
      ...bodyProblems,
      {
        path: given[1] ?? 'counterparty_organization_id',
        message:
          given.length === 0
            ? 'Name the counterparty with exactly one of counterparty_organization_id, counterparty ({identifier} or {vat_id}) or external_party'
            : `Give exactly one of counterparty_organization_id, counterparty or external_party, not ${given.join(' and ')}`,
      },
    ]);
  }
  if (given[0] === 'external_party') {
    if (!principal.scopes.has('documents:write')) {
      throw new ApiError('insufficient_scope', 'Adding an external party needs the documents:write scope.', {
        required: 'documents:write',
      });
    }
    // The party's own checks (email, legal profile code lists) join the schema's in one answer.
    const own = externalPartyProblems(body.external_party, 'external_party', 'create');
    const rest = bodyProblems.filter((p) => !p.path.startsWith('external_party'));
    if (own.length + rest.length > 0) refuseWith([...rest, ...own]);
    const me = principal.organization;
    const party = await inTransaction(ctx.db, (trx) =>
      createExternalParty(
        trx,
        me.id,
        body.external_party as ExternalPartyInput,
        me.environment,
        ctx.clock.now(),
      ),
    );
    return getConnection(ctx, principal, party.connection_id);
  }
  if (principal.kind !== 'session') throw adminSessionRequired();
  if (bodyProblems.length > 0) refuseWith(bodyProblems);
  if (given[0] === 'counterparty_organization_id') {
    return createConnection(ctx, principal, body.counterparty_organization_id as string);
  }
  const by = body.counterparty as { identifier?: string; vat_id?: string };
  const problems = partyKeyProblems(by, 'counterparty');
  if (problems.length > 0) refuseWith(problems);
  const orgId = await resolveDirectoryKey(ctx.db, principal.organization.environment, partyKey(by));
  return createConnection(
    ctx,
    principal,
    orgId,
    by.identifier !== undefined ? 'counterparty.identifier' : 'counterparty.vat_id',
  );
}

export const partyRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/directory',
    operationId: 'lookupDirectory',
    summary: 'Find an organization by identifier',
    description:
      "Looks up the organizations of the caller's environment whose legal profile holds exactly this electronic address or legal registration id (identifier=<scheme>:<value>, such as 0088:4012345000009 or 9930:DE123456789) or this VAT id (vat_id=DE123456789); case and spaces do not matter. There is no name search and no listing without an identifier. Organizations that set directory_listed to false, external parties and sandbox demo counterparties are never found. Connect to a match with POST /v1/connections.",
    tags,
    auth: 'scopes',
    scopes: ['documents:read'],
    query: DirectoryQuery,
    response: {
      status: 200,
      schema: ListOf(DirectoryEntry, 'DirectoryEntry'),
      description: 'The matching organizations (usually one, or none).',
    },
    errors: ['invalid_request', 'unauthorized', 'forbidden', 'insufficient_scope'],
    handler: async ({ ctx, principal, query }) => lookupDirectory(ctx, principal, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/connections',
    operationId: 'createConnection',
    summary: 'Connect to an organization, or add an external party',
    description:
      'Three ways to add a counterparty. {counterparty_organization_id} or {counterparty: {identifier} | {vat_id}} (found through GET /v1/directory) invite an organization of the same environment: the connection is pending until it accepts (admin session only; no directory match answers 404 not_found saying how to add an external party instead). {external_party: {name, email, legal_profile?, notify_status?}} adds a business that is not on docex (admin session, or a key with documents:write): the connection is active at once, its counterparty is {id: "xp_…", name, external: true, email, legal_profile, notify_status}, and documents on it are created and issued as on any other; legal_profile (the shape of PATCH /v1/organization) names it in e-invoices (BG-7). At most 10,000 external parties per organization (then 409 conflict).',
    tags,
    auth: 'scopes',
    scopes: ['documents:write'],
    scopesCheckedByHandler: true,
    body: CreateConnectionBody,
    collectsBodyProblems: true,
    normalizeBody: compactConnectionIdentifiers,
    response: {
      status: 201,
      schema: Connection,
      description: 'The new connection: pending for an organization, active for an external party.',
    },
    errors: [
      'invalid_request',
      'unauthorized',
      'forbidden',
      'insufficient_scope',
      'not_found',
      'sandbox_isolation',
      'conflict',
      'idempotency_conflict',
    ],
    handler: async ({ ctx, principal, body, bodyProblems }) =>
      createConnectionByBody(ctx, principal, (body ?? {}) as Record<string, unknown>, bodyProblems),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/connections/:id',
    operationId: 'updateConnection',
    summary: "Edit an external party's details",
    description:
      'Edits the external party of a connection the caller added it with: name, email, legal_profile (null clears it) and notify_status; sent fields replace the stored ones. Documents already issued keep the legal profile frozen when they were issued. Only the organization that added the party may edit it (anyone else: 404); once the party has claimed the connection it keeps its own details (409 conflict).',
    tags,
    auth: 'scopes',
    scopes: ['documents:write'],
    params: IdParams,
    body: UpdateConnectionBody,
    collectsBodyProblems: true,
    normalizeBody: compactConnectionIdentifiers,
    response: { status: 200, schema: Connection, description: 'The connection with the edited party.' },
    errors: [
      'invalid_request',
      'unauthorized',
      'forbidden',
      'insufficient_scope',
      'not_found',
      'conflict',
      'idempotency_conflict',
    ],
    handler: async ({ ctx, principal, params, body, bodyProblems }) => {
      const patch = (body as { external_party?: unknown } | undefined)?.external_party;
      const own = patch === undefined ? [] : externalPartyProblems(patch, 'external_party', 'patch');
      const rest = bodyProblems.filter((p) => !p.path.startsWith('external_party.'));
      const seen = new Set(own.map((p) => p.path));
      const problems = [...rest.filter((p) => !seen.has(p.path)), ...own];
      if (problems.length > 0) refuseWith(problems);
      const me = principal.organization.id;
      await inTransaction(ctx.db, (trx) =>
        updateExternalParty(trx, me, params.id, patch as ExternalPartyPatch, ctx.clock.now()),
      );
      return getConnection(ctx, principal, params.id);
    },
  }),
];
