// The delivery worker (CONTRACT 5). A due delivery is claimed with FOR UPDATE SKIP LOCKED and
// leased in one short statement, sent with no transaction open (an HTTP call may take 10 s, and
// on PGlite an open transaction holds the whole database), and its outcome is recorded only by
// the lease holder. A worker that dies mid-delivery leaves a lease that lapses, and the delivery
// is claimed again: at least once, never lost. Two live workers never send the same attempt.
import { performance } from 'node:perf_hooks';
import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.ts';
import { claimDueUpdate, LEASE_MS, newLease } from '../../lib/outbox.ts';
import { type Claimed, HeldDeliveries, handoffOf } from './held.ts';
import { attemptOutcome, type Outcome, recordOutcomes, skippedOutcome } from './record.ts';
import { DELIVERY_TIMEOUT_MS, sendDelivery } from './send.ts';
import { isProduction } from './url-policy.ts';

// The lease and claim are every outbox's (src/lib/outbox.ts); these names stay for the webhook
// code and tests that read them from here.
export { LEASE_MS, newLease };
/** Attempts in flight at once in one worker. */
export const DELIVERY_CONCURRENCY = 64;
/**
 * How long one pass takes new work (claims, and deliveries a fan-out hands over) before it
 * finishes what it has and returns; the worker's loop starts the next at once.
 */
const CLAIM_WINDOW_MS = 5_000;

export interface DeliverOptions {
  /** Attempts in flight at once (default 64). */
  concurrency?: number;
  timeoutMs?: number;
  /** How long the pass takes new work (default 5 s). */
  windowMs?: number;
}

/**
 * One pass of the delivery worker: keeps up to `concurrency` attempts in flight, refilling freed
 * slots from the queue, so one slow receiver (up to its 10 s timeout) holds one slot, not the
 * worker; records outcomes in batches as they finish. Stops claiming when a claim finds nothing
 * more due (or after a few seconds), sends what it holds, waits for what is in flight, records
 * it, and returns how many deliveries it handled. Nothing is left running when it returns.
 *
 * While a worker runs, this process's fan-out also hands over fresh deliveries, leased as it
 * inserted them (held.ts); they wait in the same queue as claimed ones and need no claim.
 *
 * Claiming, sending and recording overlap: at most one claim and one recording statement are in
 * flight at a time (so batches are recorded in the order their attempts finished), neither
 * waits for the other, and the pass holds up to `concurrency` claimed deliveries beyond those
 * in flight, so a freed slot is refilled at once rather than after a claim's round trip.
 * Measured in bench/webhooks.ts (PostgreSQL, shared machine): with claim, send and record in
 * sequence, a claim took ~12 ms and a recording ~23 ms per ~60 deliveries and fewer than 2
 * attempts were in flight on average when the next claim started; overlapped but without the
 * held-back rows, 83 of 158 claims still came back to an empty pipeline; with them, ~18 of ~100.
 * The worker process's main thread went from 26 % to 11 % idle during the run, worker/bare
 * 0.30 → 0.36 and the process's CPU 3.75 s → 3.42 s per 5,000 deliveries (3 back-to-back pairs).
 */
export async function deliverDue(ctx: AppContext, opts: DeliverOptions = {}): Promise<number> {
  const capacity = opts.concurrency ?? DELIVERY_CONCURRENCY;
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  // Claimed deliveries are held (in flight or waiting for a slot) up to twice the capacity, and
  // claimed in chunks of at least a quarter of it: one claim query per many deliveries.
  const holdAtMost = 2 * capacity;
  const refillAt = Math.max(1, Math.floor(capacity / 4));
  // A held delivery is sent only while its lease outlasts the attempt by a wide margin; one held
  // longer is left alone, and its lease lapses and it is claimed again. Claimed rows wait for at
  // most one attempt's timeout (there are never more of them than slots), handed-over ones for
  // at most three (held.ts), so this does not fire unless the process stalls.
  const sendWithinMs = LEASE_MS - timeoutMs - 10_000;
  const claimUntil = performance.now() + (opts.windowMs ?? CLAIM_WINDOW_MS);
  // The process's queue while a worker runs in it (the fan-out adds to it), else this pass's own.
  const held = handoffOf(ctx) ?? new HeldDeliveries(capacity);
  const waiting = held.waiting;
  let claiming = false;
  let recording = false;
  let finished: Outcome[] = [];
  let handled = 0;
  let drained = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };

  const record = () => {
    const batch = finished;
    finished = [];
    recording = true;
    recordOutcomes(ctx, batch, held.handoffsDoneWith(batch))
      .catch((err: unknown) => {
        // Unrecorded attempts are attempted again when their leases lapse: at least once.
        ctx.log.error({ err, deliveries: batch.length }, 'webhook delivery outcomes could not be recorded');
      })
      .finally(() => {
        recording = false;
        notify();
      });
  };
  const send = (d: Claimed) => {
    held.sending++;
    void attempt(ctx, d, timeoutMs).then((o) => {
      held.sending--;
      held.freed();
      handled++;
      if (o) finished.push(o);
      else held.unrecordable(d); // its pass's lease stays listed, so it is recovered when it lapses
      notify();
    });
  };
  const claim = (limit: number) => {
    claiming = true;
    // Claimed rows count as arriving when the claim was sent, within the window, so this pass
    // sends them even when the answer comes after the window; their lease dates from then too.
    const at = performance.now();
    claimDue(ctx, limit)
      .then(
        (claimed) => {
          // Fewer than asked for may only mean the rest is not due yet or being fanned out:
          // claim again while there is room; the pass ends at the first claim that finds none.
          if (claimed.length === 0) drained = true;
          for (const d of claimed) waiting.push({ d, at });
        },
        (err: unknown) => {
          // Finish and record what is held; the next pass claims again.
          ctx.log.error({ err }, 'webhook deliveries could not be claimed');
          drained = true;
        },
      )
      .finally(() => {
        claiming = false;
        notify();
      });
  };

  held.onArrival = notify;
  // This pass sends what arrived within its window: claimed rows (dated from when their claim
  // was sent) and what a fan-out handed over until then. What is handed over later is left to
  // the next pass, so a steady stream of handoffs cannot keep one pass (and its claims' window)
  // open for ever; the queue is the process's while handoffs happen, so nothing left in it is
  // lost (without a handoff, only this pass's claims fill it, all dated within the window).
  const mine = () => {
    const first = waiting[0];
    return first !== undefined && first.at <= claimUntil;
  };
  for (;;) {
    while (held.sending < capacity && mine()) {
      const h = waiting.shift() as (typeof waiting)[number];
      if (performance.now() - h.at <= sendWithinMs) send(h.d);
      else {
        held.unrecordable(h.d);
        held.freed();
      }
    }
    if (!recording && finished.length > 0) record();
    const room = holdAtMost - held.sending - waiting.length;
    // Handed-over deliveries can fill the queue beyond what claims may (held.ts), hence room > 0.
    if (
      !claiming &&
      !drained &&
      room > 0 &&
      performance.now() < claimUntil &&
      (room >= refillAt || held.sending === 0)
    ) {
      claim(room);
    }
    if (!claiming && !recording && held.sending === 0 && finished.length === 0 && !mine()) {
      held.onArrival = null;
      return handled;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    // Let every answer that has already arrived be read before recording: on PGlite a query
    // runs on this thread, so answers pile up meanwhile and are recorded together.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * $1: the lease token; $2: lease_until; $3: now (both ISO); $4: how many (claimDueUpdate, which
 * says why the rows are picked by address).
 *
 * The statement text is constant and compiled once (Kysely built and compiled the `sql` template
 * per claim), the timestamps go in as ISO strings, and the endpoint's two timestamps come back as
 * epoch milliseconds (float8, parsed with Number) rather than Dates (pg's date parser, ~1.5 µs a
 * row in a profile of bench/webhooks.ts).
 */
export const CLAIM_DUE = `
  with claimed as (
    ${claimDueUpdate({
      table: 'webhook_deliveries',
      due: "status = 'pending'",
      returning: 'd.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.series_attempts, d.lease_token',
    })})
  select c.id, c.endpoint_id, c.event_id, c.event_type, c.series_attempts, c.lease_token,
         e.url, e.status as endpoint_status, e.secret, e.previous_secret,
         (extract(epoch from e.previous_secret_valid_until) * 1000)::float8 as previous_secret_valid_until_ms,
         e.consecutive_failures,
         (extract(epoch from e.last_success_at) * 1000)::float8 as last_success_at_ms,
         coalesce(c.payload, ev.envelope) as body, ev.traceparent
    from claimed c
    left join webhook_endpoints e on e.id = c.endpoint_id
    left join events ev on ev.id = c.event_id and c.payload is null`;

/** Leases due deliveries and returns each with what sending it needs, in one statement. */
async function claimDue(ctx: AppContext, limit: number): Promise<Claimed[]> {
  const now = ctx.clock.now();
  const lease = newLease(now);
  const res = await ctx.db.executeQuery(
    CompiledQuery.raw(CLAIM_DUE, [
      lease.token,
      lease.until,
      now.toISOString(),
      limit,
    ]) as CompiledQuery<Claimed>,
  );
  return res.rows;
}

/** Sends one claimed delivery; never throws. Null when there is nothing to record. */
async function attempt(ctx: AppContext, d: Claimed, timeoutMs: number): Promise<Outcome | null> {
  try {
    if (d.url === null || d.secret === null) return null; // the endpoint was deleted, and this row with it
    if (d.endpoint_status === 'DISABLED') return skippedOutcome(d, 'endpoint_disabled');
    if (d.body === null) return skippedOutcome(d, 'event_expired');
    const now = ctx.clock.now();
    const result = await sendDelivery({
      url: d.url,
      eventId: d.event_id,
      body: d.body,
      // The rule of activeSecrets (endpoints.ts): the previous secret signs too while its
      // rotation window is open.
      // Stored sealed under the master key (CONTRACT 10); opening is cached per sealed value.
      secrets:
        d.previous_secret !== null &&
        d.previous_secret_valid_until_ms !== null &&
        d.previous_secret_valid_until_ms > now.getTime()
          ? [ctx.secrets.sealer.open(d.secret), ctx.secrets.sealer.open(d.previous_secret)]
          : [ctx.secrets.sealer.open(d.secret)],
      now,
      production: isProduction(ctx),
      timeoutMs,
      traceparent: d.traceparent,
    });
    const ping = d.event_type === 'ping';
    return attemptOutcome(d, result.ok, result.attempt, {
      countsForEndpoint: !ping,
      retries: !ping,
      endpointSeen: {
        consecutive_failures: d.consecutive_failures ?? 0,
        last_success_at_ms: d.last_success_at_ms,
      },
      atMs: now.getTime(),
    });
  } catch (err) {
    // The lease lapses and another pass retries; nothing is lost by giving up here.
    ctx.log.error({ err, delivery: d.id }, 'webhook delivery attempt could not be completed');
    return null;
  }
}
