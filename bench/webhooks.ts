// Webhook delivery throughput: deliveries per second from ONE worker (the real fan-out and
// delivery tasks: claim, sign, POST, record) to a local receiver, beside a bare undici Pool POST
// loop to the same receiver with the same body and the same concurrency, measured in the same
// run. The gap is what the outbox costs: claiming, leasing, signing and recording each attempt.
//
//   node --import tsx bench/webhooks.ts                             (PGlite, in memory)
//   DATABASE_URL=postgres://... node --import tsx bench/webhooks.ts  (a scratch database on that server)
// BENCH_SECONDS (10) and BENCH_WARMUP (3) set each side's window and the warm-up before it.
// `npm run bench` runs it as a child (PostgreSQL) and reads the BENCH_JSON line it prints last.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { Pool } from 'undici';
import { loadConfig } from '../src/config.ts';
import { type Database, openPGlite, openPostgres } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { systemPrincipal } from '../src/http/principal.ts';
import { boundHeapGrowth } from '../src/lib/heap.ts';
import { newId } from '../src/lib/ids.ts';
import { type AppendEvent, appendEvents } from '../src/modules/events/append.ts';
import { DELIVERY_CONCURRENCY } from '../src/modules/webhooks/deliver.ts';
import { createEndpoint } from '../src/modules/webhooks/endpoints.ts';
import { closeDeliveryDispatchers } from '../src/modules/webhooks/send.ts';
import { signDelivery } from '../src/modules/webhooks/signing.ts';
import { webhookTasks } from '../src/modules/webhooks/tasks.ts';
import { closeService, openService } from '../src/service.ts';
import { startWorker } from '../src/worker/worker.ts';
import { backendsCpuMs } from './proc-cpu.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

/** One side's measured window. */
interface Window {
  /** requests the receiver finished within it */
  count: number;
  seconds: number;
  /** this process's CPU (both threads of work: the sender and the receiver) */
  cpuMs: number;
  /** the event loop's utilization: near 1, only less CPU per request raises the rate */
  busy: number;
  /** PostgreSQL's backends for the scratch database (null on PGlite) */
  dbCpuMs: number | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A document-sized data payload (~1.5 KB of JSON), like a real document.created. */
function sampleDocument(i: number): Record<string, unknown> {
  return {
    document: {
      id: `doc_bench${i}`,
      connection_id: 'conn_bench',
      document_type: 'invoice',
      number: `INV-${String(i).padStart(6, '0')}`,
      direction: 'sent',
      label: 'Invoice',
      status: 'submitted',
      currency: 'USD',
      line_items: Array.from({ length: 5 }, (_, n) => ({
        line_number: n + 1,
        description: `Widget model ${n}`,
        quantity: 3,
        unit_price: 12.5,
        tax_rate: 0.08,
        net_amount: 37.5,
        tax_amount: 3,
      })),
      subtotal: 187.5,
      tax: 15,
      total: 202.5,
      balance_due: 202.5,
      notes: 'Thank you for your business.',
      external_refs: { issuer_ref: `ERP-${i}` },
    },
  };
}

/** PGlite in memory, or a scratch database created on the DATABASE_URL server and dropped after. */
async function openDatabase(): Promise<{ database: Database; name: string | null; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPGlite({ dataDir: null });
    await migrate(database);
    return { database, name: null, drop: async () => {} };
  }
  const name = `docex_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openPostgres(scratch.toString());
  await migrate(database);
  return {
    database,
    name,
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

function processCpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function main(): Promise<void> {
  // As `docex serve` and `docex worker` run (the bare loop shares this process, so both sides).
  boundHeapGrowth();
  let received = 0;
  let onTarget: (() => void) | null = null;
  let target = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      received++;
      if (received === target) onTarget?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/hooks`;
  const reached = (n: number) =>
    new Promise<void>((resolve) => {
      target = n;
      onTarget = resolve;
      if (received >= n) resolve();
    });

  const { database, name: databaseName, drop } = await openDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DOCEX_OPERATOR_TOKEN: 'op_bench',
    DOCEX_DATA_DIR: '/tmp/docex-bench',
  });
  const { ctx } = await openService(config, { database, skipMigrations: true });
  const now = ctx.clock.now();
  const org = {
    id: newId('org'),
    name: 'Bench',
    environment: 'live' as const,
    verified: false,
    processor_connected: false,
    demo: false,
  };
  await ctx.db
    .insertInto('organizations')
    .values({ ...org, parent_organization_id: null, created_at: now })
    .execute();
  await createEndpoint(ctx, systemPrincipal(org, []), { url, events: [] });

  // The outbox, written as the documents module writes it: in transactions of 100 events.
  const body = JSON.stringify({ id: 'evt_x', type: 'document.created', data: sampleDocument(0) });
  const appendOutbox = async (from: number, count: number) => {
    for (let i = from; i < from + count; i += 100) {
      const batch: AppendEvent[] = Array.from({ length: Math.min(100, from + count - i) }, (_, n) => ({
        organizationId: org.id,
        sandbox: false,
        type: 'document.created',
        data: sampleDocument(i + n),
      }));
      await inTransaction(ctx.db, (trx) => appendEvents(trx, batch, ctx.clock.now()));
    }
  };

  // 0. An untimed warm-up of the worker, as the bare loop gets one below: a deployed worker has
  // long since compiled its code and opened its receiver connections, and the bare loop that runs
  // after it also finds the receiver's code warm. Measured (5,000 events, same code): cold, the
  // worker spent 340–410 µs of CPU per delivery and reached 0.25–0.29 of the bare loop; after
  // this warm-up 165–200 µs and 0.36–0.43 (JIT, 64 new connections, a first fan-out alongside).
  // The same worker code runs both phases. Its rate sizes the backlog below.
  const warmup = Math.max(500, Number(process.env.BENCH_WEBHOOK_WARMUP ?? 2000));
  await appendOutbox(0, warmup);
  const warmupStart = performance.now();
  const warming = startWorker(ctx, webhookTasks);
  await reached(warmup);
  const warmupRate = warmup / ((performance.now() - warmupStart) / 1000);
  await warming.stop();

  // 1. One worker, as `docex worker` runs it (fan-out and delivery loops), over a backlog, and
  // 2. a bare undici Pool, DELIVERY_CONCURRENCY requests in flight, with the same body and the
  // same signature headers: each warmed for WARMUP s, then measured over SECONDS s (issue 9's
  // method: warm-up, then 10 s; run.ts takes the median of its runs). Only the window counts:
  // the first fan-out pass, the filling pipeline and the last recording are outside it, as a
  // running worker has neither. Both rates are requests the receiver finished in the window.
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: DELIVERY_CONCURRENCY });
  const headers = signDelivery({
    eventId: 'evt_x',
    timestamp: Math.floor(Date.now() / 1000),
    body,
    secrets: ['whsec_AAAA'],
  });
  let bareStop = false;
  const bareLoop = (requests: number) => {
    let sent = 0;
    return Promise.all(
      Array.from({ length: DELIVERY_CONCURRENCY }, async () => {
        while (!bareStop && sent < requests) {
          sent++;
          const res = await pool.request({ path: '/hooks', method: 'POST', headers, body });
          await res.body.dump();
        }
      }),
    );
  };
  // An untimed warm-up of the bare loop's own code path. The worker no longer sends through
  // undici's request() API, so it stopped warming that path for the bare loop: measured, the
  // bare loop's CPU per request rose from ~200 µs to ~270 µs without this.
  await bareLoop(Math.min(warmup, 2000));

  // The backlog: enough for the warm-up and the window at four times the warm-up's rate (which
  // ran cold). If the worker still delivers it all before the window ends, the window ends there and
  // the rate is taken over what it lasted (printed).
  const backlog = Math.max(10_000, Math.ceil(4 * warmupRate * (WARMUP + SECONDS)));
  await appendOutbox(warmup, backlog);
  const total = warmup + backlog;

  const window = async (
    run: () => { stop(): Promise<unknown> },
    until: Promise<void> | null,
  ): Promise<Window> => {
    const running = run();
    await sleep(WARMUP * 1000);
    const from = received;
    const backendsAtStart = databaseName === null ? null : backendsCpuMs(databaseName);
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    const start = performance.now();
    if (process.env.BENCH_MARKS) console.error('MARK window-start', process.hrtime.bigint() / 1000n);
    await Promise.race([sleep(SECONDS * 1000), ...(until ? [until] : [])]);
    const seconds = (performance.now() - start) / 1000;
    const count = received - from;
    const cpuMs = processCpuMs(cpu);
    const busy = performance.eventLoopUtilization(loop).utilization;
    const backendsAtEnd = databaseName === null ? null : backendsCpuMs(databaseName);
    if (process.env.BENCH_MARKS) console.error('MARK window-end', process.hrtime.bigint() / 1000n);
    await running.stop();
    return {
      count,
      seconds,
      cpuMs,
      busy,
      dbCpuMs: backendsAtStart !== null && backendsAtEnd !== null ? backendsAtEnd - backendsAtStart : null,
    };
  };

  // The process's RSS is sampled while the worker runs: it is the docex worker's memory.
  let rssPeak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 250);
  const w = await window(() => startWorker(ctx, webhookTasks), reached(total));
  clearInterval(sampler);
  const drained = received >= total;
  // The worker's stop waited for what it had in flight and recorded it; the rest of the backlog
  // stays queued in the scratch database, dropped below.
  const b = await window(() => {
    const loops = bareLoop(Number.POSITIVE_INFINITY);
    return {
      stop: () => {
        bareStop = true;
        return loops;
      },
    };
  }, null);
  await pool.close();

  const perRequest = (win: Window, ms: number | null) => (ms === null ? null : (ms * 1000) / win.count);
  const us = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)} µs`);
  const rate = (win: Window) => win.count / win.seconds;
  const rows: Array<[string, Window, string]> = [
    [
      `docex worker (fan-out + delivery, ${database.kind})`,
      w,
      database.kind === 'postgres' ? us(perRequest(w, w.dbCpuMs)) : 'in process',
    ],
    [`bare undici Pool POST loop (${DELIVERY_CONCURRENCY} in flight)`, b, '—'],
  ];
  console.log(
    `\nWebhook deliveries to a local node:http receiver, Node ${process.version}, ` +
      `${WARMUP} s warm-up then ${SECONDS} s each (worker backlog ${backlog} events)\n`,
  );
  console.log('| Scenario | Requests | Seconds | Per second | CPU per request: this process | PostgreSQL |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, win, db] of rows) {
    console.log(
      `| ${name} | ${win.count} | ${win.seconds.toFixed(2)} | ${Math.round(rate(win)).toLocaleString('en-US')} | ${us(perRequest(win, win.cpuMs))} | ${db} |`,
    );
  }
  if (drained)
    console.log(
      `\nThe worker delivered its whole backlog before the window ended: rate over ${w.seconds.toFixed(2)} s.`,
    );
  console.log(
    `\nThe worker reaches ${((rate(w) / rate(b)) * 100).toFixed(0)} % of the bare loop's rate; ` +
      `its event loop was busy ${(w.busy * 100).toFixed(0)} % of its window.`,
  );
  console.log(
    `BENCH_JSON ${JSON.stringify({
      seconds: SECONDS,
      backlog,
      drained,
      worker_deliveries: w.count,
      worker_rps: rate(w),
      bare_rps: rate(b),
      rss_peak_mb: rssPeak / 1e6,
      worker_cpu_us: perRequest(w, w.cpuMs),
      worker_loop_busy: w.busy,
      worker_db_cpu_us: perRequest(w, w.dbCpuMs),
      bare_cpu_us: perRequest(b, b.cpuMs),
    })}`,
  );

  // BENCH_STATS=1 prints how many updates of the delivery path's tables were HOT (no index
  // entries written): what the fillfactor of migration 0010 is for. Statistics reach the
  // collector up to a second after the transactions that made them.
  if (process.env.BENCH_STATS && database.kind === 'postgres') {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stats = await sql<{ relname: string; n_tup_ins: string; n_tup_upd: string; n_tup_hot_upd: string }>`
      select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd from pg_stat_user_tables
       where relname in ('webhook_deliveries', 'webhook_endpoints', 'webhook_event_queue')
    `.execute(ctx.db);
    console.error('STATS', JSON.stringify(stats.rows));
  }

  await closeDeliveryDispatchers();
  await closeService(ctx);
  await drop();
  receiver.closeAllConnections();
  receiver.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
