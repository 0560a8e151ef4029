// The interactive API reference (GET /v1/reference, issue 29) in headless Chromium against a real
// service over HTTP: Scalar renders the sidebar with every operation of /v1/openapi.json under its
// tag and every schema under Models; an operation with a body shows its schema, the request
// example and the response example; "Test request" calls docex itself; and the page made no
// request to any other origin, logged no console error and broke no Content-Security-Policy rule.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, type BrowserSession, browserSuite, waitInPage } from '../helpers/browser.ts';

// Chromium parses Scalar's 4 MB bundle and the document: slow on a loaded 2-core machine.
const SLOW = 60_000;

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

let base: string;
let b: BrowserSession;
let page: Page;
let doc: Doc;
/** Every URL the page asked for. */
const requested: string[] = [];

const test = browserSuite('the interactive API reference, in a browser', { timeoutMs: SLOW }, async (s) => {
  ({ base, b, page } = s);
  doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as Doc;
  page.on('request', (r) => requested.push(r.url()));
  // Violations reach the console too; recording the events names the directive.
  // (page scripts are strings here: this project's TypeScript has no DOM library)
  await page.addInitScript(`
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile));
  `);
});

/** What the reader sees (the whole page, every tag open, is too tall to capture in time). */
async function viewport(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/**
 * Scalar done with its last answer: the address bar's Send is usable again. Its answer is handled
 * after the response arrives (the body read and decoded, its hooks run); closing the panel before
 * then aborts that work, and Scalar logs "The request has been cancelled" as a console error
 * (seen in one run of three on a loaded machine, and in half the runs with the page's CPU slowed
 * twentyfold; none with this wait). A reader closes the panel after reading the answer.
 */
async function answerHandled(): Promise<void> {
  await waitInPage(
    page,
    `![...document.querySelectorAll('[data-addressbar-action=send]')].some((b) => b.getAttribute('aria-disabled') === 'true')`,
    30_000,
  );
}

function* operations(): Generator<[string, string, Operation]> {
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) yield [path, method.toUpperCase(), op];
  }
}

test('the reference renders every operation under its tag, and every schema under Models', async () => {
  await page.goto('/v1/reference');
  await page.getByRole('link', { name: 'Introduction' }).waitFor();
  // Scalar opens the first tag; open the others (and Models) as a reader would.
  const closed = page.getByRole('button', { name: /^Open Group/ });
  while ((await closed.count()) > 0) await closed.first().click();

  const links = await page.evaluate<{ href: string; text: string }[]>(
    `[...document.querySelectorAll('a[href^="#tag/"]')].map((a) => ({ href: a.getAttribute('href'), text: a.textContent }))`,
  );

  let count = 0;
  for (const [path, method, op] of operations()) {
    const link = links.find((l) => l.href.endsWith(`/${method}${path}`));
    assert.ok(link, `${op.operationId}: a sidebar entry for ${method} ${path}`);
    assert.ok(link.text.startsWith(op.summary), `${op.operationId}: "${link.text}" shows "${op.summary}"`);
    assert.match(link.href, new RegExp(`^#tag/${op.tags[0]?.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`));
    count++;
  }
  assert.ok(count >= 70, `only ${count} operations`);

  const models = await page.evaluate<string[]>(
    `[...document.querySelectorAll('a[href^="#models/"]')].map((a) => a.textContent.trim())`,
  );

  for (const name of Object.keys(doc.components.schemas))
    assert.ok(models.includes(name), `Models lists ${name} (has ${models.join(', ')})`);
});

test('an operation with a body shows its schema, its request example and its response example', async () => {
  await page.locator('a[href$="/POST/v1/documents"]').first().click();
  const section = page.locator('[id$="/POST/v1/documents"]').first();
  await section.getByText('createDocument', { exact: true }).waitFor();
  // the body's schema: its fields, required ones marked, an enumeration's values
  const body = section.getByText('line_items', { exact: true }).first();
  await body.waitFor();
  const text = (await section.textContent()) ?? '';
  for (const field of ['connection_id', 'document_type', 'payment_terms', 'external_refs'])
    assert.ok(text.includes(field), `request schema shows ${field}`);
  assert.ok(text.includes('purchase_order'), 'document_type lists its values');
  // the request example (openapi-examples.ts), in the code sample
  assert.ok(text.includes('"description": "Consulting, March 2026"'), 'request example in the code sample');
  // the success example: the document, its number and computed total
  assert.ok(text.includes('"number": "INV-000042"'), 'response example');
  assert.ok(text.includes('"total": 1701.7'), 'response example total');
  // an error status shows the envelope example of its code
  await section.getByRole('tab', { name: '409' }).click();
  await section.getByText('idempotency_conflict').first().waitFor();
  await viewport('reference-create-document');
});

test('"Test request" calls docex itself and shows its answer', async () => {
  await page.locator('a[href$="/GET/v1/enablement"]').first().click();
  const section = page.locator('[id$="/GET/v1/enablement"]').first();
  await section.getByRole('button', { name: /Test Request/ }).click();
  const answered = page.waitForResponse((r) => r.url() === `${base}/v1/enablement`);
  await page.getByRole('button', { name: /^Send/ }).first().click();
  const res = await answered;
  assert.equal(res.status(), 200);
  await page.getByText('200 OK').first().waitFor();
  await viewport('reference-test-request');
});

test('"Test request" on a write: a plain placeholder for the key, a fresh Idempotency-Key per send', async () => {
  const path = '/v1/connections';
  const op = doc.paths[path]?.post as
    | (Operation & { parameters?: { name: string; example?: string }[] })
    | undefined;
  const example = op?.parameters?.find((p) => p.name === 'Idempotency-Key')?.example;
  assert.ok(example, 'the document carries an example key');
  // The test before left its Test Request panel open: close it as a reader would (its backdrop,
  // else Escape). Waited for briefly: the default wait here is a minute, which every run spent.
  const exit = page.locator('.scalar-app-exit');
  if ((await exit.count()) > 0) await exit.first().click({ force: true });
  await exit
    .first()
    .waitFor({ state: 'detached', timeout: 3_000 })
    .catch(() => page.keyboard.press('Escape'));
  await page.locator(`a[href$="/POST${path}"]`).first().click();
  const section = page.locator(`[id$="/POST${path}"]`).first();
  await section.getByRole('button', { name: /Test Request/ }).click();
  const sent: { key: string | undefined; auth: string | undefined }[] = [];
  const errorsBefore = b.errors.length;
  for (let i = 0; i < 2; i++) {
    const request = page.waitForRequest((r) => r.url() === `${base}${path}` && r.method() === 'POST');
    const answered = page.waitForResponse(
      (r) => r.url() === `${base}${path}` && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /^Send/ }).first().click();
    const headers = (await request).headers();
    sent.push({ key: headers['idempotency-key'], auth: headers.authorization });
    // The placeholder is no key: the API says so (401), it is not taken for a real one.
    assert.equal((await answered).status(), 401);
    await answerHandled();
  }
  for (const s of sent) {
    assert.equal(s.auth, 'Bearer PASTE_YOUR_API_KEY_HERE');
    assert.ok(s.key && s.key.length >= 8, `a key was sent: ${s.key}`);
    assert.notEqual(s.key, example, 'not the example key');
  }
  assert.notEqual(sent[0]?.key, sent[1]?.key, 'each send has its own key');
  // The two 401s asked for are logged by Chromium as failed loads: expected here, nothing else.
  // The console message of a load comes after its response, so both are waited for before they
  // are taken off the list (taken too early, the second was left for the next test to find).
  const deadline = Date.now() + 10_000;
  while (b.errors.length - errorsBefore < 2 && Date.now() < deadline) await page.waitForTimeout(50);
  const logged = b.errors.splice(errorsBefore);
  assert.ok(
    logged.every((e) => e.includes('status of 401')),
    logged.join('\n'),
  );
  await page.keyboard.press('Escape');
});

test('nothing left this origin: no other host asked, no console error, no CSP violation', async () => {
  const origin = new URL(base).origin;
  assert.ok(requested.length >= 4, requested.join('\n'));
  const elsewhere = requested.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin);
  assert.deepEqual(elsewhere, [], 'requests to other origins');
  for (const path of ['/v1/reference', '/v1/openapi.json'])
    assert.ok(requested.includes(`${origin}${path}`), `${path} loaded`);
  assert.ok(
    requested.some((u) => /\/v1\/reference\/assets\/scalar-[0-9.]+\.js$/.test(u)),
    'the bundle came from docex',
  );
  const violations = await page.evaluate<string[]>('window.cspViolations');

  // The one refusal expected: Zod (inside the bundle) probes whether it may compile validators
  // with Function(''), and on refusal validates without (no 'unsafe-eval' is granted).
  const probe = /^script-src(-elem)? eval .*\/v1\/reference\/assets\/scalar-[0-9.]+\.js$/;
  assert.deepEqual(
    violations.filter((v) => !probe.test(v)),
    [],
    'CSP violations',
  );
  assert.deepEqual(b.errors, [], 'console errors and uncaught exceptions');
});
