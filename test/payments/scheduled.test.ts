// Scheduled payments (CONTRACT 4): a move to payment_scheduled with a future scheduled_for executes
// at the start of that date (UTC) on the service clock — the test clock here. No funds are
// reserved before then; on the date the available funds decide (a short balance fails it and the
// document is payable again). A pay (or a move to paid) brings a scheduled payment forward.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { utcDate } from '../../src/lib/clock.ts';
import type { DocumentHistoryView, DocumentView } from '../../src/modules/documents/schemas.ts';
import type { PaymentView } from '../../src/modules/payments/schemas.ts';
import { errorOf } from '../helpers/document-setup.ts';
import { advanceClock } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  accounts,
  approvedInvoice,
  bill,
  eventsFor,
  getDoc,
  livePair,
  paid,
  pay,
  type Sandbox,
  sandbox,
  settle,
  transfersOf,
} from '../helpers/payments.ts';
import { assertLedgerInvariants } from '../ledger/helpers.ts';

let svc: TestService;
let sb: Sandbox;

before(async () => {
  svc = await startTestService();
  sb = await sandbox(svc, 'Scheduling Co');
});
after(async () => {
  await svc?.close();
});

const DAY = 24 * 3600;

/** The service clock's date plus `days`, YYYY-MM-DD. */
function inDays(days: number): string {
  return utcDate(new Date(svc.ctx.clock.now().getTime() + days * DAY * 1000));
}

/** Seconds from the service clock's now to the start of `date` (UTC). */
function secondsUntil(date: string): number {
  return Math.ceil((new Date(`${date}T00:00:00Z`).getTime() - svc.ctx.clock.now().getTime()) / 1000);
}

function schedule(token: string, id: string, scheduledFor?: string, extra: Record<string, unknown> = {}) {
  return svc.req<DocumentView>('POST', `/v1/documents/${id}/transition`, {
    token,
    body: { to: 'payment_scheduled', ...(scheduledFor ? { scheduled_for: scheduledFor } : {}), ...extra },
  });
}

describe('scheduled payments', () => {
  test('executes at the start of scheduled_for (UTC) on the test clock, not before', async () => {
    await settle(svc);
    const b = await bill(svc, sb.key, 75);
    const date = inDays(2);
    const before = await accounts(svc, sb.key);
    const res = await schedule(sb.key, b.id, date);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'payment_scheduled');
    const p = res.body.payment as PaymentView;
    assert.equal(p.status, 'processing');
    assert.equal(p.scheduled_for, date);
    assert.deepEqual(await accounts(svc, sb.key), before, 'nothing is reserved before the date');

    assert.equal(await settle(svc), 0);
    await advanceClock(svc, secondsUntil(date) - 5);
    assert.equal(await settle(svc), 0, 'five seconds before the date: still waiting');
    assert.equal((await getDoc(svc, sb.key, b.id)).status, 'payment_scheduled');
    await advanceClock(svc, 5);
    assert.equal(await settle(svc), 1);
    const doc = await getDoc(svc, sb.key, b.id);
    assert.equal(doc.status, 'paid');
    assert.equal(doc.balance_due, 0);
    assert.equal(doc.payment?.id, p.id);
    assert.equal(doc.payment?.scheduled_for, date);
    assert.ok(doc.payment!.settled_at! >= `${date}T00:00:00.000Z`);
    assert.equal((await accounts(svc, sb.key)).USD!.balance, before.USD!.balance - 75);
    assert.equal((await transfersOf(svc, p.id)).length, 1);
    await assertLedgerInvariants(svc);
  });

  test('without scheduled_for, or for today, payment_scheduled executes at once', async () => {
    for (const when of [undefined, inDays(0)]) {
      const b = await bill(svc, sb.key, 5);
      const res = await schedule(sb.key, b.id, when);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.payment?.scheduled_for, when ?? null);
      assert.equal(await settle(svc), 1);
      assert.equal((await getDoc(svc, sb.key, b.id)).status, 'paid');
    }
  });

  test('bad dates: past, too far ahead, not a date, and scheduled_for with paid', async () => {
    const b = await bill(svc, sb.key, 5);
    const path = async (res: Awaited<ReturnType<typeof schedule>>) =>
      errorOf(res, 400, 'invalid_request').details?.errors?.[0]?.path;
    assert.equal(await path(await schedule(sb.key, b.id, inDays(-1))), 'scheduled_for');
    assert.equal(await path(await schedule(sb.key, b.id, inDays(400))), 'scheduled_for');
    // An impossible date: the field named in details, and in words in the message.
    const impossible = errorOf(await schedule(sb.key, b.id, '2031-02-30'), 400, 'invalid_request');
    assert.equal(impossible.details?.errors?.[0]?.path, 'scheduled_for');
    assert.match(impossible.message, /Scheduled for/);
    assert.equal(
      await path(
        await svc.req('POST', `/v1/documents/${b.id}/transition`, {
          token: sb.key,
          body: { to: 'paid', scheduled_for: inDays(3) },
        }),
      ),
      'scheduled_for',
    );
    assert.equal((await getDoc(svc, sb.key, b.id)).status, 'approved');
  });

  test('a pay on a scheduled document brings the same payment forward; scheduling twice is a conflict', async () => {
    const b = await bill(svc, sb.key, 19);
    const scheduled = (await schedule(sb.key, b.id, inDays(10))).body.payment as PaymentView;
    const again = errorOf(await schedule(sb.key, b.id, inDays(5)), 409, 'conflict');
    assert.deepEqual(again.details?.allowed, ['paid']);
    const now = await pay(svc, sb.key, b.id);
    assert.equal(now.status, 202, now.text);
    assert.equal(now.body.payment?.id, scheduled.id);
    assert.equal(now.body.payment?.scheduled_for, null);
    assert.equal(await settle(svc), 1);
    const doc = await getDoc(svc, sb.key, b.id);
    assert.equal(doc.status, 'paid');
    assert.equal(doc.payment?.id, scheduled.id);
    const h = await svc.req<DocumentHistoryView>('GET', `/v1/documents/${b.id}/history`, { token: sb.key });
    assert.deepEqual(
      h.body.entries.slice(-3).map((e) => e.action),
      ['payment_started', 'payment_brought_forward', 'payment_settled'],
    );
    assert.equal(h.body.verified, true);
  });

  test('on its date the available funds decide: a short balance fails it, the invoice is payable again', async () => {
    const p = await livePair(svc, { fund: 100 });
    const later = await approvedInvoice(svc, p, 80);
    const date = inDays(1);
    const res = await schedule(p.payer.key, later.id, date);
    assert.equal(res.status, 200, res.text);
    // Meanwhile another payment uses most of the money.
    const other = await approvedInvoice(svc, p, 60);
    await paid(svc, p.payer.key, other.id);
    await settle(svc);
    assert.equal((await accounts(svc, p.payer.key)).USD!.balance, 40);

    await advanceClock(svc, secondsUntil(date));
    assert.equal(await settle(svc), 1);
    const doc = await getDoc(svc, p.payer.key, later.id);
    assert.equal(doc.status, 'approved');
    assert.equal(doc.balance_due, 80);
    assert.equal(doc.payment?.status, 'failed');
    assert.equal(doc.payment?.failure_reason, 'insufficient_funds');
    for (const org of [p.payer.orgId, p.payee.orgId]) {
      const failed = (await eventsFor(svc, org, later.id)).filter((e) => e.type === 'payment.failed');
      assert.equal(failed.length, 1);
      assert.equal(
        (failed[0]!.data as { payment: PaymentView }).payment.failure_reason,
        'insufficient_funds',
      );
    }
    assert.equal((await accounts(svc, p.payer.key)).USD!.balance, 40);
    await assertLedgerInvariants(svc);
  });
});
