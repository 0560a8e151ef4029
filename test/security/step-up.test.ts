// Step-up for credential-making routes through the web app (issue 35, item 7), written as the
// attack: a script running in the page (it has the CSRF cookie, and the browser sends the HttpOnly
// session cookie for it) calls POST /app/api/v1/keys through the proxy and carries a full API key
// secret away. Now every operation whose answer holds a secret needs the password confirmed within
// 10 minutes (POST /app/api/sudo), which the script cannot read.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allRoutes } from '../../src/routes.ts';
import { STEP_UP_MS, STEP_UP_OPERATIONS } from '../../src/webapp/step-up.ts';
import { jar } from '../app/jar.ts';
import { advanceClock, type SignedUp, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

async function signedIn(user?: SignedUp) {
  const u = user ?? (await signup(svc, 'Step Up'));
  const browser = jar(svc.app);
  await browser.send('GET', '/app/api/session');
  const login = await browser.send('POST', '/app/api/login', {
    body: { email: u.email, password: u.password },
  });
  assert.equal(login.statusCode, 200, login.body);
  return { browser, user: u };
}

type Envelope = { error: { code: string; message: string; details: { reason?: string } } };

function refusedForPassword(res: { statusCode: number; json(): unknown; body: string }): void {
  assert.equal(res.statusCode, 403, res.body);
  const body = res.json() as Envelope;
  assert.equal(body.error.code, 'forbidden');
  assert.equal(body.error.details.reason, 'password_confirmation_required');
  assert.match(body.error.message, /POST \/app\/api\/sudo/);
}

describe('the attack: a page script mints a key through the proxy', () => {
  test('POST /app/api/v1/keys without a confirmed password: 403, no key made, no secret', async () => {
    const { browser } = await signedIn();
    const res = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 'exfiltrated', scopes: ['documents:read', 'payments:write'] },
    });
    refusedForPassword(res);
    assert.doesNotMatch(res.body, /rk_(live|test)_/);
    const list = await browser.send('GET', '/app/api/v1/keys');
    assert.equal((list.json() as { data: unknown[] }).data.length, 0, 'nothing was minted');
  });

  test('webhook endpoint creation and secret rotation, key rotation: the same', async () => {
    const { browser, user } = await signedIn();
    // Made with the session directly (the API itself is unchanged: bearer only).
    const key = await svc.req<{ id: string }>('POST', '/v1/keys', {
      token: user.session,
      body: { name: 'k', scopes: ['documents:read'] },
    });
    const hook = await svc.req<{ id: string }>('POST', '/v1/webhooks', {
      token: user.session,
      body: { url: 'http://127.0.0.1:9/hook', events: [] },
    });
    refusedForPassword(
      await browser.send('POST', '/app/api/v1/webhooks', {
        body: { url: 'http://127.0.0.1:9/x', events: [] },
      }),
    );
    refusedForPassword(await browser.send('POST', `/app/api/v1/webhooks/${hook.body.id}/rotate_secret`));
    refusedForPassword(await browser.send('POST', `/app/api/v1/keys/${key.body.id}/rotate`));
    // What answers no secret goes through as before.
    assert.equal((await browser.send('GET', '/app/api/v1/webhooks')).statusCode, 200);
    assert.equal((await browser.send('POST', `/app/api/v1/keys/${key.body.id}/revoke`)).statusCode, 200);
  });

  test('guessing at /app/api/sudo is a sign-in failure: the fifth wrong password locks the email', async () => {
    const { browser } = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await browser.send('POST', '/app/api/sudo', { body: { password: `guess number ${i}` } });
      statuses.push(res.statusCode);
    }
    // 403 password_incorrect (never 401: the session itself is fine), then 429.
    assert.deepEqual(statuses, [403, 403, 403, 403, 403, 429]);
    const still = await browser.send('GET', '/app/api/v1/organization');
    assert.equal(still.statusCode, 200, 'a wrong password does not end the session');
    refusedForPassword(
      await browser.send('POST', '/app/api/v1/keys', { body: { name: 'k', scopes: ['documents:read'] } }),
    );
  });

  test('sudo needs the CSRF token and a session', async () => {
    const { browser, user } = await signedIn();
    const noCsrf = await browser.send('POST', '/app/api/sudo', {
      body: { password: user.password },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 403);
    const anonymous = jar(svc.app);
    await anonymous.send('GET', '/app/api/session');
    const res = await anonymous.send('POST', '/app/api/sudo', { body: { password: user.password } });
    assert.equal(res.statusCode, 401);
  });
});

describe('the user confirms', () => {
  test('the password confirms the session for 10 minutes, then it is asked again', async () => {
    const { browser, user } = await signedIn();
    const before = await browser.send('GET', '/app/api/sudo');
    assert.deepEqual(before.json(), { confirmed_until: null });
    const sudo = await browser.send('POST', '/app/api/sudo', { body: { password: user.password } });
    assert.equal(sudo.statusCode, 200, sudo.body);
    const until = (sudo.json() as { confirmed_until: string }).confirmed_until;
    assert.deepEqual((await browser.send('GET', '/app/api/sudo')).json(), { confirmed_until: until });
    const made = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 'mine', scopes: ['documents:read'] },
    });
    assert.equal(made.statusCode, 201, made.body);
    assert.match((made.json() as { key: string }).key, /^rk_live_/);
    const hook = await browser.send('POST', '/app/api/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/hook', events: [] },
    });
    assert.equal(hook.statusCode, 201, hook.body);
    assert.match((hook.json() as { secret: string }).secret, /^whsec_/);

    await advanceClock(svc, STEP_UP_MS / 1000 + 1);
    refusedForPassword(
      await browser.send('POST', '/app/api/v1/keys', { body: { name: 'later', scopes: ['documents:read'] } }),
    );
  });

  test('the confirmation belongs to its session: another sign-in of the same user is not confirmed', async () => {
    const { browser, user } = await signedIn();
    await browser.send('POST', '/app/api/sudo', { body: { password: user.password } });
    const other = await signedIn(user);
    refusedForPassword(
      await other.browser.send('POST', '/app/api/v1/keys', {
        body: { name: 'k', scopes: ['documents:read'] },
      }),
    );
  });
});

describe('coverage', () => {
  test('every proxied operation whose answer can hold a secret needs the step-up', () => {
    const holdsSecret = (schema: unknown): boolean => {
      if (!schema || typeof schema !== 'object') return false;
      const o = schema as Record<string, unknown>;
      const props = (o.properties ?? {}) as Record<string, unknown>;
      if (Object.keys(props).some((k) => /^(key|secret|token)$/.test(k))) return true;
      return (
        Object.values(props).some(holdsSecret) ||
        [o.items, o.anyOf, o.oneOf, o.allOf].flat().some(holdsSecret)
      );
    };
    // Reads and revocations list keys and endpoints with the secret left out (the schemas keep the
    // property optional); only these make or rotate one.
    const makes = (r: { method: string; url: string }) =>
      r.method === 'POST' && !/\/(revoke|enable|ping|redeliver)$/.test(r.url);
    const expected = allRoutes()
      .filter(
        (r) =>
          r.auth !== 'operator' && !['signup', 'createSession', 'provisionSandbox'].includes(r.operationId),
      )
      .filter((r) => makes(r) && holdsSecret(r.response.schema))
      .map((r) => r.operationId)
      .sort();
    assert.deepEqual([...STEP_UP_OPERATIONS].sort(), expected);
  });
});
