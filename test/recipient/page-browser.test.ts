// The recipient page in headless Chromium against a real service (HTTP), at a desk's 1366x900 and
// at a phone's 390x844: the document headed by the issuer's number, nothing wider than the screen,
// a download that is the issuer's export byte for byte, a dispute refused without its reason by the
// browser itself and then made with one, and the claim through the app (/app/claim#<token>): sign
// in, email the code, type it, claimed. Any console error or uncaught exception fails it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { DESKTOP, fits, PHONE } from '../app/viewport.ts';
import { type BrowserSession, browserSuite } from '../helpers/browser.ts';
import { type SignedUp, signup } from '../helpers/flows.ts';
import type { TestService } from '../helpers/harness.ts';
import { addParty, giveProfile, issueTo, type Party, tokenFor } from './setup.ts';

const SLOW = 30_000;

let svc: TestService;
let base: string;
let b: BrowserSession;
let page: Page;
let seller: SignedUp;
let party: Party;

const test = browserSuite('the recipient page, in a browser', { app: true, timeoutMs: SLOW }, async (s) => {
  ({ svc, base, b, page } = s);
  seller = await signup(svc, 'Lumière Conseil');
  await giveProfile(svc, seller);
  party = await addParty(svc, seller, 'Kaufhaus Nord GmbH', 'ap@kaufhaus.example', {
    legal_name: 'Kaufhaus Nord GmbH',
    address: { line1: 'Marktplatz 2', city: 'Hamburg', postal_code: '20095', country_code: 'DE' },
    vat_id: 'DE987654321',
  });
});

function noBrowserErrors(step: string): void {
  assert.deepEqual(b.errors, [], `browser errors during "${step}"`);
}

for (const [label, viewport] of [
  ['desk', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`at ${viewport.width}x${viewport.height} (${label}): read, download, dispute with a reason`, async () => {
    await page.setViewportSize(viewport);
    const doc = await issueTo(svc, seller, party);
    const token = await tokenFor(svc, doc.id, party.id);
    await page.goto(`/r/${token}`);
    await page.getByRole('heading', { level: 1, name: `Invoice ${doc.number}` }).waitFor();
    await fits(page, 'the page');
    for (const text of [
      '524.20 EUR',
      'DE89 3704 0044 0532 0130 00',
      'Consulting, March',
      'Kaufhaus Nord GmbH',
    ]) {
      assert.ok(await page.getByText(text).first().isVisible(), `${text} is shown`);
    }
    assert.ok(await page.getByText(/^Verified/).isVisible());

    // The UBL download is the issuer's export, byte for byte.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'UBL (XML)' }).click(),
    ]);
    const path = await download.path();
    const got = readFileSync(path);
    const issuerExport = await fetch(`${base}/v1/documents/${doc.id}/einvoice?format=ubl`, {
      headers: { authorization: `Bearer ${seller.session}` },
    });
    assert.ok(got.equals(Buffer.from(await issuerExport.arrayBuffer())), 'the same bytes as the export');

    // Dispute: the browser itself refuses the empty reason (required), then it goes through.
    await page.getByRole('button', { name: 'Dispute' }).click();
    assert.equal(
      await page
        .getByLabel('Why do you dispute it?')
        .evaluate((el) => (el as unknown as { validity: { valid: boolean } }).validity.valid),
      false,
    );
    await page.getByLabel('Why do you dispute it?').fill('The travel expenses were not agreed.');
    await page.getByRole('button', { name: 'Dispute' }).click();
    await page.getByText('You disputed it.').waitFor();
    await fits(page, 'after the dispute');
    assert.ok(await page.getByText('The travel expenses were not agreed.').first().isVisible());
    const issuerView = await svc.req<{ status: string }>('GET', `/v1/documents/${doc.id}`, {
      token: seller.session,
    });
    assert.equal(issuerView.body.status, 'disputed');
    // Approve is still open after a dispute.
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('You approved it.').waitFor();
    await b.screenshot(`recipient-page-${label}`);
    noBrowserErrors(`the page at ${label} size`);
  });
}

test('at 390x844: a party without an address is offered no e-invoice file, and an old file link says why on the page', async () => {
  await page.setViewportSize(PHONE);
  const bare = await addParty(svc, seller, 'Ohne Adresse KG', 'ap@ohne.example');
  const doc = await issueTo(svc, seller, bare);
  const token = await tokenFor(svc, doc.id, bare.id);
  await page.goto(`/r/${token}`);
  await page.getByRole('heading', { level: 1, name: `Invoice ${doc.number}` }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'UBL (XML)' }).count(), 0);
  await page.getByText(/^The e-invoice files \(UBL, CII, Factur-X\) cannot be written yet/).waitFor();
  assert.ok(await page.getByRole('link', { name: 'Proof bundle (JSON)' }).isVisible());
  const res = await page.goto(`/r/${token}/files/facturx`);
  assert.equal(res?.status(), 422);
  await page
    .getByRole('alert')
    .getByText(/^That file cannot be downloaded: The e-invoice needs/)
    .waitFor();
  await fits(page, 'the refused file, as the page');
  // The one error is the browser noting the page's own 422, which this step asked for.
  assert.deepEqual(
    b.errors.splice(0).map((e) => e.replace(/^console \([^)]*\): /, '')),
    ['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'],
  );
});

test('a wrong link: the same quiet page', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  const res = await page.goto(`/r/${'N'.repeat(32)}`);
  assert.equal(res?.status(), 404);
  await page.getByRole('heading', { name: 'Nothing here' }).waitFor();
  await fits(page, 'the 404 page');
  // Chromium logs the 404 load itself as a console error: that is the expected answer.
  b.errors.splice(0, b.errors.length, ...b.errors.filter((e) => !/status of 404/.test(e)));
  noBrowserErrors('the wrong link');
});

test('the claim in the app: email the code, type it, claimed', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Sandbox organizations on both sides: a claim code's email is readable through the API there only.
  const sandboxOf = async (name: string) => {
    const user = await signup(svc, name);
    const res = await svc.req<{ organization: { id: string; name: string }; session: { token: string } }>(
      'POST',
      '/v1/sandbox',
      { token: user.session },
    );
    assert.equal(res.status, 201, res.text);
    return { ...user, orgId: res.body.organization.id, session: res.body.session.token };
  };
  const issuer = await sandboxOf('Sandbox Seller');
  await giveProfile(svc, issuer);
  const sandboxParty = await addParty(svc, issuer, 'Nordlicht GmbH', 'ap@nordlicht.example');
  const doc = await issueTo(svc, issuer, sandboxParty);
  const token = await tokenFor(svc, doc.id, sandboxParty.id);
  const claimant = await sandboxOf('Nordlicht on docex');
  // The visitor is signed in to the app as the claimant's sandbox organization (its session cookie,
  // as /app/api/login would set it).
  await b.context.addCookies([{ name: 'docex_session', value: claimant.session, url: `${base}/app/api` }]);

  await page.goto(`/r/${token}`);
  await page.getByRole('link', { name: 'This is us: claim' }).click();
  await page.getByRole('heading', { level: 1, name: /^Claim a party for / }).waitFor();
  await fits(page, 'the claim page');
  await page.getByRole('button', { name: 'Email me the code' }).click();
  await page.getByText('ap@nordlicht.example').waitFor();
  // The code, as a sandbox integrator reads it: the delivery's message.
  const list = await svc.req<{ data: { id: string; kind?: string }[] }>(
    'GET',
    `/v1/documents/${doc.id}/deliveries`,
    {
      token: issuer.session,
    },
  );
  assert.equal(list.status, 200, list.text);
  let code: string | null = null;
  for (const d of list.body.data) {
    const msg = await fetch(`${base}/v1/documents/${doc.id}/deliveries/${d.id}/message`, {
      headers: { authorization: `Bearer ${issuer.session}` },
    });
    const parsed = await simpleParser(Buffer.from(await msg.arrayBuffer()));
    const m = /Your code: (\d{8})/.exec(parsed.text ?? '');
    if (m) code = m[1]!;
  }
  assert.ok(code, 'the claim code is in a delivery of the document');
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Claim', exact: true }).click();
  await page.getByText(/^Claimed:/).waitFor();
  await b.screenshot('recipient-claim-phone');
  const mine = await svc.req<{ id: string }>('GET', `/v1/documents/${doc.id}`, { token: claimant.session });
  assert.equal(mine.status, 200, mine.text);
  noBrowserErrors('the claim');
});
