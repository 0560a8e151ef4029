// The app's own routes for two answers a page expects (src/webapp/expected-refusals.ts): the legal
// profile's save and an e-invoice download answer the API's 400 invalid_request and 422
// einvoice_incomplete as 200 `{refused}`, so the browser logs no failed request; every other answer
// is the API's own, the rules (CSRF, session, Idempotency-Key) are the proxy's, and the public API
// keeps its 400 and 422.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ensureAppBuilt } from '../helpers/app-build.ts';
import { connect, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { type Jar, jar } from './jar.ts';

let svc: TestService;
const password = 'correct horse battery staple';

before(async () => {
  await ensureAppBuilt();
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

type Who = Awaited<ReturnType<typeof signup>>;

async function browserOf(user: Who): Promise<Jar> {
  const browser = jar(svc.app);
  await browser.send('GET', '/app/api/session');
  const res = await browser.send('POST', '/app/api/login', { body: { email: user.email, password } });
  assert.equal(res.statusCode, 200, res.body);
  return browser;
}

const PROFILE = {
  legal_name: 'Refusal Test GmbH',
  address: { line1: 'Hafenstraße 5', city: 'Hamburg', postal_code: '20457', country_code: 'DE' },
  vat_id: 'DE123456789',
};

describe('PATCH /app/api/organization', () => {
  it('answers a refused profile 200 with the API refusal, a saved one with the organization', async () => {
    const user = await signup(svc, 'Refused Co');
    const b = await browserOf(user);
    const bad = { ...PROFILE, legal_name: '', address: { ...PROFILE.address, city: '' } };
    const refused = await b.send('PATCH', '/app/api/organization', {
      body: bad,
      headers: { 'idempotency-key': `lp-bad-${Date.now()}` },
    });
    assert.equal(refused.statusCode, 200, refused.body);
    const r = refused.json() as { refused: { code: string; details: { errors: { path: string }[] } } };
    assert.equal(r.refused.code, 'invalid_request');
    const paths = r.refused.details.errors.map((e) => e.path);
    assert.ok(paths.includes('legal_name') && paths.includes('address.city'), paths.join(', '));
    assert.equal(refused.headers['cache-control'], 'no-store');

    // The public API keeps its 400 for the same body.
    const api = await svc.req('PATCH', '/v1/organization', { token: user.session, body: bad });
    assert.equal(api.status, 400);

    const saved = await b.send('PATCH', '/app/api/organization', {
      body: PROFILE,
      headers: { 'idempotency-key': `lp-good-${Date.now()}` },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const s = saved.json() as { organization: { id: string; legal_profile: { legal_name: string } } };
    assert.equal(s.organization.id, user.orgId);
    assert.equal(s.organization.legal_profile.legal_name, 'Refusal Test GmbH');
  });

  it('keeps the rules of a write: CSRF, a session, an Idempotency-Key (relayed refusals)', async () => {
    const user = await signup(svc, 'Rules Co');
    const b = await browserOf(user);
    const noCsrf = await b.send('PATCH', '/app/api/organization', {
      body: PROFILE,
      csrf: false,
      headers: { 'idempotency-key': `lp-csrf-${Date.now()}` },
    });
    assert.equal(noCsrf.statusCode, 403);
    assert.equal((noCsrf.json() as { error: { details: { reason: string } } }).error.details.reason, 'csrf');

    // Without a key the API refuses the write: a 400 that is not a field problem, relayed as is.
    const noKey = await b.send('PATCH', '/app/api/organization', { body: PROFILE });
    assert.equal(noKey.statusCode, 400, noKey.body);
    assert.ok((noKey.json() as { error?: unknown }).error, 'the API envelope, not {refused}');

    const anonymous = jar(svc.app);
    await anonymous.send('GET', '/app/api/session');
    const out = await anonymous.send('PATCH', '/app/api/organization', {
      body: PROFILE,
      headers: { 'idempotency-key': `lp-anon-${Date.now()}` },
    });
    assert.equal(out.statusCode, 401);
  });
});

describe('GET /app/api/documents/:id/einvoice', () => {
  it('answers an incomplete profile 200 with the refusal, a complete one with the file', async () => {
    const seller = await signup(svc, 'Seller Co');
    const buyer = await signup(svc, 'Buyer Co');
    const connection = await connect(svc, seller, buyer);
    const created = await svc.req<{ id: string }>('POST', '/v1/documents', {
      token: seller.session,
      body: {
        connection_id: connection,
        document_type: 'invoice',
        currency: 'EUR',
        line_items: [{ description: 'Work', quantity: 1, unit_price: 100, tax_rate: 0.19 }],
      },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id;
    const b = await browserOf(seller);

    // A draft: the API's 409, relayed as it is (not an expected refusal).
    const draft = await b.send('GET', `/app/api/documents/${id}/einvoice?format=ubl`);
    assert.equal(draft.statusCode, 409, draft.body);

    const issued = await svc.req('POST', `/v1/documents/${id}/issue`, { token: seller.session });
    assert.equal(issued.status, 200, issued.text);

    const incomplete = await b.send('GET', `/app/api/documents/${id}/einvoice?format=ubl`);
    assert.equal(incomplete.statusCode, 200, incomplete.body);
    assert.match(String(incomplete.headers['content-type']), /^application\/json/);
    const r = incomplete.json() as { refused: { code: string; details: { missing: unknown[] } } };
    assert.equal(r.refused.code, 'einvoice_incomplete');
    assert.ok(r.refused.details.missing.length > 0);
    const api = await svc.req('GET', `/v1/documents/${id}/einvoice?format=ubl`, { token: seller.session });
    assert.equal(api.status, 422, 'the public API keeps its 422');

    // A format the API does not know: its 400, relayed.
    const badFormat = await b.send('GET', `/app/api/documents/${id}/einvoice?format=pdf`);
    assert.equal(badFormat.statusCode, 400, badFormat.body);

    for (const who of [seller, buyer]) {
      const res = await svc.req('PATCH', '/v1/organization', {
        token: who.session,
        body:
          who === seller
            ? {
                ...PROFILE,
                legal_name: 'Seller Co GmbH',
                payment_account: { iban: 'DE89370400440532013000' },
              }
            : { ...PROFILE, legal_name: 'Buyer Co GmbH', vat_id: 'DE987654321' },
      });
      assert.equal(res.status, 200, res.text);
    }
    const file = await b.send('GET', `/app/api/documents/${id}/einvoice?format=ubl`);
    assert.equal(file.statusCode, 200, file.body);
    assert.match(String(file.headers['content-type']), /xml/);
    assert.match(String(file.headers['content-disposition']), /\.ubl\.xml/);
    assert.ok(file.headers['svc-einvoice-digest']);
    const direct = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${id}/einvoice?format=ubl`,
      headers: { authorization: `Bearer ${seller.session}` },
    });
    assert.ok(file.rawPayload.equals(direct.rawPayload), 'the file is the API answer, byte for byte');
  });

  it('never lets an odd id reach another API path, and needs a session', async () => {
    const user = await signup(svc, 'Odd Co');
    const b = await browserOf(user);
    for (const odd of ['..%2Fkeys', 'doc_x%3Fformat%3Dubl', '%2E%2E']) {
      const res = await b.send('GET', `/app/api/documents/${odd}/einvoice?format=ubl`);
      assert.equal(res.statusCode, 404, `${odd}: ${res.body}`);
    }
    const missing = await b.send('GET', '/app/api/documents/doc_doesnotexist/einvoice?format=ubl');
    assert.equal(missing.statusCode, 404, 'the API’s own not_found, relayed');
    const anonymous = jar(svc.app);
    const out = await anonymous.send('GET', '/app/api/documents/doc_x/einvoice?format=ubl');
    assert.equal(out.statusCode, 401);
  });
});
