// @docex/client, the typed client published on its own (issue 49 item 12): `npm pack` of
// packages/client (its prepack builds src/client/ into dist/) gives a small tarball with one
// dependency, openapi-fetch, and no service code; its declarations type-check a consumer's call.
// Installing `docex` for its client pulled in the whole service (61 s, 517 MB).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('../../packages/client/', import.meta.url));
const npmMissing = spawnSync('npm', ['--version'], { encoding: 'utf8' }).error !== undefined;
/** Installed, the package is a few hundred kB (its types are the API's whole surface). */
const MAX_UNPACKED = 600 * 1024;

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

let dir: string;
let packed: Packed;

before(() => {
  if (npmMissing) return;
  dir = mkdtempSync(join(tmpdir(), 'docex-client-pack-'));
  const r = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: PACKAGE,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  packed = (JSON.parse(r.stdout) as Packed[])[0]!;
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the tarball: the client only, a few hundred kB, one dependency', {
  skip: npmMissing && 'npm is not on PATH',
}, () => {
  const pkg = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as {
    name: string;
    license: string;
    dependencies: Record<string, string>;
  };
  assert.equal(pkg.name, '@docex/client');
  assert.equal(pkg.license, 'MIT');
  assert.deepEqual(Object.keys(pkg.dependencies), ['openapi-fetch']);
  const root = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
  ) as {
    dependencies: Record<string, string>;
  };
  assert.equal(
    pkg.dependencies['openapi-fetch'],
    root.dependencies['openapi-fetch'],
    'the service’s own version',
  );
  assert.match(packed.filename, /^docex-client-\d+\.\d+\.\d+\.tgz$/);
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, [
    'LICENSE',
    'README.md',
    'dist/errors.d.ts',
    'dist/errors.js',
    'dist/generated/openapi-types.d.ts',
    'dist/generated/openapi-types.js',
    'dist/index.d.ts',
    'dist/index.js',
    'package.json',
  ]);
  assert.ok(packed.unpackedSize < MAX_UNPACKED, `${packed.unpackedSize} bytes installed`);
});

test('its declarations type-check a consumer, and a wrong call fails', {
  skip: npmMissing && 'npm is not on PATH',
}, () => {
  const consumer = join(PACKAGE, 'dist', '.consumer-check.ts');
  writeFileSync(
    consumer,
    `import { createDocexClient, DocexError } from './index.js';
const docex = createDocexClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });
export async function ok(): Promise<string> {
  const d = await docex.GET('/v1/documents/{id}', { params: { path: { id: 'doc_1' } } });
  return d.number + String(new DocexError({ status: 404, code: 'not_found', message: 'x' }).status);
}
// @ts-expect-error: a path the API does not have
export const wrong = () => docex.GET('/v1/no_such_path');
`,
  );
  try {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const r = spawnSync(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--target',
        'es2022',
        '--skipLibCheck',
        'false',
        consumer,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stdout + r.stderr);
  } finally {
    rmSync(consumer, { force: true });
  }
});
