// `__Host-` cookies in production (issue 35, item 7). Without the prefix a sibling subdomain (or
// anyone answering for the site over plain http) could plant docex_session or docex_csrf for the
// app's host: a session of their choosing (fixation) or a CSRF token they know. Browsers accept a
// `__Host-` cookie only with Secure, Path=/ and no Domain, from the host itself. Development over
// plain http keeps the unprefixed names, which test/app/bff.test.ts covers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { jar, setCookie } from '../app/jar.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let production: TestService;

before(async () => {
  svc = await startTestService();
  production = await svc.variant({ DOCEX_ENV: 'production' });
});
after(async () => {
  await production?.close();
  await svc?.close();
});

const HOST_SESSION = '__Host-docex_session';
const HOST_CSRF = '__Host-docex_csrf';

async function signedIn() {
  const user = await signup(svc, 'Host Cookies');
  const browser = jar(production.app);
  const anon = await browser.send('GET', '/app/api/session');
  const csrf = setCookie(anon, HOST_CSRF);
  assert.ok(csrf, `a ${HOST_CSRF} cookie: ${JSON.stringify(anon.headers['set-cookie'])}`);
  const login = await browser.send('POST', '/app/api/login', {
    body: { email: user.email, password: user.password },
    csrf: browser.cookies.get(HOST_CSRF),
  });
  assert.equal(login.statusCode, 200, login.body);
  return { browser, user, login };
}

describe('production', () => {
  test('both cookies are __Host-: Secure, Path=/, no Domain; the session one HttpOnly', async () => {
    const { login } = await signedIn();
    const session = setCookie(login, HOST_SESSION);
    const csrf = setCookie(login, HOST_CSRF);
    assert.ok(session && csrf, JSON.stringify(login.headers['set-cookie']));
    for (const c of [session, csrf]) {
      assert.match(c, /; Path=\/(;|$)/);
      assert.match(c, /; Secure/);
      assert.match(c, /SameSite=Strict/);
      assert.doesNotMatch(c, /Domain=/i);
    }
    assert.match(session, /HttpOnly/);
    assert.doesNotMatch(csrf, /HttpOnly/, 'the page reads it');
    assert.equal(setCookie(login, 'docex_session'), undefined, 'no unprefixed cookie');
  });

  test('the prefixed cookies work the app: proxy, CSRF, sign-out', async () => {
    const { browser } = await signedIn();
    const csrf = () => browser.cookies.get(HOST_CSRF) ?? '';
    const org = await browser.send('GET', '/app/api/v1/organization');
    assert.equal(org.statusCode, 200, org.body);
    const write = await browser.send('PATCH', '/app/api/v1/organization', { body: {}, csrf: csrf() });
    assert.notEqual(write.statusCode, 403, write.body);
    const forged = await browser.send('PATCH', '/app/api/v1/organization', { body: {}, csrf: 'forged' });
    assert.equal(forged.statusCode, 403);
    const out = await browser.send('POST', '/app/api/logout', { csrf: csrf() });
    assert.equal(out.statusCode, 204, out.body);
    assert.match(setCookie(out, HOST_SESSION) ?? '', /Max-Age=0/);
  });

  test('the attack: a planted unprefixed session cookie is not read', async () => {
    const user = await signup(svc, 'Fixation');
    const browser = jar(production.app);
    // What a sibling subdomain could set for the whole site: its own session, under the plain name.
    browser.cookies.set('docex_session', user.session);
    const res = await browser.send('GET', '/app/api/session');
    assert.equal((res.json() as { signed_in: boolean }).signed_in, false);
    const proxied = await browser.send('GET', '/app/api/v1/organization');
    assert.equal(proxied.statusCode, 401);
  });
});

describe('development over plain http', () => {
  test('keeps the unprefixed names and narrow paths, without Secure', async () => {
    const user = await signup(svc, 'Dev Cookies');
    const browser = jar(svc.app);
    await browser.send('GET', '/app/api/session');
    const login = await browser.send('POST', '/app/api/login', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(login.statusCode, 200, login.body);
    assert.match(setCookie(login, 'docex_session') ?? '', /; Path=\/app\/api;/);
    assert.doesNotMatch(setCookie(login, 'docex_session') ?? '', /Secure/);
    assert.equal(setCookie(login, HOST_SESSION), undefined);
  });
});
