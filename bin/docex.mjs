#!/usr/bin/env -S node --max-semi-space-size=32
// The docex command. Runs the compiled service (dist/cli.js, from scripts/build-server.mjs) when
// dist/ is at least as new as src/; otherwise the TypeScript sources through tsx, in this same
// process either way (signals reach the service directly), so an edited checkout never runs stale
// code and an install without dev dependencies (no compiler) still runs.
// Why compiled: measured at rest on PostgreSQL, 132 MB of RSS compiled against 164 MB through tsx
// (its loader and the transformed module graph), against issue 9's 300 MB budget under load.
// The shebang's V8 option sizes the young generation, which cannot be changed once the process
// runs (src/lib/heap.ts, YOUNG_GENERATION_FLAG); `node bin/docex.mjs` without it runs the same
// service with V8's default.
// An installed package ships dist/ but not src/: then dist/ is all there is, fresh or not.
import { existsSync } from 'node:fs';
import { isFresh } from '../scripts/build-server.mjs';

if (!existsSync(new URL('../src/cli.ts', import.meta.url)) || isFresh()) {
  await import('../dist/cli.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
