// The repository's own root. On Node 20 the suite runs compiled, from a mirror of the repository
// whose every file but the compiled ones is a link to the repository's (scripts/test-build.mjs):
// a test that works on the repository as a project (packs it, walks its import graph with a tool
// that resolves files itself) takes its root from here, not from its own location.
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root, with a trailing separator: tsconfig.json's real folder. */
export const REPOSITORY = `${dirname(realpathSync(fileURLToPath(new URL('../../tsconfig.json', import.meta.url))))}/`;
