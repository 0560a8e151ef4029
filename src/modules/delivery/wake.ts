// Waking this process's delivery worker when a delivery is queued here, instead of letting the
// delivery wait out the worker's idle poll (deliveryTask.idleMs, 500 ms: on average a quarter of a
// second added to every issue → 250, measured in bench/delivery.ts). Other processes' workers still
// find it by polling.
//
// The rows are written in the caller's transaction, and nothing here knows when that commits, so
// a wake right away may find nothing yet. A queued delivery is therefore expected (by its id) for
// a short while, and the worker is woken at growing intervals until a pass claims it or the
// intervals run out (the poll then takes over). A rolled-back transaction leaves an expectation
// that simply lapses. Nothing is claimed or sent here: a wake only starts a pass early, and the
// pass claims exactly as any other (src/lib/outbox.ts), so the guarantees are the outbox's.

/** Wakes after an expectation: at once, then after 5, 10, 20 ms … (about 1.3 s in all). */
const STEPS_MS = [0, 5, 10, 20, 40, 80, 160, 320, 640];

const wakers = new Set<() => void>();
const expected = new Set<string>();
let timer: NodeJS.Timeout | null = null;
let step = 0;

/** A running worker's delivery task listens (its start hook); the returned function stops it. */
export function onDeliveryQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => {
    wakers.delete(wake);
    if (wakers.size === 0) {
      expected.clear();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    }
  };
}

/** A delivery `id` is being queued in a transaction that is about to commit. */
export function expectDelivery(id: string): void {
  if (wakers.size === 0) return;
  expected.add(id);
  step = 0;
  if (timer !== null) clearTimeout(timer);
  schedule();
}

/** A pass claimed these: nothing more to wake for them. */
export function deliveriesClaimed(ids: readonly string[]): void {
  if (expected.size === 0) return;
  for (const id of ids) expected.delete(id);
}

function schedule(): void {
  const delay = STEPS_MS[step];
  if (delay === undefined) {
    // Not claimed in time (a long transaction, a busy worker, a rollback): the poll finds it.
    expected.clear();
    timer = null;
    return;
  }
  step++;
  timer = setTimeout(tick, delay);
  timer.unref();
}

function tick(): void {
  timer = null;
  if (expected.size === 0) return;
  for (const wake of wakers) wake();
  schedule();
}
