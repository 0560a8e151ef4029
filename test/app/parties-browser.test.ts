// Connections in Chromium (issue 38): "Add a customer or supplier who is not on docex" looks the
// VAT id up in the directory first and offers to connect when the business is on docex; otherwise
// it adds an external party, which the list then shows as not on docex, with its email.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Page } from 'playwright-core';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import type { TestService } from '../helpers/harness.ts';
import { type BrowserSession, browserTest, CHROMIUM, listeningService, openBrowser } from './browser.ts';
import { ensureAppBuilt } from './jar.ts';
import { signUp } from './sign-in.ts';

const test = browserTest('adding a counterparty that is not on docex, in Chromium');

let svc: TestService;
let base: string;
let b: BrowserSession;
let page: Page;

before(async () => {
  if (!CHROMIUM) return;
  await ensureAppBuilt();
  ({ svc, base } = await listeningService());
  b = await openBrowser(base);
  page = b.page;
  page.setDefaultTimeout(30_000);
});

after(async () => {
  await b?.close();
  await svc?.close();
});

test('directory first, then an external party', { timeout: 180_000 }, async () => {
  // The business on docex, with a VAT id in its legal profile.
  const on = await svc.req<{ session: { token: string } }>('POST', '/v1/signup', {
    body: {
      organization_name: 'Listed Buyer',
      email: `listed.${Date.now()}@parties.test`,
      password: 'x'.repeat(16),
    },
    idem: null,
  });
  assert.equal(on.status, 201, on.text);
  const profile = await svc.req('PATCH', '/v1/organization', {
    token: on.body.session.token,
    body: { ...SELLER, legal_name: 'Listed Buyer GmbH', vat_id: 'DE811907980' },
  });
  assert.equal(profile.status, 200, profile.text);

  await signUp(page, {
    name: 'Parties Seller',
    email: `seller.${Date.now()}@parties.test`,
    password: 'correct horse battery staple',
  });
  await page.goto('/app/connections');
  await page.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();

  const form = page.getByRole('form', { name: 'Add a customer or supplier who is not on docex' });
  await form.getByLabel('Their VAT id (optional)').fill('de 811 907 980');
  await form.getByLabel('Name', { exact: true }).fill('Listed Buyer');
  await form.getByLabel('Email for their documents').fill('ap@listed.example');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  const match = form.getByTestId('directory-match');
  await match.waitFor();
  assert.match((await match.textContent()) ?? '', /Listed Buyer is on docex \(DE\)/);
  await form.getByRole('button', { name: 'Connect to Listed Buyer' }).click();
  await form.getByText('Invitation sent to Listed Buyer').waitFor();
  await page.getByRole('row', { name: /Listed Buyer.*pending/ }).waitFor();

  // Not on docex: added as an external party, shown with its email. The form was emptied.
  assert.equal(await form.getByLabel('Their VAT id (optional)').inputValue(), '');
  await form.getByLabel('Name', { exact: true }).fill('Acheteur SARL');
  await form.getByLabel('Email for their documents').fill('compta@acheteur-bücher.example');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await form.getByText('Acheteur SARL added').waitFor();
  const row = page.getByRole('row', { name: /Acheteur SARL/ });
  await row.getByTestId('external-mark').waitFor();
  assert.equal(
    await row.getByTestId('external-mark').textContent(),
    'Not on docex · compta@acheteur-bücher.example',
  );
  assert.match((await row.textContent()) ?? '', /active/);

  assert.deepEqual(b.failed, []);
  assert.deepEqual(b.errors, []);
});
