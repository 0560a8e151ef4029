// Prometheus metrics (docs/deployment.md, "Metrics"): counted where things happen, read at each
// scrape. The hot path pays a counter increment and one histogram observation per request; the
// database is read only by a scrape (reachability, role, outbox depths), at most once every
// PROBE_CACHE_MS however often it is scraped. Off unless DOCEX_METRICS_LISTEN is set: then
// ctx.metrics is absent and every call site below is one optional-chaining test.
import client from 'prom-client';
import type { Backlog } from './backlog.ts';
import type { IdempotencyOutcome, MetricsPort } from './metrics-port.ts';

/** A scrape reads the database at most this often; between, it answers the last reading. */
export const PROBE_CACHE_MS = 5_000;
/** A probe that takes longer counts the database as unreachable. */
const PROBE_TIMEOUT_MS = 2_000;

/** Seconds: from 5 ms to 10 s, where docex's answers and their timeouts fall. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Probe {
  up: boolean;
  primary: boolean;
  backlogs: Backlog[];
}

/** A connection pool's state, as the database layer reports it (src/db/database.ts, PoolStats). */
interface PoolReading {
  inUse: number;
  idle?: number;
  waiting?: number;
  max?: number;
  checkoutTimeouts?: number;
}

/**
 * What the metrics read, handed in by the service (src/backlogs.ts) so that this layer imports no
 * family and no context: the service clock, the pool, and one probe of the database that answers
 * whether it is the primary and how far each outbox is behind (throws when it cannot be read).
 */
export interface MetricsSources {
  now(): number;
  databaseKind: 'pglite' | 'postgres';
  poolStats(): PoolReading;
  probe(): Promise<{ primary: boolean; backlogs: Backlog[] }>;
}

export class Metrics implements MetricsPort {
  readonly registry = new client.Registry();
  readonly #requests: client.Counter<'method' | 'route' | 'status' | 'code'>;
  readonly #latency: client.Histogram<'method' | 'route'>;
  readonly #rateLimited: client.Counter<'bucket'>;
  readonly #idempotency: client.Counter<'outcome'>;
  readonly #workerPasses: client.Counter<'task' | 'outcome'>;
  /** per task: when its last pass ended (ms, service clock) */
  readonly #lastPass = new Map<string, number>();
  #probe: { at: number; value: Promise<Probe> } | null = null;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    client.collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which `promtool check metrics` refuses; the same numbers by
    // type remain (nodejs_active_handles{type}, nodejs_active_requests{type}, nodejs_active_resources{type}).
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      this.registry.removeSingleMetric(name);
    this.#requests = new client.Counter({
      name: 'docex_http_requests_total',
      help: 'Requests answered, by method, route template, status and error code (none when it succeeded).',
      labelNames: ['method', 'route', 'status', 'code'],
      registers,
    });
    this.#latency = new client.Histogram({
      name: 'docex_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route template.',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#rateLimited = new client.Counter({
      name: 'docex_rate_limit_refusals_total',
      help: 'Requests refused with 429 rate_limited, by the bucket that ran dry.',
      labelNames: ['bucket'],
      registers,
    });
    this.#idempotency = new client.Counter({
      name: 'docex_idempotency_outcomes_total',
      help: 'Idempotency-Key claims that did not run the request: replayed, conflict (another body or principal), in_progress (the original still runs).',
      labelNames: ['outcome'],
      registers,
    });
    this.#workerPasses = new client.Counter({
      name: 'docex_worker_passes_total',
      help: 'Passes of each background task in this process, by outcome (ok or failed).',
      labelNames: ['task', 'outcome'],
      registers,
    });
    const lastPass = this.#lastPass;
    new client.Gauge({
      name: 'docex_worker_lag_seconds',
      help: 'Seconds since each background task in this process last finished a pass (a task that idles finishes one every few seconds).',
      labelNames: ['task'],
      registers,
      collect() {
        const now = sources.now();
        for (const [task, at] of lastPass) this.set({ task }, Math.max(0, (now - at) / 1000));
      },
    });
    const database = sources;
    new client.Gauge({
      name: 'docex_db_pool_connections',
      help: 'Database connections of this process by state: in_use (checked out) and idle (PostgreSQL only).',
      labelNames: ['state'],
      registers,
      collect() {
        const s = database.poolStats();
        this.set({ state: 'in_use' }, s.inUse);
        if (s.idle !== undefined) this.set({ state: 'idle' }, s.idle);
      },
    });
    if (sources.databaseKind === 'postgres') {
      new client.Gauge({
        name: 'docex_db_pool_max',
        help: 'The size of the PostgreSQL connection pool of this process.',
        registers,
        collect() {
          this.set(database.poolStats().max ?? 0);
        },
      });
      new client.Gauge({
        name: 'docex_db_pool_waiting',
        help: 'Checkouts waiting for a PostgreSQL connection (the pool is saturated while above 0).',
        registers,
        collect() {
          this.set(database.poolStats().waiting ?? 0);
        },
      });
      new client.Counter({
        name: 'docex_db_pool_checkout_timeouts_total',
        help: 'Checkouts that found no PostgreSQL connection within 5 seconds (each answered 503 unavailable).',
        registers,
        collect() {
          this.reset();
          this.inc(database.poolStats().checkoutTimeouts ?? 0);
        },
      });
    }
    const probe = () => this.#probed(sources);
    new client.Gauge({
      name: 'docex_db_up',
      help: 'Whether the database answered a query at the last probe (1) or not (0).',
      registers,
      async collect() {
        this.set((await probe()).up ? 1 : 0);
      },
    });
    new client.Gauge({
      name: 'docex_db_role',
      help: 'The role of the database docex writes to, 1 on the current one: primary (takes writes) or none (unreachable, or a standby in recovery).',
      labelNames: ['role'],
      registers,
      async collect() {
        const p = await probe();
        const primary = p.up && p.primary;
        this.set({ role: 'primary' }, primary ? 1 : 0);
        this.set({ role: 'none' }, primary ? 0 : 1);
      },
    });
    new client.Gauge({
      name: 'docex_outbox_depth',
      help: 'Items waiting in each outbox (webhook_event_queue: events not yet fanned out; webhook_deliveries: attempts scheduled; email_deliveries: emails queued; inbound_messages: received messages not yet processed), counted up to 100000.',
      labelNames: ['outbox'],
      registers,
      async collect() {
        this.reset();
        for (const b of (await probe()).backlogs) this.set({ outbox: b.outbox }, b.depth);
      },
    });
    new client.Gauge({
      name: 'docex_outbox_oldest_age_seconds',
      help: 'How long the oldest item of each outbox has been due and not handled (0 when none is late).',
      labelNames: ['outbox'],
      registers,
      async collect() {
        this.reset();
        for (const b of (await probe()).backlogs) this.set({ outbox: b.outbox }, b.oldestAgeSeconds);
      },
    });
  }

  /** One answered request; `route` is the route's template (never the raw path). */
  request(method: string, route: string, status: number, code: string, seconds: number): void {
    this.#requests.inc({ method, route, status, code });
    this.#latency.observe({ method, route }, seconds);
  }

  rateLimited(bucket: string): void {
    this.#rateLimited.inc({ bucket });
  }

  idempotency(outcome: IdempotencyOutcome): void {
    this.#idempotency.inc({ outcome });
  }

  workerPass(task: string, ok: boolean, at: Date): void {
    this.#workerPasses.inc({ task, outcome: ok ? 'ok' : 'failed' });
    if (ok) this.#lastPass.set(task, at.getTime());
  }

  /** The text exposition of every metric. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  #probed(sources: MetricsSources): Promise<Probe> {
    // The service clock (a test moves it past the cache).
    const now = sources.now();
    if (this.#probe && now - this.#probe.at < PROBE_CACHE_MS) return this.#probe.value;
    const value = probeDatabase(sources);
    this.#probe = { at: now, value };
    return value;
  }
}

async function probeDatabase(sources: MetricsSources): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    const read = async (): Promise<Probe> => ({ up: true, ...(await sources.probe()) });
    return await Promise.race([read(), timeout]);
  } catch {
    return { up: false, primary: false, backlogs: [] };
  } finally {
    clearTimeout(timer);
  }
}
