// The app's layout check for the browser tests, at a desktop's width and a phone's: each test file
// had its own copy of it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** The sizes the app is checked at with fits(): a desktop's and a phone's. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * The page fits its viewport's width: no horizontal overflow, nothing reaching beyond the screen
 * (the app is checked at DESKTOP and PHONE). A phone user cannot see what overflows, and a page
 * wider than the screen scrolls sideways as a whole. On failure it names the last elements that
 * reach beyond, to say which.
 */
export async function fits(page: Page, where: string): Promise<void> {
  const over = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  if (over <= 0) return;
  // A string, not a function: the tests are typed for Node, without the DOM's globals.
  const culprits = await page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(-5)
      .map((el) => el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right))`);
  assert.fail(`${where} is ${over} px wider than the screen: ${culprits.join(', ')}`);
}
