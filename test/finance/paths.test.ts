// The other ways a loan goes (CONTRACT 7): a partial sweep (the proceeds cover less than is owed)
// and the rest repaid through POST /repayment; withdrawal before funding by either side; the
// pledged invoice paid before the loan was funded; voiding a listed or pledged invoice.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import type { AgreementView, ListingView, OfferView } from '../../src/modules/finance/schemas.ts';
import { errorOf } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { accounts, getDoc, settle } from '../helpers/payments.ts';
import { assertLedgerInvariants } from '../ledger/helpers.ts';
import {
  agreed,
  agreement,
  customerPays,
  fund,
  invoice,
  list,
  offer,
  transfersOf,
  type World,
  world,
} from './helpers.ts';

let svc: TestService;
let w: World;

before(async () => {
  svc = await startTestService();
  w = await world(svc);
});
after(async () => {
  await svc?.close();
});

async function sweepsOf(agreementId: string) {
  const r = await sql<{ status: string; amount: string | null; proceeds: string; reason: string | null }>`
    select status, amount::text, proceeds::text, reason from finance_sweeps
     where agreement_id = ${agreementId} order by created_at`.execute(svc.ctx.db);
  return r.rows;
}

describe('partial sweep', () => {
  test('proceeds below the amount owed are swept whole; the borrower repays the rest', async () => {
    const inv = await invoice(svc, w, 500);
    let a = await agreed(svc, w, inv.id, { principal: 500, fee: { type: 'flat', value: 50 }, grace_days: 0 });
    assert.equal(a.amount_owed, 550);
    a = await fund(svc, w, a);
    assert.equal(a.status, 'funded');
    const before = await accounts(svc, w.lender.key);

    await customerPays(svc, w, inv.id);
    a = await agreement(svc, w.borrower.key, a.id);
    assert.equal(a.status, 'funded', 'still owed: 50');
    assert.equal(a.amount_repaid, 500);
    assert.equal(a.balance_due, 50);
    assert.equal(a.documents.repayment.status, 'approved', 'payable again for the rest');
    assert.deepEqual(await sweepsOf(a.id), [
      { status: 'started', amount: '500.00', proceeds: '500.00', reason: null },
    ]);
    assert.equal((await accounts(svc, w.lender.key)).USD!.balance - before.USD!.balance, 500);

    // The lender cannot repay; the borrower pays the rest now.
    errorOf(
      await svc.req('POST', `/v1/finance/agreements/${a.id}/repayment`, { token: w.lender.key, body: {} }),
      409,
      'conflict',
    );
    const res = await svc.req<AgreementView>('POST', `/v1/finance/agreements/${a.id}/repayment`, {
      token: w.borrower.key,
      body: {},
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.documents.repayment.status, 'payment_scheduled');
    // While that payment is in flight, a second repayment is refused (never a second charge).
    errorOf(
      await svc.req('POST', `/v1/finance/agreements/${a.id}/repayment`, { token: w.borrower.key, body: {} }),
      409,
      'conflict',
    );
    await settle(svc);
    a = await agreement(svc, w.lender.key, a.id);
    assert.equal(a.status, 'closed');
    assert.equal(a.amount_repaid, 550);
    assert.equal(a.balance_due, 0);
    assert.equal((await accounts(svc, w.lender.key)).USD!.balance - before.USD!.balance, 550);
    errorOf(
      await svc.req('POST', `/v1/finance/agreements/${a.id}/repayment`, { token: w.borrower.key, body: {} }),
      409,
      'conflict',
    );
    await assertLedgerInvariants(svc);
  });

  test('a bps fee is computed in decimal and rounded half-up to cents once', async () => {
    const inv = await invoice(svc, w, 333.33);
    const a = await agreed(svc, w, inv.id, {
      principal: 333.33,
      fee: { type: 'bps', value: 125.5 },
      grace_days: 1,
    });
    // 333.33 × 125.5 / 10000 = 4.18329… → 4.18
    assert.equal(a.terms.fee_amount, 4.18);
    assert.equal(a.amount_owed, 337.51);
    assert.equal(a.documents.repayment.total, 337.51);
    const rpy = await getDoc(svc, w.borrower.key, a.documents.repayment.id);
    assert.deepEqual(
      rpy.line_items.map((l) => [l.description.split(',')[0], l.net_amount]),
      [
        ['Principal', 333.33],
        ['Fee (125.5 bps)', 4.18],
      ],
    );
  });
});

describe('withdrawal before funding', () => {
  test('either side withdraws an accepted agreement: the documents are voided, nothing moves', async () => {
    for (const who of ['borrower', 'lender'] as const) {
      const inv = await invoice(svc, w, 200);
      const before = await transfersOf(svc, [w.borrower.id, w.lender.id]);
      const a = await agreed(svc, w, inv.id, {
        principal: 100,
        fee: { type: 'flat', value: 1 },
        grace_days: 0,
      });
      const res = await svc.req<AgreementView>('POST', `/v1/finance/agreements/${a.id}/withdraw`, {
        token: w[who].key,
        body: {},
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'withdrawn');
      assert.equal(res.body.withdrawn_reason, `withdrawn by the ${who}`);
      for (const d of Object.values(res.body.documents)) {
        assert.equal(d.status, 'void');
        assert.equal(d.balance_due, 0);
      }
      errorOf(
        await svc.req('POST', `/v1/finance/agreements/${a.id}/withdraw`, { token: w.borrower.key, body: {} }),
        409,
        'conflict',
      );
      // A voided disbursement cannot be paid.
      errorOf(
        await svc.req('POST', `/v1/documents/${a.documents.disbursement.id}/pay`, {
          token: w.lender.key,
          body: {},
        }),
        409,
        'conflict',
      );
      const l = await svc.req<ListingView>('GET', `/v1/finance/listings/${a.listing_id}`, {
        token: w.borrower.key,
      });
      assert.equal(l.body.status, 'closed');
      assert.deepEqual(await transfersOf(svc, [w.borrower.id, w.lender.id]), before);
      // The invoice is free again: it can be listed anew.
      await list(svc, w, inv.id, { principal: 100, fee: { type: 'flat', value: 1 }, grace_days: 0 });
    }
  });

  test('not while the disbursement is being paid', async () => {
    const inv = await invoice(svc, w, 300);
    const a = await agreed(svc, w, inv.id, {
      principal: 300,
      fee: { type: 'flat', value: 3 },
      grace_days: 0,
    });
    const pay = await svc.req('POST', `/v1/documents/${a.documents.disbursement.id}/pay`, {
      token: w.lender.key,
      body: {},
    });
    assert.equal(pay.status, 202, pay.text);
    const res = await svc.req('POST', `/v1/finance/agreements/${a.id}/withdraw`, {
      token: w.borrower.key,
      body: {},
    });
    const err = errorOf(res, 409, 'conflict');
    assert.ok(err.details?.payment_id);
    await settle(svc);
    assert.equal((await agreement(svc, w.borrower.key, a.id)).status, 'funded');
  });

  test('the pledged invoice paid before funding ends the agreement; only the invoice payment moves', async () => {
    const inv = await invoice(svc, w, 400);
    const a = await agreed(svc, w, inv.id, {
      principal: 400,
      fee: { type: 'flat', value: 4 },
      grace_days: 0,
    });
    const before = await transfersOf(svc, [w.borrower.id, w.customer.id, w.lender.id]);
    await customerPays(svc, w, inv.id);
    const after = await agreement(svc, w.lender.key, a.id);
    assert.equal(after.status, 'withdrawn');
    assert.equal(after.withdrawn_reason, 'the pledged invoice was paid before the loan was funded');
    assert.equal(after.documents.disbursement.status, 'void');
    assert.deepEqual(await sweepsOf(a.id), [
      { status: 'cancelled', amount: null, proceeds: '400.00', reason: 'the agreement was withdrawn' },
    ]);
    const moved = (await transfersOf(svc, [w.borrower.id, w.customer.id, w.lender.id])).slice(before.length);
    assert.deepEqual(moved, ['payment 400.00 org1 → org0']);
    const loanPayments = await sql<{ n: number }>`
      select count(*)::int as n from payments
       where document_id in (${a.documents.disbursement.id}, ${a.documents.repayment.id})`.execute(
      svc.ctx.db,
    );
    assert.equal(loanPayments.rows[0]!.n, 0);
  });
});

describe('voiding a financed invoice', () => {
  async function submitted(amount: number): Promise<DocumentView> {
    const { line } = await import('../helpers/document-setup.ts');
    const created = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: w.borrower.key,
      body: {
        connection_id: w.customerConnection,
        document_type: 'invoice',
        payment_terms: 'net_30',
        line_items: [line({ quantity: 1, unit_price: amount, tax_rate: 0 })],
      },
    });
    assert.equal(created.status, 201, created.text);
    const issued = await svc.req<DocumentView>('POST', `/v1/documents/${created.body.id}/issue`, {
      token: w.borrower.key,
    });
    assert.equal(issued.status, 200, issued.text);
    return issued.body;
  }
  const voidIt = (id: string) =>
    svc.req<DocumentView>('POST', `/v1/documents/${id}/transition`, {
      token: w.borrower.key,
      body: { to: 'void' },
    });

  test('a pledged invoice cannot be voided while its agreement lives', async () => {
    const inv = await submitted(250);
    const a = await agreed(svc, w, inv.id, {
      principal: 200,
      fee: { type: 'flat', value: 2 },
      grace_days: 0,
    });
    const err = errorOf(await voidIt(inv.id), 409, 'conflict');
    assert.equal(err.details?.agreement_id, a.id);
    assert.equal((await getDoc(svc, w.borrower.key, inv.id)).status, 'submitted');
  });

  test('voiding a listed invoice closes its listing and declines its offers', async () => {
    const inv = await submitted(260);
    const l = await list(svc, w, inv.id, { principal: 200, fee: { type: 'flat', value: 2 }, grace_days: 0 });
    const o = await offer(svc, w.lender.key, l.id);
    const res = await voidIt(inv.id);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'void');
    const listing = await svc.req<ListingView>('GET', `/v1/finance/listings/${l.id}`, {
      token: w.lender.key,
    });
    assert.equal(listing.body.status, 'closed');
    assert.equal(listing.body.invoice.status, 'void');
    const offerNow = await svc.req<OfferView>('GET', `/v1/finance/offers/${o.id}`, { token: w.lender.key });
    assert.equal(offerNow.body.status, 'declined');
  });
});
