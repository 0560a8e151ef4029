// Webhook endpoints (SPEC 2.4, CONTRACT 5): registration with the secret shown once, updates,
// re-enabling, secret rotation with a 24-hour window, deletion. Admin session only (routes.ts).
import type { Kysely, Selectable } from 'kysely';
import { type AppContext, hmacKeys } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { WebhookEndpointsTable } from '../../db/tables/webhooks.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso, isoOrNull } from '../../lib/clock.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Sealer } from '../../lib/master-key.ts';
import type { EventType } from '../events/append.ts';
import { generateWebhookSecret } from './signing.ts';
import { assertRegistrableUrl } from './url-policy.ts';

export const SECRET_ROTATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Stripe's limit too: every event is sent once per endpoint, so endpoints multiply the work. */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 16;

export type EndpointRow = Selectable<WebhookEndpointsTable>;

export interface EndpointView {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  events: string[];
  status: 'ACTIVE' | 'DISABLED';
  disabled_reason: string | null;
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  previous_secret_valid_until: string | null;
  created_at: string;
  updated_at: string;
  secret?: string;
}

/**
 * The secrets that sign a delivery made at `now`, newest first (two during a rotation window),
 * opened from their sealed form (CONTRACT 10: a database dump holds no webhook secret).
 */
export function activeSecrets(
  sealer: Sealer,
  e: Pick<EndpointRow, 'secret' | 'previous_secret' | 'previous_secret_valid_until'>,
  now: Date,
): string[] {
  const previousValid =
    e.previous_secret !== null &&
    e.previous_secret_valid_until !== null &&
    e.previous_secret_valid_until.getTime() > now.getTime();
  return previousValid
    ? [sealer.open(e.secret), sealer.open(e.previous_secret as string)]
    : [sealer.open(e.secret)];
}

/**
 * Endpoints whose secrets are not sealed under the current master key (plaintext from 1.14.0,
 * or sealed under the previous key during a rotation) are sealed again at start. Each row is
 * changed only if it still holds what was read, so processes starting together agree.
 */
export async function resealWebhookSecrets(db: Kysely<DB>, sealer: Sealer): Promise<number> {
  const current = `mk1.${sealer.keyId}.%`;
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret', 'previous_secret'])
    .where((eb) =>
      eb.or([
        eb('secret', 'not like', current),
        eb.and([eb('previous_secret', 'is not', null), eb('previous_secret', 'not like', current)]),
      ]),
    )
    .execute();
  const plain = (v: string) => (sealer.isSealed(v) ? sealer.open(v) : v);
  for (const r of rows) {
    await db
      .updateTable('webhook_endpoints')
      .set({
        secret: sealer.seal(plain(r.secret)),
        previous_secret: r.previous_secret === null ? null : sealer.seal(plain(r.previous_secret)),
      })
      .where('id', '=', r.id)
      .where('secret', '=', r.secret)
      .execute();
  }
  return rows.length;
}

export function endpointView(e: EndpointRow, now: Date, secret?: string): EndpointView {
  const windowOpen = e.previous_secret_valid_until && e.previous_secret_valid_until.getTime() > now.getTime();
  return {
    id: e.id,
    object: 'webhook_endpoint',
    url: e.url,
    events: e.events,
    status: e.status,
    disabled_reason: e.disabled_reason,
    consecutive_failures: e.consecutive_failures,
    last_success_at: isoOrNull(e.last_success_at),
    last_failure_at: isoOrNull(e.last_failure_at),
    previous_secret_valid_until: windowOpen ? iso(e.previous_secret_valid_until as Date) : null,
    created_at: iso(e.created_at),
    updated_at: iso(e.updated_at),
    ...(secret ? { secret } : {}),
  };
}

/** Subscribed types without repeats, in the order given. */
function normalizeEvents(events: EventType[]): string[] {
  return [...new Set(events)];
}

export async function findEndpoint(
  db: Kysely<DB>,
  organizationId: string,
  id: string,
  lock = false,
): Promise<EndpointRow> {
  let q = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('webhook endpoint');
  return row;
}

export async function createEndpoint(
  ctx: AppContext,
  principal: Principal,
  input: { url: string; events: EventType[] },
): Promise<EndpointView> {
  await assertRegistrableUrl(ctx, input.url);
  const org = principal.organization.id;
  const secret = generateWebhookSecret();
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    // The count and the insert race only against the same organization's admins; locking the
    // organization row makes the limit exact.
    await trx.selectFrom('organizations').select('id').where('id', '=', org).forUpdate().execute();
    const { n } = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', org)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_ENDPOINTS_PER_ORGANIZATION) {
      throw new ApiError(
        'conflict',
        `An organization can have at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints; delete one first, or subscribe one endpoint to more events.`,
        { limit: MAX_ENDPOINTS_PER_ORGANIZATION },
      );
    }
    return trx
      .insertInto('webhook_endpoints')
      .values({
        id: newId('whe'),
        organization_id: org,
        url: input.url,
        events: normalizeEvents(input.events),
        status: 'ACTIVE',
        disabled_reason: null,
        secret: ctx.secrets.sealer.seal(secret),
        previous_secret: null,
        previous_secret_valid_until: null,
        consecutive_failures: 0,
        last_success_at: null,
        last_failure_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return endpointView(row, now, secret);
}

export async function getEndpoint(ctx: AppContext, principal: Principal, id: string): Promise<EndpointView> {
  const row = await findEndpoint(ctx.db, principal.organization.id, id);
  const now = ctx.clock.now();
  // A secret docex rotated itself was in no answer: its admins read it here during the window.
  const shown = row.secret_shown_until !== null && row.secret_shown_until.getTime() > now.getTime();
  return endpointView(row, now, shown ? ctx.secrets.sealer.open(row.secret) : undefined);
}

/**
 * A secret rotation's part (src/secret-rotation.ts): every endpoint gets a new secret and the
 * 24-hour window of POST …/rotate_secret, so deliveries are signed with both while receivers pick
 * up the new one from GET /v1/webhooks/{id} (shown there for the window: no answer carried it).
 * As with a rotation by hand, one already in a window drops its oldest secret.
 */
export async function rotateAllEndpointSecrets(trx: Kysely<DB>, sealer: Sealer, now: Date): Promise<number> {
  const until = new Date(now.getTime() + SECRET_ROTATION_WINDOW_MS);
  const rows = await trx.selectFrom('webhook_endpoints').select(['id', 'secret']).forUpdate().execute();
  for (const r of rows) {
    await trx
      .updateTable('webhook_endpoints')
      .set({
        secret: sealer.seal(generateWebhookSecret()),
        previous_secret: r.secret,
        previous_secret_valid_until: until,
        secret_shown_until: until,
        updated_at: now,
      })
      .where('id', '=', r.id)
      .execute();
  }
  return rows.length;
}

export async function listEndpoints(
  ctx: AppContext,
  principal: Principal,
  q: { limit?: number; cursor?: string },
): Promise<Page<EndpointView>> {
  const org = principal.organization.id;
  const binding: CursorBinding = { list: 'webhook_endpoints', scope: org, filters: {} };
  const query = ctx.db.selectFrom('webhook_endpoints').selectAll().where('organization_id', '=', org);
  const now = ctx.clock.now();
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, (r) => endpointView(r, now));
}

export async function updateEndpoint(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: { url?: string; events?: EventType[] },
): Promise<EndpointView> {
  if (input.url !== undefined) await assertRegistrableUrl(ctx, input.url);
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    await findEndpoint(trx, principal.organization.id, id, true);
    return trx
      .updateTable('webhook_endpoints')
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: normalizeEvents(input.events) } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return endpointView(row, now);
}

/** Deletes the endpoint and its delivery history; deliveries in flight finish unrecorded. */
export async function deleteEndpoint(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<{ id: string; object: 'webhook_endpoint'; deleted: true }> {
  const res = await ctx.db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('organization_id', '=', principal.organization.id)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound('webhook endpoint');
  return { id, object: 'webhook_endpoint', deleted: true };
}

/** ACTIVE again with the failure counter at zero (also on an endpoint that is already ACTIVE). */
export async function enableEndpoint(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<EndpointView> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    await findEndpoint(trx, principal.organization.id, id, true);
    return trx
      .updateTable('webhook_endpoints')
      .set({ status: 'ACTIVE', disabled_reason: null, consecutive_failures: 0, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return endpointView(row, now);
}

/**
 * A new secret, shown once. The one it replaces keeps signing (second) for 24 hours. Rotating
 * again inside a window drops the oldest secret: at most two ever sign.
 */
export async function rotateEndpointSecret(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<EndpointView> {
  const now = ctx.clock.now();
  const secret = generateWebhookSecret();
  const row = await inTransaction(ctx.db, async (trx) => {
    const current = await findEndpoint(trx, principal.organization.id, id, true);
    return trx
      .updateTable('webhook_endpoints')
      .set({
        secret: ctx.secrets.sealer.seal(secret),
        previous_secret: current.secret,
        previous_secret_valid_until: new Date(now.getTime() + SECRET_ROTATION_WINDOW_MS),
        // This answer shows the new secret: no longer shown by GET, as after any rotation by hand.
        secret_shown_until: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return endpointView(row, now, secret);
}
