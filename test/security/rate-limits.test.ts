// Rate limits per organization and per user, on top of each credential's own (issue 35, item 7),
// written as the attacks: many keys of one organization as many budgets, many sessions of one user
// as many budgets, the app's live/sandbox switch handing out a fresh session (a fresh bucket) on
// every call, and one /mcp batch of 100 messages for the price of one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AppContext } from '../../src/context.ts';
import { MAX_MCP_BATCH } from '../../src/mcp/http.ts';
import { jar } from '../app/jar.ts';
import { expectError, mintKey, type SignedUp, signIn, signup } from '../helpers/flows.ts';
import { type Res, startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
/** Another process of the deployment with DOCEX_RATE_LIMIT=2: bursts of 4 per credential and per user, organizations 20/s with bursts of 40. */
let limited: TestService;

before(async () => {
  svc = await startTestService();
  limited = await svc.variant({ DOCEX_RATE_LIMIT: '2' });
});
after(async () => {
  await limited?.close();
  await svc?.close();
});

/** Holds a service's clock still, so no token is refilled between the requests of an attack. */
function holdClock(ctx: AppContext): () => void {
  const real = ctx.clock;
  const at = real.now().getTime();
  ctx.clock = { ...real, now: () => new Date(at) };
  return () => {
    ctx.clock = real;
  };
}

function bucketOf(res: Res<unknown>): string | undefined {
  return (res.body as { error?: { details?: { bucket?: string } } }).error?.details?.bucket;
}

describe('per organization', () => {
  test('twelve keys of one organization share its 40-request burst, not 12 x 4', async (t) => {
    const org = await signup(svc, 'Many Keys');
    const keys = await Promise.all(
      Array.from({ length: 12 }, () => mintKey(svc, org.session, ['documents:read'])),
    );
    t.after(holdClock(limited.ctx));
    const statuses: number[] = [];
    let refusal: Res<unknown> | undefined;
    for (const k of keys) {
      for (let i = 0; i < 4; i++) {
        const res = await limited.req('GET', '/v1/organization', { token: k.key });
        statuses.push(res.status);
        if (res.status === 429) refusal ??= res;
      }
    }
    assert.equal(statuses.filter((s) => s === 200).length, 40, statuses.join(','));
    assert.ok(refusal);
    expectError(refusal, 429, 'rate_limited');
    assert.equal(bucketOf(refusal), 'organization');
    assert.match((refusal.body as { error: { message: string } }).error.message, /organization/);
    assert.equal(refusal.headers['ratelimit-limit'], '40');
    assert.equal(refusal.headers['ratelimit-remaining'], '0');
    assert.ok(Number(refusal.headers['retry-after']) >= 1);
    // Another organization is untouched.
    const other = await signup(svc, 'Other Org');
    const k = await mintKey(svc, other.session, ['documents:read']);
    assert.equal((await limited.req('GET', '/v1/organization', { token: k.key })).status, 200);
  });

  test("a key refused by its own bucket does not drain its organization's for the other keys", async (t) => {
    const org = await signup(svc, 'Hammer Key');
    const [hammer, quiet] = await Promise.all([
      mintKey(svc, org.session, ['documents:read']),
      mintKey(svc, org.session, ['documents:read']),
    ]);
    t.after(holdClock(limited.ctx));
    for (let i = 0; i < 60; i++) await limited.req('GET', '/v1/organization', { token: hammer.key });
    const res = await limited.req('GET', '/v1/organization', { token: quiet.key });
    assert.equal(res.status, 200, res.text);
    // The quiet key's own bucket is the closest to empty: 3 of 4 left (the organization has 35 of 40).
    assert.equal(res.headers['ratelimit-limit'], '4');
    assert.equal(res.headers['ratelimit-remaining'], '3');
  });
});

describe('per organization, across processes (REDIS_URL)', () => {
  test('two processes of one deployment draw from one organization bucket', async (t) => {
    const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const { Redis } = await import('ioredis');
    const probe = new Redis(REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      await probe.connect();
      await probe.ping();
    } catch {
      t.skip(`Redis is not reachable at ${REDIS_URL}`);
      return;
    } finally {
      probe.disconnect();
    }
    const one = await svc.variant({ DOCEX_RATE_LIMIT: '2', REDIS_URL });
    const two = await svc.variant({ DOCEX_RATE_LIMIT: '2', REDIS_URL });
    t.after(async () => {
      await one.close();
      await two.close();
    });
    const org = await signup(svc, 'Redis Org');
    const keys = await Promise.all(
      Array.from({ length: 12 }, () => mintKey(svc, org.session, ['documents:read'])),
    );
    t.after(holdClock(one.ctx));
    t.after(holdClock(two.ctx));
    let ok = 0;
    let lastRefusal: Res<unknown> | undefined;
    for (const [i, k] of keys.entries()) {
      for (let j = 0; j < 4; j++) {
        const res = await (i % 2 === 0 ? one : two).req('GET', '/v1/organization', { token: k.key });
        if (res.status === 200) ok++;
        else lastRefusal = res;
      }
    }
    // Both clocks were held at about the same instant; a refill of a token or two between them is
    // all the difference there can be.
    assert.ok(ok >= 40 && ok <= 42, `${ok} allowed`);
    assert.ok(lastRefusal);
    assert.equal(bucketOf(lastRefusal), 'organization');
  });
});

describe('per user', () => {
  test("five sessions of one user share the user's burst of 4", async (t) => {
    const user = await signup(svc, 'Many Sessions');
    const sessions = [
      user.session,
      ...(await Promise.all(Array.from({ length: 4 }, () => signIn(svc, user)))),
    ];
    t.after(holdClock(limited.ctx));
    const statuses: number[] = [];
    let refusal: Res<unknown> | undefined;
    for (const s of sessions) {
      const res = await limited.req('GET', '/v1/organization', { token: s });
      statuses.push(res.status);
      if (res.status === 429) refusal ??= res;
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
    assert.ok(refusal);
    expectError(refusal, 429, 'rate_limited');
    assert.equal(bucketOf(refusal), 'user');
  });
});

describe("the app's live/sandbox switch", () => {
  async function browserWithSandbox(service: TestService, user: SignedUp) {
    const browser = jar(service.app);
    await browser.send('GET', '/app/api/session');
    const login = await browser.send('POST', '/app/api/login', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(login.statusCode, 200, login.body);
    const sb = await browser.send('POST', '/app/api/sandbox', {
      headers: { 'idempotency-key': `sb-${Date.now()}` },
    });
    assert.equal(sb.statusCode, 201, sb.body);
    return browser;
  }

  test('switching buys no fresh budget: proxied requests and switches share the user bucket', async (t) => {
    const user = await signup(svc, 'Switcher');
    const browser = await browserWithSandbox(svc, user);
    const orgs = (
      (await browser.send('GET', '/app/api/session')).json() as { organizations: { id: string }[] }
    ).organizations.map((o) => o.id);
    assert.equal(orgs.length, 2);
    // The same browser's cookies, against the limited process of the deployment.
    const b = jar(limited.app);
    for (const [k, v] of browser.cookies) b.cookies.set(k, v);
    t.after(holdClock(limited.ctx));
    let ok = 0;
    let switched = 0;
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 10; i++) {
        const res = await b.send('GET', '/app/api/v1/organization');
        if (res.statusCode === 200) ok++;
        else {
          assert.equal(res.statusCode, 429, res.body);
          break;
        }
      }
      const sw = await b.send('POST', '/app/api/switch', { body: { organization_id: orgs[round % 2] } });
      if (sw.statusCode === 200) switched++;
      else {
        assert.equal(sw.statusCode, 429, sw.body);
        // The session's own bucket and the user's run dry together here; either may be named.
        const bucket = (sw.json() as { error: { details: { bucket: string } } }).error.details.bucket;
        assert.ok(['session', 'user'].includes(bucket), bucket);
      }
    }
    // Before: every switch was a new session with a new bucket of 4 (20 rounds, ~80 requests).
    assert.ok(ok + switched <= 4, `${ok} proxied requests and ${switched} switches with a user burst of 4`);
  });

  test('the switch itself: 10 in a row, then 429 with Retry-After from the switching bucket', async (t) => {
    const user = await signup(svc, 'Switch Storm');
    const browser = await browserWithSandbox(svc, user);
    const orgs = (
      (await browser.send('GET', '/app/api/session')).json() as { organizations: { id: string }[] }
    ).organizations.map((o) => o.id);
    t.after(holdClock(svc.ctx));
    const statuses: number[] = [];
    let refusal: { statusCode: number; headers: Record<string, unknown>; json(): unknown } | undefined;
    for (let i = 0; i < 12; i++) {
      const sw = await browser.send('POST', '/app/api/switch', { body: { organization_id: orgs[i % 2] } });
      statuses.push(sw.statusCode);
      if (sw.statusCode !== 200) refusal ??= sw;
    }
    assert.deepEqual(statuses, [...Array(10).fill(200), 429, 429]);
    assert.ok(refusal);
    const body = refusal.json() as { error: { code: string; message: string; details: { bucket: string } } };
    assert.equal(body.error.code, 'rate_limited');
    assert.equal(body.error.details.bucket, 'operation');
    assert.match(body.error.message, /switches/);
    assert.ok(Number(refusal.headers['retry-after']) >= 1);
  });
});

describe('/mcp batches', () => {
  const post = (service: TestService, token: string, payload: unknown) =>
    service.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: JSON.stringify(payload),
    });
  const list = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list', params: {} }));

  test('a batch of 100 tools/list is refused with a JSON-RPC error, not answered with megabytes', async () => {
    const org = await signup(svc, 'Mcp Batch');
    const key = await mintKey(svc, org.session, ['documents:read']);
    const res = await post(svc, key.key, list(100));
    assert.equal(res.statusCode, 400, res.body.slice(0, 200));
    const body = res.json() as { jsonrpc: string; error: { code: number; message: string }; id: null };
    assert.equal(body.jsonrpc, '2.0');
    assert.equal(body.error.code, -32600);
    assert.match(body.error.message, new RegExp(`at most ${MAX_MCP_BATCH} messages`));
    assert.ok(res.body.length < 1000);
  });

  test('each message of a batch costs a token', async (t) => {
    const org = await signup(svc, 'Mcp Cost');
    const key = await mintKey(svc, org.session, ['documents:read']);
    t.after(holdClock(limited.ctx));
    const three = await post(limited, key.key, list(3));
    assert.equal(three.statusCode, 200, three.body.slice(0, 200));
    assert.equal((three.json() as unknown[]).length, 3);
    assert.equal(three.headers['ratelimit-remaining'], '1', 'a burst of 4, less 3 messages');
    const two = await post(limited, key.key, list(2));
    assert.equal(two.statusCode, 429, two.body.slice(0, 200));
    assert.equal((two.json() as { error: { code: string } }).error.code, 'rate_limited');
    // All or nothing: the refused batch spent nothing, the one token left still answers one message.
    const one = await post(limited, key.key, list(1)[0]);
    assert.equal(one.statusCode, 200, one.body.slice(0, 200));
  });
});
