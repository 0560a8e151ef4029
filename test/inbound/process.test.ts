// The worker's processing of received messages (CONTRACT 11.5), on the database the suite runs on
// (PGlite, or PostgreSQL with DATABASE_URL): an e-invoice to the receiving organization becomes a
// Bill (or Vendor Credit) issued by the seller, a new external party when it is not a counterparty
// yet; the same invoice again is a duplicate; a file to someone else, or a message without an
// e-invoice, is refused with reasons and nothing created; two workers draining at once process
// each message exactly once, and a new seller once; a credit note becomes a Vendor Credit; a file
// is an organization's only by an identifier the operator verified for it (1.18.0).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import nodemailer from 'nodemailer';
import { storeMessage } from '../../src/modules/inbound/messages.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { connect, operator } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

const SAMPLE = readFileSync(
  join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples', 'ubl_examples_sample-discount-price.xml'),
  'utf8',
);

/** An official example (it imports under §9) with the given number, seller VAT id and buyer VAT id. */
function invoiceXml(opts: { number: string; buyerVat: string; seller?: string }): Buffer {
  const seller = opts.seller ?? '1';
  // the example's seller and buyer share one VAT id: the first is BG-4's, the second BG-7's
  const xml = SAMPLE.replace('<cbc:ID>test decimal 1</cbc:ID>', `<cbc:ID>${opts.number}</cbc:ID>`)
    .replace('HR46830600751', `HR9${seller.padStart(10, '0')}`)
    .replace('HR46830600751', opts.buyerVat);
  return Buffer.from(xml, 'utf8');
}

async function mail(attachments: { filename: string; content: Buffer }[], from = 'billing@supplier.test') {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await t.sendMail({
    from,
    to: 'inbox@inbound.docex.test',
    subject: 'Invoice',
    messageId: `<${Math.random().toString(36).slice(2)}@supplier.test>`,
    text: 'Our invoice.',
    attachments,
  });
  return info.message as Buffer;
}

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

async function store(raw: Buffer): Promise<string> {
  const [id] = await storeMessage(svc.ctx.db, {
    organizationIds: [buyer.org.orgId],
    channel: 'email',
    envelopeFrom: 'billing@supplier.test',
    raw,
    headers: { from: 'billing@supplier.test', subject: 'Invoice', messageId: '<x@supplier.test>' },
    now: svc.ctx.clock.now(),
  });
  return id!;
}

async function drain(): Promise<number> {
  let n = 0;
  for (;;) {
    const p = await processInboundPass(svc.ctx);
    if (p.handled === 0) return n;
    n += p.handled;
  }
}

interface Msg {
  id: string;
  status: string;
  document_ids: string[];
  duplicate_of: string | null;
  reasons: string[];
}
const message = async (id: string) => {
  const r = await svc.req<Msg>('GET', `/v1/inbound/messages/${id}`, { token: buyer.key });
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const count = async (table: 'documents' | 'connections' | 'external_parties') =>
  Number(
    (
      await svc.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

test('an e-invoice to the organization becomes a submitted Bill from a new external party', async () => {
  const file = invoiceXml({ number: 'SUP-1001', buyerVat: 'FR 40303265045' });
  const raw = await mail([{ filename: 'SUP-1001.xml', content: file }]);
  const id = await store(raw);
  assert.equal(await drain(), 1);
  const m = await message(id);
  assert.equal(m.status, 'accepted', m.reasons.join(' '));
  assert.equal(m.document_ids.length, 1);
  const doc = await svc.req<Record<string, unknown>>('GET', `/v1/documents/${m.document_ids[0]}`, {
    token: buyer.key,
  });
  assert.equal(doc.status, 200, doc.text);
  const d = doc.body;
  assert.equal(d.status, 'submitted');
  assert.equal(d.origin, 'email');
  assert.match(String(d.number), /^BILL-/);
  assert.equal((d.external_refs as Record<string, string>).issuer_ref, 'SUP-1001');
  const sha = createHash('sha256').update(file).digest('hex');
  assert.deepEqual(d.received, {
    channel: 'email',
    from: 'billing@supplier.test',
    message_id: '<x@supplier.test>',
    sender_verified: false,
    sha256: sha,
    inbound_message_id: id,
    payment_account: null,
  });
  // the file and the raw message are the document's attachments, their sha256 in its history
  const atts = await svc.req<{ data: { filename: string; sha256: string }[] }>(
    'GET',
    `/v1/documents/${m.document_ids[0]}/attachments`,
    { token: buyer.key },
  );
  assert.equal(atts.status, 200, atts.text);
  const rawSha = createHash('sha256').update(raw).digest('hex');
  assert.deepEqual(atts.body.data.map((a) => a.sha256).sort(), [sha, rawSha].sort());
  const hist = await svc.req('GET', `/v1/documents/${m.document_ids[0]}/history`, { token: buyer.key });
  assert.equal(hist.status, 200, hist.text);
  assert.ok(hist.text.includes(sha) && hist.text.includes(rawSha), 'both digests in the history');
  // the seller is an external party of the buyer, from BG-4 and the sender's address
  const conns = await svc.req<{ data: { counterparty: { id: string; name: string; email?: string } }[] }>(
    'GET',
    '/v1/connections',
    { token: buyer.org.session },
  );
  const xp = conns.body.data.find((c) => c.counterparty.id.startsWith('xp_'));
  assert.ok(xp, conns.text);
  assert.equal(xp.counterparty.name, 'HEP SPLIT');
  assert.equal(xp.counterparty.email, 'billing@supplier.test', 'no BT-43: the sender address');
  // document.received to the receiving organization
  const ev = await svc.req<{ data: { type: string; data: { document: { id: string } } }[] }>(
    'GET',
    '/v1/events?type=document.received',
    { token: buyer.key },
  );
  assert.equal(ev.status, 200, ev.text);
  assert.ok(ev.body.data.some((e) => e.data.document.id === m.document_ids[0]));
});

test('the same invoice again (same seller, BT-1, BT-2, total) is a duplicate; another number is a second Bill from the same party', async () => {
  const before = await count('external_parties');
  const dup = await store(
    await mail([
      { filename: 'again.xml', content: invoiceXml({ number: 'SUP-1001', buyerVat: 'FR40303265045' }) },
    ]),
  );
  const next = await store(
    await mail([
      { filename: 'next.xml', content: invoiceXml({ number: 'SUP-1002', buyerVat: 'FR40303265045' }) },
    ]),
  );
  assert.equal(await drain(), 2);
  const d = await message(dup);
  assert.equal(d.status, 'duplicate');
  assert.ok(d.duplicate_of?.startsWith('doc_'));
  assert.deepEqual(d.document_ids, []);
  const n = await message(next);
  assert.equal(n.status, 'accepted', n.reasons.join(' '));
  assert.equal(await count('external_parties'), before, 'the seller matched among the counterparties');
});

test('a file addressed to someone else, or no e-invoice at all, is refused with reasons and creates nothing', async () => {
  const docs = await count('documents');
  const conns = await count('connections');
  const other = await store(
    await mail([
      {
        filename: 'other.xml',
        content: invoiceXml({ number: 'SUP-2001', buyerVat: 'FR99999999999', seller: '9' }),
      },
    ]),
  );
  const none = await store(await mail([]));
  const mixed = await store(
    await mail([
      {
        filename: 'ok.xml',
        content: invoiceXml({ number: 'SUP-2002', buyerVat: 'FR40303265045', seller: '8' }),
      },
      { filename: 'not-ours.xml', content: invoiceXml({ number: 'SUP-2003', buyerVat: 'FR99999999999' }) },
    ]),
  );
  assert.equal(await drain(), 3);
  const o = await message(other);
  assert.equal(o.status, 'refused');
  assert.match(o.reasons.join(' '), /addressed to someone else/);
  assert.equal((await message(none)).status, 'refused');
  assert.match((await message(none)).reasons.join(' '), /no attachment/);
  const x = await message(mixed);
  assert.equal(x.status, 'refused');
  assert.match(x.reasons.join(' '), /not-ours\.xml.*addressed to someone else/);
  assert.equal(await count('documents'), docs, 'nothing half-created');
  assert.equal(await count('connections'), conns, 'no party added for a refused message');
  const ev = await svc.req<{ data: { data: { message: { id: string } } }[] }>(
    'GET',
    '/v1/events?type=inbound.refused',
    {
      token: buyer.key,
    },
  );
  assert.equal(ev.status, 200, ev.text);
  const ids = ev.body.data.map((e) => e.data.message.id);
  for (const id of [other, none, mixed]) assert.ok(ids.includes(id), `inbound.refused for ${id}`);
});

test('two workers draining at once process every message exactly once', async () => {
  const docs = await count('documents');
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    ids.push(
      await store(
        await mail([
          { filename: `c${i}.xml`, content: invoiceXml({ number: `SUP-3${i}`, buyerVat: 'FR40303265045' }) },
        ]),
      ),
    );
  }
  const [a, b] = await Promise.all([drain(), drain()]);
  assert.equal(a + b, 6);
  for (const id of ids) {
    const m = await message(id);
    assert.equal(m.status, 'accepted', m.reasons.join(' '));
    assert.equal(m.document_ids.length, 1);
  }
  assert.equal(await count('documents'), docs + 6);
});

test('two workers at once, a brand-new seller and the same invoice twice: one party, one bill each, one duplicate', async () => {
  const docs = await count('documents');
  const parties = await count('external_parties');
  // a seller the buyer has never heard of (its own VAT id), four messages: N1, N2, N1 again, N3
  const numbers = ['NEW-1', 'NEW-2', 'NEW-1', 'NEW-3'];
  const ids: string[] = [];
  for (const [i, number] of numbers.entries()) {
    ids.push(
      await store(
        await mail(
          [
            {
              filename: `n${i}.xml`,
              // its own VAT id and legal registration id: nothing of an earlier test's seller
              content: Buffer.from(
                invoiceXml({ number, buyerVat: 'FR40303265045', seller: '4242' })
                  .toString('utf8')
                  .replace(
                    '<cbc:CompanyID>086374645</cbc:CompanyID>',
                    '<cbc:CompanyID>424242424</cbc:CompanyID>',
                  ),
              ),
            },
          ],
          'billing@newcomer.test',
        ),
      ),
    );
  }
  const [a, b] = await Promise.all([drain(), drain()]);
  assert.equal(a + b, numbers.length);
  const outcomes = await Promise.all(ids.map(message));
  assert.deepEqual(
    outcomes.map((m) => m.status).sort(),
    ['accepted', 'accepted', 'accepted', 'duplicate'],
    outcomes.map((m) => m.reasons.join(' ')).join(' | '),
  );
  assert.equal(await count('external_parties'), parties + 1, 'one party for the new seller');
  assert.equal(await count('documents'), docs + 3, 'one bill per invoice number');
});

test('a UBL credit note to the organization becomes its Vendor Credit, submitted', async () => {
  const xml = invoiceXml({ number: 'CN-501', buyerVat: 'FR40303265045' })
    .toString('utf8')
    .replace(
      'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
    )
    .replace('<Invoice ', '<CreditNote ')
    .replace('</Invoice>', '</CreditNote>')
    .replace('<cbc:DueDate>2018-02-28</cbc:DueDate>', '')
    .replace(
      '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
      '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>',
    )
    .replaceAll('cac:InvoiceLine>', 'cac:CreditNoteLine>')
    .replaceAll('cbc:InvoicedQuantity', 'cbc:CreditedQuantity');
  const id = await store(await mail([{ filename: 'CN-501.xml', content: Buffer.from(xml) }]));
  assert.equal(await drain(), 1);
  const m = await message(id);
  assert.equal(m.status, 'accepted', m.reasons.join(' '));
  const doc = await svc.req<Record<string, unknown>>('GET', `/v1/documents/${m.document_ids[0]}`, {
    token: buyer.key,
  });
  assert.equal(doc.status, 200, doc.text);
  assert.equal(doc.body.document_type, 'credit_note');
  assert.equal(doc.body.status, 'submitted');
  assert.match(String(doc.body.number), /^VC-/);
  assert.equal((doc.body.external_refs as Record<string, string>).issuer_ref, 'CN-501');
});

test('attribution by verified identifiers only: a squatter connected to the buyer never becomes the issuer nor a reader', async () => {
  // The squatter signs up, types the real supplier's VAT id into its profile and gets connected to
  // the buyer; the real supplier (not on docex) then emails its invoice.
  const squatter = await makeParty(svc, 'Squatter Ltd');
  const typed = await svc.req('PATCH', '/v1/organization', {
    token: squatter.org.session,
    body: { ...BUYER, legal_name: 'HEP SPLIT', vat_id: 'HR90000000007' },
  });
  assert.equal(typed.status, 200, typed.text);
  await connect(svc, squatter.org, buyer.org);
  const id = await store(
    await mail([
      {
        filename: 'SQ-1.xml',
        content: invoiceXml({ number: 'SQ-1', buyerVat: 'FR40303265045', seller: '7' }),
      },
    ]),
  );
  assert.equal(await drain(), 1);
  const m = await message(id);
  assert.equal(m.status, 'accepted', m.reasons.join(' '));
  const docId = m.document_ids[0]!;
  const row = await svc.ctx.db
    .selectFrom('documents')
    .select(['issuer_organization_id'])
    .where('id', '=', docId)
    .executeTakeFirstOrThrow();
  assert.match(row.issuer_organization_id, /^xp_/, 'an external party of the buyer, not the squatter');
  for (const path of [`/v1/documents/${docId}`, `/v1/documents/${docId}/attachments`]) {
    const r = await svc.req('GET', path, { token: squatter.key });
    assert.equal(r.status, 404, `${path}: ${r.text}`);
  }
  const raw = await svc.req('GET', `/v1/inbound/messages/${id}/raw`, { token: squatter.key });
  assert.equal(raw.status, 404, raw.text);
  const listed = await svc.req<{ data: { id: string }[] }>('GET', '/v1/documents', { token: squatter.key });
  assert.ok(!listed.body.data.some((d) => d.id === docId));

  // The same identifier, verified by the operator for an organization connected to the buyer:
  // the file is that organization's document.
  const real = await makeParty(svc, 'Real Supplier d.o.o.');
  const set = await svc.req('PATCH', '/v1/organization', {
    token: real.org.session,
    body: { ...BUYER, legal_name: 'HEP SPLIT', vat_id: 'HR90000000008' },
  });
  assert.equal(set.status, 200, set.text);
  await connect(svc, real.org, buyer.org);
  const verify = await operator(svc, 'POST', `/v1/operator/organizations/${real.org.orgId}/verify`);
  assert.equal(verify.status, 200, verify.text);
  const id2 = await store(
    await mail([
      {
        filename: 'RS-1.xml',
        content: invoiceXml({ number: 'RS-1', buyerVat: 'FR40303265045', seller: '8' }),
      },
    ]),
  );
  assert.equal(await drain(), 1);
  const m2 = await message(id2);
  assert.equal(m2.status, 'accepted', m2.reasons.join(' '));
  const seen = await svc.req('GET', `/v1/documents/${m2.document_ids[0]}`, { token: real.key });
  assert.equal(seen.status, 200, seen.text);
});
