// CONTRACT 12, bank accounts and RF creditor references (issue 40 step 2): connecting an EUR
// account with a SEPA IBAN, every bad input a 400 naming its field, one active account per
// currency, deleting; and the RF reference an organization with an active account gives the
// invoices it issues, on the document for both parties and as BT-83 in its e-invoices, which still
// pass the CEN (and, with electronic addresses, Peppol) artefacts with no fatal assert.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { validRfReference } from '../../src/modules/bank/rf-reference.ts';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { createDoc, issue, line, type Pair, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { formatAsserts, validateEInvoice } from '../helpers/einvoice-validate.ts';
import { assertNamesField, expectApiError } from '../helpers/expect.ts';
import { mintKey } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;

interface Account {
  id: string;
  iban: string;
  bic: string | null;
  account_name: string;
  currency: string;
  status: string;
  created_at: string;
  closed_at: string | null;
}

before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Bank Seller', 'Bank Buyer']);
  const a = await svc.req('PATCH', '/v1/organization', { token: p.issuer.org.session, body: SELLER });
  assert.equal(a.status, 200, a.text);
  const b = await svc.req('PATCH', '/v1/organization', { token: p.counterparty.org.session, body: BUYER });
  assert.equal(b.status, 200, b.text);
});
after(async () => {
  await svc?.close();
});

const connect = (token: string, body: unknown, idem?: string) =>
  svc.req<Account>('POST', '/v1/bank_accounts', { token, body, ...(idem ? { idem } : {}) });

test('bad input: each a 400 naming the field, nothing stored', async () => {
  const token = p.counterparty.org.session;
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ iban: 'DE89370400440532013001', account_name: 'X', currency: 'EUR' }, 'iban', /check digits/],
    [{ iban: 'BR1800360305000010009795493C1', account_name: 'X', currency: 'EUR' }, 'iban', /SEPA country/],
    [{ iban: 'not an iban', account_name: 'X', currency: 'EUR' }, 'iban', /not valid/],
    [{ iban: 'DE89370400440532013000', account_name: 'X', currency: 'USD' }, 'currency', /USD.*EUR only/],
    [{ iban: 'DE89370400440532013000', bic: 'NOPE', account_name: 'X', currency: 'EUR' }, 'bic', /BIC/],
    [{ iban: 'DE89370400440532013000', account_name: '🚀', currency: 'EUR' }, 'account_name', /SEPA/],
  ];
  for (const [body, path, message] of cases) {
    const res = await connect(token, body);
    const e = expectApiError(res, 400, 'invalid_request');
    assertNamesField(e, path);
    assert.match(res.text, message);
  }
  const missing = await connect(token, { iban: 'DE89370400440532013000' });
  assertNamesField(expectApiError(missing, 400, 'invalid_request'), /account_name|currency/);
  const listed = await svc.req<{ data: Account[] }>('GET', '/v1/bank_accounts', { token });
  assert.equal(listed.status, 200, listed.text);
  assert.deepEqual(listed.body.data, []);
});

test('an admin session connects one active EUR account; a key cannot; a second is a conflict', async () => {
  const byKey = await connect(p.issuer.payKey, {
    iban: 'DE89370400440532013000',
    account_name: 'Seller GmbH',
    currency: 'EUR',
  });
  expectApiError(byKey, 403, 'insufficient_scope');
  const idem = 'idem_bank_account_connect_1';
  const body = {
    iban: 'de89 3704 0044 0532 0130 00',
    bic: 'cobadeffxxx',
    account_name: 'Seller GmbH',
    currency: 'EUR',
  };
  const res = await connect(p.issuer.org.session, body, idem);
  assert.equal(res.status, 201, res.text);
  assert.match(res.body.id, /^bacc_[0-9A-Za-z]{22}$/);
  assert.equal(res.body.iban, 'DE89370400440532013000');
  assert.equal(res.body.bic, 'COBADEFFXXX');
  assert.equal(res.body.currency, 'EUR');
  assert.equal(res.body.status, 'active');
  const again = await connect(p.issuer.org.session, body, idem);
  assert.equal(again.status, 201);
  assert.deepEqual(again.body, res.body, 'the same Idempotency-Key answers the same account');
  const second = await connect(p.issuer.org.session, { ...body, iban: 'FR1420041010050500013M02606' });
  expectApiError(second, 409, 'conflict');
  expectApiError(
    await svc.req('GET', '/v1/bank_accounts', { token: p.issuer.key }),
    403,
    'insufficient_scope',
  );
  const readKey = (await mintKey(svc, p.issuer.org.session, ['payments:read'])).key;
  const list = await svc.req<{ data: Account[] }>('GET', '/v1/bank_accounts', { token: readKey });
  assert.equal(list.status, 200, list.text);
  assert.deepEqual(
    list.body.data.map((a) => a.id),
    [res.body.id],
  );
  const one = await svc.req<Account>('GET', `/v1/bank_accounts/${res.body.id}`, { token: readKey });
  assert.deepEqual(one.body, res.body);
  expectApiError(
    await svc.req('GET', `/v1/bank_accounts/${res.body.id}`, { token: p.counterparty.org.session }),
    404,
    'not_found',
  );
});

async function issuedInvoice(who: Pair = p): Promise<DocumentView> {
  const d = await createDoc(svc, who, { currency: 'EUR', line_items: [line({ tax_rate: 0.19 })] });
  assert.equal(d.payment_reference, null, 'a draft has no reference yet');
  return issue(svc, who.issuer.key, d.id);
}

test('invoices issued with an active account carry an RF reference, as BT-83 in UBL and CII', async () => {
  const inv = await issuedInvoice();
  const ref = inv.payment_reference;
  assert.ok(ref && validRfReference(ref), String(ref));
  assert.ok(ref.endsWith(inv.number.replace(/[^A-Z0-9]/gi, '').toUpperCase()), `${ref} from ${inv.number}`);
  const seen = await svc.req<DocumentView>('GET', `/v1/documents/${inv.id}`, { token: p.counterparty.key });
  assert.equal(seen.body.payment_reference, ref, 'the payer sees the same reference');
  const listed = await svc.req<{ data: DocumentView[] }>('GET', '/v1/documents', { token: p.issuer.key });
  assert.equal(listed.body.data.find((d) => d.id === inv.id)?.payment_reference, ref);

  const ubl = await svc.req('GET', `/v1/documents/${inv.id}/einvoice?format=ubl`, { token: p.issuer.key });
  assert.equal(ubl.status, 200, ubl.text);
  assert.match(ubl.text, new RegExp(`<cbc:PaymentID>${ref}</cbc:PaymentID>`));
  const cii = await svc.req('GET', `/v1/documents/${inv.id}/einvoice?format=cii`, { token: p.issuer.key });
  assert.match(cii.text, new RegExp(`<ram:PaymentReference>${ref}</ram:PaymentReference>`));
  for (const [text, syntax] of [
    [ubl.text, 'ubl'],
    [cii.text, 'cii'],
  ] as const) {
    const r = await validateEInvoice(text, syntax);
    assert.equal(r.fatal.length, 0, `${syntax}: ${formatAsserts(r.fatal)}`);
  }
  const pdf = await svc.app.inject({
    method: 'GET',
    url: `/v1/documents/${inv.id}/einvoice?format=facturx`,
    headers: { authorization: `Bearer ${p.issuer.key}` },
  });
  assert.equal(pdf.statusCode, 200);

  // Credit notes and purchase orders get none: only an invoice is paid by transfer to the issuer.
  const po = await createDoc(svc, p, { document_type: 'purchase_order' });
  assert.equal((await issue(svc, p.issuer.key, po.id)).payment_reference, null);
});

test('with electronic addresses the UBL is Peppol BIS 3 and the RF reference passes its rules too', async () => {
  const q = await pair(svc, ['Peppol Seller', 'Peppol Buyer']);
  const seller = { ...SELLER, electronic_address: { scheme: '9930', value: 'DE123456789' } };
  const buyer = { ...BUYER, electronic_address: { scheme: '0009', value: '30326504500017' } };
  assert.equal(
    (await svc.req('PATCH', '/v1/organization', { token: q.issuer.org.session, body: seller })).status,
    200,
  );
  const b = await svc.req('PATCH', '/v1/organization', { token: q.counterparty.org.session, body: buyer });
  assert.equal(b.status, 200, b.text);
  const acct = await connect(q.issuer.org.session, {
    iban: 'DE89370400440532013000',
    account_name: 'Peppol Seller',
    currency: 'EUR',
  });
  assert.equal(acct.status, 201, acct.text);
  const inv = await issuedInvoice(q);
  assert.ok(inv.payment_reference);
  const ubl = await svc.req('GET', `/v1/documents/${inv.id}/einvoice?format=ubl`, { token: q.issuer.key });
  assert.equal(ubl.status, 200, ubl.text);
  assert.match(ubl.text, /urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/);
  assert.ok(ubl.text.includes(`<cbc:PaymentID>${inv.payment_reference}</cbc:PaymentID>`));
  const r = await validateEInvoice(ubl.text, 'ubl', { peppol: true });
  assert.equal(r.fatal.length, 0, formatAsserts(r.fatal));
});

test('deleting closes the account: later invoices get no reference, earlier ones keep theirs', async () => {
  const before = await issuedInvoice();
  assert.ok(before.payment_reference);
  const list = await svc.req<{ data: Account[] }>('GET', '/v1/bank_accounts', {
    token: p.issuer.org.session,
  });
  const active = list.body.data.find((a) => a.status === 'active');
  assert.ok(active);
  expectApiError(
    await svc.req('DELETE', `/v1/bank_accounts/${active.id}`, { token: p.issuer.payKey }),
    403,
    'insufficient_scope',
  );
  const closed = await svc.req<Account>('DELETE', `/v1/bank_accounts/${active.id}`, {
    token: p.issuer.org.session,
  });
  assert.equal(closed.status, 200, closed.text);
  assert.equal(closed.body.status, 'closed');
  assert.ok(closed.body.closed_at);
  const twice = await svc.req<Account>('DELETE', `/v1/bank_accounts/${active.id}`, {
    token: p.issuer.org.session,
  });
  assert.deepEqual(twice.body, closed.body);
  expectApiError(
    await svc.req('DELETE', '/v1/bank_accounts/bacc_0000000000000000000000', { token: p.issuer.org.session }),
    404,
    'not_found',
  );
  const after = await issuedInvoice();
  assert.equal(after.payment_reference, null);
  const kept = await svc.req<DocumentView>('GET', `/v1/documents/${before.id}`, { token: p.issuer.key });
  assert.equal(kept.body.payment_reference, before.payment_reference);
  // A new account may be connected once the old one is closed.
  const again = await connect(p.issuer.org.session, {
    iban: 'FR1420041010050500013M02606',
    account_name: 'Seller GmbH',
    currency: 'EUR',
  });
  assert.equal(again.status, 201, again.text);
});

test('concurrent connections: exactly one active account, the others a conflict', async () => {
  const q = await pair(svc, ['Race Seller', 'Race Buyer']);
  const ibans = [
    'DE89370400440532013000',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'BE68539007547034',
  ];
  const results = await Promise.all(
    ibans.map((iban) =>
      connect(q.issuer.org.session, { iban, account_name: 'Race Seller', currency: 'EUR' }),
    ),
  );
  assert.deepEqual(
    results.map((r) => r.status).sort(),
    [201, 409, 409, 409],
    results.map((r) => r.text).join('\n'),
  );
  for (const r of results.filter((x) => x.status === 409)) expectApiError(r, 409, 'conflict');
  const list = await svc.req<{ data: Account[] }>('GET', '/v1/bank_accounts', {
    token: q.issuer.org.session,
  });
  assert.equal(list.body.data.length, 1);
  assert.equal(list.body.data[0]?.status, 'active');
});
