// The reference's examples run as pasted (issue 36 point 4), in headless Chromium against a real
// service over HTTP: the curl Scalar shows for "Create a document" is copied from the rendered
// page, the reader's own key and connection put where the placeholders are, and run with the
// curl command line: 201, a draft, as the example beside it says. /v1/docs has a table of
// contents and no horizontal overflow at a phone's 390 px; neither page logs a console error or
// asks for anything that answers 4xx (the favicon included).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { API_KEY_PLACEHOLDER } from '../../src/http/reference-page.ts';
import { type BrowserSession, browserSuite } from '../helpers/browser.ts';
import { fits, PHONE } from './viewport.ts';

const SLOW = 60_000;
const run = promisify(execFile);

let base: string;
let b: BrowserSession;
let page: Page;
/** The sandbox's key and connection, as a reader has them after POST /v1/sandbox and POST /v1/keys. */
let key: string;
let connectionId: string;

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' && path !== '/v1/signup' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
}

const test = browserSuite('the reference examples, pasted and run', { timeoutMs: SLOW }, async (s) => {
  ({ base, b, page } = s);
  const up = await call<{ session: { token: string } }>('POST', '/v1/signup', null, {
    organization_name: 'Reader Co',
    email: `reader.${Date.now()}@reference.test`,
    password: 'correct horse battery staple',
  });
  const sb = await call<{ session: { token: string }; connection: { id: string } }>(
    'POST',
    '/v1/sandbox',
    up.session.token,
  );
  connectionId = sb.connection.id;
  const minted = await call<{ key: string }>('POST', '/v1/keys', sb.session.token, {
    name: 'reference reader',
    scopes: ['documents:read', 'documents:write'],
  });
  key = minted.key;
});

test('the curl shown for "Create a document", pasted with your key and connection, answers 201 with a draft', async () => {
  await page.goto('/v1/reference');
  await page.getByRole('link', { name: 'Introduction' }).waitFor();
  // The documents family comes first in the sidebar, before the health check.
  const first = await page.evaluate<string | null>(
    `document.querySelector('a[href^="#tag/"]')?.getAttribute('href') ?? null`,
  );
  assert.equal(first, '#tag/documents');
  // The introduction says how to get a token.
  const intro = (await page.locator('body').textContent()) ?? '';
  assert.match(intro, /Getting a token/);

  await page.locator('a[href$="/POST/v1/documents"]').first().click();
  const section = page.locator('[id$="/POST/v1/documents"]').first();
  await section.getByText('createDocument', { exact: true }).waitFor();
  const blocks = await section.locator('pre').allTextContents();
  const snippet = blocks.find((t) => t.trimStart().startsWith('curl '));
  assert.ok(snippet, `a curl sample in the section: ${blocks.join('\n---\n').slice(0, 500)}`);
  const example = JSON.parse(blocks.find((t) => t.trimStart().startsWith('{'))!) as Record<string, unknown>;

  // What the page shows: a real Idempotency-Key (8-128 characters), the placeholder token.
  const idem = /--header 'Idempotency-Key: ([^']*)'/.exec(snippet)?.[1] ?? '';
  assert.ok(idem.length >= 8 && idem.length <= 128, `Idempotency-Key ${JSON.stringify(idem)}`);
  assert.ok(snippet.includes(`Bearer ${API_KEY_PLACEHOLDER}`), snippet);
  const exampleConnection = /"connection_id": "(conn_[A-Za-z0-9]+)"/.exec(snippet)?.[1];
  assert.ok(exampleConnection, snippet);

  // What a reader does: their key and their connection where the placeholders are, then run it.
  const pasted = snippet.trim().replace(API_KEY_PLACEHOLDER, key).replace(exampleConnection, connectionId);
  const { stdout } = await run('bash', ['-c', `${pasted} --silent --write-out '\\n%{http_code}'`]);
  const status = stdout.slice(stdout.lastIndexOf('\n') + 1);
  const answer = JSON.parse(stdout.slice(0, stdout.lastIndexOf('\n'))) as Record<string, unknown>;
  assert.equal(status, '201', stdout);
  // The example beside the sample is true to the operation.
  assert.equal(answer.status, 'draft');
  assert.equal(example.status, answer.status, 'the 201 example shows what a create answers');
  assert.equal(example.issued_at, null);
  assert.deepEqual(Object.keys(example).sort(), Object.keys(answer).sort(), 'the same fields');
});

test('/v1/docs at 390 px: a table of contents, no horizontal overflow', async () => {
  await page.setViewportSize(PHONE);
  await page.goto('/v1/docs');
  const toc = page.getByRole('navigation', { name: 'Contents' });
  await toc.waitFor();
  const entries = await toc.locator('a').count();
  assert.ok(entries > 40, `the contents link the families, their operations and the errors (${entries})`);
  const target = await toc.getByRole('link', { name: 'Errors', exact: true }).getAttribute('href');
  assert.equal(target, '#errors');
  await fits(page, '/v1/docs at 390x844');
  await b.screenshot('docs-390');
});

test('no console error, and nothing the pages asked for answered 4xx (a favicon is there)', async () => {
  await page.goto('/v1/docs');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/v1/reference');
  await page.getByRole('link', { name: 'Introduction' }).waitFor();
  // the tab's icon, asked for by the page itself
  await page.waitForLoadState('networkidle');
  const icon = await fetch(`${base}/favicon.ico`);
  assert.equal(icon.status, 200);
  assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
  assert.match(icon.headers.get('cache-control') ?? '', /max-age=\d{4,}/);
  assert.deepEqual(b.failed, [], 'answers of 400 or more, or requests that failed');
  assert.deepEqual(b.errors, [], 'console errors');
});
