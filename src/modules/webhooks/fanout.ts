// Fan-out: turns queued outbox events into one delivery per matching endpoint of the receiving
// organization. Claimed with FOR UPDATE SKIP LOCKED, so any number of workers share the queue;
// the deliveries and the removal of the queue rows are one statement, so they commit together,
// and the unique (event_id, endpoint_id) makes a repeated fan-out harmless.
import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.ts';
import { planEachTime } from '../../db/prepared.ts';
import { newIds } from '../../lib/ids.ts';
import type { Pass } from '../../worker/worker.ts';
import { newLease } from './deliver.ts';
import { type Claimed, type HeldDeliveries, handoffOf } from './held.ts';
import { arrayLiteral } from './pg-arrays.ts';

export const FANOUT_BATCH = 200;

// The delivery ids go in as one array literal (pg-arrays.ts: 2.9 → 0.8 µs of CPU per delivery
// with the outcomes' arrays), a plain text parameter; the statement text is constant.
// One fan-out pass in one statement. $1: how many queue rows; $2: how many of the new deliveries
// may be leased to this process (handed over, held.ts); $3: delivery ids (array literal), one per
// (event, matching endpoint) row at least; $4: now; $5: the lease token; $6: lease_until (ISO).
//
// It takes the oldest queue rows no other fan-out holds, matches their events to endpoints,
// inserts one delivery per (event, endpoint) and deletes the queue rows, all or nothing. When the
// ids do not suffice (the caller guessed how many endpoints the events have), it writes nothing,
// releases the rows at its end and answers how many it needed (`fitted` false, `needed`).
//
// Why one statement: the pass was a transaction of four round trips (begin, match, insert,
// commit), and in a worker whose event loop also serves 64 attempts in flight each round trip
// waited behind them: a pass of 128 took 12-36 ms though PostgreSQL ran it in ~3 ms, and the
// delivery pass drained what it held before the next pass arrived (nothing in flight in 28 % of
// 1 ms samples; bench/README.md, item 45).
//
// The queue rows are deleted by the physical address (ctid) the locking read found them at: a
// TID scan, with no index descent and no plan to choose (locked rows cannot move before the
// statement ends). By `event_id = any(...)`, without statistics (autovacuum off here; any fresh
// deployment), PostgreSQL planned a sequential scan of the whole queue, each row tested against
// the batch's ids: up to 12 ms per pass of 200 with 25,000 rows queued (auto_explain; item 43).
// The events are looked up by `id = any(array(...))`, not joined to the claimed queue rows: as
// a named statement, the join's generic plan was made while `events` was small and hashed the
// whole table on every pass once it had grown (autovacuum off: PostgreSQL ~550 µs per delivery
// instead of ~110, in some runs). It is planned at each pass (prepared.ts, planEachTime).
//
// Rows are numbered in (event, endpoint) order: `n` counts the rows that have an endpoint (the
// delivery's id is the n-th), `active_n` those whose endpoint is ACTIVE: the first $2 of those
// are leased, inserted with no next attempt (out of the due index, so recording their outcome
// is a HOT update), and listed under the lease token in webhook_handoffs, which makes them due
// should the lease lapse before they are recorded (held.ts; migration 0015). A DISABLED
// endpoint's delivery is recorded as failed (endpoint_disabled), never sent. An event no
// endpoint wants comes once, without one. The endpoint's signing details and the event's
// envelope come back for the leased rows that were inserted (a row that existed already is
// someone else's).
const FAN_OUT = planEachTime(`
  with claimed as materialized (
    select q.ctid as tid, q.event_id
      from webhook_event_queue q
     order by q.created_at, q.event_id
     limit $1
     for update skip locked),
  matched as (
    select e.id as event_id, e.organization_id, e.type, e.envelope, e.traceparent,
           ep.id as endpoint_id, ep.status as endpoint_status, ep.url, ep.secret, ep.previous_secret,
           (extract(epoch from ep.previous_secret_valid_until) * 1000)::float8 as previous_secret_valid_until_ms,
           ep.consecutive_failures,
           (extract(epoch from ep.last_success_at) * 1000)::float8 as last_success_at_ms,
           count(ep.id) over w as n,
           count(*) filter (where ep.status = 'ACTIVE') over w as active_n
      from events e
      left join webhook_endpoints ep
        on ep.organization_id = e.organization_id
       and ep.created_at <= e.created_at
       and (cardinality(ep.events) = 0 or e.type = any(ep.events))
     where e.id = any(array(select event_id from claimed))
    window w as (order by e.id, ep.id rows between unbounded preceding and current row)),
  fits as (
    select count(endpoint_id)::int as needed, count(endpoint_id) <= cardinality($3::text[]) as ok
      from matched),
  dequeued as (
    delete from webhook_event_queue
     where ctid = any(array(select tid from claimed)) and (select ok from fits)),
  inserted as (
    insert into webhook_deliveries (id, endpoint_id, organization_id, event_id, event_type, payload,
                                    status, failure_reason, attempts, series_attempts, next_attempt_at,
                                    lease_token, lease_until, created_at, updated_at)
    select ($3::text[])[m.n::int], m.endpoint_id, m.organization_id, m.event_id, m.type, null,
           case when m.disabled then 'failed' else 'pending' end,
           case when m.disabled then 'endpoint_disabled' end,
           '[]'::jsonb, 0,
           case when m.disabled or m.leased then null else $4::timestamptz end,
           case when m.leased then $5 end, case when m.leased then $6::timestamptz end,
           $4::timestamptz, $4::timestamptz
      from (select *, endpoint_status = 'DISABLED' as disabled,
                   endpoint_status = 'ACTIVE' and active_n <= $2 as leased
              from matched) m
     where m.endpoint_id is not null and (select ok from fits)
    on conflict (event_id, endpoint_id) do nothing
    returning id, event_id, endpoint_id, lease_token),
  handoff as (
    insert into webhook_handoffs (lease_token, lease_until, delivery_ids)
    select $5, $6::timestamptz, array_agg(id) from inserted where lease_token is not null
    having count(*) > 0)
  select f.ok as fitted, f.needed, m.event_id, m.type, i.id, i.endpoint_id, m.url, m.secret,
         m.previous_secret, m.previous_secret_valid_until_ms, m.consecutive_failures,
         m.last_success_at_ms, case when i.id is not null then m.envelope end as body,
         case when i.id is not null then m.traceparent end as traceparent
    from matched m
    cross join fits f
    left join inserted i
      on i.event_id = m.event_id and i.endpoint_id = m.endpoint_id and i.lease_token is not null`);

/** A row of FAN_OUT: `id` (and the rest) only for a delivery leased to this process. */
interface FannedOut
  extends Pick<
    Claimed,
    | 'url'
    | 'secret'
    | 'previous_secret'
    | 'previous_secret_valid_until_ms'
    | 'consecutive_failures'
    | 'last_success_at_ms'
  > {
  fitted: boolean;
  needed: number;
  event_id: string;
  type: string;
  id: string | null;
  endpoint_id: string | null;
  body: string | null;
  traceparent: string | null;
}

/**
 * Delivery ids a pass makes per event it asks for: as many per event as the last pass that
 * wrote needed (an event makes one delivery per endpoint of its organization that wants it). A
 * short guess costs a statement that writes nothing; a spare id costs ~0.3 µs (lib/ids.ts).
 */
let idsPerEvent = 1;
/** A pass whose ids fell short tries again with as many as it was told it needs, this often. */
const FIT_ATTEMPTS = 3;

/**
 * One fan-out pass: claims up to `batch` queued events, removes them from the queue and creates
 * their deliveries, in one statement (FAN_OUT). Who gets an event: the organization's endpoints
 * that subscribe to its type (an empty list is every type) and that existed when it happened (an
 * endpoint never receives older events; every timestamp is written by the service clock at
 * millisecond precision). A DISABLED endpoint gets the delivery recorded as failed
 * (endpoint_disabled), not sent, so it can be redelivered after re-enabling.
 */
export async function fanOutEvents(ctx: AppContext, batch = FANOUT_BATCH): Promise<number> {
  // While a worker runs in this process, the deliveries it has room for are leased to it as they
  // are inserted and handed to its delivery pass (held.ts); the room is reserved up front and
  // handed back, with whatever was leased, once the statement has committed or failed.
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
  // The worker stopped meanwhile: nothing would send what this pass leased to it.
  if (handoffOf(ctx) !== held) return fanOutPass(ctx, batch);
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
    const pass = await fanOutOnce(ctx, batch, leases);
    handed = pass.leased;
    return pass.queued;
  } finally {
    held?.handOver(leases, handed);
  }
}

/** One statement's worth of fan-out; how many queue rows it took, and the deliveries leased here. */
async function fanOutOnce(
  ctx: AppContext,
  batch: number,
  leases: number,
): Promise<{ queued: number; leased: Claimed[] }> {
  let ids = newIds('whd', Math.ceil(batch * idsPerEvent));
  for (let attempt = 1; ; attempt++) {
    const now = ctx.clock.now();
    const lease = newLease(now);
    const res = await ctx.db.executeQuery(
      CompiledQuery.raw(FAN_OUT, [
        batch,
        leases,
        arrayLiteral(ids),
        now.toISOString(),
        lease.token,
        lease.until,
      ]) as CompiledQuery<FannedOut>,
    );
    const first = res.rows[0];
    if (first === undefined) return { queued: 0, leased: [] };
    if (!first.fitted) {
      if (attempt === FIT_ATTEMPTS) {
        throw new Error(
          `fan-out found ${first.needed} deliveries to make and had too few ids ${attempt} times`,
        );
      }
      // Other fan-outs may take some of these rows meanwhile; never fewer ids than asked for.
      ids = newIds('whd', Math.max(first.needed, ids.length));
      continue;
    }
    const queued = new Set<string>();
    const leased: Claimed[] = [];
    for (const row of res.rows) {
      queued.add(row.event_id);
      if (row.id === null) continue;
      leased.push({
        id: row.id,
        endpoint_id: row.endpoint_id as string,
        event_id: row.event_id,
        event_type: row.type,
        series_attempts: 0,
        lease_token: lease.token,
        url: row.url,
        endpoint_status: 'ACTIVE',
        secret: row.secret,
        previous_secret: row.previous_secret,
        previous_secret_valid_until_ms: row.previous_secret_valid_until_ms,
        consecutive_failures: row.consecutive_failures,
        last_success_at_ms: row.last_success_at_ms,
        body: row.body,
        traceparent: row.traceparent,
      });
    }
    idsPerEvent = Math.max(1, first.needed / queued.size);
    return { queued: queued.size, leased };
  }
}
