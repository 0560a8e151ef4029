// Dates in the organization's format (issue 49 item 6), in Chromium: the documents list, the
// document page and a date picker's hint show a German organization's dates as 31.12.2026 and a
// US one's as 12/31/2026, whatever the browser's own language (this browser's is not German);
// an organization without a country keeps ISO 8601 (test/app/capture-review-browser's list).
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

/** An organization in `profile`'s country with an invoice dated 31 December 2026 (net 30: due 30 January 2027). */
async function organizationIn(name: string, profile: object): Promise<{ org: SignedUp; doc: Issued }> {
  const org = await signup(svc, name);
  await giveProfile(svc, org, profile);
  const party = await addParty(svc, org, `${name} Customer`, 'ap@customer.example');
  const doc = await issueTo(svc, org, party, { document_date: '2026-12-31' });
  return { org, doc };
}

const test = browserSuite("dates in the organization's format, in Chromium", { app: true }, async (s) => {
  ({ svc, b, page } = s);
  german = await organizationIn('Datum GmbH', SELLER);
  american = await organizationIn('Dates Inc', {
    legal_name: 'Dates Inc',
    address: { line1: '100 Congress Ave', city: 'Austin', postal_code: '78701', country_code: 'US' },
  });
});

function clean(step: string): void {
  assert.deepEqual(b.failed, [], `failed requests during "${step}"`);
  assert.deepEqual(b.errors, [], `browser errors during "${step}"`);
}

/** The value beside a fact's term on the document page. */
const fact = (term: string) =>
  page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');

async function listDates(number: string): Promise<{ date: string; due: string }> {
  const row = page.getByRole('row').filter({ hasText: number });
  await row.waitFor();
  return {
    date: (await row.locator('td[data-label="Date"]').textContent()) ?? '',
    due: (await row.locator('td[data-label="Due"]').textContent()) ?? '',
  };
}

test('a German organization reads 31.12.2026, a US one 12/31/2026', { timeout: 300_000 }, async (t) => {
  // The browser's own language is not German: what follows is the organization's doing.
  assert.doesNotMatch(await page.evaluate<string>('navigator.language'), /^de/);

  await t.test('German: the list, the document page, a timestamp and a picker hint', async () => {
    await signIn(page, german.org, { at: '/app/documents' });
    assert.deepEqual(await listDates(german.doc.number), { date: '31.12.2026', due: '30.01.2027' });
    await page.getByLabel('Dated from').fill('2026-12-01');
    assert.equal(await page.getByTestId('f-since-hint').textContent(), '01.12.2026.');
    await page.getByRole('link', { name: german.doc.number }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(german.doc.number) }).waitFor();
    assert.equal(await fact('Document date').textContent(), '31.12.2026');
    assert.match((await fact('Due').textContent()) ?? '', /^30\.01\.2027/);
    assert.match((await fact('Issued').textContent()) ?? '', /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2} UTC$/);
    clean('German dates');
  });

  await t.test('US: the same invoice dates as an American writes them', async () => {
    await page.context().clearCookies();
    await signIn(page, american.org, { at: '/app/documents' });
    assert.deepEqual(await listDates(american.doc.number), { date: '12/31/2026', due: '01/30/2027' });
    await page.getByRole('link', { name: american.doc.number }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(american.doc.number) }).waitFor();
    assert.equal(await fact('Document date').textContent(), '12/31/2026');
    assert.match(
      (await fact('Issued').textContent()) ?? '',
      /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} [AP]M UTC$/,
    );
    clean('US dates');
  });
});
