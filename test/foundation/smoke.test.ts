import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mintKey, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

test('signup, key, authenticated read', async () => {
  const a = await signup(svc);
  const key = await mintKey(svc, a.session, ['documents:read']);
  assert.match(key.key, /^rk_live_[0-9A-Za-z]{32}$/);
  const res = await svc.req<{ id: string }>('GET', '/v1/organization', { token: key.key });
  assert.equal(res.status, 200);
  assert.equal(res.body.id, a.orgId);
  assert.equal(res.headers['svc-api-version'], '1.14.0');
});
