// Delivery by email (CONTRACT 11.2) through a real SMTP server on loopback, parsed with mailparser:
// the outbox written with the issue, the message (headers, parts, attachments byte-identical to the
// exports), retries on the webhook schedule with the test clock, terminal failures, the sandbox,
// no SMTP configured, and two workers draining at once.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { simpleParser } from 'mailparser';
import { RETRY_DELAYS_MS } from '../../src/lib/outbox.ts';
import { deliverEmails, SMTP_UNSET } from '../../src/modules/delivery/drain.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { formatAsserts, validateEInvoice } from '../helpers/einvoice-validate.ts';
import { mintKey, type SignedUp, signup, verifyOrganization } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { type Sink, startSink } from './smtp-sink.ts';

let svc: TestService;
let sink: Sink;
let issuer: SignedUp;
let key: string;
let readKey: string;

before(async () => {
  sink = await startSink();
  svc = await startTestService({ DOCEX_SMTP_URL: sink.url, DOCEX_MAIL_FROM: 'billing@docex.test' });
  issuer = await signup(svc, 'Müller Seller');
  await verifyOrganization(svc, issuer.orgId);
  key = (await mintKey(svc, issuer.session, ['documents:read', 'documents:write'])).key;
  readKey = (await mintKey(svc, issuer.session, ['documents:read'])).key;
  const p = await svc.req('PATCH', '/v1/organization', { token: issuer.session, body: SELLER });
  assert.equal(p.status, 200, p.text);
});
after(async () => {
  await svc?.close();
  await sink?.close();
});

interface Delivery {
  id: string;
  status: string;
  to: string;
  message_id: string | null;
  attempts: Array<{ at: string; smtp_code: number | null; response: string | null; error: string | null }>;
  next_attempt_at: string | null;
  last_error: string | null;
  attachments_omitted: { code: string; missing: unknown[] } | null;
  kind: string;
}

async function externalConnection(
  name: string,
  email: string,
  legalProfile: unknown = BUYER,
  token = issuer.session,
): Promise<string> {
  const res = await svc.req<{ id: string }>('POST', '/v1/connections', {
    token,
    body: { external_party: { name, email, ...(legalProfile ? { legal_profile: legalProfile } : {}) } },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

async function issuedInvoice(connectionId: string, lines?: unknown[], token = key) {
  const created = await svc.req<{ id: string }>('POST', '/v1/documents', {
    token,
    body: {
      connection_id: connectionId,
      document_type: 'invoice',
      due_date: '2027-01-15',
      line_items: lines ?? [{ description: 'Consulting', quantity: 2, unit_price: 100, tax_rate: 0.19 }],
    },
  });
  assert.equal(created.status, 201, created.text);
  const issued = await svc.req<{ id: string; number: string; total: number }>(
    'POST',
    `/v1/documents/${created.body.id}/issue`,
    { token },
  );
  assert.equal(issued.status, 200, issued.text);
  return issued.body;
}

async function deliveries(docId: string, token = key): Promise<Delivery[]> {
  const res = await svc.req<{ data: Delivery[] }>('GET', `/v1/documents/${docId}/deliveries`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

async function messageOf(docId: string, deliveryId: string, token = key): Promise<Buffer> {
  const res = await svc.app.inject({
    method: 'GET',
    url: `/v1/documents/${docId}/deliveries/${deliveryId}/message`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'message/rfc822');
  return res.rawPayload;
}

const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('email delivery', () => {
  test('issuing to an external party sends one message: headers, parts, link, and attachments identical to the exports', async () => {
    const conn = await externalConnection('Acheteur SARL', 'ap@acheteur.test');
    const doc = await issuedInvoice(conn);
    const queued = await deliveries(doc.id);
    assert.equal(queued.length, 1);
    assert.equal(queued[0]?.status, 'queued');
    assert.equal(queued[0]?.to, 'ap@acheteur.test');

    const before = sink.received.length;
    await deliverEmails(svc.ctx);
    assert.equal(sink.received.length, before + 1);
    const got = sink.received.at(-1)!;
    assert.deepEqual(got.to, ['ap@acheteur.test']);
    assert.equal(got.from, 'billing@docex.test');

    const [d] = await deliveries(doc.id);
    assert.equal(d?.status, 'sent');
    assert.equal(d?.attempts.length, 1);
    assert.equal(d?.attempts[0]?.smtp_code, 250);
    assert.equal(d?.attachments_omitted, null);
    const stored = await messageOf(doc.id, d!.id);
    // The bytes handed to SMTP (the server strips nothing but the final dot line), served with
    // the recipient link's token redacted (1.18.0): the issuer never holds its counterparty's link.
    const norm = (b: Buffer) => b.toString('latin1').replace(/(\r\n)+$/, '');
    const sentMail = await simpleParser(got.raw);
    const sentToken = /\/r\/([0-9A-Za-z]{32})/.exec(sentMail.text ?? '')?.[1];
    assert.ok(sentToken, 'the email sent carries the link');
    const servedRes = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.id}/deliveries/${d!.id}/message`,
      headers: { authorization: `Bearer ${readKey}` },
    });
    assert.equal(servedRes.statusCode, 200, servedRes.body);
    assert.ok(
      !servedRes.rawPayload.toString('latin1').replace(/=\r\n/g, '').includes(sentToken),
      'no token served',
    );
    // Repr-Digest: the sha-256 of the exact bytes sent
    const digests = ['', '\r\n'].map(
      (tail) =>
        `sha-256=:${createHash('sha256')
          .update(Buffer.from(norm(got.raw) + tail, 'latin1'))
          .digest('base64')}:`,
    );
    assert.ok(
      digests.includes(String(servedRes.headers['repr-digest'])),
      String(servedRes.headers['repr-digest']),
    );
    // with what it can read, the issuer cannot act as the recipient
    const served = await simpleParser(stored);
    assert.match(served.text ?? '', /\/r\/\[redacted\]/);
    for (const path of [`/v1/recipient/${encodeURIComponent('[redacted]')}`, '/r/%5Bredacted%5D']) {
      const r = await svc.req('GET', path);
      assert.equal(r.status, 404, `${path} ${r.text}`);
    }
    const real = await svc.req('GET', `/v1/recipient/${sentToken}`);
    assert.equal(real.status, 200, 'the recipient, who holds the email, still opens it');
    {
      const a = norm(got.raw).replace(new RegExp(sentToken.split('').join('(?:=\r\n)?'), 'g'), '[redacted]');
      const b = norm(stored);
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      assert.equal(
        a.length,
        b.length,
        `${JSON.stringify(a.slice(i - 100, i + 200))} ||| ${JSON.stringify(b.slice(i - 100, i + 200))}`,
      );
    }
    assert.equal(
      norm(got.raw).replace(new RegExp(sentToken.split('').join('(?:=\r\n)?'), 'g'), '[redacted]'),
      norm(stored),
    );
    for (const line of stored.toString('latin1').split('\r\n')) {
      assert.ok(Buffer.byteLength(line, 'latin1') <= 998, 'no line over 998 octets');
    }
    assert.ok(!stored.some((b) => b > 0x7f), 'no raw 8-bit data');

    const mail = await simpleParser(stored);
    assert.equal(mail.messageId, d?.message_id);
    assert.equal(mail.from?.value[0]?.address, 'billing@docex.test');
    assert.equal(mail.from?.value[0]?.name, 'Müller Seller via docex');
    assert.equal((mail.replyTo?.value[0] as { address?: string })?.address, 'billing@seller.example');
    assert.match(
      mail.subject ?? '',
      new RegExp(`Müller Seller: Invoice ${doc.number}, 238\\.00 USD, due 2027-01-15`),
    );
    assert.match(mail.text ?? '', /Pay to IBAN: DE89 3704 0044 0532 0130 00/);
    const link = /(http:\/\/[^\s]+\/r\/[0-9A-Za-z]{32})/.exec(sentMail.text ?? '')?.[1];
    assert.ok(link, 'the text carries the recipient link');
    assert.ok((sentMail.html || '').includes(link as string), 'the HTML carries the same link');

    const names = mail.attachments.map((a) => a.filename).sort();
    assert.deepEqual(names, [`${doc.number}.pdf`, `${doc.number}.xml`]);
    for (const [format, ext] of [
      ['facturx', 'pdf'],
      ['ubl', 'xml'],
    ] as const) {
      const exp = await svc.app.inject({
        method: 'GET',
        url: `/v1/documents/${doc.id}/einvoice?format=${format}`,
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(exp.statusCode, 200, exp.body);
      const att = mail.attachments.find((a) => a.filename === `${doc.number}.${ext}`)!;
      assert.equal(sha256(att.content), exp.headers['svc-einvoice-digest']);
    }
    // The row keeps the message without the files' bodies (kept-attachments.ts): the slots name
    // the kept exports by digest, and the route's bytes above were assembled from them.
    const row = await svc.ctx.db
      .selectFrom('deliveries')
      .select(['message', 'message_attachments'])
      .where('id', '=', d!.id)
      .executeTakeFirstOrThrow();
    const exports = await svc.ctx.db
      .selectFrom('einvoice_exports')
      .select(['format', 'digest'])
      .where('document_id', '=', doc.id)
      .execute();
    assert.deepEqual(
      row.message_attachments?.map((a) => [a.format, a.digest]),
      ['facturx', 'ubl'].map((f) => [f, exports.find((e) => e.format === f)?.digest]),
    );
    assert.ok(
      row.message!.length < stored.length / 5,
      `${row.message!.length} of ${stored.length} bytes stored`,
    );
    // What the messages are assembled from never changes (migration 0045's trigger).
    await assert.rejects(
      svc.ctx.db
        .updateTable('einvoice_exports')
        .set({ digest: 'x' })
        .where('document_id', '=', doc.id)
        .execute(),
      /immutable/,
    );
    await assert.rejects(
      svc.ctx.db.deleteFrom('einvoice_exports').where('document_id', '=', doc.id).execute(),
      /immutable/,
    );
    const ubl = mail.attachments.find((a) => a.filename === `${doc.number}.xml`)!.content.toString('utf8');
    const v = await validateEInvoice(ubl, 'ubl');
    assert.equal(v.fatal.length, 0, formatAsserts(v.fatal));

    const events = await svc.req<{ data: Array<{ type: string; data: { delivery: { id: string } } }> }>(
      'GET',
      '/v1/events?type=document.delivered',
      { token: key },
    );
    assert.ok(events.body.data.some((e) => e.data.delivery.id === d?.id));
  });

  test('a 4xx is retried on the schedule with the same Message-ID; a 5xx is terminal with document.delivery_failed', async () => {
    const conn = await externalConnection('Retry Buyer', 'ap@retry.test');
    const doc = await issuedInvoice(conn);
    sink.replies.push([451, 'try again later']);
    await deliverEmails(svc.ctx);
    let [d] = await deliveries(doc.id);
    assert.equal(d?.status, 'queued');
    assert.equal(d?.attempts[0]?.smtp_code, 451);
    const due = new Date(d!.next_attempt_at!).getTime() - new Date(d!.attempts[0]!.at).getTime();
    assert.ok(due >= RETRY_DELAYS_MS[0]! * 0.9 && due <= RETRY_DELAYS_MS[0]! * 1.1, `${due}`);
    const first = sink.received.at(-1)!.raw;
    // Not due yet: nothing is sent.
    assert.equal(await deliverEmails(svc.ctx), 0);
    await svc.req('POST', '/v1/test_helpers/clock', {
      token: 'op_test_operator_token_for_the_suite',
      body: { advance_seconds: 70 },
    });
    await deliverEmails(svc.ctx);
    [d] = await deliveries(doc.id);
    assert.equal(d?.status, 'sent');
    assert.equal(d?.attempts.length, 2);
    assert.ok(first.equals(sink.received.at(-1)!.raw), 'the retry sends the same bytes');

    const doc2 = await issuedInvoice(conn);
    sink.replies.push([550, 'no such mailbox']);
    await deliverEmails(svc.ctx);
    const [f] = await deliveries(doc2.id);
    assert.equal(f?.status, 'failed');
    assert.equal(f?.attempts[0]?.smtp_code, 550);
    const events = await svc.req<{ data: Array<{ data: { delivery: { id: string; status: string } } }> }>(
      'GET',
      '/v1/events?type=document.delivery_failed',
      { token: key },
    );
    assert.ok(
      events.body.data.some((e) => e.data.delivery.id === f?.id && e.data.delivery.status === 'failed'),
    );
  });

  test('a message stored whole (before migration 0045) is sent and served as it is, on every retry', async () => {
    const conn = await externalConnection('Old Row Buyer', 'ap@oldrow.test');
    const doc = await issuedInvoice(conn);
    const [d] = await deliveries(doc.id);
    // As a row written before the attachments were cut out: the whole message, no slots.
    const whole = Buffer.from(
      'Message-ID: <old-row@docex.test>\r\nSubject: kept whole\r\nContent-Type: text/plain\r\n\r\nThe bytes of an older docex.\r\n',
    );
    await svc.ctx.db
      .updateTable('deliveries')
      .set({ message: whole, message_id: '<old-row@docex.test>', message_attachments: null })
      .where('id', '=', d!.id)
      .execute();
    sink.replies.push([451, 'try again later']);
    await deliverEmails(svc.ctx);
    await svc.req('POST', '/v1/test_helpers/clock', {
      token: 'op_test_operator_token_for_the_suite',
      body: { advance_seconds: 70 },
    });
    await deliverEmails(svc.ctx);
    const [sent] = await deliveries(doc.id);
    assert.equal(sent?.status, 'sent');
    assert.equal(sent?.attempts.length, 2);
    const norm = (b: Buffer) => b.toString('latin1').replace(/(\r\n)+$/, '');
    for (const got of sink.received.slice(-2)) assert.equal(norm(got.raw), norm(whole));
    assert.ok((await messageOf(doc.id, d!.id)).equals(whole));
  });

  test('the sixth temporary failure is terminal', async () => {
    const conn = await externalConnection('Flaky Buyer', 'ap@flaky.test');
    const doc = await issuedInvoice(conn);
    for (let i = 0; i < 6; i++) {
      sink.replies.push([421, 'busy']);
      await deliverEmails(svc.ctx);
      const [d] = await deliveries(doc.id);
      assert.equal(d?.attempts.length, i + 1);
      if (i < 5) {
        assert.equal(d?.status, 'queued');
        await svc.req('POST', '/v1/test_helpers/clock', {
          token: 'op_test_operator_token_for_the_suite',
          body: { advance_seconds: Math.ceil((RETRY_DELAYS_MS[i]! * 1.1) / 1000) + 1 },
        });
      } else assert.equal(d?.status, 'failed');
    }
  });

  test('header injection: CR/LF in names and numbers never makes a header; non-ASCII is encoded; long lines are folded', async () => {
    const conn = await externalConnection('Evil\r\nBcc: victim@evil.test', 'ap@inject.test');
    const long = 'x'.repeat(960);
    const doc = await issuedInvoice(conn, [
      {
        description: `Line with\r\nBcc: a@evil.test and ${long}`,
        quantity: 1,
        unit_price: 10,
        tax_rate: 0.19,
      },
    ]);
    await deliverEmails(svc.ctx);
    const [d] = await deliveries(doc.id);
    assert.equal(d?.status, 'sent');
    const raw = await messageOf(doc.id, d!.id);
    const head = raw.toString('latin1').split('\r\n\r\n')[0] as string;
    assert.ok(!/^bcc:/im.test(head), head);
    for (const line of raw.toString('latin1').split('\r\n')) assert.ok(line.length <= 998);
    const mail = await simpleParser(raw);
    assert.equal(mail.headers.get('bcc'), undefined);
    assert.deepEqual(sink.received.at(-1)!.to, ['ap@inject.test']);
    assert.ok((mail.text ?? '').includes(long), 'the long description arrives whole');
  });

  test('an IDN address is sent in its ASCII form', async () => {
    const conn = await externalConnection('Bücher GmbH', 'ap@bücher.test');
    const doc = await issuedInvoice(conn);
    await deliverEmails(svc.ctx);
    const [d] = await deliveries(doc.id);
    assert.equal(d?.status, 'sent', JSON.stringify(d));
    const got = sink.received.at(-1)!;
    assert.match(got.to[0] ?? '', /^ap@(xn--bcher-kva\.test|bücher\.test)$/);
    await simpleParser(got.raw);
  });

  test('attachments are omitted, and said so, when the e-invoice would be 422', async () => {
    const conn = await externalConnection('No Profile Buyer', 'ap@noprofile.test', null);
    const doc = await issuedInvoice(conn);
    await deliverEmails(svc.ctx);
    const [d] = await deliveries(doc.id);
    assert.equal(d?.status, 'sent');
    assert.equal(d?.attachments_omitted?.code, 'einvoice_incomplete');
    assert.ok((d?.attachments_omitted?.missing.length ?? 0) > 0);
    const mail = await simpleParser(await messageOf(doc.id, d!.id));
    assert.equal(mail.attachments.length, 0);
  });

  test('void queues a notice; resend queues a new message to another address; only the issuer sees deliveries', async () => {
    const conn = await externalConnection('Void Buyer', 'ap@void.test');
    const doc = await issuedInvoice(conn);
    await deliverEmails(svc.ctx);
    const v = await svc.req('POST', `/v1/documents/${doc.id}/transition`, {
      token: key,
      body: { to: 'void' },
    });
    assert.equal(v.status, 200, v.text);
    const r = await svc.req<Delivery>('POST', `/v1/documents/${doc.id}/deliveries`, {
      token: key,
      body: { to: 'other@void.test' },
    });
    assert.equal(r.status, 201, r.text);
    const bad = await svc.req<{ error: { code: string; details: { errors: Array<{ path: string }> } } }>(
      'POST',
      `/v1/documents/${doc.id}/deliveries`,
      { token: key, body: { to: 'not an address' } },
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details.errors[0]?.path, 'to');
    await deliverEmails(svc.ctx);
    const all = await deliveries(doc.id);
    assert.deepEqual(all.map((d) => d.kind).sort(), ['document', 'document', 'void_notice']);
    assert.ok(all.every((d) => d.status === 'sent'));
    const resent = all.find((d) => d.id === r.body.id)!;
    assert.equal(resent.to, 'other@void.test');
    const notice = all.find((d) => d.kind === 'void_notice')!;
    const mail = await simpleParser(await messageOf(doc.id, notice.id));
    assert.match(mail.subject ?? '', /was voided/);

    const stranger = await signup(svc, 'Stranger');
    const s = await svc.req('GET', `/v1/documents/${doc.id}/deliveries`, { token: stranger.session });
    assert.equal(s.status, 404);
  });

  test('the sandbox never connects to SMTP: simulated, message readable', async () => {
    const live = await signup(svc, 'Sandbox Owner');
    const sb = await svc.req<{ session: { token: string } }>('POST', '/v1/sandbox', { token: live.session });
    assert.equal(sb.status, 201, sb.text);
    const sbKey = (await mintKey(svc, sb.body.session.token, ['documents:read', 'documents:write'])).key;
    const conn = await externalConnection('Sandbox Buyer', 'ap@sandbox.test', BUYER, sb.body.session.token);
    const doc = await issuedInvoice(conn, undefined, sbKey);
    const connections = sink.connections;
    const received = sink.received.length;
    await deliverEmails(svc.ctx);
    assert.equal(sink.connections, connections);
    assert.equal(sink.received.length, received);
    const [d] = await deliveries(doc.id, sbKey);
    assert.equal(d?.status, 'simulated');
    const mail = await simpleParser(await messageOf(doc.id, d!.id, sbKey));
    assert.match(mail.subject ?? '', /Invoice/);
  });

  test('no SMTP configured: live deliveries stay queued saying why, and are sent once it is set', async () => {
    const conn = await externalConnection('Later Buyer', 'ap@later.test');
    const doc = await issuedInvoice(conn);
    const noSmtp = await svc.variant({ DOCEX_MAIL_FROM: 'billing@docex.test' });
    try {
      const received = sink.received.length;
      await deliverEmails(noSmtp.ctx);
      const [d] = await deliveries(doc.id);
      assert.equal(d?.status, 'queued');
      assert.equal(d?.last_error, SMTP_UNSET);
      assert.equal(d?.attempts.length, 0);
      assert.equal(sink.received.length, received);
    } finally {
      await noSmtp.close();
    }
    await deliverEmails(svc.ctx);
    const [d] = await deliveries(doc.id);
    assert.equal(d?.status, 'sent');
  });

  test('a document to an organization on docex is never emailed', async () => {
    const other = await signup(svc, 'Member Buyer');
    const c = await svc.req<{ id: string }>('POST', '/v1/connections', {
      token: issuer.session,
      body: { counterparty_organization_id: other.orgId },
    });
    assert.equal(c.status, 201, c.text);
    const acc = await svc.req('POST', `/v1/connections/${c.body.id}/accept`, { token: other.session });
    assert.equal(acc.status, 200, acc.text);
    const doc = await issuedInvoice(c.body.id);
    assert.deepEqual(
      await svc.ctx.db.selectFrom('deliveries').select('id').where('document_id', '=', doc.id).execute(),
      [],
    );
  });

  test('two workers draining at once never send a delivery twice', async () => {
    const conn = await externalConnection('Busy Buyer', 'ap@busy.test');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await issuedInvoice(conn)).id);
    const other = await svc.variant({ DOCEX_SMTP_URL: sink.url, DOCEX_MAIL_FROM: 'billing@docex.test' });
    const before = sink.received.length;
    try {
      await Promise.all([deliverEmails(svc.ctx), deliverEmails(other.ctx)]);
    } finally {
      await other.close();
    }
    assert.equal(sink.received.length - before, 12);
    for (const id of ids) {
      const [d] = await deliveries(id);
      assert.equal(d?.status, 'sent');
      assert.equal(d?.attempts.length, 1);
    }
  });
});
