// No brute force (CONTRACT 10), written as the attacks: password guessing against one email
// (5 failures in 15 minutes lock it, the right password included, through the API and the app's
// login, however many guesses arrive at once), guessing across emails from one address
// (DOCEX_AUTH_RATE_LIMIT a minute for sign-ins and signups together), an admin session and /mcp
// hammered without a rate limit; and the password hash itself (argon2id, old scrypt upgraded).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { scryptHash } from '../../src/lib/passwords.ts';
import { advanceClock, expectError, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const signIn = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  svc.req<{ token?: string; error?: { code: string } }>('POST', '/v1/sessions', {
    body: { email, password },
    remoteAddress,
  });

describe('per email: 5 failures in 15 minutes lock it', () => {
  test('five wrong passwords, then the right one: 429 with Retry-After, until the window passes', async () => {
    const u = await signup(svc, 'Guessed');
    for (let i = 0; i < 5; i++)
      expectError(await signIn(u.email, `wrong password ${i}`), 401, 'unauthorized');
    const locked = await signIn(u.email, u.password);
    expectError(locked, 429, 'rate_limited');
    const retryAfter = Number(locked.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    // the same email in another case is the same account
    expectError(await signIn(u.email.toUpperCase(), u.password), 429, 'rate_limited');
    // another email is not affected
    const other = await signup(svc, 'Bystander');
    assert.equal((await signIn(other.email, other.password)).status, 201);
    // the window passes: the right password works, and success forgets the failures
    await advanceClock(svc, 15 * 60 + 1);
    const ok = await signIn(u.email, u.password);
    assert.equal(ok.status, 201, ok.text);
    expectError(await signIn(u.email, 'wrong again'), 401, 'unauthorized');
    assert.equal((await signIn(u.email, u.password)).status, 201);
  });

  test("the app's login is the same door: locked too", async () => {
    const u = await signup(svc, 'Via App');
    for (let i = 0; i < 5; i++) expectError(await signIn(u.email, `nope ${i}`), 401, 'unauthorized');
    const app = await svc.app.inject({ method: 'GET', url: '/app/api/session' });
    const csrf = /docex_csrf=([^;]+)/.exec(String(app.headers['set-cookie']))?.[1] ?? '';
    const res = await svc.app.inject({
      method: 'POST',
      url: '/app/api/login',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `docex_csrf=${csrf}` },
      payload: JSON.stringify({ email: u.email, password: u.password }),
    });
    assert.equal(res.statusCode, 429, res.body);
    assert.equal((res.json() as { error: { code: string } }).error.code, 'rate_limited');
    assert.ok(Number(res.headers['retry-after']) > 0);
  });

  test('an unknown email is counted and answered the same way (no enumeration)', async () => {
    const email = `nobody.${Date.now()}@guess.test`;
    for (let i = 0; i < 5; i++) expectError(await signIn(email, `x ${i}`), 401, 'unauthorized');
    expectError(await signIn(email, 'y'), 429, 'rate_limited');
  });

  test('twenty guesses at once: at most 5 reach the password check, and the right one is not let in', async () => {
    const u = await signup(svc, 'Burst');
    const guesses = Array.from({ length: 20 }, (_, i) => (i === 13 ? u.password : `burst guess ${i}`));
    const results = await Promise.all(guesses.map((p) => signIn(u.email, p)));
    const checked = results.filter((r) => r.status !== 429);
    for (const r of results) assert.ok([401, 429, 201].includes(r.status), r.text);
    // At most 5 wrong guesses reach the password check in a streak. The right password ends the
    // streak (its failures are forgotten), so when the right guess was among the first five, the
    // guesses still in flight start a new streak of at most 5: at most 10 checked in all.
    const won = results.some((r) => r.status === 201);
    assert.ok(checked.length <= (won ? 10 : 5), `${checked.length} attempts reached the password check`);
    // Whatever the order, after the burst the email is locked for the right password too, unless
    // the right guess was among the first five (then it succeeded and reset the count).
    if (!won) expectError(await signIn(u.email, u.password), 429, 'rate_limited');
  });
});

describe('per address: DOCEX_AUTH_RATE_LIMIT a minute, sign-ins and signups together', () => {
  test('guessing across many emails from one address is limited; another address is not', async () => {
    const limited = await svc.variant({ DOCEX_AUTH_RATE_LIMIT: '3' });
    try {
      const addr = '192.0.2.44';
      const body = (i: number) => ({ email: `spray${i}.${Date.now()}@x.test`, password: 'whatever it is' });
      const r1 = await limited.req('POST', '/v1/sessions', { body: body(1), remoteAddress: addr });
      const r2 = await limited.req('POST', '/v1/signup', {
        body: {
          organization_name: 'Spray',
          email: `spray.${Date.now()}@x.test`,
          password: 'correct horse battery',
        },
        remoteAddress: addr,
      });
      const r3 = await limited.req('POST', '/v1/sessions', { body: body(3), remoteAddress: addr });
      assert.deepEqual([r1.status, r2.status, r3.status], [401, 201, 401]);
      const r4 = await limited.req('POST', '/v1/sessions', { body: body(4), remoteAddress: addr });
      expectError(r4, 429, 'rate_limited');
      assert.ok(Number(r4.headers['retry-after']) > 0);
      const r5 = await limited.req('POST', '/v1/signup', {
        body: {
          organization_name: 'Spray',
          email: `spray5.${Date.now()}@x.test`,
          password: 'correct horse battery',
        },
        remoteAddress: addr,
      });
      expectError(r5, 429, 'rate_limited');
      const elsewhere = await limited.req('POST', '/v1/sessions', {
        body: body(6),
        remoteAddress: '192.0.2.45',
      });
      assert.equal(elsewhere.status, 401);
      // the app's login from the same address is the same door
      const page = await limited.app.inject({ method: 'GET', url: '/app/api/session', remoteAddress: addr });
      const csrf = /docex_csrf=([^;]+)/.exec(String(page.headers['set-cookie']))?.[1] ?? '';
      const viaApp = await limited.app.inject({
        method: 'POST',
        url: '/app/api/login',
        remoteAddress: addr,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `docex_csrf=${csrf}` },
        payload: JSON.stringify(body(7)),
      });
      assert.equal(viaApp.statusCode, 429, viaApp.body);
    } finally {
      await limited.close();
    }
  });
});

describe('admin sessions and /mcp spend a bucket', () => {
  test('a session hammering an endpoint gets 429 with RateLimit headers', async () => {
    const slow = await svc.variant({ DOCEX_RATE_LIMIT: '2' });
    try {
      const u = await signup(slow, 'Hammer');
      const first = await slow.req('GET', '/v1/organization', { token: u.session });
      assert.equal(first.status, 200);
      assert.equal(first.headers['ratelimit-limit'], '4');
      const many = await Promise.all(
        Array.from({ length: 8 }, () => slow.req('GET', '/v1/organization', { token: u.session })),
      );
      const refused = many.filter((r) => r.status === 429);
      assert.ok(refused.length > 0, 'some were refused');
      expectError(refused[0]!, 429, 'rate_limited');
      assert.ok(Number(refused[0]!.headers['retry-after']) > 0);
    } finally {
      await slow.close();
    }
  });

  test('every /mcp request counts against its caller', async () => {
    const slow = await svc.variant({ DOCEX_RATE_LIMIT: '1' });
    try {
      const u = await signup(slow, 'Mcp Hammer');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await slow.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: {
            authorization: `Bearer ${u.session}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          payload: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list', params: {} }),
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          assert.equal((res.json() as { error: { code: string } }).error.code, 'rate_limited');
          assert.ok(res.headers['retry-after']);
        }
      }
      assert.ok(statuses.includes(429), `statuses ${statuses.join(',')}`);
    } finally {
      await slow.close();
    }
  });
});

describe('password hashes', () => {
  test('new passwords are argon2id with OWASP parameters; a 1.14.0 scrypt hash signs in and is upgraded', async () => {
    const u = await signup(svc, 'Hashes');
    const row = await svc.ctx.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', u.email)
      .executeTakeFirstOrThrow();
    assert.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // As 1.14.0 stored it.
    const salt = randomBytes(16);
    const key = await scryptHash(u.password, salt, 1 << 15, 8, 1);
    const old = `scrypt$${1 << 15}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    await svc.ctx.db.updateTable('users').set({ password_hash: old }).where('id', '=', row.id).execute();
    expectError(await signIn(u.email, 'not the password'), 401, 'unauthorized');
    assert.equal(
      (
        await svc.ctx.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).password_hash,
      old,
      'a wrong password upgrades nothing',
    );
    assert.equal((await signIn(u.email, u.password)).status, 201);
    const upgraded = await svc.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    assert.match(upgraded.password_hash, /^\$argon2id\$/);
    assert.equal((await signIn(u.email, u.password)).status, 201, 'and it still signs in');
  });
});
