// CONTRACT 11.3's claim, the state change (claimExternalParty; the code and the link are
// h38-recipient's): the party's connection becomes an ordinary one between its owner and the
// claiming organization, and every document on it an ordinary document between them, keeping its
// id, numbers, history (verified, same head), proof bundle (verified by the published verifier)
// and e-invoice bytes; a claim is made once, not by the owner, not across environments.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { verifyBundleBytes } from '../../scripts/verify-bundle.mjs';
import { inTransaction } from '../../src/db/transaction.ts';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { claimExternalParty } from '../../src/modules/parties/claim.ts';
import { findCounterparties } from '../../src/modules/parties/directory.ts';
import {
  externalPartyOfConnection,
  externalPartyOfDocument,
  getExternalParty,
} from '../../src/modules/parties/external-parties.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { expectApiError } from '../helpers/expect.ts';
import { connect, operator } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

interface ConnectionBody {
  id: string;
  status: string;
  counterparty: { id: string; name: string; external?: boolean };
}
interface History {
  verified: boolean;
  head_hash: string;
  entries: { seq: number; hash: string }[];
}

let svc: TestService;
let owner: Party;
let claimer: Party;
let third: Party;

const PARTY_PROFILE = { ...BUYER, electronic_address: { scheme: '0009', value: '30326504500012' } };

before(async () => {
  svc = await startTestService();
  [owner, claimer, third] = await Promise.all([
    makeParty(svc, 'Owner GmbH'),
    makeParty(svc, 'Claimer SARL'),
    makeParty(svc, 'Third Co'),
  ]);
  const seller = { ...SELLER, electronic_address: { scheme: '9930', value: 'DE123456789' } };
  assert.equal(
    (await svc.req('PATCH', '/v1/organization', { token: owner.org.session, body: seller })).status,
    200,
  );
  assert.equal(
    (await svc.req('PATCH', '/v1/organization', { token: third.org.session, body: SELLER })).status,
    200,
  );
});
after(async () => {
  await svc?.close();
});

async function addParty(p: Party, name: string): Promise<ConnectionBody> {
  const r = await svc.req<ConnectionBody>('POST', '/v1/connections', {
    token: p.org.session,
    body: { external_party: { name, email: 'accounts@acheteur.example', legal_profile: PARTY_PROFILE } },
  });
  assert.equal(r.status, 201, r.text);
  return r.body;
}

async function draft(p: Party, connectionId: string): Promise<DocumentView> {
  const c = await svc.req<DocumentView>('POST', '/v1/documents', {
    token: p.key,
    body: {
      connection_id: connectionId,
      document_type: 'invoice',
      currency: 'EUR',
      line_items: [{ description: 'Work', quantity: 3, unit_price: 50, tax_rate: 0.19 }],
    },
  });
  assert.equal(c.status, 201, c.text);
  return c.body;
}

async function issued(p: Party, connectionId: string): Promise<DocumentView> {
  const d = await draft(p, connectionId);
  const i = await svc.req<DocumentView>('POST', `/v1/documents/${d.id}/issue`, { token: p.key });
  assert.equal(i.status, 200, i.text);
  return i.body;
}

async function claim(partyId: string, orgId: string) {
  return inTransaction(svc.ctx.db, (trx) => claimExternalParty(trx, partyId, orgId, svc.ctx.clock.now()));
}

async function rejects(p: Promise<unknown>, code: string) {
  await assert.rejects(p, (err: { code?: string }) => {
    assert.equal(err.code, code);
    return true;
  });
}

describe('claiming an external party', () => {
  test('the connection and its documents become ordinary ones between the two organizations, keeping everything', async () => {
    // The claimer already has a connection with the owner, and its own BILL-000001 from another
    // supplier: the claim gives them a second connection and the claimer a second BILL-000001.
    await connect(svc, owner.org, claimer.org);
    const fromThird = await connect(svc, third.org, claimer.org);
    const theirs = await issued(third, fromThird);
    const theirsAsClaimer = await svc.req<DocumentView>('GET', `/v1/documents/${theirs.id}`, {
      token: claimer.key,
    });
    assert.equal(theirsAsClaimer.body.number, 'BILL-000001');

    const conn = await addParty(owner, 'Acheteur (not on docex yet)');
    const xp = conn.counterparty.id;
    const d1 = await issued(owner, conn.id);
    const d2 = await issued(owner, conn.id);
    const d3 = await draft(owner, conn.id);
    const approved = await svc.req('POST', `/v1/documents/${d2.id}/transition`, {
      token: owner.key,
      body: { to: 'void' },
    });
    assert.equal(approved.status, 200, approved.text);

    const of = await externalPartyOfDocument(svc.ctx.db, d1.id);
    assert.equal(of?.party.id, xp);
    assert.equal(of?.side, 'counterparty');
    assert.equal(of?.party.claimed_organization_id, null);
    assert.deepEqual(await externalPartyOfConnection(svc.ctx.db, owner.org.orgId, conn.id), of?.party);
    // owner-scoped: another organization asking about this connection gets nothing
    assert.equal(await externalPartyOfConnection(svc.ctx.db, claimer.org.orgId, conn.id), null);

    // what must survive: e-invoice bytes, history heads, proof bundles
    const ubl = await svc.req('GET', `/v1/documents/${d1.id}/einvoice?format=ubl`, { token: owner.key });
    assert.equal(ubl.status, 200, ubl.text);
    const facturx = await svc.req('GET', `/v1/documents/${d1.id}/einvoice?format=facturx`, {
      token: owner.key,
    });
    assert.equal(facturx.status, 200);
    const historyBefore = await svc.req<History>('GET', `/v1/documents/${d1.id}/history`, {
      token: owner.key,
    });
    assert.equal(historyBefore.body.verified, true);
    const numbersBefore = await svc.ctx.db
      .selectFrom('documents')
      .select(['id', 'issuer_number', 'counterparty_number'])
      .where('connection_id', '=', conn.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      numbersBefore.map((n) => n.counterparty_number).sort(),
      ['BILL-000001', 'BILL-000002', null].sort(),
    );

    const result = await claim(xp, claimer.org.orgId);
    assert.deepEqual(result, {
      party_id: xp,
      connection_id: conn.id,
      owner_organization_id: owner.org.orgId,
      claimed_organization_id: claimer.org.orgId,
      documents: 3,
    });

    // The connection: ordinary, active, seen by both sides.
    const asOwner = await svc.req<ConnectionBody>('GET', `/v1/connections/${conn.id}`, { token: owner.key });
    assert.equal(asOwner.status, 200);
    assert.deepEqual(asOwner.body.counterparty, { id: claimer.org.orgId, name: 'Claimer SARL' });
    assert.equal(asOwner.body.status, 'active');
    const asClaimer = await svc.req<ConnectionBody>('GET', `/v1/connections/${conn.id}`, {
      token: claimer.key,
    });
    assert.equal(asClaimer.status, 200, asClaimer.text);
    assert.deepEqual(asClaimer.body.counterparty, { id: owner.org.orgId, name: 'Owner GmbH' });
    const list = await svc.req<{ data: ConnectionBody[] }>('GET', '/v1/connections', { token: claimer.key });
    assert.equal(list.body.data.filter((c) => c.counterparty.id === owner.org.orgId).length, 2);

    // The documents: same ids and numbers, now the claimer's bills; the draft stays the owner's.
    const numbersAfter = await svc.ctx.db
      .selectFrom('documents')
      .select(['id', 'issuer_number', 'counterparty_number'])
      .where('connection_id', '=', conn.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(numbersAfter, numbersBefore);
    const bill = await svc.req<DocumentView>('GET', `/v1/documents/${d1.id}`, { token: claimer.key });
    assert.equal(bill.status, 200, bill.text);
    assert.equal(bill.body.direction, 'received');
    assert.equal(bill.body.number, numbersBefore.find((n) => n.id === d1.id)?.counterparty_number);
    assert.deepEqual(bill.body.counterparty, { id: owner.org.orgId, name: 'Owner GmbH' });
    expectApiError(await svc.req('GET', `/v1/documents/${d3.id}`, { token: claimer.key }), 404, 'not_found');
    const bills = await svc.req<{ data: DocumentView[] }>('GET', '/v1/documents?limit=100', {
      token: claimer.key,
    });
    assert.deepEqual(bills.body.data.map((d) => d.id).sort(), [theirs.id, d1.id, d2.id].sort());

    // History: the same chain, verified, for both parties.
    for (const token of [owner.key, claimer.key]) {
      const h = await svc.req<History>('GET', `/v1/documents/${d1.id}/history`, { token });
      assert.equal(h.status, 200, h.text);
      assert.equal(h.body.verified, true);
      assert.equal(h.body.head_hash, historyBefore.body.head_hash);
    }

    // E-invoices: byte for byte what was exported before, for both parties.
    for (const token of [owner.key, claimer.key]) {
      const again = await svc.req('GET', `/v1/documents/${d1.id}/einvoice?format=ubl`, { token });
      assert.equal(again.status, 200, again.text);
      assert.equal(again.text, ubl.text);
      assert.equal(again.headers['svc-einvoice-digest'], ubl.headers['svc-einvoice-digest']);
      const pdf = await svc.req('GET', `/v1/documents/${d1.id}/einvoice?format=facturx`, { token });
      assert.equal(pdf.headers['svc-einvoice-digest'], facturx.headers['svc-einvoice-digest']);
    }

    // Proof bundles: both parties' verify with the published verifier.
    for (const token of [owner.key, claimer.key]) {
      const b = await svc.req('GET', `/v1/documents/${d1.id}/export`, { token });
      assert.equal(b.status, 200, b.text);
      const bytes = Buffer.from(b.text, 'utf8');
      assert.equal(createHash('sha256').update(bytes).digest('hex'), b.headers['svc-bundle-digest']);
      const verdict = verifyBundleBytes(bytes);
      assert.equal(verdict.valid, true, JSON.stringify(verdict));
    }

    // From now on the claimer acts through the API: it approves its bill.
    const ok = await svc.req<DocumentView>('POST', `/v1/documents/${d1.id}/transition`, {
      token: claimer.key,
      body: { to: 'approved' },
    });
    assert.equal(ok.status, 200, ok.text);
    const h2 = await svc.req<History>('GET', `/v1/documents/${d1.id}/history`, { token: claimer.key });
    assert.equal(h2.body.verified, true);

    // The owner's draft, issued now, takes the claimer's own next number.
    const i3 = await svc.req('POST', `/v1/documents/${d3.id}/issue`, { token: owner.key });
    assert.equal(i3.status, 200, i3.text);
    const d3AsClaimer = await svc.req<DocumentView>('GET', `/v1/documents/${d3.id}`, { token: claimer.key });
    assert.equal(d3AsClaimer.body.number, 'BILL-000002');

    // The party remembers who claimed it; its document still names it.
    const after = await getExternalParty(svc.ctx.db, xp);
    assert.equal(after?.claimed_organization_id, claimer.org.orgId);
    assert.equal(
      (await externalPartyOfDocument(svc.ctx.db, d1.id))?.party.claimed_organization_id,
      claimer.org.orgId,
    );
    // ...and the owner can no longer edit it
    expectApiError(
      await svc.req('PATCH', `/v1/connections/${conn.id}`, {
        token: owner.key,
        body: { external_party: { name: 'Too late' } },
      }),
      409,
      'conflict',
    );
    // A claim is made once.
    await rejects(claim(xp, third.org.orgId), 'conflict');
  });

  test('not by its owner, not across environments, not for an unknown party', async () => {
    const conn = await addParty(third, 'Someone');
    await rejects(claim(conn.counterparty.id, third.org.orgId), 'conflict');
    const sb = await svc.req<{ organization: { id: string } }>('POST', '/v1/sandbox', {
      token: claimer.org.session,
    });
    assert.equal(sb.status, 201, sb.text);
    await rejects(claim(conn.counterparty.id, sb.body.organization.id), 'sandbox_isolation');
    await rejects(claim('xp_doesNotExist0000000000', claimer.org.orgId), 'not_found');
    await rejects(claim(conn.counterparty.id, 'org_doesNotExist000000000'), 'not_found');
    // nothing moved
    const still = await svc.req<ConnectionBody>('GET', `/v1/connections/${conn.id}`, { token: third.key });
    assert.equal(still.body.counterparty.external, true);
  });
});

describe('finding counterparties by identifier (for received invoices)', () => {
  test('electronic address first, then VAT id, then legal registration id; external parties included', async () => {
    const o = await makeParty(svc, 'Receiver');
    const ext = await svc.req<ConnectionBody>('POST', '/v1/connections', {
      token: o.org.session,
      body: {
        external_party: {
          name: 'Supplier by VAT',
          email: 's@supplier.example',
          legal_profile: { ...SELLER, vat_id: 'DE811907980', legal_registration_id: { value: 'HRB 1 B' } },
        },
      },
    });
    assert.equal(ext.status, 201, ext.text);
    const ordinary = await connect(svc, owner.org, o.org);
    // the owner's profile: 9930:DE123456789 and VAT DE123456789, verified by the operator (1.18.0:
    // an organization is found by identifier only through what was verified for it)
    const verified = await operator(svc, 'POST', `/v1/operator/organizations/${owner.org.orgId}/verify`);
    assert.equal(verified.status, 200, verified.text);
    const byEa = await findCounterparties(svc.ctx.db, o.org.orgId, {
      electronic_address: { scheme: '9930', value: 'de 123456789' },
      vat_id: 'DE811907980',
    });
    assert.deepEqual(byEa, [
      {
        organization_id: owner.org.orgId,
        external: false,
        connection_id: ordinary,
        matched_by: 'electronic_address',
      },
      {
        organization_id: ext.body.counterparty.id,
        external: true,
        connection_id: ext.body.id,
        matched_by: 'vat_id',
      },
    ]);
    const byReg = await findCounterparties(svc.ctx.db, o.org.orgId, {
      legal_registration_id: { value: 'hrb1b' },
    });
    assert.deepEqual(
      byReg.map((m) => [m.organization_id, m.matched_by]),
      [[ext.body.counterparty.id, 'legal_registration_id']],
    );
    // another organization's counterparties are not this one's
    assert.deepEqual(await findCounterparties(svc.ctx.db, third.org.orgId, { vat_id: 'DE811907980' }), []);
  });
});
