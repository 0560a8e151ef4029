// The deployment signing key and the public provenance reads: keys, the verifier script, the
// family switch.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { openPostgres } from '../../src/db/database.ts';
import { keyId, verifierKeyString } from '../../src/modules/tlog/signed-note.ts';
import { deploymentSigningKey, logOriginFor } from '../../src/modules/tlog/signing-key.ts';
import { closeService, openService } from '../../src/service.ts';
import { expectError } from '../helpers/flows.ts';
import { OPERATOR_TOKEN, startTestService, TEST_MASTER_KEY, type TestService } from '../helpers/harness.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

function configFor(baseUrl: string) {
  return loadConfig({
    NODE_ENV: 'test',
    DOCEX_TEST_CLOCK: '1',
    DOCEX_OPERATOR_TOKEN: OPERATOR_TOKEN,
    DOCEX_DATA_DIR: '.test-cache/data-unused',
    LOG_LEVEL: 'silent',
    DOCEX_IN_PROCESS_WORKER: '0',
    DOCEX_BASE_URL: baseUrl,
    DOCEX_MASTER_KEY: TEST_MASTER_KEY,
  });
}

describe('the deployment signing key', () => {
  test('is generated once: processes starting together on one database agree on it', async () => {
    // A second service context on the same database (another process of the deployment), with a
    // different base URL; on PostgreSQL also a third over its own connection pool.
    const others: AppContext[] = [];
    const second = await openService(configFor('https://elsewhere.example'), {
      database: svc.db.database,
      skipMigrations: true,
    });
    others.push(second.ctx);
    let third: AppContext | null = null;
    if (svc.db.url) {
      third = (
        await openService(configFor('https://third.example'), { database: await openPostgres(svc.db.url, 2) })
      ).ctx;
      others.push(third);
    }
    try {
      // Nobody has used the key yet: they race to create it.
      const keys = await Promise.all([svc.ctx, ...others].map((c) => deploymentSigningKey(c)));
      for (const k of keys) {
        assert.deepEqual(k.publicKeyRaw, keys[0]!.publicKeyRaw);
        // Whichever context inserted first chose the origin (from its base URL); all use it.
        assert.equal(k.origin, keys[0]!.origin);
        assert.equal(k.createdAt.getTime(), keys[0]!.createdAt.getTime());
      }
      assert.ok(
        ['127.0.0.1:8080/docex/log', 'elsewhere.example/docex/log', 'third.example/docex/log'].includes(
          keys[0]!.origin,
        ),
      );
      const rows = await svc.ctx.db
        .selectFrom('deployment_settings')
        .select('name')
        .where('name', '=', 'provenance_signing_key')
        .execute();
      assert.equal(rows.length, 1);
    } finally {
      await second.ctx.rateLimiter.close();
      if (third) await closeService(third);
    }
  });

  test('survives a restart: a new context reads the same key from the database', async () => {
    const before = await deploymentSigningKey(svc.ctx);
    const restarted = await openService(configFor('http://127.0.0.1:9999'), {
      database: svc.db.database,
      skipMigrations: true,
    });
    try {
      const after = await deploymentSigningKey(restarted.ctx);
      assert.notEqual(after, before, 'not the cached object: read again');
      assert.deepEqual(after.publicKeyRaw, before.publicKeyRaw);
      assert.equal(after.origin, before.origin);
      assert.equal(after.vkey, before.vkey);
    } finally {
      await restarted.ctx.rateLimiter.close();
    }
  });

  test('origin is <host>/docex/log of the base URL at creation', () => {
    assert.equal(logOriginFor('https://api.docex.example.com'), 'api.docex.example.com/docex/log');
    assert.equal(logOriginFor('http://127.0.0.1:8080/'), '127.0.0.1:8080/docex/log');
    assert.equal(logOriginFor('http://[::1]:8080'), '[::1]:8080/docex/log');
    assert.equal(logOriginFor('not a url'), 'localhost/docex/log');
  });
});

describe('public provenance reads', () => {
  test('GET /v1/provenance/keys lists the key, unauthenticated', async () => {
    const res = await svc.req<{ data: Array<Record<string, unknown>>; has_more: boolean; next_cursor: null }>(
      'GET',
      '/v1/provenance/keys',
    );
    assert.equal(res.status, 200);
    assert.equal(res.body.has_more, false);
    assert.equal(res.body.next_cursor, null);
    assert.equal(res.body.data.length, 1);
    const k = res.body.data[0]!;
    assert.deepEqual(Object.keys(k).sort(), [
      'alg',
      'created_at',
      'key_id',
      'last_tree_size',
      'origin',
      'public_key',
      'retired_at',
      'vkey',
    ]);
    // the key that signs now; keys a rotation retired follow it (test/security/secrets-rotation.test.ts)
    assert.equal(k.retired_at, null);
    assert.equal(k.last_tree_size, null);
    const key = await deploymentSigningKey(svc.ctx);
    const pub = Buffer.from(String(k.public_key), 'base64');
    assert.equal(pub.length, 32);
    assert.deepEqual(pub, key.publicKeyRaw);
    assert.equal(k.alg, 'Ed25519');
    assert.equal(k.origin, key.origin);
    assert.equal(k.key_id, keyId(key.origin, pub).toString('hex'));
    assert.match(String(k.key_id), /^[0-9a-f]{8}$/);
    assert.equal(k.vkey, verifierKeyString(key.origin, pub));
    assert.equal(
      k.vkey,
      `${key.origin}+${k.key_id}+${Buffer.concat([Buffer.from([1]), pub]).toString('base64')}`,
    );
    assert.equal(k.created_at, key.createdAt.toISOString());
  });

  test('GET /v1/provenance/verifier.mjs serves the published script byte for byte', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/v1/provenance/verifier.mjs' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/javascript/);
    assert.ok(res.headers['svc-request-id']);
    assert.deepEqual(
      res.rawPayload,
      readFileSync(new URL('../../scripts/verify-bundle.mjs', import.meta.url)),
    );
  });

  test('the routes are described in the OpenAPI document', async () => {
    const res = await svc.req<{ paths: Record<string, Record<string, { operationId: string }>> }>(
      'GET',
      '/v1/openapi.json',
    );
    for (const [path, op] of [
      ['/v1/provenance/keys', 'listProvenanceKeys'],
      ['/v1/provenance/checkpoint', 'getProvenanceCheckpoint'],
      ['/v1/provenance/consistency', 'getProvenanceConsistencyProof'],
      ['/v1/provenance/verifier.mjs', 'getProvenanceVerifier'],
    ] as const) {
      assert.equal(res.body.paths[path]?.get?.operationId, op);
    }
  });

  test('switched off with the provenance family', async () => {
    const off = await startTestService({ DOCEX_FAMILIES_DISABLED: 'provenance' });
    try {
      for (const url of [
        '/v1/provenance/keys',
        '/v1/provenance/checkpoint',
        '/v1/provenance/consistency?from=0&to=1',
        '/v1/provenance/verifier.mjs',
      ]) {
        expectError(await off.req('GET', url), 403, 'not_enabled');
      }
    } finally {
      await off.close();
    }
  });
});
