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
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openPostgres } from '../../src/db/database.ts';
import { createDoc, issue, type Pair, pair } from '../documents/setup.ts';
import { freshDatabase, type TestDatabase } from '../helpers/database.ts';
import { commitCutProxy } from '../helpers/faulty-proxy.ts';
import { type Res, randomKey, startTestServiceOn, type TestService } from '../helpers/harness.ts';
import { bill, type Sandbox, sandbox } from '../payments/helpers.ts';

const PG = process.env.DATABASE_URL;

/**
 * One write to cut after its commit: the request, and the effect to count before and after (both
 * made and counted through the other process, whose pool the cut does not touch).
 */
interface Family {
  name: string;
  method: string;
  url: string;
  token: string;
  body?: unknown;
  status: number;
  /** A number that the write raises by exactly one. */
  effect: () => Promise<number>;
}

async function count(
  svc: TestService,
  query: ReturnType<typeof sql<{ n: string | number }>>,
): Promise<number> {
  const res = await query.execute(svc.ctx.db);
  return Number(res.rows[0]?.n ?? 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * The retry: a 409 `conflict` (the original still holds the key) or a 503 (the database away) is
 * retried after its Retry-After, up to 15 s (more than the claim's 10 s lease), as a client would.
 */
async function retry(svc: TestService, f: Family, idem: string): Promise<Res> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await svc.req(f.method, f.url, { token: f.token, body: f.body ?? {}, idem });
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

  before(async () => {
    real = await freshDatabase();
    proxy = await commitCutProxy(new URL(real.url!));
    const cut = await openPostgres(proxy.url, 4);
    svc = await startTestServiceOn({ database: cut, url: proxy.url, drop: () => cut.close() });
    // Another process of the deployment: its own pool, straight to the database.
    const direct = await openPostgres(real.url!, 2);
    other = await startTestServiceOn({ database: direct, url: real.url!, drop: () => direct.close() });
    sb = await sandbox(svc);
    p = await pair(svc);
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
        count(
          other,
          sql`select count(*) as n from documents where counterparty_organization_id = ${sb.orgId}`,
        ),
    }),
    async () => {
      const d = await createDoc(other, p);
      return {
        name: 'issue',
        method: 'POST',
        url: `/v1/documents/${d.id}/issue`,
        token: p.issuer.key,
        status: 200,
        effect: () =>
          count(other, sql`select count(*) as n from document_history where document_id = ${d.id}`),
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
        effect: () =>
          count(other, sql`select count(*) as n from document_history where document_id = ${d.id}`),
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
        effect: () => count(other, sql`select count(*) as n from payments where document_id = ${b.id}`),
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
        effect: () =>
          count(other, sql`select count(*) as n from document_history where document_id = ${d.id}`),
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
        count(other, sql`select count(*) as n from api_keys where organization_id = ${p.issuer.org.orgId}`),
    }),
    async () => ({
      name: 'webhook create',
      method: 'POST',
      url: '/v1/webhooks',
      token: p.issuer.org.session,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['document.created'] },
      status: 201,
      effect: () =>
        count(
          svc,
          sql`select count(*) as n from webhook_endpoints where organization_id = ${p.issuer.org.orgId}`,
        ),
    }),
    async () => ({
      name: 'external party',
      method: 'POST',
      url: '/v1/connections',
      token: p.issuer.key,
      body: { external_party: { name: `Party ${randomKey()}`, email: 'party@x.example' } },
      status: 201,
      effect: () => count(other, sql`select count(*) as n from external_parties`),
    }),
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
        const cut = proxy.armCutAfterCommit();
        const first = await svc.req(f.method, f.url, { token: f.token, body: f.body ?? {}, idem });
        const committed = await Promise.race([cut, sleep(5_000).then(() => null)]);
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
