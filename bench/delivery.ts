// Email delivery (issue 38, "Speed"): messages per second from the outbox to a local SMTP sink
// (smtp-server on 127.0.0.1, accepting everything), beside a bare nodemailer loop sending the same
// bytes to the same sink, measured in the same run; and the time from an issue to the sink's 250.
//
//   node --import tsx bench/delivery.ts                             (PGlite, in memory)
//   DATABASE_URL=postgres://... node --import tsx bench/delivery.ts  (a scratch database on that server)
// BENCH_DELIVERY_COUNT (200): invoices in the backlog each side sends; BENCH_DELIVERY_SAMPLES (50):
// issues timed one at a time. `npm run bench` runs it as a child (PostgreSQL) and reads the
// BENCH_JSON line it prints last.
//
// docex's side is the real path: a live organization with a legal profile issues 5-line invoices
// through the API to an external party (the issue writes the outbox row), and the worker's
// delivery task (src/modules/delivery/drain.ts) claims each, composes its message with the
// Factur-X PDF and the UBL file (generated at the first attempt, as in production), hands it to
// SMTP and records the 250. The ceiling sends the stored message of such a delivery, over and
// over, through nodemailer exactly as docex's transport does (one pooled transport of as many
// connections as a pass attempts at once, the envelope given, the raw bytes), with as many in
// flight as one worker pass attempts. (Until docex pooled its connections both sides opened a new
// transport per message.)
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openPGlite, openPostgres } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { boundHeapGrowth } from '../src/lib/heap.ts';
import { deliveryTask } from '../src/modules/delivery/drain.ts';
import { closeService, openService } from '../src/service.ts';
import { startWorker } from '../src/worker/worker.ts';
import { machineBusyMs, meterBackendsCpu } from './proc-cpu.ts';

const COUNT = Number(process.env.BENCH_DELIVERY_COUNT ?? 200);
const SAMPLES = Number(process.env.BENCH_DELIVERY_SAMPLES ?? 50);
/** As src/modules/delivery/drain.ts's CONCURRENCY: what one worker pass attempts at once. */
const IN_FLIGHT = 8;
/** As src/modules/delivery/smtp.ts's pool. */
const POOL = { pool: true, maxConnections: IN_FLIGHT } as const;
const WARMUP = 20;

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

/** The sink: accepts every message with 250 and counts them (the time of each 250 kept). */
async function startSink() {
  let received = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const acceptedAt: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        acceptedAt.push(performance.now());
        cb();
        for (const w of waiters.splice(0)) {
          if (received >= w.n) w.resolve();
          else waiters.push(w);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    acceptedAt,
    /** Resolves once the sink has accepted n messages in all. */
    reached: (n: number) =>
      new Promise<void>((resolve) => {
        if (received >= n) resolve();
        else waiters.push({ n, resolve });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SELLER = {
  legal_name: 'Bench Seller GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
  vat_id: 'DE123456789',
  electronic_address: { scheme: '9930', value: 'DE123456789' },
  contact: { name: 'Jo Sales', email: 'billing@seller.test' },
  payment_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
};
const BUYER = {
  legal_name: 'Acheteur SARL',
  address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
  vat_id: 'FR40303265045',
};
const LINES = Array.from({ length: 5 }, (_, n) => ({
  description: `Widget model ${n}`,
  quantity: 3,
  unit_price: 12.5,
  tax_rate: 0.2,
}));

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/**
 * What a phase cost, per message: this process's CPU (the worker or the bare loop, the render
 * thread and the sink), the PostgreSQL backends' (null on PGlite, which runs in the process), and
 * the whole machine's busy time (null without /proc). On an otherwise quiet machine the last bounds
 * the rate: its cores give at most cores × 1000 ms of CPU a second.
 */
function meterPhase(databaseName: string | null) {
  const cpu0 = process.cpuUsage();
  const busy0 = machineBusyMs();
  const pg = databaseName === null ? null : meterBackendsCpu(databaseName);
  return {
    stop(count: number) {
      const cpu = process.cpuUsage(cpu0);
      const busy1 = machineBusyMs();
      const pgMs = pg?.stop() ?? null;
      return {
        processMs: (cpu.user + cpu.system) / 1000 / count,
        postgresMs: pgMs === null ? null : pgMs / count,
        machineMs: busy0 === null || busy1 === null ? null : (busy1 - busy0) / count,
      };
    },
  };
}

type PhaseCost = ReturnType<ReturnType<typeof meterPhase>['stop']>;
const costCells = (c: PhaseCost) =>
  `${c.processMs.toFixed(1)} ms | ${c.postgresMs === null ? '—' : `${c.postgresMs.toFixed(1)} ms`} | ${c.machineMs === null ? '—' : `${c.machineMs.toFixed(1)} ms`}`;

async function main(): Promise<void> {
  boundHeapGrowth();
  const sink = await startSink();
  const { database, name: databaseName, drop } = await openDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DOCEX_OPERATOR_TOKEN: 'op_bench',
    DOCEX_DATA_DIR: '/tmp/docex-bench',
    DOCEX_RATE_LIMIT: '1000000',
    DOCEX_SMTP_URL: sink.url,
    DOCEX_MAIL_FROM: 'billing@docex.test',
  });
  const { ctx } = await openService(config, { database, skipMigrations: true });
  const app = await buildApp(ctx);
  let n = 0;
  const api = async (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(method === 'GET' ? {} : { 'idempotency-key': `bench-${++n}-${randomBytes(4).toString('hex')}` }),
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };

  // A live organization (signup), its legal profile, a key, and an external party.
  const signed = await api('POST', '/v1/signup', null, {
    organization_name: 'Bench Seller',
    email: 'bench@seller.test',
    password: 'benchmark password',
  });
  const session = (signed.session as { token: string }).token;
  await api('PATCH', '/v1/organization', session, SELLER);
  const key = (
    await api('POST', '/v1/keys', session, { name: 'bench', scopes: ['documents:read', 'documents:write'] })
  ).key as string;
  const conn = (
    await api('POST', '/v1/connections', key, {
      external_party: { name: 'Acheteur SARL', email: 'ap@acheteur.test', legal_profile: BUYER },
    })
  ).id as string;
  const issue = async (): Promise<string> => {
    const draft = await api('POST', '/v1/documents', key, {
      connection_id: conn,
      document_type: 'invoice',
      currency: 'EUR',
      due_date: '2027-01-31',
      line_items: LINES,
    });
    await api('POST', `/v1/documents/${String(draft.id)}/issue`, key);
    return String(draft.id);
  };

  // 0. A warm-up: a few deliveries through the worker (JIT, the e-invoice code, the first
  // connections), and the bytes the ceiling sends: the stored message of one of them.
  let firstDoc = '';
  for (let i = 0; i < WARMUP; i++) {
    const id = await issue();
    firstDoc ||= id;
  }
  let worker = startWorker(ctx, [deliveryTask]);
  await sink.reached(WARMUP);
  await worker.stop();
  const dlv = (await api('GET', `/v1/documents/${firstDoc}/deliveries`, key)).data as Array<{
    id: string;
    status: string;
  }>;
  if (dlv[0]?.status !== 'sent') throw new Error(`the warm-up's delivery is ${dlv[0]?.status}, not sent`);
  const raw = await app.inject({
    method: 'GET',
    url: `/v1/documents/${firstDoc}/deliveries/${dlv[0].id}/message`,
    headers: { authorization: `Bearer ${key}` },
  });
  const message = raw.rawPayload;

  // 1. The backlog: COUNT issued invoices, their deliveries queued, the worker stopped. Then one
  // worker (its delivery task alone) drains it; the rate is COUNT over the time to the last 250.
  const backlog: string[] = [];
  for (let i = 0; i < COUNT; i++) backlog.push(await issue());
  const base = sink.received;
  const firstMeter = meterPhase(databaseName);
  const t0 = performance.now();
  worker = startWorker(ctx, [deliveryTask]);
  await sink.reached(base + COUNT);
  const workerSeconds = (performance.now() - t0) / 1000;
  const workerCost = firstMeter.stop(COUNT);
  await worker.stop();

  // 1b. The same documents sent again (POST /v1/documents/{id}/deliveries): a message composed
  // from the e-invoice files their first email kept, so no render; what the outbox itself costs.
  for (const id of backlog) await api('POST', `/v1/documents/${id}/deliveries`, key, {});
  const resendBase = sink.received;
  const resendMeter = meterPhase(databaseName);
  const t2 = performance.now();
  worker = startWorker(ctx, [deliveryTask]);
  await sink.reached(resendBase + COUNT);
  const resendSeconds = (performance.now() - t2) / 1000;
  const resendCost = resendMeter.stop(COUNT);
  await worker.stop();

  // 2. The ceiling: the same number of the same bytes through nodemailer, IN_FLIGHT at once.
  const bareBase = sink.received;
  const bareMeter = meterPhase(databaseName);
  const t1 = performance.now();
  let sent = 0;
  const transport = nodemailer.createTransport({ url: sink.url, ...POOL });
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (sent < COUNT) {
        sent++;
        await transport.sendMail({
          envelope: { from: 'billing@docex.test', to: 'ap@acheteur.test' },
          raw: message,
        });
      }
    }),
  );
  transport.close();
  await sink.reached(bareBase + COUNT);
  const bareSeconds = (performance.now() - t1) / 1000;
  const bareCost = bareMeter.stop(COUNT);

  // 3. Issue → 250: one issue at a time while the worker runs as deployed (woken by the issue,
  // src/modules/delivery/wake.ts), from the issue request to the sink's acceptance of its message.
  worker = startWorker(ctx, [deliveryTask]);
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const draft = await api('POST', '/v1/documents', key, {
      connection_id: conn,
      document_type: 'invoice',
      currency: 'EUR',
      due_date: '2027-01-31',
      line_items: LINES,
    });
    const before = sink.received;
    const start = performance.now();
    await api('POST', `/v1/documents/${String(draft.id)}/issue`, key);
    await sink.reached(before + 1);
    latencies.push((sink.acceptedAt[before] ?? Number.NaN) - start);
  }
  await worker.stop();
  latencies.sort((a, b) => a - b);

  const workerRate = COUNT / workerSeconds;
  const bareRate = COUNT / bareSeconds;
  console.log(
    `\nEmail deliveries to a local smtp-server sink, Node ${process.version}, ${database.kind}, ` +
      `${COUNT} messages each side (${Math.round(message.length / 1024)} KB, 5-line invoice with Factur-X and UBL)\n`,
  );
  console.log(
    '| Side | Messages | Seconds | Per second | CPU per message: this process | PostgreSQL | the machine |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| docex worker (claim, compose with e-invoice files, SMTP, record) | ${COUNT} | ${workerSeconds.toFixed(2)} | ${workerRate.toFixed(1)} | ${costCells(workerCost)} |`,
  );
  console.log(
    `| docex worker, the same documents sent again (e-invoice files kept: no render) | ${COUNT} | ${resendSeconds.toFixed(2)} | ${(COUNT / resendSeconds).toFixed(1)} | ${costCells(resendCost)} |`,
  );
  console.log(
    `| bare nodemailer loop, same bytes, pooled, ${IN_FLIGHT} in flight | ${COUNT} | ${bareSeconds.toFixed(2)} | ${bareRate.toFixed(1)} | ${costCells(bareCost)} |`,
  );
  console.log(
    `\nRatio ${(workerRate / bareRate).toFixed(2)} (target ≥ 0.5); sent again, no render: ${(COUNT / resendSeconds / bareRate).toFixed(2)}.`,
  );
  const bound = (c: PhaseCost) =>
    c.machineMs === null || c.machineMs <= 0
      ? '—'
      : `${Math.round((availableParallelism() * 1000) / c.machineMs)}/s`;
  console.log(
    `The machine's CPU per message bounds each rate on its ${availableParallelism()} cores: first emails ${bound(workerCost)}, sent again ${bound(resendCost)}, bare loop ${bound(bareCost)}.`,
  );
  console.log(
    `Issue → 250 over ${SAMPLES} issues: p50 ${Math.round(pct(latencies, 0.5))} ms, p99 ${Math.round(pct(latencies, 0.99))} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms (target p99 ≤ 1000 ms).`,
  );
  console.log(
    `BENCH_JSON ${JSON.stringify({
      count: COUNT,
      worker_mps: workerRate,
      bare_mps: bareRate,
      resend_mps: COUNT / resendSeconds,
      issue_to_250_p50_ms: pct(latencies, 0.5),
      issue_to_250_p99_ms: pct(latencies, 0.99),
      message_bytes: message.length,
      machine_cpu_ms_per_message: {
        worker: workerCost.machineMs,
        resend: resendCost.machineMs,
        bare: bareCost.machineMs,
      },
      cores: availableParallelism(),
      rss_peak_mb: process.memoryUsage.rss() / 1e6,
    })}`,
  );

  await app.close();
  await closeService(ctx);
  await drop();
  await sink.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
