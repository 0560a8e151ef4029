// POST /v1/organization/legal_profile/copy_from_live (issue 49): a sandbox organization takes its live
// organization's legal profile as it stands; a live organization, or a live one without a profile,
// is refused with 409 and nothing changes; a replay answers the same; later changes are separate.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { sandbox } from '../helpers/payments.ts';

const PATH = '/v1/organization/legal_profile/copy_from_live';
let svc: TestService;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

interface Org {
  id: string;
  legal_profile: Record<string, unknown> | null;
}

test('a sandbox copies its live organization profile; later changes are its own', async () => {
  const sb = await sandbox(svc, 'Copy Co');
  // Nothing to copy yet: 409 naming why, the sandbox unchanged.
  const none = await svc.req<{ error: { code: string; message: string; details: { reason: string } } }>(
    'POST',
    PATH,
    { token: sb.session },
  );
  assert.equal(none.status, 409, none.text);
  assert.equal(none.body.error.details.reason, 'live_profile_missing');
  assert.match(none.body.error.message, /Copy Co has no legal profile yet/);

  const profile = {
    ...SELLER,
    payment_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  };
  const set = await svc.req('PATCH', '/v1/organization', { token: sb.owner.session, body: profile });
  assert.equal(set.status, 200, set.text);
  const live = await svc.req<Org>('GET', '/v1/organization', { token: sb.owner.session });

  const idem = crypto.randomUUID();
  const copied = await svc.req<Org>('POST', PATH, { token: sb.session, idem });
  assert.equal(copied.status, 200, copied.text);
  assert.equal(copied.body.id, sb.orgId);
  assert.deepEqual(copied.body.legal_profile, live.body.legal_profile);
  const again = await svc.req<Org>('POST', PATH, { token: sb.session, idem });
  assert.equal(again.status, 200);
  assert.equal(again.headers['idempotent-replay'], 'true');
  assert.equal(again.text, copied.text);

  // A copy: the live organization changing its profile leaves the sandbox's as copied.
  const moved = await svc.req('PATCH', '/v1/organization', {
    token: sb.owner.session,
    body: { address: { ...SELLER.address, city: 'Hamburg', postal_code: '20095' } },
  });
  assert.equal(moved.status, 200, moved.text);
  const mine = await svc.req<Org>('GET', '/v1/organization', { token: sb.session });
  assert.equal((mine.body.legal_profile?.address as { city?: string } | undefined)?.city, 'Berlin');
});

test('a live organization is told it has nothing to copy from, and keeps its profile', async () => {
  const sb = await sandbox(svc, 'Live Only Co');
  await svc.req('PATCH', '/v1/organization', { token: sb.owner.session, body: SELLER });
  const res = await svc.req<{ error: { code: string; details: { reason: string } } }>('POST', PATH, {
    token: sb.owner.session,
  });
  assert.equal(res.status, 409, res.text);
  assert.equal(res.body.error.code, 'conflict');
  assert.equal(res.body.error.details.reason, 'not_sandbox');
  const still = await svc.req<Org>('GET', '/v1/organization', { token: sb.owner.session });
  assert.equal(still.body.legal_profile?.legal_name, SELLER.legal_name);
});

test('a key cannot copy: the operation is for a signed-in admin', async () => {
  const sb = await sandbox(svc, 'Key Co');
  const res = await svc.req('POST', PATH, { token: sb.key });
  assert.ok(res.status === 401 || res.status === 403, `${res.status} ${res.text}`);
});
