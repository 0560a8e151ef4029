// The retry schedule, terminal failure, disabling and re-enabling, proven on the test clock
// against real local receivers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RETRY_DELAYS_MS } from '../../src/lib/outbox.ts';
import { deliverDue } from '../../src/modules/webhooks/deliver.ts';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { advanceClock, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  clockTo,
  createEndpoint,
  deliveries,
  drain,
  emit,
  freshSession,
  getEndpoint,
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

const ms = (iso: string) => new Date(iso).getTime();

describe('retries', () => {
  test('at once, then 1 min, 5 min, 30 min, 2 h, 8 h after the previous attempt (±10 %), terminal after the sixth', async () => {
    const a = await signup(svc, 'Flaky');
    const r = await receiver();
    r.status(500);
    const ep = await createEndpoint(svc, a.session, r.url);
    const [env] = await emit(svc, a.orgId);
    await drain(svc);
    assert.equal(r.received.length, 1, 'the first attempt is immediate');
    let session = a.session;

    for (let i = 0; i < RETRY_DELAYS_MS.length; i++) {
      const [d] = await deliveries(svc, session, ep.id);
      assert.ok(d);
      assert.equal(d.status, 'pending');
      assert.equal(d.attempts.length, i + 1);
      const last = d.attempts[i]!;
      assert.equal(last.status_code, 500);
      assert.equal(last.error, 'HTTP 500');
      assert.ok(d.next_attempt_at);
      const gap = ms(d.next_attempt_at) - ms(last.at);
      const delay = RETRY_DELAYS_MS[i]!;
      assert.ok(
        gap >= delay * 0.9 && gap <= delay * 1.1,
        `retry ${i + 1}: ${gap} ms is within ±10% of ${delay}`,
      );

      // Just before it is due: nothing is sent.
      await clockTo(svc, new Date(ms(d.next_attempt_at) - 2000));
      await drain(svc);
      assert.equal(r.received.length, i + 1, `retry ${i + 1} is not sent early`);
      // Once due: sent, signed with the service clock's time, same event id.
      await clockTo(svc, new Date(ms(d.next_attempt_at) + 10));
      await drain(svc);
      assert.equal(r.received.length, i + 2, `retry ${i + 1} is sent when due`);
      const got = r.received[i + 1]!;
      assert.equal(got.headers['svc-webhook-id'], env!.id);
      const signedAt = Number(got.headers['svc-webhook-timestamp']) * 1000;
      assert.ok(Math.abs(signedAt - ms(d.next_attempt_at)) < 3000, 'signed with the service clock');
      session = await freshSession(svc, a);
    }

    const [d] = await deliveries(svc, session, ep.id);
    assert.equal(d!.status, 'failed');
    assert.equal(d!.failure_reason, 'attempts_exhausted');
    assert.equal(d!.next_attempt_at, null);
    assert.equal(d!.attempts.length, 6);
    for (let i = 1; i < 6; i++) {
      const gap = ms(d!.attempts[i]!.at) - ms(d!.attempts[i - 1]!.at);
      const delay = RETRY_DELAYS_MS[i - 1]!;
      assert.ok(
        gap >= delay * 0.9 && gap <= delay * 1.1 + 2000,
        `attempt ${i + 1} came ${gap} ms after the previous`,
      );
    }
    // Terminal: no seventh attempt, however long we wait.
    await advanceClock(svc, 2 * 86400);
    await drain(svc);
    assert.equal(r.received.length, 6);

    session = await freshSession(svc, a);
    const shown = await getEndpoint(svc, session, ep.id);
    assert.equal(shown.status, 'ACTIVE');
    assert.equal(shown.consecutive_failures, 1);
    assert.ok(shown.last_failure_at);

    // A success resets the consecutive-failure counter.
    r.status(204);
    await emit(svc, a.orgId);
    await drain(svc);
    const healed = await getEndpoint(svc, session, ep.id);
    assert.equal(healed.consecutive_failures, 0);
    assert.ok(healed.last_success_at);
  });

  test('a receiver recovering mid-series ends the retries', async () => {
    const a = await signup(svc, 'Recovering');
    const r = await receiver();
    r.respond((_req, res, n) => res.writeHead(n < 3 ? 502 : 200).end());
    const ep = await createEndpoint(svc, a.session, r.url);
    await emit(svc, a.orgId);
    await drain(svc);
    await advanceClock(svc, 70);
    await drain(svc);
    await advanceClock(svc, 340);
    await drain(svc);
    const [d] = await deliveries(svc, a.session, ep.id);
    assert.equal(d!.status, 'succeeded');
    assert.deepEqual(
      d!.attempts.map((x) => x.status_code),
      [502, 502, 200],
    );
    assert.equal(d!.next_attempt_at, null);
  });
});

describe('disabling', () => {
  test('20 consecutive terminal failures disable the endpoint; re-enabling resets the counter; missed events are redeliverable', async () => {
    const a = await signup(svc, 'Broken');
    const r = await receiver();
    r.status(500);
    const ep = await createEndpoint(svc, a.session, r.url);

    // Runs every pending delivery through its six attempts: each pass makes one attempt of each.
    const exhaust = async () => {
      await drain(svc);
      for (let i = 0; i < RETRY_DELAYS_MS.length; i++) {
        await advanceClock(svc, 9 * 3600);
        await drain(svc);
      }
    };

    await emit(svc, a.orgId, 'document.created', undefined, { count: 19 });
    await exhaust();
    let session = await freshSession(svc, a);
    let shown = await getEndpoint(svc, session, ep.id);
    assert.equal(r.received.length, 19 * 6);
    assert.equal(shown.consecutive_failures, 19);
    assert.equal(shown.status, 'ACTIVE', '19 is not enough');

    await emit(svc, a.orgId);
    await exhaust();
    session = await freshSession(svc, a);
    shown = await getEndpoint(svc, session, ep.id);
    assert.equal(shown.status, 'DISABLED');
    assert.equal(shown.consecutive_failures, 20);
    assert.match(shown.disabled_reason ?? '', /20 consecutive deliveries failed/);

    // While DISABLED: nothing is sent, but the event is recorded for redelivery.
    const sent = r.received.length;
    const [missed] = await emit(svc, a.orgId, 'document.status_changed');
    await drain(svc);
    assert.equal(r.received.length, sent);
    const skipped = (await deliveries(svc, session, ep.id, '&status=failed')).find(
      (d) => d.event_id === missed!.id,
    );
    assert.ok(skipped);
    assert.equal(skipped.failure_reason, 'endpoint_disabled');
    assert.deepEqual(skipped.attempts, []);
    const refused = await svc.req<{ error: { code: string } }>(
      'POST',
      `/v1/webhooks/${ep.id}/deliveries/${skipped.id}/redeliver`,
      { token: session },
    );
    assert.equal(refused.status, 409, 'redelivery waits for re-enabling');

    const enabled = await svc.req<{ status: string; consecutive_failures: number; disabled_reason: null }>(
      'POST',
      `/v1/webhooks/${ep.id}/enable`,
      { token: session },
    );
    assert.equal(enabled.status, 200);
    assert.equal(enabled.body.status, 'ACTIVE');
    assert.equal(enabled.body.consecutive_failures, 0);
    assert.equal(enabled.body.disabled_reason, null);

    r.status(200);
    const redo = await svc.req('POST', `/v1/webhooks/${ep.id}/deliveries/${skipped.id}/redeliver`, {
      token: session,
    });
    assert.equal(redo.status, 202);
    await drain(svc);
    assert.equal(r.received.length, sent + 1);
    assert.equal(r.received.at(-1)!.body.id, missed!.id);
    const done = (await deliveries(svc, session, ep.id, `&event_id=${missed!.id}`))[0]!;
    assert.equal(done.status, 'succeeded');
    assert.equal(done.failure_reason, null);
  });
});

describe('timeouts', () => {
  test('an attempt that gets no answer in time fails with a timeout and is retried', async () => {
    const a = await signup(svc, 'Silent');
    const r = await receiver();
    r.respond(() => {
      // never answers
    });
    const ep = await createEndpoint(svc, a.session, r.url);
    await emit(svc, a.orgId);
    // Fan out only; then one delivery pass with a short timeout (the service uses 10 s).
    await fanOutEvents(svc.ctx);
    assert.equal(await deliverDue(svc.ctx, { timeoutMs: 300 }), 1);
    const [d] = await deliveries(svc, a.session, ep.id);
    assert.equal(d!.status, 'pending');
    assert.equal(d!.attempts[0]!.status_code, null);
    assert.match(d!.attempts[0]!.error ?? '', /^timeout/);
    assert.ok(d!.attempts[0]!.duration_ms >= 250);
    assert.ok(d!.next_attempt_at);
  });
});
