// An upgrade from the previous release keeps every promise (issue 37 item 3, docs/upgrading.md).
// test/upgrade/fixtures/<release>/ holds what that release made, seeded by
// scripts/make-upgrade-fixture.ts: a PGlite data directory (with its master-key file) and a
// pg_dump of a PostgreSQL database (with its DOCEX_MASTER_KEY), and expected.json, what the seed
// recorded. Each is restored, migrated and opened by the current code (openService, as `docex
// serve` does at start, including whatever a first start after an upgrade does to secrets), and
// then checked from outside, through the API: keys and limits, sessions and passwords, documents
// and histories, bundles byte for byte, the log's consistency, balances, payments, the scheduled
// payment, the signed URL, the cursor, pending webhook retries and their signatures; legal
// profiles, the bank account, the inbound address and the directory; external parties, their
// documents, kept e-invoice files and email deliveries, each message served (and the parked one
// sent) byte for byte as the previous release stored it, and the recipient link.
//
// The previous release ran on the test clock moved to a fixed instant (SEED_AT), so the clock is
// set back to the seed's end before the service opens: the deployment resumes where the seed left
// it, and 12-hour sessions and 15-minute signed URLs are checked as they were handed out.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { verifyBundleBytes } from '../../scripts/verify-bundle.mjs';
import { type Database, openPGlite, openPostgres } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { CLOCK_SETTING } from '../../src/modules/meta/test-clock.ts';
import { verifyConsistency } from '../../src/modules/tlog/merkle.ts';
import { verifyWebhook } from '../../src/verify-webhook.ts';
import { type Sink, startSink } from '../delivery/smtp-sink.ts';
import { startTestServiceOn, type TestService } from '../helpers/harness.ts';

/** The release whose data the current code must carry: the previous one. */
const RELEASE = '1.17.2';
const FIXTURES = join(import.meta.dirname, 'fixtures', RELEASE);

// biome-ignore lint/suspicious/noExplicitAny: expected.json is the seed's record, read as JSON
type Expected = any;

/** Every field `expected` has, `actual` has with the same value; later versions may add fields. */
function assertSubset(actual: unknown, expected: unknown, path = '$'): void {
  if (expected === null || typeof expected !== 'object') {
    assert.deepEqual(actual, expected, `${path} changed`);
    return;
  }
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path} is no longer an array`);
    assert.equal(
      actual.length,
      expected.length,
      `${path} has ${actual.length} items, not ${expected.length}`,
    );
    for (const [i, e] of expected.entries()) assertSubset(actual[i], e, `${path}[${i}]`);
    return;
  }
  assert.ok(actual !== null && typeof actual === 'object', `${path} is no longer an object`);
  for (const [k, v] of Object.entries(expected)) {
    assert.ok(k in (actual as object), `${path}.${k} is gone`);
    assertSubset((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
  }
}

interface Restored {
  database: Database;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

async function restorePGlite(): Promise<Restored> {
  const dir = mkdtempSync(join(tmpdir(), 'docex-upgrade-'));
  execFileSync('tar', ['-xJf', join(FIXTURES, 'pglite/data.tar.xz'), '-C', dir]);
  const database = await openPGlite({ dataDir: dir });
  return {
    database,
    // No DOCEX_MASTER_KEY: the embedded deployment's key is the master-key file in its data dir.
    env: { DOCEX_DATA_DIR: dir, DOCEX_MASTER_KEY: '' },
    async cleanup() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function restorePostgres(adminUrl: string, expected: Expected): Promise<Restored> {
  const name = `docex_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A plain-SQL dump of INSERTs: one simple-protocol query restores it.
  const c = new pg.Client({ connectionString: url.toString() });
  try {
    await c.connect();
    await c.query(gunzipSync(readFileSync(join(FIXTURES, 'postgres/dump.sql.gz'))).toString('utf8'));
  } catch (err) {
    // A restore that fails leaves no database behind.
    await c.end().catch(() => {});
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    throw err;
  }
  await c.end();
  const database = await openPostgres(url.toString(), 5);
  const dir = mkdtempSync(join(tmpdir(), 'docex-upgrade-'));
  return {
    database,
    env: { DATABASE_URL: url.toString(), DOCEX_MASTER_KEY: expected.master_key, DOCEX_DATA_DIR: dir },
    async cleanup() {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const engines: { name: string; restore: (e: Expected) => Promise<Restored> }[] = [
  { name: 'pglite', restore: () => restorePGlite() },
];
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) engines.push({ name: 'postgres', restore: (e) => restorePostgres(adminUrl, e) });

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

for (const engine of engines) {
  describe(`upgrading ${RELEASE}'s ${engine.name} deployment`, () => {
    const x: Expected = JSON.parse(readFileSync(join(FIXTURES, engine.name, 'expected.json'), 'utf8'));
    let restored: Restored;
    let svc: TestService;
    // The mail relay the upgraded deployment is given: the previous release had none, so its live
    // delivery waits, parked, with its message stored.
    let sink: Sink;
    const keyOf = (name: string): string => x.keys[name].key;
    const seller = () => keyOf('seller_main');
    const buyer = () => keyOf('buyer_main');

    before(async () => {
      restored = await engine.restore(x);
      // The upgrade itself: the current migrations on the previous release's schema.
      await migrate(restored.database);
      // Resume at the seed's end (see the top of the file). The offset is the test clock's own
      // setting; nothing else is touched.
      const offset = new Date(x.seed_end).getTime() - Date.now();
      assert.ok(offset > 0, `the fixture's clock (${x.seed_end}) must lie ahead of real time`);
      const set =
        await sql`update deployment_settings set value = ${String(offset)} where name = ${CLOCK_SETTING}`.execute(
          restored.database.db,
        );
      assert.equal(set.numAffectedRows, 1n, 'the fixture was seeded on the test clock');
      sink = await startSink();
      svc = await startTestServiceOn(
        { database: restored.database, url: null, drop: async () => {} },
        {
          DOCEX_OPERATOR_TOKEN: x.operator_token,
          DOCEX_BASE_URL: x.base_url,
          DOCEX_MAIL_FROM: x.mail_from,
          DOCEX_INBOUND_DOMAIN: x.inbound_domain,
          DOCEX_SMTP_URL: sink.url,
          ...restored.env,
        },
      );
    });
    after(async () => {
      await svc?.close();
      await sink?.close();
      await restored?.cleanup();
    });
    const get = (url: string, token?: string) =>
      svc.app.inject({
        method: 'GET',
        url,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });

    test('the signed download URL handed out before the upgrade still downloads the same bytes', async () => {
      const path = x.attachment.download_url.url.slice(x.base_url.length);
      const res = await svc.app.inject({ method: 'GET', url: path });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(sha256(res.rawPayload), x.attachment.sha256);
      // Altered, it is refused as before.
      const bad = await svc.app.inject({ method: 'GET', url: path.replace(/signature=./, 'signature=A') });
      assert.equal(bad.statusCode, 403);
    });

    test('sessions stay signed in, and passwords still sign in', async () => {
      for (const o of Object.values<Expected>(x.orgs)) {
        // GET /v1/keys takes an admin session.
        const cur = await svc.req('GET', '/v1/keys', { token: o.session });
        assert.equal(cur.status, 200, cur.text);
        const signIn = await svc.req('POST', '/v1/sessions', {
          body: { email: o.email, password: o.password },
        });
        assert.equal(signIn.status, 201, signIn.text);
        const wrong = await svc.req('POST', '/v1/sessions', {
          body: { email: o.email, password: `${o.password}!` },
        });
        assert.equal(wrong.status, 401);
      }
      assert.equal((await svc.req('GET', '/v1/keys', { token: x.sandbox.session })).status, 200);
    });

    test('a cursor handed out before the upgrade opens the same page', async () => {
      const page = await svc.req<{ data: { id: string }[] }>(
        'GET',
        `/v1/documents?limit=3&cursor=${encodeURIComponent(x.cursor.next_cursor)}`,
        { token: seller() },
      );
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(
        page.body.data.map((d) => d.id),
        x.cursor.second,
      );
    });

    test('keys: each works or is refused as before, with its scopes, limits and expiry', async () => {
      for (const [name, k] of Object.entries<Expected>(x.keys)) {
        const res = await svc.req('GET', '/v1/documents?limit=1', { token: k.key });
        assert.equal(res.status, k.works ? 200 : 401, `${name}: ${res.text}`);
        const session = x.orgs[k.org].session;
        const view = await svc.req('GET', `/v1/keys/${k.id}`, { token: session });
        assert.equal(view.status, 200, view.text);
        // last_used_at moves with use (the seed used its keys after recording them).
        const { last_used_at: _, ...recorded } = x.key_views[name];
        assertSubset(view.body, recorded, name);
      }
    });

    test('balances, payments and the scheduled payment are as they were', async () => {
      for (const [who, token] of [
        ['buyer', buyer()],
        ['seller', seller()],
        ['sandbox', x.sandbox.key],
      ] as const) {
        const res = await svc.req<{ data: unknown[] }>('GET', '/v1/treasury/accounts', { token });
        assert.equal(res.status, 200, res.text);
        assertSubset(res.body.data, x.balances[who], `balances.${who}`);
      }
      const payments = await svc.req<{ data: unknown[] }>('GET', '/v1/payments?limit=100', {
        token: buyer(),
      });
      assertSubset(payments.body.data, x.payments, 'payments');
    });

    test('documents and histories read as before; every bundle is byte for byte the same and verifies with a published key', async () => {
      const tokens: Record<string, string> = { seller: seller(), buyer: buyer(), sandbox: x.sandbox.key };
      const keys = await svc.req<{ data: { public_key: string }[] }>('GET', '/v1/provenance/keys');
      assert.equal(keys.status, 200, keys.text);
      const published = keys.body.data.map((k) => k.public_key);
      for (const old of x.provenance_keys)
        assert.ok(published.includes(old.public_key), 'the old key is still listed');
      assert.ok(x.documents.length >= 20, 'the fixture holds documents in every state');
      for (const v of x.documents) {
        const token = tokens[v.viewer]!;
        const what = `${v.viewer}'s ${v.document.document_type} ${v.id} (${v.document.status})`;
        const doc = await svc.req('GET', `/v1/documents/${v.id}`, { token });
        assert.equal(doc.status, 200, doc.text);
        assertSubset(doc.body, v.document, what);
        const history = await svc.req('GET', `/v1/documents/${v.id}/history`, { token });
        assertSubset(history.body, v.history, `${what} history`);
        const exp = await svc.app.inject({
          method: 'GET',
          url: `/v1/documents/${v.id}/export`,
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(exp.statusCode, 200, exp.body);
        const bytes = exp.rawPayload;
        if (sha256(bytes) !== v.bundle_sha256) {
          // Say what moved: the first differing byte and the text around it.
          const before = Buffer.from(v.bundle_base64, 'base64').toString('utf8');
          const now = bytes.toString('utf8');
          let at = 0;
          while (at < before.length && before[at] === now[at]) at++;
          assert.fail(
            `${what}: the bundle changed at byte ${at}: was …${before.slice(at - 60, at + 60)}…, now …${now.slice(at - 60, at + 60)}…`,
          );
        }
        assert.equal(exp.headers['svc-bundle-digest'], v.bundle_digest);
        const pinned = verifyBundleBytes(bytes, {
          publicKey: JSON.parse(bytes.toString('utf8')).signature.public_key,
        });
        assert.equal(pinned.valid, true, JSON.stringify(pinned));
        assert.ok(published.includes(JSON.parse(bytes.toString('utf8')).signature.public_key));
      }
    });

    test('organizations keep their legal profiles, bank account, inbound address and directory entry', async () => {
      for (const [who, token] of [
        ['seller', seller()],
        ['sandbox', x.sandbox.key],
      ] as const) {
        const org = await svc.req('GET', '/v1/organization', { token });
        assert.equal(org.status, 200, org.text);
        // Migration 0056 stores identifiers compacted (CONTRACT 11.5): "HRB 123456 B" is
        // "HRB123456B"; everything else of the profile is as recorded.
        const recorded = structuredClone(x.organizations[who]);
        const lr = recorded.legal_profile?.legal_registration_id;
        assert.equal(lr?.value, 'HRB 123456 B', 'the fixture holds a registration id with spaces');
        lr.value = 'HRB123456B';
        assertSubset(org.body, recorded, `organization.${who}`);
      }
      assert.ok(x.organizations.seller.legal_profile, 'the fixture holds a legal profile');
      const accounts = await svc.req<{ data: unknown[] }>('GET', '/v1/bank_accounts', { token: seller() });
      assert.equal(accounts.status, 200, accounts.text);
      assert.equal(x.bank_accounts.length, 1, 'the fixture holds a bank account');
      assertSubset(accounts.body.data, x.bank_accounts, 'bank_accounts');
      const dir = await svc.req<{ data: unknown[] }>(
        'GET',
        `/v1/directory?vat_id=${encodeURIComponent(x.directory.vat_id)}`,
        { token: buyer() },
      );
      assert.equal(dir.status, 200, dir.text);
      assert.equal(x.directory.data.length, 1, 'the seller was listed');
      assertSubset(dir.body.data, x.directory.data, 'directory');
      // 1.18.0 lists only verified identifiers (migration 0050): the operator verified the seller
      // before the upgrade, so the identifiers its profile holds stay verified; the sandbox
      // organization (verified at creation, its identifiers never looked at) has none.
      const verified = async (token: string) =>
        (
          await svc.req<{
            legal_profile: { verified_identifiers: { field: string; value: string }[] } | null;
          }>('GET', '/v1/organization', { token })
        ).body.legal_profile?.verified_identifiers ?? [];
      assert.ok(
        (await verified(seller())).some((v) => v.field === 'vat_id' && v.value === x.directory.vat_id),
        'the seller keeps its VAT id verified',
      );
      assert.deepEqual(await verified(x.sandbox.key), []);
      const inbound = await svc.req('GET', '/v1/inbound', { token: seller() });
      assert.equal(inbound.status, 200, inbound.text);
      assertSubset(inbound.body, x.inbound, 'inbound address');
    });

    test('external parties, their documents, kept e-invoice files and delivered messages are as recorded', async () => {
      const tokens: Record<string, string> = { seller: seller(), sandbox: x.sandbox.key };
      assert.deepEqual(
        x.external.map((e: Expected) => e.env),
        ['live', 'sandbox'],
        'the fixture holds a live and a sandbox external party',
      );
      for (const e of x.external) {
        const token = tokens[e.viewer]!;
        const conn = await svc.req('GET', `/v1/connections/${e.connection_id}`, { token });
        assert.equal(conn.status, 200, conn.text);
        assertSubset(conn.body, e.connection, `${e.env} connection`);
        // The document itself (view, history, bundle) is among x.documents, checked above.
        assert.ok(
          x.documents.some((v: Expected) => v.id === e.document_id && v.viewer === e.viewer),
          `${e.env}: the external party's document is among the recorded views`,
        );
        const list = await svc.req<{ data: unknown[] }>(
          'GET',
          `/v1/documents/${e.document_id}/deliveries?limit=100`,
          { token },
        );
        assert.equal(list.status, 200, list.text);
        assertSubset(list.body.data, e.deliveries, `${e.env} deliveries`);
        // As the previous release stored it (1.17.1: without the attachments' bodies, which the
        // kept e-invoice files fill in at every read, migration 0045): served byte for byte.
        const message = await get(
          `/v1/documents/${e.document_id}/deliveries/${e.delivery_id}/message`,
          token,
        );
        assert.equal(message.statusCode, 200, message.body);
        assert.equal(message.headers['content-type'], 'message/rfc822');
        const row = await svc.ctx.db
          .selectFrom('deliveries')
          .select('message_attachments')
          .where('id', '=', e.delivery_id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(
          row.message_attachments?.map((slot) => slot.format),
          ['facturx', 'ubl'],
          `${e.env}: the previous release kept the message without its two attachments`,
        );
        // 1.18.0 serves it with the recipient link's token redacted; Repr-Digest is the sha-256
        // of the bytes as stored (and sent)
        assert.equal(
          message.headers['repr-digest'],
          `sha-256=:${Buffer.from(e.message_sha256, 'hex').toString('base64')}:`,
          `${e.env}: the digest of the message as stored`,
        );
        assert.doesNotMatch(message.rawPayload.toString('latin1'), /\/r\/[0-9A-Za-z]{32}/);
        for (const [format, f] of Object.entries<Expected>(e.einvoice)) {
          const file = await get(`/v1/documents/${e.document_id}/einvoice?format=${format}`, token);
          assert.equal(file.statusCode, 200, file.body);
          assert.equal(sha256(file.rawPayload), f.sha256, `${e.env}: the kept ${format} file`);
          assert.equal(file.headers['svc-einvoice-digest'], f.digest);
        }
      }
      // The recipient link the sandbox's message carries still opens its document, with its files.
      const r = x.recipient;
      const view = await svc.req('GET', `/v1/recipient/${r.token}`);
      assert.equal(view.status, 200, view.text);
      assertSubset(view.body, r.view, 'recipient view');
      const files = x.external.find((e: Expected) => e.document_id === r.document_id).einvoice;
      for (const format of ['ubl', 'facturx']) {
        const file = await get(`/v1/recipient/${r.token}/einvoice?format=${format}`);
        assert.equal(file.statusCode, 200, file.body);
        assert.equal(sha256(file.rawPayload), files[format].sha256, `the recipient's ${format} file`);
      }
    });

    test('the live message the previous release stored and parked is sent byte for byte once SMTP is set', async () => {
      const e = x.external.find((d: Expected) => d.env === 'live');
      const [recorded] = e.deliveries;
      assert.equal(recorded.status, 'queued', 'parked: the previous release had no DOCEX_SMTP_URL');
      const before = sink.received.length;
      await deliverEmails(svc.ctx);
      const got = sink.received.slice(before).filter((m) => m.to.includes(recorded.to));
      assert.equal(got.length, 1, 'sent once');
      const served = await get(
        `/v1/documents/${e.document_id}/deliveries/${e.delivery_id}/message`,
        seller(),
      );
      assert.equal(
        served.headers['repr-digest'],
        `sha-256=:${Buffer.from(e.message_sha256, 'hex').toString('base64')}:`,
      );
      // SMTP is handed the stored bytes (the server keeps all but the final dot line).
      const norm = (b: Buffer) => b.toString('latin1').replace(/(\r\n)+$/, '');
      assert.ok(
        [norm(got[0]!.raw), `${norm(got[0]!.raw)}\r\n`].some(
          (m) => sha256(Buffer.from(m, 'latin1')) === e.message_sha256,
        ),
        'the bytes sent are the bytes stored',
      );
      const list = await svc.req<{ data: Expected[] }>(
        'GET',
        `/v1/documents/${e.document_id}/deliveries?limit=100`,
        { token: seller() },
      );
      const [now] = list.body.data;
      assert.equal(now.id, recorded.id);
      assert.equal(now.status, 'sent');
      assert.equal(now.message_id, recorded.message_id, 'the same Message-ID');
      assert.equal(now.attempts.at(-1).smtp_code, 250);
    });

    test('a key over its limits is refused, counting what it paid before the upgrade', async () => {
      // buyer_limited: max_per_payment 500 USD, daily_volume 800 USD; it paid 140 USD at the seed.
      const invoice = async (amount: number) => {
        const c = await svc.req<{ id: string }>('POST', '/v1/documents', {
          token: seller(),
          body: {
            connection_id: x.connection_id,
            document_type: 'invoice',
            currency: 'USD',
            line_items: [{ description: 'after the upgrade', quantity: 1, unit_price: amount, tax_rate: 0 }],
          },
        });
        assert.equal(c.status, 201, c.text);
        assert.equal(
          (await svc.req('POST', `/v1/documents/${c.body.id}/issue`, { token: seller() })).status,
          200,
        );
        const ok = await svc.req('POST', `/v1/documents/${c.body.id}/transition`, {
          token: buyer(),
          body: { to: 'approved' },
        });
        assert.equal(ok.status, 200, ok.text);
        return c.body.id;
      };
      const limited = keyOf('buyer_limited');
      const over = await svc.req<{ error: { code: string; details: { limit: string } } }>(
        'POST',
        `/v1/documents/${await invoice(600)}/pay`,
        { token: limited, body: {} },
      );
      assert.equal(over.status, 422, over.text);
      assert.equal(over.body.error.details.limit, 'max_per_payment');
      assert.equal(
        (await svc.req('POST', `/v1/documents/${await invoice(400)}/pay`, { token: limited, body: {} }))
          .status,
        202,
      );
      // 140 + 400 + 300 > 800; without the seed's 140 it would pass.
      const daily = await svc.req<{ error: { details: { limit: string } } }>(
        'POST',
        `/v1/documents/${await invoice(300)}/pay`,
        { token: limited, body: {} },
      );
      assert.equal(daily.status, 422, daily.text);
      assert.equal(daily.body.error.details.limit, 'daily_volume');
    });

    test('the log grows consistently with the checkpoint the previous release signed', async () => {
      // A write after the upgrade, exported: the export cuts a checkpoint covering it.
      const c = await svc.req<{ id: string }>('POST', '/v1/documents', {
        token: seller(),
        body: {
          connection_id: x.connection_id,
          document_type: 'quote',
          currency: 'USD',
          line_items: [{ description: 'after the upgrade', quantity: 1, unit_price: 5, tax_rate: 0 }],
        },
      });
      assert.equal(c.status, 201, c.text);
      const exp = await svc.app.inject({
        method: 'GET',
        url: `/v1/documents/${c.body.id}/export`,
        headers: { authorization: `Bearer ${seller()}` },
      });
      assert.equal(exp.statusCode, 200, exp.body);
      const latest = await svc.req<{ tree_size: number; root_hash: string; note: string }>(
        'GET',
        '/v1/provenance/checkpoint',
      );
      assert.equal(latest.status, 200, latest.text);
      assert.ok(latest.body.tree_size > x.checkpoint.tree_size, 'the log has grown');
      const proof = await svc.req<{ proof: string[] }>(
        'GET',
        `/v1/provenance/consistency?from=${x.checkpoint.tree_size}&to=${latest.body.tree_size}`,
      );
      assert.equal(proof.status, 200, proof.text);
      assert.ok(
        verifyConsistency(
          x.checkpoint.tree_size,
          latest.body.tree_size,
          proof.body.proof.map((p) => Buffer.from(p, 'base64')),
          Buffer.from(x.checkpoint.root_hash, 'base64'),
          Buffer.from(latest.body.root_hash, 'base64'),
        ),
        'the consistency proof verifies',
      );
    });

    test('pending webhook retries are delivered after the upgrade, signed with a secret the receiver holds', async () => {
      const received: { headers: IncomingMessage['headers']; body: Buffer }[] = [];
      const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ headers: req.headers, body: Buffer.concat(chunks) });
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      const port = (server.address() as { port: number }).port;
      try {
        const pending: { event_id: string; org: string }[] = [];
        for (const [org, hook] of Object.entries<Expected>(x.webhooks)) {
          const session = x.orgs[org].session;
          const list = await svc.req<{ data: { id: string; status: string }[] }>(
            'GET',
            `/v1/webhooks/${hook.id}/deliveries?limit=100`,
            { token: session },
          );
          assert.equal(list.status, 200, list.text);
          for (const d of x.pending_deliveries[org]) {
            const now = list.body.data.find((n) => n.id === d.id);
            assert.ok(now, `delivery ${d.id} is still there`);
            if (d.status === 'pending') pending.push({ event_id: d.event_id, org });
          }
          const moved = await svc.req('PATCH', `/v1/webhooks/${hook.id}`, {
            token: session,
            body: { url: `http://127.0.0.1:${port}/hooks` },
          });
          assert.equal(moved.status, 200, moved.text);
        }
        assert.ok(pending.length > 0, 'the fixture holds pending retries');
        // Past every retry's time (the longest first backoff is minutes), within the sessions' 12 hours.
        const op = await svc.req('POST', '/v1/test_helpers/clock', {
          token: x.operator_token,
          body: { advance_seconds: 3600 },
        });
        assert.equal(op.status, 200, op.text);
        const worker = svc.startWorker();
        try {
          const deadline = Date.now() + 30_000;
          const ids = () => new Set(received.map((r) => String(r.headers['svc-webhook-id'])));
          while (!pending.every((p) => ids().has(p.event_id)) && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, 100));
          }
        } finally {
          await worker.stop();
        }
        for (const p of pending) {
          const got = received.find((r) => r.headers['svc-webhook-id'] === p.event_id);
          assert.ok(got, `pending delivery of ${p.event_id} arrived`);
          // The receiver holds the secret it had before the upgrade (for the seller, the one its
          // rotation gave; the one before it stops signing when the window ends anyway).
          const event = verifyWebhook({
            rawBody: got.body,
            headers: got.headers as Record<string, string>,
            secrets: x.webhooks[p.org].secret,
            now: svc.ctx.clock.now(),
          });
          assert.equal(event.id, p.event_id);
        }
      } finally {
        server.close();
      }
    });

    test('the scheduled payment executes on its date; sessions end 12 hours after they began', async () => {
      const before = await svc.req<{ status: string; payment: { status: string; scheduled_for: string } }>(
        'GET',
        `/v1/documents/${x.scheduled.id}`,
        { token: buyer() },
      );
      assert.equal(before.body.status, 'payment_scheduled');
      assert.equal(before.body.payment.scheduled_for, x.scheduled.scheduled_for);
      // 13 hours after the seed: every session it began has ended; the key still works.
      await svc.req('POST', '/v1/test_helpers/clock', {
        token: x.operator_token,
        body: { now: new Date(new Date(x.seed_end).getTime() + 13 * 3600_000).toISOString() },
      });
      for (const o of Object.values<Expected>(x.orgs)) {
        assert.equal((await svc.req('GET', '/v1/keys', { token: o.session })).status, 401);
      }
      // The key that expired at 06:00 has; the rotated key's old half is still in its 24 hours.
      const docs = (name: string) => svc.req('GET', '/v1/documents?limit=1', { token: keyOf(name) });
      assert.equal((await docs('buyer_expiring')).status, 401);
      assert.equal((await docs('seller_rotated_old')).status, 200);
      await svc.req('POST', '/v1/test_helpers/clock', {
        token: x.operator_token,
        body: { now: `${x.scheduled.scheduled_for}T00:00:01.000Z` },
      });
      const worker = svc.startWorker();
      try {
        const deadline = Date.now() + 20_000;
        for (;;) {
          const d = await svc.req<{ status: string }>('GET', `/v1/documents/${x.scheduled.id}`, {
            token: buyer(),
          });
          if (d.body.status === 'paid' || Date.now() > deadline) {
            assert.equal(d.body.status, 'paid', d.text);
            break;
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        await worker.stop();
      }
      // A week on, the rotated key's grace is over; its successor works.
      assert.equal((await docs('seller_rotated_old')).status, 401);
      assert.equal((await docs('seller_rotated_new')).status, 200);
    });
  });
}
