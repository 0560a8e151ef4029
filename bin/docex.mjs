#!/usr/bin/env node
// The docex command. Runs the compiled service (dist/cli.js, from scripts/build-server.mjs) when
// dist/ is at least as new as src/; otherwise the TypeScript sources through tsx, in this same
// process either way (signals reach the service directly), so an edited checkout never runs stale
// code and an install without dev dependencies (no compiler) still runs.
// Why compiled: measured at rest on PostgreSQL, 132 MB of RSS compiled against 164 MB through tsx
// (its loader and the transformed module graph), against issue 9's 300 MB budget under load.
import { isFresh } from '../scripts/build-server.mjs';

if (isFresh()) {
  await import('../dist/cli.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
