// Without Chromium the browser tests fail, saying how to install it: a silently skipped browser
// test would let a broken app through CI.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requireChromium } from './browser.ts';

test('a missing Chromium is a failure that names the install command', () => {
  assert.throws(
    () => requireChromium('/nonexistent/chromium'),
    /apt-get update && apt-get install -y chromium/,
  );
});
