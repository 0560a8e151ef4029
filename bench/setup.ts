// HTTP helpers for preparing benchmark data through the real API.

import { uniqueKey } from './lib.ts';
import type { BenchContext } from './scenario.ts';

export async function api(
  ctx: BenchContext,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['idempotency-key'] = uniqueKey();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${ctx.docexUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

let n = 0;
export async function signupWithKey(
  ctx: BenchContext,
  name: string,
): Promise<{ orgId: string; session: string; key: string }> {
  n += 1;
  const s = await api(ctx, 'POST', '/v1/signup', undefined, {
    organization_name: name,
    email: `bench${n}.${Date.now()}@bench.test`,
    password: 'benchmark password',
  });
  const session = (s.session as { token: string }).token;
  const orgId = (s.organization as { id: string }).id;
  const k = await api(ctx, 'POST', '/v1/keys', session, {
    name: 'bench',
    scopes: ['documents:read', 'documents:write', 'provenance:read'],
  });
  return { orgId, session, key: k.key as string };
}
