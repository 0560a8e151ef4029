// Shared setup for the finance tests: live organizations that can pay (verified, processor
// connected, funded), a borrower with an invoice to its customer, lenders connected to it, and
// one-step helpers for the loan's API calls.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import type { EventEnvelope } from '../../src/modules/events/append.ts';
import type { AgreementView, ListingView, OfferView, SetupView } from '../../src/modules/finance/schemas.ts';
import { line } from '../helpers/document-setup.ts';
import { connect, mintKey, operator, type SignedUp, signup } from '../helpers/flows.ts';
import type { Res, TestService } from '../helpers/harness.ts';
import { accounts, PAY_SCOPES, settle } from '../helpers/payments.ts';

export interface Org {
  org: SignedUp;
  id: string;
  key: string;
  keyId: string;
}

/** A live organization, verified, its processor connected, funded in USD with `fund`. */
export async function liveOrg(svc: TestService, name: string, fund = 0): Promise<Org> {
  const org = await signup(svc, name);
  for (const step of ['verify', 'connect_processor']) {
    const res = await operator(svc, 'POST', `/v1/operator/organizations/${org.orgId}/${step}`);
    assert.equal(res.status, 200, res.text);
  }
  if (fund > 0) {
    const res = await operator(svc, 'POST', `/v1/operator/organizations/${org.orgId}/fund`, {
      currency: 'USD',
      amount: fund,
    });
    assert.equal(res.status, 200, res.text);
  }
  const key = await mintKey(svc, org.session, PAY_SCOPES);
  return { org, id: org.orgId, key: key.key, keyId: key.id };
}

/** Both accounts of the setup are the organization's `currency` treasury account. */
export async function setUp(svc: TestService, o: Org, currency = 'USD'): Promise<SetupView> {
  const acct = (await accounts(svc, o.key))[currency]!;
  const res = await svc.req<SetupView>('PUT', '/v1/finance/setup', {
    token: o.key,
    body: { settlement_account_id: acct.id, funding_account_id: acct.id },
  });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

export interface World {
  borrower: Org;
  customer: Org;
  lender: Org;
  /** borrower ↔ customer */
  customerConnection: string;
  /** borrower ↔ lender */
  loanConnection: string;
  setup: SetupView;
}

/** A borrower with a customer (who pays its invoices) and a lender, all set up for finance. */
export async function world(svc: TestService): Promise<World> {
  const [borrower, customer, lender] = await Promise.all([
    liveOrg(svc, 'Borrower Works'),
    liveOrg(svc, 'Customer Corp', 100_000),
    liveOrg(svc, 'Lender Capital', 100_000),
  ]);
  const customerConnection = await connect(svc, borrower.org, customer.org);
  const loanConnection = await connect(svc, lender.org, borrower.org);
  const setup = await setUp(svc, borrower);
  await setUp(svc, lender);
  return { borrower, customer, lender, customerConnection, loanConnection, setup };
}

/** The borrower's invoice to its customer (net_30), issued and approved by the customer. */
export async function invoice(
  svc: TestService,
  w: World,
  amount: number,
  terms = 'net_30',
): Promise<DocumentView> {
  const created = await svc.req<DocumentView>('POST', '/v1/documents', {
    token: w.borrower.key,
    body: {
      connection_id: w.customerConnection,
      document_type: 'invoice',
      payment_terms: terms,
      line_items: [line({ quantity: 1, unit_price: amount, tax_rate: 0 })],
    },
  });
  assert.equal(created.status, 201, created.text);
  const issued = await svc.req('POST', `/v1/documents/${created.body.id}/issue`, { token: w.borrower.key });
  assert.equal(issued.status, 200, issued.text);
  const approved = await svc.req<DocumentView>('POST', `/v1/documents/${created.body.id}/transition`, {
    token: w.customer.key,
    body: { to: 'approved' },
  });
  assert.equal(approved.status, 200, approved.text);
  return approved.body;
}

export interface Ask {
  principal: number;
  fee: { type: 'flat' | 'bps'; value: number };
  grace_days: number;
}

export async function list(svc: TestService, w: World, invoiceId: string, ask: Ask): Promise<ListingView> {
  const res = await svc.req<ListingView>('POST', '/v1/finance/listings', {
    token: w.borrower.key,
    body: { invoice_id: invoiceId, ask },
  });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

export async function offer(
  svc: TestService,
  token: string,
  listingId: string,
  body: Record<string, unknown> = {},
): Promise<OfferView> {
  const res = await svc.req<OfferView>('POST', `/v1/finance/listings/${listingId}/offers`, { token, body });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

export function accept(
  svc: TestService,
  token: string,
  offerId: string,
  digest: string,
): Promise<Res<AgreementView>> {
  return svc.req<AgreementView>('POST', `/v1/finance/offers/${offerId}/accept`, {
    token,
    body: { authorization_digest: digest },
  });
}

/** Listed, offered at the ask by the lender, accepted by the borrower. */
export async function agreed(
  svc: TestService,
  w: World,
  invoiceId: string,
  ask: Ask,
): Promise<AgreementView> {
  const l = await list(svc, w, invoiceId, ask);
  const o = await offer(svc, w.lender.key, l.id);
  const res = await accept(svc, w.borrower.key, o.id, w.setup.standing_authorization.digest);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

export async function agreement(svc: TestService, token: string, id: string): Promise<AgreementView> {
  const res = await svc.req<AgreementView>('GET', `/v1/finance/agreements/${id}`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** The lender pays the disbursement and the worker settles it: the loan is funded. */
export async function fund(svc: TestService, w: World, a: AgreementView): Promise<AgreementView> {
  const res = await svc.req('POST', `/v1/documents/${a.documents.disbursement.id}/pay`, {
    token: w.lender.key,
    body: {},
  });
  assert.equal(res.status, 202, res.text);
  await settle(svc);
  return agreement(svc, w.borrower.key, a.id);
}

/** The customer pays the pledged invoice and the worker settles it (and what it starts). */
export async function customerPays(svc: TestService, w: World, invoiceId: string): Promise<void> {
  const res = await svc.req('POST', `/v1/documents/${invoiceId}/pay`, { token: w.customer.key, body: {} });
  assert.equal(res.status, 202, res.text);
  await settle(svc);
}

/** Event types the organization's outbox holds, oldest first (optionally only these types). */
export async function eventTypes(svc: TestService, orgId: string, prefix = 'finance.'): Promise<string[]> {
  const rows = await sql<{ type: string }>`
    select type from events where organization_id = ${orgId} and type like ${`${prefix}%`}
     order by created_at, id`.execute(svc.ctx.db);
  return rows.rows.map((r) => r.type);
}

export async function financeEvents(svc: TestService, orgId: string): Promise<EventEnvelope[]> {
  const rows = await sql<{ envelope: EventEnvelope | string }>`
    select envelope from events where organization_id = ${orgId} and type like 'finance.%'
     order by created_at, id`.execute(svc.ctx.db);
  return rows.rows.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope));
}

/** Every ledger transfer touching any of these organizations' accounts: kind, amount, from → to. */
export async function transfersOf(svc: TestService, orgIds: string[]): Promise<string[]> {
  const rows = await sql<{ kind: string; amount: string; from_org: string | null; to_org: string | null }>`
    select tr.kind, tr.amount::text,
           (select a.organization_id from ledger_transactions t join ledger_accounts a on a.id = t.account_id
             where t.transfer_id = tr.id and t.amount < 0) as from_org,
           (select a.organization_id from ledger_transactions t join ledger_accounts a on a.id = t.account_id
             where t.transfer_id = tr.id and t.amount > 0) as to_org
      from ledger_transfers tr
     where exists (select 1 from ledger_transactions t join ledger_accounts a on a.id = t.account_id
                    where t.transfer_id = tr.id and a.organization_id in (${sql.join(orgIds)}))
     order by tr.created_at, tr.id`.execute(svc.ctx.db);
  const name = new Map(orgIds.map((id, i) => [id, `org${i}`]));
  return rows.rows.map(
    (r) =>
      `${r.kind} ${r.amount} ${name.get(r.from_org ?? '') ?? 'external'} → ${name.get(r.to_org ?? '') ?? 'external'}`,
  );
}
