// Every history entry enters the transparency log in the transaction that writes it (CONTRACT 6),
// whichever path writes it: the one-statement document writes, appendHistoryEntry (attachments,
// payments), the demo counterparty. A rolled-back write leaves no leaf.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import { appendHistoryEntry, systemActor } from '../../src/modules/documents/history.ts';
import { sequenceAndCheckpoint } from '../../src/modules/tlog/log.ts';
import { createDoc, issue, type Pair, pair } from '../helpers/document-setup.ts';
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

/** Every entry hash in the log, sequenced or pending, hex, with how often it occurs. */
async function logged(): Promise<Map<string, number>> {
  const rows = await sql<{ h: string }>`
    select encode(entry_hash, 'hex') as h from tlog_leaves
    union all select encode(entry_hash, 'hex') from tlog_pending`.execute(svc.ctx.db);
  const out = new Map<string, number>();
  for (const r of rows.rows) out.set(r.h, (out.get(r.h) ?? 0) + 1);
  return out;
}

async function historyHashes(): Promise<string[]> {
  const rows = await svc.ctx.db.selectFrom('document_history').select('hash').execute();
  return rows.map((r) => r.hash);
}

test('every history entry of every write path is in the log exactly once, and nothing else is', async () => {
  const d = await createDoc(svc, p);
  const edited = await svc.req('PATCH', `/v1/documents/${d.id}`, {
    token: p.issuer.key,
    body: { notes: 'n' },
  });
  assert.equal(edited.status, 200, edited.text);
  const up = await svc.req('POST', `/v1/documents/${d.id}/attachments`, {
    token: p.issuer.key,
    body: { filename: 'a.txt', content_type: 'text/plain', content_base64: 'YQ==' },
  });
  assert.equal(up.status, 201, up.text);
  await issue(svc, p.issuer.key, d.id);
  const moved = await svc.req('POST', `/v1/documents/${d.id}/transition`, {
    token: p.counterparty.key,
    body: { to: 'disputed' },
  });
  assert.equal(moved.status, 200, moved.text);
  // Half of the leaves sequenced, half pending: both count.
  await sequenceAndCheckpoint(svc.ctx, { force: true });
  await createDoc(svc, p);

  const hashes = await historyHashes();
  assert.ok(hashes.length >= 6);
  const log = await logged();
  assert.deepEqual([...log.keys()].sort(), [...hashes].sort(), 'the log holds exactly the history entries');
  assert.ok(
    [...log.values()].every((n) => n === 1),
    'each once',
  );
});

test('an entry whose transaction rolls back never enters the log', async () => {
  const d = await createDoc(svc, p);
  const before = await logged();
  await assert.rejects(
    inTransaction(svc.ctx.db, async (trx) => {
      await appendHistoryEntry(trx, {
        documentId: d.id,
        action: 'test.rolled_back',
        actor: systemActor(p.issuer.org.orgId),
        changes: {},
        at: svc.ctx.clock.now(),
      });
      throw new Error('roll back');
    }),
    /roll back/,
  );
  assert.deepEqual(await logged(), before);
});
