import { useState } from 'react';
import { docex } from '../api/client';
import type { TreasuryAccount } from '../api/types';
import { Empty, ErrorAlert, formatTime, Loading, LoadMore, Notice } from '../components/ui';
import { useAsync } from '../lib/hooks';
import { showMoney } from '../lib/locale';
import { usePaged } from '../lib/paged';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';

export function TreasuryPage() {
  usePageTitle('Treasury');
  const { session, features } = useApp();
  if (!features.has('treasury')) {
    return (
      <section>
        <h1 tabIndex={-1}>Treasury</h1>
        <Notice>Treasury reads are not available on this deployment.</Notice>
      </section>
    );
  }
  // Unverified organizations are refused (capability_unavailable): say so rather than ask.
  if (!session.organization.verified) {
    return (
      <section>
        <h1 tabIndex={-1}>Treasury</h1>
        <Notice>
          Treasury balances are available to verified organizations. {session.organization.name} is not
          verified yet. The <Link to="/sandbox">sandbox</Link> organization is verified and starts with
          practice money.
        </Notice>
      </section>
    );
  }
  return <Accounts />;
}

function Accounts() {
  const accounts = useAsync(
    () => docex.GET('/v1/treasury/accounts', { params: { query: { limit: 100 } } }),
    [],
  );
  const [open, setOpen] = useState<TreasuryAccount | null>(null);
  return (
    <section aria-labelledby="tr-title">
      <div className="page-head">
        <h1 id="tr-title" tabIndex={-1}>
          Treasury
        </h1>
        <button type="button" className="link" onClick={() => void accounts.reload()}>
          Refresh
        </button>
      </div>
      <ErrorAlert error={accounts.error} />
      {!accounts.data ? (
        accounts.loading ? (
          <Loading what="accounts" />
        ) : null
      ) : (
        <ul className="balances">
          {accounts.data.data.map((a) => (
            <li key={a.id} className="card balance">
              <h2>{a.name}</h2>
              <p className="amount" data-testid={`balance-${a.currency}`}>
                {showMoney(a.balance, a.currency)}
              </p>
              <p className="muted small">Available {showMoney(a.available, a.currency)}</p>
              <button
                type="button"
                className="link"
                aria-expanded={open?.id === a.id}
                onClick={() => setOpen(open?.id === a.id ? null : a)}
              >
                {open?.id === a.id ? 'Hide transactions' : 'Transactions'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? <Transactions account={open} /> : null}
    </section>
  );
}

function Transactions({ account }: { account: TreasuryAccount }) {
  const { features } = useApp();
  const list = usePaged(
    (cursor) =>
      docex.GET('/v1/treasury/accounts/{id}/transactions', {
        params: { path: { id: account.id }, query: { limit: 25, cursor } },
      }),
    [account.id],
  );
  if (!features.has('transactions')) return null;
  return (
    <section aria-labelledby="tx-title" className="panel">
      <h2 id="tx-title">{account.name}: transactions</h2>
      <ErrorAlert error={list.error} />
      {!list.loaded ? (
        <Loading what="transactions" />
      ) : list.rows.length === 0 ? (
        <Empty>No transactions.</Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  Balance after
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((t) => (
                <tr key={t.id}>
                  <td className="small">{formatTime(t.created_at)}</td>
                  <td>{t.description}</td>
                  <td className={t.amount < 0 ? 'num debit' : 'num credit'}>
                    {showMoney(t.amount, account.currency)}
                  </td>
                  <td className="num">{showMoney(t.balance_after, account.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} onMore={() => void list.more()} />
    </section>
  );
}
