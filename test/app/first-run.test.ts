// The app's first run, in headless Chromium against a real service (HTTP, worker running): a new
// organization's documents page offers the next step instead of "No documents match." (which only
// filters show), and a checklist that ticks itself from the organization's real state as the user
// goes, is dismissible and disappears once every step is done. The Finance page's first visit by an
// unverified organization makes no request the browser logs as failed. Every response of 400 or
// more that the page receives is recorded, and any console error or uncaught exception fails it.
import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Page } from 'playwright-core';
import { type BrowserSession, browserSuite, confirmPasswordIfAsked, waitInPage } from '../helpers/browser.ts';
import { type Receiver, startReceiver } from '../webhooks/helpers.ts';
import { provisionSandbox, signUp } from './sign-in.ts';

const SLOW = 30_000;

let base: string;
let b: BrowserSession;
let page: Page;
let receiver: Receiver;
let paths: Record<string, Record<string, unknown>> = {};
/** Every API read the page made ("GET /v1/keys"), to show what the checklist costs. */
const reads: string[] = [];

const email = `grace.${Date.now()}@first-run.test`;
const password = 'correct horse battery staple';

const test = browserSuite(
  'the first run of the web app in a browser',
  { app: true, worker: true, timeoutMs: SLOW },
  async (s) => {
    ({ base, b, page } = s);
    receiver = await startReceiver('/hooks');
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname.startsWith('/app/api/v1/'))
        reads.push(`GET ${url.pathname.slice('/app/api'.length)}`);
    });
    const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { paths: typeof paths };
    paths = doc.paths;
  },
);

after(async () => {
  await receiver?.close();
});

function clean(step: string): void {
  assert.deepEqual(b.failed, [], `failed requests during "${step}"`);
  assert.deepEqual(b.errors, [], `browser errors during "${step}"`);
}

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const checklist = () => page.getByTestId('first-run');
const empty = () => page.getByTestId('documents-empty');

/** Each step of the checklist as id → done, once it has been read. */
async function steps(): Promise<Record<string, boolean>> {
  await checklist().waitFor();
  const out: Record<string, boolean> = {};
  for (const li of await checklist().locator('li[data-testid^="first-run-"]').all()) {
    const id = ((await li.getAttribute('data-testid')) ?? '').replace('first-run-', '');
    out[id] = (await li.getAttribute('data-done')) === 'true';
  }
  return out;
}

async function openDocuments(): Promise<void> {
  await nav('Documents').click();
  await heading('All documents').waitFor();
}

test('the first run, in Chromium', { timeout: 300_000 }, async (t) => {
  const demoBills = Boolean(paths['/v1/sandbox/bills']?.post);
  const payable = Boolean(paths['/v1/documents/{id}/pay']?.post && paths['/v1/payments']?.get);

  await t.test(
    'a new live organization sees next steps and a checklist, not "No documents match."',
    async () => {
      await signUp(page, { name: 'Grace Supplies', email, password });

      await empty().getByText('No documents yet.').waitFor();
      await empty().getByRole('link', { name: 'Connect a counterparty' }).waitFor();
      await empty().getByRole('link', { name: 'Create an API key' }).waitFor();
      assert.equal(await page.getByText('No documents match.').count(), 0);

      // A finance person's first steps first (issue 49): the legal profile, then the bank account.
      assert.deepEqual(Object.keys(await steps()).slice(0, 2), ['profile', 'bank']);
      assert.deepEqual(await steps(), {
        profile: false,
        bank: false,
        connect: false,
        invoice: false,
        key: false,
        webhook: false,
      });
      await checklist().getByText('0 of 6 done').waitFor();
      await b.screenshot('first-run-live');
      clean('a new live organization');
    },
  );

  await t.test('with a filter on, "No documents match." and a way to clear it', async () => {
    await page.getByLabel('Search').fill('nothing like this');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/q=nothing/);
    await empty().getByText('No documents match.').waitFor();
    assert.equal(await empty().getByRole('link', { name: 'Connect a counterparty' }).count(), 0);
    await empty().getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => !u.search.includes('q='));
    await empty().getByRole('link', { name: 'Connect a counterparty' }).waitFor();
    clean('filters');
  });

  await t.test('Finance, first visit of an unverified organization: no failed request', async () => {
    await nav('Finance').click();
    await heading('Finance').waitFor();
    await page.getByText('has not completed verification').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'sandbox', exact: true }).waitFor();
    assert.ok(!reads.some((r) => r.startsWith('GET /v1/finance')), 'nothing asked of /v1/finance');
    clean('finance, unverified');
  });

  await t.test('doing a step ticks it: an API key', async () => {
    await openDocuments();
    await checklist().getByRole('link', { name: 'Create an API key' }).click();
    await heading('API keys').waitFor();
    await page.getByTestId('keys-empty').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('first key');
    await page.getByRole('button', { name: 'Mint key' }).click();
    await confirmPasswordIfAsked(page, password);
    await page.getByTestId('secret-value').waitFor();
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await openDocuments();
    await checklist().getByText('1 of 6 done').waitFor();
    assert.deepEqual(await steps(), {
      profile: false,
      bank: false,
      connect: false,
      invoice: false,
      key: true,
      webhook: false,
    });
    clean('an API key');
  });

  await t.test('the sandbox: issue an invoice to the demo counterparty from the empty state', async () => {
    await provisionSandbox(page);
    await openDocuments();
    const expected = payable && demoBills ? 4 : 3;
    await checklist().getByText(`0 of ${expected} done`).waitFor();
    const before = await steps();
    assert.equal(before.connect, undefined, 'a sandbox is connected from the start');
    assert.equal(before.invoice, false);

    await empty()
      .getByText(/connected to Demo Counterparty/)
      .waitFor();
    await empty().getByRole('link', { name: 'Issue an invoice to Demo Counterparty' }).click();
    await heading('New document').waitFor();
    assert.match(page.url(), /\/documents\/new\?connection=/);
    assert.equal(
      await page.getByLabel('Counterparty').locator('option:checked').textContent(),
      'Demo Counterparty',
    );
    await page.getByLabel('Description (line 1)').fill('First invoice');
    await page.getByLabel('Unit price (line 1)').fill('120');
    await page.getByRole('button', { name: 'Save and issue' }).click();
    await heading(/^Invoice INV-\d{6}$/).waitFor();
    await page.locator('.page-head .badge', { hasText: 'approved' }).waitFor({ timeout: SLOW });

    await openDocuments();
    await checklist().getByText(`1 of ${expected} done`).waitFor();
    assert.equal((await steps()).invoice, true);
    assert.equal(await empty().count(), 0, 'a list with a document has no empty state');
    await b.screenshot('first-run-sandbox');
    clean('sandbox invoice');
  });

  await t.test(
    'the sandbox: ask the demo counterparty for a bill from an empty view, pay it, and it ticks',
    { skip: demoBills && payable ? false : 'demo bills or payments are not in this deployment' },
    async () => {
      await page
        .getByRole('navigation', { name: 'Document views' })
        .getByRole('link', { name: 'Bills received' })
        .click();
      await heading('Bills received').waitFor();
      await empty().getByText('No bills received yet.').waitFor();
      await empty().getByRole('button', { name: 'Ask Demo Counterparty for a bill' }).click();
      await heading(/^Bill BILL-\d{6}$/).waitFor();
      await page.locator('.page-head .badge', { hasText: 'approved' }).waitFor();
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      await page
        .getByTestId('payment-status')
        .getByText(/Settled/)
        .waitFor({ timeout: SLOW });
      await openDocuments();
      await checklist().getByText('2 of 4 done').waitFor();
      assert.equal((await steps()).bill, true);
      clean('sandbox bill');
    },
  );

  await t.test('every step done: the checklist is gone, and stops reading', async () => {
    await checklist().getByRole('link', { name: 'Create an API key' }).click();
    await heading('API keys').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('sandbox key');
    await page.getByRole('button', { name: 'Mint key' }).click();
    await confirmPasswordIfAsked(page, password);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await nav('Webhooks').click();
    await heading('Webhooks').waitFor();
    await page.getByTestId('webhooks-empty').waitFor();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await confirmPasswordIfAsked(page, password);
    await page.getByRole('button', { name: 'I have stored it' }).click();

    reads.length = 0;
    await openDocuments();
    await page.getByRole('link', { name: /^INV-\d{6}$/ }).waitFor();
    // The checklist read its steps once more, saw them all done, and shows nothing.
    await waitInPage(page, "Object.values(localStorage).includes('complete')");
    assert.equal(await checklist().count(), 0);
    assert.ok(reads.includes('GET /v1/webhooks'), reads.join(', '));

    reads.length = 0;
    await page.reload();
    await heading('All documents').waitFor();
    await page.getByRole('link', { name: /^INV-\d{6}$/ }).waitFor();
    assert.equal(await checklist().count(), 0);
    assert.ok(!reads.includes('GET /v1/webhooks'), `no checklist reads once complete: ${reads.join(', ')}`);
    clean('complete');
  });

  // GET /v1/finance/setup answers 404 until the first PUT (CONTRACT 7), which a browser logs as a
  // failed request; the page reads the app's own GET /app/api/finance/setup, `{ setup: null }`.
  await t.test(
    'Finance, first visit of a verified organization without a setup: no failed request',
    async () => {
      await nav('Finance').click();
      await heading('Finance').waitFor();
      await page.getByRole('region', { name: 'Setup' }).waitFor();
      clean('finance, verified without a setup');
    },
  );

  await t.test('dismissed: gone, and stays gone', async () => {
    await page.getByLabel('Organization').selectOption({ label: 'Grace Supplies (live)' });
    await heading('All documents').waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    await checklist().getByText('1 of 6 done').waitFor();
    await checklist().getByRole('button', { name: 'Dismiss' }).click();
    assert.equal(await checklist().count(), 0);
    await page.reload();
    await heading('All documents').waitFor();
    await empty().getByRole('link', { name: 'Connect a counterparty' }).waitFor();
    assert.equal(await checklist().count(), 0);
    clean('dismissed');
  });
});
