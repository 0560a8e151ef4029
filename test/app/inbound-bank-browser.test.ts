// The Inbound and Bank pages in Chromium (issues 39 item 10, 40 item 7): the organization's inbound
// address with a copy button on Documents; the Inbound page listing a refused message with its
// reasons in words and an accepted one linking to the Bill it made, whose page says how it came in
// and that its sender is not verified; the raw .eml downloadable. The Bank page: a bad IBAN refused
// in the API's words, then a good one connected; a bank-rail payment waiting in the open batch;
// "Close batch" and its pain.001 file downloaded; the RF payment reference on the invoice. At
// 1366x900 and 390x844 with nothing wider than the screen, no failed request, no console error.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { storeMessage } from '../../src/modules/inbound/messages.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { type BrowserSession, browserSuite, listeningService, openBrowser } from '../helpers/browser.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import type { TestService } from '../helpers/harness.ts';
import { approvedInvoice, type LivePair, livePair, paid } from '../helpers/payments.ts';
import { signIn, signUp } from './sign-in.ts';
import { DESKTOP, fits, PHONE } from './viewport.ts';

const INBOUND_DOMAIN = 'inbound.docex.test';

let svc: TestService;
let base: string;
let b: BrowserSession;
let page: Page;
let p: LivePair;

const SAMPLE = await readFile(
  join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples', 'ubl_examples_sample-discount-price.xml'),
  'utf8',
);

/** An official UBL example (it imports under §9) with the given number and buyer VAT id. */
function invoiceXml(number: string, buyerVat: string): Buffer {
  // The example's seller and buyer share one VAT id: the first is BG-4's, the second BG-7's.
  const xml = SAMPLE.replace('<cbc:ID>test decimal 1</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`)
    .replace('HR46830600751', 'HR90000000001')
    .replace('HR46830600751', buyerVat);
  return Buffer.from(xml, 'utf8');
}

/** A real MIME message carrying the file, as a supplier's mail client would send it. */
async function mail(subject: string, attachment: { filename: string; content: Buffer }): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await t.sendMail({
    from: 'billing@supplier.test',
    to: `inbox@${INBOUND_DOMAIN}`,
    subject,
    messageId: `<${subject.replace(/\W/g, '')}@supplier.test>`,
    text: 'Our invoice.',
    attachments: [attachment],
  });
  return info.message as Buffer;
}

/** Stores a received message for the payer's organization the way the listener does, then reads it. */
async function receive(subject: string, raw: Buffer): Promise<void> {
  await storeMessage(svc.ctx.db, {
    organizationIds: [p.payer.orgId],
    channel: 'email',
    envelopeFrom: 'billing@supplier.test',
    raw,
    headers: { from: 'billing@supplier.test', subject, messageId: `<${subject}@supplier.test>` },
    now: svc.ctx.clock.now(),
  });
}

async function drain(): Promise<void> {
  while ((await processInboundPass(svc.ctx)).handled > 0) {}
}

const test = browserSuite(
  'the Inbound and Bank pages, in Chromium',
  { app: true, env: { DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN }, viewport: DESKTOP },
  async (s) => {
    ({ svc, base, b, page } = s);
    // Two verified live organizations, the payer ("Live Buyer") with no processor and no balance:
    // only its bank account will let it pay. Their legal profiles give the payment file its parties.
    p = await livePair(svc, { connect: false });
    for (const [who, profile] of [
      [p.payee, SELLER],
      [p.payer, BUYER],
    ] as const) {
      const res = await svc.req('PATCH', '/v1/organization', { token: who.session, body: profile });
      assert.equal(res.status, 200, res.text);
    }
  },
);

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('inbound address and messages, then the bank: connect, pay, close the batch, download its file', {
  timeout: 240_000,
}, async () => {
  // Two messages arrive: an invoice to someone else (refused) and one to the payer (a Bill).
  await receive(
    'Not for you',
    await mail('Not for you', { filename: 'OTHER-1.xml', content: invoiceXml('OTHER-1', 'DE999999999') }),
  );
  await receive(
    'Invoice SUP-7',
    await mail('Invoice SUP-7', { filename: 'SUP-7.xml', content: invoiceXml('SUP-7', 'FR 40303265045') }),
  );
  await drain();

  await signIn(page, p.payer.org, { at: '/app/documents' });

  // The inbound address on Documents, and its copy button.
  const address = await svc.req<{ email: string }>('GET', '/v1/inbound', { token: p.payer.session });
  assert.equal(address.status, 200, address.text);
  assert.match(address.body.email, new RegExp(`^[a-z2-7]{20}@${INBOUND_DOMAIN.replace(/\./g, '\\.')}$`));
  const line = page.getByTestId('inbound-address');
  assert.equal(await line.getByTestId('inbound-email').textContent(), address.body.email);
  await line.getByRole('button', { name: 'Copy the inbound address' }).click();
  await line.getByText('Copied to the clipboard.').waitFor({ state: 'attached' });
  assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), address.body.email);

  // The Inbound page: newest first, the refused one with its reasons in words.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Inbound', exact: true })
    .click();
  await heading('Inbound').waitFor();
  const rows = page.getByTestId('inbound-message');
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  const accepted = page.locator('[data-testid="inbound-message"][data-status="accepted"]');
  const refused = page.locator('[data-testid="inbound-message"][data-status="refused"]');
  assert.match((await refused.textContent()) ?? '', /billing@supplier\.test.*Not for you.*Refused/);
  assert.match(
    (await refused.getByTestId('inbound-reasons').textContent()) ?? '',
    /"OTHER-1\.xml" is addressed to someone else: its buyer \(BG-7\) .* is not Live Buyer/,
  );
  // Its raw bytes, as received, through the session.
  const rawHref = (await refused.getByRole('link', { name: 'Download .eml' }).getAttribute('href')) ?? '';
  const raw = await page.evaluate<{ status: number; type: string; text: string }>(
    `fetch(${JSON.stringify(rawHref)}).then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), text: await r.text() }))`,
  );
  assert.equal(raw.status, 200);
  assert.match(raw.type, /^message\/rfc822/);
  assert.match(raw.text, /Subject: Not for you/);

  // The filter narrows the list to the refused one.
  await page.getByLabel('Show').selectOption({ label: 'Refused' });
  await page
    .locator('[data-testid="inbound-message"]:not([data-status="refused"])')
    .waitFor({ state: 'detached' });
  await page.getByLabel('Show').selectOption({ label: 'All messages' });
  await accepted.waitFor();

  // The accepted one links to its Bill, whose page says how it came in and who sent it.
  const billLink = accepted.getByTestId('inbound-documents').getByRole('link', { name: /^Bill BILL-/ });
  await billLink.click();
  await heading(/^Bill BILL-/).waitFor();
  assert.equal(
    await page.getByTestId('received-channel').textContent(),
    'By email from billing@supplier.test',
  );
  const sender = page.getByTestId('sender-verification');
  assert.equal(await sender.getAttribute('data-verified'), 'false');
  assert.match((await sender.textContent()) ?? '', /^Not verified/);
  await fits(page, 'a received bill at 1366x900');

  // The Bank page: a wrong IBAN is refused in the API's words, nothing connected.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bank', exact: true })
    .click();
  await heading('Bank').waitFor();
  const form = page.getByRole('form', { name: 'Connect a bank account' });
  await form.getByLabel('IBAN').fill('FR14 2004 1010 0505 0001 3M02 607');
  await form.getByRole('button', { name: 'Connect' }).click();
  const alert = form.getByRole('alert');
  await alert.waitFor();
  assert.match(
    (await alert.textContent()) ?? '',
    /^Not connected: IBAN is not valid: its check digits do not match \(look for a typing error\)/,
  );
  assert.equal(await page.getByTestId('bank-account').count(), 0);
  // The right one.
  await form.getByLabel('IBAN').fill('FR14 2004 1010 0505 0001 3M02 606');
  await form.getByLabel('Account holder').fill('Live Buyer Treasury');
  await form.getByRole('button', { name: 'Connect' }).click();
  const account = page.getByTestId('bank-account');
  await account.waitFor();
  assert.equal(await account.getAttribute('data-status'), 'active');
  assert.equal(await account.getByTestId('bank-iban').textContent(), 'FR14 2004 1010 0505 0001 3M02 606');
  assert.equal(await form.count(), 0, 'one active account: the form goes away');
  await page.getByText('No payment is waiting').waitFor();

  // The payee connects its bank too, so its invoice carries an RF reference; the payer pays it on
  // the bank rail (the API, as an integrator's key would).
  const payeeBank = await svc.req('POST', '/v1/bank_accounts', {
    token: p.payee.session,
    body: { iban: 'DE89 3704 0044 0532 0130 00', account_name: 'Seller GmbH', currency: 'EUR' },
  });
  assert.equal(payeeBank.status, 201, payeeBank.text);
  const inv = await approvedInvoice(svc, p, 250.5, 'EUR');
  assert.match(inv.payment_reference ?? '', /^RF\d{2}/);
  const payment = (await paid(svc, p.payer.key, inv.id)).payment;
  assert.equal(payment.rail, 'sepa_credit_transfer');

  // The bill shows the reference to quote and the payment waiting for the batch.
  await page.goto(`/app/documents/${inv.id}`);
  await heading(/^Bill /).waitFor();
  assert.match(
    (await page.getByTestId('payment-reference').textContent()) ?? '',
    new RegExp(`^${inv.payment_reference}`),
  );
  assert.match(
    (await page.getByTestId('payment-status').textContent()) ?? '',
    // The payer is French (its legal profile): money as France writes it.
    /Processing 250,50\s€ as a SEPA credit transfer: it goes to the bank with the payer's next payment batch/,
  );

  // The open batch holds it; closing it makes a batch whose file is the pain.001.
  await page.goto('/app/bank');
  await heading('Bank').waitFor();
  const waiting = page.getByTestId('open-batch-payment');
  // The row shows the document's id until its name has loaded: wait for the name.
  await waiting.filter({ hasText: /Invoice|Bill/ }).waitFor();
  assert.equal(await waiting.count(), 1);
  assert.match((await waiting.textContent()) ?? '', /Invoice|Bill/);
  assert.match((await waiting.textContent()) ?? '', /250,50\s€/);
  assert.match((await waiting.textContent()) ?? '', new RegExp(payment.end_to_end_id ?? 'none'));
  await fits(page, 'the Bank page at 1366x900');
  await page.getByRole('button', { name: 'Close batch' }).click();
  await page.getByText(/Batch closed: 1 payment, 250,50\s€\./).waitFor();
  await page.getByText('No payment is waiting').waitFor();
  const batch = page.getByTestId('payment-batch');
  await batch.waitFor();
  assert.equal(await batch.count(), 1);

  const download = page.waitForEvent('download');
  await batch.getByRole('link', { name: 'Download payment file' }).click();
  const file = await download;
  const xml = await readFile((await file.path()) ?? '', 'utf8');
  assert.match(file.suggestedFilename(), /\.xml$/);
  assert.match(xml, /urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.09/);
  assert.match(xml, /<CtrlSum>250\.50<\/CtrlSum>/);
  assert.match(xml, new RegExp(`<EndToEndId>${payment.end_to_end_id}</EndToEndId>`));
  assert.match(xml, new RegExp(`<Ref>${inv.payment_reference}</Ref>`));
  // The place for statements is there, with none imported yet.
  assert.match((await page.getByTestId('upload-statement').textContent()) ?? '', /Upload a statement/);
  await page.getByText('No statement imported yet.').waitFor();

  // At a phone's width: Documents, Inbound, Bank and the received bill fit.
  await page.setViewportSize(PHONE);
  await page.goto('/app/documents');
  await page.getByTestId('inbound-address').waitFor();
  await fits(page, 'Documents at 390x844');
  await page.goto('/app/inbound');
  await refused.getByTestId('inbound-reasons').waitFor();
  await fits(page, 'the Inbound page at 390x844');
  await b.screenshot('inbound-phone');
  await page.goto('/app/bank');
  await batch.waitFor();
  await fits(page, 'the Bank page at 390x844');
  await b.screenshot('bank-phone');

  assert.deepEqual(b.failed, []);
  assert.deepEqual(b.errors, []);
});

/** The sample with a payment account (BT-84, BT-85, BT-86) the supplier asks to be paid into. */
function invoiceWithAccount(number: string, buyerVat: string): Buffer {
  return Buffer.from(
    invoiceXml(number, buyerVat)
      .toString('utf8')
      .replace(
        '<cbc:PaymentMeansCode>4</cbc:PaymentMeansCode>',
        '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>HR1210010051863000160</cbc:ID><cbc:Name>HEP Split</cbc:Name><cac:FinancialInstitutionBranch><cbc:ID>PBZGHR2X</cbc:ID></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount>',
      ),
    'utf8',
  );
}

test("a supplier's invoice uploaded: from Inbound, again from Bills (a duplicate), through Import (sent to the upload), refused in words; the bill names the account it pays into", {
  timeout: 240_000,
}, async () => {
  // The first test signed the payer in; the supplier is its counterparty since the mail.
  await page.setViewportSize(DESKTOP);
  await page.goto('/app/inbound');
  await heading('Inbound').waitFor();
  const box = page.getByTestId('upload-supplier-invoice');
  await box.getByLabel("Supplier's invoice file").setInputFiles({
    name: 'SUP-8.xml',
    mimeType: 'application/xml',
    buffer: invoiceWithAccount('SUP-8', 'FR40303265045'),
  });
  await heading(/^Bill BILL-/).waitFor();
  const billUrl = page.url();
  assert.equal(await page.getByTestId('received-channel').textContent(), 'Uploaded');
  const payee = page.getByTestId('payee-account');
  assert.equal(
    (await payee.textContent())?.replace(/\s+/g, ' '),
    'Pays intoHR12 1001 0051 8630 0016 0 · HEP Split · BIC PBZGHR2X',
  );
  // Approved, it can be paid (or, where the first account of a party is held, the hold names it).
  await page.getByRole('button', { name: 'Approve' }).click();
  const hold = page.getByTestId('payment-hold');
  const pay = page.getByRole('button', { name: /^Pay / });
  await Promise.race([hold.waitFor(), pay.waitFor()]);
  if (await hold.isVisible()) {
    assert.match((await hold.textContent()) ?? '', /HR12 1001 0051 8630 0016 0/);
  } else {
    assert.match(
      (await page.getByTestId('pay-into').textContent()) ?? '',
      /into HR12 1001 0051 8630 0016 0 \(HEP Split, BIC PBZGHR2X\)/,
    );
    await pay.click();
    const question = page.getByText(
      /^Pay .* to .* into HR12 1001 0051 8630 0016 0 \(HEP Split, BIC PBZGHR2X\)\?/,
    );
    await question.waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  }
  await fits(page, 'an uploaded bill at 1366x900');

  // The same file again, from Bills received: nothing new, a link to the first.
  await page.goto('/app/documents?view=invoice_received');
  await heading('Bills received').waitFor();
  await page
    .getByTestId('upload-supplier-invoice')
    .getByLabel("Supplier's invoice file")
    .setInputFiles({
      name: 'SUP-8.xml',
      mimeType: 'application/xml',
      buffer: invoiceWithAccount('SUP-8', 'FR40303265045'),
    });
  const dup = page.getByTestId('upload-duplicate');
  await dup.waitFor();
  assert.match(
    (await dup.textContent()) ?? '',
    /^Received before: this is Bill BILL-\d+\. Nothing new was created\.$/,
  );
  assert.equal(new URL((await dup.getByRole('link').getAttribute('href')) ?? '', base).href, billUrl);

  // "Import as my invoice" with a file addressed to this organization: received as a bill instead.
  await page.getByRole('button', { name: 'Import as my invoice' }).click();
  const panel = page.getByRole('region', { name: 'Import as your own invoice' });
  await panel.getByLabel('E-invoice file (XML)').setInputFiles({
    name: 'SUP-9.xml',
    mimeType: 'application/xml',
    buffer: invoiceXml('SUP-9', 'FR40303265045'),
  });
  await panel.getByRole('button', { name: 'Import as draft' }).click();
  await page.getByTestId('uploaded-instead').waitFor();
  await heading(/^Bill BILL-/).waitFor();

  // A file addressed to someone else is refused beside the control, in words (the one 400 asked for).
  await page.setViewportSize(PHONE);
  await page.goto('/app/inbound');
  await page
    .getByTestId('upload-supplier-invoice')
    .getByLabel("Supplier's invoice file")
    .setInputFiles({
      name: 'OTHER-2.xml',
      mimeType: 'application/xml',
      buffer: invoiceXml('OTHER-2', 'DE999999999'),
    });
  const refusal = page.getByTestId('upload-errors');
  await refusal.waitFor();
  assert.match((await refusal.textContent()) ?? '', /^Not received\..*addressed to someone else/);
  await fits(page, 'the Inbound page with a refusal at 390x844');
  assert.deepEqual(
    b.failed.splice(0).map((f) => f.replace(/ .*/, '')),
    ['400'],
  );
  assert.deepEqual(
    b.errors.filter((e) => !/status of 400/.test(e)),
    [],
  );
  b.errors.splice(0);
  await page.setViewportSize(DESKTOP);
});

test('a deployment without an inbound domain shows no address, and asks nothing that fails', {
  timeout: 120_000,
}, async () => {
  const other = await listeningService();
  const ob = await openBrowser(other.base);
  try {
    ob.page.setDefaultTimeout(30_000);
    // The address is asked for once the Documents page shows; its answer (none) is in before the check below.
    const asked = ob.page.waitForResponse((r) => new URL(r.url()).pathname === '/app/api/inbound');
    await signUp(ob.page, {
      name: 'No Inbound Co',
      email: `owner.${Date.now()}@no-inbound.test`,
      password: 'correct horse battery staple',
    });
    const answer = await asked;
    assert.equal(answer.status(), 200);
    assert.deepEqual(await answer.json(), { inbound: null });
    assert.equal(await ob.page.getByTestId('inbound-address').count(), 0);
    assert.deepEqual(ob.failed, []);
    assert.deepEqual(ob.errors, []);
  } finally {
    await ob.close();
    await other.svc.close();
  }
});
