// Deliveries to real local receivers: the body, the headers, signatures checked with
// verifyWebhook AND with independent node:crypto code, rotation, subscriptions, sandbox, ping.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { verifyWebhook, WebhookVerificationError } from '../../src/verify-webhook.ts';
import { advanceClock, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  createEndpoint,
  deliveries,
  drain,
  emit,
  freshSession,
  getEndpoint,
  type Received,
  type Receiver,
  startReceiver,
} from './helpers.ts';

let svc: TestService;
const receivers: Receiver[] = [];
before(async () => {
  svc = await startTestService();
});
after(async () => {
  for (const r of receivers) await r.close();
  await svc?.close();
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

function header(r: Received, name: string): string {
  const v = r.headers[name];
  assert.equal(typeof v, 'string', `header ${name}`);
  return v as string;
}

/** Independent check of the Svc scheme (SPEC 6.3), written from the spec, not from src/. */
function svcEntriesMatching(r: Received, secret: string): number[] {
  const parts = header(r, 'svc-signature').split(',');
  const t = parts.find((p) => p.startsWith('t='))?.slice(2);
  assert.ok(t, 't= present');
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.concat([Buffer.from(`${t}.`, 'utf8'), r.rawBody]))
    .digest();
  const v1 = parts.filter((p) => p.startsWith('v1=')).map((p) => Buffer.from(p.slice(3), 'hex'));
  return v1.flatMap((sig, i) => (sig.length === 32 && timingSafeEqual(sig, expected) ? [i] : []));
}

/** Independent check of the Standard Webhooks scheme. */
function standardEntriesMatching(r: Received, secret: string): number[] {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = Buffer.concat([
    Buffer.from(`${header(r, 'webhook-id')}.${header(r, 'webhook-timestamp')}.`, 'utf8'),
    r.rawBody,
  ]);
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return header(r, 'webhook-signature')
    .split(' ')
    .flatMap((entry, i) => (entry === `v1,${expected}` ? [i] : []));
}

describe('a delivery', () => {
  test('carries the stored envelope byte for byte, signed by both schemes', async () => {
    const a = await signup(svc, 'Sender');
    const r = await receiver();
    const ep = await createEndpoint(svc, a.session, r.url);
    const [env] = await emit(svc, a.orgId, 'document.created', {
      document: { id: 'doc_1', notes: 'für März — 10 €' },
    });
    assert.ok(env);
    await drain(svc);
    assert.equal(r.received.length, 1);
    const got = r.received[0]!;

    const stored = await svc.ctx.db
      .selectFrom('events')
      .select('envelope')
      .where('id', '=', env.id)
      .executeTakeFirstOrThrow();
    assert.equal(got.rawBody.toString('utf8'), stored.envelope, 'the body is exactly the stored envelope');
    assert.equal(got.body.id, env.id);
    assert.equal(got.body.type, 'document.created');
    assert.equal(got.body.sandbox, undefined, 'live deliveries carry no sandbox field');
    assert.equal(got.headers['content-type'], 'application/json');

    // Header set and consistency (CONTRACT 5).
    const t = header(got, 'svc-webhook-timestamp');
    assert.equal(header(got, 'svc-webhook-id'), env.id);
    assert.equal(header(got, 'webhook-id'), env.id);
    assert.equal(header(got, 'webhook-timestamp'), t);
    assert.match(header(got, 'svc-signature'), /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(header(got, 'svc-signature'), `t=${t},${header(got, 'svc-webhook-signature')}`);
    // The signed timestamp is the service clock.
    const serviceNow = Math.floor(svc.ctx.clock.now().getTime() / 1000);
    assert.ok(Math.abs(Number(t) - serviceNow) <= 2);

    assert.deepEqual(svcEntriesMatching(got, ep.secret), [0]);
    assert.deepEqual(standardEntriesMatching(got, ep.secret), [0]);
    const event = verifyWebhook({
      rawBody: got.rawBody,
      headers: got.headers,
      secrets: ep.secret,
      now: svc.ctx.clock.now(),
    });
    assert.equal(event.id, env.id);
    assert.throws(
      () =>
        verifyWebhook({
          rawBody: got.rawBody,
          headers: got.headers,
          secrets: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
          now: svc.ctx.clock.now(),
        }),
      (err: unknown) => err instanceof WebhookVerificationError && err.reason === 'no_matching_signature',
    );

    const [d] = await deliveries(svc, a.session, ep.id);
    assert.ok(d);
    assert.equal(d.status, 'succeeded');
    assert.equal(d.event_id, env.id);
    assert.equal(d.event_type, 'document.created');
    assert.equal(d.next_attempt_at, null);
    assert.equal(d.attempts.length, 1);
    assert.equal(d.attempts[0]!.status_code, 200);
    assert.equal(d.attempts[0]!.error, null);
    assert.equal(typeof d.attempts[0]!.duration_ms, 'number');
    const after = await getEndpoint(svc, a.session, ep.id);
    assert.ok(after.last_success_at);
    assert.equal(after.last_failure_at, null);
  });

  test('goes only to the organization’s subscribed endpoints, and only for events after registration', async () => {
    const a = await signup(svc, 'Subscriber');
    const other = await signup(svc, 'Bystander');
    const [early] = await emit(svc, a.orgId, 'document.created');
    await advanceClock(svc, 1);
    const all = await receiver();
    const createdOnly = await receiver();
    const bystander = await receiver();
    await createEndpoint(svc, a.session, all.url, []);
    await createEndpoint(svc, a.session, createdOnly.url, ['document.created']);
    await createEndpoint(svc, other.session, bystander.url, []);
    await emit(svc, a.orgId, 'document.created');
    await emit(svc, a.orgId, 'document.status_changed');
    await emit(svc, a.orgId, 'payment.settled');
    await drain(svc);
    assert.deepEqual(all.received.map((r) => r.body.type).sort(), [
      'document.created',
      'document.status_changed',
      'payment.settled',
    ]);
    assert.deepEqual(
      createdOnly.received.map((r) => r.body.type),
      ['document.created'],
    );
    assert.equal(bystander.received.length, 0, "another organization's events never reach it");
    assert.ok(
      !all.received.some((r) => r.body.id === early!.id),
      'an event older than the endpoint is not sent',
    );
  });

  test('PATCH narrows the subscription for later events', async () => {
    const a = await signup(svc, 'Narrower');
    const r = await receiver();
    const ep = await createEndpoint(svc, a.session, r.url, []);
    const res = await svc.req('PATCH', `/v1/webhooks/${ep.id}`, {
      token: a.session,
      body: { events: ['payment.failed'] },
    });
    assert.equal(res.status, 200);
    await emit(svc, a.orgId, 'document.created');
    await emit(svc, a.orgId, 'payment.failed');
    await drain(svc);
    assert.deepEqual(
      r.received.map((x) => x.body.type),
      ['payment.failed'],
    );
  });

  test('a sandbox organization’s deliveries carry sandbox: true', async () => {
    const live = await signup(svc, 'Practice');
    const sb = await svc.req<{ organization: { id: string }; session: { token: string } }>(
      'POST',
      '/v1/sandbox',
      {
        token: live.session,
      },
    );
    assert.equal(sb.status, 201);
    const r = await receiver();
    const ep = await createEndpoint(svc, sb.body.session.token, r.url);
    await emit(
      svc,
      sb.body.organization.id,
      'document.created',
      { document: { id: 'doc_sb' } },
      { sandbox: true },
    );
    await drain(svc);
    assert.equal(r.received.length, 1);
    assert.equal(r.received[0]!.body.sandbox, true);
    assert.match(r.received[0]!.rawBody.toString(), /"sandbox":true}$/);
    assert.deepEqual(svcEntriesMatching(r.received[0]!, ep.secret), [0]);

    const ping = await svc.req<{ status: string }>('POST', `/v1/webhooks/${ep.id}/ping`, {
      token: sb.body.session.token,
    });
    assert.equal(ping.status, 200);
    assert.equal(r.received[1]!.body.type, 'ping');
    assert.equal(r.received[1]!.body.sandbox, true);
  });
});

describe('secret rotation', () => {
  test('signs with both secrets, new first, for 24 hours; then with the new one only', async () => {
    const a = await signup(svc, 'Rotator');
    const r = await receiver();
    const ep = await createEndpoint(svc, a.session, r.url);
    const rotated = await svc.req<{ secret: string; previous_secret_valid_until: string }>(
      'POST',
      `/v1/webhooks/${ep.id}/rotate_secret`,
      { token: a.session },
    );
    assert.equal(rotated.status, 200);
    const fresh = rotated.body.secret;
    assert.match(fresh, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.notEqual(fresh, ep.secret);
    const windowEnd = new Date(rotated.body.previous_secret_valid_until);
    const expectedEnd = svc.ctx.clock.now().getTime() + 24 * 3600_000;
    assert.ok(Math.abs(windowEnd.getTime() - expectedEnd) < 5000, 'the window is 24 hours');
    const shown = await getEndpoint(svc, a.session, ep.id);
    assert.equal(shown.previous_secret_valid_until, rotated.body.previous_secret_valid_until);
    assert.equal((shown as unknown as { secret?: string }).secret, undefined, 'the secret is shown once');

    await emit(svc, a.orgId);
    await drain(svc);
    const during = r.received[0]!;
    assert.match(header(during, 'svc-signature'), /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    assert.deepEqual(svcEntriesMatching(during, fresh), [0], 'the new secret signs the first entry');
    assert.deepEqual(svcEntriesMatching(during, ep.secret), [1], 'the previous secret signs the second');
    assert.equal(header(during, 'webhook-signature').split(' ').length, 2);
    assert.deepEqual(standardEntriesMatching(during, fresh), [0]);
    assert.deepEqual(standardEntriesMatching(during, ep.secret), [1]);
    for (const secret of [fresh, ep.secret]) {
      verifyWebhook({
        rawBody: during.rawBody,
        headers: during.headers,
        secrets: secret,
        now: svc.ctx.clock.now(),
      });
    }

    await advanceClock(svc, 24 * 3600 + 1);
    const session = await freshSession(svc, a);
    assert.equal((await getEndpoint(svc, session, ep.id)).previous_secret_valid_until, null);
    await drain(svc); // the purge task forgets the retired secret
    const stored = await svc.ctx.db
      .selectFrom('webhook_endpoints')
      .select(['secret', 'previous_secret'])
      .where('id', '=', ep.id)
      .executeTakeFirstOrThrow();
    assert.equal(svc.ctx.secrets.sealer.open(stored.secret), fresh, 'stored sealed under the master key');
    assert.equal(stored.previous_secret, null);
    await emit(svc, a.orgId);
    await drain(svc);
    const afterWindow = r.received[1]!;
    assert.match(header(afterWindow, 'svc-signature'), /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.deepEqual(svcEntriesMatching(afterWindow, fresh), [0]);
    assert.deepEqual(svcEntriesMatching(afterWindow, ep.secret), []);
    assert.deepEqual(standardEntriesMatching(afterWindow, ep.secret), []);
    verifyWebhook({
      rawBody: afterWindow.rawBody,
      headers: afterWindow.headers,
      secrets: fresh,
      now: svc.ctx.clock.now(),
    });
    assert.throws(() =>
      verifyWebhook({
        rawBody: afterWindow.rawBody,
        headers: afterWindow.headers,
        secrets: ep.secret,
        now: svc.ctx.clock.now(),
      }),
    );
  });
});

describe('ping', () => {
  test('sends a signed test event synchronously and answers with the outcome', async () => {
    const a = await signup(svc, 'Pinger');
    const r = await receiver();
    const ep = await createEndpoint(svc, a.session, r.url);
    const res = await svc.req<{
      status: string;
      event_type: string;
      event_id: string;
      attempts: Array<{ status_code: number; error: null }>;
    }>('POST', `/v1/webhooks/${ep.id}/ping`, { token: a.session });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'succeeded');
    assert.equal(res.body.event_type, 'ping');
    assert.equal(res.body.attempts[0]!.status_code, 200);
    assert.equal(r.received.length, 1, 'delivered before the response');
    const got = r.received[0]!;
    assert.equal(got.body.type, 'ping');
    assert.equal(got.body.id, res.body.event_id);
    assert.deepEqual(got.body.data, { webhook_endpoint_id: ep.id });
    assert.deepEqual(svcEntriesMatching(got, ep.secret), [0]);
    assert.deepEqual(standardEntriesMatching(got, ep.secret), [0]);
    verifyWebhook({
      rawBody: got.rawBody,
      headers: got.headers,
      secrets: ep.secret,
      now: svc.ctx.clock.now(),
    });

    r.status(503);
    const failed = await svc.req<{ status: string; attempts: Array<{ status_code: number; error: string }> }>(
      'POST',
      `/v1/webhooks/${ep.id}/ping`,
      { token: a.session },
    );
    assert.equal(failed.status, 200);
    assert.equal(failed.body.status, 'failed');
    assert.equal(failed.body.attempts[0]!.status_code, 503);
    assert.equal(failed.body.attempts[0]!.error, 'HTTP 503');
    // Pings are not retried and do not count against the endpoint.
    await advanceClock(svc, 3600);
    await drain(svc);
    assert.equal(r.received.length, 2);
    const shown = await getEndpoint(svc, a.session, ep.id);
    assert.equal(shown.consecutive_failures, 0);
    assert.equal(shown.last_failure_at, null);
    const list = await deliveries(svc, a.session, ep.id);
    assert.deepEqual(
      list.map((d) => [d.event_type, d.status]),
      [
        ['ping', 'failed'],
        ['ping', 'succeeded'],
      ],
    );
  });

  test('reports a receiver that is not there', async () => {
    const a = await signup(svc, 'Nobody');
    const r = await startReceiver();
    const url = r.url;
    await r.close();
    const ep = await createEndpoint(svc, a.session, url);
    const res = await svc.req<{ status: string; attempts: Array<{ status_code: null; error: string }> }>(
      'POST',
      `/v1/webhooks/${ep.id}/ping`,
      { token: a.session },
    );
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'failed');
    assert.equal(res.body.attempts[0]!.status_code, null);
    assert.equal(res.body.attempts[0]!.error, 'connection refused');
  });
});

describe('redelivery', () => {
  test('sends the same body and Svc-Webhook-Id again and records the attempt', async () => {
    const a = await signup(svc, 'Again');
    const r = await receiver();
    const ep = await createEndpoint(svc, a.session, r.url);
    const [env] = await emit(svc, a.orgId);
    await drain(svc);
    const [d] = await deliveries(svc, a.session, ep.id);
    assert.equal(d!.status, 'succeeded');
    const res = await svc.req<{ status: string; next_attempt_at: string }>(
      'POST',
      `/v1/webhooks/${ep.id}/deliveries/${d!.id}/redeliver`,
      { token: a.session },
    );
    assert.equal(res.status, 202);
    assert.equal(res.body.status, 'pending');
    assert.ok(res.body.next_attempt_at);
    await advanceClock(svc, 5);
    await drain(svc);
    assert.equal(r.received.length, 2);
    assert.equal(header(r.received[1]!, 'svc-webhook-id'), env!.id);
    assert.ok(r.received[1]!.rawBody.equals(r.received[0]!.rawBody), 'same bytes');
    verifyWebhook({
      rawBody: r.received[1]!.rawBody,
      headers: r.received[1]!.headers,
      secrets: ep.secret,
      now: svc.ctx.clock.now(),
    });
    const [again] = await deliveries(svc, a.session, ep.id);
    assert.equal(again!.id, d!.id);
    assert.equal(again!.status, 'succeeded');
    assert.equal(again!.attempts.length, 2);

    const missing = await svc.req('POST', `/v1/webhooks/${ep.id}/deliveries/whd_nope/redeliver`, {
      token: a.session,
    });
    assert.equal(missing.status, 404);
    const other = await signup(svc, 'Stranger');
    const foreign = await svc.req('POST', `/v1/webhooks/${ep.id}/deliveries/${d!.id}/redeliver`, {
      token: other.session,
    });
    assert.equal(foreign.status, 404, "another organization's delivery is not found");
  });
});
