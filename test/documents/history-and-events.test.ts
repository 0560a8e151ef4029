// History (CONTRACT 6): a hash chain per document, written with every change, verified on every
// read, each party seeing its own and the shared entries. Outbox (CONTRACT 5): every change writes
// its events in the same transaction, per party, in that party's projection.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import { canonicalJson } from '../../src/lib/canonical.ts';
import { appendHistoryEntry, systemActor } from '../../src/modules/documents/history.ts';
import { lockDocument } from '../../src/modules/documents/load-document.ts';
import type { DocumentHistoryView, DocumentView } from '../../src/modules/documents/schemas.ts';
import { applyStatusChange } from '../../src/modules/documents/transition-document.ts';
import { createDoc, errorOf, issue, line, moved, type Pair, pair } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc);
});
after(async () => {
  await svc?.close();
});

const history = async (id: string, token: string) => {
  const res = await svc.req<DocumentHistoryView>('GET', `/v1/documents/${id}/history`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body;
};

/** The hash as the published verifier computes it: sha256(prev_hash ‖ JCS(entry without hash)). */
const rehash = (e: Record<string, unknown>) => {
  const { hash: _h, ...body } = e;
  return createHash('sha256')
    .update(`${e.prev_hash as string}${canonicalJson(body)}`)
    .digest('hex');
};

/** A document taken through create, edit, issue and one move, with the responses of each step. */
async function walked() {
  const created = await createDoc(svc, p);
  const edited = (
    await svc.req<DocumentView>('PATCH', `/v1/documents/${created.id}`, {
      token: p.issuer.key,
      body: { line_items: [line({ quantity: 3 })], notes: 'n' },
    })
  ).body;
  const issued = await issue(svc, p.issuer.key, created.id);
  const approved = await moved(svc, p.counterparty.key, created.id, 'approved');
  return { created, edited, issued, approved };
}

describe('history', () => {
  test('every change appends an entry; the issuer sees the whole chain, verified', async () => {
    const { created, issued } = await walked();
    const h = await history(created.id, p.issuer.key);
    assert.equal(h.document_id, created.id);
    assert.equal(h.verified, true);
    assert.equal(h.details, null);
    assert.deepEqual(
      h.entries.map((e) => [e.seq, e.action]),
      [
        [1, 'created'],
        [2, 'edited'],
        [3, 'issued'],
        [4, 'status_changed'],
      ],
    );
    const [c, e, i, s] = h.entries as unknown as Record<string, unknown>[];
    assert.equal(c!.prev_hash, '0'.repeat(64));
    for (const [k, entry] of h.entries.entries()) {
      assert.deepEqual(Object.keys(entry).sort(), [
        'action',
        'actor',
        'at',
        'changes',
        'hash',
        'prev_hash',
        'seq',
      ]);
      assert.equal(entry.hash, rehash(entry as unknown as Record<string, unknown>), `entry ${entry.seq}`);
      if (k > 0) assert.equal(entry.prev_hash, h.entries[k - 1]!.hash);
    }
    assert.equal(h.head_hash, s!.hash);
    // The entries say what happened, numbers included (assigned inside the writing statement).
    const cc = c!.changes as Record<string, unknown>;
    assert.equal(cc.number, created.number);
    assert.equal(cc.document_type, 'invoice');
    assert.equal(cc.total, 22);
    assert.deepEqual(e!.changes, {
      line_items: [{ ...created.line_items[0], quantity: 3, net_amount: 30, tax_amount: 3 }],
      subtotal: 30,
      tax: 3,
      total: 33,
      notes: 'n',
    });
    const cpView = await svc.req<DocumentView>('GET', `/v1/documents/${created.id}`, {
      token: p.counterparty.key,
    });
    assert.deepEqual(i!.changes, { from: 'draft', to: 'submitted', counterparty_number: cpView.body.number });
    assert.deepEqual(s!.changes, { from: 'submitted', to: 'approved' });
    assert.equal(i!.at, issued.issued_at);
  });

  test('actors: the key (id and prefix) for API writes, the organization for session writes', async () => {
    const { created } = await walked();
    const h = await history(created.id, p.issuer.key);
    assert.deepEqual(h.entries[0]!.actor, {
      kind: 'api_key',
      organization_id: p.issuer.org.orgId,
      key_id: p.issuer.keyId,
      key_prefix: p.issuer.keyPrefix,
    });
    assert.equal(h.entries[3]!.actor.organization_id, p.counterparty.org.orgId);
    assert.equal(h.entries[3]!.actor.kind, 'api_key');
    const bySession = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.org.session,
      body: { connection_id: p.connectionId, document_type: 'quote', line_items: [line()] },
    });
    assert.equal(bySession.status, 201, bySession.text);
    const hs = await history(bySession.body.id, p.issuer.org.session);
    assert.deepEqual(hs.entries[0]!.actor, {
      kind: 'session',
      organization_id: p.issuer.org.orgId,
      key_id: null,
      key_prefix: null,
    });
  });

  test("the counterparty sees the shared entries only, verified from the first one's prev_hash", async () => {
    const { created } = await walked();
    const mine = await history(created.id, p.issuer.key);
    const theirs = await history(created.id, p.counterparty.key);
    assert.equal(theirs.verified, true);
    assert.deepEqual(
      theirs.entries.map((e) => e.seq),
      [3, 4],
    );
    assert.deepEqual(theirs.entries, mine.entries.slice(2));
    assert.equal(theirs.head_hash, mine.head_hash);
    // A draft's history does not exist for the counterparty.
    const draft = await createDoc(svc, p);
    errorOf(
      await svc.req('GET', `/v1/documents/${draft.id}/history`, { token: p.counterparty.key }),
      404,
      'not_found',
    );
  });

  test('an edit that changes nothing adds no entry', async () => {
    const d = await createDoc(svc, p, { notes: 'same' });
    const res = await svc.req<DocumentView>('PATCH', `/v1/documents/${d.id}`, {
      token: p.issuer.key,
      body: { notes: 'same', line_items: [line()] },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.updated_at, d.updated_at);
    assert.equal((await history(d.id, p.issuer.key)).entries.length, 1);
  });

  test('provenance:read is required', async () => {
    const d = await createDoc(svc, p);
    const err = errorOf(
      await svc.req('GET', `/v1/documents/${d.id}/history`, { token: p.issuer.readKey }),
      403,
      'insufficient_scope',
    );
    assert.equal(err.details?.required, 'provenance:read');
  });

  test('a history row altered in the database: verified false with details.broken_at, nothing hidden', async () => {
    const { created } = await walked();
    await sql`update document_history set changes = jsonb_set(changes, '{notes}', '"forged"')
      where document_id = ${created.id} and seq = 2`.execute(svc.ctx.db);
    const h = await history(created.id, p.issuer.key);
    assert.equal(h.verified, false);
    assert.deepEqual(h.details, { broken_at: 2, reason: 'hash_mismatch' });
    assert.equal(h.entries.length, 4);
    assert.equal((h.entries[1]!.changes as { notes: string }).notes, 'forged');
    // The counterparty's suffix does not include seq 2: it still verifies; alter a shared one.
    assert.equal((await history(created.id, p.counterparty.key)).verified, true);
    await sql`update document_history set at = at + interval '1 second'
      where document_id = ${created.id} and seq = 4`.execute(svc.ctx.db);
    const t = await history(created.id, p.counterparty.key);
    assert.equal(t.verified, false);
    assert.deepEqual(t.details, { broken_at: 4, reason: 'hash_mismatch' });
  });

  test('the newest entries deleted: verified false (the document remembers its head)', async () => {
    const { created } = await walked();
    await sql`delete from document_history where document_id = ${created.id} and seq = 4`.execute(svc.ctx.db);
    const h = await history(created.id, p.issuer.key);
    assert.equal(h.verified, false);
    assert.deepEqual(h.details, { broken_at: 4, reason: 'head_mismatch' });
  });

  test('other modules append entries inside their own transaction', async () => {
    const d = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const entry = await inTransaction(svc.ctx.db, (trx) =>
      appendHistoryEntry(trx, {
        documentId: d.id,
        action: 'attachment.added',
        actor: systemActor(p.issuer.org.orgId),
        changes: { sha256: 'ab'.repeat(32) },
        at: svc.ctx.clock.now(),
      }),
    );
    assert.equal(entry.seq, 3);
    const theirs = await history(d.id, p.counterparty.key);
    assert.equal(theirs.verified, true);
    assert.deepEqual(theirs.entries.at(-1), entry);
    assert.equal((await history(d.id, p.issuer.key)).head_hash, entry.hash);
  });
});

interface EventRow {
  organization_id: string;
  type: string;
  envelope: {
    id: string;
    type: string;
    api_version: string;
    created_at: string;
    data: Record<string, unknown>;
    sandbox?: boolean;
  };
}

const eventsOf = async (documentId: string): Promise<EventRow[]> => {
  const rows = await svc.ctx.db
    .selectFrom('events')
    .select(['organization_id', 'type', 'envelope'])
    .where('document_id', '=', documentId)
    .orderBy('created_at')
    .orderBy('type')
    .execute();
  return rows.map((r) => ({ ...r, envelope: JSON.parse(r.envelope) }));
};

describe('outbox', () => {
  test('each change writes its events for every party that can see it, in that party’s projection', async () => {
    const created = await createDoc(svc, p);
    let ev = await eventsOf(created.id);
    assert.deepEqual(
      ev.map((e) => [e.organization_id, e.type]),
      [[p.issuer.org.orgId, 'document.created']],
    );
    assert.deepEqual(ev[0]!.envelope.data, { document: created });
    assert.match(ev[0]!.envelope.id, /^evt_/);
    assert.equal(ev[0]!.envelope.type, 'document.created');
    assert.match(ev[0]!.envelope.api_version, /^\d+\.\d+\.\d+$/);
    assert.equal(ev[0]!.envelope.sandbox, undefined);

    const edited = (
      await svc.req<DocumentView>('PATCH', `/v1/documents/${created.id}`, {
        token: p.issuer.key,
        body: { notes: 'x' },
      })
    ).body;
    ev = await eventsOf(created.id);
    assert.deepEqual(ev[1]!.type, 'document.edited');
    assert.deepEqual(ev[1]!.envelope.data, { document: edited });

    // Issue: the issuer hears of the status change, the counterparty of a new document.
    const issued = await issue(svc, p.issuer.key, created.id);
    const cpIssued = (
      await svc.req<DocumentView>('GET', `/v1/documents/${created.id}`, { token: p.counterparty.key })
    ).body;
    ev = (await eventsOf(created.id)).slice(2);
    const byOrg = Object.fromEntries(ev.map((e) => [e.organization_id, e]));
    assert.equal(byOrg[p.issuer.org.orgId]!.type, 'document.status_changed');
    assert.deepEqual(byOrg[p.issuer.org.orgId]!.envelope.data, {
      document: issued,
      previous_status: 'draft',
    });
    assert.equal(byOrg[p.counterparty.org.orgId]!.type, 'document.created');
    assert.deepEqual(byOrg[p.counterparty.org.orgId]!.envelope.data, { document: cpIssued });
    assert.match(cpIssued.number, /^BILL-\d{6}$/);

    // A move: both parties, each its own projection.
    const approved = await moved(svc, p.counterparty.key, created.id, 'approved');
    const issuerView = (
      await svc.req<DocumentView>('GET', `/v1/documents/${created.id}`, { token: p.issuer.key })
    ).body;
    ev = (await eventsOf(created.id)).slice(4);
    assert.equal(ev.length, 2);
    for (const e of ev) {
      assert.equal(e.type, 'document.status_changed');
      const expected = e.organization_id === p.issuer.org.orgId ? issuerView : approved;
      assert.deepEqual(e.envelope.data, { document: expected, previous_status: 'submitted' });
    }
  });

  test('a refused change writes nothing; a rolled-back change writes no events and no history', async () => {
    const d = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const before = await eventsOf(d.id);
    errorOf(
      await svc.req('POST', `/v1/documents/${d.id}/transition`, {
        token: p.issuer.key,
        body: { to: 'approved' },
      }),
      409,
      'conflict',
    );
    await assert.rejects(
      inTransaction(svc.ctx.db, async (trx) => {
        const locked = await lockDocument(trx, d.id);
        await applyStatusChange(
          trx,
          locked,
          systemActor(p.counterparty.org.orgId),
          { to: 'approved' },
          svc.ctx.clock.now(),
        );
        throw new Error('boom after the write');
      }),
      /boom/,
    );
    assert.deepEqual(await eventsOf(d.id), before);
    const h = await history(d.id, p.issuer.key);
    assert.equal(h.entries.length, 2);
    assert.equal(h.verified, true);
    const now = await svc.req<DocumentView>('GET', `/v1/documents/${d.id}`, { token: p.issuer.key });
    assert.equal(now.body.status, 'submitted');
  });

  test('a retried create (same Idempotency-Key) replays the response: one document, one number, one event', async () => {
    const body = { connection_id: p.connectionId, document_type: 'credit_note', line_items: [line()] };
    const first = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body,
      idem: 'retry-create-1',
    });
    const again = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body,
      idem: 'retry-create-1',
    });
    assert.equal(first.status, 201, first.text);
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replay'], 'true');
    assert.equal(again.text, first.text);
    assert.equal((await eventsOf(first.body.id)).length, 1);
    const next = await createDoc(svc, p, { document_type: 'credit_note' });
    const seq = (n: string) => Number(n.slice(3));
    assert.equal(seq(next.number), seq(first.body.number) + 1, 'the replay took no number');
  });
});
