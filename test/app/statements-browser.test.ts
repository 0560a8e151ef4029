// The Bank page's statements in Chromium (issue 40 item 7): a sandbox organization connects its
// bank account on the page, pays a demo bill on the bank rail, closes the batch, asks the
// simulated bank for its statement ("Simulate the bank's statement"), which the page imports: the
// statement shows its entry settled and the bill shows paid. A file docex cannot read (a camt.052)
// is refused in the API's words, with no failed request in the browser. At 1366x900 and 390x844
// with nothing wider than the screen, no console error.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Page } from 'playwright-core';
import { BUYER } from '../einvoice/profiles.ts';
import type { TestService } from '../helpers/harness.ts';
import { bill, getDoc, paid, type Sandbox, sandbox } from '../payments/helpers.ts';
import { type BrowserSession, browserTest, CHROMIUM, listeningService, openBrowser } from './browser.ts';
import { ensureAppBuilt } from './jar.ts';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const test = browserTest('the Bank page statements, in Chromium');

let svc: TestService;
let base: string;
let b: BrowserSession;
let page: Page;
let sb: Sandbox;
const failed: string[] = [];

before(async () => {
  if (!CHROMIUM) return;
  await ensureAppBuilt();
  ({ svc, base } = await listeningService());
  sb = await sandbox(svc, 'Statement Practice');
  // The payment file names the payer with its postal address.
  const profile = await svc.req('PATCH', '/v1/organization', { token: sb.session, body: BUYER });
  assert.equal(profile.status, 200, profile.text);
  b = await openBrowser(base);
  page = b.page;
  page.setDefaultTimeout(30_000);
  await page.setViewportSize(DESKTOP);
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
});

after(async () => {
  await b?.close();
  await svc?.close();
});

/** Nothing reaches beyond the viewport: on failure, the elements that do, to say which. */
async function fits(where: string): Promise<void> {
  const over = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  if (over <= 0) return;
  const culprits = await page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(-5)
      .map((el) => el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right))`);
  assert.fail(`${where} is ${over} px wider than the screen: ${culprits.join(', ')}`);
}

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('sandbox: connect, pay on the rail, close the batch, simulate the statement, the bill is paid', {
  timeout: 240_000,
}, async () => {
  // The owner signs in (its live organization) and switches to its sandbox.
  await page.goto('/app/documents');
  await heading('Sign in to docex').waitFor();
  await page.getByLabel('Email').fill(sb.owner.email);
  await page.getByLabel('Password').fill(sb.owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading('All documents').waitFor();
  await page.getByLabel('Organization').selectOption({ value: sb.orgId });
  await page.getByText('Sandbox', { exact: true }).first().waitFor();

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
  await page.getByText('Batch closed: 1 payment, €42.50.').waitFor();
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
  assert.match((await entry.textContent()) ?? '', /−€42\.50/);
  assert.match((await entry.textContent()) ?? '', new RegExp(payment.end_to_end_id ?? 'none'));
  await fits('the Bank page with a statement at 1366x900');

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
  await fits('the Bank page at 390x844');
  await b.screenshot('bank-statements-phone');

  assert.deepEqual(failed, []);
  assert.deepEqual(b.errors, []);
});
