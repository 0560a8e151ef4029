// POST /v1/documents claims its Idempotency-Key inside the statement that writes the document
// (issue 9). Every rule of spec 4.2 must hold exactly as for the writes whose key the pipeline
// claims before the handler: these tests pin the cases where the two designs could differ.
import assert from 'node:assert/strict';
import { createCipheriv, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import {
  fingerprint,
  IDEMPOTENCY_TTL_MS,
  responseKey,
  storedKey as storedIdempotencyKey,
} from '../../src/http/idempotency.ts';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { RETENTION_MS } from '../../src/modules/webhooks/deliveries.ts';
import { line, type Pair, pair } from '../helpers/document-setup.ts';
import { expectApiError } from '../helpers/expect.ts';
import { advanceClock, sameKeyAtOnce } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

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

  test('spec 4.2 rule 6: after a conflicting body the original response stays replayable, byte for byte', async () => {
    const idem = randomKey();
    const first = await create(idem);
    assert.equal(first.status, 201, first.text);
    expectApiError(await create(idem, body({ notes: 'another' })), 409, 'idempotency_conflict');
    const replay = await create(idem);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(replay.text, first.text);
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

  test("the record keeps no copy of the response: it names the issuer's event, whose data.document is the replay, byte for byte (migration 0014)", async () => {
    const idem = randomKey();
    // Escapes and characters outside ASCII: jsonb would re-serialize them; json's -> must not.
    const notes = 'Grüße ✓ "quoted" back\\slash\nnew line \u2028 😀 <tag> &amp;';
    const first = await create(idem, body({ notes }));
    assert.equal(first.status, 201, first.text);
    const record = await svc.ctx.db
      .selectFrom('idempotency_keys')
      .select(['response_body', 'response_fills', 'response_event_id'])
      .where('key', '=', storedKey(idem))
      .executeTakeFirstOrThrow();
    assert.equal(record.response_body, null, 'no sealed copy');
    assert.equal(record.response_fills, null);
    const event = await svc.ctx.db
      .selectFrom('events')
      .select(['type', 'organization_id', 'envelope'])
      .where('id', '=', record.response_event_id!)
      .executeTakeFirstOrThrow();
    assert.equal(event.type, 'document.created');
    assert.equal(event.organization_id, p.issuer.org.orgId);
    assert.ok(event.envelope.includes(first.text), 'the response stands in the envelope as sent');
    const replay = await create(idem, body({ notes }));
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(replay.text, first.text);
    assert.equal((replay.body as DocumentView).notes, notes);
  });

  test('events are purged long after the keys that point at them expire', () => {
    // A record's event must outlive it (migration 0014); the purge uses RETENTION_MS.
    assert.ok(RETENTION_MS >= IDEMPOTENCY_TTL_MS * 2, 'events outlive Idempotency-Key records');
  });

  test('a record whose event is gone is an internal error, never an empty or different answer', async () => {
    const idem = randomKey();
    assert.equal((await create(idem)).status, 201);
    const { response_event_id } = await svc.ctx.db
      .selectFrom('idempotency_keys')
      .select('response_event_id')
      .where('key', '=', storedKey(idem))
      .executeTakeFirstOrThrow();
    await svc.ctx.db.deleteFrom('events').where('id', '=', response_event_id!).execute();
    expectApiError(await create(idem), 500, 'internal_error');
  });

  test('a response sealed before migration 0014, its number a placeholder, still replays with the number filled in', async () => {
    // The form a keyed create kept until migration 0014: the response sealed under the key's
    // derived key, the placeholder's value beside it. Such records live 24 hours across an upgrade.
    const idem = randomKey();
    const b = body({ notes: 'sealed before the upgrade' });
    const now = svc.ctx.clock.now();
    const scope = p.issuer.org.orgId;
    const placeholder = '@@docex-number-0123456789abcdefghijkl@@';
    const sent = JSON.stringify({ id: 'doc_old', number: placeholder, notes: 'sealed before the upgrade' });
    const iv = randomBytes(12);
    const cipher = createCipheriv(
      'aes-256-gcm',
      responseKey(svc.ctx.secrets.hmacKey, { scope, key: idem }),
      iv,
    );
    const sealed = Buffer.concat([cipher.update(sent, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    await svc.ctx.db
      .insertInto('idempotency_keys')
      .values({
        scope,
        key: storedKey(idem),
        principal: `key:${p.issuer.keyId}`,
        fingerprint: fingerprint('POST', '/v1/documents', b),
        status: 'done',
        response_status: 201,
        response_content_type: 'application/json; charset=utf-8',
        response_body: `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`,
        response_fills: { [placeholder]: 'INV-000042' },
        created_at: now,
        expires_at: new Date(now.getTime() + 3600_000),
        lease_until: now,
      })
      .execute();
    const replay = await create(idem, b);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(replay.text, sent.replace(placeholder, 'INV-000042'));
    assert.equal((replay.body as unknown as { number: string }).number, 'INV-000042');
  });

  test('a sealed response of a few kilobytes is stored inline, not compressed into TOAST (migration 0011)', async () => {
    const toastBytes = async () => {
      const r = await sql<{ n: number | string }>`select pg_relation_size(reltoastrelid) as n
        from pg_class where relname = 'idempotency_keys'`.execute(svc.ctx.db);
      return Number(r.rows[0]!.n);
    };
    // An edit's response is sealed by the pipeline (a create's names its event instead).
    const draft = await create(randomKey());
    assert.equal(draft.status, 201, draft.text);
    const before = await toastBytes();
    const lines = Array.from({ length: 5 }, (_, i) => line({ description: `Widget model ${i} `.repeat(8) }));
    const idem = randomKey();
    const edit = () =>
      svc.req<DocumentView>('PATCH', `/v1/documents/${draft.body.id}`, {
        token: p.issuer.key,
        idem,
        body: { line_items: lines },
      });
    const first = await edit();
    assert.equal(first.status, 200, first.text);
    const stored = await svc.ctx.db
      .selectFrom('idempotency_keys')
      .select((eb) => eb.fn<number>('octet_length', ['response_body']).as('n'))
      .where('key', '=', storedKey(idem))
      .executeTakeFirstOrThrow();
    // Above PostgreSQL's default 2 kB TOAST threshold, so the test means something.
    assert.ok(Number(stored.n) > 2500, `sealed response of ${stored.n} bytes`);
    assert.equal(await toastBytes(), before, 'nothing was written out of line');
    const replay = await edit();
    assert.equal(replay.text, first.text);
    assert.equal(replay.headers['idempotent-replay'], 'true');
  });
});

function storedKey(idem: string): string {
  return storedIdempotencyKey(svc.ctx.secrets.hmacKey, idem);
}
