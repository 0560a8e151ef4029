// Fan-out: turns queued outbox events into one delivery per matching endpoint of the receiving
// organization. Claimed with FOR UPDATE SKIP LOCKED, so any number of workers share the queue;
// the deliveries and the removal of the queue rows commit together, and the unique
// (event_id, endpoint_id) makes a repeated fan-out harmless.
import { CompiledQuery, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { planEachTime } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newIds } from '../../lib/ids.ts';
import type { Pass } from '../../worker/worker.ts';
import { newLease } from './deliver.ts';
import { type Claimed, type HeldDeliveries, handoffOf } from './held.ts';
import { arrayLiteral } from './pg-arrays.ts';

export const FANOUT_BATCH = 200;

/**
 * Who gets an event: the organization's endpoints that subscribe to its type (an empty list is
 * every type) and that existed when it happened; an endpoint never receives older events.
 * A DISABLED endpoint gets the delivery recorded as failed (endpoint_disabled), not sent, so it
 * can be redelivered from the deliveries list after re-enabling.
 */
export function endpointWants(
  endpoint: { events: string[]; created_at: Date },
  event: { type: string; created_at: Date },
): boolean {
  if (endpoint.created_at.getTime() > event.created_at.getTime()) return false;
  return endpoint.events.length === 0 || endpoint.events.includes(event.type);
}

// The new deliveries' columns and the queue rows to remove go in as array literals
// (pg-arrays.ts: with the outcomes' arrays, 2.9 → 0.8 µs of CPU per delivery), plain text
// parameters; the statement text is constant.
// $1–$7: ids, endpoint ids, organization ids, event ids, event types, disabled (t/f), leased
// to this process (t/f); $8: now; $9: the lease token; $10: lease_until (ISO). A leased row is
// due again when its lease lapses (held.ts). Answers the leased rows that were inserted (one that
// existed already is someone else's).
const INSERT_DELIVERIES = planEachTime(`
  with inserted as (
    insert into webhook_deliveries (id, endpoint_id, organization_id, event_id, event_type, payload,
                                    status, failure_reason, attempts, series_attempts, next_attempt_at,
                                    lease_token, lease_until, created_at, updated_at)
    select v.id, v.endpoint_id, v.organization_id, v.event_id, v.event_type, null,
           case when v.disabled then 'failed' else 'pending' end,
           case when v.disabled then 'endpoint_disabled' end,
           '[]'::jsonb, 0,
           case when v.disabled then null when v.leased then $10::timestamptz else $8::timestamptz end,
           case when v.leased then $9 end, case when v.leased then $10::timestamptz end,
           $8::timestamptz, $8::timestamptz
      from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::boolean[])
           as v (id, endpoint_id, organization_id, event_id, event_type, disabled, leased)
    on conflict (event_id, endpoint_id) do nothing
    returning id, lease_token)
  select id from inserted where lease_token is not null`);

// $1: how many queue rows; $2: whether the envelope is wanted (deliveries may be handed over).
// Takes the oldest queue rows no other fan-out holds and deletes them; the deliveries are
// inserted by the next statement of the same transaction, so either both commit or the rows are
// queued again. One row per (event, matching endpoint); an event no endpoint wants comes once,
// without one. The endpoint's signing details and the event's envelope are what sending needs:
// read here, where the rows are read anyway, for the deliveries that may be handed over.
//
// The queue rows are deleted by the physical address (ctid) the locking read found them at: a
// TID scan, with no index descent and no plan to choose. Rows locked FOR UPDATE cannot move
// before the transaction ends. They used to be deleted in the insert's statement by
// `event_id = any($8)`, and without statistics (autovacuum off here; any fresh deployment)
// PostgreSQL planned that as a sequential scan of the whole queue, each row tested against the
// batch's 200 ids: up to 12 ms per pass of 200 with 25,000 rows queued, a third of the
// database's time in bench/webhooks.ts (auto_explain; bench/README.md, item 43).
//
// The events are looked up by `id = any(array(...))`, not joined to the claimed queue rows: as
// a named statement, the join's generic plan was made while `events` was small and hashed the
// whole table on every pass once it had grown (bench/webhooks.ts, autovacuum off: a sequential
// scan of 20,000+ events per pass of 200, PostgreSQL ~550 µs per delivery instead of ~110, in
// some runs). An array of keys is an index scan whatever the table's size was when planned.
const MATCH_QUEUED = planEachTime(`
  with queued as (
    delete from webhook_event_queue
     where ctid = any(array(
       select q.ctid
         from webhook_event_queue q
        order by q.created_at, q.event_id
        limit $1
        for update skip locked))
    returning event_id)
  select e.id as event_id, e.organization_id, e.type, ep.id as endpoint_id,
         ep.status = 'DISABLED' as disabled,
         ep.url, ep.secret, ep.previous_secret,
         (extract(epoch from ep.previous_secret_valid_until) * 1000)::float8 as previous_secret_valid_until_ms,
         ep.consecutive_failures,
         (extract(epoch from ep.last_success_at) * 1000)::float8 as last_success_at_ms,
         case when $2::boolean and ep.status = 'ACTIVE' then e.envelope end as body
    from events e
    left join webhook_endpoints ep
      on ep.organization_id = e.organization_id
     and ep.created_at <= e.created_at
     and (cardinality(ep.events) = 0 or e.type = any(ep.events))
   where e.id = any(array(select event_id from queued))`);

/** The endpoint's signing details, as a claim reads them; `body` only when it may be handed over. */
type SendingDetails = Pick<
  Claimed,
  | 'url'
  | 'secret'
  | 'previous_secret'
  | 'previous_secret_valid_until_ms'
  | 'consecutive_failures'
  | 'last_success_at_ms'
  | 'body'
>;

interface Matched extends SendingDetails {
  event_id: string;
  organization_id: string;
  type: string;
  endpoint_id: string | null;
  disabled: boolean | null;
}

/**
 * One fan-out pass: claims up to `batch` queued events, removes them from the queue and creates
 * their deliveries, in one transaction of two statements (four before, plus begin and commit). The
 * matching rule of `endpointWants` is applied in SQL (every timestamp is written by the service
 * clock at millisecond precision, so the comparison is the same), and the rows go in as arrays:
 * one constant statement text instead of a 15-column VALUES list of up to 200
 * rows built by Kysely, serialised and parsed on every pass. Measured in bench/webhooks.ts
 * (5,000 events, 3 back-to-back pairs): the worker process's CPU 2.94 s → 2.81 s; the rate
 * moved within the noise. Both statements are planned at each pass (prepared.ts, planEachTime):
 * once per up to 200 events, and their tables grow and shrink under them.
 */
export async function fanOutEvents(ctx: AppContext, batch = FANOUT_BATCH): Promise<number> {
  // While a worker runs in this process, the deliveries it has room for are leased to it as they
  // are inserted and handed to its delivery pass (held.ts); the room is reserved up front and
  // handed back, with whatever was leased, once the transaction has committed or failed.
  const held = handoffOf(ctx);
  return fanOutLeasing(ctx, held, batch, held ? held.reserve(batch) : 0);
}

/** How long a paced pass waits for room before it fans out a full batch as an unpaced one. */
export const ROOM_WAIT_MS = 100;

/**
 * The worker's fan-out pass: paced to what this process can send. While a worker runs here, a
 * pass waits (at most ROOM_WAIT_MS) until the worker has room for half of what it may hold, then
 * takes only as many events as it has room for, so that every delivery it makes is handed over.
 * Unpaced, a pass made full batches of 200 whatever the room: the deliveries beyond it went into
 * the table unleased and a delivery pass claimed them back (an index walk, a lease update and a
 * second read of the event and endpoint, ~17 µs of PostgreSQL each): in bench/webhooks.ts 12,393
 * of 22,000 deliveries took that way (auto_explain; bench/README.md, item 44). What a busy process
 * leaves queued, another process's fan-out takes. Without room after the wait (every slot held
 * by slow receivers) a pass fans out a full batch as before, so the events still become
 * deliveries that any worker can claim. Without a running worker in this process it is the
 * unpaced pass.
 */
export async function fanOutPass(ctx: AppContext, batch = FANOUT_BATCH): Promise<Pass> {
  const held = handoffOf(ctx);
  if (!held) {
    const queued = await fanOutLeasing(ctx, undefined, batch, 0);
    return { handled: queued, full: queued >= batch };
  }
  const want = Math.min(batch, Math.floor(held.size / 2));
  await held.waitForRoom(want, ROOM_WAIT_MS);
  const leases = held.reserve(batch);
  const take = leases >= want ? leases : batch;
  const queued = await fanOutLeasing(ctx, held, take, leases);
  return { handled: queued, full: queued >= take };
}

/** A fan-out of up to `batch` events with `leases` reserved in `held`, handed back at the end. */
async function fanOutLeasing(
  ctx: AppContext,
  held: HeldDeliveries | undefined,
  batch: number,
  leases: number,
): Promise<number> {
  let handed: Claimed[] = [];
  try {
    const pass = await inTransaction(ctx.db, (trx) => fanOutIn(ctx, trx, batch, leases));
    handed = pass.leased;
    return pass.queued;
  } finally {
    held?.handOver(leases, handed);
  }
}

/** One fan-out in `trx`: how many queue rows it took, and the deliveries leased to this process. */
async function fanOutIn(
  ctx: AppContext,
  trx: Transaction<DB>,
  batch: number,
  leases: number,
): Promise<{ queued: number; leased: Claimed[] }> {
  const matched = await trx.executeQuery(
    CompiledQuery.raw(MATCH_QUEUED, [batch, leases > 0]) as CompiledQuery<Matched>,
  );
  if (matched.rows.length === 0) return { queued: 0, leased: [] };

  const queued = new Set<string>();
  const deliveries: Matched[] = [];
  const endpointIds: string[] = [];
  const organizationIds: string[] = [];
  const eventIds: string[] = [];
  const types: string[] = [];
  const disabled: boolean[] = [];
  const leased: boolean[] = [];
  let left = leases;
  for (const m of matched.rows) {
    queued.add(m.event_id);
    if (m.endpoint_id === null) continue;
    deliveries.push(m);
    endpointIds.push(m.endpoint_id);
    organizationIds.push(m.organization_id);
    eventIds.push(m.event_id);
    types.push(m.type);
    disabled.push(m.disabled === true);
    // A DISABLED endpoint's delivery is recorded as failed (endpoint_disabled), never sent.
    const take = left > 0 && m.disabled === false && m.body !== null;
    if (take) left--;
    leased.push(take);
  }
  // One randomBytes call for the batch's ids (lib/ids.ts: ~5 µs of CPU per delivery).
  const ids = newIds('whd', eventIds.length);
  const now = ctx.clock.now();
  const lease = newLease(now);
  const inserted = await trx.executeQuery(
    CompiledQuery.raw(INSERT_DELIVERIES, [
      arrayLiteral(ids),
      arrayLiteral(endpointIds),
      arrayLiteral(organizationIds),
      arrayLiteral(eventIds),
      arrayLiteral(types),
      arrayLiteral(disabled),
      arrayLiteral(leased),
      now.toISOString(),
      lease.token,
      lease.until,
    ]) as CompiledQuery<{ id: string }>,
  );
  if (inserted.rows.length === 0) return { queued: queued.size, leased: [] };
  const mine = new Set(inserted.rows.map((r) => r.id));
  const handed: Claimed[] = [];
  for (let i = 0; i < deliveries.length; i++) {
    const id = ids[i] as string;
    if (!mine.has(id)) continue;
    const m = deliveries[i] as Matched;
    handed.push({
      id,
      endpoint_id: m.endpoint_id as string,
      event_id: m.event_id,
      event_type: m.type,
      series_attempts: 0,
      lease_token: lease.token,
      url: m.url,
      endpoint_status: 'ACTIVE',
      secret: m.secret,
      previous_secret: m.previous_secret,
      previous_secret_valid_until_ms: m.previous_secret_valid_until_ms,
      consecutive_failures: m.consecutive_failures,
      last_success_at_ms: m.last_success_at_ms,
      body: m.body,
    });
  }
  return { queued: queued.size, leased: handed };
}
