// Webhook delivery throughput: deliveries per second from ONE worker (the real fan-out and
// delivery tasks: claim, sign, POST, record) to a local receiver, beside a bare undici Pool POST
// loop to the same receiver with the same body and the same concurrency, measured in the same
// run. The gap is what the outbox costs: claiming, leasing, signing and recording each attempt.
//
//   node --import tsx bench/webhooks.ts [events=5000]            (PGlite, in memory)
//   DATABASE_URL=postgres://... node --import tsx bench/webhooks.ts  (a scratch database on that server)
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

const EVENTS = Number(process.argv[2] ?? 5000);

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
  // The same worker code runs both phases; BENCH_WEBHOOK_WARMUP=0 turns it off.
  const warmup = Math.min(EVENTS, Number(process.env.BENCH_WEBHOOK_WARMUP ?? 2000));
  if (warmup > 0) {
    await appendOutbox(0, warmup);
    const warming = startWorker(ctx, webhookTasks);
    await reached(warmup);
    await warming.stop();
  }
  await appendOutbox(warmup, EVENTS);

  // 1. One worker: fan-out and delivery loops, as `docex worker` runs them.
  // The process's RSS is sampled while the worker runs: it is the docex worker's memory.
  let rssPeak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 250);
  // BENCH_MARKS=1 prints the monotonic clock (µs, as in V8's .cpuprofile) at the start and end
  // of the worker's run (and of the bare loop's), so a `node --cpu-prof` profile can be cut to that window. The CPU
  // readings are taken outside the timed window.
  const backendsAtStart = databaseName === null ? null : backendsCpuMs(databaseName);
  const workerCpu = process.cpuUsage();
  // How busy the worker's event loop was (1 = never waiting for I/O): near 1, only less CPU per
  // delivery raises its rate; well below, it waits for the database and latency is the lever.
  const workerLoop = performance.eventLoopUtilization();
  const workerStart = performance.now();
  if (process.env.BENCH_MARKS) console.error('MARK worker-start', process.hrtime.bigint() / 1000n);
  const worker = startWorker(ctx, webhookTasks);
  await reached(warmup + EVENTS);
  const workerSeconds = (performance.now() - workerStart) / 1000;
  const workerCpuMs = processCpuMs(workerCpu);
  const workerBusy = performance.eventLoopUtilization(workerLoop).utilization;
  const backendsAtEnd = databaseName === null ? null : backendsCpuMs(databaseName);
  const databaseCpuMs =
    backendsAtStart !== null && backendsAtEnd !== null ? backendsAtEnd - backendsAtStart : null;
  if (process.env.BENCH_MARKS) console.error('MARK worker-end', process.hrtime.bigint() / 1000n);
  await worker.stop();
  clearInterval(sampler);

  // 2. Bare undici: the same body, signed once, DELIVERY_CONCURRENCY requests in flight.
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: DELIVERY_CONCURRENCY });
  const headers = signDelivery({
    eventId: 'evt_x',
    timestamp: Math.floor(Date.now() / 1000),
    body,
    secrets: ['whsec_AAAA'],
  });
  const bareLoop = async (requests: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: DELIVERY_CONCURRENCY }, async () => {
        while (next < requests) {
          next++;
          const res = await pool.request({ path: '/hooks', method: 'POST', headers, body });
          await res.body.dump();
        }
      }),
    );
  };
  // An untimed warm-up of the bare loop's own code path. The worker no longer sends through
  // undici's request() API, so it stopped warming that path for the bare loop (which runs after
  // it): measured, the bare loop's CPU per request rose from ~200 µs to ~270 µs without this.
  await bareLoop(Math.min(EVENTS, 2000));
  const bareStart = performance.now();
  const bareCpu = process.cpuUsage();
  if (process.env.BENCH_MARKS) console.error('MARK bare-start', process.hrtime.bigint() / 1000n);
  await bareLoop(EVENTS);
  if (process.env.BENCH_MARKS) console.error('MARK bare-end', process.hrtime.bigint() / 1000n);
  const bareSeconds = (performance.now() - bareStart) / 1000;
  const bareCpuMs = processCpuMs(bareCpu);
  await pool.close();

  const perDelivery = (ms: number | null) => (ms === null ? null : (ms * 1000) / EVENTS);
  const cpu = (ms: number | null) => {
    const us = perDelivery(ms);
    return us === null ? 'n/a' : `${Math.round(us)} µs`;
  };
  const rows: Array<[string, number, number, string, string]> = [
    [
      `docex worker (fan-out + delivery, ${database.kind})`,
      EVENTS,
      workerSeconds,
      cpu(workerCpuMs),
      database.kind === 'postgres' ? cpu(databaseCpuMs) : 'in process',
    ],
    [
      `bare undici Pool POST loop (${DELIVERY_CONCURRENCY} in flight)`,
      EVENTS,
      bareSeconds,
      cpu(bareCpuMs),
      '—',
    ],
  ];
  console.log(
    `\nWebhook deliveries to a local node:http receiver, Node ${process.version}, ${EVENTS} events\n`,
  );
  console.log('| Scenario | Requests | Seconds | Per second | CPU per request: this process | PostgreSQL |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, n, s, own, db] of rows) {
    console.log(
      `| ${name} | ${n} | ${s.toFixed(2)} | ${Math.round(n / s).toLocaleString('en-US')} | ${own} | ${db} |`,
    );
  }
  console.log(
    `\nThe worker reaches ${((bareSeconds / workerSeconds) * 100).toFixed(0)} % of the bare loop's rate; ` +
      `its event loop was busy ${(workerBusy * 100).toFixed(0)} % of its run.`,
  );
  console.log(
    `BENCH_JSON ${JSON.stringify({
      events: EVENTS,
      worker_rps: EVENTS / workerSeconds,
      bare_rps: EVENTS / bareSeconds,
      rss_peak_mb: rssPeak / 1e6,
      worker_cpu_us: perDelivery(workerCpuMs),
      worker_loop_busy: workerBusy,
      worker_db_cpu_us: perDelivery(databaseCpuMs),
      bare_cpu_us: perDelivery(bareCpuMs),
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
