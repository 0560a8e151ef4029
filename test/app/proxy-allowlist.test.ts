// The app's /app/api proxy forwards an allow-list of API routes, matched on the path as sent
// (CONTRACT 10). The attacks: spellings of /v1/sandbox and /v1/sessions that a blocklist missed,
// each of which would hand a session token to page scripts. None may reach a route the list
// leaves out; the app's own calls still go through.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allRoutes } from '../../src/routes.ts';
import { proxyAllowList } from '../../src/webapp/allow-list.ts';
import { ensureAppBuilt } from '../helpers/app-build.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { type Jar, jar } from './jar.ts';

let svc: TestService;
const password = 'correct horse battery staple';

before(async () => {
  await ensureAppBuilt();
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

async function signedIn(): Promise<Jar> {
  const user = await signup(svc, 'Proxy Co');
  const browser = jar(svc.app);
  await browser.send('GET', '/app/api/session');
  const res = await browser.send('POST', '/app/api/login', { body: { email: user.email, password } });
  assert.equal(res.statusCode, 200, res.body);
  return browser;
}

const BYPASSES = [
  'POST /app/api/v1/sandbox',
  'POST /app/api/v1/sandbox/',
  'POST /app/api/v1/%73andbox',
  'POST /app/api/v1/%73%61%6e%64%62%6f%78',
  'POST /app/api/v1/SANDBOX',
  'POST /app/api/v1/x/../sandbox',
  'POST /app/api/v1/x/%2e%2e/sandbox',
  'POST /app/api/v1/./sandbox',
  'POST /app/api/v1//sandbox',
  'POST /app/api/v1/sandbox%2f',
  'POST /app/api/v1/sandbox?x=1',
  'POST /app/api/v1/sessions',
  'POST /app/api/v1/sessions/',
  'POST /app/api/v1//sessions',
  'POST /app/api/v1/%73essions',
  'DELETE /app/api/v1/sessions/current',
  'POST /app/api/v1/signup',
  'POST /app/api/v1/signup/',
  'POST /app/api/v1/operator/organizations',
  'POST /app/api/v1/test_helpers/clock',
];

describe('the /app/api proxy allow-list', () => {
  it('no spelling of a credential exchange or operator path reaches the API: 404, no token', async () => {
    const browser = await signedIn();
    for (const line of BYPASSES) {
      const [method, url] = line.split(' ') as [string, string];
      const res = await browser.send(method, url, {
        ...(method === 'POST' ? { body: {} } : {}),
        idem: `idem-${Math.random().toString(36).slice(2)}`,
      });
      assert.equal(res.statusCode, 404, `${line}: ${res.body}`);
      const body = res.json() as { error: { code: string } };
      assert.equal(body.error.code, 'not_found', line);
      assert.doesNotMatch(res.body, /sess_[A-Za-z0-9]/, `${line} leaked a session token`);
    }
  });

  it("the app's own calls still go through, ids and query strings included", async () => {
    const browser = await signedIn();
    const org = await browser.send('GET', '/app/api/v1/organization');
    assert.equal(org.statusCode, 200, org.body);
    const keys = await browser.send('GET', '/app/api/v1/keys?limit=5');
    assert.equal(keys.statusCode, 200, keys.body);
    assert.equal((await browser.send('POST', '/app/api/sudo', { body: { password } })).statusCode, 200);
    const made = await browser.send('POST', '/app/api/v1/keys', {
      body: { name: 'from the app', scopes: ['documents:read'] },
      idem: `idem-${Math.random().toString(36).slice(2)}`,
    });
    assert.equal(made.statusCode, 201, made.body);
    const id = (made.json() as { id: string }).id;
    const one = await browser.send('GET', `/app/api/v1/keys/${id}`);
    assert.equal(one.statusCode, 200, one.body);
    // the same route with a trailing slash or an encoded id is not its canonical form
    assert.equal((await browser.send('GET', `/app/api/v1/keys/${id}/`)).statusCode, 404);
    assert.equal((await browser.send('GET', `/app/api/v1/keys/%6B${id.slice(1)}`)).statusCode, 404);
  });

  it('is derived from the route declarations: every route but credential exchanges and the operator', () => {
    const list = proxyAllowList(allRoutes());
    assert.equal(list.allows('GET', '/v1/documents'), true);
    assert.equal(list.allows('POST', '/v1/documents/doc_abc/issue'), true);
    assert.equal(list.allows('POST', '/v1/sandbox/bills'), true);
    assert.equal(list.allows('GET', '/v1/documents/doc_abc/issue'), false, 'the method is part of the route');
    assert.equal(list.allows('POST', '/v1/sandbox'), false);
    assert.equal(list.allows('POST', '/v1/sessions'), false);
    assert.equal(list.allows('POST', '/v1/operator/organizations'), false);
    assert.equal(list.allows('GET', '/v1/documents/doc.abc'), false, 'ids are identifier characters only');
    assert.equal(list.allows('GET', '/v1/documents/..'), false);
  });
});
