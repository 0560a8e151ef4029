// The built web app is what /app serves: the tests that load it (through a cookie jar or in a
// browser) build it first, once (quick when app/dist is fresh).
import { buildApp } from '../../scripts/build-app.mjs';

export async function ensureAppBuilt(): Promise<void> {
  const res = await buildApp({ quiet: true });
  if (res.missing)
    throw new Error('vite is not installed: run npm install (dev dependencies) to build the app');
}
