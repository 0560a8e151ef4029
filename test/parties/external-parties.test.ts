// CONTRACT 11.1, external parties: a counterparty that is not on docex, added with a name, an
// email and an optional legal profile; an active connection at once; documents on it created and
// issued as on any other, numbered on the party's side by its own sequence, its profile in BG-7
// (judged by the CEN/Peppol artefacts); edits by its owner only; the 10,001st refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { formatAsserts, validateEInvoice } from '../helpers/einvoice-validate.ts';
import { assertNamesField, expectApiError } from '../helpers/expect.ts';
import { mintKey } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

interface Counterparty {
  id: string;
  name: string;
  external?: boolean;
  email?: string;
  legal_profile?: Record<string, unknown> | null;
  notify_status?: boolean;
}
interface ConnectionBody {
  id: string;
  status: string;
  environment: string;
  counterparty: Counterparty;
}

let svc: TestService;
let a: Party;
let b: Party;

before(async () => {
  svc = await startTestService();
  [a, b] = await Promise.all([makeParty(svc, 'Seller Co'), makeParty(svc, 'Other Co')]);
  const set = await svc.req('PATCH', '/v1/organization', { token: a.org.session, body: SELLER });
  assert.equal(set.status, 200, set.text);
});
after(async () => {
  await svc?.close();
});

function addParty(token: string, external_party: unknown, idem?: string) {
  return svc.req<ConnectionBody>('POST', '/v1/connections', {
    token,
    body: { external_party },
    ...(idem ? { idem } : {}),
  });
}

async function added(token: string, external_party: Record<string, unknown>): Promise<ConnectionBody> {
  const r = await addParty(token, external_party);
  assert.equal(r.status, 201, r.text);
  return r.body;
}

async function issue(token: string, connectionId: string, extra: Record<string, unknown> = {}) {
  const c = await svc.req<DocumentView>('POST', '/v1/documents', {
    token,
    body: {
      connection_id: connectionId,
      document_type: 'invoice',
      currency: 'EUR',
      line_items: [{ description: 'Consulting', quantity: 2, unit_price: 100, tax_rate: 0.19 }],
      ...extra,
    },
  });
  assert.equal(c.status, 201, c.text);
  const i = await svc.req<DocumentView>('POST', `/v1/documents/${c.body.id}/issue`, { token });
  assert.equal(i.status, 200, i.text);
  return i.body;
}

async function counterpartyNumber(documentId: string): Promise<string | null> {
  const row = await svc.ctx.db
    .selectFrom('documents')
    .select('counterparty_number')
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  return row.counterparty_number;
}

describe('adding an external party', () => {
  test('201: an active connection whose counterparty is {id: xp_…, name, external, email}', async () => {
    const c = await added(a.org.session, { name: 'Customer SARL', email: 'accounts@customer.example' });
    assert.equal(c.status, 'active');
    assert.equal(c.environment, 'live');
    assert.match(c.counterparty.id, /^xp_[0-9A-Za-z]{22}$/);
    assert.deepEqual(c.counterparty, {
      id: c.counterparty.id,
      name: 'Customer SARL',
      external: true,
      email: 'accounts@customer.example',
      legal_profile: null,
      notify_status: true,
    });
    const got = await svc.req<ConnectionBody>('GET', `/v1/connections/${c.id}`, { token: a.key });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, c);
    const list = await svc.req<{ data: ConnectionBody[] }>('GET', '/v1/connections', { token: a.key });
    assert.ok(list.body.data.some((x) => x.id === c.id && x.counterparty.external === true));
    // Nobody else sees it.
    expectApiError(await svc.req('GET', `/v1/connections/${c.id}`, { token: b.key }), 404, 'not_found');
  });

  test('a key with documents:write may add one; a documents:read key names the scope it lacks', async () => {
    const c = await added(a.key, { name: 'By Key Ltd', email: 'ap@bykey.example', notify_status: false });
    assert.equal(c.counterparty.notify_status, false);
    const e = expectApiError(
      await addParty(a.readKey, { name: 'No', email: 'no@no.example' }),
      403,
      'insufficient_scope',
    );
    assert.equal(e.details?.required, 'documents:write');
    // Inviting an organization still needs an admin session, whatever the key holds.
    const e2 = expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: a.key,
        body: { counterparty_organization_id: b.org.orgId },
      }),
      403,
      'insufficient_scope',
    );
    assert.equal(e2.details?.required, 'admin_session');
  });

  test('the same Idempotency-Key replays the first answer and adds nothing', async () => {
    const idem = randomKey();
    const body = { name: 'Replay GmbH', email: 'replay@replay.example' };
    const first = await addParty(a.org.session, body, idem);
    const second = await addParty(a.org.session, body, idem);
    assert.equal(first.status, 201);
    assert.equal(second.text, first.text);
    const n = await svc.ctx.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', '=', 'Replay GmbH')
      .executeTakeFirstOrThrow();
    assert.equal(Number(n.n), 1);
  });

  test('header-injection-looking and non-ASCII names are stored and returned exactly as given', async () => {
    const name = 'Evil Corp\r\nBcc: victim@example.com\r\nSubject: pwned — Ünïcødé 請求書';
    const c = await added(a.org.session, { name, email: 'evil@evil.example' });
    assert.equal(c.counterparty.name, name);
    const again = await svc.req<ConnectionBody>('GET', `/v1/connections/${c.id}`, { token: a.key });
    assert.equal(again.body.counterparty.name, name);
  });

  test('an internationalized domain is accepted and kept as given', async () => {
    const c = await added(a.org.session, { name: 'Bücher AG', email: 'rechnung@bücher-müller.example' });
    assert.equal(c.counterparty.email, 'rechnung@bücher-müller.example');
  });

  const longLocal = `${'l'.repeat(65)}@example.com`;
  const longLabel = `x@${'d'.repeat(64)}.example`;
  const longDomain = `x@${Array.from({ length: 5 }, () => 'd'.repeat(60)).join('.')}.example`;
  const longTotal = `${'l'.repeat(64)}@${Array.from({ length: 4 }, () => 'd'.repeat(45)).join('.')}.example`;
  for (const [what, email] of [
    ['no @', 'billing.example.com'],
    ['no domain dot', 'billing@localhost'],
    ['a local part over 64 octets', longLocal],
    ['a domain label over 63', longLabel],
    ['a domain over 255 octets', longDomain],
    ['an address over 254 octets', longTotal],
    ['a space', 'bill ing@example.com'],
    ['CR/LF header injection', 'a@example.com\r\nBcc: b@example.com'],
    ['a quoted local part', '"a b"@example.com'],
    ['an IP literal', 'a@[127.0.0.1]'],
    ['two @', 'a@b@example.com'],
    ['a trailing dot', 'a@example.com.'],
    ['an empty local atom', 'a..b@example.com'],
  ] as const) {
    test(`invalid email (${what}) → 400 naming external_party.email`, async () => {
      assert.ok(what !== 'an address over 254 octets' || email.length > 254);
      const e = expectApiError(
        await addParty(a.org.session, { name: 'Bad Mail', email }),
        400,
        'invalid_request',
      );
      assertNamesField(e, 'external_party.email');
    });
  }

  test('a legal profile is checked as PATCH /v1/organization checks it, under external_party.legal_profile', async () => {
    const e = expectApiError(
      await addParty(a.org.session, {
        name: 'Bad Profile',
        email: 'x@bad.example',
        legal_profile: { ...BUYER, payment_account: { iban: 'DE89370400440532013001' } },
      }),
      400,
      'invalid_request',
    );
    assertNamesField(e, 'external_party.legal_profile.payment_account.iban');
    const e2 = expectApiError(
      await addParty(a.org.session, {
        name: 'No Address',
        email: 'x@bad.example',
        legal_profile: { legal_name: 'X' },
      }),
      400,
      'invalid_request',
    );
    assertNamesField(e2, 'external_party.legal_profile.address');
    for (const body of [{ email: 'x@y.example' }, { name: 'X' }, { name: '   ', email: 'x@y.example' }]) {
      expectApiError(await addParty(a.org.session, body), 400, 'invalid_request');
    }
  });

  test('exactly one way of naming the counterparty', async () => {
    const both = expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: a.org.session,
        body: {
          counterparty_organization_id: b.org.orgId,
          external_party: { name: 'X', email: 'x@x.example' },
        },
      }),
      400,
      'invalid_request',
    );
    assert.match(both.message, /exactly one/);
    expectApiError(
      await svc.req('POST', '/v1/connections', { token: a.org.session, body: {} }),
      400,
      'invalid_request',
    );
    expectApiError(
      await svc.req('POST', '/v1/connections', {
        token: a.org.session,
        body: { external_party: { name: 'X', email: 'x@x.example', unknown: 1 } },
      }),
      400,
      'invalid_request',
    );
  });

  test('an external party cannot be invited as an organization, by anyone (404)', async () => {
    const c = await added(a.org.session, { name: 'Private Party', email: 'p@private.example' });
    for (const who of [a, b]) {
      expectApiError(
        await svc.req('POST', '/v1/connections', {
          token: who.org.session,
          body: { counterparty_organization_id: c.counterparty.id },
        }),
        404,
        'not_found',
      );
    }
    // and the operator's flags never touch it
    const op = await svc.req('POST', `/v1/operator/organizations/${c.counterparty.id}/verify`, {
      token: 'op_test_operator_token_for_the_suite',
    });
    expectApiError(op, 404, 'not_found');
  });
});

describe('documents on an external connection', () => {
  test('created and issued as on any other; the party numbers its side with its own sequence', async () => {
    const one = await added(a.org.session, { name: 'Numbered One', email: 'one@numbered.example' });
    const two = await added(a.org.session, { name: 'Numbered Two', email: 'two@numbered.example' });
    const d1 = await issue(a.key, one.id);
    const d2 = await issue(a.key, one.id);
    const d3 = await issue(a.key, two.id);
    assert.equal(d1.status, 'submitted');
    assert.deepEqual(d1.counterparty, { id: one.counterparty.id, name: 'Numbered One' });
    assert.equal(await counterpartyNumber(d1.id), 'BILL-000001');
    assert.equal(await counterpartyNumber(d2.id), 'BILL-000002');
    assert.equal(await counterpartyNumber(d3.id), 'BILL-000001');
    // Issuer-side numbers stay the issuer's one sequence.
    assert.match(d1.number, /^INV-\d{6}$/);
    assert.notEqual(d1.number, d2.number);
    // history verifies like any document's
    const h = await svc.req<{ verified: boolean }>('GET', `/v1/documents/${d1.id}/history`, { token: a.key });
    assert.equal(h.status, 200);
    assert.equal(h.body.verified, true);
    // the issuer's own moves work (void)
    const v = await svc.req<DocumentView>('POST', `/v1/documents/${d2.id}/transition`, {
      token: a.key,
      body: { to: 'void' },
    });
    assert.equal(v.status, 200, v.text);
  });

  test("the party's legal profile is BG-7 of the e-invoices, which pass CEN and Peppol; issued ones keep it frozen", async () => {
    const peppolBuyer = { ...BUYER, electronic_address: { scheme: '0009', value: '30326504500012' } };
    const seller = { ...SELLER, electronic_address: { scheme: '9930', value: 'DE123456789' } };
    const q = await makeParty(svc, 'Peppol Seller');
    assert.equal(
      (await svc.req('PATCH', '/v1/organization', { token: q.org.session, body: seller })).status,
      200,
    );
    const c = await added(q.org.session, {
      name: 'Acheteur (external)',
      email: 'compta@acheteur.example',
      legal_profile: peppolBuyer,
    });
    assert.deepEqual(c.counterparty.legal_profile, peppolBuyer);
    const doc = await issue(q.key, c.id);
    const ubl = await svc.req('GET', `/v1/documents/${doc.id}/einvoice?format=ubl`, { token: q.key });
    assert.equal(ubl.status, 200, ubl.text);
    const r = await validateEInvoice(ubl.text, 'ubl', { peppol: true });
    assert.equal(r.fatal.length, 0, formatAsserts(r.fatal));
    assert.ok(ubl.text.includes('<cbc:RegistrationName>Acheteur SARL</cbc:RegistrationName>'));
    assert.ok(ubl.text.includes('<cbc:EndpointID schemeID="0009">30326504500012</cbc:EndpointID>'));
    // BT-10 defaults to the buyer's own number: the party's BILL-000001
    assert.ok(ubl.text.includes('<cbc:BuyerReference>BILL-000001</cbc:BuyerReference>'), ubl.text);
    const cii = await svc.req('GET', `/v1/documents/${doc.id}/einvoice?format=cii`, { token: q.key });
    assert.equal(cii.status, 200, cii.text);
    const rc = await validateEInvoice(cii.text, 'cii');
    assert.equal(rc.fatal.length, 0, formatAsserts(rc.fatal));

    // The owner edits the party: the issued document's files keep the frozen profile.
    const patched = await svc.req<ConnectionBody>('PATCH', `/v1/connections/${c.id}`, {
      token: q.key,
      body: { external_party: { legal_profile: { ...peppolBuyer, legal_name: 'Renamed SAS' } } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.counterparty.legal_profile?.legal_name, 'Renamed SAS');
    const again = await svc.req('GET', `/v1/documents/${doc.id}/einvoice?format=ubl`, { token: q.key });
    assert.equal(again.text, ubl.text);
    const later = await issue(q.key, c.id);
    const laterUbl = await svc.req('GET', `/v1/documents/${later.id}/einvoice?format=ubl`, { token: q.key });
    assert.ok(laterUbl.text.includes('Renamed SAS'));
    assert.ok(laterUbl.text.includes('<cbc:BuyerReference>BILL-000002</cbc:BuyerReference>'));
  });

  test('a party without a profile: the export names what BG-7 lacks (422), nothing crashes', async () => {
    const c = await added(a.org.session, { name: 'Profileless', email: 'np@np.example' });
    const doc = await issue(a.key, c.id);
    const e = expectApiError(
      await svc.req('GET', `/v1/documents/${doc.id}/einvoice?format=ubl`, { token: a.key }),
      422,
      'einvoice_incomplete',
    );
    const missing = (e.details as { missing: { party: string }[] }).missing;
    assert.ok(missing.length > 0 && missing.every((m) => m.party === 'counterparty'));
  });
});

describe('PATCH /v1/connections/{id}', () => {
  test('the owner edits name, email and notify_status; sent fields replace, the rest stays', async () => {
    const c = await added(a.org.session, { name: 'Before', email: 'before@x.example' });
    const r = await svc.req<ConnectionBody>('PATCH', `/v1/connections/${c.id}`, {
      token: a.org.session,
      body: { external_party: { name: 'After', email: 'after@x.example', notify_status: false } },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.counterparty.name, 'After');
    assert.equal(r.body.counterparty.email, 'after@x.example');
    assert.equal(r.body.counterparty.notify_status, false);
    const r2 = await svc.req<ConnectionBody>('PATCH', `/v1/connections/${c.id}`, {
      token: a.key,
      body: { external_party: { notify_status: true } },
    });
    assert.equal(r2.body.counterparty.name, 'After');
    assert.equal(r2.body.counterparty.notify_status, true);
    const bad = expectApiError(
      await svc.req('PATCH', `/v1/connections/${c.id}`, {
        token: a.key,
        body: { external_party: { email: 'not an email' } },
      }),
      400,
      'invalid_request',
    );
    assertNamesField(bad, 'external_party.email');
    expectApiError(
      await svc.req('PATCH', `/v1/connections/${c.id}`, { token: a.key, body: { external_party: {} } }),
      400,
      'invalid_request',
    );
  });

  test("another organization's connection, or an ordinary one: 404, never a hint", async () => {
    const c = await added(a.org.session, { name: 'Mine', email: 'mine@x.example' });
    const bWriter = await mintKey(svc, b.org.session, ['documents:write']);
    for (const token of [b.org.session, bWriter.key]) {
      expectApiError(
        await svc.req('PATCH', `/v1/connections/${c.id}`, {
          token,
          body: { external_party: { name: 'Hijacked' } },
        }),
        404,
        'not_found',
      );
    }
    const mine = await svc.req<ConnectionBody>('GET', `/v1/connections/${c.id}`, { token: a.key });
    assert.equal(mine.body.counterparty.name, 'Mine');
    // an ordinary connection between two organizations has no external party to edit
    const inv = await svc.req<{ id: string }>('POST', '/v1/connections', {
      token: a.org.session,
      body: { counterparty_organization_id: b.org.orgId },
    });
    assert.equal(inv.status, 201, inv.text);
    expectApiError(
      await svc.req('PATCH', `/v1/connections/${inv.body.id}`, {
        token: a.org.session,
        body: { external_party: { name: 'X' } },
      }),
      404,
      'not_found',
    );
    expectApiError(
      await svc.req('PATCH', '/v1/connections/conn_doesNotExist0000000000', {
        token: a.org.session,
        body: { external_party: { name: 'X' } },
      }),
      404,
      'not_found',
    );
  });
});

describe('limits and environments', () => {
  test('the 10,001st external party is 409 conflict', async () => {
    const c = await makeParty(svc, 'Busy Co');
    // 10,000 parties written the way createExternalParty writes them, in two statements.
    await svc.ctx.database.exec(`
      insert into organizations (id, name, environment, verified, processor_connected, demo, external,
        directory_listed, created_at)
        select 'xp_bulk' || lpad(g::text, 17, '0'), 'Bulk ' || g, 'live', false, false, false, true, false, now()
        from generate_series(1, 10000) g;
      insert into external_parties (id, owner_organization_id, email, notify_status, created_at, updated_at)
        select 'xp_bulk' || lpad(g::text, 17, '0'), '${c.org.orgId}', 'bulk' || g || '@bulk.example', true, now(), now()
        from generate_series(1, 10000) g;
    `);
    const e = expectApiError(
      await addParty(c.org.session, { name: 'One Too Many', email: 'x@many.example' }),
      409,
      'conflict',
    );
    assert.match(e.message, /10,000/);
    // another organization is not affected
    assert.equal((await addParty(b.org.session, { name: 'Fine', email: 'fine@x.example' })).status, 201);
  });

  test('a sandbox organization adds sandbox parties; the sandbox never meets live', async () => {
    const live = await makeParty(svc, 'Live Parent');
    const sb = await svc.req<{ session: { token: string } }>('POST', '/v1/sandbox', {
      token: live.org.session,
    });
    assert.equal(sb.status, 201, sb.text);
    const c = await added(sb.body.session.token, { name: 'Practice Buyer', email: 'buyer@practice.example' });
    assert.equal(c.environment, 'sandbox');
    const env = await svc.ctx.db
      .selectFrom('organizations')
      .select('environment')
      .where('id', '=', c.counterparty.id)
      .executeTakeFirstOrThrow();
    assert.equal(env.environment, 'sandbox');
    const doc = await issue(sb.body.session.token, c.id);
    assert.equal(doc.sandbox, true);
  });
});
