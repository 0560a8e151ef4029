// Headless Chromium for the web app's end-to-end tests: a Chromium found on this machine driven
// by playwright-core (its own browser download does not work on these machines), a fresh profile
// per launch, every console error and uncaught page error recorded so a test can fail on them.
//
// Where no Chromium is installed (a newcomer's laptop) the browser tests are skipped with one line
// saying how to enable them, so `npm test` passes with Node.js alone; CI sets
// DOCEX_REQUIRE_BROWSER=1, which turns a missing browser into a failure, so CI never skips them.
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { after, before, test } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ensureAppBuilt } from './app-build.ts';
import { startTestService, type TestService } from './harness.ts';

export const ARTIFACTS = join('test-artifacts', 'app');

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const HOW =
  'install Chromium (Debian/Ubuntu: `apt-get install -y chromium`) or set CHROME_PATH to a Chromium or Chrome binary';

type Env = Record<string, string | undefined>;

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return existsSync(path);
  } catch {
    return false;
  }
}

/** CHROME_PATH when set, else the first Chromium or Chrome on PATH, else /usr/bin/chromium; null when none. */
export function findChromium(env: Env = process.env): { path: string } | { missing: string } {
  const given = env.CHROME_PATH;
  if (given)
    return executable(given)
      ? { path: given }
      : { missing: `CHROME_PATH=${given} is not an executable file` };
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of NAMES) {
      const candidate = join(dir, name);
      if (executable(candidate)) return { path: candidate };
    }
  }
  if (executable('/usr/bin/chromium')) return { path: '/usr/bin/chromium' };
  return { missing: `no Chromium or Chrome found (looked for CHROME_PATH, ${NAMES.join(', ')} on PATH)` };
}

/**
 * The browser to drive, or null when the browser tests are to be skipped. With
 * DOCEX_REQUIRE_BROWSER=1 (CI) a missing browser throws instead: a skipped browser test there
 * would let a broken app through.
 */
export function resolveChromium(env: Env = process.env): { path: string } | { skip: string } {
  const found = findChromium(env);
  if ('path' in found) return found;
  const why = `${found.missing}: ${HOW}`;
  if (env.DOCEX_REQUIRE_BROWSER === '1') {
    throw new Error(
      `The web app's browser tests cannot run: ${why}. (DOCEX_REQUIRE_BROWSER=1 makes this a failure.)`,
    );
  }
  return { skip: `browser tests skipped: ${why}, then run npm test again` };
}

const resolved = resolveChromium();
/** The Chromium this run drives, or null when the browser tests are skipped. */
export const CHROMIUM: string | null = 'path' in resolved ? resolved.path : null;

/**
 * node:test's `test` for a browser test file. Without a browser it registers one skipped test
 * whose reason says how to enable them (one line in the report) and the file's tests are not
 * registered at all.
 */
function browserTest(label: string): typeof test {
  if ('path' in resolved) return test;
  test(label, { skip: resolved.skip }, () => {});
  const none = (() => {}) as unknown as typeof test;
  return none;
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far, each as "where: text". */
  errors: string[];
  /**
   * Requests answered 400 or more ("404 GET /app/api/v1/…") and requests that failed outright
   * ("failed GET /app/api/… (net::ERR_CONNECTION_REFUSED)"), seen so far: see recordFailedRequests.
   */
  failed: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Waits until `expression`, evaluated in the page, is true. Not page.waitForFunction: its later
 * polls compile the predicate inside the page, which the app's CSP (no 'unsafe-eval') refuses, so
 * it passed only when the condition already held at the first check. page.evaluate runs through
 * the DevTools protocol, outside the page's CSP.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting in the page for ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A test service listening on a free loopback port, its DOCEX_BASE_URL that real address (signed
 * download links and the pages' own links point at it).
 */
export async function listeningService(
  env: Record<string, string> = {},
): Promise<{ svc: TestService; base: string }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const base = `http://127.0.0.1:${port}`;
  const svc = await startTestService({ ...env, DOCEX_BASE_URL: base });
  await svc.app.listen({ host: '127.0.0.1', port });
  return { svc, base };
}

/**
 * Records every request of `page` answered 400 or more, and every one that failed outright (refused,
 * reset, blocked), into `into`. A test asserts the list empty: a failed request is what a user sees
 * as a broken page or a red line in the console, and Chromium logs only some of them as console
 * errors, so `errors` alone lets them through. A request cancelled (net::ERR_ABORTED) is not a
 * failure: Chromium cancels the reads still in flight of a page being left, as when a test opens
 * the next page with page.goto before the app has read all it shows. Requests to `origin` are
 * named by their path (what the tests' expected refusals match, "^409 POST /app/api/signup$"),
 * others by their whole URL. One collector for every browser test: each file had its own copy, and
 * only one of them recorded requests that failed outright.
 */
function recordFailedRequests(page: Page, origin: string, into: string[]): void {
  const name = (url: string) => {
    const u = new URL(url);
    return u.origin === origin ? u.pathname : u.href;
  };
  page.on('response', (r) => {
    if (r.status() >= 400) into.push(`${r.status()} ${r.request().method()} ${name(r.url())}`);
  });
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? 'no reason given';
    if (why !== 'net::ERR_ABORTED') into.push(`failed ${r.method()} ${name(r.url())} (${why})`);
  });
}

export async function openBrowser(baseUrl: string): Promise<BrowserSession> {
  if (!CHROMIUM) throw new Error('openBrowser without a browser: guard the file with browserTest()');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Without the background-networking flags Chromium keeps trying hosts this closed network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console (${page.url()}): ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`uncaught (${page.url()}): ${err.message}`));
  const failed: string[] = [];
  recordFailedRequests(page, new URL(baseUrl).origin, failed);
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    browser,
    context,
    page,
    errors,
    failed,
    async screenshot(name) {
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close().catch(() => {});
      await browser.close().catch(() => {});
    },
  };
}

/**
 * Step-up (docs/app.md): actions that answer a secret ask for the password first when the session
 * has not confirmed it within 10 minutes. Waits for the dialog or for the secret, and answers the
 * dialog when it is the one that came.
 */
export async function confirmPasswordIfAsked(page: Page, password: string): Promise<boolean> {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.or(page.getByTestId('secret-value')).first().waitFor();
  if (!(await dialog.isVisible())) return false;
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('secret-value').waitFor();
  return true;
}

/** What a browser test file drives: its own service on loopback and one Chromium page on it. */
export interface BrowserSuite {
  svc: TestService;
  /** The service's address, http://127.0.0.1:<port>, its DOCEX_BASE_URL. */
  base: string;
  b: BrowserSession;
  page: Page;
}

export interface BrowserSuiteOptions {
  /** Build the web app first (the pages under /app); the reference pages need no build. */
  app?: boolean;
  /** Start the service's worker (deliveries, settlement, webhooks). */
  worker?: boolean;
  /** Environment for the service (DOCEX_BASE_URL is set to its real address). */
  env?: Record<string, string>;
  /** The page's default timeout for actions and waits; 30 s unless given. */
  timeoutMs?: number;
  /** The page's viewport once open; the browser context's 1280×900 unless given. */
  viewport?: { width: number; height: number };
}

/**
 * The preamble every browser test file shared: find Chromium (without one, the file's tests are
 * one skipped test whose one line says how to enable them; with DOCEX_REQUIRE_BROWSER=1 a
 * failure), build the app, start a service listening on loopback (and its worker), launch
 * Chromium through playwright-core, and close both after the file. `setup` runs once both are up,
 * before the first test: the file takes the suite into its own variables there and makes what its
 * pages will show. Returns the file's `test`.
 */
export function browserSuite(
  label: string,
  options: BrowserSuiteOptions,
  setup: (suite: BrowserSuite) => Promise<void> | void,
): typeof test {
  const run = browserTest(label);
  let svc: TestService | undefined;
  let b: BrowserSession | undefined;
  before(async () => {
    if (!CHROMIUM) return;
    if (options.app) await ensureAppBuilt();
    const started = await listeningService(options.env);
    svc = started.svc;
    if (options.worker) svc.startWorker();
    b = await openBrowser(started.base);
    b.page.setDefaultTimeout(options.timeoutMs ?? 30_000);
    if (options.viewport) await b.page.setViewportSize(options.viewport);
    await setup({ svc, base: started.base, b, page: b.page });
  });
  after(async () => {
    await b?.close();
    await svc?.close();
  });
  return run;
}
