// The whole loan on live organizations (CONTRACT 7): setup and its standing authorization, a
// listing, offers at the ask and countered, acceptance creating the three documents in one go,
// funding when the disbursement settles, the sweep when the pledged invoice settles, repaid and
// closed; the finance events per party; and a ledger audit showing that no other money moved.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { financePaymentHook } from '../../src/modules/finance/lifecycle.ts';
import type { AgreementView, ListingView, OfferView } from '../../src/modules/finance/schemas.ts';
import { settlePayment } from '../../src/modules/payments/settle-payment.ts';
import { verifyWebhook } from '../../src/verify-webhook.ts';
import { errorOf, errorPaths } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { accounts, getDoc, settle } from '../helpers/payments.ts';
import { assertLedgerInvariants } from '../ledger/helpers.ts';
import { createEndpoint, drain, type Endpoint, type Receiver, startReceiver } from '../webhooks/helpers.ts';
import {
  accept,
  agreement,
  customerPays,
  eventTypes,
  financeEvents,
  fund,
  invoice,
  list,
  liveOrg,
  offer,
  setUp,
  transfersOf,
  type World,
  world,
} from './helpers.ts';

let svc: TestService;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

describe('setup', () => {
  test('the standing authorization states the sweep, and its digest is sha256 hex of the text', async () => {
    const o = await liveOrg(svc, 'Setup Co');
    const missing = await svc.req('GET', '/v1/finance/setup', { token: o.key });
    errorOf(missing, 404, 'not_found');
    const s = await setUp(svc, o);
    assert.equal(
      s.standing_authorization.digest,
      createHash('sha256').update(s.standing_authorization.text).digest('hex'),
    );
    assert.match(s.standing_authorization.text, /min\(the proceeds of that settlement, the amount then owed/);
    assert.match(s.standing_authorization.text, new RegExp(s.settlement_account_id));
    assert.match(s.standing_authorization.text, /same payment rail/);
    assert.match(s.standing_authorization.text, /no other payment/);
    const got = await svc.req<typeof s>('GET', '/v1/finance/setup', { token: o.key });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, s);

    // Another settlement account: another text, so the old digest is stale.
    const eur = (await accounts(svc, o.key)).EUR!;
    const changed = await svc.req<typeof s>('PUT', '/v1/finance/setup', {
      token: o.key,
      body: { settlement_account_id: eur.id, funding_account_id: s.funding_account_id },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.notEqual(changed.body.standing_authorization.digest, s.standing_authorization.digest);
  });

  test("accounts that are not the organization's treasury accounts are refused, naming each field", async () => {
    const [a, b] = await Promise.all([liveOrg(svc, 'Acct A'), liveOrg(svc, 'Acct B')]);
    const theirs = (await accounts(svc, b.key)).USD!;
    const res = await svc.req('PUT', '/v1/finance/setup', {
      token: a.key,
      body: { settlement_account_id: theirs.id, funding_account_id: 'acct_nope' },
    });
    assert.deepEqual(errorPaths(res), ['settlement_account_id', 'funding_account_id']);
    errorOf(await svc.req('GET', '/v1/finance/setup', { token: a.key }), 404, 'not_found');
  });
});

describe('the loan, from listing to closed', () => {
  let w: World;
  let inv: DocumentView;
  let listing: ListingView;
  let atAsk: OfferView;
  let counter: OfferView;
  let agr: AgreementView;
  let rival: Awaited<ReturnType<typeof liveOrg>>;
  const hooks: { receiver: Receiver; endpoint: Endpoint }[] = [];

  before(async () => {
    w = await world(svc);
    // Both parties subscribe their webhook endpoints to the finance events.
    const financeTypes = [
      'finance.offer.received',
      'finance.agreement.accepted',
      'finance.agreement.funded',
      'finance.agreement.repaid',
      'finance.agreement.closed',
    ];
    for (const party of [w.borrower, w.lender]) {
      const receiver = await startReceiver();
      hooks.push({
        receiver,
        endpoint: await createEndpoint(svc, party.org.session, receiver.url, financeTypes),
      });
    }
    inv = await invoice(svc, w, 1000);
    rival = await liveOrg(svc, 'Rival Lender', 10_000);
    const { connect } = await import('../helpers/flows.ts');
    await connect(svc, rival.org, w.borrower.org);
    await setUp(svc, rival);
  });

  test('the borrower lists its invoice; connected lenders see it', async () => {
    listing = await list(svc, w, inv.id, { principal: 800, fee: { type: 'bps', value: 250 }, grace_days: 5 });
    assert.equal(listing.status, 'open');
    assert.equal(listing.invoice.id, inv.id);
    assert.match(listing.invoice.number, /^INV-/);
    assert.equal(listing.invoice.balance_due, 1000);
    assert.deepEqual(listing.ask, {
      principal: 800,
      fee: { type: 'bps', value: 250 },
      grace_days: 5,
      fee_amount: 20,
      amount_owed: 820,
    });
    for (const token of [w.lender.key, rival.key]) {
      const seen = await svc.req<{ data: ListingView[] }>('GET', '/v1/finance/listings?role=lender', {
        token,
      });
      assert.equal(seen.status, 200, seen.text);
      assert.deepEqual(
        seen.body.data.map((l) => l.id),
        [listing.id],
      );
    }
    // The customer is connected to the borrower too, and may lend as well; a stranger sees nothing.
    const stranger = await liveOrg(svc, 'Stranger');
    const none = await svc.req<{ data: ListingView[] }>('GET', '/v1/finance/listings', {
      token: stranger.key,
    });
    assert.deepEqual(none.body.data, []);
    errorOf(
      await svc.req('GET', `/v1/finance/listings/${listing.id}`, { token: stranger.key }),
      404,
      'not_found',
    );
  });

  test('lenders offer at the ask and counter; the borrower is told of each', async () => {
    atAsk = await offer(svc, w.lender.key, listing.id);
    assert.equal(atAsk.countered, false);
    assert.equal(atAsk.status, 'open');
    assert.equal(atAsk.terms.amount_owed, 820);
    counter = await offer(svc, rival.key, listing.id, {
      counter: { principal: 750, fee: { type: 'flat', value: 15.5 }, grace_days: 3 },
    });
    assert.equal(counter.countered, true);
    assert.deepEqual(counter.terms, {
      principal: 750,
      fee: { type: 'flat', value: 15.5 },
      grace_days: 3,
      fee_amount: 15.5,
      amount_owed: 765.5,
    });
    const received = (await financeEvents(svc, w.borrower.id)).filter(
      (e) => e.type === 'finance.offer.received',
    );
    assert.deepEqual(
      received.map((e) => (e.data.offer as OfferView).id),
      [atAsk.id, counter.id],
    );
    assert.equal((received[0]!.data.listing as ListingView).id, listing.id);
    // The offers as each side lists them.
    const mine = await svc.req<{ data: OfferView[] }>('GET', '/v1/finance/offers?role=borrower', {
      token: w.borrower.key,
    });
    assert.deepEqual(
      mine.body.data.map((o) => o.id),
      [counter.id, atAsk.id],
    );
    // Pages of one, through the opaque cursor, give the same offers in the same order.
    const first = await svc.req<{ data: OfferView[]; next_cursor: string | null; has_more: boolean }>(
      'GET',
      '/v1/finance/offers?role=borrower&limit=1',
      { token: w.borrower.key },
    );
    assert.equal(first.body.has_more, true);
    const second = await svc.req<{ data: OfferView[]; next_cursor: string | null; has_more: boolean }>(
      'GET',
      `/v1/finance/offers?role=borrower&limit=1&cursor=${encodeURIComponent(first.body.next_cursor!)}`,
      { token: w.borrower.key },
    );
    assert.deepEqual(
      [...first.body.data, ...second.body.data].map((o) => o.id),
      [counter.id, atAsk.id],
    );
    assert.equal(second.body.has_more, false);
    // A cursor is bound to its list's filters: reused with another role it is refused.
    const rebound = await svc.req(
      'GET',
      `/v1/finance/offers?role=lender&cursor=${encodeURIComponent(first.body.next_cursor!)}`,
      {
        token: w.borrower.key,
      },
    );
    errorOf(rebound, 400, 'invalid_request');
    const theirs = await svc.req<{ data: OfferView[] }>('GET', '/v1/finance/offers', { token: rival.key });
    assert.deepEqual(
      theirs.body.data.map((o) => o.id),
      [counter.id],
    );
  });

  test('a wrong or stale digest is refused and creates nothing', async () => {
    const count = async () => {
      const r = await sql<{ docs: number; agreements: number }>`
        select (select count(*) from documents)::int as docs,
               (select count(*) from finance_agreements)::int as agreements`.execute(svc.ctx.db);
      return r.rows[0];
    };
    const before = await count();
    const wrong = await accept(svc, w.borrower.key, atAsk.id, 'f'.repeat(64));
    assert.deepEqual(errorPaths(wrong), ['authorization_digest']);
    const stale = await accept(
      svc,
      w.borrower.key,
      atAsk.id,
      w.setup.standing_authorization.digest.toUpperCase(),
    );
    errorOf(stale, 400, 'invalid_request');
    assert.deepEqual(await count(), before);
    const still = await svc.req<OfferView>('GET', `/v1/finance/offers/${atAsk.id}`, {
      token: w.borrower.key,
    });
    assert.equal(still.body.status, 'open');
  });

  test('only the borrower accepts', async () => {
    const res = await accept(svc, w.lender.key, atAsk.id, w.setup.standing_authorization.digest);
    errorOf(res, 400, 'invalid_request');
  });

  test('acceptance creates the agreement, disbursement and repayment on the parties’ connection', async () => {
    const res = await accept(svc, w.borrower.key, atAsk.id, w.setup.standing_authorization.digest);
    assert.equal(res.status, 201, res.text);
    agr = res.body;
    assert.match(agr.id, /^agr_/);
    assert.equal(agr.status, 'accepted');
    assert.equal(agr.role, 'borrower');
    assert.equal(agr.connection_id, w.loanConnection);
    assert.equal(agr.amount_owed, 820);
    assert.equal(agr.balance_due, 820);
    assert.equal(agr.amount_repaid, 0);
    assert.equal(agr.due_date, inv.due_date);
    assert.match(agr.documents.agreement.number, /^FIN-/);
    assert.match(agr.documents.disbursement.number, /^DSB-/);
    assert.match(agr.documents.repayment.number, /^RPY-/);
    assert.equal(agr.documents.disbursement.total, 800);
    assert.equal(agr.documents.repayment.total, 820);

    // Both parties read all three through the documents endpoints, with their own numbers.
    const lenderView = await agreement(svc, w.lender.key, agr.id);
    assert.equal(lenderView.role, 'lender');
    for (const [kind, prefix] of [
      ['agreement', 'FIN-'],
      ['disbursement', 'DSB-'],
      ['repayment', 'RPY-'],
    ] as const) {
      for (const [token, view] of [
        [w.borrower.key, agr],
        [w.lender.key, lenderView],
      ] as const) {
        const doc = await getDoc(svc, token, agr.documents[kind].id);
        assert.equal(doc.document_type, kind);
        assert.equal(doc.number, view.documents[kind].number);
        assert.ok(doc.number.startsWith(prefix));
        assert.equal(doc.connection_id, w.loanConnection);
        const history = await svc.req<{ entries: { action: string }[]; verified: boolean }>(
          'GET',
          `/v1/documents/${doc.id}/history`,
          { token },
        );
        assert.equal(history.status, 200, history.text);
        assert.equal(history.body.verified, true);
        assert.equal(history.body.entries[0]?.action, 'created');
      }
    }
    const dsb = await getDoc(svc, w.lender.key, agr.documents.disbursement.id);
    assert.equal(dsb.status, 'approved');
    assert.equal(dsb.derived_from, agr.documents.agreement.id);
    const rpy = await getDoc(svc, w.borrower.key, agr.documents.repayment.id);
    assert.equal(rpy.status, 'submitted', 'the repayment is payable only once the loan is funded');

    // The offer is accepted, the rival's declined, the listing accepted.
    const offers = await svc.req<{ data: OfferView[] }>(
      'GET',
      `/v1/finance/offers?listing_id=${listing.id}`,
      {
        token: w.borrower.key,
      },
    );
    assert.deepEqual(Object.fromEntries(offers.body.data.map((o) => [o.id, [o.status, o.agreement_id]])), {
      [atAsk.id]: ['accepted', agr.id],
      [counter.id]: ['declined', null],
    });
    const l = await svc.req<ListingView>('GET', `/v1/finance/listings/${listing.id}`, {
      token: w.lender.key,
    });
    assert.equal(l.body.status, 'accepted');
    // Accepting again is a conflict.
    errorOf(
      await accept(svc, w.borrower.key, atAsk.id, w.setup.standing_authorization.digest),
      409,
      'conflict',
    );
  });

  test('the repayment cannot be paid before funding; the borrower cannot pay the disbursement', async () => {
    errorOf(
      await svc.req('POST', `/v1/finance/agreements/${agr.id}/repayment`, {
        token: w.borrower.key,
        body: {},
      }),
      409,
      'conflict',
    );
    errorOf(
      await svc.req('POST', `/v1/documents/${agr.documents.repayment.id}/pay`, {
        token: w.borrower.key,
        body: {},
      }),
      409,
      'conflict',
    );
    errorOf(
      await svc.req('POST', `/v1/documents/${agr.documents.disbursement.id}/pay`, {
        token: w.borrower.key,
        body: {},
      }),
      409,
      'conflict',
    );
  });

  test('the lender pays the disbursement: funded, and the repayment becomes payable', async () => {
    const before = { b: await accounts(svc, w.borrower.key), l: await accounts(svc, w.lender.key) };
    agr = await fund(svc, w, agr);
    assert.equal(agr.status, 'funded');
    assert.ok(agr.funded_at);
    assert.equal(agr.documents.disbursement.status, 'paid');
    assert.equal(agr.documents.repayment.status, 'approved');
    const after = { b: await accounts(svc, w.borrower.key), l: await accounts(svc, w.lender.key) };
    assert.equal(after.b.USD!.balance - before.b.USD!.balance, 800);
    assert.equal(before.l.USD!.balance - after.l.USD!.balance, 800);
    errorOf(
      await svc.req('POST', `/v1/finance/agreements/${agr.id}/withdraw`, { token: w.lender.key, body: {} }),
      409,
      'conflict',
    );
  });

  test('the pledged invoice settles: min(proceeds, owed) is swept to the lender, then repaid and closed', async () => {
    const before = { b: await accounts(svc, w.borrower.key), l: await accounts(svc, w.lender.key) };
    await customerPays(svc, w, inv.id);
    agr = await agreement(svc, w.borrower.key, agr.id);
    assert.equal(agr.status, 'closed');
    assert.ok(agr.repaid_at && agr.closed_at);
    assert.equal(agr.amount_repaid, 820);
    assert.equal(agr.balance_due, 0);
    assert.equal(agr.documents.repayment.status, 'paid');
    const after = { b: await accounts(svc, w.borrower.key), l: await accounts(svc, w.lender.key) };
    // The borrower received 1000 and 820 of it went on to the lender.
    assert.equal(after.b.USD!.balance - before.b.USD!.balance, 180);
    assert.equal(after.l.USD!.balance - before.l.USD!.balance, 820);
    // The sweep is a payment of the repayment document, from the settlement account to the
    // lender's funding account, on the invoice's rail.
    const sweep = await sql<{ status: string; amount: string; payment_id: string }>`
      select status, amount::text, payment_id from finance_sweeps where agreement_id = ${agr.id}`.execute(
      svc.ctx.db,
    );
    assert.equal(sweep.rows.length, 1);
    assert.deepEqual([sweep.rows[0]!.status, sweep.rows[0]!.amount], ['started', '820.00']);
    const pay = await svc.req<{
      document_id: string;
      amount: number;
      status: string;
      payment_method: string;
    }>('GET', `/v1/payments/${sweep.rows[0]!.payment_id}`, { token: w.lender.key });
    assert.equal(pay.status, 200, pay.text);
    assert.equal(pay.body.document_id, agr.documents.repayment.id);
    assert.equal(pay.body.amount, 820);
    assert.equal(pay.body.status, 'settled');
    const l = await svc.req<ListingView>('GET', `/v1/finance/listings/${listing.id}`, {
      token: w.borrower.key,
    });
    assert.equal(l.body.status, 'closed');
  });

  test('each party received the finance events in order, projected for it', async () => {
    const lifecycle = [
      'finance.agreement.accepted',
      'finance.agreement.funded',
      'finance.agreement.repaid',
      'finance.agreement.closed',
    ];
    assert.deepEqual(await eventTypes(svc, w.borrower.id), [
      'finance.offer.received',
      'finance.offer.received',
      ...lifecycle,
    ]);
    assert.deepEqual(await eventTypes(svc, w.lender.id), lifecycle);
    assert.deepEqual(await eventTypes(svc, rival.id), []);
    const [b, l] = [await financeEvents(svc, w.borrower.id), await financeEvents(svc, w.lender.id)];
    const roleOf = (e: { data: Record<string, unknown> }) => (e.data.agreement as AgreementView).role;
    assert.ok(b.slice(2).every((e) => roleOf(e) === 'borrower'));
    assert.ok(l.every((e) => roleOf(e) === 'lender'));
    const closed = l.at(-1)!.data.agreement as AgreementView;
    assert.deepEqual(closed, await agreement(svc, w.lender.key, agr.id));
  });

  test('the finance events reach each party’s webhook endpoint, signed, in its own projection', async () => {
    await drain(svc);
    const [borrowerHooks, lenderHooks] = hooks as [(typeof hooks)[0], (typeof hooks)[0]];
    const now = svc.ctx.clock.now();
    for (const [h, role, types] of [
      [borrowerHooks, 'borrower', 6],
      [lenderHooks, 'lender', 4],
    ] as const) {
      await h.receiver.waitFor(types);
      const events = h.receiver.received.map((r) =>
        verifyWebhook({ rawBody: r.rawBody, headers: r.headers, secrets: h.endpoint.secret, now }),
      );
      // Deliveries run concurrently and their order is not guaranteed (docs/webhooks.md); the
      // events' created_at orders them.
      const agreementEvents = events
        .filter((e) => e.type.startsWith('finance.agreement.'))
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      assert.deepEqual(
        agreementEvents.map((e) => e.type),
        [
          'finance.agreement.accepted',
          'finance.agreement.funded',
          'finance.agreement.repaid',
          'finance.agreement.closed',
        ],
      );
      for (const e of agreementEvents) assert.equal((e.data.agreement as AgreementView).role, role);
    }
    for (const h of hooks) await h.receiver.close();
  });

  test('the agreement document records the lifecycle in its verified history', async () => {
    const h = await svc.req<{ entries: { action: string }[]; verified: boolean }>(
      'GET',
      `/v1/documents/${agr.documents.agreement.id}/history`,
      { token: w.lender.key },
    );
    assert.equal(h.body.verified, true);
    assert.deepEqual(
      h.body.entries.map((e) => e.action),
      ['created', 'agreement_funded', 'agreement_repaid', 'agreement_closed'],
    );
  });

  test('ledger audit: the disbursement, the invoice and the sweep moved money, nothing else', async () => {
    const moves = await transfersOf(svc, [w.borrower.id, w.customer.id, w.lender.id, rival.id]);
    // The top-ups funded the customer and the lenders (concurrently, so in either order).
    assert.deepEqual(moves.filter((m) => m.startsWith('top_up')).sort(), [
      'top_up 10000.00 external → org3',
      'top_up 100000.00 external → org1',
      'top_up 100000.00 external → org2',
    ]);
    assert.deepEqual(
      moves.filter((m) => !m.startsWith('top_up')),
      ['payment 800.00 org2 → org0', 'payment 1000.00 org1 → org0', 'payment 820.00 org0 → org2'],
    );
    await assertLedgerInvariants(svc);
  });

  test('a settlement processed twice sweeps once', async () => {
    const pay = await sql<{ id: string }>`
      select id from payments where document_id = ${inv.id} and status = 'settled'`.execute(svc.ctx.db);
    const paymentId = pay.rows[0]!.id;
    const outcome = await inTransaction(svc.ctx.db, (trx) =>
      settlePayment(svc.ctx, trx, paymentId, svc.ctx.clock.now()),
    );
    assert.equal(outcome, 'skipped');
    // Even the hook itself, run again on the same settled payment, records no second sweep.
    await inTransaction(svc.ctx.db, async (trx) => {
      const payment = await trx
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      const { lockDocument } = await import('../../src/modules/documents/load-document.ts');
      const document = await lockDocument(trx, inv.id);
      await financePaymentHook.onSettled!(svc.ctx, trx, { payment, document }, svc.ctx.clock.now());
    });
    await settle(svc);
    const sweeps = await sql<{ n: number }>`
      select count(*)::int as n from finance_sweeps where agreement_id = ${agr.id}`.execute(svc.ctx.db);
    assert.equal(sweeps.rows[0]!.n, 1);
    const payments = await sql<{ n: number }>`
      select count(*)::int as n from payments where document_id = ${agr.documents.repayment.id}`.execute(
      svc.ctx.db,
    );
    assert.equal(payments.rows[0]!.n, 1);
  });
});
