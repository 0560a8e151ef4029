import { useCallback, useEffect, useState } from 'react';
import { appApi, describeError, onUnauthorized, type SessionState, type SignedInState } from './api/client';
import { type Features, loadFeatures } from './api/features';
import { Layout } from './components/Layout';
import { OrganizationLocale } from './components/OrganizationLocale';
import { BankPage } from './pages/Bank';
import { CaptureReviewPage } from './pages/CaptureReview';
import { CapturesPage } from './pages/Captures';
import { ClaimPage } from './pages/Claim';
import { ConnectionsPage } from './pages/Connections';
import { DocumentPage } from './pages/DocumentPage';
import { DocumentsPage } from './pages/Documents';
import { DraftEditor } from './pages/DraftEditor';
import { FinancePage } from './pages/Finance';
import { InboundPage } from './pages/Inbound';
import { KeysPage } from './pages/Keys';
import { LegalProfilePage } from './pages/LegalProfile';
import { PartyPage } from './pages/PartyPage';
import { SandboxPage } from './pages/Sandbox';
import { SignInPage, SignUpPage } from './pages/SignIn';
import { TreasuryPage } from './pages/Treasury';
import { WebhooksPage } from './pages/Webhooks';
import { match, navigate, useLocation } from './router';
import { AppContext } from './session';

function Routes() {
  const { path } = useLocation();
  if (path === '/' || path === '/documents') return <DocumentsPage />;
  if (path === '/documents/new') return <DraftEditor />;
  let m = match('/documents/:id/edit', path);
  if (m) return <DraftEditor id={m.id!} />;
  m = match('/documents/:id', path);
  if (m) return <DocumentPage id={m.id!} />;
  if (path === '/connections') return <ConnectionsPage />;
  m = match('/connections/:id', path);
  if (m) return <PartyPage id={m.id!} />;
  if (path === '/keys') return <KeysPage />;
  if (path === '/webhooks') return <WebhooksPage />;
  if (path === '/treasury') return <TreasuryPage />;
  if (path === '/inbound') return <InboundPage />;
  if (path === '/captures') return <CapturesPage />;
  m = match('/captures/:id', path);
  if (m) return <CaptureReviewPage id={m.id!} />;
  if (path === '/bank') return <BankPage />;
  if (path === '/finance') return <FinancePage />;
  if (path === '/sandbox') return <SandboxPage />;
  if (path === '/organization') return <LegalProfilePage />;
  if (path === '/claim') return <ClaimPage />;
  return (
    <section>
      <h1 tabIndex={-1}>Not found</h1>
      <p>There is no page at this address.</p>
    </section>
  );
}

export function App() {
  const [session, setSession] = useState<SessionState | null>(null);
  const [features, setFeatures] = useState<Features | null>(null);
  const [error, setError] = useState<unknown>();
  const { path } = useLocation();

  const load = useCallback(async () => {
    try {
      const [s, f] = await Promise.all([appApi('GET /session'), loadFeatures()]);
      setSession(s);
      setFeatures(f);
    } catch (err) {
      setError(err);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // The session ended under us (expired, or signed out in another tab): back to the sign-in form.
  useEffect(
    () =>
      onUnauthorized(() => {
        void appApi('GET /session').then(setSession, setError);
      }),
    [],
  );

  if (error) {
    return (
      <main className="centered">
        <div className="alert alert-error" role="alert">
          The app could not reach the service: {describeError(error)}
        </div>
      </main>
    );
  }
  if (!session || !features) {
    return (
      <main className="centered">
        <p role="status">Loading…</p>
      </main>
    );
  }
  if (!session.signed_in) {
    // A deep link opened while signed out shows its page once signed in.
    const onSignedIn = (s: SignedInState) => {
      setSession(s);
      if (path === '/signup' || path === '/') navigate('/documents', { replace: true });
    };
    return path === '/signup' && session.signup_open ? (
      <SignUpPage onSignedIn={onSignedIn} />
    ) : (
      <SignInPage onSignedIn={onSignedIn} signupOpen={session.signup_open} />
    );
  }
  const setSignedIn = (next: SignedInState | null) => {
    if (next) setSession(next);
    else setSession({ signed_in: false, signup_open: session.signup_open });
  };
  return (
    <AppContext.Provider value={{ session, features, setSession: setSignedIn }}>
      {/* A new organization is a new world: remount every page so nothing of the other one shows. */}
      <Layout key={session.organization.id}>
        <OrganizationLocale>
          <Routes />
        </OrganizationLocale>
      </Layout>
    </AppContext.Provider>
  );
}
