// The Bank page's statements in Chromium (issue 40 item 7): a sandbox organization connects its
// bank account on the page, pays a demo bill on the bank rail, closes the batch, asks the
// simulated bank for its statement ("Simulate the bank's statement"), which the page imports: the
// statement shows its entry settled and the bill shows paid. A file docex cannot read (a camt.052)
// is refused in the API's words, with no failed request in the browser. A live seller's credits:
// a partial one unmatched with its suggestion (no Match: the amount is not the amount due), an exact one without a reference matched by hand
// with the invoice's number. At 1366x900 and 390x844
// with nothing wider than the screen, no console error.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { writeCamt054 } from '../../src/modules/bank/sandbox-bank.ts';
import { type BrowserSession, browserSuite, openBrowser } from '../helpers/browser.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import type { TestService } from '../helpers/harness.ts';
import { approvedInvoice, bill, getDoc, livePair, paid, type Sandbox, sandbox } from '../helpers/payments.ts';
import { signIn, signInToSandbox } from './sign-in.ts';
import { DESKTOP, fits, PHONE } from './viewport.ts';

let svc: TestService;
let base: string;
let b: BrowserSession;
let page: Page;
let sb: Sandbox;

const test = browserSuite(
  'the Bank page statements, in Chromium',
  { app: true, viewport: DESKTOP },
  async (s) => {
    ({ svc, base, b, page } = s);
    sb = await sandbox(svc, 'Statement Practice');
    // The payment file names the payer with its postal address.
    const profile = await svc.req('PATCH', '/v1/organization', { token: sb.session, body: BUYER });
    assert.equal(profile.status, 200, profile.text);
  },
);

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('sandbox: connect, pay on the rail, close the batch, simulate the statement, the bill is paid', {
  timeout: 240_000,
}, async () => {
  // The owner signs in (its live organization) and switches to its sandbox.
  await signInToSandbox(page, sb);

  // The Bank page: connect the account.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bank', exact: true })
    .click();
  await heading('Bank').waitFor();
  await page.getByText('No statement imported yet.').waitFor();
  const form = page.getByRole('form', { name: 'Connect a bank account' });
  await form.getByLabel('IBAN').fill('FR14 2004 1010 0505 0001 3M02 606');
  await form.getByRole('button', { name: 'Connect' }).click();
  await page.getByTestId('bank-account').waitFor();
  await page.getByText('No payment is waiting').waitFor();

  // A demo bill paid on the bank rail (as an integrator's key would).
  const demo = await bill(svc, sb.key, 42.5, 'EUR');
  const payment = (await paid(svc, sb.key, demo.id)).payment;
  assert.equal(payment.rail, 'sepa_credit_transfer');

  await page.goto('/app/bank');
  await heading('Bank').waitFor();
  await page.getByTestId('open-batch-payment').waitFor();
  await page.getByRole('button', { name: 'Close batch' }).click();
  // The sandbox organization is French (its legal profile): money as France writes it.
  await page.getByText(/Batch closed: 1 payment, 42,50\s€\./).waitFor();
  const batch = page.getByTestId('payment-batch');
  await batch.waitFor();

  // The simulated bank's camt.054, imported by the page: the payment settles.
  await batch.getByRole('button', { name: "Simulate the bank's statement" }).click();
  const said = batch.getByTestId('simulated-statement');
  await said.waitFor();
  assert.equal(await said.textContent(), 'Imported: 1 entry: 1 matched.');
  const statement = page.getByTestId('bank-statement');
  await statement.waitFor();
  assert.equal(await statement.count(), 1);
  assert.match((await statement.textContent()) ?? '', /camt\.054\.001\.08/);
  assert.equal(await statement.getByTestId('statement-summary').textContent(), '1 entry: 1 matched');
  await statement.locator('summary').click();
  const entry = statement.getByTestId('statement-entry');
  await entry.waitFor();
  assert.equal(await entry.getAttribute('data-status'), 'matched');
  assert.equal(await entry.getAttribute('data-outcome'), 'settled');
  assert.match((await entry.textContent()) ?? '', /−42,50\s€/);
  assert.match((await entry.textContent()) ?? '', new RegExp(payment.end_to_end_id ?? 'none'));
  await fits(page, 'the Bank page with a statement at 1366x900');

  // A file docex cannot read: refused in the API's words, nothing imported.
  const upload = page.getByTestId('upload-statement');
  await upload.getByLabel('Statement file').setInputFiles({
    name: 'report.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt/></Document>',
    ),
  });
  await upload.getByRole('button', { name: 'Import' }).click();
  const alert = upload.getByRole('alert');
  await alert.waitFor();
  assert.match(
    (await alert.textContent()) ?? '',
    /^Not imported: The file is urn:iso:std:iso:20022:tech:xsd:camt\.052\.001\.08: docex reads camt\.053 and camt\.054/,
  );
  assert.equal(await page.getByTestId('bank-statement').count(), 1);

  // The bill is paid.
  assert.equal((await getDoc(svc, sb.key, demo.id)).status, 'paid');
  await page.goto(`/app/documents/${demo.id}`);
  await heading(/^Bill /).waitFor();
  await page.locator('.badge.status-paid').first().waitFor();

  // At a phone's width the Bank page with its statement fits.
  await page.setViewportSize(PHONE);
  await page.goto('/app/bank');
  await page.getByTestId('bank-statement').waitFor();
  await page.getByTestId('bank-statement').locator('summary').click();
  await page.getByTestId('statement-entry').waitFor();
  await fits(page, 'the Bank page at 390x844');
  await b.screenshot('bank-statements-phone');

  assert.deepEqual(b.failed, []);
  assert.deepEqual(b.errors, []);
});

test('live: an unmatched credit shows its suggestion, and one is matched by hand with the invoice number', {
  timeout: 180_000,
}, async () => {
  const p = await livePair(svc, { connect: false });
  const profile = await svc.req('PATCH', '/v1/organization', { token: p.payee.session, body: SELLER });
  assert.equal(profile.status, 200, profile.text);
  const iban = 'DE89370400440532013000';
  const account = await svc.req('POST', '/v1/bank_accounts', {
    token: p.payee.session,
    body: { iban, account_name: 'Seller Treasury', currency: 'EUR' },
  });
  assert.equal(account.status, 201, account.text);
  const partial = await approvedInvoice(svc, p, 80, 'EUR');
  const loose = await approvedInvoice(svc, p, 5, 'EUR');
  const looseNumber = (await getDoc(svc, p.payee.key, loose.id)).number;
  const xml = writeCamt054({
    message_id: 'BROWSER-CREDITS-1',
    iban,
    created_at: svc.ctx.clock.now(),
    lines: [
      {
        amount: '50.00',
        direction: 'credit',
        reference: 'BC-1',
        creditor_reference: partial.payment_reference ?? null,
      },
      { amount: '5.00', direction: 'credit', reference: 'BC-2' },
    ],
  });

  const ob = await openBrowser(base);
  try {
    const pg = ob.page;
    pg.setDefaultTimeout(30_000);
    await pg.setViewportSize(DESKTOP);
    await signIn(pg, p.payee.org, { at: '/app/bank', lands: 'Bank' });
    await pg.getByText('No statement imported yet.').waitFor();

    const upload = pg.getByTestId('upload-statement');
    await upload.getByLabel('Statement file').setInputFiles({
      name: 'camt054.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(xml, 'utf8'),
    });
    await upload.getByRole('button', { name: 'Import' }).click();
    await upload.getByText('Imported camt.054 (BROWSER-CREDITS-1): 2 entries: 2 unmatched.').waitFor();

    const statement = pg.getByTestId('bank-statement');
    await statement.waitFor();
    // Unmatched entries show open.
    const entries = statement.getByTestId('statement-entry');
    await entries.nth(1).waitFor();
    const first = entries.nth(0);
    assert.equal(await first.getAttribute('data-outcome'), 'partial');
    const suggestion = first.getByTestId('entry-suggestion');
    // The payee is German (its legal profile): money as Germany writes it.
    assert.match((await suggestion.textContent()) ?? '', /balance due 80,00\s€/);
    assert.match(
      (await suggestion.textContent()) ?? '',
      new RegExp((await getDoc(svc, p.payee.key, partial.id)).number),
    );

    // Its amount is not the amount due: no Match, and why.
    assert.match((await suggestion.textContent()) ?? '', /Not the amount due/);
    assert.equal(await suggestion.getByRole('button', { name: 'Match' }).count(), 0);

    const second = entries.nth(1);
    assert.equal(await second.getAttribute('data-outcome'), 'no_candidate');
    await second.getByText('No open invoice comes close.').waitFor();
    const byNumber = second.getByRole('form', { name: 'Match with an invoice' });
    await byNumber.getByRole('textbox').fill(looseNumber);
    await byNumber.getByRole('button', { name: 'Match' }).click();
    const matched = pg.locator('[data-testid="statement-entry"][data-outcome="matched_by_hand"]');
    await matched.waitFor();
    // Its invoice's link (the document is read after the entry shows).
    await matched.getByRole('link', { name: new RegExp(`^Invoice ${looseNumber}`) }).waitFor();
    assert.equal((await getDoc(svc, p.payee.key, loose.id)).status, 'paid');
    assert.equal((await getDoc(svc, p.payee.key, partial.id)).status, 'approved');

    await pg.setViewportSize(PHONE);
    await pg.reload();
    await pg.getByTestId('bank-statement').waitFor();
    await fits(pg, 'the Bank page with credits at 390x844');
    await ob.screenshot('bank-credits-phone');
    assert.deepEqual(ob.failed, []);
    assert.deepEqual(ob.errors, []);
  } finally {
    await ob.close();
  }
});
