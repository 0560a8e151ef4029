// Attachments (CONTRACT 5a) end to end on the real database: upload to drafts, the sha256 in the
// history, visibility, signed download URLs (exact bytes, headers, alteration, expiry) and bytes
// altered in storage.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import { createDoc, errorOf, issue, type Pair, pair } from '../helpers/document-setup.ts';
import { advanceClock } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';

interface Attachment {
  id: string;
  document_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
}

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc);
});
after(async () => {
  await svc?.close();
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function upload(docId: string, body: Record<string, unknown>, token = p.issuer.key, idem?: string) {
  return svc.req<Attachment>('POST', `/v1/documents/${docId}/attachments`, {
    token,
    body,
    ...(idem ? { idem } : {}),
  });
}

async function attach(
  docId: string,
  bytes: Buffer,
  filename = 'invoice.pdf',
  contentType = 'application/pdf',
): Promise<Attachment> {
  const res = await upload(docId, {
    filename,
    content_type: contentType,
    content_base64: bytes.toString('base64'),
  });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function downloadUrl(docId: string, attId: string, token = p.issuer.key) {
  const res = await svc.req<{ url: string; expires_at: string }>(
    'POST',
    `/v1/documents/${docId}/attachments/${attId}/download_url`,
    { token },
  );
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** GETs a signed URL through inject, without any Authorization header; raw bytes back. */
async function fetchUrl(url: string) {
  const u = new URL(url);
  const res = await svc.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  return {
    status: res.statusCode,
    headers: res.headers,
    bytes: res.rawPayload,
    body: (() => {
      try {
        return JSON.parse(res.body) as { error?: { code: string; details?: Record<string, unknown> } };
      } catch {
        return null;
      }
    })(),
  };
}

describe('attachments', () => {
  let draft: DocumentView;
  let file: Buffer;
  let att: Attachment;

  test('the issuer uploads to its draft: 201 with size and sha256, and the sha256 enters the history', async () => {
    draft = await createDoc(svc, p);
    file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(50_000)]);
    att = await attach(draft.id, file);
    assert.match(att.id, /^att_[0-9A-Za-z]{22}$/);
    assert.deepEqual(
      { ...att, id: undefined, created_at: undefined },
      {
        id: undefined,
        created_at: undefined,
        document_id: draft.id,
        filename: 'invoice.pdf',
        content_type: 'application/pdf',
        size: file.length,
        sha256: sha256(file),
      },
    );
    const history = await svc.req<{
      verified: boolean;
      head_hash: string;
      entries: { seq: number; action: string; changes: unknown; hash: string }[];
    }>('GET', `/v1/documents/${draft.id}/history`, { token: p.issuer.key });
    assert.equal(history.status, 200, history.text);
    assert.equal(history.body.verified, true);
    const entry = history.body.entries.at(-1)!;
    assert.equal(entry.action, 'attachment.added');
    assert.deepEqual(entry.changes, {
      attachment_id: att.id,
      filename: 'invoice.pdf',
      content_type: 'application/pdf',
      size: file.length,
      sha256: sha256(file),
    });
    assert.equal(history.body.head_hash, entry.hash);
  });

  test('list: the issuer sees its draft attachments; the counterparty sees nothing of a draft', async () => {
    const list = await svc.req<{ data: Attachment[]; has_more: boolean; next_cursor: null }>(
      'GET',
      `/v1/documents/${draft.id}/attachments`,
      { token: p.issuer.key },
    );
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body, { data: [att], has_more: false, next_cursor: null });
    errorOf(
      await svc.req('GET', `/v1/documents/${draft.id}/attachments`, { token: p.counterparty.key }),
      404,
      'not_found',
    );
    errorOf(
      await svc.req('POST', `/v1/documents/${draft.id}/attachments/${att.id}/download_url`, {
        token: p.counterparty.key,
      }),
      404,
      'not_found',
    );
    errorOf(
      await svc.req('POST', `/v1/documents/${draft.id}/attachments/att_doesnotexist/download_url`, {
        token: p.issuer.key,
      }),
      404,
      'not_found',
    );
  });

  test('a signed URL serves the exact bytes without Authorization, with safe headers', async () => {
    // The URL's expiry is whole seconds: 15 minutes after the service's clock, floored, read
    // somewhere between `before` and `after`. (Measuring from `before` alone fails whenever a
    // second boundary passes during the request.)
    const second = (ms: number) => Math.floor(ms / 1000) * 1000;
    const before = svc.ctx.clock.now().getTime();
    const { url, expires_at } = await downloadUrl(draft.id, att.id, p.issuer.readKey);
    const after = svc.ctx.clock.now().getTime();
    assert.ok(url.startsWith(`${svc.config.baseUrl}/v1/attachments/${att.id}/download?`), url);
    const expires = Date.parse(expires_at);
    assert.ok(
      expires >= second(before) + 15 * 60_000 && expires <= second(after) + 15 * 60_000,
      `expires_at ${expires_at} for a request between ${before} and ${after}`,
    );
    const res = await fetchUrl(url);
    assert.equal(res.status, 200);
    assert.ok(res.bytes.equals(file), 'the exact bytes');
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-length'], String(file.length));
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`,
    );
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cache-control'], 'private, no-store');
    assert.equal(
      res.headers['repr-digest'],
      `sha-256=:${createHash('sha256').update(file).digest('base64')}:`,
    );
    assert.ok(res.headers['svc-request-id'], 'the shared headers too');
  });

  test('file names outside ASCII travel as RFC 8187 filename*, with an ASCII fallback', async () => {
    const name = 'Rechnung März "final" 100%.txt';
    const a = await attach(draft.id, Buffer.from('hallo'), name, 'text/plain; charset=utf-8');
    const res = await fetchUrl((await downloadUrl(draft.id, a.id)).url);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="Rechnung M_rz _final_ 100_.txt"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%22final%22%20100%25.txt`,
    );
    assert.equal(res.bytes.toString(), 'hallo');
  });

  test('an altered URL is 403 forbidden: the id, the expiry, the signature, a part missing or added', async () => {
    const other = await attach(draft.id, Buffer.from('another file'), 'b.txt', 'text/plain');
    const { url } = await downloadUrl(draft.id, att.id);
    const u = new URL(url);
    const expires = u.searchParams.get('expires')!;
    const signature = u.searchParams.get('signature')!;
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const variants = [
      `/v1/attachments/${other.id}/download?expires=${expires}&signature=${signature}`,
      `/v1/attachments/att_doesnotexist000000000/download?expires=${expires}&signature=${signature}`,
      `/v1/attachments/${att.id}/download?expires=${Number(expires) + 1}&signature=${signature}`,
      `/v1/attachments/${att.id}/download?expires=${Number(expires) + 86_400}&signature=${signature}`,
      `/v1/attachments/${att.id}/download?expires=${expires}&signature=${flip(signature, 0)}`,
      `/v1/attachments/${att.id}/download?expires=${expires}&signature=${flip(signature, 42)}`,
      `/v1/attachments/${att.id}/download?expires=${expires}&signature=${signature}x`,
      `/v1/attachments/${att.id}/download?expires=${expires}`,
      `/v1/attachments/${att.id}/download?signature=${signature}`,
      `/v1/attachments/${att.id}/download`,
      `/v1/attachments/${att.id}/download?expires=abc&signature=${signature}`,
      `/v1/attachments/${att.id}/download?expires=${expires}&signature=${signature}&extra=1`,
    ];
    for (const v of variants) {
      const res = await fetchUrl(`http://x${v}`);
      assert.equal(res.status, 403, v);
      assert.equal(res.body?.error?.code, 'forbidden', v);
    }
    // The untouched URL still works.
    assert.equal((await fetchUrl(url)).status, 200);
  });

  test('a URL expires after 15 minutes on the service clock', async () => {
    const { url } = await downloadUrl(draft.id, att.id);
    await advanceClock(svc, 14 * 60);
    assert.equal((await fetchUrl(url)).status, 200);
    await advanceClock(svc, 61);
    const res = await fetchUrl(url);
    assert.equal(res.status, 403);
    assert.equal(res.body?.error?.code, 'forbidden');
    assert.match(JSON.stringify(res.body), /expired/);
  });

  test('once issued, the counterparty sees the attachments and downloads them; nobody adds more', async () => {
    await issue(svc, p.issuer.key, draft.id);
    const list = await svc.req<{ data: Attachment[] }>('GET', `/v1/documents/${draft.id}/attachments`, {
      token: p.counterparty.readKey,
    });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.data.map((a) => a.id)[0], att.id, 'oldest first');
    assert.equal(list.body.data.length, 3);
    const res = await fetchUrl((await downloadUrl(draft.id, att.id, p.counterparty.readKey)).url);
    assert.equal(res.status, 200);
    assert.ok(res.bytes.equals(file));

    const body = { filename: 'late.txt', content_type: 'text/plain', content_base64: 'bGF0ZQ==' };
    const late = errorOf(await upload(draft.id, body), 409, 'conflict');
    assert.match(late.message, /drafts only/);
    errorOf(await upload(draft.id, body, p.counterparty.key), 409, 'conflict');
  });

  test('uploading needs documents:write; another organization sees nothing', async () => {
    const d = await createDoc(svc, p);
    const body = { filename: 'a.txt', content_type: 'text/plain', content_base64: 'YQ==' };
    errorOf(await upload(d.id, body, p.issuer.readKey), 403, 'insufficient_scope');
    errorOf(await upload(d.id, body, p.counterparty.key), 404, 'not_found');
    errorOf(
      await svc.req('POST', `/v1/documents/${d.id}/attachments`, { token: p.issuer.key, body, idem: null }),
      400,
      'invalid_request',
    );
  });

  test('Idempotency-Key: a retry replays the same attachment and adds nothing', async () => {
    const d = await createDoc(svc, p);
    const key = randomKey();
    const body = { filename: 'once.txt', content_type: 'text/plain', content_base64: 'b25jZQ==' };
    const first = await upload(d.id, body, p.issuer.key, key);
    const again = await upload(d.id, body, p.issuer.key, key);
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replay'], 'true');
    assert.equal(again.text, first.text);
    const list = await svc.req<{ data: Attachment[] }>('GET', `/v1/documents/${d.id}/attachments`, {
      token: p.issuer.key,
    });
    assert.equal(list.body.data.length, 1);
  });

  test('content_base64 must be strict base64 of at least one byte; names and types are checked', async () => {
    const d = await createDoc(svc, p);
    const ok = { filename: 'a.bin', content_type: 'application/octet-stream', content_base64: 'AAEC' };
    const bad64 = ['AAE C', 'AAEC\n', 'AAE', 'AA==AA==', 'AB==', '-_8=', 'AAEC!', ''];
    for (const content_base64 of bad64) {
      const err = errorOf(await upload(d.id, { ...ok, content_base64 }), 400, 'invalid_request');
      assert.deepEqual(
        err.details?.errors?.map((e) => e.path),
        ['content_base64'],
        JSON.stringify(content_base64),
      );
    }
    for (const filename of ['a/b.txt', 'a\\b.txt', 'bad\nname', 'x\u202Efdp.exe', '..', 'x'.repeat(256)]) {
      const err = errorOf(await upload(d.id, { ...ok, filename }), 400, 'invalid_request');
      assert.match(JSON.stringify(err.details?.errors), /filename/, JSON.stringify(filename));
    }
    for (const content_type of ['pdf', 'text/plain\r\nx-evil: 1', 'text /plain', '/x']) {
      const err = errorOf(await upload(d.id, { ...ok, content_type }), 400, 'invalid_request');
      assert.match(JSON.stringify(err.details?.errors), /content_type/, JSON.stringify(content_type));
    }
    const extra = errorOf(await upload(d.id, { ...ok, size: 3 }), 400, 'invalid_request');
    assert.match(extra.message, /size/);
    // Nothing was stored by any refusal.
    const list = await svc.req<{ data: Attachment[] }>('GET', `/v1/documents/${d.id}/attachments`, {
      token: p.issuer.key,
    });
    assert.deepEqual(list.body.data, []);
  });

  test('size: exactly 10 MiB is accepted and round-trips; one byte more, or a body over 14 MiB, is 413', async () => {
    const d = await createDoc(svc, p);
    const tenMiB = randomBytes(10 * 1024 * 1024);
    const big = await attach(d.id, tenMiB, 'big.bin', 'application/octet-stream');
    assert.equal(big.size, tenMiB.length);
    const res = await fetchUrl((await downloadUrl(d.id, big.id)).url);
    assert.equal(res.status, 200);
    assert.ok(res.bytes.equals(tenMiB));

    const over = errorOf(
      await upload(d.id, {
        filename: 'over.bin',
        content_type: 'application/octet-stream',
        content_base64: Buffer.concat([tenMiB, Buffer.from([1])]).toString('base64'),
      }),
      413,
      'payload_too_large',
    );
    assert.equal(over.details?.limit, 10 * 1024 * 1024);
    const huge = await svc.req('POST', `/v1/documents/${d.id}/attachments`, {
      token: p.issuer.key,
      rawBody: JSON.stringify({
        filename: 'huge.bin',
        content_type: 'application/octet-stream',
        content_base64: 'A'.repeat(14 * 1024 * 1024 + 4),
      }),
      headers: { 'content-type': 'application/json' },
    });
    errorOf(huge, 413, 'payload_too_large');
    // Other routes keep the 1 MiB limit.
    const patch = await svc.req('PATCH', `/v1/documents/${d.id}`, {
      token: p.issuer.key,
      rawBody: JSON.stringify({ notes: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    errorOf(patch, 413, 'payload_too_large');
  });

  test('a document holds at most 100 attachments', async () => {
    const d = await createDoc(svc, p);
    const body = { filename: 'n.txt', content_type: 'text/plain', content_base64: 'bg==' };
    for (let i = 0; i < 100; i++) assert.equal((await upload(d.id, body)).status, 201);
    const err = errorOf(await upload(d.id, body), 409, 'conflict');
    assert.equal(err.details?.limit, 100);
  });

  test('stored bytes are immutable to the service, and bytes altered behind its back are never served', async () => {
    const d = await createDoc(svc, p);
    const original = Buffer.from('the original contract text');
    const a = await attach(d.id, original, 'contract.txt', 'text/plain');
    await assert.rejects(
      sql`update attachments set content = ${Buffer.from('x')} where id = ${a.id}`.execute(svc.ctx.db),
      /immutable/,
    );
    // Whoever owns the database can still do it (here: triggers off for one session statement).
    const forged = Buffer.from('the ORIGINAL contract text');
    await svc.ctx.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update attachments set content = ${forged} where id = ${a.id}`.execute(trx);
    });
    const res = await fetchUrl((await downloadUrl(d.id, a.id)).url);
    assert.equal(res.status, 409);
    assert.equal(res.body?.error?.code, 'conflict');
    assert.deepEqual(res.body?.error?.details, {
      reason: 'content_mismatch',
      attachment_id: a.id,
      recorded_sha256: sha256(original),
      actual_sha256: sha256(forged),
    });
    // Forging the row's sha256 too changes nothing: the history entry holds the original.
    await svc.ctx.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update attachments set sha256 = ${sha256(forged)} where id = ${a.id}`.execute(trx);
    });
    assert.equal((await fetchUrl((await downloadUrl(d.id, a.id)).url)).status, 409);
  });
});
