// Natural batching of one kind of small statement (key lookups, Idempotency-Key claims and
// completions): while one statement of the kind is in flight, the items that arrive wait and go
// together in the next one. Nothing waits on a timer, so a lone request pays no latency; under
// load one round trip serves many requests.
//
// Why (issue 9, bench/README.md): on this 2-core machine a docex create spent ~2.2 ms of Node CPU
// and ~2.3 ms of PostgreSQL CPU against the bare ceiling's ~0.5 and ~0.6, and 30 % of docex's busy
// CPU was `writev` (loopback TCP to PostgreSQL, one per statement): the cost is per round trip,
// not per row, so five statements per create were the bill.
//
// Every item is sent in a statement that starts after the item arrived, so a batched read sees
// everything committed before its request came in (a revoked key is refused on the next request,
// CONTRACT 2), and a batched write has committed before its caller continues.

export interface CoalescerOptions<In> {
  /** Items with the same key never share a statement (a second claim of one key waits a turn). */
  keyOf?: (item: In) => string;
  maxBatch?: number;
}

interface Waiting<In, Out> {
  item: In;
  resolve: (o: Out) => void;
  reject: (e: unknown) => void;
}

export class Coalescer<In, Out> {
  readonly #run: (items: In[]) => Promise<Out[]>;
  readonly #keyOf: ((item: In) => string) | undefined;
  readonly #maxBatch: number;
  #queue: Waiting<In, Out>[] = [];
  #inFlight = false;

  /** `run` answers each item in order (one statement for the whole batch). */
  constructor(run: (items: In[]) => Promise<Out[]>, opts: CoalescerOptions<In> = {}) {
    this.#run = run;
    this.#keyOf = opts.keyOf;
    this.#maxBatch = opts.maxBatch ?? 200;
  }

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (!this.#inFlight) this.#flush();
    });
  }

  #flush(): void {
    if (this.#queue.length === 0) {
      this.#inFlight = false;
      return;
    }
    this.#inFlight = true;
    const batch: Waiting<In, Out>[] = [];
    const rest: Waiting<In, Out>[] = [];
    const keys = new Set<string>();
    for (const q of this.#queue) {
      const k = this.#keyOf?.(q.item);
      if (batch.length >= this.#maxBatch || (k !== undefined && keys.has(k))) rest.push(q);
      else {
        if (k !== undefined) keys.add(k);
        batch.push(q);
      }
    }
    this.#queue = rest;
    this.#run(batch.map((q) => q.item)).then(
      (out) => {
        batch.forEach((q, i) => {
          q.resolve(out[i] as Out);
        });
        this.#flush();
      },
      (err: unknown) => {
        for (const q of batch) q.reject(err);
        this.#flush();
      },
    );
  }
}

/**
 * One coalescer (or other per-database state: a cache) per database handle: tests open many
 * databases in one process, and a batch or a cache must never mix them.
 */
export function perDatabase<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const byDb = new WeakMap<D, T>();
  return (db) => {
    let c = byDb.get(db);
    if (c === undefined) {
      c = make(db);
      byDb.set(db, c);
    }
    return c;
  };
}
