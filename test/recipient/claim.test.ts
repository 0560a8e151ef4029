// Claiming an external party (CONTRACT 11.3): the one-time code emailed to the party's address
// (simulated in the sandbox, read back through the document's delivery), wrong codes and the lock
// on the test clock, who may claim, and what a claim keeps: ids, numbers, history, the proof
// chain and the e-invoice bytes, now read by the claiming organization through the API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { simpleParser } from 'mailparser';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { advanceClock, expectError, type SignedUp, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  addParty,
  download,
  giveProfile,
  issueTo,
  signingKey,
  tokenFor,
  verifyBundle,
  viaLink,
} from './setup.ts';

let svc: TestService;
let seller: SignedUp;

/**
 * The sandbox organization of a new user: claim codes are readable through the API only there
 * (CONTRACT 11.3: simulated, its message readable), so the flows run in the sandbox; `orgId` and
 * `session` are the sandbox organization's.
 */
async function sandboxUser(name: string): Promise<SignedUp> {
  const user = await signup(svc, name);
  const res = await svc.req<{ organization: { id: string }; session: { token: string } }>(
    'POST',
    '/v1/sandbox',
    {
      token: user.session,
    },
  );
  if (res.status !== 201) throw new Error(`sandbox: ${res.status} ${res.text}`);
  return { ...user, orgId: res.body.organization.id, session: res.body.session.token };
}

before(async () => {
  svc = await startTestService();
  seller = await sandboxUser('Seller');
  await giveProfile(svc, seller);
});
after(async () => {
  await svc?.close();
});

interface Started {
  external_party_id: string;
  email: string;
  expires_at: string;
  delivery_id: string;
}

async function startClaim(token: string, claimant: SignedUp) {
  return viaLink<Started>(svc, 'POST', `/v1/recipient/${token}/claim`, { token: claimant.session });
}

async function confirm(token: string, claimant: SignedUp, code: string) {
  return viaLink<{ connection_id: string; organization_id: string }>(
    svc,
    'POST',
    `/v1/recipient/${token}/claim/confirm`,
    { token: claimant.session, body: { code } },
  );
}

/** The code, read as the sandbox integrator would: the delivery's message, parsed as MIME. */
async function codeOf(documentId: string, started: Started, owner = seller): Promise<string> {
  const msg = await download(
    svc,
    `/v1/documents/${documentId}/deliveries/${started.delivery_id}/message`,
    owner.session,
  );
  assert.equal(msg.status, 200, msg.bytes.toString());
  const parsed = await simpleParser(msg.bytes);
  assert.equal((parsed.to as { text: string }).text.includes(started.email), true);
  const m = /\b(\d{8})\b/.exec(parsed.text ?? '');
  assert.ok(m, `no code in ${parsed.text}`);
  return m[1]!;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

describe('the claim', () => {
  test('a code, then the party is the organization: documents keep everything, links are 404', async () => {
    const party = await addParty(svc, seller, 'Claimed GmbH', 'claim@claimed.example', BUYER);
    const first = await issueTo(svc, seller, party);
    const second = await issueTo(svc, seller, party, {
      document_type: 'purchase_order',
      payment_terms: undefined,
    });
    const token = await tokenFor(svc, first.id, party.id);
    const approved = await viaLink(svc, 'POST', `/v1/recipient/${token}/transition`, {
      body: { to: 'approved' },
    });
    assert.equal(approved.status, 200, approved.text);

    // Before: what the party sees, the e-invoice bytes, the bundle.
    const before = await viaLink<{ number: string }>(svc, 'GET', `/v1/recipient/${token}`);
    const ublBefore = await download(svc, `/v1/recipient/${token}/einvoice?format=ubl`);
    assert.equal(ublBefore.status, 200);
    const historyBefore = await svc.req<{ head_hash: string }>('GET', `/v1/documents/${first.id}/history`, {
      token: seller.session,
    });

    const claimant = await sandboxUser('Claimed GmbH on docex');
    const started = await startClaim(token, claimant);
    assert.equal(started.status, 202, started.text);
    assert.equal(started.body.email, 'claim@claimed.example');
    assert.equal(started.body.external_party_id, party.id);
    const code = await codeOf(first.id, started.body);

    const done = await confirm(token, claimant, code);
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.organization_id, claimant.orgId);
    assert.equal(done.body.connection_id, party.connectionId);

    // The link and every other link of the party: 404.
    expectError(await viaLink(svc, 'GET', `/v1/recipient/${token}`), 404, 'not_found');
    expectError(await confirm(token, claimant, code), 404, 'not_found');

    // The claiming organization reads both documents through the API, same ids and numbers.
    for (const doc of [first, second]) {
      const got = await svc.req<{ id: string; number: string; counterparty: { id: string } }>(
        'GET',
        `/v1/documents/${doc.id}`,
        { token: claimant.session },
      );
      assert.equal(got.status, 200, got.text);
      assert.equal(got.body.counterparty.id, seller.orgId);
      if (doc === first) assert.equal(got.body.number, before.body.number, 'the same BILL number');
      const h = await svc.req<{ verified: boolean }>('GET', `/v1/documents/${doc.id}/history`, {
        token: claimant.session,
      });
      assert.equal(h.body.verified, true);
    }
    const historyAfter = await svc.req<{
      verified: boolean;
      head_hash: string;
      entries: { actor: { kind: string } }[];
    }>('GET', `/v1/documents/${first.id}/history`, { token: seller.session });
    assert.equal(historyAfter.body.verified, true);
    assert.equal(historyAfter.body.head_hash, historyBefore.body.head_hash, 'the chain is not rewritten');
    assert.ok(historyAfter.body.entries.some((e) => e.actor.kind === 'recipient_link'));
    const ublAfter = await download(svc, `/v1/documents/${first.id}/einvoice?format=ubl`, claimant.session);
    assert.equal(ublAfter.status, 200);
    assert.ok(ublAfter.bytes.equals(ublBefore.bytes), 'the e-invoice bytes are unchanged');
    for (const who of [seller, claimant]) {
      const bundle = await download(svc, `/v1/documents/${first.id}/export`, who.session);
      assert.equal(bundle.status, 200, bundle.bytes.toString());
      assert.deepEqual(verifyBundle(bundle.bytes, await signingKey(svc)), { code: 0, out: 'valid', err: '' });
    }
    const conns = await svc.req<{ data: { id: string; status: string; counterparty: { id: string } }[] }>(
      'GET',
      '/v1/connections',
      { token: claimant.session },
    );
    const conn = conns.body.data.find((c) => c.id === party.connectionId);
    assert.equal(conn?.status, 'active');
    assert.equal(conn?.counterparty.id, seller.orgId);

    // Claimed once: another organization meets the 404.
    const late = await sandboxUser('Late');
    expectError(await startClaim(token, late), 404, 'not_found');
  });

  test('wrong codes: 400 with attempts_left, the fifth locks for 15 minutes (429), then it works', async () => {
    const party = await addParty(svc, seller, 'Locked Ltd', 'lock@locked.example');
    const doc = await issueTo(svc, seller, party);
    const token = await tokenFor(svc, doc.id, party.id);
    const claimant = await sandboxUser('Locked Ltd on docex');
    const started = await startClaim(token, claimant);
    assert.equal(started.status, 202, started.text);
    const code = await codeOf(doc.id, started.body);
    const wrong = wrongOf(code);
    for (let left = 4; left >= 1; left--) {
      const res = await confirm(token, claimant, wrong);
      expectError(res, 400, 'invalid_request');
      const details = (
        res.body as unknown as { error: { details: { attempts_left: number; errors: { path: string }[] } } }
      ).error.details;
      assert.equal(details.attempts_left, left);
      assert.equal(details.errors[0]!.path, 'body.code');
    }
    const locked = await confirm(token, claimant, wrong);
    expectError(locked, 429, 'rate_limited');
    assert.ok(Number(locked.headers['retry-after']) > 800);
    expectError(await confirm(token, claimant, code), 429, 'rate_limited');
    expectError(await startClaim(token, claimant), 429, 'rate_limited');
    await advanceClock(svc, 15 * 60 - 5);
    expectError(await confirm(token, claimant, code), 429, 'rate_limited');
    await advanceClock(svc, 6);
    // The first code was spent by the lock; a new one works.
    expectError(await confirm(token, claimant, code), 409, 'conflict');
    const restarted = await startClaim(token, claimant);
    assert.equal(restarted.status, 202, restarted.text);
    const ok = await confirm(token, claimant, await codeOf(doc.id, restarted.body));
    assert.equal(ok.status, 200, ok.text);
  });

  test('an expired code is 409; a new one replaces it; malformed codes are 400', async () => {
    const owner = await sandboxUser('Owner Two');
    await giveProfile(svc, owner);
    const party = await addParty(svc, owner, 'Slow Ltd', 'slow@slow.example');
    const doc = await issueTo(svc, owner, party);
    const token = await tokenFor(svc, doc.id, party.id);
    const claimant = await sandboxUser('Slow Ltd on docex');
    for (const code of ['1234567', '123456789', 'abcdefgh', '']) {
      expectError(await confirm(token, claimant, code), 400, 'invalid_request');
    }
    expectError(await confirm(token, claimant, '12345678'), 409, 'conflict');
    const started = await startClaim(token, claimant);
    const code = await codeOf(doc.id, started.body, owner);
    await advanceClock(svc, 15 * 60 + 1);
    expectError(await confirm(token, claimant, code), 409, 'conflict');
    const restarted = await startClaim(token, claimant);
    assert.equal(restarted.status, 202, restarted.text);
    const next = await codeOf(doc.id, restarted.body, owner);
    // The code is the organization's: another organization's session cannot use it.
    const thief = await sandboxUser('Thief');
    expectError(await confirm(token, thief, next), 409, 'conflict');
    const ok = await confirm(token, claimant, next);
    assert.equal(ok.status, 200, ok.text);
  });

  test('who may claim: not the owner (409), not the other environment (sandbox_isolation), not a key', async () => {
    const party = await addParty(svc, seller, 'Who Ltd', 'who@who.example');
    const doc = await issueTo(svc, seller, party);
    const token = await tokenFor(svc, doc.id, party.id);
    expectError(await startClaim(token, seller), 409, 'conflict');
    // The party is a sandbox organization's: a live organization meets sandbox_isolation.
    const other = await signup(svc, 'Live Co');
    expectError(await startClaim(token, other), 403, 'sandbox_isolation');
    const key = await svc.req<{ key: string }>('POST', '/v1/keys', {
      token: other.session,
      body: { name: 'k', scopes: ['documents:read', 'documents:write'] },
    });
    expectError(
      await viaLink(svc, 'POST', `/v1/recipient/${token}/claim`, { token: key.body.key }),
      403,
      'insufficient_scope',
    );
    expectError(await viaLink(svc, 'POST', `/v1/recipient/${token}/claim`), 401, 'unauthorized');
  });
});
