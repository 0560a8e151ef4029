// One delivery pass: it claims ahead of its free slots, but never has more than `concurrency`
// attempts in flight, sends each due delivery once, and leaves nothing leased behind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deliverDue } from '../../src/modules/webhooks/deliver.ts';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { signup } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import { createEndpoint, deliveries, emit, type Receiver, serviceWithReceiver } from './helpers.ts';

let svc: TestService;
let r: Receiver;
serviceWithReceiver((s, receiver) => {
  svc = s;
  r = receiver;
});

/** Deliveries of an endpoint or organization that still carry a lease. */
function stillLeased(column: 'endpoint_id' | 'organization_id', value: string) {
  return svc.ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where(column, '=', value)
    .where('lease_token', 'is not', null)
    .execute();
}

test('a pass keeps at most `concurrency` attempts in flight and sends each delivery once', async () => {
  const a = await signup(svc, 'Paced');
  const ep = await createEndpoint(svc, a.session, r.url);
  const events = await emit(svc, a.orgId, 'document.created', undefined, { count: 40 });
  assert.equal(await fanOutEvents(svc.ctx), 40);

  let open = 0;
  let most = 0;
  r.respond((_req, res) => {
    open++;
    most = Math.max(most, open);
    setTimeout(() => {
      open--;
      res.writeHead(200).end('ok');
    }, 15);
  });
  const start = r.received.length;
  assert.equal(await deliverDue(svc.ctx, { concurrency: 4 }), 40);
  assert.ok(most <= 4, `${most} requests were open at once`);
  assert.ok(most >= 2, 'attempts overlapped');

  const got = r.received.slice(start).map((x) => x.body.id);
  assert.equal(got.length, 40);
  assert.deepEqual(new Set(got), new Set(events.map((e) => e.id)));
  const list = await deliveries(svc, a.session, ep.id);
  assert.equal(list.length, 40);
  assert.ok(list.every((d) => d.status === 'succeeded' && d.attempts.length === 1));
  const leased = await stillLeased('endpoint_id', ep.id);
  assert.equal(leased.length, 0, 'every lease was released when its outcome was recorded');
  assert.equal(await deliverDue(svc.ctx, { concurrency: 4 }), 0, 'nothing is left due');
});

test('a pass sends what it claimed even when the claim answers after its window closed', async () => {
  const a = await signup(svc, 'Late');
  await createEndpoint(svc, a.session, r.url);
  await emit(svc, a.orgId, 'document.created', undefined, { count: 12 });
  assert.equal(await fanOutEvents(svc.ctx), 12);
  r.respond((_req, res) => res.writeHead(200).end('ok'));
  // A window of a millisecond closes before the first claim's answer is back: that one claim
  // (eight rows, two per slot) is all the pass takes, and it sends all of it.
  const start = r.received.length;
  assert.equal(await deliverDue(svc.ctx, { concurrency: 4, windowMs: 1 }), 8);
  assert.equal(r.received.length, start + 8);
  const leased = await stillLeased('organization_id', a.orgId);
  assert.equal(leased.length, 0, 'nothing claimed is left leased and unsent');
  assert.equal(await deliverDue(svc.ctx, { concurrency: 4 }), 4, 'the next pass takes the rest');
  assert.equal(r.received.length, start + 12);
});
