// What finance refuses (CONTRACT 7 and the decisions in docs/finance.md), each with its error in
// the envelope and nothing written: unverified organizations, missing scopes, the family switched
// off, invoices that cannot be pledged, bad terms, missing setups, strangers, double offers; and
// two acceptances racing over one listing, of which exactly one wins.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import type { AgreementView, ListingView, OfferView } from '../../src/modules/finance/schemas.ts';
import { errorOf, errorPaths, line } from '../helpers/document-setup.ts';
import { connect, mintKey, operator, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { accounts } from '../helpers/payments.ts';
import { accept, invoice, list, liveOrg, offer, setUp, type World, world } from './helpers.ts';

let svc: TestService;
let w: World;

before(async () => {
  svc = await startTestService();
  w = await world(svc);
});
after(async () => {
  await svc?.close();
});

const ask = { principal: 100, fee: { type: 'flat' as const, value: 5 }, grace_days: 3 };
const listIt = (token: string, body: unknown) => svc.req('POST', '/v1/finance/listings', { token, body });

describe('who may use finance', () => {
  test('an unverified organization gets capability_unavailable on every finance operation', async () => {
    const o = await signup(svc, 'Unverified');
    const key = await mintKey(svc, o.session, ['documents:read', 'documents:write', 'payments:write']);
    for (const [method, url, body] of [
      ['GET', '/v1/finance/setup', undefined],
      ['PUT', '/v1/finance/setup', { settlement_account_id: 'a', funding_account_id: 'b' }],
      ['GET', '/v1/finance/listings', undefined],
      ['POST', '/v1/finance/listings', { invoice_id: 'doc_x', ask }],
      ['GET', '/v1/finance/offers', undefined],
      ['GET', '/v1/finance/agreements', undefined],
      ['POST', '/v1/finance/offers/ofr_x/accept', { authorization_digest: 'x' }],
    ] as const) {
      const res = await svc.req(method, url, { token: key.key, ...(body ? { body } : {}) });
      const err = errorOf(res, 403, 'capability_unavailable');
      assert.equal(err.details?.capability, 'finance', url);
    }
  });

  test('scopes: reads need documents:read, listings documents:write, the setup payments:write', async () => {
    const read = await mintKey(svc, w.borrower.org.session, ['documents:read']);
    const docs = await mintKey(svc, w.borrower.org.session, ['documents:read', 'documents:write']);
    assert.equal((await svc.req('GET', '/v1/finance/listings', { token: read.key })).status, 200);
    const inv = await invoice(svc, w, 150);
    errorOf(await listIt(read.key, { invoice_id: inv.id, ask }), 403, 'insufficient_scope');
    const usd = (await accounts(svc, w.borrower.key)).USD!;
    const put = await svc.req('PUT', '/v1/finance/setup', {
      token: docs.key,
      body: { settlement_account_id: usd.id, funding_account_id: usd.id },
    });
    assert.equal(errorOf(put, 403, 'insufficient_scope').details?.required, 'payments:write');
    const repay = await svc.req('POST', '/v1/finance/agreements/agr_x/repayment', {
      token: docs.key,
      body: {},
    });
    errorOf(repay, 403, 'insufficient_scope');
  });

  test('with the family switched off, finance answers not_enabled and enablement says so', async () => {
    const on = await svc.req<{ families: Record<string, boolean> }>('GET', '/v1/enablement');
    assert.equal(on.body.families.finance, true);
    const off = await svc.variant({ DOCEX_FAMILIES_DISABLED: 'finance' });
    try {
      errorOf(await off.req('GET', '/v1/finance/setup', { token: w.borrower.key }), 403, 'not_enabled');
      const en = await off.req<{ families: Record<string, boolean> }>('GET', '/v1/enablement');
      assert.equal(en.body.families.finance, false);
    } finally {
      await off.close();
    }
  });
});

describe('listings', () => {
  test('only an issued, unpaid invoice of the caller, with a due date, can be listed', async () => {
    // A bill is not the caller's to pledge.
    const inv = await invoice(svc, w, 120);
    assert.deepEqual(errorPaths(await listIt(w.customer.key, { invoice_id: inv.id, ask })), ['invoice_id']);
    // Unknown ids, and other document types.
    assert.deepEqual(errorPaths(await listIt(w.borrower.key, { invoice_id: 'doc_nope', ask })), [
      'invoice_id',
    ]);
    const po = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: w.borrower.key,
      body: {
        connection_id: w.customerConnection,
        document_type: 'purchase_order',
        line_items: [line({ quantity: 1, unit_price: 50, tax_rate: 0 })],
      },
    });
    await svc.req('POST', `/v1/documents/${po.body.id}/issue`, { token: w.borrower.key });
    assert.deepEqual(errorPaths(await listIt(w.borrower.key, { invoice_id: po.body.id, ask })), [
      'invoice_id',
    ]);
    // A draft is not issued yet.
    const draft = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: w.borrower.key,
      body: {
        connection_id: w.customerConnection,
        document_type: 'invoice',
        payment_terms: 'net_30',
        line_items: [line({ quantity: 1, unit_price: 50, tax_rate: 0 })],
      },
    });
    errorOf(await listIt(w.borrower.key, { invoice_id: draft.body.id, ask }), 409, 'conflict');
    // No due date: the repayment would have none.
    const undated = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: w.borrower.key,
      body: {
        connection_id: w.customerConnection,
        document_type: 'invoice',
        line_items: [line({ quantity: 1, unit_price: 50, tax_rate: 0 })],
      },
    });
    await svc.req('POST', `/v1/documents/${undated.body.id}/issue`, { token: w.borrower.key });
    assert.deepEqual(errorPaths(await listIt(w.borrower.key, { invoice_id: undated.body.id, ask })), [
      'invoice_id',
    ]);
    const n = await sql<{ n: number }>`select count(*)::int as n from finance_listings`.execute(svc.ctx.db);
    assert.equal(n.rows[0]!.n, 0);
  });

  test('terms: principal within the balance, cents only, bps up to 10000, a flat fee within the principal', async () => {
    const inv = await invoice(svc, w, 200);
    const bad = (a: unknown) => listIt(w.borrower.key, { invoice_id: inv.id, ask: a });
    assert.deepEqual(errorPaths(await bad({ ...ask, principal: 200.01 })), ['ask.principal']);
    assert.deepEqual(errorPaths(await bad({ ...ask, principal: 10.001 })), ['ask.principal']);
    assert.deepEqual(errorPaths(await bad({ ...ask, fee: { type: 'bps', value: 10_000.5 } })), [
      'ask.fee.value',
    ]);
    assert.deepEqual(errorPaths(await bad({ ...ask, fee: { type: 'flat', value: 100.01 } })), [
      'ask.fee.value',
    ]);
    assert.deepEqual(errorPaths(await bad({ ...ask, fee: { type: 'flat', value: 0.001 } })), [
      'ask.fee.value',
    ]);
    assert.ok(errorPaths(await bad({ ...ask, grace_days: 366 })).length > 0);
    assert.ok(errorPaths(await bad({ ...ask, principal: 0 })).length > 0);
    assert.ok(errorPaths(await bad({ ...ask, fee: { type: 'percent', value: 1 } })).length > 0);
    assert.ok(errorPaths(await bad({ ...ask, extra: 1 })).length > 0);
    // At the boundary it is fine: all of the balance, a fee of 100 %.
    const ok = await bad({ principal: 200, fee: { type: 'bps', value: 10_000 }, grace_days: 0 });
    assert.equal(ok.status, 201, ok.text);
    assert.equal((ok.body as ListingView).ask.amount_owed, 400);
  });

  test('one live listing per invoice; a setup in the invoice currency is needed first', async () => {
    const inv = await invoice(svc, w, 130);
    const first = await list(svc, w, inv.id, ask);
    const again = errorOf(await listIt(w.borrower.key, { invoice_id: inv.id, ask }), 409, 'conflict');
    assert.equal(again.details?.listing_id, first.id);
    // Without a setup.
    const fresh = await liveOrg(svc, 'No Setup Yet');
    const conn = await connect(svc, fresh.org, w.customer.org);
    const own = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: fresh.key,
      body: {
        connection_id: conn,
        document_type: 'invoice',
        payment_terms: 'net_30',
        line_items: [line({ quantity: 1, unit_price: 50, tax_rate: 0 })],
      },
    });
    await svc.req('POST', `/v1/documents/${own.body.id}/issue`, { token: fresh.key });
    const noSetup = errorOf(
      await listIt(fresh.key, { invoice_id: own.body.id, ask }),
      400,
      'invalid_request',
    );
    assert.match(noSetup.message, /Set up finance first/);
    // A setup in EUR cannot carry a USD loan.
    await setUp(svc, fresh, 'EUR');
    assert.deepEqual(errorPaths(await listIt(fresh.key, { invoice_id: own.body.id, ask })), ['invoice_id']);
  });

  test('a live borrower without its processor connected cannot list (the sweep needs its rail)', async () => {
    const o = await signup(svc, 'No Rail');
    await operator(svc, 'POST', `/v1/operator/organizations/${o.orgId}/verify`);
    const key = await mintKey(svc, o.session, [
      'documents:read',
      'documents:write',
      'payments:write',
      'treasury:read',
    ]);
    const conn = await connect(svc, o, w.customer.org);
    const own = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: key.key,
      body: {
        connection_id: conn,
        document_type: 'invoice',
        payment_terms: 'net_30',
        line_items: [line({ quantity: 1, unit_price: 50, tax_rate: 0 })],
      },
    });
    await svc.req('POST', `/v1/documents/${own.body.id}/issue`, { token: key.key });
    await setUp(svc, { org: o, id: o.orgId, key: key.key, keyId: key.id });
    const err = errorOf(
      await listIt(key.key, { invoice_id: own.body.id, ask }),
      403,
      'capability_unavailable',
    );
    assert.equal(err.details?.capability, 'payments');
  });

  test('only the borrower withdraws a listing, and only while open; its offers are declined', async () => {
    const inv = await invoice(svc, w, 140);
    const l = await list(svc, w, inv.id, ask);
    const o = await offer(svc, w.lender.key, l.id);
    errorOf(
      await svc.req('POST', `/v1/finance/listings/${l.id}/withdraw`, { token: w.lender.key, body: {} }),
      409,
      'conflict',
    );
    const res = await svc.req<ListingView>('POST', `/v1/finance/listings/${l.id}/withdraw`, {
      token: w.borrower.key,
      body: {},
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'withdrawn');
    const declined = await svc.req<OfferView>('GET', `/v1/finance/offers/${o.id}`, { token: w.lender.key });
    assert.equal(declined.body.status, 'declined');
    errorOf(
      await svc.req('POST', `/v1/finance/listings/${l.id}/withdraw`, { token: w.borrower.key, body: {} }),
      409,
      'conflict',
    );
    errorOf(
      await svc.req('POST', `/v1/finance/listings/${l.id}/offers`, { token: w.lender.key, body: {} }),
      409,
      'conflict',
    );
  });
});

describe('offers', () => {
  test('strangers, the borrower itself, lenders without a setup and second open offers are refused', async () => {
    const inv = await invoice(svc, w, 160);
    const l = await list(svc, w, inv.id, ask);
    const stranger = await liveOrg(svc, 'Stranger Bank');
    await setUp(svc, stranger);
    errorOf(
      await svc.req('POST', `/v1/finance/listings/${l.id}/offers`, { token: stranger.key, body: {} }),
      404,
      'not_found',
    );
    errorOf(
      await svc.req('POST', `/v1/finance/listings/${l.id}/offers`, { token: w.borrower.key, body: {} }),
      400,
      'invalid_request',
    );
    const bare = await liveOrg(svc, 'Bare Lender');
    await connect(svc, bare.org, w.borrower.org);
    const noSetup = errorOf(
      await svc.req('POST', `/v1/finance/listings/${l.id}/offers`, { token: bare.key, body: {} }),
      400,
      'invalid_request',
    );
    assert.match(noSetup.message, /to lend/);
    const first = await offer(svc, w.lender.key, l.id);
    errorOf(
      await svc.req('POST', `/v1/finance/listings/${l.id}/offers`, { token: w.lender.key, body: {} }),
      409,
      'conflict',
    );
    // A counter over the balance names its field.
    const over = await svc.req('POST', `/v1/finance/listings/${l.id}/offers`, {
      token: bare.key,
      body: { counter: { ...ask, principal: 161 } },
    });
    errorOf(over, 400, 'invalid_request');
    // The lender withdraws; the borrower can no longer accept it, and the lender may offer again.
    errorOf(
      await svc.req('POST', `/v1/finance/offers/${first.id}/withdraw`, { token: w.borrower.key, body: {} }),
      409,
      'conflict',
    );
    const withdrawn = await svc.req<OfferView>('POST', `/v1/finance/offers/${first.id}/withdraw`, {
      token: w.lender.key,
      body: {},
    });
    assert.equal(withdrawn.body.status, 'withdrawn');
    errorOf(
      await accept(svc, w.borrower.key, first.id, w.setup.standing_authorization.digest),
      409,
      'conflict',
    );
    await offer(svc, w.lender.key, l.id, { counter: { ...ask, grace_days: 10 } });
  });
});

describe('acceptance races', () => {
  test('two offers of one listing accepted at once over HTTP: exactly one agreement', async () => {
    const rival = await liveOrg(svc, 'Racing Lender');
    await connect(svc, rival.org, w.borrower.org);
    await setUp(svc, rival);
    const inv = await invoice(svc, w, 170);
    const l = await list(svc, w, inv.id, ask);
    const [a, b] = [await offer(svc, w.lender.key, l.id), await offer(svc, rival.key, l.id)];
    const base = await svc.listen();
    const post = (offerId: string) =>
      fetch(`${base}/v1/finance/offers/${offerId}/accept`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${w.borrower.key}`,
          'content-type': 'application/json',
          'idempotency-key': `race-${offerId}`,
        },
        body: JSON.stringify({ authorization_digest: w.setup.standing_authorization.digest }),
      });
    const results = await Promise.all([post(a.id), post(b.id), post(a.id), post(b.id)]);
    const statuses = results.map((r) => r.status);
    const bodies = (await Promise.all(results.map((r) => r.json()))) as (AgreementView & {
      error?: { code: string };
    })[];
    const agreements = new Set(bodies.filter((x) => !x.error).map((x) => x.id));
    assert.equal(agreements.size, 1, JSON.stringify(statuses));
    assert.ok(
      statuses.every((s) => s === 201 || s === 409),
      JSON.stringify(statuses),
    );
    const rows = await sql<{ n: number }>`
      select count(*)::int as n from finance_agreements where listing_id = ${l.id}`.execute(svc.ctx.db);
    assert.equal(rows.rows[0]!.n, 1);
    const docs = await sql<{ n: number }>`
      select count(*)::int as n from documents where external_refs->>'listing_id' = ${l.id}`.execute(
      svc.ctx.db,
    );
    assert.equal(docs.rows[0]!.n, 3);
  });
});
