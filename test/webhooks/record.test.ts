// Recording a batch of outcomes: the counter follows the order the attempts finished in, and an
// outcome whose lease was lost (another worker owns the delivery now) changes nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { attemptOutcome, type Leased, recordOutcomes } from '../../src/modules/webhooks/record.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { createEndpoint, emit, getEndpoint } from './helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

async function leasedDeliveries(endpointId: string, count: number): Promise<Leased[]> {
  const rows = await svc.ctx.db
    .updateTable('webhook_deliveries')
    .set({
      lease_token: 'tok',
      lease_until: new Date(svc.ctx.clock.now().getTime() + 60_000),
      series_attempts: 5,
    })
    .where('endpoint_id', '=', endpointId)
    .returning(['id', 'endpoint_id', 'series_attempts', 'lease_token'])
    .execute();
  assert.equal(rows.length, count);
  return rows.map((r) => ({ ...r, lease_token: r.lease_token as string }));
}

const attempt = (ok: boolean) => ({
  at: new Date().toISOString(),
  status_code: ok ? 200 : 500,
  duration_ms: 3,
  error: ok ? null : 'HTTP 500',
});
const opts = { countsForEndpoint: true, retries: true };

test('a batch applies its outcomes in the order they finished', async () => {
  const a = await signup(svc, 'Batch');
  const ep = await createEndpoint(svc, a.session, 'http://127.0.0.1:9/');
  await emit(svc, a.orgId, 'document.created', undefined, { count: 4 });
  await fanOutEvents(svc.ctx);
  const [d1, d2, d3, d4] = await leasedDeliveries(ep.id, 4);
  // Each is on its sixth attempt (series_attempts 5), so a failure is terminal.
  await recordOutcomes(svc.ctx, [
    attemptOutcome(d1!, false, attempt(false), opts),
    attemptOutcome(d2!, true, attempt(true), opts),
    attemptOutcome(d3!, false, attempt(false), opts),
    // Lost its lease: another worker took it over. Not written, not counted.
    attemptOutcome({ ...d4!, lease_token: 'someone else' }, false, attempt(false), opts),
  ]);
  const shown = await getEndpoint(svc, a.session, ep.id);
  assert.equal(
    shown.consecutive_failures,
    1,
    'the failure after the success counts; the one before is reset',
  );
  assert.ok(shown.last_success_at);
  assert.ok(shown.last_failure_at);
  const rows = await svc.ctx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'status', 'failure_reason', 'lease_token'])
    .where('endpoint_id', '=', ep.id)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  assert.equal(byId.get(d1!.id)!.status, 'failed');
  assert.equal(byId.get(d1!.id)!.failure_reason, 'attempts_exhausted');
  assert.equal(byId.get(d2!.id)!.status, 'succeeded');
  assert.equal(byId.get(d3!.id)!.status, 'failed');
  assert.equal(byId.get(d4!.id)!.status, 'pending', 'the lost lease wrote nothing');
  assert.equal(byId.get(d4!.id)!.lease_token, 'tok');
});
