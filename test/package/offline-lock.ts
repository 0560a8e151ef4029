// A package-lock.json for a consumer project that depends on the packed docex tarball, pinned to the
// versions this repository's lockfile installed, so `npm install --offline` finds every package in
// the npm cache that `npm ci` filled and never asks the registry.
// Why it is needed: `npm ci` caches the tarballs but not the registry's metadata documents, and
// resolving a fresh dependency (as `npm install <tarball>` does without a lockfile) reads those.
// The repository's lockfile also leaves out `resolved` (npm then asks the registry for it), so the
// registry's tarball address is written in: npm's cache is keyed by that address.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  [key: string]: unknown;
}

interface PackageJson {
  version: string;
  license: string;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
  engines: Record<string, string>;
}

const REGISTRY = 'https://registry.npmjs.org';

export function offlineLock(repoRoot: string, projectName: string, tarball: string): object {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson;
  const spec = `file:${tarball}`;
  const packages: Record<string, LockEntry> = {
    '': { name: projectName, dependencies: { docex: spec } },
    'node_modules/docex': {
      version: pkg.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    // The root and the repository's development-only packages are not the consumer's.
    if (path === '' || entry.dev) continue;
    const copy: LockEntry = { ...entry };
    if (copy.devOptional) {
      delete copy.devOptional;
      copy.optional = true;
    }
    if (!copy.resolved && !copy.link && copy.version) {
      const name = copy.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      copy.resolved = `${REGISTRY}/${name}/-/${name.split('/').pop()}-${copy.version}.tgz`;
    }
    packages[path] = copy;
  }
  return { name: projectName, lockfileVersion: 3, requires: true, packages };
}
