// Receiving by email (issue 39, "Speed"): inbound messages per second from SMTP DATA to a created
// bill, and the SMTP reply time (the 250 after DATA, target p99 <= 200 ms: only the durable write of
// the raw message happens before it), beside a bare smtp-server sink that stores nothing, driven by
// the same nodemailer client with the same messages, measured in the same run.
//
//   node --import tsx bench/inbound.ts                             (PGlite, a fresh data directory)
//   DATABASE_URL=postgres://... node --import tsx bench/inbound.ts  (a scratch database on that server)
// BENCH_INBOUND_COUNT (100): measured messages per format and side; BENCH_INBOUND_WARMUP (10):
// untimed messages before them; BENCH_INBOUND_IN_FLIGHT (8): SMTP sessions at once;
// BENCH_INBOUND_FORMATS (ubl,facturx). `npm run bench` runs it as a child (PostgreSQL) and reads the
// BENCH_JSON line it prints last; `BENCH_ONLY=inbound npm run bench` runs it alone.
//
// docex runs as every bench scenario runs it: `dist/cli.js serve` as deployed (built first;
// BENCH_DOCEX_RUNTIME=tsx runs the sources), with its in-process worker, and its SMTP listener on
// 127.0.0.1 (DOCEX_SMTP_LISTEN, DOCEX_INBOUND_DOMAIN=inbound.docex.test). The files are docex's own
// exports (GET /v1/documents/{id}/einvoice, UBL and Factur-X) of 20-line invoices issued by a
// seller on a second, in-process docex (PGlite in memory) to a buyer whose legal profile the
// receiving organization has; each invoice is its own (BT-1), so no message is a duplicate. Each
// message is composed by nodemailer (from billing@seller.test, the file attached) before anything
// is timed; each is sent over a new SMTP connection, IN_FLIGHT at once, as a supplier's MTA would.
//
// Per format, docex first (warm-up, then COUNT messages, waiting each time until the worker has
// read every stored message), then the sink (warm-up, then the same COUNT messages):
// - messages/s: COUNT over the time from the first connection to the last bill's creation (its
//   created_at, read back through the API: the worker's clock when it wrote it) for docex, to the
//   last 250 for the sink. docex's worker starts on the first stored message while the rest arrive.
// - reply time: from the end of the DATA (the client has handed the final CRLF.CRLF to the socket:
//   nodemailer's "message" log entry) to the 250; the session (connect, EHLO, MAIL, RCPT, DATA,
//   250) is printed beside it.
// - CPU per message of the docex process (listener and worker), of PostgreSQL's backends for the
//   scratch database, and of the sink process; docex's peak RSS.
// Every measured message must end `accepted` with one document, each a `submitted` bill; anything
// else fails the run (exit 1).
//
// `node --import tsx bench/inbound.ts sink` is the ceiling's server alone (a child of the above).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPGlite } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { closeService, openService } from '../src/service.ts';
import { type Child, fmt, sampleRss, serveNodeArgs, startChild, uniqueKey } from './lib.ts';
import { cpuMs, meterBackendsCpu } from './proc-cpu.ts';

const COUNT = Number(process.env.BENCH_INBOUND_COUNT ?? 100);
const WARMUP = Number(process.env.BENCH_INBOUND_WARMUP ?? 10);
const IN_FLIGHT = Number(process.env.BENCH_INBOUND_IN_FLIGHT ?? 8);
const FORMATS = (process.env.BENCH_INBOUND_FORMATS ?? 'ubl,facturx')
  .split(',')
  .filter((f): f is Format => f === 'ubl' || f === 'facturx');
const DOCEX_TSX = process.env.BENCH_DOCEX_RUNTIME === 'tsx';
const DOCEX_NODE_ARGS = (process.env.BENCH_DOCEX_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
const OPERATOR = 'op_inbound_bench_token';
const DOMAIN = 'inbound.docex.test';
const SENDER = 'billing@seller.test';
/** CONTRACT 11.5's bound on the 250 after DATA (issue 39, "Speed"). */
const REPLY_P99_TARGET_MS = 200;
/** How long the worker may take to read one format's messages before the run gives up. */
const PROCESS_TIMEOUT_MS = 10 * 60 * 1000;

type Format = 'ubl' | 'facturx';

const SELLER = {
  legal_name: 'Bench Lieferant GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
  vat_id: 'DE123456789',
  electronic_address: { scheme: '9930', value: 'DE123456789' },
  contact: { name: 'Jo Sales', email: SENDER },
  payment_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
};
export const BUYER = {
  legal_name: 'Acheteur SARL',
  address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
  vat_id: 'FR40303265045',
};
/** A 20-line invoice, two tax rates, as bench/einvoice.ts writes. */
const LINES = Array.from({ length: 20 }, (_, i) => ({
  description: `Line item number ${i + 1} with a realistic description`,
  quantity: 3,
  unit_price: 19.99,
  tax_rate: i % 2 ? 0.19 : 0.07,
  sku: `SKU-${i}`,
}));

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;

// ---------------------------------------------------------------------------------------------
// The ceiling's server: smtp-server on loopback, every recipient accepted, the DATA read to its
// end and answered 250; nothing parsed, nothing stored. The listener's options where they apply.

async function runSink(): Promise<void> {
  const server = new SMTPServer({
    name: DOMAIN,
    banner: 'bench sink',
    size: 25 * 1024 * 1024,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    maxClients: 200,
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => callback(null, 'Dropped'));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  process.stdout.write(`sink smtp://127.0.0.1:${port}\n`);
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------
// The files: docex's own exports of 20-line invoices, from a seller on an in-process docex.

interface Fixture {
  number: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export async function makeFiles(
  perFormat: number,
  formats: Format[] = FORMATS,
): Promise<Record<Format, Fixture[]>> {
  const database = await openPGlite({ dataDir: null });
  await migrate(database);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DOCEX_OPERATOR_TOKEN: 'op_bench_fixtures',
    DOCEX_DATA_DIR: mkdtempSync(join(tmpdir(), 'docex-inbound-fixtures-')),
    DOCEX_RATE_LIMIT: '1000000',
    DOCEX_MAIL_DAILY_LIMIT: '1000000',
  });
  const { ctx } = await openService(config, { database, skipMigrations: true });
  const app = await buildApp(ctx);
  try {
    const call = async (
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      token: string | null,
      body?: unknown,
    ) => {
      const res = await app.inject({
        method,
        url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(method === 'GET' ? {} : { 'idempotency-key': uniqueKey() }),
        },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
      return res;
    };
    const json = async (...a: Parameters<typeof call>) =>
      (await call(...a)).json() as Record<string, unknown>;
    const signed = await json('POST', '/v1/signup', null, {
      organization_name: 'Bench Lieferant',
      email: 'bench@seller.test',
      password: 'benchmark password',
    });
    const session = (signed.session as { token: string }).token;
    // Verified by the operator: issuing emails each invoice to the buyer, and an unverified
    // organization may email 20 a day (CONTRACT 11.2's sending limits; since 1.18.1 the fixtures
    // stopped at the 21st); a verified one DOCEX_MAIL_DAILY_LIMIT, raised above.
    const orgId = (signed.organization as { id: string }).id;
    await call('POST', `/v1/operator/organizations/${orgId}/verify`, 'op_bench_fixtures');
    await call('PATCH', '/v1/organization', session, SELLER);
    const key = (
      await json('POST', '/v1/keys', session, {
        name: 'bench',
        scopes: ['documents:read', 'documents:write'],
      })
    ).key as string;
    const conn = (
      await json('POST', '/v1/connections', key, {
        external_party: { name: BUYER.legal_name, email: 'ap@acheteur.test', legal_profile: BUYER },
      })
    ).id as string;
    const files: Record<Format, Fixture[]> = { ubl: [], facturx: [] };
    for (const format of formats) {
      for (let i = 0; i < perFormat; i++) {
        const draft = await json('POST', '/v1/documents', key, {
          connection_id: conn,
          document_type: 'invoice',
          currency: 'EUR',
          due_date: '2027-01-31',
          line_items: LINES,
        });
        const issued = await json('POST', `/v1/documents/${String(draft.id)}/issue`, key);
        const number = String(issued.number);
        const file = await call('GET', `/v1/documents/${String(draft.id)}/einvoice?format=${format}`, key);
        files[format].push({
          number,
          filename: format === 'ubl' ? `${number}.xml` : `${number}.pdf`,
          contentType: format === 'ubl' ? 'application/xml' : 'application/pdf',
          content: file.rawPayload,
        });
      }
    }
    return files;
  } finally {
    await app.close();
    await closeService(ctx);
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

/** The message a supplier's mail client would send: a short text and the file attached. */
export async function compose(to: string, f: Fixture): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await t.sendMail({
    from: `Bench Lieferant <${SENDER}>`,
    to,
    subject: `Invoice ${f.number}`,
    messageId: `<${f.number}.${randomBytes(6).toString('hex')}@seller.test>`,
    text: `Please find our invoice ${f.number} attached.`,
    attachments: [{ filename: f.filename, content: f.content, contentType: f.contentType }],
  });
  return info.message as Buffer;
}

// ---------------------------------------------------------------------------------------------
// The client: the same for both sides.

interface Sent {
  /** performance.now() at the first connection and at the last 250 */
  start: number;
  end: number;
  /** end of DATA → 250, ms, per message */
  replies: number[];
  /** connect → 250, ms, per message */
  sessions: number[];
  failures: string[];
}

/** Sends every message over its own connection, `inFlight` at once; refusals are collected. */
export async function sendAll(port: number, to: string, messages: Buffer[], inFlight: number): Promise<Sent> {
  const replies: number[] = [];
  const sessions: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const start = performance.now();
  let end = start;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (;;) {
        const raw = messages[next++];
        if (raw === undefined) return;
        let dataEnd = Number.NaN;
        const noop = () => {};
        const transport = nodemailer.createTransport({
          host: '127.0.0.1',
          port,
          secure: false,
          ignoreTLS: true,
          connectionTimeout: 60_000,
          socketTimeout: 120_000,
          // nodemailer logs the end of the DATA stream (its last bytes handed to the socket) as
          // { tnx: 'message' } at info level: the instant the reply time is measured from.
          logger: {
            trace: noop,
            debug: noop,
            info: (entry: unknown) => {
              if ((entry as { tnx?: string } | null)?.tnx === 'message') dataEnd = performance.now();
            },
            warn: noop,
            error: noop,
            fatal: noop,
          },
        });
        const t0 = performance.now();
        try {
          await transport.sendMail({ envelope: { from: SENDER, to: [to] }, raw });
          const t1 = performance.now();
          end = Math.max(end, t1);
          sessions.push(t1 - t0);
          replies.push(t1 - dataEnd);
        } catch (err) {
          const e = err as { responseCode?: number; response?: string; message?: string };
          failures.push(`${e.responseCode ?? '-'} ${e.response ?? e.message ?? String(err)}`);
        } finally {
          transport.close();
        }
      }
    }),
  );
  return { start, end, replies, sessions, failures };
}

// ---------------------------------------------------------------------------------------------
// docex, as every bench scenario runs it, with its SMTP listener on loopback.

/**
 * `serve` (the default): one `docex serve` with its SMTP listener and its in-process worker, the
 * newcomer's deployment. `split` (BENCH_INBOUND_LAYOUT=split, PostgreSQL only): the listener alone
 * in `docex inbound`, beside `docex serve` with the worker (docs/inbound.md's other layout).
 */
const LAYOUT = process.env.BENCH_INBOUND_LAYOUT === 'split' ? 'split' : 'serve';

interface Docex {
  /** the HTTP service */
  api: Child;
  /** every docex process: their CPU is the pipeline's */
  children: Child[];
  smtpPort: number;
  dbName: string | null;
  stop(): Promise<void>;
}

export async function startDocex(): Promise<Docex> {
  if (!DOCEX_TSX) {
    const res = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error('scripts/build-server.mjs failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'docex-inbound-bench-'));
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DOCEX_RATE_LIMIT: '1000000',
    DOCEX_AUTH_RATE_LIMIT: '1000000',
    DOCEX_OPERATOR_TOKEN: OPERATOR,
    DOCEX_INBOUND_DOMAIN: DOMAIN,
    DOCEX_DATA_DIR: dataDir,
    DATABASE_URL: '',
  };
  let dbName: string | null = null;
  if (process.env.DATABASE_URL) {
    dbName = `docex_bench_inbound_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  } else if (LAYOUT === 'split') {
    throw new Error('BENCH_INBOUND_LAYOUT=split needs DATABASE_URL: the embedded database is one process');
  }
  const name = dbName;
  const children: Child[] = [];
  const stop = async () => {
    for (const c of children.reverse()) await c.stop();
    if (name !== null) {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const entry = DOCEX_TSX ? ['--import', 'tsx', 'src/cli.ts'] : ['dist/cli.js'];
  const nodeArgs = [
    ...serveNodeArgs('.', name !== null ? 'postgres' : 'embedded'),
    ...DOCEX_NODE_ARGS,
    ...entry,
  ];
  try {
    if (LAYOUT === 'serve') {
      // `docex serve` prints its HTTP address, then (same write) the SMTP listener's.
      const child = await startChild(
        process.execPath,
        [...nodeArgs, 'serve'],
        { ...env, DOCEX_SMTP_LISTEN: '127.0.0.1:0' },
        /docex listening on http:\/\/\S+[\s\S]*?inbound: +SMTP on \S+:\d+ /,
      );
      children.push(child);
      const http = /docex listening on (http:\/\/\S+)/.exec(child.url)?.[1];
      const smtp = /inbound: +SMTP on \S+:(\d+) /.exec(child.url)?.[1];
      if (!http || !smtp) throw new Error(`unexpected start-up lines: ${child.url}`);
      return { api: { ...child, url: http }, children, smtpPort: Number(smtp), dbName, stop };
    }
    const api = await startChild(
      process.execPath,
      [...nodeArgs, 'serve'],
      env,
      /docex listening on (http:\/\/\S+)/,
    );
    children.push(api);
    const listener = await startChild(
      process.execPath,
      [...nodeArgs, 'inbound'],
      { ...env, DOCEX_SMTP_LISTEN: '127.0.0.1:0' },
      /docex inbound: SMTP on \S+:(\d+) /,
    );
    children.push(listener);
    return { api, children, smtpPort: Number(listener.url), dbName, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

let base = '';
/** The docex `api` calls: the HTTP address startDocex answered. */
export function setDocexUrl(url: string): void {
  base = url;
}

export async function api<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['idempotency-key'] = uniqueKey();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    // a body already encoded (bench/capture-latency.ts's uploads) is sent as it is
    ...(body !== undefined ? { body: body instanceof Uint8Array ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface InboundMessage {
  id: string;
  subject: string | null;
  status: string;
  document_ids: string[];
  reasons: string[];
}

/** Waits (bounded poll) until no stored message of the organization is still `processing`. */
async function waitProcessed(key: string): Promise<void> {
  const until = Date.now() + PROCESS_TIMEOUT_MS;
  while (Date.now() < until) {
    const page = await api<{ data: InboundMessage[] }>(
      'GET',
      '/v1/inbound/messages?status=processing&limit=1',
      key,
    );
    if (page.data.length === 0) return;
    await sleep(100);
  }
  throw new Error(`the worker had not read every stored message after ${PROCESS_TIMEOUT_MS / 1000} s`);
}

/** The organization's messages whose subject names one of `numbers`, newest first. */
async function messagesFor(key: string, numbers: Set<string>): Promise<InboundMessage[]> {
  const found: InboundMessage[] = [];
  let cursor: string | null = null;
  for (;;) {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: { data: InboundMessage[]; next_cursor: string | null } = await api(
      'GET',
      `/v1/inbound/messages?limit=100${q}`,
      key,
    );
    for (const m of page.data) if (numbers.has((m.subject ?? '').replace(/^Invoice /, ''))) found.push(m);
    if (!page.next_cursor) return found;
    cursor = page.next_cursor;
  }
}

// ---------------------------------------------------------------------------------------------

interface Side {
  mps: number;
  seconds: number;
  reply_p50_ms: number;
  reply_p99_ms: number;
  reply_max_ms: number;
  session_p50_ms: number;
  session_p99_ms: number;
  cpu_ms_per_message: number | null;
  db_cpu_ms_per_message: number | null;
  /** measured messages that failed: refused at SMTP, and for docex also not made a submitted bill */
  failures: number;
}

function summarize(s: Sent, seconds: number, cpu: number | null, dbCpu: number | null): Side {
  const r = [...s.replies].sort((a, b) => a - b);
  const ss = [...s.sessions].sort((a, b) => a - b);
  return {
    mps: COUNT / seconds,
    seconds,
    reply_p50_ms: pct(r, 0.5),
    reply_p99_ms: pct(r, 0.99),
    reply_max_ms: r.at(-1) ?? Number.NaN,
    session_p50_ms: pct(ss, 0.5),
    session_p99_ms: pct(ss, 0.99),
    cpu_ms_per_message: cpu === null ? null : cpu / COUNT,
    db_cpu_ms_per_message: dbCpu === null ? null : dbCpu / COUNT,
    failures: s.failures.length,
  };
}

async function main(): Promise<void> {
  if (FORMATS.length === 0) throw new Error('BENCH_INBOUND_FORMATS names neither ubl nor facturx');
  const tFiles = performance.now();
  const files = await makeFiles(WARMUP + COUNT);
  const fixtureSeconds = (performance.now() - tFiles) / 1000;

  const sink = await startChild(
    process.execPath,
    ['--import', 'tsx', 'bench/inbound.ts', 'sink'],
    {},
    /sink smtp:\/\/127\.0\.0\.1:(\d+)/,
  );
  const sinkPort = Number(sink.url);
  const docex = await startDocex();
  setDocexUrl(docex.api.url);
  const pids = docex.children.map((c) => c.proc.pid ?? 0);
  const sinkPid = sink.proc.pid ?? 0;
  const samplers = pids.map((pid) => sampleRss(pid));
  /** CPU ms of every docex process so far, or null when one cannot be read. */
  const docexCpu = (): number | null => {
    let total = 0;
    for (const pid of pids) {
      const c = cpuMs(pid);
      if (c === null) return null;
      total += c;
    }
    return total;
  };
  const results: Record<string, { docex: Side; sink: Side; bytes: number }> = {};
  const problems: string[] = [];
  try {
    // The receiving organization: the files' buyer (BG-7) by VAT id, its key, its inbound address.
    const signed = await api<{ session: { token: string } }>('POST', '/v1/signup', null, {
      organization_name: 'Acheteur',
      email: `ap.${Date.now()}@acheteur.test`,
      password: 'benchmark password',
    });
    const session = signed.session.token;
    await api('PATCH', '/v1/organization', session, BUYER);
    const key = (
      await api<{ key: string }>('POST', '/v1/keys', session, { name: 'bench', scopes: ['documents:read'] })
    ).key;
    const address = (await api<{ email: string }>('GET', '/v1/inbound', key)).email;

    for (const format of FORMATS) {
      const all = files[format];
      const raws = await Promise.all(all.map((f) => compose(address, f)));
      const warm = raws.slice(0, WARMUP);
      const measured = raws.slice(WARMUP);
      const bytes = Math.round(measured.reduce((n, b) => n + b.length, 0) / measured.length);
      console.log(`${format}: ${COUNT} messages of ~${Math.round(bytes / 1024)} KB, ${IN_FLIGHT} in flight`);

      // docex: the warm-up read to the end, then the measured messages and their bills.
      const w = await sendAll(docex.smtpPort, address, warm, IN_FLIGHT);
      if (w.failures.length > 0) throw new Error(`docex refused warm-up messages: ${w.failures.join('; ')}`);
      await waitProcessed(key);
      const cpu0 = docexCpu();
      const db = docex.dbName ? meterBackendsCpu(docex.dbName) : null;
      const d = await sendAll(docex.smtpPort, address, measured, IN_FLIGHT);
      await waitProcessed(key);
      const cpu1 = docexCpu();
      const dbCpu = db ? db.stop() : null;
      // Every measured message accepted, with one bill each; the last bill's creation ends the window.
      const numbers = new Set(all.slice(WARMUP).map((f) => f.number));
      const msgs = await messagesFor(key, numbers);
      let lastBill = 0;
      // messages that did not become one submitted bill (refused at SMTP, lost, refused, other)
      let bad = d.failures.length + Math.max(0, COUNT - d.failures.length - msgs.length);
      for (const m of msgs) {
        if (m.status !== 'accepted' || m.document_ids.length !== 1) {
          bad++;
          problems.push(
            `${format}: message ${m.id} ${m.status} (${m.document_ids.length} documents) ${m.reasons.join(' ')}`,
          );
          continue;
        }
        const doc = await api<{ status: string; created_at: string }>(
          'GET',
          `/v1/documents/${m.document_ids[0]}`,
          key,
        );
        if (doc.status !== 'submitted') {
          bad++;
          problems.push(`${format}: ${m.document_ids[0]} is ${doc.status}`);
        }
        lastBill = Math.max(lastBill, Date.parse(doc.created_at));
      }
      if (msgs.length !== COUNT) problems.push(`${format}: ${msgs.length} of ${COUNT} messages stored`);
      if (d.failures.length > 0)
        problems.push(`${format}: docex refused ${d.failures.length}: ${d.failures[0]}`);
      // created_at is the worker's clock (the same machine's): back onto performance.now()'s scale.
      const docexSeconds = (lastBill - performance.timeOrigin - d.start) / 1000;

      // the sink: the same client, the same messages
      await sendAll(sinkPort, address, warm, IN_FLIGHT);
      const scpu0 = cpuMs(sinkPid);
      const s = await sendAll(sinkPort, address, measured, IN_FLIGHT);
      const scpu1 = cpuMs(sinkPid);
      if (s.failures.length > 0)
        problems.push(`${format}: the sink refused ${s.failures.length}: ${s.failures[0]}`);

      results[format] = {
        bytes,
        docex: {
          ...summarize(d, docexSeconds, cpu0 === null || cpu1 === null ? null : cpu1 - cpu0, dbCpu),
          failures: bad,
        },
        sink: summarize(
          s,
          (s.end - s.start) / 1000,
          scpu0 === null || scpu1 === null ? null : scpu1 - scpu0,
          null,
        ),
      };
    }
  } finally {
    const peaks = samplers.map((r) => r.stop().peak);
    await docex.stop();
    await sink.stop();
    report(results, peaks, fixtureSeconds, problems);
  }
  if (problems.length > 0) {
    console.error(`FAILED:\n  ${problems.join('\n  ')}`);
    // `npm run bench` reads the failures from BENCH_JSON and fails its own run, table written
    if (process.env.BENCH_INBOUND_CHILD !== '1') process.exitCode = 1;
  }
}

function report(
  results: Record<string, { docex: Side; sink: Side; bytes: number }>,
  rssPeaks: number[],
  fixtureSeconds: number,
  problems: string[],
): void {
  const ms = (v: number | null) => (v === null || Number.isNaN(v) ? '?' : fmt(v, v < 10 ? 1 : 0));
  console.log(
    `\nInbound email to a created bill, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ` +
      `${COUNT} messages per format and side after ${WARMUP} untimed, ${IN_FLIGHT} SMTP sessions at once ` +
      `(files made in ${fmt(fixtureSeconds, 1)} s)\n`,
  );
  console.log(
    '| Format | Side | Messages/s | 250 after DATA p50 / p99 / max ms | Session p50 / p99 ms | CPU per message (docex processes / sink) | PostgreSQL CPU per message |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const [format, r] of Object.entries(results)) {
    const row = (side: string, s: Side) =>
      `| ${format} (${Math.round(r.bytes / 1024)} KB) | ${side} | ${fmt(s.mps, 1)} | ${ms(s.reply_p50_ms)} / ${ms(s.reply_p99_ms)} / ${ms(s.reply_max_ms)} | ${ms(s.session_p50_ms)} / ${ms(s.session_p99_ms)} | ${ms(s.cpu_ms_per_message)} ms | ${s.db_cpu_ms_per_message === null ? '—' : `${ms(s.db_cpu_ms_per_message)} ms`} |`;
    console.log(
      row(
        LAYOUT === 'serve'
          ? 'docex serve (listener + worker), SMTP DATA → bill'
          : 'docex inbound (listener) + docex serve (worker), SMTP DATA → bill',
        r.docex,
      ),
    );
    console.log(row('bare smtp-server sink, stores nothing', r.sink));
  }
  console.log('');
  for (const [format, r] of Object.entries(results)) {
    console.log(
      `${format}: ratio ${fmt(r.docex.mps / r.sink.mps, 3)}; docex's 250 after DATA p99 ${ms(r.docex.reply_p99_ms)} ms (target ≤ ${REPLY_P99_TARGET_MS} ms: ${r.docex.reply_p99_ms <= REPLY_P99_TARGET_MS ? 'met' : 'NOT met'}).`,
    );
  }
  const rssText = rssPeaks.map((p) => `${fmt(p)} MB`).join(' (serve), ');
  console.log(
    `docex RSS peak ${rssText}${LAYOUT === 'split' ? ' (inbound)' : ''}.${problems.length > 0 ? ' This run FAILED (below).' : ''}`,
  );
  console.log(
    `BENCH_JSON ${JSON.stringify({
      count: COUNT,
      in_flight: IN_FLIGHT,
      formats: results,
      layout: LAYOUT,
      rss_peak_mb: Math.max(...rssPeaks),
      failed: problems.length > 0,
    })}`,
  );
}

if (!process.argv[1]?.endsWith('inbound.ts')) {
  // imported (bench/capture-latency.ts): its helpers only
} else if (process.argv[2] === 'sink') {
  runSink().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
