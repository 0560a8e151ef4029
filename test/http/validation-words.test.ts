// Validation in words (issue 36 point 2): details.errors[].message names the field as a person
// knows it ("Street and number is required", "IBAN must be 15 to 34 characters long") instead of
// ajv's words ("must NOT have fewer than 1 characters"), paths unchanged; a legal profile's every
// problem, the schema's and the checks a schema cannot express (IBAN check digits, the VAT prefix,
// the country, a first save's missing name and address), comes in one answer; and the export's
// einvoice_incomplete lists every field a party must fill, in the profile form's words.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LEGAL_PROFILE_LABELS } from '../../src/lib/legal-profile.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { expectApiError } from '../helpers/expect.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;

interface Problem {
  path: string;
  message: string;
}

/** ajv's own words, which must never reach an answer. */
const AJV_WORDS =
  /must NOT|fewer than|more than \d+ characters|must match|must have required|must be equal to|must be >=|must be string|must be number/;

function problemsOf(res: { status: number; body: unknown; text: string }): {
  message: string;
  errors: Problem[];
} {
  const e = expectApiError(res as never, 400, 'invalid_request');
  const errors = (e.details as { errors: Problem[] }).errors;
  for (const q of [...errors.map((x) => x.message), e.message])
    assert.doesNotMatch(q, AJV_WORDS, `ajv's words reached the answer: ${q}`);
  return { message: e.message, errors };
}

const byPath = (errors: Problem[]) => Object.fromEntries(errors.map((e) => [e.path, e.message]));

const patch = (token: string, body: unknown) => svc.req('PATCH', '/v1/organization', { token, body });

const GOOD = {
  legal_name: 'Words GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
};

before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Words Co', 'Reader Co']);
});
after(async () => {
  await svc?.close();
});

describe('the legal profile: every problem in words, in one answer', () => {
  test('empty required fields, a short IBAN, a Greek GR prefix and an unassigned country, all at once', async () => {
    const res = await patch(p.issuer.org.session, {
      legal_name: 'Words GmbH',
      address: { line1: '', city: '', postal_code: '', country_code: 'XX' },
      vat_id: 'GR123456789',
      payment_account: { iban: 'DE8937040044' },
    });
    const { errors, message } = problemsOf(res);
    assert.deepEqual(byPath(errors), {
      'address.line1': 'Street and number is required',
      'address.city': 'City is required',
      'address.postal_code': 'Postal code is required',
      'address.country_code':
        'Country code XX is not a country: use its two-letter ISO 3166-1 code, such as DE or FR',
      vat_id: "VAT identifier: Greece's prefix is EL, not GR (EN 16931 rule BR-CO-9)",
      'payment_account.iban': 'IBAN must be 15 to 34 characters long (this one has 12)',
    });
    // In the form's order, top to bottom, and the message says how many more there are.
    assert.deepEqual(
      errors.map((e) => e.path),
      [
        'address.line1',
        'address.city',
        'address.postal_code',
        'address.country_code',
        'vat_id',
        'payment_account.iban',
      ],
    );
    assert.equal(message, 'Street and number is required (and 5 more problems).');
  });

  test('check digits and a schema problem together: the IBAN, the VAT prefix and the BIC in one round', async () => {
    const res = await patch(p.issuer.org.session, {
      ...GOOD,
      vat_id: 'XY123456789',
      payment_account: { iban: 'DE89370400440532013001', bic: 'cobadeff' },
    });
    const got = byPath(problemsOf(res).errors);
    assert.deepEqual(Object.keys(got).sort(), ['payment_account.bic', 'payment_account.iban', 'vat_id']);
    assert.match(got['payment_account.iban']!, /^IBAN is not valid: its check digits do not match/);
    assert.match(got.vat_id!, /^VAT identifier must start with its country's prefix/);
    assert.match(got['payment_account.bic']!, /^BIC must be 8 or 11 letters and digits/);
  });

  test("a first save names the missing name and address with the body's own problems", async () => {
    const fresh = await pair(svc, ['First Save Co', 'Other Co']);
    const res = await patch(fresh.issuer.org.session, {
      vat_id: 'XY123456789',
      contact: { email: 'not an email' },
    });
    assert.deepEqual(byPath(problemsOf(res).errors), {
      legal_name: 'Legal name is required: the profile has none yet',
      address: 'Postal address is required: the profile has none yet',
      vat_id:
        "VAT identifier must start with its country's prefix (DE, FR, EL for Greece…); XY is none (EN 16931 rule BR-CO-9)",
      'contact.email': 'Contact email must be an email address',
    });
  });

  test('a value refused by its schema is not judged again by its check digits', async () => {
    const res = await patch(p.issuer.org.session, { ...GOOD, payment_account: { iban: 'DE89 3704' } });
    const { errors } = problemsOf(res);
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.equal(errors[0]!.path, 'payment_account.iban');
  });

  test('a body that is not an object, and one with an unknown field, still answer 400 in words', async () => {
    const arr = problemsOf(
      await svc.req('PATCH', '/v1/organization', {
        token: p.issuer.org.session,
        rawBody: '[1]',
        headers: { 'content-type': 'application/json' },
      }),
    );
    assert.ok(arr.errors.length >= 1, JSON.stringify(arr));
    const unknown = problemsOf(await patch(p.issuer.org.session, { ...GOOD, website: 'x' }));
    assert.deepEqual(unknown.errors, [{ path: 'website', message: 'unknown field "website"' }]);
  });

  test('a good profile still saves', async () => {
    const res = await patch(p.issuer.org.session, {
      ...GOOD,
      payment_account: { iban: 'DE89370400440532013000' },
    });
    assert.equal(res.status, 200, res.text);
  });
});

describe('any body, query or path: ajv errors in words', () => {
  test('an enumeration lists its values', async () => {
    const d = await svc.req<{ id: string }>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'invoice',
        line_items: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0 }],
      },
    });
    assert.equal(d.status, 201, d.text);
    const res = await svc.req('GET', `/v1/documents/${d.body.id}/einvoice?format=pdf`, {
      token: p.issuer.key,
    });
    assert.deepEqual(problemsOf(res).errors, [
      { path: 'query.format', message: 'Format must be one of: ubl, cii, facturx' },
    ]);
  });

  test('types and missing fields name the field in words, the path saying which line', async () => {
    const res = await svc.req('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'invoice',
        line_items: [
          { description: 'ok', quantity: 1, unit_price: 1, tax_rate: 0 },
          { description: '', quantity: 'ten', unit_price: 1 },
        ],
      },
    });
    const got = byPath(problemsOf(res).errors);
    assert.equal(got['line_items[1].quantity'], 'Quantity must be a number');
    assert.equal(got['line_items[1].tax_rate'], 'Tax rate is required');
    assert.equal(got['line_items[1].description'], 'Description is required');
  });
});

describe('einvoice_incomplete lists every field the export needs, in the form’s words', () => {
  test('parties without a profile: every field a profile needs, each with its label', async () => {
    const q = await pair(svc, ['No Profile Seller', 'No Profile Buyer']);
    const c = await svc.req<{ id: string }>('POST', '/v1/documents', {
      token: q.issuer.key,
      body: {
        connection_id: q.connectionId,
        document_type: 'invoice',
        line_items: [{ description: 'x', quantity: 1, unit_price: 10, tax_rate: 0.19 }],
      },
    });
    assert.equal(
      (await svc.req('POST', `/v1/documents/${c.body.id}/issue`, { token: q.issuer.key })).status,
      200,
    );
    const res = await svc.req('GET', `/v1/documents/${c.body.id}/einvoice?format=ubl`, {
      token: q.issuer.key,
    });
    const e = expectApiError(res, 422, 'einvoice_incomplete');
    const missing = (e.details as { missing: { bt: string; party: string; field: string; label: string }[] })
      .missing;
    assert.deepEqual(
      missing.map((m) => `${m.party} ${m.bt} ${m.field}`),
      [
        'issuer BT-27 legal_name',
        'issuer BT-35 address.line1',
        'issuer BT-37 address.city',
        'issuer BT-38 address.postal_code',
        'issuer BT-40 address.country_code',
        'counterparty BT-44 legal_name',
        'counterparty BT-50 address.line1',
        'counterparty BT-52 address.city',
        'counterparty BT-53 address.postal_code',
        'counterparty BT-55 address.country_code',
        'issuer BT-31 vat_id',
      ],
    );
    for (const m of missing)
      assert.equal(m.label, LEGAL_PROFILE_LABELS[m.field as keyof typeof LEGAL_PROFILE_LABELS], m.field);
    // Saving exactly what the list names makes the export work: nothing more is asked later.
    const filled = {
      legal_name: 'Filled GmbH',
      address: { line1: 'Weg 2', city: 'Köln', postal_code: '50667', country_code: 'DE' },
      vat_id: 'DE123456789',
    };
    assert.equal((await patch(q.issuer.org.session, filled)).status, 200);
    const { vat_id: _v, ...buyer } = filled;
    assert.equal((await patch(q.counterparty.org.session, buyer)).status, 200);
    const ok = await svc.req('GET', `/v1/documents/${c.body.id}/einvoice?format=ubl`, {
      token: q.issuer.key,
    });
    assert.equal(ok.status, 200, ok.text);
    // The message speaks of the fields, not of API paths.
    assert.doesNotMatch(e.message, /\/v1\/|PATCH|address\.|_/);
    assert.match(
      e.message,
      /the seller's legal name, street and number, city, postal code, country code, VAT identifier/,
    );
  });
});

describe('answers a person reads name no API paths (issue 36 point 3)', () => {
  test('signing up with an email that has an account says to sign in, in words', async () => {
    const body = {
      organization_name: 'Twice Co',
      email: `twice.${Date.now()}@words.test`,
      password: 'correct horse battery staple',
    };
    assert.equal((await svc.req('POST', '/v1/signup', { body, idem: null })).status, 201);
    const again = await svc.req('POST', '/v1/signup', {
      body: { ...body, organization_name: 'Again' },
      idem: null,
    });
    const e = expectApiError(again, 409, 'conflict');
    assert.equal(e.message, 'An account with this email already exists: sign in instead.');
    assert.deepEqual(e.details, { field: 'email' });
  });

  test('an API key on an admin-session operation, and a draft asked for its e-invoice', async () => {
    const res = await svc.req('PATCH', '/v1/organization', { token: p.issuer.key, body: GOOD });
    const e = expectApiError(res, 403, 'insufficient_scope');
    assert.doesNotMatch(e.message, /\/v1\//);
    const d = await svc.req<{ id: string }>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'invoice',
        line_items: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0 }],
      },
    });
    const draft = expectApiError(
      await svc.req('GET', `/v1/documents/${d.body.id}/einvoice?format=ubl`, { token: p.issuer.key }),
      409,
      'conflict',
    );
    assert.equal(draft.message, 'A draft has no e-invoice yet: issue it first.');
  });
});
