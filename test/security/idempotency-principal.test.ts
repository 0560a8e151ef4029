// An idempotent replay goes only to the principal that made the first request (CONTRACT 10),
// written as the attack: a keys:manage key presenting an admin's Idempotency-Key and body for
// POST /v1/keys received the admin's new keys:manage secret. And the stored key is an HMAC, so a
// database dump cannot be searched for guessable Idempotency-Keys.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { storedKey } from '../../src/http/idempotency.ts';
import { createDoc, type Pair, pair } from '../helpers/document-setup.ts';
import { expectError, mintKey, signIn } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Replayed Co', 'Other Co']);
});
after(async () => {
  await svc?.close();
});

describe('replays belong to their principal', () => {
  test("a keys:manage key replaying an admin's key mint gets 409, never the admin's secret", async () => {
    const manager = await mintKey(svc, p.issuer.org.session, ['documents:read', 'keys:manage']);
    const idem = randomKey();
    const body = { name: 'admin made', scopes: ['documents:read', 'keys:manage'] };
    const first = await svc.req<{ key: string }>('POST', '/v1/keys', {
      token: p.issuer.org.session,
      idem,
      body,
    });
    assert.equal(first.status, 201, first.text);
    const stolen = await svc.req('POST', '/v1/keys', { token: manager.key, idem, body });
    expectError(stolen, 409, 'idempotency_conflict');
    assert.ok(!stolen.text.includes(first.body.key), 'no secret');
    assert.equal(stolen.headers['idempotent-replay'], undefined);
    // the admin's own retry, from another session of the same user, is the replay
    const again = await signIn(svc, p.issuer.org);
    const replay = await svc.req<{ key: string }>('POST', '/v1/keys', { token: again, idem, body });
    assert.equal(replay.status, 201, replay.text);
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(replay.body.key, first.body.key);
  });

  test('another key of the organization replaying a document create: 409; the same key: the replay', async () => {
    const idem = randomKey();
    const b = {
      connection_id: p.connectionId,
      document_type: 'invoice',
      line_items: [{ description: 'x', quantity: 1, unit_price: 5, tax_rate: 0 }],
    };
    const first = await svc.req('POST', '/v1/documents', { token: p.issuer.key, idem, body: b });
    assert.equal(first.status, 201, first.text);
    expectError(
      await svc.req('POST', '/v1/documents', { token: p.issuer.payKey, idem, body: b }),
      409,
      'idempotency_conflict',
    );
    const same = await svc.req('POST', '/v1/documents', { token: p.issuer.key, idem, body: b });
    assert.equal(same.status, 201);
    assert.equal(same.headers['idempotent-replay'], 'true');
    assert.equal(same.text, first.text);
    // an edit (claimed by the pipeline, not in its statement) is bound the same way
    const draft = await createDoc(svc, p);
    const editIdem = randomKey();
    const edit = { notes: 'bound' };
    assert.equal(
      (
        await svc.req('PATCH', `/v1/documents/${draft.id}`, {
          token: p.issuer.key,
          idem: editIdem,
          body: edit,
        })
      ).status,
      200,
    );
    expectError(
      await svc.req('PATCH', `/v1/documents/${draft.id}`, {
        token: p.issuer.payKey,
        idem: editIdem,
        body: edit,
      }),
      409,
      'idempotency_conflict',
    );
  });

  test('two principals racing one key: one wins, the other never sees its answer', async () => {
    for (let round = 0; round < 3; round++) {
      const idem = randomKey();
      const b = {
        connection_id: p.connectionId,
        document_type: 'invoice',
        line_items: [{ description: `race ${round}`, quantity: 1, unit_price: 1, tax_rate: 0 }],
      };
      const [x, y] = await Promise.all([
        svc.req('POST', '/v1/documents', { token: p.issuer.key, idem, body: b }),
        svc.req('POST', '/v1/documents', { token: p.issuer.payKey, idem, body: b }),
      ]);
      const statuses = [x.status, y.status].sort();
      assert.deepEqual(statuses, [201, 409], `${x.text} / ${y.text}`);
      const loser = x.status === 409 ? x : y;
      assert.ok(
        ['idempotency_conflict', 'conflict'].includes((loser.body as { error: { code: string } }).error.code),
      );
      assert.ok(!loser.text.includes('"id":"doc_'), 'no document in the refusal');
    }
  });
});

describe('the stored key', () => {
  test('is an HMAC under the deployment secret: neither the key nor its bare SHA-256', async () => {
    const idem = `guessable-${Date.now()}`;
    const res = await svc.req('POST', '/v1/keys', {
      token: p.issuer.org.session,
      idem,
      body: { name: 'stored', scopes: ['documents:read'] },
    });
    assert.equal(res.status, 201);
    const rows = await svc.ctx.db
      .selectFrom('idempotency_keys')
      .select(['key', 'principal'])
      .where('scope', '=', p.issuer.org.orgId)
      .execute();
    const sha = createHash('sha256').update(idem, 'utf8').digest('hex');
    assert.ok(rows.every((r) => r.key !== idem && r.key !== sha));
    assert.ok(rows.some((r) => r.key === storedKey(svc.ctx.secrets.hmacKey, idem)));
  });

  test('a record kept by 1.14.0 is converted at start and replays to nobody', async () => {
    const idem = randomKey();
    const now = svc.ctx.clock.now();
    await svc.ctx.db
      .insertInto('idempotency_keys')
      .values({
        scope: p.issuer.org.orgId,
        key: createHash('sha256').update(idem, 'utf8').digest('hex'),
        principal: null,
        legacy: true,
        fingerprint: 'f',
        status: 'done',
        response_status: 201,
        response_content_type: 'application/json; charset=utf-8',
        response_body: null,
        created_at: now,
        expires_at: new Date(now.getTime() + 3600_000),
        lease_until: now,
      })
      .execute();
    const restarted = await svc.variant({});
    try {
      const row = await restarted.ctx.db
        .selectFrom('idempotency_keys')
        .select(['key', 'legacy'])
        .where('key', '=', storedKey(svc.ctx.secrets.hmacKey, idem))
        .executeTakeFirst();
      assert.equal(row?.legacy, false, 'converted in place');
      const res = await restarted.req('POST', '/v1/keys', {
        token: p.issuer.org.session,
        idem,
        body: { name: 'x', scopes: ['documents:read'] },
      });
      expectError(res, 409, 'idempotency_conflict');
    } finally {
      await restarted.close();
    }
  });
});
