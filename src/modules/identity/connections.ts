// Connections between two organizations (CONTRACT 1). Documents live only on active ones.
import { type Kysely, type Selectable, sql } from 'kysely';
import { type AppContext, hmacKeys } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { ConnectionsTable } from '../../db/tables/foundation.ts';
import { isUniqueViolation, withSavepoint } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso, isoOrNull } from '../../lib/clock.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';

export type ConnectionRow = Selectable<ConnectionsTable>;

/** An external party as its owner sees it (CONTRACT 11.1): a counterparty that is not on docex. */
export interface ExternalCounterparty {
  id: string;
  name: string;
  external: true;
  /** null: a seller added from an uploaded e-invoice without an email (CONTRACT 11.5) */
  email: string | null;
  legal_profile: LegalProfile | null;
  notify_status: boolean;
}

export interface ConnectionView {
  id: string;
  status: 'pending' | 'active';
  environment: 'live' | 'sandbox';
  counterparty: { id: string; name: string } | ExternalCounterparty;
  /** true when the viewer is the organization that was invited (and so may accept) */
  invited: boolean;
  created_at: string;
  accepted_at: string | null;
}

type ConnectionWithNames = ConnectionRow & {
  requester_name: string;
  recipient_name: string;
  /** set while the recipient is an (unclaimed) external party: its id, email, profile and notify_status */
  party_id: string | null;
  party_email: string | null;
  party_profile: LegalProfile | null;
  party_notify_status: boolean | null;
};

export function connectionView(c: ConnectionWithNames, viewerOrgId: string): ConnectionView {
  const viewerIsRequester = c.requester_organization_id === viewerOrgId;
  const recipient =
    c.party_id !== null
      ? {
          id: c.recipient_organization_id,
          name: c.recipient_name,
          external: true as const,
          email: c.party_email,
          legal_profile: c.party_profile,
          notify_status: c.party_notify_status ?? true,
        }
      : { id: c.recipient_organization_id, name: c.recipient_name };
  return {
    id: c.id,
    status: c.status,
    environment: c.environment,
    counterparty: viewerIsRequester ? recipient : { id: c.requester_organization_id, name: c.requester_name },
    invited: !viewerIsRequester,
    created_at: iso(c.created_at),
    accepted_at: isoOrNull(c.accepted_at),
  };
}

function withNames(db: Kysely<DB>) {
  return (
    db
      .selectFrom('connections as c')
      .innerJoin('organizations as a', 'a.id', 'c.requester_organization_id')
      .innerJoin('organizations as b', 'b.id', 'c.recipient_organization_id')
      // The recipient is an external party until a claim makes it the claiming organization
      // (src/modules/parties): then this finds nothing and the connection reads as any other.
      .leftJoin('external_parties as xp', 'xp.id', 'c.recipient_organization_id')
      .selectAll('c')
      .select([
        'a.name as requester_name',
        'b.name as recipient_name',
        'xp.id as party_id',
        'xp.email as party_email',
        sql<LegalProfile | null>`case when xp.id is null then null else b.legal_profile end`.as(
          'party_profile',
        ),
        'xp.notify_status as party_notify_status',
      ])
  );
}

/** The connection if the organization is a party to it; not_found otherwise (never reveal existence). */
export async function findConnectionForParty(
  db: Kysely<DB>,
  organizationId: string,
  connectionId: string,
): Promise<ConnectionWithNames> {
  const row = await withNames(db)
    .where('c.id', '=', connectionId)
    .where((eb) =>
      eb.or([
        eb('c.requester_organization_id', '=', organizationId),
        eb('c.recipient_organization_id', '=', organizationId),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw notFound('connection');
  return row;
}

export async function createConnection(
  ctx: AppContext,
  principal: Principal,
  counterpartyId: string,
  /** the body field that named the counterparty, for the refusal of a connection to oneself */
  path = 'counterparty_organization_id',
): Promise<ConnectionView> {
  const me = principal.organization;
  if (counterpartyId === me.id) {
    throw new ApiError('invalid_request', 'An organization cannot connect to itself.', {
      errors: [{ path, message: 'is the calling organization' }],
    });
  }
  const other = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'environment', 'demo', 'external'])
    .where('id', '=', counterpartyId)
    .executeTakeFirst();
  // A demo counterparty belongs to its sandbox pair alone (CONTRACT 10): to anyone else it does
  // not exist, so another tenant's sandbox cannot connect to it and drive it. An external party
  // (CONTRACT 11.1) is its owner's alone in the same way.
  if (!other || other.demo || other.external) throw notFound('organization');
  if (other.environment !== me.environment) {
    throw new ApiError(
      'sandbox_isolation',
      'Sandbox and live organizations cannot be connected: sandbox data never meets live data.',
    );
  }
  const now = ctx.clock.now();
  try {
    // A savepoint: the refusal below reads the existing pair in the request's transaction.
    const id = await withSavepoint(ctx.db, async (trx) => {
      const row = await trx
        .insertInto('connections')
        .values({
          id: newId('conn'),
          requester_organization_id: me.id,
          recipient_organization_id: other.id,
          status: 'pending',
          environment: me.environment,
          created_at: now,
          accepted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    return connectionView(await findConnectionForParty(ctx.db, me.id, id), me.id);
  } catch (err) {
    if (isUniqueViolation(err, 'connections_one_per_pair')) {
      const existing = await ctx.db
        .selectFrom('connections')
        .select('id')
        .where('external_party_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('requester_organization_id', '=', me.id),
              eb('recipient_organization_id', '=', other.id),
            ]),
            eb.and([
              eb('requester_organization_id', '=', other.id),
              eb('recipient_organization_id', '=', me.id),
            ]),
          ]),
        )
        .executeTakeFirst();
      throw new ApiError('conflict', 'These organizations already have a connection.', {
        connection_id: existing?.id ?? null,
      });
    }
    throw err;
  }
}

export async function acceptConnection(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<ConnectionView> {
  const me = principal.organization.id;
  const c = await findConnectionForParty(ctx.db, me, id);
  if (c.recipient_organization_id !== me) {
    throw new ApiError('conflict', 'Only the invited organization can accept a connection.', { allowed: [] });
  }
  if (c.status === 'pending') {
    await ctx.db
      .updateTable('connections')
      .set({ status: 'active', accepted_at: ctx.clock.now() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }
  return connectionView(await findConnectionForParty(ctx.db, me, id), me);
}

export async function getConnection(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<ConnectionView> {
  return connectionView(
    await findConnectionForParty(ctx.db, principal.organization.id, id),
    principal.organization.id,
  );
}

export async function listConnections(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string; status?: 'pending' | 'active' },
): Promise<Page<ConnectionView>> {
  const me = principal.organization.id;
  const binding: CursorBinding = { list: 'connections', scope: me, filters: { status: q.status ?? null } };
  let query = withNames(ctx.db).where((eb) =>
    eb.or([eb('c.requester_organization_id', '=', me), eb('c.recipient_organization_id', '=', me)]),
  );
  if (q.status) query = query.where('c.status', '=', q.status);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, (r) => connectionView(r, me), {
    createdAt: 'c.created_at',
    id: 'c.id',
  });
}
