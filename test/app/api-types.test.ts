// test-database: none (it uses no database; scripts/run-tests.mjs)
// The generated API types (src/client/generated/openapi-types.ts: the published client's, re-exported to the
// web app by app/src/api/openapi.ts) are what the service's OpenAPI document generates now (issue
// 29): an API change that forgets `npm run app:types` fails here, not in a browser or in a client
// user's compiler. The script runs in its own process with --check, which writes nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

test('src/client/generated/openapi-types.ts is up to date with the OpenAPI document', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-app-types.ts', '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `${run.stderr}${run.stdout}\nrun \`npm run app:types\` and commit the result`);
});
