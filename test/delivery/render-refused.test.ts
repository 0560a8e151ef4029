// A first email whose e-invoice files the render pool refuses (src/modules/einvoice/render-pool.ts):
// a full queue defers the delivery by the pool's Retry-After without counting an attempt, and a
// render that outruns DOCEX_RENDER_TIMEOUT_MS is a failed attempt on the delivery schedule. Before,
// both left the lease to lapse: a minute's wait, and a render that always times out took the render
// thread again every minute, forever. Real render threads, a real SMTP server, the test clock.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/lib/outbox.ts';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { RENDER_RETRY_AFTER_SECONDS } from '../../src/modules/einvoice/render-pool.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { mintKey, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { type Sink, startSink } from './smtp-sink.ts';

interface Delivery {
  id: string;
  status: string;
  attempts: Array<{ smtp_code: number | null; error: string | null }>;
  next_attempt_at: string | null;
  last_error: string | null;
}

let sink: Sink;
const services: TestService[] = [];

before(async () => {
  sink = await startSink();
});
after(async () => {
  // The variants first: the first service owns the database.
  for (const s of services.reverse()) await s.close();
  await sink?.close();
});

/**
 * A service with these render settings (the first on a new database, the next on the same one:
 * another process of the deployment), a seller with its legal profile and an external buyer.
 */
async function seller(env: Record<string, string>) {
  const settings = {
    DOCEX_SMTP_URL: sink.url,
    DOCEX_MAIL_FROM: 'billing@docex.test',
    DOCEX_RENDER_THREADS: '1',
    ...env,
  };
  const svc = services[0] ? await services[0].variant(settings) : await startTestService(settings);
  services.push(svc);
  const org = await signup(svc, 'Render Seller');
  const key = (await mintKey(svc, org.session, ['documents:read', 'documents:write'])).key;
  assert.equal(
    (await svc.req('PATCH', '/v1/organization', { token: org.session, body: SELLER })).status,
    200,
  );
  const conn = await svc.req<{ id: string }>('POST', '/v1/connections', {
    token: org.session,
    body: { external_party: { name: 'Acheteur SARL', email: 'ap@acheteur.test', legal_profile: BUYER } },
  });
  assert.equal(conn.status, 201, conn.text);
  const issue = async (lines: unknown[]) => {
    const draft = await svc.req<{ id: string }>('POST', '/v1/documents', {
      token: key,
      body: {
        connection_id: conn.body.id,
        document_type: 'invoice',
        due_date: '2027-01-15',
        line_items: lines,
      },
    });
    assert.equal(draft.status, 201, draft.text);
    const issued = await svc.req('POST', `/v1/documents/${draft.body.id}/issue`, { token: key });
    assert.equal(issued.status, 200, issued.text);
    return draft.body.id;
  };
  const deliveryOf = async (docId: string): Promise<Delivery> => {
    const res = await svc.req<{ data: Delivery[] }>('GET', `/v1/documents/${docId}/deliveries`, {
      token: key,
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.length, 1);
    return res.body.data[0]!;
  };
  const advance = async (seconds: number) => {
    const res = await svc.req('POST', '/v1/test_helpers/clock', {
      token: 'op_test_operator_token_for_the_suite',
      body: { advance_seconds: seconds },
    });
    assert.equal(res.status, 200, res.text);
  };
  return { svc, issue, deliveryOf, advance };
}

const LINE = { description: 'Consulting', quantity: 2, unit_price: 100, tax_rate: 0.19 };

describe('a first email the render pool refuses', () => {
  test('a full render queue defers the delivery by its Retry-After, no attempt counted, and every message is sent once', async () => {
    // One render thread, one job waiting at most: the attempts of one pass (up to 8 at once) find
    // the thread starting or busy and the queue taken.
    const { svc, issue, deliveryOf, advance } = await seller({ DOCEX_RENDER_QUEUE: '1' });
    const docs: string[] = [];
    for (let i = 0; i < 6; i++) docs.push(await issue([LINE]));
    const before = sink.received.length;
    const passStart = svc.ctx.clock.now().getTime();
    await deliverEmails(svc.ctx);
    const first = await Promise.all(docs.map(deliveryOf));
    const deferred = first.filter((d) => d.status === 'queued');
    assert.ok(deferred.length > 0, 'one pass of six first emails overflows a queue of one');
    const now = svc.ctx.clock.now().getTime();
    const retryAfter = RENDER_RETRY_AFTER_SECONDS * 1000;
    for (const d of deferred) {
      assert.deepEqual(d.attempts, [], 'a deferral is not an attempt');
      // Due the Retry-After after the refusal, made during the pass that just ended (however long
      // the pass took on a loaded machine): not the worker's one-minute lease.
      const due = Date.parse(d.next_attempt_at ?? '');
      assert.ok(
        due >= passStart + retryAfter && due <= now + retryAfter,
        `due again ${due - passStart} ms after the pass began, which took ${now - passStart} ms`,
      );
      assert.match(d.last_error ?? '', /render queue full \(DOCEX_RENDER_QUEUE\)/);
    }
    // Each deferred delivery is due again after the Retry-After (the lease would have held it a
    // minute): a few rounds send them all, each once, with one attempt.
    for (let round = 0; round < 10 && sink.received.length - before < docs.length; round++) {
      await advance(RENDER_RETRY_AFTER_SECONDS);
      await deliverEmails(svc.ctx);
    }
    assert.equal(sink.received.length - before, docs.length, 'every message sent, none twice');
    for (const d of await Promise.all(docs.map(deliveryOf))) {
      assert.equal(d.status, 'sent');
      assert.equal(d.attempts.length, 1);
      assert.equal(d.attempts[0]?.smtp_code, 250);
      assert.equal(d.last_error, null);
    }
  });

  test('a render that outruns DOCEX_RENDER_TIMEOUT_MS is a failed attempt on the delivery schedule', async () => {
    const { svc, issue, deliveryOf, advance } = await seller({ DOCEX_RENDER_TIMEOUT_MS: '10' });
    // 200 lines of long descriptions: far more than 10 ms of rendering on any machine.
    const lines = Array.from({ length: 200 }, (_, i) => ({
      ...LINE,
      description: `Line ${i}: ${'a long description of the work done that wraps over several lines '.repeat(4)}`,
    }));
    const doc = await issue(lines);
    const before = sink.received.length;
    await deliverEmails(svc.ctx);
    assert.equal(sink.received.length, before, 'nothing was sent');
    const d = await deliveryOf(doc);
    assert.equal(d.status, 'queued');
    assert.equal(d.attempts.length, 1, 'the timeout counts as an attempt');
    assert.equal(d.attempts[0]?.smtp_code, null);
    assert.match(d.attempts[0]?.error ?? '', /took longer than 10 ms to write \(DOCEX_RENDER_TIMEOUT_MS\)/);
    // Due again on the schedule's first delay (the lease would have lapsed sooner, with no attempt
    // recorded, and again and again).
    const wait = Date.parse(d.next_attempt_at ?? '') - svc.ctx.clock.now().getTime();
    const first = RETRY_DELAYS_MS[0]!;
    assert.ok(wait > first * 0.85 && wait <= first * 1.1, `due again in ${wait} ms`);
    // And the schedule ends: the attempt after the next-to-last failure is the last, and leaves the
    // delivery failed, not retried forever. (Four more timed-out renders stand for the attempts in
    // between: each restarts the render thread, the cost of this file, and the schedule is the
    // outbox's own, tested with the SMTP failures in email.test.ts.)
    await svc.ctx.db
      .updateTable('deliveries')
      .set({ series_attempts: MAX_ATTEMPTS - 1 })
      .where('id', '=', d.id)
      .execute();
    await advance(Math.ceil((first * 1.1) / 1000) + 1);
    await deliverEmails(svc.ctx);
    const last = await deliveryOf(doc);
    assert.equal(last.status, 'failed');
    assert.equal(last.attempts.length, 2);
    assert.match(last.attempts[1]?.error ?? '', /DOCEX_RENDER_TIMEOUT_MS/);
    assert.equal(last.next_attempt_at, null);
    assert.equal(sink.received.length, before, 'nothing was ever sent');
  });
});
