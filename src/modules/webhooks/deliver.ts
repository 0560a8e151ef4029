// The delivery worker (CONTRACT 5). A due delivery is claimed with FOR UPDATE SKIP LOCKED and
// leased in one short statement, sent with no transaction open (an HTTP call may take 10 s, and
// on PGlite an open transaction holds the whole database), and its outcome is recorded only by
// the lease holder. A worker that dies mid-delivery leaves a lease that lapses, and the delivery
// is claimed again: at least once, never lost. Two live workers never send the same attempt.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DeliveryFailureReason, WebhookAttempt } from '../../db/tables/webhooks.ts';
import { inTransaction } from '../../db/transaction.ts';
import { iso } from '../../lib/clock.ts';
import { activeSecrets, type EndpointRow } from './endpoints.ts';
import { DISABLE_AFTER_TERMINAL_FAILURES, MAX_ATTEMPTS, nextAttemptAt } from './schedule.ts';
import { DELIVERY_TIMEOUT_MS, sendDelivery } from './send.ts';
import { isProduction } from './url-policy.ts';

/** Longer than any attempt can take (10 s timeout), so a live worker never loses its lease. */
export const LEASE_MS = 60_000;
export const DELIVERY_BATCH = 32;

export interface DeliverOptions {
  batch?: number;
  timeoutMs?: number;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string | null;
  series_attempts: number;
  lease_token: string;
}

/** One batch of due deliveries: claims, sends concurrently, records. Returns how many. */
export async function deliverDue(ctx: AppContext, opts: DeliverOptions = {}): Promise<number> {
  const now = ctx.clock.now();
  const token = randomBytes(12).toString('base64url');
  const claimed = await claimDue(ctx, now, token, opts.batch ?? DELIVERY_BATCH);
  if (claimed.length === 0) return 0;
  await Promise.all(claimed.map((d) => attempt(ctx, d, opts.timeoutMs ?? DELIVERY_TIMEOUT_MS)));
  return claimed.length;
}

async function claimDue(ctx: AppContext, now: Date, token: string, batch: number): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const res = await sql<Claimed>`
    update webhook_deliveries d
       set lease_token = ${token}, lease_until = ${leaseUntil}
     where d.id in (
       select id from webhook_deliveries
        where status = 'pending'
          and next_attempt_at <= ${now}
          and (lease_until is null or lease_until <= ${now})
        order by next_attempt_at
        limit ${batch}
        for update skip locked)
    returning d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.series_attempts, d.lease_token
  `.execute(ctx.db);
  return res.rows;
}

async function attempt(ctx: AppContext, d: Claimed, timeoutMs: number): Promise<void> {
  try {
    const endpoint = await ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', d.endpoint_id)
      .executeTakeFirst();
    if (!endpoint) return; // deleted meanwhile, and its deliveries with it
    if (endpoint.status === 'DISABLED') {
      await settleWithoutAttempt(ctx, d, 'endpoint_disabled');
      return;
    }
    const body = d.payload ?? (await eventBody(ctx, d.event_id));
    if (body === null) {
      await settleWithoutAttempt(ctx, d, 'event_expired');
      return;
    }
    const now = ctx.clock.now();
    const result = await sendDelivery({
      url: endpoint.url,
      eventId: d.event_id,
      body,
      secrets: activeSecrets(endpoint, now),
      now,
      production: isProduction(ctx),
      timeoutMs,
    });
    await recordAttempt(ctx, d, endpoint, result.ok, result.attempt, {
      countsForEndpoint: d.event_type !== 'ping',
      retries: d.event_type !== 'ping',
    });
  } catch (err) {
    // The lease lapses and another pass retries; nothing is lost by giving up here.
    ctx.log.error({ err, delivery: d.id }, 'webhook delivery attempt could not be completed');
  }
}

async function eventBody(ctx: AppContext, eventId: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('events')
    .select('envelope')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row?.envelope ?? null;
}

/** A delivery that will not be attempted: failed, redeliverable later, not counted as a failure. */
async function settleWithoutAttempt(
  ctx: AppContext,
  d: Claimed,
  reason: DeliveryFailureReason,
): Promise<void> {
  await ctx.db
    .updateTable('webhook_deliveries')
    .set({
      status: 'failed',
      failure_reason: reason,
      next_attempt_at: null,
      lease_token: null,
      lease_until: null,
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', d.id)
    .where('lease_token', '=', d.lease_token)
    .execute();
}

/**
 * Writes the attempt and its consequences in one transaction: the delivery's next state, and for
 * event deliveries the endpoint's success/failure bookkeeping (a success resets the counter of
 * consecutive terminal failures; the 20th terminal failure in a row disables the endpoint).
 */
export async function recordAttempt(
  ctx: AppContext,
  d: { id: string; series_attempts: number; lease_token: string },
  endpoint: EndpointRow,
  ok: boolean,
  a: WebhookAttempt,
  opts: { countsForEndpoint: boolean; retries?: boolean },
): Promise<void> {
  const failures = d.series_attempts + 1;
  const retryAt = ok || opts.retries === false ? null : nextAttemptAt(new Date(a.at), failures);
  const terminal = !ok && retryAt === null;
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (trx) => {
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        attempts: sql<string>`attempts || ${JSON.stringify([a])}::jsonb`,
        series_attempts: failures,
        status: ok ? 'succeeded' : terminal ? 'failed' : 'pending',
        failure_reason: terminal ? 'attempts_exhausted' : null,
        next_attempt_at: retryAt,
        lease_token: null,
        lease_until: null,
        updated_at: now,
      })
      .where('id', '=', d.id)
      .where('lease_token', '=', d.lease_token)
      .executeTakeFirst();
    // Lost the lease (it lapsed and another worker took over), or the endpoint was deleted.
    if (Number(updated.numUpdatedRows) === 0 || !opts.countsForEndpoint) return;
    const at = new Date(a.at);
    if (ok) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ consecutive_failures: 0, last_success_at: at })
        .where('id', '=', endpoint.id)
        .execute();
      return;
    }
    if (!terminal) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ last_failure_at: at })
        .where('id', '=', endpoint.id)
        .execute();
      return;
    }
    const reason = `Disabled after ${DISABLE_AFTER_TERMINAL_FAILURES} consecutive deliveries failed all ${MAX_ATTEMPTS} attempts; the last failed at ${iso(at)} (${a.error ?? `HTTP ${a.status_code}`}). Fix the endpoint, then POST /v1/webhooks/${endpoint.id}/enable and redeliver what it missed from its deliveries list.`;
    await sql`
      update webhook_endpoints
         set consecutive_failures = consecutive_failures + 1,
             last_failure_at = ${at},
             status = case when consecutive_failures + 1 >= ${DISABLE_AFTER_TERMINAL_FAILURES} then 'DISABLED' else status end,
             disabled_reason = case
               when status = 'ACTIVE' and consecutive_failures + 1 >= ${DISABLE_AFTER_TERMINAL_FAILURES} then ${reason}
               else disabled_reason end,
             updated_at = case
               when status = 'ACTIVE' and consecutive_failures + 1 >= ${DISABLE_AFTER_TERMINAL_FAILURES} then ${now}
               else updated_at end
       where id = ${endpoint.id}
    `.execute(trx);
  });
}
