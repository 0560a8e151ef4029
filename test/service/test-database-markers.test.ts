// A file marked `// test-database: none` or `pglite` is left out of a run that differs from another
// only by its database (TEST_DATABASE_DEPENDENT_ONLY=1, .ci/run's PostgreSQL run): so no marked
// file may reach the database under test, or PostgreSQL would lose a test. What reaches it: the
// test harness and database helpers (they follow DATABASE_URL), DATABASE_URL itself, PostgreSQL
// opened directly, and `docex` started as a process (it follows DATABASE_URL too), by its path or
// through test/helpers/docex-process.ts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? testFiles(p) : name.endsWith('.test.ts') ? [p] : [];
  });
}

const REACHES_THE_DATABASE = [
  /helpers\/(harness|database|flows|pg-servers|docex-process)\.ts/,
  /DATABASE_URL/,
  /openPostgres|new pg\.(Client|Pool)/,
  /src\/(cli|server|service)\.ts|bin\/docex/,
  /\.\/setup\.ts/,
];

test('no file marked as using no database under test reaches it', () => {
  const marked = testFiles('test').filter((f) =>
    /^\/\/ test-database: (none|pglite)\b/m.test(readFileSync(f, 'utf8').slice(0, 2048)),
  );
  assert.ok(marked.length > 0);
  for (const f of marked) {
    // The marker's own line says DATABASE_URL; the rest of the file may not reach it.
    const text = readFileSync(f, 'utf8').replace(/^\/\/ test-database: .*$/m, '');
    for (const pattern of REACHES_THE_DATABASE)
      assert.doesNotMatch(text, pattern, `${f} is marked test-database but reaches the database under test`);
  }
});

test('TEST_DATABASE_DEPENDENT_ONLY=1 leaves the marked files out', () => {
  // Two marked files asked for: both left out, nothing run, and the run still passes.
  const res = spawnSync(
    process.execPath,
    ['scripts/run-tests.mjs', 'test/lib/ids.test.ts', 'test/lib/canonical.test.ts'],
    { encoding: 'utf8', env: { ...process.env, TEST_DATABASE_DEPENDENT_ONLY: '1' } },
  );
  assert.equal(res.status, 0, res.stderr);
  assert.match(res.stdout, /2 files that test no database under test left out/);
  assert.doesNotMatch(res.stdout, /# tests [1-9]/);
});
