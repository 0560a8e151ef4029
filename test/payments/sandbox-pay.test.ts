// Paying in the sandbox (CONTRACT 1 and 4): a demo bill is paid, the worker settles it on the
// practice ledger, both parties get payment.settled in their own projection; the practice source
// acct_sandbox_insufficient fails it and the bill is payable again; a pay while one is in flight
// is the same payment; after settlement there is nothing to pay. Ledger invariants hold after all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DocumentHistoryView, DocumentView } from '../../src/modules/documents/schemas.ts';
import type { PaymentView } from '../../src/modules/payments/schemas.ts';
import { errorOf } from '../helpers/document-setup.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import {
  accounts,
  bill,
  eventsFor,
  getDoc,
  getPayment,
  keyOf,
  PAY_SCOPES,
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
  sb = await sandbox(svc);
});
after(async () => {
  await svc?.close();
});

describe('pay → settle → events', () => {
  test('a demo bill is paid: 202 processing, then settled by the worker, paid with balance_due 0', async () => {
    const before = await accounts(svc, sb.key);
    const b = await bill(svc, sb.key, 250.5);
    const started = await paid(svc, sb.key, b.id);
    const p = started.payment;
    assert.match(p.id, /^pay_[0-9A-Za-z]{22}$/);
    assert.deepEqual(Object.keys(p).sort(), [
      'amount',
      'created_at',
      'currency',
      'document_id',
      'end_to_end_id',
      'failure_reason',
      'id',
      'key_id',
      'payment_method',
      'rail',
      'scheduled_for',
      'settled_at',
      'settlement_reference',
      'source_account_id',
      'status',
    ]);
    assert.equal(p.document_id, b.id);
    assert.equal(p.rail, 'ledger');
    assert.equal(p.end_to_end_id, null);
    assert.equal(p.amount, 250.5);
    assert.equal(p.currency, 'USD');
    assert.equal(p.payment_method, 'ledger');
    assert.equal(p.source_account_id, before.USD!.id);
    assert.equal(p.key_id, sb.keyId);
    assert.equal(p.scheduled_for, null);
    assert.equal(p.settled_at, null);
    assert.equal(p.settlement_reference, null);
    assert.equal(started.balance_due, 250.5, 'nothing is paid until it settles');

    // The money is reserved at once: available drops, the balance does not move until settlement.
    const held = await accounts(svc, sb.key);
    assert.equal(held.USD!.balance, before.USD!.balance);
    assert.equal(held.USD!.available, before.USD!.available - 250.5);

    assert.equal(await settle(svc), 1);
    const doc = await getDoc(svc, sb.key, b.id);
    assert.equal(doc.status, 'paid');
    assert.equal(doc.balance_due, 0);
    assert.equal(doc.payment?.status, 'settled');
    assert.match(doc.payment!.settlement_reference!, /^trf_/);
    assert.ok(doc.payment!.settled_at);

    const after = await accounts(svc, sb.key);
    assert.equal(after.USD!.balance, before.USD!.balance - 250.5);
    assert.equal(after.USD!.available, after.USD!.balance);
    const transfers = await transfersOf(svc, p.id);
    assert.deepEqual(
      transfers.map((t) => [t.id, t.amount]),
      [[doc.payment!.settlement_reference, '250.50']],
    );
    // The payer's statement shows the payment, once.
    const txns = await svc.req<{ data: { amount: number; payment_id: string; description: string }[] }>(
      'GET',
      `/v1/treasury/accounts/${before.USD!.id}/transactions`,
      { token: sb.key },
    );
    const mine = txns.body.data.filter((t) => t.payment_id === p.id);
    assert.equal(mine.length, 1);
    assert.equal(mine[0]!.amount, -250.5);
    assert.match(mine[0]!.description, new RegExp(`^Payment of ${b.number} to `));
    await assertLedgerInvariants(svc);
  });

  test('payment.settled goes to both parties, each in its own projection, with the settlement reference', async () => {
    const b = await bill(svc, sb.key, 42);
    const p = (await paid(svc, sb.key, b.id)).payment;
    await settle(svc);
    const mine = (await eventsFor(svc, sb.orgId, b.id)).filter((e) => e.type === 'payment.settled');
    const theirs = (await eventsFor(svc, sb.demoId, b.id)).filter((e) => e.type === 'payment.settled');
    assert.equal(mine.length, 1);
    assert.equal(theirs.length, 1);
    for (const [e, label, prefix] of [
      [mine[0]!, 'Bill', 'BILL-'],
      [theirs[0]!, 'Invoice', 'INV-'],
    ] as const) {
      assert.equal(e.sandbox, true);
      const data = e.data as { payment: PaymentView; document: DocumentView };
      assert.equal(data.payment.id, p.id);
      assert.equal(data.payment.status, 'settled');
      assert.match(data.payment.settlement_reference!, /^trf_/);
      assert.equal(data.document.label, label);
      assert.ok(data.document.number.startsWith(prefix));
      assert.equal(data.document.status, 'paid');
      assert.equal(data.document.balance_due, 0);
      assert.deepEqual(data.document.payment, data.payment);
    }
    // The payer's own details stay the payer's: the payee sees no key or source account.
    const payeeView = (theirs[0]!.data as { payment: PaymentView }).payment;
    assert.equal(payeeView.key_id, null);
    assert.equal(payeeView.source_account_id, null);
    const payerView = (mine[0]!.data as { payment: PaymentView }).payment;
    assert.equal(payerView.key_id, sb.keyId);
    // The payer's event equals what the payer reads.
    const read = await getDoc(svc, sb.key, b.id);
    assert.deepEqual((mine[0]!.data as { document: DocumentView }).document, read);
    // Status changes were announced too: approved → payment_scheduled → paid.
    const changes = (await eventsFor(svc, sb.orgId, b.id))
      .filter((e) => e.type === 'document.status_changed')
      .map((e) => (e.data as { document: DocumentView }).document.status);
    assert.deepEqual(changes, ['payment_scheduled', 'paid']);
  });

  test('history records the start and the settlement, and the chain verifies', async () => {
    const b = await bill(svc, sb.key, 10);
    const p = (await paid(svc, sb.key, b.id)).payment;
    await settle(svc);
    const h = await svc.req<DocumentHistoryView>('GET', `/v1/documents/${b.id}/history`, { token: sb.key });
    assert.equal(h.status, 200, h.text);
    assert.equal(h.body.verified, true);
    const tail = h.body.entries.slice(-2);
    assert.deepEqual(
      tail.map((e) => [e.action, (e.changes as { payment_id: string }).payment_id]),
      [
        ['payment_started', p.id],
        ['payment_settled', p.id],
      ],
    );
    assert.equal(tail[0]!.actor.kind, 'api_key');
    assert.equal(tail[0]!.actor.key_id, sb.keyId);
    assert.equal(tail[1]!.actor.kind, 'system');
  });

  test('the running worker settles a sandbox payment within a second', async () => {
    const b = await bill(svc, sb.key, 7);
    const worker = svc.startWorker();
    try {
      const started = Date.now();
      await paid(svc, sb.key, b.id);
      let doc: DocumentView;
      do {
        await new Promise((r) => setTimeout(r, 50));
        doc = await getDoc(svc, sb.key, b.id);
      } while (doc.status !== 'paid' && Date.now() - started < 5000);
      assert.equal(doc.status, 'paid');
      assert.ok(Date.now() - started < 1500, `settled after ${Date.now() - started} ms`);
    } finally {
      await worker.stop();
    }
  });
});

describe('the failure path', () => {
  test('acct_sandbox_insufficient fails with insufficient_funds; the bill is approved (payable) again', async () => {
    const before = await accounts(svc, sb.key);
    const b = await bill(svc, sb.key, 60);
    const started = await paid(svc, sb.key, b.id, { source_account_id: 'acct_sandbox_insufficient' });
    assert.equal(started.payment.source_account_id, 'acct_sandbox_insufficient');
    await settle(svc);
    const doc = await getDoc(svc, sb.key, b.id);
    assert.equal(doc.status, 'approved');
    assert.equal(doc.balance_due, 60);
    assert.equal(doc.payment?.status, 'failed');
    assert.equal(doc.payment?.failure_reason, 'insufficient_funds');
    assert.equal(doc.payment?.settlement_reference, null);
    assert.equal(doc.payment?.settled_at, null);
    assert.deepEqual(await transfersOf(svc, started.payment.id), [], 'nothing was booked');
    assert.deepEqual(await accounts(svc, sb.key), before, 'no balance moved');

    for (const org of [sb.orgId, sb.demoId]) {
      const failed = (await eventsFor(svc, org, b.id)).filter((e) => e.type === 'payment.failed');
      assert.equal(failed.length, 1);
      const data = failed[0]!.data as { payment: PaymentView; document: DocumentView };
      assert.equal(data.payment.failure_reason, 'insufficient_funds');
      assert.equal(data.document.status, 'approved');
    }
    const h = await svc.req<DocumentHistoryView>('GET', `/v1/documents/${b.id}/history`, { token: sb.key });
    assert.equal(h.body.entries.at(-1)!.action, 'payment_failed');
    assert.equal(h.body.verified, true);

    // Payable again: a new payment from the default account settles.
    const again = await paid(svc, sb.key, b.id);
    assert.notEqual(again.payment.id, started.payment.id);
    await settle(svc);
    assert.equal((await getDoc(svc, sb.key, b.id)).status, 'paid');
    const list = await svc.req<{ data: PaymentView[] }>('GET', `/v1/payments?document=${b.id}`, {
      token: sb.key,
    });
    assert.deepEqual(
      list.body.data.map((x) => [x.id, x.status]),
      [
        [again.payment.id, 'settled'],
        [started.payment.id, 'failed'],
      ],
    );
    await assertLedgerInvariants(svc);
  });

  test('a short balance is refused at once with insufficient_funds; nothing is written', async () => {
    const b = await bill(svc, sb.key, 999_999_999, 'CAD');
    const res = await pay(svc, sb.key, b.id);
    const err = errorOf(res, 422, 'insufficient_funds');
    assert.equal(err.details?.currency, 'CAD');
    const doc = await getDoc(svc, sb.key, b.id);
    assert.equal(doc.status, 'approved');
    assert.equal(doc.payment, null);
  });
});

describe('idempotency across the settlement gap', () => {
  test('a second pay while processing is the same payment; after settlement a pay is 409; one transfer', async () => {
    const b = await bill(svc, sb.key, 33);
    const first = await paid(svc, sb.key, b.id);
    // A new Idempotency-Key: not a replay, the same payment all the same.
    const second = await pay(svc, sb.key, b.id);
    assert.equal(second.status, 202, second.text);
    assert.equal(second.headers['idempotent-replay'], undefined);
    assert.deepEqual(second.body, first);
    // A move to paid does the same, 202 included (CONTRACT 4), and its replay answers 202 too.
    const idem = `paid-${b.id}`;
    const moved = await svc.req<DocumentView>('POST', `/v1/documents/${b.id}/transition`, {
      token: sb.key,
      body: { to: 'paid' },
      idem,
    });
    assert.equal(moved.status, 202, moved.text);
    assert.equal(moved.body.payment?.id, first.payment.id);
    assert.deepEqual(moved.body, second.body);
    const replayed = await svc.req<DocumentView>('POST', `/v1/documents/${b.id}/transition`, {
      token: sb.key,
      body: { to: 'paid' },
      idem,
    });
    assert.equal(replayed.status, 202, replayed.text);
    assert.equal(replayed.headers['idempotent-replay'], 'true');
    // Concurrent pays while it is processing: all the same payment.
    const many = await Promise.all([1, 2, 3].map(() => pay(svc, sb.key, b.id)));
    for (const r of many) {
      assert.equal(r.status, 202, r.text);
      assert.equal(r.body.payment?.id, first.payment.id);
    }

    await settle(svc);
    const after = await pay(svc, sb.key, b.id);
    const err = errorOf(after, 409, 'conflict');
    assert.deepEqual(err.details?.allowed, []);
    assert.equal(err.details?.status, 'paid');
    assert.match(err.message, /nothing to pay/);
    errorOf(
      await svc.req('POST', `/v1/documents/${b.id}/transition`, { token: sb.key, body: { to: 'paid' } }),
      409,
      'conflict',
    );
    assert.equal((await transfersOf(svc, first.payment.id)).length, 1);
    const list = await svc.req<{ data: PaymentView[] }>('GET', `/v1/payments?document=${b.id}`, {
      token: sb.key,
    });
    assert.equal(list.body.data.length, 1, 'one payment, one charge');
    await assertLedgerInvariants(svc);
  });

  test('the same Idempotency-Key replays the original 202 byte for byte', async () => {
    const b = await bill(svc, sb.key, 12);
    const a = await pay(svc, sb.key, b.id, {}, 'pay-once-key-1');
    const r = await pay(svc, sb.key, b.id, {}, 'pay-once-key-1');
    assert.equal(a.status, 202);
    assert.equal(r.status, 202);
    assert.equal(r.headers['idempotent-replay'], 'true');
    assert.equal(r.text, a.text);
  });

  test('two settlements racing for one payment book it once', async () => {
    await settle(svc); // nothing else due
    const b = await bill(svc, sb.key, 21);
    const p = (await paid(svc, sb.key, b.id)).payment;
    const handled = await Promise.all([settle(svc), settle(svc), settle(svc)]);
    assert.equal(
      handled.reduce((a, n) => a + n, 0),
      1,
    );
    assert.equal((await transfersOf(svc, p.id)).length, 1);
    const settled = (await eventsFor(svc, sb.orgId, b.id)).filter((e) => e.type === 'payment.settled');
    assert.equal(settled.length, 1);
  });
});

describe('who may pay what', () => {
  test('only the payer: the issuer of an invoice gets 409 with details.allowed', async () => {
    // The sandbox organization issues an invoice to the demo counterparty; it cannot pay it.
    const created = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: sb.key,
      body: {
        connection_id: sb.connectionId,
        document_type: 'invoice',
        line_items: [{ description: 'x', quantity: 1, unit_price: 5, tax_rate: 0 }],
      },
    });
    assert.equal(created.status, 201, created.text);
    errorOf(await pay(svc, sb.key, created.body.id), 409, 'conflict'); // a draft
    await svc.req('POST', `/v1/documents/${created.body.id}/issue`, { token: sb.key });
    const err = errorOf(await pay(svc, sb.key, created.body.id), 409, 'conflict');
    assert.deepEqual(err.details?.allowed, ['void']);
    assert.match(err.message, /you issued this one/);
  });

  test('an unpayable type or state is 409 with the legal targets', async () => {
    const b = await bill(svc, sb.key, 9);
    const disputed = await svc.req<DocumentView>('POST', `/v1/documents/${b.id}/transition`, {
      token: sb.key,
      body: { to: 'disputed' },
    });
    assert.equal(disputed.status, 200, disputed.text);
    const err = errorOf(await pay(svc, sb.key, b.id), 409, 'conflict');
    assert.deepEqual(err.details?.allowed, ['acknowledged', 'approved']);
  });

  test('pay needs payments:write (insufficient_scope) and documents:write', async () => {
    const b = await bill(svc, sb.key, 8);
    const docsOnly = await keyOf(svc, sb, ['documents:read', 'documents:write']);
    let err = errorOf(await pay(svc, docsOnly.key, b.id), 403, 'insufficient_scope');
    assert.equal(err.details?.required, 'payments:write');
    err = errorOf(
      await svc.req('POST', `/v1/documents/${b.id}/transition`, {
        token: docsOnly.key,
        body: { to: 'paid' },
      }),
      403,
      'insufficient_scope',
    );
    assert.equal(err.details?.required, 'payments:write');
    const payOnly = await keyOf(svc, sb, ['payments:write', 'payments:read']);
    err = errorOf(await pay(svc, payOnly.key, b.id), 403, 'insufficient_scope');
    assert.equal(err.details?.required, 'documents:write');
    assert.equal((await getDoc(svc, sb.key, b.id)).payment, null);
  });

  test('bad requests: unknown method or field, foreign or wrong-currency source account, no Idempotency-Key', async () => {
    const b = await bill(svc, sb.key, 5);
    const acc = await accounts(svc, sb.key);
    const paths = async (body: Record<string, unknown>) =>
      (errorOf(await pay(svc, sb.key, b.id, body), 400, 'invalid_request').details?.errors ?? []).map(
        (e) => e.path,
      );
    assert.deepEqual(await paths({ payment_method: 'ach' }), ['payment_method']);
    assert.deepEqual(await paths({ source_account_id: acc.EUR!.id }), ['source_account_id']);
    assert.deepEqual(await paths({ source_account_id: 'acct_nope' }), ['source_account_id']);
    const other = await sandbox(svc, 'Other Practice');
    const theirs = await accounts(svc, other.key);
    assert.deepEqual(await paths({ source_account_id: theirs.USD!.id }), ['source_account_id']);
    errorOf(await pay(svc, sb.key, b.id, { scheduled_for: '2030-01-01' }), 400, 'invalid_request');
    errorOf(
      await svc.req('POST', `/v1/documents/${b.id}/pay`, { token: sb.key, body: {}, idem: null }),
      400,
      'invalid_request',
    );
    assert.equal((await getDoc(svc, sb.key, b.id)).status, 'approved');
    // Explicit method and account are fine.
    const ok = await paid(svc, sb.key, b.id, { payment_method: 'ledger', source_account_id: acc.USD!.id });
    assert.equal(ok.payment.source_account_id, acc.USD!.id);
  });

  test('another organization cannot see or pay the bill: 404', async () => {
    const b = await bill(svc, sb.key, 4);
    const other = await sandbox(svc, 'Nosy Practice');
    errorOf(await pay(svc, other.key, b.id), 404, 'not_found');
  });
});

describe('GET /v1/payments', () => {
  test('payer and payee see a payment; a third party gets 404; lists filter and walk with cursors', async () => {
    const b = await bill(svc, sb.key, 15);
    const p = (await paid(svc, sb.key, b.id)).payment;
    const one = await getPayment(svc, sb.key, p.id);
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body, p);
    const other = await sandbox(svc, 'Third Party');
    errorOf(await getPayment(svc, other.key, p.id), 404, 'not_found');
    errorOf(await getPayment(svc, sb.key, 'pay_doesnotexist'), 404, 'not_found');
    const empty = await svc.req<{ data: unknown[] }>('GET', `/v1/payments?document=${b.id}`, {
      token: other.key,
    });
    assert.deepEqual(empty.body.data, []);

    // The payee (the demo counterparty) sees it too: read its view through the document events.
    const payeeEvents = await eventsFor(svc, sb.demoId, b.id);
    const payeeDoc = (payeeEvents.at(-1)!.data as { document: DocumentView }).document;
    assert.equal(payeeDoc.payment?.id, p.id);
    assert.equal(payeeDoc.payment?.key_id, null);

    const readOnly = await keyOf(svc, sb, ['payments:read']);
    const processing = await svc.req<{ data: PaymentView[] }>('GET', '/v1/payments?status=processing', {
      token: readOnly.key,
    });
    assert.equal(processing.status, 200, processing.text);
    assert.ok(processing.body.data.every((x) => x.status === 'processing'));
    assert.ok(processing.body.data.some((x) => x.id === p.id));
    await settle(svc);

    // Walk everything two at a time: disjoint pages, newest first, the same set as one page.
    const all = await svc.req<{ data: PaymentView[] }>('GET', '/v1/payments?limit=100', { token: sb.key });
    const walked: PaymentView[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        status: number;
        text: string;
        body: { data: PaymentView[]; next_cursor: string | null };
      } = await svc.req(
        'GET',
        `/v1/payments?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        {
          token: sb.key,
        },
      );
      assert.equal(page.status, 200, page.text);
      walked.push(...page.body.data);
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.deepEqual(
      walked.map((x) => x.id),
      all.body.data.map((x) => x.id),
    );
    assert.ok(walked.length > 3);
    const sorted = [...walked].sort((x, y) =>
      x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : 0,
    );
    assert.deepEqual(
      walked.map((x) => x.created_at),
      sorted.map((x) => x.created_at),
    );
    // A cursor is bound to its filters.
    const first = await svc.req<{ next_cursor: string }>('GET', '/v1/payments?limit=1', { token: sb.key });
    errorOf(
      await svc.req(
        'GET',
        `/v1/payments?limit=1&status=settled&cursor=${encodeURIComponent(first.body.next_cursor)}`,
        {
          token: sb.key,
        },
      ),
      400,
      'invalid_request',
    );
    // payments:read is needed.
    const docsKey = await keyOf(svc, sb, ['documents:read']);
    errorOf(await svc.req('GET', '/v1/payments', { token: docsKey.key }), 403, 'insufficient_scope');
    errorOf(await getPayment(svc, docsKey.key, p.id), 403, 'insufficient_scope');
  });

  test('an admin session pays without a key: key_id is null', async () => {
    const b = await bill(svc, sb.key, 3);
    const started = await paid(svc, sb.session, b.id);
    assert.equal(started.payment.key_id, null);
    assert.ok(PAY_SCOPES.length > 0);
  });
});
