// A write's Idempotency-Key record is completed in the write's own transaction, by a statement that
// goes with the COMMIT on PostgreSQL (src/db/with-commit.ts): it must commit with the effect while
// the record is still this request's claim, and make the whole transaction fail (nothing
// committed, 409 conflict) once a retry took the key over after the claim's lease lapsed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import {
  claimIdempotencyKey,
  claimLost,
  completeInTransaction,
  fingerprint,
  type IdempotencyClaim,
  JSON_CONTENT_TYPE,
} from '../../src/http/idempotency.ts';
import { ApiError } from '../../src/lib/errors.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
  await sql`create table completion_probe (id text primary key)`.execute(svc.ctx.db);
});
after(async () => {
  await svc.close();
});

async function claimed(print: string): Promise<IdempotencyClaim> {
  const res = await claimIdempotencyKey(
    svc.ctx,
    { scope: 'org_test:POST /v1/probe', key: randomKey(), principal: 'key:key_probe' },
    print,
  );
  assert.equal(res.kind, 'claimed');
  return (res as { claim: IdempotencyClaim }).claim;
}

async function effects(id: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from completion_probe where id = ${id}`.execute(svc.ctx.db);
  return rows[0]?.n ?? 0;
}

test('the record completes with the effect, and a retry replays it', async () => {
  const print = fingerprint('POST', '/v1/probe', { a: 1 });
  for (let i = 0; i < 4; i++) {
    const claim = await claimed(print);
    await inTransaction(svc.ctx.db, async (trx) => {
      await sql`insert into completion_probe (id) values (${`done_${i}`})`.execute(trx);
      await completeInTransaction(svc.ctx, trx, claim, 201, JSON_CONTENT_TYPE, `{"n":${i}}`);
    });
    assert.equal(await effects(`done_${i}`), 1);
    const again = await claimIdempotencyKey(svc.ctx, claim, print);
    assert.deepEqual(again, {
      kind: 'replay',
      status: 201,
      contentType: JSON_CONTENT_TYPE,
      body: `{"n":${i}}`,
    });
  }
});

test('a claim a retry took over: nothing commits, and the answer is 409 conflict', async () => {
  const print = fingerprint('POST', '/v1/probe', { a: 2 });
  for (let i = 0; i < 4; i++) {
    const claim = await claimed(print);
    // A retry's claim of the same key after this one's lease lapsed: the record is the retry's now.
    const taken = new Date(claim.claimedAt!.getTime() + 11_000);
    await svc.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: taken, lease_until: new Date(taken.getTime() + 10_000) })
      .where('scope', '=', claim.scope)
      .where('created_at', '=', claim.claimedAt!)
      .execute();
    const err = await inTransaction(svc.ctx.db, async (trx) => {
      await sql`insert into completion_probe (id) values (${`lost_${i}`})`.execute(trx);
      await completeInTransaction(svc.ctx, trx, claim, 201, JSON_CONTENT_TYPE, '{}');
    }).then(
      () => null,
      (e: unknown) => e,
    );
    const answer = claimLost(err);
    assert.ok(answer instanceof ApiError, `the completion failed as a lost claim: ${String(err)}`);
    assert.equal(answer.code, 'conflict');
    assert.equal(await effects(`lost_${i}`), 0, 'the effect did not commit');
    const row = await svc.ctx.db
      .selectFrom('idempotency_keys')
      .select(['status', 'created_at'])
      .where('scope', '=', claim.scope)
      .where('created_at', '=', taken)
      .executeTakeFirst();
    assert.equal(row?.status, 'running', "the retry's claim is untouched");
  }
  assert.equal(claimLost(new Error('another failure')), null);
});
