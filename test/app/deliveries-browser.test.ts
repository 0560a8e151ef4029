// The delivery timeline on the document page, in Chromium (issue 38): in the sandbox, an invoice
// issued to an external party shows its email as simulated, to the party's address; "Send again"
// to another address adds a second delivery above the first; "Download .eml" saves the exact bytes
// the message route serves (those handed to SMTP). At 1366x900 and 390x844 with nothing wider than
// the screen, no failed request and no console error.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { redactedMessage } from '../../src/modules/delivery/redact-message.ts';
import { type BrowserSession, browserSuite } from '../helpers/browser.ts';
import type { TestService } from '../helpers/harness.ts';
import { provisionSandbox, signUp } from './sign-in.ts';
import { DESKTOP, fits, PHONE } from './viewport.ts';

let svc: TestService;
let b: BrowserSession;
let page: Page;

// The worker composes each queued email and, in the sandbox, records it as simulated.
const test = browserSuite(
  'the delivery timeline of a document emailed to an external party, in Chromium',
  { app: true, worker: true, viewport: DESKTOP },
  async (s) => {
    ({ svc, b, page } = s);
  },
);

/** Adds an external party on Connections and issues an invoice to it; the invoice page's path. */
async function issueToExternalParty(name: string, email: string): Promise<string> {
  await page.goto('/app/connections');
  await page.getByRole('heading', { level: 1, name: 'Customers & suppliers' }).waitFor();
  const form = page.getByRole('form', { name: 'Add a customer or supplier who is not on docex' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email for their documents').fill(email);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  // The party's details open next, asking for its address.
  await page.getByText(`${name} added.`).waitFor();

  await page.goto('/app/documents/new');
  await page.getByRole('heading', { level: 1, name: 'New document' }).waitFor();
  await page.getByLabel('Counterparty').selectOption({ label: name });
  await page.getByLabel('Description (line 1)').fill('Consulting');
  await page.getByLabel('Quantity (line 1)').fill('2');
  await page.getByLabel('Unit price (line 1)').fill('120');
  // Neither legal profile is filled: the editor warns that the email would lack its e-invoice, and
  // issuing asks once more.
  await page.getByTestId('issue-warning').waitFor();
  await page.getByRole('button', { name: 'Save and issue' }).click();
  await page.getByRole('button', { name: 'Save and issue without e-invoice' }).click();
  await page.getByRole('heading', { level: 1, name: /^Invoice / }).waitFor();
  return new URL(page.url()).pathname;
}

test('an invoice to an external party: live it waits for mail; in the sandbox, its delivery and a resend', {
  timeout: 240_000,
}, async () => {
  await signUp(page, {
    name: 'Timeline Seller',
    email: `seller.${Date.now()}@deliveries.test`,
    password: 'correct horse battery staple',
  });

  // Live, with no mail server configured (the tests set none): the email waits, queued, and the
  // page says why in words.
  await issueToExternalParty('Live Kunde', 'ap@live-kunde.example');
  const live = page.getByRole('region', { name: 'Deliveries by email' }).getByTestId('delivery');
  await live.getByTestId('delivery-error').waitFor();
  assert.equal(await live.count(), 1);
  assert.equal(await live.getAttribute('data-status'), 'queued');
  assert.match((await live.textContent()) ?? '', /^Queued\s*The document to ap@live-kunde\.example/);
  assert.equal(
    await live.getByTestId('delivery-error').textContent(),
    'Waiting: this docex has no mail server set up yet. It is sent once one is.',
  );
  // Composed at its first attempt, which parked it: its message exists, so it can be read too.
  await live.getByRole('button', { name: /^Download \.eml/ }).waitFor();

  // Into the sandbox: its deliveries are simulated, nothing is sent to anyone.
  await provisionSandbox(page);

  const invoiceUrl = await issueToExternalParty('Kunde Extern', 'ap@kunde-extern.example');

  // The email of the issue: simulated, to the party's address, when.
  const panel = page.getByRole('region', { name: 'Deliveries by email' });
  const items = panel.getByTestId('delivery');
  // Queued at the issue, then simulated by the worker: the panel watches while one is queued.
  const simulated = panel.locator('[data-testid="delivery"][data-status="simulated"]');
  await simulated.first().waitFor();
  assert.equal(await items.count(), 1);
  const first = items.first();
  assert.equal(await first.getAttribute('data-status'), 'simulated');
  assert.match(
    (await first.textContent()) ?? '',
    /Simulated \(sandbox\)\s*The document to ap@kunde-extern\.example/,
  );
  assert.match((await first.textContent()) ?? '', /\d{4}/, 'it says when');
  assert.equal(await first.getByTestId('delivery-error').count(), 0);
  // Neither party has a legal profile: the e-invoice files were left out, and the page says why.
  assert.match(
    (await first.getByTestId('attachments-omitted').textContent()) ?? '',
    /^Sent without the e-invoice files \(PDF and XML\): the e-invoice is incomplete, it lacks your legal name \(BT-27\), .*the buyer's legal name \(BT-44\)/,
  );
  // Download .eml: the message's exact bytes, as the message route serves them, saved as a file.
  const delivered = await svc.ctx.db
    .selectFrom('deliveries')
    .select(['id', 'message', 'document_id', 'external_party_id'])
    .where('document_id', '=', invoiceUrl.split('/').at(-1) ?? '')
    .executeTakeFirstOrThrow();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('button', { name: /^Download \.eml/ }).click(),
  ]);
  assert.equal(download.suggestedFilename(), `${delivered.id}.eml`);
  const eml = readFileSync(await download.path());
  assert.ok(delivered.message, 'the simulated message is kept');
  // The stored message as the message route serves it (1.18.0): byte for byte, but for the
  // recipient link's token, redacted.
  const served = await redactedMessage(svc.ctx, Buffer.from(delivered.message), {
    documentId: delivered.document_id ?? '',
    externalPartyId: delivered.external_party_id,
  });
  assert.ok(eml.equals(served.bytes), 'the file is the stored message as served, byte for byte');
  assert.match(eml.toString('latin1'), /\/r\/\[redacted\]/, 'the link is redacted');
  assert.match(eml.toString('latin1'), /^Content-Type: multipart\/mixed;|\r\nSubject: /m);
  assert.equal(await first.getByRole('alert').count(), 0);
  // The sandbox does not pretend the party will answer on its own.
  assert.equal(await page.getByText('Waiting for the counterparty').count(), 0);
  await fits(page, 'the document page at 1366x900');

  // Send it again, to another address: a second delivery, newest first.
  const resend = panel.getByRole('form', { name: 'Send again' });
  assert.equal(
    await resend.getByRole('button', { name: 'Send again to Kunde Extern' }).isVisible(),
    true,
    "by default, to the party's address",
  );
  await resend.getByLabel('To another address').check();
  const send = resend.getByRole('button', { name: 'Send again', exact: true });
  assert.equal(await send.isDisabled(), true, 'no address yet');
  await resend.getByLabel('Send to').fill('billing@kunde-extern.example');
  await send.click();
  await resend.getByText('Sent again to billing@kunde-extern.example.').waitFor();
  await simulated.nth(1).waitFor();
  assert.equal(await items.count(), 2);
  assert.match(
    (await items.nth(0).textContent()) ?? '',
    /Simulated \(sandbox\)\s*The document to billing@kunde-extern\.example/,
  );
  assert.match((await items.nth(1).textContent()) ?? '', /to ap@kunde-extern\.example/);
  // The form went back to the party's address.
  await resend.getByRole('button', { name: 'Send again to Kunde Extern' }).waitFor();

  // And the API agrees: two simulated deliveries of the document, newest first.
  const id = invoiceUrl.split('/').at(-1) ?? '';
  const api = await page.evaluate<{ data: { to: string; status: string }[] }>(
    `fetch('/app/api/v1/documents/${id}/deliveries').then((r) => r.json())`,
  );
  assert.deepEqual(
    api.data.map((d) => [d.to, d.status]),
    [
      ['billing@kunde-extern.example', 'simulated'],
      ['ap@kunde-extern.example', 'simulated'],
    ],
  );

  // At a phone's width: the timeline and the form fit.
  await page.setViewportSize(PHONE);
  await page.goto(invoiceUrl);
  await panel.getByTestId('delivery').nth(1).waitFor();
  await resend.getByRole('button', { name: 'Send again to Kunde Extern' }).waitFor();
  await fits(page, 'the document page at 390x844');
  await b.screenshot('deliveries-phone');

  assert.deepEqual(b.failed, []);
  assert.deepEqual(b.errors, []);
});
