// Shared setup for the documents tests: two connected organizations with keys of every useful
// scope mix, and small helpers that state one step each.
import assert from 'node:assert/strict';
import type { Scope } from '../../src/lib/scopes.ts';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { connect, mintKey, type SignedUp, signup } from './flows.ts';
import type { Res, TestService } from './harness.ts';

export interface Party {
  org: SignedUp;
  name: string;
  /** documents:read + documents:write + provenance:read */
  key: string;
  keyId: string;
  keyPrefix: string;
  /** the same plus payments:write */
  payKey: string;
  /** documents:read only */
  readKey: string;
}

export interface Pair {
  issuer: Party;
  counterparty: Party;
  connectionId: string;
}

const DOCS: Scope[] = ['documents:read', 'documents:write', 'provenance:read'];

export async function party(svc: TestService, name: string): Promise<Party> {
  const org = await signup(svc, name);
  const [k, pay, read] = await Promise.all([
    mintKey(svc, org.session, DOCS),
    mintKey(svc, org.session, [...DOCS, 'payments:write']),
    mintKey(svc, org.session, ['documents:read']),
  ]);
  return { org, name, key: k.key, keyId: k.id, keyPrefix: k.prefix, payKey: pay.key, readKey: read.key };
}

export async function pair(
  svc: TestService,
  names: [string, string] = ['Issuer Co', 'Buyer Co'],
): Promise<Pair> {
  const [issuer, counterparty] = await Promise.all([party(svc, names[0]), party(svc, names[1])]);
  const connectionId = await connect(svc, issuer.org, counterparty.org);
  return { issuer, counterparty, connectionId };
}

export const line = (over: Record<string, unknown> = {}) => ({
  description: 'Widget',
  quantity: 2,
  unit_price: 10,
  tax_rate: 0.1,
  ...over,
});

export async function createDoc(
  svc: TestService,
  p: Pair,
  body: Record<string, unknown> = {},
  token = p.issuer.key,
): Promise<DocumentView> {
  const res = await svc.req<DocumentView>('POST', '/v1/documents', {
    token,
    body: { connection_id: p.connectionId, document_type: 'invoice', line_items: [line()], ...body },
  });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

export async function issue(svc: TestService, token: string, id: string): Promise<DocumentView> {
  const res = await svc.req<DocumentView>('POST', `/v1/documents/${id}/issue`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

export function move(
  svc: TestService,
  token: string,
  id: string,
  to: string,
  extra: Record<string, unknown> = {},
) {
  return svc.req<DocumentView>('POST', `/v1/documents/${id}/transition`, { token, body: { to, ...extra } });
}

export async function moved(svc: TestService, token: string, id: string, to: string): Promise<DocumentView> {
  const res = await move(svc, token, id, to);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.status, to);
  return res.body;
}

export interface ErrorOf {
  code: string;
  message: string;
  details?: { field?: string; allowed?: string[]; errors?: { path: string; message: string }[] } & Record<
    string,
    unknown
  >;
}

/** Asserts status and code; returns the error for further checks. */
export function errorOf(res: Res<unknown>, status: number, code: string): ErrorOf {
  const err = (res.body as { error?: ErrorOf } | null)?.error;
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status} ${res.text}`);
  assert.equal(err?.code, code, res.text);
  return err!;
}

/** The paths of details.errors. */
export function errorPaths(res: Res<unknown>): string[] {
  return (errorOf(res, 400, 'invalid_request').details?.errors ?? []).map((e) => e.path);
}
