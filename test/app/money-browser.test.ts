// Money in the organization's format (issue 49 follow-up; docs/app.md "Money"), in Chromium: a
// German organization's documents list and document page write an invoice of 1,140.00 EUR as
// 1.140,00 € (lines, totals, balance due), whatever the browser's own language (this browser's is
// not German), and a US organization's the way it always was, €1,140.00.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type BrowserSession, browserSuite } from '../helpers/browser.ts';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import type { SignedUp } from '../helpers/flows.ts';
import { signup } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import { addParty, giveProfile, type Issued, issueTo } from '../recipient/setup.ts';
import { signIn } from './sign-in.ts';

let svc: TestService;
let b: BrowserSession;
let page: Page;
let german: { org: SignedUp; doc: Issued };
let american: { org: SignedUp; doc: Issued };

/** An organization in `profile`'s country with an invoice of 1,000.00 + 14 % tax = 1,140.00 EUR. */
async function organizationIn(name: string, profile: object): Promise<{ org: SignedUp; doc: Issued }> {
  const org = await signup(svc, name);
  await giveProfile(svc, org, profile);
  const party = await addParty(svc, org, `${name} Customer`, 'ap@customer.example');
  const doc = await issueTo(svc, org, party, {
    line_items: [
      { description: 'Consulting', quantity: 2, unit_price: 450, tax_rate: 0.14 },
      { description: 'API calls', quantity: 8000, unit_price: 0.0125, tax_rate: 0.14 },
    ],
  });
  return { org, doc };
}

const test = browserSuite("money in the organization's format, in Chromium", { app: true }, async (s) => {
  ({ svc, b, page } = s);
  german = await organizationIn('Geld GmbH', SELLER);
  american = await organizationIn('Money Inc', {
    legal_name: 'Money Inc',
    address: { line1: '100 Congress Ave', city: 'Austin', postal_code: '78701', country_code: 'US' },
  });
});

function clean(step: string): void {
  assert.deepEqual(b.failed, [], `failed requests during "${step}"`);
  assert.deepEqual(b.errors, [], `browser errors during "${step}"`);
}

/** Intl's no-break spaces as plain ones, so the expected text reads as it shows. */
const plain = (s: string | null): string => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The value beside a term of the document page's totals. */
const total = (term: string) =>
  page
    .getByLabel('Totals')
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');

async function listAmounts(number: string): Promise<{ total: string; due: string }> {
  const row = page.getByRole('row').filter({ hasText: number });
  await row.waitFor();
  return {
    total: plain(await row.locator('td[data-label="Total"]').textContent()),
    due: plain(await row.locator('td[data-label="Balance due"]').textContent()),
  };
}

async function documentAmounts(doc: Issued): Promise<Record<string, string>> {
  await page.getByRole('link', { name: doc.number }).click();
  await page.getByRole('heading', { level: 1, name: new RegExp(doc.number) }).waitFor();
  const line = (n: number, label: string) =>
    page.getByTestId(`line-${n}`).locator(`td[data-label="${label}"]`).textContent().then(plain);
  return {
    unitPrice1: await line(1, 'Unit price'),
    net1: await line(1, 'Net'),
    unitPrice2: await line(2, 'Unit price'),
    subtotal: plain(await total('Subtotal').textContent()),
    total: plain(await total('Total').textContent()),
    balanceDue: plain(await page.getByTestId('balance-due').textContent()),
  };
}

test('a German organization reads 1.140,00 €, a US one €1,140.00', { timeout: 300_000 }, async (t) => {
  // The browser's own language is not German: what follows is the organization's doing.
  assert.doesNotMatch(await page.evaluate<string>('navigator.language'), /^de/);

  await t.test('German: the list and the document page', async () => {
    await signIn(page, german.org, { at: '/app/documents' });
    assert.deepEqual(await listAmounts(german.doc.number), { total: '1.140,00 €', due: '1.140,00 €' });
    assert.deepEqual(await documentAmounts(german.doc), {
      unitPrice1: '450,00 €',
      net1: '900,00 €',
      // A unit price finer than a cent keeps its digits.
      unitPrice2: '0,0125 €',
      subtotal: '1.000,00 €',
      total: '1.140,00 €',
      balanceDue: '1.140,00 €',
    });
    clean('German money');
  });

  await t.test('US: the same invoice as an American writes it', async () => {
    await page.context().clearCookies();
    await signIn(page, american.org, { at: '/app/documents' });
    assert.deepEqual(await listAmounts(american.doc.number), { total: '€1,140.00', due: '€1,140.00' });
    assert.deepEqual(await documentAmounts(american.doc), {
      unitPrice1: '€450.00',
      net1: '€900.00',
      unitPrice2: '€0.0125',
      subtotal: '€1,000.00',
      total: '€1,140.00',
      balanceDue: '€1,140.00',
    });
    clean('US money');
  });
});
