// Builds @docex/client (npm pack's prepack): src/client/ compiled to dist/ with its declarations,
// by the TypeScript the repository installs (found from here, so `npm pack` works in a checkout
// without a global tsc), and the repository's licence beside it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(join(here, 'dist'), { recursive: true, force: true });
const r = spawnSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.json')], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
// The generated types are indented four spaces a level, 40 % of their bytes: without the indent the
// package installs in a few hundred kB, its JSDoc (the API's own descriptions) kept for editors.
const types = join(here, 'dist', 'generated', 'openapi-types.d.ts');
writeFileSync(types, readFileSync(types, 'utf8').replace(/^[ ]+/gm, ''));
copyFileSync(join(here, '..', '..', 'LICENSE'), join(here, 'LICENSE'));
