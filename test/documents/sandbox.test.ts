// The sandbox (CONTRACT 1, 8): the demo counterparty answers on its own through the same domain
// moves (its own history entries, actor kind system), bills on request, and the quota of 1,000
// documents per sandbox organization per rolling 24 hours of the service clock.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { runDemoCounterparty } from '../../src/modules/documents/demo-counterparty.ts';
import type { DocumentHistoryView, DocumentView } from '../../src/modules/documents/schemas.ts';
import { createDoc, errorOf, issue, moved, type Pair, type Party, party } from '../helpers/document-setup.ts';
import { advanceClock, mintKey } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let live: Party;
let sb: Pair;
let demoId: string;

before(async () => {
  svc = await startTestService();
  live = await party(svc, 'Practice Co');
  const res = await svc.req<{
    organization: { id: string };
    counterparty: { id: string };
    connection: { id: string };
    session: { token: string };
  }>('POST', '/v1/sandbox', { token: live.org.session });
  assert.equal(res.status, 201, res.text);
  demoId = res.body.counterparty.id;
  const key = await mintKey(svc, res.body.session.token, [
    'documents:read',
    'documents:write',
    'provenance:read',
  ]);
  assert.match(key.key, /^rk_test_/);
  const sandbox: Party = {
    org: { ...live.org, orgId: res.body.organization.id, session: res.body.session.token },
    name: 'Practice Co (sandbox)',
    key: key.key,
    keyId: key.id,
    keyPrefix: key.prefix,
    payKey: key.key,
    readKey: key.key,
  };
  // The demo counterparty has no keys: it only acts through the worker.
  const demo = { ...sandbox, org: { ...sandbox.org, orgId: demoId } };
  sb = { issuer: sandbox, counterparty: demo, connectionId: res.body.connection.id };
});
after(async () => {
  await svc?.close();
});

const get = async (id: string) =>
  (await svc.req<DocumentView>('GET', `/v1/documents/${id}`, { token: sb.issuer.key })).body;

describe('demo counterparty', () => {
  test('approves invoices and credit notes, acknowledges purchase orders and quotes, as itself', async () => {
    const expected = {
      invoice: 'approved',
      credit_note: 'approved',
      purchase_order: 'acknowledged',
      quote: 'acknowledged',
    };
    const issued: Record<string, DocumentView> = {};
    for (const type of Object.keys(expected)) {
      issued[type] = await issue(svc, sb.issuer.key, (await createDoc(svc, sb, { document_type: type })).id);
      assert.equal(issued[type]!.sandbox, true);
    }
    assert.equal(await runDemoCounterparty(svc.ctx), 4);
    assert.equal(await runDemoCounterparty(svc.ctx), 0, 'each document is answered once');
    for (const [type, status] of Object.entries(expected)) {
      const d = await get(issued[type]!.id);
      assert.equal(d.status, status, type);
      const h = await svc.req<DocumentHistoryView>('GET', `/v1/documents/${d.id}/history`, {
        token: sb.issuer.key,
      });
      assert.equal(h.body.verified, true);
      const last = h.body.entries.at(-1)!;
      assert.equal(last.action, 'status_changed');
      assert.deepEqual(last.actor, {
        kind: 'system',
        organization_id: demoId,
        key_id: null,
        key_prefix: null,
      });
    }
    // Its moves reach the sandbox organization as events, marked sandbox.
    const ev = await svc.ctx.db
      .selectFrom('events')
      .select(['organization_id', 'type', 'envelope'])
      .where('document_id', '=', issued.invoice!.id)
      .where('type', '=', 'document.status_changed')
      .execute();
    const mine = ev
      .filter((e) => e.organization_id === sb.issuer.org.orgId)
      .map((e) => JSON.parse(e.envelope));
    assert.deepEqual(
      mine.map((e) => [e.data.previous_status, e.data.document.status, e.sandbox]),
      [
        ['draft', 'submitted', true],
        ['submitted', 'approved', true],
      ],
    );
  });

  test('leaves alone what the issuer voided first, and drafts', async () => {
    const d = await issue(svc, sb.issuer.key, (await createDoc(svc, sb)).id);
    await moved(svc, sb.issuer.key, d.id, 'void');
    const draft = await createDoc(svc, sb);
    await runDemoCounterparty(svc.ctx);
    assert.equal((await get(d.id)).status, 'void');
    assert.equal((await get(draft.id)).status, 'draft');
    const queued = await svc.ctx.db.selectFrom('demo_counterparty_queue').selectAll().execute();
    assert.deepEqual(queued, []);
  });

  test('acts within seconds when the worker runs', async () => {
    const worker = svc.startWorker();
    try {
      const d = await issue(svc, sb.issuer.key, (await createDoc(svc, sb)).id);
      const deadline = Date.now() + 5000;
      let status = d.status;
      while (status !== 'approved' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await get(d.id)).status;
      }
      assert.equal(status, 'approved');
    } finally {
      await worker.stop();
    }
  });

  test('issues a bill on request: approved, ready to pay, seen as a Bill', async () => {
    const res = await svc.req<DocumentView>('POST', '/v1/sandbox/bills', {
      token: sb.issuer.key,
      body: { total: 250.5, currency: 'EUR' },
    });
    assert.equal(res.status, 201, res.text);
    const bill = res.body;
    assert.equal(bill.label, 'Bill');
    assert.equal(bill.direction, 'received');
    assert.match(bill.number, /^BILL-\d{6}$/);
    assert.equal(bill.status, 'approved');
    assert.deepEqual([bill.total, bill.balance_due, bill.currency], [250.5, 250.5, 'EUR']);
    assert.equal(bill.issuer_organization_id, demoId);
    assert.equal(bill.counterparty.id, demoId);
    assert.deepEqual(await get(bill.id), bill);
    const h = await svc.req<DocumentHistoryView>('GET', `/v1/documents/${bill.id}/history`, {
      token: sb.issuer.key,
    });
    assert.equal(h.body.verified, true);
    assert.equal(h.body.entries[0]!.actor.kind, 'system');
    // The session works too; defaults are 100.00 USD.
    const bySession = await svc.req<DocumentView>('POST', '/v1/sandbox/bills', {
      token: sb.issuer.org.session,
    });
    assert.equal(bySession.status, 201, bySession.text);
    assert.deepEqual([bySession.body.total, bySession.body.currency], [100, 'USD']);
    errorOf(
      await svc.req('POST', '/v1/sandbox/bills', { token: sb.issuer.key, body: { total: 1.005 } }),
      400,
      'invalid_request',
    );
    errorOf(
      await svc.req('POST', '/v1/sandbox/bills', { token: sb.issuer.key, body: { total: 0 } }),
      400,
      'invalid_request',
    );
    errorOf(
      await svc.req('POST', '/v1/sandbox/bills', { token: live.key, body: {} }),
      403,
      'sandbox_isolation',
    );
  });
});

describe('sandbox quota', () => {
  /** Rows created straight into the table, `hoursAgo` on the service clock. */
  const backfill = async (
    connectionId: string,
    orgId: string,
    counterpartyId: string,
    n: number,
    hoursAgo: number,
    tag: string,
  ) => {
    const at = new Date(svc.ctx.clock.now().getTime() - hoursAgo * 3600_000);
    await sql`insert into documents (id, connection_id, issuer_organization_id, counterparty_organization_id,
        document_type, status, issuer_number, currency, line_items, subtotal, tax, total, balance_due,
        document_date, external_refs, origin, sandbox, history_seq, history_head, created_at, updated_at)
      select 'doc_' || ${tag} || g, ${connectionId}, ${orgId}, ${counterpartyId}, 'invoice', 'draft',
        'INV-' || ${tag} || g, 'USD', '[]', 1, 0, 1, 1, date '2024-01-01', '{}', 'api', true, 1, '', ${at}, ${at}
      from generate_series(1, ${n}) g`.execute(svc.ctx.db);
  };

  test('1,000 documents per rolling 24 hours, then 429 sandbox_quota with Retry-After until a slot frees', async () => {
    const existing = Number(
      (
        await svc.ctx.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('issuer_organization_id', '=', sb.issuer.org.orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Fill the window: the oldest 999 - existing rows were made 23 hours ago.
    await backfill(sb.connectionId, sb.issuer.org.orgId, demoId, 999 - existing, 23, 'q');
    await createDoc(svc, sb); // the 1,000th
    const res = await svc.req('POST', '/v1/documents', {
      token: sb.issuer.key,
      body: {
        connection_id: sb.connectionId,
        document_type: 'invoice',
        line_items: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0 }],
      },
    });
    const err = errorOf(res, 429, 'sandbox_quota');
    const retryAfter = Number(res.headers['retry-after']);
    assert.ok(retryAfter > 3590 && retryAfter <= 3600, String(retryAfter));
    assert.equal(err.details?.retry_after, retryAfter);
    assert.match(err.message, /1000 documents in the last 24 hours/);
    // The refused create used no number and wrote nothing.
    assert.equal(
      Number(
        (
          await svc.ctx.db
            .selectFrom('documents')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('issuer_organization_id', '=', sb.issuer.org.orgId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
      1000,
    );
    // An hour later the backfilled rows leave the window.
    await advanceClock(svc, retryAfter);
    await createDoc(svc, sb);
  });

  test('live organizations have no such quota', async () => {
    const other = await party(svc, 'Live Other');
    const conn = await svc.req<{ id: string }>('POST', '/v1/connections', {
      token: live.org.session,
      body: { counterparty_organization_id: other.org.orgId },
    });
    await svc.req('POST', `/v1/connections/${conn.body.id}/accept`, { token: other.org.session });
    const p: Pair = { issuer: live, counterparty: other, connectionId: conn.body.id };
    await backfill(p.connectionId, live.org.orgId, other.org.orgId, 1000, 1, 'live');
    await createDoc(svc, p);
  });
});
