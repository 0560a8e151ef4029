// E-invoices in the sandbox (issue 36): the demo counterparty has a complete legal profile of its
// own, frozen into documents like any party's, so once the sandbox organization has filled its
// profile every format downloads and passes the CEN rules and, both parties having an electronic
// address, Peppol BIS 3's: for an invoice the sandbox issues to the demo (the demo the buyer) and
// for a bill the demo sends (the demo the seller, a German one, whose national rules need a contact
// and the account it is paid into). A sandbox made before the profile existed (its demo without
// one) gets it from migration 0025, and its next export works.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { loadMigrations } from '../../src/db/migrate.ts';
import { legalProfileProblems } from '../../src/modules/identity/legal-profile.ts';
import { DEMO_COUNTERPARTY_PROFILE } from '../../src/modules/identity/sandbox.ts';
import { party } from '../helpers/document-setup.ts';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import { formatAsserts, validateEInvoice } from '../helpers/einvoice-validate.ts';
import { expectApiError } from '../helpers/expect.ts';
import { mintKey } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;

interface Sandbox {
  session: string;
  key: string;
  connectionId: string;
  demoId: string;
  demoProfile: unknown;
}

/** A live organization and its sandbox pair, with a sandbox key. */
async function sandbox(name: string): Promise<Sandbox> {
  const live = await party(svc, name);
  const res = await svc.req<{
    counterparty: { id: string; legal_profile: unknown };
    connection: { id: string };
    session: { token: string };
  }>('POST', '/v1/sandbox', { token: live.org.session });
  assert.equal(res.status, 201, res.text);
  const key = await mintKey(svc, res.body.session.token, ['documents:read', 'documents:write']);
  return {
    session: res.body.session.token,
    key: key.key,
    connectionId: res.body.connection.id,
    demoId: res.body.counterparty.id,
    demoProfile: res.body.counterparty.legal_profile,
  };
}

/** The sandbox organization's own profile: a German seller with a Peppol address. */
const SANDBOX_PROFILE = { ...SELLER, electronic_address: { scheme: '9930', value: 'DE123456789' } };

async function issueInvoice(s: Sandbox): Promise<string> {
  const c = await svc.req<{ id: string }>('POST', '/v1/documents', {
    token: s.key,
    body: {
      connection_id: s.connectionId,
      document_type: 'invoice',
      currency: 'EUR',
      line_items: [{ description: 'Practice consulting', quantity: 3, unit_price: 120, tax_rate: 0.19 }],
    },
  });
  assert.equal(c.status, 201, c.text);
  const i = await svc.req('POST', `/v1/documents/${c.body.id}/issue`, { token: s.key });
  assert.equal(i.status, 200, i.text);
  return c.body.id;
}

/** Every format answers 200; UBL and CII pass CEN, and UBL (the Peppol syntax, CONTRACT 9) Peppol too. */
async function assertEveryFormat(s: Sandbox, id: string): Promise<void> {
  for (const syntax of ['ubl', 'cii'] as const) {
    const res = await svc.req('GET', `/v1/documents/${id}/einvoice?format=${syntax}`, { token: s.key });
    assert.equal(res.status, 200, res.text);
    const r = await validateEInvoice(res.text, syntax, { peppol: syntax === 'ubl' });
    assert.equal(r.fatal.length, 0, `${syntax} fatal asserts:\n${formatAsserts(r.fatal)}\n${res.text}`);
    if (syntax === 'ubl') assert.match(res.text, /urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/);
    assert.ok(res.text.includes('Demo Counterparty (docex sandbox)'), `${syntax} names the demo`);
  }
  const pdf = await svc.req('GET', `/v1/documents/${id}/einvoice?format=facturx`, { token: s.key });
  assert.equal(pdf.status, 200, pdf.text);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
}

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

describe('the demo counterparty has a legal profile', () => {
  test('complete, valid by the same checks as any profile, and shown in the pair', async () => {
    const s = await sandbox('Profile Co');
    // Shown with the identifiers the operator verified (1.18.0): none, for the demo counterparty.
    const { verified_identifiers, ...shown } = s.demoProfile as Record<string, unknown>;
    assert.deepEqual(verified_identifiers, []);
    assert.deepEqual(shown, DEMO_COUNTERPARTY_PROFILE);
    assert.deepEqual(legalProfileProblems(DEMO_COUNTERPARTY_PROFILE), []);
    for (const field of ['vat_id', 'electronic_address', 'payment_account', 'contact'] as const)
      assert.ok(DEMO_COUNTERPARTY_PROFILE[field], field);
  });

  test('before the sandbox fills its own profile, the export names only the sandbox', async () => {
    const s = await sandbox('Unfilled Co');
    const id = await issueInvoice(s);
    const res = await svc.req<{ error: { details: { missing: { party: string }[] } } }>(
      'GET',
      `/v1/documents/${id}/einvoice?format=ubl`,
      { token: s.key },
    );
    expectApiError(res, 422, 'einvoice_incomplete');
    const parties = new Set(res.body.error.details.missing.map((m) => m.party));
    assert.deepEqual([...parties], ['issuer'], 'nothing is asked of the demo counterparty');
  });
});

describe('every format downloads in the sandbox and passes CEN and Peppol', () => {
  let s: Sandbox;
  before(async () => {
    s = await sandbox('Exporter Co');
    const set = await svc.req('PATCH', '/v1/organization', { token: s.session, body: SANDBOX_PROFILE });
    assert.equal(set.status, 200, set.text);
  });

  test('an invoice the sandbox issues to the demo counterparty (the demo the buyer)', async () => {
    const id = await issueInvoice(s);
    const doc = await svc.ctx.db
      .selectFrom('documents')
      .select('counterparty_profile')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(doc.counterparty_profile, DEMO_COUNTERPARTY_PROFILE, 'frozen at issue');
    await assertEveryFormat(s, id);
  });

  test('a bill the demo counterparty sends (the demo the seller)', async () => {
    const bill = await svc.req<{ id: string }>('POST', '/v1/sandbox/bills', {
      token: s.key,
      body: { total: 250, currency: 'EUR' },
    });
    assert.equal(bill.status, 201, bill.text);
    await assertEveryFormat(s, bill.body.id);
  });
});

describe('a sandbox made before the demo counterparty had a profile', () => {
  test('migration 0025 gives it one, and a document issued without it then exports', async () => {
    const s = await sandbox('Early Co');
    assert.equal(
      (await svc.req('PATCH', '/v1/organization', { token: s.session, body: SANDBOX_PROFILE })).status,
      200,
    );
    // As it was before this change: the demo counterparty without a profile.
    await svc.ctx.db
      .updateTable('organizations')
      .set({ legal_profile: null })
      .where('id', '=', s.demoId)
      .execute();
    const id = await issueInvoice(s);
    const refused = await svc.req<{ error: { details: { missing: { party: string }[] } } }>(
      'GET',
      `/v1/documents/${id}/einvoice?format=cii`,
      { token: s.key },
    );
    expectApiError(refused, 422, 'einvoice_incomplete');
    assert.ok(refused.body.error.details.missing.every((m) => m.party === 'counterparty'));

    const migration = loadMigrations().find((m) => m.id.startsWith('0025_'));
    assert.ok(migration, 'migration 0025');
    await sql.raw(migration.sql).execute(svc.ctx.db);
    const demo = await svc.ctx.db
      .selectFrom('organizations')
      .select('legal_profile')
      .where('id', '=', s.demoId)
      .executeTakeFirstOrThrow();
    // The migration and new sandboxes give the same profile.
    assert.deepEqual(demo.legal_profile, DEMO_COUNTERPARTY_PROFILE);
    await assertEveryFormat(s, id);
  });

  test('the migration leaves every other organization as it was', async () => {
    const before = await svc.ctx.db
      .selectFrom('organizations')
      .select(['id', 'legal_profile'])
      .where('demo', '=', false)
      .orderBy('id')
      .execute();
    const migration = loadMigrations().find((m) => m.id.startsWith('0025_'));
    await sql.raw(migration!.sql).execute(svc.ctx.db);
    const afterRows = await svc.ctx.db
      .selectFrom('organizations')
      .select(['id', 'legal_profile'])
      .where('demo', '=', false)
      .orderBy('id')
      .execute();
    assert.deepEqual(afterRows, before);
    assert.ok(
      before.some((o) => o.legal_profile === null),
      'organizations without a profile keep none',
    );
  });
});
