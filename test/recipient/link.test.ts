// The recipient link as JSON (CONTRACT 11.3): the document as the external party sees it, its
// moves (recorded with the recipient_link actor, the issuer told as for any counterparty's move),
// the e-invoice and proof bundle through the link, and what a wrong, revoked or expired token,
// a missing Idempotency-Key or too many requests get.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deliverEmails } from '../../src/modules/delivery/drain.ts';
import { revokeRecipientLinks } from '../../src/modules/delivery/recipient-link.ts';
import { advanceClock, expectError, type SignedUp, signup, verifyOrganization } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';
import {
  addParty,
  download,
  freshAddress,
  giveProfile,
  issueTo,
  type Party,
  signingKey,
  tokenFor,
  verifyBundle,
  viaLink,
} from './setup.ts';

let svc: TestService;
let seller: SignedUp;
let party: Party;

before(async () => {
  svc = await startTestService();
  seller = await signup(svc, 'Seller');
  await verifyOrganization(svc, seller.orgId);
  await giveProfile(svc, seller);
  party = await addParty(svc, seller);
});
after(async () => {
  await svc?.close();
});

interface RecipientDoc {
  id: string;
  number: string;
  issuer_number: string;
  label: string;
  direction: string;
  status: string;
  total: number;
  due_date: string | null;
  counterparty: { id: string; name: string };
  issuer: { name: string; legal_name: string | null; payment_account: { iban: string } | null };
  recipient: { id: string; email: string };
  allowed: string[];
  line_items: unknown[];
}

async function fresh(body: Record<string, unknown> = {}) {
  const doc = await issueTo(svc, seller, party, body);
  return { doc, token: await tokenFor(svc, doc.id, party.id) };
}

describe('reading through the link', () => {
  test('the document as the party sees it, headed by the issuer number, with allowed', async () => {
    const { doc, token } = await fresh();
    const res = await viaLink<RecipientDoc>(svc, 'GET', `/v1/recipient/${token}`);
    assert.equal(res.status, 200, res.text);
    const r = res.body;
    assert.equal(r.id, doc.id);
    assert.equal(r.issuer_number, doc.number);
    assert.match(r.issuer_number, /^INV-\d{6}$/);
    assert.match(r.number, /^BILL-\d{6}$/, "the party's own number");
    assert.equal(r.label, 'Bill');
    assert.equal(r.direction, 'received');
    assert.equal(r.status, 'submitted');
    assert.deepEqual(r.allowed, ['acknowledged', 'approved', 'disputed']);
    assert.equal(r.total, 524.2);
    assert.ok(r.due_date, 'net_30 gives a due date');
    assert.equal(r.counterparty.name, 'Seller');
    assert.equal(r.issuer.legal_name, 'Seller GmbH');
    assert.equal(r.issuer.payment_account?.iban, 'DE89370400440532013000');
    assert.equal(r.recipient.id, party.id);
    assert.equal(r.recipient.email, party.email);
    assert.equal(r.line_items.length, 2);
    assert.equal(res.headers['cache-control'], undefined);
  });

  test('the first read sets the delivery viewed_at and tells the issuer once (document.viewed)', async () => {
    const p = await addParty(svc, seller, 'Viewer Ltd', 'viewer@client.example');
    const doc = await issueTo(svc, seller, p);
    // One pass of the outbox composes the email, with the link in it (no SMTP here: it stays queued).
    await deliverEmails(svc.ctx);
    const token = await tokenFor(svc, doc.id, p.id);
    const deliveries = () =>
      svc.req<{ data: { viewed_at: string | null }[] }>('GET', `/v1/documents/${doc.id}/deliveries`, {
        token: seller.session,
      });
    const before = await deliveries();
    assert.equal(before.status, 200, before.text);
    assert.ok(before.body.data.length >= 1, 'issuing queued the delivery');
    assert.ok(before.body.data.every((d) => d.viewed_at === null));
    assert.equal((await viaLink(svc, 'GET', `/v1/recipient/${token}`)).status, 200);
    assert.equal(
      (await svc.app.inject({ method: 'GET', url: `/r/${token}`, remoteAddress: freshAddress() })).statusCode,
      200,
    );
    const after = await deliveries();
    assert.ok(
      after.body.data.some((d) => d.viewed_at !== null),
      'viewed_at is set',
    );
    const events = await svc.req<{ data: { data: { document: { id: string } } }[] }>(
      'GET',
      '/v1/events?type=document.viewed',
      { token: seller.session },
    );
    assert.equal(
      events.body.data.filter((e) => e.data.document.id === doc.id).length,
      1,
      'one document.viewed',
    );
  });

  test('a wrong, malformed, revoked or expired token is the same 404, with no hint', async () => {
    const { doc, token } = await fresh();
    const wrong = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const answers = [];
    for (const t of [wrong, 'short', `${token}x`, 'A'.repeat(32)]) {
      const res = await viaLink(svc, 'GET', `/v1/recipient/${t}`);
      expectError(res, 404, 'not_found');
      answers.push((res.body as { error: { message: string } }).error.message);
    }
    // Revoked (a claim revokes the party's links).
    await svc.ctx.db.transaction().execute((trx) => revokeRecipientLinks(trx, party.id, svc.ctx.clock.now()));
    const revoked = await viaLink(svc, 'GET', `/v1/recipient/${token}`);
    expectError(revoked, 404, 'not_found');
    answers.push((revoked.body as { error: { message: string } }).error.message);
    assert.equal(new Set(answers).size, 1, 'one message for every kind of wrong token');
    // Every move through a revoked link is 404 too (the document is untouched).
    expectError(
      await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, { body: { to: 'approved' } }),
      404,
      'not_found',
    );
    const issuerView = await svc.req<{ status: string }>('GET', `/v1/documents/${doc.id}`, {
      token: seller.session,
    });
    assert.equal(issuerView.body.status, 'submitted');
  });
});

describe('moves through the link', () => {
  let p: Party;
  before(async () => {
    p = await addParty(svc, seller, 'Mover Ltd', 'mover@client.example');
  });
  const open = async () => {
    const doc = await issueTo(svc, seller, p);
    return { doc, token: await tokenFor(svc, doc.id, p.id) };
  };

  test('approve: recorded with the recipient_link actor, the issuer told, history verified', async () => {
    const { doc, token } = await open();
    const res = await viaLink<RecipientDoc>(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'approved' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'approved');
    assert.deepEqual(res.body.allowed, ['disputed'], 'never a payment target');

    const history = await svc.req<{
      verified: boolean;
      entries: { action: string; actor: Record<string, unknown>; changes: { to?: string } }[];
    }>('GET', `/v1/documents/${doc.id}/history`, { token: seller.session });
    assert.equal(history.body.verified, true);
    const last = history.body.entries.at(-1)!;
    assert.equal(last.action, 'status_changed');
    assert.equal(last.changes.to, 'approved');
    assert.deepEqual(last.actor, {
      kind: 'recipient_link',
      organization_id: null,
      key_id: null,
      key_prefix: null,
      external_party_id: p.id,
    });

    const events = await svc.req<{
      data: { type: string; data: { document: { id: string; status: string } } }[];
    }>('GET', '/v1/events?type=document.status_changed', { token: seller.session });
    assert.ok(
      events.body.data.some((e) => e.data.document.id === doc.id && e.data.document.status === 'approved'),
      'the issuer gets document.status_changed as for any counterparty move',
    );
  });

  test('dispute needs a reason, kept in history; then acknowledge', async () => {
    const { doc, token } = await open();
    const bare = await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'disputed' },
    });
    expectError(bare, 400, 'invalid_request');
    assert.equal(
      (bare.body as { error: { details: { errors: { path: string }[] } } }).error.details.errors[0]!.path,
      'body.reason',
    );
    const blank = await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'disputed', reason: '   ' },
    });
    expectError(blank, 400, 'invalid_request');
    const disputed = await viaLink<RecipientDoc>(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'disputed', reason: 'Travel was not agreed.' },
    });
    assert.equal(disputed.status, 200, disputed.text);
    assert.deepEqual(disputed.body.allowed, ['acknowledged', 'approved']);
    const history = await svc.req<{ entries: { changes: { reason?: string; to?: string } }[] }>(
      'GET',
      `/v1/documents/${doc.id}/history`,
      { token: seller.session },
    );
    assert.equal(history.body.entries.at(-1)!.changes.reason, 'Travel was not agreed.');
    const ack = await viaLink<RecipientDoc>(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'acknowledged' },
    });
    assert.equal(ack.body.status, 'acknowledged');
  });

  test('an illegal move is 409 with allowed; payment targets and unknown fields are 400', async () => {
    const { token } = await open();
    const again = await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'approved' },
    });
    assert.equal(again.status, 200);
    const twice = await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'approved' },
    });
    expectError(twice, 409, 'conflict');
    assert.deepEqual((twice.body as { error: { details: { allowed: string[] } } }).error.details.allowed, [
      'disputed',
    ]);
    for (const body of [
      { to: 'paid' },
      { to: 'payment_scheduled' },
      { to: 'void' },
      { to: 'approved', x: 1 },
      {},
    ]) {
      expectError(
        await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, { body }),
        400,
        'invalid_request',
      );
    }
  });

  test('Idempotency-Key: required, and a retry replays the first answer', async () => {
    const { token } = await open();
    const none = await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'acknowledged' },
      idem: null,
    });
    expectError(none, 400, 'invalid_request');
    const key = randomKey();
    const first = await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'acknowledged' },
      idem: key,
    });
    assert.equal(first.status, 200, first.text);
    const replay = await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'acknowledged' },
      idem: key,
    });
    assert.equal(replay.status, 200);
    assert.equal(replay.headers['idempotent-replay'], 'true');
    assert.equal(replay.text, first.text);
    // The key is the link's: the same key on another link is its own.
    const other = await open();
    const elsewhere = await viaLink(svc, 'POST', `/v1/recipient/${other.token}/transition`, {
      body: { to: 'acknowledged' },
      idem: key,
    });
    assert.equal(elsewhere.status, 200, elsewhere.text);
    assert.notEqual(elsewhere.headers['idempotent-replay'], 'true');
  });
});

describe('files through the link', () => {
  let p: Party;
  before(async () => {
    p = await addParty(svc, seller, 'Files GmbH', 'files@client.example', {
      legal_name: 'Files GmbH',
      address: { line1: 'Marktplatz 2', city: 'Hamburg', postal_code: '20095', country_code: 'DE' },
      vat_id: 'DE987654321',
    });
  });

  test('UBL, CII and Factur-X: the bytes and digest of the issuer export', async () => {
    const doc = await issueTo(svc, seller, p);
    const token = await tokenFor(svc, doc.id, p.id);
    for (const format of ['ubl', 'cii', 'facturx']) {
      const viaIssuer = await download(
        svc,
        `/v1/documents/${doc.id}/einvoice?format=${format}`,
        seller.session,
      );
      assert.equal(viaIssuer.status, 200, viaIssuer.bytes.toString());
      const got = await download(svc, `/v1/recipient/${token}/einvoice?format=${format}`);
      assert.equal(got.status, 200, got.bytes.toString());
      assert.ok(got.bytes.equals(viaIssuer.bytes), `${format} bytes identical`);
      assert.equal(got.headers['svc-einvoice-digest'], viaIssuer.headers['svc-einvoice-digest']);
      assert.match(String(got.headers['content-disposition']), /^attachment; filename="INV-\d{6}/);
    }
    expectError(
      await viaLink(svc, 'GET', `/v1/recipient/${token}/einvoice?format=pdf`),
      400,
      'invalid_request',
    );
    expectError(await viaLink(svc, 'GET', `/v1/recipient/${token}/einvoice`), 400, 'invalid_request');
  });

  test('a quote has no e-invoice (400); its proof bundle verifies', async () => {
    const doc = await issueTo(svc, seller, p, { document_type: 'quote', payment_terms: undefined });
    const token = await tokenFor(svc, doc.id, p.id);
    expectError(
      await viaLink(svc, 'GET', `/v1/recipient/${token}/einvoice?format=ubl`),
      400,
      'invalid_request',
    );
    const bundle = await download(svc, `/v1/recipient/${token}/export`);
    assert.equal(bundle.status, 200, bundle.bytes.toString());
    assert.deepEqual(verifyBundle(bundle.bytes, await signingKey(svc)), { code: 0, out: 'valid', err: '' });
    const parsed = JSON.parse(bundle.bytes.toString()) as { document: { id: string; number: string } };
    assert.equal(parsed.document.id, doc.id);
    assert.match(parsed.document.number, /^VQ-\d{6}$/, "the bundle is the counterparty's");
  });
});

describe('rate limits', () => {
  test('more than 30 requests a minute for one token: 429 with Retry-After, from any address', async () => {
    const p = await addParty(svc, seller, 'Busy Ltd', 'busy@client.example');
    const doc = await issueTo(svc, seller, p);
    const token = await tokenFor(svc, doc.id, p.id);
    const started = svc.ctx.clock.now().getTime();
    for (let i = 0; i < 30; i++) {
      const res = await viaLink(svc, 'GET', `/v1/recipient/${token}`);
      assert.equal(res.status, 200, `request ${i + 1}: ${res.text}`);
    }
    // A burst of 30, then one every 2 seconds (LINK_RATE): on a loaded machine the 30 requests
    // take seconds of the service's clock (real time plus the test offset), and what refilled in
    // them may be spent too; nothing more (a test that assumed an instant burst failed once).
    let refused = await viaLink(svc, 'GET', `/v1/recipient/${token}`);
    let extra = 0;
    while (refused.status === 200 && extra < 100) {
      extra++;
      refused = await viaLink(svc, 'GET', `/v1/recipient/${token}`);
    }
    const refilled = Math.floor((svc.ctx.clock.now().getTime() - started) / 2000);
    assert.ok(extra <= refilled, `${extra} requests past the 30th allowed, ${refilled} refilled`);
    expectError(refused, 429, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    // The page under the same token shares the bucket.
    const page = await svc.app.inject({ method: 'GET', url: `/r/${token}`, remoteAddress: freshAddress() });
    assert.equal(page.statusCode, 429);
    assert.ok(Number(page.headers['retry-after']) >= 1);
    await advanceClock(svc, 60);
    assert.equal((await viaLink(svc, 'GET', `/v1/recipient/${token}`)).status, 200);
  });

  test('more than 30 a minute from one address, wrong tokens included: 429', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      const res = await svc.req('GET', `/v1/recipient/${'x'.repeat(31)}${i % 10}`, {
        remoteAddress: address,
      });
      assert.equal(res.status, 404);
    }
    const refused = await svc.req('GET', `/v1/recipient/${'y'.repeat(32)}`, { remoteAddress: address });
    expectError(refused, 429, 'rate_limited');
    const elsewhere = await svc.req('GET', `/v1/recipient/${'y'.repeat(32)}`, {
      remoteAddress: freshAddress(),
    });
    expectError(elsewhere, 404, 'not_found');
  });
});

// Last: it moves the clock 90 days, past every session of the file.
describe('expiry', () => {
  test('a document closed for 90 days: the link is 404 (89 days: still open)', async () => {
    // A party of its own: the previous test revoked the shared party's links.
    const other = await addParty(svc, seller, 'Closed Client', 'closed@client.example');
    const doc = await issueTo(svc, seller, other);
    const token = await tokenFor(svc, doc.id, other.id);
    const voided = await svc.req('POST', `/v1/documents/${doc.id}/transition`, {
      token: seller.session,
      body: { to: 'void' },
    });
    assert.equal(voided.status, 200, voided.text);
    await advanceClock(svc, 89 * 86400);
    const open = await viaLink<RecipientDoc>(svc, 'GET', `/v1/recipient/${token}`);
    assert.equal(open.status, 200, open.text);
    assert.deepEqual(open.body.allowed, [], 'a void document has no move');
    await advanceClock(svc, 86400);
    expectError(await viaLink(svc, 'GET', `/v1/recipient/${token}`), 404, 'not_found');
  });
});
