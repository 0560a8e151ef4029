// The Finance page end to end, in headless Chromium against a real service (HTTP, worker running):
// three verified live organizations (a borrower, its customer, a lender connected to it) set up
// through the API; the page shows the borrower's setup and standing authorization and an agreement
// created through the API with its three documents; the borrower lists an invoice and accepts an
// offer through the page (the authorization shown and its digest echoed, a refusal's message shown);
// the lender counters, withdraws and offers at the ask, and funds the loan by paying the disbursement
// on its document page; the borrower repays through the page and watches it close (and its listing
// with it), and withdraws the other agreement. Any console error or uncaught exception fails it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { AgreementView, ListingView } from '../../src/modules/finance/schemas.ts';
import { agreed, agreement, invoice, list, offer, type World, world } from '../finance/helpers.ts';
import { type BrowserSession, browserSuite } from '../helpers/browser.ts';
import { operator } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import { getDoc } from '../helpers/payments.ts';
import { signIn } from './sign-in.ts';

const SLOW = 30_000;

let svc: TestService;
let b: BrowserSession;
let page: Page;
let w: World;

const test = browserSuite(
  'the Finance page in a browser',
  { app: true, worker: true, timeoutMs: SLOW },
  async (s) => {
    ({ svc, b, page } = s);
    w = await world(svc);
    // The borrower repays principal + fee: the principal it receives does not cover the fee.
    const funded = await operator(svc, 'POST', `/v1/operator/organizations/${w.borrower.id}/fund`, {
      currency: 'USD',
      amount: 1000,
    });
    assert.equal(funded.status, 200, funded.text);
  },
);

function noBrowserErrors(step: string): void {
  assert.deepEqual(b.errors, [], `browser errors during "${step}"`);
}

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const card = (number: string) => page.getByRole('article', { name: `Agreement ${number}` });

async function signInAs(who: World['borrower']): Promise<void> {
  if (await page.getByRole('button', { name: 'Sign out' }).count()) {
    await page.getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.goto('/app/');
  }
  await signIn(page, who.org);
}

async function openFinance(): Promise<void> {
  await nav('Finance').click();
  await heading('Finance').waitFor();
}

/** Reads until `ok` holds (or 10 s pass): for values the page fills in after its first paint. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the Finance page, end to end in Chromium', { timeout: 300_000 }, async (t) => {
  let first: AgreementView;
  await t.test('shows the setup and an agreement created through the API', async () => {
    const inv = await invoice(svc, w, 1000);
    first = await agreed(svc, w, inv.id, { principal: 800, fee: { type: 'flat', value: 20 }, grace_days: 5 });
    await signInAs(w.borrower);
    await openFinance();

    const setup = page.getByRole('region', { name: 'Setup' });
    // The account's name and currency appear once the treasury accounts have loaded (the id
    // shows until then): wait for them rather than read the first paint.
    await setup
      .getByTestId('settlement-account')
      .filter({ hasText: /\(USD\)/ })
      .waitFor({ timeout: 10_000 });
    assert.equal(
      await setup.getByTestId('authorization-digest').textContent(),
      w.setup.standing_authorization.digest,
    );
    assert.equal(
      await setup.getByTestId('authorization-text').textContent(),
      w.setup.standing_authorization.text,
    );
    // The form starts from the current accounts.
    // (a select shows its value once its options, the treasury accounts, have loaded)
    assert.equal(
      await eventually(
        () => setup.getByLabel('Settlement account (as a borrower)').inputValue(),
        (v) => v !== '',
      ),
      w.setup.settlement_account_id,
    );

    const a = card(first.documents.agreement.number);
    await a.getByText('accepted', { exact: true }).waitFor();
    assert.equal(await a.getByTestId('agreement-owed').textContent(), '$820.00');
    assert.equal(await a.getByTestId('agreement-repaid').textContent(), '$0.00');
    assert.equal(await a.getByTestId('agreement-balance').textContent(), '$820.00');
    // Names come from the connections list, which may load after the agreements.
    await a.filter({ hasText: /borrowed from Lender Capital/ }).waitFor({ timeout: 10_000 });
    // The three documents link to their pages.
    const docs = a.getByRole('list', { name: 'Documents' });
    for (const d of [first.documents.agreement, first.documents.disbursement, first.documents.repayment]) {
      assert.equal(
        await docs.getByRole('link', { name: d.number }).getAttribute('href'),
        `/app/documents/${d.id}`,
      );
    }
    assert.match(first.documents.agreement.number, /^FIN-/);
    assert.match(first.documents.disbursement.number, /^DSB-/);
    assert.match(first.documents.repayment.number, /^RPY-/);
    // Nothing to repay before the loan is funded; withdrawing is possible.
    assert.equal(await a.getByRole('button', { name: /^Repay/ }).count(), 0);
    await a.getByRole('button', { name: 'Withdraw' }).waitFor();
    await b.screenshot('finance');
    noBrowserErrors('setup and agreement');
  });

  let second: AgreementView;
  await t.test('list an invoice and accept an offer, confirming the standing authorization', async () => {
    // The invoice as its issuer sees it (INV-): the helper answers the customer's view (BILL-).
    const inv = await getDoc(svc, w.borrower.key, (await invoice(svc, w, 500)).id);
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    const form = page.getByRole('form', { name: 'List an invoice' });
    const option = form.getByRole('option', { name: new RegExp(`^${inv.number} `) });
    await option.waitFor({ state: 'attached' });
    await form.getByLabel('Invoice').selectOption(inv.id);
    assert.equal(await form.getByLabel('Principal').inputValue(), '500', 'the balance due, to start from');
    // A refusal shows each bad field's problem in words (the field's path stays in the API).
    await form.getByLabel('Principal').fill('600');
    await form.getByLabel('Fee', { exact: true }).fill('10');
    await form.getByRole('button', { name: 'List invoice' }).click();
    await form
      .getByRole('alert')
      .getByText(/principal: is more than the invoice's balance/i)
      .waitFor();
    // The 400 above is an expected answer of the API, not a page error.
    b.errors.splice(0, b.errors.length, ...b.errors.filter((e) => !/status of 400/.test(e)));
    await form.getByLabel('Principal').fill('400');
    await form.getByLabel('Fee type').selectOption('bps');
    await form.getByLabel(/^Fee \(bps/).fill('150');
    await form.getByLabel('Grace days').fill('3');
    // 400 × 150 / 10000 = 6.00, as the API will compute it at acceptance.
    assert.equal(await form.getByTestId('ask-preview').textContent(), 'Fee $6.00 · amount owed $406.00');
    await form.getByRole('button', { name: 'List invoice' }).click();
    const listing = page.getByRole('article', { name: `Listing of ${inv.number}` });
    await listing.getByText('No offers yet.').waitFor();

    // The lender offers at the ask through the API.
    const mine = await svc.req<{ data: ListingView[] }>(
      'GET',
      '/v1/finance/listings?role=borrower&status=open',
      {
        token: w.borrower.key,
      },
    );
    const listed = mine.body.data.find((l) => l.invoice.id === inv.id)!;
    assert.equal(listed.ask.fee_amount, 6);
    assert.equal(listed.ask.grace_days, 3);
    await offer(svc, w.lender.key, listed.id);

    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await listing.getByRole('button', { name: 'Accept…' }).click();
    const panel = listing.getByRole('form', { name: 'Accept the offer' });
    assert.equal(
      await panel.getByTestId('accept-authorization-text').textContent(),
      w.setup.standing_authorization.text,
    );
    const acceptButton = panel.getByRole('button', { name: 'Accept offer' });
    assert.equal(await acceptButton.isDisabled(), true, 'not before the authorization is confirmed');
    await panel.getByLabel('I confirm the standing authorization above').check();
    await acceptButton.click();
    await listing.getByText('accepted', { exact: true }).first().waitFor();

    const all = await svc.req<{ data: AgreementView[] }>('GET', '/v1/finance/agreements?role=borrower', {
      token: w.borrower.key,
    });
    second = all.body.data.find((a) => a.invoice_id === inv.id)!;
    assert.ok(second, 'the acceptance created an agreement');
    assert.equal(second.amount_owed, 406);
    const a = card(second.documents.agreement.number);
    await a.getByTestId('agreement-owed').getByText('$406.00').waitFor();
    noBrowserErrors('list and accept');
  });

  await t.test(
    'as the lender: counter, withdraw, offer at the ask; fund a loan by paying its disbursement',
    async () => {
      await signInAs(w.lender);
      await openFinance();
      // As a lender: counter a connection's listing, withdraw the counter, offer at the ask.
      const inv = await getDoc(svc, w.borrower.key, (await invoice(svc, w, 300)).id);
      await list(svc, w, inv.id, { principal: 300, fee: { type: 'flat', value: 9 }, grace_days: 0 });
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      const row = page.getByRole('table', { name: 'Open listings of your connections' }).getByRole('row', {
        name: new RegExp(inv.number),
      });
      await row.getByRole('cell', { name: 'Borrower Works' }).waitFor();
      await row.getByRole('button', { name: 'Counter…' }).click();
      const counter = page.getByRole('form', { name: `Counter-offer on ${inv.number}` });
      assert.equal(await counter.getByLabel('Principal').inputValue(), '300', 'starts from the ask');
      await counter.getByLabel('Principal').fill('250');
      await counter.getByRole('button', { name: 'Send counter-offer' }).click();
      const offers = page.getByRole('table', { name: 'Your offers' });
      const mine = offers.getByRole('row', { name: /counter-offer/ });
      await mine.getByRole('cell', { name: '$250.00' }).waitFor();
      await mine.getByRole('button', { name: 'Withdraw' }).click();
      await mine.getByRole('button', { name: 'Withdraw offer' }).click();
      await mine.getByText('withdrawn', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Offer at the ask' }).click();
      await offers
        .getByRole('row', { name: /at the ask/ })
        .getByText('open', { exact: true })
        .waitFor();
      const made = await svc.req<{
        data: { status: string; countered: boolean; terms: { principal: number } }[];
      }>('GET', '/v1/finance/offers?role=lender', { token: w.lender.key });
      assert.deepEqual(
        made.body.data
          .filter((o) => o.terms.principal === 250 || o.terms.principal === 300)
          .map((o) => [o.status, o.countered, o.terms.principal]),
        [
          ['open', false, 300],
          ['withdrawn', true, 250],
        ],
      );

      const lent = await agreement(svc, w.lender.key, first.id);
      const a = card(lent.documents.agreement.number);
      await a.filter({ hasText: /lent to Borrower Works/ }).waitFor({ timeout: 10_000 });
      const hint = a.getByTestId('fund-hint');
      await hint.getByRole('link', { name: lent.documents.disbursement.number }).click();
      await heading(`Disbursement ${lent.documents.disbursement.number}`).waitFor();
      await page.locator('.page-head .badge', { hasText: 'approved' }).waitFor();
      await page.getByRole('link', { name: /Part of a financing agreement/ }).waitFor();
      await page.getByRole('button', { name: 'Pay $800.00' }).click();
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      await page
        .getByTestId('payment-status')
        .getByText(/Settled/)
        .waitFor({ timeout: SLOW });
      await openFinance();
      await card(lent.documents.agreement.number).getByText('funded', { exact: true }).waitFor();
      noBrowserErrors('fund');
    },
  );

  await t.test('the borrower repays through the page and watches the agreement close', async () => {
    await signInAs(w.borrower);
    await openFinance();
    const a = card(first.documents.agreement.number);
    await a.getByText('funded', { exact: true }).waitFor();
    await a.getByRole('button', { name: 'Repay $820.00 now' }).click();
    await a.getByRole('button', { name: 'Confirm repayment' }).click();
    await a.getByText('closed', { exact: true }).waitFor({ timeout: SLOW });
    assert.equal(await a.getByTestId('agreement-repaid').textContent(), '$820.00');
    assert.equal(await a.getByTestId('agreement-balance').textContent(), '$0.00');
    // The agreement ended, so its listing closed: the page loads the listings again.
    const listing = await svc.req<ListingView>('GET', `/v1/finance/listings/${first.listing_id}`, {
      token: w.borrower.key,
    });
    await page
      .getByRole('article', { name: `Listing of ${listing.body.invoice.number}` })
      .getByText('closed', { exact: true })
      .waitFor();
    const closed = await agreement(svc, w.borrower.key, first.id);
    assert.equal(closed.status, 'closed');
    assert.equal(closed.amount_repaid, 820);
    await b.screenshot('finance-closed');
    noBrowserErrors('repay');
  });

  await t.test('withdraw the agreement that was never funded', async () => {
    const a = card(second.documents.agreement.number);
    await a.getByRole('button', { name: 'Withdraw' }).click();
    await a.getByRole('button', { name: 'Withdraw agreement' }).click();
    await a.getByText('withdrawn', { exact: true }).first().waitFor();
    assert.equal((await agreement(svc, w.borrower.key, second.id)).status, 'withdrawn');
    noBrowserErrors('withdraw');
  });
});
