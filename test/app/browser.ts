// Headless Chromium for the web app's end-to-end tests: Debian's chromium driven by
// playwright-core (its own browser download does not work on these machines), a fresh profile
// per launch, every console error and uncaught page error recorded so a test can fail on them.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const ARTIFACTS = join('test-artifacts', 'app');

/** Fails loudly when the browser is absent: a skipped browser test would hide a broken app. */
export function requireChromium(path = CHROMIUM): void {
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing, so the web app's browser tests cannot run. Install Debian's Chromium: ` +
        '`apt-get update && apt-get install -y chromium` (.ci/run does this when it is absent).',
    );
  }
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far, each as "where: text". */
  errors: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function openBrowser(baseUrl: string): Promise<BrowserSession> {
  requireChromium();
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
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    browser,
    context,
    page,
    errors,
    async screenshot(name) {
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close().catch(() => {});
      await browser.close().catch(() => {});
    },
  };
}
