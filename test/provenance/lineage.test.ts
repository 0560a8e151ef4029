// Lineage (CONTRACT 6): derived_from followed both ways on the connection, each party's own
// documents as full steps, the other party's sealed, in created_at order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { createDoc, errorOf, issue, type Pair, pair } from '../helpers/document-setup.ts';
import { connect, mintKey, signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

interface Step {
  document_id: string;
  document_type: string;
  sealed: boolean;
  owner_organization_id: string;
  head_hash: string;
  at: string;
  number?: string;
  label?: string;
  status?: string;
}

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Seller Co', 'Buyer Co']);
});
after(async () => {
  await svc?.close();
});

async function lineage(id: string, token: string) {
  return svc.req<{ document_id: string; steps: Step[] }>('GET', `/v1/documents/${id}/lineage`, { token });
}

async function head(id: string, token: string): Promise<{ hash: string; at: string }> {
  const h = await svc.req<{ head_hash: string; entries: { at: string; hash: string }[] }>(
    'GET',
    `/v1/documents/${id}/history`,
    { token },
  );
  assert.equal(h.status, 200, h.text);
  const last = h.body.entries.at(-1)!;
  assert.equal(last.hash, h.body.head_hash);
  return { hash: last.hash, at: last.at };
}

describe('lineage', () => {
  // Seller (issuer side of the pair) quotes; Buyer orders from the quote; Seller invoices the
  // order twice (two invoices: siblings) and drafts a credit note on the first invoice; Buyer
  // drafts a purchase order derived from the first invoice.
  let quote: DocumentView;
  let order: DocumentView;
  let invoice: DocumentView;
  let sibling: DocumentView;
  let credit: DocumentView;
  let buyerDraft: DocumentView;
  const buyerSide = (): Pair => ({
    issuer: p.counterparty,
    counterparty: p.issuer,
    connectionId: p.connectionId,
  });

  before(async () => {
    quote = await issue(svc, p.issuer.key, (await createDoc(svc, p, { document_type: 'quote' })).id);
    order = await issue(
      svc,
      p.counterparty.key,
      (
        await createDoc(
          svc,
          buyerSide(),
          { document_type: 'purchase_order', derived_from: quote.id },
          p.counterparty.key,
        )
      ).id,
    );
    invoice = await issue(svc, p.issuer.key, (await createDoc(svc, p, { derived_from: order.id })).id);
    sibling = await issue(svc, p.issuer.key, (await createDoc(svc, p, { derived_from: order.id })).id);
    credit = await createDoc(svc, p, { document_type: 'credit_note', derived_from: invoice.id });
    buyerDraft = await createDoc(
      svc,
      buyerSide(),
      { document_type: 'purchase_order', derived_from: invoice.id },
      p.counterparty.key,
    );
  });

  test("the issuer's view: ancestors and descendants, own documents full, the other party's sealed", async () => {
    const res = await lineage(invoice.id, p.issuer.key);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.document_id, invoice.id);
    assert.deepEqual(
      res.body.steps.map((s) => [s.document_id, s.sealed]),
      [
        [quote.id, false],
        [order.id, true],
        [invoice.id, false],
        [credit.id, false],
      ],
      "siblings are not lineage; order is created_at; the other party's draft is not there at all",
    );
    const [q, o, i, c] = res.body.steps as [Step, Step, Step, Step];
    const qHead = await head(quote.id, p.issuer.key);
    assert.deepEqual(q, {
      document_id: quote.id,
      document_type: 'quote',
      number: quote.number,
      label: 'Quote',
      status: 'sent',
      owner_organization_id: p.issuer.org.orgId,
      sealed: false,
      head_hash: qHead.hash,
      at: qHead.at,
    });
    const oHead = await head(order.id, p.counterparty.key);
    assert.deepEqual(o, {
      document_id: order.id,
      document_type: 'purchase_order',
      owner_organization_id: p.counterparty.org.orgId,
      sealed: true,
      head_hash: oHead.hash,
      at: oHead.at,
    });
    assert.equal(i.number, invoice.number);
    assert.equal(i.label, 'Invoice');
    assert.equal(i.status, 'submitted');
    assert.equal(c.status, 'draft', "the viewer's own drafts are full steps");
    assert.ok(!res.text.includes(buyerDraft.id), "nothing of the other party's draft, not even its id");
    errorOf(
      await svc.req('GET', `/v1/documents/${buyerDraft.id}`, { token: p.issuer.key }),
      404,
      'not_found',
    );
  });

  test("the counterparty's view of the same documents: the roles of sealed and full swap", async () => {
    const res = await lineage(invoice.id, p.counterparty.key);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.steps.map((s) => [s.document_id, s.sealed]),
      [
        [quote.id, true],
        [order.id, false],
        [invoice.id, true],
        [buyerDraft.id, false],
      ],
      "the issuer's draft credit note is not in the counterparty's lineage (CONTRACT 10)",
    );
    assert.ok(!res.text.includes(credit.id));
    const o = res.body.steps[1]!;
    assert.equal(o.number, order.number, "the owner's own number");
    assert.equal(o.label, 'Purchase Order');
    for (const s of res.body.steps.filter((x) => x.sealed)) {
      assert.equal(s.owner_organization_id, p.issuer.org.orgId);
      assert.equal(s.number, undefined);
      assert.equal(s.status, undefined);
    }
  });

  test('from the middle: every descendant, siblings included when they descend from the anchor', async () => {
    const res = await lineage(order.id, p.issuer.key);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.steps.map((s) => s.document_id),
      [quote.id, order.id, invoice.id, sibling.id, credit.id],
    );
    const alone = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const single = await lineage(alone.id, p.issuer.key);
    assert.deepEqual(
      single.body.steps.map((s) => s.document_id),
      [alone.id],
      'a document without lineage is its own only step',
    );
  });

  test('a step changes with its head: a move of the other party shows in the sealed head hash', async () => {
    const before = (await lineage(invoice.id, p.issuer.key)).body.steps[1]!;
    const moved = await svc.req('POST', `/v1/documents/${order.id}/transition`, {
      token: p.issuer.key,
      body: { to: 'acknowledged' },
    });
    assert.equal(moved.status, 200, moved.text);
    const after = (await lineage(invoice.id, p.issuer.key)).body.steps[1]!;
    assert.notEqual(after.head_hash, before.head_hash);
    assert.equal(after.head_hash, (await head(order.id, p.counterparty.key)).hash);
  });

  test('visibility and scope: not_found for what the caller cannot see, provenance:read required', async () => {
    errorOf(await lineage(buyerDraft.id, p.issuer.key), 404, 'not_found');
    errorOf(await lineage('doc_doesnotexist', p.issuer.key), 404, 'not_found');
    const stranger = await signup(svc, 'Stranger Co');
    const key = await mintKey(svc, stranger.session, ['provenance:read', 'documents:read']);
    errorOf(await lineage(invoice.id, key.key), 404, 'not_found');
    errorOf(await lineage(invoice.id, p.issuer.readKey), 403, 'insufficient_scope');
  });

  test('lineage stays on the connection, even when the database says otherwise', async () => {
    const third = await signup(svc, 'Third Co');
    const conn = await connect(svc, p.issuer.org, third);
    const body = {
      connection_id: conn,
      document_type: 'invoice',
      line_items: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0 }],
    };
    // The service refuses a derived_from on another connection ...
    errorOf(
      await svc.req('POST', '/v1/documents', {
        token: p.issuer.key,
        body: { ...body, derived_from: invoice.id },
      }),
      400,
      'invalid_request',
    );
    // ... and lineage does not follow one written behind its back.
    const other = await svc.req<DocumentView>('POST', '/v1/documents', { token: p.issuer.key, body });
    assert.equal(other.status, 201, other.text);
    await sql`update documents set derived_from = ${invoice.id} where id = ${other.body.id}`.execute(
      svc.ctx.db,
    );
    await sql`update documents set derived_from = ${other.body.id} where id = ${quote.id}`.execute(
      svc.ctx.db,
    );
    const res = await lineage(invoice.id, p.issuer.key);
    assert.deepEqual(
      res.body.steps.map((s) => s.document_id),
      [quote.id, order.id, invoice.id, credit.id],
    );
    // A cycle on the connection (impossible through the API: derived_from names an earlier
    // document) still ends: the walk stops at rows it has already produced.
    await sql`update documents set derived_from = ${credit.id} where id = ${quote.id}`.execute(svc.ctx.db);
    const cyclic = await lineage(invoice.id, p.issuer.key);
    assert.equal(cyclic.status, 200, cyclic.text);
    assert.deepEqual(
      cyclic.body.steps.map((s) => s.document_id).sort(),
      [quote.id, order.id, invoice.id, sibling.id, credit.id].sort(),
    );
    await sql`update documents set derived_from = null where id = ${quote.id}`.execute(svc.ctx.db);
  });

  test("the other party's drafts: absent from lineage and export until issued, and never walked through", async () => {
    // Buyer derives a second draft from the invoice, then issues an order derived from that draft.
    const hidden = await createDoc(
      svc,
      buyerSide(),
      { document_type: 'purchase_order', derived_from: invoice.id },
      p.counterparty.key,
    );
    const beyond = await issue(
      svc,
      p.counterparty.key,
      (
        await createDoc(
          svc,
          buyerSide(),
          { document_type: 'purchase_order', derived_from: hidden.id },
          p.counterparty.key,
        )
      ).id,
    );
    const seen = await lineage(invoice.id, p.issuer.key);
    for (const id of [buyerDraft.id, hidden.id, beyond.id]) {
      assert.ok(!seen.text.includes(id), `${id} is not in the issuer's lineage`);
    }
    const bundle = await svc.req('GET', `/v1/documents/${invoice.id}/export`, { token: p.issuer.key });
    assert.equal(bundle.status, 200, bundle.text);
    for (const id of [buyerDraft.id, hidden.id, beyond.id]) {
      assert.ok(!bundle.text.includes(id), `${id} is not in the issuer's proof bundle`);
    }
    // From the issued order itself, its own lineage reaches back only as far as the issuer may see.
    const fromBeyond = await lineage(beyond.id, p.issuer.key);
    assert.deepEqual(
      fromBeyond.body.steps.map((s) => [s.document_id, s.sealed]),
      [[beyond.id, true]],
    );
    // Once the buyer issues its draft, it is a sealed step like any other document of the buyer's.
    await issue(svc, p.counterparty.key, buyerDraft.id);
    const after = await lineage(invoice.id, p.issuer.key);
    assert.deepEqual(after.body.steps.at(-1)?.document_id, buyerDraft.id);
    assert.equal(after.body.steps.at(-1)?.sealed, true);
    assert.ok(!after.text.includes(hidden.id));
  });
});
