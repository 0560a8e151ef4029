// test-database: none (it uses no database; scripts/run-tests.mjs)
// Finding the browser: CHROME_PATH, then Chromium or Chrome on PATH. Without one the browser tests
// are skipped with a line saying how to enable them (npm test passes with Node.js alone), unless
// DOCEX_REQUIRE_BROWSER=1 (set by .ci/run), which makes a missing browser a failure.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findChromium, resolveChromium } from '../helpers/browser.ts';

const dir = mkdtempSync(join(tmpdir(), 'docex-browser-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function fakeBrowser(path: string, mode = 0o755): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

test('no browser anywhere: skipped, with one line that says how to enable the tests', (t) => {
  const env = { PATH: join(dir, 'empty') };
  if ('path' in findChromium(env)) return t.skip('/usr/bin/chromium is installed here');
  const r = resolveChromium(env);
  assert.ok('skip' in r);
  assert.match(r.skip, /^browser tests skipped: /);
  assert.match(r.skip, /CHROME_PATH/);
  assert.match(r.skip, /apt-get install -y chromium/);
  assert.doesNotMatch(r.skip, /\n/);
});

test('a CHROME_PATH that is not there: skipped, naming it; with DOCEX_REQUIRE_BROWSER=1 a failure', () => {
  const env = { CHROME_PATH: '/nonexistent/chromium', PATH: '' };
  const r = resolveChromium(env);
  assert.ok('skip' in r);
  assert.match(r.skip, /CHROME_PATH=\/nonexistent\/chromium is not an executable file/);
  assert.throws(
    () => resolveChromium({ ...env, DOCEX_REQUIRE_BROWSER: '1' }),
    /browser tests cannot run: .*DOCEX_REQUIRE_BROWSER=1/,
  );
});

test('found on PATH under any of its names; CHROME_PATH comes first; a file that cannot run is no browser', () => {
  const bin = join(dir, 'bin');
  const chrome = fakeBrowser(join(bin, 'google-chrome'));
  assert.deepEqual(findChromium({ PATH: `${join(dir, 'nothing')}:${bin}` }), { path: chrome });
  const explicit = fakeBrowser(join(dir, 'other', 'my-chrome'));
  assert.deepEqual(findChromium({ PATH: bin, CHROME_PATH: explicit }), { path: explicit });
  const plain = fakeBrowser(join(dir, 'noexec', 'chromium'), 0o644);
  assert.notDeepEqual(findChromium({ PATH: join(dir, 'noexec') }), { path: plain });
});
