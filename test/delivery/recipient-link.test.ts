// The recipient link's token (CONTRACT 11.3): one per (document, external party), ≥ 128 random
// bits, stored only as a hash (and sealed for resends), the same on every call, revoked by a
// claim, 404 (null) once the document is closed for 90 days. Also: logs never carry it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inTransaction } from '../../src/db/transaction.ts';
import { REDACTED, redactUrl } from '../../src/lib/log-redaction.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import {
  CLOSED_LINK_DAYS,
  recipientLinkFor,
  resolveRecipientToken,
  revokeRecipientLinks,
} from '../../src/modules/delivery/recipient-link.ts';
import { createDoc, issue, type Pair, pair } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Link Issuer', 'Link Buyer']);
});
after(async () => {
  await svc?.close();
});

const tokenOf = (url: string) => {
  const m = /\/r\/([^/]+)$/.exec(url);
  assert.ok(m, url);
  return m[1] as string;
};

describe('recipient link tokens', () => {
  test('one link per document and party: the same URL every time, a long random token stored only as a hash', async () => {
    const d = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const a = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, d.id, 'xp_one'));
    const b = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, d.id, 'xp_one'));
    assert.equal(a.url, b.url);
    assert.equal(a.linkId, b.linkId);
    assert.equal(a.revoked, false);
    assert.ok(a.url.startsWith(`${svc.config.baseUrl.replace(/\/+$/, '')}/r/`), a.url);
    const token = tokenOf(a.url);
    assert.match(token, /^[0-9A-Za-z]{32}$/); // 32 × log2(62) ≈ 190 bits
    const other = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, d.id, 'xp_two'));
    assert.notEqual(tokenOf(other.url), token);

    const row = await svc.ctx.db
      .selectFrom('recipient_links')
      .selectAll()
      .where('id', '=', a.linkId)
      .executeTakeFirstOrThrow();
    assert.equal(row.token_hash, hashToken(token));
    assert.ok(!row.token_sealed.includes(token), 'the token is not stored in clear');
    assert.ok(svc.ctx.secrets.sealer.isSealed(row.token_sealed));

    assert.deepEqual(await resolveRecipientToken(svc.ctx.db, token, svc.ctx.clock.now()), {
      documentId: d.id,
      externalPartyId: 'xp_one',
      linkId: a.linkId,
    });
  });

  test('a link made in a rolled-back transaction does not exist', async () => {
    const d = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    let url = '';
    await assert.rejects(
      inTransaction(svc.ctx.db, async (tx) => {
        url = (await recipientLinkFor(svc.ctx, tx, d.id, 'xp_rollback')).url;
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.equal(await resolveRecipientToken(svc.ctx.db, tokenOf(url), svc.ctx.clock.now()), null);
  });

  test('wrong and malformed tokens resolve to nothing', async () => {
    const now = svc.ctx.clock.now();
    for (const t of [
      '',
      'x',
      'A'.repeat(32),
      'A'.repeat(33),
      `${'a'.repeat(31)}/`,
      `${'a'.repeat(31)}\u00e9`,
    ]) {
      assert.equal(await resolveRecipientToken(svc.ctx.db, t, now), null, JSON.stringify(t));
    }
  });

  test("a claim revokes every one of the party's links, and only its", async () => {
    const d1 = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const d2 = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const l1 = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, d1.id, 'xp_claimed'));
    const l2 = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, d2.id, 'xp_claimed'));
    const keep = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, d1.id, 'xp_kept'));
    const n = await inTransaction(svc.ctx.db, (tx) =>
      revokeRecipientLinks(tx, 'xp_claimed', svc.ctx.clock.now()),
    );
    assert.equal(n, 2);
    const now = svc.ctx.clock.now();
    assert.equal(await resolveRecipientToken(svc.ctx.db, tokenOf(l1.url), now), null);
    assert.equal(await resolveRecipientToken(svc.ctx.db, tokenOf(l2.url), now), null);
    assert.notEqual(await resolveRecipientToken(svc.ctx.db, tokenOf(keep.url), now), null);
    const again = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, d1.id, 'xp_claimed'));
    assert.equal(again.url, l1.url);
    assert.equal(again.revoked, true);
  });

  test('a document closed (void) for 90 days: its link resolves to nothing; open ones keep working', async () => {
    const closed = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const open = await issue(svc, p.issuer.key, (await createDoc(svc, p)).id);
    const v = await svc.req('POST', `/v1/documents/${closed.id}/transition`, {
      token: p.issuer.key,
      body: { to: 'void' },
    });
    assert.equal(v.status, 200, v.text);
    const lc = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, closed.id, 'xp_c'));
    const lo = await inTransaction(svc.ctx.db, (tx) => recipientLinkFor(svc.ctx, tx, open.id, 'xp_c'));
    const t0 = svc.ctx.clock.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    const before90 = new Date(t0 + (CLOSED_LINK_DAYS - 1) * day);
    assert.notEqual(await resolveRecipientToken(svc.ctx.db, tokenOf(lc.url), before90), null);
    const after90 = new Date(t0 + (CLOSED_LINK_DAYS + 1) * day);
    assert.equal(await resolveRecipientToken(svc.ctx.db, tokenOf(lc.url), after90), null);
    assert.notEqual(await resolveRecipientToken(svc.ctx.db, tokenOf(lo.url), after90), null);
  });

  test('request logs redact the token in /r/<token> and /v1/recipient/<token> paths', () => {
    const t = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    assert.equal(redactUrl(`/r/${t}`), `/r/${REDACTED}`);
    assert.equal(redactUrl(`/r/${t}?x=1`), `/r/${REDACTED}?x=1`);
    assert.equal(redactUrl(`/v1/recipient/${t}/transition`), `/v1/recipient/${REDACTED}/transition`);
    assert.equal(redactUrl(`/app/api/v1/recipient/${t}`), `/app/api/v1/recipient/${REDACTED}`);
    assert.equal(
      redactUrl(`/v1/recipient/${t}/einvoice?format=ubl`),
      `/v1/recipient/${REDACTED}/einvoice?format=ubl`,
    );
    assert.equal(redactUrl('/v1/documents/r/abc'), '/v1/documents/r/abc');
  });
});
