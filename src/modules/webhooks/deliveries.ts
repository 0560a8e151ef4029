// The deliveries of an endpoint (CONTRACT 5): listed for 30 days, redelivered on request, and the
// ping, which is one synchronous delivery of a test event.
import { randomBytes } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import { type AppContext, hmacKeys } from '../../context.ts';
import type { DeliveryStatus, WebhookAttempt, WebhookDeliveriesTable } from '../../db/tables/webhooks.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type CursorBinding, type Page, pageNewestFirst } from '../../http/cursor.ts';
import type { Principal } from '../../http/principal.ts';
import { iso, isoOrNull } from '../../lib/clock.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { makeEnvelope } from '../events/append.ts';
import { LEASE_MS } from './deliver.ts';
import { activeSecrets, findEndpoint } from './endpoints.ts';
import { attemptOutcome, type Outcome, recordOutcomes } from './record.ts';
import { sendDelivery } from './send.ts';
import { isProduction } from './url-policy.ts';

/** Deliveries (and events) are kept this long, then purged (SPEC 8). */
export const RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface DeliveryView {
  id: string;
  object: 'webhook_delivery';
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  failure_reason: string | null;
  attempts: WebhookAttempt[];
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export function deliveryView(d: DeliveryRow): DeliveryView {
  return {
    id: d.id,
    object: 'webhook_delivery',
    endpoint_id: d.endpoint_id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    failure_reason: d.failure_reason,
    attempts: d.attempts,
    // A delivery handed to its worker as it was made has no next attempt in the table while its
    // first attempt is in flight (migration 0015); it is due again only if its lease lapses.
    next_attempt_at: isoOrNull(d.next_attempt_at ?? (d.status === 'pending' ? d.lease_until : null)),
    created_at: iso(d.created_at),
    updated_at: iso(d.updated_at),
  };
}

export async function listDeliveries(
  ctx: AppContext,
  principal: Principal,
  endpointId: string,
  q: { limit?: number; cursor?: string; status?: DeliveryStatus; event_id?: string },
): Promise<Page<DeliveryView>> {
  const org = principal.organization.id;
  await findEndpoint(ctx.db, org, endpointId);
  const filters = { endpoint: endpointId, status: q.status ?? null, event_id: q.event_id ?? null };
  const binding: CursorBinding = { list: 'webhook_deliveries', scope: org, filters };
  const since = new Date(ctx.clock.now().getTime() - RETENTION_MS);
  let query = ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('organization_id', '=', org)
    .where('created_at', '>=', since);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.event_id) query = query.where('event_id', '=', q.event_id);
  return pageNewestFirst(hmacKeys(ctx), binding, query, q, deliveryView);
}

/**
 * Queues the delivery to be sent again now, with the same body and Svc-Webhook-Id, and answers
 * at once (202): the worker sends it within about a second. A finished delivery (succeeded or
 * failed) starts a fresh series of up to six attempts; a pending one is just moved up.
 */
export async function redeliver(
  ctx: AppContext,
  principal: Principal,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryView> {
  const org = principal.organization.id;
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    const endpoint = await findEndpoint(trx, org, endpointId);
    const d = await trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .where('endpoint_id', '=', endpointId)
      .where('organization_id', '=', org)
      .where('created_at', '>=', new Date(now.getTime() - RETENTION_MS))
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw notFound('webhook delivery');
    if (endpoint.status === 'DISABLED') {
      throw new ApiError('conflict', `The endpoint is disabled: enable it again first, then redeliver.`, {
        status: endpoint.status,
      });
    }
    if (d.lease_until && d.lease_until.getTime() > now.getTime()) {
      throw new ApiError(
        'conflict',
        'An attempt of this delivery is in flight right now; retry in a few seconds.',
      );
    }
    if (d.payload === null) {
      const event = await trx
        .selectFrom('events')
        .select('id')
        .where('id', '=', d.event_id)
        .executeTakeFirst();
      if (!event) throw notFound('event (it is past the 30-day retention)');
    }
    return trx
      .updateTable('webhook_deliveries')
      .set({
        status: 'pending',
        failure_reason: null,
        next_attempt_at: now,
        ...(d.status === 'pending' ? {} : { series_attempts: 0 }),
        updated_at: now,
      })
      .where('id', '=', d.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return deliveryView(row);
}

/**
 * Sends a `ping` event to the endpoint now, signed exactly like real deliveries (with both
 * secrets during a rotation window), and answers with the outcome. The ping is recorded in the
 * deliveries list; it is not retried, does not need the endpoint to be ACTIVE, and does not
 * touch the endpoint's success and failure bookkeeping.
 */
/** A ping sent (the ping route's prepare step): its delivery row and the attempt's outcome. */
export interface SentPing {
  outcome: Outcome;
  deliveryId: string;
}

/**
 * POST /v1/webhooks/{id}/ping, the part outside any transaction: the delivery row (committed,
 * leased to this request: should it die, the lease lapses and the worker sends the ping) and the
 * HTTP attempt itself, which holds no database connection while it waits for the endpoint.
 */
export async function sendPing(ctx: AppContext, principal: Principal, endpointId: string): Promise<SentPing> {
  const org = principal.organization;
  const endpoint = await findEndpoint(ctx.db, org.id, endpointId);
  const now = ctx.clock.now();
  const envelope = makeEnvelope(
    'ping',
    { webhook_endpoint_id: endpoint.id },
    org.environment === 'sandbox',
    now,
  );
  const body = JSON.stringify(envelope);
  const token = randomBytes(12).toString('base64url');
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const inserted = await ctx.db
    .insertInto('webhook_deliveries')
    .values({
      id: newId('whd'),
      endpoint_id: endpoint.id,
      organization_id: org.id,
      event_id: envelope.id,
      event_type: 'ping',
      payload: body,
      status: 'pending',
      failure_reason: null,
      attempts: '[]',
      series_attempts: 0,
      // This request makes the attempt itself, holding the lease; should it die first, the
      // lease lapses and the worker sends the ping instead.
      next_attempt_at: leaseUntil,
      lease_token: token,
      lease_until: leaseUntil,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'series_attempts'])
    .executeTakeFirstOrThrow();
  const result = await sendDelivery({
    url: endpoint.url,
    eventId: envelope.id,
    body,
    secrets: activeSecrets(ctx.secrets.sealer, endpoint, now),
    now,
    production: isProduction(ctx),
  });
  const leased = { id: inserted.id, endpoint_id: endpoint.id, series_attempts: 0, lease_token: token };
  return {
    deliveryId: inserted.id,
    outcome: attemptOutcome(leased, result.ok, result.attempt, { countsForEndpoint: false, retries: false }),
  };
}

/** POST /v1/webhooks/{id}/ping, in the request's transaction: the attempt recorded and answered. */
export async function recordPing(ctx: AppContext, sent: SentPing): Promise<DeliveryView> {
  await recordOutcomes(ctx, [sent.outcome]);
  const row = await ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', sent.deliveryId)
    .executeTakeFirst();
  if (!row) throw notFound('webhook endpoint'); // deleted while the ping was in flight
  return deliveryView(row);
}

/**
 * Deletes deliveries and events past the 30-day retention, a batch at a time, and forgets
 * previous secrets whose rotation window has closed (they no longer sign anything).
 */
export async function purgeExpired(ctx: AppContext, batch = 1000): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const secrets = await ctx.db
    .updateTable('webhook_endpoints')
    .set({ previous_secret: null, previous_secret_valid_until: null })
    .where('previous_secret_valid_until', '<=', now)
    .executeTakeFirst();
  // Each endpoint's expired deliveries through webhook_deliveries_by_endpoint: migration 0012
  // dropped the index on created_at alone, which only this purge used and which cost an index
  // entry at every fan-out and every outcome (PostgreSQL's CPU per delivery ~71 → ~62 µs with
  // the foreign key dropped beside it, the delivery path replayed alone). Every delivery has an
  // endpoint (deleting one deletes its deliveries), so this finds all of them: one index probe
  // per endpoint, once a minute.
  const deliveries = await sql`
    delete from webhook_deliveries
     where id in (
       select d.id
         from webhook_endpoints e
         cross join lateral (
           select id from webhook_deliveries
            where endpoint_id = e.id and created_at < ${cutoff}
            limit ${batch}) d
        limit ${batch})
  `.execute(ctx.db);
  // Queue rows as old as the events purged with them: a queue row has no foreign key to its event
  // since migration 0013, and fan-out takes a queue row within seconds, so these are none in
  // practice (an event fan-out could not read would otherwise stay queued).
  await ctx.db.deleteFrom('webhook_event_queue').where('created_at', '<', cutoff).execute();
  const events = await ctx.db
    .deleteFrom('events')
    .where('id', 'in', ctx.db.selectFrom('events').select('id').where('created_at', '<', cutoff).limit(batch))
    .executeTakeFirst();
  return (
    Number(secrets.numUpdatedRows) + Number(deliveries.numAffectedRows ?? 0) + Number(events.numDeletedRows)
  );
}
