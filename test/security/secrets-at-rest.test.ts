// Secrets at rest (CONTRACT 10), written as the attacks: a database dump held the deployment's
// HMAC key (which seals kept responses and signs download URLs and cursors), the log-signing
// private key and every webhook secret in plain text. Now they are sealed under a master key kept
// outside the database; 1.14.0's plain values are sealed in place at start; the master key can be
// rotated; a wrong one is refused at start, by name.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { loadMasterKeys, MasterKeyError, makeSealer } from '../../src/lib/master-key.ts';
import { generateSigningKey } from '../../src/modules/tlog/signed-note.ts';
import { deploymentSigningKey, SIGNING_KEY_SETTING } from '../../src/modules/tlog/signing-key.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, TEST_MASTER_KEY, type TestService } from '../helpers/harness.ts';

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

/** Every row of every table of the database, as text: what a dump holds. */
async function dump(s: TestService): Promise<string> {
  const tables = await sql<{
    name: string;
  }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(s.ctx.db);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ t: string }>`select t::text as t from ${sql.table(name)} t`.execute(s.ctx.db);
    parts.push(...rows.rows.map((r) => r.t));
  }
  return parts.join('\n');
}

describe('a database dump yields no secret', () => {
  test('webhook secrets, the HMAC key and the signing key are stored sealed', async () => {
    const a = await signup(svc, 'Dumped');
    const ep = await svc.req<{ secret: string }>('POST', '/v1/webhooks', {
      token: a.session,
      body: { url: 'http://127.0.0.1:9/hooks', events: [] },
    });
    assert.equal(ep.status, 201, ep.text);
    const signing = await deploymentSigningKey(svc.ctx);
    const text = await dump(svc);
    const secretBytes = Buffer.from(ep.body.secret.slice('whsec_'.length), 'base64');
    for (const needle of [
      ep.body.secret,
      ep.body.secret.slice('whsec_'.length),
      secretBytes.toString('hex'),
      svc.ctx.secrets.hmacKey.toString('base64'),
      svc.ctx.secrets.hmacKey.toString('hex'),
      signing.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString().split('\n')[1]!,
    ]) {
      assert.ok(!text.includes(needle), `the dump holds ${needle.slice(0, 12)}…`);
    }
    assert.match(text, /mk1\.[0-9a-f]{8}\./, 'sealed values are there');
  });
});

describe('upgrading a 1.14.0 database in place', () => {
  test('plain secrets are sealed at start, and keep working', async () => {
    const a = await signup(svc, 'Upgraded');
    const ep = await svc.req<{ id: string; secret: string }>('POST', '/v1/webhooks', {
      token: a.session,
      body: { url: 'http://127.0.0.1:9/hooks', events: [] },
    });
    const hmacPlain = randomBytes(32).toString('base64');
    const pem = generateSigningKey().privateKeyPem;
    // As 1.14.0 wrote them.
    await svc.ctx.db
      .updateTable('webhook_endpoints')
      .set({ secret: ep.body.secret })
      .where('id', '=', ep.body.id)
      .execute();
    await svc.ctx.db
      .updateTable('deployment_settings')
      .set({ value: hmacPlain })
      .where('name', '=', 'hmac_key')
      .execute();
    await svc.ctx.db.deleteFrom('deployment_settings').where('name', '=', SIGNING_KEY_SETTING).execute();
    await svc.ctx.db
      .insertInto('deployment_settings')
      .values({
        name: SIGNING_KEY_SETTING,
        value: JSON.stringify({ origin: 'example/docex/log', private_key_pem: pem }),
        created_at: new Date(),
      })
      .execute();
    const restarted = await svc.variant({});
    try {
      assert.equal(restarted.ctx.secrets.hmacKey.toString('base64'), hmacPlain, 'the same HMAC key');
      const rows = await restarted.ctx.db
        .selectFrom('deployment_settings')
        .select(['name', 'value'])
        .where('name', 'in', ['hmac_key', SIGNING_KEY_SETTING])
        .execute();
      for (const r of rows)
        assert.ok(!r.value.includes(hmacPlain) && !r.value.includes(pem.split('\n')[1]!), r.name);
      const stored = await restarted.ctx.db
        .selectFrom('webhook_endpoints')
        .select('secret')
        .where('id', '=', ep.body.id)
        .executeTakeFirstOrThrow();
      assert.match(stored.secret, /^mk1\./);
      assert.equal(
        restarted.ctx.secrets.sealer.open(stored.secret),
        ep.body.secret,
        'deliveries still verify',
      );
      const key = await deploymentSigningKey(restarted.ctx);
      assert.equal(
        key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        pem,
        'the same signing key',
      );
    } finally {
      await restarted.close();
    }
  });
});

describe('the master key', () => {
  test('rotation: with the old key as DOCEX_MASTER_KEY_PREVIOUS everything is sealed again under the new one', async () => {
    // the key as the database holds it now (an earlier test replaced it as 1.14.0 would have)
    const current = await svc.variant({});
    const hmac = current.ctx.secrets.hmacKey.toString('base64');
    await current.close();
    const fresh = randomBytes(32).toString('base64');
    const rotated = await svc.variant({
      DOCEX_MASTER_KEY: fresh,
      DOCEX_MASTER_KEY_PREVIOUS: TEST_MASTER_KEY,
    });
    try {
      assert.equal(rotated.ctx.secrets.hmacKey.toString('base64'), hmac);
      const kid = rotated.ctx.secrets.sealer.keyId;
      const text = await dump(rotated);
      const sealed = text.match(/mk1\.[0-9a-f]{8}\./g) ?? [];
      assert.ok(sealed.length > 0);
      assert.ok(
        sealed.every((s) => s === `mk1.${kid}.`),
        'nothing left under the old key',
      );
    } finally {
      await rotated.close();
    }
    // The old key alone no longer opens them: refused at start, naming both key ids.
    await assert.rejects(svc.variant({ DOCEX_MASTER_KEY: TEST_MASTER_KEY }), (err: unknown) => {
      return err instanceof MasterKeyError && /sealed under master key [0-9a-f]{8}/.test(err.message);
    });
    // Back to the suite's key for the rest of the file.
    const back = await svc.variant({ DOCEX_MASTER_KEY: TEST_MASTER_KEY, DOCEX_MASTER_KEY_PREVIOUS: fresh });
    await back.close();
  });

  test('a weak or malformed DOCEX_MASTER_KEY is refused with how to make one', () => {
    for (const bad of ['short', 'a'.repeat(40), Buffer.alloc(16).toString('base64')]) {
      assert.throws(
        () => loadMasterKeys(loadConfig({ DOCEX_MASTER_KEY: bad })),
        (err: unknown) => err instanceof MasterKeyError && /randomBytes\(32\)/.test(err.message),
      );
    }
    assert.equal(loadMasterKeys(loadConfig({ DOCEX_MASTER_KEY: 'ab'.repeat(32) })).current.length, 32);
  });

  test('the embedded default keeps it in a 0600 file of the data directory; production on PostgreSQL needs the variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docex-mk-'));
    try {
      const first = loadMasterKeys(loadConfig({ DOCEX_DATA_DIR: dir }));
      assert.equal(first.source, 'file');
      assert.equal(statSync(join(dir, 'master-key')).mode & 0o777, 0o600);
      assert.deepEqual(loadMasterKeys(loadConfig({ DOCEX_DATA_DIR: dir })).current, first.current);
      const sealer = makeSealer(first);
      assert.equal(sealer.open(sealer.seal('x')), 'x');
      assert.throws(
        () =>
          loadMasterKeys(
            loadConfig({ DOCEX_DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db', DOCEX_ENV: 'production' }),
          ),
        /DOCEX_MASTER_KEY is required in production/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
