// The package people install (issue 29 item 4): `npm pack` (its prepack builds the JavaScript and
// the .d.ts), installed into a fresh project with `npm install --offline`, then used the way a
// consumer would: `docex/client` against a running service, `docex/verify-webhook` on a signed
// delivery, `npx docex verify-bundle` on an exported proof bundle, and the consumer's TypeScript
// type-checked against the shipped declarations. Slow (pack, install, tsc): one install serves
// every test here, and a test run on unchanged sources reuses the previous run's (./packed.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateWebhookSecret, signDelivery } from '../../src/modules/webhooks/signing.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { REPOSITORY } from '../helpers/repository.ts';
import { childEnv, ok, packedProject, run } from './packed.ts';

const ROOT = REPOSITORY;
const CONSUMER = `${REPOSITORY}test/package/consumer/`;
const npmMissing = spawnSync('npm', ['--version'], { encoding: 'utf8' }).error !== undefined;

describe('the packed package, installed', { skip: npmMissing ? 'npm is not on PATH' : false }, () => {
  let dir: string;
  let project: string;
  let installed: string;
  let svc: TestService;
  let url: string;
  let p: Pair;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docex-pack-'));
    // npm pack, the install and the consumer's tsc: once per content of the package (./packed.ts).
    ({ project, installed } = await packedProject(ROOT, CONSUMER));

    svc = await startTestService();
    url = await svc.listen();
    p = await pair(svc, ['Packaged Seller', 'Packaged Buyer']);
  });
  after(async () => {
    await svc?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the tarball holds the built JavaScript, its .d.ts, the licence and the CLI; no TypeScript sources', () => {
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(pkg.license, 'MIT');
    assert.equal(pkg.private, undefined);
    assert.match(readFileSync(join(installed, 'LICENSE'), 'utf8'), /^MIT License/);
    for (const f of [
      'dist/client/index.js',
      'dist/client/index.d.ts',
      'dist/verify-webhook.js',
      'dist/verify-webhook.d.ts',
      'dist/cli.js',
      'dist/db/migrations/0001_foundation.sql',
      'bin/docex.mjs',
      'scripts/verify-bundle.mjs',
      'app/dist/index.html',
    ]) {
      assert.ok(existsSync(join(installed, f)), `${f} is in the package`);
    }
    assert.equal(existsSync(join(installed, 'src')), false, 'src/ is not shipped');
    assert.equal(existsSync(join(installed, 'test')), false, 'test/ is not shipped');
  });

  let bundleFile: string;
  test('docex/client: create, issue, read and list an invoice; a 404 is a DocexError', async () => {
    bundleFile = join(dir, 'bundle.json');
    const out = await ok(process.execPath, ['out/client-usage.js'], {
      cwd: project,
      env: childEnv({
        DOCEX_URL: url,
        DOCEX_KEY: p.issuer.key,
        DOCEX_CONNECTION: p.connectionId,
        BUNDLE_FILE: bundleFile,
      }),
    });
    const r = JSON.parse(out) as {
      id: string;
      draftStatus: string;
      issuedStatus: string;
      readId: string;
      total: number;
      pageSize: number;
      notFound: { status: number; code: string; requestId?: string } | null;
    };
    assert.match(r.id, /^doc_/);
    assert.equal(r.draftStatus, 'draft');
    assert.notEqual(r.issuedStatus, 'draft');
    assert.equal(r.readId, r.id);
    assert.equal(r.total, 142.8);
    assert.equal(r.pageSize, 1);
    assert.equal(r.notFound?.status, 404);
    assert.equal(r.notFound?.code, 'not_found');
    assert.ok(r.notFound?.requestId, 'the error carries the request id');
  });

  test('npx docex verify-bundle: the exported bundle is valid under the pinned key; a tampered one is not', async () => {
    assert.ok(bundleFile && existsSync(bundleFile), 'the client test exported a bundle');
    const keys = await svc.req<{ data: { public_key: string }[] }>('GET', '/v1/provenance/keys');
    const publicKey = keys.body.data[0]!.public_key;
    const good = await run(
      'npx',
      ['--offline', '--no', 'docex', 'verify-bundle', bundleFile, '--public-key', publicKey],
      {
        cwd: project,
      },
    );
    assert.equal(good.code, 0, `${good.err}\n${good.out}`);
    assert.equal(good.out, 'valid');

    const tampered = join(dir, 'tampered.json');
    writeFileSync(
      tampered,
      readFileSync(bundleFile, 'utf8').replace('Packaged consulting', 'Packaged consultinG'),
    );
    const bad = await run(
      'npx',
      ['--offline', '--no', 'docex', 'verify-bundle', tampered, '--public-key', publicKey],
      {
        cwd: project,
      },
    );
    assert.equal(bad.code, 1, `${bad.err}\n${bad.out}`);
    assert.match(bad.out, /^invalid: /);
  });

  test('docex/verify-webhook: a delivery signed with a known secret verifies; a changed body does not', async () => {
    const secret = generateWebhookSecret();
    const timestamp = 1_760_000_000;
    const body = JSON.stringify({
      id: 'evt_PackagedTest000000000',
      type: 'document.issued',
      api_version: '1.15.0',
      created_at: '2025-10-09T08:53:20.000Z',
      data: { document: { id: 'doc_1' } },
    });
    const headers = signDelivery({
      eventId: 'evt_PackagedTest000000000',
      timestamp,
      body,
      secrets: [secret],
    });
    const file = join(dir, 'delivery.json');
    writeFileSync(file, JSON.stringify({ body, headers, secret, now: timestamp * 1000 }));
    const out = await ok(process.execPath, ['out/verify-webhook-usage.js', file], { cwd: project });
    assert.deepEqual(JSON.parse(out), {
      id: 'evt_PackagedTest000000000',
      type: 'document.issued',
      tampered: 'no_matching_signature',
    });
  });
});
