// Email delivery (issue 38, "Speed"; the ceiling re-based in issue 46): messages per second from
// the outbox to a local SMTP sink (smtp-server on 127.0.0.1, accepting everything), beside a bare
// durable outbox on the same database sending the same bytes to the same sink, measured in the same
// run; and the time from an issue to the sink's 250.
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
// SMTP and records the 250. The ceiling is the least a durable outbox must do for each message,
// with nothing of docex's: a table of its own in the same database holding COUNT copies of the
// stored message of such a delivery, and one worker that, as many at once as one docex pass
// attempts, claims one row (FOR UPDATE SKIP LOCKED), sends its stored bytes through nodemailer
// exactly as docex's transport does (one pooled transport, the envelope given, the raw bytes),
// records the outcome and commits. Until 1.18.0 the ceiling was a bare nodemailer loop: no
// database at all, which no durable delivery can match (bench/RESULTS.md, "Email delivery").
// Resends (the e-invoice files kept, no render) are held to >= 0.5 of it; first emails are
// reported beside them with the render's own cost per message, measured alone, and checked:
// a first email's CPU <= a resend's + the render's + 20 %.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openPGlite, openPostgres } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { boundHeapGrowth } from '../src/lib/heap.ts';
import { deliveryTask } from '../src/modules/delivery/drain.ts';
import { documentById } from '../src/modules/documents/load-document.ts';
import { issuedEInvoices } from '../src/modules/einvoice/export-document.ts';
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
    DOCEX_MAIL_DAILY_LIMIT: '1000000',
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
  // Verified by the operator: an unverified organization may email 20 documents a day (CONTRACT
  // 11.2's sending limits); a verified one DOCEX_MAIL_DAILY_LIMIT, raised below the bench's count.
  const orgId = (signed.organization as { id: string }).id;
  await api('POST', `/v1/operator/organizations/${orgId}/verify`, 'op_bench');
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

  // 2. The ceiling: a bare durable outbox on the same database. COUNT rows holding the same bytes;
  // IN_FLIGHT loops, each a transaction at a time: claim one row (FOR UPDATE SKIP LOCKED), send it
  // through the pooled transport, record the outcome, commit. (On PGlite's one connection the
  // transactions take turns: its ceiling is one message at a time.)
  await database.exec(`
    drop table if exists bench_outbox;
    create table bench_outbox (
      id bigserial primary key,
      envelope_to text not null,
      message bytea not null,
      status text not null default 'queued',
      attempts integer not null default 0,
      sent_at timestamptz,
      last_error text
    );`);
  for (let i = 0; i < COUNT; i += 50) {
    const rows = Math.min(50, COUNT - i);
    await sql`insert into bench_outbox (envelope_to, message)
      select 'ap@acheteur.test', ${message} from generate_series(1, ${rows})`.execute(ctx.db);
  }
  const outboxBase = sink.received;
  const outboxMeter = meterPhase(databaseName);
  const t1 = performance.now();
  const transport = nodemailer.createTransport({ url: sink.url, ...POOL });
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (;;) {
        const sentOne = await ctx.db.transaction().execute(async (trx) => {
          const row = (
            await sql<{ id: string; envelope_to: string; message: Uint8Array }>`
              select id, envelope_to, message from bench_outbox where status = 'queued'
              order by id limit 1 for update skip locked`.execute(trx)
          ).rows[0];
          if (!row) return false;
          let error: string | null = null;
          try {
            await transport.sendMail({
              envelope: { from: 'billing@docex.test', to: row.envelope_to },
              raw: Buffer.from(row.message),
            });
          } catch (err) {
            error = String(err);
          }
          await sql`update bench_outbox set status = ${error === null ? 'sent' : 'failed'},
            attempts = attempts + 1, sent_at = now(), last_error = ${error} where id = ${row.id}`.execute(
            trx,
          );
          return true;
        });
        if (!sentOne) return;
      }
    }),
  );
  transport.close();
  await sink.reached(outboxBase + COUNT);
  const outboxSeconds = (performance.now() - t1) / 1000;
  const outboxCost = outboxMeter.stop(COUNT);
  await database.exec('drop table bench_outbox');

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

  // 4. The render alone: what a first email does that a resend does not (its Factur-X PDF and UBL
  // file written and kept: src/modules/delivery/drain.ts), for COUNT new invoices like the backlog's,
  // IN_FLIGHT at once. Their deliveries stay queued: no worker runs again.
  const fresh: string[] = [];
  for (let i = 0; i < COUNT; i++) fresh.push(await issue());
  const renderMeter = meterPhase(databaseName);
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < fresh.length) {
        const doc = await documentById(ctx.db, fresh[next++]!);
        if (!doc) throw new Error('an issued invoice vanished');
        await issuedEInvoices(ctx, doc, ['facturx', 'ubl']);
      }
    }),
  );
  const renderCost = renderMeter.stop(COUNT);

  const workerRate = COUNT / workerSeconds;
  const resendRate = COUNT / resendSeconds;
  const outboxRate = COUNT / outboxSeconds;
  console.log(
    `\nEmail deliveries to a local smtp-server sink, Node ${process.version}, ${database.kind}, ` +
      `${COUNT} messages each side (${Math.round(message.length / 1024)} KB, 5-line invoice with Factur-X and UBL)\n`,
  );
  console.log(
    '| Side | Messages | Seconds | Per second | CPU per message: this process | PostgreSQL | the machine |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| docex worker, sent again (e-invoice files kept: claim, compose, SMTP, record) | ${COUNT} | ${resendSeconds.toFixed(2)} | ${resendRate.toFixed(1)} | ${costCells(resendCost)} |`,
  );
  console.log(
    `| bare durable outbox (claim one row FOR UPDATE SKIP LOCKED, send its bytes, record, commit), ${IN_FLIGHT} in flight | ${COUNT} | ${outboxSeconds.toFixed(2)} | ${outboxRate.toFixed(1)} | ${costCells(outboxCost)} |`,
  );
  console.log(
    `| docex worker, first emails (the render's Factur-X and UBL as well) | ${COUNT} | ${workerSeconds.toFixed(2)} | ${workerRate.toFixed(1)} | ${costCells(workerCost)} |`,
  );
  console.log(
    `| the render alone (Factur-X + UBL written and kept), ${IN_FLIGHT} at once | ${COUNT} | — | — | ${costCells(renderCost)} |`,
  );
  console.log(
    `\nResends: ${(resendRate / outboxRate).toFixed(2)} of the durable outbox (target ≥ 0.5). First emails: ${(workerRate / outboxRate).toFixed(2)} of it.`,
  );
  // docex's own CPU: this process's (the worker, its render thread; PGlite's too) and its
  // PostgreSQL backends'. Not the machine's, which counts whatever else the machine runs.
  const cpu = (c: PhaseCost) => c.processMs + (c.postgresMs ?? 0);
  const allowed = (cpu(resendCost) + cpu(renderCost)) * 1.2;
  const renderCheck = cpu(workerCost) <= allowed;
  console.log(
    `A first email's CPU ${cpu(workerCost).toFixed(1)} ms ≤ (a resend's ${cpu(resendCost).toFixed(1)} ms + the render's ${cpu(renderCost).toFixed(1)} ms) × 1.2 = ${allowed.toFixed(1)} ms: ${renderCheck ? 'met' : 'NOT met'}.`,
  );
  const bound = (c: PhaseCost) =>
    c.machineMs === null || c.machineMs <= 0
      ? '—'
      : `${Math.round((availableParallelism() * 1000) / c.machineMs)}/s`;
  console.log(
    `The machine's CPU per message bounds each rate on its ${availableParallelism()} cores: resends ${bound(resendCost)}, durable outbox ${bound(outboxCost)}, first emails ${bound(workerCost)}.`,
  );
  console.log(
    `Issue → 250 over ${SAMPLES} issues: p50 ${Math.round(pct(latencies, 0.5))} ms, p99 ${Math.round(pct(latencies, 0.99))} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms (target p99 ≤ 1000 ms).`,
  );
  console.log(
    `BENCH_JSON ${JSON.stringify({
      count: COUNT,
      worker_mps: workerRate,
      resend_mps: resendRate,
      outbox_mps: outboxRate,
      issue_to_250_p50_ms: pct(latencies, 0.5),
      issue_to_250_p99_ms: pct(latencies, 0.99),
      message_bytes: message.length,
      machine_cpu_ms_per_message: {
        worker: workerCost.machineMs,
        resend: resendCost.machineMs,
        outbox: outboxCost.machineMs,
        render: renderCost.machineMs,
      },
      first_email_cpu_ms: cpu(workerCost),
      first_email_cpu_allowed_ms: allowed,
      first_email_cpu_met: renderCheck,
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
