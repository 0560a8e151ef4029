// A PDF whose embedded e-invoice docex cannot read is refused, not captured (issue 51; CONTRACT
// §13 captures "every PDF that embeds no e-invoice"): the refusal says which embedded file it is,
// why it was refused, and that such a PDF is not captured from its pages. Nothing to review is
// made; the message stays listed as refused. On the database the suite runs on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let buyer: Party;

before(async () => {
  svc = await startTestService();
  buyer = await makeParty(svc, 'Acheteur SARL');
  const set = await svc.req('PATCH', '/v1/organization', { token: buyer.org.session, body: BUYER });
  assert.equal(set.status, 200, set.text);
});
after(async () => {
  await svc?.close();
});

async function facturx(xml: string, name = 'factur-x.xml'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  await doc.attach(Buffer.from(xml), name, { mimeType: 'text/xml' });
  return Buffer.from(await doc.save());
}

interface ErrorBody {
  error: { code: string; message: string; details: { inbound_message_id: string } };
}

test('an embedded e-invoice docex cannot read: 400 saying which file, why, and that it is not captured', async () => {
  for (const [xml, name, why] of [
    ['<not xml', 'factur-x.xml', /factur-x\.xml is not well-formed XML/],
    ['<?xml version="1.0"?><html/>', 'zugferd-invoice.xml', /the root element html is neither a UBL/],
  ] as const) {
    const r = await svc.req<ErrorBody>('POST', '/v1/inbound/documents', {
      token: buyer.key,
      body: { content_base64: (await facturx(xml, name)).toString('base64'), filename: 'Rechnung.pdf' },
    });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.error.code, 'invalid_request');
    assert.match(
      r.body.error.message,
      new RegExp(`"Rechnung\\.pdf" embeds an e-invoice \\(${name.replace('.', '\\.')}\\)`),
    );
    assert.match(r.body.error.message, why);
    assert.match(r.body.error.message, /not captured from its pages/);
    const id = r.body.error.details.inbound_message_id;
    const m = await svc.req<{ status: string; reasons: string[] }>('GET', `/v1/inbound/messages/${id}`, {
      token: buyer.readKey,
    });
    assert.equal(m.body.status, 'refused');
    assert.match(m.body.reasons.join(' '), /not captured from its pages/);
    const caps = await svc.ctx.db
      .selectFrom('captures')
      .select('id')
      .where('inbound_message_id', '=', id)
      .execute();
    assert.deepEqual(caps, [], 'nothing to review');
  }
});
