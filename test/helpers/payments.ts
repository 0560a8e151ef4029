// Shared setup for the payments tests: a sandbox organization (with its demo counterparty), a
// live pair that can pay (verified, processor connected, funded), and one-step helpers.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Scope } from '../../src/lib/scopes.ts';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import type { EventEnvelope } from '../../src/modules/events/append.ts';
import type { PaymentView } from '../../src/modules/payments/schemas.ts';
import { settleDuePayments } from '../../src/modules/payments/settle-payment.ts';
import { line } from './document-setup.ts';
import { connect, mintKey, operator, type SignedUp, signup } from './flows.ts';
import type { Res, TestService } from './harness.ts';

export const PAY_SCOPES: Scope[] = [
  'documents:read',
  'documents:write',
  'payments:read',
  'payments:write',
  'treasury:read',
  'provenance:read',
];

export interface Payer {
  orgId: string;
  session: string;
  /** PAY_SCOPES */
  key: string;
  keyId: string;
}

export interface Sandbox extends Payer {
  demoId: string;
  connectionId: string;
  /** The live organization that owns the sandbox. */
  owner: SignedUp;
}

/** A sandbox organization with a key of PAY_SCOPES (and optional payment_limits). */
export async function sandbox(svc: TestService, name = 'Practice Co', limits?: unknown): Promise<Sandbox> {
  const owner = await signup(svc, name);
  const res = await svc.req<{
    organization: { id: string };
    counterparty: { id: string };
    connection: { id: string };
    session: { token: string };
  }>('POST', '/v1/sandbox', { token: owner.session });
  assert.equal(res.status, 201, res.text);
  const key = await mintKey(
    svc,
    res.body.session.token,
    PAY_SCOPES,
    limits === undefined ? {} : { payment_limits: limits },
  );
  return {
    owner,
    orgId: res.body.organization.id,
    session: res.body.session.token,
    key: key.key,
    keyId: key.id,
    demoId: res.body.counterparty.id,
    connectionId: res.body.connection.id,
  };
}

/** Another key of the same organization. */
export async function keyOf(
  svc: TestService,
  payer: Pick<Payer, 'session'>,
  scopes: Scope[] = PAY_SCOPES,
  extra: Record<string, unknown> = {},
): Promise<{ key: string; id: string }> {
  const k = await mintKey(svc, payer.session, scopes, extra);
  return { key: k.key, id: k.id };
}

/** The demo counterparty's approved bill to the sandbox organization. */
export async function bill(
  svc: TestService,
  token: string,
  total = 100,
  currency = 'USD',
): Promise<DocumentView> {
  const res = await svc.req<DocumentView>('POST', '/v1/sandbox/bills', { token, body: { total, currency } });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.status, 'approved');
  return res.body;
}

export function pay(
  svc: TestService,
  token: string,
  id: string,
  body: Record<string, unknown> = {},
  idem?: string,
) {
  return svc.req<DocumentView>('POST', `/v1/documents/${id}/pay`, {
    token,
    body,
    ...(idem ? { idem } : {}),
  });
}

/** Pays and asserts the 202 answer: the document payment_scheduled, its payment processing. */
export async function paid(svc: TestService, token: string, id: string, body: Record<string, unknown> = {}) {
  const res = await pay(svc, token, id, body);
  assert.equal(res.status, 202, res.text);
  assert.equal(res.body.status, 'payment_scheduled');
  assert.equal(res.body.payment?.status, 'processing');
  return res.body as DocumentView & { payment: PaymentView };
}

/** Runs the settlement task until no payment is due; returns how many it handled. */
export async function settle(svc: TestService): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await settleDuePayments(svc.ctx);
    total += n;
    if (n === 0) return total;
  }
}

export async function getDoc(svc: TestService, token: string, id: string): Promise<DocumentView> {
  const res = await svc.req<DocumentView>('GET', `/v1/documents/${id}`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

export async function getPayment(svc: TestService, token: string, id: string): Promise<Res<PaymentView>> {
  return svc.req<PaymentView>('GET', `/v1/payments/${id}`, { token });
}

/** The organization's outbox events about a document, oldest first. */
export async function eventsFor(
  svc: TestService,
  orgId: string,
  documentId: string,
): Promise<EventEnvelope[]> {
  const rows = await sql<{ envelope: EventEnvelope | string }>`
    select envelope from events where organization_id = ${orgId} and document_id = ${documentId}
     order by created_at, id`.execute(svc.ctx.db);
  return rows.rows.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope));
}

export interface Account {
  id: string;
  currency: string;
  balance: number;
  available: number;
}

export async function accounts(svc: TestService, token: string): Promise<Record<string, Account>> {
  const res = await svc.req<{ data: Account[] }>('GET', '/v1/treasury/accounts', { token });
  assert.equal(res.status, 200, res.text);
  return Object.fromEntries(res.body.data.map((a) => [a.currency, a]));
}

/** The ledger transfers booked for a payment. */
export async function transfersOf(
  svc: TestService,
  paymentId: string,
): Promise<{ id: string; amount: string }[]> {
  const rows = await sql<{ id: string; amount: string }>`
    select id, amount::text from ledger_transfers where payment_id = ${paymentId}`.execute(svc.ctx.db);
  return rows.rows;
}

export interface LivePair {
  payer: Payer & { org: SignedUp };
  payee: Payer & { org: SignedUp };
  connectionId: string;
}

/** Two live organizations on an active connection; the payer verified, connected and funded. */
export async function livePair(
  svc: TestService,
  opts: { connect?: boolean; fund?: number; payerLimits?: unknown } = {},
): Promise<LivePair> {
  const [a, b] = await Promise.all([signup(svc, 'Live Seller'), signup(svc, 'Live Buyer')]);
  const connectionId = await connect(svc, a, b);
  for (const org of [a, b]) {
    assert.equal((await operator(svc, 'POST', `/v1/operator/organizations/${org.orgId}/verify`)).status, 200);
  }
  if (opts.connect !== false) {
    const res = await operator(svc, 'POST', `/v1/operator/organizations/${b.orgId}/connect_processor`);
    assert.equal(res.status, 200, res.text);
  }
  if (opts.fund) {
    const res = await operator(svc, 'POST', `/v1/operator/organizations/${b.orgId}/fund`, {
      currency: 'USD',
      amount: opts.fund,
    });
    assert.equal(res.status, 200, res.text);
  }
  const [ka, kb] = await Promise.all([
    mintKey(svc, a.session, PAY_SCOPES),
    mintKey(
      svc,
      b.session,
      PAY_SCOPES,
      opts.payerLimits === undefined ? {} : { payment_limits: opts.payerLimits },
    ),
  ]);
  return {
    payee: { org: a, orgId: a.orgId, session: a.session, key: ka.key, keyId: ka.id },
    payer: { org: b, orgId: b.orgId, session: b.session, key: kb.key, keyId: kb.id },
    connectionId,
  };
}

/** An invoice from the payee to the payer, issued and approved by the payer. */
export async function approvedInvoice(
  svc: TestService,
  p: LivePair,
  unitPrice = 100,
  currency = 'USD',
): Promise<DocumentView> {
  const created = await svc.req<DocumentView>('POST', '/v1/documents', {
    token: p.payee.key,
    body: {
      connection_id: p.connectionId,
      document_type: 'invoice',
      currency,
      line_items: [line({ quantity: 1, unit_price: unitPrice, tax_rate: 0 })],
    },
  });
  assert.equal(created.status, 201, created.text);
  const issued = await svc.req('POST', `/v1/documents/${created.body.id}/issue`, { token: p.payee.key });
  assert.equal(issued.status, 200, issued.text);
  const approved = await svc.req<DocumentView>('POST', `/v1/documents/${created.body.id}/transition`, {
    token: p.payer.key,
    body: { to: 'approved' },
  });
  assert.equal(approved.status, 200, approved.text);
  return approved.body;
}
