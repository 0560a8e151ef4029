// What the delivery hot path relies on (issue 9, bench/README.md): delivery ids made in batches
// are ids like any other.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newIds } from '../../src/lib/ids.ts';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { createEndpoint, emit } from './helpers.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const ID = /^whd_[0-9A-Za-z]{22}$/;

test('newIds makes as many distinct ids as asked, in the shape newId makes them', () => {
  assert.deepEqual(newIds('whd', 0), []);
  const one = newIds('whd', 1);
  assert.equal(one.length, 1);
  assert.match(one[0] ?? '', ID);
  // Large enough that the first draw of random bytes runs out now and then (the top-up path).
  for (let round = 0; round < 5; round++) {
    const ids = newIds('whd', 500);
    assert.equal(ids.length, 500);
    assert.ok(
      ids.every((id) => ID.test(id)),
      'every id is the prefix and 22 base62 characters',
    );
    assert.equal(new Set(ids).size, 500, 'no id repeats');
  }
  // Every character of the alphabet turns up, in every position: no position is stuck.
  const ids = newIds('evt', 2000);
  for (let pos = 4; pos < 26; pos++) {
    assert.equal(new Set(ids.map((id) => id[pos])).size, 62, `position ${pos}`);
  }
});

test('fan-out gives each delivery its own id', async () => {
  const a = await signup(svc, 'Ids');
  await createEndpoint(svc, a.session, 'http://127.0.0.1:9/one');
  await createEndpoint(svc, a.session, 'http://127.0.0.1:9/two');
  await emit(svc, a.orgId, 'document.created', undefined, { count: 30 });
  assert.equal(await fanOutEvents(svc.ctx), 30);
  const rows = await svc.ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('organization_id', '=', a.orgId)
    .execute();
  assert.equal(rows.length, 60);
  assert.ok(rows.every((r) => ID.test(r.id)));
  assert.equal(new Set(rows.map((r) => r.id)).size, 60);
});
