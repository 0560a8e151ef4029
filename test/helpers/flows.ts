// Common multi-step setups, so each test states only what it is about.
import assert from 'node:assert/strict';
import type { Scope } from '../../src/lib/scopes.ts';
import { OPERATOR_TOKEN, type TestService } from './harness.ts';

let counter = 0;

export interface SignedUp {
  orgId: string;
  session: string;
  email: string;
  password: string;
}

export async function signup(svc: TestService, name = 'Acme'): Promise<SignedUp> {
  counter += 1;
  const email = `user${counter}.${Date.now()}@${name.toLowerCase().replace(/\W/g, '')}.test`;
  const password = 'correct horse battery staple';
  const res = await svc.req<{ organization: { id: string }; session: { token: string } }>(
    'POST',
    '/v1/signup',
    {
      body: { organization_name: name, email, password },
      idem: null,
    },
  );
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return { orgId: res.body.organization.id, session: res.body.session.token, email, password };
}

export async function mintKey(
  svc: TestService,
  session: string,
  scopes: Scope[],
  extra: Record<string, unknown> = {},
): Promise<{ id: string; key: string; prefix: string }> {
  const res = await svc.req<{ id: string; key: string; prefix: string }>('POST', '/v1/keys', {
    token: session,
    body: { name: 'test key', scopes, ...extra },
  });
  if (res.status !== 201) throw new Error(`key mint failed: ${res.status} ${res.text}`);
  return res.body;
}

export async function connect(svc: TestService, a: SignedUp, b: SignedUp): Promise<string> {
  const c = await svc.req<{ id: string }>('POST', '/v1/connections', {
    token: a.session,
    body: { counterparty_organization_id: b.orgId },
  });
  if (c.status !== 201) throw new Error(`connect failed: ${c.status} ${c.text}`);
  const acc = await svc.req('POST', `/v1/connections/${c.body.id}/accept`, { token: b.session });
  if (acc.status !== 200) throw new Error(`accept failed: ${acc.status} ${acc.text}`);
  return c.body.id;
}

export async function operator(svc: TestService, method: string, url: string, body?: unknown) {
  return svc.req(method, url, { token: OPERATOR_TOKEN, ...(body !== undefined ? { body } : {}) });
}

/**
 * The operator verifies the organization: its identifiers count in the directory, and its email
 * sending limit is DOCEX_MAIL_DAILY_LIMIT instead of an unverified organization's 20 emails to 5
 * addresses a day (CONTRACT 11.2), which suites that send to many parties would pass.
 */
export async function verifyOrganization(svc: TestService, orgId: string): Promise<void> {
  const res = await operator(svc, 'POST', `/v1/operator/organizations/${orgId}/verify`);
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${res.text}`);
}

export async function advanceClock(svc: TestService, seconds: number): Promise<void> {
  const res = await operator(svc, 'POST', '/v1/test_helpers/clock', { advance_seconds: seconds });
  if (res.status !== 200) throw new Error(`clock advance failed: ${res.status} ${res.text}`);
}

export function expectError(res: { status: number; body: unknown }, status: number, code: string): void {
  const b = res.body as { error?: { code?: string } } | null;
  if (res.status !== status || b?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** A new admin session for an existing user (after the clock moved past the old one's 12 hours). */
export async function signIn(svc: TestService, user: SignedUp, organizationId?: string): Promise<string> {
  const res = await svc.req<{ token: string }>('POST', '/v1/sessions', {
    body: {
      email: user.email,
      password: user.password,
      ...(organizationId ? { organization_id: organizationId } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res.body.token;
}

/**
 * Sends `n` identical writes with one Idempotency-Key at once over real HTTP and asserts what
 * spec 4.2 allows: one original, the others its replays (byte for byte) or 409 conflict while it
 * runs. Returns the original's answer text.
 */
export async function sameKeyAtOnce(
  url: string,
  path: string,
  token: string,
  idem: string,
  body: string,
  n = 10,
): Promise<string> {
  const results = await Promise.all(
    Array.from({ length: n }, async () => {
      const r = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': idem,
        },
        body,
      });
      return { status: r.status, replay: r.headers.get('idempotent-replay'), text: await r.text() };
    }),
  );
  const ok = results.filter((r) => r.status === 201);
  const busy = results.filter((r) => r.status === 409);
  assert.equal(ok.length + busy.length, n, JSON.stringify(results.map((r) => r.status)));
  assert.equal(ok.filter((r) => r.replay !== 'true').length, 1, 'one original');
  for (const r of ok) assert.equal(r.text, ok[0]!.text);
  for (const r of busy) assert.equal(JSON.parse(r.text).error.code, 'conflict');
  return ok[0]!.text;
}
