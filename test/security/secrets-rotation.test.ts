// Issue 37 item 2, written the way it was found: a deployment whose secrets were once stored in
// clear (1.14.0) kept them readable in the database's files after 1.15.0 sealed the rows (the WAL,
// old row versions, ANALYZE's samples in pg_statistic). The first start of this version replaces
// every secret and erases the old copies it can reach; then every file of the data directory (and
// of the PostgreSQL server's, when readable) is searched for every secret that is still valid.
// Everything made before keeps working (keys, cursors, download URLs, idempotent replays, old
// bundles against the listed keys, webhook receivers with the old secret during the window).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { sql } from 'kysely';
import { verifyBundleBytes } from '../../scripts/verify-bundle.mjs';
import { openPGlite } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { signDownloadUrl, verifyDownloadUrl } from '../../src/modules/attachments/signed-url.ts';
import { exportTuning } from '../../src/modules/provenance/export-bundle.ts';
import { verifyNote } from '../../src/modules/tlog/signed-note.ts';
import { deploymentSigningKey, SIGNING_KEY_SETTING } from '../../src/modules/tlog/signing-key.ts';
import { activeSecrets } from '../../src/modules/webhooks/endpoints.ts';
import { signDelivery } from '../../src/modules/webhooks/signing.ts';
import { rotateSecrets, SEALING_MIGRATION } from '../../src/secret-rotation.ts';
import { verifyWebhook } from '../../src/verify-webhook.ts';
import type { TestDatabase } from '../helpers/database.ts';
import { spawnDocexSync } from '../helpers/docex-process.ts';
import { createDoc, issue, line, pair } from '../helpers/document-setup.ts';
import { advanceClock, signIn } from '../helpers/flows.ts';
import {
  startTestService,
  startTestServiceOn,
  TEST_MASTER_KEY,
  type TestService,
} from '../helpers/harness.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A secret in every form a file could hold it. */
function forms(secret: string): string[] {
  const out = [secret];
  if (secret.startsWith('whsec_')) out.push(secret.slice(6));
  const raw = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  if (raw.length === 32) out.push(raw.toString('hex'));
  return out;
}

/** The base64 line of a PKCS#8 PEM (it carries the private key bytes). */
function pemBody(pem: string): string {
  return pem.split('\n')[1] as string;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** Which of the named secrets some file under the directories holds, with the file. */
function findInFiles(dirs: string[], secrets: Record<string, string[]>): string[] {
  const found: string[] = [];
  const needles = Object.entries(secrets).flatMap(([name, fs]) =>
    fs.map((f) => [name, Buffer.from(f)] as const),
  );
  for (const dir of dirs) {
    for (const file of filesUnder(dir)) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue; // removed meanwhile (a WAL segment)
      }
      for (const [name, needle] of needles) if (bytes.includes(needle)) found.push(`${name} in ${file}`);
    }
  }
  return found;
}

interface Deployment {
  first: TestService;
  /** The next start of the current version on the same data. */
  restart(): Promise<TestService>;
  /** The directories holding the database's files, or null when they cannot be read. */
  dirs(svc: TestService): Promise<string[] | null>;
  /** Runs `docex rotate-secrets` as an operator would (the service stopped). */
  rotateByCommand(): Promise<{ status: number | null; stdout: string; stderr: string }>;
}

async function pgliteDeployment(): Promise<Deployment> {
  const dir = mkdtempSync(join(tmpdir(), 'docex-rotate-'));
  let open: TestDatabase | null = null;
  const services: TestService[] = [];
  const stop = async () => {
    for (const s of services.splice(0)) await s.close();
    await open?.database.close();
    open = null;
  };
  const start = async () => {
    await stop();
    const database = await openPGlite({ dataDir: dir });
    await migrate(database);
    open = { database, url: null, drop: () => database.close() };
    const svc = await startTestServiceOn(open, { DOCEX_DATA_DIR: dir });
    services.push(svc);
    return svc;
  };
  cleanups.push(async () => {
    await stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    first: await start(),
    restart: start,
    dirs: async () => [dir],
    async rotateByCommand() {
      await stop();
      return runCli({ DOCEX_DATA_DIR: dir });
    },
  };
}

async function postgresDeployment(): Promise<Deployment> {
  const first = await startTestService();
  const variants: TestService[] = [];
  cleanups.push(async () => {
    for (const v of variants) await v.close();
    await first.close();
  });
  return {
    first,
    async restart() {
      const v = await first.variant({});
      variants.push(v);
      return v;
    },
    async dirs(svc) {
      const res = await sql<{ dir: string; oid: number }>`select current_setting('data_directory') as dir,
        (select oid::int from pg_database where datname = current_database()) as oid`.execute(svc.ctx.db);
      const row = res.rows[0];
      if (!row) return null;
      try {
        statSync(join(row.dir, 'pg_wal'));
        readdirSync(join(row.dir, 'base', String(row.oid)));
      } catch {
        return null;
      }
      return [join(row.dir, 'base', String(row.oid)), join(row.dir, 'global'), join(row.dir, 'pg_wal')];
    },
    rotateByCommand: async () => runCli({ DATABASE_URL: first.db.url as string }),
  };
}

function runCli(env: Record<string, string>) {
  const res = spawnDocexSync(['rotate-secrets'], {
    env: {
      PATH: process.env.PATH ?? '',
      DOCEX_MASTER_KEY: TEST_MASTER_KEY,
      DOCEX_OPERATOR_TOKEN: 'op_test_operator_token_for_the_suite',
      LOG_LEVEL: 'silent',
      // the suite's clock, moved a day on above: the rotation's windows are measured on it
      DOCEX_TEST_CLOCK: '1',
      ...env,
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe(`secrets that were once in clear, on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  test('the first start after the upgrade rotates them, erases the old copies, and everything keeps working', async (t) => {
    const dep = onPostgres ? await postgresDeployment() : await pgliteDeployment();
    const svc1 = dep.first;

    // A deployment in use: documents, a bundle, a cursor, an idempotent write, a download URL,
    // a webhook endpoint whose secret was rotated by hand (two secrets sign).
    const p = await pair(svc1);
    const doc = await createDoc(svc1, p);
    await issue(svc1, p.issuer.key, doc.id);
    const draft = await createDoc(svc1, p);
    const bundle1 = await svc1.req('GET', `/v1/documents/${doc.id}/export`, { token: p.issuer.key });
    assert.equal(bundle1.status, 200, bundle1.text);
    // Every bundle that can be exported, by each party that may export it.
    const exportAll = (svc: TestService) =>
      Promise.all(
        [
          [doc.id, p.issuer.key],
          [doc.id, p.counterparty.key],
          [draft.id, p.issuer.key],
        ].map(([id, token]) => svc.req('GET', `/v1/documents/${id}/export`, { token })),
      );
    const before = await exportAll(svc1);
    for (const b of before) assert.equal(b.status, 200, b.text);
    const page = await svc1.req<{ next_cursor: string }>('GET', '/v1/documents?limit=1', {
      token: p.issuer.key,
    });
    assert.ok(page.body.next_cursor);
    const idemBody = { connection_id: p.connectionId, document_type: 'invoice', line_items: [line()] };
    const made = await svc1.req<{ id: string }>('POST', '/v1/documents', {
      token: p.issuer.key,
      idem: 'idem-before-the-rotation',
      body: idemBody,
    });
    assert.equal(made.status, 201, made.text);
    const url = new URL(signDownloadUrl(svc1.ctx, 'att_before', svc1.ctx.clock.now()).url);
    const ep = await svc1.req<{ id: string; secret: string }>('POST', '/v1/webhooks', {
      token: p.issuer.org.session,
      body: { url: 'http://127.0.0.1:9/hooks', events: [] },
    });
    assert.equal(ep.status, 201, ep.text);
    const rotated = await svc1.req<{ secret: string }>('POST', `/v1/webhooks/${ep.body.id}/rotate_secret`, {
      token: p.issuer.org.session,
    });
    const [s0, s1] = [ep.body.secret, rotated.body.secret];
    const hmac1 = svc1.ctx.secrets.hmacKey.toString('base64');
    const pem1 = (await deploymentSigningKey(svc1.ctx)).privateKey
      .export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const key1 = (await deploymentSigningKey(svc1.ctx)).publicKeyRaw.toString('base64');

    // As 1.14.0 kept them: in clear, made before the sealing migration; ANALYZE samples them.
    const db = svc1.ctx.db;
    await db
      .updateTable('deployment_settings')
      .set({ value: hmac1, created_at: new Date(Date.now() - 86_400_000) })
      .where('name', '=', 'hmac_key')
      .execute();
    const signing = await db
      .selectFrom('deployment_settings')
      .select('value')
      .where('name', '=', SIGNING_KEY_SETTING)
      .executeTakeFirstOrThrow();
    const origin = (JSON.parse(signing.value) as { origin: string }).origin;
    await db
      .updateTable('deployment_settings')
      .set({ value: JSON.stringify({ origin, private_key_pem: pem1 }) })
      .where('name', '=', SIGNING_KEY_SETTING)
      .execute();
    await db
      .updateTable('webhook_endpoints')
      .set({ secret: s1, previous_secret: s0 })
      .where('id', '=', ep.body.id)
      .execute();
    await db
      .updateTable('docex_migrations' as never)
      .set({ applied_at: new Date() } as never)
      .where('id' as never, '=', SEALING_MIGRATION as never)
      .execute();
    // statistics as 1.14.0's ANALYZE left them (0026 forbids new samples: put the target back)
    await svc1.ctx.database.exec('alter table deployment_settings alter column value set statistics -1');
    await svc1.ctx.database.exec('analyze deployment_settings');
    await svc1.ctx.database.exec('alter table deployment_settings alter column value set statistics 0');
    await svc1.ctx.database.exec('checkpoint');
    const oldSecrets = { hmac1: forms(hmac1), pem1: [pemBody(pem1)], s0: forms(s0), s1: forms(s1) };
    const dirs1 = await dep.dirs(svc1);
    if (dirs1) {
      // The attack works on the data as it was: otherwise the search below proves nothing.
      const before = findInFiles(dirs1, oldSecrets);
      assert.ok(
        before.some((f) => f.startsWith('hmac1')),
        'the plain HMAC key is on disk before',
      );
      assert.ok(
        before.some((f) => f.startsWith('pem1')),
        'the plain signing key is on disk before',
      );
    }

    // The first start of this version.
    const svc2 = await dep.restart();
    const ctx = svc2.ctx;
    const hmac2 = ctx.secrets.hmacKey.toString('base64');
    assert.notEqual(hmac2, hmac1, 'a new HMAC key');
    assert.equal(ctx.secrets.previousHmacKey?.key.toString('base64'), hmac1);
    const signer2 = await deploymentSigningKey(ctx);
    const pem2 = signer2.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    assert.notEqual(pem2, pem1, 'a new signing key');

    // Keys authenticate; a walk goes on; the idempotent write replays; the URL still downloads.
    const list = await svc2.req(
      'GET',
      `/v1/documents?limit=1&cursor=${encodeURIComponent(page.body.next_cursor)}`,
      { token: p.issuer.key },
    );
    assert.equal(list.status, 200, list.text);
    const replay = await svc2.req<{ id: string }>('POST', '/v1/documents', {
      token: p.issuer.key,
      idem: 'idem-before-the-rotation',
      body: idemBody,
    });
    assert.equal(replay.status, 201, replay.text);
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(replay.body.id, made.body.id, 'the same document, not a second one');
    const query = Object.fromEntries(url.searchParams);
    assert.doesNotThrow(() => verifyDownloadUrl(ctx, 'att_before', query, ctx.clock.now()));

    // Every bundle exported before has the same bytes and digest after (the retired key signed its
    // state before it was destroyed), and verifies against the retired key the listing keeps.
    const keys = await svc2.req<{
      data: Array<{ public_key: string; retired_at: string | null; origin: string }>;
    }>('GET', '/v1/provenance/keys');
    assert.equal(keys.body.data.length, 2);
    assert.equal(keys.body.data[0]?.retired_at, null);
    assert.equal(keys.body.data[1]?.public_key, key1);
    assert.ok(keys.body.data[1]?.retired_at);
    assert.equal(verifyBundleBytes(Buffer.from(bundle1.text), { publicKey: key1 }).valid, true);
    const afterRotation = await exportAll(svc2);
    for (const [i, b] of afterRotation.entries()) {
      assert.equal(b.status, 200, b.text);
      assert.equal(b.text, before[i]?.text, `bundle ${i} keeps its bytes`);
      assert.equal(b.headers['svc-bundle-digest'], before[i]?.headers['svc-bundle-digest']);
      assert.equal(verifyBundleBytes(Buffer.from(b.text), { publicKey: key1 }).valid, true);
    }
    // The log's checkpoints keep their notes, signed by the retired key only (no cosignature).
    const newKey = keys.body.data[0] as { public_key: string; origin: string };
    const asKey = (k: { public_key: string; origin: string }) => ({
      name: k.origin,
      publicKeyRaw: Buffer.from(k.public_key, 'base64'),
    });
    const cp = await svc2.req<{ note: string }>('GET', '/v1/provenance/checkpoint');
    assert.ok(verifyNote(cp.body.note, { name: origin, publicKeyRaw: Buffer.from(key1, 'base64') }));
    assert.equal(verifyNote(cp.body.note, asKey(newKey)), false);

    // A document changed after the rotation: a new state, signed by the new key, that verifies.
    await issue(svc2, p.issuer.key, draft.id);
    const changed = await svc2.req('GET', `/v1/documents/${draft.id}/export`, { token: p.issuer.key });
    assert.equal(changed.status, 200, changed.text);
    assert.notEqual(changed.text, before[2]?.text);
    const vc = verifyBundleBytes(Buffer.from(changed.text), { publicKey: newKey.public_key });
    assert.equal(vc.valid, true, JSON.stringify(vc));
    // A state that changed without a new history entry (a new descendant in its lineage): its
    // head is in a checkpoint the retired key alone signed, so the bundle carries that note with
    // the new key's cosignature, and verifies against the new key; exporting again, same bytes.
    await createDoc(svc2, p, { derived_from: doc.id });
    const bundle2 = await svc2.req('GET', `/v1/documents/${doc.id}/export`, { token: p.issuer.key });
    assert.equal(bundle2.status, 200, bundle2.text);
    assert.notEqual(bundle2.text, bundle1.text);
    const v2 = verifyBundleBytes(Buffer.from(bundle2.text), { publicKey: newKey.public_key });
    assert.equal(v2.valid, true, JSON.stringify(v2));
    const note2 = (JSON.parse(bundle2.text) as { checkpoint: { note: string } }).checkpoint.note;
    assert.ok(verifyNote(note2, { name: origin, publicKeyRaw: Buffer.from(key1, 'base64') }));
    const again = await svc2.req('GET', `/v1/documents/${doc.id}/export`, { token: p.issuer.key });
    assert.equal(again.text, bundle2.text);

    // Webhooks: the new secret is shown by GET for the window; deliveries are signed with the new
    // and the old one, so a receiver holding either verifies.
    const got = await svc2.req<{ secret?: string; previous_secret_valid_until: string | null }>(
      'GET',
      `/v1/webhooks/${ep.body.id}`,
      { token: p.issuer.org.session },
    );
    const s2 = got.body.secret as string;
    assert.match(s2, /^whsec_/);
    assert.ok(s2 !== s1 && s2 !== s0);
    assert.ok(got.body.previous_secret_valid_until);
    const row = await ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', ep.body.id)
      .executeTakeFirstOrThrow();
    const signing2 = activeSecrets(ctx.secrets.sealer, row, ctx.clock.now());
    assert.deepEqual(signing2, [s2, s1]);
    const ts = Math.floor(ctx.clock.now().getTime() / 1000);
    const body = JSON.stringify({
      id: 'evt_x',
      type: 'document.issued',
      api_version: 'v1',
      created_at: new Date().toISOString(),
      data: {},
    });
    const headers = signDelivery({ eventId: 'evt_x', timestamp: ts, body, secrets: signing2 });
    for (const secret of [s1, s2]) {
      assert.doesNotThrow(() => verifyWebhook({ rawBody: body, headers, secrets: secret, now: ts * 1000 }));
    }

    // Now the search: no valid secret in clear in any file.
    await ctx.database.exec('checkpoint');
    const dirs2 = await dep.dirs(svc2);
    if (!dirs2) {
      t.diagnostic('the PostgreSQL server data directory is not readable here: the file search is skipped');
    } else {
      const valid = { hmac2: forms(hmac2), pem2: [pemBody(pem2)], s2: forms(s2) };
      // On PGlite docex owns every file, so the old values (the HMAC key that verifies for 24
      // hours, the webhook secrets of the window) are gone too. A PostgreSQL server's WAL keeps
      // them until it recycles its segments: they stop being valid with the window.
      const wanted = onPostgres ? valid : { ...valid, ...oldSecrets };
      assert.deepEqual(findInFiles(dirs2, wanted), []);
    }
    const stats = await sql<{ n: number }>`select count(*)::int as n from pg_statistic s
      join pg_attribute a on a.attrelid = s.starelid and a.attnum = s.staattnum
      where s.starelid = 'deployment_settings'::regclass and a.attname = 'value'`.execute(ctx.db);
    assert.equal(stats.rows[0]?.n, 0, 'no sample of the sealed column');

    // A day later the window has closed: the old HMAC key opens nothing, one secret signs.
    await advanceClock(svc2, 24 * 3600 + 60);
    const late = await svc2.req(
      'GET',
      `/v1/documents?limit=1&cursor=${encodeURIComponent(page.body.next_cursor)}`,
      { token: p.issuer.key },
    );
    assert.equal(late.status, 400, late.text);
    // (sessions last 12 hours: the admin signs in again)
    const admin = await signIn(svc2, p.issuer.org);
    const after = await svc2.req<{ secret?: string }>('GET', `/v1/webhooks/${ep.body.id}`, { token: admin });
    assert.equal(after.status, 200, after.text);
    assert.equal(after.body.secret, undefined, 'no longer shown');
    assert.deepEqual(activeSecrets(ctx.secrets.sealer, row, ctx.clock.now()), [s2]);

    // The rotation ran once: the next start keeps the keys.
    const svc3 = await dep.restart();
    assert.equal(svc3.ctx.secrets.hmacKey.toString('base64'), hmac2);

    // docex rotate-secrets, on demand: everything again, the listing keeps both older keys.
    const cli = await dep.rotateByCommand();
    assert.equal(cli.status, 0, cli.stderr);
    assert.match(cli.stdout, /rotated at .*1 webhook endpoint secret\(s\) replaced/);
    const svc4 = await dep.restart();
    assert.notEqual(svc4.ctx.secrets.hmacKey.toString('base64'), hmac2);
    assert.equal(svc4.ctx.secrets.previousHmacKey?.key.toString('base64'), hmac2);
    const keys4 = await svc4.req<{ data: Array<{ public_key: string }> }>('GET', '/v1/provenance/keys');
    assert.equal(keys4.body.data.length, 3);
    assert.equal(verifyBundleBytes(Buffer.from(bundle1.text), { publicKey: key1 }).valid, true);
    // A second rotation keeps the bytes too: bundles the first one froze keep the first retired
    // key's signature, the ones the second retired key signed are frozen with it.
    const after4 = await exportAll(svc4);
    assert.equal(after4[1]?.text, before[1]?.text, 'still the first retired key');
    assert.equal(after4[2]?.text, changed.text);
    assert.equal(after4[0]?.text, bundle2.text);
    const v4 = verifyBundleBytes(Buffer.from(bundle2.text), { publicKey: newKey.public_key });
    assert.equal(v4.valid, true);
    assert.equal(keys4.body.data[1]?.public_key, newKey.public_key);
    const got4 = await svc4.req<{ secret?: string }>('GET', `/v1/webhooks/${ep.body.id}`, {
      token: await signIn(svc4, p.issuer.org),
    });
    assert.equal(got4.status, 200, JSON.stringify(got4.body));
    assert.ok(got4.body.secret && got4.body.secret !== s2);
    const row4 = await svc4.ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', ep.body.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(activeSecrets(svc4.ctx.secrets.sealer, row4, svc4.ctx.clock.now()), [
      got4.body.secret,
      s2,
    ]);
    const dirs4 = await dep.dirs(svc4);
    if (dirs4) {
      await svc4.ctx.database.exec('checkpoint');
      const hmac4 = svc4.ctx.secrets.hmacKey.toString('base64');
      assert.deepEqual(findInFiles(dirs4, { hmac4: forms(hmac4), s4: forms(got4.body.secret) }), []);
    }
  });
});

describe('processes starting together after the upgrade', () => {
  test('rotate once, and all use the new keys', async () => {
    const svc = await startTestService();
    cleanups.push(() => svc.close());
    const old = svc.ctx.secrets.hmacKey.toString('base64');
    await svc.ctx.db
      .updateTable('deployment_settings')
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where('name', '=', 'hmac_key')
      .execute();
    await svc.ctx.db
      .updateTable('docex_migrations' as never)
      .set({ applied_at: new Date() } as never)
      .where('id' as never, '=', SEALING_MIGRATION as never)
      .execute();
    const started = await Promise.all([svc.variant({}), svc.variant({}), svc.variant({})]);
    cleanups.push(async () => {
      for (const s of started) await s.close();
    });
    const keys = new Set(started.map((s) => s.ctx.secrets.hmacKey.toString('base64')));
    assert.equal(keys.size, 1, 'one new key for all');
    assert.ok(!keys.has(old));
    for (const s of started) assert.equal(s.ctx.secrets.previousHmacKey?.key.toString('base64'), old);
  });
});

describe('bundles across a signing-key rotation', () => {
  test('a streamed bundle (a history past the in-memory limit) keeps its bytes too', async (t) => {
    const svc = await startTestService();
    cleanups.push(() => svc.close());
    const p = await pair(svc);
    const docs: string[] = [];
    for (let i = 0; i < 10; i++) {
      const d = await createDoc(svc, p);
      if (i % 2 === 0) await issue(svc, p.issuer.key, d.id);
      docs.push(d.id);
    }
    const saved = { ...exportTuning };
    const exportAll = (s: TestService) =>
      Promise.all(
        docs.flatMap((id, i) =>
          (i % 2 === 0 ? [p.issuer.key, p.counterparty.key] : [p.issuer.key]).map((token) =>
            s.req('GET', `/v1/documents/${id}/export`, { token }),
          ),
        ),
      );
    try {
      // Every history is streamed: the rotation must sign what the streamed export serves.
      exportTuning.inMemoryBytes = 1;
      exportTuning.chunkBytes = 256;
      const before = await exportAll(svc);
      for (const b of before) assert.equal(b.status, 200, b.text);
      const started = performance.now();
      const report = await rotateSecrets(svc.ctx.db, svc.ctx.secrets.sealer, svc.ctx.clock.now(), {
        force: true,
      });
      const ms = performance.now() - started;
      assert.equal(report?.signingKey, true);
      t.diagnostic(`rotation with ${before.length} streamed bundles: ${ms.toFixed(0)} ms`);
      const frozen = await svc.ctx.db
        .selectFrom('bundle_signatures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(frozen.n), before.length, 'one signature per party and document');
      // A new process (the signing key is cached per service context): the new key is in use.
      const next = await svc.variant({});
      cleanups.push(() => next.close());
      const after = await exportAll(next);
      for (const [i, b] of after.entries()) {
        assert.equal(b.status, 200, b.text);
        assert.equal(b.text, before[i]?.text, `bundle ${i} keeps its bytes`);
      }
      // The same states built in memory are the same bytes.
      Object.assign(exportTuning, saved);
      const inMemory = await exportAll(next);
      for (const [i, b] of inMemory.entries()) assert.equal(b.text, before[i]?.text);
      const keys = await next.req<{ data: Array<{ public_key: string; retired_at: string | null }> }>(
        'GET',
        '/v1/provenance/keys',
      );
      const retired = keys.body.data[1]?.public_key;
      for (const b of after)
        assert.equal(verifyBundleBytes(Buffer.from(b.text), { publicKey: retired }).valid, true);
    } finally {
      Object.assign(exportTuning, saved);
    }
  });
});
