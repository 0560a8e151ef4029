// The document email's words and layout (issue 49, CONTRACT 11.2 1.18.0): the words a person uses
// in both parts ("Net 30 days", "Awaiting your answer", grouped amounts, no "12 x 95 = 1140"),
// the From display name "<organization> via docex", and nothing a user typed becoming a link in
// the HTML part, while the message stays RFC 5322/2045 clean. Pure functions: no service.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simpleParser } from 'mailparser';
import { composeMessage, inertText, viaDocex } from '../../src/modules/delivery/compose.ts';
import { documentMessage } from '../../src/modules/delivery/document-message.ts';
import type { DocumentRecord } from '../../src/modules/documents/project-document.ts';

const doc = {
  id: 'doc_1',
  document_type: 'invoice',
  issuer_number: 'INV-000007',
  currency: 'EUR',
  document_date: '2026-11-02',
  due_date: '2026-12-02',
  payment_terms: 'net_30',
  status: 'submitted',
  subtotal: '1140.00',
  tax: '216.60',
  total: '1356.60',
  notes: null,
  line_items: [
    {
      line_number: 1,
      description: 'Consulting, see https://evil.example/pay or www.evil.example, mail pay@evil.example',
      quantity: 12,
      unit_price: 95,
      tax_rate: 0.19,
      sku: null,
      discount_type: null,
      discount_value: null,
      net_amount: 1140,
      tax_amount: 216.6,
    },
  ],
} as unknown as DocumentRecord;

const message = documentMessage({
  kind: 'document',
  doc,
  senderName: 'Acme.com GmbH',
  senderProfile: {
    legal_name: 'Acme GmbH',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
    payment_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  },
  partyName: 'Kunde KG',
  link: 'https://docex.example/r/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  attached: ['INV-000007.pdf', 'INV-000007.xml'],
  omitted: null,
});

test('both parts speak in words, with no computation strings and no internal codes', () => {
  for (const part of [message.text, message.html]) {
    for (const words of [
      'Net 30 days',
      'Awaiting your answer',
      '1,356.60 EUR',
      '1,140.00 EUR',
      'DE89 3704 0044 0532 0130 00',
    ])
      assert.ok(part.includes(words), words);
    for (const internal of ['net_30', 'submitted', '= 1140', '12 x 95'])
      assert.ok(!part.includes(internal), internal);
  }
  assert.match(message.text, /1\. Consulting.*: 12 × 95\.00 EUR, net 1,140\.00 EUR/);
  // The subject keeps the plain total mail filters match on.
  assert.equal(message.subject, 'Acme.com GmbH: Invoice INV-000007, 1356.60 EUR, due 2026-12-02');
});

test('the HTML part: 600 px at most, inline styles only, colours set for dark mode, one link', () => {
  assert.match(message.html, /max-width:600px/);
  assert.match(message.html, /<meta name="color-scheme" content="light dark">/);
  assert.ok(!/<style|class=/.test(message.html), 'inline styles only');
  assert.match(message.html, /<body style="margin:0;padding:0;background:#f4f5f7">/);
  const links = [...message.html.matchAll(/<a\s[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(links, ['https://docex.example/r/AbCdEfGhIjKlMnOpQrStUvWxYz012345']);
  // What the user typed is there to read, but no client can auto-link it: every URL-like token is broken.
  const typed = /Consulting, see (.*?)<br>/.exec(message.html)?.[1] ?? '';
  assert.ok(typed.includes('https:&#8203;/&#8203;/&#8203;evil.&#8203;example'), typed);
  assert.ok(typed.includes('www.&#8203;evil.&#8203;example'), typed);
  assert.ok(typed.includes('pay@&#8203;evil.&#8203;example'), typed);
  assert.ok(
    !/https?:\/\/evil|www\.evil|pay@evil/.test(
      message.html.replace(/<p style="margin:0;color:#57606a[^<]*<\/p>/, ''),
    ),
  );
  assert.ok(
    message.html.includes('Acme.&#8203;com GmbH'),
    'an organization name that is a domain is inert too',
  );
});

test('inertText: plain words unchanged; markup escaped; link-like tokens broken', () => {
  assert.equal(inertText('Consulting: March, 3 days'), 'Consulting: March, 3 days');
  assert.equal(inertText('<b>x</b> & y'), '&lt;b&gt;x&lt;/b&gt; &amp; y');
  assert.equal(inertText('mailto:a'), 'mailto:&#8203;a');
  assert.equal(inertText('evil.io'), 'evil.&#8203;io');
  assert.equal(inertText('1.5 hours'), '1.5 hours');
});

test('From is "<organization> via docex"; the message is RFC 5322/2045 clean', async () => {
  assert.equal(viaDocex('Müller GmbH'), 'Müller GmbH via docex');
  const bytes = await composeMessage({
    messageId: '<dlv_1@docex.test>',
    date: new Date('2026-11-02T10:00:00Z'),
    fromAddress: 'billing@docex.test',
    fromName: viaDocex('Müller GmbH'),
    replyTo: null,
    to: 'ap@kunde.example',
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: [],
  });
  for (const line of bytes.toString('latin1').split('\r\n')) assert.ok(line.length <= 998);
  assert.ok(!bytes.some((b) => b > 0x7f), 'no raw 8-bit data');
  const mail = await simpleParser(bytes);
  assert.equal(mail.from?.value[0]?.name, 'Müller GmbH via docex');
  assert.equal(mail.html, message.html);
  assert.equal(mail.text, message.text);
});
