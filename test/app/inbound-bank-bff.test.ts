// The app's own routes for the Bank and Inbound pages (src/webapp/expected-refusals.ts): POST
// /app/api/bank_accounts answers a wrong IBAN (the API's 400 invalid_request about the fields) as
// 200 `{refused}` and a connected account as 201 `{bank_account}`; every other answer is the API's
// (a second active account 409, a missing Idempotency-Key 400, CSRF 403, no session 401), and the
// public API keeps its 400. POST /app/api/bank_statements does the same for a bank file docex
// cannot read (200 `{refused}`) and an import (201 `{bank_statement}`). GET /app/api/inbound answers `{inbound: null}` where the deployment has
// no inbound domain (the API's 403 capability_unavailable) and `{inbound: {email}}` where it has.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { writeCamt054 } from '../../src/modules/bank/sandbox-bank.ts';
import { ensureAppBuilt } from '../helpers/app-build.ts';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { type Jar, jar } from './jar.ts';

let plain: TestService;
let inbound: TestService;

before(async () => {
  await ensureAppBuilt();
  plain = await startTestService();
  inbound = await startTestService({ DOCEX_INBOUND_DOMAIN: 'inbound.docex.test' });
});
after(async () => {
  await plain?.close();
  await inbound?.close();
});

type Who = Awaited<ReturnType<typeof signup>>;

async function browserOf(svc: TestService, user: Who): Promise<Jar> {
  const browser = jar(svc.app);
  await browser.send('GET', '/app/api/session');
  const res = await browser.send('POST', '/app/api/login', {
    body: { email: user.email, password: user.password },
  });
  assert.equal(res.statusCode, 200, res.body);
  return browser;
}

const GOOD = { iban: 'FR14 2004 1010 0505 0001 3M02 606', account_name: 'Banked Co', currency: 'EUR' };

describe('POST /app/api/bank_accounts', () => {
  it('answers a wrong IBAN 200 with the refusal in the API words, a good one 201 with the account', async () => {
    const user = await signup(plain, 'Banked Co');
    const b = await browserOf(plain, user);
    const bad = { ...GOOD, iban: 'FR14 2004 1010 0505 0001 3M02 607' };
    const refused = await b.send('POST', '/app/api/bank_accounts', {
      body: bad,
      headers: { 'idempotency-key': `ba-bad-${Date.now()}` },
    });
    assert.equal(refused.statusCode, 200, refused.body);
    assert.equal(refused.headers['cache-control'], 'no-store');
    const r = refused.json() as {
      refused: { code: string; details: { errors: { path: string; message: string }[] } };
    };
    assert.equal(r.refused.code, 'invalid_request');
    assert.deepEqual(
      r.refused.details.errors.map((e) => [e.path, e.message]),
      [['iban', 'IBAN is not valid: its check digits do not match (look for a typing error)']],
    );
    // The public API keeps its 400 for the same body.
    const api = await plain.req('POST', '/v1/bank_accounts', { token: user.session, body: bad });
    assert.equal(api.status, 400, api.text);

    const saved = await b.send('POST', '/app/api/bank_accounts', {
      body: GOOD,
      headers: { 'idempotency-key': `ba-good-${Date.now()}` },
    });
    assert.equal(saved.statusCode, 201, saved.body);
    const s = saved.json() as { bank_account: { iban: string; status: string } };
    assert.deepEqual([s.bank_account.iban, s.bank_account.status], ['FR1420041010050500013M02606', 'active']);

    // A second active account: the API's 409, relayed as it is (not a field of the form).
    const again = await b.send('POST', '/app/api/bank_accounts', {
      body: { ...GOOD, iban: 'DE89 3704 0044 0532 0130 00' },
      headers: { 'idempotency-key': `ba-again-${Date.now()}` },
    });
    assert.equal(again.statusCode, 409, again.body);
    assert.equal((again.json() as { error: { code: string } }).error.code, 'conflict');
  });

  it('keeps the rules of a write: CSRF, an Idempotency-Key, a session (relayed refusals)', async () => {
    const user = await signup(plain, 'Rules Bank Co');
    const b = await browserOf(plain, user);
    const noCsrf = await b.send('POST', '/app/api/bank_accounts', {
      body: GOOD,
      csrf: false,
      headers: { 'idempotency-key': `ba-csrf-${Date.now()}` },
    });
    assert.equal(noCsrf.statusCode, 403, noCsrf.body);
    const noKey = await b.send('POST', '/app/api/bank_accounts', { body: GOOD });
    assert.equal(noKey.statusCode, 400, noKey.body);
    assert.ok((noKey.json() as { error?: unknown }).error, 'the API envelope, not {refused}');
    const anonymous = jar(plain.app);
    await anonymous.send('GET', '/app/api/session');
    const out = await anonymous.send('POST', '/app/api/bank_accounts', {
      body: GOOD,
      headers: { 'idempotency-key': `ba-anon-${Date.now()}` },
    });
    assert.equal(out.statusCode, 401, out.body);
  });
});

describe('POST /app/api/bank_statements', () => {
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  const CAMT052 =
    '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt/></Document>';

  it('answers a file docex cannot read 200 with the refusal, an import 201 with the statement', async () => {
    const user = await signup(plain, 'Statement Co');
    const b = await browserOf(plain, user);
    const account = await b.send('POST', '/app/api/bank_accounts', {
      body: GOOD,
      headers: { 'idempotency-key': `bs-acct-${Date.now()}` },
    });
    assert.equal(account.statusCode, 201, account.body);

    const refused = await b.send('POST', '/app/api/bank_statements', {
      body: { content_base64: b64(CAMT052) },
      headers: { 'idempotency-key': `bs-bad-${Date.now()}` },
    });
    assert.equal(refused.statusCode, 200, refused.body);
    assert.equal(refused.headers['cache-control'], 'no-store');
    const r = refused.json() as {
      refused: { code: string; details: { errors: { path: string; message: string }[] } };
    };
    assert.equal(r.refused.code, 'invalid_request');
    assert.equal(r.refused.details.errors[0]?.path, 'content_base64');
    assert.match(r.refused.details.errors[0]?.message ?? '', /camt\.052\.001\.08: docex reads camt\.053/);
    // The public API keeps its 400.
    const api = await plain.req('POST', '/v1/bank_statements', {
      token: user.session,
      body: { content_base64: b64(CAMT052) },
    });
    assert.equal(api.status, 400, api.text);

    const camt = writeCamt054({
      message_id: `BFF-${Date.now()}`,
      iban: 'FR1420041010050500013M02606',
      created_at: plain.ctx.clock.now(),
      lines: [{ amount: '3.00', direction: 'credit', reference: 'BFF-1' }],
    });
    const imported = await b.send('POST', '/app/api/bank_statements', {
      body: { content_base64: b64(camt) },
      headers: { 'idempotency-key': `bs-good-${Date.now()}` },
    });
    assert.equal(imported.statusCode, 201, imported.body);
    const st = imported.json() as { bank_statement: { kind: string; entries: { status: string }[] } };
    assert.equal(st.bank_statement.kind, 'camt.054');
    assert.deepEqual(
      st.bank_statement.entries.map((e) => e.status),
      ['unmatched'],
    );

    // The rules of a write stay: CSRF, a session; a missing key is the API's 400, relayed.
    const noCsrf = await b.send('POST', '/app/api/bank_statements', {
      body: { content_base64: b64(camt) },
      csrf: false,
      headers: { 'idempotency-key': `bs-csrf-${Date.now()}` },
    });
    assert.equal(noCsrf.statusCode, 403, noCsrf.body);
    const anonymous = jar(plain.app);
    await anonymous.send('GET', '/app/api/session');
    const out = await anonymous.send('POST', '/app/api/bank_statements', {
      body: { content_base64: b64(camt) },
      headers: { 'idempotency-key': `bs-anon-${Date.now()}` },
    });
    assert.equal(out.statusCode, 401, out.body);
  });
});

describe('GET /app/api/inbound', () => {
  it('is null without an inbound domain, where the API answers 403', async () => {
    const user = await signup(plain, 'No Domain Co');
    const b = await browserOf(plain, user);
    const res = await b.send('GET', '/app/api/inbound');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { inbound: null });
    const api = await plain.req('GET', '/v1/inbound', { token: user.session });
    assert.equal(api.status, 403, api.text);
  });

  it('is the address with an inbound domain, the same as the API gives', async () => {
    const user = await signup(inbound, 'Domain Co');
    const b = await browserOf(inbound, user);
    const res = await b.send('GET', '/app/api/inbound');
    assert.equal(res.statusCode, 200, res.body);
    const api = await inbound.req<{ email: string }>('GET', '/v1/inbound', { token: user.session });
    assert.equal(api.status, 200, api.text);
    assert.deepEqual(res.json(), { inbound: api.body });
    assert.match(api.body.email, /@inbound\.docex\.test$/);
    const anonymous = jar(inbound.app);
    assert.equal((await anonymous.send('GET', '/app/api/inbound')).statusCode, 401);
  });
});
