// test-database: none (it uses no database; scripts/run-tests.mjs)
// The native OCR engine's language-data folders (src/modules/capture/read/ocr-data.ts): private,
// named for their process, removed when done, and those of a process that died without removing
// its own removed by the next one; nothing else touched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeOcrDataDir, removeOcrDataDir } from '../../../src/modules/capture/read/ocr-data.ts';

const root = mkdtempSync(join(tmpdir(), 'docex-ocr-data-test-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('a folder is private and named for its process; one of a dead process is swept, others are not', () => {
  // a pid that was a process and is no more
  const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  const deadPid = Number(dead.stdout.trim());
  const stale = join(root, `docex-tessdata-${deadPid}-Ab12Cd`);
  mkdirSync(stale);
  writeFileSync(join(stale, 'eng.traineddata'), 'x');
  const alive = join(root, `docex-tessdata-${process.ppid}-Ef34Gh`); // our parent runs
  mkdirSync(alive);
  const other = join(root, 'docex-tessdata-notapid');
  mkdirSync(other);

  const dir = makeOcrDataDir(root);
  assert.match(dir, new RegExp(`docex-tessdata-${process.pid}-`));
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  assert.equal(existsSync(stale), false, "a dead process's folder is removed");
  assert.equal(existsSync(alive), true, "a running process's folder is left");
  assert.equal(existsSync(other), true, 'a folder not named for a process is left');

  removeOcrDataDir(dir);
  assert.equal(existsSync(dir), false);
});
