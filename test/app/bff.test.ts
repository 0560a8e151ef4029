// The web app's backend-for-frontend (/app/api): the session cookie, CSRF on every write, the
// proxy that turns the cookie into a bearer credential on the very same API, live ⇄ sandbox
// switching, and the static app under /app. The public API itself stays bearer-only.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { API_VERSION } from '../../src/version.ts';
import { ensureAppBuilt } from '../helpers/app-build.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { type Jar, jar, setCookie } from './jar.ts';

let svc: TestService;
const password = 'correct horse battery staple';

before(async () => {
  await ensureAppBuilt();
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

function errorCode(res: { json(): unknown }): string | undefined {
  return (res.json() as { error?: { code?: string } }).error?.code;
}

async function signedIn(): Promise<{ browser: Jar; email: string; orgId: string }> {
  const user = await signup(svc, 'Cookie Co');
  const browser = jar(svc.app);
  await browser.send('GET', '/app/api/session');
  const res = await browser.send('POST', '/app/api/login', { body: { email: user.email, password } });
  assert.equal(res.statusCode, 200, res.body);
  return { browser, email: user.email, orgId: user.orgId };
}

describe('session cookie and CSRF', () => {
  it('hands an anonymous browser a readable CSRF cookie and no session', async () => {
    const b = jar(svc.app);
    const res = await b.send('GET', '/app/api/session');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { signed_in: false, signup_open: true });
    const csrf = setCookie(res, 'docex_csrf');
    assert.ok(csrf, 'a CSRF cookie is set');
    assert.match(csrf, /; Path=\/app;/);
    assert.match(csrf, /SameSite=Strict/);
    assert.doesNotMatch(csrf, /HttpOnly/, 'the page must be able to read it');
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('signs in into an HttpOnly, SameSite=Strict cookie and never shows the token to the page', async () => {
    const user = await signup(svc, 'Cookie Co');
    const b = jar(svc.app);
    await b.send('GET', '/app/api/session');
    const anonymous = b.csrf();
    const res = await b.send('POST', '/app/api/login', { body: { email: user.email, password } });
    assert.equal(res.statusCode, 200, res.body);
    const cookie = setCookie(res, 'docex_session');
    assert.ok(cookie);
    assert.match(cookie, /^docex_session=sess_/);
    assert.match(cookie, /; Path=\/app\/api;/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.doesNotMatch(cookie, /Secure/, 'plain http: a Secure cookie would never come back');
    assert.doesNotMatch(res.body, /sess_/, 'the session token is not in the body');
    const body = res.json() as { signed_in: boolean; user: { email: string }; organization: { id: string } };
    assert.equal(body.signed_in, true);
    assert.equal(body.user.email, user.email);
    assert.equal(body.organization.id, user.orgId);
    assert.notEqual(b.csrf(), anonymous, 'a new CSRF token, bound to the new session');
  });

  it('refuses a wrong password with the API answer', async () => {
    const user = await signup(svc, 'Cookie Co');
    const b = jar(svc.app);
    await b.send('GET', '/app/api/session');
    const res = await b.send('POST', '/app/api/login', {
      body: { email: user.email, password: 'wrong password!!' },
    });
    assert.equal(res.statusCode, 401);
    assert.equal(errorCode(res), 'unauthorized');
    assert.equal(setCookie(res, 'docex_session'), undefined);
  });

  it('refuses writes without the CSRF header, with a wrong one, or from another origin', async () => {
    const { browser } = await signedIn();
    const body = { name: 'k', scopes: ['documents:read'] };
    for (const [label, opts] of [
      ['no header', { csrf: false as const }],
      ['wrong header', { csrf: 'not-the-token' }],
      ['another origin', { headers: { origin: 'https://evil.example' } }],
      ['cross-site fetch', { headers: { 'sec-fetch-site': 'cross-site' } }],
    ] as const) {
      const res = await browser.send('POST', '/app/api/v1/keys', { body, ...opts });
      assert.equal(res.statusCode, 403, `${label}: ${res.body}`);
      assert.equal(errorCode(res), 'forbidden', label);
    }
    const login = jar(svc.app);
    await login.send('GET', '/app/api/session');
    const res = await login.send('POST', '/app/api/login', {
      body: { email: 'x@y.test', password },
      csrf: false,
    });
    assert.equal(res.statusCode, 403, 'sign-in needs the double submit too');
  });

  it('binds the CSRF token to the session: a token planted before sign-in does not work after', async () => {
    const { browser } = await signedIn();
    const planted = 'anon_planted_by_a_sibling_subdomain_123';
    browser.cookies.set('docex_csrf', planted);
    const res = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 'k', scopes: ['documents:read'] },
      csrf: planted,
    });
    assert.equal(res.statusCode, 403);
    assert.equal(errorCode(res), 'forbidden');
  });

  it('marks the cookies Secure when the deployment is served over https', async () => {
    const https = await svc.variant({ DOCEX_BASE_URL: 'https://docex.example' });
    try {
      const user = await signup(https, 'Secure Co');
      const b = jar(https.app);
      await b.send('GET', '/app/api/session');
      const res = await b.send('POST', '/app/api/login', {
        body: { email: user.email, password },
        headers: { host: 'docex.example' },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(setCookie(res, 'docex_session') ?? '', /; Secure/);
      assert.match(setCookie(res, 'docex_csrf') ?? '', /; Secure/);
    } finally {
      await https.close();
    }
  });
});

describe('the proxy to the API', () => {
  it('acts with the cookie session and applies the API rules unchanged', async () => {
    const { browser, orgId } = await signedIn();
    const org = await browser.send('GET', '/app/api/v1/organization');
    assert.equal(org.statusCode, 200);
    assert.equal((org.json() as { id: string }).id, orgId);
    assert.equal(org.headers['svc-api-version'], API_VERSION);
    assert.equal(org.headers['cache-control'], 'no-store');
    // Minting a key answers its secret: through the app, only after the password again (step-up).
    const sudo = await browser.send('POST', '/app/api/sudo', { body: { password } });
    assert.equal(sudo.statusCode, 200, sudo.body);

    // No Idempotency-Key: refused by the API's own rule, before anything happens.
    const noKey = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 'k', scopes: ['documents:read'] },
      idem: null,
    });
    assert.equal(noKey.statusCode, 400, noKey.body);
    assert.equal(errorCode(noKey), 'invalid_request');

    const idem = `app-test-${Date.now()}`;
    const minted = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 'k', scopes: ['documents:read'] },
      idem,
    });
    assert.equal(minted.statusCode, 201, minted.body);
    const replay = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 'k', scopes: ['documents:read'] },
      idem,
    });
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(replay.body, minted.body, 'the original answer, byte for byte');

    const unknown = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 'k', scopes: [], extra: 1 },
    });
    assert.equal(unknown.statusCode, 400);
    assert.equal(errorCode(unknown), 'invalid_request');
  });

  it('answers 401 without a session and clears a dead cookie', async () => {
    const b = jar(svc.app);
    const res = await b.send('GET', '/app/api/v1/organization');
    assert.equal(res.statusCode, 401);
    assert.equal(errorCode(res), 'unauthorized');
    b.cookies.set('docex_session', 'sess_not_a_real_session_token_at_all');
    const dead = await b.send('GET', '/app/api/v1/organization');
    assert.equal(dead.statusCode, 401);
    assert.match(setCookie(dead, 'docex_session') ?? '', /Max-Age=0/);
    // The app's own reads answer the same way.
    b.cookies.delete('docex_session');
    const none = await b.send('GET', '/app/api/finance/setup');
    assert.equal(none.statusCode, 401);
    assert.equal(errorCode(none), 'unauthorized');
    b.cookies.set('docex_session', 'sess_not_a_real_session_token_at_all');
    const gone = await b.send('GET', '/app/api/finance/setup');
    assert.equal(gone.statusCode, 401);
    assert.match(setCookie(gone, 'docex_session') ?? '', /Max-Age=0/);
  });

  it('keeps credential exchanges and the operator paths out of reach', async () => {
    const { browser } = await signedIn();
    for (const [method, url] of [
      ['POST', '/app/api/v1/sessions'],
      ['DELETE', '/app/api/v1/sessions/current'],
      ['POST', '/app/api/v1/signup'],
      ['POST', '/app/api/v1/sandbox'],
      ['POST', '/app/api/v1/operator/organizations'],
      ['GET', '/app/api/v1/test_helpers/clock'],
    ] as const) {
      const res = await browser.send(method, url, method === 'GET' ? {} : { body: {} });
      assert.equal(res.statusCode, 404, `${method} ${url}: ${res.body}`);
      assert.doesNotMatch(res.body, /sess_/);
    }
  });

  it('leaves the public API bearer-only: the cookie alone opens nothing there', async () => {
    const { browser } = await signedIn();
    const res = await svc.app.inject({
      method: 'GET',
      url: '/v1/organization',
      headers: { cookie: `docex_session=${browser.session()}` },
    });
    assert.equal(res.statusCode, 401);
  });
});

describe('finance through the proxy', () => {
  it('refuses an unverified organization, then PUTs the sandbox setup under the API rules', async () => {
    const { browser } = await signedIn();
    // A live organization that has not completed verification: the API's refusal, as it gave it.
    const live = await browser.send('GET', '/app/api/v1/finance/setup');
    assert.equal(live.statusCode, 403, live.body);
    assert.equal(errorCode(live), 'capability_unavailable');
    const livePage = await browser.send('GET', '/app/api/finance/setup');
    assert.equal(livePage.statusCode, 403, 'the page read relays every refusal but "not set up yet"');
    assert.equal(livePage.body, live.body);
    const refusal = live.json() as { error: { message: string; details: { capability: string } } };
    assert.equal(refusal.error.details.capability, 'finance');
    assert.match(refusal.error.message, /verified organizations only/);

    const sb = await browser.send('POST', '/app/api/sandbox', {
      headers: { 'idempotency-key': `sb-fin-${Date.now()}` },
    });
    assert.equal(sb.statusCode, 201, sb.body);
    const none = await browser.send('GET', '/app/api/v1/finance/setup');
    assert.equal(none.statusCode, 404, 'no setup before the first PUT');
    // The page's own read of the same state: not an error, so the browser logs no failed request.
    const pageRead = await browser.send('GET', '/app/api/finance/setup');
    assert.equal(pageRead.statusCode, 200, pageRead.body);
    assert.deepEqual(pageRead.json(), { setup: null });
    assert.equal(pageRead.headers['cache-control'], 'no-store');
    const accounts = await browser.send('GET', '/app/api/v1/treasury/accounts');
    const usd = (accounts.json() as { data: { id: string; currency: string }[] }).data.find(
      (a) => a.currency === 'USD',
    )!;
    const body = { settlement_account_id: usd.id, funding_account_id: usd.id };

    const noCsrf = await browser.send('PUT', '/app/api/v1/finance/setup', { body, csrf: false });
    assert.equal(noCsrf.statusCode, 403);
    assert.equal((noCsrf.json() as { error: { details: { reason: string } } }).error.details.reason, 'csrf');
    const noKey = await browser.send('PUT', '/app/api/v1/finance/setup', { body, idem: null });
    assert.equal(noKey.statusCode, 400, 'PUT is a write: the API wants an Idempotency-Key');

    const idem = `app-fin-${Date.now()}`;
    const put = await browser.send('PUT', '/app/api/v1/finance/setup', { body, idem });
    assert.equal(put.statusCode, 200, put.body);
    const setup = put.json() as { settlement_account_id: string; standing_authorization: { digest: string } };
    assert.equal(setup.settlement_account_id, usd.id);
    assert.match(setup.standing_authorization.digest, /^[0-9a-f]{64}$/);
    const replay = await browser.send('PUT', '/app/api/v1/finance/setup', { body, idem });
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(replay.body, put.body, 'the original answer, byte for byte');
    const read = await browser.send('GET', '/app/api/v1/finance/setup');
    assert.equal(
      (read.json() as typeof setup).standing_authorization.digest,
      setup.standing_authorization.digest,
    );
    const pageAfter = await browser.send('GET', '/app/api/finance/setup');
    assert.deepEqual(pageAfter.json(), { setup: read.json() });
  });
});

describe('live and sandbox', () => {
  it('provisions the sandbox into the cookie and switches back and forth without the password', async () => {
    const { browser, orgId } = await signedIn();
    const liveToken = browser.session()!;
    const res = await browser.send('POST', '/app/api/sandbox', {
      headers: { 'idempotency-key': `sb-${Date.now()}` },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.doesNotMatch(res.body, /sess_/, 'the sandbox session is not shown to the page');
    const body = res.json() as {
      sandbox: { organization: { id: string; environment: string }; counterparty: { id: string } };
      organization: { id: string };
      organizations: { id: string; environment: string }[];
    };
    assert.equal(body.sandbox.organization.environment, 'sandbox');
    assert.equal(body.organization.id, body.sandbox.organization.id);
    assert.deepEqual(
      body.organizations.map((o) => o.environment),
      ['live', 'sandbox'],
      'the demo counterparty is not among the choices',
    );
    const replaced = await svc.req('GET', '/v1/organization', { token: liveToken });
    assert.equal(replaced.status, 401, 'the live session the cookie held was ended');

    // The sandbox's session is a new one: its password confirmation is its own.
    await browser.send('POST', '/app/api/sudo', { body: { password } });
    const keys = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 's', scopes: ['documents:read'] },
    });
    assert.match((keys.json() as { key: string }).key, /^rk_test_/);

    const back = await browser.send('POST', '/app/api/switch', { body: { organization_id: orgId } });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal((back.json() as { organization: { environment: string } }).organization.environment, 'live');
    const org = await browser.send('GET', '/app/api/v1/organization');
    assert.equal((org.json() as { id: string }).id, orgId);

    const demo = await browser.send('POST', '/app/api/switch', {
      body: { organization_id: body.sandbox.counterparty.id },
    });
    assert.equal(demo.statusCode, 404, 'the demo counterparty is not a membership');
  });

  it("refuses to switch into another user's organization", async () => {
    const { browser } = await signedIn();
    const other = await signup(svc, 'Other Co');
    const res = await browser.send('POST', '/app/api/switch', { body: { organization_id: other.orgId } });
    assert.equal(res.statusCode, 404);
    assert.equal(errorCode(res), 'not_found');
    const still = await browser.send('GET', '/app/api/session');
    assert.equal((still.json() as { signed_in: boolean }).signed_in, true, 'the current session is kept');
  });
});

describe('sign-up and sign-out', () => {
  it('signs up through POST /v1/signup and relays its refusals', async () => {
    const b = jar(svc.app);
    await b.send('GET', '/app/api/session');
    const email = `new.${Date.now()}@signup.test`;
    const res = await b.send('POST', '/app/api/signup', {
      body: { organization_name: 'New Co', email, password },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.doesNotMatch(res.body, /sess_/);
    assert.ok(b.session());
    const again = jar(svc.app);
    await again.send('GET', '/app/api/session');
    const dup = await again.send('POST', '/app/api/signup', {
      body: { organization_name: 'New Co', email, password },
    });
    assert.equal(dup.statusCode, 409);
    assert.equal(errorCode(dup), 'conflict');
    const short = await again.send('POST', '/app/api/signup', {
      body: { organization_name: 'X', email: `s.${email}`, password: 'short' },
    });
    assert.equal(short.statusCode, 400);
  });

  it('signs out: the session ends at the API, the cookie is cleared', async () => {
    const { browser } = await signedIn();
    const token = browser.session()!;
    const res = await browser.send('POST', '/app/api/logout');
    assert.equal(res.statusCode, 204);
    assert.match(setCookie(res, 'docex_session') ?? '', /Max-Age=0/);
    assert.equal(browser.session(), undefined);
    const gone = await svc.req('GET', '/v1/organization', { token });
    assert.equal(gone.status, 401);
  });
});

describe('the app under /app', () => {
  it('serves the index page for app routes, with a strict content security policy', async () => {
    for (const url of ['/app', '/app/', '/app/documents/doc_123', '/app/keys']) {
      const res = await svc.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(res.body, /<div id="root">/);
      assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.equal(res.headers['x-frame-options'], 'DENY');
    }
  });

  it('/v1/docs and /v1/openapi.json carry the same security headers as /app (CONTRACT 10)', async () => {
    const app = await svc.app.inject({ method: 'GET', url: '/app/' });
    for (const url of ['/v1/docs', '/v1/openapi.json']) {
      const res = await svc.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      for (const h of ['x-content-type-options', 'x-frame-options', 'referrer-policy']) {
        assert.equal(res.headers[h], app.headers[h], `${url} ${h}`);
      }
      const policy = String(res.headers['content-security-policy']);
      for (const directive of String(app.headers['content-security-policy']).split('; ')) {
        // the docs page may name its own inline style by hash; everything else is the app's policy
        if (directive.startsWith('style-src'))
          assert.match(policy, /style-src 'self'( 'sha256-[^']+')?(;|$)/, url);
        else assert.ok(policy.split('; ').includes(directive), `${url}: ${directive}`);
      }
    }
    // The docs page's one inline style is the one its hash allows, byte for byte.
    const docs = await svc.app.inject({ method: 'GET', url: '/v1/docs' });
    const css = /<style>([\s\S]*?)<\/style>/.exec(docs.body)?.[1] ?? '';
    const hash = createHash('sha256').update(css, 'utf8').digest('base64');
    assert.ok(String(docs.headers['content-security-policy']).includes(`'sha256-${hash}'`));
  });

  it('serves hashed assets for good and refuses missing files and escapes', async () => {
    const index = await svc.app.inject({ method: 'GET', url: '/app/' });
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    assert.ok(script, 'the index page loads a bundled script');
    const js = await svc.app.inject({ method: 'GET', url: script });
    assert.equal(js.statusCode, 200);
    assert.match(String(js.headers['content-type']), /^text\/javascript/);
    assert.match(String(js.headers['cache-control']), /immutable/);

    const missing = await svc.app.inject({ method: 'GET', url: '/app/assets/nope.js' });
    assert.equal(missing.statusCode, 404);
    for (const url of [
      '/app/..%2f..%2fpackage.json',
      '/app/%2e%2e/%2e%2e/package.json',
      '/app/assets/..%2f..%2f..%2fpackage.json',
    ]) {
      const res = await svc.app.inject({ method: 'GET', url });
      assert.doesNotMatch(res.body, /"name": "docex"/, url);
    }
    const api = await svc.app.inject({ method: 'GET', url: '/app/api/nothing-here' });
    assert.equal(api.statusCode, 404);
    assert.equal(errorCode(api), 'not_found');
  });
});
