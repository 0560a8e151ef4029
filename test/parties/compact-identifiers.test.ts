// Identifiers as suppliers write them (CONTRACT 11.5, 1.18.0): a VAT id, a legal registration id
// and an electronic address are stored without spaces, dots, dashes or slashes, and their limits
// apply after that, wherever a profile is written (PATCH /v1/organization, an external party's
// creation and edit); the directory and connections by identifier find either spelling. An EM
// electronic address (an email) keeps its dots. On the database the suite runs on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import { mintKey, type SignedUp, signup, verifyOrganization } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let supplier: SignedUp;
let looker: SignedUp;
let lookerKey: string;

before(async () => {
  svc = await startTestService();
  [supplier, looker] = await Promise.all([signup(svc, 'Dutch Supplier'), signup(svc, 'Looker')]);
  lookerKey = (await mintKey(svc, looker.session, ['documents:read', 'documents:write'])).key;
});
after(async () => {
  await svc?.close();
});

interface Profile {
  vat_id?: string;
  legal_registration_id?: { scheme?: string; value: string };
  electronic_address?: { scheme: string; value: string };
}
interface ErrorBody {
  error: { code: string; details: { errors: { path: string; message: string }[] } };
}

test('PATCH /v1/organization stores identifiers compacted, then applies their limits', async () => {
  const res = await svc.req<{ legal_profile: Profile } & ErrorBody>('PATCH', '/v1/organization', {
    token: supplier.session,
    body: {
      ...SELLER,
      address: { ...SELLER.address, country_code: 'NL' },
      vat_id: 'NL8200.98.395.B.01',
      legal_registration_id: { scheme: '0106', value: '5715 1520' },
      electronic_address: { scheme: '0106', value: '5715-1520' },
    },
  });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.legal_profile.vat_id, 'NL820098395B01');
  assert.deepEqual(res.body.legal_profile.legal_registration_id, { scheme: '0106', value: '57151520' });
  assert.deepEqual(res.body.legal_profile.electronic_address, { scheme: '0106', value: '57151520' });
  // an email address keeps its dots and dashes
  const em = await svc.req<{ legal_profile: Profile }>('PATCH', '/v1/organization', {
    token: looker.session,
    body: { ...SELLER, electronic_address: { scheme: 'EM', value: 'first.last-name@looker.example' } },
  });
  assert.equal(em.status, 200, em.text);
  assert.equal(em.body.legal_profile.electronic_address?.value, 'first.last-name@looker.example');
  // the limit applies to the compact form: 16 characters after compaction is still too long
  const long = await svc.req<ErrorBody>('PATCH', '/v1/organization', {
    token: looker.session,
    body: { vat_id: 'NL 1234.5678.9012.34' },
  });
  assert.equal(long.status, 400, long.text);
  const errors = long.body.error.details.errors;
  assert.ok(errors.length > 0 && errors.every((e) => e.path === 'vat_id'), long.text);
  assert.ok(
    errors.some((e) => /14/.test(e.message)),
    long.text,
  );
});

test('the directory and connections by identifier find either spelling', async () => {
  await verifyOrganization(svc, supplier.orgId);
  for (const q of [
    'vat_id=NL820098395B01',
    `vat_id=${encodeURIComponent('NL8200.98.395.B.01')}`,
    `vat_id=${encodeURIComponent('NL 8200-98/395 B01')}`,
    `identifier=${encodeURIComponent('0106:5715.15-20')}`,
    'identifier=0106:57151520',
  ]) {
    const dir = await svc.req<{ data: { organization_id: string }[] }>('GET', `/v1/directory?${q}`, {
      token: lookerKey,
    });
    assert.equal(dir.status, 200, `${q}: ${dir.text}`);
    assert.deepEqual(
      dir.body.data.map((e) => e.organization_id),
      [supplier.orgId],
      q,
    );
  }
  const conn = await svc.req<{ status: string }>('POST', '/v1/connections', {
    token: looker.session,
    body: { counterparty: { vat_id: 'NL8200.98.395.B.01' } },
  });
  assert.equal(conn.status, 201, conn.text);
  assert.equal(conn.body.status, 'pending');
});

test("an external party's legal profile is compacted at creation and at edit", async () => {
  const created = await svc.req<{ id: string; counterparty: { legal_profile: Profile } }>(
    'POST',
    '/v1/connections',
    {
      token: lookerKey,
      body: {
        external_party: {
          name: 'Lieferant GmbH',
          email: 'ap@lieferant.example',
          legal_profile: {
            ...SELLER,
            vat_id: 'DE 123.456.789',
            electronic_address: { scheme: '9930', value: 'DE-123/456 789' },
          },
        },
      },
    },
  );
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.counterparty.legal_profile.vat_id, 'DE123456789');
  assert.deepEqual(created.body.counterparty.legal_profile.electronic_address, {
    scheme: '9930',
    value: 'DE123456789',
  });
  const edited = await svc.req<{ counterparty: { legal_profile: Profile } }>(
    'PATCH',
    `/v1/connections/${created.body.id}`,
    {
      token: lookerKey,
      body: { external_party: { legal_profile: { ...SELLER, vat_id: 'DE37/302/30168' } } },
    },
  );
  assert.equal(edited.status, 200, edited.text);
  assert.equal(edited.body.counterparty.legal_profile.vat_id, 'DE3730230168');
  const tooLong = await svc.req<ErrorBody>('PATCH', `/v1/connections/${created.body.id}`, {
    token: lookerKey,
    body: { external_party: { legal_profile: { ...SELLER, vat_id: 'DE 1234.5678.9012.345' } } },
  });
  assert.equal(tooLong.status, 400, tooLong.text);
  assert.ok(
    tooLong.body.error.details.errors.some((e) => e.path === 'external_party.legal_profile.vat_id'),
    tooLong.text,
  );
});
