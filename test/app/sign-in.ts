// Signing up, signing in and entering a sandbox through the app's own pages, as a person does, for
// the browser tests: each test file had its own copy of these steps. Each waits for the page the
// step lands on, so the test's next line finds it there.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface Credentials {
  email: string;
  password: string;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Creates an organization on /app/signup; it lands on its Documents page. */
export async function signUp(page: Page, org: Credentials & { name: string }): Promise<void> {
  await page.goto('/app/signup');
  await page.getByLabel('Organization name').fill(org.name);
  await page.getByLabel('Email').fill(org.email);
  await page.getByLabel('Password').fill(org.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await heading(page, 'All documents').waitFor();
}

/**
 * Signs in with the sign-in form and waits for the page it lands on (`lands`, Documents unless
 * told). With `at`, opens that page first: signed out, the app shows the form in its place, then
 * the page itself. Without it the form is on screen, or about to be (after Sign out, or a link).
 */
export async function signIn(
  page: Page,
  who: Credentials,
  { at, lands = 'All documents' }: { at?: string; lands?: string | RegExp } = {},
): Promise<void> {
  if (at) await page.goto(at);
  await heading(page, 'Sign in to docex').waitFor();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading(page, lands).waitFor();
}

/**
 * The owner of a sandbox made through the API (test/helpers/payments.ts `sandbox`) signs in to its
 * live organization and switches to the sandbox with the Organization menu. Done when the switch
 * answered 200, the shell wears the sandbox's colours and the app has opened its Documents.
 */
export async function signInToSandbox(page: Page, sb: { owner: Credentials; orgId: string }): Promise<void> {
  await signIn(page, sb.owner, { at: '/app/documents' });
  const switched = page.waitForResponse((r) => new URL(r.url()).pathname === '/app/api/switch');
  await page.getByLabel('Organization').selectOption({ value: sb.orgId });
  assert.equal((await switched).status(), 200);
  await page.locator('.shell.env-sandbox').waitFor();
  await heading(page, 'All documents').waitFor();
}

/** The signed-in live organization provisions its sandbox from the Sandbox page, and is in it. */
export async function provisionSandbox(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Sandbox', exact: true })
    .click();
  await heading(page, 'Sandbox').waitFor();
  await page.getByRole('button', { name: 'Provision the sandbox' }).click();
  await page.getByText('You are in').waitFor();
}
