// Recording what happened to deliveries: the delivery rows' next state and the endpoints'
// bookkeeping, for a batch of outcomes in one short transaction of two statements. The worker
// records whatever finished while the previous batch was being written, so under load one
// round trip records many attempts (measured in bench/webhooks.ts).
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { planEachTime } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import type { DeliveryFailureReason, DeliveryStatus, WebhookAttempt } from '../../db/tables/webhooks.ts';
import { inTransaction } from '../../db/transaction.ts';
import { iso } from '../../lib/clock.ts';
import { MAX_ATTEMPTS, retryDecision } from '../../lib/outbox.ts';
import { arrayLiteral } from './pg-arrays.ts';
import { DISABLE_AFTER_TERMINAL_FAILURES } from './schedule.ts';

/** A delivery as its lease holder knows it. */
export interface Leased {
  id: string;
  endpoint_id: string;
  series_attempts: number;
  lease_token: string;
}

export interface Outcome {
  delivery: Leased;
  /** null: settled without an attempt (endpoint disabled, event expired) */
  attempt: WebhookAttempt | null;
  status: DeliveryStatus;
  failureReason: DeliveryFailureReason | null;
  nextAttemptAt: Date | null;
  /** pings do not touch the endpoint's counters and timestamps */
  countsForEndpoint: boolean;
  /** the endpoint as the worker saw it when it claimed the delivery */
  endpointSeen?: EndpointSeen | undefined;
  /** the attempt's `at` in epoch milliseconds, when the caller has it as a number */
  atMs?: number | undefined;
}

export interface EndpointSeen {
  consecutive_failures: number;
  /** epoch milliseconds */
  last_success_at_ms: number | null;
}

/** last_success_at is kept to this precision, so a busy healthy endpoint is not written per delivery. */
const SUCCESS_STAMP_PRECISION_MS = 1000;

/** The outcome of an attempt: succeeded, pending a retry on the schedule, or failed for good. */
export function attemptOutcome(
  delivery: Leased,
  ok: boolean,
  attempt: WebhookAttempt,
  opts: { countsForEndpoint: boolean; retries: boolean; endpointSeen?: EndpointSeen; atMs?: number },
): Outcome {
  // A ping is never retried: its failure is final at once.
  const d = retryDecision(
    delivery.series_attempts,
    new Date(attempt.at),
    ok ? 'ok' : opts.retries ? 'temporary' : 'permanent',
  );
  return {
    delivery,
    attempt,
    status: d.status === 'done' ? 'succeeded' : d.status === 'retry' ? 'pending' : 'failed',
    failureReason: d.status === 'failed' ? 'attempts_exhausted' : null,
    nextAttemptAt: d.nextAttemptAt,
    countsForEndpoint: opts.countsForEndpoint,
    endpointSeen: opts.endpointSeen,
    atMs: opts.atMs,
  };
}

/** Settled without sending: failed, redeliverable later, and not counted as an endpoint failure. */
export function skippedOutcome(delivery: Leased, reason: DeliveryFailureReason): Outcome {
  return {
    delivery,
    attempt: null,
    status: 'failed',
    failureReason: reason,
    nextAttemptAt: null,
    countsForEndpoint: false,
  };
}

interface EndpointChange {
  /** every outcome of the batch for this endpoint was a success it does not need to hear about */
  unchanged: boolean;
  /** whether a success in the batch reset the counter */
  reset: boolean;
  /** terminal failures after the last success of the batch (or all of them, without one) */
  terminalFailures: number;
  successAt: Date | null;
  failureAt: Date | null;
  lastError: string | null;
}

/** A success on an endpoint already at zero failures whose last success is this recent. */
function alreadyKnown(o: Outcome, at: Date | number): boolean {
  const seen = o.endpointSeen;
  return (
    o.status === 'succeeded' &&
    seen !== undefined &&
    seen.consecutive_failures === 0 &&
    seen.last_success_at_ms !== null &&
    (typeof at === 'number' ? at : at.getTime()) - seen.last_success_at_ms < SUCCESS_STAMP_PRECISION_MS
  );
}

/** What the outcomes that were written change on each endpoint, in the order they finished. */
function endpointChanges(outcomes: Outcome[], written: (id: string) => boolean): Map<string, EndpointChange> {
  const changes = new Map<string, EndpointChange>();
  for (const o of outcomes) {
    if (!o.countsForEndpoint || !o.attempt || !written(o.delivery.id)) continue;
    const c = changes.get(o.delivery.endpoint_id) ?? {
      unchanged: true,
      reset: false,
      terminalFailures: 0,
      successAt: null,
      failureAt: null,
      lastError: null,
    };
    const at = new Date(o.attempt.at);
    if (!alreadyKnown(o, at)) c.unchanged = false;
    if (o.status === 'succeeded') {
      c.reset = true;
      c.terminalFailures = 0;
      if (!c.successAt || at > c.successAt) c.successAt = at;
    } else {
      if (!c.failureAt || at > c.failureAt) c.failureAt = at;
      if (o.status === 'failed') {
        c.terminalFailures++;
        c.lastError = o.attempt.error ?? `HTTP ${o.attempt.status_code}`;
      }
    }
    changes.set(o.delivery.endpoint_id, c);
  }
  for (const [id, c] of changes) if (c.unchanged) changes.delete(id);
  return changes;
}

/**
 * $1–$10: array literals of the outcomes' columns (an attempt as its four fields; `at` null when
 * the delivery was settled without one); $11: the service clock's now (ISO); $12: the lease
 * tokens of the fan-out passes these outcomes finish (held.ts, handoffsDoneWith), whose
 * webhook_handoffs rows go in the same statement. The attempt is appended as the same JSON
 * object the API shows: {at, status_code, duration_ms, error}.
 * Planned at each batch (prepared.ts, planEachTime): as a named statement its generic plan,
 * made while the table was small, hashed every delivery of the table for each batch once it had
 * grown (a sequential scan of 30,000 rows, ~6.5 ms, in an EXPLAIN ANALYZE of that plan).
 */
const RECORD_OUTCOMES = planEachTime(`
  with handoffs_done as (delete from webhook_handoffs where lease_token = any($12::text[]))
  update webhook_deliveries w
     set attempts = w.attempts || case when v.at is null then '[]'::jsonb
                                       else jsonb_build_array(jsonb_build_object(
                                              'at', v.at, 'status_code', v.code,
                                              'duration_ms', v.duration, 'error', v.error)) end,
         series_attempts = v.series,
         status = v.status,
         failure_reason = v.reason,
         next_attempt_at = v.next_at,
         lease_token = null,
         lease_until = null,
         updated_at = $11::timestamptz
    from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::int[],
                $8::text[], $9::text[], $10::timestamptz[])
         as v (id, token, at, code, duration, error, series, status, reason, next_at)
   where w.id = v.id and w.lease_token = v.token
  returning w.id`);

/**
 * Whether any outcome may change its endpoint (endpointChanges would not come out empty): the
 * test of every batch, so it allocates nothing and reads the attempt's time from the worker's
 * clock reading, not its ISO string. Building the map of changes for this test, with a Date
 * parsed per outcome, was ~1.5–3.5 µs of the worker's CPU per delivery in profiles of
 * bench/webhooks.ts.
 */
function changesAnEndpoint(outcomes: Outcome[]): boolean {
  for (const o of outcomes) {
    if (!o.countsForEndpoint || !o.attempt) continue;
    if (!alreadyKnown(o, o.atMs ?? Date.parse(o.attempt.at))) return true;
  }
  return false;
}

/**
 * Writes the outcomes. A delivery row changes only if the lease token still matches (otherwise
 * the lease lapsed and another worker owns the delivery now); only outcomes that were written
 * move their endpoint's counter: a success resets it, a terminal failure adds one, and the 20th
 * in a row disables the endpoint with a reason. A batch of successes to healthy endpoints is one
 * statement; anything that changes an endpoint is a transaction of two.
 */
export async function recordOutcomes(
  ctx: AppContext,
  outcomes: Outcome[],
  handoffsDone: readonly string[] = [],
): Promise<void> {
  if (outcomes.length === 0) return;
  const now = ctx.clock.now();
  // The rows go in as one array literal per column (pg-arrays.ts: 2.9 → 0.8 µs of CPU per
  // delivery with the fan-out's), each a plain text parameter, and the statement text is constant
  // and compiled once (RECORD_OUTCOMES) instead of a Kysely `sql` template built and compiled per
  // batch. The attempt goes in as its four fields, so only an error's text ever needs quoting.
  // (Session 3 had replaced a VALUES list of 7 parameters per row, a text parsed and planned at
  // every batch size.)
  const n = outcomes.length;
  const ids: string[] = new Array(n);
  const tokens: string[] = new Array(n);
  const at: Array<string | null> = new Array(n);
  const codes: Array<number | null> = new Array(n);
  const durations: Array<number | null> = new Array(n);
  const errors: Array<string | null> = new Array(n);
  const series: number[] = new Array(n);
  const statuses: DeliveryStatus[] = new Array(n);
  const reasons: Array<DeliveryFailureReason | null> = new Array(n);
  const nextAt: Array<string | null> = new Array(n);
  for (let i = 0; i < n; i++) {
    const o = outcomes[i] as Outcome;
    const a = o.attempt;
    ids[i] = o.delivery.id;
    tokens[i] = o.delivery.lease_token;
    at[i] = a ? a.at : null;
    codes[i] = a ? a.status_code : null;
    durations[i] = a ? a.duration_ms : null;
    errors[i] = a ? a.error : null;
    series[i] = a ? o.delivery.series_attempts + 1 : o.delivery.series_attempts;
    statuses[i] = o.status;
    reasons[i] = o.failureReason;
    nextAt[i] = o.nextAttemptAt ? o.nextAttemptAt.toISOString() : null;
  }
  const params = [
    arrayLiteral(ids),
    arrayLiteral(tokens),
    arrayLiteral(at),
    arrayLiteral(codes),
    arrayLiteral(durations),
    arrayLiteral(errors),
    arrayLiteral(series),
    arrayLiteral(statuses),
    arrayLiteral(reasons),
    arrayLiteral(nextAt),
    now.toISOString(),
    arrayLiteral(handoffsDone),
  ];
  const updateDeliveries = (db: Kysely<DB>) =>
    db.executeQuery(CompiledQuery.raw(RECORD_OUTCOMES, params) as CompiledQuery<{ id: string }>);

  if (!changesAnEndpoint(outcomes)) {
    await updateDeliveries(ctx.db);
    return;
  }
  await inTransaction(ctx.db, async (trx) => {
    const written = new Set((await updateDeliveries(trx)).rows.map((r) => r.id));
    const changes = endpointChanges(outcomes, (id) => written.has(id));
    if (changes.size === 0) return;
    const values = [...changes].map(([id, c]) => {
      const reason = `Disabled after ${DISABLE_AFTER_TERMINAL_FAILURES} consecutive deliveries failed all ${MAX_ATTEMPTS} attempts; the last failed at ${iso(c.failureAt ?? now)} (${c.lastError}). Fix the endpoint, then enable it again and redeliver what it missed from its deliveries list.`;
      return sql`(${id}::text, ${c.reset}::boolean, ${c.terminalFailures}::int, ${c.successAt}::timestamptz,
        ${c.failureAt}::timestamptz, ${reason}::text)`;
    });
    const count = sql`(case when v.reset then 0 else e.consecutive_failures end + v.failures)`;
    const disables = sql`(e.status = 'ACTIVE' and v.failures > 0 and ${count} >= ${DISABLE_AFTER_TERMINAL_FAILURES})`;
    await sql`
      update webhook_endpoints e
         set consecutive_failures = ${count},
             last_success_at = greatest(e.last_success_at, v.success_at),
             last_failure_at = greatest(e.last_failure_at, v.failure_at),
             status = case when ${disables} then 'DISABLED' else e.status end,
             disabled_reason = case when ${disables} then v.reason else e.disabled_reason end,
             updated_at = case when ${disables} then ${now} else e.updated_at end
        from (values ${sql.join(values)}) as v (id, reset, failures, success_at, failure_at, reason)
       where e.id = v.id
    `.execute(trx);
  });
}
