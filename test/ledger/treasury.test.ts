// Treasury reads and the operator's top-up, through the HTTP API (CONTRACT 1 and 4).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, mintKey, operator, type SignedUp, signup } from '../helpers/flows.ts';
import { OPERATOR_TOKEN, randomKey, startTestService, type TestService } from '../helpers/harness.ts';
import { assertLedgerInvariants } from './helpers.ts';

interface Account {
  id: string;
  name: string;
  currency: string;
  balance: number;
  available: number;
}
interface Txn {
  id: string;
  account_id: string;
  amount: number;
  balance_after: number;
  payment_id: string | null;
  description: string;
  created_at: string;
}
interface List<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

async function verified(name = 'Verified'): Promise<SignedUp> {
  const org = await signup(svc, name);
  const res = await operator(svc, 'POST', `/v1/operator/organizations/${org.orgId}/verify`);
  assert.equal(res.status, 200, res.text);
  return org;
}

async function accounts(token: string, query = ''): Promise<Account[]> {
  const res = await svc.req<List<Account>>('GET', `/v1/treasury/accounts${query}`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

function byCurrency(list: Account[]): Record<string, Account> {
  return Object.fromEntries(list.map((a) => [a.currency, a]));
}

async function fund(orgId: string, currency: string, amount: unknown, idem?: string) {
  return svc.req<Account>('POST', `/v1/operator/organizations/${orgId}/fund`, {
    token: OPERATOR_TOKEN,
    body: { currency, amount },
    ...(idem ? { idem } : {}),
  });
}

describe('accounts are opened with the organization', () => {
  test('a live organization has one account per currency, at zero', async () => {
    const org = await verified('Live Co');
    const list = await accounts(org.session);
    assert.deepEqual(list.map((a) => a.currency).sort(), ['CAD', 'EUR', 'GBP', 'USD']);
    for (const a of list) {
      assert.match(a.id, /^acct_[0-9A-Za-z]{22}$/);
      assert.deepEqual(Object.keys(a).sort(), ['available', 'balance', 'currency', 'id', 'name']);
      assert.equal(a.balance, 0);
      assert.equal(a.available, 0);
      assert.equal(a.name, `${a.currency} treasury`);
    }
    const txns = await svc.req<List<Txn>>('GET', `/v1/treasury/accounts/${list[0]!.id}/transactions`, {
      token: org.session,
    });
    assert.equal(txns.status, 200);
    assert.deepEqual(txns.body, { data: [], next_cursor: null, has_more: false });
  });

  test('sandbox organizations (and the demo counterparty) start with 1,000,000.00 per currency, booked as opening entries', async () => {
    const parent = await signup(svc, 'Parent');
    const sb = await svc.req<{
      organization: { id: string };
      counterparty: { id: string };
      session: { token: string };
    }>('POST', '/v1/sandbox', { token: parent.session });
    assert.equal(sb.status, 201, sb.text);
    const token = sb.body.session.token;
    const list = await accounts(token);
    assert.equal(list.length, 4);
    for (const a of list) {
      assert.equal(a.balance, 1000000);
      assert.equal(a.available, 1000000);
      const txns = await svc.req<List<Txn>>('GET', `/v1/treasury/accounts/${a.id}/transactions`, { token });
      assert.equal(txns.body.data.length, 1);
      const opening = txns.body.data[0]!;
      assert.equal(opening.amount, 1000000);
      assert.equal(opening.balance_after, 1000000);
      assert.equal(opening.account_id, a.id);
      assert.equal(opening.payment_id, null);
      assert.match(opening.id, /^txn_/);
    }
    const demo = await svc.ctx.db
      .selectFrom('ledger_accounts')
      .select(['currency', 'balance', 'environment'])
      .where('organization_id', '=', sb.body.counterparty.id)
      .execute();
    assert.equal(demo.length, 4);
    for (const a of demo) {
      assert.equal(a.balance, '1000000.00');
      assert.equal(a.environment, 'sandbox');
    }
    // Provisioning again returns the same pair: no second opening balance.
    const again = await svc.req('POST', '/v1/sandbox', { token: parent.session });
    assert.equal(again.status, 201);
    assert.deepEqual(
      (await accounts(token)).map((a) => a.balance),
      [1000000, 1000000, 1000000, 1000000],
    );
    await assertLedgerInvariants(svc);
  });
});

describe('treasury reads are gated', () => {
  test('an unverified organization gets capability_unavailable, never an empty list', async () => {
    const org = await signup(svc, 'Unverified');
    const key = await mintKey(svc, org.session, ['treasury:read']);
    const res = await svc.req('GET', '/v1/treasury/accounts', { token: key.key });
    expectError(res, 403, 'capability_unavailable');
    expectError(
      await svc.req('GET', '/v1/treasury/accounts', { token: org.session }),
      403,
      'capability_unavailable',
    );
    const acct = await svc.ctx.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('organization_id', '=', org.orgId)
      .executeTakeFirstOrThrow();
    expectError(
      await svc.req('GET', `/v1/treasury/accounts/${acct.id}/transactions`, { token: key.key }),
      403,
      'capability_unavailable',
    );
    expectError(
      await svc.req('GET', `/v1/treasury/accounts/${acct.id}`, { token: key.key }),
      403,
      'capability_unavailable',
    );

    // Verification by the operator opens the family to the same key.
    const v = await operator(svc, 'POST', `/v1/operator/organizations/${org.orgId}/verify`);
    assert.equal(v.status, 200);
    const ok = await svc.req<List<Account>>('GET', '/v1/treasury/accounts', { token: key.key });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.data.length, 4);
  });

  test('a key without treasury:read gets insufficient_scope', async () => {
    const org = await verified('Scoped');
    const key = await mintKey(svc, org.session, ['documents:read', 'payments:read']);
    const res = await svc.req<{ error: { details: { required: string } } }>('GET', '/v1/treasury/accounts', {
      token: key.key,
    });
    expectError(res, 403, 'insufficient_scope');
    assert.equal(res.body.error.details.required, 'treasury:read');
  });

  test('no credential is unauthorized', async () => {
    expectError(await svc.req('GET', '/v1/treasury/accounts'), 401, 'unauthorized');
  });

  test("another organization's account is not_found", async () => {
    const a = await verified('Mine');
    const b = await verified('Theirs');
    const theirs = byCurrency(await accounts(b.session)).USD!;
    expectError(
      await svc.req('GET', `/v1/treasury/accounts/${theirs.id}`, { token: a.session }),
      404,
      'not_found',
    );
    expectError(
      await svc.req('GET', `/v1/treasury/accounts/${theirs.id}/transactions`, { token: a.session }),
      404,
      'not_found',
    );
    expectError(
      await svc.req('GET', '/v1/treasury/accounts/acct_doesnotexist0000000000/transactions', {
        token: a.session,
      }),
      404,
      'not_found',
    );
    // System accounts are nobody's.
    expectError(
      await svc.req('GET', '/v1/treasury/accounts/acct_external_live_usd/transactions', { token: a.session }),
      404,
      'not_found',
    );
  });

  test('the currency filter', async () => {
    const org = await verified('Filter');
    const eur = await accounts(org.session, '?currency=EUR');
    assert.deepEqual(
      eur.map((a) => a.currency),
      ['EUR'],
    );
    expectError(
      await svc.req('GET', '/v1/treasury/accounts?currency=JPY', { token: org.session }),
      400,
      'invalid_request',
    );
  });
});

describe('the family switch', () => {
  test('DOCEX_FAMILIES_DISABLED=treasury answers not_enabled', async () => {
    const off = await startTestService({ DOCEX_FAMILIES_DISABLED: 'treasury' });
    try {
      const res = await off.req('GET', '/v1/treasury/accounts', { token: 'whatever' });
      expectError(res, 403, 'not_enabled');
      expectError(await off.req('GET', '/v1/treasury/accounts/acct_x/transactions'), 403, 'not_enabled');
    } finally {
      await off.close();
    }
  });
});

describe('POST /v1/operator/organizations/{id}/fund', () => {
  test('credits the account from the external account, as double entry', async () => {
    const org = await verified('Funded');
    const res = await fund(org.orgId, 'USD', 1234.5);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.currency, 'USD');
    assert.equal(res.body.balance, 1234.5);
    assert.equal(res.body.available, 1234.5);
    const again = await fund(org.orgId, 'USD', 0.05);
    assert.equal(again.body.balance, 1234.55);

    const usd = byCurrency(await accounts(org.session)).USD!;
    assert.equal(usd.id, res.body.id);
    assert.equal(usd.balance, 1234.55);
    assert.equal(byCurrency(await accounts(org.session)).EUR!.balance, 0);

    const txns = await svc.req<List<Txn>>('GET', `/v1/treasury/accounts/${usd.id}/transactions`, {
      token: org.session,
    });
    assert.deepEqual(
      txns.body.data.map((t) => [t.amount, t.balance_after, t.payment_id]),
      [
        [0.05, 1234.55, null],
        [1234.5, 1234.5, null],
      ],
    );
    // The other side of each entry is on the live external account.
    const entries = await svc.ctx.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_transactions as o', (j) =>
        j.onRef('o.transfer_id', '=', 't.transfer_id').onRef('o.id', '<>', 't.id'),
      )
      .select(['o.account_id', 'o.amount', 'o.balance_after'])
      .where('t.account_id', '=', usd.id)
      .execute();
    assert.equal(entries.length, 2);
    for (const e of entries) {
      assert.equal(e.account_id, 'acct_external_live_usd');
      assert.ok(Number(e.amount) < 0);
      assert.equal(e.balance_after, null);
    }
    await assertLedgerInvariants(svc);
  });

  test('needs the operator token', async () => {
    const org = await signup(svc, 'NoOp');
    const body = { currency: 'USD', amount: 10 };
    expectError(
      await svc.req('POST', `/v1/operator/organizations/${org.orgId}/fund`, { body }),
      401,
      'unauthorized',
    );
    expectError(
      await svc.req('POST', `/v1/operator/organizations/${org.orgId}/fund`, { body, token: org.session }),
      401,
      'unauthorized',
    );
    const key = await mintKey(svc, org.session, ['treasury:read']);
    expectError(
      await svc.req('POST', `/v1/operator/organizations/${org.orgId}/fund`, { body, token: key.key }),
      401,
      'unauthorized',
    );
  });

  test('validates currency and amount', async () => {
    const org = await signup(svc, 'Validate');
    const cases: [unknown, string][] = [
      [{ currency: 'USD', amount: 0 }, 'amount'],
      [{ currency: 'USD', amount: -5 }, 'amount'],
      [{ currency: 'USD', amount: 1.005 }, 'amount'],
      [{ currency: 'USD', amount: '10.00' }, 'amount'],
      [{ currency: 'USD', amount: 1e15 }, 'amount'],
      [{ currency: 'USD', amount: 1e-7 }, 'amount'],
      [{ currency: 'JPY', amount: 10 }, 'currency'],
      [{ amount: 10 }, 'currency'],
      [{ currency: 'USD' }, 'amount'],
      [{ currency: 'USD', amount: 10, note: 'x' }, 'note'],
    ];
    for (const [body, path] of cases) {
      const res = await svc.req<{ error: { details: { errors: { path: string }[] } } }>(
        'POST',
        `/v1/operator/organizations/${org.orgId}/fund`,
        { token: OPERATOR_TOKEN, body },
      );
      expectError(res, 400, 'invalid_request');
      assert.ok(
        res.body.error.details.errors.some((e) => e.path === path),
        `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`,
      );
    }
    expectError(
      await svc.req('POST', `/v1/operator/organizations/${org.orgId}/fund`, {
        token: OPERATOR_TOKEN,
        body: { currency: 'USD', amount: 10 },
        idem: null,
      }),
      400,
      'invalid_request',
    );
    const count = await svc.ctx.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_accounts as a', 'a.id', 't.account_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.organization_id', '=', org.orgId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0, 'nothing was booked');
  });

  test('an unknown organization is not_found', async () => {
    expectError(await fund('org_doesnotexist000000000000', 'USD', 10), 404, 'not_found');
  });

  test('a replay with the same Idempotency-Key books once', async () => {
    const org = await signup(svc, 'Replay');
    const idem = randomKey();
    const first = await fund(org.orgId, 'CAD', 50, idem);
    const second = await fund(org.orgId, 'CAD', 50, idem);
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.equal(second.headers['idempotent-replay'], 'true');
    assert.equal(second.text, first.text);
    const row = await svc.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', first.body.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.balance, '50.00');
  });

  test('a sandbox organization is topped up from the sandbox external account', async () => {
    const parent = await signup(svc, 'SbParent');
    const sb = await svc.req<{ organization: { id: string } }>('POST', '/v1/sandbox', {
      token: parent.session,
    });
    const res = await fund(sb.body.organization.id, 'GBP', 10);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.balance, 1000010);
    const other = await svc.ctx.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_transactions as o', (j) =>
        j.onRef('o.transfer_id', '=', 't.transfer_id').onRef('o.id', '<>', 't.id'),
      )
      .select('o.account_id')
      .where('t.account_id', '=', res.body.id)
      .execute();
    assert.deepEqual(
      other.map((o) => o.account_id),
      ['acct_external_sandbox_gbp', 'acct_external_sandbox_gbp'],
    );
  });
});

describe('transactions pagination', () => {
  test('newest first, disjoint pages, cursors bound to the account', async () => {
    const org = await verified('Pages');
    const usd = byCurrency(await accounts(org.session)).USD!;
    for (let i = 1; i <= 25; i++) {
      const r = await fund(org.orgId, 'USD', i);
      assert.equal(r.status, 200, r.text);
    }
    const seen: Txn[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=10&cursor=${encodeURIComponent(cursor)}` : '?limit=10';
      const res = await svc.req<List<Txn>>('GET', `/v1/treasury/accounts/${usd.id}/transactions${q}`, {
        token: org.session,
      });
      assert.equal(res.status, 200, res.text);
      pages += 1;
      assert.equal(res.body.has_more, res.body.next_cursor !== null);
      seen.push(...res.body.data);
      cursor = res.body.next_cursor;
    } while (cursor);
    assert.equal(pages, 3);
    assert.equal(seen.length, 25);
    assert.equal(new Set(seen.map((t) => t.id)).size, 25);
    assert.deepEqual(
      seen.map((t) => t.amount),
      Array.from({ length: 25 }, (_, i) => 25 - i),
    );
    // Each balance_after is the next older one plus this amount; the newest is the balance.
    assert.equal(seen[0]!.balance_after, 325);
    for (let i = 0; i < seen.length - 1; i++) {
      assert.equal(seen[i]!.balance_after, seen[i + 1]!.balance_after + seen[i]!.amount);
    }
    for (let i = 0; i < seen.length - 1; i++) assert.ok(seen[i]!.created_at >= seen[i + 1]!.created_at);

    const first = await svc.req<List<Txn>>('GET', `/v1/treasury/accounts/${usd.id}/transactions?limit=1`, {
      token: org.session,
    });
    const c = first.body.next_cursor!;
    // A cursor is tied to its account and organization.
    const eur = byCurrency(await accounts(org.session)).EUR!;
    expectError(
      await svc.req('GET', `/v1/treasury/accounts/${eur.id}/transactions?cursor=${encodeURIComponent(c)}`, {
        token: org.session,
      }),
      400,
      'invalid_request',
    );
    expectError(
      await svc.req(
        'GET',
        `/v1/treasury/accounts/${usd.id}/transactions?cursor=${encodeURIComponent(`${c}x`)}`,
        {
          token: org.session,
        },
      ),
      400,
      'invalid_request',
    );
    expectError(
      await svc.req('GET', `/v1/treasury/accounts/${usd.id}/transactions?limit=101`, { token: org.session }),
      400,
      'invalid_request',
    );
    expectError(
      await svc.req('GET', `/v1/treasury/accounts/${usd.id}/transactions?since=2020-01-01`, {
        token: org.session,
      }),
      400,
      'invalid_request',
    );
  });

  test('accounts list pages too', async () => {
    const org = await verified('AcctPages');
    const p1 = await svc.req<List<Account>>('GET', '/v1/treasury/accounts?limit=3', { token: org.session });
    assert.equal(p1.body.data.length, 3);
    assert.equal(p1.body.has_more, true);
    const p2 = await svc.req<List<Account>>(
      'GET',
      `/v1/treasury/accounts?limit=3&cursor=${encodeURIComponent(p1.body.next_cursor!)}`,
      { token: org.session },
    );
    assert.equal(p2.status, 200, p2.text);
    assert.equal(p2.body.data.length, 1);
    assert.equal(p2.body.has_more, false);
    assert.equal(new Set([...p1.body.data, ...p2.body.data].map((a) => a.currency)).size, 4);
  });
});
