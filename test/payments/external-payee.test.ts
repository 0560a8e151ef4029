// Paying a received bill of a business not on docex (CONTRACT 11.5, 12), on the database the suite
// runs on: in the sandbox the money leaves the payer's treasury for the ledger's external account
// (the outside) and settles as any sandbox payment, and the party is told the bill is paid (its
// notify_status); live, only the bank rail pays it (no active EUR bank account: 403
// capability_unavailable before anything moves), the creditor being the account the e-invoice
// asks to be paid to (BT-84), which the batch's pain.001 carries. Payment holds refuse every path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createDoc, issue, party as makeParty, type Party, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { expectApiError } from '../helpers/expect.ts';
import { operator } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  accounts,
  getDoc,
  paid,
  pay,
  type Sandbox,
  sandbox,
  settle,
  transfersOf,
} from '../helpers/payments.ts';

const EXAMPLES = join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples');
const SAMPLE = readFileSync(join(EXAMPLES, 'ubl_examples_sample-discount-price.xml'), 'utf8');

const IBAN_A = 'DE89370400440532013000';
const IBAN_B = 'FR7630006000011234567890189';
const OUTSIDE_SANDBOX_EUR = 'acct_external_sandbox_eur';
const OUTSIDE_LIVE_EUR = 'acct_external_live_eur';

/** The official example (it imports under §9) as an invoice from seller `seller` to BUYER. */
function invoice(opts: { number: string; seller: string; iban?: string }): string {
  let xml = SAMPLE.replace('<cbc:ID>test decimal 1</cbc:ID>', `<cbc:ID>${opts.number}</cbc:ID>`)
    .replace('HR46830600751', `HR9${opts.seller.padStart(10, '0')}`)
    .replace('HR46830600751', 'FR40303265045')
    .replace(
      '</cac:Party>',
      '<cac:Contact><cbc:ElectronicMail>billing@supplier.test</cbc:ElectronicMail></cac:Contact></cac:Party>',
    );
  if (opts.iban) {
    xml = xml.replace(
      '<cbc:PaymentMeansCode>4</cbc:PaymentMeansCode>',
      `<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>${opts.iban}</cbc:ID><cbc:Name>Supplier</cbc:Name></cac:PayeeFinancialAccount>`,
    );
  }
  return xml;
}

interface Doc {
  id: string;
  status: string;
  balance_due: number;
  currency: string;
  counterparty: { id: string; name: string };
  payment_hold: { reason: string } | null;
  payment: { id: string; status: string } | null;
}

let svc: TestService;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

async function receive(token: string, xml: string): Promise<Doc> {
  const r = await svc.req<Doc>('POST', '/v1/inbound/documents', {
    token,
    body: { content_base64: Buffer.from(xml).toString('base64') },
  });
  assert.equal(r.status, 201, r.text);
  assert.ok(r.body.counterparty.id.startsWith('xp_'), 'issued by a new external party');
  return r.body;
}

/**
 * A party's first account is held (1.18.0, payment_account_new) until the receiver confirms it:
 * released here by an admin session, as a person would after checking it with the party.
 */
async function confirmFirstAccount(session: string, bill: Doc): Promise<void> {
  assert.equal(bill.payment_hold?.reason, 'payment_account_new', JSON.stringify(bill.payment_hold));
  const r = await svc.req('POST', `/v1/documents/${bill.id}/release_hold`, { token: session });
  assert.equal(r.status, 200, r.text);
}

async function approve(token: string, id: string): Promise<void> {
  const r = await svc.req('POST', `/v1/documents/${id}/transition`, { token, body: { to: 'approved' } });
  assert.equal(r.status, 200, r.text);
}

const paymentsOf = async (documentId: string) =>
  (
    await sql<{
      id: string;
      status: string;
      rail: string;
      destination_account_id: string;
      creditor_iban: string | null;
      creditor_bic: string | null;
    }>`select id, status, rail, destination_account_id, creditor_iban, creditor_bic
         from payments where document_id = ${documentId} order by created_at, id`.execute(svc.ctx.db)
  ).rows;

const statusNotices = async (documentId: string) =>
  (
    await sql<{ to_address: string; content: { from: string; to: string } | string }>`
      select to_address, content from deliveries
       where document_id = ${documentId} and kind = 'status_notice' order by created_at, id`.execute(
      svc.ctx.db,
    )
  ).rows.map((r) => ({
    to_address: r.to_address,
    content: typeof r.content === 'string' ? (JSON.parse(r.content) as { to: string }) : r.content,
  }));

/** A treasury account's stored balance and the sum of its entries. */
async function balanceAndEntries(accountId: string): Promise<{ balance: string; sum: string }> {
  const r = await sql<{ balance: string; sum: string }>`
    select a.balance::text as balance,
           (select coalesce(sum(t.amount), 0)::numeric(20, 2)::text from ledger_transactions t
             where t.account_id = a.id) as sum
      from ledger_accounts a where a.id = ${accountId}`.execute(svc.ctx.db);
  return r.rows[0]!;
}

async function outsideTotal(accountId: string): Promise<string> {
  const r = await sql<{ sum: string }>`
    select coalesce(sum(amount), 0)::numeric(20, 2)::text as sum from ledger_transactions
     where account_id = ${accountId}`.execute(svc.ctx.db);
  return r.rows[0]!.sum;
}

describeSandbox();
describeLive();

function describeSandbox() {
  let sb: Sandbox;

  test('sandbox: a received bill of a business not on docex is paid to the outside and settles; the party is told', async () => {
    sb = await sandbox(svc, 'Practice Buyer');
    const profile = await svc.req('PATCH', '/v1/organization', { token: sb.session, body: BUYER });
    assert.equal(profile.status, 200, profile.text);
    const bill = await receive(sb.key, invoice({ number: 'SB-1', seller: '11', iban: IBAN_A }));
    await confirmFirstAccount(sb.session, bill);
    assert.equal(bill.currency, 'EUR');
    await approve(sb.key, bill.id);
    const before = await accounts(svc, sb.key);
    const outsideBefore = await outsideTotal(OUTSIDE_SANDBOX_EUR);

    const started = await paid(svc, sb.key, bill.id);
    const [row] = await paymentsOf(bill.id);
    assert.equal(row?.destination_account_id, OUTSIDE_SANDBOX_EUR, 'the money goes to the outside');
    assert.equal(row?.rail, 'ledger');
    assert.equal(await settle(svc), 1);

    const after = await getDoc(svc, sb.key, bill.id);
    assert.equal(after.status, 'paid');
    assert.equal(after.balance_due, 0);
    assert.equal(after.payment?.status, 'settled');
    assert.equal(after.payment?.id, started.payment.id);
    const transfers = await transfersOf(svc, started.payment.id);
    assert.equal(transfers.length, 1);
    assert.equal(Number(transfers[0]!.amount), bill.balance_due);

    // the payer's EUR balance fell by the bill; the outside received it; every balance is the
    // sum of its entries
    const now = await accounts(svc, sb.key);
    assert.equal(
      Math.round((before.EUR!.balance - now.EUR!.balance) * 100),
      Math.round(bill.balance_due * 100),
    );
    const eur = await balanceAndEntries(now.EUR!.id);
    assert.equal(eur.balance, eur.sum);
    const outsideAfter = await outsideTotal(OUTSIDE_SANDBOX_EUR);
    assert.equal(
      Math.round((Number(outsideAfter) - Number(outsideBefore)) * 100),
      Math.round(bill.balance_due * 100),
    );

    // the party (notify_status true by default) is told of each change docex made, paid included
    const notices = await statusNotices(bill.id);
    const paidNotice = notices.find((n) => n.content.to === 'paid');
    assert.ok(paidNotice, JSON.stringify(notices));
    assert.equal(paidNotice.to_address, 'billing@supplier.test');

    // paid: nothing more to pay
    const again = await pay(svc, sb.key, bill.id);
    expectApiError(again, 409, 'conflict');
    assert.match(again.text, /already paid/);
  });

  test('sandbox: a transition to paid pays the outside too; payment holds refuse every path until released', async () => {
    const bill = await receive(sb.key, invoice({ number: 'SB-2', seller: '11', iban: IBAN_A }));
    await approve(sb.key, bill.id);
    const moved = await svc.req<Doc>('POST', `/v1/documents/${bill.id}/transition`, {
      token: sb.key,
      body: { to: 'paid' },
    });
    assert.equal(moved.status, 202, moved.text);
    assert.equal(moved.body.status, 'payment_scheduled');
    assert.equal((await paymentsOf(bill.id))[0]?.destination_account_id, OUTSIDE_SANDBOX_EUR);
    assert.equal(await settle(svc), 1);
    assert.equal((await getDoc(svc, sb.key, bill.id)).status, 'paid');

    // another account than this party used before: held, on every path, nothing moves
    const held = await receive(sb.key, invoice({ number: 'SB-3', seller: '11', iban: IBAN_B }));
    assert.equal(held.payment_hold?.reason, 'payment_account_changed');
    await approve(sb.key, held.id);
    for (const [url, body] of [
      [`/v1/documents/${held.id}/pay`, {}],
      [`/v1/documents/${held.id}/transition`, { to: 'paid' }],
      [`/v1/documents/${held.id}/transition`, { to: 'payment_scheduled' }],
    ] as const) {
      const r = await svc.req('POST', url, { token: sb.key, body });
      expectApiError(r, 409, 'conflict');
      assert.match(r.text, /payment hold \(payment_account_changed\)/);
    }
    assert.equal((await paymentsOf(held.id)).length, 0);
    // released by an admin session, it pays the outside as any other
    const rel = await svc.req('POST', `/v1/documents/${held.id}/release_hold`, { token: sb.session });
    assert.equal(rel.status, 200, rel.text);
    await paid(svc, sb.key, held.id);
    assert.equal(await settle(svc), 1);
    assert.equal((await getDoc(svc, sb.key, held.id)).status, 'paid');
  });
}

function describeLive() {
  let buyer: Party;
  let bill: Doc;

  test('live without a bank account: 403 capability_unavailable saying the bank pays a business not on docex, nothing moves', async () => {
    buyer = await makeParty(svc, 'Acheteur SARL');
    const profile = await svc.req('PATCH', '/v1/organization', { token: buyer.org.session, body: BUYER });
    assert.equal(profile.status, 200, profile.text);
    const verified = await operator(svc, 'POST', `/v1/operator/organizations/${buyer.org.orgId}/verify`);
    assert.equal(verified.status, 200, verified.text);
    // even with its processor connected and funded: the internal ledger cannot reach the outside
    const connected = await operator(
      svc,
      'POST',
      `/v1/operator/organizations/${buyer.org.orgId}/connect_processor`,
    );
    assert.equal(connected.status, 200, connected.text);
    const funded = await operator(svc, 'POST', `/v1/operator/organizations/${buyer.org.orgId}/fund`, {
      currency: 'EUR',
      amount: 1000,
    });
    assert.equal(funded.status, 200, funded.text);

    bill = await receive(buyer.key, invoice({ number: 'LV-1', seller: '21', iban: IBAN_B }));
    await confirmFirstAccount(buyer.org.session, bill);
    await approve(buyer.key, bill.id);
    for (const [url, body] of [
      [`/v1/documents/${bill.id}/pay`, {}],
      [`/v1/documents/${bill.id}/transition`, { to: 'paid' }],
      [`/v1/documents/${bill.id}/transition`, { to: 'payment_scheduled' }],
    ] as const) {
      const r = await svc.req('POST', url, { token: buyer.payKey, body });
      const e = expectApiError(r, 403, 'capability_unavailable');
      assert.match(e.message, /not on docex/);
      assert.match(e.message, /bank/);
      assert.match(e.message, /POST \/v1\/bank_accounts/);
    }
    const doc = await getDoc(svc, buyer.key, bill.id);
    assert.equal(doc.status, 'approved');
    assert.equal(doc.payment, null);
    assert.equal((await paymentsOf(bill.id)).length, 0);
    assert.equal(
      await statusNotices(bill.id).then((n) => n.filter((x) => x.content.to !== 'approved').length),
      0,
    );
  });

  test("live on the bank rail: the e-invoice's BT-84 is the creditor, in the batch's pain.001; holds still refuse", async () => {
    // the party's legal profile names another account: the bill's own (BT-84) is the one paid
    await sql`update organizations
                 set legal_profile = jsonb_set(legal_profile, '{payment_account}', ${JSON.stringify({
                   iban: IBAN_A,
                   bic: 'COBADEFFXXX',
                   account_name: 'Old account',
                 })}::jsonb)
               where id = ${bill.counterparty.id}`.execute(svc.ctx.db);
    const bank = await svc.req<{ id: string }>('POST', '/v1/bank_accounts', {
      token: buyer.org.session,
      idem: `bank-${buyer.org.orgId}`,
      body: { iban: 'FR1420041010050500013M02606', account_name: 'Acheteur SARL', currency: 'EUR' },
    });
    assert.equal(bank.status, 201, bank.text);

    const started = await paid(svc, buyer.payKey, bill.id);
    const [row] = await paymentsOf(bill.id);
    assert.equal(row?.id, started.payment.id);
    assert.equal(row?.rail, 'sepa_credit_transfer');
    assert.equal(row?.creditor_iban, IBAN_B);
    assert.equal(row?.creditor_bic, null, 'the BIC goes with the account: the e-invoice gave none');
    assert.equal(row?.destination_account_id, OUTSIDE_LIVE_EUR);
    await settle(svc);
    assert.equal(
      (await paymentsOf(bill.id))[0]?.status,
      'processing',
      'the ledger never settles a bank-rail payment',
    );

    // a held bill on the bank rail: refused before the rail is looked at (an account neither
    // confirmed by a release nor typed into the party's profile: 1.18.0 confirms those two)
    const held = await receive(
      buyer.key,
      invoice({ number: 'LV-2', seller: '21', iban: 'NL91ABNA0417164300' }),
    );
    assert.equal(held.payment_hold?.reason, 'payment_account_changed');
    await approve(buyer.key, held.id);
    const refused = await svc.req('POST', `/v1/documents/${held.id}/pay`, { token: buyer.payKey, body: {} });
    expectApiError(refused, 409, 'conflict');
    assert.equal((await paymentsOf(held.id)).length, 0);

    const batch = await svc.req<{ id: string; count: number; payment_ids: string[] }>(
      'POST',
      '/v1/payment_batches',
      { token: buyer.org.session, idem: `batch-${buyer.org.orgId}`, body: {} },
    );
    assert.equal(batch.status, 201, batch.text);
    assert.deepEqual(batch.body.payment_ids, [started.payment.id]);
    const file = await svc.req('GET', `/v1/payment_batches/${batch.body.id}/file`, {
      token: buyer.org.session,
    });
    assert.equal(file.status, 200, file.text);
    assert.match(file.text, new RegExp(`<CdtrAcct>\\s*<Id>\\s*<IBAN>${IBAN_B}</IBAN>`));
    assert.ok(!file.text.includes(IBAN_A), 'not the profile account');
    assert.match(file.text, /<Ctry>HR<\/Ctry>/, "the creditor's address is its legal profile's");
  });

  test('a received bill from a docex organization on the bank rail pays its BT-84 too', async () => {
    const p = await pair(svc, ['Seller GmbH', 'Acheteur Trois']);
    for (const [who, profile] of [
      [p.issuer, SELLER],
      [p.counterparty, { ...BUYER, vat_id: 'FR40303265045' }],
    ] as const) {
      const r = await svc.req('PATCH', '/v1/organization', { token: who.org.session, body: profile });
      assert.equal(r.status, 200, r.text);
    }
    // A received file is attributed to an organization only through identifiers the operator
    // verified for it (1.18.0).
    const verified = await operator(svc, 'POST', `/v1/operator/organizations/${p.issuer.org.orgId}/verify`);
    assert.equal(verified.status, 200, verified.text);
    const one = await createDoc(svc, p, { currency: 'EUR' });
    await issue(svc, p.issuer.key, one.id);
    const fx = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${one.id}/einvoice?format=ubl`,
      headers: { authorization: `Bearer ${p.issuer.key}` },
    });
    assert.equal(fx.statusCode, 200, fx.payload);
    const r = await svc.req<Doc>('POST', '/v1/inbound/documents', {
      token: p.counterparty.key,
      body: { content_base64: Buffer.from(fx.rawPayload).toString('base64') },
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.counterparty.id, p.issuer.org.orgId);
    await confirmFirstAccount(p.counterparty.org.session, r.body);
    await approve(p.counterparty.key, r.body.id);
    const bank = await svc.req('POST', '/v1/bank_accounts', {
      token: p.counterparty.org.session,
      idem: `bank-${p.counterparty.org.orgId}`,
      body: { iban: 'FR1420041010050500013M02606', account_name: 'Acheteur Trois', currency: 'EUR' },
    });
    assert.equal(bank.status, 201, bank.text);
    await paid(svc, p.counterparty.payKey, r.body.id);
    const [row] = await paymentsOf(r.body.id);
    assert.equal(row?.creditor_iban, SELLER.payment_account.iban);
    assert.equal(row?.creditor_bic, SELLER.payment_account.bic);
    assert.notEqual(row?.destination_account_id, OUTSIDE_LIVE_EUR, 'a docex payee keeps its own account');
  });
}
