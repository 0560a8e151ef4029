// The array literals the delivery path sends as text parameters (pg-arrays.ts) read back in the
// database as exactly the arrays they were made from, whatever the text, and an attempt recorded
// through them keeps its error text verbatim.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { fanOutEvents } from '../../src/modules/webhooks/fanout.ts';
import { arrayLiteral } from '../../src/modules/webhooks/pg-arrays.ts';
import { attemptOutcome, type Leased, recordOutcomes } from '../../src/modules/webhooks/record.ts';
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

const AWKWARD = [
  'whd_0123456789ABCDEFGHIJab',
  '2026-11-23T07:00:00.123Z',
  '',
  'NULL',
  'null',
  ' padded ',
  'a,b',
  '{braces}',
  'say "hi"',
  'back\\slash\\',
  'trailing \\',
  'line\nbreak\ttab',
  'ünïcødé ✓',
  'HTTP 500',
  "it's",
];

test('text elements of any kind read back unchanged, nulls as nulls', async () => {
  const values = [...AWKWARD, null];
  const literal = arrayLiteral(values);
  const res = await sql<{ v: Array<string | null> }>`select ${literal}::text[] as v`.execute(svc.ctx.db);
  assert.deepEqual(res.rows[0]?.v, values);
});

test('numbers, booleans, timestamps and the empty array', async () => {
  const res = await sql<{ i: number[]; b: boolean[]; t: Date[]; e: string[]; n: Array<number | null> }>`
    select ${arrayLiteral([0, -7, 2147483647])}::int[] as i,
           ${arrayLiteral([true, false])}::boolean[] as b,
           ${arrayLiteral(['2026-11-23T07:00:00.123Z'])}::timestamptz[] as t,
           ${arrayLiteral([])}::text[] as e,
           ${arrayLiteral([null, 3])}::int[] as n
  `.execute(svc.ctx.db);
  const row = res.rows[0];
  assert.deepEqual(row?.i, [0, -7, 2147483647]);
  assert.deepEqual(row?.b, [true, false]);
  assert.deepEqual(
    row?.t.map((d) => d.toISOString()),
    ['2026-11-23T07:00:00.123Z'],
  );
  assert.deepEqual(row?.e, []);
  assert.deepEqual(row?.n, [null, 3]);
  assert.throws(() => arrayLiteral([Number.NaN]), TypeError);
});

test('an attempt is recorded as the same JSON the API shows, its error text verbatim', async () => {
  const a = await signup(svc, 'Literals');
  const ep = await createEndpoint(svc, a.session, 'http://127.0.0.1:9/');
  await emit(svc, a.orgId, 'document.created', undefined, { count: AWKWARD.length + 1 });
  await fanOutEvents(svc.ctx);
  const leased: Leased[] = (
    await svc.ctx.db
      .updateTable('webhook_deliveries')
      .set({ lease_token: 'tok', lease_until: new Date(svc.ctx.clock.now().getTime() + 60_000) })
      .where('endpoint_id', '=', ep.id)
      .returning(['id', 'endpoint_id', 'series_attempts', 'lease_token'])
      .execute()
  ).map((r) => ({ ...r, lease_token: r.lease_token as string }));
  const errors = [...AWKWARD, null];
  const at = '2026-11-23T07:00:00.123Z';
  await recordOutcomes(
    svc.ctx,
    leased.map((d, i) =>
      attemptOutcome(
        d,
        errors[i] === null,
        { at, status_code: errors[i] === null ? 204 : null, duration_ms: i, error: errors[i] ?? null },
        { countsForEndpoint: false, retries: true },
      ),
    ),
  );
  const rows = await svc.ctx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'attempts', 'status', 'series_attempts', 'next_attempt_at', 'lease_token'])
    .where('endpoint_id', '=', ep.id)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  leased.forEach((d, i) => {
    const row = byId.get(d.id);
    const ok = errors[i] === null;
    assert.deepEqual(row?.attempts, [
      { at, status_code: ok ? 204 : null, duration_ms: i, error: errors[i] ?? null },
    ]);
    assert.equal(row?.status, ok ? 'succeeded' : 'pending');
    assert.equal(row?.series_attempts, 1);
    assert.equal(row?.lease_token, null);
    // A first failure is retried a minute later (±10 %).
    if (!ok) {
      const delay = (row?.next_attempt_at?.getTime() ?? 0) - Date.parse(at);
      assert.ok(delay >= 54_000 && delay <= 66_000, `retry after ${delay} ms`);
    } else assert.equal(row?.next_attempt_at, null);
  });
});
