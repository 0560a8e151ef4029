import { type ReactNode, useId, useState } from 'react';
import { appApi, endSessionRequests } from '../api/client';
import { useToReviewCount } from '../lib/captures-count';
import { useAction } from '../lib/hooks';
import { Link, navigate, useLocation } from '../router';
import { useApp } from '../session';
import { ErrorAlert } from './ui';

const NAV: {
  to: string;
  label: string;
  feature?: 'keys' | 'webhooks' | 'finance' | 'legalProfile' | 'inbound' | 'bankAccounts' | 'captures';
}[] = [
  { to: '/documents', label: 'Documents' },
  { to: '/documents/new', label: 'New document' },
  { to: '/inbound', label: 'Inbound', feature: 'inbound' },
  { to: '/captures', label: 'To review', feature: 'captures' },
  { to: '/connections', label: 'Customers & suppliers' },
  { to: '/keys', label: 'API keys', feature: 'keys' },
  { to: '/webhooks', label: 'Webhooks', feature: 'webhooks' },
  { to: '/treasury', label: 'Treasury' },
  { to: '/bank', label: 'Bank', feature: 'bankAccounts' },
  { to: '/finance', label: 'Finance', feature: 'finance' },
  { to: '/sandbox', label: 'Sandbox' },
  { to: '/organization', label: 'Legal profile', feature: 'legalProfile' },
];

function optionLabel(o: { name: string; environment: string }): string {
  // Sandbox organizations are named "<name> (sandbox)" already.
  return o.name.toLowerCase().includes(`(${o.environment})`) ? o.name : `${o.name} (${o.environment})`;
}

function OrganizationSwitcher() {
  const { session, setSession } = useApp();
  const action = useAction();
  const id = useId();
  if (session.organizations.length < 2) {
    return <span className="org-name">{session.organization.name}</span>;
  }
  const change = (organizationId: string) =>
    action.run(async () => {
      const next = await appApi('POST /switch', { body: { organization_id: organizationId } });
      setSession(next);
      navigate('/documents');
    });
  return (
    <div className="org-switcher">
      <label htmlFor={id}>Organization</label>
      <select
        id={id}
        value={session.organization.id}
        disabled={action.busy}
        onChange={(e) => void change(e.target.value)}
      >
        {session.organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
      <ErrorAlert error={action.error} />
    </div>
  );
}

/** The menu's count of captured invoices waiting for a person (lib/captures-count.ts). */
function ReviewCount({ count }: { count: string }) {
  return (
    <span className="nav-count" data-testid="to-review-count">
      {count}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { session, features, setSession } = useApp();
  const { path } = useLocation();
  const signOut = useAction();
  // At a phone's width the menu folds behind a button (CSS shows it only there): nine links would
  // wrap to four rows above every page. Following one of its links closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  const toReview = useToReviewCount(features.has('captures'));
  const sandbox = session.organization.environment === 'sandbox';
  const endSession = () =>
    void signOut.run(async () => {
      endSessionRequests();
      await appApi('POST /logout');
      setSession(null);
      navigate('/', { replace: true });
    });
  const current = (to: string) =>
    to === '/captures'
      ? path === to || path.startsWith('/captures/')
      : to === '/documents'
        ? path === '/' || (path.startsWith('/documents') && path !== '/documents/new')
        : path === to;
  return (
    <div className={sandbox ? 'shell env-sandbox' : 'shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/documents" className="brand">
          docex
        </Link>
        {sandbox ? (
          <span className="env-badge" title="Practice money, a demo counterparty">
            Sandbox
          </span>
        ) : (
          <span className="env-badge live">Live</span>
        )}
        <OrganizationSwitcher />
        <span className="spacer" />
        <button
          type="button"
          className="secondary menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((v) => !v)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        <span className="muted user-email">{session.user.email}</span>
        <button type="button" className="secondary sign-out" disabled={signOut.busy} onClick={endSession}>
          Sign out
        </button>
      </header>
      <div className="body">
        <nav aria-label="Main" className={menuOpen ? 'sidenav open' : 'sidenav'}>
          <ul id="main-menu">
            {NAV.filter((n) => !n.feature || features.has(n.feature)).map((n) => (
              <li key={n.to}>
                <Link
                  to={n.to}
                  aria-current={current(n.to) ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {n.label}
                  {n.to === '/captures' && toReview && toReview !== '0' ? (
                    <ReviewCount count={toReview} />
                  ) : null}
                </Link>
              </li>
            ))}
            {/* At a phone's width Sign out lives in the menu, so the header stays one row. */}
            <li className="menu-only">
              <button type="button" className="link" disabled={signOut.busy} onClick={endSession}>
                Sign out ({session.user.email})
              </button>
            </li>
          </ul>
        </nav>
        <main id="main">
          <ErrorAlert error={signOut.error} />
          {children}
        </main>
      </div>
    </div>
  );
}
