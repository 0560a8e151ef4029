// The retention pass (src/modules/inbound/messages.ts purgeOldMessages, CONTRACT 11.5: messages are
// kept 90 days) with captures (§13): a message whose file was captured goes with its captures once
// they are closed (confirmed, rejected, a duplicate), and is kept past 90 days while one of them
// still waits to be read or reviewed, so nothing a person has not looked at is lost. One message
// held back never stops the pass for the others. On the database the suite runs on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { purgeOldMessages } from '../../src/modules/inbound/messages.ts';
import { insertCapture, insertCapturedMessage } from '../helpers/captures.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { advanceClock } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let a: Party;

before(async () => {
  svc = await startTestService();
  a = await makeParty(svc, 'Retention A');
});
after(async () => {
  await svc?.close();
});

async function exists(table: 'inbound_messages' | 'captures', id: string): Promise<boolean> {
  const row = await svc.ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

test('past 90 days: closed captures go with their message, open ones keep it, the rest of the pass goes on', async () => {
  const plain = await insertCapturedMessage(svc, a.org.orgId, 'processing');
  await svc.ctx.db
    .updateTable('inbound_messages')
    .set({ status: 'refused' })
    .where('id', '=', plain)
    .execute();
  const closed = await Promise.all(
    (['confirmed', 'rejected', 'duplicate'] as const).map((status) =>
      insertCapture(svc, a.org.orgId, { status }),
    ),
  );
  const open = await Promise.all(
    (['needs_review', 'reading'] as const).map((status) => insertCapture(svc, a.org.orgId, { status })),
  );
  // a message with one closed and one open capture is kept whole
  const mixed = await insertCapture(svc, a.org.orgId, { status: 'confirmed' });
  const mixedOpen = await insertCapture(svc, a.org.orgId, {
    status: 'needs_review',
    messageId: mixed.messageId,
    part: 1,
  });

  await advanceClock(svc, 89 * 24 * 3600);
  let pass = await purgeOldMessages(svc.ctx);
  assert.equal(pass.handled, 0, 'nothing before 90 days');
  await advanceClock(svc, 2 * 24 * 3600);
  pass = await purgeOldMessages(svc.ctx);
  while (pass.full) pass = await purgeOldMessages(svc.ctx);

  assert.equal(await exists('inbound_messages', plain), false, 'a message without captures is purged');
  for (const c of closed) {
    assert.equal(await exists('captures', c.id), false, `closed capture ${c.id} purged`);
    assert.equal(await exists('inbound_messages', c.messageId), false, 'with its message');
  }
  for (const c of open) {
    assert.equal(await exists('captures', c.id), true, `open capture ${c.id} kept`);
    assert.equal(await exists('inbound_messages', c.messageId), true, 'and its message');
  }
  assert.equal(await exists('captures', mixed.id), true, 'a closed capture beside an open one stays');
  assert.equal(await exists('captures', mixedOpen.id), true);
  assert.equal(await exists('inbound_messages', mixed.messageId), true);

  // once reviewed, the next pass takes it
  await svc.ctx.db
    .updateTable('captures')
    .set({ status: 'rejected' })
    .where('id', 'in', [mixedOpen.id, ...open.map((c) => c.id)])
    .execute();
  pass = await purgeOldMessages(svc.ctx);
  assert.equal(await exists('inbound_messages', mixed.messageId), false);
  for (const c of open) assert.equal(await exists('captures', c.id), false);
});
