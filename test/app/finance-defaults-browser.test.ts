// A finance person's first hour, round two (issue 49 items 6, 7, 9 and 10), in Chromium at a desktop's
// 1366 px and a phone's 390 px: the checklist starts with the legal profile and the bank; the legal
// profile's banner counts the fields it marks, its country is a picker by name and its schemes are
// said in words with the VAT identifier offered as the electronic address; a German organization's
// editor starts in EUR and reads `95,00` and `1.140,50` as a German writes them (an unreadable number
// says how to write one); on a phone the documents list's first row is on the first screen and the
// organization switcher shows its name whole; the customer's email fits a phone's width.
import assert from 'node:assert/strict';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { type BrowserSession, browserSuite, waitInPage } from '../helpers/browser.ts';
import { SELLER } from '../helpers/einvoice-profiles.ts';
import type { TestService } from '../helpers/harness.ts';
import { bill, paid, type Sandbox, sandbox } from '../helpers/payments.ts';
import { addParty, giveProfile, issueTo } from '../recipient/setup.ts';
import { signIn } from './sign-in.ts';
import { DESKTOP, fits, PHONE } from './viewport.ts';

let svc: TestService;
let b: BrowserSession;
let page: Page;
let sb: Sandbox;

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const test = browserSuite(
  "a finance person's defaults, words and phone layout, in Chromium",
  { app: true },
  async (s) => {
    ({ svc, b, page } = s);
    // A German company with a sandbox beside it (so the header has the organization switcher).
    sb = await sandbox(svc, 'Kontor Nordwest Handelsgesellschaft');
    await giveProfile(svc, sb.owner, SELLER);
  },
);

function clean(step: string): void {
  assert.deepEqual(b.failed, [], `failed requests during "${step}"`);
  assert.deepEqual(b.errors, [], `browser errors during "${step}"`);
}

test('the first hour of a German finance person, desktop and phone', { timeout: 300_000 }, async (t) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, sb.owner, { at: '/app/documents' });

  await t.test('the checklist starts with the legal profile and the bank account', async () => {
    const steps = page.getByTestId('first-run').locator('li[data-testid^="first-run-"]');
    await steps.first().waitFor();
    const ids = await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    assert.deepEqual(ids.slice(0, 2), ['first-run-profile', 'first-run-bank']);
    // The profile given through the API counts as done; no bank account yet.
    assert.equal(await steps.nth(0).getAttribute('data-done'), 'true');
    assert.equal(await steps.nth(1).getAttribute('data-done'), 'false');
    clean('checklist');
  });

  await t.test('legal profile: the banner counts what it marks; country and schemes in words', async () => {
    await page.goto('/app/organization');
    await heading('Legal profile').waitFor();
    const country = page.getByLabel('Country');
    assert.equal(await country.inputValue(), 'DE');
    assert.equal(
      (await country.locator('option:checked').textContent())?.trim(),
      'Germany (DE)',
      'the country by its name',
    );
    assert.ok((await country.locator('option').count()) > 200, 'every ISO 3166 country');
    // The VAT identifier offered as the electronic address, in the country's scheme, said in words.
    const offer = page.getByTestId('vat-as-address');
    assert.match((await offer.textContent()) ?? '', /DE123456789 \(German VAT number\)/);
    await offer.click();
    assert.equal(await page.getByLabel('Address scheme').inputValue(), '9930');
    assert.equal(await page.getByLabel('Address identifier').inputValue(), 'DE123456789');
    assert.equal(
      await page.getByTestId('scheme-name-electronic_address.scheme').textContent(),
      ' 9930: German VAT number.',
    );
    await page.getByLabel('Registration scheme').fill('0002');
    await page.getByTestId('scheme-name-legal_registration_id.scheme').getByText('French SIREN').waitFor();
    await page.getByLabel('Registration scheme').fill('');
    // No BT-/BG- codes in the words on screen (they are in the hints' tooltips).
    const words = (await page.locator('form.legal-profile').innerText()) ?? '';
    assert.doesNotMatch(words, /\bB[TG]-\d+/);

    // Three required fields emptied and a bad IBAN: the banner's count is what the form marks.
    await page.getByLabel('Legal name').fill('');
    await page.getByLabel('City').fill('');
    await country.selectOption('');
    await page.getByLabel('IBAN').fill('DE00 1234');
    await page.getByRole('button', { name: 'Save legal profile' }).click();
    const banner = page.getByTestId('profile-errors');
    await banner.waitFor();
    await page.getByTestId('error-payment_account.iban').waitFor();
    const marked = await page.locator('form.legal-profile [aria-invalid="true"]').count();
    const groups = await page.locator('form.legal-profile fieldset > .field-error').count();
    assert.equal(marked + groups, 4, 'four fields marked');
    assert.match((await banner.textContent()) ?? '', new RegExp(`Not saved: ${marked + groups} fields need`));
    assert.match(
      (await page.getByTestId('save-outcome').textContent()) ?? '',
      new RegExp(`${marked + groups} fields need`),
    );
    await page.setViewportSize(PHONE);
    await fits(page, 'the legal profile at 390 px');
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await heading('Legal profile').waitFor();
    clean('legal profile');
  });

  await t.test("the editor: the country's currency, and numbers as a German writes them", async () => {
    await addParty(svc, sb.owner, 'Kunde AG', 'rechnung@kunde.example');
    await page.goto('/app/documents/new');
    await heading('New document').waitFor();
    assert.equal(await page.getByLabel('Currency').inputValue(), 'EUR');
    assert.match((await page.getByTestId('number-format').textContent()) ?? '', /1\.234,56/);
    await page.getByLabel('Document date').fill('2026-11-26');
    assert.equal(await page.getByTestId('ed-date-hint').textContent(), '26.11.2026.');
    const line = page.getByRole('listitem', { name: 'Line 1' });
    await line.getByLabel('Description').fill('Beratung');
    await line.getByLabel('Quantity').fill('12');
    await line.getByLabel('Unit price').fill('zwölf');
    await line.getByText('is not a number: write it like 1.234,56').waitFor();
    await line.getByLabel('Unit price').fill('95,00');
    await line.getByLabel('Tax %').fill('19');
    await page.getByText('1.356,60 €').first().waitFor();
    assert.equal(await line.getByText('is not a number').count(), 0);
    await line.getByLabel('Unit price').fill('1.095,50');
    await page.getByText('13.146,00 €').first().waitFor();
    await page.setViewportSize(PHONE);
    await fits(page, 'the editor at 390 px');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { level: 1, name: /^Invoice / }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const doc = await svc.req<{ currency: string; line_items: { unit_price: number; quantity: number }[] }>(
      'GET',
      `/v1/documents/${id}`,
      { token: sb.owner.session },
    );
    assert.equal(doc.status, 200, doc.text);
    assert.equal(doc.body.currency, 'EUR');
    assert.equal(doc.body.line_items[0]?.unit_price, 1095.5);
    assert.equal(doc.body.line_items[0]?.quantity, 12);
    // Edited again: the stored price in the German way.
    await page.goto(`/app/documents/${id}/edit`);
    await heading(/^Edit Invoice /).waitFor();
    assert.equal(
      await page.getByRole('listitem', { name: 'Line 1' }).getByLabel('Unit price').inputValue(),
      '1095,5',
    );
    clean('editor');
  });

  await t.test(
    'the sandbox bank: its words, its prerequisites named early, the live profile copied',
    async () => {
      await page.setViewportSize(DESKTOP);
      const switched = page.waitForResponse((r) => new URL(r.url()).pathname === '/app/api/switch');
      await page.getByLabel('Organization').selectOption({ value: sb.orgId });
      assert.equal((await switched).status(), 200);
      await page.locator('.shell.env-sandbox').waitFor();
      await page.goto('/app/bank');
      await heading('Bank').waitFor();
      // The sandbox's words, and the simulated bank before any account or batch.
      assert.match((await page.getByTestId('bank-intro').textContent()) ?? '', /the simulated bank/);
      assert.equal(await page.getByText('upload it to your bank').count(), 0);
      await page.getByTestId('simulated-bank').getByText('Connect a practice account').waitFor();
      // Connecting: what the payment file will need is named now, each with a link to its field.
      const form = page.getByRole('form', { name: 'Connect a bank account' });
      const early = form.getByTestId('sepa-readiness');
      await early.waitFor();
      assert.match((await early.textContent()) ?? '', /a postal address with a town and a country/);
      await form.getByRole('button', { name: 'Use a practice account' }).click();
      await form.getByRole('button', { name: 'Connect' }).click();
      await page.getByTestId('bank-account').waitFor();
      await page.getByTestId('simulated-bank').getByText('Your practice account is connected.').waitFor();
      await page.getByTestId('sepa-readiness').waitFor();
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await fits(page, `the sandbox Bank page at ${size.width} px`);
      }
      await page.setViewportSize(DESKTOP);

      // Paying a bill on the bank rail: said beside Pay, before the money is committed to a batch.
      const demo = await bill(svc, sb.key, 42.5, 'EUR');
      await page.goto(`/app/documents/${demo.id}`);
      const atPay = page.getByTestId('sepa-readiness');
      await atPay.waitFor();
      assert.match((await atPay.textContent()) ?? '', /This payment goes out through your bank/);
      await paid(svc, sb.key, demo.id);

      // Closing the batch without the address: refused in plain words, no API syntax.
      await page.goto('/app/bank');
      await page.getByTestId('open-batch-payment').waitFor();
      await page.getByRole('button', { name: 'Close batch' }).click();
      const refused = page.locator('.alert-error', { hasText: 'Not closed' });
      await refused.waitFor();
      const said = (await refused.textContent()) ?? '';
      assert.match(said, /Your legal profile has no postal address with a town and a country/);
      assert.match(said, /Fill them in under Legal profile, then close the batch again\./);
      assert.doesNotMatch(said, /[{}]|legal_profile|fills it/);
      // The refusal's 400 is this step's point: expected, and nothing else.
      assert.ok(
        b.failed.every((f) => f === '400 POST /app/api/v1/payment_batches'),
        b.failed.join('\n'),
      );
      b.failed.splice(0);
      b.errors.splice(0);

      // The field's link opens the legal profile with the town focused; there, the live profile is copied.
      await page.getByTestId('sepa-readiness').getByRole('link', { name: 'a town' }).click();
      await heading('Legal profile').waitFor();
      await waitInPage(page, "document.activeElement?.id === 'lp-address-city'");
      const copy = page.getByTestId('copy-from-live');
      await copy.getByRole('button', { name: "Copy the live organization's legal profile" }).click();
      await copy.getByRole('button', { name: 'Copy it' }).click();
      await copy.getByText('Copied from the live organization.').waitFor();
      assert.equal(await page.getByLabel('Legal name').inputValue(), SELLER.legal_name);
      assert.equal(await page.getByLabel('City').inputValue(), SELLER.address.city);

      // Now the batch closes, and the simulated bank answers from the closed batch's notice.
      await page.goto('/app/bank');
      await page.getByTestId('bank-account').waitFor();
      await page.getByTestId('open-batch-payment').waitFor();
      assert.equal(await page.getByTestId('sepa-readiness').count(), 0);
      await page.getByRole('button', { name: 'Close batch' }).click();
      const notice = page.locator('.alert-success', { hasText: 'Batch closed' });
      await notice.getByText(/The simulated bank has it/).waitFor();
      await notice.getByRole('button', { name: "Simulate the bank's statement" }).click();
      await notice.getByTestId('simulated-statement').waitFor();
      clean('the sandbox bank');

      // Back to the live organization for the steps that follow.
      await page.getByLabel('Organization').selectOption({ value: sb.owner.orgId });
      await page.locator('.shell:not(.env-sandbox)').waitFor();
    },
  );

  await t.test(
    "a phone: the documents list's first row on the first screen, the switcher whole",
    async () => {
      const party = await addParty(svc, sb.owner, 'Listenkunde GmbH', 'ap@listenkunde.example');
      for (let i = 0; i < 3; i++) await issueTo(svc, sb.owner, party);
      await page.setViewportSize(PHONE);
      await page.goto('/app/documents');
      await heading('All documents').waitFor();
      const first = page.locator('main table tbody tr').first();
      await first.waitFor();
      const box = await first.boundingBox();
      assert.ok(
        box && box.y < PHONE.height - 60,
        `the first row starts at ${box?.y} px, below the first screen`,
      );
      await fits(page, 'the documents list at 390 px');
      // The switcher shows the organization's name, not a cut of it: its select is wide enough for
      // the chosen option's text (measured with the select's own font).
      const cut = await page.evaluate<{ need: number; have: number }>(`(() => {
      const s = document.querySelector('.org-switcher select');
      const c = document.createElement('canvas').getContext('2d');
      const st = getComputedStyle(s);
      c.font = st.fontWeight + ' ' + st.fontSize + ' ' + st.fontFamily;
      const text = s.options[s.selectedIndex].text;
      return { need: Math.ceil(c.measureText(text).width), have: s.clientWidth - 28 };
    })()`);
      assert.ok(cut.need <= cut.have, `the switcher needs ${cut.need} px for its name and has ${cut.have}`);
      const sw = await page.locator('.org-switcher select').boundingBox();
      assert.ok(sw && sw.x + sw.width <= PHONE.width, 'the switcher is on screen');
      await b.screenshot('finance-defaults-documents-phone');
      clean('documents on a phone');
    },
  );

  await t.test("the customer's email fits a phone's width", async () => {
    // In the sandbox, whose emails are simulated: the message is written as it would be sent.
    const practice = { ...sb.owner, orgId: sb.orgId, session: sb.session };
    const party = await addParty(svc, practice, 'Mailkunde KG', 'ap@mailkunde.example');
    const doc = await issueTo(svc, practice, party);
    await deliverEmails(svc.ctx);
    const list = await svc.req<{ data: { id: string }[] }>('GET', `/v1/documents/${doc.id}/deliveries`, {
      token: sb.session,
    });
    assert.equal(list.status, 200, list.text);
    const d = list.body.data[0];
    assert.ok(d, 'a delivery');
    const msg = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.id}/deliveries/${d.id}/message`,
      headers: { authorization: `Bearer ${sb.session}` },
    });
    assert.equal(msg.statusCode, 200, msg.body);
    const html = (await simpleParser(msg.rawPayload)).html;
    assert.ok(typeof html === 'string' && html.length > 0, 'an HTML part');
    const mail = await b.context.newPage();
    try {
      await mail.setViewportSize(PHONE);
      await mail.setContent(html);
      await fits(mail, "the customer's email at 390 px");
      await mail.screenshot({ path: 'test-artifacts/app/finance-defaults-email-phone.png', fullPage: true });
    } finally {
      await mail.close();
    }
  });
});
