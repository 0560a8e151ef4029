// External parties (CONTRACT 11.1): a counterparty that is not on docex, added by one organization
// (its owner) with a name, an email address, an optional §9 legal profile and notify_status.
//
// The model: each party is a row of `organizations` (id xp_…, external = true; its name and legal
// profile live there) plus a row of `external_parties` (owner, email, notify_status, claim), and
// one ACTIVE connection from its owner to it (connections.external_party_id). Every document path
// (create, issue, transitions, numbering, projections, history, lineage, the frozen BG-4/BG-7
// profiles) therefore treats it as the organization it stands for: the party's counterparty-side
// numbers are its own sequence (BILL-000001…) and its profile is frozen at issue like anyone's.
// Nothing can act as it (no users, keys or accounts) except the service on its behalf.
import type { Kysely } from 'kysely';
import type { Tx } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { bodyAjv, mapAjvErrors, summary } from '../../http/validation.ts';
import { ApiError, type FieldProblem, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { unstorableTextProblem } from '../../lib/text.ts';
import { legalProfileProblems } from '../identity/legal-profile.ts';
import { emailProblem } from './email.ts';
import { ExternalPartyInput as InputSchema, ExternalPartyPatch as PatchSchema } from './schemas.ts';

/** CONTRACT 11.1: at most this many (unclaimed) external parties per organization. */
export const MAX_EXTERNAL_PARTIES = 10_000;

export interface ExternalPartyInput {
  name: string;
  /** null only for a seller added from a received e-invoice without BT-43 (CONTRACT 11.5); the API requires one */
  email: string | null;
  legal_profile?: LegalProfile | null;
  /** default true */
  notify_status?: boolean;
}

export type ExternalPartyPatch = Partial<ExternalPartyInput> & { email?: string };

export interface ExternalParty {
  id: string;
  owner_organization_id: string;
  /** the connection it was added with (owner → party; owner → claiming organization after a claim) */
  connection_id: string;
  environment: 'live' | 'sandbox';
  name: string;
  /** null until someone sets it: nothing is emailed to the party meanwhile */
  email: string | null;
  legal_profile: LegalProfile | null;
  notify_status: boolean;
  /** the organization that claimed it (CONTRACT 11.3), or null */
  claimed_organization_id: string | null;
  claimed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const validateInput = bodyAjv.compile(InputSchema);
const validatePatch = bodyAjv.compile(PatchSchema);

/**
 * Every problem of an external party's fields, each path under `prefix` (`external_party`): the
 * schema (for callers that did not come through a route's body schema), the email address, the
 * legal profile's code lists and check digits, and text that could not be stored or written.
 */
export function externalPartyProblems(
  input: unknown,
  prefix: string,
  mode: 'create' | 'patch',
): FieldProblem[] {
  const validate = mode === 'create' ? validateInput : validatePatch;
  const under = (path: string) => (path === '(root)' ? prefix : `${prefix}.${path}`);
  const problems: FieldProblem[] = [];
  if (!validate(input)) {
    for (const p of mapAjvErrors(validate.errors ?? [], 'body').problems) {
      problems.push({ path: under(p.path), message: p.message });
    }
  }
  if (typeof input !== 'object' || input === null) return problems;
  const named = (path: string) => problems.some((q) => q.path === path || q.path.startsWith(`${path}.`));
  const fields = input as Record<string, unknown>;
  if (typeof fields.name === 'string' && !named(under('name'))) {
    const problem = unstorableTextProblem(fields.name);
    if (problem) problems.push({ path: under('name'), message: `Name ${problem}` });
    else if (fields.name.trim() === '')
      problems.push({ path: under('name'), message: 'Name must not be blank' });
  }
  if (typeof fields.email === 'string' && !named(under('email'))) {
    const problem = emailProblem(fields.email);
    if (problem) problems.push({ path: under('email'), message: `Email address ${problem}` });
  }
  if (fields.legal_profile !== undefined && fields.legal_profile !== null) {
    for (const q of legalProfileProblems(fields.legal_profile)) {
      const path = under(`legal_profile.${q.path}`);
      if (!named(path)) problems.push({ path, message: q.message });
    }
  }
  return problems;
}

function refuse(problems: FieldProblem[]): never {
  throw invalid(problems, summary(problems));
}

function partyQuery(db: Kysely<DB>) {
  return db
    .selectFrom('external_parties as xp')
    .innerJoin('organizations as o', 'o.id', 'xp.id')
    .innerJoin('connections as c', 'c.external_party_id', 'xp.id')
    .select([
      'xp.id',
      'xp.owner_organization_id',
      'c.id as connection_id',
      'o.environment',
      'o.name',
      'xp.email',
      'o.legal_profile',
      'xp.notify_status',
      'xp.claimed_organization_id',
      'xp.claimed_at',
      'xp.created_at',
      'xp.updated_at',
    ]);
}

/** The party by id, whoever owns it (the recipient link and the claim start from a token). */
export async function getExternalParty(db: Kysely<DB>, id: string): Promise<ExternalParty | null> {
  return (await partyQuery(db).where('xp.id', '=', id).executeTakeFirst()) ?? null;
}

/** The party of the owner's connection, or null when the connection is not an external party's. */
export async function externalPartyOfConnection(
  db: Kysely<DB>,
  ownerOrganizationId: string,
  connectionId: string,
): Promise<ExternalParty | null> {
  return (
    (await partyQuery(db)
      .where('c.id', '=', connectionId)
      .where('xp.owner_organization_id', '=', ownerOrganizationId)
      .executeTakeFirst()) ?? null
  );
}

export interface DocumentExternalParty {
  party: ExternalParty;
  /** which side of the document the party is on (or was, before its claim) */
  side: 'counterparty' | 'issuer';
}

/**
 * The external party of a document: the one its connection was added with, and its side (a party
 * is the counterparty of what its owner issues, and the issuer of what it sends in, CONTRACT
 * 11.5). Null for a document between two organizations that never involved one. After a claim
 * the party is still returned, with claimed_organization_id set: the document is then an ordinary
 * document between the owner and that organization, and no longer emailed.
 */
export async function externalPartyOfDocument(
  db: Kysely<DB>,
  documentId: string,
): Promise<DocumentExternalParty | null> {
  const row = await partyQuery(db)
    .innerJoin('documents as d', 'd.connection_id', 'c.id')
    .select('d.issuer_organization_id')
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  if (!row) return null;
  const { issuer_organization_id, ...party } = row;
  // The owner is never the party; whichever side is not the owner is the party's (or its claimer's).
  return { party, side: issuer_organization_id === party.owner_organization_id ? 'counterparty' : 'issuer' };
}

/**
 * Adds an external party and its active connection, in the caller's transaction. Validates every
 * field (400 naming `external_party.<field>`), and refuses the owner's 10,001st unclaimed party
 * with 409 `conflict`. Returns the party (its connection_id included).
 */
export async function createExternalParty(
  trx: Tx,
  ownerOrganizationId: string,
  input: ExternalPartyInput,
  environment: 'live' | 'sandbox',
  now: Date,
): Promise<ExternalParty> {
  // Without an email (a received e-invoice's seller, CONTRACT 11.5) every other field is checked
  // as a create checks it: the patch schema is the create's with every field optional.
  const { email: _email, ...rest } = input;
  const problems =
    input.email === null
      ? externalPartyProblems(rest, 'external_party', 'patch')
      : externalPartyProblems(input, 'external_party', 'create');
  if (problems.length > 0) refuse(problems);
  // The owner's row, locked, makes concurrent adds take turns at the limit. NO KEY UPDATE: the
  // events and connections that reference the organization (key-share locks) are not blocked.
  const owner = await trx
    .selectFrom('organizations')
    .select(['id', 'environment', 'external'])
    .where('id', '=', ownerOrganizationId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!owner || owner.external) throw notFound('organization');
  if (owner.environment !== environment) {
    throw new ApiError(
      'sandbox_isolation',
      'An external party belongs to the environment of the organization that adds it.',
    );
  }
  const { count } = await trx
    .selectFrom('external_parties')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('owner_organization_id', '=', ownerOrganizationId)
    .where('claimed_organization_id', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_EXTERNAL_PARTIES) {
    throw new ApiError(
      'conflict',
      `An organization can have at most ${MAX_EXTERNAL_PARTIES.toLocaleString('en-US')} external parties.`,
      { limit: MAX_EXTERNAL_PARTIES },
    );
  }
  const id = newId('xp');
  const profile = input.legal_profile ?? null;
  await trx
    .insertInto('organizations')
    .values({
      id,
      name: input.name,
      environment,
      verified: false,
      processor_connected: false,
      parent_organization_id: null,
      demo: false,
      external: true,
      directory_listed: false,
      legal_profile: profile === null ? null : JSON.stringify(profile),
      created_at: now,
    })
    .execute();
  await trx
    .insertInto('external_parties')
    .values({
      id,
      owner_organization_id: ownerOrganizationId,
      email: input.email,
      notify_status: input.notify_status ?? true,
      created_at: now,
      updated_at: now,
      claimed_organization_id: null,
      claimed_at: null,
    })
    .execute();
  const connectionId = newId('conn');
  await trx
    .insertInto('connections')
    .values({
      id: connectionId,
      requester_organization_id: ownerOrganizationId,
      recipient_organization_id: id,
      status: 'active',
      environment,
      created_at: now,
      accepted_at: now,
      external_party_id: id,
    })
    .execute();
  return {
    id,
    owner_organization_id: ownerOrganizationId,
    connection_id: connectionId,
    environment,
    name: input.name,
    email: input.email,
    legal_profile: profile,
    notify_status: input.notify_status ?? true,
    claimed_organization_id: null,
    claimed_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Edits the party of the owner's connection (PATCH /v1/connections/{id}); sent fields replace,
 * `legal_profile: null` clears it. Documents already issued keep the profile frozen at their issue.
 * 404 for a connection that is not the owner's external party's; 409 once the party is claimed.
 */
export async function updateExternalParty(
  trx: Tx,
  ownerOrganizationId: string,
  connectionId: string,
  patch: ExternalPartyPatch,
  now: Date,
): Promise<ExternalParty> {
  const problems = externalPartyProblems(patch, 'external_party', 'patch');
  if (problems.length > 0) refuse(problems);
  const current = await partyQuery(trx)
    .where('c.id', '=', connectionId)
    .where('xp.owner_organization_id', '=', ownerOrganizationId)
    .forUpdate('xp')
    .executeTakeFirst();
  if (!current) throw notFound('connection');
  if (current.claimed_organization_id !== null) {
    throw new ApiError(
      'conflict',
      'This party has joined docex and claimed the connection: it keeps its own details now.',
    );
  }
  if (patch.name !== undefined || patch.legal_profile !== undefined) {
    await trx
      .updateTable('organizations')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.legal_profile !== undefined
          ? { legal_profile: patch.legal_profile === null ? null : JSON.stringify(patch.legal_profile) }
          : {}),
      })
      .where('id', '=', current.id)
      .where('external', '=', true)
      .execute();
  }
  await trx
    .updateTable('external_parties')
    .set({
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.notify_status !== undefined ? { notify_status: patch.notify_status } : {}),
      updated_at: now,
    })
    .where('id', '=', current.id)
    .execute();
  return {
    ...current,
    name: patch.name ?? current.name,
    email: patch.email ?? current.email,
    legal_profile: patch.legal_profile === undefined ? current.legal_profile : patch.legal_profile,
    notify_status: patch.notify_status ?? current.notify_status,
    updated_at: now,
  };
}
