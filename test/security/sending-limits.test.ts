// Sending limits (CONTRACT 11.2, 1.18.0): docex is no relay for spam or phishing. A fresh,
// unverified live organization sends at most 20 emails a day to at most 5 distinct addresses; a
// verified one at most DOCEX_MAIL_DAILY_LIMIT (4 here); a document is sent again at most 5 times a
// day. Past a limit the write answers 429 rate_limited naming it, with Retry-After, changes nothing
// (the draft stays a draft, its Idempotency-Key is released) and nothing reaches the SMTP server
// (a real one on loopback). The window is a rolling 24 hours of the service clock. Two requests at
// once never both take the last slot. The sandbox is simulated and never counted. On the database
// the suite runs on (PGlite, or PostgreSQL with DATABASE_URL).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { type Sink, startSink } from '../delivery/smtp-sink.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { advanceClock, mintKey, operator, type SignedUp, signup } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let sink: Sink;

before(async () => {
  sink = await startSink();
  svc = await startTestService({
    DOCEX_SMTP_URL: sink.url,
    DOCEX_MAIL_FROM: 'billing@docex.test',
    DOCEX_MAIL_DAILY_LIMIT: '4',
  });
});
after(async () => {
  await svc?.close();
  await sink?.close();
});

interface Issuer {
  org: SignedUp;
  key: string;
}
interface RateLimited {
  error: { code: string; message: string; details: { limit: number; window: string; retry_after: number } };
}

async function issuer(name: string, opts: { verified?: boolean; sandbox?: boolean } = {}): Promise<Issuer> {
  const org = await signup(svc, name);
  if (opts.verified) {
    const v = await operator(svc, 'POST', `/v1/operator/organizations/${org.orgId}/verify`);
    assert.equal(v.status, 200, v.text);
  }
  let session = org.session;
  if (opts.sandbox) {
    const sb = await svc.req<{ session: { token: string } }>('POST', '/v1/sandbox', { token: org.session });
    assert.equal(sb.status, 201, sb.text);
    session = sb.body.session.token;
  }
  const p = await svc.req('PATCH', '/v1/organization', { token: session, body: SELLER });
  assert.equal(p.status, 200, p.text);
  const key = (await mintKey(svc, session, ['documents:read', 'documents:write'])).key;
  return { org, key };
}

async function party(who: Issuer, email: string): Promise<string> {
  const res = await svc.req<{ id: string }>('POST', '/v1/connections', {
    token: who.key,
    body: { external_party: { name: `Buyer ${email}`, email, legal_profile: BUYER } },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

async function draft(who: Issuer, connectionId: string): Promise<string> {
  const res = await svc.req<{ id: string }>('POST', '/v1/documents', {
    token: who.key,
    body: {
      connection_id: connectionId,
      document_type: 'invoice',
      due_date: '2027-01-15',
      line_items: [{ description: 'Consulting', quantity: 1, unit_price: 100, tax_rate: 0.19 }],
    },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

const issue = (who: Issuer, docId: string, idem?: string) =>
  svc.req<{ status: string } & RateLimited>('POST', `/v1/documents/${docId}/issue`, {
    token: who.key,
    ...(idem ? { idem } : {}),
  });
const resend = (who: Issuer, docId: string, to?: string) =>
  svc.req<{ id: string } & RateLimited>('POST', `/v1/documents/${docId}/deliveries`, {
    token: who.key,
    body: to ? { to } : {},
  });

async function issued(who: Issuer, connectionId: string): Promise<string> {
  const id = await draft(who, connectionId);
  const r = await issue(who, id);
  assert.equal(r.status, 200, r.text);
  return id;
}

function assertLimited(
  res: { status: number; headers: Record<string, unknown>; body: RateLimited; text: string },
  limit: number,
  window: string,
  words: RegExp,
) {
  assert.equal(res.status, 429, res.text);
  assert.equal(res.body.error.code, 'rate_limited');
  assert.match(res.body.error.message, words);
  assert.equal(res.body.error.details.limit, limit);
  assert.equal(res.body.error.details.window, window);
  const retry = res.body.error.details.retry_after;
  assert.ok(retry >= 1 && retry <= 86_400, String(retry));
  assert.equal(res.headers['retry-after'], String(retry));
}

/** The emails the worker hands to SMTP now, as addresses. */
async function drained(): Promise<string[]> {
  const before = sink.received.length;
  await deliverEmails(svc.ctx);
  return sink.received.slice(before).flatMap((m) => m.to);
}

const docStatus = async (who: Issuer, id: string) =>
  (await svc.req<{ status: string }>('GET', `/v1/documents/${id}`, { token: who.key })).body.status;

test('an unverified organization: a 6th distinct address, then a 21st email, are refused naming the limit; nothing reaches SMTP past it', async () => {
  const who = await issuer('PayPal Security Team');
  const conns: string[] = [];
  for (let i = 1; i <= 6; i++) conns.push(await party(who, `victim${i}@mark.test`));
  // five addresses: fine
  const docs: string[] = [];
  for (const c of conns.slice(0, 5)) docs.push(await issued(who, c));
  // the sixth distinct address: the issue is refused whole, and the same Idempotency-Key is free
  const sixth = await draft(who, conns[5]!);
  const idem = randomKey();
  const refused = await issue(who, sixth, idem);
  assertLimited(refused, 5, 'addresses_per_day', /at most 5 distinct addresses a day/);
  assert.equal(await docStatus(who, sixth), 'draft');
  // a resend to a sixth address: refused too
  assertLimited(
    await resend(who, docs[0]!, 'someone.else@mark.test'),
    5,
    'addresses_per_day',
    /distinct addresses/,
  );
  assert.deepEqual((await drained()).sort(), [1, 2, 3, 4, 5].map((i) => `victim${i}@mark.test`).sort());

  // 20 emails to those five: 5 issued, then 15 more (new invoices and resends)
  for (let i = 0; i < 10; i++) docs.push(await issued(who, conns[i % 5]!));
  for (let i = 0; i < 5; i++) {
    const r = await resend(who, docs[i]!);
    assert.equal(r.status, 201, r.text);
  }
  const late = await draft(who, conns[0]!);
  const twentyFirst = await issue(who, late);
  assertLimited(twentyFirst, 20, 'emails_per_day', /at most 20 emails a day/);
  assertLimited(await resend(who, docs[1]!), 20, 'emails_per_day', /20 emails/);
  assert.equal(await docStatus(who, late), 'draft');
  assert.equal((await drained()).length, 15);
  const rows = await svc.ctx.db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', who.org.orgId)
    .executeTakeFirstOrThrow();
  assert.equal(Number(rows.n), 20);

  // the window rolls: 24 hours later the refused issue goes through with its first key
  await advanceClock(svc, 24 * 3600 + 1);
  const again = await issue(who, sixth, idem);
  assert.equal(again.status, 200, again.text);
  assert.equal(again.headers['idempotent-replay'], undefined);
  assert.deepEqual(await drained(), ['victim6@mark.test']);
});

test('a document is sent again at most 5 times a day, whoever the organization', async () => {
  const who = await issuer('Resending Verified', { verified: true });
  const conn = await party(who, 'ap@resend.test');
  const doc = await draft(who, conn);
  // the verified limit is 4 here: issue (1) + 3 resends fill it
  assert.equal((await issue(who, doc)).status, 200);
  for (let i = 0; i < 3; i++) assert.equal((await resend(who, doc)).status, 201);
  assertLimited(
    await resend(who, doc),
    4,
    'emails_per_day',
    /sent 4 emails in the last 24 hours, its daily limit/,
  );
  assert.equal((await drained()).length, 4);
  // a day later the window is empty again: four more, then the daily limit again
  await advanceClock(svc, 24 * 3600 + 1);
  for (let i = 0; i < 4; i++) assert.equal((await resend(who, doc)).status, 201);
  assertLimited(await resend(who, doc), 4, 'emails_per_day', /daily limit/);

  const unverified = await issuer('Resending Unverified');
  const c2 = await party(unverified, 'ap@resend2.test');
  const d2 = await issued(unverified, c2);
  for (let i = 0; i < 5; i++) assert.equal((await resend(unverified, d2)).status, 201, `resend ${i + 1}`);
  const sixth = await resend(unverified, d2);
  assertLimited(sixth, 5, 'document_resends_per_day', /sent again at most 5 times a day/);
  const count = await svc.ctx.db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('document_id', '=', d2)
    .executeTakeFirstOrThrow();
  assert.equal(Number(count.n), 6);
  // another document of the same organization is not held by it
  assert.equal((await resend(unverified, await issued(unverified, c2))).status, 201);
});

test('two requests at once never both take the last slot', async () => {
  await drained(); // what the earlier tests left queued
  const who = await issuer('Concurrent Sender');
  const conns: string[] = [];
  for (let i = 1; i <= 6; i++) conns.push(await party(who, `c${i}@race.test`));
  for (const c of conns.slice(0, 4)) await issued(who, c);
  // one address left: two issues to two new addresses at once
  for (let round = 0; round < 3; round++) {
    const [a, b] = await Promise.all([draft(who, conns[4]!), draft(who, conns[5]!)]);
    const results = await Promise.all([issue(who, a), issue(who, b)]);
    const codes = results.map((r) => r.status).sort();
    if (round === 0) assert.deepEqual(codes, [200, 429], results.map((r) => r.text).join('\n'));
    else {
      // the fifth address is taken: the one that got it may write again, the other never
      const ok = results.filter((r) => r.status === 200).length;
      assert.equal(ok, 1, results.map((r) => r.text).join('\n'));
    }
  }
  const addresses = await svc.ctx.db
    .selectFrom('deliveries')
    .select('to_address')
    .distinct()
    .where('organization_id', '=', who.org.orgId)
    .execute();
  assert.equal(addresses.length, 5);
  // the 20th slot: 7 sent so far; 12 more, then two at once
  for (let i = 0; i < 12; i++) await issued(who, conns[i % 4]!);
  const [x, y] = await Promise.all([draft(who, conns[0]!), draft(who, conns[1]!)]);
  const last = await Promise.all([issue(who, x), issue(who, y)]);
  assert.deepEqual(last.map((r) => r.status).sort(), [200, 429], last.map((r) => r.text).join('\n'));
  const total = await svc.ctx.db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', who.org.orgId)
    .executeTakeFirstOrThrow();
  assert.equal(Number(total.n), 20);
  assert.equal((await drained()).length, 20);
});

test('the sandbox is simulated and never counted; notices are not refused', async () => {
  const who = await issuer('Sandbox Sender', { sandbox: true });
  for (let i = 1; i <= 7; i++) await issued(who, await party(who, `sb${i}@sandbox.test`));
  assert.deepEqual(await drained(), []);
  const sims = await svc.ctx.db
    .selectFrom('deliveries')
    .select('status')
    .where('to_address', 'like', '%@sandbox.test')
    .execute();
  assert.deepEqual(
    sims.map((s) => s.status),
    Array(7).fill('simulated'),
  );

  // a live unverified organization at its address limit still voids: the notice is not refused
  const live = await issuer('Voiding Sender');
  const docs: string[] = [];
  for (let i = 1; i <= 5; i++) docs.push(await issued(live, await party(live, `v${i}@void.test`)));
  const blocked = await draft(live, await party(live, 'v6@void.test'));
  assert.equal((await issue(live, blocked)).status, 429);
  const voided = await svc.req('POST', `/v1/documents/${docs[0]}/transition`, {
    token: live.key,
    body: { to: 'void' },
  });
  assert.equal(voided.status, 200, voided.text);
});
