// Connections in Chromium (issue 38): "Add a customer or supplier who is not on docex" looks the
// VAT id up in the directory first and offers to connect when the business is on docex; otherwise
// it adds an external party, which the list then shows as not on docex, with its email.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type BrowserSession, browserSuite, waitInPage } from '../helpers/browser.ts';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import { operator } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import { signUp } from './sign-in.ts';
import { DESKTOP, fits, PHONE } from './viewport.ts';

let svc: TestService;
let b: BrowserSession;
let page: Page;

const test = browserSuite(
  'adding a counterparty that is not on docex, in Chromium',
  { app: true },
  async (s) => {
    ({ svc, b, page } = s);
  },
);

test('directory first, then an external party', { timeout: 180_000 }, async () => {
  // The business on docex, with a VAT id in its legal profile.
  const on = await svc.req<{ session: { token: string }; organization: { id: string } }>(
    'POST',
    '/v1/signup',
    {
      body: {
        organization_name: 'Listed Buyer',
        email: `listed.${Date.now()}@parties.test`,
        password: 'x'.repeat(16),
      },
      idem: null,
    },
  );
  assert.equal(on.status, 201, on.text);
  const profile = await svc.req('PATCH', '/v1/organization', {
    token: on.body.session.token,
    body: { ...SELLER, legal_name: 'Listed Buyer GmbH', vat_id: 'DE811907980' },
  });
  assert.equal(profile.status, 200, profile.text);
  // The directory lists only identifiers the operator verified (1.18.0).
  const verified = await operator(
    svc,
    'POST',
    `/v1/operator/organizations/${on.body.organization.id}/verify`,
  );
  assert.equal(verified.status, 200, verified.text);

  const seller = { email: `seller.${Date.now()}@parties.test`, password: 'correct horse battery staple' };
  await signUp(page, { name: 'Parties Seller', ...seller });
  await page.goto('/app/connections');
  await page.getByRole('heading', { level: 1, name: 'Customers & suppliers' }).waitFor();

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

  // Not on docex: added as an external party, whose details open next (the VAT id typed for the
  // look-up offered in its legal profile), asking for the address an e-invoice needs.
  await form.getByLabel('Their VAT id (optional)').fill('FR40303265045');
  await form.getByLabel('Name', { exact: true }).fill('Acheteur SARL');
  await form.getByLabel('Email for their documents').fill('compta@acheteur-bücher.example');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByText('Acheteur SARL added.').waitFor();
  await page.getByRole('heading', { level: 1, name: 'Acheteur SARL' }).waitFor();
  assert.equal(await page.getByLabel('Legal name').inputValue(), 'Acheteur SARL');
  assert.equal(await page.getByLabel('VAT identifier').inputValue(), 'FR40303265045');
  await page.getByLabel('Street and number').fill('12 rue de la Paix');
  await page.getByLabel('City').fill('Paris');
  await page.getByLabel('Postal code').fill('75002');
  await page.getByLabel('Country').selectOption('FR');
  await page.getByLabel('Contact email').fill('compta@acheteur.example');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByTestId('party-outcome').getByText('Details saved.').waitFor();
  assert.equal(await page.getByLabel('Country').inputValue(), 'FR');

  // What the API holds is what the form showed: the whole profile, through PATCH /v1/connections/{id}.
  const connId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const signedIn = await svc.req<{ token: string }>('POST', '/v1/sessions', { body: seller });
  assert.equal(signedIn.status, 201, signedIn.text);
  const token = signedIn.body.token;
  const stored = await svc.req<{ counterparty: { legal_profile: Record<string, unknown> | null } }>(
    'GET',
    `/v1/connections/${connId}`,
    { token },
  );
  assert.equal(stored.status, 200, stored.text);
  assert.deepEqual(stored.body.counterparty.legal_profile, {
    legal_name: 'Acheteur SARL',
    address: { line1: '12 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
    vat_id: 'FR40303265045',
    contact: { email: 'compta@acheteur.example' },
  });

  await page.getByRole('link', { name: 'Back to customers and suppliers' }).click();
  const row = page.getByRole('row', { name: /Acheteur SARL/ });
  await row.getByTestId('external-mark').waitFor();
  assert.equal(
    await row.getByTestId('external-mark').textContent(),
    'Not on docex · compta@acheteur-bücher.example',
  );
  assert.match((await row.textContent()) ?? '', /active/);

  // An invoice to a party without an address, from an organization without a legal profile: the
  // draft warns before the issue, naming each field and where to fill it; issuing asks once more.
  const bare = await svc.req<{ id: string }>('POST', '/v1/connections', {
    token,
    body: { external_party: { name: 'Kunde ohne Adresse', email: 'rechnung@kunde.example' } },
  });
  assert.equal(bare.status, 201, bare.text);
  const draft = await svc.req<{ id: string }>('POST', '/v1/documents', {
    token,
    body: {
      connection_id: bare.body.id,
      document_type: 'invoice',
      currency: 'EUR',
      line_items: [{ description: 'Beratung', quantity: 12, unit_price: 95, tax_rate: 0.19 }],
    },
  });
  assert.equal(draft.status, 201, draft.text);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/app/documents/${draft.body.id}`);
    const warning = page.getByTestId('issue-warning');
    await warning.waitFor();
    assert.match(
      (await warning.textContent()) ?? '',
      /email to Kunde ohne Adresse would go without its e-invoice/,
    );
    const mine = (await warning.getByTestId('issue-missing-mine').textContent()) ?? '';
    assert.match(
      mine,
      /your legal profile: legal name, street and number, city, postal code, country, VAT identifier/,
    );
    const theirs = (await warning.getByTestId('issue-missing-theirs').textContent()) ?? '';
    assert.match(
      theirs,
      /Kunde ohne Adresse's details: legal name, street and number, city, postal code, country/,
    );
    await fits(page, `the draft's warning at ${size.width} px`);
  }
  // The party's field link opens its details with that field focused.
  await page.getByTestId('issue-missing-theirs').getByRole('link', { name: 'city' }).click();
  await page.getByRole('heading', { level: 1, name: 'Kunde ohne Adresse' }).waitFor();
  await waitInPage(page, "document.activeElement?.id === 'xp-address-city'");
  await fits(page, 'the party page at 390 px');
  await page.setViewportSize(DESKTOP);
  await page.goBack();
  // The check is read again on the way back: the warning is there before Issue is pressed.
  await page.getByTestId('issue-warning').waitFor();
  await page.getByRole('button', { name: 'Issue to Kunde ohne Adresse' }).click();
  await page.getByRole('button', { name: 'Issue without e-invoice' }).click();
  await page.getByRole('heading', { level: 1, name: /^Invoice INV-/ }).waitFor();
  // Issued: the e-invoice box says the issuer fills in the party's details, with links to them.
  await page.getByRole('region', { name: 'E-invoice' }).getByRole('button', { name: 'UBL' }).click();
  const theirs = page.getByTestId('missing-theirs');
  await theirs.waitFor();
  assert.match(
    (await theirs.textContent()) ?? '',
    /Kunde ohne Adresse, the buyer, is not on docex: fill in their details for them/,
  );
  assert.doesNotMatch((await theirs.textContent()) ?? '', /Only they can/);
  assert.ok((await theirs.getByRole('link').count()) > 1);

  assert.deepEqual(b.failed, []);
  assert.deepEqual(b.errors, []);
});
