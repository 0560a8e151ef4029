// POST /v1/documents claims its Idempotency-Key inside the statement that writes the document
// (issue 9). Every rule of spec 4.2 must hold exactly as for the writes whose key the pipeline
// claims before the handler: these tests pin the cases where the two designs could differ.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { expectApiError } from '../helpers/expect.ts';
import { advanceClock, sameKeyAtOnce } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';
import { line, type Pair, pair } from './setup.ts';

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Statement Claims Co', 'Buyer Co']);
});
after(async () => {
  await svc?.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  connection_id: p.connectionId,
  document_type: 'invoice',
  line_items: [line()],
  ...over,
});
const create = (idem: string, b: unknown = body()) =>
  svc.req<DocumentView>('POST', '/v1/documents', { token: p.issuer.key, idem, body: b });

async function documentCount(): Promise<number> {
  const r = await svc.ctx.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('issuer_organization_id', '=', p.issuer.org.orgId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const numberOf = (d: DocumentView) => Number(d.number.replace(/^INV-/, ''));

describe('POST /v1/documents: the Idempotency-Key claimed by the document statement', () => {
  test('the answer is the document as GET shows it, and a retry replays those bytes without a second document or number', async () => {
    const idem = randomKey();
    const first = await create(idem);
    assert.equal(first.status, 201, first.text);
    assert.match(String(first.headers['content-type']), /^application\/json/);
    const got = await svc.req<DocumentView>('GET', `/v1/documents/${first.body.id}`, { token: p.issuer.key });
    assert.deepEqual(first.body, got.body);
    const count = await documentCount();

    const replay = await create(idem);
    assert.equal(replay.status, 201);
    assert.equal(replay.text, first.text, 'byte for byte, the number filled in');
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(await documentCount(), count);

    // The replay's statement took the counter and rolled back: the next number follows on.
    const next = await create(randomKey());
    assert.equal(numberOf(next.body), numberOf(first.body) + 1);
  });

  test('the key held by another body: idempotency_conflict, also when the new body is invalid or names no connection', async () => {
    const idem = randomKey();
    assert.equal((await create(idem)).status, 201);
    const count = await documentCount();
    expectApiError(await create(idem, body({ notes: 'another' })), 409, 'idempotency_conflict');
    // A claim before validation would have found the key held: the answer does not change.
    expectApiError(await create(idem, body({ line_items: [] })), 409, 'idempotency_conflict');
    expectApiError(await create(idem, body({ connection_id: 'conn_nope' })), 409, 'idempotency_conflict');
    assert.equal(await documentCount(), count);
  });

  test('a refusal keeps no key: the corrected request runs under the same key', async () => {
    const idem = randomKey();
    expectApiError(await create(idem, body({ line_items: [] })), 400, 'invalid_request');
    expectApiError(await create(idem, body({ connection_id: 'conn_nope' })), 404, 'not_found');
    const ok = await create(idem);
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.headers['idempotent-replay'], undefined);
  });

  test('ten identical creates at once over real HTTP make one document; the rest replay it or are told it runs', async () => {
    const url = await svc.listen();
    const idem = randomKey();
    const count = await documentCount();
    const text = JSON.stringify(body({ notes: 'race' }));
    await sameKeyAtOnce(url, '/v1/documents', p.issuer.key, idem, text);
    assert.equal(await documentCount(), count + 1, 'exactly one document');
  });

  test('after 24 hours the key is taken over and the request runs fresh', async () => {
    const idem = randomKey();
    const first = await create(idem);
    assert.equal(first.status, 201);
    await advanceClock(svc, 24 * 3600 + 1);
    const fresh = await create(idem);
    assert.equal(fresh.status, 201, fresh.text);
    assert.equal(fresh.headers['idempotent-replay'], undefined);
    assert.notEqual(fresh.body.id, first.body.id);
    // ...and that run's answer is kept like any other
    const replay = await create(idem);
    assert.equal(replay.text, fresh.text);
    assert.equal(replay.headers['idempotent-replay'], 'true');
  });

  test('a connection remembered by the service is still checked by every create', async () => {
    assert.equal((await create(randomKey())).status, 201); // the connection is now remembered
    const count = await documentCount();
    // No route takes an active connection back to pending today; the check must hold anyway.
    await svc.ctx.db
      .updateTable('connections')
      .set({ status: 'pending' })
      .where('id', '=', p.connectionId)
      .execute();
    const idem = randomKey();
    expectApiError(await create(idem), 400, 'invalid_request');
    assert.equal(await documentCount(), count, 'nothing written');
    await svc.ctx.db
      .updateTable('connections')
      .set({ status: 'active' })
      .where('id', '=', p.connectionId)
      .execute();
    // the refusal kept no key, and the name the document shows is read afresh
    await svc.ctx.db
      .updateTable('organizations')
      .set({ name: 'Buyer Renamed Co' })
      .where('id', '=', p.counterparty.org.orgId)
      .execute();
    const ok = await create(idem);
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.counterparty.name, 'Buyer Renamed Co');
  });

  test('a kept response of a few kilobytes is stored inline, not compressed into TOAST (migration 0011)', async () => {
    const toastBytes = async () => {
      const r = await sql<{ n: number | string }>`select pg_relation_size(reltoastrelid) as n
        from pg_class where relname = 'idempotency_keys'`.execute(svc.ctx.db);
      return Number(r.rows[0]!.n);
    };
    const before = await toastBytes();
    const lines = Array.from({ length: 5 }, (_, i) => line({ description: `Widget model ${i} `.repeat(8) }));
    const idem = randomKey();
    const first = await create(idem, body({ line_items: lines }));
    assert.equal(first.status, 201, first.text);
    const stored = await svc.ctx.db
      .selectFrom('idempotency_keys')
      .select((eb) => eb.fn<number>('octet_length', ['response_body']).as('n'))
      .where('key', '=', createHash('sha256').update(idem, 'utf8').digest('hex'))
      .executeTakeFirstOrThrow();
    // Above PostgreSQL's default 2 kB TOAST threshold, so the test means something.
    assert.ok(Number(stored.n) > 2500, `sealed response of ${stored.n} bytes`);
    assert.equal(await toastBytes(), before, 'nothing was written out of line');
    const replay = await create(idem, body({ line_items: lines }));
    assert.equal(replay.text, first.text);
  });
});
