// The running delivery worker (issue 38, "Speed"): a delivery queued in this process wakes it, so
// an issue does not wait for the idle poll (here an hour long, so only the wake can send it in the
// time the test waits), and while it runs its SMTP connections are pooled and kept between
// passes: sequential messages do not each open a connection. No timing is asserted: the test
// waits, within a bound, for what must happen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deliveryTask } from '../../src/modules/delivery/drain.ts';
import { type RunningWorker, startWorker } from '../../src/worker/worker.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { mintKey, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { type Sink, startSink } from './smtp-sink.ts';

let svc: TestService;
let sink: Sink;
let worker: RunningWorker | null = null;

before(async () => {
  sink = await startSink();
  svc = await startTestService({ DOCEX_SMTP_URL: sink.url, DOCEX_MAIL_FROM: 'billing@docex.test' });
});
after(async () => {
  await worker?.stop();
  await svc?.close();
  await sink?.close();
});

/** Waits until `cond` holds, checking every 50 ms, for at most `ms`. */
async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('an issue wakes the running worker, which sends over one kept connection', async () => {
  const seller = await signup(svc, 'Wake Seller');
  const key = (await mintKey(svc, seller.session, ['documents:read', 'documents:write'])).key;
  const p = await svc.req('PATCH', '/v1/organization', { token: seller.session, body: SELLER });
  assert.equal(p.status, 200, p.text);
  const c = await svc.req<{ id: string }>('POST', '/v1/connections', {
    token: seller.session,
    body: { external_party: { name: 'Wake Buyer', email: 'ap@wake.test', legal_profile: BUYER } },
  });
  assert.equal(c.status, 201, c.text);

  // Polled once an hour: only the wake of an issue can make it send while this test waits.
  worker = startWorker(svc.ctx, [{ ...deliveryTask, idleMs: 3_600_000 }]);
  const connections = sink.connections;
  const received = sink.received.length;
  for (let i = 1; i <= 3; i++) {
    const d = await svc.req<{ id: string }>('POST', '/v1/documents', {
      token: key,
      body: {
        connection_id: c.body.id,
        document_type: 'invoice',
        due_date: '2027-01-15',
        line_items: [{ description: 'Consulting', quantity: 1, unit_price: 100, tax_rate: 0.19 }],
      },
    });
    assert.equal(d.status, 201, d.text);
    const issued = await svc.req('POST', `/v1/documents/${d.body.id}/issue`, { token: key });
    assert.equal(issued.status, 200, issued.text);
    await until(() => sink.received.length === received + i, `the email of issue ${i}`);
    // The 250 comes before the outcome is recorded: wait for the record too.
    await until(async () => {
      const list = await svc.req<{ data: Array<{ status: string }> }>(
        'GET',
        `/v1/documents/${d.body.id}/deliveries`,
        { token: key },
      );
      assert.equal(list.status, 200, list.text);
      return list.body.data[0]?.status === 'sent';
    }, `delivery ${i} recorded as sent`);
  }
  // Three messages one after the other: the pool kept a connection between them (it closes one
  // only after 10 s idle), where a connection per message opened three.
  assert.ok(sink.connections - connections < 3, `${sink.connections - connections} connections`);
  await worker.stop();
  worker = null;
});
