// Sender authentication, refusal replies, bounces and status notices (CONTRACT 11.5 and 11.2,
// issue 39 items 5, 7, 8, 9), on the database the suite runs on. Real mail over SMTP to the
// listener; DKIM signatures made by nodemailer's own signer (independent of mailauth's verifier),
// with the keys, SPF and DMARC records published by a DNS server the test starts on loopback
// (DOCEX_DNS_SERVERS); replies and notices read from a real SMTP server (smtp-server) the
// delivery outbox sends to.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, test } from 'node:test';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { ConfigError, loadConfig } from '../../src/config.ts';
import type { SenderAuthentication } from '../../src/db/tables/inbound.ts';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { processInboundPass } from '../../src/modules/inbound/process.ts';
import { type RunningListener, startInboundListener } from '../../src/modules/inbound/smtp-listener.ts';
import { type Sink, startSink } from '../delivery/smtp-sink.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { startDns, type TestDns } from './dns-server.ts';
import { dsnReport, INBOUND_DOMAIN, sampleInvoiceXml as invoiceXml, sendRaw } from './helpers.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC_B64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

let dns: TestDns;
let sink: Sink;
let svc: TestService;
let listener: RunningListener;
let buyer: Party;
let inbox: string;

before(async () => {
  dns = await startDns({
    // DKIM-signed mail from supplier.example; SPF permits no host, so DKIM alone carries DMARC
    'sel1._domainkey.supplier.example': [`v=DKIM1; k=rsa; p=${PUBLIC_B64}`],
    'supplier.example': ['v=spf1 -all'],
    '_dmarc.supplier.example': ['v=DMARC1; p=reject'],
    // spf.example: no DKIM, but SPF permits the loopback client, aligned with the From domain
    'spf.example': ['v=spf1 ip4:127.0.0.1 -all'],
    '_dmarc.spf.example': ['v=DMARC1; p=none'],
    // a subdomain sender: its own SPF, the organizational domain's DMARC record
    'mail.spf.example': ['v=spf1 ip4:127.0.0.1 -all'],
  });
  sink = await startSink();
  svc = await startTestService({
    DOCEX_INBOUND_DOMAIN: INBOUND_DOMAIN,
    DOCEX_SMTP_LISTEN: '127.0.0.1:0',
    DOCEX_DNS_SERVERS: dns.server,
    DOCEX_SMTP_URL: sink.url,
    DOCEX_MAIL_FROM: 'billing@docex.test',
  });
  listener = await startInboundListener(svc.ctx);
  buyer = await makeParty(svc, 'Acheteur SARL');
  const set = await svc.req('PATCH', '/v1/organization', { token: buyer.org.session, body: BUYER });
  assert.equal(set.status, 200, set.text);
  const addr = await svc.req<{ email: string }>('GET', '/v1/inbound', { token: buyer.key });
  assert.equal(addr.status, 200, addr.text);
  inbox = addr.body.email;
});
after(async () => {
  await listener?.close();
  await svc?.close();
  await sink?.close();
  await dns?.close();
});

/** A message built by nodemailer; signed with DKIM (d=supplier.example, s=sel1) when asked. */
async function compose(opts: {
  from: string;
  subject: string;
  attachments?: { filename: string; content: Buffer }[];
  dkim?: boolean;
  headers?: Record<string, string>;
}): Promise<Buffer> {
  const t = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    ...(opts.dkim
      ? { dkim: { domainName: 'supplier.example', keySelector: 'sel1', privateKey: PRIVATE_PEM } }
      : {}),
  });
  const info = await t.sendMail({
    from: opts.from,
    to: inbox,
    subject: opts.subject,
    messageId: `<${Math.random().toString(36).slice(2)}@${opts.from.split('@')[1]}>`,
    text: 'Our invoice.',
    attachments: opts.attachments ?? [],
    headers: opts.headers ?? {},
  });
  return info.message as Buffer;
}

async function deliver(envelopeFrom: string, raw: Buffer): Promise<string> {
  const r = await sendRaw(listener.address.port, { from: envelopeFrom, to: [inbox] }, raw);
  assert.equal(r.code, 250, r.response);
  const id = /Stored as (inm_\w+)/.exec(r.response)?.[1];
  assert.ok(id, r.response);
  return id;
}

async function drain(): Promise<void> {
  for (;;) if ((await processInboundPass(svc.ctx)).handled === 0) return;
}

interface Msg {
  id: string;
  status: string;
  document_ids: string[];
  reasons: string[];
}
const message = async (id: string) => {
  const r = await svc.req<Msg>('GET', `/v1/inbound/messages/${id}`, { token: buyer.key });
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const authOf = async (id: string): Promise<SenderAuthentication | null> =>
  (
    await svc.ctx.db
      .selectFrom('inbound_messages')
      .select('authentication')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).authentication;

interface Doc {
  id: string;
  status: string;
  received: { sender_verified: boolean; from: string } | null;
  counterparty: { id: string };
}
const doc = async (id: string) => {
  const r = await svc.req<Doc>('GET', `/v1/documents/${id}`, { token: buyer.key });
  assert.equal(r.status, 200, r.text);
  return r.body;
};

async function accepted(id: string): Promise<Doc> {
  const m = await message(id);
  assert.equal(m.status, 'accepted', m.reasons.join(' '));
  return doc(m.document_ids[0]!);
}

/** Sends every queued delivery to the sink (the worker's outbox pass). */
async function sendQueued(): Promise<void> {
  for (;;) if ((await deliverEmails(svc.ctx)) === 0) return;
}

let firstBill: string;
let secondBill: string;
let thirdBill: string;

test('a DKIM-signed message passes DMARC: the new party is verified and remembers its address', async () => {
  const raw = await compose({
    from: 'billing@supplier.example',
    subject: 'Invoice A-1',
    dkim: true,
    attachments: [{ filename: 'A-1.xml', content: invoiceXml({ number: 'A-1', seller: '1' }) }],
  });
  const id = await deliver('billing@supplier.example', raw);
  await drain();
  const d = await accepted(id);
  firstBill = d.id;
  assert.equal(d.received?.sender_verified, true);
  const auth = await authOf(id);
  assert.ok(auth);
  assert.deepEqual(auth.dkim, [{ domain: 'supplier.example', result: 'pass' }]);
  assert.equal(auth.spf?.result, 'fail', 'SPF permits no host for supplier.example');
  assert.equal(auth.dmarc?.result, 'pass');
  assert.equal(auth.from_domain, 'supplier.example');
  // the new party is known by its address from now on (its email, and this verified message)
  const xp = await svc.ctx.db
    .selectFrom('external_parties')
    .select(['email'])
    .where('id', '=', d.counterparty.id)
    .executeTakeFirstOrThrow();
  assert.equal(xp.email, 'billing@supplier.example');
});

test('a neighbour on the same domain, DMARC passing, is not verified: only the address the party is known by is (1.18.0)', async () => {
  const sent = async (from: string, number: string) => {
    const raw = await compose({
      from,
      subject: `Invoice ${number}`,
      dkim: true,
      attachments: [{ filename: `${number}.xml`, content: invoiceXml({ number, seller: '1' }) }],
    });
    const id = await deliver(from, raw);
    await drain();
    return { d: await accepted(id), auth: await authOf(id) };
  };
  const neighbour = await sent('mallory@supplier.example', 'N-1');
  assert.equal(neighbour.auth?.dmarc?.result, 'pass', 'DMARC passes for the shared domain');
  assert.equal(neighbour.d.received?.sender_verified, false, 'a domain alone never verifies');
  const known = await sent('BILLING@supplier.example', 'N-2');
  assert.equal(known.d.received?.sender_verified, true, 'the known address, in any case');
});

test('a forged From without DKIM (SPF failing) is not verified, and is still accepted', async () => {
  const raw = await compose({
    from: 'billing@supplier.example',
    subject: 'Invoice A-2',
    attachments: [{ filename: 'A-2.xml', content: invoiceXml({ number: 'A-2', seller: '1' }) }],
  });
  const id = await deliver('billing@supplier.example', raw);
  await drain();
  const d = await accepted(id);
  secondBill = d.id;
  assert.equal(d.received?.sender_verified, false);
  const auth = await authOf(id);
  assert.deepEqual(auth?.dkim, []);
  assert.equal(auth?.dmarc?.result, 'fail');
});

test('SPF aligned with the From domain passes DMARC without DKIM', async () => {
  const raw = await compose({
    from: 'billing@spf.example',
    subject: 'Invoice S-1',
    attachments: [{ filename: 'S-1.xml', content: invoiceXml({ number: 'S-1', seller: '2' }) }],
  });
  const id = await deliver('billing@spf.example', raw);
  await drain();
  const d = await accepted(id);
  assert.equal(d.received?.sender_verified, true);
  assert.equal((await authOf(id))?.spf?.result, 'pass');
});

test('a From subdomain passing DMARC under its organizational domain record is verified', async () => {
  const raw = await compose({
    from: 'billing@mail.spf.example',
    subject: 'Invoice M-1',
    attachments: [{ filename: 'M-1.xml', content: invoiceXml({ number: 'M-1', seller: '3' }) }],
  });
  const id = await deliver('billing@mail.spf.example', raw);
  await drain();
  const d = await accepted(id);
  assert.equal(d.received?.sender_verified, true);
  const auth = await authOf(id);
  assert.equal(auth?.from_domain, 'mail.spf.example');
  assert.equal(auth?.dmarc?.domain, 'spf.example');
});

test('a DMARC pass from another domain than the party is known by is not verified', async () => {
  // seller 1 is known by supplier.example; spf.example passes DMARC but is not its domain
  const raw = await compose({
    from: 'billing@spf.example',
    subject: 'Invoice A-3',
    attachments: [{ filename: 'A-3.xml', content: invoiceXml({ number: 'A-3', seller: '1' }) }],
  });
  const id = await deliver('billing@spf.example', raw);
  await drain();
  const d = await accepted(id);
  thirdBill = d.id;
  assert.equal(d.received?.sender_verified, false);
  assert.equal((await authOf(id))?.dmarc?.result, 'pass');
});

const deliveriesTo = (to: string) =>
  svc.ctx.db
    .selectFrom('deliveries')
    .select(['id', 'status', 'kind', 'bounce_status', 'to_address'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

let replyId: string;
/** The reply's return path as docex handed it to SMTP: bounce+<id>.<tag>@<inbound domain>. */
let bounceAddress: string;

test('a refused message from a DMARC-authenticated sender gets one reply saying why; a forged one gets none', async () => {
  const signed = await deliver(
    'billing@supplier.example',
    await compose({ from: 'billing@supplier.example', subject: 'No invoice here', dkim: true }),
  );
  const forged = await deliver(
    'ceo@supplier.example',
    await compose({ from: 'ceo@supplier.example', subject: 'Urgent: no invoice here' }),
  );
  await drain();
  assert.equal((await message(signed)).status, 'refused');
  assert.equal((await message(forged)).status, 'refused');
  assert.equal((await deliveriesTo('ceo@supplier.example')).length, 0, 'no backscatter to a forged From');
  const replies = await deliveriesTo('billing@supplier.example');
  assert.equal(replies.length, 1, JSON.stringify(replies));
  replyId = replies[0]!.id;
  const before = sink.received.length;
  await sendQueued();
  const got = sink.received.slice(before).filter((r) => r.to.includes('billing@supplier.example'));
  assert.equal(got.length, 1);
  // the envelope sender is the delivery's bounce address at the inbound domain, tagged with an
  // HMAC of the delivery id (CONTRACT 11.2, version 1.18.0)
  bounceAddress = got[0]!.from;
  assert.match(
    bounceAddress,
    new RegExp(`^bounce\\+${replyId}\\.[0-9a-f]{20}@${INBOUND_DOMAIN.replace(/\./g, '\\.')}$`),
  );
  const parsed = await simpleParser(got[0]!.raw);
  assert.match(parsed.subject ?? '', /Not accepted: No invoice here/);
  assert.equal(parsed.headers.get('auto-submitted'), 'auto-replied', 'RFC 3834: no robot answers it');
  assert.ok(parsed.inReplyTo?.endsWith('@supplier.example>'), String(parsed.inReplyTo));
  assert.match(parsed.text ?? '', /Acheteur SARL received your message/);
  assert.match(parsed.text ?? '', /e-invoice/i);
  assert.equal((await deliveriesTo('billing@supplier.example'))[0]?.status, 'sent');
});

test('an automatic message (Auto-Submitted) gets no reply even when authenticated', async () => {
  const id = await deliver(
    'billing@supplier.example',
    await compose({
      from: 'billing@supplier.example',
      subject: 'Out of office',
      dkim: true,
      headers: { 'Auto-Submitted': 'auto-replied' },
    }),
  );
  await drain();
  assert.equal((await message(id)).status, 'refused');
  assert.equal((await deliveriesTo('billing@supplier.example')).length, 1, 'still only the first reply');
});

const dsn = (messageId: string, action: string, status: string) =>
  dsnReport(bounceAddress, messageId, action, status);

test("a DSN to the tagged return path naming the delivery's Message-ID marks it bounced; forged reports change nothing", async () => {
  const to = [bounceAddress];
  const own = (
    await svc.ctx.db
      .selectFrom('deliveries')
      .select('message_id')
      .where('id', '=', replyId)
      .executeTakeFirstOrThrow()
  ).message_id!;
  // a "delayed" report and a plain auto-reply change nothing
  const delayed = await sendRaw(listener.address.port, { from: '', to }, dsn(own, 'delayed', '4.4.7'));
  assert.equal(delayed.code, 250, delayed.response);
  const plain = await sendRaw(
    listener.address.port,
    { from: '', to },
    'From: a@supplier.example\r\nSubject: Out of office\r\n\r\nAway.\r\n',
  );
  assert.equal(plain.code, 250, plain.response);
  // forged (issue 47): the bare id is in every message's Message-ID, so anyone can name it; only
  // docex can make the tag. Untagged and wrongly tagged return paths are refused at RCPT.
  for (const forged of [`bounce+${replyId}`, `bounce+${replyId}.${'0'.repeat(20)}`]) {
    const r = await sendRaw(
      listener.address.port,
      { from: '', to: [`${forged}@${INBOUND_DOMAIN}`] },
      dsn(own, 'failed', '5.1.1'),
    );
    assert.equal(r.code, 550, `${forged}: ${r.response}`);
  }
  // the right return path, but a report that does not name the delivery's own Message-ID: kept
  // out, nothing recorded, and the sender is not told why
  const other = await sendRaw(
    listener.address.port,
    { from: '', to },
    dsn(`<dlv_someoneelse@docex.test>`, 'failed', '5.1.1'),
  );
  assert.equal(other.code, 250, other.response);
  assert.match(other.response, /nothing recorded/);
  assert.equal((await deliveriesTo('billing@supplier.example'))[0]?.status, 'sent');
  const failed = await sendRaw(listener.address.port, { from: '', to }, dsn(own, 'failed', '5.1.1'));
  assert.equal(failed.code, 250, failed.response);
  assert.match(failed.response, /Bounce recorded \(5\.1\.1\)/);
  const row = (await deliveriesTo('billing@supplier.example'))[0];
  assert.equal(row?.status, 'bounced');
  assert.equal(row?.bounce_status, '5.1.1');
  // every ignored report is kept (CONTRACT 11.2, "kept and ignored"): an inbound message of the
  // delivery's organization, refused, its reason saying why; the recorded bounce is not one
  const list = await svc.req<{ data: { subject: string | null; status: string; reasons: string[] }[] }>(
    'GET',
    '/v1/inbound/messages?limit=100',
    { token: buyer.key },
  );
  const kept = list.body.data.filter((m) => m.reasons.some((r) => r.includes(`of delivery ${replyId},`)));
  assert.deepEqual(kept.map((m) => [m.status, m.subject, m.reasons.join(' ')]).reverse(), [
    [
      'refused',
      'Undelivered Mail Returned to Sender',
      `A report to the return path of delivery ${replyId}, ignored: it reports no failure (a delay, a relay or a delivery). The delivery keeps its status.`,
    ],
    [
      'refused',
      'Out of office',
      `A report to the return path of delivery ${replyId}, ignored: it is not a delivery status notification. The delivery keeps its status.`,
    ],
    [
      'refused',
      'Undelivered Mail Returned to Sender',
      `A report to the return path of delivery ${replyId}, ignored: it does not name the delivery's own Message-ID. The delivery keeps its status.`,
    ],
  ]);
  for (const bad of ['bounce+dlv_doesnotexist', 'bounce+', 'bounce+dlv_']) {
    const r = await sendRaw(
      listener.address.port,
      { from: '', to: [`${bad}@${INBOUND_DOMAIN}`] },
      dsn('x', 'failed', '5.1.1'),
    );
    assert.equal(r.code, 550, `${bad}: ${r.response}`);
  }
});

const notices = (id: string) =>
  svc.ctx.db
    .selectFrom('deliveries')
    .select(['id', 'kind', 'to_address', 'status'])
    .where('document_id', '=', id)
    .where('kind', '=', 'status_notice')
    .execute();

async function move(id: string, to: string) {
  const r = await svc.req<Doc>('POST', `/v1/documents/${id}/transition`, { token: buyer.key, body: { to } });
  assert.equal(r.status, 200, r.text);
}

test('approving and disputing a received bill emails the party a status notice (notify_status)', async () => {
  for (const [id, to] of [
    [firstBill, 'approved'],
    [secondBill, 'disputed'],
  ] as const) {
    await move(id, to);
    assert.equal((await notices(id)).length, 1, to);
    const before = sink.received.length;
    await sendQueued();
    const got = sink.received.slice(before);
    assert.equal(got.length, 1, to);
    assert.deepEqual(got[0]!.to, ['billing@supplier.example']);
    const parsed = await simpleParser(got[0]!.raw);
    assert.match(parsed.text ?? '', new RegExp(to, 'i'));
    assert.match(parsed.from?.text ?? '', /Acheteur SARL/);
    assert.equal((await notices(id))[0]?.status, 'sent');
  }
  // a party with notify_status false gets none
  const party = (await doc(thirdBill)).counterparty.id;
  await svc.ctx.db
    .updateTable('external_parties')
    .set({ notify_status: false })
    .where('id', '=', party)
    .execute();
  await move(thirdBill, 'approved');
  assert.equal((await notices(thirdBill)).length, 0, 'notify_status false: no notice');
});

test('DOCEX_DNS_SERVERS takes ip, ip:port and [v6]:port, and names a malformed entry', () => {
  const dnsOf = (v: string) => loadConfig({ NODE_ENV: 'test', DOCEX_DNS_SERVERS: v }).inbound.dnsServers;
  assert.equal(dnsOf(''), null);
  assert.deepEqual(dnsOf('127.0.0.1:5353, 192.0.2.53 ,[2001:db8::53]:5300,::1'), [
    '127.0.0.1:5353',
    '192.0.2.53:53',
    '[2001:db8::53]:5300',
    '[::1]:53',
  ]);
  for (const bad of ['dns.example:53', '127.0.0.1:70000', '300.1.1.1', '::1:53x']) {
    assert.throws(
      () => dnsOf(bad),
      (err: unknown) => err instanceof ConfigError && err.message.includes('DOCEX_DNS_SERVERS'),
      bad,
    );
  }
});
