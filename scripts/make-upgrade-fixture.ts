// Makes the upgrade test's fixture (docs/upgrading.md): the previous release, run from a git
// worktree of its commit, seeded over HTTP with every kind of state, then packed as it lies on
// disk (the PGlite data directory with its master-key file) and as a pg_dump of a PostgreSQL
// database (with its DOCEX_MASTER_KEY), each with expected.json: what the seed recorded (ids,
// tokens, passwords, secrets, digests, cursors, signed URLs, balances, the log's checkpoint).
// test/upgrade/upgrade.test.ts starts the current code on them and checks every promise.
//
//   node --import tsx scripts/make-upgrade-fixture.ts --release 1.17.0 --commit b284045 \
//     [--node-modules <dir of that commit's installed node_modules>] [--engines pglite,postgres]
//
// PostgreSQL needs DATABASE_URL (an admin URL; a scratch database is created and dropped).
// The seed moves the previous release's test clock to SEED_AT, a fixed instant far ahead, so the
// test can resume the service at the seed's own time (sessions last 12 hours, signed URLs 15
// minutes) however much later it runs.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';

/** Where the seed sets the previous release's test clock before anything else. */
export const SEED_AT = '2050-01-03T00:00:00.000Z';
export const FIXTURE_OPERATOR_TOKEN = 'op_upgrade_fixture_operator_token_000000';
export const FIXTURE_BASE_URL = 'https://docex.upgrade.test';
/** The deployment's mail settings (CONTRACT 11.2, 11.5): the test starts the current code with the same. */
export const FIXTURE_MAIL_FROM = 'billing@docex.upgrade.test';
export const FIXTURE_INBOUND_DOMAIN = 'inbound.docex.upgrade.test';

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? process.argv[i + 1] : fallback;
  if (v === undefined) {
    console.error(`usage: make-upgrade-fixture --release <x.y.z> --commit <sha> [--node-modules <dir>]`);
    process.exit(2);
  }
  return v;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the previous release's JSON answers, read loosely
type Json = any;

interface Res {
  status: number;
  text: string;
  body: Json;
  headers: Headers;
}

function client(base: string) {
  return async function req(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; idem?: boolean } = {},
  ): Promise<Res> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && opts.idem !== false)
      headers['idempotency-key'] = `idem_${randomBytes(12).toString('hex')}`;
    const r = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await r.text();
    let body: Json = null;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: r.status, text, body, headers: r.headers };
  };
}

function must(res: Res, status: number, what: string): Json {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text}`);
  return res.body;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const line = (description: string, unit_price: number, extra: Record<string, unknown> = {}) => ({
  description,
  quantity: 2,
  unit_price,
  tax_rate: 0.2,
  ...extra,
});
// The previous release's scopes, written out rather than imported from src/lib/scopes.ts: this
// script seeds the release it names, and a scope the current code adds would be refused there.
const ALL_SCOPES = [
  'documents:read',
  'documents:write',
  'payments:read',
  'payments:write',
  'treasury:read',
  'provenance:read',
  'keys:manage',
];

// Legal profiles (CONTRACT 9): a German issuer (a non-ASCII street, a payment account) and a French
// buyer, as the e-invoice tests give their parties; both pass the EN 16931 rules, so the e-invoice
// files are attached to the emails rather than omitted.
const issuerProfile = (legal_name: string) => ({
  legal_name,
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
  vat_id: 'DE123456789',
  legal_registration_id: { value: 'HRB 123456 B' },
  contact: { name: 'Jo Sales', phone: '+49 30 123456', email: 'billing@seller.upgrade.test' },
  payment_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_name: legal_name },
});
const BUYER_PROFILE = {
  legal_name: 'Acheteur SARL',
  address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
  vat_id: 'FR40303265045',
};

/** Seeds a running previous release; returns what expected.json records. */
export async function seed(base: string, release: string): Promise<Record<string, unknown>> {
  const req = client(base);
  // The password names the release that made it (the fixture of each release is its own).
  const PASSWORD = `upgrade fixture password, ${release}`;
  const op = { token: FIXTURE_OPERATOR_TOKEN };
  must(await req('POST', '/v1/test_helpers/clock', { ...op, body: { now: SEED_AT } }), 200, 'clock');

  const orgs: Record<string, { id: string; email: string; password: string; session: string }> = {};
  for (const name of ['seller', 'buyer']) {
    const email = `${name}@upgrade.test`;
    const b = must(
      await req('POST', '/v1/signup', {
        body: { organization_name: `Upgrade ${name}`, email, password: PASSWORD },
        idem: false,
      }),
      201,
      'signup',
    );
    orgs[name] = { id: b.organization.id, email, password: PASSWORD, session: b.session.token };
  }
  const seller = orgs.seller!;
  const buyer = orgs.buyer!;
  const con = must(
    await req('POST', '/v1/connections', {
      token: seller.session,
      body: { counterparty_organization_id: buyer.id },
    }),
    201,
    'connect',
  );
  must(await req('POST', `/v1/connections/${con.id}/accept`, { token: buyer.session }), 200, 'accept');
  for (const o of [seller, buyer]) {
    must(await req('POST', `/v1/operator/organizations/${o.id}/verify`, op), 200, 'verify');
    must(await req('POST', `/v1/operator/organizations/${o.id}/connect_processor`, op), 200, 'processor');
  }
  must(
    await req('POST', `/v1/operator/organizations/${buyer.id}/fund`, {
      ...op,
      body: { currency: 'USD', amount: 10000 },
    }),
    200,
    'fund',
  );

  // Keys in every state: live, limited (payment limits, CIDRs, an expiry), rotated (the old one in
  // its grace), revoked, expired-by-then.
  const mint = async (session: string, name: string, extra: Record<string, unknown> = {}) =>
    must(
      await req('POST', '/v1/keys', { token: session, body: { name, scopes: ALL_SCOPES, ...extra } }),
      201,
      'key',
    );
  const sk = await mint(seller.session, 'seller main');
  const bk = await mint(buyer.session, 'buyer main');
  const limited = await mint(buyer.session, 'buyer limited', {
    payment_limits: { max_per_payment: { USD: 500 }, daily_volume: { USD: 800 } },
    allowed_cidrs: ['127.0.0.0/8', '10.0.0.0/8'],
    expires_at: '2050-06-01T00:00:00.000Z',
  });
  const toRotate = await mint(seller.session, 'seller rotated');
  const rotated = must(
    await req('POST', `/v1/keys/${toRotate.id}/rotate`, { token: seller.session }),
    201,
    'rotate',
  );
  const revoked = await mint(seller.session, 'seller revoked');
  must(await req('POST', `/v1/keys/${revoked.id}/revoke`, { token: seller.session }), 200, 'revoke');
  const shortLived = await mint(buyer.session, 'buyer expiring', { expires_at: '2050-01-03T06:00:00.000Z' });
  const keys = {
    seller_main: { id: sk.id, key: sk.key, org: 'seller', works: true },
    buyer_main: { id: bk.id, key: bk.key, org: 'buyer', works: true },
    buyer_limited: { id: limited.id, key: limited.key, org: 'buyer', works: true },
    seller_rotated_old: { id: toRotate.id, key: toRotate.key, org: 'seller', works: true, grace: true },
    seller_rotated_new: { id: rotated.id, key: rotated.key, org: 'seller', works: true },
    seller_revoked: { id: revoked.id, key: revoked.key, org: 'seller', works: false },
    buyer_expiring: {
      id: shortLived.id,
      key: shortLived.key,
      org: 'buyer',
      works: true,
      expires_at: '2050-01-03T06:00:00.000Z',
    },
  };
  const keyViews: Record<string, unknown> = {};
  for (const [name, k] of Object.entries(keys)) {
    const session = k.org === 'seller' ? seller.session : buyer.session;
    keyViews[name] = must(await req('GET', `/v1/keys/${k.id}`, { token: session }), 200, 'key view');
  }

  // Webhooks: one endpoint per live organization on a port where nothing listens, so every
  // delivery fails and waits for its retry; the seller's secret rotated (both sign for 24 hours).
  const hooks: Record<string, { id: string; secret: string; previous_secret?: string }> = {};
  for (const [name, o] of Object.entries(orgs)) {
    const e = must(
      await req('POST', '/v1/webhooks', {
        token: o.session,
        body: { url: 'http://127.0.0.1:9/hooks', events: [] },
      }),
      201,
      'webhook',
    );
    hooks[name] = { id: e.id, secret: e.secret };
  }
  const rot = must(
    await req('POST', `/v1/webhooks/${hooks.seller!.id}/rotate_secret`, { token: seller.session }),
    200,
    'rotate secret',
  );
  hooks.seller = { id: hooks.seller!.id, secret: rot.secret, previous_secret: hooks.seller!.secret };

  // Documents in every state, with histories, lineage and an attachment.
  const docs: string[] = [];
  const create = async (type: string, extra: Record<string, unknown> = {}) => {
    const d = must(
      await req('POST', '/v1/documents', {
        token: sk.key,
        body: {
          connection_id: con.id,
          document_type: type,
          currency: 'USD',
          line_items: [
            line(`${type} line`, 50),
            line('exempt', 10, {
              tax_rate: 0,
              tax_category: 'E',
              tax_exemption_reason: 'Exempt',
              unit_code: 'HUR',
            }),
          ],
          notes: `seeded ${type}`,
          ...extra,
        },
      }),
      201,
      'create',
    );
    docs.push(d.id);
    return d;
  };
  const issue = async (id: string) =>
    must(await req('POST', `/v1/documents/${id}/issue`, { token: sk.key }), 200, 'issue');
  const move = async (id: string, to: string, token = bk.key, extra: Record<string, unknown> = {}) =>
    must(
      await req('POST', `/v1/documents/${id}/transition`, { token, body: { to, ...extra } }),
      200,
      `to ${to}`,
    );

  await create('invoice'); // draft
  const edited = await create('invoice');
  must(
    await req('PATCH', `/v1/documents/${edited.id}`, { token: sk.key, body: { notes: 'edited draft' } }),
    200,
    'edit',
  );
  const po = await create('purchase_order');
  await issue(po.id);
  await move(po.id, 'approved');
  const fromPo = await create('invoice', { derived_from: po.id });
  await issue(fromPo.id); // submitted, with lineage
  const ack = await create('invoice');
  await issue(ack.id);
  await move(ack.id, 'acknowledged');
  const disputed = await create('invoice');
  await issue(disputed.id);
  await move(disputed.id, 'disputed');
  const voided = await create('invoice');
  await issue(voided.id);
  await move(voided.id, 'void', sk.key);
  const quote = await create('quote');
  await issue(quote.id);
  const credit = await create('credit_note');
  await issue(credit.id);
  await move(credit.id, 'approved');
  const paid = await create('invoice');
  await issue(paid.id);
  await move(paid.id, 'approved');
  must(await req('POST', `/v1/documents/${paid.id}/pay`, { token: limited.key, body: {} }), 202, 'pay');
  const scheduled = await create('invoice');
  await issue(scheduled.id);
  await move(scheduled.id, 'approved');
  await move(scheduled.id, 'payment_scheduled', bk.key, { scheduled_for: '2050-01-10' });
  const withFiles = await create('invoice');
  const fileBytes = Buffer.from('The terms, as agreed.\n');
  const att = must(
    await req('POST', `/v1/documents/${withFiles.id}/attachments`, {
      token: sk.key,
      body: {
        filename: 'terms.txt',
        content_type: 'text/plain',
        content_base64: fileBytes.toString('base64'),
      },
    }),
    201,
    'attach',
  );
  await issue(withFiles.id);
  await move(withFiles.id, 'approved');

  // The sandbox: its owner's practice organization, a bill from the demo counterparty, paid.
  const sb = must(await req('POST', '/v1/sandbox', { token: seller.session }), 201, 'sandbox');
  const sbKey = await mint(sb.session.token, 'sandbox key');
  const sbBill = must(
    await req('POST', '/v1/sandbox/bills', { token: sbKey.key, body: { total: 120, currency: 'USD' } }),
    201,
    'bill',
  );
  must(
    await req('POST', `/v1/documents/${sbBill.id}/pay`, { token: sbKey.key, body: {} }),
    202,
    'sandbox pay',
  );

  // Wait for the worker: payments settled, webhook deliveries attempted (and failed), the log
  // checkpointed past every entry.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const p = must(await req('GET', `/v1/documents/${paid.id}`, { token: sk.key }), 200, 'doc');
    const s = must(await req('GET', `/v1/documents/${sbBill.id}`, { token: sbKey.key }), 200, 'doc');
    const d = must(
      await req('GET', `/v1/webhooks/${hooks.buyer!.id}/deliveries?limit=1`, { token: buyer.session }),
      200,
      'deliveries',
    );
    if (p.status === 'paid' && s.status === 'paid' && d.data.length > 0 && d.data[0].attempts.length > 0)
      break;
    if (Date.now() > deadline)
      throw new Error(`the worker did not catch up: ${p.status} ${s.status} ${JSON.stringify(d.data[0])}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  // Reach (1.16.0, CONTRACT 11) and the bank rail (1.17.0, CONTRACT 12), made after everything
  // above so the older state is as an older seed made it. Legal profiles (CONTRACT 9) for the live
  // seller and the sandbox; the seller's bank account (its invoices carry an RF creditor
  // reference from then on); an external party of each, with an invoice issued to it: the issue
  // queues an email delivery, which the worker composes (rendering and keeping the Factur-X and
  // UBL files it attaches) and stores whole. In the sandbox it is then `simulated`, its message
  // readable (CONTRACT 11.2); live, with no DOCEX_SMTP_URL, it is parked `queued` with its message
  // stored, which the test sends after the upgrade.
  must(
    await req('PATCH', '/v1/organization', {
      token: seller.session,
      body: issuerProfile('Upgrade Seller GmbH'),
    }),
    200,
    'seller profile',
  );
  must(
    await req('PATCH', '/v1/organization', {
      token: sb.session.token,
      body: issuerProfile('Upgrade Sandbox GmbH'),
    }),
    200,
    'sandbox profile',
  );
  must(
    await req('POST', '/v1/bank_accounts', {
      token: seller.session,
      body: {
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        account_name: 'Upgrade Seller GmbH',
        currency: 'EUR',
      },
    }),
    201,
    'bank account',
  );
  const externals: Array<{
    env: 'live' | 'sandbox';
    viewer: 'seller' | 'sandbox';
    token: string;
    connection_id: string;
    document_id: string;
  }> = [];
  for (const [env, viewer, token] of [
    ['live', 'seller', sk.key],
    ['sandbox', 'sandbox', sbKey.key],
  ] as const) {
    const xp = must(
      await req('POST', '/v1/connections', {
        token,
        body: {
          external_party: {
            name: `Acheteur SARL (${env})`,
            email: `ap-${env}@acheteur.upgrade.test`,
            legal_profile: BUYER_PROFILE,
          },
        },
      }),
      201,
      'external party',
    );
    const inv = must(
      await req('POST', '/v1/documents', {
        token,
        body: {
          connection_id: xp.id,
          document_type: 'invoice',
          currency: 'EUR',
          due_date: '2050-02-01',
          line_items: [
            line('Beratung, März', 100, { tax_rate: 0.19 }),
            line('exempt', 10, {
              tax_rate: 0,
              tax_category: 'E',
              tax_exemption_reason: 'Exempt',
              unit_code: 'HUR',
            }),
          ],
          notes: `seeded invoice to an external party (${env})`,
        },
      }),
      201,
      'external invoice',
    );
    must(await req('POST', `/v1/documents/${inv.id}/issue`, { token }), 200, 'issue to external party');
    externals.push({ env, viewer, token, connection_id: xp.id, document_id: inv.id });
  }
  const deliveriesOf = async (e: { token: string; document_id: string }) =>
    must(
      await req('GET', `/v1/documents/${e.document_id}/deliveries?limit=100`, { token: e.token }),
      200,
      'deliveries',
    ).data;
  // The worker composes both messages: the sandbox's simulated, the live one parked (last_error
  // says DOCEX_SMTP_URL is unset; recorded before that, the view would still move).
  const deliveryDeadline = Date.now() + 120_000;
  for (;;) {
    const lists = await Promise.all(externals.map(deliveriesOf));
    const done = lists.every(
      (l, i) =>
        l.length === 1 &&
        (externals[i]!.env === 'sandbox' ? l[0].status === 'simulated' : l[0].last_error !== null),
    );
    if (done) break;
    if (Date.now() > deliveryDeadline)
      throw new Error(`the deliveries were not composed: ${JSON.stringify(lists)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const raw = async (path: string, token: string, what: string) => {
    const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await r.arrayBuffer());
    if (r.status !== 200) throw new Error(`${what}: ${r.status} ${bytes}`);
    return { bytes, headers: r.headers };
  };
  const FORMATS = ['ubl', 'cii', 'facturx'] as const;
  const external: Record<string, unknown>[] = [];
  let recipient: Record<string, unknown> | null = null;
  for (const e of externals) {
    const [delivery] = await deliveriesOf(e);
    const message = await raw(
      `/v1/documents/${e.document_id}/deliveries/${delivery.id}/message`,
      e.token,
      'delivery message',
    );
    // The kept e-invoice files: the two the message attaches were written when it was composed;
    // the CII is written (and kept) now.
    const einvoice: Record<string, { sha256: string; digest: string | null; size: number }> = {};
    for (const format of FORMATS) {
      const f = await raw(
        `/v1/documents/${e.document_id}/einvoice?format=${format}`,
        e.token,
        `einvoice ${format}`,
      );
      einvoice[format] = {
        sha256: sha256(f.bytes),
        digest: f.headers.get('svc-einvoice-digest'),
        size: f.bytes.length,
      };
    }
    if (e.env === 'sandbox') {
      // The recipient link, as the API hands it out: in the message (the sandbox's is readable,
      // CONTRACT 11.2), in its quoted-printable text part (soft line breaks undone). Opening it
      // marks the delivery viewed, so the deliveries are recorded after.
      const text = message.bytes.toString('latin1').replace(/=\r\n/g, '');
      const prefix = `${FIXTURE_BASE_URL}/r/`;
      const at = text.indexOf(prefix);
      const token = at < 0 ? '' : text.slice(at + prefix.length, at + prefix.length + 32);
      if (!/^[0-9A-Za-z]{32}$/.test(token)) throw new Error('no recipient link in the sandbox message');
      // The first opening marks the delivery viewed; the second is the view as it stays.
      must(await req('GET', `/v1/recipient/${token}`), 200, 'recipient link');
      const view = must(await req('GET', `/v1/recipient/${token}`), 200, 'recipient link');
      recipient = { env: e.env, document_id: e.document_id, token, view };
    }
    external.push({
      env: e.env,
      viewer: e.viewer,
      connection_id: e.connection_id,
      connection: must(
        await req('GET', `/v1/connections/${e.connection_id}`, { token: e.token }),
        200,
        'connection',
      ),
      document_id: e.document_id,
      delivery_id: delivery.id,
      deliveries: await deliveriesOf(e),
      message_sha256: sha256(message.bytes),
      message_size: message.bytes.length,
      einvoice,
    });
  }
  docs.push(externals[0]!.document_id);
  const organizations = {
    seller: must(await req('GET', '/v1/organization', { token: sk.key }), 200, 'organization'),
    sandbox: must(await req('GET', '/v1/organization', { token: sbKey.key }), 200, 'organization'),
  };
  const bankAccounts = must(
    await req('GET', '/v1/bank_accounts', { token: sk.key }),
    200,
    'bank accounts',
  ).data;
  const directory = {
    vat_id: 'DE123456789',
    data: must(await req('GET', '/v1/directory?vat_id=DE123456789', { token: bk.key }), 200, 'directory')
      .data,
  };
  const inbound = must(await req('GET', '/v1/inbound', { token: sk.key }), 200, 'inbound address');

  // What each party sees of each document, its history and its bundle.
  const sbDocs = [sbBill.id, externals[1]!.document_id];
  const views: Record<string, unknown>[] = [];
  const viewers = [
    { org: 'seller', token: sk.key, ids: docs },
    { org: 'buyer', token: bk.key, ids: docs },
    { org: 'sandbox', token: sbKey.key, ids: sbDocs },
  ];
  for (const v of viewers) {
    for (const id of v.ids) {
      const doc = await req('GET', `/v1/documents/${id}`, { token: v.token });
      if (doc.status === 404) continue; // the buyer does not see the seller's drafts
      must(doc, 200, 'doc');
      const history = must(
        await req('GET', `/v1/documents/${id}/history`, { token: v.token }),
        200,
        'history',
      );
      const exp = await fetch(`${base}/v1/documents/${id}/export`, {
        headers: { authorization: `Bearer ${v.token}` },
      });
      const bytes = Buffer.from(await exp.arrayBuffer());
      if (exp.status !== 200) throw new Error(`export ${id}: ${exp.status} ${bytes}`);
      views.push({
        viewer: v.org,
        id,
        document: doc.body,
        history: history,
        bundle_digest: exp.headers.get('svc-bundle-digest'),
        bundle_sha256: sha256(bytes),
        bundle_base64: bytes.toString('base64'),
      });
    }
  }

  const checkpoint = must(await req('GET', '/v1/provenance/checkpoint'), 200, 'checkpoint');
  const provenanceKeys = must(await req('GET', '/v1/provenance/keys'), 200, 'keys');
  const balances = {
    buyer: must(await req('GET', '/v1/treasury/accounts', { token: bk.key }), 200, 'accounts').data,
    seller: must(await req('GET', '/v1/treasury/accounts', { token: sk.key }), 200, 'accounts').data,
    sandbox: must(await req('GET', '/v1/treasury/accounts', { token: sbKey.key }), 200, 'accounts').data,
  };
  const payments = must(await req('GET', '/v1/payments?limit=100', { token: bk.key }), 200, 'payments').data;
  // A cursor: page 1 of three, and the page its cursor opens.
  const page1 = must(await req('GET', '/v1/documents?limit=3', { token: sk.key }), 200, 'page 1');
  const page2 = must(
    await req('GET', `/v1/documents?limit=3&cursor=${encodeURIComponent(page1.next_cursor)}`, {
      token: sk.key,
    }),
    200,
    'page 2',
  );
  const pendingDeliveries: Record<string, unknown> = {};
  for (const [name, h] of Object.entries(hooks)) {
    pendingDeliveries[name] = must(
      await req('GET', `/v1/webhooks/${h.id}/deliveries?limit=100`, { token: orgs[name]!.session }),
      200,
      'deliveries',
    ).data;
  }
  // Last, so the test finds them fresh: a signed URL (15 minutes) and a new session (12 hours).
  const url = must(
    await req('POST', `/v1/documents/${withFiles.id}/attachments/${att.id}/download_url`, { token: bk.key }),
    200,
    'download url',
  );
  const clock = must(await req('GET', '/v1/test_helpers/clock', op), 200, 'clock');

  return {
    seed_at: SEED_AT,
    seed_end: clock.now,
    base_url: FIXTURE_BASE_URL,
    operator_token: FIXTURE_OPERATOR_TOKEN,
    orgs,
    sandbox: { id: sb.organization.id, session: sb.session.token, key: sbKey.key },
    connection_id: con.id,
    keys,
    key_views: keyViews,
    webhooks: hooks,
    pending_deliveries: pendingDeliveries,
    documents: views,
    scheduled: { id: scheduled.id, scheduled_for: '2050-01-10' },
    attachment: { document_id: withFiles.id, id: att.id, sha256: sha256(fileBytes), download_url: url },
    checkpoint,
    provenance_keys: provenanceKeys.data,
    balances,
    payments,
    cursor: {
      first: page1.data.map((d: { id: string }) => d.id),
      next_cursor: page1.next_cursor,
      second: page2.data.map((d: { id: string }) => d.id),
    },
    mail_from: FIXTURE_MAIL_FROM,
    inbound_domain: FIXTURE_INBOUND_DOMAIN,
    organizations,
    bank_accounts: bankAccounts,
    directory,
    inbound,
    external,
    recipient,
  };
}

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the previous release exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the previous release did not become ready');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function runSeed(
  worktree: string,
  release: string,
  env: Record<string, string>,
): Promise<Record<string, unknown>> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['bin/docex.mjs', 'serve'], {
    cwd: worktree,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DOCEX_BASE_URL: FIXTURE_BASE_URL,
      DOCEX_TEST_CLOCK: '1',
      DOCEX_OPERATOR_TOKEN: FIXTURE_OPERATOR_TOKEN,
      DOCEX_MAIL_FROM: FIXTURE_MAIL_FROM,
      DOCEX_INBOUND_DOMAIN: FIXTURE_INBOUND_DOMAIN,
      DOCEX_AUTH_RATE_LIMIT: '1000000',
      DOCEX_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitReady(base, child);
    return await seed(base, release);
  } finally {
    await stop(child);
  }
}

async function main(): Promise<void> {
  const release = arg('release');
  const commit = arg('commit');
  const engines = arg('engines', process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite').split(',');
  const repo = resolve(import.meta.dirname, '..');
  const out = join(repo, 'test/upgrade/fixtures', release);
  const worktree = join(tmpdir(), `docex-${release}`);
  if (!existsSync(worktree))
    execFileSync('git', ['-C', repo, 'worktree', 'add', '--detach', worktree, commit], { stdio: 'inherit' });
  if (!existsSync(join(worktree, 'node_modules'))) {
    const nm = process.argv.includes('--node-modules') ? arg('node-modules') : null;
    if (nm) execFileSync('cp', ['-al', nm, join(worktree, 'node_modules')]);
    else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: worktree, stdio: 'inherit' });
  }
  mkdirSync(out, { recursive: true });

  if (engines.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'docex-upgrade-pglite-'));
    try {
      const expected = await runSeed(worktree, release, { DOCEX_DATA_DIR: dataDir });
      mkdirSync(join(out, 'pglite'), { recursive: true });
      // The data directory as it lies on disk, master-key file included (the operator token file
      // is not: DOCEX_OPERATOR_TOKEN was set).
      // xz: 2.4 MB where gzip made 5.4 (most of it is the catalog and a WAL segment).
      execFileSync('tar', ['-cJf', join(out, 'pglite/data.tar.xz'), '-C', dataDir, '.']);
      writeFileSync(
        join(out, 'pglite/expected.json'),
        `${JSON.stringify({ release, commit, ...expected }, null, 1)}\n`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (engines.includes('postgres')) {
    const admin = process.env.DATABASE_URL;
    if (!admin) throw new Error('DATABASE_URL is needed for the PostgreSQL fixture');
    const name = `docex_upgrade_seed_${randomBytes(4).toString('hex')}`;
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database "${name}"`);
    const masterKey = randomBytes(32).toString('base64');
    try {
      const expected = await runSeed(worktree, release, {
        DATABASE_URL: url.toString(),
        DOCEX_MASTER_KEY: masterKey,
      });
      mkdirSync(join(out, 'postgres'), { recursive: true });
      // Plain SQL with INSERTs (no COPY), so the test restores it through the pg driver alone.
      const dump = execFileSync('pg_dump', ['--no-owner', '--no-privileges', '--inserts', url.toString()], {
        maxBuffer: 1 << 30,
      });
      // pg_dump since 15.14 wraps the script in psql's \restrict/\unrestrict meta-commands,
      // which only psql understands; the SQL between them is all a restore needs.
      const plain = dump
        .toString('utf8')
        .split('\n')
        .filter((l) => !/^\\(un)?restrict /.test(l))
        .join('\n');
      writeFileSync(join(out, 'postgres/dump.sql.gz'), gzipSync(plain, { level: 9 }));
      writeFileSync(
        join(out, 'postgres/expected.json'),
        `${JSON.stringify({ release, commit, master_key: masterKey, ...expected }, null, 1)}\n`,
      );
    } finally {
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    }
  }
  console.log(`fixture written to ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('make-upgrade-fixture.ts')) {
  await main();
}
