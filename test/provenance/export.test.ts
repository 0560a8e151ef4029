// The proof bundle export (CONTRACT 6) end to end: verified by the published verifier as a
// separate process, byte-identical for the same state whatever the time of export, the digest
// header, both parties' bundles, and tampering with the bundle or the database caught.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { canonicalize } from '../../scripts/verify-bundle.mjs';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { appendEntry, entryBody, type HistoryEntry } from '../../src/modules/tlog/hash-chain.ts';
import { createDoc, errorOf, issue, type Pair, pair } from '../helpers/document-setup.ts';
import { advanceClock } from '../helpers/flows.ts';
import { type Res, startTestService, type TestService } from '../helpers/harness.ts';

const VERIFIER = join(process.cwd(), 'scripts', 'verify-bundle.mjs');

let svc: TestService;
let p: Pair;
let dir: string;
let publicKey: string;
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Seller Co', 'Buyer Co']);
  dir = mkdtempSync(join(tmpdir(), 'docex-export-'));
  const keys = await svc.req<{ data: { public_key: string }[] }>('GET', '/v1/provenance/keys');
  publicKey = keys.body.data[0]!.public_key;
});
after(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Bundle {
  format: string;
  document: DocumentView & { attachments: { id: string; sha256: string }[] };
  history: HistoryEntry[];
  lineage: { document_id: string; steps: { document_id: string; sealed: boolean; head_hash: string }[] };
  head_hash: string;
  checkpoint: { origin: string; tree_size: number; root_hash: string; note: string };
  inclusion_proof: { leaf_index: number; tree_size: number; hashes: string[] };
  signature: { alg: string; key_id: string; public_key: string; value: string };
}

async function exportOf(
  id: string,
  token: string,
  query = '',
): Promise<{ res: Res<unknown>; bytes: Buffer }> {
  const res = await svc.app.inject({
    method: 'GET',
    url: `/v1/documents/${id}/export${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  let body: unknown = null;
  try {
    body = JSON.parse(res.body);
  } catch {}
  return {
    res: { status: res.statusCode, headers: res.headers, text: res.body, body },
    bytes: res.rawPayload,
  };
}

async function exported(id: string, token: string, query = ''): Promise<{ bytes: Buffer; bundle: Bundle }> {
  const { res, bytes } = await exportOf(id, token, query);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.headers['content-type'], 'application/json');
  assert.equal(res.headers['svc-bundle-digest'], createHash('sha256').update(bytes).digest('hex'));
  return { bytes, bundle: JSON.parse(bytes.toString('utf8')) as Bundle };
}

let fileCounter = 0;
/** The published verifier as a separate process, exactly as an auditor runs it. */
function verify(bytes: Buffer, args: string[] = ['--public-key', publicKey]) {
  const file = join(dir, `bundle-${++fileCounter}.json`);
  writeFileSync(file, bytes);
  const run = spawnSync(process.execPath, [VERIFIER, file, ...args], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

function assertValid(bytes: Buffer): void {
  const v = verify(bytes);
  assert.deepEqual(v, { code: 0, out: 'valid', err: '' });
}

async function get<T>(url: string, token: string): Promise<T> {
  const res = await svc.req<T>('GET', url, { token });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

describe('proof bundle export', () => {
  let order: DocumentView;
  let invoice: DocumentView;
  let attachment: { id: string; sha256: string };
  let issuerExport: { bytes: Buffer; bundle: Bundle };

  before(async () => {
    // The buyer orders; the seller invoices the order with an attachment, and issues it.
    const buyerSide: Pair = { issuer: p.counterparty, counterparty: p.issuer, connectionId: p.connectionId };
    order = await issue(
      svc,
      p.counterparty.key,
      (await createDoc(svc, buyerSide, { document_type: 'purchase_order' }, p.counterparty.key)).id,
    );
    const draft = await createDoc(svc, p, { derived_from: order.id });
    const up = await svc.req<{ id: string; sha256: string }>(
      'POST',
      `/v1/documents/${draft.id}/attachments`,
      {
        token: p.issuer.key,
        body: {
          filename: 'terms.txt',
          content_type: 'text/plain',
          content_base64: Buffer.from('terms').toString('base64'),
        },
      },
    );
    assert.equal(up.status, 201, up.text);
    attachment = up.body;
    invoice = await issue(svc, p.issuer.key, draft.id);
  });

  test("the issuer's bundle passes the published verifier pinned to the service key", async () => {
    // No worker runs in this file: the export cuts the checkpoint covering its head itself.
    issuerExport = await exported(invoice.id, p.issuer.key);
    assertValid(issuerExport.bytes);
    const { bundle } = issuerExport;
    assert.equal(bundle.format, 'docex-proof/1');
    assert.equal(canonicalize(bundle), issuerExport.bytes.toString('utf8'), 'RFC 8785 bytes');

    // Its parts are what the API says, for this caller.
    const doc = await get<DocumentView>(`/v1/documents/${invoice.id}`, p.issuer.key);
    const atts = await get<{ data: unknown[] }>(`/v1/documents/${invoice.id}/attachments`, p.issuer.key);
    // A docex-proof/1 document is the API's projection as 1.15.0 made it (bundle-projection.ts):
    // the fields the API gained since (1.16.0's payment_reference, received and payment_hold, 1.18.0's
    // allowances_charges) are not in it.
    const {
      payment_reference: _reference,
      received: _received,
      payment_hold: _hold,
      allowances_charges: _allowances,
      ...asIn115
    } = doc as DocumentView & {
      payment_reference?: unknown;
      received?: unknown;
      payment_hold?: unknown;
      allowances_charges?: unknown;
    };
    assert.deepEqual(bundle.document, { ...asIn115, attachments: atts.data });
    const history = await get<{ head_hash: string; entries: HistoryEntry[] }>(
      `/v1/documents/${invoice.id}/history`,
      p.issuer.key,
    );
    assert.deepEqual(bundle.history, history.entries);
    assert.equal(bundle.head_hash, history.head_hash);
    assert.deepEqual(
      bundle.history.map((e) => e.action),
      ['created', 'attachment.added', 'issued'],
    );
    assert.equal(
      (bundle.history[1]!.changes as { sha256: string }).sha256,
      attachment.sha256,
      "the attachment's sha256 is in the signed history",
    );
    assert.deepEqual(bundle.lineage, await get(`/v1/documents/${invoice.id}/lineage`, p.issuer.key));
    assert.deepEqual(
      bundle.lineage.steps.map((s) => [s.document_id, s.sealed]),
      [
        [order.id, true],
        [invoice.id, false],
      ],
    );
    // The key and the checkpoint are the deployment's.
    assert.equal(bundle.signature.public_key, publicKey);
    const cp = await get<{ tree_size: number }>('/v1/provenance/checkpoint', p.issuer.key);
    assert.ok(bundle.checkpoint.tree_size <= cp.tree_size);
    assert.ok(bundle.inclusion_proof.leaf_index < bundle.checkpoint.tree_size);
  });

  test("the counterparty's bundle: its projection, the shared entries only, its own lineage", async () => {
    const { bytes, bundle } = await exported(invoice.id, p.counterparty.key);
    assertValid(bytes);
    assert.equal(bundle.document.direction, 'received');
    assert.match(bundle.document.number, /^BILL-/);
    assert.deepEqual(
      bundle.document.attachments.map((a) => [a.id, a.sha256]),
      [[attachment.id, attachment.sha256]],
      'attachment hashes reach the counterparty through the signed document',
    );
    assert.deepEqual(
      bundle.history.map((e) => e.action),
      ['issued'],
      "the issuer's draft entries stay private",
    );
    assert.equal(bundle.head_hash, issuerExport.bundle.head_hash, 'one record, one head');
    assert.deepEqual(
      bundle.lineage.steps.map((s) => [s.document_id, s.sealed]),
      [
        [order.id, false],
        [invoice.id, true],
      ],
    );
  });

  test('the same state exports the same bytes, whenever: later checkpoints and the clock change nothing', async () => {
    // Other documents move the log on (new checkpoints cut by their exports) and time passes.
    for (let i = 0; i < 3; i++) {
      const other = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
      await exported(other.id, p.issuer.key);
    }
    await advanceClock(svc, 3600);
    const again = await exported(invoice.id, p.issuer.key);
    assert.ok(again.bytes.equals(issuerExport.bytes), 'byte-identical');
    const cp = await get<{ tree_size: number }>('/v1/provenance/checkpoint', p.issuer.key);
    assert.ok(cp.tree_size > issuerExport.bundle.checkpoint.tree_size, 'the log did grow meanwhile');
  });

  test('?format=docex-proof/1 pins the format: the same bytes; a format docex never produced is refused', async () => {
    const pinned = await exported(invoice.id, p.issuer.key, '?format=docex-proof%2F1');
    assert.ok(pinned.bytes.equals(issuerExport.bytes), 'the default is docex-proof/1, byte for byte');
    for (const q of ['format=docex-proof%2F2', 'format=', 'fmt=docex-proof%2F1']) {
      const { res } = await exportOf(invoice.id, p.issuer.key, `?${q}`);
      const err = errorOf(res, 400, 'invalid_request');
      assert.match(JSON.stringify(err.details), /format|fmt/, q);
    }
  });

  test('a new state gives a new bundle, which verifies too', async () => {
    const moved = await svc.req('POST', `/v1/documents/${invoice.id}/transition`, {
      token: p.counterparty.key,
      body: { to: 'approved' },
    });
    assert.equal(moved.status, 200, moved.text);
    const next = await exported(invoice.id, p.issuer.key);
    assertValid(next.bytes);
    assert.notEqual(next.bundle.head_hash, issuerExport.bundle.head_hash);
    assert.equal(next.bundle.history.length, issuerExport.bundle.history.length + 1);
    assert.deepEqual(next.bundle.history.slice(0, -1), issuerExport.bundle.history);
  });

  test('any altered byte of a bundle fails the verifier, naming the check', async () => {
    const { bytes } = issuerExport;
    const text = bytes.toString('utf8');
    const at = (needle: string) => {
      const i = text.indexOf(needle);
      assert.ok(i >= 0, needle);
      return i + needle.length;
    };
    const positions = [
      0,
      at('"number":"') + 4,
      at('"sha256":"') + 10,
      at('"head_hash":"') + 3,
      at('"leaf_index":'),
      at('"root_hash":"') + 5,
      at('"value":"') + 7,
      bytes.length - 1,
    ];
    for (const i of positions) {
      const altered = Buffer.from(bytes);
      altered[i] = altered[i]! ^ 0x01;
      const v = verify(altered);
      assert.equal(v.code, 1, `byte ${i}: ${v.out}`);
      assert.match(v.out, /^invalid: [a-z_.]+: /, `byte ${i}`);
    }
    // A bundle signed by another key does not pass when the service key is pinned.
    const v = verify(bytes, ['--public-key', Buffer.alloc(32, 7).toString('base64')]);
    assert.equal(v.code, 1);
    assert.match(v.out, /^invalid: signature:/);
  });

  test('export needs provenance:read and a document the caller can see', async () => {
    errorOf((await exportOf(invoice.id, p.issuer.readKey)).res, 403, 'insufficient_scope');
    const draft = await createDoc(svc, p);
    errorOf((await exportOf(draft.id, p.counterparty.key)).res, 404, 'not_found');
    errorOf((await exportOf('doc_doesnotexist', p.issuer.key)).res, 404, 'not_found');
    // The issuer's own draft exports (its history is all private entries, all its own).
    const own = await exported(draft.id, p.issuer.key);
    assertValid(own.bytes);
  });
});

describe('tampering with the database', () => {
  test('an altered history row: history says verified false, the export is refused, old bundles disagree', async () => {
    const doc = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const before = await exported(doc.id, p.issuer.key);
    assertValid(before.bytes);

    await sql`update document_history set changes = jsonb_set(changes, '{total}', '999999')
      where document_id = ${doc.id} and seq = 1`.execute(svc.ctx.db);

    const history = await get<{ verified: boolean; details: { broken_at: number; reason: string } }>(
      `/v1/documents/${doc.id}/history`,
      p.issuer.key,
    );
    assert.equal(history.verified, false);
    assert.deepEqual(history.details, { broken_at: 1, reason: 'hash_mismatch' });

    const refused = errorOf((await exportOf(doc.id, p.issuer.key)).res, 409, 'conflict');
    assert.deepEqual(refused.details, {
      reason: 'history_not_verified',
      broken_at: 1,
      break_reason: 'hash_mismatch',
    });

    // A bundle carrying the altered row (what a forger holding the database would hand out)
    // fails the verifier: the row no longer hashes to the value the chain and the log hold.
    const forged = JSON.parse(before.bytes.toString('utf8')) as Bundle;
    (forged.history[0]!.changes as Record<string, unknown>).total = 999999;
    const v = verify(Buffer.from(canonicalize(forged)));
    assert.equal(v.code, 1);
    assert.match(v.out, /^invalid: history\.hash: entry 0/);
  });

  test('deleted newest entries: history reports the head mismatch and the export refuses', async () => {
    const doc = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    assertValid((await exported(doc.id, p.issuer.key)).bytes);
    await sql`delete from document_history where document_id = ${doc.id} and seq = 2`.execute(svc.ctx.db);
    const history = await get<{ verified: boolean; details: { reason: string } }>(
      `/v1/documents/${doc.id}/history`,
      p.issuer.key,
    );
    assert.equal(history.verified, false);
    assert.equal(history.details.reason, 'head_mismatch');
    const refused = errorOf((await exportOf(doc.id, p.issuer.key)).res, 409, 'conflict');
    assert.equal(refused.details?.reason, 'history_not_verified');
  });

  test('a chain rewritten consistently verifies on its own, but its head is not in the log: no bundle', async () => {
    const doc = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    assertValid((await exported(doc.id, p.issuer.key)).bytes);
    const rows = await svc.ctx.db
      .selectFrom('document_history')
      .select(['seq', 'at', 'action', 'actor', 'changes', 'prev_hash', 'hash'])
      .where('document_id', '=', doc.id)
      .orderBy('seq')
      .execute();
    // Rewrite the newest entry and re-hash it, and point the document at the new head: the
    // chain recomputes, so only the transparency log can tell.
    const last = rows.at(-1)!;
    const rewritten = appendEntry(last.prev_hash, {
      ...entryBody({ ...last, at: last.at.toISOString(), prev_hash: last.prev_hash }),
      changes: { ...(last.changes as object), to: 'void' },
    });
    await sql`update document_history set changes = ${JSON.stringify(rewritten.changes)}::jsonb, hash = ${rewritten.hash}
      where document_id = ${doc.id} and seq = ${last.seq}`.execute(svc.ctx.db);
    await sql`update documents set history_head = ${rewritten.hash} where id = ${doc.id}`.execute(svc.ctx.db);

    const history = await get<{ verified: boolean }>(`/v1/documents/${doc.id}/history`, p.issuer.key);
    assert.equal(history.verified, true, 'the rewritten chain is self-consistent');
    const refused = errorOf((await exportOf(doc.id, p.issuer.key)).res, 409, 'conflict');
    assert.deepEqual(refused.details, { reason: 'head_not_in_log', head_hash: rewritten.hash });
  });
});
