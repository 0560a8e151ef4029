// `npm run bench:stall` (issue 35): does one request from one tenant stall everyone else? docex
// runs as deployed (dist/cli.js serve, like `npm run bench`; BENCH_DOCEX_RUNTIME=tsx runs the
// sources), on PGlite in a fresh data directory, or on PostgreSQL when DATABASE_URL is set (a
// fresh database `docex_stall` on that server). For each attack, a probe tenant sends
// GET /v1/enablement every ~20 ms, one at a time, while the attacker's requests run; any probe
// answered in more than 200 ms fails the scenario (exit 1, the scenario named). The probe's
// figures when nothing else runs are printed first, for scale: on a loaded machine they say how
// much of a figure is the machine.
//
// The attacks, both found by the second review:
// - import-cdata: POST /v1/documents/import of `<x><![CDATA[` + `<!--` x 190,000 + `]]></x>` (a
//   1 MiB body): 27.8 s of event loop before the import reader was rewritten.
// - import-elements: the largest file of empty elements with attributes a body carries (the
//   shape fast-xml-parser was slowest on: 0.4-0.8 s).
// - facturx-combining: the Factur-X export of an issued invoice within the JSON API's own limits,
//   notes `a` + U+0301 x 9,999 and 200 lines whose descriptions are 1,000 combining marks (2.9 s
//   before the writer was bounded). An export is kept after its first rendering, so each attack
//   exports a document of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type Child, fmt, serveNodeArgs, startChild, uniqueKey } from './lib.ts';

const LIMIT_MS = 200;
const PROBE_EVERY_MS = 20;
/** How many times each attack runs (sequentially, the probe running throughout). */
const ROUNDS = Number(process.env.STALL_ROUNDS ?? 3);
const OPERATOR = 'op_stall_bench_token';
const DOCEX_TSX = process.env.BENCH_DOCEX_RUNTIME === 'tsx';

const SELLER = {
  legal_name: 'Stall Seller GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
  vat_id: 'DE123456789',
  payment_account: { iban: 'DE89370400440532013000' },
};
const BUYER = {
  legal_name: 'Stall Buyer SARL',
  address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
  vat_id: 'FR40303265045',
};

async function startDocex(): Promise<{ child: Child; cleanup: () => Promise<void> }> {
  if (!DOCEX_TSX) {
    const res = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error('scripts/build-server.mjs failed');
  }
  const env: Record<string, string> = {
    PORT: '0',
    LOG_LEVEL: 'warn',
    DOCEX_RATE_LIMIT: '1000000',
    DOCEX_AUTH_RATE_LIMIT: '1000000',
    DOCEX_OPERATOR_TOKEN: OPERATOR,
  };
  let cleanup = async () => {};
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('drop database if exists docex_stall');
    await admin.query('create database docex_stall');
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/docex_stall';
    env.DATABASE_URL = url.toString();
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'docex-stall-'));
    env.DATABASE_URL = '';
    env.DOCEX_DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const entry = DOCEX_TSX ? ['--import', 'tsx', 'src/cli.ts'] : ['dist/cli.js'];
  const child = await startChild(
    process.execPath,
    [...serveNodeArgs('.', env.DATABASE_URL ? 'postgres' : 'embedded'), ...entry, 'serve'],
    env,
    /docex listening on (http:\/\/\S+)/,
  );
  return { child, cleanup };
}

let base = '';

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['idempotency-key'] = uniqueKey();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  return { status: res.status, text: await res.text() };
}

async function ok<T = Record<string, unknown>>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const r = await call(method, path, token, body);
  if (r.status >= 300) throw new Error(`${method} ${path} → ${r.status} ${r.text.slice(0, 300)}`);
  return JSON.parse(r.text) as T;
}

let signups = 0;
async function signup(name: string): Promise<{ orgId: string; session: string; key: string }> {
  signups += 1;
  const s = await ok<{ session: { token: string }; organization: { id: string } }>(
    'POST',
    '/v1/signup',
    null,
    {
      organization_name: name,
      email: `stall${signups}.${Date.now()}@bench.test`,
      password: 'benchmark password',
    },
  );
  const k = await ok<{ key: string }>('POST', '/v1/keys', s.session.token, {
    name: 'stall',
    scopes: ['documents:read', 'documents:write'],
  });
  return { orgId: s.organization.id, session: s.session.token, key: k.key };
}

interface ProbeFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
  over: number;
}

/** GET /v1/enablement from the probe tenant every ~20 ms, one at a time, until stopped. */
function startProbe(token: string): { stop(): Promise<ProbeFigures> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const r = await call('GET', '/v1/enablement', token);
      const ms = performance.now() - t0;
      if (r.status !== 200) throw new Error(`probe answered ${r.status}`);
      times.push(ms);
      await sleep(Math.max(0, PROBE_EVERY_MS - ms));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return {
        count: times.length,
        p50: at(0.5),
        p99: at(0.99),
        max: sorted[sorted.length - 1] ?? 0,
        over: times.filter((t) => t > LIMIT_MS).length,
      };
    },
  };
}

interface Attack {
  id: string;
  title: string;
  /** what the attacker's request should answer (the attack is refused, or served, not crashed) */
  expect: number[];
  /** prepared before the probe starts: the request of each round */
  prepare(): Promise<(() => Promise<{ status: number; text: string }>)[]>;
}

const { child, cleanup } = await startDocex();
base = child.url;
const failed: string[] = [];
try {
  const attacker = await signup('Stall attacker');
  const partner = await signup('Stall partner');
  const probeTenant = await signup('Stall bystander');
  const conn = await ok<{ id: string }>('POST', '/v1/connections', attacker.session, {
    counterparty_organization_id: partner.orgId,
  });
  await ok('POST', `/v1/connections/${conn.id}/accept`, partner.session);
  await ok('PATCH', '/v1/organization', attacker.session, SELLER);
  await ok('PATCH', '/v1/organization', partner.session, BUYER);

  const importBody = (file: string) =>
    JSON.stringify({ connection_id: conn.id, content_base64: Buffer.from(file).toString('base64') });
  const attacks: Attack[] = [
    {
      id: 'import-cdata',
      title: 'POST /v1/documents/import: <!-- x 190,000 inside CDATA (1 MiB body)',
      expect: [400],
      async prepare() {
        const body = importBody(`<x><![CDATA[${'<!--'.repeat(190_000)}]]></x>`);
        return Array.from(
          { length: ROUNDS },
          () => () => call('POST', '/v1/documents/import', attacker.key, body),
        );
      },
    },
    {
      id: 'import-elements',
      title: 'POST /v1/documents/import: a UBL Invoice of 47,500 elements with two attributes (1 MiB body)',
      expect: [400],
      async prepare() {
        // A UBL root, so the whole file is read before its content is refused.
        const unit = '<a b="1" c="2"/>';
        const root = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">';
        const body = importBody(`${root}${unit.repeat(Math.floor(760_000 / unit.length))}</Invoice>`);
        return Array.from(
          { length: ROUNDS },
          () => () => call('POST', '/v1/documents/import', attacker.key, body),
        );
      },
    },
    {
      id: 'facturx-combining',
      title:
        'GET /v1/documents/{id}/einvoice?format=facturx: notes a + U+0301 x 9,999, 200 lines of 1,000 combining marks',
      expect: [200],
      async prepare() {
        const ids: string[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const doc = await ok<{ id: string }>('POST', '/v1/documents', attacker.key, {
            connection_id: conn.id,
            document_type: 'invoice',
            currency: 'EUR',
            notes: `a${'\u0301'.repeat(9_999)}`,
            line_items: Array.from({ length: 200 }, (_, n) => ({
              description: `${String.fromCharCode(97 + (n % 26))}${'\u0301'.repeat(999)}`,
              quantity: 1,
              unit_price: 10,
              tax_rate: 0.19,
            })),
          });
          await ok('POST', `/v1/documents/${doc.id}/issue`, attacker.key);
          ids.push(doc.id);
        }
        return ids.map(
          (id) => () => call('GET', `/v1/documents/${id}/einvoice?format=facturx`, attacker.key),
        );
      },
    },
  ];

  // The probe alone first: what the machine gives when nothing else runs.
  await sleep(500);
  const idle = startProbe(probeTenant.key);
  await sleep(2_000);
  const quiet = await idle.stop();
  console.log(
    `probe alone: ${quiet.count} requests, p50 ${fmt(quiet.p50, 1)} ms, p99 ${fmt(quiet.p99, 1)} ms, max ${fmt(quiet.max, 1)} ms`,
  );

  for (const attack of attacks) {
    const only = process.env.STALL_ONLY?.split(',');
    if (only && !only.includes(attack.id)) continue;
    const rounds = await attack.prepare();
    await sleep(500);
    const probe = startProbe(probeTenant.key);
    await sleep(200);
    const durations: number[] = [];
    const statuses: number[] = [];
    for (const round of rounds) {
      const t0 = performance.now();
      const r = await round();
      durations.push(performance.now() - t0);
      statuses.push(r.status);
      if (!attack.expect.includes(r.status)) {
        console.log(`  ${attack.id}: unexpected ${r.status} ${r.text.slice(0, 200)}`);
      }
    }
    await sleep(200);
    const f = await probe.stop();
    const pass = f.over === 0 && statuses.every((s) => attack.expect.includes(s));
    if (!pass) failed.push(attack.id);
    console.log(
      `${pass ? 'PASS' : 'FAIL'} ${attack.id}: ${attack.title}\n` +
        `  attacker: ${statuses.join(', ')} in ${durations.map((d) => fmt(d)).join(', ')} ms\n` +
        `  probe: ${f.count} requests, p50 ${fmt(f.p50, 1)} ms, p99 ${fmt(f.p99, 1)} ms, max ${fmt(f.max, 1)} ms, ${f.over} over ${LIMIT_MS} ms`,
    );
  }
} finally {
  await child.stop();
  await cleanup();
}
if (failed.length > 0) {
  console.log(`\nFAILED: ${failed.join(', ')} (a probe over ${LIMIT_MS} ms, or an unexpected answer)`);
  process.exit(1);
}
console.log(`\nno probe took over ${LIMIT_MS} ms`);
