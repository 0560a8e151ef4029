// Bounded history (issue 35 item 5), written as the attack: a draft PATCHed without end (2,100
// PATCHes of a maximum-size draft made its history and proof bundle unreadable for good). The
// 51st edit is refused; a document that already has more entries than the cap (made before it,
// inserted here as such a deployment holds it) still pages through GET …/history, verified page
// by page, and exports a streamed bundle the published verifier accepts, byte for byte the one
// built in memory. The tuning knobs are turned down so a small history takes every path.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type KyselyPlugin, sql } from 'kysely';
import { inTransaction } from '../../src/db/transaction.ts';
import { Pacer } from '../../src/lib/pacer.ts';
import {
  HistoryReader,
  historyAccess,
  historyTuning,
  MAX_DRAFT_EDITS,
} from '../../src/modules/documents/history.ts';
import type { DocumentHistoryView, DocumentView } from '../../src/modules/documents/schemas.ts';
import { exportTuning } from '../../src/modules/provenance/export-bundle.ts';
import { appendEntry, type HistoryEntry } from '../../src/modules/tlog/hash-chain.ts';
import { appendLogLeaves } from '../../src/modules/tlog/log.ts';
import { createDoc, errorOf, issue, type Pair, pair } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

const VERIFIER = join(process.cwd(), 'scripts', 'verify-bundle.mjs');

let svc: TestService;
let p: Pair;
let dir: string;
let publicKey: string;
const defaults = { history: { ...historyTuning }, export: { ...exportTuning } };
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Seller Co', 'Buyer Co']);
  dir = mkdtempSync(join(tmpdir(), 'docex-bounded-'));
  const keys = await svc.req<{ data: { public_key: string }[] }>('GET', '/v1/provenance/keys');
  publicKey = keys.body.data[0]!.public_key;
});
after(async () => {
  Object.assign(historyTuning, defaults.history);
  Object.assign(exportTuning, defaults.export);
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const edit = (id: string, notes: string) =>
  svc.req<DocumentView>('PATCH', `/v1/documents/${id}`, { token: p.issuer.key, body: { notes } });

type Page = DocumentHistoryView;

async function page(id: string, query = '', token = p.issuer.key) {
  return svc.req<Page>('GET', `/v1/documents/${id}/history${query}`, { token });
}

/** Every page of a walk, following next_cursor, each asserted 200. */
async function walk(id: string, limit?: number, token = p.issuer.key): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams();
    if (limit) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const q = params.size ? `?${params}` : '';
    const res = await page(id, q, token);
    assert.equal(res.status, 200, res.text);
    pages.push(res.body);
    cursor = res.body.next_cursor;
    assert.equal(res.body.has_more, cursor !== null);
    assert.ok(pages.length < 500, 'the walk ends');
  } while (cursor);
  return pages;
}

async function exportOf(id: string) {
  const res = await svc.app.inject({
    method: 'GET',
    url: `/v1/documents/${id}/export`,
    headers: { authorization: `Bearer ${p.issuer.key}` },
  });
  return res;
}

let fileCounter = 0;
function verify(bytes: Buffer) {
  const file = join(dir, `bundle-${++fileCounter}.json`);
  writeFileSync(file, bytes);
  const run = spawnSync(process.execPath, [VERIFIER, file, '--public-key', publicKey], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

/**
 * A draft with `extra` edits more than the cap, appended the way the service wrote them before
 * the cap existed: each entry chained, logged, and the document's head moved along.
 */
async function preCapDraft(extra: number): Promise<{ id: string; entries: number }> {
  const doc = await createDoc(svc, p);
  const total = MAX_DRAFT_EDITS + extra;
  await inTransaction(svc.ctx.db, async (trx) => {
    const row = await trx
      .selectFrom('documents')
      .select(['history_seq', 'history_head'])
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    const actor = {
      kind: 'api_key' as const,
      organization_id: p.issuer.org.orgId,
      key_id: p.issuer.keyId,
      key_prefix: p.issuer.keyPrefix,
    };
    let prev = row.history_head;
    const hashes: string[] = [];
    for (let i = 1; i <= total; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i));
      const entry = appendEntry(prev, {
        seq: row.history_seq + i,
        at: at.toISOString(),
        action: 'edited',
        actor,
        // ~1.2 kB an entry, with text the canonical form must escape and a non-ASCII character
        changes: { notes: `edit ${i} "quoted" é ${'x'.repeat(1200)}` },
      });
      await trx
        .insertInto('document_history')
        .values({
          document_id: doc.id,
          seq: entry.seq,
          visibility: 'issuer',
          at,
          action: entry.action,
          actor: JSON.stringify(entry.actor),
          actor_user_id: null,
          changes: JSON.stringify(entry.changes),
          prev_hash: entry.prev_hash,
          hash: entry.hash,
        })
        .execute();
      hashes.push(entry.hash);
      prev = entry.hash;
    }
    await appendLogLeaves(trx, hashes, new Date());
    await trx
      .updateTable('documents')
      .set({ history_seq: row.history_seq + total, history_head: prev })
      .where('id', '=', doc.id)
      .execute();
  });
  return { id: doc.id, entries: total + 1 };
}

describe('a draft edited without end', () => {
  test(`the ${MAX_DRAFT_EDITS + 1}st edit is refused with a teaching 409; a no-op edit and issuing still work`, async () => {
    const doc = await createDoc(svc, p);
    for (let i = 1; i <= MAX_DRAFT_EDITS; i++) {
      const res = await edit(doc.id, `note ${i}`);
      assert.equal(res.status, 200, `edit ${i}: ${res.text}`);
    }
    const refused = errorOf(await edit(doc.id, 'one more'), 409, 'conflict');
    assert.deepEqual(refused.details, {
      reason: 'edit_limit_reached',
      limit: MAX_DRAFT_EDITS,
      edits: MAX_DRAFT_EDITS,
    });
    assert.match(refused.message, /Issue it/);
    assert.match(refused.message, /POST \/v1\/documents/);
    // Nothing was written by the refusal.
    const h = await page(doc.id);
    assert.equal(h.body.entries.length, MAX_DRAFT_EDITS + 1);
    assert.equal(
      h.body.entries.at(-1)!.changes && (h.body.entries.at(-1)!.changes as { notes: string }).notes,
      `note ${MAX_DRAFT_EDITS}`,
    );
    // A PATCH that changes nothing writes no entry, so it is not refused.
    assert.equal((await edit(doc.id, `note ${MAX_DRAFT_EDITS}`)).status, 200);
    // The way out the message names.
    const issued = await issue(svc, p.issuer.key, doc.id);
    assert.equal(issued.status, 'submitted');
    // Every document within the caps is one default page, exactly as before pagination.
    const all = await page(doc.id);
    assert.equal(all.status, 200);
    assert.equal(all.body.has_more, false);
    assert.equal(all.body.next_cursor, null);
    assert.equal(all.body.verified, true);
    assert.equal(all.body.entries.length, MAX_DRAFT_EDITS + 2);
  });
});

describe('a history longer than the cap, made before it', () => {
  let doc: { id: string; entries: number };
  let full: HistoryEntry[];
  before(async () => {
    doc = await preCapDraft(30);
    const one = await page(doc.id);
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.has_more, false);
    full = one.body.entries;
    assert.equal(full.length, doc.entries);
    assert.equal(one.body.verified, true);
  });

  test('it takes no further edit', async () => {
    const refused = errorOf(await edit(doc.id, 'more'), 409, 'conflict');
    assert.equal(refused.details?.reason, 'edit_limit_reached');
    assert.equal(refused.details?.edits, MAX_DRAFT_EDITS + 30);
  });

  test('it pages by limit and by size, every page verified, the pages together the whole chain', async () => {
    Object.assign(historyTuning, { firstBatch: 2, maxBatch: 8, batchBytes: 5_000 });
    try {
      const byLimit = await walk(doc.id, 7);
      assert.equal(byLimit.length, Math.ceil(doc.entries / 7));
      assert.deepEqual(
        byLimit.flatMap((pg) => pg.entries),
        full,
      );
      for (const pg of byLimit) {
        assert.equal(pg.verified, true);
        assert.equal(pg.details, null);
        assert.equal(pg.head_hash, pg.entries.at(-1)!.hash);
      }

      // A page also ends after pageBytes of entries, whatever the limit: 20 kB is ~16 entries.
      historyTuning.pageBytes = 20_000;
      const bySize = await walk(doc.id);
      assert.ok(bySize.length >= 4, `${bySize.length} pages`);
      assert.deepEqual(
        bySize.flatMap((pg) => pg.entries),
        full,
      );
      assert.ok(bySize.every((pg) => pg.verified));
    } finally {
      Object.assign(historyTuning, defaults.history);
    }
  });

  test('the rows are read in batches, never the whole history at once', async () => {
    // Every result the database returns to the reader, as row counts (a plugin on the real db).
    const results: number[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        results.push(args.result.rows.length);
        return args.result;
      },
    };
    const db = svc.ctx.db.withPlugin(counting);
    Object.assign(historyTuning, { firstBatch: 2, maxBatch: 6, batchBytes: 1_000_000 });
    try {
      const access = await historyAccess(db, p.issuer.org.orgId, doc.id);
      results.length = 0;
      const reader = new HistoryReader(db, access);
      const seen: HistoryEntry[] = [];
      for (let e = await reader.next(); e; e = await reader.next()) {
        seen.push(e);
        // Entries of ~10 kB each as far as the reader knows: 25 kB batches hold 2 of them.
        if (seen.length === 20) Object.assign(historyTuning, { batchBytes: 25_000 });
        reader.observe(10_000);
      }
      assert.deepEqual(seen, full);
      assert.ok(Math.max(...results) <= 6, `batches of ${results.join(',')}`);
      assert.deepEqual(results.slice(0, 3), [2, 4, 6]);
      assert.ok(
        results.slice(6).every((n) => n <= 2),
        `batches of ${results.join(',')}`,
      );
    } finally {
      Object.assign(historyTuning, defaults.history);
    }
  });

  test('a long loop gives the event loop back after each budget of work', async () => {
    const pacer = new Pacer(1000);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    await pacer.spent(999);
    assert.equal(turned, false, 'under the budget: no turn of the event loop');
    await pacer.spent(1);
    assert.equal(turned, true, 'the budget spent: the loop ran what was waiting');
  });

  test('a cursor is bound to its document and organization, and cannot be edited', async () => {
    const first = await page(doc.id, '?limit=5');
    const cursor = first.body.next_cursor!;
    const other = await createDoc(svc, p);
    errorOf(await page(other.id, `?cursor=${encodeURIComponent(cursor)}`), 400, 'invalid_request');
    const [payload, mac] = cursor.split('.');
    const edited = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), s: 1 }),
    ).toString('base64url');
    errorOf(await page(doc.id, `?cursor=${edited}.${mac}`), 400, 'invalid_request');
    errorOf(await page(doc.id, '?limit=1001'), 400, 'invalid_request');
    errorOf(await page(doc.id, '?limit=0'), 400, 'invalid_request');
  });

  test('a break on an earlier page keeps the later pages unverified, naming the first break', async () => {
    const victim = await preCapDraft(2);
    await sql`update document_history set changes = '{"notes":"rewritten"}'::jsonb
      where document_id = ${victim.id} and seq = 3`.execute(svc.ctx.db);
    const pages = await walk(victim.id, 10);
    assert.ok(pages.length >= 3);
    for (const pg of pages) {
      assert.equal(pg.verified, false);
      assert.deepEqual(pg.details, { broken_at: 3, reason: 'hash_mismatch' });
    }
    const refused = errorOf(await exportOf(victim.id).then(asRes), 409, 'conflict');
    assert.equal(refused.details?.reason, 'history_not_verified');
    assert.equal(refused.details?.broken_at, 3);
  });

  test('its bundle streams, verifies, and is byte for byte the bundle built in memory', async () => {
    const inMemory = await exportOf(doc.id);
    assert.equal(inMemory.statusCode, 200, inMemory.body);
    Object.assign(exportTuning, { inMemoryBytes: 10_000, chunkBytes: 4_096 });
    Object.assign(historyTuning, { firstBatch: 3, maxBatch: 5, batchBytes: 5_000 });
    let streamed: Awaited<ReturnType<typeof exportOf>>;
    try {
      streamed = await exportOf(doc.id);
    } finally {
      Object.assign(exportTuning, defaults.export);
      Object.assign(historyTuning, defaults.history);
    }
    assert.equal(streamed.statusCode, 200, streamed.body);
    const bytes = streamed.rawPayload;
    assert.equal(streamed.headers['content-type'], 'application/json');
    assert.equal(streamed.headers['content-length'], String(bytes.length));
    assert.equal(streamed.headers['svc-bundle-digest'], createHash('sha256').update(bytes).digest('hex'));
    assert.deepEqual(verify(bytes), { code: 0, out: 'valid', err: '' });
    assert.ok(bytes.equals(inMemory.rawPayload), 'the streamed bundle is the in-memory one');
    assert.equal(streamed.headers['svc-bundle-digest'], inMemory.headers['svc-bundle-digest']);
    const bundle = JSON.parse(bytes.toString('utf8')) as { history: HistoryEntry[] };
    assert.deepEqual(bundle.history, full);
  });
});

function asRes(r: Awaited<ReturnType<typeof exportOf>>) {
  return { status: r.statusCode, headers: r.headers, text: r.body, body: JSON.parse(r.body) as unknown };
}
