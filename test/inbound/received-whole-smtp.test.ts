// Received whole by SMTP (CONTRACT 11.5, 1.18.0): a few of CEN's official examples (received-
// whole.test.ts takes all 22 by upload; four here, for CI time), addressed to the receiving
// organization, each attached to a real email sent to its inbound address through the SMTP
// listener on loopback, become the same bills as by upload: an invoice or vendor credit with the
// file's BT-109, BT-110, BT-112 and BT-115, its document-level allowances and charges and its
// lines' own amounts; the seller's VAT id as the supplier wrote it, compacted. On the database
// the suite runs on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import nodemailer from 'nodemailer';
import { compactIdentifier } from '../../src/lib/party-identifiers.ts';
import { readFile } from '../../src/modules/einvoice/import-document.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { type RunningListener, startInboundListener } from '../../src/modules/inbound/smtp-listener.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { addressedTo, INBOUND_DOMAIN, inEuro, sendRaw } from './helpers.ts';

const EXAMPLES = join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples');
/** A dotted VAT id and a negative line; a document-level allowance; a base quantity; a DKK credit. */
const FILES = [
  'cii_examples_CII_example1.xml',
  'cii_examples_CII_business_example_02.xml',
  'cii_examples_CII_example8.xml',
  'ubl_examples_BIS3_Invoice_negativ.XML',
];
const RECEIVER = { ...BUYER, electronic_address: { scheme: '9957', value: 'FR40303265045' } };

let svc: TestService;
let listener: RunningListener;
let buyer: Party;
let inbox: string;

before(async () => {
  svc = await startTestService({ DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN, DOCEX_SMTP_LISTEN: '127.0.0.1:0' });
  listener = await startInboundListener(svc.ctx);
  buyer = await makeParty(svc, 'Acheteur SARL');
  const set = await svc.req('PATCH', '/v1/organization', { token: buyer.org.session, body: RECEIVER });
  assert.equal(set.status, 200, set.text);
  const addr = await svc.req<{ email: string }>('GET', '/v1/inbound', { token: buyer.key });
  assert.equal(addr.status, 200, addr.text);
  inbox = addr.body.email;
});
after(async () => {
  await listener?.close();
  await svc?.close();
});

interface Bill {
  document_type: string;
  status: string;
  origin: string;
  subtotal: number;
  tax: number;
  total: number;
  balance_due: number;
  allowances_charges: unknown[];
  line_items: { net_amount: number }[];
  counterparty: { id: string };
  received: { channel: string } | null;
}

async function mail(filename: string, xml: string): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await t.sendMail({
    from: 'billing@supplier.test',
    to: inbox,
    subject: `Invoice ${filename}`,
    text: 'Our invoice is attached.',
    attachments: [{ filename, content: Buffer.from(xml, 'utf8'), contentType: 'application/xml' }],
  });
  return info.message as Buffer;
}

for (const file of FILES) {
  test(`${file}: by email through the SMTP listener, the bill the upload makes`, async () => {
    let xml = addressedTo(readFileSync(join(EXAMPLES, file), 'utf8'), RECEIVER.vat_id);
    let original = (await readFile(xml, undefined)).invoice;
    if (original.currency !== 'EUR') {
      xml = inEuro(xml, original.currency!);
      original = (await readFile(xml, undefined)).invoice;
    }
    const sent = await sendRaw(
      listener.address.port,
      { from: 'billing@supplier.test', to: [inbox] },
      await mail(file, xml),
    );
    assert.equal(sent.code, 250, sent.response);
    const id = /Stored as (inm_\w+)/.exec(sent.response)?.[1];
    assert.ok(id, sent.response);
    while ((await processInboundPass(svc.ctx)).handled > 0) {
      // every message waiting is read
    }
    const msg = await svc.req<{ status: string; document_ids: string[]; reasons: string[] }>(
      'GET',
      `/v1/inbound/messages/${id}`,
      { token: buyer.key },
    );
    assert.equal(msg.status, 200, msg.text);
    assert.equal(msg.body.status, 'accepted', JSON.stringify(msg.body.reasons));
    assert.equal(msg.body.document_ids.length, 1);
    const res = await svc.req<Bill>('GET', `/v1/documents/${msg.body.document_ids[0]}`, { token: buyer.key });
    assert.equal(res.status, 200, res.text);
    const bill = res.body;
    assert.equal(bill.document_type, original.typeCode === '381' ? 'credit_note' : 'invoice');
    assert.equal(bill.status, 'submitted');
    assert.equal(bill.origin, 'email');
    assert.equal(bill.received?.channel, 'email');
    assert.equal(bill.subtotal, Number(original.taxExclusive));
    assert.equal(bill.tax, Number(original.tax ?? 0));
    assert.equal(bill.total, Number(original.grandTotal));
    assert.equal(bill.balance_due, Number(original.payable));
    assert.equal(bill.allowances_charges.length, original.allowancesCharges.length);
    assert.deepEqual(
      bill.line_items.map((l) => l.net_amount),
      original.lines.map((l) => Number(l.netAmount)),
    );
    // the seller, a new external party, holds its VAT id compacted
    if (original.seller.vatId) {
      const seller = await svc.ctx.db
        .selectFrom('organizations')
        .select('legal_profile')
        .where('id', '=', bill.counterparty.id)
        .executeTakeFirstOrThrow();
      assert.equal(seller.legal_profile?.vat_id, compactIdentifier(original.seller.vatId).toUpperCase());
    }
  });
}
