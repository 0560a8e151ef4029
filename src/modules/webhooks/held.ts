// The deliveries a process holds for sending: claimed from the table by a delivery pass, or
// handed over by the same process's fan-out, leased in the statement that inserted them.
//
// Why the handoff: a delivery that a claim took from the table cost PostgreSQL an index walk, a
// lease update and a second read of its event and endpoint, all of which the fan-out had just
// done. While a worker runs (startWorker opens the handoff; its stop closes it), the fan-out
// inserts the deliveries this process has room for already leased to it, with the event's
// envelope and the endpoint it read anyway, and hands them to the delivery pass without a claim.
// A leased fresh row has no next attempt (next_attempt_at null), so it is in no due index: a
// claim neither walks past it nor takes it, and recording its outcome changes no indexed column
// (a HOT update, migration 0015). Each fan-out pass lists what it leased under its lease token in
// webhook_handoffs; the worker deletes that row with the pass's last outcome. A worker that dies
// holding deliveries leaves the row behind, and once its lease lapses the webhooks-recover task
// makes them due (recoverLapsedHandoffs), to be sent by the next worker, as with any lease: at
// least once, never lost. Measured in bench/webhooks.ts (20,000 events, 4 alternated pairs):
// PostgreSQL CPU 139–151 → 112–141 µs per delivery, the worker 3,860–5,486 → 5,000–6,226
// deliveries/s (bench/README.md, item 40); the HOT outcome, 78–88 → 66–73 µs (item 47).
import { performance } from 'node:perf_hooks';
import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.ts';
import { planEachTime } from '../../db/prepared.ts';
import type { Pass } from '../../worker/worker.ts';
import { arrayLiteral } from './pg-arrays.ts';
import type { Leased } from './record.ts';

/** A leased delivery with what sending it needs. */
export interface Claimed extends Leased {
  event_id: string;
  event_type: string;
  url: string | null;
  endpoint_status: 'ACTIVE' | 'DISABLED' | null;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_valid_until_ms: number | null;
  consecutive_failures: number | null;
  last_success_at_ms: number | null;
  body: string | null;
  /** The W3C traceparent kept with the event (migration 0044): the attempt continues its trace. */
  traceparent: string | null;
}

/** A delivery waiting for a free slot, since `at` (performance.now()). */
export interface Held {
  d: Claimed;
  at: number;
}

/**
 * How many deliveries, per slot, a fan-out may hold for this process, counting those in flight.
 * With every slot busy for a whole 10 s timeout, what waits behind them is sent within three
 * timeouts (30 s), well inside the 60 s lease (deliver.ts sends a held delivery only within
 * 40 s). Claims stop at two per slot, so a fan-out has room even while claims fill the rest.
 */
const HANDOFF_PER_SLOT = 4;

export class HeldDeliveries {
  /** Claims and handoffs append in the order they arrive (a claim's rows dated from its sending). */
  readonly waiting: Held[] = [];
  /** Attempts in flight. */
  sending = 0;
  /** Leases a fan-out has taken for this process and not yet handed over. */
  private reserved = 0;
  /** Fan-outs waiting for room (waitForRoom), each with the room it waits for. */
  private roomWaiters: Array<{ want: number; done: () => void }> = [];
  /** Wakes the running delivery pass, when one runs. */
  onArrival: (() => void) | null = null;
  /** Running workers of this process that share it. */
  workers = 0;
  /** Per fan-out lease token: its handed-over deliveries whose outcomes are not recorded yet. */
  private readonly unrecorded = new Map<string, number>();

  readonly capacity: number;
  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** The most fresh deliveries this process holds, counting those in flight. */
  get size(): number {
    return HANDOFF_PER_SLOT * this.capacity;
  }

  /** How many more fresh deliveries this process has room for now. */
  room(): number {
    return this.size - this.sending - this.waiting.length - this.reserved;
  }

  /** Room for up to `wanted` fresh deliveries, reserved until `handOver`. */
  reserve(wanted: number): number {
    const n = Math.max(0, Math.min(wanted, this.room()));
    this.reserved += n;
    return n;
  }

  /**
   * Resolves once there is room for `want` fresh deliveries (true), or after `ms` without it, or
   * when the handoff closes (false).
   */
  waitForRoom(want: number, ms: number): Promise<boolean> {
    if (this.room() >= want) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const waiter = {
        want,
        done: () => {
          clearTimeout(timer);
          this.roomWaiters = this.roomWaiters.filter((w) => w !== waiter);
          resolve(this.room() >= want);
        },
      };
      const timer = setTimeout(waiter.done, ms);
      this.roomWaiters.push(waiter);
    });
  }

  /** The delivery pass made room (an attempt ended, or a held delivery was dropped). */
  freed(): void {
    if (this.roomWaiters.length === 0) return;
    const room = this.room();
    for (const w of this.roomWaiters) if (w.want <= room) w.done();
  }

  /** Ends every wait for room (the handoff is closing). */
  wakeAll(): void {
    for (const w of this.roomWaiters) w.done();
  }

  /** Ends a reservation of `reserved`: the rows that were leased (none if the fan-out failed). */
  handOver(reserved: number, rows: Claimed[]): void {
    this.reserved -= reserved;
    if (rows.length === 0) return;
    const at = performance.now();
    for (const d of rows) this.waiting.push({ d, at });
    // A pass's rows share its lease token (fanout.ts); so does its row in webhook_handoffs.
    const token = (rows[0] as Claimed).lease_token;
    this.unrecorded.set(token, (this.unrecorded.get(token) ?? 0) + rows.length);
    this.onArrival?.();
  }

  /**
   * A handed-over delivery that will not be recorded here (dropped, or its attempt ended without
   * an outcome): its pass's lease row must outlive the pass's other outcomes, so the pass is no
   * longer counted (nor kept in memory) and its row is left to the recovery.
   */
  unrecordable(d: Leased): void {
    this.unrecorded.delete(d.lease_token);
  }

  /**
   * The fan-out passes whose last unrecorded deliveries are among `outcomes`, about to be
   * recorded: their webhook_handoffs rows are deleted in the same statement (record.ts). Should
   * that statement fail, the rows stay and the deliveries are made due when the leases lapse.
   * A delivery that is dropped, or whose attempt ends without an outcome, keeps its pass's row.
   */
  handoffsDoneWith(outcomes: readonly { delivery: Leased }[]): string[] {
    const done: string[] = [];
    for (const o of outcomes) {
      const token = o.delivery.lease_token;
      const left = this.unrecorded.get(token);
      if (left === undefined) continue; // claimed, not handed over
      if (left > 1) this.unrecorded.set(token, left - 1);
      else {
        this.unrecorded.delete(token);
        done.push(token);
      }
    }
    return done;
  }
}

const handoffs = new WeakMap<AppContext, HeldDeliveries>();

/** The process's held deliveries while a worker runs in it; otherwise none (no handoff). */
export function handoffOf(ctx: AppContext): HeldDeliveries | undefined {
  return handoffs.get(ctx);
}

export function openHandoff(ctx: AppContext, capacity: number): void {
  let held = handoffs.get(ctx);
  if (!held) {
    held = new HeldDeliveries(capacity);
    handoffs.set(ctx, held);
  }
  held.workers++;
}

/**
 * Ends the handoff when the last worker of the process stops: what is still held (a fan-out
 * handed it over after the last delivery pass) is released, due now, for the next worker rather
 * than after its lease.
 */
export async function closeHandoff(ctx: AppContext): Promise<void> {
  const held = handoffs.get(ctx);
  if (!held || --held.workers > 0) return;
  handoffs.delete(ctx);
  held.wakeAll();
  if (held.waiting.length === 0) return;
  const rows = held.waiting.splice(0).map((h) => h.d);
  await releaseLeases(ctx, rows);
}

// $1: ids; $2: their lease tokens; $3: now (ISO). A row whose lease was taken over meanwhile
// (the token no longer matches) is someone else's and stays as it is. Planned each time, as
// recording outcomes is (record.ts), for the same reason.
const RELEASE = planEachTime(`
  update webhook_deliveries w
     set lease_token = null, lease_until = null, next_attempt_at = least(w.next_attempt_at, $3::timestamptz)
    from unnest($1::text[], $2::text[]) as v (id, token)
   where w.id = v.id and w.lease_token = v.token and w.status = 'pending'`);

async function releaseLeases(ctx: AppContext, rows: Leased[]): Promise<void> {
  // Their passes' webhook_handoffs rows stay; the recovery finds these due already and drops them.
  if (rows.length === 0) return;
  await ctx.db.executeQuery(
    CompiledQuery.raw(RELEASE, [
      arrayLiteral(rows.map((r) => r.id)),
      arrayLiteral(rows.map((r) => r.lease_token)),
      ctx.clock.now().toISOString(),
    ]),
  );
}

/**
 * How many lapsed fan-out leases one recovery pass takes. A lease lists at most one fan-out
 * batch of deliveries (FANOUT_BATCH events, one delivery per endpoint each).
 */
export const RECOVER_BATCH = 50;

// $1: now (ISO); $2: how many leases. Takes lapsed leases no other recovery holds, deletes them,
// and makes each of their deliveries still pending without a next attempt (its outcome never
// recorded) due when its lease lapsed, still leased by the lapsed token: a claim takes it at
// once. A delivery recorded meanwhile, released by a stopping worker or settled has a next
// attempt or none to make, and is left as it is. The lapsed rows are picked once, by the
// addresses the locking read found them at: webhook_handoffs empties as fast as it fills, and
// as `lease_token in (select ... limit n for update skip locked)` a plan made while it looked
// empty reran the locking read for every row and took more leases than asked (item 51;
// test/webhooks/claim-plan.test.ts).
export const RECOVER = planEachTime(`
  with lapsed as (
    delete from webhook_handoffs h
     where h.ctid = any(array(
       select ctid from webhook_handoffs
        where lease_until <= $1::timestamptz
        order by lease_until
        limit $2
        for update skip locked))
    returning h.lease_until, h.delivery_ids),
  due as (
    update webhook_deliveries d
       set next_attempt_at = l.lease_until
      from (select lease_until, unnest(delivery_ids) as id from lapsed) l
     where d.id = l.id and d.status = 'pending' and d.next_attempt_at is null
    returning d.id)
  select (select count(*) from lapsed)::int as leases, (select count(*) from due)::int as deliveries`);

/**
 * One pass of the webhooks-recover task: the deliveries of fan-out passes whose process died (or
 * dropped them) before recording them are made due once the pass's lease lapses. Returns how
 * many leases it ended; a full pass means more may be waiting.
 */
export async function recoverLapsedHandoffs(ctx: AppContext): Promise<Pass> {
  const res = await ctx.db.executeQuery(
    CompiledQuery.raw(RECOVER, [ctx.clock.now().toISOString(), RECOVER_BATCH]) as CompiledQuery<{
      leases: number;
      deliveries: number;
    }>,
  );
  const row = res.rows[0];
  const leases = row?.leases ?? 0;
  if (row && row.deliveries > 0) {
    ctx.log.warn(
      { leases, deliveries: row.deliveries },
      'webhook deliveries of lapsed fan-out leases made due again',
    );
  }
  return { handled: leases, full: leases >= RECOVER_BATCH };
}
