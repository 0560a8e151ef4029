// The production URL policy (CONTRACT 0): https only, public addresses only, checked at
// registration and again at delivery, where the DNS answer is pinned for the connection.
import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { describe, test } from 'node:test';
import { newId } from '../../src/lib/ids.ts';
import { checkWebhookUrl, isForbiddenAddress } from '../../src/lib/net-policy.ts';
import { generateWebhookSecret } from '../../src/modules/webhooks/signing.ts';
import { expectError, signup } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import { deliveries, drain, emit, type Receiver, serviceWithReceiver } from './helpers.ts';

let svc: TestService;
let r: Receiver;
serviceWithReceiver(
  (s, receiver) => {
    svc = s;
    r = receiver;
  },
  { DOCEX_ENV: 'production' },
);

/** A name of this machine that resolves (through /etc/hosts, no network) to a non-public address. */
async function inwardHostname(): Promise<string | null> {
  const name = hostname();
  try {
    const addresses = await lookup(name, { all: true });
    return addresses.length > 0 && addresses.every((a) => isForbiddenAddress(a.address)) ? name : null;
  } catch {
    return null;
  }
}

/** Plants an endpoint row directly, as if the policy had been looser when it was registered. */
async function plantEndpoint(organizationId: string, url: string): Promise<string> {
  const id = newId('whe');
  const now = svc.ctx.clock.now();
  await svc.ctx.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      organization_id: organizationId,
      url,
      events: [],
      status: 'ACTIVE',
      disabled_reason: null,
      secret: svc.ctx.secrets.sealer.seal(generateWebhookSecret()),
      previous_secret: null,
      previous_secret_valid_until: null,
      consecutive_failures: 0,
      last_success_at: null,
      last_failure_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describe('production URL policy', () => {
  test('registration refuses http, loopback, private, link-local and multicast destinations', async () => {
    const a = await signup(svc, 'Prod');
    const refused = [
      'http://example.com/hooks',
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://api.localhost/hooks',
      'https://[::1]/hooks',
      'https://10.0.0.7/hooks',
      'https://192.168.1.1/hooks',
      'https://172.16.5.4/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/',
      'https://224.0.0.1/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://0.0.0.0/',
    ];
    for (const url of refused) {
      const res = await svc.req<{ error: { details: { errors: Array<{ path: string }> } } }>(
        'POST',
        '/v1/webhooks',
        {
          token: a.session,
          body: { url, events: [] },
        },
      );
      expectError(res, 400, 'invalid_request');
      assert.equal(res.body.error.details.errors[0]!.path, 'url', url);
    }
    const inward = await inwardHostname();
    if (inward) {
      const res = await svc.req<{ error: { message: string } }>('POST', '/v1/webhooks', {
        token: a.session,
        body: { url: `https://${inward}/hooks`, events: [] },
      });
      expectError(res, 400, 'invalid_request');
      assert.match(res.body.error.message, /public/);
    }
    // A public literal address over https is accepted: shown with the policy function itself, so no
    // test ever registers a live endpoint that the worker could send to outside this machine.
    const accepted = checkWebhookUrl('https://93.184.215.14/hooks', { production: true });
    assert.equal(accepted.ok, true);
    // PATCH is held to the same rule (the endpoint is planted on loopback, as a looser policy could have let in).
    const planted = await plantEndpoint(a.orgId, `${r.url}`);
    expectError(
      await svc.req('PATCH', `/v1/webhooks/${planted}`, {
        token: a.session,
        body: { url: 'https://127.0.0.1/' },
      }),
      400,
      'invalid_request',
    );
    await svc.req('DELETE', `/v1/webhooks/${planted}`, { token: a.session });
  });

  test('delivery re-checks: a planted loopback endpoint is never connected to', async (t) => {
    const a = await signup(svc, 'Planted');
    const port = new URL(r.url).port;
    const targets = [`http://127.0.0.1:${port}/hooks`, `https://127.0.0.1:${port}/hooks`];
    const inward = await inwardHostname();
    // A name the URL check cannot judge: only the pinned lookup at connect time catches it.
    if (inward) targets.push(`https://${inward}:${port}/hooks`);
    else
      t.diagnostic(
        'no local hostname resolves to a non-public address here: the pinned-lookup case is not run',
      );
    const ids = [];
    for (const url of targets) ids.push(await plantEndpoint(a.orgId, url));
    await emit(svc, a.orgId);
    await drain(svc);
    assert.equal(r.received.length, 0, 'nothing reached the loopback receiver');
    for (const id of ids) {
      const [d] = await deliveries(svc, a.session, id);
      assert.equal(d!.status, 'pending', 'a refused attempt is a failed attempt, retried on schedule');
      assert.equal(d!.attempts.length, 1);
      assert.equal(d!.attempts[0]!.status_code, null);
      assert.match(d!.attempts[0]!.error ?? '', /refused/);
    }
    if (inward) {
      const [d] = await deliveries(svc, a.session, ids[2]!);
      assert.match(d!.attempts[0]!.error ?? '', /address refused: .* not a public address/);
    }
    // The ping goes through the same check.
    const ping = await svc.req<{ status: string; attempts: Array<{ error: string }> }>(
      'POST',
      `/v1/webhooks/${ids[1]}/ping`,
      { token: a.session },
    );
    assert.equal(ping.status, 200);
    assert.equal(ping.body.status, 'failed');
    assert.match(ping.body.attempts[0]!.error, /refused/);
    assert.equal(r.received.length, 0);
  });
});
