// Spec 4.2 (Idempotency-Key, rules 1 to 7) and 4.3 (cursor pagination), with CONTRACT 8: keys
// scoped per organization, fingerprint of method + path + structural body, kept in the database,
// 24 h on the service clock; cursors opaque, tamper-evident, bound to the query and organization.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { defineRoute } from '../../src/http/route.ts';
import { ApiError } from '../../src/lib/errors.ts';
import { assertNamesField, dumpAllTables, expectApiError } from '../helpers/expect.ts';
import { advanceClock, type SignedUp, sameKeyAtOnce, signIn, signup } from '../helpers/flows.ts';
import { OPERATOR_TOKEN, randomKey, startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let a: SignedUp;
let b: SignedUp;

before(async () => {
  svc = await startTestService();
  a = await signup(svc, 'Idem A');
  b = await signup(svc, 'Idem B');
});
after(async () => {
  await svc?.close();
});

interface KeyRow {
  id: string;
  name: string;
  created_at: string;
  key?: string;
}
interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

describe('cursors (spec 4.3)', () => {
  // the walker: 25 keys; b is "another organization"; its connections go to a and b
  let owner: SignedUp;
  const created: string[] = [];

  before(async () => {
    owner = await signup(svc, 'Cursor A');
    for (let i = 0; i < 25; i++) {
      const r = await svc.req<{ id: string }>('POST', '/v1/keys', {
        token: owner.session,
        body: { name: `k${i}`, scopes: ['documents:read'] },
      });
      assert.equal(r.status, 201);
      created.push(r.body.id);
    }
  });

  async function page(token: string, query: string): Promise<Page<KeyRow>> {
    const r = await svc.req<Page<KeyRow>>('GET', `/v1/keys${query}`, { token });
    assert.equal(r.status, 200, r.text);
    return r.body;
  }

  async function walk(
    token: string,
    limit: number,
    between?: (n: number) => Promise<void>,
  ): Promise<Page<KeyRow>[]> {
    const pages: Page<KeyRow>[] = [];
    let cursor: string | null = null;
    do {
      const p = await page(token, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      pages.push(p);
      cursor = p.next_cursor;
      assert.equal(p.has_more, cursor !== null);
      if (between) await between(pages.length);
    } while (cursor);
    return pages;
  }

  function assertNewestFirst(rows: KeyRow[]): void {
    for (let i = 1; i < rows.length; i++) {
      const prev = rows[i - 1]!;
      const cur = rows[i]!;
      const ord = prev.created_at.localeCompare(cur.created_at) || prev.id.localeCompare(cur.id);
      assert.ok(ord > 0, `row ${i} is not older than row ${i - 1}`);
    }
  }

  test('pages are disjoint and complete, newest first, and secrets never appear', async () => {
    const pages = await walk(owner.session, 10);
    assert.deepEqual(
      pages.map((p) => p.data.length),
      [10, 10, 5],
    );
    const rows = pages.flatMap((p) => p.data);
    assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'disjoint');
    assert.deepEqual(new Set(rows.map((r) => r.id)), new Set(created), 'complete');
    assertNewestFirst(rows);
    assert.equal(rows[0]!.id, created[created.length - 1], 'the newest key comes first');
    for (const r of rows) assert.equal(r.key, undefined);
    // any limit walks the same set in the same order
    const ones = await walk(owner.session, 7);
    assert.deepEqual(
      ones.flatMap((p) => p.data.map((r) => r.id)),
      rows.map((r) => r.id),
    );
  });

  test('a walk is stable while records are created during it', async () => {
    const extra: string[] = [];
    const pages = await walk(owner.session, 10, async (n) => {
      if (n > 2) return;
      for (let i = 0; i < 3; i++) {
        const r = await svc.req<{ id: string }>('POST', '/v1/keys', {
          token: owner.session,
          body: { name: `during${n}-${i}`, scopes: ['documents:read'] },
        });
        extra.push(r.body.id);
      }
    });
    const ids = pages.flatMap((p) => p.data.map((r) => r.id));
    assert.equal(new Set(ids).size, ids.length, 'no row seen twice');
    assert.deepEqual(new Set(ids), new Set(created), 'exactly the rows that existed when the walk began');
    // a fresh walk sees the new ones first
    const first = await page(owner.session, '?limit=6');
    assert.deepEqual(new Set(first.data.map((r) => r.id)), new Set(extra));
    created.push(...extra);
  });

  test('limit: 1 to 100, default 20, a maximum only', async () => {
    const def = await page(owner.session, '');
    assert.equal(def.data.length, 20);
    assert.equal(def.has_more, true);
    assert.equal((await page(owner.session, '?limit=1')).data.length, 1);
    const max = await page(owner.session, '?limit=100');
    assert.equal(max.data.length, created.length);
    assert.equal(max.has_more, false);
    assert.equal(max.next_cursor, null);
    for (const bad of ['0', '101', '-1', '1.5', 'ten', '']) {
      const e = expectApiError(
        await svc.req('GET', `/v1/keys?limit=${bad}`, { token: owner.session }),
        400,
        'invalid_request',
      );
      assertNamesField(e, 'query.limit');
    }
  });

  test('a tampered, forged or truncated cursor is invalid_request', async () => {
    const p = await page(owner.session, '?limit=5');
    const cursor = p.next_cursor!;
    const [payload, mac] = cursor.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const edited = Buffer.from(JSON.stringify({ ...decoded, id: created[0] })).toString('base64url');
    const candidates = [
      `${flip(payload, 3)}.${mac}`,
      `${payload}.${flip(mac, 2)}`,
      `${edited}.${mac}`,
      payload,
      cursor.slice(0, -1),
      `${cursor}x`,
      Buffer.from(JSON.stringify({ t: new Date().toISOString(), id: created[0] })).toString('base64url'),
      'bm90IGEgY3Vyc29y',
      'x'.repeat(3000),
    ];
    for (const bad of candidates) {
      const e = expectApiError(
        await svc.req('GET', `/v1/keys?limit=5&cursor=${encodeURIComponent(bad)}`, { token: owner.session }),
        400,
        'invalid_request',
      );
      assertNamesField(e, 'query.cursor');
    }
    // the genuine one still works
    assert.equal((await page(owner.session, `?limit=5&cursor=${encodeURIComponent(cursor)}`)).data.length, 5);
  });

  test("another organization's cursor is invalid_request, never a page of someone else's rows", async () => {
    const mine = await page(owner.session, '?limit=3');
    const e = expectApiError(
      await svc.req('GET', `/v1/keys?limit=3&cursor=${encodeURIComponent(mine.next_cursor!)}`, {
        token: b.session,
      }),
      400,
      'invalid_request',
    );
    assertNamesField(e, 'query.cursor');
  });

  test('a cursor is tied to its query: another filter or another list is invalid_request', async () => {
    for (const other of [a, b]) {
      const r = await svc.req('POST', '/v1/connections', {
        token: owner.session,
        body: { counterparty_organization_id: other.orgId },
      });
      assert.equal(r.status, 201);
    }
    const pending = await svc.req<Page<{ id: string }>>('GET', '/v1/connections?status=pending&limit=1', {
      token: owner.session,
    });
    assert.equal(pending.status, 200);
    assert.equal(pending.body.has_more, true);
    const cur = encodeURIComponent(pending.body.next_cursor!);
    for (const q of [`?status=active&limit=1&cursor=${cur}`, `?limit=1&cursor=${cur}`]) {
      assertNamesField(
        expectApiError(
          await svc.req('GET', `/v1/connections${q}`, { token: owner.session }),
          400,
          'invalid_request',
        ),
        'query.cursor',
      );
    }
    // the same filter continues the walk, with a different limit too
    const next = await svc.req<Page<{ id: string }>>(
      'GET',
      `/v1/connections?status=pending&limit=5&cursor=${cur}`,
      {
        token: owner.session,
      },
    );
    assert.equal(next.status, 200);
    assert.equal(next.body.data.length, 1);
    assert.notEqual(next.body.data[0]!.id, pending.body.data[0]!.id);
    // a keys cursor on the connections list
    const keys = await page(owner.session, '?limit=1');
    expectApiError(
      await svc.req('GET', `/v1/connections?limit=1&cursor=${encodeURIComponent(keys.next_cursor!)}`, {
        token: owner.session,
      }),
      400,
      'invalid_request',
    );
  });
});

async function countKeys(orgId: string, name?: string): Promise<number> {
  let q = svc.ctx.db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', orgId);
  if (name) q = q.where('name', '=', name);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const keyBody = (name: string) => ({ name, scopes: ['documents:read', 'documents:write'] });

// A route whose handler waits for the test to let it finish, to hold a request "in flight".
function gatedApp() {
  const gates: Array<() => void> = [];
  let calls = 0;
  let failNext = false;
  const route = defineRoute({
    method: 'POST',
    url: '/v1/test_gated',
    operationId: 'testGated',
    summary: 'gated',
    description: 'Waits for the test.',
    tags: ['Test'],
    auth: 'session',
    body: Type.Object({ n: Type.Number() }, { additionalProperties: false }),
    response: {
      status: 201,
      schema: Type.Object({ n: Type.Number(), call: Type.Number() }),
      description: 'ok',
    },
    errors: [],
    handler: async ({ body }) => {
      calls += 1;
      const call = calls;
      await new Promise<void>((resolve) => gates.push(resolve));
      if (failNext) {
        failNext = false;
        if (body.n < 0) throw new ApiError('conflict', 'refused on purpose');
        throw new Error('crashed on purpose');
      }
      return { n: body.n, call };
    },
  });
  return {
    route,
    open: () => {
      for (const g of gates.splice(0)) g();
    },
    waiting: () => gates.length,
    failNext: () => {
      failNext = true;
    },
  };
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(cond(), 'condition not reached');
}

describe('Idempotency-Key (spec 4.2)', () => {
  test('rule 1: a write without Idempotency-Key is refused before anything happens', async () => {
    const before = await countKeys(a.orgId);
    const e = expectApiError(
      await svc.req('POST', '/v1/keys', { token: a.session, idem: null, body: keyBody('no-idem') }),
      400,
      'invalid_request',
    );
    assertNamesField(e, 'headers.idempotency-key');
    assert.equal(await countKeys(a.orgId), before, 'no key was created');

    const conns = await svc.ctx.db.selectFrom('connections').select('id').execute();
    expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: a.session,
        idem: null,
        body: { counterparty_organization_id: b.orgId },
      }),
      400,
      'invalid_request',
    );
    assert.equal((await svc.ctx.db.selectFrom('connections').select('id').execute()).length, conns.length);
    // an empty header is the same as none
    expectApiError(
      await svc.req('POST', '/v1/keys', { token: a.session, idem: '', body: keyBody('no-idem') }),
      400,
      'invalid_request',
    );
  });

  test('rule 1 holds for every write the OpenAPI document says needs the header', async () => {
    const doc = (await svc.req('GET', '/v1/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string; in: string; required?: boolean }[]; 'x-docex-auth': string }
        >
      >;
    };
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const needs = (op.parameters ?? []).some(
          (p) => p.in === 'header' && p.name === 'Idempotency-Key' && p.required,
        );
        // A link's write answers 404 for a token that opens nothing before it reads any header
        // (test/recipient/link.test.ts checks its Idempotency-Key with a real token).
        if (!needs || op['x-docex-auth'] === 'link') continue;
        const url = path.replace(/\{[^}]+\}/g, 'xxxxxxxx');
        const token = op['x-docex-auth'] === 'operator' ? OPERATOR_TOKEN : a.session;
        const res = await svc.req(method.toUpperCase(), url, { token, idem: null, body: {} });
        assertNamesField(expectApiError(res, 400, 'invalid_request'), 'headers.idempotency-key');
        checked++;
      }
    }
    assert.ok(checked >= 5, `checked ${checked} writes`);
  });

  test('Idempotency-Key length: 7 and 129 refused, 8 and 128 accepted', async () => {
    for (const k of ['1234567', 'k'.repeat(129)]) {
      const e = expectApiError(
        await svc.req('POST', '/v1/keys', { token: a.session, idem: k, body: keyBody('len') }),
        400,
        'invalid_request',
      );
      assertNamesField(e, 'headers.idempotency-key');
    }
    assert.equal(await countKeys(a.orgId, 'len'), 0);
    for (const k of ['12345678', 'k'.repeat(128)]) {
      const res = await svc.req('POST', '/v1/keys', { token: a.session, idem: k, body: keyBody('len') });
      assert.equal(res.status, 201, res.text);
    }
    assert.equal(await countKeys(a.orgId, 'len'), 2);
  });

  test('rules 2 and 3: same key and same body (keys in any order) replays byte for byte', async () => {
    const idem = randomKey();
    const first = await svc.req('POST', '/v1/keys', { token: a.session, idem, body: keyBody('replay') });
    assert.equal(first.status, 201);
    assert.equal(first.headers['idempotent-replay'], undefined);
    const again = await svc.req('POST', '/v1/keys', { token: a.session, idem, body: keyBody('replay') });
    const reordered = await svc.req('POST', '/v1/keys', {
      token: a.session,
      idem,
      rawBody: '{ "scopes": ["documents:read", "documents:write"],\n  "name": "replay" }',
      headers: { 'content-type': 'application/json' },
    });
    for (const r of [again, reordered]) {
      assert.equal(r.status, 201);
      assert.equal(r.text, first.text, 'byte-identical body');
      assert.equal(r.headers['idempotent-replay'], 'true');
      assert.equal(r.headers['content-type'], first.headers['content-type']);
      assert.notEqual(r.headers['svc-request-id'], first.headers['svc-request-id']);
    }
    assert.equal(await countKeys(a.orgId, 'replay'), 1);
    // another session of the same organization replays too: the key belongs to the organization
    const other = await signIn(svc, a);
    const viaOther = await svc.req('POST', '/v1/keys', { token: other, idem, body: keyBody('replay') });
    assert.equal(viaOther.text, first.text);
  });

  test('rule 6: same key with another body is 409 idempotency_conflict, and the original still replays', async () => {
    const idem = randomKey();
    const first = await svc.req('POST', '/v1/keys', { token: a.session, idem, body: keyBody('original') });
    assert.equal(first.status, 201);
    expectApiError(
      await svc.req('POST', '/v1/keys', { token: a.session, idem, body: keyBody('changed') }),
      409,
      'idempotency_conflict',
    );
    expectApiError(
      await svc.req('POST', '/v1/keys', {
        token: a.session,
        idem,
        body: { ...keyBody('original'), expires_at: null },
      }),
      409,
      'idempotency_conflict',
    );
    const replay = await svc.req('POST', '/v1/keys', { token: a.session, idem, body: keyBody('original') });
    assert.equal(replay.text, first.text);
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(await countKeys(a.orgId, 'changed'), 0);
  });

  test('the same key on another path is idempotency_conflict', async () => {
    const idem = randomKey();
    const created = await svc.req<{ id: string }>('POST', '/v1/keys', {
      token: a.session,
      idem,
      body: keyBody('path'),
    });
    assert.equal(created.status, 201);
    expectApiError(
      await svc.req('POST', `/v1/keys/${created.body.id}/revoke`, { token: a.session, idem }),
      409,
      'idempotency_conflict',
    );
    expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: a.session,
        idem,
        body: { counterparty_organization_id: b.orgId },
      }),
      409,
      'idempotency_conflict',
    );
    const k = await svc.req<{ status: string }>('GET', `/v1/keys/${created.body.id}`, { token: a.session });
    assert.equal(k.body.status, 'active', 'the conflicting revoke did not run');
  });

  test('rule 5: a 4xx releases the key: fix the body and retry with the same key', async () => {
    const idem = randomKey();
    const bad = await svc.req('POST', '/v1/keys', {
      token: a.session,
      idem,
      body: { name: 'fixme', scopes: ['documents:read'], expires_at: '2001-01-01T00:00:00Z' },
    });
    expectApiError(bad, 400, 'invalid_request');
    const fixed = await svc.req('POST', '/v1/keys', {
      token: a.session,
      idem,
      body: { name: 'fixme', scopes: ['documents:read'] },
    });
    assert.equal(fixed.status, 201, fixed.text);
    assert.equal(fixed.headers['idempotent-replay'], undefined);
    // a refusal by the domain (not the schema) releases it as well
    const idem2 = randomKey();
    expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: a.session,
        idem: idem2,
        body: { counterparty_organization_id: a.orgId },
      }),
      400,
      'invalid_request',
    );
    const ok = await svc.req('POST', '/v1/connections', {
      token: a.session,
      idem: idem2,
      body: { counterparty_organization_id: b.orgId },
    });
    assert.equal(ok.status, 201, ok.text);
  });

  test('keys are scoped per organization: two organizations may use the same key', async () => {
    const idem = randomKey();
    const ra = await svc.req<{ id: string; organization_id: string }>('POST', '/v1/keys', {
      token: a.session,
      idem,
      body: keyBody('shared'),
    });
    const rb = await svc.req<{ id: string; organization_id: string }>('POST', '/v1/keys', {
      token: b.session,
      idem,
      body: keyBody('shared'),
    });
    assert.equal(ra.status, 201);
    assert.equal(rb.status, 201);
    assert.equal(rb.headers['idempotent-replay'], undefined);
    assert.notEqual(ra.body.id, rb.body.id);
    assert.equal(rb.body.organization_id, b.orgId);
    // and with a different body too: no conflict across organizations
    const rb2 = await svc.req('POST', '/v1/keys', {
      token: b.session,
      idem: `${idem}x`,
      body: keyBody('b-only'),
    });
    assert.equal(rb2.status, 201);
  });

  test('a replayed response does not keep a key secret at rest', async () => {
    const idem = randomKey();
    const created = await svc.req<{ key: string; id: string }>('POST', '/v1/keys', {
      token: a.session,
      idem,
      body: keyBody('at-rest'),
    });
    assert.equal(created.status, 201);
    const dump = await dumpAllTables(svc);
    assert.ok(!dump.includes(created.body.key), 'the full secret is stored nowhere');
    assert.ok(!dump.includes(created.body.key.slice(12)), 'nor its secret part');
    // and the replay still returns it, byte for byte
    const replay = await svc.req('POST', '/v1/keys', { token: a.session, idem, body: keyBody('at-rest') });
    assert.equal(replay.text, created.text);
  });

  test('rule 7: a retry while the original still runs is 409 conflict; afterwards it replays', async () => {
    const g = gatedApp();
    const app: FastifyInstance = await buildApp(svc.ctx, { routes: [g.route] });
    const send = (idem: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/v1/test_gated',
        headers: {
          authorization: `Bearer ${a.session}`,
          'idempotency-key': idem,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ n }),
      });
    try {
      const idem = randomKey();
      const first = send(idem, 1);
      await until(() => g.waiting() === 1);
      const retry = await send(idem, 1);
      const parsed = {
        status: retry.statusCode,
        headers: retry.headers,
        text: retry.body,
        body: JSON.parse(retry.body),
      };
      expectApiError(parsed, 409, 'conflict');
      // a different body while it runs is still idempotency_conflict
      const other = await send(idem, 2);
      assert.equal(JSON.parse(other.body).error.code, 'idempotency_conflict');
      g.open();
      const done = await first;
      assert.equal(done.statusCode, 201);
      const replay = await send(idem, 1);
      assert.equal(replay.statusCode, 201);
      assert.equal(replay.body, done.body);
      assert.equal(replay.headers['idempotent-replay'], 'true');
      assert.equal(g.waiting(), 0, 'the replay did not run the handler');

      // only successes replay: a 5xx and a 409 release the key too
      for (const n of [1, -1]) {
        const idem2 = randomKey();
        g.failNext();
        const failing = send(idem2, n);
        await until(() => g.waiting() === 1);
        g.open();
        const failed = await failing;
        assert.equal(failed.statusCode, n < 0 ? 409 : 500);
        const retried = send(idem2, n);
        await until(() => g.waiting() === 1);
        g.open();
        const ok = await retried;
        assert.equal(ok.statusCode, 201, ok.body);
        assert.equal(ok.headers['idempotent-replay'], undefined);
      }
    } finally {
      g.open();
      await app.close();
    }
  });

  test('the race: ten identical writes at once over real HTTP have exactly one effect', async () => {
    const url = await svc.listen();
    const idem = randomKey();
    const body = JSON.stringify({ name: 'race', scopes: ['documents:read'] });
    const original = await sameKeyAtOnce(url, '/v1/keys', a.session, idem, body);
    assert.equal(await countKeys(a.orgId, 'race'), 1, 'exactly one key in the database');
    const after = await svc.req('POST', '/v1/keys', {
      token: a.session,
      idem,
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(after.text, original);
  });

  test('rule 4: keys are held 24 hours on the service clock, then the same key runs fresh', async () => {
    const idem = randomKey();
    const first = await svc.req<{ id: string }>('POST', '/v1/keys', {
      token: a.session,
      idem,
      body: keyBody('ttl'),
    });
    assert.equal(first.status, 201);
    await advanceClock(svc, 24 * 3600 - 60);
    const session = await signIn(svc, a);
    const stillHeld = await svc.req('POST', '/v1/keys', { token: session, idem, body: keyBody('ttl') });
    assert.equal(stillHeld.text, first.text);
    await advanceClock(svc, 61);
    const fresh = await svc.req<{ id: string }>('POST', '/v1/keys', {
      token: session,
      idem,
      body: keyBody('ttl'),
    });
    assert.equal(fresh.status, 201);
    assert.equal(fresh.headers['idempotent-replay'], undefined);
    assert.notEqual(fresh.body.id, first.body.id);
    assert.equal(await countKeys(a.orgId, 'ttl'), 2);
    // after 24 h a different body under the old key is a fresh request too, not a conflict
    const idem2 = randomKey();
    assert.equal(
      (await svc.req('POST', '/v1/keys', { token: session, idem: idem2, body: keyBody('ttl2') })).status,
      201,
    );
    await advanceClock(svc, 24 * 3600 + 1);
    const later = await signIn(svc, a);
    assert.equal(
      (await svc.req('POST', '/v1/keys', { token: later, idem: idem2, body: keyBody('ttl3') })).status,
      201,
    );
  });
});
