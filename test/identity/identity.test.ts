// Identity (CONTRACT 1): signup, admin sessions, the organization record, closed signup with the
// operator's endpoint, operator verify / connect_processor; connections invited, accepted and
// projected per viewer; POST /v1/sandbox, the practice pair.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertNamesField, dumpAllTables, expectApiError } from '../helpers/expect.ts';
import { advanceClock, mintKey, operator, type SignedUp, signIn, signup } from '../helpers/flows.ts';
import { OPERATOR_TOKEN, startTestService, type TestService } from '../helpers/harness.ts';

interface SignupBody {
  organization: { id: string; name: string; environment: string; verified: boolean; created_at: string };
  user: { id: string; email: string; created_at: string };
  session: { token: string; expires_at: string; organization_id: string };
}
interface Org {
  id: string;
  name: string;
  environment: string;
  verified: boolean;
}
interface Connection {
  id: string;
  status: string;
  environment: string;
  counterparty: { id: string; name: string };
  created_at: string;
}
interface Pair {
  organization: Org;
  counterparty: Org;
  connection: Connection;
  session: { token: string; organization_id: string; expires_at: string };
}

const PASSWORD = 'twelve chars';

let svc: TestService;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

describe('signup, sessions, organization, operator', () => {
  let a: SignedUp;
  before(async () => {
    a = await signup(svc, 'Identity A');
  });

  test('signup creates a live, unverified organization, its admin user and a 12-hour session', async () => {
    const email = `Founder.${Date.now()}@Example.test`;
    const r = await svc.req<SignupBody>('POST', '/v1/signup', {
      body: { organization_name: 'Globex', email, password: PASSWORD },
    });
    assert.equal(r.status, 201, r.text);
    const { organization, user, session } = r.body;
    assert.match(organization.id, /^org_/);
    assert.deepEqual(
      { name: organization.name, environment: organization.environment, verified: organization.verified },
      { name: 'Globex', environment: 'live', verified: false },
    );
    assert.match(user.id, /^usr_/);
    assert.equal(user.email, email);
    assert.match(session.token, /^sess_[0-9A-Za-z]{20,}$/);
    assert.equal(session.organization_id, organization.id);
    const ttl = Date.parse(session.expires_at) - Date.parse(organization.created_at);
    assert.ok(Math.abs(ttl - 12 * 3600_000) < 5000, `session lives 12 h, got ${ttl} ms`);
    const org = await svc.req('GET', '/v1/organization', { token: session.token });
    assert.deepEqual(org.body, organization);
    // signup is a credential exchange: it needs no Idempotency-Key
    assert.equal(r.headers['idempotent-replay'], undefined);
  });

  test('signup validation: password of at least 12 characters, an email, an organization name, no extras', async () => {
    const ok = { organization_name: 'X', email: `v${Date.now()}@x.test`, password: PASSWORD };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, password: 'eleven char' }, 'password'],
      [{ ...ok, email: 'not-an-email' }, 'email'],
      [{ ...ok, organization_name: '' }, 'organization_name'],
      [{ email: ok.email, password: ok.password }, 'organization_name'],
      [{ ...ok, role: 'owner' }, 'role'],
    ];
    for (const [body, field] of cases) {
      const e = expectApiError(await svc.req('POST', '/v1/signup', { body }), 400, 'invalid_request');
      assertNamesField(e, field);
    }
    assert.equal('eleven char'.length, 11);
    assert.equal((await svc.req('POST', '/v1/signup', { body: ok })).status, 201);
  });

  test('a duplicate email is 409 conflict, whatever its case', async () => {
    for (const email of [a.email, a.email.toUpperCase()]) {
      const e = expectApiError(
        await svc.req('POST', '/v1/signup', {
          body: { organization_name: 'Dup', email, password: PASSWORD },
        }),
        409,
        'conflict',
      );
      assert.equal(e.details?.field, 'email');
    }
  });

  test('passwords and session tokens are stored only as hashes', async () => {
    const dump = await dumpAllTables(svc);
    assert.ok(!dump.includes(a.password), 'no plaintext password');
    assert.ok(!dump.includes(a.session), 'no plaintext session token');
    const row = await svc.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', a.email)
      .executeTakeFirstOrThrow();
    assert.match(row.password_hash, /^\$argon2id\$/);
  });

  test('sessions: a wrong password and an unknown email get the same 401', async () => {
    const wrong = expectApiError(
      await svc.req('POST', '/v1/sessions', { body: { email: a.email, password: 'not the password' } }),
      401,
      'unauthorized',
    );
    const unknown = expectApiError(
      await svc.req('POST', '/v1/sessions', {
        body: { email: 'nobody@nowhere.test', password: 'not the password' },
      }),
      401,
      'unauthorized',
    );
    assert.equal(wrong.message, unknown.message);
    assert.deepEqual(wrong.details, unknown.details);
    assertNamesField(
      expectApiError(
        await svc.req('POST', '/v1/sessions', { body: { email: a.email } }),
        400,
        'invalid_request',
      ),
      'password',
    );
    const s = await svc.req<{ token: string; organization_id: string; expires_at: string }>(
      'POST',
      '/v1/sessions',
      {
        body: { email: a.email.toUpperCase(), password: a.password },
      },
    );
    assert.equal(s.status, 201);
    assert.match(s.body.token, /^sess_/);
    assert.equal(s.body.organization_id, a.orgId, 'defaults to the live organization');
  });

  test('an unknown email takes as long to refuse as a wrong password (no enumeration by timing)', async () => {
    const time = async (email: string) => {
      const t = performance.now();
      const r = await svc.req('POST', '/v1/sessions', { body: { email, password: 'not the password' } });
      assert.equal(r.status, 401);
      return performance.now() - t;
    };
    await time(a.email); // warm up
    const known: number[] = [];
    const unknown: number[] = [];
    // Three wrong passwords after the warm-up: the fifth failed sign-in of an email is throttled.
    for (let i = 0; i < 3; i++) {
      known.push(await time(a.email));
      unknown.push(await time(`nobody${i}@nowhere.test`));
    }
    // A password hash costs tens of milliseconds; skipping it for unknown emails is measurable.
    // The fastest of each is compared: a loaded machine (CI runs suites side by side) only ever
    // adds time, so a median of 3 could compare a stalled wrong password with a quick unknown one
    // (115 ms against 32 ms, seen), while the fastest unknown email still pays for a hash.
    const fastest = (xs: number[]) => Math.min(...xs);
    assert.ok(
      fastest(unknown) > fastest(known) * 0.4,
      `unknown ${unknown.map(Math.round)} ms vs wrong password ${known.map(Math.round)} ms`,
    );
  });

  test("organization_id chooses which of the user's organizations the session is bound to", async () => {
    const sb = await svc.req<{ organization: { id: string } }>('POST', '/v1/sandbox', { token: a.session });
    assert.equal(sb.status, 201);
    const sandboxId = sb.body.organization.id;
    // the default stays the live organization
    const dflt = await svc.req<{ organization_id: string }>('POST', '/v1/sessions', {
      body: { email: a.email, password: a.password },
    });
    assert.equal(dflt.body.organization_id, a.orgId);
    const token = await signIn(svc, a, sandboxId);
    const org = await svc.req<{ id: string; environment: string }>('GET', '/v1/organization', { token });
    assert.deepEqual([org.body.id, org.body.environment], [sandboxId, 'sandbox']);
    // an organization the user is not a member of
    const other = await signup(svc, 'Stranger');
    expectApiError(
      await svc.req('POST', '/v1/sessions', {
        body: { email: a.email, password: a.password, organization_id: other.orgId },
      }),
      404,
      'not_found',
    );
    // a wrong password with a valid organization_id is still just unauthorized
    expectApiError(
      await svc.req('POST', '/v1/sessions', {
        body: { email: a.email, password: 'wrong password', organization_id: sandboxId },
      }),
      401,
      'unauthorized',
    );
  });

  test('GET /v1/organization answers for any key or session with the organization record', async () => {
    const k = await mintKey(svc, a.session, ['payments:read']);
    const viaKey = await svc.req('GET', '/v1/organization', { token: k.key });
    const viaSession = await svc.req('GET', '/v1/organization', { token: a.session });
    assert.equal(viaKey.status, 200);
    assert.deepEqual(viaKey.body, viaSession.body);
    assert.deepEqual(Object.keys(viaKey.body).sort(), [
      'capture',
      'created_at',
      'directory_listed',
      'environment',
      'id',
      'legal_profile',
      'name',
      'verified',
    ]);
  });

  test('DELETE /v1/sessions/current ends only that session', async () => {
    const s1 = await signIn(svc, a);
    const s2 = await signIn(svc, a);
    const del = await svc.req('DELETE', '/v1/sessions/current', { token: s1 });
    assert.equal(del.status, 204);
    assert.equal(del.text, '');
    expectApiError(await svc.req('GET', '/v1/organization', { token: s1 }), 401, 'unauthorized');
    expectApiError(await svc.req('DELETE', '/v1/sessions/current', { token: s1 }), 401, 'unauthorized');
    assert.equal((await svc.req('GET', '/v1/organization', { token: s2 })).status, 200);
    expectApiError(await svc.req('DELETE', '/v1/sessions/current'), 401, 'unauthorized');
  });

  test('operator verify and connect_processor need the operator token', async () => {
    const target = await signup(svc, 'To Verify');
    const k = await mintKey(svc, target.session, ['documents:read']);
    for (const action of ['verify', 'connect_processor']) {
      const url = `/v1/operator/organizations/${target.orgId}/${action}`;
      expectApiError(await svc.req('POST', url), 401, 'unauthorized');
      expectApiError(await svc.req('POST', url, { token: target.session }), 401, 'unauthorized');
      expectApiError(await svc.req('POST', url, { token: k.key }), 401, 'unauthorized');
      expectApiError(await svc.req('POST', url, { token: `${OPERATOR_TOKEN}x` }), 401, 'unauthorized');
      expectApiError(
        await operator(svc, 'POST', `/v1/operator/organizations/org_nope000000000000000000/${action}`),
        404,
        'not_found',
      );
    }
    const v = await operator(svc, 'POST', `/v1/operator/organizations/${target.orgId}/verify`);
    assert.equal(v.status, 200);
    assert.equal((v.body as { verified: boolean }).verified, true);
    const org = await svc.req<{ verified: boolean }>('GET', '/v1/organization', { token: k.key });
    assert.equal(org.body.verified, true);
    assert.equal(
      (await operator(svc, 'POST', `/v1/operator/organizations/${target.orgId}/connect_processor`)).status,
      200,
    );
    // the operator token is no organization credential and the operator routes are not in reach of one
    expectApiError(
      await svc.req('POST', '/v1/operator/organizations', { token: a.session, body: {} }),
      401,
      'unauthorized',
    );
  });

  test('DOCEX_SIGNUP=closed: signup is refused; the operator creates organizations', async () => {
    const closed = await svc.variant({ DOCEX_SIGNUP: 'closed' });
    try {
      const body = { organization_name: 'Invited', email: `inv${Date.now()}@x.test`, password: PASSWORD };
      const refused = await closed.req('POST', '/v1/signup', { body });
      assert.ok(refused.status === 403 || refused.status === 404, refused.text);
      expectApiError(refused, refused.status, refused.status === 404 ? 'not_found' : 'forbidden');
      expectApiError(await closed.req('POST', '/v1/operator/organizations', { body }), 401, 'unauthorized');
      const made = await closed.req<SignupBody>('POST', '/v1/operator/organizations', {
        token: OPERATOR_TOKEN,
        body,
      });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.body.organization.environment, 'live');
      const org = await closed.req<{ id: string }>('GET', '/v1/organization', {
        token: made.body.session.token,
      });
      assert.equal(org.body.id, made.body.organization.id);
      const s = await closed.req('POST', '/v1/sessions', {
        body: { email: body.email, password: body.password },
      });
      assert.equal(s.status, 201);
      assertNamesField(
        expectApiError(
          await closed.req('POST', '/v1/operator/organizations', {
            token: OPERATOR_TOKEN,
            body: { ...body, password: 'short' },
          }),
          400,
          'invalid_request',
        ),
        'password',
      );
    } finally {
      await closed.close();
    }
  });
});

describe('connections', () => {
  let a: SignedUp;
  let b: SignedUp;
  let c: SignedUp;
  let connId: string;

  before(async () => {
    a = await signup(svc, 'Alpha');
    b = await signup(svc, 'Bravo');
    c = await signup(svc, 'Charlie');
  });
  const invite = (from: SignedUp | string, to: string) =>
    svc.req<Connection>('POST', '/v1/connections', {
      token: typeof from === 'string' ? from : from.session,
      body: { counterparty_organization_id: to },
    });

  test('create: 201 pending, projected for the inviter', async () => {
    const r = await invite(a, b.orgId);
    assert.equal(r.status, 201, r.text);
    connId = r.body.id;
    assert.match(connId, /^conn_/);
    assert.equal(r.body.status, 'pending');
    assert.equal(r.body.environment, 'live');
    assert.deepEqual(r.body.counterparty, { id: b.orgId, name: 'Bravo' });
    assert.ok(!Number.isNaN(Date.parse(r.body.created_at)));
  });

  test('each party sees the connection from its own side', async () => {
    const asA = await svc.req<Connection>('GET', `/v1/connections/${connId}`, { token: a.session });
    const asB = await svc.req<Connection>('GET', `/v1/connections/${connId}`, { token: b.session });
    assert.equal(asA.status, 200);
    assert.equal(asB.status, 200);
    assert.deepEqual(asA.body.counterparty, { id: b.orgId, name: 'Bravo' });
    assert.deepEqual(asB.body.counterparty, { id: a.orgId, name: 'Alpha' });
    assert.equal(asB.body.status, 'pending');
    const listB = await svc.req<{ data: Connection[] }>('GET', '/v1/connections', { token: b.session });
    assert.deepEqual(
      listB.body.data.map((x) => [x.id, x.counterparty.id]),
      [[connId, a.orgId]],
    );
  });

  test('only the invited organization accepts; then it is active for both', async () => {
    expectApiError(
      await svc.req('POST', `/v1/connections/${connId}/accept`, { token: a.session }),
      409,
      'conflict',
    );
    const acc = await svc.req<Connection>('POST', `/v1/connections/${connId}/accept`, { token: b.session });
    assert.equal(acc.status, 200, acc.text);
    assert.equal(acc.body.status, 'active');
    assert.deepEqual(acc.body.counterparty, { id: a.orgId, name: 'Alpha' });
    const asA = await svc.req<Connection>('GET', `/v1/connections/${connId}`, { token: a.session });
    assert.equal(asA.body.status, 'active');
    // accepting an active connection returns it unchanged
    const again = await svc.req<Connection>('POST', `/v1/connections/${connId}/accept`, { token: b.session });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, acc.body);
    // status filter
    const active = await svc.req<{ data: Connection[] }>('GET', '/v1/connections?status=active', {
      token: a.session,
    });
    assert.deepEqual(
      active.body.data.map((x) => x.id),
      [connId],
    );
    const pending = await svc.req<{ data: Connection[] }>('GET', '/v1/connections?status=pending', {
      token: a.session,
    });
    assert.deepEqual(pending.body.data, []);
    assertNamesField(
      expectApiError(
        await svc.req('GET', '/v1/connections?status=closed', { token: a.session }),
        400,
        'invalid_request',
      ),
      'query.status',
    );
  });

  test('a third organization gets 404 for get and accept, and does not see it listed', async () => {
    expectApiError(await svc.req('GET', `/v1/connections/${connId}`, { token: c.session }), 404, 'not_found');
    expectApiError(
      await svc.req('POST', `/v1/connections/${connId}/accept`, { token: c.session }),
      404,
      'not_found',
    );
    const list = await svc.req<{ data: Connection[] }>('GET', '/v1/connections', { token: c.session });
    assert.deepEqual(list.body.data, []);
    expectApiError(
      await svc.req('GET', '/v1/connections/conn_doesNotExist0000000000', { token: a.session }),
      404,
      'not_found',
    );
  });

  test('keys of a party read connections; creating and accepting need an admin session', async () => {
    const k = await mintKey(svc, a.session, ['documents:read']);
    assert.equal((await svc.req('GET', `/v1/connections/${connId}`, { token: k.key })).status, 200);
    assert.equal((await svc.req('GET', '/v1/connections', { token: k.key })).status, 200);
    const e1 = expectApiError(await invite(k.key, c.orgId), 403, 'insufficient_scope');
    assert.equal(e1.details?.required, 'admin_session');
    const kb = await mintKey(svc, c.session, ['documents:read']);
    const pend = await invite(a, c.orgId);
    assert.equal(pend.status, 201);
    const e2 = expectApiError(
      await svc.req('POST', `/v1/connections/${pend.body.id}/accept`, { token: kb.key }),
      403,
      'insufficient_scope',
    );
    assert.equal(e2.details?.required, 'admin_session');
  });

  test('refusals: self, unknown organization, missing field', async () => {
    const self = expectApiError(await invite(a, a.orgId), 400, 'invalid_request');
    assertNamesField(self, 'counterparty_organization_id');
    expectApiError(await invite(a, 'org_doesNotExist000000000000'), 404, 'not_found');
    assertNamesField(
      expectApiError(
        await svc.req('POST', '/v1/connections', { token: a.session, body: {} }),
        400,
        'invalid_request',
      ),
      'counterparty_organization_id',
    );
  });

  test('one connection per pair, whichever side asks: 409 conflict', async () => {
    expectApiError(await invite(a, b.orgId), 409, 'conflict');
    const reverse = expectApiError(await invite(b, a.orgId), 409, 'conflict');
    assert.equal(reverse.details?.connection_id, connId);
  });

  test('sandbox and live organizations never connect: 403 sandbox_isolation', async () => {
    const sb = await svc.req<{
      organization: { id: string };
      counterparty: { id: string };
      session: { token: string };
    }>('POST', '/v1/sandbox', { token: c.session });
    assert.equal(sb.status, 201);
    expectApiError(await invite(a, sb.body.organization.id), 403, 'sandbox_isolation');
    expectApiError(await invite(sb.body.session.token, b.orgId), 403, 'sandbox_isolation');
    // A demo counterparty is not there for anyone to invite (CONTRACT 10): 404, not a hint.
    expectApiError(await invite(a, sb.body.counterparty.id), 404, 'not_found');
    // nothing was created by the refusals
    const rows = await svc.ctx.db
      .selectFrom('connections')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('requester_organization_id', '=', sb.body.organization.id),
          eb('recipient_organization_id', '=', sb.body.organization.id),
        ]),
      )
      .execute();
    assert.equal(rows.length, 1, "only the sandbox pair's own connection");
  });

  test("another tenant's sandbox cannot invite a demo counterparty, not even its own: 404 not_found", async () => {
    const mine = await svc.req<{ counterparty: { id: string }; session: { token: string } }>(
      'POST',
      '/v1/sandbox',
      { token: a.session },
    );
    const theirs = await svc.req<{ counterparty: { id: string }; session: { token: string } }>(
      'POST',
      '/v1/sandbox',
      { token: b.session },
    );
    assert.equal(mine.status, 201);
    assert.equal(theirs.status, 201);
    const unknown = expectApiError(
      await invite(mine.body.session.token, 'org_doesnotexist0000000'),
      404,
      'not_found',
    );
    const demo = expectApiError(
      await invite(mine.body.session.token, theirs.body.counterparty.id),
      404,
      'not_found',
    );
    assert.equal(demo.message, unknown.message, 'the same answer as for an organization that does not exist');
    expectApiError(await invite(mine.body.session.token, mine.body.counterparty.id), 404, 'not_found');
    const rows = await svc.ctx.db
      .selectFrom('connections')
      .select('id')
      .where('recipient_organization_id', '=', theirs.body.counterparty.id)
      .execute();
    assert.equal(rows.length, 1, "only its own sandbox's connection");
  });
});

describe('sandbox', () => {
  let a: SignedUp;
  let first: Pair;

  before(async () => {
    a = await signup(svc, 'Sandboxer');
  });
  test('provisions a verified sandbox organization, a demo counterparty and an active connection', async () => {
    const r = await svc.req<Pair>('POST', '/v1/sandbox', { token: a.session });
    assert.equal(r.status, 201, r.text);
    first = r.body;
    const { organization, counterparty, connection, session } = first;
    assert.equal(organization.environment, 'sandbox');
    assert.equal(organization.verified, true);
    assert.equal(counterparty.environment, 'sandbox');
    assert.equal(counterparty.verified, true);
    assert.notEqual(organization.id, counterparty.id);
    assert.notEqual(organization.id, a.orgId);
    assert.equal(connection.status, 'active');
    assert.equal(connection.environment, 'sandbox');
    assert.deepEqual(connection.counterparty, { id: counterparty.id, name: counterparty.name });
    assert.match(session.token, /^sess_/);
    assert.equal(session.organization_id, organization.id);
    const me = await svc.req<Org>('GET', '/v1/organization', { token: session.token });
    assert.deepEqual(me.body.id, organization.id);
    const conn = await svc.req<{ status: string }>('GET', `/v1/connections/${connection.id}`, {
      token: session.token,
    });
    assert.equal(conn.body.status, 'active');
    // the live organization does not see the sandbox connection
    expectApiError(
      await svc.req('GET', `/v1/connections/${connection.id}`, { token: a.session }),
      404,
      'not_found',
    );
  });

  test('calling again returns the same pair with a new session', async () => {
    const r = await svc.req<Pair>('POST', '/v1/sandbox', { token: a.session });
    assert.equal(r.status, 201);
    assert.equal(r.body.organization.id, first.organization.id);
    assert.equal(r.body.counterparty.id, first.counterparty.id);
    assert.equal(r.body.connection.id, first.connection.id);
    assert.notEqual(r.body.session.token, first.session.token);
    for (const t of [first.session.token, r.body.session.token]) {
      assert.equal((await svc.req('GET', '/v1/organization', { token: t })).status, 200);
    }
    const count = await svc.ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('parent_organization_id', '=', a.orgId)
      .execute();
    assert.equal(count.length, 2);
  });

  test('the sandbox session mints rk_test_ keys and cannot provision a sandbox of its own', async () => {
    const token = first.session.token;
    const k = await mintKey(svc, token, ['documents:read', 'documents:write']);
    assert.match(k.key, /^rk_test_/);
    expectApiError(await svc.req('POST', '/v1/sandbox', { token }), 403, 'sandbox_isolation');
    const e = expectApiError(
      await svc.req('POST', '/v1/sandbox', { token: k.key }),
      403,
      'insufficient_scope',
    );
    assert.equal(e.details?.required, 'admin_session');
    const live = await mintKey(svc, a.session, ['documents:read']);
    assert.equal(
      expectApiError(await svc.req('POST', '/v1/sandbox', { token: live.key }), 403, 'insufficient_scope')
        .details?.required,
      'admin_session',
    );
    expectApiError(await svc.req('POST', '/v1/sandbox'), 401, 'unauthorized');
  });

  test('session tokens in sandbox responses are not kept at rest', async () => {
    const r = await svc.req<Pair>('POST', '/v1/sandbox', { token: a.session });
    const dump = await dumpAllTables(svc);
    assert.ok(!dump.includes(r.body.session.token));
    assert.ok(!dump.includes(first.session.token));
  });

  test('concurrent first calls create one pair', async () => {
    const b = await signup(svc, 'Racer');
    const url = await svc.listen();
    const results = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const res = await fetch(`${url}/v1/sandbox`, {
          method: 'POST',
          headers: { authorization: `Bearer ${b.session}`, 'idempotency-key': `sandbox-race-${i}` },
        });
        return { status: res.status, body: (await res.json()) as Pair };
      }),
    );
    for (const r of results) assert.equal(r.status, 201, JSON.stringify(r.body));
    const ids = new Set(results.map((r) => r.body.organization.id));
    assert.equal(ids.size, 1, 'one sandbox organization');
    assert.equal(new Set(results.map((r) => r.body.counterparty.id)).size, 1, 'one demo counterparty');
    assert.equal(new Set(results.map((r) => r.body.connection.id)).size, 1, 'one connection');
    assert.equal(new Set(results.map((r) => r.body.session.token)).size, 6, 'a session each');
    const orgs = await svc.ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('parent_organization_id', '=', b.orgId)
      .execute();
    assert.equal(orgs.length, 2);
    const conns = await svc.ctx.db
      .selectFrom('connections')
      .select('id')
      .where('requester_organization_id', '=', [...ids][0]!)
      .execute();
    assert.equal(conns.length, 1);
  });
});

describe('session lifetime (runs last: it moves the clock)', () => {
  test('a session expires after 12 hours on the service clock', async () => {
    const a = await signup(svc, 'Expiring');
    const token = await signIn(svc, a);
    const k = await mintKey(svc, token, ['documents:read']);
    await advanceClock(svc, 12 * 3600 - 60);
    assert.equal((await svc.req('GET', '/v1/organization', { token })).status, 200);
    await advanceClock(svc, 61);
    expectApiError(await svc.req('GET', '/v1/organization', { token }), 401, 'unauthorized');
    expectApiError(
      await svc.req('POST', '/v1/keys', { token, body: { name: 'x', scopes: ['documents:read'] } }),
      401,
      'unauthorized',
    );
    // keys made by it live on
    assert.equal((await svc.req('GET', '/v1/organization', { token: k.key })).status, 200);
    assert.equal((await svc.req('GET', '/v1/organization', { token: await signIn(svc, a) })).status, 200);
  });
});
