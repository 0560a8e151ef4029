// Retention (issue 28): what is past its keeping time is pruned by the worker in batches, so the
// tables stay bounded under a steady load. Events and deliveries have their own tests
// (test/webhooks); these are the idempotency records and the sessions.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { purgeExpiredIdempotencyKeys } from '../../src/http/idempotency.ts';
import { pruneExpiredSessions, SESSION_RETENTION_MS } from '../../src/modules/identity/prune-sessions.ts';
import { advanceClock, signIn, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const count = async (table: string, where = sql`true`) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(
        svc.ctx.db,
      )
    ).rows[0]!.n,
  );

test('expired Idempotency-Key records are purged 5,000 at a time; live ones stay', async () => {
  const now = svc.ctx.clock.now();
  await sql`insert into idempotency_keys (scope, key, principal, legacy, fingerprint, status, created_at, expires_at, lease_until)
    select 'org_retention', 'expired_' || g, 'key:k', false, 'f', 'done', ${now}, ${new Date(now.getTime() - 1000)}, ${now}
    from generate_series(1, 12000) g`.execute(svc.ctx.db);
  await sql`insert into idempotency_keys (scope, key, principal, legacy, fingerprint, status, created_at, expires_at, lease_until)
    values ('org_retention', 'live', 'key:k', false, 'f', 'done', ${now}, ${new Date(now.getTime() + 3_600_000)}, ${now})`.execute(
    svc.ctx.db,
  );
  const passes: { handled: number; full: boolean }[] = [];
  for (
    let pass = await purgeExpiredIdempotencyKeys(svc.ctx);
    ;
    pass = await purgeExpiredIdempotencyKeys(svc.ctx)
  ) {
    passes.push(pass);
    if (!pass.full) break;
  }
  assert.deepEqual(
    passes.map((p) => p.handled),
    [5000, 5000, 2000],
  );
  assert.equal(await count('idempotency_keys', sql`scope = 'org_retention'`), 1);
});

test('sessions are pruned a day after they expire; a live session is kept', async () => {
  const old = await signup(svc, 'Old Sessions');
  const before1 = await count(
    'sessions',
    sql`user_id in (select user_id from memberships where organization_id = ${old.orgId})`,
  );
  assert.ok(before1 >= 1);
  await advanceClock(svc, 12 * 3600 + SESSION_RETENTION_MS / 1000 + 60);
  const fresh = await signIn(svc, old);
  assert.ok(fresh);
  let pass = await pruneExpiredSessions(svc.ctx);
  while (pass.full) pass = await pruneExpiredSessions(svc.ctx);
  const left = await count(
    'sessions',
    sql`user_id in (select user_id from memberships where organization_id = ${old.orgId})`,
  );
  assert.equal(left, 1, 'only the session signed in after the clock moved');
  assert.equal((await svc.req('GET', '/v1/organization', { token: fresh })).status, 200);
});
