// test-database: none (it uses no database; scripts/run-tests.mjs)
// scripts/test-build.mjs, the mirror Node 20 runs the suite from: the compiled files in the
// repository's layout, the package's `docex-source` exports on the compiled code, every other file
// and folder a link to the repository's, links for what the suite builds later even while absent,
// and folders of its own where a test writes a module that imports the package by its name.
import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
// @ts-expect-error: a JavaScript script with no types of its own
import { completeMirror } from '../../scripts/test-build.mjs';

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

test('the mirror: compiled files kept, the rest linked, the package on its compiled code', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docex-test-build-test-'));
  try {
    const root = join(dir, 'repo');
    const out = join(dir, 'mirror');
    const exports = {
      './client': { 'docex-source': './src/client/index.ts', default: './dist/client/index.js' },
      './package.json': './package.json',
    };
    write(join(root, 'package.json'), JSON.stringify({ name: 'docex', type: 'module', exports }));
    write(join(root, 'src/client/index.ts'), 'export const a: number = 1;\n');
    write(join(root, 'src/db/migrations/0001.sql'), 'select 1;\n');
    write(join(root, 'test/fixtures/capture/a.pdf'), '%PDF-1.7\n');
    write(join(root, 'test/a.test.ts'), "import '../src/client/index.ts';\n");
    write(join(root, 'app/index.html'), '<!doctype html>\n');
    write(join(root, 'test-artifacts/old.png'), 'png');
    // what tsc emitted: the compiled files, in the repository's layout
    write(join(out, 'src/client/index.js'), 'export const a = 1;\n');
    write(join(out, 'test/a.test.js'), "import '../src/client/index.js';\n");
    write(join(out, 'app/src/api.js'), 'export {};\n');

    completeMirror(root, out);

    assert.equal(
      readFileSync(join(out, 'src/client/index.js'), 'utf8'),
      'export const a = 1;\n',
      'compiled kept',
    );
    assert.equal(readlinkSync(join(out, 'src/client/index.ts')), join(root, 'src/client/index.ts'));
    assert.equal(
      readlinkSync(join(out, 'src/db')),
      join(root, 'src/db'),
      'a folder with nothing compiled is one link',
    );
    assert.equal(readlinkSync(join(out, 'test/fixtures')), join(root, 'test/fixtures'));
    assert.equal(readlinkSync(join(out, 'app/index.html')), join(root, 'app/index.html'));
    const pkg = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'));
    assert.equal(pkg.exports['./client']['docex-source'], './src/client/index.js');
    assert.equal(pkg.exports['./client'].default, './dist/client/index.js');
    // built later by the suite: linked while absent, and found once made
    assert.equal(readlinkSync(join(out, 'app/dist')), join(root, 'app/dist'));
    assert.equal(existsSync(join(out, 'app/dist/index.html')), false);
    write(join(root, 'app/dist/index.html'), 'built');
    assert.equal(readFileSync(join(out, 'app/dist/index.html'), 'utf8'), 'built');
    assert.equal(readlinkSync(join(out, 'dist')), join(root, 'dist'));
    assert.equal(readlinkSync(join(out, '.test-cache')), join(root, '.test-cache'));
    // a folder of its own: a module written there resolves the package through the mirror
    assert.ok(lstatSync(join(out, 'test-artifacts')).isDirectory());
    assert.equal(existsSync(join(out, 'test-artifacts/old.png')), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
