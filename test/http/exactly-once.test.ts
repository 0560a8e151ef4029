// test-slot: waits (a restart simulated by the proxy, Retry-After sleeps, docex serve processes started and killed; scripts/run-tests.mjs)
// Issue 46 (CONTRACT 10, "Exactly once, whatever fails"): a write's effect and its
// Idempotency-Key record commit in one transaction. A wire-protocol proxy cuts every database
// connection right after the answer to a write's COMMIT reached the service, and refuses new ones
// for a moment (a database restart): whatever the service then does, the retry with the same key,
// on the same process or on another one, answers the original status and body with
// `Idempotent-Replay: true`, and the effect exists once.
//
// Before the fix only POST /v1/documents kept its record in its own statement: every other write
// recorded its answer in a statement after the commit, which the cut lost; its retry waited out the
// claim's lease and ran the write again (a second bill, key, endpoint, connection) or answered 409
// (already paid, only a draft can be issued).
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, watch } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { openPostgres } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { writeCamt054 } from '../../src/modules/bank/sandbox-bank.ts';
import { insertCapture } from '../helpers/capture-rows.ts';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { spawnDocex } from '../helpers/docex-process.ts';
import { createDoc, issue, type Pair, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { commitCutProxy } from '../helpers/faulty-proxy.ts';
import { type SignedUp, signup } from '../helpers/flows.ts';
import {
  OPERATOR_TOKEN,
  type Res,
  randomKey,
  startTestServiceOn,
  TEST_MASTER_KEY,
  type TestService,
} from '../helpers/harness.ts';
import {
  approvedInvoice,
  bill,
  type LivePair,
  livePair,
  paid,
  type Sandbox,
  sandbox,
} from '../helpers/payments.ts';
import { sampleInvoiceXml } from '../inbound/helpers.ts';
import { addParty, giveProfile, issueTo, type Party, tokenFor } from '../recipient/setup.ts';

const PG = process.env.DATABASE_URL;

/**
 * One write to cut after its commit: the request, and the effect to count before and after (made
 * through the other process and counted on the test's own pool, neither of which the cut touches).
 */
interface Family {
  name: string;
  method: string;
  url: string;
  /** The bearer token; null for the recipient link, whose token is in the URL. */
  token: string | null;
  body?: unknown;
  status: number;
  /** A number that the write raises by exactly one. */
  effect: () => Promise<number>;
}

let counter: Kysely<DB>;

async function count(query: ReturnType<typeof sql<{ n: string | number }>>): Promise<number> {
  // A read, so tried again once: a restart of the shared test server is not what this observes.
  const res = await query.execute(counter).catch(async () => {
    await sleep(200);
    return query.execute(counter);
  });
  return Number(res.rows[0]?.n ?? 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * `p`'s value, or null when it has not come within `ms`. The bound's timer is cleared when `p`
 * settles: left running (a sleep in a race), it kept the process, and the waiting lane it runs in
 * (scripts/run-tests.mjs), for up to 10 s after the last test.
 */
async function within<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The retry: a 409 `conflict` (the original still holds the key) or a 503 (the database away) is
 * retried after its Retry-After, up to 15 s (more than the claim's 10 s lease), as a client would.
 */
async function retry(svc: TestService, f: Family, idem: string): Promise<Res> {
  return retryUntilAnswered(() => svc.req(f.method, f.url, { token: f.token, body: f.body ?? {}, idem }));
}

async function retryUntilAnswered(send: () => Promise<Res>): Promise<Res> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await send();
    const code = (res.body as { error?: { code?: string } }).error?.code;
    const wait = (res.status === 409 && code === 'conflict') || res.status === 503;
    if (!wait || Date.now() > deadline) return res;
    await sleep(Number(res.headers['retry-after'] ?? 1) * 1000);
  }
}

describe('exactly once: every write family, cut after its COMMIT, retried on the same and another process', {
  skip: PG ? false : 'the commit-cut proxy speaks the PostgreSQL wire protocol: PostgreSQL only',
}, () => {
  let real: TestDatabase;
  let proxy: Awaited<ReturnType<typeof commitCutProxy>>;
  let svc: TestService;
  let other: TestService;
  let sb: Sandbox;
  let p: Pair;
  let live: LivePair;
  /** An issuer and an external party on its connection: the recipient link's two ends. */
  let linkSeller: SignedUp;
  let linkParty: Party;
  const PAYER_IBAN = 'FR1420041010050500013M02606';
  const PAYEE_IBAN = 'DE89370400440532013000';

  before(async () => {
    real = await freshDatabase();
    counter = real.database.db;
    proxy = await commitCutProxy(new URL(real.url!));
    const cut = await openPostgres(proxy.url, 4);
    svc = await startTestServiceOn({ database: cut, url: proxy.url, drop: () => cut.close() });
    // Another process of the deployment: its own pool, straight to the database.
    const direct = await openPostgres(real.url!, 2);
    other = await startTestServiceOn({ database: direct, url: real.url!, drop: () => direct.close() });
    sb = await sandbox(other);
    p = await pair(other);
    // A live pair that pays by bank transfer (batches, statements) and receives uploads (BUYER).
    live = await livePair(other, { connect: false });
    for (const [token, body, iban] of [
      [live.payee.session, SELLER, PAYEE_IBAN],
      [live.payer.session, BUYER, PAYER_IBAN],
    ] as const) {
      assert.equal((await other.req('PATCH', '/v1/organization', { token, body })).status, 200);
      const account = await other.req('POST', '/v1/bank_accounts', {
        token,
        body: { iban, account_name: 'Treasury', currency: 'EUR' },
      });
      assert.equal(account.status, 201, account.text);
    }
    linkSeller = await signup(other, 'Link Seller');
    await giveProfile(other, linkSeller);
    linkParty = await addParty(other, linkSeller, 'Link Client Ltd', 'ap@link-client.example');
  });
  after(async () => {
    await other?.close();
    await other?.db.drop();
    await svc?.close();
    await svc?.db.drop();
    await proxy?.close();
    await real?.drop();
  });

  /** The families, each built afresh (a document to issue, a bill to pay…). */
  const families: Array<() => Promise<Family>> = [
    async () => ({
      name: 'sandbox bill',
      method: 'POST',
      url: '/v1/sandbox/bills',
      token: sb.key,
      body: { total: 42, currency: 'USD' },
      status: 201,
      effect: () =>
        count(sql`select count(*) as n from documents where counterparty_organization_id = ${sb.orgId}`),
    }),
    async () => {
      const d = await createDoc(other, p);
      return {
        name: 'issue',
        method: 'POST',
        url: `/v1/documents/${d.id}/issue`,
        token: p.issuer.key,
        status: 200,
        effect: () => count(sql`select count(*) as n from document_history where document_id = ${d.id}`),
      };
    },
    async () => {
      const d = await issue(other, p.issuer.key, (await createDoc(other, p)).id);
      return {
        name: 'transition',
        method: 'POST',
        url: `/v1/documents/${d.id}/transition`,
        token: p.counterparty.key,
        body: { to: 'approved' },
        status: 200,
        effect: () => count(sql`select count(*) as n from document_history where document_id = ${d.id}`),
      };
    },
    async () => {
      const b = await bill(other, sb.key, 17);
      return {
        name: 'pay',
        method: 'POST',
        url: `/v1/documents/${b.id}/pay`,
        token: sb.key,
        status: 202,
        effect: () => count(sql`select count(*) as n from payments where document_id = ${b.id}`),
      };
    },
    async () => {
      const d = await createDoc(other, p);
      return {
        name: 'PATCH of a draft',
        method: 'PATCH',
        url: `/v1/documents/${d.id}`,
        token: p.issuer.key,
        body: { line_items: [{ description: 'Edited', quantity: 1, unit_price: 5, tax_rate: 0 }] },
        status: 200,
        effect: () => count(sql`select count(*) as n from document_history where document_id = ${d.id}`),
      };
    },
    async () => ({
      name: 'key mint',
      method: 'POST',
      url: '/v1/keys',
      token: p.issuer.org.session,
      body: { name: 'cut', scopes: ['documents:read'] },
      status: 201,
      effect: () =>
        count(sql`select count(*) as n from api_keys where organization_id = ${p.issuer.org.orgId}`),
    }),
    async () => ({
      name: 'webhook create',
      method: 'POST',
      url: '/v1/webhooks',
      token: p.issuer.org.session,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['document.created'] },
      status: 201,
      effect: () =>
        count(sql`select count(*) as n from webhook_endpoints where organization_id = ${p.issuer.org.orgId}`),
    }),
    async () => ({
      name: 'external party',
      method: 'POST',
      url: '/v1/connections',
      token: p.issuer.key,
      body: { external_party: { name: `Party ${randomKey()}`, email: 'party@x.example' } },
      status: 201,
      effect: () => count(sql`select count(*) as n from external_parties`),
    }),
    async () => {
      const inv = await approvedInvoice(other, live, 30, 'EUR');
      await paid(other, live.payer.key, inv.id);
      return {
        name: 'payment batch close',
        method: 'POST',
        url: '/v1/payment_batches',
        token: live.payer.session,
        status: 201,
        effect: () =>
          count(sql`select count(*) as n from payment_batches where organization_id = ${live.payer.orgId}`),
      };
    },
    async () => {
      const xml = writeCamt054({
        message_id: `CUT-${randomKey()}`,
        iban: PAYEE_IBAN,
        created_at: other.ctx.clock.now(),
        lines: [{ amount: '12.5', direction: 'credit', reference: `R-${randomKey()}` }],
      });
      return {
        name: 'bank statement import',
        method: 'POST',
        url: '/v1/bank_statements',
        token: live.payee.session,
        body: { content_base64: Buffer.from(xml).toString('base64') },
        status: 201,
        effect: () =>
          count(
            sql`select count(*) as n from bank_statement_entries where organization_id = ${live.payee.orgId}`,
          ),
      };
    },
    async () => {
      // BT-43 in the seller's party (its first closing tag): an unknown seller is added by it.
      const xml = sampleInvoiceXml({ number: `UP-${randomKey()}`, seller: '77' })
        .toString('utf8')
        .replace(
          '</cac:Party>',
          '<cac:Contact><cbc:ElectronicMail>billing@supplier.test</cbc:ElectronicMail></cac:Contact></cac:Party>',
        );
      return {
        name: 'inbound upload',
        method: 'POST',
        url: '/v1/inbound/documents',
        token: live.payer.key,
        body: { content_base64: Buffer.from(xml).toString('base64'), filename: 'cut.xml' },
        status: 201,
        effect: () =>
          count(
            sql`select count(*) as n from documents where counterparty_organization_id = ${live.payer.orgId}`,
          ),
      };
    },
    async () => {
      // The counterparty's move through the link its email carries: no bearer token, the key
      // scoped to the link.
      const doc = await issueTo(other, linkSeller, linkParty);
      const link = await tokenFor(other, doc.id, linkParty.id);
      return {
        name: 'recipient-link move',
        method: 'POST',
        url: `/v1/recipient/${link}/transition`,
        token: null,
        body: { to: 'approved' },
        status: 200,
        effect: () => count(sql`select count(*) as n from document_history where document_id = ${doc.id}`),
      };
    },
    async () => {
      // a capture (CONTRACT 13) as extraction hands it over, confirmed into a bill
      const { captureId } = await insertCapture(other, {
        organizationId: live.payer.orgId,
        fields: {
          number: `CAP-${randomKey()}`,
          issue_date: '2026-11-01',
          currency: 'EUR',
          total: '119.00',
          total_net: '100.00',
          total_tax: '19.00',
          seller_name: 'Captured Supplier GmbH',
          seller_vat_id: 'DE123456789',
        },
      });
      return {
        name: 'capture confirm',
        method: 'POST',
        url: `/v1/captures/${captureId}/confirm`,
        token: live.payer.key,
        status: 200,
        effect: () =>
          count(
            sql`select count(*) as n from documents where counterparty_organization_id = ${live.payer.orgId}`,
          ),
      };
    },
  ];

  const names = [
    'sandbox bill',
    'issue',
    'transition',
    'pay',
    'PATCH of a draft',
    'key mint',
    'webhook create',
    'external party',
    'payment batch close',
    'bank statement import',
    'inbound upload',
    'recipient-link move',
    'capture confirm',
  ];
  assert.equal(names.length, families.length);
  for (const [i, make] of families.entries()) {
    for (const where of ['the same process', 'another process'] as const) {
      test(`${names[i]}: cut after its COMMIT, retried on ${where}`, async () => {
        const f = await make();
        // The cut service's pool has reconnected since the previous cut.
        for (let i = 0; (await svc.req('GET', '/readyz')).status !== 200 && i < 50; i++) await sleep(100);
        const target = where === 'the same process' ? svc : other;
        const before = await f.effect();
        const idem = randomKey();
        // The write's own transaction: the one that records its Idempotency-Key (a statement
        // import commits its entries in short transactions before it, which a retry resumes).
        const cut = proxy.armCutAfterCommit(
          f.name === 'bank statement import'
            ? { when: (st) => st.some((q) => /idempotency_keys/.test(q)) }
            : {},
        );
        const first = await svc.req(f.method, f.url, { token: f.token, body: f.body ?? {}, idem });
        const committed = await within(cut, 5_000);
        proxy.disarm();
        assert.ok(committed, `${f.name}: no COMMIT was seen (answered ${first.status} ${first.text})`);
        const again = await retry(target, f, idem);
        assert.equal(again.status, f.status, `${f.name}: ${again.status} ${again.text}`);
        assert.equal(again.headers['idempotent-replay'], 'true', `${f.name}: not a replay: ${again.text}`);
        if (first.status === f.status) assert.equal(again.text, first.text, `${f.name}: another body`);
        assert.equal(await f.effect(), before + 1, `${f.name}: the effect is not there exactly once`);
      });
    }
  }
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe('exactly once: a `docex serve` process SIGKILLed right after a write committed, retried on a new process', {
  skip: PG ? false : 'the kill is timed by the commit-cut proxy, which speaks the PostgreSQL wire protocol',
}, () => {
  let real: TestDatabase;
  let proxy: Awaited<ReturnType<typeof commitCutProxy>>;
  let other: TestService;
  let p: Pair;
  let dataDir: string;
  const children: ChildProcess[] = [];

  before(async () => {
    real = await freshDatabase();
    counter = real.database.db;
    proxy = await commitCutProxy(new URL(real.url!));
    const direct = await openPostgres(real.url!, 2);
    other = await startTestServiceOn({ database: direct, url: real.url!, drop: () => direct.close() });
    p = await pair(other);
    dataDir = mkdtempSync(join(tmpdir(), 'docex-once-'));
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await other?.close();
    await other?.db.drop();
    await proxy?.close();
    await real?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `docex serve` on the proxy, as another process of the same deployment. */
  async function serve(): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const child = spawnDocex(['serve'], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: proxy.url,
        DOCEX_DATA_DIR: dataDir,
        DOCEX_IN_PROCESS_WORKER: '0',
        DOCEX_MASTER_KEY: TEST_MASTER_KEY,
        DOCEX_OPERATOR_TOKEN: OPERATOR_TOKEN,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString('utf8');
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`${base}/readyz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) return { child, base };
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`docex serve did not start: ${err}`);
      await sleep(200);
    }
  }

  test('key mint and PATCH of a draft: the process dies after COMMIT; a new process replays, once', async () => {
    const draft = await createDoc(other, p);
    const writes: Family[] = [
      {
        name: 'key mint',
        method: 'POST',
        url: '/v1/keys',
        token: p.issuer.org.session,
        body: { name: 'killed', scopes: ['documents:read'] },
        status: 201,
        effect: () =>
          count(sql`select count(*) as n from api_keys where organization_id = ${p.issuer.org.orgId}`),
      },
      {
        name: 'PATCH of a draft',
        method: 'PATCH',
        url: `/v1/documents/${draft.id}`,
        token: p.issuer.key,
        body: { line_items: [{ description: 'Killed', quantity: 1, unit_price: 3, tax_rate: 0 }] },
        status: 200,
        effect: () => count(sql`select count(*) as n from document_history where document_id = ${draft.id}`),
      },
    ];
    for (const f of writes) {
      const { child, base } = await serve();
      const before = await f.effect();
      const idem = randomKey();
      const cut = proxy.armCutAfterCommit({ downMs: 0, onCut: () => child.kill('SIGKILL') });
      const first = await fetch(`${base}${f.url}`, {
        method: f.method,
        headers: {
          authorization: `Bearer ${f.token}`,
          'content-type': 'application/json',
          'idempotency-key': idem,
        },
        body: JSON.stringify(f.body ?? {}),
      }).catch((e: unknown) => e);
      assert.ok(await within(cut, 10_000), `${f.name}: no COMMIT was seen`);
      assert.ok(first instanceof Error, `${f.name}: the killed process answered`);
      await new Promise<void>((r) =>
        child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
      );
      const again = await retry(other, f, idem);
      assert.equal(again.status, f.status, `${f.name}: ${again.status} ${again.text}`);
      assert.equal(again.headers['idempotent-replay'], 'true', `${f.name}: not a replay: ${again.text}`);
      assert.equal(await f.effect(), before + 1, `${f.name}: the effect is not there exactly once`);
    }
  });
});

/** A request over HTTP to a `docex serve` process, answered as the harness answers (Res). */
async function overHttp(base: string, f: Family, idem: string): Promise<Res> {
  const res = await fetch(`${base}${f.url}`, {
    method: f.method,
    headers: {
      ...(f.token ? { authorization: `Bearer ${f.token}` } : {}),
      'content-type': 'application/json',
      'idempotency-key': idem,
    },
    body: JSON.stringify(f.body ?? {}),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {}
  return { status: res.status, headers: Object.fromEntries(res.headers), text, body };
}

describe('exactly once on the embedded database: `docex serve` SIGKILLed during a write, retried on a new process over the same data directory', {
  skip: PG
    ? 'the embedded database (PGlite): the PostgreSQL runs cut and kill through the proxy above'
    : false,
}, () => {
  // No proxy speaks to PGlite (it runs inside the process), so the kill is timed from outside: at
  // the first write into the data directory's WAL after the request went out (the write's own
  // transaction, or the claim before it: a moment inside the write), and as soon as the answer
  // arrived (after the COMMIT, before anything else the process might still do). The retry goes to
  // a new process on the same data directory (PGlite holds it alone, so one process at a time),
  // and the effect exists exactly once; after an answer the retry is its replay. One write is
  // enough: every write commits through the same pipeline transaction (the PostgreSQL runs above
  // cover each family), and each kill costs a process start on the suite's time.
  let dataDir: string;
  type Serve = { child: ChildProcess; base: string };
  let current: Serve;
  const children: ChildProcess[] = [];

  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'docex-once-pglite-'));
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function serve(): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const child = spawnDocex(['serve'], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: String(port),
        DOCEX_DATA_DIR: dataDir,
        DOCEX_IN_PROCESS_WORKER: '0',
        DOCEX_MASTER_KEY: TEST_MASTER_KEY,
        DOCEX_OPERATOR_TOKEN: OPERATOR_TOKEN,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString('utf8');
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`${base}/readyz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) return { child, base };
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`docex serve did not start: ${err}`);
      await sleep(200);
    }
  }

  async function exited(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((r) => child.once('exit', () => r()));
  }

  /** How many items GET `url` lists (a first page is enough: the counts here stay small). */
  async function listed(base: string, url: string, token: string): Promise<number> {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { data: unknown[] }).data.length;
  }

  test('key mint: killed at its WAL write and after its answer; a new process, one effect', async () => {
    current = await serve();
    const up = await overHttp(
      current.base,
      {
        name: 'signup',
        method: 'POST',
        url: '/v1/signup',
        token: null,
        body: {
          organization_name: 'Killed Co',
          email: `killed.${randomKey()}@once.test`,
          password: 'correct horse battery staple',
        },
        status: 201,
        effect: async () => 0,
      },
      randomKey(),
    );
    assert.equal(up.status, 201, up.text);
    const session = (up.body as { session: { token: string } }).session.token;
    const writes: Array<{ f: Family; list: string }> = [
      {
        f: {
          name: 'key mint',
          method: 'POST',
          url: '/v1/keys',
          token: session,
          body: { name: 'killed', scopes: ['documents:read'] },
          status: 201,
          effect: async () => 0,
        },
        list: '/v1/keys',
      },
    ];
    const wal = join(dataDir, 'pgdata', 'pg_wal');
    for (const { f, list } of writes) {
      for (const when of ['at its WAL write', 'after its answer'] as const) {
        const victim: Serve = current;
        const before = await listed(victim.base, list, session);
        const idem = randomKey();
        const kill = () => victim.child.kill('SIGKILL');
        const watcher = when === 'at its WAL write' ? watch(wal, kill) : null;
        const first: Res | Error = await overHttp(victim.base, f, idem).catch((e: unknown) => e as Error);
        watcher?.close();
        if (when === 'after its answer') {
          assert.ok(!(first instanceof Error), `${f.name}: no answer before the kill: ${first}`);
          assert.equal(first.status, f.status, `${f.name}: ${first.text}`);
          kill();
        }
        await exited(victim.child);
        current = await serve();
        const again = await retryUntilAnswered(() => overHttp(current.base, f, idem));
        assert.equal(again.status, f.status, `${f.name} (${when}): ${again.status} ${again.text}`);
        if (!(first instanceof Error)) {
          assert.equal(again.headers['idempotent-replay'], 'true', `${f.name} (${when}): not a replay`);
          assert.equal(again.text, first.text, `${f.name} (${when}): another body`);
        }
        assert.equal(
          await listed(current.base, list, session),
          before + 1,
          `${f.name} (${when}): the effect is not there exactly once`,
        );
      }
    }
  });
});
