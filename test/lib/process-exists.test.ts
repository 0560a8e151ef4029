// test-database: none (it uses no database; scripts/run-tests.mjs)
// src/lib/process-exists.ts: a running process exists, one that ended does not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { processExists } from '../../src/lib/process-exists.ts';

test('a running process exists; an ended one does not', () => {
  assert.equal(processExists(process.pid), true);
  const ended = Number(
    spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout,
  );
  assert.equal(processExists(ended), false);
});
